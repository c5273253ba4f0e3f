#!/bin/bash
#PBS -N qwen14b-z3
#PBS -A LLMChem
#PBS -q capacity
#PBS -l select=8
#PBS -l place=scatter
#PBS -l walltime=24:00:00
#PBS -l filesystems=home:flare
#PBS -j oe

cd $PBS_O_WORKDIR
module load frameworks
source /flare/LLMChem/venvs/ds/bin/activate     # --system-site-packages venv: transformers, datasets

# DeepSpeed's launcher reaches the other nodes over pdsh: one line per host, 12 slots (tiles) each
sort -u $PBS_NODEFILE | sed 's/$/ slots=12/' > hostfile
NNODES=$(wc -l < hostfile)

# what the remote ranks need from this shell
cat > .deepspeed_env <<EOF
PATH=$PATH
LD_LIBRARY_PATH=$LD_LIBRARY_PATH
http_proxy=http://proxy.alcf.anl.gov:3128
https_proxy=http://proxy.alcf.anl.gov:3128
EOF

cat > ds_z3.json <<'EOF'
{
  "train_micro_batch_size_per_gpu": 1,
  "gradient_accumulation_steps": 4,
  "bf16": {"enabled": true},
  "zero_optimization": {
    "stage": 3,
    "overlap_comm": true,
    "contiguous_gradients": true,
    "stage3_gather_16bit_weights_on_model_save": true
  },
  "gradient_clipping": 1.0
}
EOF

deepspeed --hostfile=hostfile --num_nodes=$NNODES --num_gpus=12 \
    finetune_llm.py --deepspeed --deepspeed_config ds_z3.json --model_name Qwen/Qwen2.5-14B --epochs 3
