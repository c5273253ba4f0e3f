/* values.c - what a word of the script evaluates to, as far as maple can tell without running it:
 * variables the script set earlier, scheduler variables known from the header, $((arithmetic)),
 * and the usual `wc -l` of the node list. */
#include "jobscript.h"
#include "plan.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *const per_task_vars[] = {
	"SLURM_PROCID",	    "SLURM_NODEID",	  "SLURM_LOCALID",	 "PMI_RANK",
	"PMI_LOCAL_RANK",   "PMIX_RANK",	  "PALS_RANKID",	 "PALS_LOCAL_RANKID",
	"PALS_NODEID",	    "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_LOCAL_RANK", "OMPI_COMM_WORLD_NODE_RANK",
	"MV2_COMM_WORLD_RANK", "MPI_LOCALRANKID", "FLUX_TASK_RANK",	 "FLUX_TASK_LOCAL_ID",
	"JSM_NAMESPACE_RANK", "JSM_NAMESPACE_LOCAL_RANK", "ALPS_APP_PE", NULL,
};

bool is_per_task_var(const char *name)
{
	for (const char *const *p = per_task_vars; *p; p++)
		if (!strcmp(*p, name))
			return true;
	return false;
}

const char *per_task_var_in(const char *text)
{
	for (const char *p = strchr(text, '$'); p; p = strchr(p + 1, '$')) {
		const char *n = p + 1;
		if (*n == '{')
			n++;
		size_t l = 0;
		while (isalnum((unsigned char)n[l]) || n[l] == '_')
			l++;
		for (const char *const *v = per_task_vars; *v; v++)
			if (strlen(*v) == l && !strncmp(*v, n, l))
				return *v;
	}
	return NULL;
}

const struct assign *js_lookup(const struct jobscript *js, const char *name, int cmd)
{
	if (cmd < 0 || (size_t)cmd >= js->ncmds)
		cmd = (int)js->ncmds;
	int depth = cmd < (int)js->ncmds ? js->cmds[cmd].depth : 0;
	int parent = cmd < (int)js->ncmds ? js->cmds[cmd].parent : -1;
	/* the per-task shell's own assignments first */
	if (depth > 0) {
		for (size_t i = js->nassigns; i-- > 0;) {
			const struct assign *a = &js->assigns[i];
			if (a->cmd <= cmd && a->depth == depth && js->cmds[a->cmd].parent == parent &&
			    !strcmp(a->name, name) && (!a->in_cmd_prefix || a->cmd == cmd))
				return a;
		}
		cmd = parent;
	}
	for (size_t i = js->nassigns; i-- > 0;) {
		const struct assign *a = &js->assigns[i];
		if (a->depth == 0 && a->cmd <= cmd && !strcmp(a->name, name) && (!a->in_cmd_prefix || a->cmd == cmd) &&
		    a->has_value)
			return a;
	}
	return NULL;
}

struct evalctx {
	const struct jobscript *js;
	int cmd;
	const struct js_counts *hdr;
	int depth;
};

static bool eval_text(struct evalctx *x, const char *s, long *out);

static bool scheduler_var(const struct evalctx *x, const char *name, long *out)
{
	const struct js_counts *h = x->hdr;
	if (!h)
		return false;
	long v = 0;
	if (!strcmp(name, "SLURM_NNODES") || !strcmp(name, "SLURM_JOB_NUM_NODES") || !strcmp(name, "PBS_NUM_NODES"))
		v = h->nodes;
	else if (!strcmp(name, "SLURM_NTASKS") || !strcmp(name, "SLURM_NPROCS"))
		v = h->tasks;
	else if (!strcmp(name, "SLURM_NTASKS_PER_NODE") || !strcmp(name, "SLURM_TASKS_PER_NODE") ||
		 !strcmp(name, "PBS_NUM_PPN"))
		v = h->tasks_per_node;
	else if (!strcmp(name, "SLURM_GPUS_ON_NODE") || !strcmp(name, "SLURM_GPUS_PER_NODE") ||
		 !strcmp(name, "SLURM_JOB_GPUS_PER_NODE"))
		v = h->gpus_per_node;
	if (v <= 0)
		return false;
	*out = v;
	return true;
}

