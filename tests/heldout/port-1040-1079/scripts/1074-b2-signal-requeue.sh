#!/bin/bash
#SBATCH -J bert-mlm
#SBATCH -A cis250117p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=1
#SBATCH -t 48:00:00
#SBATCH --signal=B:USR1@120
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH -o bert-mlm-%j.out

SIF=/ocean/containers/ngc/pytorch/pytorch_latest.sif
OUT=/ocean/projects/cis250117p/$USER/bert-mlm
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

requeue_me() {
    echo "USR1 at $(date): two minutes left, requeueing (the Trainer resumes from the last checkpoint in $OUT)"
    scontrol requeue "$SLURM_JOB_ID"
}
trap requeue_me USR1

srun singularity exec --nv --bind /ocean $SIF \
    torchrun --nnodes=$SLURM_NNODES --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 --rdzv_id=$SLURM_JOB_ID \
    run_mlm.py --model_name_or_path bert-large-uncased --dataset_name wikitext --dataset_config_name wikitext-103-raw-v1 --do_train --fp16 --save_steps 2000 --output_dir $OUT &
wait
