#!/bin/bash
#SBATCH --gres=gpu:2
#SBATCH --time=12:00:00
deepspeed --include localhost:4,5 mycode.py --deepspeed ds_config.json
