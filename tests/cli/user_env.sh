# user_env.sh - the user's own environment per cluster, set once in ~/.config/maple/environments.yaml
# (issue 14): where the centre provides no framework (Frontier, Lonestar6, Anvil ...) a request that names
# no environment activates the file's (conda env or venv, with its modules), says where it came from and
# keeps the import check; an environment in the request wins; a cluster without an entry keeps the
# placeholder; every node type of the cluster gets it. A bad file is an error with its file and line:
# an unknown cluster, conda_env and venv both, neither, shell text where a name or path belongs.
. "$(dirname "$0")/lib.bash" "$@"

CFG="$TMP/cfg"
mkdir -p "$CFG/maple"
cat >"$CFG/maple/environments.yaml" <<'EOF'
frontier:
  conda_env: /ccs/proj/abc123/envs/torch2
lonestar6:
  venv: $SCRATCH/envs/pt
  modules: [cuda/12.2]
EOF
export XDG_CONFIG_HOME="$CFG"

# gen NAME REQUEST: generate the script (exit 0 wanted), then bash -n (and shellcheck when installed)
gen() {
	run_maple generate "$2"
	expect_rc "$1: exit" 0
	printf '%s' "$OUT" >"$TMP/s.sh"
	if bash -n "$TMP/s.sh" 2>"$TMP/bashn"; then pass "$1: bash -n"; else fail "$1: bash -n" "$(cat "$TMP/bashn")"; fi
	if command -v shellcheck >/dev/null 2>&1; then
		if shellcheck -S warning "$TMP/s.sh" >"$TMP/sc" 2>&1; then pass "$1: shellcheck"; else fail "$1: shellcheck" "$(cat "$TMP/sc")"; fi
	fi
}

gen "frontier, no environment in the request" "pytorch ddp on frontier, 2 nodes, 1 hour, account CSC123, train.py"
expect_contains "frontier: the file's conda env is activated" "$OUT" "conda activate /ccs/proj/abc123/envs/torch2"
expect_contains "frontier: the script says where it came from" "$OUT" "# your environment for frontier, from $CFG/maple/environments.yaml"
expect_not_contains "frontier: no placeholder" "$OUT" "# EDIT:"
expect_not_contains "frontier: no placeholder warning" "$ERR" "placeholder for your environment"
expect_contains "frontier: the import check stays" "$OUT" "python3 -c 'import torch'"

gen "lonestar6, no environment in the request" "pytorch ddp on lonestar6, 2 nodes, 1 hour, train.py"
expect_match "lonestar6: the file's module, then its venv (the variable expands at run time)" \
	"$(printf '%s\n' "$OUT" | grep -E '^(module load cuda|source )' | tr '\n' '|')" \
	'^module load cuda/12\.2\|source "\$\{SCRATCH\}"/envs/pt/bin/activate\|$'

gen "lonestar6 H100 node type" "pytorch ddp on lonestar6, queue gpu-h100, 1 node, 1 hour, train.py"
expect_contains "lonestar6 gpu-h100: the node type gets the cluster's entry too" "$OUT" 'source "${SCRATCH}"/envs/pt/bin/activate'

gen "frontier, conda env in the request" "pytorch ddp on frontier, 2 nodes, 1 hour, account CSC123, train.py, conda env torch3"
expect_contains "frontier + conda env torch3: the request's env" "$OUT" "conda activate torch3"
expect_not_contains "frontier + conda env torch3: not the file's" "$OUT" "envs/torch2"
expect_not_contains "frontier + conda env torch3: no 'from the file' line" "$OUT" "# your environment for frontier"

gen "frontier, venv in the request" "pytorch ddp on frontier, 2 nodes, 1 hour, account CSC123, train.py, venv ~/envs/x"
expect_contains "frontier + venv: the request's venv" "$OUT" "envs/x/bin/activate"
expect_not_contains "frontier + venv: not the file's conda env" "$OUT" "conda activate"

gen "anvil, no entry in the file" "pytorch ddp on anvil, 2 nodes, 1 hour, account cis230001-gpu, train.py"
expect_contains "anvil: the placeholder stays" "$OUT" "# EDIT:"
expect_not_contains "anvil: nothing of the file" "$OUT" "# your environment for"

# a bad file: an error with file and line, exit 2, nothing written
bad() { # NAME WANT-REGEX YAML
	mkdir -p "$TMP/bad/maple"
	printf '%s\n' "$3" >"$TMP/bad/maple/environments.yaml"
	XDG_CONFIG_HOME="$TMP/bad" run_maple generate "pytorch ddp on frontier, 2 nodes, 1 hour, account CSC123, train.py"
	expect_rc "$1: exit" 2
	expect_match "$1: the error names the file, the line and the fault" "$ERR" "$2"
	expect_eq "$1: no script" "$OUT" ""
}
bad "unknown cluster" "environments\.yaml:1: unknown cluster 'frontierr' \(\`maple clusters\` lists them\)" \
	"$(printf 'frontierr:\n  conda_env: x')"
bad "conda_env and venv" "environments\.yaml:2: give conda_env or venv for 'frontier', not both" \
	"$(printf 'frontier:\n  conda_env: x\n  venv: y')"
bad "no environment" "environments\.yaml:2: the environment of 'frontier' names no conda_env, venv or modules" \
	"$(printf 'frontier:\n  {}')"
bad "shell text in conda_env" "environments\.yaml:2: conda_env of 'frontier' holds shell text \('x; rm -rf ~', at ';'\)" \
	"$(printf 'frontier:\n  conda_env: "x; rm -rf ~"')"
bad "a command substitution in venv" "environments\.yaml:2: venv of 'frontier' holds shell text \('\\\$\(id\)/env', at '\\\$'\)" \
	"$(printf 'frontier:\n  venv: "$(id)/env"')"
bad "shell text in a module" "environments\.yaml:2: a module of 'frontier' holds shell text \('rocm\`id\`', at '\`'\)" \
	"$(printf 'frontier:\n  modules: ["rocm`id`"]')"
bad "not a map" "environments\.yaml:1: environments\.yaml maps cluster ids to" "- frontier"
finish
