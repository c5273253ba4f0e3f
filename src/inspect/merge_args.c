/* merge_args.c - hyperparameters from argparse/click options and dataclass fields, keyword
 * arguments of trainer calls, the command line on top, and the lists (model, datasets, outputs)
 * the hyperparameters name (the strategy and precision they name: merge_precision.c). */
#include "mctx.h"

#include "cmdline.h"
#include "configs.h"

#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The name argparse gives an option: dest=, else the first long flag, else the first flag. */
static char *arg_dest(json_t *call)
{
	json_t *dest = json_object_get(json_object_get(call, "kw"), "dest");
	if (json_is_string(dest))
		return xstrdup(json_string_value(dest));
	const char *best = NULL;
	size_t i;
	json_t *a;
	json_array_foreach(json_object_get(call, "args"), i, a)
	{
		const char *s = json_string_value(a);
		if (!s)
			continue;
		if (!strncmp(s, "--", 2)) {
			best = s;
			break;
		}
		if (!best)
			best = s;
	}
	if (!best)
		return NULL;
	while (*best == '-')
		best++;
	char *n = xstrdup(best);
	for (char *p = n; *p; p++)
		if (*p == '-')
			*p = '_';
	return n;
}

/* Remembers how argparse reads an option: {dest, opts: [...], positional, flag, nargs}. */
static void add_spec(struct ctx *c, json_t *call, const char *dest)
{
	json_t *kw = json_object_get(call, "kw");
	json_t *spec = json_object();
	json_t *opts = json_array();
	bool positional = false;
	size_t i;
	json_t *a;
	json_array_foreach(json_object_get(call, "args"), i, a)
	{
		const char *s = json_string_value(a);
		if (!s)
			continue;
		if (s[0] == '-')
			json_array_append(opts, a);
		else if (i == 0)
			positional = true;
	}
	const char *action = json_string_value(json_object_get(kw, "action"));
	bool flag = (action && (!strcmp(action, "store_true") || !strcmp(action, "store_false") ||
				!strcmp(action, "store_const") || !strcmp(action, "count") || !strcmp(action, "help") ||
				!strcmp(action, "version"))) ||
		    json_is_true(json_object_get(kw, "is_flag"));
	json_object_set_new(spec, "dest", json_string(dest));
	json_object_set_new(spec, "opts", opts);
	json_object_set_new(spec, "positional", json_boolean(positional));
	json_object_set_new(spec, "flag", json_boolean(flag));
	json_object_set_new(spec, "store_false", json_boolean(action && !strcmp(action, "store_false")));
	json_object_set_new(spec, "append", json_boolean(action && (!strcmp(action, "append") || !strcmp(action, "extend"))));
	json_t *nargs = json_object_get(kw, "nargs");
	if (nargs)
		json_object_set(spec, "nargs", nargs);
	/* type=str keeps "4" a string (nnU-Net's dataset id); type=str2bool turns "1"/"yes" into true */
	json_t *ty = json_object_get(kw, "type");
	const char *tn = json_string_value(json_object_get(ty, "ref"));
	if (tn)
		json_object_set_new(spec, "type", json_string(strrchr(tn, '.') ? strrchr(tn, '.') + 1 : tn));
	if (json_is_string(json_object_get(kw, "help")))
		json_object_set(spec, "help", json_object_get(kw, "help"));
	/* choices drawn from a name or an expression (choices=list(GPT_models.keys()), choices=model_names) */
	json_t *ch = json_object_get(kw, "choices");
	const char *ct = json_string_value(json_object_get(ch, "ref"));
	if (!ct)
		ct = json_string_value(json_object_get(ch, "expr"));
	if (ct)
		json_object_set_new(spec, "choices_from", json_string(ct));
	json_object_set_new(spec, "line", json_object_get(call, "line") ? json_incref(json_object_get(call, "line")) : json_null());
	json_array_append_new(c->argspec, spec);
}

/* A word as the option's type= makes it: the literal reading (typed_arg) unless the type is str (the word
 * itself) or a function that reads booleans (str2bool, str_to_bool, strtobool, boolean_string: the usual
 * spellings of yes and no). */
static json_t *spec_typed(const json_t *spec, const char *w)
{
	const char *t = spec ? json_string_value(json_object_get(spec, "type")) : NULL;
	if (!t || !w)
		return typed_arg(w);
	if (!strcmp(t, "str"))
		return json_string(w);
	bool boolish = strstr(t, "2bool") || strstr(t, "to_bool") || strstr(t, "tobool") || !strcmp(t, "boolean_string") ||
		       !strcmp(t, "str_to_bool") || !strcmp(t, "bool_flag");
	if (boolish) {
		static const char *const yes[] = {"1", "true", "True", "TRUE", "yes", "Yes", "y", "t", "on", NULL};
		static const char *const no[] = {"0", "false", "False", "FALSE", "no", "No", "n", "f", "off", NULL};
		for (int i = 0; yes[i]; i++)
			if (!strcmp(w, yes[i]))
				return json_true();
		for (int i = 0; no[i]; i++)
			if (!strcmp(w, no[i]))
				return json_false();
	}
	return typed_arg(w);
}

static json_t *spec_for_opt(const struct ctx *c, const char *opt)
{
	size_t i, k;
	json_t *s, *o;
	/* the entry's own parser first: another script of the scope (tools/eval.py's --data) does not
	 * read this command */
	json_t *exact = NULL;
	json_array_foreach(c->argspec, i, s)
	{
		json_array_foreach(json_object_get(s, "opts"), k, o)
		{
			if (strcmp(json_string_value(o), opt))
				continue;
			if (json_integer_value(json_object_get(s, "file")) == c->entry)
				return s;
			if (!exact)
				exact = s;
		}
	}
	/* argparse takes an unambiguous prefix of a long option (allow_abbrev, on by default): YOLOv6's
	 * README types --batch and --conf for --batch-size and --conf-file. The entry's own parser
	 * decides when it has the option (another script's parser in the scope, such as tools/eval.py's
	 * --conf-thres, does not read this command); two options that share the prefix: argparse
	 * refuses it, and so does maple (the option stays unknown). */
	size_t ol = strlen(opt);
	if (ol < 4 || strncmp(opt, "--", 2))
		return exact;
	for (int pass = 0; pass < 2; pass++) {
		if (pass == 1 && exact)
			return exact;
		json_t *hit = NULL;
		bool ambiguous = false;
		json_array_foreach(c->argspec, i, s)
		{
			if (pass == 0 && json_integer_value(json_object_get(s, "file")) != c->entry)
				continue;
			bool match = false;
			json_array_foreach(json_object_get(s, "opts"), k, o)
			{
				const char *os = json_string_value(o);
				match = match || (os && !strncmp(os, "--", 2) && !strncmp(os, opt, ol));
			}
			if (match && hit && hit != s &&
			    !json_equal(json_object_get(hit, "dest"), json_object_get(s, "dest"))) /* one option read twice */
				ambiguous = true;
			if (match && !hit)
				hit = s;
		}
		if (hit)
			return ambiguous ? NULL : hit;
	}
	return NULL;
}

