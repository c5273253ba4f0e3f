#!/bin/bash
#PBS -N llm-sft-xpu
#PBS -A LLMtuning
#PBS -q debug-scaling
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:flare

cd ${PBS_O_WORKDIR}
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

NNODES=${SLURM_NNODES}
PPN=12
export MASTER_ADDR=$(head -n1 $PBS_NODEFILE)
export MASTER_PORT=25429

mpiexec -n $(( NNODES * PPN )) --ppn ${PPN} --cpu-bind=verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python3 sft_xpu.py --model meta-llama/Llama-3.2-1B --device xpu --epochs 3
