# filesystems.sh - each PBS cluster's file systems as data (clusters/<id>.yaml `filesystems:`, issue 14: ALCF's
# `-l filesystems=home:flare`), read from `maple clusters --json` so that a file system added to data/ is
# tested here. Families, for every cluster with a list and every file system of it:
#  - generate: a job with no path names the defaults; a job whose program, data or environment lies on a file
#    system (each of its paths) names it too, in the profile's order; a retired one is never written and the
#    script's own check says why; a path in /tmp/NAME/ or a comment names nothing;
#  - verify: the line as maple writes it is clean; each name the cluster lacks is an error naming the cluster
#    that has it (and a made-up one an error); a retired name and a restricted one are warnings; a path (or a
#    cue: DAOS's launch-dfuse.sh) on a file system the line leaves out is a finding at that line, an error where
#    the centre says the job cannot reach it; the line without the name, with it, and in select's combined
#    -l form; a path on a file system of another cluster of the same centre is a warning;
#  - Slurm scripts and clusters without a list get no filesystems finding; malformed lists are load errors.
#
# Run: bash tests/cli/filesystems.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

run_maple clusters --json
expect_rc "maple clusters --json: exit" 0
printf '%s\n' "$OUT" >"$TMP/clusters.json"
CL=$TMP/clusters.json
expect_json_true "clusters --json: Polaris and Aurora list their file systems" \
	'[.[] | select(.filesystems) | .id] | sort == ["aurora", "polaris"]'
expect_json_true "clusters --json: every file system has a name, what it is and an https source; defaults are valid ones" \
	'[.[] | select(.filesystems) | .filesystems as $f | ($f.list[] | (.name | length > 0) and (.what | length > 0) and (.source | startswith("https://"))), ($f.default[] as $d | [$f.list[] | select(.name == $d and (.retired | not) and (.access | not))] | length == 1)] | all'
expect_json_true "clusters --json: only PBS clusters list file systems" '[.[] | select(.filesystems) | .scheduler == "pbs"] | all'

# the lines of a generated script for cluster $1 running "$2" (a command), in $OUT; its header line in $FSLINE
gen() {
	run_maple generate --cluster "$1" "pytorch ddp on 2 nodes for 30 min, account MyProj, $2"
	GEN_RC=$RC
	GEN_ERR=$ERR
	FSLINE=$(printf '%s\n' "$OUT" | grep '^#PBS -l filesystems=' || true)
}
# a PBS script for cluster $1 with filesystems line $2 ("" for none) and body lines $3
pbs_script() {
	{
		printf '#!/bin/bash\n#PBS -A MyProj\n#PBS -q debug\n#PBS -l select=1:system=%s\n#PBS -l walltime=00:30:00\n' "$1"
		[ -n "$2" ] && printf '%s\n' "$2"
		printf '#PBS -l place=scatter\n#PBS -k doe\ncd "$PBS_O_WORKDIR" || exit 1\n%s\n' "$3"
	} >"$TMP/s.sh"
}
# the filesystems findings of maple verify --json on $TMP/s.sh for cluster $1 into $FS: "id:severity:line"
# per line (the whole answer stays in $OUT)
fsf() {
	run_maple verify --json --cluster "$1" "$TMP/s.sh"
	FS=$(printf '%s\n' "$OUT" | jq -r '.findings[]? | select(.id | startswith("filesystems-")) | "\(.id):\(.severity):\(.line)"' | sort)
}

