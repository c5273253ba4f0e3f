#!/bin/bash
# family: site options - MPS on Polaris: 8 ranks per node on 4 GPUs on purpose
# (https://docs.alcf.anl.gov/polaris/running-jobs/#running-multiple-mpi-applications-on-a-node)
#PBS -l select=1:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A MDsim
cd $PBS_O_WORKDIR
nvidia-cuda-mps-control -d
mpiexec -n 8 --ppn 8 ./set_affinity_gpu_polaris.sh ./md_gpu -in bench.in
echo quit | nvidia-cuda-mps-control
