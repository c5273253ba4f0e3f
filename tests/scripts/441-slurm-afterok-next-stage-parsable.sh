#!/bin/bash
# family: a dependency chain - the pretraining job queues the fine-tuning job to start only when it
# ends well (afterok on its own id), then trains; the successor is another Slurm script next to it
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=10:00:00
#SBATCH --job-name=stage1
NEXT=$(sbatch --parsable --dependency=afterok:${SLURM_JOB_ID} finetune_stage2.sbatch)
echo "stage 2 queued as $NEXT"
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 pretrain.py --out ckpt/stage1
