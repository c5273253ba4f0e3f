#!/bin/bash
#PBS -A LLMtrain
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
NGPUS=$(nvidia-smi -L | wc -l)
NNODES=$(wc -l < $PBS_NODEFILE)
NTOTGPUS=$((NNODES * NGPUS))

mpiexec -n ${NTOTGPUS} --ppn ${NGPUS} --depth=16 --cpu-bind depth \
    python pretrain_gpt.py --deepspeed --deepspeed_config ds_config_zero1.json --tensor-model-parallel-size 1
