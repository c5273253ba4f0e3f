#!/bin/bash
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:4
#SBATCH -t 05:00:00
#SBATCH -A bio230021p
#SBATCH -J protein-lm
#SBATCH -o plm-%j.out

module load AI/pytorch_23.02-1.13.1-py3
cd /ocean/projects/bio230021p/$USER/plm
export PYTHONPATH=$PWD/src:$PYTHONPATH
nvidia-smi

python -m torch.distributed.run --standalone --nproc_per_node 4 -m plmkit.train --config conf/esm_small.yaml --fp16
