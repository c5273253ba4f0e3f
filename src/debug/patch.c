/* patch.c - the patch engine: each operation of data/kb/SCHEMA.md turned into text edits of a job
 * script at positions the job-script reader found (lines, launch stages, option words). The script
 * is read again after every operation, so each one sees the result of the one before. Words are
 * only edited where the text at the reader's position is exactly the word it read; anything else
 * (an option set through a variable, a double-quoted bash -c the reader could not map) makes the
 * patch not applicable rather than risk a wrong edit. */
#include "patch.h"

#include "../shell/words.h"
#include "../script/jobscript.h"
#include "../script/plan.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct edit {
	size_t start, end; /* replace text[start, end) */
	char *text;
	size_t seq;
};

struct ctx {
	const char *text;
	size_t len;
	struct jobscript js;
	struct launch_plan plan;
	const struct cluster *c;
	size_t *line_off; /* offsets of the line starts; line_off[nlines] = len */
	size_t nlines;
	struct edit *edits;
	size_t nedits;
	struct strbuf why; /* set when an operation cannot be applied */
};

void patch_result_init(struct patch_result *r)
{
	memset(r, 0, sizeof(*r));
	arena_init(&r->arena);
}

void patch_result_release(struct patch_result *r)
{
	free(r->reason);
	free(r->text);
	free(r->ops);
	arena_release(&r->arena);
	memset(r, 0, sizeof(*r));
}

__attribute__((format(printf, 2, 3))) static bool cannot(struct ctx *x, const char *fmt, ...)
{
	if (!x->why.len) {
		va_list ap;
		va_start(ap, fmt);
		strbuf_vaddf(&x->why, fmt, ap);
		va_end(ap);
	}
	return false;
}

/* ---- positions ------------------------------------------------------------------------------- */

static void index_lines(struct ctx *x)
{
	free(x->line_off);
	size_t n = 1;
	for (size_t i = 0; i < x->len; i++)
		n += x->text[i] == '\n';
	x->line_off = xmalloc((n + 1) * sizeof(size_t));
	size_t k = 0;
	x->line_off[k++] = 0;
	for (size_t i = 0; i < x->len; i++)
		if (x->text[i] == '\n' && k < n)
			x->line_off[k++] = i + 1;
	x->nlines = k;
	x->line_off[k] = x->len;
	if (x->len && x->text[x->len - 1] == '\n')
		x->nlines--; /* no line after the last newline */
}

/* Offset of the start of 1-based line (nlines + 1 = the end of the text). */
static size_t line_start(const struct ctx *x, int line)
{
	if (line < 1)
		return 0;
	if ((size_t)line > x->nlines)
		return x->len;
	return x->line_off[line - 1];
}

/* Offset just after the newline of line (or the end of the text). */
static size_t line_next(const struct ctx *x, int line)
{
	size_t s = line_start(x, line);
	const char *nl = memchr(x->text + s, '\n', x->len - s);
	return nl ? (size_t)(nl - x->text) + 1 : x->len;
}

/* Quote removal of a raw shell word, as the reader does it (variables stay as written), with the
 * offset in raw of every byte of the result. */
static void unquote_map(const char *raw, struct strbuf *val, size_t **map)
{
	size_t n = strlen(raw), cap = n + 1;
	*map = xmalloc(cap * sizeof(size_t));
	enum { Q_NONE, Q_SINGLE, Q_DOUBLE } q = Q_NONE;
	for (size_t i = 0; i < n; i++) {
		char c = raw[i];
		size_t at = i;
		if (q == Q_SINGLE) {
			if (c == '\'')
				q = Q_NONE;
			else
				goto keep;
			continue;
		}
		if (c == '\\' && i + 1 < n) {
			char d = raw[i + 1];
			if (q == Q_NONE || strchr("$`\"\\\n", d)) {
				i++;
				if (d == '\n')
					continue; /* a line continuation */
				c = d, at = i;
				goto keep;
			}
			goto keep;
		}
		if (q == Q_NONE && c == '\'') {
			q = Q_SINGLE;
			continue;
		}
		if (c == '"') {
			q = q == Q_DOUBLE ? Q_NONE : Q_DOUBLE;
			continue;
		}
keep:
		(*map)[val->len] = at;
		strbuf_addch(val, c);
	}
}

static bool word_span(const struct ctx *x, int ci, size_t wi, size_t *start, size_t *end);
static char shell_quote_of(const struct ctx *x, int ci);

/* A word of a per-task shell (bash -c STRING, one level deep): where its text is in the file,
 * through the quote removal of STRING. */
static bool inner_word_span(const struct ctx *x, int ci, size_t wi, size_t *start, size_t *end)
{
	const struct jcmd *c = &x->js.cmds[ci];
	int parent = c->parent;
	if (parent < 0 || x->js.cmds[parent].depth != 0)
		return false;
	size_t pw = SIZE_MAX;
	for (size_t i = 0; i < x->js.nlaunches && pw == SIZE_MAX; i++)
		for (size_t k = 0; k < x->js.launches[i].nstages; k++) {
			const struct stage *s = &x->js.launches[i].stages[k];
			if (s->kind == SK_SHELL && s->cmd == parent && s->last >= 1)
				pw = (size_t)s->last - 1;
		}
	size_t ps, pe;
	if (pw == SIZE_MAX || !word_span(x, parent, pw, &ps, &pe))
		return false;
	const struct shword *outer = &x->js.cmds[parent].words.v[pw], *w = &c->words.v[wi];
	struct strbuf val = STRBUF_INIT;
	size_t *map;
	unquote_map(outer->raw, &val, &map);
	size_t n = strlen(w->raw);
	bool ok = !strcmp(val.buf, outer->value) && w->end == w->start + n && n && w->end <= val.len &&
		  !memcmp(val.buf + w->start, w->raw, n);
	if (ok) {
		*start = ps + map[w->start];
		*end = ps + map[w->end - 1] + 1;
	}
	free(map);
	strbuf_release(&val);
	return ok;
}

/* Where word wi of command ci is in the text, verified against what the reader read. */
static bool word_span(const struct ctx *x, int ci, size_t wi, size_t *start, size_t *end)
{
	const struct jcmd *c = &x->js.cmds[ci];
	if (wi >= c->words.nr)
		return false;
	if (c->depth == 1 && inner_word_span(x, ci, wi, start, end))
		return true;
	const char *raw = c->words.v[wi].raw;
	int line = c->word_line[wi], col = c->word_col[wi];
	if (line < 1 || (size_t)line > x->nlines || col < 1)
		return false;
	size_t off = line_start(x, line) + (size_t)col - 1;
	size_t n = strlen(raw);
	if (!n || off + n > x->len || memcmp(x->text + off, raw, n))
		return false;
	if (c->depth > 0 && shell_quote_of(x, ci) == '"')
		return false; /* the text there is escaped: the reader's raw cannot be compared */
	*start = off;
	*end = off + n;
	return true;
}

static void add_edit(struct ctx *x, size_t start, size_t end, const char *text)
{
	x->edits = xrealloc(x->edits, (x->nedits + 1) * sizeof(*x->edits));
	x->edits[x->nedits] = (struct edit){start, end, xstrdup(text), x->nedits};
	x->nedits++;
}

static int cmp_edit(const void *a, const void *b)
{
	const struct edit *p = a, *q = b;
	if (p->start != q->start)
		return p->start < q->start ? -1 : 1;
	return p->seq < q->seq ? -1 : p->seq > q->seq;
}

/* Applies the pending edits; false when two overlap. */
static bool apply_edits(struct ctx *x, struct strbuf *out)
{
	if (x->nedits > 1)
		qsort(x->edits, x->nedits, sizeof(*x->edits), cmp_edit);
	size_t pos = 0;
	bool ok = true;
	for (size_t i = 0; i < x->nedits; i++) {
		const struct edit *e = &x->edits[i];
		if (e->start < pos) {
			ok = false;
			break;
		}
		strbuf_add(out, x->text + pos, e->start - pos);
		strbuf_adds(out, e->text);
		pos = e->end;
	}
	if (ok)
		strbuf_add(out, x->text + pos, x->len - pos);
	for (size_t i = 0; i < x->nedits; i++)
		free(x->edits[i].text);
	free(x->edits);
	x->edits = NULL;
	x->nedits = 0;
	return ok;
}

