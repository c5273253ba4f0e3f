/* drivers.c - programs that run once in the batch shell and start the job's tasks themselves, as data
 * (data/scripts/drivers.yaml: a libEnsemble manager, whose parse_args options --comms local|mpi|tcp and
 * --nworkers N mark it, https://libensemble.readthedocs.io/en/main/running_libE.html): loaded and
 * validated with the other script hints, and matched against a launch line's program. Such a program
 * started once on a multi-node allocation is the design, not an idle allocation, and it is no training
 * program a launcher of maple's could start. */
#include "hints.h"
#include "jobscript.h"

#include "../repo/ydoc.h"
#include "../util/xalloc.h"

#include <string.h>

static bool url_ok(struct ydoc *y, yaml_node_t *map, const char *key, const char *what, const char **out)
{
	if (!yget_str(y, map, key, out) || !*out)
		return false;
	if (strncmp(*out, "https://", 8) && strncmp(*out, "http://", 7)) {
		yerr(y, ymap_get(y, map, key), "driver '%s': %s must be a documentation URL, not '%s'", what, key, *out);
		return false;
	}
	return true;
}

static void runners_load(struct script_hints *h, struct ydoc *y, yaml_node_t *seq)
{
	if (!seq)
		return;
	if (!yis_seq(seq)) {
		yerr(y, seq, "runners must be a list");
		return;
	}
	static const char *const allowed[] = {"module", "name", "what", "missing", "source", NULL};
	for (size_t i = 0; i < yseq_len(seq); i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		struct runner_hint r = {0};
		if (!yis_map(it) || !ymap_check(y, it, "runner", allowed, allowed)) {
			if (!yis_map(it))
				yerr(y, it, "a runner must be a map with module, name, what, missing and source");
			continue;
		}
		if (!yget_str(y, it, "module", &r.module) || !yget_str(y, it, "name", &r.name) ||
		    !yget_str(y, it, "what", &r.what) || !yget_str(y, it, "missing", &r.missing) ||
		    !url_ok(y, it, "source", r.module, &r.source))
			continue;
		JS_GROW(h->runners, h->nrunners);
		h->runners[h->nrunners++] = r;
	}
}

const struct runner_hint *js_runner(const struct script_hints *h, const struct jobscript *js, int li)
{
	if (!h || li < 0 || (size_t)li >= js->nlaunches)
		return NULL;
	const struct launch *l = &js->launches[li];
	if (l->prog_stage < 0 || l->script_word < 0 || !l->module)
		return NULL;
	const char *m = js->cmds[l->stages[l->prog_stage].cmd].words.v[l->script_word].value;
	for (size_t i = 0; i < h->nrunners; i++)
		if (!strcmp(h->runners[i].module, m))
			return &h->runners[i];
	return NULL;
}

void drivers_load(struct script_hints *h, struct ydoc *y)
{
	yaml_node_t *root = ydoc_root(y);
	static const char *const top[] = {"drivers", "runners", NULL};
	static const char *const need[] = {"drivers", NULL};
	if (!root || !yis_map(root) || !ymap_check(y, root, "drivers file", top, need))
		return;
	runners_load(h, y, ymap_get(y, root, "runners"));
	yaml_node_t *seq = ymap_get(y, root, "drivers");
	if (!yis_seq(seq)) {
		yerr(y, seq, "drivers must be a list");
		return;
	}
	static const char *const allowed[] = {"name",	 "family", "what",	  "program_name_contains",
					      "options", "source", "port_source", NULL};
	static const char *const required[] = {"name", "family", "what", "options", "source", "port_source", NULL};
	static const char *const oallowed[] = {"option", "values", NULL};
	static const char *const orequired[] = {"option", NULL};
	for (size_t i = 0; i < yseq_len(seq); i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!yis_map(it)) {
			yerr(y, it, "a driver must be a map with name, family, what, options, source and port_source");
			continue;
		}
		if (!ymap_check(y, it, "driver", allowed, required))
			continue;
		struct driver_hint d = {0};
		if (!yget_str(y, it, "name", &d.name) || !yget_str(y, it, "family", &d.family) ||
		    !yget_str(y, it, "what", &d.what) || !yget_str(y, it, "program_name_contains", &d.name_contains) ||
		    !url_ok(y, it, "source", d.name, &d.source) || !url_ok(y, it, "port_source", d.name, &d.port_source))
			continue;
		yaml_node_t *os = ymap_get(y, it, "options");
		if (!yis_seq(os) || !yseq_len(os)) {
			yerr(y, os ? os : it, "driver '%s': options must be a non-empty list", d.name);
			continue;
		}
		d.nopts = yseq_len(os);
		d.opts = arena_alloc(y->arena, d.nopts * sizeof(*d.opts));
		bool bad = false;
		for (size_t k = 0; k < d.nopts && !bad; k++) {
			yaml_node_t *o = yseq_at(y, os, k);
			struct driver_option *opt = &d.opts[k];
			*opt = (struct driver_option){0};
			bad = !yis_map(o) || !ymap_check(y, o, "driver option", oallowed, orequired) ||
			      !yget_str(y, o, "option", &opt->option) || !yget_strlist(y, o, "values", &opt->values, &opt->nvalues);
			if (!bad && strncmp(opt->option, "-", 1)) {
				yerr(y, o, "driver '%s': option '%s' must start with '-'", d.name, opt->option);
				bad = true;
			}
		}
		if (bad)
			continue;
		JS_GROW(h->drivers, h->ndrivers);
		h->drivers[h->ndrivers++] = d;
	}
}

/* Whether option opt is given in words [from, to) with a value it takes: 1 = given, 0 = not. */
static bool option_given(const struct driver_option *opt, const struct shwords *ws, size_t from, size_t to)
{
	size_t n = strlen(opt->option);
	for (size_t k = from; k < to && k < ws->nr; k++) {
		const char *v = ws->v[k].value, *val = NULL;
		if (!strncmp(v, opt->option, n) && v[n] == '=')
			val = v + n + 1;
		else if (!strcmp(v, opt->option))
			val = k + 1 < ws->nr ? ws->v[k + 1].value : "";
		else
			continue;
		if (!opt->nvalues)
			return true;
		for (size_t i = 0; i < opt->nvalues; i++)
			if (!strcmp(val, opt->values[i]))
				return true;
	}
	return false;
}

const struct driver_hint *js_driver(const struct script_hints *h, const struct jobscript *js, int li)
{
	if (!h || li < 0 || (size_t)li >= js->nlaunches)
		return NULL;
	const struct launch *l = &js->launches[li];
	if (l->prog_stage < 0 || l->script_word < 0 || l->module)
		return NULL;
	const struct stage *p = &l->stages[l->prog_stage];
	const struct shwords *ws = &js->cmds[p->cmd].words;
	const char *script = base_name(ws->v[l->script_word].value);
	for (size_t i = 0; i < h->ndrivers; i++) {
		const struct driver_hint *d = &h->drivers[i];
		size_t given = 0;
		for (size_t k = 0; k < d->nopts; k++)
			given += option_given(&d->opts[k], ws, (size_t)l->script_word + 1, (size_t)p->last);
		bool named = d->name_contains && strcasestr(script, d->name_contains);
		if (given == d->nopts || (given && named))
			return d;
	}
	return NULL;
}
