# cases.sh - the held-out planted-defect set (sourced by score.sh). Each line plants one defect a
# user really makes in a clean published-style base script of tests/verify/published/:
#   plant NAME BASE 'MARKER' IDS SED-ARGS...
# MARKER is a fixed string on the defect's line of the mutated file ('A || B' when the defect spans two
# lines, '*' when it is an absence); IDS the finding ids that name the defect ('*': any id there).
# Written for issue 13 (session 12); the ids were chosen from the defect, not from maple's output.

PS=nersc-perlmutter-srun-per-gpu.sh
PT=nersc-perlmutter-torchrun-node.sh
PO=alcf-polaris-mpiexec-python.sh
AU=alcf-aurora-frameworks.sh
FR=olcf-frontier-gcd-ranks.sh
DE=ncsa-delta-torchrun-gpus.sh
BR=psc-bridges2-deepspeed.sh
LS=tacc-lonestar6-standalone.sh
AN=purdue-anvil-accelerate.sh
VI=tacc-vista-gh-nodes.sh

# -- Perlmutter, srun one task per GPU
plant ps-gpus8        $PS '--gpus-per-node=8' gpus-exceed-node -e 's/--gpus-per-node=4/--gpus-per-node=8/'
plant ps-tasks2       $PS '--ntasks-per-node=2' gpus-idle,ranks-mismatch,devices-mismatch -e 's/--ntasks-per-node=4/--ntasks-per-node=2/'
plant ps-late-sbatch  $PS '#SBATCH -t 02:00:00' directive-ignored -e '/^#SBATCH -t 02:00:00/d' -e '/^module load/a #SBATCH -t 02:00:00'
plant ps-var-nodes    $PS '#SBATCH -N $NNODES' directive-value -e 's/^#SBATCH -N 2$/#SBATCH -N $NNODES/'
plant ps-no-master    $PS 'srun python' master-addr-missing,variable-unset -e '/^export MASTER_ADDR/d'
plant ps-walltime     $PS '#SBATCH -t 52:00:00' walltime-exceeds-queue -e 's/-t 02:00:00/-t 52:00:00/'
plant ps-qos-unknown  $PS '#SBATCH -q gpu' queue-unknown -e 's/^#SBATCH -q regular/#SBATCH -q gpu/'
plant ps-ifname-ib    $PS 'NCCL_SOCKET_IFNAME=ib0' socket-interface -e '/^export MASTER_PORT/a export NCCL_SOCKET_IFNAME=ib0'
plant ps-module-rocm  $PS 'module load rocm' '*' -e 's|^module load pytorch/2.3.1|module load rocm/6.2.4|'
plant ps-cvd-one      $PS 'CUDA_VISIBLE_DEVICES=0' visible-devices-narrow -e '/^export MASTER_PORT/a export CUDA_VISIBLE_DEVICES=0'
plant ps-gpt2         $PS 'srun --gpus-per-task=2' gpus-exceed-node,devices-mismatch,ranks-mismatch -e 's/^srun python/srun --gpus-per-task=2 python/'

# -- Perlmutter, srun one torchrun per node
plant pt-nnodes2      $PT 'srun torchrun' nodes-mismatch -e 's/--nnodes=4/--nnodes=2/'
plant pt-nproc8       $PT 'srun torchrun' devices-mismatch,gpus-exceed-node,ranks-mismatch -e 's/--nproc_per_node=4/--nproc_per_node=8/'
plant pt-tpn4         $PT '--ntasks-per-node=4 || srun torchrun' torchrun-per-gpu,ranks-mismatch -e 's/--ntasks-per-node=1/--ntasks-per-node=4/'
plant pt-localhost    $PT 'srun torchrun' rdzv-localhost -e 's/--rdzv_endpoint="$MASTER_ADDR:29500"/--rdzv_endpoint=localhost:29500/'
plant pt-no-master    $PT 'srun torchrun' variable-unset,master-addr-missing -e '/^export MASTER_ADDR/d'
plant pt-no-gpu-c     $PT '*' required-directive,queue-cpu-only -e '/^#SBATCH --constraint=gpu/d'
plant pt-var-time     $PT '--time=$WALLTIME' directive-value -e 's/--time=04:00:00/--time=$WALLTIME/'
plant pt-rdzv-mixed   $PT 'srun torchrun' rdzv-mixed -e 's/--rdzv_backend=c10d/--master_port=29500 --rdzv_backend=c10d/'