static void reparse(struct ctx *x)
{
	jobscript_release(&x->js);
	struct maple_error e;
	if (jobscript_parse(x->text, x->len, &x->js, &e) < 0)
		memset(&x->js, 0, sizeof(x->js));
	js_plan(&x->js, x->c ? x->c->hw.gpus_per_node : 0, &x->plan);
	index_lines(x);
}

/* The leading blanks of a line. */
static void indent_of(const struct ctx *x, int line, struct strbuf *out)
{
	size_t s = line_start(x, line);
	while (s < x->len && (x->text[s] == ' ' || x->text[s] == '\t'))
		strbuf_addch(out, x->text[s++]);
}

/* ---- shell text -------------------------------------------------------------------------------- */

/* A value as shell text for the shell that runs it: $NAME and ${NAME} stay live (double-quoted),
 * everything else is literal, quoted when needed. */
static void quote_value(const char *v, struct strbuf *out)
{
	struct shword w;
	memset(&w, 0, sizeof(w));
	struct shseg segs[64];
	size_t n = 0;
	struct strbuf lit = STRBUF_INIT;
	char *texts[64];
	size_t ntexts = 0;
	for (const char *p = v; *p && n < 62;) {
		if (*p == '$') {
			const char *q = p + 1;
			bool brace = *q == '{';
			if (brace)
				q++;
			size_t l = 0;
			if (isalpha((unsigned char)*q) || *q == '_')
				while (isalnum((unsigned char)q[l]) || q[l] == '_')
					l++;
			if (l && (!brace || q[l] == '}')) {
				if (lit.len) {
					texts[ntexts] = strbuf_detach(&lit);
					segs[n++] = (struct shseg){SEG_LIT, texts[ntexts++]};
				}
				texts[ntexts] = xstrndup(q, l);
				segs[n++] = (struct shseg){SEG_VAR, texts[ntexts++]};
				p = q + l + (brace ? 1 : 0);
				continue;
			}
		}
		strbuf_addch(&lit, *p++);
	}
	if (lit.len) {
		texts[ntexts] = strbuf_detach(&lit);
		segs[n++] = (struct shseg){SEG_LIT, texts[ntexts++]};
	}
	strbuf_release(&lit);
	w.segs = segs;
	w.nsegs = n;
	shword_quote(&w, out, false);
	for (size_t i = 0; i < ntexts; i++)
		free(texts[i]);
}

/* The bash -c word whose string holds command ci (depth > 0): its quote character, or 0. */
static char shell_quote_of(const struct ctx *x, int ci)
{
	int parent = x->js.cmds[ci].parent;
	for (size_t i = 0; i < x->js.nlaunches; i++) {
		const struct launch *l = &x->js.launches[i];
		for (size_t k = 0; k < l->nstages; k++) {
			const struct stage *s = &l->stages[k];
			if (s->kind == SK_SHELL && s->cmd == parent && s->last >= 1) {
				const struct jcmd *pc = &x->js.cmds[parent];
				size_t wi = (size_t)s->last - 1;
				if (wi < pc->words.nr)
					return pc->words.v[wi].raw[0] == '\'' || pc->words.v[wi].raw[0] == '"' ? pc->words.v[wi].raw[0]
														 : 0;
			}
		}
	}
	return 0;
}

/* Turns text meant for the shell that runs command ci into text to write at ci's place in the file:
 * escaped for each bash -c '...' / "..." around it. False when a layer is not quoted. */
static bool escape_for(const struct ctx *x, int ci, const char *text, struct strbuf *out)
{
	struct strbuf cur = STRBUF_INIT, next = STRBUF_INIT;
	strbuf_adds(&cur, text);
	bool ok = true;
	for (int c = ci, guard = 0; c >= 0 && x->js.cmds[c].depth > 0 && guard < 8; guard++) {
		char q = shell_quote_of(x, c);
		strbuf_reset(&next);
		if (q == '\'') {
			sh_escape_for_single_quotes(cur.buf, cur.len, &next);
		} else if (q == '"') {
			for (size_t i = 0; i < cur.len; i++) {
				if (strchr("\\\"$`", cur.buf[i]))
					strbuf_addch(&next, '\\');
				strbuf_addch(&next, cur.buf[i]);
			}
		} else {
			ok = false;
			break;
		}
		struct strbuf t = cur;
		cur = next;
		next = t;
		c = x->js.cmds[c].parent;
	}
	if (ok)
		strbuf_add(out, cur.buf, cur.len);
	strbuf_release(&cur);
	strbuf_release(&next);
	return ok;
}

/* ---- the launch line and statements ----------------------------------------------------------- */

static const struct launch *main_launch(const struct ctx *x)
{
	return x->plan.launch >= 0 ? &x->js.launches[x->plan.launch] : NULL;
}

static bool continues(const char *l, size_t n)
{
	while (n && (l[n - 1] == ' ' || l[n - 1] == '\t' || l[n - 1] == '\r'))
		n--;
	if (!n)
		return false;
	if (l[n - 1] == '\\' || l[n - 1] == '|')
		return true;
	return n >= 2 && l[n - 2] == '&' && l[n - 1] == '&';
}

/* The first line of the statement that command ci (depth 0) belongs to. */
static int statement_line(const struct ctx *x, int ci)
{
	int line = x->js.cmds[ci].line;
	while (line > 1) {
		size_t s = line_start(x, line - 1), e = line_start(x, line);
		if (e > s && x->text[e - 1] == '\n')
			e--;
		if (!continues(x->text + s, e - s))
			break;
		line--;
	}
	return line;
}

/* Inserts a line of shell (already quoted) before the main launch statement, indented like it. */
static bool insert_before_launch(struct ctx *x, const char *shell)
{
	const struct launch *l = main_launch(x);
	if (!l)
		return cannot(x, "the script has no launch line to put it before");
	int line = statement_line(x, l->cmd);
	struct strbuf t = STRBUF_INIT;
	indent_of(x, line, &t);
	strbuf_addf(&t, "%s\n", shell);
	add_edit(x, line_start(x, line), line_start(x, line), t.buf);
	strbuf_release(&t);
	return true;
}

/* Whether command ci stands alone on its lines (nothing before it on its first line, nothing but
 * blanks, ';' or a comment after it on its last line). */
static bool alone_on_lines(const struct ctx *x, int ci, size_t *from, size_t *to)
{
	const struct jcmd *c = &x->js.cmds[ci];
	size_t ws, we, ls, le;
	if (!word_span(x, ci, 0, &ws, &we) || !word_span(x, ci, c->words.nr - 1, &ls, &le))
		return false;
	size_t s = line_start(x, c->line);
	for (size_t i = s; i < ws; i++)
		if (x->text[i] != ' ' && x->text[i] != '\t')
			return false;
	size_t e = line_next(x, c->last_line);
	for (size_t i = le; i < e; i++) {
		char ch = x->text[i];
		if (ch == '#')
			break;
		if (ch != ' ' && ch != '\t' && ch != ';' && ch != '\n' && ch != '\r')
			return false;
	}
	for (size_t k = 0; k < x->js.ncmds; k++)
		if ((int)k != ci && x->js.cmds[k].depth == 0 && x->js.cmds[k].line <= c->last_line &&
		    x->js.cmds[k].last_line >= c->line)
			return false;
	*from = s;
	*to = e;
	return true;
}

/* Removes command ci: its lines when it stands alone, else it becomes ':' (a no-op that keeps
 * `a && cmd` well formed). */
static bool remove_command(struct ctx *x, int ci)
{
	size_t from, to;
	if (alone_on_lines(x, ci, &from, &to)) {
		add_edit(x, from, to, "");
		return true;
	}
	const struct jcmd *c = &x->js.cmds[ci];
	size_t s0, e0, s1, e1;
	if (!word_span(x, ci, 0, &s0, &e0) || !word_span(x, ci, c->words.nr - 1, &s1, &e1))
		return cannot(x, "cannot locate the command on line %d", c->line);
	add_edit(x, s0, e1, ":");
	return true;
}

