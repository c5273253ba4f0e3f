/* picked_loop.c - a shell loop that runs one job per value and the writer's words that pick one value:
 *     for seed in 0 1 2; do                     for lr in 1e-4 3e-4 1e-3; do python train.py --lr $lr; done
 *       torchrun ... train.py --seed $seed      "only the 3e-4 run"
 *     done
 *     "show me seed 1's", "just the seed 2 one", "the 1.3b one" (for size in 125m 350m 1.3b)
 * The loop is rewritten as its body with the variable ($seed, ${seed}, "$seed") replaced by the picked
 * value, and the words that picked it are blanked, so that the job read is the one the value runs. A
 * value is picked where the writer names it after the loop's variable ("seed 1"), before a noun that
 * names a run ("the 3e-4 run", data/lexicon's item_nouns), or (a value that is not a plain number) after
 * "the", "only", "just"; a loop whose values are all asked for ("all three seeds") or none is left as it
 * is (NULL). Values are the words after "in" ({1..3} ranges expanded). */
#include "reader.h"
#include "picked_loop.h"
#include "vocab.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool word_at(const char *s, size_t len, size_t p, const char *w)
{
	size_t n = strlen(w);
	return p + n <= len && !strncmp(s + p, w, n) && (p == 0 || !isalnum((unsigned char)s[p - 1])) &&
	       (p + n == len || !(isalnum((unsigned char)s[p + n]) || s[p + n] == '_'));
}

static void add_value(struct loop *l, const char *v, size_t n)
{
	if (l->nval < MAX_VALUES && n && n < sizeof(l->val[0])) {
		memcpy(l->val[l->nval], v, n);
		l->val[l->nval++][n] = 0;
	}
}

/* The values after "in": words up to ';' or the line's end; "{1..4}", "$(seq 1 5)" expanded, "${seeds[@]}"
 * read from the array's "seeds=(11 22 33)". Returns where they end. */
static size_t read_values(const char *s, size_t len, size_t p, struct loop *l)
{
	while (p < len && (s[p] == ' ' || s[p] == '\t'))
		p++;
	int lo, st, hi, used = 0;
	char tmp[64];
	size_t e = p;
	while (e < len && s[e] != ';' && s[e] != '\n')
		e++;
	size_t n = e - p < sizeof(tmp) - 1 ? e - p : sizeof(tmp) - 1;
	memcpy(tmp, s + p, n);
	tmp[n] = 0;
	while (n && (tmp[n - 1] == ' ' || tmp[n - 1] == '\t'))
		tmp[--n] = 0;
	/* "$(seq 1 5)", "$(seq 0 2 8)", "`seq 3`" */
	if ((sscanf(tmp, "$(seq %d %d %d)%n", &lo, &st, &hi, &used) == 3 ||
	     sscanf(tmp, "`seq %d %d %d`%n", &lo, &st, &hi, &used) == 3) && (size_t)used == n && st > 0 &&
	    lo <= hi && (hi - lo) / st < MAX_VALUES) {
		for (int v = lo; v <= hi; v += st) {
			char b[16];
			add_value(l, b, (size_t)snprintf(b, sizeof(b), "%d", v));
		}
		return e;
	}
	if ((sscanf(tmp, "$(seq %d %d)%n", &lo, &hi, &used) == 2 || sscanf(tmp, "`seq %d %d`%n", &lo, &hi, &used) == 2) &&
	    (size_t)used == n && lo <= hi && hi - lo < MAX_VALUES) {
		for (int v = lo; v <= hi; v++) {
			char b[16];
			add_value(l, b, (size_t)snprintf(b, sizeof(b), "%d", v));
		}
		return e;
	}
	/* "${seeds[@]}", "\"${seeds[@]}\"": the array's values where it is set */
	char name[32];
	if ((sscanf(tmp, "\"${%31[A-Za-z0-9_][@]}\"%n", name, &used) == 1 || sscanf(tmp, "${%31[A-Za-z0-9_][@]}%n", name, &used) == 1) &&
	    (size_t)used == n) {
		pk_array_values(s, len, name, l);
		return e;
	}
	while (p < len && s[p] != ';' && s[p] != '\n') {
		while (p < len && (s[p] == ' ' || s[p] == '\t'))
			p++;
		size_t q = p;
		while (q < len && !isspace((unsigned char)s[q]) && s[q] != ';')
			q++;
		if (q == p)
			break;
		int lo, hi, used = 0;
		char tmp[32];
		size_t n = q - p < sizeof(tmp) - 1 ? q - p : sizeof(tmp) - 1;
		memcpy(tmp, s + p, n);
		tmp[n] = 0;
		if (sscanf(tmp, "{%d..%d}%n", &lo, &hi, &used) == 2 && (size_t)used == n && lo <= hi && hi - lo < MAX_VALUES) {
			for (int v = lo; v <= hi; v++) {
				char b[16];
				int k = snprintf(b, sizeof(b), "%d", v);
				add_value(l, b, (size_t)k);
			}
		} else {
			/* quotes around a value are the shell's */
			size_t a = p, e = q;
			if (e - a >= 2 && (s[a] == '"' || s[a] == '\'') && s[e - 1] == s[a])
				a++, e--;
			add_value(l, s + a, e - a);
		}
		p = q;
	}
	return p;
}

