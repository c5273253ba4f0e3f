/* chosen_commands.c - pasted material that offers several launch commands and the writer's words that
 * pick one of them:
 *     # single GPU (debugging)             train-small:                  | 4 GPUs | `torchrun ...` |
 *     python train.py ...                      torchrun --nproc_per_node=2   | 8 GPUs | `torchrun ...` |
 *     # multi-node (Slurm)                 train-large:
 *     srun torchrun --nnodes=4 ...             torchrun --nnodes=2 ...       (a) one node, ZeRO-2:
 *                                                                                deepspeed ...
 *     "the multi-node variant"             "the train-large target",     "the 8 GPU row", "variant (b)",
 *                                          "`make train-large`"          "option B", "the second command"
 * Each command's label is the text before it on its line ("Multi-node:   torchrun ...", "| 8 GPUs | `...")
 * or the short line above it (a comment, a heading ending in ':', a Makefile target, "Option B - ...",
 * "(b) ..."); a pick names a Makefile target, a command's place ("the second command", "the last one"),
 * its letter or number ("option B", "(b)", "command 3"), the words of its label ("the multi-node
 * variant", "the \"several machines\" one", "XL as listed") or a word of its line ("the variant that uses FSDP",
 * "the option that does not use DeepSpeed"). With exactly one command picked, the others
 * are blanked from the reader's working copy, and so are all labels (a label's "8 GPUs" describes a
 * recipe, not the ask) and the words that picked it; otherwise nothing changes. */
#include "reader.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_COMMANDS 12
#define MAX_WORDS 12

struct variant {
	size_t ls, le;		   /* the command's line: text[ls, le) */
	size_t cs;		   /* where the command starts on it (past a same-line label) */
	size_t la, lb;		   /* its label's own line (la == lb: none) */
	char target[48];	   /* a Makefile target's name, or "" */
	char mark[8];		   /* "b" of "(b)"/"Option B", "3" of "3." (lower case), or "" */
	char words[MAX_WORDS][24]; /* the label's words, normalized (see add_word) */
	size_t nwords;
	char whole[32]; /* the same-line label as written when it is one short word ("XL"), or "" */
};

static size_t line_end(const char *s, size_t a, size_t len)
{
	const char *nl = memchr(s + a, '\n', len - a);
	return nl ? (size_t)(nl - s) : len;
}

static size_t indent_of(const char *s, size_t a, size_t e)
{
	size_t p = a;
	while (p < e && (s[p] == ' ' || s[p] == '\t'))
		p++;
	return p - a + (p > a && s[a] == '\t' ? 8 : 0);
}

static bool blank_line(const char *s, size_t a, size_t e)
{
	for (size_t p = a; p < e; p++)
		if (!isspace((unsigned char)s[p]))
			return false;
	return true;
}

/* Whether a launch command starts at p: a word that starts one, followed by a blank and more. */
static bool command_at(const char *s, size_t p, size_t e)
{
	char w[24];
	size_t l = 0;
	while (p + l < e && l + 1 < sizeof(w) && (isalnum((unsigned char)s[p + l]) || s[p + l] == '.' || s[p + l] == '_' ||
						  s[p + l] == '-'))
		w[l] = (char)tolower((unsigned char)s[p + l]), l++;
	w[l] = '\0';
	if (!l || p + l >= e || (s[p + l] != ' ' && s[p + l] != '\t') || !islower((unsigned char)s[p]))
		return false;
	if (!rd_command_start_word(w) || !strcmp(w, "bash") || !strcmp(w, "sh"))
		return false;
	/* (a program or launcher option must follow: "python is fine" is prose) */
	for (size_t q = p + l; q + 1 < e; q++)
		if (s[q] == '-' || (s[q] == '.' && s[q + 1] == 'p' && q + 2 < e && s[q + 2] == 'y'))
			return true;
	return false;
}

/* Where a command starts on the line [a, e): at its first word (past blanks, a prompt, a bullet), after
 * a label that ends in ':' or '|' within its first 48 bytes, or after an opening backtick; e when none. */
