/* verify.c - the static verifier's driver: reads the script, settles the cluster (given or
 * inferred), runs the check files in order and sorts the findings by line. */
#include "checks.h"

#include <stdlib.h>
#include <string.h>

const char *const verify_check_ids[] = {
	"bash-syntax",	      "shellcheck",	     "dos-line-endings",   "shebang-missing",
	"unterminated-quote", "heredoc-unclosed",    "continuation-broken", "directive-unknown",  "directive-value",
	"directive-ignored",  "directive-conflict",  "wrong-scheduler",	   "cluster-unknown",
	"required-directive", "account-missing", "account-kind",     "option-rejected",	   "queue-unknown",  "queue-cpu-only", "queue-restricted", "launcher-slurm-no-srun", "launcher-scheduler",
	"nodes-exceed-queue", "nodes-exceed-node-type", "nodes-below-queue",   "walltime-exceeds-queue", "walltime-below-queue", "walltime-missing",
	"gpus-exceed-node",   "cpus-exceed-node",    "memory-exceeds-node", "launcher-missing",    "nodes-mismatch",	   "ranks-mismatch",
	"gpus-idle",	      "launcher-not-distributed", "torchrun-per-gpu", "node-rank-batch-shell",
	"node-rank-fixed",    "master-addr-missing", "master-port-missing", "master-addr-after-use",
	"master-addr-not-exported", "port-range",    "backend-vendor",	   "env-not-propagated",
	"deepspeed-no-hostfile", "no-directives",	     "variable-unset",	   "site-variable",	"scheduler-variable",
	"args-frozen",	      "args-not-forwarded",  "program-not-python", "visible-devices-narrow",
	"rdzv-mixed",	      "rdzv-localhost",	     "accelerate-num-processes", "hostfile-slots",
	"tasks-below-nodes",  "socket-interface", "mpmd-launch", "scheduler-unsupported", "devices-mismatch",
	"container-plugin-missing", "container-batch-srun", "module-vendor", "nodes-on-submit-line", "container-no-gpu", "multi-prog-missing-rank", "array-too-large", "array-exceeds-submit-limit",
	"filesystems-unknown", "filesystems-retired", "filesystems-restricted", "filesystems-unasked", "filesystems-foreign", NULL,
};

static int cmp_findings(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->sev != y->sev)
		return x->sev < y->sev ? -1 : 1;
	return strcmp(x->id, y->id);
}

int verify_script(const char *text, size_t len, const char *script_dir, const struct repo *repo,
		  const struct cluster *cluster, const struct verify_opts *o, struct verify_result *res,
		  struct maple_error *err)
{
	memset(res, 0, sizeof(*res));
	if (read_script(text, len, script_dir, repo, cluster, &res->sr, err) < 0)
		return -1;
	res->cluster = res->sr.cluster;
	res->cluster_inferred = res->cluster && !res->sr.cluster_given;
	struct vctx x = {&res->sr.js, &res->sr.plan, res->cluster, repo, res, NULL};
	check_shell(&x, o, text, len);
	check_header(&x);
	check_submit(&x);
	check_launch(&x);
	check_env(&x);
	check_vars(&x);
	check_rdzv(&x);
	check_devices(&x);
	check_program(&x);
	check_container(&x);
	check_modules(&x);
	check_written(&x);
	check_array(&x);
	check_filesystems(&x);
	if (res->nfindings)
		qsort(res->findings, res->nfindings, sizeof(*res->findings), cmp_findings);
	return 0;
}

void verify_result_release(struct verify_result *res)
{
	for (size_t i = 0; i < res->nfindings; i++) {
		free(res->findings[i].message);
		free(res->findings[i].fix);
	}
	free(res->findings);
	script_reading_release(&res->sr);
	memset(res, 0, sizeof(*res));
}
