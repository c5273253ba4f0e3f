#!/bin/bash
#SBATCH -J asr-accel
#SBATCH -p gpu-a100-dev
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 01:30:00
#SBATCH -A TRA25003

module load python3/3.9.7
source $SCRATCH/python-envs/asr/bin/activate
export CUDA_HOME=/opt/apps/cuda/12.8/

MAIN=$(scontrol show hostnames | head -n 1)
NNODES=$SLURM_NNODES

# accelerate config written for this allocation (num_processes is the total over all nodes)
cat > multi_config.yaml <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: MULTI_GPU
machine_rank: 0
main_training_function: main
mixed_precision: bf16
num_machines: $NNODES
num_processes: $(( NNODES * 3 ))
rdzv_backend: static
same_network: true
use_cpu: false
EOF

cat > node_accel.sh <<EOF
#!/bin/bash
source $SCRATCH/python-envs/asr/bin/activate
export CUDA_HOME=$CUDA_HOME
accelerate launch --config_file multi_config.yaml --machine_rank=\$PMI_RANK --main_process_ip=$MAIN --main_process_port=1234 \\
    train_asr.py --model_name_or_path facebook/wav2vec2-large-lv60 --dataset librispeech_asr --max_steps 2000
EOF
chmod +x node_accel.sh

ibrun -np $NNODES ./node_accel.sh
