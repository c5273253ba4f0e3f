#!/bin/bash -l
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m2616_g
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=01:45:00
#SBATCH --signal=SIGUSR1@120

module load conda
conda activate /global/common/software/m2616/envs/lit2.2

# Lightning picks up the Slurm environment (SLURM_PROCID etc.); the trainer.* overrides must agree with the header
srun python train.py trainer.devices=4 trainer.num_nodes=4 +experiment=vit_large ++trainer.max_steps=20000 data.root=$PSCRATCH/imagenet1k
