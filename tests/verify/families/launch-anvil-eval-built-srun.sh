#!/bin/bash
# cluster: anvil
# no-errors
# expect: launcher-not-distributed warning printf -v q ' %q'
# the launch is text the script builds (printf -v RUN 'srun ...%s') and evals: its srun is not read, so a
# warning, not "python runs once"
#SBATCH -A cis230000-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
export MASTER_PORT=29500
build_run() {
    local ppn=$1 q
    shift
    printf -v q ' %q' "$@"
    printf -v RUN 'srun --ntasks-per-node=%d%s' "$ppn" "$q"
}
build_run 4 python train.py --epochs 3
eval "$RUN"
