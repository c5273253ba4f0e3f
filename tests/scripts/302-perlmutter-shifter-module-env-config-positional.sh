#!/bin/bash -l
# family: NERSC Shifter with --module and --env on the srun line; the run's config name is the job's
# first argument (sbatch submit.sh sfno_73ch) and the command is written inside bash -c with &&
#SBATCH --time=04:00:00
#SBATCH -C gpu
#SBATCH --account=m8888
#SBATCH -q regular
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --image=nersc/pytorch:ngc-23.07-v0
#SBATCH -o %x-%j.out
config_file=./config/sfno.yaml
config=$1
run_num="0"
export HDF5_USE_FILE_LOCKING=FALSE
export MASTER_ADDR=$(hostname)
srun -u --mpi=pmi2 shifter --module=gpu,nccl-plugin --env PYTHONUSERBASE=$HOME/.local/perlmutter/ngc-23.07 \
    bash -c "source export_DDP_vars.sh && python train.py --enable_amp --yaml_config=$config_file --config=$config --run_num=$run_num"
