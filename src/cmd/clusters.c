/* clusters.c - `maple clusters [ID]`: lists the known clusters or shows one profile with sources. */
#include "cmd.h"

#include "../request/extract.h"

#include <string.h>

static const char usage[] = "maple clusters [--json] [ID[:NODETYPE|:QUEUE]]";
static const char about[] = "Lists the clusters maple knows, or shows one cluster's profile with the source of each fact.";

/* A fact's reliability tag when it is not the centre's own documentation (staff, secondary, inferred),
 * shown beside its URL so that an unconfirmed fact reads as one; "" for doc. */
static const char *tag_of(const struct fact_src *src)
{
	return src->reliability && strcmp(src->reliability, "doc") ? src->reliability : "";
}

/* What the centre says happens to jobs past a submit limit, in words. */
static const char *over_words(enum submit_over o)
{
	switch (o) {
	case SUBMIT_REJECTED:
		return "submissions past it are rejected";
	case SUBMIT_NEVER_RUNS:
		return "jobs past it are accepted but never run";
	default:
		return "the centre does not say what happens past it";
	}
}

static void show_submit_limits(const struct queue *q)
{
	for (size_t k = 0; k < q->nsubmit_limits; k++) {
		const struct submit_limit *l = &q->submit_limits[k];
		printf("      at most %d job%s queued and running at once%s%s, %s; %s%s%s  [%s, %s]\n", l->jobs,
		       l->jobs == 1 ? "" : "s", l->per ? " per " : "", l->per ? l->per : "",
		       l->throttle ? "each array subjob eligible at once one (an array's %N throttle sets how many)"
				   : "each array task one",
		       over_words(l->over),
		       l->note ? "; " : "", l->note ? l->note : "", l->src.reliability ? l->src.reliability : "doc",
		       l->src.url ? l->src.url : "");
	}
}

static json_t *submit_limits_json(const struct queue *q)
{
	json_t *a = json_array();
	for (size_t k = 0; k < q->nsubmit_limits; k++) {
		const struct submit_limit *l = &q->submit_limits[k];
		json_array_append_new(a, json_pack("{s:i,s:s?,s:s,s:b,s:s?,s:s?,s:s?}", "jobs", l->jobs, "per", l->per, "over",
						   submit_over_name(l->over), "throttle", l->throttle, "note", l->note, "source",
						   l->src.url, "reliability", l->src.reliability));
	}
	return a;
}

/* The file systems a job names in its header (ALCF's -l filesystems=), each with its paths and source. */
static void show_filesystems(const struct cluster *c)
{
	if (!c->fs.n)
		return;
	printf("  file systems (a job names those it uses: -l filesystems=; maple writes ");
	for (size_t i = 0; i < c->fs.ndefaults; i++)
		printf("%s%s", i ? ":" : "", c->fs.defaults[i]);
	printf(" plus those its paths use)  [%s, %s]\n", c->fs.src.reliability ? c->fs.src.reliability : "doc",
	       c->fs.src.url ? c->fs.src.url : c->source);
	for (size_t i = 0; i < c->fs.n; i++) {
		const struct filesystem *fs = &c->fs.list[i];
		printf("    %-14s %s%s  [%s, %s]\n", fs->name, fs->retired ? "RETIRED: " : "", fs->what,
		       fs->src.reliability ? fs->src.reliability : "doc", fs->src.url ? fs->src.url : c->source);
		if (fs->npaths) {
			printf("                   paths:");
			for (size_t k = 0; k < fs->npaths; k++)
				printf(" %s", fs->paths[k]);
			printf("\n");
		}
		if (fs->ncues) {
			printf("                   used by:");
			for (size_t k = 0; k < fs->ncues; k++)
				printf("%s '%s'", k ? "," : "", fs->cues[k]);
			printf("\n");
		}
		if (fs->retired)
			printf("                   %s\n", fs->retired);
		if (fs->access)
			printf("                   restricted: %s\n", fs->access);
		if (fs->unasked_error)
			printf("                   a job that uses it without naming it fails: %s\n", fs->why);
	}
}

