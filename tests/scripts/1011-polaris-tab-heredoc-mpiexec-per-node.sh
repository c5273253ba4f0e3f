#!/bin/bash
#PBS -A DistTrain
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29400
NNODES=$(wc -l < $PBS_NODEFILE)

# tab-indented heredoc (<<-): leading tabs are stripped when the file is written
	cat > ${PBS_O_WORKDIR}/node_launch.sh <<-EOF
	#!/bin/bash
	torchrun --nnodes=${NNODES} --nproc_per_node=4 --node_rank=\${PMI_RANK} \\
	    --master_addr=${MASTER_ADDR} --master_port=${MASTER_PORT} \\
	    finetune_llm.py --model llama-3-8b --lr 2e-5
	EOF

mpiexec -n ${NNODES} --ppn 1 --depth=64 --cpu-bind depth bash ${PBS_O_WORKDIR}/node_launch.sh
