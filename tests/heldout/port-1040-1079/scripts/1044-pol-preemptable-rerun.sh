#!/bin/bash
#PBS -N ldm-pretrain
#PBS -A DiffSci
#PBS -q preemptable
#PBS -r y
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=72:00:00
#PBS -l filesystems=home:eagle
#PBS -j oe

cd $PBS_O_WORKDIR

module use /soft/modulefiles
module load conda
conda activate base
source /eagle/DiffSci/envs/ldm/bin/activate     # venv made with --system-site-packages (diffusers, omegaconf)

export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
export NCCL_COLLNET_ENABLE=1
export NCCL_NET="AWS Libfabric"
export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:/soft/libraries/hwloc/lib/:$LD_LIBRARY_PATH
export FI_CXI_DISABLE_HOST_REGISTER=1
export FI_MR_CACHE_MONITOR=userfaultfd
export FI_CXI_DEFAULT_CQ_SIZE=131072
# the c10d store must not go through the proxy
export no_proxy="localhost,127.0.0.1,*.polaris.alcf.anl.gov,polaris-*,*.alcf.anl.gov"

NNODES=$(sort -u $PBS_NODEFILE | wc -l)
HEAD=$(head -n 1 $PBS_NODEFILE)
CKPT_DIR=/eagle/DiffSci/ckpt/ldm-kl8

# preemptable jobs can be killed at any time and are rerun (-r y): start from the newest checkpoint if there is one
EXTRA=()
if [ -e "$CKPT_DIR/latest" ]; then
    EXTRA+=(--resume_from "$CKPT_DIR/latest")
fi

mpiexec -n "$NNODES" --ppn 1 --depth 64 --cpu-bind depth \
    python -m torch.distributed.run --nnodes "$NNODES" --nproc_per_node 4 \
        --rdzv_backend c10d --rdzv_endpoint "$HEAD:29400" --rdzv_id "$PBS_JOBID" \
        train_ldm.py --config configs/ldm_kl8_256.yaml --ckpt_dir "$CKPT_DIR" "${EXTRA[@]}"
