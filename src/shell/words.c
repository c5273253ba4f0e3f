/* words.c - shell lexer (POSIX quoting rules) and the safe writer for shell words. */
#include "words.h"

#include "../util/jsonw.h"
#include "../util/xalloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void shwords_init(struct shwords *ws)
{
	ws->v = NULL;
	ws->nr = ws->alloc = 0;
}

/* Frees p unless it lies in w's block (which shword_release frees as a whole). */
static void free_field(const struct shword *w, void *p)
{
	uintptr_t a = (uintptr_t)p, b = (uintptr_t)w->block;
	if (w->block && a >= b && a < b + w->block_len)
		return;
	free(p);
}

void shword_release(struct shword *w)
{
	for (size_t i = 0; i < w->nsegs; i++)
		free_field(w, w->segs[i].text);
	free_field(w, w->segs);
	free_field(w, w->value);
	free_field(w, w->raw);
	free(w->block);
	memset(w, 0, sizeof(*w));
}

void shword_set_raw(struct shword *w, char *raw)
{
	free_field(w, w->raw);
	w->raw = raw;
}

void shwords_release(struct shwords *ws)
{
	for (size_t i = 0; i < ws->nr; i++)
		shword_release(&ws->v[i]);
	free(ws->v);
	shwords_init(ws);
}

void shwords_push(struct shwords *ws, struct shword *w)
{
	if (ws->nr == ws->alloc) {
		ws->alloc = ws->alloc ? ws->alloc * 2 : 8;
		ws->v = xrealloc(ws->v, ws->alloc * sizeof(*ws->v));
	}
	ws->v[ws->nr++] = *w;
	memset(w, 0, sizeof(*w));
}

/* Adds a segment whose text (len bytes, NUL-terminated, malloc'd) w takes over. */
static void add_seg_owned(struct shword *w, enum shseg_kind kind, char *text, size_t len)
{
	if (kind == SEG_LIT && w->nsegs && w->segs[w->nsegs - 1].kind == SEG_LIT) {
		struct shseg *s = &w->segs[w->nsegs - 1];
		size_t old = strlen(s->text);
		s->text = xrealloc(s->text, old + len + 1);
		memcpy(s->text + old, text, len);
		s->text[old + len] = '\0';
		free(text);
		return;
	}
	w->segs = xrealloc(w->segs, (w->nsegs + 1) * sizeof(*w->segs));
	w->segs[w->nsegs].kind = kind;
	w->segs[w->nsegs].text = text;
	w->nsegs++;
}

static void add_seg(struct shword *w, enum shseg_kind kind, const char *text, size_t len)
{
	char *copy = xstrndup(text, len);
	add_seg_owned(w, kind, copy, strlen(copy));
}

void shword_init_literal(struct shword *w, const char *text)
{
	*w = (struct shword){0};
	add_seg(w, SEG_LIT, text, strlen(text));
	w->value = xstrdup(text);
	w->raw = xstrdup(text);
}

void shwords_push_literal(struct shwords *ws, const char *text)
{
	struct shword w;
	shword_init_literal(&w, text);
	shwords_push(ws, &w);
}

void shwords_copy(struct shwords *dst, const struct shwords *src)
{
	for (size_t i = 0; i < src->nr; i++) {
		const struct shword *s = &src->v[i];
		struct shword w = {0};
		for (size_t k = 0; k < s->nsegs; k++)
			add_seg(&w, s->segs[k].kind, s->segs[k].text, strlen(s->segs[k].text));
		w.value = xstrdup(s->value);
		w.raw = xstrdup(s->raw);
		w.flags = s->flags;
		w.start = s->start;
		w.end = s->end;
		shwords_push(dst, &w);
	}
}

/* The value of a word being lexed: on the stack while it is short, on the heap beyond that. */
struct wbuf {
	char *buf;
	size_t len, cap;
	char inl[256];
};

static void wb_add(struct wbuf *b, const char *text, size_t n)
{
	if (b->len + n > b->cap) {
		size_t cap = b->cap * 2;
		while (cap < b->len + n)
			cap *= 2;
		if (b->buf == b->inl) {
			b->buf = xmalloc(cap);
			memcpy(b->buf, b->inl, b->len);
		} else {
			b->buf = xrealloc(b->buf, cap);
		}
		b->cap = cap;
	}
	memcpy(b->buf + b->len, text, n);
	b->len += n;
}

