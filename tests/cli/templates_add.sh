# templates_add.sh - `maple templates add`: refuses a script maple has not seen pass, saves one with
# --force as a valid template (placeholders for the command and the counts), refuses bad ids, clashes
# and unknown clusters. (Saving a script that really passed is tested on the Slurm lab: tests/lab/repair.sh.)
source "$(dirname "$0")/lib.bash"
export MAPLE_STATE_DIR="$TMP/state" XDG_CONFIG_HOME="$TMP/cfg"
"$MAPLE" generate --cluster perlmutter -o "$TMP/s.sh" "pytorch ddp training of train.py --lr 0.1 on 2 nodes for 30 minutes, account m1234" 2>/dev/null
run_maple templates add "$TMP/s.sh" --cluster perlmutter --id my-ddp
expect_eq "not verified: refused" "$RC" 2
expect_contains "not verified: says how to verify" "$ERR" "maple run"
run_maple templates add "$TMP/s.sh" --cluster perlmutter --id my-ddp --force
expect_eq "--force: saved" "$RC" 0
f="$TMP/cfg/maple/templates/perlmutter/my-ddp.yaml"
expect_contains "body: the command is a placeholder" "$(cat "$f")" "--master_port=\$MASTER_PORT {{command}}'"
expect_contains "body: node and GPU counts are placeholders" "$(cat "$f")" "--nnodes={{nodes}} --nproc_per_node={{gpus_per_node}}"
expect_contains "not tagged verified under --force" "$(grep '^tags' "$f")" "[user]"
run_maple templates --cluster perlmutter
expect_contains "listed after saving" "$OUT" "my-ddp"
run_maple generate --cluster perlmutter "pytorch ddp, 4 nodes, 1 hour, account m1, python run.py --x 1"
expect_eq "the saved template generates" "$RC" 0
expect_contains "its placeholders are filled" "$OUT" "--nnodes=4 --nproc_per_node=4"
run_maple templates add "$TMP/s.sh" --cluster perlmutter --id my-ddp --force
expect_eq "existing id: refused" "$RC" 2
run_maple templates add "$TMP/s.sh" --cluster perlmutter --id 'Bad Id' --force
expect_eq "bad id: refused" "$RC" 2
run_maple templates add "$TMP/s.sh" --cluster nowhere --id x --force
expect_eq "unknown cluster: refused" "$RC" 2

# The program's words must stand on the launch line as written: a variable holding the whole command
# ("$CMD" = "python train.py ...") would become {{command}} without its interpreter (the saved template
# ran `srun ... train.py`); refused, naming the line. The same command written out is saved, with the
# interpreter kept before {{command}}; so is a program inside a bash -c string with '\'' escapes.
hdr='#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00'
printf '%s\nCMD="python train.py --lr 1"\nsrun -N 2 --ntasks-per-node=4 $CMD\n' "$hdr" >"$TMP/var.sh"
run_maple templates add "$TMP/var.sh" --cluster perlmutter --id from-var --force
expect_eq "command in a variable: refused" "$RC" 2
expect_contains "command in a variable: names the line and why" "$ERR" "var.sh:8: the training program"
printf '%s\nsrun -N 2 --ntasks-per-node=4 python -u train.py --lr 1\n' "$hdr" >"$TMP/lit.sh"
run_maple templates add "$TMP/lit.sh" --cluster perlmutter --id from-lit --force
expect_eq "command written out: saved" "$RC" 0
expect_contains "command written out: the interpreter stays" \
	"$(cat "$TMP/cfg/maple/templates/perlmutter/from-lit.yaml" 2>/dev/null)" "python -u {{command}}"
{
	printf '%s\n' "$hdr"
	cat <<'SCRIPT'
srun -N 2 --ntasks-per-node=1 bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_PROCID train.py --run-name '\''a b'\'''
SCRIPT
} >"$TMP/esc.sh"
run_maple templates add "$TMP/esc.sh" --cluster perlmutter --id from-esc --force
expect_eq "program in a bash -c string with escapes: saved" "$RC" 0
expect_contains "program in a bash -c string with escapes: the placeholder inside the string" \
	"$(cat "$TMP/cfg/maple/templates/perlmutter/from-esc.yaml" 2>/dev/null)" "--node_rank=\$SLURM_PROCID {{command}}'"
finish
