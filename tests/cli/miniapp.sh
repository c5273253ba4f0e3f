# miniapp.sh - data/miniapps/maple_miniapp.py, the program `maple verify --run` launches in place of
# the user's script, run for real on this machine (CPU, gloo) under each launcher it must understand:
# torchrun (ddp, fsdp), a wrong --expect-world, mpiexec.hydra (PMI), hand-set Slurm task variables,
# deepspeed/accelerate when not installed (skipped, never pass), and the Python 3.11 shim
# (tests/lab/py311shim) that torch 1.13's torchrun needs.
# Needs Debian's python3-torch in /usr/bin/python3 and a resolvable host name; checked first (a skip,
# exit 77, with the reason and the fix: tests/lab/preflight.sh). Ports 29700-29799 only.
. "$(dirname "$0")/lib.bash" "$@"

PY=/usr/bin/python3
APP=$SRC/data/miniapps/maple_miniapp.py
SHIM=$SRC/tests/lab/py311shim
# shellcheck source=../lab/preflight.sh
PREFLIGHT_TEST=cli_miniapp
source "$SRC/tests/lab/preflight.sh"
preflight torch hostname port:29711 port:29712
# Debian's torchrun runs /usr/bin/python3.11; without it, the same entry point as a module.
if [ -x /usr/bin/torchrun ]; then TR=(/usr/bin/torchrun); else TR=("$PY" -m torch.distributed.run); fi
TORCHRUN=(timeout 120 "${TR[@]}" --standalone --nproc_per_node=2 --monitor_interval=1)

# No launcher variables from whoever runs the suite (a Slurm job, an MPI shell) may leak in.
for v in $(compgen -e); do
	case $v in
	SLURM_* | PMI_* | PALS_* | OMPI_* | MPI_LOCALRANKID | PBS_* | RANK | WORLD_SIZE | LOCAL_RANK | \
		LOCAL_WORLD_SIZE | MASTER_ADDR | MASTER_PORT | PYTHONPATH) unset "$v" ;;
	esac
done

# run_app NAME CMD...: runs CMD; RC, ERR, the raw stdout in RAW, and OUT = a JSON array of the
# MAPLE_MINIAPP lines' objects, sorted by rank.
run_app() {
	local name=$1
	shift
	"$@" </dev/null >"$TMP/$name.out" 2>"$TMP/$name.err"
	RC=$?
	RAW=$(cat "$TMP/$name.out")
	ERR=$(tail -c 3000 "$TMP/$name.err")
	OUT=$(sed -n 's/^MAPLE_MINIAPP //p' "$TMP/$name.out" | jq -cs 'sort_by(.rank)' 2>&1)
}

# expect_ranks NAME STATUS: two lines, ranks 0 and 1 of a world of 2, both with STATUS, and stdout
# holds nothing but those lines.
expect_ranks() {
	expect_json "$1: ranks" 'map([.rank, .world_size])' '[[0,2],[1,2]]'
	expect_json "$1: status" 'map(.status) | unique' "[\"$2\"]"
	expect_eq "$1: stdout is only the report lines" "$(printf '%s\n' "$RAW" | grep -vc '^MAPLE_MINIAPP ')" 0
}

# --- the shim: torch 1.13's torchrun dies under Python 3.11 without it, works with it
run_app noshim "${TORCHRUN[@]}" "$APP" --mode ddp
if [ "$RC" -ne 0 ]; then
	expect_contains "no shim: torchrun fails with the known IntFlag bug" "$ERR" \
		"'NoneType' object has no attribute 'get'"
else
	pass "no shim: torchrun works without the shim (torch fixed) # skip"
fi
export PYTHONPATH=$SHIM

# --- torchrun, DDP, with a report dir
run_app ddp "${TORCHRUN[@]}" "$APP" --mode ddp --expect-world 2 --expect-nodes 1 --report-dir "$TMP/rep-ddp"
expect_rc "torchrun ddp" 0
expect_ranks "torchrun ddp" pass
expect_json "torchrun ddp: checks" 'map(.checks | to_entries | map(select(.value != true)) | length)' '[0,0]'
expect_json "torchrun ddp: label, env source, backend, device" \
	'map([.label, .env_source, .backend, .device]) | unique' '[["ddp","torchrun","gloo","cpu"]]'
for r in 0 1; do
	f=$TMP/rep-ddp/rank-$r.json
	if [ -f "$f" ] && jq -e ".rank == $r and .status == \"pass\"" "$f" >/dev/null 2>&1; then
		pass "torchrun ddp: report $f"
	else
		fail "torchrun ddp: report rank-$r.json missing or wrong" "$(ls -la "$TMP/rep-ddp" 2>&1)"
	fi
done

# --- torchrun, FSDP (CPU: emulated on the real process group)
run_app fsdp "${TORCHRUN[@]}" "$APP" --mode fsdp --report-dir "$TMP/rep-fsdp"
expect_rc "torchrun fsdp" 0
expect_ranks "torchrun fsdp" pass
expect_json "torchrun fsdp: label" 'map(.label) | unique' '["fsdp-cpu-emulated"]'
expect_eq "torchrun fsdp: two valid report files" \
	"$(jq -s 'map(.status) | join(",")' -r "$TMP"/rep-fsdp/rank-*.json 2>&1)" "pass,pass"

