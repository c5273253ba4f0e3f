# port_node_files.sh - files an old script writes for its launcher and then uses, through reading and a port
# (src/port/node_files.c, issue 13): a DeepSpeed or MPI hostfile written line by line (echo/printf in a loop
# over `scontrol show hostnames` or $PBS_NODEFILE, `scontrol show hostnames > F`) is named as not carried
# over with its reason (the port's launch places its workers itself), never hidden among "other commands";
# the Accelerate config `accelerate config default` writes is read (MULTI_GPU: DDP) and written again on
# the target before the launch, its --config_file kept. Fixtures: tests/port/node_files/.
. "$(dirname "$0")/lib.bash" "$@"

D=$SRC/tests/port/node_files
port() { run_maple generate --json --from "$1" --to "$2" "account testproj"; }
verify_clean() { # NAME TARGET
	jqv '.script' >"$TMP/p.sh"
	"$MAPLE" verify --json --cluster "$2" "$TMP/p.sh" >"$TMP/v.json" 2>/dev/null
	n=$(jq '[.findings[] | select(.severity == "error")] | length' "$TMP/v.json")
	[ "$n" = 0 ] && pass "$1: the port verifies without errors on $2" || fail "$1: the port verifies without errors on $2" "$(jq -c '[.findings[] | select(.severity == "error")]' "$TMP/v.json" | head -c 600)"
}

# ---- hostfiles: named with their lines and the reason ----
for case in "a-pm-ds-echo-loop:12:echo \"\$h slots=4\" >> \$HOSTFILE:hostfile.txt, the hostfile deepspeed reads" \
	"b-pol-ds-pbs-nodefile:10:printf '%s slots=%d:hostfile, the hostfile deepspeed reads" \
	"e-delta-mpirun-machinefile:9:scontrol show hostnames \"\$SLURM_JOB_NODELIST\" > \$MF:machines.txt, the hostfile mpirun reads" \
	"h-pm-ds-heredoc-hostfile:10:cat > ds_hosts <<EOF:ds_hosts, the hostfile deepspeed reads" \
	"i-vista-mpirun-rankfile:9:echo \"rank \$i=\$h slot=0-71\" >> rankfile:rankfile, the MPI rankfile mpirun reads"; do
	IFS=: read -r name line text what <<<"$case"
	for t in frontier lonestar6 polaris; do
		port "$D/$name.sh" $t
		expect_rc "$name -> $t: ported" 0
		w=$(jqv '.warnings[]')
		expect_contains "$name -> $t: the hostfile's line $line is named with its reason" "$(grep -F -- "line $line: \`$text" <<<"$w")" "not carried over: it writes $what"
		expect_no_match "$name -> $t: not counted among other commands" "$w" "^line $line( and later)?: [0-9]+ other command"
		expect_no_match "$name -> $t: the port names no hostfile" "$(jqv '.script' | grep -v '^#')" "hostfile\\.txt|machines\\.txt|hostfile hostfile|HOSTFILE|\\\$MF|ds_hosts|rankfile"
		verify_clean "$name" $t
	done
done
# the rm -f before the loop that fills it, and the loop's head of a `cat $PBS_NODEFILE | while` pipeline
port "$D/a-pm-ds-echo-loop.sh" polaris
expect_match "rm -f \$HOSTFILE is named too" "$(jqv '.warnings[]')" '^line 10: `rm -f \$HOSTFILE` not carried over: it writes hostfile\.txt'
port "$D/b-pol-ds-pbs-nodefile.sh" frontier
expect_match "the node file pipeline is named" "$(jqv '.warnings[]')" '^line 9: `cat \$PBS_NODEFILE \| while read h; do` not carried over: it writes hostfile,'

# ---- accelerate config default: read, and written again on the target ----
for name in d-pm-accel-config-default f-pm-accel-default-location g-pol-accel-default-pbs; do
	run_maple extract --json --script "$D/$name.sh"
	expect_eq "$name: read as Accelerate DDP (MULTI_GPU)" "$(jqv '[.request.framework, (.reading.strategy // .request.strategy)] | join(",")')" "accelerate,ddp"
	for t in frontier vista aurora; do
		port "$D/$name.sh" $t
		expect_rc "$name -> $t: ported" 0
		cmd=$(grep -m1 '^accelerate config default' "$D/$name.sh")
		expect_match "$name -> $t: the config is written again before the launch" "$(jqv '.script')" "^$(printf '%s' "$cmd" | sed 's/[.[\*^$]/\\&/g')\$"
		expect_match "$name -> $t: said" "$(jqv '.warnings[]')" "written by the job itself \\(\`accelerate config default\`\\), for the node it runs on: the port runs the same command on the target"
		expect_no_match "$name -> $t: never 'copy the file'" "$(jqv '.warnings[]')" "copy the file to"
		verify_clean "$name" $t
	done
done
port "$D/d-pm-accel-config-default.sh" polaris
expect_match "--config_file acc.yaml is kept on the launch line" "$(jqv '.script' | grep 'accelerate launch')" '--config_file acc\.yaml'
finish
