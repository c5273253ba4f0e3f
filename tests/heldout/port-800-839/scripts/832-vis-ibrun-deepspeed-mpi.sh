#!/bin/bash
#SBATCH -J protgpt-ds
#SBATCH -p gh
#SBATCH -N 32
#SBATCH -n 32
#SBATCH -t 24:00:00
#SBATCH -A MCB24066
#SBATCH -o protgpt.%j.out

# Vista: 32 GH200 nodes, one MPI rank each
module load gcc cuda python3
source /scratch/10390/pgpt/vista-ds/bin/activate
export CUDA_HOME=/home1/apps/nvidia/Linux_aarch64/24.7/cuda/12.5
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29680

CFG=$WORK/protgpt/ds/cfg.json
ibrun python train_protgpt.py --deepspeed --deepspeed_mpi --deepspeed_config $CFG --tokenizer nferruz/ProtGPT2 --steps 100000
