#!/bin/bash -l
# family: ALCF Aurora: mpiexec with -genvall, --no-vni and a cpu-bind list, the tile wrapper by path
#PBS -A MyProj
#PBS -q debug
#PBS -l select=2
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -l place=scatter
cd "${PBS_O_WORKDIR}" || exit 1
module load frameworks
NNODES=$(wc -l < "$PBS_NODEFILE")
NRANKS_PER_NODE=12
NTOTRANKS=$((NNODES * NRANKS_PER_NODE))
CPU_BIND=list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100
MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_ADDR
export MASTER_PORT=29500
mpiexec -n "${NTOTRANKS}" -ppn "${NRANKS_PER_NODE}" --cpu-bind "${CPU_BIND}" --no-vni -genvall /opt/aurora/24.180.3/support/tools/gpu_tile_compact.sh python3 train.py --device xpu
