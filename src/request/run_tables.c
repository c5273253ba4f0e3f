/* run_tables.c - tables of runs written in shapes other than a ruled markdown table, rewritten as one (a
 * header row of field names, a |---| rule, a row per run) so that the form layer (form_blocks.c) reads
 * them and table_rows.c picks the row the writer chose:
 *     | nodes | time | command |          bars without the rule line: the rule is put under the header
 *     | 2     | 1h   | python probe.py |
 *     cluster    nodes  gpus/node  hours  script           aligned plain-text columns under a header
 *     delta      4      4          10     run_clm.py --block_size 1024
 *     ls6 configs, columns are nodes, gpus per node, hours:    rows with no header, their columns
 *     1	1	0.5                                             named in the line above them
 *     jobs:                          small: {nodes: 2, hours: 1}     run1: nodes=2 hours=1
 *       - name: tiny                 big: {nodes: 8, hours: 6}       run2: nodes=8 hours=6
 *         nodes: 2                                                   (lists, maps and lines of runs)
 * A header's cells are all field names of the vocabulary (or a row's name: "name", "run", "stage") with a
 * count or a time among them; under an aligned or described header a row's count cells are whole numbers
 * and its time cell holds a digit, so that prose under a line of field names is never taken for a row.
 * Output of the scheduler's tools (sacct, squeue) is left to tool_output.c; CSV with a header row is
 * csv_rows.c's. */
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MAX_COLS 12
#define MAX_ROWS 32

struct cells {
	size_t n;
	size_t a[MAX_COLS], b[MAX_COLS];
};

/* Header words that name a row rather than a field of it. */
static const char *const name_words[] = {"name", "id", "label", "option", "config", "variant", "stage", "case", "setup", "plan",
					 "experiment", "exp", "#", "no", "status", "note", "notes", "comment", "job", "tag", NULL};

static size_t line_end(const char *s, size_t i, size_t n)
{
	const char *nl = memchr(s + i, '\n', n - i);
	return nl ? (size_t)(nl - s) : n;
}

static bool hspace(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r';
}

static void trim(const char *s, size_t *a, size_t *b)
{
	while (*a < *b && hspace(s[*a]))
		(*a)++;
	while (*b > *a && hspace(s[*b - 1]))
		(*b)--;
}

static bool is_size(enum vkey k)
{
	return k == VK_NODES || k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS || k == VK_WALLTIME;
}

/* The cells of a bar row "| a | b |" in s[a, b) (the first bar opens it; a missing last bar is allowed). */
static bool bar_cells(const char *s, size_t a, size_t b, struct cells *c)
{
	while (a < b && hspace(s[a]))
		a++;
	while (b > a && hspace(s[b - 1]))
		b--;
	if (a >= b || s[a] != '|')
		return false;
	c->n = 0;
	size_t p = a + 1;
	while (p < b) {
		size_t e = p;
		while (e < b && s[e] != '|')
			e++;
		if (c->n == MAX_COLS)
			return false;
		size_t ca = p, cb = e;
		trim(s, &ca, &cb);
		c->a[c->n] = ca, c->b[c->n] = cb, c->n++;
		p = e + 1;
	}
	return c->n >= 2;
}

/* Whether s[a, b) is a markdown rule line ("|---|:--:|"). */
static bool rule_line(const char *s, size_t a, size_t b)
{
	bool dash = false;
	for (size_t p = a; p < b; p++) {
		if (!strchr("|-: \t\r", s[p]))
			return false;
		dash |= s[p] == '-';
	}
	return dash;
}

/* The cells of s[a, b) split on runs of blanks: on runs of two or more (or a tab) when wide, else on any. */
static bool blank_cells(const char *s, size_t a, size_t b, bool wide, struct cells *c)
{
	c->n = 0;
	size_t p = a;
	while (p < b) {
		while (p < b && hspace(s[p]))
			p++;
		if (p >= b)
			break;
		size_t e = p;
		while (e < b && !(s[e] == '\t' || (s[e] == ' ' && (!wide || (e + 1 < b && hspace(s[e + 1]))))))
			e++;
		if (c->n == MAX_COLS)
			return false;
		size_t cb = e;
		while (cb > p && hspace(s[cb - 1]))
			cb--;
		c->a[c->n] = p, c->b[c->n] = cb, c->n++;
		p = e;
	}
	return c->n > 0;
}

