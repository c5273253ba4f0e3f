/* picked_items.c - several runs, configs, commands or stages listed, and the writer's words that pick one:
 *     - name: smoke          - {nodes: 1, hours: 2}     [{"name": "tiny", "nodes": 2}, {"name": "big", ...}]
 *       nodes: 1             - {nodes: 2, hours: 8}     {"exp1": {"gpus": 16}, "exp2": {"gpus": 64}}
 *     - name: full           • 2 nodes, 4 h, regular    {"run": "s", "nodes": 4}     (JSON lines)
 *       nodes: 16            - B: 16 nodes, 10h         {"run": "m", "nodes": 16}
 *     1) python small.py     rule train:                prep: python prep.py (1 node, 1h)
 *     2) torchrun ... mid.py     shell: "torchrun ..."  train: python train.py (4 nodes, 8h)
 *     python train.py --seed 1                          sbatch prep.sh     # 1 node, 30 min
 *     python train.py --seed 2   (jobs.txt lines)       sbatch train.sh    # 8 nodes, 12 h
 * picked by its name ("run \"full\"", "as in B", "the train rule", "just the training step", "the stage-3
 * entry"), its place ("the second one", "the middle recipe", "the last command"), a size only it has ("the
 * 8-node row", "the experiment that uses 64 GPUs", "the 24-hour one"), the longest/shortest/biggest of
 * them, a word only it holds or lacks ("the variant that uses FSDP", "the option that does not use
 * DeepSpeed") or argument values only it holds ("the seed 2 line", "only the 3e-4 run"). With exactly one
 * item picked, the text is rewritten before the other layers read it: the other items are dropped, the
 * picked one is written as plain lines (a YAML or JSON item as "key: value" lines, a bullet or numbered
 * line without its marker and label) and the words that picked it are blanked, so that only its fields
 * and the writer's own words count. Without exactly one item picked the text is left as it is (NULL).
 * The nouns that name a listed item ("row", "entry", "recipe") are data/lexicon's item_nouns. */
#include "reader.h"
#include "vocab.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_ITEMS 16
#define MAX_NAMES 4

enum item_kind { IK_DASH, IK_NUMBERED, IK_LABEL, IK_JSON, IK_COMMAND, IK_CSV };

struct item {
	size_t a, b;	/* the item's text[a, b) */
	size_t body;	/* where its content starts (after the marker and label) */
	char names[MAX_NAMES][40]; /* lower case, '-', '_' and ' ' dropped ("stage3", "b", "train") */
	int nnames;
	int nodes, gpus, minutes; /* its sizes, 0 when not stated */
	bool program;		  /* it names a program file (".py", ".sh") */
	size_t span_a[3], span_b[3]; /* where it states its nodes, GPUs, time ("nodes: 8", "10h") */
};

struct group {
	enum item_kind kind;
	struct item it[MAX_ITEMS];
	int n;
	size_t a, b; /* the whole group's span (a JSON container: the container) */
};

/* ---- small text helpers ---- */

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
	return p - a;
}

static bool blank_line(const char *s, size_t a, size_t e)
{
	return indent_of(s, a, e) == e - a;
}

static bool wordch(int c)
{
	return isalnum(c) || c == '_' || c == '-' || c == '.' || (c & 0x80);
}

/* A name normalised: lower case, without '-', '_', ' ', quotes. */
static void norm_name(char *dst, size_t cap, const char *s, size_t n)
{
	size_t o = 0;
	for (size_t i = 0; i < n && o + 1 < cap; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch == '-' || ch == '_' || ch == ' ' || ch == '"' || ch == '\'' || ch == '`')
			continue;
		dst[o++] = (char)tolower(ch);
	}
	dst[o] = 0;
}

static void add_name(struct item *it, const char *s, size_t n)
{
	while (n && (isspace((unsigned char)*s) || *s == '"' || *s == '\''))
		s++, n--;
	while (n && (isspace((unsigned char)s[n - 1]) || s[n - 1] == '"' || s[n - 1] == '\'' || s[n - 1] == ','))
		n--;
	if (!n || n >= 40 || it->nnames >= MAX_NAMES)
		return;
	for (size_t i = 0; i < n; i++)
		if (!(isalnum((unsigned char)s[i]) || s[i] == '-' || s[i] == '_' || s[i] == '.' || s[i] == ' '))
			return;
	norm_name(it->names[it->nnames], sizeof(it->names[0]), s, n);
	if (it->names[it->nnames][0])
		it->nnames++;
}

/* ---- an item's sizes ---- */

static int unit_kind(const char *w, size_t n)
{
	static const char *const node[] = {"node", "nodes", "nnodes", "num_nodes", NULL};
	static const char *const gpu[] = {"gpu", "gpus", "total_gpus", "ngpus", "num_gpus", "gpus_total", NULL};
	static const char *const hour[] = {"h", "hr", "hrs", "hour", "hours", NULL};
	static const char *const min[] = {"m", "min", "mins", "minute", "minutes", NULL};
	static const char *const *lists[] = {node, gpu, hour, min};
	for (int k = 0; k < 4; k++)
		for (const char *const *l = lists[k]; *l; l++)
			if (strlen(*l) == n && !strncasecmp(w, *l, n))
				return k + 1;
	return 0;
}

/* "HH:MM[:SS]" in minutes; -1 when w is not one. */
static int clock_minutes(const char *w, size_t n)
{
	int part[3] = {0}, np = 0, digits = 0;
	for (size_t i = 0; i < n; i++) {
		if (isdigit((unsigned char)w[i])) {
			if (np >= 3 || part[np] > 1000)
				return -1;
			part[np] = part[np] * 10 + (w[i] - '0');
			digits++;
		} else if (w[i] == ':' && digits && np < 2) {
			np++;
			digits = 0;
		} else {
			return -1;
		}
	}
	if (np == 0 || !digits)
		return -1;
	return part[0] * 60 + part[1];
}

static void set_size(struct item *it, int kind, long v, size_t a, size_t b)
{
	if (v <= 0 || v > 100000)
		return;
	int *slot = kind == 1 ? &it->nodes : kind == 2 ? &it->gpus : &it->minutes;
	if (*slot)
		return;
	*slot = kind == 3 ? (int)v * 60 : (int)v;
	int k = kind >= 3 ? 2 : kind - 1;
	it->span_a[k] = a;
	it->span_b[k] = b;
}

