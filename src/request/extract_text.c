/* extract_text.c - the plain-language reader: finds the training command, then reads counts,
 * cluster, framework, strategy, walltime, account, queue, model and environment from the rest. */
#include "extract.h"
#include "lexicon.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TOKS 4096

struct tok {
	size_t start, end; /* the raw token in the text (punctuation included) */
	char raw[96];	   /* punctuation stripped, case kept */
	char norm[96];	   /* lower case of raw */
	double num;	   /* value when is_num */
	bool is_num;
	bool num_word; /* "a", "an", "single": only a number before a unit */
	char trail;    /* punctuation that followed the token (',', '.', ...) or 0 */
	bool used;     /* consumed by an earlier rule */
	bool cluster;  /* part of the cluster's name */
};

struct ctx {
	const char *text;
	size_t len;
	char *nl; /* copy of text with the command region blanked */
	struct tok *t;
	size_t n, alloc;
	const struct repo *repo;
	struct request *req;
	const struct cluster *cluster;
	/* raw statements */
	int nodes, gpn, total;
	size_t nodes_at, gpn_at, total_at; /* token index + 1 of the statement */
};

/* ------------------------------------------------------------------------------------------ */
/* input checks */

static bool valid_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		unsigned char c = s[i];
		if (c < 0x80) {
			if (c == 0)
				return false;
			i++;
			continue;
		}
		size_t n;
		unsigned cp;
		if (c >= 0xC2 && c <= 0xDF)
			n = 1, cp = c & 0x1F;
		else if (c >= 0xE0 && c <= 0xEF)
			n = 2, cp = c & 0x0F;
		else if (c >= 0xF0 && c <= 0xF4)
			n = 3, cp = c & 0x07;
		else
			return false;
		if (i + n >= len)
			return false;
		for (size_t k = 1; k <= n; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return false;
			cp = (cp << 6) | (s[i + k] & 0x3F);
		}
		if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return false; /* overlong, beyond Unicode, or a surrogate */
		i += n + 1;
	}
	return true;
}

static bool mostly_binary(const unsigned char *s, size_t len)
{
	size_t ctl = 0;
	for (size_t i = 0; i < len; i++)
		if (s[i] < 0x20 && s[i] != '\n' && s[i] != '\t' && s[i] != '\r')
			ctl++;
	return ctl > 0;
}

/* ------------------------------------------------------------------------------------------ */
/* tokens */

static bool is_trailing_punct(char c)
{
	return c == ',' || c == '.' || c == ';' || c == ':' || c == '!' || c == '?' || c == ')' || c == ']' ||
	       c == '"' || c == '\'' || c == '`' || c == '}';
}

static bool is_leading_punct(char c)
{
	return c == '(' || c == '[' || c == '"' || c == '\'' || c == '`' || c == '{';
}

static void lower(char *d, const char *s)
{
	for (; *s; s++)
		*d++ = (char)tolower((unsigned char)*s);
	*d = '\0';
}

static bool parse_number(const char *s, double *out)
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
	snprintf(t->raw, sizeof(t->raw), "%s", raw);
	lower(t->norm, t->raw);
	t->trail = trail;
	double v;
	if (t->norm[0] == '-' && isdigit((unsigned char)t->norm[1]) && parse_number(t->norm + 1, &v)) {
		t->is_num = true;
		t->num = -v;
	} else if (parse_number(t->norm, &v)) {
		t->is_num = true;
		t->num = v;
	} else {
		int w = number_word(t->norm);
		if (w > 0) {
			t->is_num = true;
			t->num = w;
		} else if (!strcmp(t->norm, "a") || !strcmp(t->norm, "an") || !strcmp(t->norm, "single") ||
			   !strcmp(t->norm, "one")) {
			t->is_num = true;
			t->num = 1;
			t->num_word = strcmp(t->norm, "one") != 0;
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
	char *s = buf;
	while (*s && is_leading_punct(*s))
		s++;
	size_t l = strlen(s);
	char trail = 0;
	while (l > 0 && is_trailing_punct(s[l - 1])) {
		/* keep "3.5" and "v1.0" intact; strip only what ends the token */
		trail = trail ? trail : s[l - 1];
		s[--l] = '\0';
	}
	if (l > 2 && (!strcmp(s + l - 2, "'s") || !strcmp(s + l - 2, "’s")))
		s[l -= 2] = '\0';
	if (!l)
		return;
	/* flags with = : --nodes=2, walltime=01:00:00, -l select=2:ngpus=4 stay for the flag reader */
	char *eq = strchr(s, '=');
	if (eq && eq != s && strncmp(s, "select", 6) != 0) {
		*eq = '\0';
		push_tok(c, start, end, s, 0);
		if (eq[1])
			push_tok(c, start, end, eq + 1, trail);
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
			snprintf(num, sizeof(num), "%.*s", (int)d, s);
			push_tok(c, start, end, num, 0);
			push_tok(c, start, end, s + (unit - lo), trail);
			return;
		}
	}
	/* gpus/node -> gpus per node */
	char *slash = strchr(s, '/');
	if (slash && slash != s && slash[1] && !strchr(slash + 1, '/')) {
		char a[128], b[128];
		snprintf(a, sizeof(a), "%.*s", (int)(slash - s), s);
		snprintf(b, sizeof(b), "%s", slash + 1);
		char la[128], lb[128];
		lower(la, a);
		lower(lb, b);
		if ((is_gpu_unit(la) || !strcmp(la, "gpu") || is_node_unit(la)) && is_node_unit(lb)) {
			push_tok(c, start, end, a, 0);
			push_tok(c, start, end, "per", 0);
			push_tok(c, start, end, b, trail);
			return;
		}
	}
	/* word-joined numbers and unit compounds: sixty-four, 8-gpu, single-node, two-node */
	char *dash = strchr(s, '-');
	if (dash && dash != s && dash[1] && s[0] != '-') {
		char a[128], b[128];
		snprintf(a, sizeof(a), "%.*s", (int)(dash - s), s);
		snprintf(b, sizeof(b), "%s", dash + 1);
		char la[128], lb[128];
		lower(la, a);
		lower(lb, b);
		double v;
		bool anum = parse_number(la, &v) || number_word(la) > 0 || !strcmp(la, "single");
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
	}
	push_tok(c, start, end, s, trail);
}

static void tokenize(struct ctx *c)
{
	size_t i = 0;
	while (i < c->len) {
		while (i < c->len && isspace((unsigned char)c->nl[i]))
			i++;
		size_t st = i;
		while (i < c->len && !isspace((unsigned char)c->nl[i]))
			i++;
		if (i > st)
			split_token(c, st, i);
	}
}

static const char *norm_at(const struct ctx *c, size_t i)
{
	return i < c->n ? c->t[i].norm : "";
}

static bool is(const struct ctx *c, size_t i, const char *w)
{
	return i < c->n && !strcmp(c->t[i].norm, w);
}

static bool is_any(const struct ctx *c, size_t i, const char *const *ws)
{
	if (i >= c->n)
		return false;
	for (; *ws; ws++)
		if (!strcmp(c->t[i].norm, *ws))
			return true;
	return false;
}

static void set_from_toks(struct ctx *c, enum req_field f, size_t a, size_t b)
{
	if (a >= c->n)
		return;
	if (b >= c->n)
		b = c->n - 1;
	size_t st = c->t[a].start, en = c->t[b].end;
	while (st < en && is_leading_punct(c->text[st]))
		st++;
	while (en > st && is_trailing_punct(c->text[en - 1]) && c->text[en - 1] != ')')
		en--;
	request_set_from(c->req, f, c->text + st, en - st);
}

/* ------------------------------------------------------------------------------------------ */
/* the training command */

static bool ends_with_py(const char *s, size_t len)
{
	return len > 3 && !strncasecmp(s + len - 3, ".py", 3);
}

static bool word_is_python(const char *s)
{
	return !strcmp(s, "python") || !strcmp(s, "python3") || !strncmp(s, "python3.", 8) ||
	       !strcmp(s, "python -u");
}

static const char *const arg_stop_words[] = {
	"on",	 "with",   "using", "across", "over",  "for",  "and",    "in",     "at",   "via",  "under", "within",
	"to",	 "from",   "please", "i",     "we",    "my",   "our",    "the",    "a",    "an",   "it",    "use",
	"run",	 "submit", "then",  "but",    "so",    "that", "which",  "also",   "plus", "thanks", "thank",
	"should", "must",  "can",   "need",   "needs", "want", "wants",  "would",  "will", "is",   "are",   "was",
	"nodes", "node",   "gpus",  "gpu",    "each",  "per",  "job",    "walltime", "time", "hours", "hour",
	"minutes", "queue", "partition", "account", "allocation", "project", "conda", "env", "venv", "module",
	"modules", "make", "give", "set", "launch", "train", "training", "you", "me", "as", "where", "while",
	"this", "these", "those", "total", "both", "all", "wall", "limit", "by", "into", "after", "before",
	NULL};

