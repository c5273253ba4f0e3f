/* patchtext.c - the script edit primitives of the patch engine: line positions, the queue of text
 * edits applied in one pass, shell quoting for the place a value goes (the batch shell or a launcher's
 * bash -c '...'), and edits of whole statements and single words of the main launch line. Words are
 * only edited where the text at the reader's position is exactly the word it read; anything else
 * makes the operation not applicable (pt_cannot) rather than risk a wrong edit. */
#include "patchctx.h"

#include "../shell/words.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((format(printf, 2, 3))) bool pt_cannot(struct ctx *x, const char *fmt, ...)
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

void pt_index_lines(struct ctx *x)
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
size_t pt_line_start(const struct ctx *x, int line)
{
	if (line < 1)
		return 0;
	if ((size_t)line > x->nlines)
		return x->len;
	return x->line_off[line - 1];
}

/* Offset just after the newline of line (or the end of the text). */
size_t pt_line_next(const struct ctx *x, int line)
{
	size_t s = pt_line_start(x, line);
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
	if (pw == SIZE_MAX || !pt_word_span(x, parent, pw, &ps, &pe))
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
bool pt_word_span(const struct ctx *x, int ci, size_t wi, size_t *start, size_t *end)
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
	size_t off = pt_line_start(x, line) + (size_t)col - 1;
	size_t n = strlen(raw);
	if (!n || off + n > x->len || memcmp(x->text + off, raw, n))
		return false;
	if (c->depth > 0 && pt_shell_quote_of(x, ci) == '"')
		return false; /* the text there is escaped: the reader's raw cannot be compared */
	*start = off;
	*end = off + n;
	return true;
}

void pt_add_edit(struct ctx *x, size_t start, size_t end, const char *text)
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
bool pt_apply_edits(struct ctx *x, struct strbuf *out)
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

void pt_reparse(struct ctx *x)
{
	jobscript_release(&x->js);
	struct maple_error e;
	if (jobscript_parse(x->text, x->len, &x->js, &e) < 0)
		memset(&x->js, 0, sizeof(x->js));
	js_plan(&x->js, x->c ? x->c->hw.gpus_per_node : 0, &x->plan);
	pt_index_lines(x);
}

/* The leading blanks of a line. */
void pt_indent_of(const struct ctx *x, int line, struct strbuf *out)
{
	size_t s = pt_line_start(x, line);
	while (s < x->len && (x->text[s] == ' ' || x->text[s] == '\t'))
		strbuf_addch(out, x->text[s++]);
}

/* ---- shell text -------------------------------------------------------------------------------- */

/* A value as shell text for the shell that runs it: $NAME and ${NAME} stay live (double-quoted),
 * everything else is literal, quoted when needed. */
void pt_quote_value(const char *v, struct strbuf *out)
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
char pt_shell_quote_of(const struct ctx *x, int ci)
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
		char q = pt_shell_quote_of(x, c);
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

const struct launch *pt_main_launch(const struct ctx *x)
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
int pt_statement_line(const struct ctx *x, int ci)
{
	int line = x->js.cmds[ci].line;
	while (line > 1) {
		size_t s = pt_line_start(x, line - 1), e = pt_line_start(x, line);
		if (e > s && x->text[e - 1] == '\n')
			e--;
		if (!continues(x->text + s, e - s))
			break;
		line--;
	}
	return line;
}

/* Inserts a line of shell (already quoted) before the main launch statement, indented like it. */
bool pt_insert_before_launch(struct ctx *x, const char *shell)
{
	const struct launch *l = pt_main_launch(x);
	if (!l)
		return pt_cannot(x, "the script has no launch line to put it before");
	int line = pt_statement_line(x, l->cmd);
	struct strbuf t = STRBUF_INIT;
	pt_indent_of(x, line, &t);
	strbuf_addf(&t, "%s\n", shell);
	pt_add_edit(x, pt_line_start(x, line), pt_line_start(x, line), t.buf);
	strbuf_release(&t);
	return true;
}

/* Whether command ci stands alone on its lines (nothing before it on its first line, nothing but
 * blanks, ';' or a comment after it on its last line). */
