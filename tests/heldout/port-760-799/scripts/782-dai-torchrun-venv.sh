#!/bin/bash
#SBATCH --job-name=mae-pretrain
#SBATCH --account=bdfh-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=12:00:00

module reset
module load python/miniforge3_pytorch/2.7.0
source /projects/bdfh/venvs/mae/bin/activate

export OMP_NUM_THREADS=16
MASTER=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

srun --kill-on-bad-exit=1 python -m torch.distributed.run \
    --nnodes=$SLURM_NNODES --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER:29400 --rdzv_id=$SLURM_JOB_ID \
    main_pretrain.py --epochs 800 --blr 1.5e-4 --mask_ratio 0.75
