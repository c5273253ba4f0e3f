#!/bin/bash
#SBATCH -A m4490_g
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 08:00:00
#SBATCH -J sfno-era5

module load pytorch/2.6.0
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29561
DATAROOT=$PSCRATCH/era5_h5

launch() {
    # $1 = yaml file, $2 = config section inside it
    srun --cpu-bind=cores python train_fno.py --yaml_config "$1" --config "$2" --data_dir "$DATA_ROOT/train"
}

launch config/sfno.yaml sfno_73ch
