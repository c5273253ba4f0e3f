/* merge_launch.c - the command as the program receives it: a wrapper shell script followed to its
 * launch line (`./distributed_train.sh 4 /data --lr 0.1`, `bash examples/pretrain_gpt.sh`,
 * `CONFIG_FILE=x.toml ./run_train.sh`), a console script of setup.py or pyproject.toml
 * (`fairseq-hydra-train ...`) turned into its module, and a launcher script whose first argument
 * is the real script (GPT-NeoX `deepy.py train.py configs...`). */
#include "cmdline.h"
#include "mctx.h"

#include "shscan.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool has_suffix(const char *s, const char *suf)
{
	size_t a = strlen(s), b = strlen(suf);
	return a >= b && !strcmp(s + a - b, suf);
}

static const char *base_name(const char *s)
{
	const char *b = strrchr(s, '/');
	return b ? b + 1 : s;
}


static bool python_word(const char *w)
{
	const char *b = base_name(w);
	return !strncmp(b, "python", 6) || !strcmp(b, "torchrun") || !strcmp(b, "deepspeed") || !strcmp(b, "accelerate") ||
	       !strcmp(b, "srun") || !strcmp(b, "mpirun") || !strcmp(b, "mpiexec") || has_suffix(w, ".py");
}

/* "module.path:function" -> the file of the module, or -1. */
int mg_module_file(const struct ctx *c, const char *target)
{
	struct strbuf p = STRBUF_INIT;
	for (const char *s = target; *s && *s != ':'; s++)
		strbuf_addch(&p, *s == '.' ? '/' : *s);
	size_t l = p.len;
	strbuf_adds(&p, ".py");
	int k = mg_find_file(c, p.buf);
	if (k < 0)
		k = mg_find_installed(c, p.buf);
	if (k < 0) {
		strbuf_setlen(&p, l);
		strbuf_adds(&p, "/__main__.py");
		k = mg_find_file(c, p.buf);
	}
	if (k < 0) {
		strbuf_setlen(&p, l);
		strbuf_adds(&p, "/__init__.py");
		k = mg_find_file(c, p.buf);
	}
	strbuf_release(&p);
	return k;
}

/* The file a console script names ("fairseq-hydra-train"), with where it is declared; -1 when none. */
static int console_script(const struct ctx *c, const char *name, char **decl)
{
	for (size_t i = 0; i < c->n; i++) {
		size_t k;
		json_t *ep;
		json_array_foreach(json_object_get(mg_py(c, (int)i), "entry_points"), k, ep)
		{
			if (strcmp(json_string_value(json_array_get(ep, 0)) ?: "", name))
				continue;
			int f = mg_module_file(c, json_string_value(json_array_get(ep, 1)));
			if (f >= 0) {
				*decl = mg_src_str(c->files[i].rel, json_integer_value(json_array_get(ep, 2)));
				return f;
			}
		}
		static const char *const tables[] = {"project.scripts.", "tool.poetry.scripts.", NULL};
		for (int t = 0; tables[t] && c->files[i].kind == FK_PYPROJECT; t++) {
			struct strbuf key = STRBUF_INIT;
			strbuf_addf(&key, "%s%s", tables[t], name);
			json_int_t line = 0;
			const char *target = json_string_value(mg_cfg_get(c, (int)i, key.buf, &line));
			strbuf_release(&key);
			int f = target ? mg_module_file(c, target) : -1;
			if (f >= 0) {
				*decl = mg_src_str(c->files[i].rel, line);
				return f;
			}
		}
	}
	/* no declaration in the tree (a snapshot without its packaging): a command named after a
	 * package whose __init__.py imports a cli() or main() ("from .entry_point import cli") */
	struct strbuf pk = STRBUF_INIT;
	for (const char *q = name; *q; q++)
		strbuf_addch(&pk, *q == '-' ? '_' : *q);
	size_t pl = pk.len;
	strbuf_adds(&pk, "/__init__.py");
	int init = strchr(name, '/') ? -1 : mg_find_file(c, pk.buf);
	size_t k;
	json_t *im;
	json_array_foreach(init >= 0 ? json_object_get(mg_py(c, init), "imports") : NULL, k, im)
	{
		const char *mod = json_string_value(json_array_get(im, 0));
		if (!mod || !(mg_ends_with(mod, ".cli") || mg_ends_with(mod, ".main")))
			continue;
		struct strbuf t = STRBUF_INIT;
		const char *last = strrchr(mod, '.');
		if (mod[0] == '.') /* relative to the package */
			strbuf_addf(&t, "%.*s%.*s", (int)pl, pk.buf, (int)(last - mod), mod);
		else
			strbuf_add(&t, mod, (size_t)(last - mod));
		int f = t.len && strcmp(t.buf, pk.buf) ? mg_module_file(c, t.buf) : -1;
		strbuf_release(&t);
		if (f >= 0 && f != init) {
			char *at = mg_src_str(c->files[init].rel, json_integer_value(json_array_get(im, 1)));
			struct strbuf d = STRBUF_INIT;
			strbuf_addf(&d, "~%s", at); /* '~': not declared, found */
			free(at);
			*decl = strbuf_detach(&d);
			strbuf_release(&pk);
			return f;
		}
	}
	strbuf_release(&pk);
	return -1;
}