# -- Polaris, mpiexec one rank per GPU
plant po-n80          $PO 'mpiexec -n 80' ranks-mismatch -e 's/-n 40 --ppn 4/-n 80 --ppn 4/'
plant po-ppn8         $PO 'mpiexec -n 40' ranks-mismatch,gpus-exceed-node,devices-mismatch -e 's/--ppn 4/--ppn 8/'
plant po-walltime     $PO 'walltime=06:00:00' walltime-exceeds-queue -e 's/walltime=02:00:00/walltime=06:00:00/'
plant po-queue        $PO '#PBS -q regular' queue-unknown -e 's/^#PBS -q prod/#PBS -q regular/'
plant po-no-account   $PO '*' account-missing,required-directive -e '/^#PBS -A /d'
plant po-slurm-var    $PO 'SLURM_NODELIST' scheduler-variable,wrong-scheduler -e 's/head -n 1 "$PBS_NODEFILE"/scontrol show hostnames "$SLURM_NODELIST" | head -n 1/'
plant po-module-rocm  $PO 'module load rocm' '*' -e 's|^module load conda|module load rocm/6.2.4|'
plant po-select4      $PO 'select=4' nodes-below-queue -e 's/select=10/select=4/' -e 's/-n 40/-n 16/'
plant po-late-pbs     $PO '#PBS -l filesystems' directive-ignored -e '/^#PBS -l filesystems/d' -e '/^module use/a #PBS -l filesystems=home:eagle'
plant po-var-select   $PO 'select=$NNODES' directive-value -e 's/select=10:/select=$NNODES:/'
plant po-ifname       $PO 'NCCL_SOCKET_IFNAME' socket-interface -e '/^export NCCL_NET_GDR_LEVEL/a export NCCL_SOCKET_IFNAME=ib0'

# -- Aurora, twelve ranks per node
plant au-ppn16        $AU 'mpiexec -n' ranks-mismatch,gpus-exceed-node,devices-mismatch -e 's/-n 48 --ppn 12/-n 64 --ppn 16/'
plant au-n96          $AU 'mpiexec -n' ranks-mismatch -e 's/-n 48/-n 96/'
plant au-walltime     $AU 'walltime=02:00:00' walltime-exceeds-queue -e 's/walltime=00:45:00/walltime=02:00:00/'
plant au-debug4       $AU '#PBS -q debug || select=4' nodes-exceed-queue -e 's/-q debug-scaling/-q debug/'
plant au-nccl-backend $AU 'mpiexec -n' backend-vendor -e 's/--backend ccl/--backend nccl/'
plant au-cvd          $AU 'CUDA_VISIBLE_DEVICES' '*' -e '/^export CCL_ATL_TRANSPORT/a export CUDA_VISIBLE_DEVICES=0,1,2,3'

# -- Frontier, srun one task per GCD
plant fr-tasks16      $FR '--ntasks-per-node=16' ranks-mismatch,gpus-exceed-node,devices-mismatch -e 's/--ntasks-per-node=8/--ntasks-per-node=16/'
plant fr-module-cuda  $FR 'module load cudatoolkit' '*' -e 's|^module load rocm/6.2.4|module load cudatoolkit/12.2|'
plant fr-ifname-ib    $FR 'NCCL_SOCKET_IFNAME=ib0' socket-interface -e 's/NCCL_SOCKET_IFNAME=hsn0/NCCL_SOCKET_IFNAME=ib0/'
plant fr-walltime     $FR '#SBATCH -t 16:00:00' walltime-exceeds-queue -e 's/-t 01:30:00/-t 16:00:00/'
plant fr-partition    $FR '#SBATCH -p gpu' queue-unknown -e 's/^#SBATCH -p batch/#SBATCH -p gpu/'
plant fr-no-master    $FR 'srun --gpu-bind' master-addr-missing,variable-unset -e '/^export MASTER_ADDR/d'
plant fr-no-account   $FR '*' account-missing,required-directive -e '/^#SBATCH -A BIF123/d'

