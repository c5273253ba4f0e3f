/* checks_env.c - checks on the environment the tasks get: the communication backend for the
 * cluster's GPU vendor, an environment that srun never passes on (--export=NONE), and socket
 * interfaces (NCCL_SOCKET_IFNAME) that the cluster's nodes are not documented to have. */
#include "findings.h"
#include "lookup.h"

#include "../util/strbuf.h"

#include <stdio.h>
#include <string.h>

static void backend(struct vctx *x)
{
	const struct launch_plan *p = x->p;
	if (!x->c || !p->prog || p->launch < 0)
		return;
	const struct jobscript *js = x->js;
	const struct jcmd *c = &js->cmds[p->prog->cmd];
	const char *vendor = x->c->hw.gpu_vendor;
	for (int i = p->prog->first; i < p->prog->last; i++) {
		const char *v = c->words.v[i].value;
		int form = backend_option(v);
		if (!form || (form == 2 && i + 1 >= p->prog->last))
			continue;
		const char *val = form == 1 ? v + strcspn(v, "=") + 1 : c->words.v[i + 1].value;
		/* --backend $BACKEND: the value the script gives the variable (BACKEND=xccl); --backend
		 * ${BACKEND:-xccl} with BACKEND never set, or set to its own default: the default */
		char name[64], lit[64], n2[64], l2[64];
		const struct assign *as = NULL;
		bool by_default = false;
		if (var_default(val, name, sizeof(name), lit, sizeof(lit))) {
			as = any_assign(x->js, name);
			if (!as || !as->has_value || !as->value.value ||
			    (var_default(as->value.value, n2, sizeof(n2), l2, sizeof(l2)) && !strcmp(n2, name))) {
				if (as && as->has_value && as->value.value)
					snprintf(lit, sizeof(lit), "%s", l2);
				val = lit;
				by_default = true;
			} else if (!strchr(as->value.value, '$'))
				val = as->value.value;
			else
				continue;
		} else if (var_ref(val, name, sizeof(name)) && (as = any_assign(x->js, name)) && as->has_value && as->value.value &&
			   !strchr(as->value.value, '$'))
			val = as->value.value;
		else if (strchr(val, '$'))
			continue;
		const char *want = NULL;
		if (!strcmp(vendor, "intel") && (!strcmp(val, "nccl") || !strcmp(val, "gloo")))
			want = "xccl (PyTorch 2.8+) or ccl (oneCCL bindings)";
		else if (strcmp(vendor, "intel") && (!strcmp(val, "ccl") || !strcmp(val, "xccl")))
			want = "nccl";
		else if (!strcmp(val, "gloo"))
			want = "nccl";
		if (!want)
			continue;
		int line, col, span;
		word_pos(x, p->prog->cmd, i, &line, &col, &span);
		size_t n = strcspn(v, "=");
		struct strbuf fix = STRBUF_INIT, said = STRBUF_INIT;
		if (form == 1)
			strbuf_adds(&said, v);
		else
			strbuf_addf(&said, "%s %s", v, c->words.v[i + 1].value);
		if (by_default && as)
			strbuf_addf(&said, "` (%s=%s, line %d: its default %s is what the job runs with)", name, as->value.value,
				    as->line, val);
		else if (by_default)
			strbuf_addf(&said, "` (%s is never set: its default %s is what the job runs with)", name, val);
		else if (as)
			strbuf_addf(&said, "` (%s=%s, line %d)", name, val, as->line);
		else
			strbuf_adds(&said, "`");
		if (by_default)
			strbuf_addf(&fix, "make the default %s: ${%s:-%s}", !strcmp(want, "nccl") ? "nccl" : "xccl", name,
				    !strcmp(want, "nccl") ? "nccl" : "xccl");
		else if (as)
			strbuf_addf(&fix, "set %s=%s on line %d", name, !strcmp(want, "nccl") ? "nccl" : "xccl", as->line);
		else
			strbuf_addf(&fix, "use %.*s%s%s", (int)n, v, form == 1 ? "=" : " ", want);
		struct finding *f = report(x, "backend-vendor", !strcmp(val, "gloo") ? SEV_WARNING : SEV_ERROR, line, col, span,
					   fix.buf, "the program's argument `%s asks for backend '%s' on %s's %s GPUs: %s; use %s",
					   said.buf, val, x->c->name, vendor,
					   !strcmp(val, "gloo") ? "gloo runs collectives on the CPU and is far slower than the GPU library"
								: "that library does not drive these GPUs",
					   want);
		if (f)
			f->user_text = true;
		strbuf_release(&fix);
		strbuf_release(&said);
	}
}