static json_t *filesystems_json(const struct cluster *c)
{
	json_t *list = json_array(), *defs = json_array();
	for (size_t i = 0; i < c->fs.ndefaults; i++)
		json_array_append_new(defs, json_string(c->fs.defaults[i]));
	for (size_t i = 0; i < c->fs.n; i++) {
		const struct filesystem *fs = &c->fs.list[i];
		json_t *paths = json_array(), *cues = json_array();
		for (size_t k = 0; k < fs->npaths; k++)
			json_array_append_new(paths, json_string(fs->paths[k]));
		for (size_t k = 0; k < fs->ncues; k++)
			json_array_append_new(cues, json_string(fs->cues[k]));
		json_array_append_new(list, json_pack("{s:s,s:s,s:o,s:o,s:s?,s:s?,s:s,s:s?,s:s?,s:s?}", "name", fs->name, "what",
						      fs->what, "paths", paths, "cues", cues, "retired", fs->retired, "access",
						      fs->access, "unasked", fs->unasked_error ? "error" : "warning", "why", fs->why,
						      "source", fs->src.url, "reliability", fs->src.reliability));
	}
	return json_pack("{s:o,s:o,s:s?,s:s?,s:s?}", "default", defs, "list", list, "why", c->fs.why, "source", c->fs.src.url,
			 "reliability", c->fs.src.reliability);
}

