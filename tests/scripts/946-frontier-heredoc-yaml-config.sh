#!/bin/bash
# widen: the program's own YAML config written by a heredoc before srun
#SBATCH -A ATM150
#SBATCH -J graphcast
#SBATCH -N 2
#SBATCH -t 02:00:00
#SBATCH -p batch

module load PrgEnv-gnu rocm/6.1.3
source activate /lustre/orion/atm150/proj-shared/envs/gc
cat > run_config.yaml <<EOF
model: graphcast_small
epochs: 20
lr: 1.0e-3
data_dir: data/era5
EOF
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
srun -N 2 -n 16 -c 7 --gpus-per-task=1 --gpu-bind=closest python train_graphcast.py --config run_config.yaml