static json_t *nth_positional(const struct ctx *c, size_t n)
{
	size_t i, seen = 0;
	json_t *s;
	json_array_foreach(c->argspec, i, s) if (json_is_true(json_object_get(s, "positional")) && seen++ == n) return s;
	return NULL;
}

/* nargs=argparse.REMAINDER (detectron2's trailing KEY VALUE opts): every word that is left */
static bool rest_nargs(json_t *nargs)
{
	const char *r = json_string_value(json_object_get(nargs, "ref"));
	const char *n = json_string_value(nargs);
	return (r && mg_ends_with(r, "REMAINDER")) || (n && !strcmp(n, "..."));
}

static bool many(json_t *nargs)
{
	const char *n = json_string_value(nargs);
	return (n && (!strcmp(n, "*") || !strcmp(n, "+"))) || (json_is_integer(nargs) && json_integer_value(nargs) > 1) ||
	       rest_nargs(nargs);
}

static bool option_word(const char *w)
{
	return w[0] == '-' && w[1] && !isdigit((unsigned char)w[1]) && w[1] != '.';
}

static char *plain_name(const char *w)
{
	while (*w == '-')
		w++;
	char *n = xstrdup(w);
	char *eq = strchr(n, '=');
	if (eq)
		*eq = '\0';
	for (char *p = n; *p; p++)
		if (*p == '-')
			*p = '_';
	return n;
}

/* An option given again (`--gin_file a.gin --gin_file b.gin`, absl's multi-string flags; argparse's
 * action="append"): the values collect in order in the first one's array, and true is returned.
 * False (the later value simply wins, as argparse has it) for other options and for an unknown
 * option unless both values are config files. */
static bool cmd_arg_again(struct ctx *c, const char *key, json_t *spec, json_t *v)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		const char *k = json_string_value(json_array_get(pair, 0));
		json_t *old = json_array_get(pair, 1);
		if (!k || strcmp(k, key))
			continue;
		bool append = spec && json_is_true(json_object_get(spec, "append"));
		bool configs = !spec && json_is_string(v) && config_format_of(json_string_value(v)) >= 0 &&
			       (json_is_array(old) || (json_is_string(old) && config_format_of(json_string_value(old)) >= 0));
		if (!append && !configs)
			return false;
		if (!json_is_array(old)) {
			json_t *arr = json_array();
			json_array_append(arr, old);
			json_array_set_new(pair, 1, arr);
			old = arr;
		}
		json_array_append_new(old, v);
		return true;
	}
	return false;
}

static void cmd_arg(struct ctx *c, const char *key, json_t *v)
{
	json_t *pair = json_array();
	json_array_append_new(pair, json_string(key));
	json_array_append_new(pair, v);
	json_array_append_new(c->cmd_args, pair);
}

/* TensorFlow Model Garden's --params_override='a.b=1,c.d=x': each dotted key set from the command line,
 * over the experiment and its --config_file YAMLs (a comma inside brackets belongs to its value). */
static void params_override(struct ctx *c, const char *s)
{
	while (*s) {
		const char *p = s;
		int depth = 0;
		while (*p && !(*p == ',' && depth == 0)) {
			depth += (*p == '[' || *p == '{') - (*p == ']' || *p == '}');
			p++;
		}
		const char *eq = memchr(s, '=', (size_t)(p - s));
		if (eq && eq > s) {
			char *k = xstrndup(s, (size_t)(eq - s)), *val = xstrndup(eq + 1, (size_t)(p - eq - 1));
			cmd_arg(c, k, typed_arg(val));
			free(k);
			free(val);
		}
		s = *p ? p + 1 : p;
	}
}

/* Reads the script's words the way its argparse parser would: known options by their dest (short
 * options, store_true flags, nargs), positionals in order; unknown options by the usual shapes;
 * Hydra overrides (a=b, +a=b, ~a) and words nobody claims are kept for the config readers. */
void mg_parse_words(struct ctx *c)
{
	json_t *w = c->lc.words;
	size_t n = json_array_size(w), npos = 0;
	/* deepy.py train.py CONFIGS...: the launcher's parser read the script as its first positional
	 * (user_script), the words after it are the rest */
	json_t *first = c->launched_script ? nth_positional(c, 0) : NULL;
	const char *fdest = json_string_value(json_object_get(first, "dest"));
	if (fdest && strstr(fdest, "script")) {
		cmd_arg(c, fdest, json_string(c->launched_script));
		npos = 1;
	}
	for (size_t i = 0; i < n; i++) {
		const char *s = json_string_value(json_array_get(w, i));
		if (!s)
			continue;
		if (!strcmp(s, "--")) {
			continue;
		}
		if (option_word(s)) {
			const char *eq = strchr(s, '=');
			char *opt = eq ? xstrndup(s, (size_t)(eq - s)) : xstrdup(s);
			json_t *spec = spec_for_opt(c, opt);
			char *key = spec ? xstrdup(json_string_value(json_object_get(spec, "dest"))) : plain_name(s);
			json_t *v = NULL;
			if (eq) {
				v = spec_typed(spec, eq + 1);
			} else if (spec && json_is_true(json_object_get(spec, "flag"))) {
				v = json_boolean(!json_is_true(json_object_get(spec, "store_false")));
			} else if (spec && many(json_object_get(spec, "nargs"))) {
				v = json_array();
				while (i + 1 < n && !option_word(json_string_value(json_array_get(w, i + 1))))
					json_array_append_new(v, spec_typed(spec, json_string_value(json_array_get(w, ++i))));
			} else if (i + 1 < n && !option_word(json_string_value(json_array_get(w, i + 1))) &&
				   !(spec && json_is_string(json_object_get(spec, "nargs")) &&
				     !strcmp(json_string_value(json_object_get(spec, "nargs")), "?") && 0)) {
				const char *next = json_string_value(json_array_get(w, i + 1));
				/* an unknown option before a Hydra override or a config file is a flag */
				if (!spec && (strchr(next, '=') && !strchr(next, '/') && next[0] != '.'))
					v = json_true();
				else
					v = spec_typed(spec, json_string_value(json_array_get(w, ++i)));
			} else {
				v = json_true();
			}
			if (!cmd_arg_again(c, key, spec, v))
				cmd_arg(c, key, v);
			if (!strcmp(key, "params_override") && json_is_string(v))
				params_override(c, json_string_value(v));
			free(key);
			free(opt);
			continue;
		}
		bool override = (strchr(s, '=') && s[0] != '/' && s[0] != '.') || s[0] == '~';
		json_t *spec = override ? NULL : nth_positional(c, npos);
		if (spec) {
			npos++;
			const char *dest = json_string_value(json_object_get(spec, "dest"));
			if (many(json_object_get(spec, "nargs"))) {
				json_t *arr = json_array();
				bool rest = rest_nargs(json_object_get(spec, "nargs"));
				json_array_append_new(arr, spec_typed(spec, s));
				while (i + 1 < n && (rest || !option_word(json_string_value(json_array_get(w, i + 1)))))
					json_array_append_new(arr, spec_typed(spec, json_string_value(json_array_get(w, ++i))));
				cmd_arg(c, dest, arr);
			} else {
				cmd_arg(c, dest, spec_typed(spec, s));
			}
			continue;
		}
		json_array_append_new(c->extra_pos, json_string(s));
	}
}

