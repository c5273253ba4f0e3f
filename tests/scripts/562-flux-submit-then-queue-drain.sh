#!/bin/bash
# family: a Flux batch script that enqueues its step with `flux submit` (asynchronous) and then waits
# for it with `flux queue drain`
#flux: -N 2
#flux: -t 4h
#flux: -q pbatch

export OMP_NUM_THREADS=8
flux submit -N 2 -n 8 -g 1 --output=train-{{id}}.log python finetune.py --model llama-3b --bf16
flux queue drain
