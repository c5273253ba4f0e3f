# debug_cases.bash - the round-scoring helper of tests/cli/debug.sh (sourced after lib.bash, never run by
# ctest: CMake globs tests/cli/*.sh only).
#
# A "round" block of debug.sh writes a small log (and job script) per case and checks one jq filter over
# `maple debug --json --no-llm`. Each case is queued with
#
#   dcase NAME FILTER WANT [SCRIPT] --log LOG [--cluster ID] [--rc N]
#
# (maple debug's own arguments) which copies SCRIPT and LOG as they are now (a block may rewrite the same file for its next case), and
# `dcase_run` runs every queued case, DCASE_JOBS maple processes at a time (default: the core count), then
# reads every answer with ONE jq process and prints one ok/not ok line per case, in the order queued: the
# case passes when `jq -c FILTER` over its answer prints WANT (and, with --rc, maple exited N). A maple
# that crashed or printed no JSON fails its case with its stderr.

DCASE_N=0
DCASE_DIR=$TMP/dcase
declare -a DCASE_NAME=() DCASE_FILTER=() DCASE_WANT=() DCASE_RC=()

# dcase NAME FILTER WANT [SCRIPT] --log LOG [--cluster ID] [--rc N]   (maple debug's own arguments)
dcase() {
	local name=$1 filter=$2 want=$3 i=$DCASE_N dir script='' log='' rc=''
	shift 3
	local -a opts=()
	while [ $# -gt 0 ]; do
		case $1 in
		--log) log=$2 && shift 2 ;;
		--cluster) opts+=(--cluster "$2") && shift 2 ;;
		--rc) rc=$2 && shift 2 ;;
		*) script=$1 && shift ;;
		esac
	done
	if [ -z "$log" ] || [ ! -f "$log" ] || { [ -n "$script" ] && [ ! -f "$script" ]; }; then
		fail "dcase '$name': give [SCRIPT] --log LOG, both files ('$script', '$log')"
		return
	fi
	dir=$DCASE_DIR/$i
	mkdir -p "$dir"
	local -a args=()
	if [ -n "$script" ]; then
		cp "$script" "$dir/${script##*/}"
		args+=("$dir/${script##*/}")
	fi
	cp "$log" "$dir/${log##*/}"
	args+=(--log "$dir/${log##*/}" "${opts[@]}")
	printf '%s\0' "${args[@]}" >"$dir/args"
	DCASE_NAME[i]=$name DCASE_FILTER[i]=$filter DCASE_WANT[i]=$want DCASE_RC[i]=$rc
	DCASE_N=$((i + 1))
}

# dcase_one DIR...: `maple debug ARGS --json --no-llm` for each case directory (ARGS from DIR/args) into
# DIR/out, DIR/err and DIR/rc; one bash for many cases (a bash start costs about what a maple run does)
dcase_one() {
	local dir
	local -a args
	for dir; do
		mapfile -d '' -t args <"$dir/args"
		"$MAPLE" debug "${args[@]}" --json --no-llm </dev/null >"$dir/out" 2>"$dir/err"
		echo $? >"$dir/rc"
	done
}

# dcase_run: runs and checks every case queued since the last dcase_run
dcase_run() {
	local n=$DCASE_N i prog='' got rc
	[ "$n" -gt 0 ] || return 0
	export -f dcase_one
	export MAPLE
	for ((i = 0; i < n; i++)); do printf '%s\0' "$DCASE_DIR/$i"; done |
		xargs -0 -r -n 8 -P "${DCASE_JOBS:-$(nproc)}" bash -c 'dcase_one "$@"' dcase_one
	# one jq: case i's filter over its answer, as `jq -c FILTER` prints it (several outputs: one a line),
	# "\u0001" when the answer is not JSON or the filter fails; each ended by a NUL
	local -a jqargs=()
	for ((i = 0; i < n; i++)); do
		jqargs+=(--rawfile "o$i" "$DCASE_DIR/$i/out")
		prog+="${prog:+, }((\$o$i | try ([fromjson | ${DCASE_FILTER[i]}] | map(tojson) | join(\"\\n\")) catch \"\\u0001\") + \"\\u0000\")"
	done
	local -a got_all=()
	mapfile -d '' -t got_all < <(jq -n -j "${jqargs[@]}" "$prog" 2>"$DCASE_DIR/jq.err")
	if [ ${#got_all[@]} -ne "$n" ]; then
		# a filter that does not compile stops the whole program: check each case alone to name it
		got_all=()
		for ((i = 0; i < n; i++)); do
			got_all[i]=$(jq -n -j --rawfile o "$DCASE_DIR/$i/out" \
				"(\$o | try ([fromjson | ${DCASE_FILTER[i]}] | map(tojson) | join(\"\\n\")) catch \"\\u0001\")" 2>&1)
		done
	fi
	for ((i = 0; i < n; i++)); do
		got=${got_all[i]} rc=$(<"$DCASE_DIR/$i/rc")
		if [ "$got" == "${DCASE_WANT[i]}" ] && { [ -z "${DCASE_RC[i]}" ] || [ "$rc" = "${DCASE_RC[i]}" ]; }; then
			pass "${DCASE_NAME[i]}"
		else
			[ "$got" = $'\x01' ] && got="(no JSON answer, or the filter failed)"
			fail "${DCASE_NAME[i]}: ${DCASE_FILTER[i]}" "got:  $got (exit $rc)" "want: ${DCASE_WANT[i]}${DCASE_RC[i]:+ (exit ${DCASE_RC[i]})}" \
				"stderr: $(head -c 500 "$DCASE_DIR/$i/err")"
		fi
	done
	rm -rf "$DCASE_DIR"
	DCASE_N=0 DCASE_NAME=() DCASE_FILTER=() DCASE_WANT=() DCASE_RC=()
}
