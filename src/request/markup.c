/* markup.c - a job spec written in a markup or data format rewritten as the form lines ("nodes: 2") the
 * form layer reads, before anything else reads the text:
 *     <cluster>Polaris</cluster> <walltime unit="min">150</walltime>   (XML; HTML tags dropped)
 *     https://portal/new?cluster=anvil&nodes=2&hours=6               (a query string; curl -d 'a=b&c=d')
 *     INSERT INTO jobs (cluster, nodes, hours) VALUES ('vista', 32, 10)
 *     :NODES: 2                                                      (org-mode properties)
 *     Cluster ............ Anvil                                      (dotted leaders)
 *     Which cluster?  [ ] Perlmutter  [x] Delta                       (check boxes: the ticked one)
 *     nodes:\n  value: 12                                            (a W&B config's value under its key)
 *     System & Nodes & Hours \\ ... \end{tabular}                     (LaTeX: a table of bars)
 * Text with none of these is left as it is (NULL). */
#include "reader.h"
#include "vocab.h"

#include "../util/byteset.h"
#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool is_name_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_' || ch == '-';
}

/* "<name attrs>value</name>" at s[p]: writes "name: value" (a unit attribute joined to the name) and
 * returns the end; 0 when p opens no such element. */
static size_t xml_element(const char *s, size_t p, size_t len, struct strbuf *out)
{
	size_t n = p + 1, ne = n;
	while (ne < len && is_name_char(s[ne]))
		ne++;
	if (ne == n || ne - n > 40)
		return 0;
	/* the tags of inline formatting ("<b>Bridges-2</b>", "<code>python ...</code>") are no field names */
	static const char *const inline_tags[] = {"b", "i", "u", "em", "strong", "code", "span", "a", "tt", "font", "small",
						  "big", "mark", "kbd", "samp", "var", "sup", "sub", "s", "del", "ins", "abbr", NULL};
	for (size_t k = 0; inline_tags[k]; k++)
		if (ne - n == strlen(inline_tags[k]) && !strncasecmp(s + n, inline_tags[k], ne - n))
			return 0;
	const char *gt = memchr(s + ne, '>', len - ne);
	if (!gt || memchr(s + ne, '<', (size_t)(gt - s) - ne))
		return 0;
	size_t va = (size_t)(gt - s) + 1, ve = va;
	while (ve < len && s[ve] != '<' && s[ve] != '\n')
		ve++;
	if (ve + 2 + (ne - n) >= len || s[ve] != '<' || s[ve + 1] != '/' || strncmp(s + ve + 2, s + n, ne - n) ||
	    s[ve + 2 + (ne - n)] != '>')
		return 0;
	size_t a = va, b = ve;
	while (a < b && isspace((unsigned char)s[a]))
		a++;
	while (b > a && isspace((unsigned char)s[b - 1]))
		b--;
	if (a == b)
		return 0;
	strbuf_add(out, s + n, ne - n);
	/* <walltime unit="min"> */
	const char *unit = memmem(s + ne, (size_t)(gt - s) - ne, "unit=", 5);
	if (unit) {
		const char *u = unit + 5;
		if (*u == '"' || *u == '\'')
			u++;
		size_t ul = 0;
		while (isalpha((unsigned char)u[ul]))
			ul++;
		if (ul) {
			strbuf_addch(out, '_');
			strbuf_add(out, u, ul);
		}
	}
	strbuf_adds(out, ": ");
	strbuf_add(out, s + a, b - a);
	strbuf_addch(out, '\n');
	return ve + 3 + (ne - n);
}

/* Whether the text holds at least two closing tags ("</cluster>", "</b>"): markup, not an arrow ("<-"). */
static bool has_markup(const char *s, size_t len)
{
	int n = 0;
	for (const char *p = s; (p = mem_find(p, len - (size_t)(p - s), "</", 2)) != NULL && n < 2; p += 2)
		if ((size_t)(p - s) + 2 < len && isalpha((unsigned char)p[2]))
			n++;
	return n >= 2;
}

