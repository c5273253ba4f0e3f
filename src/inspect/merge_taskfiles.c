/* merge_taskfiles.c - commands that run a task a file of the tree holds: `mlflow run . -P k=v`
 * (MLproject), `sky launch task.yaml --env K=V` (SkyPilot), `kubectl apply -f job.yaml` (Kubernetes),
 * `poe TASK`, `pdm run TASK`, `hatch run TASK`, `rye run TASK`, `task TASK` (pyproject task tables),
 * `dvc repro` / `dvc exp run -S k=v` (dvc.yaml stages) and `papermill IN.ipynb OUT.ipynb -p k v`. The
 * task becomes a script, line for line with its file (taskfiles.c), followed like a wrapper to its
 * launch line; what the tool sets for the program (DVC's -S, papermill's -p) is kept for later. */
#include "cmdline.h"
#include "mctx.h"
#include "shscan.h"
#include "taskfiles.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *base_of(const char *w)
{
	const char *b = strrchr(w, '/');
	return b ? b + 1 : w;
}

/* rel under the folder the command's `cd` entered, else as given; -1 when not in the tree */
static int find_rel(const struct ctx *c, const char *rel)
{
	while (!strncmp(rel, "./", 2))
		rel += 2;
	int k = -1;
	if (c->cwd) {
		char *p = mg_join_norm(c->cwd, rel);
		k = p ? mg_find_file(c, p) : -1;
		free(p);
	}
	return k >= 0 ? k : mg_find_file(c, rel);
}

static void note(struct ctx *c, const char *fmt, const char *a, const char *b)
{
	struct strbuf n = STRBUF_INIT;
	strbuf_addf(&n, fmt, a, b);
	json_array_append_new(c->notes, json_string(n.buf));
	strbuf_release(&n);
}

/* The script's lines followed to the launch (rel's file, the words after the task as its "$@") */
static char *follow(struct ctx *c, char *script, const char *rel, json_t *argv, json_t *env, json_t *over)
{
	json_decref(c->recipe_lines);
	c->recipe_lines = shscan(script, strlen(script));
	free(script);
	json_t *e = json_copy(env);
	const char *key;
	json_t *v;
	json_object_foreach(over, key, v) json_object_set(e, key, v);
	char *out = mg_follow_lines(c, c->recipe_lines, rel, argv, e);
	json_decref(e);
	return out;
}

/* NAME=value into obj (a malformed word is left out); a name that is no shell name (learning-rate) is
 * given as its variable's (learning_rate) and recorded as typed under that spelling */
static void set_kv_typed(struct ctx *c, json_t *obj, const char *w)
{
	const char *eq = strchr(w, '=');
	if (!eq || eq == w)
		return;
	struct strbuf k = STRBUF_INIT;
	bool renamed = false;
	for (const char *p = w; p < eq; p++) {
		renamed |= !isalnum((unsigned char)*p) && *p != '_';
		strbuf_addch(&k, isalnum((unsigned char)*p) ? *p : '_');
	}
	json_object_set_new(obj, k.buf, json_string(eq + 1) ?: json_string(""));
	if (renamed && c && !strchr(eq + 1, ' ')) {
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "%s%s%s=%s", c->typed_extra ? c->typed_extra : "", c->typed_extra ? " " : "", k.buf, eq + 1);
		free(c->typed_extra);
		c->typed_extra = strbuf_detach(&t);
	}
	strbuf_release(&k);
}

static void set_kv(json_t *obj, const char *w)
{
	set_kv_typed(NULL, obj, w);
}

