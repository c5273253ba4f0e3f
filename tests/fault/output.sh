# output.sh - fault suite: output that cannot be written. Every command's stdout on /dev/full and on a
# full file system (a 256 KiB tmpfs when mounting is allowed), -o onto a full or missing place, links
# planted by another user, existing files (--force, modes kept), signals during writes (SIGINT, SIGTERM,
# SIGHUP, SIGKILL at varied moments). Each case: the expected message and exit status, no partial or
# stray file, nothing written through a link maple did not make.
. "$(dirname "$0")/../cli/lib.bash" "$@"

REQ='perlmutter, 2 nodes, 2 hours, python train.py --epochs 3, account m1234'
run_maple generate "$REQ"
EXPECTED=$OUT
[ -n "$EXPECTED" ] || fail "the reference request generates nothing" "$ERR"

printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 10\nif true; then\n' >"$TMP/broken.sh"
printf "{'loss': 1.0, 'learning_rate': 1e-4, 'epoch': 0.5}\n" >"$TMP/train.log"
mkdir -p "$TMP/job"
printf 'import torch\nmodel = torch.nn.Linear(2, 2)\n' >"$TMP/job/train.py"
printf 'perlmutter, 2 nodes, python a.py\ndelta 1 node, python b.py\n' >"$TMP/batch.txt"