/* The next "for VAR in ...; do ... done" from p on. */
static bool find_loop(const char *s, size_t len, size_t from, struct loop *l)
{
	for (size_t p = from; p + 4 < len; p++) {
		if (!word_at(s, len, p, "for"))
			continue;
		memset(l, 0, sizeof(*l));
		size_t q = p + 3;
		while (q < len && s[q] == ' ')
			q++;
		size_t v = q;
		while (q < len && (isalnum((unsigned char)s[q]) || s[q] == '_'))
			q++;
		if (q == v || q - v >= sizeof(l->var))
			continue;
		memcpy(l->var, s + v, q - v);
		while (q < len && s[q] == ' ')
			q++;
		if (!word_at(s, len, q, "in"))
			continue;
		q = read_values(s, len, q + 2, l);
		if (l->nval < 2)
			continue;
		/* "; do" or a line "do" */
		while (q < len && (s[q] == ';' || isspace((unsigned char)s[q])))
			q++;
		if (!word_at(s, len, q, "do"))
			continue;
		l->body_a = q + 2;
		size_t d = l->body_a;
		while (d + 4 <= len && !word_at(s, len, d, "done"))
			d++;
		if (d + 4 > len)
			return false; /* no "done" after this one: none after a later one either */
		l->body_b = d;
		l->a = p;
		l->b = d + 4;
		return true;
	}
	return false;
}

static bool weq_n(const char *a, size_t n, const char *lit)
{
	return strlen(lit) == n && !strncasecmp(a, lit, n);
}

static bool noun(const char *s, size_t a, size_t b)
{
	char w[32];
	if (b - a >= sizeof(w))
		return false;
	for (size_t i = a; i < b; i++)
		w[i - a] = (char)tolower((unsigned char)s[i]);
	w[b - a] = 0;
	return vocab_in(VL_ITEM_NOUN, w);
}

