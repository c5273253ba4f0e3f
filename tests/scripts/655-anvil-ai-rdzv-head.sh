#!/bin/bash
#SBATCH -A phy250041-ai
#SBATCH -p ai
#SBATCH -N 3
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=96
#SBATCH -t 30:00:00
#SBATCH -J gnome-egnn
#SBATCH -o slurm-%x-%j.out

module load modtree/gpu
module load conda/2025.09
conda activate /anvil/projects/x-phy250041/envs/egnn

head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
head_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
echo "rendezvous on $head_node ($head_ip)"

srun torchrun \
    --nnodes="$SLURM_NNODES" \
    --nproc-per-node=4 \
    --rdzv-id="$SLURM_JOB_ID" \
    --rdzv-backend=c10d \
    --rdzv-endpoint="$head_ip:29512" \
    -m matgen.train --config configs/egnn_gnome.yaml --epochs 400