# ---------------------------------------------------------------- stdout on /dev/full
if [ -w /dev/full ]; then
	full_case() { # NAME ARGS...
		local name=$1
		shift
		"$MAPLE" "$@" </dev/null >/dev/full 2>"$TMP/.err"
		RC=$?
		ERR=$(cat "$TMP/.err")
		OUT=
		expect_rc "stdout on /dev/full: $name" 2
		expect_contains "stdout on /dev/full: $name says so" "$ERR" "cannot write standard output: No space left on device"
	}
	# debug flushes its report before it goes on (--apply): the cause is still the full device, not EIO
	printf 'RuntimeError: The server socket has failed to listen on any local network address. port: 29500, useIPv6: 0, code: -98, name: EADDRINUSE, message: address already in use\n' >"$TMP/inuse.log"
	printf '#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --time=00:30:00\nexport MASTER_PORT=29500\nsrun python t.py\n' >"$TMP/inuse.sh"
	full_case "debug" debug --no-llm "$TMP/inuse.sh" --log "$TMP/inuse.log"
	full_case "debug --json" debug --json --no-llm "$TMP/inuse.sh" --log "$TMP/inuse.log"
	full_case "extract --script" extract --script "$TMP/inuse.sh"
	full_case "clusters ID" clusters perlmutter
	full_case "generate" generate "$REQ"
	full_case "generate --json" generate --json "$REQ"
	full_case "generate --batch" generate --json --batch "$TMP/batch.txt"
	# output past stdio's buffer: the write that fails is inside the loop, and stdio empties its buffer
	# then, so the cause is kept at once (6df66e3 said 'Input/output error' for these)
	for i in $(seq 1 12); do cat "$TMP/batch.txt"; done >"$TMP/batch24.txt"
	full_case "generate --batch, 24 scripts" generate --batch "$TMP/batch24.txt"
	full_case "generate --json --batch, 24 objects" generate --json --batch "$TMP/batch24.txt"
	full_case "generate --explain --json --batch, 24 objects" generate --explain --json --batch "$TMP/batch24.txt"
	full_case "extract --json" extract --json "$REQ"
	full_case "verify" verify --no-tools "$TMP/broken.sh"
	full_case "verify --json" verify --json "$TMP/broken.sh"
	full_case "logs" logs "$TMP/train.log"
	full_case "logs --json" logs --json "$TMP/train.log"
	# --follow stops at the first failed write with the one message naming the cause (9af9c85: a second
	# message said 'Input/output error')
	for f in "" --json; do
		timeout 20 "$MAPLE" logs $f --follow "$TMP/train.log" </dev/null >/dev/full 2>"$TMP/.err"
		RC=$?
		ERR=$(cat "$TMP/.err")
		expect_rc "stdout on /dev/full: logs $f --follow stops" 2
		expect_eq "stdout on /dev/full: logs $f --follow: one message, the cause" "$ERR" "maple: cannot write standard output: No space left on device (the output is incomplete)"
	done
	full_case "clusters" clusters
	full_case "clusters --json" clusters --json
	full_case "templates" templates
	full_case "advise --json" advise --json --model gpt2-xl --cluster perlmutter
	full_case "inspect --json" inspect --json --no-cache "$TMP/job"
	full_case "--help" --help
	full_case "generate --help" generate --help
	full_case "--version" --version
	full_case "generate -o -" generate -o - "$REQ"
	# the rest of the commands and forms (s23: each was checked by hand before; kept so it stays so)
	full_case "generate --explain" generate --explain "$REQ"
	full_case "generate --json --explain" generate --json --explain "$REQ"
	full_case "generate --from (a port)" generate --from "$SRC/examples/old.sh" --to polaris "account MyProj"
	full_case "generate --auto" generate --auto --dir "$SRC/examples/job" "on polaris, account MyProj"
	full_case "extract" extract "$REQ"
	full_case "clusters --json ID" clusters --json perlmutter
	full_case "templates --cluster" templates --cluster delta
	full_case "templates --json" templates --json
	full_case "debug --check-kb" debug --check-kb
	full_case "advise" advise --model gpt2-xl --cluster perlmutter
	full_case "advise --params" advise --params 7e9 --cluster polaris
	full_case "inspect" inspect --no-cache "$TMP/job"
	full_case "help verify" help verify
	# s24: the history of a directory inspected twice (its cache), and advise reading a job's directory and log
	"$MAPLE" inspect --json "$TMP/job" >/dev/null 2>&1
	printf 'import torch\nmodel = torch.nn.Linear(4, 4)\n' >"$TMP/job/train.py"
	"$MAPLE" inspect --json "$TMP/job" >/dev/null 2>&1
	full_case "inspect --history" inspect --history "$TMP/job"
	full_case "inspect --history --json" inspect --history --json "$TMP/job"
	full_case "advise --log" advise --model gpt2-xl --log "$TMP/train.log" --cluster perlmutter
	full_case "advise --json --dir --log" advise --json --dir "$SRC/examples/job" --log "$TMP/train.log" --cluster perlmutter
	for c in verify logs inspect advise debug run templates clusters extract; do
		full_case "$c --help" "$c" --help
	done
	# -o onto /dev/full: written into (a device is never replaced), and the failure reported
	run_maple generate -o /dev/full "$REQ"
	expect_rc "-o /dev/full" 2
	expect_contains "-o /dev/full: says so" "$ERR" "No space left on device"
fi

