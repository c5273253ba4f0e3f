#!/bin/bash
#SBATCH --job-name=conformer
#SBATCH --account=bdfe-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=240g
#SBATCH --time=08:00:00
#SBATCH --output=conformer-%j.out

module reset
module load anaconda3_gpu
conda activate /projects/bdfe/envs/speech
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

# evaluation is queued now and starts only if training ends cleanly
sbatch --dependency=afterok:$SLURM_JOB_ID eval_conformer.sbatch

srun python -m torch.distributed.run --nnodes=$SLURM_NNODES --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 --rdzv_id=$SLURM_JOB_ID \
    -m speechkit.cli.train --recipe recipes/conformer_m.yaml --max-epochs 80
