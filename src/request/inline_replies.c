/* inline_replies.c - a reply written line by line under the quoted lines it answers:
 *     > nodes: 8
 *     make it 12 - 8 nodes can't run longer than an hour there
 *     > walltime: 3h
 *     ok
 * Each quoted "key: value" line takes the value its reply gives (the reply's first number, with the
 * field's unit when the reply has none: "6 please", "only 2", "nodes -> 10"; a word after "use" or "->"
 * for a field of words: "shared is cheaper, use shared"), or keeps its own when the reply assents ("ok",
 * "yes", "fine") or gives nothing to take. The result is one flat message of fields: the reply's other
 * words, which speak of the old values ("8 nodes can't run longer ..."), are not read as the request's.
 * Replies that give no value and do not assent are kept after the fields as prose. */
#include "lexicon.h"
#include "reader.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct line {
	const char *s;
	size_t n;
	bool quoted; /* starts with '>' */
};

static size_t split_lines(const char *text, size_t len, struct line *out, size_t max)
{
	size_t n = 0;
	for (size_t a = 0; a <= len && n < max;) {
		const char *nl = memchr(text + a, '\n', len - a);
		size_t b = nl ? (size_t)(nl - text) : len;
		size_t p = a;
		while (p < b && (text[p] == ' ' || text[p] == '\t'))
			p++;
		out[n].quoted = p < b && text[p] == '>';
		while (p < b && (text[p] == '>' || text[p] == ' ' || text[p] == '\t'))
			p++;
		size_t e = b;
		while (e > p && isspace((unsigned char)text[e - 1]))
			e--;
		out[n].s = text + p;
		out[n].n = e - p;
		n++;
		if (!nl)
			break;
		a = b + 1;
	}
	return n;
}

/* "key: value" with a short key of letters (and '_', '-', ' '): where the value starts, 0 when not. */
static size_t field_value_at(const struct line *l)
{
	const char *c = memchr(l->s, ':', l->n);
	if (!c || c == l->s || (size_t)(c - l->s) > 24)
		return 0;
	for (const char *p = l->s; p < c; p++)
		if (!isalpha((unsigned char)*p) && *p != '_' && *p != '-' && *p != ' ')
			return 0;
	size_t v = (size_t)(c - l->s) + 1;
	while (v < l->n && l->s[v] == ' ')
		v++;
	return v < l->n ? v : 0;
}

static bool assents(const struct line *r)
{
	static const char *const yes[] = {"ok", "okay", "yes", "yep", "yeah", "fine", "good", "sure", "agreed", "correct",
					  "right", "confirmed", "same", "keep", "keep it", "as is", "looks good", "perfect",
					  "yes please", "\xf0\x9f\x91\x8d", "+1", "ack", "k", NULL};
	char w[32];
	size_t n = 0;
	for (size_t i = 0; i < r->n && n + 1 < sizeof(w); i++)
		if (!strchr(".!,", r->s[i]))
			w[n++] = (char)tolower((unsigned char)r->s[i]);
	w[n] = '\0';
	for (size_t k = 0; yes[k]; k++)
		if (!strcmp(w, yes[k]))
			return true;
	return false;
}

/* The first number of the reply's first clause with the letters glued to it ("12", "6h", "10"), into
 * out; false when none. */
static bool reply_number(const struct line *r, char *out, size_t cap)
{
	for (size_t i = 0; i < r->n; i++) {
		if (strchr(".;", r->s[i]) && (i + 1 >= r->n || r->s[i + 1] == ' '))
			return false; /* the first sentence only */
		if (!isdigit((unsigned char)r->s[i]) || (i > 0 && isalnum((unsigned char)r->s[i - 1])))
			continue;
		size_t e = i;
		while (e < r->n && (isalnum((unsigned char)r->s[e]) || r->s[e] == '.' || r->s[e] == ':'))
			e++;
		while (e > i && r->s[e - 1] == '.')
			e--;
		/* "90 min is enough": a duration's unit as the next word */
		size_t u = e, ue = e;
		if (u < r->n && r->s[u] == ' ' && strspn(r->s + i, "0123456789.") == e - i) {
			u++;
			ue = u;
			while (ue < r->n && isalpha((unsigned char)r->s[ue]))
				ue++;
			char w[16];
			if (ue > u && ue - u < sizeof(w)) {
				for (size_t k = 0; k < ue - u; k++)
					w[k] = (char)tolower((unsigned char)r->s[u + k]);
				w[ue - u] = '\0';
				if (duration_unit(w))
					e = ue;
			}
		}
		if (e - i + 1 > cap)
			return false;
		memcpy(out, r->s + i, e - i);
		out[e - i] = '\0';
		return true;
	}
	return false;
}

/* The word a reply puts for a field of words: after "use", "->", "switch to", "make it", "go with"; or
 * the reply's first word when the reply says it corrects ("DeltaAI actually, the GH200 one", "no,
 * Polaris", "shared instead"). */