# -- Delta, srun one torchrun per node
plant de-partition    $DE '--partition=gpuA100' queue-unknown -e 's/--partition=gpuA100x4/--partition=gpuA100/'
plant de-nnodes4      $DE 'srun torchrun' nodes-mismatch -e 's/--nnodes=2/--nnodes=4/'
plant de-nproc8       $DE 'srun torchrun' devices-mismatch,gpus-exceed-node,ranks-mismatch -e 's/--nproc_per_node=4/--nproc_per_node=8/'
plant de-gpus8        $DE '--gpus-per-node=8' gpus-exceed-node -e 's/--gpus-per-node=4/--gpus-per-node=8/'
plant de-no-account   $DE '*' account-missing,required-directive -e '/^#SBATCH --account=/d'
plant de-localhost    $DE 'srun torchrun' rdzv-localhost -e 's/--rdzv_endpoint="$head:29500"/--rdzv_endpoint=127.0.0.1:29500/'
plant de-late-sbatch  $DE '#SBATCH --time' directive-ignored -e '/^#SBATCH --time/d' -e '/^module load/a #SBATCH --time=12:00:00'

# -- Bridges-2, deepspeed with a hostfile
plant br-no-hostfile  $BR 'deepspeed --num_gpus' deepspeed-no-hostfile -e 's/--hostfile hostfile //'
plant br-slots4       $BR 'slots=4 || deepspeed --hostfile' hostfile-slots -e 's/slots=8/slots=4/'
plant br-numgpus16    $BR 'deepspeed --hostfile' devices-mismatch,gpus-exceed-node,ranks-mismatch -e 's/--num_gpus 8/--num_gpus 16/'
plant br-partition    $BR '#SBATCH -p gpu-a100' queue-unknown -e 's/^#SBATCH -p GPU$/#SBATCH -p gpu-a100/'

# -- Lonestar6, one node, three GPUs
plant ls-nproc4       $LS 'torchrun --standalone' devices-mismatch,gpus-exceed-node,ranks-mismatch -e 's/--nproc_per_node=3/--nproc_per_node=4/'
plant ls-partition    $LS '#SBATCH -p gpu' queue-unknown -e 's/^#SBATCH -p gpu-a100$/#SBATCH -p gpu/'
plant ls-dev-walltime $LS '#SBATCH -t 06:00:00 || #SBATCH -p gpu-a100-dev' walltime-exceeds-queue -e 's/^#SBATCH -p gpu-a100$/#SBATCH -p gpu-a100-dev/'

# -- Anvil, accelerate under srun
plant an-numproc4     $AN 'accelerate launch' accelerate-num-processes -e 's/--num_processes 8/--num_processes 4/'
plant an-machines4    $AN 'accelerate launch' nodes-mismatch -e 's/--num_machines 2/--num_machines 4/'
plant an-rank0        $AN 'accelerate launch' node-rank-fixed -e 's/--machine_rank \\$SLURM_NODEID/--machine_rank 0/'

# -- Vista, one GH200 per node
plant vi-n16          $VI '#SBATCH -n 16 || ibrun python' ranks-mismatch,gpus-exceed-node,devices-mismatch -e 's/^#SBATCH -n 8$/#SBATCH -n 16/'
plant vi-partition    $VI '#SBATCH -p gpu-a100' queue-unknown -e 's/^#SBATCH -p gh$/#SBATCH -p gpu-a100/'
plant vi-dev16        $VI '#SBATCH -N 16 || #SBATCH -p gh-dev' nodes-exceed-queue -e 's/^#SBATCH -p gh$/#SBATCH -p gh-dev/' -e 's/^#SBATCH -N 8$/#SBATCH -N 16/' -e 's/^#SBATCH -n 8$/#SBATCH -n 16/'

