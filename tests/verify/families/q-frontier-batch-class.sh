#!/bin/bash
# cluster: frontier
# Hand-written: batch jobs of 92-183 nodes get at most 6 hours (OLCF's node-count classes).
# expect: walltime-exceeds-queue error -t 12:00:00
# says: walltime-exceeds-queue jobs of 92-183 nodes
# absent: nodes-exceed-queue,nodes-below-queue
#SBATCH -A ABC123
#SBATCH -p batch
#SBATCH -N 100
#SBATCH -t 12:00:00
srun -N 100 -n 800 --ntasks-per-node=8 --gpus-per-task=1 python train.py