/* The cells of s[a, b) split on sep (trimmed). */
static bool sep_cells(const char *s, size_t a, size_t b, char sep, struct cells *c)
{
	c->n = 0;
	for (size_t p = a;;) {
		size_t e = p;
		while (e < b && s[e] != sep)
			e++;
		if (c->n == MAX_COLS)
			return false;
		size_t ca = p, cb = e;
		trim(s, &ca, &cb);
		c->a[c->n] = ca, c->b[c->n] = cb, c->n++;
		if (e >= b)
			break;
		p = e + 1;
	}
	return c->n >= 2;
}

/* The field s[a, b) names as a column's header: a vocabulary key, or VK_COUNT for a row's name; false when
 * it is neither. */
static bool column_key(const char *s, size_t a, size_t b, enum vkey *k)
{
	char w[48];
	if (b <= a || b - a >= sizeof(w) || !(isalpha((unsigned char)s[a]) || s[a] == '#'))
		return false;
	snprintf(w, sizeof(w), "%.*s", (int)(b - a), s + a);
	for (char *q = w; *q; q++) {
		if (!isalnum((unsigned char)*q) && !strchr(" _-/().#[]:", *q))
			return false;
		*q = (char)tolower((unsigned char)*q);
	}
	*k = vocab_key(w);
	if (*k != VK_NONE)
		return true;
	for (const char *const *n = name_words; *n; n++)
		if (!strcmp(w, *n)) {
			*k = VK_COUNT;
			return true;
		}
	return false;
}

/* Whether the cells are a header of runs: every one a field or a row's name (the first may be any word:
 * "| size | nodes | hours |", "tier  nodes  time"), two fields at least, one of them a count or a time. */
static bool header_keys(const char *s, const struct cells *h, enum vkey *keys)
{
	size_t fields = 0, sizes = 0, others = 0;
	/* "Partition: gpu" over "Nodes: 3": a field and its value (Anvil's and Bridges-2's partition is named like the
	 * GPUs' key), no header of two columns */
	if (h->n == 2 && h->b[0] > h->a[0] && (s[h->b[0] - 1] == ':' || s[h->b[0]] == ':'))
		return false;
	for (size_t i = 0; i < h->n; i++) {
		if (!column_key(s, h->a[i], h->b[i], &keys[i])) {
			size_t l = h->b[i] - h->a[i];
			if (l == 0 || l > 16 || !isalpha((unsigned char)s[h->a[i]]))
				return false;
			for (size_t p = h->a[i]; p < h->b[i]; p++)
				if (!isalpha((unsigned char)s[p]) && s[p] != (i ? '_' : ' ') && s[p] != '_')
					return false;
			/* the rows' names first; a column of another word after the fields ("approval", "owner",
			 * "status"): a label of each row, one such column at most - and never a word a scheduler's tool
			 * prints of a job that ran ("Elapsed", "State": sacct's output is tool_output.c's) */
			char w[20];
			snprintf(w, sizeof(w), "%.*s", (int)l, s + h->a[i]);
			for (char *q = w; *q; q++)
				*q = *q == ' ' ? '_' : (char)tolower((unsigned char)*q);
			if (vocab_in(VL_RUN_OUTPUT_KEY, w) || (i > 0 && ++others > 1))
				return false;
			keys[i] = i ? VK_NONE : VK_COUNT;
		}
		fields += keys[i] != VK_COUNT && keys[i] != VK_NONE;
		sizes += is_size(keys[i]);
	}
	return h->n >= 2 && fields >= 2 && sizes >= 1;
}

/* Whether the cells are a row under those keys: counts whole numbers, times with a digit, none empty and
 * none holding a bar. */
static bool row_fits(const char *s, const struct cells *r, const enum vkey *keys, size_t n)
{
	if (r->n != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		size_t a = r->a[i], b = r->b[i];
		if (b <= a || memchr(s + a, '|', b - a))
			return false;
		if ((keys[i] == VK_NODES || keys[i] == VK_GPUS_PER_NODE || keys[i] == VK_TOTAL_GPUS) &&
		    strspn(s + a, "0123456789") < b - a)
			return false;
		if (keys[i] == VK_WALLTIME && !isdigit((unsigned char)s[a]))
			return false;
	}
	return true;
}

