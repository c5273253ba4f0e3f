/* pyscan_typer.c - the parameters of a typer command (`@app.command() def main(...)` or
 * `typer.run(main)`): typer turns each parameter into a command-line argument - a typer.Argument, or a
 * parameter without a default, is a positional in order; typer.Option("x", "--flag") or a plain default
 * is an option `--name` (underscores as dashes), a bool one a flag
 * (https://typer.tiangolo.com/tutorial/arguments/, /tutorial/options/). Learned from THUDM/ChatGLM3's
 * finetune_demo/finetune_hf.py. */
#include "pyscan_int.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <string.h>

/* The first literal argument of the typer.Argument/typer.Option call whose '(' is at open (or its
 * default=), and the first string starting with "--" among its arguments (the flag); NULL default
 * for `...` (required) or an expression. */
static json_t *call_default(const struct toks *ts, size_t open, char *flag, size_t flag_size)
{
	size_t end = py_close_of(ts, open) - 1, pos = open + 1, a, b;
	json_t *def = NULL;
	bool first = true;
	while (pyscan_next_arg(ts, end, &pos, &a, &b)) {
		const struct tok *ta = &ts->v[a];
		if (ta->t == T_NAME && b - a >= 2 && op(ta + 1, "=")) {
			if (ta->len == 7 && !memcmp(ta->s, "default", 7) && !def)
				def = py_value_of(ta + 2, &ts->v[b]);
		} else if (ta->t == T_STRING && b == a + 1) {
			json_t *v = py_value_of(ta, &ts->v[b]);
			const char *s = json_string_value(v);
			if (s && !strncmp(s, "--", 2) && !flag[0] && strlen(s) < flag_size)
				strcpy(flag, s);
			if (first && !(s && s[0] == '-') && !def)
				def = json_incref(v);
			json_decref(v);
		} else if (first && !def && !op(ta, "...")) {
			def = py_value_of(ta, &ts->v[b]);
		}
		first = false;
	}
	if (def && !json_is_string(def) && !json_is_number(def) && !json_is_boolean(def)) {
		json_decref(def);
		def = NULL;
	}
	return def;
}

json_t *pyscan_typer_params(const struct toks *ts, size_t open)
{
	json_t *out = json_array();
	size_t end = py_close_of(ts, open) - 1, pos = open + 1, a, b;
	while (pyscan_next_arg(ts, end, &pos, &a, &b)) {
		const struct tok *ta = &ts->v[a];
		if (ta->t != T_NAME || (ta->len == 4 && !memcmp(ta->s, "self", 4)))
			continue;
		size_t eq = 0, argument = 0, option = 0;
		bool is_bool = false;
		int d = 0;
		for (size_t q = a + 1; q < b; q++) {
			const struct tok *t = &ts->v[q];
			if (op(t, "(") || op(t, "[") || op(t, "{"))
				d++;
			else if (op(t, ")") || op(t, "]") || op(t, "}"))
				d--;
			else if (d == 0 && op(t, "=") && !eq)
				eq = q;
			if (kw(t, "Argument") && q + 1 < b && op(&ts->v[q + 1], "("))
				argument = q + 1;
			else if (kw(t, "Option") && q + 1 < b && op(&ts->v[q + 1], "("))
				option = q + 1;
			else if (kw(t, "bool") && !eq)
				is_bool = true;
		}
		char flag[96] = "";
		json_t *def = NULL;
		size_t call = argument ? argument : option;
		if (call)
			def = call_default(ts, call, flag, sizeof(flag));
		else if (eq && eq + 1 < b) {
			def = py_value_of(&ts->v[eq + 1], &ts->v[b]);
			if (!json_is_string(def) && !json_is_number(def) && !json_is_boolean(def)) {
				json_decref(def);
				def = json_null();
			}
		}
		/* a typer.Argument, or no default at all, is a positional */
		bool positional = argument || (!eq && !option);
		json_t *p = json_object();
		char *name = xstrndup(ta->s, ta->len);
		json_object_set_new(p, "name", json_string(name));
		json_object_set_new(p, "positional", json_boolean(positional));
		if (!positional) {
			struct strbuf f = STRBUF_INIT;
			if (flag[0])
				strbuf_adds(&f, flag);
			else {
				strbuf_adds(&f, "--");
				for (const char *c = name; *c; c++)
					strbuf_addch(&f, *c == '_' ? '-' : *c);
			}
			json_object_set_new(p, "flag", json_string(f.buf));
			strbuf_release(&f);
		}
		free(name);
		if (def)
			json_object_set_new(p, "default", def);
		if (is_bool)
			json_object_set_new(p, "bool", json_true());
		json_object_set_new(p, "line", json_integer(ta->line));
		json_array_append_new(out, p);
	}
	return out;
}
