# port_args.sh - what a training program's own command line takes from the launcher that starts it,
# through a port (src/port/taskargs.c, data/scripts/launchvars.yaml), issue 13:
#   - per-task variables in the arguments ($SLURM_PROCID, $PMI_RANK ...) renamed to what the target's
#     launcher sets per task, counts ($SLURM_NTASKS) written as the port's numbers, and a refusal that
#     names the argument where the chosen launch has no shell per worker to expand them;
#   - Python options before the program (python -u -W ignore -O) carried as their environment variables;
#   - the program's own --launcher (mmengine) changed to `pytorch`, which reads what maple's launch sets;
#   - GPT-NeoX's deepy.py (a DeepSpeed runner wrapper) read and refused with its reason;
#   - the program's collective backend (--backend/--dist-backend/--ddp-backend/--distributed-backend,
#     backend=, or a variable the script sets for it) changed to the target's library, and blamed as the
#     user's argument where it cannot be; paths of the old centre's file systems reported with their line.
. "$(dirname "$0")/lib.bash" "$@"

hdr() { # NODES TASKS_PER_NODE: a Perlmutter header
	printf '#!/bin/bash\n#SBATCH -N %s\n#SBATCH --ntasks-per-node=%s\n#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n#SBATCH -A m1234\n#SBATCH -C gpu\n#SBATCH -q regular\n' "$1" "$2"
	printf 'export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)\nexport MASTER_PORT=29500\n'
}
port() { # SCRIPT TARGET: the port as JSON in $OUT
	run_maple generate --json --from "$1" --to "$2" "account testproj"
}
launch_line() { jqv '.script' | grep -E 'python|torchrun' | tail -1; }
verify_clean() { # NAME TARGET: the port's script verifies free of errors
	jqv '.script' >"$TMP/p.sh"
	"$MAPLE" verify --json --cluster "$2" "$TMP/p.sh" >"$TMP/v.json" 2>/dev/null
	n=$(jq '[.findings[] | select(.severity == "error")] | length' "$TMP/v.json")
	[ "$n" = 0 ] && pass "$1: the port verifies without errors on $2" || fail "$1: the port verifies without errors on $2" "$(jq -c '.findings' "$TMP/v.json" | head -c 600)"
	bash -n "$TMP/p.sh" && pass "$1: the port on $2 passes bash -n" || fail "$1: the port on $2 passes bash -n"
}

# ---- a. per-task variables ----
# one srun task per GPU, ranks expanded per task in bash -c (the right old form)
{ hdr 2 4; echo "srun bash -c 'python train.py --rank \$SLURM_PROCID --local_rank \$SLURM_LOCALID --world-size \$SLURM_NTASKS'"; } >"$TMP/ranks.sh"
port "$TMP/ranks.sh" polaris
expect_rc "Slurm rank arguments to Polaris: ported" 0
expect_contains "\$SLURM_PROCID -> \$PMI_RANK inside the per-rank bash -c" "$(launch_line)" "train.py --rank \${PMI_RANK} --local_rank \${PMI_LOCAL_RANK} --world-size 8'"
expect_match "the rename is said with its source" "$(jqv '.warnings[]')" 'SLURM_PROCID .*renamed to \$PMI_RANK, what ALCF Polaris.s mpiexec sets per task \(https://'
expect_match "the count is said" "$(jqv '.warnings[]')" 'SLURM_NTASKS .*is 8 in the port'
verify_clean ranks polaris
port "$TMP/ranks.sh" frontier
expect_rc "Slurm rank arguments to Frontier (srun per GPU): ported" 0
expect_contains "Frontier keeps \$SLURM_PROCID (srun sets it per task there)" "$(launch_line)" "--rank \${SLURM_PROCID} --local_rank \${SLURM_LOCALID} --world-size 8'"
verify_clean ranks frontier
# a target whose template runs one torchrun per node: the program told its rank in its arguments is started
# as the old launch started it, one task per GPU with the target's launcher, each expanding its own rank
# (session 26's decision, tests/heldout/README.md; it was a refusal)
port "$TMP/ranks.sh" perlmutter
expect_rc "rank arguments to a torchrun-per-node target: ported one task per GPU" 0
expect_contains "each task expands its own rank on Perlmutter" "$(launch_line)" "train.py --rank \${SLURM_PROCID} --local_rank \${SLURM_LOCALID} --world-size 8'"
expect_match "the launch shape is said" "$(jqv '.warnings[]')" "is told its rank in its arguments: the port starts it as one task per GPU"
verify_clean ranks perlmutter
# the count alone ports everywhere (a number is the same in every task)
{ hdr 2 4; echo 'srun python train.py --world-size $SLURM_NTASKS --epochs 10'; } >"$TMP/count.sh"
for t in polaris aurora perlmutter vista; do
	port "$TMP/count.sh" $t
	expect_rc "\$SLURM_NTASKS to $t: ported" 0
	expect_match "\$SLURM_NTASKS to $t: the port's world size" "$(launch_line)" 'train\.py --world-size 8 --epochs 10'
	verify_clean count $t