static size_t command_start(const char *s, size_t a, size_t e)
{
	size_t p = a;
	while (p < e && (s[p] == ' ' || s[p] == '\t' || s[p] == '$' || s[p] == '>' || s[p] == '`'))
		p++;
	if ((s[p] == '-' || s[p] == '*') && p + 1 < e && s[p + 1] == ' ')
		p += 2;
	while (p < e && (s[p] == ' ' || s[p] == '\t' || s[p] == '`'))
		p++;
	if (command_at(s, p, e))
		return p;
	for (size_t q = p; q < e && q < p + 48; q++) {
		if (s[q] == ':' || s[q] == '|' || s[q] == '`') {
			size_t r = q + 1;
			while (r < e && (s[r] == ' ' || s[r] == '\t' || s[r] == '`' || s[r] == '|'))
				r++;
			if (r > q + 1 || s[q] == '`')
				if (command_at(s, r, e))
					return r;
		}
		if (s[q] == '=' || s[q] == '(' || s[q] == '"')
			break; /* an assignment or a call: not a label */
	}
	return e;
}

/* A label's word, normalized: lower case, a plural's 's' dropped ("nodes" -> "node", "GPUs" -> "gpu"),
 * "one" read as "1"; "multi" (and "multiple") joined to the word after it ("multi-node", "multi node",
 * "multinode", "multiple nodes"). */
static void add_word(struct variant *v, const char *w, size_t l)
{
	char b[24];
	if (!l || l >= sizeof(b))
		return;
	for (size_t i = 0; i < l; i++)
		b[i] = (char)tolower((unsigned char)w[i]);
	b[l] = '\0';
	if (l > 3 && b[l - 1] == 's' && b[l - 2] != 's')
		b[--l] = '\0';
	if (!strcmp(b, "one") || !strcmp(b, "single"))
		strcpy(b, "1");
	if (!strcmp(b, "multiple")) /* "For multiple GPUs:" is "the multi GPU line" */
		strcpy(b, "multi");
	if (v->nwords && !strcmp(v->words[v->nwords - 1], "multi")) {
		if (strlen("multi") + l < sizeof(v->words[0]))
			strcat(v->words[v->nwords - 1], b);
		return;
	}
	if (v->nwords < MAX_WORDS)
		snprintf(v->words[v->nwords++], sizeof(v->words[0]), "%s", b);
}

static void add_words(struct variant *v, const char *s, size_t a, size_t b)
{
	for (size_t p = a; p < b;) {
		while (p < b && !isalnum((unsigned char)s[p]))
			p++;
		size_t q = p;
		while (q < b && isalnum((unsigned char)s[q]))
			q++;
		add_word(v, s + p, q - p);
		p = q;
	}
}

/* A marker opening a label: "(b)", "b)", "B.", "3.", "3)", "Option B", "Variant 2", "Config A". */
static void read_mark(struct variant *v, const char *s, size_t a, size_t b)
{
	size_t p = a;
	while (p < b && (s[p] == ' ' || s[p] == '\t' || s[p] == '#' || s[p] == '-' || s[p] == '*'))
		p++;
	static const char *const named[] = {"option ", "variant ", "config ", "setup ", "recipe ", NULL};
	for (size_t i = 0; named[i]; i++)
		if (b - p > strlen(named[i]) && !strncasecmp(s + p, named[i], strlen(named[i]))) {
			p += strlen(named[i]);
			size_t q = p;
			while (q < b && isalnum((unsigned char)s[q]))
				q++;
			if (q > p && q - p <= 2)
				for (size_t k = 0; k < q - p; k++)
					v->mark[k] = (char)tolower((unsigned char)s[p + k]), v->mark[k + 1] = '\0';
			return;
		}
	bool paren = p < b && s[p] == '(';
	p += paren;
	size_t q = p;
	while (q < b && isalnum((unsigned char)s[q]) && q - p < 3)
		q++;
	if (q == p || q >= b || (q - p > 1 && !isdigit((unsigned char)s[p])))
		return;
	if (s[q] == ')' || (!paren && s[q] == '.' && (q + 1 >= b || s[q + 1] == ' ')))
		for (size_t k = 0; k < q - p; k++)
			v->mark[k] = (char)tolower((unsigned char)s[p + k]), v->mark[k + 1] = '\0';
}