static void add_words(struct strbuf *sb, const struct shwords *ws, size_t from)
{
	for (size_t i = from; i < ws->nr; i++) {
		strbuf_addch(sb, ' ');
		sh_quote_literal(ws->v[i].value, sb);
	}
}

/* A launcher given a console script through the shell (`torchrun --nproc_per_node 4 $(which vtrain)
 * DATA ...`, `` `which x` ``, `$(command -v x)`): the command with that word replaced by the file
 * the console script runs, and a note; NULL when no word after the first is one. */
static char *which_console_script(struct ctx *c, const struct shwords *ws, size_t first)
{
	static const char *const forms[][2] = {{"$(which ", ")"}, {"`which ", "`"}, {"$(command -v ", ")"}, {NULL, NULL}};
	for (size_t i = first + 1; i < ws->nr; i++) {
		const char *w = ws->v[i].value;
		for (int f = 0; forms[f][0]; f++) {
			size_t pl = strlen(forms[f][0]), wl = strlen(w);
			if (strncmp(w, forms[f][0], pl) || wl <= pl + 1 || strcmp(w + wl - 1, forms[f][1]))
				continue;
			char *name = xstrndup(w + pl, wl - pl - 1);
			char *decl = NULL;
			int k = strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") == strlen(name)
					? console_script(c, name, &decl)
					: -1;
			if (k < 0) {
				free(name);
				free(decl);
				return NULL;
			}
			struct strbuf sb = STRBUF_INIT;
			for (size_t a = 0; a < ws->nr; a++) {
				if (a)
					strbuf_addch(&sb, ' ');
				sh_quote_literal(a == i ? c->files[k].rel : ws->v[a].value, &sb);
			}
			struct strbuf n = STRBUF_INIT;
			strbuf_addf(&n, "'%s' is the console script %s", name,
				    decl[0] == '~' ? "of the package of that name (its cli, found)" : "declared at");
			if (decl[0] != '~')
				strbuf_addf(&n, " %s", decl);
			json_array_append_new(c->notes, json_string(n.buf));
			strbuf_release(&n);
			free(name);
			free(decl);
			return strbuf_detach(&sb);
		}
	}
	return NULL;
}

/* The plain assignments (NAME=value, export NAME=value; no expansions) of a settings file that the
 * wrapper script k sources before it launches (`source scripts/env.sh`, `. ./common.sh`), found
 * beside the script or from the tree's root: set in env, where each was written kept in
 * c->sourced_src. The script's own later assignments still win (sh_follow applies them after). */
static void file_settings(struct ctx *c, int f, json_t *env);

static void sourced_settings(struct ctx *c, int k, json_t *env)
{
	size_t i;
	json_t *pair;
	json_array_foreach(json_object_get(c->files[k].facts, "sh"), i, pair)
	{
		const char *text = json_string_value(json_array_get(pair, 1));
		if (!text || (strncmp(text, "source ", 7) && strncmp(text, ". ", 2)))
			continue;
		struct shwords ws;
		shwords_init(&ws);
		shlex_split(text, strlen(text), &ws);
		const char *path = ws.nr == 2 ? ws.v[1].value : NULL;
		while (path && !strncmp(path, "./", 2))
			path += 2;
		int f = -1;
		if (path && !strchr(path, '$')) {
			const char *rel = c->files[k].rel, *slash = strrchr(rel, '/');
			char *dir = slash ? xstrndup(rel, (size_t)(slash - rel)) : xstrdup("");
			char *beside = mg_join_norm(dir, path);
			f = beside ? mg_find_file(c, beside) : -1;
			free(beside);
			free(dir);
			if (f < 0)
				f = mg_find_file(c, path);
		}
		shwords_release(&ws);
		if (f >= 0 && c->files[f].kind == FK_SHELL)
			file_settings(c, f, env);
	}
}

/* The files the command itself sources before it runs the wrapper (`source config_x.sh && bash
 * run.sh`: their exports reach the script), from the folder a `cd` entered or the root. */
static void command_settings(struct ctx *c, json_t *env)
{
	size_t i;
	json_t *p;
	json_array_foreach(c->cmd_sourced, i, p)
	{
		const char *path = json_string_value(p);
		while (path && !strncmp(path, "./", 2))
			path += 2;
		if (!path)
			continue;
		char *at = c->cwd ? mg_join_norm(c->cwd, path) : NULL;
		int f = at ? mg_find_file(c, at) : -1;
		free(at);
		if (f < 0)
			f = mg_find_file(c, path);
		if (f >= 0 && c->files[f].kind == FK_SHELL)
			file_settings(c, f, env);
	}
}

