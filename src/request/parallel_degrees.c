/* parallel_degrees.c - the GPUs a request gives through its model's parallelism: "Megatron run with TP=4,
 * PP=2, DP=2" (16 GPUs), "tensor parallel 8 x data parallel 2" (16), "TP 8 within a node, PP 4, DP 4"
 * (128), "8-way tensor parallelism, 2-way data parallel". The product of the degrees is the job's world
 * size only when the data-parallel degree is stated beside at least one other (tensor, pipeline or
 * context parallel): "TP=4, PP=2" alone leaves the data-parallel replicas, so the GPUs, unsaid. Degrees
 * on a command line ("--tensor-model-parallel-size 4") are the program's arguments, not read here. */
#include "reader.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { DEG_TP, DEG_PP, DEG_DP, DEG_CP, DEG_N };

/* Which degree a word names: "tp", "tensor", "pp", "pipeline", "dp", "data", "cp", "context"; -1 none. */
static int degree_word(const char *w, size_t n, bool *abbrev)
{
	static const char *const abbr[DEG_N] = {"tp", "pp", "dp", "cp"};
	static const char *const full[DEG_N] = {"tensor", "pipeline", "data", "context"};
	for (int d = 0; d < DEG_N; d++) {
		if (n == 2 && !strncasecmp(w, abbr[d], 2)) {
			*abbrev = true;
			return d;
		}
		size_t fl = strlen(full[d]);
		/* "tensor", "tensor-parallel", "tensor-model-parallel" (not "data-parallel" as one word: below) */
		if (n >= fl && !strncasecmp(w, full[d], fl) && (n == fl || w[fl] == '-')) {
			*abbrev = false;
			return d;
		}
	}
	return -1;
}

/* A count word at s[p] (digits only, at most 4): its value and the end of it; 0 when none. */
static int count_at(const char *s, size_t p, size_t e, size_t *end)
{
	size_t q = p;
	while (q < e && isdigit((unsigned char)s[q]) && q - p < 5)
		q++;
	if (q == p || (q < e && (isalnum((unsigned char)s[q]) || (s[q] == '.' && q + 1 < e && isdigit((unsigned char)s[q + 1])))))
		return 0;
	*end = q;
	return atoi(s + p);
}

static size_t skip_blank(const char *s, size_t p, size_t e)
{
	while (p < e && (s[p] == ' ' || s[p] == '\t' || s[p] == '=' || s[p] == ':'))
		p++;
	return p;
}

