#!/bin/bash
#SBATCH -J codellama-z3
#SBATCH -p h100
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 24:00:00
#SBATCH -A CDA24007
#SBATCH -o %x.o%j

module load cuda
module load python
source $SCRATCH/python-envs/ds/bin/activate

# DeepSpeed hostfile from the Slurm node list: every H100 node has 4 slots
HOSTFILE=hostfile.$SLURM_JOB_ID
scontrol show hostnames "$SLURM_JOB_NODELIST" | awk '{print $1 " slots=4"}' > $HOSTFILE
MASTER=$(head -n 1 $HOSTFILE | cut -d' ' -f1)

# the launcher reaches the other nodes over ssh; they need this venv on their PATH
echo "PATH=$PATH" > .deepspeed_env
echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH" >> .deepspeed_env
echo "HF_HOME=$SCRATCH/hf" >> .deepspeed_env

cat > ds_zero3.json <<'EOF'
{
  "train_micro_batch_size_per_gpu": "auto",
  "gradient_accumulation_steps": "auto",
  "bf16": {"enabled": "auto"},
  "zero_optimization": {
    "stage": 3,
    "overlap_comm": true,
    "reduce_bucket_size": "auto",
    "stage3_prefetch_bucket_size": "auto",
    "stage3_param_persistence_threshold": "auto",
    "stage3_gather_16bit_weights_on_model_save": true
  }
}
EOF

deepspeed --hostfile $HOSTFILE --master_addr $MASTER --master_port 29500 \
    finetune_codellama.py --model_name_or_path codellama/CodeLlama-13b-hf --deepspeed ds_zero3.json --bf16 --num_train_epochs 2