done
# under one task per node (srun torchrun), $SLURM_NTASKS counts nodes
{ hdr 2 1; echo 'srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 train.py --num-nodes $SLURM_NTASKS'; } >"$TMP/pernode.sh"
port "$TMP/pernode.sh" polaris
expect_rc "\$SLURM_NTASKS of a per-node launch to Polaris: ported" 0
expect_match "it is the node count there (2), not the GPUs" "$(launch_line)" 'train\.py --num-nodes 2'"'"
# PBS/PALS the other way
cat >"$TMP/pals.sh" <<'EOS'
#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A proj
cd $PBS_O_WORKDIR
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n 8 --ppn 4 --hostfile $PBS_NODEFILE bash -c 'python train.py --rank $PMI_RANK --local-rank $PALS_LOCAL_RANKID --world $PMI_SIZE'
EOS
port "$TMP/pals.sh" frontier
expect_rc "PALS rank arguments to Frontier: ported" 0
expect_contains "\$PMI_RANK -> \$SLURM_PROCID, \$PALS_LOCAL_RANKID -> \$SLURM_LOCALID" "$(launch_line)" "train.py --rank \${SLURM_PROCID} --local-rank \${SLURM_LOCALID} --world 8'"
verify_clean pals frontier
port "$TMP/pals.sh" delta
expect_rc "PALS rank arguments to Delta (torchrun-per-node template): ported one task per GPU" 0
expect_contains "\$PMI_RANK -> \$SLURM_PROCID per task on Delta" "$(launch_line)" "train.py --rank \${SLURM_PROCID} --local-rank \${SLURM_LOCALID} --world 8'"
verify_clean pals delta
# a variable with no equivalent: refused with what it meant
{ hdr 2 4; echo "srun bash -c 'python train.py --node \$SLURM_NODEID'"; } >"$TMP/nodeid.sh"
# HPE PALS (Polaris, Aurora) sets the node's index per rank: $PALS_NODEID
for t in polaris aurora; do
	port "$TMP/nodeid.sh" $t
	expect_rc "\$SLURM_NODEID to $t: ported" 0
	expect_match "\$SLURM_NODEID -> \$PALS_NODEID inside the per-rank bash -c on $t" "$(launch_line)" "train\.py --node \\\$\\{PALS_NODEID\\}'"
	expect_match "the rename names its source on $t" "$(jqv '.warnings[]')" 'SLURM_NODEID .*renamed to \$PALS_NODEID, what .* mpiexec sets per task \(https://'
	verify_clean nodeid $t
