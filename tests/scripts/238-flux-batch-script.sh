#!/bin/bash
# family: Flux (LLNL) batch script with #flux: directives and flux run
#flux: --nodes=2
#flux: --time-limit=1h
#flux: --queue=pbatch
#flux: --output=ddp.{{id}}.out
flux run --nodes=2 --ntasks=8 --gpus-per-task=1 python train.py --epochs 3
