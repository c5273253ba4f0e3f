#!/bin/bash
#SBATCH -J vista-ddp
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 04:00:00

module load gcc cuda openmpi
source $SCRATCH/envs/torch/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29700

cat > step.sh <<'EOF'
export RANK=$OMPI_COMM_WORLD_RANK
export LOCAL_RANK=$OMPI_COMM_WORLD_LOCAL_RANK
export WORLD_SIZE=$OMPI_COMM_WORLD_SIZE
python train_mamba.py --d-model 1024 --steps 50000
EOF

mpirun -np 4 --map-by ppr:1:node bash step.sh
