#!/bin/bash
#SBATCH -J dino-vitb
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 08:00:00
#SBATCH -o dino.o%j

module load python
source $SCRATCH/python-envs/dino/bin/activate

mapfile -t HOSTS < <(scontrol show hostnames "$SLURM_JOB_NODELIST")
MASTER=${HOSTS[0]}
NNODES=${#HOSTS[@]}
VENV=$VIRTUAL_ENV

# fan out over ssh: one torchrun per node, node rank = position in the host list
pids=()
for rank in "${!HOSTS[@]}"; do
    ssh -o StrictHostKeyChecking=no "${HOSTS[$rank]}" \
        "cd $PWD && source $VENV/bin/activate && torchrun --nnodes=$NNODES --nproc_per_node=4 --node_rank=$rank --master_addr=$MASTER --master_port=29500 main_dino.py --arch vit_base --patch_size 16 --data_path $SCRATCH/imagenet/train --output_dir $SCRATCH/dino-out" \
        > dino.node$rank.log 2>&1 &
    pids+=($!)
done

status=0
for p in "${pids[@]}"; do
    wait "$p" || status=1
done
exit $status
