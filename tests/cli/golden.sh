# golden.sh - golden test of `maple generate` for every cluster x paradigm.
#
# Each case is a pair of files in tests/golden/:
#   <cluster>-<paradigm>.req  the request, as a user would write it (one plain-language text)
#   <cluster>-<paradigm>.sh   the script maple must print for it
#   <cluster>@<node type>-<paradigm>.req  the same for one of the cluster's other node types
# paradigm is one of pytorch-ddp, pytorch-fsdp, deepspeed-zero3, accelerate-ddp. Adding a case means
# adding the two files. For every case the test checks:
#   - `maple generate TEXT` exits 0 and prints exactly the expected script (diff on failure);
#   - `maple generate --json TEXT` agrees: status ok, the template id is <cluster>-<framework>...,
#     framework/strategy match the paradigm, .script equals the plain output;
#   - the header names the node count and the launch line carries the script and its arguments;
#   - the script passes `bash -n` and `shellcheck -S warning -s bash` (when shellcheck is installed).
# It also checks that every cluster maple knows has all four paradigms.
#
# UPDATE_GOLDEN=1 bash tests/cli/golden.sh build/maple .   rewrites the .sh files from the binary
# (read the diff before committing it).
. "$(dirname "$0")/lib.bash" "$@"

GOLDEN=$SRC/tests/golden
PARADIGMS="pytorch-ddp pytorch-fsdp deepspeed-zero3 accelerate-ddp"
HAVE_SHELLCHECK=false
command -v shellcheck >/dev/null 2>&1 && HAVE_SHELLCHECK=true
$HAVE_SHELLCHECK || echo "# shellcheck not installed: skipping the shellcheck checks"

# coverage: every known cluster x every paradigm has a case
run_maple clusters --json
clusters=$(jqv '.[].id')
if [ -z "$clusters" ]; then
	fail "maple clusters --json lists the clusters" "$ERR"
fi
for c in $clusters; do
	for p in $PARADIGMS; do
		if [ -f "$GOLDEN/$c-$p.req" ]; then
			pass "case exists: $c-$p"
		else
			fail "case missing: tests/golden/$c-$p.req (every cluster needs all four paradigms)"
		fi
	done
done