/* mlflow run URI [-e ENTRY] [-P k=v]...: the MLproject of URI (a folder of the tree) */
static char *mlflow_run(struct ctx *c, const struct shwords *ws, size_t a, json_t *env)
{
	const char *uri = NULL, *entry = NULL;
	json_t *over = json_object();
	for (; a < ws->nr; a++) {
		const char *w = ws->v[a].value, *next = a + 1 < ws->nr ? ws->v[a + 1].value : NULL;
		if ((!strcmp(w, "-P") || !strcmp(w, "--param-list")) && next)
			set_kv_typed(c, over, next), a++;
		else if (!strncmp(w, "-P", 2) && strchr(w, '='))
			set_kv_typed(c, over, w + 2);
		else if ((!strcmp(w, "-e") || !strcmp(w, "--entry-point")) && next)
			entry = next, a++;
		else if (w[0] == '-' && next && next[0] != '-' && !strchr(w, '='))
			a++; /* --experiment-name X, --env-manager local, -b local ... */
		else if (w[0] != '-' && !uri)
			uri = w;
	}
	char *out = NULL;
	struct strbuf p = STRBUF_INIT;
	if (uri && strcmp(uri, ".") && strcmp(uri, "./"))
		strbuf_addf(&p, "%s/", uri);
	strbuf_adds(&p, "MLproject");
	int k = uri && !strstr(uri, "://") ? find_rel(c, p.buf) : -1;
	const char *text = k >= 0 ? json_string_value(json_object_get(c->files[k].facts, "text")) : NULL;
	char *why = NULL;
	char *script = text ? task_script(TK_MLPROJECT, text, strlen(text), entry, over, &why) : NULL;
	if (script) {
		out = follow(c, script, c->files[k].rel, NULL, env, over);
		note(c, out ? "'mlflow run' runs the entry point '%s' of %s" : "'mlflow run': the entry point '%s' of %s launches no Python program maple can see",
		     entry ? entry : "main", c->files[k].rel);
	} else if (why) {
		note(c, "'mlflow run': %s (%s)", why, c->files[k].rel);
	}
	free(why);
	strbuf_release(&p);
	json_decref(over);
	return out;
}

/* sky launch|exec [-c NAME] [--env K=V] [--num-nodes N] [--gpus A:N] TASK.yaml (also sky jobs launch) */
static char *sky_launch(struct ctx *c, const struct shwords *ws, size_t a, json_t *env)
{
	const char *file = NULL;
	json_t *over = json_object();
	for (; a < ws->nr; a++) {
		const char *w = ws->v[a].value, *next = a + 1 < ws->nr ? ws->v[a + 1].value : NULL;
		if ((!strcmp(w, "--env") || !strcmp(w, "--envs")) && next) {
			if (strchr(next, '='))
				set_kv(over, next); /* --env K alone takes the local value: unknown here */
			a++;
		} else if (!strncmp(w, "--env=", 6)) {
			if (strchr(w + 6, '='))
				set_kv(over, w + 6);
		} else if ((!strcmp(w, "--num-nodes") || !strcmp(w, "--num_nodes")) && next) {
			json_object_set_new(over, "SKYPILOT_NUM_NODES", json_string(next) ?: json_string(""));
			a++;
		} else if (!strcmp(w, "--gpus") && next) {
			const char *colon = strrchr(next, ':');
			json_object_set_new(over, "SKYPILOT_NUM_GPUS_PER_NODE", json_string(colon ? colon + 1 : "1"));
			a++;
		} else if (w[0] == '-' && next && next[0] != '-' && !mg_ends_with(next, ".yaml") && !mg_ends_with(next, ".yml") &&
			   strcmp(w, "-y") && strcmp(w, "--yes") && strcmp(w, "-d") && strcmp(w, "--detach-run")) {
			a++; /* -c NAME, --cloud X, -i 10 ... */
		} else if (w[0] != '-' && (mg_ends_with(w, ".yaml") || mg_ends_with(w, ".yml")) && !file) {
			file = w;
		}
	}
	char *out = NULL;
	int k = file ? find_rel(c, file) : -1;
	const char *text = k >= 0 ? json_string_value(json_object_get(c->files[k].facts, "text")) : NULL;
	char *why = NULL;
	char *script = text && task_yaml_kind(text, strlen(text)) == TK_SKYPILOT
			       ? task_script(TK_SKYPILOT, text, strlen(text), NULL, over, &why)
			       : NULL;
	if (script) {
		out = follow(c, script, c->files[k].rel, NULL, env, over);
		note(c, out ? "'sky launch' runs the run: commands of %s%s" : "'sky launch': the run: commands of %s%s launch no Python program maple can see",
		     c->files[k].rel, "");
	} else if (why) {
		note(c, "'sky launch': %s (%s)", why, c->files[k].rel);
	}
	free(why);
	json_decref(over);
	return out;
}

