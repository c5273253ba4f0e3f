# port_wild_said.sh - what a port of the corpus's wild scripts (tests/scripts, the batches port_wild.sh's table
# names) says and carries beyond that table's one pattern per port: node counts a comment gives, stray lines,
# Pyxis images, written configs, chains, environment wrappers, relative cds, helper steps and the lines a port
# leaves behind, each checked with the script's own line. Split from port_wild.sh (its table of verify findings
# and ported/refused/incomplete rows stays there); no check changed.
. "$(dirname "$0")/lib.bash" "$@"
S=$SRC/tests/scripts
# the node count a comment gives is said as the old size (900), the text's count wins over it; a stray line is
# named as never read (911)
run_maple generate --json --from "$S/900-pm-submit-comment-nodes.sh" --to polaris "account testproj"
expect_match "900: the port says the count the comment gives is the old size" "$(jqv '.warnings[]')" "line 3: the old script.s header sets no node count; the submit command its comment shows gives 4 nodes"
run_maple generate --json --from "$S/900-pm-submit-comment-nodes.sh" --to polaris "account testproj, 2 nodes"
expect_rc "900: with another count said, the port is made" 0
expect_match "900: the text's count wins over the comment's" "$(jqv '.script')" "^#PBS -l select=2"
run_maple generate --json --from "$S/911-pm-stray-pbs-walltime-only.sh" --to delta "account testproj"
expect_match "911: the stray #PBS walltime is named as never read" "$(jqv '.warnings[]')" "line 10: .#PBS -l walltime=08:00:00. not carried over: a #PBS line in a slurm script"
# what a port says it leaves behind: the Pyxis image (359), the words an array gets only under a
# condition (361), the user's settings file carried rather than dropped (363)
run_maple generate --json --from "$S/359-pyxis-container-image-srun.sh" --to perlmutter "account testproj"
expect_match "359: the port names the Pyxis image it does not carry" "$(jqv '.warnings[]')" "Pyxis/enroot.*nvcr\.io#nvidia/pytorch"
expect_match "359: and how to run it with Perlmutter's shifter" "$(jqv '.warnings[]')" "shifterimg pull nvcr\.io/nvidia/pytorch:24\.05-py3.*shifter image nvcr\.io/nvidia/pytorch:24\.05-py3"
# the Pyxis image named with the target's route (405-408): the pull for its runtime, a CUDA image on AMD
run_maple generate --json --from "$S/405-pyxis-torchrun-two-nodes-mounts.sh" --to polaris "account testproj"
expect_match "405: the image resolved from \$IMAGE, to build with Polaris's apptainer" "$(jqv '.warnings[]')" "line 13: .*apptainer pull IMAGE\.sif docker://nvcr\.io/nvidia/pytorch:24\.01-py3.*apptainer image IMAGE\.sif"
run_maple generate --json --from "$S/407-pyxis-space-options-module-entry.sh" --to frontier "account testproj"
expect_match "407: a CUDA image on Frontier's AMD GPUs is said" "$(jqv '.warnings[]')" "docker://docker\.io/pytorch/pytorch:2\.3\.0-cuda12\.1-cudnn8-runtime.*CUDA build for NVIDIA GPUs and OLCF Frontier's are AMD"
run_maple generate --json --from "$S/408-pyxis-sbatch-container-image-directive.sh" --to delta "account testproj"
expect_match "408: the header's image is named with Delta's route" "$(jqv '.warnings[]')" "line 7: .--container-image=nvcr\.io#nvidia/pytorch:24\.03-py3. not carried over.*apptainer pull"
run_maple generate --json --from "$S/406-pyxis-sqsh-file-per-gpu-python.sh" --to vista "account testproj"
expect_match "406: an image maple cannot read is said, never guessed" "$(jqv '.warnings[]')" "line 9: .--container-image. not carried over: .*an image maple cannot read"
# the mini-app copy of a tune run port starts the mini-app file with torchrun (tune run would run it as a module)
run_maple generate --json --from "$S/400-perlmutter-tune-run-full-two-nodes-c10d.sh" --to delta "account testproj"
jqv '.script' >"$TMP/tune.sh"
expect_eq "400: the verification copy of the tune run port is sound" "$(vcopy_problem "$TMP/tune.sh")" ""
rm -rf "$TMP/vc"
env -u SLURM_JOB_ID "$MAPLE" verify --run local --force --no-tools --timeout 5 --workdir "$TMP/vc" "$TMP/tune.sh" </dev/null >/dev/null 2>&1
expect_match "400: the copy runs torchrun in tune run's place" "$(cat "$TMP/vc/job.sh" 2>/dev/null)" "bash -c 'torchrun --nnodes=2 --nproc_per_node=4 .*maple_miniapp\.py"
run_maple generate --json --from "$S/361-array-append-conditional-flags.sh" --to polaris "account testproj"
expect_match "361: the port names the conditional ARGS+= line" "$(jqv '.warnings[]')" "line 11: .*adds to ARGS only when a condition holds"
run_maple generate --json --from "$S/363-env-file-set-a-source.sh" --to frontier "account testproj"
expect_match "363: the sourced settings file is carried, with its line" "$(jqv '.warnings[]')" "line 9: .source \./\.env. is carried over"
if printf '%s\n' "$(jqv '.warnings[]')" | grep -q 'source ./.env` not carried'; then
	fail "363: the carried settings file is not also listed as dropped"