/* The plain assignments of the settings file f into env, each one's line in c->sourced_src. */
static void file_settings(struct ctx *c, int f, json_t *env)
{
	{
		size_t j;
		json_t *sp;
		json_array_foreach(json_object_get(c->files[f].facts, "sh"), j, sp)
		{
			const char *t = json_string_value(json_array_get(sp, 1));
			if (!t || strchr(t, '$') || strchr(t, '`'))
				continue;
			if (!strncmp(t, "export ", 7))
				t += 7;
			struct shwords as;
			shwords_init(&as);
			shlex_split(t, strlen(t), &as);
			bool all = as.nr > 0;
			for (size_t a = 0; a < as.nr && all; a++)
				all = cmd_word_is_assignment(as.v[a].value);
			for (size_t a = 0; all && a < as.nr; a++) {
				const char *w = as.v[a].value, *eq = strchr(w, '=');
				char *name = xstrndup(w, (size_t)(eq - w));
				json_t *v = json_string(eq + 1);
				if (v) {
					json_object_set_new(env, name, v);
					if (!c->sourced_src)
						c->sourced_src = json_object();
					char *at = mg_src_str(c->files[f].rel, json_integer_value(json_array_get(sp, 0)));
					json_object_set_new(c->sourced_src, name, json_string(at));
					free(at);
				}
				free(name);
			}
			shwords_release(&as);
		}
	}
}

/* One step of rewriting; NULL when cmd is already what the program runs. */
/* The environment a followed wrapper script gives its program: the command's NAME=v words before
 * the script (NAME -> value), then the script's literal `export NAME=v` lines before its launch line
 * (NAME -> [value, "run.sh:2"]; later wins). */
static void wrapper_env(struct ctx *c, json_t *env, json_t *lines, long long launch, const char *rel)
{
	if (!c->wrapper_env)
		c->wrapper_env = json_object();
	const char *k;
	json_t *v;
	json_object_foreach(env, k, v)
	{
		if (strcmp(k, "0") && json_is_string(v) && !strchr(json_string_value(v), '$'))
			json_object_set(c->wrapper_env, k, v);
	}
	size_t i;
	json_t *pair;
	json_array_foreach(lines, i, pair)
	{
		const char *t = json_string_value(json_array_get(pair, 1));
		if (json_integer_value(json_array_get(pair, 0)) >= launch)
			break;
		if (!t || strncmp(t, "export ", 7))
			continue;
		struct shwords ws;
		shwords_init(&ws);
		shlex_split(t + 7, strlen(t + 7), &ws);
		for (size_t w = 0; w < ws.nr; w++) {
			const char *a = ws.v[w].value, *eq = strchr(a, '=');
			if (!eq || eq == a || strchr(a, '$') || strchr(a, '`') || !cmd_word_is_assignment(a))
				continue;
			char *name = xstrndup(a, (size_t)(eq - a));
			char *src = mg_src_str(rel, json_integer_value(json_array_get(pair, 0)));
			json_object_set_new(c->wrapper_env, name, json_pack("[s s]", eq + 1, src));
			free(src);
			free(name);
		}
		shwords_release(&ws);
	}
}

char *mg_follow_lines(struct ctx *c, json_t *lines, const char *rel, json_t *argv, json_t *env)
{
	long long line = 0;
	char *out = sh_follow(lines, argv, env, &line);
	if (!out)
		return NULL;
	wrapper_env(c, env, lines, line, rel);
	free(c->launch_src);
	c->launch_src = mg_src_str(rel, line);
	c->launch_lines = lines;
	c->launch_rel = rel;
	c->launch_line = line;
	c->launch_argc = (int)json_array_size(argv);
	return out;
}

/* Whether file k imports dora (its hydra_main or argparse_main decorates the training's main). */
static bool imports_dora(const struct ctx *c, int k)
{
	size_t a;
	json_t *x;
	json_array_foreach(json_object_get(mg_py(c, k), "imports"), a, x)
	{
		const char *m = json_string_value(json_array_get(x, 0));
		if (m && (!strcmp(m, "dora") || !strncmp(m, "dora.", 5)))
			return true;
	}
	return false;
}

/* `dora run [-d] [-P PKG] overrides...` (facebookresearch/dora, as audiocraft trains): dora runs
 * the train.py of the package (-P/--package, else the one package of the tree whose train.py imports
 * dora) with the overrides; -d/--ddp starts one process per local GPU under DistributedDataParallel. */