# --- a world of 2 where 3 ranks are expected: every rank fails the world_size check
run_app world3 "${TORCHRUN[@]}" "$APP" --mode ddp --expect-world 3
if [ "$RC" -ne 0 ]; then pass "expect-world 3: launcher exit $RC"; else fail "expect-world 3: exit 0"; fi
expect_ranks "expect-world 3" fail
expect_json "expect-world 3: world_size check false, others true" \
	'map([.checks.world_size, .checks.all_reduce, .checks.train_step]) | unique' '[[false,true,true]]'
expect_json "expect-world 3: reason" 'map(.reason) | unique' '["world size 2, expected 3; check failed: world_size"]'

# --- mpiexec (MPICH hydra): ranks from PMI_RANK/PMI_SIZE
if command -v mpiexec.hydra >/dev/null; then
	run_app mpi env MASTER_ADDR=127.0.0.1 MASTER_PORT=29711 timeout 120 mpiexec.hydra -n 2 -hosts localhost \
		"$PY" "$APP" --mode ddp --expect-world 2 --timeout 60
	expect_rc "mpiexec ddp" 0
	expect_ranks "mpiexec ddp" pass
	expect_json "mpiexec ddp: env source, master" 'map([.env_source, .master_addr, .master_port]) | unique' \
		'[["pmi","127.0.0.1","29711"]]'
else
	pass "mpiexec ddp: mpiexec.hydra not installed # skip"
fi

# --- srun-style: one process per rank with Slurm's task variables, no MASTER_ADDR (from the
# nodelist), FSDP without the shim (the mini-app carries its own fix for the FSDP import)
slurm_pair() {
	local r
	for r in 0 1; do
		env -u PYTHONPATH SLURM_PROCID=$r SLURM_NTASKS=2 SLURM_LOCALID=$r SLURM_JOB_NODELIST=localhost \
			MASTER_PORT=29712 timeout 120 "$PY" "$APP" --mode fsdp --timeout 60 &
	done
	local rc=0
	wait %1 || rc=1
	wait %2 || rc=1
	return $rc
}
run_app slurm slurm_pair
expect_rc "slurm-env fsdp" 0
expect_ranks "slurm-env fsdp" pass
expect_json "slurm-env fsdp: env source, master from the nodelist" \
	'map([.env_source, .master_addr, .master_port, .label]) | unique' \
	'[["slurm","localhost","29712","fsdp-cpu-emulated"]]'
expect_not_contains "slurm-env fsdp: FSDP imports without the shim" "$OUT" "fsdp import failed"

# --- deepspeed / accelerate: skipped (never pass) when not installed
for m in deepspeed accelerate; do
	if "$PY" -c "import $m" >/dev/null 2>&1; then
		pass "$m: installed here, skip-when-missing not testable # skip"
		continue
	fi
	run_app "$m" timeout 120 "$PY" "$APP" --mode "$m" --report-dir "$TMP/rep-$m"
	expect_rc "$m not installed" 0
	expect_json "$m not installed: skipped with the reason" 'map([.status, .reason, .env_source])' \
		"[[\"skipped\",\"$m not installed\",\"single\"]]"
	expect_not_contains "$m not installed: never pass" "$RAW" '"pass"'
	expect_eq "$m not installed: report file" "$(jq -r .status "$TMP/rep-$m/rank-0.json" 2>&1)" skipped
done

# --- what a run proved: every rank lists what it exercised and what it did not
run_app ddp2 "${TORCHRUN[@]}" "$APP" --mode ddp --expect-world 2
expect_json "ddp: exercised" 'map(.exercised | map(split(":")[0])) | unique' \
	'[["rendezvous","process group (gloo)","all_reduce","all_gather","same_init","ddp"]]'
expect_json "ddp: not exercised: GPUs" 'map(.not_exercised | map(split(":")[0])) | unique' '[["GPU devices and NCCL"]]'
expect_json "ddp: rendezvous values and arrivals (rank 0)" '.[0].rendezvous | [.world, .arrived, (.hosts | length)]' '[2,2,2]'
run_app fsdp2 "${TORCHRUN[@]}" "$APP" --mode fsdp
expect_json "fsdp on CPU: FSDP's class itself is listed as not exercised" \
	'map(.not_exercised | map(select(startswith("torch'"'"'s FullyShardedDataParallel"))) | length) | unique' '[1]'

# --- a framework that is not installed: skipped, but the rendezvous and the collectives still ran
for m in deepspeed accelerate; do
	"$PY" -c "import $m" >/dev/null 2>&1 && continue
	run_app "$m-tr" "${TORCHRUN[@]}" "$APP" --mode "$m" --expect-world 2
	expect_rc "$m missing under torchrun" 0
	expect_ranks "$m missing under torchrun" skipped
	expect_json "$m missing: still proven" 'map(.exercised | map(split(":")[0]) | index("all_reduce") != null) | unique' '[true]'
	expect_json "$m missing: its own step listed as not exercised" \
		"map(.not_exercised | map(select(startswith(\"$m:\"))) | length) | unique" '[1]'
