#!/bin/bash
# submit_pipeline.sh -- run on a login node:  bash submit_pipeline.sh
# step 1 copies COCO into the project space on a CPU node (RM-shared);
# step 2 trains on two V100-32GB nodes once step 1 has succeeded.
set -euo pipefail
ACCT=cis250117p
DEST=/ocean/projects/${ACCT}/${USER}/coco

STAGE_JID=$(sbatch --parsable -A ${ACCT} -p RM-shared -N 1 --ntasks-per-node=8 -t 01:00:00 -J stage-coco \
    --wrap "mkdir -p ${DEST} && rsync -a /ocean/datasets/community/COCO/ ${DEST}/")

sbatch --dependency=afterok:${STAGE_JID} <<EOF2
#!/bin/bash
#SBATCH -J maskrcnn
#SBATCH -A ${ACCT}
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=1
#SBATCH -t 10:00:00

SIF=/ocean/containers/ngc/pytorch/pytorch_latest.sif
HEAD=\$(scontrol show hostnames \$SLURM_JOB_NODELIST | head -n 1)

srun singularity exec --nv -B /ocean \$SIF \
    torchrun --nnodes=2 --nproc_per_node=8 --rdzv_id=\$SLURM_JOB_ID --rdzv_backend=c10d \
    --rdzv_endpoint=\$HEAD:29500 \
    train_maskrcnn.py --data ${DEST} --epochs 26 --amp
EOF2
