/* test_verify_vars.c - src/verify/checks_vars.c and checks_container.c through verify_script(): which
 * variables an assignment the launch needs may read unset (quotes, defaults, arithmetic, $(...), near
 * names, modules, the scheduler's own names and their typos), and which container launches get no GPU
 * (the flag as written, in a variable, in the environment; the node type's vendor). Small inline
 * scripts on the real cluster profiles; the end-to-end fixtures are tests/verify/families/. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/repo.h"
#include "verify/verify.h"

#include "testutil.h"

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

/* The severity ("error", "warning") of finding id at line in script (body after a header for cluster),
 * or "" when there is none. */
static const char *finding(const char *cluster, const char *script, const char *id, int line)
{
	static char out[16];
	struct verify_result res;
	struct maple_error err = {0};
	struct verify_opts o = {0};
	const struct cluster *c = repo_cluster(repo, cluster);
	assert_non_null(c);
	assert_int_equal(verify_script(script, strlen(script), NULL, repo, c, &o, &res, &err), 0);
	out[0] = 0;
	for (size_t i = 0; i < res.nfindings; i++)
		if (!strcmp(res.findings[i].id, id) && (line == 0 || res.findings[i].line == line))
			snprintf(out, sizeof(out), "%s", res.findings[i].sev == SEV_ERROR ? "error" : "warning");
	verify_result_release(&res);
	return out;
}

#define FR_HEAD                                                                                                \
	"#!/bin/bash\n#SBATCH -A BIF123\n#SBATCH -p batch\n#SBATCH -N 2\n#SBATCH -t 01:00:00\n" /* 5 lines */
#define FR_LAUNCH "srun -N 2 -n 16 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest python train.py\n"

static void test_master_addr_from_unset(void **state)
{
	(void)state;
	/* line 7: the typo; a near name is set, so an error */
	assert_string_equal(finding("frontier", FR_HEAD "head=$(hostname)\nexport MASTER_ADDR=$head_node\n" FR_LAUNCH,
				    "variable-unset", 7),
			    "error");
	/* braces, a suffix operator and a quoted $(...) read the same variable */
	assert_string_equal(finding("frontier", FR_HEAD "head=$(hostname)\nexport MASTER_ADDR=${head_node%%.*}\n" FR_LAUNCH,
				    "variable-unset", 7),
			    "error");
	assert_string_equal(finding("frontier",
				    FR_HEAD "nodelist=$SLURM_JOB_NODELIST\nexport MASTER_ADDR=\"$(scontrol show hostnames \"$node_list\" | head -n 1)\"\n" FR_LAUNCH,
				    "variable-unset", 7),
			    "error");
	/* followed through another assignment: MASTER_ADDR=$HEAD, HEAD=$head_host */
	assert_string_equal(finding("frontier", FR_HEAD "HEAD=$head_host\nexport MASTER_ADDR=$HEAD\n" FR_LAUNCH,
				    "variable-unset", 6),
			    "error");
}

static void test_quiet_forms(void **state)
{
	(void)state;
	/* single quotes, defaults, checks, arithmetic, the scheduler's variables, a module's prefix */
	const char *quiet[] = {
		"export MASTER_ADDR=$(awk '{print $head_node}' hosts)\n",
		"export MASTER_ADDR=${head_node:-$(hostname)}\n",
		"export MASTER_ADDR=${head_node-localhost}\n",
		"export MASTER_PORT=$((29500 + port_offset))\n",
		"export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)\n",
		"module load ngc\nexport MASTER_ADDR=$NGC_HEAD\n",
		"for h in $(hostname); do first=$h; done\nexport MASTER_ADDR=$first\n",
		"export MASTER_ADDR=\\$head_node\n",
		"LOG=$undefined_dir/log\n", /* not needed by the launch */
	};
	for (size_t i = 0; i < sizeof(quiet) / sizeof(*quiet); i++) {
		char s[1024];
		snprintf(s, sizeof(s), "%s%s%s", FR_HEAD, quiet[i], FR_LAUNCH);
		if (finding("frontier", s, "variable-unset", 0)[0])
			fail_msg("variable-unset on: %s", quiet[i]);
	}
	/* an upper-case name with no near one may come from the submitting environment: a warning */
	assert_string_equal(finding("frontier", FR_HEAD "export MASTER_ADDR=$LAUNCH_HOST\n" FR_LAUNCH, "variable-unset", 6),
			    "warning");
	/* a sourced file may set it: a warning, even for a near name */
	assert_string_equal(finding("frontier", FR_HEAD "source ./site.sh\nhead=x\nexport MASTER_ADDR=$head_node\n" FR_LAUNCH,
				    "variable-unset", 8),
			    "warning");
}

