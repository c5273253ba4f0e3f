#!/usr/bin/env bash
# snapshot.sh - the data snapshot ($XDG_CACHE_HOME/maple, src/repo/ysnap.c) seen from the command line:
# answers are byte-identical with and without it, cold and warm; a changed data file, a corrupt,
# truncated or foreign snapshot are never used and the file is rewritten; an unusable cache directory
# changes nothing and says nothing; concurrent processes leave a whole file. No timing (bench/ has it).
. "$(dirname "$0")/lib.bash"

REQS=(
	"Polaris, 4 nodes, torchrun, python train.py --lr 3e-4 --epochs 10, 1 hour, project MyProj, debug-scaling queue"
	"perlmutter 2 nodes deepspeed zero3 train.py 6 hours account m1234"
	"frontier, 8 nodes, pytorch fsdp, python train.py, 2h, project ABC123"
)
printf '%s\n' "${REQS[@]}" >"$TMP/reqs.txt"
unset XDG_CACHE_HOME MAPLE_CACHE_DIR MAPLE_NO_SNAPSHOT MAPLE_SNAPSHOT_DEBUG

# gen NAME [ENV...]: the batch answers and single answers into $TMP/NAME.out, stderr into $TMP/NAME.err
gen() {
	local name=$1
	shift
	{
		env "$@" "$MAPLE" generate --json --batch "$TMP/reqs.txt"
		env "$@" "$MAPLE" generate --json "${REQS[0]}"
		env "$@" "$MAPLE" generate "${REQS[1]}"
		env "$@" "$MAPLE" clusters --json
	} >"$TMP/$name.out" 2>"$TMP/$name.err"
}

gen ref MAPLE_NO_SNAPSHOT=1
[ -s "$TMP/ref.out" ] && pass "reference answers without the snapshot" || fail "no reference answers"

C=$TMP/cache
SNAP=$C/maple/data-$("$MAPLE" --version | awk '{print $2}').snap
gen cold XDG_CACHE_HOME="$C"
expect_eq "cold (empty cache): the same answers" "$(cmp "$TMP/ref.out" "$TMP/cold.out" 2>&1)" ""
expect_eq "cold: the same stderr" "$(cmp "$TMP/ref.err" "$TMP/cold.err" 2>&1)" ""
[ -s "$SNAP" ] && pass "cold: the snapshot was written to \$XDG_CACHE_HOME/maple" || fail "no snapshot at $SNAP" "$(ls -la "$C" "$C/maple" 2>&1)"
expect_eq "the snapshot is private to the user" "$(stat -c %a "$C/maple")" "700"

run_cmd() { "$@" >"$TMP/.out" 2>"$TMP/.err"; RC=$?; OUT=$(cat "$TMP/.out"); ERR=$(cat "$TMP/.err"); }
run_cmd env XDG_CACHE_HOME="$C" MAPLE_SNAPSHOT_DEBUG=1 "$MAPLE" generate --json "${REQS[0]}"
expect_match "warm: every document from the snapshot" "$ERR" "[1-9][0-9]* hit\(s\), 0 miss\(es\), 0 rejected, not written"
gen warm XDG_CACHE_HOME="$C"
expect_eq "warm: the same answers" "$(cmp "$TMP/ref.out" "$TMP/warm.out" 2>&1)" ""

# a data file changed (same size) in a data directory of the user: the new value, not the snapshot's
D=$TMP/data
cp -r "$SRC/data" "$D"
run_cmd env MAPLE_DATA_DIR="$D" XDG_CACHE_HOME="$C" "$MAPLE" clusters polaris --json
before=$OUT
grep -q 'memory_gb_per_node: 512' "$D/clusters/polaris.yaml" || fail "fixture: polaris.yaml has no 512 GB nodes"
sed -i 's/memory_gb_per_node: 512/memory_gb_per_node: 256/' "$D/clusters/polaris.yaml"
touch -r "$SRC/data/clusters/polaris.yaml" "$D/clusters/polaris.yaml" # even with the old mtime
run_cmd env MAPLE_DATA_DIR="$D" XDG_CACHE_HOME="$C" MAPLE_SNAPSHOT_DEBUG=1 "$MAPLE" clusters polaris --json
after=$OUT
expect_contains "changed file: parsed again" "$ERR" "1 miss(es)"
run_cmd env MAPLE_DATA_DIR="$D" MAPLE_NO_SNAPSHOT=1 "$MAPLE" clusters polaris --json
expect_eq "changed file: the answer of the changed data" "$after" "$OUT"
[ "$before" != "$after" ] && pass "changed file: the answer changed" || fail "the edit did not change the answer"

