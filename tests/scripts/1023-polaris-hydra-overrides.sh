#!/bin/bash
#PBS -A ClimateML
#PBS -q debug-scaling
#PBS -l select=4:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -l place=scatter

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
NNODES=$(wc -l < $PBS_NODEFILE)

mpiexec -n $NNODES --ppn 1 --depth=64 --cpu-bind depth \
    torchrun --nnodes=$NNODES --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \
    train.py experiment=era5_unet trainer.max_epochs=20 model.hidden_dim=512 +trainer.precision=bf16-mixed
