/* cmdline.c - the launch-command reader of cmdline.h (shell words from request/shword.c). */
#include "cmdline.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

json_t *typed_arg(const char *s)
{
	if (!strcmp(s, "true") || !strcmp(s, "True"))
		return json_true();
	if (!strcmp(s, "false") || !strcmp(s, "False"))
		return json_false();
	char *end;
	if (*s && (isdigit((unsigned char)*s) || ((*s == '-' || *s == '.') && s[1]))) {
		long long v = strtoll(s, &end, 10);
		if (!*end)
			return json_integer(v);
		double d = strtod(s, &end);
		if (!*end)
			return json_real(d);
	}
	json_t *v = json_string(s);
	return v ? v : json_string("?");
}

static json_t *typed_key(const char *s)
{
	json_t *v = json_string(s);
	return v ? v : json_string("?");
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && !strcmp(s + a - b, suffix);
}

static const char *base(const char *s)
{
	const char *slash = strrchr(s, '/');
	return slash ? slash + 1 : s;
}

/* Launcher options that take no value. */
/* launcher options that always take a value (torchrun, deepspeed, accelerate) */
static bool valued_opt(const char *name)
{
	static const char *const v[] = {"nproc_per_node", "nproc-per-node", "nnodes", "node_rank", "node-rank",
					"master_port", "master-port", "master_addr", "master-addr", "rdzv_endpoint",
					"rdzv-endpoint", "rdzv_id", "num_processes", "num_machines", "machine_rank",
					"main_process_port", "main_process_ip", "num_gpus", "num_nodes", NULL};
	for (int i = 0; v[i]; i++)
		if (!strcmp(name, v[i]))
			return true;
	return false;
}

static bool flag_opt(const char *name)
{
	static const char *const flags[] = {"standalone", "multi_gpu", "use_fsdp", "use_deepspeed", "no_python", "u",
					    "module", "m", "cpu", "tpu", "no-python", "multi-gpu", "use-fsdp",
					    "use-deepspeed", NULL};
	for (int i = 0; flags[i]; i++)
		if (!strcmp(name, flags[i]))
			return true;
	return false;
}

/* Python's one-letter options run together before its -m: `python -um pkg.train` (-u -m), `python3 -OOBm x` */
static bool python_flags_m(const char *w, const char *launcher)
{
	size_t n = strlen(w);
	if (!launcher || strncmp(launcher, "python", 6) || n < 3 || w[0] != '-' || w[1] == '-' || w[n - 1] != 'm')
		return false;
	for (size_t k = 1; k + 1 < n; k++)
		if (!strchr("bBdEiIOPqsSuvx", w[k]))
			return false;
	return true;
}

static char *opt_name(const char *w)
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

