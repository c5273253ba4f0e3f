#!/bin/bash
# cluster: vista
# Hand-written with no -p: the job goes to Vista's default queue, gh-dev (at most 8 nodes, 2 hours; TACC's
# sinfo example marks it as the default), not gh.
# expect: nodes-exceed-queue error -N 16
# says: nodes-exceed-queue queue 'gh-dev' (the scheduler's default: the script names none)
#SBATCH -A TG-ABC123456
#SBATCH -N 16
#SBATCH -n 16
#SBATCH -t 01:00:00
mpirun -np 16 --map-by ppr:1:node python train.py
