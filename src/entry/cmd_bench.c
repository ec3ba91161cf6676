/* `outpost bench [DEPTH] [--hce | --evalfile FILE] [--syzygy PATH]`: the search benchmark; the last two lines are
 * the node signature and the speed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "protocol/bench.h"
#include "entry/modes.h"

int cmd_bench(int argc, char **argv)
{
	long depth = BENCH_DEFAULT_DEPTH;
	bool hand_written = false, bad = false, have_depth = false;
	const char *eval_file = NULL, *syzygy = NULL;
	for (int i = 0; i < argc && !bad; i++) {
		char *end = NULL;
		if (!strcmp(argv[i], "--nnue")) /* the default since the network's switch; kept for old scripts */
			continue;
		if (!strcmp(argv[i], "--hce")) {
			hand_written = true;
			continue;
		}
		if (!strcmp(argv[i], "--evalfile")) {
			bad = i + 1 >= argc;
			eval_file = bad ? NULL : argv[++i];
			continue;
		}
		if (!strcmp(argv[i], "--syzygy")) {
			bad = i + 1 >= argc;
			syzygy = bad ? NULL : argv[++i];
			continue;
		}
		depth = strtol(argv[i], &end, 10);
		bad = have_depth || *end || end == argv[i] || depth < 1 || depth > 60;
		have_depth = true;
	}
	bad = bad || (hand_written && eval_file);
	if (bad) {
		fprintf(stderr, "usage: outpost bench [DEPTH] [--hce | --evalfile FILE] [--syzygy PATH]   (DEPTH from 1 to "
		                "60, default %d; the built-in network evaluates; --hce: the hand-written evaluation, "
		                "--evalfile: the network in FILE; --syzygy: with the tablebases in PATH)\n",
		        BENCH_DEFAULT_DEPTH);
		return 2;
	}
	struct bench_result r;
	struct bench_setup setup = { hand_written, eval_file, syzygy };
	if (!bench_run_with((int)depth, &setup, stdout, &r)) {
		fprintf(stderr, "outpost bench: cannot start the engine%s%s%s%s\n", eval_file ? " with the network " : "",
		        eval_file ? eval_file : "", syzygy ? " with the tablebases in " : "", syzygy ? syzygy : "");
		return 1;
	}
	printf("\n%d positions, depth %ld, %s evaluation\n", r.positions, depth, hand_written ? "hand-written" : "network");
	printf("Total time (ms) : %lld\n", (long long)r.ms);
	if (syzygy) /* a line only with the tables, so that the usual output stays as it was */
		printf("Tablebase hits  : %llu\n", (unsigned long long)r.tbhits);
	printf("Nodes searched  : %llu\n", (unsigned long long)r.nodes);
	printf("Nodes/second    : %llu\n", (unsigned long long)(r.ms > 0 ? r.nodes * 1000 / (uint64_t)r.ms : r.nodes));
	return 0;
}
