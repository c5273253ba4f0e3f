/* cmdline.c - the launch-command reader of cmdline.h (shell words from request/shword.c). */
#include "cmdline.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
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
		if (ends_with(w, ".py")) {
			out->entry = xstrdup(w);
			i++;
			rc = 0;
			break;
		}
		if (w[0] == '-') {
			/* python -m, accelerate launch -m, deepspeed --module, torchrun --module */
			if ((!strcmp(w, "-m") || !strcmp(w, "--module")) && i + 1 < ws.nr && ws.v[i + 1].value[0] != '-') {
				const char *mod = ws.v[i + 1].value;
				if (!strcmp(mod, "torch.distributed.run") || !strcmp(mod, "torch.distributed.launch")) {
					free(out->launcher);
					out->launcher = xstrdup("torchrun");
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
			json_object_set_new(out->launch_opts, name, v);
			free(name);
			continue;
		}
		/* a program word: the last one before the script is the launcher */
		if (!strcmp(b, "launch") && out->launcher && !strcmp(out->launcher, "accelerate"))
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