static bool eval_var(struct evalctx *x, const char *name, size_t n, long *out)
{
	char buf[128];
	if (n >= sizeof(buf))
		return false;
	memcpy(buf, name, n);
	buf[n] = '\0';
	const struct assign *a = js_lookup(x->js, buf, x->cmd);
	if (a && a->has_value && a->value.raw) {
		if (x->depth > 8)
			return false;
		x->depth++;
		bool ok = eval_text(x, a->value.raw, out);
		x->depth--;
		return ok;
	}
	return scheduler_var(x, buf, out);
}

/* ---- $((arithmetic)) ---- */
struct arith {
	struct evalctx *x;
	const char *p;
	bool ok;
};

static long arith_expr(struct arith *a);

static void arith_ws(struct arith *a)
{
	while (*a->p == ' ' || *a->p == '\t')
		a->p++;
}

static long arith_primary(struct arith *a)
{
	arith_ws(a);
	if (*a->p == '(') {
		a->p++;
		long v = arith_expr(a);
		arith_ws(a);
		if (*a->p == ')')
			a->p++;
		else
			a->ok = false;
		return v;
	}
	if (*a->p == '-') {
		a->p++;
		return -arith_primary(a);
	}
	if (isdigit((unsigned char)*a->p)) {
		char *end;
		long v = strtol(a->p, &end, 10);
		a->p = end;
		return v;
	}
	if (*a->p == '$')
		a->p++;
	if (*a->p == '{')
		a->p++;
	const char *s = a->p;
	while (isalnum((unsigned char)*a->p) || *a->p == '_')
		a->p++;
	if (a->p == s) {
		a->ok = false;
		return 0;
	}
	size_t n = (size_t)(a->p - s);
	if (*a->p == '}')
		a->p++;
	long v = 0;
	if (!eval_var(a->x, s, n, &v))
		a->ok = false;
	return v;
}

static long arith_term(struct arith *a)
{
	long v = arith_primary(a);
	for (;;) {
		arith_ws(a);
		char op = *a->p;
		if (op != '*' && op != '/' && op != '%')
			return v;
		a->p++;
		long r = arith_primary(a);
		if (op == '*')
			v *= r;
		else if (r == 0)
			a->ok = false;
		else
			v = op == '/' ? v / r : v % r;
		if (v > 100000000 || v < -100000000)
			a->ok = false;
	}
}

static long arith_expr(struct arith *a)
{
	long v = arith_term(a);
	for (;;) {
		arith_ws(a);
		char op = *a->p;
		if (op != '+' && op != '-')
			return v;
		a->p++;
		long r = arith_term(a);
		v = op == '+' ? v + r : v - r;
	}
}

