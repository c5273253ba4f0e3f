#!/usr/bin/env bash
# bench/compare.sh - before -> after of a speed change, measured in ONE run on the same machine:
#   bash bench/compare.sh BEFORE/maple AFTER/maple [ROUNDS]
# Each round measures, for both binaries one after the other (the order alternates from round to round,
# so a machine that gets busier during the run does not favour one), bench/run.sh's rows:
#   /bin/true, one process                              (the floor; rows 1 and 4 are given as ratios to it)
#   generate, one process per request (median wall ms over 60 runs of bench/requests.txt)
#   generate --json --batch of 20,000 lines, one core: CPU ms of the process (user + system), so that
#     other tenants of a shared machine count less than in wall time; and requests per CPU second
#   verify --no-tools of bench/verify-200.sh (median wall ms over 60 runs)
# and prints the median over ROUNDS (default 5) of each, with after/before. The binaries read the same
# data (MAPLE_DATA_DIR, default the source tree's data/), snapshots in a private cache made warm first.
# Outputs are not compared here: bench/outputs.sh records them for `diff -r`.
set -u
[ $# -ge 2 ] || { echo "usage: bash bench/compare.sh BEFORE AFTER [ROUNDS]" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
A=$(abs "$1") B=$(abs "$2") rounds=${3:-5}
for m in "$A" "$B"; do [ -x "$m" ] || { echo "compare: no executable at $m" >&2; exit 2; }; done
command -v cc >/dev/null 2>&1 || { echo "compare: needs cc for bench/measure.c" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maple-compare.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/measure" "$here/measure.c" || exit 2
unset MAPLE_PATH MAPLE_NO_SNAPSHOT MAPLE_SNAPSHOT_DEBUG MAPLE_CACHE_DIR
export MAPLE_DATA_DIR=${MAPLE_DATA_DIR:-$here/../data} XDG_CONFIG_HOME=$tmp/config
mkdir -p "$tmp/config"
grep -v -e '^[[:space:]]*$' -e '^#' "$here/requests.txt" >"$tmp/requests"
nreq=$(wc -l <"$tmp/requests")
for ((i = 0; i < (20000 + nreq - 1) / nreq; i++)); do cat "$tmp/requests"; done >"$tmp/batch.txt"
nbatch=$(wc -l <"$tmp/batch.txt")
pin=()
taskset -c 0 true 2>/dev/null && pin=(taskset -c 0)
get() { sed -n "s/^$1=//p" "$2"; }
# each binary its own cache (a snapshot written by one is not the other's), warmed before timing
for m in A B; do
	mkdir -p "$tmp/cache-$m"
	XDG_CACHE_HOME=$tmp/cache-$m "${!m}" generate --json --batch "$tmp/requests" >/dev/null 2>&1
done
true_bin=/bin/true
[ -x "$true_bin" ] || true_bin=$(command -v true)
: >"$tmp/rows"
measure_one() { # NAME ROUND: appends "row binary round value" lines
	local m=$1 r=$2
	export XDG_CACHE_HOME=$tmp/cache-$m
	local bin=${!m}
	"$tmp/measure" -n 60 -w 5 -- "$true_bin" >"$tmp/o" 2>/dev/null && echo "true $m $r $(get median_ms "$tmp/o")" >>"$tmp/rows"
	"$tmp/measure" -n 60 -w 5 -i "$tmp/requests" -- "$bin" generate >"$tmp/o" 2>/dev/null &&
		echo "single $m $r $(get median_ms "$tmp/o")" >>"$tmp/rows"
	"$tmp/measure" -n 1 -- "${pin[@]}" "$bin" generate --json --batch "$tmp/batch.txt" >"$tmp/o" 2>/dev/null &&
		echo "batch_cpu $m $r $(get cpu_ms "$tmp/o")" >>"$tmp/rows" && echo "batch_wall $m $r $(get median_ms "$tmp/o")" >>"$tmp/rows"
	"$tmp/measure" -n 60 -w 5 -- "$bin" verify --no-tools "$here/verify-200.sh" >"$tmp/o" 2>/dev/null
	# verify exits 1 on findings: the time is what counts
	echo "verify $m $r $(get median_ms "$tmp/o")" >>"$tmp/rows"
}
for ((r = 1; r <= rounds; r++)); do
	if ((r % 2)); then measure_one A "$r" && measure_one B "$r"; else measure_one B "$r" && measure_one A "$r"; fi
done
echo "compare: before $A"
echo "         after  $B"
echo "         $rounds rounds, order alternating; medians over the rounds; $nbatch batch lines (${pin[*]:-not pinned})"
awk -v nbatch="$nbatch" '
	{ v[$1, $2, ++n[$1, $2]] = $4 }
	function med(row, m,   k, i, j, t, c) {
		c = n[row, m]
		for (i = 1; i <= c; i++) t[i] = v[row, m, i]
		for (i = 2; i <= c; i++) for (j = i; j > 1 && t[j - 1] > t[j]; j--) { x = t[j]; t[j] = t[j - 1]; t[j - 1] = x }
		return c % 2 ? t[(c + 1) / 2] : (t[c / 2] + t[c / 2 + 1]) / 2
	}
	END {
		ta = med("true", "A"); tb = med("true", "B")
		printf "  %-44s %12s %12s %9s\n", "row", "before", "after", "after/before"
		printf "  %-44s %9.3f ms %9.3f ms %9.2f\n", "/bin/true, one process", ta, tb, tb / ta
		split("single verify", rows, " ")
		name["single"] = "generate, one process per request"; name["verify"] = "verify --no-tools, 200-line script"
		for (k = 1; k <= 2; k++) {
			r = rows[k]; a = med(r, "A"); b = med(r, "B")
			printf "  %-44s %9.3f ms %9.3f ms %9.2f   (%.1fx -> %.1fx /bin/true)\n", name[r], a, b, b / a, a / ta, b / tb
		}
		a = med("batch_cpu", "A"); b = med("batch_cpu", "B")
		printf "  %-44s %9.0f ms %9.0f ms %9.2f   (%.0f -> %.0f requests per CPU second)\n", "generate --json --batch, CPU", a, b, b / a,
			nbatch / (a / 1000), nbatch / (b / 1000)
		a = med("batch_wall", "A"); b = med("batch_wall", "B")
		printf "  %-44s %9.0f ms %9.0f ms %9.2f\n", "generate --json --batch, wall", a, b, b / a
	}' "$tmp/rows"