done
# TACC's ibrun sets none: refused with what it meant
port "$TMP/nodeid.sh" lonestar6
expect_rc "\$SLURM_NODEID to Lonestar6: refused" 2
expect_match "the refusal says what it meant" "$(jqv '.errors[]')" 'SLURM_NODEID, the index of the task.s node; ibrun on TACC Lonestar6 sets no variable of that meaning'
# A program started once per GPU and told its rank in its own arguments (ranked), to a TACC target whose
# launcher (ibrun; Vista's Open MPI mpirun) sets none of Slurm's or PALS's rank variables: the port starts
# one task per GPU there too, and the per-task shell it writes exports RANK, LOCAL_RANK and NODE_RANK from
# the launcher's own rank (session 27's decision, tests/heldout/README.md): the arguments read those.
for t in lonestar6 stampede3 vista; do
	port "$TMP/ranks.sh" $t
	expect_rc "Slurm rank arguments to $t (ibrun): ported one task per GPU" 0
	expect_match "the arguments read the port's own per-task RANK/LOCAL_RANK on $t" "$(launch_line)" \
		"export RANK=.* LOCAL_RANK=.*; exec python -u train\.py --rank \\\$\\{RANK\\} --local_rank \\\$\\{LOCAL_RANK\\} --world-size [0-9]+'"
	expect_match "the rename says why on $t" "$(jqv '.warnings[]')" 'SLURM_PROCID .*renamed to \$RANK, which the port.s per-task shell exports'
	verify_clean "ranks-$t" $t
done
# the world size is kept: 8 tasks on Stampede3's 4-GPU nodes, each task's local rank from its block of 4
port "$TMP/ranks.sh" stampede3
expect_match "Stampede3: -n 8 tasks" "$(jqv '.script')" '^#SBATCH -n 8$'
expect_match "Stampede3: ibrun's consecutive ranks give the local rank" "$(launch_line)" 'LOCAL_RANK=\$\(\(PMI_RANK % 4\)\)'
# PBS/PALS rank variables (mpiexec) to TACC's launchers
for t in lonestar6 vista; do
	port "$TMP/pals.sh" $t
	expect_rc "PALS rank arguments to $t: ported" 0
	expect_match "\$PMI_RANK/\$PALS_LOCAL_RANKID -> the port's RANK/LOCAL_RANK on $t" "$(launch_line)" \
		"train\.py --rank \\\$\\{RANK\\} --local-rank \\\$\\{LOCAL_RANK\\} --world [0-9]+'"
	verify_clean "pals-$t" $t
done
# a ranked program told its node's index too: NODE_RANK, exported by the port's per-task shell
{ hdr 2 4; echo "srun bash -c 'python train.py --rank \$SLURM_PROCID --node \$SLURM_NODEID'"; } >"$TMP/ranknode.sh"
for t in lonestar6 vista; do
	port "$TMP/ranknode.sh" $t
	expect_rc "rank and node index to $t: ported" 0
	expect_match "the node index is the port's NODE_RANK on $t" "$(launch_line)" "NODE_RANK=.*train\.py --rank \\\$\\{RANK\\} --node \\\$\\{NODE_RANK\\}'"
	verify_clean "ranknode-$t" $t
