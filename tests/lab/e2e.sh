#!/bin/bash
# e2e.sh - maple against a real Slurm (tests/lab/lab.sh), end to end: for every cluster profile and every
# paradigm (PyTorch DDP, PyTorch FSDP, DeepSpeed, Accelerate), generate a 2-node script as a new user asks for
# it, `sbatch --test-only` it against a lab shaped like that cluster, then `maple verify --run` it with no
# --mode (the mode comes from the script) and require: DDP and FSDP pass on 2 distinct hosts with their own
# mode exercised; DeepSpeed and Accelerate pass, or (not installed here) are skipped with what was still
# proven, never a fail. The PBS clusters (Polaris, Aurora) run through the lab's emulated PBS job. The
# README's Slurm commands run as printed. Planted wrong scripts must fail with a reason that names the fault
# (within seconds for values that can never work); afterwards nothing of the lab may be left behind.
# Ports of the corpus's DDP/FSDP scripts to each cluster run the same way (the run proves the port).
# The table of verdicts is printed at the end (and written to $MAPLE_LAB_TABLE when set).
#
#   bash tests/lab/e2e.sh <maple> <srcdir> [CLUSTER...]     (root; the lab's packages: scripts/install-deps --tests)
# What it needs is checked first (tests/lab/preflight.sh): root, the packages, namespaces, a resolvable host
# name, port 6817 free; when something is missing it is reported as a skip (exit 77) with the reason and the
# fix within a second; MAPLE_LAB_SKIP=1 skips it the same way; MAPLE_TEST_NO_SKIP=1 (CI) makes a skip a failure.
set -uo pipefail
# shellcheck source=../cli/lib.bash
source "$(dirname "$0")/../cli/lib.bash"
shift 2

