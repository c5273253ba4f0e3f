#!/bin/bash
#SBATCH -A cis250192-gpu
#SBATCH -p gpu
#SBATCH -N 3
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 12:00:00
#SBATCH -J bert-z2
#SBATCH -o %x-%j.out

module load modtree/gpu
module load conda/2025.09
conda activate /anvil/projects/x-cis250192/envs/ds

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
export MASTER_PORT=29500

cat > ds_zero2.json <<'JSON'
{
  "train_micro_batch_size_per_gpu": 32,
  "gradient_accumulation_steps": 2,
  "fp16": {"enabled": true, "loss_scale_window": 1000},
  "zero_optimization": {"stage": 2, "overlap_comm": true, "contiguous_gradients": true},
  "optimizer": {"type": "AdamW", "params": {"lr": 1e-4, "weight_decay": 0.01}}
}
JSON

# every task exports the torch.distributed variables from Slurm before the program starts
cat > slurm_env.sh <<'EOF'
#!/bin/bash
export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS
exec "$@"
EOF
chmod +x slurm_env.sh

# build_launch PPN CMD...  ->  $LAUNCH, with each word of CMD shell-quoted
build_launch() {
    local ppn=$1 quoted
    shift
    printf -v quoted ' %q' "$@"
    printf -v LAUNCH 'srun --ntasks-per-node=%d --cpus-per-task=%d --cpu-bind=cores%s' \
        "$ppn" "$SLURM_CPUS_PER_TASK" "$quoted"
}

build_launch 4 ./slurm_env.sh python pretrain_bert.py --deepspeed --deepspeed_config ds_zero2.json --max_steps 100000 --fp16
echo "launch: $LAUNCH"
eval "$LAUNCH"
