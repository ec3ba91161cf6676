/*
 * The people's policy network: its weights file written and read back, every
 * fault of a file refused with its offset and the reason, the board seen
 * alike from either side, and a level that plays by it choosing legal moves,
 * the same ones again for the same draws.
 */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "people/human_level.h"
#include "people/human_model.h"
#include "people/policy.h"
#include "rules/movegen.h"
#include "helpers.h"

TestSuite(people_policy, .init = position_init);

/* A net of 16 units with weights from a fixed generator, as a file's bytes. */
static struct pp_net small_net(float *p)
{
	struct pp_net net = { .name = "test-net" };
	pp_views(&net, 16, p);
	uint64_t s = 12345;
	for (size_t i = 0; i < net.count; i++) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		p[i] = ((float)(s >> 40) / (float)(1 << 24) - 0.5f) * 0.5f;
	}
	return net;
}

static float *net_floats(void) { return malloc(pp_count(16) * sizeof(float)); }

Test(people_policy, a_written_net_reads_back_within_its_rounding)
{
	float *p = net_floats();
	struct pp_net net = small_net(p), back;
	uint8_t *bytes;
	size_t size;
	char err[256];
	cr_assert(pp_write(&net, &bytes, &size));
	cr_assert(pp_read(&back, bytes, size, "mem", err, sizeof err), "%s", err);
	cr_assert_eq(back.hidden, 16);
	cr_assert_str_eq(back.name, "test-net");
	for (size_t i = 0; i < net.count; i++)
		cr_assert(fabsf(back.p[i] - p[i]) < 1e-4f, "weight %zu: %g read back as %g", i, p[i], back.p[i]);
	pp_free(&back);
	free(bytes), free(p);
}

/* Two nets joined give the mean of their logits on every legal move, at every rating. */
Test(people_policy, two_joined_nets_give_the_mean_of_their_logits)
{
	float *pa = net_floats(), *pb = net_floats();
	struct pp_net a = small_net(pa), b = small_net(pb), j;
	for (size_t i = 0; i < b.count; i++) /* another net: each weight moved by a rule of its index */
		pb[i] = 0.7f * pb[i] + 0.01f * (float)((i * 7919) % 13) - 0.06f;
	cr_assert(pp_join(&j, &a, &b, "joined"));
	cr_assert_eq(j.hidden, 32);
	cr_assert_str_eq(j.name, "joined");
	struct position *pos = test_position("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
	move_t moves[MAX_MOVES];
	int n = generate_legal(pos, moves);
	for (int rating = 700; rating <= 2500; rating += 300) {
		float la[MAX_MOVES], lb[MAX_MOVES], lj[MAX_MOVES];
		pp_logits(&a, pos, rating, moves, n, la);
		pp_logits(&b, pos, rating, moves, n, lb);
		pp_logits(&j, pos, rating, moves, n, lj);
		for (int i = 0; i < n; i++)
			cr_expect(fabsf(lj[i] - 0.5f * (la[i] + lb[i])) < 1e-4f, "rating %d, move %d: %g, not the mean of %g and %g",
			          rating, i, lj[i], la[i], lb[i]);
	}
	struct pp_net wide = j, too_wide;
	wide.hidden = PP_HIDDEN_MAX; /* only its width is read before the refusal */
	cr_expect_not(pp_join(&too_wide, &wide, &a, "too wide"), "joined past PP_HIDDEN_MAX units");
	test_free(pos);
	pp_free(&j);
	free(pa), free(pb);
}

static uint32_t fnv(const uint8_t *d, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ d[i]) * 16777619u;
	return h;
}

/* The file's checksum made right again after a change, so that the change itself is what is refused. */
static void reseal(uint8_t *d, size_t n)
{
	uint32_t h = fnv(d + 72, n - 72);
	for (int i = 0; i < 4; i++)
		d[64 + i] = (uint8_t)(h >> (8 * i));
}

static void expect_refused(const uint8_t *d, size_t n, const char *offset, const char *why)
{
	struct pp_net net;
	char err[256];
	cr_expect_not(pp_read(&net, d, n, "net.bin", err, sizeof err), "accepted; expected %s", why);
	cr_expect(strstr(err, "net.bin: offset ") && strstr(err, offset) && strstr(err, why), "got '%s', want %s and %s",
	          err, offset, why);
}

