# port_counts.sh - the scheduler's count and size variables of an old script, through a port (issue 13;
# src/port/counts.c, data/scripts/launchvars.yaml job_counts): $SLURM_CPUS_PER_TASK, $SLURM_GPUS_ON_NODE,
# $SLURM_JOB_NUM_NODES, $SLURM_NTASKS, PBS's $NCPUS ... in carried assignments, exports and the program's
# arguments - plain, inside $(( )), with a ${VAR:-default} - are written as the port's own numbers (the
# target's cores and GPUs per node, the port's node count), in every scheduler direction, each said with
# what it meant in the old launch; refused only where the old launch's shape gives the count no meaning
# on the target (two tasks per node on four GPUs).
. "$(dirname "$0")/lib.bash" "$@"

hdr() { # TASKS_PER_NODE CPUS_PER_TASK: a Perlmutter header, 2 nodes x 4 GPUs
	printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=%s\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=%s\n' "$1" "$2"
	printf '#SBATCH -t 01:00:00\n#SBATCH -A m1234\n#SBATCH -C gpu\n#SBATCH -q regular\n'
	printf 'export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)\nexport MASTER_PORT=29500\n'
}
pernode_launch='srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 train.py --epochs 3'
port() { # SCRIPT TARGET: the port as JSON in $OUT
	run_maple generate --json --from "$1" --to "$2" "account testproj"
}
script_line() { # PATTERN: the port's lines that match it
	jqv '.script' | grep -E -- "$1"
}
launch() { jqv '.script' | grep -E 'python|torchrun' | tail -1; }
clean() { # NAME TARGET: the port verifies free of errors, passes bash -n and keeps no variable of the old scheduler
	jqv '.script' >"$TMP/p.sh"
	"$MAPLE" verify --json --cluster "$2" "$TMP/p.sh" >"$TMP/v.json" 2>/dev/null
	n=$(jq '[.findings[] | select(.severity == "error")] | length' "$TMP/v.json")
	[ "$n" = 0 ] && pass "$1: the port verifies without errors on $2" ||
		fail "$1: the port verifies without errors on $2" "$(jq -c '.findings' "$TMP/v.json" | head -c 600)"
	bash -n "$TMP/p.sh" && pass "$1: the port on $2 passes bash -n" || fail "$1: the port on $2 passes bash -n"
	if command -v shellcheck >/dev/null; then
		shellcheck -S warning "$TMP/p.sh" >"$TMP/sc.txt" 2>&1 && pass "$1: the port on $2 passes shellcheck" ||
			fail "$1: the port on $2 passes shellcheck" "$(cat "$TMP/sc.txt")"
	fi
}
no_var() { # NAME VAR: the port's script no longer reads VAR
	if jqv '.script' | grep -v '^#' | grep -q -- "$2"; then
		fail "$1: the port no longer reads \$$2" "$(jqv '.script' | grep -- "$2")"
	else
		pass "$1: the port no longer reads \$$2"
	fi
}

# ---- a. Slurm to PBS: CPUs per task of a launch of one task per node (srun torchrun) ----
{ hdr 1 64; echo 'export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK'; echo "$pernode_launch"; } >"$TMP/export.sh"
port "$TMP/export.sh" polaris
expect_rc "export OMP_NUM_THREADS=\$SLURM_CPUS_PER_TASK to Polaris: ported" 0
expect_match "a node's CPUs (one task per node) are Polaris's 32 cores" "$(script_line OMP_NUM_THREADS)" '^export OMP_NUM_THREADS=32$'
expect_match "the number is said with its meaning" "$(jqv '.warnings[]')" 'SLURM_CPUS_PER_TASK \(the CPUs of each task of the old launch, one task per node: 64\) is 32 in the port'
no_var export SLURM_CPUS_PER_TASK
clean export polaris
port "$TMP/export.sh" aurora
expect_rc "the same to Aurora: ported" 0
expect_match "Aurora's 104 cores" "$(script_line OMP_NUM_THREADS)" '^export OMP_NUM_THREADS=104$'
clean export aurora
# Slurm to Slurm: the port's header asks for no --cpus-per-task, so the variable would be unset there
port "$TMP/export.sh" frontier
expect_rc "the same to Frontier (Slurm): ported" 0
expect_match "Frontier's 56 cores, not an unset \$SLURM_CPUS_PER_TASK" "$(script_line OMP_NUM_THREADS)" '^export OMP_NUM_THREADS=56$'
clean export frontier

