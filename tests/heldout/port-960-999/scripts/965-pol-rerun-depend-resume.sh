#!/bin/bash
#PBS -N mae-pretrain
#PBS -A MultiModalSci
#PBS -q preemptable
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=24:00:00
#PBS -l filesystems=home:eagle
#PBS -r y
#PBS -W depend=afterany:2109554.polaris-pbs-01.hsn.cm.polaris.alcf.anl.gov

# preemptable jobs can be killed whenever a demand job arrives: -r y lets PBS rerun this one and
# the afterany dependency keeps it behind the previous leg of the chain. The program resumes itself.
cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base

HEAD=$(head -1 $PBS_NODEFILE)
CKPT=/eagle/MultiModalSci/mae/ckpt
mkdir -p $CKPT

# one torch.distributed.run agent per node, 4 workers each
mpiexec -n 4 --ppn 1 --depth 32 --cpu-bind depth \
  python -m torch.distributed.run --nnodes 4 --nproc_per_node 4 \
     --rdzv_backend c10d --rdzv_endpoint ${HEAD}:29400 --rdzv_id $PBS_JOBID \
  src/train_mae.py --resume auto --epochs 400 --ckpt-dir $CKPT
