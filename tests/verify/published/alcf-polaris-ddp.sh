#!/bin/bash -l
# cluster: polaris
# family: MPI-started DDP on Polaris - one rank per GPU, ranks from PALS, no torchrun
# modelled on https://docs.alcf.anl.gov/polaris/data-science/frameworks/pytorch/ (DDP section)
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=2345
export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=8 --cpu-bind depth --env OMP_NUM_THREADS=8 \
    python pytorch_ddp.py --epochs 5