/* A Makefile target line "name:" or "name: deps" (not "a: b" prose with blanks in the name, not ":="). */
static bool target_line(const char *s, size_t a, size_t e, char *out, size_t cap)
{
	size_t p = a;
	while (p < e && (isalnum((unsigned char)s[p]) || s[p] == '-' || s[p] == '_' || s[p] == '.' || s[p] == '/'))
		p++;
	if (p == a || p >= e || s[p] != ':' || (p + 1 < e && s[p + 1] == '=') || p - a >= cap || s[a] == '.')
		return false;
	memcpy(out, s + a, p - a);
	out[p - a] = '\0';
	return true;
}

/* The label line above the command at line [ls, le), if there is one: the previous line that is not
 * blank (at most one blank line between), short, not a command, and a comment, a heading that ends in
 * ':', a Makefile target, a marker's line, or a line the command is indented under. */
static void find_label_line(const char *s, size_t len, struct variant *v)
{
	(void)len;
	if (v->ls == 0)
		return;
	size_t e = v->ls - 1; /* the '\n' ending the line before */
	for (int skip = 0; skip < 2; skip++) {
		size_t a = e;
		while (a > 0 && s[a - 1] != '\n')
			a--;
		if (blank_line(s, a, e)) {
			if (a == 0)
				return;
			e = a - 1;
			continue;
		}
		if (e - a > 90 || command_start(s, a, e) < e)
			return;
		size_t p = a;
		while (p < e && (s[p] == ' ' || s[p] == '\t'))
			p++;
		size_t q = e;
		while (q > p && isspace((unsigned char)s[q - 1]))
			q--;
		char t[48];
		bool target = target_line(s, p, q, t, sizeof(t)) && p == a;
		bool label = target || s[p] == '#' || (q > p && s[q - 1] == ':') || s[p] == '(' ||
			     indent_of(s, v->ls, v->le) > indent_of(s, a, e);
		if (!label) {
			struct variant probe = {0};
			read_mark(&probe, s, p, q);
			label = probe.mark[0] != '\0';
		}
		if (!label)
			return;
		v->la = a, v->lb = e;
		if (target)
			snprintf(v->target, sizeof(v->target), "%s", t);
		read_mark(v, s, p, q);
		add_words(v, s, target ? p + strlen(t) + 1 : p, q);
		if (target)
			add_words(v, s, p, p + strlen(t));
		return;
	}
}

static size_t find_variants(const char *s, size_t len, struct variant *v)
{
	size_t n = 0;
	for (size_t a = 0; a < len;) {
		size_t e = line_end(s, a, len);
		size_t cs = command_start(s, a, e);
		if (cs < e) {
			if (n == MAX_COMMANDS)
				return 0; /* a long paste of commands: no recipe list to choose from */
			struct variant *x = &v[n++];
			memset(x, 0, sizeof(*x));
			x->ls = a, x->le = e, x->cs = cs;
			/* the same-line label: "Multi-node:", "| 8 GPUs |", "2. one node:", "XL:" */
			size_t p = a;
			while (p < cs && (s[p] == ' ' || s[p] == '\t' || s[p] == '-' || s[p] == '*' || s[p] == '|'))
				p++;
			size_t q = cs;
			while (q > p && (isspace((unsigned char)s[q - 1]) || s[q - 1] == '`' || s[q - 1] == '|' || s[q - 1] == ':'))
				q--;
			if (q > p) {
				read_mark(x, s, p, q);
				add_words(x, s, p, q);
				if (q - p < sizeof(x->whole) && q - p >= 1) {
					bool one_word = true;
					for (size_t k = p; k < q; k++)
						one_word = one_word && (isalnum((unsigned char)s[k]) || s[k] == '-' || s[k] == '_');
					if (one_word)
						memcpy(x->whole, s + p, q - p), x->whole[q - p] = '\0';
				}
			} else {
				find_label_line(s, len, x);
			}
		}
		a = e < len ? e + 1 : len;
	}
	return n;
}

