/* tokens.c - the request reader's tokenizer: whitespace tokens split into the pieces the grammar
 * reads ("4gpus" -> 4 gpus, "--nodes=2" -> --nodes 2, "gpus/node" -> gpus per node), with shared
 * token tests. */
#include "extract.h"
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* tokens */

/* Whether a bare "16g" that ends at byte end counts GPUs: no memory word, GPU word, count or node word
 * stands right before it, and no memory, GPU or node word right after it ("mem 64g", "16g of host RAM", "A100 80g", "80g A100s", "40g nodes"). */
static bool bare_gpu_count(const struct ctx *c, size_t end)
{
	static const char *const memory[] = {"mem", "memory", "ram", "--mem", "mem-per-cpu", "--mem-per-cpu", "vram",
					     "hbm", "of", "host", "cpu", "system", "swap", "disk", "storage", "quota",
					     "scratch", "per", "each", "a", "/", "shm", "--shm-size", "heap", "with", NULL};
	if (c->n > 0) {
		const char *prev = c->t[c->n - 1].norm;
		/* after a node count ("2n 64g") it is left to memory as before: "1n 2g" is read above */
		if (rd_in_list(prev, memory) || is_gpu_unit(prev) || !strcmp(prev, "gpu") || vocab_gpu_model(prev) ||
		    c->t[c->n - 1].is_num || is_node_unit(prev))
			return false;
	}
	size_t p = end;
	while (p < c->len && (c->text[p] == ' ' || c->text[p] == '\t'))
		p++;
	char w[24];
	size_t l = 0;
	while (p < c->len && l + 1 < sizeof(w) && (isalnum((unsigned char)c->text[p]) || c->text[p] == '-'))
		w[l++] = (char)tolower((unsigned char)c->text[p++]);
	w[l] = '\0';
	return !(l && (rd_in_list(w, memory) || is_gpu_unit(w) || !strcmp(w, "gpu") || is_node_unit(w) ||
		       vocab_gpu_model(w) || !strcmp(w, "node") || !strcmp(w, "gb")));
}

bool rd_is_trailing_punct(char c)
{
	return c == ',' || c == '.' || c == ';' || c == ':' || c == '!' || c == '?' || c == ')' || c == ']' ||
	       c == '"' || c == '\'' || c == '`' || c == '}';
}

bool rd_is_leading_punct(char c)
{
	return c == '(' || c == '[' || c == '"' || c == '\'' || c == '`' || c == '{';
}

/* The lower case of the two-byte UTF-8 letter a b (Latin-1, Latin Extended-A, Greek, Cyrillic: "Účet",
 * "Łódź", "Λογαριασμός", "Нужна"), written over a b; the same byte length in each of these blocks. */
static void lower2(unsigned char *a, unsigned char *b)
{
	unsigned cp = ((unsigned)(*a & 0x1F) << 6) | (*b & 0x3F);
	if ((cp >= 0xC0 && cp <= 0xDE && cp != 0xD7) || (cp >= 0x391 && cp <= 0x3AB && cp != 0x3A2) ||
	    (cp >= 0x410 && cp <= 0x42F))
		cp += 0x20;
	else if (cp >= 0x400 && cp <= 0x40F)
		cp += 0x50;
	else if ((cp >= 0x100 && cp <= 0x137 && !(cp & 1)) || (cp >= 0x139 && cp <= 0x148 && (cp & 1)) ||
		 (cp >= 0x14A && cp <= 0x177 && !(cp & 1)) || (cp >= 0x179 && cp <= 0x17E && (cp & 1)))
		cp += 1;
	else
		return;
	*a = (unsigned char)(0xC0 | (cp >> 6));
	*b = (unsigned char)(0x80 | (cp & 0x3F));
}

static void lower(char *d, const char *s)
{
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch >= 0xC3 && ch <= 0xD0 && ((unsigned char)s[1] & 0xC0) == 0x80) {
			unsigned char a = ch, b = (unsigned char)s[1];
			lower2(&a, &b);
			*d++ = (char)a, *d++ = (char)b;
			s++;
			continue;
		}
		*d++ = (char)tolower(ch);
	}
	*d = '\0';
}

