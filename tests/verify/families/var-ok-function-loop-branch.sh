#!/bin/bash
# cluster: frontier
# absent: variable-unset
# no-errors
#SBATCH -A BIF123
#SBATCH -p batch
#SBATCH -N 2
#SBATCH -t 01:00:00
module load PrgEnv-gnu rocm/6.2.4
find_head() {
    head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
}
find_head
for h in $(scontrol show hostnames "$SLURM_JOB_NODELIST"); do
    first=$h
    break
done
if [ -n "${SLURM_RESTART_COUNT:-}" ]; then
    port=29600
else
    port=29500
fi
export MASTER_ADDR=$head_node
export MASTER_PORT=$port
FIRST=$first
srun -N 2 -n 16 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest python train.py --head $FIRST
