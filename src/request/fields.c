/* fields.c - the reader's form layer: YAML-like "key: value" lines, bullets, "|" and " / " separated
 * forms, inline key=value words and multi-line values; each field is applied in form_apply.c, JSON
 * objects and tables are read in form_blocks.c. Key synonyms come from the lexicon (data/lexicon); what a
 * field states outranks prose, and every consumed key and value is blanked so that the prose layers do
 * not read it again. */
#include "form.h"
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool is_hspace(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* --------------------------------------------------------------------------------------------- */
/* key: value and key=value in lines */

static bool key_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_' || ch == '-' || ch == '/' || ch == '.';
}

/* The longest run of up to 4 words ending at text[e] (exclusive) that is a known key; its start in
 * *ka. Words are separated by single spaces and stop at a separator or the line start. */
/* Whether the word before a (on its line) is one that makes a key word after it prose ("this time:",
 * "next time:", "each node:", "everything but the time:"). */
static bool prose_determiner_before(const char *s, size_t line_a, size_t a)
{
	static const char *const det[] = {"this", "that", "next", "last", "each", "every", "same", "first", "the", "but",
					  "except", NULL}; /* "keep everything but the time: it needs 20 hours" */
	size_t e = a;
	while (e > line_a && is_hspace(s[e - 1]))
		e--;
	if (e == a)
		return false;
	size_t b = e;
	while (b > line_a && isalpha((unsigned char)s[b - 1]))
		b--;
	for (int i = 0; det[i]; i++)
		if (e - b == strlen(det[i]) && !strncasecmp(s + b, det[i], e - b))
			return true;
	return false;
}

static enum vkey key_before(const struct ctx *c, size_t line_a, size_t e, size_t *ka, char *key, size_t cap)
{
	const char *s = c->nl;
	size_t starts[5];
	size_t nw = 0, p = e;
	while (p > line_a && is_hspace(s[p - 1]))
		p--;
	/* "walltime (h): 5", "time [min]: 90": the unit in brackets after the key, kept in the key's name for
	 * its unit (form_apply.c's key_unit) */
	size_t unit_end = 0;
	if (p > line_a + 3 && (s[p - 1] == ')' || s[p - 1] == ']')) {
		size_t q = p - 1;
		while (q > line_a && q + 12 > p && isalpha((unsigned char)s[q - 1]))
			q--;
		if (q > line_a + 1 && q < p - 1 && (s[q - 1] == '(' || s[q - 1] == '[') && is_hspace(s[q - 2])) {
			unit_end = p;
			p = q - 2;
			while (p > line_a && is_hspace(s[p - 1]))
				p--;
		}
	}
	if (p == e && e > line_a && !key_char(s[e - 1]))
		return VK_NONE;
	size_t end = p;
	while (nw < 4 && p > line_a) {
		size_t we = p;
		while (p > line_a && key_char(s[p - 1]))
			p--;
		if (p == we)
			break;
		starts[nw++] = p;
		if (p > line_a && s[p - 1] == ' ' && p - 1 > line_a && key_char(s[p - 2]))
			p--;
		else if (p >= line_a + 4 && s[p - 1] == ' ' && (s[p - 2] == '+' || s[p - 2] == '&') && s[p - 3] == ' ' &&
			 key_char(s[p - 4]))
			p -= 3; /* "Script + args:", "Nodes & GPUs:" */
		else
			break;
	}
	for (size_t w = nw; w > 0; w--) {
		size_t a = starts[w - 1];
		if (a > line_a && !(isspace((unsigned char)s[a - 1]) || strchr("|,;({*•-\"'", s[a - 1])))
			continue;
		snprintf(key, cap, "%.*s", (int)(end - a), s + a);
		enum vkey k = vocab_key(key);
		if (k != VK_NONE) {
			if (prose_determiner_before(s, line_a, a))
				return VK_NONE; /* "run on DeltaAI this time: 3 nodes, ...": prose, no "time:" key */
			if (unit_end)
				snprintf(key, cap, "%.*s", (int)(unit_end - a), s + a);
			*ka = a;
			return k;
		}
	}
	return VK_NONE;
}

static bool is_separator_at(const char *s, size_t i, size_t end)
{
	if (s[i] == '|' || s[i] == ';')
		return true;
	/* " / " between fields (not a path) */
	return s[i] == '/' && i > 0 && s[i - 1] == ' ' && i + 1 < end && s[i + 1] == ' ';
}

/* The end of a value that starts at a: the next separator, the next "key:"/"key=" of the same line
 * (when stop_at_keys), or the line end; quotes are skipped whole. */
