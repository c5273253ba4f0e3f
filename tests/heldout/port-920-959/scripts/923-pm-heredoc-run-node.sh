#!/bin/bash
#SBATCH --job-name=convnext-pretrain
#SBATCH --account=m4031_g
#SBATCH --constraint=gpu&hbm80g
#SBATCH --qos=regular
#SBATCH --nodes=8
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=06:00:00

module load pytorch/2.3.1

DATA=/pscratch/sd/r/rmehta/imagenet21k
OUT=$SCRATCH/convnext/$SLURM_JOB_ID
mkdir -p $OUT
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

# per-node launcher, written fresh for every job (variables with a backslash are expanded on the node)
cat > $OUT/run_node.sh <<EOF
#!/bin/bash
export NCCL_SOCKET_IFNAME=hsn
torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=\$SLURM_NODEID \
  --master_addr=$MASTER_ADDR --master_port=29500 \
  pretrain.py --data-path ${DATA} --model convnext_large --epochs 90 --output ${OUT}
EOF
chmod +x $OUT/run_node.sh

srun bash $OUT/run_node.sh