/* Elements become form lines, other tags spaces (line breaks for the tags that end a line of text). */
static void strip_markup(const char *s, size_t len, struct strbuf *out)
{
	for (size_t p = 0; p < len;) {
		if (s[p] == '<' && p + 1 < len && (isalpha((unsigned char)s[p + 1]) || s[p + 1] == '/' || s[p + 1] == '!')) {
			size_t e = xml_element(s, p, len, out);
			if (e) {
				p = e;
				continue;
			}
			const char *gt = memchr(s + p, '>', len - p);
			if (gt && !memchr(s + p + 1, '<', (size_t)(gt - s) - p - 1)) {
				static const char *const block[] = {"</p", "<br", "</div", "</li", "</tr", "</h", "<p>", NULL};
				bool nl = false;
				for (size_t k = 0; block[k] && !nl; k++)
					nl = !strncasecmp(s + p, block[k], strlen(block[k]));
				strbuf_addch(out, nl ? '\n' : ' ');
				p = (size_t)(gt - s) + 1;
				continue;
			}
		}
		strbuf_addch(out, s[p++]);
	}
}

/* A run of "key=value&key=value" (two pairs or more) at s[p]: written as form lines; its end, or 0. */
static size_t query_pairs(const char *s, size_t p, size_t len, struct strbuf *out)
{
	size_t q = p, pairs = 0;
	struct strbuf tmp;
	strbuf_init(&tmp);
	for (;;) {
		size_t ka = q;
		while (q < len && (is_name_char(s[q]) || s[q] == '.'))
			q++;
		if (q == ka || q >= len || s[q] != '=')
			break;
		size_t kb = q++, va = q;
		while (q < len && s[q] != '&' && s[q] != '\'' && s[q] != '"' && !isspace((unsigned char)s[q]) && s[q] != '#')
			q++;
		strbuf_add(&tmp, s + ka, kb - ka);
		strbuf_adds(&tmp, ": ");
		for (size_t k = va; k < q; k++)
			strbuf_addch(&tmp, s[k] == '+' ? ' ' : s[k]);
		strbuf_addch(&tmp, '\n');
		pairs++;
		if (q < len && s[q] == '&')
			q++;
		else
			break;
	}
	size_t end = pairs >= 2 ? q : 0;
	if (end) {
		strbuf_addch(out, '\n');
		strbuf_add(out, tmp.buf, tmp.len);
	}
	strbuf_release(&tmp);
	return end;
}

/* Splits "a, 'b, c', 3" into at most max trimmed cells (quotes dropped). */
static size_t sql_cells(const char *s, size_t a, size_t b, size_t *ca, size_t *cb, size_t max)
{
	size_t n = 0;
	for (size_t p = a; p <= b && n < max;) {
		while (p < b && isspace((unsigned char)s[p]))
			p++;
		size_t x = p, y;
		if (p < b && (s[p] == '\'' || s[p] == '"')) {
			char q = s[p++];
			x = p;
			while (p < b && s[p] != q)
				p++;
			y = p;
			if (p < b)
				p++;
			while (p < b && s[p] != ',')
				p++;
		} else {
			while (p < b && s[p] != ',')
				p++;
			y = p;
			while (y > x && isspace((unsigned char)s[y - 1]))
				y--;
		}
		ca[n] = x, cb[n] = y, n++;
		p++;
	}
	return n;
}

/* "INSERT INTO t (c1, c2) VALUES (v1, v2)" at s[p]: form lines "c1: v1"; its end, or 0. */
static size_t sql_insert(const char *s, size_t p, size_t len, struct strbuf *out)
{
	if (len - p < 12 || strncasecmp(s + p, "insert into", 11))
		return 0;
	const char *o1 = memchr(s + p, '(', len - p);
	const char *c1 = o1 ? memchr(o1, ')', len - (size_t)(o1 - s)) : NULL;
	const char *vals = c1 ? strcasestr(c1, "values") : NULL;
	const char *o2 = vals ? strchr(vals, '(') : NULL;
	const char *c2 = o2 ? strchr(o2, ')') : NULL;
	if (!c2 || (size_t)(c2 - s) >= len)
		return 0;
	size_t ka[16], kb[16], va[16], vb[16];
	size_t nk = sql_cells(s, (size_t)(o1 - s) + 1, (size_t)(c1 - s), ka, kb, 16);
	size_t nv = sql_cells(s, (size_t)(o2 - s) + 1, (size_t)(c2 - s), va, vb, 16);
	if (nk != nv || nk < 2)
		return 0;
	strbuf_addch(out, '\n');
	for (size_t i = 0; i < nk; i++) {
		strbuf_add(out, s + ka[i], kb[i] - ka[i]);
		strbuf_adds(out, ": ");
		strbuf_add(out, s + va[i], vb[i] - va[i]);
		strbuf_addch(out, '\n');
	}
	size_t e = (size_t)(c2 - s) + 1;
	if (e < len && s[e] == ';')
		e++;
	return e;
}

