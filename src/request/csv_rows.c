/* csv_rows.c - a job spec pasted as CSV: a header line of field names and one row of values under it
 *     cluster,nodes,gpus_per_node,walltime,account,script
 *     polaris,24,4,02:45:00,HEPAI,train.py
 * rewritten as the form lines "cluster: polaris", "nodes: 24", ... that the form layer reads. The cells
 * are split on the header's separator (',', ';' or a tab; a cell in double quotes may hold it). Several
 * rows under one header are several runs: rewritten as a markdown table, whose row the text picks ("run
 * the 24-node one") or none (form_blocks.c, table_rows.c). A header with fewer than three of the
 * vocabulary's field names, or a first row of another width, is left as it is. */
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CELLS 16

/* Splits text[a, b) on sep into at most MAX_CELLS cells (trimmed; double quotes removed from a quoted
 * cell); their count, or 0 when there are more or a quote does not close. */
static size_t split_cells(const char *text, size_t a, size_t b, char sep, size_t *ca, size_t *cb)
{
	size_t n = 0;
	for (size_t p = a; p <= b;) {
		if (n == MAX_CELLS)
			return 0;
		while (p < b && (text[p] == ' ' || text[p] == '\t') && text[p] != sep)
			p++;
		size_t s = p, e;
		if (p < b && text[p] == '"') {
			const char *q = memchr(text + p + 1, '"', b - p - 1);
			if (!q)
				return 0;
			s = p + 1;
			e = (size_t)(q - text);
			p = e + 1;
			while (p < b && text[p] != sep)
				p++;
		} else {
			while (p < b && text[p] != sep)
				p++;
			e = p;
			while (e > s && (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\r'))
				e--;
		}
		ca[n] = s, cb[n] = e, n++;
		p++; /* past the separator (or the end) */
	}
	return n;
}

/* The vocabulary's field for the header cell text[a, b) (VK_NONE when it names none). */
static enum vkey header_key(const char *text, size_t a, size_t b)
{
	char k[48];
	if (b - a == 0 || b - a >= sizeof(k))
		return VK_NONE;
	for (size_t i = a; i < b; i++) {
		char ch = (char)tolower((unsigned char)text[i]);
		/* units and formats in the name: "walltime (h)", "Time [min]", "time (hh:mm)" */
		if (!isalnum((unsigned char)ch) && !strchr("_- /()[]:", ch))
			return VK_NONE;
		k[i - a] = ch;
	}
	k[b - a] = '\0';
	return vocab_key(k);
}

/* A header cell as a form key: a unit in brackets joined to the name ("walltime (min)" -> "walltime_min",
 * "Time [h]" -> "Time_h"), a format dropped ("time (hh:mm)" -> "time"). */
static void add_key(struct strbuf *sb, const char *text, size_t a, size_t b)
{
	const char *open = NULL;
	for (size_t p = a; p < b && !open; p++)
		if (text[p] == '(' || text[p] == '[')
			open = text + p;
	if (!open) {
		strbuf_add(sb, text + a, b - a);
		return;
	}
	size_t na = a, nb = (size_t)(open - text);
	while (nb > na && text[nb - 1] == ' ')
		nb--;
	strbuf_add(sb, text + na, nb - na);
	size_t ua = (size_t)(open - text) + 1, ub = ua;
	while (ub < b && isalpha((unsigned char)text[ub]))
		ub++;
	if (ub > ua && ub < b && (text[ub] == ')' || text[ub] == ']')) {
		strbuf_addch(sb, '_');
		strbuf_add(sb, text + ua, ub - ua);
	}
}

/* Whether the cells [xa[i], xb[i]) are a row under the header cells [ha[i], hb[i]): a count empty or a
 * whole number, a time empty or opening with a digit (a line of prose with as many commas is not). */
static bool row_fits(const char *text, const size_t *ha, const size_t *hb, const size_t *xa, const size_t *xb, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		enum vkey k = header_key(text, ha[i], hb[i]);
		size_t l = xb[i] - xa[i];
		if ((k == VK_NODES || k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS) && strspn(text + xa[i], "0123456789") < l)
			return false;
		if (k == VK_WALLTIME && l && !isdigit((unsigned char)text[xa[i]]))
			return false;
	}
	return true;
}

/* A value cell: a decimal comma under a header of semicolons ("Stunden;...\n1,5;...") written as a point. */
static void add_value(struct strbuf *sb, const char *text, size_t a, size_t b, char sep)
{
	size_t vl = b - a;
	const char *comma = sep == ';' ? memchr(text + a, ',', vl) : NULL;
	if (comma && comma > text + a && isdigit((unsigned char)comma[-1]) && comma + 1 < text + b &&
	    isdigit((unsigned char)comma[1]) && strspn(text + a, "0123456789,") == vl) {
		strbuf_add(sb, text + a, (size_t)(comma - text) - a);
		strbuf_addch(sb, '.');
		strbuf_add(sb, comma + 1, (size_t)(text + b - comma) - 1);
	} else {
		strbuf_add(sb, text + a, vl);
	}
}

/* The cells [a[i], b[i]) as a markdown row "| x | y |" (header cells as written, values as add_value). */
static void add_table_row(struct strbuf *sb, const char *text, const size_t *a, const size_t *b, size_t n, char sep,
			  bool header)
{
	strbuf_addch(sb, '|');
	for (size_t i = 0; i < n; i++) {
		strbuf_addch(sb, ' ');
		if (header)
			strbuf_add(sb, text + a[i], b[i] - a[i]);
		else
			add_value(sb, text, a[i], b[i], sep);
		strbuf_adds(sb, " |");
	}
	strbuf_addch(sb, '\n');
}

char *rd_flatten_csv(const char *text, size_t len, size_t *out_len)
{
	for (size_t la = 0; la < len;) {
		const char *nl = memchr(text + la, '\n', len - la);
		size_t lb = nl ? (size_t)(nl - text) : len;
		char sep = 0;
		for (const char *s = ",;\t"; *s && !sep; s++)
			if (memchr(text + la, *s, lb - la))
				sep = *s;
		/* "cluster | nodes | hours" without the outer bars and the rule line of a markdown table */
		size_t lead = la;
		while (lead < lb && (text[lead] == ' ' || text[lead] == '\t'))
			lead++;
		if (!sep && lead < lb && text[lead] != '|' && memchr(text + la, '|', lb - la))
			sep = '|';
		size_t ha[MAX_CELLS], hb[MAX_CELLS];
		size_t n = sep ? split_cells(text, la, lb, sep, ha, hb) : 0;
		size_t keys = 0;
		/* (a table of bars or tabs needs two field names, a line of commas three) */
		size_t need = sep == '|' || sep == '\t' ? 2 : 3;
		bool all_words = n >= need;
		for (size_t i = 0; i < n && all_words; i++) {
			enum vkey k = header_key(text, ha[i], hb[i]);
			keys += k != VK_NONE;
			all_words = hb[i] > ha[i] && isalpha((unsigned char)text[ha[i]]);
		}
		if (!nl || !all_words || keys < need || 2 * keys < n) {
			la = lb + 1;
			continue;
		}
		/* the one row under it: the next line; a second row after it makes several jobs */
		size_t ra = lb + 1;
		const char *rnl = memchr(text + ra, '\n', len - ra);
		size_t rb = rnl ? (size_t)(rnl - text) : len;
		size_t va[MAX_CELLS], vb[MAX_CELLS];
		size_t m = split_cells(text, ra, rb, sep, va, vb);
		if (m != n)
			return NULL;
		/* several rows: a markdown table of them, whose row the text picks (table_rows.c) */
		size_t end = rb;
		size_t nrows = 1;
		while (end < len) {
			size_t na = end + 1;
			const char *nnl = memchr(text + na, '\n', len - na);
			size_t nb = nnl ? (size_t)(nnl - text) : len;
			size_t xa[MAX_CELLS], xb[MAX_CELLS];
			if (nb <= na || split_cells(text, na, nb, sep, xa, xb) != n || !row_fits(text, ha, hb, xa, xb, n))
				break;
			end = nb, nrows++;
		}
		struct strbuf sb;
		strbuf_init(&sb);
		strbuf_add(&sb, text, la);
		if (nrows > 1) {
			if (sep != '|' && memchr(text + la, '|', end - la)) {
				strbuf_release(&sb);
				return NULL; /* (a bar in a cell would split it) */
			}
			add_table_row(&sb, text, ha, hb, n, sep, true);
			for (size_t i = 0; i < n; i++)
				strbuf_adds(&sb, i ? "---|" : "|---|");
			strbuf_addch(&sb, '\n');
			for (size_t ra2 = lb + 1; ra2 < end;) {
				const char *nnl = memchr(text + ra2, '\n', end - ra2);
				size_t nb = nnl ? (size_t)(nnl - text) : end;
				size_t xa[MAX_CELLS], xb[MAX_CELLS];
				split_cells(text, ra2, nb, sep, xa, xb);
				add_table_row(&sb, text, xa, xb, n, sep, false);
				ra2 = nb + 1;
			}
			rb = end;
		} else {
			for (size_t i = 0; i < n; i++) {
				if (vb[i] == va[i])
					continue;
				add_key(&sb, text, ha[i], hb[i]);
				strbuf_adds(&sb, ": ");
				add_value(&sb, text, va[i], vb[i], sep);
				strbuf_addch(&sb, '\n');
			}
		}
		if (rb < len)
			strbuf_add(&sb, text + rb + 1, len - rb - 1);
		*out_len = sb.len;
		return strbuf_detach(&sb);
	}
	return NULL;
}
