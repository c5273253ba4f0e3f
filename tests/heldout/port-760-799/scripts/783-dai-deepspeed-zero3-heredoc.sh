#!/bin/bash
#SBATCH --job-name=sft-z3
#SBATCH --account=bcrn-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=10:00:00

module reset
module load python/miniforge3_pytorch/2.7.0
source /work/nvme/bcrn/venvs/ds/bin/activate

HOSTFILE=hostfile-$SLURM_JOB_ID
scontrol show hostnames "$SLURM_JOB_NODELIST" | awk '{print $1" slots=4"}' > $HOSTFILE
MASTER=$(head -n 1 $HOSTFILE | cut -d' ' -f1)

cat > ds_z3.json <<'JSON'
{
  "bf16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 3,
    "offload_optimizer": {"device": "cpu", "pin_memory": true},
    "offload_param": {"device": "none"},
    "stage3_gather_16bit_weights_on_model_save": true
  },
  "train_micro_batch_size_per_gpu": "auto",
  "gradient_accumulation_steps": "auto"
}
JSON

deepspeed --hostfile $HOSTFILE --master_addr $MASTER --master_port 29600 \
    train_sft.py --deepspeed ds_z3.json --model_name_or_path Qwen/Qwen2.5-7B --num_train_epochs 3 --bf16 True
