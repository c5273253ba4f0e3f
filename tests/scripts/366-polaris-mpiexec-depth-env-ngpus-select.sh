#!/bin/bash
# family: ALCF Polaris with ngpus in the select line and the threads passed with --env (its real
# defect: the prod queue takes 10 nodes or more, the job asks 4)
#PBS -l select=4:ncpus=64:ngpus=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A MyProject

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate

mpiexec -n 16 --ppn 4 --depth=16 --cpu-bind depth --env OMP_NUM_THREADS=16 \
    ./set_affinity_gpu_polaris.sh python train.py --lr 0.01