static char *dora_run(struct ctx *c, const struct shwords *ws, size_t a)
{
	const char *pkg = NULL;
	bool ddp = false;
	for (; a < ws->nr && ws->v[a].value[0] == '-'; a++) {
		const char *o = ws->v[a].value;
		if (!strcmp(o, "-d") || !strcmp(o, "--ddp"))
			ddp = true;
		else if ((!strcmp(o, "-P") || !strcmp(o, "--package")) && a + 1 < ws->nr)
			pkg = ws->v[++a].value;
		else if ((!strcmp(o, "-f") || !strcmp(o, "--from_sig") || !strcmp(o, "--main_module")) && a + 1 < ws->nr)
			a++;
	}
	int found = -1, count = 0;
	for (size_t i = 0; i < c->n; i++) {
		const char *rel = c->files[i].rel, *sl = strchr(rel, '/');
		if (c->files[i].kind != FK_PYTHON || !sl || strcmp(sl, "/train.py"))
			continue;
		if (pkg ? !strncmp(rel, pkg, (size_t)(sl - rel)) && strlen(pkg) == (size_t)(sl - rel) : imports_dora(c, (int)i))
			found = (int)i, count++;
	}
	if (count != 1)
		return NULL;
	struct strbuf sb = STRBUF_INIT, n = STRBUF_INIT;
	strbuf_adds(&sb, "python ");
	sh_quote_literal(c->files[found].rel, &sb);
	add_words(&sb, ws, a);
	strbuf_addf(&n, "'dora run' runs %s, the package's train.py%s", c->files[found].rel,
		    ddp ? "; -d starts one process per GPU of the node (DistributedDataParallel)" : "");
	json_array_append_new(c->notes, json_string(n.buf));
	strbuf_release(&n);
	if (ddp)
		mg_evid(&c->strategy, "ddp", 40, "--cmd");
	return strbuf_detach(&sb);
}

static char *rewrite_once(struct ctx *c, const char *cmd)
{
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(cmd, strlen(cmd), &ws);
	size_t i = 0;
	json_t *env = json_object();
	while (i < ws.nr && cmd_word_is_assignment(ws.v[i].value)) {
		const char *w = ws.v[i].value, *eq = strchr(w, '=');
		char *k = xstrndup(w, (size_t)(eq - w));
		json_t *v = json_string(eq + 1);
		if (v)
			json_object_set_new(env, k, v);
		free(k);
		i++;
	}
	char *out = NULL;
	if (i < ws.nr) {
		const char *w = ws.v[i].value;
		const char *b = base_name(w);
		size_t s = i;
		if ((!strcmp(b, "bash") || !strcmp(b, "sh") || !strcmp(b, "source")) && i + 1 < ws.nr)
			s = i + 1;
		/* sbatch [options] script.slurm [args]: the batch script runs as a shell script (its #SBATCH
		 * lines are comments); the first word naming a file of the tree is the script */
		if (!strcmp(b, "sbatch"))
			for (size_t a = i + 1; a < ws.nr; a++) {
				const char *sw = ws.v[a].value;
				while (!strncmp(sw, "./", 2))
					sw += 2;
				if (*sw != '-' && mg_find_file(c, sw) >= 0) {
					s = a;
					break;
				}
			}
		const char *script = ws.v[s].value;
		while (!strncmp(script, "./", 2))
			script += 2;
		int k = -1;
		if (c->cwd) { /* `cd ptuning && bash train.sh`: the script is the folder's */
			char *p = mg_join_norm(c->cwd, script);
			k = p ? mg_find_file(c, p) : -1;
			free(p);
		}
		if (k < 0)
			k = mg_find_file(c, script);
		if (k >= 0 && c->files[k].kind == FK_SHELL) {
			json_t *argv = json_array();
			for (size_t a = s + 1; a < ws.nr; a++)
				json_array_append_new(argv, json_string(ws.v[a].value));
			json_object_set_new(env, "0", json_string(c->files[k].rel)); /* $0 */
			command_settings(c, env);
			sourced_settings(c, k, env);
			out = mg_follow_lines(c, json_object_get(c->files[k].facts, "sh"), c->files[k].rel, argv, env);
			json_decref(argv);
		} else if ((!strcmp(b, "make") || !strcmp(b, "gmake") || !strcmp(b, "just")) && s == i &&
			   (command_settings(c, env), out = mg_recipe_cmd(c, &ws, i, env)) != NULL) {
			/* make TARGET NAME=v, just RECIPE ARGS: the target followed as a wrapper (merge_recipes.c) */
		} else if (s == i && (command_settings(c, env), out = mg_task_cmd(c, &ws, i, env)) != NULL) {
			/* mlflow run, sky launch, kubectl apply, poe/pdm/hatch tasks, dvc, papermill (merge_taskfiles.c) */
		} else if ((out = which_console_script(c, &ws, i)) != NULL) {
			/* torchrun --nproc_per_node 4 $(which vtrain) ...: the console script's file */
		} else if (!strcmp(b, "dora") && s == i && i + 1 < ws.nr && !strcmp(ws.v[i + 1].value, "run")) {
			out = dora_run(c, &ws, i + 2);
		} else if (!python_word(w) && s == i) {
			char *decl = NULL;
			int f = console_script(c, w, &decl);
			if (f >= 0) {
				struct strbuf sb = STRBUF_INIT;
				/* the assignments before it stay (NPROC_PER_NODE=8 for a dispatcher) */
				for (size_t a = 0; a < i; a++) {
					sh_quote_literal(ws.v[a].value, &sb);
					strbuf_addch(&sb, ' ');
				}
				strbuf_adds(&sb, "python ");
				sh_quote_literal(c->files[f].rel, &sb);
				add_words(&sb, &ws, i + 1);
				out = strbuf_detach(&sb);
				struct strbuf n = STRBUF_INIT;
				if (decl[0] == '~')
					strbuf_addf(&n, "'%s' is taken as the console script of the package of that name: "
							 "none is declared in the tree; %s imports its cli",
						    w, decl + 1);
				else
					strbuf_addf(&n, "'%s' is the console script declared at %s", w, decl);
				json_array_append_new(c->notes, json_string(n.buf));
				strbuf_release(&n);
				free(decl);
			}
		}
	}
	json_decref(env);
	shwords_release(&ws);
	return out;
}