# damaged snapshots: never used, the answer unchanged, and the file rewritten whole
damage() {
	case $1 in
	flip) printf '\x5a\x5a\x5a\x5a' | dd of="$SNAP" bs=1 seek=$(($(stat -c %s "$SNAP") / 2)) conv=notrunc status=none ;;
	truncate) truncate -s $(($(stat -c %s "$SNAP") / 3)) "$SNAP" ;;
	empty) : >"$SNAP" ;;
	foreign) head -c 100000 /dev/urandom >"$SNAP" ;;
	header) printf 'MAPLESNP\x09' | dd of="$SNAP" bs=1 seek=0 conv=notrunc status=none ;;
	esac
}
for how in flip truncate empty foreign header; do
	damage "$how"
	gen "dmg-$how" XDG_CACHE_HOME="$C"
	expect_eq "$how snapshot: the same answers" "$(cmp "$TMP/ref.out" "$TMP/dmg-$how.out" 2>&1)" ""
	expect_eq "$how snapshot: the same stderr, nothing about the snapshot" "$(cmp "$TMP/ref.err" "$TMP/dmg-$how.err" 2>&1)" ""
	run_cmd env XDG_CACHE_HOME="$C" MAPLE_SNAPSHOT_DEBUG=1 "$MAPLE" generate --json --batch "$TMP/reqs.txt"
	expect_contains "$how snapshot: rewritten, then used" "$ERR" "0 miss(es), 0 rejected"
done

# an unusable cache directory: the same answers, not a word about it
: >"$TMP/plainfile"
gen nodir XDG_CACHE_HOME="$TMP/plainfile/x"
expect_eq "cache under a regular file: the same answers" "$(cmp "$TMP/ref.out" "$TMP/nodir.out" 2>&1)" ""
expect_eq "cache under a regular file: the same stderr, nothing about the cache" "$(cmp "$TMP/ref.err" "$TMP/nodir.err" 2>&1)" ""
gen relative XDG_CACHE_HOME=relative/dir HOME=/nonexistent-maple-home
expect_eq "relative XDG_CACHE_HOME, no home: the same answers" "$(cmp "$TMP/ref.out" "$TMP/relative.out" 2>&1)" ""
expect_eq "relative XDG_CACHE_HOME, no home: the same stderr" "$(cmp "$TMP/ref.err" "$TMP/relative.err" 2>&1)" ""
[ ! -e relative ] && [ ! -e "$SRC/relative" ] && pass "a relative XDG_CACHE_HOME is not used" || fail "a relative cache directory was created"
gen nohome HOME="$TMP/no-such-home"
expect_eq "HOME naming no directory: the same answers" "$(cmp "$TMP/ref.out" "$TMP/nohome.out" 2>&1)" ""
[ ! -e "$TMP/no-such-home" ] && pass "HOME naming no directory: never created" || fail "maple created HOME"
mkdir -p "$TMP/home"
gen home HOME="$TMP/home"
[ -s "$TMP/home/.cache/maple/$(basename "$SNAP")" ] && pass "no XDG_CACHE_HOME: the snapshot goes to ~/.cache/maple" ||
	fail "no snapshot under \$HOME/.cache/maple" "$(find "$TMP/home")"
if [ "$(id -u)" != 0 ]; then
	mkdir -p "$TMP/ro/maple" && chmod 555 "$TMP/ro/maple"
	gen ro XDG_CACHE_HOME="$TMP/ro"
	expect_eq "read-only cache directory: the same answers, silently" "$(cmp "$TMP/ref.out" "$TMP/ro.out" 2>&1; cmp "$TMP/ref.err" "$TMP/ro.err" 2>&1)" ""
	chmod 755 "$TMP/ro/maple"
