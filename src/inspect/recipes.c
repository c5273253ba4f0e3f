/* recipes.c - Makefile and justfile targets as the shell script they run (recipes.h). */
#include "recipes.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define RECIPE_MAX_LINES 5000
#define RECIPE_MAX_PARAMS 32

int recipe_kind_of(const char *name)
{
	size_t n = strlen(name);
	if (!strcmp(name, "Makefile") || !strcmp(name, "makefile") || !strcmp(name, "GNUmakefile") ||
	    (n > 3 && !strcmp(name + n - 3, ".mk")))
		return RK_MAKE;
	if (!strcmp(name, "justfile") || !strcmp(name, "Justfile") || !strcmp(name, ".justfile"))
		return RK_JUST;
	return -1;
}

struct line {
	const char *s;
	size_t n;
};

struct lines {
	struct line *v;
	size_t nr;
	char **out; /* the shell text of each line (NULL: blank) */
};

static void lines_split(const char *text, size_t len, struct lines *ls)
{
	size_t cap = 64;
	ls->v = xmalloc(cap * sizeof(*ls->v));
	ls->nr = 0;
	const char *p = text, *end = text + len;
	while (p < end && ls->nr < RECIPE_MAX_LINES) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		size_t n = e ? (size_t)(e - p) : (size_t)(end - p);
		if (n && p[n - 1] == '\r')
			n--;
		if (ls->nr == cap) {
			cap *= 2;
			ls->v = xrealloc(ls->v, cap * sizeof(*ls->v));
		}
		ls->v[ls->nr].s = p;
		ls->v[ls->nr].n = n;
		ls->nr++;
		if (!e)
			break;
		p = e + 1;
	}
	ls->out = xcalloc(ls->nr ? ls->nr : 1, sizeof(char *));
}

static void lines_release(struct lines *ls)
{
	for (size_t i = 0; i < ls->nr; i++)
		free(ls->out[i]);
	free(ls->out);
	free(ls->v);
}

static char *lines_join(const struct lines *ls)
{
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = 0; i < ls->nr; i++) {
		if (ls->out[i])
			strbuf_adds(&sb, ls->out[i]);
		strbuf_addch(&sb, '\n');
	}
	return strbuf_detach(&sb);
}

static bool blank_or_comment(const struct line *l)
{
	size_t i = 0;
	while (i < l->n && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	return i == l->n || l->s[i] == '#';
}

static bool continued(const struct line *l)
{
	return l->n && l->s[l->n - 1] == '\\';
}

static bool name_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

static bool overridden(json_t *overrides, const char *name, size_t n)
{
	if (!overrides)
		return false;
	char *k = xstrndup(name, n);
	bool r = json_object_get(overrides, k) != NULL;
	free(k);
	return r;
}

/* a double-quoted shell string's inside: " and \ escaped unless the \ ends the line (a continuation) */
static void add_dq(struct strbuf *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '"' || (s[i] == '\\' && i + 1 < n))
			strbuf_addch(out, '\\');
		strbuf_addch(out, s[i]);
	}
}

/* ---- make ------------------------------------------------------------------------------------- */

/* make's references in s[0..n) as the shell's: $(NAME) and ${NAME} as ${NAME}, $(shell CMD) as $(CMD),
 * $$ as $, $@ as the target; other functions are kept (the shell sees a command it does not run). */
static void make_expand(const char *s, size_t n, const char *target, struct strbuf *out)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] != '$' || i + 1 >= n) {
			strbuf_addch(out, s[i]);
			continue;
		}
		char nx = s[i + 1];
		if (nx == '$') {
			strbuf_addch(out, '$');
			i++;
		} else if (nx == '@') {
			strbuf_adds(out, target ? target : "");
			i++;
		} else if (nx == '(' || nx == '{') {
			char close = nx == '(' ? ')' : '}';
			size_t j = i + 2, depth = 1;
			while (j < n && depth) {
				if (s[j] == nx)
					depth++;
				else if (s[j] == close)
					depth--;
				if (depth)
					j++;
			}
			const char *in = s + i + 2;
			size_t in_n = j - (i + 2);
			size_t k = 0;
			while (k < in_n && (name_char(in[k]) || in[k] == '.' || in[k] == '-'))
				k++;
			if (k == in_n && k) {
				strbuf_adds(out, "${");
				strbuf_add(out, in, in_n);
				strbuf_addch(out, '}');
			} else if (in_n > 6 && !strncmp(in, "shell ", 6)) {
				strbuf_adds(out, "$(");
				strbuf_add(out, in + 6, in_n - 6);
				strbuf_addch(out, ')');
			} else {
				strbuf_adds(out, "$(");
				strbuf_add(out, in, in_n);
				strbuf_addch(out, ')');
			}
			i = j < n ? j : n - 1;
		} else if (name_char(nx)) {
			strbuf_addf(out, "${%c}", nx);
			i++;
		} else {
			strbuf_addch(out, '$');
		}
	}
}

