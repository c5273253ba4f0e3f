# preflight.sh - what the lab and mini-app tests need, checked first (sourced, never run by ctest).
#
# A test calls `preflight CHECK...` before it starts anything. When a need is not met it prints
#   SKIP: <what is missing> -- fix: <how to get it>
# writes the same line to $MAPLE_SKIP_DIR/<test>.txt (so `make test` can list every skip at the end)
# and exits 77, which CMake declares as the tests' SKIP_RETURN_CODE: ctest reports "Skipped", never
# "Passed". With MAPLE_TEST_NO_SKIP=1 (set by .ci/run) a skip is a failure (exit 1): CI proves everything.
# Every check takes well under a second.
#
# Checks: root, lab-packages (Slurm, munge, MPICH, jq, iproute2), torch (Debian's python3-torch),
# namespaces (network + UTS + mount, as lab.sh enters them), hostname (resolvable, as torchrun's
# standalone rendezvous needs), port:N (no listener on TCP port N).

PREFLIGHT_TEST=${PREFLIGHT_TEST:-$(basename "$0" .sh)}

preflight_skip() { # reason fix
	local line="SKIP: $1 -- fix: $2"
	if [ -n "${MAPLE_SKIP_DIR:-}" ] && mkdir -p "$MAPLE_SKIP_DIR" 2>/dev/null; then
		printf '%s: %s\n' "$PREFLIGHT_TEST" "$line" >"$MAPLE_SKIP_DIR/$PREFLIGHT_TEST.txt"
	fi
	if [ "${MAPLE_TEST_NO_SKIP:-}" = 1 ]; then
		echo "not ok - $PREFLIGHT_TEST cannot run and MAPLE_TEST_NO_SKIP=1 forbids skipping: $line"
		exit 1
	fi
	echo "$line"
	exit 77
}

preflight_one() {
	local c p out
	case $1 in
	env-skip)
		[ "${MAPLE_LAB_SKIP:-}" = 1 ] &&
			preflight_skip "MAPLE_LAB_SKIP=1 is set in the environment" "unset MAPLE_LAB_SKIP to run the Slurm lab tests"
		;;
	root)
		[ "$(id -u)" -eq 0 ] ||
			preflight_skip "the Slurm lab needs root (it creates network namespaces and starts slurmctld, slurmd and munged)" \
				"run \`make test\` as root"
		;;
	lab-packages)
		for c in slurmctld slurmd sbatch munged mpiexec.hydra ip nsenter unshare jq ss; do
			command -v "$c" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin command -v "$c" >/dev/null 2>&1 ||
				preflight_skip "'$c' is not installed (the Slurm lab's packages are missing)" \
					"scripts/install-deps --tests (as root)"
		done
		[ -r /usr/include/slurm/spank.h ] && command -v cc >/dev/null 2>&1 ||
			preflight_skip "libslurm-dev's <slurm/spank.h> or a C compiler is missing (the lab's Shifter options plugin needs them)" \
				"scripts/install-deps --tests (as root)"
		;;
	torch)
		/usr/bin/python3 -c 'import torch' >/dev/null 2>&1 ||
			preflight_skip "Debian's python3-torch is not importable by /usr/bin/python3 (the mini-app needs it)" \
				"scripts/install-deps --tests (as root)"
		;;
	namespaces)
		out=$(timeout 10 unshare --net --uts --mount --propagation private -- true 2>&1) ||
			preflight_skip "this machine cannot create network/UTS/mount namespaces (${out:-unshare failed}; a chroot or an unprivileged container)" \
				"run the tests as root on a VM or in a container started with --privileged"
		;;
	hostname)
		getent hosts "$(hostname)" >/dev/null 2>&1 ||
			preflight_skip "this machine's host name '$(hostname)' does not resolve (torchrun's rendezvous and Slurm need it)" \
				"add '127.0.1.1 $(hostname)' to /etc/hosts"
		;;
	port:*)
		p=${1#port:}
		if ss -Hltn "sport = :$p" 2>/dev/null | grep -q .; then
			preflight_skip "TCP port $p is in use ($(ss -Hltnp "sport = :$p" 2>/dev/null | grep -o 'users:(("[^"]*"' | head -n 1 | cut -d'"' -f2 || echo 'another program'); another Slurm lab or a real slurmctld)" \
				"stop it (another maple lab: bash tests/lab/lab.sh down; run lab tests one at a time: flock /tmp/maple-lab.lock ...)"
		fi
		;;
	*)
		echo "preflight: unknown check '$1'" >&2
		exit 2
		;;
	esac
}

preflight() {
	local c
	for c in "$@"; do preflight_one "$c"; done
	[ -n "${MAPLE_SKIP_DIR:-}" ] && rm -f "$MAPLE_SKIP_DIR/$PREFLIGHT_TEST.txt"
	return 0
}