static void test_scheduler_typos(void **state)
{
	(void)state;
	assert_string_equal(finding("frontier", FR_HEAD "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELISTS)\n" FR_LAUNCH,
				    "variable-unset", 6),
			    "error");
	assert_string_equal(finding("frontier", FR_HEAD "export MASTER_PORT=$SLURM_JOBIDS\n" FR_LAUNCH, "variable-unset", 6),
			    "error");
	/* real ones and a site's own far from any real one stay quiet */
	assert_string_equal(finding("frontier", FR_HEAD "export MASTER_PORT=$SLURM_STEP_ID$SLURM_TMPDIR\n" FR_LAUNCH,
				    "variable-unset", 0),
			    "");
}

#define DAI_HEAD "#!/bin/bash\n#SBATCH -A bbka-dtai-gh\n#SBATCH -p ghx4\n#SBATCH -N 1\n#SBATCH --gpus-per-node=4\n#SBATCH -t 01:00:00\n"

static void test_container_gpu(void **state)
{
	(void)state;
	const char *tr = " torchrun --standalone --nproc_per_node=4 train.py\n";
	char s[1024];
	snprintf(s, sizeof(s), DAI_HEAD "apptainer exec -B /work $SIF%s", tr);
	assert_string_equal(finding("deltaai", s, "container-no-gpu", 7), "error");
	snprintf(s, sizeof(s), DAI_HEAD "singularity run --rocm img.sif%s", tr);
	assert_string_equal(finding("deltaai", s, "container-no-gpu", 7), "error");
	/* given: as written, in an options variable, after a value option, in the environment */
	const char *given[] = {
		"apptainer exec --nv $SIF",
		"apptainer exec --nvccli -B \"$PWD:/w\" $SIF",
		"OPTS=\"--nv -B /work\"\napptainer exec $OPTS $SIF",
		"apptainer exec $SITE_OPTS $SIF", /* options maple cannot read */
		"export APPTAINER_NV=1\napptainer exec $SIF",
		"apptainer exec \"${ARGS[@]}\" $SIF",
	};
	for (size_t i = 0; i < sizeof(given) / sizeof(*given); i++) {
		snprintf(s, sizeof(s), DAI_HEAD "%s%s", given[i], tr);
		if (finding("deltaai", s, "container-no-gpu", 0)[0])
			fail_msg("container-no-gpu on: %s", given[i]);
	}
	/* a data step before the training, on the CPUs */
	snprintf(s, sizeof(s), DAI_HEAD "apptainer exec $SIF python prepare_data.py\napptainer exec --nv $SIF%s", tr);
	assert_string_equal(finding("deltaai", s, "container-no-gpu", 0), "");
	/* Frontier's route runs without --rocm; Aurora's Intel GPUs need no flag */
	assert_string_equal(finding("frontier", FR_HEAD "srun -N 2 -n 16 apptainer exec $SIF python train.py\n",
				    "container-no-gpu", 0),
			    "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_master_addr_from_unset),
		cmocka_unit_test(test_quiet_forms),
		cmocka_unit_test(test_scheduler_typos),
		cmocka_unit_test(test_container_gpu),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