/* The last two dotted parts of an import ("pkg.train.tuner.run_exp" -> "tuner.run_exp"); NULL when
 * an absolute one has fewer than three (a top-level module says nothing). */
static const char *import_tail(const char *m)
{
	bool relative = *m == '.';
	while (*m == '.')
		m++;
	const char *last = strrchr(m, '.');
	if (!last)
		return NULL;
	const char *p = last;
	while (p > m && p[-1] != '.')
		p--;
	return p == m && !relative ? NULL : p;
}

/* Whether import m of a file is the module of a `from m import name` there (its names are listed
 * after it as m.name): the module alone says nothing of what is called. */
static bool from_module(json_t *imports, const char *m)
{
	size_t k, ml = strlen(m);
	json_t *x;
	json_array_foreach(imports, k, x)
	{
		const char *o = json_string_value(json_array_get(x, 0));
		if (o && !strncmp(o, m, ml) && o[ml] == '.')
			return true;
	}
	return false;
}

/* A candidate recipe that only calls what the console script imports itself (LLaMA-Factory's
 * src/train.py calls run_exp, which cli.py calls for `train` in-process): not a dispatch. Names
 * imported from one module are compared, not the module (ParlAI's __main__.py imports
 * superscript_main and scripts/train_model.py register_script, both from parlai.core.script). */
static bool same_code_as(struct ctx *c, int self, int cand)
{
	if (self < 0)
		return false;
	size_t a, b;
	json_t *x, *y;
	json_t *ci = json_object_get(mg_py(c, cand), "imports"), *si = json_object_get(mg_py(c, self), "imports");
	json_array_foreach(ci, a, x)
	{
		const char *mx = json_string_value(json_array_get(x, 0)) ?: "";
		const char *tx = import_tail(mx);
		if (!tx || from_module(ci, mx))
			continue;
		json_array_foreach(si, b, y)
		{
			const char *my = json_string_value(json_array_get(y, 0)) ?: "";
			const char *ty = import_tail(my);
			if (ty && !strcmp(tx, ty) && !from_module(si, my))
				return true;
		}
	}
	return false;
}

/* A subcommand the dispatcher maps to a function it imports (LitGPT's __main__.py: `from
 * litgpt.finetune.full import setup as finetune_full_fn` and CLI({"finetune_full": finetune_full_fn})):
 * the file of the function imported under the word's name (word, word_fn, word_main); -1 when none. */
static int function_dispatch(const struct ctx *c, int self, const char *word)
{
	const char *local;
	json_t *q;
	size_t wl = strlen(word);
	json_object_foreach(json_object_get(mg_py(c, self), "aliases"), local, q)
	{
		const char *full = json_string_value(q), *last = full ? strrchr(full, '.') : NULL;
		if (!last || strncmp(local, word, wl) ||
		    (local[wl] && strcmp(local + wl, "_fn") && strcmp(local + wl, "_main") && strcmp(local + wl, "_cmd")))
			continue;
		char *mod = xstrndup(full, (size_t)(last - full));
		int f = mg_module_file(c, mod);
		free(mod);
		if (f >= 0 && f != self)
			return f;
	}
	return -1;
}

/* A console script that dispatches to a recipe by name (`tune run --nproc_per_node 8
 * full_finetune_distributed --config X k=v`): the first plain word that is the stem of exactly one
 * Python script with a __main__ block elsewhere in the tree becomes the program; options before it
 * that torchrun takes make torchrun its launcher. NULL when no word names such a script. */
/* Whether the dispatcher's code starts the launcher through subprocess (its list's first word). */
static bool dispatcher_launches(const struct ctx *c, int self, const char *launcher)
{
	size_t k;
	json_t *call;
	json_array_foreach(json_object_get(mg_py(c, self), "calls"), k, call)
	{
		const char *a0 = json_string_value(json_object_get(call, "argv0"));
		if (a0 && !strcmp(a0, launcher))
			return true;
	}
	/* the list is built first and run later (base = ["accelerate", "launch", "-m", mod]) */
	const char *built = json_string_value(json_object_get(mg_py(c, self), "launch_list"));
	if (!built || strcmp(built, launcher))
		return false;
	json_array_foreach(json_object_get(mg_py(c, self), "calls"), k, call)
	{
		const char *full = json_string_value(json_object_get(call, "full"));
		if (full && !strncmp(full, "subprocess.", 11))
			return true;
	}
	return false;
}

