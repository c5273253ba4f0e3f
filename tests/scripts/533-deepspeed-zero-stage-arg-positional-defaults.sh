#!/bin/bash
# family: DeepSpeed with the ZeRO stage given as the program's own argument (--zero_stage), defaults from
# positional parameters, output redirected; no scheduler
OUTPUT=$1
ZERO_STAGE=$2
if [ "$OUTPUT" == "" ]; then
    OUTPUT=./out_sft
fi
if [ "$ZERO_STAGE" == "" ]; then
    ZERO_STAGE=3
fi
mkdir -p $OUTPUT
deepspeed sft_main.py \
   --data_path local/jsonfile \
   --model_name_or_path facebook/opt-1.3b \
   --per_device_train_batch_size 4 \
   --zero_stage $ZERO_STAGE \
   --deepspeed \
   --output_dir $OUTPUT \
   &> $OUTPUT/training.log
