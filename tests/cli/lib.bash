# lib.bash - shared helpers for the tests/cli/*.sh end-to-end tests (sourced, never run by ctest:
# CMake globs tests/cli/*.sh only).
#
# Every test is run as `bash tests/cli/<name>.sh <path-to-maple> <source-dir>`. Each check prints one
# line ("ok - ..." or "not ok - ..." plus indented details); `finish` prints "N passed, M failed" and
# exits non-zero when anything failed.

set -u

if [ $# -lt 2 ]; then
	echo "usage: bash $0 <path-to-maple> <source-dir>" >&2
	exit 2
fi
MAPLE=$1
SRC=$2
case $MAPLE in /*) ;; *) MAPLE=$PWD/$MAPLE ;; esac
case $SRC in /*) ;; *) SRC=$PWD/$SRC ;; esac
if [ ! -x "$MAPLE" ]; then
	echo "not ok - maple binary '$MAPLE' is not executable" >&2
	echo "0 passed, 1 failed"
	exit 1
fi

# Hermetic data: only the source tree's data/ unless a test says otherwise.
export MAPLE_DATA_DIR="$SRC/data"
unset MAPLE_PATH
export XDG_CONFIG_HOME=/nonexistent
export LC_ALL=C

PASS=0
FAIL=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/maple-cli.XXXXXX") || exit 2
# (only the test's own shell removes it: a child that bash forked for `maple ... &` and that a signal hits
# before its exec runs this trap too - fault_output's signal cases lost $TMP that way under load)
trap '[ "$BASHPID" = "$$" ] && rm -rf "$TMP"' EXIT
# Hermetic data snapshot too (issue 15): one per test run, not the user's ~/.cache/maple, which every
# maple of the same version shares. There, tests of other checkouts (other paths, other records) made
# most processes rewrite a snapshot grown to its 8 MB cap: ~34M instructions for a generate instead of
# ~4M. The first process of a test writes its own; the rest map it. A test can still set its own.
export XDG_CACHE_HOME="$TMP/.cache"
unset MAPLE_CACHE_DIR MAPLE_NO_SNAPSHOT

# Output of the last run_maple / run_cmd.
OUT=
ERR=
RC=

pass() {
	PASS=$((PASS + 1))
	printf 'ok - %s\n' "$1"
}

# fail NAME [DETAIL...]: details are printed indented under the failing line.
fail() {
	FAIL=$((FAIL + 1))
	printf 'not ok - %s\n' "$1"
	shift
	local d
	for d in "$@"; do
		printf '%s\n' "$d" | head -n 60 | sed 's/^/    /'
	done
}

# slurp VAR FILE: VAR=$(cat FILE) (trailing newlines removed; a missing file gives ""), without a
# process for the usual output of a few KB: a full suite calls it tens of thousands of times, and a cat
# process costs more than most maple runs. Text with a NUL byte, or over 64 KB (where bash's own string
# handling is slower than cat), still goes through cat.
slurp() {
	local -a _slurp_parts=()
	[ -r "$2" ] && mapfile -t -d '' _slurp_parts <"$2"
	if [ "${#_slurp_parts[@]}" -gt 1 ] || [ "${#_slurp_parts[0]}" -gt 65536 ]; then
		eval "$1=\$(cat \"\$2\")"
		return
	fi
	local _slurp_v=${_slurp_parts[0]-}
	while [ "${_slurp_v: -1}" = $'\n' ]; do _slurp_v=${_slurp_v%$'\n'}; done
	eval "$1=\$_slurp_v"
}

# run_maple ARGS...: runs maple with stdin from /dev/null; sets OUT, ERR, RC.
run_maple() {
	"$MAPLE" "$@" </dev/null >"$TMP/.out" 2>"$TMP/.err"
	RC=$?
	slurp OUT "$TMP/.out"
	slurp ERR "$TMP/.err"
}

# run_maple_stdin FILE ARGS...: as run_maple, with stdin from FILE.
run_maple_stdin() {
	local in=$1
	shift
	"$MAPLE" "$@" <"$in" >"$TMP/.out" 2>"$TMP/.err"
	RC=$?
	slurp OUT "$TMP/.out"
	slurp ERR "$TMP/.err"
}

# expect_rc NAME WANT: checks RC of the last run.
expect_rc() {
	if [ "$RC" = "$2" ]; then
		pass "$1 (exit $RC)"
	else
		fail "$1: exit $RC, want $2" "stdout: ${OUT:0:2000}" "stderr: ${ERR:0:2000}"
	fi
}

# expect_eq NAME GOT WANT
expect_eq() {
	if [ "$2" == "$3" ]; then
		pass "$1"
	else
		fail "$1" "got:  $2" "want: $3"
	fi
}

# expect_contains NAME HAYSTACK NEEDLE (fixed string)
expect_contains() {
	if [[ $2 == *"$3"* ]]; then
		pass "$1"
	else
		fail "$1: '$3' not found" "in: ${2:0:3000}"
	fi
}

# expect_not_contains NAME HAYSTACK NEEDLE (fixed string)
expect_not_contains() {
	if [[ $2 != *"$3"* ]]; then
		pass "$1"
	else
		fail "$1: '$3' should not appear" "in: ${2:0:3000}"
	fi
}

# expect_match NAME HAYSTACK ERE
expect_match() {
	if printf '%s\n' "$2" | grep -Eq -- "$3"; then
		pass "$1"
	else
		fail "$1: no line matches /$3/" "in: ${2:0:3000}"
	fi
}

# expect_no_match NAME HAYSTACK ERE: no line matches
expect_no_match() {
	if ! printf '%s\n' "$2" | grep -Eq -- "$3"; then
		pass "$1"
	else
		fail "$1: a line matches /$3/" "in: $(printf '%s\n' "$2" | grep -E -- "$3" | head -3)"
	fi
}

# jqv FILTER: applies a jq filter to OUT (compact, raw strings).
jqv() {
	printf '%s\n' "$OUT" | jq -cr "$1" 2>/dev/null
}

# jq_many FILTER...: every filter over OUT in one jq process (starting jq costs more than most checks
# do): JQ_MANY[i] holds what `jqv FILTER_i` prints (compact JSON, strings raw, trailing newlines dropped;
# a filter that fails gives ""). Returns jq's exit status: non-zero (and every JQ_MANY[i] "") when OUT
# is not JSON.
jq_many() {
	local prog='' f i rc
	for f in "$@"; do
		prog+="${prog:+, }(try ([$f] | map(if type == \"string\" then . else tojson end) | join(\"\\n\")) catch \"\") + \"\\u0000\""
	done
	printf '%s\n' "$OUT" | jq -j "$prog" >"$TMP/.jq_many" 2>/dev/null
	rc=$?
	JQ_MANY=()
	[ "$rc" = 0 ] && mapfile -d '' -t JQ_MANY <"$TMP/.jq_many"
	for ((i = 0; i < $#; i++)); do
		f=${JQ_MANY[i]:-}
		while [ -n "$f" ] && [ "${f: -1}" = $'\n' ]; do f=${f%$'\n'}; done
		JQ_MANY[i]=$f
	done
	return "$rc"
}

# jq_each FILTER FILE...: for each file, what `jqv FILTER` prints for that file's content (compact JSON,
# strings raw, trailing newlines dropped, "" when the filter fails), in JQ_EACH[i] for FILE i; one jq
# process for all of them (a jq 1.6 process costs ~70 ms of CPU, more than a maple run). When a file is
# not JSON (jq stops there), every file is read by a jq of its own, as jqv would.
jq_each() {
	local f=$1 i rec name val
	shift
	local -A at=()
	JQ_EACH=()
	for ((i = 1; i <= $#; i++)); do
		at[${!i}]=$((i - 1))
		JQ_EACH[i - 1]=
	done
	if jq -j "input_filename + \"\\u0001\" + (try ([$f] | map(if type == \"string\" then . else tojson end) | join(\"\\n\")) catch \"\") + \"\\u0000\"" \
		"$@" >"$TMP/.jq_each" 2>/dev/null; then
		while IFS= read -r -d '' rec; do
			name=${rec%%$'\x01'*} val=${rec#*$'\x01'}
			i=${at[$name]}
			JQ_EACH[i]=${JQ_EACH[i]:+${JQ_EACH[i]}$'\n'}$val
		done <"$TMP/.jq_each"
		for ((i = 0; i < $#; i++)); do
			val=${JQ_EACH[i]}
			while [ "${val: -1}" = $'\n' ]; do val=${val%$'\n'}; done
			JQ_EACH[i]=$val
		done
	else
		for ((i = 1; i <= $#; i++)); do JQ_EACH[i - 1]=$(jq -cr "$f" "${!i}" 2>/dev/null); done
	fi
}

# expect_json NAME FILTER WANT: jq -c FILTER over OUT equals WANT.
expect_json() {
	local got
	got=$(printf '%s\n' "$OUT" | jq -c "$2" 2>&1)
	if [ "$got" == "$3" ]; then
		pass "$1"
	else
		fail "$1: $2" "got:  $got" "want: $3" "stderr: ${ERR:0:500}"
	fi
}

# expect_json_true NAME FILTER: the jq filter over OUT yields true.
expect_json_true() {
	local got
	got=$(printf '%s\n' "$OUT" | jq -c "$2" 2>&1)
	if [ "$got" == "true" ]; then
		pass "$1"
	else
		fail "$1: $2 is $got" "json: ${OUT:0:3000}"
	fi
}

# expect_no_crash NAME: the last run exited normally (no signal: exit code < 128).
expect_no_crash() {
	if [ "$RC" -lt 128 ]; then
		pass "$1 (no crash, exit $RC)"
	else
		fail "$1: exit $RC (killed by a signal)" "stderr: ${ERR:0:2000}"
	fi
}

# launch_line SCRIPT_TEXT: the last non-empty line of the script (the launcher line).
launch_line() {
	printf '%s\n' "$1" | awk 'NF { last = $0 } END { print last }'
}

# verify_batch LIST OUT...: `maple verify --json --batch LIST` (a line per script: [--cluster ID] PATH)
# in one process with one shellcheck for many scripts, its k-th answer written to the k-th OUT file as
# `maple verify --json [--cluster ID] PATH >OUT 2>/dev/null` alone writes it (the same object; nothing for
# a script it cannot read). Its exit status is the worst of the scripts'.
verify_batch() {
	local list=$1 rc
	shift
	"$MAPLE" verify --json --batch "$list" </dev/null >"$TMP/.vbatch" 2>/dev/null
	rc=$?
	verify_batch_split "$TMP/.vbatch" "$@"
	return $rc
}

# verify_batch_split ANSWERS OUT...: the k-th line of a `maple verify --json --batch` output into the
# k-th OUT file, as verify_batch writes it, and in VB_RC[k] the exit status that script's verify alone
# has: 2 when it could not be read (or no answer came), 1 with an error finding, else 0 (the compact
# answer holds "severity":"error" only as a finding's: inside a string, a quote is escaped).
verify_batch_split() {
	local line k=0
	local -a answers=()
	mapfile -t answers <"$1"
	shift
	VB_RC=()
	for out; do
		line=${answers[k]-}
		if [ -z "$line" ] || [[ $line == '{"file":'*',"error":'* ]]; then
			: >"$out"
			VB_RC[k]=2
		else
			printf '%s\n' "$line" >"$out"
			VB_RC[k]=0
			[[ $line == *'"severity":"error"'* ]] && VB_RC[k]=1
		fi
		k=$((k + 1))
	done
}

# vcopy_problem SCRIPT: builds the verification copy `maple verify --run` would run (the copy is
# written before --run local refuses for want of an allocation) and prints what is wrong with it:
# no copy, a copy bash cannot read, no mini-app, or the mini-app behind a module flag (-m FILE).
# Prints nothing when the copy is sound.
# Runs ~10,000 times a full suite (cli_port_roundtrip: every port), so it starts as few processes as it
# can: maple (in a subshell that drops the allocation variables, not through env), bash -n and one rm;
# the two content checks are bash's own matching over the copy read once (grep matches a line; here
# the whole text, so the patterns say where a line starts and that [^ ] never crosses a line break).
vcopy_problem() {
	local w="$TMP/vcopy.$$" text=
	[ -e "$w" ] && rm -rf "$w"
	(unset SLURM_JOB_ID PBS_JOBID; exec "$MAPLE" verify --run local --force --no-tools --timeout 5 --workdir "$w" "$1") \
		</dev/null >/dev/null 2>"$TMP/vcopy.err"
	local module_re=$'(^|[ \n])(-m|--module) [^ \n]*maple_miniapp'
	if [ ! -f "$w/job.sh" ]; then
		printf 'no verification copy: %s' "$(grep -v 'there is none' "$TMP/vcopy.err" | head -c 300)"
	elif ! bash -n "$w/job.sh" 2>"$TMP/vcopy.err"; then
		printf 'the verification copy is not valid shell: %s' "$(head -c 300 "$TMP/vcopy.err")"
	elif IFS= read -r -d '' text <"$w/job.sh"; [[ $text != *maple_miniapp.py* ]]; then
		printf 'the verification copy does not run the mini-app'
	elif [[ $text =~ $module_re ]]; then
		printf 'the verification copy runs the mini-app as a module: %s' "$(grep -m1 -oE -- '(-m|--module) [^ ]*maple_miniapp[^ ]*' "$w/job.sh")"
	fi
	rm -rf "$w"
}

finish() {
	echo "$PASS passed, $FAIL failed"
	[ "$FAIL" -eq 0 ]
	exit $?
}
