#!/bin/bash
# family: a PBS Pro centre (not one maple knows) with -P for the project and ngpus in the select
# chunk; torchrun on the one node without a rendezvous option
#PBS -q normal
#PBS -j oe
#PBS -l select=1:ncpus=64:ngpus=4:mem=440gb
#PBS -l walltime=24:00:00
#PBS -P personal-abc123
#PBS -N train_vae
export NCCL_DEBUG=INFO
module load pytorch/1.11.0-py3-gpu
cd ${PBS_O_WORKDIR}
torchrun --nproc_per_node=4 ./train_vae.py --latent 64
