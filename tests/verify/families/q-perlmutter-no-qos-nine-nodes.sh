#!/bin/bash
# cluster: perlmutter
# Hand-written with no -q: NERSC gives the job the debug QOS (8 nodes, 30 minutes), not regular, which is
# what maple writes. 9 nodes for 2 hours breaks both of debug's limits; the fix says why naming one helps.
# expect: nodes-exceed-queue error -N 9
# expect: walltime-exceeds-queue error -t 02:00:00
# says: nodes-exceed-queue queue 'debug' (the scheduler's default: the script names none)
# says: nodes-exceed-queue without one it gets debug (https://docs.nersc.gov/jobs/policy/)
# says: walltime-exceeds-queue allows at most 00:30:00
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -N 9
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
srun -N 9 --ntasks-per-node=4 python train.py