static bool alone_on_lines(const struct ctx *x, int ci, size_t *from, size_t *to)
{
	const struct jcmd *c = &x->js.cmds[ci];
	size_t ws, we, ls, le;
	if (!pt_word_span(x, ci, 0, &ws, &we) || !pt_word_span(x, ci, c->words.nr - 1, &ls, &le))
		return false;
	size_t s = pt_line_start(x, c->line);
	for (size_t i = s; i < ws; i++)
		if (x->text[i] != ' ' && x->text[i] != '\t')
			return false;
	size_t e = pt_line_next(x, c->last_line);
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
bool pt_remove_command(struct ctx *x, int ci)
{
	size_t from, to;
	if (alone_on_lines(x, ci, &from, &to)) {
		pt_add_edit(x, from, to, "");
		return true;
	}
	const struct jcmd *c = &x->js.cmds[ci];
	size_t s0, e0, s1, e1;
	if (!pt_word_span(x, ci, 0, &s0, &e0) || !pt_word_span(x, ci, c->words.nr - 1, &s1, &e1))
		return pt_cannot(x, "cannot locate the command on line %d", c->line);
	pt_add_edit(x, s0, e1, ":");
	return true;
}

/* Removes word wi (and the blanks before it) from command ci. */
bool pt_remove_word(struct ctx *x, int ci, size_t wi)
{
	size_t s, e;
	if (!pt_word_span(x, ci, wi, &s, &e))
		return pt_cannot(x, "cannot locate '%s' on line %d", x->js.cmds[ci].words.v[wi].raw,
			      x->js.cmds[ci].word_line[wi]);
	while (s > 0 && (x->text[s - 1] == ' ' || x->text[s - 1] == '\t'))
		s--;
	if (s > 0 && x->text[s - 1] == '\n') /* first on a continued line: take the blanks after it */
		while (e < x->len && (x->text[e] == ' ' || x->text[e] == '\t'))
			e++;
	pt_add_edit(x, s, e, "");
	return true;
}

/* Replaces word wi of command ci by shell text (escaped here for the command's quoting). */
bool pt_replace_word(struct ctx *x, int ci, size_t wi, const char *shell)
{
	size_t s, e;
	if (!pt_word_span(x, ci, wi, &s, &e))
		return pt_cannot(x, "cannot locate '%s' on line %d (it may come from a variable)",
			      x->js.cmds[ci].words.v[wi].raw, x->js.cmds[ci].word_line[wi]);
	struct strbuf t = STRBUF_INIT;
	if (!escape_for(x, ci, shell, &t)) {
		strbuf_release(&t);
		return pt_cannot(x, "line %d is inside a shell string maple cannot edit safely", x->js.cmds[ci].line);
	}
	pt_add_edit(x, s, e, t.buf);
	strbuf_release(&t);
	return true;
}

/* Inserts shell text before word wi of command ci (or after its last word when wi == nr). */
bool pt_insert_at_word(struct ctx *x, int ci, size_t wi, const char *shell)
{
	const struct jcmd *c = &x->js.cmds[ci];
	size_t s, e;
	struct strbuf t = STRBUF_INIT;
	bool ok;
	if (wi < c->words.nr) {
		ok = pt_word_span(x, ci, wi, &s, &e);
		strbuf_adds(&t, shell);
		strbuf_addch(&t, ' ');
	} else {
		ok = c->words.nr && pt_word_span(x, ci, c->words.nr - 1, &e, &s);
		strbuf_addch(&t, ' ');
		strbuf_adds(&t, shell);
	}
	if (!ok) {
		strbuf_release(&t);
		return pt_cannot(x, "cannot locate the words of line %d (they may come from a variable)", c->line);
	}
	struct strbuf esc = STRBUF_INIT;
	ok = escape_for(x, ci, t.buf, &esc);
	if (ok)
		pt_add_edit(x, s, s, esc.buf);
	strbuf_release(&esc);
	strbuf_release(&t);
	return ok ? true : pt_cannot(x, "line %d is inside a shell string maple cannot edit safely", c->line);
}
