#!/usr/bin/env bash
# datagen.sh: runs `outpost datagen` until OUTFILE holds TARGET positions (default 1,000,000), in rounds of at most
# ROUND positions, each with a fresh random seed, so that a generation stopped at any point (Ctrl-C, a reboot)
# goes on where it stopped when the same command is run again, with new games.
#
# Usage: tools/network/datagen.sh OUTFILE [TARGET] [DATAGEN OPTION...]
#   DATAGEN OPTION: passed on to outpost datagen (--threads N, --nodes N, --openings FILE, --random-plies N, ...);
#   the default is --threads 2.
# Environment: OUTPOST (the binary, default ./outpost at the top of the build), ROUND (default 100000).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { sed -n '6,9p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
out=$1
shift
target=1000000
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
	target=$1
	shift
fi
[ "$target" -gt 0 ] || { echo "datagen.sh: TARGET must be a positive number of positions" >&2; exit 2; }
options=("$@")
[ ${#options[@]} -gt 0 ] || options=(--threads 2)
outpost=${OUTPOST:-$here/../../outpost}
round=${ROUND:-100000}
[ -x "$outpost" ] || { echo "datagen.sh: no outpost binary at $outpost (build it, or set OUTPOST)" >&2; exit 1; }

while :; do
	have=0
	[ -e "$out" ] && have=$(($(stat -c %s "$out") / 32))
	if [ "$have" -ge "$target" ]; then
		echo "datagen.sh: $out holds $have positions (target $target)"
		exit 0
	fi
	want=$((target - have < round ? target - have : round))
	seed=$(od -An -N6 -tu8 /dev/urandom | tr -d ' ')
	echo "datagen.sh: $have of $target positions; a round of $want more, seed $seed" >&2
	status=0
	"$outpost" datagen --out "$out" --positions "$want" --seed "$seed" "${options[@]}" || status=$?
	if [ "$status" -ge 128 ]; then
		echo "datagen.sh: stopped; run the same command again to go on" >&2
		exit "$status"
	fi
	[ "$status" = 0 ] || { echo "datagen.sh: outpost datagen failed (status $status)" >&2; exit "$status"; }
done
