#!/bin/bash -l
#PBS -N gpt-zero2
#PBS -A LLMscaling
#PBS -q debug-scaling
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -j oe

cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate base

# DeepSpeed wants "host slots=N" lines
HOSTFILE=hostfile.${PBS_JOBID%%.*}
sort -u $PBS_NODEFILE | sed 's/$/ slots=4/' > $HOSTFILE

cat > ds_config.json <<'EOF'
{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 8,
  "bf16": { "enabled": true },
  "zero_optimization": {
    "stage": 2,
    "overlap_comm": true,
    "contiguous_gradients": true,
    "reduce_bucket_size": 5e8
  },
  "gradient_clipping": 1.0
}
EOF

deepspeed --hostfile=$HOSTFILE --launcher MPICH --num_nodes 4 --num_gpus 4 \
    pretrain_gpt.py --deepspeed --deepspeed_config ds_config.json --train-iters 5000 --seq-length 2048
