# port_launch_env.sh - variables given to the launch command itself (`OMP_NUM_THREADS=8 srun python train.py`,
# `srun bash -c 'HF_HOME=/x python train.py'`, `WANDB_MODE=offline torchrun ...`), through a port (issue 13:
# every assignment the launch depends on is carried, or named as not carried with its line; src/port/carry.c).
# They were dropped without a word. An application's variable is exported before the port's launch; the
# old cluster's or the launcher's (NCCL_*, CUDA_VISIBLE_DEVICES, RANK) and a per-task value ($SLURM_LOCALID)
# are named as not carried, with the line and the reason.
. "$(dirname "$0")/lib.bash" "$@"

hdr() { # a Perlmutter header, 2 nodes x 4 GPUs, one task per GPU
	printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=4\n#SBATCH --gpus-per-node=4\n#SBATCH --cpus-per-task=16\n'
	printf '#SBATCH -t 01:00:00\n#SBATCH -A m1234\n#SBATCH -C gpu\n#SBATCH -q regular\n'
}
port() { run_maple generate --json --from "$1" --to "$2" "account testproj"; }
script_line() { jqv '.script' | grep -E -- "$1"; }
clean() { # NAME TARGET
	jqv '.script' >"$TMP/p.sh"
	"$MAPLE" verify --json --cluster "$2" "$TMP/p.sh" >"$TMP/v.json" 2>/dev/null
	n=$(jq '[.findings[] | select(.severity == "error")] | length' "$TMP/v.json")
	[ "$n" = 0 ] && pass "$1: the port verifies without errors on $2" ||
		fail "$1: the port verifies without errors on $2" "$(jq -c '.findings' "$TMP/v.json" | head -c 600)"
	bash -n "$TMP/p.sh" && pass "$1: the port on $2 passes bash -n" || fail "$1: the port on $2 passes bash -n"
}

# ---- a. before the parallel launcher ----
{ hdr; echo 'OMP_NUM_THREADS=8 WANDB_MODE=offline srun python train.py --epochs 3'; } >"$TMP/srun.sh"
for t in polaris frontier perlmutter vista; do
	port "$TMP/srun.sh" $t
	expect_rc "variables before srun, to $t: ported" 0
	expect_match "OMP_NUM_THREADS exported before the launch ($t)" "$(script_line '^export OMP_NUM_THREADS=')" '^export OMP_NUM_THREADS=8$'
	expect_match "WANDB_MODE exported before the launch ($t)" "$(script_line '^export WANDB_MODE=')" '^export WANDB_MODE=offline$'
	expect_match "the carry is said with its line ($t)" "$(jqv '.warnings[]')" 'line 10: OMP_NUM_THREADS=8, given to the launch command, is exported before the port.s launch'
	clean srun $t
done

# ---- b. inside the per-task shell, and before a spawner ----
{ hdr; echo "srun bash -c 'HF_HOME=/tmp/hf TOKENIZERS_PARALLELISM=false python train.py --epochs 3'"; } >"$TMP/inner.sh"
port "$TMP/inner.sh" polaris
expect_rc "variables inside bash -c, to Polaris: ported" 0
expect_match "HF_HOME carried" "$(script_line '^export HF_HOME=')" '^export HF_HOME=/tmp/hf$'
expect_match "TOKENIZERS_PARALLELISM carried" "$(script_line '^export TOKENIZERS_PARALLELISM=')" '^export TOKENIZERS_PARALLELISM=false$'
clean inner polaris
{ hdr; echo "srun bash -c 'export OMP_NUM_THREADS=4; python train.py --epochs 3'"; } >"$TMP/innerexport.sh"
port "$TMP/innerexport.sh" frontier
expect_rc "an export in the per-task shell, to Frontier: ported" 0
expect_match "OMP_NUM_THREADS carried from the per-task shell" "$(script_line '^export OMP_NUM_THREADS=')" '^export OMP_NUM_THREADS=4$'
clean innerexport frontier
{ hdr; echo 'TORCH_DISTRIBUTED_DEBUG=DETAIL srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 train.py'; } >"$TMP/spawner.sh"
sed -i 's/--ntasks-per-node=4/--ntasks-per-node=1/' "$TMP/spawner.sh"
port "$TMP/spawner.sh" aurora
expect_rc "a variable before srun torchrun, to Aurora: ported" 0
expect_match "TORCH_DISTRIBUTED_DEBUG carried" "$(script_line '^export TORCH_DISTRIBUTED_DEBUG=')" '^export TORCH_DISTRIBUTED_DEBUG=DETAIL$'
clean spawner aurora

# ---- c. what is not carried: the old cluster's and the launcher's, and per-task values ----
{ hdr; echo "NCCL_DEBUG=INFO CUDA_VISIBLE_DEVICES=0,1,2,3 srun bash -c 'LOCAL_RANK=\$SLURM_LOCALID MY_RANK=\$SLURM_PROCID SEED=7 python train.py --epochs 3'"; } >"$TMP/drop.sh"
port "$TMP/drop.sh" polaris
expect_rc "cluster and per-task variables before the launch, to Polaris: ported" 0
expect_match "NCCL_DEBUG named as not carried, with its line" "$(jqv '.warnings[]')" 'line 10: NCCL_DEBUG=INFO, given to the launch command, not carried over: '
expect_match "CUDA_VISIBLE_DEVICES named as not carried" "$(jqv '.warnings[]')" 'line 10: CUDA_VISIBLE_DEVICES=0,1,2,3, given to the launch command, not carried over: '
expect_match "a per-task value named as not carried" "$(jqv '.warnings[]')" 'line 10: MY_RANK=\$SLURM_PROCID, given to the launch command, not carried over: .*per task'
expect_no_match "no per-task value exported in the batch shell" "$(jqv '.script')" '^export (MY_RANK|LOCAL_RANK|NCCL_DEBUG|CUDA_VISIBLE_DEVICES)='
expect_match "the application's SEED is carried" "$(script_line '^export SEED=')" '^export SEED=7$'
clean drop polaris

# ---- d. a count given to the launch command is the port's number (port_counts.sh's family) ----
{ hdr; echo 'OMP_NUM_THREADS=$SLURM_CPUS_PER_TASK srun python train.py --epochs 3'; } >"$TMP/count.sh"
port "$TMP/count.sh" polaris
expect_rc "\$SLURM_CPUS_PER_TASK given to srun, to Polaris: ported" 0
expect_match "written as Polaris's cores per GPU" "$(script_line '^export OMP_NUM_THREADS=')" '^export OMP_NUM_THREADS=8$'
clean count polaris

# ---- e. a variable that the launch command's own value reads is carried too ----
{ hdr; echo 'CACHE=/tmp/cache'; echo 'HF_HOME=$CACHE/hf srun python train.py --epochs 3'; } >"$TMP/dep.sh"
port "$TMP/dep.sh" frontier
expect_rc "a launch variable that reads another, to Frontier: ported" 0
expect_match "CACHE carried before it" "$(jqv '.script' | grep -E '^export (CACHE|HF_HOME)=' | tr '\n' ' ')" '^export CACHE=/tmp/cache export HF_HOME="?\$\{?CACHE\}?"?/hf $'
clean dep frontier

finish
