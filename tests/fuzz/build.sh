#!/bin/sh
# Builds the libFuzzer harnesses for the FEN, SAN and PGN readers with
# AddressSanitizer and UndefinedBehaviorSanitizer:
#     tests/fuzz/build.sh [OUTDIR]          (default: ./fuzz-build)
# Needs clang and libFuzzer (Debian: clang, libclang-rt-14-dev or the
# libclang-rt-dev of your clang version).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-fuzz-build}
mkdir -p "$out"
cc=${CC:-clang}
flags="-std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
       -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -I$top/src -pthread"
# The Rules and Notation parts, whole: the readers need nothing else.
lib="$(ls "$top"/src/rules/*.c "$top"/src/notation/*.c)"
# The book reader (Engine) needs its own files and the level's random numbers besides; the info parser its file.
book="$top/src/engine/book.c $top/src/engine/book_random.c $top/src/engine/skill.c"
for h in fen san pgn book eco uci_info; do
	extra=""
	[ "$h" = book ] && extra=$book
	[ "$h" = uci_info ] && extra="$top/src/engine/uci_info.c"
	# shellcheck disable=SC2086 # word splitting of the flag and file lists is wanted
	$cc $flags -o "$out/fuzz_$h" "$top/tests/fuzz/fuzz_$h.c" $lib $extra -lm
	echo "built $out/fuzz_$h"
done
