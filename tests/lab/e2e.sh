#!/bin/bash
# e2e.sh - maple against a real Slurm (tests/lab/lab.sh), end to end: for every Slurm cluster profile,
# generate a 2-node PyTorch DDP and FSDP script, `sbatch --test-only` it against a lab shaped like that
# cluster, then `maple verify --run submit` it and require the mini-app to pass on 2 distinct hosts; the
# PBS clusters (Polaris, Aurora) through the lab's emulated PBS job; planted wrong scripts must fail with a
# reason that names the fault; afterwards nothing of the lab may be left behind.
#
#   bash tests/lab/e2e.sh <maple> <srcdir> [CLUSTER...]     (root; the lab's packages: scripts/install-deps --tests)
# What it needs is checked first (tests/lab/preflight.sh): root, the packages, namespaces, a resolvable host
# name, port 6817 free; when something is missing it is reported as a skip (exit 77) with the reason and the
# fix within a second; MAPLE_LAB_SKIP=1 skips it the same way; MAPLE_TEST_NO_SKIP=1 (CI) makes a skip a failure.
set -uo pipefail
# shellcheck source=../cli/lib.bash
source "$(dirname "$0")/../cli/lib.bash"
shift 2

# shellcheck source=preflight.sh
PREFLIGHT_TEST=lab_e2e
source "$SRC/tests/lab/preflight.sh"
preflight env-skip root lab-packages torch namespaces hostname port:6817
LAB="$SRC/tests/lab/lab.sh"
export MAPLE_LAB_DIR=${MAPLE_LAB_DIR:-/tmp/maple-lab-e2e}
T=$(mktemp -d /tmp/maple-e2e.XXXXXX)
cleanup() {
	bash "$LAB" down >/dev/null 2>&1 || true
	rm -rf "$T" "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

eval "$(bash "$LAB" env)"
cd "$T" || exit 2

# A run's verdict and facts, as one line of JSON.
run_summary() { jq -c '{v: .verdict, nodes: .seen.nodes, world: .seen.world_size, expect: .expected.world_size, s: .job.seconds, reasons: .reasons}'; }

mapfile -t SLURM_CLUSTERS < <("$MAPLE" clusters --json | jq -r '.[] | select(.scheduler == "slurm") | .id')
mapfile -t PBS_CLUSTERS < <("$MAPLE" clusters --json | jq -r '.[] | select(.scheduler == "pbs") | .id')
if [ $# -gt 0 ]; then
	SLURM_CLUSTERS=() PBS_CLUSTERS=()
	for c in "$@"; do
		if [ "$("$MAPLE" clusters "$c" --json | jq -r .scheduler)" = pbs ]; then PBS_CLUSTERS+=("$c"); else SLURM_CLUSTERS+=("$c"); fi
	done
fi
expect_eq "clusters to test" "$(( ${#SLURM_CLUSTERS[@]} + ${#PBS_CLUSTERS[@]} > 0 ))" 1

for c in "${SLURM_CLUSTERS[@]}"; do
	if ! bash "$LAB" up --shape "$c" --maple "$MAPLE" >"$T/up.log" 2>&1; then
		fail "$c: lab up: $(tail -n 3 "$T/up.log")"
		continue
	fi
	for fw in ddp fsdp; do
		s="$T/$c-$fw.sh"
		if ! "$MAPLE" generate --cluster "$c" -o "$s" \
			"pytorch $fw training of train.py on 2 nodes for 30 minutes, account abc123" 2>"$T/gen.err"; then
			fail "$c $fw: generate: $(cat "$T/gen.err")"
			continue
		fi
		if out=$(sbatch --test-only "$s" 2>&1); then
			pass "$c $fw: sbatch --test-only accepts the generated script"
		else
			fail "$c $fw: sbatch --test-only refused it: $out"
		fi
		"$MAPLE" verify --run submit --timeout 120 --json --mode "$fw" "$s" >"$T/r.json" 2>"$T/r.err"
		rc=$?
		sum=$(run_summary <"$T/r.json")
		if [ $rc -eq 0 ] && [ "$(jq -r .verdict "$T/r.json")" = pass ] && [ "$(jq -r .seen.nodes "$T/r.json")" = 2 ] &&
			[ "$(jq -r '[.ranks[].host] | unique | length' "$T/r.json")" = 2 ] &&
			[ "$(jq -r .seen.world_size "$T/r.json")" = "$(jq -r .expected.world_size "$T/r.json")" ]; then
			pass "$c $fw: mini-app passed on 2 hosts $sum"
		else
			fail "$c $fw: verify --run: rc=$rc $sum $(cat "$T/r.err")"
		fi
		if [ "$fw" = fsdp ]; then
			expect_eq "$c fsdp: labelled as the CPU emulation" "$(jq -r '[.ranks[].label] | unique | join(",")' "$T/r.json")" fsdp-cpu-emulated
		fi
	done
done

for c in "${PBS_CLUSTERS[@]}"; do
	bash "$LAB" up --shape "$c" --maple "$MAPLE" >"$T/up.log" 2>&1 || { fail "$c: lab up: $(tail -n 3 "$T/up.log")"; continue; }
	for fw in ddp fsdp; do
		s="$T/$c-$fw.sh"
		"$MAPLE" generate --cluster "$c" -o "$s" "pytorch $fw training of train.py on 2 nodes for 30 minutes, project abc123" 2>/dev/null ||
			{ fail "$c $fw: generate"; continue; }
		bash "$LAB" pbs-job "$MAPLE" verify --run local --timeout 120 --json --mode "$fw" "$s" >"$T/r.json" 2>"$T/r.err"
		rc=$?
		sum=$(run_summary <"$T/r.json")
		if [ $rc -eq 0 ] && [ "$(jq -r '[.ranks[].host] | unique | length' "$T/r.json")" = 2 ]; then
			pass "$c $fw: mini-app passed on 2 hosts in the emulated PBS job $sum"
		else
			fail "$c $fw: rc=$rc $sum $(tail -n 5 "$T/r.err")"
		fi
	done
done

# --- planted faults, on a Perlmutter-shaped lab ---
if bash "$LAB" up --shape perlmutter --maple "$MAPLE" >"$T/up.log" 2>&1; then
	good="$T/good.sh"
	"$MAPLE" generate --cluster perlmutter -o "$good" "pytorch ddp training of train.py on 2 nodes for 30 minutes, account m1234" 2>/dev/null
	plant() { # name sed-expression
		sed "$2" "$good" >"$T/$1.sh"
		cmp -s "$good" "$T/$1.sh" && fail "planting $1 changed nothing"
	}
	plant fixed-rank 's/--node_rank=\$SLURM_PROCID/--node_rank=0/'
	plant batch-rank 's/--node_rank=\$SLURM_PROCID/--node_rank='"'"'"$SLURM_NODEID"'"'"'/'
	plant nnodes 's/--nnodes=2/--nnodes=4/'
	plant master-addr 's/head -n 1)/tail -n 1)/'
	plant per-gpu 's/srun -N 2 -n 2 --ntasks-per-node=1/srun -N 2 -n 8 --ntasks-per-node=4/'
	plant few-ranks 's/--nproc_per_node=4/--nproc_per_node=2/'

	check_fault() { # name extra-args regex-the-reasons-must-match
		local name=$1 args=$2 want=$3 r
		# shellcheck disable=SC2086
		"$MAPLE" verify --run submit --timeout 45 --json $args "$T/$name.sh" >"$T/f.json" 2>"$T/f.err"
		local rc=$?
		r=$(jq -r '(.reasons + .static_errors) | join(" | ")' "$T/f.json" 2>/dev/null)
		if [ $rc -eq 1 ] && [ "$(jq -r .verdict "$T/f.json")" != pass ] && grep -Eq -- "$want" <<<"$r"; then
			pass "planted $name${args:+ ($args)}: fails, naming the fault"
		else
			fail "planted $name${args:+ ($args)}: rc=$rc, reasons: $r $(cat "$T/f.err")"
		fi
	}
	# caught before any queue wait
	check_fault fixed-rank "" "node-rank-fixed"
	check_fault batch-rank "" "node-rank"
	check_fault nnodes "" "nodes-mismatch.*torchrun expects 4 nodes"
	check_fault per-gpu "" "torchrun-per-gpu"
	# caught by running them
	check_fault master-addr "" "MASTER_ADDR is node2.*first node.*node1"
	check_fault few-ranks "" "world size of 4.*8 GPU slots"
	check_fault fixed-rank "--force" "never met|node-rank-fixed"
	check_fault nnodes "--force" "never met|nodes-mismatch"
	expect_eq "no job left in the queue after the planted runs (timeouts were cancelled)" "$(squeue -h | wc -l)" 0
else
	fail "perlmutter lab up: $(tail -n 3 "$T/up.log")"
fi

# --- Ctrl-C cancels the job ---
if bash "$LAB" up --shape perlmutter --maple "$MAPLE" >/dev/null 2>&1; then
	"$MAPLE" verify --run submit --timeout 300 "$T/master-addr.sh" >"$T/int.out" 2>&1 &
	vpid=$!
	for _ in $(seq 1 100); do
		[ "$(squeue -h -t R | wc -l)" -gt 0 ] && break
		sleep 0.1
	done
	kill -INT $vpid
	wait $vpid
	expect_eq "Ctrl-C: maple verify exits 1" "$?" 1
	if grep -q "cancelled" "$T/int.out"; then pass "Ctrl-C: the job was cancelled and maple says so"; else fail "Ctrl-C: $(cat "$T/int.out")"; fi
	expect_eq "Ctrl-C: nothing left in the queue" "$(squeue -h | wc -l)" 0
fi

# --- tear-down leaves nothing behind ---
bash "$LAB" down >/dev/null 2>&1
expect_eq "no Slurm daemon left running" "$(pgrep -c '^slurm' || true)" 0
expect_eq "no lab network namespace left" "$(ip netns list | grep -c '^mlnode' || true)" 0
expect_eq "no lab bridge left" "$(ip link show mlbr0 >/dev/null 2>&1 && echo yes || echo no)" no
expect_eq "no lab directory left" "$([ -e "$MAPLE_LAB_DIR" ] && echo yes || echo no)" no
expect_eq "no mini-app process left" "$(pgrep -f maple_miniapp.py -c || true)" 0
finish
