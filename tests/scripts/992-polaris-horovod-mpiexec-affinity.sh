#!/bin/bash -l
# family: Horovod TensorFlow-free PyTorch run with ALCF's mpiexec, one rank per A100, horovod module
#PBS -N hvd-unet
#PBS -A MyProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda; conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n $((NNODES * 4)) --ppn 4 --depth 16 --cpu-bind depth ./set_affinity_gpu_polaris.sh \
    python pytorch_hvd_unet.py --epochs 40 --data /eagle/MyProj/brats
