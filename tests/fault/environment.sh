# environment.sh - fault suite: a hostile environment and hostile inputs. TMPDIR missing, unwritable or
# full; HOME and XDG variables unset; a read-only data directory; no bash in PATH; 8 processes sharing
# the inspection cache; binary, compressed and oversized inputs; typos in options; a directory where a
# file belongs; a rotated log under --follow. Each case: the message, the exit status, nothing lost.
. "$(dirname "$0")/../cli/lib.bash" "$@"

REQ='perlmutter, 2 nodes, 2 hours, python train.py --epochs 3, account m1234'
printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 10\n#SBATCH -A m1234\nif true; then\nsrun python train.py\n' >"$TMP/broken.sh"
printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 10\n#SBATCH -A m1234\nsrun python train.py\n' >"$TMP/good.sh"
mkdir -p "$TMP/job"
printf 'import torch\nmodel = torch.nn.Linear(2, 2)\n' >"$TMP/job/train.py"

# ---------------------------------------------------------------- TMPDIR missing, unwritable, full
mkdir -p "$TMP/ro-tmp"
chmod 0500 "$TMP/ro-tmp"
for t in "$TMP/missing-tmp" "$TMP/ro-tmp" /proc /dev/full; do
	TMPDIR=$t run_maple verify "$TMP/broken.sh"
	expect_rc "verify with TMPDIR=$t: a broken script is not clean" 1
	expect_contains "verify with TMPDIR=$t: bash -n still ran" "$OUT" "bash-syntax"
	TMPDIR=$t run_maple verify --json "$TMP/broken.sh"
	expect_json "verify --json with TMPDIR=$t: the finding" '[.findings[] | select(.id == "bash-syntax")] | length > 0' true
	TMPDIR=$t run_maple generate "$REQ"
	expect_rc "generate with TMPDIR=$t" 0
done
# the temporary-file way (systems without memfd): where no copy can be made, the check says it did not run
for t in "$TMP/missing-tmp" /proc /dev/full; do
	MAPLE_VERIFY_TMPFILE=1 TMPDIR=$t run_maple verify --json "$TMP/broken.sh"
	expect_rc "verify (temporary-file way) with TMPDIR=$t: not clean" 1
	expect_json "verify (temporary-file way) with TMPDIR=$t: bash -n not run, and why" \
		'[.findings[] | select(.id == "check-not-run") | .message | startswith("bash -n not run: cannot create a temporary copy")] | any' true
	MAPLE_VERIFY_TMPFILE=1 TMPDIR=$t run_maple verify "$TMP/good.sh"
	expect_rc "verify (temporary-file way) of a good script with TMPDIR=$t: not reported clean" 1
done
MAPLE_VERIFY_TMPFILE=1 TMPDIR=$TMP run_maple verify "$TMP/broken.sh"
expect_rc "verify (temporary-file way) with a usable TMPDIR" 1
expect_contains "verify (temporary-file way): bash -n ran" "$OUT" "bash-syntax"
[ -z "$(ls "$TMP" | grep maple-verify)" ] && pass "verify (temporary-file way): no temporary file left" ||
	fail "verify left its temporary copy"
# without bash the check cannot run: it says so and the exit status is not clean
mkdir -p "$TMP/nobash"
for p in cat jq; do ln -sf "$(command -v $p)" "$TMP/nobash/$p"; done
PATH=$TMP/nobash run_maple verify --json "$TMP/broken.sh"
expect_rc "verify without bash in PATH: not clean" 1
expect_json "verify --json without bash: check-not-run finding" '[.findings[] | select(.id == "check-not-run") | .message | startswith("bash -n not run")] | any' true
PATH=$TMP/nobash run_maple verify "$TMP/good.sh"
expect_rc "verify of a good script without bash: still not reported clean" 1
expect_contains "verify without bash: says bash -n did not run" "$OUT" "bash -n not run"
PATH=$TMP/nobash run_maple generate "$REQ"
expect_rc "generate without bash in PATH: the script (bash -n is not on its common path)" 0
PATH=$TMP/nobash run_maple generate --check-syntax "$REQ"
expect_rc "generate --check-syntax without bash in PATH: the script, with a warning" 0
expect_contains "generate --check-syntax without bash: warns that its own check did not run" "$ERR" "bash -n not run"
# without shellcheck (an optional tool) the check says it did not run, as info: a clean script stays clean
# (s25: nothing was said, and a --json reader could not tell a checked script from an unchecked one)
mkdir -p "$TMP/noshellcheck"
for p in bash cat jq; do ln -sf "$(command -v $p)" "$TMP/noshellcheck/$p"; done
PATH=$TMP/noshellcheck run_maple verify --json "$TMP/good.sh"
expect_rc "verify without shellcheck in PATH: a good script is clean" 0
expect_json "verify without shellcheck: an info finding says it did not run" \
	'[.findings[] | select(.id == "shellcheck-not-run") | "\(.severity) \(.message)"]' '["info shellcheck not run: it is not installed or could not be started"]'
