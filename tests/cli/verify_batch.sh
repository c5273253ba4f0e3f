# verify_batch.sh - `maple verify --batch FILE`: many scripts in one process, with one shellcheck for many
# of them (issue 15: the port tests verified every port in a process of its own, each starting shellcheck).
#
# What it must keep: each script's answer is the one `maple verify --json [--cluster ID] SCRIPT` gives
# alone (compared as parsed JSON, key order aside), in the order of the lines, with the script's path as
# "file"; the text output is the reports one after the other; a line that cannot be verified (a missing
# file, an unknown cluster, no path) is {"file", "error"} and exit 2 while the other lines are still
# verified; a shellcheck that answers a batch wrongly, or not at all, falls back to one run per script
# (the same answers); scripts with and without a #! line (shellcheck's dialect) and one over shellcheck's
# 1 MB limit; blank lines (blanks only) skipped; --batch beside a script or --run is a usage error.
# And what it is for: shellcheck starts once per 64 scripts of each dialect, not once per script.
#
# Run: bash tests/cli/verify_batch.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

S=$SRC/tests/scripts
G=$SRC/tests/golden
W=$TMP/w
mkdir -p "$W"
HAVE_SHELLCHECK=false
command -v shellcheck >/dev/null 2>&1 && HAVE_SHELLCHECK=true
$HAVE_SHELLCHECK || echo "# shellcheck not installed: the shellcheck answers are not compared"
mapfile -t CLUSTERS < <("$MAPLE" clusters --json | jq -r '.[].id')

