#!/bin/bash
# family: an Accelerate config written by the script itself from a heredoc, then a poetry-wrapped
# accelerate launch --config_file on one node
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=48
#SBATCH --time=08:00:00
cat > accel_ddp.yaml <<EOT
compute_environment: LOCAL_MACHINE
distributed_type: MULTI_GPU
mixed_precision: bf16
num_machines: 1
num_processes: 4
machine_rank: 0
main_training_function: main
EOT
poetry run accelerate launch --config_file accel_ddp.yaml finetune_sft.py --model_name_or_path gpt2-medium --lr 2e-5