static size_t value_end(const struct ctx *c, size_t a, size_t line_b, bool eq_form, bool to_line_end)
{
	const char *s = c->nl;
	size_t i = a;
	while (i < line_b) {
		char ch = s[i];
		if ((ch == '"' || ch == '\'') && (i == a || isspace((unsigned char)s[i - 1]) || s[i - 1] == '=')) {
			size_t e = form_string_end(s, i, line_b);
			if (e) {
				i = e;
				continue;
			}
		}
		if (!to_line_end && is_separator_at(s, i, line_b))
			break;
		if (eq_form && !to_line_end && (isspace((unsigned char)ch) || ch == ','))
			break;
		if (!to_line_end && ch == ',' && i + 1 < line_b && s[i + 1] == ' ') {
			/* ", key: ..." or ", key=..." ends the value */
			size_t k = i + 2, ke = k;
			while (ke < line_b && key_char(s[ke]))
				ke++;
			if (ke < line_b && (s[ke] == ':' || s[ke] == '=')) {
				char key[64];
				snprintf(key, sizeof(key), "%.*s", (int)(ke - k), s + k);
				if (vocab_key(key) != VK_NONE)
					break;
			}
			/* ", project DeepEcho", ", account m1234", ", queue debug": a field said in words after a
			 * comma ends the value before it ("Script: train.py --data x, project DeepEcho.") */
			if (ke < line_b && s[ke] == ' ' && ke - k >= 4 && ke - k < 16) {
				char key[64];
				snprintf(key, sizeof(key), "%.*s", (int)(ke - k), s + k);
				enum vkey vk = vocab_key(key);
				if ((vk == VK_ACCOUNT || vk == VK_QUEUE) && ke + 1 < line_b && isalnum((unsigned char)s[ke + 1]))
					break;
			}
		}
		if (!to_line_end && (ch == ':' || ch == '=') && i > a) {
			/* another "key:" starts here: back up to its start */
			size_t ka;
			char key[64];
			if (key_before(c, a, i, &ka, key, sizeof(key)) != VK_NONE && ka > a &&
			    (s[ka - 1] == ' ' || s[ka - 1] == ',') && (ch == '=' || i + 1 >= line_b || s[i + 1] == ' ')) {
				/* the separator typed before the next key goes too ("hours: 2 -- acct: m1") */
				size_t e = ka;
				for (;;) {
					if (e > a && (s[e - 1] == ' ' || s[e - 1] == ',' || s[e - 1] == '-' || s[e - 1] == '|'))
						e--;
					else if (e >= a + 3 && !strncmp(s + e - 3, "\xe2\x80", 2) &&
						 ((unsigned char)s[e - 1] == 0x93 || (unsigned char)s[e - 1] == 0x94))
						e -= 3; /* an en or em dash */
					else
						break;
				}
				return e;
			}
		}
		i++;
	}
	return i;
}

/* Whether a correction cue (data/lexicon's correction_cues: "go with", "make it", "actually") followed by a
 * number and its unit stands in [from, lb): the value before it is taken back. */
static bool correction_later(const struct ctx *c, size_t from, size_t lb)
{
	const char *const *cues;
	size_t ncues = vocab_list(VL_CORRECTION, &cues);
	const char *s = c->nl;
	for (size_t i = from; i < lb; i++) {
		if (i > from && isalnum((unsigned char)s[i - 1]))
			continue;
		for (size_t q = 0; q < ncues; q++) {
			size_t l = strlen(cues[q]);
			if (l < 3 || i + l >= lb || strncasecmp(s + i, cues[q], l) || isalnum((unsigned char)s[i + l]))
				continue;
			/* (a number with its unit: "make it 6" alone is the form's own inline correction) */
			for (size_t k = i + l; k < lb && k < i + l + 16; k++)
				if (isdigit((unsigned char)s[k])) {
					size_t u = k;
					while (u < lb && (isdigit((unsigned char)s[u]) || s[u] == '.'))
						u++;
					while (u < lb && s[u] == ' ')
						u++;
					return u < lb && isalpha((unsigned char)s[u]);
				}
		}
	}
	return false;
}

/* Whether [a, b) starts with a number and a unit of time or size ("12h", "2 nodes", "90 min", "8 GPUs"):
 * the lexicon's unit words. */
static bool size_or_time_at(const char *s, size_t a, size_t b)
{
	size_t d = a;
	while (d < b && (isdigit((unsigned char)s[d]) || s[d] == '.'))
		d++;
	if (d == a)
		return false;
	if (d < b && s[d] == ' ')
		d++;
	size_t e = d;
	while (e < b && isalpha((unsigned char)s[e]))
		e++;
	char w[24];
	if (e == d || e - d >= sizeof(w) || (e < b && !strchr(" ,.;)", s[e])))
		return false;
	for (size_t i = d; i < e; i++)
		w[i - d] = (char)tolower((unsigned char)s[i]);
	w[e - d] = '\0';
	return duration_unit(w) > 0 || is_node_unit(w) || is_gpu_unit(w) || !strcmp(w, "gpu");
}

/* A value left empty on its line ("command:") continues on the indented lines below it. */
static size_t continuation_end(const struct ctx *c, size_t line_b)
{
	const char *s = c->nl;
	size_t e = line_b, p = line_b;
	while (p < c->len && s[p] == '\n') {
		size_t q = p + 1;
		if (q >= c->len || !is_hspace(s[q]))
			break;
		size_t r = q;
		while (r < c->len && s[r] != '\n')
			r++;
		e = p = r;
	}
	return e;
}

