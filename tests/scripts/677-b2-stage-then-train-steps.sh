#!/bin/bash
#SBATCH -J dimenet-qm9
#SBATCH -A mat230021p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH --cpus-per-task=5
#SBATCH -t 20:00:00
#SBATCH -o %x.%j.out

module load AI/pytorch_23.02-1.13.1-py3
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29517

# step 1: unpack the LMDB shards on each node's local disk, one task per node
srun -N 2 --ntasks-per-node=1 bash -c 'mkdir -p $LOCAL/qm9 && tar -xf $PROJECT/data/qm9_lmdb.tar -C $LOCAL/qm9'

# step 2: train, one task per GPU
srun -N 2 --ntasks-per-node=8 python train_dimenet.py --data $LOCAL/qm9 --target U0 --epochs 800 --amp

# step 3: copy the checkpoints back from the first node
srun -N 1 -n 1 cp -r ckpt/ $PROJECT/results/dimenet_$SLURM_JOB_ID/
