/* checks_modules.c - a GPU toolkit module of the other GPU vendor: `module load rocm` on NVIDIA nodes,
 * `module load cudatoolkit` on Frontier's AMD GPUs, either on Aurora's Intel GPUs - left in a script
 * carried over from another centre. Lmod stops that `module load` with "module(s) unknown" (or loads
 * a toolkit for GPUs the node does not have) and the batch script goes on without it, so the job runs
 * with another environment than the one written. A warning: the script may still run.
 * The toolkits' vendors: CUDA and its libraries are NVIDIA's (https://developer.nvidia.com/cuda-toolkit,
 * NVIDIA HPC SDK https://docs.nvidia.com/hpc-sdk/, cuDNN, NCCL); ROCm and its libraries (RCCL, MIOpen)
 * are AMD's (https://rocm.docs.amd.com/); HPE Cray's GPU target modules are named by the vendor
 * (craype-accel-nvidia80, craype-accel-amd-gfx90a: https://cpe.ext.hpe.com/docs/). A cluster with node
 * types of both vendors (Delta's MI100 nodes) is not checked for the vendor it has. */
#include "checks.h"

#include "../util/strbuf.h"

#include <string.h>
#include <strings.h>

/* The vendor whose GPUs a module's toolkit is for ("nvidia", "amd"), NULL when it is none of them. */
static const char *toolkit_vendor(const char *m)
{
	static const char *const nvidia[] = {"cuda", "cudatoolkit", "cudnn", "nccl", "nvhpc", "nvidia-hpc-sdk", NULL};
	static const char *const amd[] = {"rocm", "amd-mixed", "rccl", "miopen", NULL};
	size_t n = strcspn(m, "/");
	for (const char *const *p = nvidia; *p; p++)
		if (strlen(*p) == n && !strncasecmp(m, *p, n))
			return "nvidia";
	for (const char *const *p = amd; *p; p++)
		if (strlen(*p) == n && !strncasecmp(m, *p, n))
			return "amd";
	if (!strncasecmp(m, "craype-accel-nvidia", 19))
		return "nvidia";
	if (!strncasecmp(m, "craype-accel-amd-", 17))
		return "amd";
	return NULL;
}

/* Whether the cluster (or one of its node types) has GPUs of the vendor. */
static bool has_vendor(const struct cluster *c, const char *vendor)
{
	if (c->hw.gpu_vendor && !strcasecmp(c->hw.gpu_vendor, vendor))
		return true;
	for (size_t i = 0; i < c->nnode_types; i++)
		if (c->node_types[i].hw.gpu_vendor && !strcasecmp(c->node_types[i].hw.gpu_vendor, vendor))
			return true;
	return false;
}

void check_modules(struct vctx *x)
{
	const struct cluster *c = x->c;
	if (!c || !c->hw.gpu_vendor)
		return;
	const struct jobscript *js = x->js;
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *cmd = &js->cmds[i];
		const struct shwords *w = &cmd->words;
		size_t first;
		if (w->nr >= 3 && !strcmp(w->v[0].value, "module") &&
		    (!strcmp(w->v[1].value, "load") || !strcmp(w->v[1].value, "add")))
			first = 2;
		else if (w->nr >= 2 && !strcmp(w->v[0].value, "ml") && w->v[1].value[0] != '-')
			first = 1;
		else
			continue;
		for (size_t k = first; k < w->nr; k++) {
			const char *m = w->v[k].value;
			const char *v = toolkit_vendor(m);
			if (!v || has_vendor(c, v))
				continue;
			int line, col, span;
			word_pos(x, (int)i, (int)k, &line, &col, &span);
			struct strbuf fix = STRBUF_INIT;
			strbuf_addf(&fix, "drop it: %s has %s GPUs (%s); load the toolkit its documentation names (%s)", c->name,
				    c->hw.gpu_vendor, c->hw.gpu_model ? c->hw.gpu_model : "?", c->hw.src.url ? c->hw.src.url : c->source);
			report(x, "module-vendor", SEV_WARNING, line, col, span, fix.buf,
			       "module %s is %s's GPU toolkit, but %s's GPUs are %s: the module is not there (or is for GPUs "
			       "the nodes lack) and the job goes on without it - a line left from another centre's script?",
			       m, !strcmp(v, "nvidia") ? "NVIDIA" : "AMD", c->name, c->hw.gpu_vendor);
			strbuf_release(&fix);
		}
	}
}