# ---------------------------------------------------------------- stderr that cannot be written
# What a demanding user expects, per command (s27):
# - the main output (stdout, or -o FILE) is what the status is about: a failed write of it is exit 2;
# - a warning or error maple printed to stderr that never arrived (2>/dev/full, 2>&-) leaves a report the
#   user did not get: a status of 0 becomes 2 (coreutils' close_stdout does the same); the main output is
#   still written whole; a status already non-zero (1: verify's findings, 2, 3) stays as it is;
# - with --json the warnings are in the JSON on stdout: a closed stderr loses nothing, exit 0;
# - a note that only confirms what was done ("maple: wrote FILE") is no warning: its loss is no error.
WREQ='perlmutter, 2 nodes, 2 hours, account m1234, python train.py --x a;b' # one warning: shell syntax kept literal
printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t 10\n#SBATCH --bogus-option=1\nsrun python t.py\n' >"$TMP/finding.sh" # verify: 2 errors
run_maple generate "$WREQ"
WEXPECTED=$OUT
expect_contains "stderr cases: the request has a warning" "$ERR" "maple: warning: argument 'a;b' carries shell syntax"
err_case() { # NAME WANT_RC STDERR(full|closed) ARGS...: stdout to $TMP/so
	local name=$1 want=$2 how=$3
	shift 3
	if [ "$how" = full ]; then
		"$MAPLE" "$@" </dev/null >"$TMP/so" 2>/dev/full
	else
		"$MAPLE" "$@" </dev/null >"$TMP/so" 2>&-
	fi
	RC=$?
	expect_rc "stderr $how: $name" "$want"
}
if [ -w /dev/full ]; then
	err_case "generate with a warning: exit 2 (the warning is lost)" 2 full generate "$WREQ"
	expect_eq "stderr full: generate with a warning: the script is still whole" "$(cat "$TMP/so")" "$WEXPECTED"
	err_case "generate with no warning: exit 0" 0 full generate "$REQ"
	expect_eq "stderr full: generate with no warning: the script" "$(cat "$TMP/so")" "$EXPECTED"
	err_case "generate --json with a warning: exit 0 (it is in the JSON)" 0 full generate --json "$WREQ"
	expect_eq "stderr full: generate --json: the warning is in the JSON" \
		"$(jq -r '.warnings[0] | startswith("argument '"'"'a;b'"'"' carries shell syntax")' "$TMP/so")" true
	err_case "verify with findings: exit 1 as before" 1 full verify --no-tools --cluster perlmutter "$TMP/finding.sh"
	err_case "an error: exit 2 as before" 2 full generate --cluster nowhere "$REQ"
	# both lost: exit 2, never 0 (the status is the only word left)
	"$MAPLE" generate "$WREQ" </dev/null >/dev/full 2>/dev/full
	RC=$?
	expect_rc "stdout and stderr on /dev/full: generate" 2
	"$MAPLE" logs "$TMP/train.log" </dev/null >/dev/full 2>/dev/full
	RC=$?
	expect_rc "stdout and stderr on /dev/full: logs" 2
fi
err_case "generate with a warning: exit 2 (the warning is lost)" 2 closed generate "$WREQ"
expect_eq "stderr closed: generate with a warning: the script is still whole" "$(cat "$TMP/so")" "$WEXPECTED"
err_case "generate with no warning: exit 0" 0 closed generate "$REQ"
err_case "generate --json with a warning: exit 0 (it is in the JSON)" 0 closed generate --json "$WREQ"
rm -f "$TMP/o1.sh" "$TMP/o2.sh"
err_case "generate -o FILE: exit 0 (the 'wrote FILE' note is no warning)" 0 closed generate -o "$TMP/o1.sh" "$REQ"
expect_eq "stderr closed: generate -o FILE: the file" "$(cat "$TMP/o1.sh")" "$EXPECTED"
err_case "generate -o FILE with a warning: exit 2" 2 closed generate -o "$TMP/o2.sh" "$WREQ"
expect_eq "stderr closed: generate -o FILE with a warning: the file is still whole" "$(cat "$TMP/o2.sh")" "$WEXPECTED"
rm -f "$TMP/o1.sh" "$TMP/o2.sh"
err_case "verify --json: exit 1 as before (findings)" 1 closed verify --json --no-tools --cluster perlmutter "$TMP/finding.sh"
# stdout closed: exit 2 with the cause; stdout and stderr closed: exit 2
"$MAPLE" generate "$REQ" </dev/null >&- 2>"$TMP/.err"
RC=$?
expect_rc "stdout closed: generate" 2
expect_contains "stdout closed: generate says so" "$(cat "$TMP/.err")" "cannot write standard output: Bad file descriptor"
("$MAPLE" generate "$WREQ" </dev/null >&- 2>&-; echo $? >"$TMP/rc")
expect_eq "stdout and stderr closed: generate: exit 2" "$(cat "$TMP/rc")" 2
# a closed descriptor stays taken: no file maple opens becomes fd 1 (on 723e27bb the unnamed temporary file
# of -o was fd 1 when stdout was closed, where any report flushed later would have gone)
if command -v strace >/dev/null 2>&1; then
	rm -f "$TMP/o3.sh"
	strace -f -e trace=openat,open -o "$TMP/strace" "$MAPLE" generate -o "$TMP/o3.sh" "$REQ" </dev/null >&- 2>/dev/null
	# (the loader's libraries, and under `make sanitize` the sanitizer runtime's reads of /proc/self/cmdline,
	# environ and maps before main: not maple's files)
	fd1=$(grep -E ' = 1$' "$TMP/strace" | grep -v -E 'ld\.so|\.so(\.[0-9]+)*"|"/dev/null"|"/proc/self/(cmdline|environ|maps)"' | head -3)
	expect_eq "stdout closed: no file maple opens becomes fd 1" "$fd1" ""
	expect_eq "stdout closed: generate -o FILE still writes the script" "$(cat "$TMP/o3.sh")" "$EXPECTED"
	rm -f "$TMP/o3.sh"
