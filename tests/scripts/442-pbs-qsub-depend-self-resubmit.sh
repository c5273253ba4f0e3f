#!/bin/bash
# family: a PBS dependency chain on Polaris - the job resubmits itself to run after it ends
# (qsub -W depend=afterany:$PBS_JOBID) while a marker file says training is not finished
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A chainproj
cd ${PBS_O_WORKDIR}
if [ ! -f DONE ]; then
    qsub -W depend=afterany:${PBS_JOBID} job.pbs
fi
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n 8 --ppn 4 --depth=16 --cpu-bind depth python train.py --resume auto --ckpt ckpts
