#!/bin/bash -l
#PBS -N ds-bloom-ft
#PBS -A NLPScale
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -k doe

cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate base

# hostfile for the DeepSpeed launcher (copied from our DGX setup)
awk '{print $1" slots=8"}' "$PBS_NODEFILE" > hostfile
NHOSTS=$(wc -l < hostfile)

deepspeed --hostfile=hostfile --launcher MPICH --num_nodes "$NHOSTS" \
    finetune_bloom.py --model bigscience/bloom-1b7 --deepspeed_config ds_z1.json --epochs 2
