#!/bin/bash
# lab.sh - a real Slurm cluster on this one machine, for maple's end-to-end tests (root only).
#
#   lab.sh install                       apt-get the packages the lab needs (idempotent)
#   lab.sh up [-n NODES] [--shape ID]    start munge, slurmctld and NODES slurmd "nodes" (default 2), each in
#                                        its own network + UTS + mount namespace (hostname nodeI, address
#                                        10.77.0.1I), with fake GPU character devices and partitions, features
#                                        and limits shaped like maple's cluster profile ID (EnforcePartLimits=ALL,
#                                        so an impossible job fails at submission instead of pending forever).
#                                        Idempotent: a lab already up with the same shape is left alone.
#   lab.sh down                          stop everything by PID, delete the namespaces, links and files
#   lab.sh env                           print the `export` lines a client (sbatch, maple verify) needs
#   lab.sh on I CMD...                   run CMD inside node I (its network, hostname and /etc/hosts)
#   lab.sh pbs-job [-n NODES] CMD...     run CMD on node1 as if it were the batch shell of a PBS job over
#                                        node1..nodeNODES (PBS_NODEFILE, PBS_JOBID, PBS_O_WORKDIR, ...); the lab's
#                                        mpiexec reaches the other nodes through MPICH hydra
#   lab.sh status                        what is running
#
# Lab-only stand-ins live in $LAB/bin and come first on the jobs' PATH (see write_bin): `module`, `conda`
# (no-ops: the lab has no environment modules), `python` (Debian's python3, which has torch), `ibrun` (TACC's
# launcher: srun --mpi=pmi2), `mpiexec` (translates Cray PALS options to MPICH hydra and sets the PALS_* rank
# variables), `mpirun` (Open MPI, allowed to run as root), `shifter`, `apptainer` and `singularity` (no images
# in the lab: the command runs on the node). Nothing else of a generated script is changed. `up` also starts the
# lab's torch starter (zygote.py: the jobs' mini-app ranks, torchrun agents and environment checks are forks of
# one process that imported torch once; MAPLE_LAB_NO_ZYGOTE=1 leaves it off).
#
# Facts this relies on were measured on Debian 12 (see tests/lab/README.md): Slurm 22.05 runs several slurmd
# in network namespaces entered with nsenter + unshare (not `ip netns exec`, which hides /sys/fs/cgroup);
# GRES GPUs need File= character devices; torch 1.13 on Python 3.11 needs tests/lab/py311shim.
set -euo pipefail

LAB=${MAPLE_LAB_DIR:-/tmp/maple-lab}
NET=${MAPLE_LAB_NET:-10.77.0}
BRIDGE=${MAPLE_LAB_BRIDGE:-mlbr0}
NSPREFIX=${MAPLE_LAB_NS:-mlnode}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
PKGS="slurmctld slurmd slurm-client munge python3-torch mpich openmpi-bin iproute2 util-linux jq"

die() { echo "lab: $*" >&2; exit 1; }
say() { echo "lab: $*" >&2; }
need_root() { [ "$(id -u)" -eq 0 ] || die "must run as root (it creates network namespaces and starts daemons)"; }

pid_alive() { # pidfile expected-comm
	local p
	[ -s "$1" ] || return 1
	p=$(cat "$1" 2>/dev/null) || return 1
	[ -n "$p" ] && [ -r "/proc/$p/comm" ] && [ "$(cat "/proc/$p/comm")" = "$2" ]
}

stop_pidfile() { # pidfile comm
	local p i
	pid_alive "$1" "$2" || { rm -f "$1"; return 0; }
	p=$(cat "$1")
	kill "$p" 2>/dev/null || true
	for i in $(seq 1 50); do
		[ -d "/proc/$p" ] || break
		sleep 0.1
	done
	[ -d "/proc/$p" ] && kill -9 "$p" 2>/dev/null || true
	rm -f "$1"
}

