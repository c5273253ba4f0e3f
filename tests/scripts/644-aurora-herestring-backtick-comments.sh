#!/bin/bash
#PBS -N mace-mp
#PBS -A MatFound
#PBS -q debug-scaling
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=00:59:00
#PBS -l filesystems=home:flare
#PBS -k doe

cd "$PBS_O_WORKDIR"
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

read -r NNODES <<< "$(sort -u "$PBS_NODEFILE" | wc -l)"
read -r MASTER_ADDR _ <<< "$(head -n 1 "$PBS_NODEFILE")"
export MASTER_ADDR MASTER_PORT=28613
PPN=12
CPU_BIND="list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"

mpiexec -n $(( NNODES * PPN )) --ppn $PPN \
    --cpu-bind=${CPU_BIND} `# 12 ranks per node, cores 0 and 52 left to the OS` \
    gpu_tile_compact.sh \
    python3 train_mace.py \
        --name mace_mp_small `# run name, also the checkpoint dir` \
        --train_file /flare/MatFound/mptrj/train.xyz \
        --r_max 6.0 \
        --batch_size 16 `# per tile` \
        --device xpu \
        --distributed