static char *recipe_dispatch(struct ctx *c, const char *cmd)
{
	struct launch_cmd lc;
	char *out = NULL;
	if (launch_cmd_parse(cmd, &lc) < 0) {
		launch_cmd_release(&lc);
		return NULL;
	}
	int self = mg_resolve_path(c, lc.entry);
	size_t n = json_array_size(lc.words);
	json_int_t nproc = 0, nnodes = 0;
	/* NPROC_PER_NODE=8 swift sft / xtuner train: the dispatcher starts torchrun itself */
	const char *envn = json_string_value(json_object_get(lc.env, "NPROC_PER_NODE"));
	if (envn)
		nproc = strtoll(envn, NULL, 10);
	const char *envm = json_string_value(json_object_get(lc.env, "NNODES"));
	if (envm)
		nnodes = strtoll(envm, NULL, 10);
	for (size_t w = 0; w < n && !out; w++) {
		const char *s = json_string_value(json_array_get(lc.words, w));
		if (!s || s[0] == '-' || strchr(s, '=') || strchr(s, '/') || strchr(s, '.')) {
			const char *next = w + 1 < n ? json_string_value(json_array_get(lc.words, w + 1)) : NULL;
			if (s && next && (!strcmp(s, "--nproc_per_node") || !strcmp(s, "--nproc-per-node")))
				nproc = strtoll(next, NULL, 10);
			if (s && next && !strcmp(s, "--nnodes"))
				nnodes = strtoll(next, NULL, 10);
			continue;
		}
		int found = -1, count = 0, beside = -1, nbeside = 0;
		size_t sl = strlen(s);
		char *sdir = self >= 0 ? mg_dir_of(c->files[self].rel) : NULL;
		for (size_t i = 0; i < c->n; i++) {
			const char *rel = c->files[i].rel, *b = strrchr(rel, '/');
			b = b ? b + 1 : rel;
			if ((int)i == self || c->files[i].kind != FK_PYTHON || strncmp(b, s, sl) || strcmp(b + sl, ".py") ||
			    !json_object_get(mg_py(c, (int)i), "main"))
				continue;
			found = (int)i;
			count++;
			/* several of that name (ms-swift's swift/cli/sft.py and swift/cli/_megatron/sft.py):
			 * the one beside the dispatcher */
			char *d = mg_dir_of(rel);
			if (sdir && !strcmp(d, sdir))
				beside = (int)i, nbeside++;
			free(d);
		}
		free(sdir);
		if (count > 1 && nbeside == 1)
			found = beside, count = 1;
		if (!count && self >= 0)
			found = function_dispatch(c, self, s), count = found >= 0;
		if (count != 1 || same_code_as(c, self, found))
			continue;
		struct strbuf sb = STRBUF_INIT;
		if (nproc > 0) {
			strbuf_addf(&sb, "torchrun --nproc_per_node %lld ", (long long)nproc);
			if (nnodes > 0)
				strbuf_addf(&sb, "--nnodes %lld ", (long long)nnodes);
		} else if (self >= 0 && dispatcher_launches(c, self, "accelerate")) {
			/* the dispatcher runs subprocess.run(["accelerate", "launch", script] + ...) (trl) */
			strbuf_adds(&sb, "accelerate launch ");
		} else {
			strbuf_adds(&sb, "python ");
		}
		sh_quote_literal(c->files[found].rel, &sb);
		for (size_t a = w + 1; a < n; a++) {
			strbuf_addch(&sb, ' ');
			sh_quote_literal(json_string_value(json_array_get(lc.words, a)), &sb);
		}
		struct strbuf note = STRBUF_INIT;
		strbuf_addf(&note, "'%s' runs the recipe '%s' (%s)", lc.entry, s, c->files[found].rel);
		json_array_append_new(c->notes, json_string(note.buf));
		strbuf_release(&note);
		out = strbuf_detach(&sb);
	}
	launch_cmd_release(&lc);
	return out;
}

/* Whether file k is a copy of torch.distributed.launch: a positional training_script whose arguments
 * are the REMAINDER (Deformable-DETR's tools/launch.py) */
static bool is_launcher_copy(const struct ctx *c, int k)
{
	size_t i;
	json_t *call;
	json_array_foreach(json_object_get(mg_py(c, k), "calls"), i, call)
	{
		const char *n = json_string_value(json_object_get(call, "name"));
		const char *a0 = json_string_value(json_array_get(json_object_get(call, "args"), 0));
		if (n && a0 && !strcmp(n, "add_argument") && !strcmp(a0, "training_script"))
			return true;
	}
	return false;
}