/* kubectl apply|create -f FILE: the manifest's first container */
static char *kubectl_apply(struct ctx *c, const struct shwords *ws, size_t a, json_t *env)
{
	const char *file = NULL;
	for (; a < ws->nr && !file; a++) {
		const char *w = ws->v[a].value, *next = a + 1 < ws->nr ? ws->v[a + 1].value : NULL;
		if ((!strcmp(w, "-f") || !strcmp(w, "--filename")) && next)
			file = next;
		else if (!strncmp(w, "--filename=", 11))
			file = w + 11;
	}
	int k = file ? find_rel(c, file) : -1;
	const char *text = k >= 0 ? json_string_value(json_object_get(c->files[k].facts, "text")) : NULL;
	if (!text || task_yaml_kind(text, strlen(text)) != TK_K8S)
		return NULL;
	char *why = NULL, *out = NULL;
	char *script = task_script(TK_K8S, text, strlen(text), NULL, NULL, &why);
	if (script) {
		out = follow(c, script, c->files[k].rel, NULL, env, NULL);
		note(c, out ? "'kubectl apply' runs the command and args of the first container of %s%s (its working directory taken as this tree)"
			    : "'kubectl apply': the container of %s%s launches no Python program maple can see",
		     c->files[k].rel, "");
	} else if (why) {
		note(c, "'kubectl apply': %s (%s)", why, c->files[k].rel);
	}
	free(why);
	return out;
}

/* docker compose [-f FILE] up|run [opts] [SERVICE] (docker-compose too): the service's command */
static char *compose_up(struct ctx *c, const struct shwords *ws, size_t a, json_t *env)
{
	const char *file = NULL, *service = NULL;
	bool verb = false;
	for (; a < ws->nr && !service; a++) {
		const char *w = ws->v[a].value, *next = a + 1 < ws->nr ? ws->v[a + 1].value : NULL;
		if (!verb && (!strcmp(w, "-f") || !strcmp(w, "--file")) && next)
			file = next, a++;
		else if (!verb && (!strcmp(w, "up") || !strcmp(w, "run") || !strcmp(w, "start")))
			verb = true;
		else if (verb && w[0] != '-')
			service = w;
		else if (!verb && w[0] != '-')
			return NULL; /* another subcommand */
	}
	if (!verb)
		return NULL;
	static const char *const names[] = {"compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml", NULL};
	int k = file ? find_rel(c, file) : -1;
	for (int i = 0; !file && names[i] && k < 0; i++)
		k = find_rel(c, names[i]);
	const char *text = k >= 0 ? json_string_value(json_object_get(c->files[k].facts, "text")) : NULL;
	if (!text || task_yaml_kind(text, strlen(text)) != TK_COMPOSE)
		return NULL;
	char *why = NULL, *out = NULL;
	char *script = task_script(TK_COMPOSE, text, strlen(text), service, NULL, &why);
	if (script) {
		out = follow(c, script, c->files[k].rel, NULL, env, NULL);
		note(c, out ? "'docker compose' runs the command of the service in %s%s (the tree mounted as its working directory)"
			    : "'docker compose': the service's command in %s%s launches no Python program maple can see",
		     c->files[k].rel, "");
	} else if (why) {
		note(c, "'docker compose': %s (%s)", why, c->files[k].rel);
	}
	free(why);
	return out;
}

/* A Snakefile line's quoted string (the first), or NULL */
static char *quoted(const char *l)
{
	const char *q = strpbrk(l, "\"'");
	if (!q)
		return NULL;
	const char *e = strchr(q + 1, *q);
	return e ? xstrndup(q + 1, (size_t)(e - q - 1)) : NULL;
}

/* config["key"] / config['key'] in v: the key, else NULL */
static char *config_ref(const char *v)
{
	const char *p = strstr(v, "config[");
	if (!p)
		return NULL;
	return quoted(p + 7);
}

/* snakemake [--cores N] [RULE] [--config k=v ...]: the rule's shell: command (the rule named, else the first
 * whose shell runs something), {input} {output} {threads} {params.x} filled from the rule, params' config["k"]
 * from the configfile: and --config (https://snakemake.readthedocs.io/en/stable/snakefiles/rules.html) */
