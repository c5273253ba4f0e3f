# port.sh - the script reader and `maple generate --from OLD --to CLUSTER` on a corpus of launch
# scripts written the way users write them (tests/port/corpus/NN-name.sh, each with the request it
# must yield in NN-name.expect.json; a key absent from the expect file is not checked).
#
# For every script:
#   - `maple extract --script` recovers each expected field;
#   - round trip: the script is ported to every cluster maple knows; each port either prints a script
#     that `maple verify --cluster TARGET` finds free of errors and warnings (but the warning that a path the
#     old script reads, kept as written, is on a file system another cluster of the centre has or the
#     centre retired: filesystems-foreign/-retired, the data is the user's to move), or fails with exit 2 and
#     an error that names the limit (never a crash, never an empty error); the port's verification
#     copy (what `verify --run` submits) is valid shell that runs the mini-app as a file;
#   - every line a port does not carry over is reported with its line number.
#
# MAPLE_TEST_SUBSET=GLOB checks only the corpus scripts whose name (NN-name) matches GLOB (the corpus
# size check, >= 40 scripts, is then not applied). The corpus scripts are checked in parallel,
# MAPLE_TEST_JOBS at a time (default: nproc); each writes its check lines to a file and they are printed
# in the corpus order, so the output does not depend on the number of jobs. jq runs once per script
# (not once or twice per port). The checks after the corpus run as before, one by one.
. "$(dirname "$0")/lib.bash" "$@"

CORPUS=$SRC/tests/port/corpus
run_maple clusters --json
CLUSTERS=$(jqv '.[].id')

# port_script NAME: the checks of tests/port/corpus/NAME.sh, run in its own bash (xargs) with its own
# temporary directory; writes the check lines to $RES/NAME.out and "PASS FAIL" to $RES/NAME.n. One jq
# per script (its reading, the lines not carried over, every port's verify findings); the flags read
# from a port's messages are read line by line in bash with grep's patterns (LC_ALL=C, as grep did).
port_script() {
	local name=$1 s=$CORPUS/$1.sh exp=$CORPUS/$1.expect.json
	local TMP=$TMP/w.$1 PASS=0 FAIL=0
	mkdir -p "$TMP" || return 1
	exec >"$RES/$name.out"
	port_script_checks
	printf '%s\n' "$PASS $FAIL" >"$RES/$name.n"
	rm -rf "$TMP"
}
port_script_checks() {
	local c i n=0 rc line idle site ok=0 refused=0 problems="" rec k
	local -a cl prc vr vc jargs=() lines nf detail
	: >"$TMP/verify.list"
	"$MAPLE" extract --json --script "$s" </dev/null >"$TMP/x.json" 2>"$TMP/x.err"
	rc=$?
	if [ "$rc" != 0 ]; then
		fail "$name: maple extract --json --script exits 0" "$(cat "$TMP/x.err")"
		return 0
	fi
	# every port: generate; a port that printed a script is verified and its verification copy built
	for c in $CLUSTERS; do
		cl[n]=$c
		"$MAPLE" generate --from "$s" --to "$c" "account testproj" </dev/null >"$TMP/port.$n.sh" 2>"$TMP/port.$n.err"
		prc[n]=$?
		if [ "${prc[n]}" = 0 ]; then
			# verified below, with every other port of the script in one maple verify --batch
			printf -- '--cluster %s %s\n' "$c" "$TMP/port.$n.sh" >>"$TMP/verify.list"
			vr[n]=
			# GPUs left idle are what the port said it would do when it keeps the world size on
			# nodes with more GPUs (issue 13's policy); another centre's login variable, and a
			# queue's per-user GPU cap (Anvil: 12) under the kept world size, are findings the
			# port announced itself; any other finding is a problem
			idle=false site=false
			mapfile -t lines <"$TMP/port.$n.err"
			for line in "${lines[@]}"; do
				[[ $line =~ $RE_IDLE ]] && idle=true
				[[ $line =~ $RE_SITE || $line == *"lets one user hold at most"* ]] && site=true
			done
			jargs+=(--argjson "idle$n" "$idle" --argjson "site$n" "$site")
			vc[n]=$(vcopy_problem "$TMP/port.$n.sh")
		fi
		n=$((n + 1))
	done
	# every port's verify in one process (one shellcheck for them): its answer a line, each the object
	# `maple verify --json --cluster C PORT` gives alone (tests/cli/verify_batch.sh); anything on stderr
	# spoils them all, as it spoiled the JSON of the port whose verify printed it
	local -a vlines=()
	local verr=
	if [ -s "$TMP/verify.list" ]; then
		"$MAPLE" verify --json --batch "$TMP/verify.list" </dev/null >"$TMP/v.jsonl" 2>"$TMP/v.err"
		mapfile -t vlines <"$TMP/v.jsonl"
		[ -s "$TMP/v.err" ] && verr=$(head -c 300 "$TMP/v.err") && vlines=()
	fi
	k=0
	for ((i = 0; i < n; i++)); do
		[ -n "${vr[i]+x}" ] || continue
		jargs+=(--arg "v$i" "${vlines[k]-}")
		k=$((k + 1))
	done
	# one jq: the expected keys that differ from what maple read (an expect file or an extract output
	# that is not JSON fails here: jq failing on them had passed); the lines not carried over that do
	# not name their line; per verified port, the findings that count (their number, and the list
	# written as the failure's detail; a verify output that is not JSON reads as nothing, as before).
	local diffs bad
	local -a vidx=()
	for ((i = 0; i < n; i++)); do [ -n "${vr[i]+x}" ] && vidx+=("$i"); done
	k=0
	while IFS= read -r -d '' rec; do
		if [ "$k" = 0 ]; then
			diffs=$rec
		elif [ "$k" = 1 ]; then
			bad=$rec
		else
			i=${vidx[(k - 2) / 3]}
			case $(((k - 2) % 3)) in
			0) nf[i]=$rec ;;
			1) detail[i]=$rec ;;
			2) vr[i]=$rec${verr:+ (stderr: $verr)} ;;
			esac
		fi
		k=$((k + 1))
	done < <(jq -n -j --rawfile want "$exp" --rawfile got "$TMP/x.json" --argjson idx "[$(IFS=,; echo "${vidx[*]}")]" "${jargs[@]}" '
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
		def counted($idle; $site):
		  [.findings[] | select(.severity != "info") | select(($idle and .id == "gpus-idle") | not) | select(($site and (.id == "site-variable" or .id == "gpus-exceed-user-limit")) | not) | select(((.id == "filesystems-foreign" or .id == "filesystems-retired") and .severity == "warning") | not)];
		$ARGS.named as $a
		| ($got | try fromjson catch null) as $g
		| (if ($want | try fromjson catch null) == null then "the expect file is not a JSON object"
		   else try ([[($want | fromjson), $g] | . as [$want, $got] | actual($got) as $g
		        | $want | to_entries[] | select(.value != $g[.key]) | "\(.key): want \(.value|tojson) got \($g[.key]|tojson)"] | join("\n"))
		   catch "" end) + "\u0000",
		  (try ([$g.not_carried_over[] | select(test("^line [0-9]+") | not)] | join("\n")) catch "") + "\u0000",
		  ($idx[] as $i
		   | ($a["v\($i)"] | try (fromjson | counted($a["idle\($i)"]; $a["site\($i)"]) | [(length | tostring), (map("\(.line) \(.id) \(.message)") | tojson)]) catch ["", ""])
		     # the exit status of that verify alone: 2 unreadable, 1 an error finding, 0 none
		     + [$a["v\($i)"] | try (fromjson | if has("error") then "2" elif any(.findings[]; .severity == "error") then "1" else "0" end) catch ""]
		   | .[] + "\u0000")')
	if [ -z "$diffs" ]; then
		pass "$name: reads as expected"
	else
		fail "$name: reads as expected" "$diffs"
	fi
	# every dropped line names its line
	[ -z "$bad" ] && pass "$name: every line not carried over is named" || fail "$name: lines not carried over name their line" "$bad"
	# round trip to every cluster
	for ((i = 0; i < n; i++)); do
		c=${cl[i]}
		if [ "${prc[i]}" = 0 ]; then
			if [ "${vr[i]}" = 0 ] && [ "${nf[i]-}" = 0 ] && [ -z "${vc[i]}" ]; then
				ok=$((ok + 1))
			elif [ -n "${vc[i]}" ]; then
				problems+="$c: ${vc[i]}"$'\n'
			else
				problems+="$c: verify exit ${vr[i]}: $(printf '%s' "${detail[i]-}" | head -c 600)"$'\n'
			fi
		elif [ "${prc[i]}" = 2 ] && port_refused "$TMP/port.$i.err"; then
			# a refusal names the limit; maple's own output failing its check is a defect, never a refusal
			refused=$((refused + 1))
		else
			problems+="$c: exit ${prc[i]}: $(head -c 400 "$TMP/port.$i.err")"$'\n'
		fi
	done
	if [ -z "$problems" ]; then
		pass "$name: ported to every cluster ($ok clean, $refused refused with a reason)"
	else
		fail "$name: ported to every cluster" "$problems"
	fi
}
# port_refused ERRFILE: a line starts "maple: error: " and two more characters, and none says maple's
# own script fails its check (grep's two tests, read in bash)
port_refused() {
	local line named=false
	local -a lines
	mapfile -t lines <"$1"
	for line in "${lines[@]}"; do
		[[ $line == *"maple's own script fails its check"* ]] && return 1
		[[ $line =~ ^maple:\ error:\ .. ]] && named=true
	done
	$named
}
RE_IDLE='the world size [0-9]* .* is kept'
RE_SITE='\[site-variable\]'

