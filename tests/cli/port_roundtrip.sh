# port_roundtrip.sh - every job script of tests/scripts/ ported to every other cluster maple knows
# (`maple generate --from OLD --to CLUSTER`), then checked (issue 13's round trip):
#   - a deep-learning script (its expected reading: a Python program, not an MPI application or
#     Horovod) ports to a script that `maple verify --cluster CLUSTER` passes with no error or
#     warning (GPUs left idle only where the port said it keeps the world size), or is refused
#     with a reason (exit 2 and an error); its verification copy (what `verify --run` submits) is
#     valid shell that runs the mini-app as a file;
#   - the port keeps the request: the training program and its arguments (a DeepSpeed config the old
#     script wrote itself may be replaced, and the port says so), the framework, the strategy where
#     it was known, and the world size (nodes x GPUs per node);
#   - a script maple cannot port whole (an MPI application, Horovod, MPMD, no node count) never ports
#     "ok": it is an error or incomplete, with what is missing.
# Prints the counts: ports clean, refused with a reason, requests kept.
. "$(dirname "$0")/lib.bash" "$@"

CORPUS=$SRC/tests/scripts
run_maple clusters --json
CLUSTERS=$(jqv '.[].id')

# jq: [expect, generate --json] -> the request fields the port did not keep
read -r -d '' KEPT <<'JQ'
# a communication backend named for the old vendor's GPUs is retargeted (and the port says so)
def norm: map(if IN("ccl", "xccl", "nccl", "rccl") then "BACKEND" else . end)
# the job's own scheduler variables are renamed to the target scheduler's (said by the port)
  | map(gsub("SLURM_ARRAY_TASK_ID|PBS_ARRAY_INDEX"; "S_ARRAY_INDEX") | gsub("SLURM_ARRAY_JOB_ID|PBS_ARRAY_ID"; "S_ARRAY_ID")
        | gsub("SLURM_JOB_ID|SLURM_JOBID|PBS_JOBID"; "S_JOBID") | gsub("SLURM_SUBMIT_DIR|PBS_O_WORKDIR"; "S_WORKDIR")
        | gsub("SLURM_JOB_NAME|PBS_JOBNAME"; "S_JOBNAME") | gsub("SLURM_SUBMIT_HOST|PBS_O_HOST"; "S_HOST"));
# a DeepSpeed config the old script wrote itself: the same option now names the one the port writes
# the program's own layout arguments (trainer.devices=N, --num_nodes N) follow the port's placement
def laykey: "(trainer\\.)?(devices|gpus|ngpus|gpus_per_node|gpus-per-node|num_gpus|num-gpus|nproc_per_node|nproc-per-node|num_nodes|num-nodes|nnodes|nodes)";
def laynorm: . as $a | [range(0; length) as $i | $a[$i] | if $i > 0 and ($a[$i - 1] | test("^--" + laykey + "$")) and test("^[0-9]+$") then "N" else sub("^(?<k>(--)?" + laykey + ")=[0-9]+$"; "\(.k)=N") end];
def dsnorm: . as $a | [range(0; length) as $i | $a[$i] | if $i > 0 and ($a[$i - 1] | IN("--deepspeed_config", "--deepspeed-config", "--deepspeed_config_file", "--deepspeed")) and (startswith("-") | not) then "CFG" else sub("^(?<o>--deepspeed[-_a-z]*)=.*$"; "\(.o)=CFG") end];
# what the port announced it rewrote in the program's arguments ("argument `--launcher slurm` changed to
# `--launcher pytorch`", "$SLURM_PROCID ... renamed to $PMI_RANK", "$SLURM_NTASKS ... is 8 in the port,
# written as the number") is applied to the old arguments before they are compared
def announced($warns): . as $args
  | reduce ($warns[] | capture("^argument `(?<k>[^` ]+) (?<a>[^`]+)` changed to `[^` ]+ (?<b>[^`]+)`")) as $c ($args;
      . as $x | [range(0; length) as $i | $x[$i]
        | if . == "\($c.k)=\($c.a)" then "\($c.k)=\($c.b)" elif . == $c.a and $i > 0 and $x[$i - 1] == $c.k then $c.b else . end])
  | reduce ($warns[] | capture("^argument \\S+: \\$(?<v>\\w+) .* renamed to \\$(?<n>\\w+)")) as $c (.;
      map(gsub("\\$\\{?" + $c.v + "\\}?(?![A-Za-z0-9_])"; "$" + $c.n)))
  | reduce ($warns[] | capture("^argument \\S+: \\$(?<v>\\w+) .* is (?<n>[0-9]+) in the port, written as the number")) as $c (.;
      map(gsub("\\$\\{?" + $c.v + "\\}?(?![A-Za-z0-9_])"; $c.n)));
