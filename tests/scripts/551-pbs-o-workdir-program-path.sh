#!/bin/bash
# family: the PBS twin of the submit-directory program path ($PBS_O_WORKDIR/src/train.py)
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:grand
#PBS -q debug-scaling
#PBS -A SegProj
module use /soft/modulefiles
module load conda
conda activate base
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29400
mpiexec -n 8 --ppn 4 --depth=16 --cpu-bind depth python $PBS_O_WORKDIR/src/train_seg.py --config $PBS_O_WORKDIR/cfg/unet.yaml