struct massign {
	size_t name_at, name_n; /* in the line */
	char op;		/* '=', ':', '?', '+', '!' */
	size_t value_at;
	bool exported, override;
};

/* NAME = v, NAME := v, NAME ::= v, NAME ?= v, NAME += v, NAME != v, after export/override */
static bool make_assignment(const struct line *l, struct massign *a)
{
	memset(a, 0, sizeof(*a));
	size_t i = 0;
	const char *s = l->s;
	size_t n = l->n;
	if (n && (s[0] == '\t' || s[0] == '#'))
		return false;
	for (int round = 0; round < 2; round++) {
		if (n - i > 7 && !strncmp(s + i, "export ", 7))
			a->exported = true, i += 7;
		else if (n - i > 9 && !strncmp(s + i, "override ", 9))
			a->override = true, i += 9;
		while (i < n && s[i] == ' ')
			i++;
	}
	a->name_at = i;
	while (i < n && (name_char(s[i]) || s[i] == '.' || s[i] == '-'))
		i++;
	a->name_n = i - a->name_at;
	if (!a->name_n)
		return false;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	if (i < n && s[i] == '=')
		a->op = '=', i++;
	else if (i + 1 < n && s[i + 1] == '=' && strchr(":?+!", s[i]))
		a->op = s[i], i += 2;
	else if (i + 2 < n && !strncmp(s + i, "::=", 3))
		a->op = ':', i += 3;
	else
		return false;
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	a->value_at = i;
	return true;
}

struct mrule {
	size_t line;
	char *targets; /* the words before ':' */
	char *prereqs; /* the words after it */
	size_t first, last; /* its recipe's lines [first, last), first == last when none */
};

static bool word_in(const char *words, const char *w)
{
	size_t n = strlen(w);
	for (const char *p = words; (p = strstr(p, w)); p += n)
		if ((p == words || isspace((unsigned char)p[-1])) && (!p[n] || isspace((unsigned char)p[n])))
			return true;
	return false;
}

static char *first_word(const char *words)
{
	while (isspace((unsigned char)*words))
		words++;
	size_t n = 0;
	while (words[n] && !isspace((unsigned char)words[n]))
		n++;
	return n ? xstrndup(words, n) : NULL;
}

static size_t make_rules(const struct lines *ls, struct mrule **out)
{
	size_t nr = 0, cap = 8;
	struct mrule *r = xmalloc(cap * sizeof(*r));
	for (size_t i = 0; i < ls->nr; i++) {
		const struct line *l = &ls->v[i];
		struct massign a;
		if (!l->n || l->s[0] == '\t' || blank_or_comment(l) || make_assignment(l, &a))
			continue;
		const char *colon = memchr(l->s, ':', l->n);
		if (!colon || (colon + 1 < l->s + l->n && colon[1] == '='))
			continue;
		const char *eq = memchr(l->s, '=', l->n);
		if (eq && eq < colon)
			continue;
		if (!strncmp(l->s, "ifeq", 4) || !strncmp(l->s, "ifneq", 5) || !strncmp(l->s, "include", 7) ||
		    !strncmp(l->s, "define", 6))
			continue;
		size_t pre_end = l->n;
		const char *semi = memchr(colon, ';', (size_t)(l->s + l->n - colon));
		const char *hash = memchr(colon, '#', (size_t)(l->s + l->n - colon));
		if (semi)
			pre_end = (size_t)(semi - l->s);
		if (hash && (size_t)(hash - l->s) < pre_end)
			pre_end = (size_t)(hash - l->s);
		const char *after = colon + 1 + (colon[1] == ':');
		if (nr == cap) {
			cap *= 2;
			r = xrealloc(r, cap * sizeof(*r));
		}
		r[nr].line = i;
		r[nr].targets = xstrndup(l->s, (size_t)(colon - l->s));
		r[nr].prereqs = (size_t)(after - l->s) < pre_end ? xstrndup(after, pre_end - (size_t)(after - l->s)) : xstrdup("");
		size_t j = i + 1, last = i + 1;
		bool cont = false;
		for (; j < ls->nr; j++) {
			const struct line *m = &ls->v[j];
			if (cont || (m->n && m->s[0] == '\t')) {
				cont = continued(m);
				last = j + 1;
				continue;
			}
			if (blank_or_comment(m))
				continue;
			break;
		}
		r[nr].first = i + 1;
		r[nr].last = last;
		nr++;
	}
	*out = r;
	return nr;
}