static bool in_list(const char *s, const char *const *list)
{
	return word_in(s, list);
}

static void strip_punct_lower(const char *raw, char *out, size_t cap)
{
	size_t l = strlen(raw);
	const char *s = raw;
	while (l && is_leading_punct(*s))
		s++, l--;
	while (l && is_trailing_punct(s[l - 1]))
		l--;
	if (l >= cap)
		l = cap - 1;
	for (size_t i = 0; i < l; i++)
		out[i] = (char)tolower((unsigned char)s[i]);
	out[l] = '\0';
}

static bool looks_positional(const struct shword *w)
{
	if (w->flags & (SHW_QUOTED | SHW_META | SHW_SUBST))
		return true;
	const char *v = w->value;
	double d;
	if (parse_number(v, &d))
		return true;
	return strchr(v, '/') || strchr(v, '=') || strchr(v, '.') || v[0] == '$' || v[0] == '~';
}

/* Drops a sentence-ending '.' or ',' glued to the last word of an argument list. Returns true
 * when the word ended a sentence (so the argument list ends with it). */
static bool strip_sentence_end(struct shword *w)
{
	if (w->flags & SHW_QUOTED)
		return false;
	size_t l = strlen(w->value);
	if (l < 2)
		return false;
	char last = w->value[l - 1];
	if (last != '.' && last != ',')
		return false;
	if (!strcmp(w->value, "..") || w->value[l - 2] == '.' || w->value[l - 2] == '/')
		return false;
	w->value[l - 1] = '\0';
	struct shseg *g = &w->segs[w->nsegs - 1];
	size_t gl = strlen(g->text);
	if (g->kind == SEG_LIT && gl && g->text[gl - 1] == last)
		g->text[gl - 1] = '\0';
	return true;
}

static bool numeric(const char *s);

/* Whether the word after text[pos] is a unit (hours, nodes, GPUs): then a number before it is prose. */
static bool unit_follows(const struct ctx *c, size_t pos, size_t end)
{
	size_t p = pos;
	struct shword w;
	if (!shlex_next(c->text, end, &p, &w, false))
		return false;
	char lw[96];
	strip_punct_lower(w.value, lw, sizeof(lw));
	shword_release(&w);
	return duration_unit(lw) || is_node_unit(lw) || is_gpu_unit(lw) || !strcmp(lw, "gpu") || !strcmp(lw, "x");
}

/* Reads the script's arguments from text[pos..end): shell words until the prose resumes. */
static size_t read_args(struct ctx *c, size_t pos, size_t end, struct shwords *args)
{
	bool want_value = false, shell_text = false;
	size_t last_end = pos;
	for (;;) {
		size_t p = pos;
		struct shword w;
		if (!shlex_next(c->text, end, &p, &w, false))
			break;
		char lw[96];
		strip_punct_lower(w.value, lw, sizeof(lw));
		bool flag = w.value[0] == '-' && w.value[1] && !(w.flags & SHW_QUOTED && w.segs[0].kind != SEG_LIT);
		double dummy;
		if (flag && parse_number(w.value + 1, &dummy))
			flag = false; /* a negative number is a value */
		if (!shell_text && !(w.flags & SHW_QUOTED)) {
			bool stop = false;
			if (flag)
				stop = false;
			else if (in_list(lw, arg_stop_words))
				stop = true;
			else if (!want_value && !looks_positional(&w))
				stop = true;
			else if (!want_value && !flag && numeric(w.value) && unit_follows(c, p, end))
				stop = true; /* "train.py 400 hours", "train.py 2 nodes" */
			if (stop) {
				shword_release(&w);
				break;
			}
		}
		if (w.flags & (SHW_META | SHW_SUBST))
			shell_text = true;
		want_value = flag && !strchr(w.value, '=');
		pos = p;
		last_end = p;
		bool sentence_end = !shell_text && strip_sentence_end(&w);
		if (w.flags & SHW_UNTERMINATED)
			request_warn(c->req, "an unterminated quote in the script arguments was closed at the end of the "
					     "text");
		shwords_push(args, &w);
		if (sentence_end)
			break;
	}
	return last_end;
}

static void blank(struct ctx *c, size_t a, size_t b)
{
	for (size_t i = a; i < b && i < c->len; i++)
		if (c->nl[i] != '\n')
			c->nl[i] = ' ';
}

/* Finds "`...`" or a quoted span that holds a python command; returns its bounds. */
static bool find_code_span(const struct ctx *c, size_t *a, size_t *b)
{
	for (size_t i = 0; i < c->len; i++) {
		char q = c->text[i];
		if (q != '`' && q != '"' && q != '\'')
			continue;
		if (i > 0 && !isspace((unsigned char)c->text[i - 1]) && c->text[i - 1] != '(' && c->text[i - 1] != ':')
			continue;
		const char *close = memchr(c->text + i + 1, q, c->len - i - 1);
		if (!close)
			continue;
		size_t s = i + 1, e = (size_t)(close - c->text);
		/* must contain a .py word or start with a launcher */
		bool has = false;
		size_t k = s;
		while (k < e && !has) {
			while (k < e && isspace((unsigned char)c->text[k]))
				k++;
			size_t st = k;
			while (k < e && !isspace((unsigned char)c->text[k]))
				k++;
			size_t l = k - st;
			while (l && is_trailing_punct(c->text[st + l - 1]))
				l--;
			has = ends_with_py(c->text + st, l) && c->text[st] != '-';
		}
		size_t te = e;
		while (te > s && isspace((unsigned char)c->text[te - 1]))
			te--;
		if (has && !ends_with_py(c->text + s, te - s)) { /* a quoted path alone is just the script */
			*a = s;
			*b = e;
			return true;
		}
		i = e;
	}
	return false;
}

static bool is_args_marker(const char *w)
{
	static const char *const m[] = {"arguments", "argument", "args", "arg", "params", "parameters", "flags",
					"options", "hyperparameters", "hparams", NULL};
	return in_list(w, m);
}

/* Locates the script word in [a, b) of text; returns its start or (size_t)-1. A quoted path
 * ('my dir/train.py') or one with escaped spaces (my\ dir/train.py) is one word. */
static size_t find_script(const struct ctx *c, size_t a, size_t b, size_t *wend)
{
	for (size_t i = a; i < b; i++) {
		char q = c->text[i];
		if ((q != '\'' && q != '"') || (i > a && !isspace((unsigned char)c->text[i - 1])))
			continue;
		const char *close = memchr(c->text + i + 1, q, b - i - 1);
		if (!close)
			break;
		size_t e = (size_t)(close - c->text);
		if (e - i - 1 > 3 && ends_with_py(c->text + i + 1, e - i - 1) && c->text[i + 1] != '-' &&
		    !memchr(c->text + i + 1, '\n', e - i - 1)) {
			*wend = e + 1;
			return i;
		}
		i = e;
	}
	size_t i = a;
	while (i < b) {
		while (i < b && isspace((unsigned char)c->text[i]))
			i++;
		size_t st = i;
		while (i < b && (!isspace((unsigned char)c->text[i]) || (i > st && c->text[i - 1] == '\\')))
			i++;
		size_t s = st, l = i - st;
		while (l && is_leading_punct(c->text[s]))
			s++, l--;
		while (l && is_trailing_punct(c->text[s + l - 1]))
			l--;
		if (l > 3 && ends_with_py(c->text + s, l) && c->text[s] != '-') {
			const char *eq = memchr(c->text + s, '=', l);
			if (eq) { /* script=train.py, entry=src/main.py */
				size_t off = (size_t)(eq + 1 - (c->text + s));
				if (l - off <= 3)
					continue;
				s += off;
				l -= off;
			}
			*wend = s + l;
			return s;
		}
	}
	return (size_t)-1;
}