.[0] as $w0 | .[1] as $g | $g.request as $r
| ($w0 | .args = ((.args // []) | announced($g.warnings))) as $w
| ([$g.warnings[] | select(test("now names \"\\$DS_CONFIG\": the old script wrote its DeepSpeed config"))] | length > 0) as $ds
| [ (if $r.script != $w.script then "script: want \($w.script) got \($r.script)" else empty end),
    (if ($ds | not) and (($r.script_args // []) | norm | laynorm) != ($w.args | norm | laynorm) then "args: want \($w.args|tojson) got \($r.script_args|tojson)" else empty end),
    (if $ds and (($r.script_args // []) | norm | dsnorm) != ($w.args | norm | dsnorm) then "args: want \($w.args|tojson) got \($r.script_args|tojson) (the config option keeps its form)" else empty end),
    (if $w.framework != null and $r.framework != $w.framework then "framework: want \($w.framework) got \($r.framework)" else empty end),
    (if ($w.strategy // "unknown") != "unknown" and $r.strategy != $w.strategy then "strategy: want \($w.strategy) got \($r.strategy)" else empty end),
    (if $w.nodes != null and $w.gpus_per_node != null and ($r.nodes * $r.gpus_per_node) != ($w.nodes * $w.gpus_per_node)
     then "world size: want \($w.nodes * $w.gpus_per_node) got \($r.nodes) x \($r.gpus_per_node)" else empty end) ]
| .[]
JQ

scripts=0 ports=0 clean=0 refused=0 kept=0 notdl=0
for exp in "$CORPUS"/*.expect.json; do
	name=$(basename "$exp" .expect.json)
	s=$CORPUS/$name.sh
	from=$(jq -r '.cluster // ""' "$exp")
	dl=$(jq -r 'if (.program == "python" or .program == "module") and ((.family // "") | IN("mpi", "horovod", "mpmd", "hetjob") | not) and .nodes != null then "yes" else "no" end' "$exp")
	scripts=$((scripts + 1))
	problems=""
	for c in $CLUSTERS; do
		[ "$c" = "$from" ] && continue
		ports=$((ports + 1))
		"$MAPLE" generate --json --from "$s" --to "$c" "account testproj" </dev/null >"$TMP/g.json" 2>"$TMP/g.err"
		rc=$?
		if [ "$dl" = no ]; then
			notdl=$((notdl + 1))
			if [ $rc = 0 ]; then
				problems+="$c: a script maple cannot port whole ported ok"$'\n'
			elif ! jq -e '(.errors + .missing) | length > 0' "$TMP/g.json" >/dev/null 2>&1; then
				problems+="$c: exit $rc without a reason: $(head -c 300 "$TMP/g.err")"$'\n'
			fi
			continue
		fi
		# a refusal names the limit; maple's own output failing its check is a defect, never a refusal
		if [ $rc = 2 ] && jq -e '(.errors | length > 0) and ([.errors[] | select(startswith("maple'"'"'s own script"))] | length == 0)' "$TMP/g.json" >/dev/null 2>&1; then
			refused=$((refused + 1))
			continue
		fi
		if [ $rc != 0 ]; then
			problems+="$c: exit $rc: $(jq -c '.errors + .missing' "$TMP/g.json" 2>/dev/null | head -c 300) $(head -c 200 "$TMP/g.err")"$'\n'
			continue
		fi
		jq -r .script "$TMP/g.json" >"$TMP/port.sh"
		"$MAPLE" verify --json --cluster "$c" "$TMP/port.sh" >"$TMP/v.json" 2>&1
		vr=$?
		idle=$(jq '[.warnings[] | select(test("the world size [0-9]+ .* is kept"))] | length > 0' "$TMP/g.json")
		# another centre's login variable ($PSCRATCH on Frontier) is a real finding the port must
		# announce itself; then it is what the port said, not a defect of the port
		site=$(jq '[.warnings[] | select(test("\\[site-variable\\]|lets one user hold at most"))] | length > 0' "$TMP/g.json")
		# a variable only the user's own settings file sets (. ./.env): the port carries the file and
		# says so; verify's warning that the file may not set it is then what the port announced
		src=$(jq '[.warnings[] | select(test("is carried over before the launch: [$][A-Za-z_0-9]+ is not set in the script"))] | length > 0' "$TMP/g.json")
		# SC2155 (export NAME=$(...)) is a shellcheck style note on a value carried live from the
		# user's own script; it never decides the exit status
		bad=$(jq -c --argjson idle "$idle" --argjson site "$site" --argjson src "$src" '[.findings[] | select(.severity != "info") | select(($idle and .id == "gpus-idle") | not) | select(($src and .id == "variable-unset" and .severity == "warning") | not) | select(($site and (.id == "site-variable" or .id == "gpus-exceed-user-limit")) | not) | select((.id == "shellcheck" and (.message | startswith("SC2155"))) | not) | "\(.line) \(.id) \(.message)"]' "$TMP/v.json" 2>/dev/null)
		vc=$(vcopy_problem "$TMP/port.sh")
		if [ "$vr" = 0 ] && [ "$bad" = "[]" ] && [ -z "$vc" ]; then
			clean=$((clean + 1))
		elif [ -n "$vc" ]; then
			problems+="$c: $vc"$'\n'
		else
			problems+="$c: verify exit $vr: $(printf '%s' "$bad" | head -c 500)"$'\n'
		fi
		diffs=$(jq -n -r --slurpfile w "$exp" --slurpfile g "$TMP/g.json" "[\$w[0], \$g[0]] | $KEPT")
		if [ -z "$diffs" ]; then
			kept=$((kept + 1))
		else
			problems+="$c: the port changed the request: $diffs"$'\n'
		fi
	done
	if [ -z "$problems" ]; then
		pass "$name: ported to every other cluster"
	else
		fail "$name: ported to every other cluster" "$problems"
	fi
done
dlports=$((ports - notdl))
echo "port round trip: $scripts scripts, $ports ports; deep-learning ports: $clean verify clean, $refused refused with a reason, $kept/$((dlports - refused)) kept the request; $notdl ports of scripts maple cannot port whole, all refused"
[ "$scripts" -ge 60 ] && pass "round trip covers $scripts scripts (>= 60)" || fail "round trip covers at least 60 scripts" "found $scripts"
finish
