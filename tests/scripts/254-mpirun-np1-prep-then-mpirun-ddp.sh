#!/bin/bash
# family: Open MPI mpirun -np 1 data preparation then mpirun one rank per GPU on Anvil; evaluation after with a plain python
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --partition=ai
#SBATCH --account=cis250001-ai
#SBATCH --time=04:00:00
module load openmpi
mpirun -np 1 python prepare_dataset.py --out /tmp/ds
mpirun -np 8 --map-by ppr:4:node python train.py --data /tmp/ds
python eval_model.py --ckpt best.pt > eval.log
