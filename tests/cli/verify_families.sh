# verify_families.sh - the neighbour fixtures of tests/verify/families/ (README there): each script says
# in its top comments which findings `maple verify --json --no-tools --cluster ID` must report, at which
# line and severity (`# expect:`), what a finding's message or fix must say (`# says:`), which it must not
# report (`# absent:`) and whether it must verify without any error (`# no-errors`). Adding a case means
# adding a file.
#
# Run: bash tests/cli/verify_families.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

D=$SRC/tests/verify/families
n=0
for f in "$D"/*.sh; do
	name=$(basename "$f" .sh)
	cl=$(sed -n 's/^# cluster: *//p' "$f" | head -n 1)
	(ulimit -c 0; exec "$MAPLE" verify --json --no-tools ${cl:+--cluster "$cl"} "$f") </dev/null >"$TMP/out" 2>"$TMP/err"
	rc=$?
	n=$((n + 1))
	if [ "$rc" -ge 2 ] || ! jq -e .findings "$TMP/out" >/dev/null 2>&1; then
		fail "$name: verify exits $rc with no findings list" "$(head -c 600 "$TMP/err")"
		continue
	fi
	all=$(jq -r '.findings[] | "  \(.line) \(.severity) \(.id): \(.message)"' "$TMP/out")
	# expect: ID SEVERITY TEXT
	while read -r id sev text; do
		[ -n "$id" ] || continue
		# a comment line never holds it; a scheduler directive (#SBATCH, #PBS, #BSUB, #flux:) may
		line=$(grep -n -F -- "$text" "$f" | grep -E '^[0-9]+:(#(SBATCH|PBS|BSUB|flux:)|[^#]|$)' | head -n 1 | cut -d: -f1)
		if [ -z "$line" ]; then
			fail "$name: no line holds '$text'"
			continue
		fi
		got=$(jq --arg id "$id" --arg sev "$sev" --argjson l "$line" \
			'[.findings[] | select(.id == $id and .severity == $sev and .line == $l)] | length' "$TMP/out")
		if [ "$got" -ge 1 ]; then
			pass "$name: $id ($sev) at line $line"
		else
			fail "$name: $id ($sev) at line $line not reported" "${all:-  (no findings)}"
		fi
	done < <(sed -n 's/^# expect: *//p' "$f")
	# says: ID TEXT - a finding with that id whose message or fix holds TEXT (a limit, a source URL)
	while read -r id text; do
		[ -n "$id" ] || continue
		got=$(jq --arg id "$id" --arg t "$text" \
			'[.findings[] | select(.id == $id and (((.message // "") | contains($t)) or ((.fix // "") | contains($t))))] | length' "$TMP/out")
		if [ "$got" -ge 1 ]; then
			pass "$name: $id says '$text'"
		else
			fail "$name: no $id saying '$text'" "$(jq -r --arg id "$id" '.findings[] | select(.id == $id) | "  \(.message)\n  fix: \(.fix // "")"' "$TMP/out")"
		fi
	done < <(sed -n 's/^# says: *//p' "$f")
	# absent: ID[,ID...]
	for ids in $(sed -n 's/^# absent: *//p' "$f"); do
		got=$(jq -r --arg ids "$ids" '($ids | split(",")) as $l | .findings[] | select(.id as $i | $l | index($i)) | "  \(.line) \(.severity) \(.id): \(.message)"' "$TMP/out")
		if [ -z "$got" ]; then
			pass "$name: no $ids"
		else
			fail "$name: $ids reported" "$got"
		fi
	done
	if grep -q '^# no-errors' "$f"; then
		got=$(jq -r '.findings[] | select(.severity == "error") | "  \(.line) \(.id): \(.message)"' "$TMP/out")
		if [ -z "$got" ]; then
			pass "$name: no error finding"
		else
			fail "$name: error findings on a correct script" "$got"
		fi
	fi
done
[ "$n" -ge 20 ] && pass "fixtures read: $n" || fail "fixtures read: $n (expected at least 20)"
finish
