/* checks_devices.c - checks on the GPUs the ranks can see: a device list (CUDA_VISIBLE_DEVICES,
 * ROCR_VISIBLE_DEVICES, HIP_VISIBLE_DEVICES, ZE_AFFINITY_MASK) narrower than the ranks per node, and a
 * DeepSpeed hostfile whose slots differ from the GPUs per node. */
#include "findings.h"
#include "lookup.h"

#include "../util/strbuf.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

static const char *const device_vars[] = {"CUDA_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES",
					  "ZE_AFFINITY_MASK", NULL};

/* Entries of a literal device list ("0,1,2" -> 3); -1 when it is not a literal list. */
static int list_len(const char *v)
{
	if (!v || !*v || strpbrk(v, "$`(){}"))
		return -1;
	int n = 1;
	for (const char *p = v; *p; p++) {
		if (*p == ',')
			n++;
		else if (!strchr("0123456789., ", *p) && !((*p >= 'a' && *p <= 'f') || *p == 'x' || *p == 'G' || *p == 'P' ||
							  *p == 'U' || *p == '-'))
			return -1;
	}
	return n;
}

/* Whether Slurm binds GPUs per task itself (it then sets CUDA_VISIBLE_DEVICES for each task). */
static bool slurm_binds_gpus(const struct vctx *x)
{
	const struct jobscript *js = x->js;
	if (js_directive(js, "gpus-per-task") || js_directive(js, "gpu-bind"))
		return true;
	const struct stage *o = x->p->outer;
	return o && o->kind == SK_SRUN && (stage_opt(o, "gpus-per-task") || stage_opt(o, "gpu-bind"));
}

/* The value srun's --export list (ALL,NAME=VALUE,...) gives name, into out: the entries after NAME=
 * up to the next NAME= entry (a device list's own commas). */
static bool export_value(const char *list, const char *name, char *out, size_t size)
{
	size_t n = strlen(name), o = 0;
	for (const char *p = list; *p;) {
		const char *e = p + strcspn(p, ",");
		if ((size_t)(e - p) > n && !strncmp(p, name, n) && p[n] == '=') {
			const char *v = p + n + 1, *end = e;
			while (*end == ',' && end[1] && !memchr(end + 1, '=', strcspn(end + 1, ",")) &&
			       strncmp(end + 1, "ALL", 3) && strncmp(end + 1, "NONE", 4) && strncmp(end + 1, "NIL", 3))
				end += 1 + strcspn(end + 1, ",");
			o = (size_t)(end - v);
			if (o >= size)
				return false;
			memcpy(out, v, o);
			out[o] = 0;
			return true;
		}
		p = *e ? e + 1 : e;
	}
	return false;
}

static void visible_devices(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct launch_plan *p = x->p;
	if (p->launch < 0 || p->workers_per_node <= 1 || uses_mps(js) || slurm_binds_gpus(x))
		return;
	int lcmd = js->launches[p->launch].cmd;
	for (int k = 0; device_vars[k]; k++) {
		/* the value the launch line's processes inherit: the batch shell's, or one set in the per-task
		 * shell or before the command itself */
		const struct assign *a = NULL;
		for (size_t i = 0; i < js->nassigns; i++) {
			const struct assign *b = &js->assigns[i];
			if (strcmp(b->name, device_vars[k]) || !b->has_value)
				continue;
			bool before = b->depth == 0 ? b->cmd <= lcmd : js->cmds[b->cmd].parent == lcmd;
			if (b->depth == 0 && b->in_cmd_prefix && b->cmd != lcmd)
				before = false;
			if (before)
				a = b;
		}
		/* srun --export=ALL,NAME=VALUE sets it for the tasks */
		char given[128];
		int line = a ? a->line : 0, col = 0, span = 0;
		const char *value = a ? a->value.value : NULL;
		const struct lopt *eo = !a && p->outer && p->outer->kind == SK_SRUN ? stage_opt(p->outer, "export") : NULL;
		if (eo && eo->value && export_value(eo->value, device_vars[k], given, sizeof(given))) {
			value = given;
			opt_pos(x, p->outer, eo, &line, &col, &span);
		}
		if (!value)
			continue;
		int n = list_len(value);
		if (n < 0 || n >= p->workers_per_node)
			continue;
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "list %ld devices (0-%ld), or drop %s and let the launcher assign one per rank",
			    p->workers_per_node, p->workers_per_node - 1, device_vars[k]);
		report(x, "visible-devices-narrow", SEV_ERROR, line, col, span, fix.buf,
		       "%s=%s shows %d device%s, but %ld ranks per node start: ranks share a device or fail with an "
		       "invalid device ordinal",
		       device_vars[k], value, n, n == 1 ? "" : "s", p->workers_per_node);
		strbuf_release(&fix);
	}
}

/* srun --gpus-per-task=G binds G GPUs to each task, and a spawner in the task (torchrun, accelerate,
 * deepspeed) starts its workers inside that binding: more workers per task than G see too few GPUs
 * ("invalid device ordinal" when a worker picks cuda:LOCAL_RANK). */