/* Reads the sizes an item states: "nodes: 8", "\"hours\": 6", "walltime: \"04:00:00\"", "8 nodes",
 * "8-node", "10h", "30 min". */
static void read_sizes(const char *s, struct item *it)
{
	size_t p = it->a;
	const char *prev = NULL;
	size_t prevn = 0;
	while (p < it->b) {
		while (p < it->b && !isalnum((unsigned char)s[p]))
			p++;
		size_t q = p;
		while (q < it->b && (isalnum((unsigned char)s[q]) || s[q] == '_' || s[q] == ':' || s[q] == '.'))
			q++;
		if (q == p)
			break;
		size_t n = q - p;
		while (n && (s[p + n - 1] == ':' || s[p + n - 1] == '.'))
			n--;
		const char *w = s + p;
		if (n && isdigit((unsigned char)w[0])) {
			int cm = clock_minutes(w, n);
			long v = 0;
			size_t d = 0;
			while (d < n && isdigit((unsigned char)w[d]))
				v = v * 10 + (w[d] - '0'), d++;
			int uk = 0;
			bool keyed = false; /* "nodes: 8", "\"nodes\": 8", "nodes=8" */
			for (const char *x = prev ? prev + prevn : w; prev && x < w; x++)
				keyed |= *x == ':' || *x == '=';
			if (prev && keyed)
				uk = unit_kind(prev, prevn);
			if (cm >= 0 && (!prev || uk >= 3 || (keyed && (!strncasecmp(prev, "walltime", prevn) ||
							       !strncasecmp(prev, "time", prevn))) || !keyed))
				set_size(it, 4, cm, keyed ? (size_t)(prev - s) : p, q);
			else if (d == n && prev && uk)
				set_size(it, uk, v, (size_t)(prev - s), q); /* "nodes: 8" */
			else if (d < n && unit_kind(w + d, n - d))
				set_size(it, unit_kind(w + d, n - d), v, p, q); /* "10h", "30min" */
			else if (d == n) {
				/* "8 nodes", "8-node" */
				size_t r = q;
				while (r < it->b && (s[r] == ' ' || s[r] == '-'))
					r++;
				size_t t = r;
				while (t < it->b && isalpha((unsigned char)s[t]))
					t++;
				if (t > r && unit_kind(s + r, t - r))
					set_size(it, unit_kind(s + r, t - r), v, p, t);
			}
		}
		prev = w;
		prevn = n;
		p = q;
	}
}

/* ---- finding the items ---- */

/* The marker of a bullet line ("- ", "* ", "• "): its length, 0 when none. */
static size_t bullet_marker(const char *s, size_t p, size_t e)
{
	if (p + 1 < e && (s[p] == '-' || s[p] == '*') && s[p + 1] == ' ')
		return 2;
	if (p + 3 < e && !memcmp(s + p, "\xe2\x80\xa2", 3) && s[p + 3] == ' ')
		return 4;
	return 0;
}

/* The marker of a numbered line ("1) ", "2. ", "#3 "): its length, 0 when none; *num the number. */
static size_t number_marker(const char *s, size_t p, size_t e, int *num)
{
	size_t q = p;
	if (q < e && s[q] == '#')
		q++;
	size_t d = q;
	int v = 0;
	while (q < e && isdigit((unsigned char)s[q]) && q - d < 2)
		v = v * 10 + (s[q++] - '0');
	if (q == d || q >= e)
		return 0;
	if ((s[q] == ')' || s[q] == '.') && q + 1 < e && s[q + 1] == ' ') {
		*num = v;
		return q + 2 - p;
	}
	return 0;
}

/* A label at the start of an item's content ("B: ...", "train: ...", "stage 3 - ...", "Option B - ...",
 * "rule train:"): adds its name and returns where the content after it starts (p when none). */
static size_t label_prefix(const char *s, size_t p, size_t e, struct item *it)
{
	size_t q = p, words = 0;
	while (q < e && words < 3) {
		size_t w = q;
		while (q < e && (isalnum((unsigned char)s[q]) || s[q] == '_' || s[q] == '-' || s[q] == '.'))
			q++;
		if (q == w)
			return p;
		words++;
		char key[40];
		norm_name(key, sizeof(key), s + w, q - w < 39 ? q - w : 39);
		if (q < e && s[q] == ':' && (q + 1 == e || s[q + 1] == ' ')) {
			if (words == 1 && vocab_key(key) != VK_NONE && !(q - w == 1 && isupper((unsigned char)s[w])))
				return p; /* "nodes: 2" is a field, not a label */
			add_name(it, s + p, q - p);
			return q + 1;
		}
		if (q + 2 < e && s[q] == ' ' && s[q + 1] == '-' && s[q + 2] == ' ' &&
		    !(words == 1 && vocab_key(key) != VK_NONE)) { /* "stage 2 - pretrain", not "nodes - 2" */
			add_name(it, s + p, q - p);
			if (words == 2 && !strncasecmp(s + p, "option ", 7))
				add_name(it, s + p + 7, q - p - 7);
			return q + 3;
		}
		if (q < e && s[q] == ' ')
			q++;
		else
			return p;
	}
	return p;
}

/* Names an item has in its "key: value" pairs ("name: mid", "\"run\": \"m\"", "stage: 3"). */
static void pair_names(const char *s, struct item *it)
{
	static const char *const keys[] = {"name", "run", "id", "stage", "step", "exp", "experiment", "label", "tag",
					   "config", "variant", "option", NULL};
	for (size_t p = it->a; p < it->b; p++) {
		if (p > it->a && wordch((unsigned char)s[p - 1]))
			continue;
		for (const char *const *k = keys; *k; k++) {
			size_t kl = strlen(*k);
			if (p + kl >= it->b || strncasecmp(s + p, *k, kl))
				continue;
			size_t q = p + kl;
			if (s[q] == '"')
				q++;
			if (q >= it->b || (s[q] != ':' && s[q] != '='))
				continue;
			q++;
			while (q < it->b && (s[q] == ' ' || s[q] == '"' || s[q] == '\''))
				q++;
			size_t v = q;
			while (q < it->b && (isalnum((unsigned char)s[q]) || s[q] == '-' || s[q] == '_' || s[q] == '.'))
				q++;
			if (q > v) {
				add_name(it, s + v, q - v);
				if (!strcmp(*k, "stage") || !strcmp(*k, "step")) {
					char both[48];
					size_t n = (size_t)snprintf(both, sizeof(both), "%s%.*s", *k, (int)(q - v), s + v);
					add_name(it, both, n < sizeof(both) ? n : sizeof(both) - 1);
				}
			}
		}
	}
}

