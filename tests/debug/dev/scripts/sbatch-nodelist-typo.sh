#!/bin/bash
#SBATCH --job-name=kaiju
#SBATCH --nodelist=node05
#SBATCH --cpus-per-task=32
#SBATCH --mem=200G
#SBATCH --time=12:00:00
srun kaiju -t nodes.dmp -f db.fmi -i reads.fq -o out.txt
