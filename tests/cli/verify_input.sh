# verify_input.sh - bad input for `maple verify` and `maple generate --from`.
#
# Inputs: a binary file, a 10 MB script (over the 8 MiB limit) and one of exactly 8 MiB (at the
# limit, with a defect on its last line), 8 MiB + 1 byte, an empty file, a missing file, a directory,
# invalid UTF-8, unterminated quotes, #SBATCH lines with garbage, a script without a launcher, stdin
# via '-', an unknown --cluster, and `generate --from` with a binary / unreadable script or without
# --to.
#
# Every case: the exit status is the expected one (2 = unreadable input or bad usage, 1 = error
# findings, 0 = none), the message names what is wrong and where (the file, the line, the limit),
# and nothing crashes: each run is under `ulimit -c 0` and `timeout`, and an exit status >= 128
# (a signal) or 124 (a hang) fails the case.
#
# Run: bash tests/cli/verify_input.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

G=$SRC/tests/golden
PM=$G/perlmutter-pytorch-ddp.sh
W=$TMP/in
mkdir -p "$W"
LIMIT=8388608 # MAX_SCRIPT_BYTES (src/script/jobscript.h): 8 MiB
MS=0

# run NAME STDIN ARGS...: runs maple under ulimit -c 0 and a 60 s timeout with stdin from STDIN;
# sets OUT ERR RC MS (wall milliseconds) and records a failure when it crashed or hung.
run() {
	local name=$1 in=$2
	shift 2
	local t0 t1
	t0=$(date +%s%N)
	(ulimit -c 0; exec timeout 60 "$MAPLE" "$@") <"$in" >"$TMP/.out" 2>"$TMP/.err"
	RC=$?
	t1=$(date +%s%N)
	MS=$(((t1 - t0) / 1000000))
	OUT=$(cat "$TMP/.out")
	ERR=$(cat "$TMP/.err")
	if [ "$RC" -ge 128 ]; then
		fail "$name: crashed (exit $RC, signal $((RC - 128)))" "stderr: ${ERR:0:1000}"
	elif [ "$RC" = 124 ]; then
		fail "$name: did not finish within 60 s"
	else
		pass "$name: no crash (exit $RC)"
	fi
}

# findings NAME: the findings of the last run (for failure details).
findings() {
	local t
	t=$(printf '%s\n' "$OUT" | jq -r '.findings[] | "  \(.line):\(.column // "-") \(.severity) \(.id): \(.message)"' 2>/dev/null) ||
		{ printf 'not JSON: %s\n' "${OUT:0:600}"; return; }
	printf '%s\n' "${t:-  (no findings)}"
}

# has_finding NAME ID SEVERITY LINE: the last --json run reported it (LINE * = any line).
has_finding() {
	local sel=".id == \"$2\" and .severity == \"$3\""
	[ "$4" != "*" ] && sel+=" and .line == $4"
	local n
	n=$(printf '%s\n' "$OUT" | jq "[.findings[] | select($sel)] | length" 2>/dev/null)
	if [ "${n:-0}" -ge 1 ] 2>/dev/null; then
		pass "$1: $2 ($3) at line $4"
	else
		fail "$1: $2 ($3) at line $4 not reported" "$(findings)" "stderr: ${ERR:0:500}"
	fi
}

# no_stdout NAME: an input error prints nothing on stdout (no half JSON object).
no_stdout() {
	[ -z "$OUT" ] && pass "$1: nothing on stdout" || fail "$1: stdout should be empty" "${OUT:0:500}"
}