/* Removes word wi (and the blanks before it) from command ci. */
static bool remove_word(struct ctx *x, int ci, size_t wi)
{
	size_t s, e;
	if (!word_span(x, ci, wi, &s, &e))
		return cannot(x, "cannot locate '%s' on line %d", x->js.cmds[ci].words.v[wi].raw,
			      x->js.cmds[ci].word_line[wi]);
	while (s > 0 && (x->text[s - 1] == ' ' || x->text[s - 1] == '\t'))
		s--;
	if (s > 0 && x->text[s - 1] == '\n') /* first on a continued line: take the blanks after it */
		while (e < x->len && (x->text[e] == ' ' || x->text[e] == '\t'))
			e++;
	add_edit(x, s, e, "");
	return true;
}

/* Replaces word wi of command ci by shell text (escaped here for the command's quoting). */
static bool replace_word(struct ctx *x, int ci, size_t wi, const char *shell)
{
	size_t s, e;
	if (!word_span(x, ci, wi, &s, &e))
		return cannot(x, "cannot locate '%s' on line %d (it may come from a variable)",
			      x->js.cmds[ci].words.v[wi].raw, x->js.cmds[ci].word_line[wi]);
	struct strbuf t = STRBUF_INIT;
	if (!escape_for(x, ci, shell, &t)) {
		strbuf_release(&t);
		return cannot(x, "line %d is inside a shell string maple cannot edit safely", x->js.cmds[ci].line);
	}
	add_edit(x, s, e, t.buf);
	strbuf_release(&t);
	return true;
}

/* Inserts shell text before word wi of command ci (or after its last word when wi == nr). */
static bool insert_at_word(struct ctx *x, int ci, size_t wi, const char *shell)
{
	const struct jcmd *c = &x->js.cmds[ci];
	size_t s, e;
	struct strbuf t = STRBUF_INIT;
	bool ok;
	if (wi < c->words.nr) {
		ok = word_span(x, ci, wi, &s, &e);
		strbuf_adds(&t, shell);
		strbuf_addch(&t, ' ');
	} else {
		ok = c->words.nr && word_span(x, ci, c->words.nr - 1, &e, &s);
		strbuf_addch(&t, ' ');
		strbuf_adds(&t, shell);
	}
	if (!ok) {
		strbuf_release(&t);
		return cannot(x, "cannot locate the words of line %d (they may come from a variable)", c->line);
	}
	struct strbuf esc = STRBUF_INIT;
	ok = escape_for(x, ci, t.buf, &esc);
	if (ok)
		add_edit(x, s, s, esc.buf);
	strbuf_release(&esc);
	strbuf_release(&t);
	return ok ? true : cannot(x, "line %d is inside a shell string maple cannot edit safely", c->line);
}

/* ---- variables --------------------------------------------------------------------------------- */

/* The index of the word of command ci that assigns or exports name, or -1. */
static int assign_word(const struct ctx *x, int ci, const char *name)
{
	const struct jcmd *c = &x->js.cmds[ci];
	size_t n = strlen(name);
	for (size_t i = 0; i < c->words.nr; i++) {
		const char *r = c->words.v[i].raw;
		if (!strncmp(r, name, n) && (r[n] == '=' || (r[n] == '+' && r[n + 1] == '=')))
			return (int)i;
		if (i > c->nassign_prefix && !strcmp(r, name))
			return (int)i;
	}
	return -1;
}

static bool is_launch_cmd_or_inside(const struct ctx *x, int ci, int launch_cmd)
{
	for (int c = ci, guard = 0; c >= 0 && guard < 10; guard++) {
		if (c == launch_cmd)
			return true;
		c = x->js.cmds[c].parent;
	}
	return false;
}

/* Sets name to shell text (already quoted for the batch shell) where the launch will see it:
 * an assignment in front of the launch command or in its per-task shell is rewritten; else the
 * last batch-shell assignment before the launch; else `export NAME=...` goes before the launch. */
static bool set_var(struct ctx *x, const char *name, const char *shell, const char *literal)
{
	const struct launch *l = main_launch(x);
	if (!l)
		return cannot(x, "the script has no launch line");
	int lc = l->cmd;
	bool done = false;
	struct strbuf w = STRBUF_INIT;
	strbuf_addf(&w, "%s=%s", name, shell);
	/* in front of the launch command, or inside its per-task shells */
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (strcmp(a->name, name) || !is_launch_cmd_or_inside(x, a->cmd, lc))
			continue;
		if (a->depth == 0 && !a->in_cmd_prefix)
			continue;
		int wi = assign_word(x, a->cmd, name);
		if (wi < 0)
			continue;
		if (literal && a->has_value && a->value.value && !strcmp(a->value.value, literal)) {
			done = true;
			continue;
		}
		if (!replace_word(x, a->cmd, (size_t)wi, w.buf)) {
			strbuf_release(&w);
			return false;
		}
		done = true;
	}
	if (done) {
		strbuf_release(&w);
		return true;
	}
	/* the last batch-shell assignment before the launch */
	const struct assign *last = NULL;
	bool exported = false;
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (a->depth || a->in_cmd_prefix || a->cmd >= lc || strcmp(a->name, name))
			continue;
		exported = exported || a->exported;
		if (a->has_value)
			last = a;
		else if (!last)
			last = a; /* export NAME */
	}
	if (!last) {
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "export %s", w.buf);
		bool ok = insert_before_launch(x, t.buf);
		strbuf_release(&t);
		strbuf_release(&w);
		return ok;
	}
	if (literal && last->has_value && last->value.value && !strcmp(last->value.value, literal) && exported) {
		strbuf_release(&w);
		return true; /* already so */
	}
	int ci = last->cmd;
	int wi = assign_word(x, ci, name);
	const struct jcmd *c = &x->js.cmds[ci];
	bool ok;
	if (wi < 0) {
		ok = cannot(x, "cannot locate the assignment of %s on line %d", name, last->line);
	} else if (c->words.nr == 1) {
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "export %s", w.buf);
		ok = replace_word(x, ci, (size_t)wi, t.buf);
		strbuf_release(&t);
	} else {
		ok = replace_word(x, ci, (size_t)wi, w.buf);
		if (ok && !exported && !(c->nassign_prefix == 0 && !strcmp(c->words.v[0].value, "export"))) {
			struct strbuf t = STRBUF_INIT;
			strbuf_addf(&t, "export %s", name);
			ok = insert_before_launch(x, t.buf);
			strbuf_release(&t);
		}
	}
	strbuf_release(&w);
	return ok;
}

static bool op_set_env(struct ctx *x, const char *name, const char *value)
{
	struct strbuf q = STRBUF_INIT;
	quote_value(value, &q);
	bool ok = set_var(x, name, q.buf, value);
	strbuf_release(&q);
	return ok;
}

static bool op_unset_env(struct ctx *x, const char *name)
{
	const struct launch *l = main_launch(x);
	int lc = l ? l->cmd : (int)x->js.ncmds;
	bool any = false;
	int last_cmd = -1;
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (strcmp(a->name, name) || a->cmd == last_cmd)
			continue;
		bool ours = (a->depth == 0 && a->cmd <= lc) || (l && is_launch_cmd_or_inside(x, a->cmd, lc));
		if (!ours)
			continue;
		last_cmd = a->cmd;
		const struct jcmd *c = &x->js.cmds[a->cmd];
		int wi = assign_word(x, a->cmd, name);
		if (wi < 0)
			continue;
		any = true;
		size_t others = 0; /* words that are not this assignment nor export/declare */
		for (size_t k = 0; k < c->words.nr; k++)
			if ((int)k != wi && !(k == c->nassign_prefix && (!strcmp(c->words.v[k].value, "export") ||
									  !strcmp(c->words.v[k].value, "declare"))))
				others++;
		bool ok;
		if (!others && a->depth == 0)
			ok = remove_command(x, a->cmd);
		else if (!others)
			ok = replace_word(x, a->cmd, (size_t)wi, ":") &&
			     (c->nassign_prefix >= c->words.nr || wi == 0 || remove_word(x, a->cmd, 0));
		else
			ok = remove_word(x, a->cmd, (size_t)wi);
		if (!ok)
			return false;
	}
	/* nothing to remove: an `unset` of a variable the script never sets changes nothing the failing
	 * run used (it may come from the user's shell or a module, which a patch cannot see) */
	if (!any)
		return cannot(x, "the script does not set %s, so removing it would change nothing", name);
	return true;
}

