#!/bin/bash
# family: the batch script writes the per-task script with a heredoc and srun runs it on every task
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29400

cat > task_$SLURM_JOB_ID.sh <<EOT
#!/bin/bash
export RANK=\$SLURM_PROCID
export LOCAL_RANK=\$SLURM_LOCALID
export WORLD_SIZE=\$SLURM_NTASKS
python train.py --epochs 5 --lr 3e-4
EOT

srun bash task_$SLURM_JOB_ID.sh
