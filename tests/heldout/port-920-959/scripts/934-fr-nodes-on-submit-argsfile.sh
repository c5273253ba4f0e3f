#!/bin/bash
# submit with:  sbatch -N <nodes> frontier_train.sh   (we scale this one between 8 and 64 nodes)
#SBATCH -A GEO118
#SBATCH -J climax-scale
#SBATCH -p batch
#SBATCH -t 02:00:00
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-task=1
#SBATCH -c 7

module load PrgEnv-gnu rocm/6.1.3 craype-accel-amd-gfx90a
source /lustre/orion/geo118/proj-shared/miniconda3/bin/activate climax

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n1)
export MASTER_PORT=29500

srun -N $SLURM_NNODES -n $((SLURM_NNODES*8)) --gpu-bind=closest \
    python main.py --cfg configs/climax_1.4deg.yaml $(< extra_args.txt)