/* `python tools/launch.py --nproc_per_node 8 ... SCRIPT ARGS` where tools/launch.py is a launcher copy:
 * the run is torchrun's with those options, and SCRIPT (a Python file, or a shell script of the tree
 * that runs one: Deformable-DETR's configs/r50_deformable_detr.sh) is the program. NULL otherwise. */
static char *launcher_copy(struct ctx *c, const char *cur)
{
	struct launch_cmd lc;
	char *out = NULL;
	if (launch_cmd_parse(cur, &lc) == 0 && lc.entry) {
		int k = mg_resolve_path(c, lc.entry);
		if (k >= 0 && c->files[k].kind == FK_PYTHON && is_launcher_copy(c, k)) {
			struct strbuf opts = STRBUF_INIT, rest = STRBUF_INIT;
			size_t n = json_array_size(lc.words), w = 0;
			strbuf_adds(&opts, "torchrun");
			while (w < n) { /* the launcher's own options: --name value, --name=value, flags */
				const char *o = json_string_value(json_array_get(lc.words, w));
				if (!o || o[0] != '-')
					break;
				const char *nx = w + 1 < n ? json_string_value(json_array_get(lc.words, w + 1)) : NULL;
				bool valued = !strchr(o, '=') && nx && nx[0] != '-' && strcmp(o, "--use_env") &&
					      strcmp(o, "--no_python") && strcmp(o, "--module") && strcmp(o, "-m");
				strbuf_addch(&opts, ' ');
				sh_quote_literal(o, &opts);
				if (valued) {
					strbuf_addch(&opts, ' ');
					sh_quote_literal(nx, &opts);
				}
				w += valued ? 2 : 1;
			}
			const char *script = w < n ? json_string_value(json_array_get(lc.words, w)) : NULL;
			for (size_t a = w + 1; a < n; a++) {
				strbuf_addch(&rest, ' ');
				sh_quote_literal(json_string_value(json_array_get(lc.words, a)), &rest);
			}
			int f = script ? mg_resolve_path(c, script) : -1;
			if (f >= 0 && c->files[f].kind == FK_PYTHON) {
				struct strbuf sb = STRBUF_INIT;
				strbuf_addf(&sb, "%s ", opts.buf);
				sh_quote_literal(script, &sb);
				strbuf_adds(&sb, rest.buf);
				out = strbuf_detach(&sb);
			} else if (f >= 0 && c->files[f].kind == FK_SHELL) {
				struct strbuf sb = STRBUF_INIT;
				strbuf_adds(&sb, "bash ");
				sh_quote_literal(script, &sb);
				strbuf_adds(&sb, rest.buf);
				char *inner = rewrite_once(c, sb.buf);
				strbuf_release(&sb);
				struct shwords ws;
				shwords_init(&ws);
				if (inner)
					shlex_split(inner, strlen(inner), &ws);
				/* the shell script's `python [-u] main.py ...` line, started by the launcher */
				if (ws.nr >= 2 && python_word(ws.v[0].value)) {
					size_t from = 1;
					while (from < ws.nr && (!strcmp(ws.v[from].value, "-u") || !strcmp(ws.v[from].value, "-W")))
						from += strcmp(ws.v[from].value, "-W") ? 1 : 2;
					strbuf_adds(&sb, opts.buf);
					add_words(&sb, &ws, from);
					out = strbuf_detach(&sb);
				}
				shwords_release(&ws);
				free(inner);
			}
			if (out) {
				struct strbuf note = STRBUF_INIT;
				strbuf_addf(&note, "'%s' is a copy of torch.distributed.launch: '%s' runs under it as under torchrun",
					    lc.entry, script);
				json_array_append_new(c->notes, json_string(note.buf));
				strbuf_release(&note);
			}
			strbuf_release(&opts);
			strbuf_release(&rest);
		}
	}
	launch_cmd_release(&lc);
	return out;
}

