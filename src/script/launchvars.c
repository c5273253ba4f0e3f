/* launchvars.c - loads data/scripts/launchvars.yaml (see launchvars.h) and answers lookups in it. */
#include "launchvars.h"

#include "hints.h"
#include "jobscript.h"

#include "../repo/ydoc.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

static const char *const meanings[] = {"rank", "local_rank", "world_size", "local_size", "node_rank", "nnodes", NULL};

static bool source_url(struct ydoc *y, yaml_node_t *it, const char **out)
{
	if (!yget_str(y, it, "source", out) || !*out)
		return false;
	if (strncmp(*out, "https://", 8) && strncmp(*out, "http://", 7)) {
		yerr(y, ymap_get(y, it, "source"), "source must be a documentation URL, not '%s'", *out);
		return false;
	}
	return true;
}

static yaml_node_t *list_of(struct ydoc *y, yaml_node_t *root, const char *key)
{
	yaml_node_t *seq = ymap_get(y, root, key);
	if (seq && !yis_seq(seq)) {
		yerr(y, seq, "%s must be a list", key);
		return NULL;
	}
	return seq;
}

void launch_facts_load(struct launch_facts *f, struct ydoc *y)
{
	yaml_node_t *root = ydoc_root(y);
	static const char *const top[] = {"task_vars", "job_counts", "python_flags", "program_launcher_options", NULL};
	static const char *const none[] = {NULL};
	if (!root || !yis_map(root) || !ymap_check(y, root, "launch facts file", top, none))
		return;
	yaml_node_t *seq = list_of(y, root, "task_vars");
	static const char *const tk[] = {"name", "launcher", "means", "source", NULL};
	for (size_t i = 0; seq && i < yseq_len(seq); i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		struct task_var_hint e = {0};
		if (!yis_map(it) || !ymap_check(y, it, "task variable", tk, tk) || !yget_str(y, it, "name", &e.name) ||
		    !yget_str(y, it, "launcher", &e.launcher) || !yget_str(y, it, "means", &e.means) ||
		    !source_url(y, it, &e.source))
			continue;
		bool ok = false;
		for (const char *const *m = meanings; *m && !ok; m++)
			ok = !strcmp(*m, e.means);
		if (!ok) {
			yerr(y, ymap_get(y, it, "means"), "task variable '%s': means '%s' is not one of rank, local_rank, "
							  "world_size, local_size, node_rank, nnodes", e.name, e.means);
			continue;
		}
		JS_GROW(f->tvars, f->ntvars);
		f->tvars[f->ntvars++] = e;
	}
	seq = list_of(y, root, "job_counts");
	static const char *const jk[] = {"name", "scheduler", "means", "source", NULL};
	static const char *const jmeans[] = {"nodes",	      "tasks",	      "tasks_per_node", "gpus",
					     "gpus_per_node", "cpus_per_task", "cpus_per_gpu",	"cpus_per_node", NULL};
	for (size_t i = 0; seq && i < yseq_len(seq); i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		struct job_count_hint e = {0};
		if (!yis_map(it) || !ymap_check(y, it, "job count variable", jk, jk) || !yget_str(y, it, "name", &e.name) ||
		    !yget_str(y, it, "scheduler", &e.scheduler) || !yget_str(y, it, "means", &e.means) ||
		    !source_url(y, it, &e.source))
			continue;
		if (strcmp(e.scheduler, "slurm") && strcmp(e.scheduler, "pbs")) {
			yerr(y, ymap_get(y, it, "scheduler"), "job count variable '%s': scheduler '%s' is not slurm or pbs", e.name,
			     e.scheduler);
			continue;
		}
		bool ok = false;
		for (const char *const *m = jmeans; *m && !ok; m++)
			ok = !strcmp(*m, e.means);
		if (!ok) {
			yerr(y, ymap_get(y, it, "means"), "job count variable '%s': means '%s' is not one of nodes, tasks, "
							  "tasks_per_node, gpus, gpus_per_node, cpus_per_task, cpus_per_gpu, cpus_per_node",
			     e.name, e.means);
			continue;
		}
		JS_GROW(f->jcounts, f->njcounts);
		f->jcounts[f->njcounts++] = e;
	}
	seq = list_of(y, root, "python_flags");
	static const char *const pk[] = {"flag", "env", "value", "source", NULL}, *const preq[] = {"flag", "env", "source", NULL};
	for (size_t i = 0; seq && i < yseq_len(seq); i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		struct pyflag_hint e = {0};
		if (!yis_map(it) || !ymap_check(y, it, "python flag", pk, preq) || !yget_str(y, it, "flag", &e.flag) ||
		    !yget_str(y, it, "env", &e.env) || !yget_bool(y, it, "value", &e.value) || !source_url(y, it, &e.source))
			continue;
		if (e.flag[0] != '-') {
			yerr(y, ymap_get(y, it, "flag"), "python flag '%s' must start with -", e.flag);
			continue;
		}
		JS_GROW(f->pyflags, f->npyflags);
		f->pyflags[f->npyflags++] = e;
	}
	seq = list_of(y, root, "program_launcher_options");
	static const char *const ok_[] = {"option", "values", "framework", "source", NULL},
				 *const oreq[] = {"option", "framework", "source", NULL};
	for (size_t i = 0; seq && i < yseq_len(seq); i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		struct proglaunch_hint e = {0};
		if (!yis_map(it) || !ymap_check(y, it, "program launcher option", ok_, oreq) ||
		    !yget_str(y, it, "option", &e.option) || !yget_str(y, it, "values", &e.values) ||
		    !yget_str(y, it, "framework", &e.framework) || !source_url(y, it, &e.source))
			continue;
		JS_GROW(f->plopts, f->nplopts);
		f->plopts[f->nplopts++] = e;
	}
}

