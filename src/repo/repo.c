/* repo.c - loading and validating cluster profiles and launch templates from data directories. */
#include "repo.h"
#include "load.h"
#include "placeholder.h"
#include "ydoc.h"

#include "../util/fsutil.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_DATA_FILE (1024 * 1024)

static const char *const fw_names[] = {"pytorch", "deepspeed", "accelerate"};
static const char *const st_names[] = {"ddp", "fsdp", "zero1", "zero2", "zero3"};

const char *framework_name(enum framework f)
{
	return f >= 0 && f < FW_COUNT ? fw_names[f] : NULL;
}

const char *strategy_name(enum strategy s)
{
	return s >= 0 && s < ST_COUNT ? st_names[s] : NULL;
}

const char *scheduler_name(enum scheduler s)
{
	return s == SCHED_PBS ? "pbs" : "slurm";
}

enum framework framework_from_name(const char *s)
{
	for (int i = 0; i < FW_COUNT; i++)
		if (!strcmp(s, fw_names[i]))
			return (enum framework)i;
	return FW_NONE;
}

enum strategy strategy_from_name(const char *s)
{
	for (int i = 0; i < ST_COUNT; i++)
		if (!strcmp(s, st_names[i]))
			return (enum strategy)i;
	return ST_NONE;
}

bool framework_allows(enum framework f, enum strategy s)
{
	switch (f) {
	case FW_PYTORCH:
		return s == ST_DDP || s == ST_FSDP;
	case FW_DEEPSPEED:
		return s == ST_ZERO1 || s == ST_ZERO2 || s == ST_ZERO3;
	case FW_ACCELERATE:
		return s >= 0 && s < ST_COUNT;
	default:
		return false;
	}
}

const char *const placeholder_names[] = {
	"nodes",	 "gpus_per_node", "total_gpus", "tasks_per_node", "total_tasks",
	"cpus_per_task", "master_port",	  "walltime",	"walltime_minutes", "job_name",
	"account",	 "queue",	  "command",	"script",	  "script_args",
	"zero_stage",	 "ds_config",	  "deepspeed_args", "accelerate_flags", "mixed_precision",
	"qos",		 "image",	  "container",	NULL};

bool placeholder_known(const char *name, size_t len)
{
	for (const char *const *p = placeholder_names; *p; p++)
		if (strlen(*p) == len && !strncmp(*p, name, len))
			return true;
	return false;
}

int parse_walltime(const char *s)
{
	long days = 0, f[3];
	int nf = 0;
	const char *p = s;
	const char *dash = strchr(s, '-');
	if (dash) {
		char *end;
		days = strtol(s, &end, 10);
		if (end != dash || days < 0 || end - s > 5)
			return -1;
		p = dash + 1;
	}
	while (*p && nf < 3) {
		if (*p < '0' || *p > '9')
			return -1;
		char *end;
		f[nf] = strtol(p, &end, 10);
		if (end - p > 7 || f[nf] < 0)
			return -1; /* more than 9,999,999 of any unit is not a walltime */
		nf++;
		p = end;
		if (*p == ':') {
			p++;
			if (!*p)
				return -1;
		} else if (*p) {
			return -1;
		}
	}
	if (*p || nf == 0)
		return -1;
	long h = 0, m = 0, sec = 0;
	if (nf == 3) {
		h = f[0], m = f[1], sec = f[2];
	} else if (nf == 2) {
		if (dash)
			h = f[0], m = f[1];
		else
			m = f[0], sec = f[1];
	} else {
		if (dash)
			h = f[0];
		else
			m = f[0];
	}
	if (m >= 60 && nf > 1)
		return -1;
	if (sec >= 60)
		return -1;
	long total = days * 1440 + h * 60 + m + (sec > 0);
	return total > INT_MAX / 2 ? -1 : (int)total;
}

/* ---------------------------------------------------------------------------------------------- */

struct tdir {
	const char *cluster;
	bool loaded;
	const struct template **items;
	size_t n;
};

struct repo {
	struct arena arena;
	const char **names; /* normalized ids, aliases and display names (arena) */
	const struct cluster **name_owner;
	size_t nnames;
	struct strvec dirs;
	struct cluster **clusters;
	size_t nclusters;
	struct tdir *tdirs; /* parallel to clusters */
};

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

