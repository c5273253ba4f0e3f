/* profile.c - reading one cluster profile (data/clusters/ID.yaml) or one launch template
 * (data/templates/CLUSTER/ID.yaml) from its YAML document into arena-owned structures: every field
 * typed and checked, facts with their sources, placeholders known. The repository (repo.c) finds the
 * files, indexes the names and serves lookups. */
#include "load.h"
#include "placeholder.h"
#include "ydoc.h"

#include "../util/strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool valid_id(const char *s)
{
	if (!*s)
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' || *p == '.'))
			return false;
	return true;
}

static bool valid_envname(const char *s)
{
	if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '_'))
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_'))
			return false;
	return true;
}

static const char *const reliabilities[] = {"doc", "staff", "secondary", "inferred", NULL};

void rl_source(struct ydoc *y, yaml_node_t *map, struct fact_src *src, bool required)
{
	src->file = y->file;
	src->line = ynode_line(map);
	src->reliability = "doc";
	const char *url = NULL;
	yget_str(y, map, "source", &url);
	if (url && strncmp(url, "https://", 8) && strncmp(url, "http://", 7))
		yerr(y, ymap_get(y, map, "source"), "source must be a documentation URL (http:// or https://), not '%s'",
		     url);
	else if (!url && required)
		yerr(y, map, "missing required field 'source' (the documentation URL of this fact)");
	src->url = url;
	const char *rel = NULL;
	yget_str(y, map, "reliability", &rel);
	if (rel) {
		bool ok = false;
		for (const char *const *r = reliabilities; *r; r++)
			ok |= !strcmp(*r, rel);
		if (!ok)
			yerr(y, ymap_get(y, map, "reliability"),
			     "reliability must be one of doc, staff, secondary, inferred, not '%s'", rel);
		src->reliability = rel;
	}
}

struct ph_check {
	struct ydoc *y;
	yaml_node_t *node;
	bool allow_command;
};

static int check_ph(void *data, const struct placeholder *ph)
{
	struct ph_check *pc = data;
	if (!placeholder_known(ph->name, ph->len)) {
		struct strbuf sb = STRBUF_INIT;
		for (const char *const *p = placeholder_names; *p; p++)
			strbuf_addf(&sb, "%s%s", p == placeholder_names ? "" : ", ", *p);
		yerr(pc->y, pc->node, "unknown placeholder '{{%.*s}}' (known: %s)", (int)ph->len, ph->name, sb.buf);
		strbuf_release(&sb);
		return 0;
	}
	bool is_cmd = (ph->len == 7 && !strncmp(ph->name, "command", 7)) ||
		      (ph->len == 6 && !strncmp(ph->name, "script", 6)) ||
		      (ph->len == 11 && !strncmp(ph->name, "script_args", 11));
	if (ph->len == 9 && !strncmp(ph->name, "container", 9) && (!pc->allow_command || ph->ctx != QCTX_NONE))
		yerr(pc->y, pc->node, "placeholder '{{container}}' belongs in a template body, outside quotes (before "
				      "the per-task command: 'srun ... {{container}} bash -c ...')");
	if (is_cmd && !pc->allow_command)
		yerr(pc->y, pc->node, "placeholder '{{%.*s}}' may only be used in template bodies", (int)ph->len,
		     ph->name);
	else if (is_cmd && ph->ctx == QCTX_DOUBLE)
		yerr(pc->y, pc->node,
		     "placeholder '{{%.*s}}' stands inside double quotes; put it outside quotes or inside "
		     "single quotes (bash -c '...') so maple can quote the user's words",
		     (int)ph->len, ph->name);
	return 0;
}

static void check_placeholders(struct ydoc *y, yaml_node_t *node, const char *text, bool allow_command)
{
	struct ph_check pc = {y, node, allow_command};
	placeholder_scan(text, check_ph, &pc);
}

static const char *const line_keys[] = {"line", "source", "reliability", NULL};
static const char *const line_req[] = {"line", NULL};

void rl_lines(struct ydoc *y, yaml_node_t *seq, const char *what, struct sourced_line **out, size_t *n,
	      bool placeholders)
{
	*n = 0;
	if (!seq)
		return;
	if (!yis_seq(seq)) {
		yerr(y, seq, "'%s' must be a list of {line, source} items", what);
		return;
	}
	size_t len = yseq_len(seq);
	*out = arena_alloc(y->arena, (len + 1) * sizeof(**out));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!ymap_check(y, it, what, line_keys, line_req))
			continue;
		struct sourced_line *sl = &(*out)[(*n)++];
		yget_str(y, it, "line", &sl->text);
		rl_source(y, it, &sl->src, true);
		if (sl->text && placeholders)
			check_placeholders(y, ymap_get(y, it, "line"), sl->text, false);
		if (sl->text && strchr(sl->text, '\n'))
			yerr(y, it, "'%s' items must be single lines", what);
	}
}

