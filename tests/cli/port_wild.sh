# port_wild.sh - a blind batch of job scripts in the shapes real centres and users publish
# (tests/scripts/338-354, 355-382, 400-414, 415-429 (session 8) and 432-437 (session 10) 453-469 (session 12) 470-487 (session 13) and 484, 488-501 (session 14: console commands, composer and lightning run) and 502-521 (session 15: relative cds, per-node helper scripts not beside the job script) and 522-546 (session 16: $* as the program, launch text in exported strings, broken continuations, a relative settings file before a cd, PBS site resource words) and 547-557 (session 17: arrays, chains, containers, MPS) and 558-570 (session 18: Flux batch jobs and submitters, libEnsemble managers, JAX, env before a launcher in bash -c, Cobalt, retired machines) and 571- (session 19: launch lines in shell functions, launch commands held in variables and arrays, NCAR Derecho and LUMI sources, bash -c with arguments, comments in backquotes, heterogeneous jobs' training components, runners of a pickled program) and 640-679 (session 19's blind batch) and 960-985 (session 24: the shapes of issue 13's list, arguments as the script writes them, loops and options set in an if), and 1009-1034 (session 26: files the job writes for its tasks, containers, Hydra overrides, argument arrays), their readings checked by scripts.sh): what `maple verify` must say of each
# as it stands, and what a port to another cluster must do (ported and verified free of errors, with
# the words the port must carry, or refused with the reason). The expectations were written before
# maple was run on the scripts (issue 13).
. "$(dirname "$0")/lib.bash" "$@"
S=$SRC/tests/scripts

# tests/port/wild.psv, one row a port: NAME | the error findings verify must give (ids, space-separated; - for none) | TARGET | ok, refused or
# incomplete | a pattern the ported script (ok), the refusal (refused) or what is missing (incomplete) must match. A verify column WANT/NOW marks a
# known gap of src/verify (outside this test's owner, reported to the lead): verify should say WANT and
# says NOW today; the test holds NOW so that the fix shows here (then write WANT alone).
# The table is read whole first; every script's verify and port run MAPLE_TEST_JOBS at a time (default:
# nproc), each into its own directory, then one jq per question reads every output (jq_each: a jq 1.6
# process costs ~70 ms, and this table asked ~2,000 of them one at a time), and the checks are made in
# the table's order, as they were when each line ran on its own.
W=$TMP/wild
rows=() names=() errss=() targets=() wants=() pats=()
while IFS='|' read -r name errs target want pat; do
	case $name in '' | '#'*) continue ;; esac
	rows+=("${#names[@]}|$name|$target|$want")
	names+=("$name") errss+=("$errs") targets+=("$target") wants+=("$want") pats+=("$pat")
