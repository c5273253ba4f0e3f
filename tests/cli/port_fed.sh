# port_fed.sh - heredocs fed on standard input (issue 13, src/script/launch.c, src/port/port.c): a heredoc fed to
# a shell with no file operand (`srun bash <<EOF`, `bash -l <<'EOF'`, `mpiexec ... bash -s <<EOF`) holds the lines
# that shell runs, so the launch inside it is read as if inline and ported (the port of `srun bash <<EOF` started
# torchrun on 'bash' before: maple's own check refused it). Python given inline (`python - <<EOF`, `python -c`)
# and a heredoc a launch line gives its program as input (`train.py --config - <<EOF`) leave the port incomplete,
# with the lines to save as a file - a port would have to invent the file, and its launch has no such input.
. "$(dirname "$0")/lib.bash" "$@"

hdr_pm='#!/bin/bash
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00'
cat >"$TMP/srun_bash.sh" <<EOF
$hdr_pm
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
export MASTER_ADDR=\$(scontrol show hostnames \$SLURM_JOB_NODELIST | head -n 1)
srun bash <<EOT
torchrun --nnodes=2 --nproc_per_node=4 --node_rank=\\\$SLURM_NODEID --master_addr=\$MASTER_ADDR --master_port=29500 train.py --epochs 5
EOT
EOF
cat >"$TMP/login_bash.sh" <<EOF
$hdr_pm
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
bash -l <<'EOT'
module load pytorch/2.3.1
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=\$(hostname):29500 train.py --lr 3e-4
EOT
EOF
cat >"$TMP/pbs_bash_s.sh" <<'EOF'
#!/bin/bash
#PBS -A MyProj
#PBS -q prod
#PBS -l select=2:system=polaris
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
HEAD=$(head -n 1 $PBS_NODEFILE)
mpiexec -n 2 --ppn 1 bash -s <<EOT
torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=${HEAD}:29500 finetune.py --bf16
EOT
EOF
cat >"$TMP/sh_accel.sh" <<'EOF'
#!/bin/bash
#SBATCH -A bbka-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
sh <<'EOT'
accelerate launch --multi_gpu --num_processes 4 run_glue.py --task_name mrpc
EOT
EOF
for c in srun_bash:delta:'train\.py --epochs 5' srun_bash:polaris:'train\.py --epochs 5' \
	 login_bash:frontier:'train\.py --lr 3e-4' pbs_bash_s:perlmutter:'finetune\.py --bf16' \
	 pbs_bash_s:vista:'finetune\.py --bf16' sh_accel:anvil:'run_glue\.py --task_name mrpc'; do
	IFS=: read -r name target want <<<"$c"
	run_maple generate --json --from "$TMP/$name.sh" --to "$target" "account testproj"
	expect_rc "$name to $target: ported" 0
	expect_match "$name to $target: the fed program is the port's" "$(jqv '.script')" "$want"
	expect_no_match "$name to $target: no shell started as the program" "$(jqv '.script')" '(torchrun|python)[^|]* bash( |$)'
done
# a heredoc given to a shell that runs a file is that file's input, not a program
cat >"$TMP/file_operand.sh" <<'EOF'
#!/bin/bash
#SBATCH -A bbka-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
bash make_env.sh <<EOT
torchrun --nproc_per_node=4 other.py
EOT
srun python train.py --epochs 3
EOF
run_maple extract --json --script "$TMP/file_operand.sh"
expect_eq "bash FILE <<EOF: the heredoc is FILE's input" "$(jqv '.request.script')" "train.py"

# Python given inline: incomplete, with its lines
cat >"$TMP/py_stdin.sh" <<EOF
$hdr_pm
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
srun python - <<'EOT'
import torch.distributed as dist
dist.init_process_group("nccl")
EOT
EOF
cat >"$TMP/py_c.sh" <<EOF
$hdr_pm
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
srun python3 -c 'import torch.distributed as d; d.init_process_group("nccl")'
EOF
cat >"$TMP/py_pbs.sh" <<'EOF'
#!/bin/bash
#PBS -A MyProj
#PBS -q prod
#PBS -l select=1:system=polaris
#PBS -l walltime=00:30:00
mpiexec -n 4 --ppn 4 python3 <<EOT
import torch
print(torch.cuda.device_count())
EOT
EOF
for c in py_stdin:'line 9: the program is Python fed on its standard input \(the heredoc of lines 10-11\)' \
	 py_c:"line 9: the program is Python given inline \\(.python3 -c '...'.\\)" \
	 py_pbs:'line 6: the program is Python fed on its standard input \(the heredoc of lines 7-8\).*with each .\$ written \$'; do
	IFS=: read -r name want <<<"$c"
	run_maple generate --json --from "$TMP/$name.sh" --to delta "account testproj"
	expect_rc "$name: incomplete" 3
	expect_match "$name: the inline program is named with its lines" "$(jqv '.missing[]')" "$want"
done
# verify: a launch of inline Python is said at its line, not "nothing starts the training"
run_maple verify --json "$TMP/py_stdin.sh"
expect_match "verify: python - <<EOF is named at its line" \
	"$(jqv '.findings[] | select(.id == "launcher-missing") | "\(.line) \(.message)"')" \
	'^9 the program is Python fed on its standard input \(the heredoc of lines 10-11\)'
run_maple verify --json "$TMP/py_c.sh"
expect_match "verify: python3 -c is named at its line" \
	"$(jqv '.findings[] | select(.id == "launcher-missing") | "\(.line) \(.message)"')" '^9 the program is Python given inline'
# the launch line's own input from a heredoc: incomplete (the port's launch has no such input)
cat >"$TMP/stdin_cfg.sh" <<'EOF'
#!/bin/bash
#SBATCH -A bbka-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
srun torchrun --standalone --nproc_per_node=4 train.py --config - <<'EOT'
lr: 0.001
EOT
EOF
run_maple generate --json --from "$TMP/stdin_cfg.sh" --to perlmutter "account testproj"
expect_rc "a program's standard input from a heredoc: incomplete" 3
expect_match "the heredoc given as input is named" "$(jqv '.missing[]')" \
	'line 8: the launch line gives the program its standard input from the heredoc of lines 9-9'
finish