static const char *const quirk_keys[] = {"text", "source", "reliability", NULL};
static const char *const quirk_req[] = {"text", NULL};

static void load_quirks(struct ydoc *y, yaml_node_t *seq, struct cluster *c)
{
	if (!seq)
		return;
	if (!yis_seq(seq)) {
		yerr(y, seq, "'quirks' must be a list of {text, source} items");
		return;
	}
	size_t len = yseq_len(seq);
	c->quirks = arena_alloc(y->arena, (len + 1) * sizeof(*c->quirks));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!ymap_check(y, it, "quirk", quirk_keys, quirk_req))
			continue;
		struct sourced_line *q = &c->quirks[c->nquirks++];
		yget_str(y, it, "text", &q->text);
		rl_source(y, it, &q->src, true);
	}
}

static const char *const rule_keys[] = {"option", "value", "severity", "why", "source", "reliability", NULL};
static const char *const rule_req[] = {"option", "why", "source", NULL};

static void load_rules(struct ydoc *y, yaml_node_t *seq, const char *what, struct directive_rule **out, size_t *n,
		       bool with_value)
{
	*n = 0;
	if (!seq)
		return;
	if (!yis_seq(seq)) {
		yerr(y, seq, "'verify.%s' must be a list of {option, why, source} items", what);
		return;
	}
	size_t len = yseq_len(seq);
	*out = arena_alloc(y->arena, (len + 1) * sizeof(**out));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!ymap_check(y, it, what, rule_keys, rule_req))
			continue;
		struct directive_rule *r = &(*out)[(*n)++];
		r->severity = "error";
		yget_str(y, it, "option", &r->option);
		yget_str(y, it, "value", &r->value);
		yget_str(y, it, "severity", &r->severity);
		yget_str(y, it, "why", &r->why);
		rl_source(y, it, &r->src, true);
		if (r->value && !with_value)
			yerr(y, ymap_get(y, it, "value"), "'verify.%s' items take no 'value'", what);
		if (r->severity && strcmp(r->severity, "error") && strcmp(r->severity, "warning"))
			yerr(y, ymap_get(y, it, "severity"), "'severity' must be error or warning, not '%s'", r->severity);
		if (r->option && (!*r->option || r->option[0] == '-'))
			yerr(y, ymap_get(y, it, "option"),
			     "'option' is the option's name without dashes (constraint, gres, filesystems), not '%s'",
			     r->option);
	}
}

static const char *const fp_keys[] = {"text", "path_pattern", "source", "reliability", NULL};
static const char *const fp_req[] = {"source", NULL};
static const char *const verify_keys[] = {"requires", "rejects", "fingerprints", NULL};

static void load_verify(struct ydoc *y, yaml_node_t *map, struct cluster *c)
{
	if (!map)
		return;
	if (!ymap_check(y, map, "verify", verify_keys, NULL))
		return;
	load_rules(y, ymap_get(y, map, "requires"), "requires", &c->requires, &c->nrequires, true);
	load_rules(y, ymap_get(y, map, "rejects"), "rejects", &c->rejects, &c->nrejects, false);
	yaml_node_t *seq = ymap_get(y, map, "fingerprints");
	if (!seq)
		return;
	if (!yis_seq(seq)) {
		yerr(y, seq, "'verify.fingerprints' must be a list of {text, source} items");
		return;
	}
	size_t len = yseq_len(seq);
	c->fingerprints = arena_alloc(y->arena, (len + 1) * sizeof(*c->fingerprints));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!ymap_check(y, it, "fingerprint", fp_keys, fp_req))
			continue;
		struct fingerprint *f = &c->fingerprints[c->nfingerprints++];
		const char *pat = NULL;
		yget_str(y, it, "text", &f->text);
		yget_str(y, it, "path_pattern", &pat);
		rl_source(y, it, &f->src, true);
		if (!f->text == !pat) {
			yerr(y, it, "a fingerprint has either 'text' or 'path_pattern', not %s", f->text ? "both" : "neither");
			continue;
		}
		if (pat) {
			/* kept in text: the matchers tell a pattern by its '{' (no plain fingerprint has one) */
			const char *why = fingerprint_pattern_problem(pat);
			if (why)
				yerr(y, it, "path_pattern '%s': %s", pat, why);
			f->text = pat;
		} else if (strchr(f->text, '{'))
			yerr(y, it, "fingerprint '%s': a text with '{' must be a 'path_pattern'", f->text);
		if (f->text && strlen(f->text) < 3)
			yerr(y, it, "fingerprint '%s' is too short to identify a cluster", f->text);
	}
}

