/* merge_argfiles.c - argument files named in the program's words: argparse's `@FILE`
 * (fromfile_prefix_chars; one argument a line, or a line split at blanks, as the common
 * convert_arg_line_to_args override does) and absl's `--flagfile=FILE` (one flag a line, # and //
 * comments, a --flagfile inside read in place). Their words replace the word that named them, so the
 * options after it win as they do in the program; each word keeps its file and line (c->word_src).
 * And the .env file python-dotenv's load_dotenv() reads into the program's environment. */
#include "cmdline.h"
#include "mctx.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* The tree's file of an argument file's name (relative to the folder the command entered first) */

/* The next line of text at *p (NULL or its end: none): a copy in *l (the caller frees it), returned past its
 * leading blanks; *p moves past the line. */
static char *next_line(const char **p, char **l)
{
	if (!*p || !**p)
		return NULL;
	const char *nl = strchr(*p, '\n');
	size_t n = nl ? (size_t)(nl - *p) : strlen(*p);
	*l = xstrndup(*p, n);
	*p = nl ? nl + 1 : *p + n;
	char *t = *l;
	while (*t == ' ' || *t == '\t')
		t++;
	return t;
}

static int argfile(const struct ctx *c, const char *name)
{
	while (!strncmp(name, "./", 2))
		name += 2;
	int k = -1;
	if (c->cwd) {
		char *p = mg_join_norm(c->cwd, name);
		k = p ? mg_find_file(c, p) : -1;
		free(p);
	}
	if (k < 0)
		k = mg_find_file(c, name);
	return k >= 0 && json_is_string(json_object_get(c->files[k].facts, "text")) ? k : -1;
}

static void push(json_t *words, json_t *srcs, const char *w, const char *src)
{
	json_array_append_new(words, json_string(w) ?: json_string("?"));
	json_array_append_new(srcs, src ? json_string(src) : json_null());
}

static void expand_file(struct ctx *c, int k, bool absl, json_t *words, json_t *srcs, int depth);

/* One word: an argument file's reference expanded, anything else kept */
static bool expand_word(struct ctx *c, const char *w, const char *next, bool *took_next, json_t *words, json_t *srcs,
			const char *src, int depth)
{
	*took_next = false;
	const char *name = NULL;
	bool absl = false;
	if (w[0] == '@' && w[1])
		name = w + 1;
	else if (!strncmp(w, "--flagfile=", 11) || !strncmp(w, "-flagfile=", 10))
		name = strchr(w, '=') + 1, absl = true;
	else if ((!strcmp(w, "--flagfile") || !strcmp(w, "-flagfile")) && next)
		name = next, absl = true, *took_next = true;
	int k = name && depth < 8 ? argfile(c, name) : -1;
	if (k < 0) {
		*took_next = false;
		push(words, srcs, w, src);
		return false;
	}
	expand_file(c, k, absl, words, srcs, depth + 1);
	return true;
}

static void expand_file(struct ctx *c, int k, bool absl, json_t *words, json_t *srcs, int depth)
{
	const char *text = json_string_value(json_object_get(c->files[k].facts, "text"));
	struct shwords ws;
	long long line = 1;
	char *l, *t;
	for (const char *p = text; (t = next_line(&p, &l)) != NULL; line++) {
		size_t tl = strlen(t);
		while (tl && (t[tl - 1] == '\r' || t[tl - 1] == ' ' || t[tl - 1] == '\t'))
			t[--tl] = '\0';
		if (!*t || (absl && (*t == '#' || !strncmp(t, "//", 2)))) {
			free(l);
			continue;
		}
		char *src = mg_src_str(c->files[k].rel, line);
		shwords_init(&ws);
		shlex_split(t, strlen(t), &ws);
		for (size_t i = 0; i < ws.nr; i++) {
			bool took;
			expand_word(c, ws.v[i].value, i + 1 < ws.nr ? ws.v[i + 1].value : NULL, &took, words, srcs, src, depth);
			i += took;
		}
		shwords_release(&ws);
		free(src);
		free(l);
	}
}