/* Whether the batch shell undoes #SBATCH --export=NONE for its job steps before command cmd: sbatch puts
 * SLURM_EXPORT_ENV=NONE in the job's environment, which srun reads as its --export, so `unset
 * SLURM_EXPORT_ENV` or SLURM_EXPORT_ENV=ALL lets the steps inherit the script's environment again (sbatch(1),
 * --export: https://slurm.schedmd.com/sbatch.html#OPT_export; NERSC's advice for --export=NONE jobs). */
static bool export_env_restored(const struct jobscript *js, int cmd)
{
	int line = js->cmds[cmd].line;
	const struct assign *a = js_lookup(js, "SLURM_EXPORT_ENV", cmd);
	if (a && a->has_value && a->value.value && !strncmp(a->value.value, "ALL", 3))
		return true;
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		if (c->depth || c->line >= line || c->nassign_prefix + 1 >= c->words.nr ||
		    strcmp(c->words.v[c->nassign_prefix].value, "unset"))
			continue;
		for (size_t w = c->nassign_prefix + 1; w < c->words.nr; w++)
			if (!strcmp(c->words.v[w].value, "SLURM_EXPORT_ENV"))
				return true;
	}
	return false;
}

static void export_none(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct directive *d = js->sched == JS_SLURM ? js_directive(js, "export") : NULL;
	bool batch_none = d && d->value && !strncmp(d->value, "NONE", 4);
	for (size_t l = 0; l < js->nlaunches; l++)
		for (size_t s = 0; s < js->launches[l].nstages; s++) {
			const struct stage *st = &js->launches[l].stages[s];
			if (st->kind != SK_SRUN)
				continue;
			const struct lopt *e = stage_opt(st, "export");
			bool none = e ? (e->value && !strncmp(e->value, "NONE", 4))
				      : batch_none && !export_env_restored(js, js->launches[l].cmd);
			if (!none)
				continue;
			int line, col, span;
			word_pos(x, st->cmd, e ? e->word : st->first, &line, &col, &span);
			report(x, "env-not-propagated", SEV_ERROR, line, col, span,
			       "srun --export=ALL (after loading modules in the script)",
			       "%s: the tasks start with an empty environment, without the modules, conda environment and "
			       "MASTER_ADDR/MASTER_PORT the script set",
			       e ? "srun --export=NONE" : "#SBATCH --export=NONE makes srun pass no environment");
		}
}

/* Whether one of the comma-separated interface prefixes of `have` matches `name` (NCCL matches by
 * prefix: "hsn" covers hsn0; "hsn0" is covered by "hsn"). */
static bool iface_matches(const char *name, size_t nl, const char *have)
{
	for (const char *h = have; *h;) {
		size_t hl = strcspn(h, ",");
		size_t m = hl < nl ? hl : nl;
		if (m && !strncmp(h, name, m))
			return true;
		h += hl;
		if (*h == ',')
			h++;
	}
	return false;
}

/* NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME naming none of the interfaces the cluster documents for it:
 * NCCL then finds no socket interface, or takes a slow management network. */
static void socket_ifname(struct vctx *x)
{
	if (!x->c)
		return;
	const struct env_var *doc = NULL;
	for (size_t i = 0; i < x->c->nenv && !doc; i++)
		if (!strcmp(x->c->env[i].name, "NCCL_SOCKET_IFNAME") && x->c->env[i].value && *x->c->env[i].value)
			doc = &x->c->env[i];
	if (!doc)
		return;
	const struct jobscript *js = x->js;
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if ((strcmp(a->name, "NCCL_SOCKET_IFNAME") && strcmp(a->name, "GLOO_SOCKET_IFNAME")) || !a->has_value ||
		    !a->value.value)
			continue;
		const char *v = a->value.value;
		if (*v == '^' || strchr(v, '$') || strchr(v, '`') || !*v)
			continue; /* an exclusion list, or computed at run time */
		if (*v == '=')
			v++;
		bool any = false;
		for (const char *p = v; *p && !any;) {
			size_t l = strcspn(p, ",");
			any = l && iface_matches(p, l, doc->value);
			p += l;
			if (*p == ',')
				p++;
		}
		if (any)
			continue;
		struct strbuf fix = STRBUF_INIT;
		strbuf_addf(&fix, "export %s=%s (%s), or leave it unset", a->name, doc->value, doc->src.url ? doc->src.url : "");
		report(x, "socket-interface", SEV_WARNING, a->line, 0, 0, fix.buf,
		       "%s=%s names no interface %s documents for its nodes (%s): NCCL then stops with \"no socket interface "
		       "found\" or talks over a slow management network",
		       a->name, a->value.value, x->c->name, doc->value);
		strbuf_release(&fix);
	}
}

void check_env(struct vctx *x)
{
	backend(x);
	export_none(x);
	socket_ifname(x);
}