nreq=0
SC_FILES=()
SC_NAMES=()
for req in "$GOLDEN"/*.req; do
	[ -e "$req" ] || continue
	nreq=$((nreq + 1))
	name=$(basename "$req" .req)
	exp=$GOLDEN/$name.sh
	text=$(cat "$req")

	cluster='' paradigm=''
	for p in $PARADIGMS; do
		case $name in *-"$p") paradigm=$p cluster=${name%-"$p"} ;; esac
	done
	# <cluster>@<node type>-<paradigm>: a case for one node type (the script names it), or
	# <cluster>@env-<paradigm>: a case with the user's environment in the request
	nodetype=''
	case $cluster in *@*) nodetype=${cluster#*@} cluster=${cluster%%@*} ;; esac
	if [ -z "$paradigm" ]; then
		fail "$name: file name must be <cluster>-<paradigm>.req with paradigm one of: $PARADIGMS"
		continue
	fi
	framework=${paradigm%%-*}
	strategy=${paradigm#*-}

	# 1. plain output against the expected file
	"$MAPLE" generate "$text" </dev/null >"$TMP/$name.sh" 2>"$TMP/$name.err"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		fail "$name: maple generate exits $rc" "$(cat "$TMP/$name.err")"
		continue
	fi
	if [ "${UPDATE_GOLDEN:-}" = 1 ]; then
		cp "$TMP/$name.sh" "$exp"
		pass "$name: expected file updated"
	elif [ ! -f "$exp" ]; then
		fail "$name: no expected file $exp (run with UPDATE_GOLDEN=1 to create it)"
	elif diff -u "$exp" "$TMP/$name.sh" >"$TMP/$name.diff"; then
		pass "$name: script matches $name.sh"
	else
		fail "$name: script differs from $name.sh (UPDATE_GOLDEN=1 rewrites it)" "$(cat "$TMP/$name.diff")"
	fi

	# 2. JSON view: status, template, framework/strategy, same script (every field this case reads, from
	# one jq)
	run_maple generate --json "$text"
	if ! jq_many '. != null and . != false' '.status | tojson' '.template' \
		'[.request.cluster,.request.framework,.request.strategy] | tojson' '.script' '.request.nodes' \
		'.request.gpus_per_node' '.request.total_gpus' '.request.queue' \
		'[.request.script] + .request.script_args | join(" ")' '.request.script' '.request.container.image' ||
		[ "${JQ_MANY[0]}" != true ]; then
		fail "$name: --json prints valid JSON" "$OUT" "$ERR"
		continue
	fi
	J=("${JQ_MANY[@]}")
	expect_eq "$name: --json status (.status)" "${J[1]}" '"ok"'
	tpl=${J[2]}
	if [[ $tpl == "$cluster-$framework"* ]]; then
		pass "$name: template $tpl"
	else
		fail "$name: template '$tpl' is not $cluster-$framework..."
	fi
	if [ "$framework" = pytorch ]; then
		expect_eq "$name: template is the $strategy variant" "$tpl" "$cluster-pytorch-$strategy"
	fi
	expect_eq "$name: framework/strategy ([.request.cluster,.request.framework,.request.strategy])" "${J[3]}" \
		"[\"$cluster\",\"$framework\",\"$strategy\"]"
	if [ "${J[4]}" == "$(cat "$TMP/$name.sh")" ]; then
		pass "$name: --json .script equals the plain output"
	else
		fail "$name: --json .script differs from the plain output"
	fi

	# 3. content: node count in the header, summary line, script and args on the launch line
	nodes=${J[5]}
	gpn=${J[6]}
	total=${J[7]}
	queue=${J[8]}
	script_text=$(cat "$TMP/$name.sh")
	expect_match "$name: header asks for $nodes nodes" "$script_text" \
		"^#(SBATCH (--nodes=|-N )$nodes\$|PBS -l select=$nodes(:|\$))"
	expect_match "$name: header names queue $queue" "$script_text" \
		"^#(SBATCH (-p |--partition=|-q |--qos=)$queue\$|PBS -q $queue\$)"
	expect_eq "$name: nodes x GPUs per node = total" "$((nodes * gpn))" "$total"
	expect_contains "$name: summary line" "$script_text" "# $nodes node"
	launch=$(launch_line "$script_text")
	words=${J[9]}
	plain_re='^[A-Za-z0-9_./=:,+ -]*$'
	if [[ $words =~ $plain_re ]]; then
		expect_contains "$name: launch line carries '$words'" "$launch" " $words"
	else
		expect_contains "$name: launch line carries the script" "$launch" "${J[10]}"
	fi

	if [ "$nodetype" = container ]; then
		# the framework from the request's image through the cluster's route: no module, the route's words
		# before the per-task command
		image=${J[11]}
		expect_contains "$name: says the image" "$script_text" "# the framework runs from the container image $image"
		# none of the centre's framework module lines (a route's own set-up, as Polaris's 'module load
		# apptainer', may load the container runtime)
		fwmods=$("$MAPLE" clusters "$cluster" </dev/null | awk -v fw="$framework" '
			index($0, "  modules (" fw "):") == 1 { on = 1; next }
			/^  [^ ]/ { on = 0 }
			on && /module load/ { sub(/^ +/, ""); sub(/ +\[.*$/, ""); print }')
		if [ -z "$fwmods" ]; then
			expect_not_contains "$name: no module of the centre's" "$script_text" "module load"
		fi
		while IFS= read -r m; do
			[ -n "$m" ] || continue
			expect_not_contains "$name: no module of the centre's ($m)" "$script_text" "$m"$'\n'
		done <<<"$fwmods"
		expect_match "$name: the launch line runs through the container" "$launch" "(shifter|apptainer exec|singularity exec) "
	elif [ -n "$nodetype" ] && [ "$nodetype" != env ]; then
		expect_contains "$name: node type $nodetype" "$script_text" "# Node type $nodetype:"
	elif [ "$nodetype" = env ]; then
		expect_not_contains "$name: no environment placeholder" "$script_text" "# EDIT: "
		expect_contains "$name: environment check" "$script_text" "python3 -c 'import torch'"
	fi

	# 4. the script is valid shell
	if bash -n "$TMP/$name.sh" 2>"$TMP/$name.bashn"; then
		pass "$name: bash -n"
	else
		fail "$name: bash -n" "$(cat "$TMP/$name.bashn")"
	fi
	SC_FILES+=("$TMP/$name.sh")
	SC_NAMES+=("$name")
done

# 5. shellcheck, one process over every case's script (a shellcheck start per script was most of its
# cost): exit 0 passes them all, exit 1 lists each finding as FILE:LINE:COL: ..., anything else fails all
if $HAVE_SHELLCHECK && [ ${#SC_FILES[@]} -gt 0 ]; then
	shellcheck -S warning -s bash -f gcc "${SC_FILES[@]}" >"$TMP/all.sc" 2>&1
	sc_rc=$?
	for i in "${!SC_FILES[@]}"; do
		if [ "$sc_rc" = 0 ]; then
			pass "${SC_NAMES[i]}: shellcheck -S warning"
		elif [ "$sc_rc" = 1 ] && ! grep -qF -- "${SC_FILES[i]}:" "$TMP/all.sc"; then
			pass "${SC_NAMES[i]}: shellcheck -S warning"
		else
			fail "${SC_NAMES[i]}: shellcheck -S warning (exit $sc_rc)" "$(grep -F -- "${SC_FILES[i]}:" "$TMP/all.sc" || head -n 20 "$TMP/all.sc")"
		fi
	done
fi

# no expected file without its request
for exp in "$GOLDEN"/*.sh; do
	[ -e "$exp" ] || continue
	if [ -f "${exp%.sh}.req" ]; then :; else
		fail "$(basename "$exp") has no .req file"
	fi
done
if [ "$nreq" -ge 44 ]; then
	pass "$nreq golden cases"
else
	fail "only $nreq golden cases (want at least 44)"
fi

finish
