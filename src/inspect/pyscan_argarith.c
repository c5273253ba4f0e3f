/* pyscan_argarith.c - settings a program computes from its parsed options inside a function: MAE's
 * `if args.lr is None: args.lr = args.blr * eff_batch_size / 256` after `eff_batch_size = args.batch_size *
 * args.accum_iter`, or `args.epochs = args.epochs + 5`. Only arithmetic over names and numbers is kept (a
 * call such as get_world_size() makes the statement unreadable): out.arg_arith = [{target, expr, line,
 * guard}], out.fn_locals = {NAME: expr} (merge_argarith.c evaluates them with the final values). */
#include "pyscan_int.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <string.h>

/* Whether [a, b) is arithmetic over dotted names and numbers (+ - * / // % ** and parentheses). */
static bool arith_only(const struct toks *ts, size_t a, size_t b)
{
	if (a >= b)
		return false;
	int names = 0;
	for (size_t k = a; k < b; k++) {
		const struct tok *t = &ts->v[k];
		if (t->t == T_NUMBER)
			continue;
		if (t->t == T_NAME) {
			if (kw(t, "None") || kw(t, "True") || kw(t, "False") || kw(t, "if") || kw(t, "else") ||
			    kw(t, "and") || kw(t, "or") || kw(t, "not") || kw(t, "lambda"))
				return false;
			if (k + 1 < b && op(&ts->v[k + 1], "("))
				return false; /* a call */
			names++;
			continue;
		}
		if (op(t, ".") || op(t, "+") || op(t, "-") || op(t, "*") || op(t, "/") || op(t, "//") || op(t, "%") ||
		    op(t, "**") || op(t, "(") || op(t, ")"))
			continue;
		return false;
	}
	return names > 0;
}

/* The end of the logical line that starts at i (its T_NEWLINE). */
static size_t line_end(const struct toks *ts, size_t i)
{
	while (i < ts->n && ts->v[i].t != T_NEWLINE)
		i++;
	return i;
}

/* The names a parsed namespace is bound to (args = parser.parse_args(), args, rest = ...parse_known_args()). */
static json_t *namespace_names(const struct toks *ts)
{
	json_t *names = json_object();
	for (size_t i = 0; i + 2 < ts->n; i++) {
		const struct tok *t = &ts->v[i];
		if (t->indent < 0 || t->t != T_NAME)
			continue;
		size_t e = line_end(ts, i);
		bool parse = false;
		for (size_t k = i; k + 1 < e && !parse; k++)
			parse = (kw(&ts->v[k], "parse_args") || kw(&ts->v[k], "parse_known_args")) && op(&ts->v[k + 1], "(");
		if (parse && (op(&ts->v[i + 1], "=") || op(&ts->v[i + 1], ","))) {
			char *n = xstrndup(t->s, t->len);
			json_object_set_new(names, n, json_true());
			free(n);
		}
	}
	return names;
}

void pyscan_arg_arith(const struct toks *ts, json_t *out)
{
	json_t *list = NULL, *locals = NULL, *ns = namespace_names(ts);
	char guard[64] = "";
	int guard_indent = -1;
	for (size_t i = 0; i < ts->n; i++) {
		const struct tok *t = &ts->v[i];
		if (t->indent < 0)
			continue;
		size_t e = line_end(ts, i);
		if (guard_indent >= 0 && t->indent <= guard_indent)
			guard[0] = '\0', guard_indent = -1;
		/* if ARGS.X is None: */
		if (kw(t, "if") && e - i == 7 && ts->v[i + 1].t == T_NAME && op(&ts->v[i + 2], ".") &&
		    ts->v[i + 3].t == T_NAME && kw(&ts->v[i + 4], "is") && kw(&ts->v[i + 5], "None") && op(&ts->v[i + 6], ":") &&
		    ts->v[i + 3].len < sizeof(guard)) {
			memcpy(guard, ts->v[i + 3].s, ts->v[i + 3].len);
			guard[ts->v[i + 3].len] = '\0';
			guard_indent = t->indent;
			i = e;
			continue;
		}
		if (t->indent == 0) {
			i = e;
			continue;
		}
		/* ARGS.X = EXPR */
		char base[64] = "";
		if (t->t == T_NAME && t->len < sizeof(base)) {
			memcpy(base, t->s, t->len);
			base[t->len] = '\0';
		}
		if (t->t == T_NAME && i + 4 < e && op(&ts->v[i + 1], ".") && ts->v[i + 2].t == T_NAME && op(&ts->v[i + 3], "=") &&
		    json_object_get(ns, base) && arith_only(ts, i + 4, e)) {
			struct strbuf x = STRBUF_INIT;
			py_add_text(&x, &ts->v[i + 4], &ts->v[e]);
			json_t *a = json_object();
			json_object_set_new(a, "target", jstrn(ts->v[i + 2].s, ts->v[i + 2].len));
			json_object_set_new(a, "expr", jstr(x.buf));
			json_object_set_new(a, "line", json_integer(t->line));
			if (guard[0] && t->indent > guard_indent)
				json_object_set_new(a, "guard", jstr(guard));
			if (!list)
				list = json_array();
			json_array_append_new(list, a);
			strbuf_release(&x);
		} else if (t->t == T_NAME && i + 2 < e && op(&ts->v[i + 1], "=") && arith_only(ts, i + 2, e)) {
			/* NAME = EXPR: a local the statements after it may use */
			struct strbuf x = STRBUF_INIT;
			py_add_text(&x, &ts->v[i + 2], &ts->v[e]);
			if (!locals)
				locals = json_object();
			char *name = xstrndup(t->s, t->len);
			json_object_set_new(locals, name, jstr(x.buf));
			free(name);
			strbuf_release(&x);
		}
		i = e;
	}
	json_decref(ns);
	if (list)
		json_object_set_new(out, "arg_arith", list);
	if (locals)
		json_object_set_new(out, "fn_locals", locals);
}
