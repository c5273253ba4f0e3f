/* test_patch.c - src/debug/patch.c: every patch operation on a small script (the exact text it
 * produces), placeholders, quoting inside bash -c strings, not-applicable patches, and bash -n on
 * every result. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/patch.h"
#include "script/jobscript.h"

#include "testutil.h"

static const char base[] = "#!/bin/bash\n"
			   "#SBATCH --nodes=2\n"
			   "#SBATCH --gpus-per-node=4\n"
			   "#SBATCH --time=01:00:00\n"
			   "\n"
			   "module load pytorch/2.1\n"
			   "\n"
			   "export NCCL_DEBUG=WARN\n"
			   "export MASTER_ADDR=localhost\n"
			   "export MASTER_PORT=29500\n"
			   "srun -N 2 --ntasks-per-node=1 bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=0 "
			   "--master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py --epochs 3 --batch-size 64'\n";

static const char launch_line[] = "srun -N 2 --ntasks-per-node=1 bash -c 'torchrun --nnodes=2 --nproc_per_node=4 "
				  "--node_rank=0 --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py "
				  "--epochs 3 --batch-size 64'\n";

static struct repo *repo;

static int setup(void **state)
{
	(void)state;
	repo = tu_open_real_repo();
	return repo ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	repo_destroy(repo);
	return 0;
}

/* bash -n on a text (fails the test when it does not parse). */
static void bash_n(const char *text)
{
	char *dir = tu_mkdtemp();
	tu_write(dir, "s.sh", text);
	char *out = tu_run_bash("bash -n s.sh", dir);
	free(out);
	tu_rm_rf(dir);
	free(dir);
}

/* Applies ops to text; returns the new text (free() it) or NULL with the reason in why. */
static char *apply_ops(const char *text, const struct patch_op *ops, size_t n, const struct cluster *c, char *why,
		       size_t whylen)
{
	struct patch_result r;
	struct maple_error err;
	assert_int_equal(patch_apply(ops, n, text, strlen(text), c, &r, &err), 0);
	char *out = NULL;
	if (r.applicable) {
		assert_null(r.reason);
		out = strdup(r.text);
		bash_n(out);
	} else {
		assert_non_null(r.reason);
		snprintf(why, whylen, "%s", r.reason);
	}
	patch_result_release(&r);
	return out;
}

static struct patch_op op(enum patch_kind k)
{
	struct patch_op o;
	memset(&o, 0, sizeof(o));
	o.kind = k;
	return o;
}

/* The script with one substring replaced, checked against applying o. */
static void expect_replace(const char *script, struct patch_op o, const struct cluster *c, const char *from,
			   const char *to)
{
	char why[512] = "";
	char *got = apply_ops(script, &o, 1, c, why, sizeof(why));
	if (!got)
		fail_msg("%s not applicable: %s", patch_kind_name(o.kind), why);
	char *want = tu_replace(script, from, to);
	assert_string_equal(got, want);
	free(got);
	free(want);
}

static void expect_not_applicable(const char *script, struct patch_op o, const struct cluster *c, const char *reason)
{
	char why[512] = "";
	char *got = apply_ops(script, &o, 1, c, why, sizeof(why));
	if (got)
		fail_msg("%s applied, want not applicable (%s):\n%s", patch_kind_name(o.kind), reason, got);
	assert_contains(why, reason);
}

/* ---- environment ---- */

static void set_env_new(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_ENV);
	o.f[PF_NAME] = "NCCL_SOCKET_IFNAME";
	o.f[PF_VALUE] = "^lo,docker";
	expect_replace(base, o, NULL, "srun -N", "export NCCL_SOCKET_IFNAME='^lo,docker'\nsrun -N");
}

static void set_env_replaces(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_ENV);
	o.f[PF_NAME] = "NCCL_DEBUG";
	o.f[PF_VALUE] = "INFO";
	expect_replace(base, o, NULL, "NCCL_DEBUG=WARN", "NCCL_DEBUG=INFO");
	/* the same value: nothing to do */
	o.f[PF_VALUE] = "WARN";
	expect_not_applicable(base, o, NULL, "changes nothing");
}

