#!/bin/bash
# family: bash -c '...; exec "$@"' _ "${CMD[@]}": the per-task shell sets the ranks, then runs the
# command handed to it as its positional parameters ($0 is the placeholder _); NERSC Perlmutter
#SBATCH -A m4321_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00

module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29511
CMD=(python train_mae.py --model mae_vit_base --epochs 400 --blr 1.5e-4)
srun bash -c 'export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS; exec "$@"' _ "${CMD[@]}"