/* ---- launcher options ------------------------------------------------------------------------- */

static bool stage_is(const struct stage *s, const char *launcher)
{
	switch (s->kind) {
	case SK_SRUN:
		return !strcmp(launcher, "srun");
	case SK_MPIEXEC:
	case SK_MPIRUN:
		return !strcmp(launcher, "mpiexec") || !strcmp(launcher, "mpirun");
	case SK_IBRUN:
		return !strcmp(launcher, "ibrun");
	case SK_TORCHRUN:
	case SK_TDLAUNCH:
		return !strcmp(launcher, "torchrun");
	case SK_DEEPSPEED:
		return !strcmp(launcher, "deepspeed");
	case SK_ACCELERATE:
		return !strcmp(launcher, "accelerate");
	case SK_PROGRAM:
		return !strcmp(launcher, "python") && s->prog && !strcmp(s->prog, "python");
	default:
		return false;
	}
}

static const struct stage *find_stage(const struct ctx *x, const char *launcher)
{
	const struct launch *l = main_launch(x);
	for (size_t i = 0; l && i < l->nstages; i++)
		if (stage_is(&l->stages[i], launcher))
			return &l->stages[i];
	return NULL;
}

/* Option spellings compared with '_' and '-' the same. */
static bool same_option(const char *a, size_t an, const char *b, size_t bn)
{
	if (an != bn)
		return false;
	for (size_t i = 0; i < an; i++) {
		char p = a[i] == '_' ? '-' : a[i], q = b[i] == '_' ? '-' : b[i];
		if (p != q)
			return false;
	}
	return true;
}

/* The option word of a stage (or of a word range) spelled like option: its index, and the index of
 * its value word (== the option word for --opt=value, -1 for none). */
struct optpos {
	int word, value_word;
	bool attached; /* --opt=value */
};

static bool find_in_words(const struct jcmd *c, size_t from, size_t to, const char *option, bool values,
			  struct optpos *o)
{
	size_t on = strlen(option);
	for (size_t i = from; i < to && i < c->words.nr; i++) {
		const char *v = c->words.v[i].value;
		const char *eq = strchr(v, '=');
		size_t n = eq ? (size_t)(eq - v) : strlen(v);
		if (!same_option(v, n, option, on))
			continue;
		o->word = (int)i;
		o->attached = eq != NULL;
		o->value_word = eq ? (int)i : -1;
		if (!eq && values && i + 1 < to && i + 1 < c->words.nr && c->words.v[i + 1].value[0] != '-')
			o->value_word = (int)i + 1;
		return true;
	}
	return false;
}

/* Where the options of a stage end: the word to insert a new option before. */
static size_t stage_options_end(const struct ctx *x, const struct stage *s)
{
	if (s->kind == SK_PROGRAM) { /* python OPTIONS script */
		const struct launch *l = main_launch(x);
		if (l && l->script_word > s->first && (size_t)l->script_word < x->js.cmds[s->cmd].words.nr)
			return (size_t)(l->module ? l->script_word - 1 : l->script_word);
		return (size_t)s->first + 1;
	}
	return (size_t)s->last;
}

static bool find_stage_option(const struct ctx *x, const struct stage *s, const char *option, struct optpos *o)
{
	const char *canon = launch_option_name(s->kind, option);
	if (canon) {
		const struct lopt *lo = stage_opt(s, canon);
		if (lo) {
			o->word = lo->word;
			o->value_word = lo->value_word;
			o->attached = lo->value_word == lo->word;
			return true;
		}
	}
	return find_in_words(&x->js.cmds[s->cmd], (size_t)s->first + 1, stage_options_end(x, s), option, true, o);
}

static bool equals_style(enum stage_kind k)
{
	return k == SK_SRUN || k == SK_TORCHRUN || k == SK_TDLAUNCH || k == SK_DEEPSPEED || k == SK_ACCELERATE;
}

/* Sets an option in the word range of a command: replaces its value, or inserts it before word at. */
static bool set_option_words(struct ctx *x, int ci, const struct optpos *found, const char *option,
			     const char *value, bool use_equals, size_t at)
{
	const struct jcmd *c = &x->js.cmds[ci];
	struct strbuf q = STRBUF_INIT, t = STRBUF_INIT;
	if (value)
		quote_value(value, &q);
	bool ok;
	if (found) {
		const struct shword *ow = &c->words.v[found->word];
		if (found->attached) {
			const char *cur = strchr(ow->value, '=') + 1;
			if (value && !strcmp(cur, value)) {
				ok = true;
			} else {
				const char *eq = strchr(ow->raw, '=');
				if (!eq || memchr(ow->raw, '\'', (size_t)(eq - ow->raw)) || memchr(ow->raw, '"', (size_t)(eq - ow->raw)))
					eq = NULL;
				strbuf_add(&t, ow->raw, eq ? (size_t)(eq - ow->raw) : strlen(option));
				if (!eq)
					strbuf_reset(&t), strbuf_adds(&t, option);
				if (value)
					strbuf_addf(&t, "=%s", q.buf);
				ok = replace_word(x, ci, (size_t)found->word, t.buf);
			}
		} else if (found->value_word >= 0) {
			const char *cur = c->words.v[found->value_word].value;
			if (value && !strcmp(cur, value))
				ok = true;
			else if (value)
				ok = replace_word(x, ci, (size_t)found->value_word, q.buf);
			else
				ok = remove_word(x, ci, (size_t)found->value_word);
		} else if (value) {
			strbuf_addf(&t, "%s%s%s", c->words.v[found->word].raw, use_equals ? "=" : " ", q.buf);
			ok = replace_word(x, ci, (size_t)found->word, t.buf);
		} else {
			ok = true;
		}
	} else {
		strbuf_adds(&t, option);
		if (value)
			strbuf_addf(&t, "%s%s", use_equals ? "=" : " ", q.buf);
		ok = insert_at_word(x, ci, at, t.buf);
	}
	strbuf_release(&q);
	strbuf_release(&t);
	return ok;
}

static bool op_set_launcher_option(struct ctx *x, const char *launcher, const char *option, const char *value)
{
	const struct stage *s = find_stage(x, launcher);
	if (!s)
		return cannot(x, "the main launch line has no %s", launcher);
	struct optpos o;
	bool found = find_stage_option(x, s, option, &o);
	bool eq = equals_style(s->kind) && option[0] == '-' && option[1] == '-';
	return set_option_words(x, s->cmd, found ? &o : NULL, option, value, eq, stage_options_end(x, s));
}

static bool remove_option(struct ctx *x, int ci, const struct optpos *o)
{
	if (o->value_word >= 0 && o->value_word != o->word && !remove_word(x, ci, (size_t)o->value_word))
		return false;
	return remove_word(x, ci, (size_t)o->word);
}

static bool op_remove_launcher_option(struct ctx *x, const char *launcher, const char *option)
{
	const struct stage *s = find_stage(x, launcher);
	if (!s)
		return cannot(x, "the main launch line has no %s", launcher);
	struct optpos o;
	if (!find_stage_option(x, s, option, &o))
		return true; /* nothing to remove */
	/* a flag read by the launcher's table has no value word */
	return remove_option(x, s->cmd, &o);
}

/* ---- modules ----------------------------------------------------------------------------------- */

/* Whether command ci is `module ...` / `ml ...`; *load gets the index of the first module name of
 * a load (0 when it is another subcommand). */