done
# srun --multi-prog's %t (the task's rank) to Lonestar6
{ hdr 2 4; echo 'cat > tasks.conf <<EOF'; echo '* python train.py --rank %t --epochs 3'; echo 'EOF'; echo 'srun --multi-prog tasks.conf'; } >"$TMP/mprank.sh"
port "$TMP/mprank.sh" lonestar6
expect_rc "--multi-prog %t to Lonestar6: ported" 0
expect_match "%t is the port's RANK on Lonestar6" "$(launch_line)" "train\.py --rank \"?\\\$\\{RANK\\}\"? --epochs 3'"
verify_clean mprank lonestar6
# and back: $PALS_NODEID / $PALS_RANKID / $PALS_LOCAL_RANKID to srun's variables
cat >"$TMP/palsnode.sh" <<'EOS'
#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A proj
cd $PBS_O_WORKDIR
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n 8 --ppn 4 --hostfile $PBS_NODEFILE bash -c 'python train.py --rank $PALS_RANKID --local_rank $PALS_LOCAL_RANKID --node $PALS_NODEID'
EOS
port "$TMP/palsnode.sh" frontier
expect_rc "PALS rank and node arguments to Frontier: ported" 0
expect_contains "\$PALS_* -> \$SLURM_PROCID, \$SLURM_LOCALID, \$SLURM_NODEID" "$(launch_line)" "train.py --rank \${SLURM_PROCID} --local_rank \${SLURM_LOCALID} --node \${SLURM_NODEID}'"
verify_clean palsnode frontier
# a per-node torchrun under mpiexec with --node_rank $PALS_NODEID: the node rank of the target's launch
cat >"$TMP/palstorchrun.sh" <<'EOS'
#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A proj
cd $PBS_O_WORKDIR
MASTER=$(head -n 1 $PBS_NODEFILE)
mpiexec -n 2 --ppn 1 --depth 64 --cpu-bind depth bash -c "torchrun --nnodes 2 --nproc_per_node 4 --node_rank \$PALS_NODEID --master_addr $MASTER --master_port 29400 train.py --epochs 3"
EOS
run_maple verify --json "$TMP/palstorchrun.sh"
expect_eq "--node_rank \$PALS_NODEID escaped in the per-node shell: no error" "$(jqv '[.findings[] | select(.severity == "error")] | length')" 0
port "$TMP/palstorchrun.sh" delta
expect_rc "torchrun --node_rank \$PALS_NODEID to Delta: ported" 0
expect_match "the node rank is srun's per task" "$(launch_line)" "torchrun --nnodes=2 --nproc_per_node=4 --node_rank=\\\$SLURM_PROCID .*train\.py --epochs 3'"
verify_clean palstorchrun delta

# ---- c. Python options before the program ----
{ hdr 1 4; echo 'srun python -u -W ignore -X importtime -O train.py --epochs 3'; } >"$TMP/pyflags.sh"
for t in perlmutter polaris; do
	port "$TMP/pyflags.sh" $t
	expect_rc "python options to $t: ported" 0
	S=$(jqv '.script')
	expect_match "-W ignore carried as PYTHONWARNINGS on $t" "$S" '^export PYTHONWARNINGS=ignore$'
	expect_match "-O carried as PYTHONOPTIMIZE on $t" "$S" '^export PYTHONOPTIMIZE=1$'
	expect_match "-X importtime carried on $t" "$S" '^export PYTHONPROFILEIMPORTTIME=1$'
	expect_match "each option is said on $t" "$(jqv '.warnings[]')" 'the Python option `-W ignore` is carried as PYTHONWARNINGS=ignore'
	verify_clean pyflags $t
done
{ hdr 1 4; echo 'srun python -E train.py'; } >"$TMP/pyE.sh"
port "$TMP/pyE.sh" polaris
expect_match "an option with no equivalent is named" "$(jqv '.warnings[]')" 'the Python option `-E` before the program is not carried over'

# ---- b. the program's own launcher option ----
for form in "--launcher=slurm" "--launcher slurm" "--launcher mpi"; do
	{ hdr 2 4; echo "srun python tools/train.py configs/retina.py --work-dir wd $form"; } >"$TMP/mm.sh"
	for t in polaris perlmutter; do
		port "$TMP/mm.sh" $t
		expect_rc "mmengine $form to $t: ported" 0
		expect_match "mmengine $form to $t: launcher pytorch" "$(launch_line)" 'tools/train\.py configs/retina\.py --work-dir wd --launcher[= ]pytorch'
		expect_match "mmengine $form to $t: said" "$(jqv '.warnings[]')" 'changed to `--launcher pytorch`'
	done
