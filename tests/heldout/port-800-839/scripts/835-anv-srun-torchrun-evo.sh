#!/bin/bash
#SBATCH -A bio230045-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 08:00:00
#SBATCH -J evo-ft
#SBATCH -o /anvil/scratch/x-evouser/evo-ft.%j.out

module load modtree/gpu conda/2025.09
conda activate evo

head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
head_node_ip=$(srun -N1 -n1 -w "$head_node" hostname -I | awk '{print $1}')
echo "head node: $head_node ($head_node_ip)"

srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_id $SLURM_JOB_ID --rdzv_endpoint $MASTER_NODE_IP:29400 \
   finetune_evo.py --data /anvil/projects/x-bio230045/genomes --epochs 3