# big_script SIZE FILE: the perlmutter golden header and set-up, comment and echo lines up to exactly
# SIZE bytes, and the launch line last, with --node_rank=0 planted (node-rank-fixed on the last line).
big_script() {
	local size=$1 out=$2
	grep -v '^srun ' "$PM" >"$out.head"
	sed -n 's/--node_rank=\$SLURM_PROCID/--node_rank=0/p' "$PM" >"$out.tail"
	local fixed
	fixed=$(($(wc -c <"$out.head") + $(wc -c <"$out.tail")))
	awk -v n=$((size - fixed)) 'BEGIN {
		i = 0
		while (n > 0) {
			if (i % 2) l = sprintf("echo \"step %d of the padding\"\n", i)
			else l = sprintf("# padding comment %d: a long line of text to make the script large ..........\n", i)
			if (length(l) + 2 > n) {             # last line: a comment of exactly the bytes left
				if (n == 1) { printf "\n"; n = 0; break }
				s = "#"; while (length(s) < n - 1) s = s "x"
				printf "%s\n", s; n = 0; break
			}
			printf "%s", l; n -= length(l); i++
		}
	}' >"$out.pad"
	cat "$out.head" "$out.pad" "$out.tail" >"$out"
	rm -f "$out.head" "$out.pad" "$out.tail"
}

# ---------------------------------------------------------------- binary file
head -c 4096 /bin/ls >"$W/binary.sh"
run "binary file" /dev/null verify "$W/binary.sh"
expect_rc "binary file: verify" 2
expect_contains "binary file: the message names the file" "$ERR" "binary.sh"
expect_match "binary file: the message says binary / NUL byte" "$ERR" "binary|NUL"
run "binary file --json" /dev/null verify --json "$W/binary.sh"
expect_rc "binary file: verify --json" 2
no_stdout "binary file --json"

# ---------------------------------------------------------------- size
big_script 10000000 "$W/ten-mb.sh"
expect_eq "10 MB script: generated size" "$(wc -c <"$W/ten-mb.sh")" 10000000
run "10 MB script" /dev/null verify --json "$W/ten-mb.sh"
expect_rc "10 MB script: over the ${LIMIT}-byte limit" 2
expect_contains "10 MB script: the message names the file" "$ERR" "ten-mb.sh"
expect_contains "10 MB script: the message names the limit" "$ERR" "$LIMIT"
echo "# 10 MB script: refused in ${MS} ms (speed is make bench's; the 60 s timeout above catches a hang)"
run "10 MB script on stdin" "$W/ten-mb.sh" verify --json -
expect_rc "10 MB script on stdin" 2
expect_contains "10 MB script on stdin: the message names the limit" "$ERR" "$LIMIT"
echo "# 10 MB script on stdin: refused in ${MS} ms (speed is make bench's; the 60 s timeout above catches a hang)"

big_script "$LIMIT" "$W/limit.sh"
expect_eq "8 MiB script: generated size" "$(wc -c <"$W/limit.sh")" "$LIMIT"
last=$(wc -l <"$W/limit.sh")
run "8 MiB script (at the limit, with tools)" /dev/null verify --json --cluster perlmutter "$W/limit.sh"
expect_rc "8 MiB script: verified, error on the last line" 1
has_finding "8 MiB script" node-rank-fixed error "$last"
has_finding "8 MiB script" shellcheck info 0
expect_json "8 MiB script: no other error" '[.findings[] | select(.severity == "error") | .id]' '["node-rank-fixed"]'
echo "# 8 MiB script: verified in ${MS} ms (speed is make bench's; the 60 s timeout above catches a hang)"
run "8 MiB script, inferred cluster" /dev/null verify --json --no-tools "$W/limit.sh"
expect_rc "8 MiB script, inferred cluster" 1
expect_json "8 MiB script: cluster inferred" '.cluster' '"perlmutter"'
echo "# 8 MiB script --no-tools: verified in ${MS} ms (speed is make bench's; the 60 s timeout above catches a hang)"

{ cat "$W/limit.sh"; printf '\n'; } >"$W/over.sh"
expect_eq "8 MiB + 1 script: generated size" "$(wc -c <"$W/over.sh")" $((LIMIT + 1))
run "8 MiB + 1 byte" /dev/null verify "$W/over.sh"
expect_rc "8 MiB + 1 byte: over the limit" 2
expect_contains "8 MiB + 1 byte: the message names the file" "$ERR" "over.sh"
expect_contains "8 MiB + 1 byte: the message names the limit" "$ERR" "$LIMIT"
expect_contains "8 MiB + 1 byte: the message gives the size" "$ERR" "$((LIMIT + 1))"
run "8 MiB + 1 byte on stdin" "$W/over.sh" verify -
expect_rc "8 MiB + 1 byte on stdin" 2
expect_contains "8 MiB + 1 byte on stdin: the message names the limit" "$ERR" "$LIMIT"

