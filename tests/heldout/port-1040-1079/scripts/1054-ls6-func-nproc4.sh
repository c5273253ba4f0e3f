#!/bin/bash
#SBATCH -J detr-2n
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 06:00:00
#SBATCH -o detr.%j.out

module load python3/3.9.7
source $SCRATCH/python-envs/detr/bin/activate

MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -1)

make_launcher() {
    # writes the per-node torchrun command; ibrun starts one copy per node
    cat > launch_node.sh <<EOF
#!/bin/bash
source $SCRATCH/python-envs/detr/bin/activate
exec torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=\$PMI_RANK \\
     --master_addr=$MASTER --master_port=29500 \\
     train_detr.py --coco_path $SCRATCH/coco --epochs 50 --batch_size 4 --output_dir $SCRATCH/detr-out
EOF
    chmod +x launch_node.sh
}

make_launcher
exec ibrun -np 2 ./launch_node.sh