static bool module_cmd(const struct ctx *x, size_t ci, size_t *load)
{
	const struct jcmd *c = &x->js.cmds[ci];
	size_t i = c->nassign_prefix;
	*load = 0;
	if (c->depth || i >= c->words.nr)
		return false;
	const char *w = c->words.v[i].value;
	if (!strcmp(w, "ml")) {
		static const char *const other[] = {"purge", "unload", "del", "rm", "list", "avail", "av", "show",
						    "spider", "swap", "switch", "save", "restore", "use", "unuse",
						    "reset", "help", "keyword", "whatis", NULL};
		if (i + 1 >= c->words.nr)
			return true;
		const char *n = c->words.v[i + 1].value;
		if (!strcmp(n, "load") || !strcmp(n, "add"))
			*load = i + 2;
		else if (n[0] != '-' && n[0] != '+') {
			bool sub = false;
			for (const char *const *o = other; *o && !sub; o++)
				sub = !strcmp(*o, n);
			*load = sub ? 0 : i + 1;
		}
		return true;
	}
	if (strcmp(w, "module"))
		return false;
	for (size_t k = i + 1; k < c->words.nr; k++) {
		const char *v = c->words.v[k].value;
		if (v[0] == '-')
			continue;
		if (!strcmp(v, "load") || !strcmp(v, "add") || !strcmp(v, "try-load") || !strcmp(v, "try-add"))
			*load = k + 1;
		break;
	}
	return true;
}

static bool module_is(const char *word, const char *name)
{
	size_t n = strlen(name);
	return !strcmp(word, name) || (!strncmp(word, name, n) && word[n] == '/');
}

static bool op_add_module(struct ctx *x, const char *name)
{
	int last = -1, first_cmd = -1;
	for (size_t ci = 0; ci < x->js.ncmds; ci++) {
		if (x->js.cmds[ci].depth)
			continue;
		if (first_cmd < 0)
			first_cmd = (int)ci;
		size_t load;
		if (!module_cmd(x, ci, &load))
			continue;
		last = (int)ci;
		const struct jcmd *c = &x->js.cmds[ci];
		for (size_t k = load; load && k < c->words.nr; k++)
			if (!strcmp(c->words.v[k].value, name))
				return true; /* already loaded */
	}
	struct strbuf t = STRBUF_INIT;
	struct strbuf q = STRBUF_INIT;
	sh_quote_literal(name, &q);
	if (last >= 0) {
		int line = x->js.cmds[last].last_line;
		indent_of(x, x->js.cmds[last].line, &t);
		strbuf_addf(&t, "module load %s\n", q.buf);
		size_t at = line_next(x, line);
		if (at == x->len && x->len && x->text[x->len - 1] != '\n') {
			strbuf_reset(&t);
			strbuf_addf(&t, "\nmodule load %s", q.buf);
		}
		add_edit(x, at, at, t.buf);
	} else if (first_cmd >= 0) {
		int line = statement_line(x, first_cmd);
		indent_of(x, line, &t);
		strbuf_addf(&t, "module load %s\n", q.buf);
		add_edit(x, line_start(x, line), line_start(x, line), t.buf);
	} else {
		strbuf_addf(&t, "%smodule load %s\n", x->len && x->text[x->len - 1] != '\n' ? "\n" : "", q.buf);
		add_edit(x, x->len, x->len, t.buf);
	}
	strbuf_release(&q);
	strbuf_release(&t);
	return true;
}

static bool op_swap_module(struct ctx *x, const char *from, const char *to)
{
	bool any = false;
	struct strbuf q = STRBUF_INIT;
	sh_quote_literal(to, &q);
	for (size_t ci = 0; ci < x->js.ncmds; ci++) {
		size_t load;
		if (!module_cmd(x, ci, &load) || !load)
			continue;
		const struct jcmd *c = &x->js.cmds[ci];
		for (size_t k = load; k < c->words.nr; k++)
			if (module_is(c->words.v[k].value, from)) {
				any = true;
				if (strcmp(c->words.v[k].value, to) && !replace_word(x, (int)ci, k, q.buf)) {
					strbuf_release(&q);
					return false;
				}
			}
	}
	strbuf_release(&q);
	return any ? true : op_add_module(x, to);
}

static bool op_remove_module(struct ctx *x, const char *name)
{
	for (size_t ci = 0; ci < x->js.ncmds; ci++) {
		size_t load;
		if (!module_cmd(x, ci, &load) || !load)
			continue;
		const struct jcmd *c = &x->js.cmds[ci];
		size_t names = 0, hits = 0;
		for (size_t k = load; k < c->words.nr; k++)
			if (c->words.v[k].value[0] != '-') {
				names++;
				hits += module_is(c->words.v[k].value, name);
			}
		if (!hits)
			continue;
		if (hits == names) {
			if (!remove_command(x, (int)ci))
				return false;
			continue;
		}
		for (size_t k = load; k < c->words.nr; k++)
			if (module_is(c->words.v[k].value, name) && !remove_word(x, (int)ci, k))
				return false;
	}
	return true;
}

/* ---- directives -------------------------------------------------------------------------------- */

static enum sched_kind target_sched(const struct ctx *x)
{
	if (x->js.sched != JS_NONE)
		return x->js.sched;
	if (x->c)
		return x->c->scheduler == SCHED_PBS ? JS_PBS : JS_SLURM;
	return JS_NONE;
}

static bool op_set_directive(struct ctx *x, const char *option, const char *value)
{
	enum sched_kind k = target_sched(x);
	if (k != JS_SLURM && k != JS_PBS)
		return cannot(x, "the script has no Slurm or PBS header (and no --cluster says which)");
	if (value && strchr(value, '"'))
		return cannot(x, "the directive value contains a double quote");
	struct strbuf v = STRBUF_INIT, line = STRBUF_INIT;
	if (value && strpbrk(value, " \t'"))
		strbuf_addf(&v, "\"%s\"", value);
	else if (value)
		strbuf_adds(&v, value);
	if (k == JS_SLURM) {
		strbuf_addf(&line, "#SBATCH --%s%s%s", option, value ? "=" : "", v.buf);
	} else {
		static const char *const flags[][2] = {{"queue", "-q"},	  {"account", "-A"}, {"job-name", "-N"},
						       {"project", "-P"}, {"output", "-o"},  {"error", "-e"},
						       {"join", "-j"},	  {NULL, NULL}};
		const char *flag = NULL;
		for (size_t i = 0; flags[i][0]; i++)
			if (!strcmp(flags[i][0], option))
				flag = flags[i][1];
		if (flag)
			strbuf_addf(&line, "#PBS %s%s%s", flag, value ? " " : "", v.buf);
		else
			strbuf_addf(&line, "#PBS -l %s%s%s", option, value ? "=" : "", v.buf);
	}
	strbuf_release(&v);
	const struct directive *d = NULL;
	int last_line = 0;
	for (size_t i = 0; i < x->js.ndirs; i++) {
		const struct directive *di = &x->js.dirs[i];
		if (di->kind != k || di->ignored)
			continue;
		last_line = di->line;
		if (di->opt && !strcmp(di->opt, option))
			d = di;
	}
	bool ok = true;
	if (d && ((!value && !d->value) || (value && d->value && !strcmp(d->value, value)))) {
		/* already so */
	} else if (d) {
		size_t on_line = 0;
		for (size_t i = 0; i < x->js.ndirs; i++)
			on_line += x->js.dirs[i].line == d->line;
		if (on_line == 1) {
			size_t s = line_start(x, d->line), e = line_next(x, d->line);
			bool nl = e > s && x->text[e - 1] == '\n';
			strbuf_addf(&line, "%s", nl ? "\n" : "");
			add_edit(x, s, e, line.buf);
		} else { /* several options on that line: a later line overrides it */
			strbuf_addch(&line, '\n');
			size_t at = line_next(x, last_line);
			add_edit(x, at, at, line.buf);
		}
	} else {
		int after = last_line;
		if (!after && x->nlines && !strncmp(x->text, "#!", 2))
			after = 1;
		size_t at = after ? line_next(x, after) : 0;
		if (at == x->len && x->len && x->text[x->len - 1] != '\n') {
			struct strbuf t = STRBUF_INIT;
			strbuf_addf(&t, "\n%s", line.buf);
			add_edit(x, at, at, t.buf);
			strbuf_release(&t);
		} else {
			strbuf_addch(&line, '\n');
			add_edit(x, at, at, line.buf);
		}
	}
	strbuf_release(&line);
	return ok;
}