# arithmetic over it (the 960-999 batch's shape: 40 cores shared by 8 workers on Bridges-2)
cat >"$TMP/b2.sh" <<'EOS'
#!/bin/bash
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=40
#SBATCH -t 02:00:00
#SBATCH -A abc123
export OMP_NUM_THREADS=$(( SLURM_CPUS_PER_TASK / 8 ))
srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $(hostname):29500 train.py --epochs 5
EOS
for t in polaris:32 aurora:104 frontier:56 perlmutter:64; do
	port "$TMP/b2.sh" "${t%%:*}"
	expect_rc "\$(( SLURM_CPUS_PER_TASK / 8 )) to ${t%%:*}: ported" 0
	expect_contains "the user's arithmetic kept over ${t%%:*}'s ${t#*:} cores" "$(script_line OMP_NUM_THREADS)" "export OMP_NUM_THREADS=\$(( ${t#*:} / 8 ))"
	no_var "b2 ${t%%:*}" SLURM_CPUS_PER_TASK
	clean "b2" "${t%%:*}"
done

# ---- b. one task per GPU: the CPUs of a GPU's share of the node ----
{ hdr 4 16; echo 'export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK:-1}'; echo 'srun python train.py --workers $SLURM_CPUS_PER_TASK --io $(( SLURM_CPUS_PER_TASK - 2 ))'; } >"$TMP/pergpu.sh"
for t in polaris:8 aurora:13 frontier:7 perlmutter:16; do
	port "$TMP/pergpu.sh" "${t%%:*}"
	expect_rc "CPUs per task of one task per GPU to ${t%%:*}: ported" 0
	expect_match "a default expansion is the number on ${t%%:*}" "$(script_line OMP_NUM_THREADS)" "^export OMP_NUM_THREADS=${t#*:}\$"
	expect_contains "the argument and its arithmetic on ${t%%:*}" "$(launch)" "train.py --workers ${t#*:} --io \$(( ${t#*:} - 2 ))"
	no_var "pergpu ${t%%:*}" SLURM_CPUS_PER_TASK
	clean pergpu "${t%%:*}"
done
expect_match "the meaning is said (a GPU's share)" "$(jqv '.warnings[]')" 'one task per GPU: 16\) is 16 in the port'

# ---- c. GPUs and nodes in arithmetic and arguments ----
{ hdr 4 16; echo 'WORLD=$(( SLURM_JOB_NUM_NODES * SLURM_GPUS_ON_NODE ))'; echo 'srun python train.py --world $WORLD --gpus $SLURM_GPUS_ON_NODE --tasks ${SLURM_NTASKS:-1}'; } >"$TMP/world.sh"
port "$TMP/world.sh" polaris
expect_rc "nodes x GPUs on node to Polaris: ported" 0
expect_match "the port's 2 nodes and 4 GPUs" "$(script_line '^export WORLD=')" '^export WORLD=\$\(\( 2 \* 4 \)\)$'
expect_contains "the arguments' counts" "$(launch)" "train.py --world \${WORLD} --gpus 4 --tasks 8"
clean world polaris
port "$TMP/world.sh" frontier
expect_rc "the same to Frontier: ported" 0
expect_match "1 Frontier node of 8 GCDs" "$(script_line '^export WORLD=')" '^export WORLD=\$\(\( 1 \* 8 \)\)$'
expect_contains "the arguments' counts on Frontier" "$(launch)" "train.py --world \${WORLD} --gpus 8 --tasks 8"
clean world frontier

