/* shscan.c - the wrapper-script reader and follower of shscan.h. */
#include "shscan.h"
#include "shscan_int.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define SH_MAX_LINES 2000

/* `read -r -d '' NAME <<EOF` or `NAME=$(cat <<EOF`: the variable a here-document fills (OpenRLHF's
 * training_commands), and its delimiter; false when the line starts no such here-document. */
static bool heredoc_var(const char *line, char **name, char **delim)
{
	const char *h = strstr(line, "<<");
	if (!h || h[2] == '<')
		return false;
	const char *d = h + 2;
	if (*d == '-')
		d++;
	while (*d == ' ')
		d++;
	char q = (*d == '\'' || *d == '"') ? *d++ : 0;
	const char *de = d;
	while (*de && (isalnum((unsigned char)*de) || *de == '_'))
		de++;
	if (de == d || (q && *de != q))
		return false;
	const char *n = NULL, *ne = NULL;
	if (!strncmp(line, "read ", 5)) { /* the last word before << */
		ne = h;
		while (ne > line && ne[-1] == ' ')
			ne--;
		n = ne;
		while (n > line && (isalnum((unsigned char)n[-1]) || n[-1] == '_'))
			n--;
	} else {
		const char *eq = strchr(line, '=');
		if (eq && !strncmp(eq, "=$(cat", 6) && eq < h) {
			n = line;
			ne = eq;
		}
	}
	if (!n || ne == n || !(isalpha((unsigned char)*n) || *n == '_'))
		return false;
	for (const char *c = n; c < ne; c++)
		if (!isalnum((unsigned char)*c) && *c != '_')
			return false;
	*name = xstrndup(n, (size_t)(ne - n));
	*delim = xstrndup(d, (size_t)(de - d));
	return true;
}

/* `NAME=(` or `NAME+=(` whose parentheses are still open at the end of the line: a bash array
 * written over several lines (Megatron-LM's MODEL_ARGS=( ... ) blocks) goes on. */
static bool open_array(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	const char *n = s;
	while (isalnum((unsigned char)*s) || *s == '_')
		s++;
	if (s == n || isdigit((unsigned char)*n))
		return false;
	if (*s == '+')
		s++;
	if (s[0] != '=' || s[1] != '(')
		return false;
	int depth = 0;
	char q = 0;
	for (; *s; s++) {
		if (q) {
			if (*s == q)
				q = 0;
			else if (*s == '\\' && q == '"' && s[1])
				s++;
		} else if (*s == '"' || *s == '\'') {
			q = *s;
		} else if (*s == '\\' && s[1]) {
			s++;
		} else if (*s == '(') {
			depth++;
		} else if (*s == ')') {
			depth--;
		}
	}
	return depth > 0;
}

