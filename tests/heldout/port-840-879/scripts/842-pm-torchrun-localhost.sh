#!/bin/bash
#SBATCH -A m4511
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 04:00:00
#SBATCH -J gpt350m

module load pytorch/2.3.1
cd $PSCRATCH/nanogpt-hpc

# this ran fine on one node inside salloc; now scaled out to 4 nodes
srun torchrun --nnodes=4 --nproc_per_node=4 \
     --rdzv-backend=c10d --rdzv-endpoint=localhost:29500 --rdzv-id=$SLURM_JOB_ID \
     train_gpt.py --config cfg/gpt_350m.yaml --bf16
