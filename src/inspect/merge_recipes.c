/* merge_recipes.c - `make TARGET NAME=value` and `just RECIPE ARGS...` in the command: the tree's Makefile
 * or justfile target, turned into a script by recipes.c, followed to its launch line like a wrapper. */
#include "cmdline.h"
#include "mctx.h"
#include "recipes.h"
#include "shscan.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void set_assignment(json_t *obj, const char *w)
{
	const char *eq = strchr(w, '=');
	char *name = xstrndup(w, (size_t)(eq - w));
	json_t *v = json_string(eq + 1);
	if (v)
		json_object_set_new(obj, name, v);
	free(name);
}

/* The file the command names (-f FILE) or the tool's default names, in -C/-d DIR, else the folder the
 * command's `cd` entered, else the root; -1 when none is in the tree. */
static int recipe_file(const struct ctx *c, bool make, const char *file, const char *dir)
{
	static const char *const make_names[] = {"GNUmakefile", "makefile", "Makefile", NULL};
	static const char *const just_names[] = {"justfile", "Justfile", ".justfile", NULL};
	const char *const *names = make ? make_names : just_names;
	const char *one[] = {file, NULL};
	if (file)
		names = one;
	const char *base = dir ? dir : c->cwd;
	for (int i = 0; names[i]; i++) {
		const char *n = names[i];
		while (!strncmp(n, "./", 2))
			n += 2;
		char *p = base ? mg_join_norm(base, n) : xstrdup(n);
		int k = p ? mg_find_file(c, p) : -1;
		free(p);
		if (k >= 0 && c->files[k].kind == FK_RECIPES)
			return k;
	}
	return -1;
}

char *mg_recipe_cmd(struct ctx *c, const struct shwords *ws, size_t i, json_t *env)
{
	const char *prog = strrchr(ws->v[i].value, '/');
	prog = prog ? prog + 1 : ws->v[i].value;
	bool make = strcmp(prog, "just") != 0;
	const char *file = NULL, *dir = NULL, *target = NULL;
	json_t *over = json_object(), *argv = json_array();
	for (size_t a = i + 1; a < ws->nr; a++) {
		const char *w = ws->v[a].value;
		const char *next = a + 1 < ws->nr ? ws->v[a + 1].value : NULL;
		if (make && !target && (!strcmp(w, "-f") || !strcmp(w, "--file") || !strcmp(w, "--makefile")) && next)
			file = next, a++;
		else if (!make && !target && (!strcmp(w, "-f") || !strcmp(w, "--justfile")) && next)
			file = next, a++;
		else if (!target && (!strcmp(w, "-C") || !strcmp(w, "--directory") || (!make && !strcmp(w, "-d")) ||
				     !strcmp(w, "--working-directory")) &&
			 next)
			dir = next, a++;
		else if (make && !target && !strncmp(w, "-C", 2) && w[2])
			dir = w + 2;
		else if (make && !target && !strncmp(w, "-f", 2) && w[2])
			file = w + 2;
		else if (!make && !target && !strcmp(w, "--set") && next && a + 2 < ws->nr) {
			json_object_set_new(over, next, json_string(ws->v[a + 2].value) ?: json_string(""));
			a += 2;
		} else if (make && (!strcmp(w, "-j") || !strcmp(w, "-l")) && next && isdigit((unsigned char)next[0]))
			a++;
		else if ((make || !target) && w[0] == '-')
			continue;
		else if ((make || !target) && cmd_word_is_assignment(w))
			set_assignment(over, w); /* make NAME=v (any place), just NAME=v RECIPE */
		else if (!target)
			target = w;
		else if (!make)
			json_array_append_new(argv, json_string(w) ?: json_string(""));
	}
	char *out = NULL;
	int k = recipe_file(c, make, file, dir);
	const char *text = k >= 0 ? json_string_value(json_object_get(c->files[k].facts, "recipes")) : NULL;
	char *why = NULL;
	char *script = text ? recipe_script(make ? RK_MAKE : RK_JUST, text, strlen(text), target, over, &why) : NULL;
	if (script) {
		json_decref(c->recipe_lines);
		c->recipe_lines = shscan(script, strlen(script));
		json_t *e = json_copy(env);
		const char *key;
		json_t *v;
		json_object_foreach(over, key, v) json_object_set(e, key, v);
		out = mg_follow_lines(c, c->recipe_lines, c->files[k].rel, argv, e);
		json_decref(e);
		struct strbuf n = STRBUF_INIT;
		if (out)
			strbuf_addf(&n, "'%s%s%s' runs the %s at %s", prog, target ? " " : "", target ? target : "",
				    make ? "Makefile target's recipe" : "justfile recipe", c->launch_src);
		else
			strbuf_addf(&n, "'%s%s%s': the %s of %s launches no Python program maple can see", prog,
				    target ? " " : "", target ? target : "", make ? "target" : "recipe", c->files[k].rel);
		json_array_append_new(c->notes, json_string(n.buf));
		strbuf_release(&n);
	} else if (why) {
		struct strbuf n = STRBUF_INIT;
		strbuf_addf(&n, "'%s': %s (%s)", prog, why, c->files[k].rel);
		json_array_append_new(c->notes, json_string(n.buf));
		strbuf_release(&n);
	}
	free(why);
	free(script);
	json_decref(over);
	json_decref(argv);
	return out;
}