json_t *shscan(const char *data, size_t len)
{
	json_t *out = json_array();
	struct strbuf cur = STRBUF_INIT;
	long long line = 1, start = 0;
	char quote = 0;
	json_t *segs = NULL; /* [[offset in the logical line, physical line], ...] of its continuation lines */
	const char *p = data, *e = data + len;
	while (p < e && json_array_size(out) < SH_MAX_LINES) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		const char *le = nl ? nl : e;
		if (!cur.len && !quote)
			start = line;
		else if (cur.len) {
			if (!segs)
				segs = json_array();
			json_t *sg = json_array();
			json_array_append_new(sg, json_integer((json_int_t)cur.len));
			json_array_append_new(sg, json_integer(line));
			json_array_append_new(segs, sg);
		}
		bool cont = false;
		for (const char *q = p; q < le; q++) {
			char ch = *q;
			if (!quote && ch == '#' && (q == p || isspace((unsigned char)q[-1]))) {
				break; /* a comment to the end of the line */
			}
			if (quote != '\'' && ch == '\\' && q + 1 == le) {
				cont = true;
				break;
			}
			if (quote != '\'' && ch == '\\' && q + 1 < le) {
				strbuf_addch(&cur, ch);
				strbuf_addch(&cur, *++q);
				continue;
			}
			if (!quote && (ch == '"' || ch == '\''))
				quote = ch;
			else if (quote && ch == quote)
				quote = 0;
			strbuf_addch(&cur, ch == '\r' ? ' ' : ch);
		}
		if (cont || quote || open_array(cur.buf)) {
			strbuf_addch(&cur, ' ');
		} else {
			size_t a = 0;
			while (a < cur.len && isspace((unsigned char)cur.buf[a]))
				a++;
			char *hname = NULL, *hdelim = NULL;
			if (a < cur.len && heredoc_var(cur.buf + a, &hname, &hdelim)) {
				/* the document's lines up to the delimiter: one assignment, continuations joined */
				struct strbuf doc = STRBUF_INIT;
				const char *r = nl ? nl + 1 : e;
				while (r < e) {
					const char *rn = memchr(r, '\n', (size_t)(e - r));
					const char *re = rn ? rn : e;
					const char *t = r;
					while (t < re && isspace((unsigned char)*t))
						t++;
					line++;
					size_t tl = (size_t)(re - t);
					while (tl && isspace((unsigned char)t[tl - 1]))
						tl--;
					r = rn ? rn + 1 : e;
					if (tl == strlen(hdelim) && !memcmp(t, hdelim, tl))
						break;
					if (tl && t[tl - 1] == '\\')
						tl--;
					if (tl) {
						if (doc.len)
							strbuf_addch(&doc, ' ');
						strbuf_add(&doc, t, tl);
					}
				}
				struct strbuf as = STRBUF_INIT;
				strbuf_addf(&as, "%s=", hname);
				sh_quote_literal(doc.buf, &as);
				json_t *pair = json_array();
				json_array_append_new(pair, json_integer(start));
				json_array_append_new(pair, json_string(as.buf) ?: json_string("?"));
				json_array_append_new(pair, json_false()); /* its lines are not kept apart */
				json_array_append_new(out, pair);
				json_decref(segs);
				segs = NULL;
				strbuf_release(&as);
				strbuf_release(&doc);
				free(hname);
				free(hdelim);
				strbuf_reset(&cur);
				nl = r > data ? r - 1 : NULL; /* continue after the delimiter line */
				if (r >= e)
					nl = NULL;
				p = r;
				line++;
				continue;
			}
			if (a < cur.len) {
				json_t *s = json_string(cur.buf + a);
				if (s) {
					json_t *pair = json_array();
					json_array_append_new(pair, json_integer(start));
					json_array_append_new(pair, s);
					if (segs) { /* offsets relative to the text kept (after the leading blanks) */
						size_t k;
						json_t *sg;
						json_array_foreach(segs, k, sg)
						{
							json_int_t o = json_integer_value(json_array_get(sg, 0)) - (json_int_t)a;
							json_array_set_new(sg, 0, json_integer(o > 0 ? o : 0));
						}
						json_array_append(pair, segs);
					}
					json_array_append_new(out, pair);
				}
			}
			json_decref(segs);
			segs = NULL;
			strbuf_reset(&cur);
		}
		line++;
		p = nl ? nl + 1 : e;
	}
	json_decref(segs);
	strbuf_release(&cur);
	return out;
}

long long sh_line_at(json_t *pair, size_t off)
{
	long long line = json_integer_value(json_array_get(pair, 0));
	size_t k;
	json_t *sg;
	json_array_foreach(json_array_get(pair, 2), k, sg)
	{
		if ((size_t)json_integer_value(json_array_get(sg, 0)) > off)
			break;
		line = json_integer_value(json_array_get(sg, 1));
	}
	return line;
}

/* ---- the follower ------------------------------------------------------------------------- */


static const char *var(const struct shstate *st, const char *name)
{
	if (isdigit((unsigned char)name[0])) {
		long i = strtol(name, NULL, 10);
		if (i == 0) /* the script's path, given by the caller as "0" */
			return json_string_value(json_object_get(st->vars, "0"));
		return i >= 1 ? json_string_value(json_array_get(st->pos, (size_t)(i - 1))) : NULL;
	}
	return json_string_value(json_object_get(st->vars, name));
}

