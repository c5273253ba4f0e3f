#!/bin/bash
# family: mpiexec -n 1 dataset download, then a plain python single-GPU training without a launcher (PBS)
#PBS -A MyProject
#PBS -q debug
#PBS -l select=1:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR" || exit 1
module use /soft/modulefiles
module load conda
conda activate base
mpiexec -n 1 --ppn 1 python download_cifar.py --root ./data
python train.py --root ./data --epochs 10