static char *snakemake(struct ctx *c, const struct shwords *ws, size_t a, json_t *env)
{
	const char *target = NULL, *file = NULL;
	json_t *over = json_object();
	bool in_config = false;
	for (; a < ws->nr; a++) {
		const char *w = ws->v[a].value, *next = a + 1 < ws->nr ? ws->v[a + 1].value : NULL;
		if (!strcmp(w, "--config") || !strcmp(w, "-C")) {
			in_config = true;
		} else if (w[0] == '-') {
			in_config = false;
			if ((!strcmp(w, "-s") || !strcmp(w, "--snakefile")) && next)
				file = next, a++;
			else if (next && next[0] != '-' && (!strcmp(w, "--cores") || !strcmp(w, "-c") || !strcmp(w, "-j") ||
							   !strcmp(w, "--jobs") || !strcmp(w, "--configfile") ||
							   !strcmp(w, "--profile") || !strcmp(w, "--directory")))
				a++;
		} else if (in_config && strchr(w, '=')) {
			set_kv(over, w);
		} else if (!target) {
			target = w;
		}
	}
	int k = find_rel(c, file ? file : "Snakefile");
	if (k < 0 && !file)
		k = find_rel(c, "workflow/Snakefile");
	const char *text = k >= 0 ? json_string_value(json_object_get(c->files[k].facts, "text")) : NULL;
	if (!text) {
		json_decref(over);
		return NULL;
	}
	/* the file's lines */
	json_t *lines = json_array();
	for (const char *p = text; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		json_array_append_new(lines, json_stringn(p, n) ?: json_string(""));
		p = nl ? nl + 1 : p + n;
	}
	size_t nl = json_array_size(lines), rs = nl, re = nl;
	int cfg = -1;
	for (size_t i = 0; i < nl; i++) {
		const char *l = json_string_value(json_array_get(lines, i));
		if (!strncmp(l, "configfile:", 11)) {
			char *q = quoted(l + 11);
			if (q)
				cfg = find_rel(c, q);
			free(q);
		}
	}
	/* the rule: named, else the first with a shell: that runs a program */
	for (size_t i = 0; i < nl && rs == nl; i++) {
		const char *l = json_string_value(json_array_get(lines, i));
		if (strncmp(l, "rule ", 5))
			continue;
		size_t e = i + 1;
		while (e < nl) {
			const char *m = json_string_value(json_array_get(lines, e));
			if (*m && *m != ' ' && *m != '\t' && *m != '#')
				break;
			e++;
		}
		const char *name = l + 5, *colon = strchr(name, ':');
		bool named = target && colon && (size_t)(colon - name) == strlen(target) && !strncmp(name, target, strlen(target));
		bool has_shell = false;
		for (size_t j = i + 1; j < e; j++)
			has_shell |= strstr(json_string_value(json_array_get(lines, j)), "shell:") != NULL;
		if (named || (!target && has_shell))
			rs = i, re = e;
		else if (target && named)
			break;
	}
	char *out = NULL;
	if (rs < nl) {
		struct strbuf *sc = xcalloc(nl, sizeof(*sc));
		for (size_t i = 0; i < nl; i++)
			strbuf_init(&sc[i]);
		const char *dir = NULL;
		size_t shell_at = nl;
		for (size_t j = rs + 1; j < re; j++) {
			const char *l = json_string_value(json_array_get(lines, j));
			while (*l == ' ' || *l == '\t')
				l++;
			static const char *const dirs[] = {"input:", "output:", "params:", "threads:", "shell:", NULL};
			for (int d = 0; dirs[d]; d++)
				if (!strncmp(l, dirs[d], strlen(dirs[d])))
					dir = dirs[d], l += strlen(dirs[d]);
			while (*l == ' ')
				l++;
			if (!dir || !*l || *l == '#')
				continue;
			if (!strcmp(dir, "shell:")) {
				char *q = quoted(l);
				if (q && shell_at == nl) {
					shell_at = j;
					/* {input} {output} {threads} {params.x}: ${input} ... ${params_x} */
					for (const char *p = q; *p; p++) {
						if (*p == '{' && p[1] != '{') {
							const char *e = strchr(p, '}');
							if (e) {
								strbuf_adds(&sc[j], "${");
								for (const char *x = p + 1; x < e; x++)
									strbuf_addch(&sc[j], *x == '.' ? '_' : *x);
								strbuf_addch(&sc[j], '}');
								p = e;
								continue;
							}
						}
						strbuf_addch(&sc[j], *p);
					}
				}
				free(q);
			} else if (!strcmp(dir, "threads:")) {
				strbuf_addf(&sc[j], "threads=%d", atoi(l));
			} else if (!strcmp(dir, "params:")) {
				/* name=VALUE, ... one a line */
				const char *eq = strchr(l, '=');
				if (!eq)
					continue;
				struct strbuf nm = STRBUF_INIT;
				strbuf_adds(&nm, "params_");
				for (const char *x = l; x < eq; x++)
					if (*x != ' ')
						strbuf_addch(&nm, *x);
				char *key = config_ref(eq + 1), *val = NULL;
				json_int_t cl = 0;
				if (key && json_object_get(over, key)) {
					/* --config key=v: typed under the parameter's variable */
					json_object_set(env, nm.buf, json_object_get(over, key));
					struct strbuf t = STRBUF_INIT;
					strbuf_addf(&t, "%s%s%s=%s", c->typed_extra ? c->typed_extra : "", c->typed_extra ? " " : "",
						    nm.buf, json_string_value(json_object_get(over, key)));
					free(c->typed_extra);
					c->typed_extra = strbuf_detach(&t);
				} else if (key && cfg >= 0) {
					json_t *cv = mg_cfg_get(c, cfg, key, &cl);
					if (json_is_string(cv))
						val = xstrdup(json_string_value(cv));
					else if (json_is_number(cv))
						val = json_dumps(cv, JSON_ENCODE_ANY | JSON_REAL_PRECISION(15));
				} else if (!key) {
					char *q = quoted(eq + 1);
					val = q ? q : xstrndup(eq + 1, strcspn(eq + 1, ", #"));
				}
				if (val) {
					strbuf_addf(&sc[j], "%s=", nm.buf);
					sh_quote_literal(val, &sc[j]);
				}
				free(val);
				free(key);
				strbuf_release(&nm);
			} else {
				char *q = quoted(l);
				if (q) {
					strbuf_addf(&sc[j], "%s=", !strcmp(dir, "input:") ? "input" : "output");
					sh_quote_literal(q, &sc[j]);
				}
				free(q);
				dir = NULL; /* the first file only */
			}
		}
		struct strbuf all = STRBUF_INIT;
		for (size_t i = 0; i < nl; i++) {
			strbuf_add(&all, sc[i].buf, sc[i].len);
			strbuf_addch(&all, '\n');
			strbuf_release(&sc[i]);
		}
		free(sc);
		if (shell_at < nl) {
			out = follow(c, strbuf_detach(&all), c->files[k].rel, NULL, env, NULL);
			note(c, out ? "'snakemake' runs the shell: command of a rule of %s%s" : "'snakemake': the rule of %s%s launches no Python program maple can see",
			     c->files[k].rel, "");
		} else {
			strbuf_release(&all);
		}
	}
	json_decref(lines);
	json_decref(over);
	return out;
}

