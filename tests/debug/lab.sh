#!/bin/bash
# lab.sh - proves `maple debug` patches by a re-run on the Slurm lab (tests/lab/lab.sh), for failures the
# lab can reproduce: (1) an unexpanded $variable in a '#SBATCH' line (sbatch refuses the partition '$PART');
# (2) MASTER_PORT missing in the environment of the ranks (torch's env:// rendezvous fails); (3) the fixed
# MASTER_PORT is already taken on the node by another process (rank 0 cannot bind it); (4) the main srun
# waits behind a helper step that holds the allocation until the time limit. Each script
# fails for real, `maple debug --apply` names the cause and patches the script, and the patched script
# runs to completion. Bounded waits; the lab is always taken down.
#
#   flock -o /tmp/maple-lab.lock bash tests/debug/lab.sh <maple> <srcdir>     (root; skips, saying so, otherwise)
set -uo pipefail
# shellcheck source=../cli/lib.bash
source "$(dirname "$0")/../cli/lib.bash"
# shellcheck source=../lab/preflight.sh
PREFLIGHT_TEST=lab_debug
source "$SRC/tests/lab/preflight.sh"
preflight env-skip root lab-packages torch namespaces hostname port:6817
LAB="$SRC/tests/lab/lab.sh"
export MAPLE_LAB_DIR=${MAPLE_LAB_DIR:-/tmp/maple-lab-debug}
T="$TMP/w"
mkdir -p "$T"
cleanup() {
	bash "$LAB" down >/dev/null 2>&1 || true
	# a munged of this lab that survived `down` would keep the lab lock (an inherited descriptor)
	local p
	for p in $(pgrep -x munged); do
		grep -qs -- "$MAPLE_LAB_DIR/" "/proc/$p/cmdline" && kill "$p" 2>/dev/null
	done
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
eval "$(bash "$LAB" env)"
bash "$LAB" up -n 2 >"$T/up.log" 2>&1 || { fail "lab up: $(tail -n 3 "$T/up.log")"; finish; }
cd "$T" || exit 2
part=$(sinfo -h -o %P | head -n 1 | tr -d '*')

# wait_job ID: until the job leaves the queue (at most 120 s); prints its final state
wait_job() {
	local i st
	for ((i = 0; i < 600; i++)); do
		st=$(scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
		case $st in COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) echo "$st"; return ;; esac
		sleep 0.2
	done
	echo "STILL-${st:-UNKNOWN}"
}

# the ranks' program of sections 2-4
cat >ddp_check.py <<'EOF'
import os
import torch.distributed as d
os.environ.setdefault("RANK", os.environ["SLURM_PROCID"])
os.environ.setdefault("WORLD_SIZE", os.environ["SLURM_NTASKS"])
d.init_process_group("gloo", init_method="env://")
d.barrier()
print("rank", d.get_rank(), "of", d.get_world_size(), "ok", flush=True)
EOF

# ---- 4. (submitted now, judged last) the main srun waits behind a helper step ----
# A helper step started in the background holds both task slots; the training step cannot be created
# ("step creation temporarily disabled") and the job runs into its time limit.
cat >step.sh <<'EOF'
#!/bin/bash
#SBATCH --job-name=step
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --time=00:01:00
#SBATCH --output=step.out
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29600
srun -n 2 sleep 300 &
sleep 3
srun python -u ddp_check.py
EOF
sed -i "s/^#SBATCH --nodes=1$/#SBATCH --nodes=1\n#SBATCH --partition=$part/" step.sh
# its time limit (1 min, and Slurm's check of it) is most of this test's time: it runs out while sections 1-3
# run on the lab's other node
step_id=$(sbatch --parsable step.sh 2>step.err)

# ---- 1. a '#SBATCH' line with a $variable ----
cat >var.sh <<EOF
#!/bin/bash
#SBATCH --job-name=var
#SBATCH --partition=\$PART
#SBATCH --nodes=1
#SBATCH --time=00:02:00
#SBATCH --output=var.out
PART=$part
srun -N 1 -n 1 hostname
EOF
sbatch var.sh >var.log 2>&1
expect_eq "unexpanded variable: sbatch refuses the script" "$?" 1
"$MAPLE" debug var.sh --log var.log --json --no-llm >var.json 2>var.err
expect_json_file() { # name file filter want
	local got
	got=$(jq -c "$3" "$2" 2>/dev/null)
	if [ "$got" = "$4" ]; then pass "$1"; else fail "$1" "got:  $got" "want: $4"; return 1; fi
}
expect_json_file "unexpanded variable: diagnosed, the line named" var.json \
	'[.diagnoses[0].signature, .diagnoses[0].script_line.line, .diagnoses[0].applicable]' \
	'["slurm-directive-unexpanded-var",3,true]'
"$MAPLE" debug var.sh --log var.log --apply --no-llm >/dev/null 2>&1
expect_contains "unexpanded variable: patched line" "$(sed -n 3p var.sh)" "#SBATCH --partition=$part"
if id=$(sbatch --parsable var.sh 2>var2.log); then
	st=$(wait_job "$id")
	expect_eq "unexpanded variable: the patched script runs (job $id)" "$st" COMPLETED
	expect_contains "unexpanded variable: the step ran on a lab node" "$(cat var.out 2>/dev/null)" "node"
else
	fail "unexpanded variable: the patched script is still refused" "$(cat var2.log)"
fi

# ---- 2. MASTER_PORT missing in the ranks' environment ----
cat >port.sh <<'EOF'
#!/bin/bash
#SBATCH --job-name=port
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --time=00:03:00
#SBATCH --output=port.out
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
srun python -u ddp_check.py
EOF
sed -i "s/^#SBATCH --nodes=1$/#SBATCH --nodes=1\n#SBATCH --partition=$part/" port.sh
id=$(sbatch --parsable port.sh 2>port.err)
st=$(wait_job "$id")
expect_eq "missing MASTER_PORT: the job fails (job $id)" "$st" FAILED
"$MAPLE" debug port.sh --log port.out --json --no-llm >port.json 2>/dev/null
expect_json_file "missing MASTER_PORT: diagnosed with a patch" port.json \
	'[.diagnoses[0].signature, .diagnoses[0].applicable]' '["env-master-port-unset",true]' ||
	fail "missing MASTER_PORT: the log was" "$(tail -n 20 port.out)" "$(jq -c '[.diagnoses[] | {signature, applicable}], .hints' port.json)"
"$MAPLE" debug port.sh --log port.out --apply --no-llm >/dev/null 2>&1
expect_contains "missing MASTER_PORT: patched" "$(cat port.sh)" "export MASTER_PORT="
rm -f port.out
id=$(sbatch --parsable port.sh 2>port.err)
st=$(wait_job "$id")
expect_eq "missing MASTER_PORT: the patched script runs (job $id)" "$st" COMPLETED
expect_eq "missing MASTER_PORT: both ranks joined" "$(grep -c ' of 2 ok' port.out 2>/dev/null)" 2

# ---- 3. the fixed MASTER_PORT is taken on the node ----
# Another process on the node (here started by the job itself, as a second job sharing the node would)
# listens on the port the script hard-codes, so rank 0's TCPStore cannot bind it.
cat >busy.sh <<'EOF'
#!/bin/bash
#SBATCH --job-name=busy
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --time=00:03:00
#SBATCH --output=busy.out
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29999
python3 -c 'import socket, time; s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("", 29999)); s.listen(); time.sleep(170)' &
sleep 2
srun --kill-on-bad-exit=1 python -u ddp_check.py
EOF
sed -i "s/^#SBATCH --nodes=1$/#SBATCH --nodes=1\n#SBATCH --partition=$part/" busy.sh
id=$(sbatch --parsable busy.sh 2>busy.err)
st=$(wait_job "$id")
expect_eq "port in use: the job fails (job $id)" "$st" FAILED
"$MAPLE" debug busy.sh --log busy.out --json --no-llm >busy.json 2>/dev/null
expect_json_file "port in use: diagnosed with a patch" busy.json \
	'[.diagnoses[0].signature, .diagnoses[0].applicable]' '["torchrun-port-in-use",true]' ||
	fail "port in use: the log was" "$(tail -n 20 busy.out)" "$(jq -c '[.diagnoses[] | {signature, applicable}], .hints' busy.json)"
"$MAPLE" debug busy.sh --log busy.out --apply --no-llm >/dev/null 2>&1
expect_contains "port in use: the port line is patched" "$(grep '^export MASTER_PORT=' busy.sh)" "SLURM_JOB_ID"
expect_contains "port in use: the other process keeps its port" "$(cat busy.sh)" '("", 29999)'
rm -f busy.out
id=$(sbatch --parsable busy.sh 2>busy.err)
st=$(wait_job "$id")
expect_eq "port in use: the patched script runs (job $id)" "$st" COMPLETED
expect_eq "port in use: both ranks joined" "$(grep -c ' of 2 ok' busy.out 2>/dev/null)" 2

# ---- 4. the main srun waits behind a helper step ----
# (submitted first, above: its time limit runs out while sections 1-3 use the other node)
st=$(wait_job "$step_id")
id=$step_id
expect_eq "step waits: the job runs into its time limit (job $id)" "$st" TIMEOUT
"$MAPLE" debug step.sh --log step.out --json --no-llm >step.json 2>/dev/null
expect_json_file "step waits: diagnosed with a patch" step.json \
	'[.diagnoses[0].signature, .diagnoses[0].applicable]' '["slurm-step-creation-disabled",true]' ||
	fail "step waits: the log was" "$(tail -n 20 step.out)" "$(jq -c '[.diagnoses[] | {signature, applicable}], .hints' step.json)"
"$MAPLE" debug step.sh --log step.out --apply --no-llm >/dev/null 2>&1
expect_contains "step waits: the training step may overlap" "$(grep 'ddp_check' step.sh)" "--overlap"
rm -f step.out
id=$(sbatch --parsable step.sh 2>step.err)
st=$(wait_job "$id")
expect_eq "step waits: the patched script runs (job $id)" "$st" COMPLETED
expect_eq "step waits: both ranks joined" "$(grep -c ' of 2 ok' step.out 2>/dev/null)" 2
finish
