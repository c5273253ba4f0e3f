#!/bin/bash -l
# cluster: polaris
# family: mpiexec one rank per GPU through the affinity wrapper, PyTorch DDP with MPI ranks
# modelled on https://docs.alcf.anl.gov/polaris/data-science/frameworks/pytorch/ and
# https://docs.alcf.anl.gov/polaris/running-jobs/
#PBS -A MyProject
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
cd "${PBS_O_WORKDIR}" || exit 1
module use /soft/modulefiles
module load conda
conda activate base
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29400
export NCCL_NET_GDR_LEVEL=PHB
mpiexec -n 40 --ppn 4 --depth 8 --cpu-bind depth ./set_affinity_gpu_polaris.sh python train_ddp.py --epochs 5