/* "(cluster, nodes, hours) = ('stampede3', 2, 9)": the slots' form lines; false when the line is none. */
static bool tuple_assignment(const char *s, size_t p, size_t b, struct strbuf *out)
{
	if (p >= b || s[p] != '(')
		return false;
	const char *c1 = memchr(s + p, ')', b - p);
	if (!c1)
		return false;
	size_t q = (size_t)(c1 - s) + 1;
	while (q < b && s[q] == ' ')
		q++;
	if (q >= b || s[q] != '=' || (q + 1 < b && s[q + 1] == '='))
		return false;
	q++;
	while (q < b && s[q] == ' ')
		q++;
	const char *c2 = q < b && s[q] == '(' ? memchr(s + q, ')', b - q) : NULL;
	if (!c2)
		return false;
	size_t ka[16], kb[16], va[16], vb[16];
	size_t nk = sql_cells(s, p + 1, (size_t)(c1 - s), ka, kb, 16);
	size_t nv = sql_cells(s, q + 1, (size_t)(c2 - s), va, vb, 16);
	if (nk != nv || nk < 2)
		return false;
	for (size_t i = 0; i < nk; i++) {
		strbuf_add(out, s + ka[i], kb[i] - ka[i]);
		strbuf_adds(out, ": ");
		strbuf_add(out, s + va[i], vb[i] - va[i]);
		strbuf_addch(out, '\n');
	}
	strbuf_add(out, c2 + 1, (size_t)(s + b - c2) - 1); /* a comment after it ("# script: eval.py") */
	return true;
}

/* "assert job.nodes == 3", "assert job.cmd == \"python x.py\"": the field and its value. */
static bool assertion(const char *s, size_t p, size_t b, struct strbuf *out)
{
	if (b - p < 10 || strncmp(s + p, "assert ", 7))
		return false;
	const char *eq = memmem(s + p, b - p, "==", 2);
	if (!eq)
		return false;
	size_t ke = (size_t)(eq - s);
	while (ke > p && s[ke - 1] == ' ')
		ke--;
	size_t ka = ke;
	while (ka > p && is_name_char(s[ka - 1]))
		ka--;
	size_t va = (size_t)(eq - s) + 2, vb = b;
	while (va < vb && s[va] == ' ')
		va++;
	while (vb > va && isspace((unsigned char)s[vb - 1]))
		vb--;
	if (vb - va >= 2 && (s[va] == '"' || s[va] == '\'') && s[vb - 1] == s[va])
		va++, vb--;
	if (ka == ke || va >= vb)
		return false;
	strbuf_add(out, s + ka, ke - ka);
	strbuf_adds(out, ": ");
	strbuf_add(out, s + va, vb - va);
	return true;
}