bool rd_parse_number(const char *s, double *out)
{
	if (!*s)
		return false;
	char *end;
	if (!isdigit((unsigned char)s[0]) && !(s[0] == '.' && isdigit((unsigned char)s[1])))
		return false;
	double v = strtod(s, &end);
	if (*end)
		return false;
	*out = v;
	return true;
}

/* A Korean particle written against the word it follows ("계정은", "파티션으로", "Bridges-2에서" once split):
 * the word's norm is the word. Only on a word of Hangul, the particle and at least one syllable before it. */
static void strip_korean_particle(char *w)
{
	static const char *const particles[] = {"\uc73c\ub85c", "\uc5d0\uc11c", "\uc740", "\ub294", "\uc774", "\uac00",
						"\uc744", "\ub97c", "\uc5d0", "\ub85c", "\uc758", "\ub3c4", NULL};
	/* 으로 에서 은 는 이 가 을 를 에 로 의 도 */
	size_t n = strlen(w);
	if (n < 6 || n % 3)
		return;
	for (size_t k = 0; k < n; k += 3)
		if ((unsigned char)w[k] != 0xEA && (unsigned char)w[k] != 0xEB && (unsigned char)w[k] != 0xEC &&
		    (unsigned char)w[k] != 0xED)
			return; /* Hangul syllables: U+AC00-U+D7A3 */
	for (size_t i = 0; particles[i]; i++) {
		size_t l = strlen(particles[i]);
		if (n > l && !strcmp(w + n - l, particles[i])) {
			w[n - l] = '\0';
			return;
		}
	}
}

/* A Japanese particle written against the word it follows ("プロジェクトは", "Polarisで" once split):
 * the word's norm is the word. Only on a word of Japanese or Chinese characters, two or more. */
static void strip_particle(char *w)
{
	static const char *const particles[] = {"\u306f", "\u304c", "\u3092", "\u3067", "\u306b", "\u306e", "\u3082",
						"\u3078", "\u3068", NULL}; /* は が を で に の も へ と */
	size_t n = strlen(w);
	if (n < 6 || n % 3)
		return;
	for (size_t k = 0; k < n; k += 3)
		if ((unsigned char)w[k] < 0xE3 || (unsigned char)w[k] > 0xE9)
			return;
	for (size_t i = 0; particles[i]; i++)
		if (!strcmp(w + n - 3, particles[i])) {
			w[n - 3] = '\0';
			return;
		}
}

