#!/bin/bash -l
# widen: a DeepSpeed config written by a heredoc (ZeRO stage 2), mpiexec starting one rank per GPU
#PBS -N gpt2-ds
#PBS -A LLMProj
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
cat > ds_config.json <<EOF
{
  "train_micro_batch_size_per_gpu": 8,
  "gradient_accumulation_steps": 1,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 2, "overlap_comm": true}
}
EOF
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n 8 --ppn 4 --depth 8 --cpu-bind depth python train_gpt2.py --deepspeed --deepspeed_config ds_config.json --model gpt2-large
