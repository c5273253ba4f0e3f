# scripts.sh - the script reader on a corpus of job scripts in the shapes centres publish and users
# write (tests/scripts/NN-name.sh with the reading it must give in NN-name.expect.json). Every field
# of the expect file is checked; fields an expect file leaves out are checked against their default
# (family null, tp/pp null, unknown_words []), except `launches`, checked only where given.
# Prints the reading score: scripts with every field right / scripts.
. "$(dirname "$0")/lib.bash" "$@"

CORPUS=$SRC/tests/scripts

# jq: [want, got] -> the fields that differ
read -r -d '' DIFF <<'JQ'
def actual($a):
  ($a.reading // {}) as $r |
  { cluster: $a.request.cluster,
    framework: $a.request.framework,
    strategy: ($r.strategy // $a.request.strategy),
    script: $a.request.script,
    args: ($a.request.script_args // []),
    nodes: $a.request.nodes,
    gpus_per_node: $a.request.gpus_per_node,
    program: ($r.program // (if $a.request.script_is_module then "module" elif $a.request.script then "python" else "none" end)),
    family: ($r.family // null),
    tp: ($r.tp // null),
    pp: ($r.pp // null),
    launches: ($r.launches // null),
    unknown_words: ($r.unknown_words // []) };
def defaults: { family: null, tp: null, pp: null, unknown_words: [] };
. as [$want, $got] | actual($got) as $g | (defaults + $want) as $w
| [ $w | to_entries[] | select(.value != $g[.key]) | "\(.key): want \(.value|tojson) got \($g[.key]|tojson)" ]
| .[]
JQ

n=0 right=0
for exp in "$CORPUS"/*.expect.json; do
	name=$(basename "$exp" .expect.json)
	s=$CORPUS/$name.sh
	[ -f "$s" ] || { fail "$name: has a script"; continue; }
	n=$((n + 1))
	run_maple extract --json --script "$s"
	if [ "$RC" != 0 ]; then
		fail "$name: maple extract --json --script exits 0" "$ERR"
		continue
	fi
	diffs=$(jq -n -r --slurpfile w "$exp" --argjson g "$OUT" "[\$w[0], \$g] | $DIFF")
	if [ -z "$diffs" ]; then
		right=$((right + 1))
		pass "$name: every field read right"
	else
		fail "$name: every field read right" "$diffs"
	fi
done
echo "reading score: $right/$n scripts with every field right"
[ "$n" -ge 60 ] && pass "corpus has $n scripts (>= 60)" || fail "corpus has at least 60 scripts" "found $n"
finish
