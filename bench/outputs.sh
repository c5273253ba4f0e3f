#!/usr/bin/env bash
# bench/outputs.sh - records maple's outputs on fixed inputs, to prove a speed change changes no byte:
#   bash bench/outputs.sh build/maple DIR     (then `diff -r DIR-before DIR-after`)
# Records: the --batch output of the dev set's single-line requests, of each phrasing set
# (tests/unit/data/phrasings-*.jsonl, single-line requests) and of bench/requests.txt,
# `verify --json` and `verify --json --no-tools` of every script under tests/scripts,
# tests/verify/published and tests/golden, `generate --json` of each golden .req, and
# `debug --json --no-llm` of every tests/debug/dev case, `logs --json` of every log under tests/, the
# held-out request sets (tests/heldout/requests-*.jsonl: single-line ones in a batch, every one alone with
# generate --json) and `verify --json` and each port (`generate --json --from ... --to ...`) of the
# held-out port scripts. Data from data/ only, no snapshot reuse.
set -u
maple=$1 out=$2
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
case $maple in /*) ;; *) maple=$PWD/$maple ;; esac
mkdir -p "$out"/verify "$out"/verify-nt "$out"/debug "$out"/gen "$out"/logs "$out"/heldout "$out"/port
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
# every training log under tests/ (tests/logs, the debug cases' logs, ...)
(cd "$src" && find tests -type f -name '*.log' | sort) | while IFS= read -r f; do
	n=${f//\//_}
	"$maple" logs --json "$src/$f" >"$out/logs/$n" 2>&1 </dev/null
	echo "rc=$?" >>"$out/logs/$n"
done
# the held-out request sets: single-line requests in one batch, and every request alone
for f in "$src"/tests/heldout/requests-*.jsonl; do
	[ -f "$f" ] || continue
	n=$(basename "$f" .jsonl)
	python3 -c 'import json,sys
for l in open(sys.argv[1], encoding="utf-8"):
    l=l.strip()
    if not l: continue
    t=json.loads(l)["input"]
    if "\n" not in t: print(t)' "$f" >"$tmp/$n.txt"
	"$maple" generate --json --batch "$tmp/$n.txt" >"$out/batch-$n.jsonl" 2>"$out/batch-$n.err"
	echo "rc=$?" >>"$out/batch-$n.err"
	mkdir -p "$tmp/$n"
	python3 -c 'import json,sys,os
for i,l in enumerate(open(sys.argv[1], encoding="utf-8")):
    l=l.strip()
    if not l: continue
    open(os.path.join(sys.argv[2], "%03d" % i), "w", encoding="utf-8").write(json.loads(l)["input"])' "$f" "$tmp/$n"
	for r in "$tmp/$n"/*; do
		"$maple" generate --json "$(cat "$r")" >"$out/heldout/$n-$(basename "$r")" 2>&1 </dev/null
		echo "rc=$?" >>"$out/heldout/$n-$(basename "$r")"
	done
done
# the held-out port scripts: verify each, and each port of ports.tsv
for d in "$src"/tests/heldout/port-*; do
	[ -d "$d/scripts" ] || continue
	for f in "$d"/scripts/*.sh; do
		n=$(basename "$d")-$(basename "$f")
		"$maple" verify --json "$f" >"$out/verify/$n" 2>&1 </dev/null
		echo "rc=$?" >>"$out/verify/$n"
	done
	[ -f "$d/ports.tsv" ] || continue
	k=0
	while IFS=$'\t' read -r name to _; do
		case $name in '#'* | '') continue ;; esac
		k=$((k + 1))
		"$maple" generate --json --from "$d/scripts/$name.sh" --to "$to" >"$out/port/$(basename "$d")-$k-$name-$to" 2>&1 </dev/null
		echo "rc=$?" >>"$out/port/$(basename "$d")-$k-$name-$to"
	done <"$d/ports.tsv"
done
echo "outputs: $(find "$out" -type f | wc -l) files in $out"