/* ---- program arguments ----------------------------------------------------------------------- */

/* The program stage of the main launch line and the word range of its arguments. */
static const struct stage *program_args(const struct ctx *x, size_t *from, size_t *to)
{
	const struct launch *l = main_launch(x);
	if (!l || l->prog_stage < 0)
		return NULL;
	const struct stage *p = &l->stages[l->prog_stage];
	*from = l->script_word >= 0 ? (size_t)l->script_word + 1 : (size_t)p->first + 1;
	*to = (size_t)p->last;
	return p;
}

static bool op_set_program_arg(struct ctx *x, const char *option, const char *value)
{
	size_t from, to;
	const struct stage *p = program_args(x, &from, &to);
	if (!p)
		return cannot(x, "the main launch line has no training program");
	struct optpos o;
	bool found = find_in_words(&x->js.cmds[p->cmd], from, to, option, value != NULL, &o);
	return set_option_words(x, p->cmd, found ? &o : NULL, option, value, false, to);
}

static bool op_remove_program_arg(struct ctx *x, const char *option)
{
	size_t from, to;
	const struct stage *p = program_args(x, &from, &to);
	if (!p)
		return cannot(x, "the main launch line has no training program");
	struct optpos o;
	if (!find_in_words(&x->js.cmds[p->cmd], from, to, option, true, &o))
		return true;
	return remove_option(x, p->cmd, &o);
}

static bool op_set_backend(struct ctx *x, const char *value)
{
	size_t from, to;
	const struct stage *p = program_args(x, &from, &to);
	if (!p)
		return cannot(x, "the main launch line has no training program");
	static const char *const spellings[] = {"--backend", "--dist-backend", "--ddp-backend", "--dist-backend-name", NULL};
	for (const char *const *s = spellings; *s; s++) {
		struct optpos o;
		if (find_in_words(&x->js.cmds[p->cmd], from, to, *s, true, &o)) {
			const char *spelled = x->js.cmds[p->cmd].words.v[o.word].value;
			char *opt = xstrndup(spelled, strcspn(spelled, "="));
			bool ok = set_option_words(x, p->cmd, &o, opt, value, false, to);
			free(opt);
			return ok;
		}
	}
	return set_option_words(x, p->cmd, NULL, "--backend", value, false, to);
}

/* ---- rendezvous -------------------------------------------------------------------------------- */

static const char *job_port_expr(enum sched_kind k)
{
	switch (k) {
	case JS_SLURM:
		return "$((29500 + SLURM_JOB_ID % 1000))";
	case JS_PBS:
		return "$((29500 + ${PBS_JOBID%%.*} % 1000))";
	case JS_LSF:
		return "$((29500 + LSB_JOBID % 1000))";
	default:
		return NULL;
	}
}

static bool batch_assigns(const struct ctx *x, const char *name)
{
	const struct launch *l = main_launch(x);
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (!a->depth && !a->in_cmd_prefix && a->has_value && (!l || a->cmd < l->cmd) && !strcmp(a->name, name))
			return true;
	}
	return false;
}

/* Replaces the ":PORT" at the end of a plain rendezvous endpoint word by port text. */
static bool replace_endpoint_port(struct ctx *x, int ci, size_t wi, const char *port)
{
	const char *raw = x->js.cmds[ci].words.v[wi].raw;
	const char *colon = strrchr(raw, ':');
	if (!colon || !colon[1] || strspn(colon + 1, "0123456789") != strlen(colon + 1))
		return true; /* not a literal port: leave it */
	if (strpbrk(raw, "'\"\\"))
		return cannot(x, "the rendezvous endpoint '%s' is quoted in a way maple does not edit", raw);
	struct strbuf t = STRBUF_INIT;
	strbuf_add(&t, raw, (size_t)(colon - raw) + 1);
	strbuf_adds(&t, port);
	bool ok = replace_word(x, ci, wi, t.buf);
	strbuf_release(&t);
	return ok;
}

static bool op_set_master_port(struct ctx *x, const char *value)
{
	bool job = !strcmp(value, "job");
	const char *expr = job ? job_port_expr(target_sched(x)) : value;
	if (!expr)
		return cannot(x, "a port derived from the job id needs a scheduler (no header, no --cluster)");
	const struct launch *l = main_launch(x);
	if (!l)
		return cannot(x, "the script has no launch line");
	bool has_var = batch_assigns(x, "MASTER_PORT");
	/* literal ports on the launch line follow the variable when there is one (or will be) */
	const char *port_text = job || has_var ? "${MASTER_PORT}" : value;
	bool touched = false;
	for (size_t i = 0; i < l->nstages; i++) {
		const struct stage *s = &l->stages[i];
		const char *names[] = {"master-port", "main-process-port", "rdzv-endpoint", NULL};
		for (const char *const *n = names; *n; n++) {
			const struct lopt *o = stage_opt(s, *n);
			if (!o || !o->value)
				continue;
			touched = true;
			if (!strcmp(*n, "rdzv-endpoint")) {
				if (o->value_word >= 0 && o->value_word != o->word &&
				    !replace_endpoint_port(x, s->cmd, (size_t)o->value_word, port_text))
					return false;
				continue;
			}
			if (strchr(o->value, '$') || !strcmp(o->value, port_text))
				continue; /* follows a variable already */
			struct optpos p = {o->word, o->value_word, o->value_word == o->word};
			const char *spelled = x->js.cmds[s->cmd].words.v[o->word].value;
			char *opt = xstrndup(spelled, strcspn(spelled, "="));
			bool ok;
			if (p.attached || p.value_word < 0) {
				struct strbuf t = STRBUF_INIT;
				strbuf_addf(&t, "%s=%s", opt, port_text);
				ok = replace_word(x, s->cmd, (size_t)o->word, t.buf);
				strbuf_release(&t);
			} else {
				ok = replace_word(x, s->cmd, (size_t)p.value_word, port_text);
			}
			free(opt);
			if (!ok)
				return false;
		}
	}
	if (job || has_var || !touched)
		return set_var(x, "MASTER_PORT", expr, job ? NULL : value);
	return true;
}

static bool op_set_master_addr(struct ctx *x)
{
	enum sched_kind k = target_sched(x);
	const char *expr = k == JS_SLURM ? "$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)"
			   : k == JS_PBS ? "$(head -n 1 \"$PBS_NODEFILE\")"
					 : NULL;
	if (!expr)
		return cannot(x, "the first node of the job is only known for Slurm and PBS scripts");
	const struct launch *l = main_launch(x);
	if (!l)
		return cannot(x, "the script has no launch line");
	if (!set_var(x, "MASTER_ADDR", expr, NULL))
		return false;
	/* a literal address on the launch line follows the variable */
	for (size_t i = 0; i < l->nstages; i++) {
		const struct stage *s = &l->stages[i];
		const struct lopt *o = stage_opt(s, s->kind == SK_ACCELERATE ? "main-process-ip" : "master-addr");
		if (!o || !o->value || strchr(o->value, '$'))
			continue;
		const char *spelled = x->js.cmds[s->cmd].words.v[o->word].value;
		char *opt = xstrndup(spelled, strcspn(spelled, "="));
		struct strbuf t = STRBUF_INIT;
		bool ok;
		if (o->value_word == o->word) {
			strbuf_addf(&t, "%s=${MASTER_ADDR}", opt);
			ok = replace_word(x, s->cmd, (size_t)o->word, t.buf);
		} else {
			ok = o->value_word < 0 || replace_word(x, s->cmd, (size_t)o->value_word, "${MASTER_ADDR}");
		}
		strbuf_release(&t);
		free(opt);
		if (!ok)
			return false;
	}
	return true;
}

/* The first word after a spawner's own name ("torchrun", "python -m torch.distributed.run",
 * "accelerate launch"): where its options start. */
static size_t spawner_head_end(const struct ctx *x, const struct stage *s)
{
	const struct jcmd *c = &x->js.cmds[s->cmd];
	if (s->prog && !strcmp(s->prog, "python")) {
		for (size_t i = (size_t)s->first + 1; i + 1 < c->words.nr; i++)
			if (!strcmp(c->words.v[i].value, "-m"))
				return i + 2;
		return (size_t)s->first + 1;
	}
	return (size_t)s->first + (s->kind == SK_ACCELERATE ? 2 : 1);
}

