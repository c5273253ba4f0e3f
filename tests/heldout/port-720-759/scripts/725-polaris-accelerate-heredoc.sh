#!/bin/bash -l
#PBS -A NLPdev
#PBS -q debug
#PBS -l select=1:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle
#PBS -N clm-accel

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base
source /eagle/NLPdev/venvs/hf/bin/activate

cat > accel_config.yaml << 'EOF'
compute_environment: LOCAL_MACHINE
distributed_type: MULTI_GPU
mixed_precision: bf16
num_machines: 1
num_processes: 4
machine_rank: 0
gpu_ids: all
main_training_function: main
use_cpu: false
EOF

accelerate launch --config_file accel_config.yaml run_clm.py --model_name_or_path gpt2 --dataset_name wikitext --dataset_config_name wikitext-2-raw-v1 --output_dir /eagle/NLPdev/out/gpt2-wt2
