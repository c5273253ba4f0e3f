#!/bin/bash
# score.sh - runs `maple logs --json` on every fixture log (NAME.log) and reports the figures right
# per log and in all against NAME.expected.json (every leaf; numbers within 1%, or 0.01 of zero;
# keys starting with "_" are notes), then each wrong figure. Exit status 1 when fewer than MIN
# percent (default 100) are right.
# Usage: bash tests/logs/score.sh MAPLE [MIN]   (SCORE_SUBSET='a b*': only the logs whose names match)
MAPLE=${1:?usage: score.sh MAPLE [MIN]}
MIN=${2:-100}
D=$(cd "$(dirname "$0")" && pwd)
# one line of results per log, gathered in a file (a shell variable of them all outgrew the argument limit)
parts=$(mktemp)
trap 'rm -f "$parts"' EXIT
for exp in "$D"/*.expected.json; do
	name=$(basename "$exp" .expected.json)
	if [ -n "$SCORE_SUBSET" ]; then
		keep=
		for g in $SCORE_SUBSET; do case $name in $g) keep=1 ;; esac; done
		[ -n "$keep" ] || continue
	fi
	out=$("$MAPLE" logs --json "$D/$name.log" 2>/dev/null)
	[ -n "$out" ] || out='{}'
	r=$(printf '%s' "$out" | jq -c --argjson e "$(cat "$exp")" --arg n "$name" '
	  . as $a
	  | [ $e | paths((type != "object" and type != "array") or . == [] or . == {}) as $p
	      | select($p[0] | tostring | startswith("_") | not)
	      | ($e | getpath($p)) as $w | ($a | getpath($p)) as $g
	      | {case: $n, field: ($p | map(tostring) | join(".")), want: $w, got: $g,
	         ok: (if ($w | type) == "number" and ($g | type) == "number"
	              then (($w - $g) | fabs) <= ([0.01 * ($w | fabs), 0.01] | max) else $w == $g end)} ]')
	printf '%s\n' "$r" >>"$parts"
done
all=$(jq -c -s 'add // []' "$parts")
printf '%s' "$all" | jq -r '
  def pct: "\(map(select(.ok)) | length)/\(length)";
  "by log:", (group_by(.case)[] | "  \(.[0].case): \(pct)"),
  "total: \(pct)",
  (map(select(.ok | not))[] | "WRONG \(.case) \(.field): want \(.want | tojson) got \(.got | tojson)")'
printf '%s' "$all" | jq -e --argjson min "$MIN" '(map(select(.ok)) | length) * 100 >= $min * length' >/dev/null
