#!/bin/bash -l
#PBS -A LLMtune
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -N opt-ds

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda/2024-04-29
conda activate base

cat > ds_config_zero2.json <<EOF
{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 1,
  "fp16": {"enabled": true},
  "zero_optimization": {
    "stage": 2,
    "overlap_comm": true,
    "contiguous_gradients": true
  }
}
EOF

# DeepSpeed hostfile: one line per node, 4 GPUs each
sed 's/$/ slots=4/' $PBS_NODEFILE > hostfile
echo "PATH=${PATH}" > .deepspeed_env
echo "LD_LIBRARY_PATH=${LD_LIBRARY_PATH}" >> .deepspeed_env

deepspeed --hostfile=hostfile --num_nodes=2 --num_gpus=4 --launcher mpich finetune.py --deepspeed --deepspeed_config ds_config_zero2.json --model_name facebook/opt-1.3b
