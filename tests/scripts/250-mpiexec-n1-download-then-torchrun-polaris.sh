#!/bin/bash
# family: mpiexec -n 1 download step on the first node, then one torchrun per node under mpiexec (PBS)
#PBS -A MyProject
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR" || exit 1
module use /soft/modulefiles
module load conda
conda activate base
mpiexec -n 1 --ppn 1 python fetch_weights.py --model bert-large --cache ./hf_cache
MASTER=$(head -n 1 "$PBS_NODEFILE")
mpiexec -n 2 --ppn 1 --depth=64 --cpu-bind depth torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint="$MASTER":29500 finetune.py --cache ./hf_cache
