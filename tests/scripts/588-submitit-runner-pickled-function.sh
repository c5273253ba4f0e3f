#!/bin/bash
# family: a submission script written by submitit (Hydra's submitit launcher or its AutoExecutor):
# `python -m submitit.core._submit FOLDER` on every task runs a function pickled into FOLDER, so the
# training program is not in the script; NERSC Perlmutter
#SBATCH --account=m4321_g
#SBATCH --constraint=gpu
#SBATCH --cpus-per-task=32
#SBATCH --gpus-per-node=4
#SBATCH --job-name=submitit
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --open-mode=append
#SBATCH --output=/pscratch/sd/m/me/runs/.submitit/%j/%j_0_log.out
#SBATCH --qos=regular
#SBATCH --signal=USR2@90
#SBATCH --time=360

# command
export SUBMITIT_EXECUTOR=slurm
srun --unbuffered --output /pscratch/sd/m/me/runs/.submitit/%j/%j_%t_log.out python -u -m submitit.core._submit /pscratch/sd/m/me/runs/.submitit/%j
