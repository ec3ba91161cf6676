#!/bin/sh
# Builds every libFuzzer harness, tests/fuzz/fuzz_*.c, with AddressSanitizer and UndefinedBehaviorSanitizer:
#     tests/fuzz/build.sh [OUTDIR [CONFIG_DIR]]      (default OUTDIR: ./fuzz-build; `make fuzz` runs it)
# The parts a reader may need (Rules, Notation, Engine, People, Study, Protocol, Front) are compiled once into
# static libraries in OUTDIR, each harness links what it uses of them.  CONFIG_DIR holds configure's config.h; without it a stub
# is written.  Needs clang and libFuzzer (Debian: clang and libclang-rt-dev, or the libclang-rt-N-dev of your
# clang); FUZZ_CC names another clang.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-fuzz-build}
config=${2:-}
cc=${FUZZ_CC:-clang}
need="make fuzz needs clang with libFuzzer: apt-get install clang libclang-rt-dev (or set FUZZ_CC)"
mkdir -p "$out/obj"
out=$(cd "$out" && pwd)
if ! command -v "$cc" >/dev/null 2>&1; then
	echo "$need ($cc not found)" >&2
	exit 1
fi
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { return d && n; }\n' >"$out/obj/probe.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined -o "$out/obj/probe" "$out/obj/probe.c" 2>/dev/null; then
	echo "$need ($cc cannot link -fsanitize=fuzzer)" >&2
	exit 1
fi
if [ -z "$config" ]; then
	config=$out/obj
	printf '#define PACKAGE_VERSION "fuzz"\n' >"$config/config.h"
fi
# The built-in human move model, as the build makes it (Makefile.am).
mkdir -p "$out/obj/gen/people"
sh "$top/tools/build/embed-text" human_model_builtin_text "$top/data/human-model.txt" >"$out/obj/gen/people/human_model_text.h"
cflags="-std=c11 -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined -pthread
	-D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -I$top/src -I$top -I$config -I$out/obj/gen"
export cc cflags top out

# The parts, each source once (on every core), coverage-instrumented without libFuzzer's main.  The terminal
# game's part (tui/, for its config file and saved game) comes first: it uses the others.  A harness links only
# the objects it uses, so the curses and readline libraries are needed only if one of those is.
libs=""
for part in front protocol study people engine notation rules; do
	sources=$top/src/$part/*.c
	[ "$part" = front ] && sources=$top/tui/*/*.c # a folder for each of its layers
	mkdir -p "$out/obj/$part"
	# shellcheck disable=SC2016,SC2086 # expanded by the inner shell; the glob is meant
	ls $sources | xargs -P "$(nproc)" -I{} sh -c \
		'$cc $cflags -fsanitize=fuzzer-no-link -c "$1" -o "$out/obj/'"$part"'/$(basename "$1" .c).o"' sh {}
	if [ "$part" = engine ]; then
		# The network compiled in (the Makefile does the same: tools/build/embed-net).
		sh "$top/tools/build/embed-net" "$top/data/outpost.nnue" "$out/obj/nnue_embedded.c"
		$cc $cflags -fsanitize=fuzzer-no-link -c "$out/obj/nnue_embedded.c" -o "$out/obj/engine/nnue_embedded.o"
	fi
	if [ "$part" = people ]; then # and the people's policy (a model may name it: policy builtin W S)
		sh "$top/tools/build/embed-net" "$top/data/people-policy.bin" "$out/obj/people_policy_embedded.c" \
			people_policy_embedded
		$cc $cflags -fsanitize=fuzzer-no-link -c "$out/obj/people_policy_embedded.c" \
			-o "$out/obj/people/people_policy_embedded.o"
	fi
	rm -f "$out/lib$part.a"
	ar rcs "$out/lib$part.a" "$out/obj/$part"/*.o
	libs="$libs $out/lib$part.a"
done

# configure's config.h says whether the front reads .zst files; then every harness that links it needs libzstd,
extra="-lm"
if grep -q '^#define HAVE_ZSTD 1' "$config/config.h"; then
	extra="$extra $(pkg-config --libs libzstd 2>/dev/null || echo -lzstd)"
fi
# and whether the engine probes the Syzygy tablebases through libfathom (no pkg-config file: configure's -lfathom).
if grep -q '^#define HAVE_FATHOM 1' "$config/config.h"; then
	extra="$extra -lfathom"
fi

for src in "$top"/tests/fuzz/fuzz_*.c; do
	name=$(basename "$src" .c)
	# shellcheck disable=SC2086 # word splitting of the flag and library lists is wanted
	$cc $cflags -fsanitize=fuzzer -o "$out/$name" "$src" $libs $extra
	echo "built $out/$name"
done