static void push_tok(struct ctx *c, size_t start, size_t end, const char *raw, char trail)
{
	if (c->n >= MAX_TOKS || !*raw)
		return;
	if (c->n == c->alloc) {
		c->alloc = c->alloc ? c->alloc * 2 : 64;
		c->t = xrealloc(c->t, c->alloc * sizeof(*c->t));
	}
	struct tok *t = &c->t[c->n++];
	memset(t, 0, sizeof(*t));
	t->start = start;
	t->end = end;
	str_copy(t->raw, sizeof(t->raw), raw);
	lower(t->norm, t->raw);
	/* "...scratch the node count": an ellipsis glued to the word it leads to (the word is the word) */
	if (!strncmp(t->norm, "...", 3) && isalpha((unsigned char)t->norm[3]))
		memmove(t->norm, t->norm + 3, strlen(t->norm + 3) + 1);
	strip_particle(t->norm);
	strip_korean_particle(t->norm);
	/* a CJK unit word with the next word written against it ("2 个节点跑 train.py": 节点 + 跑, run) */
	static const char *const cjk_units[] = {"\u8282\u70b9", "\u7bc0\u9ede", "\u30ce\u30fc\u30c9", "\ub178\ub4dc",
						"\u5c0f\u65f6", "\u5c0f\u6642", "\u6642\u9593", "\uc2dc\uac04",
						/* queue: 큐, キュー, 队列, 隊列 ("shared 큐에서", "debug队列上") */
						"\ud050", "\u30ad\u30e5\u30fc", "\u961f\u5217", "\u968a\u5217", NULL};
	/* (each of them starts with a byte from 0xE3 up: a word that does not is none of them) */
	for (size_t i = 0; (unsigned char)t->norm[0] >= 0xE3 && cjk_units[i]; i++) {
		size_t l = strlen(cjk_units[i]);
		/* not "노드당", "ノードあたり", "ノード当たり" (per node), which the count reader reads whole */
		if (strlen(t->norm) > l && !strncmp(t->norm, cjk_units[i], l) && (unsigned char)t->norm[l] >= 0xE3 &&
		    strcmp(t->norm + l, "\ub2f9") && strcmp(t->norm + l, "\u3042\u305f\u308a") &&
		    strcmp(t->norm + l, "\u5f53\u305f\u308a")) {
			t->norm[l] = '\0';
			break;
		}
	}
	/* a form's optional plural: "node(s)", "hour(s)", "GPU(s)" */
	size_t nl = strlen(t->norm);
	if (nl > 4 && !strcmp(t->norm + nl - 3, "(s)") && isalpha((unsigned char)t->norm[nl - 4]))
		t->norm[nl - 3] = '\0';
	else if (nl > 3 && !strcmp(t->norm + nl - 2, "(s") && isalpha((unsigned char)t->norm[nl - 3]))
		t->norm[nl - 2] = '\0'; /* (its closing parenthesis taken as the word's trail) */
	/* a decimal comma ("1,5 Stunden"): one or two digits after it, never a thousands group ("1,000") */
	size_t d = strspn(t->norm, "0123456789");
	if (d && t->norm[d] == ',' && strspn(t->norm + d + 1, "0123456789") == strlen(t->norm + d + 1) &&
	    strlen(t->norm + d + 1) >= 1 && strlen(t->norm + d + 1) <= 2)
		t->norm[d] = '.';
	/* the words of other languages for a queue, an account, ZeRO's stage, "per" and "each" (data/lexicon's
	 * queue_words, account_words, stage_words, per_words and each_words: "la cola debug", "shared 큐", "账号
	 * cis250777", "ZeRO Stufe 2", "par nœud", "mỗi node") read as the English word */
	if ((unsigned char)t->norm[0] >= 0x80 || isalpha((unsigned char)t->norm[0])) {
		if (vocab_in(VL_QUEUE_WORD, t->norm))
			strcpy(t->norm, "queue");
		else if (vocab_in(VL_ACCOUNT_WORD, t->norm))
			strcpy(t->norm, "account");
		else if (vocab_in(VL_STAGE_WORD, t->norm))
			strcpy(t->norm, "stage");
		/* "4 GPU par nœud", "8 GPU ανά κόμβο"; "mỗi node 1 GPU", "4 GPU bawat node", "na každém" */
		else if (vocab_in(VL_PER_WORD, t->norm))
			strcpy(t->norm, "per");
		else if (vocab_in(VL_EACH_WORD, t->norm))
			strcpy(t->norm, "each");
	}
	t->trail = trail;
	/* "4ish nodes", "3-ish nodes": an approximate count, read as the number */
	size_t ish = strlen(t->norm);
	if (ish >= 4 && isdigit((unsigned char)t->norm[0]) && !strcmp(t->norm + ish - 3, "ish")) {
		size_t d = strspn(t->norm, "0123456789");
		if (d == ish - 3 || (d == ish - 4 && t->norm[d] == '-'))
			t->norm[d] = '\0';
	}
	double v;
	if (t->norm[0] == '-' && isdigit((unsigned char)t->norm[1]) && rd_parse_number(t->norm + 1, &v)) {
		t->is_num = true;
		t->num = -v;
	} else if (rd_parse_number(t->norm, &v)) {
		t->is_num = true;
		t->num = v;
	} else {
		int w = number_word(t->norm);
		if (w > 0) {
			t->is_num = true;
			t->num = w;
		} else if (!strcmp(t->norm, "a") || !strcmp(t->norm, "an") || !strcmp(t->norm, "single") ||
			   !strcmp(t->norm, "one") || vocab_in(VL_ONE_WORD, t->norm)) {
			/* "una sola GPU", "une seule GPU", "eine einzige GPU", and the articles that count one
			 * before a unit in other languages ("una hora y media", "eine Stunde", "um nó": data/lexicon's
			 * one_words): a single one */
			t->is_num = true;
			t->num = 1;
			t->num_word = strcmp(t->norm, "one") != 0;
		} else if ((w = vocab_half_number(t->norm)) > 0) {
			/* "anderthalb Stunden", "másfél óra", "dedh ghanta" (one and a half), "dhai ghante" (two and
			 * a half; data/lexicon's half_numbers): before a unit only */
			t->is_num = t->num_word = true;
			t->num = w + 0.5;
		}
	}
}