/* Form lines as people type them, made plain for read_lines: markdown emphasis ("**Nodes:** 2"), a
 * list's numbers ("2. nodes: 16"), and a spaced dash after a line's key ("Nodes - 2", "1. cluster –
 * Vista") read as the key's colon. Only the working copy changes (offsets are kept). */
static void plain_form_lines(struct ctx *c)
{
	char *s = c->nl;
	for (size_t la = 0; la < c->len;) {
		size_t lb = rd_line_end(c, la, NULL);
		size_t p = la;
		while (p < lb && is_hspace(s[p]))
			p++;
		size_t marker = p, q = p;
		while (q < lb && isdigit((unsigned char)s[q]))
			q++;
		if (q > p && q < lb && (s[q] == '.' || s[q] == ')') && q + 1 < lb && s[q + 1] == ' ')
			p = q + 1;
		else if (p + 1 < lb && strchr("-*+", s[p]) && s[p + 1] == ' ')
			p += 1;
		while (p < lb && is_hspace(s[p]))
			p++;
		if (p + 1 < lb && ((s[p] == '*' && s[p + 1] == '*') || (s[p] == '_' && s[p + 1] == '_'))) {
			bool code = false;
			char em = s[p];
			for (size_t i = p; i + 1 < lb; i++) {
				if (s[i] == '`')
					code = !code;
				if (!code && s[i] == em && s[i + 1] == em)
					s[i] = s[i + 1] = ' ', i++;
			}
			while (p < lb && is_hspace(s[p]))
				p++;
		}
		/* emphasis anywhere on the line ("🚀 **Frontier** run", "nodes: **16**"): the words themselves; code
		 * spans stay (a backquoted word is shell text: "account: `whoami`" is no name) */
		{
			bool code = false;
			for (size_t i = p; i < lb; i++) {
				if (s[i] == '`')
					code = !code;
				if (!code && i + 1 < lb && s[i] == '*' && s[i + 1] == '*') {
					/* a pair on this line: "**x**" */
					size_t q = i + 2;
					while (q + 1 < lb && !(s[q] == '*' && s[q + 1] == '*'))
						q++;
					if (q + 1 < lb && q > i + 2 && s[i + 2] != ' ' && s[q - 1] != ' ') {
						s[i] = s[i + 1] = s[q] = s[q + 1] = ' ';
						i = q + 1;
					}
				} else if (!code && i + 1 < lb && (s[i] == '*' || s[i] == '_') && s[i + 1] != s[i] && s[i + 1] != ' ' &&
					   (i == la || s[i - 1] == ' ' || s[i - 1] == '(')) {
					/* italics: "*6 hours*", "_two days_" (an underscore pair only around words with a space
					 * between them: "_init_" is a name) */
					size_t q = i + 1;
					bool space = false;
					while (q < lb && s[q] != s[i] && s[q] != '`')
						space = space || s[q] == ' ', q++;
					if (q < lb && s[q] == s[i] && s[q - 1] != ' ' && (q + 1 == lb || !isalnum((unsigned char)s[q + 1])) &&
					    (s[i] == '*' || space)) {
						s[i] = s[q] = ' ';
						i = q;
					}
				}
			}
		}
		/* the key: up to 4 words, then a colon or a spaced dash */
		size_t e = p;
		for (int w = 0; w < 4; w++) {
			size_t we = e;
			while (we < lb && ((key_char(s[we]) && s[we] != '-') || (we == e && w && (s[we] == '+' || s[we] == '&'))))
				we++; /* "Script + args:", "Nodes & GPUs:" */
			if (we == e)
				break;
			e = we;
			if (e + 1 < lb && s[e] == ' ' && ((key_char(s[e + 1]) && s[e + 1] != '-') || s[e + 1] == '+' || s[e + 1] == '&'))
				e++;
			else
				break;
		}
		size_t d = e;
		while (d < lb && is_hspace(s[d]))
			d++;
		size_t dl = 0;
		if (d > e && d + 1 < lb && s[d] == '-' && s[d + 1] == '-' && d + 2 < lb && s[d + 2] == ' ')
			dl = 2;
		else if (d > e && d + 1 < lb && s[d] == '-' && s[d + 1] == ' ')
			dl = 1;
		else if (d > e && d + 3 < lb && !strncmp(s + d, "\xe2\x80", 2) && ((unsigned char)s[d + 2] == 0x93 || (unsigned char)s[d + 2] == 0x94) && s[d + 3] == ' ')
			dl = 3; /* an en or em dash */
		else if (d < lb && s[d] == '|' && d + 1 < lb && s[d + 1] == ' ' && !memchr(s + d + 1, '|', lb - d - 1) &&
			 marker == p)
			dl = 1; /* a two-column table without its outer bars: "nodes  | 3", "time   | 1d 6h" */
		char key[64];
		bool is_key = e > p && e - p < sizeof(key);
		if (is_key) {
			snprintf(key, sizeof(key), "%.*s", (int)(e - p), s + p);
			is_key = vocab_key(key) != VK_NONE;
		}
		if (is_key && dl) {
			s[d] = ':';
			for (size_t i = d + 1; i < d + dl; i++)
				s[i] = ' ';
		}
		if (is_key && (dl || (e < lb && s[e] == ':')) && marker < p && isdigit((unsigned char)s[marker]))
			for (size_t i = marker; i < p; i++)
				s[i] = ' ';
		la = lb + 1;
	}
}

