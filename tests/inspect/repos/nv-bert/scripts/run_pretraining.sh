#!/bin/bash
# BERT phase-1 pretraining; positional arguments with defaults

train_batch_size=${1:-8192}
learning_rate=${2:-"6e-3"}
precision=${3:-"fp16"}
num_gpus=${4:-8}
warmup_proportion=${5:-"0.2843"}
train_steps=${6:-7038}
gradient_accumulation_steps=${7:-128}
seed=${8:-12439}
BERT_CONFIG=bert_configs/large.json
DATA_DIR=${9:-/workspace/data/hdf5_lower_case_1_seq_len_128/wikicorpus_en}
RESULTS_DIR=/results

PREC=""
if [ "$precision" = "fp16" ] ; then
   PREC="--fp16"
elif [ "$precision" = "fp32" ] ; then
   PREC=""
fi

CMD=" run_pretraining.py"
CMD+=" --input_dir=$DATA_DIR"
CMD+=" --output_dir=$RESULTS_DIR"
CMD+=" --config_file=$BERT_CONFIG"
CMD+=" --max_seq_length=128"
CMD+=" --train_batch_size=$train_batch_size"
CMD+=" --max_steps=$train_steps"
CMD+=" --warmup_proportion=$warmup_proportion"
CMD+=" --learning_rate=$learning_rate"
CMD+=" --seed=$seed"
CMD+=" --gradient_accumulation_steps=$gradient_accumulation_steps"
CMD+=" $PREC"

CMD="python3 -m torch.distributed.launch --nproc_per_node=$num_gpus $CMD"

echo "${CMD}"
$CMD