/* The item's program file's stem ("train.sh" -> "train"), a name it answers to ("the train job"). */
static void program_name(const char *s, struct item *it)
{
	for (size_t p = it->body; p + 3 <= it->b; p++) {
		if (s[p] != '.')
			continue;
		if (strncmp(s + p, ".py", 3) && strncmp(s + p, ".sh", 3))
			continue;
		if (p + 3 < it->b && isalnum((unsigned char)s[p + 3]))
			continue;
		size_t a = p;
		while (a > it->body && (isalnum((unsigned char)s[a - 1]) || s[a - 1] == '_' || s[a - 1] == '-'))
			a--;
		if (a < p)
			add_name(it, s + a, p - a);
		it->program = true;
		return;
	}
}

/* Bullet or numbered items: a marker at one indentation, lines indented deeper under it. */
static int find_marked(const char *s, size_t len, size_t from, struct group *g, bool numbered)
{
	size_t p = from;
	while (p < len) {
		size_t e = line_end(s, p, len);
		size_t ind = indent_of(s, p, e);
		int num = 0;
		size_t mk = numbered ? number_marker(s, p + ind, e, &num) : bullet_marker(s, p + ind, e);
		if (!mk) {
			p = e + 1;
			continue;
		}
		g->n = 0;
		g->kind = numbered ? IK_NUMBERED : IK_DASH;
		g->a = p;
		size_t q = p;
		while (q < len && g->n < MAX_ITEMS) {
			size_t qe = line_end(s, q, len);
			size_t qi = indent_of(s, q, qe);
			size_t m = numbered ? number_marker(s, q + qi, qe, &num) : bullet_marker(s, q + qi, qe);
			if (!m || qi != ind)
				break;
			struct item *it = &g->it[g->n++];
			memset(it, 0, sizeof(*it));
			it->a = q;
			size_t lb = label_prefix(s, q + qi + m, qe, it);
			it->body = q + qi + m;
			if (numbered) {
				char nb[8];
				size_t nl = (size_t)snprintf(nb, sizeof(nb), "%d", num);
				add_name(it, nb, nl);
			}
			size_t r = qe < len ? qe + 1 : len;
			it->b = qe;
			while (r < len) { /* continuation lines, indented deeper */
				size_t re = line_end(s, r, len);
				if (blank_line(s, r, re) || indent_of(s, r, re) <= ind)
					break;
				it->b = re;
				r = re < len ? re + 1 : len;
			}
			/* a one-line item is its content after the label ("B: 16 nodes, 10h"); a block keeps its
			 * "name: mid" line */
			if (it->b == qe && lb > q + qi + m)
				it->body = lb;
			q = r;
			/* one blank line between items */
			if (q < len) {
				size_t qe2 = line_end(s, q, len);
				if (blank_line(s, q, qe2) && qe2 < len) {
					size_t n2 = qe2 + 1, ne2 = line_end(s, n2, len);
					int nn;
					size_t ni = indent_of(s, n2, ne2);
					if (ni == ind && (numbered ? number_marker(s, n2 + ni, ne2, &nn) :
								      bullet_marker(s, n2 + ni, ne2)))
						q = n2;
				}
			}
		}
		g->b = g->it[g->n - 1].b;
		if (g->n >= 2)
			return 1;
		p = e + 1;
	}
	return 0;
}

static bool command_line(const char *s, size_t a, size_t e);

/* Lines of labelled items ("prep: python prep.py (1 node, 1h)", "stage 2 - pretrain (...)", "rule train:"
 * with its indented block, "# one node, 4 GPUs" or "## 8-GPU server" above a command). */
static int find_labelled(const char *s, size_t len, size_t from, struct group *g)
{
	size_t p = from;
	while (p < len) {
		g->n = 0;
		g->kind = IK_LABEL;
		g->a = p;
		size_t q = p;
		while (q < len && g->n < MAX_ITEMS) {
			size_t qe = line_end(s, q, len);
			size_t qi = indent_of(s, q, qe);
			if (qi || qe == q)
				break;
			struct item it;
			memset(&it, 0, sizeof(it));
			it.a = q;
			size_t body = q;
			bool block = false;
			if (qe - q > 5 && !strncmp(s + q, "rule ", 5) && s[qe - 1] == ':') {
				add_name(&it, s + q + 5, qe - 1 - (q + 5));
				block = true;
				body = qe;
			} else if (s[q] == '#' || (qe - q > 4 && !strncmp(s + q, "==", 2))) {
				size_t h = q;
				while (h < qe && (s[h] == '#' || s[h] == '=' || s[h] == ' '))
					h++;
				size_t he = qe;
				while (he > h && (s[he - 1] == '=' || s[he - 1] == ' ' || s[he - 1] == ':'))
					he--;
				if (he == h || (qe + 1 >= len))
					break;
				add_name(&it, s + h, he - h);
				body = qe;
				block = true;
			} else {
				body = label_prefix(s, q, qe, &it);
				if (body == q)
					break;
				if (body >= qe - 1) {
					block = true; /* "train-small:" over an indented command */
					body = qe;
				}
			}
			it.body = body;
			it.b = qe;
			size_t r = qe < len ? qe + 1 : len;
			if (block) {
				/* the lines under it: indented, or (under a comment or heading) up to the next label */
				bool heading = s[q] == '#' || s[q] == '=';
				while (r < len) {
					size_t re = line_end(s, r, len);
					if (blank_line(s, r, re) || s[r] == '#' || (re - r > 2 && !strncmp(s + r, "==", 2)))
						break;
					if (!indent_of(s, r, re) && (!heading || !command_line(s, r, re)))
						break;
					it.b = re;
					r = re < len ? re + 1 : len;
				}
				if (it.b == qe)
					break; /* a heading with nothing under it */
			}
			g->it[g->n++] = it;
			q = r;
			if (q < len) { /* one blank line between items */
				size_t qe2 = line_end(s, q, len);
				if (blank_line(s, q, qe2) && qe2 < len)
					q = qe2 + 1;
			}
		}
		if (g->n >= 2) {
			g->b = g->it[g->n - 1].b;
			return 1;
		}
		p = line_end(s, p, len) + 1;
	}
	return 0;
}

