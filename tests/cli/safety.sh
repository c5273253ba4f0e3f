# safety.sh - user words never run as shell code. Requests carry arguments with ; $(...) backticks
# quotes, spaces, newlines, | & > and globs; the generated scripts are then executed with PATH led by
# stubs of srun, mpiexec, mpirun, ibrun, torchrun, python, accelerate, module, scontrol ... that record
# their argv (NUL-separated). The recorded argv must equal the intended literal strings, and canary
# files planted in $(...), backticks and after ; must never be created. $HOME, ${VAR} and ~/ still
# expand. --allow-shell passes shell syntax through (checked as text only, never run).
. "$(dirname "$0")/lib.bash" "$@"

STUB=$TMP/stub
LOG=$TMP/log
FAKEHOME=$TMP/home
CANARY=$TMP/canary
mkdir -p "$STUB" "$LOG" "$FAKEHOME" "$CANARY"

# Programs that end the chain record their argv: LOG/<name>.<n>
for p in torchrun python python3 accelerate deepspeed; do
	cat >"$STUB/$p" <<'EOF'
#!/bin/bash
n=0
while [ -e "$STUBLOG/${0##*/}.$n" ]; do n=$((n + 1)); done
printf '%s\0' "$@" >"$STUBLOG/${0##*/}.$n"
EOF
done
# Launchers record their argv, then run the inner `bash ...` once (as rank 0).
for p in srun mpiexec mpirun ibrun; do
	cat >"$STUB/$p" <<'EOF'
#!/bin/bash
printf '%s\0' "$@" >"$STUBLOG/${0##*/}.launcher"
export SLURM_PROCID=0 SLURM_LOCALID=0 SLURM_NTASKS=1 PMI_RANK=0 PMI_LOCAL_RANK=0 PMI_SIZE=1 \
	PALS_RANKID=0 PALS_LOCAL_RANKID=0 OMPI_COMM_WORLD_RANK=0
