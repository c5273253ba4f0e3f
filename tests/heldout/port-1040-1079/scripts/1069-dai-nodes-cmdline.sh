#!/bin/bash
# submit with:   sbatch -N <nodes> satmae_pretrain.sbatch      (2 or more nodes)
#SBATCH --job-name=satmae-pt
#SBATCH --account=bfrr-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH --time=10:00:00

NN=${SLURM_JOB_NUM_NODES:?not inside a Slurm job}
if (( NN < 2 )); then
    echo "this job is meant for several nodes; submit it with sbatch -N <nodes>" >&2
    exit 1
fi

module reset
module load python/miniforge3_pytorch/2.10.0
source /projects/bfrr/venvs/satmae/bin/activate
export NCCL_SOCKET_IFNAME=hsn

srun torchrun --nnodes=$NN --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 --rdzv_id=$SLURM_JOB_ID \
    pretrain_satmae.py --model satmae_vit_large --epochs 200 --batch_size 64
