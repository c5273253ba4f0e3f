#!/bin/bash -l
#PBS -A AstroGen
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -N diffgal

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base
export MASTER_ADDR=$(head -n1 $PBS_NODEFILE)
NNODES=$(wc -l < $PBS_NODEFILE)
echo "running on $NNODES nodes $(date)"

# run_pretrain.sh sets up the per-node launcher and picks the experiment
mpiexec -n $NNODES --ppn 1 --hostfile $PBS_NODEFILE bash run_pretrain.sh exp/galaxy_ddpm
