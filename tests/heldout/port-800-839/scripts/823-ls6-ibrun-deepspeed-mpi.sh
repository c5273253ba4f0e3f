#!/bin/bash
#SBATCH -J bert-ls6
#SBATCH -p gpu-a100
#SBATCH -N 4
#SBATCH -n 12
#SBATCH -t 10:00:00
#SBATCH -A CCR23021
#SBATCH -o %x.%j.out

# Lonestar6: 12 MPI tasks = 4 nodes x 3 A100s
module load python3/3.9.7 cuda/12.2
source /scratch/07654/bertuser/venvs/ds/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=12802
# DeepSpeed takes rank and world size from the MPI environment ibrun provides (--deepspeed_mpi)
ibrun python pretrain_bert.py --deepspeed --deepspeed_mpi --deepspeed_config ds_bert_config.json \
    --max_seq_length 128 --output_dir /scratch/07654/bertuser/bert-ckpt