void mg_expand_argfiles(struct ctx *c)
{
	size_t n = json_array_size(c->lc.words);
	bool any = false;
	for (size_t i = 0; i < n && !any; i++) {
		const char *w = json_string_value(json_array_get(c->lc.words, i));
		any = w && (w[0] == '@' || strstr(w, "flagfile"));
	}
	if (!any)
		return;
	json_t *words = json_array(), *srcs = json_array();
	bool expanded = false;
	for (size_t i = 0; i < n; i++) {
		const char *w = json_string_value(json_array_get(c->lc.words, i));
		const char *next = json_string_value(json_array_get(c->lc.words, i + 1));
		bool took;
		if (!w)
			continue;
		expanded |= expand_word(c, w, next, &took, words, srcs, NULL, 0);
		i += took;
	}
	if (!expanded) {
		json_decref(words);
		json_decref(srcs);
		return;
	}
	json_decref(c->lc.words);
	c->lc.words = words;
	json_decref(c->word_src);
	c->word_src = srcs;
	json_array_append_new(c->notes, json_string("the argument files the command names (@FILE, --flagfile) were "
						    "read in place of their words"));
}

/* The .env file python-dotenv's load_dotenv() reads: the path it is given, else the first .env from the
 * calling file's folder up to the root (find_dotenv). NAME -> [value, "file:line"] in c->dotenv. */
static void dotenv_read(struct ctx *c)
{
	c->dotenv = json_object();
	int caller = -1;
	const char *path = NULL;
	bool override = false;
	for (size_t i = 0; i < c->n && caller < 0; i++) {
		if (!c->in_scope[i] || c->files[i].kind != FK_PYTHON)
			continue;
		size_t k;
		json_t *call;
		json_array_foreach(json_object_get(mg_py(c, (int)i), "calls"), k, call)
		{
			const char *name = json_string_value(json_object_get(call, "name"));
			const char *full = json_string_value(json_object_get(call, "full"));
			if (!name || strcmp(name, "load_dotenv") || (full && strchr(full, '.') && !mg_mod_is(full, "dotenv")))
				continue;
			caller = (int)i;
			json_t *a0 = json_array_get(json_object_get(call, "args"), 0);
			if (!a0)
				a0 = json_object_get(json_object_get(call, "kw"), "dotenv_path");
			path = json_string_value(a0);
			override = json_is_true(json_object_get(json_object_get(call, "kw"), "override"));
			break;
		}
	}
	if (caller < 0)
		return;
	int f = -1;
	if (path) {
		f = mg_resolve_path(c, path);
	} else {
		char *dir = mg_dir_of(c->files[caller].rel);
		for (;;) {
			char *p = *dir ? mg_join_norm(dir, ".env") : xstrdup(".env");
			f = p ? mg_find_file(c, p) : -1;
			free(p);
			char *sl = strrchr(dir, '/');
			if (f >= 0 || !*dir)
				break;
			if (sl)
				*sl = '\0';
			else
				*dir = '\0';
		}
		free(dir);
	}
	const char *text = f >= 0 ? json_string_value(json_object_get(c->files[f].facts, "text")) : NULL;
	long long line = 1;
	char *l, *t;
	for (const char *p = text; (t = next_line(&p, &l)) != NULL; line++) {
		if (!strncmp(t, "export ", 7))
			t += 7;
		char *eq = strchr(t, '=');
		if (*t && *t != '#' && eq && eq > t) {
			*eq = '\0';
			char *v = eq + 1, *e = v + strlen(v);
			while (e > v && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
				*--e = '\0';
			if (*v == '"' || *v == '\'') {
				char *q = strchr(v + 1, *v);
				if (q)
					*q = '\0';
				v++;
			} else if ((e = strstr(v, " #")) != NULL) {
				*e = '\0';
			}
			char *src = mg_src_str(c->files[f].rel, line);
			json_object_set_new(c->dotenv, t, json_pack("[s s b]", v, src, override));
			free(src);
		}
		free(l);
	}
}

const char *mg_dotenv(struct ctx *c, const char *var, const char **src, bool *over)
{
	if (!c->dotenv)
		dotenv_read(c);
	json_t *e = json_object_get(c->dotenv, var);
	if (e && src)
		*src = json_string_value(json_array_get(e, 1));
	if (over)
		*over = e && json_is_true(json_array_get(e, 2));
	return json_string_value(json_array_get(e, 0));
}