static bool get_walltime(struct ydoc *y, yaml_node_t *map, const char *key, int *out)
{
	const char *s = NULL;
	if (!yget_str(y, map, key, &s) || !s)
		return false;
	int m = parse_walltime(s);
	if (m <= 0) {
		yerr(y, ymap_get(y, map, key), "'%s' must be a walltime \"HH:MM:SS\", not '%s'", key, s);
		return false;
	}
	*out = m;
	return true;
}

static const char *const queue_keys[] = {"name",     "min_nodes", "max_nodes", "max_walltime", "default_walltime",
					 "auto",     "bins",	  "note",      "source",       "reliability",
					 "cpu_only", "max_gpus", "partition", "max_gpus_per_user", "access", "min_walltime",
					 "submit_limits", NULL};
static const char *const queue_req[] = {"name", "max_nodes", "max_walltime", NULL};
static const char *const bin_keys[] = {"min_nodes", "max_nodes", "max_walltime", NULL};
static const char *const access_keys[] = {"text", "source", "reliability", NULL};
static const char *const access_req[] = {"text", "source", NULL};

static const char *const submit_keys[] = {"jobs", "per", "over", "throttle", "note", "source", "reliability", NULL};
static const char *const submit_req[] = {"jobs", "source", NULL};
static const char *const submit_over_names[] = {"unstated", "rejected", "never_runs", NULL};

const char *submit_over_name(enum submit_over o)
{
	return o >= SUBMIT_UNSTATED && o <= SUBMIT_NEVER_RUNS ? submit_over_names[o] : "unstated";
}

/* submit_limits: [{jobs, source[, per, over, throttle, note, reliability]}, ...]: limits on the jobs one user
 * (or project) may have queued and running in the queue at once, each with the statement's source. */
static void load_submit_limits(struct ydoc *y, yaml_node_t *list, struct queue *q)
{
	const char *qn = q->name ? q->name : "?";
	if (!yis_seq(list) || !yseq_len(list)) {
		yerr(y, list, "queue '%s': 'submit_limits' must be a non-empty list of {jobs, per, over, source}", qn);
		return;
	}
	size_t len = yseq_len(list);
	q->submit_limits = arena_alloc(y->arena, len * sizeof(*q->submit_limits));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, list, i);
		if (!yis_map(it)) {
			yerr(y, it, "queue '%s': each submit limit must be a map {jobs, per, over, source}", qn);
			continue;
		}
		if (!ymap_check(y, it, "submit limit", submit_keys, submit_req))
			continue;
		struct submit_limit *l = &q->submit_limits[q->nsubmit_limits++];
		memset(l, 0, sizeof(*l));
		yget_int(y, it, "jobs", 1, 1000000, &l->jobs);
		if (yget_str(y, it, "per", &l->per) && l->per && strcmp(l->per, "user") && strcmp(l->per, "project"))
			yerr(y, ymap_get(y, it, "per"), "queue '%s': a submit limit's 'per' must be user or project, not '%s'",
			     qn, l->per);
		const char *over = NULL;
		if (yget_str(y, it, "over", &over) && over) {
			int k = 0;
			while (submit_over_names[k] && strcmp(submit_over_names[k], over))
				k++;
			if (!submit_over_names[k])
				yerr(y, ymap_get(y, it, "over"),
				     "queue '%s': a submit limit's 'over' (what the centre says happens past it) must be one of "
				     "unstated, rejected, never_runs, not '%s'",
				     qn, over);
			else
				l->over = (enum submit_over)k;
		}
		yget_bool(y, it, "throttle", &l->throttle);
		yget_str(y, it, "note", &l->note);
		rl_source(y, it, &l->src, true);
		for (size_t k = 0; k + 1 < q->nsubmit_limits; k++)
			if (q->submit_limits[k].per == l->per ||
			    (q->submit_limits[k].per && l->per && !strcmp(q->submit_limits[k].per, l->per)))
				if (q->submit_limits[k].over == l->over && q->submit_limits[k].throttle == l->throttle)
					yerr(y, it, "queue '%s': two submit limits say the same of the same jobs (%d and %d): keep one",
					     qn, q->submit_limits[k].jobs, l->jobs);
	}
}

