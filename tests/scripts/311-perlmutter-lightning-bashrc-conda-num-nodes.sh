#!/bin/bash
# family: PyTorch Lightning on Perlmutter from a user's conda env (source ~/.bashrc), the node count
# given again to the program (--num_nodes), SLURM_CPU_BIND exported, a commented earlier launch
#SBATCH -A m7777_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 2:00:00
#SBATCH -N 2
#SBATCH -c 32
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -o %x_%j.out
export SLURM_CPU_BIND="cores"
module load cudnn nccl
source ~/.bashrc
conda activate lightning-env
#srun python pt_bert_lightning.py --num_nodes 1
srun python src/pt_bert_lightning.py --num_nodes 2 --max_epochs 3
