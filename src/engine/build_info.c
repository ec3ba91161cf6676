/*
 * How this program was built, for `outpost --version`: the CPU it was built for, its slider lookups, the
 * tablebases, sanitizers.
 */
#include "config.h"

#include <stdio.h>

#include "engine/engine.h"
#include "engine/nnue.h"
#include "engine/tablebase.h"

const char *engine_build_options(void)
{
	static char text[256];
#ifdef OUTPOST_NATIVE
	const char *cpu = "native (-march=native)";
#else
	const char *cpu = "portable";
#endif
#ifdef USE_PEXT
	const char *sliders = "PEXT slider attacks (BMI2)";
#else
	const char *sliders = "magic slider attacks (no PEXT)";
#endif
	const char *tables = tablebase_built_in() ? "Syzygy tablebases (libfathom)" : "no tablebases (built without libfathom)";
	const char *san = OUTPOST_SANITIZERS;
	snprintf(text, sizeof text, "%s, %s, %s, %s%s", cpu, sliders, tables, san[0] ? "sanitizers: " : "no sanitizers",
	         san);
	return text;
}

const char *engine_network_info(void)
{
	static char text[160];
	const struct nnue_net *net = nnue_builtin();
	if (!net)
		return "none (the built-in network is damaged)";
	snprintf(text, sizeof text,
	         "%s (768 -> 2x%d -> 1, SCReLU, %s; the default evaluation; `Use NNUE` false: the hand-written one)",
	         net->name, net->hidden, nnue_vectorised() ? "vectorised" : "portable C");
	return text;
}