else
	pass "read-only cache directory: skipped (root ignores permissions; the regular-file case above covers it)"
fi

# concurrent processes on an empty cache: all answer the same, the file is whole, no temporary left
C2=$TMP/cache2
pids=()
for i in 1 2 3 4 5 6 7 8; do
	env XDG_CACHE_HOME="$C2" "$MAPLE" generate --json --batch "$TMP/reqs.txt" >"$TMP/par$i.out" 2>&1 &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done
bad=0
for i in 1 2 3 4 5 6 7 8; do head -n 3 "$TMP/ref.out" | cmp -s - "$TMP/par$i.out" || bad=$((bad + 1)); done
expect_eq "8 concurrent cold processes: the same answers" "$bad" "0"
run_cmd env XDG_CACHE_HOME="$C2" MAPLE_SNAPSHOT_DEBUG=1 "$MAPLE" generate --json --batch "$TMP/reqs.txt"
expect_contains "after them: a whole snapshot, used" "$ERR" "0 miss(es), 0 rejected"
expect_eq "no temporary file left" "$(find "$C2" -name '*.tmp')" ""

# the cluster index (src/repo/brief.c): once the profiles validated, `verify` builds only the cluster its
# script is for; its answers are those without the snapshot, and a profile broken afterwards is reported
C3=$TMP/cache3
D3=$TMP/data3
cp -r "$SRC/data" "$D3"
vscripts=("$SRC/bench/verify-200.sh" "$SRC/tests/scripts/05-polaris-affinity.sh" "$SRC/tests/scripts/01-profile-cmd-prefix.sh")
verify_all() { for s in "${vscripts[@]}"; do env "$@" "$MAPLE" verify --no-tools --json "$s"; echo "rc=$?"; done 2>&1; }
vref=$(verify_all MAPLE_DATA_DIR="$D3" MAPLE_NO_SNAPSHOT=1)
vcold=$(verify_all MAPLE_DATA_DIR="$D3" XDG_CACHE_HOME="$C3")
vwarm=$(verify_all MAPLE_DATA_DIR="$D3" XDG_CACHE_HOME="$C3")
expect_eq "verify, cold: the answers without the snapshot" "$vcold" "$vref"
expect_eq "verify, warm (clusters built on use): the same answers" "$vwarm" "$vref"
run_cmd env MAPLE_DATA_DIR="$D3" XDG_CACHE_HOME="$C3" MAPLE_SNAPSHOT_DEBUG=1 "$MAPLE" verify --no-tools "$SRC/bench/verify-200.sh"
expect_match "verify, warm: fewer documents than profiles (only the script's cluster built)" "$ERR" ": [1-9] hit\(s\), 0 miss\(es\)"
# a profile of another cluster than the script's broken after the index was written: reported
sed -i 's/^scheduler: .*/scheduler: lsf/' "$D3/clusters/frontier.yaml"
run_cmd env MAPLE_DATA_DIR="$D3" XDG_CACHE_HOME="$C3" "$MAPLE" verify --no-tools "$SRC/bench/verify-200.sh"
expect_eq "a broken profile after a warm run: verify fails" "$RC" "2"
expect_contains "a broken profile after a warm run: reported with its file" "$ERR" "frontier.yaml"
run_cmd env MAPLE_DATA_DIR="$D3" MAPLE_NO_SNAPSHOT=1 "$MAPLE" verify --no-tools "$SRC/bench/verify-200.sh"
expect_eq "the same error as without the snapshot" "$ERR" "$(env MAPLE_DATA_DIR="$D3" XDG_CACHE_HOME="$C3" "$MAPLE" verify --no-tools "$SRC/bench/verify-200.sh" 2>&1 >/dev/null)"

