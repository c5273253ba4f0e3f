#!/bin/bash
#PBS -A LLM_Scaling
#PBS -q debug-scaling
#PBS -l select=8:ncpus=64:ngpus=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle
#PBS -o logs/
#PBS -e logs/

cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda; conda activate base

export MASTER_ADDR=$(head -n1 "$PBS_NODEFILE")
export MASTER_PORT=29500

# DeepSpeed config for this run (ZeRO stage 2, bf16)
cat > ds_config.json <<'EOF'
{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 8,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 2, "overlap_comm": true, "contiguous_gradients": true}
}
EOF

# GPU 0 sits next to cores 24-31 on Polaris, hence the reversed list
mpiexec -n 32 --ppn 4 --cpu-bind list:24:16:8:0 ./set_affinity_gpu_polaris.sh \
    python train_llama.py --deepspeed --deepspeed_config ds_config.json --model-size 1b --seq-len 2048
