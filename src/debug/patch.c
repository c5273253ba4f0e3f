/* patch.c - the patch engine's driver: resolves the placeholders of a patch's operations
 * ({gpus_per_node}, {profile_env:NAME|DEFAULT}, ...), then applies the operations in order as text
 * edits of the job script (patchenv.c, patchjob.c, built on patchtext.c), reading the script again
 * after every operation so each one sees the result of the one before. A patch is applied whole or
 * not at all: an operation that cannot apply, or a patch that changes nothing, leaves the result
 * not applicable with the reason. */
#include "patchctx.h"

#include "../shell/words.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void patch_result_init(struct patch_result *r)
{
	memset(r, 0, sizeof(*r));
	arena_init(&r->arena);
}

void patch_result_release(struct patch_result *r)
{
	free(r->reason);
	free(r->text);
	free(r->ops);
	arena_release(&r->arena);
	memset(r, 0, sizeof(*r));
}

/* ---- placeholders ------------------------------------------------------------------------------ */

int patch_resolve(const char *value, const struct jobscript *js, const struct cluster *c, struct strbuf *out,
		  struct maple_error *err)
{
	struct launch_plan plan;
	bool planned = false;
	for (const char *p = value; *p;) {
		if (*p != '{' || (p > value && p[-1] == '$')) {
			strbuf_addch(out, *p++);
			continue;
		}
		const char *close = strchr(p, '}');
		size_t n = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz_");
		if (!close || !n) {
			strbuf_addch(out, *p++);
			continue;
		}
		const char *name = p + 1;
		if (n == 11 && !strncmp(name, "profile_env", 11) && name[n] == ':') {
			const char *v = name + n + 1;
			size_t vn = strcspn(v, "|}");
			const char *def = v[vn] == '|' ? v + vn + 1 : NULL;
			size_t defn = def ? (size_t)(close - def) : 0;
			const char *found = NULL;
			for (size_t i = 0; c && i < c->nenv; i++)
				if (strlen(c->env[i].name) == vn && !strncmp(c->env[i].name, v, vn))
					found = c->env[i].value;
			if (found)
				strbuf_adds(out, found);
			else if (def)
				strbuf_add(out, def, defn);
			else
				return errorf(err, "{profile_env:%.*s}: %s", (int)vn, v,
					      c ? "the cluster profile does not set it and there is no default"
						: "no cluster is known (give --cluster) and there is no default");
			p = close + 1;
			continue;
		}
		if (name[n] != '}') {
			strbuf_addch(out, *p++);
			continue;
		}
		if (!planned && js) {
			js_plan(js, c ? c->hw.gpus_per_node : 0, &plan);
			planned = true;
		}
		long v = 0;
		if (n == 7 && !strncmp(name, "cluster", 7)) {
			if (!c)
				return errorf(err, "{cluster}: no cluster is known (give --cluster)");
			strbuf_adds(out, c->id);
			p = close + 1;
			continue;
		}
		long gpn = planned && plan.counts.gpus_per_node > 0 ? plan.counts.gpus_per_node
			   : c					 ? c->hw.gpus_per_node
								 : 0;
		long nodes = planned ? (plan.eff_nodes > 0 ? plan.eff_nodes : plan.header.nodes) : 0;
		if (n == 13 && !strncmp(name, "gpus_per_node", 13))
			v = gpn;
		else if (n == 5 && !strncmp(name, "nodes", 5))
			v = nodes;
		else if (n == 10 && !strncmp(name, "world_size", 10))
			v = planned && plan.workers > 0 ? plan.workers : nodes * gpn;
		else {
			strbuf_add(out, p, (size_t)(close - p) + 1);
			p = close + 1;
			continue;
		}
		if (v <= 0)
			return errorf(err, "{%.*s}: the script does not say (header or launch line)", (int)n, name);
		strbuf_addf(out, "%ld", v);
		p = close + 1;
	}
	return 0;
}

/* ---- driver ------------------------------------------------------------------------------------ */