/* Lines that each run a command ("python train.py --seed 1", "jid2=$(sbatch train.sh)  # 8 nodes"). */
static bool command_line(const char *s, size_t a, size_t e)
{
	size_t p = a + indent_of(s, a, e);
	if (p < e && s[p] == '$' && p + 1 < e && s[p + 1] == ' ')
		p += 2;
	size_t q = p;
	while (q < e && (isalnum((unsigned char)s[q]) || s[q] == '_'))
		q++;
	if (q < e && s[q] == '=' && q + 3 < e && s[q + 1] == '$' && s[q + 2] == '(') /* jid=$(sbatch ...) */
		p = q + 3, q = p;
	while (q < e && (isalnum((unsigned char)s[q]) || s[q] == '_' || s[q] == '-' || s[q] == '.'))
		q++;
	if (q == p || q - p > 30)
		return false;
	char w[32];
	memcpy(w, s + p, q - p);
	w[q - p] = 0;
	static const char *const starts[] = {"python", "python3", "torchrun", "srun", "sbatch", "qsub", "deepspeed",
					     "accelerate", "mpiexec", "mpirun", "ibrun", NULL};
	for (const char *const *k = starts; *k; k++)
		if (!strcasecmp(w, *k))
			return true;
	return false;
}

static int find_commands(const char *s, size_t len, size_t from, struct group *g)
{
	size_t p = from;
	while (p < len) {
		g->n = 0;
		g->kind = IK_COMMAND;
		g->a = p;
		size_t q = p;
		while (q < len && g->n < MAX_ITEMS) {
			size_t qe = line_end(s, q, len);
			if (!command_line(s, q, qe))
				break;
			struct item *it = &g->it[g->n++];
			memset(it, 0, sizeof(*it));
			it->a = it->body = q;
			it->b = qe;
			q = qe < len ? qe + 1 : len;
		}
		if (g->n >= 2) {
			g->b = g->it[g->n - 1].b;
			return 1;
		}
		p = line_end(s, p, len) + 1;
	}
	return 0;
}

/* The cells of a CSV line s[a, e) split on sep: their starts and ends; returns their number. */
static int csv_cells(const char *s, size_t a, size_t e, char sep, size_t *ca, size_t *cb, int cap)
{
	int n = 0;
	size_t p = a;
	while (n < cap) {
		size_t q = p;
		bool quote = false;
		while (q < e && (quote || s[q] != sep)) {
			if (s[q] == '"')
				quote = !quote;
			q++;
		}
		size_t x = p, y = q;
		while (x < y && (s[x] == ' ' || s[x] == '"'))
			x++;
		while (y > x && (s[y - 1] == ' ' || s[y - 1] == '"' || s[y - 1] == '\r'))
			y--;
		ca[n] = x;
		cb[n++] = y;
		if (q >= e)
			break;
		p = q + 1;
	}
	return n;
}

/* CSV with a header of field names and two or more rows ("name,nodes,walltime,script" / "base,2,02:00:00,
 * base.py"): each row an item, the header kept above the picked one. */
static int find_csv(const char *s, size_t len, size_t from, struct group *g)
{
	size_t ha[16], hb[16], ca[16], cb[16];
	for (size_t p = from; p < len;) {
		size_t e = line_end(s, p, len);
		char sep = memchr(s + p, ',', e - p) ? ',' : memchr(s + p, '\t', e - p) ? '\t' : memchr(s + p, ';', e - p) ? ';' : 0;
		int nh = sep ? csv_cells(s, p, e, sep, ha, hb, 16) : 0;
		bool header = nh >= 2 && nh < 16;
		for (int k = 0; header && k < nh; k++) {
			bool alpha = false;
			if (hb[k] == ha[k] || hb[k] - ha[k] > 24)
				header = false;
			for (size_t c = ha[k]; c < hb[k]; c++) {
				alpha |= isalpha((unsigned char)s[c]) != 0;
				if (!(isalnum((unsigned char)s[c]) || strchr("_ /-()", s[c])))
					header = false;
			}
			header &= alpha;
		}
		size_t next = e < len ? e + 1 : len;
		if (!header) {
			p = next;
			continue;
		}
		g->n = 0;
		g->kind = IK_CSV;
		size_t q = next;
		while (q < len && g->n < MAX_ITEMS) {
			size_t qe = line_end(s, q, len);
			if (csv_cells(s, q, qe, sep, ca, cb, 16) != nh)
				break;
			struct item *it = &g->it[g->n++];
			memset(it, 0, sizeof(*it));
			it->a = it->body = q;
			it->b = qe;
			for (int k = 0; k < nh; k++) {
				const char *h = s + ha[k];
				size_t hn = hb[k] - ha[k];
				const char *v = s + ca[k];
				size_t vn = cb[k] - ca[k];
				long num = 0;
				size_t d = 0;
				while (d < vn && isdigit((unsigned char)v[d]))
					num = num * 10 + (v[d] - '0'), d++;
				int uk = unit_kind(h, hn);
				int cm = clock_minutes(v, vn);
				char key[32];
				norm_name(key, sizeof(key), h, hn < 31 ? hn : 31);
				if (k == 0 && d < vn)
					add_name(it, v, vn);
				if (vn > 3 && (!strncmp(v + vn - 3, ".py", 3) || !strncmp(v + vn - 3, ".sh", 3)))
					it->program = true;
				if (uk && d == vn && d)
					set_size(it, uk, num, ca[k], cb[k]);
				else if (cm >= 0 && vocab_key(key) == VK_WALLTIME)
					set_size(it, 4, cm, ca[k], cb[k]);
				else if (d == vn && d && vocab_key(key) == VK_NODES)
					set_size(it, 1, num, ca[k], cb[k]);
				else if (d == vn && d && vocab_key(key) == VK_TOTAL_GPUS)
					set_size(it, 2, num, ca[k], cb[k]);
			}
			q = qe < len ? qe + 1 : len;
		}
		if (g->n >= 2) {
			g->a = g->it[0].a;
			g->b = g->it[g->n - 1].b;
			return 1;
		}
		p = next;
	}
	return 0;
}

