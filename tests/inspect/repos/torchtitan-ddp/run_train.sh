#!/usr/bin/bash
# one node, eight ranks; the TOML file and any --section.key flags go to the trainer
set -ex

NGPU=${NGPU:-"8"}
CONFIG_FILE=${CONFIG_FILE:-"./torchtitan/models/llama3/train_configs/debug_model.toml"}
TRAIN_FILE=${TRAIN_FILE:-"torchtitan.train"}

torchrun --nproc_per_node=${NGPU} --rdzv_backend c10d --rdzv_endpoint="localhost:0" \
	-m ${TRAIN_FILE} --job.config_file ${CONFIG_FILE} "$@"