done
{ hdr 2 4; echo "srun python tools/train.py configs/retina.py --launcher pytorch"; } >"$TMP/mmp.sh"
port "$TMP/mmp.sh" polaris
expect_not_contains "--launcher pytorch is left alone" "$(jqv '.warnings[]')" '--launcher pytorch'
{ hdr 2 1; echo 'srun python train_net.py --num-gpus 4 --num-machines 2 --machine-rank $SLURM_NODEID --dist-url tcp://$MASTER_ADDR:29500'; } >"$TMP/d2.sh"
port "$TMP/d2.sh" polaris
expect_match "Detectron2's --dist-url is named" "$(jqv '.warnings[] , .errors[]')" 'dist-url'
# DeepSpeed's runner told its launcher: named as not carried over
{ hdr 2 1; echo 'deepspeed --launcher slurm --hostfile hostfile --num_nodes 2 --num_gpus 4 train.py --deepspeed --deepspeed_config ds.json'; } >"$TMP/dsl.sh"
port "$TMP/dsl.sh" polaris
expect_rc "deepspeed --launcher slurm to Polaris: ported" 0
expect_match "deepspeed's --launcher is named as not carried" "$(jqv '.warnings[]')" "deepspeed's \`--launcher slurm\` not carried over: the port starts the workers with ALCF Polaris's own launch line"

# ---- d. GPT-NeoX's deepy.py ----
mkdir -p "$TMP/neox/configs"
printf '{\n  "pipe_parallel_size": 1,\n  "zero_optimization": {\n    "stage": 2,\n    "contiguous_gradients": true\n  }\n}\n' >"$TMP/neox/configs/small.yml"
printf '{\n  "data_path": "data/enwik8",\n  "launcher": "slurm"\n}\n' >"$TMP/neox/configs/setup.yml"
{ hdr 2 1; echo 'python ./deepy.py train.py configs/small.yml configs/setup.yml'; } >"$TMP/neox/job.sh"
run_maple extract --json --script "$TMP/neox/job.sh"
expect_eq "deepy.py: DeepSpeed, ZeRO 2 from its config, train.py with the configs" \
	"$(jqv '[.request.framework, .request.strategy, .request.script, (.request.script_args | join(" ")), .reading.family] | join(",")')" \
	"deepspeed,zero2,train.py,configs/small.yml configs/setup.yml,gpt-neox"
# the configs' folder given with -d (NeoX's --conf_dir)
{ hdr 2 1; echo 'python ./deepy.py train.py -d configs small.yml setup.yml'; } >"$TMP/neox/job-d.sh"
run_maple extract --json --script "$TMP/neox/job-d.sh"
expect_eq "deepy.py -d configs: the stage read from configs/small.yml" "$(jqv '.request.strategy')" "zero2"
rm "$TMP/neox/configs/small.yml"
run_maple extract --json --script "$TMP/neox/job.sh"
expect_eq "deepy.py, configs not readable: the stage is unknown, not invented" "$(jqv '.request.strategy // "none"')" "none"
port "$TMP/neox/job.sh" polaris
expect_rc "deepy.py to Polaris: refused" 2
expect_match "the refusal names deepy.py and what to do" "$(jqv '.errors[]')" "GPT-NeoX's deepy.py, which runs DeepSpeed's own launcher"
# ---- the program's communication backend (--backend, --dist-backend, --ddp-backend, --distributed-backend,
# hydra's backend=) written for the old GPUs: the port changes the user's argument to the target's library
# (nccl on NVIDIA and AMD, xccl/ccl on Intel) and says so; verify blames the argument, never maple's check
aurora_hdr() {
	printf '#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=01:00:00\n#PBS -l filesystems=home:flare\n#PBS -A myproj\n#PBS -q debug\nmodule load frameworks\n'
}
for form in '--backend xccl' '--backend=ccl' '--dist-backend xccl' '--dist_backend=xccl' '--ddp-backend ccl' '--ddp_backend xccl' \
	'--distributed-backend xccl' '--distributed_backend=ccl' 'backend=xccl'; do
	{ aurora_hdr; echo "mpiexec -n 24 --ppn 12 python train.py $form --epochs 2"; } >"$TMP/be.sh"
	for t in polaris frontier delta; do
		port "$TMP/be.sh" $t
		expect_rc "backend '$form' from Aurora: ported to $t" 0
		expect_match "backend '$form' -> $t: the launch names nccl" "$(launch_line)" "backend[= ]nccl"
		expect_match "backend '$form' -> $t: the change is said" "$(jqv '.warnings[]')" "argument .*backend.* changed to .*nccl"
		verify_clean "backend '$form' -> $t" $t
	done
