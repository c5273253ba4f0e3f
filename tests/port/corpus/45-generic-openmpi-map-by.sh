#!/bin/bash
#SBATCH --job-name=graphcast-ddp
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=12
#SBATCH --time=120
#SBATCH --partition=ampere

module load openmpi/4.1.6 cuda/12.2
source ~/venvs/weather/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
export OMP_NUM_THREADS=12

# train_graphcast.py takes its rank from OMPI_COMM_WORLD_RANK / _LOCAL_RANK / _SIZE
mpirun -np 8 --map-by ppr:4:node --bind-to none \
    -x MASTER_ADDR -x MASTER_PORT -x OMP_NUM_THREADS -x LD_LIBRARY_PATH -x PATH \
    python3 train_graphcast.py --resolution 1.0 --steps 50000 --run-name "graphcast 1deg baseline"