static void find_command(struct ctx *c)
{
	size_t a = 0, b = c->len;
	bool span = find_code_span(c, &a, &b);
	if (!span) {
		a = 0;
		b = c->len;
	}
	size_t wend = 0;
	size_t s = find_script(c, a, b, &wend);
	struct request *r = c->req;
	if (s == (size_t)-1) {
		/* python -m package.module */
		const char *m = NULL;
		for (size_t i = a; i + 10 < b; i++) {
			if (!strncmp(c->text + i, "python", 6)) {
				const char *p = c->text + i + 6;
				if (*p == '3')
					p++;
				while (*p == ' ')
					p++;
				if (!strncmp(p, "-u ", 3))
					p += 3;
				if (!strncmp(p, "-m ", 3)) {
					m = p + 3;
					break;
				}
			}
		}
		if (!m)
			return;
		while (*m == ' ')
			m++;
		size_t ms = (size_t)(m - c->text), me = ms;
		while (me < b && !isspace((unsigned char)c->text[me]))
			me++;
		while (me > ms && is_trailing_punct(c->text[me - 1]))
			me--;
		if (me == ms)
			return;
		char *mod = xstrndup(c->text + ms, me - ms);
		if (!strncmp(mod, "torch.distributed", 17)) {
			free(mod);
			return;
		}
		request_set(&r->script, mod);
		free(mod);
		r->script_is_module = true;
		s = ms;
		wend = me;
	} else {
		/* the script as a shell reads it: quotes and backslashes removed */
		size_t p = s;
		struct shword w;
		if (shlex_next(c->text, wend, &p, &w, false)) {
			request_set(&r->script, w.value);
			shword_release(&w);
		}
	}
	request_set_from(r, RF_SCRIPT, c->text + s, wend - s);
	/* the interpreter in front of the script belongs to the launcher */
	size_t cut = s;
	size_t k = s;
	while (k > a && isspace((unsigned char)c->text[k - 1]))
		k--;
	if (k >= 2 && !strncmp(c->text + k - 2, "-u", 2))
		k -= 2;
	while (k > a && isspace((unsigned char)c->text[k - 1]))
		k--;
	if (r->script_is_module) {
		while (k > a && isspace((unsigned char)c->text[k - 1]))
			k--;
		if (k >= 2 && !strncmp(c->text + k - 2, "-m", 2))
			k -= 2;
		while (k > a && isspace((unsigned char)c->text[k - 1]))
			k--;
	}
	size_t ws = k;
	while (ws > a && !isspace((unsigned char)c->text[ws - 1]))
		ws--;
	char word[16] = "";
	if (k - ws < sizeof(word)) {
		memcpy(word, c->text + ws, k - ws);
		word[k - ws] = '\0';
		for (char *p = word; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		char *w = word;
		while (*w && is_leading_punct(*w))
			w++;
		if (word_is_python(w))
			cut = ws;
	}
	/* arguments right after the script (ends at a natural-language word, a newline or the span end) */
	size_t after = wend;
	while (after < b && is_trailing_punct(c->text[after]) && c->text[after] != '"' && c->text[after] != '\'')
		after++;
	bool comma_after = after > wend;
	size_t args_end = after;
	size_t args_from = wend;
	/* "train.py with --lr 3", "train.py with args --lr 3", "train.py using the flags --lr 3" */
	if (!comma_after) {
		size_t p = wend;
		static const char *const glue[] = {"with ", "using ", "and ", "args ", "arguments ", "flags ", "options ",
						   "the ", "params ", "parameters ", "args: ", "arguments: ", "takes ", "accepts ",
						   "passing ", "pass ", "plus ", "flags: ", "options: ", NULL};
		bool moved = false;
		for (int hop = 0; hop < 3; hop++) {
			while (p < b && (c->text[p] == ' ' || c->text[p] == '\t'))
				p++;
			bool hit = false;
			for (const char *const *g = glue; *g; g++)
				if (!strncasecmp(c->text + p, *g, strlen(*g))) {
					p += strlen(*g);
					hit = moved = true;
					break;
				}
			if (!hit)
				break;
		}
		while (p < b && (c->text[p] == ' ' || c->text[p] == '\t'))
			p++;
		if (moved && p < b && c->text[p] == '-' && p + 1 < b && c->text[p + 1] != ' ')
			args_from = p;
	}
	if (!comma_after)
		args_end = read_args(c, args_from, b, &r->args);
	if (args_from != wend && !r->args.nr)
		args_end = wend;
	if (r->args.nr)
		request_set_from(r, RF_SCRIPT_ARGS, c->text + args_from, args_end - args_from);
	if (span) {
		blank(c, a - 1, a);
		blank(c, cut, b + 1);
	} else {
		blank(c, cut, args_end);
	}
	if (!span && args_end < c->len && (args_end == after || !r->args.nr))
		blank(c, cut, after);
	/* "... my arguments are --dataset beans --epochs 3" */
	if (!r->args.nr) {
		for (size_t i = 0; i < c->len; i++) {
			if (!isalpha((unsigned char)c->text[i]) || (i && isalnum((unsigned char)c->text[i - 1])))
				continue;
			size_t e = i;
			while (e < c->len && (isalpha((unsigned char)c->text[e]) || c->text[e] == '-'))
				e++;
			char w[32];
			if (e - i >= sizeof(w))
				continue;
			for (size_t q = 0; q < e - i; q++)
				w[q] = (char)tolower((unsigned char)c->text[i + q]);
			w[e - i] = '\0';
			if (!is_args_marker(w))
				continue;
			/* skip "are", "is", ":", "=", "of", "being", "like" */
			size_t p = e;
			for (int hop = 0; hop < 3; hop++) {
				while (p < c->len && (isspace((unsigned char)c->text[p]) || c->text[p] == ':' ||
						      c->text[p] == '='))
					p++;
				static const char *const fill[] = {"are ", "is ", "of ", "being ", "like ", "should be ",
								   "will be ", "would be ", "to be ", "as follows ", NULL};
				bool hopped = false;
				for (const char *const *f = fill; *f; f++)
					if (!strncasecmp(c->text + p, *f, strlen(*f))) {
						p += strlen(*f);
						hopped = true;
						break;
					}
				if (!hopped)
					break;
			}
			while (p < c->len && (isspace((unsigned char)c->text[p]) || c->text[p] == ':'))
				p++;
			if (p >= c->len)
				continue;
			char first = c->text[p];
			bool code = first == '`';
			size_t end = c->len;
			if (code) {
				const char *cl = memchr(c->text + p + 1, '`', c->len - p - 1);
				if (!cl)
					continue;
				p++;
				end = (size_t)(cl - c->text);
			}
			size_t we = p;
			while (we < c->len && !isspace((unsigned char)c->text[we]))
				we++;
			bool pathish = memchr(c->text + p, '/', we - p) || memchr(c->text + p, '=', we - p) ||
				       c->text[p] == '$' || c->text[p] == '~';
			if (!(c->text[p] == '-' || c->text[p] == '"' || c->text[p] == '\'' || code || pathish))
				continue;
			size_t ae = read_args(c, p, end, &r->args);
			if (r->args.nr) {
				request_set_from(r, RF_SCRIPT_ARGS, c->text + p, ae - p);
				blank(c, i, code ? ae + 1 : ae);
			}
			break;
		}
	}
	if (!span)
		blank(c, cut, wend);
}

/* ------------------------------------------------------------------------------------------ */
/* counts */

static void state_nodes(struct ctx *c, int v, size_t a, size_t b)
{
	if (c->nodes && c->nodes != v) {
		request_warn(c->req, "the request names %d and %d nodes; using %d", c->nodes, v, c->nodes);
		return;
	}
	if (c->nodes)
		return;
	c->nodes = v;
	set_from_toks(c, RF_NODES, a, b);
}

static void state_gpn(struct ctx *c, int v, size_t a, size_t b)
{
	if (c->gpn && c->gpn != v) {
		request_warn(c->req, "the request names %d and %d GPUs per node; using %d", c->gpn, v, c->gpn);
		return;
	}
	if (c->gpn)
		return;
	c->gpn = v;
	set_from_toks(c, RF_GPUS_PER_NODE, a, b);
}

static void state_total(struct ctx *c, int v, size_t a, size_t b)
{
	if (c->total && c->total != v) {
		request_warn(c->req, "the request names %d and %d GPUs in total; using %d", c->total, v, c->total);
		return;
	}
	if (c->total)
		return;
	c->total = v;
	set_from_toks(c, RF_TOTAL_GPUS, a, b);
}

static int as_count(double v)
{
	if (v != floor(v) || v > 1e6 || v < -1e6)
		return -999999;
	return (int)v;
}

static bool is_gpuish(const char *w)
{
	return is_gpu_unit(w) || !strcmp(w, "gpu");
}

static const char *const count_adjectives[] = {
	"compute", "physical", "full", "whole", "separate", "different", "distinct", "more", "nvidia", "amd",
	"intel",   "dedicated", "total", "exclusive", "available", "identical", "big", "large", "worker", "training",
	"a100",    "h100",	"h200", "v100", "a40", "gh200", "mi250x", "mi250", "pvc", "gpu", "gpus", "cpu+gpu",
	"40gb",	   "80gb",	"32gb", "96gb", "hbm80g", "sxm", "sxm4", "pcie", "more", "of", "grace-hopper",
	NULL};

/* "per node", "each", "on each node", "apiece", "a node", "/node" after a GPU count */
static bool per_node_after(const struct ctx *c, size_t i)
{
	static const char *const each[] = {"each", "apiece", "pernode", "per-node", "per_node", NULL};
	if (is_any(c, i, each))
		return true;
	if ((is(c, i, "per") || is(c, i, "a") || is(c, i, "an")) && i + 1 < c->n && is_node_unit(norm_at(c, i + 1)))
		return true;
	if ((is(c, i, "per") || is(c, i, "in") || is(c, i, "on") || is(c, i, "for")) &&
	    (is(c, i + 1, "each") || is(c, i + 1, "every") || is(c, i + 1, "one") || is(c, i + 1, "a")) &&
	    (is_node_unit(norm_at(c, i + 2)) || is(c, i + 2, "of")))
		return true;
	if (is(c, i, "per") && (is(c, i + 1, "compute") || is(c, i + 1, "gpu")) && is_node_unit(norm_at(c, i + 2)))
		return true;
	return false;
}

static bool total_after(const struct ctx *c, size_t i)
{
	static const char *const tot[] = {"total", "overall", "altogether", "combined", "in-total", NULL};
	if (is_any(c, i, tot))
		return true;
	if (is(c, i, "in") && is_any(c, i + 1, tot))
		return true;
	return false;
}

static bool per_node_before(const struct ctx *c, size_t num)
{
	/* "each node has 4 GPUs", "each with 4 GPUs", "x 4 GPUs", "per node: 4 GPUs" */
	for (size_t k = 1; k <= 4 && k <= num; k++) {
		const char *w = norm_at(c, num - k);
		if (!strcmp(w, "each") || !strcmp(w, "every") || !strcmp(w, "x") || !strcmp(w, "×") || !strcmp(w, "*"))
			return true;
		if (k == 1 && !strcmp(w, "per"))
			return true;
		if (!strcmp(w, "and") || !strcmp(w, "across") || !strcmp(w, "over") || !strcmp(w, "total") ||
		    c->t[num - k].is_num)
			return false;
	}
	return false;
}

static bool total_before(const struct ctx *c, size_t num)
{
	for (size_t k = 1; k <= 3 && k <= num; k++) {
		const char *w = norm_at(c, num - k);
		if (!strcmp(w, "total") || !strcmp(w, "overall") || !strcmp(w, "altogether"))
			return true;
		if (c->t[num - k].is_num)
			return false;
	}
	return false;
}

static int flag_value(const struct ctx *c, size_t i, size_t *vi)
{
	if (i + 1 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word) {
		*vi = i + 1;
		return as_count(c->t[i + 1].num);
	}
	return -999999;
}

static void read_flags(struct ctx *c)
{
	static const char *const node_flags[] = {"--nodes", "--nnodes", "--num_nodes", "--num-nodes", "--num_machines",
						 "--num-machines", "--node", "nnodes", "num_nodes", "--nodes_count",
						 NULL};
	static const char *const gpn_flags[] = {"--nproc_per_node", "--nproc-per-node", "--gpus-per-node",
						"--gpus_per_node",  "--ntasks-per-node", "--ntasks_per_node",
						"--num_gpus",	    "--num-gpus",	 "--ngpus", "ppn", "--ppn", "nproc_per_node",
						"gpus_per_node",    "ngpus", "--gpus-per-task-node", "--tasks-per-node",
						"--npernode", "-npernode", "gpus-per-node", NULL};
	static const char *const total_flags[] = {"--ntasks", "-np", "--np", "--num_processes", "--num-processes",
						  "--gpus", "--world_size", "--world-size", "world_size", "--total_gpus",
						  NULL};
	for (size_t i = 0; i < c->n; i++) {
		struct tok *t = &c->t[i];
		size_t vi = 0;
		int v;
		if (in_list(t->norm, node_flags) || !strcmp(t->raw, "-N")) {
			if ((v = flag_value(c, i, &vi)) != -999999) {
				state_nodes(c, v, i, vi);
				c->t[i].used = c->t[vi].used = true;
			}
		} else if (in_list(t->norm, gpn_flags)) {
			if ((v = flag_value(c, i, &vi)) != -999999) {
				state_gpn(c, v, i, vi);
				c->t[i].used = c->t[vi].used = true;
			}
		} else if (in_list(t->norm, total_flags) || !strcmp(t->raw, "-n") || !strcmp(t->raw, "-G")) {
			if ((v = flag_value(c, i, &vi)) != -999999) {
				state_total(c, v, i, vi);
				c->t[i].used = c->t[vi].used = true;
			}
		} else if (!strncmp(t->raw, "-N", 2) && isdigit((unsigned char)t->raw[2])) {
			state_nodes(c, atoi(t->raw + 2), i, i);
			t->used = true;
		} else if (!strncmp(t->raw, "-n", 2) && isdigit((unsigned char)t->raw[2]) && !strchr(t->raw, 'x')) {
			state_total(c, atoi(t->raw + 2), i, i);
			t->used = true;
		} else if (!strcmp(t->norm, "--gres") && i + 1 < c->n) {
			/* gpu:4 or gpu:a100:4 */
			const char *g = c->t[i + 1].norm;
			const char *last = strrchr(g, ':');
			if (!strncmp(g, "gpu", 3) && last && isdigit((unsigned char)last[1])) {
				state_gpn(c, atoi(last + 1), i, i + 1);
				c->t[i].used = c->t[i + 1].used = true;
			}
		} else if (!strncmp(t->norm, "select=", 7)) {
			/* PBS: select=2:ngpus=4:system=polaris */
			state_nodes(c, atoi(t->norm + 7), i, i);
			const char *g = strstr(t->norm, "ngpus=");
			if (g)
				state_gpn(c, atoi(g + 6), i, i);
			t->used = true;
		}
	}
}

/* "2x4", "2×4": nodes x GPUs per node */
static bool read_product(struct ctx *c, size_t i)
{
	const char *w = c->t[i].norm;
	char *x;
	long a = strtol(w, &x, 10);
	if (x == w || !(*x == 'x' || !strncmp(x, "×", strlen("×")) || *x == '*'))
		return false;
	const char *rest = *x == 'x' || *x == '*' ? x + 1 : x + strlen("×");
	char *end;
	long b = strtol(rest, &end, 10);
	if (end == rest || *end)
		return false;
	state_nodes(c, (int)a, i, i);
	state_gpn(c, (int)b, i, i);
	c->t[i].used = true;
	return true;
}

static void read_counts(struct ctx *c)
{
	read_flags(c);
	for (size_t i = 0; i < c->n; i++) {
		struct tok *t = &c->t[i];
		if (t->used)
			continue;
		if (read_product(c, i))
			continue;
		/* "4x A100", "8x H100" */
		size_t l = strlen(t->norm);
		if (l >= 2 && t->norm[l - 1] == 'x' && isdigit((unsigned char)t->norm[0]) && i + 1 < c->n &&
		    is_gpuish(norm_at(c, i + 1))) {
			int v = atoi(t->norm);
			if (per_node_after(c, i + 2))
				state_gpn(c, v, i, i + 2);
			else
				state_total(c, v, i, i + 1);
			continue;
		}
		if (!t->is_num)
			continue;
		/* "2 x 4 GPUs" */
		if ((is(c, i + 1, "x") || is(c, i + 1, "×") || is(c, i + 1, "*")) && i + 2 < c->n && c->t[i + 2].is_num &&
		    !is_node_unit(norm_at(c, i + 3)) && (is_gpuish(norm_at(c, i + 3)) || i + 3 >= c->n || !c->nodes)) {
			state_nodes(c, as_count(t->num), i, i + 2);
			state_gpn(c, as_count(c->t[i + 2].num), i, i + 3);
			t->used = c->t[i + 2].used = true;
			continue;
		}
		/* number [adjectives] unit */
		size_t j = i + 1;
		bool saw_gpu = false;
		size_t gpu_at = 0;
		while (j < c->n && j <= i + 4) {
			const char *w = norm_at(c, j);
			if (is_node_unit(w)) {
				if (t->num_word && j > i + 2 && !saw_gpu)
					break;
				int v = as_count(t->num);
				state_nodes(c, v, i, j);
				t->used = c->t[j].used = true;
				/* "two 4-GPU nodes": the GPU count in between is per node */
				for (size_t k = i + 1; k < j; k++)
					if (c->t[k].is_num && !c->t[k].num_word && k + 1 < j && is_gpuish(norm_at(c, k + 1))) {
						state_gpn(c, as_count(c->t[k].num), k, k + 1);
						c->t[k].used = true;
					}
				goto next;
			}
			if (is_gpu_unit(w) || !strcmp(w, "gpu")) {
				if (!saw_gpu) {
					saw_gpu = true;
					gpu_at = j;
				}
				j++;
				continue;
			}
			if (c->t[j].is_num && !c->t[j].num_word && saw_gpu == false && j == i + 1)
				break;
			if (in_list(w, count_adjectives) || c->t[j].cluster)
				j++;
			else
				break;
		}
		if (saw_gpu) {
			int v = as_count(t->num);
			size_t after = gpu_at + 1;
			while (after < c->n && (is_gpu_unit(norm_at(c, after)) || !strcmp(norm_at(c, after), "gpu")))
				after++;
			if (per_node_after(c, after) || per_node_before(c, i))
				state_gpn(c, v, i, after);
			else if (total_after(c, after) || total_before(c, i))
				state_total(c, v, i, after);
			else
				state_total(c, v, i, gpu_at);
			t->used = true;
		}
	next:;
	}
	/* key: value forms: "nodes: 2", "gpus per node = 4", "number of nodes is 2", "node count 2" */
	for (size_t i = 0; i < c->n; i++) {
		if (c->t[i].used)
			continue;
		const char *w = norm_at(c, i);
		size_t k = i + 1;
		int kind = 0; /* 1 nodes, 2 gpn, 3 total */
		if (is_node_unit(w) || !strcmp(w, "num_nodes") || !strcmp(w, "node_count")) {
			kind = 1;
		} else if (is_gpuish(w)) {
			if (is(c, k, "per") && is_node_unit(norm_at(c, k + 1))) {
				kind = 2;
				k += 2;
			} else {
				kind = 3;
			}
		} else {
			continue;
		}
		if (is(c, k, "count") || is(c, k, "number"))
			k++;
		bool sep = false;
		if (is(c, k, "is") || is(c, k, "of") || is(c, k, "=") || is(c, k, ":")) {
			k++;
			sep = true;
		}
		sep |= c->t[i].trail == ':' || (k > i + 1 && c->t[k - 1].trail == ':');
		if (!sep || k >= c->n || !c->t[k].is_num || c->t[k].num_word || c->t[k].used)
			continue;
		int v = as_count(c->t[k].num);
		if (kind == 1)
			state_nodes(c, v, i, k);
		else if (kind == 2)
			state_gpn(c, v, i, k);
		else
			state_total(c, v, i, k);
		c->t[k].used = true;
	}
	/* "number of nodes: 2" / "number of GPUs is 8" */
	for (size_t i = 0; i + 3 < c->n; i++) {
		if (!(is(c, i, "number") && is(c, i + 1, "of")))
			continue;
		const char *w = norm_at(c, i + 2);
		size_t k = i + 3;
		if (is(c, k, "is") || is(c, k, "=") || is(c, k, ":"))
			k++;
		if (k >= c->n || !c->t[k].is_num || c->t[k].num_word || c->t[k].used)
			continue;
		if (is_node_unit(w))
			state_nodes(c, as_count(c->t[k].num), i, k);
		else if (is_gpuish(w))
			state_total(c, as_count(c->t[k].num), i, k);
	}
	/* "single-node" / "single node" without a count word */
	if (!c->nodes)
		for (size_t i = 0; i + 1 < c->n; i++)
			if ((is(c, i, "single") || is(c, i, "one")) && is_node_unit(norm_at(c, i + 1)))
				state_nodes(c, 1, i, i + 1);
}

/* ------------------------------------------------------------------------------------------ */
/* cluster */

static void read_cluster(struct ctx *c)
{
	const struct cluster *found = NULL;
	size_t at = 0, span = 0;
	bool preferred = false;
	for (size_t i = 0; i < c->n; i++) {
		/* several words only when the first begins some cluster name ("bridges 2", "lone star 6") */
		size_t kmax = cluster_name_prefix(c->repo, c->t[i].norm) ? 3 : 1;
		for (size_t k = kmax; k >= 1; k--) {
			if (i + k > c->n)
				continue;
			char joined[128] = "";
			for (size_t q = 0; q < k; q++) {
				if (strlen(joined) + strlen(c->t[i + q].norm) + 2 >= sizeof(joined))
					break;
				if (q)
					strcat(joined, " ");
				strcat(joined, c->t[i + q].norm);
			}
			const struct cluster *cl = match_cluster_name(c->repo, joined);
			if (!cl)
				continue;
			bool pref = i > 0 && (is(c, i - 1, "on") || is(c, i - 1, "to") || is(c, i - 1, "for") ||
					      is(c, i - 1, "at") || is(c, i - 1, "onto") || is(c, i - 1, "using") ||
					      is(c, i - 1, "use"));
			/* two-letter aliases (pm, s3, b2) need "on"/"to"/... in front: "3 pm", "S3 bucket" */
			/* "upload to S3", "3 pm": two-letter aliases need "on"/"at"/"cluster" in front, or to lead the text */
			bool cue = i == 0 || (i > 0 && (is(c, i - 1, "on") || is(c, i - 1, "at") || is(c, i - 1, "cluster") ||
							 is(c, i - 1, "system") || is(c, i - 1, "machine")));
			if (strlen(joined) <= 2 && !cue)
				continue;
			if (!found || (pref && !preferred)) {
				if (found && found != cl)
					request_warn(c->req, "the request names both '%s' and '%s'; using %s", found->id,
						     cl->id, cl->id);
				found = cl;
				at = i;
				span = k;
				preferred = pref;
			} else if (found != cl) {
				request_warn(c->req, "the request names both '%s' and '%s'; using %s", found->id, cl->id,
					     found->id);
			}
			i += k - 1;
			break;
		}
	}
	if (found) {
		request_set(&c->req->cluster, found->id);
		set_from_toks(c, RF_CLUSTER, at, at + span - 1);
		for (size_t q = at; q < at + span; q++)
			c->t[q].used = c->t[q].cluster = true;
		c->cluster = found;
	}
}

/* ------------------------------------------------------------------------------------------ */
/* framework and strategy */

static void read_framework(struct ctx *c)
{
	struct request *r = c->req;
	int ds = -1, acc = -1, fsdp = -1, ddp = -1, torch = -1, zero = -1;
	int zero_stage = 0;
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		if (!strcmp(w, "deepspeed") || !strcmp(w, "ds_config") || !strncmp(w, "ds_config", 9) ||
		    (!strcmp(w, "deep") && is(c, i + 1, "speed"))) {
			if (ds < 0)
				ds = (int)i;
		} else if (!strcmp(w, "accelerate") || !strcmp(w, "accelerate's")) {
			bool verb = i > 0 && (is(c, i - 1, "to") || is(c, i - 1, "will") || is(c, i - 1, "should") ||
					      is(c, i - 1, "can"));
			bool marked = i > 0 && (is(c, i - 1, "hf") || is(c, i - 1, "huggingface") || is(c, i - 1, "face") ||
						is(c, i - 1, "with") || is(c, i - 1, "using") || is(c, i - 1, "via"));
			if (!verb || marked || is(c, i + 1, "launch"))
				if (acc < 0)
					acc = (int)i;
		} else if (!strcmp(w, "fsdp") || !strcmp(w, "fsdp2") || !strcmp(w, "fullyshardeddataparallel") ||
			   !strcmp(w, "fully-sharded") || !strcmp(w, "fully_sharded") ||
			   (!strcmp(w, "fully") && (is(c, i + 1, "sharded") || is(c, i + 1, "shard")))) {
			if (fsdp < 0)
				fsdp = (int)i;
		} else if (!strcmp(w, "ddp") || !strcmp(w, "distributeddataparallel") || !strcmp(w, "data-parallel") ||
			   !strcmp(w, "dataparallel") || !strcmp(w, "data_parallel") ||
			   (!strcmp(w, "data") && is(c, i + 1, "parallel"))) {
			if (ddp < 0 && !(i > 0 && is(c, i - 1, "sharded")))
				ddp = (int)i;
		} else if (!strcmp(w, "torchrun") || !strcmp(w, "pytorch") || !strcmp(w, "torch") ||
			   !strcmp(w, "torch.distributed") || !strncmp(w, "torch.distributed.", 18)) {
			if (torch < 0)
				torch = (int)i;
		} else if (!strncmp(w, "zero", 4) && strcmp(w, "zero") && (w[4] == '-' || w[4] == '_' || isdigit((unsigned char)w[4]) || w[4] == '+')) {
			const char *p = w + 4;
			while (*p == '-' || *p == '_')
				p++;
			int st = atoi(p);
			if (st >= 1 && st <= 3)
				zero_stage = st;
			else if (!strncmp(p, "infinity", 8) || !strncmp(p, "offload", 7) || *p == '+')
				zero_stage = 3;
			if (zero < 0)
				zero = (int)i;
		} else if (!strcmp(w, "zero")) {
			/* "ZeRO stage 2", "zero 3", "ZeRO-Offload" */
			size_t k = i + 1;
			if (is(c, k, "stage") || is(c, k, "level"))
				k++;
			if (k < c->n && c->t[k].is_num && c->t[k].num >= 1 && c->t[k].num <= 3 && !c->t[k].num_word)
				zero_stage = (int)c->t[k].num;
			else if (is(c, k, "offload") || is(c, k, "infinity"))
				zero_stage = 3;
			else if (i > 0 && !c->t[i - 1].is_num && ds < 0 && !is(c, k, "stage"))
				continue; /* plain English "zero" */
			if (zero < 0)
				zero = (int)i;
		} else if ((!strcmp(w, "stage") || !strcmp(w, "stage-3") || !strcmp(w, "stage-2") ||
			    !strcmp(w, "stage-1")) && !zero_stage) {
			int st = w[5] == '-' ? w[6] - '0' : 0;
			if (!st && i + 1 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word)
				st = (int)c->t[i + 1].num;
			if (st >= 1 && st <= 3 && (ds >= 0 || zero >= 0 || (i > 0 && is(c, i - 1, "zero")))) {
				zero_stage = st;
			}
		} else if (!strcmp(w, "lightning") || !strcmp(w, "pytorch-lightning")) {
			request_warn(r, "PyTorch Lightning is launched like PyTorch DDP: one task per GPU or torchrun; the "
					"script is written for torchrun");
		} else if (!strcmp(w, "horovod")) {
			request_warn(r, "Horovod is not a supported framework; the script is written for PyTorch DDP");
		}
	}
	/* ZeRO mentioned without a stage after we saw "stage N" */
	if (zero_stage == 0 && (ds >= 0 || zero >= 0)) {
		for (size_t i = 0; i + 1 < c->n; i++)
			if (is(c, i, "stage") && c->t[i + 1].is_num && c->t[i + 1].num >= 1 && c->t[i + 1].num <= 3)
				zero_stage = (int)c->t[i + 1].num;
	}
	int fw_at = -1, st_at = -1;
	if (acc >= 0) {
		r->framework = FW_ACCELERATE;
		fw_at = acc;
		if (ds >= 0 || zero >= 0) {
			r->strategy = zero_stage == 1 ? ST_ZERO1 : zero_stage == 2 ? ST_ZERO2 : ST_ZERO3;
			st_at = zero >= 0 ? zero : ds;
		} else if (fsdp >= 0) {
			r->strategy = ST_FSDP;
			st_at = fsdp;
		} else if (ddp >= 0) {
			r->strategy = ST_DDP;
			st_at = ddp;
		}
	} else if (ds >= 0 || zero >= 0) {
		r->framework = FW_DEEPSPEED;
		fw_at = ds >= 0 ? ds : zero;
		if (zero_stage) {
			r->strategy = zero_stage == 1 ? ST_ZERO1 : zero_stage == 2 ? ST_ZERO2 : ST_ZERO3;
			st_at = zero >= 0 ? zero : fw_at;
		}
		if (fsdp >= 0)
			request_warn(r, "both DeepSpeed and FSDP are named; DeepSpeed ZeRO is used (say \"Accelerate with "
					"FSDP\" or \"PyTorch FSDP\" for FSDP)");
	} else if (fsdp >= 0 || ddp >= 0 || torch >= 0) {
		r->framework = FW_PYTORCH;
		fw_at = torch >= 0 ? torch : fsdp >= 0 ? fsdp : ddp;
		if (fsdp >= 0) {
			r->strategy = ST_FSDP;
			st_at = fsdp;
		} else if (ddp >= 0) {
			r->strategy = ST_DDP;
			st_at = ddp;
		}
	}
	if (fw_at >= 0)
		set_from_toks(c, RF_FRAMEWORK, (size_t)fw_at, (size_t)fw_at);
	if (st_at >= 0)
		set_from_toks(c, RF_STRATEGY, (size_t)st_at,
			      (size_t)st_at + ((zero_stage && st_at == zero && is(c, (size_t)zero + 1, "stage")) ? 2 : 0));
}

