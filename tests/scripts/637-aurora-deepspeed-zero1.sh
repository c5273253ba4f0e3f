#!/bin/bash -l
#PBS -A LLMchem
#PBS -q debug
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -N chem-zero1
#PBS -j oe

cd $PBS_O_WORKDIR
module load frameworks

cat > ds_zero1.json <<EOF
{
  "train_micro_batch_size_per_gpu": 8,
  "gradient_accumulation_steps": 4,
  "zero_optimization": {"stage": 1},
  "bf16": {"enabled": true}
}
EOF

NNODES=$(wc -l < $PBS_NODEFILE)
RANKS_PER_NODE=12
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
echo "ranks: $((NNODES*RANKS_PER_NODE))"

mpiexec -n $((NNODES*RANKS_PER_NODE)) -ppn $RANKS_PER_NODE \
    --cpu-bind verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python3 finetune_molformer.py --deepspeed --deepspeed_config ds_zero1.json --dataset zinc250k