static void show(const struct cluster *c)
{
	printf("%s - %s (%s)\n", c->id, c->name, c->center);
	printf("  scheduler      %s, launcher %s\n", scheduler_name(c->scheduler), c->launcher);
	if (c->hw.gpu_packages_per_node) {
		/* GPUs that each hold several devices (Frontier's 4 MI250X of 2 GCDs, Aurora's 6 Max 1550 of 2
		 * tiles): the devices run a rank each; say which of the two a request's "GPUs" counts */
		int P = c->hw.gpu_packages_per_node, G = c->hw.gpus_per_node;
		printf("  GPUs           %d %s per node: %d physical GPUs of %d %s each (%s; %d GB each %s, %s)  [%s, %s]\n",
		       G, c->hw.device_unit, P, G / P, c->hw.device_unit, c->hw.gpu_model, c->hw.gpu_memory_gb,
		       "device", c->hw.gpu_vendor, c->hw.src.reliability ? c->hw.src.reliability : "doc",
		       c->hw.src.url);
		if (c->hw.packages_are_gpus)
			printf("                 \"N GPUs per node\" counts physical GPUs (the centre's word for them); a "
			       "total of GPUs, ranks or %s counts %s; a count named by the GPU's model counts physical GPUs\n",
			       c->hw.device_unit, c->hw.device_unit);
		else
			printf("                 \"N GPUs\" counts %s (the centre treats each as a GPU); a count named by the "
			       "GPU's model counts physical GPUs\n",
			       c->hw.device_unit);
	} else {
		printf("  GPUs           %d x %s per node (%d GB each, %s)\n", c->hw.gpus_per_node, c->hw.gpu_model,
		       c->hw.gpu_memory_gb, c->hw.gpu_vendor);
	}
	printf("  CPU / memory   %d cores, %d GB per node  [%s%s%s]\n", c->hw.cpu_cores_per_node, c->hw.memory_gb_per_node,
	       tag_of(&c->hw.src), *tag_of(&c->hw.src) ? ", " : "", c->hw.src.url);
	if (c->naliases) {
		printf("  aliases        ");
		for (size_t i = 0; i < c->naliases; i++)
			printf("%s%s", i ? ", " : "", c->aliases[i]);
		printf("\n");
	}
	printf("  account        %s", c->account_required ? "required" : "optional");
	if (c->account_pattern)
		printf(", shaped %s (e.g. %s)%s%s  [%s, %s]", c->account_pattern, c->account_example ? c->account_example : "?",
		       c->account_gpu_pattern ? "; GPU jobs charge " : "", c->account_gpu_pattern ? c->account_gpu_pattern : "",
		       c->account_src.reliability, c->account_src.url ? c->account_src.url : c->source);
	printf("\n");
	printf("  software       %s%s%s%s  [%s, %s]\n", sw_kind_name(c->software.kind),
	       c->software.provided ? ", provided by the centre" : ", the user's own: ", c->software.provided ? "" : c->software.hint,
	       "", c->software.src.reliability ? c->software.src.reliability : "doc", c->software.src.url ? c->software.src.url : c->source);
	printf("  node types:\n");
	for (size_t i = 0; i < c->nnode_types; i++) {
		const struct node_type *nt = &c->node_types[i];
		printf("    %-10s %s%dx %s, %d GB each, %d cores, %d GB; %s (backend %s)  [%s, %s]\n", nt->id,
		       nt == c->node_type ? "* " : "", nt->hw.gpus_per_node, nt->hw.gpu_model, nt->hw.gpu_memory_gb,
		       nt->hw.cpu_cores_per_node, nt->hw.memory_gb_per_node, nt->hw.gpu_vendor, nt->backend,
		       nt->hw.src.reliability, nt->hw.src.url);
		printf("               queues: ");
		for (size_t k = 0; k < nt->nqueues; k++)
			printf("%s%s", k ? ", " : "", nt->queues[k]);
		if (nt->nodes)
			printf("; %d nodes", nt->nodes);
		printf("\n");
		/* the GPU names that pick it; a name the hardware's model does not say, with its own source */
		if (nt->nmodels) {
			printf("               GPU names: ");
			for (size_t k = 0; k < nt->nmodels; k++)
				printf("%s%s", k ? ", " : "", nt->models[k]);
			printf("\n");
		}
		for (size_t k = 0; k < nt->nmodels; k++) {
			const struct fact_src *ms = nt->model_srcs ? &nt->model_srcs[k] : NULL;
			if (ms && ms->url && (!nt->hw.src.url || strcmp(ms->url, nt->hw.src.url)))
				printf("                 %s: %s  [%s, %s]\n", nt->models[k],
				       nt->model_notes && nt->model_notes[k] ? nt->model_notes[k] : "named so by",
				       ms->reliability ? ms->reliability : "doc", ms->url);
		}
		if (nt->software.set)
			printf("               software: %s%s%s\n", sw_kind_name(nt->software.kind),
			       nt->software.provided ? "" : ", the user's own: ", nt->software.provided ? "" : nt->software.hint);
		if (nt->note)
			printf("               %s\n", nt->note);
	}
	for (size_t i = 0; i < c->nunmodelled; i++) {
		const struct unmodelled_nodes *u = &c->unmodelled[i];
		printf("  not modelled   %s: %s  [%s, %s]\n", u->what, u->why, u->src.reliability ? u->src.reliability : "doc",
		       u->src.url ? u->src.url : c->source);
	}
	for (size_t i = 0; i < c->ncontainers; i++) {
		const struct container_route *rt = &c->containers[i];
		printf("  container      %s: each task runs as '%s COMMAND'%s%s  [%s, %s]\n", rt->runtime, rt->exec,
		       rt->example_image ? "  e.g. " : "", rt->example_image ? rt->example_image : "",
		       rt->src.reliability ? rt->src.reliability : "doc", rt->src.url ? rt->src.url : c->source);
		for (size_t k = 0; k < rt->nheader; k++)
			printf("                 %s\n", rt->header[k].text);
	}
	if (c->user_env)
		printf("  your environment  %s%s%s (%s:%d)\n", c->user_env->conda_env ? "conda " : "",
		       c->user_env->conda_env ? c->user_env->conda_env : c->user_env->venv ? "venv " : "",
		       c->user_env->venv ? c->user_env->venv : "", c->user_env->file, c->user_env->line);
	if (c->sched_default_queue) { /* what a script that names no queue gets, beside what maple writes */
		printf("  scheduler default  %s: the queue a job that names none gets from the scheduler (maple writes "
		       "%s)  [%s, %s]\n",
		       c->sched_default_queue, c->default_queue,
		       c->sched_default_src.reliability ? c->sched_default_src.reliability : "doc",
		       c->sched_default_src.url ? c->sched_default_src.url : c->source);
		if (c->sched_default_note)
			printf("                     %s\n", c->sched_default_note);
	}
	show_filesystems(c);
	printf("  queues (default %s):\n", c->default_queue);
	for (size_t i = 0; i < c->nqueues; i++) {
		const struct queue *q = &c->queues[i];
		printf("    %-22s nodes %d-%d, max %d:%02d:00%s%s%s  [%s, %s]\n", q->name, q->min_nodes, q->max_nodes,
		       q->max_walltime_min / 60, q->max_walltime_min % 60, q->auto_select ? "" : ", never chosen automatically",
		       q->cpu_only ? ", CPU only (no GPUs)" : "", q->partition ? ", a QOS on partition " : "", q->src.reliability,
		       q->src.url);
		if (q->partition)
			printf("      QOS on partition %s\n", q->partition);
		if (q->max_gpus)
			printf("      at most %d GPUs per job\n", q->max_gpus);
		if (q->min_walltime_min)
			printf("      walltime at least %d:%02d:00\n", q->min_walltime_min / 60, q->min_walltime_min % 60);
		for (size_t b = 0; b < q->nbins; b++)
			printf("      %d-%d nodes: max %d:%02d:00\n", q->bins[b].min_nodes, q->bins[b].max_nodes,
			       q->bins[b].max_walltime_min / 60, q->bins[b].max_walltime_min % 60);
		if (q->note)
			printf("      %s\n", q->note);
		if (q->access)
			printf("      restricted: %s  [%s, %s]\n", q->access, q->access_src.reliability, q->access_src.url);
		show_submit_limits(q);
	}
	printf("  header:\n");
	for (size_t i = 0; i < c->nheader; i++)
		printf("    %-44s [%s%s%s]\n", c->header[i].text, tag_of(&c->header[i].src), *tag_of(&c->header[i].src) ? ", " : "",
		       c->header[i].src.url);
	for (int f = 0; f < FW_COUNT; f++) {
		printf("  modules (%s):\n", framework_name((enum framework)f));
		for (size_t i = 0; i < c->nmodules[f]; i++)
			printf("    %-44s [%s, %s]\n", c->modules[f][i].text, c->modules[f][i].src.reliability,
			       c->modules[f][i].src.url);
	}
	if (c->nenv)
		printf("  environment:\n");
	for (size_t i = 0; i < c->nenv; i++)
		printf("    %s=%-30s [%s, %s]\n", c->env[i].name, c->env[i].value, c->env[i].src.reliability,
		       c->env[i].src.url);
	if (c->nquirks)
		printf("  quirks:\n");
	for (size_t i = 0; i < c->nquirks; i++)
		printf("    - %s [%s%s%s]\n", c->quirks[i].text, tag_of(&c->quirks[i].src), *tag_of(&c->quirks[i].src) ? ", " : "",
		       c->quirks[i].src.url);
	printf("  profile: %s\n", c->file);
}