/* Splits one whitespace token into the tokens the grammar wants: "4gpus" -> 4 gpus,
 * "8-GPU" -> 8 gpu, "gpus/node" -> gpus per node, "--nodes=2" -> --nodes 2, "sixty-four" -> 64. */
static void split_token(struct ctx *c, size_t start, size_t end)
{
	char buf[256];
	size_t len = end - start;
	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, c->nl + start, len);
	buf[len] = '\0';
	/* a numbered list's marker opening a line ("3. gpus per node -> all", "2) nodes: 4"): no count */
	if (len >= 2 && len <= 3 && isdigit((unsigned char)buf[0]) && (buf[len - 1] == '.' || buf[len - 1] == ')') &&
	    (len == 2 || isdigit((unsigned char)buf[1])) && end < c->len && (c->nl[end] == ' ' || c->nl[end] == '\t')) {
		size_t p = start;
		while (p > 0 && (c->nl[p - 1] == ' ' || c->nl[p - 1] == '\t' || c->nl[p - 1] == '>'))
			p--;
		if (p == 0 || c->nl[p - 1] == '\n')
			return;
	}
	char *s = buf;
	while (*s && (rd_is_leading_punct(*s) || ((*s == '~' || *s == '=' || *s == '@') && isdigit((unsigned char)s[1]))))
		s++;
	size_t l = strlen(s);
	char trail = 0;
	while (l > 0 && rd_is_trailing_punct(s[l - 1])) {
		/* keep "3.5" and "v1.0" intact; strip only what ends the token */
		trail = trail ? trail : s[l - 1];
		s[--l] = '\0';
	}
	if (l > 2 && (!strcmp(s + l - 2, "'s") || !strcmp(s + l - 2, "’s")))
		s[l -= 2] = '\0';
	/* a Turkish case ending written after an apostrophe onto a name ("Polaris'te", "Delta'da",
	 * "Frontier'daki", "Aurora'ya"): the name */
	static const char *const endings[] = {"te", "ta", "de", "da", "teki", "taki", "deki", "daki", "ye", "ya", "e", "a",
					      "den", "dan", "ten", "tan", "in", "\u0131n", "un", "\u00fcn", "nin", "n\u0131n",
					      "i", "\u0131", "u", "\u00fc", NULL};
	char *ap = strrchr(s, '\'');
	if (ap && ap - s >= 3 && isalnum((unsigned char)ap[-1]))
		for (size_t k = 0; endings[k]; k++)
			if (!strcmp(ap + 1, endings[k])) {
				*ap = '\0';
				l = (size_t)(ap - s);
				break;
			}
	if (!l)
		return;
	/* flags with = : --nodes=2, walltime=01:00:00, -l select=2:ngpus=4 stay for the flag reader */
	char *eq = strchr(s, '=');
	if (eq && eq != s && strncmp(s, "select", 6) != 0) {
		*eq = '\0';
		push_tok(c, start, end, s, 0);
		char *v = eq + 1; /* strategy="fsdp", name='run1': the value without its opening quote */
		while (*v && rd_is_leading_punct(*v))
			v++;
		if (*v)
			push_tok(c, start, end, v, trail);
		return;
	}
	/* 4gpus, 2nodes, 8xA100 (but not 2x4, 7b, 3e-4, 1.5h) */
	char lo[256];
	lower(lo, s);
	size_t d = 0;
	while (isdigit((unsigned char)lo[d]))
		d++;
	if (d > 0 && d < l && lo[d] != 'x' && lo[d] != '.' && lo[d] != ':' && lo[d] != 'e') {
		const char *unit = lo + d;
		if (*unit == '-')
			unit++;
		if (is_node_unit(unit) || is_gpu_unit(unit) || !strcmp(unit, "gpu") || duration_unit(unit)) {
			char num[32];
			str_copy_n(num, sizeof(num), s, d);
			push_tok(c, start, end, num, 0);
			push_tok(c, start, end, s + (unit - lo), trail);
			return;
		}
	}
	/* "2n4g", "1n2g": nodes and GPUs per node written as one word */
	if (d > 0 && d + 1 < l && lo[d] == 'n' && isdigit((unsigned char)lo[d + 1])) {
		size_t d2 = d + 1;
		while (isdigit((unsigned char)lo[d2]))
			d2++;
		if (lo[d2] == 'g' && d2 + 1 == l && d < 6 && d2 - d < 6) {
			char num[32];
			str_copy_n(num, sizeof(num), s, d);
			push_tok(c, start, end, num, 0);
			push_tok(c, start, end, "nodes", 0);
			str_copy_n(num, sizeof(num), s + d + 1, d2 - d - 1);
			push_tok(c, start, end, num, 0);
			push_tok(c, start, end, "gpus", 0);
			push_tok(c, start, end, "per", 0);
			push_tok(c, start, end, "node", trail);
			return;
		}
	}
	/* shorthand: "2n" (nodes), and "4g" (GPUs) right after "<nodes> x" ("2n x 4g", "4 nodes x 4g") or one
	 * node ("1n 2g": on one node, per node and in total alike), or standing alone in a terse request
	 * ("delta 16g 8h fsdp"); a memory size is no GPU count: "mem 64g", "16g of host RAM", "80g A100s",
	 * "40g nodes", "A100 80g", and a capital G ("--mem=16G") */
	if (d > 0 && d + 1 == l && (lo[d] == 'n' || lo[d] == 'g')) {
		bool gpus = lo[d] == 'g' && c->n >= 2 &&
			    (((!strcmp(c->t[c->n - 1].raw, "x") || !strcmp(c->t[c->n - 1].raw, "X") ||
			       !strcmp(c->t[c->n - 1].raw, "\u00d7") || !strcmp(c->t[c->n - 1].raw, "*")) &&
			      is_node_unit(c->t[c->n - 2].norm)) ||
			     (is_node_unit(c->t[c->n - 1].norm) && !strcmp(c->t[c->n - 2].norm, "1")));
		if (!gpus && s[d] == 'g' && d <= 4)
			gpus = bare_gpu_count(c, end);
		if (lo[d] == 'n' || gpus) {
			char num[32];
			str_copy_n(num, sizeof(num), s, d);
			push_tok(c, start, end, num, 0);
			push_tok(c, start, end, lo[d] == 'n' ? "nodes" : "gpus", trail);
			return;
		}
	}
	/* "accelerate+fsdp", "deepspeed+zero2", "torch+fsdp": two words joined by '+' (not "c++", "zero++",
	 * "1+1") */
	{
		char *plus = strchr(s, '+');
		if (plus && plus != s && isalpha((unsigned char)s[0]) && isalpha((unsigned char)plus[1]) &&
		    !strchr(plus + 1, '+') && plus - s >= 2 && strlen(plus + 1) >= 2) {
			bool words = true;
			for (const char *q = s; *q && words; q++)
				words = q == plus || isalnum((unsigned char)*q) || *q == '-' || *q == '_';
			if (words) {
				char a[128];
				str_copy_n(a, sizeof(a), s, (size_t)(plus - s));
				push_tok(c, start, end, a, 0);
				push_tok(c, start, end, plus + 1, trail);
				return;
			}
		}
	}
	/* gpus/node -> gpus per node */
	char *slash = strchr(s, '/');
	if (slash && slash != s && slash[1] && !strchr(slash + 1, '/')) {
		char a[128], b[128];
		str_copy_n(a, sizeof(a), s, (size_t)(slash - s));
		str_copy(b, sizeof(b), slash + 1);
		char la[128], lb[128];
		lower(la, a);
		lower(lb, b);
		/* "4g/node": four GPUs per node */
		size_t dg = strspn(la, "0123456789");
		if (dg && dg < 5 && la[dg] == 'g' && !la[dg + 1] && is_node_unit(lb)) {
			char num[32];
			str_copy_n(num, sizeof(num), a, dg);
			push_tok(c, start, end, num, 0);
			push_tok(c, start, end, "gpus", 0);
			push_tok(c, start, end, "per", 0);
			push_tok(c, start, end, b, trail);
			return;
		}
		if ((is_gpu_unit(la) || !strcmp(la, "gpu") || is_node_unit(la)) && is_node_unit(lb)) {
			push_tok(c, start, end, a, 0);
			push_tok(c, start, end, "per", 0);
			push_tok(c, start, end, b, trail);
			return;
		}
		/* "whichever of Delta/DeltaAI has H100s", "Polaris/Aurora": two systems' names joined by the slash */
		if (c->repo && match_cluster_name_exact(c->repo, la) && match_cluster_name_exact(c->repo, lb)) {
			push_tok(c, start, end, a, 0);
			push_tok(c, start, end, "/", 0);
			push_tok(c, start, end, b, trail);
			return;
		}
		/* "4 nodes/16 gpus": two statements joined by the slash */
		double v;
		if ((is_gpu_unit(la) || !strcmp(la, "gpu") || is_node_unit(la)) && rd_parse_number(lb, &v)) {
			push_tok(c, start, end, a, ',');
			push_tok(c, start, end, b, trail);
			return;
		}
	}
	/* a node shape written as a GPU model and its count: "A100x8", "h200x8", "MI100x8" (NCSA's names);
	 * "gpuA100x8" (a partition) stays whole */
	{
		char ls[sizeof(buf)]; /* s is up to sizeof(buf) - 1 bytes */
		lower(ls, s);
		char *x = strrchr(ls, 'x');
		if (x && x != ls && x[1] && strspn(x + 1, "0123456789") == strlen(x + 1) && strlen(x + 1) <= 2) {
			char model[128];
			str_copy_n(model, sizeof(model), ls, (size_t)(x - ls));
			if (vocab_gpu_model(model)) {
				char m[128];
				str_copy_n(m, sizeof(m), s, (size_t)(x - ls));
				push_tok(c, start, end, m, 0);
				push_tok(c, start, end, s + (x - ls), trail);
				return;
			}
		}
	}
	/* word-joined numbers and unit compounds: sixty-four, 8-gpu, single-node, two-node */
	char *dash = strchr(s, '-');
	if (dash && dash != s && dash[1] && s[0] != '-') {
		char a[128], b[128];
		str_copy_n(a, sizeof(a), s, (size_t)(dash - s));
		str_copy(b, sizeof(b), dash + 1);
		char la[128], lb[128];
		lower(la, a);
		lower(lb, b);
		double v;
		bool anum = rd_parse_number(la, &v) || number_word(la) > 0 || !strcmp(la, "single");
		int tens = number_word(la), ones = number_word(lb);
		if (tens >= 20 && tens % 10 == 0 && ones > 0 && ones < 10) {
			char num[16];
			snprintf(num, sizeof(num), "%d", tens + ones);
			push_tok(c, start, end, num, trail);
			return;
		}
		if (anum && (is_node_unit(lb) || is_gpu_unit(lb) || !strcmp(lb, "gpu") || duration_unit(lb))) {
			push_tok(c, start, end, a, 0);
			push_tok(c, start, end, b, trail);
			return;
		}
		/* a queue's name with another language's word for a queue joined to it ("debug-vico"): the name
		 * and "queue" */
		if (vocab_in(VL_QUEUE_WORD, lb) && !vocab_in(VL_QUEUE_WORD, la)) {
			push_tok(c, start, end, a, 0);
			push_tok(c, start, end, "queue", trail);
			return;
		}
		bool unit_a = is_node_unit(la) || is_gpu_unit(la) || !strcmp(la, "gpu");
		/* Hungarian writes "per" as the node word's ending ("node-onként négy GPU": data/lexicon's per_words):
		 * "per node" */
		if (unit_a && vocab_in(VL_PER_WORD, lb)) {
			push_tok(c, start, end, "per", 0);
			push_tok(c, start, end, a, trail);
			return;
		}
		/* a unit with the ending of another language after a count ("četiri GPU-a", "patru GPU-uri",
		 * "åtte GCD-er"): the unit; one to three letters, not a word of its own ("gpu-hours") */
		size_t lbl = 0; /* letters, in code points (Latin or not: "GCD-ова") */
		for (const char *p = lb; *p && lbl <= 3; p++)
			lbl += ((unsigned char)*p & 0xC0) == 0x80 ? 0 : (isalpha((unsigned char)*p) || (unsigned char)*p >= 0x80) ? 1 : 99;
		if (unit_a && lbl <= 3 && c->n > 0 && c->t[c->n - 1].is_num &&
		    !c->t[c->n - 1].trail && !duration_unit(lb) && !is_node_unit(lb) && !is_gpu_unit(lb)) {
			push_tok(c, start, end, a, trail);
			return;
		}
	}
	push_tok(c, start, end, s, trail);
}