/* One option as argparse (or click, or typer) declares it: its spec and its default. */
static void argparse_option(struct ctx *c, int i, json_t *call)
{
	const char *rel = c->files[i].rel;
	json_int_t line = json_integer_value(json_object_get(call, "line"));
	json_t *kw = json_object_get(call, "kw");
	char *dest = arg_dest(call);
	if (!dest)
		return;
	add_spec(c, call, dest);
	json_t *spec = json_array_get(c->argspec, json_array_size(c->argspec) - 1);
	json_object_set_new(spec, "file", json_integer(i));
	/* click's type=bool reads 1/0, yes/no, true/false as booleans (EDM's --cond=1); argparse's bool("0")
	 * would be true, so only click's */
	const char *full = json_string_value(json_object_get(call, "full"));
	const char *ty = json_string_value(json_object_get(spec, "type"));
	if (full && !strncmp(full, "click.", 6) && ty && !strcmp(ty, "bool"))
		json_object_set_new(spec, "type", json_string("click2bool"));
	json_t *def = json_object_get(kw, "default");
	const char *action = json_string_value(json_object_get(kw, "action"));
	json_t *v = NULL;
	if (def)
		v = json_incref(def);
	else if (action && !strcmp(action, "store_true"))
		v = json_false();
	else if (action && !strcmp(action, "store_false"))
		v = json_true();
	else if (json_is_true(json_object_get(kw, "is_flag")))
		v = json_false();
	else
		v = json_null();
	if (json_is_object(v)) { /* an expression: keep its text */
		json_t *t = json_object_get(v, "ref") ? json_object_get(v, "ref") : json_object_get(v, "expr");
		json_t *s = json_incref(t);
		json_decref(v);
		v = s;
	}
	mg_hp_set_at(c, dest, v, HP_DEFAULT, rel, line);
	json_decref(v);
	free(dest);
}

/* The parameters of a typer command (pyscan_typer.c) as the options they are: a positional in order or
 * `--flag`, a bool one a flag that sets true. */
void mg_typer_options(struct ctx *c, int i, json_t *params)
{
	size_t k;
	json_t *p;
	json_array_foreach(params, k, p)
	{
		bool positional = json_is_true(json_object_get(p, "positional"));
		json_t *call = json_object(), *args = json_array(), *kw = json_object();
		json_array_append(args, positional ? json_object_get(p, "name") : json_object_get(p, "flag"));
		json_t *def = json_object_get(p, "default");
		if (def && !json_is_null(def))
			json_object_set(kw, "default", def);
		if (!positional && json_is_true(json_object_get(p, "bool")))
			json_object_set_new(kw, "action", json_string("store_true"));
		if (!positional && json_is_string(json_object_get(p, "flag")) &&
		    strcmp(json_string_value(json_object_get(p, "flag")) + 2, json_string_value(json_object_get(p, "name"))))
			json_object_set(kw, "dest", json_object_get(p, "name")); /* --model-name: model_name */
		json_object_set_new(call, "name", json_string("add_argument"));
		json_object_set_new(call, "full", json_string("typer"));
		json_object_set(call, "line", json_object_get(p, "line"));
		json_object_set_new(call, "args", args);
		json_object_set_new(call, "kw", kw);
		argparse_option(c, i, call);
		json_decref(call);
	}
}

void mg_scan_args(struct ctx *c, int i)
{
	json_t *calls = json_object_get(mg_py(c, i), "calls");
	json_int_t main_line = c->entry >= 0 && i != c->entry ? json_integer_value(json_object_get(mg_py(c, i), "main")) : 0;
	const char *rel = c->files[i].rel;
	size_t k;
	json_t *call;
	json_array_foreach(calls, k, call)
	{
		const char *name = json_string_value(json_object_get(call, "name"));
		const char *full = json_string_value(json_object_get(call, "full"));
		json_int_t line = json_integer_value(json_object_get(call, "line"));
		json_t *kw = json_object_get(call, "kw");
		if (!name)
			continue;
		bool is_click = full && !strncmp(full, "click.", 6);
		/* another file's parser built under its own `if __name__ == "__main__":` runs only when that
		 * file is the program (llama2.c's tinystories.py and export.py, imported by train.py) */
		if (main_line > 0 && line > main_line)
			continue;
		if (!strcmp(name, "add_argument") || (!strcmp(name, "option") && is_click)) {
			argparse_option(c, i, call);
		} else if (!strcmp(name, "set_defaults")) {
			const char *key;
			json_t *v;
			json_object_foreach(kw, key, v) if (mg_literal(v)) mg_hp_set_at(c, key, v, HP_DEFAULT + 1, rel, line);
		}
	}
	size_t f;
	json_t *fld;
	json_t *fields = json_object_get(mg_py(c, i), "fields");
	json_array_foreach(fields, f, fld)
	{
		json_t *v = json_object_get(fld, "default");
		const char *fname = json_string_value(json_object_get(fld, "name"));
		struct strbuf key = STRBUF_INIT;
		if (fname && mg_section_of(fields, json_string_value(json_object_get(fld, "cls")), &key, 0))
			strbuf_addf(&key, ".%s", fname);
		if (mg_literal(v) && fname)
			mg_hp_set_at(c, key.len ? key.buf : fname, v, HP_DEFAULT, rel,
				     json_integer_value(json_object_get(fld, "line")));
		strbuf_release(&key);
		/* a List[...] field is read by HfArgumentParser as --name with nargs="+" */
		if (fname && json_is_true(json_object_get(fld, "list"))) {
			struct strbuf ob = STRBUF_INIT;
			strbuf_addf(&ob, "--%s", fname);
			const char *opt = ob.buf;
			if (!spec_for_opt(c, opt)) {
				json_t *spec = json_object();
				json_t *opts = json_array();
				json_array_append_new(opts, json_string(opt));
				json_object_set_new(spec, "dest", json_string(fname));
				json_object_set_new(spec, "opts", opts);
				json_object_set_new(spec, "positional", json_false());
				json_object_set_new(spec, "flag", json_false());
				json_object_set_new(spec, "store_false", json_false());
				json_object_set_new(spec, "nargs", json_string("+"));
				json_object_set_new(spec, "line", json_incref(json_object_get(fld, "line")));
				json_array_append_new(c->argspec, spec);
			}
			strbuf_release(&ob);
		}
	}
}

/* Keyword arguments of TrainingArguments / Lightning Trainer as hyperparameters. */

void mg_call_kw_hp(struct ctx *c, json_t *call, const char *rel)
{
	json_int_t line = json_integer_value(json_object_get(call, "line"));
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(call, "kw"), key, v)
	{
		if (mg_literal(v)) {
			/* the keyword's own line when the call spans several */
			json_t *kl = json_object_get(json_object_get(call, "kw_lines"), key);
			mg_hp_set_at(c, key, v, HP_CALL, rel, kl ? json_integer_value(kl) : line);
		} else if (json_is_string(json_object_get(v, "ref"))) {
			/* learning_rate=args.lr: the value of lr, if known */
			const char *ref = json_string_value(json_object_get(v, "ref"));
			const char *dot = strrchr(ref, '.');
			const char *name = dot ? dot + 1 : ref;
			json_t *known = json_object_get(c->hp, name);
			if (known && !json_object_get(c->hp, key)) {
				const char *s = mg_hp_src(c, name);
				mg_hp_set(c, key, known, HP_CALL - 1, s ? s : rel);
			}
		}
	}
}


