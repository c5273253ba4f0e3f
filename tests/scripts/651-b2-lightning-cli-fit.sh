#!/bin/bash
#SBATCH -J lit-esm-contact
#SBATCH -A bio240087p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH --cpus-per-task=5
#SBATCH -t 20:00:00
#SBATCH -o %x-%j.out

module load AI/pytorch_23.02-1.13.1-py3
source activate $PROJECT/envs/lit-esm

export NCCL_DEBUG=WARN
srun python -u cli.py fit \
    --config configs/esm_contact.yaml \
    --trainer.num_nodes=2 \
    --trainer.devices=8 \
    --trainer.precision=16-mixed