static void set_env_variable_value(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_ENV);
	o.f[PF_NAME] = "OMP_NUM_THREADS";
	o.f[PF_VALUE] = "$SLURM_CPUS_PER_TASK";
	expect_replace(base, o, NULL, "srun -N", "export OMP_NUM_THREADS=\"${SLURM_CPUS_PER_TASK}\"\nsrun -N");
	/* a value with shell syntax stays literal */
	o.f[PF_VALUE] = "a b; rm -rf /";
	expect_replace(base, o, NULL, "srun -N", "export OMP_NUM_THREADS='a b; rm -rf /'\nsrun -N");
}

static void set_env_plain_assignment(void **state)
{
	(void)state;
	char *s = tu_replace(base, "export NCCL_DEBUG=WARN", "NCCL_DEBUG=WARN");
	struct patch_op o = op(PK_SET_ENV);
	o.f[PF_NAME] = "NCCL_DEBUG";
	o.f[PF_VALUE] = "INFO";
	/* an unexported assignment becomes an export */
	expect_replace(s, o, NULL, "NCCL_DEBUG=WARN", "export NCCL_DEBUG=INFO");
	free(s);
}

static void set_env_in_command_prefix(void **state)
{
	(void)state;
	char *s = tu_replace(base, "srun -N 2", "NCCL_DEBUG=TRACE srun -N 2");
	struct patch_op o = op(PK_SET_ENV);
	o.f[PF_NAME] = "NCCL_DEBUG";
	o.f[PF_VALUE] = "INFO";
	expect_replace(s, o, NULL, "NCCL_DEBUG=TRACE srun", "NCCL_DEBUG=INFO srun");
	free(s);
}

static void unset_env(void **state)
{
	(void)state;
	struct patch_op o = op(PK_UNSET_ENV);
	o.f[PF_NAME] = "NCCL_DEBUG";
	expect_replace(base, o, NULL, "export NCCL_DEBUG=WARN\n", "");
	/* a variable the script never sets: no no-op `unset`, no patch (issue 16) */
	o.f[PF_NAME] = "FI_PROVIDER";
	expect_not_applicable(base, o, NULL, "the script does not set FI_PROVIDER");
	o.f[PF_NAME] = "CUDA_VISIBLE_DEVICES";
	expect_not_applicable(base, o, NULL, "removing it would change nothing");
	/* in a list: only that word goes */
	char *s = tu_replace(base, "export NCCL_DEBUG=WARN", "export NCCL_DEBUG=WARN FOO=1");
	o.f[PF_NAME] = "NCCL_DEBUG";
	expect_replace(s, o, NULL, "export NCCL_DEBUG=WARN FOO=1", "export FOO=1");
	free(s);
	/* after && : becomes a no-op */
	s = tu_replace(base, "export NCCL_DEBUG=WARN", "true && export NCCL_DEBUG=WARN");
	expect_replace(s, o, NULL, "true && export NCCL_DEBUG=WARN", "true && :");
	free(s);
}

/* ---- directives with shell variables (issue 16: sbatch does not expand them) ---- */

static void expand_directive_vars(void **state)
{
	(void)state;
	struct patch_op o = op(PK_EXPAND_DIRECTIVE_VARS);
	const char *s = "#!/bin/bash\n#SBATCH --account=$proj\n#SBATCH -p ${PART}\n#SBATCH -N 2\nproj=m1234\nPART=gpu\nsrun python train.py\n";
	expect_replace(s, o, NULL, "#SBATCH --account=$proj\n#SBATCH -p ${PART}", "#SBATCH --account=m1234\n#SBATCH -p gpu");
	/* a value the script computes cannot be written into a directive */
	const char *t = "#!/bin/bash\n#SBATCH --account=$proj\nproj=$(id -gn)\nsrun python train.py\n";
	expect_not_applicable(t, o, NULL, "uses $proj, which the script gives no plain value");
	const char *u = "#!/bin/bash\n#SBATCH --account=$proj\nsrun python train.py\n";
	expect_not_applicable(u, o, NULL, "uses $proj");
	/* nothing to do */
	expect_not_applicable(base, o, NULL, "no #SBATCH/#PBS line uses a $variable");
}

/* ---- launcher options ---- */

