#!/bin/bash
#SBATCH --job-name=asr-pipeline
#SBATCH --account=bcqr-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --mem=200g
#SBATCH --time=03:00:00
#SBATCH --constraint="scratch&projects"
#SBATCH --output=asr-%j.out

module reset
module load anaconda3_gpu
source activate /projects/bcqr/envs/asr
set -euo pipefail

RUN=/scratch/bcqr/$USER/asr_run_$SLURM_JOB_ID
mkdir -p $RUN

echo "[1/3] features $(date)"
srun -n 1 python prep_features.py --manifest data/librispeech_100.tsv --out $RUN/feats --nj 32

echo "[2/3] training $(date)"
srun -n 1 torchrun --standalone --nproc_per_node=4 train_asr.py --feats $RUN/feats --config conf/conformer_s.yaml --save $RUN/model

echo "[3/3] decoding $(date)"
srun -n 1 python decode_asr.py --model $RUN/model/best.pt --test data/test_clean.tsv