else
	pass "stdout closed: no file maple opens becomes fd 1 (skipped: strace is not installed)"
fi

# ---------------------------------------------------------------- a full file system
SMALL=$TMP/small
mkdir -p "$SMALL"
if mount -t tmpfs -o size=256k tmpfs "$SMALL" 2>/dev/null; then
	trap '[ "$BASHPID" = "$$" ] && { umount "$SMALL" 2>/dev/null; rm -rf "$TMP"; }' EXIT
	head -c 2000000 /dev/zero >"$SMALL/filler" 2>/dev/null
	run_maple generate -o "$SMALL/job.sh" "$REQ"
	expect_rc "-o on a full file system" 2
	expect_contains "-o on a full file system: says so" "$ERR" "No space left on device"
	expect_eq "-o on a full file system: nothing left behind" "$(ls -A "$SMALL")" "filler"
	"$MAPLE" generate "$REQ" </dev/null >"$SMALL/job2.sh" 2>"$TMP/.err"
	RC=$?
	ERR=$(cat "$TMP/.err")
	expect_rc "generate > FILE on a full file system" 2
	expect_contains "generate > FILE on a full file system: says the output is incomplete" "$ERR" "the output is incomplete"
	rm -f "$SMALL/job2.sh"
	"$MAPLE" verify --json "$TMP/broken.sh" </dev/null >"$SMALL/v.json" 2>"$TMP/.err"
	RC=$?
	expect_rc "verify --json > FILE on a full file system" 2
	rm -f "$SMALL/v.json" "$SMALL/filler"
	run_maple generate -o "$SMALL/job.sh" "$REQ"
	expect_rc "-o once there is room again" 0
	expect_eq "-o once there is room again: the whole script" "$(cat "$SMALL/job.sh")" "$EXPECTED"
	umount "$SMALL"
else
	pass "a full tmpfs: not allowed to mount here (skipped; /dev/full cases above cover stdout)"
fi

# ---------------------------------------------------------------- past the file size limit (ulimit -f)
# a write past RLIMIT_FSIZE is an error like a full disk (on baafa9b SIGXFSZ killed maple without a word,
# exit 153, leaving a truncated script on stdout's file); -o leaves nothing, an old file stays whole
FS=$TMP/fsize
mkdir -p "$FS"
big=$(printf 'x%.0s' $(seq 1 3000))
(ulimit -f 1 && exec "$MAPLE" generate "$REQ $big" </dev/null >"$FS/out.sh" 2>"$TMP/.err")
RC=$?
ERR=$(cat "$TMP/.err")
expect_rc "generate > FILE past the file size limit" 2
expect_contains "generate > FILE past the file size limit: says why" "$ERR" "cannot write standard output: File too large"
rm -f "$FS/out.sh"
for force in "" --force; do
	[ -n "$force" ] && printf 'old\n' >"$FS/job.sh"
	(ulimit -f 1 && exec "$MAPLE" generate $force -o "$FS/job.sh" "$REQ $big" </dev/null >/dev/null 2>"$TMP/.err")
	RC=$?
	ERR=$(cat "$TMP/.err")
	expect_rc "generate $force -o past the file size limit" 2
	expect_contains "generate $force -o past the file size limit: says why" "$ERR" "File too large"
	if [ -n "$force" ]; then
		expect_eq "generate --force -o past the file size limit: the old file whole" "$(ls -A "$FS"):$(cat "$FS/job.sh")" "job.sh:old"
	else
		expect_eq "generate -o past the file size limit: nothing left" "$(ls -A "$FS")" ""
	fi