static const char *const fp_keys[] = {"text", "source", "reliability", NULL};
static const char *const fp_req[] = {"text", "source", NULL};
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
		yget_str(y, it, "text", &f->text);
		rl_source(y, it, &f->src, true);
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
					 "cpu_only", "max_gpus", "partition", "max_gpus_per_user", NULL};
static const char *const queue_req[] = {"name", "max_nodes", "max_walltime", NULL};
static const char *const bin_keys[] = {"min_nodes", "max_nodes", "max_walltime", NULL};

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
	yget_bool(y, it, "auto", &q->auto_select);
	yget_bool(y, it, "cpu_only", &q->cpu_only);
	yget_int(y, it, "max_gpus", 1, 1000000, &q->max_gpus);
	yget_int(y, it, "max_gpus_per_user", 1, 1000000, &q->max_gpus_per_user);
	yget_str(y, it, "partition", &q->partition);
	if (q->cpu_only && q->max_gpus)
		yerr(y, it, "queue '%s' is cpu_only and cannot have max_gpus", q->name ? q->name : "?");
	yget_str(y, it, "note", &q->note);
	rl_source(y, it, &q->src, true);
	if (q->max_nodes && q->min_nodes > q->max_nodes)
		yerr(y, it, "queue '%s': min_nodes %d is above max_nodes %d", q->name ? q->name : "?", q->min_nodes,
		     q->max_nodes);
	if (q->default_walltime_min > q->max_walltime_min && q->max_walltime_min)
		yerr(y, it, "queue '%s': default_walltime is above max_walltime", q->name ? q->name : "?");
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
				      "logical_cpus_per_node", "gpu_packages_per_node", "device_unit",
				      "reliability",	    NULL};
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
	yget_int(y, hw, "gpu_memory_gb", 1, 100000, &out->gpu_memory_gb);
	yget_int(y, hw, "gpus_per_node", 1, 1024, &out->gpus_per_node);
	yget_int(y, hw, "cpu_cores_per_node", 1, 100000, &out->cpu_cores_per_node);
	yget_int(y, hw, "memory_gb_per_node", 1, 10000000, &out->memory_gb_per_node);
	yget_bool(y, hw, "bf16", &out->bf16);
	yget_int(y, hw, "logical_cpus_per_node", 1, 1000000, &out->logical_cpus_per_node);
	yget_int(y, hw, "gpu_packages_per_node", 1, 1024, &out->gpu_packages_per_node);
	yget_str(y, hw, "device_unit", &out->device_unit);
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
			rl_lines(y, ymap_get(y, mods, fw_names[f]), fw_names[f], &m[f], &nm[f], false);
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
					   "quirks",	"verify", "node_types", "software", "containers", "account_pattern",
					   "launcher_one_task", NULL};
static const char *const cluster_req[] = {"id",	    "name",	     "center", "scheduler", "launcher", "source",
					  "default_queue", "queues", "header",    "modules",  NULL};

static struct cluster *load_cluster(struct ydoc *y, const char *stem)
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
	yget_bool(y, root, "account_required", &c->account_required);
	rl_lines(y, ymap_get(y, root, "header"), "header", &c->header, &c->nheader, true);
	rl_check_header(y, ymap_get(y, root, "header"), c, c->header, c->nheader);
	rl_lines(y, ymap_get(y, root, "setup"), "setup", &c->setup, &c->nsetup, false);
	rl_modules(y, ymap_get(y, root, "modules"), c->modules, c->nmodules);
	rl_env(y, ymap_get(y, root, "env"), &c->env, &c->nenv);
	if (ymap_get(y, root, "software"))
		rl_software(y, ymap_get(y, root, "software"), &c->software);
	rl_containers(y, ymap_get(y, root, "containers"), c);
	rl_account_shape(y, ymap_get(y, root, "account_pattern"), c);
	load_quirks(y, ymap_get(y, root, "quirks"), c);
	load_verify(y, ymap_get(y, root, "verify"), c);
	rl_node_types(y, root, c);
	return c;
}

