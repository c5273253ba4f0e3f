#!/bin/bash
# family: a Slurm heterogeneous job (hetjob): a CPU component that serves data and a GPU component that
# trains, one srun per component (--het-group); maple cannot port the two-part allocation whole
#SBATCH --job-name=hetero-train
#SBATCH --time=02:00:00
#SBATCH --nodes=1
#SBATCH --ntasks=8
#SBATCH --cpus-per-task=4
#SBATCH hetjob
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
module load pytorch
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST_HET_GROUP_1 | head -n 1)
export MASTER_PORT=29500
srun --het-group=0 python data_server.py --port 5555 &
srun --het-group=1 python train.py --data-server $SLURM_JOB_NODELIST_HET_GROUP_0:5555 --epochs 10
wait