else
	pass "363: the carried settings file is not also listed as dropped"
fi
# the project directory and its setup file (444): neither is carried silently - each is named with its line
run_maple generate --json --from "$S/444-cd-repo-source-setup-mpiexec.sh" --to frontier "account testproj"
expect_match "444: the cd into the old centre's checkout is named" "$(jqv '.warnings[]')" "line 10: .cd /lus/eagle/projects/vitproj/vit-repo. not carried over: the old job ran from"
expect_match "444: the sourced setup file is named" "$(jqv '.warnings[]')" "line 11: .source \./scripts/setup_env\.sh. not carried over"
# a variable set per array element in a case block (440) keeps every branch in the port, the index renamed
run_maple generate --json --from "$S/440-slurm-array-case-model-per-task.sh" --to polaris "account testproj"
expect_match "440: the whole case block is in the port" "$(jqv '.script')" "0\) MODEL=resnet50; BS=256 ;;"
expect_no_match "440: no single value replaces the branches" "$(jqv '.script')" "^export MODEL=[^']"
expect_match "440: the carried block is said" "$(jqv '.warnings[]')" "lines 10-14: the block that sets MODEL under a condition is carried over"
# a rendezvous port the old script made per array element (439) is said to be one port in the port
run_maple generate --json --from "$S/439-slurm-array-params-file-sed-line.sh" --to delta "account testproj"
expect_match "439: the per-element MASTER_PORT is named" "$(jqv '.warnings[]')" "line 13: MASTER_PORT was set per array element"
# a heterogeneous job is read from its GPU component, wherever it stands (438: first, 432: second)
run_maple extract --json --script "$S/438-slurm-hetjob-gpu-first-cpu-monitor.sh"
expect_eq "438: the nodes of the GPU component" "$(jqv '.request.nodes')" "4"
# each component of a heterogeneous job has its own options (no directive-conflict across `hetjob`),
# and the same option twice inside one component is still one
"$MAPLE" verify --json "$S/452-slurm-hetjob-one-srun-both-groups.sh" >"$TMP/h.json" 2>/dev/null
expect_eq "452: no conflict between the components' own -N" "$(jq -r '[.findings[] | select(.id == "directive-conflict")] | length' "$TMP/h.json")" "0"
sed 's/^#SBATCH -N 2 --ntasks-per-node=4/#SBATCH -N 2 -N 3 --ntasks-per-node=4/' "$S/452-slurm-hetjob-one-srun-both-groups.sh" >"$TMP/h2.sh"
"$MAPLE" verify --json "$TMP/h2.sh" >"$TMP/h.json" 2>/dev/null
expect_eq "452 mutated: -N twice in one component is a conflict on line 7" "$(jq -r '[.findings[] | select(.id == "directive-conflict") | .line] | join(",")' "$TMP/h.json")" "7"
# a block that also holds the old cluster's settings is not carried; the port says it keeps one value
sed 's/^    2) MODEL=convnext_tiny; BS=192 ;;/    2) MODEL=convnext_tiny; BS=192; export NCCL_SOCKET_IFNAME=hsn0 ;;/' \
	"$S/440-slurm-array-case-model-per-task.sh" >"$TMP/case-nccl.sh"
