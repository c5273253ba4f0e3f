#!/bin/bash
# score.sh - scores `maple debug` on the development set of real pasted logs (tests/debug/dev/): every
# case of dev/cases.tsv (name, family, expected signature or `unknown`, `a|b` for alternatives, the
# script or `-`, the cluster or `-`, whether a patch must be offered: yes / none / -, the thread URL,
# the cause the thread established) is diagnosed with --json --no-llm. A case is right when the first
# diagnosis is the expected signature (status diagnosed), or when `unknown` is expected and maple says
# unknown; a patch offered where the case says `none`, or missing where it says `yes`, makes it wrong;
# a wrong answer from a signature restricted to clusters is counted apart (site-specific wrong).
# Prints one line per family and a total; with -v also every wrong case.
# usage: score.sh MAPLE SRC [-v]   (exit 0; the caller judges the numbers on the last line)
set -u
MAPLE=$1
SRC=$2
VERBOSE=${3:-}
D=$SRC/tests/debug/dev
export MAPLE_DATA_DIR="$SRC/data" LC_ALL=C XDG_CONFIG_HOME=/nonexistent
unset MAPLE_LLM_URL MAPLE_PATH
declare -A total right
sitewrong=0
wrongpatch=0
fams=()
while IFS=$'\t' read -r name fam expect script cluster patch url cause; do
	case $name in '#'* | '') continue ;; esac
	[ -n "${total[$fam]+x}" ] || { fams+=("$fam"); total[$fam]=0; right[$fam]=0; }
	total[$fam]=$((total[$fam] + 1))
	args=()
	if [ "$script" != - ]; then
		args+=("$D/scripts/$script")
	elif [ -n "${SCORE_EMPTY_SCRIPT:-}" ]; then
		args+=("$SCORE_EMPTY_SCRIPT") # an older maple that needs a script: an empty one knows nothing
	fi
	[ "$cluster" != - ] && args+=(--cluster "$cluster")
	out=$("$MAPLE" debug "${args[@]}" --log "$D/$name.log" --json --no-llm 2>/dev/null </dev/null)
	status=$(jq -r '.status // "error"' <<<"$out" 2>/dev/null || echo error)
	got=$(jq -r '.diagnoses[0].signature // "-"' <<<"$out" 2>/dev/null || echo -)
	appl=$(jq -r '.diagnoses[0].applicable // false' <<<"$out" 2>/dev/null || echo false)
	[ "$status" = unknown ] && got=unknown
	ok=0
	IFS='|' read -ra alts <<<"$expect"
	for a in "${alts[@]}"; do [ "$a" = "$got" ] && ok=1; done
	why=
	if [ $ok = 1 ] && [ "$got" != unknown ]; then
		if [ "$patch" = none ] && [ "$appl" = true ]; then ok=0; why="a patch was offered"; wrongpatch=$((wrongpatch + 1)); fi
		if [ "$patch" = yes ] && [ "$appl" != true ]; then ok=0; why="no patch offered"; fi
	fi
	if [ $ok = 1 ]; then
		right[$fam]=$((right[$fam] + 1))
	else
		if [ "$got" != unknown ] && [ "$got" != - ] && grep -q "clusters:" <(awk -v id="$got" '$0 ~ "^  - id: "id"$"{f=1;next} /^  - id:/{f=0} f' "$SRC"/data/kb/*.yaml); then
			sitewrong=$((sitewrong + 1)); why="$why (site-specific)"
		fi
		[ "$patch" = none ] && [ "$appl" = true ] && [ -z "$why" ] && wrongpatch=$((wrongpatch + 1))
		[ -n "$VERBOSE" ] && printf 'WRONG %-40s want %-40s got %s %s\n' "$name" "$expect" "$got" "$why"
	fi
done <"$D/cases.tsv"
all=0
allright=0
for f in "${fams[@]}"; do
	printf 'family %-10s %3d/%-3d right\n' "$f" "${right[$f]}" "${total[$f]}"
	all=$((all + total[$f]))
	allright=$((allright + right[$f]))
done
printf 'total %d/%d right; site-specific wrong %d; wrong patches %d\n' "$allright" "$all" "$sitewrong" "$wrongpatch"