/* A pyproject task: the key holding its command (TABLE.NAME, or TABLE.NAME.cmd / .shell / .call as
 * strings); its line in *line. */
static const char *task_key(const struct ctx *c, int k, const char *table, const char *name, json_int_t *line,
			    struct strbuf *key)
{
	static const char *const subs[] = {"", ".cmd", ".shell", NULL};
	for (int s = 0; subs[s]; s++) {
		strbuf_reset(key);
		strbuf_addf(key, "%s.%s%s", table, name, subs[s]);
		json_t *v = mg_cfg_get(c, k, key->buf, line);
		if (json_is_string(v))
			return json_string_value(v);
		if (json_is_array(v) && json_array_size(v) && json_is_string(json_array_get(v, 0)))
			return NULL; /* a list of commands (pdm composite, hatch list): not read */
	}
	return NULL;
}

/* poe TASK ARGS, pdm run TASK ARGS, hatch run [ENV:]TASK ARGS, rye run TASK ARGS, task TASK ARGS
 * (taskipy): the task's command from pyproject.toml, the words after it appended */
static char *pyproject_task(struct ctx *c, const char *tool, const struct shwords *ws, size_t a, json_t *env)
{
	if (a >= ws->nr || ws->v[a].value[0] == '-')
		return NULL;
	const char *name = ws->v[a].value;
	int k = find_rel(c, "pyproject.toml");
	if (k < 0 || c->files[k].kind != FK_PYPROJECT)
		return NULL;
	struct strbuf key = STRBUF_INIT, table = STRBUF_INIT, envp = STRBUF_INIT;
	const char *colon = strchr(name, ':');
	if (!strcmp(tool, "poe"))
		strbuf_adds(&table, "tool.poe.tasks"), strbuf_adds(&envp, "tool.poe.env.");
	else if (!strcmp(tool, "pdm"))
		strbuf_adds(&table, "tool.pdm.scripts");
	else if (!strcmp(tool, "rye"))
		strbuf_adds(&table, "tool.rye.scripts");
	else if (!strcmp(tool, "task"))
		strbuf_adds(&table, "tool.taskipy.tasks");
	else /* hatch: [tool.hatch.envs.ENV.scripts], ENV default */
		strbuf_addf(&table, "tool.hatch.envs.%.*s.scripts", colon ? (int)(colon - name) : 7, colon ? name : "default");
	if (colon && !strcmp(tool, "hatch"))
		name = colon + 1;
	json_int_t line = 0;
	const char *cmd = task_key(c, k, table.buf, name, &line, &key);
	char *out = NULL;
	if (cmd && line > 0) {
		struct strbuf sc = STRBUF_INIT;
		/* the task's environment: [tool.poe.env] and the task's own env table, at their lines */
		json_t *keys = mg_cfg_keys(c, k);
		const char *kk;
		json_t *kv;
		json_t *at = json_object();
		struct strbuf tenv = STRBUF_INIT;
		strbuf_addf(&tenv, "%s.%s.env.", table.buf, name);
		json_object_foreach(keys, kk, kv)
		{
			const char *var = envp.len && !strncmp(kk, envp.buf, envp.len) ? kk + envp.len
					  : !strncmp(kk, tenv.buf, tenv.len)	       ? kk + tenv.len
											       : NULL;
			json_t *val = json_array_get(kv, 0);
			json_int_t l = json_integer_value(json_array_get(kv, 1));
			if (!var || strchr(var, '.') || l <= 0 || l > 100000 || (!json_is_string(val) && !json_is_number(val)))
				continue;
			struct strbuf as = STRBUF_INIT;
			strbuf_addf(&as, "export %s=", var);
			if (json_is_string(val))
				sh_quote_literal(json_string_value(val), &as);
			else
				strbuf_addf(&as, "%g", json_number_value(val));
			char ln[24];
			snprintf(ln, sizeof(ln), "%lld", (long long)l);
			json_object_set_new(at, ln, json_string(as.buf));
			strbuf_release(&as);
		}
		strbuf_release(&tenv);
		for (json_int_t l = 1; l <= line; l++) {
			char ln[24];
			snprintf(ln, sizeof(ln), "%lld", (long long)l);
			const char *e = json_string_value(json_object_get(at, ln));
			if (l == line) {
				/* hatch's {args} placeholder, else the words appended (poe, pdm, rye, taskipy) */
				const char *ph = strstr(cmd, "{args}");
				if (ph) {
					strbuf_add(&sc, cmd, (size_t)(ph - cmd));
					strbuf_adds(&sc, "\"$@\"");
					strbuf_adds(&sc, ph + 6);
				} else {
					strbuf_adds(&sc, cmd);
					strbuf_adds(&sc, " \"$@\"");
				}
			} else if (e) {
				strbuf_adds(&sc, e);
			}
			strbuf_addch(&sc, '\n');
		}
		json_decref(at);
		json_t *argv = json_array();
		for (size_t w = a + 1; w < ws->nr; w++)
			json_array_append_new(argv, json_string(ws->v[w].value) ?: json_string(""));
		out = follow(c, strbuf_detach(&sc), c->files[k].rel, argv, env, NULL);
		c->launch_argc = (int)json_array_size(argv);
		json_decref(argv);
		note(c, out ? "'%s' runs the task's command at %s, the words after it appended"
			    : "'%s': the task at %s launches no Python program maple can see",
		     ws->v[a].value, c->launch_src ? c->launch_src : c->files[k].rel);
	}
	strbuf_release(&key);
	strbuf_release(&table);
	strbuf_release(&envp);
	return out;
}

