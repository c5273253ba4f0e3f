#!/bin/bash
# family: two srun -n 1 python lines on a one-GPU job: the data step (tokenize) first, the training second
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus=1
#SBATCH -p GPU-shared
#SBATCH --account=cis230001p
#SBATCH --time=01:00:00
srun -n 1 python tokenize_corpus.py --vocab 32000 --out tok/
srun -n 1 python lm_train.py --tok tok/ --steps 5000
