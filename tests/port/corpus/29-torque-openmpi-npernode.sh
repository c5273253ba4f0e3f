#!/bin/bash
#PBS -N seq2seq-ddp
#PBS -l nodes=2:ppn=4:gpus=4
#PBS -l walltime=12:00:00
#PBS -q gpu
#PBS -j oe
#PBS -m abe
#PBS -M jdoe@university.edu

cd $PBS_O_WORKDIR

module load openmpi/4.1.5-cuda
module load python/3.10
source ~/venvs/nmt/bin/activate

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
export OMP_NUM_THREADS=4

# Open MPI: 8 ranks, 4 per node; train.py reads OMPI_COMM_WORLD_RANK etc.
mpirun -np 8 -npernode 4 -x MASTER_ADDR -x MASTER_PORT -x OMP_NUM_THREADS -x PATH -x LD_LIBRARY_PATH \
    python train.py --src en --tgt de --arch transformer_wmt_en_de --max-tokens 4096