for id in $(jq -r '.[] | select(.filesystems) | .id' "$CL"); do
	defaults=$(jq -r --arg id "$id" '.[] | select(.id == $id) | .filesystems.default | join(":")' "$CL")
	launch="mpiexec -n 1 --ppn 1 python"

	# ---- generate
	gen "$id" "python train.py"
	expect_rc "$id generate, no path: exit" 0 "$GEN_RC"
	expect_eq "$id generate, no path: the defaults" "$FSLINE" "#PBS -l filesystems=$defaults"
	printf '%s\n' "$OUT" >"$TMP/gen.sh"
	run_maple verify --json --cluster "$id" "$TMP/gen.sh"
	expect_json_true "$id: its own generated script has no filesystems finding" '[.findings[]? | select(.id | startswith("filesystems-"))] | length == 0'
	gen "$id" "python /tmp/flare/x/train.py --data /tmp/eagle/d"
	expect_eq "$id generate, /tmp/NAME/ paths: the defaults" "$FSLINE" "#PBS -l filesystems=$defaults"

	while IFS=$'\t' read -r name retired access paths; do
		for p in $paths; do
			gen "$id" "python ${p}MyProj/train.py --out ${p}MyProj/ckpt"
			if [ "$retired" = true ]; then
				expect_rc "$id generate, a path on retired $name ($p): exit" 0 "$GEN_RC"
				expect_no_match "$id generate, retired $name ($p): not written" "$FSLINE" "[=:]$name(:|\$)"
				expect_contains "$id generate, retired $name ($p): the script's check says so" "$GEN_ERR" "[filesystems-retired]"
			else
				expect_match "$id generate, a path on $name ($p): named" "$FSLINE" "[=:]$name(:|\$)"
				# the profile's order: the names written are a subsequence of the list
				order=$(jq -r --arg id "$id" '.[] | select(.id == $id) | [.filesystems.list[].name] | join(" ")' "$CL")
				got=$(printf '%s' "${FSLINE#*=}" | tr ':' ' ')
				ok=yes rest=" $order "
				for g in $got; do case $rest in *" $g "*) rest=" ${rest#* "$g" }" ;; *) ok=no ;; esac; done
				expect_eq "$id generate, a path on $name ($p): in the profile's order ($order)" "$ok" yes
			fi
		done
	done < <(jq -r --arg id "$id" '.[] | select(.id == $id) | .filesystems.list[] | [.name, (.retired != null), (.access != null), (.paths | join(" "))] | @tsv' "$CL")

	# ---- verify: names
	pbs_script "$id" "#PBS -l filesystems=$defaults" "$launch train.py"
	fsf "$id"
	expect_eq "$id verify, the defaults, no path: no finding" "$FS" ""
	pbs_script "$id" "" "$launch train.py"
	run_maple verify --json --cluster "$id" "$TMP/s.sh"
	expect_json_true "$id verify, no filesystems line: required-directive error" '[.findings[] | select(.id == "required-directive" and .severity == "error" and (.message | test("filesystems")))] | length == 1'
	pbs_script "$id" "#PBS -l filesystems=home:scratchy" "$launch train.py"
	fsf "$id"
	expect_eq "$id verify, a made-up name: error" "$FS" "filesystems-unknown:error:6"
	expect_not_contains "$id verify, a made-up name: no owner named" "$OUT" "is ALCF"
	for other in $(jq -r --arg id "$id" '.[] | select(.filesystems and .id != $id) | .filesystems.list[] | select(.retired | not) | .name' "$CL"); do
		jq -e --arg id "$id" --arg n "$other" '.[] | select(.id == $id) | [.filesystems.list[].name] | index($n)' "$CL" >/dev/null && continue
		owner=$(jq -r --arg n "$other" '[.[] | select(.filesystems) | select([.filesystems.list[] | select(.retired | not) | .name] | index($n))][0].name' "$CL")
		for form in "#PBS -l filesystems=home:$other" "#PBS -l filesystems=$other" "#PBS -l walltime=00:30:00,filesystems=home:$other"; do
			pbs_script "$id" "$form" "$launch train.py"
			fsf "$id"
			expect_eq "$id verify, '$form': error" "$FS" "filesystems-unknown:error:6"
			expect_contains "$id verify, '$form': names the cluster that has it" "$OUT" "'$other' is $owner's"
			expect_contains "$id verify, '$form': the fix names the defaults" "$OUT" "filesystems=$defaults"
		done
	done
	while IFS=$'\t' read -r name retired access unasked; do
		if [ "$retired" = true ]; then
			pbs_script "$id" "#PBS -l filesystems=$defaults:$name" "$launch train.py"
			fsf "$id"
			expect_eq "$id verify, retired $name named: warning" "$FS" "filesystems-retired:warning:6"
		elif [ "$access" = true ]; then
			pbs_script "$id" "#PBS -l filesystems=$defaults:$name" "$launch train.py"
			fsf "$id"
			expect_eq "$id verify, restricted $name named: warning" "$FS" "filesystems-restricted:warning:6"
		fi
		# used, not named: each path and each cue, at its line (10); named: nothing
		sev=$([ "$unasked" = error ] && echo error || echo warning)
		id_expect=$([ "$retired" = true ] && echo "filesystems-retired:warning:10" || echo "filesystems-unasked:$sev:10")
		others=$(jq -r --arg id "$id" --arg n "$name" '.[] | select(.id == $id) | [.filesystems.list[] | select(.name != $n and (.retired | not) and (.access | not)) | .name] | join(":")' "$CL")
		while IFS= read -r use; do
			pbs_script "$id" "#PBS -l filesystems=$others" "$use"
			fsf "$id"
			expect_eq "$id verify, '$use' with filesystems=$others: $id_expect" "$FS" "$id_expect"
			[ "$retired" = true ] && continue
			expect_match "$id verify, '$use': the fix adds $name" "$OUT" "filesystems=([a-z_]+:)*$name[:\`]"
			pbs_script "$id" "#PBS -l filesystems=$others:$name" "$use"
			fsf "$id"
			found=$(printf '%s\n' "$FS" | grep -v 'filesystems-restricted' || true)
			expect_eq "$id verify, '$use' with $name named: no finding" "$found" ""
			pbs_script "$id" "#PBS -l filesystems=$others" "# $use"
			fsf "$id"
			expect_eq "$id verify, '$use' in a comment: no finding" "$FS" ""
		done < <(jq -r --arg id "$id" --arg n "$name" --arg l "$launch" '.[] | select(.id == $id) | .filesystems.list[] | select(.name == $n) | (.paths[] | "\($l) \(.)MyProj/train.py"), .cues[]' "$CL")
	done < <(jq -r --arg id "$id" '.[] | select(.id == $id) | .filesystems.list[] | [.name, (.retired != null), (.access != null), .unasked] | @tsv' "$CL")
