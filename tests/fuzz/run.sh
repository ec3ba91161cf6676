#!/bin/sh
# Runs one harness for a while, niced, on a working corpus seeded from tests/fuzz/corpus/NAME (the seeds in
# the repository are never written to):
#     tests/fuzz/run.sh NAME SECONDS [OUTDIR]    NAME: fen, san, pgn, epd, uci ... (tests/fuzz/fuzz_NAME.c)
# Crashes are written to OUTDIR/crash-* ; the last lines of the log give the number of executions ("Done N
# runs in S second(s)") and the coverage ("cov: N").
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
name=$1
seconds=${2:-600}
out=${3:-fuzz-build}
mkdir -p "$out/corpus-$name"
# The longest input worth trying: whole games for PGN, command scripts for UCI, a config file, a line otherwise.
case $name in
pgn | eco | persist | trainer | human_model) max_len=8192 ;;
config) max_len=2048 ;;
uci) max_len=4096 ;;
epd) max_len=1024 ;;
*) max_len=256 ;;
esac
seeds=$top/tests/fuzz/corpus/$name
[ -d "$seeds" ] || seeds=
# shellcheck disable=SC2086 # no seeds: no argument
exec nice -n 15 "$out/fuzz_$name" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=$max_len \
	-print_final_stats=1 -artifact_prefix="$out/" "$out/corpus-$name" $seeds