done
# a CUDA script's nccl/gloo to Aurora: the Intel library
{ hdr 2 4; echo 'srun python train.py --dist-backend nccl --epochs 2'; } >"$TMP/be2.sh"
port "$TMP/be2.sh" aurora
expect_match "dist-backend nccl -> aurora: the launch names xccl or ccl" "$(launch_line)" "backend x?ccl"
# the backend through a variable of the script (BACKEND=xccl ... --backend $BACKEND): the assignment is
# the user's text; verify on the target blames it and names nccl, and a port never passes it silently
{ aurora_hdr; echo 'BACKEND=xccl'; echo 'mpiexec -n 24 --ppn 12 python train.py --backend $BACKEND --epochs 2'; } >"$TMP/be3.sh"
run_maple verify --json --no-tools --cluster polaris "$TMP/be3.sh"
expect_match "verify: --backend \$BACKEND (xccl) on Polaris blames the argument" "$(jqv '.findings[] | select(.id == "backend-vendor") | "\(.severity) \(.line) \(.message) \(.fix)"')" "^error 9 .*--backend \\\$BACKEND.*xccl.*line 8.*nccl"
port "$TMP/be3.sh" polaris
if [ "$RC" = 0 ]; then
	expect_match "--backend \$BACKEND=xccl -> polaris: the backend is nccl in the port" "$(jqv '.script')" "BACKEND=nccl|--backend nccl"
	verify_clean "--backend \$BACKEND -> polaris" polaris
else
	expect_match "--backend \$BACKEND=xccl -> polaris: refused naming the argument" "$(jqv '.errors[]')" "--backend .*xccl.*nccl"
	expect_no_match "--backend \$BACKEND=xccl -> polaris: not maple's own check" "$(jqv '.errors[]')" "maple's own script"
fi
# ${BACKEND:-xccl} with BACKEND never set (or set to its own default, BACKEND=${BACKEND:-xccl}): the job
# runs with the default, so it is read as xccl (the request reader's rule for `${NAME:-lit}`), said as such
for form in '--backend ${BACKEND:-xccl}' '--backend=${BACKEND:-xccl}' '--dist-backend "${DIST_BACKEND-ccl}"'; do
	for pre in '' 'BACKEND=${BACKEND:-xccl}'; do
		[ -n "$pre" ] && [[ $form != *'{BACKEND'* ]] && continue
		{ aurora_hdr; [ -n "$pre" ] && echo "$pre"; echo "mpiexec -n 24 --ppn 12 python train.py $form --epochs 2"; } >"$TMP/be5.sh"
		l=$(grep -n 'mpiexec' "$TMP/be5.sh" | cut -d: -f1)
		run_maple verify --json --no-tools --cluster polaris "$TMP/be5.sh"
		expect_match "verify: '$pre' '$form' on Polaris: its default is the backend, blamed at the launch" \
			"$(jqv '.findings[] | select(.id == "backend-vendor") | "\(.severity) \(.line) \(.message)"')" "^error $l .*default.*x?ccl.*nccl"
		run_maple verify --json --no-tools --cluster aurora "$TMP/be5.sh"
		expect_eq "verify: '$pre' '$form' on Aurora: no backend finding" "$(jqv '.findings[] | select(.id == "backend-vendor") | .id')" ""
		for t in polaris delta; do
			port "$TMP/be5.sh" $t
			expect_rc "'$pre' '$form' from Aurora: ported to $t" 0
			expect_match "'$pre' '$form' -> $t: the launch names nccl" "$(launch_line)" 'backend[= ]nccl'
			expect_no_match "'$pre' '$form' -> $t: no xccl/ccl default left" "$(jqv '.script')" 'BACKEND:?-x?ccl|BACKEND=x?ccl'
			expect_match "'$pre' '$form' -> $t: the change is said" "$(jqv '.warnings[]')" "changed to .*nccl.*default x?ccl"
			verify_clean "'$pre' '$form' -> $t" $t
		done
	done
