/* picked_shapes.c - the shapes of a list of runs, configs, commands or stages that picked_items.c reads a
 * pick from: YAML block and flow items ("- name: x" with lines under it, "- {nodes: 1}"), bullets and
 * numbered lines ("• 2 nodes, 4 h", "2) torchrun ..."), labelled lines and blocks ("train: python ...",
 * "stage 2 - ...", "rule train:", "# one node, 4 GPUs" or "== Multi-node ==" over a command), command lines
 * (jobs.txt, a qsub/sbatch chain), CSV rows under a header, JSON arrays, objects and lines of objects; and
 * each item's names ("name: mid", a label, a JSON key, its program's stem) and sizes (nodes, GPUs, time). */
#include "picked_items.h"
#include "vocab.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- small text helpers ---- */

size_t pk_line_end(const char *s, size_t a, size_t len)
{
	const char *nl = memchr(s + a, '\n', len - a);
	return nl ? (size_t)(nl - s) : len;
}

size_t pk_indent_of(const char *s, size_t a, size_t e)
{
	size_t p = a;
	while (p < e && (s[p] == ' ' || s[p] == '\t'))
		p++;
	return p - a;
}

bool pk_blank_line(const char *s, size_t a, size_t e)
{
	return pk_indent_of(s, a, e) == e - a;
}

bool pk_wordch(int c)
{
	return isalnum(c) || c == '_' || c == '-' || c == '.' || (c & 0x80);
}

/* A name normalised: lower case, without '-', '_', ' ', quotes. */
void pk_norm_name(char *dst, size_t cap, const char *s, size_t n)
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
	pk_norm_name(it->names[it->nnames], sizeof(it->names[0]), s, n);
	if (it->names[it->nnames][0])
		it->nnames++;
}

/* ---- an item's sizes ---- */

int pk_unit_kind(const char *w, size_t n)
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
				v = v < 10000000 ? v * 10 + (w[d] - '0') : v, d++; /* past any size: no overflow */
			int uk = 0;
			bool keyed = false; /* "nodes: 8", "\"nodes\": 8", "nodes=8" */
			for (const char *x = prev ? prev + prevn : w; prev && x < w; x++)
				keyed |= *x == ':' || *x == '=';
			if (prev && keyed)
				uk = pk_unit_kind(prev, prevn);
			/* a fraction of an hour: "hours: 0.5", "1.5h", "2.5 hours" */
			size_t fe = d;
			int tenths = -1;
			if (d + 1 < n && w[d] == '.' && isdigit((unsigned char)w[d + 1])) {
				tenths = w[d + 1] - '0';
				fe = d + 2;
				while (fe < n && isdigit((unsigned char)w[fe]))
					fe++;
			}
			int frac_unit = 0;
			size_t frac_end = q;
			if (tenths >= 0 && fe < n)
				frac_unit = pk_unit_kind(w + fe, n - fe);
			else if (tenths >= 0 && prev && keyed)
				frac_unit = uk;
			else if (tenths >= 0) {
				size_t r = q, t;
				while (r < it->b && s[r] == ' ')
					r++;
				for (t = r; t < it->b && isalpha((unsigned char)s[t]);)
					t++;
				frac_unit = t > r ? pk_unit_kind(s + r, t - r) : 0;
				frac_end = t;
			}
			if (tenths >= 0 && frac_unit >= 3 && cm < 0) {
				long mins = frac_unit == 3 ? v * 60 + tenths * 6 : v;
				set_size(it, 4, mins, prev && keyed ? (size_t)(prev - s) : p, frac_end);
			} else if (cm >= 0 && (!prev || uk >= 3 || (keyed && (!strncasecmp(prev, "walltime", prevn) ||
							       !strncasecmp(prev, "time", prevn))) || !keyed))
				set_size(it, 4, cm, keyed ? (size_t)(prev - s) : p, q);
			else if (d == n && prev && uk)
				set_size(it, uk, v, (size_t)(prev - s), q); /* "nodes: 8" */
			else if (d < n && pk_unit_kind(w + d, n - d))
				set_size(it, pk_unit_kind(w + d, n - d), v, p, q); /* "10h", "30min" */
			else if (d == n) {
				/* "8 nodes", "8-node" */
				size_t r = q;
				while (r < it->b && (s[r] == ' ' || s[r] == '-'))
					r++;
				size_t t = r;
				while (t < it->b && isalpha((unsigned char)s[t]))
					t++;
				if (t > r && pk_unit_kind(s + r, t - r))
					set_size(it, pk_unit_kind(s + r, t - r), v, p, t);
			}
		}
		prev = w;
		prevn = n;
		p = q;
	}
}

