#!/bin/bash
#SBATCH -J swin-s3
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 8
#SBATCH -t 10:00:00
#SBATCH -o swin.%j.out
#SBATCH -A TG-CIS250113

set -euo pipefail
trap 'echo "SIGTERM near the time limit; the last epoch checkpoint is on disk"; exit 143' TERM

module load python
source /work2/10456/mlee/venvs/torch24/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29555

# one MPI task per GPU; the script reads PMI_RANK / PMI_SIZE for its rank and world size
ibrun python -u train_swin.py --cfg configs/swin_base_patch4_window7_224.yaml --data-path $SCRATCH/imagenet --batch-size 128 --accumulation-steps 2