static json_t *cluster_json(const struct cluster *c)
{
	json_t *o = json_object();
	json_object_set_new(o, "id", json_string(c->id));
	json_object_set_new(o, "name", json_string(c->name));
	json_object_set_new(o, "center", json_string(c->center));
	json_object_set_new(o, "scheduler", json_string(scheduler_name(c->scheduler)));
	json_object_set_new(o, "launcher", json_string(c->launcher));
	json_object_set_new(o, "gpu_model", json_string(c->hw.gpu_model));
	json_object_set_new(o, "gpus_per_node", json_integer(c->hw.gpus_per_node));
	if (c->hw.gpu_packages_per_node) { /* the physical GPUs, each of gpus_per_node / packages devices */
		json_object_set_new(o, "gpu_packages_per_node", json_integer(c->hw.gpu_packages_per_node));
		json_object_set_new(o, "device_unit", json_string(c->hw.device_unit));
		json_object_set_new(o, "gpus_named_as", json_string(c->hw.packages_are_gpus ? "packages" : "devices"));
	}
	json_object_set_new(o, "hardware",
			    json_pack("{s:s?,s:i,s:i,s:i,s:i,s:i}", "gpu_vendor", c->hw.gpu_vendor, "gpu_memory_gb",
				      c->hw.gpu_memory_gb, "gpus_per_node", c->hw.gpus_per_node, "cpu_cores_per_node",
				      c->hw.cpu_cores_per_node, "logical_cpus_per_node", c->hw.logical_cpus_per_node,
				      "memory_gb_per_node", c->hw.memory_gb_per_node));
	json_t *hdr = json_array();
	for (size_t i = 0; i < c->nheader; i++)
		json_array_append_new(hdr, json_string(c->header[i].text));
	json_object_set_new(o, "header", hdr);
	json_object_set_new(o, "default_queue",
			    json_string(!c->node_type || c->node_type->is_default ? c->default_queue
					: c->node_type->default_queue		     ? c->node_type->default_queue
					: c->node_type->nqueues			     ? c->node_type->queues[0]
										     : c->default_queue));
	if (c->sched_default_queue) /* the queue the scheduler gives a job that names none, where the centre says */
		json_object_set_new(o, "scheduler_default",
				    json_pack("{s:s,s:s?,s:s?,s:s?}", "queue", c->sched_default_queue, "note", c->sched_default_note,
					      "source", c->sched_default_src.url, "reliability", c->sched_default_src.reliability));
	json_t *qs = json_array();
	bool view = c->node_type && !c->node_type->is_default; /* `maple clusters ID:NODETYPE`: its queues only */
	for (size_t i = 0; i < c->nqueues; i++) {
		const struct queue *q = &c->queues[i];
		if (view && !node_type_has_queue(c->node_type, q->name))
			continue;
		json_t *qj = json_pack("{s:s,s:i,s:i,s:i,s:b,s:s,s:s,s:b,s:i}", "name", q->name, "min_nodes", q->min_nodes,
				       "max_nodes", q->max_nodes, "max_walltime_minutes", q->max_walltime_min, "auto",
				       q->auto_select, "source", q->src.url ? q->src.url : "", "reliability",
				       q->src.reliability, "cpu_only", q->cpu_only, "max_gpus", q->max_gpus);
		if (q->partition)
			json_object_set_new(qj, "partition", json_string(q->partition));
		if (q->max_gpus_per_user)
			json_object_set_new(qj, "max_gpus_per_user", json_integer(q->max_gpus_per_user));
		if (q->min_walltime_min)
			json_object_set_new(qj, "min_walltime_minutes", json_integer(q->min_walltime_min));
		if (q->access)
			json_object_set_new(qj, "access",
					    json_pack("{s:s,s:s,s:s}", "text", q->access, "source",
						      q->access_src.url ? q->access_src.url : "", "reliability",
						      q->access_src.reliability));
		if (q->nsubmit_limits) /* jobs one user or project may have queued and running at once */
			json_object_set_new(qj, "submit_limits", submit_limits_json(q));
		if (q->nbins) { /* walltime limits by node count, as the text shows them */
			json_t *bj = json_array();
			for (size_t b = 0; b < q->nbins; b++)
				json_array_append_new(bj, json_pack("{s:i,s:i,s:i}", "min_nodes", q->bins[b].min_nodes, "max_nodes",
								    q->bins[b].max_nodes, "max_walltime_minutes",
								    q->bins[b].max_walltime_min));
			json_object_set_new(qj, "bins", bj);
		}
		json_array_append_new(qs, qj);
	}
	json_t *nts = json_array();
	for (size_t i = 0; i < c->nnode_types; i++) {
		const struct node_type *nt = &c->node_types[i];
		json_t *qn = json_array(), *mn = json_array();
		for (size_t k = 0; k < nt->nqueues; k++)
			json_array_append_new(qn, json_string(nt->queues[k]));
		for (size_t k = 0; k < nt->nmodels; k++) /* the GPU model names that select it (data's `models:`) */
			json_array_append_new(mn, json_string(nt->models[k]));
		json_t *ntj = json_pack("{s:s,s:b,s:s?,s:s?,s:i,s:i,s:i,s:i,s:s,s:o,s:o,s:s?,s:s?}", "id", nt->id, "default",
					nt->is_default, "gpu_model", nt->hw.gpu_model, "gpu_vendor", nt->hw.gpu_vendor,
					"gpus_per_node", nt->hw.gpus_per_node, "gpu_memory_gb", nt->hw.gpu_memory_gb,
					"cpu_cores_per_node", nt->hw.cpu_cores_per_node, "memory_gb_per_node",
					nt->hw.memory_gb_per_node, "backend", nt->backend, "queues", qn, "models", mn,
					"source", nt->hw.src.url, "reliability", nt->hw.src.reliability);
		if (nt->nodes) /* how many such nodes, where the data says */
			json_object_set_new(ntj, "nodes", json_integer(nt->nodes));
		json_t *ms = json_array(); /* where each model name comes from (its own source, or the hardware's) */
		for (size_t k = 0; k < nt->nmodels; k++)
			json_array_append_new(ms, json_pack("{s:s,s:s?,s:s?,s:s?}", "name", nt->models[k], "note",
							    nt->model_notes ? nt->model_notes[k] : NULL, "source",
							    nt->model_srcs ? nt->model_srcs[k].url : NULL, "reliability",
							    nt->model_srcs ? nt->model_srcs[k].reliability : NULL));
		json_object_set_new(ntj, "model_sources", ms);
		json_array_append_new(nts, ntj);
	}
	json_object_set_new(o, "node_types", nts);
	json_t *ums = json_array(); /* nodes the centre has and maple does not model: naming their GPUs is an error */
	for (size_t i = 0; i < c->nunmodelled; i++) {
		const struct unmodelled_nodes *u = &c->unmodelled[i];
		json_t *mn = json_array();
		for (size_t k = 0; k < u->nmodels; k++)
			json_array_append_new(mn, json_string(u->models[k]));
		json_array_append_new(ums, json_pack("{s:o,s:s,s:s,s:s?,s:s?}", "models", mn, "what", u->what, "why", u->why,
						     "source", u->src.url, "reliability", u->src.reliability));
	}
	json_object_set_new(o, "unmodelled", ums);
	if (c->node_type)
		json_object_set_new(o, "node_type", json_string(c->node_type->id));
	json_object_set_new(o, "software", json_pack("{s:s,s:b,s:s?}", "kind", sw_kind_name(c->software.kind), "provided",
						    c->software.provided, "hint", c->software.hint));
	json_t *cts = json_array();
	for (size_t i = 0; i < c->ncontainers; i++) {
		const struct container_route *rt = &c->containers[i];
		json_t *h = json_array();
		for (size_t k = 0; k < rt->nheader; k++)
			json_array_append_new(h, json_string(rt->header[k].text));
		json_array_append_new(cts, json_pack("{s:s,s:s,s:s?,s:o,s:s?,s:s?}", "runtime", rt->runtime, "exec", rt->exec,
						     "example_image", rt->example_image, "header", h, "source", rt->src.url,
						     "reliability", rt->src.reliability));
	}
	json_object_set_new(o, "containers", cts);
	if (c->fs.n)
		json_object_set_new(o, "filesystems", filesystems_json(c));
	json_object_set_new(o, "queues", qs);
	if (c->account_pattern)
		json_object_set_new(o, "account_pattern",
				    json_pack("{s:s,s:s?,s:s?,s:s,s:s}", "pattern", c->account_pattern, "example", c->account_example,
					      "gpu_jobs", c->account_gpu_pattern, "source", c->account_src.url ? c->account_src.url : "",
					      "reliability", c->account_src.reliability));
	json_object_set_new(o, "source", json_string(c->source));
	json_object_set_new(o, "file", json_string(c->file));
	return o;
}

