#!/bin/bash
#SBATCH -J t5-ds
#SBATCH -p h100
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH -t 05:00:00
#SBATCH -A TG-CIS240222

module load python
source $SCRATCH/venvs/ds/bin/activate
cd /work2/10234/ktan/t5

# all four H100s on every node: host1:0,1,2,3@host2:0,1,2,3
INCLUDE=$(scontrol show hostnames $SLURM_NODELIST | sed 's/$/:0,1,2,3/' | paste -sd@)
scontrol show hostnames $SLURM_NODELIST | sed 's/$/ slots=4/' > hostfile.txt
MASTER=$(head -n 1 hostfile.txt | cut -d' ' -f1)

cat > ds_zero1.json <<JSON
{
  "train_micro_batch_size_per_gpu": 16,
  "zero_optimization": { "stage": 1 },
  "bf16": { "enabled": true }
}
JSON

deepspeed --hostfile hostfile.txt --include "$INCLUDE" --master_addr $MASTER \
    train_t5.py --deepspeed ds_zero1.json --epochs 3