/* The length of an arrow typed between a key and its value at i ("nodes -> 2", "time => 3h",
 * "gpus/node → 4", "-->", "⇒"), or 0. */
static size_t arrow_len(const char *s, size_t i, size_t lb)
{
	if (i + 2 < lb && s[i] == '-' && s[i + 1] == '-' && s[i + 2] == '>')
		return 3;
	if (i + 1 < lb && (s[i] == '-' || s[i] == '=') && s[i + 1] == '>')
		return 2;
	if (i + 2 < lb && (unsigned char)s[i] == 0xe2 &&
	    (((unsigned char)s[i + 1] == 0x86 && (unsigned char)s[i + 2] == 0x92) || /* → */
	     ((unsigned char)s[i + 1] == 0x87 && (unsigned char)s[i + 2] == 0x92) || /* ⇒ */
	     ((unsigned char)s[i + 1] == 0x9f && (unsigned char)s[i + 2] == 0xb6))) /* ⟶ */
		return 3;
	return 0;
}

/* An arrow right after a known key ("nodes -> 2, gpus/node -> 4") is read as the key's colon, like
 * the spaced dash of plain_form_lines but anywhere in a line; an arrow after other words ("ssh ->
 * login node") is left alone. Only the working copy changes (offsets are kept). */
static void plain_arrow_keys(struct ctx *c)
{
	char *s = c->nl;
	for (size_t la = 0; la < c->len;) {
		size_t lb = rd_line_end(c, la, NULL);
		for (size_t i = la; i < lb; i++) {
			size_t n = arrow_len(s, i, lb);
			if (!n || i == la || (s[i - 1] == '-' && s[i] == '-'))
				continue;
			size_t after = i + n;
			if (after < lb && !isspace((unsigned char)s[after]) && !isalnum((unsigned char)s[after]))
				continue;
			size_t ka;
			char key[64];
			if (key_before(c, la, i, &ka, key, sizeof(key)) == VK_NONE)
				continue;
			s[i] = ':';
			for (size_t q = i + 1; q < after; q++)
				s[q] = ' ';
			i = after - 1;
		}
		la = lb + 1;
	}
}

/* Whether a count stands right before the key at ka ("2 nodes = 8 GPUs", "two nodes: 8 GPUs"), or
 * before the GPUs' model and qualifiers there ("6 PVC GPUs = 12 tiles", "4 A100 80GB GPUs: 8 in all"):
 * then the key's word is the count's noun, and what follows restates it in another unit, not a form's
 * value. */
static bool count_before_key(const char *s, size_t la, size_t ka)
{
	size_t e = ka;
	for (int words = 0; words < 3; words++) {
		size_t p = e;
		while (e > la && is_hspace(s[e - 1]))
			e--;
		if (e == p || e == la)
			return false;
		size_t b = e;
		while (b > la && (isalnum((unsigned char)s[b - 1]) || s[b - 1] == '-'))
			b--;
		if (b == e || (b > la && !isspace((unsigned char)s[b - 1]) && !strchr(",;(", s[b - 1])))
			return false;
		bool digits = true;
		for (size_t i = b; i < e; i++)
			digits = digits && isdigit((unsigned char)s[i]);
		if (digits)
			return true;
		char w[24];
		if (e - b >= sizeof(w))
			return false;
		for (size_t i = b; i < e; i++)
			w[i - b] = (char)tolower((unsigned char)s[i]);
		w[e - b] = '\0';
		if (number_word(w) > 0)
			return true;
		if (!vocab_gpu_model(w) && !vocab_gpu_qualifier(w))
			return false;
		e = b; /* a model or qualifier: the count may stand before it */
	}
	return false;
}

/* Whether the value at va is a count in another unit than key k's: "Anvil GPU: 1 node, 2 GPUs" (the
 * "GPU" names the node type), "nodes: 8 GPUs". */