int cmd_clusters(int argc, char **argv)
{
	bool json = false;
	const char *data_dir = NULL;
	const struct opt opts[] = {
		{0, "json", OPT_FLAG, NULL, "print JSON", &json},
		{0, "data-dir", OPT_STRING, "DIR", "extra directory of cluster profiles", &data_dir},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec words = STRVEC_INIT;
	int pr = opts_parse_files(argc, argv, opts, usage, about, &words);
	if (pr) {
		strvec_clear(&words);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	if (words.nr > 1) { /* one cluster a run: a second word is no part of it (7c68541 ignored it, exit 0) */
		fprintf(stderr, "maple clusters: unexpected '%s' after '%s': give one cluster ID (usage: %s)\n", words.v[1],
			words.v[0], usage);
		strvec_clear(&words);
		return EXIT_ERROR;
	}
	struct repo *repo = open_repo(data_dir);
	if (!repo) {
		strvec_clear(&words);
		return EXIT_ERROR;
	}
	int rc = EXIT_OK;
	if (words.nr) {
		/* ID, or ID:NODETYPE / ID:QUEUE for one node type's view (lab.sh --shape delta:a100x8) */
		const struct cluster *c = strchr(words.v[0], ':') ? repo_cluster_view(repo, words.v[0])
								  : match_cluster_name(repo, words.v[0]);
		if (!c) {
			struct strbuf sb = STRBUF_INIT;
			unknown_cluster_message(repo, words.v[0], &sb);
			fprintf(stderr, "maple: %s\n", sb.buf);
			strbuf_release(&sb);
			rc = EXIT_ERROR;
		} else if (json) {
			json_t *j = cluster_json(c);
			json_print(j, false);
			json_decref(j);
		} else {
			show(c);
		}
	} else if (json) {
		json_t *a = json_array();
		for (size_t i = 0; i < repo_cluster_count(repo); i++)
			json_array_append_new(a, cluster_json(repo_cluster_at(repo, i)));
		json_print(a, false);
		json_decref(a);
	} else {
		printf("%-12s %-6s %-5s %-34s %s\n", "ID", "SCHED", "GPUS", "GPU", "NAME");
		for (size_t i = 0; i < repo_cluster_count(repo); i++) {
			const struct cluster *c = repo_cluster_at(repo, i);
			printf("%-12s %-6s %-5d %-34.34s %s\n", c->id, scheduler_name(c->scheduler), c->hw.gpus_per_node,
			       c->hw.gpu_model, c->name);
		}
	}
	strvec_clear(&words);
	repo_destroy(repo);
	return rc;
}
