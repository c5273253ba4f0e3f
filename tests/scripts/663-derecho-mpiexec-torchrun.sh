#!/bin/bash
#PBS -A UCIS0021
#PBS -N credit-wx
#PBS -q main
#PBS -l job_priority=regular
#PBS -l select=2:ncpus=64:ngpus=4:mpiprocs=1:mem=480GB
#PBS -l walltime=06:00:00
#PBS -j oe
#PBS -o logs/

module purge
module load ncarenv/24.12 gcc/12.4.0 cuda/12.3.2 cray-mpich/8.1.29 conda
conda activate /glade/work/$USER/conda-envs/credit

cd $PBS_O_WORKDIR
nnodes=$(< $PBS_NODEFILE wc -l)
head_node=$(head -n 1 $PBS_NODEFILE)
head_node_ip=$(ssh $head_node hostname -i | awk '{print $1}')
export NCCL_SOCKET_IFNAME=hsn
export LOGLEVEL=INFO

# one torchrun agent per node, started by Cray MPICH's mpiexec
mpiexec -n $nnodes --ppn 1 --cpu-bind none \
    torchrun --nnodes=$nnodes --nproc-per-node=4 \
        --rdzv-backend=c10d --rdzv-endpoint=$head_node_ip:29500 --rdzv-id=$PBS_JOBID \
        applications/train_wxformer.py -c config/wxformer_1dg_6hr.yml
