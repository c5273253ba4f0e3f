#!/bin/bash
#SBATCH -A cis240999-ai
#SBATCH -p ai
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=24
#SBATCH -t 24:00:00
#SBATCH -J t5-zero2
#SBATCH -o t5-%j.out

module purge
module load modtree/gpu
module load conda/2025.09
conda activate /anvil/projects/x-cis240999/envs/ds

cat > ds_z2.json << 'JSON'
{
  "train_batch_size": 256,
  "gradient_clipping": 1.0,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 2, "contiguous_gradients": true, "overlap_comm": true}
}
JSON

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29600
# deepspeed.init_distributed() picks up the Slurm/MPI rank variables
srun python finetune_t5.py --deepspeed --deepspeed_config ds_z2.json --model google/flan-t5-xl --epochs 3
