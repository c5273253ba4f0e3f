#!/bin/bash
# family: a fine-tuning tool's own command (axolotl train CONFIG) started once per node by srun; the tool
# starts its GPU processes itself (through accelerate), so the tasks are fewer than the GPUs
#SBATCH --job-name=ft-lora
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=10:00:00
module load cuda/12.4
source ~/envs/axo/bin/activate
srun axolotl train configs/qwen2-7b-qlora.yml --output-dir ./out/qlora
