#!/bin/bash
#SBATCH --job-name=dpo-4n
#SBATCH --account=bcmd-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH --time=20:00:00

# the environment is written to a file first, then sourced here and again inside every task
cat > ./env.sh <<EOF
module reset
module load python/miniforge3_pytorch/2.10.0
source /projects/bcmd/$USER/venvs/trl/bin/activate
export NCCL_SOCKET_IFNAME=hsn
export HF_HOME=/work/nvme/bcmd/$USER/hf
export MAIN_IP=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
EOF
source ./env.sh

cat > accel_dpo.yaml <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: MULTI_GPU
mixed_precision: bf16
num_machines: $SLURM_NNODES
num_processes: $(( SLURM_NNODES * 4 ))
main_process_port: 29500
rdzv_backend: c10d
same_network: true
EOF

srun --export=ALL bash -c 'source ./env.sh; accelerate launch --config_file accel_dpo.yaml --machine_rank $SLURM_NODEID --main_process_ip $MAIN_IP train_dpo.py --model_name_or_path allenai/OLMo-2-1124-7B-SFT --beta 0.1 --output_dir /work/nvme/bcmd/dpo-out'