/* The end of the JSON value or container opened at s[p] ('{' or '['); 0 when it does not close. */
static size_t json_close(const char *s, size_t p, size_t len)
{
	int depth = 0;
	bool str = false;
	for (size_t i = p; i < len; i++) {
		char ch = s[i];
		if (str) {
			if (ch == '\\')
				i++;
			else if (ch == '"')
				str = false;
			continue;
		}
		if (ch == '"')
			str = true;
		else if (ch == '{' || ch == '[')
			depth++;
		else if (ch == '}' || ch == ']') {
			if (--depth == 0)
				return i + 1;
		}
	}
	return 0;
}

/* The direct child objects of the container s[a, b) as items (a key before one is its name); returns
 * their number. */
static int json_children(const char *s, size_t a, size_t b, struct group *g)
{
	g->n = 0;
	size_t key_a = 0, key_b = 0;
	for (size_t i = a + 1; i + 1 < b && g->n < MAX_ITEMS; i++) {
		char ch = s[i];
		if (ch == '"') {
			size_t j = i + 1;
			while (j < b && s[j] != '"')
				j += s[j] == '\\' ? 2 : 1;
			key_a = i + 1;
			key_b = j;
			i = j;
			continue;
		}
		if (ch == '[') {
			size_t e = json_close(s, i, b);
			if (!e)
				return 0;
			i = e - 1;
			key_a = key_b = 0;
			continue;
		}
		if (ch == '{') {
			size_t e = json_close(s, i, b);
			if (!e)
				return 0;
			struct item *it = &g->it[g->n++];
			memset(it, 0, sizeof(*it));
			it->a = it->body = i;
			it->b = e;
			if (s[a] == '{' && key_b > key_a)
				add_name(it, s + key_a, key_b - key_a);
			i = e - 1;
			key_a = key_b = 0;
		}
	}
	return g->n;
}

/* A JSON array or object holding two or more objects (at any depth: {"configs": [{...}, {...}]}), or
 * lines that each hold one object. */
static int find_json(const char *s, size_t len, size_t from, struct group *g)
{
	for (size_t p = from; p < len; p++) {
		if (s[p] != '[' && s[p] != '{')
			continue;
		size_t e = json_close(s, p, len);
		if (!e) {
			continue;
		}
		/* JSON lines: this object alone on its line, the next lines too */
		size_t ls = p;
		while (ls > 0 && s[ls - 1] != '\n')
			ls--;
		size_t le = line_end(s, p, len);
		if (s[p] == '{' && blank_line(s, ls, p) && blank_line(s, e, le)) {
			g->n = 0;
			g->kind = IK_JSON;
			size_t q = ls;
			while (q < len && g->n < MAX_ITEMS) {
				size_t qe = line_end(s, q, len);
				size_t qi = q + indent_of(s, q, qe);
				size_t ce = qi < qe && s[qi] == '{' ? json_close(s, qi, qe) : 0;
				if (!ce || !blank_line(s, ce, qe))
					break;
				struct item *it = &g->it[g->n++];
				memset(it, 0, sizeof(*it));
				it->a = it->body = qi;
				it->b = ce;
				q = qe < len ? qe + 1 : len;
			}
			if (g->n >= 2) {
				g->a = g->it[0].a;
				g->b = g->it[g->n - 1].b;
				return 1;
			}
		}
		/* containers inside, outermost first */
		for (size_t c = p; c < e; c++) {
			if (s[c] != '[' && s[c] != '{')
				continue;
			size_t ce = json_close(s, c, e);
			if (!ce)
				break;
			if (json_children(s, c, ce, g) >= 2) {
				g->kind = IK_JSON;
				g->a = p; /* the whole outer value is replaced */
				g->b = e;
				return 1;
			}
		}
		p = e - 1;
	}
	return 0;
}

/* ---- the pick ---- */

#define NONE_PICKED (-3) /* the writer sets every item aside */

struct pick {
	int item;     /* -1 none yet, -2 two disagree */
	size_t a[4], b[4]; /* the words that picked it */
	int nw;
};

static void vote(struct pick *pk, int item, size_t a, size_t b)
{
	if (pk->item == -2)
		return;
	if (pk->item >= 0 && pk->item != item) {
		pk->item = -2;
		return;
	}
	pk->item = item;
	if (pk->nw < 4) {
		pk->a[pk->nw] = a;
		pk->b[pk->nw++] = b;
	}
}

struct word {
	size_t a, b;
};

/* The words of text[a, b) outside the group (the writer's words). */
static int prose_words(const char *s, size_t len, const struct group *g, struct word *w, int cap)
{
	int n = 0;
	size_t p = 0;
	while (p < len && n < cap) {
		if (p >= g->a && p < g->b) {
			p = g->b;
			continue;
		}
		if (!wordch((unsigned char)s[p]) || s[p] == '.' || s[p] == '-') {
			p++;
			continue;
		}
		size_t q = p;
		while (q < len && wordch((unsigned char)s[q]) && !(q >= g->a && q < g->b))
			q++;
		size_t e = q;
		while (e > p && (s[e - 1] == '.' || s[e - 1] == '-'))
			e--;
		/* "seed 1's" */
		if (e - p > 2 && s[e - 2] == '\'' && s[e - 1] == 's')
			e -= 2;
		w[n].a = p;
		w[n++].b = e;
		p = q;
	}
	return n;
}

static bool weq(const char *s, const struct word *w, const char *lit)
{
	size_t n = strlen(lit);
	return w->b - w->a == n && !strncasecmp(s + w->a, lit, n);
}

static bool item_noun(const char *s, const struct word *w)
{
	char buf[32];
	if (w->b - w->a >= sizeof(buf))
		return false;
	for (size_t i = 0; i < w->b - w->a; i++)
		buf[i] = (char)tolower((unsigned char)s[w->a + i]);
	buf[w->b - w->a] = 0;
	return vocab_in(VL_ITEM_NOUN, buf);
}

