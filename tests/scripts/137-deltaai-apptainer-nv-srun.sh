#!/bin/bash
# family: NCSA DeltaAI ghx4 nodes, apptainer exec --nv under srun, one task per GPU
#SBATCH --account=bcde-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun apptainer exec --nv --bind /work/nvme:/work/nvme /sw/images/pytorch_24.sif python train.py --steps 500