/* ------------------------------------------------------------------------------------------ */
/* walltime */

static bool time_cue(const struct ctx *c, size_t i)
{
	static const char *const cues[] = {"time", "walltime", "wall-time", "wall", "limit", "for", "-t", "--time",
					   "duration", "runtime", "run-time", "max", "timelimit", "time-limit", "up",
					   "within", "about", "around", "hours:", NULL};
	for (size_t k = 1; k <= 3 && k <= i; k++)
		if (is_any(c, i - k, cues))
			return true;
	return false;
}

/* Minutes of a duration token pair starting at i ("2 hours", "90min", "1.5h", "2h30m"); 0 when none. */
static int duration_at(const struct ctx *c, size_t i, size_t *used_to)
{
	const struct tok *t = &c->t[i];
	*used_to = i;
	/* glued forms: 2h, 90min, 1.5h, 2h30m, 2h30, 1d */
	if (!t->is_num && isdigit((unsigned char)t->norm[0])) {
		const char *p = t->norm;
		double total = 0;
		bool any = false;
		while (*p) {
			char *end;
			double v = strtod(p, &end);
			if (end == p)
				return 0;
			p = end;
			const char *u = p;
			while (*p && isalpha((unsigned char)*p))
				p++;
			char unit[16];
			snprintf(unit, sizeof(unit), "%.*s", (int)(p - u), u);
			int mul = duration_unit(unit);
			if (!*unit && any) {
				mul = 1; /* 2h30 */
			}
			if (!mul)
				return 0;
			if (mul == 1 && (!strcmp(unit, "m")) && !any && !time_cue(c, i))
				return 0;
			if (mul == 1440 && !strcmp(unit, "d") && !time_cue(c, i))
				return 0;
			total += v * mul;
			any = true;
		}
		return any ? (int)ceil(total) : 0;
	}
	if (!t->is_num || i + 1 >= c->n)
		return 0;
	const char *u = c->t[i + 1].norm;
	int mul = duration_unit(u);
	if (!mul)
		return 0;
	if ((!strcmp(u, "m") || !strcmp(u, "d")) && !time_cue(c, i))
		return 0;
	double v = t->num;
	*used_to = i + 1;
	/* "1 hour 30 minutes", "1 hour and 30 min", "an hour and a half" */
	size_t k = i + 2;
	if (is(c, k, "and"))
		k++;
	if (mul == 60 && is(c, k, "a") && is(c, k + 1, "half")) {
		*used_to = k + 1;
		return (int)ceil(v * 60 + 30);
	}
	if (k + 1 < c->n && c->t[k].is_num && !c->t[k].num_word) {
		int mul2 = duration_unit(c->t[k + 1].norm);
		if (mul2 && mul2 < mul) {
			*used_to = k + 1;
			return (int)ceil(v * mul + c->t[k].num * mul2);
		}
	}
	return (int)ceil(v * mul);
}