static bool value_in_other_unit(const char *s, size_t va, size_t lb, enum vkey k)
{
	size_t p = va;
	while (p < lb && isalnum((unsigned char)s[p]))
		p++;
	if (p == va || p - va > 12)
		return false;
	char w[24];
	snprintf(w, sizeof(w), "%.*s", (int)(p - va), s + va);
	bool digits = true;
	for (const char *q = w; *q; q++)
		digits = digits && isdigit((unsigned char)*q);
	for (char *q = w; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	if (!digits && number_word(w) <= 0 && strcmp(w, "a") && strcmp(w, "one"))
		return false;
	while (p < lb && (is_hspace(s[p]) || s[p] == '-'))
		p++;
	size_t e = p;
	while (e < lb && (isalnum((unsigned char)s[e]) || s[e] == '/'))
		e++;
	if (e == p || e - p >= sizeof(w))
		return false;
	snprintf(w, sizeof(w), "%.*s", (int)(e - p), s + p);
	for (char *q = w; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	if (k == VK_NODES)
		return is_gpu_unit(w) || !strcmp(w, "gpu");
	return is_node_unit(w);
}

/* Whether the value at va is itself a field ("key=..." or "key: ..."): the word before it was a label
 * of the prose, not a key ("Submit to pm gpu: N=2, time=45min": "gpu" names the partition). */
static bool value_is_field(const char *s, size_t va, size_t lb)
{
	size_t e = va;
	while (e < lb && key_char(s[e]) && e - va < 40)
		e++;
	if (e == va || e >= lb || (s[e] != '=' && s[e] != ':'))
		return false;
	if (s[e] == ':' && (e + 1 >= lb || s[e + 1] != ' '))
		return false; /* "m1234:gpu", a time "2:00" */
	char key[48];
	snprintf(key, sizeof(key), "%.*s", (int)(e - va), s + va);
	return vocab_key(key) != VK_NONE;
}

/* Whether the key at ka is the first thing on its line (after a list marker): a form's line. */
static bool line_start_key(const char *s, size_t la, size_t ka)
{
	for (size_t i = la; i < ka; i++)
		if (!is_hspace(s[i]) && !strchr("-*+|>#(", s[i]))
			return false;
	return true;
}

/* Whether the value at va starts with something that runs: a program file, a path, an interpreter or
 * a launcher ("a Polaris script: 2 nodes, ..." names no program: the key is prose). */
static bool value_is_program(const char *s, size_t va, size_t lb)
{
	size_t e = va;
	while (e < lb && !isspace((unsigned char)s[e]) && s[e] != ',')
		e++;
	if (e == va)
		return false;
	char w[64];
	snprintf(w, sizeof(w), "%.*s", (int)(e - va), s + va);
	if (strchr(w, '.') || strchr(w, '/') || w[0] == '"' || w[0] == '\'' || w[0] == '`' || w[0] == '$' || w[0] == '~')
		return true;
	return rd_command_start_word(w) || !strcmp(w, "-m");
}

/* The end of the sentence that text[a, b) starts: before ". X", "! X" or "? X" (X a capital letter),
 * outside quotes and backticks; b when none. */
static size_t sentence_end(const char *s, size_t a, size_t b)
{
	char q = 0;
	for (size_t i = a; i + 2 < b; i++) {
		if (q) {
			if (s[i] == q)
				q = 0;
			continue;
		}
		if (s[i] == '"' || s[i] == '\'' || s[i] == '`') {
			if (i == a || isspace((unsigned char)s[i - 1]) || s[i - 1] == '=')
				q = s[i];
			continue;
		}
		if ((s[i] == '.' || s[i] == '!' || s[i] == '?') && s[i + 1] == ' ' && isupper((unsigned char)s[i + 2]) &&
		    !(s[i] == '.' && i > a && s[i - 1] == '.'))
			return i;
	}
	return b;
}

/* A YAML list under a key ("args:" then "  - --epochs" lines): its items, unquoted, in v->list. */
static void yaml_list(const struct ctx *c, size_t line_b, struct fvalue *v)
{
	const char *s = c->nl;
	struct strvec items = STRVEC_INIT;
	size_t p = line_b, end = line_b;
	while (p < c->len && s[p] == '\n') {
		size_t q = p + 1;
		while (q < c->len && is_hspace(s[q]))
			q++;
		if (q == p + 1 || q + 1 >= c->len || s[q] != '-' || s[q + 1] != ' ')
			break;
		size_t a = q + 2, r = a;
		while (r < c->len && s[r] != '\n')
			r++;
		size_t b = r;
		form_trim(s, &a, &b);
		if (b > a + 1 && (s[a] == '"' || s[a] == '\'') && s[b - 1] == s[a])
			a++, b--;
		char *item = xstrndup(s + a, b - a);
		strvec_push_nodup(&items, item);
		end = p = r;
	}
	if (!items.nr)
		return;
	strvec_clear(&v->list);
	v->list = items;
	v->is_list = true;
	v->a = line_b;
	v->b = end;
}

/* Whether s[ka] lies inside the parentheses of a call ("name(" before it, not closed before ka; the
 * call may span lines). */
static bool in_call(const char *s, size_t ka)
{
	int depth = 0;
	for (size_t p = ka, steps = 0; p > 0 && steps < 2000; p--, steps++) {
		char ch = s[p - 1];
		if (ch == ')') {
			depth++;
		} else if (ch == '(') {
			if (!depth)
				return p >= 2 && (isalnum((unsigned char)s[p - 2]) || s[p - 2] == '_');
			depth--;
		}
	}
	return false;
}

static void read_lines(struct ctx *c)
{
	const char *s = c->nl;
	size_t la = 0;
	while (la < c->len) {
		size_t lb = rd_line_end(c, la, NULL);
		size_t i = la;
		while (i < lb) {
			char ch = s[i];
			if (ch == '"' || ch == '\'' || ch == '`') {
				/* quoted text is a value, not a key: skip it whole */
				size_t e = form_string_end(s, i, lb);
				i = e ? e : i + 1;
				continue;
			}
			if (ch != ':' && ch != '=') {
				i++;
				continue;
			}
			bool eq = ch == '=';
			/* "http://", "12:00:00", "a=b" inside a command word are not keys; "nodes:2" is one when the
			 * word before the colon is a known key of three letters or more that starts a word */
			bool nospace = !eq && i + 1 < lb && !isspace((unsigned char)s[i + 1]);
			if (nospace && !(isalnum((unsigned char)s[i + 1]) || s[i + 1] == '"' || s[i + 1] == '\'' ||
					 s[i + 1] == '~' || s[i + 1] == '.' || s[i + 1] == '/')) {
				i++;
				continue;
			}
			size_t ka;
			char key[64];
			enum vkey k = key_before(c, la, i, &ka, key, sizeof(key));
			if (nospace && (k == VK_NONE || i - ka < 3 || strchr(key, ' ') ||
					(ka > la && !isspace((unsigned char)s[ka - 1])) || (i + 2 < lb && s[i + 1] == '/' && s[i + 2] == '/'))) {
				i++;
				continue;
			}
			if (nospace)
				eq = true; /* its value ends at the next space, as in key=value */
			if (k == VK_NONE || (eq && ka > la && !(isspace((unsigned char)s[ka - 1]) || strchr("|,;(", s[ka - 1]))) ||
			    ((k == VK_NODES || k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS) && count_before_key(s, la, ka))) {
				i++;
				continue;
			}
			/* "deepspeed.initialize(args=args, ...)", "notebook_launcher(fn, args=(model, 64))": a Python
			 * call's keyword argument holding a variable or a tuple, not the training script's arguments
			 * (a list or a string there is: KubernetesPodOperator(cmds=[...], arguments=[...])) */
			if (eq && k == VK_SCRIPT_ARGS && in_call(s, ka)) {
				size_t v = i + 1;
				while (v < lb && s[v] == ' ')
					v++;
				if (v < lb && !strchr("\"'[", s[v])) {
					i++;
					continue;
				}
			}
			/* "(arguments: --split test)": the value ends at the parenthesis the key opened */
			size_t line_end = lb;
			if (ka > la && s[ka - 1] == '(') {
				const char *close = memchr(s + i, ')', lb - i);
				if (close)
					lb = (size_t)(close - s);
			} else if (eq && in_call(s, ka)) {
				/* "update_parameters(nodes=2, timeout_min=120)": a keyword argument's value ends at the
				 * parenthesis that closes the call */
				int depth = 0;
				for (size_t q = i + 1; q < lb; q++) {
					if (s[q] == '"' || s[q] == '\'') {
						size_t e = form_string_end(s, q, lb);
						q = e ? e - 1 : q;
					} else if (s[q] == '(' || s[q] == '[' || s[q] == '{') {
						depth++;
					} else if ((s[q] == ')' || s[q] == ']' || s[q] == '}') && depth-- == 0) {
						lb = q;
						break;
					}
				}
			}
			/* a flag's "=" inside a command ("--nodes=2") is the launcher's, not a form's; a flag named
			 * in a sentence before a colon ("Ignore -N and -t: use 32 nodes") is prose */
			if ((eq && ka > 0 && s[ka] == '-') || (!eq && s[ka] == '-' && !line_start_key(s, la, ka))) {
				i++;
				continue;
			}
			size_t va = i + 1;
			while (va < lb && is_hspace(s[va]))
				va++;
			if (((k == VK_NODES || k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS) && value_in_other_unit(s, va, lb, k)) ||
			    (!eq && value_is_field(s, va, lb))) {
				i++;
				continue;
			}
			/* "A: let's do stampede3 with 2 nodes for 6h" / "B: can we go bigger?": a one-letter speaker's
			 * tag of a dialogue, not PBS's "A" key, when a sentence follows (three words or more) */
			if (!eq && i - ka == 1 && line_start_key(s, la, ka)) {
				int spaces = 0;
				for (size_t q = va; q < lb; q++)
					spaces += s[q] == ' ' && q > va && s[q - 1] != ' ';
				if (spaces >= 2) {
					i++;
					continue;
				}
			}
			/* "Please give me a Polaris script: 2 nodes, ...": the word is a noun of the prose */
			if ((k == VK_SCRIPT || k == VK_COMMAND) && !eq && !line_start_key(s, la, ka) && va < lb &&
			    !value_is_program(s, va, lb)) {
				i++;
				continue;
			}
			bool long_value = k == VK_SCRIPT_ARGS || k == VK_COMMAND || (k == VK_SCRIPT && !eq);
			bool quoted_value = va < lb && (s[va] == '"' || s[va] == '\'');
			bool to_eol = long_value && !(eq && quoted_value);
			size_t vb = va >= lb ? lb : value_end(c, va, lb, eq && !long_value, false);
			if (long_value && to_eol && va < lb) {
				/* a command runs to the next separator of the form or the line end */
				vb = value_end(c, va, lb, false, false);
				if (k == VK_COMMAND) {
					/* keep "--opt=value" words and "a, b" inside a command: only | ; and " / " end it,
					 * outside quotes ("--tag 'a b; c'" is one word) */
					size_t e = va;
					while (e < lb && !is_separator_at(s, e, lb)) {
						size_t q = (s[e] == '"' || s[e] == '\'') ? form_string_end(s, e, lb) : 0;
						e = q ? q : e + 1;
					}
					vb = e;
				}
			}
			if (long_value && va < lb && vb > va && !line_start_key(s, la, ka)) {
				vb = sentence_end(s, va, vb); /* "... takes these arguments: --fold 3. It is called x.py" */
				/* a program named in prose ends with its sentence ("It's a script: python train.py.
				 * account m1") */
				if (k == VK_SCRIPT || k == VK_COMMAND)
					for (size_t q = va; q + 2 < vb; q++) {
						/* ("Script: ~/proj/train.py. 12h, account m1": a number starts the next) */
						if (s[q] == '.' && s[q + 1] == ' ' && isalnum((unsigned char)s[q + 2]) &&
						    q > va && s[q - 1] != '.') { /* "mpiexec ... python x.py": elided options */
							vb = q;
							break;
						}
						/* "Script: train.py, 12h, account m1", "script: x.py, 2 nodes": a size or time
						 * said after a comma is the prose's */
						if (k == VK_SCRIPT && s[q] == ',' && s[q + 1] == ' ' && size_or_time_at(s, q + 2, vb)) {
							vb = q;
							break;
						}
					}
			}
			/* "entry point = `python gen.py --steps 1000`": a code span after "=" is the whole value */
			if (eq && (k == VK_SCRIPT || k == VK_COMMAND) && va < lb && s[va] == '`') {
				const char *close = memchr(s + va + 1, '`', lb - va - 1);
				if (close)
					vb = (size_t)(close - s) + 1;
			}
			/* "time: 3 hours, python gen.py": a time's value ends at a comma that no other number follows
			 * ("1 day, 6 hours" is one value) */
			if (k == VK_WALLTIME && !eq && vb > va)
				for (size_t q = va; q + 2 < vb; q++)
					if (s[q] == ',' && s[q + 1] == ' ' && !isdigit((unsigned char)s[q + 2])) {
						vb = q;
						break;
					}
			/* "Time: a day, maybe a day and a half; go with 36 hours": a correction of the value later in
			 * its line leaves the whole line to the prose reader, which lets the correction win */
			if (k == VK_WALLTIME && va < lb && correction_later(c, va, lb)) {
				i++;
				continue;
			}
			/* "time = 3 hours", "walltime=2 days": a number and its unit after the key's "=" (the value
			 * of "key=value" ends at a space, and a bare number there reads as Slurm's minutes) */
			if (eq && k == VK_WALLTIME && vb > va && vb < lb) {
				bool num = true;
				for (size_t q = va; q < vb && num; q++)
					num = isdigit((unsigned char)s[q]) || s[q] == '.';
				size_t ua = vb;
				while (ua < lb && is_hspace(s[ua]))
					ua++;
				size_t ub = ua;
				while (ub < lb && isalpha((unsigned char)s[ub]))
					ub++;
				char unit[24];
				if (num && ub > ua && ub - ua < sizeof(unit) && ua > vb) {
					for (size_t q = ua; q < ub; q++)
						unit[q - ua] = (char)tolower((unsigned char)s[q]);
					unit[ub - ua] = '\0';
					if (duration_unit(unit))
						vb = ub;
				}
			}
			/* a short value ends with its sentence too ("Allocation: VisionAI. Thanks!") */
			if (!long_value && va < lb && vb > va)
				vb = sentence_end(s, va, vb);
			if (eq && quoted_value && (k == VK_SCRIPT_ARGS || k == VK_COMMAND)) {
				size_t e = form_string_end(s, va, lb); /* args='--lr=3e-4 --warmup=500' */
				if (e)
					vb = e;
			}
			if (va >= lb && long_value)
				vb = continuation_end(c, lb), va = lb;
			struct fvalue v = {.a = va, .b = vb};
			strvec_init(&v.list);
			if (va >= lb && long_value && k == VK_SCRIPT_ARGS)
				yaml_list(c, lb, &v);
			if (k == VK_SCRIPT_ARGS && va < lb && s[va] == '[') {
				/* args: ["--model", "mistral-7b"] or [--lr, 1e-5]: a flow list, one word per element */
				size_t e = form_flow_list(s, va, lb, &v.list);
				if (e)
					v.is_list = true, v.b = vb = e;
				else
					strvec_clear(&v.list);
			}
			if (vb > va || long_value) {
				size_t e = form_apply(c, k, key, ka, &v, eq);
				if (e) {
					rd_blank(c, ka, e);
					if (lb < line_end && e >= lb)
						rd_blank(c, ka - 1, lb + 1);
				}
			} else {
				strvec_clear(&v.list);
			}
			strvec_clear(&v.list);
			i = vb > i ? vb : i + 1;
			lb = line_end;
		}
		la = lb + 1;
	}
}

/* The end of a known key that opens line [la, lb) and is followed by a run of at least two blanks (or a
 * tab) and a value ("walltime_h           7.5" in a pandas Series, "nodes\t3" from `column -t`); 0 when
 * the line is not such a row. */
static size_t aligned_key_end(const struct ctx *c, size_t la, size_t lb)
{
	const char *s = c->nl;
	size_t p = la;
	while (p < lb && is_hspace(s[p]))
		p++;
	size_t a = p;
	while (p < lb && key_char(s[p]))
		p++;
	if (p == a || p + 1 >= lb || !(c->text[p] == '\t' || (s[p] == ' ' && s[p + 1] == ' ')))
		return 0;
	size_t v = p;
	while (v < lb && is_hspace(s[v]))
		v++;
	if (v >= lb || s[v] == '=' || s[v] == ':')
		return 0; /* ("cluster  = \"bridges2\"": the key's own separator follows) */
	size_t ka;
	char key[64];
	return key_before(c, la, p, &ka, key, sizeof(key)) != VK_NONE && ka == a ? p : 0;
}

/* Rows of a known key and its value aligned in columns, two or more in a row: read as "key: value" (only
 * the working copy changes, offsets are kept). */
static void aligned_key_columns(struct ctx *c)
{
	size_t ends[64], n = 0;
	for (size_t la = 0; la <= c->len;) {
		size_t lb = rd_line_end(c, la, NULL);
		size_t e = la < c->len ? aligned_key_end(c, la, lb) : 0;
		if (e && n < sizeof(ends) / sizeof(*ends)) {
			ends[n++] = e;
		} else {
			for (size_t k = 0; n >= 2 && k < n; k++)
				c->nl[ends[k]] = ':';
			n = 0;
			if (e)
				ends[n++] = e;
		}
		if (lb >= c->len)
			break;
		la = lb + 1;
	}
	for (size_t k = 0; n >= 2 && k < n; k++)
		c->nl[ends[k]] = ':';
}

void rd_read_fields(struct ctx *c)
{
	plain_form_lines(c);
	aligned_key_columns(c);
	plain_arrow_keys(c);
	rd_blank_unchosen_items(c);
	rd_blank_unchosen_lines(c);
	form_read_objects(c);
	form_read_tables(c);
	rd_read_heading_fields(c);
	read_lines(c);
}

/* --------------------------------------------------------------------------------------------- */

int rd_duration_value(const struct ctx *c, const char *s, size_t len)
{
	/* colon forms first: 12:00:00, 1-12:00:00, 00:45:00, 1:30 */
	char buf[64];
	size_t a = 0, b = len;
	while (a < b && isspace((unsigned char)s[a]))
		a++;
	while (b > a && (isspace((unsigned char)s[b - 1]) || s[b - 1] == '"' || s[b - 1] == '\'' || s[b - 1] == ','))
		b--;
	if (b - a < sizeof(buf) && memchr(s + a, ':', b - a)) {
		snprintf(buf, sizeof(buf), "%.*s", (int)(b - a), s + a);
		int colons = 0;
		for (char *p = buf; *p; p++)
			colons += *p == ':';
		if (colons == 1 && !strchr(buf, '-')) {
			int h = 0, m = 0;
			char extra;
			if (sscanf(buf, "%6d:%2d%c", &h, &m, &extra) == 2 && m < 60 && h >= 0)
				return h * 60 + m;
			return 0;
		}
		int m = parse_walltime(buf);
		return m > 0 ? m : 0;
	}
	/* words: read them as prose that follows "time" */
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "time ");
	strbuf_add(&sb, s + a, b - a);
	struct request tmp;
	request_init(&tmp);
	struct ctx t = {0};
	t.text = sb.buf;
	t.len = sb.len;
	t.nl = xstrndup(sb.buf, sb.len);
	t.repo = c->repo;
	t.req = &tmp;
	rd_tokenize(&t);
	rd_read_walltime(&t);
	int m = tmp.walltime_min;
	free(t.nl);
	free(t.t);
	request_release(&tmp);
	strbuf_release(&sb);
	return m;
}
