#!/bin/bash
#SBATCH --job-name=ddp-rankfile
#SBATCH --account=mcb230087-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=08:00:00

module load modtree/gpu
module load openmpi
module load conda/2025.09
conda activate torch

# rankfile: ranks 0-3 on the first node, 4-7 on the second, 32 cores each
rm -f rankfile
r=0
for host in $(scontrol show hostnames $SLURM_JOB_NODELIST); do
    for s in 0 1 2 3; do
        echo "rank $r=$host slot=$((s*32))-$((s*32+31))" >> rankfile
        r=$((r+1))
    done
done

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
# the program takes RANK / LOCAL_RANK from OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_LOCAL_RANK
mpirun -np 8 --rankfile rankfile -x MASTER_ADDR -x MASTER_PORT python train_protein.py --esm esm2_t33 --bs 16
