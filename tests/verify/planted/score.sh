#!/bin/bash
# score.sh - scores `maple verify` on the held-out planted-defect set of this folder (cases.sh).
#
# Every case takes a clean published-style base script from tests/verify/published/ (verified first:
# it must get no error finding), plants ONE defect with sed, runs
#     maple verify --json --no-tools --cluster CLUSTER MUTATED
# and classifies the result:
#   right  - a finding (error or warning) whose id is one of the accepted ids, at the defect's line
#            (the line is found in the mutated file from a fixed string; '*' = the defect has no line
#            of its own, such as a missing directive, and any line counts);
#   wrong  - an accepted id at another line, or another id at the defect's line;
#   missed - neither;
#   false  - an error finding at a line other than the defect's (for an absence: with another id).
# Marker lines are searched outside '# ' comments.
# Prints one line per case and the totals; exits 1 when a base has an error, a case is missed, or a
# mutation left its base unchanged (so it can run as a test).
#
# Run: bash tests/verify/planted/score.sh build/maple [SRC]   (-v: the findings of every non-right case)
set -u
VERBOSE=0
[ "${1:-}" = -v ] && { VERBOSE=1; shift; }
MAPLE=${1:?usage: score.sh [-v] MAPLE [SRC]}
SRC=${2:-$(cd "$(dirname "$0")/../../.." && pwd)}
case $MAPLE in /*) ;; *) MAPLE=$PWD/$MAPLE ;; esac
export MAPLE_DATA_DIR="$SRC/data"
export LC_ALL=C
P=$SRC/tests/verify/published
TMP=$(mktemp -d "${TMPDIR:-/tmp}/maple-planted.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
N=0 RIGHT=0 WRONG=0 MISSED=0 FALSE=0 BAD=0
declare -A BASEOK=()

cluster_of() { sed -n 's/^# cluster: *//p' "$1" | head -n 1; }

verify_json() { "$MAPLE" verify --json --no-tools --cluster "$1" "$2" </dev/null 2>/dev/null; }

base_check() {
	local b=$1 cl out n
	[ -n "${BASEOK[$b]:-}" ] && return
	cl=$(cluster_of "$P/$b")
	out=$(verify_json "$cl" "$P/$b")
	n=$(printf '%s\n' "$out" | jq '[.findings[] | select(.severity == "error")] | length' 2>/dev/null)
	if [ "${n:-1}" != 0 ]; then
		echo "BASE-ERROR $b: $(printf '%s\n' "$out" | jq -c '[.findings[] | select(.severity == "error") | "\(.line) \(.id)"]' 2>/dev/null)"
		BAD=$((BAD + 1))
	fi
	BASEOK[$b]=1
}

# plant NAME BASE MARKER IDS SED-ARGS...
#   MARKER: fixed string on the defect's line in the mutated file ('A || B': either line), or '*'.
#   IDS: accepted finding ids, comma-separated, or '*' for any id at the defect's line.
plant() {
	local name=$1 base=$2 marker=$3 ids=$4
	shift 4
	N=$((N + 1))
	base_check "$base"
	local src=$P/$base f=$TMP/$name.sh cl out lines m l
	sed "$@" "$src" >"$f"
	if cmp -s "$src" "$f"; then
		echo "UNCHANGED $name"
		BAD=$((BAD + 1))
		return
	fi
	cl=$(cluster_of "$src")
	out=$(verify_json "$cl" "$f")
	lines=
	if [ "$marker" != '*' ]; then
		while IFS= read -r m; do
			l=$(grep -n -F -- "$m" "$f" | grep -v '^[0-9]*:# ' | head -n 1 | cut -d: -f1)
			[ -z "$l" ] && { echo "NO-MARKER $name: $m"; BAD=$((BAD + 1)); return; }
			lines+="$l,"
		done < <(printf '%s\n' "$marker" | sed 's/ || /\n/g')
	fi
	local r
	r=$(printf '%s\n' "$out" | jq -r --arg ids "$ids" --arg lines "${lines%,}" '
		($ids | split(",")) as $I | ($lines | if . == "" then [] else split(",") | map(tonumber) end) as $L |
		[.findings[] | select(.severity == "error" or .severity == "warning")] as $F |
		def idok: ($I == ["*"]) or (.id as $x | $I | index($x));
		def lineok: ($L == []) or (.line as $x | $L | index($x));
		(if any($F[]; idok and lineok) then "right"
		 elif any($F[]; idok or (lineok and ($L != []))) then "wrong" else "missed" end) + " " +
		([.findings[] | select(.severity == "error") | select((($L == []) and (idok | not)) or (($L != []) and ((.line as $x | $L | index($x)) | not)))] | length | tostring)
	' 2>/dev/null)
	[ -z "$r" ] && r="missed 0"
	local verdict=${r% *} nfalse=${r#* }
	case $verdict in right) RIGHT=$((RIGHT + 1)) ;; wrong) WRONG=$((WRONG + 1)) ;; *) MISSED=$((MISSED + 1)) ;; esac
	[ "$nfalse" -gt 0 ] && FALSE=$((FALSE + 1))
	printf '%-7s %-28s line %-6s want %s%s\n' "$verdict" "$name" "${lines%,}" "$ids" "$([ "$nfalse" -gt 0 ] && echo " (+$nfalse other errors)")"
	if [ $VERBOSE = 1 ] && { [ "$verdict" != right ] || [ "$nfalse" -gt 0 ]; }; then
		printf '%s\n' "$out" | jq -r '.findings[] | "      \(.line) \(.severity) \(.id): \(.message)"' 2>/dev/null | cut -c1-200
	fi
}

. "$(dirname "$0")/cases.sh"

echo "planted: $N cases: $RIGHT right line, $WRONG wrong line/id, $MISSED missed; $FALSE with other errors; $BAD broken"
[ $MISSED = 0 ] && [ $BAD = 0 ]
