# valgrind.sh - every command of maple under valgrind's memcheck (issue 18: "valgrind clean on every
# command"): generate (each paradigm, a port, a batch, -o), extract, clusters, templates, verify (static, --batch,
# JSON, the --run copy), debug (diagnosis, --apply on a copy), run (without an allocation), inspect, logs,
# advise, and the error paths (unknown option, missing file, hostile text). Each run must end with no
# memcheck error and no definite or indirect leak (--error-exitcode), with the exit status the command
# itself gives without valgrind. The snapshot cache is exercised cold (written) and warm (mapped).
# The sanitizer build (make sanitize) checks memory itself: there this suite says so and passes.
. "$(dirname "$0")/../cli/lib.bash" "$@"
PREFLIGHT_TEST=fault_valgrind
source "$SRC/tests/lab/preflight.sh"

if grep -q __asan_init "$MAPLE" 2>/dev/null; then
	pass "an AddressSanitizer build: memory is checked by the sanitizer on every test instead"
	finish
fi
command -v valgrind >/dev/null 2>&1 ||
	preflight_skip "valgrind is not installed" "scripts/install-deps --tests (installs valgrind)"

export XDG_CACHE_HOME="$TMP/cache"
VG_ERR=99
# vg NAME WANT_RC ARGS...: maple under memcheck; its exit status must be WANT_RC, never VG_ERR
vg() {
	local name=$1 want=$2
	shift 2
	valgrind -q --error-exitcode=$VG_ERR --leak-check=full --errors-for-leak-kinds=definite,indirect \
		--show-leak-kinds=definite,indirect --track-origins=yes --log-file="$TMP/vg.log" \
		"$MAPLE" "$@" </dev/null >"$TMP/vg.out" 2>"$TMP/vg.err"
	local rc=$?
	if [ $rc = $VG_ERR ] || [ -s "$TMP/vg.log" ]; then
		fail "valgrind: $name: memcheck findings" "$(head -c 3000 "$TMP/vg.log")"
	elif [ $rc != "$want" ]; then
		fail "valgrind: $name: exit $rc, want $want" "$(head -c 600 "$TMP/vg.err")"
	else
		pass "valgrind: $name (exit $rc, clean)"
	fi
}

REQ='perlmutter, 2 nodes, 2 hours, python train.py --epochs 3, account m1234'
printf 'perlmutter, 2 nodes, python a.py\ndelta 1 node, python b.py\nnot a request at all\n' >"$TMP/batch.txt"
printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 10\nif true; then\n' >"$TMP/broken.sh"
GOLD=$SRC/tests/golden/perlmutter-pytorch-ddp.sh
[ -f "$GOLD" ] || GOLD=$(ls "$SRC"/tests/golden/*.sh | head -n 1)
DLOG=$(ls "$SRC"/tests/debug/logs/*.log | head -n 1)

# data loading: cold (the snapshot is written), then warm (it is mapped)
vg "clusters (cold cache)" 0 clusters
vg "clusters perlmutter --json (warm cache)" 0 clusters perlmutter --json
vg "templates" 0 templates
# generate: each paradigm, a port, a batch with a bad line, -o
vg "generate ddp" 0 generate "$REQ"
vg "generate deepspeed --json" 0 generate --json "deepspeed zero 3 on 2 polaris nodes, python train.py --deepspeed ds.json, account abc"
vg "generate accelerate" 0 generate "accelerate on 1 aurora node, train.py, 1 hour, account abc"
vg "generate fsdp on frontier" 0 generate "fsdp on 4 frontier nodes, python -m pkg.train --bf16, account abc123"
vg "generate -o" 0 generate -o "$TMP/job.sh" "$REQ"
vg "generate --from (port)" 0 generate --from "$SRC/tests/port/corpus/14-vista-ibrun-torchrun-c10d.sh" --to delta "account abc123"
vg "generate --batch" 0 generate --json --batch "$TMP/batch.txt"
vg "generate: incomplete request" 3 generate "train my model"
vg "generate: hostile account (an error naming it)" 2 generate "perlmutter 1 node python a.py account \$(rm -rf ~)"
# extract
vg "extract --json" 0 extract --json "$REQ"
vg "extract --script" 0 extract --script "$GOLD"
# verify: static, JSON, a broken script, the --run copy (refused without an allocation after writing it)
vg "verify" 0 verify "$TMP/job.sh"
vg "verify --json (broken)" 1 verify --json "$TMP/broken.sh"
# --batch: scripts with and without #! (two shellcheck runs), a missing file, an unknown cluster
tail -n +2 "$TMP/job.sh" >"$TMP/job-nosb.sh"
printf '%s\n' "$TMP/job.sh" "--cluster perlmutter $TMP/broken.sh" "$TMP/job-nosb.sh" "$TMP/nope.sh" "--cluster summit $TMP/job.sh" \
	"$TMP/nope$(printf '\xff').sh" >"$TMP/vbatch.txt" # a path that is not UTF-8: its error shown with U+FFFD
vg "verify --json --batch" 2 verify --json --batch "$TMP/vbatch.txt"
unset SLURM_JOB_ID PBS_JOBID SLURM_CONF
vg "verify --run local (no allocation)" 2 verify --run local --workdir "$TMP/vw" "$TMP/job.sh"
# debug: diagnosis, JSON, --apply on a copy
cp "$TMP/job.sh" "$TMP/fixme.sh"
vg "debug" 0 debug --no-llm --log "$DLOG"
vg "debug --json with script" 0 debug --json --no-llm "$TMP/fixme.sh" --log "$DLOG"
vg "debug --apply" 0 debug --apply --no-llm "$TMP/fixme.sh" --log "$SRC/tests/debug/logs/anvil-deepspeed-cuda-home.log"
# debug --batch: answered lines, a script, a cluster, and lines that cannot be answered (exit 2)
printf '%s\n' "--log $DLOG" "--cluster perlmutter $TMP/fixme.sh --log $DLOG" "--log $TMP/nope.log" "a b --log $DLOG" \
	"--cluster summit --log $DLOG" "" "--log $SRC/tests/debug/logs/anvil-deepspeed-cuda-home.log" \
	"--log $TMP/nope$(printf '\xff').log" "--cluster --log x" >"$TMP/dbatch.txt"
printf -- '--log %s\0 x\n' "$DLOG" >>"$TMP/dbatch.txt" # a NUL byte: an error naming it
vg "debug --batch" 2 debug --no-llm --batch "$TMP/dbatch.txt"
# run without an allocation or scheduler: a clear refusal
vg "run --run local (no allocation)" 2 run --run local --workdir "$TMP/rw" "$TMP/job.sh"
# inspect, logs, advise
vg "inspect" 0 inspect --json --no-cache --cmd "accelerate launch -m axolotl.cli.train examples/llama-3/fft-8b.yaml" "$SRC/tests/inspect/repos/axolotl"
vg "inspect (cache written)" 0 inspect --cmd "accelerate launch -m axolotl.cli.train examples/llama-3/fft-8b.yaml" "$SRC/tests/inspect/repos/axolotl"
vg "logs" 0 logs "$SRC/tests/logs/deepspeed-chat.log"
vg "logs --json" 0 logs --json "$SRC/tests/logs/axolotl.log"
vg "advise" 0 advise --model llama-2-7b --cluster perlmutter
vg "advise --params --json" 0 advise --json --params 13e9 --cluster polaris
# error paths
vg "unknown option" 2 generate --ouput x.sh "$REQ"
vg "missing file" 2 verify "$TMP/nope.sh"
vg "unknown command" 2 frobnicate
finish