cmd_install() {
	need_root
	local missing="" p
	for p in $PKGS; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
	done
	if [ -z "$missing" ]; then
		say "packages present"
		return 0
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# shellcheck disable=SC2086
	apt-get install -y -qq --no-install-recommends $missing >/dev/null
	say "installed$missing"
}

check_packages() {
	local c
	for c in slurmctld slurmd sbatch munged mpiexec.hydra; do
		command -v "$c" >/dev/null || die "$c is not installed: run \`$0 install\` first"
	done
	# once per lab directory: an import of torch is ~1.2 s of CPU, and e2e.sh re-shapes the lab ~25 times
	if ! [ -e "$LAB/torch-imports" ]; then
		MAPLE_LAB_ZYGOTE= /usr/bin/python3 -c 'import torch' 2>/dev/null || die "Debian's python3-torch is missing: run \`$0 install\`"
		mkdir -p "$LAB" && : >"$LAB/torch-imports"
	fi
}

node_count() { cat "$LAB/nodes" 2>/dev/null || echo 0; }

# The lab's hosts file, bind-mounted over /etc/hosts inside every node.
write_hosts() {
	local n=$1 i alias
	{
		echo "127.0.0.1 localhost"
		echo "$NET.1 ctl $(hostname)"
		for i in $(seq 1 "$n"); do
			alias="node$i.lab"
			# Aurora's scripts address the first node on the Slingshot network by this suffix.
			[ "$(cat "$LAB/shape" 2>/dev/null)" = aurora ] && alias="$alias node$i.hsn.cm.aurora.alcf.anl.gov"
			echo "$NET.$((10 + i)) node$i $alias"
		done
	} >"$LAB/hosts"
}

net_up() {
	local n=$1 i ns
	ip link show "$BRIDGE" >/dev/null 2>&1 || {
		ip link add "$BRIDGE" type bridge
		ip addr add "$NET.1/24" dev "$BRIDGE"
		ip link set "$BRIDGE" up
	}
	for i in $(seq 1 "$n"); do
		ns="$NSPREFIX$i"
		[ -e "/run/netns/$ns" ] && continue
		ip netns add "$ns"
		ip link add "veth-ml$i" type veth peer name eth0 netns "$ns"
		ip link set "veth-ml$i" master "$BRIDGE" up
		ip -n "$ns" addr add "$NET.$((10 + i))/24" dev eth0
		ip -n "$ns" link set eth0 up
		ip -n "$ns" link set lo up
		ip -n "$ns" route add default via "$NET.1"
	done
}

