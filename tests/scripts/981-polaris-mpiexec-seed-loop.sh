#!/bin/bash -l
# s24: a seed sweep under PBS, one mpiexec per seed in a for loop, the output directory per seed
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProj

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
for seed in 1 2 3; do
    echo "seed $seed"
    mpiexec -n 8 --ppn 4 --depth 8 --cpu-bind depth python train_mlp.py --seed ${seed} --out runs/seed_${seed}
done