PATH=$TMP/noshellcheck run_maple generate --shellcheck "$REQ"
expect_rc "generate --shellcheck without shellcheck: the script" 0
expect_contains "generate --shellcheck without shellcheck: warns that the check it asked for did not run" "$ERR" \
	"[shellcheck-not-run] shellcheck not run: it is not installed"
PATH=$TMP/noshellcheck run_maple generate "$REQ"
expect_not_contains "generate without --shellcheck: no word about shellcheck" "$ERR" "shellcheck"
# a shellcheck that gives up on the file (exit 2-4) says so with its words, never a silent clean
printf '#!/bin/bash\necho "shellcheck: unsupported option --frob" >&2\nexit 3\n' >"$TMP/noshellcheck/shellcheck"
chmod +x "$TMP/noshellcheck/shellcheck"
PATH=$TMP/noshellcheck run_maple verify --json "$TMP/good.sh"
expect_json "verify with a shellcheck that fails (exit 3): a warning with its message" \
	'[.findings[] | select(.id == "shellcheck-not-run") | "\(.severity) \(.message)"]' '["warning shellcheck could not check the script (exit 3): shellcheck: unsupported option --frob"]'
# a check that never ends or crashes says so (s17: shellcheck spent minutes on a script nested 3000 deep, and a
# bash killed by SIGSEGV on 5000 nested $( ... ) was reported as "bash could not be started")
mkdir -p "$TMP/slowtools"
printf '#!/bin/bash\nexec sleep 30\n' >"$TMP/slowtools/shellcheck"
printf '#!/bin/bash\nkill -SEGV $$\n' >"$TMP/slowtools/bash"
chmod +x "$TMP/slowtools/shellcheck" "$TMP/slowtools/bash"
t0=$SECONDS
PATH=$TMP/slowtools:$PATH MAPLE_CHECK_TIMEOUT=1 run_maple verify --json "$TMP/good.sh"
expect_eq "verify with a shellcheck that never ends: stops it after the limit" "$((SECONDS - t0 < 15))" 1
expect_rc "verify with a bash -n killed by a signal: not clean" 1
expect_json "verify: bash -n killed, and by what" \
	'[.findings[] | select(.id == "check-not-run") | .message | test("bash -n did not finish: it was killed by signal 11")] | any' true
expect_json "verify: shellcheck stopped past its time, said" \
	'[.findings[] | select(.id == "shellcheck-not-run") | .message | test("shellcheck did not finish: it ran past 1 s")] | any' true
# the real tools on a script nested 4000 levels deep: a finding, never minutes and never clean
{
	printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 10\n#SBATCH -A m1234\n'
	for ((i = 0; i < 4000; i++)); do printf '$('; done
	printf 'echo'
	for ((i = 0; i < 4000; i++)); do printf ')'; done
	printf '\nsrun python train.py\n'
} >"$TMP/deep.sh"
t0=$SECONDS
MAPLE_CHECK_TIMEOUT=2 run_maple verify --json "$TMP/deep.sh"
expect_eq "verify of a script nested 4000 deep: ends (check limit 2 s)" "$((SECONDS - t0 < 30))" 1
expect_json "verify of a script nested 4000 deep: not clean" \
	'[.findings[] | select(.id == "check-not-run" or .id == "bash-syntax")] | any' true

# ---------------------------------------------------------------- HOME and XDG unset
nohome() { env -u HOME -u XDG_DATA_HOME -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u MAPLE_STATE_DIR "$@"; }
nohome "$MAPLE" generate "$REQ" </dev/null >"$TMP/.out" 2>"$TMP/.err"
RC=$?
expect_rc "generate without HOME/XDG" 0
nohome "$MAPLE" inspect --json "$TMP/job" </dev/null >"$TMP/.out" 2>"$TMP/.err"
RC=$?
ERR=$(cat "$TMP/.err")
OUT=$(cat "$TMP/.out")
expect_rc "inspect without HOME/XDG: works without the cache" 0
expect_contains "inspect without HOME/XDG: says the cache is off" "$ERR" "HOME is not set"
expect_json "inspect without HOME/XDG: still reads the job" '.framework' '"pytorch"'
nohome "$MAPLE" inspect --history "$TMP/job" </dev/null >"$TMP/.out" 2>"$TMP/.err"
RC=$?
ERR=$(cat "$TMP/.err")
expect_rc "inspect --history without HOME/XDG: an error, not an empty history" 2
expect_contains "inspect --history without HOME/XDG: says what to set" "$ERR" "MAPLE_STATE_DIR"
# HOME that names no directory: never created (as root that would make /nonexistent/.local/...)
HOME=$TMP/no-such-home run_maple inspect --json "$TMP/job"
expect_rc "inspect with HOME naming no directory: works without the cache" 0
[ ! -e "$TMP/no-such-home" ] && pass "HOME naming no directory: not created" || fail "maple created HOME"
(cd "$TMP/job" && nohome "$MAPLE" templates add "$TMP/good.sh" --cluster perlmutter --id fault-x --force </dev/null \
	>"$TMP/.out" 2>"$TMP/.err")
