#!/bin/bash -l
# family: a libEnsemble manager on PBS with only --nworkers (local comms are its default) and a script
# named for it; the generator and the simulation workers share the two nodes
#PBS -l select=2:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A EnsembleProj

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base
python run_libe_surrogate.py --nworkers 9
