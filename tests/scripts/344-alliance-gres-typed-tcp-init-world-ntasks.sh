#!/bin/bash
# family: the Digital Research Alliance (Compute Canada) DDP example: typed --gres, one task per GPU,
# MASTER_ADDR is the batch host, the program gets a tcp:// init method and $SLURM_NTASKS as world size
#SBATCH --account=def-someprof
#SBATCH --gres=gpu:v100l:4
#SBATCH --nodes=2
#SBATCH --ntasks=8
#SBATCH --ntasks-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --mem=64G
#SBATCH --time=00-03:00

module load python/3.10
source $SLURM_TMPDIR/env/bin/activate
export MASTER_ADDR=$(hostname)

srun python pytorch-ddp-test.py --init_method tcp://$MASTER_ADDR:3456 --world_size $SLURM_NTASKS --batch_size 256