static void add_quoted(struct strbuf *out, const char *s, bool in_dq)
{
	if (in_dq) {
		for (; *s; s++) {
			if (*s == '"' || *s == '\\' || *s == '$' || *s == '`')
				strbuf_addch(out, '\\');
			strbuf_addch(out, *s);
		}
		return;
	}
	sh_quote_literal(s, out);
}

/* "$@", ${@:N}: the positional parameters from index from, each quoted. */
static void add_all(struct strbuf *out, const struct shstate *st, size_t from)
{
	for (size_t i = from; i < json_array_size(st->pos); i++) {
		if (i > from)
			strbuf_addch(out, ' ');
		sh_quote_literal(json_string_value(json_array_get(st->pos, i)), out);
	}
}

static long long arith(const char *s, const struct shstate *st, int depth);

static long long arith_atom(const char **p, const struct shstate *st, int depth)
{
	while (**p == ' ')
		(*p)++;
	if (**p == '(') {
		(*p)++;
		const char *start = *p;
		int d = 1;
		while (**p && d) {
			d += **p == '(' ? 1 : **p == ')' ? -1 : 0;
			(*p)++;
		}
		char *inner = xstrndup(start, (size_t)(*p - start - (d ? 0 : 1)));
		long long v = arith(inner, st, depth + 1);
		free(inner);
		return v;
	}
	bool dollar = **p == '$', brace = false;
	if (dollar)
		(*p)++;
	if (dollar && **p == '{')
		(*p)++, brace = true;
	if (isdigit((unsigned char)**p)) {
		long long k = strtoll(*p, (char **)p, 10);
		if (brace && **p == '}')
			(*p)++;
		if (!dollar)
			return k;
		/* $1, ${10}: a positional parameter */
		const char *pv = k >= 1 ? json_string_value(json_array_get(st->pos, (size_t)(k - 1))) : NULL;
		return pv && depth < 8 ? arith(pv, st, depth + 1) : 0;
	}
	const char *a = *p;
	while (isalnum((unsigned char)**p) || **p == '_')
		(*p)++;
	/* the name ends before the brace (${TRAIN_ITERS} was looked up as "TRAIN_ITERS}": 0) */
	char *name = xstrndup(a, (size_t)(*p - a));
	if (brace && **p == '}')
		(*p)++;
	const char *v = *name ? var(st, name) : NULL;
	free(name);
	return v && depth < 8 ? arith(v, st, depth + 1) : 0;
}

/* $(( ... )): + - * / % on integers and variables. */
static long long arith(const char *s, const struct shstate *st, int depth)
{
	const char *p = s;
	long long acc = 0, term = arith_atom(&p, st, depth);
	char addop = '+';
	for (;;) {
		while (*p == ' ')
			p++;
		if (*p == '*' || *p == '/' || *p == '%') {
			char o = *p++;
			long long b = arith_atom(&p, st, depth);
			term = o == '*' ? term * b : b ? (o == '/' ? term / b : term % b) : 0;
			continue;
		}
		acc = addop == '+' ? acc + term : acc - term;
		if (*p == '+' || *p == '-') {
			addop = *p++;
			term = arith_atom(&p, st, depth);
			continue;
		}
		return acc;
	}
}

/* `${NAME[@]}` or `${NAME[*]}` at p: its length in *len (0 when p is no such reference) and the
 * array's words as assigned (NULL when unset). */
static const char *array_ref(const char *p, const struct shstate *st, size_t *len)
{
	*len = 0;
	if (p[0] != '$' || p[1] != '{')
		return NULL;
	const char *n = p + 2, *e = n;
	while (isalnum((unsigned char)*e) || *e == '_')
		e++;
	if (e == n || e[0] != '[' || (e[1] != '@' && e[1] != '*') || e[2] != ']' || e[3] != '}')
		return NULL;
	*len = (size_t)(e + 4 - p);
	char *name = xstrndup(n, (size_t)(e - n));
	const char *v = json_string_value(json_object_get(st->vars, name));
	free(name);
	return v;
}

