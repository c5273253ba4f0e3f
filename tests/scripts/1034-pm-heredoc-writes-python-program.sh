#!/bin/bash
# shape: the job writes its own Python entry point with a heredoc and srun runs it on every task
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
cat > launch_ddp.py <<'EOF'
import os, runpy, sys
os.environ.setdefault("RANK", os.environ["SLURM_PROCID"])
os.environ.setdefault("LOCAL_RANK", os.environ["SLURM_LOCALID"])
os.environ.setdefault("WORLD_SIZE", os.environ["SLURM_NTASKS"])
sys.argv = ["train.py"] + sys.argv[1:]
runpy.run_path("train.py", run_name="__main__")
EOF
srun python launch_ddp.py --epochs 5