/* A segment being gathered: text[0..len), or the value's bytes [off, off + len) when text is NULL. */
struct segd {
	enum shseg_kind kind;
	const char *text;
	size_t off, len;
};

/* A word being lexed. Literal text is appended to the value and its run there remembered (lit_from,
 * lit_len): a literal segment is the part of the value between two variable segments, so it needs
 * no buffer of its own. The word's fields are copied into one allocation when it ends (pack). */
struct lexst {
	struct shword *w;
	struct wbuf val;
	size_t lit_from, lit_len;
	struct segd inl_segs[8], *segs;
	size_t nsegs, cap;
	bool positional; /* $1..$9 and $* are the script's arguments (else literal text, as "$100" in a request) */
};

static void lex_init(struct lexst *st, struct shword *w, bool positional)
{
	st->w = w;
	st->val.buf = st->val.inl;
	st->val.len = 0;
	st->val.cap = sizeof(st->val.inl);
	st->lit_from = st->lit_len = 0;
	st->segs = st->inl_segs;
	st->nsegs = 0;
	st->cap = sizeof(st->inl_segs) / sizeof(st->inl_segs[0]);
	st->positional = positional;
}

static void push_segd(struct lexst *st, enum shseg_kind kind, const char *text, size_t off, size_t len)
{
	if (st->nsegs == st->cap) {
		st->cap *= 2;
		if (st->segs == st->inl_segs) {
			st->segs = xmalloc(st->cap * sizeof(*st->segs));
			memcpy(st->segs, st->inl_segs, sizeof(st->inl_segs));
		} else {
			st->segs = xrealloc(st->segs, st->cap * sizeof(*st->segs));
		}
	}
	st->segs[st->nsegs++] = (struct segd){kind, text, off, len};
}

/* Appends literal text to the word's value and to the current literal segment. */
static void lit_add(struct lexst *st, const char *text, size_t len)
{
	if (!st->lit_len)
		st->lit_from = st->val.len;
	wb_add(&st->val, text, len);
	st->lit_len += len;
}

/* Appends text to the value only (how a variable segment is written there: $NAME, ${NAME}). */
static void val_add(struct lexst *st, const char *text, size_t len)
{
	wb_add(&st->val, text, len);
}

static void lit_flush(struct lexst *st)
{
	if (st->lit_len) {
		push_segd(st, SEG_LIT, NULL, st->lit_from, st->lit_len);
		st->lit_len = 0;
	}
}

static void seg_add(struct lexst *st, enum shseg_kind kind, const char *text, size_t len)
{
	lit_flush(st);
	push_segd(st, kind, text, 0, len);
}

/* Ends the word: its segments, value and raw text (s[w->start..end)) go into one allocation. */
static void pack(struct lexst *st, const char *s, size_t end)
{
	struct shword *w = st->w;
	lit_flush(st);
	size_t rawlen = end - w->start;
	size_t need = st->nsegs * sizeof(struct shseg) + st->val.len + 1 + rawlen + 1;
	for (size_t k = 0; k < st->nsegs; k++)
		need += st->segs[k].len + 1;
	char *blk = xmalloc(need), *p = blk + st->nsegs * sizeof(struct shseg);
	struct shseg *segs = (struct shseg *)blk;
	for (size_t k = 0; k < st->nsegs; k++) {
		const struct segd *d = &st->segs[k];
		memcpy(p, d->text ? d->text : st->val.buf + d->off, d->len);
		p[d->len] = '\0';
		segs[k].kind = d->kind;
		segs[k].text = p;
		p += d->len + 1;
	}
	memcpy(p, st->val.buf, st->val.len);
	p[st->val.len] = '\0';
	w->value = p;
	p += st->val.len + 1;
	memcpy(p, s + w->start, rawlen);
	p[rawlen] = '\0';
	w->raw = p;
	w->segs = st->nsegs ? segs : NULL;
	w->nsegs = st->nsegs;
	w->block = blk;
	w->block_len = need;
	if (st->val.buf != st->val.inl)
		free(st->val.buf);
	if (st->segs != st->inl_segs)
		free(st->segs);
}