net_down() {
	local ns i
	for ns in /run/netns/"$NSPREFIX"*; do
		[ -e "$ns" ] || continue
		ns=$(basename "$ns")
		ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
		i=${ns#"$NSPREFIX"}
		ip link del "veth-ml$i" 2>/dev/null || true
		ip netns del "$ns" 2>/dev/null || true
	done
	ip link del "$BRIDGE" 2>/dev/null || true
}

# Runs a command inside node I: its network namespace, its own hostname and /etc/hosts.
on_node() {
	local i=$1
	shift
	[ -e "/run/netns/$NSPREFIX$i" ] || die "node$i does not exist (is the lab up? \`$0 status\`)"
	nsenter --net="/run/netns/$NSPREFIX$i" -- unshare --uts --mount --propagation private -- \
		sh -c 'mount --bind "$1" /etc/hosts && hostname "$2" && shift 2 && exec "$@"' sh "$LAB/hosts" "node$i" "$@"
}

# --- the shape of the target cluster, from maple's own profile ---
write_conf() {
	local n=$1 shape=$2 maple=$3 prof gpus cpus mem features gputype qopt
	gpus=4 cpus=64 mem=256 features="gpu" gputype="" qopt="partition"
	prof="$LAB/profile.json"
	if [ "$shape" != generic ]; then
		"$maple" clusters "$shape" --json >"$prof" || die "maple does not know the cluster '$shape'"
		gpus=$(jq -r '.hardware.gpus_per_node' "$prof")
		cpus=$(jq -r '.hardware.logical_cpus_per_node // 0' "$prof")
		[ "$cpus" -gt 0 ] || cpus=$(jq -r '.hardware.cpu_cores_per_node' "$prof")
		mem=$(jq -r '.hardware.memory_gb_per_node' "$prof")
		# Features a script may ask for with --constraint / -C in the profile's header.
		features=$(jq -r '.header[]' "$prof" | sed -nE 's/^#SBATCH (--constraint[= ]|-C ?)"?([A-Za-z0-9_&|-]+)"?.*/\2/p' |
			tr '&|' '\n\n' | { grep -v '{{' || true; } | sort -u | paste -sd, -)
		# A typed GPU (--gpus=v100-32:N) becomes a GRES type.
		gputype=$(jq -r '.header[]' "$prof" | sed -nE 's/^#SBATCH --gpus(-per-node)?=([A-Za-z][A-Za-z0-9_-]*):.*/\2/p' | head -n 1 || true)
		if jq -r '.header[]' "$prof" | grep -q -- '--qos={{queue}}'; then qopt="qos"; fi
	fi
	[ "$cpus" -gt 0 ] || cpus=64
	[ "$mem" -gt 0 ] || mem=256
	[ "$gpus" -gt 0 ] || gpus=0

	mkdir -p "$LAB/fakedev" "$LAB/state" "$LAB/run" "$LAB/log" "$LAB/spool"
	# the Shifter options (#SBATCH --image / --module) through a SPANK plugin, as on Perlmutter
	: >"$LAB/plugstack.conf"
	if [ -r /usr/include/slurm/spank.h ] && command -v cc >/dev/null 2>&1; then
		# built once per lab directory (every re-shape used to compile it again: ~0.5 s of CPU each)
		if ! [ "$LAB/shifter_spank.so" -nt "$HERE/shifter_spank.c" ]; then
			cc -shared -fPIC -O2 -o "$LAB/shifter_spank.so.new" "$HERE/shifter_spank.c" ||
				die "cannot build the lab's Shifter SPANK plugin (tests/lab/shifter_spank.c)"
			mv -f "$LAB/shifter_spank.so.new" "$LAB/shifter_spank.so"
		fi
		echo "optional $LAB/shifter_spank.so" >"$LAB/plugstack.conf"
	fi
	local g
	for g in $(seq 0 $((gpus - 1))); do
		[ -c "$LAB/fakedev/gpu$g" ] || mknod "$LAB/fakedev/gpu$g" c 195 "$g"
	done
	{
		echo "# generated by $0 for shape $shape"
		if [ "$gpus" -gt 0 ]; then
			echo "NodeName=node[1-$n] Name=gpu${gputype:+ Type=$gputype} File=$LAB/fakedev/gpu[0-$((gpus - 1))]"
		fi
	} >"$LAB/gres.conf"
	local gres="" featline=""
	[ "$gpus" -gt 0 ] && gres=" Gres=gpu:${gputype:+$gputype:}$gpus"
	[ -n "$features" ] && featline=" Features=$features"
	{
		cat <<EOF
# generated by $0: a $n-node lab shaped like maple's '$shape' profile
ClusterName=maplelab
SlurmctldHost=$(hostname)($NET.1)
SlurmUser=root
SlurmctldPort=6817
SlurmdPort=6818
AuthType=auth/munge
StateSaveLocation=$LAB/state
SlurmdSpoolDir=$LAB/spool/%n
SlurmctldPidFile=$LAB/run/slurmctld.pid
SlurmdPidFile=$LAB/run/slurmd-%n.pid
SlurmctldLogFile=$LAB/log/slurmctld.log
SlurmdLogFile=$LAB/log/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$LAB/log/jobcomp.txt
PlugStackConfig=$LAB/plugstack.conf
SlurmdParameters=config_overrides
GresTypes=gpu
MailProg=/bin/true
EnforcePartLimits=ALL
# the main scheduler may run every 0.1 s (default 2 s: every verification job would wait for it)
SchedulerParameters=sched_min_interval=100000
# a client waits this long for slurmctld (default 10 s): the lab's jobs run side by side on 2 shared cores,
# and a starved slurmctld made squeue time out
MessageTimeout=30
MinJobAge=600
ReturnToService=2
KillWait=2
InactiveLimit=0
MpiDefault=none
EOF
		local i
		for i in $(seq 1 "$n"); do
			echo "NodeName=node$i NodeAddr=$NET.$((10 + i)) CPUs=$cpus RealMemory=$((mem * 1000))$gres$featline State=UNKNOWN"
		done
		if [ "$shape" = generic ] || [ "$qopt" = qos ]; then
			# Queues are QOS names (accepted unchecked without an accounting database) or there are none.
			local maxt=UNLIMITED
			[ -s "$prof" ] && [ "$shape" != generic ] &&
				maxt=$(jq -r '[.queues[].max_walltime_minutes] | max' "$prof")
			echo "PartitionName=lab Nodes=ALL Default=YES MaxTime=$maxt OverSubscribe=EXCLUSIVE State=UP"
		else
			local def
			def=$(jq -r '.default_queue' "$prof")
			jq -r '.queues[] | "\(.name) \(.min_nodes) \(.max_nodes) \(.max_walltime_minutes)"' "$prof" |
				while read -r q lo hi t; do
					echo "PartitionName=$q Nodes=ALL MinNodes=$lo MaxNodes=$hi MaxTime=$t OverSubscribe=EXCLUSIVE Default=$([ "$q" = "$def" ] && echo YES || echo NO) State=UP"
				done
		fi
	} >"$LAB/slurm.conf"
	echo "$shape" >"$LAB/shape"
	echo "$n" >"$LAB/nodes"
}

write_bin() {
	local b="$LAB/bin"
	mkdir -p "$b"
	mkdir -p "$LAB/modules"
	cat >"$b/module" <<EOF
#!/bin/sh
# maple lab stand-in: the lab has no environment modules; a script's \`module\` lines only record, per job,
# what was loaded (the lab's python reads it when MAPLE_LAB_TORCH_MODULE is set).
echo "maple-lab: module \$* (recorded, no-op in the lab)" >&2
if [ "\$1" = load ] || [ "\$1" = add ]; then
	shift
	echo "\$*" >>"$LAB/modules/\${SLURM_JOB_ID:-\${PBS_JOBID:-none}}"
fi
EOF
	cat >"$b/conda" <<EOF
#!/bin/sh
# maple lab stand-in: \`conda activate\` uses Debian's python3 with torch; like \`module load\`, it records per
# job the environment it activated (the lab's python reads it when MAPLE_LAB_TORCH_MODULE is set).
echo "maple-lab: conda \$* (recorded, no-op in the lab)" >&2
if [ "\$1" = activate ] && [ -n "\${2:-}" ]; then
	echo "\$2" >>"$LAB/modules/\${SLURM_JOB_ID:-\${PBS_JOBID:-none}}"
fi
EOF
	for p in python python3; do
		cat >"$b/$p" <<EOF
#!/bin/sh
# maple lab stand-in: Debian's python3 (the one with torch), not pyenv's. When MAPLE_LAB_TORCH_MODULE
# names a module, torch is importable only in a job that ran \`module load\` of it (as on a cluster
# whose python has torch only through its module): without it, python starts without site-packages.
if [ -n "\${MAPLE_LAB_TORCH_MODULE:-}" ] && ! grep -qsw -- "\$MAPLE_LAB_TORCH_MODULE" "$LAB/modules/\${SLURM_JOB_ID:-\${PBS_JOBID:-none}}"; then
	exec /usr/bin/python3 -S "\$@"
fi
exec /usr/bin/python3 "\$@"
EOF
	done
	cat >"$b/torchrun" <<'EOF'
#!/bin/sh
# maple lab stand-in: Debian's torchrun, whose agent checks its workers every 0.25 s instead of every 5 s
# (--monitor_interval=0.25; one the script passes itself comes later and wins). Nothing else changes.
exec /usr/bin/torchrun --monitor_interval=0.25 "$@"
EOF
	cat >"$b/ibrun" <<'EOF'
#!/bin/sh
# maple lab stand-in for TACC's ibrun: one task per Slurm task with the PMI rank variables (srun --mpi=pmi2).
exec srun --mpi=pmi2 "$@"
EOF
	cat >"$b/shifter" <<'EOF'
#!/bin/sh
# maple lab stand-in for NERSC's shifter: the lab has no container images; the job's image (#SBATCH
# --image, or --image= here) is recorded and the command runs on the node as it is.
while [ $# -gt 0 ]; do
	case $1 in
	--image=* | --module=* | --volume=* | --env=* | --workdir=*) shift ;;
	--image | --module | --volume | --env | --workdir) shift 2 ;;
	*) break ;;
	esac
