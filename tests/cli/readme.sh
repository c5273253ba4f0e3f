# readme.sh - the README's commands, extracted from README.md (so they cannot drift) and run as printed:
# every line of its ```sh blocks and every `$ ` line of its ```console blocks, from a copy of the source
# directory's examples/, with `maple` on PATH as `make install` puts it there; the set-up section has
# exactly two commands after getting the source, the first installs nothing of the test lab, the second
# installs the test extras; inline `maple ...` commands without placeholders run too.
# The set-up lines run verbatim with `make` and `apt-get` replaced by recorders (this build stands for the
# one `make install` would make); lines that need a Slurm cluster stop at its missing client commands here
# and run for real in tests/lab/e2e.sh.
. "$(dirname "$0")/lib.bash" "$@"

README=$SRC/README.md
W=$TMP/work
BIN=$TMP/bin
mkdir -p "$W" "$BIN"
cp -r "$SRC/examples" "$W/examples"
mkdir -p "$W/scripts" && cp "$SRC/scripts/install-deps" "$W/scripts/"
ln -s "$MAPLE" "$BIN/maple"
export MAPLE_STATE_DIR=$TMP/state
# recorders: `make install` "installs" this build (maple is already on PATH), apt-get only records
printf '#!/bin/sh\necho "make $*" >>"%s/calls"\n' "$TMP" >"$BIN/make"
printf '#!/bin/sh\necho "apt-get $*" >>"%s/calls"\nexit 100\n' "$TMP" >"$BIN/apt-get"
chmod +x "$BIN/make" "$BIN/apt-get"
# no Slurm client on PATH: sbatch, squeue, scontrol stay out of the way of the examples
SAFE_PATH=$BIN:/usr/local/bin:/usr/bin:/bin
for c in sbatch squeue scontrol qsub; do
	p=$(command -v "$c" 2>/dev/null) || continue
	case $p in /usr/bin/* | /bin/*) SAFE_PATH=$BIN ;; esac
done
if [ "$SAFE_PATH" = "$BIN" ]; then # Slurm is installed here: give the examples a PATH without it
	for c in bash sh env cat sed awk grep head tail tr cut sort uniq wc mkdir rm cp mv ls python3 shellcheck jq \
		dirname basename id hostname date sleep uname readlink realpath touch chmod printf dpkg-query; do
		p=$(command -v "$c" 2>/dev/null) && ln -sf "$p" "$BIN/$c"
	done
fi

# block LANG: the lines of the README's fenced blocks tagged LANG, one command a line
block() {
	awk -v want="$1" '/^```/ { if (inb) { inb = 0; next } tag = substr($0, 4); inb = 1; take = (tag == want); next }
		inb && take && NF' "$README"
}

# run_line NAME LINE: runs LINE verbatim with bash in the work directory; sets RC, OUT, ERR
run_line() {
	(cd "$W" && env PATH="$SAFE_PATH" bash -c "$2") </dev/null >"$TMP/.out" 2>"$TMP/.err"
	RC=$?
	OUT=$(cat "$TMP/.out")
	ERR=$(cat "$TMP/.err")
}

# --- the set-up: get the source, then exactly two commands
setup=$(awk '/^## Set-up on a fresh Debian 12/ { on = 1; next } /^## / { on = 0 } on' "$README")
expect_contains "set-up: says how to get git on a minimal system" "$setup" "apt-get install -y git"
expect_match "set-up: says how to get the source (git clone or a tarball)" "$setup" 'git clone|tar xzf maple-'
mapfile -t SETUP < <(printf '%s\n' "$setup" | awk '/^```sh$/ { inb = 1; next } /^```/ { inb = 0; next } inb && NF')
expect_eq "set-up: exactly two commands after getting the source" "${#SETUP[@]}" 2
expect_match "set-up command 1: installs, builds, puts maple on PATH, runs the main job" "${SETUP[0]:-}" \
	'^scripts/install-deps && make install && maple generate '
expect_match "set-up command 2: installs the test extras and runs every test" "${SETUP[1]:-}" \
	'^scripts/install-deps --tests && make test$'
expect_contains "set-up: says what the tests need" "$setup" "namespaces"
expect_match "set-up: says how long the tests take" "$setup" 'takes about [0-9]+ minutes'

base=$("$SRC/scripts/install-deps" --list)
tests=$("$SRC/scripts/install-deps" --list --tests)
for p in slurmctld slurmd munge python3-torch mpich openmpi-bin libcmocka-dev; do
	expect_not_contains "install-deps (build + run) does not install $p" " $base " " $p "
	expect_contains "install-deps --tests installs $p" " $tests " " $p "
done
for p in build-essential cmake pkg-config libyaml-dev libjansson-dev libpcre2-dev libsqlite3-dev; do
	expect_contains "install-deps installs $p" " $base " " $p "
done

rm -f "$TMP/calls"
run_line "set-up 1" "${SETUP[0]:-false}"
expect_rc "set-up command 1, as printed" 0
expect_contains "set-up command 1: the generated script" "$OUT" "#SBATCH --nodes=2"
expect_contains "set-up command 1: make install ran" "$(cat "$TMP/calls" 2>/dev/null)" "make install"
expect_contains "set-up command 1: packages present here, apt-get not needed" "$OUT" "install-deps: all packages present"
expect_contains "the README's make targets exist: install" "$(cat "$SRC/Makefile")" "install: all"
expect_match "the README's make targets exist: test" "$(cat "$SRC/Makefile")" '^test:'
expect_contains "make test configures again (cmocka installed by the second command counts)" "$(sed -n '/^test:/,/^$/p' "$SRC/Makefile")" 'cmake -S . -B $(BUILD)'

# --- every ```sh line below the set-up and every `$ ` line of ```console blocks, as printed
n=0
while IFS= read -r line; do
	case $line in maple\ *) ;; *) continue ;; esac
	n=$((n + 1))
	run_line "$line" "$line"
	if grep -q 'sbatch. is not on PATH\|--run submit needs the Slurm client' <<<"$ERR"; then
		# needs a scheduler: here it must stop with the clear message; tests/lab/e2e.sh runs it for real
		expect_rc "README (needs Slurm; run by lab_e2e): $line" 2
		continue
	fi
	if [ "$RC" -eq 0 ] || { [ "$RC" -eq 1 ] && [[ $line == "maple verify "* || $line == "maple logs "* ]]; }; then
		pass "README: $line (exit $RC)"
	else
		fail "README: $line: exit $RC" "stdout: ${OUT:0:1500}" "stderr: ${ERR:0:1500}"
	fi
	case $line in
	*"--batch examples/requests.txt"*)
		expect_eq "  every request of the batch file answers ok" \
			"$(printf '%s\n' "$OUT" | jq -r .status | sort -u | paste -sd,)" ok
		;;
	"maple debug examples/failed/"*) expect_contains "  names the cause" "$OUT" "torchrun-port-in-use" ;;
	"maple generate --from examples/old.sh"*) expect_contains "  ported to PBS" "$OUT" "#PBS -A MyProj" ;;
	"maple inspect examples/job"*) expect_match "  reads the strategy" "$OUT" 'strategy +fsdp' ;;
	"maple logs examples/"*) expect_contains "  finds the failure" "$OUT" "cuda-oom" ;;
	esac
done < <(block sh | tail -n +3; block console | sed -n 's/^\$ //p')
if [ "$n" -ge 15 ]; then pass "README: $n commands run"; else fail "README: only $n maple commands found"; fi

# --- inline `maple ...` commands in the prose: those without placeholders run as printed
m=0
while IFS= read -r span; do
	if grep -Eq '\b[A-Z]{2,}\b|\.\.\.|\[' <<<"$span"; then continue; fi # a synopsis with placeholders
	read -ra words <<<"$span"
	args=0
	for w in "${words[@]:2}"; do [[ $w == -* ]] || args=1; done
	[ "$args" = 1 ] || continue # `maple extract --json` and the like name a subcommand, not a command
	m=$((m + 1))
	run_line "$span" "$span"
	if [ "$RC" -le 1 ]; then pass "README inline: $span (exit $RC)"; else fail "README inline: $span: exit $RC" "${ERR:0:1500}"; fi
done < <(grep -o '`maple [^`]*`' "$README" | tr -d '`' | sort -u)
if [ "$m" -ge 4 ]; then pass "README: $m inline commands run"; else fail "README: only $m inline commands"; fi

# --- the examples the README names exist
for f in examples/old.sh examples/failed/run.sh examples/failed/slurm-123456.out examples/requests.txt \
	examples/train.log examples/job/train.py; do
	if [ -f "$SRC/$f" ]; then pass "exists: $f"; else fail "missing: $f"; fi
done
finish
