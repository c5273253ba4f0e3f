#!/bin/bash
#SBATCH -J xpu-ddp
#SBATCH -p pvc
#SBATCH -N 1
#SBATCH -n 4
#SBATCH -t 02:00:00

module load python
source activate pytorch
export ZE_FLAT_DEVICE_HIERARCHY=COMPOSITE    # one rank per Max 1550 (both tiles)

ibrun python train_xpu.py --device xpu --epochs 10 --data /work2/10234/ktan/cifar
