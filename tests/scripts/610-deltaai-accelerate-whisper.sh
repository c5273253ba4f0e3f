#!/bin/bash
#SBATCH --job-name=whisper-ft
#SBATCH --account=bdkx-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=144
#SBATCH --time=1-00:00:00
#SBATCH --output=whisper-%j.out

module reset
module load python/miniforge3_pytorch/2.5.0
source /projects/bdkx/$USER/venvs/hf-aarch64/bin/activate
export HF_HOME=/work/nvme/bdkx/$USER/hf_cache
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29555
echo "master $MASTER_ADDR, $(date)"

srun --ntasks-per-node=1 bash -c 'accelerate launch --multi_gpu --num_machines $SLURM_NNODES --num_processes $((SLURM_NNODES*4)) --machine_rank $SLURM_NODEID --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT --mixed_precision bf16 finetune_whisper.py --model openai/whisper-large-v3 --lang sw --max_steps 20000'