/* One line rewritten into out: org-mode properties, dotted leaders, check boxes; false when it is none. */
static bool rewrite_line(const char *s, size_t a, size_t b, struct strbuf *out)
{
	size_t p = a;
	while (p < b && (s[p] == ' ' || s[p] == '\t'))
		p++;
	if (tuple_assignment(s, p, b, out) || assertion(s, p, b, out))
		return true;
	/* ":NODES: 2" */
	if (p < b && s[p] == ':') {
		size_t k = p + 1;
		while (k < b && is_name_char(s[k]))
			k++;
		if (k > p + 1 && k < b && s[k] == ':' && k + 1 < b && s[k + 1] == ' ') {
			strbuf_add(out, s + p + 1, k - p - 1);
			strbuf_adds(out, ": ");
			strbuf_add(out, s + k + 2, b - k - 2);
			return true;
		}
	}
	/* a row of two cells whose first is a field's name ("| nodes | 6 |", "│ time │ 16h │" once drawn in bars):
	 * that field */
	if (p < b && s[p] == '|') {
		size_t cells[4][2], nc = 0;
		for (size_t k = p + 1; k < b && nc < 4;) {
			size_t e = k;
			while (e < b && s[e] != '|')
				e++;
			size_t x = k, y = e;
			while (x < y && isspace((unsigned char)s[x]))
				x++;
			while (y > x && isspace((unsigned char)s[y - 1]))
				y--;
			if (y > x)
				cells[nc][0] = x, cells[nc][1] = y, nc++;
			k = e + 1;
		}
		char key[64];
		if (nc == 2 && cells[0][1] - cells[0][0] < sizeof(key)) {
			memcpy(key, s + cells[0][0], cells[0][1] - cells[0][0]);
			key[cells[0][1] - cells[0][0]] = '\0';
			char val[64]; /* (a header names two fields: "| cluster | walltime (h) |") */
			size_t vl = cells[1][1] - cells[1][0] < sizeof(val) ? cells[1][1] - cells[1][0] : sizeof(val) - 1;
			memcpy(val, s + cells[1][0], vl);
			val[vl] = '\0';
			if (vocab_key(key) != VK_NONE && vocab_key(val) == VK_NONE) {
				strbuf_add(out, key, strlen(key));
				strbuf_adds(out, ": ");
				strbuf_add(out, s + cells[1][0], cells[1][1] - cells[1][0]);
				return true;
			}
		}
	}
	/* "Cluster ............ Anvil" */
	const char *dots = memmem(s + p, b - p, "...", 3);
	if (dots && dots > s + p + 1 && dots[-1] == ' ') {
		size_t d = (size_t)(dots - s), e = d;
		while (e < b && s[e] == '.')
			e++;
		if (e - d >= 3 && e < b && s[e] == ' ') {
			size_t kb = d;
			while (kb > p && s[kb - 1] == ' ')
				kb--;
			strbuf_add(out, s + a, kb - a);
			strbuf_adds(out, ":");
			strbuf_add(out, s + e, b - e);
			return true;
		}
	}
	/* "[ ] Perlmutter  [x] Delta": the ticked option, the others dropped; only options of a word or two (a
	 * to-do list's boxes, "[x] data prep  [ ] run train.py on vista, 8 nodes", mark what is done) */
	bool options = memmem(s + p, b - p, "[ ]", 3) && (memmem(s + p, b - p, "[x]", 3) || memmem(s + p, b - p, "[X]", 3));
	for (size_t k = p; options && k + 2 < b; k++)
		if (s[k] == '[' && s[k + 2] == ']') {
			size_t e = k + 3, words = 0;
			bool in_word = false;
			while (e < b && !(e + 2 < b && s[e] == '[' && s[e + 2] == ']')) {
				if (!isspace((unsigned char)s[e]) && !in_word)
					words++;
				in_word = !isspace((unsigned char)s[e]);
				e++;
			}
			options = words <= 2 && e - k <= 32;
		}
	if (options) {
		for (size_t k = a; k < b;) {
			if (k + 2 < b && s[k] == '[' && s[k + 2] == ']' && (s[k + 1] == ' ' || s[k + 1] == 'x' || s[k + 1] == 'X')) {
				bool ticked = s[k + 1] != ' ';
				k += 3;
				size_t e = k;
				while (e < b && !(e + 2 < b && s[e] == '[' && s[e + 2] == ']'))
					e++;
				if (ticked)
					strbuf_add(out, s + k, e - k);
				else
					strbuf_addch(out, ' ');
				k = e;
				continue;
			}
			strbuf_addch(out, s[k++]);
		}
		return true;
	}
	return false;
}

static size_t line_end(const char *s, size_t a, size_t len)
{
	const char *nl = memchr(s + a, '\n', len - a);
	return nl ? (size_t)(nl - s) : len;
}

/* Whether the word w (length l) stands in s[0, n) outside [a, b), any case. */
static bool named_outside(const char *s, size_t n, size_t a, size_t b, const char *w, size_t l)
{
	if (l < 2)
		return false;
	for (size_t p = 0; p + l <= n; p++) {
		if (p >= a && p < b)
			continue;
		if (!strncasecmp(s + p, w, l) && (p == 0 || !is_name_char(s[p - 1])) && (p + l == n || !is_name_char(s[p + l])))
			return true;
	}
	return false;
}

/* A merge conflict opening at line p ("<<<<<<< HEAD" ... "=======" ... ">>>>>>> feature/longer-run"): the
 * side the text around it names (its branch, the last part of the branch's path, or "ours"/"theirs") is
 * written to out, the other dropped; the position after the block, or 0 (no block, or no side named). */