void shword_copy(struct shword *dst, const struct shword *src)
{
	struct shwords out;
	shwords_init(&out);
	shwords_copy(&out, &(struct shwords){(struct shword *)src, 1, 1});
	*dst = out.v[0];
	free(out.v);
}

static bool is_name_start(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}

static bool is_name_char(char c)
{
	return is_name_start(c) || (c >= '0' && c <= '9');
}

/* Skips a balanced $( ... ) or ${ ... } starting at s[i] == '(' or '{'; returns the index after it (len
 * when it never closes). Inside, quotes are read as bash reads them, so a closer that is quoted does not
 * close (`$(echo ')')`, `${X:-'}'}`, `"$(echo ")")"`): '...', $'...' with its escapes, "..." with the
 * substitutions it holds, `...`, nested $( ${ and ( {, and a comment in $( ... ) up to its line's end.
 * Iterative (a stack of what each open part waits for), so deep nesting costs memory, never the C stack. */
static size_t skip_balanced(const char *s, size_t len, size_t i)
{
	/* what closes each open part: ')', '}' or '"' (a double-quoted string). bash matches quotes inside
	 * ${ ... } in double quotes too ("${X:-'}" is an unclosed quote to it; "${X:-'}'}" is '}'). */
	char fixed[64];
	char *want = fixed;
	size_t depth = 0, cap = sizeof(fixed), dollar_at = SIZE_MAX;
	want[depth++] = s[i] == '(' ? ')' : '}';
	size_t end = len;
	for (i++; i < len; i++) {
		char c = s[i], top = want[depth - 1];
		char push = 0;
		if (c == '\\') {
			i++; /* the escaped byte (or past the end) */
		} else if (c == '$' && i + 1 < len && (s[i + 1] == '(' || s[i + 1] == '{')) {
			i++;
			push = s[i] == '(' ? ')' : '}';
		} else if (c == '$') {
			dollar_at = i;
		} else if (c == '`') {
			while (++i < len && s[i] != '`')
				i += s[i] == '\\';
		} else if (top == '"') {
			depth -= c == '"';
		} else if (c == '\'') {
			bool ansi = dollar_at == i - 1; /* $'...': a backslash escapes the quote */
			while (++i < len && s[i] != '\'')
				i += ansi && s[i] == '\\';
		} else if (c == '"') {
			push = '"';
		} else if (top == ')' && c == '#' && strchr(" \t\n;&|(", s[i - 1])) {
			while (i + 1 < len && s[i + 1] != '\n') /* a comment: its quotes and parentheses are text */
				i++;
		} else if ((c == '(' && top == ')') || (c == '{' && top != ')')) {
			push = top;
		} else if (c == top) {
			depth--;
		}
		if (push) {
			if (depth == cap) {
				cap *= 2;
				want = want == fixed ? memcpy(xmalloc(cap), fixed, sizeof(fixed)) : xrealloc(want, cap);
			}
			want[depth++] = push;
		}
		if (depth == 0) {
			end = i + 1;
			break;
		}
	}
	if (want != fixed)
		free(want);
	return end;
}

/* Handles a '$' at s[*i] (unquoted or inside double quotes); appends to the word. */
static void lex_dollar(const char *s, size_t len, size_t *i, struct lexst *st)
{
	size_t p = *i + 1;
	/* "$@" and "${@}": the positional arguments, a parameter like any other ("${@}" keeps each one a word);
	 * reading a job script, "$*" and "$1".."$9" (and their ${...} forms) too ("${*}" joins them) */
	bool one = p < len && (s[p] == '@' || (st->positional && (s[p] == '*' || (s[p] >= '0' && s[p] <= '9'))));
	bool braced = p + 2 < len && s[p] == '{' && s[p + 2] == '}' &&
		      (s[p + 1] == '@' || (st->positional && (s[p + 1] == '*' || (s[p + 1] >= '0' && s[p + 1] <= '9'))));
	if (one) {
		seg_add(st, SEG_VAR, s + p, 1);
		val_add(st, s + *i, 2);
		*i = p + 1;
		return;
	}
	if (braced) {
		seg_add(st, SEG_VAR, s + p + 1, 1);
		val_add(st, s + *i, 4);
		*i = p + 3;
		return;
	}
	if (p < len && is_name_start(s[p])) {
		size_t q = p;
		while (q < len && is_name_char(s[q]))
			q++;
		seg_add(st, SEG_VAR, s + p, q - p);
		val_add(st, s + *i, q - *i);
		*i = q;
		return;
	}
	if (p < len && s[p] == '{') {
		size_t q = p + 1;
		while (q < len && is_name_char(s[q]))
			q++;
		if (q < len && s[q] == '}' && q > p + 1 && is_name_start(s[p + 1])) {
			seg_add(st, SEG_VAR, s + p + 1, q - p - 1);
			val_add(st, s + *i, q + 1 - *i);
			*i = q + 1;
			return;
		}
		size_t end = skip_balanced(s, len, p);
		lit_add(st, s + *i, end - *i);
		st->w->flags |= SHW_SUBST;
		*i = end;
		return;
	}
	if (p < len && s[p] == '(') {
		size_t end = skip_balanced(s, len, p);
		lit_add(st, s + *i, end - *i);
		st->w->flags |= SHW_SUBST;
		*i = end;
		return;
	}
	lit_add(st, "$", 1);
	*i = p;
}

