#!/bin/bash -l
# family: torchtune - one Polaris node, tune run starts the 4 workers itself (no mpiexec)
#PBS -l select=1:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A MyProject

cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate base
tune run --nproc_per_node 4 lora_finetune_distributed --config llama3_1/8B_lora \
    checkpointer.checkpoint_dir=/eagle/MyProject/ckpt/Meta-Llama-3.1-8B