static size_t conflict_side(const char *s, size_t p, size_t n, struct strbuf *out)
{
	if (n - p < 8 || strncmp(s + p, "<<<<<<<", 7))
		return 0;
	size_t a_name = p + 7, a_end = line_end(s, p, n);
	while (a_name < a_end && s[a_name] == ' ')
		a_name++;
	size_t mid = 0, close = 0;
	for (size_t q = a_end + 1; q < n && !close;) {
		size_t qe = line_end(s, q, n);
		if (!mid && qe - q >= 7 && !strncmp(s + q, "=======", 7))
			mid = q;
		else if (mid && qe - q >= 7 && !strncmp(s + q, ">>>>>>>", 7))
			close = q;
		q = qe + 1;
	}
	if (!mid || !close)
		return 0;
	size_t close_end = line_end(s, close, n), b_name = close + 7;
	while (b_name < close_end && s[b_name] == ' ')
		b_name++;
	/* the names by which each side may be named */
	const char *bn = s + b_name, *slash = NULL;
	for (const char *q = bn; q < s + close_end; q++)
		if (*q == '/')
			slash = q;
	bool want_b = named_outside(s, n, p, close_end, bn, (size_t)(s + close_end - bn)) ||
		      (slash && named_outside(s, n, p, close_end, slash + 1, (size_t)(s + close_end - slash - 1))) ||
		      named_outside(s, n, p, close_end, "theirs", 6) || named_outside(s, n, p, close_end, "incoming", 8);
	bool want_a = (a_end > a_name && named_outside(s, n, p, close_end, s + a_name, a_end - a_name) &&
		       strncasecmp(s + a_name, "head", 4)) ||
		      named_outside(s, n, p, close_end, "ours", 4) || named_outside(s, n, p, close_end, "current", 7);
	if (want_a == want_b)
		return 0;
	size_t from = want_a ? a_end + 1 : mid + (line_end(s, mid, n) - mid) + 1, to = want_a ? mid : close;
	strbuf_add(out, s + from, to - from);
	return close_end < n ? close_end + 1 : n;
}

/* A table drawn with box characters ("│ nodes │ 6 │", "├────┼────┤") redrawn in bars and dashes, in the same
 * bytes; whether there was one. */
static bool redraw_box_table(char *s, size_t len)
{
	bool any = false;
	for (char *p = s; (p = mem_find(p, len - (size_t)(p - s), "\xe2\x94", 2)) != NULL; p += 2) {
		if ((size_t)(p - s) + 3 > len)
			break;
		unsigned char k = (unsigned char)p[2];
		char ch = k == 0x80 || k == 0x81 ? '-' : k == 0x82 || k == 0x83 ? '|' : (k >= 0x8c && k <= 0xbc) ? '|' : 0;
		if (ch) {
			p[0] = ch;
			p[1] = p[2] = ch == '-' ? '-' : ' ';
			any = true;
		}
	}
	return any;
}

/* Whether the line [p, e) is one of the labels alone ("Before:", "After:"; data/lexicon's before_labels
 * and after_labels), any case. */
static bool block_label(const char *s, size_t p, size_t e, enum vlist which)
{
	while (p < e && isspace((unsigned char)s[p]))
		p++;
	while (e > p && isspace((unsigned char)s[e - 1]))
		e--;
	const char *const *labels;
	size_t nlabels = vocab_list(which, &labels);
	for (size_t k = 0; k < nlabels; k++)
		if (e - p == strlen(labels[k]) && !strncasecmp(s + p, labels[k], e - p))
			return true;
	return false;
}