run_maple generate --json --from "$TMP/case-nccl.sh" --to polaris "account testproj"
expect_match "440 mutated: a block with NCCL_SOCKET_IFNAME is said not to be carried" "$(jqv '.warnings[]')" "lines 10-14: MODEL is set under a condition in a block that also sets NCCL_SOCKET_IFNAME.*only the last value"
expect_no_match "440 mutated: the old cluster's interface is not in the port" "$(jqv '.script')" "hsn0"
# a dependency chain is never carried silently (441, 442, 450, 433): each submission is named with its
# line and the target scheduler's own way to queue it
run_maple generate --json --from "$S/441-slurm-afterok-next-stage-parsable.sh" --to polaris "account testproj"
expect_match "441: the queued next stage is named, in PBS syntax" "$(jqv '.warnings[]')" "line 10: .*queues finetune_stage2\.sbatch \(afterok on this job\).*qsub -W depend=afterok:\\\$PBS_JOBID finetune_stage2\.sbatch"
run_maple generate --json --from "$S/441-slurm-afterok-next-stage-parsable.sh" --to perlmutter "account testproj"
expect_match "441: on a Slurm target, sbatch's own syntax" "$(jqv '.warnings[]')" "line 10: .*sbatch --dependency=afterok:\\\$SLURM_JOB_ID finetune_stage2\.sbatch"
run_maple generate --json --from "$S/442-pbs-qsub-depend-self-resubmit.sh" --to frontier "account testproj"
expect_match "442: PBS's qsub -W depend said in Slurm's syntax" "$(jqv '.warnings[]')" "line 12: .*queues job\.pbs \(afterany on this job\).*sbatch --dependency=afterany:"
run_maple generate --json --from "$S/450-afterok-loop-chain-submit-wrapper.sh" --to polaris "account testproj"
expect_match "450: a job that queues itself again is said to run one segment" "$(jqv '.warnings[]')" "line 15: .*queues itself again \(afterok on this job\).*runs one segment.*qsub -W depend=afterok:"
run_maple generate --json --from "$S/433-slurm-dependency-chain-resubmit.sh" --to delta "account testproj"
expect_match "433: the resubmission before the training is named" "$(jqv '.warnings[]')" "line 12: .*queues itself again \(afterany on this job\)"
# round 13 (453-469): what a port does not write again is named with its line, and nothing it needs is lost
run_maple generate --json --from "$S/455-pixi-run-torchrun-standalone-one-node.sh" --to polaris "account testproj"
expect_match "455: the pixi wrapper is carried, with its line" "$(jqv '.warnings[]')" "line 10: .pixi run --manifest-path \./pixi\.toml. in front of the program is carried over"
run_maple generate --json --from "$S/456-srun-micromamba-run-env-python.sh" --to delta "account testproj"
expect_match "456: the micromamba environment is named" "$(jqv '.warnings[]')" "line 10: .micromamba run -n torch24. in front of the program not carried over: it runs the program in a conda environment"
run_maple generate --json --from "$S/467-uv-run-project-srun-python.sh" --to polaris "account testproj"
expect_match "467: the uv wrapper is carried, with its line" "$(jqv '.warnings[]')" "line 12: .uv run --project \./llm-train. in front of the program is carried over"
run_maple generate --json --from "$S/458-timeout-srun-requeue-on-124.sh" --to perlmutter "account testproj"
expect_match "458: the time limit in front of the launch is named" "$(jqv '.warnings[]')" "line 11: .timeout 23h. in front of the program not carried over: it stops the launch after a time limit"
# round 14 (470-487): a project-environment manager (uv/pixi/poetry run) is carried in front of the
# launcher, with its line and what the target needs; a conda environment of the old cluster is not
run_maple generate --json --from "$S/467-uv-run-project-srun-python.sh" --to polaris "account testproj"
expect_match "467: uv run is carried, inside the per-rank shell" "$(jqv '.script')" "exec uv run --project \./llm-train python -u -m llm_train\.pretrain"
expect_match "467: the carried wrapper is said with its line" "$(jqv '.warnings[]')" "line 12: .uv run --project \./llm-train. in front of the program is carried over: .*needs .uv. on PATH"
run_maple generate --json --from "$S/473-srun-pixi-run-environment-python.sh" --to delta "account testproj"
expect_match "473: pixi's environment wraps torchrun on Delta" "$(jqv '.script')" "bash -c 'pixi run -e cuda torchrun --nnodes=2"
expect_no_match "473: no placeholder for an environment the wrapper provides" "$(jqv '.script')" "EDIT: .* provides no"
run_maple generate --json --from "$S/477-conda-run-no-capture-output-srun-python.sh" --to delta "account testproj"
expect_no_match "477: the old cluster's conda run is not carried" "$(jqv '.script')" "conda run"
expect_match "477: and it is named with its line" "$(jqv '.warnings[]')" "line 10: .conda run --no-capture-output -n dl24. in front of the program not carried over"
run_maple generate --json --from "$S/471-cd-and-uv-run-torchrun-compound.sh" --to polaris "account testproj"
expect_match "471: the cd of the compound line is carried, with its line" "$(jqv '.warnings[]')" "line 8: .cd basics-lm. is carried over before the launch: the old job ran from basics-lm"
expect_match "471: as a cd of its own before the launch" "$(jqv '.script')" "^cd basics-lm \\|\\| exit 1$"
# a wrapper with a quote in a word is escaped for the per-rank shell's single quotes
sed "s|srun uv run --project ./llm-train python|srun uv run --project \"./it's here\" python|" "$S/467-uv-run-project-srun-python.sh" >"$TMP/uvq.sh"
run_maple generate --json --from "$TMP/uvq.sh" --to polaris "account testproj"
jqv '.script' >"$TMP/uvq-port.sh"
expect_eq "467 mutated: the port with a quoted wrapper word is valid shell" "$(bash -n "$TMP/uvq-port.sh" 2>&1)" ""
expect_match "467 mutated: the word keeps its quote" "$(jqv '.script')" "uv run --project .*it.*s here.* python -u"
# a launch line behind an empty-by-default variable ($PROFILE_CMD) has no wrapper to name
run_maple generate --json --from "$S/01-profile-cmd-prefix.sh" --to polaris "account testproj"
expect_no_match "01: no wrapper named for an empty-by-default prefix" "$(jqv '.warnings[]')" "in front of the program not carried over"
# the Accelerate config the old script writes (457): written again before the launch as it was, named by
# --config_file as before (session 14: it was dropped and only its mixed precision passed as a flag)
run_maple generate --json --from "$S/457-poetry-run-accelerate-config-heredoc.sh" --to frontier "account testproj"
expect_match "457: the written config is written again" "$(jqv '.script')" "^mixed_precision: bf16$"
expect_match "457: --config_file names it, no strategy flag of maple's" "$(jqv '.script')" "accelerate launch .*--config_file accel_ddp\.yaml finetune_sft\.py"
expect_match "457: the port says so, with the heredoc's line" "$(jqv '.warnings[]')" "line 9: the Accelerate config the old script writes \(accel_ddp\.yaml\) is kept"
# one it cannot write again (a variable in a key the port does not set): its mixed precision is passed as the
# flag, and the port's strategy flag stays
sed 's/^main_training_function: main$/main_training_function: $FN/' "$S/457-poetry-run-accelerate-config-heredoc.sh" >"$TMP/acc-var.sh"
run_maple generate --json --from "$TMP/acc-var.sh" --to frontier "account testproj"
expect_match "457 mutated: mixed_precision of the written config is passed" "$(jqv '.script')" "accelerate launch .*--mixed_precision bf16 --multi_gpu finetune_sft\.py"
expect_match "457 mutated: the port says so, with the heredoc's line" "$(jqv '.warnings[]')" "line 9: the Accelerate config the old script writes \(accel_ddp\.yaml\) says mixed_precision: bf16"
expect_no_match "457 mutated: the config is not written again" "$(jqv '.script')" "^main_training_function"
sed 's/^mixed_precision: bf16$/mixed_precision: "no"/' "$TMP/acc-var.sh" >"$TMP/acc-no.sh"
run_maple generate --json --from "$TMP/acc-no.sh" --to frontier "account testproj"
expect_no_match "457 mutated: mixed_precision no adds no flag" "$(jqv '.script')" "--mixed_precision"
# a written DeepSpeed-type Accelerate config ported to several nodes (37): accelerate is told not to use pdsh
run_maple generate --json --from "$S/37-accelerate-heredoc-ds.sh" --to polaris "account testproj"
expect_match "37: the kept config runs with DeepSpeed's standard multi-node launcher" "$(jqv '.script')" "--config_file accel\.yaml --deepspeed_multinode_launcher standard train_dpo\.py"
# getopts options (461): the value each variable has before the loop is carried with the loop, and the
# variables getopts binds itself are not called unset
run_maple generate --json --from "$S/461-getopts-options-then-srun.sh" --to frontier "account testproj"
expect_match "461: EPOCHS keeps its default before the loop" "$(jqv '.script')" "^export EPOCHS=10$"
expect_match "461: LR keeps its default before the loop" "$(jqv '.script')" "^export LR=1e-3$"
expect_no_match "461: \$opt and \$OPTARG are not called unset" "$(jqv '.warnings[]')" "OPTARG is used by the launch line|\\\$opt is used by the launch line"
# a relative cd (session 15): carried before the launch, where the old job's relative paths resolve the
# same on the target (a port is submitted from the project as the old job was); a cd into another
# centre's file system ($WORK, $SCRATCH, an absolute path) stays named, not carried
run_maple generate --json --from "$S/503-slurm-cd-subdir-conda-plain-python.sh" --to polaris "account testproj"
expect_match "503: the cd is said with its line" "$(jqv '.warnings[]')" "^line 11: .cd experiments. is carried over before the launch: the old job ran from experiments"
cdl=$(jqv '.script' | grep -n '^cd experiments' | cut -d: -f1)
lal=$(jqv '.script' | grep -n '^mpiexec' | cut -d: -f1)
wdl=$(jqv '.script' | grep -n '^cd "\$PBS_O_WORKDIR"' | cut -d: -f1)
expect_eq "503: after the cd to the submit directory and before the launch" "$([ "${wdl:-0}" -lt "${cdl:-0}" ] && [ "${cdl:-0}" -lt "${lal:-0}" ] && echo yes)" yes
run_maple generate --json --from "$S/511-tacc-ibrun-cd-work-absolute.sh" --to delta "account testproj"
expect_no_match "511: the cd into \$WORK is not carried" "$(jqv '.script')" "projects/resnet"
expect_match "511: it is named with its line" "$(jqv '.warnings[]')" "line 12: .cd \\\$WORK/projects/resnet. not carried over: the old job ran from"
run_maple generate --json --from "$S/514-perlmutter-cd-scratch-parent-config.sh" --to polaris "account testproj"
expect_no_match "514: the cd into \$SCRATCH is not carried" "$(jqv '.script')" "runs/gpt"
run_maple generate --json --from "$S/517-pushd-code-accelerate-popd.sh" --to frontier "account testproj"
expect_no_match "517: the popd after the launch is not carried" "$(jqv '.script')" "popd"
# a cd after the launch changes nothing the launch needs
sed '/^cd experiments$/d' "$S/503-slurm-cd-subdir-conda-plain-python.sh" >"$TMP/cd-after.sh"
echo 'cd experiments' >>"$TMP/cd-after.sh"
run_maple generate --json --from "$TMP/cd-after.sh" --to delta "account testproj"
expect_no_match "503 mutated: a cd after the launch is not carried" "$(jqv '.script')" "^cd experiments"
# two relative cds before the launch: both, in their order
sed 's/^cd experiments$/cd experiments\ncd fold0/' "$S/503-slurm-cd-subdir-conda-plain-python.sh" >"$TMP/cd-two.sh"
run_maple generate --json --from "$TMP/cd-two.sh" --to delta "account testproj"
expect_match "503 mutated: two cds, in their order" "$(jqv '.script' | grep '^cd ' | tr '\n' ' ')" "^cd experiments \\|\\| exit 1 cd fold0 \\|\\| exit 1 $"
# a helper script the launch line runs that is not beside the job script: what is missing says so
run_maple generate --json --from "$S/509-srun-per-node-helper-missing-chdir.sh" --to polaris "account testproj"
expect_match "509: incomplete names the line and the helper" "$(jqv '.missing[]')" "line 9: .srun -l --ntasks-per-node=1 slurm/run_torchrun\.sh. runs the shell script slurm/run_torchrun\.sh"
expect_no_match "509: not maple's own failure" "$(jqv '.errors[]' 2>/dev/null)" "please report"
# #SBATCH --chdir / -D: the directory the old job ran from is named as such (the port runs from the submit
# directory), not as a scheduler setting
sed 's|^srun -l --ntasks-per-node=1 slurm/run_torchrun\.sh$|srun -l --ntasks-per-node=1 torchrun --nproc_per_node=1 main.py 50 10|' "$S/509-srun-per-node-helper-missing-chdir.sh" >"$TMP/chdir.sh"
run_maple generate --json --from "$TMP/chdir.sh" --to polaris "account testproj"
expect_match "509 mutated: --chdir names where the old job ran" "$(jqv '.warnings[]')" "line 8: .#SBATCH --chdir=/home/me/src/ddp-series. not carried over: the old job ran from that directory, where its relative paths resolve"
sed 's|^#SBATCH -o job_%j.out$|#SBATCH -D /scratch/me/seg|' "$S/503-slurm-cd-subdir-conda-plain-python.sh" >"$TMP/chdir-D.sh"
run_maple generate --json --from "$TMP/chdir-D.sh" --to frontier "account testproj"
expect_match "503 mutated: -D names where the old job ran" "$(jqv '.warnings[]')" "line 8: .#SBATCH -D /scratch/me/seg. not carried over: the old job ran from that directory"
expect_no_match "503 mutated: a relative cd after -D into another centre's path is not carried" "$(jqv '.script')" "^cd experiments"
# a settings file sourced by a relative path is read where the old job read it: before a carried cd when
# it came before it (544, 546), after it when it came after (545)
for c in "544-source-relative-settings-then-cd-launch-uses-var polaris ^set -a \. \./settings\.sh set \+a cd runs/exp12 " \
	"544-source-relative-settings-then-cd-launch-uses-var frontier ^set -a \. \./settings\.sh set \+a cd runs/exp12 " \
	"546-pbs-dot-source-config-then-cd-workdir-src perlmutter ^set -a \. config/paths\.env set \+a cd \"\\\$SLURM_SUBMIT_DIR\"/src " \
	"545-cd-subdir-then-source-local-settings delta ^cd experiments/ablation3 \|\| exit 1 set -a \. \./local_env\.sh "; do
	read -r n t pat <<<"$c"
	run_maple generate --json --from "$S/$n.sh" --to "$t" "account testproj"
	expect_match "${n%%-*}: the settings file and the cd in the old order on $t" \
		"$(jqv '.script' | grep -E '^(cd [^"$]|cd "\$SLURM|\. |set [-+]a)' | grep -v '^cd "\$PBS_O_WORKDIR" || exit 1$' | tr '\n' ' ')" "$pat"