static char *make_script(struct lines *ls, const char *target, json_t *overrides, char **why)
{
	struct mrule *rules = NULL;
	size_t nr = make_rules(ls, &rules);
	long pick = -1;
	for (size_t k = 0; k < nr && pick < 0; k++) {
		if (target ? word_in(rules[k].targets, target)
			   : rules[k].targets[0] != '.' && !strchr(rules[k].targets, '%'))
			pick = (long)k;
	}
	char *name = NULL;
	if (pick >= 0)
		name = target ? xstrdup(target) : first_word(rules[pick].targets);
	/* a target with no recipe of its own runs its first prerequisite's (all: train) */
	for (int depth = 0; pick >= 0 && rules[pick].first == rules[pick].last && depth < 4; depth++) {
		char *pre = first_word(rules[pick].prereqs);
		long next = -1;
		for (size_t k = 0; pre && k < nr && next < 0; k++)
			if (word_in(rules[k].targets, pre))
				next = (long)k;
		if (next < 0) {
			free(pre);
			break;
		}
		free(name);
		name = pre;
		pick = next;
	}
	char *res = NULL;
	if (pick < 0) {
		if (why) {
			struct strbuf w = STRBUF_INIT;
			if (target)
				strbuf_addf(&w, "no target '%s' in the Makefile", target);
			else
				strbuf_adds(&w, "the Makefile has no target");
			*why = strbuf_detach(&w);
		}
		goto out;
	}
	/* the assignments, in the file's order */
	for (size_t i = 0; i < ls->nr; i++) {
		struct massign a;
		if (!make_assignment(&ls->v[i], &a))
			continue;
		const struct line *l = &ls->v[i];
		if (!a.override && overridden(overrides, l->s + a.name_at, a.name_n))
			continue; /* a NAME=value word of make's command line wins over the file */
		struct strbuf sb = STRBUF_INIT, v = STRBUF_INIT;
		make_expand(l->s + a.value_at, l->n - a.value_at, name, &v);
		size_t k = i;
		while (continued(&ls->v[k]) && k + 1 < ls->nr)
			k++;
		if (a.exported)
			strbuf_adds(&sb, "export ");
		strbuf_add(&sb, l->s + a.name_at, a.name_n);
		strbuf_adds(&sb, "=\"");
		if (a.op == '?') {
			strbuf_adds(&sb, "${");
			strbuf_add(&sb, l->s + a.name_at, a.name_n);
			strbuf_adds(&sb, ":-");
		} else if (a.op == '+') {
			strbuf_adds(&sb, "${");
			strbuf_add(&sb, l->s + a.name_at, a.name_n);
			strbuf_adds(&sb, "} ");
		} else if (a.op == '!') {
			strbuf_adds(&sb, "$(");
		}
		add_dq(&sb, v.buf, v.len);
		/* continuation lines of the value: each on its own line, the quote closed on the last */
		for (size_t c = i + 1; c <= k; c++) {
			struct strbuf cv = STRBUF_INIT, cl = STRBUF_INIT;
			make_expand(ls->v[c].s, ls->v[c].n, name, &cv);
			add_dq(&cl, cv.buf, cv.len);
			if (c == k)
				strbuf_adds(&cl, a.op == '?' ? "}\"" : a.op == '!' ? ")\"" : "\"");
			free(ls->out[c]);
			ls->out[c] = strbuf_detach(&cl);
			strbuf_release(&cv);
		}
		if (k == i)
			strbuf_adds(&sb, a.op == '?' ? "}\"" : a.op == '!' ? ")\"" : "\"");
		free(ls->out[i]);
		ls->out[i] = strbuf_detach(&sb);
		strbuf_release(&v);
		i = k;
	}
	/* the recipe: without its tab, and without @ - + in front of each command */
	bool cont = false;
	for (size_t i = rules[pick].first; i < rules[pick].last; i++) {
		const struct line *l = &ls->v[i];
		size_t at = 0;
		if (at < l->n && l->s[at] == '\t')
			at++;
		if (!cont) {
			while (at < l->n && (l->s[at] == ' ' || l->s[at] == '\t'))
				at++;
			if (at < l->n && l->s[at] == '#') {
				cont = false;
				continue;
			}
			while (at < l->n && strchr("@-+", l->s[at]))
				at++;
		}
		cont = continued(l);
		struct strbuf sb = STRBUF_INIT;
		make_expand(l->s + at, l->n - at, name, &sb);
		free(ls->out[i]);
		ls->out[i] = strbuf_detach(&sb);
	}
	res = lines_join(ls);
out:
	for (size_t k = 0; k < nr; k++) {
		free(rules[k].targets);
		free(rules[k].prereqs);
	}
	free(rules);
	free(name);
	return res;
}

