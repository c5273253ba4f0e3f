#!/bin/sh
# family: Polaris, the GPUs per node counted with nvidia-smi -L, mpiexec with --verbose --envall and
# --hostfile="${PBS_NODEFILE}" (an ALCF staff example for graph networks)
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=0:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A datascience
#PBS -N ddp_gnn
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NUM_NODES=$(wc -l < "${PBS_NODEFILE}")
NGPUS_PER_NODE=$(nvidia-smi -L | wc -l)
NGPUS="$((${NUM_NODES}*${NGPUS_PER_NODE}))"
echo $NUM_NODES $NGPUS_PER_NODE $NGPUS
mpiexec \
	--verbose \
	--envall \
	-n $NGPUS \
	--ppn $NGPUS_PER_NODE \
	--hostfile="${PBS_NODEFILE}" \
	--cpu-bind=depth \
	-d 8 \
	python3 main.py --config conf/gnn.yaml
