#!/bin/bash
# family: Torque-style PBS nodes=N:ppn=P:gpus=G with mpirun, site unknown
#PBS -N ddp
#PBS -l nodes=2:ppn=8:gpus=4
#PBS -l walltime=02:00:00
#PBS -q gpu
cd $PBS_O_WORKDIR
module load cuda openmpi
mpirun -np 8 --map-by ppr:4:node -x MASTER_ADDR=$(head -1 $PBS_NODEFILE) -x MASTER_PORT=29500 python train.py --epochs 5