static const char *const tpl_keys[] = {"id",	      "cluster",     "framework",   "strategies", "launcher",
				       "tasks_per_node", "description", "tags",	      "preferred",  "reliability",
				       "source",      "deviations",  "body",	      "node_types", "header",
				       "software",    NULL};
static const char *const tpl_req[] = {"id",		"cluster",     "framework",   "strategies", "launcher",
				      "tasks_per_node", "description", "reliability", "source",	    "body",
				      NULL};

static struct template *load_template(struct ydoc *y, const char *cluster_dir)
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

/* ---------------------------------------------------------------------------------------------- */

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted names of *.yaml files in dir (empty when dir does not exist). */
static void list_yaml(const char *dir, struct strvec *out)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (e->d_name[0] != '.' && n > 5 && !strcmp(e->d_name + n - 5, ".yaml"))
			strvec_push(out, e->d_name);
	}
	closedir(d);
	if (out->nr)
		qsort(out->v, out->nr, sizeof(char *), cmp_str);
}

static int parse_file(struct repo *r, const char *path, struct strbuf *errs, struct ydoc *y)
{
	struct strbuf data = STRBUF_INIT;
	struct maple_error e;
	if (read_file(path, &data, MAX_DATA_FILE, &e) < 0) {
		strbuf_addf(errs, "%s:1: %s\n", path, e.text);
		strbuf_release(&data);
		return -1;
	}
	int rc = ydoc_parse(y, &r->arena, errs, path, data.buf, data.len);
	strbuf_release(&data);
	return rc;
}

static void finish_errors(struct strbuf *errs, struct maple_error *err)
{
	strbuf_setlen(errs, errs->len && errs->buf[errs->len - 1] == '\n' ? errs->len - 1 : errs->len);
	errorf(err, "%s", errs->buf);
}

static char *normalize_alias(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *o = out;
	for (; *s; s++) {
		if (*s == ' ' || *s == '-' || *s == '_')
			continue;
		*o++ = (char)((*s >= 'A' && *s <= 'Z') ? *s + 32 : *s);
	}
	*o = '\0';
	return out;
}

static void check_alias_clashes(struct repo *r, struct strbuf *errs)
{
	struct strvec names = STRVEC_INIT, owners = STRVEC_INIT;
	for (size_t i = 0; i < r->nclusters; i++) {
		struct cluster *c = r->clusters[i];
		for (size_t k = 0; k <= c->naliases; k++) {
			char *n = normalize_alias(k ? c->aliases[k - 1] : c->id);
			for (size_t j = 0; j < names.nr; j++)
				if (!strcmp(names.v[j], n) && strcmp(owners.v[j], c->id))
					strbuf_addf(errs, "%s:1: alias '%s' of cluster '%s' is also a name of cluster '%s'\n",
						    c->file, k ? c->aliases[k - 1] : c->id, c->id, owners.v[j]);
			strvec_push_nodup(&names, n);
			strvec_push(&owners, c->id);
		}
	}
	strvec_clear(&names);
	strvec_clear(&owners);
}

static void build_name_index(struct repo *r)
{
	size_t cap = 0;
	for (size_t i = 0; i < r->nclusters; i++)
		cap += 2 + r->clusters[i]->naliases;
	r->names = arena_alloc(&r->arena, (cap + 1) * sizeof(*r->names));
	r->name_owner = arena_alloc(&r->arena, (cap + 1) * sizeof(*r->name_owner));
	for (size_t i = 0; i < r->nclusters; i++) {
		const struct cluster *c = r->clusters[i];
		for (size_t k = 0; k < c->naliases + 2; k++) {
			const char *src = k == 0 ? c->id : k == 1 ? c->name : c->aliases[k - 2];
			char *n = normalize_alias(src);
			r->names[r->nnames] = arena_strdup(&r->arena, n);
			r->name_owner[r->nnames++] = c;
			free(n);
		}
	}
}

size_t repo_cluster_names(const struct repo *r, const char *const **names, const struct cluster *const **owners)
{
	*names = r->names;
	*owners = r->name_owner;
	return r->nnames;
}

static const char *const uenv_keys[] = {"conda_env", "venv", "modules", NULL};