done
(ulimit -f 1 && exec "$MAPLE" verify --json "$TMP/broken.sh" </dev/null >"$FS/v.json" 2>"$TMP/.err")
RC=$?
expect_rc "verify --json > FILE past the file size limit" 2
rm -rf "$FS"

# ---------------------------------------------------------------- -o onto places that cannot be written
run_maple generate -o "$TMP/missing/dir/job.sh" "$REQ"
expect_rc "-o into a missing directory" 2
expect_contains "-o into a missing directory: names it" "$ERR" "$TMP/missing/dir"
run_maple generate -o "$TMP/job" "$REQ"
expect_rc "-o onto a directory" 2
expect_contains "-o onto a directory: says so" "$ERR" "directory"
run_maple generate -o "$TMP/job/" "$REQ"
expect_rc "-o onto DIR/" 2

# ---------------------------------------------------------------- existing files
O=$TMP/o
mkdir -p "$O"
printf 'precious\n' >"$O/keep.sh"
chmod 0600 "$O/keep.sh"
run_maple generate -o "$O/keep.sh" "$REQ"
expect_rc "-o onto an existing file without --force" 2
expect_contains "-o onto an existing file: says how" "$ERR" "exists: not replaced (--force replaces it)"
expect_eq "-o onto an existing file: unchanged" "$(cat "$O/keep.sh")" "precious"
run_maple generate --force -o "$O/keep.sh" "$REQ"
expect_rc "-o --force onto an existing file" 0
expect_eq "-o --force: replaced" "$(cat "$O/keep.sh")" "$EXPECTED"
expect_eq "-o --force: mode kept (0600 stays 0600, never 0755)" "$(stat -c %a "$O/keep.sh")" "600"
printf 'ro\n' >"$O/ro.sh"
chmod 0444 "$O/ro.sh"
run_maple generate --force -o "$O/ro.sh" "$REQ"
expect_rc "-o --force onto a read-only file" 0
expect_eq "-o --force onto a read-only file: stays read-only" "$(stat -c %a "$O/ro.sh")" "444"
# -o - is standard output (as a SCRIPT of - is standard input): no file named '-' (6df66e3 wrote one)
cd "$O" || exit 2
run_maple generate -o - "$REQ"
cd - >/dev/null || exit 2
expect_rc "-o -" 0
expect_eq "-o -: the script on stdout" "$OUT" "$EXPECTED"
[ ! -e "$O/-" ] && pass "-o -: no file named '-'" || fail "-o - wrote a file named '-'"
run_maple generate -o "$O/new.sh" "$REQ"
expect_eq "-o new file: 0755 less the umask" "$(stat -c %a "$O/new.sh")" "$(printf '%o' $((0755 & ~$(umask))))"
expect_eq "existing files: no temporary file left" "$(ls -A "$O" | sort | tr '\n' ' ')" "keep.sh new.sh ro.sh "


