# llm.sh - `maple debug`'s optional LLM helper against a local fake chat-completions server
# (tests/debug/fake_llm_server.py): a good answer is shown as a diff and applied only with --apply;
# fenced JSON is accepted; malformed answers, unknown operations, timeouts, HTTP errors, oversized
# bodies and unreachable servers each give one clear line and no crash; the helper is only asked when
# no cause matched (or --llm), never with --no-llm.
source "$(dirname "$0")/lib.bash"

PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
if [ -z "$PY" ]; then
	pass "python3 not installed: skipped"
	finish
fi
REQS=$TMP/requests.log
: >"$REQS"
"$PY" "$SRC/tests/debug/fake_llm_server.py" "$REQS" >"$TMP/port" 2>"$TMP/server.err" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null; rm -rf "$TMP"' EXIT
for _ in $(seq 50); do
	[ -s "$TMP/port" ] && break
	sleep 0.1
done
PORT=$(head -n 1 "$TMP/port")
if [ -z "$PORT" ]; then
	fail "the fake LLM server did not start" "$(cat "$TMP/server.err")"
	finish
fi
export MAPLE_LLM_URL=http://127.0.0.1:$PORT/v1
unset MAPLE_LLM_API_KEY MAPLE_LLM_TIMEOUT

cat >"$TMP/run.sh" <<'SCRIPT'
#!/bin/bash
#SBATCH --nodes=2
#SBATCH --gpus-per-node=4
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun -N 2 --ntasks-per-node=1 bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_NODEID train.py'
SCRIPT
cp "$TMP/run.sh" "$TMP/orig.sh"
printf 'step 1\nzorglub: transport frobnication failed (code 77)\n' >"$TMP/odd.log"
requests() { wc -l <"$REQS" | tr -d ' '; }

export MAPLE_LLM_MODEL=good
run_maple debug "$TMP/run.sh" --log "$TMP/odd.log"
expect_rc "good answer: diagnosed" 0
expect_contains "good answer: shown as the llm diagnosis" "$OUT" "1. llm [communication]"
expect_contains "good answer: the patch as a diff" "$OUT" "+export NCCL_DEBUG=INFO"
cmp -s "$TMP/run.sh" "$TMP/orig.sh" && pass "good answer: script untouched without --apply" || fail "script changed without --apply"
expect_eq "good answer: one request" "$(requests)" 1
req=$(tail -n 1 "$REQS")
expect_contains "request: the model" "$req" '"model":"good"'
expect_contains "request: the schema in the system prompt" "$req" 'set_launcher_option'
expect_contains "request: the log tail" "$req" 'zorglub: transport frobnication failed'
expect_contains "request: the script" "$req" 'torchrun --nnodes=2'

run_maple debug "$TMP/run.sh" --log "$TMP/odd.log" --json
expect_json "good answer: json" '[.status, .diagnoses[0].signature, .diagnoses[0].applicable, .diagnoses[0].patch[0].op]' \
	'["diagnosed","llm",true,"set_env"]'

run_maple debug "$TMP/run.sh" --log "$TMP/odd.log" --apply
expect_rc "good answer --apply" 0
grep -q '^export NCCL_DEBUG=INFO$' "$TMP/run.sh" && cmp -s "$TMP/run.sh.orig" "$TMP/orig.sh" &&
	pass "good answer --apply: patched, backup kept" || fail "good answer --apply: not applied"
cp "$TMP/orig.sh" "$TMP/run.sh"
rm -f "$TMP/run.sh.orig"

export MAPLE_LLM_MODEL=fenced
run_maple debug "$TMP/run.sh" --log "$TMP/odd.log" --json
expect_json "fenced answer accepted" '[.status, .diagnoses[0].signature]' '["diagnosed","llm"]'