# the vocabulary records (src/request/vocab.c): once data/lexicon loaded without a message, a later process
# takes its words (and the systems list) from the snapshot; a lexicon file changed since (same size, old
# mtime) is read again, and the answers are always those without the snapshot
C4=$TMP/cache4
D4=$TMP/data4
cp -r "$SRC/data" "$D4"
lreqs=("train.py on 2 knoten of perlmutter, ddp, 1 hour, account m1234" "train.py on 2 nodes on Summit, 1 hour")
lex_all() { for r in "${lreqs[@]}"; do env MAPLE_DATA_DIR="$D4" "$@" "$MAPLE" generate --json "$r"; echo "rc=$?"; done 2>&1; }
lref=$(lex_all MAPLE_NO_SNAPSHOT=1)
expect_eq "vocabulary, cold: the answers without the snapshot" "$(lex_all XDG_CACHE_HOME="$C4")" "$lref"
expect_eq "vocabulary, warm: the same answers" "$(lex_all XDG_CACHE_HOME="$C4")" "$lref"
run_cmd env MAPLE_DATA_DIR="$D4" XDG_CACHE_HOME="$C4" MAPLE_SNAPSHOT_DEBUG=1 "$MAPLE" generate --json "${lreqs[1]}"
expect_match "vocabulary, warm: the cluster index, the vocabulary and the systems list from their records" "$ERR" \
	"0 miss\(es\), 0 rejected, not written; 3 record\(s\) used"
grep -qw knoten "$D4/lexicon/vocabulary.yaml" && grep -q 'name: summit,' "$D4/lexicon/systems.yaml" ||
	fail "fixture: the lexicon has no 'knoten' or no system 'summit'"
sed -i 's/\bknoten\b/kn0ten/g' "$D4/lexicon/vocabulary.yaml"
sed -i 's/name: summit,/name: sumnit,/' "$D4/lexicon/systems.yaml"
touch -r "$SRC/data/lexicon/vocabulary.yaml" "$D4/lexicon/vocabulary.yaml" # even with the old mtimes
touch -r "$SRC/data/lexicon/systems.yaml" "$D4/lexicon/systems.yaml"
lnew=$(lex_all MAPLE_NO_SNAPSHOT=1)
[ "$lnew" != "$lref" ] && pass "changed lexicon: the answers changed" || fail "the lexicon edit did not change the answers"
expect_eq "changed lexicon, warm cache: the answers of the changed files" "$(lex_all XDG_CACHE_HOME="$C4")" "$lnew"
expect_eq "changed lexicon, rewritten records: the same answers" "$(lex_all XDG_CACHE_HOME="$C4")" "$lnew"
# a broken lexicon file after a warm run: the same error as without the snapshot
sed -i 's/^node_units: \[/node_units: {/' "$D4/lexicon/vocabulary.yaml"
lerr=$(lex_all MAPLE_NO_SNAPSHOT=1)
expect_match "a broken lexicon file: an error" "$lerr" "vocabulary.yaml"
expect_eq "a broken lexicon file after a warm run: the same error as without the snapshot" "$(lex_all XDG_CACHE_HOME="$C4")" "$lerr"

# a process that rewrites the snapshot keeps the records it did not use: `debug` (its knowledge base is new
# to the snapshot) after a `generate`, then `generate` again takes its vocabulary from the records
C5=$TMP/cache5
env XDG_CACHE_HOME="$C5" "$MAPLE" generate --json "${REQS[0]}" >/dev/null 2>&1
run_cmd env XDG_CACHE_HOME="$C5" MAPLE_SNAPSHOT_DEBUG=1 "$MAPLE" debug --no-llm "$SRC/examples/failed/run.sh" --log "$SRC/examples/failed/slurm-123456.out"
expect_match "debug after generate: the snapshot rewritten" "$ERR" "[1-9][0-9]* miss\(es\), 0 rejected, written"
run_cmd env XDG_CACHE_HOME="$C5" MAPLE_SNAPSHOT_DEBUG=1 "$MAPLE" generate --json "${REQS[0]}"
expect_match "generate after it: the records kept (nothing parsed, nothing written)" "$ERR" "0 miss\(es\), 0 rejected, not written; 3 record\(s\) used"

finish
