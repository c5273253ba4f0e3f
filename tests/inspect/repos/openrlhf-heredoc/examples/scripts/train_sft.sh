set -x

read -r -d '' training_commands <<EOF
openrlhf.cli.train_sft \
   --data.max_len 4096 \
   --data.dataset HuggingFaceH4/ultrachat_200k \
   --train.batch_size 256 \
   --train.micro_batch_size 2 \
   --model.model_name_or_path Qwen/Qwen2.5-7B \
   --ds.zero_stage 3 \
   --train.max_epochs 2 \
   --ds.param_dtype bf16 \
   --adam.lr 1e-5
EOF

if [[ ${1} != "slurm" ]]; then
    deepspeed --module $training_commands
fi