# answers that must be refused, each with one clear line; the command goes on without them
check_refused() { # NAME MODE WANT
	export MAPLE_LLM_MODEL=$2
	local t0=$SECONDS
	run_maple debug "$TMP/run.sh" --log "$TMP/odd.log" --apply
	expect_rc "$1: unknown" 1
	expect_no_crash "$1"
	expect_contains "$1: message" "$ERR" "$3"
	expect_eq "$1: one line on stderr" "$(printf '%s\n' "$ERR" | grep -c 'LLM helper')" 1
	cmp -s "$TMP/run.sh" "$TMP/orig.sh" && [ ! -e "$TMP/run.sh.orig" ] && pass "$1: script untouched" ||
		fail "$1: script changed"
	LAST_SECONDS=$((SECONDS - t0))
}
check_refused "malformed JSON" malformed "the LLM's answer is not usable: the answer"
check_refused "unknown operation" invalidop "unknown operation 'run_shell'"
check_refused "HTTP 500" http500 "answered HTTP 500"
check_refused "oversized body" oversized "larger than 1024 KiB"
export MAPLE_LLM_TIMEOUT=2
check_refused "timeout" timeout "did not answer within 2 s (MAPLE_LLM_TIMEOUT)"
# the server answers after 30 s: a run that gave up at 2 s ends long before (the margin is for a loaded or
# sanitizer build; how fast maple is, is the benchmark's business, not this test's)
[ "$LAST_SECONDS" -lt 20 ] && pass "timeout: gave up long before the server's answer" || fail "timeout took ${LAST_SECONDS}s"
unset MAPLE_LLM_TIMEOUT
export MAPLE_LLM_MODEL=auth
check_refused "no API key" auth "answered HTTP 401"
MAPLE_LLM_API_KEY=sekret run_maple debug "$TMP/run.sh" --log "$TMP/odd.log" --json
expect_json "API key sent as a bearer token" '.diagnoses[0].signature' '"llm"'

# a full .../chat/completions URL and a ?mode= selector
MAPLE_LLM_URL="http://127.0.0.1:$PORT/v1/chat/completions?mode=good" run_maple debug "$TMP/run.sh" --log "$TMP/odd.log" --json
expect_json "full URL accepted" '.diagnoses[0].signature' '"llm"'
# nothing listens
closed=$("$PY" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()')
MAPLE_LLM_URL=http://127.0.0.1:$closed/v1 run_maple debug "$TMP/run.sh" --log "$TMP/odd.log"
expect_rc "unreachable: unknown" 1
expect_contains "unreachable: message" "$ERR" "cannot reach the LLM at http://127.0.0.1:$closed/v1/chat/completions"
MAPLE_LLM_URL=ftp://x run_maple debug "$TMP/run.sh" --log "$TMP/odd.log"
expect_contains "bad URL: message" "$ERR" "MAPLE_LLM_URL 'ftp://x' is not an http:// or https:// URL"

# when it is asked
export MAPLE_LLM_MODEL=good
n=$(requests)
run_maple debug "$TMP/run.sh" --log "$TMP/odd.log" --no-llm
expect_rc "--no-llm: unknown" 1
expect_eq "--no-llm: no request" "$(requests)" "$n"
printf 'RuntimeError: The server socket has failed to listen on any local network address. port: 29500, useIPv6: 0, code: -98, name: EADDRINUSE, message: address already in use\n' >"$TMP/known.log"
run_maple debug "$TMP/run.sh" --log "$TMP/known.log" --json
expect_json "a matched cause: no LLM" '.diagnoses[0].signature' '"torchrun-port-in-use"'
expect_eq "a matched cause: no request" "$(requests)" "$n"
run_maple debug "$TMP/run.sh" --log "$TMP/known.log" --json --llm
expect_json "--llm: asked too, after the KB's cause" '[.diagnoses[0].signature, .diagnoses[-1].signature]' \
	'["torchrun-port-in-use","llm"]'
expect_eq "--llm: one request" "$(requests)" "$((n + 1))"
unset MAPLE_LLM_URL
run_maple debug "$TMP/run.sh" --log "$TMP/known.log" --llm
expect_contains "--llm without MAPLE_LLM_URL" "$ERR" "--llm needs MAPLE_LLM_URL"

finish
