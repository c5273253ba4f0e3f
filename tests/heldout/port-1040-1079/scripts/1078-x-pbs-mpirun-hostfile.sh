#!/bin/bash
#PBS -N ctc-ddp
#PBS -A st-kpatel-1-gpu
#PBS -l walltime=12:00:00
#PBS -l select=2:ncpus=24:mpiprocs=4:ngpus=4:mem=180gb:gpu_mem=32gb
#PBS -m abe
#PBS -M research.computing@example.org

# Sockeye-style PBS Pro cluster, 4 x V100-32GB per GPU node, Open MPI
cd $PBS_O_WORKDIR
module load gcc openmpi cuda
source $HOME/venvs/speech/bin/activate

# mpiprocs=4 per chunk: the node file lists every node four times
NP=$(wc -l < $PBS_NODEFILE)
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29400

mpirun -np $NP -hostfile $PBS_NODEFILE -x MASTER_ADDR -x MASTER_PORT -x PATH -x LD_LIBRARY_PATH \
    --bind-to none python train_ctc.py --manifest data/train.tsv --epochs 60
