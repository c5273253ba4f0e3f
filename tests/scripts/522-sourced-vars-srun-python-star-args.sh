#!/bin/bash -x
# family: variables - sourced helpers set the rendezvous, the program and its arguments come from the
# job's own arguments with an unquoted $* (sbatch job.sh train.py --epochs 3)
#SBATCH --account=deepproj
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=12
#SBATCH --time=04:00:00
#SBATCH --gres=gpu:4
#SBATCH --partition=booster
source env/dist_vars.sh
source tools/init_env.sh
export TOKENIZERS_PARALLELISM=false
echo "Job id: $SLURM_JOB_ID"
srun python -u $*
