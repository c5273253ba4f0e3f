#!/bin/bash
# widen: `time` before srun, an output file per job
#SBATCH -A ATM140
#SBATCH -J fcn
#SBATCH -N 4
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -o fcn-%j.out

module load PrgEnv-gnu rocm/6.1.3
source activate /lustre/orion/atm140/proj-shared/envs/fcn
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
time srun -N 4 -n 32 -c 7 --gpus-per-task=1 --gpu-bind=closest python train_fourcastnet.py --yaml_config config/afnonet.yaml --run_num 0
