#!/bin/bash
#PBS -N fourcastnet
#PBS -A UCSU0085
#PBS -q main
#PBS -j oe
#PBS -l walltime=06:00:00
#PBS -l select=2:ncpus=64:mpiprocs=4:ngpus=4
#PBS -l job_priority=regular

module load conda cuda/12.2.1
conda activate /glade/work/jdoe/conda-envs/fcn

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
export MPICH_GPU_SUPPORT_ENABLED=1

cd /glade/derecho/scratch/jdoe/FourCastNet

# set_gpu_rank pins each rank to one GPU; train.py reads PMI_RANK
mpiexec -n 8 --ppn 4 --cpu-bind depth -d 16 set_gpu_rank python train.py --config afno_backbone --yaml_config config/AFNO.yaml --run_num 0