/* Whether position p lies on one of the commands' lines or labels. */
static bool in_variants(const struct variant *v, size_t n, size_t p)
{
	for (size_t i = 0; i < n; i++)
		if ((p >= v[i].ls && p < v[i].le) || (p >= v[i].la && p < v[i].lb))
			return true;
	return false;
}

static bool word_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '-' || ch == '_';
}

static const char *const nouns[] = {"command",	"one",	   "variant", "version", "line",   "option",  "recipe",
				    "invocation", "way",   "setup",   "row",	 "target", "entry",   "example",
				    "config",	  "launch", "snippet", "mode",	 "section", "commands", NULL};

static int place_of(const char *w, size_t n)
{
	static const char *const places[] = {"first", "second", "third", "fourth", "fifth", "sixth", NULL};
	static const char *const nths[] = {"1st", "2nd", "3rd", "4th", "5th", "6th", NULL};
	for (int i = 0; places[i]; i++)
		if (!strcasecmp(w, places[i]) || !strcasecmp(w, nths[i]))
			return i + 1;
	if (!strcasecmp(w, "last") || !strcasecmp(w, "final"))
		return (int)n;
	return 0;
}

/* The words of the writer's text as (start, end) pairs, outside the commands and their labels. */
struct wspan {
	size_t a, b;
};

static size_t writer_words(const char *s, size_t len, const struct variant *v, size_t n, struct wspan *w, size_t cap)
{
	size_t k = 0;
	for (size_t p = 0; p < len && k < cap;) {
		if (!word_char(s[p]) || in_variants(v, n, p)) {
			p++;
			continue;
		}
		size_t q = p;
		while (q < len && (word_char(s[q]) || (s[q] == '.' && q + 1 < len && isalnum((unsigned char)s[q + 1]))))
			q++;
		w[k].a = p, w[k].b = q, k++;
		p = q;
	}
	return k;
}

static bool wis(const char *s, const struct wspan *w, const char *x)
{
	return w->b - w->a == strlen(x) && !strncasecmp(s + w->a, x, w->b - w->a);
}

/* Whether only blanks (and quotes) lie between two writer words: one phrase. */
static bool adjacent(const char *s, const struct wspan *x, const struct wspan *y)
{
	for (size_t p = x->b; p < y->a; p++)
		if (s[p] != ' ' && s[p] != '"' && s[p] != '\'' && s[p] != '`' && s[p] != '-')
			return false;
	return true;
}

/* Whether a variant's label holds every word of the pick [a, b) (at least one word). */
static bool label_holds(const char *s, const struct variant *v, const struct wspan *w, size_t a, size_t b)
{
	struct variant pick = {0};
	for (size_t i = a; i < b; i++)
		add_words(&pick, s, w[i].a, w[i].b);
	if (!pick.nwords)
		return false;
	for (size_t i = 0; i < pick.nwords; i++) {
		bool found = false;
		for (size_t j = 0; j < v->nwords && !found; j++)
			found = !strcmp(pick.words[i], v->words[j]);
		if (!found)
			return false;
	}
	return true;
}

static void note_pick(int *pick, bool *two, int k)
{
	if (*pick >= 0 && *pick != k)
		*two = true;
	*pick = k;
}

/* The command the writer picks, 0-based; -1 when none or more than one; [*ra, *rb) the picking words. */
/* After a noun at i: "(that) uses X", "using X", "that does not use X" within the next words of its clause; the
 * one command whose line holds X (negated: lacks it), else -1. */
