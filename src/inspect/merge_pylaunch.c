/* merge_pylaunch.c - a Python launcher followed to the command it runs: `python run.py --ngpus 4
 * --config x.yaml --lr 3e-4` where run.py parses its own options (parse_known_args) and hands
 * `torchrun --nproc_per_node={args.ngpus} pretrain.py --config {args.config} ...` to os.system or
 * subprocess. The template pyscan_launch.c kept is filled with the launcher's option values (the command
 * line's, else literal defaults); a word whose value is not known (a default of
 * torch.cuda.device_count()) is left out with its option, never guessed. */
#include "mctx.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

#define UNKNOWN '\x02'

/* The launcher's options: [{names: [...], dest, flag, value}] from its add_argument calls. */
static json_t *launcher_options(const struct ctx *c, int k)
{
	json_t *opts = json_array(), *call;
	size_t i;
	json_array_foreach(json_object_get(mg_py(c, k), "calls"), i, call)
	{
		const char *n = json_string_value(json_object_get(call, "name"));
		json_t *args = json_object_get(call, "args"), *kws = json_object_get(call, "kw");
		const char *a0 = json_string_value(json_array_get(args, 0));
		if (!n || strcmp(n, "add_argument") || !a0 || a0[0] != '-')
			continue;
		json_t *o = json_object(), *names = json_array();
		const char *lng = NULL;
		size_t j;
		json_t *a;
		json_array_foreach(args, j, a)
		{
			const char *s = json_string_value(a);
			if (!s)
				continue;
			json_array_append_new(names, json_string(s));
			if (!strncmp(s, "--", 2) && !lng)
				lng = s + 2;
		}
		const char *dest = json_string_value(json_object_get(kws, "dest"));
		struct strbuf d = STRBUF_INIT;
		if (dest)
			strbuf_adds(&d, dest);
		else
			for (const char *p = lng ? lng : a0 + 1; *p; p++)
				strbuf_addch(&d, *p == '-' ? '_' : *p);
		const char *action = json_string_value(json_object_get(kws, "action"));
		bool flag = action && (!strcmp(action, "store_true") || !strcmp(action, "store_false"));
		json_object_set_new(o, "names", names);
		json_object_set_new(o, "dest", json_string(d.buf));
		json_object_set_new(o, "flag", json_boolean(flag));
		json_t *def = json_object_get(kws, "default");
		if (flag)
			json_object_set_new(o, "value", json_boolean(strcmp(action, "store_true") != 0));
		else if (def && mg_literal(def))
			json_object_set(o, "value", def);
		json_array_append_new(opts, o);
		strbuf_release(&d);
	}
	/* Modal's @app.local_entrypoint() function: its parameters are `modal run`'s options (--model-id or
	 * --model_id; https://modal.com/docs/guide/apps#entrypoints-for-ephemeral-apps) */
	const char *ep = json_string_value(json_object_get(mg_py(c, k), "local_entrypoint"));
	json_t *sig = ep ? json_object_get(json_object_get(mg_py(c, k), "sigs"), ep) : NULL;
	json_array_foreach(sig, i, call)
	{
		const char *name = json_string_value(json_object_get(call, "name"));
		if (!name)
			continue;
		struct strbuf dash = STRBUF_INIT, under = STRBUF_INIT;
		strbuf_addf(&under, "--%s", name);
		for (const char *p = under.buf; *p; p++)
			strbuf_addch(&dash, *p == '_' ? '-' : *p);
		json_t *v = json_object_get(call, "value");
		json_array_append_new(opts, json_pack("{s:[s,s], s:s, s:b, s:O, s:b}", "names", dash.buf, under.buf, "dest", name,
						      "flag", 0, "value", v ? v : json_null(), "fn_param", 1));
		strbuf_release(&dash);
		strbuf_release(&under);
	}
	return opts;
}

static json_t *option_named(json_t *opts, const char *name, size_t len)
{
	size_t i, j;
	json_t *o, *n;
	json_array_foreach(opts, i, o)
	json_array_foreach(json_object_get(o, "names"), j, n)
	{
		const char *s = json_string_value(n);
		if (s && strlen(s) == len && !strncmp(s, name, len))
			return o;
	}
	return NULL;
}