/* ---- just ------------------------------------------------------------------------------------- */

/* One just expression term at *p (a string, a variable, env_var_or_default/env/env_var) as shell
 * text appended to out; false when it is none of those. */
static bool just_term(const char **p, const char *end, struct strbuf *out)
{
	const char *s = *p;
	while (s < end && *s == ' ')
		s++;
	if (s < end && (*s == '"' || *s == '\'')) {
		char q = *s++;
		const char *e = s;
		while (e < end && *e != q)
			e += (*e == '\\' && q == '"' && e + 1 < end) ? 2 : 1;
		add_dq(out, s, (size_t)(e - s));
		*p = e < end ? e + 1 : e;
		return true;
	}
	const char *n = s;
	while (s < end && (name_char(*s) || *s == '-'))
		s++;
	if (s == n)
		return false;
	size_t nl = (size_t)(s - n);
	if (s < end && *s == '(') {
		bool env = (nl == 18 && !strncmp(n, "env_var_or_default", 18)) || (nl == 7 && !strncmp(n, "env_var", 7)) ||
			   (nl == 3 && !strncmp(n, "env", 3));
		const char *close = memchr(s, ')', (size_t)(end - s));
		if (!env || !close)
			return false;
		/* ("NAME") or ("NAME", "default") */
		const char *a = s + 1;
		struct strbuf var = STRBUF_INIT, def = STRBUF_INIT;
		bool ok = just_term(&a, close, &var);
		while (a < close && (*a == ' ' || *a == ','))
			a++;
		bool has_def = ok && a < close && just_term(&a, close, &def);
		if (ok) {
			strbuf_addf(out, "${%s", var.buf);
			if (has_def)
				strbuf_addf(out, ":-%s", def.buf);
			strbuf_addch(out, '}');
		}
		strbuf_release(&var);
		strbuf_release(&def);
		*p = close + 1;
		return ok;
	}
	strbuf_addch(out, '$');
	strbuf_add(out, n, nl);
	*p = s;
	return true;
}

/* an expression: terms joined by + */
static bool just_expr(const char *s, const char *end, struct strbuf *out)
{
	const char *p = s;
	for (;;) {
		if (!just_term(&p, end, out))
			return false;
		while (p < end && *p == ' ')
			p++;
		if (p < end && *p == '+') {
			p++;
			continue;
		}
		while (p < end && isspace((unsigned char)*p))
			p++;
		return p == end || *p == '#';
	}
}

struct jparam {
	char *name;
	char *def;	/* shell text of the default, NULL when none */
	bool variadic;
};

