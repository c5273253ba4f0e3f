#!/bin/bash -l
#PBS -N ds-gpt
#PBS -A AstroLLM
#PBS -q capacity
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=12:00:00
#PBS -l filesystems=home:eagle
#PBS -k doe

# submit: qsub -v MODEL=gpt2-xl,TAG=run3 ds_gpt.pbs   (both have defaults below)

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base

MODEL=${MODEL:-gpt2-medium}
TAG=${TAG:-default}

NNODES=$(wc -l < $PBS_NODEFILE)
NGPUS_PER_NODE=4
NGPUS=$(( NNODES * NGPUS_PER_NODE ))

cat > ds_config_${TAG}.json <<EOF
{
  "train_micro_batch_size_per_gpu": 8,
  "gradient_accumulation_steps": 4,
  "bf16": {"enabled": true},
  "zero_optimization": {
    "stage": 2,
    "overlap_comm": true,
    "contiguous_gradients": true
  }
}
EOF

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

mpiexec -n ${NGPUS} --ppn ${NGPUS_PER_NODE} --depth 16 --cpu-bind depth \
    --env MASTER_ADDR=$MASTER_ADDR --env MASTER_PORT=$MASTER_PORT \
    python pretrain_gpt.py --model-name $MODEL --deepspeed --deepspeed_config ds_config_${TAG}.json --run-tag $TAG