/* A row of s[a, b) under a header of n columns: split on blanks, the last column (a script or command)
 * taking the words past the others, or else cut where the header's columns start (hs, offsets from the
 * header line's start, matched against the row line's start la). */
static bool blank_row(const char *s, size_t la, size_t b, const size_t *hs, const enum vkey *keys, size_t n,
		      struct cells *r)
{
	struct cells w;
	if (!blank_cells(s, la, b, false, &w) || w.n < n)
		return false;
	if (w.n == n) {
		*r = w;
		return row_fits(s, r, keys, n);
	}
	enum vkey last = keys[n - 1];
	if (last == VK_SCRIPT || last == VK_COMMAND || last == VK_SCRIPT_ARGS) {
		*r = w;
		r->n = n;
		r->b[n - 1] = w.b[w.n - 1];
		if (row_fits(s, r, keys, n))
			return true;
	}
	if (!hs)
		return false;
	r->n = n;
	for (size_t i = 0; i < n; i++) {
		size_t a = la + hs[i], e = i + 1 < n ? la + hs[i + 1] : b;
		if (a >= b || (i > 0 && !hspace(s[a - 1])) || (e < b && !hspace(s[e - 1]) && !hspace(s[e])))
			return false; /* a word across two columns: not aligned */
		if (e > b)
			e = b;
		r->a[i] = a, r->b[i] = e;
		trim(s, &r->a[i], &r->b[i]);
	}
	return row_fits(s, r, keys, n);
}

/* The cells as a markdown row "| a | b |" and a line break. */
static void add_cells(struct strbuf *sb, const char *s, const struct cells *c)
{
	strbuf_addch(sb, '|');
	for (size_t i = 0; i < c->n; i++) {
		strbuf_addch(sb, ' ');
		strbuf_add(sb, s + c->a[i], c->b[i] - c->a[i]);
		strbuf_adds(sb, " |");
	}
	strbuf_addch(sb, '\n');
}

/* A rule line "|---|---|" of n columns after the indentation. */
static void add_rule(struct strbuf *sb, const char *indent, size_t il, size_t n)
{
	strbuf_add(sb, indent, il);
	strbuf_addch(sb, '|');
	for (size_t i = 0; i < n; i++)
		strbuf_adds(sb, "---|");
	strbuf_addch(sb, '\n');
}

/* Whether one of the two lines before la names a tool of the scheduler ("$ sacct -j ...", "squeue -u
 * me"): the aligned columns under it are that tool's output. */
static bool after_tool(const char *s, size_t la)
{
	size_t a = la;
	for (int k = 0; k < 2 && a > 0; k++) {
		size_t e = a - 1, p = e;
		while (p > 0 && s[p - 1] != '\n')
			p--;
		for (size_t q = p; q < e;) {
			while (q < e && !isalnum((unsigned char)s[q]))
				q++;
			size_t w = q;
			while (w < e && (isalnum((unsigned char)s[w]) || s[w] == '-' || s[w] == '_'))
				w++;
			char word[32];
			if (w > q && w - q < sizeof(word)) {
				for (size_t i = q; i < w; i++)
					word[i - q] = (char)tolower((unsigned char)s[i]);
				word[w - q] = '\0';
				if (vocab_in(VL_OUTPUT_TOOL, word))
					return true;
			}
			q = w;
		}
		a = p;
	}
	return false;
}

/* The column names a line gives in words ("columns are nodes, gpus per node, hours:", "(nodes, gpus per
 * node, hours):", "columns: nodes / hours / script", or the line being only the list): their cells and
 * keys; false when it gives none. */