int launch_cmd_parse(const char *cmd, struct launch_cmd *out)
{
	memset(out, 0, sizeof(*out));
	out->launch_opts = json_object();
	out->args = json_array();
	out->words = json_array();
	out->env = json_object();
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(cmd, strlen(cmd), &ws);
	size_t i = 0;
	int rc = -1;
	/* environment assignments first */
	while (i < ws.nr && strchr(ws.v[i].value, '=') && ws.v[i].value[0] != '-' &&
	       (isalpha((unsigned char)ws.v[i].value[0]) || ws.v[i].value[0] == '_')) {
		const char *w = ws.v[i].value, *eq = strchr(w, '=');
		bool name = true;
		for (const char *p = w; p < eq; p++)
			name = name && (isalnum((unsigned char)*p) || *p == '_');
		if (!name)
			break;
		char *k = xstrndup(w, (size_t)(eq - w));
		json_t *v = json_string(eq + 1);
		if (v)
			json_object_set_new(out->env, k, v);
		free(k);
		i++;
	}
	for (; i < ws.nr; i++) {
		const char *w = ws.v[i].value;
		const char *b = base(w);
		if (ends_with(w, ".py") || ends_with(w, ".ipynb")) { /* a notebook run as a program (papermill) */
			out->entry = xstrdup(w);
			i++;
			rc = 0;
			break;
		}
		if (w[0] == '-') {
			/* python -m, accelerate launch -m, deepspeed --module, torchrun --module */
			if ((!strcmp(w, "-m") || !strcmp(w, "--module") || python_flags_m(w, out->launcher)) && i + 1 < ws.nr &&
			    ws.v[i + 1].value[0] != '-') {
				const char *mod = ws.v[i + 1].value;
				if (!strcmp(mod, "torch.distributed.run") || !strcmp(mod, "torch.distributed.launch")) {
					free(out->launcher);
					out->launcher = xstrdup("torchrun");
					i++;
					continue;
				}
				/* fastai's launcher: one process per GPU running the script under DDP
				 * (https://docs.fast.ai/distributed.html) */
				if (!strcmp(mod, "fastai.launch")) {
					free(out->launcher);
					out->launcher = xstrdup("fastai");
					i++;
					continue;
				}
				/* PaddlePaddle's launcher runs the script after its own options */
				if (!strcmp(mod, "paddle.distributed.launch") || !strcmp(mod, "paddle.distributed.fleet.launch")) {
					free(out->launcher);
					out->launcher = xstrdup("paddle");
					i++;
					continue;
				}
				struct strbuf p = STRBUF_INIT;
				for (const char *c = mod; *c; c++)
					strbuf_addch(&p, *c == '.' ? '/' : *c);
				strbuf_adds(&p, ".py");
				out->entry = strbuf_detach(&p);
				i += 2;
				rc = 0;
				break;
			}
			char *name = opt_name(w);
			json_t *v;
			const char *eq = strchr(w, '=');
			if (eq)
				v = typed_arg(eq + 1);
			else if (!flag_opt(name) && i + 1 < ws.nr && ws.v[i + 1].value[0] != '-' &&
				 !ends_with(ws.v[i + 1].value, ".py"))
				v = typed_arg(ws.v[++i].value);
			else
				v = json_true();
			/* a launcher option that takes a value but shows none (`--nproc_per_node $N` with N set by a
			 * command maple does not run): unknown, not true */
			if (json_is_true(v) && valued_opt(name)) {
				json_decref(v);
				free(name);
				continue;
			}
			json_object_set_new(out->launch_opts, name, v);
			free(name);
			continue;
		}
		/* a program word: the last one before the script is the launcher */
		/* a launcher's subcommand: accelerate launch, colossalai run */
		/* Lightning Fabric's `fabric run SCRIPT` and the older `lightning run model SCRIPT` */
		if (((!strcmp(b, "launch") && out->launcher && !strcmp(out->launcher, "accelerate")) ||
		     (!strcmp(b, "run") && out->launcher &&
		      (!strcmp(out->launcher, "colossalai") || !strcmp(out->launcher, "fabric") ||
		       !strcmp(out->launcher, "lightning"))) ||
		     (!strcmp(b, "model") && out->launcher && !strcmp(out->launcher, "lightning"))))
			continue;
		if (!strncmp(b, "python", 6))
			b = out->launcher && strcmp(out->launcher, "srun") && strcmp(out->launcher, "mpiexec") ? out->launcher
											       : "python";
		char *nb = xstrdup(b);
		free(out->launcher);
		out->launcher = nb;
	}
	/* the script's own arguments */
	for (size_t k = i; k < ws.nr; k++) {
		json_t *w = json_string(ws.v[k].value);
		json_array_append_new(out->words, w ? w : json_string("?"));
	}
	for (; i < ws.nr; i++) {
		const char *w = ws.v[i].value;
		if (w[0] != '-' || !w[1] || (isdigit((unsigned char)w[1]) && w[0] == '-'))
			continue;
		char *name = opt_name(w);
		const char *eq = strchr(w, '=');
		json_t *v;
		if (eq)
			v = typed_arg(eq + 1);
		else if (i + 1 < ws.nr && (ws.v[i + 1].value[0] != '-' || isdigit((unsigned char)ws.v[i + 1].value[1]) ||
					   ws.v[i + 1].value[1] == '.'))
			v = typed_arg(ws.v[++i].value);
		else
			v = json_true();
		json_t *pair = json_array();
		json_array_append_new(pair, typed_key(name));
		json_array_append_new(pair, v);
		json_array_append_new(out->args, pair);
		free(name);
	}
	shwords_release(&ws);
	return rc;
}

void launch_cmd_release(struct launch_cmd *c)
{
	free(c->launcher);
	free(c->entry);
	json_decref(c->launch_opts);
	json_decref(c->args);
	json_decref(c->words);
	json_decref(c->env);
	memset(c, 0, sizeof(*c));
}

/* ---- a README block: assignments, cd, several commands -------------------------------------- */