done
echo "maple-lab: shifter (image ${SHIFTER_IMAGE:-from the job}, no container in the lab)" >&2
exec "$@"
EOF
	cat >"$b/apptainer" <<'EOF'
#!/bin/sh
# maple lab stand-in for apptainer / singularity: `exec [options] IMAGE COMMAND...` runs COMMAND on the node
# (the lab has no images); the image is recorded.
[ "${1:-}" = exec ] || { echo "maple-lab: apptainer stand-in knows only 'exec'" >&2; exit 2; }
shift
while [ $# -gt 0 ]; do
	case $1 in
	--nv | --rocm | --cleanenv | --contain | --writable-tmpfs | --no-home | --fakeroot) shift ;;
	-B | --bind | --env | --pwd | --home | --overlay) shift 2 ;;
	-*=*) shift ;;
	*) break ;;
	esac
done
img=$1
shift
echo "maple-lab: $(basename "$0") exec $img (no container in the lab)" >&2
exec "$@"
EOF
	cp "$b/apptainer" "$b/singularity"
	cat >"$b/mpirun" <<'EOF'
#!/bin/sh
# maple lab stand-in: Open MPI's mpirun, allowed to run as root (the lab's jobs run as root).
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 exec mpirun.openmpi "$@"
EOF
	cat >"$b/pals-env" <<'EOF'