static void set_user_env(struct cluster *c, const struct user_env *ue)
{
	c->user_env = ue;
	for (size_t i = 0; i < c->nnode_types; i++)
		((struct cluster *)c->node_types[i].view)->user_env = ue;
}

/* environments.yaml: {CLUSTER-ID: {conda_env | venv, modules}} - the user's own environment per
 * cluster, used when a request names none (later directories override earlier ones). */
static void load_user_envs(struct repo *r, const char *dir, struct strbuf *errs)
{
	struct strbuf fp = STRBUF_INIT;
	strbuf_addf(&fp, "%s/environments.yaml", dir);
	if (access(fp.buf, F_OK)) {
		strbuf_release(&fp);
		return;
	}
	struct ydoc y;
	if (parse_file(r, fp.buf, errs, &y) == 0) {
		yaml_node_t *root = ydoc_root(&y);
		if (!yis_map(root)) {
			yerr(&y, root, "environments.yaml maps cluster ids to {conda_env | venv, modules}");
		} else {
			for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
				yaml_node_t *k = yaml_document_get_node(&y.doc, p->key);
				yaml_node_t *v = yaml_document_get_node(&y.doc, p->value);
				const char *id = yscalar(&y, k, "cluster id");
				struct cluster *c = NULL;
				for (size_t i = 0; id && i < r->nclusters; i++)
					if (!strcmp(r->clusters[i]->id, id))
						c = r->clusters[i];
				if (id && !c) {
					yerr(&y, k, "unknown cluster '%s' (`maple clusters` lists them)", id);
					continue;
				}
				if (!c || !ymap_check(&y, v, "environment", uenv_keys, NULL))
					continue;
				struct user_env *ue = arena_alloc(&r->arena, sizeof(*ue));
				ue->file = y.file;
				ue->line = ynode_line(v);
				yget_str(&y, v, "conda_env", &ue->conda_env);
				yget_str(&y, v, "venv", &ue->venv);
				yget_strlist(&y, v, "modules", &ue->modules, &ue->nmodules);
				if (ue->conda_env && ue->venv)
					yerr(&y, v, "give conda_env or venv for '%s', not both", id);
				else if (!ue->conda_env && !ue->venv && !ue->nmodules)
					yerr(&y, v, "the environment of '%s' names no conda_env, venv or modules", id);
				else
					set_user_env(c, ue);
			}
		}
	}
	ydoc_release(&y);
	strbuf_release(&fp);
}

struct repo *repo_open(const struct strvec *dirs, struct maple_error *err)
{
	struct repo *r = xcalloc(1, sizeof(*r));
	arena_init(&r->arena);
	strvec_init(&r->dirs);
	struct strbuf errs = STRBUF_INIT, path = STRBUF_INIT;
	size_t cap = 0;
	for (size_t d = 0; d < dirs->nr; d++) {
		if (!is_directory(dirs->v[d]))
			continue;
		strvec_push(&r->dirs, dirs->v[d]);
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/clusters", dirs->v[d]);
		struct strvec files = STRVEC_INIT;
		list_yaml(path.buf, &files);
		for (size_t i = 0; i < files.nr; i++) {
			struct strbuf fp = STRBUF_INIT;
			strbuf_addf(&fp, "%s/%s", path.buf, files.v[i]);
			struct ydoc y;
			if (parse_file(r, fp.buf, &errs, &y) == 0) {
				char *stem = xstrndup(files.v[i], strlen(files.v[i]) - 5);
				int before = y.nerrs;
				struct cluster *c = load_cluster(&y, stem);
				free(stem);
				if (c && y.nerrs == before && c->id) {
					size_t k;
					for (k = 0; k < r->nclusters; k++)
						if (!strcmp(r->clusters[k]->id, c->id))
							break;
					if (k == r->nclusters) {
						if (r->nclusters == cap) {
							cap = cap ? cap * 2 : 16;
							r->clusters = xrealloc(r->clusters, cap * sizeof(*r->clusters));
						}
						r->nclusters++;
					}
					r->clusters[k] = c; /* later directories override earlier ones */
				}
			}
			ydoc_release(&y);
			strbuf_release(&fp);
		}
		strvec_clear(&files);
	}
	strbuf_release(&path);
	check_alias_clashes(r, &errs);
	for (size_t d = 0; d < r->dirs.nr && !errs.len; d++)
		load_user_envs(r, r->dirs.v[d], &errs);
	if (errs.len) {
		finish_errors(&errs, err);
		strbuf_release(&errs);
		repo_destroy(r);
		return NULL;
	}
	strbuf_release(&errs);
	build_name_index(r);
	r->tdirs = xcalloc(r->nclusters ? r->nclusters : 1, sizeof(*r->tdirs));
	for (size_t i = 0; i < r->nclusters; i++)
		r->tdirs[i].cluster = r->clusters[i]->id;
	return r;
}