static bool eval_text(struct evalctx *x, const char *s, long *out)
{
	while (*s == ' ' || *s == '"' || *s == '\'')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '"' || s[n - 1] == '\''))
		n--;
	if (!n)
		return false;
	if (strspn(s, "0123456789") == n) {
		*out = strtol(s, NULL, 10);
		return true;
	}
	if (n > 5 && !strncmp(s, "$((", 3) && !strncmp(s + n - 2, "))", 2)) {
		char *expr = xstrndup(s + 3, n - 5);
		struct arith a = {x, expr, true};
		long v = arith_expr(&a);
		arith_ws(&a);
		bool ok = a.ok && !*a.p;
		free(expr);
		if (ok)
			*out = v;
		return ok;
	}
	if (s[0] == '$' && s[1] == '(') {
		/* node counts: $(wc -l < $PBS_NODEFILE), $(scontrol show hostnames ... | wc -l) */
		char *t = xstrndup(s, n);
		bool counts_lines = strstr(t, "wc -l") != NULL;
		bool nodes = strstr(t, "PBS_NODEFILE") || strstr(t, "COBALT_NODEFILE") || strstr(t, "scontrol show hostname") ||
			     strstr(t, "SLURM_JOB_NODELIST") || strstr(t, "SLURM_NODELIST") || strstr(t, "LSB_HOSTS") ||
			     strstr(t, "hostfile");
		bool gpus = strstr(t, "nvidia-smi") != NULL;
		free(t);
		if (counts_lines && nodes && x->hdr && x->hdr->nodes > 0) {
			*out = x->hdr->nodes;
			return true;
		}
		if (counts_lines && gpus && x->hdr && x->hdr->gpus_per_node > 0) {
			*out = x->hdr->gpus_per_node;
			return true;
		}
		return false;
	}
	if (s[0] == '$') {
		const char *name = s + 1;
		size_t nl;
		if (*name == '{') {
			name++;
			nl = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
			const char *after = name + nl;
			if (*after == '}' && (size_t)(after + 1 - s) == n)
				return eval_var(x, name, nl, out);
			if ((after[0] == ':' && (after[1] == '-' || after[1] == '=')) && s[n - 1] == '}') {
				if (eval_var(x, name, nl, out))
					return true;
				char *def = xstrndup(after + 2, (size_t)(s + n - 1 - (after + 2)));
				x->depth++;
				bool ok = x->depth < 9 && eval_text(x, def, out);
				x->depth--;
				free(def);
				return ok;
			}
			return false;
		}
		nl = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		if ((size_t)(name + nl - s) == n)
			return eval_var(x, name, nl, out);
	}
	return false;
}

bool js_eval_int(const struct jobscript *js, const char *text, int cmd, const struct js_counts *hdr, long *out)
{
	if (!text)
		return false;
	struct evalctx x = {js, cmd, hdr, 0};
	return eval_text(&x, text, out);
}

/* ---- constants the script sets ---- */

/* Whether name is set anywhere in a way that makes its value at a command unsure: inside an if/for/while/
 * case block or a function body, by a builtin at run time, from a function's call, or appended to. */
static bool set_unsurely(const struct jobscript *js, const char *name)
{
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if (strcmp(a->name, name) || a->in_cmd_prefix)
			continue;
		if (a->ctl_first || a->runtime || a->from_call || a->cond_append || a->appended || a->depth != 0 ||
		    js->cmds[a->cmd].in_control)
			return true;
		/* : "${NAME:=value}": a default the environment overrides */
		const struct jcmd *c = &js->cmds[a->cmd];
		if (c->nassign_prefix < c->words.nr && !strcmp(c->words.v[c->nassign_prefix].value, ":"))
			return true;
	}
	return false;
}

/* The literal value of name at command cmd (appended to out) when the batch shell sets it to a constant
 * there: literal text, or other such constants. With own_only, the rendezvous and the cluster's own
 * variables are none (a port writes its own); without, every constant counts (a pasted command read
 * for its counts: "--nnodes=$NNODES --master_port=$MASTER_PORT"). */
static bool const_value(const struct jobscript *js, const char *name, int cmd, int depth, bool own_only, struct strbuf *out)
{
	if (depth > 8 || is_per_task_var(name) || set_unsurely(js, name) || (own_only && !strncmp(name, "MASTER_", 7)))
		return false;
	const struct assign *a = js_lookup(js, name, cmd);
	if (!a || !a->has_value || a->depth != 0 || a->in_cmd_prefix || !a->value.raw ||
	    (own_only && a->exported && env_cluster_specific(name)))
		return false;
	if (a->value.flags & (SHW_SUBST | SHW_META | SHW_UNTERMINATED | SHW_ARRAY_VALUE))
		return false;
	size_t len0 = out->len;
	for (size_t i = 0; i < a->value.nsegs; i++) {
		const struct shseg *s = &a->value.segs[i];
		if (s->kind == SEG_LIT)
			strbuf_adds(out, s->text);
		else if (s->kind != SEG_VAR || !const_value(js, s->text, a->cmd, depth + 1, own_only, out)) {
			strbuf_setlen(out, len0);
			return false;
		}
	}
	return true;
}

