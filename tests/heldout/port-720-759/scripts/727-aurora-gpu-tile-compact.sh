#!/bin/bash -l
#PBS -A LLMscale
#PBS -q debug-scaling
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -N llm-1b

cd $PBS_O_WORKDIR
module load frameworks
source /lus/flare/projects/LLMscale/venvs/aurora_fw/bin/activate
export ZE_FLAT_DEVICE_HIERARCHY=FLAT

# 12 tiles per node; gpu_tile_compact.sh sets ZE_AFFINITY_MASK from PALS_LOCAL_RANKID
mpiexec -n 48 --ppn 12 --cpu-bind=verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 gpu_tile_compact.sh python3 -u pretrain_llm.py --model-size 1b --train-iters 2000 --save /lus/flare/projects/LLMscale/ckpt
