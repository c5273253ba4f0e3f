#!/bin/bash
#PBS -N t5-fsdp
#PBS -l select=2:ncpus=64:ngpus=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:59:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A ml_hpc

cd "$PBS_O_WORKDIR"

module use /soft/modulefiles
module load conda/2024-04-29
conda activate base
source venvs/hf/bin/activate

# compute nodes reach the Hub only through the proxy
export http_proxy="http://proxy.alcf.anl.gov:3128"
export https_proxy="http://proxy.alcf.anl.gov:3128"
export HF_HOME=/eagle/ml_hpc/$USER/.cache/huggingface

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

# one torchrun per node: with --ppn 1, PMI_RANK is the node index
mpiexec -n 2 --ppn 1 --depth 64 --cpu-bind depth --hostfile "$PBS_NODEFILE" bash -c 'torchrun \
  --nnodes 2 --nproc_per_node 4 --node_rank $PMI_RANK \
  --master_addr $MASTER_ADDR --master_port $MASTER_PORT \
  examples/pytorch/summarization/run_summarization.py \
  --model_name_or_path google/flan-t5-large \
  --dataset_name cnn_dailymail --dataset_config "3.0.0" \
  --source_prefix "summarize: " \
  --do_train --per_device_train_batch_size 4 \
  --fsdp "full_shard auto_wrap" --fsdp_transformer_layer_cls_to_wrap T5Block \
  --output_dir /eagle/ml_hpc/jdoe/t5-cnn'
