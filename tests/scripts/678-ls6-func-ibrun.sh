#!/bin/bash
#SBATCH -J ddpm-cifar
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 14:00:00
#SBATCH -A CCR24021
#SBATCH -o ddpm.o%j
#SBATCH -e ddpm.e%j

module load python3/3.9.7
source $SCRATCH/python-envs/ddpm/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -1)
export MASTER_PORT=29523

# start NRANKS CONFIG: one MPI rank per A100 (3 per node); the program reads its rank from PMI_RANK
start() {
    local nranks=$1
    local cfg=$2
    ibrun -np "$nranks" python3 train_ddpm.py --config "$cfg" --dist-backend nccl
}

start 6 configs/ddpm_cifar10_32.yaml
