#!/bin/bash
#SBATCH -J glue-gh
#SBATCH -o glue.o%j
#SBATCH -p gh-dev
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 01:30:00

module load gcc cuda python3
source $SCRATCH/venvs/hf/bin/activate

export MAIN_IP=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
LAUNCHER="accelerate launch --multi_gpu --num_machines $SLURM_NNODES --num_processes 4 --main_process_ip $MAIN_IP --main_process_port 29500 --machine_rank \$SLURM_PROCID"

srun bash -c "$LAUNCHER run_glue.py --model_name_or_path bert-base-cased --task_name mrpc --output_dir $SCRATCH/out/mrpc"