/* dvc repro [STAGE] / dvc exp run [-S [FILE:]k=v]... [STAGE]: the stage's cmd from dvc.yaml (the stage
 * named, else the one whose name says train, else the last stage that runs Python); -S kept for later */
static char *dvc_run(struct ctx *c, const struct shwords *ws, size_t a, json_t *env)
{
	const char *stage = NULL;
	for (; a < ws->nr; a++) {
		const char *w = ws->v[a].value, *next = a + 1 < ws->nr ? ws->v[a + 1].value : NULL;
		if ((!strcmp(w, "-S") || !strcmp(w, "--set-param")) && next) {
			const char *eq = strchr(next, '=');
			if (eq) {
				const char *colon = memchr(next, ':', (size_t)(eq - next));
				char *file = colon ? xstrndup(next, (size_t)(colon - next)) : xstrdup("params.yaml");
				char *k = xstrndup(colon ? colon + 1 : next, (size_t)(eq - (colon ? colon + 1 : next)));
				if (!c->param_sets)
					c->param_sets = json_array();
				json_array_append_new(c->param_sets, json_pack("[s, s, o]", file, k, typed_arg(eq + 1)));
				free(file);
				free(k);
			}
			a++;
		} else if (w[0] == '-' && next && next[0] != '-' && (!strcmp(w, "-n") || !strcmp(w, "--name") || !strcmp(w, "-m") || !strcmp(w, "--message"))) {
			a++;
		} else if (w[0] != '-' && !stage) {
			stage = w;
		}
	}
	int k = find_rel(c, "dvc.yaml");
	if (k < 0 || c->files[k].kind != FK_CONFIG)
		return NULL;
	if (stage && strchr(stage, ':'))
		stage = strchr(stage, ':') + 1;
	json_t *keys = mg_cfg_keys(c, k);
	const char *kk, *pick = NULL, *train = NULL, *last_py = NULL;
	json_t *kv;
	json_object_foreach(keys, kk, kv)
	{
		size_t kl = strlen(kk);
		if (strncmp(kk, "stages.", 7) || kl < 12 || strcmp(kk + kl - 4, ".cmd") || memchr(kk + 7, '.', kl - 11))
			continue;
		const char *cmd = json_string_value(json_array_get(kv, 0));
		if (!cmd)
			continue;
		size_t nl = kl - 11;
		if (stage && strlen(stage) == nl && !strncmp(kk + 7, stage, nl))
			pick = kk;
		if (!train && memmem(kk + 7, nl, "train", 5))
			train = kk;
		if (strstr(cmd, "python") || strstr(cmd, ".py") || strstr(cmd, "torchrun") || strstr(cmd, "accelerate") ||
		    strstr(cmd, "deepspeed"))
			last_py = kk;
	}
	const char *use = stage ? pick : train ? train : last_py;
	if (!use)
		return NULL;
	json_int_t line = 0;
	const char *cmd = json_string_value(mg_cfg_get(c, k, use, &line));
	if (!cmd || line <= 0 || line > 100000)
		return NULL;
	struct strbuf sc = STRBUF_INIT;
	for (json_int_t l = 1; l < line; l++)
		strbuf_addch(&sc, '\n');
	strbuf_adds(&sc, cmd);
	strbuf_addch(&sc, '\n');
	char *out = follow(c, strbuf_detach(&sc), c->files[k].rel, NULL, env, NULL);
	struct strbuf n = STRBUF_INIT;
	strbuf_addf(&n, "'dvc' runs the stage %.*s of dvc.yaml", (int)(strlen(use) - 11), use + 7);
	json_array_append_new(c->notes, json_string(n.buf));
	strbuf_release(&n);
	return out;
}

