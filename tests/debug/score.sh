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
# The maple runs go SCORE_JOBS at a time (default: nproc), `maple debug --batch` over a chunk of the cases
# each where the maple has it (else one run per case), each answer into its own file; one jq then reads
# every case's answer, and the cases are scored in the order of cases.tsv, so the output does not
# depend on the number of jobs. SCORE_SUBSET=GLOB scores only the cases whose name matches GLOB;
# SCORE_CASES=FILE reads the cases from FILE instead (dev/heldout.tsv: held-out rounds, scored once
# and kept out of the suite's set so that they are not fixed against; their logs are in dev/).
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
TMP=$(mktemp -d "${TMPDIR:-/tmp}/maple-score.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
# 1. every case's `maple debug --json` into $TMP/N.json (N: the case's number), in parallel
# debug_case N SCRIPT CLUSTER NAME
debug_case() {
	local args=()
	if [ "$2" != - ]; then
		args+=("$D/scripts/$2")
	elif [ -n "${SCORE_EMPTY_SCRIPT:-}" ]; then
		args+=("$SCORE_EMPTY_SCRIPT") # an older maple that needs a script: an empty one knows nothing
	fi
	[ "$3" != - ] && args+=(--cluster "$3")
	"$MAPLE" debug "${args[@]}" --log "$D/$4.log" --json --no-llm >"$TMP/$1.json" 2>/dev/null </dev/null
}
# debug_cases (N SCRIPT CLUSTER NAME)...: many cases in one bash (a bash start costs about what a maple
# run does)
debug_cases() {
	while [ $# -ge 4 ]; do
		debug_case "$1" "$2" "$3" "$4"
		shift 4
	done
}
export -f debug_case debug_cases
export MAPLE D TMP
cases=()
while IFS= read -r line; do
	IFS=$'\t' read -r name fam expect script cluster patch url cause <<<"$line"
	case $name in '#'* | '') continue ;; esac
	[[ $name == ${SCORE_SUBSET:-*} ]] || continue
	cases+=("$line")
done <"${SCORE_CASES:-$D/cases.tsv}"
n=${#cases[@]}
jqargs=()
jobs=${SCORE_JOBS:-$(nproc)}
# a maple with `debug --batch` answers a whole chunk of cases in one process (the knowledge base loaded
# once): the cases go round-robin to $jobs batch files, one maple each, and the k-th answer line of a
# chunk is its k-th case's answer. An older maple (or a path with a blank, which a batch line cannot
# hold; or SCORE_NO_BATCH=1) gets one maple run per case.
batch=
if [ -z "${SCORE_EMPTY_SCRIPT:-}" ] && [ -z "${SCORE_NO_BATCH:-}" ] && [[ $D != *[[:space:]]* ]] && "$MAPLE" debug --help 2>&1 | grep -q -- '--batch'; then
	batch=1
fi
if [ -n "$batch" ]; then
	for ((j = 0; j < jobs; j++)); do : >"$TMP/batch.$j"; done
	for ((i = 0; i < n; i++)); do
		IFS=$'\t' read -r name fam expect script cluster patch url cause <<<"${cases[i]}"
		line=
		[ "$cluster" != - ] && line="--cluster $cluster "
		[ "$script" != - ] && line+="$D/scripts/$script "
		printf '%s--log %s\n' "$line" "$D/$name.log" >>"$TMP/batch.$((i % jobs))"
	done
	for ((j = 0; j < jobs; j++)); do
		"$MAPLE" debug --batch "$TMP/batch.$j" --no-llm >"$TMP/out.$j" 2>/dev/null </dev/null &
	done
	wait
	for ((j = 0; j < jobs; j++)); do
		mapfile -t lines <"$TMP/out.$j"
		for ((k = 0, i = j; i < n; k++, i += jobs)); do printf '%s\n' "${lines[k]-}" >"$TMP/$i.json"; done
	done
else
	for ((i = 0; i < n; i++)); do
		IFS=$'\t' read -r name fam expect script cluster patch url cause <<<"${cases[i]}"
		printf '%s\0%s\0%s\0%s\0' "$i" "$script" "$cluster" "$name"
	done | xargs -0 -r -n 64 -P "$jobs" bash -c 'debug_cases "$@"' debug_cases
fi
for ((i = 0; i < n; i++)); do jqargs+=(--rawfile "o$i" "$TMP/$i.json"); done
# 2. one jq over every answer: status, first signature, whether its patch applies, each ended by a NUL.
# Each field is what `jq -r FIELD` printed on that answer alone: nothing for an empty answer, the
# fallback (error, -, false) for one that is not JSON or has no such field.
answers=()
if [ ${#jqargs[@]} -gt 0 ]; then
	while IFS= read -r -d '' f; do answers+=("$f"); done < <(jq -n -j --argjson n "$n" "${jqargs[@]}" '
		def raw: if type == "string" then . else tojson end;
		$ARGS.named as $a
		| range(0; $n) as $i
		| $a["o\($i)"] as $t
		| if ($t | test("^\\s*$")) then "\u0000\u0000\u0000"
		  else ($t | try fromjson catch {"\u0000bad": true}) as $v
		  | if ($v | type) == "object" and $v["\u0000bad"] then "error\u0000-\u0000false\u0000"
		    else (($v | try (.status // "error" | raw) catch "error") + "\u0000"
		          + ($v | try (.diagnoses[0].signature // "-" | raw) catch "-") + "\u0000"
		          + ($v | try (.diagnoses[0].applicable // false | raw) catch "false") + "\u0000")
		    end
		  end')
fi
# 3. the scores, in the order of cases.tsv
for ((i = 0; i < n; i++)); do
	IFS=$'\t' read -r name fam expect script cluster patch url cause <<<"${cases[i]}"
	[ -n "${total[$fam]+x}" ] || { fams+=("$fam"); total[$fam]=0; right[$fam]=0; }
	total[$fam]=$((total[$fam] + 1))
	status=${answers[i * 3]-error} got=${answers[i * 3 + 1]--} appl=${answers[i * 3 + 2]-false}
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
done
all=0
allright=0
for f in "${fams[@]}"; do
	printf 'family %-10s %3d/%-3d right\n' "$f" "${right[$f]}" "${total[$f]}"
	all=$((all + total[$f]))
	allright=$((allright + right[$f]))
done
printf 'total %d/%d right; site-specific wrong %d; wrong patches %d\n' "$allright" "$all" "$sitewrong" "$wrongpatch"