/* The place a word names, 1-based; -1 the last, -3 the middle, 0 none. */
static int place_word(const char *s, const struct word *w)
{
	static const char *const ord[] = {"first", "second", "third", "fourth", "fifth", "sixth", NULL};
	static const char *const nth[] = {"1st", "2nd", "3rd", "4th", "5th", "6th", NULL};
	for (int i = 0; ord[i]; i++)
		if (weq(s, w, ord[i]) || weq(s, w, nth[i]))
			return i + 1;
	if (weq(s, w, "last") || weq(s, w, "final") || weq(s, w, "latter"))
		return -1;
	if (weq(s, w, "middle"))
		return -3;
	return 0;
}

static bool pick_cue_before(const char *s, const struct word *w, int i)
{
	if (i <= 0)
		return false;
	char buf[32];
	const struct word *p = &w[i - 1];
	if (p->b - p->a >= sizeof(buf))
		return false;
	/* the cue in the same clause: "script.\nprep" is no pick */
	for (size_t k = p->b; k < w[i].a; k++)
		if (!strchr(" \"'`", s[k]))
			return false;
	for (size_t k = 0; k < p->b - p->a; k++)
		buf[k] = (char)tolower((unsigned char)s[p->a + k]);
	buf[p->b - p->a] = 0;
	/* "go with b" */
	if (!strcmp(buf, "with") && i >= 2) {
		const struct word *v = &w[i - 2];
		return (v->b - v->a == 2 && !strncasecmp(s + v->a, "go", 2)) ||
		       (v->b - v->a == 5 && !strncasecmp(s + v->a, "going", 5)) ||
		       (v->b - v->a == 4 && !strncasecmp(s + v->a, "went", 4));
	}
	/* "run b", "as in B", "same as A", "just prep" */
	return vocab_in(VL_PICK_CUE, buf) || !strcmp(buf, "in") || !strcmp(buf, "like") || !strcmp(buf, "as") ||
	       !strcmp(buf, "just");
}

/* Does the item hold the token tok (a whole word; leading dashes of an option ignored)? */
static bool item_has_token(const char *s, const struct item *it, const char *tok, size_t n)
{
	for (size_t p = it->a; p + n <= it->b; p++) {
		if (strncasecmp(s + p, tok, n))
			continue;
		bool lb = p == it->a || !(isalnum((unsigned char)s[p - 1]) || s[p - 1] == '.' || s[p - 1] == '_');
		bool rb = p + n == it->b || !(isalnum((unsigned char)s[p + n]) || s[p + n] == '_' ||
					       (s[p + n] == '.' && p + n + 1 < it->b && isalnum((unsigned char)s[p + n + 1])));
		if (lb && rb)
			return true;
	}
	return false;
}

