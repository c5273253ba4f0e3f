#!/bin/bash
# family: a cd under the submit directory spelled with the scheduler's variable
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00
cd ${SLURM_SUBMIT_DIR}/training
srun python -m trainer.run --cfg cfgs/base.yaml