static void launcher_option_add(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_LAUNCHER_OPTION);
	o.f[PF_LAUNCHER] = "srun";
	o.f[PF_OPTION] = "--export";
	o.f[PF_VALUE] = "ALL";
	expect_replace(base, o, NULL, "--ntasks-per-node=1 bash", "--ntasks-per-node=1 --export=ALL bash");
	/* a flag */
	o.f[PF_OPTION] = "--kill-on-bad-exit";
	o.f[PF_VALUE] = NULL;
	expect_replace(base, o, NULL, "--ntasks-per-node=1 bash", "--ntasks-per-node=1 --kill-on-bad-exit bash");
}

static void launcher_option_replace(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_LAUNCHER_OPTION);
	o.f[PF_LAUNCHER] = "srun";
	o.f[PF_OPTION] = "--nodes"; /* spelled -N in the script */
	o.f[PF_VALUE] = "1";
	expect_replace(base, o, NULL, "srun -N 2", "srun -N 1");
	/* inside the single-quoted bash -c, in the user's spelling */
	o.f[PF_LAUNCHER] = "torchrun";
	o.f[PF_OPTION] = "--nproc-per-node";
	o.f[PF_VALUE] = "8";
	expect_replace(base, o, NULL, "--nproc_per_node=4", "--nproc_per_node=8");
	/* a value that needs quotes, inside single quotes */
	o.f[PF_OPTION] = "--rdzv_conf";
	o.f[PF_VALUE] = "timeout=900 x";
	expect_replace(base, o, NULL, "$MASTER_PORT train.py", "$MASTER_PORT --rdzv_conf='\\''timeout=900 x'\\'' train.py");
}

static void launcher_option_remove(void **state)
{
	(void)state;
	struct patch_op o = op(PK_REMOVE_LAUNCHER_OPTION);
	o.f[PF_LAUNCHER] = "srun";
	o.f[PF_OPTION] = "--ntasks-per-node";
	expect_replace(base, o, NULL, " --ntasks-per-node=1", "");
	o.f[PF_OPTION] = "-N";
	expect_replace(base, o, NULL, " -N 2", "");
	o.f[PF_LAUNCHER] = "torchrun";
	o.f[PF_OPTION] = "--master_port";
	expect_replace(base, o, NULL, " --master_port=$MASTER_PORT", "");
}

static void launcher_absent(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_LAUNCHER_OPTION);
	o.f[PF_LAUNCHER] = "mpiexec";
	o.f[PF_OPTION] = "--ppn";
	o.f[PF_VALUE] = "1";
	expect_not_applicable(base, o, NULL, "the main launch line has no mpiexec");
}

static void launcher_option_double_quoted(void **state)
{
	(void)state;
	char *s = tu_replace(base, launch_line,
			     "srun -N 2 bash -c \"torchrun --nnodes=2 --nproc_per_node=4 --node_rank=\\$SLURM_NODEID "
			     "train.py --data \\\"/a b\\\"\"\n");
	struct patch_op o = op(PK_SET_LAUNCHER_OPTION);
	o.f[PF_LAUNCHER] = "torchrun";
	o.f[PF_OPTION] = "--nproc_per_node";
	o.f[PF_VALUE] = "8";
	expect_replace(s, o, NULL, "--nproc_per_node=4", "--nproc_per_node=8");
	o.f[PF_OPTION] = "--max_restarts";
	o.f[PF_VALUE] = "$RESTARTS";
	expect_replace(s, o, NULL, "\\$SLURM_NODEID train.py",
		       "\\$SLURM_NODEID --max_restarts=\\\"\\${RESTARTS}\\\" train.py");
	free(s);
}

/* ---- modules ---- */