static bool op_set_node_rank(struct ctx *x)
{
	const struct launch *l = main_launch(x);
	if (!l)
		return cannot(x, "the script has no launch line");
	const struct stage *outer = x->plan.outer, *sp = x->plan.spawner;
	if (!sp)
		return cannot(x, "the main launch line has no torchrun, deepspeed or accelerate to give a node rank to");
	if (!outer)
		return cannot(x, "%s is started once, in the batch shell: start one per node with srun or mpiexec first",
			      stage_kind_name(sp->kind));
	const char *var = outer->kind == SK_SRUN      ? "SLURM_NODEID"
			  : outer->kind == SK_MPIEXEC ? "PMI_RANK"
			  : outer->kind == SK_MPIRUN  ? "OMPI_COMM_WORLD_RANK"
						      : NULL;
	if (!var)
		return cannot(x, "maple does not know the per-task rank variable of %s", stage_kind_name(outer->kind));
	const char *canon = sp->kind == SK_ACCELERATE ? "machine-rank" : "node-rank";
	const char *spelling = sp->kind == SK_ACCELERATE ? "--machine_rank" : "--node_rank";
	const struct lopt *o = stage_opt(sp, canon);
	const struct jcmd *c = &x->js.cmds[sp->cmd];
	struct strbuf ref = STRBUF_INIT;
	strbuf_addf(&ref, "$%s", var);
	bool ok = true;
	if (c->depth > 0) {
		/* already in a per-task shell: the value is read there */
		if (o && o->value && per_task_var_in(o->value) && shell_quote_of(x, sp->cmd) == '\'') {
			/* a per-task variable read by the per-task shell itself: right already */
			strbuf_release(&ref);
			return true;
		}
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "\"%s\"", ref.buf);
		if (o) {
			struct optpos p = {o->word, o->value_word, o->value_word == o->word};
			const char *spelled = c->words.v[o->word].value;
			char *opt = xstrndup(spelled, strcspn(spelled, "="));
			if (p.attached || p.value_word < 0) {
				struct strbuf w = STRBUF_INIT;
				strbuf_addf(&w, "%s=%s", opt, t.buf);
				ok = replace_word(x, sp->cmd, (size_t)o->word, w.buf);
				strbuf_release(&w);
			} else {
				ok = replace_word(x, sp->cmd, (size_t)p.value_word, t.buf);
			}
			free(opt);
		} else {
			struct strbuf w = STRBUF_INIT;
			strbuf_addf(&w, "%s=%s", spelling, t.buf);
			ok = insert_at_word(x, sp->cmd, spawner_head_end(x, sp), w.buf);
			strbuf_release(&w);
		}
		strbuf_release(&t);
		strbuf_release(&ref);
		return ok;
	}
	/* in the batch shell: every task would get the same rank. Run the spawner through a per-task
	 * shell that adds the rank, leaving every other word as the batch shell expands it:
	 *   srun ... bash -c 'exec torchrun --node_rank="$SLURM_NODEID" "$@"' bash --nnodes=2 ... */
	size_t head_end = spawner_head_end(x, sp);
	size_t hs, he, ts, te;
	if (!word_span(x, sp->cmd, (size_t)sp->first, &hs, &he) || !word_span(x, sp->cmd, head_end - 1, &ts, &te)) {
		strbuf_release(&ref);
		return cannot(x, "cannot locate %s on line %d", stage_kind_name(sp->kind), c->line);
	}
	struct strbuf head = STRBUF_INIT, inner = STRBUF_INIT, t = STRBUF_INIT;
	for (size_t i = (size_t)sp->first; i < head_end; i++)
		strbuf_addf(&head, "%s%s", i > (size_t)sp->first ? " " : "", c->words.v[i].raw);
	strbuf_addf(&inner, "exec %s %s=\"%s\" \"$@\"", head.buf, spelling, ref.buf);
	strbuf_adds(&t, "bash -c '");
	sh_escape_for_single_quotes(inner.buf, inner.len, &t);
	strbuf_adds(&t, "' bash");
	add_edit(x, hs, te, t.buf);
	if (o) {
		struct optpos p = {o->word, o->value_word, o->value_word == o->word};
		ok = remove_option(x, sp->cmd, &p);
	}
	strbuf_release(&head);
	strbuf_release(&inner);
	strbuf_release(&t);
	strbuf_release(&ref);
	return ok;
}

/* ---- directories ------------------------------------------------------------------------------- */

static bool op_dir(struct ctx *x, const char *path, bool cd)
{
	const struct launch *l = main_launch(x);
	if (!l)
		return cannot(x, "the script has no launch line");
	for (size_t ci = 0; ci < (size_t)l->cmd; ci++) {
		const struct jcmd *c = &x->js.cmds[ci];
		if (c->depth || c->words.nr < 2 || c->nassign_prefix)
			continue;
		const char *w = c->words.v[0].value, *last = c->words.v[c->words.nr - 1].value;
		if (cd && !strcmp(w, "cd") && !strcmp(last, path) && c->words.nr == 2)
			return true;
		if (!cd && !strcmp(w, "mkdir") && !strcmp(last, path))
			return true;
	}
	struct strbuf q = STRBUF_INIT, t = STRBUF_INIT;
	quote_value(path, &q);
	strbuf_addf(&t, cd ? "cd %s || exit 1" : "mkdir -p %s", q.buf);
	bool ok = insert_before_launch(x, t.buf);
	strbuf_release(&q);
	strbuf_release(&t);
	return ok;
}

/* ---- placeholders ------------------------------------------------------------------------------ */

int patch_resolve(const char *value, const struct jobscript *js, const struct cluster *c, struct strbuf *out,
		  struct maple_error *err)
{
	struct launch_plan plan;
	bool planned = false;
	for (const char *p = value; *p;) {
		if (*p != '{' || (p > value && p[-1] == '$')) {
			strbuf_addch(out, *p++);
			continue;
		}
		const char *close = strchr(p, '}');
		size_t n = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz_");
		if (!close || !n) {
			strbuf_addch(out, *p++);
			continue;
		}
		const char *name = p + 1;
		if (n == 11 && !strncmp(name, "profile_env", 11) && name[n] == ':') {
			const char *v = name + n + 1;
			size_t vn = strcspn(v, "|}");
			const char *def = v[vn] == '|' ? v + vn + 1 : NULL;
			size_t defn = def ? (size_t)(close - def) : 0;
			const char *found = NULL;
			for (size_t i = 0; c && i < c->nenv; i++)
				if (strlen(c->env[i].name) == vn && !strncmp(c->env[i].name, v, vn))
					found = c->env[i].value;
			if (found)
				strbuf_adds(out, found);
			else if (def)
				strbuf_add(out, def, defn);
			else
				return errorf(err, "{profile_env:%.*s}: %s", (int)vn, v,
					      c ? "the cluster profile does not set it and there is no default"
						: "no cluster is known (give --cluster) and there is no default");
			p = close + 1;
			continue;
		}
		if (name[n] != '}') {
			strbuf_addch(out, *p++);
			continue;
		}
		if (!planned && js) {
			js_plan(js, c ? c->hw.gpus_per_node : 0, &plan);
			planned = true;
		}
		long v = 0;
		if (n == 7 && !strncmp(name, "cluster", 7)) {
			if (!c)
				return errorf(err, "{cluster}: no cluster is known (give --cluster)");
			strbuf_adds(out, c->id);
			p = close + 1;
			continue;
		}
		long gpn = planned && plan.counts.gpus_per_node > 0 ? plan.counts.gpus_per_node
			   : c					 ? c->hw.gpus_per_node
								 : 0;
		long nodes = planned ? (plan.eff_nodes > 0 ? plan.eff_nodes : plan.header.nodes) : 0;
		if (n == 13 && !strncmp(name, "gpus_per_node", 13))
			v = gpn;
		else if (n == 5 && !strncmp(name, "nodes", 5))
			v = nodes;
		else if (n == 10 && !strncmp(name, "world_size", 10))
			v = planned && plan.workers > 0 ? plan.workers : nodes * gpn;
		else {
			strbuf_add(out, p, (size_t)(close - p) + 1);
			p = close + 1;
			continue;
		}
		if (v <= 0)
			return errorf(err, "{%.*s}: the script does not say (header or launch line)", (int)n, name);
		strbuf_addf(out, "%ld", v);
		p = close + 1;
	}
	return 0;
}

