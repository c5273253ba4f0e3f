# port.sh - the script reader and `maple generate --from OLD --to CLUSTER` on a corpus of launch
# scripts written the way users write them (tests/port/corpus/NN-name.sh, each with the request it
# must yield in NN-name.expect.json; a key absent from the expect file is not checked).
#
# For every script:
#   - `maple extract --script` recovers each expected field;
#   - round trip: the script is ported to every cluster maple knows; each port either prints a script
#     that `maple verify --cluster TARGET` finds free of errors and warnings, or fails with exit 2 and
#     an error that names the limit (never a crash, never an empty error);
#   - every line a port does not carry over is reported with its line number.
. "$(dirname "$0")/lib.bash" "$@"

CORPUS=$SRC/tests/port/corpus
run_maple clusters --json
CLUSTERS=$(jqv '.[].id')

# jq: the expected keys that differ from what maple read
read -r -d '' DIFF <<'JQ'
def actual($a):
  { scheduler: $a.scheduler,
    cluster: $a.request.cluster,
    nodes: $a.request.nodes,
    gpus_per_node: $a.request.gpus_per_node,
    framework: $a.request.framework,
    strategy: $a.request.strategy,
    script: $a.request.script,
    script_is_module: ($a.request.script_is_module // false),
    args: $a.request.script_args,
    walltime_min: $a.request.walltime_minutes,
    job_name: $a.request.job_name,
    env: (($a.request.env // {}) | keys_unsorted) };
. as [$want, $got] | actual($got) as $g
| [ $want | to_entries[] | select(.value != $g[.key]) | "\(.key): want \(.value|tojson) got \($g[.key]|tojson)" ]
| .[]
JQ

n=0
for s in "$CORPUS"/*.sh; do
	name=$(basename "$s" .sh)
	exp=$CORPUS/$name.expect.json
	[ -f "$exp" ] || { fail "$name has an expect file"; continue; }
	n=$((n + 1))
	run_maple extract --json --script "$s"
	if [ "$RC" != 0 ]; then
		fail "$name: maple extract --json --script exits 0" "$ERR"
		continue
	fi
	diffs=$(jq -n -r --slurpfile w "$exp" --argjson g "$OUT" "[\$w[0], \$g] | $DIFF")
	if [ -z "$diffs" ]; then
		pass "$name: reads as expected"
	else
		fail "$name: reads as expected" "$diffs"
	fi
	# every dropped line names its line
	bad=$(printf '%s' "$OUT" | jq -r '.not_carried_over[] | select(test("^line [0-9]+") | not)')
	[ -z "$bad" ] && pass "$name: every line not carried over is named" || fail "$name: lines not carried over name their line" "$bad"
	# round trip to every cluster
	ok=0 refused=0 problems=""
	for c in $CLUSTERS; do
		"$MAPLE" generate --from "$s" --to "$c" "account testproj" </dev/null >"$TMP/port.sh" 2>"$TMP/port.err"
		rc=$?
		if [ $rc = 0 ]; then
			"$MAPLE" verify --json --cluster "$c" "$TMP/port.sh" >"$TMP/v.json" 2>&1
			vr=$?
			# GPUs left idle are what the port said it would do when it keeps the world size on
			# nodes with more GPUs (issue 13's policy); any other finding is a problem
			idle_ok=false
			grep -q 'the world size [0-9]* .* is kept' "$TMP/port.err" && idle_ok=true
			nf=$(jq --argjson idle "$idle_ok" '[.findings[] | select(.severity != "info") | select(($idle and .id == "gpus-idle") | not)] | length' "$TMP/v.json" 2>/dev/null)
			if [ "$vr" = 0 ] && [ "$nf" = 0 ]; then
				ok=$((ok + 1))
			else
				problems+="$c: verify exit $vr: $(jq -c --argjson idle "$idle_ok" '[.findings[] | select(.severity != "info") | select(($idle and .id == "gpus-idle") | not) | "\(.line) \(.id) \(.message)"]' "$TMP/v.json" 2>/dev/null | head -c 600)"$'\n'
			fi
		elif [ $rc = 2 ] && grep -q '^maple: error: ..' "$TMP/port.err"; then
			refused=$((refused + 1))
		else
			problems+="$c: exit $rc: $(head -c 400 "$TMP/port.err")"$'\n'
		fi
	done
	if [ -z "$problems" ]; then
		pass "$name: ported to every cluster ($ok clean, $refused refused with a reason)"
	else
		fail "$name: ported to every cluster" "$problems"
	fi
done
# the same reading for people: one row per field, then the lines not carried over
run_maple extract --script "$SRC/tests/golden/delta-pytorch-ddp.sh"
expect_rc "extract --script (text)" 0
expect_match "extract --script (text): the script row" "$OUT" '^script +"[^"]+\.py"'
expect_match "extract --script (text): the account is not carried over" "$OUT" '^not carried over: line [0-9]+: `#SBATCH --account='
[ "$n" -ge 40 ] && pass "corpus has $n scripts (>= 40)" || fail "corpus has at least 40 scripts" "found $n"
finish
