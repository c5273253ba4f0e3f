#!/bin/bash
# family: LUMI-G (CSC's PyTorch module, 8 GCDs per node): a select_gpu wrapper written by the job
# itself from a heredoc, a CPU mask per rank, one task per GCD
#SBATCH --account=project_465000123
#SBATCH --partition=standard-g
#SBATCH --nodes=2
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=8
#SBATCH --cpus-per-task=7
#SBATCH --time=04:00:00

module use /appl/local/csc/modulefiles
module load pytorch/2.4

cat << EOF > select_gpu
#!/bin/bash
export ROCR_VISIBLE_DEVICES=\$SLURM_LOCALID
exec \$*
EOF
chmod +x ./select_gpu

CPU_BIND="mask_cpu:7e000000000000,7e00000000000000,7e0000,7e000000,7e,7e00,7e00000000,7e0000000000"
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun --cpu-bind=${CPU_BIND} ./select_gpu python -u train_vit.py --epochs 30 --batch-size 96
rm -rf ./select_gpu