static void modules(void **state)
{
	(void)state;
	struct patch_op o = op(PK_ADD_MODULE);
	o.f[PF_NAME] = "cudatoolkit";
	expect_replace(base, o, NULL, "module load pytorch/2.1\n", "module load pytorch/2.1\nmodule load cudatoolkit\n");
	o.f[PF_NAME] = "pytorch/2.1";
	expect_not_applicable(base, o, NULL, "changes nothing");
	/* no module line: before the first command */
	char *s = tu_replace(base, "module load pytorch/2.1\n", "");
	o.f[PF_NAME] = "cudatoolkit";
	expect_replace(s, o, NULL, "export NCCL_DEBUG", "module load cudatoolkit\nexport NCCL_DEBUG");
	free(s);

	o = op(PK_SWAP_MODULE);
	o.f[PF_FROM] = "pytorch";
	o.f[PF_TO] = "pytorch/2.3";
	expect_replace(base, o, NULL, "module load pytorch/2.1", "module load pytorch/2.3");
	o.f[PF_FROM] = "tensorflow";
	expect_replace(base, o, NULL, "module load pytorch/2.1\n", "module load pytorch/2.1\nmodule load pytorch/2.3\n");

	o = op(PK_REMOVE_MODULE);
	o.f[PF_NAME] = "pytorch";
	expect_replace(base, o, NULL, "module load pytorch/2.1\n", "");
	s = tu_replace(base, "module load pytorch/2.1", "module load cray-python pytorch/2.1");
	expect_replace(s, o, NULL, "module load cray-python pytorch/2.1", "module load cray-python");
	free(s);
}

/* ---- directives ---- */

static void directives(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_DIRECTIVE);
	o.f[PF_OPTION] = "time";
	o.f[PF_VALUE] = "02:00:00";
	expect_replace(base, o, NULL, "#SBATCH --time=01:00:00", "#SBATCH --time=02:00:00");
	o.f[PF_OPTION] = "qos";
	o.f[PF_VALUE] = "debug";
	expect_replace(base, o, NULL, "#SBATCH --time=01:00:00\n", "#SBATCH --time=01:00:00\n#SBATCH --qos=debug\n");
	o.f[PF_OPTION] = "exclusive";
	o.f[PF_VALUE] = NULL;
	expect_replace(base, o, NULL, "#SBATCH --time=01:00:00\n", "#SBATCH --time=01:00:00\n#SBATCH --exclusive\n");
	/* several options on one line: a later line overrides */
	char *s1 = tu_replace(base, "#SBATCH --nodes=2\n", "#SBATCH -N 2 -t 30\n");
	char *s = tu_replace(s1, "#SBATCH --time=01:00:00\n", "");
	o.f[PF_OPTION] = "time";
	o.f[PF_VALUE] = "60";
	expect_replace(s, o, NULL, "#SBATCH --gpus-per-node=4\n", "#SBATCH --gpus-per-node=4\n#SBATCH --time=60\n");
	free(s);
	free(s1);
	/* PBS */
	const char pbs[] = "#!/bin/bash\n#PBS -l select=2:system=polaris\n#PBS -l walltime=01:00:00\n#PBS -q debug\n"
			   "mpiexec -n 2 --ppn 1 python train.py\n";
	o.f[PF_OPTION] = "walltime";
	o.f[PF_VALUE] = "00:30:00";
	expect_replace(pbs, o, NULL, "walltime=01:00:00", "walltime=00:30:00");
	o.f[PF_OPTION] = "filesystems";
	o.f[PF_VALUE] = "home:eagle";
	expect_replace(pbs, o, NULL, "#PBS -q debug\n", "#PBS -q debug\n#PBS -l filesystems=home:eagle\n");
	o.f[PF_OPTION] = "queue";
	o.f[PF_VALUE] = "prod";
	expect_replace(pbs, o, NULL, "#PBS -q debug", "#PBS -q prod");
	/* no header and no cluster */
	expect_not_applicable("#!/bin/bash\npython train.py\n", o, NULL, "no Slurm or PBS header");
}

/* ---- program arguments ---- */

static void program_args(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_PROGRAM_ARG);
	o.f[PF_OPTION] = "--batch-size";
	o.f[PF_VALUE] = "32";
	expect_replace(base, o, NULL, "--batch-size 64", "--batch-size 32");
	o.f[PF_OPTION] = "--batch_size"; /* the script's spelling wins */
	expect_replace(base, o, NULL, "--batch-size 64", "--batch-size 32");
	o.f[PF_OPTION] = "--lr";
	o.f[PF_VALUE] = "0.1";
	expect_replace(base, o, NULL, "--batch-size 64'", "--batch-size 64 --lr 0.1'");

	o = op(PK_REMOVE_PROGRAM_ARG);
	o.f[PF_OPTION] = "--epochs";
	expect_replace(base, o, NULL, " --epochs 3", "");

	o = op(PK_SET_BACKEND);
	o.f[PF_VALUE] = "gloo";
	expect_replace(base, o, NULL, "--batch-size 64'", "--batch-size 64 --backend gloo'");
	char *s = tu_replace(base, "--epochs 3", "--dist-backend=nccl --epochs 3");
	expect_replace(s, o, NULL, "--dist-backend=nccl", "--dist-backend=gloo");
	free(s);
	/* every spelling the port and verify know (backend_option): Megatron's, '_' for '-', hydra's backend= */
	static const char *const forms[][2] = {
		{"--distributed-backend nccl", "--distributed-backend gloo"},
		{"--dist_backend nccl", "--dist_backend gloo"},
		{"--ddp_backend=nccl", "--ddp_backend=gloo"},
		{"backend=nccl", "backend=gloo"},
	};
	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		char with[64];
		snprintf(with, sizeof(with), "%s --epochs 3", forms[i][0]);
		s = tu_replace(base, "--epochs 3", with);
		expect_replace(s, o, NULL, forms[i][0], forms[i][1]);
		free(s);
	}
}

