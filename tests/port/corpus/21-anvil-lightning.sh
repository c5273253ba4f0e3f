#!/bin/bash
#SBATCH -A bio240012-gpu
#SBATCH -p gpu
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 48:00:00
#SBATCH -J esm-lightning

module load modtree/gpu
module load conda/2025.09
source activate esm-env

export OMP_NUM_THREADS=8
export TORCH_HOME=/anvil/projects/x-bio240012/torch_hub

# Lightning picks up the srun tasks (SLURMEnvironment)
srun python train.py \
  --devices 4 \
  --num_nodes 4 \
  --precision 16-mixed \
  --batch_size 16 \
  --data_dir /anvil/scratch/x-jdoe/uniref50 \
  --run_name "esm2 650M uniref50"
