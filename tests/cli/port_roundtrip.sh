# port_roundtrip.sh - every job script of tests/scripts/ ported to every other cluster maple knows
# (`maple generate --from OLD --to CLUSTER`), then checked (issue 13's round trip):
#   - a deep-learning script (its expected reading: a Python program - Horovod and JAX too - or the job's own
#     MPI binary) ports to a script that `maple verify --cluster CLUSTER` passes with no error or
#     warning (GPUs left idle only where the port said it keeps the world size; a job array larger than the
#     target queue's per-user submission limit, which verify reports as a warning with the centre's source -
#     the port is right, the limit is the user's to know; a path of the old script, kept as written, on a
#     file system another cluster of the centre has or the centre retired, which verify reports as a
#     warning naming the file system - the data is the user's to move, and the port says so where it knows
#     the old centre's paths), or is refused
#     with a reason (exit 2 and an error); its verification copy (what `verify --run` submits) is
#     valid shell that runs the mini-app as a file;
#   - the port keeps the request: the training program and its arguments (a DeepSpeed config the old
#     script wrote itself may be replaced, and the port says so), the framework, the strategy where
#     it was known, and the world size (nodes x GPUs per node);
#   - a script maple cannot port whole (MPMD, a heterogeneous job, a job runner such as
#     submitit's that hides the program, no node count) never ports
#     "ok": it is an error or incomplete, with what is missing.
# Prints the counts: ports clean, refused with a reason, requests kept.
#
# MAPLE_TEST_SUBSET=GLOB runs only the scripts whose name (tests/scripts/NAME.sh) matches GLOB, e.g.
# MAPLE_TEST_SUBSET='1[0-2]*' (the coverage check, >= 60 scripts, is then not applied).
# MAPLE_TEST_RANGE=FROM-TO runs only the FROM-th to the TO-th of those scripts (1-based, in the corpus
# order; 'FROM-' to the end): a long run, under the sanitizers say, can go on where an earlier one stopped.
# The scripts are checked in parallel, MAPLE_TEST_JOBS at a time (default: nproc); each writes its
# result to a file and the results are printed in the corpus order, so the output does not depend on
# the number of jobs. Per script, jq runs three times in all (its reading; every port's generate
# output; every port's verify output and kept request), not six to eight times per port, and maple
# verify once for all its ports (--batch: one shellcheck for them), not once per port.
. "$(dirname "$0")/lib.bash" "$@"

CORPUS=$SRC/tests/scripts
run_maple clusters --json
CLUSTERS=$(jqv '.[].id')

# jq: [expect, generate --json] -> the request fields the port did not keep
read -r -d '' KEPT <<'JQ'
# a communication backend named for the old vendor's GPUs is retargeted (and the port says so)
def norm: map(if IN("ccl", "xccl", "nccl", "rccl") then "BACKEND" else . end)
# the job's own scheduler variables are renamed to the target scheduler's (said by the port), in the
# arguments and in the program's own path (${SLURM_SUBMIT_DIR}/train.py)
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
  # ("argument %t: srun --multi-prog's %t (...) is $SLURM_PROCID outside the configuration file")
  | reduce ($warns[] | capture("^argument \\S+: srun --multi-prog's %t .* is \\$(?<n>\\w+) outside")) as $c (.;
      map(gsub("%t(?<a>[A-Za-z0-9_])"; "${" + $c.n + "}" + .a) | gsub("%t"; "$" + $c.n)))
  | reduce ($warns[] | capture("^argument \\S+: \\$(?<v>\\w+) .* renamed to \\$(?<n>\\w+)")) as $c (.;
      map(gsub("\\$\\{?" + $c.v + "\\}?(?![A-Za-z0-9_])"; "$" + $c.n)))
  | reduce ($warns[] | capture("^argument \\S+: \\$(?<v>\\w+) .* is (?<n>[0-9]+) in the port, written as the number")) as $c (.;
      map(gsub("\\$\\{?" + $c.v + "\\}?(?![A-Za-z0-9_])"; $c.n)))
  # ("argument ${SEEDS[$SLURM_ARRAY_TASK_ID]}: the element is picked into SEEDS_ITEM before the launch")
  | reduce ($warns[] | capture("^argument (?<e>\\S+): the element is picked into (?<n>\\w+) before the launch")) as $c (.;
      map(if . == $c.e then "${\($c.n)}" else . end));
