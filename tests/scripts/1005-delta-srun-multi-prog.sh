#!/bin/bash
# shape: srun --multi-prog - a parameter server and workers mapped by task rank in a file
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00

cat > tasks.conf <<'CONF'
0     python ps_server.py --port 5000
1-3   python rl_worker.py --server localhost:5000
CONF
srun --multi-prog tasks.conf
