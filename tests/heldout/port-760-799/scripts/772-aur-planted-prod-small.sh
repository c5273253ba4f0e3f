#!/bin/bash -l
#PBS -N sft-ds
#PBS -A LLMpilot
#PBS -q prod
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:flare
#PBS -o /flare/LLMpilot/logs/sft.out
#PBS -k doe

cd ${PBS_O_WORKDIR}
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n $(( NNODES * 12 )) -ppn 12 \
    --cpu-bind list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python train_sft.py --deepspeed_config configs/ds_sft.json --epochs 3
