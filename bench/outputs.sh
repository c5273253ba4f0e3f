#!/usr/bin/env bash
# bench/outputs.sh - records maple's outputs on fixed inputs, to prove a speed change changes no byte:
#   bash bench/outputs.sh build/maple DIR     (then `diff -r DIR-before DIR-after`)
# Records: the --batch output of the dev set's single-line requests, of each phrasing set
# (tests/unit/data/phrasings-*.jsonl, single-line requests) and of bench/requests.txt,
# `verify --json` and `verify --json --no-tools` of every script under tests/scripts,
# tests/verify/published and tests/golden, `generate --json` of each golden .req, and
# `debug --json --no-llm` of every tests/debug/dev case. Data from data/ only, no snapshot reuse.
set -u
maple=$1 out=$2
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case $maple in /*) ;; *) maple=$PWD/$maple ;; esac
mkdir -p "$out"/verify "$out"/verify-nt "$out"/debug "$out"/gen
tmp=$(mktemp -d "${TMPDIR:-/tmp}/maple-outputs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
export MAPLE_DATA_DIR=$src/data LC_ALL=C XDG_CONFIG_HOME=$tmp/config XDG_CACHE_HOME=$tmp/cache
unset MAPLE_PATH MAPLE_LLM_URL MAPLE_CACHE_DIR MAPLE_NO_SNAPSHOT MAPLE_SNAPSHOT_DEBUG
# the dev set's single-line requests (score.py batches exactly these)
devset=/work/shared/devsets/requests.jsonl
if [ -r "$devset" ]; then
	python3 -c 'import json,sys
for l in open(sys.argv[1]):
    l=l.strip()
    if not l: continue
    t=json.loads(l)["input"]
    if "\n" not in t: print(t)' "$devset" >"$tmp/dev.txt"
	"$maple" generate --json --batch "$tmp/dev.txt" >"$out/batch-dev.jsonl" 2>"$out/batch-dev.err"
	echo "rc=$?" >>"$out/batch-dev.err"
fi
# the phrasing sets' requests (tests/unit/data/phrasings-*.jsonl), single-line ones, one batch per set
for f in "$src"/tests/unit/data/phrasings-*.jsonl; do
	[ -f "$f" ] || continue
	n=$(basename "$f" .jsonl)
	python3 -c 'import json,sys
for l in open(sys.argv[1], encoding="utf-8"):
    l=l.strip()
    if not l: continue
    t=json.loads(l).get("text")
    if isinstance(t, str) and "\n" not in t: print(t)' "$f" >"$tmp/$n.txt"
	"$maple" generate --json --batch "$tmp/$n.txt" >"$out/batch-$n.jsonl" 2>"$out/batch-$n.err"
	echo "rc=$?" >>"$out/batch-$n.err"
done
grep -v -e '^[[:space:]]*$' -e '^#' "$src/bench/requests.txt" >"$tmp/bench.txt"
"$maple" generate --json --batch "$tmp/bench.txt" >"$out/batch-bench.jsonl" 2>"$out/batch-bench.err"
echo "rc=$?" >>"$out/batch-bench.err"
"$maple" generate --batch "$tmp/bench.txt" >"$out/batch-bench-text.txt" 2>&1
for f in $(cd "$src" && find tests/scripts tests/verify/published tests/golden -type f -name '*.sh' | sort); do
	n=${f//\//_}
	(cd "$src" && "$maple" verify --json "$f" >"$out/verify/$n" 2>&1; echo "rc=$?" >>"$out/verify/$n")
	(cd "$src" && "$maple" verify --json --no-tools "$f" >"$out/verify-nt/$n" 2>&1; echo "rc=$?" >>"$out/verify-nt/$n")
done
for f in "$src"/tests/golden/*.req; do
	n=$(basename "$f")
	"$maple" generate --json "$(cat "$f")" >"$out/gen/$n" 2>&1; echo "rc=$?" >>"$out/gen/$n"
done
D=$src/tests/debug/dev
while IFS=$'\t' read -r name fam expect script cluster patch url cause; do
	case $name in '#'* | '') continue ;; esac
	args=()
	[ "$script" != - ] && args+=("$D/scripts/$script")
	[ "$cluster" != - ] && args+=(--cluster "$cluster")
	"$maple" debug "${args[@]}" --log "$D/$name.log" --json --no-llm >"$out/debug/$name" 2>&1 </dev/null
	echo "rc=$?" >>"$out/debug/$name"
done <"$D/cases.tsv"
echo "outputs: $(find "$out" -type f | wc -l) files in $out"