# -- batch 2: written after the first round of fixes and scored before any further change, to measure
#    the checks on defects they were not fixed for
plant b2-au-ze-mask    $AU 'ZE_AFFINITY_MASK=0' visible-devices-narrow -e '/^export CCL_ATL_TRANSPORT/a export ZE_AFFINITY_MASK=0'
# (first written with srun --gpu-bind=closest kept: Slurm then sets each task's ROCR_VISIBLE_DEVICES and the
#  list is no defect - the two cases drop the binding too)
plant b2-fr-hip-vis    $FR 'HIP_VISIBLE_DEVICES=0' visible-devices-narrow -e '/^export MASTER_PORT/a export HIP_VISIBLE_DEVICES=0' -e 's/^srun --gpu-bind=closest /srun /'
plant b2-fr-rocr-vis   $FR 'ROCR_VISIBLE_DEVICES=0,1' visible-devices-narrow -e '/^export MASTER_PORT/a export ROCR_VISIBLE_DEVICES=0,1' -e 's/^srun --gpu-bind=closest /srun /'
plant b2-pt-gpt1       $PT 'srun --gpus-per-task=1' devices-mismatch,visible-devices-narrow,gpus-idle,ranks-mismatch -e 's/^srun torchrun/srun --gpus-per-task=1 torchrun/'
plant b2-ps-port       $PS 'MASTER_PORT=99999' port-range -e 's/MASTER_PORT=29507/MASTER_PORT=99999/'
plant b2-ps-no-port    $PS 'srun python' master-port-missing,variable-unset -e '/^export MASTER_PORT/d'
plant b2-po-late-q     $PO '#PBS -q prod' directive-ignored -e '/^#PBS -q prod/d' -e '/^module use/a #PBS -q prod'
plant b2-an-tpn4       $AN '--ntasks-per-node=4 || srun bash' torchrun-per-gpu,ranks-mismatch,devices-mismatch -e 's/--ntasks-per-node=1/--ntasks-per-node=4/'
plant b2-ls-2nodes     $LS 'torchrun --standalone || #SBATCH -N 2' launcher-not-distributed,gpus-idle,nodes-mismatch -e 's/^#SBATCH -N 1$/#SBATCH -N 2/'
plant b2-vi-gpn4       $VI '--gpus-per-node=4' gpus-exceed-node -e '/^#SBATCH -n 8$/a #SBATCH --gpus-per-node=4'
plant b2-ps-srun-n4    $PS 'srun -n 4' gpus-idle,ranks-mismatch,tasks-below-nodes -e 's/^srun python/srun -n 4 python/'
plant b2-de-gpn-var    $DE '--gpus-per-node=${GPUS}' directive-value -e 's/--gpus-per-node=4/--gpus-per-node=${GPUS}/'
plant b2-br-ds-nohost1 $BR 'deepspeed --num_gpus' deepspeed-no-hostfile -e 's/--hostfile hostfile //' -e 's/^#SBATCH -N 2$/#SBATCH --nodes=2/'
plant b2-au-ccl-gloo   $AU 'mpiexec -n' backend-vendor -e 's/--backend ccl/--backend gloo/'
plant b2-fr-torchrun8  $FR 'srun --gpu-bind' torchrun-per-gpu,ranks-mismatch,devices-mismatch -e 's/python -u train.py/torchrun --nproc_per_node=8 train.py/'
plant b2-po-pbs-slurmdir $PO '#SBATCH' wrong-scheduler,directive-unknown,directive-ignored -e '/^#PBS -l place=scatter/a #SBATCH --gpus-per-node=4'