/* Whether dest is a parameter of the entrypoint function (a bare name in the template stands for it) */
static bool fn_param(json_t *opts, const char *dest)
{
	size_t i;
	json_t *o;
	json_array_foreach(opts, i, o)
	if (!strcmp(json_string_value(json_object_get(o, "dest")) ?: "", dest) && json_is_true(json_object_get(o, "fn_param")))
		return true;
	return false;
}

/* The value of option dest as a word (numbers and booleans as Python prints them); NULL when unknown. */
static char *value_word(json_t *opts, const char *dest)
{
	size_t i;
	json_t *o;
	json_array_foreach(opts, i, o)
	{
		if (strcmp(json_string_value(json_object_get(o, "dest")) ?: "", dest))
			continue;
		json_t *v = json_object_get(o, "value");
		if (json_is_string(v))
			return xstrdup(json_string_value(v));
		if (json_is_integer(v) || json_is_real(v)) {
			struct strbuf sb = STRBUF_INIT;
			if (json_is_integer(v))
				strbuf_addf(&sb, "%lld", (long long)json_integer_value(v));
			else
				strbuf_addf(&sb, "%g", json_real_value(v));
			return strbuf_detach(&sb);
		}
		if (json_is_boolean(v))
			return xstrdup(json_is_true(v) ? "True" : "False");
		return NULL;
	}
	return NULL;
}

/* Fills template t: {{ }} unescaped, {*NAME} the leftovers (joined by sep), {expr} the option's value
 * (UNKNOWN when not known); *spliced tells that the leftovers were placed. */
static void fill(const char *t, json_t *opts, json_t *locals, json_t *rest, char sep, struct strbuf *out, bool *spliced)
{
	for (const char *p = t; *p; p++) {
		if ((p[0] == '{' && p[1] == '{') || (p[0] == '}' && p[1] == '}')) {
			strbuf_addch(out, *p++);
			continue;
		}
		if (*p != '{') {
			strbuf_addch(out, *p);
			continue;
		}
		const char *e = strchr(p, '}');
		if (!e)
			break;
		char *expr = xstrndup(p + 1, (size_t)(e - p - 1));
		expr[strcspn(expr, ":!")] = '\0';
		if (expr[0] == '*') {
			size_t i;
			json_t *w;
			json_array_foreach(rest, i, w)
			{
				if (i)
					strbuf_addch(out, sep);
				strbuf_adds(out, json_string_value(w));
			}
			*spliced = true;
		} else {
			const char *target = json_string_value(json_object_get(locals, expr));
			const char *ref = target ? target : expr, *last = strrchr(ref, '.');
			char *v = last ? value_word(opts, last + 1) : fn_param(opts, ref) ? value_word(opts, ref) : NULL;
			/* a local that falls back to something else when the option is empty (args.gpus or
			 * torch.cuda.device_count()): an empty option's value is that other thing, not known */
			if (v && target && (!strcmp(v, "0") || !v[0] || !strcmp(v, "False"))) {
				free(v);
				v = NULL;
			}
			if (v)
				strbuf_adds(out, v);
			else
				strbuf_addch(out, UNKNOWN);
			free(v);
		}
		free(expr);
		p = e;
	}
}

/* The filled words into out (the command's): a word holding an unknown value is left out, and the
 * option before it when the value stood alone. */
static void keep_words(struct strvec *words, const char *w)
{
	if (!strchr(w, UNKNOWN)) {
		strvec_push(words, w);
		return;
	}
	bool alone = w[0] == UNKNOWN && !w[1];
	if (alone && words->nr && words->v[words->nr - 1][0] == '-' && !strchr(words->v[words->nr - 1], '=')) {
		free(words->v[--words->nr]);
		words->v[words->nr] = NULL;
	}
}