# ---------------------------------------------------------------- links planted by another user
if [ "$(id -u)" = 0 ]; then
	S=$TMP/sticky
	mkdir -p "$S"
	chmod 1777 "$S"
	printf 'root secret\n' >"$TMP/secret"
	chmod 0600 "$TMP/secret"
	ln -s "$TMP/secret" "$S/job.sh"
	chown -h 4242:4242 "$S/job.sh"
	for force in "" --force; do
		run_maple generate $force -o "$S/job.sh" "$REQ"
		expect_rc "-o through another user's link in a sticky directory ${force:-(no --force)}: refused" 2
		expect_contains "-o through another user's link: says why" "$ERR" "symbolic link owned by another user"
		expect_eq "-o through another user's link: target untouched" "$(cat "$TMP/secret")" "root secret"
		expect_eq "-o through another user's link: target mode untouched" "$(stat -c %a "$TMP/secret")" "600"
		[ -L "$S/job.sh" ] && pass "-o through another user's link: the link stays" || fail "the link was replaced"
	done
	# a dangling link to a file that does not exist yet: nothing is created through it
	ln -s "$TMP/created-by-link" "$S/dangling.sh"
	chown -h 4242:4242 "$S/dangling.sh"
	run_maple generate -o "$S/dangling.sh" "$REQ"
	expect_rc "-o through another user's dangling link: refused" 2
	[ ! -e "$TMP/created-by-link" ] && pass "-o through a dangling link: nothing created" ||
		fail "-o through a dangling link created its target"
	# debug --apply writes through the same writer: a script behind a foreign link is not patched, and
	# no backup is left either (a port-in-use failure, whose fix is automatic)
	printf '#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --time=00:30:00\nexport MASTER_PORT=29500\nsrun bash -c '"'"'torchrun --nnodes=2 --master_port=$MASTER_PORT t.py'"'"'\n' >"$TMP/victim.sh"
	chmod 0600 "$TMP/victim.sh"
	cp "$TMP/victim.sh" "$TMP/victim.copy"
	printf 'RuntimeError: The server socket has failed to listen on any local network address. port: 29500, useIPv6: 0, code: -98, name: EADDRINUSE, message: address already in use\n' >"$TMP/port.log"
	ln -s "$TMP/victim.sh" "$S/run.sh"
	chown -h 4242:4242 "$S/run.sh"
	run_maple debug "$S/run.sh" --log "$TMP/port.log" --apply --no-llm
	expect_rc "debug --apply through another user's link: refused" 2
	expect_contains "debug --apply through another user's link: says why" "$ERR" "symbolic link owned by another user"
	cmp -s "$TMP/victim.sh" "$TMP/victim.copy" && pass "debug --apply through a foreign link: target untouched" ||
		fail "debug --apply wrote through a foreign link"
	# run --fix --in-place writes through the same writer: refused before anything runs (s25: the check came
	# after the runs, so the user waited for every run, then learned the fix could not be written)
	SLURM_JOB_ID= PBS_JOBID= run_maple run --fix --in-place --run local --timeout 5 "$S/run.sh"
	expect_rc "run --fix --in-place through another user's link: refused" 2
	expect_contains "run --fix --in-place through another user's link: says why, before any run" "$ERR" \
		"maple run: '$S/run.sh' is a symbolic link owned by another user"
	cmp -s "$TMP/victim.sh" "$TMP/victim.copy" && pass "run --fix through a foreign link: target untouched" ||
		fail "run --fix wrote through a foreign link"
	rm -f "$S/run.sh"
	# the same script, the user's own file: patched, backup kept, mode kept
	cp "$TMP/victim.copy" "$O/port.sh"
	chmod 0640 "$O/port.sh"
	run_maple debug "$O/port.sh" --log "$TMP/port.log" --apply --no-llm
	expect_rc "debug --apply on the user's own script" 0
	expect_eq "debug --apply: mode kept" "$(stat -c %a "$O/port.sh")" "640"
	cmp -s "$O/port.sh.orig" "$TMP/victim.copy" && pass "debug --apply: the backup is the original" || fail "debug --apply: backup"
	expect_eq "sticky directory: no stray files" "$(ls -A "$S" | sort | tr '\n' ' ')" "dangling.sh job.sh "
	# the user's own link: written through, the link kept, the target's mode kept
	printf 'old\n' >"$TMP/mine.sh"
	chmod 0640 "$TMP/mine.sh"
	ln -s "$TMP/mine.sh" "$O/mylink.sh"
	run_maple generate --force -o "$O/mylink.sh" "$REQ"
	expect_rc "-o through the user's own link" 0
	[ -L "$O/mylink.sh" ] && pass "-o through the user's own link: the link stays" || fail "own link replaced by a file"
	expect_eq "-o through the user's own link: the target has the script" "$(cat "$TMP/mine.sh")" "$EXPECTED"
	expect_eq "-o through the user's own link: the target's mode kept" "$(stat -c %a "$TMP/mine.sh")" "640"
	# a link planted as a DIRECTORY on the way (-o /sticky/d/job.sh, d -> a root-owned directory): the
	# kernel's rule for links in sticky world-writable directories holds for every component, whatever
	# fs.protected_symlinks says (9af9c85 wrote job.sh into the link's target)
	mkdir -p "$TMP/rootdir/sub"
	ln -s "$TMP/rootdir" "$S/d"
	chown -h 4242:4242 "$S/d"
	run_maple generate -o "$S/d/job.sh" "$REQ"
	expect_rc "-o through another user's directory link in a sticky directory: refused" 2
	expect_contains "-o through a foreign directory link: names the link" "$ERR" "'d' on its way is a symbolic link owned by another user"
	run_maple generate --force -o "$S/d/sub/../forced.sh" "$REQ"
	expect_rc "-o through a foreign directory link, with --force and .. after it: refused" 2
	# a chain: the user's own link leads to another user's link in the sticky directory
	ln -s "$S/d" "$O/chain"
	run_maple generate -o "$O/chain/chain.sh" "$REQ"
	expect_rc "-o through the user's own link to another user's directory link: refused" 2
	# templates add: a configuration directory reached through another user's link
	mkdir -p "$TMP/rootdir/maple/templates/perlmutter"
	ln -s "$TMP/rootdir" "$S/xdg"
	chown -h 4242:4242 "$S/xdg"
	"$MAPLE" generate -o "$TMP/tpl.sh" "$REQ" </dev/null >/dev/null 2>&1
	XDG_CONFIG_HOME=$S/xdg/ run_maple templates add "$TMP/tpl.sh" --cluster perlmutter --id planted --force
	expect_rc "templates add into a configuration directory behind another user's link: refused" 2
	expect_eq "foreign directory links: nothing written where they point" "$(find "$TMP/rootdir" -type f | wc -l)" "0"
	# the neighbours that are followed: the user's own directory link in the sticky directory, a link
	# owned by the sticky directory's owner, another user's link in a directory that is not sticky
	ln -s "$TMP/rootdir" "$S/mine"
	run_maple generate -o "$S/mine/own.sh" "$REQ"
	expect_rc "-o through the user's own directory link in a sticky directory" 0
	P=$TMP/plain
	mkdir -p "$P"
	ln -s "$TMP/rootdir" "$P/theirs"
	chown -h 4242:4242 "$P/theirs"
	run_maple generate -o "$P/theirs/shared.sh" "$REQ"
	expect_rc "-o through a colleague's directory link in a directory that is not sticky" 0
	expect_eq "followed directory links: written where they point" "$(ls "$TMP/rootdir" | tr '\n' ' ')" "maple own.sh shared.sh sub "
	rm -f "$S/d" "$S/xdg" "$S/mine"
	# /dev/stdout is a link owned by root in a directory owned by root: written into
	OUT=$("$MAPLE" generate -o /dev/stdout "$REQ" 2>/dev/null </dev/null)
	expect_eq "-o /dev/stdout: the script on stdout" "$OUT" "$EXPECTED"
