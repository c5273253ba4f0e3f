#!/bin/bash
#SBATCH --job-name=llama-z3
#SBATCH --partition=gh
#SBATCH  --nodes 8
#SBATCH  --ntasks 8
#SBATCH --time=24:00:00
#SBATCH --output=llama-z3.%j.out

module load gcc/15.1.0 python3/3.11.8
source $SCRATCH/venvs/ds-aarch64/bin/activate
export CUDA_HOME=/home1/apps/nvidia/Linux_aarch64/25.5/cuda/12.9/
export HF_HOME=$SCRATCH/hf

cat > ds_z3.json <<'JSON'
{
  "bf16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 3,
    "overlap_comm": true,
    "stage3_gather_16bit_weights_on_model_save": true
  },
  "train_micro_batch_size_per_gpu": "auto",
  "gradient_accumulation_steps": "auto"
}
JSON

export MAIN=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

mpirun -np 8 --map-by ppr:1:node -x MAIN bash -c 'torchrun --nnodes=8 --nproc_per_node=1 \
    --node_rank=$OMPI_COMM_WORLD_RANK --master_addr=$MAIN --master_port=29500 \
    run_clm.py --model_name_or_path meta-llama/Llama-3.1-8B --dataset_name wikitext \
    --dataset_config_name wikitext-103-raw-v1 --per_device_train_batch_size 2 --bf16 \
    --deepspeed ds_z3.json --do_train --output_dir $SCRATCH/clm-z3'