/* The value the words outside the loop pick: its index, -1 none or several; *pa, *pb the picking words. */
int pk_pick_value(const char *s, size_t len, const struct loop *l, size_t *pa, size_t *pb)
{
	int picked = -1;
	size_t wa[256], wb[256];
	int nw = 0;
	for (size_t p = 0; p < len && nw < 256;) {
		if (p >= l->a && p < l->b) {
			p = l->b;
			continue;
		}
		if (isspace((unsigned char)s[p]) || strchr(",;:()\"'`?!=", s[p])) {
			p++;
			continue;
		}
		size_t q = p;
		/* "lr=3e-4" as "lr" and "3e-4" */
		while (q < len && !isspace((unsigned char)s[q]) && !strchr(",;:()\"`?!=", s[q]) && !(q >= l->a && q < l->b))
			q++;
		size_t e = q;
		if (e - p > 2 && s[e - 2] == '\'' && s[e - 1] == 's') /* "seed 1's" */
			e -= 2;
		while (e > p && (s[e - 1] == '.' || s[e - 1] == '\''))
			e--;
		if (e > p) {
			wa[nw] = p;
			wb[nw++] = e;
		}
		p = q;
	}
	for (int i = 0; i < nw; i++) {
		for (int v = 0; v < l->nval; v++) {
			if (!weq_n(s + wa[i], wb[i] - wa[i], l->val[v]))
				continue;
			bool number = true;
			for (const char *c = l->val[v]; *c; c++)
				number &= isdigit((unsigned char)*c) != 0;
			bool after_var = i > 0 && (weq_n(s + wa[i - 1], wb[i - 1] - wa[i - 1], l->var) ||
						   (l->alias[0][0] && weq_n(s + wa[i - 1], wb[i - 1] - wa[i - 1], l->alias[0])) ||
						   (l->alias[1][0] && weq_n(s + wa[i - 1], wb[i - 1] - wa[i - 1], l->alias[1])));
			bool before_noun = i + 1 < nw && noun(s, wa[i + 1], wb[i + 1]);
			bool possessive = wb[i] + 2 <= len && s[wb[i]] == '\'' && s[wb[i] + 1] == 's';
			bool after_the = i > 0 && (weq_n(s + wa[i - 1], wb[i - 1] - wa[i - 1], "the") ||
						   weq_n(s + wa[i - 1], wb[i - 1] - wa[i - 1], "only") ||
						   weq_n(s + wa[i - 1], wb[i - 1] - wa[i - 1], "just"));
			if (!(after_var || before_noun || possessive || (after_the && !number)))
				continue;
			/* "a job", "I need": an article or a pronoun, not the value "a" */
			if (!after_var && wb[i] - wa[i] == 1 && (s[wa[i]] == 'a' || s[wa[i]] == 'I'))
				continue;
			if (picked >= 0 && picked != v)
				return -1;
			picked = v;
			*pa = after_var ? wa[i - 1] : wa[i];
			*pb = before_noun ? wb[i + 1] : possessive ? wb[i] + 2 : wb[i];
		}
	}
	return picked;
}

/* The body with $VAR, ${VAR} replaced by the value; "do"/"done" separators dropped. */
static void write_body(struct strbuf *out, const char *s, const struct loop *l, const char *value)
{
	size_t vl = strlen(l->var);
	size_t p = l->body_a, e = l->body_b;
	while (p < e && (isspace((unsigned char)s[p]) || s[p] == ';'))
		p++;
	while (e > p && (isspace((unsigned char)s[e - 1]) || s[e - 1] == ';'))
		e--;
	for (; p < e; p++) {
		if (s[p] == '$' && p + 1 + vl <= e && !strncmp(s + p + 1, l->var, vl) &&
		    (p + 1 + vl == e || !(isalnum((unsigned char)s[p + 1 + vl]) || s[p + 1 + vl] == '_'))) {
			strbuf_adds(out, value);
			p += vl;
			continue;
		}
		if (s[p] == '$' && p + 3 + vl <= e && s[p + 1] == '{' && !strncmp(s + p + 2, l->var, vl) &&
		    s[p + 2 + vl] == '}') {
			strbuf_adds(out, value);
			p += vl + 2;
			continue;
		}
		strbuf_addch(out, s[p]);
	}
}

char *rd_pick_loop_value(const char *text, size_t len, size_t *out_len)
{
	struct loop l;
	for (size_t from = 0; find_loop(text, len, from, &l); from = l.b) {
		size_t pa = 0, pb = 0;
		int v = pk_pick_value(text, len, &l, &pa, &pb);
		if (v < 0)
			continue;
		struct strbuf out = STRBUF_INIT;
		strbuf_add(&out, text, l.a);
		write_body(&out, text, &l, l.val[v]);
		size_t base = out.len;
		strbuf_add(&out, text + l.b, len - l.b);
		if (pb <= l.a)
			memset(out.buf + pa, ' ', pb - pa);
		else if (pa >= l.b)
			memset(out.buf + base + (pa - l.b), ' ', pb - pa);
		*out_len = out.len;
		return strbuf_detach(&out);
	}
	/* a job array, a Hydra multirun, a GNU parallel line */
	return pk_pick_sweep_value(text, len, out_len);
}
