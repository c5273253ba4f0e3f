#!/bin/bash
# family: a launcher wrapper - srun starts one task per GPU through a small helper the user keeps next
# to the job (it maps SLURM_* to RANK/LOCAL_RANK and execs its arguments); the program follows it
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=06:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29400
srun ./launch_wrapper.sh python train.py --config configs/vit_b.yaml --amp
