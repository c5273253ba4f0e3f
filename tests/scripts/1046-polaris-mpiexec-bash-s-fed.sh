#!/bin/bash
# family: fed heredocs - PBS mpiexec starts bash -s on each node with the torchrun line fed on standard
# input (unquoted: ${HEAD} is the batch shell's)
#PBS -A MyProj
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda; conda activate
HEAD=$(head -n 1 $PBS_NODEFILE)
mpiexec -n 2 --ppn 1 bash -s <<EOF
torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=${HEAD}:29500 finetune.py --lr 1e-4 --bf16
EOF
