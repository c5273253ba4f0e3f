# read_crlf.sh - a job script saved with DOS line ends (\r\n) is read as the lines they end (issue 13,
# src/script/jobscript.c): its launch line, continuation lines and program arguments are what the script
# means, while verify still reports the line ends themselves (dos-line-endings, an error: sbatch refuses them).
# Before, a \r ended every word and a backslash before it continued nothing: 'accelerate launch' in a
# bash -c over several lines read as plain PyTorch, arguments were lost, a continued mpiexec read no program.
. "$(dirname "$0")/lib.bash" "$@"

crlf() { sed 's/$/\r/' >"$1"; }
check() { # FILE FIELD WANT
	run_maple extract --json --script "$1"
	expect_eq "$(basename "$1"): $2" "$(jqv ".request.$2" | tr -d '\n')" "$3"
}
crlf "$TMP/vista-acc.sh" <<'EOF'
#!/bin/bash
#SBATCH -J acc-crlf
#SBATCH -p gh
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 00:30:00
#SBATCH -A ABC24012
HEAD=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
mpirun -np 2 --map-by ppr:1:node -x HEAD=$HEAD bash -c 'accelerate launch --multi_gpu --num_machines 2 \
    --machine_rank $OMPI_COMM_WORLD_RANK --num_processes 2 \
    --main_process_ip $HEAD --main_process_port 29500 \
    sft.py --model_name gpt2 --epochs 2'
EOF
check "$TMP/vista-acc.sh" framework accelerate
check "$TMP/vista-acc.sh" script sft.py
check "$TMP/vista-acc.sh" script_args '["--model_name","gpt2","--epochs","2"]'
check "$TMP/vista-acc.sh" nodes 2
crlf "$TMP/pm-args.sh" <<'EOF'
#!/bin/bash
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python train.py --epochs 3 --lr 0.1
EOF
check "$TMP/pm-args.sh" script train.py
check "$TMP/pm-args.sh" script_args '["--epochs","3","--lr","0.1"]'
check "$TMP/pm-args.sh" gpus_per_node 4
crlf "$TMP/pol-cont.sh" <<'EOF'
#!/bin/bash
#PBS -A MyProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
cd ${PBS_O_WORKDIR}
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
mpiexec -n 40 --ppn 4 --depth=16 --cpu-bind depth \
    python train.py \
    --batch-size 64 --epochs 5
EOF
check "$TMP/pol-cont.sh" framework pytorch
check "$TMP/pol-cont.sh" script train.py
check "$TMP/pol-cont.sh" script_args '["--batch-size","64","--epochs","5"]'
check "$TMP/pol-cont.sh" nodes 10
# verify still reports the line ends, once, as the error, and nothing the \r made up (no broken continuation)
run_maple verify --json "$TMP/pol-cont.sh"
expect_rc "a CRLF script: verify fails" 1
expect_eq "the only error is the DOS line ends" "$(jqv '[.findings[] | select(.severity == "error") | .id] | join(",")')" "dos-line-endings"
# the same file with Unix line ends reads the same
tr -d '\r' <"$TMP/pol-cont.sh" >"$TMP/pol-lf.sh"
run_maple extract --json --script "$TMP/pol-lf.sh"
lf=$(jqv '.request | {framework, strategy, script, script_args, nodes, gpus_per_node}' | jq -c .)
run_maple extract --json --script "$TMP/pol-cont.sh"
expect_eq "CRLF and LF read the same" "$(jqv '.request | {framework, strategy, script, script_args, nodes, gpus_per_node}' | jq -c .)" "$lf"
finish