static size_t lex_backtick(const char *s, size_t len, size_t i, struct lexst *st)
{
	size_t q = i + 1;
	while (q < len && s[q] != '`') {
		if (s[q] == '\\' && q + 1 < len)
			q++;
		q++;
	}
	size_t end = q < len ? q + 1 : len;
	lit_add(st, s + i, end - i);
	st->w->flags |= SHW_SUBST;
	return end;
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

static void add_utf8(struct strbuf *out, unsigned long cp)
{
	if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		cp = 0xfffd;
	if (cp < 0x80) {
		strbuf_addch(out, (int)cp);
	} else if (cp < 0x800) {
		strbuf_addch(out, (int)(0xc0 | (cp >> 6)));
		strbuf_addch(out, (int)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		strbuf_addch(out, (int)(0xe0 | (cp >> 12)));
		strbuf_addch(out, (int)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_addch(out, (int)(0x80 | (cp & 0x3f)));
	} else {
		strbuf_addch(out, (int)(0xf0 | (cp >> 18)));
		strbuf_addch(out, (int)(0x80 | ((cp >> 12) & 0x3f)));
		strbuf_addch(out, (int)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_addch(out, (int)(0x80 | (cp & 0x3f)));
	}
}

/* bash's ANSI-C quoting $'...' with s[i] on the '$': backslash escapes (\n \t \' \\ \xHH \nnn \uHHHH
 * \cX ...) are decoded, a \0 ends the string as in bash, an unknown escape stays as written.
 * Returns the index after the closing quote (len when there is none: the word is unterminated). */
static size_t lex_ansi_c(const char *s, size_t len, size_t i, struct lexst *st)
{
	struct strbuf out = STRBUF_INIT;
	bool cut = false; /* after a NUL bash drops the rest */
	size_t q = i + 2;
	while (q < len && s[q] != '\'') {
		size_t mark = out.len;
		if (s[q] != '\\' || q + 1 >= len) {
			strbuf_addch(&out, s[q]);
			q++;
		} else {
			char e = s[q + 1];
			q += 2;
			unsigned long v = 0;
			int n = 0, d;
			switch (e) {
			case 'a': strbuf_addch(&out, '\a'); break;
			case 'b': strbuf_addch(&out, '\b'); break;
			case 'e': case 'E': strbuf_addch(&out, 0x1b); break;
			case 'f': strbuf_addch(&out, '\f'); break;
			case 'n': strbuf_addch(&out, '\n'); break;
			case 'r': strbuf_addch(&out, '\r'); break;
			case 't': strbuf_addch(&out, '\t'); break;
			case 'v': strbuf_addch(&out, '\v'); break;
			case '\\': case '\'': case '"': case '?': strbuf_addch(&out, e); break;
			case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
				v = (unsigned long)(e - '0');
				for (n = 1; n < 3 && q < len && s[q] >= '0' && s[q] <= '7'; n++, q++)
					v = v * 8 + (unsigned long)(s[q] - '0');
				strbuf_addch(&out, (int)(v & 0xff));
				break;
			case 'x':
				for (n = 0; n < 2 && q < len && (d = hexval(s[q])) >= 0; n++, q++)
					v = v * 16 + (unsigned long)d;
				if (n)
					strbuf_addch(&out, (int)v);
				else
					strbuf_add(&out, "\\x", 2);
				break;
			case 'u': case 'U':
				for (n = 0; n < (e == 'u' ? 4 : 8) && q < len && (d = hexval(s[q])) >= 0; n++, q++)
					v = v * 16 + (unsigned long)d;
				if (n)
					add_utf8(&out, v);
				else
					strbuf_addf(&out, "\\%c", e);
				break;
			case 'c':
				if (q < len && s[q] != '\'') {
					strbuf_addch(&out, s[q] == '?' ? 0x7f : (s[q] & 0x1f));
					q++;
				} else {
					strbuf_add(&out, "\\c", 2);
				}
				break;
			default:
				strbuf_addch(&out, '\\');
				strbuf_addch(&out, e);
				break;
			}
		}
		/* a decoded NUL ends the value (bash strings cannot hold one) */
		if (!cut && memchr(out.buf + mark, '\0', out.len - mark)) {
			strbuf_setlen(&out, mark + strlen(out.buf + mark));
			cut = true;
		}
		if (cut)
			strbuf_setlen(&out, out.len > mark ? mark : out.len);
	}
	if (q >= len)
		st->w->flags |= SHW_UNTERMINATED;
	lit_add(st, out.buf, out.len);
	strbuf_release(&out);
	return q < len ? q + 1 : len;
}

static bool is_op_char(char c)
{
	return c && strchr(";|&<>()", c);
}

/* plain_run: the length of the run from s[i] of bytes that lex_word copies as they are, outside quotes
 * (anything but blanks, quotes, '\\', '$', '`' and the operator characters) or, with in_dq, inside
 * double quotes (anything but '"', '\\', '$' and '`'); copied in one piece instead of byte by byte */
static size_t plain_run(const char *s, size_t len, size_t i, bool in_dq)
{
	/* bit 1: stops a run outside quotes; bit 2: stops a run inside double quotes */
	static const unsigned char stop[256] = {
		[0] = 3, [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, ['\\'] = 3, ['\''] = 1, ['"'] = 3,
		['$'] = 3, ['`'] = 3, [';'] = 1, ['|'] = 1, ['&'] = 1, ['<'] = 1, ['>'] = 1, ['('] = 1, [')'] = 1,
	};
	const unsigned char bit = in_dq ? 2 : 1;
	size_t j = i;
	while (j < len && !(stop[(unsigned char)s[j]] & bit))
		j++;
	return j - i;
}

static int lex_word(const char *s, size_t len, size_t *pos, struct shword *w, bool newline_is_blank, bool stop_at_ops,
		    bool positional)
{
	memset(w, 0, sizeof(*w));
	size_t i = *pos;
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || (newline_is_blank && s[i] == '\n') ||
			   (s[i] == '\\' && i + 1 < len && s[i + 1] == '\n'))) /* a line continuation is blank */
		i += s[i] == '\\' ? 2 : 1;
	if (i >= len || s[i] == '\n' || (stop_at_ops && is_op_char(s[i]))) {
		*pos = i;
		return 0;
	}
	struct lexst st;
	lex_init(&st, w, positional);
	w->start = i;
	if (s[i] == '~' && (i + 1 >= len || s[i + 1] == '/' || s[i + 1] == ' ' || s[i + 1] == '\t' ||
			    s[i + 1] == '\n')) {
		seg_add(&st, SEG_TILDE, "~", 1);
		val_add(&st, "~", 1);
		i++;
	}
	while (i < len) {
		char c = s[i];
		if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
			break;
		if (c == '\\') {
			if (i + 1 < len && s[i + 1] == '\n') { /* line continuation */
				i += 2;
				continue;
			}
			if (i + 1 < len) {
				lit_add(&st, s + i + 1, 1);
				w->flags |= SHW_QUOTED;
				i += 2;
			} else {
				lit_add(&st, "\\", 1);
				i++;
			}
		} else if (c == '\'') {
			w->flags |= SHW_QUOTED;
			size_t q = i + 1;
			while (q < len && s[q] != '\'')
				q++;
			if (q >= len)
				w->flags |= SHW_UNTERMINATED;
			lit_add(&st, s + i + 1, q - i - 1);
			i = q < len ? q + 1 : len;
		} else if (c == '"') {
			w->flags |= SHW_QUOTED;
			size_t q = i + 1;
			while (q < len && s[q] != '"') {
				if (s[q] == '\\' && q + 1 < len &&
				    (s[q + 1] == '"' || s[q + 1] == '\\' || s[q + 1] == '$' || s[q + 1] == '`')) {
					lit_add(&st, s + q + 1, 1);
					q += 2;
				} else if (s[q] == '\\' && q + 1 < len && s[q + 1] == '\n') {
					q += 2;
				} else if (s[q] == '$') {
					lex_dollar(s, len, &q, &st);
				} else if (s[q] == '`') {
					q = lex_backtick(s, len, q, &st);
				} else {
					size_t n = plain_run(s, len, q, true);
					n = n ? n : 1;
					lit_add(&st, s + q, n);
					q += n;
				}
			}
			if (q >= len)
				w->flags |= SHW_UNTERMINATED;
			i = q < len ? q + 1 : len;
		} else if (c == '$' && i + 1 < len && s[i + 1] == '\'') {
			w->flags |= SHW_QUOTED; /* $'...' */
			i = lex_ansi_c(s, len, i, &st);
		} else if (c == '$' && i + 1 < len && s[i + 1] == '"') {
			i++; /* $"..." (a translatable string): read as "..." */
		} else if (c == '$') {
			lex_dollar(s, len, &i, &st);
		} else if (c == '`') {
			i = lex_backtick(s, len, i, &st);
		} else {
			if (is_op_char(c)) {
				if (stop_at_ops)
					break;
				w->flags |= SHW_META;
			}
			size_t n = plain_run(s, len, i + 1, false) + 1;
			lit_add(&st, s + i, n);
			i += n;
		}
	}
	w->end = i;
	pack(&st, s, i);
	*pos = i;
	return 1;
}

int shlex_next(const char *s, size_t len, size_t *pos, struct shword *w, bool newline_is_blank)
{
	return lex_word(s, len, pos, w, newline_is_blank, false, false);
}

int shlex_value(const char *s, size_t len, size_t *pos, struct shword *w)
{
	return lex_word(s, len, pos, w, false, false, true);
}

int shlex_word(const char *s, size_t len, size_t *pos, struct shword *w)
{
	return lex_word(s, len, pos, w, false, true, true);
}

void shlex_split(const char *s, size_t len, struct shwords *out)
{
	size_t pos = 0;
	struct shword w;
	while (shlex_next(s, len, &pos, &w, true))
		shwords_push(out, &w);
}

static bool safe_char(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || strchr("_./:=,@%+-", c);
}

/* Whether a literal holds a byte a script should not carry raw: a control character other than tab and
 * newline (ESC sequences would also act on a terminal that shows the script), DEL, a C1 control in its
 * UTF-8 form, or a byte of no valid UTF-8 sequence (maple's own reader refuses such a script as binary). */
static bool needs_ansi_c(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		if ((*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f || (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
			return true;
		size_t n = *p < 0x80 ? 1 : utf8_seq_len(p);
		if (!n)
			return true;
		p += n;
	}
	return false;
}

/* s as one ANSI-C quoted word ($'...'): those bytes as \xNN, a backslash and a quote escaped, the rest as
 * they are. */
static void quote_ansi_c(const char *s, struct strbuf *out)
{
	strbuf_adds(out, "$'");
	for (const unsigned char *p = (const unsigned char *)s; *p;) {
		size_t n = *p < 0x80 ? 1 : utf8_seq_len(p);
		if (*p == '\\' || *p == '\'') {
			strbuf_addch(out, '\\');
			strbuf_addch(out, (char)*p);
		} else if (n == 2 && *p == 0xc2 && p[1] <= 0x9f) { /* a C1 control (U+0080-U+009F: 0x9b is CSI) */
			strbuf_addf(out, "\\xc2\\x%02x", p[1]);
		} else if (!n || (*p < 0x20 && *p != '\t' && *p != '\n') || *p == 0x7f) {
			strbuf_addf(out, "\\x%02x", *p);
			n = 1;
		} else {
			strbuf_add(out, (const char *)p, n);
		}
		p += n ? n : 1;
	}
	strbuf_addch(out, '\'');
}

void sh_quote_literal(const char *s, struct strbuf *out)
{
	bool safe = *s != '\0';
	for (const char *p = s; *p && safe; p++)
		safe = safe_char(*p);
	if (safe) {
		strbuf_adds(out, s);
		return;
	}
	if (needs_ansi_c(s)) {
		quote_ansi_c(s, out);
		return;
	}
	strbuf_addch(out, '\'');
	for (const char *p = s; *p; p++) {
		if (*p == '\'')
			strbuf_adds(out, "'\\''");
		else
			strbuf_addch(out, *p);
	}
	strbuf_addch(out, '\'');
}

void shword_quote(const struct shword *w, struct strbuf *out, bool allow_shell)
{
	if (allow_shell && (w->flags & (SHW_META | SHW_SUBST)) && w->raw) {
		strbuf_adds(out, w->raw);
		return;
	}
	if ((w->flags & SHW_SPLIT) && w->nsegs == 1 && w->segs[0].kind == SEG_VAR) {
		strbuf_addf(out, "${%s}", w->segs[0].text);
		return;
	}
	size_t start = out->len;
	for (size_t i = 0; i < w->nsegs; i++) {
		const struct shseg *g = &w->segs[i];
		switch (g->kind) {
		case SEG_TILDE:
			/* The slash after ~ must stay unquoted or the shell will not expand the tilde. */
			strbuf_addch(out, '~');
			if (i + 1 < w->nsegs && w->segs[i + 1].kind == SEG_LIT && w->segs[i + 1].text[0] == '/') {
				strbuf_addch(out, '/');
				if (w->segs[i + 1].text[1])
					sh_quote_literal(w->segs[i + 1].text + 1, out);
				i++;
			}
			break;
		case SEG_VAR:
			strbuf_addf(out, "\"${%s}\"", g->text);
			break;
		case SEG_LIT:
			if (*g->text)
				sh_quote_literal(g->text, out);
			break;
		}
	}
	if (out->len == start)
		strbuf_adds(out, "''");
}

void sh_escape_for_single_quotes(const char *s, size_t len, struct strbuf *out)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\'')
			strbuf_adds(out, "'\\''");
		else
			strbuf_addch(out, s[i]);
	}
}

/* text with $OLD and ${OLD} (not $OLDER) written with name instead; a new string */
static char *rename_in(const char *text, const char *old, const char *name)
{
	struct strbuf out = STRBUF_INIT;
	size_t ol = strlen(old);
	int arith = 0; /* open parentheses of an arithmetic expansion $(( ... )), where a bare NAME is the variable */
	for (const char *p = text; *p;) {
		if (!arith && p[0] == '$' && p[1] == '(' && p[2] == '(') {
			strbuf_add(&out, p, 3);
			p += 3, arith = 2;
		} else if (arith && (*p == '(' || *p == ')')) {
			arith += *p == '(' ? 1 : -1;
			strbuf_addch(&out, *p++);
		} else if (arith && p != text && !is_name_char(p[-1]) && p[-1] != '$' && p[-1] != '{' &&
			   !strncmp(p, old, ol) && !is_name_char(p[ol])) {
			strbuf_adds(&out, name);
			p += ol;
		} else if (p[0] == '$' && !strncmp(p + 1, old, ol) && !is_name_char(p[1 + ol])) {
			strbuf_addf(&out, "$%s", name);
			p += 1 + ol;
		} else if (p[0] == '$' && p[1] == '{' && !strncmp(p + 2, old, ol) && p[2 + ol] == '}') {
			strbuf_addf(&out, "${%s}", name);
			p += 3 + ol;
		} else {
			strbuf_addch(&out, *p++);
		}
	}
	return strbuf_detach(&out);
}

/* The word's value and raw text with every reference to variable old renamed to name. */
static void rename_value_raw(struct shword *w, const char *old, const char *name)
{
	char *v = rename_in(w->value, old, name), *r = w->raw ? rename_in(w->raw, old, name) : NULL;
	free_field(w, w->value);
	w->value = v;
	if (r) {
		free_field(w, w->raw);
		w->raw = r;
	}
}

void shword_rename_var(struct shword *w, size_t k, const char *name)
{
	if (k >= w->nsegs || w->segs[k].kind != SEG_VAR)
		return;
	char *old = w->segs[k].text;
	rename_value_raw(w, old, name);
	w->segs[k].text = xstrdup(name);
	free_field(w, old);
}

void shword_rename_text(struct shword *w, const char *old, const char *name)
{
	rename_value_raw(w, old, name);
	for (size_t k = 0; k < w->nsegs; k++)
		if (w->segs[k].kind == SEG_VAR && !strcmp(w->segs[k].text, old)) {
			char *t = w->segs[k].text;
			w->segs[k].text = xstrdup(name);
			free_field(w, t);
		}
}

/* raw with each expansion of name replaced by text (see shword_var_to_text); NULL when it has none */
static char *var_to_text_in(const char *raw, const char *name, const char *text)
{
	struct strbuf out = STRBUF_INIT;
	size_t nl = strlen(name), len = strlen(raw);
	bool sq = false, dq = false, hit = false;
	int arith = 0; /* open parentheses of an arithmetic expansion, where a bare NAME is the variable */
	for (size_t i = 0; i < len;) {
		const char *p = raw + i;
		if (sq) {
			sq = *p != '\'';
			strbuf_addch(&out, raw[i++]);
		} else if (*p == '\\' && i + 1 < len) {
			strbuf_add(&out, p, 2);
			i += 2;
		} else if (*p == '\'' && !dq) {
			sq = true;
			strbuf_addch(&out, raw[i++]);
		} else if (*p == '"') {
			dq = !dq;
			strbuf_addch(&out, raw[i++]);
		} else if (!arith && p[0] == '$' && p[1] == '(' && p[2] == '(') {
			strbuf_add(&out, p, 3);
			i += 3, arith = 2;
		} else if (arith && (*p == '(' || *p == ')')) {
			arith += *p == '(' ? 1 : -1;
			strbuf_addch(&out, raw[i++]);
		} else if (arith && i && !is_name_char(p[-1]) && p[-1] != '$' && p[-1] != '{' && !strncmp(p, name, nl) &&
			   !is_name_char(p[nl])) {
			strbuf_adds(&out, text);
			i += nl, hit = true;
		} else if (p[0] == '$' && !strncmp(p + 1, name, nl) && !is_name_char(p[1 + nl])) {
			strbuf_adds(&out, text);
			i += 1 + nl, hit = true;
		} else if (p[0] == '$' && p[1] == '{' && !strncmp(p + 2, name, nl) &&
			   (p[2 + nl] == '}' || !strncmp(p + 2 + nl, ":-", 2) || !strncmp(p + 2 + nl, ":=", 2) ||
			    p[2 + nl] == '-' || p[2 + nl] == '=')) {
			/* ${NAME} or NAME with a default: the whole expansion, its default included, is the value */
			size_t e = skip_balanced(raw, len, i + 1);
			if (e > len || raw[e - 1] != '}') {
				strbuf_addch(&out, raw[i++]);
				continue;
			}
			strbuf_adds(&out, text);
			i = e, hit = true;
		} else {
			strbuf_addch(&out, raw[i++]);
		}
	}
	if (!hit) {
		strbuf_release(&out);
		return NULL;
	}
	return strbuf_detach(&out);
}

char *sh_var_to_text(const char *text, const char *name, const char *value)
{
	return text && name && *name ? var_to_text_in(text, name, value) : NULL;
}

bool shword_var_to_text(struct shword *w, const char *name, const char *text)
{
	if (!w->raw || (w->flags & SHW_ARRAY_VALUE) || !name || !*name)
		return false;
	char *raw = var_to_text_in(w->raw, name, text);
	if (!raw)
		return false;
	size_t len = strlen(raw), pos = 0;
	struct shword nw;
	bool one = shlex_value(raw, len, &pos, &nw) == 1;
	if (one) {
		struct shword extra;
		size_t at = pos;
		if (shlex_value(raw, len, &at, &extra) == 1) {
			shword_release(&extra);
			one = false;
		}
		if (!one || nw.start != 0 || nw.end != len)
			shword_release(&nw), one = false;
	}
	free(raw);
	if (!one)
		return false;
	nw.start = w->start;
	nw.end = w->end;
	nw.flags |= w->flags & SHW_SPLIT;
	shword_release(w);
	*w = nw;
	return true;
}