.[0] as $w0 | .[1] as $g | $g.request as $r
| ($w0 | .args = ((.args // []) | announced($g.warnings))) as $w
| ([$g.warnings[] | select(test("now names \"\\$DS_CONFIG\": the old script wrote its DeepSpeed config"))] | length > 0) as $ds
| ($w.script | if . == "$*" then "$@" else . end) as $ws  # unquoted, $* and $@ split the same: the port hands "$@" on
| [ (if ([$r.script // ""] | norm) != ([$ws // ""] | norm) then "script: want \($w.script) got \($r.script)" else empty end),
    (if ($ds | not) and (($r.script_args // []) | norm | laynorm) != ($w.args | norm | laynorm) then "args: want \($w.args|tojson) got \($r.script_args|tojson)" else empty end),
    (if $ds and (($r.script_args // []) | norm | dsnorm) != ($w.args | norm | dsnorm) then "args: want \($w.args|tojson) got \($r.script_args|tojson) (the config option keeps its form)" else empty end),
    (if $w.framework != null and $r.framework != $w.framework then "framework: want \($w.framework) got \($r.framework)" else empty end),
    (if ($w.strategy // "unknown") != "unknown" and $r.strategy != $w.strategy then "strategy: want \($w.strategy) got \($r.strategy)" else empty end),
    (if $w.nodes != null and $w.gpus_per_node != null and ($r.nodes * $r.gpus_per_node) != ($w.nodes * $w.gpus_per_node)
     then "world size: want \($w.nodes * $w.gpus_per_node) got \($r.nodes) x \($r.gpus_per_node)" else empty end) ]
| .[]
JQ

# port_one NAME: ports tests/scripts/NAME.sh to every other cluster and writes $RES/NAME.n (the
# counts: ports clean refused kept notdl) and $RES/NAME.p (the problems, one per line, in the
# cluster order). Runs in its own bash (xargs), with its own temporary directory.
port_one() {
	local name=$1 exp=$CORPUS/$1.expect.json s=$CORPUS/$1.sh
	local TMP=$TMP/w.$1
	mkdir -p "$TMP" || return 1
	local from dl c i n=0 ports=0 clean=0 refused=0 kept=0 notdl=0 problems=""
	local -a cl rc kind detail vr vc bad diffs gargs=()
	# the source cluster and whether it is a deep-learning script: read for every script at once
	# before the workers start ($RES/NAME.meta), else here
	if [ -f "$RES/$1.meta" ]; then
		IFS=$'\x1f' read -r from dl <"$RES/$1.meta"
	else
		{ read -r from; read -r dl; } < <(jq -r "$META" "$exp")
	fi
	# 1. every port's generate
	for c in $CLUSTERS; do
		[ "$c" = "$from" ] && continue
		cl[n]=$c
		"$MAPLE" generate --json --from "$s" --to "$c" "account testproj" </dev/null >"$TMP/g.$n.json" 2>"$TMP/g.$n.err"
		rc[n]=$?
		gargs+=(--rawfile "g$n" "$TMP/g.$n.json" --argjson "rc$n" "${rc[n]}")
		n=$((n + 1))
	done
	ports=$n
	# 2. one jq over every port's generate output: per port a kind, a detail and (a port to verify) the
	# script, each ended by a NUL. A file that is not JSON reads as null, as jq on that file failing did.
	# kind: notdl-ok | notdl-reason | notdl-noreason | refused | exit | verify
	local k=0 rec pdirs=()
	for ((i = 0; i < n; i++)); do pdirs+=("$TMP/p$i"); done
	[ "$n" -gt 0 ] && mkdir -p "${pdirs[@]}" # one mkdir for every port's directory, not one a port
	while IFS= read -r -d '' rec; do
		case $((k % 3)) in
		0) kind[k / 3]=$rec ;;
		1) detail[k / 3]=$rec ;;
		2) [ "${kind[k / 3]}" = verify ] && printf '%s' "$rec" >"$TMP/p$((k / 3))/port.sh" ;;
		esac
		k=$((k + 1))
	done < <(jq -n -j --arg dl "$dl" --argjson n "$n" "${gargs[@]}" '
		$ARGS.named as $a
		| range(0; $n) as $i
		| ($a["g\($i)"] | try fromjson catch null) as $g
		| $a["rc\($i)"] as $rc
		| (if $dl == "no" then
			if $rc == 0 then ["notdl-ok", "", ""]
			elif ($g | try ((.errors + .missing) | length > 0) catch false) then ["notdl-reason", "", ""]
			else ["notdl-noreason", "", ""] end
		   elif $rc == 2 and ($g | try ((.errors | length > 0) and ([.errors[] | select(startswith("maple'"'"'s own script"))] | length == 0)) catch false) then ["refused", "", ""]
		   elif $rc != 0 then ["exit", ($g | try ((.errors + .missing) | tojson) catch ""), ""]
		   else
			# the script as jq -r .script writes it, and the three flags the verify filter needs
			["verify",
			 ($g | try ([([.warnings[] | select(test("the world size [0-9]+ .* is kept"))] | length > 0),
			             ([.warnings[] | select(test("\\[site-variable\\]|lets one user hold at most"))] | length > 0),
			             ([.warnings[] | select(test("is carried over before the launch: [$][A-Za-z_0-9]+ is not set in the script"))] | length > 0)] | tojson)
			        catch ""),
			 (if $g == null then "" else ($g | try (.script | (if type == "string" then . else tojson end) + "\n") catch "") end)]
		   end)
		| .[] + "\u0000"')
	# 3. every port that generated a script: its verification copy, and one `maple verify --batch` for
	# all of them (one maple and one shellcheck process for the script's ports, not one of each a port:
	# each port's answer is the one `maple verify --json --cluster C PORT` gives alone, tests/cli/verify_batch.sh)
	local -a vargs=() vlines=()
	: >"$TMP/verify.list"
	for ((i = 0; i < n; i++)); do
		[ "${kind[i]:-}" = verify ] || continue
		printf -- '--cluster %s %s\n' "${cl[i]}" "$TMP/p$i/port.sh" >>"$TMP/verify.list"
		vc[i]=$(vcopy_problem "$TMP/p$i/port.sh")
	done
	local verr=
	if [ -s "$TMP/verify.list" ]; then
		"$MAPLE" verify --json --batch "$TMP/verify.list" </dev/null >"$TMP/v.jsonl" 2>"$TMP/v.err"
		mapfile -t vlines <"$TMP/v.jsonl"
		# anything on stderr spoils the JSON answers, as it did when it went into each port's JSON file
		[ -s "$TMP/v.err" ] && verr=$(head -c 300 "$TMP/v.err") && vlines=()
	fi
	k=0
	for ((i = 0; i < n; i++)); do
		[ "${kind[i]:-}" = verify ] || continue
		vargs+=(--arg "v$i" "${vlines[k]-}" --rawfile "g$i" "$TMP/g.$i.json" --arg "f$i" "${detail[i]}")
		k=$((k + 1))
	done
	# 4. one jq over every verified port: the findings that count (bad), what the port did not keep
	# (diffs) and the exit status its verify alone has (vr: 2 unreadable, 1 an error finding, 0 none;
	# empty when its answer is missing or not JSON). A flag that could not be read leaves bad empty, as
	# --argjson "" did; a kept-request filter that fails leaves diffs empty, as it did.
	if [ ${#vargs[@]} -gt 0 ]; then
		k=0
		local idx=()
		for ((i = 0; i < n; i++)); do [ "${kind[i]:-}" = verify ] && idx+=("$i"); done
		while IFS= read -r -d '' rec; do
			i=${idx[k / 3]}
			case $((k % 3)) in
			0) bad[i]=$rec ;;
			1) diffs[i]=$rec ;;
			2) vr[i]=$rec${verr:+ (stderr: $verr)} ;;
			esac
			k=$((k + 1))
		done < <(jq -n -j --slurpfile w "$exp" --argjson idx "[$(IFS=,; echo "${idx[*]}")]" "${vargs[@]}" '
			$ARGS.named as $a
			| $idx[] as $i
			| ($a["g\($i)"] | try fromjson catch null) as $g
			| (try ($a["f\($i)"] | fromjson) catch null) as $f
			| (if $f == null then ""
			   else ($a["v\($i)"] | try (fromjson | $f[0] as $idle | $f[2] as $src | $f[1] as $site
				| [.findings[] | select(.severity != "info") | select(($idle and .id == "gpus-idle") | not) | select(($src and .id == "variable-unset" and .severity == "warning") | not) | select((.id == "variable-unset" and .severity == "warning" and (.message | test("unless the environment the job is submitted from exports it"))) | not) | select(($site and (.id == "site-variable" or .id == "gpus-exceed-user-limit")) | not) | select((.id == "array-exceeds-submit-limit" and .severity == "warning") | not) | select(((.id == "filesystems-foreign" or .id == "filesystems-retired") and .severity == "warning") | not) | select((.id == "shellcheck" and (.message | startswith("SC2155"))) | not) | "\(.line) \(.id) \(.message)"]
				| tojson) catch "")
			   end) + "\u0000",
			  (if $g == null then "" else (try ([[$w[0], $g] | '"$KEPT"'] | join("\n") | sub("\n+$"; "")) catch "") end) + "\u0000",
			  ($a["v\($i)"] | try (fromjson | if has("error") then "2" elif any(.findings[]; .severity == "error") then "1" else "0" end) catch "") + "\u0000"')
	fi
	# 5. the counts and the problems, in the cluster order
	for ((i = 0; i < n; i++)); do
		c=${cl[i]}
		case ${kind[i]:-} in
		notdl-ok)
			notdl=$((notdl + 1))
			problems+="$c: a script maple cannot port whole ported ok"$'\n' ;;
		notdl-reason)
			notdl=$((notdl + 1)) ;;
		notdl-noreason)
			notdl=$((notdl + 1))
			problems+="$c: exit ${rc[i]} without a reason: $(head -c 300 "$TMP/g.$i.err")"$'\n' ;;
		refused)
			refused=$((refused + 1)) ;;
		exit)
			problems+="$c: exit ${rc[i]}: $(printf '%s' "${detail[i]}" | head -c 300) $(head -c 200 "$TMP/g.$i.err")"$'\n' ;;
		verify)
			if [ "${vr[i]}" = 0 ] && [ "${bad[i]-}" = "[]" ] && [ -z "${vc[i]}" ]; then
				clean=$((clean + 1))
			elif [ -n "${vc[i]}" ]; then
				problems+="$c: ${vc[i]}"$'\n'
			else
				problems+="$c: verify exit ${vr[i]}: $(printf '%s' "${bad[i]-}" | head -c 500)"$'\n'
			fi
			if [ -z "${diffs[i]-}" ]; then
				kept=$((kept + 1))
			else
				problems+="$c: the port changed the request: ${diffs[i]}"$'\n'
			fi ;;
		*)
			problems+="$c: no result (the port's generate output could not be read)"$'\n' ;;
		esac
	done
	printf '%s\n' "$ports $clean $refused $kept $notdl" >"$RES/$name.n"
	printf '%s' "$problems" >"$RES/$name.p"
	rm -rf "$TMP"
}

RES=$TMP/results
mkdir -p "$RES"
names=()
for exp in "$CORPUS"/*.expect.json; do
	name=${exp##*/}
	name=${name%.expect.json}
	[[ $name == ${MAPLE_TEST_SUBSET:-*} ]] || continue
	names+=("$name")
done
if [ -n "${MAPLE_TEST_RANGE:-}" ]; then
	if ! [[ $MAPLE_TEST_RANGE =~ ^([1-9][0-9]{0,5})-([1-9][0-9]{0,5})?$ ]]; then
		echo "port_roundtrip.sh: MAPLE_TEST_RANGE=$MAPLE_TEST_RANGE: want FROM-TO or FROM- (1-based positions, e.g. 390-670)" >&2
		exit 2
	fi
	rfrom=${BASH_REMATCH[1]} rto=${BASH_REMATCH[2]:-${#names[@]}}
	echo "# MAPLE_TEST_RANGE=$MAPLE_TEST_RANGE: scripts $rfrom to $rto of ${#names[@]} (${names[rfrom - 1]:-none} first)"
	names=("${names[@]:rfrom - 1:rto - rfrom + 1}")
fi
# one jq for every script's source cluster and kind (a jq process costs ~70 ms, more than the ports of
# a script spend in maple generate); a file jq cannot read leaves its script to read it alone
# (session 25: Horovod, JAX and the job's own MPI binaries are ported with their own launch shape, so their
# ports are verified and their requests checked like the others')
META='(.cluster // ""), (if ((.program == "python" or .program == "module") and ((.family // "") | IN("mpmd", "hetjob", "runner") | not) or (.program == "binary" and .family == "mpi")) and .nodes != null then "yes" else "no" end)'
if [ ${#names[@]} -gt 0 ]; then
	metas=()
	for name in "${names[@]}"; do metas+=("$CORPUS/$name.expect.json"); done
	# fields separated by \x1f, not a tab: read drops an empty field (a script with no cluster) at a tab
	if jq -r "[input_filename, ($META)] | join(\"\\u001f\")" "${metas[@]}" >"$TMP/meta.txt" 2>/dev/null; then
		while IFS=$'\x1f' read -r f from dl; do
			f=${f##*/}
			printf '%s\x1f%s\n' "$from" "$dl" >"$RES/${f%.expect.json}.meta"
		done <"$TMP/meta.txt"
	fi
fi
export MAPLE SRC TMP CORPUS CLUSTERS KEPT RES META
export -f port_one vcopy_problem
[ ${#names[@]} -gt 0 ] && printf '%s\n' "${names[@]}" | xargs -d '\n' -P "${MAPLE_TEST_JOBS:-$(nproc)}" -n 1 bash -c 'port_one "$1"' port_one

scripts=0 ports=0 clean=0 refused=0 kept=0 notdl=0
for name in "${names[@]}"; do
	scripts=$((scripts + 1))
	if ! read -r p c r k d <"$RES/$name.n" 2>/dev/null; then
		fail "$name: ported to every other cluster" "its check did not finish (no $RES/$name.n)"
		continue
	fi
	ports=$((ports + p)) clean=$((clean + c)) refused=$((refused + r)) kept=$((kept + k)) notdl=$((notdl + d))
	problems=$(cat "$RES/$name.p"; printf x)
	problems=${problems%x}
	if [ -z "$problems" ]; then
		pass "$name: ported to every other cluster"
	else
		fail "$name: ported to every other cluster" "$problems"
	fi
done
dlports=$((ports - notdl))
echo "port round trip: $scripts scripts, $ports ports; deep-learning ports: $clean verify clean, $refused refused with a reason, $kept/$((dlports - refused)) kept the request; $notdl ports of scripts maple cannot port whole, all refused"
if [ -n "${MAPLE_TEST_SUBSET:-}${MAPLE_TEST_RANGE:-}" ]; then
	echo "# MAPLE_TEST_SUBSET=${MAPLE_TEST_SUBSET:-} MAPLE_TEST_RANGE=${MAPLE_TEST_RANGE:-}: a subset, the coverage check (>= 60 scripts) is not applied"
else
	[ "$scripts" -ge 60 ] && pass "round trip covers $scripts scripts (>= 60)" || fail "round trip covers at least 60 scripts" "found $scripts"
fi
finish