/* access: {text, source[, reliability]}: a queue not every project may use, said where it is chosen. */
static void load_access(struct ydoc *y, yaml_node_t *a, struct queue *q)
{
	if (!yis_map(a)) {
		yerr(y, a, "queue '%s': 'access' must be a map {text, source, reliability}", q->name ? q->name : "?");
		return;
	}
	if (!ymap_check(y, a, "queue access", access_keys, access_req))
		return;
	yget_str(y, a, "text", &q->access); /* one line, not empty: yget_str refuses the others */
	rl_source(y, a, &q->access_src, true);
}

static void load_queue(struct ydoc *y, yaml_node_t *it, struct queue *q)
{
	ymap_check(y, it, "queue", queue_keys, queue_req);
	yget_str(y, it, "name", &q->name);
	q->min_nodes = 1;
	q->auto_select = true;
	yget_int(y, it, "min_nodes", 1, 1000000, &q->min_nodes);
	yget_int(y, it, "max_nodes", 1, 1000000, &q->max_nodes);
	get_walltime(y, it, "max_walltime", &q->max_walltime_min);
	if (ymap_get(y, it, "default_walltime"))
		get_walltime(y, it, "default_walltime", &q->default_walltime_min);
	if (ymap_get(y, it, "min_walltime"))
		get_walltime(y, it, "min_walltime", &q->min_walltime_min);
	yget_bool(y, it, "auto", &q->auto_select);
	yget_bool(y, it, "cpu_only", &q->cpu_only);
	yget_int(y, it, "max_gpus", 1, 1000000, &q->max_gpus);
	yget_int(y, it, "max_gpus_per_user", 1, 1000000, &q->max_gpus_per_user);
	yget_str(y, it, "partition", &q->partition);
	if (q->cpu_only && q->max_gpus)
		yerr(y, it, "queue '%s' is cpu_only and cannot have max_gpus", q->name ? q->name : "?");
	yget_str(y, it, "note", &q->note);
	rl_source(y, it, &q->src, true);
	if (ymap_get(y, it, "access"))
		load_access(y, ymap_get(y, it, "access"), q);
	if (ymap_get(y, it, "submit_limits"))
		load_submit_limits(y, ymap_get(y, it, "submit_limits"), q);
	if (q->max_nodes && q->min_nodes > q->max_nodes)
		yerr(y, it, "queue '%s': min_nodes %d is above max_nodes %d", q->name ? q->name : "?", q->min_nodes,
		     q->max_nodes);
	if (q->default_walltime_min > q->max_walltime_min && q->max_walltime_min)
		yerr(y, it, "queue '%s': default_walltime is above max_walltime", q->name ? q->name : "?");
	if (q->min_walltime_min && q->max_walltime_min && q->min_walltime_min > q->max_walltime_min)
		yerr(y, it, "queue '%s': min_walltime is above max_walltime", q->name ? q->name : "?");
	if (q->min_walltime_min && q->default_walltime_min && q->min_walltime_min > q->default_walltime_min)
		yerr(y, it, "queue '%s': min_walltime is above default_walltime", q->name ? q->name : "?");
	yaml_node_t *bins = ymap_get(y, it, "bins");
	if (bins) {
		if (!yis_seq(bins)) {
			yerr(y, bins, "'bins' must be a list of {min_nodes, max_nodes, max_walltime}");
			return;
		}
		size_t len = yseq_len(bins);
		q->bins = arena_alloc(y->arena, (len + 1) * sizeof(*q->bins));
		for (size_t i = 0; i < len; i++) {
			yaml_node_t *b = yseq_at(y, bins, i);
			if (!ymap_check(y, b, "queue bin", bin_keys, bin_keys))
				continue;
			struct queue_bin *qb = &q->bins[q->nbins++];
			yget_int(y, b, "min_nodes", 1, 1000000, &qb->min_nodes);
			yget_int(y, b, "max_nodes", 1, 1000000, &qb->max_nodes);
			get_walltime(y, b, "max_walltime", &qb->max_walltime_min);
			if (qb->min_nodes > qb->max_nodes)
				yerr(y, b, "bin min_nodes %d is above max_nodes %d", qb->min_nodes, qb->max_nodes);
			if (qb->max_walltime_min > q->max_walltime_min)
				yerr(y, b, "bin max_walltime is above the queue's max_walltime");
			if (qb->min_nodes < q->min_nodes || qb->max_nodes > q->max_nodes)
				yerr(y, b, "bin %d-%d nodes lies outside the queue's %d-%d", qb->min_nodes, qb->max_nodes,
				     q->min_nodes, q->max_nodes);
		}
	}
}

