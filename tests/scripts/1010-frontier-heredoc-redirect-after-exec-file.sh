#!/bin/bash
#SBATCH -A bif146
#SBATCH -p batch
#SBATCH -N 2
#SBATCH -t 02:00:00
#SBATCH -J gpt-rocm

module load PrgEnv-gnu rocm/6.2.4
source /lustre/orion/bif146/proj-shared/envs/torch/bin/activate

EPOCHS=12
export MASTER_ADDR=$(hostname)
export MASTER_PORT=3442

# unquoted delimiter: $EPOCHS is written into the file now, \$SLURM_PROCID stays for each task
cat <<EOF > rank_wrapper.sh
#!/bin/bash
export RANK=\$SLURM_PROCID
export LOCAL_RANK=\$SLURM_LOCALID
export WORLD_SIZE=\$SLURM_NTASKS
exec python -u train_gpt.py --epochs ${EPOCHS} --seq-len 2048
EOF
chmod +x rank_wrapper.sh

srun -N 2 -n 16 --ntasks-per-node=8 --gpus-per-node=8 --gpu-bind=closest ./rank_wrapper.sh
