#!/bin/bash
#SBATCH -J graph-transformer
#SBATCH -A m3443_g
#SBATCH -C "gpu&hbm80g"
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=32
#SBATCH --gpu-bind=none
#SBATCH -t 8:00:00

cd $SLURM_SUBMIT_DIR
module load pytorch/2.6.0

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29507
export HYDRA_FULL_ERROR=1

srun -l bash -c '
    export RANK=$SLURM_PROCID
    export LOCAL_RANK=$SLURM_LOCALID
    export WORLD_SIZE=$SLURM_NTASKS
    python -m gnn4itk.train experiment=ctd_gnn trainer.max_epochs=100 "logger.name=ctd gnn 2x4"
'
