#!/bin/bash
# shape: a case on a size variable picks the model and batch size; FSDP fine-tuning under torchrun
#SBATCH --job-name=ft-fsdp
#SBATCH --account=cis250123-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=10:00:00

SIZE=7b
case $SIZE in
    1b) MODEL=TinyLlama/TinyLlama-1.1B; BS=16 ;;
    7b) MODEL=meta-llama/Llama-2-7b-hf; BS=4 ;;
    *) echo "unknown size $SIZE" >&2; exit 1 ;;
esac

module load modtree/gpu conda
conda activate ft
head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $head:29500 \
    finetune_fsdp.py --model $MODEL --batch-size $BS
