#!/bin/bash
#SBATCH --qos=regular
#SBATCH --constraint=gpu
#SBATCH --account=m2616
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --gpu-bind=none
#SBATCH --time=03:00:00
#SBATCH --output=seeds-%j.log

module load pytorch/2.3.1
cd $PSCRATCH/gnn-qm9

export MASTER_ADDR=$(hostname)
export MASTER_PORT=$((20000 + SLURM_JOB_ID % 10000))

# three seeds one after another in the same allocation
for seed in 11 23 47; do
    echo "=== seed $seed ==="
    srun python -u finetune_gnn.py --seed $seed --config cfg/qm9.yaml --out runs/seed$seed || echo "seed $seed failed"
done