done

# slurm_pair_env NAME EXTRA-ENV... -- MINIAPP-ARGS...: two Slurm-style tasks of one step
slurm_step() {
	local r envs=() args
	while [ "$1" != -- ]; do envs+=("$1"); shift; done
	shift
	for r in 0 1; do
		env -u PYTHONPATH SLURM_PROCID=$r SLURM_NTASKS=2 SLURM_LOCALID=$r SLURM_JOB_NODELIST=localhost SLURM_STEP_ID=0 \
			SLURM_STEP_NUM_TASKS=2 MASTER_PORT=29713 "${envs[@]/@R@/$r}" timeout 120 "$PY" "$APP" "$@" &
	done
	local rc=0
	wait %1 || rc=1
	wait %2 || rc=1
	return $rc
}

# --- a hard-coded WORLD_SIZE that differs from the tasks started: fails at once, naming both
t0=$SECONDS
run_app ws16 slurm_step WORLD_SIZE=16 RANK=@R@ -- --mode ddp --timeout 60
expect_eq "WORLD_SIZE=16 for 2 tasks: both ranks fail" "$(jqv 'map(.status) | join(",")')" "fail,fail"
expect_contains "WORLD_SIZE=16 for 2 tasks: names the told and the started" "$(jqv '.[0].reason')" \
	"WORLD_SIZE=16 in the ranks' environment, but the launcher started 2 tasks (SLURM_STEP_NUM_TASKS=2)"
if [ $((SECONDS - t0)) -le 20 ]; then pass "WORLD_SIZE=16: within seconds ($((SECONDS - t0)) s), not the 60 s timeout"; else fail "WORLD_SIZE=16: took $((SECONDS - t0)) s"; fi

# --- MASTER_ADDR=localhost when the job spans 2 nodes: fails at once, naming it
t0=$SECONDS
run_app lo slurm_step MASTER_ADDR=localhost -- --mode ddp --expect-nodes 2 --timeout 60
expect_eq "localhost on 2 nodes: both ranks fail" "$(jqv 'map(.status) | join(",")')" "fail,fail"
expect_contains "localhost on 2 nodes: names the value and the node count" "$(jqv '.[0].reason')" \
	"MASTER_ADDR is 'localhost' (from env) but the job spans 2 nodes"
if [ $((SECONDS - t0)) -le 20 ]; then pass "localhost: within seconds ($((SECONDS - t0)) s)"; else fail "localhost: took $((SECONDS - t0)) s"; fi
run_app lo1 slurm_step MASTER_ADDR=localhost -- --mode ddp --expect-nodes 1 --timeout 60
expect_eq "localhost on 1 node is fine" "$(jqv 'map(.status) | join(",")')" "pass,pass"

# --- a rank that never comes: rank 0 reports who arrived, from where, and who did not
run_app missing slurm_step WORLD_SIZE=3 RANK=@R@ TORCHELASTIC_RUN_ID=x -- --mode ddp --timeout 4
expect_contains "2 of 3 arrived: rank 0 names the count, the hosts and the missing rank" "$(jqv '.[0].reason')" \
	"rendezvous at 127.0.0.1:29713: 2 of 3 ranks arrived within 4 s (from $(hostname)); ranks 2 never came"

# --- a launcher that is not installed (maple's stand-in ran the mini-app once per launcher instance)
run_app lm slurm_step -- --mode accelerate --expect-world 8 --expect-nodes 1 --launcher-missing accelerate \
	--launcher-args " launch --num_machines 1 --num_processes 8 --machine_rank 0"
expect_rc "accelerate launcher missing" 0
expect_json "launcher missing: skipped, naming it" 'map([.status, .reason, .launcher_missing]) | unique' \
	'[["skipped","accelerate not installed","accelerate"]]'
expect_json "launcher missing: the layout it was asked for is proven" \
	'map(.exercised | map(select(startswith("accelerate'"'"'s arguments: 1 nodes x 8 processes"))) | length) | unique' '[1]'
expect_json "launcher missing: its workers are listed as not exercised" \
	'map(.not_exercised | map(select(startswith("accelerate'"'"'s own worker processes (8 per node)"))) | length) | unique' '[1]'
run_app lm6 slurm_step -- --mode accelerate --expect-world 8 --expect-nodes 1 --launcher-missing accelerate \
	--launcher-args " launch --num_machines 1 --num_processes 6"
expect_contains "launcher missing, asked for the wrong count: fails naming it" "$(jqv '.[0].reason')" \
	"accelerate was asked for 1 x 6 = 6 processes, but the allocation has 8 GPU slots"

# --- options: unknown ones are rejected by argparse
run_app badopt timeout 60 "$PY" "$APP" --mode ddp --no-such-option
expect_rc "unknown option" 2
expect_contains "unknown option: argparse names it" "$ERR" "unrecognized arguments: --no-such-option"
expect_eq "unknown option: no report line" "$RAW" ""

finish