/* ---- rendezvous ---- */

static void master_port(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_MASTER_PORT);
	o.f[PF_VALUE] = "job";
	expect_replace(base, o, NULL, "export MASTER_PORT=29500", "export MASTER_PORT=$((29500 + SLURM_JOB_ID % 1000))");
	o.f[PF_VALUE] = "29600";
	expect_replace(base, o, NULL, "export MASTER_PORT=29500", "export MASTER_PORT=29600");
	/* a literal port on the launch line and no variable */
	char *s = tu_replace(base, "--master_port=$MASTER_PORT", "--master_port=29500");
	char *s2 = tu_replace(s, "export MASTER_PORT=29500\n", "");
	expect_replace(s2, o, NULL, "--master_port=29500", "--master_port=29600");
	o.f[PF_VALUE] = "job";
	char *want1 = tu_replace(s2, "--master_port=29500", "--master_port=${MASTER_PORT}");
	char *want = tu_replace(want1, "srun -N", "export MASTER_PORT=$((29500 + SLURM_JOB_ID % 1000))\nsrun -N");
	char why[256];
	char *got = apply_ops(s2, &o, 1, NULL, why, sizeof(why));
	assert_non_null(got);
	assert_string_equal(got, want);
	free(got);
	free(want);
	free(want1);
	free(s);
	free(s2);
	/* the rendezvous endpoint's port */
	s = tu_replace(base, "--master_addr=$MASTER_ADDR --master_port=$MASTER_PORT",
		       "--rdzv_backend=c10d --rdzv_endpoint $MASTER_ADDR:29500");
	s2 = tu_replace(s, "export MASTER_PORT=29500\n", "");
	o.f[PF_VALUE] = "29777";
	expect_replace(s2, o, NULL, "$MASTER_ADDR:29500", "$MASTER_ADDR:29777");
	free(s);
	free(s2);
}

static void master_addr(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_MASTER_ADDR);
	o.f[PF_VALUE] = "first-node";
	/* assigned, then exported: `export NAME=$(cmd)` hides the command's status (shellcheck SC2155) */
	expect_replace(base, o, NULL, "export MASTER_ADDR=localhost",
		       "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\nexport MASTER_ADDR");
	char *bare = tu_replace(base, "export MASTER_ADDR=localhost\n", "MASTER_ADDR=localhost\n");
	char *want_bare = tu_replace(bare, "MASTER_ADDR=localhost\n",
				     "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n");
	char *want_bare2 = tu_replace(want_bare, "srun -N", "export MASTER_ADDR\nsrun -N");
	char why0[256] = "";
	char *got0 = apply_ops(bare, &o, 1, NULL, why0, sizeof(why0));
	assert_non_null(got0);
	assert_string_equal(got0, want_bare2);
	bash_n(got0);
	free(got0);
	free(bare);
	free(want_bare);
	free(want_bare2);
	const char indented[] = "#!/bin/bash\n#SBATCH -N 2\nif true; then\n\tsrun torchrun --nnodes=2 train.py\nfi\n";
	got0 = apply_ops(indented, &o, 1, NULL, why0, sizeof(why0));
	assert_non_null(got0);
	assert_string_equal(got0, "#!/bin/bash\n#SBATCH -N 2\nif true; then\n"
				  "\tMASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n"
				  "\texport MASTER_ADDR\n\tsrun torchrun --nnodes=2 train.py\nfi\n");
	bash_n(got0);
	free(got0);
	const char pbs[] = "#!/bin/bash\n#PBS -l select=2\nmpiexec -n 2 --ppn 1 torchrun --nnodes=2 --master_addr=127.0.0.1 "
			   "train.py\n";
	char *got;
	char why[256];
	got = apply_ops(pbs, &o, 1, NULL, why, sizeof(why));
	assert_non_null(got);
	assert_string_equal(got, "#!/bin/bash\n#PBS -l select=2\nMASTER_ADDR=$(head -n 1 \"$PBS_NODEFILE\")\nexport MASTER_ADDR\n"
				 "mpiexec -n 2 --ppn 1 torchrun --nnodes=2 --master_addr=${MASTER_ADDR} train.py\n");
	free(got);
}

