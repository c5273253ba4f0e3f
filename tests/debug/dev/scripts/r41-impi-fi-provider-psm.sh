#!/bin/bash -l
#$ -pe mpi 80
#$ -l h_rt=1:00:00
module load compilers/intel/2019/update4 mpi/intel/2019/update4/intel
export FI_PROVIDER=psm
gerun ./md_run config.in