static const char *const hw_keys[] = {"gpu_model",	    "gpu_vendor",	  "gpu_memory_gb", "gpus_per_node",
				      "cpu_cores_per_node", "memory_gb_per_node", "bf16",	   "source",
				      "logical_cpus_per_node", "gpu_packages_per_node", "device_unit", "gpus_named_as",
				      "reliability",	    "cpu_arch",		  NULL};
static const char *const hw_req[] = {"gpu_model",	   "gpu_vendor",	 "gpu_memory_gb", "gpus_per_node",
				     "cpu_cores_per_node", "memory_gb_per_node", "source",	  NULL};

static const char *const env_keys[] = {"name", "value", "source", "reliability", NULL};
static const char *const env_req[] = {"name", "value", NULL};
static const char *const module_keys[] = {"pytorch", "deepspeed", "accelerate", NULL};

void rl_hardware(struct ydoc *y, yaml_node_t *hw, struct hardware *out)
{
	if (!ymap_check(y, hw, "hardware", hw_keys, hw_req))
		return;
	out->bf16 = true;
	yget_str(y, hw, "gpu_model", &out->gpu_model);
	yget_str(y, hw, "gpu_vendor", &out->gpu_vendor);
	if (out->gpu_vendor && strcmp(out->gpu_vendor, "nvidia") && strcmp(out->gpu_vendor, "amd") &&
	    strcmp(out->gpu_vendor, "intel"))
		yerr(y, ymap_get(y, hw, "gpu_vendor"), "gpu_vendor must be nvidia, amd or intel, not '%s'", out->gpu_vendor);
	yget_str(y, hw, "cpu_arch", &out->cpu_arch);
	if (out->cpu_arch && strcmp(out->cpu_arch, "x86_64") && strcmp(out->cpu_arch, "aarch64"))
		yerr(y, ymap_get(y, hw, "cpu_arch"), "cpu_arch must be x86_64 or aarch64, not '%s'", out->cpu_arch);
	yget_int(y, hw, "gpu_memory_gb", 1, 100000, &out->gpu_memory_gb);
	yget_int(y, hw, "gpus_per_node", 1, 1024, &out->gpus_per_node);
	yget_int(y, hw, "cpu_cores_per_node", 1, 100000, &out->cpu_cores_per_node);
	yget_int(y, hw, "memory_gb_per_node", 1, 10000000, &out->memory_gb_per_node);
	yget_bool(y, hw, "bf16", &out->bf16);
	yget_int(y, hw, "logical_cpus_per_node", 1, 1000000, &out->logical_cpus_per_node);
	yget_int(y, hw, "gpu_packages_per_node", 1, 1024, &out->gpu_packages_per_node);
	yget_str(y, hw, "device_unit", &out->device_unit);
	/* what the centre calls a GPU where each holds several devices: "packages" (ALCF: Aurora's 6 GPUs of
	 * 2 tiles) or "devices" (OLCF: Frontier's 8 GCDs, each a GPU to the software); devices when unsaid */
	const char *named = NULL;
	yget_str(y, hw, "gpus_named_as", &named);
	if (named && strcmp(named, "packages") && strcmp(named, "devices"))
		yerr(y, ymap_get(y, hw, "gpus_named_as"), "gpus_named_as must be packages or devices, not '%s'", named);
	if (named && !out->gpu_packages_per_node)
		yerr(y, ymap_get(y, hw, "gpus_named_as"), "gpus_named_as needs gpu_packages_per_node and device_unit");
	out->packages_are_gpus = named && !strcmp(named, "packages");
	if (out->gpu_packages_per_node &&
	    (out->gpu_packages_per_node >= out->gpus_per_node || out->gpus_per_node % out->gpu_packages_per_node))
		yerr(y, ymap_get(y, hw, "gpu_packages_per_node"),
		     "gpu_packages_per_node (%d) must be fewer than gpus_per_node (%d) and divide it: it counts the physical "
		     "GPUs when each holds several devices (tiles, GCDs)",
		     out->gpu_packages_per_node, out->gpus_per_node);
	if (!out->gpu_packages_per_node != !out->device_unit)
		yerr(y, hw, "gpu_packages_per_node and device_unit go together (6 GPUs of 2 tiles: 6 and tiles)");
	rl_source(y, hw, &out->src, true);
}