char *rd_flatten_markup(const char *text, size_t len, size_t *out_len)
{
	struct strbuf a;
	strbuf_init(&a);
	bool changed = false;
	char *boxed = NULL;
	if (mem_find(text, len, "\xe2\x94", 2)) {
		boxed = malloc(len + 1);
		if (!boxed)
			abort();
		memcpy(boxed, text, len);
		boxed[len] = '\0';
		if (redraw_box_table(boxed, len)) {
			text = boxed;
			changed = true;
		}
	}
	/* JSON encoded twice inside a log line ("{\"cluster\": \"anvil\", ...}"): its quotes unescaped */
	char *unescaped = NULL;
	if (mem_find(text, len, "{\\\"", 3)) {
		unescaped = malloc(len + 1);
		if (!unescaped)
			abort();
		size_t o = 0;
		for (size_t k = 0; k < len; k++) {
			if (text[k] == '\\' && k + 1 < len && text[k + 1] == '"')
				continue;
			unescaped[o++] = text[k];
		}
		unescaped[o] = '\0';
		text = unescaped;
		len = o;
		changed = true;
	}
	if (has_markup(text, len)) {
		strip_markup(text, len, &a);
		changed = true;
	} else {
		strbuf_add(&a, text, len);
	}
	/* the rest works line by line and within lines on the (possibly) stripped text */
	const char *s = a.buf;
	size_t n = a.len;
	struct strbuf b;
	strbuf_init(&b);
	bool in_tabular = false;
	for (size_t p = 0; p < n;) {
		size_t e = line_end(s, p, n);
		/* a merge conflict: the side the text names */
		size_t skip = conflict_side(s, p, n, &b);
		if (skip) {
			changed = true;
			p = skip;
			continue;
		}
		/* LaTeX tabular: its rows as a table of bars */
		if (memmem(s + p, e - p, "\\begin{tabular}", 15)) {
			in_tabular = true, changed = true;
			p = e < n ? e + 1 : n;
			continue;
		}
		if (in_tabular) {
			if (memmem(s + p, e - p, "\\end{tabular}", 13)) {
				in_tabular = false;
				p = e < n ? e + 1 : n;
				continue;
			}
			for (size_t k = p; k < e; k++) {
				if (s[k] == '&')
					strbuf_addch(&b, '|');
				else if (s[k] == '\\' && k + 1 < e && s[k + 1] == '\\')
					k++;
				else if (s[k] == '\\' && !strncmp(s + k, "\\hline", 6))
					k += 5;
				else
					strbuf_addch(&b, s[k]);
			}
			strbuf_addch(&b, '\n');
			p = e < n ? e + 1 : n;
			continue;
		}
		/* "Before:" ... "After:": only what comes after */
		if (block_label(s, p, e, VL_BEFORE_LABEL)) {
			size_t q = e < n ? e + 1 : n, after = 0;
			while (q < n && !after) {
				size_t qe = line_end(s, q, n);
				if (block_label(s, q, qe, VL_AFTER_LABEL))
					after = q;
				q = qe < n ? qe + 1 : n;
			}
			if (after) {
				changed = true;
				p = after;
				continue;
			}
		}
		/* "nodes:" over "  value: 12" (a W&B config) */
		size_t k = p;
		while (k < e && is_name_char(s[k]))
			k++;
		if (k > p && k + 1 == e && s[k] == ':' && e < n) {
			/* (past a "desc: null" line) */
			size_t q = e + 1, qe = line_end(s, q, n);
			for (int skip = 0; skip < 2; skip++) {
				size_t r = q;
				while (r < qe && s[r] == ' ')
					r++;
				if (r == q || qe - r < 6 || strncmp(s + r, "desc:", 5) || qe >= n)
					break;
				q = qe + 1;
				qe = line_end(s, q, n);
			}
			while (q < qe && s[q] == ' ')
				q++;
			if (q > e + 1 && qe - q > 7 && !strncmp(s + q, "value:", 6)) {
				strbuf_add(&b, s + p, k - p);
				strbuf_adds(&b, ":");
				strbuf_add(&b, s + q + 6, qe - q - 6);
				strbuf_addch(&b, '\n');
				changed = true;
				p = qe < n ? qe + 1 : n;
				continue;
			}
		}
		size_t before = b.len;
		if (rewrite_line(s, p, e, &b)) {
			strbuf_addch(&b, '\n');
			changed = true;
			p = e < n ? e + 1 : n;
			continue;
		}
		strbuf_setlen(&b, before);
		/* within the line: query strings and SQL inserts */
		for (size_t q = p; q < e;) {
			size_t end = 0;
			if ((s[q] == '?' || s[q] == '\'' || s[q] == '"') && q + 1 < e)
				end = query_pairs(s, q + 1, e, &b);
			else if ((q == p || !isalnum((unsigned char)s[q - 1])) && (s[q] == 'I' || s[q] == 'i'))
				end = sql_insert(s, q, n, &b);
			if (end) {
				changed = true;
				if (end > e) { /* an insert over several lines */
					e = line_end(s, end, n);
				}
				q = end;
				continue;
			}
			strbuf_addch(&b, s[q++]);
		}
		if (e < n)
			strbuf_addch(&b, '\n');
		p = e < n ? e + 1 : n;
	}
	strbuf_release(&a);
	free(boxed);
	free(unescaped);
	if (!changed) {
		strbuf_release(&b);
		return NULL;
	}
	*out_len = b.len;
	return strbuf_detach(&b);
}