Test(people_policy, every_fault_of_a_file_is_refused_with_its_offset)
{
	float *p = net_floats();
	struct pp_net net = small_net(p);
	uint8_t *good, *d;
	size_t n;
	cr_assert(pp_write(&net, &good, &n));
	d = malloc(n + 1);
	expect_refused(good, 40, "offset 40", "truncated");
	expect_refused(good, n - 1, "offset", "truncated: the weights end early");
	memcpy(d, good, n), d[n] = 0;
	expect_refused(d, n + 1, "offset", "bytes after the last weight");
	memcpy(d, good, n), d[0] = 'X';
	expect_refused(d, n, "offset 0", "not a people policy file");
	memcpy(d, good, n), d[8] = 1;
	expect_refused(d, n, "offset 8", "does not read (not 2)");
	memcpy(d, good, n), d[12] ^= 1;
	expect_refused(d, n, "offset 12", "wrong shape");
	memcpy(d, good, n), d[16] = 7;
	expect_refused(d, n, "offset 16", "wrong shape: 7 hidden units");
	memcpy(d, good, n), d[24] = 9;
	expect_refused(d, n, "offset 24", "wrong shape: 9 move facts");
	memcpy(d, good, n), d[100] ^= 0x40;
	expect_refused(d, n, "offset 64", "checksum");
	/* The first array's scale made NaN (its bits at 72), the checksum made right. */
	const float nan_value = NAN;
	memcpy(d, good, n), memcpy(d + 72, &nan_value, 4), reseal(d, n);
	expect_refused(d, n, "offset 72", "NaN");
	const float huge = 1.0f;
	memcpy(d, good, n), memcpy(d + 72, &huge, 4), reseal(d, n);
	expect_refused(d, n, "offset 72", "pass +-1000");
	free(d), free(good), free(p);
}