/* ---- driver ------------------------------------------------------------------------------------ */

/* ---- directives that use shell variables ------------------------------------------------------ */

/* The literal value the batch shell gives NAME (its last plain assignment: no expansion, no
 * substitution, no quoting needed in a directive), or NULL. */
static const char *literal_value(const struct ctx *x, const char *name, size_t n)
{
	const char *v = NULL;
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (a->depth || a->in_cmd_prefix || !a->has_value || strlen(a->name) != n || strncmp(a->name, name, n))
			continue;
		const char *val = a->value.value;
		v = val && *val && !strpbrk(val, "$`\"' \t\n") ? val : NULL;
	}
	return v;
}

static bool op_expand_directive_vars(struct ctx *x)
{
	bool any = false;
	for (size_t ln = 1; ln <= x->nlines; ln++) {
		size_t s = line_start(x, (int)ln), e = line_next(x, (int)ln);
		const char *t = x->text + s;
		size_t len = e - s;
		if (!((len > 8 && !strncmp(t, "#SBATCH", 7) && (t[7] == ' ' || t[7] == '\t')) ||
		      (len > 5 && !strncmp(t, "#PBS", 4) && (t[4] == ' ' || t[4] == '\t'))))
			continue;
		if (!memchr(t, '$', len))
			continue;
		struct strbuf out = STRBUF_INIT;
		bool ok = true;
		for (size_t i = 0; i < len;) {
			if (t[i] != '$') {
				strbuf_addch(&out, t[i++]);
				continue;
			}
			bool brace = i + 1 < len && t[i + 1] == '{';
			size_t b = i + 1 + brace, k = b;
			while (k < len && (isalnum((unsigned char)t[k]) || t[k] == '_'))
				k++;
			if (k == b || (brace && (k >= len || t[k] != '}'))) {
				strbuf_addch(&out, t[i++]);
				continue;
			}
			const char *v = literal_value(x, t + b, k - b);
			if (!v) {
				ok = cannot(x, "line %zu uses $%.*s, which the script gives no plain value to write there", ln,
					    (int)(k - b), t + b);
				break;
			}
			strbuf_adds(&out, v);
			i = k + brace;
		}
		if (ok)
			add_edit(x, s, e, out.buf);
		strbuf_release(&out);
		if (!ok)
			return false;
		any = true;
	}
	if (!any)
		return cannot(x, "no #SBATCH/#PBS line uses a $variable");
	return true;
}

static bool apply_one(struct ctx *x, const struct patch_op *op)
{
	const char *const *f = op->f;
	switch (op->kind) {
	case PK_SET_ENV:
		return op_set_env(x, f[PF_NAME], f[PF_VALUE]);
	case PK_UNSET_ENV:
		return op_unset_env(x, f[PF_NAME]);
	case PK_SET_LAUNCHER_OPTION:
		return op_set_launcher_option(x, f[PF_LAUNCHER], f[PF_OPTION], f[PF_VALUE]);
	case PK_REMOVE_LAUNCHER_OPTION:
		return op_remove_launcher_option(x, f[PF_LAUNCHER], f[PF_OPTION]);
	case PK_ADD_MODULE:
		return op_add_module(x, f[PF_NAME]);
	case PK_SWAP_MODULE:
		return op_swap_module(x, f[PF_FROM], f[PF_TO]);
	case PK_REMOVE_MODULE:
		return op_remove_module(x, f[PF_NAME]);
	case PK_SET_DIRECTIVE:
		return op_set_directive(x, f[PF_OPTION], f[PF_VALUE]);
	case PK_SET_PROGRAM_ARG:
		return op_set_program_arg(x, f[PF_OPTION], f[PF_VALUE]);
	case PK_REMOVE_PROGRAM_ARG:
		return op_remove_program_arg(x, f[PF_OPTION]);
	case PK_SET_BACKEND:
		return op_set_backend(x, f[PF_VALUE]);
	case PK_SET_MASTER_PORT:
		return op_set_master_port(x, f[PF_VALUE]);
	case PK_SET_MASTER_ADDR:
		return op_set_master_addr(x);
	case PK_SET_NODE_RANK:
		return op_set_node_rank(x);
	case PK_CHANGE_DIR:
		return op_dir(x, f[PF_PATH], true);
	case PK_MAKE_DIR:
		return op_dir(x, f[PF_PATH], false);
	case PK_EXPAND_DIRECTIVE_VARS:
		return op_expand_directive_vars(x);
	default:
		return cannot(x, "unknown operation");
	}
}

static void not_applicable(struct patch_result *res, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void not_applicable(struct patch_result *res, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	res->applicable = false;
	free(res->reason);
	res->reason = strbuf_detach(&sb);
	free(res->text);
	res->text = NULL;
	res->len = 0;
}

int patch_apply(const struct patch_op *ops, size_t n, const char *text, size_t len, const struct cluster *c,
		struct patch_result *res, struct maple_error *err)
{
	patch_result_init(res);
	struct ctx x;
	memset(&x, 0, sizeof(x));
	x.c = c;
	x.text = text;
	x.len = len;
	strbuf_init(&x.why);
	if (jobscript_parse(text, len, &x.js, err) < 0)
		return -1;
	js_plan(&x.js, c ? c->hw.gpus_per_node : 0, &x.plan);
	index_lines(&x);
	/* resolve every placeholder first: a patch is applied whole or not at all */
	res->ops = xcalloc(n ? n : 1, sizeof(*res->ops));
	res->nops = n;
	bool ok = true;
	for (size_t i = 0; i < n && ok; i++) {
		res->ops[i] = ops[i];
		for (int f = 0; f < PF_COUNT && ok; f++) {
			if (!ops[i].f[f])
				continue;
			struct strbuf v = STRBUF_INIT;
			struct maple_error e;
			if (patch_resolve(ops[i].f[f], &x.js, c, &v, &e) < 0) {
				not_applicable(res, "%s: %s", patch_kind_name(ops[i].kind), e.text);
				ok = false;
			} else {
				res->ops[i].f[f] = arena_strdup(&res->arena, v.buf);
			}
			strbuf_release(&v);
		}
		struct maple_error e;
		if (ok && patch_op_check(&res->ops[i], &e) < 0) {
			not_applicable(res, "after its placeholders were filled in: %s", e.text);
			ok = false;
		}
	}
	struct strbuf cur = STRBUF_INIT;
	strbuf_add(&cur, text, len);
	for (size_t i = 0; i < n && ok; i++) {
		x.text = cur.buf;
		x.len = cur.len;
		if (i > 0)
			reparse(&x);
		if (!apply_one(&x, &res->ops[i])) {
			not_applicable(res, "%s: %s", patch_kind_name(res->ops[i].kind), x.why.len ? x.why.buf : "cannot apply");
			ok = false;
			break;
		}
		struct strbuf next = STRBUF_INIT;
		if (!apply_edits(&x, &next)) {
			strbuf_release(&next);
			not_applicable(res, "%s: overlapping edits (a maple bug; please report it)", patch_kind_name(res->ops[i].kind));
			ok = false;
			break;
		}
		strbuf_release(&cur);
		cur = next;
	}
	if (ok && cur.len == len && !memcmp(cur.buf, text, len)) {
		not_applicable(res, "the script already does this (the patch changes nothing)");
		ok = false;
	}
	if (ok) {
		res->applicable = true;
		res->len = cur.len;
		res->text = strbuf_detach(&cur);
	}
	strbuf_release(&cur);
	for (size_t i = 0; i < x.nedits; i++)
		free(x.edits[i].text);
	free(x.edits);
	free(x.line_off);
	strbuf_release(&x.why);
	jobscript_release(&x.js);
	return 0;
}