void mg_add_config_keys(struct ctx *c, int k, const char *prefix)
{
	mg_add_config_keys_at(c, k, prefix, HP_CONFIG);
}

void mg_add_config_keys_at(struct ctx *c, int k, const char *prefix, int prio)
{
	const char *key;
	json_t *a;
	if (!*prefix)
		mg_config_bases(c, k, 0);
	json_object_foreach(mg_cfg_keys(c, k), key, a)
	{
		json_t *v = json_array_get(a, 0);
		struct strbuf name = STRBUF_INIT;
		strbuf_addf(&name, "%s%s", prefix, key);
		mg_hp_set_at(c, name.buf, v, prio, c->files[k].rel, json_integer_value(json_array_get(a, 1)));
		strbuf_release(&name);
	}
}


/* ---- command-line arguments --------------------------------------------------------------- */

void mg_apply_cmd(struct ctx *c)
{
	size_t i;
	json_t *pair;
	json_array_foreach(c->cmd_args, i, pair)
	{
		const char *k = json_string_value(json_array_get(pair, 0));
		json_t *v = json_array_get(pair, 1);
		if (k && v)
			mg_hp_set(c, k, v, HP_CMD, mg_cmd_src(c, k));
	}
	const char *l = c->lc.launcher;
	if (l && !strcmp(l, "accelerate")) {
		mg_evid(&c->fw, "accelerate", 90, "--cmd");
		json_t *o = c->lc.launch_opts;
		if (json_is_true(json_object_get(o, "use_fsdp")))
			mg_evid(&c->strategy, "fsdp", 95, "--cmd");
		if (json_is_true(json_object_get(o, "use_deepspeed"))) {
			json_t *zs = json_object_get(o, "zero_stage");
			/* without --zero_stage the stage is the --deepspeed_config_file's, else Accelerate's 2 */
			bool file = json_is_string(json_object_get(o, "deepspeed_config_file"));
			mg_evid(&c->strategy, json_is_integer(zs) ? mg_zero_name(json_integer_value(zs)) : "zero2",
				json_is_integer(zs) || !file ? 95 : 40, "--cmd");
		}
		if (json_is_true(json_object_get(o, "multi_gpu")))
			mg_evid(&c->strategy, "ddp", 50, "--cmd");
		/* no config file and no process count: accelerate launch starts one process per GPU and
		 * enables multi-GPU (DDP) when it finds several (huggingface/accelerate#1452); weakest evidence */
		json_t *np = json_object_get(o, "num_processes");
		if (!json_object_get(o, "config_file") && !np)
			mg_evid(&c->strategy, "ddp", 8, "--cmd");
		const char *mp = json_string_value(json_object_get(o, "mixed_precision"));
		if (mp)
			mg_evid(&c->precision, mp, 90, "--cmd");
	} else if (l && (!strcmp(l, "fabric") || !strcmp(l, "lightning"))) {
		/* `fabric run --strategy=fsdp --precision=bf16-mixed --devices=4 SCRIPT`: a Fabric() built
		 * without arguments takes these from the launcher
		 * (https://lightning.ai/docs/fabric/stable/fundamentals/launch.html) */
		json_t *o = c->lc.launch_opts;
		mg_evid(&c->fw, "lightning", 85, "--cmd");
		const char *st = json_string_value(json_object_get(o, "strategy"));
		const char *ls = st ? mg_lightning_strategy(st) : NULL;
		if (ls)
			mg_evid(&c->strategy, ls, 90, "--cmd");
		json_t *dv = json_object_get(o, "devices");
		if (!st && ((json_is_integer(dv) && json_integer_value(dv) > 1) ||
			    (json_is_string(dv) && strchr(json_string_value(dv), ','))))
			mg_evid(&c->strategy, "ddp", 30, "--cmd");
		json_t *pr = json_object_get(o, "precision");
		if (json_is_string(pr))
			mg_evid(&c->precision, json_string_value(pr), 90, "--cmd");
		else if (json_is_integer(pr))
			mg_evid(&c->precision, json_integer_value(pr) == 16 ? "fp16" : json_integer_value(pr) == 32 ? "fp32" : NULL, 90,
				"--cmd");
	} else if (l && !strcmp(l, "deepspeed")) {
		mg_evid(&c->fw, "deepspeed", 85, "--cmd");
	} else if (l && !strcmp(l, "fastai")) {
		/* python -m fastai.launch: one process per visible GPU, the Learner under DDP in
		 * learn.distrib_ctx() (https://docs.fast.ai/distributed.html) */
		mg_evid(&c->strategy, "ddp", 40, "--cmd");
	} else if (l && !strcmp(l, "composer")) {
		mg_evid(&c->fw, "composer", 80, "--cmd"); /* Composer's own launcher runs Composer trainers */
	} else if (l && !strcmp(l, "torchrun")) {
		/* several processes per node and nothing else said: data parallel */
		json_t *np = json_object_get(c->lc.launch_opts, "nproc_per_node");
		if ((json_is_integer(np) && json_integer_value(np) > 1) ||
		    (json_is_string(np) && strcmp(json_string_value(np), "1")))
			mg_evid(&c->strategy, "ddp", 12, "--cmd");
	}
	const char *ds = mg_hp_str(c, "deepspeed");
	if (!ds)
		ds = mg_hp_str(c, "deepspeed_config");
	if (ds && json_integer_value(json_object_get(c->hp_prio, mg_hp_str(c, "deepspeed") ? "deepspeed" : "deepspeed_config")) ==
			  HP_CMD && !mg_ds_untaken(c)) {
		mg_evid(&c->ds_config, ds, 95, "--cmd");
		mg_evid(&c->fw, "deepspeed", 70, "--cmd");
	}
	const char *fsdp = mg_hp_str(c, "fsdp");
	if (fsdp && *fsdp && json_integer_value(json_object_get(c->hp_prio, "fsdp")) == HP_CMD)
		mg_evid(&c->strategy, "fsdp", 95, "--cmd");
}

/* NequIP's `dataset: npz` beside `dataset_file_name: x.npz`: a bare file-format word names the loader
 * when a sibling key names the file */
static bool format_word(const struct ctx *c, const char *key, const char *v)
{
	static const char *const formats[] = {"npz", "npy", "h5", "hdf5", "lmdb", "ase", "xyz", "json", "jsonl", "csv",
					      "parquet", "arrow", "txt", NULL};
	bool fmt = false;
	for (int i = 0; formats[i] && !fmt; i++)
		fmt = !strcasecmp(v, formats[i]);
	if (!fmt)
		return false;
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "%s_file_name", key);
	bool sib = mg_hp_str(c, k.buf) != NULL;
	strbuf_reset(&k);
	strbuf_addf(&k, "%s_file", key);
	sib = sib || mg_hp_str(c, k.buf) != NULL;
	strbuf_release(&k);
	return sib;
}

