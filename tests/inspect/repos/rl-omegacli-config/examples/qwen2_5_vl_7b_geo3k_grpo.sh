#!/bin/bash
set -x
MODEL_PATH=Qwen/Qwen2.5-VL-7B-Instruct
python3 -m verl.trainer.main \
    config=examples/config.yaml \
    data.train_files=hiyouga/geometry3k@train \
    worker.actor.model.model_path=${MODEL_PATH} \
    trainer.n_gpus_per_node=8