done
# gloo is valid but slow: a warning that names the argument and the library to use
{ aurora_hdr; echo 'mpiexec -n 24 --ppn 12 python train.py --backend gloo'; } >"$TMP/be4.sh"
port "$TMP/be4.sh" polaris
expect_match "--backend gloo -> polaris: the warning names the argument and nccl" "$(jqv '.warnings[]')" "argument \`--backend gloo\`.*nccl"

# ---- paths of the old centre's file systems (data/clusters/*.yaml fingerprints that start with '/', each
# with its documentation URL) carried into a port: kept as written (never rewritten), each reported with its
# line, the path and what to change; a path of no centre is not reported
{ printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n#SBATCH -A m1234\n#SBATCH -C gpu\n'
  echo 'export HF_HOME=/pscratch/sd/u/user/hf'
  echo 'srun python /global/homes/u/user/proj/train.py --out /pscratch/sd/u/user/runs --cache=/global/cfs/cdirs/m1234/c --log /home/me/x'; } >"$TMP/fs1.sh"
for t in polaris frontier; do
	port "$TMP/fs1.sh" $t
	expect_rc "Perlmutter paths -> $t: ported" 0
	w=$(jqv '.warnings[]')
	expect_match "Perlmutter paths -> $t: the program's path is named with its line" "$w" "^line 9: .*/global/homes/u/user/proj/train\.py.*Perlmutter's file systems"
	expect_match "Perlmutter paths -> $t: an argument's path with its line" "$w" "^line 9: .*/pscratch/sd/u/user/runs.*Perlmutter"
	expect_match "Perlmutter paths -> $t: --opt=path with its line" "$w" "^line 9: .*--cache=/global/cfs/cdirs/m1234/c"
	expect_match "Perlmutter paths -> $t: an exported variable with its line" "$w" "^line 8: HF_HOME.*/pscratch/"
	expect_no_match "Perlmutter paths -> $t: a path of no centre is not reported" "$w" "/home/me/x"
	expect_match "Perlmutter paths -> $t: kept as written" "$(launch_line)" "/global/homes/u/user/proj/train\.py --out /pscratch/sd/u/user/runs"
done
# the neighbours: Polaris's /lus/grand (ALCF Grand) to Perlmutter, Frontier's /ccs/proj to Polaris, mpiexec and srun
{ printf '#!/bin/bash\n#PBS -l select=2\n#PBS -l walltime=01:00:00\n#PBS -l filesystems=home:grand\n#PBS -A myproj\n#PBS -q debug\n'
  echo 'mpiexec -n 8 --ppn 4 python train.py --data /lus/grand/projects/myproj/data'; } >"$TMP/fs2.sh"
port "$TMP/fs2.sh" perlmutter
expect_match "Polaris /lus/grand -> perlmutter: reported with its line" "$(jqv '.warnings[]')" "^line 7: .*/lus/grand/projects/myproj/data.*Polaris's file systems"
{ printf '#!/bin/bash\n#SBATCH -A abc123\n#SBATCH -N 1\n#SBATCH -t 01:00:00\n'
  echo 'srun -n 8 --gpus-per-node=8 python3 /ccs/proj/abc123/train.py --data /lustre/orion/abc123/scratch/d'; } >"$TMP/fs3.sh"
port "$TMP/fs3.sh" polaris
w=$(jqv '.warnings[]')
expect_match "Frontier /ccs/proj -> polaris: the program's path with its line" "$w" "^line 5: .*/ccs/proj/abc123/train\.py.*Frontier's file systems"
expect_match "Frontier /lustre/orion -> polaris: an argument with its line" "$w" "^line 5: .*/lustre/orion/abc123/scratch/d"
# path layouts (data's path_pattern: TACC's /scratch/NNNNN/USER, /work/NNNNN/USER/ls6, Stampede3's /work2;
# Delta's /work/hdd/ALLOC, /work/nvme/ALLOC, /projects/ALLOC): the matched prefix is named; a path outside
# the layout (/scratch/data, no project number) is not reported
{ printf '#!/bin/bash\n#SBATCH -J t\n#SBATCH -p gpu-a100\n#SBATCH -N 2\n#SBATCH -n 2\n#SBATCH -t 01:00:00\n#SBATCH -A ABC123\n'
  echo 'export HF_HOME=/work/07001/me/ls6/hf'
  echo 'ibrun bash -c "torchrun --nnodes=2 --nproc_per_node=3 --node_rank=\$PMI_RANK --master_addr=\$(hostname) --master_port=29500 /scratch/07001/me/proj/train.py --data /scratch/data --out /scratch/07001/me/runs"'; } >"$TMP/fs4.sh"