static bool described_columns(const char *s, size_t la, size_t lb, struct cells *h, enum vkey *keys)
{
	static const char *const cues[] = {"columns", "column", "cols", "fields", "format", "order", NULL};
	size_t starts[8], ns = 0;
	starts[ns++] = la;
	for (size_t p = la; p < lb && ns < 8; p++) {
		if (s[p] == '(' || s[p] == ':') {
			starts[ns++] = p + 1;
			continue;
		}
		if (p > la && isalpha((unsigned char)s[p - 1]))
			continue;
		for (const char *const *c = cues; *c && ns < 8; c++) {
			size_t l = strlen(*c);
			if (p + l > lb || strncasecmp(s + p, *c, l) || (p + l < lb && isalpha((unsigned char)s[p + l])))
				continue;
			size_t q = p + l;
			while (q < lb && (s[q] == ' ' || s[q] == ':' || s[q] == '='))
				q++;
			if (q + 4 <= lb && (!strncasecmp(s + q, "are ", 4) || !strncasecmp(s + q, "is: ", 4)))
				q += 3;
			if (q + 3 <= lb && !strncasecmp(s + q, "is ", 3))
				q += 2;
			starts[ns++] = q;
		}
	}
	for (size_t k = 0; k < ns; k++) {
		size_t a = starts[k], e = a;
		while (e < lb && !strchr(":);.", s[e]))
			e++;
		if (e < lb && !(s[e] == ':' || s[e] == ')' || s[e] == ';' || s[e] == '.'))
			continue;
		/* the list runs to the line's end, or to a ':' or ')' that ends the line ("(nodes, hours):") */
		size_t rest = e + (e < lb);
		while (rest < lb && (hspace(s[rest]) || s[rest] == ':'))
			rest++;
		if (rest < lb && s[e] != '.' && s[e] != ';')
			continue;
		h->n = 0;
		bool ok = true;
		for (size_t p = a; p < e && ok;) {
			size_t q = p;
			while (q < e && s[q] != ',' && !(q + 5 <= e && !strncasecmp(s + q, " and ", 5)))
				q++;
			size_t ca = p, cb = q;
			trim(s, &ca, &cb);
			if (cb - ca > 4 && !strncasecmp(s + ca, "and ", 4))
				ca += 4;
			if (cb - ca > 4 && !strncasecmp(s + ca, "the ", 4))
				ca += 4;
			if (h->n == MAX_COLS)
				ok = false;
			else
				h->a[h->n] = ca, h->b[h->n] = cb, h->n++;
			p = q < e ? q + (s[q] == ',' ? 1 : 5) : e;
		}
		if (ok && h->n >= 2 && header_keys(s, h, keys)) {
			for (size_t i = 0; i < h->n; i++)
				if (keys[i] == VK_COUNT)
					ok = false; /* (a row's name in words is no column of numbers) */
			if (ok)
				return true;
		}
	}
	return false;
}

/* A row of s[la, lb) under described columns: split on tabs, commas or semicolons where the line has
 * them, else on blanks. */
static bool described_row(const char *s, size_t la, size_t lb, const enum vkey *keys, size_t n, struct cells *r)
{
	for (const char *sep = "\t,;"; *sep; sep++)
		if (memchr(s + la, *sep, lb - la))
			return sep_cells(s, la, lb, *sep, r) && row_fits(s, r, keys, n);
	return blank_row(s, la, lb, NULL, keys, n, r);
}

/* ---------------------------------------------------------------------------------------------- */
/* YAML lists of runs ("jobs:\n  - name: tiny\n    nodes: 2\n  - name: big\n    nodes: 512") and maps of
 * runs ("small: {nodes: 2, hours: 1}"), each run a row */

#define MAX_PAIRS 12
#define MAX_ITEMS 16

struct item {
	size_t n;
	size_t ka[MAX_PAIRS], kb[MAX_PAIRS], va[MAX_PAIRS], vb[MAX_PAIRS];
};

/* A "key: value" pair in s[a, b): the key a column's name, the value one scalar (quotes and a " #"
 * comment dropped); false for anything else (a nested block, a list, a URL). */
