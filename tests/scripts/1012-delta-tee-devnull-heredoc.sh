#!/bin/bash
#SBATCH --account=bcjw-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=08:00:00

module load anaconda3_gpu
source activate vision

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -1)
export MASTER_PORT=12802

tee launch_rank.sh > /dev/null <<'END'
#!/bin/bash
export RANK=$SLURM_PROCID
export LOCAL_RANK=$SLURM_LOCALID
export WORLD_SIZE=$SLURM_NTASKS
python train_detector.py --config configs/detr_r50.yaml --amp
END

srun bash launch_rank.sh
