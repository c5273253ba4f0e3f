#!/bin/bash
#SBATCH --job-name=ds-t5-z1
#SBATCH --account=bgkz-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --mem=0
#SBATCH --time=16:00:00

module load cuda/12.6.1 python/miniforge3_pytorch/2.7.0
source /work/nvme/bgkz/$USER/venvs/ds/bin/activate

HOSTFILE=hostfile-$SLURM_JOB_ID
scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/ slots=4/' > $HOSTFILE
MASTER=$(head -n 1 $HOSTFILE | cut -d' ' -f1)

cat > ds_z1.json <<EOF
{
  "train_micro_batch_size_per_gpu": 16,
  "gradient_accumulation_steps": 2,
  "gradient_clipping": 1.0,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 1}
}
EOF

deepspeed --hostfile $HOSTFILE --launcher slurm --num_nodes 2 --num_gpus 4 \
    --master_addr $MASTER --master_port 29700 \
    train_t5.py --deepspeed --deepspeed_config ds_z1.json --model t5-large --epochs 3
