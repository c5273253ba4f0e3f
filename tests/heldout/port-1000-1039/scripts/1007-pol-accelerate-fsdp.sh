#!/bin/bash -l
#PBS -N acc-fsdp-llama
#PBS -l select=3:system=polaris,place=scatter,walltime=00:50:00,filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A LLMscience

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base
# accelerate is not in base: venv --system-site-packages on top of it
source /eagle/LLMscience/venvs/accel/bin/activate

export http_proxy=http://proxy.alcf.anl.gov:3128
export https_proxy=http://proxy.alcf.anl.gov:3128
export MAIN_HOST=$(head -n 1 $PBS_NODEFILE)
export NNODES=$(wc -l < $PBS_NODEFILE)
export no_proxy="localhost,${MAIN_HOST}"
export HF_HOME=/eagle/LLMscience/hf
export TMPDIR=/tmp

mpiexec -n ${NNODES} --ppn 1 --cpu-bind none --envall bash -c '
  accelerate launch \
    --num_machines ${NNODES} \
    --machine_rank ${PMI_RANK} \
    --num_processes $(( NNODES * 4 )) \
    --main_process_ip ${MAIN_HOST} \
    --main_process_port 29500 \
    --use_fsdp \
    --fsdp_sharding_strategy FULL_SHARD \
    --fsdp_auto_wrap_policy TRANSFORMER_BASED_WRAP \
    --mixed_precision bf16 \
    sft_llama.py --model meta-llama/Llama-3.2-1B --dataset_path data/sci_qa.jsonl --max_steps 500'
