#!/bin/bash
#SBATCH -J sam-ft
#SBATCH -o sam-ft.o%j
#SBATCH -e sam-ft.e%j
#SBATCH -p gpu-a100
#SBATCH -N 3
#SBATCH -n 3
#SBATCH -t 10:00:00
#SBATCH -A ASC24011

# Write the environment once; this shell and every node's launcher source the same file.
cat > ./env.sh <<'EOF'
module load python3/3.9.7
source $SCRATCH/python-envs/sam/bin/activate
export OMP_NUM_THREADS=8
export NCCL_DEBUG=WARN
EOF
source ./env.sh

HEAD=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
TRAIN_ARGS=(
    --checkpoint sam_vit_l_0b3195.pth
    --data $SCRATCH/datasets/coco_masks
    --epochs 12
    --lr 1e-4
)

# one torchrun per node (ibrun gives each copy its PMI_RANK); 3 A100s per node
cat > node_run.sh <<EOF
#!/bin/bash
source $PWD/env.sh
torchrun --nnodes=$SLURM_NNODES --nproc_per_node=3 --node_rank=\$PMI_RANK \\
    --master_addr=$HEAD --master_port=29500 \\
    finetune_sam.py ${TRAIN_ARGS[*]}
EOF
chmod +x node_run.sh

ibrun -np $SLURM_NNODES ./node_run.sh