static void read_walltime(struct ctx *c)
{
	struct request *r = c->req;
	for (size_t i = 0; i < c->n && !r->walltime_min; i++) {
		const struct tok *t = &c->t[i];
		if (t->used)
			continue;
		int colons = 0;
		for (const char *p = t->norm; *p; p++)
			colons += *p == ':';
		if (colons >= 1 && isdigit((unsigned char)t->norm[0])) {
			int m;
			if (colons == 1 && !strchr(t->norm, '-')) {
				/* H:MM needs a time cue: people mean hours:minutes */
				if (!time_cue(c, i))
					continue;
				int h = 0, mm = 0;
				if (sscanf(t->norm, "%6d:%2d", &h, &mm) != 2 || mm >= 60 || h < 0 || h > 100000)
					continue;
				m = h * 60 + mm;
			} else {
				m = parse_walltime(t->norm);
			}
			if (m > 0) {
				r->walltime_min = m;
				set_from_toks(c, RF_WALLTIME, i, i);
			}
			continue;
		}
		if (is(c, i, "half") && (is(c, i + 1, "an") || is(c, i + 1, "a")) && is(c, i + 2, "hour")) {
			r->walltime_min = 30;
			set_from_toks(c, RF_WALLTIME, i, i + 2);
			continue;
		}
		if ((is(c, i, "one") || is(c, i, "an") || is(c, i, "1")) && is(c, i + 1, "and") && is(c, i + 2, "a") &&
		    is(c, i + 3, "half") && (is(c, i + 4, "hours") || is(c, i + 4, "hour"))) {
			r->walltime_min = 90;
			set_from_toks(c, RF_WALLTIME, i, i + 4);
			continue;
		}
		if (is(c, i, "couple") && is(c, i + 1, "of") && is(c, i + 2, "hours")) {
			r->walltime_min = 120;
			set_from_toks(c, RF_WALLTIME, i, i + 2);
			continue;
		}
		size_t to;
		int m = duration_at(c, i, &to);
		if (m > 0) {
			r->walltime_min = m;
			set_from_toks(c, RF_WALLTIME, i, to);
		}
	}
}