# ---------------------------------------------------------------- empty, missing, directory, encoding
: >"$W/empty.sh"
run "empty file" /dev/null verify "$W/empty.sh"
expect_rc "empty file" 2
expect_contains "empty file: names the file" "$ERR" "empty.sh"
expect_contains "empty file: says it is empty" "$ERR" "empty"

run "missing file" /dev/null verify "$W/no-such-script.sh"
expect_rc "missing file" 2
expect_contains "missing file: names the file" "$ERR" "no-such-script.sh"
expect_match "missing file: says why" "$ERR" "No such file|cannot read|not found"

run "directory" /dev/null verify "$W"
expect_rc "directory" 2
expect_contains "directory: names the path" "$ERR" "$W"
expect_contains "directory: says it is a directory" "$ERR" "directory"

printf '#!/bin/bash\n#SBATCH -N 1\necho "caf\xc3\x28"\nsrun python train.py\n' >"$W/bad-utf8.sh"
run "invalid UTF-8" /dev/null verify --json "$W/bad-utf8.sh"
expect_rc "invalid UTF-8" 2
expect_contains "invalid UTF-8: names the file" "$ERR" "bad-utf8.sh"
expect_contains "invalid UTF-8: names the line" "$ERR" "line 3"
expect_contains "invalid UTF-8: says UTF-8" "$ERR" "UTF-8"
no_stdout "invalid UTF-8 --json"

printf '#!/bin/bash\n#SBATCH -N 1\necho "caf\xe9"\nsrun python train.py\n' >"$W/latin1.sh"
run "Latin-1 byte" /dev/null verify "$W/latin1.sh"
expect_rc "Latin-1 byte" 2
expect_contains "Latin-1 byte: names the line" "$ERR" "line 3"

# ---------------------------------------------------------------- unterminated quotes
cat >"$W/unterminated.sh" <<'EOF'
#!/bin/bash
#SBATCH --nodes=1
#SBATCH --time=01:00:00
echo "starting the run
srun python train.py
EOF
run "unterminated double quote" /dev/null verify --json "$W/unterminated.sh"
expect_rc "unterminated double quote" 1
has_finding "unterminated double quote" unterminated-quote error 4
run "unterminated double quote --no-tools" /dev/null verify --json --no-tools "$W/unterminated.sh"
expect_rc "unterminated double quote --no-tools" 1
has_finding "unterminated double quote --no-tools" unterminated-quote error 4

sed -n '1,26p' "$PM" >"$W/unterminated-sq.sh"
echo "srun -N 2 -n 2 bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=\$SLURM_PROCID train.py" >>"$W/unterminated-sq.sh"
run "unterminated bash -c quote" /dev/null verify --json --cluster perlmutter "$W/unterminated-sq.sh"
expect_rc "unterminated bash -c quote" 1
has_finding "unterminated bash -c quote" unterminated-quote error 27

# human output names file:line
run "unterminated quote, human output" /dev/null verify --no-tools "$W/unterminated.sh"
expect_contains "unterminated quote, human output: file:line" "$OUT" "unterminated.sh:4:"

# ---------------------------------------------------------------- #SBATCH garbage
header() {
	cat <<'EOF'
#!/bin/bash
#SBATCH --job-name=t
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --account=m1234_g
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
EOF
}
launch='srun torchrun --nproc_per_node=4 train.py'
{ header; echo '#SBATCH --nodes=1'; echo "$launch"; } >"$W/sbatch-ok.sh"
run "#SBATCH base" /dev/null verify --json --cluster perlmutter "$W/sbatch-ok.sh"
expect_rc "#SBATCH base script is clean" 0
expect_json "#SBATCH base script: no findings" '.findings | length' 0