static bool apply_one(struct ctx *x, const struct patch_op *op)
{
	const char *const *f = op->f;
	switch (op->kind) {
	case PK_SET_ENV:
		return pt_op_set_env(x, f[PF_NAME], f[PF_VALUE]);
	case PK_UNSET_ENV:
		return pt_op_unset_env(x, f[PF_NAME]);
	case PK_SET_LAUNCHER_OPTION:
		return pt_op_set_launcher_option(x, f[PF_LAUNCHER], f[PF_OPTION], f[PF_VALUE]);
	case PK_REMOVE_LAUNCHER_OPTION:
		return pt_op_remove_launcher_option(x, f[PF_LAUNCHER], f[PF_OPTION]);
	case PK_ADD_MODULE:
		return pt_op_add_module(x, f[PF_NAME]);
	case PK_SWAP_MODULE:
		return pt_op_swap_module(x, f[PF_FROM], f[PF_TO]);
	case PK_REMOVE_MODULE:
		return pt_op_remove_module(x, f[PF_NAME]);
	case PK_SET_DIRECTIVE:
		return pt_op_set_directive(x, f[PF_OPTION], f[PF_VALUE]);
	case PK_SET_PROGRAM_ARG:
		return pt_op_set_program_arg(x, f[PF_OPTION], f[PF_VALUE]);
	case PK_REMOVE_PROGRAM_ARG:
		return pt_op_remove_program_arg(x, f[PF_OPTION]);
	case PK_SET_BACKEND:
		return pt_op_set_backend(x, f[PF_VALUE]);
	case PK_SET_MASTER_PORT:
		return pt_op_set_master_port(x, f[PF_VALUE]);
	case PK_SET_MASTER_ADDR:
		return pt_op_set_master_addr(x);
	case PK_SET_NODE_RANK:
		return pt_op_set_node_rank(x);
	case PK_CHANGE_DIR:
		return pt_op_dir(x, f[PF_PATH], true);
	case PK_MAKE_DIR:
		return pt_op_dir(x, f[PF_PATH], false);
	case PK_EXPAND_DIRECTIVE_VARS:
		return pt_op_expand_directive_vars(x);
	default:
		return pt_cannot(x, "unknown operation");
	}
}

static void not_applicable(struct patch_result *res, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void not_applicable(struct patch_result *res, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	res->applicable = false;
	free(res->reason);
	res->reason = strbuf_detach(&sb);
	free(res->text);
	res->text = NULL;
	res->len = 0;
}

int patch_apply(const struct patch_op *ops, size_t n, const char *text, size_t len, const struct cluster *c,
		struct patch_result *res, struct maple_error *err)
{
	patch_result_init(res);
	struct ctx x;
	memset(&x, 0, sizeof(x));
	x.c = c;
	x.text = text;
	x.len = len;
	strbuf_init(&x.why);
	if (jobscript_parse(text, len, &x.js, err) < 0)
		return -1;
	js_plan(&x.js, c ? c->hw.gpus_per_node : 0, &x.plan);
	pt_index_lines(&x);
	/* resolve every placeholder first: a patch is applied whole or not at all */
	res->ops = xcalloc(n ? n : 1, sizeof(*res->ops));
	res->nops = n;
	bool ok = true;
	for (size_t i = 0; i < n && ok; i++) {
		res->ops[i] = ops[i];
		for (int f = 0; f < PF_COUNT && ok; f++) {
			if (!ops[i].f[f])
				continue;
			struct strbuf v = STRBUF_INIT;
			struct maple_error e;
			if (patch_resolve(ops[i].f[f], &x.js, c, &v, &e) < 0) {
				not_applicable(res, "%s: %s", patch_kind_name(ops[i].kind), e.text);
				ok = false;
			} else {
				res->ops[i].f[f] = arena_strdup(&res->arena, v.buf);
			}
			strbuf_release(&v);
		}
		struct maple_error e;
		if (ok && patch_op_check(&res->ops[i], &e) < 0) {
			not_applicable(res, "after its placeholders were filled in: %s", e.text);
			ok = false;
		}
	}
	struct strbuf cur = STRBUF_INIT;
	strbuf_add(&cur, text, len);
	for (size_t i = 0; i < n && ok; i++) {
		x.text = cur.buf;
		x.len = cur.len;
		if (i > 0)
			pt_reparse(&x);
		if (!apply_one(&x, &res->ops[i])) {
			not_applicable(res, "%s: %s", patch_kind_name(res->ops[i].kind), x.why.len ? x.why.buf : "cannot apply");
			ok = false;
			break;
		}
		struct strbuf next = STRBUF_INIT;
		if (!pt_apply_edits(&x, &next)) {
			strbuf_release(&next);
			not_applicable(res, "%s: overlapping edits (a maple bug; please report it)", patch_kind_name(res->ops[i].kind));
			ok = false;
			break;
		}
		strbuf_release(&cur);
		cur = next;
	}
	if (ok && cur.len == len && !memcmp(cur.buf, text, len)) {
		not_applicable(res, "the script already does this (the patch changes nothing)");
		ok = false;
	}
	if (ok) {
		res->applicable = true;
		res->len = cur.len;
		res->text = strbuf_detach(&cur);
	}
	strbuf_release(&cur);
	for (size_t i = 0; i < x.nedits; i++)
		free(x.edits[i].text);
	free(x.edits);
	free(x.line_off);
	strbuf_release(&x.why);
	jobscript_release(&x.js);
	return 0;
}