void repo_destroy(struct repo *r)
{
	if (!r)
		return;
	for (size_t i = 0; r->tdirs && i < r->nclusters; i++)
		free(r->tdirs[i].items);
	free(r->tdirs);
	free(r->clusters);
	strvec_clear(&r->dirs);
	arena_release(&r->arena);
	free(r);
}

const struct strvec *repo_dirs(const struct repo *r)
{
	return &r->dirs;
}

size_t repo_cluster_count(const struct repo *r)
{
	return r->nclusters;
}

const struct cluster *repo_cluster_at(const struct repo *r, size_t i)
{
	return i < r->nclusters ? r->clusters[i] : NULL;
}

const struct cluster *repo_cluster(const struct repo *r, const char *id)
{
	for (size_t i = 0; i < r->nclusters; i++)
		if (!strcmp(r->clusters[i]->id, id))
			return r->clusters[i];
	return NULL;
}

const struct queue *cluster_queue(const struct cluster *c, const char *name)
{
	for (size_t i = 0; i < c->nqueues; i++)
		if (c->queues[i].name && !strcasecmp(c->queues[i].name, name))
			return &c->queues[i];
	return NULL;
}

static int load_tdir(struct repo *r, struct tdir *td, struct maple_error *err)
{
	if (td->loaded)
		return 0;
	struct strbuf errs = STRBUF_INIT, path = STRBUF_INIT;
	size_t cap = 0;
	for (size_t d = 0; d < r->dirs.nr; d++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/templates/%s", r->dirs.v[d], td->cluster);
		struct strvec files = STRVEC_INIT;
		list_yaml(path.buf, &files);
		size_t first_of_dir = td->n;
		for (size_t i = 0; i < files.nr; i++) {
			struct strbuf fp = STRBUF_INIT;
			strbuf_addf(&fp, "%s/%s", path.buf, files.v[i]);
			struct ydoc y;
			if (parse_file(r, fp.buf, &errs, &y) == 0) {
				int before = y.nerrs;
				struct template *t = load_template(&y, td->cluster);
				const struct cluster *tc = repo_cluster(r, td->cluster);
				for (size_t k = 0; t && tc && k < t->nnode_types; k++)
					if (!cluster_node_type_by_id(tc, t->node_types[k]))
						yerr(&y, ymap_get(&y, ydoc_root(&y), "node_types"),
						     "node type '%s' is not one of %s's node types", t->node_types[k], tc->id);
				if (t && tc)
					rl_check_header(&y, ymap_get(&y, ydoc_root(&y), "header"), tc, t->header, t->nheader);
				if (t && y.nerrs == before && t->id) {
					size_t k;
					for (k = 0; k < td->n; k++)
						if (!strcmp(td->items[k]->id, t->id))
							break;
					if (k < td->n && k >= first_of_dir) {
						strbuf_addf(&errs, "%s:1: duplicate template id '%s' (also in %s)\n", fp.buf,
							    t->id, td->items[k]->file);
					} else {
						if (k == td->n) {
							if (td->n == cap) {
								cap = cap ? cap * 2 : 8;
								td->items = xrealloc(td->items, cap * sizeof(*td->items));
							}
							td->n++;
						}
						td->items[k] = t;
					}
				}
			}
			ydoc_release(&y);
			strbuf_release(&fp);
		}
		strvec_clear(&files);
	}
	strbuf_release(&path);
	td->loaded = true;
	if (errs.len) {
		finish_errors(&errs, err);
		strbuf_release(&errs);
		return -1;
	}
	strbuf_release(&errs);
	return 0;
}

