#!/bin/bash
# Copyright of this fixture: ours. Recipe for a conformer on AISHELL-1.
. ./path.sh || exit 1;

export CUDA_VISIBLE_DEVICES="0,1,2,3,4,5,6,7"
stage=0
stop_stage=5

num_nodes=1
HOST_NODE_ADDR="localhost:0"
num_gpus=$(echo $CUDA_VISIBLE_DEVICES | awk -F "," '{print NF}')

data=/export/data/asr-data/OpenSLR/33/
data_type=raw
num_workers=8
prefetch=10

train_set=train
train_config=conf/train_conformer.yaml
dir=exp/conformer
checkpoint=
tensorboard_dir=tensorboard

train_engine=torch_ddp
deepspeed_config=conf/ds_stage2.json
deepspeed_save_states="model_only"

. tools/parse_options.sh || exit 1;

if [ ${stage} -le 0 ] && [ ${stop_stage} -ge 0 ]; then
  echo "Data preparation"
  local/aishell_data_prep.sh ${data}/data_aishell/wav ${data}/data_aishell/transcript
fi

if [ ${stage} -le 4 ] && [ ${stop_stage} -ge 4 ]; then
  mkdir -p $dir
  dist_backend="nccl"
  echo "$0: using ${train_engine}"
  torchrun --nnodes=$num_nodes --nproc_per_node=$num_gpus \
           --rdzv_endpoint=$HOST_NODE_ADDR --rdzv_id=2023 --rdzv_backend="c10d" \
    wenet/bin/train.py \
      --train_engine ${train_engine} \
      --config $train_config \
      --data_type  $data_type \
      --train_data data/$train_set/data.list \
      --cv_data data/dev/data.list \
      ${checkpoint:+--checkpoint $checkpoint} \
      --model_dir $dir \
      --tensorboard_dir ${tensorboard_dir} \
      --ddp.dist_backend $dist_backend \
      --num_workers ${num_workers} \
      --prefetch ${prefetch} \
      --pin_memory \
      --deepspeed_config ${deepspeed_config} \
      --deepspeed.save_states ${deepspeed_save_states}
fi

if [ ${stage} -le 5 ] && [ ${stop_stage} -ge 5 ]; then
  python wenet/bin/recognize.py --config $dir/train.yaml --test_data data/test/data.list
fi