/* Substitutes variables, positional parameters and arithmetic in text, keeping the quoting. */
void sh_expand(const char *s, const struct shstate *st, struct strbuf *out)
{
	char quote = 0;
	for (const char *p = s; *p; p++) {
		char ch = *p;
		if (quote == '\'') {
			strbuf_addch(out, ch);
			if (ch == '\'')
				quote = 0;
			continue;
		}
		if (ch == '\\' && p[1]) {
			strbuf_addch(out, ch);
			strbuf_addch(out, *++p);
			continue;
		}
		if (ch == '\'' && !quote) {
			quote = ch;
			strbuf_addch(out, ch);
			continue;
		}
		if (ch == '"') {
			/* "$@" as a whole word: the parameters, each its own word */
			if (!quote && !strncmp(p, "\"$@\"", 4)) {
				add_all(out, st, 0);
				p += 3;
				continue;
			}
			/* "${NAME[@]}" as a whole word: the array's words, each its own word */
			size_t al = 0;
			const char *av = !quote ? array_ref(p + 1, st, &al) : NULL;
			if (av && p[1 + al] == '"') {
				strbuf_adds(out, av);
				p += al + 1;
				continue;
			}
			quote = quote ? 0 : '"';
			strbuf_addch(out, ch);
			continue;
		}
		if (ch != '$') {
			strbuf_addch(out, ch);
			continue;
		}
		bool dq = quote == '"';
		if (p[1] == '(' && p[2] == '(') { /* $(( arithmetic )) */
			const char *end = strstr(p + 3, "))");
			if (end) {
				char *inner = xstrndup(p + 3, (size_t)(end - p - 3));
				strbuf_addf(out, "%lld", arith(inner, st, 0));
				free(inner);
				p = end + 1;
				continue;
			}
		}
		if (p[1] == '(') { /* $(command): not run; it stands for nothing, except $(dirname "$0") */
			int d = 0;
			const char *q = p + 1;
			for (; *q; q++) {
				d += *q == '(' ? 1 : *q == ')' ? -1 : 0;
				if (!d)
					break;
			}
			if (*q && !strncmp(p + 2, "dirname ", 8)) {
				char *inner = xstrndup(p + 10, (size_t)(q - p - 10));
				struct strbuf x = STRBUF_INIT;
				sh_expand(inner, st, &x);
				struct shwords ws;
				shwords_init(&ws);
				shlex_split(x.buf, x.len, &ws);
				if (ws.nr) {
					const char *path = ws.v[0].value, *slash = strrchr(path, '/');
					char *dir = slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup(".");
					add_quoted(out, dir, dq);
					free(dir);
				}
				shwords_release(&ws);
				strbuf_release(&x);
				free(inner);
			}
			p = *q ? q : q - 1;
			continue;
		}
		if (p[1] == '@' || p[1] == '*') {
			add_all(out, st, 0);
			p++;
			continue;
		}
		if (p[1] == '{') {
			const char *close = strchr(p + 2, '}');
			if (!close) {
				strbuf_addch(out, ch);
				continue;
			}
			size_t al = 0;
			const char *av = array_ref(p, st, &al);
			if (al) { /* ${NAME[@]}: the array's words (kept quoted as written) */
				if (av)
					strbuf_adds(out, av);
				p += al - 1;
				continue;
			}
			char *in = xstrndup(p + 2, (size_t)(close - p - 2));
			p = close;
			if (in[0] == '@' && in[1] == ':') { /* ${@:N} */
				long from = strtol(in + 2, NULL, 10);
				add_all(out, st, from > 0 ? (size_t)(from - 1) : 0);
				free(in);
				continue;
			}
			char *op = in;
			while (*op && (isalnum((unsigned char)*op) || *op == '_'))
				op++;
			char *name = xstrndup(in, (size_t)(op - in));
			const char *v = var(st, name);
			if ((!strncmp(op, ":-", 2) || !strncmp(op, ":=", 2)) && (!v || !*v)) {
				struct strbuf d = STRBUF_INIT, u = STRBUF_INIT;
				sh_expand(op + 2, st, &d);
				/* the default's own quotes ("8") are removed */
				struct shwords ws;
				shwords_init(&ws);
				shlex_split(d.buf, d.len, &ws);
				for (size_t i = 0; i < ws.nr; i++)
					strbuf_addf(&u, "%s%s", i ? " " : "", ws.v[i].value);
				shwords_release(&ws);
				add_quoted(out, u.buf, dq);
				strbuf_release(&d);
				strbuf_release(&u);
			} else if (v) {
				if (dq)
					add_quoted(out, v, true);
				else
					strbuf_adds(out, v);
			}
			free(name);
			free(in);
			continue;
		}
		const char *a = p + 1, *q = a;
		if (isdigit((unsigned char)*q))
			q++;
		else
			while (isalnum((unsigned char)*q) || *q == '_')
				q++;
		if (q == a) {
			strbuf_addch(out, ch);
			continue;
		}
		char *name = xstrndup(a, (size_t)(q - a));
		const char *v = var(st, name);
		if (v) {
			if (dq || isdigit((unsigned char)name[0]))
				add_quoted(out, v, dq);
			else
				strbuf_adds(out, v); /* unquoted: split into words, as the shell does */
		}
		free(name);
		p = q - 1;
	}
}