#!/bin/sh
# maple lab stand-in: gives a rank started by MPICH hydra the rank variables Cray PALS would set.
export PALS_RANKID="${PMI_RANK:-0}" PALS_LOCAL_RANKID="${MPI_LOCALRANKID:-0}" PMI_LOCAL_RANK="${MPI_LOCALRANKID:-0}"
export PMI_LOCAL_SIZE="${MPI_LOCALNRANKS:-1}"
exec "$@"
EOF
	cat >"$b/lab-ssh" <<EOF
#!/bin/bash
# maple lab stand-in for ssh (the lab has no sshd): runs the command inside the named lab node.
while [ \$# -gt 0 ]; do
	case \$1 in
	-[oplieFJ]) shift 2 ;;
	-*) shift ;;
	*) break ;;
	esac
done
host=\${1%%.*}; shift
exec "$HERE/lab.sh" on "\${host#node}" sh -c "\$*"
EOF
	cat >"$b/mpiexec" <<EOF
#!/bin/bash
# maple lab stand-in for Cray PALS mpiexec (Polaris, Aurora): translates its options to MPICH hydra's and
# starts every rank through pals-env. Binding options (--depth, --cpu-bind, --gpu-bind) mean nothing here.
args=() ; envs=()
while [ \$# -gt 0 ]; do
	case \$1 in
	-n|-np|--np) args+=(-n "\$2"); shift 2 ;;
	--ppn|-ppn) args+=(-ppn "\$2"); shift 2 ;;
	--ppn=*) args+=(-ppn "\${1#*=}"); shift ;;
	-n=*|--np=*) args+=(-n "\${1#*=}"); shift ;;
	--hostfile|-hostfile|-f) args+=(-f "\$2"); shift 2 ;;
	--hostfile=*) args+=(-f "\${1#*=}"); shift ;;
	--depth|-d|--cpu-bind|--gpu-bind|--mem-bind) shift 2 ;;
	--depth=*|--cpu-bind=*|--gpu-bind=*|--mem-bind=*|--envall|--no-vni|--line-buffer|-l) shift ;;
	--env|-env|--genv|-genv) envs+=(-genv "\${2%%=*}" "\${2#*=}"); shift 2 ;;
	--) shift; break ;;
	-*) echo "maple-lab mpiexec: option \$1 is not translated" >&2; args+=("\$1"); shift ;;
	*) break ;;
	esac
