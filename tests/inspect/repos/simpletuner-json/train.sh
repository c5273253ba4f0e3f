#!/usr/bin/env bash
# Starts a training run from the settings in config/ (config.env for the launcher, config.json for train.py).

if [ -f "config/config.env" ]; then
    source config/config.env
fi

if [ -z "${TRAINING_NUM_PROCESSES}" ]; then
    echo "Set TRAINING_NUM_PROCESSES, default to 1"
    export TRAINING_NUM_PROCESSES=1
fi
if [ -z "${TRAINING_NUM_MACHINES}" ]; then
    export TRAINING_NUM_MACHINES=1
fi
if [ -z "${MIXED_PRECISION}" ]; then
    export MIXED_PRECISION=bf16
fi
if [ -z "${TRAINING_DYNAMO_BACKEND}" ]; then
    export TRAINING_DYNAMO_BACKEND="no"
fi

accelerate launch --mixed_precision="${MIXED_PRECISION}" --num_processes="${TRAINING_NUM_PROCESSES}" --num_machines="${TRAINING_NUM_MACHINES}" --dynamo_backend="${TRAINING_DYNAMO_BACKEND}" train.py