static bool pair_at(const char *s, size_t a, size_t b, struct item *it)
{
	size_t c = a;
	while (c < b && s[c] != ':')
		c++;
	if (c >= b || c == a || it->n == MAX_PAIRS || (c + 1 < b && !hspace(s[c + 1])))
		return false;
	size_t ka = a, kb = c, va = c + 1, vb = b;
	trim(s, &ka, &kb);
	for (size_t p = va; p + 1 < vb; p++)
		if (hspace(s[p]) && s[p + 1] == '#') {
			vb = p;
			break;
		}
	trim(s, &va, &vb);
	if (vb - va >= 2 && (s[va] == '"' || s[va] == '\'') && s[vb - 1] == s[va])
		va++, vb--;
	enum vkey k;
	if (vb <= va || strchr("{[|>&*!", s[va]) || memchr(s + va, '|', vb - va) || !column_key(s, ka, kb, &k))
		return false;
	it->ka[it->n] = ka, it->kb[it->n] = kb, it->va[it->n] = va, it->vb[it->n] = vb, it->n++;
	return true;
}

/* The items of a YAML list of runs from line la: "- key: value" lines at one indentation, each with
 * "key: value" lines deeper under it. Returns where the list ends (0: not a list of runs). */
static size_t list_items(const char *s, size_t len, size_t la, struct item *items, size_t *n)
{
	size_t col = SIZE_MAX, end = la;
	*n = 0;
	for (size_t p = la; p < len;) {
		size_t e = line_end(s, p, len), ind = p;
		while (ind < e && hspace(s[ind]))
			ind++;
		if (ind >= e)
			break;
		if ((col == SIZE_MAX || ind - p == col) && s[ind] == '-' && ind + 1 < e && s[ind + 1] == ' ') {
			if (*n == MAX_ITEMS)
				return 0;
			col = ind - p;
			items[*n].n = 0;
			if (!pair_at(s, ind + 2, e, &items[(*n)++]))
				return 0;
		} else if (col != SIZE_MAX && ind - p > col) {
			if (!pair_at(s, ind, e, &items[*n - 1]))
				return 0; /* (a nested value: no row) */
		} else {
			break;
		}
		end = e < len ? e + 1 : len;
		p = end;
	}
	return end;
}

/* The items of a map of runs from line la: "name: {key: value, ...}" lines at one indentation, the name
 * as the item's first pair (key "name"). Returns where the map ends (0: not a map of runs). */
static size_t map_items(const char *s, size_t len, size_t la, struct item *items, size_t *n)
{
	size_t col = SIZE_MAX, end = la;
	*n = 0;
	for (size_t p = la; p < len;) {
		size_t e = line_end(s, p, len), ind = p;
		while (ind < e && hspace(s[ind]))
			ind++;
		size_t te = e;
		while (te > ind && hspace(s[te - 1]))
			te--;
		const char *open = memchr(s + ind, '{', te - ind);
		if (ind >= e || !open || s[te - 1] != '}' || (col != SIZE_MAX && ind - p != col) || *n == MAX_ITEMS)
			break;
		size_t o = (size_t)(open - s), c = o;
		while (c > ind && hspace(s[c - 1]))
			c--;
		if (c == ind || s[c - 1] != ':')
			break;
		struct item *it = &items[*n];
		it->n = 1;
		it->ka[0] = it->kb[0] = 0; /* (the name column) */
		it->va[0] = ind, it->vb[0] = c - 1;
		trim(s, &it->va[0], &it->vb[0]);
		if (it->vb[0] <= it->va[0])
			break;
		for (size_t q = o + 1; q < te - 1;) {
			size_t qe = q;
			while (qe < te - 1 && s[qe] != ',')
				qe++;
			if (!pair_at(s, q, qe, it))
				return 0;
			q = qe + 1;
		}
		col = ind - p;
		(*n)++;
		end = e < len ? e + 1 : len;
		p = end;
	}
	return end;
}

/* The pairs of a line of "key=value" words ("run2: nodes=8 hours=6", "- nodes=2 time=1h"): an optional
 * bullet and "name:" first (the item's name), then nothing but key=value words (a value may be quoted).
 * False for any other line. */
