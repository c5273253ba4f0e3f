#!/bin/bash -l
# family: stray directive of the other scheduler - the project is only on an #SBATCH line of a PBS job:
# qsub never reads it (an error there; ALCF rejects a job without -A)
#PBS -N vit-ft
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#SBATCH -A VisionProj

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
mpiexec -n 8 --ppn 4 --depth 8 --cpu-bind depth python finetune_vit.py --epochs 5