/* ---- finding the items ---- */

/* The marker of a bullet line ("- ", "* ", "• ", and a task list's "- [ ] " / "- [x] "): its length, 0 when
 * none. */
static size_t bullet_marker(const char *s, size_t p, size_t e)
{
	if (p + 1 < e && (s[p] == '-' || s[p] == '*') && s[p + 1] == ' ') {
		if (p + 5 < e && s[p + 2] == '[' && strchr(" xX", s[p + 3]) && s[p + 4] == ']' && s[p + 5] == ' ')
			return 6;
		return 2;
	}
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
		pk_norm_name(key, sizeof(key), s + w, q - w < 39 ? q - w : 39);
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

/* Is the label s[a, b) (up to its ':' or " - ") worth keeping with the item's content? A name
 * ("Polaris: 8 nodes", "train: python train.py") is; a letter or a number ("B: 16 nodes", "stage 3 -
 * eval", where "stage 3" would read as ZeRO's) only tells the items apart. */
static bool keep_label(const char *s, size_t a, size_t b)
{
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == ':' || s[b - 1] == '-' || s[b - 1] == '='))
		b--;
	if (b - a < 2)
		return false;
	for (size_t k = a; k < b; k++)
		if (isdigit((unsigned char)s[k]))
			return false;
	return true;
}

