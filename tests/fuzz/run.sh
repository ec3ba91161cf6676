#!/bin/sh
# Runs one harness for a while, niced, on a working corpus seeded from
# tests/fuzz/corpus/NAME (the seeds in the repository are never written to):
#     tests/fuzz/run.sh NAME SECONDS [OUTDIR]    NAME: fen, san, pgn, book, eco or uci_info
# Crashes are written to OUTDIR/crash-* ; the last lines of the log give the
# number of executions ("Done N runs in S second(s)").
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
name=$1
seconds=${2:-600}
out=${3:-fuzz-build}
mkdir -p "$out/corpus-$name"
exec nice -n 15 "$out/fuzz_$name" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
	-max_len=$(case $name in pgn | eco) echo 8192 ;; *) echo 256 ;; esac) \
	-artifact_prefix="$out/" "$out/corpus-$name" "$top/tests/fuzz/corpus/$name"