static void resolve(const char *s, size_t len, const struct group *g, struct pick *pk)
{
	struct word w[512];
	int nw = prose_words(s, len, g, w, 512);
	pk->item = -1;
	pk->nw = 0;
	for (int i = 0; i < nw; i++) {
		/* "neither of these", "none of them": every item set aside, the writer's words are the job */
		if ((weq(s, &w[i], "neither") || weq(s, &w[i], "none")) && i + 2 < nw && weq(s, &w[i + 1], "of") &&
		    (weq(s, &w[i + 2], "these") || weq(s, &w[i + 2], "them") || weq(s, &w[i + 2], "those"))) {
			pk->item = NONE_PICKED;
			return;
		}
		/* by place: "the second one", "the middle recipe", "last command" */
		int pl = place_word(s, &w[i]);
		if (pl && i + 1 < nw && (item_noun(s, &w[i + 1]) || weq(s, &w[i + 1], "of"))) {
			int k = pl > 0 ? pl - 1 : pl == -1 ? g->n - 1 : (g->n % 2 ? g->n / 2 : -1);
			if (k >= 0 && k < g->n)
				vote(pk, k, w[i].a, w[i + 1].b);
			continue;
		}
		/* by name: "run \"mid\"", "as in B", "the train rule", "the stage-3 entry", "just the training step" */
		char nm[40];
		size_t wl = w[i].b - w[i].a;
		if (wl < 40) {
			norm_name(nm, sizeof(nm), s + w[i].a, wl);
			size_t join_b = w[i].b;
			/* "stage 3": the word and a number after it */
			if (i + 1 < nw && w[i + 1].a == w[i].b + 1 && isdigit((unsigned char)s[w[i + 1].a]) &&
			    w[i + 1].b - w[i + 1].a < 4 && strlen(nm) + 4 < sizeof(nm)) {
				char two[48];
				norm_name(two, sizeof(two), s + w[i].a, w[i + 1].b - w[i].a);
				for (int k = 0; k < g->n; k++)
					for (int m = 0; m < g->it[k].nnames; m++)
						if (!strcmp(g->it[k].names[m], two) && strlen(two) > 2) {
							str_copy(nm, sizeof(nm), two);
							join_b = w[i + 1].b;
						}
			}
			int hit = -1, hits = 0;
			for (int k = 0; k < g->n; k++)
				for (int m = 0; m < g->it[k].nnames; m++) {
					const char *n = g->it[k].names[m];
					size_t l = strlen(n);
					bool same = !strcmp(n, nm);
					/* "training" for "train", "evaluation" for "eval" */
					bool stem = !same && l >= 4 && !strncmp(n, nm, l) && strlen(nm) - l <= 6;
					for (size_t x = l; stem && nm[x]; x++)
						if (!isalpha((unsigned char)nm[x]))
							stem = false;
					if (same || stem) {
						if (hit != k)
							hits++;
						hit = k;
						break;
					}
				}
			if (hits == 1) {
				/* a name counts where it is picked: before an item noun ("the m one", "the train rule"),
				 * after a word that picks ("run b", "go with real", "as in B") or quoted ("run \"mid\"");
				 * "prep -> train -> eval" only lists them */
				bool named_one = i + 1 < nw && item_noun(s, &w[i + 1]);
				bool quoted = w[i].a > 0 && (s[w[i].a - 1] == '"' || s[w[i].a - 1] == '`' || s[w[i].a - 1] == '\'');
				bool ok = named_one || quoted || pick_cue_before(s, w, i);
				/* "need a job", "I": words, not item names, unless quoted */
				if (weq(s, &w[i], "i") && !quoted)
					ok = false;
				if (weq(s, &w[i], "a") && !quoted && !(s[w[i].a] == 'A' && pick_cue_before(s, w, i)))
					ok = false;
				/* a name that is a plain number ("2" of "2) ...") only after an item noun or '#' ("recipe
				 * 2", "#2"), never a count ("2 nodes") */
				bool digits = true;
				for (const char *c = nm; *c; c++)
					digits &= isdigit((unsigned char)*c) != 0;
				if (digits)
					ok = (i > 0 && item_noun(s, &w[i - 1])) || (w[i].a > 0 && s[w[i].a - 1] == '#');
				if (ok)
					vote(pk, hit, w[i].a, join_b);
			}
		}
		/* by size: "the 8-node row", "the 24-hour one", "the experiment that uses 64 GPUs", "the one with 16 nodes" */
		if (isdigit((unsigned char)s[w[i].a])) {
			long v = 0;
			size_t d = w[i].a;
			while (d < w[i].b && isdigit((unsigned char)s[d]))
				v = v * 10 + (s[d] - '0'), d++;
			int uk = 0;
			size_t ue = w[i].b;
			if (d < w[i].b && s[d] == '-')
				uk = unit_kind(s + d + 1, w[i].b - d - 1);
			else if (d == w[i].b && i + 1 < nw)
				uk = unit_kind(s + w[i + 1].a, w[i + 1].b - w[i + 1].a), ue = w[i + 1].b;
			int after = d < w[i].b ? i + 1 : i + 2;
			bool noun_after = after < nw && item_noun(s, &w[after]);
			bool uses_before = i >= 2 && (weq(s, &w[i - 1], "uses") || weq(s, &w[i - 1], "using") ||
						     weq(s, &w[i - 1], "with") || weq(s, &w[i - 1], "has")) &&
					   (item_noun(s, &w[i - 2]) || (i >= 3 && item_noun(s, &w[i - 3])));
			if (uk && (noun_after || uses_before)) {
				int hit = -1, hits = 0;
				for (int k = 0; k < g->n; k++) {
					const struct item *it = &g->it[k];
					int have = uk == 1 ? it->nodes : uk == 2 ? it->gpus : it->minutes;
					int want = uk == 3 ? (int)v * 60 : (int)v;
					if (have == want)
						hit = k, hits++;
				}
				if (hits == 1)
					vote(pk, hit, w[i].a, noun_after ? w[after].b : ue);
			}
		}
		/* the longest, shortest, biggest, smallest of them */
		int sup = weq(s, &w[i], "longest") ? 1 : weq(s, &w[i], "shortest") ? 2 :
			  (weq(s, &w[i], "biggest") || weq(s, &w[i], "largest")) ? 3 : weq(s, &w[i], "smallest") ? 4 : 0;
		if (sup && i > 0 && weq(s, &w[i - 1], "the")) {
			int best = -1, bestv = 0;
			bool tie = false;
			for (int k = 0; k < g->n; k++) {
				const struct item *it = &g->it[k];
				int v = sup <= 2 ? it->minutes : it->nodes ? it->nodes : it->gpus;
				if (!v) {
					best = -1;
					tie = true;
					break;
				}
				bool better = best < 0 || ((sup == 1 || sup == 3) ? v > bestv : v < bestv);
				if (best >= 0 && v == bestv)
					tie = true;
				else if (better)
					best = k, bestv = v, tie = false;
			}
			if (best >= 0 && !tie)
				vote(pk, best, w[i - 1].a, w[i].b);
		}
		/* a word only it holds or lacks: "the variant that uses FSDP", "the option that does not use DeepSpeed" */
		if (i >= 2 && (weq(s, &w[i - 1], "uses") || weq(s, &w[i - 1], "use") || weq(s, &w[i - 1], "using")) &&
		    !isdigit((unsigned char)s[w[i].a])) {
			bool neg = (weq(s, &w[i - 2], "not") || weq(s, &w[i - 2], "doesn't") || weq(s, &w[i - 2], "don't")) ||
				   (i >= 3 && weq(s, &w[i - 2], "not") && weq(s, &w[i - 3], "does"));
			bool pick_ctx = false;
			size_t from = w[i].a;
			for (int k = i - 2; k >= 0 && k >= i - 5 && !pick_ctx; k--)
				if (weq(s, &w[k], "that") || weq(s, &w[k], "which") || item_noun(s, &w[k]))
					pick_ctx = true, from = w[k].a;
			if (pick_ctx) {
				int hit = -1, hits = 0;
				for (int k = 0; k < g->n; k++) {
					bool has = item_has_token(s, &g->it[k], s + w[i].a, w[i].b - w[i].a);
					if (has != neg)
						hit = k, hits++;
				}
				if (hits == 1)
					vote(pk, hit, from, w[i].b);
			}
		}
		/* argument values only it holds: "the seed 2 line", "only the 3e-4 run", "the 1.3b one" */
		if ((weq(s, &w[i], "the") || weq(s, &w[i], "only") || weq(s, &w[i], "just")) && i + 2 < nw) {
			for (int span = 1; span <= 2 && i + span + 1 < nw; span++) {
				if (!item_noun(s, &w[i + span + 1]))
					continue;
				bool digit = false, all = true;
				for (int k = i + 1; k <= i + span; k++) {
					for (size_t c = w[k].a; c < w[k].b; c++)
						digit |= isdigit((unsigned char)s[c]);
				}
				if (!digit)
					continue;
				int hit = -1, hits = 0;
				for (int k = 0; k < g->n; k++) {
					all = true;
					for (int m = i + 1; m <= i + span; m++)
						all &= item_has_token(s, &g->it[k], s + w[m].a, w[m].b - w[m].a);
					if (all)
						hit = k, hits++;
				}
				if (hits == 1)
					vote(pk, hit, w[i + 1].a, w[i + span + 1].b);
				break;
			}
		}
	}
}

/* The sizes the writer changes of the picked item ("as in B except a 6-hour limit", "but with 2 nodes
 * instead of 3"): bit 0 nodes, 1 GPUs, 2 time. */
