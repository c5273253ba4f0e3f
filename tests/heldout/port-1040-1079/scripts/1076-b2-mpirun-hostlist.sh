#!/bin/bash
#SBATCH -J conformer-mpi
#SBATCH -A cis250233p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH -t 06:00:00
#SBATCH -o %x.%j.out

module load openmpi
SIF=/ocean/containers/ngc/pytorch/pytorch_latest.sif

# Open MPI host list "node1:8,node2:8" built from the allocation
HOSTLIST=""
for h in $(scontrol show hostnames "$SLURM_JOB_NODELIST"); do
    printf -v HOSTLIST '%s%s:8,' "$HOSTLIST" "$h"
done
HOSTLIST=${HOSTLIST%,}
MASTER=${HOSTLIST%%:*}
NP=$(( SLURM_NNODES * 8 ))

# ranks come from OMPI_COMM_WORLD_RANK / OMPI_COMM_WORLD_LOCAL_RANK inside train_conformer.py
mpirun -np $NP -H "$HOSTLIST" -bind-to none -map-by slot \
    -x MASTER_ADDR=$MASTER -x MASTER_PORT=29500 -x PATH -x LD_LIBRARY_PATH \
    -mca pml ob1 -mca btl ^openib \
    singularity exec --nv $SIF python train_conformer.py --config conf/conformer_l.yaml --precision fp16