RES=$TMP/results
mkdir -p "$RES"
n=0
names=()
for s in "$CORPUS"/*.sh; do
	name=$(basename "$s" .sh)
	[[ $name == ${MAPLE_TEST_SUBSET:-*} ]] || continue
	if [ -f "$CORPUS/$name.expect.json" ]; then
		names+=("$name")
	else
		names+=("-$name")
	fi
done
export MAPLE SRC TMP CORPUS CLUSTERS RES RE_IDLE RE_SITE
export -f port_script port_script_checks port_refused vcopy_problem pass fail
for name in "${names[@]}"; do [ "${name:0:1}" != - ] && printf '%s\n' "$name"; done |
	xargs -d '\n' -r -P "${MAPLE_TEST_JOBS:-$(nproc)}" -n 1 bash -c 'port_script "$1"' port_script
for name in "${names[@]}"; do
	if [ "${name:0:1}" = - ]; then
		fail "${name:1} has an expect file"
		continue
	fi
	n=$((n + 1))
	if ! read -r p f <"$RES/$name.n" 2>/dev/null; then
		fail "$name: checked" "its check did not finish (no $RES/$name.n)"
		continue
	fi
	cat "$RES/$name.out"
	PASS=$((PASS + p)) FAIL=$((FAIL + f))
done
# the same reading for people: one row per field, then the lines not carried over
run_maple extract --script "$SRC/tests/golden/delta-pytorch-ddp.sh"
expect_rc "extract --script (text)" 0
expect_match "extract --script (text): the script row" "$OUT" '^script +"[^"]+\.py"'
expect_match "extract --script (text): the account is not carried over" "$OUT" '^not carried over: line [0-9]+: `#SBATCH --account='
# ---- porting policy (issue 13) on scripts of tests/scripts/ ----
S=$SRC/tests/scripts
# the world size (4 nodes x 4 GPUs = 16) is kept on the fewest whole target nodes, and the change is said
run_maple generate --json --from "$S/20-megatron-dir-vars.sh" --to aurora "account testproj"
expect_rc "port keeps the world size: exit" 0
expect_eq "16 workers on Aurora (12 GPUs per node): 2 nodes x 8" "$(jqv '"\(.request.nodes)x\(.request.gpus_per_node)"')" "2x8"
expect_match "the node count change is reported" "$(jqv '.warnings[]')" 'world size 16 .* is kept: 2 nodes x 8 GPUs'
run_maple generate --json --from "$S/20-megatron-dir-vars.sh" --to lonestar6 "account testproj"
expect_eq "16 workers on Lonestar6 (3 GPUs per node): 8 nodes x 2 (even division)" "$(jqv '"\(.request.nodes)x\(.request.gpus_per_node)"')" "8x2"
# the request's own counts win over the old script's: a total ("8 GPUs in total") gives the node count
P01=$SRC/tests/port/corpus/01-perlmutter-srun-ddp.sh
for t in "use 8 GPUs total:delta:2x4" "24 GPUs in total:frontier:3x8" "2 nodes:polaris:2x4" "6 hours, 12 GPUs overall:lonestar6:4x3"; do
	IFS=: read -r words target want <<<"$t"
	run_maple generate --json --from "$P01" --to "$target" "account testproj, $words"
	expect_rc "port with \"$words\" to $target: exit" 0
	expect_eq "port with \"$words\" to $target: $want" "$(jqv '"\(.request.nodes)x\(.request.gpus_per_node)"')" "$want"
done
# arguments the request names without a program edit the old program's: an option it has takes the new
# value in its place, a new one is appended, and the port says which
run_maple generate --json --from "$P01" --to delta "account testproj, also pass --epochs=5 --seed 1 --config new.yaml"
expect_rc "port with argument edits: exit" 0
expect_eq "port with argument edits: the old program keeps its other arguments" "$(jqv '.request.script + " " + (.request.script_args | join(" "))')" \
	"$(jq -r '.script' "$SRC/tests/port/corpus/01-perlmutter-srun-ddp.expect.json") --config new.yaml --data-dir \$PSCRATCH/imagenet --epochs=5 --amp --seed 1"
expect_match "port with argument edits: said" "$(jqv '.warnings[]')" 'arguments as the request says: --epochs=5 \(changed\), --seed 1 \(added\), --config new.yaml \(changed\)'
# --keep-nodes keeps the node count; the world size changes, with the batch-size warning
run_maple generate --json --keep-nodes --from "$S/20-megatron-dir-vars.sh" --to aurora "account testproj"
expect_eq "--keep-nodes: 4 nodes x 12" "$(jqv '"\(.request.nodes)x\(.request.gpus_per_node)"')" "4x12"
expect_match "--keep-nodes warns about batch size and learning rate" "$(jqv '.warnings[]')" 'keep-nodes: 4 nodes x 12 GPUs .* batch size and learning rate'
# every assignment the launch line depends on is carried, transitively and in order; the arguments stay
# as the script writes them (TP=2 in PAR_ARGS: "--tensor-model-parallel-size ${TP}") and TP is carried
SCRIPT=$(jqv '.script')
expect_match "TP kept as written" "$SCRIPT" '--tensor-model-parallel-size \$\{?TP\}? --pipeline-model-parallel-size \$\{?PP\}?'
expect_match "TP carried" "$SCRIPT" '^export TP=2$'
expect_match "MEGATRON_DIR carried" "$SCRIPT" '^export MEGATRON_DIR='
# no launch line: incomplete with what is missing, never an invented train.py
printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\nmodule load pytorch\necho setup only\n' >"$TMP/nolaunch.sh"
run_maple generate --json --from "$TMP/nolaunch.sh" --to polaris "account testproj"
expect_rc "no launch line: incomplete" 3
expect_match "no launch line: the script is what is missing" "$(jqv '.missing[]')" '^script: the old script has no launch line'
expect_eq "no launch line: no invented program, no script" "$(jqv '"\(.request.script) \(.script)"')" "null null"
# resources only on the sbatch line: incomplete (nodes), complete once they are given; a comment that shows
# the sbatch line with the count gives it (session 25: 103 says "sbatch -N 2 ... job.sh")
run_maple generate --json --from "$S/902-ls6-slurm-nnodes-torchrun.sh" --to polaris "account testproj"
expect_rc "no node count in the script: incomplete" 3
run_maple generate --json --from "$S/902-ls6-slurm-nnodes-torchrun.sh" --to polaris "account testproj 2 nodes"
expect_rc "no node count in the script, given with the port" 0
run_maple generate --json --from "$S/103-no-directives-torchrun.sh" --to polaris "account testproj"
expect_rc "the count a comment's sbatch line gives: ported" 0
expect_match "the count a comment's sbatch line gives: in the port" "$(jqv .script)" '^#PBS -l select=2:'
# MPI applications and Horovod take their own launch shape, one task per GPU with the target's launcher
# (session 25); a CUDA binary is refused on another vendor's GPUs
run_maple generate --json --from "$S/23-mpi-aout.sh" --to frontier "account testproj"
expect_rc "a CUDA binary to AMD GPUs is refused" 2
expect_match "the refusal says what it is" "$(jqv '.errors[]')" 'MPI application built for NERSC Perlmutter.s NVIDIA GPUs'
run_maple generate --json --from "$S/23-mpi-aout.sh" --to delta "account testproj"
expect_rc "the job's own MPI binary to NVIDIA GPUs: ported" 0
expect_match "the binary: one task per GPU, no python, no torchrun" "$(jqv '.script')" "^srun -N 2 -n 8 --ntasks-per-node=4 bash -c 'export RANK=\\\$SLURM_PROCID LOCAL_RANK=\\\$SLURM_LOCALID WORLD_SIZE=\\\$SLURM_NTASKS; exec \./a\.out'$"
expect_match "the binary: the header's tasks per GPU" "$(jqv '.script')" '^#SBATCH --ntasks-per-node=4$'
expect_not_contains "the binary: no torch check" "$(jqv '.script')" "import torch"
expect_match "the binary: rebuild it, said" "$(jqv '.warnings[]')" 'is an MPI/CUDA application: the port starts it as one MPI task per GPU.*rebuild it'
run_maple generate --json --from "$S/25-horovod-mpirun.sh" --to polaris "account testproj"
expect_rc "Horovod to Polaris: ported" 0
expect_match "Horovod: one mpiexec rank per GPU" "$(jqv '.script')" "^mpiexec -n 8 --ppn 4 .*bash -c 'export RANK=\\\$PMI_RANK .*; exec python -u pytorch_mnist_horovod\.py --epochs 4'$"
expect_match "Horovod: said" "$(jqv '.warnings[]')" 'is a Horovod program: the port starts it as one MPI task per GPU'
run_maple generate --json --from "$S/25-horovod-mpirun.sh" --to lonestar6 "account testproj"
expect_rc "Horovod to Lonestar6: ported" 0
expect_match "Horovod on TACC: -n is the task count" "$(jqv '.script')" '^#SBATCH -n 8$'
expect_match "Horovod on TACC: ibrun starts them" "$(jqv '.script')" "^ibrun bash -c 'export RANK=\\\$PMI_RANK LOCAL_RANK=\\\$\(\(PMI_RANK % 2\)\) WORLD_SIZE=\\\$PMI_SIZE; exec python -u pytorch_mnist_horovod\.py --epochs 4'$"
# Megatron's tensor-parallel size must fit the target's nodes
run_maple generate --json --from "$S/28-megatron-literal.sh" --to vista "account testproj"
expect_rc "Megatron TP 4 on 1-GPU nodes is refused" 2
expect_match "the refusal names the tensor-parallel size" "$(jqv '.errors[]')" "tensor-parallel size 4 is more than the 1 GPUs"
# "$@" and $(...) copied from the user's script stay live; an unset variable is named
run_maple generate --json --from "$S/77-forward-all-args.sh" --to perlmutter "account testproj"
expect_match '"$@" stays live (not neutralised)' "$(jqv '.script')" 'train\.py .*\$@'
expect_match '"$@" reaches the per-task bash -c' "$(jqv '.script')" "train\\.py \"\\\$\\{@\\}\"' bash \"\\\$@\"\$"
expect_match '"$@" under a per-task bash -c is warned about' "$(jqv '.warnings[]')" '^argument "\$@" uses the arguments given to the job'
run_maple generate --json --from "$S/106-live-substitution-vars.sh" --to perlmutter "account testproj"
expect_match '$(...) in a carried value stays live' "$(jqv '.script')" '^export RUN_ID=\$\(date \+%Y%m%d-%H%M%S\)$'
expect_match "a variable the script never sets is named" "$(jqv '.warnings[]')" '^\$DATA_ROOT is used by the launch line but the old script never sets it'
printf '%s\n' "$(jqv '.script')" >"$TMP/live.sh"
bash -n "$TMP/live.sh" && pass "the port with live values passes bash -n" || fail "the port with live values passes bash -n"
# the old site's affinity wrapper is dropped with its line
run_maple generate --json --from "$S/05-polaris-affinity.sh" --to perlmutter "account testproj"
expect_match "affinity wrapper dropped, its line named" "$(jqv '.warnings[]')" '^line [0-9]+: `set_affinity_gpu_polaris.sh` not carried over'
expect_not_contains "no affinity wrapper in the port" "$(jqv '.script')" 'set_affinity_gpu_polaris'
# the user's DeepSpeed config file is kept; one the old script wrote itself is replaced, with a warning
run_maple generate --json --from "$S/33-ds-config-file-next.sh" --to frontier "account testproj"
expect_contains "the user's DeepSpeed config is kept" "$(jqv '.request.script_args | join(" ")')" 'ds_zero2_offload.json'
run_maple generate --json --from "$S/84-ds-heredoc-stage3.sh" --to frontier "account testproj"
expect_eq "a config the script wrote: its stage kept" "$(jqv '.request.strategy')" "zero3"
expect_match "a config the script wrote: kept, said with its line" "$(jqv '.warnings[]')" '^line 10: the DeepSpeed config the old script writes \(ds_config.json, zero3\) is kept'
expect_match "a config the script wrote: its heredoc is in the port" "$(jqv '.script')" '^cat << EOF > ds_config.json$'
expect_contains "a config the script wrote: its body as it was" "$(jqv '.script')" '"zero_optimization": { "stage": 3, "overlap_comm": true },'
expect_contains "a config the script wrote: its arguments as they were" "$(jqv '.request.script_args | join(" ")')" '--deepspeed_config ds_config.json'
expect_not_contains "a config the script wrote: no config of maple's beside it" "$(jqv '.script')" 'MAPLE_DS_CONFIG'
# a backend for the old vendor's GPUs is retargeted
run_maple generate --json --from "$S/06-aurora-gpu-tile-compact.sh" --to frontier "account testproj"
expect_rc "oneCCL backend ported to AMD GPUs" 0
expect_contains "--backend ccl -> nccl" "$(jqv '.script')" '--backend nccl'
if [ -n "${MAPLE_TEST_SUBSET:-}" ]; then
	echo "# MAPLE_TEST_SUBSET=$MAPLE_TEST_SUBSET: a subset, the corpus size check (>= 40 scripts) is not applied"
else
	[ "$n" -ge 40 ] && pass "corpus has $n scripts (>= 40)" || fail "corpus has at least 40 scripts" "found $n"
fi
# another centre's login variables: $PSCRATCH and $CFS (NERSC) are named on Frontier; $SCRATCH from a
# NERSC script is no finding on Stampede3, whose login environment sets it too
cat >"$TMP/site-vars.sh" <<'EOS'
#!/bin/bash
#SBATCH -N 2
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00
#SBATCH --gpus-per-node=4
export DATA=$CFS/m1234/data
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 train.py --data "$DATA" --out "$PSCRATCH/run" --cache "$SCRATCH/cache"
EOS
run_maple generate --json --from "$TMP/site-vars.sh" --to frontier "account testproj"
expect_rc "a port with another centre's login variables: exit" 0
expect_match "\$PSCRATCH is named on Frontier" "$(jqv '.warnings[]')" '\[site-variable\] \$PSCRATCH .*on perlmutter.*frontier does not set'
expect_match "\$CFS (in a carried value) is named on Frontier" "$(jqv '.warnings[]')" '\[site-variable\] \$CFS '
expect_match "\$SCRATCH is named on Frontier" "$(jqv '.warnings[]')" '\[site-variable\] .*\$SCRATCH[^_A-Z]'
run_maple generate --json --from "$TMP/site-vars.sh" --to stampede3 "account testproj"
if jqv '.warnings[]' | grep -qE '\[site-variable\] .*\$SCRATCH[^_A-Z]'; then fail "\$SCRATCH is no finding on Stampede3" "$(jqv '.warnings[]')"; else pass "\$SCRATCH is no finding on Stampede3"; fi
expect_match "\$PSCRATCH is named on Stampede3" "$(jqv '.warnings[]')" '\[site-variable\] \$PSCRATCH '
# the job's arguments ($1, "$2", $*, "$*") stay live and reach the per-task shell; an unquoted $ARGS
# is split into words as the old script did (never one quoted word)
cat >"$TMP/positional.sh" <<'EOS'
#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
CONFIG=$1
EXTRA="$*"
ARGS=$(cat args.txt)
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 train.py --config $CONFIG --tag "$2" $ARGS $EXTRA
EOS
# stand-ins for python and torchrun that print the words after train.py, one [word] each
mkdir -p "$TMP/fakebin"
printf '#!/bin/bash\nwhile [ $# -gt 0 ] && [ "$1" != train.py ]; do shift; done\nshift\nprintf "[%%s]" "$@"\n' >"$TMP/fakebin/python"
cp "$TMP/fakebin/python" "$TMP/fakebin/torchrun"
chmod +x "$TMP/fakebin/python" "$TMP/fakebin/torchrun"
for c in polaris frontier perlmutter; do
	run_maple generate --json --from "$TMP/positional.sh" --to $c "account testproj"
	expect_rc "positional arguments ported to $c: exit" 0
	expect_match "\$1 carried live ($c)" "$(jqv '.script')" '^export CONFIG="\$\{1\}"$'
	expect_match "\"\$*\" carried live ($c)" "$(jqv '.script')" '^export EXTRA="\$\{\*\}"$'
	expect_match "the job's arguments reach the per-task shell, \$ARGS split ($c)" "$(jqv '.script')" "train\\.py --config \\\$\\{CONFIG\\} --tag \"\\\$\\{2\\}\" \\\$\\{ARGS\\} \\\$\\{EXTRA\\}' bash \"\\\$@\"\$"
	jqv '.script' >"$TMP/pos-$c.sh"
	# run the launch line's per-task shell as the job would (two job arguments, one with a space)
	line=$(grep -E "bash -c '" "$TMP/pos-$c.sh" | sed -E "s/^.*(bash -c '.*' bash \"\\\$@\")$/\1/")
	got=$(cd "$TMP" && CONFIG=cfg.yaml EXTRA='x y' ARGS='--lr 1' PATH="$TMP/fakebin:$PATH" \
		bash -c "set -- cfg.yaml 'my tag'; $line" 2>&1)
	expect_match "the ported line gives the program the same words ($c)" "$got" '\[--config\]\[cfg.yaml\]\[--tag\]\[my tag\]\[--lr\]\[1\]\[x\]\[y\]$'
done
# scheduler variables in the arguments: the job's own names are renamed to the target's ($SLURM_JOB_ID ->
# $PBS_JOBID, $PBS_O_WORKDIR -> $SLURM_SUBMIT_DIR), said; counts and node files with no equivalent
# refuse the port, naming them, unless the request text gives the program and its arguments
cat >"$TMP/sched-args.sh" <<'EOS'
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR MASTER_PORT=29500
srun python -u train.py --out "ckpt/$SLURM_JOB_ID" --world-size $SLURM_NTASKS
EOS
run_maple generate --json --from "$TMP/sched-args.sh" --to polaris "account testproj"
# a count of the old launch is the port's number (port_args.sh has the per-task variables)
expect_rc "Slurm count variable in the arguments, to PBS: ported" 0
expect_match "\$SLURM_NTASKS written as the port's world size" "$(jqv '.script')" "train\\.py --out ckpt/\"\\\$\\{PBS_JOBID\\}\" --world-size 8'"
# a Slurm variable with no meaning under PBS: refused, naming it (a count or size is the port's number
# instead, port_counts.sh: $SLURM_CPUS_PER_TASK was refused here before session 28)
sed 's/ --world-size $SLURM_NTASKS/ --partition $SLURM_JOB_PARTITION/' "$TMP/sched-args.sh" >"$TMP/sched-args3.sh"
run_maple generate --json --from "$TMP/sched-args3.sh" --to polaris "account testproj"
expect_rc "Slurm variable with no equivalent in the arguments, to PBS: refused" 2
expect_match "the refusal names \$SLURM_JOB_PARTITION and says what to do" "$(jqv '.errors[]')" 'SLURM_JOB_PARTITION, which PBS does not set on ALCF Polaris .*give the program and its arguments with the port'
run_maple generate --json --from "$TMP/sched-args.sh" --to polaris "account testproj, train.py --out ckpt/\$SLURM_JOB_ID --world-size 8"
expect_rc "the program and arguments given with the port: exit" 0
expect_match "\$SLURM_JOB_ID in the text's arguments: renamed" "$(jqv '.warnings[]')" 'SLURM_JOB_ID renamed to \$PBS_JOBID'
expect_match "the text's arguments are the port's" "$(jqv '.script')" "train\\.py --out ckpt/\"\\\$\\{PBS_JOBID\\}\" --world-size 8'"
sed 's/ --world-size $SLURM_NTASKS/ --world-size 8/' "$TMP/sched-args.sh" >"$TMP/sched-args2.sh"
run_maple generate --json --from "$TMP/sched-args2.sh" --to aurora "account testproj"
expect_rc "\$SLURM_JOB_ID alone, to PBS: ported" 0
expect_match "\$SLURM_JOB_ID renamed to \$PBS_JOBID, said" "$(jqv '.warnings[]')" 'renamed to \$PBS_JOBID'
cat >"$TMP/pbs-args.sh" <<'EOS'
#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
cd "$PBS_O_WORKDIR"
mpiexec -n 8 --ppn 4 python train.py --run-id $PBS_JOBID --data $PBS_O_WORKDIR/data
EOS
run_maple generate --json --from "$TMP/pbs-args.sh" --to perlmutter "account m1234"
expect_rc "PBS job variables to Slurm: ported" 0
expect_match "\$PBS_O_WORKDIR renamed" "$(jqv '.script')" 'train\.py --run-id \$\{SLURM_JOB_ID\} --data "\$\{SLURM_SUBMIT_DIR\}"/data'
printf '%s\n' "$(jqv '.script')" >"$TMP/pbs-args-port.sh"
"$MAPLE" verify --json --cluster perlmutter "$TMP/pbs-args-port.sh" >"$TMP/v.json" 2>/dev/null
expect_eq "the renamed port verifies without errors" "$(jq '[.findings[] | select(.severity == "error")] | length' "$TMP/v.json")" 0
# a script with no launch line: the program the text names stands in for it
printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\n#SBATCH -t 1:00:00\nmodule load pytorch\n./run_everything.sh\n' >"$TMP/nolaunch.sh"
run_maple generate --json --from "$TMP/nolaunch.sh" --to polaris "account testproj"
expect_json "no launch line and no program in the text: incomplete" '.status' '"incomplete"'
run_maple generate --json --from "$TMP/nolaunch.sh" --to polaris "account testproj, train.py --epochs 10"
expect_rc "no launch line, the program in the text: exit" 0
expect_match "the text's program is launched" "$(jqv '.script')" "python -u train\\.py --epochs 10'\$"
# where the old job ran: a cd into its project is named with what depends on it; a cd into the
# submit directory is no loss (the target's script starts there)
printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -t 1:00:00\ncd $HOME/projects/gpt\nsrun python train.py --data data/\n' >"$TMP/cd-proj.sh"
run_maple generate --json --from "$TMP/cd-proj.sh" --to polaris "account testproj"
expect_match "a cd into the project is named, with the program that depends on it" "$(jqv '.warnings[]')" '^line 6: `cd \$HOME/projects/gpt` not carried over: the old job ran from \$HOME/projects/gpt, where its relative paths \(train\.py\) resolve'
sed -i 's|^cd .*|cd "$SLURM_SUBMIT_DIR"|' "$TMP/cd-proj.sh"
run_maple generate --json --from "$TMP/cd-proj.sh" --to polaris "account testproj"
if jqv '.warnings[]' | grep -q '^line 6:'; then fail "a cd into the submit directory is no loss" "$(jqv '.warnings[]')"; else pass "a cd into the submit directory is no loss"; fi
# NCCL's debug output is named as such when it is not carried (not as an interconnect setting)
printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -t 1:00:00\nexport NCCL_DEBUG=INFO\nexport NCCL_SOCKET_IFNAME=hsn\nsrun python train.py\n' >"$TMP/nccl-debug.sh"
run_maple generate --json --from "$TMP/nccl-debug.sh" --to polaris "account testproj"
expect_match "NCCL_DEBUG: named as debug output" "$(jqv '.warnings[]')" "^line 6: .export NCCL_DEBUG=INFO. not carried over: NCCL's debug output"
expect_match "NCCL_SOCKET_IFNAME: an interconnect setting" "$(jqv '.warnings[]')" "^line 7: .export NCCL_SOCKET_IFNAME=hsn. not carried over: NCCL network settings"
# the request text's arguments over a port are text: their shell syntax stays literal (a port keeps the
# old script's own "$@" and $(...) live, never the text's), unless --allow-shell
printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\n#SBATCH -t 1:00:00\nsrun python train.py\n' >"$TMP/inj.sh"
rm -f "$TMP/PWNED"
run_maple generate --json --from "$TMP/inj.sh" --to perlmutter "account m1234, train.py --tag \"\$(touch $TMP/PWNED)\" --x a;b"
expect_rc "text arguments with shell syntax over a port: exit" 0
expect_match "text arguments with shell syntax over a port: said" "$(jqv '.warnings[]')" "kept as literal text and never runs"
printf '%s\n' "$(jqv '.script')" >"$TMP/inj-port.sh"
# the per-task string, run as srun's bash -c would (torchrun is the stand-in that prints its words)
inner=$(grep -E "bash -c '" "$TMP/inj-port.sh" | sed -E "s/^srun [^']*bash -c //")
(cd "$TMP" && PATH="$TMP/fakebin:$PATH" SLURM_PROCID=0 bash -c "eval $inner" >/dev/null 2>&1)
[ ! -e "$TMP/PWNED" ] && pass "text arguments over a port never run" || fail "a text argument's \$(...) ran in the ported script"
# a DeepSpeed config the old script wrote itself is the user's: the port writes it as the old script did
# (before the launch), its arguments name it as before, and the variables an unquoted heredoc expands
# are carried with it (132 writes "stage": ${ZERO_STAGE})
S=$SRC/tests/scripts
for t in "178-deepspeed-ssh-free-launcher-args:finetune.py --deepspeed ds_z3.json" \
	"154-tacc-ls6-ibrun-deepspeed-launcher-inline:train.py --deepspeed_config ds_zero2.json" \
	"132-megatron-deepspeed-heredoc-zero1:--deepspeed --deepspeed_config ds_config.json --zero-stage"; do
	name=${t%%:*} want=${t#*:}
	[ -f "$S/$name.sh" ] || { fail "$name exists"; continue; }
	run_maple generate --from "$S/$name.sh" --to delta "account testproj"
	expect_rc "$name ported: exit" 0
	case $OUT in *"$want"*) pass "$name: the config option as it was ($want)" ;;
	*) fail "$name: the config option as it was" "want: $want" "$(grep -E 'deepspeed' <<<"$OUT" | tail -n 2)" ;; esac
	expect_match "$name: the user's config is written before the launch" "$(sed -n '/^# the DeepSpeed config of the old script/,/^# --- launch ---/p' <<<"$OUT")" '^cat '
	expect_not_contains "$name: maple writes no config of its own" "$OUT" 'MAPLE_DS_CONFIG'
	printf '%s\n' "$OUT" >"$TMP/dsk.sh"
	bash -n "$TMP/dsk.sh" && pass "$name: the port passes bash -n" || fail "$name: the port passes bash -n"
done
expect_match "132: the variable the heredoc expands is carried" "$(sed -n '/application environment/,/launch ---/p' <<<"$OUT")" '^export ZERO_STAGE=1$'
# a container the old launch runs from: carried where the target has a route for that kind of image
# (SIF: apptainer/singularity; registry images: shifter/podman-hpc), else its drop is said with line and image
run_maple generate --from "$S/195-apptainer-exec-nv-torchrun.sh" --to delta "account bbka-delta-gpu"
expect_rc "apptainer to Delta (same runtime): exit" 0
expect_match "apptainer to Delta: the image on the launch line" "$OUT" '^srun .* apptainer exec --nv /sw/external/NGC/pytorch_24.03.sif bash -c '
expect_match "apptainer to Delta: said with its line" "$ERR" 'line 10: the container image /sw/external/NGC/pytorch_24.03.sif \(apptainer\) is carried over'
run_maple generate --from "$S/195-apptainer-exec-nv-torchrun.sh" --to bridges2 "account abc123p"
expect_match "apptainer to Bridges-2: run by its singularity" "$OUT" '^srun .* singularity exec --nv /sw/external/NGC/pytorch_24.03.sif '
expect_match "apptainer to Bridges-2: the old centre's path is said" "$ERR" 'the image file is at the old centre.s path'
run_maple generate --from "$S/195-apptainer-exec-nv-torchrun.sh" --to anvil "account cis230000-gpu"
expect_match "apptainer to Anvil: run by its singularity (RCAC's ngc module route)" "$OUT" '^srun .* singularity exec --nv /sw/external/NGC/pytorch_24.03.sif bash -c '
expect_match "apptainer to Anvil: said with its line" "$ERR" 'line 10: the container image /sw/external/NGC/pytorch_24.03.sif \(apptainer\) is carried over: Purdue Anvil runs it with singularity'
run_maple generate --from "$S/195-apptainer-exec-nv-torchrun.sh" --to deltaai "account bbka-dtai-gh"
# (session 17) Delta's SIF holds x86_64 programs, and DeltaAI's Grace nodes are aarch64: not carried, said
expect_not_contains "apptainer to DeltaAI: no x86_64 image on aarch64 nodes" "$OUT" 'pytorch_24.03.sif'
expect_match "apptainer to DeltaAI: the drop said with line, image and architectures" "$ERR" 'line 10: `apptainer` not carried over: the image /sw/external/NGC/pytorch_24.03.sif was run on NCSA Delta.s x86_64 nodes and NCSA DeltaAI.s are aarch64'
# NCSA's apptainer route on DeltaAI, for an image of a script from a cluster maple does not know (said to
# need an aarch64 build)
sed -e 's/^#SBATCH --partition=gpuA100x4$/#SBATCH --partition=gpu/' -e 's/^#SBATCH --account=bbka-delta-gpu$/#SBATCH --account=myproj/' \
	-e 's|/sw/external/NGC/|/projects/images/|' "$S/195-apptainer-exec-nv-torchrun.sh" >"$TMP/195-elsewhere.sh"
run_maple generate --from "$TMP/195-elsewhere.sh" --to deltaai "account bbka-dtai-gh"
expect_match "apptainer to DeltaAI: NCSA's apptainer route on the launch line" "$OUT" '^srun .* apptainer exec --nv /projects/images/pytorch_24.03.sif bash -c '
expect_match "apptainer to DeltaAI: the architecture is said" "$ERR" 'nodes are aarch64: the image /projects/images/pytorch_24.03.sif runs there only if it was built for aarch64'
run_maple generate --from "$S/195-apptainer-exec-nv-torchrun.sh" --to aurora "account testproj"
expect_not_contains "apptainer to Aurora (no route): no container on the launch" "$OUT" 'apptainer'
expect_match "apptainer to Aurora: the drop said with line and image" "$ERR" 'line 10: `apptainer` not carried over: the container image /sw/external/NGC/pytorch_24.03.sif is dropped, ALCF Aurora has no route'
# Polaris runs SIF images on ALCF's Apptainer route, under mpiexec
run_maple generate --from "$S/195-apptainer-exec-nv-torchrun.sh" --to polaris "account testproj"
expect_match "apptainer to Polaris: ALCF's route on the launch line" "$OUT" '^mpiexec .* apptainer exec --fakeroot --nv -B /opt -B /var/run/palsd/ -B /soft /sw/external/NGC/pytorch_24.03.sif bash -c '
expect_match "apptainer to Polaris: said with its line" "$ERR" 'line 10: the container image /sw/external/NGC/pytorch_24.03.sif \(apptainer\) is carried over: ALCF Polaris runs it with apptainer'
# an NVIDIA image (run with --nv) carried to AMD GPUs: OLCF's apptainer route runs it, and the vendor is said
run_maple generate --from "$S/195-apptainer-exec-nv-torchrun.sh" --to frontier "account testproj"
expect_match "apptainer to Frontier: carried on OLCF's route" "$OUT" '^srun .* apptainer exec /sw/external/NGC/pytorch_24.03.sif bash -c '
expect_match "apptainer to Frontier: NVIDIA image on AMD GPUs said" "$ERR" 'line 10: the image /sw/external/NGC/pytorch_24.03.sif was run for NVIDIA GPUs, and OLCF Frontier.s are AMD'
run_maple generate --from "$S/195-apptainer-exec-nv-torchrun.sh" --to delta "account bbka-delta-gpu"
expect_not_contains "apptainer to Delta: same vendor, nothing said" "$ERR" 'was run for'
run_maple generate --from "$S/194-shifter-image-module-gpu.sh" --to perlmutter "account m1234_g"
expect_rc "shifter to Perlmutter (same cluster): exit" 0
expect_match "shifter to Perlmutter: the image in the header" "$OUT" '^#SBATCH --image=nersc/pytorch:24.06.01$'
expect_match "shifter to Perlmutter: shifter on the launch line" "$OUT" '^srun .* shifter bash -c '
expect_not_contains "shifter to Perlmutter: the header image is not said dropped" "$ERR" '#SBATCH --image=nersc/pytorch:24.06.01` not carried over'
run_maple generate --from "$S/194-shifter-image-module-gpu.sh" --to polaris "account testproj"
expect_match "shifter to Polaris (no route): the drop said" "$ERR" '`shifter` not carried over: the container image nersc/pytorch:24.06.01 is dropped'
expect_match "shifter to Polaris: --image named as an option of the old cluster's container route (from its data), not an unknown one" "$ERR" '#SBATCH --image=nersc/pytorch:24.06.01` not carried over: an option of NERSC Perlmutter.s shifter container route \(https://docs.nersc.gov/'
expect_not_contains "shifter to Polaris: no 'not an option the scheduler knows'" "$ERR" 'not an option the scheduler knows'

# a launch inside a shell function called with different arguments: "$@" is the function's, never the
# job's; the port runs the first call's words and says which calls it leaves
cat >"$TMP/fn.sh" <<'FN'
#!/bin/bash
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
set -euo pipefail
run_step() {
    srun python train.py "$@"
}
run_step --lr 1e-3 --tag a
run_step --lr 1e-4 --tag b
FN
run_maple generate --from "$TMP/fn.sh" --to polaris "account testproj"
expect_rc "function called twice: exit" 0
expect_match "function called twice: the first call's arguments" "$OUT" 'exec python -u train.py --lr 1e-3 --tag a'"'"'$'
expect_not_contains "function called twice: no job arguments in the port" "$OUT" '$@'
expect_match "function called twice: said, with the call's line" "$ERR" 'shell function run_step, which the script calls 2 times with different arguments: the port runs the first call.s \(line 10\)'
# the program's own layout arguments follow the port's placement: 2 nodes x 8 GPUs become 4 x 4 on
# Perlmutter, so Lightning's trainer.devices/num_nodes say 4 and 4 (else it asks for GPUs a node lacks)
run_maple generate --from "$S/220-lightning-hydra-overrides.sh" --to perlmutter "account m1234_g"
expect_rc "Lightning 2x8 to Perlmutter: exit" 0
expect_contains "trainer.devices follows the placement" "$OUT" 'src/train.py trainer=ddp trainer.devices=4 trainer.num_nodes=4 experiment=vit_base'
expect_match "the rewrite is said" "$ERR" 'argument trainer.devices=8 is now trainer.devices=4: the port runs 4 nodes x 4 GPUs'
run_maple generate --from "$S/193-lightning-srun-trainer-flags.sh" --to frontier "account abc123"
expect_contains "--trainer.devices N (two words) follows too" "$OUT" '--trainer.devices 8 --trainer.num_nodes 1'
run_maple generate --from "$S/193-lightning-srun-trainer-flags.sh" --to delta "account bbka-delta-gpu"
expect_contains "same layout: the arguments stay" "$OUT" '--trainer.devices 4 --trainer.num_nodes 2'
# a job array is carried in the target's syntax, so the index the program reads is set there
run_maple generate --from "$S/185-array-seed-single-gpu.sh" --to polaris "account testproj"
expect_rc "array to Polaris: exit" 0
expect_match "array to Polaris: #PBS -J in the header" "$OUT" '^#PBS -J 0-4$'
expect_contains "array to Polaris: the index renamed" "$OUT" '--seed ${PBS_ARRAY_INDEX} --out runs/"${PBS_ARRAY_ID}"'
expect_match "array to Polaris: said with its line" "$ERR" 'line 3: the job array 0-4 is carried over: `#PBS -J 0-4`'
run_maple generate --from "$S/185-array-seed-single-gpu.sh" --to perlmutter "account m1234_g"
expect_match "array to Perlmutter: #SBATCH --array" "$OUT" '^#SBATCH --array=0-4$'
# a Flux batch job is read as one (its #flux: header and flux run): ported with the target's launcher, the
# Flux lines named as not carried; a job that starts a Flux instance of its own (srun ... flux start) is
# refused with the reason and its line
cat >"$TMP/flux.sh" <<'FLUX'
#!/bin/bash
#flux: -N 2
#flux: -t 60m
flux run -N 2 -n 8 -g 1 python train.py --epochs 3
FLUX
run_maple generate --from "$TMP/flux.sh" --to perlmutter "account testproj"
expect_rc "a Flux script: ported" 0
expect_match "a Flux script: the target's launcher" "$OUT" '^srun .*train\.py --epochs 3'
expect_match "a Flux script: its nodes and time limit are read" "$OUT" '^#SBATCH --nodes=2$'
expect_match "a Flux script: its time limit is read" "$OUT" '^#SBATCH --time=01:00:00$'
expect_not_contains "a Flux script: no Flux line in the port" "$OUT" "flux"
cat >"$TMP/flux-start.sh" <<'FLUX'
#!/bin/bash
#SBATCH -N 2
#SBATCH -t 60
srun -N 2 --ntasks-per-node=1 flux start ./run_in_flux.sh
FLUX
run_maple generate --from "$TMP/flux-start.sh" --to polaris "account testproj"
expect_rc "a nested Flux instance: the port is refused" 2
expect_match "a nested Flux instance: said so, with its line" "$ERR" 'line 4: the job starts a Flux instance'

# a walltime the target cannot give (session 25's decision, tests/heldout/README.md): refused with the most the
# target gives and how to ask for it, whether that most is half the run or less - a shorter run stops before
# the old one's end and only the user knows whether the program resumes (40 h -> Frontier's 24 h; 20 h on 8
# Polaris nodes: 1 h; 60 h Delta -> Vista's 48 h; 30 h PBS -> Lonestar6's 48 h fits); the text's walltime
# stands for the script's
run_maple generate --from "$S/418-slurm-typed-gpus-per-node-head-ip-srun-w-module.sh" --to frontier "account testproj"
expect_rc "40 h to Frontier's 24 h: refused" 2
expect_match "40 h to Frontier's 24 h: the most it gives, and how to ask for it" "$ERR" 'walltime 40:00:00 is more than OLCF Frontier allows for 2 nodes \(at most 24:00:00.*add "walltime 24:00:00"'
expect_contains "40 h to Frontier's 24 h: the limit's source" "$ERR" "or change the node count [https://docs.olcf.ornl.gov/systems/frontier_user_guide.html#"
run_maple generate --from "$S/418-slurm-typed-gpus-per-node-head-ip-srun-w-module.sh" --to frontier "account testproj, walltime 24 hours"
expect_rc "40 h to Frontier, the text asks 24 h: ported" 0
expect_match "40 h to Frontier, the text asks 24 h: in the header" "$OUT" '^#SBATCH -t 24:00:00$'
cat >"$TMP/long-delta.sh" <<'LONG'
#!/bin/bash
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=2-12:00:00
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 train.py --epochs 300
LONG
run_maple generate --from "$TMP/long-delta.sh" --to vista "account testproj"
expect_rc "60 h to Vista's 48 h: refused" 2
expect_match "60 h to Vista's 48 h: the most it gives" "$ERR" 'walltime 60:00:00 is more than TACC Vista.* allows for 8 nodes \(at most 48:00:00.*add "walltime 48:00:00"'
run_maple generate --from "$TMP/long-delta.sh" --to anvil "account testproj"
expect_rc "60 h to Anvil's 48 h: refused" 2
expect_match "60 h to Anvil's 48 h: the most it gives" "$ERR" 'allows at most 48 h of walltime'
cat >"$TMP/long-pbs.sh" <<'LONG'
#!/bin/bash
#PBS -A MyProj
#PBS -q prod
#PBS -l select=2:system=polaris
#PBS -l walltime=30:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
mpiexec -n 8 --ppn 4 python train.py --epochs 90
LONG
run_maple generate --from "$TMP/long-pbs.sh" --to lonestar6 "account testproj"
expect_rc "30 h PBS to Lonestar6 (48 h): ported" 0
expect_match "30 h PBS to Lonestar6: the walltime kept" "$OUT" '^#SBATCH -t 30:00:00$'
run_maple generate --from "$S/622-pm-numactl-args-array.sh" --to polaris "account testproj"
expect_rc "20 h on 8 Polaris nodes: refused" 2
expect_match "20 h on 8 Polaris nodes: the most it gives, and how to ask for it" "$ERR" 'walltime 20:00:00 is more than ALCF Polaris allows for 8 nodes \(at most 01:00:00.*add "walltime 01:00:00"'
expect_contains "20 h on 8 Polaris nodes: the limit's source" "$ERR" "or change the node count [https://docs.alcf.anl.gov/polaris/running-jobs/]"
run_maple generate --from "$S/622-pm-numactl-args-array.sh" --to polaris "account testproj walltime 1h"
expect_rc "20 h on 8 Polaris nodes, the text asks 1 h: ported" 0
expect_match "the text's walltime in the port" "$OUT" '^#PBS -l walltime=01:00:00$'
# issue 13: the user's launcher config maple cannot read is kept as written (never dropped, never
# replaced by maple's flags); what only it says is unknown, not invented; the new world size is said
run_maple generate --json --from "$S/244-accelerate-config-home-multinode-delta.sh" --to perlmutter "account m1234_g"
expect_rc "unreadable accelerate config to Perlmutter: exit" 0
expect_contains "unreadable accelerate config: kept on the launch line" "$(jqv .script)" "--config_file ~/.config/accelerate/fsdp_2node.yaml"
expect_not_contains "unreadable accelerate config: no strategy flags of maple's" "$(jqv .script)" "--use_fsdp"
expect_json "unreadable accelerate config: the strategy is unknown, not invented" '.request.strategy' 'null'
expect_match "unreadable accelerate config: said with its line" "$(jqv '.warnings[]')" '^line 14: your Accelerate config ~/.config/accelerate/fsdp_2node.yaml is kept as written .*unknown - not guessed'
expect_match "unreadable accelerate config: the new world size is said" "$(jqv '.warnings[]')" 'num_machines 2 --num_processes 8 .*precedence over num_machines/num_processes'
expect_match "unreadable accelerate config: the header says whose strategy" "$(jqv .script)" '^# .*accelerate \(strategy: your config.s, not read\)'
run_maple generate --json --from "$S/245-accelerate-ds-config-missing-polaris.sh" --to frontier "account testproj"
expect_contains "accelerate's DeepSpeed config file: kept with --use_deepspeed" "$(jqv .script)" "--use_deepspeed --deepspeed_config_file /eagle/MyProject/cfg/zero_offload.json --mixed_precision bf16"
expect_not_contains "accelerate's DeepSpeed config file: no invented ZeRO stage" "$(jqv .script)" "--zero_stage"
expect_match "accelerate's DeepSpeed config file: the old centre's path is said" "$(jqv '.warnings[]')" "points into ALCF Polaris's file systems \(/eagle/\)"
run_maple generate --json --from "$S/246-deepspeed-config-missing-json-frontier.sh" --to perlmutter --keep-nodes "account m1234_g"
expect_contains "missing DeepSpeed config: its argument kept" "$(jqv .script)" "--deepspeed_config configs/ds_zero_missing.json"
expect_not_contains "missing DeepSpeed config: no generated config replaces it" "$(jqv .script)" "DS_CONFIG"
expect_json "missing DeepSpeed config: the stage is unknown" '.request.strategy' 'null'
expect_match "missing DeepSpeed config: the world size change is said" "$(jqv '.warnings[]')" 'runs 4 GPUs where the old job ran 8: .*train_batch_size'
run_maple generate --json --from "$S/248-accelerate-config-variable-path.sh" --to perlmutter "account m1234_g"
expect_match "accelerate config from a variable: the variable is carried" "$(jqv .script)" '^export ACC_CFG='
expect_contains "accelerate config from a variable: the option names it" "$(jqv .script)" '--config_file "${ACC_CFG}"'
run_maple generate --json --from "$S/192-accelerate-config-file-multi-gpu-srun.sh" --to polaris "account testproj"
expect_contains "a readable config with --multi_gpu: both kept" "$(jqv .script)" "--config_file accel_launch.yaml --multi_gpu"
run_maple generate --json --from "$S/244-accelerate-config-home-multinode-delta.sh" --to perlmutter "account m1234_g accelerate fsdp"
expect_contains "the text chooses the strategy: maple's flags next to the kept config" "$(jqv .script)" "--config_file ~/.config/accelerate/fsdp_2node.yaml --use_fsdp"
expect_json "the text chooses the strategy: said" '.request.strategy' '"fsdp"'
run_maple generate --json --from "$S/244-accelerate-config-home-multinode-delta.sh" --to perlmutter "account m1234_g torchrun fsdp"
expect_match "the text leaves Accelerate: the config not used is said" "$(jqv '.warnings[]')" 'runs pytorch instead of accelerate: your launcher config \(`--config_file ~/.config/accelerate/fsdp_2node.yaml`\) is not used'
# issue 13: a single-task helper step (data preparation, download, conversion, evaluation) is carried
# over around the training launch: with the target's launcher for one task when it had one, as a
# plain command when it had none; one that cannot be carried is named with its line and the reason
run_maple generate --json --from "$S/92-prepare-then-train.sh" --to polaris "account testproj"
expect_rc "plain data step to Polaris: exit" 0
expect_match "plain data step: kept as a plain command before the launch" "$(jqv .script | sed -n '/steps of the old job before/,/# --- launch ---/p')" '^python prepare_data.py --out "\$\{SCRATCH\}"/tokens$'
expect_match "plain evaluation step: kept after the launch" "$(jqv .script | sed -n '/# --- launch ---/,$p')" '^python evaluate.py --ckpt last.pt$'
expect_match "plain data step: said with its line" "$(jqv '.warnings[]')" '^line 10: the single-task step `python prepare_data.py --out \$SCRATCH/tokens` is carried over before the training launch as a plain command'
expect_no_match "plain data step: not called a set-up command not carried over" "$(jqv '.warnings[]')" '^line 10: 1 other command'
for t in "199-data-prep-then-deepspeed perlmutter srun --nodes=1 --ntasks=1 python tokenize_data.py --in raw/ --out tokens/" \
	"250-mpiexec-n1-download-then-torchrun-polaris frontier srun --nodes=1 --ntasks=1 python fetch_weights.py --model bert-large --cache ./hf_cache" \
	"254-mpirun-np1-prep-then-mpirun-ddp polaris mpiexec -n 1 --ppn 1 python prepare_dataset.py --out /tmp/ds" \
	"253-ibrun-n1-convert-then-ibrun-train aurora mpiexec -n 1 --ppn 1 python convert_checkpoint.py --in hf_ckpt/ --out ckpt/" \
	"252-srun-n1-tokenize-same-weight-single-gpu vista ibrun -n 1 -o 0 python tokenize_corpus.py --vocab 32000 --out tok/"; do
	read -r n c want <<<"$t"
	run_maple generate --json --from "$S/$n.sh" --to "$c" "account testproj"
	expect_rc "$n to $c: exit" 0
	expect_match "$n to $c: the step with the target's launcher for one task, before the launch" \
		"$(jqv .script | sed -n '/steps of the old job before/,/# --- launch ---/p')" "^$(sed 's/[.]/[.]/g' <<<"$want")\$"
	expect_match "$n to $c: said" "$(jqv '.warnings[]')" "carried over before the training launch with the target's launcher for one task"
	expect_no_match "$n to $c: not called another launch line or a step to add by hand" "$(jqv '.warnings[]')" 'scaling study|add it to the port by hand'
	printf '%s\n' "$(jqv .script)" >"$TMP/step.sh"
	run_maple extract --json --script "$TMP/step.sh"
	expect_json "$n to $c: the port's training launch is still read as the training" '.request.script' "$(jq -c .script "$S/$n.expect.json")"
done
run_maple generate --json --from "$S/249-srun-ntasks1-prepare-then-srun-ddp.sh" --to polaris "account testproj"
expect_match "a step's variable is carried" "$(jqv .script)" '^export DATA='
expect_match "a step's path into the old centre's file systems is said" "$(jqv '.warnings[]')" "line 12: the step's paths point into NERSC Perlmutter's file systems"
run_maple generate --json --from "$S/255-apptainer-prep-step-then-srun.sh" --to perlmutter "account m1234_g"
expect_match "a step in the old job's container: named with its line and reason" "$(jqv '.warnings[]')" '^line 9: `srun -n 1 apptainer exec .*` not carried over: a single-task step that runs in the old job.s apptainer container image'
expect_not_contains "a step in the old job's container: not written" "$(jqv .script)" "prepare_data.py"
run_maple generate --json --from "$S/256-slurm-var-eval-step-after-torchrun.sh" --to polaris "account testproj"
expect_match "a step with Slurm variables to PBS: named with its line and reason" "$(jqv '.warnings[]')" '^line 11: `srun -n 1 python evaluate.py .*` not carried over: .*\$SLURM_\.\.\. variables'
run_maple generate --json --from "$S/256-slurm-var-eval-step-after-torchrun.sh" --to frontier "account testproj"
expect_match "an evaluation step after the training to Slurm: after the launch" "$(jqv .script | sed -n '/steps of the old job after/,$p')" '^srun --nodes=1 --ntasks=1 python evaluate.py --ckpt runs/last.pt --tag "\$\{SLURM_JOB_ID\}"$'
# the one-task launcher is the target profile's launcher_one_task (data/clusters), not a table in the
# code: a profile that says otherwise is followed, and one that says nothing gets the step named instead
mkdir -p "$TMP/onetask/clusters"
sed 's/^  line: srun --nodes=1 --ntasks=1$/  line: srun -N 1 -n 1 --exact/' "$SRC/data/clusters/frontier.yaml" >"$TMP/onetask/clusters/frontier.yaml"
run_maple generate --json --data-dir "$TMP/onetask" --from "$S/256-slurm-var-eval-step-after-torchrun.sh" --to frontier "account testproj"
expect_match "the one-task launcher comes from the target's profile" "$(jqv .script | sed -n '/steps of the old job after/,$p')" '^srun -N 1 -n 1 --exact python evaluate.py '
awk '/^launcher_one_task:/{skip=1; next} skip && /^  /{next} {skip=0; print}' "$SRC/data/clusters/frontier.yaml" >"$TMP/onetask/clusters/frontier.yaml"
run_maple generate --json --data-dir "$TMP/onetask" --from "$S/256-slurm-var-eval-step-after-torchrun.sh" --to frontier "account testproj"
expect_match "a profile without launcher_one_task: the step is named, not guessed" "$(jqv '.warnings[]')" '^line 11: `srun -n 1 python evaluate.py .*` not carried over: a single-task step under a launcher, and maple does not know how the target starts one task'
expect_not_contains "a profile without launcher_one_task: no step written" "$(jqv .script)" "evaluate.py"
# an exported value from the old scheduler in backquotes (`scontrol show hostnames $SLURM_JOB_NODELIST |
# head -n1`) is rewritten in the target's terms on a PBS cluster, as the $(...) form is
run_maple generate --json --from "$S/320-srun-torchrun-duplicate-nproc-option.sh" --to polaris "account testproj"
expect_rc "a backquoted Slurm-only value to Polaris: exit" 0
expect_not_contains "a backquoted Slurm-only value to Polaris: no scontrol left" "$(jqv .script)" "scontrol"
expect_match "a backquoted Slurm-only value to Polaris: rewritten" "$(jqv .script)" '^export MASTER_NODE=\$\(head -n 1 "\$PBS_NODEFILE"\)$'
run_maple generate --json --from "$S/320-srun-torchrun-duplicate-nproc-option.sh" --to frontier "account testproj"
expect_contains "the same value to another Slurm cluster: carried" "$(jqv .script)" 'scontrol show hostnames'
# the job's arguments from the Nth on in a carried string (PY_ARGS=${@:5}) are written "${*:5}": the
# same words joined, and no shellcheck SC2124 in maple's own script
run_maple generate --json --from "$S/313-openmmlab-slurm-train-defaults.sh" --to polaris "account testproj"
expect_rc "an argument slice to Polaris: exit" 0
expect_match "an argument slice: written as the joined words" "$(jqv .script)" '^export PY_ARGS="\$\{\*:5\}"$'
# a count the program's arguments use (train.py --nodes $NNODES, NNODES from the old node file) is set to
# the port's own count, said with its line; never left unset
run_maple generate --json --from "$S/335-pbs-backtick-nodefile-count-exported.sh" --to perlmutter "account m1234_g"
expect_rc "a node count in the program's arguments to Perlmutter: exit" 0
expect_match "a node count in the program's arguments: the port's" "$(jqv .script)" '^export NNODES=2$'
expect_match "a node count in the program's arguments: said" "$(jqv '.warnings[]')" '^line 10: NNODES is used by the launch line: set to 2, the port.s count'
# extract lists the helper steps it read around the training, with their lines, and not as the training
run_maple extract --json --script "$S/254-mpirun-np1-prep-then-mpirun-ddp.sh"
expect_json "extract: the helper steps, before and after the training" '.reading.steps' '["line 10 (before the training): mpirun -np 1 python prepare_dataset.py --out /tmp/ds","line 12 (after the training): python eval_model.py --ckpt best.pt > eval.log"]'
run_maple extract --json --script "$S/257-env-check-script-then-srun-n1-train.sh"
expect_json "extract: a plain check before a one-task training is a step, the srun line the training" '[.request.script, .reading.steps]' '["train_mnist.py",["line 10 (before the training): python check_gpu_env.py"]]'
run_maple generate --json --from "$S/258-mpiexec-n1-download-then-plain-python-train.sh" --to perlmutter "account m1234_g"
expect_match "a download under mpiexec -n 1 to Perlmutter: srun for one task" "$(jqv .script | sed -n '/steps of the old job before/,/# --- launch ---/p')" '^srun --nodes=1 --ntasks=1 python download_cifar.py --root ./data$'
# extract reads every Flux batch shape (directives upper or lower case, none at all, flux submit, flux
# mini run): the nodes and the training program, never "no launch line" or "not supported"; a nested
# Flux instance is said, with what it read
for s in "$TMP/flux.sh" "$S"/*flux*.sh; do
	n=$(basename "$s" .sh)
	run_maple extract --json --script "$s"
	expect_rc "$n: extract reads it" 0
	case $n in *submitter*) continue ;; esac
	expect_not_contains "$n: extract does not say \"no launch line\"" "$OUT" "no launch line"
	expect_not_contains "$n: extract does not say Flux is unsupported" "$OUT" "not supported"
	expect_match "$n: extract reads the nodes" "$(jq -r '.request.nodes' <<<"$OUT")" '^[0-9]+$'
	grep -q '^#flux:\|^# *FLUX:' "$s" && expect_match "$n: extract names the scheduler" "$(jq -r '.scheduler' <<<"$OUT")" '^flux$'
done
run_maple extract --json --script "$TMP/flux-start.sh"
expect_match "a nested Flux instance: extract says it is not followed, with its line" "$(jq -r '.warnings[]' <<<"$OUT")" \
	'^line 4: the job starts a Flux instance .*it read the flux command on line 4'
expect_json "a nested Flux instance: no program invented" '.request.script' 'null'
run_maple extract --script "$TMP/flux-start.sh"
expect_match "a nested Flux instance: extract's table says so" "$OUT" '^scheduler +flux instance \(not read\)'

# a carried value that runs a command on the old scheduler's variables: the first node and the node
# count are rewritten in the target's terms (and said); any other is refused with the reason
run_maple generate --from "$S/169-torchrun-rdzv-conf-is-host.sh" --to polaris "account testproj"
expect_rc "HEAD=\$(scontrol show hostnames ... | head -n 1) to PBS: exit" 0
expect_match "the first node in PBS terms" "$OUT" '^export HEAD=\$\(head -n 1 "\$PBS_NODEFILE"\)$'
expect_match "the rewrite is said" "$ERR" 'HEAD=.*rewritten as \$\(head -n 1 "\$PBS_NODEFILE"\)'
sed 's|^HEAD=.*|HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" \| tail -n 1)|' "$S/169-torchrun-rdzv-conf-is-host.sh" >"$TMP/tailnode.sh"
run_maple generate --from "$TMP/tailnode.sh" --to aurora "account testproj"
expect_rc "another command on \$SLURM_JOB_NODELIST to PBS: refused" 2
expect_match "the refusal names the variable" "$ERR" 'runs a command on \$SLURM_JOB_NODELIST'
# a launch line in a loop whose variable it uses: the loop is carried around the port's launch line,
# its variable exported for the tasks' shells; on Slurm and on PBS
for t in delta polaris; do
	run_maple generate --from "$S/160-lr-sweep-loop.sh" --to $t "account testproj"
	expect_rc "a loop variable on the launch line ($t): ported" 0
	expect_match "the loop's header is carried before the launch ($t)" "$OUT" '^for lr in 1e-3 3e-4 1e-4; do$'
	expect_match "the loop closes after the launch ($t)" "$(sed -n '/^# --- launch ---/,$p' <<<"$OUT")" '^done  # the loop of line 6$'
	expect_match "its variable is exported for the tasks ($t)" "$OUT" "^export lr=''\$"
	expect_match "the carried loop is said ($t)" "$ERR" 'lines 6-8: the loop around the launch is carried over'
	printf '%s\n' "$OUT" >"$TMP/loop-$t.sh"
	run_maple verify --json --cluster $t "$TMP/loop-$t.sh"
	expect_eq "the port with its loop verifies without errors ($t)" "$(jq -r '[.findings[] | select(.severity == "error") | .id] | join(" ")' <<<"$OUT")" ""
done
# ... but not a loop that runs something else besides (a per-seed evaluation): refused with the reason
sed 's|^done$|    python eval.py --lr ${lr}\ndone|' "$S/160-lr-sweep-loop.sh" >"$TMP/loop-eval.sh"
run_maple generate --from "$TMP/loop-eval.sh" --to delta "account testproj"
expect_rc "a loop with another step in its body: refused" 2
expect_match "the refusal names the loop" "$ERR" 'takes \$lr from the loop on line [0-9]+: maple carries a `for` loop'
# ... nor a loop over lines read from a file
printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\nwhile read lr; do\n  torchrun --standalone --nproc_per_node=4 train.py --lr $lr\ndone < lrs.txt\n' >"$TMP/loop-read.sh"
run_maple generate --from "$TMP/loop-read.sh" --to delta "account testproj"
expect_rc "a while-read loop: refused" 2
expect_match "the refusal names its line" "$ERR" 'takes \$lr from the loop on line 4'
# the user's own DeepSpeed config named by an exported DS_CONFIG (a path, no heredoc writes it): kept, named by
# its path in the port's arguments (DS_CONFIG is the name of maple's own config), its stage never invented
printf '#!/bin/bash\n#SBATCH -A CSC550\n#SBATCH -N 2\n#SBATCH -t 01:00:00\n#SBATCH -p batch\nexport DS_CONFIG=/lustre/orion/csc550/proj-shared/ds.json\nsrun -n 16 --ntasks-per-node=8 python train.py --deepspeed $DS_CONFIG\n' >"$TMP/ds-user.sh"
for t in perlmutter polaris; do
	run_maple generate --json --from "$TMP/ds-user.sh" --to $t "account testproj"
	expect_rc "the user's DS_CONFIG file ($t): ported" 0
	expect_match "its path in the arguments ($t)" "$(jqv '.script')" 'train\.py --deepspeed /lustre/orion/csc550/proj-shared/ds\.json'
	expect_no_match "no config of maple's own written ($t)" "$(jqv '.script')" 'MAPLE_DS_CONFIG'
	expect_eq "the stage stays unknown ($t)" "$(jqv '.request.strategy')" "null"
	expect_match "the old path is named ($t)" "$(jqv '.warnings[]')" 'DS_CONFIG=/lustre/orion/csc550/proj-shared/ds\.json points into OLCF Frontier'
done
# ... but a DS_CONFIG the script writes itself with a heredoc stays maple's convention (its config replaced)
printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\nDS_CONFIG=ds.json\ncat > $DS_CONFIG <<EOF\n{"zero_optimization": {"stage": 2}}\nEOF\ndeepspeed --num_gpus 4 train.py --deepspeed --deepspeed_config $DS_CONFIG\n' >"$TMP/ds-heredoc.sh"
run_maple generate --json --from "$TMP/ds-heredoc.sh" --to delta "account testproj"
expect_rc "a DS_CONFIG the script writes: ported" 0
expect_no_match "not named by a path" "$(jqv '.script')" 'deepspeed_config ds\.json'
finish
