#!/bin/bash -l
#SBATCH --job-name=gpt-fi-2b
#SBATCH --account=project_465001925
#SBATCH --partition=standard-g
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=7
#SBATCH --mem=480G
#SBATCH --time=1-12:00:00
#SBATCH --output=logs/%x-%j.out

module purge
module use /appl/local/csc/modulefiles
module load pytorch/2.5

# per-task GPU selection wrapper, written by the job itself
cat << EOF > select_gpu_$SLURM_JOB_ID
#!/bin/bash
export ROCR_VISIBLE_DEVICES=\$SLURM_LOCALID
exec "\$@"
EOF
chmod +x ./select_gpu_$SLURM_JOB_ID

CPU_BIND="mask_cpu:fe000000000000,fe00000000000000"
CPU_BIND="${CPU_BIND},fe0000,fe000000"
CPU_BIND="${CPU_BIND},fe,fe00"
CPU_BIND="${CPU_BIND},fe00000000,fe0000000000"

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
export MASTER_PORT=29831
export NCCL_SOCKET_IFNAME=hsn0,hsn1,hsn2,hsn3
export MIOPEN_USER_DB_PATH=/tmp/$USER-miopen-$SLURM_JOB_ID
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH

srun --cpu-bind=${CPU_BIND} ./select_gpu_$SLURM_JOB_ID python3 pretrain_gpt.py --config configs/gpt_2b_fi.yaml --data /scratch/project_465001925/fineweb-fi --save /flash/project_465001925/ckpt

rm -f ./select_gpu_$SLURM_JOB_ID