# -- batch 3 (session 16): written before maple was run on them; the ids chosen from the defect
plant b3-ps-cont-blank   $PS 'srun python train.py \' continuation-broken -e 's|^srun python train.py --config|srun python train.py \\ \n    --config|'
plant b3-po-cont-comment $PO 'mpiexec -n 40' continuation-broken -e 's|--cpu-bind depth ./set_affinity|--cpu-bind depth \\ # one rank per GPU\n    ./set_affinity|'
plant b3-de-no-backslash $DE '  --model llama3-8b' continuation-broken -e 's|finetune.py --model llama3-8b|finetune.py\n  --model llama3-8b|'
plant b3-an-gpus8        $AN '--gpus-per-node=8' gpus-exceed-node -e 's/--gpus-per-node=4/--gpus-per-node=8/'
plant b3-br-late-time    $BR '#SBATCH -t 08:00:00' directive-ignored -e '/^#SBATCH -t 08:00:00/d' -e '/^module load anaconda3/a #SBATCH -t 08:00:00'
plant b3-an-late-account $AN '#SBATCH -A cis230000-gpu' directive-ignored,account-missing -e '/^#SBATCH -A /d' -e '/^module load modtree/a #SBATCH -A cis230000-gpu'
plant b3-fr-mpiexec      $FR 'mpiexec -n 32' '*' -e 's/^srun --gpu-bind=closest python/mpiexec -n 32 --ppn 8 python/'
plant b3-po-srun         $PO 'srun -n 40' '*' -e 's|^mpiexec -n 40 --ppn 4 --depth 8 --cpu-bind depth|srun -n 40 --ntasks-per-node=4|'
plant b3-an-no-account   $AN '*' account-missing,required-directive -e '/^#SBATCH -A /d'
plant b3-br-walltime     $BR '#SBATCH -t 60:00:00' walltime-exceeds-queue -e 's/-t 08:00:00/-t 60:00:00/'
plant b3-an-walltime     $AN '#SBATCH -t 72:00:00' walltime-exceeds-queue -e 's/-t 10:00:00/-t 72:00:00/'
plant b3-de-tpn2         $DE '--ntasks-per-node=2 || srun torchrun' torchrun-per-gpu,ranks-mismatch -e 's/--ntasks-per-node=1/--ntasks-per-node=2/'
plant b3-fr-tpn4         $FR '--ntasks-per-node=4' gpus-idle,ranks-mismatch,devices-mismatch -e 's/--ntasks-per-node=8/--ntasks-per-node=4/'
plant b3-po-cvd0         $PO 'CUDA_VISIBLE_DEVICES=0' visible-devices-narrow -e '/^export NCCL_NET_GDR_LEVEL/a export CUDA_VISIBLE_DEVICES=0'
plant b3-ps-pbs-nodefile $PS 'PBS_NODEFILE' scheduler-variable,wrong-scheduler -e 's|scontrol show hostnames "$SLURM_NODELIST" \| head -n 1|head -n 1 "$PBS_NODEFILE"|'
plant b3-ls-nproc-unset  $LS 'torchrun --standalone' variable-unset -e 's/--nproc_per_node=3/--nproc_per_node=$NGPUS/'
plant b3-an-localhost    $AN 'accelerate launch' rdzv-localhost -e 's/--main_process_ip $head/--main_process_ip localhost/'
plant b3-fr-cuda-module  $FR 'module load cuda' '*' -e 's|^module load rocm/6.2.4|module load cuda/12.2|'
plant b3-de-late-gpus    $DE '#SBATCH --gpus-per-node=4' directive-ignored -e '/^#SBATCH --gpus-per-node=4/d' -e '/^module load python/a #SBATCH --gpus-per-node=4'
plant b3-po-ppn-cont-gap $PO '  --epochs 5' continuation-broken -e 's|train_ddp.py --epochs 5|train_ddp.py\n  --epochs 5|'

# -- batch 4 (session 17): written before the fixes; a job array's index read bare in shell arithmetic
# under the other scheduler, torchrun put on a one-task-per-GPU header (the line that changed is the
# launch), a misspelt directive on a known cluster (still an error, beside the site plugin options
# that are now warnings on clusters maple does not know)
plant b4-po-slurm-arith   $PO 'SLURM_ARRAY_TASK_ID' scheduler-variable -e '/^export NCCL_NET_GDR_LEVEL/a export SEED=$(( SLURM_ARRAY_TASK_ID + 1 ))'
plant b4-ps-pbs-arith     $PS 'PBS_ARRAY_INDEX' scheduler-variable -e '/^export MASTER_PORT/a SHARD=$((PBS_ARRAY_INDEX % 4))' -e 's/--epochs 30/--epochs 30 --shard $SHARD/'
plant b4-ps-torchrun4     $PS 'srun torchrun' torchrun-per-gpu,ranks-mismatch,devices-mismatch -e 's/^srun python train.py/srun torchrun --nproc_per_node=4 train.py/'
plant b4-ps-tpn-typo      $PS '--ntask-per-node' directive-unknown -e 's/--ntasks-per-node=4/--ntask-per-node=4/'
plant b4-fr-pbs-arith     $FR 'PBS_ARRAY_INDEX' scheduler-variable -e '/^export MASTER_ADDR/a export RUN=$(( PBS_ARRAY_INDEX * 2 ))'
