#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
module load singularity
singularity run panda_autograsp.sif python nodes/grasp_planner_server.py
