#!/bin/bash
#SBATCH --account=bdyh-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=12:00:00

module load python/3.11
source ~/envs/hf/bin/activate

MAIN=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
cat > acc_node.sh <<EOF
#!/bin/bash
accelerate launch --multi_gpu --num_machines 2 --num_processes 8 \\
  --machine_rank \$SLURM_NODEID --main_process_ip $MAIN --main_process_port 29510 \\
  run_summarization.py --model_name_or_path t5-base --do_train --output_dir out/t5
EOF

srun bash acc_node.sh
