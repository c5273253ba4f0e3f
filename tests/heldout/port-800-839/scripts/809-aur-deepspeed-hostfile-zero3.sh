#!/bin/bash -l
#PBS -A LLMfinetune
#PBS -q capacity
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=12:00:00
#PBS -l filesystems=home:flare
#PBS -N ds-llama13b
#PBS -j oe

cd "$PBS_O_WORKDIR"
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

# DeepSpeed hostfile: one line per node, 12 slots (one per tile)
NGPUS=12
sort -u "$PBS_NODEFILE" | awk -v s="$NGPUS" '{print $1 " slots=" s}' > hostfile
export MASTER_ADDR=$(head -n 1 hostfile | cut -d' ' -f1)

cat > ds_llama.json <<'EOF'
{
  "train_micro_batch_size_per_gpu": 1,
  "gradient_accumulation_steps": 8,
  "zero_optimization": {
    "stage": 3,
    "overlap_comm": true,
    "contiguous_gradients": true,
    "stage3_gather_16bit_weights_on_model_save": true
  },
  "bf16": { "enabled": true },
  "gradient_clipping": 1.0
}
EOF

deepspeed --hostfile hostfile --launcher MPICH --no_ssh_check \
  --master_addr "$MASTER_ADDR" --master_port 29620 \
  --launcher_args "--cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79" \
  finetune_llama.py --model_path /flare/LLMfinetune/models/llama-2-13b \
    --data /flare/LLMfinetune/data/sft.jsonl \
    --deepspeed --deepspeed_config ds_llama.json --bf16 --epochs 2
