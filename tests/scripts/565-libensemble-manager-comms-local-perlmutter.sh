#!/bin/bash
# family: a libEnsemble manager run once in the batch shell (--comms local --nworkers N): its workers
# start the simulations themselves through libEnsemble's executor, which reads the allocation; not a
# program to start once per node or per GPU
#SBATCH -J ens-forces
#SBATCH -A m4321_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH --time 30
#SBATCH --nodes 2

export MPICH_GPU_SUPPORT_ENABLED=1
export SLURM_EXACT=1
module load python
python run_ensemble.py --comms local --nworkers 8 --sim-max 64