static bool reply_word(const struct line *r, char *out, size_t cap)
{
	bool corrects = false;
	static const char *const marks[] = {"actually", "instead", "rather", NULL};
	for (size_t k = 0; marks[k] && !corrects; k++)
		for (size_t i = 0; i + strlen(marks[k]) <= r->n && !corrects; i++)
			corrects = !strncasecmp(r->s + i, marks[k], strlen(marks[k])) && (i == 0 || !isalpha((unsigned char)r->s[i - 1]));
	size_t a = 0;
	if (r->n >= 2 && !strncasecmp(r->s, "no", 2) && (r->n == 2 || !isalpha((unsigned char)r->s[2]))) {
		corrects = true;
		a = 2;
	}
	while (a < r->n && (r->s[a] == ' ' || r->s[a] == ',' || r->s[a] == '-' || r->s[a] == ':'))
		a++;
	if (corrects && a + 8 <= r->n && !strncasecmp(r->s + a, "actually", 8))
		a += 8;
	while (a < r->n && (r->s[a] == ' ' || r->s[a] == ',' || r->s[a] == '-' || r->s[a] == ':'))
		a++;
	size_t e = a;
	while (e < r->n && (isalnum((unsigned char)r->s[e]) || r->s[e] == '-' || r->s[e] == '_'))
		e++;
	if (corrects && e > a && e - a + 1 <= cap) {
		memcpy(out, r->s + a, e - a);
		out[e - a] = '\0';
		return true;
	}
	static const char *const cues[] = {"use ", "-> ", "switch to ", "make it ", "go with ", "rather ", NULL};
	for (size_t k = 0; cues[k]; k++) {
		size_t l = strlen(cues[k]);
		for (size_t i = 0; i + l < r->n; i++) {
			if (strncasecmp(r->s + i, cues[k], l) || (i > 0 && isalpha((unsigned char)r->s[i - 1])))
				continue;
			size_t a = i + l, e = a;
			while (e < r->n && (isalnum((unsigned char)r->s[e]) || r->s[e] == '-' || r->s[e] == '_'))
				e++;
			if (e == a || e - a + 1 > cap)
				continue;
			memcpy(out, r->s + a, e - a);
			out[e - a] = '\0';
			return true;
		}
	}
	return false;
}

char *rd_flatten_inline_replies(const char *text, size_t len, size_t *out_len)
{
	struct line l[128];
	size_t n = split_lines(text, len, l, 128);
	if (n >= 128)
		return NULL;
	/* the text opens with a quoted line (after at most three short lines of greeting: "Hi,", "see my answers
	 * below"), and at least two quoted fields have a reply right under them */
	size_t first = 0, lead = 0;
	while (first < n && (!l[first].n || (!l[first].quoted && l[first].n < 100 && lead < 3))) {
		lead += l[first].n > 0;
		first++;
	}
	if (first >= n || !l[first].quoted)
		return NULL;
	size_t pairs = 0;
	for (size_t i = 0; i + 1 < n; i++)
		pairs += l[i].quoted && field_value_at(&l[i]) && !l[i + 1].quoted && l[i + 1].n;
	if (pairs < 2)
		return NULL;
	struct strbuf out = STRBUF_INIT, prose = STRBUF_INIT;
	for (size_t i = 0; i < n; i++) {
		if (!l[i].n)
			continue;
		if (!l[i].quoted) {
			/* a reply under a quoted line that is not a field, or a line of its own: prose */
			strbuf_add(&prose, l[i].s, l[i].n);
			strbuf_adds(&prose, "\n");
			continue;
		}
		size_t v = field_value_at(&l[i]);
		const struct line *r = i + 1 < n && !l[i + 1].quoted && l[i + 1].n ? &l[i + 1] : NULL;
		if (!v || !r) {
			strbuf_add(&out, l[i].s, l[i].n);
			strbuf_adds(&out, "\n");
			continue;
		}
		const char *val = l[i].s + v;
		size_t vl = l[i].n - v;
		char got[64];
		bool numeric = isdigit((unsigned char)val[0]);
		bool taken = false;
		strbuf_add(&out, l[i].s, v);
		if (assents(r)) {
			strbuf_add(&out, val, vl);
			taken = true;
		} else if (numeric && reply_number(r, got, sizeof(got))) {
			strbuf_adds(&out, got);
			/* the field's unit when the reply gives a bare number ("3h" answered "6") */
			size_t d = 0;
			while (d < vl && (isdigit((unsigned char)val[d]) || val[d] == '.'))
				d++;
			bool bare = strspn(got, "0123456789.") == strlen(got); /* "90 min" is not */
			if (bare && d < vl && isalpha((unsigned char)val[d])) {
				size_t u = d;
				while (u < vl && isalpha((unsigned char)val[u]))
					u++;
				strbuf_add(&out, val + d, u - d);
			}
			taken = true;
		} else if (!numeric && reply_word(r, got, sizeof(got))) {
			strbuf_adds(&out, got);
			taken = true;
		} else {
			strbuf_add(&out, val, vl);
		}
		strbuf_adds(&out, "\n");
		if (!taken) {
			strbuf_add(&prose, r->s, r->n);
			strbuf_adds(&prose, "\n");
		}
		i++; /* the reply is read */
	}
	strbuf_add(&out, prose.buf, prose.len);
	strbuf_release(&prose);
	*out_len = out.len;
	return strbuf_detach(&out);
}
