#!/bin/bash
# family: a PBS Pro job array (-J) on Polaris - every subjob a 1-node, 4-GPU DDP run with its own seed
# from PBS_ARRAY_INDEX, one rank per GPU through mpiexec
#PBS -l select=1:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -J 1-4
#PBS -q preemptable
#PBS -A myproj
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n 4 --ppn 4 --depth=8 --cpu-bind depth python train.py --seed ${PBS_ARRAY_INDEX} --epochs 20
