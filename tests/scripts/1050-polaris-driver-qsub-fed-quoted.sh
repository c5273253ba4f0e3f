#!/bin/bash
# family: fed heredocs - a driver run on a Polaris login node feeds the job to qsub from a quoted heredoc
# (its lines reach qsub as they stand); the reading is the fed job's
cd "$(dirname "$0")"
qsub <<'JOB'
#!/bin/bash
#PBS -A MyProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
cd ${PBS_O_WORKDIR}
mpiexec -n 40 --ppn 4 python train.py --model resnet50
JOB
