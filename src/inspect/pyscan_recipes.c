/* pyscan_recipes.c - the scanner's patterns of programs built from registries and recipes: console-script
 * strings of setup.py, config builders joined through a local, NeMo 2 recipe statements and fairseq's
 * @register_model_architecture presets (moved from pyscan.c, no change of behaviour). */
#include "pyscan_int.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool ends_with(const char *s, size_t n, const char *suffix)
{
	size_t m = strlen(suffix);
	return n >= m && !memcmp(s + n - m, suffix, m);
}

/* A console-script string of setup.py ("fairseq-train = fairseq_cli.train:cli_main"):
 * [name, "module:function", line]. */
void pyscan_scan_entry_point(const struct tok *t, json_t *out)
{
	struct strbuf sb = STRBUF_INIT;
	bool fstr = false;
	py_string_value(t, &sb, &fstr);
	const char *eq = strchr(sb.buf, '=');
	const char *colon = strchr(sb.buf, ':');
	bool ok = !fstr && eq && colon && colon > eq;
	for (const char *p = sb.buf; ok && p < eq; p++)
		ok = isalnum((unsigned char)*p) || strchr("-_. ", *p);
	/* eq is NULL when a NUL byte inside the string hid the '=' the token has (no eq + 1 then) */
	for (const char *p = ok ? eq + 1 : ""; ok && *p; p++)
		ok = isalnum((unsigned char)*p) || strchr("_.: ", *p);
	if (ok) {
		char *name = xstrndup(sb.buf, (size_t)(eq - sb.buf));
		char *n = name, *ne = name + strlen(name);
		while (*n == ' ')
			n++;
		while (ne > n && ne[-1] == ' ')
			*--ne = '\0';
		const char *target = eq + 1;
		while (*target == ' ')
			target++;
		json_t *e = json_array();
		json_array_append_new(e, jstr(n));
		json_array_append_new(e, jstr(target));
		json_array_append_new(e, json_integer(t->line));
		json_array_append_new(out, e);
		free(name);
	}
	strbuf_release(&sb);
}

/* Records that the dict `var` of function fn takes the settings builder returns: builders["fn.var+"]
 * gets builder's name (the object is made on first use). */
void pyscan_join_builder(json_t **builders, const char *fn, const struct tok *var, const struct tok *builder)
{
	char key[256];
	snprintf(key, sizeof(key), "%s.%.*s+", fn, (int)var->len, var->s);
	if (!*builders)
		*builders = json_object();
	json_t *l = json_object_get(*builders, key);
	if (!l)
		json_object_set_new(*builders, key, l = json_array());
	json_array_append_new(l, jstrn(builder->s, builder->len));
}

/* A recipe object inside a function (NeMo 2: `recipe = llm.llama3_8b.pretrain_recipe(...)`, then
 * `recipe.trainer.max_steps = 100`): the call it came from and the literal settings written over
 * it, kept as recipes[VAR] = {from, line, sets: [{name, value, line}]}. True when statement i is
 * one of those. */