static int uses_pick(const char *s, const struct wspan *w, size_t nw, size_t i, const struct variant *v, size_t n)
{
	for (size_t j = i + 1; j + 1 < nw && j <= i + 6; j++) {
		for (size_t q = w[j - 1].b; q < w[j].a; q++)
			if (strchr(",.;:\n", s[q]))
				return -1;
		bool use = wis(s, &w[j], "uses") || wis(s, &w[j], "using") || wis(s, &w[j], "use");
		if (!use)
			continue;
		bool neg = wis(s, &w[j], "use") && (wis(s, &w[j - 1], "not") || wis(s, &w[j - 1], "doesn't") || wis(s, &w[j - 1], "doesnt"));
		if (wis(s, &w[j], "use") && !neg)
			return -1;
		size_t x = j + 1;
		if (x < nw && (wis(s, &w[x], "the") || wis(s, &w[x], "a")))
			x++;
		if (x >= nw)
			return -1;
		size_t xa = w[x].a, xl = w[x].b - w[x].a;
		while (xl && s[xa] == '-')
			xa++, xl--;
		if (xl < 3)
			return -1;
		int hit = -1, hits = 0;
		for (size_t k = 0; k < n; k++) {
			bool holds = false;
			for (size_t p = v[k].cs; p + xl <= v[k].le && !holds; p++)
				holds = !strncasecmp(s + p, s + xa, xl);
			if (holds != neg)
				hit = (int)k, hits++;
		}
		return hits == 1 ? hit : -1;
	}
	return -1;
}