done
# launch text in exported strings (532): the strings are not carried, the program's own variables are
run_maple generate --json --from "$S/532-accelerate-launcher-script-args-env-strings.sh" --to polaris "account testproj"
expect_match "532: the launcher string is named as not carried" "$(jqv '.warnings[]')" "line 15: LAUNCHER not carried over: it holds launch text"
expect_no_match "532: no Slurm count reaches the Polaris script" "$(jqv '.script')" "SLURM_NNODES"
# $* as the program (522): said, and handed on live
run_maple generate --json --from "$S/522-sourced-vars-srun-python-star-args.sh" --to polaris "account testproj"
expect_match "522: the job's own arguments are named" "$(jqv '.warnings[]')" "come from the job's own arguments \(\\\$\*\)"
# a container image goes only to nodes of its CPU architecture (555: DeltaAI's aarch64 Grace nodes): to
# x86_64 nodes it is named as not carried, with its line and why; to Vista (aarch64) it is carried; an
# image of a script whose cluster maple does not know is carried to Vista with the architecture said (553)
for t in delta polaris; do
	run_maple generate --json --from "$S/555-deltaai-apptainer-sif-torchrun.sh" --to "$t" "account testproj"
	expect_no_match "555: no aarch64 image in the $t port" "$(jqv '.script')" "pytorch_24\.09-py3\.sif"
	expect_match "555: the image is named as not carried to $t" "$(jqv '.warnings[]')" "line 12: .apptainer. not carried over: the image /sw/user/NGC_containers/pytorch_24\.09-py3\.sif was run on NCSA DeltaAI's aarch64 nodes"
