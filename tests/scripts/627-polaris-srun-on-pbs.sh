#!/bin/bash -l
#PBS -A QuantumML
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle
#PBS -N qnn-train
#PBS -j oe

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

# copied from the Perlmutter version of this job
srun -N 2 -n 8 --gpus-per-task=1 python train_qnn.py --qubits 20 --layers 6 --shots 4096