static void node_rank(void **state)
{
	(void)state;
	struct patch_op o = op(PK_SET_NODE_RANK);
	o.f[PF_VALUE] = "per-node";
	expect_replace(base, o, NULL, "--node_rank=0", "--node_rank=\"$SLURM_NODEID\"");
	/* a per-task variable read in the per-task shell is right already */
	char *s = tu_replace(base, "--node_rank=0", "--node_rank=$SLURM_PROCID");
	expect_not_applicable(s, o, NULL, "changes nothing");
	free(s);
	/* expanded once in the batch shell: run torchrun through a per-task shell */
	s = tu_replace(base, launch_line,
		       "srun -N 2 --ntasks-per-node=1 torchrun --nnodes=2 --node_rank=$SLURM_NODEID train.py --epochs 3\n");
	expect_replace(s, o, NULL, "torchrun --nnodes=2 --node_rank=$SLURM_NODEID train.py",
		       "bash -c 'exec torchrun --node_rank=\"$SLURM_NODEID\" \"$@\"' bash --nnodes=2 train.py");
	free(s);
	/* python -m torch.distributed.run under mpiexec */
	const char pbs[] = "#!/bin/bash\n#PBS -l select=2\nmpiexec -n 2 --ppn 1 python -m torch.distributed.run --nnodes=2 "
			   "--node_rank 0 train.py\n";
	expect_replace(pbs, o, NULL, "python -m torch.distributed.run --nnodes=2 --node_rank 0 train.py",
		       "bash -c 'exec python -m torch.distributed.run --node_rank=\"$PMI_RANK\" \"$@\"' bash --nnodes=2 "
		       "train.py");
	/* no launcher to start one agent per node */
	expect_not_applicable("#!/bin/bash\n#SBATCH -N 2\ntorchrun --nnodes=2 --node_rank=0 train.py\n", o, NULL,
			      "start one per node");
}

static void directories(void **state)
{
	(void)state;
	struct patch_op o = op(PK_CHANGE_DIR);
	o.f[PF_PATH] = "/scratch/run 1";
	expect_replace(base, o, NULL, "srun -N", "cd '/scratch/run 1' || exit 1\nsrun -N");
	o = op(PK_MAKE_DIR);
	o.f[PF_PATH] = "$SCRATCH/out";
	expect_replace(base, o, NULL, "srun -N", "mkdir -p \"${SCRATCH}\"/out\nsrun -N");
	/* indented launch inside a block, continued from the line before */
	const char s[] = "#!/bin/bash\n#SBATCH -N 1\nif true; then\n  cd x &&\n    srun python train.py\nfi\n";
	expect_replace(s, o, NULL, "  cd x &&", "  mkdir -p \"${SCRATCH}\"/out\n  cd x &&");
}

/* ---- placeholders and whole patches ---- */

