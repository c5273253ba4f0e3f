#!/bin/bash
# family: a blank after the line's last backslash ("\ " at the end): the command ends there and the
# indented program line runs on its own (a defect users write; bash -n does not see it)
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
torchrun --standalone --nproc_per_node=4 \ 
    pretrain.py --steps 500
