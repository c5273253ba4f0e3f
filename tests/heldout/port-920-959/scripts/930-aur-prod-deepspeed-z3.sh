#!/bin/bash -x
#PBS -A AuroraGPT
#PBS -q prod
#PBS -l select=256
#PBS -l place=scatter
#PBS -l walltime=06:00:00
#PBS -l filesystems=home:flare
#PBS -k doe
#PBS -N agpt-7b-z3

cd ${PBS_O_WORKDIR}
module load frameworks
source /flare/AuroraGPT/envs/agpt/bin/activate

export MASTER_ADDR=$(head -n1 ${PBS_NODEFILE})
export MASTER_PORT=29500
export CCL_PROCESS_LAUNCHER=pmix
export CCL_KVS_MODE=mpi

cat > ds_z3.json <<EOF
{
  "train_batch_size": 6144,
  "train_micro_batch_size_per_gpu": 1,
  "zero_optimization": {"stage": 3, "reduce_bucket_size": 5e8, "stage3_prefetch_bucket_size": 5e8},
  "bf16": {"enabled": true}
}
EOF

mpiexec -n 3072 --ppn 12 --cpu-bind list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python3 pretrain_llama.py --deepspeed --deepspeed_config ds_z3.json --model llama-7b --data-path /flare/AuroraGPT/data/dolma