static bool kv_line(const char *s, size_t la, size_t lb, struct item *it)
{
	size_t p = la;
	while (p < lb && hspace(s[p]))
		p++;
	if (p + 1 < lb && (s[p] == '-' || s[p] == '*') && s[p + 1] == ' ')
		p += 2;
	it->n = 0;
	size_t w = p;
	while (w < lb && !hspace(s[w]) && s[w] != '=')
		w++;
	if (w > p + 1 && w < lb && s[w - 1] == ':') { /* the item's name */
		it->ka[0] = it->kb[0] = 0, it->va[0] = p, it->vb[0] = w - 1, it->n = 1;
		p = w;
	}
	size_t pairs = 0;
	while (p < lb) {
		while (p < lb && hspace(s[p]))
			p++;
		if (p >= lb)
			break;
		size_t t = p, k = p;
		while (k < lb && s[k] != '=' && !hspace(s[k]))
			k++;
		if (k >= lb || s[k] != '=' || k == p || it->n == MAX_PAIRS)
			return false;
		size_t va = k + 1, vb = va;
		if (va < lb && (s[va] == '"' || s[va] == '\'')) {
			const char *q = memchr(s + va + 1, s[va], lb - va - 1);
			if (!q)
				return false;
			vb = (size_t)(q - s);
			va++;
			p = vb + 1;
		} else {
			while (vb < lb && !hspace(s[vb]))
				vb++;
			p = vb;
		}
		enum vkey key;
		if (vb <= va || memchr(s + va, '|', vb - va) || !column_key(s, t, k, &key))
			return false;
		it->ka[it->n] = t, it->kb[it->n] = k;
		it->va[it->n] = va, it->vb[it->n] = vb, it->n++;
		pairs++;
	}
	return pairs >= 2;
}

/* Whether the items are runs, and their table: every item two pairs or more with a count or a time, a
 * count or time key shared by two items; the columns are the keys in the order they first come. */
static bool items_table(const char *s, const struct item *items, size_t n, struct strbuf *out, const char *indent,
			size_t il)
{
	if (n < 2)
		return false;
	size_t ca[MAX_COLS], cb[MAX_COLS], nc = 0;
	bool shared_size = false;
	for (size_t i = 0; i < n; i++) {
		bool size = false;
		if (items[i].n < 2)
			return false;
		for (size_t k = 0; k < items[i].n; k++) {
			size_t a = items[i].ka[k], b = items[i].kb[k];
			enum vkey key = VK_COUNT;
			if (b > a && !column_key(s, a, b, &key))
				return false;
			size |= is_size(key);
			size_t c = 0;
			while (c < nc && !(cb[c] - ca[c] == b - a && !strncasecmp(s + ca[c], s + a, b - a)))
				c++;
			if (c == nc) {
				if (nc == MAX_COLS)
					return false;
				ca[nc] = a, cb[nc] = b, nc++;
			} else if (is_size(key)) {
				shared_size = true;
			}
		}
		if (!size)
			return false;
	}
	if (!shared_size)
		return false;
	strbuf_add(out, indent, il);
	strbuf_addch(out, '|');
	for (size_t c = 0; c < nc; c++) {
		strbuf_addch(out, ' ');
		if (cb[c] > ca[c])
			strbuf_add(out, s + ca[c], cb[c] - ca[c]);
		else
			strbuf_adds(out, "name");
		strbuf_adds(out, " |");
	}
	strbuf_addch(out, '\n');
	add_rule(out, indent, il, nc);
	for (size_t i = 0; i < n; i++) {
		strbuf_add(out, indent, il);
		strbuf_addch(out, '|');
		for (size_t c = 0; c < nc; c++) {
			strbuf_addch(out, ' ');
			for (size_t k = 0; k < items[i].n; k++)
				if (items[i].kb[k] - items[i].ka[k] == cb[c] - ca[c] &&
				    !strncasecmp(s + items[i].ka[k], s + ca[c], cb[c] - ca[c])) {
					strbuf_add(out, s + items[i].va[k], items[i].vb[k] - items[i].va[k]);
					break;
				}
			strbuf_adds(out, " |");
		}
		strbuf_addch(out, '\n');
	}
	return true;
}

/* The items of consecutive lines of key=value words from line la (kv_line); returns where they end. */
static size_t kv_items(const char *s, size_t len, size_t la, struct item *items, size_t *n)
{
	size_t end = la;
	*n = 0;
	for (size_t p = la; p < len && *n < MAX_ITEMS;) {
		size_t e = line_end(s, p, len);
		if (!memchr(s + p, '=', e - p) || !kv_line(s, p, e, &items[*n]))
			break;
		(*n)++;
		end = p = e < len ? e + 1 : len;
	}
	return *n ? end : 0;
}

