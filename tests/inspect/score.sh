#!/bin/bash
# score.sh - runs `maple inspect` on every fixture repository (repos/NAME with the command in
# expected/NAME.cmd) and reports the fields right per family and per kind of field, then each wrong
# field. Exit status 1 when fewer than MIN percent (default 100) of the fields are right.
# Usage: bash tests/inspect/score.sh MAPLE [MIN]   (SCORE_SUBSET='a b*': only the fixtures whose names match)
MAPLE=${1:?usage: score.sh MAPLE [MIN]}
MIN=${2:-100}
D=$(cd "$(dirname "$0")" && pwd)
own_state=
[ -n "$MAPLE_STATE_DIR" ] || { MAPLE_STATE_DIR=$(mktemp -d); own_state=$MAPLE_STATE_DIR; }
export MAPLE_STATE_DIR
parts=$(mktemp)
trap 'rm -f "$parts"; [ -z "$own_state" ] || rm -rf "$own_state"' EXIT
for exp in "$D"/expected/*.json; do
	name=$(basename "$exp" .json)
	if [ -n "$SCORE_SUBSET" ]; then
		keep=
		for g in $SCORE_SUBSET; do case $name in $g) keep=1 ;; esac; done
		[ -n "$keep" ] || continue
	fi
	fam=$(jq -r '._family // "basic"' "$exp")
	cmd=$(cat "$D/expected/$name.cmd" 2>/dev/null)
	if [ -n "$cmd" ]; then
		out=$("$MAPLE" inspect --json --no-cache --cmd "$cmd" "$D/repos/$name" 2>/dev/null)
	else
		out=$("$MAPLE" inspect --json --no-cache "$D/repos/$name" 2>/dev/null)
	fi
	[ -n "$out" ] || out='{}'
	r=$(printf '%s' "$out" | jq -c --argjson e "$(cat "$exp")" -f "$D/score.jq" | jq -c --arg n "$name" --arg f "$fam" 'map(. + {case: $n, family: $f})')
	printf '%s\n' "$r" >>"$parts"
done
all=$(jq -c -s 'add // []' "$parts")
printf '%s' "$all" | jq -r '
  def pct: "\(map(select(.ok)) | length)/\(length)";
  "by family:", (group_by(.family)[] | "  \(.[0].family): \(pct)"),
  "by field:", (group_by(.cat)[] | "  \(.[0].cat): \(pct)"),
  "total: \(pct)",
  (map(select(.ok | not))[] | "WRONG \(.case) \(.field): want \(.want | tojson) got \(.got | tojson)")'
printf '%s' "$all" | jq -e --argjson min "$MIN" '(map(select(.ok)) | length) * 100 >= $min * length' >/dev/null