bool sh_is_name(const char *s, const char *end)
{
	if (s == end || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (; s < end; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

static bool launches_python(const struct shwords *ws)
{
	for (size_t i = 0; i < ws->nr; i++) {
		const char *w = ws->v[i].value;
		const char *b = strrchr(w, '/');
		b = b ? b + 1 : w;
		size_t n = strlen(w);
		if ((n > 3 && !strcmp(w + n - 3, ".py")) || !strncmp(b, "python", 6) || !strcmp(b, "torchrun") ||
		    !strcmp(b, "deepspeed") || !strcmp(b, "accelerate"))
			return true;
	}
	return false;
}

/* A line that runs another shell script with arguments (`./asr.sh --lang en`, `bash x.sh a`), after
 * the assignments in front of it. */
static bool runs_script(const struct shwords *ws, size_t from)
{
	if (from >= ws->nr)
		return false;
	const char *w = ws->v[from].value;
	if ((!strcmp(w, "bash") || !strcmp(w, "sh")) && from + 1 < ws->nr)
		w = ws->v[from + 1].value;
	size_t n = strlen(w);
	return n > 3 && !strcmp(w + n - 3, ".sh") && !strchr(w, '$') && !strchr(w, '`');
}

/* `. utils/parse_options.sh` (Kaldi, ESPnet): each `--some-name value` at the front of the
 * arguments sets the variable some_name (dashes as underscores), later ones winning; the
 * arguments left are the positional ones. */
static bool parse_options_line(const char *text)
{
	if (!strncmp(text, ". ", 2))
		text += 2;
	else if (!strncmp(text, "source ", 7))
		text += 7;
	else
		return false;
	while (*text == ' ')
		text++;
	const char *b = strrchr(text, '/');
	b = b ? b + 1 : text;
	return !strncmp(b, "parse_options.sh", 16) && (!b[16] || isspace((unsigned char)b[16]) || b[16] == ';');
}

static void parse_options(struct shstate *st)
{
	while (json_array_size(st->pos) >= 2) {
		const char *o = json_string_value(json_array_get(st->pos, 0));
		if (!o || strncmp(o, "--", 2) || !o[2] || strchr(o, '='))
			break;
		char *name = xstrdup(o + 2);
		for (char *p = name; *p; p++)
			if (*p == '-')
				*p = '_';
		if (sh_is_name(name, name + strlen(name)))
			json_object_set(st->vars, name, json_array_get(st->pos, 1));
		free(name);
		json_array_remove(st->pos, 0);
		json_array_remove(st->pos, 0);
	}
}

/* The condition of `if COND; then` / `elif COND; then` after expansion: 1 true, 0 false, -1 when it
 * is no simple test (`[ A = B ]`, `[[ A == B ]]`, `!=`, `-z A`, `-n A`). */
static int sh_test(const char *cond, const struct shstate *st)
{
	struct strbuf x = STRBUF_INIT;
	sh_expand(cond, st, &x);
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(x.buf, x.len, &ws);
	int r = -1;
	size_t a = 0, b = ws.nr;
	if (b && (!strcmp(ws.v[b - 1].value, "then") || !strcmp(ws.v[b - 1].value, ";then")))
		b--;
	if (b && !strcmp(ws.v[b - 1].value, ";"))
		b--;
	if (b >= 2 && (!strcmp(ws.v[0].value, "[") || !strcmp(ws.v[0].value, "[[")) &&
	    (!strcmp(ws.v[b - 1].value, "]") || !strcmp(ws.v[b - 1].value, "]]") ||
	     !strcmp(ws.v[b - 1].value, "];") || !strcmp(ws.v[b - 1].value, "]];"))) {
		a = 1;
		b--;
		/* the words left: [a, b) */
		if (b - a == 3 && (!strcmp(ws.v[a + 1].value, "=") || !strcmp(ws.v[a + 1].value, "==")))
			r = !strcmp(ws.v[a].value, ws.v[a + 2].value);
		else if (b - a == 3 && !strcmp(ws.v[a + 1].value, "!="))
			r = !!strcmp(ws.v[a].value, ws.v[a + 2].value);
		else if (b - a == 2 && !strcmp(ws.v[a].value, "-z"))
			r = !*ws.v[a + 1].value;
		else if (b - a == 2 && !strcmp(ws.v[a].value, "-n"))
			r = !!*ws.v[a + 1].value;
		else if (b - a == 1 && !strcmp(ws.v[a].value, "-z"))
			r = 1; /* [ -z $UNSET ] */
	}
	if (r >= 0) /* a variable in the test that the follower does not know: no answer */
		for (const char *q = strchr(cond, '$'); q; q = strchr(q + 1, '$')) {
			const char *n = q + 1 + (q[1] == '{');
			const char *e = n;
			while (isalnum((unsigned char)*e) || *e == '_')
				e++;
			if (e == n)
				continue;
			char *name = xstrndup(n, (size_t)(e - n));
			if (!var(st, name))
				r = -1;
			free(name);
		}
	shwords_release(&ws);
	strbuf_release(&x);
	return r;
}

/* if/elif/else/fi: each level runs (RUN), waits for a true branch (WAIT), is past its taken
 * branch (DONE) or has a condition no simple test decides (ANY: every branch runs, as before). */
enum { IF_RUN, IF_WAIT, IF_DONE, IF_ANY };
#define SH_IF_MAX 32

/* A keyword line of an if block; true when text was one (handled). */
static bool if_line(const char *text, const struct shstate *st, int *stack, int *depth)
{
	bool skipping = false;
	for (int i = 0; i < *depth && i < SH_IF_MAX; i++)
		skipping = skipping || stack[i] == IF_WAIT || stack[i] == IF_DONE;
	if (!strncmp(text, "if ", 3)) {
		if (strstr(text, " fi") && strstr(text, "then ")) /* if ...; then X; fi on one line */
			return false;
		int t = skipping ? 0 : sh_test(text + 3, st);
		if (*depth < SH_IF_MAX)
			stack[*depth] = skipping ? IF_DONE : t < 0 ? IF_ANY : t ? IF_RUN : IF_WAIT;
		(*depth)++;
		return true;
	}
	if (!*depth)
		return false;
	int *top = *depth <= SH_IF_MAX ? &stack[*depth - 1] : NULL;
	if (!strncmp(text, "elif ", 5)) {
		if (top && *top == IF_RUN)
			*top = IF_DONE;
		else if (top && *top == IF_WAIT) {
			int t = sh_test(text + 5, st);
			*top = t < 0 ? IF_ANY : t ? IF_RUN : IF_WAIT;
		}
		return true;
	}
	if (!strcmp(text, "else") || !strncmp(text, "else ", 5) || !strncmp(text, "else;", 5)) {
		if (top && *top == IF_RUN)
			*top = IF_DONE;
		else if (top && *top == IF_WAIT)
			*top = IF_RUN;
		return true;
	}
	if (!strcmp(text, "fi") || !strncmp(text, "fi ", 3) || !strncmp(text, "fi;", 3)) {
		(*depth)--;
		return true;
	}
	return false;
}

/* NAME=( words ) or NAME+=( words ): stores the words (quoted as written, after expansion). */
static bool array_assign(const char *text, struct shstate *st)
{
	const char *e = text;
	while (isalnum((unsigned char)*e) || *e == '_')
		e++;
	if (e == text || isdigit((unsigned char)*text))
		return false;
	bool append = *e == '+';
	const char *o = e + append;
	if (o[0] != '=' || o[1] != '(')
		return false;
	const char *close = strrchr(o, ')');
	if (!close)
		return false;
	char *name = xstrndup(text, (size_t)(e - text));
	char *inner = xstrndup(o + 2, (size_t)(close - o - 2));
	struct strbuf x = STRBUF_INIT, v = STRBUF_INIT;
	sh_expand(inner, st, &x);
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(x.buf, x.len, &ws);
	const char *old = append ? json_string_value(json_object_get(st->vars, name)) : NULL;
	if (old && *old)
		strbuf_adds(&v, old);
	for (size_t i = 0; i < ws.nr; i++) {
		if (v.len)
			strbuf_addch(&v, ' ');
		sh_quote_literal(ws.v[i].value, &v);
	}
	json_t *js = json_string(v.buf);
	if (js)
		json_object_set_new(st->vars, name, js);
	shwords_release(&ws);
	strbuf_release(&x);
	strbuf_release(&v);
	free(inner);
	free(name);
	return true;
}


char *sh_follow(json_t *lines, json_t *argv, json_t *env, long long *line)
{
	int ifs[SH_IF_MAX], ifdepth = 0;
	struct shstate st = {json_object(), json_array()};
	const char *k;
	json_t *v;
	json_object_foreach(env, k, v) if (json_is_string(v)) json_object_set(st.vars, k, v);
	size_t i;
	json_array_foreach(argv, i, v) if (json_is_string(v)) json_array_append(st.pos, v);
	char *result = NULL, *script = NULL;
	long long script_line = 0;
	json_t *pair;
	json_array_foreach(lines, i, pair)
	{
		const char *text = json_string_value(json_array_get(pair, 1));
		if (!text)
			continue;
		while (!strncmp(text, "export ", 7) || !strncmp(text, "local ", 6) || !strncmp(text, "readonly ", 9))
			text = strchr(text, ' ') + 1;
		if (if_line(text, &st, ifs, &ifdepth))
			continue;
		bool skip = false;
		for (int d = 0; d < ifdepth && d < SH_IF_MAX; d++)
			skip = skip || ifs[d] == IF_WAIT || ifs[d] == IF_DONE;
		if (skip || !strncmp(text, "echo ", 5) || !strncmp(text, "printf ", 7))
			continue; /* a branch not taken; a message that shows the command is not the command */
		if (array_assign(text, &st))
			continue;
		size_t done = sh_case_loop(lines, i, &st);
		if (done) {
			i = done;
			continue;
		}
		/* let "N=A/B" (Deformable-DETR's run_dist_launch.sh): the arithmetic assignment N=$((A/B)) */
		char *let = NULL;
		if (!strncmp(text, "let ", 4)) {
			const char *a = text + 4;
			while (*a == ' ' || *a == '"' || *a == '\'')
				a++;
			const char *eq = strchr(a, '=');
			size_t al = strlen(a);
			while (al && (a[al - 1] == '"' || a[al - 1] == '\'' || a[al - 1] == ' '))
				al--;
			if (eq && sh_is_name(a, eq) && (size_t)(eq - a) < al) {
				struct strbuf lb = STRBUF_INIT;
				strbuf_addf(&lb, "%.*s=$((%.*s))", (int)(eq - a), a, (int)(al - (size_t)(eq + 1 - a)), eq + 1);
				let = strbuf_detach(&lb);
				text = let;
			}
		}
		/* NAME=${@:2} / NAME="$@" / NAME=$*: an assignment is not split into words; NAME holds the
		 * arguments joined by spaces (Deformable-DETR's RUN_COMMAND=${@:2}) */
		const char *aeq = strchr(text, '=');
		if (aeq && sh_is_name(text, aeq) && !strpbrk(aeq, " \t") &&
		    (strstr(aeq, "$@") || strstr(aeq, "${@") || strstr(aeq, "$*") || strstr(aeq, "${*"))) {
			struct strbuf xv = STRBUF_INIT, joined = STRBUF_INIT;
			sh_expand(aeq + 1, &st, &xv);
			struct shwords vw;
			shwords_init(&vw);
			shlex_split(xv.buf, xv.len, &vw);
			for (size_t a = 0; a < vw.nr; a++)
				strbuf_addf(&joined, "%s%s", a ? " " : "", vw.v[a].value);
			char *name = xstrndup(text, (size_t)(aeq - text));
			json_object_set_new(st.vars, name, json_string(joined.buf));
			free(name);
			shwords_release(&vw);
			strbuf_release(&xv);
			strbuf_release(&joined);
			free(let);
			continue;
		}
		/* NAME=$(command) / NAME=`command`: the command is not run, so NAME stays unknown (unset)
		 * rather than empty (Qwen's GPUS_PER_NODE=$(python -c '...device_count()')) */
		const char *eqs = strchr(text, '=');
		if (eqs && sh_is_name(text, eqs) &&
		    ((eqs[1] == '$' && eqs[2] == '(' && eqs[3] != '(' && strncmp(eqs + 3, "dirname ", 8) &&
		      strncmp(eqs + 3, "cat", 3)) ||
		     eqs[1] == '`')) {
			char *name = xstrndup(text, (size_t)(eqs - text));
			json_object_del(st.vars, name);
			free(name);
			free(let);
			continue;
		}
		if (parse_options_line(text)) {
			parse_options(&st);
			continue;
		}
		if (!strncmp(text, "shift", 5) && (!text[5] || isspace((unsigned char)text[5]) || text[5] == ';')) {
			long n = text[5] ? strtol(text + 6, NULL, 10) : 1;
			for (n = n > 0 ? n : 1; n > 0 && json_array_size(st.pos); n--)
				json_array_remove(st.pos, 0);
			continue;
		}
		struct strbuf x = STRBUF_INIT;
		sh_expand(text, &st, &x);
		struct shwords ws;
		shwords_init(&ws);
		shlex_split(x.buf, x.len, &ws);
		size_t assigns = 0;
		while (assigns < ws.nr) {
			const char *w = ws.v[assigns].raw ? ws.v[assigns].raw : ws.v[assigns].value;
			const char *eq = strchr(w, '=');
			if (!eq || !(sh_is_name(w, eq) || (eq > w + 1 && eq[-1] == '+' && sh_is_name(w, eq - 1))))
				break;
			assigns++;
		}
		if (assigns && assigns == ws.nr) {
			for (size_t a = 0; a < ws.nr; a++) {
				const char *w = ws.v[a].value;
				const char *eq = strchr(w, '=');
				bool append = eq[-1] == '+'; /* CMD+=" --flag=$x" (NVIDIA DeepLearningExamples) */
				char *name = xstrndup(w, (size_t)(eq - w - append));
				const char *old = append ? json_string_value(json_object_get(st.vars, name)) : NULL;
				struct strbuf nv = STRBUF_INIT;
				strbuf_addf(&nv, "%s%s", old ? old : "", eq + 1);
				json_t *s = json_string(nv.buf);
				if (s)
					json_object_set_new(st.vars, name, s);
				strbuf_release(&nv);
				free(name);
			}
		} else if (launches_python(&ws)) {
			*line = json_integer_value(json_array_get(pair, 0));
			result = strbuf_detach(&x);
		} else if (runs_script(&ws, assigns)) {
			/* ./asr.sh --lang en ... "$@" (ESPnet's run.sh): the last script this one runs, taken
			 * only when no line launches Python itself */
			free(script);
			script = strbuf_detach(&x);
			script_line = json_integer_value(json_array_get(pair, 0));
		}
		shwords_release(&ws);
		strbuf_release(&x);
		free(let);
		if (result)
			break;
	}
	if (!result && script) {
		result = script;
		script = NULL;
		*line = script_line;
	}
	free(script);
	json_decref(st.vars);
	json_decref(st.pos);
	return result;
}
