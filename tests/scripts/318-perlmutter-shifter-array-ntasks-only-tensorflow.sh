#!/bin/sh
# family: NERSC Shifter job array with only a task count (-n 64 at 4 per node: 16 nodes), PMI2 MPI,
# a TensorFlow image; each array task trains one bootstrap replica
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -n 64
#SBATCH --ntasks-per-node 4
#SBATCH --gpus-per-task 1
#SBATCH -t 07:00:00
#SBATCH -A m3333
#SBATCH --gpu-bind=none
#SBATCH --image=vmikuni/tensorflow:ngc-23.12-tf2-v1
#SBATCH --module=gpu,nccl-plugin
#SBATCH --array=1-100
export TF_CPP_MIN_LOG_LEVEL=2
echo srun --mpi=pmi2 shifter python train.py --nstrap ${SLURM_ARRAY_TASK_ID}
srun --mpi=pmi2 shifter python train.py --nstrap ${SLURM_ARRAY_TASK_ID}