void rl_modules(struct ydoc *y, yaml_node_t *mods, struct sourced_line **m, size_t *nm)
{
	if (mods && ymap_check(y, mods, "modules", module_keys, module_keys)) {
		for (int f = 0; f < FW_COUNT; f++)
			rl_lines(y, ymap_get(y, mods, framework_name((enum framework)f)), framework_name((enum framework)f), &m[f], &nm[f], false);
	}
}

void rl_env(struct ydoc *y, yaml_node_t *env, struct env_var **out, size_t *n)
{
	*n = 0;
	if (env && !yis_seq(env)) {
		yerr(y, env, "'env' must be a list of {name, value, source} items");
		return;
	}
	if (!env)
		return;
	size_t len = yseq_len(env);
	*out = arena_alloc(y->arena, (len + 1) * sizeof(**out));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, env, i);
		if (!ymap_check(y, it, "env item", env_keys, env_req))
			continue;
		struct env_var *e = &(*out)[(*n)++];
		yget_str(y, it, "name", &e->name);
		const char *v = NULL;
		yaml_node_t *vn = ymap_get(y, it, "value");
		if (vn && vn->type == YAML_SCALAR_NODE)
			v = arena_strndup(y->arena, (const char *)vn->data.scalar.value, vn->data.scalar.length);
		else
			yerr(y, it, "env 'value' must be a single value");
		e->value = v ? v : "";
		rl_source(y, it, &e->src, true);
		if (e->name && !valid_envname(e->name))
			yerr(y, it, "'%s' is not a valid environment variable name", e->name);
	}
}

void rl_check_header(struct ydoc *y, yaml_node_t *node, const struct cluster *c, const struct sourced_line *h,
		     size_t n)
{
	const char *prefix = c->scheduler == SCHED_PBS ? "#PBS " : "#SBATCH ";
	for (size_t i = 0; i < n; i++)
		if (h[i].text && strncmp(h[i].text, prefix, strlen(prefix)))
			yerr(y, node, "header line '%s' does not start with '%s' (scheduler %s)", h[i].text, prefix,
			     scheduler_name(c->scheduler));
}

static const char *const cluster_keys[] = {"id",	"name",	   "aliases",	       "center", "scheduler",
					   "launcher",	"source",  "hardware",	       "default_queue", "queues",
					   "account_required", "header", "setup", "modules", "env",
					   "quirks",	"verify", "node_types", "unmodelled", "software", "containers", "account_pattern",
					   "launcher_one_task", "scheduler_default", "filesystems", "models", NULL};
static const char *const cluster_req[] = {"id",	    "name",	     "center", "scheduler", "launcher", "source",
					  "default_queue", "queues", "header",    "modules",  NULL};

static const char *const sched_default_keys[] = {"queue", "source", "reliability", "note", NULL};
static const char *const sched_default_req[] = {"queue", "source", NULL};

/* scheduler_default: {queue, source[, reliability, note]}: the queue a job that names none gets from the
 * scheduler, one of the profile's queues (read after them). */
static void load_sched_default(struct ydoc *y, yaml_node_t *d, struct cluster *c)
{
	if (!yis_map(d)) {
		yerr(y, d, "'scheduler_default' must be a map {queue, source, reliability, note}");
		return;
	}
	if (!ymap_check(y, d, "scheduler_default", sched_default_keys, sched_default_req))
		return;
	yget_str(y, d, "note", &c->sched_default_note);
	yget_str(y, d, "queue", &c->sched_default_queue);
	rl_source(y, d, &c->sched_default_src, true);
	if (c->sched_default_queue && c->nqueues && !cluster_queue(c, c->sched_default_queue))
		yerr(y, ymap_get(y, d, "queue"), "scheduler_default queue '%s' is not one of the queues",
		     c->sched_default_queue);
}