done <"$SRC/tests/port/wild.psv"
# wild_run I|NAME|TARGET|WANT...: the verify of each script and its port, maple's output, errors and
# exit status kept in $W/I/
# (the verifies of a call's rows in one maple verify --batch: one shellcheck for them)
wild_run() {
	local row i name target want d outs=() TMP=$W/tmp.$$
	mkdir -p "$TMP"
	: >"$TMP/list"
	for row; do
		IFS='|' read -r i name target want <<<"$row"
		d=$W/$i
		printf '%s\n' "$S/$name.sh" >>"$TMP/list"
		outs+=("$d/v.json")
		"$MAPLE" generate --json --from "$S/$name.sh" --to "$target" "account testproj" </dev/null >"$d/g.json" 2>"$d/g.err"
		printf '%s\n' "$?" >"$d/g.rc"
	done
	verify_batch "$TMP/list" "${outs[@]}"
	rm -rf "$TMP"
}
# wild_verify_port I|NAME|TARGET|WANT...: a port to be made ($W/I/p.sh) verified under its target
wild_verify_port() {
	local row i name target want outs=() TMP=$W/tmp.$$
	mkdir -p "$TMP"
	: >"$TMP/list"
	for row; do
		IFS='|' read -r i name target want <<<"$row"
		printf -- '--cluster %s %s\n' "$target" "$W/$i/p.sh" >>"$TMP/list"
		outs+=("$W/$i/pv.json")
	done
	verify_batch "$TMP/list" "${outs[@]}"
	rm -rf "$TMP"
}
wdirs=() okrows=() okg=()
for ((i = 0; i < ${#names[@]}; i++)); do
	wdirs+=("$W/$i")
	[ "${wants[i]}" = ok ] && okrows+=("${rows[i]}") && okg+=("$W/$i/g.json")
done
mkdir -p "${wdirs[@]}"
export MAPLE S W
export -f wild_run wild_verify_port verify_batch verify_batch_split
printf '%s\n' "${rows[@]}" | xargs -d '\n' -P "${MAPLE_TEST_JOBS:-$(nproc)}" -n 16 bash -c 'wild_run "$@"' wild_run
# each port's script, as `jq -cr .script g.json > p.sh` writes it, for every port in one jq (a jq per
# port when one output is not JSON)
if [ ${#okg[@]} -gt 0 ]; then
	for f in "${okg[@]}"; do : >"${f%/g.json}/p.sh"; done
	if jq -j 'input_filename + "\u0001" + (.script | if type == "string" then . else tojson end) + "\n\u0000"' \
		"${okg[@]}" >"$TMP/wild-scripts" 2>/dev/null; then
		while IFS= read -r -d '' rec; do
			f=${rec%%$'\x01'*}
			printf '%s' "${rec#*$'\x01'}" >>"${f%/g.json}/p.sh"
		done <"$TMP/wild-scripts"
	else
		for f in "${okg[@]}"; do jq -cr '.script' "$f" >"${f%/g.json}/p.sh" 2>/dev/null; done
	fi
	printf '%s\n' "${okrows[@]}" | xargs -d '\n' -P "${MAPLE_TEST_JOBS:-$(nproc)}" -n 16 bash -c 'wild_verify_port "$@"' wild_verify_port
fi
vfiles=() gfiles=() pvfiles=()
for ((i = 0; i < ${#names[@]}; i++)); do
	vfiles+=("$W/$i/v.json") gfiles+=("$W/$i/g.json")
	[ "${wants[i]}" = ok ] && pvfiles+=("$W/$i/pv.json")
done
jq_each '[.findings[] | select(.severity == "error") | .id] | unique | join(" ")' "${vfiles[@]}"
verrs=("${JQ_EACH[@]}")
jq_each '.script' "${gfiles[@]}"
scripts=("${JQ_EACH[@]}")
jq_each '.missing[]' "${gfiles[@]}"
missings=("${JQ_EACH[@]}")
jq_each '.errors[]' "${gfiles[@]}"
refusals=("${JQ_EACH[@]}")
perrs=()
if [ ${#pvfiles[@]} -gt 0 ]; then
	jq_each '[.findings[] | select(.severity == "error") | "\(.line) \(.id)"] | join(", ")' "${pvfiles[@]}"
	k=0
	for ((i = 0; i < ${#names[@]}; i++)); do
		[ "${wants[i]}" = ok ] || continue
		perrs[i]=${JQ_EACH[k]}
		k=$((k + 1))
	done
fi
for ((i = 0; i < ${#names[@]}; i++)); do
	name=${names[i]} errs=${errss[i]} target=${targets[i]} want=${wants[i]} pat=${pats[i]}
	got=${verrs[i]}
	[ -z "$got" ] && got=-
	if [ "${errs#*/}" != "$errs" ]; then
		expect_eq "$name: verify's error findings (known gap: should be ${errs%%/*})" "$got" "${errs#*/}"
	else
		expect_eq "$name: verify's error findings" "$got" "$errs"
	fi
	slurp OUT "$W/$i/g.json"
	slurp ERR "$W/$i/g.err"
	slurp RC "$W/$i/g.rc"
	if [ "$want" = ok ]; then
		expect_rc "$name: ported to $target" 0
		expect_match "$name: the port to $target carries $pat" "${scripts[i]}" "$pat"
		expect_eq "$name: the port to $target verifies without errors" "${perrs[i]}" ""
	elif [ "$want" = incomplete ]; then
		expect_rc "$name: incomplete for $target" 3
		expect_match "$name: what is missing for $target says why" "${missings[i]}" "$pat"
	else
		expect_rc "$name: refused for $target" 2
		expect_match "$name: the refusal for $target says why" "${refusals[i]}" "$pat"
	fi
done
finish
