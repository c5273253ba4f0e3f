#!/bin/bash
#SBATCH -J segformer
#SBATCH -o segformer.o%j
#SBATCH -e segformer.e%j
#SBATCH -p gpu-a100
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 10:00:00
#SBATCH -A ASC24011

module load python3/3.9.7
source $SCRATCH/python-envs/seg/bin/activate

HEAD=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export OMP_NUM_THREADS=16

# one ibrun task per node; each starts torchrun for the node's 3 A100s
cat > run_node.sh <<EOS
#!/bin/bash
torchrun --nnodes=${SLURM_NNODES} --nproc_per_node=3 --node_rank=\${PMI_RANK} \\
    --master_addr=${HEAD} --master_port=29500 \\
    train_seg.py --dataset ade20k --epochs 160 --workers 12
EOS
chmod +x run_node.sh

ibrun -np 4 ./run_node.sh
