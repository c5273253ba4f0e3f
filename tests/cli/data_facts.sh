# data_facts.sh - cluster knowledge that was C and is data now (issue 14).
#
# The centres' login variables: data/scripts/siteenv.yaml names
# each variable (or family of variables: TACC_, OLCF_) with the cluster whose login environment or modules
# set it and a source; src/verify/lookup.c keeps only the launchers', MPI's, the module system's and the
# shell's. A golden script with one such variable added to its launch line is verified on the cluster
# that sets it (no finding about it) and on one that does not (site-variable, naming the clusters that
# do); a name no data lists ($WORK2, which no centre's page names) is a variable nothing sets; and
# `maple generate` asks at submission for no variable a centre sets, but does for one nothing sets.
#
# Which clusters launch with ibrun: their profiles' launcher, not a sentence in src/verify/checks_launch.c.
#
# Run: bash tests/cli/data_facts.sh build/maple .
. "$(dirname "$0")/lib.bash" "$@"

G=$SRC/tests/golden
N=0

# vcase NAME CLUSTER GOLDEN SED WANT...: the golden script edited by SED, verified for CLUSTER. Each WANT is
# ID=REGEX (a finding ID whose message matches REGEX) or !ID (no finding ID).
vcase() {
	local name=$1 cid=$2 golden=$3 expr=$4 want id pat
	shift 4
	N=$((N + 1))
	local f=$TMP/case$N.sh
	sed -e "$expr" "$G/$golden" >"$f"
	if cmp -s "$f" "$G/$golden"; then
		fail "$name: the edit of $golden did not apply"
		return
	fi
	run_maple verify --json --no-tools --cluster "$cid" "$f"
	if ! jq -e . >/dev/null 2>&1 <<<"$OUT"; then
		fail "$name: verify --json gave no JSON (exit $RC)" "${ERR:0:500}"
		return
	fi
	for want in "$@"; do
		case $want in
		!*)
			id=${want#!}
			if jq -e --arg id "$id" '[.findings[] | select(.id == $id)] | length == 0' >/dev/null <<<"$OUT"; then
				pass "$name: no $id"
			else
				fail "$name: unexpected $id" "$(jq -c --arg id "$id" '.findings[] | select(.id == $id)' <<<"$OUT")"
			fi
			;;
		*)
			id=${want%%=*} pat=${want#*=}
			if jq -e --arg id "$id" --arg p "$pat" '[.findings[] | select(.id == $id and (.message | test($p)))] | length > 0' \
				>/dev/null <<<"$OUT"; then
				pass "$name: $id /$pat/"
			else
				fail "$name: want $id matching /$pat/" "$(jq -c '[.findings[] | {id, message}]' <<<"$OUT")"
			fi
			;;
		esac
	done
}

# TACC's modules define TACC_<PACKAGE>_DIR/_LIB/_INC (TACC's naming convention): set on TACC's systems,
# another centre's names elsewhere (they were taken as set everywhere by a C list before)
vcase "TACC_ family on Lonestar6" lonestar6 lonestar6-pytorch-ddp.sh "s|--lr 0.1'|--lr 0.1 --h5 \$TACC_HDF5_DIR/lib'|" \
	'!site-variable' '!variable-unset'
vcase "TACC_ family on Polaris" polaris polaris-pytorch-ddp.sh "s|--lr 0.001'|--lr 0.001 --h5 \$TACC_HDF5_DIR/lib'|" \
	'site-variable=\$TACC_HDF5_DIR comes from another centre.s login environment \(\$TACC_HDF5_DIR on lonestar6, stampede3, vista\)' \
	'!variable-unset'
# OLCF's modules set OLCF_<PACKAGE>_ROOT (inferred from OLCF's pages)
vcase "OLCF_ family on Frontier" frontier frontier-pytorch-ddp.sh "s|--batch-size 32'|--batch-size 32 --h5 \$OLCF_HDF5_ROOT/lib'|" \
	'!site-variable' '!variable-unset'
