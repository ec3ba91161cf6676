/* tools/people/policy-fit: the cache of rated games' positions, and the policy network's training (see people_fit.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "tools/people/people_fit.h"

/* A width limit as text, so that the message cannot say another number than the check. */
#define WIDTH_TEXT_(n) #n
#define WIDTH_TEXT(n) WIDTH_TEXT_(n)

static void usage(void)
{
	fprintf(stderr,
	        "usage: policy-fit extract OUT.bin PGN... [--games N]   (every position; file i gets index i)\n"
	        "       policy-fit train CACHE.bin... --out NET.bin --checkpoint CK [options]\n"
	        "       policy-fit measure CACHE.bin... --out NET.bin   (its matches on the report part)\n"
	        "       policy-fit join A.bin B.bin --out NET.bin [--name NAME]   (one net giving the mean of their logits)\n"
	        "  --hidden N     hidden units (default 64; a multiple of 8 up to 512)\n"
	        "  --epochs N     train until N epochs are done (default 6)\n"
	        "  --batch N      positions per step (default 1024)\n"
	        "  --lr F         Adam's step (default 0.002); --lr-decay F: times F after each epoch (default 0.7)\n"
	        "  --threads N    (default 2)\n"
	        "  --max-positions N  fit on at most N positions\n"
	        "  --name NAME    the net's name in its file (default people-policy)\n"
	        "  --seed N       (default 20261125)\n"
	        "  --resume       go on from --checkpoint\n"
	        "  --init NET.bin start from that network's weights (its hidden units) instead of random ones\n"
	        "  --ratings LO-HI  fit only the positions of movers rated LO to HI (a network for those ratings)\n");
}

static int extract(int argc, char **argv)
{
	const char *pgns[16];
	int npgns = 0, games = 0;
	for (int i = 3; i < argc; i++) {
		if (!strcmp(argv[i], "--games") && i + 1 < argc)
			games = atoi(argv[++i]);
		else if (argv[i][0] != '-' && npgns < 16)
			pgns[npgns++] = argv[i];
		else {
			usage();
			return 2;
		}
	}
	if (!npgns) {
		usage();
		return 2;
	}
	return people_extract(argv[2], pgns, npgns, games);
}

static int train(int argc, char **argv, bool measure_only)
{
	const char *caches[16];
	struct people_train_options o = { .caches = caches, .name = "people-policy", .hidden = 64, .epochs = 6,
		                          .batch = 1024, .threads = 2, .lr = 0.002f, .lr_decay = 0.7f, .seed = 20261125 };
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--resume")) {
			o.resume = true;
			continue;
		}
		if (a[0] != '-') {
			if (o.ncaches == 16) {
				usage();
				return 2;
			}
			caches[o.ncaches++] = a;
			continue;
		}
		if (!v) {
			fprintf(stderr, "policy-fit: %s needs a value\n", a);
			return 2;
		}
		if (!strcmp(a, "--out")) o.out = v;
		else if (!strcmp(a, "--checkpoint")) o.checkpoint = v;
		else if (!strcmp(a, "--name")) o.name = v;
		else if (!strcmp(a, "--hidden")) o.hidden = atoi(v);
		else if (!strcmp(a, "--epochs")) o.epochs = atoi(v);
		else if (!strcmp(a, "--batch")) o.batch = atoi(v);
		else if (!strcmp(a, "--threads")) o.threads = atoi(v);
		else if (!strcmp(a, "--lr")) o.lr = strtof(v, NULL);
		else if (!strcmp(a, "--lr-decay")) o.lr_decay = strtof(v, NULL);
		else if (!strcmp(a, "--seed")) o.seed = strtoull(v, NULL, 10);
		else if (!strcmp(a, "--max-positions")) o.max_positions = strtoull(v, NULL, 10);
		else if (!strcmp(a, "--init")) o.init = v;
		else if (!strcmp(a, "--ratings")) {
			if (sscanf(v, "%d-%d", &o.rating_lo, &o.rating_hi) != 2 || o.rating_lo < 0 || o.rating_hi < o.rating_lo) {
				fprintf(stderr, "policy-fit: --ratings wants LO-HI, such as 800-1399, not '%s'\n", v);
				return 2;
			}
		} else {
			fprintf(stderr, "policy-fit: unknown option %s\n", a);
			return 2;
		}
		i++;
	}
	bool hidden_ok = o.hidden >= PP_HIDDEN_MIN && o.hidden <= PP_HIDDEN_MAX && o.hidden % 8 == 0;
	const char *bad = !o.ncaches ? "no cache to train on" : !o.out ? "--out is required"
	                  : !o.checkpoint && !measure_only ? "--checkpoint is required"
	                  : !hidden_ok ? "--hidden: a multiple of 8 from 8 to " WIDTH_TEXT(PP_HIDDEN_MAX)
	                  : o.batch < 1 ? "--batch must be positive"
	                  : o.threads < 1 || o.threads > 64 ? "--threads: 1 to 64"
	                  : !(o.lr > 0) ? "--lr must be positive"
	                  : strlen(o.name) > PP_NAME_LEN ? "--name: at most 32 characters" : NULL;
	if (bad) {
		fprintf(stderr, "policy-fit: %s\n", bad);
		return 2;
	}
	return measure_only ? people_measure(&o) : people_train(&o);
}

/* Two nets (of different seeds, say) as one whose logits are the mean of theirs: an ensemble the program runs as one net. */
static int join(int argc, char **argv)
{
	const char *out = NULL, *name = "people-policy";
	for (int i = 4; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--out"))
			out = argv[i + 1];
		else if (!strcmp(argv[i], "--name"))
			name = argv[i + 1];
		else
			break;
	}
	if (argc < 6 || argc % 2 || !out || strlen(name) > PP_NAME_LEN) {
		usage();
		return 2;
	}
	struct pp_net a, b, j;
	char err[512];
	if (!pp_load(&a, argv[2], err, sizeof err) || !pp_load(&b, argv[3], err, sizeof err)) {
		fprintf(stderr, "policy-fit: %s\n", err);
		return 1;
	}
	bool ok = pp_join(&j, &a, &b, name);
	if (!ok)
		fprintf(stderr, "policy-fit: %d and %d hidden units make more than %d (or out of memory)\n", a.hidden,
		        b.hidden, PP_HIDDEN_MAX);
	bool written = ok && people_write_net(&j, out);
	if (written)
		printf("policy-fit: %s: '%s', %d hidden units (%s and %s)\n", out, name, j.hidden, a.name, b.name);
	if (ok)
		pp_free(&j);
	pp_free(&a);
	pp_free(&b);
	return written ? 0 : 1;
}

int main(int argc, char **argv)
{
	engine_init();
	if (argc >= 3 && !strcmp(argv[1], "extract"))
		return extract(argc, argv);
	if (argc >= 3 && !strcmp(argv[1], "join"))
		return join(argc, argv);
	if (argc >= 3 && (!strcmp(argv[1], "train") || !strcmp(argv[1], "measure")))
		return train(argc, argv, !strcmp(argv[1], "measure"));
	usage();
	return 2;
}
