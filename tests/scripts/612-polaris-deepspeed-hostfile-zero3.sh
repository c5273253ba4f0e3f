#!/bin/bash -l
#PBS -N gpt-neo-zero3
#PBS -A LLMScience
#PBS -q capacity
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=12:00:00
#PBS -l filesystems=home:eagle
#PBS -o logs/
#PBS -e logs/

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda; conda activate base

export http_proxy=http://proxy.alcf.anl.gov:3128
export https_proxy=http://proxy.alcf.anl.gov:3128

# DeepSpeed hostfile from the PBS node file, 4 GPUs per node
HOSTFILE=$PBS_O_WORKDIR/hostfile.ds
sed 's/$/ slots=4/' $PBS_NODEFILE > $HOSTFILE
NNODES=$(wc -l < $PBS_NODEFILE)

cat > ds_zero3.json <<'EOF'
{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 8,
  "bf16": {"enabled": true},
  "zero_optimization": {
    "stage": 3,
    "overlap_comm": true,
    "stage3_gather_16bit_weights_on_model_save": true
  }
}
EOF

deepspeed --hostfile=$HOSTFILE --num_nodes $NNODES --num_gpus 4 \
    pretrain_neo.py --deepspeed --deepspeed_config ds_zero3.json --model_size 2.7B --data /eagle/LLMScience/pile_tok
