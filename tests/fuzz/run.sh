#!/bin/bash
# run.sh - `make fuzz`: runs every libFuzzer harness of BUILD for SECONDS each (default 60), corpora
# seeded from the project's own test inputs; a crash is copied into tests/fuzz/regress/<harness>/
# (replayed by ctest from then on) and the run fails.
#   usage: bash tests/fuzz/run.sh BUILD [SECONDS] [HARNESS...]
set -u
BUILD=$1
SECS=${2:-60}
shift 2 2>/dev/null || shift $#
SRC=$(cd "$(dirname "$0")/../.." && pwd)
export MAPLE_DATA_DIR=$SRC/data
HARNESSES=("$@")
if [ ${#HARNESSES[@]} -eq 0 ]; then
	for f in "$SRC"/tests/fuzz/fuzz_*.c; do HARNESSES+=("$(basename "$f" .c)"); done
fi
JOBS=${FUZZ_JOBS:-1}
# FUZZ_MAX_LEN=N: the longest input tried (default 64 KiB, the readers' limit); a smaller one (4000) reads
# only the start of the large seeds and runs many times faster on a loaded machine
MAXLEN=${FUZZ_MAX_LEN:-65536}
# FUZZ_KEEP_GOING=1: fork mode that goes on after a crash (collects every distinct crash of a long run;
# crashes land in BUILD/artifacts/<harness>/ and are copied as usual)
KEEP=${FUZZ_KEEP_GOING:-}
# FUZZ_UBSAN_SUPPRESSIONS=FILE: UBSan suppressions (checks built recoverable only), to fuzz past a
# reported bug while its fix is pending
UBSAN=print_stacktrace=1:halt_on_error=1${FUZZ_UBSAN_SUPPRESSIONS:+:suppressions=$FUZZ_UBSAN_SUPPRESSIONS}

# seed NAME FILE...: copies the seeds into the work corpus (the corpus grows in BUILD, not in git)
seed() {
	local dir=$BUILD/corpus/$1
	shift
	mkdir -p "$dir"
	local f
	for f in "$@"; do [ -f "$f" ] && cp -n "$f" "$dir/$(basename "$f")"; done
	return 0
}
seed_data() {
	local dir=$BUILD/corpus/fuzz_data c t
	mkdir -p "$dir"
	for c in "$SRC"/data/clusters/*.yaml; do
		local id
		id=$(basename "$c" .yaml)
		for t in "$SRC"/data/templates/"$id"/*.yaml; do
			[ -f "$t" ] || continue
			# the template must name the harness's cluster (fz) to load with it
			{ sed 's/^id: .*/id: fz/' "$c"; printf '\n---8<---\n'; sed 's/^cluster: .*/cluster: fz/' "$t"; } \
				>"$dir/$id-$(basename "$t")"
			break
		done
	done
}
# seed_phrasings NAME: every request of the phrasing sets (tests/unit/data/phrasings-*.jsonl), one file
# each for the request reader; for batch input, four of its single-line requests a file (one a line, as
# --batch has)
seed_phrasings() {
	local dir=$BUILD/corpus/$1 f
	mkdir -p "$dir"
	command -v python3 >/dev/null 2>&1 || return 0
	for f in "$SRC"/tests/unit/data/phrasings-*.jsonl; do
		[ -f "$f" ] || continue
		python3 - "$f" "$dir" "$1" <<'PY'
import json, os, sys
src, out, harness = sys.argv[1:4]
base = os.path.basename(src)[:-6]
texts = []
for l in open(src, encoding="utf-8", errors="replace"):
    l = l.strip()
    if not l:
        continue
    try:
        t = json.loads(l).get("text") or json.loads(l).get("input")
    except ValueError:
        continue
    if isinstance(t, str):
        texts.append(t)
if harness == "fuzz_batch":  # a few lines a file: a whole set per input made each execution ~70 requests
    lines = [t for t in texts if "\n" not in t]
    for i in range(0, len(lines), 4):
        open(os.path.join(out, "%s-%d" % (base, i // 4)), "w").write("\n".join(lines[i:i + 4]) + "\n")
else:
    for i, t in enumerate(texts):
        open(os.path.join(out, "%s-%d" % (base, i)), "w").write(t)
PY
	done
}
# seed_debug: `maple debug`'s input, a job script, a line ---8<--- and its log (the debug sets' cases that
# have a script: tests/debug/dev/cases.tsv, tests/debug/scripts + logs of one name), else the log alone
seed_debug() {
	local dir=$BUILD/corpus/fuzz_debug name script f
	mkdir -p "$dir"
	while IFS=$'\t' read -r name _ _ script _; do
		case $name in '#'* | '') continue ;; esac
		f=$SRC/tests/debug/dev/$name.log
		[ -f "$f" ] || continue
		if [ "$script" != - ] && [ -f "$SRC/tests/debug/dev/scripts/$script" ]; then
			{ cat "$SRC/tests/debug/dev/scripts/$script"; printf '\n---8<---\n'; cat "$f"; } >"$dir/dev-$name"
		else
			cp "$f" "$dir/dev-$name"
		fi
	done <"$SRC/tests/debug/dev/cases.tsv"
	for f in "$SRC"/tests/debug/logs/*.log; do
		[ -f "$f" ] || continue
		name=$(basename "$f" .log)
		if [ -f "$SRC/tests/debug/scripts/$name.sh" ]; then
			{ cat "$SRC/tests/debug/scripts/$name.sh"; printf '\n---8<---\n'; cat "$f"; } >"$dir/set-$name"
		else
			cp "$f" "$dir/set-$name"
		fi
	done
}
# seed_tree NAME DIR: every file of the inspection set's repositories (Python, configs, dependency lists,
# wrapper scripts, READMEs), named after its path (many are train.py)
seed_tree() {
	local dir=$BUILD/corpus/$1 f rel
	mkdir -p "$dir"
	while IFS= read -r -d '' f; do
		rel=${f#"$2"/}
		cp -n "$f" "$dir/${rel//\//_}"
	done < <(find "$2" -type f -size -64k -print0)
}
for h in "${HARNESSES[@]}"; do
	case $h in
	fuzz_request | fuzz_batch)
		seed "$h" "$SRC"/tests/golden/*.req "$SRC"/tests/port/*.req
		seed_phrasings "$h"
		;;
	fuzz_script | fuzz_verify | fuzz_words) seed "$h" "$SRC"/tests/golden/*.sh "$SRC"/tests/port/corpus/*.sh \
		"$SRC"/tests/debug/scripts/* "$SRC"/tests/debug/dev/scripts/* "$SRC"/tests/verify/published/*.sh ;;
	fuzz_logs) seed "$h" "$SRC"/tests/logs/*.log "$SRC"/tests/debug/logs/* "$SRC"/tests/debug/dev/*.log ;;
	fuzz_data) seed_data ;;
	fuzz_debug) seed_debug ;;
	fuzz_inspect) seed_tree "$h" "$SRC/tests/inspect/repos" ;;
	esac
	seed "$h" "$SRC"/tests/fuzz/regress/"$h"/*
done

fail=0
printf '%-14s %8s %14s %10s %s\n' harness seconds executions exec/s result
for h in "${HARNESSES[@]}"; do
	bin=$BUILD/$h
	if [ ! -x "$bin" ]; then
		echo "$h: not built (configure with -DMAPLE_FUZZ=ON and clang)" >&2
		fail=1
		continue
	fi
	art=$BUILD/artifacts/$h/
	# an earlier run's crashes were copied into regress/ by that run: only this run's count now
	rm -rf "$art"
	mkdir -p "$art"
	log=$BUILD/$h.log
	if [ -n "$KEEP" ]; then
		mode=(-fork="$JOBS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
	else
		mode=(-jobs="$JOBS" -workers="$JOBS")
	fi
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=$UBSAN \
		"$bin" -max_total_time="$SECS" -print_final_stats=1 -rss_limit_mb=4096 -max_len="$MAXLEN" -timeout=25 \
		-artifact_prefix="$art" "${mode[@]}" "$BUILD/corpus/$h" >"$log" 2>&1
	rc=$?
	if [ -n "$KEEP" ]; then
		execs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
		execs=${execs:-0}
		ls "$art" 2>/dev/null | grep -q . && rc=1
	else
		execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s += $2} END {print s + 0}')
	fi
	result=ok
	if [ $rc -ne 0 ]; then
		result="CRASH (see $log)"
		fail=1
		for a in "$art"*; do
			[ -f "$a" ] || continue
			cp "$a" "$SRC/tests/fuzz/regress/$h/$(basename "$a")"
			result="$result; kept $(basename "$a") in tests/fuzz/regress/$h/"
		done
	fi
	printf '%-14s %8s %14s %10s %s\n' "$h" "$SECS" "$execs" "$((execs / (SECS > 0 ? SECS : 1)))" "$result"
done
exit $fail
