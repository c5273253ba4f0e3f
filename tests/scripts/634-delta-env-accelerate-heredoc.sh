#!/bin/bash
#SBATCH --job-name=clm-gpt2
#SBATCH --account=bbqw-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --time=12:00:00
#SBATCH --output=clm-%j.out

module reset
module load pytorch-conda/2.8
source /projects/bbqw/$USER/venv-accel/bin/activate

MAIN=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
CFG=$PWD/accel_${SLURM_JOB_ID}.yaml
cat > $CFG <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: MULTI_GPU
mixed_precision: bf16
num_machines: $SLURM_NNODES
num_processes: $((SLURM_NNODES * 4))
main_process_ip: $MAIN
main_process_port: 29777
same_network: true
EOF

srun --ntasks-per-node=1 bash -c "env OMP_NUM_THREADS=16 HF_DATASETS_CACHE=/scratch/bbqw/$USER/hf accelerate launch --config_file $CFG --machine_rank \$SLURM_NODEID run_clm.py --model_name_or_path gpt2-medium --dataset_name wikitext --dataset_config_name wikitext-103-raw-v1 --per_device_train_batch_size 8 --output_dir /scratch/bbqw/$USER/clm_out"