/* ------------------------------------------------------------------------------------------ */
/* account, queue, port, job name */

static bool identifier_like(const char *s)
{
	if (!*s || strlen(s) > 64)
		return false;
	for (const char *p = s; *p; p++)
		if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '.'))
			return false;
	return isalnum((unsigned char)s[0]);
}

static bool has_digit_or_mark(const char *s)
{
	for (const char *p = s; *p; p++)
		if (isdigit((unsigned char)*p) || *p == '_' || *p == '-')
			return true;
	bool upper = true;
	for (const char *p = s; *p; p++)
		if (islower((unsigned char)*p))
			upper = false;
	return upper && strlen(s) >= 3;
}

static const char *const value_fillers[] = {"is", "=", ":", "to", "the", "my", "our", "under", "with", "called",
					    "named", "id", "name", "number", "#", "code", "should", "be", "it's",
					    "its", "use", "using", "as", "of", "against", "on", "in", NULL};

static bool numeric(const char *s)
{
	double d;
	return parse_number(s, &d);
}

static size_t skip_fillers(const struct ctx *c, size_t k)
{
	for (int hop = 0; hop < 4 && k < c->n && in_list(c->t[k].norm, value_fillers); hop++)
		k++;
	return k;
}

static bool is_reserved_word(const struct ctx *c, const char *norm)
{
	return in_list(norm, english_stopwords) || is_node_unit(norm) || is_gpu_unit(norm) ||
	       match_cluster_name(c->repo, norm) != NULL || duration_unit(norm);
}

