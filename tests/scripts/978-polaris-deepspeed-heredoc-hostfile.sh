#!/bin/bash -l
# s24: the DeepSpeed launcher over a hostfile from $PBS_NODEFILE, its ZeRO-2 config written by a heredoc
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProj

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
awk '{print $1" slots=4"}' $PBS_NODEFILE > hostfile
cat > ds_config.json <<EOF
{"train_micro_batch_size_per_gpu": 4, "zero_optimization": {"stage": 2}, "bf16": {"enabled": true}}
EOF
deepspeed --hostfile=hostfile --num_nodes 2 --num_gpus 4 train_llm.py --deepspeed --deepspeed_config ds_config.json
