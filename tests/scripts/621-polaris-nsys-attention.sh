#!/bin/bash -l
#PBS -A perfML
#PBS -q debug
#PBS -l select=1:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -N attn-profile
#PBS -j oe

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base
export TMPDIR=/tmp
mkdir -p profiles
nvidia-smi topo -m

# a profile per rank; the rank number goes into the report name
mpiexec -n 4 --ppn 4 --cpu-bind verbose,list:0,8,16,24 \
    nsys profile -t cuda,nvtx,osrt --stats=false -o profiles/attn_rank%q{PMI_RANK} \
    python bench_attention.py --seq-len 8192 --heads 32 --iters 50