/* NAME := EXPR after an optional export */
static bool just_assignment(const struct line *l, size_t *name_at, size_t *name_n, size_t *value_at, bool *exported)
{
	const char *s = l->s;
	size_t n = l->n, i = 0;
	*exported = false;
	if (n > 7 && !strncmp(s, "export ", 7))
		*exported = true, i = 7;
	while (i < n && s[i] == ' ')
		i++;
	*name_at = i;
	while (i < n && (name_char(s[i]) || s[i] == '-'))
		i++;
	*name_n = i - *name_at;
	while (i < n && s[i] == ' ')
		i++;
	if (!*name_n || i + 1 >= n || s[i] != ':' || s[i + 1] != '=')
		return false;
	i += 2;
	while (i < n && s[i] == ' ')
		i++;
	*value_at = i;
	return true;
}

/* a recipe's header `[@]NAME PARAMS...: DEPS`; the parameters in ps (at most RECIPE_MAX_PARAMS) */
static bool just_header(const struct line *l, char **name, struct jparam *ps, size_t *np)
{
	const char *s = l->s, *end = l->s + l->n;
	*np = 0;
	if (!l->n || isspace((unsigned char)s[0]) || s[0] == '#' || s[0] == '[')
		return false;
	if (*s == '@')
		s++;
	const char *n = s;
	while (s < end && (name_char(*s) || *s == '-'))
		s++;
	if (s == n)
		return false;
	*name = xstrndup(n, (size_t)(s - n));
	for (;;) {
		while (s < end && *s == ' ')
			s++;
		if (s < end && *s == ':' && (s + 1 == end || s[1] != '='))
			return true;
		if (s >= end || *np >= RECIPE_MAX_PARAMS)
			break;
		struct jparam *p = &ps[*np];
		memset(p, 0, sizeof(*p));
		if (*s == '*' || *s == '+')
			p->variadic = true, s++;
		if (*s == '$')
			s++;
		const char *pn = s;
		while (s < end && (name_char(*s) || *s == '-'))
			s++;
		if (s == pn)
			break;
		p->name = xstrndup(pn, (size_t)(s - pn));
		(*np)++;
		if (s < end && *s == '=') {
			s++;
			struct strbuf d = STRBUF_INIT;
			if (!just_term(&s, end, &d)) {
				strbuf_release(&d);
				break;
			}
			p->def = strbuf_detach(&d);
		}
	}
	for (size_t k = 0; k < *np; k++) {
		free(ps[k].name);
		free(ps[k].def);
	}
	*np = 0;
	free(*name);
	*name = NULL;
	return false;
}

/* {{ EXPR }} of a recipe line as the shell's: a variadic parameter as ${@:N}, a name as ${NAME}, a
 * string as its text, anything else as a variable nobody sets */
static void just_interp(const char *s, size_t n, const struct jparam *ps, size_t np, struct strbuf *out)
{
	for (size_t i = 0; i < n; i++) {
		if (i + 1 < n && s[i] == '{' && s[i + 1] == '{') {
			const char *close = NULL;
			for (size_t j = i + 2; j + 1 < n; j++)
				if (s[j] == '}' && s[j + 1] == '}') {
					close = s + j;
					break;
				}
			if (!close) {
				strbuf_add(out, s + i, n - i);
				return;
			}
			const char *a = s + i + 2, *b = close;
			while (a < b && *a == ' ')
				a++;
			while (b > a && b[-1] == ' ')
				b--;
			bool done = false;
			for (size_t k = 0; k < np && !done; k++)
				if (ps[k].variadic && strlen(ps[k].name) == (size_t)(b - a) && !strncmp(a, ps[k].name, (size_t)(b - a))) {
					strbuf_addf(out, "${@:%zu}", k + 1);
					done = true;
				}
			if (!done) {
				struct strbuf e = STRBUF_INIT;
				bool ok = just_expr(a, b, &e);
				if (ok && e.len > 1 && e.buf[0] == '$' && name_char(e.buf[1]) && !strchr(e.buf + 1, '$'))
					strbuf_addf(out, "${%s}", e.buf + 1);
				else if (ok && e.len)
					strbuf_add(out, e.buf, e.len);
				else
					strbuf_adds(out, "${__just_expression}");
				strbuf_release(&e);
			}
			i = (size_t)(close - s) + 1;
			continue;
		}
		strbuf_addch(out, s[i]);
	}
}