# shellcheck source=preflight.sh
PREFLIGHT_TEST=lab_e2e
source "$SRC/tests/lab/preflight.sh"
preflight env-skip root lab-packages torch namespaces hostname port:6817
LAB="$SRC/tests/lab/lab.sh"
export MAPLE_LAB_DIR=${MAPLE_LAB_DIR:-/tmp/maple-lab-e2e}
T=$(mktemp -d /tmp/maple-e2e.XXXXXX)
cleanup() {
	bash "$LAB" down >/dev/null 2>&1 || true
	rm -rf "$T" "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

eval "$(bash "$LAB" env)"
cd "$T" || exit 2

# A run's verdict and facts, as one line of JSON.
run_summary() { jq -c '{v: .verdict, nodes: .seen.nodes, world: .seen.world_size, expect: .expected.world_size, s: .job.seconds, reasons: .reasons}'; }

mapfile -t SLURM_CLUSTERS < <("$MAPLE" clusters --json | jq -r '.[] | select(.scheduler == "slurm") | .id')
mapfile -t PBS_CLUSTERS < <("$MAPLE" clusters --json | jq -r '.[] | select(.scheduler == "pbs") | .id')
if [ $# -gt 0 ]; then
	SLURM_CLUSTERS=() PBS_CLUSTERS=()
	for c in "$@"; do
		if [ "$("$MAPLE" clusters "$c" --json | jq -r .scheduler)" = pbs ]; then PBS_CLUSTERS+=("$c"); else SLURM_CLUSTERS+=("$c"); fi
	done
fi
expect_eq "clusters to test" "$(( ${#SLURM_CLUSTERS[@]} + ${#PBS_CLUSTERS[@]} > 0 ))" 1

PARADIGMS=("pytorch ddp" "pytorch fsdp" "deepspeed" "accelerate")
# DDP and FSDP run on every cluster; DeepSpeed and Accelerate (not installed in the lab: skipped, saying
# what was still proven) on one cluster of each launch family by default (srun + torchrun and srun per
# rank; ROCm with the script's environment check; TACC's ibrun; PBS mpiexec), on every cluster with
# MAPLE_LAB_FULL=1 (.ci/run sets it): `make test` stays within its time.
FULL_TABLE_CLUSTERS=" perlmutter frontier lonestar6 polaris "
wanted() { # cluster paradigm
	case $2 in pytorch*) return 0 ;; esac
	[ "${MAPLE_LAB_FULL:-}" = 1 ] || [[ $FULL_TABLE_CLUSTERS == *" $1 "* ]]
}
TABLE="$T/table"
: >"$TABLE"
mkdir -p "$T/run"

# paradigm CLUSTER FW-TEXT SCHED [EXTRA-TEXT LABEL NODES]: generate, (Slurm) sbatch --test-only, verify --run
# with the mode from the script. EXTRA-TEXT is added to the request (a node type's queue and GPU memory);
# LABEL names the row; NODES (default 2) is the job's node count. With LATER=1 (Slurm) the run starts in the
# background and its judgement is queued (judge_later): the jobs of one lab shape run side by side.
paradigm() {
	local c=$1 fw=$2 sched=$3 extra=${4:-} label=${5:-$1} nn=${6:-2} s want
	s="$T/${label//:/@}-${fw// /-}.sh"
	want=${fw#pytorch }
	c=$label
	if ! "$MAPLE" generate --cluster "$1" -o "$s" \
		"$fw training of train.py on $nn nodes for 30 minutes, account abc123$extra" 2>"$T/gen.err"; then
		fail "$c $want: generate: $(cat "$T/gen.err")"
		echo "$c $want generate-failed -" >>"$TABLE"
		return
	fi
	if [ "$sched" = slurm ]; then
		if out=$(sbatch --test-only "$s" 2>&1); then
			pass "$c $want: sbatch --test-only accepts the generated script"
		else
			fail "$c $want: sbatch --test-only refused it: $out"
		fi
	fi
	if [ "${LATER:-}" = 1 ] && [ "$sched" = slurm ]; then
		run_verify "$(basename "$s" .sh)" "$s" "$sched" &
		JUDGE+=("paradigm_judge|$1|$2|$3|${4:-}|${5:-}|${6:-}")
		return
	fi
	run_verify "$(basename "$s" .sh)" "$s" "$sched"
	paradigm_judge "$@"
}

# run_verify KEY SCRIPT SCHED: the verification run; its JSON in $T/run/KEY.json (stderr in KEY.err), its exit
# status and wall seconds in KEY.rc
run_verify() {
	local key=$1 s=$2 t0 rc secs
	t0=$(date +%s%N)
	if [ "$3" = slurm ]; then
		"$MAPLE" verify --run submit --timeout 120 --json "$s" >"$T/run/$key.json" 2>"$T/run/$key.err"
	else
		bash "$LAB" pbs-job "$MAPLE" verify --run local --timeout 120 --json "$s" >"$T/run/$key.json" 2>"$T/run/$key.err"
	fi
	rc=$?
	secs=$((($(date +%s%N) - t0) / 100000000))
	echo "$rc $((secs / 10)).$((secs % 10))" >"$T/run/$key.rc"
}

# the run of KEY becomes $T/r.json and $T/r.err (what the checks read); sets rc and secs
take_run() {
	cp "$T/run/$1.json" "$T/r.json" 2>/dev/null || : >"$T/r.json"
	cp "$T/run/$1.err" "$T/r.err" 2>/dev/null || : >"$T/r.err"
	read -r rc secs <"$T/run/$1.rc" 2>/dev/null || { rc=125 secs=-; }
}

# judge_later: wait for the runs started in the background, then judge them in the order they were started
JUDGE=()
judge_later() {
	local j f a b c d e g
	wait
	for j in "${JUDGE[@]}"; do
		IFS='|' read -r f a b c d e g <<<"$j"
		"$f" "$a" "$b" "$c" "$d" "$e" "$g"
	done
	JUDGE=()
}

# paradigm_judge: the checks of paradigm's run (same arguments)
paradigm_judge() {
	local c=$1 fw=$2 label=${5:-$1} nn=${6:-2} s want mode rc secs sum verdict
	s="$T/${label//:/@}-${fw// /-}.sh"
	want=${fw#pytorch }
	c=$label
	take_run "$(basename "$s" .sh)"
	sum=$(run_summary <"$T/r.json")
	verdict=$(jq -r .verdict "$T/r.json" 2>/dev/null)
	mode=$(jq -r '.mode + " from " + .mode_from.source' "$T/r.json" 2>/dev/null)
	echo "$c $want ${verdict:-error} ${secs}s" >>"$TABLE"
	expect_eq "$c $want: the mode comes from the script (maple's header)" "$mode" "$want from header"
	case $want in
	ddp | fsdp)
		if [ "$rc" -eq 0 ] && [ "$verdict" = pass ] && [ "$(jq -r '[.ranks[].host] | unique | length' "$T/r.json")" = "$nn" ] &&
			[ "$(jq -r .seen.world_size "$T/r.json")" = "$(jq -r .expected.world_size "$T/r.json")" ]; then
			pass "$c $want: mini-app passed on $nn hosts $sum"
		else
			fail "$c $want: verify --run: rc=$rc $sum $(tail -n 5 "$T/r.err")"
		fi
		expect_eq "$c $want: its own training step was exercised" \
			"$(jq -r --arg m "$want" '[.exercised[] | select(startswith($m + ":") or startswith($m + " (emulated"))] | length' "$T/r.json")" 1
		;;
	*)
		# not installed here: skipped with what was still proven (the rendezvous and the collectives; or, when
		# the script's own environment check stops the job first, that the scheduler ran it that far, with the
		# line that says so); installed: pass. Never a fail.
		if [ "$verdict" = pass ] || { [ "$verdict" = skipped ] && {
			{ [ "$(jq -r '[.exercised[] | select(. == "all_reduce" or startswith("rendezvous"))] | length' "$T/r.json")" = 2 ] &&
				[ "$(jq -r --arg m "$want" '[.not_exercised[] | select(startswith($m))] | length' "$T/r.json")" -ge 1 ]; } ||
				jq -e --arg m "$want" '(.reasons[0] | test("skipped: " + $m + " is not installed where the job ran, and the job stopped before any rank started \\((stderr|stdout):[0-9]+: ")) and (.exercised[0] | startswith("the scheduler accepted the script"))' "$T/r.json" >/dev/null; }; }; then
			pass "$c $want: $verdict, saying what was and was not proven $sum"
		else
			fail "$c $want: verify --run: rc=$rc $sum $(jq -c '{ex: .exercised, nex: .not_exercised}' "$T/r.json" 2>/dev/null) $(tail -n 5 "$T/r.err")"
		fi
		;;
	esac
}

# --- ports: DDP/FSDP job scripts of the corpus (tests/port/corpus, written for other clusters and
# schedulers) ported to each lab-shaped cluster and run there with the mini-app: the run, not only the
# static check, proves the port (issue 13). The sources are the corpus scripts whose world size fits the
# lab's 2 nodes of the target; each cluster takes the next ones in turn (PORTS_PER_CLUSTER, 1 by default,
# 3 with MAPLE_LAB_FULL=1).
PORT_SOURCES=()
for s in "$SRC"/tests/port/corpus/*.sh; do
	r=$("$MAPLE" extract --json --script "$s" 2>/dev/null) || continue
	jq -e '.request.framework == "pytorch" and (.request.strategy == "ddp" or .request.strategy == "fsdp")' <<<"$r" >/dev/null &&
		PORT_SOURCES+=("$s $(jq -r '"\(.request.cluster) \((.request.nodes // 1) * (.request.gpus_per_node // 1))"' <<<"$r")")
done
expect_eq "corpus DDP/FSDP scripts to port (at least 20)" "$(( ${#PORT_SOURCES[@]} >= 20 ))" 1
PORT_NEXT=0
PORTS_PER_CLUSTER=1
[ "${MAPLE_LAB_FULL:-}" = 1 ] && PORTS_PER_CLUSTER=3
PORT_TABLE="$T/ports"
: >"$PORT_TABLE"
# port_cases CLUSTER SCHED: port the next sources that fit to CLUSTER and run each
port_cases() {
	local c=$1 sched=$2 gpn done=0 tries=0 src from world name out rc verdict
	gpn=$("$MAPLE" clusters "$c" --json | jq -r '.gpus_per_node')
	while [ $done -lt $PORTS_PER_CLUSTER ] && [ $tries -lt ${#PORT_SOURCES[@]} ]; do
		read -r src from world <<<"${PORT_SOURCES[$((PORT_NEXT % ${#PORT_SOURCES[@]}))]}"
		PORT_NEXT=$((PORT_NEXT + 1))
		tries=$((tries + 1))
		[ "$from" = "$c" ] && continue
		[ "$world" -le $((2 * gpn)) ] 2>/dev/null || continue
		name=$(basename "$src" .sh)
		out="$T/port-$c-$name.sh"
		"$MAPLE" generate --from "$src" --to "$c" -o "$out" "account abc123" 2>"$T/port.err"
		rc=$?
		if [ $rc = 2 ] && grep -q '^maple: error: ..' "$T/port.err"; then
			echo "$c $name refused -" >>"$PORT_TABLE"
			continue # refused with a reason: nothing to run
		fi
		if [ $rc != 0 ]; then
			fail "port $name -> $c: generate exit $rc: $(head -c 300 "$T/port.err")"
			continue
		fi
		done=$((done + 1))
		if [ "$sched" = slurm ]; then
			if o=$(sbatch --test-only "$out" 2>&1); then pass "port $name -> $c: sbatch --test-only accepts it"; else fail "port $name -> $c: sbatch --test-only: $o"; fi
		fi
		if [ "${LATER:-}" = 1 ] && [ "$sched" = slurm ]; then
			run_verify "port-$c-$name" "$out" "$sched" &
			JUDGE+=("port_judge|$c|$name|$world")
		else
			run_verify "port-$c-$name" "$out" "$sched"
			port_judge "$c" "$name" "$world"
		fi
	done
}

# port_judge CLUSTER NAME WORLD: the checks of a port's run
port_judge() {
	local c=$1 name=$2 world=$3 rc secs verdict
	take_run "port-$c-$name"
	verdict=$(jq -r .verdict "$T/r.json" 2>/dev/null)
		echo "$c $name ${verdict:-error} $(jq -r '.seen.world_size' "$T/r.json" 2>/dev/null)" >>"$PORT_TABLE"
		if [ "$rc" -eq 0 ] && [ "$verdict" = pass ] &&
			[ "$(jq -r .seen.world_size "$T/r.json")" = "$(jq -r .expected.world_size "$T/r.json")" ] &&
			[ "$(jq -r .expected.world_size "$T/r.json")" = "$world" ]; then
			pass "port $name -> $c: the mini-app passed with the old world size ($world) $(run_summary <"$T/r.json")"
		else
			fail "port $name -> $c: verify --run: rc=$rc (old world size $world) $(run_summary <"$T/r.json" 2>/dev/null) $(tail -n 5 "$T/r.err")"
		fi
}

# A Slurm cluster's paradigms and ports run side by side on an 8-node lab of its shape (each job has its own
# two nodes, the rest wait in the queue; a run's time counts from its submission): the waits of one run -
# the scheduler's, the rendezvous', the launcher's polls - overlap the work of the others.
for c in "${SLURM_CLUSTERS[@]}"; do
	if ! bash "$LAB" up -n 8 --shape "$c" --maple "$MAPLE" >"$T/up.log" 2>&1; then
		fail "$c: lab up: $(tail -n 3 "$T/up.log")"
		continue
	fi
	LATER=1
	for fw in "${PARADIGMS[@]}"; do wanted "$c" "$fw" && paradigm "$c" "$fw" slurm; done
	port_cases "$c" slurm
	LATER=
	judge_later
done

for c in "${PBS_CLUSTERS[@]}"; do
	bash "$LAB" up --shape "$c" --maple "$MAPLE" >"$T/up.log" 2>&1 || { fail "$c: lab up: $(tail -n 3 "$T/up.log")"; continue; }
	for fw in "${PARADIGMS[@]}"; do wanted "$c" "$fw" && paradigm "$c" "$fw" pbs; done
	port_cases "$c" pbs
done

# --- node types (issue 14): a cluster's other node types (Delta's 8-GPU and AMD partitions, Stampede3's PVC,
# Lonestar6's and Anvil's H100, Perlmutter's 80 GB A100s ...) each on a lab shaped like that node type
# (`lab.sh up --shape ID:TYPE`: its GPUs per node, cores, memory and its own partitions), the request naming
# one of its queues and its GPUs' memory as a user would ("queue gpuA100x8, 40GB GPUs"): the script must
# pick the node type and the mini-app pass with world size = nodes x its GPUs per node (2 nodes, or 1 where
# the queue allows only one). DDP on two node types by default; DDP and FSDP on every non-default node type
# with MAPLE_LAB_FULL=1.
# nodetype_judge CLUSTER TYPE FW NODES GPUS-PER-NODE: after paradigm_judge of that run
nodetype_judge() {
	local c=$1 nt=$2 fw=$3 nn=$4 gpn=$5 s="$T/$1@$2-${3// /-}.sh"
	expect_eq "$c:$nt ${fw#pytorch }: the script says it runs on the node type" \
		"$(grep -c "^# Node type $nt:" "$s" 2>/dev/null || true)" 1
	expect_eq "$c:$nt ${fw#pytorch }: the job's world size is $nn node(s) x the node type's GPUs" \
		"$(jq -r .expected.world_size "$T/r.json" 2>/dev/null)" "$((nn * gpn))"
}
NT_DEFAULT=" delta:a100x8 stampede3:pvc "
NT_RUNS=0
for c in "${SLURM_CLUSTERS[@]}"; do
	while read -r nt q gpn mem maxn; do
		[ -n "$nt" ] || continue
		if [ "${MAPLE_LAB_FULL:-}" != 1 ] && [[ $NT_DEFAULT != *" $c:$nt "* ]]; then continue; fi
		nn=2
		[ "$maxn" -lt 2 ] 2>/dev/null && nn=1
		if ! bash "$LAB" up -n 4 --shape "$c:$nt" --maple "$MAPLE" >"$T/up.log" 2>&1; then
			fail "$c:$nt: lab up: $(tail -n 3 "$T/up.log")"
			continue
		fi
		LATER=1
		for fw in "pytorch ddp" "pytorch fsdp"; do
			[ "$fw" = "pytorch fsdp" ] && [ "${MAPLE_LAB_FULL:-}" != 1 ] && continue
			paradigm "$c" "$fw" slurm ", queue $q, ${mem}GB GPUs" "$c:$nt" "$nn"
			NT_RUNS=$((NT_RUNS + 1))
			JUDGE+=("nodetype_judge|$c|$nt|$fw|$nn|$gpn")
		done
		LATER=
		judge_later
	done < <("$MAPLE" clusters "$c" --json | jq -r '. as $p | .node_types[]? | select(.default | not) |
		.queues[0] as $q | "\(.id) \($q) \(.gpus_per_node) \(.gpu_memory_gb) \([$p.queues[] | select(.name == $q) | .max_nodes][0])"')
done
[ ${#SLURM_CLUSTERS[@]} -lt 9 ] || expect_eq "node-type lab runs happened" "$((NT_RUNS > 0))" 1

# --- containers (issue 14): a request naming an image runs the framework from it through the cluster's
# container route (Perlmutter's Shifter, Delta's Apptainer, Bridges-2's Singularity, TACC's Apptainer on
# Lonestar6 and Stampede3 (ibrun) and Vista (mpirun), OLCF's Apptainer on Frontier (srun per rank), ALCF's
# Apptainer on Polaris (PBS mpiexec per rank); the lab's stand-ins run the command on the node, as the lab
# has no images): the route's words stand before the per-task command and the mini-app passes. Perlmutter
# by default, a cluster named on the command line, all with MAPLE_LAB_FULL=1.
CT_CASES=("perlmutter|pytorch ddp|, shifter image nersc/pytorch:25.02.01|shifter bash -c"
	"delta|pytorch fsdp|, apptainer image /sw/external/NGC/pytorch_22.02-py3.sif|apptainer exec --nv /sw/external/NGC/pytorch_22.02-py3.sif bash -c"
	"bridges2|pytorch ddp|, singularity image /ocean/containers/ngc/pytorch/pytorch_latest.sif|singularity exec --nv /ocean/containers/ngc/pytorch/pytorch_latest.sif bash -c"
	"lonestar6|pytorch ddp|, apptainer image pytorch.sif|ibrun apptainer exec --nv pytorch.sif bash -c"
	"vista|pytorch fsdp|, apptainer image pytorch.sif|--map-by ppr:1:node apptainer exec --nv pytorch.sif bash -c"
	"frontier|pytorch ddp|, apptainer image pytorch_latest.sif|--gpu-bind=closest apptainer exec pytorch_latest.sif bash -c"
	"stampede3|pytorch ddp|, apptainer image pytorch.sif|ibrun apptainer exec --nv pytorch.sif bash -c"
	"polaris|pytorch ddp|, apptainer image pytorch.sif|--hostfile \"\$PBS_NODEFILE\" apptainer exec --fakeroot --nv -B /opt -B /var/run/palsd/ -B /soft pytorch.sif bash -c")
CT_NAMED=$#
for ct in "${CT_CASES[@]}"; do
	IFS='|' read -r c fw extra words <<<"$ct"
	sched=slurm
	[[ " ${PBS_CLUSTERS[*]} " == *" $c "* ]] && sched=pbs
	[[ " ${SLURM_CLUSTERS[*]} ${PBS_CLUSTERS[*]} " == *" $c "* ]] || continue
	[ "$c" = perlmutter ] || [ "$CT_NAMED" -gt 0 ] || [ "${MAPLE_LAB_FULL:-}" = 1 ] || continue
	if ! bash "$LAB" up --shape "$c" --maple "$MAPLE" >"$T/up.log" 2>&1; then
		fail "$c container: lab up: $(tail -n 3 "$T/up.log")"
		continue
	fi
	paradigm "$c" "$fw" "$sched" "$extra" "$c+container"
	s="$T/$c+container-${fw// /-}.sh"
	expect_eq "$c container ${fw#pytorch }: the launch line runs the task through the container route" \
		"$(grep -c -F -- "$words" "$s" 2>/dev/null || true)" 1
	expect_eq "$c container ${fw#pytorch }: no module of the centre's is loaded (only the route's runtime)" \
		"$(grep '^module load' "$s" 2>/dev/null | grep -c -v -x -E 'module load (tacc-apptainer|apptainer|spack-pe-base)' || true)" 0
done

# --- the README's Slurm commands, as printed, on a Perlmutter-shaped lab
if bash "$LAB" up -n 8 --shape perlmutter --maple "$MAPLE" >"$T/up.log" 2>&1; then
	mkdir -p "$T/readme" && cd "$T/readme" || exit 2
	mapfile -t RL < <(awk '/^On a Slurm cluster/ { on = 1 } on && /^```sh$/ { inb = 1; next } inb && /^```/ { exit }
		inb && NF' "$SRC/README.md")
	expect_eq "README: three Slurm commands found" "${#RL[@]}" 3
	for l in "${RL[@]}"; do
		env PATH="$(dirname "$MAPLE"):$PATH" bash -c "$l" </dev/null >out.txt 2>&1
		rc=$?
		if [ $rc -eq 0 ]; then pass "README on the lab: $l"; else fail "README on the lab: $l: exit $rc" "$(tail -n 20 out.txt)"; fi
	done
	cd "$T" || exit 2
fi

# --- planted faults, on a Perlmutter-shaped lab of 8 nodes: the runs that can only end at their deadline
# (the ranks never meet) run side by side, so their waits overlap ---
if bash "$LAB" up -n 8 --shape perlmutter --maple "$MAPLE" >"$T/up.log" 2>&1; then
	good="$T/good.sh"
	"$MAPLE" generate --cluster perlmutter -o "$good" "pytorch ddp training of train.py on 2 nodes for 30 minutes, account m1234" 2>/dev/null
	plant() { # name sed-expression
		sed "$2" "$good" >"$T/$1.sh"
		cmp -s "$good" "$T/$1.sh" && fail "planting $1 changed nothing"
	}
	plant fixed-rank 's/--node_rank=\$SLURM_PROCID/--node_rank=0/'
	plant batch-rank 's/--node_rank=\$SLURM_PROCID/--node_rank='"'"'"$SLURM_NODEID"'"'"'/'
	plant nnodes 's/--nnodes=2/--nnodes=4/'
	plant master-addr 's/head -n 1)/tail -n 1)/'
	plant per-gpu 's/srun -N 2 -n 2 --ntasks-per-node=1/srun -N 2 -n 8 --ntasks-per-node=4/'
	plant few-ranks 's/--nproc_per_node=4/--nproc_per_node=2/'

	run_fault() { # name extra-args: the run, its JSON in $T/f-NAME.json
		local name=$1 args=$2 t0=$SECONDS
		# shellcheck disable=SC2086
		"$MAPLE" verify --run submit --timeout "${FAULT_TIMEOUT:-20}" --json $args "$T/$name.sh" >"$T/f-$name$args.json" 2>"$T/f-$name$args.err"
		echo "$? $((SECONDS - t0))" >"$T/f-$name$args.rc"
	}
	judge_fault() { # name extra-args regex-the-reasons-must-match
		local name=$1 args=$2 want=$3 r rc secs f="$T/f-$1$2"
		read -r rc secs <"$f.rc"
		cp "$f.json" "$T/f.json"
		r=$(jq -r '(.reasons + .static_errors) | join(" | ")' "$f.json" 2>/dev/null)
		if [ "$rc" -eq 1 ] && [ "$(jq -r .verdict "$f.json")" != pass ] && grep -Eq -- "$want" <<<"$r"; then
			pass "planted $name${args:+ ($args)}: fails, naming the fault ($secs s)"
		else
			fail "planted $name${args:+ ($args)}: rc=$rc, reasons: $r $(cat "$f.err")"
		fi
	}
	check_fault() { run_fault "$1" "$2" && judge_fault "$@"; }
	# caught before any queue wait
	check_fault fixed-rank "" "node-rank-fixed"
	check_fault batch-rank "" "node-rank"
	check_fault nnodes "" "nodes-mismatch.*torchrun expects 4 nodes"
	check_fault per-gpu "" "torchrun-per-gpu"
	# caught by running them, side by side
	run_fault master-addr "" &
	# it completes (4 ranks meet and report): a longer deadline costs nothing and keeps a loaded machine
	# from turning its verdict into a timeout
	FAULT_TIMEOUT=60 run_fault few-ranks "" &
	run_fault fixed-rank "--force" &
	run_fault nnodes "--force" &
	wait
	judge_fault master-addr "" "MASTER_ADDR is node[0-9]+.*first node.*node[0-9]+"
	judge_fault few-ranks "" "world size of 4.*8 GPU slots"
	judge_fault fixed-rank "--force" "never met|node-rank-fixed"
	judge_fault nnodes "--force" "never met|nodes-mismatch"
	# values that can never work fail within seconds, naming the value (not after the deadline)
	plant localhost 's/^export MASTER_ADDR$/export MASTER_ADDR=localhost/'
	cat >"$T/world16.sh" <<'EOF'
#!/bin/bash
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --account=m1234
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=00:30:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
export WORLD_SIZE=16
srun bash -c 'RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID exec python -u train.py'
EOF
	FAULT_TIMEOUT=100 check_fault localhost "--force" "MASTER_ADDR is 'localhost'.*spans 2 nodes"
	expect_eq "planted localhost: decided in seconds, not at the deadline" "$(jq -r '.job.seconds < 15' "$T/f.json")" true
	FAULT_TIMEOUT=100 check_fault world16 "--force" "WORLD_SIZE=16 in the ranks' environment, but the launcher started 8 tasks"
	expect_eq "planted WORLD_SIZE=16: decided in seconds, not at the deadline" "$(jq -r '.job.seconds < 30' "$T/f.json")" true
	# a port already taken on the first node: the run's log through the knowledge base names it
	# (on every node: the job may land on any two)
	for i in 1 2 3 4 5 6 7 8; do
		bash "$LAB" on "$i" /usr/bin/python3 -c 'import socket,time; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("0.0.0.0", 29500)); s.listen(); time.sleep(120)' maple-port-holder &
	done
	sleep 1
	FAULT_TIMEOUT=12 check_fault good "" "torchrun-port-in-use|already in use"
	expect_eq "port in use: the diagnosis is the knowledge base's" "$(jq -r .diagnosis.id "$T/f.json")" torchrun-port-in-use
	pkill -f maple-port-holder
	wait
	expect_eq "no job left in the queue after the planted runs (timeouts were cancelled)" "$(squeue -h | wc -l)" 0
else
	fail "perlmutter lab up: $(tail -n 3 "$T/up.log")"
fi

# --- Ctrl-C cancels the job ---
if bash "$LAB" up -n 8 --shape perlmutter --maple "$MAPLE" >/dev/null 2>&1; then
	"$MAPLE" verify --run submit --timeout 300 "$T/master-addr.sh" >"$T/int.out" 2>&1 &
	vpid=$!
	for _ in $(seq 1 100); do
		[ "$(squeue -h -t R | wc -l)" -gt 0 ] && break
		sleep 0.1
	done
	kill -INT $vpid
	wait $vpid
	expect_eq "Ctrl-C: maple verify exits 1" "$?" 1
	if grep -q "cancelled" "$T/int.out"; then pass "Ctrl-C: the job was cancelled and maple says so"; else fail "Ctrl-C: $(cat "$T/int.out")"; fi
	expect_eq "Ctrl-C: nothing left in the queue" "$(squeue -h | wc -l)" 0
fi

# --- environments (issue 14): Frontier and Lonestar6 provide no PyTorch of their own; the script activates
# the user's environment from the request (a conda env on Frontier, a venv on Lonestar6) or else stops at its
# environment check - on the batch node, with its message, before any rank starts. In the lab, torch is
# importable only in a job that activated that environment (MAPLE_LAB_TORCH_MODULE names it; the lab's conda
# stand-in and the venv's activate record it, elsewhere python starts without site-packages).
mkdir -p "$T/envs/pt/bin"
# shellcheck disable=SC2016  # expanded when the job sources it
printf 'echo pt-venv >>"%s/modules/${SLURM_JOB_ID:-none}"\n' "$MAPLE_LAB_DIR" >"$T/envs/pt/bin/activate"
for row in "frontier|conda env torch2|torch2" "lonestar6|venv $T/envs/pt|pt-venv"; do
	IFS='|' read -r c envtext token <<<"$row"
	[[ " ${SLURM_CLUSTERS[*]} " == *" $c "* ]] || continue
	if ! bash "$LAB" up --shape "$c" --maple "$MAPLE" >"$T/up.log" 2>&1; then
		fail "$c environment: lab up: $(tail -n 3 "$T/up.log")"
		continue
	fi
	for with in no yes; do
		extra=
		[ "$with" = yes ] && extra=", $envtext"
		s="$T/$c-env-$with.sh"
		if ! "$MAPLE" generate --cluster "$c" -o "$s" \
			"pytorch ddp training of train.py on 2 nodes for 30 minutes, account abc123$extra" 2>"$T/gen.err"; then
			fail "$c environment ($with): generate: $(cat "$T/gen.err")"
			continue
		fi
		MAPLE_LAB_TORCH_MODULE=$token "$MAPLE" verify --run submit --timeout 120 --json "$s" >"$T/r.json" 2>"$T/r.err"
		rc=$?
		sum=$(run_summary <"$T/r.json")
		if [ "$with" = yes ]; then
			if [ $rc -eq 0 ] && [ "$(jq -r .verdict "$T/r.json")" = pass ] &&
				[ "$(jq -r '[.ranks[].host] | unique | length' "$T/r.json")" = 2 ]; then
				pass "$c with '$envtext': the script activates it and the mini-app passes on 2 hosts $sum"
			else
				fail "$c with '$envtext': verify --run: rc=$rc $sum $(tail -n 5 "$T/r.err")"
			fi
		else
			err=$(jq -r '.stderr // empty' "$T/r.json")
			if [ $rc -ne 0 ] && [ "$(jq -r .verdict "$T/r.json")" = fail ] && [ "$(jq '.ranks | length' "$T/r.json")" = 0 ] &&
				[ -n "$err" ] && grep -q "maple: 'import torch' fails on " "$err"; then
				pass "$c without an environment: the job stops at its environment check, with the message, before any rank $sum"
			else
				fail "$c without an environment: want a stop at the environment check before any rank: rc=$rc $sum" \
					"$(jq -c '.log_excerpt' "$T/r.json" 2>/dev/null) $(tail -n 5 "$T/r.err")"
			fi
		fi
	done
done

# --- the lab's torch starter did start the runs' torch processes (else each imports torch, ~1.2 s of CPU) ---
if [ "${MAPLE_LAB_NO_ZYGOTE:-}" != 1 ]; then
	for p in maple_miniapp.py torchrun; do
		n=$(grep -c "^zygote: served pid [0-9]*: path $p\$" "$MAPLE_LAB_DIR/log/zygote.log" 2>/dev/null)
		expect_eq "the torch starter ran the runs' $p processes" "$((${n:-0} > 0))" 1
	done
fi

# --- tear-down leaves nothing behind ---
bash "$LAB" down >/dev/null 2>&1
expect_eq "no Slurm daemon left running" "$(pgrep -c '^slurm' || true)" 0
expect_eq "no lab network namespace left" "$(ip netns list | grep -c '^mlnode' || true)" 0
expect_eq "no lab bridge left" "$(ip link show mlbr0 >/dev/null 2>&1 && echo yes || echo no)" no
expect_eq "no lab directory left" "$([ -e "$MAPLE_LAB_DIR" ] && echo yes || echo no)" no
expect_eq "no mini-app process left" "$(pgrep -f maple_miniapp.py -c || true)" 0
expect_eq "no torch starter (zygote) of the lab left" "$(pgrep -f -c -- "$MAPLE_LAB_DIR/run/zygote.sock" || true)" 0
expect_eq "no munged of the lab left" "$(pgrep -x munged -a | grep -c -- "$MAPLE_LAB_DIR/" || true)" 0
echo "# paradigm table (cluster paradigm verdict time):"
sed 's/^/#   /' "$TABLE"
for fw in ddp fsdp deepspeed accelerate; do
	echo "# $fw: $(awk -v f="$fw" '$2 == f { n[$3]++ } END { for (v in n) printf "%s %d  ", v, n[v] }' "$TABLE")"
done
echo "# ports run on the lab (target source verdict world-size):"
sed 's/^/#   /' "$PORT_TABLE"
[ -n "${MAPLE_LAB_TABLE:-}" ] && cp "$TABLE" "$MAPLE_LAB_TABLE"
finish
