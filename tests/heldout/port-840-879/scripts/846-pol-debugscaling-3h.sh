#!/bin/bash
#PBS -N vit-pretrain
#PBS -A EarthFM
#PBS -q debug-scaling
#PBS -l select=6:system=polaris
#PBS -l place=scatter
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle
#PBS -j oe

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate /eagle/EarthFM/envs/torch24

HEAD=$(head -n 1 $PBS_NODEFILE)
NNODES=$(sort -u $PBS_NODEFILE | wc -l)

# one torchrun agent per node, 4 workers each
mpiexec -n ${NNODES} --ppn 1 --depth 32 --cpu-bind depth \
    torchrun --nnodes=${NNODES} --nproc_per_node=4 \
             --rdzv_backend=c10d --rdzv_endpoint=${HEAD}:29400 --rdzv_id=${PBS_JOBID} \
    pretrain_vit.py --batch-size 256 --lr 1e-3
