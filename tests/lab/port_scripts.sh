#!/bin/bash
# port_scripts.sh - the lab round trip of chosen job scripts of tests/scripts (issue 13): each NAME:CLUSTER
# pair is ported (`maple generate --from tests/scripts/NAME.sh --to CLUSTER`), `sbatch --test-only`'d on a
# lab shaped like CLUSTER with as many nodes as the port asks for, and run with the mini-app (`verify --run
# submit`, PBS targets through the lab's emulated PBS job). A DDP/FSDP port must pass with the old world
# size on as many hosts as the port asks for; DeepSpeed and Accelerate (not installed in the lab) may be
# skipped with what was still proven; a refusal with a reason is reported as such, never a failure.
# Not part of ctest: e2e.sh runs the tests/port/corpus ports; this one is for a batch of new scripts.
#
#   flock /tmp/maple-lab.lock bash tests/lab/port_scripts.sh <maple> <srcdir> NAME:CLUSTER...   (root)
set -uo pipefail
# shellcheck source=../cli/lib.bash
source "$(dirname "$0")/../cli/lib.bash"
shift 2
PREFLIGHT_TEST=lab_port_scripts
# shellcheck source=preflight.sh
source "$SRC/tests/lab/preflight.sh"
preflight env-skip root lab-packages torch namespaces hostname port:6817
LAB="$SRC/tests/lab/lab.sh"
export MAPLE_LAB_DIR=${MAPLE_LAB_DIR:-/tmp/maple-lab-ports}
T=$(mktemp -d /tmp/maple-labports.XXXXXX)
cleanup() {
	bash "$LAB" down >/dev/null 2>&1 || true
	rm -rf "$T" "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
eval "$(bash "$LAB" env)"
cd "$T" || exit 2
: >"$T/table"

for pair in "$@"; do
	name=${pair%%:*} c=${pair#*:}
	src=$SRC/tests/scripts/$name.sh
	exp=$SRC/tests/scripts/$name.expect.json
	world=$(jq -r '(.nodes // 1) * (.gpus_per_node // 1)' "$exp")
	fw=$(jq -r '.framework // "pytorch"' "$exp")
	out="$T/port-$c-$name.sh"
	"$MAPLE" generate --json --from "$src" --to "$c" "account abc123" >"$T/g.json" 2>"$T/g.err"
	rc=$?
	if [ $rc = 2 ] && jq -e '.errors | length > 0' "$T/g.json" >/dev/null 2>&1; then
		echo "$c $name refused - $(jq -r '.errors[0]' "$T/g.json" | head -c 120)" >>"$T/table"
		pass "port $name -> $c: refused with a reason"
		continue
	fi
	if [ $rc != 0 ]; then
		fail "port $name -> $c: generate exit $rc: $(head -c 300 "$T/g.err")"
		continue
	fi
	jq -r .script "$T/g.json" >"$out"
	nn=$(jq -r '.request.nodes // 1' "$T/g.json")
	sched=$("$MAPLE" clusters "$c" --json | jq -r .scheduler)
	want_lab="$c $(( nn < 2 ? 2 : nn ))"
	[ "${have_lab:-}" = "$want_lab" ] || bash "$LAB" down >/dev/null 2>&1
	have_lab=$want_lab
	if ! bash "$LAB" up -n "${want_lab#* }" --shape "$c" --maple "$MAPLE" >"$T/up.log" 2>&1; then
		fail "port $name -> $c: lab up: $(tail -n 3 "$T/up.log")"
		continue
	fi
	if [ "$sched" = slurm ]; then
		if o=$(sbatch --test-only "$out" 2>&1); then pass "port $name -> $c: sbatch --test-only accepts it"; else fail "port $name -> $c: sbatch --test-only: $o"; fi
		"$MAPLE" verify --run submit --timeout 180 --json "$out" >"$T/r.json" 2>"$T/r.err"
	else
		bash "$LAB" pbs-job "$MAPLE" verify --run local --timeout 180 --json "$out" >"$T/r.json" 2>"$T/r.err"
	fi
	rc=$?
	verdict=$(jq -r .verdict "$T/r.json" 2>/dev/null)
	seen=$(jq -r '.seen.world_size' "$T/r.json" 2>/dev/null)
	hosts=$(jq -r '[.ranks[]?.host] | unique | length' "$T/r.json" 2>/dev/null)
	echo "$c $name ${verdict:-error} world=$seen/$world hosts=$hosts/$nn" >>"$T/table"
	case $fw in
	deepspeed | accelerate)
		if [ "$verdict" = pass ] || [ "$verdict" = skipped ]; then
			pass "port $name -> $c: $verdict ($fw not installed in the lab) $(jq -c '{ex: .exercised, nex: .not_exercised}' "$T/r.json")"
		else
			fail "port $name -> $c: verify --run: rc=$rc $verdict $(jq -c .reasons "$T/r.json" 2>/dev/null) $(tail -n 5 "$T/r.err")"
		fi
		;;
	*)
		if [ $rc -eq 0 ] && [ "$verdict" = pass ] && [ "$seen" = "$world" ] && [ "$hosts" = "$nn" ]; then
			pass "port $name -> $c: the mini-app passed with the old world size ($world) on $nn hosts"
		else
			fail "port $name -> $c: verify --run: rc=$rc $verdict world $seen (want $world) hosts $hosts (want $nn) $(jq -c .reasons "$T/r.json" 2>/dev/null) $(tail -n 5 "$T/r.err")"
		fi
		;;
	esac
done
bash "$LAB" down >/dev/null 2>&1
echo "# ports run on the lab (target source verdict world hosts):"
sed 's/^/#   /' "$T/table"
finish