vcase "OLCF_ family on Perlmutter" perlmutter perlmutter-pytorch-ddp.sh \
	"s|--batch-size 256'|--batch-size 256 --h5 \$OLCF_HDF5_ROOT/lib'|" 'site-variable=\$OLCF_HDF5_ROOT on frontier' '!variable-unset'
# NERSC_HOST: NERSC's login environment (secondary)
vcase "NERSC_HOST on Perlmutter" perlmutter perlmutter-pytorch-ddp.sh "s|--batch-size 256'|--batch-size 256 --tag \$NERSC_HOST'|" \
	'!site-variable' '!variable-unset'
vcase "NERSC_HOST on Polaris" polaris polaris-pytorch-ddp.sh "s|--lr 0.001'|--lr 0.001 --tag \$NERSC_HOST'|" \
	'site-variable=\$NERSC_HOST on perlmutter' '!variable-unset'
# the variables the data had before stay where they were
vcase "PSCRATCH on Perlmutter" perlmutter perlmutter-pytorch-ddp.sh "s|--batch-size 256'|--batch-size 256 --out \$PSCRATCH/run'|" \
	'!site-variable' '!variable-unset'
vcase "MEMBERWORK on Polaris" polaris polaris-pytorch-ddp.sh "s|--lr 0.001'|--lr 0.001 --out \$MEMBERWORK/abc/run'|" \
	'site-variable=\$MEMBERWORK on frontier' '!variable-unset'
# names no centre's page gives (the C list had WORK2 and the ALCF_ prefix): nothing sets them
vcase "WORK2 on Lonestar6" lonestar6 lonestar6-pytorch-ddp.sh "s|--lr 0.1'|--lr 0.1 --out \$WORK2/run'|" \
	'variable-unset=\$WORK2 is used on the launch line but nothing sets it' '!site-variable'
vcase "ALCF_ name on Polaris" polaris polaris-pytorch-ddp.sh "s|--lr 0.001'|--lr 0.001 --p \$ALCF_PROJECT'|" \
	'variable-unset=\$ALCF_PROJECT is used' '!site-variable'

# ibrun where the cluster's launcher is srun: the message names the clusters whose launcher it is, from data
vcase "ibrun on Delta" delta delta-pytorch-ddp.sh 's|^srun -N 4 -n 4 --ntasks-per-node=1 bash -c|ibrun -n 4 bash -c|' \
	'launcher-scheduler=^ibrun: ibrun is the launcher of lonestar6, stampede3, vista: this cluster does not have it'

# generate: a variable a centre sets is not asked for at submission (${X:?...}); one nothing sets is
run_maple generate --cluster lonestar6 "pytorch ddp, 2 nodes, 1 hour, account ABC12345, train.py --h5 \$TACC_HDF5_DIR/lib"
expect_rc "generate with \$TACC_HDF5_DIR on Lonestar6: exit" 0
expect_contains "generate with \$TACC_HDF5_DIR on Lonestar6: the argument kept" "$OUT" '"${TACC_HDF5_DIR}"/lib'
expect_not_contains "generate with \$TACC_HDF5_DIR on Lonestar6: not asked for at submission" "$OUT" '${TACC_HDF5_DIR:?'
run_maple generate --cluster lonestar6 "pytorch ddp, 2 nodes, 1 hour, account ABC12345, train.py --out \$WORK2/run"
expect_rc "generate with \$WORK2 on Lonestar6: exit" 0
expect_contains "generate with \$WORK2 on Lonestar6: asked for at submission" "$OUT" '${WORK2:?maple: WORK2 is not set'
run_maple generate --json --cluster polaris "pytorch ddp, 2 nodes, 1 hour, account MyProj, train.py --h5 \$TACC_HDF5_DIR/lib"
expect_rc "generate with \$TACC_HDF5_DIR on Polaris: exit" 0
expect_json_true "generate with \$TACC_HDF5_DIR on Polaris: the check says it is another centre's" \
	'[.warnings[] | test("\\[site-variable\\] \\$TACC_HDF5_DIR comes from another centre")] | any'

finish
