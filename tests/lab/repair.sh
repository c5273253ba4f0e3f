#!/bin/bash
# repair.sh - the repair loop (`maple run --fix`) end to end on the Slurm lab: six planted faults (fixed
# node rank, MASTER_ADDR not exported to the tasks, a port already in use, wrong --nproc_per_node, a
# missing module, the wrong process-group backend), each repaired to a passing mini-app run within 5
# iterations; a fix that worked is remembered and used first the next time; a fault no signature knows
# stops with "unknown" instead of looping.
#
#   bash tests/lab/repair.sh <maple> <srcdir>        (root; what it needs is checked first: tests/lab/preflight.sh)
set -uo pipefail
# shellcheck source=../cli/lib.bash
source "$(dirname "$0")/../cli/lib.bash"
# shellcheck source=preflight.sh
PREFLIGHT_TEST=lab_repair
source "$SRC/tests/lab/preflight.sh"
preflight env-skip root lab-packages torch namespaces hostname port:6817
LAB="$SRC/tests/lab/lab.sh"
export MAPLE_LAB_DIR=${MAPLE_LAB_DIR:-/tmp/maple-lab-repair}
export MAPLE_STATE_DIR="$TMP/state"
T="$TMP/w"
mkdir -p "$T"
listener=
cleanup() {
	[ -n "$listener" ] && pkill -f maple-port-holder
	bash "$LAB" down >/dev/null 2>&1 || true
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
eval "$(bash "$LAB" env)"
bash "$LAB" up --shape perlmutter --maple "$MAPLE" >"$T/up.log" 2>&1 || { fail "lab up: $(cat "$T/up.log")"; finish; }
cd "$T" || exit 2

"$MAPLE" generate --cluster perlmutter -o good.sh "pytorch ddp training of train.py on 2 nodes for 30 minutes, account m1234" 2>/dev/null
plant() { sed "$2" good.sh >"$1.sh"; cmp -s good.sh "$1.sh" && fail "planting $1 changed nothing"; }
plant fixed-rank 's/--node_rank=\$SLURM_PROCID/--node_rank=0/'
plant not-exported '/^export MASTER_ADDR$/d'
cp good.sh port.sh # the fault is outside the script: a process holds port 29500 on node1
plant nproc 's/--nproc_per_node=4/--nproc_per_node=2/'
plant backend 's/train.py/train.py --backend nccl/'
cat >module.sh <<'EOF'
#!/bin/bash
#SBATCH --job-name=direct
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --account=m1234
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=00:30:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun python -u train.py --epochs 1
EOF

repair() { # name expected-first-diagnosis [env...]
	local name=$1 want=$2
	shift 2
	env "$@" "$MAPLE" run --fix --max-iters 5 --timeout "${REPAIR_TIMEOUT:-30}" --json "$name.sh" >"$name.json" 2>"$name.err"
	local rc=$? out diags
	out=$(jq -r .outcome "$name.json" 2>/dev/null)
	diags=$(jq -r '[.iterations[].diagnosis // empty] | join(",")' "$name.json" 2>/dev/null)
	if [ $rc -eq 0 ] && [ "$out" = pass ] && [ "${diags%%,*}" = "$want" ] &&
		[ "$(jq '.iterations | length' "$name.json")" -le 5 ]; then
		pass "$name: repaired in $(jq '.iterations | length' "$name.json") runs ($diags)"
	else
		fail "$name: rc=$rc outcome=$out diagnoses=$diags (want $want first)" "$(jq -c '[.iterations[] | {d: .diagnosis, r: .verification.reasons}], .stopped' "$name.json" 2>/dev/null) $(head -c 600 "$name.err")"
	fi
	if [ -s "$name.sh.fixed" ] && bash -n "$name.sh.fixed"; then
		pass "$name: the fixed script is written and passes bash -n"
	else
		fail "$name: no fixed script, or it fails bash -n"
	fi
}

repair fixed-rank verify-node-rank-fixed
repair not-exported verify-master-addr-elsewhere
repair nproc verify-world-size-mismatch
repair backend backend-nccl-not-built
MAPLE_LAB_TORCH_MODULE=pytorch export MAPLE_LAB_TORCH_MODULE
repair module perlmutter-torch-module-missing
unset MAPLE_LAB_TORCH_MODULE

# a port already taken on the first node
bash "$LAB" on 1 /usr/bin/python3 -c 'import socket,time; s=socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1); s.bind(("0.0.0.0", 29500)); s.listen(); time.sleep(600)' maple-port-holder &
listener=$!
sleep 1
repair port torchrun-port-in-use
pkill -f maple-port-holder
listener=

# remembered: the same failure on the same cluster gets the fix that worked, marked as remembered
cp nproc.sh nproc2.sh
"$MAPLE" run --fix --timeout 30 --json nproc2.sh >nproc2.json 2>/dev/null
expect_eq "remembered fix: passes again" "$(jq -r .outcome nproc2.json)" pass
expect_eq "remembered fix: used from the store" "$(jq -r '[.iterations[].remembered // empty] | any' nproc2.json)" true

# a script that passed can become a template of the cluster; one that did not, only with --force
XDG_CONFIG_HOME="$TMP/cfg" "$MAPLE" templates add nproc.sh.fixed --cluster perlmutter --id repaired-ddp >tpl.out 2>&1
expect_eq "templates add: the repaired script is saved as a template" "$?" 0
XDG_CONFIG_HOME="$TMP/cfg" "$MAPLE" templates --cluster perlmutter >tpl.list 2>&1
expect_contains "templates add: listed and valid" "$(cat tpl.list)" "repaired-ddp"
XDG_CONFIG_HOME="$TMP/cfg" "$MAPLE" templates add nproc.sh --cluster perlmutter --id broken-ddp >tpl.out 2>&1
expect_eq "templates add: a script that never passed is refused" "$?" 2

# a failure nothing knows: stops, says unknown, does not loop
sed 's/train.py/train.py; exit 3/' good.sh >unknown.sh
"$MAPLE" run --fix --timeout 30 --json --cluster perlmutter unknown.sh >unknown.json 2>/dev/null
expect_eq "unknown failure: exit 1" "$?" 1
expect_eq "unknown failure: one run, then stop" "$(jq '.iterations | length' unknown.json)" 1
expect_contains "unknown failure: says why it stopped" "$(jq -r .stopped unknown.json)" "unknown"
finish
