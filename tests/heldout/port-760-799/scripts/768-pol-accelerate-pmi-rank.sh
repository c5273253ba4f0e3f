#!/bin/bash
#PBS -N clip-accel
#PBS -A VisionFM
#PBS -q capacity
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=12:00:00
#PBS -l filesystems=home:eagle
#PBS -k doe

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base
source /eagle/VisionFM/envs/accel-venv/bin/activate

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29400
NNODES=$(wc -l < $PBS_NODEFILE)

# one accelerate agent per node; its machine rank is the PMI rank of that task
mpiexec -n ${NNODES} --ppn 1 --cpu-bind none bash -c 'accelerate launch \
    --multi_gpu --num_machines 2 --num_processes 8 \
    --machine_rank $PMI_RANK \
    --main_process_ip $MASTER_ADDR --main_process_port $MASTER_PORT \
    --mixed_precision bf16 \
    train_clip.py --epochs 10 --batch_size 128'