bool pyscan_recipe_stmt(const struct toks *ts, size_t i, json_t **recipes)
{
	if (i + 3 >= ts->n || ts->v[i].t != T_NAME)
		return false;
	char *var = xstrndup(ts->v[i].s, ts->v[i].len);
	bool done = false;
	if (op(&ts->v[i + 1], "=") && ts->v[i + 2].t == T_NAME) {
		struct strbuf d = STRBUF_INIT;
		size_t j = pyscan_dotted(ts, i + 2, &d);
		if (j < ts->n && op(&ts->v[j], "(") && d.len > 7 && ends_with(d.buf, d.len, "_recipe") && strchr(d.buf, '.')) {
			if (!*recipes)
				*recipes = json_object();
			json_object_set_new(*recipes, var,
					    json_pack("{s:s,s:I,s:[]}", "from", d.buf, "line", (json_int_t)ts->v[i].line, "sets"));
			done = true;
		}
		strbuf_release(&d);
	} else if (*recipes && json_object_get(*recipes, var) && op(&ts->v[i + 1], ".")) {
		struct strbuf d = STRBUF_INIT;
		size_t j = pyscan_dotted(ts, i + 2, &d);
		size_t e = j + 1;
		while (e < ts->n && ts->v[e].t != T_NEWLINE)
			e++;
		if (j + 1 < e && op(&ts->v[j], "=")) {
			json_t *sets = json_object_get(json_object_get(*recipes, var), "sets");
			json_t *v = py_value_of(&ts->v[j + 1], &ts->v[e]);
			if (json_is_string(v) || json_is_number(v) || json_is_boolean(v))
				json_array_append_new(sets, json_pack("{s:s,s:O,s:I}", "name", d.buf, "value", v, "line",
								      (json_int_t)ts->v[i].line));
			json_decref(v);
			/* recipe.trainer.strategy = run.Config(nl.MegatronStrategy, tensor_model_parallel_size=2,
			 * ...) or = nl.MegatronStrategy(...): the call's literal keywords are settings under the
			 * name it is assigned to */
			struct strbuf cn = STRBUF_INIT;
			size_t c = ts->v[j + 1].t == T_NAME ? pyscan_dotted(ts, j + 1, &cn) : j + 1;
			if (cn.len && c < e && op(&ts->v[c], "(")) {
				size_t end = py_close_of(ts, c) - 1, pos = c + 1, a, b;
				while (pyscan_next_arg(ts, end, &pos, &a, &b))
					if (b > a + 2 && ts->v[a].t == T_NAME && op(&ts->v[a + 1], "=")) {
						json_t *kv = py_value_of(&ts->v[a + 2], &ts->v[b]);
						if (json_is_string(kv) || json_is_number(kv) || json_is_boolean(kv)) {
							struct strbuf k = STRBUF_INIT;
							strbuf_addf(&k, "%s.%.*s", d.buf, (int)ts->v[a].len, ts->v[a].s);
							json_array_append_new(sets, json_pack("{s:s,s:O,s:I}", "name", k.buf, "value", kv,
											      "line", (json_int_t)ts->v[a].line));
							strbuf_release(&k);
						}
						json_decref(kv);
					}
			}
			strbuf_release(&cn);
			done = true;
		}
		strbuf_release(&d);
	}
	free(var);
	return done;
}

/* The architecture presets a registry fills (fairseq: @register_model_architecture("transformer_lm",
 * "transformer_lm_gpt2_small") over def f(args): args.decoder_layers = safe_getattr(args,
 * "decoder_layers", 24); ...; base_lm_architecture(args)): archs[FN] = {arch, line, sets: [{name,
 * value, line}], calls: [FN]}. True when statement i (in function fn) is one of those. */
json_t *pyscan_arch_of(json_t **archs, const char *fn)
{
	if (!*archs)
		*archs = json_object();
	json_t *a = json_object_get(*archs, fn);
	if (!a) {
		a = json_pack("{s:[],s:[]}", "sets", "calls");
		json_object_set_new(*archs, fn, a);
	}
	return a;
}

bool pyscan_arch_stmt(const struct toks *ts, size_t i, const char *fn, json_t **archs)
{
	const struct tok *t = &ts->v[i];
	if (t->t != T_NAME || i + 3 >= ts->n)
		return false;
	/* NAME(args): a preset this one builds on (its defaults fill what this one left unset) */
	if (op(&ts->v[i + 1], "(") && ts->v[i + 2].t == T_NAME && op(&ts->v[i + 3], ")") && i + 4 < ts->n &&
	    ts->v[i + 4].t == T_NEWLINE && kw(&ts->v[i + 2], "args") && *archs) {
		json_array_append_new(json_object_get(pyscan_arch_of(archs, fn), "calls"), jstrn(t->s, t->len));
		return true;
	}
	/* args.X = getattr(args, "X", V) / safe_getattr(...) / V */
	if (!kw(t, "args") || !op(&ts->v[i + 1], ".") || ts->v[i + 2].t != T_NAME || !op(&ts->v[i + 3], "="))
		return false;
	size_t e = i + 4;
	while (e < ts->n && ts->v[e].t != T_NEWLINE)
		e++;
	json_t *v = NULL;
	const struct tok *g = &ts->v[i + 4];
	if (i + 5 < e && g->t == T_NAME && ends_with(g->s, g->len, "getattr") && op(&ts->v[i + 5], "(")) {
		size_t close = py_close_of(ts, i + 5) - 1, pos = i + 6, a, b, k = 0;
		while (pyscan_next_arg(ts, close, &pos, &a, &b))
			if (++k == 3)
				v = py_value_of(&ts->v[a], &ts->v[b]);
	} else if (i + 4 < e) {
		v = py_value_of(&ts->v[i + 4], &ts->v[e]);
	}
	if (json_is_string(v) || json_is_number(v) || json_is_boolean(v))
		json_array_append_new(json_object_get(pyscan_arch_of(archs, fn), "sets"),
				      json_pack("{s:s%,s:O,s:I}", "name", ts->v[i + 2].s, ts->v[i + 2].len, "value", v, "line",
						(json_int_t)t->line));
	json_decref(v);
	return true;
}