static int picked(const char *s, size_t len, const struct variant *v, size_t n, size_t *ra, size_t *rb)
{
	enum { CAP = 4096 };
	struct wspan *w = xcalloc(CAP, sizeof(*w));
	size_t nw = writer_words(s, len, v, n, w, CAP);
	int pick = -1;
	bool two = false;
	for (size_t i = 0; i < nw; i++) {
		/* a Makefile target by its name ("the train-large target", "`make train-fsdp`") */
		for (size_t k = 0; k < n; k++)
			if (v[k].target[0] && w[i].b - w[i].a == strlen(v[k].target) &&
			    !strncmp(s + w[i].a, v[k].target, w[i].b - w[i].a))
				note_pick(&pick, &two, (int)k), *ra = w[i].a, *rb = w[i].b;
		/* a label of one word as written ("XL as listed"): two letters or more, or with a digit */
		for (size_t k = 0; k < n; k++)
			if (v[k].whole[0] && strlen(v[k].whole) >= 2 && !v[k].target[0] &&
			    w[i].b - w[i].a == strlen(v[k].whole) && !strncmp(s + w[i].a, v[k].whole, w[i].b - w[i].a) &&
			    (isupper((unsigned char)v[k].whole[0]) || strpbrk(v[k].whole, "0123456789-_")))
				note_pick(&pick, &two, (int)k), *ra = w[i].a, *rb = w[i].b;
		/* a letter or number in brackets as its mark is written: "go with (b)" */
		if (w[i].b - w[i].a <= 2 && w[i].a > 0 && s[w[i].a - 1] == '(' && w[i].b < len && s[w[i].b] == ')') {
			char m[4] = {0};
			for (size_t q = 0; q < w[i].b - w[i].a; q++)
				m[q] = (char)tolower((unsigned char)s[w[i].a + q]);
			int hits = 0, at = -1;
			for (size_t k = 0; k < n; k++)
				if (v[k].mark[0] && !strcmp(v[k].mark, m))
					hits++, at = (int)k;
			if (hits == 1)
				note_pick(&pick, &two, at), *ra = w[i].a - 1, *rb = w[i].b + 1;
		}
		bool noun = false;
		for (size_t j = 0; nouns[j] && !noun; j++)
			noun = wis(s, &w[i], nouns[j]);
		/* a letter or number after its noun: "option B", "variant (b)", "command 3" */
		if (noun && i + 1 < nw && w[i + 1].b - w[i + 1].a <= 2 && w[i + 1].a - w[i].b <= 2) {
			char m[4] = {0};
			for (size_t q = 0; q < w[i + 1].b - w[i + 1].a; q++)
				m[q] = (char)tolower((unsigned char)s[w[i + 1].a + q]);
			int hits = 0, at = -1;
			for (size_t k = 0; k < n; k++)
				if (v[k].mark[0] && !strcmp(v[k].mark, m))
					hits++, at = (int)k;
			if (hits == 1)
				note_pick(&pick, &two, at), *ra = w[i].a, *rb = w[i + 1].b;
			else if (!hits && isdigit((unsigned char)m[0]) && !m[1] && m[0] - '0' >= 1 && (size_t)(m[0] - '0') <= n &&
				 !wis(s, &w[i], "one"))
				note_pick(&pick, &two, m[0] - '1'), *ra = w[i].a, *rb = w[i + 1].b;
		}
		/* "the variant (from the docs) that uses FSDP", "the option that does not use DeepSpeed": the command whose
		 * line holds the word (or, negated, the one that lacks it) */
		if (noun) {
			int at = uses_pick(s, w, nw, i, v, n);
			if (at >= 0) {
				note_pick(&pick, &two, at), *ra = w[i].a, *rb = w[i].b;
				continue;
			}
		}
		if (!noun || i == 0)
			continue;
		/* the words between a determiner and the noun: "the second command", "the multi-node variant",
		 * "the \"several machines\" one", "the 8 GPU row" */
		size_t d = i;
		while (d > 0 && i - d < 5 && adjacent(s, &w[d - 1], &w[d]) && !wis(s, &w[d - 1], "the") &&
		       !wis(s, &w[d - 1], "that") && !wis(s, &w[d - 1], "this") && !wis(s, &w[d - 1], "your") &&
		       !wis(s, &w[d - 1], "a"))
			d--;
		bool det = d > 0 && adjacent(s, &w[d - 1], &w[d]) &&
			   (wis(s, &w[d - 1], "the") || wis(s, &w[d - 1], "that") || wis(s, &w[d - 1], "this"));
		/* (without a determiner only after a line's start or a punctuation mark: "delta: multi-node
		 * variant, but ...") */
		bool opens = d > 0 && !det && !adjacent(s, &w[d - 1], &w[d]);
		if (d == i || (!det && !opens && d > 0))
			continue;
		if (i - d == 1) {
			char b[12];
			size_t l = w[d].b - w[d].a;
			if (l < sizeof(b)) {
				memcpy(b, s + w[d].a, l), b[l] = '\0';
				int place = place_of(b, n);
				if (place >= 1 && (size_t)place <= n) {
					if (det)
						note_pick(&pick, &two, place - 1), *ra = w[d - 1].a, *rb = w[i].b;
					continue;
				}
			}
		}
		int hits = 0, at = -1;
		for (size_t k = 0; k < n; k++)
			if (label_holds(s, &v[k], w, d, i))
				hits++, at = (int)k;
		if (hits == 1)
			note_pick(&pick, &two, at), *ra = det ? w[d - 1].a : w[d].a, *rb = w[i].b;
	}
	free(w);
	return two ? -1 : pick;
}

void rd_blank_unchosen_commands(struct ctx *c)
{
	struct variant v[MAX_COMMANDS];
	size_t n = find_variants(c->nl, c->len, v);
	if (n < 2)
		return;
	size_t ra = 0, rb = 0;
	int k = picked(c->nl, c->len, v, n, &ra, &rb);
	if (k < 0)
		return;
	for (size_t i = 0; i < n; i++) {
		if ((int)i != k)
			rd_blank(c, v[i].ls, v[i].le);
		else /* its same-line label ("| 8 GPUs | `"), its code quote's opening mark kept */
			for (size_t p = v[i].ls, q; p < v[i].cs; p = q + 1) {
				for (q = p; q < v[i].cs && c->nl[q] != '`'; q++)
					;
				rd_blank(c, p, q);
			}
		if (v[i].lb > v[i].la)
			rd_blank(c, v[i].la, v[i].lb);
	}
	if (rb > ra)
		rd_blank(c, ra, rb);
}
