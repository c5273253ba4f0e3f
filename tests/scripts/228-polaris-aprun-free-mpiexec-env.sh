#!/bin/bash
# family: ALCF Polaris with the environment set per rank by mpiexec --env and --envall, python -m entry
#PBS -A MyProject
#PBS -q debug
#PBS -l select=1:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
mpiexec -n 4 --ppn 4 --envall --env MASTER_PORT=2345 --cpu-bind depth -d 16 python -m mypkg.train --config cfg.yaml
