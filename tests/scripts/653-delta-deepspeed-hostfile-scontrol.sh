#!/bin/bash
#SBATCH --job-name=flan-t5-xl
#SBATCH --account=bdfa-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=20:00:00
#SBATCH --output=ds-%j.out

module reset
module load pytorch-conda/2.8
source $HOME/venvs/ds-t5/bin/activate
export NCCL_SOCKET_IFNAME=hsn

# DeepSpeed hostfile from the allocation (4 A100 per node); pdsh reaches the nodes over ssh
HOSTFILE=hostfile.$SLURM_JOB_ID
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=4/' > $HOSTFILE
MASTER=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

deepspeed --hostfile $HOSTFILE --master_addr $MASTER --master_port 29643 \
    --num_nodes 2 --num_gpus 4 \
    finetune_seq2seq.py --model_name_or_path google/flan-t5-xl \
    --deepspeed configs/ds_zero2_offload.json --bf16 --output_dir /work/hdd/bdfa/$USER/flan-t5-xl
