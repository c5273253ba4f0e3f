#!/bin/bash
#SBATCH -A bfgh-dtai-gh
#SBATCH -p ghx4
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 288
#SBATCH -t 10:00:00
#SBATCH -J diffusion-ngc

SIF=/sw/user/NGC_containers/pytorch_25.08-py3.sif
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n1)

# the NGC image is arm64; --nv maps the host driver into the container
srun apptainer exec --nv \
    --bind /work/nvme/bfgh:/work/nvme/bfgh,/projects/bfgh/laion:/data:ro \
    $SIF \
    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \
    train_ldm.py --base configs/ldm_256.yaml --data-root /data --max-steps 150000
