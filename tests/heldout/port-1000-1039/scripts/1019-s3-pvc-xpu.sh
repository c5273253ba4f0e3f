#!/bin/bash
#SBATCH -J gnn-xpu
#SBATCH -o gnn-xpu.%j.out
#SBATCH -p pvc
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH -t 08:00:00

# Intel Max 1550 nodes: Intel's conda env "pytorch" (XPU build)
module load python
source $(conda info --base)/etc/profile.d/conda.sh
conda activate pytorch

export ZE_FLAT_DEVICE_HIERARCHY=COMPOSITE
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export CCL_ATL_TRANSPORT=mpi

mpirun -np 8 -ppn 4 python train_xpu.py --device xpu --dist-backend ccl --epochs 100
