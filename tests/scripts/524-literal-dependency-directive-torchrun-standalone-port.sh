#!/bin/bash
# family: a dependency on a literal job id of the old centre in the directives
# (#SBATCH --dependency=afterok:NNN), torchrun with only --master_port and --nproc_per_node
#SBATCH --account=nlpgroup
#SBATCH --partition=gpu
#SBATCH --nodes=1
#SBATCH --gres=gpu:2
#SBATCH --cpus-per-task=16
#SBATCH --mem=200G
#SBATCH --dependency=afterok:8812044
#SBATCH --open-mode=append
#SBATCH --time=2-00:00:00
#SBATCH --output=logs/%x-%j.out
. $HOME/miniconda3/etc/profile.d/conda.sh ; conda activate coreset
cd .
torchrun --master_port 29611 --nproc_per_node=2 train_lm.py --model_id EleutherAI/pythia-160m --lr 1e-3 --epochs 1