# ---- d. PBS to Slurm: PBS's NCPUS (the chunk's CPUs) ----
cat >"$TMP/ncpus.sh" <<'EOS'
#!/bin/bash
#PBS -l select=2:ncpus=64:ngpus=4:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A proj
cd $PBS_O_WORKDIR
export OMP_NUM_THREADS=$(( NCPUS / 4 ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
mpiexec -n 8 --ppn 4 --depth=16 --cpu-bind depth bash -c 'RANK=$PMI_RANK LOCAL_RANK=$PMI_LOCAL_RANK WORLD_SIZE=8 python train.py --threads ${NCPUS:-8}'
EOS
for t in perlmutter:64 frontier:56 aurora:104; do
	port "$TMP/ncpus.sh" "${t%%:*}"
	expect_rc "\$NCPUS to ${t%%:*}: ported" 0
	expect_contains "\$(( NCPUS / 4 )) over ${t%%:*}'s cores" "$(script_line OMP_NUM_THREADS)" "export OMP_NUM_THREADS=\$(( ${t#*:} / 4 ))"
	expect_contains "\${NCPUS:-8} on ${t%%:*}" "$(launch)" "train.py --threads ${t#*:}"
	expect_no_match "PBS's NCPUS is not taken for a variable the script forgot to set (${t%%:*})" "$(jqv '.warnings[]')" 'NCPUS is used by the launch line but the old script never sets it'
	no_var "ncpus ${t%%:*}" NCPUS
	clean ncpus "${t%%:*}"
done
# a script that sets NCPUS itself: the user's own variable, carried as it is
sed 's/^cd \$PBS_O_WORKDIR$/cd $PBS_O_WORKDIR\nNCPUS=12/' "$TMP/ncpus.sh" >"$TMP/own.sh"
port "$TMP/own.sh" perlmutter
expect_rc "a script's own NCPUS: ported" 0
expect_match "its own value is carried" "$(script_line '^export NCPUS=')" '^export NCPUS=12$'
expect_contains "and read by the arithmetic as it was" "$(script_line OMP_NUM_THREADS)" 'export OMP_NUM_THREADS=$(( NCPUS / 4 ))'
# a Slurm script's $NCPUS is no scheduler's variable: still one the old script never sets
{ hdr 4 16; echo 'srun python train.py --threads $NCPUS'; } >"$TMP/slurmncpus.sh"
port "$TMP/slurmncpus.sh" polaris
expect_match "\$NCPUS under Slurm is the user's, named as never set" "$(jqv '.warnings[]')" 'NCPUS is used by the launch line but the old script never sets it'

# ---- e. where the count has no meaning on the target: refused with the reason ----
{ hdr 2 32; echo 'export OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK'; echo 'srun python train.py --epochs 3'; } >"$TMP/twopernode.sh"
port "$TMP/twopernode.sh" polaris
expect_rc "two tasks per node on 4 GPUs: refused" 2
expect_match "the reason names the shape" "$(jqv '.errors[]')" 'SLURM_CPUS_PER_TASK.*2 tasks per node on 4 GPUs.*write the value itself'

# ---- f. counts in the steps a port carries around its launch ----
# a helper step before the launch (to PBS it was named as not carried: "uses the old scheduler's variables")
{ hdr 4 16; echo 'python prep.py --workers $SLURM_CPUS_PER_TASK --shards $(( SLURM_JOB_NUM_NODES * 2 ))'; echo 'srun python train.py --epochs 3'; } >"$TMP/step.sh"
for t in polaris:8:2 frontier:7:1; do
	IFS=: read -r c cpus nodes <<<"$t"
	port "$TMP/step.sh" "$c"
	expect_rc "a helper step's counts to $c: ported" 0
	expect_match "the step is carried with $c's numbers" "$(script_line 'prep\.py')" "python prep\\.py --workers \"?$cpus\"? --shards \\\$\\(\\( $nodes \\* 2 \\)\\)"
	expect_no_match "the step is not named as left behind ($c)" "$(jqv '.warnings[]')" 'prep\.py.*not carried over'
	no_var "step $c" SLURM_CPUS
	no_var "step $c" SLURM_JOB_NUM
	clean step "$c"
done
# a block that sets a variable under a condition on the node count (to PBS only its last branch was carried)
{ hdr 4 16; echo 'if [ "$SLURM_JOB_NUM_NODES" -gt 1 ]; then BS=$(( SLURM_JOB_NUM_NODES * 32 )); else BS=32; fi'; echo 'srun python train.py --bs $BS'; } >"$TMP/block.sh"
port "$TMP/block.sh" polaris
expect_rc "a block over the node count to Polaris: ported" 0
expect_contains "the block is carried with the port's node count" "$(script_line '^if ')" 'if [ "2" -gt 1 ]; then BS=$(( 2 * 32 )); else BS=32; fi'
expect_no_match "no longer only its last value" "$(jqv '.warnings[]')" 'carries only its last value'
no_var block SLURM_JOB_NUM
clean block polaris
port "$TMP/block.sh" frontier
expect_rc "the same to Frontier: ported" 0
expect_contains "one Frontier node" "$(script_line '^if ')" 'if [ "1" -gt 1 ]; then BS=$(( 1 * 32 )); else BS=32; fi'
clean block frontier
# PBS's NCPUS in a helper step, to Slurm
sed 's/^export OMP_NUM_THREADS=.*$/python prep.py --jobs $NCPUS/' "$TMP/ncpus.sh" >"$TMP/pbsstep.sh"
port "$TMP/pbsstep.sh" perlmutter
expect_rc "PBS's NCPUS in a helper step to Perlmutter: ported" 0
expect_match "the step has Perlmutter's cores" "$(script_line 'prep\.py')" 'python prep\.py --jobs "?64"?$'
clean pbsstep perlmutter

finish
