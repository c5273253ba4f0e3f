# verify_limits.sh - the fixtures of tests/verify/limits/: counts and ranges in a script's header past what
# the cluster or its scheduler takes (huge GPU counts said with the number as written, never the reader's
# stand-in 100001; job arrays against Slurm's MaxArraySize and PBS's max_array_size, src/verify/checks_array.c).
# Each fixture says in its top comments which findings `maple verify --json --no-tools --cluster ID` must
# report (`# expect: ID SEVERITY TEXT`: at the first line, directive lines included, that holds TEXT), what
# their messages must say (`# message: ID REGEX`), which must be absent (`# absent: ID[,ID]`) and whether it
# must verify without any error (`# no-errors`). Adding a case means adding a file.
#
# Run: bash tests/cli/verify_limits.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

n=0
for f in "$SRC"/tests/verify/limits/*.sh "$SRC"/tests/verify/families/ctr-*-docker-*.sh "$SRC"/tests/verify/families/ctr-*-podman-*.sh; do
	[ -f "$f" ] || continue
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
	while read -r id sev text; do
		[ -n "$id" ] || continue
		line=$(grep -n -F -- "$text" "$f" | grep -v '^[0-9]*:# ' | head -n 1 | cut -d: -f1)
		if [ -z "$line" ]; then
			fail "$name: no line holds '$text'"
			continue
		fi
		got=$(jq --arg id "$id" --arg sev "$sev" --argjson l "$line" \
			'[.findings[] | select(.id == $id and .severity == $sev and .line == $l)] | length' "$TMP/out")
		[ "$got" -ge 1 ] && pass "$name: $id ($sev) at line $line" || fail "$name: $id ($sev) at line $line not reported" "${all:-  (no findings)}"
	done < <(sed -n 's/^# expect: *//p' "$f")
	while read -r id re; do
		[ -n "$id" ] || continue
		expect_match "$name: the $id message" "$(jq -r --arg id "$id" '.findings[] | select(.id == $id) | .message' "$TMP/out")" "$re"
	done < <(sed -n 's/^# message: *//p' "$f")
	for ids in $(sed -n 's/^# absent: *//p' "$f"); do
		got=$(jq -r --arg ids "$ids" '($ids | split(",")) as $l | .findings[] | select(.id as $i | $l | index($i)) | "  \(.line) \(.severity) \(.id): \(.message)"' "$TMP/out")
		[ -z "$got" ] && pass "$name: no $ids" || fail "$name: $ids reported" "$got"
	done
	if grep -q '^# no-errors' "$f"; then
		got=$(jq -r '.findings[] | select(.severity == "error") | "  \(.line) \(.id): \(.message)"' "$TMP/out")
		[ -z "$got" ] && pass "$name: no error finding" || fail "$name: error findings on a correct script" "$got"
	fi
done
[ "$n" -ge 10 ] && pass "fixtures read: $n" || fail "fixtures read: $n (expected at least 10)"
finish