/* Whether the help of the option with this dest speaks of the data the job trains on */
static bool help_says_data(const struct ctx *c, const char *dest)
{
	size_t i;
	json_t *spec;
	json_array_foreach(c->argspec, i, spec)
	{
		const char *d = json_string_value(json_object_get(spec, "dest"));
		const char *h = json_string_value(json_object_get(spec, "help"));
		if (!d || !h || strcmp(d, dest))
			continue;
		if ((strcasestr(h, "dataset") || strcasestr(h, "data set") || strcasestr(h, "training data")) &&
		    !strcasestr(h, "valid") && !strcasestr(h, "eval") && !strcasestr(h, "test"))
			return true;
	}
	return false;
}

/* Whether the hyperparameters hold an ESPnet/WeNet-style encoder_conf section */
static bool speech_encoder_conf(const struct ctx *c)
{
	const char *k;
	json_t *v;
	json_object_foreach(c->hp, k, v)
	{
		if (!strncmp(k, "encoder_conf.", 13))
			return true;
	}
	return false;
}

/* Whether an entry already says v: "wikitext/wikitext-2-raw-v1" covers "wikitext", "CIFAR10 at
 * ./data" covers "./data", "checkpoints/resnet50.pt" covers "checkpoints". */
static bool covered(json_t *list, const char *v)
{
	size_t i, n = strlen(v);
	json_t *e;
	json_array_foreach(list, i, e)
	{
		const char *s = json_string_value(e);
		size_t m = s ? strlen(s) : 0;
		if (!s || m <= n)
			continue;
		if (!strncmp(s, v, n) && s[n] == '/')
			return true;
		if (!strcmp(s + m - n, v) && m >= n + 4 && !strncmp(s + m - n - 4, " at ", 4))
			return true;
	}
	return false;
}

/* A model architecture file ("yolov5s.yaml") that sits under a folder named model(s): its stem is
 * the model, as weak evidence. */
/* A name or place inside a dataset section: axolotl's datasets[i].path, torchtune's
 * dataset._component_ or dataset.source, llm-foundry's train_loader.dataset.local / hf_name,
 * detectron2's DATASETS.TRAIN. Evaluation sections do not count. */
static bool data_section(const char *key, size_t plen, const char *last, json_t *v)
{
	if (!json_is_string(v) && !(json_is_array(v) && json_is_string(json_array_get(v, 0))))
		return false;
	char *prefix = xstrndup(key, plen);
	const char *pl = strrchr(prefix, '.');
	pl = pl ? pl + 1 : prefix;
	/* TensorFlow Model Garden's task.train_data.input_path */
	bool in_data = (strcasestr(prefix, "dataset") || !strcmp(pl, "data") || !strcmp(pl, "train_data")) &&
		       !strcasestr(prefix, "eval") &&
		       !strcasestr(prefix, "val_") && !strcasestr(prefix, "test");
	free(prefix);
	if (!in_data)
		return false;
	if (!strcasecmp(last, "TRAIN"))
		return true;
	/* a loader class named in the section (PaddleOCR's SimpleDataSet, PaddleDetection's COCODataSet) is
	 * no dataset */
	const char *sv = json_string_value(v);
	size_t sl = sv ? strlen(sv) : 0;
	if (!strcmp(last, "name") && sl > 7 && isupper((unsigned char)sv[0]) && !strchr(sv, '/') &&
	    !strcasecmp(sv + sl - 7, "dataset"))
		return false;
	static const char *const names[] = {"path", "paths", "source", "hf_name", "local", "_component_", "name", "id",
					    "hf_dataset_or_datasets", "location", "names", "class_path", "repo_id",
					    "instruct_data", "input_path", "image_folder", "img_folder", "image_root",
					    "img_dir", "image_dir", "root", "csv_path", "video_folder", "src", NULL};
	/* OCP's dataset: [{src: train}, {src: val}, ...]: the first entry of the list is the training set */
	if (!strcmp(last, "src") && plen >= 2 && key[plen - 1] != '0' && isdigit((unsigned char)key[plen - 1]))
		return false;
	for (int i = 0; names[i]; i++)
		if (!strcmp(last, names[i]))
			return strcmp(last, "names") || json_is_string(v); /* a list of names there may be classes */
	/* prime's data.dataset_name_or_paths, data.train_data_path */
	/* InternEvo's data.train_folder; I-JEPA's data.image_folder, SAM 2's dataset.img_folder, PixArt's
	 * data = dict(type='SAM', root='SA1B') (the images' folder of the data section) */
	return mg_ends_with(last, "name_or_paths") || mg_ends_with(last, "name_or_path") ||
	       (mg_ends_with(last, "data_path") && !strcasestr(last, "eval")) || !strcmp(last, "train_folder");
}

/* A value that lists several datasets: "identity,alpaca_en_demo" (LLaMA-Factory, OpenRLHF),
 * ("coco_2017_train",) (detectron2 tuples), torchtune.datasets.alpaca_dataset (a builder: its last
 * part). Adds them and returns true; false when v is one plain name. */
static bool data_list(struct ctx *c, const char *v, const char *last, const char *s)
{
	bool tuple = v[0] == '(' || v[0] == '[';
	bool comma = strchr(v, ',') && !strchr(v, ' ') && !strchr(v, '{');
	bool component = !strcmp(last, "_component_") || !strcmp(last, "class_path"); /* LitGPT: data.class_path */
	if (!tuple && !comma && !component)
		return false;
	const char *p = v + (tuple ? 1 : 0);
	while (*p) {
		while (*p == ' ' || *p == '"' || *p == '\'' || *p == ',')
			p++;
		const char *e = p;
		while (*e && *e != ',' && *e != '"' && *e != '\'' && *e != ')' && *e != ']')
			e++;
		if (e > p) {
			char *d = xstrndup(p, (size_t)(e - p));
			const char *name = d;
			if (component && strrchr(d, '.'))
				name = strrchr(d, '.') + 1;
			char *num_end = NULL;
			strtod(name, &num_end);
			bool weight = num_end && num_end != name && !*num_end; /* [1.0, path]: a blend's weight */
			if (!weight && !covered(c->datasets, name))
				mg_add_unique(c->datasets, name, c->sources, "datasets", s ? s : "?");
			free(d);
		}
		p = e;
		while (*p == '"' || *p == '\'')
			p++;
		if (*p == ')' || *p == ']')
			break;
	}
	return true;
}

/* The option with dest key chooses among the program's models by name: its choices are the keys of
 * a table of model builders (SiT's and LlamaGen's choices=list(SiT_models.keys()), GPT_models) or a
 * list of model names (pytorch/examples' choices=model_names). */
static bool choices_name_models(const struct ctx *c, const char *key)
{
	size_t i;
	json_t *sp;
	json_array_foreach(c->argspec, i, sp)
	{
		const char *ch = json_string_value(json_object_get(sp, "choices_from"));
		if (!ch || strcmp(json_string_value(json_object_get(sp, "dest")) ?: "", key))
			continue;
		return strcasestr(ch, "models") || strcasestr(ch, "model_names") || strcasestr(ch, "arch_names");
	}
	return false;
}

