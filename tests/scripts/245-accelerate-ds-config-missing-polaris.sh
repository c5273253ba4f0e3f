#!/bin/bash
# family: accelerate with --use_deepspeed and a DeepSpeed config file that is not next to the script (PBS, one rank per node)
#PBS -A MyProject
#PBS -q capacity
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR" || exit 1
module use /soft/modulefiles
module load conda
conda activate base
NNODES=$(wc -l < "$PBS_NODEFILE")
MASTER=$(head -n 1 "$PBS_NODEFILE")
mpiexec -n "$NNODES" --ppn 1 --depth=64 --cpu-bind depth bash -c "accelerate launch --use_deepspeed --deepspeed_config_file /eagle/MyProject/cfg/zero_offload.json --mixed_precision bf16 --num_machines $NNODES --num_processes $((NNODES * 4)) --machine_rank \$PMI_RANK --main_process_ip $MASTER --main_process_port 29500 finetune.py --epochs 2"