struct cluster *rl_cluster(struct ydoc *y, const char *stem)
{
	yaml_node_t *root = ydoc_root(y);
	if (!ymap_check(y, root, "cluster profile", cluster_keys, cluster_req) && !yis_map(root))
		return NULL;
	struct cluster *c = arena_alloc(y->arena, sizeof(*c));
	c->file = y->file;
	yget_str(y, root, "id", &c->id);
	if (c->id && !valid_id(c->id))
		yerr(y, ymap_get(y, root, "id"), "id '%s' may use only a-z, 0-9, '-', '_' and '.'", c->id);
	else if (c->id && strcmp(c->id, stem))
		yerr(y, ymap_get(y, root, "id"), "id '%s' does not match the file name '%s.yaml'", c->id, stem);
	yget_str(y, root, "name", &c->name);
	yget_strlist(y, root, "aliases", &c->aliases, &c->naliases);
	yget_str(y, root, "center", &c->center);
	const char *sched = NULL;
	yget_str(y, root, "scheduler", &sched);
	if (sched) {
		if (!strcmp(sched, "slurm"))
			c->scheduler = SCHED_SLURM;
		else if (!strcmp(sched, "pbs"))
			c->scheduler = SCHED_PBS;
		else
			yerr(y, ymap_get(y, root, "scheduler"), "scheduler must be slurm or pbs, not '%s'", sched);
	}
	yget_str(y, root, "launcher", &c->launcher);
	rl_launcher_one_task(y, ymap_get(y, root, "launcher_one_task"), c);
	yget_str(y, root, "source", &c->source);
	if (c->source && strncmp(c->source, "https://", 8) && strncmp(c->source, "http://", 7))
		yerr(y, ymap_get(y, root, "source"), "source must be a documentation URL (http:// or https://), not '%s'",
		     c->source);
	yget_str(y, root, "default_queue", &c->default_queue);
	yaml_node_t *qs = ymap_get(y, root, "queues");
	if (qs && (!yis_seq(qs) || !yseq_len(qs))) {
		yerr(y, qs, "'queues' must be a non-empty list");
	} else if (qs) {
		size_t len = yseq_len(qs);
		c->queues = arena_alloc(y->arena, len * sizeof(*c->queues));
		for (size_t i = 0; i < len; i++) {
			load_queue(y, yseq_at(y, qs, i), &c->queues[c->nqueues]);
			struct queue *q = &c->queues[c->nqueues++];
			for (size_t j = 0; q->name && j + 1 < c->nqueues; j++)
				if (c->queues[j].name && !strcmp(c->queues[j].name, q->name))
					yerr(y, yseq_at(y, qs, i), "duplicate queue '%s'", q->name);
		}
		for (size_t i = 0; i < c->nqueues; i++)
			if (c->queues[i].partition && !cluster_queue(c, c->queues[i].partition))
				yerr(y, yseq_at(y, qs, i), "queue '%s': partition '%s' is not one of the queues",
				     c->queues[i].name ? c->queues[i].name : "?", c->queues[i].partition);
		if (c->default_queue && !cluster_queue(c, c->default_queue))
			yerr(y, ymap_get(y, root, "default_queue"), "default_queue '%s' is not one of the queues",
			     c->default_queue);
	}
	if (ymap_get(y, root, "scheduler_default"))
		load_sched_default(y, ymap_get(y, root, "scheduler_default"), c);
	yget_bool(y, root, "account_required", &c->account_required);
	rl_lines(y, ymap_get(y, root, "header"), "header", &c->header, &c->nheader, true);
	rl_check_header(y, ymap_get(y, root, "header"), c, c->header, c->nheader);
	rl_lines(y, ymap_get(y, root, "setup"), "setup", &c->setup, &c->nsetup, false);
	rl_modules(y, ymap_get(y, root, "modules"), c->modules, c->nmodules);
	rl_env(y, ymap_get(y, root, "env"), &c->env, &c->nenv);
	if (ymap_get(y, root, "software"))
		rl_software(y, ymap_get(y, root, "software"), &c->software);
	rl_containers(y, ymap_get(y, root, "containers"), c);
	rl_filesystems(y, ymap_get(y, root, "filesystems"), c);
	rl_check_filesystems_header(y, root, c);
	rl_account_shape(y, ymap_get(y, root, "account_pattern"), c);
	load_quirks(y, ymap_get(y, root, "quirks"), c);
	load_verify(y, ymap_get(y, root, "verify"), c);
	rl_node_types(y, root, c);
	rl_unmodelled(y, ymap_get(y, root, "unmodelled"), c);
	return c;
}

static const char *const tpl_keys[] = {"id",	      "cluster",     "framework",   "strategies", "launcher",
				       "tasks_per_node", "description", "tags",	      "preferred",  "reliability",
				       "source",      "deviations",  "body",	      "node_types", "header",
				       "software",    NULL};
