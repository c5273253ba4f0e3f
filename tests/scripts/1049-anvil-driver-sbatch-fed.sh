#!/bin/bash
# family: fed heredocs - a login-node driver (no directives of its own) queues a CPU step with --wrap, then
# feeds the GPU job to sbatch on standard input; unquoted, so ${PROJ} and ${NODES} are the driver's values
# and \$ is the job's own $. The reading is the fed job's.
set -e
PROJ=cis230123
NODES=2
PREP=$(sbatch --parsable -A ${PROJ} -p wholenode -N 1 -t 00:30:00 --wrap "python prep.py")
sbatch -d afterok:${PREP} <<EOF
#!/bin/bash
#SBATCH -A ${PROJ}-gpu
#SBATCH -p gpu
#SBATCH -N ${NODES}
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00
module load modtree/gpu
srun torchrun --nnodes=${NODES} --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=\$(hostname):29500 train.py --data /anvil/scratch/\$USER/data
EOF