/* papermill IN.ipynb OUT.ipynb [-p name value]... [-r name raw]...: the notebook runs as the program;
 * the values replace the parameters cell's (kept for after the notebook's settings are read) */
static char *papermill(struct ctx *c, const struct shwords *ws, size_t a)
{
	const char *in = NULL;
	for (; a < ws->nr; a++) {
		const char *w = ws->v[a].value;
		if ((!strcmp(w, "-p") || !strcmp(w, "--parameters") || !strcmp(w, "-r") || !strcmp(w, "--parameters_raw")) &&
		    a + 2 < ws->nr) {
			const char *v = ws->v[a + 2].value;
			json_t *jv = w[1] == 'r' || !strcmp(w, "--parameters_raw") ? json_string(v)
				     : !strcmp(v, "True")				 ? json_true()
				     : !strcmp(v, "False")				 ? json_false()
				     : !strcmp(v, "None")				 ? json_null()
											 : typed_arg(v);
			if (!c->global_sets)
				c->global_sets = json_object();
			json_object_set_new(c->global_sets, ws->v[a + 1].value, jv ? jv : json_string(v));
			a += 2;
		} else if (w[0] == '-' && a + 1 < ws->nr && ws->v[a + 1].value[0] != '-') {
			a++; /* -k python3, --cwd DIR, -f params.yaml (not read) */
		} else if (w[0] != '-' && !in) {
			in = w;
		}
	}
	if (!in || !mg_ends_with(in, ".ipynb") || find_rel(c, in) < 0)
		return NULL;
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "python ");
	sh_quote_literal(in, &sb);
	note(c, "'papermill' runs the notebook %s%s, the values given replacing those of its parameters cell", in, "");
	return strbuf_detach(&sb);
}

