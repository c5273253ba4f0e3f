/* containers.c - a cluster's container routes (clusters/<id>.yaml `containers:`): how a job runs its
 * framework from a container image instead of the centre's modules (Perlmutter's Shifter, Apptainer on
 * Delta, DeltaAI, Frontier, Polaris and TACC's machines, Singularity on Bridges-2 and Anvil), each with
 * the header lines, set-up lines and the words put before every task's command ({{image}}, {{gpu}} = the
 * node type's GPU flag), and the documentation it comes from. */
#include "load.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const route_keys[] = {"runtime", "header", "setup", "exec", "example_image", "note",
					 "source", "reliability", NULL};
static const char *const route_req[] = {"runtime", "exec", "source", NULL};

const char *const container_runtimes[] = {"shifter", "podman-hpc", "apptainer", "singularity", NULL};

bool container_runtime_known(const char *name)
{
	for (const char *const *p = container_runtimes; *p; p++)
		if (!strcasecmp(*p, name))
			return true;
	return false;
}

void rl_containers(struct ydoc *y, yaml_node_t *seq, struct cluster *c)
{
	c->ncontainers = 0;
	if (!seq)
		return;
	if (!yis_seq(seq)) {
		yerr(y, seq, "'containers' must be a list of {runtime, exec, header, setup, source} items");
		return;
	}
	size_t len = yseq_len(seq);
	c->containers = arena_alloc(y->arena, (len + 1) * sizeof(*c->containers));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!ymap_check(y, it, "containers", route_keys, route_req))
			continue;
		struct container_route *r = &c->containers[c->ncontainers];
		memset(r, 0, sizeof(*r));
		yget_str(y, it, "runtime", &r->runtime);
		yget_str(y, it, "exec", &r->exec);
		yget_str(y, it, "example_image", &r->example_image);
		yget_str(y, it, "note", &r->note);
		rl_source(y, it, &r->src, true);
		if (r->runtime && !container_runtime_known(r->runtime))
			yerr(y, ymap_get(y, it, "runtime"), "container runtime must be shifter, podman-hpc, apptainer or "
							    "singularity, not '%s'", r->runtime);
		for (size_t k = 0; r->runtime && k < c->ncontainers; k++)
			if (!strcasecmp(c->containers[k].runtime, r->runtime))
				yerr(y, it, "container runtime '%s' is listed twice", r->runtime);
		if (r->exec && (strchr(r->exec, '\n') || strchr(r->exec, '\'') || strchr(r->exec, '"')))
			yerr(y, ymap_get(y, it, "exec"), "'exec' is one line of plain words (no quotes): the image is "
							 "quoted by maple where {{image}} stands");
		for (const char *q = r->exec ? strstr(r->exec, "{{") : NULL; q; q = strstr(q + 2, "{{"))
			if (strncmp(q, "{{image}}", 9) && strncmp(q, "{{gpu}}", 7)) {
				yerr(y, ymap_get(y, it, "exec"), "'exec' may use only {{image}} and {{gpu}} (the GPU flag "
								 "for the node type's vendor: --nv, --rocm or nothing)");
				break;
			}
		rl_lines(y, ymap_get(y, it, "header"), "containers.header", &r->header, &r->nheader, true);
		rl_check_header(y, ymap_get(y, it, "header"), c, r->header, r->nheader);
		rl_lines(y, ymap_get(y, it, "setup"), "containers.setup", &r->setup, &r->nsetup, false);
		c->ncontainers++;
	}
}

const struct container_route *cluster_container(const struct cluster *c, const char *runtime)
{
	for (size_t i = 0; i < c->ncontainers; i++)
		if (!runtime || !strcasecmp(c->containers[i].runtime, runtime))
			return &c->containers[i];
	return NULL;
}