/* A GPU model written in two words, its family and its number ("Max 1550", Intel's Data Center GPU
 * Max 1550): one word, so that the number is not read as a count of GPUs. Two words that the lexicon
 * names as one model with a dash ("Ponte Vecchio", "Grace Hopper", "AMD GPUs": ponte-vecchio,
 * grace-hopper, amd-gpus) are one word too. */
static void join_model_numbers(struct ctx *c)
{
	size_t w = 0;
	for (size_t k = 0; k < c->n; k++) {
		struct tok *t = &c->t[k];
		bool num = k + 1 < c->n && c->t[k + 1].is_num && !c->t[k + 1].num_word;
		bool word = k + 1 < c->n && !c->t[k + 1].is_num && isalpha((unsigned char)c->t[k + 1].norm[0]);
		if (k + 1 < c->n && !t->trail && !t->is_num && (num || word) &&
		    strlen(t->norm) + strlen(c->t[k + 1].norm) + 1 < sizeof(t->norm)) {
			char joined[sizeof(t->norm)];
			size_t a = strlen(t->norm);
			memcpy(joined, t->norm, a);
			if (word)
				joined[a++] = '-';
			memcpy(joined + a, c->t[k + 1].norm, strlen(c->t[k + 1].norm) + 1);
			if (vocab_gpu_model(joined) && strlen(t->raw) + strlen(c->t[k + 1].raw) + 1 < sizeof(t->raw)) {
				struct tok m = *t;
				size_t r = strlen(t->raw);
				if (word)
					m.raw[r++] = ' ';
				memcpy(m.raw + r, c->t[k + 1].raw, strlen(c->t[k + 1].raw) + 1);
				memcpy(m.norm, joined, sizeof(m.norm));
				m.end = c->t[k + 1].end;
				m.trail = c->t[k + 1].trail;
				c->t[w++] = m;
				k++;
				continue;
			}
		}
		c->t[w++] = *t;
	}
	c->n = w;
}