/* Names an item has in its "key: value" pairs ("name: mid", "\"run\": \"m\"", "stage: 3"). */
static void pair_names(const char *s, struct item *it)
{
	static const char *const keys[] = {"name", "run", "id", "stage", "step", "exp", "experiment", "label", "tag",
					   "config", "variant", "option", NULL};
	for (size_t p = it->a; p < it->b; p++) {
		if (p > it->a && pk_wordch((unsigned char)s[p - 1]))
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
	/* a program's or a job script's file ending */
	static const char *const ext[] = {".py", ".sh", ".pbs", ".slurm", ".sbatch", ".job", NULL};
	for (size_t p = it->body; p < it->b; p++) {
		if (s[p] != '.')
			continue;
		size_t el = 0;
		for (const char *const *x = ext; *x && !el; x++)
			if (p + strlen(*x) <= it->b && !strncmp(s + p, *x, strlen(*x)))
				el = strlen(*x);
		if (!el || (p + el < it->b && isalnum((unsigned char)s[p + el])))
			continue;
		size_t a = p;
		while (a > it->body && (isalnum((unsigned char)s[a - 1]) || s[a - 1] == '_' || s[a - 1] == '-'))
			a--;
		if (a < p) {
			add_name(it, s + a, p - a);	 /* "the train job" */
			add_name(it, s + a, p + el - a); /* "the train.pbs one" */
		}
		it->program = true;
		return;
	}
}

/* Bullet or numbered items: a marker at one indentation, lines indented deeper under it. */
int pk_find_marked(const char *s, size_t len, size_t from, struct group *g, bool numbered)
{
	size_t p = from;
	while (p < len) {
		size_t e = pk_line_end(s, p, len);
		size_t ind = pk_indent_of(s, p, e);
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
			size_t qe = pk_line_end(s, q, len);
			size_t qi = pk_indent_of(s, q, qe);
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
				size_t re = pk_line_end(s, r, len);
				if (pk_blank_line(s, r, re) || pk_indent_of(s, r, re) <= ind)
					break;
				it->b = re;
				r = re < len ? re + 1 : len;
			}
			/* a one-line item is its content after the label ("B: 16 nodes, 10h"); a block keeps its
			 * "name: mid" line */
			if (it->b == qe && lb > q + qi + m && !keep_label(s, q + qi + m, lb))
				it->body = lb;
			q = r;
			/* one blank line between items */
			if (q < len) {
				size_t qe2 = pk_line_end(s, q, len);
				if (pk_blank_line(s, q, qe2) && qe2 < len) {
					size_t n2 = qe2 + 1, ne2 = pk_line_end(s, n2, len);
					int nn;
					size_t ni = pk_indent_of(s, n2, ne2);
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

/* Lines of labelled items ("prep: python prep.py (1 node, 1h)", "stage 2 - pretrain (...)", "rule train:"
 * with its indented block, "# one node, 4 GPUs" or "## 8-GPU server" above a command). */
int pk_find_labelled(const char *s, size_t len, size_t from, struct group *g)
{
	size_t p = from;
	while (p < len) {
		g->n = 0;
		g->kind = IK_LABEL;
		g->a = p;
		size_t q = p;
		/* the labels' indentation: 0, or a YAML map's keys under their parent ("services:\n  trainer:") */
		size_t ind = pk_indent_of(s, p, pk_line_end(s, p, len));
		while (q < len && g->n < MAX_ITEMS) {
			size_t qe = pk_line_end(s, q, len);
			size_t qi = pk_indent_of(s, q, qe);
			if (qi != ind || qe == q)
				break;
			q += qi;
			struct item it;
			memset(&it, 0, sizeof(it));
			it.a = q;
			size_t body = q;
			bool block = false;
			if (qe - q > 5 && !strncmp(s + q, "rule ", 5) && s[qe - 1] == ':') {
				add_name(&it, s + q + 5, qe - 1 - (q + 5));
				block = true;
				body = qe;
			} else if (s[q] == '#' || (!ind && qe - q > 4 && !strncmp(s + q, "==", 2))) {
				size_t h = q;
				while (h < qe && (s[h] == '#' || s[h] == '=' || s[h] == ' '))
					h++;
				size_t he = qe;
				while (he > h && (s[he - 1] == '=' || s[he - 1] == ' ' || s[he - 1] == ':'))
					he--;
				if (he == h || (qe + 1 >= len))
					break;
				add_name(&it, s + h, he - h);
				struct item lab = {.a = h, .b = he};
				read_sizes(s, &lab);
				it.lab_a = h;
				it.lab_b = he;
				it.lab_sized = lab.nodes || lab.gpus || lab.minutes;
				body = qe;
				block = true;
			} else {
				body = label_prefix(s, q, qe, &it);
				if (body == q || (ind && body < qe - 1))
					break; /* under a parent, only "name:" over its block */
				size_t lb = body;
				if (keep_label(s, q, lb) && body < qe - 1)
					body = q;
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
					size_t re = pk_line_end(s, r, len);
					if (pk_blank_line(s, r, re) || s[r] == '#' || (re - r > 2 && !strncmp(s + r, "==", 2)))
						break;
					if (pk_indent_of(s, r, re) <= ind && (!heading || !pk_command_line(s, r, re)))
						break;
					it.b = re;
					r = re < len ? re + 1 : len;
				}
				if (it.b == qe)
					break; /* a heading with nothing under it */
			} else {
				/* "Option B - fully sharded" over an indented command: the lines under it are its own */
				while (r < len) {
					size_t re = pk_line_end(s, r, len);
					if (pk_blank_line(s, r, re) || pk_indent_of(s, r, re) <= ind)
						break;
					it.b = re;
					r = re < len ? re + 1 : len;
				}
			}
			g->it[g->n++] = it;
			q = r;
			if (q < len) { /* one blank line between items */
				size_t qe2 = pk_line_end(s, q, len);
				if (pk_blank_line(s, q, qe2) && qe2 < len)
					q = qe2 + 1;
			}
		}
		if (g->n >= 2) {
			g->b = g->it[g->n - 1].b;
			return 1;
		}
		p = pk_line_end(s, p, len) + 1;
	}
	return 0;
}

/* Lines that each run a command ("python train.py --seed 1", "jid2=$(sbatch train.sh)  # 8 nodes"). */
bool pk_command_line(const char *s, size_t a, size_t e)
{
	size_t p = a + pk_indent_of(s, a, e);
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

int pk_find_commands(const char *s, size_t len, size_t from, struct group *g)
{
	size_t p = from;
	while (p < len) {
		g->n = 0;
		g->kind = IK_COMMAND;
		g->a = p;
		size_t q = p;
		while (q < len && g->n < MAX_ITEMS) {
			size_t qe = pk_line_end(s, q, len);
			if (!pk_command_line(s, q, qe))
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
		p = pk_line_end(s, p, len) + 1;
	}
	return 0;
}

/* The cells of a CSV line s[a, e) split on sep: their starts and ends; returns their number. */
int pk_csv_cells(const char *s, size_t a, size_t e, char sep, size_t *ca, size_t *cb, int cap)
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
int pk_find_csv(const char *s, size_t len, size_t from, struct group *g)
{
	size_t ha[16], hb[16], ca[16], cb[16];
	for (size_t p = from; p < len;) {
		size_t e = pk_line_end(s, p, len);
		char sep = memchr(s + p, ',', e - p) ? ',' : memchr(s + p, '\t', e - p) ? '\t' : memchr(s + p, ';', e - p) ? ';' : 0;
		int nh = sep ? pk_csv_cells(s, p, e, sep, ha, hb, 16) : 0;
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
			size_t qe = pk_line_end(s, q, len);
			if (pk_csv_cells(s, q, qe, sep, ca, cb, 16) != nh)
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
					num = num < 10000000 ? num * 10 + (v[d] - '0') : num, d++;
				int uk = pk_unit_kind(h, hn);
				int cm = clock_minutes(v, vn);
				char key[32];
				pk_norm_name(key, sizeof(key), h, hn < 31 ? hn : 31);
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
size_t pk_json_close(const char *s, size_t p, size_t len)
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
			size_t e = pk_json_close(s, i, b);
			if (!e)
				return 0;
			i = e - 1;
			key_a = key_b = 0;
			continue;
		}
		if (ch == '{') {
			size_t e = pk_json_close(s, i, b);
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
int pk_find_json(const char *s, size_t len, size_t from, struct group *g)
{
	int unclosed = 0; /* openers that never close: each costs a scan to the end, so only a few are tried */
	for (size_t p = from; p < len; p++) {
		if (s[p] != '[' && s[p] != '{')
			continue;
		size_t e = pk_json_close(s, p, len);
		if (!e) {
			if (++unclosed > 16)
				return 0;
			continue;
		}
		/* JSON lines: this object alone on its line, the next lines too */
		size_t ls = p;
		while (ls > 0 && s[ls - 1] != '\n')
			ls--;
		size_t le = pk_line_end(s, p, len);
		if (s[p] == '{' && pk_blank_line(s, ls, p) && pk_blank_line(s, e, le)) {
			g->n = 0;
			g->kind = IK_JSON;
			size_t q = ls;
			while (q < len && g->n < MAX_ITEMS) {
				size_t qe = pk_line_end(s, q, len);
				size_t qi = q + pk_indent_of(s, q, qe);
				size_t ce = qi < qe && s[qi] == '{' ? pk_json_close(s, qi, qe) : 0;
				if (!ce || !pk_blank_line(s, ce, qe))
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
			size_t ce = pk_json_close(s, c, e);
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

/* Does the item hold a command under a key ("command: ...", "cmd: [...]", "shell: ...", "entrypoint:")? */
static bool runs_command(const char *s, const struct item *it)
{
	static const char *const keys[] = {"command", "cmd", "shell", "entrypoint", "args", NULL};
	for (size_t p = it->a; p < it->b; p++) {
		if (p > it->a && pk_wordch((unsigned char)s[p - 1]))
			continue;
		for (const char *const *k = keys; *k; k++) {
			size_t n = strlen(*k);
			if (p + n + 1 < it->b && !strncmp(s + p, *k, n) && s[p + n] == ':' && s[p + n + 1] == ' ')
				return true;
		}
	}
	return false;
}

void pk_describe(const char *s, struct group *g)
{
	for (int k = 0; k < g->n && g->kind != IK_CSV; k++) {
		struct item *it = &g->it[k];
		if (!it->body)
			it->body = it->a;
		it->runs = runs_command(s, it);
		pair_names(s, it);
		program_name(s, it);
		read_sizes(s, it);
	}
}