char *mg_effective_cmd(struct ctx *c, const char *cmd)
{
	char *cur = xstrdup(cmd);
	bool changed = false;
	for (int depth = 0; depth < 4; depth++) {
		size_t notes = json_array_size(c->notes);
		char *next = rewrite_once(c, cur);
		if (!next)
			break;
		free(cur);
		cur = next;
		changed = true;
		/* a console script (it left its note): maybe a dispatcher to a recipe */
		if (json_array_size(c->notes) > notes && strstr(json_string_value(json_array_get(c->notes, notes)) ?: "",
								 "console script")) {
			char *r = recipe_dispatch(c, cur);
			if (r) {
				free(cur);
				cur = r;
			}
		}
	}
	/* a launcher module that runs the command after `--` (ESPnet's `python -m espnet2.bin.launch
	 * --ngpu 4 ... -- python -m espnet2.bin.asr_train ...`): that command is the program */
	struct shwords dw;
	shwords_init(&dw);
	shlex_split(cur, strlen(cur), &dw);
	for (size_t d = 1; d + 1 < dw.nr && python_word(dw.v[0].value); d++) {
		if (strcmp(dw.v[d].value, "--"))
			continue;
		if (strncmp(base_name(dw.v[d + 1].value), "python", 6))
			break;
		struct strbuf sb = STRBUF_INIT;
		add_words(&sb, &dw, d + 1);
		json_array_append_new(c->notes, json_string("the launcher runs the command after '--': that is the program"));
		free(cur);
		cur = xstrdup(sb.buf + 1);
		strbuf_release(&sb);
		changed = true;
		break;
	}
	shwords_release(&dw);
	/* a launcher script whose first argument is the script that trains (deepy.py train.py ...) */
	struct launch_cmd lc;
	if (launch_cmd_parse(cur, &lc) == 0 && json_array_size(lc.words)) {
		const char *first = json_string_value(json_array_get(lc.words, 0));
		int k0 = lc.entry ? mg_resolve_path(c, lc.entry) : -1;
		if (k0 < 0 && lc.entry)
			k0 = mg_module_file(c, lc.entry);
		int k = first && has_suffix(first, ".py") ? mg_resolve_path(c, first) : -1;
		if (k >= 0 && c->files[k].kind == FK_PYTHON && json_object_get(mg_py(c, k), "main")) {
			struct strbuf sb = STRBUF_INIT;
			strbuf_adds(&sb, "python ");
			sh_quote_literal(first, &sb);
			for (size_t a = 1; a < json_array_size(lc.words); a++) {
				strbuf_addch(&sb, ' ');
				sh_quote_literal(json_string_value(json_array_get(lc.words, a)), &sb);
			}
			struct strbuf n = STRBUF_INIT;
			strbuf_addf(&n, "'%s' launches '%s', the script that trains", lc.entry, first);
			/* once per GPU it counts (multiproc.py): one process a GPU, data parallel */
			if (json_is_true(json_object_get(mg_py(c, k0), "spawns_per_gpu"))) {
				strbuf_adds(&n, " once per GPU");
				mg_evid(&c->strategy, "ddp", 12, "--cmd");
			}
			free(c->launched_script);
			c->launched_script = xstrdup(first);
			json_array_append_new(c->notes, json_string(n.buf));
			strbuf_release(&n);
			free(cur);
			cur = strbuf_detach(&sb);
			changed = true;
		}
	}
	launch_cmd_release(&lc);
	/* `python -m trainer.distribute --script recipes/x/train.py` (Coqui's trainer): a launcher module
	 * that is not in the tree, given the program as an option's value: that file is the program */
	if (launch_cmd_parse(cur, &lc) == 0 && lc.entry && mg_resolve_path(c, lc.entry) < 0 && mg_module_file(c, lc.entry) < 0) {
		size_t nw = json_array_size(lc.words);
		for (size_t a = 0; a + 1 < nw; a++) {
			const char *o = json_string_value(json_array_get(lc.words, a));
			const char *v = json_string_value(json_array_get(lc.words, a + 1));
			int k = o && v && o[0] == '-' && has_suffix(v, ".py") ? mg_resolve_path(c, v) : -1;
			if (k < 0 || c->files[k].kind != FK_PYTHON)
				continue;
			struct strbuf sb = STRBUF_INIT;
			strbuf_adds(&sb, "python ");
			sh_quote_literal(v, &sb);
			for (size_t b = 0; b < nw; b++) {
				if (b == a || b == a + 1)
					continue;
				strbuf_addch(&sb, ' ');
				sh_quote_literal(json_string_value(json_array_get(lc.words, b)), &sb);
			}
			struct strbuf n = STRBUF_INIT, m = STRBUF_INIT;
			for (const char *q = lc.entry; *q && strcmp(q, ".py"); q++)
				strbuf_addch(&m, *q == '/' ? '.' : *q);
			const char *mod = m.buf;
			strbuf_addf(&n, "the launcher module '%s' (not in the tree) runs '%s', given by %s: that is the program", mod,
				    v, o);
			json_array_append_new(c->notes, json_string(n.buf));
			/* a launcher named distribute/launch starts one process per GPU (data parallel) */
			if (strstr(mod, "distribute") || strstr(mod, "launch"))
				mg_evid(&c->strategy, "ddp", 12, "--cmd");
			strbuf_release(&n);
			strbuf_release(&m);
			free(cur);
			cur = strbuf_detach(&sb);
			changed = true;
			break;
		}
	}
	launch_cmd_release(&lc);
	/* a Python launcher that builds the command it runs (run.py -> torchrun ... train.py) */
	char *built = mg_python_launcher(c, cur);
	if (built) {
		free(cur);
		cur = built;
		changed = true;
	}
	char *lcopy = launcher_copy(c, cur);
	if (lcopy) {
		free(cur);
		cur = lcopy;
		changed = true;
	}
	if (!changed) {
		free(cur);
		return NULL;
	}
	return cur;
}
