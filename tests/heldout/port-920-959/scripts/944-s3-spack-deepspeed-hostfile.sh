#!/bin/bash
#SBATCH -J ds-z1
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 12:00:00
#SBATCH -A CCR24033

. $WORK/spack/share/spack/setup-env.sh
spack load py-deepspeed@0.14.4 py-torch@2.3.1+cuda

# DeepSpeed's pdsh launcher needs a hostfile: one line per node, 4 slots each
scontrol show hostnames $SLURM_JOB_NODELIST | sed 's/$/ slots=4/' > hostfile
MASTER=$(head -n 1 hostfile | cut -d' ' -f1)

cat > ds_config.json <<'EOF'
{
  "train_micro_batch_size_per_gpu": 16,
  "gradient_clipping": 1.0,
  "fp16": {"enabled": true},
  "zero_optimization": {"stage": 1}
}
EOF

deepspeed --hostfile hostfile --num_nodes 2 --num_gpus 4 --master_addr $MASTER --master_port 29500 \
    train_ds.py --deepspeed --deepspeed_config ds_config.json --model gpt2-xl --epochs 2
