#!/bin/bash
# widen: modules chosen by a host-name branch (the same script at two sites)
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH -t 12:00:00
#SBATCH -A cis240500p

case $(hostname) in
    *bridges2*|br*) module load anaconda3; conda activate lm ;;
    *) source ~/envs/lm/bin/activate ;;
esac
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python train_lm.py --corpus wikitext-103 --epochs 10