done
launcher=()
[ -z "\${SLURM_JOB_ID:-}" ] && launcher=(-launcher ssh -launcher-exec "$b/lab-ssh")
exec mpiexec.hydra "\${launcher[@]}" "\${args[@]}" "\${envs[@]}" "$b/pals-env" "\$@"
EOF
	chmod +x "$b"/*
}

client_env() {
	cat <<EOF
export SLURM_CONF=$LAB/slurm.conf
export PATH=$LAB/bin:/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin
export PYTHONPATH=$SRC/tests/lab/py311shim
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export MAPLE_LAB=$LAB
export MAPLE_LAB_ZYGOTE=$LAB/run/zygote.sock
EOF
}

start_munge() {
	if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
		return 0 # a munged already serves this machine
	fi
	[ -s /etc/munge/munge.key ] || mungekey -c >/dev/null 2>&1 || die "cannot create /etc/munge/munge.key"
	mkdir -p /run/munge /var/log/munge /var/lib/munge "$LAB/run/munge"
	# the pid file's directory belongs to munge: munged writes it as the munge user, and `down` stops it by it
	chown munge: /run/munge /var/log/munge /var/lib/munge /etc/munge/munge.key "$LAB/run/munge" 2>/dev/null || true
	daemon runuser -u munge -- /usr/sbin/munged --pid-file="$LAB/run/munge/munged.pid" 2>/dev/null ||
		daemon /usr/sbin/munged --force --pid-file="$LAB/run/munge/munged.pid"
	local i
	for i in $(seq 1 50); do
		munge -n 2>/dev/null | unmunge >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	die "munged did not start"
}

# Starts a daemon with no descriptor but stdin/stdout/stderr: one inherited from the caller (the lock of
# `flock /tmp/maple-lab.lock ...`) would otherwise be held for as long as the daemon lives.
daemon() {
	(
		local f n
		for f in /proc/$BASHPID/fd/*; do
			n=${f##*/}
			[ "$n" -gt 2 ] 2>/dev/null && eval "exec $n>&-"
		done
		"$@"
	)
}

# munged of this lab: by its pid file, and any other munged whose command line names this lab's directory
# (one from a lab that died before it could write its pid file).
stop_munged() {
	stop_pidfile "$LAB/run/munge/munged.pid" munged
	local p
	for p in $(pgrep -x munged 2>/dev/null); do
		grep -qs -- "$LAB/" "/proc/$p/cmdline" && kill "$p" 2>/dev/null
	done
	return 0
}

daemons_up() {
	pid_alive "$LAB/run/slurmctld.pid" slurmctld
}