static char *just_script(struct lines *ls, const char *target, json_t *overrides, char **why)
{
	/* the recipe */
	long pick = -1;
	char *name = NULL;
	struct jparam ps[RECIPE_MAX_PARAMS];
	size_t np = 0;
	for (size_t i = 0; i < ls->nr && pick < 0; i++) {
		size_t a, b, c;
		bool ex;
		if (just_assignment(&ls->v[i], &a, &b, &c, &ex))
			continue;
		if (!just_header(&ls->v[i], &name, ps, &np))
			continue;
		if (!target || !strcmp(name, target)) {
			pick = (long)i;
			break;
		}
		free(name);
		name = NULL;
		for (size_t k = 0; k < np; k++) {
			free(ps[k].name);
			free(ps[k].def);
		}
		np = 0;
	}
	if (pick < 0) {
		if (why) {
			struct strbuf w = STRBUF_INIT;
			if (target)
				strbuf_addf(&w, "no recipe '%s' in the justfile", target);
			else
				strbuf_adds(&w, "the justfile has no recipe");
			*why = strbuf_detach(&w);
		}
		return NULL;
	}
	/* the variables */
	for (size_t i = 0; i < ls->nr; i++) {
		size_t na, nn, va;
		bool ex;
		if (!just_assignment(&ls->v[i], &na, &nn, &va, &ex))
			continue;
		const struct line *l = &ls->v[i];
		if (overridden(overrides, l->s + na, nn))
			continue;
		struct strbuf sb = STRBUF_INIT, v = STRBUF_INIT;
		if (!just_expr(l->s + va, l->s + l->n, &v)) {
			strbuf_reset(&v);
			strbuf_adds(&v, "$(__just_expression)");
		}
		strbuf_addf(&sb, "%s%.*s=\"%s\"", ex ? "export " : "", (int)nn, l->s + na, v.buf);
		free(ls->out[i]);
		ls->out[i] = strbuf_detach(&sb);
		strbuf_release(&v);
	}
	/* the parameters on the header's line: NAME="${N:-default}" */
	struct strbuf hb = STRBUF_INIT;
	for (size_t k = 0; k < np; k++) {
		if (ps[k].variadic)
			continue;
		strbuf_addf(&hb, "%s%s=\"${%zu", hb.len ? " " : "", ps[k].name, k + 1);
		if (ps[k].def)
			strbuf_addf(&hb, ":-%s", ps[k].def);
		strbuf_adds(&hb, "}\"");
	}
	free(ls->out[pick]);
	ls->out[pick] = hb.len ? strbuf_detach(&hb) : NULL;
	strbuf_release(&hb);
	/* the body: indented lines (blank ones between them kept as blank) */
	size_t indent = (size_t)-1;
	bool cont = false;
	for (size_t i = (size_t)pick + 1; i < ls->nr; i++) {
		const struct line *l = &ls->v[i];
		size_t at = 0;
		while (at < l->n && (l->s[at] == ' ' || l->s[at] == '\t'))
			at++;
		if (at == l->n)
			continue;
		if (!at && !cont)
			break;
		if (indent == (size_t)-1)
			indent = at;
		if (!cont) {
			if (l->s[at] == '#') /* a comment, or the shebang of a script recipe */
				continue;
			while (at < l->n && (l->s[at] == '@' || l->s[at] == '-'))
				at++;
		}
		cont = continued(l);
		struct strbuf sb = STRBUF_INIT;
		just_interp(l->s + at, l->n - at, ps, np, &sb);
		free(ls->out[i]);
		ls->out[i] = strbuf_detach(&sb);
	}
	for (size_t k = 0; k < np; k++) {
		free(ps[k].name);
		free(ps[k].def);
	}
	free(name);
	return lines_join(ls);
}

char *recipe_script(enum recipe_kind kind, const char *text, size_t len, const char *target, json_t *overrides,
		    char **why)
{
	if (why)
		*why = NULL;
	struct lines ls;
	lines_split(text, len, &ls);
	char *r = kind == RK_MAKE ? make_script(&ls, target, overrides, why) : just_script(&ls, target, overrides, why);
	lines_release(&ls);
	return r;
}
