/* shparse.c - splits shell text into simple commands the way bash reads a script: comments,
 * line continuations, quoting, the operators ; & && || | ( ), redirections, heredocs, control
 * keywords, and the variable assignments each command makes. Not a full shell grammar: enough
 * to find every command, where it starts, and what it assigns. */
#include "jobscript.h"

#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Maps byte offsets of the text being parsed to physical lines and columns of the file. */
struct posmap {
	const char *s;
	size_t len;
	size_t *nl; /* offsets of '\n' */
	size_t nnl;
	int line0, col0;
	bool raw_columns; /* columns on the first line are offset by col0 */
};

static void posmap_init(struct posmap *m, const char *s, size_t len, int line0, int col0, bool raw)
{
	m->s = s;
	m->len = len;
	m->nl = NULL;
	m->nnl = 0;
	size_t cap = 0;
	for (const char *p = s, *end = s + len; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++) {
		if (m->nnl == cap) {
			cap = cap ? cap * 2 : 64;
			m->nl = xrealloc(m->nl, cap * sizeof(*m->nl));
		}
		m->nl[m->nnl++] = (size_t)(p - s);
	}
	m->line0 = line0;
	m->col0 = col0;
	m->raw_columns = raw;
}

static void posmap_at(const struct posmap *m, size_t off, int *line, int *col)
{
	size_t lo = 0, hi = m->nnl; /* number of newlines before off */
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (m->nl[mid] < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	*line = m->line0 + (int)lo;
	size_t start = lo ? m->nl[lo - 1] + 1 : 0;
	*col = (int)(off - start) + 1;
	if (!lo && m->raw_columns)
		*col += m->col0 - 1;
	else if (!lo && !m->raw_columns && m->col0 > 1)
		*col = m->col0; /* inside a double-quoted string: point at the word */
}

static bool is_name(const char *s, size_t n)
{
	if (!n || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') || s[0] == '_'))
		return false;
	for (size_t i = 1; i < n; i++)
		if (!((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') ||
		      s[i] == '_'))
			return false;
	return true;
}

/* Length of NAME in a raw word NAME=..., or 0 when the word is not an assignment. */
static size_t assignment_name(const struct shword *w)
{
	const char *eq = strchr(w->raw, '=');
	if (!eq || eq == w->raw)
		return 0;
	size_t n = (size_t)(eq - w->raw);
	if (n > 1 && w->raw[n - 1] == '+') /* NAME+=value */
		n--;
	return is_name(w->raw, n) ? n : 0;
}

static void add_assign(struct jobscript *js, const struct shword *w, size_t namelen, int line, int depth, int cmd,
		       bool exported, bool prefix)
{
	JS_GROW(js->assigns, js->nassigns);
	struct assign *a = &js->assigns[js->nassigns++];
	memset(a, 0, sizeof(*a));
	a->name = xstrndup(w->raw, namelen);
	a->line = line;
	a->depth = depth;
	a->cmd = cmd;
	a->exported = exported;
	a->in_cmd_prefix = prefix;
	const char *v = strchr(w->raw, '=');
	if (v) {
		v++;
		a->has_value = true;
		size_t pos = 0, vl = strlen(v);
		if (!shlex_value(v, vl, &pos, &a->value)) {
			a->value.raw = xstrdup("");
			a->value.value = xstrdup("");
		}
		a->value.flags |= w->flags & SHW_ARRAY_VALUE; /* NAME=(a b c): carried as an array */
	}
}

/* NAME+=value (assignment a, just added): the value becomes the earlier value of NAME in the same
 * shell followed by the appended one (with a blank between array elements). An append inside a
 * condition or a loop may not run: the value stays the earlier one, what the job sets in every case. */
static void merge_append(struct jobscript *js, struct assign *a, const struct shword *w, size_t namelen, bool array,
			 bool in_control)
{
	if (w->raw[namelen] != '+' || !a->has_value)
		return;
	const struct assign *prev = NULL;
	for (size_t i = js->nassigns - 1; i-- > 0;)
		if (js->assigns[i].depth == a->depth && !strcmp(js->assigns[i].name, a->name)) {
			prev = &js->assigns[i];
			break;
		}
	if (!prev || !prev->has_value || !prev->value.raw)
		return;
	a->cond_append = in_control;
	struct strbuf raw = STRBUF_INIT;
	strbuf_adds(&raw, prev->value.raw);
	if (!in_control) {
		if (array && raw.len && a->value.raw[0])
			strbuf_adds(&raw, "' '");
		strbuf_adds(&raw, a->value.raw);
	}
	struct shword v;
	size_t pos = 0;
	if (shlex_value(raw.buf, raw.len, &pos, &v)) {
		v.flags |= a->value.flags & SHW_ARRAY_VALUE;
		shword_release(&a->value);
		a->value = v;
		a->appended = true;
	}
	strbuf_release(&raw);
}

static void export_flag(struct jobscript *js, const char *name, int line, int depth, int cmd)
{
	for (size_t i = js->nassigns; i-- > 0;)
		if (js->assigns[i].depth == depth && !strcmp(js->assigns[i].name, name)) {
			js->assigns[i].exported = true;
			return;
		}
	struct shword w = {0};
	w.raw = (char *)name;
	add_assign(js, &w, strlen(name), line, depth, cmd, true, false);
	js->assigns[js->nassigns - 1].has_value = false;
}

static void runtime_assign(struct jobscript *js, const char *name, int line, int depth, int cmd)
{
	struct shword w = {0};
	w.raw = (char *)name;
	add_assign(js, &w, strlen(name), line, depth, cmd, false, false);
	js->assigns[js->nassigns - 1].has_value = false;
	js->assigns[js->nassigns - 1].runtime = true;
}

/* The variables a builtin sets without NAME=: `read [-r] [-p PROMPT] A B`, `mapfile -t ARR`,
 * `printf -v NAME FMT` (recorded without a value: the shell sets them at run time), and the defaults
 * of `: "${NAME:=value}"` (recorded with the value, as NAME=value). */
static void builtin_assigns(struct jobscript *js, const struct jcmd *c, int depth, int ci)
{
	size_t cw = c->nassign_prefix;
	const char *v = c->words.v[cw].value;
	bool is_read = !strcmp(v, "read"), is_map = !strcmp(v, "mapfile") || !strcmp(v, "readarray");
	if (is_read || is_map || !strcmp(v, "printf")) {
		for (size_t k = cw + 1; k < c->words.nr; k++) {
			const char *w = c->words.v[k].value;
			if (w[0] == '-') {
				/* options that take a value: the value is not a name (read -a ARR and printf -v NAME name one) */
				if (w[1] && !w[2] && strchr(is_read ? "pdntu" : is_map ? "dnOscCu" : "", w[1]))
					k++;
				else if (!strcmp(w, "-a") || !strcmp(w, "-v")) {
					if (k + 1 < c->words.nr && is_name(c->words.v[k + 1].value, strlen(c->words.v[k + 1].value)))
						runtime_assign(js, c->words.v[k + 1].value, c->word_line[k + 1], depth, ci);
					if (!is_read)
						return;
					k++;
				}
				continue;
			}
			if (!is_read && !is_map)
				return;
			if (is_name(w, strlen(w)))
				runtime_assign(js, w, c->word_line[k], depth, ci);
			if (is_map)
				return;
		}
		return;
	}
	if (strcmp(v, ":"))
		return;
	for (size_t k = cw + 1; k < c->words.nr; k++) {
		const char *r = c->words.v[k].raw;
		for (const char *p = strstr(r, "${"); p; p = strstr(p + 2, "${")) {
			const char *n = p + 2, *e = n;
			while (*e == '_' || (*e >= 'A' && *e <= 'Z') || (*e >= 'a' && *e <= 'z') || (e > n && *e >= '0' && *e <= '9'))
				e++;
			if (e == n || !(e[0] == '=' || (e[0] == ':' && e[1] == '=')))
				continue;
			const char *val = e + (e[0] == ':' ? 2 : 1), *end = val;
			int nest = 0;
			while (*end && (*end != '}' || nest)) {
				nest += *end == '{';
				nest -= *end == '}';
				end++;
			}
			if (!*end)
				continue;
			struct shword w = {0};
			char *raw = xmalloc((size_t)(e - n) + 1 + (size_t)(end - val) + 1);
			memcpy(raw, n, (size_t)(e - n));
			raw[e - n] = '=';
			memcpy(raw + (e - n) + 1, val, (size_t)(end - val));
			raw[(e - n) + 1 + (end - val)] = '\0';
			w.raw = raw;
			add_assign(js, &w, (size_t)(e - n), c->word_line[k], depth, ci, false, false);
			free(raw);
		}
	}
}

struct builder {
	struct jobscript *js;
	struct posmap map;
	struct shwords words;
	int *wline, *wcol;
	size_t wcap;
	size_t start_off;
	bool have_start;
	char *redirect_out;
	/* the last line a redirection's word reaches (a here-string or target quoted over lines), 0: none */
	int redirect_last_line;
	int heredoc;
	int depth, parent;
	int control; /* nesting of if/for/while/case/functions */
	/* the outermost if/for/while/until/case/select block open now: its first line, whether it is a
	 * function body instead, and the first assignment made inside it */
	int ctl_line;
	bool ctl_fn;
	size_t ctl_assign0;
};

/* control nesting opens at line (fn: a function body) or closes at line; the assignments a block made
 * learn its lines when its outermost level closes */
static void control_open_at(struct builder *b, int line, bool fn)
{
	if (b->control++ == 0) {
		b->ctl_line = line;
		b->ctl_fn = fn;
		b->ctl_assign0 = b->js->nassigns;
	}
}

static void control_close_at(struct builder *b, int line)
{
	if (b->control <= 0)
		return;
	if (--b->control == 0 && !b->ctl_fn)
		for (size_t k = b->ctl_assign0; k < b->js->nassigns; k++)
			if (!b->js->assigns[k].ctl_first) {
				b->js->assigns[k].ctl_first = b->ctl_line;
				b->js->assigns[k].ctl_last = line;
			}
}

static const char *const control_open[] = {"if", "for", "while", "until", "case", "select", NULL};
static const char *const control_close[] = {"fi", "done", "esac", "}", NULL};
static const char *const skip_words[] = {"then", "else", "elif", "do", "!", "{", "time", NULL};

static void end_command(struct builder *b, bool background)
{
	struct jobscript *js = b->js;
	struct shwords *ws = &b->words;
	size_t first = 0;
	/* control keywords before the command proper */
	while (first < ws->nr && !(ws->v[first].flags & SHW_QUOTED)) {
		const char *v = ws->v[first].value;
		if (strs_has(control_open, v)) {
			control_open_at(b, b->wline[first], false);
			if (strcmp(v, "if") && strcmp(v, "while") && strcmp(v, "until")) {
				first = ws->nr; /* for/case/select headers are not commands */
				break;
			}
			first++;
		} else if (strs_has(control_close, v)) {
			control_close_at(b, b->wline[first]);
			first++;
		} else if (strs_has(skip_words, v)) {
			if (!strcmp(v, "{") && first == 0 && js->ncmds && b->control == 0)
				control_open_at(b, b->wline[first], true); /* name() { ... } */
			first++;
		} else if (!strcmp(v, "function")) {
			control_open_at(b, b->wline[first], true);
			first = ws->nr;
			break;
		} else {
			break;
		}
	}
	if (first >= ws->nr) {
		shwords_release(ws);
		free(b->wline);
		free(b->wcol);
		b->wline = b->wcol = NULL;
		b->wcap = 0;
		free(b->redirect_out);
		b->redirect_out = NULL;
		b->redirect_last_line = 0;
		b->have_start = false;
		return;
	}
	JS_GROW(js->cmds, js->ncmds);
	int ci = (int)js->ncmds++;
	struct jcmd *c = &js->cmds[ci];
	memset(c, 0, sizeof(*c));
	c->depth = b->depth;
	c->parent = b->parent;
	c->background = background;
	c->in_control = b->control > 0;
	c->redirect_out = b->redirect_out;
	b->redirect_out = NULL;
	c->heredoc = b->heredoc;
	b->heredoc = -1;
	shwords_init(&c->words);
	size_t n = ws->nr - first;
	c->word_line = xmalloc((n ? n : 1) * sizeof(int));
	c->word_col = xmalloc((n ? n : 1) * sizeof(int));
	c->line = b->wline[first];
	c->col = b->wcol[first];
	c->last_line = b->wline[ws->nr - 1];
	for (const char *p = ws->v[ws->nr - 1].raw; p && (p = strchr(p, '\n')) != NULL; p++) /* a quoted word spanning lines */
		c->last_line++;
	/* cat <<< '...' quoted over lines: its lines are the command's too (never directives) */
	if (b->redirect_last_line > c->last_line)
		c->last_line = b->redirect_last_line;
	b->redirect_last_line = 0;
	/* leading assignments */
	size_t i = first;
	while (i < ws->nr) {
		size_t nl = assignment_name(&ws->v[i]);
		if (!nl)
			break;
		add_assign(js, &ws->v[i], nl, b->wline[i], b->depth, ci, false, true);
		merge_append(js, &js->assigns[js->nassigns - 1], &ws->v[i], nl, (ws->v[i].flags & SHW_ARRAY_VALUE) != 0,
			     b->control > 0);
		i++;
	}
	c->nassign_prefix = i - first;
	bool only_assign = i == ws->nr;
	for (size_t k = first; k < ws->nr; k++) {
		size_t slot = c->words.nr;
		c->word_line[slot] = b->wline[k];
		c->word_col[slot] = b->wcol[k];
		shwords_push(&c->words, &ws->v[k]);
	}
	if (only_assign) /* NAME=value alone sets a shell variable */
		for (size_t k = js->nassigns; k-- > 0 && js->assigns[k].cmd == ci;)
			js->assigns[k].in_cmd_prefix = false;
	/* export / declare -x / readonly / local / typeset */
	size_t cw = c->nassign_prefix;
	if (cw < c->words.nr) {
		const char *v = c->words.v[cw].value;
		bool is_export = !strcmp(v, "export");
		bool is_decl = !strcmp(v, "declare") || !strcmp(v, "typeset") || !strcmp(v, "local") ||
			       !strcmp(v, "readonly");
		if (is_export || is_decl) {
			bool exported = is_export;
			for (size_t k = cw + 1; k < c->words.nr; k++) {
				const struct shword *w = &c->words.v[k];
				if (w->value[0] == '-') {
					if (strchr(w->value, 'x'))
						exported = true;
					if (!strcmp(w->value, "-n") || !strcmp(w->value, "-f"))
						break;
					continue;
				}
				size_t nl = assignment_name(w);
				if (nl)
					add_assign(js, w, nl, c->word_line[k], b->depth, ci, exported, false);
				else if (exported && is_name(w->value, strlen(w->value)))
					export_flag(js, w->value, c->word_line[k], b->depth, ci);
			}
		}
	}
	if (cw < c->words.nr)
		builtin_assigns(js, c, b->depth, ci);
	for (size_t k = 0; k < first; k++) /* control keywords */
		shword_release(&ws->v[k]);
	ws->nr = 0;
	free(ws->v);
	shwords_init(ws);
	free(b->wline);
	free(b->wcol);
	b->wline = b->wcol = NULL;
	b->wcap = 0;
	b->have_start = false;
}

/* A word that is only a comment in backquotes (`# the run's name`, put between the continued lines of a
 * long command to annotate an argument): it expands to nothing, so the shell drops it. ($(# note) is
 * no such word: its comment runs to the end of the line, over the closing parenthesis.) */
static bool comment_subst(const struct shword *w)
{
	const char *r = w->raw;
	size_t n = r ? strlen(r) : 0;
	if (n < 2 || r[0] != '`' || r[n - 1] != '`')
		return false;
	const char *in = r + 1;
	in += strspn(in, " \t");
	return *in == '#' && !memchr(in, '\n', (size_t)(r + n - in));
}

static void push_word(struct builder *b, struct shword *w)
{
	if (comment_subst(w)) {
		shword_release(w);
		return;
	}
	if (b->words.nr == b->wcap) {
		b->wcap = b->wcap ? b->wcap * 2 : 16;
		b->wline = xrealloc(b->wline, b->wcap * sizeof(int));
		b->wcol = xrealloc(b->wcol, b->wcap * sizeof(int));
	}
	posmap_at(&b->map, w->start, &b->wline[b->words.nr], &b->wcol[b->words.nr]);
	shwords_push(&b->words, w);
}

/* A redirection's word ended at end (exclusive): the command reaches that word's last line. */
static void redirect_reaches(struct builder *b, size_t end)
{
	int line, col;
	posmap_at(&b->map, end ? end - 1 : 0, &line, &col);
	if (line > b->redirect_last_line)
		b->redirect_last_line = line;
}

struct pending_heredoc {
	char *delim;
	bool strip_tabs;
	bool quoted;
	int line;
};

/* `read -r -d '' NAME <<EOF ... EOF`: NAME holds the heredoc's whole body (a command kept in a
 * variable for `bash -c "$NAME"` or eval), read as the double-quoted string it is. */
static void heredoc_read_value(struct jobscript *js, int cmd, const char *body)
{
	const struct jcmd *c = &js->cmds[cmd];
	size_t w = c->nassign_prefix;
	if (w >= c->words.nr || strcmp(c->words.v[w].value, "read"))
		return;
	bool all = false;
	for (size_t k = w + 1; k + 1 < c->words.nr && !all; k++)
		all = !strcmp(c->words.v[k].value, "-d") && !c->words.v[k + 1].value[0];
	struct assign *a = NULL;
	int n = 0;
	for (size_t i = 0; i < js->nassigns; i++)
		if (js->assigns[i].cmd == cmd && js->assigns[i].runtime)
			a = &js->assigns[i], n++;
	if (!all || n != 1)
		return;
	struct strbuf raw = STRBUF_INIT;
	strbuf_addch(&raw, '"');
	size_t bl = strlen(body);
	while (bl && (body[bl - 1] == '\n' || body[bl - 1] == ' ' || body[bl - 1] == '\t'))
		bl--;
	for (size_t i = 0; i < bl; i++) {
		if (body[i] == '"')
			strbuf_addch(&raw, '\\');
		strbuf_addch(&raw, body[i]);
	}
	strbuf_addch(&raw, '"');
	struct shword v;
	size_t pos = 0;
	if (shlex_value(raw.buf, raw.len, &pos, &v)) {
		shword_release(&a->value);
		a->value = v;
		a->has_value = true;
		a->runtime = false;
	}
	strbuf_release(&raw);
}

/* Reads the bodies of pending heredocs starting at pos (just after a newline). */
static size_t read_heredocs(struct builder *b, const char *s, size_t len, size_t pos, struct pending_heredoc *pend,
			    size_t npend, int cmd)
{
	struct jobscript *js = b->js;
	for (size_t h = 0; h < npend; h++) {
		struct strbuf body = STRBUF_INIT;
		bool closed = false;
		while (pos < len) {
			const char *eol = memchr(s + pos, '\n', len - pos);
			size_t end = eol ? (size_t)(eol - s) : len;
			size_t ls = pos;
			if (pend[h].strip_tabs)
				while (ls < end && s[ls] == '\t')
					ls++;
			size_t ll = end - ls;
			if (ll && s[ls + ll - 1] == '\r')
				ll--;
			pos = eol ? end + 1 : len;
			if (ll == strlen(pend[h].delim) && !memcmp(s + ls, pend[h].delim, ll)) {
				closed = true;
				break;
			}
			strbuf_add(&body, s + ls, end - ls);
			strbuf_addch(&body, '\n');
		}
		if (!closed)
			strvec_pushf(&js->problems, "%d:the heredoc started here is never closed by a line '%s'",
				     pend[h].line, pend[h].delim);
		JS_GROW(js->heredocs, js->nheredocs);
		struct heredoc *hd = &js->heredocs[js->nheredocs++];
		hd->line = pend[h].line;
		hd->delim = pend[h].delim;
		hd->body = strbuf_detach(&body);
		hd->cmd = cmd;
		hd->quoted = pend[h].quoted;
		hd->target = NULL;
		if (cmd >= 0) {
			struct jcmd *c = &js->cmds[cmd];
			if (c->redirect_out)
				hd->target = xstrdup(c->redirect_out);
			else if (c->words.nr >= 2 && !strcmp(c->words.v[c->nassign_prefix].value, "tee"))
				hd->target = xstrdup(c->words.v[c->words.nr - 1].value);
			c->heredoc = (int)js->nheredocs - 1;
			heredoc_read_value(js, cmd, hd->body);
		}
	}
	return pos;
}

void parse_commands(struct jobscript *js, const char *s, size_t len, int line0, int col0, int depth, int parent,
		    bool raw_columns)
{
	struct builder b = {0};
	b.js = js;
	b.depth = depth;
	b.parent = parent;
	b.heredoc = -1;
	shwords_init(&b.words);
	posmap_init(&b.map, s, len, line0, col0, raw_columns);
	struct pending_heredoc pend[8];
	size_t npend = 0;
	int pend_cmd = -1;
	size_t pos = 0;
	while (pos < len) {
		char c = s[pos];
		if (c == ' ' || c == '\t' || c == '\r') {
			pos++;
			continue;
		}
		if (c == '\\' && pos + 1 < len && s[pos + 1] == '\n') {
			pos += 2;
			continue;
		}
		if (c == '#' && (pos == 0 || strchr(" \t\n;&|()", s[pos - 1]))) {
			const char *eol = memchr(s + pos, '\n', len - pos);
			pos = eol ? (size_t)(eol - s) : len;
			continue;
		}
		if (c == '\n') {
			size_t before = js->ncmds;
			if (b.words.nr)
				end_command(&b, false);
			if (npend) {
				int hc = js->ncmds > before ? (int)js->ncmds - 1 : pend_cmd;
				pos = read_heredocs(&b, s, len, pos + 1, pend, npend, hc);
				npend = 0;
				pend_cmd = -1;
				continue;
			}
			pos++;
			continue;
		}
		if (strchr(";&|()<>", c)) {
			/* an io number right before a redirection (2>&1) is not a word */
			if ((c == '<' || c == '>') && b.words.nr) {
				struct shword *lw = &b.words.v[b.words.nr - 1];
				if (lw->end == pos && lw->raw[0] && strspn(lw->raw, "0123456789") == strlen(lw->raw)) {
					shword_release(lw);
					b.words.nr--;
				}
			}
			if (c == '<' && pos + 1 < len && s[pos + 1] == '<') {
				bool strip = false, here_string = false;
				size_t p = pos + 2;
				if (p < len && s[p] == '<')
					here_string = true, p++;
				else if (p < len && s[p] == '-')
					strip = true, p++;
				struct shword w;
				if (shlex_word(s, len, &p, &w)) {
					redirect_reaches(&b, p);
					if (!here_string && npend < 8) {
						pend[npend].delim = xstrdup(w.value);
						pend[npend].strip_tabs = strip;
						pend[npend].quoted = strcmp(w.raw, w.value) != 0;
						int col;
						posmap_at(&b.map, pos, &pend[npend].line, &col);
						npend++;
						pend_cmd = -1;
					}
					shword_release(&w);
				}
				pos = p;
				continue;
			}
			if (c == '<' || c == '>' || (c == '&' && pos + 1 < len && s[pos + 1] == '>')) {
				size_t p = pos + 1;
				bool out = c != '<';
				while (p < len && strchr(">&|", s[p]))
					p++;
				struct shword w;
				if (shlex_word(s, len, &p, &w)) {
					redirect_reaches(&b, p);
					if (out && strcmp(w.value, "/dev/null") && strspn(w.value, "0123456789-") != strlen(w.value)) {
						free(b.redirect_out);
						b.redirect_out = xstrdup(w.value);
					}
					shword_release(&w);
				}
				pos = p;
				continue;
			}
			bool background = c == '&' && !(pos + 1 < len && (s[pos + 1] == '&' || s[pos + 1] == '>'));
			if (b.words.nr)
				end_command(&b, background);
			pos++;
			if (pos < len && (s[pos] == '&' || s[pos] == '|' || s[pos] == ';'))
				pos++;
			continue;
		}
		struct shword w;
		size_t before = pos;
		if (!shlex_word(s, len, &pos, &w)) {
			if (pos == before)
				pos++;
			continue;
		}
		/* NAME=( ... ): an array assignment; kept as NAME='the words' */
		if (pos < len && s[pos] == '(' && w.raw[0] && w.raw[strlen(w.raw) - 1] == '=' && assignment_name(&w)) {
			size_t p = pos + 1;
			struct strbuf inner = STRBUF_INIT;
			struct shword iw;
			for (;;) {
				while (p < len && (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r'))
					p++;
				if (p < len && s[p] == '#') {
					while (p < len && s[p] != '\n')
						p++;
					continue;
				}
				if (p >= len || s[p] == ')')
					break;
				if (!shlex_word(s, len, &p, &iw)) {
					p++;
					continue;
				}
				strbuf_addf(&inner, "%s%s", inner.len ? " " : "", iw.raw);
				shword_release(&iw);
			}
			pos = p < len ? p + 1 : len;
			struct strbuf raw = STRBUF_INIT;
			strbuf_adds(&raw, w.raw);
			sh_quote_literal(inner.buf, &raw);
			shword_set_raw(&w, strbuf_detach(&raw));
			w.flags |= SHW_ARRAY_VALUE;
			strbuf_release(&inner);
		}
		if (w.flags & SHW_UNTERMINATED) {
			int line, col;
			posmap_at(&b.map, w.start, &line, &col);
			strvec_pushf(&js->problems, "%d:a quote opened here is never closed", line);
		}
		push_word(&b, &w);
	}
	if (b.words.nr)
		end_command(&b, false);
	for (size_t h = 0; h < npend; h++) {
		strvec_pushf(&js->problems, "%d:the heredoc started here has no body", pend[h].line);
		free(pend[h].delim);
	}
	free(b.redirect_out);
	free(b.wline);
	free(b.wcol);
	shwords_release(&b.words);
	free(b.map.nl);
}