int repo_templates(struct repo *r, const char *cluster_id, const struct template ***out, size_t *n,
		   struct maple_error *err)
{
	for (size_t i = 0; i < r->nclusters; i++) {
		if (strcmp(r->clusters[i]->id, cluster_id))
			continue;
		if (load_tdir(r, &r->tdirs[i], err) < 0)
			return -1;
		*out = r->tdirs[i].items;
		*n = r->tdirs[i].n;
		return 0;
	}
	*out = NULL;
	*n = 0;
	return errorf(err, "unknown cluster '%s'", cluster_id);
}

int repo_load_all_templates(struct repo *r, struct maple_error *err)
{
	struct strbuf all = STRBUF_INIT;
	for (size_t i = 0; i < r->nclusters; i++) {
		struct maple_error e;
		if (load_tdir(r, &r->tdirs[i], &e) < 0)
			strbuf_addf(&all, "%s%s", all.len ? "\n" : "", e.text);
	}
	/* Template ids must be unique over all clusters. */
	for (size_t i = 0; i < r->nclusters; i++)
		for (size_t a = 0; a < r->tdirs[i].n; a++)
			for (size_t j = i + 1; j < r->nclusters; j++)
				for (size_t b = 0; b < r->tdirs[j].n; b++)
					if (!strcmp(r->tdirs[i].items[a]->id, r->tdirs[j].items[b]->id))
						strbuf_addf(&all, "%s%s:1: duplicate template id '%s' (also in %s)",
							    all.len ? "\n" : "", r->tdirs[j].items[b]->file,
							    r->tdirs[j].items[b]->id, r->tdirs[i].items[a]->file);
	int rc = 0;
	if (all.len)
		rc = errorf(err, "%s", all.buf);
	strbuf_release(&all);
	return rc;
}

const struct template *repo_template(struct repo *r, const char *id)
{
	for (size_t i = 0; i < r->nclusters; i++) {
		if (load_tdir(r, &r->tdirs[i], NULL) < 0)
			continue;
		for (size_t k = 0; k < r->tdirs[i].n; k++)
			if (!strcmp(r->tdirs[i].items[k]->id, id))
				return r->tdirs[i].items[k];
	}
	return NULL;
}

static void add_if(struct strvec *out, const char *p)
{
	if (p && *p && strvec_find(out, p) < 0)
		strvec_push(out, p);
}

void repo_default_dirs(struct strvec *out, const char *extra)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	bool found = false;
	const char *env_data = getenv("MAPLE_DATA_DIR");
	if (env_data && *env_data) {
		add_if(out, env_data);
		found = true;
	}
	if (!found && n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			struct strbuf p = STRBUF_INIT;
			const char *cands[] = {"/../data", "/../share/maple", NULL};
			for (int i = 0; cands[i] && !found; i++) {
				strbuf_reset(&p);
				strbuf_addf(&p, "%s%s/clusters", exe, cands[i]);
				if (is_directory(p.buf)) {
					strbuf_setlen(&p, p.len - strlen("/clusters"));
					char real[PATH_MAX];
					add_if(out, realpath(p.buf, real) ? real : p.buf);
					found = true;
				}
			}
			strbuf_release(&p);
		}
	}
#ifdef MAPLE_DATADIR
	if (!found)
		add_if(out, MAPLE_DATADIR);
#endif
	add_if(out, "/etc/maple");
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	struct strbuf p = STRBUF_INIT;
	if (xdg && *xdg) {
		strbuf_addf(&p, "%s/maple", xdg);
		add_if(out, p.buf);
	} else if (home && *home) {
		strbuf_addf(&p, "%s/.config/maple", home);
		add_if(out, p.buf);
	}
	strbuf_release(&p);
	const char *mp = getenv("MAPLE_PATH");
	if (mp) {
		char *copy = xstrdup(mp), *save = NULL;
		for (char *tok = strtok_r(copy, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
			add_if(out, tok);
		free(copy);
	}
	add_if(out, extra);
}
