#!/bin/bash
#BSUB -J mlm-pretrain
#BSUB -q gpu
#BSUB -n 8
#BSUB -R "span[ptile=4]"
#BSUB -gpu "num=4:mode=exclusive_process"
#BSUB -W 10:00
#BSUB -o mlm.%J.out
#BSUB -e mlm.%J.err

module load cuda/12.1 openmpi/4.1.5
source ~/miniconda3/bin/activate mlm

export MASTER_ADDR=$(head -n 1 $LSB_DJOB_HOSTFILE)
export MASTER_PORT=29500
# 8 ranks, 4 per host, one GPU each; the ranks come from OMPI_COMM_WORLD_*
mpirun -np 8 --map-by ppr:4:node python run_mlm.py --config configs/bert_base.json --max-steps 100000