/* Whether the character that ends at s[k] (exclusive), after a, is a CJK one (a three-byte UTF-8 sequence
 * with lead byte 0xE3-0xED). */
static bool cjk_before(const char *s, size_t a, size_t k)
{
	if (k < a + 3)
		return false;
	unsigned char lead = (unsigned char)s[k - 3];
	return lead >= 0xE3 && lead <= 0xED && ((unsigned char)s[k - 2] & 0xC0) == 0x80 && ((unsigned char)s[k - 1] & 0xC0) == 0x80;
}

void rd_tokenize(struct ctx *c)
{
	size_t i = 0;
	while (i < c->len) {
		while (i < c->len && isspace((unsigned char)c->nl[i]))
			i++;
		size_t st = i;
		while (i < c->len && !isspace((unsigned char)c->nl[i]))
			i++;
		/* a word of Latin letters or digits written against Chinese, Japanese or Korean text, which
		 * puts no spaces between words ("Polarisで4ノード", "各4GPU"), is a word of its own */
		size_t a = st;
		for (size_t k = st; k < i;) {
			unsigned char ch = (unsigned char)c->nl[k];
			size_t l = ch < 0x80 ? 1 : ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : 2;
			if (k + l > i)
				l = i - k;
			bool cjk = ch >= 0xE3 && ch <= 0xED; /* U+3000-U+DFFF: CJK, kana, hangul */
			/* items written without a blank after their comma ("Polaris,4 GPUs on one node,2h"): a word
			 * each, the comma its trail; not a number's ("1,000", "0.9,0.95"), nor inside quoted or shell
			 * text ('"a;b"', "$(x,y)") */
			if (ch == ',' && k > a && k + 1 < i && !memchr(c->nl + a, '"', i - a) && !memchr(c->nl + a, '\'', i - a) &&
			    !memchr(c->nl + a, '`', i - a) && !memchr(c->nl + a, '$', i - a)) {
				unsigned char p = (unsigned char)c->nl[k - 1], nx = (unsigned char)c->nl[k + 1];
				bool letters = false; /* "Stampede3,4 nodes": a name before it, not a number */
				for (size_t q = a; q < k && !letters; q++)
					letters = isalpha((unsigned char)c->nl[q]);
				bool flag_next = nx == '-' && k + 2 < i && isalpha((unsigned char)c->nl[k + 2]); /* "-N 16,-t 1:00:00" */
				if ((isalnum(p) || p == ')' || p == '"' || p == '\'') && (isalnum(nx) || nx == '(' || flag_next) &&
				    !(isdigit(p) && isdigit(nx) && !letters)) {
					split_token(c, a, k + 1);
					a = k + 1;
					k++;
					continue;
				}
			}
			if (k > a) {
				unsigned char p = (unsigned char)c->nl[k - 1];
				bool prev_ascii = p < 0x80 && isalnum(p);
				if ((cjk && prev_ascii) || (ch < 0x80 && isalnum(ch) && cjk_before(c->nl, a, k))) {
					split_token(c, a, k);
					a = k;
				}
			}
			k += l;
		}
		if (i > a)
			split_token(c, a, i);
	}
	join_model_numbers(c);
	rd_join_number_words(c);
	rd_settle_ranges(c);
	/* "quick one:", "a quick one", "another one", "the same one": a message or a thing, no count */
	for (size_t k = 1; k < c->n; k++)
		if (!strcmp(c->t[k].norm, "one") && c->t[k].is_num &&
		    rd_is_any(c, k - 1, (const char *const[]){"quick", "another", "same", "new", "urgent", "small", "easy", NULL}))
			c->t[k].is_num = false;
}

