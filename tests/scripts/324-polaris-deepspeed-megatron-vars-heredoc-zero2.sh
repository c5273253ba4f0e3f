#!/bin/bash
# family: Megatron-DeepSpeed on Polaris: the ZeRO stage and the sizes in variables, the DeepSpeed config
# written by a heredoc from them, one rank per GPU with mpiexec and the affinity helper
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProj
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda; conda activate
TP=2
PP=1
ZERO_STAGE=2
MBS=4
GBS=256
NNODES=$(wc -l < $PBS_NODEFILE)
NGPUS=$(( NNODES * 4 ))
cat <<EOT > ds_config.json
{
  "train_micro_batch_size_per_gpu": $MBS,
  "train_batch_size": $GBS,
  "zero_optimization": { "stage": $ZERO_STAGE },
  "bf16": { "enabled": true }
}
EOT
mpiexec -n ${NGPUS} --ppn 4 --depth 8 --cpu-bind depth ./set_affinity_gpu_polaris.sh python3 pretrain_gpt.py \
    --tensor-model-parallel-size ${TP} --pipeline-model-parallel-size ${PP} --num-layers 24 --hidden-size 2048 \
    --micro-batch-size ${MBS} --global-batch-size ${GBS} --deepspeed --deepspeed_config ds_config.json --zero-stage ${ZERO_STAGE}
