#!/bin/bash
#SBATCH -J lit-vista
#SBATCH -p gh-dev
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 02:00:00

module load gcc cuda python3
source $SCRATCH/venvs/lit/bin/activate
# Lightning sees the MPI environment ibrun sets up; train_lit.py builds its Trainer with
# num_nodes=int(os.environ["SLURM_NNODES"]) and devices="auto"
ibrun python train_lit.py --max_epochs 20 --lr 1e-3
