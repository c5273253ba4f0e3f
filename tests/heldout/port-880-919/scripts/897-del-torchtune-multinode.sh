#!/bin/bash
#SBATCH --job-name=tt-llama8b
#SBATCH --account=bcqs-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint=scratch
#SBATCH --time=08:00:00
#SBATCH --output=tt-%j.out

module load pytorch-conda/2.8
source /work/nvme/bcqs/$USER/venvs/torchtune/bin/activate

head_node=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
head_node_ip=$(srun --nodes=1 --ntasks=1 -w "$head_node" hostname --ip-address)
echo "head node: $head_node ($head_node_ip)"

export LOGLEVEL=INFO
export NCCL_SOCKET_IFNAME=hsn

# torchtune's own launcher takes the torchrun options before the recipe name
srun tune run \
    --nnodes $SLURM_NNODES \
    --nproc_per_node 4 \
    --rdzv_id $RANDOM \
    --rdzv_backend c10d \
    --rdzv_endpoint "$head_node_ip:29500" \
    full_finetune_distributed \
    --config llama3_1/8B_full \
    output_dir=/work/nvme/bcqs/$USER/tt-out \
    batch_size=4 \
    epochs=1
