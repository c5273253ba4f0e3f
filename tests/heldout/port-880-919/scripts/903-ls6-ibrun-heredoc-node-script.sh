#!/bin/bash
#SBATCH -J detr-ls6
#SBATCH -o detr.o%j
#SBATCH -e detr.e%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 08:00:00
#SBATCH -A CCR24017

module load python3/3.9.7
source $SCRATCH/venvs/detr/bin/activate

HOST=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

# ibrun starts one copy of this per node; PMI_RANK (Intel MPI) is the node rank
cat > run_node.sh <<EOF
#!/bin/bash
torchrun --nproc_per_node=3 --nnodes=$SLURM_NNODES --node_rank=\$PMI_RANK --master_addr=$HOST --master_port=12355 main.py --coco_path $SCRATCH/coco --output_dir $SCRATCH/detr-out --epochs 50 --batch_size 4
EOF
chmod +x run_node.sh

ibrun -np 2 ./run_node.sh
