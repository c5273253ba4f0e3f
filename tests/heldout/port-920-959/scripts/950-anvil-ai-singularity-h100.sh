#!/bin/bash
#SBATCH --account=bio230017-ai
#SBATCH --partition=ai
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=96
#SBATCH --time=16:00:00
#SBATCH --job-name=esm-h100

module load modtree/gpu
module load ngc
IMG=$NGC_IMAGE_DIR/pytorch_24.03-py3.sif
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

srun singularity exec --nv \
    --bind /anvil/projects/x-bio230017:/proj \
    --bind /anvil/scratch/$USER:/scratch \
    $IMG torchrun --nnodes=3 --nproc_per_node=4 \
        --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29400 \
        train_esm.py --model esm2_t33_650M --data /proj/uniref50 --out /scratch/esm-run