# garbage_case NAME LINE ID COL: the header with LINE as line 9; ID (error) expected on line 9 at COL.
garbage_case() {
	local f=$W/garbage-$RANDOM.sh
	{ header; echo "$2"; echo "$launch"; } >"$f"
	run "$1" /dev/null verify --json --no-tools --cluster perlmutter "$f"
	expect_rc "$1" 1
	has_finding "$1" "$3" error 9
	[ -n "${4:-}" ] && expect_json "$1: column" "[.findings[] | select(.id == \"$3\") | .column][0]" "$4"
	local msg
	msg=$(printf '%s\n' "$OUT" | jq -r "[.findings[] | select(.id == \"$3\") | .message][0]" 2>/dev/null)
	[ -n "$msg" ] && [ "$msg" != null ] && pass "$1: message '$msg'" || fail "$1: the finding has a message"
}
garbage_case "#SBATCH --nodes=two" '#SBATCH --nodes=two' directive-value 9
garbage_case "#SBATCH -N (no value)" '#SBATCH -N' directive-value 9
garbage_case "#SBATCH garbage words" '#SBATCH garbage words' directive-unknown 9
garbage_case "#SBATCHX (no space after the keyword)" '#SBATCHX --nodes=3' directive-unknown 1
garbage_case "#SBATCH --nodes=-3" '#SBATCH --nodes=-3' directive-value 9
garbage_case "#SBATCH --time=forever" '#SBATCH --time=forever' directive-value 9
garbage_case "#SBATCH --gpus-per-node=lots" '#SBATCH --gpus-per-node=lots' directive-value 9

# a node count too large for an int must not read as 1 node
{ header; echo '#SBATCH --nodes=99999999999999999999'; echo "$launch"; } >"$W/nodes-huge.sh"
run "#SBATCH --nodes=99999999999999999999" /dev/null verify --json --no-tools --cluster perlmutter "$W/nodes-huge.sh"
expect_rc "#SBATCH --nodes=99999999999999999999" 1
n=$(jqv '[.findings[] | select(.line == 9 and .severity == "error" and (.id == "directive-value" or .id == "nodes-exceed-queue"))] | length')
[ "${n:-0}" -ge 1 ] && pass "#SBATCH --nodes=99999999999999999999: flagged on line 9 (directive-value or nodes-exceed-queue)" ||
	fail "#SBATCH --nodes=99999999999999999999: not flagged on line 9 (read as $(jqv '.request.nodes') node(s))" "$(findings)"

# a bare #SBATCH: nothing to read, no crash
{ header; echo '#SBATCH'; echo '#SBATCH --nodes=1'; echo "$launch"; } >"$W/bare.sh"
run "bare #SBATCH" /dev/null verify --json --no-tools --cluster perlmutter "$W/bare.sh"
[ "$RC" = 0 ] || [ "$RC" = 1 ] && pass "bare #SBATCH: exit $RC" || fail "bare #SBATCH: exit $RC" "$ERR"

# ---------------------------------------------------------------- no launcher
{ header; echo '#SBATCH --nodes=1'; echo 'module load pytorch'; echo 'echo "nothing to launch"'; } >"$W/no-launcher.sh"
run "no launcher" /dev/null verify --json --cluster perlmutter "$W/no-launcher.sh"
expect_rc "no launcher: only a warning" 0
has_finding "no launcher" launcher-missing warning 0
expect_json "no launcher: no error" '[.findings[] | select(.severity == "error")] | length' 0

# ---------------------------------------------------------------- stdin
run "stdin: golden script" "$PM" verify -
expect_rc "stdin: golden script" 0
expect_contains "stdin: human output names '-'" "$OUT" "-: slurm script for perlmutter"
sed 's/--nnodes=2/--nnodes=3/' "$PM" >"$W/stdin-defect.sh"
run "stdin: script with a defect" "$W/stdin-defect.sh" verify --json --no-tools --cluster perlmutter -
expect_rc "stdin: script with a defect" 1
has_finding "stdin: script with a defect" nodes-mismatch error "$(grep -n -m1 -- '--nnodes=3' "$W/stdin-defect.sh" | cut -d: -f1)"
run "stdin: binary" "$W/binary.sh" verify -
expect_rc "stdin: binary" 2
expect_match "stdin: binary: says binary / NUL byte" "$ERR" "binary|NUL"
run "stdin: empty" /dev/null verify -
expect_rc "stdin: empty" 2
expect_contains "stdin: empty: says empty" "$ERR" "empty"

