#!/bin/bash
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle
#PBS -q capacity
#PBS -A CosmicAI
#PBS -N gpt2-zero2

cd $PBS_O_WORKDIR

module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < $PBS_NODEFILE)
NGPUS_PER_NODE=4
NGPUS=$((NNODES * NGPUS_PER_NODE))

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
export HF_HOME=/eagle/CosmicAI/hf_cache
export HF_DATASETS_OFFLINE=1

cat > ds_config.json <<EOF
{
  "train_batch_size": 512,
  "train_micro_batch_size_per_gpu": 8,
  "gradient_accumulation_steps": 4,
  "bf16": { "enabled": true },
  "zero_optimization": {
    "stage": 2,
    "overlap_comm": true,
    "contiguous_gradients": true
  },
  "optimizer": { "type": "AdamW", "params": { "lr": 6e-4, "weight_decay": 0.1 } }
}
EOF

echo "Launching $NGPUS ranks on $NNODES nodes"
mpiexec -n ${NGPUS} --ppn ${NGPUS_PER_NODE} --depth=16 --cpu-bind depth --hostfile $PBS_NODEFILE \
    python -u train_gpt2.py --model gpt2-medium --dataset openwebtext \
    --deepspeed --deepspeed_config ds_config.json --deepspeed_mpi