static void read_account(struct ctx *c)
{
	struct request *r = c->req;
	static const char *const strong[] = {"account", "acct", "allocation", "--account", "charge", "charged",
					     "bill", "billed", "alloc", "accounting", NULL};
	for (size_t i = 0; i < c->n && !r->account; i++) {
		const struct tok *t = &c->t[i];
		bool is_strong = in_list(t->norm, strong) || !strcmp(t->raw, "-A");
		bool is_weak = !strcmp(t->norm, "project") || !strcmp(t->norm, "proj");
		if (!is_strong && !is_weak)
			continue;
		size_t k = skip_fillers(c, i + 1);
		while (k < c->n && k < i + 5 && (c->t[k].cluster || in_list(c->t[k].norm, value_fillers)))
			k++;
		if (k < c->n && !c->t[k].used) {
			const struct tok *v = &c->t[k];
			bool ok = identifier_like(v->raw) && !is_reserved_word(c, v->norm) &&
				  (!numeric(v->norm) || !strcmp(t->raw, "-A")) && !is_node_unit(norm_at(c, k + 1)) &&
				  !is_gpu_unit(norm_at(c, k + 1));
			/* "project datascience" (adjacent) is an account; "project is about ..." is not */
			if (ok && is_weak && !has_digit_or_mark(v->raw) && (k != i + 1 || model_family(v->norm)))
				ok = false;
			if (ok) {
				request_set(&r->account, v->raw);
				set_from_toks(c, RF_ACCOUNT, i, k);
				c->t[k].used = true;
				continue;
			}
		}
		/* "my m1234 allocation", "the abc123 account" */
		if (i > 0 && (!strcmp(t->norm, "account") || !strcmp(t->norm, "allocation") || is_weak)) {
			const struct tok *v = &c->t[i - 1];
			if (!v->used && identifier_like(v->raw) && has_digit_or_mark(v->raw) && !numeric(v->norm) &&
			    !is_reserved_word(c, v->norm)) {
				request_set(&r->account, v->raw);
				set_from_toks(c, RF_ACCOUNT, i - 1, i);
			}
		}
	}
}

static bool queue_known(const struct ctx *c, const char *name)
{
	return c->cluster && cluster_queue(c->cluster, name);
}

static bool queue_word_ok(const struct ctx *c, const struct tok *v)
{
	static const char *const bad[] = {"default", "which", "what", "any", "same", "right", "correct", "proper",
					  "production", "appropriate", "best", "fastest", "gpu", "batch", "shortest",
					  "sbatch", "qsub", "ddp", "fsdp", "deepspeed", "accelerate", "torchrun", NULL};
	return identifier_like(v->raw) && !v->used && !numeric(v->norm) && !is_reserved_word(c, v->norm) &&
	       !in_list(v->norm, bad) && !in_list(v->norm, count_adjectives);
}

/* A known queue name that cannot be an ordinary word: gpuA100x4, GPU-shared, gpu-a100-dev. */
static bool distinctive_queue(const struct ctx *c, const struct tok *v)
{
	if (!queue_known(c, v->raw) || is_gpu_unit(v->norm))
		return false; /* "H100 nodes" names hardware, not the h100 queue */
	for (const char *p = v->raw; *p; p++)
		if (isdigit((unsigned char)*p) || *p == '-' || *p == '_')
			return true;
	return false;
}

static void read_queue(struct ctx *c)
{
	struct request *r = c->req;
	static const char *const cues[] = {"queue", "partition", "qos", "--partition", "--qos", "--queue", "part",
					   "queues", NULL};
	for (size_t i = 0; i < c->n && !r->queue; i++) {
		const struct tok *t = &c->t[i];
		bool cue = in_list(t->norm, cues) || !strcmp(t->raw, "-q") || !strcmp(t->raw, "-p");
		if (!cue)
			continue;
		bool flag = t->raw[0] == '-';
		size_t k = skip_fillers(c, i + 1);
		const struct tok *after = k < c->n && !c->t[k].used ? &c->t[k] : NULL;
		const struct tok *before = i > 0 && !flag && !c->t[i - 1].trail ? &c->t[i - 1] : NULL;
		const struct tok *pick = NULL;
		size_t a = i, b = i;
		if (before && queue_known(c, before->raw)) {
			pick = before, a = i - 1;
		} else if (after && queue_known(c, after->raw)) {
			pick = after, b = k;
		} else if (flag && after && identifier_like(after->raw) && !numeric(after->norm)) {
			pick = after, b = k;
		} else if (before && queue_word_ok(c, before)) {
			pick = before, a = i - 1;
		} else if (after && queue_word_ok(c, after)) {
			pick = after, b = k;
		}
		if (pick) {
			request_set(&r->queue, pick->raw);
			set_from_toks(c, RF_QUEUE, a, b);
		}
	}
	for (size_t i = 0; i < c->n && !r->queue; i++)
		if (!c->t[i].used && distinctive_queue(c, &c->t[i])) {
			request_set(&r->queue, c->t[i].raw);
			set_from_toks(c, RF_QUEUE, i, i);
		}
}

static void read_port(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		if (!(!strcmp(w, "port") || !strcmp(w, "--master_port") || !strcmp(w, "--master-port") ||
		      !strcmp(w, "master_port") || !strcmp(w, "--main_process_port") || !strcmp(w, "--rdzv-port")))
			continue;
		size_t k = skip_fillers(c, i + 1);
		if (k < c->n && c->t[k].is_num && !c->t[k].num_word) {
			int v = as_count(c->t[k].num);
			c->req->master_port = v == 0 ? -1 : v;
			set_from_toks(c, RF_PORT, i, k);
			return;
		}
	}
}

static void read_job_name(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		bool cue = (is(c, i, "job") && (is(c, i + 1, "name") || is(c, i + 1, "named") || is(c, i + 1, "called"))) ||
			   !strcmp(c->t[i].norm, "--job-name") || !strcmp(c->t[i].raw, "-J") ||
			   !strcmp(c->t[i].norm, "--job_name");
		if (!cue)
			continue;
		size_t k = skip_fillers(c, i + (is(c, i, "job") ? 2 : 1));
		if (k < c->n && identifier_like(c->t[k].raw) && !is_reserved_word(c, c->t[k].norm)) {
			request_set(&c->req->job_name, c->t[k].raw);
			set_from_toks(c, RF_JOB_NAME, i, k);
			c->t[k].used = true;
			return;
		}
	}
}

/* ------------------------------------------------------------------------------------------ */
/* model */

static bool size_word(const char *w)
{
	size_t l = strlen(w);
	if (!l)
		return false;
	static const char *const sz[] = {"base", "large", "small", "tiny", "xl", "xxl", "medium", "huge", "mini",
					 "instruct", "chat", "hf", NULL};
	if (in_list(w, sz))
		return true;
	double d;
	if (parse_number(w, &d))
		return d < 1000;
	char *end;
	strtod(w, &end);
	return end != w && (!strcmp(end, "b") || !strcmp(end, "m") || !strcmp(end, "k"));
}

static void set_model_span(struct ctx *c, size_t a, size_t b)
{
	request_set_from(c->req, RF_MODEL, c->text + c->t[a].start, c->t[b].end - c->t[a].start);
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = a; i <= b; i++)
		strbuf_addf(&sb, "%s%s", i > a ? " " : "", c->t[i].raw);
	request_set(&c->req->model, sb.buf);
	strbuf_release(&sb);
}

static bool extend_model(const struct ctx *c, size_t e)
{
	if (e + 1 >= c->n || c->t[e].trail || c->t[e + 1].used || !size_word(c->t[e + 1].norm))
		return false;
	const char *after = norm_at(c, e + 2);
	return !is_node_unit(after) && !is_gpu_unit(after) && strcmp(after, "gpu") && !duration_unit(after);
}

