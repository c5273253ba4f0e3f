#!/bin/bash
# family: a PBS job chain that counts its segments in variables passed with -v and resubmits itself
# ($0) after it ends; the launch line uses the segment variable
#PBS -P ab12
#PBS -q gpuvolta
#PBS -l ngpus=4
#PBS -l ncpus=48
#PBS -l mem=190GB
#PBS -l walltime=10:00:00
#PBS -l wd
#PBS -v NJOBS,NJOB
NJOBS=${NJOBS:-5}
NJOB=${NJOB:-0}
if [ "$NJOB" -lt "$NJOBS" ]; then
  NEXT=$((NJOB + 1))
  qsub -v NJOBS=$NJOBS,NJOB=$NEXT -W depend=afterany:$PBS_JOBID $0
fi
module load pytorch/2.1.0
torchrun --standalone --nproc_per_node=4 train.py --resume last --segment $NJOB