done

# the cue 'module load daos' is not 'module load daos_perf' (a cue ending in a letter ends a word)
pbs_script aurora "#PBS -l filesystems=home:flare:daos_perf_fs" "module load daos_perf"
fsf aurora
expect_eq "aurora verify, 'module load daos_perf' named: daos_user_fs not wanted" "$FS" "filesystems-restricted:warning:6"

# a path on a file system of another cluster of the same centre
pbs_script aurora "#PBS -l filesystems=home:flare" "mpiexec -n 1 --ppn 1 python /lus/eagle/projects/MyProj/train.py"
fsf aurora
expect_eq "aurora verify, /lus/eagle/ path: foreign warning" "$FS" "filesystems-foreign:warning:10"
expect_contains "aurora verify, /lus/eagle/ path: names Polaris" "$OUT" "ALCF Polaris"
pbs_script polaris "#PBS -l filesystems=home:eagle" "mpiexec -n 1 --ppn 1 python /flare/MyProj/train.py"
fsf polaris
expect_eq "polaris verify, /flare/ path: foreign warning" "$FS" "filesystems-foreign:warning:10"
pbs_script polaris "#PBS -l filesystems=home:eagle" "mpiexec -n 1 --ppn 1 python /home/me/train.py"
fsf polaris
expect_eq "polaris verify, /home/ (both clusters have it): no finding" "$FS" ""
gen aurora "python /eagle/MyProj/train.py"
expect_contains "aurora generate, an /eagle/ path: the script's check warns" "$GEN_ERR" "[filesystems-foreign]"

# --batch: each script of a batch gets its own file systems (the value is filled per script)
printf '%s\n' "pytorch ddp on 2 polaris nodes for 30 min, account P, python /eagle/P/train.py" \
	"pytorch ddp on 2 aurora nodes in debug-scaling for 30 min, account P, python train.py" \
	"pytorch ddp on 2 polaris nodes for 30 min, account P, python /home/me/train.py" >"$TMP/batch.txt"
run_maple generate --json --batch "$TMP/batch.txt"
expect_eq "generate --batch: one filesystems line a script, each its cluster's" \
	"$(printf '%s\n' "$OUT" | jq -r '.script' | grep '^#PBS -l filesystems=' | tr '\n' ' ')" \
	"#PBS -l filesystems=home:eagle #PBS -l filesystems=home:flare #PBS -l filesystems=home:eagle "
expect_eq "generate --batch: no fill mark left" "$(printf '%s\n' "$OUT" | grep -c $'\x01' || true)" 0

# Slurm: no file-system findings, whatever the paths
cat >"$TMP/s.sh" <<'EOF'
#!/bin/bash
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH -t 00:30:00
srun python /lus/eagle/projects/x/train.py --data /flare/y
EOF
fsf perlmutter
expect_eq "perlmutter verify: Slurm, ALCF paths: no filesystems finding" "$FS" ""

# malformed lists: load errors with file:line
bad() { # $1 what, $2 sed expression on polaris.yaml, $3 expected message
	rm -rf "$TMP/bad" && mkdir -p "$TMP/bad/clusters"
	sed "$2" "$SRC/data/clusters/polaris.yaml" >"$TMP/bad/clusters/polaris.yaml"
	run_maple clusters polaris --data-dir "$TMP/bad"
	expect_rc "bad filesystems ($1): exit" 2
	expect_contains "bad filesystems ($1): message" "$ERR" "$3"
	expect_match "bad filesystems ($1): file:line" "$ERR" "polaris.yaml:[0-9]+"
}
bad "retired default" 's/^  default: \[home, eagle\]/  default: [home, grand]/' "default file system 'grand' is retired"
bad "unknown default" 's/^  default: \[home, eagle\]/  default: [home, flare]/' "default file system 'flare' is not in filesystems.list"
bad "fixed header" 's/filesystems={{filesystems}}/filesystems=home:eagle/' "names file systems by hand"
bad "path shape" 's|paths: \[/eagle/, /lus/eagle/\]|paths: [/eagle, /lus/eagle/]|' "must start and end with '/'"
bad "overlapping paths" 's|paths: \[/eagle/, /lus/eagle/\]|paths: [/eagle/, /lus/]|' "overlap"
bad "unasked value" 's|      paths: \[/eagle/, /lus/eagle/\]|      paths: [/eagle/, /lus/eagle/]\n      unasked: sometimes|' "'unasked' must be error or warning"
bad "no source" '/pull\/475/d' "missing required field 'source'"

finish