const char *rd_norm_at(const struct ctx *c, size_t i)
{
	return i < c->n ? c->t[i].norm : "";
}

bool rd_is(const struct ctx *c, size_t i, const char *w)
{
	return i < c->n && c->t[i].norm[0] == w[0] && !strcmp(c->t[i].norm, w);
}

bool rd_is_any(const struct ctx *c, size_t i, const char *const *ws)
{
	if (i >= c->n)
		return false;
	const char *norm = c->t[i].norm;
	for (; *ws; ws++)
		if (norm[0] == (*ws)[0] && !strcmp(norm, *ws)) /* the first bytes inline: most words differ there */
			return true;
	return false;
}

void rd_set_from_toks(struct ctx *c, enum req_field f, size_t a, size_t b)
{
	if (a >= c->n)
		return;
	if (b >= c->n)
		b = c->n - 1;
	size_t st = c->t[a].start, en = c->t[b].end;
	while (st < en && rd_is_leading_punct(c->text[st]))
		st++;
	while (en > st && rd_is_trailing_punct(c->text[en - 1]) && c->text[en - 1] != ')')
		en--;
	request_set_from(c->req, f, c->text + st, en - st);
}


void rd_from_text(struct ctx *c, enum req_field f, size_t a, size_t b)
{
	if (b > c->len)
		b = c->len;
	while (a < b && (isspace((unsigned char)c->text[a]) || rd_is_leading_punct(c->text[a])))
		a++;
	while (b > a && (isspace((unsigned char)c->text[b - 1]) || (rd_is_trailing_punct(c->text[b - 1]) && c->text[b - 1] != ')')))
		b--;
	if (b > a)
		request_set_from(c->req, f, c->text + a, b - a);
}

bool rd_newline_between(const struct ctx *c, size_t i, size_t j)
{
	if (i >= c->n || j >= c->n || c->t[j].start <= c->t[i].end)
		return false; /* pieces of one word ("4gpus" -> 4, gpus) share their offsets */
	return memchr(c->text + c->t[i].end, '\n', c->t[j].start - c->t[i].end) != NULL;
}

size_t rd_line_end(const struct ctx *c, size_t la, size_t *first)
{
	size_t lb = la;
	while (lb < c->len && c->nl[lb] != '\n')
		lb++;
	if (first) {
		size_t p = la;
		while (p < lb && (c->nl[p] == ' ' || c->nl[p] == '\t'))
			p++;
		*first = p;
	}
	return lb;
}
