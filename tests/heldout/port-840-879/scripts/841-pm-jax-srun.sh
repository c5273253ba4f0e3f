#!/bin/bash -l
#SBATCH --job-name=jax-vit
#SBATCH --account=m3792_g
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=32
#SBATCH --time=02:00:00

# JAX, one process per A100. jax.distributed.initialize() in train_jax.py
# picks up coordinator, process id and process count from the Slurm env.
module load cudnn/8.9.3_cuda12 nccl
source $HOME/venvs/jax0.4/bin/activate

export XLA_PYTHON_CLIENT_MEM_FRACTION=0.9
RUN_DIR=$PSCRATCH/jax-vit/$SLURM_JOB_ID
mkdir -p $RUN_DIR

srun python -u train_jax.py --workdir $RUN_DIR --config configs/vit_b16.py