void launch_facts_release(struct launch_facts *f)
{
	free(f->tvars);
	free(f->jcounts);
	free(f->pyflags);
	free(f->plopts);
	memset(f, 0, sizeof(*f));
}

const struct task_var_hint *launch_task_var(const struct script_hints *h, const char *name)
{
	for (size_t i = 0; h && i < h->lf.ntvars; i++)
		if (!strcmp(h->lf.tvars[i].name, name))
			return &h->lf.tvars[i];
	return NULL;
}

const struct task_var_hint *launch_task_var_for(const struct script_hints *h, const char *launcher, const char *means)
{
	for (size_t i = 0; h && launcher && i < h->lf.ntvars; i++)
		if (!strcmp(h->lf.tvars[i].launcher, launcher) && !strcmp(h->lf.tvars[i].means, means))
			return &h->lf.tvars[i];
	return NULL;
}

const struct job_count_hint *launch_job_count(const struct script_hints *h, const char *name, const char *scheduler)
{
	for (size_t i = 0; h && name && scheduler && i < h->lf.njcounts; i++)
		if (!strcmp(h->lf.jcounts[i].name, name) && !strcmp(h->lf.jcounts[i].scheduler, scheduler))
			return &h->lf.jcounts[i];
	return NULL;
}

const struct pyflag_hint *launch_pyflag(const struct script_hints *h, const char *word, const char *next)
{
	for (size_t i = 0; h && i < h->lf.npyflags; i++) {
		const char *f = h->lf.pyflags[i].flag, *sp = strchr(f, ' ');
		if (sp) { /* "-X importtime": the option and its value, apart or joined (-Ximporttime) */
			size_t n = (size_t)(sp - f);
			if (!strncmp(word, f, n) && ((!word[n] && next && !strcmp(next, sp + 1)) || !strcmp(word + n, sp + 1)))
				return &h->lf.pyflags[i];
		} else if (!strcmp(word, f) || (h->lf.pyflags[i].value && !strncmp(word, f, strlen(f)) && word[strlen(f)])) {
			return &h->lf.pyflags[i];
		}
	}
	return NULL;
}

const struct proglaunch_hint *launch_prog_option(const struct script_hints *h, const char *word)
{
	for (size_t i = 0; h && i < h->lf.nplopts; i++) {
		size_t n = strlen(h->lf.plopts[i].option);
		if (!strncmp(word, h->lf.plopts[i].option, n) && (!word[n] || word[n] == '='))
			return &h->lf.plopts[i];
	}
	return NULL;
}