RC=$?
ERR=$(cat "$TMP/.err")
expect_rc "templates add without HOME/XDG" 2
expect_contains "templates add without HOME/XDG: asks for --to" "$ERR" "--to DIR"
[ ! -e "$TMP/job/.config" ] && pass "templates add without HOME: nothing written into the working directory" ||
	fail "templates add without HOME wrote .config into the working directory"

# ---------------------------------------------------------------- a read-only data directory
RO=$TMP/rodata
cp -r "$SRC/data" "$RO"
chmod -R a-w "$RO"
ro_mounted=
if mount --bind "$RO" "$RO" 2>/dev/null && mount -o remount,bind,ro "$RO" 2>/dev/null; then
	ro_mounted=1
	trap 'umount "$RO" 2>/dev/null; chmod -R u+w "$TMP" 2>/dev/null; rm -rf "$TMP"' EXIT
fi
before=$(cd "$RO" && find . -type f | sort | xargs sha256sum | sha256sum)
MAPLE_DATA_DIR=$RO run_maple generate "$REQ"
expect_rc "generate with a read-only data directory${ro_mounted:+ (read-only mount)}" 0
MAPLE_DATA_DIR=$RO run_maple templates
expect_rc "templates with a read-only data directory" 0
MAPLE_DATA_DIR=$RO run_maple debug --check-kb
expect_rc "debug --check-kb with a read-only data directory" 0
after=$(cd "$RO" && find . -type f | sort | xargs sha256sum | sha256sum)
expect_eq "read-only data directory: unchanged" "$after" "$before"
[ -n "$ro_mounted" ] && umount "$RO"
chmod -R u+w "$RO"