while [ $# -gt 0 ] && [ "$1" != bash ]; do shift; done
[ $# -gt 0 ] || { echo "stub ${0##*/}: no inner bash command" >&2; exit 97; }
exec "$@"
EOF
done
# Environment helpers: do nothing (scontrol prints a host name).
for p in module conda mkdir; do
	printf '#!/bin/bash\nprintf "%%s\\0" "$@" >>"$STUBLOG/%s.calls"\nexit 0\n' "$p" >"$STUB/$p"
done
printf '#!/bin/bash\necho nid000001\n' >"$STUB/scontrol"
chmod +x "$STUB"/*

# run_script FILE: runs a generated script under the stubs in a fresh directory; sets RUN_RC and
# RUN_OUT; clears the logs first.
run_script() {
	rm -f "$LOG"/*
	local dir=$TMP/run
	rm -rf "$dir"
	mkdir -p "$dir"
	printf 'nid000001\nnid000002\n' >"$dir/nodefile"
	RUN_OUT=$(cd "$dir" && env PATH="$STUB:$PATH" STUBLOG="$LOG" HOME="$FAKEHOME" SCRATCH=/scratch/me \
		SLURM_JOB_NODELIST='nid[000001-000002]' SLURM_JOB_ID=42 PBS_NODEFILE="$dir/nodefile" \
		PBS_JOBID=42.server PBS_O_WORKDIR="$dir" bash "$1" 2>&1 </dev/null)
	RUN_RC=$?
}

# final_argv: the argv recorded by the program at the end of the chain (torchrun/python/accelerate)
FINAL=()
final_argv() {
	FINAL=()
	local f
	for f in "$LOG"/torchrun.0 "$LOG"/python.0 "$LOG"/python3.0 "$LOG"/accelerate.0 "$LOG"/deepspeed.0; do
		if [ -e "$f" ]; then
			mapfile -d '' FINAL <"$f"
			# issue14: python3 -c 'import torch' is the script's environment check, not the launch
			[ "${FINAL[0]:-}" = -c ] && [ -e "${f%.0}.1" ] && mapfile -d '' FINAL <"${f%.0}.1"
			[ "${FINAL[0]:-}" = -c ] && continue
			return 0
		fi
	done
	return 1
}

# user_args SCRIPT: sets UARGS to the words after SCRIPT in FINAL
UARGS=()
user_args() {
	UARGS=()
	local i
	for ((i = 0; i < ${#FINAL[@]}; i++)); do
		if [ "${FINAL[$i]}" == "$1" ]; then
			UARGS=("${FINAL[@]:i+1}")
			return 0
		fi
	done
	return 1
}

# json_array WORDS...: a compact JSON array of the words (newlines and all)
json_array() {
	local a
	for a in "$@"; do printf '%s' "$a" | jq -Rs .; done | jq -cs .
}

show_array() {
	local a out=
	for a in "$@"; do out+="[$a] "; done
	printf '%s' "$out"
}

# The request: every hostile form, each with the literal value the script must receive.
C1=$CANARY/semicolon C2=$CANARY/dollar-paren C3=$CANARY/backtick C4=$CANARY/quoted-semicolon
C5=$CANARY/newline C6=$CANARY/and C7=$CANARY/pipe C8=$CANARY/redirect
ARGS_TEXT="--semi x;touch${C1:+ }$C1 --subst \$(touch $C2) --tick \`touch $C3\` \
--dq \"a; touch $C4\" --sq 'it is \"quoted\"' --apos \"it's\" --words \"two words\" \
--nl \"line1
line2; touch $C5\" --and ok&&touch${C6:+ }$C6 --pipe a|tee${C7:+ }$C7 --redir >$C8 \
--glob *.py --lit '\$HOME' --home \$HOME/data --braced \${SCRATCH}/x --tilde ~/ckpt --eq --lr=3e-4"
WANT=(--semi "x;touch" "$C1" --subst "\$(touch $C2)" --tick "\`touch $C3\`"
	--dq "a; touch $C4" --sq 'it is "quoted"' --apos "it's" --words "two words"
	--nl "line1
line2; touch $C5" --and "ok&&touch" "$C6" --pipe "a|tee" "$C7" --redir ">$C8"
	--glob '*.py' --lit '$HOME' --home "$FAKEHOME/data" --braced /scratch/me/x --tilde "$FAKEHOME/ckpt" --eq --lr=3e-4)
# what maple should read (before any expansion; the ~ is literal on purpose)
# shellcheck disable=SC2088
WANT_READ=(--semi "x;touch" "$C1" --subst "\$(touch $C2)" --tick "\`touch $C3\`"
	--dq "a; touch $C4" --sq 'it is "quoted"' --apos "it's" --words "two words"
	--nl "line1
line2; touch $C5" --and "ok&&touch" "$C6" --pipe "a|tee" "$C7" --redir ">$C8"
	--glob '*.py' --lit '$HOME' --home '$HOME/data' --braced '${SCRATCH}/x' --tilde '~/ckpt' --eq --lr=3e-4)
touch "$TMP/run-a.py" "$TMP/run-b.py" # a glob must not expand to files either

canaries_absent() {
	local left
	left=$(ls -A "$CANARY")
	if [ -z "$left" ]; then
		pass "$1: no canary file was created"
	else
		fail "$1: canary files were created: $left"
	fi
}

# One case per launch style: srun+torchrun, mpiexec+python (PBS), ibrun+torchrun, mpirun+torchrun,
# srun+python (frontier), accelerate, deepspeed (extra arguments appended after the user's).
CASES="perlmutter:pytorch-ddp polaris:pytorch-ddp aurora:pytorch-fsdp lonestar6:pytorch-ddp vista:pytorch-ddp
frontier:pytorch-ddp delta:pytorch-fsdp anvil:pytorch-ddp bridges2:pytorch-ddp deltaai:pytorch-ddp
stampede3:pytorch-ddp perlmutter:accelerate polaris:deepspeed frontier:deepspeed lonestar6:accelerate"
for case in $CASES; do
	cl=${case%%:*}
	para=${case#*:}
	case $para in
	pytorch-ddp) how="PyTorch DDP" ;;
	pytorch-fsdp) how="FSDP" ;;
	accelerate) how="HF accelerate" ;;
	deepspeed) how="DeepSpeed ZeRO-3" ;;
	esac
	n="$cl $para"
	text="$how on 2 nodes, 1 hour, account abc123, python my_train.py $ARGS_TEXT"
	run_maple generate --json --cluster "$cl" "$text"
	if [ "$RC" != 0 ]; then
		fail "$n: generate exits $RC" "$OUT" "$ERR"
		continue
	fi
	got_read=$(jqv '.request.script_args')
	want_read=$(json_array "${WANT_READ[@]}")
	expect_eq "$n: maple reads the arguments literally" "$got_read" "$want_read"
	expect_json_true "$n: warnings name the shell syntax" \
		'[.warnings[] | select(test("carries shell syntax.*never runs"))] | length >= 4'
	jqv '.script' >"$TMP/job.sh"
	if bash -n "$TMP/job.sh" 2>"$TMP/bashn"; then pass "$n: bash -n"; else fail "$n: bash -n" "$(cat "$TMP/bashn")"; fi
	if command -v shellcheck >/dev/null 2>&1; then
		if shellcheck -S warning -s bash "$TMP/job.sh" >"$TMP/sc" 2>&1; then
			pass "$n: shellcheck -S warning"
		else
			fail "$n: shellcheck -S warning" "$(cat "$TMP/sc")"
		fi
	fi

	run_script "$TMP/job.sh"
	if [ "$RUN_RC" = 0 ]; then pass "$n: script ran under the stubs"; else fail "$n: script exits $RUN_RC" "$RUN_OUT"; fi
	canaries_absent "$n"
	if ! final_argv; then
		fail "$n: the launch chain reached torchrun/python/accelerate" "$RUN_OUT" "$(ls "$LOG")"
		continue
	fi
	if ! user_args my_train.py; then
		fail "$n: my_train.py is on the final command line" "$(show_array "${FINAL[@]}")"
		continue
	fi
	if [ "$para" = deepspeed ]; then
		# maple appends the generated config after the user's words
		tail3=("${UARGS[@]: -3}")
		expect_eq "$n: DeepSpeed config appended" "${tail3[0]-} ${tail3[1]-}" "--deepspeed --deepspeed_config"
		expect_eq "$n: config path expanded" "${tail3[2]-}" "$TMP/run/ds_config_zero3_42.json"
		[ ${#UARGS[@]} -ge 3 ] && UARGS=("${UARGS[@]:0:${#UARGS[@]}-3}")
	fi
	expect_eq "$n: argv count" "${#UARGS[@]}" "${#WANT[@]}"
	i_bad=
	for ((i = 0; i < ${#WANT[@]}; i++)); do
		[ "${UARGS[$i]-<missing>}" == "${WANT[$i]}" ] || i_bad+="$i "
	done
	if [ -z "$i_bad" ]; then
		pass "$n: every argument arrives as the literal string (\$HOME, \${SCRATCH}, ~ expanded)"
	else
		fail "$n: arguments differ at index $i_bad" "got:  $(show_array "${UARGS[@]}")" "want: $(show_array "${WANT[@]}")"
	fi
done

# The script name itself, and hostile words in other fields
n="script path with \$(...)"
run_maple generate --json --cluster perlmutter "2 nodes, python train\$(touch $CANARY/script).py --x 1"
if [ "$RC" = 0 ]; then
	jqv '.script' >"$TMP/job.sh"
	run_script "$TMP/job.sh"
	canaries_absent "$n"
else
	pass "$n: refused (exit $RC)"
fi

n="venv path with \$(...)"
run_maple generate --json --cluster perlmutter "2 nodes, venv ~/venvs/x\$(touch${C1:+ }$CANARY/venv), python train.py"
if [ "$RC" = 0 ]; then
	jqv '.script' >"$TMP/job.sh"
	if bash -n "$TMP/job.sh"; then pass "$n: bash -n"; else fail "$n: bash -n"; fi
	mkdir -p "$FAKEHOME/venvs"
	run_script "$TMP/job.sh"
	canaries_absent "$n"
else
	pass "$n: refused (exit $RC)"
fi

n="account with shell syntax never reaches a directive"
run_maple generate --json --cluster perlmutter "2 nodes, account m1234;touch${C1:+ }$CANARY/acct, python train.py"
expect_not_contains "$n" "$(jqv '.script // ""')" "touch"

# ---- --allow-shell: text only, never run
n="--allow-shell"
run_maple generate --json --allow-shell --cluster perlmutter \
	"2 nodes, python train.py --subst \$(date +%s) --tick \`hostname\` --semi x;echo hi --redir >log.txt --home \$HOME/d"
expect_rc "$n" 0
launch=$(launch_line "$(jqv .script)")
expect_contains "$n: \$(...) passed through" "$launch" '--subst $(date +%s)'
expect_contains "$n: backticks passed through" "$launch" '--tick `hostname`'
expect_contains "$n: ; passed through" "$launch" '--semi x;echo'
expect_contains "$n: redirection passed through" "$launch" '--redir >log.txt'
expect_json_true "$n: warning says passed through" \
	'[.warnings[] | select(test("passed through as written"))] | length >= 3'
expect_json_true "$n: no 'never runs' warning" '[.warnings[] | select(test("never runs"))] | length == 0'
n="without --allow-shell the same words are quoted"
run_maple generate --json --cluster perlmutter \
	"2 nodes, python train.py --subst \$(date +%s) --tick \`hostname\` --semi x;echo hi --redir >log.txt --home \$HOME/d"
launch=$(launch_line "$(jqv .script)")
expect_not_contains "$n: \$(...) not bare" "$launch" '--subst $(date'
expect_contains "$n: \$HOME still expands" "$launch" '"${HOME}"/d'

# ---- known bug: a script path with a space is cut at the space (and quoted paths lose their args)
for form in "'my dir/train.py'" '"my dir/train.py"' 'my\ dir/train.py'; do
	n="script path with a space: $form"
	run_maple generate --json --cluster perlmutter "2 nodes, python $form --epochs 3"
	expect_json "$n: script and args" '[.request.script,.request.script_args]' '["my dir/train.py",["--epochs","3"]]'
done

# ---- shell text where a name belongs (account, queue, job name) is reported, never taken or dropped silently
for form in 'account $(id)' 'account: $(id)' 'account: `whoami`' 'queue: $(hostname)' 'job name: $(whoami)' \
	"account 'm12\$(id)'" 'account m1234;touch x' '-A "m1`id`"' 'charge it to account "m1;id"' 'job name "a;b"' \
	"job name my'job\"x\$(id)" 'queue "regular;id"' 'qos debug$(id)' 'partition gpu|tee x'; do
	n="shell text as a name: $form"
	run_maple extract --json "Perlmutter, 1 node, x.py, $form"
	expect_json "$n: not taken" '[.request.account,.request.queue,.request.job_name]' '[null,null,null]'
	expect_json_true "$n: reported as rejected" '(.rejected | length) >= 1'
	expect_json_true "$n: a warning says so" '[.warnings[] | test("not a name")] | any'
done
# ... and generating from it is an error naming the words (exit 2, no script): a script without the account,
# queue or name asked for would run charged elsewhere, with exit 0 hiding it (issue 18; it was a warning)
for form in 'account $(id)' 'account: $(id)' 'account: `whoami` x' 'queue: $(hostname)' 'job name: $(whoami)' \
	"account 'm12\$(id)'" 'account m1234;touch x' '-A "m1`id`"' 'charge it to account "m1;id"' 'job name "a;b"' \
	'queue "regular;id"' 'qos debug$(id)' 'partition gpu|tee x' '{"cluster":"perlmutter","nodes":1,"script":"x.py","account":"m1$(id)"}' \
	"$(printf 'cluster: perlmutter\nnodes: 1\nscript: x.py\nqueue: r`id`')"; do
	n="shell text as a name, generate: $form"
	case $form in \{* | cluster:*) text=$form ;; *) text="Perlmutter, 1 node, 1 hour, x.py, $form" ;; esac
	run_maple generate --json "$text"
	expect_rc "$n: an error" 2
	expect_json "$n: status" '.status' '"error"'
	expect_json_true "$n: the error names the words and the fix" \
		'[.errors[] | test("is shell text, not a name maple puts in a job script: write the name itself")] | any'
	expect_json_true "$n: said once (the reader's warning goes)" '[.warnings[] | test("not a name")] | any | not'
	expect_json_true "$n: not reported as 'no account given'" '[.warnings[] | test("no account given")] | any | not'
	expect_json "$n: no script" '.script' 'null'
	run_maple generate "$text"
	expect_rc "$n: an error (text)" 2
	expect_eq "$n: nothing on stdout" "$OUT" ""
	expect_contains "$n: the error on stderr" "$ERR" "maple: error: the "
done
# the neighbours: one plain word in backquotes. Of lower-case letters alone it may be a command ("`whoami`",
# "`id`"): an error that says so (s28; it was left out with a warning and exit 0, and the job charged the
# default account); a name with capitals, digits or '_' can only be a name ("`CosmoSim`"): taken. Then a
# later value that takes the field (the words stay a warning), a name with '.', '-', '_'
for form in 'account: `whoami`' 'account `id`' '- project: `id`'; do
	run_maple generate --json "Polaris, 1 node, 1 hour, x.py, $form"
	expect_rc "one backquoted lower-case word: $form: an error" 2
	expect_json_true "one backquoted lower-case word: $form: the error says it may be a command" \
		'[.errors[] | test("in backquotes may be a command .*write the name itself without them")] | any'
	expect_json "one backquoted lower-case word: $form: no script" '.script' 'null'
done
for form in 'project: `CosmoSim`' '- account: `AI_Sci2`' 'account `CSC599`'; do
	run_maple generate --json "Polaris, 1 node, 1 hour, x.py, $form"
	expect_rc "one backquoted name: $form: no error" 0
	expect_json "one backquoted name: $form: taken" '.request.account' "\"$(sed 's/.*`\(.*\)`/\1/' <<<"$form")\""
done
# a job name or conda environment in backquotes is taken in a form as in prose (a name that only labels the
# job or names an environment: no command's output to guess at; s28: forms refused what prose took)
for form in 'job name: `vit`=job_name' 'job name `vit`=job_name' '- conda env: `torch`=conda_env' 'conda env `torch`=conda_env'; do
	run_maple generate --json "Polaris, 1 node, 1 hour, x.py, ${form%=*}"
	expect_rc "one backquoted name: ${form%=*}: no error" 0
	expect_json "one backquoted name: ${form%=*}: taken" ".request.${form##*=}" "\"$(sed 's/.*`\(.*\)`.*/\1/' <<<"$form")\""
done
run_maple generate --json "Perlmutter, 1 node, 1 hour, x.py, account \$(id) -- sorry, I meant account m1234"
if [ "$(jqv .request.account)" = m1234 ]; then
	expect_rc "shell text corrected by a later account" 0
	expect_json_true "shell text corrected by a later account: still said" '[.warnings[] | test("not a name")] | any'
else
	pass "shell text corrected by a later account: the reader takes no correction of an account (no case)"
fi
for form in 'account m1234_g.x-y' 'queue premium' 'job name vit-beans.2' 'conda env torch2'; do
	run_maple generate --json "Perlmutter, 1 node, 1 hour, x.py, $form"
	expect_rc "a plain name is no error: $form" 0
done
# in a batch, the line is an error object and the other lines go on
printf '%s\n' 'Perlmutter, 1 node, 1 hour, x.py, account $(id)' 'Perlmutter, 1 node, 1 hour, x.py, account m1234' >"$TMP/names.txt"
run_maple generate --json --batch "$TMP/names.txt"
expect_eq "batch: shell text as an account is an error line, the next line a script" \
	"$(printf '%s\n' "$OUT" | jq -r .status | tr '\n' ' ')" "error ok "

# ---- s17: the script's path is read text: a quote, backtick or $(...) left in it is a literal byte of the
# path; only $NAME, ${NAME} and a leading ~/ expand (tr"ain.py ran train.py; "$WORK/my dir/x.py" lost $WORK)
mkdir -p "$FAKEHOME/my dir"
for pair in "'tr\"ain.py'=tr\"ain.py" "\"it's.py\"=it's.py" "'a\`b.py'=a\`b.py" "'t\$(touch $CANARY/sp).py'=t\$(touch $CANARY/sp).py" \
	"\"\$HOME/my dir/x.py\"=$FAKEHOME/my dir/x.py" "~/'my dir'/x.py=$FAKEHOME/my dir/x.py" "'a b;c.py'=a b;c.py" \
	"\"\${SCRATCH}/r&d/x.py\"=/scratch/me/r&d/x.py" "my\\ dir/x.py=my dir/x.py"; do
	form=${pair%%=*} want=${pair#*=}
	n="script path $form"
	run_maple generate --json --cluster perlmutter "2 nodes, 1 hour, account m1234, python $form --x 1"
	expect_rc "$n: generated" 0
	jqv '.script' >"$TMP/job.sh"
	if bash -n "$TMP/job.sh" 2>/dev/null; then pass "$n: bash -n"; else fail "$n: bash -n"; fi
	run_script "$TMP/job.sh"
	canaries_absent "$n"
	if final_argv && user_args "$want"; then
		expect_eq "$n: the program is the path as written, its arguments after it" "$(show_array "${UARGS[@]}")" "[--x] [1] "
	else
		fail "$n: the path '$want' is on the final command line" "$(show_array "${FINAL[@]}")"
	fi
done
# a quoted module: the module and its arguments stay separate words ('pkg' --x 1 had read as "'pkg" " --x 1")
for pair in "'pkg.train'=pkg.train" "\"pkg;id\"=pkg;id" "'my pkg'=my pkg" "pkg.train=pkg.train"; do
	form=${pair%%=*} want=${pair#*=}
	n="python -m $form"
	run_maple generate --json --cluster perlmutter "2 nodes, 1 hour, account m1234, python -m $form --x 1"
	expect_json "$n: read" '[.request.script,.request.script_args]' "$(jq -cn --arg w "$want" '[$w,["--x","1"]]')"
	jqv '.script' >"$TMP/job.sh"
	run_script "$TMP/job.sh"
	if final_argv && user_args "$want"; then
		expect_eq "$n: -m, the module, then its arguments" "${FINAL[*]: -4:1} $(show_array "${UARGS[@]}")" "-m [--x] [1] "
	else
		fail "$n: the module '$want' is on the final command line" "$(show_array "${FINAL[@]}")"
	fi
done
# a port keeps the old script's variable in a quoted path with a space (it had become literal '${WORK}/...')
printf '#!/bin/bash\n#SBATCH -N 2\nsrun python "${SCRATCH}/my dir/train.py" --a 1\n' >"$TMP/old.sh"
run_maple generate --json --from "$TMP/old.sh" --to perlmutter
expect_contains "port of \"\${SCRATCH}/my dir/train.py\": the variable expands" "$(launch_line "$(jqv .script)")" "\"\${SCRATCH}\"'\\''/my dir/train.py'\\'' --a 1"

# ---- s17: numbers a user gives, at the 2^31 and 2^63 boundaries, zero and negative, in every form: an
# error naming the words as said (never a default, never the clamped number maple holds)
for pair in "2 nodes, -t 2147483648=-t 2147483648" "2 nodes, -t 9223372036854775807=-t 9223372036854775807" \
	"2 nodes, --time 35791395=--time 35791395" "2 nodes, -t 2.5=-t 2.5" "2 nodes, 1 hour, port 0=port 0" \
	"2 nodes, 1 hour, --master_port 0=--master_port 0" "2 nodes, 0 gpus per node, 1 hour=0 gpus per" "0 nodes, 1 hour=0 nodes"; do
	form=${pair%%=*}
	n="number out of range: $form"
	run_maple generate --json "perlmutter, account m1234, $form, python train.py"
	expect_rc "$n: an error" 2
	expect_json_true "$n: the error names it" "[.errors[] | contains(\"asked: \\\"${pair#*=}\\\"\")] | any"
done
for req in '{"cluster":"perlmutter","nodes":2147483648,"walltime":"1h","account":"m1","script":"t.py"}' \
	"$(printf 'cluster: perlmutter\nnodes: 9223372036854775808\ntime: 1h\naccount: m1\nscript: t.py')" \
	'cluster=perlmutter nodes=2 ppn=2147483648 time=1h account=m1 script=t.py' \
	'{"cluster":"perlmutter","nodes":2,"gpus_per_node":2.5,"walltime":"1h","account":"m1","script":"t.py"}' \
	'{"cluster":"perlmutter","nodes":1e400,"walltime":"1h","account":"m1","script":"t.py"}' \
	"$(printf 'cluster: perlmutter\nnodes: 1.5\ntime: 1h\naccount: m1\nscript: t.py')"; do
	n="form count out of range: $(printf '%s' "$req" | tr '\n' ' ')"
	run_maple generate --json "$req"
	expect_rc "$n: an error" 2
	expect_json_true "$n: names the value as said, never 100001" \
		'[.errors[] | select(test("asked: .*(2147483648|9223372036854775808|2[.]5|1e400|1[.]5)") and (test("100001") | not))] | any'
done

# modules and conda environments with shell text: reported, never loaded, never dropped without a word; a
# path's $NAME stays ("conda env $SCRATCH/envs/torch")
for pair in 'module load pytorch/2.1;touch x=modules' "module load 'py\$(id)'=modules" 'conda env "my env;id"=conda_env' \
	'conda activate $(id)=conda_env' 'conda env ~/envs/`id`=conda_env'; do
	form=${pair%=*}
	n="shell text as a ${pair##*=}: $form"
	run_maple generate --json "Perlmutter, 1 node, 1 hour, account m1234, $form, python x.py"
	expect_json "$n: not taken" "[.request.${pair##*=}] | map(select(. != null and . != [])) | length" 0
	expect_rc "$n: an error" 2
	expect_json_true "$n: the error says so" '[.errors[] | test("is shell text, not a name")] | any'
	expect_not_contains "$n: not in the script" "$(jqv '.script // ""')" 'id'"'"
done
for form in 'container image docker:nvcr.io/nvidia/pytorch:24.01$(id)' 'shifter image "nvcr.io/a b;c"' \
	'apptainer image /eagle/x/$(id).sif' 'podman-hpc image `id`/x:1'; do
	n="shell text as a container image: $form"
	run_maple generate --json "Perlmutter, 1 node, 1 hour, account m1234, $form, python x.py"
	expect_json "$n: not taken" '.request.container.image' '""'
	expect_rc "$n: an error" 2
	expect_json_true "$n: the error names it (not only 'missing container image')" \
		'[.errors[] | test("container image .* is shell text, not a name")] | any'
done
for pair in 'conda env $SCRATCH/envs/torch=$SCRATCH/envs/torch' 'conda env myenv=myenv'; do
	run_maple generate --json "Perlmutter, 1 node, 1 hour, account m1234, ${pair%=*}, python x.py"
	expect_json "conda environment kept: ${pair%=*}" '.request.conda_env' "\"${pair#*=}\""
done
# markup around a name is no shell text: backticks of markdown, the closing quote of a larger quoted string,
# a full-width comma after it
for pair in 'account `m1234`=m1234' "clusterOptions '--nodes=2 --account=m5117'=m5117" 'allocation CCR24007、`python x.py`=CCR24007'; do
	run_maple generate --json "Perlmutter, 2 nodes, 1 hour, ${pair%=*}, python x.py"
	expect_json "markup around an account is no shell text: ${pair%=*}" '.request.account' "\"${pair##*=}\""
done
# an apostrophe in prose after a cue is no shell text ("don't use the debug queue, it's full")
for form in "queue it's full" "don't use the debug queue, it's full" "account: don't know yet" "job name isn't set"; do
	run_maple generate --json "Polaris, 2 nodes, 30 min, $form, python x.py"
	expect_json_true "an apostrophe in prose is no shell text: $form" '[.warnings[] | test("not a name")] | any | not'
done
run_maple generate --json "Perlmutter, 1 node, 1 hour, account m1234, module load pytorch/2.1, python x.py"
expect_json "module kept: pytorch/2.1" '.request.modules' '["pytorch/2.1"]'

# ---- numbers are decimal counts: hex, inf and signs are not parameter counts
for v in 0x10 inf nan -7B ' 7B'; do
	run_maple advise --params "$v" --cluster perlmutter
	expect_eq "advise --params '$v' is refused" "$RC" 2
	expect_contains "advise --params '$v': says what to write" "$ERR" "is not a count"
done
# counts past any model (or below one parameter) are out of range, named; never absurd figures and exit 0
for v in 1e30 99999999999999999999 2e15 1001T 0.5 1e-3; do
	run_maple advise --json --params "$v" --cluster perlmutter
	expect_eq "advise --params '$v' is refused" "$RC" 2
	expect_contains "advise --params '$v': names it and the range" "$ERR" "--params '$v' is out of range"
done
for v in 1e15 1000000000000000 1 7B 6738415616; do
	run_maple advise --json --params "$v" --cluster perlmutter
	expect_eq "advise --params '$v' is taken" "$RC" 0
done

# ---- counts and stages said out of range are errors naming the value as it was said (never a generic
# "must be positive", never a silent default): node and GPU counts past the reader's range (1e6), ZeRO
# stages DeepSpeed does not have, in every form a stage is said
for pair in "2000000 nodes=2000000 nodes" "99999999999 nodes=99999999999 nodes" "1e9 nodes=1e9 nodes" \
	"1000001 nodes=1000001 nodes" "2 nodes with 2000000 GPUs each=2000000 GPUs" "2000000 GPUs=2000000 GPUs" \
	"4 nodes, 99999999999 gpus per node=99999999999 gpus"; do
	form=${pair%=*}
	n="count out of range: $form"
	run_maple generate --json "perlmutter, $form, 2 hours, python train.py, account m1234"
	expect_rc "$n: an error" 2
	expect_json_true "$n: the error names it" "[.errors[] | contains(\"asked: \\\"${pair##*=}\")] | any"
done
# the same counts in launcher and scheduler flags: named, never dropped (asked again as missing) and never
# wrapped (4294967300 read as 4 through a 32-bit conversion)
for pair in "--gpus=a100:99999999999=99999999999" "-G a100:4294967300=4294967300" "--nnodes 99999999999=99999999999" \
	"2 nodes, --nproc_per_node 4294967300=4294967300" "--nodes 2.5=2.5"; do
	form=${pair%=*}
	n="count out of range in a flag: $form"
	run_maple generate --json "perlmutter, 2 hours, account m1234, $form"
	expect_rc "$n: an error" 2
	expect_json_true "$n: the error names it" "[.errors[] | contains(\"${pair##*=}\")] | any"
done
# in a launch command (srun -N, torchrun --nnodes, mpiexec -n, accelerate --num_processes) the count is an
# error naming the command, never a wrapped, dropped (torchrun --nnodes 2147483648 had run on 1 node) or
# made-up count; a variable ($NNODES) is no count at all
for form in "srun -N 99999999999 python t.py" "torchrun --nnodes 99999999999 t.py" "srun -N 2.5 python t.py" \
	"srun -N 4294967300 python t.py" "torchrun --nnodes 2147483648 --nproc_per_node 4 t.py" \
	"torchrun --nnodes 2 --nproc_per_node 9223372036854775808 t.py" "mpiexec -n 99999999999 --ppn 4 python t.py" \
	"srun -N -3 python t.py" "accelerate launch --num_machines 2 --num_processes 99999999999 t.py" \
	"deepspeed --num_nodes 2 --num_gpus -1 t.py"; do
	n="count out of range in a launch command: $form"
	run_maple generate --json "perlmutter, 2 hours, account m1234, $form"
	expect_rc "$n: an error" 2
	expect_json_true "$n: the error names the command" "[.errors[] | contains(\"asked: \\\"$form\")] | any"
	expect_json_true "$n: no count taken" '.request.nodes == null or .request.nodes < 0 or .request.gpus_per_node == null'
done
for form in "srun -N 2 python t.py" "torchrun --nnodes 2 --nproc_per_node 4 t.py" "mpiexec -n 8 --ppn 4 python t.py"; do
	run_maple generate --json "perlmutter, 2 hours, account m1234, $form"
	expect_json "count in range in a launch command: $form" '[.status,.request.nodes]' '["ok",2]'
done
for form in "deepspeed zero stage 0" "deepspeed ZeRO stage 4" "DeepSpeed ZeRO stage 99999999999" "ZeRO-4" "deepspeed zero-0" \
	"zero4 deepspeed" "deepspeed, stage 7" "deepspeed zero level 5" "DeepSpeedStrategy(stage=4)" "deepspeed --zero_stage 4" \
	"accelerate with deepspeed zero stage 5" "deepspeed zero stage 2.5"; do
	n="ZeRO stage out of range: $form"
	run_maple generate --json "perlmutter, 2 nodes, 2 hours, $form, python train.py, account m1234"
	expect_rc "$n: an error" 2
	expect_json_true "$n: the error names the stage said" '[.errors[] | test("ZeRO stage.*asked: \"[^\"]*(0|4|5|7|2[.]5|99999999999)[)]?\"")] | any'
	expect_json_true "$n: no default stage claimed" '[.warnings[] | test("using DeepSpeed ZeRO stage 3")] | any | not'
done
# the stages DeepSpeed has, in the same forms, are read as said; "zero 4 nodes" is no stage at all
for pair in "deepspeed zero stage 2=zero2" "deepspeed ZeRO-1=zero1" "DeepSpeedStrategy(stage=2)=zero2" "deepspeed --zero_stage 2=zero2" \
	"deepspeed, stage 1=zero1" "accelerate with deepspeed zero stage 2=zero2" "deepspeed zero 3=zero3" "deepspeed with zero offload=zero3"; do
	form=${pair%=*}
	run_maple generate --json "perlmutter, 2 nodes, 2 hours, $form, python train.py, account m1234"
	expect_rc "ZeRO stage in range: $form" 0
	expect_json "ZeRO stage in range: $form: read" '.request.strategy' "\"${pair##*=}\""
done
run_maple generate --json "perlmutter, deepspeed, zero 4 nodes, 2 hours, python train.py, account m1234"
expect_json "'zero 4 nodes' is not a stage" '.errors' '[]'
run_maple generate --json "perlmutter, 2 nodes, 2 hours, DeepSpeed run, stage 4 of our curriculum, python train.py, account m1234"
expect_json "'DeepSpeed run, stage 4 of our curriculum' is not a ZeRO stage" '.errors' '[]'

# ---- s17: counts past range in a script's own header are findings naming the directive (PBS select= had read
# 2147483648 through atoi and overflowed a product in the launch plan; ngpus=4294967300 passed unseen)
for v in "select=2147483648:ncpus=64:ngpus=4" "select=2:ngpus=4294967300" "select=0:ngpus=4" "select=99999+2:ngpus=4"; do
	printf '#!/bin/bash\n#PBS -l %s\n#PBS -l walltime=01:00:00\n#PBS -l filesystems=home:eagle\n#PBS -A m1\nmpiexec -n 8 --ppn 4 python t.py\n' "$v" >"$TMP/sel.sh"
	run_maple verify --json --no-tools --cluster polaris "$TMP/sel.sh"
	expect_rc "verify #PBS -l $v: not clean" 1
	expect_json_true "verify #PBS -l $v: a directive-value finding on line 2" \
		'[.findings[] | select(.id == "directive-value" and .line == 2 and (.message | test("select=")))] | any'
done
printf '#!/bin/bash\n#PBS -l select=2:ncpus=64:ngpus=4\n#PBS -l walltime=01:00:00\n#PBS -l filesystems=home:eagle\n#PBS -A m1\nmpiexec -n 8 --ppn 4 python t.py\n' >"$TMP/sel.sh"
run_maple verify --json --no-tools --cluster polaris "$TMP/sel.sh"
expect_json "verify #PBS -l select=2:ncpus=64:ngpus=4: no directive-value finding" '[.findings[] | select(.id == "directive-value")] | length' 0

# ---- s21: a clock field past its range in a script's walltime is an error naming the value and its sum
# (7c68541 read '#PBS -l walltime=00:99:00' as 1 h 39 min without a word); a walltime past any queue's or no
# walltime at all names the value (it said 'not a PBS walltime (HH:MM:SS)')
for pair in "walltime=00:99:00|the minutes field 99 is past 59 (summed, it is 1:39:00" \
	"walltime=1:00:75|the seconds field 75 is past 59 (summed, it is 1:01:15" \
	"walltime=18446744073709551616:00:00|walltime '18446744073709551616:00:00' is past any queue's limit" \
	"walltime=1:2:3:4|'1:2:3:4' is not a PBS walltime"; do
	printf '#!/bin/bash\n#PBS -l select=2:ngpus=4\n#PBS -l %s\n#PBS -l filesystems=home:eagle\n#PBS -A m1\nmpiexec -n 8 --ppn 4 python t.py\n' "${pair%%|*}" >"$TMP/wt.sh"
	run_maple verify --json --no-tools --cluster polaris "$TMP/wt.sh"
	expect_rc "verify #PBS -l ${pair%%|*}: not clean" 1
	expect_json "verify #PBS -l ${pair%%|*}: names the value" \
		"[.findings[] | select(.id == \"directive-value\" and .line == 3) | .message | contains(\"${pair#*|}\")]" '[true]'
done
for pair in "12:75:00|the minutes field 75 is past 59 (summed, it is 13:15:00" "1-25:00:00|the hours field 25 is past 23"; do
	printf '#!/bin/bash\n#SBATCH -N 1\n#SBATCH -t %s\n#SBATCH -A m1234\nsrun python t.py\n' "${pair%%|*}" >"$TMP/wt.sh"
	run_maple verify --json --no-tools "$TMP/wt.sh"
	expect_json "verify #SBATCH -t ${pair%%|*}: names the value" \
		"[.findings[] | select(.id == \"directive-value\" and .line == 3) | .message | contains(\"${pair#*|}\")]" '[true]'
done
for w in 01:30:00 90:00 10 1:59:59.5; do
	printf '#!/bin/bash\n#PBS -l select=2:ngpus=4\n#PBS -l walltime=%s\n#PBS -l filesystems=home:eagle\n#PBS -A m1\nmpiexec -n 8 --ppn 4 python t.py\n' "$w" >"$TMP/wt.sh"
	run_maple verify --json --no-tools --cluster polaris "$TMP/wt.sh"
	expect_json "verify #PBS -l walltime=$w: no directive-value finding" '[.findings[] | select(.id == "directive-value")] | length' 0
done

# ---- a variable the arguments use that nothing sets ($LR of a sweep submitted with --export): the
# script checks it before anything starts and stops with a message naming it; set, the job goes on
for req in "Vista, 4 nodes, 3h: python train.py --lr \$LR --seed \${SEED}" "Polaris 2 nodes 1h debug: python train.py --lr \$LR --seed \${SEED}"; do
	run_maple generate "$req" -o "$TMP/needs_var.sh" --force
	expect_rc "generate with \$LR in the arguments: ok ($req)" 0
	expect_contains "generate with \$LR: the warning names it" "$ERR" '$LR in the arguments is set by nothing'
	expect_contains "generate with \$LR: a check of LR" "$(cat "$TMP/needs_var.sh")" '${LR:?maple: LR is not set'
	expect_contains "generate with \$LR: a check of SEED" "$(cat "$TMP/needs_var.sh")" '${SEED:?maple: SEED is not set'
	expect_not_contains "generate with \$LR: no check of HOME or the scheduler's" "$(cat "$TMP/needs_var.sh")" '${SLURM'
	bash -n "$TMP/needs_var.sh"
	expect_eq "generate with \$LR: bash -n" "$?" 0
	# the checks run as the script runs them: unset, the job stops naming the variable; set, it goes on
	checks=$(grep -E '^: "\$\{[A-Z]+:\?' "$TMP/needs_var.sh")
	out=$(env -u LR -u SEED bash -c "$checks" 2>&1)
	rc=$?
	expect_eq "unset LR: the check stops the job (non-zero status)" "$((rc != 0))" 1
	expect_contains "unset LR: its message" "$out" "LR is not set"
	LR=1e-4 SEED=3 bash -c "$checks"
	expect_eq "LR and SEED set: the checks pass" "$?" 0
	run_maple verify --no-tools --cluster "$(printf '%s' "$req" | cut -d, -f1 | cut -d' ' -f1 | tr A-Z a-z)" "$TMP/needs_var.sh"
	expect_not_contains "verify: no variable-unset for a checked variable" "$OUT" "variable-unset"
done

# ---- s28: values the reader's newer shapes set - markdown headings ("### Account" / the value on the next
# line), a Python dict ("JOB = {...}"), fields of a markdown list, a table with a cluster's other name - carry
# hostile text in every field: a generated script passes bash -n and shellcheck, runs under the stubs without
# creating a canary and hands the arguments over literally; a field is kept exactly or the request is refused
# naming it - never cut at a blank or a quote ("$(touch X)" was a venv '$(touch', "x; touch X" three modules)
# shq VALUE: the value as one single-quoted shell word
shq() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
S28V=('$(touch '"$CANARY"'/s28a)' '`touch '"$CANARY"'/s28b`' "a'b" 'a"b' 'x; touch '"$CANARY"'/s28c' 'Ünï-ü' 'a|tee '"$CANARY"'/s28d')
S28N=(subst tick squote dquote semi unicode pipe)
declare -A S28F=([account]=Account [job_name]="Job name" [queue]=Queue [conda_env]="Conda environment"
	[venv]="Virtual environment" [modules]=Modules)
# s28_check NAME FIELD VALUE: the last generate's outcome for VALUE in FIELD
s28_check() {
	local n=$1 f=$2 v=$3 got
	if [ "$RC" = 2 ]; then
		if jq -e --arg w "$(tr _ ' ' <<<"$f" | sed 's/conda env/conda environment/; s/^venv$/virtual environment/; s/modules/module/')" \
			'[.errors[] | ascii_downcase | contains($w)] | any' <<<"$OUT" >/dev/null; then
			pass "$n: refused, the error names the field"
		else
			fail "$n: refused without naming the field" "$(jqv .errors)"
		fi
		return
	fi
	if [ "$RC" != 0 ]; then
		fail "$n: exit $RC" "$ERR" "$(jqv '.missing')"
		return
	fi
	if [ "$f" = modules ]; then got=$(jqv '.request.modules | if length == 0 then null else join("\u0001") end'); else got=$(jqv ".request.$f"); fi
	if [ "$got" = null ] || [ "$got" == "$v" ]; then
		pass "$n: the field is the value exactly, or none"
	elif [ "$got" == "${v%%[;|]*}" ] && [ "$got" != "$v" ]; then
		pass "$n: the words before a ';' or '|' (prose separates clauses there)"
	elif [ "$f" = modules ] && [ "$(tr '\001' ' ' <<<"$got")" == "$(tr -s '; ' ' ' <<<"$v")" ] &&
		jq -e '.request.modules | all(test("^[A-Za-z0-9_./+@-]+$"))' <<<"$OUT" >/dev/null; then
		pass "$n: a list of plain module names ('; ' and blanks separate them)"
	else
		fail "$n: the field changed" "want [$v]" "got  [$(printf '%s' "$got" | cat -v)]"
	fi
	jqv '.script' >"$TMP/s28.sh"
	if bash -n "$TMP/s28.sh" 2>"$TMP/bashn"; then pass "$n: bash -n"; else fail "$n: bash -n" "$(cat "$TMP/bashn")"; fi
	if command -v shellcheck >/dev/null 2>&1; then
		if shellcheck -S warning -s bash "$TMP/s28.sh" >"$TMP/sc" 2>&1; then pass "$n: shellcheck -S warning"; else fail "$n: shellcheck" "$(cat "$TMP/sc")"; fi
	fi
	mkdir -p "$FAKEHOME/envs"
	run_script "$TMP/s28.sh"
	canaries_absent "$n"
	if final_argv && user_args train.py; then
		expect_eq "$n: the arguments arrive literally" "$(show_array "${UARGS[@]}")" "$(show_array --tag "$v")"
	fi
}
for f in "${!S28F[@]}"; do
	for i in "${!S28V[@]}"; do
		v=${S28V[$i]}
		# markdown headings (an issue form)
		run_maple generate --json "$(printf '### Cluster\nPerlmutter\n\n### Nodes\n2\n\n### Walltime\n1h\n\n### %s\n%s\n\n### Command\n```\ntorchrun train.py --tag %s\n```\n' \
			"${S28F[$f]}" "$v" "$(shq "$v")")"
		s28_check "s28 heading $f ${S28N[$i]}" "$f" "$v"
		# a Python dict
		run_maple generate --json "$(printf 'JOB = {\n    "cluster": "perlmutter",\n    "nodes": 2,\n    "walltime": "1h",\n    %s: %s,\n    "cmd": "torchrun train.py",\n    "args": %s,\n}\n' \
			"$(jq -n --arg f "$f" '$f')" "$(jq -n --arg v "$v" '$v')" "$(jq -n --arg v "--tag $(shq "$v")" '$v')")"
		s28_check "s28 dict $f ${S28N[$i]}" "$f" "$v"
		# a markdown list of fields
		run_maple generate --json "$(printf '**Perlmutter** job\n- nodes: 2\n- time: 1h\n- %s: %s\n- cmd: torchrun train.py --tag %s\n' \
			"${S28F[$f]}" "$v" "$(shq "$v")")"
		s28_check "s28 list $f ${S28N[$i]}" "$f" "$v"
	done
done
# a value over lines in a dict (a JSON escape): never a second directive or a second command line
for f in account job_name queue; do
	run_maple generate --json "$(printf 'cfg = {"cluster": "perlmutter", "nodes": 2, "walltime": "1h", "script": "train.py", "%s": "a\\n#SBATCH --uid=0"}' "$f")"
	expect_not_contains "s28 dict $f over lines: no injected directive" "$(jqv '.script // ""')" "--uid"
done
# a table picked by a cluster's other name, with hostile cells
run_maple generate --json "$(printf '| site | nodes | hours | account |\n|---|---|---|---|\n| pm | 2 | 4 | m1234 |\n| polaris | 4 | 2 | $(touch %s/s28t) |\nthe Polaris row, python train.py --tag %s' "$CANARY" "$(shq "\$(touch $CANARY/s28t)")")"
s28_check "s28 table account subst" account "\$(touch $CANARY/s28t)"
# budgets: the walltime and nodes they size are numbers maple writes; at 2^64, 10^21 and 10^400 the
# directive is still a plain clock or count, never a wrapped or negative one
for b in 18446744073709551616 1100000000000000000000 1e400 0.0000001; do
	for t in "Perlmutter: $b node-hours left; 2 nodes for as long as that covers, python train.py" \
		"Perlmutter. $b node-hours left and I need 2h of runtime, so use as many nodes as the budget covers for 2h. python train.py" \
		"LS6 bills $b SU per node-hour and I have 72 SUs left - 2 nodes for as long as that covers, python train.py"; do
		run_maple generate --json "$t"
		n="s28 budget $b: ${t:0:40}"
		if [ "$RC" = 0 ]; then
			hdr=$(jqv '.script' | grep -E '^#SBATCH (-t|--time|-N|--nodes)')
			if printf '%s\n' "$hdr" | grep -qvE '^#SBATCH (-t|--time)[ =][0-9]{1,3}:[0-5][0-9]:[0-5][0-9]$|^#SBATCH (-N|--nodes)[ =][1-9][0-9]{0,4}$'; then
				fail "$n: the directives are plain numbers" "$hdr"
			else
				pass "$n: the directives are plain numbers"
			fi
		elif [ "$RC" = 3 ]; then
			expect_json_true "$n: incomplete, asks for what it could not size" '.missing | length >= 1'
		else
			expect_rc "$n: an error, not a crash" 2
		fi
	done
done

# ---- s29: the reader's picks and the port's counts carry hostile text: a value in a picked table row or
# list item, in the arguments beside a Hydra multirun, a GNU parallel line or a job array whose one value is
# picked, in a run record, and in the arguments of a ported script whose counts are rewritten (node range
# 2-4, CRLF line ends, a heredoc, $SLURM_CPUS_PER_TASK): every script passes bash -n and shellcheck, runs
# under the stubs creating no canary, and hands the arguments over exactly - or maple refuses naming the field
S29V=('$(touch '"$CANARY"'/s29a)' '`touch '"$CANARY"'/s29b`' "it's" 'a"b' 'x; touch '"$CANARY"'/s29c'
	'Ünï-ü ✓' 'a|tee '"$CANARY"'/s29d' "$(printf 'L%.0s' {1..3000})")
S29N=(subst tick squote dquote semi unicode pipe long)
# s29_run NAME WANT...: the last generate --json: exit 0, bash -n, shellcheck, run under the stubs, no canary,
# the program's arguments after train.py are WANT exactly
s29_run() {
	local n=$1
	shift
	if [ "$RC" != 0 ]; then
		fail "$n: exit $RC" "$ERR" "$(jqv '.errors // .missing')"
		return
	fi
	jqv '.script' >"$TMP/s29.sh"
	if bash -n "$TMP/s29.sh" 2>"$TMP/bashn"; then pass "$n: bash -n"; else fail "$n: bash -n" "$(cat "$TMP/bashn")"; fi
	if shellcheck -S warning -s bash "$TMP/s29.sh" >"$TMP/sc" 2>&1; then pass "$n: shellcheck -S warning"; else
		fail "$n: shellcheck" "$(head -20 "$TMP/sc")"
	fi
	run_script "$TMP/s29.sh"
	canaries_absent "$n"
	if final_argv && user_args train.py; then
		expect_eq "$n: the arguments arrive exactly" "$(show_array "${UARGS[@]}")" "$(show_array "$@")"
	else
		fail "$n: the program never ran" "$RUN_OUT"
	fi
}
# s29_field NAME FIELD VALUE: the last generate refused naming FIELD, or took VALUE exactly, or the words before
# a ';' or '|' (prose ends a clause there), and its script passes bash -n
s29_field() {
	local got
	if [ "$RC" = 2 ]; then
		expect_json_true "$1: refused naming the field" "[.errors[] | ascii_downcase | contains(\"$(tr _ ' ' <<<"$2")\")] | any"
		return
	fi
	got=$(jqv ".request.$2")
	if [ "$RC" = 0 ] && { [ "$got" == "$3" ] || [ "$got" == "${3%%[;|]*}" ]; }; then pass "$1: the value, or its words before ';' or '|'"; else
		fail "$1: exit $RC, $2 '$got'" "$ERR"
	fi
	[ "$RC" = 0 ] && { jqv '.script' >"$TMP/s29f.sh"; bash -n "$TMP/s29f.sh" && pass "$1: bash -n" || fail "$1: bash -n"; }
}
for i in "${!S29V[@]}"; do
	v=${S29V[$i]} q=$(shq "${S29V[$i]}") n=${S29N[$i]}
	# a table whose second row is picked, the value in its arguments column
	run_maple generate --json "$(printf '| run | nodes | hours | args |\n|---|---|---|---|\n| a | 1 | 1 | --tag x |\n| b | 2 | 2 | --tag %s |\nPerlmutter, account m1234, python train.py; the second row' "$q")"
	if [ "$n" = pipe ]; then
		# the cell ends at the '|' inside the quotes (markdown's rule): the quote left open is said, never silent
		expect_contains "s29 table row $n: the open quote is said" "$(jqv '.warnings | join("\n")')" "unterminated quote in the arguments field"
	else
		s29_run "s29 table row $n" --tag "$v"
	fi
	# a list item picked by place, the value in its command
	run_maple generate --json "$(printf 'Delta, account bbka-delta-gpu:\n1. 1 node, 1 h: python train.py --tag x\n2. 2 nodes, 2 h: python train.py --tag %s\npick the second' "$q")"
	s29_run "s29 list pick $n" --tag "$v"
	# a Hydra multirun with one value picked
	run_maple generate --json "$(printf 'Perlmutter, account m1234, 2 nodes, 2 h. We run:\npython train.py -m model=small,large --tag %s\nonly the large one' "$q")"
	s29_run "s29 multirun $n" model=large --tag "$v"
	# a GNU parallel line with one value picked
	run_maple generate --json "$(printf 'Polaris, project P, 1 node, 1 h, debug queue. parallel python train.py --seed {} --tag %s ::: 1 2 3\nthe seed 2 one' "$q")"
	s29_run "s29 parallel $n" --seed 2 --tag "$v"
	# a job array over a shell array, one element picked
	run_maple generate --json "$(printf '#SBATCH --array=0-2\nCONFIGS=(small.yaml base.yaml large.yaml)\npython train.py --config ${CONFIGS[$SLURM_ARRAY_TASK_ID]} --tag %s\nrun the large.yaml one on delta, 1 node, 1 h, account bbka-delta-gpu' "$q")"
	s29_run "s29 array $n" --config large.yaml --tag "$v"
done
# a run record's account and queue: shell text in them is refused naming the field, or (a ';' ends a clause
# in prose, as s28_check has it) the words before it are the name
for i in 0 1 2 3 4 6; do
	for f in Account Partition; do
		run_maple generate --json "$(printf 'Run details\nCluster: Delta\nNodes: 2\nElapsed: 01:00:00\n%s: %s\nrerun it the same, python train.py' "$f" "${S29V[$i]}")"
		s29_field "s29 run record $f ${S29N[$i]}" "$([ $f = Account ] && echo account || echo queue)" "${S29V[$i]}"
	done
done
# ported scripts whose counts maple rewrites, the hostile value in the arguments beside them
for i in "${!S29V[@]}"; do
	v=${S29V[$i]} q=$(shq "${S29V[$i]}") n=${S29N[$i]}
	printf '#!/bin/bash\n#SBATCH -N 2-4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 8\n#SBATCH -t 02:00:00\nsrun python train.py --workers $SLURM_CPUS_PER_TASK --tag %s\n' "$q" >"$TMP/s29old.sh"
	run_maple generate --json --from "$TMP/s29old.sh" --to delta "2 nodes, account bbka-delta-gpu"
	s29_run "s29 port node range $n" --workers 64 --tag "$v"
	printf '#!/bin/bash\r\n#SBATCH -N 2\r\n#SBATCH --gpus-per-node=4\r\n#SBATCH -t 01:00:00\r\ncat > cfg.yaml <<EOF\r\ntag: x\r\nEOF\r\nsrun python train.py --config cfg.yaml --tag %s\r\n' "$q" >"$TMP/s29crlf.sh"
	run_maple generate --json --from "$TMP/s29crlf.sh" --to polaris "project P"
	s29_run "s29 port CRLF heredoc $n" --config cfg.yaml --tag "$v"
done
# a value over two lines (quoted) in a ported script's arguments and beside a multirun: one argument, exactly
v="a
b; touch $CANARY/s29nl"
printf '#!/bin/bash\n#SBATCH -N 2-4\n#SBATCH --gpus-per-node=4\n#SBATCH -c 8\n#SBATCH -t 02:00:00\nsrun python train.py --workers $SLURM_CPUS_PER_TASK --tag %s\n' "$(shq "$v")" >"$TMP/s29old.sh"
run_maple generate --json --from "$TMP/s29old.sh" --to delta "2 nodes, account bbka-delta-gpu"
s29_run "s29 port node range newline" --workers 64 --tag "$v"
run_maple generate --json "$(printf 'Perlmutter, account m1234, 2 nodes, 2 h. We run:\npython train.py -m model=small,large --tag %s\nonly the large one' "$(shq "$v")")"
s29_run "s29 multirun newline" model=large --tag "$v"

# a scheduler variable's name as literal text in a ported script's arguments ('$SLURM_NNODES' in single quotes,
# \$SLURM_JOB_ID, $'\x24SLURM_NNODES'): no expansion in the old job, none in the port - kept literally on a PBS
# target, never refused as "an expansion maple does not rewrite" (on c030fa5c it was)
for a in "'\$SLURM_NNODES'" '\$SLURM_JOB_ID' "\$'\\x24SLURM_NNODES'" "'a \${SLURM_NTASKS:-1} b'"; do
	printf '#!/bin/bash\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\n#SBATCH -t 02:00:00\nsrun python train.py --w %s\n' "$a" >"$TMP/s29lit.sh"
	want=$(bash -c "printf '%s' $a")
	run_maple generate --json --from "$TMP/s29lit.sh" --to polaris "project P"
	s29_run "s29 port literal $a" --w "$want"
done

# s29_long NAME WORDS FIELD VALUE: the last generate refused naming the field (WORDS), or took VALUE whole
s29_long() {
	if [ "$RC" = 2 ]; then
		expect_json_true "$1: refused naming the field" "[.errors[] | contains(\"$2\")] | any"
	elif [ "$RC" = 0 ] && [ "$(jqv ".request.$3")" == "$4" ]; then
		pass "$1: taken whole"
	else
		fail "$1: exit $RC, $3 of $(jqv ".request.$3 | tostring | length") characters" "$(jqv '.warnings')"
	fi
}
# a name longer than maple reads (100 and 3,000 characters) as the account, job name or queue - in prose, a
# form field and a picked table row: refused naming the field, never cut to its first 127 characters (a form
# and a table row did) nor dropped without a word (prose did: the job charged the default account, exit 0)
for n in 100 3000; do
	long=$(head -c "$n" /dev/zero | tr '\0' L)
	for col in account "job name" queue; do
		f=$(tr ' ' _ <<<"$col")
		run_maple generate --json "Perlmutter, 2 nodes, 1 hour, python train.py, $col $long"
		s29_long "s29 prose $col of $n characters" "$col" "$f" "$long"
		run_maple generate --json "$(printf 'cluster: perlmutter\nnodes: 2\ntime: 1h\nscript: train.py\n%s: %s\n' "$col" "$long")"
		s29_long "s29 form $col of $n characters" "$col" "$f" "$long"
		run_maple generate --json "$(printf '| run | nodes | hours | %s |\n|---|---|---|---|\n| a | 1 | 1 | x1 |\n| b | 2 | 2 | %s |\nPerlmutter, python train.py; the second row' "$col" "$long")"
		s29_long "s29 table row $col of $n characters" "$col" "$f" "$long"
	done
done
# a picked row's name columns (account, job name, queue) with hostile text: refused naming the field, or the
# value exactly (or its words before ';' / '|': a '|' ends a markdown cell). Left out: a name with letters
# outside ASCII ('Ünï-ü ✓'), dropped without a word in a table cell, a form field and prose alike (the field is
# none, exit 0): reported to the request reader's owner, not changed here
for i in 0 1 2 3 4 7; do
	for col in account "job name" queue; do
		f=$(tr ' ' _ <<<"$col")
		run_maple generate --json "$(printf '| run | nodes | hours | %s |\n|---|---|---|---|\n| a | 1 | 1 | x1 |\n| b | 2 | 2 | %s |\nPerlmutter, python train.py; the second row' "$col" "${S29V[$i]}")"
		s29_field "s29 table $col ${S29N[$i]}" "$f" "${S29V[$i]}"
	done
done

# ---- a HOME that is not a directory is named as such (not as "HOME is not set")
mkdir -p "$TMP/insp" && printf 'import torch\n' >"$TMP/insp/train.py"
HOME=/nonexistent-maple-home run_maple inspect "$TMP/insp"
expect_contains "inspect with HOME not a directory: names it" "$ERR" "HOME '/nonexistent-maple-home' is not a directory"

finish
