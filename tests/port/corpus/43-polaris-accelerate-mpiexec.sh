#!/bin/bash
#PBS -N llava-ft
#PBS -A VisionLM
#PBS -q preemptable
#PBS -r y
#PBS -l select=2:ncpus=64:ngpus=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=24:00:00
#PBS -l filesystems=home:eagle

cd $PBS_O_WORKDIR

module use /soft/modulefiles
module load conda
conda activate base
source /eagle/VisionLM/venvs/llava/bin/activate

export HF_HOME=/eagle/VisionLM/hf_cache
export HF_HUB_OFFLINE=1

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

# one accelerate launcher per node; PMI_RANK (0 or 1) is the machine rank
mpiexec -n 2 --ppn 1 --cpu-bind none bash -c 'accelerate launch --multi_gpu --num_machines 2 --num_processes 8 --machine_rank $PMI_RANK --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT llava/train/train_mem.py --model_name_or_path lmsys/vicuna-7b-v1.5 --version v1 --data_path ./playground/data/llava_v1_5_mix665k.json --image_folder ./playground/data --bf16 True --output_dir ./checkpoints/llava-v1.5-7b'
