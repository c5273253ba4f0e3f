#!/bin/bash
# family: an MPMD srun - one launch with a colon starts a rollout server on one task and the trainer on
# the GPUs (Slurm's heterogeneous step syntax inside one allocation)
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun -N1 -n1 python rollout_server.py --port 8000 : -N2 -n8 python train_ppo.py --server-port 8000