int js_resolve_word(const struct jobscript *js, int cmd, const struct shword *w, struct shword *out)
{
	if (!w->raw || (w->flags & (SHW_SUBST | SHW_META | SHW_UNTERMINATED)))
		return 0;
	bool any = false, quoted = (w->flags & SHW_QUOTED) != 0;
	struct strbuf text = STRBUF_INIT, raw = STRBUF_INIT, lit = STRBUF_INIT;
	for (size_t i = 0; i < w->nsegs; i++) {
		const struct shseg *s = &w->segs[i];
		strbuf_reset(&lit);
		if (s->kind == SEG_VAR && const_value(js, s->text, cmd, 0, true, &lit)) {
			any = true;
			/* an unquoted expansion is split into words and globbed: only a value that neither changes */
			if (!quoted && lit.buf[strcspn(lit.buf, " \t\n*?[")]) {
				any = false;
				break;
			}
			strbuf_adds(&text, lit.buf);
			sh_quote_literal(lit.buf, &raw);
		} else if (s->kind == SEG_VAR) {
			strbuf_addf(&text, "${%s}", s->text);
			strbuf_addf(&raw, "\"${%s}\"", s->text);
		} else if (s->kind == SEG_TILDE && i == 0) {
			strbuf_adds(&text, "~");
			strbuf_adds(&raw, "~");
		} else {
			strbuf_adds(&text, s->text);
			sh_quote_literal(s->text, &raw);
		}
	}
	int r = 0;
	if (any && !text.len && !quoted && w->nsegs == 1) {
		r = 2; /* an unquoted expansion of an empty value: no word at all */
	} else if (any) {
		size_t pos = 0;
		struct shword nw;
		if (shlex_next(raw.buf, raw.len, &pos, &nw, false) == 1) {
			nw.start = w->start;
			nw.end = w->end;
			*out = nw;
			r = 1;
		}
	}
	strbuf_release(&text);
	strbuf_release(&raw);
	strbuf_release(&lit);
	return r;
}

bool js_expands_to_nothing(const struct jobscript *js, int cmd, const struct shword *w)
{
	struct shword tmp;
	int r = js_resolve_word(js, cmd, w, &tmp);
	if (r == 1)
		shword_release(&tmp);
	return r == 2;
}

char *js_substitute_constants(const char *assigns, const char *text)
{
	struct jobscript js;
	struct maple_error err;
	if (jobscript_parse(assigns, strlen(assigns), &js, &err) < 0)
		return xstrdup(text);
	struct strbuf out = STRBUF_INIT, val = STRBUF_INIT;
	for (const char *p = text; *p;) {
		bool brace = p[0] == '$' && p[1] == '{';
		const char *n = p + 1 + brace, *e = n;
		while (*p == '$' && (isalnum((unsigned char)*e) || *e == '_'))
			e++;
		char name[128];
		size_t nl = (size_t)(e - n);
		if (*p == '$' && nl > 0 && nl < sizeof(name) && (!brace || *e == '}')) {
			memcpy(name, n, nl);
			name[nl] = '\0';
			strbuf_reset(&val);
			if (const_value(&js, name, (int)js.ncmds, 0, false, &val)) {
				strbuf_add(&out, val.buf, val.len);
				p = e + brace;
				continue;
			}
		}
		strbuf_addch(&out, *p++);
	}
	strbuf_release(&val);
	jobscript_release(&js);
	return strbuf_detach(&out);
}