static void bound_spawner(struct vctx *x)
{
	const struct launch_plan *p = x->p;
	const struct stage *o = p->outer, *s = p->spawner;
	if (!o || !s || o->kind != SK_SRUN || p->tasks_per_node <= 0 || p->workers_per_node <= 0 || uses_mps(x->js))
		return;
	const struct lopt *gt = stage_opt(o, "gpus-per-task");
	char *end = NULL;
	long g = gt && gt->value ? strtol(gt->value, &end, 10) : 0;
	long per_task = p->workers_per_node / p->tasks_per_node;
	if (g <= 0 || !end || *end || per_task <= g)
		return;
	int line, col, span;
	opt_pos(x, o, gt, &line, &col, &span);
	struct strbuf fix = STRBUF_INIT;
	strbuf_addf(&fix, "--gpus-per-task=%ld (the workers each %s starts), or --gpus-per-node", per_task, launcher_name(s));
	report(x, "visible-devices-narrow", SEV_ERROR, line, col, span, fix.buf,
	       "srun binds %ld GPU%s to each task, but %s in the task starts %ld workers: they share %s or fail with an "
	       "invalid device ordinal",
	       g, g == 1 ? "" : "s", launcher_name(s), per_task, g == 1 ? "it" : "them");
	strbuf_release(&fix);
}

static bool has_deepspeed(const struct jobscript *js)
{
	for (size_t l = 0; l < js->nlaunches; l++)
		for (size_t s = 0; s < js->launches[l].nstages; s++)
			if (js->launches[l].stages[s].kind == SK_DEEPSPEED)
				return true;
	return false;
}

/* The argument of the printf on line `line` that the conversion at `at` (inside its format word) takes, its
 * text (quotes removed) into out: printf '%s slots=%d\n' "$h" 8 gives "8". false when there is none. */
static bool printf_arg(const struct jobscript *js, int line, const char *at, char *out, size_t n)
{
	const char *l = js->lines.v[line - 1];
	for (size_t ci = 0; ci < js->ncmds; ci++) {
		const struct jcmd *c = &js->cmds[ci];
		size_t w = c->nassign_prefix;
		if (c->line != line || w + 1 >= c->words.nr || strcmp(c->words.v[w].value, "printf"))
			continue;
		/* the conversions of the format before the one slots= takes (the format as written on the line) */
		const char *f = strstr(l, "printf");
		int k = 0;
		for (const char *q = f ? f + 6 : at; q < at; q++)
			if (*q == '%' && q[1] != '%')
				k++;
			else if (*q == '%')
				q++;
		size_t a = w + 2 + (size_t)k;
		if (a >= c->words.nr)
			return false;
		const char *r = c->words.v[a].raw ? c->words.v[a].raw : c->words.v[a].value;
		size_t len = strlen(r);
		if (len >= 2 && (r[0] == '"' || r[0] == '\'') && r[len - 1] == r[0])
			r++, len -= 2;
		if (!len || len >= n)
			return false;
		snprintf(out, n, "%.*s", (int)len, r);
		return true;
	}
	return false;
}

static void hostfile_slots(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct launch_plan *p = x->p;
	long gpn = p->header.gpus_per_node ? p->header.gpus_per_node : x->c ? x->c->hw.gpus_per_node : 0;
	if (gpn <= 0 || !has_deepspeed(js))
		return;
	int cmd = p->launch >= 0 ? js->launches[p->launch].cmd : (int)js->ncmds;
	for (size_t i = 0; i < js->lines.nr; i++) {
		const char *l = js->lines.v[i];
		const char *t = l + strspn(l, " \t");
		const char *at = strstr(l, "slots=");
		if (*t == '#' || !at)
			continue;
		const char *v = at + 6;
		char val[64];
		size_t n = strcspn(v, " \t\"'/;|>)\\");
		if (!n || n >= sizeof(val))
			continue;
		memcpy(val, v, n);
		val[n] = '\0';
		long slots;
		if (val[0] == '%' && !printf_arg(js, (int)i + 1, at, val, sizeof(val)))
			continue; /* printf '%s slots=%d\n' "$h" "$NGPUS": the argument the conversion takes */
		if (!js_eval_int(js, val, cmd, &p->counts, &slots))
			continue;
		if (slots == gpn)
			continue;
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "slots=%ld (the GPUs of a node)", gpn);
		report(x, "hostfile-slots", slots > gpn ? SEV_ERROR : SEV_WARNING, (int)i + 1, (int)(at - l) + 1,
		       (int)(6 + n), fix.buf,
		       "the DeepSpeed hostfile gives each node %ld slot%s, but a node has %ld GPU%s: %s", slots,
		       slots == 1 ? "" : "s", gpn, gpn == 1 ? "" : "s",
		       slots > gpn ? "deepspeed starts more ranks than there are GPUs and they fail to find one"
				   : "deepspeed starts fewer ranks and the other GPUs sit idle");
		strbuf_release(&fix);
	}
}

void check_devices(struct vctx *x)
{
	visible_devices(x);
	bound_spawner(x);
	hostfile_slots(x);
}