/* The degrees stated on the line [a, e): deg[d] > 0 where said; *first and *last their text span. */
static void read_line(const char *s, size_t a, size_t e, int *deg, size_t *first, size_t *last)
{
	for (size_t p = a; p < e;) {
		if (!isalnum((unsigned char)s[p])) {
			p++;
			continue;
		}
		size_t w = p;
		while (w < e && (isalnum((unsigned char)s[w]) || s[w] == '-'))
			w++;
		bool abbrev = false;
		/* "8-way tensor parallel", "2-way data parallelism" */
		size_t ne;
		int way = 0;
		if (isdigit((unsigned char)s[p]) && w - p > 4 && !strncasecmp(s + w - 4, "-way", 4)) {
			way = count_at(s, p, w - 4, &ne);
			size_t q = skip_blank(s, w, e), qw = q;
			while (qw < e && (isalnum((unsigned char)s[qw]) || s[qw] == '-'))
				qw++;
			int d = degree_word(s + q, qw - q, &abbrev);
			if (way > 0 && d >= 0 && !abbrev && !deg[d]) {
				deg[d] = way;
				*first = *first < p ? *first : p;
				*last = qw > *last ? qw : *last;
			}
			p = w;
			continue;
		}
		/* "TP4", "tp8": the abbreviation glued to its count */
		if (w - p >= 3 && w - p <= 6 && isalpha((unsigned char)s[p]) && isalpha((unsigned char)s[p + 1]) &&
		    isdigit((unsigned char)s[p + 2])) {
			int d = degree_word(s + p, 2, &abbrev);
			size_t end;
			int v = d >= 0 ? count_at(s, p + 2, w, &end) : 0;
			if (v > 0 && end == w && !deg[d]) {
				deg[d] = v;
				*first = *first < p ? *first : p;
				*last = w > *last ? w : *last;
			}
			p = w;
			continue;
		}
		int d = degree_word(s + p, w - p, &abbrev);
		if (d < 0) {
			p = w;
			continue;
		}
		size_t q = w;
		if (!abbrev) {
			/* "tensor parallel", "tensor parallelism (of)", "tensor-parallel size", "data parallel degree" */
			bool parallel = false; /* in the word itself: "tensor-parallel", "data-parallel" */
			for (size_t k = p; k + 8 <= w && !parallel; k++)
				parallel = !strncasecmp(s + k, "parallel", 8);
			if (!parallel) {
				size_t r = skip_blank(s, w, e), rw = r;
				while (rw < e && isalpha((unsigned char)s[rw]))
					rw++;
				if (!(rw - r >= 8 && !strncasecmp(s + r, "parallel", 8)))
					goto next;
				q = rw;
			}
			for (int k = 0; k < 2; k++) { /* "size", "degree", "of" */
				size_t r = skip_blank(s, q, e), rw = r;
				while (rw < e && isalpha((unsigned char)s[rw]))
					rw++;
				if ((rw - r == 4 && !strncasecmp(s + r, "size", 4)) || (rw - r == 6 && !strncasecmp(s + r, "degree", 6)) ||
				    (rw - r == 2 && !strncasecmp(s + r, "of", 2)))
					q = rw;
			}
		}
		{
			size_t r = skip_blank(s, q, e), end;
			int v = count_at(s, r, e, &end);
			if (v > 0 && !deg[d]) {
				deg[d] = v;
				*first = *first < p ? *first : p;
				*last = end > *last ? end : *last;
				p = end;
				continue;
			}
		}
next:
		p = w;
	}
}

void rd_read_parallel_degrees(struct ctx *c)
{
	int deg[DEG_N] = {0};
	size_t first = c->len, last = 0;
	for (size_t la = 0; la < c->len;) {
		const char *nl = memchr(c->nl + la, '\n', c->len - la);
		size_t lb = nl ? (size_t)(nl - c->nl) : c->len;
		/* (a command line's degrees are its program's arguments; a pasted script's are its own; a line
		 * the working copy blanked whole is a tool's output or struck out; the words are read as written,
		 * since a form may have taken the line: "Frontier: TP 8, PP 4, DP 4") */
		bool blanked = true;
		for (size_t k = la; k < lb && blanked; k++)
			blanked = isspace((unsigned char)c->nl[k]);
		if (!blanked && !rd_command_line_at(c, la) && !rd_in_pasted_script(c, la))
			read_line(c->text, la, lb, deg, &first, &last);
		la = lb + 1;
	}
	if (!deg[DEG_DP] || !(deg[DEG_TP] || deg[DEG_PP] || deg[DEG_CP]))
		return;
	long total = 1;
	for (int d = 0; d < DEG_N; d++)
		if (deg[d])
			total *= deg[d];
	if (total < 2 || total > 100000)
		return;
	size_t a = c->n, b = c->n;
	for (size_t k = 0; k < c->n; k++) {
		if (a == c->n && c->t[k].end > first)
			a = k;
		if (c->t[k].start < last)
			b = k;
	}
	if (a >= c->n || b >= c->n || b < a)
		return;
	for (size_t k = a; k <= b; k++)
		c->t[k].used = true; /* the degrees are no counts of their own */
	rd_say_total(c, (int)total, a, b);
	request_warn(c->req, "%ld GPUs: the product of the parallel degrees the request states (tensor %d x pipeline %d x "
			     "data %d%s)",
		     total, deg[DEG_TP] ? deg[DEG_TP] : 1, deg[DEG_PP] ? deg[DEG_PP] : 1, deg[DEG_DP],
		     deg[DEG_CP] ? " x context" : "");
}
