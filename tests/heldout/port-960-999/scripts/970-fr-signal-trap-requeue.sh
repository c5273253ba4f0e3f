#!/bin/bash
#SBATCH -A BIF146
#SBATCH -J llm-ckpt
#SBATCH -N 2
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH --signal=B:USR1@120
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH -o logs/llm-%j.out

module load PrgEnv-gnu rocm/6.2.4 miniforge3
source activate /lustre/orion/bif146/proj-shared/envs/torch26

CKPT_DIR=/lustre/orion/bif146/scratch/$USER/llm-ckpt
mkdir -p $CKPT_DIR

# two minutes before the limit the batch shell gets USR1: ask the trainer to save, then requeue
on_usr1() {
    echo "USR1 at $(date); asking for a checkpoint and requeueing $SLURM_JOB_ID"
    touch "$CKPT_DIR/SAVE_AND_EXIT"
    sleep 60
    scontrol requeue $SLURM_JOB_ID
}
trap on_usr1 USR1

HEAD=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
srun -N 2 --ntasks-per-node=1 --gpus-per-node=8 --cpus-per-task=56 \
  torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 \
  train_llm.py --ckpt-dir $CKPT_DIR --max-steps 20000 &
wait