char *mg_python_launcher(struct ctx *c, const char *cmd)
{
	struct launch_cmd lc;
	char *out = NULL;
	if (launch_cmd_parse(cmd, &lc) < 0 || !lc.entry || (lc.launcher && strcmp(lc.launcher, "python"))) {
		launch_cmd_release(&lc);
		return NULL;
	}
	int k = mg_resolve_path(c, lc.entry);
	json_t *built = k >= 0 ? json_object_get(mg_py(c, k), "built_cmd") : NULL;
	const char *tpl = json_string_value(json_object_get(built, "template"));
	if (!tpl) {
		launch_cmd_release(&lc);
		return NULL;
	}
	json_t *opts = launcher_options(c, k), *rest = json_array();
	size_t n = json_array_size(lc.words);
	for (size_t w = 0; w < n; w++) {
		const char *s = json_string_value(json_array_get(lc.words, w));
		const char *eq = s ? strchr(s, '=') : NULL;
		json_t *o = s && s[0] == '-' ? option_named(opts, s, eq ? (size_t)(eq - s) : strlen(s)) : NULL;
		if (!o) {
			json_array_append_new(rest, json_string(s ? s : ""));
			continue;
		}
		if (json_is_true(json_object_get(o, "flag")))
			continue; /* its value is the action's */
		const char *v = eq ? eq + 1 : (w + 1 < n ? json_string_value(json_array_get(lc.words, ++w)) : NULL);
		if (v)
			json_object_set_new(o, "value", json_string(v));
	}
	bool list = !strcmp(json_string_value(json_object_get(built, "kind")) ?: "", "list"), spliced = false;
	json_t *locals = json_object_get(built, "locals");
	struct strvec words = STRVEC_INIT;
	if (list) {
		const char *p = tpl;
		while (*p) {
			size_t l = strcspn(p, "\x1f");
			char *one = xstrndup(p, l);
			struct strbuf f = STRBUF_INIT;
			fill(one, opts, locals, rest, '\x1f', &f, &spliced);
			/* a spliced list gives several words */
			for (const char *q = f.buf;;) {
				size_t m = strcspn(q, "\x1f");
				char *wd = xstrndup(q, m);
				if (*wd || m)
					keep_words(&words, wd);
				free(wd);
				if (!q[m])
					break;
				q += m + 1;
			}
			strbuf_release(&f);
			free(one);
			p += l;
			if (*p)
				p++;
		}
	} else {
		struct strbuf f = STRBUF_INIT;
		fill(tpl, opts, locals, rest, ' ', &f, &spliced);
		struct shwords ws;
		shwords_init(&ws);
		shlex_split(f.buf, f.len, &ws);
		for (size_t i = 0; i < ws.nr; i++)
			keep_words(&words, ws.v[i].value);
		shwords_release(&ws);
		strbuf_release(&f);
	}
	if (!spliced && json_is_true(json_object_get(built, "known_args"))) {
		size_t i;
		json_t *w;
		json_array_foreach(rest, i, w)
		keep_words(&words, json_string_value(w));
	}
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < words.nr; i++) {
		if (i)
			strbuf_addch(&sb, ' ');
		sh_quote_literal(words.v[i], &sb);
	}
	/* the command must start a program of the tree */
	struct launch_cmd inner;
	if (launch_cmd_parse(sb.buf, &inner) == 0 && inner.entry &&
	    (mg_resolve_path(c, inner.entry) >= 0 || mg_module_file(c, inner.entry) >= 0) &&
	    mg_resolve_path(c, inner.entry) != k) {
		struct strbuf note = STRBUF_INIT;
		strbuf_addf(&note, "'%s' builds the command it runs (%s:%lld): '%s'", lc.entry, c->files[k].rel,
			    (long long)json_integer_value(json_object_get(built, "line")), sb.buf);
		json_array_append_new(c->notes, json_string(note.buf));
		strbuf_release(&note);
		out = strbuf_detach(&sb);
	}
	launch_cmd_release(&inner);
	strbuf_release(&sb);
	strvec_clear(&words);
	json_decref(opts);
	json_decref(rest);
	launch_cmd_release(&lc);
	return out;
}
