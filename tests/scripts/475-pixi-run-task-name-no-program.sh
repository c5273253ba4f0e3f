#!/bin/bash
# family: the wrapper runs a task the project file defines (pixi run TASK): the program is in
# pixi.toml, not on the line; nothing may be invented
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00
pixi run train-ddp