# The lab's torch starter (zygote.py): the jobs' mini-app ranks and torchrun agents start as forks of one
# process that imported torch once, instead of importing it each (~1.2 s of CPU apiece). MAPLE_LAB_NO_ZYGOTE=1
# leaves it off (every process imports torch itself). Its clients fall back to a normal start while it loads.
zygote_alive() {
	local p
	p=$(cat "$LAB/run/zygote.pid" 2>/dev/null) || return 1
	[ -n "$p" ] && grep -qs -- "$LAB/run/zygote.sock" "/proc/$p/cmdline"
}

start_zygote() {
	[ "${MAPLE_LAB_NO_ZYGOTE:-}" = 1 ] && return 0
	zygote_alive && return 0
	rm -f "$LAB/run/zygote.sock" "$LAB/run/zygote.pid"
	PYTHONPATH="$SRC/tests/lab/py311shim" daemon /usr/bin/python3 "$HERE/zygote.py" serve "$LAB/run/zygote.sock" \
		"$LAB/run/zygote.pid" </dev/null >>"$LAB/log/zygote.log" 2>&1 &
}

# the zygote, its per-client handlers and their workers (by the socket path on their command lines)
stop_zygote() {
	local p
	for p in $(pgrep -f -- "$LAB/run/zygote.sock" 2>/dev/null); do
		grep -qs -- "$LAB/run/zygote.sock" "/proc/$p/cmdline" && kill -9 "$p" 2>/dev/null
	done
	rm -f "$LAB/run/zygote.sock" "$LAB/run/zygote.pid"
	return 0
}

stop_daemons() {
	# every daemon is told at once and waited for together (one by one, 8 nodes took 20 s)
	local f p pids=() i
	for f in "$LAB"/run/slurmd-*.pid "$LAB/run/slurmctld.pid"; do
		[ -e "$f" ] || continue
		if pid_alive "$f" "$(basename "$f" .pid | sed 's/-.*//')"; then
			p=$(cat "$f")
			kill "$p" 2>/dev/null && pids+=("$p")
		fi
		rm -f "$f"
	done
	local alive
	for i in $(seq 1 30); do
		alive=0
		for p in "${pids[@]}"; do [ -d "/proc/$p" ] && alive=1; done
		[ "$alive" = 0 ] && break
		sleep 0.1
	done
	for p in "${pids[@]}"; do [ -d "/proc/$p" ] && kill -9 "$p" 2>/dev/null; done
	# Jobs' processes live in the nodes' namespaces; kill what is left of them.
	local ns
	for ns in /run/netns/"$NSPREFIX"*; do
		[ -e "$ns" ] && ip netns pids "$(basename "$ns")" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
	done
	return 0
}