static int changed_sizes(const char *s, size_t len, const struct group *g)
{
	struct word w[512];
	int nw = prose_words(s, len, g, w, 512), mask = 0;
	for (int i = 0; i < nw; i++) {
		if (!weq(s, &w[i], "except") && !weq(s, &w[i], "but") && !weq(s, &w[i], "instead"))
			continue;
		for (int k = i + 1; k < nw && k <= i + 6; k++) {
			if (!isdigit((unsigned char)s[w[k].a]))
				continue;
			size_t d = w[k].a;
			while (d < w[k].b && (isdigit((unsigned char)s[d]) || s[d] == '.'))
				d++;
			int uk = d < w[k].b ? unit_kind(s + d + (s[d] == '-'), w[k].b - d - (s[d] == '-'))
					    : k + 1 < nw ? unit_kind(s + w[k + 1].a, w[k + 1].b - w[k + 1].a) : 0;
			if (uk)
				mask |= 1 << (uk >= 3 ? 2 : uk - 1);
		}
	}
	return mask;
}

/* ---- the rewrite ---- */

/* A JSON or YAML flow object's pairs written as "key: value" lines. */
static void write_pairs(struct strbuf *out, const char *s, size_t a, size_t b)
{
	size_t p = a + 1, e = b - 1; /* inside the braces */
	while (p < e) {
		size_t q = p;
		int depth = 0;
		bool str = false;
		while (q < e && (str || depth || s[q] != ',')) {
			if (s[q] == '"')
				str = !str;
			else if (!str && (s[q] == '{' || s[q] == '['))
				depth++;
			else if (!str && (s[q] == '}' || s[q] == ']'))
				depth--;
			q++;
		}
		size_t x = p, y = q;
		while (x < y && isspace((unsigned char)s[x]))
			x++;
		while (y > x && isspace((unsigned char)s[y - 1]))
			y--;
		for (size_t k = x; k < y; k++)
			if (s[k] != '"')
				strbuf_addch(out, s[k] == '\n' ? ' ' : s[k]);
		strbuf_addch(out, '\n');
		p = q + 1;
	}
}

static void write_item(struct strbuf *out, const char *s, const struct group *g, const struct item *it)
{
	if (g->kind == IK_JSON) {
		write_pairs(out, s, it->a, it->b);
		return;
	}
	size_t p = it->body, e = it->b;
	size_t ind = indent_of(s, p, e);
	/* a flow item "- {nodes: 1, hours: 2}" */
	size_t ce = p + ind < e && s[p + ind] == '{' ? json_close(s, p + ind, e) : 0;
	if (ce && blank_line(s, ce, e)) {
		write_pairs(out, s, p + ind, ce);
		return;
	}
	/* the first line's rest, then the continuation lines without their indentation; a one-line
	 * description's parentheses dropped ("eval (ev.py, 1 node, 1h)": its sizes, not an aside) */
	bool one_line = !memchr(s + p, '\n', e - p) && g->kind != IK_COMMAND && !command_line(s, p, e);
	while (p < e) {
		size_t le = line_end(s, p, e);
		size_t li = indent_of(s, p, le);
		for (size_t k = p + li; k < le; k++)
			strbuf_addch(out, one_line && (s[k] == '(' || s[k] == ')') ? ' ' : s[k]);
		strbuf_addch(out, '\n');
		p = le + 1;
	}
}

char *rd_pick_listed_item(const char *text, size_t len, size_t *out_len)
{
	static int (*const finders[])(const char *, size_t, size_t, struct group *) = {find_json, find_csv, find_labelled,
										      find_commands};
	struct group *g = xcalloc(1, sizeof(*g));
	char *result = NULL;
	for (int f = -2; f < 4 && !result; f++) {
		size_t from = 0;
		for (;;) {
			int found = f == -2 ? find_marked(text, len, from, g, false) :
				    f == -1 ? find_marked(text, len, from, g, true) : finders[f](text, len, from, g);
			if (!found)
				break;
			for (int k = 0; k < g->n && g->kind != IK_CSV; k++) {
				struct item *it = &g->it[k];
				if (!it->body)
					it->body = it->a;
				pair_names(text, it);
				program_name(text, it);
				read_sizes(text, it);
			}
			/* runs, configs, commands: every item states a size or names a program */
			bool substance = true;
			for (int k = 0; k < g->n; k++)
				substance &= g->it[k].nodes || g->it[k].gpus || g->it[k].minutes || g->it[k].program ||
					     (g->kind == IK_COMMAND);
			struct pick pk = {.item = -1};
			if (substance)
				resolve(text, len, g, &pk);
			if (pk.item == NONE_PICKED) {
				struct strbuf out = STRBUF_INIT;
				strbuf_add(&out, text, g->a);
				strbuf_add(&out, text + g->b, len - g->b);
				*out_len = out.len;
				result = strbuf_detach(&out);
				break;
			}
			if (pk.item >= 0) {
				struct strbuf out = STRBUF_INIT;
				/* the picked item with the sizes the writer changes left out */
				char *m = xstrndup(text, len);
				struct item *it = &g->it[pk.item];
				int mask = changed_sizes(text, len, g);
				for (int k = 0; k < 3; k++)
					if ((mask >> k & 1) && it->span_b[k] > it->span_a[k])
						memset(m + it->span_a[k], ' ', it->span_b[k] - it->span_a[k]);
				size_t a = g->a;
				/* the whole lines of a line-shaped group */
				strbuf_add(&out, text, a);
				write_item(&out, m, g, it);
				free(m);
				size_t tail = g->b;
				if (g->kind != IK_JSON && tail < len && text[tail] == '\n')
					tail++;
				size_t base = out.len;
				strbuf_add(&out, text + tail, len - tail);
				/* the words that picked it, blanked (they are in the text before or after the group) */
				for (int k = 0; k < pk.nw; k++) {
					size_t pa = pk.a[k], pb = pk.b[k];
					if (pa >= tail)
						memset(out.buf + base + (pa - tail), ' ', pb - pa);
					else if (pb <= a)
						memset(out.buf + pa, ' ', pb - pa);
				}
				*out_len = out.len;
				result = strbuf_detach(&out);
				break;
			}
			from = g->b < len ? g->b : len;
			if (from >= len)
				break;
		}
	}
	free(g);
	return result;
}