static const char *const tpl_req[] = {"id",		"cluster",     "framework",   "strategies", "launcher",
				      "tasks_per_node", "description", "reliability", "source",	    "body",
				      NULL};

struct template *rl_template(struct ydoc *y, const char *cluster_dir)
{
	yaml_node_t *root = ydoc_root(y);
	if (!ymap_check(y, root, "template", tpl_keys, tpl_req) && !yis_map(root))
		return NULL;
	struct template *t = arena_alloc(y->arena, sizeof(*t));
	t->file = y->file;
	t->framework = FW_NONE;
	yget_str(y, root, "id", &t->id);
	if (t->id && !valid_id(t->id))
		yerr(y, ymap_get(y, root, "id"), "id '%s' may use only a-z, 0-9, '-', '_' and '.'", t->id);
	yget_str(y, root, "cluster", &t->cluster);
	if (t->cluster && strcmp(t->cluster, cluster_dir))
		yerr(y, ymap_get(y, root, "cluster"), "cluster '%s' does not match the directory 'templates/%s/'",
		     t->cluster, cluster_dir);
	const char *fw = NULL;
	yget_str(y, root, "framework", &fw);
	if (fw && (t->framework = framework_from_name(fw)) == FW_NONE)
		yerr(y, ymap_get(y, root, "framework"), "framework must be pytorch, deepspeed or accelerate, not '%s'",
		     fw);
	const char **st;
	size_t nst = 0;
	yget_strlist(y, root, "strategies", &st, &nst);
	for (size_t i = 0; i < nst; i++) {
		enum strategy s = strategy_from_name(st[i]);
		if (s == ST_NONE)
			yerr(y, ymap_get(y, root, "strategies"),
			     "unknown strategy '%s' (known: ddp, fsdp, zero1, zero2, zero3)", st[i]);
		else if (t->framework != FW_NONE && !framework_allows(t->framework, s))
			yerr(y, ymap_get(y, root, "strategies"), "framework %s cannot run strategy %s", fw, st[i]);
		else
			t->strategies |= 1u << s;
	}
	if (ymap_get(y, root, "strategies") && !nst)
		yerr(y, ymap_get(y, root, "strategies"), "'strategies' is empty");
	yget_str(y, root, "launcher", &t->launcher);
	const char *tpn = NULL;
	yget_str(y, root, "tasks_per_node", &tpn);
	if (tpn && !strcmp(tpn, "node"))
		t->tasks_per = TASKS_PER_NODE;
	else if (tpn && !strcmp(tpn, "gpu"))
		t->tasks_per = TASKS_PER_GPU;
	else if (tpn)
		yerr(y, ymap_get(y, root, "tasks_per_node"), "tasks_per_node must be node or gpu, not '%s'", tpn);
	yget_str(y, root, "description", &t->description);
	yget_strlist(y, root, "tags", &t->tags, &t->ntags);
	yget_bool(y, root, "preferred", &t->preferred);
	struct fact_src src;
	rl_source(y, root, &src, true);
	t->source = src.url;
	t->reliability = src.reliability;
	yget_str(y, root, "deviations", &t->deviations);
	yget_strlist(y, root, "node_types", &t->node_types, &t->nnode_types);
	rl_lines(y, ymap_get(y, root, "header"), "header", &t->header, &t->nheader, true);
	yaml_node_t *sw = ymap_get(y, root, "software");
	if (sw) {
		rl_software(y, sw, &t->software);
		if (yis_map(sw))
			rl_lines(y, ymap_get(y, sw, "lines"), "software.lines", &t->sw_lines, &t->nsw_lines, false);
	}
	yget_str(y, root, "body", &t->body);
	yaml_node_t *body = ymap_get(y, root, "body");
	t->body_line = ynode_line(body) + (body && body->data.scalar.style != YAML_PLAIN_SCALAR_STYLE &&
					   body->data.scalar.style != YAML_SINGLE_QUOTED_SCALAR_STYLE &&
					   body->data.scalar.style != YAML_DOUBLE_QUOTED_SCALAR_STYLE);
	if (t->body) {
		check_placeholders(y, body, t->body, true);
		if (!strstr(t->body, "{{command}}") && !strstr(t->body, "{{script}}"))
			yerr(y, body, "the body never runs the user's command: it needs {{command}} (or {{script}})");
	}
	return t;
}
