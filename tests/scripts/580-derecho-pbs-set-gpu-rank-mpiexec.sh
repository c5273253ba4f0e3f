#!/bin/bash -l
# family: NCAR Derecho (PBS Pro, Cray PALS mpiexec, 4 A100 per GPU node): job_priority and gpu_type
# resources, and NCAR's set_gpu_rank wrapper in front of the program (one rank per GPU)
#PBS -N unet_derecho
#PBS -A UCSU0042
#PBS -q main
#PBS -l job_priority=regular
#PBS -l select=2:ncpus=64:mpiprocs=4:ngpus=4
#PBS -l gpu_type=a100
#PBS -l walltime=06:00:00
#PBS -j oe

module load ncarenv conda cuda
conda activate /glade/work/$USER/conda-envs/torch23
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500
mpiexec -n 8 -ppn 4 --cpu-bind none set_gpu_rank python train_unet.py --data /glade/derecho/scratch/$USER/era5 --epochs 25