char *rd_flatten_run_tables(const char *text, size_t len, size_t *out_len)
{
	struct strbuf sb;
	strbuf_init(&sb);
	bool changed = false, prev_bar = false;
	for (size_t la = 0; la < len;) {
		size_t lb = line_end(text, la, len);
		size_t next = lb < len ? lb + 1 : len;
		size_t ind = la;
		while (ind < lb && hspace(text[ind]))
			ind++;
		struct cells h, r;
		enum vkey keys[MAX_COLS];
		bool bar = ind < lb && text[ind] == '|';
		/* bars without a rule line: the rule put under the header */
		if (bar && !prev_bar && next < len && bar_cells(text, la, lb, &h) && header_keys(text, &h, keys)) {
			size_t nb = line_end(text, next, len);
			struct cells first;
			if (bar_cells(text, next, nb, &first) && !rule_line(text, next, nb) && first.n == h.n) {
				strbuf_add(&sb, text + la, next - la);
				if (lb == len)
					strbuf_addch(&sb, '\n');
				add_rule(&sb, text + la, ind - la, h.n);
				changed = true;
				prev_bar = true;
				la = next;
				continue;
			}
		}
		prev_bar = bar;
		/* a YAML list or map of runs */
		if (!bar && ind < lb) {
			struct item items[MAX_ITEMS];
			size_t n = 0, end = text[ind] == '-' ? list_items(text, len, la, items, &n) : map_items(text, len, la, items, &n);
			if (end && items_table(text, items, n, &sb, text + la, ind - la)) {
				changed = true;
				la = end;
				continue;
			}
			end = memchr(text + la, '=', lb - la) ? kv_items(text, len, la, items, &n) : 0;
			if (end && items_table(text, items, n, &sb, "", 0)) {
				changed = true;
				la = end;
				continue;
			}
		}
		/* aligned columns under a header line of field names; or rows under a line naming their columns */
		size_t hs[MAX_COLS];
		bool aligned = false, described = false;
		if (!bar && next < len && !memchr(text + la, '|', lb - la) && !memchr(text + la, ',', lb - la) &&
		    !memchr(text + la, ';', lb - la)) {
			bool wide = false;
			for (size_t p = ind; p + 1 < lb && !wide; p++)
				wide = text[p] == '\t' || (text[p] == ' ' && text[p + 1] == ' ');
			aligned = blank_cells(text, la, lb, wide, &h) && header_keys(text, &h, keys) && !after_tool(text, la);
			for (size_t i = 0; aligned && i < h.n; i++)
				hs[i] = h.a[i] - la;
		}
		if (!aligned && next < len)
			described = described_columns(text, la, lb, &h, keys);
		if (aligned || described) {
			size_t rows_end = next, nrows = 0;
			struct strbuf rows = STRBUF_INIT;
			while (rows_end < len && nrows < MAX_ROWS) {
				size_t re = line_end(text, rows_end, len);
				bool fits = aligned ? blank_row(text, rows_end, re, hs, keys, h.n, &r)
						    : described_row(text, rows_end, re, keys, h.n, &r);
				if (!fits)
					break;
				add_cells(&rows, text, &r);
				nrows++;
				rows_end = re < len ? re + 1 : len;
			}
			if (nrows) {
				if (described) { /* (the line naming the columns stays: it may name the cluster too) */
					strbuf_add(&sb, text + la, lb - la);
					strbuf_addch(&sb, '\n');
				}
				add_cells(&sb, text, &h);
				add_rule(&sb, "", 0, h.n);
				strbuf_add(&sb, rows.buf, rows.len);
				strbuf_release(&rows);
				changed = true;
				la = rows_end;
				continue;
			}
			strbuf_release(&rows);
		}
		strbuf_add(&sb, text + la, next - la);
		la = next;
	}
	if (!changed) {
		strbuf_release(&sb);
		return NULL;
	}
	*out_len = sb.len;
	return strbuf_detach(&sb);
}