static void placeholders(void **state)
{
	(void)state;
	const struct cluster *pm = repo_cluster(repo, "perlmutter");
	assert_non_null(pm);
	struct patch_op o = op(PK_SET_ENV);
	o.f[PF_NAME] = "NCCL_SOCKET_IFNAME";
	o.f[PF_VALUE] = "{profile_env:NCCL_SOCKET_IFNAME|eth0}";
	expect_replace(base, o, pm, "srun -N", "export NCCL_SOCKET_IFNAME=hsn\nsrun -N");
	expect_replace(base, o, NULL, "srun -N", "export NCCL_SOCKET_IFNAME=eth0\nsrun -N");
	o.f[PF_VALUE] = "{profile_env:NO_SUCH_VAR}";
	expect_not_applicable(base, o, pm, "{profile_env:NO_SUCH_VAR}");
	o.f[PF_VALUE] = "{world_size}";
	expect_replace(base, o, NULL, "srun -N", "export NCCL_SOCKET_IFNAME=8\nsrun -N");
	o.f[PF_VALUE] = "{nodes}x{gpus_per_node}";
	expect_replace(base, o, NULL, "srun -N", "export NCCL_SOCKET_IFNAME=2x4\nsrun -N");
	o.f[PF_VALUE] = "{cluster}";
	expect_replace(base, o, pm, "srun -N", "export NCCL_SOCKET_IFNAME=perlmutter\nsrun -N");
	expect_not_applicable(base, o, NULL, "no cluster is known");

	struct maple_error err;
	struct strbuf out = STRBUF_INIT;
	assert_int_equal(patch_resolve("${HOME}/x", NULL, NULL, &out, &err), 0);
	assert_string_equal(out.buf, "${HOME}/x"); /* the shell's braces are not placeholders */
	strbuf_release(&out);
}

static void whole_patch_or_nothing(void **state)
{
	(void)state;
	struct patch_op ops[2] = {op(PK_SET_ENV), op(PK_SET_LAUNCHER_OPTION)};
	ops[0].f[PF_NAME] = "NCCL_DEBUG";
	ops[0].f[PF_VALUE] = "INFO";
	ops[1].f[PF_LAUNCHER] = "mpiexec";
	ops[1].f[PF_OPTION] = "--ppn";
	ops[1].f[PF_VALUE] = "1";
	char why[256];
	assert_null(apply_ops(base, ops, 2, NULL, why, sizeof(why)));
	assert_contains(why, "set_launcher_option: the main launch line has no mpiexec");
	/* two operations in sequence, each seeing the other's result */
	ops[1] = op(PK_SET_ENV);
	ops[1].f[PF_NAME] = "NCCL_SOCKET_IFNAME";
	ops[1].f[PF_VALUE] = "hsn";
	char *got = apply_ops(base, ops, 2, NULL, why, sizeof(why));
	assert_non_null(got);
	char *w1 = tu_replace(base, "NCCL_DEBUG=WARN", "NCCL_DEBUG=INFO");
	char *w2 = tu_replace(w1, "srun -N", "export NCCL_SOCKET_IFNAME=hsn\nsrun -N");
	assert_string_equal(got, w2);
	free(got);
	free(w1);
	free(w2);
	/* resolved operations are reported */
	struct patch_result r;
	struct maple_error err;
	struct patch_op p = op(PK_SET_ENV);
	p.f[PF_NAME] = "X";
	p.f[PF_VALUE] = "{gpus_per_node}";
	assert_int_equal(patch_apply(&p, 1, base, strlen(base), NULL, &r, &err), 0);
	assert_true(r.applicable);
	assert_int_equal(r.nops, 1);
	assert_string_equal(r.ops[0].f[PF_VALUE], "4");
	patch_result_release(&r);
	/* an unreadable script is an error, not a patch */
	assert_int_equal(patch_apply(&p, 1, "", 0, NULL, &r, &err), -1);
	patch_result_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(set_env_new),
		cmocka_unit_test(set_env_replaces),
		cmocka_unit_test(set_env_variable_value),
		cmocka_unit_test(set_env_plain_assignment),
		cmocka_unit_test(set_env_in_command_prefix),
		cmocka_unit_test(unset_env),
		cmocka_unit_test(expand_directive_vars),
		cmocka_unit_test(launcher_option_add),
		cmocka_unit_test(launcher_option_replace),
		cmocka_unit_test(launcher_option_remove),
		cmocka_unit_test(launcher_absent),
		cmocka_unit_test(launcher_option_double_quoted),
		cmocka_unit_test(modules),
		cmocka_unit_test(directives),
		cmocka_unit_test(program_args),
		cmocka_unit_test(master_port),
		cmocka_unit_test(master_addr),
		cmocka_unit_test(node_rank),
		cmocka_unit_test(directories),
		cmocka_unit_test(placeholders),
		cmocka_unit_test(whole_patch_or_nothing),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