static void model_from_args(struct ctx *c)
{
	struct request *r = c->req;
	/* --model_name_or_path X in the script's own arguments */
	for (size_t i = 0; i + 1 < r->args.nr; i++) {
		const char *a = r->args.v[i].value;
		if (!strcmp(a, "--model_name_or_path") || !strcmp(a, "--model") || !strcmp(a, "--model_name") ||
		    !strcmp(a, "--model-name") || !strcmp(a, "--model_id") || !strcmp(a, "--arch") || !strcmp(a, "--model_type")) {
			request_set(&r->model, r->args.v[i + 1].value);
			request_set_from(r, RF_MODEL, r->args.v[i].raw, strlen(r->args.v[i].raw));
			return;
		}
	}
}

static void read_model_text(struct ctx *c);
static void read_model(struct ctx *c)
{
	read_model_text(c);
	if (!c->req->model)
		model_from_args(c);
}

static void read_model_text(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		/* "model X", "model: X", "model is X" */
		if (!strcmp(w, "model") || !strcmp(w, "--model") || !strcmp(w, "--model_name_or_path") ||
		    !strcmp(w, "architecture")) {
			size_t k = skip_fillers(c, i + 1);
			if (k < c->n && !c->t[k].used && (model_family(c->t[k].norm) || strchr(c->t[k].raw, '/') ||
							  (identifier_like(c->t[k].raw) && has_digit_or_mark(c->t[k].raw) &&
							   !is_reserved_word(c, c->t[k].norm)))) {
				size_t e = k;
				while (e < k + 2 && extend_model(c, e))
					e++;
				set_model_span(c, k, e);
				return;
			}
		}
	}
	for (size_t i = 0; i < c->n; i++) {
		if (c->t[i].used || !model_family(c->t[i].norm))
			continue;
		size_t e = i;
		while (e < i + 2 && extend_model(c, e))
			e++;
		set_model_span(c, i, e);
		return;
	}
}

/* ------------------------------------------------------------------------------------------ */
/* software environment */

static bool module_like(const struct ctx *c, size_t k)
{
	const char *raw = c->t[k].raw;
	if (!*raw || c->t[k].used)
		return false;
	for (const char *p = raw; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("_./+-@", *p)))
			return false;
	return !in_list(c->t[k].norm, english_stopwords) && !match_cluster_name(c->repo, c->t[k].norm) &&
	       !is_node_unit(c->t[k].norm) && !is_gpu_unit(c->t[k].norm) && strcmp(c->t[k].norm, "module") &&
	       strcmp(c->t[k].norm, "modules");
}

static bool module_after_load(const struct ctx *c, size_t k)
{
	static const char *const fn[] = {"and", "then", "the", "with", "on", "for", "to", "in", "a", "an", "using",
					 "use", "please", "also", "run", NULL};
	const char *raw = c->t[k].raw;
	if (!*raw || c->t[k].used || in_list(c->t[k].norm, fn) || c->t[k].cluster)
		return false;
	for (const char *p = raw; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("_./+-@", *p)))
			return false;
	return true;
}

static void add_module(struct ctx *c, size_t k)
{
	if (strvec_find(&c->req->modules, c->t[k].raw) < 0)
		strvec_push(&c->req->modules, c->t[k].raw);
	c->t[k].used = true;
}

static void read_env(struct ctx *c)
{
	struct request *r = c->req;
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		/* conda */
		if (!r->conda_env && !strcmp(w, "conda")) {
			size_t k = i + 1;
			if (is(c, k, "activate"))
				k++;
			else if (is(c, k, "env") || is(c, k, "environment") || is(c, k, "envs"))
				k = skip_fillers(c, k + 1);
			else
				k = (size_t)-1;
			if (k < c->n && identifier_like(c->t[k].raw) && !is_reserved_word(c, c->t[k].norm)) {
				request_set(&r->conda_env, c->t[k].raw);
				set_from_toks(c, RF_CONDA, i, k);
				c->t[k].used = true;
				continue;
			}
			/* "my torch2 conda env" */
			if (i > 0 && (is(c, i + 1, "env") || is(c, i + 1, "environment")) && identifier_like(c->t[i - 1].raw) &&
			    !is_reserved_word(c, c->t[i - 1].norm) && !c->t[i - 1].used) {
				request_set(&r->conda_env, c->t[i - 1].raw);
				set_from_toks(c, RF_CONDA, i - 1, i + 1);
			}
			continue;
		}
		/* venv */
		if (!r->venv && (!strcmp(w, "venv") || !strcmp(w, "virtualenv") || !strcmp(w, ".venv") ||
				 ((!strcmp(w, "virtual") || !strcmp(w, "python")) &&
				  (is(c, i + 1, "env") || is(c, i + 1, "environment"))))) {
			size_t k = skip_fillers(c, i + 1 + (!strcmp(w, "virtual") || !strcmp(w, "python")));
			if (is(c, k, "at") || is(c, k, "in"))
				k++;
			if (k < c->n && (strchr(c->t[k].raw, '/') || c->t[k].raw[0] == '$' || c->t[k].raw[0] == '~' ||
					 (identifier_like(c->t[k].raw) && !is_reserved_word(c, c->t[k].norm)))) {
				request_set(&r->venv, c->t[k].raw);
				set_from_toks(c, RF_VENV, i, k);
				c->t[k].used = true;
			}
			continue;
		}
		if (!r->venv && (!strcmp(w, "source") || !strcmp(w, ".")) && i + 1 < c->n) {
			const char *p = c->t[i + 1].raw;
			const char *act = strstr(p, "/bin/activate");
			if (act && act[13] == '\0') {
				char *dir = xstrndup(p, (size_t)(act - p));
				request_set(&r->venv, dir);
				free(dir);
				set_from_toks(c, RF_VENV, i, i + 1);
				c->t[i + 1].used = true;
			}
			continue;
		}
		/* modules */
		if (!strcmp(w, "module") && (is(c, i + 1, "load") || is(c, i + 1, "add"))) {
			size_t k = i + 2;
			while (k < c->n && module_after_load(c, k)) {
				add_module(c, k);
				if (c->t[k].trail == ',' || c->t[k].trail == '.' || c->t[k].trail == ';') {
					k++;
					break;
				}
				k++;
			}
			if (k > i + 2)
				set_from_toks(c, RF_MODULES, i, k - 1);
			continue;
		}
		if (!strcmp(w, "modules") || (!strcmp(w, "module") && c->t[i].trail == ':')) {
			/* "modules: a, b and c" / "modules a b" / "load modules a and b" */
			size_t k = skip_fillers(c, i + 1);
			size_t first = k;
			while (k < c->n && module_like(c, k)) {
				add_module(c, k);
				k++;
				if (is(c, k, "and"))
					k++;
			}
			if (k > first) {
				set_from_toks(c, RF_MODULES, i, k - 1);
				continue;
			}
			/* "load the pytorch and nccl modules" */
		}
		if ((!strcmp(w, "module") || !strcmp(w, "modules")) && i > 0) {
			size_t k = i;
			size_t last = 0;
			while (k > 0 && (module_like(c, k - 1) || is(c, k - 1, "and"))) {
				k--;
				if (!is(c, k, "and"))
					last = k + 1;
			}
			bool loaded = k > 0 && (is(c, k - 1, "the") || is(c, k - 1, "load") || is(c, k - 1, "with") ||
						is(c, k - 1, "using") || is(c, k - 1, "use"));
			if (last && loaded) {
				for (size_t q = k; q < i; q++)
					if (!is(c, q, "and"))
						add_module(c, q);
				set_from_toks(c, RF_MODULES, k, i);
			}
		}
	}
}

/* ------------------------------------------------------------------------------------------ */

int extract_text(const char *text, size_t len, const struct repo *repo, struct request *req,
		 struct maple_error *err)
{
	if (len > MAX_REQUEST_BYTES)
		return errorf(err, "the request is %zu bytes; the limit is %d bytes. Describe the job in a few "
				   "sentences (nodes, GPUs, cluster, script and its arguments)",
			      len, MAX_REQUEST_BYTES);
	if (!valid_utf8((const unsigned char *)text, len))
		return errorf(err, "the request is not valid UTF-8 text (binary data or a wrong encoding); pass the "
				   "request as plain text");
	if (mostly_binary((const unsigned char *)text, len))
		return errorf(err, "the request contains control characters; pass the request as plain text");
	size_t i = 0;
	while (i < len && isspace((unsigned char)text[i]))
		i++;
	if (i == len)
		return errorf(err, "the request is empty; describe the job, for example: \"train.py on 2 nodes of "
				   "perlmutter with torchrun\"");
	struct ctx c = {0};
	c.text = text;
	c.len = len;
	c.repo = repo;
	c.req = req;
	c.nl = xstrndup(text, len);
	find_command(&c);
	tokenize(&c);
	read_cluster(&c);
	read_counts(&c);
	read_framework(&c);
	read_walltime(&c);
	read_port(&c);
	read_job_name(&c);
	read_account(&c);
	read_queue(&c);
	read_env(&c);
	read_model(&c);
	req->nodes = c.nodes;
	req->gpus_per_node = c.gpn;
	req->total_gpus = c.total;
	free(c.nl);
	free(c.t);
	return 0;
}
