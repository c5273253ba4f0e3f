#!/bin/bash
#SBATCH --account=bcjw-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=04:00:00
#SBATCH --job-name=sft-fsdp

module reset
module load python/miniforge3_pytorch/2.7.0
source /projects/bcjw/venvs/hf/bin/activate

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

cat > fsdp.yaml <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
fsdp_config:
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_state_dict_type: SHARDED_STATE_DICT
mixed_precision: bf16
num_machines: 2
num_processes: 8
main_training_function: main
EOF

srun --ntasks-per-node=1 bash -c "accelerate launch --config_file fsdp.yaml --num_machines 2 --num_processes 8 --machine_rank \$SLURM_NODEID --main_process_ip $MASTER_ADDR --main_process_port 29500 sft.py --model_name_or_path meta-llama/Llama-3.1-8B --max_steps 200"