Test(people_policy, the_board_is_seen_alike_from_either_side)
{
	/* A position and its colour mirror (ranks turned over, colours swapped): the same moves get the same logits. */
	struct position *w = test_position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
	struct position *b = test_position("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
	float *p = net_floats();
	struct pp_net net = small_net(p);
	move_t lw[MAX_MOVES], lb[MAX_MOVES];
	float zw[MAX_MOVES], zb[MAX_MOVES];
	int n = generate_legal(w, lw);
	cr_assert_eq(generate_legal(b, lb), n);
	pp_logits(&net, w, 1500, lw, n, zw);
	pp_logits(&net, b, 1500, lb, n, zb);
	for (int i = 0; i < n; i++) {
		move_t mirror = (move_t)(lw[i] ^ (56 | 56 << 6));
		int j = 0;
		while (j < n && lb[j] != mirror)
			j++;
		cr_assert(j < n, "move %d has no mirror", i);
		cr_expect(fabsf(zw[i] - zb[j]) < 1e-4f, "move %d: %g against %g", i, zw[i], zb[j]);
		cr_expect(isfinite(zw[i]));
	}
	float z800[MAX_MOVES];
	pp_logits(&net, w, 800, lw, n, z800);
	bool differ = false;
	for (int i = 0; i < n; i++)
		differ |= z800[i] != zw[i];
	cr_expect(differ, "the rating changes the logits");
	free(p), test_free(w), test_free(b);
}

static bool has_input(const int16_t *feat, int n, int input)
{
	for (int i = 0; i < n; i++)
		if (feat[i] == input)
			return true;
	return false;
}

Test(people_policy, the_threats_on_the_board_are_inputs_from_the_movers_side)
{
	/* White's e4 and Black's d5 attack each other, neither defended: both en prise; the Black mirror is the same. */
	static const char *const fens[2] = { "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/4p3/3P4/8/8/4K3 b - - 0 1" };
	const int base = PP_PIECE_INPUTS + PP_RATING_INPUTS + PP_CASTLE_INPUTS + PP_LAST_INPUTS, e4 = 28, d5 = 35;
	for (int k = 0; k < 2; k++) {
		struct position *pos = test_position(fens[k]);
		int16_t feat[PP_MAX_ACTIVE];
		int n = pp_inputs(pos, MOVE_NONE, 1500, feat);
		cr_expect(has_input(feat, n, base + e4), "%s: own pawn attacked", fens[k]);
		cr_expect(has_input(feat, n, base + 64 + e4), "%s: own pawn en prise", fens[k]);
		cr_expect(has_input(feat, n, base + 384 + d5), "%s: their pawn attacked", fens[k]);
		cr_expect(has_input(feat, n, base + 384 + 64 + d5), "%s: their pawn en prise", fens[k]);
		cr_expect_eq(n, 4 + 1 + 4, "%s: pieces, rating, threats: %d inputs", fens[k], n);
		test_free(pos);
	}
	/* Defended by a pawn and attacked only by a pawn: attacked, not en prise. */
	struct position *pos = test_position("4k3/8/2p5/3p4/4P3/5P2/8/4K3 w - - 0 1");
	int16_t feat[PP_MAX_ACTIVE];
	int n = pp_inputs(pos, MOVE_NONE, 1500, feat);
	cr_expect(has_input(feat, n, base + e4) && !has_input(feat, n, base + 64 + e4));
	test_free(pos);
}

Test(people_policy, a_moves_facts_say_what_it_wins_and_where_it_goes)
{
	struct position *pos = test_position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
	struct pp_move take, push, king;
	pp_move_of(pos, MOVE_NONE, make_move(SQ_E4, SQ_D5), &take);
	pp_move_of(pos, MOVE_NONE, make_move(SQ_E4, SQ_E5), &push);
	pp_move_of(pos, MOVE_NONE, make_move(SQ_E1, SQ_E2), &king);
	cr_expect(take.fact[PP_CAPTURE] && take.fact[PP_WINS] && take.fact[PP_FLEES] && take.fact[PP_SAFE_FLIGHT]);
	cr_expect(!take.fact[PP_TO_ATTACKED] && !take.fact[PP_LOSES_EXCHANGE]);
	cr_expect_eq(take.nrows, 5, "from, to, piece on to, piece on from, the pawn captured: %d rows", take.nrows);
	cr_expect(!push.fact[PP_CAPTURE] && !push.fact[PP_WINS] && push.fact[PP_SAFE_FLIGHT] && push.nrows == 4);
	cr_expect(!king.fact[PP_FLEES] && !king.fact[PP_SAFE_FLIGHT] && !king.fact[PP_TO_ATTACKED]);
	test_free(pos);
	/* A knight put where a pawn takes it: to an attacked square, losing the exchange, not a safe flight. */
	pos = test_position("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1");
	struct pp_move bad;
	pp_move_of(pos, MOVE_NONE, make_move(SQ_C3, SQ_D5), &bad);
	cr_expect(bad.fact[PP_TO_ATTACKED] && bad.fact[PP_LOSES_EXCHANGE] && !bad.fact[PP_SAFE_FLIGHT]);
	test_free(pos);
}

/* Writes the small net to DIR/net.bin and a model naming it (relatively) to DIR/model.txt. */
static void write_files(const char *dir, const char *policy_line)
{
	char path[512];
	float *p = net_floats();
	struct pp_net net = small_net(p);
	uint8_t *bytes;
	size_t n;
	cr_assert(pp_write(&net, &bytes, &n));
	snprintf(path, sizeof path, "%s/net.bin", dir);
	FILE *f = fopen(path, "wb");
	cr_assert(f && fwrite(bytes, 1, n, f) == n && fclose(f) == 0);
	free(bytes), free(p);
	snprintf(path, sizeof path, "%s/model.txt", dir);
	f = fopen(path, "w");
	cr_assert(f);
	fprintf(f, "outpost-human-model 1\nname with-policy\ntemperature 0\n");
	for (int k = 0; k < HUMAN_FEATURES; k++)
		fprintf(f, "%s 0.1 0 0\n", human_feature_name(k));
	fprintf(f, "%s\n", policy_line);
	cr_assert(fclose(f) == 0);
}

static void remove_files(const char *dir)
{
	char path[512];
	snprintf(path, sizeof path, "%s/net.bin", dir);
	unlink(path);
	snprintf(path, sizeof path, "%s/model.txt", dir);
	unlink(path);
	rmdir(dir);
}

Test(people_policy, a_level_by_the_policy_plays_legal_moves_and_repeats_them, .timeout = 120)
{
	static const char *const fens[] = {
		FEN_START,
		"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	};
	char dir[] = "/tmp/outpost-policy-XXXXXX", path[512], err[512];
	cr_assert(mkdtemp(dir));
	write_files(dir, "policy net.bin 1 0");
	snprintf(path, sizeof path, "%s/model.txt", dir);
	struct human_model m;
	cr_assert(human_model_load(&m, path, err, sizeof err), "%s", err);
	cr_assert(m.policy && m.policy->hidden == 16 && m.policy_weight == 1 && m.own_weight == 0);
	for (int rating = 800; rating <= 2400; rating += 400)
		for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
			struct position *pos = test_position(fens[i]);
			struct human_choice c1, c2;
			move_t a = human_level_choose(&m, rating, pos, MOVE_NONE, 0.3, 0.6, &c1);
			move_t b = human_level_choose(&m, rating, pos, MOVE_NONE, 0.3, 0.6, &c2);
			cr_expect(move_is_legal(pos, a), "rating %d, position %zu: an illegal move", rating, i);
			cr_expect_eq(a, b, "rating %d, position %zu: the same draws chose another move", rating, i);
			test_free(pos);
		}
	remove_files(dir);
}

Test(people_policy, a_model_naming_a_bad_policy_is_refused_with_its_line)
{
	char dir[] = "/tmp/outpost-policy-XXXXXX", path[512], err[512];
	cr_assert(mkdtemp(dir));
	write_files(dir, "policy missing.bin 1 0");
	snprintf(path, sizeof path, "%s/model.txt", dir);
	struct human_model m = *human_model_builtin();
	cr_expect_not(human_model_load(&m, path, err, sizeof err));
	cr_expect(strstr(err, "model.txt:") && strstr(err, "missing.bin") && strstr(err, "No such file"), "%s", err);
	write_files(dir, "policy net.bin 1");
	cr_expect_not(human_model_load(&m, path, err, sizeof err));
	cr_expect(strstr(err, "needs a file and two weights"), "%s", err);
	cr_expect_str_eq(m.name, human_model_builtin()->name, "a refused file leaves the model as it was");
	remove_files(dir);
}

/* The network's weight by rating: straight between the rows, level beyond them; the policy line's without rows. */
Test(people_policy, the_networks_weight_follows_its_table_by_rating)
{
	char dir[] = "/tmp/outpost-policy-XXXXXX", path[512], err[512];
	cr_assert(mkdtemp(dir));
	write_files(dir, "policy net.bin 1 1\npolicy_weight_at 1100 1.5\npolicy_weight_at 1300 1");
	snprintf(path, sizeof path, "%s/model.txt", dir);
	struct human_model m;
	cr_assert(human_model_load(&m, path, err, sizeof err), "%s", err);
	cr_expect(human_model_policy_weight(&m, 800) == 1.5 && human_model_policy_weight(&m, 2000) == 1);
	cr_expect(fabs(human_model_policy_weight(&m, 1200) - 1.25) < 1e-12, "straight between rows");
	m.policy_rows = 0;
	cr_expect(human_model_policy_weight(&m, 1200) == 1, "no rows: the policy line's weight");
	/* The built-in model weighs the network more where people's moves are least like the engine's. */
	const struct human_model *b = human_model_builtin();
	cr_expect(human_model_policy_weight(b, 1000) > human_model_policy_weight(b, 1600));
	write_files(dir, "policy net.bin 1 1\npolicy_weight_at 1300 1\npolicy_weight_at 1100 1.5");
	cr_expect_not(human_model_load(&m, path, err, sizeof err));
	cr_expect(strstr(err, "model.txt:") && strstr(err, "'policy_weight_at' rows must have rising ratings (1100 after 1300)"),
	          "%s", err);
	write_files(dir, "policy_weight_at 1100 1.5");
	cr_expect_not(human_model_load(&m, path, err, sizeof err));
	cr_expect(strstr(err, "'policy_weight_at' rows need a 'policy' line"), "%s", err);
	remove_files(dir);
}

Test(people_policy, the_committed_network_and_its_model_load)
{
	/* Built in: the model compiled in names the network compiled in; the file says the same. */
	struct human_model m = *human_model_builtin(), from_file;
	char err[512];
	cr_assert(m.policy != NULL && m.policy_weight == 1 && m.own_weight == 1);
	cr_expect_str_eq(m.name, "outpost-human-2");
	cr_assert(human_model_load(&from_file, SRC_ROOT "/data/human-model.txt", err, sizeof err), "%s", err);
	cr_expect(from_file.policy == m.policy, "'policy builtin' is the one network compiled in");
	cr_expect(from_file.sight_rows == m.sight_rows && from_file.sight_rows > 0);
	cr_expect(strncmp(m.policy->name, "people-policy", 13) == 0, "%s", m.policy->name);
	/* In the opening the network knows what people play: 1. e4 or 1. d4 first, at 1500 as at 2000. */
	struct position *pos = test_position(FEN_START);
	move_t list[MAX_MOVES];
	float z[MAX_MOVES];
	int n = generate_legal(pos, list);
	for (int rating = 1500; rating <= 2000; rating += 500) {
		pp_logits(m.policy, pos, rating, list, n, z);
		int best = 0;
		for (int i = 1; i < n; i++)
			best = z[i] > z[best] ? i : best;
		cr_expect(list[best] == make_move(SQ_E2, SQ_E4) || list[best] == make_move(SQ_D2, SQ_D4),
		          "rating %d: the likeliest first move is %04x", rating, list[best]);
	}
	test_free(pos);
}
