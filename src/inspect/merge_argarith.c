/* merge_argarith.c - settings the program computes from its parsed options (pyscan_argarith.c's
 * arg_arith): evaluated in order with the final values (the command's, the configs', the defaults), each
 * written over the option as the program does after parsing, at its line. A statement under `if args.X is
 * None:` counts only while X has no value; an unknown value anywhere (a call, a name that is no setting)
 * leaves the setting as it was. */
#include "mctx.h"
#include "pytok.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

/* expr with every name replaced by its number (dotted: the setting of its last part; plain: the local's
 * expression in parentheses); false when one is not known. */
static bool substitute(const struct ctx *c, json_t *locals, const char *expr, struct strbuf *out, int depth)
{
	for (const char *p = expr; *p;) {
		if (!isalpha((unsigned char)*p) && *p != '_') {
			strbuf_addch(out, *p++);
			continue;
		}
		const char *w = p;
		while (isalnum((unsigned char)*p) || *p == '_' || *p == '.')
			p++;
		char *name = xstrndup(w, (size_t)(p - w));
		const char *dot = strrchr(name, '.');
		bool ok = false;
		if (dot) {
			json_t *v = json_object_get(c->hp, dot + 1);
			if (json_is_number(v)) {
				strbuf_addf(out, "%.17g", json_number_value(v));
				ok = true;
			}
		} else if (depth < 4 && json_is_string(json_object_get(locals, name))) {
			strbuf_addch(out, '(');
			ok = substitute(c, locals, json_string_value(json_object_get(locals, name)), out, depth + 1);
			strbuf_addch(out, ')');
		}
		free(name);
		if (!ok)
			return false;
	}
	return true;
}

static bool evaluate(const char *text, double *v)
{
	struct toks ts = {0};
	py_tokenize(text, strlen(text), &ts);
	size_t n = ts.n;
	while (n && ts.v[n - 1].t == T_NEWLINE)
		n--;
	bool ok = n && py_eval_arith_in(&ts.v[0], &ts.v[n], NULL, v) && isfinite(*v);
	free(ts.v);
	return ok;
}

void mg_arg_arith(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		if (!c->in_scope[i] || c->files[i].kind != FK_PYTHON)
			continue;
		json_t *facts = mg_py(c, (int)i), *locals = json_object_get(facts, "fn_locals"), *a;
		size_t k;
		json_array_foreach(json_object_get(facts, "arg_arith"), k, a)
		{
			const char *target = json_string_value(json_object_get(a, "target"));
			const char *guard = json_string_value(json_object_get(a, "guard"));
			json_t *cur = target ? json_object_get(c->hp, target) : NULL;
			if (!target || (guard && json_object_get(c->hp, guard) && !json_is_null(json_object_get(c->hp, guard))))
				continue;
			if (cur && !json_is_null(cur) && !json_is_number(cur))
				continue; /* a string or a switch: no arithmetic of the program's makes it a number */
			struct strbuf sb = STRBUF_INIT;
			double v;
			if (substitute(c, locals, json_string_value(json_object_get(a, "expr")), &sb, 0) && evaluate(sb.buf, &v)) {
				json_t *nv = v == floor(v) && fabs(v) < 9e15 && (!cur || json_is_integer(cur)) ? json_integer((json_int_t)v)
														 : json_real(v);
				mg_hp_set_at(c, target, nv, HP_CMD + 1, c->files[i].rel, json_integer_value(json_object_get(a, "line")));
				json_decref(nv);
			}
			strbuf_release(&sb);
		}
	}
}