run_maple extract --json --script "$TMP/fs4.sh"
expect_eq "Lonestar6 paths: the script reads as Lonestar6's" "$(jqv '.request.cluster')" lonestar6
for t in perlmutter delta; do
	port "$TMP/fs4.sh" $t
	w=$(jqv '.warnings[]')
	expect_match "Lonestar6 /scratch/NNNNN -> $t: the program's path with its line and prefix" "$w" "^line 9: .*/scratch/07001/me/proj/train\.py.*Lonestar6's file systems \(/scratch/07001/"
	expect_match "Lonestar6 /work/NNNNN -> $t: the exported variable with its line" "$w" "^line 8: HF_HOME .?/work/07001/me/ls6/hf.*\(/work/07001/,"
	expect_no_match "Lonestar6 -> $t: /scratch/data is no TACC layout" "$w" "'/scratch/data'|--data /scratch/data.*file systems"
done
{ printf '#!/bin/bash\n#SBATCH --account=bbka-delta-gpu\n#SBATCH --partition=gpuA100x4\n#SBATCH --nodes=2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --time=01:00:00\n'
  echo 'srun python3 /projects/bbka/me/train.py --data /work/hdd/bbka/me/data --ckpt=/work/nvme/bbka/ckpt'; } >"$TMP/fs5.sh"
port "$TMP/fs5.sh" polaris
w=$(jqv '.warnings[]')
expect_match "Delta /projects/ALLOC -> polaris: the program's path" "$w" "^line 8: .*/projects/bbka/me/train\.py.*Delta's file systems \(/projects/bbka/"
expect_match "Delta /work/hdd -> polaris: an argument" "$w" "^line 8: .*/work/hdd/bbka/me/data.*\(/work/hdd/bbka/"
expect_match "Delta /work/nvme -> polaris: --opt=path" "$w" "^line 8: .*--ckpt=/work/nvme/bbka/ckpt"

# bash arrays the old script sets: written back as arrays (plain elements), one with quoted elements as
# a string with a warning; an array the program's arguments index is said to be lost in the tasks' shell
{ printf '#!/bin/bash\n#SBATCH --nodes=1\n#SBATCH --gpus-per-node=4\n#SBATCH --time=01:00:00\n'
  echo 'SEEDS=(11 22 33)'
  echo 'TAGS=("run a" b)'
  echo 'SEED=${SEEDS[$SLURM_ARRAY_TASK_ID]}'
  echo 'torchrun --standalone --nproc_per_node=4 train.py --seed $SEED --tag "${TAGS[0]}"'; } >"$TMP/arr.sh"
for t in delta frontier; do
	port "$TMP/arr.sh" $t
	expect_match "array -> $t: written back as an array" "$(jqv '.script')" "^SEEDS=\\(11 22 33\\)$"
	expect_no_match "array -> $t: never exported as one string" "$(jqv '.script')" "SEEDS='11 22 33'"
	w=$(jqv '.warnings[]')
	expect_match "array with quoted elements -> $t: said" "$w" "TAGS is an array in the old script.*one string"
	expect_match "array indexed by the arguments -> $t: said" "$w" "index the array TAGS, which the job's tasks do not inherit"
	expect_no_match "array read in the batch shell -> $t: no warning" "$w" "index the array SEEDS"
	jqv '.script' >"$TMP/arr-$t.sh"
	bash -n "$TMP/arr-$t.sh" || fail "array -> $t: bash -n failed"
done

finish