char *mg_task_cmd(struct ctx *c, const struct shwords *ws, size_t i, json_t *env)
{
	const char *b = base_of(ws->v[i].value);
	const char *w1 = i + 1 < ws->nr ? ws->v[i + 1].value : "";
	const char *w2 = i + 2 < ws->nr ? ws->v[i + 2].value : "";
	if (!strcmp(b, "mlflow") && !strcmp(w1, "run"))
		return mlflow_run(c, ws, i + 2, env);
	if (!strcmp(b, "sky") && (!strcmp(w1, "launch") || !strcmp(w1, "exec")))
		return sky_launch(c, ws, i + 2, env);
	if (!strcmp(b, "sky") && (!strcmp(w1, "jobs") || !strcmp(w1, "spot")) && !strcmp(w2, "launch"))
		return sky_launch(c, ws, i + 3, env);
	if (!strcmp(b, "kubectl") && (!strcmp(w1, "apply") || !strcmp(w1, "create")))
		return kubectl_apply(c, ws, i + 2, env);
	if (!strcmp(b, "docker") && !strcmp(w1, "compose"))
		return compose_up(c, ws, i + 2, env);
	if (!strcmp(b, "docker-compose"))
		return compose_up(c, ws, i + 1, env);
	if (!strcmp(b, "poe") || !strcmp(b, "task"))
		return pyproject_task(c, b, ws, i + 1, env);
	if ((!strcmp(b, "pdm") || !strcmp(b, "hatch") || !strcmp(b, "rye")) && !strcmp(w1, "run"))
		return pyproject_task(c, b, ws, i + 2, env);
	if (!strcmp(b, "dvc") && (!strcmp(w1, "repro") || (!strcmp(w1, "exp") && !strcmp(w2, "run"))))
		return dvc_run(c, ws, i + (strcmp(w1, "repro") ? 3 : 2), env);
	if (!strcmp(b, "modal") && !strcmp(w1, "run") && i + 2 < ws->nr) {
		/* modal run FILE.py[::FN] [--opt v]: the file's local entrypoint with the options (merge_pylaunch.c
		 * follows the command its remote function builds) */
		const char *f = ws->v[i + 2].value, *colons = strstr(f, "::");
		char *file = colons ? xstrndup(f, (size_t)(colons - f)) : xstrdup(f);
		char *out = NULL;
		if (mg_ends_with(file, ".py") && find_rel(c, file) >= 0) {
			struct strbuf sb = STRBUF_INIT;
			strbuf_adds(&sb, "python ");
			sh_quote_literal(file, &sb);
			for (size_t w = i + 3; w < ws->nr; w++) {
				strbuf_addch(&sb, ' ');
				sh_quote_literal(ws->v[w].value, &sb);
			}
			out = strbuf_detach(&sb);
			note(c, "'modal run' calls the local entrypoint of %s%s with the options given", file, "");
		}
		free(file);
		return out;
	}
	if (!strcmp(b, "snakemake"))
		return snakemake(c, ws, i + 1, env);
	if (!strcmp(b, "papermill"))
		return papermill(c, ws, i + 1);
	return NULL;
}

void mg_task_sets(struct ctx *c)
{
	const char *k;
	json_t *v;
	json_object_foreach(c->global_sets, k, v) mg_hp_set(c, k, v, HP_CMD, "--cmd");
	json_decref(c->global_sets);
	c->global_sets = NULL;
	size_t i;
	json_t *s;
	json_array_foreach(c->param_sets, i, s)
	{
		const char *file = json_string_value(json_array_get(s, 0)), *key = json_string_value(json_array_get(s, 1));
		const char *src = mg_hp_src(c, key);
		size_t fl = strlen(file);
		/* a key the params file gave (params.yaml:7): the value DVC writes into it before the stage runs */
		if (src && !strncmp(src, file, fl) && src[fl] == ':')
			mg_hp_set(c, key, json_array_get(s, 2), HP_CMD, "--cmd");
	}
}

void mg_cli_data_option(struct ctx *c)
{
	static const char *const keys[] = {"dataset", "data", "train_file", "train_data", "data_path", "dataset_path",
					   "training_data", "training_set", NULL};
	static const char *const exts[] = {".csv", ".tsv", ".jsonl", ".json", ".parquet", ".txt", ".arrow", NULL};
	if (c->entry >= 0 || !c->have_cmd || json_array_size(c->datasets))
		return;
	for (int i = 0; keys[i]; i++) {
		const char *v = json_string_value(json_object_get(c->lc.launch_opts, keys[i]));
		if (!v || !*v || v[0] == '-')
			continue;
		bool data = mg_find_file(c, v) >= 0;
		for (int e = 0; !data && exts[e]; e++)
			data = mg_ends_with(v, exts[e]);
		if (data) {
			mg_add_unique(c->datasets, v, c->sources, "datasets", "--cmd");
			json_object_del(c->unknown, "datasets");
		}
	}
}
