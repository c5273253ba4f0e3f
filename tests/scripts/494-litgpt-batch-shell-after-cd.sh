#!/bin/bash
# family: the console command from the batch shell after a cd into the project, its devices given on
# the line; two nodes would need one per node - it is on one here
#SBATCH -N 1
#SBATCH --gpus-per-node=8
#SBATCH -t 1-00:00:00
cd "$SLURM_SUBMIT_DIR"
litgpt finetune_full checkpoints/EleutherAI/pythia-1b --devices 8 --out_dir out/full
