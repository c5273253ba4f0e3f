#!/bin/bash
#PBS -A AstroLM
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -N ds-zero2

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base

# DeepSpeed hostfile: one line per node, four A100s on each
sort -u $PBS_NODEFILE | sed 's/$/ slots=4/' > hostfile

cat > ds_config.json <<'JSON'
{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 8,
  "bf16": { "enabled": true },
  "zero_optimization": { "stage": 2, "overlap_comm": true }
}
JSON

deepspeed --hostfile hostfile --num_nodes 2 --num_gpus 4 --launcher MPICH \
    pretrain.py --deepspeed --deepspeed_config ds_config.json --seq-length 2048