/* The option with dest key is described by its help as the model's name. */
static bool help_names_model(const struct ctx *c, const char *key)
{
	size_t i;
	json_t *sp;
	json_array_foreach(c->argspec, i, sp)
	{
		const char *h = json_string_value(json_object_get(sp, "help"));
		if (!h || strcmp(json_string_value(json_object_get(sp, "dest")) ?: "", key))
			continue;
		return !strcasecmp(h, "model name") || strcasestr(h, "name of the model") ||
		       strcasestr(h, "model name to") || strcasestr(h, "model architecture");
	}
	return false;
}

/* A dataset value as a name: ms-swift's "name#500" asks for 500 samples of name. */
static void add_dataset_value(struct ctx *c, const char *d, const char *s)
{
	const char *hash = strrchr(d, '#');
	size_t k = hash ? 1 : 0;
	while (hash && hash[k] >= '0' && hash[k] <= '9')
		k++;
	if (hash && hash > d && k > 1 && !hash[k]) {
		char *name = xstrndup(d, (size_t)(hash - d));
		if (!covered(c->datasets, name))
			mg_add_unique(c->datasets, name, c->sources, "datasets", s ? s : "?");
		free(name);
		return;
	}
	mg_add_unique(c->datasets, d, c->sources, "datasets", s ? s : "?");
}

/* The parts of s between sep characters, in order. */
static void split_on(struct strvec *out, const char *s, char sep)
{
	for (;;) {
		const char *e = strchr(s, sep);
		strvec_push_nodup(out, xstrndup(s, e ? (size_t)(e - s) : strlen(s)));
		if (!e)
			return;
		s = e + 1;
	}
}

/* Several Hub datasets joined by '+' under a *dataset_name key (Parler-TTS' train_dataset_name
 * "a/x+b/y", help: "Load and combine multiple datasets by separating dataset ids by a '+' symbol"),
 * each with the configuration at the same place of *dataset_config_name ("clean+default"): name/config,
 * as a Hub dataset with its configuration is written. False when the value is not such a list. */
static bool plus_joined(struct ctx *c, const char *key, const char *v, const char *s)
{
	if (!mg_ends_with(key, "dataset_name") || !strchr(v, '+') || strchr(v, ' ') || strstr(v, "${"))
		return false;
	struct strbuf ck = STRBUF_INIT;
	strbuf_addf(&ck, "%.*sdataset_config_name", (int)(strlen(key) - 12), key);
	const char *cfg = mg_hp_str(c, ck.buf);
	strbuf_release(&ck);
	struct strvec names = STRVEC_INIT, cfgs = STRVEC_INIT;
	split_on(&names, v, '+');
	if (cfg && *cfg)
		split_on(&cfgs, cfg, '+');
	for (size_t i = 0; i < names.nr; i++) {
		if (!*names.v[i])
			continue;
		struct strbuf d = STRBUF_INIT;
		strbuf_adds(&d, names.v[i]);
		if (cfgs.nr == names.nr && *cfgs.v[i])
			strbuf_addf(&d, "/%s", cfgs.v[i]);
		if (!covered(c->datasets, d.buf))
			add_dataset_value(c, d.buf, s);
		strbuf_release(&d);
	}
	strvec_clear(&names);
	strvec_clear(&cfgs);
	return true;
}

/* The file part of a source "dir/sub/name.ext:line": *dir is set to the folder's last part
 * ("sub") and *stem to "name"; false when the source is not a file of this extension. */
static bool src_parts(const char *src, const char *ext, char *dir, size_t dn, char *stem, size_t sn)
{
	const char *colon = src ? strrchr(src, ':') : NULL;
	size_t el = strlen(ext);
	if (!colon || (size_t)(colon - src) <= el || strncmp(colon - el, ext, el))
		return false;
	const char *end = colon - el, *b = end;
	while (b > src && b[-1] != '/')
		b--;
	const char *d = b > src ? b - 1 : b, *da = d;
	while (da > src && da[-1] != '/')
		da--;
	snprintf(stem, sn, "%.*s", (int)(end - b), b);
	snprintf(dir, dn, "%.*s", (int)(d - da), da);
	return *stem != '\0';
}

/* Models named by the config files that build them, as strong as a model key:
 * - t5x: the gin file that binds the network's shape (network.T5Config.emb_dim, the last binding
 *   wins) names it by folder and file: t5x/examples/t5/t5_1_1/base.gin is "t5_1_1-base", mt5/xl.gin
 *   "mt5-xl" (google-research/t5x examples);
 * - PaddleDetection: a config on the command line (-c configs/ppyoloe/ppyoloe_plus_crn_l_80e_coco.yml)
 *   whose inherited YAMLs give an `architecture` (a meta-architecture such as YOLOv3 shared by many
 *   networks) names the network by its file name without the schedule and data set
 *   ("ppyoloe_plus_crn_l"; faster_rcnn_r50_fpn_1x_coco: "faster_rcnn_r50_fpn"). */
static void model_from_config_names(struct ctx *c)
{
	const char *key;
	json_t *v;
	char dir[128], stem[128];
	json_object_foreach(c->hp, key, v)
	{
		if (!json_is_integer(v) || !mg_ends_with(key, "Config.emb_dim"))
			continue;
		const char *s = mg_hp_src(c, key);
		if (!src_parts(s, ".gin", dir, sizeof(dir), stem, sizeof(stem)) || !*dir)
			continue;
		struct strbuf m = STRBUF_INIT;
		strbuf_addf(&m, "%s-%s", dir, stem);
		mg_evid(&c->model, m.buf, 58, s);
		strbuf_release(&m);
		return;
	}
	const char *arch = mg_hp_str(c, "architecture"), *cfg = mg_hp_str(c, "config");
	const char *as = mg_hp_src(c, "architecture"), *cs = mg_hp_src(c, "config");
	if (!arch || !cfg || !as || !cs || strcmp(cs, "--cmd") || (!mg_ends_with(cfg, ".yml") && !mg_ends_with(cfg, ".yaml")))
		return;
	const char *b = strrchr(cfg, '/');
	b = b ? b + 1 : cfg;
	size_t n = strcspn(b, ".");
	/* cut at the schedule (_80e_, _1x_, _300e) or the data set (_coco, _voc) */
	for (const char *p = b; p < b + n; p++) {
		if (*p != '_')
			continue;
		size_t k = 1;
		while (p + k < b + n && p[k] >= '0' && p[k] <= '9')
			k++;
		bool sched = k > 1 && (p[k] == 'e' || p[k] == 'x') && (p + k + 1 == b + n || p[k + 1] == '_');
		if (sched || !strncmp(p, "_coco", 5) || !strncmp(p, "_voc", 4)) {
			n = (size_t)(p - b);
			break;
		}
	}
	if (!n)
		return;
	char *m = xstrndup(b, n);
	mg_evid(&c->model, m, 58, "--cmd");
	free(m);
}

