#!/bin/bash -l
# family: stray directive of the other scheduler - #SBATCH lines in a PBS job that repeat its select and
# walltime (the job was moved from a Slurm machine): qsub ignores them (a warning)
#PBS -N gnn-train
#PBS -A GNNProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:grand
#SBATCH --nodes=10
#SBATCH --time=02:00:00

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n $((NNODES * 4)) --ppn 4 --depth 8 --cpu-bind depth python train_gnn.py --epochs 40