cmd_up() {
	local n=2 shape=generic maple="${MAPLE:-$SRC/build/maple}"
	while [ $# -gt 0 ]; do
		case $1 in
		-n | --nodes) n=$2; shift 2 ;;
		--shape) shape=$2; shift 2 ;;
		--maple) maple=$2; shift 2 ;;
		*) die "unknown option '$1' (see the top of $0)" ;;
		esac
	done
	[[ $n =~ ^[1-9]$ ]] || die "-n takes 1 to 9 nodes, not '$n'"
	need_root
	check_packages
	[ "$shape" = generic ] || [ -x "$maple" ] || die "maple binary '$maple' not found: build it or pass --maple"
	mkdir -p "$LAB/run"
	if daemons_up && [ "$(cat "$LAB/shape" 2>/dev/null)" = "$shape" ] && [ "$(node_count)" = "$n" ]; then
		start_zygote
		say "already up: $n nodes shaped like $shape"
		return 0
	fi
	stop_daemons
	rm -rf "$LAB/state" "$LAB/spool"
	write_conf "$n" "$shape" "$maple"
	write_hosts "$n"
	write_bin
	local i
	for i in $(seq 1 "$n"); do mkdir -p "$LAB/spool/node$i"; done
	start_munge
	net_up "$n"
	export SLURM_CONF="$LAB/slurm.conf"
	if ss -Hltn 'sport = :6817' 2>/dev/null | grep -q .; then
		die "port 6817 is taken by another slurmctld (another lab with a different MAPLE_LAB_DIR, or a real Slurm): take it down first"
	fi
	start_zygote
	daemon slurmctld -f "$SLURM_CONF" || die "slurmctld did not start: see $LAB/log/slurmctld.log"
	for i in $(seq 1 "$n"); do
		daemon on_node "$i" /usr/sbin/slurmd -f "$SLURM_CONF" || die "slurmd on node$i did not start: see $LAB/log/slurmd-node$i.log"
	done
	local t
	for t in $(seq 1 200); do
		if [ "$(sinfo -h -N -o '%N %T' 2>/dev/null | awk '$2 == "idle" {print $1}' | sort -u | wc -l)" = "$n" ]; then
			# the zygote loads torch meanwhile; its first jobs would start without it
			for t in $(seq 1 100); do
				[ "${MAPLE_LAB_NO_ZYGOTE:-}" = 1 ] || [ -S "$LAB/run/zygote.sock" ] && break
				sleep 0.1
			done
			say "up: $n nodes shaped like $shape ($LAB)$([ -S "$LAB/run/zygote.sock" ] && echo ", torch starter ready")"
			return 0
		fi
		sleep 0.1
	done
	sinfo -N >&2 || true
	die "the nodes did not become idle in 20 s: see $LAB/log/"
}

cmd_down() {
	need_root
	export SLURM_CONF="$LAB/slurm.conf"
	if daemons_up; then
		scancel --full --quiet --user=root 2>/dev/null || true
	fi
	stop_daemons
	stop_zygote
	stop_munged
	net_down
	local d
	for d in /sys/fs/cgroup/*/slurm_node* /sys/fs/cgroup/slurm_node*; do
		[ -d "$d" ] && find "$d" -depth -type d -exec rmdir {} + 2>/dev/null || true
	done
	case $LAB in /tmp/* | /var/tmp/*) rm -rf "$LAB" ;; *) say "left $LAB in place (not under /tmp)" ;; esac
	say "down"
}

cmd_pbs_job() {
	local n
	n=$(node_count)
	[ "$n" -gt 0 ] || die "the lab is not up"
	if [ "${1:-}" = -n ]; then n=$2; shift 2; fi
	[ $# -gt 0 ] || die "pbs-job needs a command"
	local id=$RANDOM nodefile
	mkdir -p "$LAB/pbs"
	nodefile="$LAB/pbs/nodefile.$id"
	local i
	for i in $(seq 1 "$n"); do echo "node$i"; done >"$nodefile"
	local envs
	envs=(PBS_JOBID="$id.maplelab" PBS_JOBNAME=lab PBS_NODEFILE="$nodefile" PBS_O_WORKDIR="$PWD"
		PBS_ENVIRONMENT=PBS_BATCH PBS_O_HOST="$(hostname)" PBS_QUEUE=lab PBS_NUM_NODES="$n")
	eval "$(client_env)"
	set +e
	on_node 1 env "${envs[@]}" "$@"
	local rc=$?
	rm -f "$nodefile"
	return $rc
}

cmd_status() {
	export SLURM_CONF="$LAB/slurm.conf"
	if daemons_up; then
		echo "lab up: $(node_count) nodes shaped like $(cat "$LAB/shape") ($LAB)"
		sinfo -N -o '%N %T %c %m %G %f %P' || true
	else
		echo "lab down"
		return 1
	fi
}

case ${1:-} in
install) cmd_install ;;
up) shift; cmd_up "$@" ;;
down) cmd_down ;;
env) client_env ;;
on) shift; i=${1:?node number}; shift; on_node "$i" "$@" ;;
pbs-job) shift; cmd_pbs_job "$@" ;;
status) cmd_status ;;
*) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
