# lab_preflight.sh - tests/lab/preflight.sh, the checks the lab and mini-app tests run before anything
# else: each missing need (namespaces in a chroot, an unresolvable host name, a port in use, a missing
# package, MAPLE_LAB_SKIP) is a skip (exit 77) naming the reason and the fix, within seconds, recorded in
# MAPLE_SKIP_DIR; MAPLE_TEST_NO_SKIP=1 (CI) turns it into a failure; a machine that has everything passes.
# The failing commands are stand-ins on PATH, so this runs anywhere.
. "$(dirname "$0")/lib.bash" "$@"

PF=$SRC/tests/lab/preflight.sh
# hermetic: what whoever runs the suite set (CI forbids skips) must not change these cases
unset MAPLE_LAB_SKIP MAPLE_TEST_NO_SKIP MAPLE_SKIP_DIR
FAKE=$TMP/fake
mkdir -p "$FAKE"

# fake NAME BODY: a stand-in command first on PATH
fake() {
	printf '#!/bin/sh\n%s\n' "$2" >"$FAKE/$1"
	chmod +x "$FAKE/$1"
}

# check NAME CHECKS [ENV...]: runs `preflight CHECKS` in a child bash; sets RC, OUT, and SECS
check() {
	local name=$1 checks=$2 t0
	shift 2
	rm -rf "$TMP/skips"
	t0=$(date +%s%N)
	env "$@" MAPLE_SKIP_DIR="$TMP/skips" PATH="$FAKE:$PATH" bash -c \
		'PREFLIGHT_TEST=t_'"$name"'; source "$1"; preflight $2; echo READY' sh "$PF" "$checks" >"$TMP/.out" 2>&1
	RC=$?
	SECS=$((($(date +%s%N) - t0) / 1000000000))
	OUT=$(cat "$TMP/.out")
}

# expect_skip NAME REASON-TEXT FIX-TEXT
expect_skip() {
	expect_eq "$1: exit 77 (ctest SKIP_RETURN_CODE)" "$RC" 77
	expect_contains "$1: the reason" "$OUT" "SKIP: $2"
	expect_contains "$1: the fix" "$OUT" "fix: $3"
	expect_not_contains "$1: nothing runs after the skip" "$OUT" READY
	expect_contains "$1: recorded for make test's summary" "$(cat "$TMP/skips/t_$1.txt" 2>&1)" "t_$1: SKIP: $2"
	if [ "$SECS" -le 3 ]; then pass "$1: decided within seconds (${SECS} s)"; else fail "$1: took $SECS s"; fi
}

# --- a chroot: unshare cannot make the mount namespace private
fake unshare 'echo "unshare: cannot change root filesystem propagation: Invalid argument" >&2; exit 1'
check chroot namespaces
expect_skip chroot "this machine cannot create network/UTS/mount namespaces (unshare: cannot change root filesystem propagation: Invalid argument" "run the tests as root on a VM"
rm -f "$FAKE/unshare"

# --- the host name does not resolve
fake getent 'exit 2'
check hostname hostname
expect_skip hostname "this machine's host name '$(hostname)' does not resolve" "add '127.0.1.1 $(hostname)' to /etc/hosts"
rm -f "$FAKE/getent"

# --- the lab's port is taken
fake ss 'echo "LISTEN 0 4096 0.0.0.0:6817 0.0.0.0:* users:((\"slurmctld\",pid=4242,fd=3))"'
check port port:6817
expect_skip port "TCP port 6817 is in use (slurmctld; another Slurm lab or a real slurmctld)" "stop it (another maple lab: bash tests/lab/lab.sh down"
rm -f "$FAKE/ss"

# --- a package missing (no sbatch on PATH; the daemons are also looked for in /usr/sbin)
mkdir -p "$TMP/bin"
for c in bash env sh cat mkdir rm basename printf id; do ln -sf "$(command -v $c)" "$TMP/bin/$c"; done
rm -rf "$TMP/skips"
env -i MAPLE_SKIP_DIR="$TMP/skips" PATH="$TMP/bin" "$TMP/bin/bash" -c \
	'PREFLIGHT_TEST=t_pkg; source "$1"; preflight lab-packages; echo READY' sh "$PF" >"$TMP/.out" 2>&1
RC=$?
OUT=$(cat "$TMP/.out")
SECS=0
expect_skip pkg "'sbatch' is not installed (the Slurm lab's packages are missing)" "scripts/install-deps --tests"

# --- MAPLE_LAB_SKIP=1 is a skip, not a pass
check envskip env-skip MAPLE_LAB_SKIP=1
expect_skip envskip "MAPLE_LAB_SKIP=1 is set" "unset MAPLE_LAB_SKIP"

# --- CI: MAPLE_TEST_NO_SKIP=1 turns any skip into a failure that still says why
check ci env-skip MAPLE_LAB_SKIP=1 MAPLE_TEST_NO_SKIP=1
expect_eq "CI: a skip fails (exit 1)" "$RC" 1
expect_contains "CI: says why" "$OUT" "MAPLE_TEST_NO_SKIP=1 forbids skipping: SKIP: MAPLE_LAB_SKIP=1"

# --- everything there (stand-ins that succeed): the test goes on, and no skip is recorded
fake unshare 'exit 0'
fake getent 'echo "127.0.1.1 host"'
fake ss 'exit 0'
check ok "namespaces hostname port:6817 env-skip"
expect_eq "all present: exit 0" "$RC" 0
expect_contains "all present: the test goes on" "$OUT" READY
expect_eq "all present: no skip file" "$(ls "$TMP/skips" 2>/dev/null)" ""

# --- the tests that need the lab declare the skip code to ctest (a skip is never a pass)
expect_match "CMake: lab and mini-app tests have SKIP_RETURN_CODE 77" "$(cat "$SRC/CMakeLists.txt")" \
	'foreach\(t lab_e2e lab_repair lab_debug cli_miniapp\)'
for t in tests/lab/e2e.sh tests/lab/repair.sh tests/debug/lab.sh tests/cli/miniapp.sh; do
	expect_contains "$t runs the preflight before anything else" "$(head -n 25 "$SRC/$t")" "preflight "
done
expect_contains "CI forbids skips" "$(cat "$SRC/.ci/run")" "MAPLE_TEST_NO_SKIP=1"
finish