# The scripts: every 12th of the wild corpus, the golden scripts of three clusters, copies without the #!
# line (shellcheck is told the dialect), one with a shellcheck warning planted, one past 1 MB.
files=()
i=0
for f in "$S"/*.sh; do
	[ $((i % 12)) = 0 ] && files+=("$f")
	i=$((i + 1))
done
for f in "$G"/perlmutter-pytorch-*.sh "$G"/polaris-pytorch-*.sh "$G"/frontier-deepspeed-*.sh; do files+=("$f"); done
for f in "${files[@]:0:6}"; do
	b=$W/noshebang-$(basename "$f")
	tail -n +2 "$f" >"$b"
	files+=("$b")
done
sed '/^module load/a cd /tmp/run' "$G/perlmutter-pytorch-ddp.sh" >"$W/sc2164.sh"
files+=("$W/sc2164.sh")
{
	cat "$G/perlmutter-pytorch-ddp.sh"
	for ((k = 0; k < 16000; k++)); do echo "# padding line $k: a script over shellcheck's 1 MB limit ........"; done
} >"$W/big.sh"
files+=("$W/big.sh")
expect_eq "scripts to compare (at least 70)" "$((${#files[@]} >= 70))" 1

# The batch file: every third script with a --cluster (both spellings), the others inferred; a blank line.
: >"$W/list"
k=0
for f in "${files[@]}"; do
	case $((k % 6)) in
	0) printf -- '--cluster %s %s\n' "${CLUSTERS[k % ${#CLUSTERS[@]}]}" "$f" ;;
	3) printf -- '--cluster=%s %s\n\n' "${CLUSTERS[k % ${#CLUSTERS[@]}]}" "$f" ;;
	*) printf '%s\n' "$f" ;;
	esac >>"$W/list"
	k=$((k + 1))
done

# The answers alone, one process each (as the port tests ran them).
single_all() { # LISTFILE OUTFILE: each line of LISTFILE verified alone; one compact sorted object a line
	local line c f worst=0 rc
	: >"$2"
	while IFS= read -r line; do
		[ -n "$line" ] || continue
		c=() f=$line
		case $line in
		--cluster=*) c=(--cluster "${line%% *}") c[1]=${c[1]#--cluster=} f=${line#* } ;;
		--cluster\ *) f=${line#--cluster } c=(--cluster "${f%% *}") f=${f#* } ;;
		esac
		"$MAPLE" verify --json "${c[@]}" "$f" </dev/null >"$TMP/one.json" 2>/dev/null
		rc=$?
		[ $rc -gt $worst ] && worst=$rc
		jq -c -S --arg f "$f" '{file: $f} + .' "$TMP/one.json" >>"$2"
	done <"$1"
	return $worst
}
single_all "$W/list" "$W/single.jsonl"
single_rc=$?

"$MAPLE" verify --json --batch "$W/list" </dev/null >"$W/batch.raw" 2>"$W/batch.err"
batch_rc=$?
jq -c -S . "$W/batch.raw" >"$W/batch.jsonl"
expect_eq "batch: one line per script" "$(wc -l <"$W/batch.raw")" "${#files[@]}"
expect_eq "batch: the exit status is the worst of the scripts'" "$batch_rc" "$single_rc"
if cmp -s "$W/single.jsonl" "$W/batch.jsonl"; then
	pass "batch: every answer (findings, shellcheck's too, request, cluster) is the one given alone, in order"
else
	fail "batch: answers differ from the scripts verified alone" "$(diff "$W/single.jsonl" "$W/batch.jsonl" | head -c 3000)"
fi
if $HAVE_SHELLCHECK; then
	expect_eq "batch: the planted cd without || exit is shellcheck's SC2164" \
		"$(jq -r --arg f "$W/sc2164.sh" 'select(.file == $f) | [.findings[] | select(.id == "shellcheck" and (.message | startswith("SC2164")))] | length' "$W/batch.jsonl")" 1
	expect_eq "batch: a script without #! is checked as bash (its findings match)" \
		"$(jq -r 'select(.file | contains("/noshebang-")) | .file' "$W/batch.jsonl" | wc -l)" 6
	expect_eq "batch: the script over 1 MB is not shellchecked, and says so" \
		"$(jq -r --arg f "$W/big.sh" 'select(.file == $f) | [.findings[] | select(.id == "shellcheck" and (.message | test("larger than 1 MB")))] | length' "$W/batch.jsonl")" 1
fi
expect_eq "batch: findings are there to compare (some script has a warning)" \
	"$(jq -s '[.[].findings[] | select(.severity == "warning")] | length > 0' "$W/batch.jsonl")" true

# shellcheck starts once per batch of each dialect, not once per script
if $HAVE_SHELLCHECK; then
	mkdir -p "$W/bin"
	real_sc=$(command -v shellcheck)
	# each run logs how many scripts it was given (its arguments that are paths)
	printf '#!/bin/bash\nn=0; for a; do case $a in /*) n=$((n + 1)) ;; esac; done\necho "$n" >>%q\nexec %q "$@"\n' \
		"$W/sc.calls" "$real_sc" >"$W/bin/shellcheck"
	chmod +x "$W/bin/shellcheck"
	PATH="$W/bin:$PATH" "$MAPLE" verify --json --batch "$W/list" </dev/null >"$W/counted.raw" 2>/dev/null
	expect_eq "batch: shellcheck ran $(wc -l <"$W/sc.calls") times for ${#files[@]} scripts (two dialects, 64 a run)" \
		"$(($(wc -l <"$W/sc.calls") <= 2 * ((${#files[@]} + 63) / 64)))" 1
	expect_eq "batch: shellcheck was given every script under 1 MB" "$(awk '{ s += $1 } END { print s }' "$W/sc.calls")" "$((${#files[@]} - 1))"
	expect_eq "batch: counted run gives the same answers" "$(jq -c -S . "$W/counted.raw" | cmp -s - "$W/batch.jsonl" && echo same)" same

	# a shellcheck whose batch answer is wrong (not JSON) or that fails on several files: each script is
	# checked alone (same answers). On a part of the list (the first 10 scripts, those without #!, the
	# planted one and the big one), its answers the lines of the whole batch's at the same places.
	grep -v '^$' "$W/list" >"$W/list.nb"
	lines=$(grep -n -e noshebang- -e sc2164 -e big.sh "$W/list.nb" | cut -d: -f1 | paste -sd' ')
	sel="1,10p;$(printf '%sp;' $lines)"
	sed -n "$sel" "$W/list.nb" >"$W/part.list"
	sed -n "$sel" "$W/batch.jsonl" >"$W/part.want"
	nfall=$(($(wc -l <"$W/part.list") - 1)) # under 1 MB
	for mode in garbage exit3 otherfile; do
		: >"$W/sc.calls"
		cat >"$W/bin/shellcheck" <<EOF
#!/bin/bash
n=0; for a; do case \$a in /*) n=\$((n + 1)) ;; esac; done
echo "\$n" >>$(printf %q "$W/sc.calls")
if [ \$n -gt 1 ]; then
	case $mode in
	garbage) echo '{"comments": [' ; exit 1 ;;
	exit3) exit 3 ;;
	otherfile) echo '{"comments": [{"file": "/elsewhere.sh", "line": 1, "endLine": 1, "column": 1, "endColumn": 2, "level": "warning", "code": 2000, "message": "x"}]}'; exit 1 ;;
	esac
fi
exec $(printf %q "$real_sc") "\$@"
EOF
		PATH="$W/bin:$PATH" "$MAPLE" verify --json --batch "$W/part.list" </dev/null >"$W/fallback.raw" 2>/dev/null
		if jq -c -S . "$W/fallback.raw" | cmp -s - "$W/part.want"; then
			pass "batch: a shellcheck answering a batch with $mode: each script checked alone, same answers"
		else
			fail "batch: shellcheck answering with $mode changed the answers" "$(jq -c -S . "$W/fallback.raw" | diff - "$W/part.want" | head -c 2000)"
		fi
		expect_eq "batch: with $mode, shellcheck then ran alone for each script under 1 MB" \
			"$(awk '$1 == 1' "$W/sc.calls" | wc -l)" "$nfall"
	done
fi

# --no-tools: the same as each alone with --no-tools
"$MAPLE" verify --json --no-tools --batch "$W/list" </dev/null 2>/dev/null | jq -c -S . >"$W/nt.batch"
: >"$W/nt.single"
while IFS= read -r f; do
	"$MAPLE" verify --json --no-tools "$f" </dev/null 2>/dev/null | jq -c -S --arg f "$f" '{file: $f} + .' >>"$W/nt.single"
done < <(printf '%s\n' "${files[@]:0:10}")
expect_eq "batch --no-tools: the answers are the ones given alone" \
	"$(printf '%s\n' "${files[@]:0:10}" >"$W/nt.list"; "$MAPLE" verify --json --no-tools --batch "$W/nt.list" </dev/null 2>/dev/null | jq -c -S . | cmp -s - "$W/nt.single" && echo same)" same
expect_eq "batch --no-tools: no shellcheck finding" "$(jq -s '[.[].findings[] | select(.id == "shellcheck")] | length' "$W/nt.batch")" 0

# lines that cannot be verified: an answer each, in place; the others still verified; exit 2
{
	echo "$G/perlmutter-pytorch-ddp.sh"
	echo "$W/does-not-exist.sh"
	echo "--cluster summit $G/perlmutter-pytorch-ddp.sh"
	echo "--cluster"
	printf ' \t \n'
	echo "--cluster polaris $G/polaris-pytorch-ddp.sh"
} >"$W/bad.list"
run_maple verify --json --batch "$W/bad.list"
expect_rc "batch with unreadable lines" 2
expect_eq "batch with unreadable lines: one answer per line that is not blank" "$(printf '%s\n' "$OUT" | wc -l)" 5
expect_eq "batch: a missing file is an error naming it" \
	"$(printf '%s\n' "$OUT" | sed -n 2p | jq -r '(.file | endswith("does-not-exist.sh")) and (.error | test("does-not-exist.sh"))')" true
expect_eq "batch: an unknown cluster is an error listing the known ones" \
	"$(printf '%s\n' "$OUT" | sed -n 3p | jq -r '.error | test("unknown cluster .summit.") and test("maple clusters")')" true
expect_eq "batch: --cluster without a path is an error that says so" \
	"$(printf '%s\n' "$OUT" | sed -n 4p | jq -r '.error | test("cluster id before the script")')" true
expect_eq "batch: the lines around them are verified" \
	"$(printf '%s\n' "$OUT" | jq -r 'select(.findings) | .cluster' | paste -sd' ')" "perlmutter polaris"
run_maple verify --batch "$W/bad.list"
expect_contains "batch (text): the error names the file" "$ERR" "does-not-exist.sh"

# text output: the reports of the scripts alone, one after the other
printf '%s\n' "$G/perlmutter-pytorch-ddp.sh" "$W/sc2164.sh" >"$W/two.list"
"$MAPLE" verify "$G/perlmutter-pytorch-ddp.sh" </dev/null >"$W/two.want" 2>/dev/null
echo >>"$W/two.want"
"$MAPLE" verify "$W/sc2164.sh" </dev/null >>"$W/two.want" 2>/dev/null
"$MAPLE" verify --batch "$W/two.list" </dev/null >"$W/two.got" 2>/dev/null
if cmp -s "$W/two.want" "$W/two.got"; then pass "batch (text): the reports as given alone"; else fail "batch (text)" "$(diff "$W/two.want" "$W/two.got" | head -c 2000)"; fi
run_maple_stdin "$W/two.list" verify --json --batch -
expect_eq "batch from stdin (-)" "$(printf '%s\n' "$OUT" | wc -l) $RC" "2 0"

# usage errors
run_maple verify --batch "$W/two.list" "$G/perlmutter-pytorch-ddp.sh"
expect_rc "--batch and a script" 2
expect_contains "--batch and a script: says why" "$ERR" "--batch takes its scripts from the file"
run_maple verify --batch "$W/two.list" --run local
expect_rc "--batch and --run" 2
run_maple verify --batch "$W"
expect_rc "--batch of a directory" 2
expect_contains "--batch of a directory: says so" "$ERR" "is a directory"
run_maple verify --batch "$W/nope.list"
expect_rc "--batch of a missing file" 2
expect_contains "--batch of a missing file: names it" "$ERR" "nope.list"
finish
