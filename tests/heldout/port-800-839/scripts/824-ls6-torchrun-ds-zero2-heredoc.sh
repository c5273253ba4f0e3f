#!/bin/bash
#SBATCH -J sum-flan-ls6
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH -t 16:00:00
#SBATCH -A TG-CIS240112
#SBATCH -o %x.%j.out

module load python3/3.9.7 cuda/12.2
source /scratch/08123/tsum/envs/hf/bin/activate

cat > ds_zero.json <<'JSON'
{
  "fp16": { "enabled": "auto" },
  "zero_optimization": {
    "stage": 2,
    "allgather_partitions": true,
    "reduce_scatter": true,
    "overlap_comm": true,
    "contiguous_gradients": true
  },
  "train_batch_size": "auto",
  "train_micro_batch_size_per_gpu": "auto",
  "gradient_accumulation_steps": "auto"
}
JSON

HEAD=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
ibrun -n 2 bash -c "torchrun --nnodes 2 --nproc_per_node 3 --node_rank \$PMI_RANK --master_addr $HEAD --master_port 29666 \
   run_summarization.py --model_name_or_path google/flan-t5-large --dataset_name cnn_dailymail --dataset_config_name 3.0.0 \
   --do_train --per_device_train_batch_size 4 --predict_with_generate --output_dir /scratch/08123/tsum/flan-sum \
   --deepspeed ds_zero.json --fp16"