# ---------------------------------------------------------------- usage errors
run "--cluster nosuch" /dev/null verify --cluster nosuch "$PM"
expect_rc "--cluster nosuch" 2
expect_contains "--cluster nosuch: names the cluster" "$ERR" "nosuch"
expect_contains "--cluster nosuch: closest known" "$ERR" "closest known"
no_stdout "--cluster nosuch"
run "--cluster perlmuter (typo)" /dev/null verify --cluster perlmuter "$PM"
[ "$RC" = 0 ] || { [ "$RC" = 2 ] && [[ $ERR == *perlmutter* ]]; } &&
	pass "--cluster perlmuter: accepted as perlmutter or refused suggesting it (exit $RC)" ||
	fail "--cluster perlmuter: exit $RC" "$ERR"
run "verify without a script" /dev/null verify
expect_rc "verify without a script" 2
expect_contains "verify without a script: usage" "$ERR" "usage"
run "verify with two scripts" /dev/null verify "$PM" "$PM"
expect_rc "verify with two scripts" 2

# ---------------------------------------------------------------- generate --from
run "generate --from BINARY --to polaris" /dev/null generate --from "$W/binary.sh" --to polaris
expect_rc "generate --from BINARY --to polaris" 2
expect_contains "generate --from BINARY: names the file" "$ERR" "binary.sh"
expect_match "generate --from BINARY: says binary / NUL byte" "$ERR" "binary|NUL"
no_stdout "generate --from BINARY"
run "generate --from without --to" /dev/null generate --from "$PM"
expect_rc "generate --from without --to" 2
expect_contains "generate --from without --to: asks for --to" "$ERR" "--to"
no_stdout "generate --from without --to"
run "generate --from EMPTY" /dev/null generate --from "$W/empty.sh" --to polaris
expect_rc "generate --from EMPTY" 2
expect_contains "generate --from EMPTY: says empty" "$ERR" "empty"
run "generate --from MISSING" /dev/null generate --from "$W/no-such-script.sh" --to polaris
expect_rc "generate --from MISSING" 2
expect_contains "generate --from MISSING: names the file" "$ERR" "no-such-script.sh"
run "generate --from DIRECTORY" /dev/null generate --from "$W" --to polaris
expect_rc "generate --from DIRECTORY" 2
expect_contains "generate --from DIRECTORY: says directory" "$ERR" "directory"
run "generate --from invalid UTF-8" /dev/null generate --from "$W/bad-utf8.sh" --to polaris
expect_rc "generate --from invalid UTF-8" 2
expect_contains "generate --from invalid UTF-8: names the line" "$ERR" "line 3"
run "generate --from 10 MB" /dev/null generate --from "$W/ten-mb.sh" --to polaris
expect_rc "generate --from 10 MB" 2
expect_contains "generate --from 10 MB: names the limit" "$ERR" "$LIMIT"
run "generate --from - (binary on stdin)" "$W/binary.sh" generate --from - --to polaris
expect_rc "generate --from - (binary on stdin)" 2
run "generate --from GOLDEN --to nosuch" /dev/null generate --from "$PM" --to nosuch
expect_rc "generate --from GOLDEN --to nosuch" 2
expect_contains "generate --to nosuch: names the cluster" "$ERR" "nosuch"
run "generate --from unterminated quote" /dev/null generate --from "$W/unterminated.sh" --to polaris
[ "$RC" = 0 ] || [ "$RC" = 2 ] && pass "generate --from unterminated quote: exit $RC" || fail "generate --from unterminated quote: exit $RC" "$ERR"

finish