done
run_maple generate --json --from "$S/553-apptainer-image-from-vars.sh" --to vista "account testproj"
expect_match "553: Vista's architecture is said with the carried image" "$(jqv '.warnings[]')" "nodes are aarch64: the image /projects/shared/containers/ngc-pytorch-24\.05\.sif runs there only if it was built for aarch64"
# the other scheduler's array index renamed inside arithmetic is said (547)
run_maple generate --json --from "$S/547-slurm-array-seed-arith-bare-name.sh" --to polaris "account testproj"
expect_match "547: the rename inside arithmetic is said" "$(jqv '.warnings[]')" "SLURM_ARRAY_TASK_ID renamed to .PBS_ARRAY_INDEX inside its arithmetic expansion"
# Flux jobs (558-564): the header and `flux run` are read; nothing of Flux reaches a port (its task
# variables are the target launcher's there), and what the old job asked of Flux is named with its line
for t in polaris frontier; do
	run_maple generate --json --from "$S/563-flux-run-bash-c-task-rank-vars.sh" --to "$t" "account testproj"
	expect_no_match "563: no Flux variable or command in the $t port" "$(jqv '.script')" "FLUX_|flux "
done
run_maple generate --json --from "$S/558-flux-batch-run-per-gpu-python.sh" --to frontier "account testproj"
expect_match "558: the Flux queue is named as not carried" "$(jqv '.warnings[]')" "line 6: .#flux: -q pbatch. not carried over"
expect_match "558: the world size is kept (2 nodes x 4 GPUs -> 1 Frontier node)" "$(jqv '.script')" "#SBATCH -N 1$"
# shell functions (571-575): a variable the body binds from one of its arguments (local cfg=$1) stands
# for the call's word (the program gets that word), never for the job's own "${1}"; the call of the
# function is not run again as a step of its own
run_maple generate --json --from "$S/572-pbs-function-seed-from-first-arg.sh" --to perlmutter "account testproj"
expect_no_match "572: no positional parameter of the job in the port" "$(jqv '.script')" "\\$\\{?1|SEED=\"?\\$"
for c in "574-logging-runner-function-whole-command polaris" "575-tacc-ibrun-function-program-as-argument perlmutter"; do
	read -r n t <<<"$c"
	run_maple generate --json --from "$S/$n.sh" --to "$t" "account testproj"
	expect_eq "${n%%-*}: the training is launched once on $t" "$(jqv '.script' | grep -c 'train_[a-z]*\.py')" 1
	expect_no_match "${n%%-*}: the function's call is no step of its own" "$(jqv '.warnings[]')" "single-task step"
done
# called with a default it does not override: the default stands
sed 's/^run_training configs\/vit_large\.yaml --epochs 30 --amp$/run_training/' "$S/571-function-local-positional-shift-srun.sh" >"$TMP/fn-def.sh"
run_maple generate --json --from "$TMP/fn-def.sh" --to delta "account testproj"
expect_match "571 mutated: the default of \${1:-...} when the call gives none" "$(jqv '.script')" "train\.py --config configs/base\.yaml"
# Derecho's set_gpu_rank is named as that machine's GPU binding, not as a word maple does not know
run_maple generate --json --from "$S/580-derecho-pbs-set-gpu-rank-mpiexec.sh" --to polaris "account testproj"
expect_match "580: set_gpu_rank named as Derecho's" "$(jqv '.warnings[]')" "line 17: .set_gpu_rank. not carried over: NCAR Derecho's wrapper"
expect_no_match "580: and not carried" "$(jqv '.script')" "set_gpu_rank"
finish
