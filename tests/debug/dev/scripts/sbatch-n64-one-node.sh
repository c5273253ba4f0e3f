#!/bin/bash
#SBATCH -J job_name
#SBATCH -n 64
#SBATCH -N 1
#SBATCH --time=01:00
#SBATCH -A venkvis_gpu
#SBATCH -p gpu
#SBATCH -o job.sh.o%j
echo "Job started on $(hostname) at $(date)"
