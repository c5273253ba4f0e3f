# inspect.sh - `maple inspect`: the six fixture repositories in tests/inspect/repos against
# tests/inspect/expected/NAME.json (with the launch command in NAME.cmd), the text report, the
# cache (cold, warm, a changed file, a removed file, --history and its diff, two concurrent
# writers on one store, an unusable store, a store from a newer maple), hostile directories
# (binary, huge, invalid YAML/JSON, non-UTF-8, symlink loops, unreadable files when not root) and
# that nothing is ever written inside the inspected directory.
#
# Run: bash tests/cli/inspect.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

R=$SRC/tests/inspect/repos
E=$SRC/tests/inspect/expected
JQ=$SRC/tests/cli/expect_subset.jq
export MAPLE_STATE_DIR=$TMP/state

# every fixture repository, scored field by field (tests/inspect/score.sh prints each wrong one)
score=$(bash "$SRC/tests/inspect/score.sh" "$MAPLE" 100 2>&1)
score_rc=$? # taken at once: defining the function below set $? to 0, so this check could never fail
expect_rc_of() { [ "$1" = 0 ] && pass "$2" || fail "$2: $(printf '%s' "$score" | grep -E 'WRONG|total' | head -20)"; }
expect_rc_of "$score_rc" "every fixture repository: all fields right"
for exp in "$E"/*.json; do
	name=$(basename "$exp" .json)
	cmd=$(cat "$E/$name.cmd")
	if [ -n "$cmd" ]; then
		run_maple inspect --json --cmd "$cmd" "$R/$name"
	else
		run_maple inspect --json "$R/$name"
	fi
	expect_rc "$name: exit status" 0
	expect_json_true "$name: every source is file:line, --cmd, a library default or a parameter count's origin" \
		'[.sources | to_entries[] | select(.key != "params") | .value | test("^(--cmd|found in the directory|[^:]+:[0-9]+|[a-z]+ [A-Za-z][A-Za-z0-9]* default)$")] | all'
done

# a README block: setup steps, exports, a cd into a missing folder, the command piped into tee
block=$(printf '%s\n' 'pip install -r requirements.txt' 'export LR=0.05 EPOCHS=${EPOCHS:-12}' 'cd does-not-exist-here' \
	'torchrun --nproc_per_node 4 train_ddp.py --lr $LR --epochs "$EPOCHS" 2>&1 | tee train.log')
# a launcher option whose value a command substitution gives (GPUS_PER_NODE=$(python -c ...)): unknown, not true
run_maple inspect --json --no-cache --cmd "$(cat "$SRC/tests/inspect/expected/wrapper-case-loop.cmd")" "$R/wrapper-case-loop"
expect_json "launcher option from \$(command): left out, not true" '.launcher.options | has("nproc_per_node")' 'false'
run_maple inspect --json --no-cache --cmd "$block" "$R/ddp"
expect_json "README block: the launching command, its variables substituted" \
	'[.entry, .launcher.name, .hyperparameters.lr, .hyperparameters.epochs, (.command | contains("pip install"))]' \
	'["train_ddp.py","torchrun",0.05,12,true]'

# the contract's keys
run_maple inspect --json --no-cache "$R/deepspeed"
expect_json "--json has the contract's keys" \
	'[has("entry","framework","strategy","model","hyperparameters","datasets","sources","skipped")] | all' 'true'

# text report
run_maple inspect --cmd "deepspeed train.py --deepspeed_config ds_config.json" "$R/deepspeed"
expect_rc "text report" 0
expect_match "text: strategy with its source" "$OUT" 'strategy +zero3 +\(ds_config.json:16\)'
expect_match "text: a hyperparameter with its source" "$OUT" 'max_seq_len +2048 +\(train.py:15\)'

# ---- the cache ------------------------------------------------------------------------------
W=$TMP/work
cp -r "$R/hf-trainer" "$W"
run_maple inspect --json "$W"
expect_json "cold: every file read" '[.cache.used, .cache.unchanged, .cache.files_read]' '[true,false,2]'
run_maple inspect --json "$W"
expect_json "warm: nothing read, answered from the cache" '[.cache.unchanged, .cache.files_read]' '[true,0]'
expect_json "warm: same result" '.model' '"gpt2"'
sed -i 's/default="gpt2"/default="gpt2-medium"/' "$W/run_clm.py"
run_maple inspect --json "$W"
expect_json "changed file: only it is read and scanned" '[.cache.unchanged, .cache.files_read, .cache.files_scanned]' '[false,1,1]'
expect_json "changed file: the new value" '.model' '"gpt2-medium"'
touch "$W/requirements.txt"
run_maple inspect --json "$W"
expect_json "touched, same content: read, not scanned" '[.cache.files_read, .cache.files_scanned]' '[1,0]'
rm "$W/requirements.txt"
run_maple inspect --json "$W"
expect_json "removed file" '[.cache.files_removed, (.dependencies | length)]' '[1,0]'
run_maple inspect --json --history "$W"
expect_json "history: every inspection recorded" '.inspections | length' '5'
expect_json "history: the changed file" '.inspections[2].changes.modified' '["run_clm.py"]'
expect_json_true "history: what changed in the result" \
	'.inspections[2].diff | index("model: \"gpt2\" -> \"gpt2-medium\"") != null'
expect_json "history: the removed file" '.inspections[4].changes.removed' '["requirements.txt"]'
run_maple inspect --history "$W"
expect_contains "history text: the diff" "$OUT" 'model: "gpt2" -> "gpt2-medium"'
expect_contains "history text: the removal" "$OUT" "removed requirements.txt"
run_maple inspect --history "$TMP"
expect_contains "history of a directory never inspected" "$OUT" "no inspections"
run_maple inspect --json --no-cache "$W"
expect_json "--no-cache" '.cache.used' 'false'

# two writers on one store at once, several rounds each, on different repositories
cp -r "$R/deepspeed" "$TMP/w1"
cp -r "$R/lightning" "$TMP/w2"
(for i in 1 2 3 4 5; do "$MAPLE" inspect --json "$TMP/w1" >/dev/null 2>>"$TMP/c1.err" || echo "fail $?" >>"$TMP/c1.err"; done) &
p1=$!
(for i in 1 2 3 4 5; do "$MAPLE" inspect --json "$TMP/w2" >/dev/null 2>>"$TMP/c2.err" || echo "fail $?" >>"$TMP/c2.err"; echo "x" >>"$TMP/w2/train.py"; done) &
p2=$!
wait $p1 $p2
expect_eq "concurrent writers: no errors or warnings" "$(cat "$TMP/c1.err" "$TMP/c2.err")" ""
if command -v sqlite3 >/dev/null; then
	expect_eq "concurrent writers: integrity_check" "$(sqlite3 "$MAPLE_STATE_DIR/inspect.db" 'PRAGMA integrity_check')" "ok"
else
	pass "concurrent writers: integrity_check skipped (no sqlite3 command)"
fi
run_maple inspect --json --history "$TMP/w1"
expect_json "concurrent writers: first history complete" '.inspections | length' '5'
run_maple inspect --json --history "$TMP/w2"
expect_json "concurrent writers: second history complete" '.inspections | length' '5'
expect_json "concurrent writers: second saw its edits" '[.inspections[1:][] | .changes.modified] | map(length) | add' '4'

# an unusable store is a warning, not a failure
MAPLE_STATE_DIR=/proc/maple-no-such/state run_maple inspect --json "$R/ddp"
expect_rc "unusable store: still inspects" 0
expect_contains "unusable store: warns with a fix" "$ERR" "MAPLE_STATE_DIR"
# a store written by a newer maple
mkdir -p "$TMP/newer"
if command -v sqlite3 >/dev/null; then
	sqlite3 "$TMP/newer/inspect.db" 'CREATE TABLE schema_version(version INTEGER NOT NULL); INSERT INTO schema_version VALUES (99);'
	MAPLE_STATE_DIR=$TMP/newer run_maple inspect --history "$R/ddp"
	expect_rc "newer store: --history refuses" 2
	expect_contains "newer store: says why" "$ERR" "newer maple (schema 99"
fi

# ---- hostile directories --------------------------------------------------------------------
H=$TMP/hostile
mkdir -p "$H/sub"
printf 'import torch\nfrom transformers import AutoModel\nm = AutoModel.from_pretrained("bert-base-uncased")\nif __name__ == "__main__":\n    pass\n' >"$H/train.py"
head -c 5000 /dev/urandom >"$H/weights.py"
printf 'import torch\x00\x01\x02' >>"$H/weights.py"
truncate -s 5M "$H/huge.py"
truncate -s 2M "$H/data.json"
printf 'a: [1, 2\nb: {\n' >"$H/bad.yaml"
printf '{"a": 1,, }' >"$H/bad.json"
printf '# caf\xe9 \xff\xfe\nx = "\xff"\nimport numpy\n' >"$H/latin1.py"
printf '"""unterminated\nimport torch\n' >"$H/unterminated.py"
printf 'x = (((((\n' >"$H/parens.py"
ln -s .. "$H/sub/up"
ln -s loop1 "$H/loop2"
ln -s loop2 "$H/loop1"
ln -s /nonexistent/x.py "$H/dangling.py"
find "$H" -type f -exec sha256sum {} + | sort >"$TMP/before"
run_maple inspect --json "$H"
expect_rc "hostile directory: inspected" 0
expect_json "hostile: the model still found" '.model' '"bert-base-uncased"'
expect_json_true "hostile: binary noted" '[.skipped[] | select(.path == "weights.py") | .reason | test("binary")] | any'
expect_json_true "hostile: huge noted" '[.skipped[] | select(.path == "huge.py") | .reason | test("larger than")] | any'
expect_json_true "hostile: huge JSON noted" '[.skipped[] | select(.path == "data.json") | .reason | test("larger than")] | any'
expect_json_true "hostile: invalid YAML noted" '[.skipped[] | select(.path == "bad.yaml") | .reason | test("invalid YAML")] | any'
expect_json_true "hostile: invalid JSON noted" '[.skipped[] | select(.path == "bad.json") | .reason | test("invalid JSON")] | any'
expect_json_true "hostile: symlink loop noted" '[.skipped[] | .reason | test("symlink loop")] | any'
expect_json_true "hostile: dangling link noted" '[.skipped[] | select(.path == "dangling.py")] | length == 1'
if [ "$(id -u)" != 0 ]; then
	printf 'import torch\n' >"$H/secret.py"
	chmod 000 "$H/secret.py"
	mkdir -p "$H/locked" && chmod 000 "$H/locked"
	run_maple inspect --json "$H"
	expect_json_true "hostile: unreadable file noted" '[.skipped[] | select(.path == "secret.py") | .reason | test("cannot read")] | any'
	expect_json_true "hostile: unreadable directory noted" '[.skipped[] | select(.path == "locked")] | length == 1'
	chmod 700 "$H/locked"
	rm -f "$H/secret.py"
else
	pass "unreadable files: skipped (running as root, permissions do not apply)"
fi
find "$H" -type f -exec sha256sum {} + | sort >"$TMP/after"
expect_eq "nothing written inside the inspected directory" "$(diff "$TMP/before" "$TMP/after")" ""
[ -z "$(find "$R" -newer "$E/ddp.json" -name '*.db' 2>/dev/null)" ] && pass "no database inside the fixtures" || fail "a database appeared under tests/inspect/repos"

# fields that cannot be read honestly are empty, each with why, in JSON and in the text report
run_maple inspect --no-cache --cmd "$(cat "$E/stylegan3.cmd")" --json "$R/stylegan3"
expect_json_true "unknown: a configuration choice is not the model" '.model == null and (.unknown.model | test("stylegan3-t"))'
expect_json_true "unknown: every empty field has a reason" '[.unknown.params, .unknown.precision] | all(type == "string")'
run_maple inspect --no-cache --cmd "$(cat "$E/stylegan3.cmd")" "$R/stylegan3"
expect_contains "unknown: listed in the text report" "$OUT" "unknown:"
run_maple inspect --no-cache --cmd "$(cat "$E/nanochat.cmd")" --json "$R/nanochat"
expect_json_true "derived settings computed again after the command line" '.hyperparameters.num_layers == 26 and .model_config.hidden_size == 1664'
expect_json_true "a setting computed by a call maple does not evaluate is unknown, not a class default" '.model_config.num_heads == null and (.unknown["model_config.num_heads"] | test("num_heads"))'
run_maple inspect --no-cache --json "$R/ddp"
expect_json_true "a fully read job has no unknown model or datasets" '.unknown.model == null and .unknown.datasets == null'

# a bare config file name the program searches for (YOLO's check_file): read only when one file in the
# tree has that name; two candidates decide nothing
cp -r "$R/yolov9-dual" "$TMP/bare2"
mkdir -p "$TMP/bare2/other" && printf 'lr0: 0.5\n' >"$TMP/bare2/other/hyp.scratch-high.yaml"
run_maple inspect --json --no-cache --cmd "$(cat "$E/yolov9-dual.cmd")" "$TMP/bare2"
expect_json "a bare config name found twice: neither read" '.hyperparameters.lr0' 'null'
rm -rf "$TMP/bare2"

# usage errors
run_maple inspect "$TMP/nope"
expect_rc "missing directory" 2
expect_contains "missing directory: says what to give" "$ERR" "working directory"
run_maple inspect "$R/ddp/train_ddp.py"
expect_rc "a file, not a directory" 2
run_maple inspect
expect_rc "no directory" 2
run_maple inspect --help
expect_rc "--help" 0
expect_contains "--help has an example" "$OUT" "maple inspect --cmd"
run_maple inspect --cmd "python" --json "$R/ddp"
expect_json_true "--cmd without a script: noted" '.notes | map(test("names no Python script")) | any'
run_maple inspect --cmd "python missing.py" --json "$R/ddp"
expect_json_true "--cmd with a missing script: noted" '.notes | map(test("missing.py")) | any'

# library config-class defaults (data/config_classes): sourced and noted; a directory later in the
# search path overrides a class; an invalid file is reported with file:line and nothing is filled
c7b=$(cat "$E/colossalai-7b.cmd")
run_maple inspect --json --no-cache --cmd "$c7b" "$R/colossalai-7b"
expect_json "LlamaConfig(max_position_embeddings=4096): the rest from the class's defaults" \
	'[.model_config.vocab_size, .model_config.hidden_size, .sources["model_config.vocab_size"], (.notes | map(test("LlamaConfig.*huggingface.co/docs")) | any)]' \
	'[32000,4096,"transformers LlamaConfig default",true]'
mkdir -p "$TMP/cc/config_classes"
printf '%s\n' 'library: transformers' 'source: https://example.org/cfg' 'classes:' \
	'  - {class: LlamaConfig, source: https://example.org/llama, defaults: {vocab_size: 1000}}' >"$TMP/cc/config_classes/a.yaml"
MAPLE_PATH=$TMP/cc run_maple inspect --json --no-cache --cmd "$c7b" "$R/colossalai-7b"
expect_json "a later data directory overrides a class" '[.model_config.vocab_size, .model_config.hidden_size]' '[1000,null]'
printf '%s\n' 'library: transformers' 'source: https://example.org/cfg' 'classes:' \
	'  - {class: LlamaConfig, source: not-a-url, defaults: {vocab_size: 1000, n_wheels: 4}}' >"$TMP/cc/config_classes/a.yaml"
MAPLE_PATH=$TMP/cc run_maple inspect --json --no-cache --cmd "$c7b" "$R/colossalai-7b"
expect_rc "an invalid config-class file: still an answer" 0
expect_match "an invalid config-class file: file:line of the source" "$ERR" "a\.yaml:4:.*source 'not-a-url' is not a URL"
expect_match "an invalid config-class file: file:line of the unknown key" "$ERR" "a\.yaml:4:.*'n_wheels' is no shape key"
expect_json "an invalid config-class file: no default filled" '[.model_config.vocab_size, .params]' '[null,null]'
rm -rf "$TMP/cc"

finish