/* Commands that prepare a run rather than start it. */
static bool setup_word(const char *w)
{
	static const char *const setup[] = {"pip",	 "pip3",  "conda", "git",   "mkdir", "wget",  "curl",
					    "huggingface-cli", "source", ".",	   "echo",  "cp",    "mv",    "rm",
					    "ln",	 "apt",   "apt-get", "ls",    "cat",   "set",   "module",
					    "unset",	 "tar",   "nvidia-smi", "sleep", "export", "cd", "pushd",
					    "popd",	 "uv",	  "mamba", "chmod", "touch", "wandb", "exit",  "wait",
					    "tee",	 "trap",  "date",  "hostname", "true", "false", NULL};
	for (int i = 0; setup[i]; i++)
		if (!strcmp(w, setup[i]))
			return true;
	return false;
}

bool cmd_word_is_assignment(const char *w)
{
	const char *eq = strchr(w, '=');
	if (!eq || eq == w || !(isalpha((unsigned char)*w) || *w == '_'))
		return false;
	for (const char *p = w; p < eq; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return false;
	return true;
}

/* Splits a block at unquoted newlines (not after a backslash), ';', '&&', '||' and '|'. */
static void split_segments(const char *s, struct strvec *out)
{
	struct strbuf cur = STRBUF_INIT;
	char q = 0;
	for (size_t i = 0; s[i]; i++) {
		char ch = s[i];
		if (q) {
			if (ch == '\\' && q == '"' && s[i + 1]) {
				strbuf_addch(&cur, ch);
				strbuf_addch(&cur, s[++i]);
				continue;
			}
			if (ch == q)
				q = 0;
			strbuf_addch(&cur, ch);
			continue;
		}
		if (ch == '\\' && s[i + 1]) {
			strbuf_addch(&cur, ch);
			strbuf_addch(&cur, s[++i]);
			continue;
		}
		if (ch == '\'' || ch == '"') {
			q = ch;
			strbuf_addch(&cur, ch);
			continue;
		}
		if (ch == '#' && (i == 0 || isspace((unsigned char)s[i - 1]))) { /* a comment to the end of line */
			while (s[i + 1] && s[i + 1] != '\n')
				i++;
			continue;
		}
		bool cut = ch == '\n' || ch == ';' || (ch == '&' && s[i + 1] == '&') || ch == '|';
		if (!cut) {
			strbuf_addch(&cur, ch);
			continue;
		}
		if ((ch == '&' || ch == '|') && s[i + 1] == ch)
			i++;
		strvec_push(out, cur.buf);
		strbuf_reset(&cur);
	}
	strvec_push(out, cur.buf);
	strbuf_release(&cur);
}

/* $NAME, ${NAME} and ${NAME:-default} of vars substituted outside single quotes; the others kept. */
static char *substitute(const char *s, json_t *vars, bool *changed)
{
	struct strbuf o = STRBUF_INIT;
	bool sq = false;
	for (size_t i = 0; s[i]; i++) {
		char ch = s[i];
		if (ch == '\'') {
			sq = !sq;
			strbuf_addch(&o, ch);
			continue;
		}
		if (ch != '$' || sq) {
			strbuf_addch(&o, ch);
			continue;
		}
		size_t j = i + 1, nb, ne;
		bool brace = s[j] == '{';
		if (brace)
			j++;
		nb = j;
		while (isalnum((unsigned char)s[j]) || s[j] == '_')
			j++;
		ne = j;
		if (ne == nb || isdigit((unsigned char)s[nb])) {
			strbuf_addch(&o, ch);
			continue;
		}
		char *name = xstrndup(s + nb, ne - nb);
		const char *val = json_string_value(json_object_get(vars, name));
		char *def = NULL;
		if (brace) {
			size_t k = j;
			if (s[k] == ':' && s[k + 1] == '-') {
				size_t d = k + 2;
				while (s[k] && s[k] != '}')
					k++;
				def = xstrndup(s + d, k - d);
			}
			while (s[k] && s[k] != '}')
				k++;
			if (s[k] != '}') {
				free(name);
				free(def);
				strbuf_addch(&o, ch);
				continue;
			}
			j = k + 1;
		}
		const char *use = val ? val : def;
		if (use) {
			strbuf_adds(&o, use);
			*changed = true;
			i = j - 1;
		} else {
			strbuf_addch(&o, ch);
		}
		free(name);
		free(def);
	}
	return strbuf_detach(&o);
}

/* The words of one segment, variables of vars substituted. */
static void seg_words(const char *seg, json_t *vars, struct shwords *ws)
{
	bool ch = false;
	char *t = substitute(seg, vars, &ch);
	shwords_init(ws);
	shlex_split(t, strlen(t), ws);
	free(t);
}

static bool looks_like_training(const char *seg)
{
	static const char *const hints[] = {"torchrun", "deepspeed", "accelerate", "torch.distributed", "srun",
					    "mpirun", "composer", "train", "finetune", "fine_tune", "pretrain", NULL};
	for (int i = 0; hints[i]; i++)
		if (strstr(seg, hints[i]))
			return true;
	return false;
}

json_t *cmd_block_sourced(const char *cmd)
{
	json_t *out = json_array();
	struct strvec segs = STRVEC_INIT;
	split_segments(cmd, &segs);
	for (size_t i = 0; i < segs.nr; i++) {
		struct shwords ws;
		shwords_init(&ws);
		shlex_split(segs.v[i], strlen(segs.v[i]), &ws);
		if (ws.nr == 2 && (!strcmp(ws.v[0].value, "source") || !strcmp(ws.v[0].value, ".")) &&
		    !strchr(ws.v[1].value, '$') && !strchr(ws.v[1].value, '`'))
			json_array_append_new(out, json_string(ws.v[1].value) ?: json_string(""));
		shwords_release(&ws);
	}
	strvec_clear(&segs);
	return out;
}

char *cmd_block_flatten(const char *cmd, char **cwd)
{
	*cwd = NULL;
	struct strvec segs = STRVEC_INIT;
	split_segments(cmd, &segs);
	json_t *vars = json_object();
	int first_hint = -1, last = -1, nsegs = 0;
	char *dir_at[64] = {NULL};
	char *dir = NULL;
	for (size_t i = 0; i < segs.nr; i++) {
		struct shwords ws;
		seg_words(segs.v[i], vars, &ws);
		if (!ws.nr) {
			shwords_release(&ws);
			continue;
		}
		nsegs++;
		const char *w0 = ws.v[0].value;
		size_t a = 0;
		if (!strcmp(w0, "export") || !strcmp(w0, "declare"))
			a = 1;
		bool all_assign = true;
		for (size_t k = a; k < ws.nr; k++)
			all_assign = all_assign && cmd_word_is_assignment(ws.v[k].value);
		if (all_assign) {
			for (size_t k = a; k < ws.nr; k++) {
				const char *w = ws.v[k].value, *eq = strchr(w, '=');
				char *name = xstrndup(w, (size_t)(eq - w));
				json_object_set_new(vars, name, json_string(eq + 1) ?: json_string("?"));
				free(name);
			}
		} else if ((!strcmp(w0, "cd") || !strcmp(w0, "pushd")) && ws.nr == 2) {
			const char *d = ws.v[1].value;
			free(dir);
			dir = d[0] == '/' || d[0] == '~' || d[0] == '$' || d[0] == '-' ? NULL : xstrdup(d);
		} else {
			size_t k = 0;
			while (k < ws.nr && cmd_word_is_assignment(ws.v[k].value))
				k++;
			if (k < ws.nr && !setup_word(ws.v[k].value)) {
				if (first_hint < 0 && looks_like_training(segs.v[i]))
					first_hint = (int)i;
				last = (int)i;
				if (i < 64)
					dir_at[i] = dir ? xstrdup(dir) : NULL;
			}
		}
		shwords_release(&ws);
	}
	int pick = first_hint >= 0 ? first_hint : last;
	char *out = NULL;
	if (pick >= 0 && (nsegs > 1 || json_object_size(vars))) {
		bool ch = false;
		char *t = substitute(segs.v[pick], vars, &ch);
		/* trim blanks and a trailing continuation */
		char *b = t;
		while (isspace((unsigned char)*b))
			b++;
		size_t l = strlen(b);
		while (l && (isspace((unsigned char)b[l - 1]) || b[l - 1] == '\\'))
			l--;
		out = xstrndup(b, l);
		free(t);
		if (pick < 64 && dir_at[pick]) {
			*cwd = dir_at[pick];
			dir_at[pick] = NULL;
		}
	}
	for (int i = 0; i < 64; i++)
		free(dir_at[i]);
	free(dir);
	json_decref(vars);
	strvec_clear(&segs);
	return out;
}