# ---------------------------------------------------------------- a data file a maintainer edited badly
# a line break (or another control character) in a one-line field would end the script line the value lands
# in ("# Generated by maple for NERSC\nrm -rf ~") and start a command: refused on load, naming the file,
# line and field; counts past range and shell text where plain words belong already were
BAD=$TMP/baddata
for pair in 'name: NERSC Perlmutter=name: "NERSC\nrm -rf x"=name' 'center: NERSC=center: "NE\x1bRSC"=center' \
	'gpu_model: NVIDIA A100-SXM4 40GB=gpu_model: "A100\r\n#SBATCH -N 9"=gpu_model' \
	'gpus_per_node: 4=gpus_per_node: 2147483648=gpus_per_node' 'max_nodes: 1792=max_nodes: -1=max_nodes'; do
	old=${pair%%=*} rest=${pair#*=}
	new=${rest%=*} field=${rest##*=}
	rm -rf "$BAD"
	cp -r "$SRC/data" "$BAD"
	chmod -R u+w "$BAD"
	OLD=$old NEW=$new python3 -c 'import os,sys; p=sys.argv[1]; s=open(p).read(); o=os.environ["OLD"]; assert o in s, o; open(p,"w").write(s.replace(o, os.environ["NEW"], 1))' \
		"$BAD/clusters/perlmutter.yaml"
	MAPLE_DATA_DIR=$BAD run_maple generate "$REQ"
	expect_rc "data with $field edited to '$new': refused" 2
	expect_contains "data with $field edited to '$new': names the file and field" "$ERR" "perlmutter.yaml:"
	expect_contains "data with $field edited to '$new': the field" "$ERR" "'$field'"
	expect_eq "data with $field edited: no script" "$OUT" ""
done

# ---------------------------------------------------------------- 8 processes sharing the cache
ST=$TMP/state
for round in 1 2 3 4 5 6 7 8 9 10; do
	rm -rf "$ST"
	for i in 1 2 3 4 5 6 7 8; do
		MAPLE_STATE_DIR=$ST "$MAPLE" inspect --json "$TMP/job" </dev/null >"$TMP/c.$i.out" 2>"$TMP/c.$i.err" &
	done
	wait
	bad=0
	for i in 1 2 3 4 5 6 7 8; do
		if [ -s "$TMP/c.$i.err" ] || [ "$(jq -c '[.framework, .libraries, .files]' "$TMP/c.$i.out")" != "$(jq -c '[.framework, .libraries, .files]' "$TMP/c.1.out")" ] || [ "$(jq -r .framework "$TMP/c.$i.out")" != pytorch ]; then
			bad=$((bad + 1))
			fail "8 processes sharing a new cache (round $round): process $i differs or complained" "$(cat "$TMP/c.$i.err")"
		fi
	done
	[ $bad = 0 ] && pass "8 processes sharing a new cache (round $round): same answer, no warning"
done
MAPLE_STATE_DIR=$ST run_maple inspect --history --json "$TMP/job"
expect_rc "after 8 concurrent inspections: the history reads" 0

# ---------------------------------------------------------------- the data snapshot's temporary files
# A writer killed while writing the snapshot (SIGKILL, a power cut) left .data-VERSION.snap.PID.N.tmp behind
# for ever (11 of them, 66 MB, in one shared cache): the next writer removes those older than 10 minutes,
# never a younger one (another process may be writing it now); signals during a write leave none.
SC=$TMP/snapcache
unset MAPLE_CACHE_DIR MAPLE_NO_SNAPSHOT
mkdir -p "$SC/maple"
head -c 4096 /dev/zero >"$SC/maple/.data-0.0.1.snap.4242.1.tmp"
touch -d '2 hours ago' "$SC/maple/.data-0.0.1.snap.4242.1.tmp"
head -c 4096 /dev/zero >"$SC/maple/.data-0.0.1.snap.4243.2.tmp"
printf 'mine\n' >"$SC/maple/notes.tmp"
touch -d '2 hours ago' "$SC/maple/notes.tmp"
XDG_CACHE_HOME=$SC run_maple generate "$REQ"
expect_rc "snapshot written beside stale temporary files" 0
[ ! -e "$SC/maple/.data-0.0.1.snap.4242.1.tmp" ] && pass "a dead writer's temporary snapshot (2 h old) is removed" ||
	fail "a dead writer's temporary snapshot is still there"
[ -e "$SC/maple/.data-0.0.1.snap.4243.2.tmp" ] && pass "a young temporary snapshot (maybe being written) stays" ||
	fail "a young temporary snapshot was removed"
[ -e "$SC/maple/notes.tmp" ] && pass "a file that is not a snapshot's stays" || fail "a file not maple's was removed"
ls "$SC/maple"/data-*.snap >/dev/null 2>&1 && pass "the snapshot was written" || fail "no snapshot written"
bad=0
for sig in INT TERM KILL; do
	for delay in 0 0.002 0.004 0.008 0.012 0.02 0.03 0.05; do
		rm -rf "$SC/sig"
		XDG_CACHE_HOME=$SC/sig "$MAPLE" generate "$REQ" </dev/null >/dev/null 2>&1 &
		pid=$!
		sleep "$delay"
		kill -s "$sig" "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		left=$(find "$SC/sig" -name '*.tmp' 2>/dev/null)
		if [ -n "$left" ]; then
			bad=$((bad + 1))
			fail "SIG$sig after ${delay}s during the first run (snapshot written): a temporary file left" "$left"
		fi
	done
done
[ $bad = 0 ] && pass "signals during the snapshot's write: no temporary file left (24 runs)"

# ---------------------------------------------------------------- binary, compressed, oversized inputs
head -c 65536 /dev/urandom >"$TMP/random.bin"
run_maple_stdin "$TMP/random.bin" generate -
expect_rc "generate: binary request on stdin" 2
expect_no_crash "generate: binary request"
run_maple verify "$TMP/random.bin"
expect_rc "verify: a binary file" 2
expect_contains "verify: a binary file: says so" "$ERR" "binary"
run_maple logs "$TMP/random.bin"
expect_rc "logs: random bytes" 2
expect_contains "logs: random bytes: not a text log" "$ERR" "is not a text log"
printf "{'loss': 1.0, 'epoch': 0.5}\n" | gzip -c >"$TMP/train.log.gz"
run_maple logs "$TMP/train.log.gz"
expect_rc "logs: a gzip-compressed log" 2
expect_contains "logs: a gzip-compressed log: says how to read it" "$ERR" "zcat"
run_maple debug --log "$TMP/random.bin" "$TMP/good.sh"
expect_no_crash "debug: a binary log"
head -c 2000000 /dev/zero | tr '\0' 'a' >"$TMP/huge.txt"
run_maple_stdin "$TMP/huge.txt" generate -
expect_rc "generate: a 2 MB request" 2
expect_contains "generate: a 2 MB request: names the limit" "$ERR" "larger than"
head -c 9000000 /dev/zero | tr '\0' '#' >"$TMP/huge.sh"
run_maple verify "$TMP/huge.sh"
expect_rc "verify: a 9 MB script" 2
expect_contains "verify: a 9 MB script: names the limit" "$ERR" "too large"
# a request near the 64 KiB limit is read in time linear in its size: five shapes that were quadratic on
# 7c68541 (unmatched parentheses 11.5 s, runs of blanks after unwrapping 7.8 s, 3,000 pasted tables 8.6 s,
# 3,000 bullet lists 9 s, quote-parenthesis runs 2.5 s; each under 0.5 s now)
for shape in '((((((((( ' '> > > ("' '"("("(' '| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n' '* 2 nodes\n- 4 GPUs\n'; do
	{
		printf 'perlmutter, 2 nodes, 2 hours, python train.py, account m1234\n'
		for ((i = 0; i < 64000 / ${#shape}; i++)); do printf "$shape"; done
	} | head -c 65000 >"$TMP/shape.txt"
	t0=$SECONDS
	timeout 30 "$MAPLE" generate - <"$TMP/shape.txt" >/dev/null 2>&1
	expect_eq "a 64 KiB request of '${shape:0:12}...': read in under 6 s" "$((SECONDS - t0 < 6))" 1
done
# a job's YAML config whose aliases expand (aliases of aliases of empty mappings: 462 bytes, 10^8 nodes) or
# whose flow lists nest 60,000 deep: inspect ends in seconds and names each file (on babddcd the first ran
# past 60 s, and libyaml took 7 s over 20,000 '[')
mkdir -p "$TMP/yjob"
printf 'import torch\nif __name__ == "__main__":\n    pass\n' >"$TMP/yjob/train.py"
{
	printf 'l0: &l0 [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}]\n'
	for i in 1 2 3 4 5 6 7; do printf 'l%d: &l%d [%s]\n' $i $i "$(printf '*l%d, ' $((i - 1)) $((i - 1)) $((i - 1)) $((i - 1)) $((i - 1)) $((i - 1)) $((i - 1)) $((i - 1)) $((i - 1)))*l$((i - 1))"; done
} >"$TMP/yjob/bomb.yaml"
{ printf 'a: '; head -c 60000 /dev/zero | tr '\0' '['; } >"$TMP/yjob/deep.yaml"
t0=$SECONDS
timeout 120 "$MAPLE" inspect --json --no-cache "$TMP/yjob" </dev/null >"$TMP/.out" 2>"$TMP/.err"
RC=$?
OUT=$(cat "$TMP/.out")
ERR=$(cat "$TMP/.err")
expect_rc "inspect: a YAML alias bomb and 60,000 nested lists" 0
expect_eq "inspect: a YAML alias bomb and 60,000 nested lists: read in under 15 s" "$((SECONDS - t0 < 15))" 1
expect_contains "inspect: a YAML alias bomb: says where it stopped" \
	"$(jq -r '.skipped[] | select(.path == "bomb.yaml") | .reason' <<<"$OUT")" "aliases expand past 200,000 nodes"
expect_contains "inspect: 60,000 nested lists: not read, says why" \
	"$(jq -r '.skipped[] | select(.path == "deep.yaml") | .reason' <<<"$OUT")" "more than 256 [ ] or { } lists nested"
run_maple generate --json --batch "$TMP/random.bin"
expect_no_crash "generate --batch: a binary file"
expect_rc "generate --batch: a binary file (one error object per line)" 0
{ printf 'perlmutter, 2 nodes, python a.py\n'; head -c 3000000 /dev/zero | tr '\0' a; printf '\ndelta, 1 node, python b.py\n'; } >"$TMP/longline.txt"
run_maple generate --json --batch "$TMP/longline.txt"
expect_rc "generate --batch with a 3 MB line" 0
expect_eq "generate --batch with a 3 MB line: one object per line, the long one an error" "$(printf '%s\n' "$OUT" | jq -r .status | tr '\n' ' ')" "ok error ok "
timeout 10 "$MAPLE" logs /dev/urandom </dev/null >/dev/null 2>"$TMP/.err"
RC=$?
expect_rc "logs /dev/urandom: refused, not read forever" 2
run_maple extract --json "$(head -c 300 /dev/urandom | tr -d '\0')"
expect_no_crash "extract: random bytes as an argument"

# ---------------------------------------------------------------- options
run_maple generate --ouput job.sh "$REQ"
expect_rc "unknown option --ouput" 2
expect_contains "unknown option: did you mean" "$ERR" "did you mean --output?"
[ ! -e job.sh ] && pass "unknown option: nothing written" || fail "unknown option wrote job.sh"
for c in verify logs inspect advise debug extract clusters templates run; do
	run_maple "$c" --jsno x
	expect_rc "$c: unknown option --jsno" 2
	expect_contains "$c: unknown option: suggests --json" "$ERR" "did you mean --json?"
done
# commands whose words are files or names: an unknown single-dash option is an error too (9af9c85: 'verify -Z
# job.sh' said 'give one script', 'clusters -j' listed the clusters); '-' (stdin) and a file named after
# -- still work; request text keeps its '-N 2' words
for c in "verify -Z $TMP/good.sh" "logs -x $TMP/good.sh" "inspect -q $TMP" "advise -m gpt2-xl" "debug -x $TMP/good.sh" \
	"clusters -j" "templates -c perlmutter" "run -F $TMP/good.sh"; do
	run_maple $c
	expect_rc "maple $c: unknown option" 2
	w=${c#* }
	expect_contains "maple $c: names it" "$ERR" "unknown option '${w%% *}'"
done
# a stray word is an error naming it, never ignored (7c68541: each exited 0 and did something else)
for c in "clusters perlmutter extra:unexpected 'extra' after 'perlmutter'" "clusters --json perlmutter polaris:unexpected 'polaris'" \
	"templates perlmutter:unexpected 'perlmutter'" "debug --check-kb extra:--check-kb takes no script" \
	"--version extra:unexpected 'extra' after --version" "help generate extra:unexpected 'extra'" \
	"help nosuch:unknown command 'nosuch'" "help genrate:did you mean generate?"; do
	run_maple ${c%%:*}
	expect_rc "maple ${c%%:*}: a stray word" 2
	expect_contains "maple ${c%%:*}: names it" "$ERR" "${c#*:}"
	expect_eq "maple ${c%%:*}: nothing on stdout" "$OUT" ""
done
run_maple help verify
expect_rc "maple help verify" 0
expect_contains "maple help verify: verify's own help" "$OUT" "usage: maple verify"
cp "$TMP/good.sh" "$TMP/-dash.sh"
# (in this shell, not a subshell: a check in ( ... ) counted no failure)
cd "$TMP" || exit 2
run_maple verify --no-tools -- -dash.sh
cd - >/dev/null || exit 2
expect_rc "verify -- -dash.sh: a file named after --" 0
run_maple_stdin "$TMP/good.sh" verify --no-tools -
expect_rc "verify - (stdin)" 0
run_maple generate --json perlmutter, -N 2, 2 hours, account m1234, python train.py
expect_json "generate: a request's '-N 2' is still text" '.request.nodes' 2
# a typo of a command or of a top-level option: a suggestion, never a run of something else
for t in "--versio:--version" "genrate:generate" "verfy:verify" "--hepl:--help" "inpsect:inspect"; do
	run_maple "${t%%:*}" x
	expect_rc "maple ${t%%:*}: unknown command" 2
	expect_contains "maple ${t%%:*}: did you mean ${t##*:}" "$ERR" "unknown command '${t%%:*}' (did you mean ${t##*:}?)"
done
run_maple frobnicate x
expect_rc "maple frobnicate: unknown command" 2
expect_not_contains "maple frobnicate: no far-fetched suggestion" "$ERR" "did you mean"
run_maple generate -- perlmutter, 2 nodes, 2 hours, account m1234, python train.py --epochs 5
expect_rc "words after -- are request text" 0
expect_contains "words after --: --epochs 5 reached the script" "$OUT" "--epochs 5"
run_maple generate --json --batch "$TMP"
expect_rc "generate --batch DIR" 2
expect_contains "generate --batch DIR: says it is a directory" "$ERR" "is a directory"
run_maple run --max-iters 99999999999999999999 "$TMP/good.sh"
expect_rc "run --max-iters out of range" 2
expect_contains "run --max-iters out of range: names the value and the range" "$ERR" "'99999999999999999999' is out of range (1 to 50)"
run_maple advise --gpus 1e3 --model gpt2-xl
expect_rc "advise --gpus 1e3" 2
expect_contains "advise --gpus 1e3: names the value" "$ERR" "--gpus '1e3' is not a whole number"

# a walltime past any range in a form or JSON is an error naming the words (6df66e3: 'no walltime given'
# with exit 0 for "walltime": 99999999999, the clamped 1666:41:00 for "walltime_minutes": 99999999999)
for kv in '"walltime":99999999999' '"walltime_minutes":99999999999' '"hours":99999999999' '"time":18446744073709551616'; do
	run_maple generate --json "{\"cluster\":\"perlmutter\",\"nodes\":2,$kv,\"script\":\"t.py\",\"account\":\"m1\"}"
	expect_rc "JSON $kv: an error" 2
	expect_contains "JSON $kv: names the words" "$(jqv '.errors | join(" ")')" "at most a year (asked: $kv"
done
# the same for an H:M:S no scheduler takes standing where a walltime is read, with no time word before it
# (s25: "2 nodes, 1:99:00" and "100000000:00:00" were 'no walltime given: using 01:00:00', exit 0)
for w in '1:99:00' '100000000:00:00' '12:00:75' '1:2:3:4:5'; do
	run_maple generate --json "perlmutter, ddp, python train.py, account m1, 2 nodes, $w"
	case $w in
	*:*:*:*) # not clock-shaped (four fields): not a walltime at all, and no error invented for it
		expect_rc "a bare '$w': not read as a walltime" 0 ;;
	*)
		expect_rc "a bare clock '$w': an error" 2
		expect_contains "a bare clock '$w': names it" "$(jqv '.errors | join(" ")')" "at most a year (asked: \"$w\")" ;;
	esac
done
# neighbours read as before: a valid clock, a zero clock (no walltime, said), a time of day
for p in '1:30:00|90' '36:00:00|2160' '00:00:00|60' 'at 10:99:00|60'; do
	run_maple generate --json "perlmutter, ddp, python train.py, account m1, 2 nodes, ${p%|*}"
	expect_rc "a bare '${p%|*}': read as before" 0
	expect_json "a bare '${p%|*}': walltime ${p#*|} min" '.request.walltime_minutes' "${p#*|}"
done
run_maple generate --json '{"cluster":"perlmutter","nodes":2,"hours":2,"script":"t.py","account":"m1"}'
expect_json "JSON \"hours\":2: two hours" '.request.walltime_minutes' 120
# a count of GPUs by model past int's range ('4294967300xA100' was cast to 4 GPUs, exit 0 on 6df66e3)
for w in '4294967300xA100' 'two nodes of 4294967300xA100' '18446744073709551620xH100' '99999999999xA100'; do
	run_maple generate --json "perlmutter, python train.py, account m1, $w, 1h"
	expect_rc "GPUs by model '$w': an error" 2
	expect_contains "GPUs by model '$w': names the words" "$(jqv '.errors | join(" ")')" "(asked: \"${w##* }"
done
run_maple generate --json "perlmutter, python train.py, account m1, 8xA100, 1h"
expect_json "GPUs by model '8xA100': 8 GPUs" '.request.total_gpus' 8
# a header count past int's range is never wrapped ('--gpus-per-node=4294967297' was 1 GPU per node through
# atoi, verified clean of GPU findings on 6df66e3)
for d in '--gpus-per-node=4294967297' '--gpus-per-node=18446744073709551617' '--gres=gpu:4294967297'; do
	printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH -t 30\n#SBATCH -A m1234\n#SBATCH -C gpu\n#SBATCH %s\nsrun python train.py\n' "$d" >"$TMP/bigcount.sh"
	run_maple verify --json --no-tools --cluster perlmutter "$TMP/bigcount.sh"
	expect_rc "verify '#SBATCH $d': an error" 1
	expect_json_true "verify '#SBATCH $d': GPUs per node past the node's" \
		'[.findings[] | select(.severity == "error") | .message | test("GPUs per node, but a NERSC Perlmutter node has 4")] | any'
done

# counts that multiply (GPUs per task x tasks per node) past int's range, and a memory size past 2^40 MiB:
# an error naming the node's limit (on baafa9b the product overflowed an int, UB, and wrapped to a negative
# count with no finding; --mem=18446744073709551617G read as "not stated", no finding)
for d in '--ntasks-per-node=50000:--gpus-per-task=50000' '--ntasks-per-node=65536:--gpus-per-task=65536' \
	'--ntasks-per-node=100000:--gpus-per-task=99999999999'; do
	printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 30\n#SBATCH -A m1234\n#SBATCH -C gpu\n#SBATCH %s\n#SBATCH %s\nsrun python train.py\n' "${d%%:*}" "${d#*:}" >"$TMP/bigcount.sh"
	run_maple verify --json --no-tools --cluster perlmutter "$TMP/bigcount.sh"
	expect_rc "verify '$d': an error" 1
	expect_json_true "verify '$d': GPUs per node past the node's" \
		'[.findings[] | select(.severity == "error") | .message | test("GPUs per node, but a NERSC Perlmutter node has 4")] | any'
done
for m in 9223372036854775808G 18446744073709551617G 99999999999999999999 1099511627777; do
	printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 30\n#SBATCH -A m1234\n#SBATCH -C gpu\n#SBATCH --mem=%s\nsrun python train.py\n' "$m" >"$TMP/bigmem.sh"
	run_maple verify --json --no-tools --cluster perlmutter "$TMP/bigmem.sh"
	expect_rc "verify '--mem=$m': an error" 1
	expect_json_true "verify '--mem=$m': past a node's memory, naming the value" \
		"[.findings[] | select(.id == \"memory-exceeds-node\") | .message | contains(\"--mem=$m\")] | any"
done

# ---------------------------------------------------------------- logs --follow across a rotation
F=$TMP/follow
mkdir -p "$F"
for i in 1 2 3; do echo "{'loss': 1.0, 'learning_rate': 1e-4, 'epoch': 0.$i}"; done >"$F/train.log"
"$MAPLE" logs --follow --json "$F/train.log" >"$F/out" 2>"$F/err" </dev/null &
pid=$!
sleep 1
mv "$F/train.log" "$F/train.log.1"
for i in 4 5 6 7; do echo "{'loss': 0.5, 'learning_rate': 1e-4, 'epoch': 0.$i}"; done >"$F/train.log"
sleep 3
kill -INT $pid
wait $pid
RC=$?
OUT=$(tail -n 1 "$F/out")
expect_rc "logs --follow across a rotation" 0
expect_contains "logs --follow: says the file was replaced" "$(cat "$F/err")" "was replaced (rotated)"
expect_contains "logs --follow: read the new file (epoch 0.7)" "$(cat "$F/out")" '"epoch": 0.7'

# a tqdm bar still running writes '\r' updates and no '\n' until it closes: --follow reports its step as it
# moves, one update behind (the text after the last '\r' may still be being written; all of it at the end)
# (baafa9b read nothing of a line before its '\n': step null until the bar ended, the bar kept in memory)
bar() { printf '\r %d%%|##        | %d/100 [00:%02d<01:30,  1.00it/s, loss=2.5]' "$1" "$1" "$1"; }
{ bar 10; bar 20; } >"$F/bar.log"
"$MAPLE" logs --follow --json "$F/bar.log" >"$F/bar.out" 2>"$F/bar.err" </dev/null &
pid=$!
sleep 1.5
bar 30 >>"$F/bar.log"
sleep 2.5
kill -INT $pid
wait $pid
RC=$?
expect_rc "logs --follow on a bar still running" 0
expect_eq "logs --follow on a bar still running: its steps as it moves" "$(jq -c .progress.step "$F/bar.out" | uniq | tr '\n' ' ')" "10 20 30 "

# ---------------------------------------------------------------- quoted text that looks like directives
cat >"$TMP/quoted.sh" <<'SCRIPT'
#!/bin/bash
#SBATCH -N 1
#SBATCH -t 10
#SBATCH -A m1234
python -c "
import os
#SBATCH -N 4
print(1)
"
cat > inner.sh <<END
#SBATCH -N 8
END
export X=$'it\'s'
srun python my_app.py
#SBATCH -N 5
SCRIPT
run_maple verify --json "$TMP/quoted.sh"
expect_json "directives inside a quoted word or heredoc are not directives" \
	'[.findings[] | select(.id == "directive-ignored") | .line]' '[15]'
run_maple generate --from "$TMP/quoted.sh" --to polaris
expect_contains "a line with \$'it\\'s' keeps the launch line after it" "$OUT" "my_app.py"
# a here-string or a redirection's word quoted over lines is the command's text, never a directive (6df66e3
# reported '#SBATCH -N 4' in each as misplaced); a directive after them still is one
for l in "cat <<< '
#SBATCH -N 4'" "cat <<< \"
#SBATCH -N 4\"" "cat <<<'
#SBATCH -N 4'" "cat <<< \$'
#SBATCH -N 4'" "cat <<< x'
#SBATCH -N 4'" "cat <<EOF <<< '
#SBATCH -N 4'
EOF" "echo hi > '
#SBATCH -N 4'"; do
	printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 10\n#SBATCH -A m1234\n%s\nsrun python my_app.py\n#SBATCH -N 5\n' "$l" >"$TMP/herestr.sh"
	bash -n "$TMP/herestr.sh" || fail "bash -n rejects the test's own script" "$l"
	run_maple verify --json --no-tools "$TMP/herestr.sh"
	expect_json "verify: a word quoted over lines after a redirection ($l): only the last directive is misplaced" \
		'[.findings[] | select(.id == "directive-ignored") | .line] | length == 1 and .[0] > 7' true
done
# neighbours of the quoting cases (s23: each read right on baafa9b; kept so it stays so): ANSI-C strings
# ending in an escaped backslash or holding \x27, $'...' and $"..." inside double quotes and words, a
# quote in a comment or a case pattern, a directive in a double-quoted word over lines or after a line
# continuation: the one misplaced directive is the last line's, and a port keeps the launch line
for l in "X=\$'a\\\\'" "echo \"it\$'s\"" "echo hi # it's" "Y=\${X//\\'/}" "echo \$\"it's\"" "X=\$'\\x27'" \
	"case \$X in a) echo \"'\";; esac" "X=\"a
#SBATCH -N 4
b\"" "echo a\\
#SBATCH -N 4" "arr=( 'a b' \$'c\\'d' )" "echo \${X:-\$'\\''}" "echo \"\\\"'\"" "echo '\\'"; do
	printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 10\n#SBATCH -A m1234\n%s\nsrun python my_app.py\n#SBATCH -N 5\n' "$l" >"$TMP/q.sh"
	bash -n "$TMP/q.sh" || fail "bash -n rejects the test's own script" "$l"
	last=$(wc -l <"$TMP/q.sh")
	run_maple verify --json --no-tools "$TMP/q.sh"
	expect_json "verify: quoting ($l): only the last line's directive is misplaced" \
		"[.findings[] | select(.severity != \"info\") | \"\\(.id):\\(.line)\"]" "[\"directive-ignored:$last\"]"
	run_maple generate --from "$TMP/q.sh" --to polaris
	expect_contains "port: quoting ($l): the launch line kept" "$OUT" "my_app.py"
done
# a closer quoted inside $( ... ) or ${ ... } does not close it (7c68541 read the rest of the script as one
# word: 'no launch line', the port launched train.py)
for l in "echo \$(echo ')')" "echo \${X:-'}'}" "echo \"\$(echo \")\")\"" "echo \${X:-\"}\"}" "R=\$(
echo ')' # it's
)"; do
	printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 10\n#SBATCH -A m1234\n%s\nsrun python my_app.py\n' "$l" >"$TMP/closer.sh"
	bash -n "$TMP/closer.sh" || fail "bash -n rejects the test's own script" "$l"
	run_maple verify --json --no-tools "$TMP/closer.sh"
	expect_json "verify: a quoted closer in a substitution ($l): no finding" '[.findings[] | select(.severity != "info") | .id]' '[]'
	run_maple generate --from "$TMP/closer.sh" --to polaris
	expect_contains "port: a quoted closer in a substitution ($l): the launch line kept" "$OUT" "my_app.py"
done

finish
