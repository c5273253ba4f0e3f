#!/bin/bash -l
#PBS -A AuroraGPT
#PBS -q debug
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:50:00
#PBS -l filesystems=flare:home
#PBS -N llama-z3

cd $PBS_O_WORKDIR
module load frameworks

cat > ds_zero3.json <<'EOF'
{
  "train_batch_size": 48,
  "train_micro_batch_size_per_gpu": 2,
  "bf16": {"enabled": true},
  "zero_optimization": {
    "stage": 3,
    "stage3_gather_16bit_weights_on_model_save": true
  }
}
EOF

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

mpiexec -n 24 --ppn 12 --cpu-bind=verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 python3 train_ds.py --deepspeed --deepspeed_config ds_zero3.json --model_name_or_path meta-llama/Llama-2-7b-hf