void mg_hp_lists(struct ctx *c)
{
	static const char *const model_keys[] = {"model_name_or_path", "pretrained_model_name_or_path", "model_name",
						 "model_id", "base_model", "model", "arch", "architecture", "model_type",
						 "pretrain", "model_path", "model_id_or_path", "modelname", "model_card", NULL};
	static const char *const data_keys[] = {"dataset_name", "dataset", "data_dir", "data_path", "train_file",
						"dataset_file_name",
						"validation_file", "train_data", "data_root", "dataset_path", "data",
						"train_data_path", "train_data_paths", "datasets", "dataset_dir", "train_dataset",
						"train_dataset_name", "training_dir", "train_dir",
						"train_data_dir", "instance_data_dir", "dataset_mixer_list",
						"dataset_name_or_path", "data_folder", "train_files", "input_bin",
						"mixture_or_task_name", "data_prefix", "input_dir", "data_file",
						"dataset_manifest", "manifest_filepath", "path_to_data_dir", "coco_path", NULL};
	const char *key;
	json_t *v;
	const char *mname = NULL, *mflavor = NULL, *msrc = NULL;
	json_object_foreach(c->hp, key, v)
	{
		const char *last = strrchr(key, '.');
		size_t plen = last ? (size_t)(last - key) : 0;
		last = last ? last + 1 : key;
		const char *s = mg_hp_src(c, key);
		bool cmd = s && !strcmp(s, "--cmd");
		/* the model: a name key at the top or in a model section (model.model_name, MODEL.NAME) */
		/* self-distillation (DINO, DINOv2, iBOT): the student section is the network trained (the
		 * teacher is its moving average) */
		bool model_section = plen && ((plen == 5 && !strncasecmp(key, "model", 5)) || !strncasecmp(key, "model.", 6) ||
					      (plen == 7 && !strncasecmp(key, "student", 7)));
		for (int i = 0; model_keys[i] && json_is_string(v); i++) {
			if (strcasecmp(last, model_keys[i]) || (plen && !model_section && i > 2))
				continue;
			const char *val = json_string_value(v);
			if (!*val || strstr(val, "${") || config_format_of(val) >= 0 || !strcmp(val, "???") || *val == '@')
				break; /* '@': a gin reference (MODEL = @models.EncoderDecoderModel()), a class, no name */
			if (!plen && !strcmp(key, "model") && mg_hp_str(c, "encoder") && speech_encoder_conf(c))
				break; /* WeNet's `model: asr_model`, ESPnet2's `model: espnet`: the wrapper around the
					* encoder the config names (`encoder: conformer`, below) */
			mg_evid(&c->model, val, cmd ? 95 : (plen ? 58 : 60) - i, s ? s : "?");
		}
		/* ESPnet's class choices: `encoder: conformer` beside `encoder_conf: {...}` (the network
		 * chosen by name, its settings in NAME_conf) */
		if (!plen && json_is_string(v) && *json_string_value(v) &&
		    (!strcmp(key, "encoder") || !strcmp(key, "tts") || !strcmp(key, "separator"))) {
			struct strbuf ck = STRBUF_INIT;
			strbuf_addf(&ck, "%s_conf", key);
			bool conf = json_object_get(c->hp, ck.buf) != NULL;
			strbuf_addch(&ck, '.');
			const char *k2;
			json_t *v2;
			json_object_foreach(c->hp, k2, v2) conf = conf || !strncmp(k2, ck.buf, ck.len);
			strbuf_release(&ck);
			if (conf)
				mg_evid(&c->model, json_string_value(v), cmd ? 90 : 40, s ? s : "?");
		}
		/* ESPnet's --train_data_path_and_name_and_type "dump/raw/train/wav.scp,speech,sound": the
		 * path is the data set (the name and type are the loader's) */
		if (!plen && json_is_string(v) && !strncmp(key, "train", 5) && mg_ends_with(key, "_data_path_and_name_and_type")) {
			const char *val = json_string_value(v), *comma = strchr(val, ',');
			char *path = xstrndup(val, comma ? (size_t)(comma - val) : strlen(val));
			if (*path && !strchr(path, '$') && !covered(c->datasets, path))
				mg_add_unique(c->datasets, path, c->sources, "datasets", s ? s : "?");
			free(path);
			continue;
		}
		/* a model section's path deeper in the tree (verl's actor_rollout_ref.model.path) */
		if (plen > 6 && !strcmp(last, "path") && !strncmp(key + plen - 6, ".model", 6) && json_is_string(v)) {
			const char *val = json_string_value(v);
			if (*val && !strstr(val, "${") && config_format_of(val) < 0)
				mg_evid(&c->model, val, cmd ? 95 : 55, s ? s : "?");
		}
		/* LitGPT's checkpoint_dir: checkpoints/ORG/NAME, the hub id the download script wrote it under */
		if (!plen && json_is_string(v) && !strcmp(key, "checkpoint_dir") &&
		    !strncmp(json_string_value(v), "checkpoints/", 12)) {
			const char *id = json_string_value(v) + 12, *sl = strchr(id, '/');
			if (sl && sl > id && sl[1] && !strchr(sl + 1, '/'))
				mg_evid(&c->model, id, cmd ? 90 : 56, s ? s : "?");
		}
		/* an option its parser describes as the model's name (YOLOX's -n/--name, help="model name") */
		if (!plen && json_is_string(v) && *json_string_value(v) && help_names_model(c, key))
			mg_evid(&c->model, json_string_value(v), cmd ? 80 : 45, s ? s : "?");
		else if (!plen && json_is_string(v) && *json_string_value(v) && choices_name_models(c, key))
			mg_evid(&c->model, json_string_value(v), cmd ? 90 : 57, s ? s : "?");
		/* the class a model section builds: torchtune's model._component_, Hydra's model._target_,
		 * latent-diffusion's model.target (a dotted class path),
		 * MMEngine's model.type, detectron2's MODEL.META_ARCHITECTURE (the last dotted part) */
		if (plen == 5 && model_section && json_is_string(v) &&
		    (!strcmp(last, "_component_") || !strcmp(last, "type") || !strcmp(last, "META_ARCHITECTURE") ||
		     !strcmp(last, "_target_") ||
		     (!strcmp(last, "target") && strchr(json_string_value(v), '.')))) {
			const char *val = json_string_value(v), *dot = strrchr(val, '.');
			const char *name = dot ? dot + 1 : val;
			/* torchtune's LoRA builders (torchtune.models.llama3_2.lora_llama3_2_1b) build the
			 * base model with adapters: the model is the base */
			if (!strncmp(val, "torchtune.models.", 17) && (!strncmp(name, "lora_", 5) || !strncmp(name, "qlora_", 6)))
				name = strchr(name, '_') + 1;
			if (*val && !strstr(val, "${"))
				mg_evid(&c->model, name, cmd ? 95 : 57, s ? s : "?");
		}
		/* LeRobot's --policy.type=act: the policy is the model a robot-learning job trains */
		if (plen == 6 && !strncmp(key, "policy", 6) && !strcmp(last, "type") && json_is_string(v) &&
		    *json_string_value(v))
			mg_evid(&c->model, json_string_value(v), cmd ? 90 : 55, s ? s : "?");
		/* --cfg yolov5s.yaml: an architecture file under a models folder names the model */
		if (!plen && json_is_string(v) && (!strcmp(key, "cfg") || !strcmp(key, "model_cfg") || !strcmp(key, "arch_cfg")))
			mg_model_file_name(c, json_string_value(v), s);
		if (plen == 5 && model_section && json_is_string(v) && (!strcasecmp(last, "name") || !strcasecmp(last, "flavor"))) {
			if (!strcasecmp(last, "name"))
				mname = json_string_value(v), msrc = s;
			else
				mflavor = json_string_value(v);
		}
		/* datasets: {coco_caption: {vis_processor: ...}, vg_caption: ...} (LAVIS, MiniGPT-4): a mapping
		 * keyed by the datasets' names; the names inside (processors) are none */
		if (!strncmp(key, "datasets.", 9) && strchr(key + 9, '.') && !isdigit((unsigned char)key[9])) {
			char *name = xstrndup(key + 9, (size_t)(strchr(key + 9, '.') - (key + 9)));
			static const char *const splits[] = {"train", "val", "valid", "validation", "test", "eval", "path",
							     "name", "source", NULL};
			bool split = false;
			for (int i = 0; splits[i] && !split; i++)
				split = !strcasecmp(name, splits[i]);
			if (!split && !covered(c->datasets, name))
				mg_add_unique(c->datasets, name, c->sources, "datasets", s ? s : "?");
			free(name);
			if (!split)
				continue;
		}
		/* datasets */
		bool data_key = false;
		for (int i = 0; data_keys[i] && !data_key; i++)
			data_key = !strcasecmp(last, data_keys[i]);
		if (!data_key && plen && data_section(key, plen, last, v))
			data_key = true;
		/* an option the command gives a path whose help speaks of the data set (torchrec's
		 * --in_memory_binary_criteo_path: "Directory path containing the Criteo dataset npy files") */
		if (!data_key && !plen && cmd && json_is_string(v) && strchr(json_string_value(v), '/') && help_says_data(c, key))
			data_key = true;
		/* NeMo's model.train_ds.manifest_filepath: the validation and test sets' manifests are not trained on */
		if (data_key && !strcmp(last, "manifest_filepath") && (strstr(key, "validation_ds") || strstr(key, "test_ds")))
			data_key = false;
		/* OpenNMT's data: {corpus_1: {path_src: ...}, valid: {...}}: the training corpora's sources */
		if (!data_key && plen && !strcmp(last, "path_src") && !strncmp(key, "data.", 5) &&
		    !strcasestr(key, "valid") && !strcasestr(key, "test"))
			data_key = true;
		/* dataset_mixer: {HuggingFaceH4/ultrachat_200k: 1.0} (alignment-handbook): names as keys */
		if (!data_key && plen >= 13 && !strncmp(key + plen - 13, "dataset_mixer", 13) && json_is_number(v)) {
			if (!covered(c->datasets, last))
				mg_add_unique(c->datasets, last, c->sources, "datasets", s ? s : "?");
			continue;
		}
		if (!data_key || !strncmp(key, "gin.", 4)) /* --gin.NAME=v: NAME is bound too, unquoted */
			continue;
		if (json_is_string(v) && data_list(c, json_string_value(v), last, s))
			continue;
		if (json_is_array(v)) {
			size_t k;
			json_t *e;
			json_array_foreach(v, k, e)
			{
				const char *d = json_string_value(e);
				char *num_end = NULL;
				if (d && *d)
					strtod(d, &num_end);
				if (num_end && !*num_end) /* a weight of a blend (Megatron's data_prefix: [1.0, path]) */
					continue;
				if (d && *d && !covered(c->datasets, d) && !strstr(d, "${") && strcmp(d, "???"))
					add_dataset_value(c, d, s);
			}
		} else if (json_is_string(v) && plus_joined(c, key, json_string_value(v), s)) {
			continue;
		} else if (json_is_string(v)) {
			const char *d = json_string_value(v);
			if (*d && !covered(c->datasets, d) && !strstr(d, "${") && strcmp(d, "???") && strcmp(d, "None") &&
			    !format_word(c, key, d))
				add_dataset_value(c, d, s);
		}
	}
	/* MMEngine's generic classifier (model = dict(type='ImageClassifier', backbone=dict(type='ResNet',
	 * depth=50))) and MMAction2's recognizers (type='Recognizer2D', a TSN/TSM head over the backbone):
	 * the backbone names the network: ResNet-50, ConvNeXt-tiny */
	const char *mt = mg_hp_str(c, "model.type"), *bt = mg_hp_str(c, "model.backbone.type");
	if (mt && bt && *bt && (mg_ends_with(mt, "Classifier") || !strncmp(mt, "Recognizer", 10))) {
		json_t *depth = json_object_get(c->hp, "model.backbone.depth");
		const char *arch = mg_hp_str(c, "model.backbone.arch");
		struct strbuf m = STRBUF_INIT;
		if (json_is_integer(depth))
			strbuf_addf(&m, "%s-%lld", bt, (long long)json_integer_value(depth));
		else if (arch && *arch)
			strbuf_addf(&m, "%s-%s", bt, arch);
		if (m.len) {
			const char *s = mg_hp_src(c, json_is_integer(depth) ? "model.backbone.depth" : "model.backbone.arch");
			mg_evid(&c->model, m.buf, 58, s ? s : "?");
		}
		strbuf_release(&m);
	}
	/* TensorFlow Model Garden: task.model.backbone = {type: resnet, resnet: {model_id: 50}}: resnet-50 */
	json_object_foreach(c->hp, key, v)
	{
		if (!json_is_string(v) || !mg_ends_with(key, "backbone.type") || !strcmp(key, "model.backbone.type"))
			continue;
		struct strbuf k = STRBUF_INIT, m = STRBUF_INIT;
		strbuf_addf(&k, "%.*s.%s.model_id", (int)(strlen(key) - 5), key, json_string_value(v));
		json_t *id = json_object_get(c->hp, k.buf);
		if (json_is_integer(id)) {
			strbuf_addf(&m, "%s-%lld", json_string_value(v), (long long)json_integer_value(id));
			const char *s = mg_hp_src(c, k.buf);
			mg_evid(&c->model, m.buf, 58, s ? s : "?");
		}
		strbuf_release(&k);
		strbuf_release(&m);
	}
	model_from_config_names(c);
	if (mname) {
		struct strbuf m = STRBUF_INIT;
		strbuf_addf(&m, "%s%s%s", mname, mflavor ? "-" : "", mflavor ? mflavor : "");
		mg_evid(&c->model, m.buf, 59, msrc ? msrc : "?");
		strbuf_release(&m);
	}
	static const char *const out_keys[] = {"output_dir", "checkpoint_dir", "ckpt_dir", "save_dir", "out_dir", "outdir",
					       "default_root_dir", "checkpoint_path", NULL};
	for (int i = 0; out_keys[i]; i++) {
		const char *v = mg_hp_str(c, out_keys[i]);
		const char *s = mg_hp_src(c, out_keys[i]);
		if (v && *v && !covered(c->outputs, v))
			mg_add_unique(c->outputs, v, c->sources, "outputs", s ? s : "?");
	}
}
