# containers.sh - every container route in data/clusters (the `containers:` lists) loads, shows in
# `maple clusters`, and is used where maple uses routes: `maple generate` with an image for each route
# (the route's exec words on the launch line with the image and the GPU flag of the cluster's default
# node type, its header and set-up lines, no module of the centre's, a script that passes bash -n and
# shellcheck), and a port of a Pyxis/enroot job to every cluster (the route's runtime named for the
# image, or the lack of a route said). A cluster without routes refuses a request that names an image.
# The expectations are read from `maple clusters --json`, so a route added to data/ is tested here.
. "$(dirname "$0")/lib.bash" "$@"

HAVE_SHELLCHECK=false
command -v shellcheck >/dev/null 2>&1 && HAVE_SHELLCHECK=true
$HAVE_SHELLCHECK || echo "# shellcheck not installed: skipping the shellcheck checks"

run_maple clusters --json
expect_rc "maple clusters --json: exit" 0
printf '%s\n' "$OUT" >"$TMP/clusters.json"
ids=$(jq -r '.[].id' "$TMP/clusters.json")
nroutes=$(jq '[.[].containers[]?] | length' "$TMP/clusters.json")
if [ "$nroutes" -ge 10 ]; then
	pass "routes loaded: $nroutes"
else
	fail "routes loaded: $nroutes (expected at least 10)"
fi
# every route names its documentation and, unless the centre's own page says it, how reliable it is
bad=$(jq -r '.[] | .id as $c | .containers[]? | select((.source // "") | test("^https://") | not) | "\($c) \(.runtime)"' "$TMP/clusters.json")
expect_eq "every route has an https source" "$bad" ""

# the regular expression of a literal string
re_lit() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|/]/\\&/g'; }

for c in $ids; do
	nr=$(jq -r --arg c "$c" '.[] | select(.id == $c) | (.containers // []) | length' "$TMP/clusters.json")
	vendor=$(jq -r --arg c "$c" '.[] | select(.id == $c) | .hardware.gpu_vendor' "$TMP/clusters.json")
	case $vendor in nvidia) flag='--nv ' ;; amd) flag='--rocm ' ;; *) flag='' ;; esac

	# a Pyxis/enroot job ported here: the image is named with the target's first route, or its lack said
	run_maple generate --json --from "$SRC/tests/scripts/405-pyxis-torchrun-two-nodes-mounts.sh" --to "$c" "account testproj"
	expect_rc "$c: Pyxis port exits 0" 0
	warns=$(printf '%s' "$OUT" | jq -r '.warnings[]?')
	if [ "$nr" -eq 0 ]; then
		expect_match "$c: Pyxis port says there is no route" "$warns" "line 13: .*has no container route maple knows"
		run_maple generate "$c 2 nodes pytorch ddp train.py, 1 hour, account testproj, apptainer image pt.sif"
		expect_rc "$c: no route: a request with an image is refused" 2
		expect_match "$c: no route: the refusal names the clusters that have one" "$ERR" "$c has no container route in maple's data"
		continue
	fi
	first=$(jq -r --arg c "$c" '.[] | select(.id == $c) | .containers[0].runtime' "$TMP/clusters.json")
	expect_match "$c: Pyxis port names the route's runtime ($first)" "$warns" "line 13: .*runs containers with $first: .*then port again with \"$first image "

	for i in $(seq 0 $((nr - 1))); do
		jq --arg c "$c" --argjson i "$i" '.[] | select(.id == $c) | .containers[$i]' "$TMP/clusters.json" >"$TMP/route.json"
		rt=$(jq -r .runtime "$TMP/route.json")
		img=$(jq -r '.example_image // "pytorch.sif"' "$TMP/route.json")
		name="$c/$rt"
		run_maple generate --json "$c 2 nodes pytorch ddp train.py --epochs 3, 1 hour, account testproj, $rt image $img"
		expect_rc "$name: generate with an image exits 0" 0
		script=$(printf '%s' "$OUT" | jq -r '.script')
		printf '%s\n' "$script" >"$TMP/job.sh"
		# the exec words, {{image}} and {{gpu}} filled in, stand on the launch line before the command
		words=$(jq -r .exec "$TMP/route.json")
		words=${words//'{{gpu}} '/$flag}
		case $words in
		*'{{image}}'*) want=$(re_lit "${words%%'{{image}}'*}")"'?$(re_lit "$img")'?"$(re_lit "${words#*'{{image}}'}") ;;
		*) want=$(re_lit "$words") ;; # Shifter: the image is in the header (--image=)
		esac
		expect_match "$name: the route's words on the launch line" "$(grep -E '^(srun|mpiexec|ibrun|mpirun) ' "$TMP/job.sh")" "$want .*train\.py --epochs 3"
		expect_match "$name: the script names the image and the route's source" "$script" "# the framework runs from the container image $(re_lit "$img") \($rt; $(re_lit "$(jq -r .source "$TMP/route.json")")\)"
		while IFS= read -r h; do
			[ -n "$h" ] || continue
			h=${h//'{{image}}'/$img}
			expect_contains "$name: header line '$h'" "$script" "$h"
		done < <(jq -r '.header[]? | if type == "object" then .line else . end' "$TMP/route.json")
		while IFS= read -r s; do
			[ -n "$s" ] || continue
			expect_contains "$name: set-up line '$s'" "$script" "$s"
		done < <(jq -r '.setup[]? | if type == "object" then .line else . end' "$TMP/route.json")
		# the framework comes from the image: no check on the host that it imports
		if printf '%s\n' "$script" | grep -q "environment check"; then
			fail "$name: no environment check on the host in a container job"
		else
			pass "$name: no environment check on the host in a container job"
		fi
		if bash -n "$TMP/job.sh" 2>"$TMP/bashn"; then
			pass "$name: bash -n"
		else
			fail "$name: bash -n" "$(cat "$TMP/bashn")"
		fi
		if $HAVE_SHELLCHECK; then
			if shellcheck -S warning -s bash "$TMP/job.sh" >"$TMP/sc" 2>&1; then
				pass "$name: shellcheck"
			else
				fail "$name: shellcheck" "$(cat "$TMP/sc")"
			fi
		fi
	done
done

# the route shows in `maple clusters ID` with its reliability and source
run_maple clusters deltaai
expect_match "clusters deltaai shows the apptainer route, secondary" "$OUT" "container +apptainer: .*\[secondary, https://docs\.ncsa\.illinois\.edu/systems/deltaai/"
run_maple clusters anvil
expect_match "clusters anvil shows the singularity route, inferred" "$OUT" "container +singularity: .*\[inferred, https://github\.com/PurdueRCAC/RCAC-Docs/"
finish