fi

# ---------------------------------------------------------------- signals during writes
SIG=$TMP/sig
mkdir -p "$SIG"
big=$(printf 'x%.0s' $(seq 1 2000))
runs=0
bad=0
for sig in INT TERM HUP KILL; do
	for delay in 0 0.005 0.01 0.02 0.04 0.06 0.08 0.1 0.15 0.2; do
		rm -f "$SIG"/* "$SIG"/.[!.]* 2>/dev/null
		"$MAPLE" generate -o "$SIG/job.sh" "$REQ $big" </dev/null >/dev/null 2>&1 &
		pid=$!
		sleep "$delay"
		kill -s "$sig" "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		runs=$((runs + 1))
		left=$(ls -A "$SIG")
		if [ -n "$left" ] && [ "$left" != job.sh ]; then
			bad=$((bad + 1))
			fail "SIG$sig after ${delay}s: stray files" "$left"
		elif [ "$left" = job.sh ] && ! bash -n "$SIG/job.sh"; then
			bad=$((bad + 1))
			fail "SIG$sig after ${delay}s: a partial script"
		fi
	done
done
[ "$bad" = 0 ] && pass "signals during -o: $runs runs, no stray or partial file"
# the same while --force replaces an existing file (a hidden temporary name lives between the write and the
# rename): the old script or the new one, whole, and never a stray .job.sh.maple-* file. SIGKILL is left out
# here: nothing can remove a name in the microseconds between link and rename if the process dies there
printf '#!/bin/bash\necho old\n' >"$TMP/old.sh"
runs=0
bad=0
for sig in INT TERM HUP QUIT; do
	for delay in 0 0.005 0.01 0.02 0.04 0.06 0.08 0.1 0.15 0.2; do
		rm -f "$SIG"/* "$SIG"/.[!.]* 2>/dev/null
		cp "$TMP/old.sh" "$SIG/job.sh"
		"$MAPLE" generate --force -o "$SIG/job.sh" "$REQ $big" </dev/null >/dev/null 2>&1 &
		pid=$!
		sleep "$delay"
		kill -s "$sig" "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		runs=$((runs + 1))
		left=$(ls -A "$SIG")
		if [ "$left" != job.sh ]; then
			bad=$((bad + 1))
			fail "--force, SIG$sig after ${delay}s: stray or missing files" "$left"
		elif ! cmp -s "$SIG/job.sh" "$TMP/old.sh" && ! bash -n "$SIG/job.sh"; then
			bad=$((bad + 1))
			fail "--force, SIG$sig after ${delay}s: a partial script"
		fi
	done
done
[ "$bad" = 0 ] && pass "signals during --force -o: $runs runs, the old or the new script whole, no stray file"

# ---------------------------------------------------------------- verify --run's work directory
# (created next to the script, never one that exists): a .maple-verify that is a link, or another
# user's directory, is refused before anything runs; nothing is written where the link points
W=$TMP/wdir
mkdir -p "$W/elsewhere"
"$MAPLE" generate --cluster perlmutter -o "$W/job.sh" "pytorch ddp training of train.py on 2 nodes for 30 minutes, account m1234" 2>/dev/null
ln -s "$W/elsewhere" "$W/.maple-verify"
run_maple verify --run local --timeout 5 "$W/job.sh"
expect_rc "verify --run with .maple-verify a link: refused" 2
expect_contains "verify --run with .maple-verify a link: says why" "$ERR" "is not a directory of yours (a symbolic link)"
expect_eq "verify --run with .maple-verify a link: nothing written through it" "$(ls -A "$W/elsewhere")" ""
rm "$W/.maple-verify"
if [ "$(id -u)" = 0 ]; then
	mkdir "$W/.maple-verify"
	chown 4242:4242 "$W/.maple-verify"
	run_maple verify --run local --timeout 5 "$W/job.sh"
	expect_rc "verify --run with another user's .maple-verify: refused" 2
	expect_contains "verify --run with another user's .maple-verify: says why" "$ERR" "another user owns it"
	rm -rf "$W/.maple-verify"
fi

finish
