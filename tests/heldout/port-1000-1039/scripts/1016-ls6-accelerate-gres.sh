#!/bin/bash
#SBATCH -J whisper-ft
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH --gres=gpu:a100:3
#SBATCH -t 04:00:00
#SBATCH -o whisper.%j.out

module load python3/3.9.7
source $SCRATCH/python-envs/hf/bin/activate
export CUDA_HOME=/opt/apps/cuda/12.8/

NNODES=$SLURM_NNODES
MAIN=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

cat > multinode.sh <<EOS
#!/bin/bash
accelerate launch --multi_gpu --num_machines ${NNODES} --machine_rank=\${PMI_RANK} \\
    --main_process_ip=${MAIN} --main_process_port=1234 --rdzv_backend static \\
    --num_processes $(( NNODES * 3 )) \\
    finetune_whisper.py --model openai/whisper-small --language hi --max_steps 4000
EOS
chmod +x multinode.sh

ibrun -np 2 ./multinode.sh
