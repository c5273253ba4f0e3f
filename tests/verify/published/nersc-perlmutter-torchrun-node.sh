#!/bin/bash
# cluster: perlmutter
# family: srun one torchrun per node, c10d rendezvous on the first node
# modelled on https://docs.nersc.gov/machinelearning/pytorch/ (torchrun under srun)
#SBATCH --account=m4321_g
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --time=04:00:00
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
srun torchrun --nnodes=4 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint="$MASTER_ADDR:29500" --rdzv_id="$SLURM_JOB_ID" train_gpt.py --batch-size 32
