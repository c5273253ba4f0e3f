/* hostfiles.c - a DeepSpeed or MPI hostfile pasted with the request ("gpua001 slots=4" per line, or an
 * MPICH/Intel MPI machine file's "node01:4"): its lines are the nodes the job ran on, its slots the GPUs
 * (ranks) per node. Read as weakly as another system's pasted header, so that the request's own words
 * ("but on 8 nodes") outrank it. */
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The slots of a hostfile line [p, lb): "host slots=N" (also "max_slots=" after it) or "host:N"; 0 when
 * the line is not one. A machine file's "name:N" needs a name with a digit that is no form key
 * ("nodes:4" is a form's field). */
static int host_line(const char *s, size_t p, size_t lb, bool *colon)
{
	while (p < lb && (s[p] == ' ' || s[p] == '\t'))
		p++;
	while (lb > p && (s[lb - 1] == ' ' || s[lb - 1] == '\t' || s[lb - 1] == '\r'))
		lb--;
	size_t e = p;
	while (e < lb && (isalnum((unsigned char)s[e]) || strchr("._-", s[e])))
		e++;
	if (e == p || e - p > 64 || !isalpha((unsigned char)s[p]))
		return 0;
	char name[72];
	memcpy(name, s + p, e - p);
	name[e - p] = '\0';
	bool digit = strpbrk(name, "0123456789") != NULL;
	if (e < lb && s[e] == ':' && digit) {
		char *end;
		long v = strtol(s + e + 1, &end, 10);
		for (char *q = name; *q; q++)
			*q = (char)tolower((unsigned char)*q);
		if (end == s + e + 1 || (size_t)(end - s) != lb || v < 1 || v > 64 || vocab_key(name) != VK_NONE)
			return 0;
		*colon = true;
		return (int)v;
	}
	size_t q = e;
	while (q < lb && (s[q] == ' ' || s[q] == '\t'))
		q++;
	if (q == e || lb - q < 7 || strncmp(s + q, "slots=", 6))
		return 0;
	char *end;
	long v = strtol(s + q + 6, &end, 10);
	if (end == s + q + 6 || v < 1 || v > 64)
		return 0;
	const char *r = end; /* " max_slots=N" may follow */
	while ((size_t)(r - s) < lb && (*r == ' ' || *r == '\t'))
		r++;
	if ((size_t)(r - s) < lb && strncmp(r, "max_slots=", 10))
		return 0;
	*colon = false;
	return (int)v;
}

static size_t tok_at_or_after(const struct ctx *c, size_t off)
{
	for (size_t k = 0; k < c->n; k++)
		if (c->t[k].end > off)
			return k;
	return c->n;
}

/* "one node per hostfile line", "a node per host", "1 node for each entry": how the hostfile maps to
 * nodes, not a node count (the count is the hostfile's lines). */
static void skip_per_line_words(struct ctx *c)
{
	static const char *const per_what[] = {"line", "lines", "entry", "entries", "host", "hosts", "hostfile",
					       "worker", "workers", "slot", NULL};
	for (size_t i = 0; i + 3 < c->n; i++) {
		if (!c->t[i].is_num || c->t[i].num != 1 || !is_node_unit(c->t[i + 1].norm))
			continue;
		size_t k = i + 2;
		if (rd_is(c, k, "per") || rd_is(c, k, "each"))
			k++;
		else if (rd_is(c, k, "for") && rd_is(c, k + 1, "each"))
			k += 2;
		else
			continue;
		for (size_t q = k; q < c->n && q <= k + 1; q++)
			if (rd_is_any(c, q, per_what)) {
				c->t[i].used = c->t[i + 1].used = true;
				break;
			}
	}
}

void rd_read_hostfiles(struct ctx *c)
{
	const char *s = c->nl;
	skip_per_line_words(c);
	for (size_t la = 0; la < c->len;) {
		int lines = 0, slots = 0;
		bool same = true, colon = false, any_colon = false;
		size_t first = la, last_end = la, lb = la;
		for (size_t l = la; l < c->len;) {
			const char *nl = memchr(s + l, '\n', c->len - l);
			size_t e = nl ? (size_t)(nl - s) : c->len;
			int v = host_line(s, l, e, &colon);
			if (!v)
				break;
			if (lines && v != slots)
				same = false;
			any_colon = any_colon || colon;
			slots = v;
			lines++;
			last_end = e;
			l = e + 1;
			lb = e;
		}
		if (!lines) {
			const char *nl = memchr(s + la, '\n', c->len - la);
			la = nl ? (size_t)(nl - s) + 1 : c->len;
			continue;
		}
		/* one "host slots=N" line is a hostfile; "name:N" lines need two or more */
		if (same && (lines >= 2 || !any_colon)) {
			size_t a = tok_at_or_after(c, first), b = tok_at_or_after(c, last_end - 1);
			if (a < c->n && b < c->n && !c->t[a].used && !c->t[a].source) {
				/* as a pasted script's header: it stands where the request states no size of its own */
				rd_state_nodes(c, lines, first, last_end, RK_COPIED);
				rd_state_gpn(c, slots, first, last_end, RK_COPIED);
				for (size_t k = a; k <= b; k++)
					c->t[k].used = true;
			}
		}
		la = lb + 1;
	}
}
