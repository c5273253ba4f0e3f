#!/bin/bash
#SBATCH --job-name=swinb-in22k
#SBATCH --account=m4510_g
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=10:00:00
#SBATCH --output=slurm/%x-%j.log

module load pytorch/2.6.0

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=$((20000 + SLURM_JOB_ID % 10000))
DATA=$PSCRATCH/imagenet22k

# run_stage CONFIG SEED [extra trainer args...]
run_stage() {
    local cfg=$1
    local seed=$2
    shift 2
    srun --cpu-bind=cores \
        python train_swin.py --cfg "$cfg" --seed "$seed" --data-path "$DATA" "$@"
}

mkdir -p slurm ckpt
run_stage configs/swin_base_patch4_w7.yaml 17 --amp-opt-level O1 --accumulation-steps 2
echo "finished $(date)"
