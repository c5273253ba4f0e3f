/* python_calls.c - launch commands written in Python, as a launcher script or a notebook builds them:
 * a list of strings ("cmd = [\"torchrun\", \"--nnodes\", \"1\", \"--nproc_per_node\", \"8\", \"train.py\"]",
 * "subprocess.run([\"accelerate\", \"launch\", ...], check=True)") or a string split into words
 * ("subprocess.run(f\"torchrun --nproc_per_node={n} train.py\".split())"), or a notebook cell's shell escape
 * ("!accelerate launch ..."); a list is Python's when it is
 * assigned or passed ("cmd = [", "run(["), not a YAML spec's "command: [...]" (spec_blocks.c). Each is rewritten, in the
 * reader's working copy, as the shell command line it runs, ending its line, so that the launch-line
 * reader reads it like a typed one. An element that is no string literal ("str(nnodes * 12)", a variable)
 * or an f-string's field ("{n}") becomes a shell variable's use ("$n", "$EXPR"): a value the text does not
 * give, which no count is read from - unless the code gives it a default: an argparse option's
 * ("p.add_argument(\"--nnodes\", type=int, default=2)" makes "{args.nnodes}" 2), an environment variable's
 * fallback ("nnodes = int(os.environ.get(\"NNODES\", 4))"), or a constant assigned once ("ppn = 12"); a
 * product or sum of such values ("{nnodes*ppn}") is computed. A string assigned a launch command
 * ("cmd = f\"mpiexec -n {n} python train.py\"") is one too. */
#include "reader.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Whether s[0, n) is a word a launch command starts with (commands.c's: launchers, interpreters). */
static bool launcher_first(const char *w, size_t n)
{
	char word[24];
	if (!n || n >= sizeof(word))
		return false;
	memcpy(word, w, n);
	word[n] = '\0';
	return rd_command_start_word(word);
}

/* The values the code gives its names: an argparse option's default, an environment variable's fallback,
 * a constant assigned once. A name given two different values has none (conflict). */
struct pydef {
	char name[32];
	char value[96];
	char env[32]; /* the environment variable whose fallback it is ("NNODES"), or "" */
	bool conflict, used;
};
struct pydefs {
	struct pydef v[32];
	size_t n;
};

static size_t string_literal(const char *s, size_t i, size_t len, size_t *ba, size_t *bb, bool *fstr);

static void def_add(struct pydefs *d, const char *name, size_t nn, const char *val, size_t vn)
{
	if (!nn || nn >= sizeof(d->v[0].name) || !vn || vn >= sizeof(d->v[0].value))
		return;
	for (size_t k = 0; k < d->n; k++)
		if (strlen(d->v[k].name) == nn && !memcmp(d->v[k].name, name, nn)) {
			if (strlen(d->v[k].value) != vn || memcmp(d->v[k].value, val, vn))
				d->v[k].conflict = true;
			return;
		}
	if (d->n >= sizeof(d->v) / sizeof(d->v[0]))
		return;
	struct pydef *e = &d->v[d->n++];
	memcpy(e->name, name, nn), e->name[nn] = '\0';
	memcpy(e->value, val, vn), e->value[vn] = '\0';
	e->conflict = e->used = false;
	e->env[0] = '\0';
}

/* The value of name (NULL when none or two), marked used. */
static const char *def_get(struct pydefs *d, const char *name, size_t nn)
{
	for (size_t k = 0; d && k < d->n; k++)
		if (strlen(d->v[k].name) == nn && !memcmp(d->v[k].name, name, nn)) {
			if (d->v[k].conflict)
				return NULL;
			d->v[k].used = true;
			return d->v[k].value;
		}
	return NULL;
}

/* A literal value at s[p]: an integer (digits, not followed by a name's or a float's character) or a
 * string without a field; its text [*va, *vb) and the offset after it, 0 when none. */
static size_t literal_value(const char *s, size_t p, size_t len, size_t *va, size_t *vb)
{
	if (p < len && isdigit((unsigned char)s[p])) {
		size_t e = p;
		while (e < len && isdigit((unsigned char)s[e]))
			e++;
		if (e < len && (isalnum((unsigned char)s[e]) || s[e] == '_' || s[e] == '.'))
			return 0;
		*va = p, *vb = e;
		return e;
	}
	bool fstr;
	size_t e = string_literal(s, p, len, va, vb, &fstr);
	if (!e || fstr || s[p] != s[*va - 1] || memchr(s + *va, ' ', *vb - *va))
		return 0; /* (no prefix: a plain string, one word) */
	return e;
}

/* "os.environ.get(\"X\", 4)", "os.getenv('X', '4')", each maybe inside "int(...)": the fallback's
 * literal; otherwise a literal itself. Returns the offset after it, 0 when neither. */
static size_t default_value(const char *s, size_t p, size_t len, size_t *va, size_t *vb, char *env, size_t envsz)
{
	env[0] = '\0';
	while (p < len && (s[p] == ' ' || s[p] == '\t'))
		p++;
	if (len - p > 4 && !strncmp(s + p, "int(", 4))
		p += 4;
	static const char *const getters[] = {"os.environ.get(", "os.getenv(", "environ.get(", NULL};
	for (size_t g = 0; getters[g]; g++) {
		size_t n = strlen(getters[g]);
		if (len - p <= n || strncmp(s + p, getters[g], n))
			continue;
		size_t ba, bb;
		bool fstr;
		size_t e = string_literal(s, p + n, len, &ba, &bb, &fstr);
		if (!e)
			return 0;
		if (bb - ba < envsz && !fstr) {
			memcpy(env, s + ba, bb - ba);
			env[bb - ba] = '\0';
		}
		while (e < len && s[e] == ' ')
			e++;
		if (e >= len || s[e] != ',')
			return 0;
		e++;
		while (e < len && s[e] == ' ')
			e++;
		return literal_value(s, e, len, va, vb);
	}
	return literal_value(s, p, len, va, vb);
}

/* Reads the defaults the code in text[0, len) gives: "add_argument(\"--nnodes\", ..., default=2)" (its
 * destination, the last long option's name with '-' as '_', or dest="..."), and "NAME = <value>" at a
 * line's start (a literal, or an environment variable's fallback). */
static void read_defaults(const char *s, size_t len, struct pydefs *d)
{
	d->n = 0;
	for (size_t i = 0; i + 14 < len; i++) {
		if (strncmp(s + i, "add_argument(", 13))
			continue;
		size_t close = i + 13;
		int depth = 1;
		while (close < len && close < i + 600 && depth > 0) {
			if (s[close] == '(')
				depth++;
			else if (s[close] == ')')
				depth--;
			close++;
		}
		if (depth)
			continue;
		char dest[32] = "";
		size_t va = 0, vb = 0;
		for (size_t p = i + 13; p < close; p++) {
			size_t ba, bb;
			bool fstr;
			size_t e;
			if ((s[p] == '"' || s[p] == '\'') && (e = string_literal(s, p, close, &ba, &bb, &fstr)) != 0) {
				if (bb - ba > 2 && s[ba] == '-' && s[ba + 1] == '-' && bb - ba - 2 < sizeof(dest) && !dest[0]) {
					for (size_t k = ba + 2; k < bb; k++)
						dest[k - ba - 2] = s[k] == '-' ? '_' : s[k];
					dest[bb - ba - 2] = '\0';
				}
				p = e - 1;
				continue;
			}
			if (!isalpha((unsigned char)s[p]) || (p > 0 && (isalnum((unsigned char)s[p - 1]) || s[p - 1] == '_')))
				continue;
			if (!strncmp(s + p, "default=", 8) || !strncmp(s + p, "default =", 9)) {
				size_t q = p + 7;
				while (q < close && (s[q] == ' ' || s[q] == '='))
					q++;
				if (!literal_value(s, q, close, &va, &vb))
					va = vb = 0;
			} else if (!strncmp(s + p, "dest=", 5)) {
				size_t ba, bb;
				bool fstr;
				if (string_literal(s, p + 5, close, &ba, &bb, &fstr) && bb - ba < sizeof(dest)) {
					memcpy(dest, s + ba, bb - ba);
					dest[bb - ba] = '\0';
				}
			}
		}
		if (dest[0] && vb > va)
			def_add(d, dest, strlen(dest), s + va, vb - va);
		i = close - 1;
	}
	for (size_t ls = 0; ls < len;) {
		size_t le = ls;
		while (le < len && s[le] != '\n')
			le++;
		size_t p = ls;
		while (p < le && (s[p] == ' ' || s[p] == '\t'))
			p++;
		size_t na = p;
		while (p < le && (isalnum((unsigned char)s[p]) || s[p] == '_'))
			p++;
		size_t nb = p;
		while (p < le && s[p] == ' ')
			p++;
		size_t va, vb, e;
		char env[32];
		if (nb > na && (isalpha((unsigned char)s[na]) || s[na] == '_') && p < le && s[p] == '=' && p + 1 < le && s[p + 1] != '=' &&
		    (e = default_value(s, p + 1, le, &va, &vb, env, sizeof(env))) != 0) {
			while (e < le && (s[e] == ')' || s[e] == ' ' || s[e] == '\t'))
				e++;
			if (e == le || s[e] == '#') {
				size_t before = d->n;
				def_add(d, s + na, nb - na, s + va, vb - va);
				if (d->n > before)
					memcpy(d->v[before].env, env, sizeof(env));
			}
		}
		ls = le + 1;
	}
}

/* The integer value of the operand s[a, b) (a literal or a name with a default), or -1. */
static long operand_value(struct pydefs *d, const char *s, size_t a, size_t b)
{
	while (a < b && s[a] == ' ')
		a++;
	while (b > a && s[b - 1] == ' ')
		b--;
	if (a == b)
		return -1;
	const char *dot = memchr(s + a, '.', b - a);
	if (dot && !isdigit((unsigned char)s[a]))
		a = (size_t)(dot - s) + 1; /* "args.nnodes": the option's name */
	const char *v = NULL;
	size_t vn = b - a;
	if (isdigit((unsigned char)s[a]))
		v = s + a;
	else
		v = def_get(d, s + a, b - a), vn = v ? strlen(v) : 0;
	if (!v || !vn)
		return -1;
	long n = 0;
	for (size_t k = 0; k < vn; k++) {
		if (!isdigit((unsigned char)v[k]) || n > 1000000)
			return -1;
		n = n * 10 + (v[k] - '0');
	}
	return n;
}

/* An expression s[a, b) as the value the code gives it ("args.nnodes" with its default, "nnodes*ppn"
 * computed), else as a shell variable's use: "$n" for a plain name, "$EXPR" for anything else (a value
 * the text does not give). */
static void put_variable(struct strbuf *out, struct pydefs *d, const char *s, size_t a, size_t b)
{
	while (a < b && s[a] == ' ')
		a++;
	while (b > a && s[b - 1] == ' ')
		b--;
	/* a name or an attribute ("a.script", "args.nnodes") with a default */
	size_t na = a;
	bool attr = b > a && (isalpha((unsigned char)s[a]) || s[a] == '_');
	for (size_t k = a; k < b && attr; k++) {
		if (s[k] == '.')
			na = k + 1;
		attr = isalnum((unsigned char)s[k]) || s[k] == '_' || s[k] == '.';
	}
	const char *v = attr && na < b ? def_get(d, s + na, b - na) : NULL;
	if (v) {
		strbuf_adds(out, v);
		return;
	}
	/* a product or sum of two values the code gives ("nnodes*ppn", "n + 1") */
	for (size_t k = a + 1; k + 1 < b; k++)
		if (s[k] == '*' || s[k] == '+') {
			long x = operand_value(d, s, a, k), y = operand_value(d, s, k + 1, b);
			if (x >= 0 && y >= 0) {
				strbuf_addf(out, "%ld", s[k] == '*' ? x * y : x + y);
				return;
			}
			break;
		}
	bool name = b > a && (isalpha((unsigned char)s[a]) || s[a] == '_');
	for (size_t k = a; k < b && name; k++)
		name = isalnum((unsigned char)s[k]) || s[k] == '_';
	strbuf_addch(out, '$');
	if (name)
		strbuf_add(out, s + a, b - a);
	else
		strbuf_add(out, "EXPR", 4);
}

/* The string literal at s[i] (after an optional f/r/b prefix): its body [*ba, *bb), whether it is an
 * f-string, and the offset after its closing quote; 0 when s[i] starts none. */
static size_t string_literal(const char *s, size_t i, size_t len, size_t *ba, size_t *bb, bool *fstr)
{
	*fstr = false;
	size_t p = i;
	while (p < len && p < i + 2 && strchr("fFrRbB", s[p])) {
		*fstr = *fstr || s[p] == 'f' || s[p] == 'F';
		p++;
	}
	if (p >= len || (s[p] != '"' && s[p] != '\''))
		return 0;
	char q = s[p];
	size_t e = p + 1;
	while (e < len && s[e] != q && s[e] != '\n') {
		if (s[e] == '\\' && e + 1 < len)
			e++;
		e++;
	}
	if (e >= len || s[e] != q)
		return 0;
	*ba = p + 1, *bb = e;
	return e + 1;
}

/* A string's body as shell words: an f-string's "{n}" as "$n" (a field that is no plain name as "$EXPR");
 * a body with a blank, when it is one element of a list, single-quoted. */
static void put_body(struct strbuf *out, struct pydefs *d, const char *s, size_t a, size_t b, bool fstr, bool one_word)
{
	bool quote = one_word && (memchr(s + a, ' ', b - a) || b == a);
	if (quote)
		strbuf_addch(out, '\'');
	for (size_t i = a; i < b; i++) {
		if (fstr && s[i] == '{' && i + 1 < b && s[i + 1] != '{') {
			const char *close = memchr(s + i, '}', b - i);
			if (close) {
				put_variable(out, d, s, i + 1, (size_t)(close - s));
				i = (size_t)(close - s);
				continue;
			}
		}
		if (quote && s[i] == '\'')
			continue;
		strbuf_addch(out, s[i]);
	}
	if (quote)
		strbuf_addch(out, '\'');
}

/* The list at s[i] == '[' if it is a launch command's: its elements as shell words into out, and the
 * offset after its ']'; 0 when it is not one. */
static size_t command_list(struct pydefs *d, const char *s, size_t i, size_t len, struct strbuf *out)
{
	size_t p = i + 1, ba, bb;
	bool fstr;
	while (p < len && isspace((unsigned char)s[p]))
		p++;
	size_t e = string_literal(s, p, len, &ba, &bb, &fstr);
	if (!e || !launcher_first(s + ba, bb - ba))
		return 0;
	struct strbuf words = STRBUF_INIT;
	int n = 0;
	for (p = i + 1; p < len && p < i + 4000;) {
		while (p < len && isspace((unsigned char)s[p]))
			p++;
		if (p < len && s[p] == ']')
			break;
		if (n)
			strbuf_addch(&words, ' ');
		e = string_literal(s, p, len, &ba, &bb, &fstr);
		size_t after = e;
		while (e && after < len && (s[after] == ' ' || s[after] == '\t'))
			after++;
		if (e && after < len && s[after] == '+') {
			/* "\"--rdzv_endpoint=\" + os.environ[\"MASTER_ADDR\"] + \":29500\"": its literal start, then a
			 * value the text does not give */
			put_body(&words, d, s, ba, bb, fstr, false);
			strbuf_add(&words, "$EXPR", 5);
			int depth = 0;
			for (p = after; p < len && (depth > 0 || (s[p] != ',' && s[p] != ']' && s[p] != '\n')); p++)
				if (s[p] == '(' || s[p] == '[' || s[p] == '{')
					depth++;
				else if ((s[p] == ')' || s[p] == ']' || s[p] == '}') && depth > 0)
					depth--;
		} else if (e) {
			put_body(&words, d, s, ba, bb, fstr, true);
			p = e;
		} else {
			/* an expression: to the next ',' or ']' outside its brackets */
			size_t a = p;
			int depth = 0;
			while (p < len && (depth > 0 || (s[p] != ',' && s[p] != ']'))) {
				if (s[p] == '(' || s[p] == '[' || s[p] == '{')
					depth++;
				else if ((s[p] == ')' || s[p] == ']' || s[p] == '}') && depth > 0)
					depth--;
				else if (s[p] == '\n' && depth == 0)
					break;
				p++;
			}
			/* "str(n)", "n": the name; anything else a value the text does not give */
			size_t na = a, nb = p;
			while (nb > na && isspace((unsigned char)s[nb - 1]))
				nb--;
			if (nb - na > 5 && !strncmp(s + na, "str(", 4) && s[nb - 1] == ')')
				na += 4, nb--;
			put_variable(&words, d, s, na, nb);
		}
		n++;
		while (p < len && isspace((unsigned char)s[p]))
			p++;
		if (p < len && s[p] == ',')
			p++;
		else if (!(p < len && s[p] == ']'))
			break;
	}
	if (p >= len || s[p] != ']' || n < 2) {
		strbuf_release(&words);
		return 0;
	}
	/* (on the line of its assignment or call, which ends after it: "cmd = torchrun ...") */
	strbuf_addch(out, ' ');
	strbuf_add(out, words.buf, words.len);
	strbuf_addch(out, '\n');
	strbuf_release(&words);
	return p + 1;
}

/* "f\"torchrun --nproc_per_node={n} train.py\".split()" at s[i]: the command on a line of its own into
 * out, and the offset after ".split()"; 0 when it is not one. */
static size_t split_string(struct pydefs *d, const char *s, size_t i, size_t len, struct strbuf *out)
{
	size_t ba, bb;
	bool fstr;
	size_t e = string_literal(s, i, len, &ba, &bb, &fstr);
	if (!e)
		return 0;
	size_t after = e;
	bool own_line = true;
	if (len - e >= 8 && !strncmp(s + e, ".split()", 8)) {
		after = e + 8;
	} else {
		/* "cmd = f\"...\"" ending its line, "os.system(\"...\")", "run(\"...\", shell=True)": the whole string */
		size_t p = i, q = e;
		while (p > 0 && (s[p - 1] == ' ' || s[p - 1] == '\t'))
			p--;
		while (q < len && (s[q] == ' ' || s[q] == '\t'))
			q++;
		bool assigned = p > 0 && s[p - 1] == '=' && (q == len || s[q] == '\n' || s[q] == '#');
		bool passed = p > 0 && s[p - 1] == '(' && q < len && (s[q] == ',' || s[q] == ')') && memchr(s + ba, ' ', bb - ba);
		if (!assigned && !passed)
			return 0;
		own_line = !assigned; /* ("cmd = torchrun ...": on its assignment's line, like a list) */
	}
	size_t w = ba;
	while (w < bb && !isspace((unsigned char)s[w]))
		w++;
	if (!launcher_first(s + ba, w - ba))
		return 0;
	strbuf_addch(out, own_line ? '\n' : ' ');
	put_body(out, d, s, ba, bb, fstr, false);
	if (own_line)
		strbuf_addch(out, '\n');
	return after;
}

/* In text whose Python launcher was rewritten as the command it runs: the launcher's own file-name heading
 * ("launch.py:", "run_aurora.py (excerpt):", alone on its line; the command names the training script) and
 * its lines that only set up objects ("p = argparse.ArgumentParser()", "args = parser.parse_args()": no
 * "-p" partition nor "-A" account) and the constants the command took ("GPUS = 8": no total of its own)
 * blanked. */
static void blank_launcher_code(char *s, size_t len, const struct pydefs *d)
{
	for (size_t la = 0; la < len;) {
		char *nl = memchr(s + la, '\n', len - la);
		size_t lb = nl ? (size_t)(nl - s) : len, p = la;
		while (p < lb && (s[p] == ' ' || s[p] == '\t'))
			p++;
		size_t w = p;
		while (p < lb && (isalnum((unsigned char)s[p]) || s[p] == '_' || s[p] == '.' || s[p] == '/' || s[p] == '-'))
			p++;
		size_t we = p;
		bool blank = false;
		if (we - w > 3 && !strncmp(s + we - 3, ".py", 3)) {
			while (p < lb && s[p] == ' ')
				p++;
			if (p < lb && s[p] == '(') {
				const char *close = memchr(s + p, ')', lb - p);
				p = close ? (size_t)(close - s) + 1 : lb;
			}
			while (p < lb && s[p] == ' ')
				p++;
			blank = p < lb && s[p] == ':' && p + 1 >= lb;
			for (size_t q = p + 1; blank && q < lb; q++)
				blank = s[q] == ' ' || s[q] == '\r';
		} else if (we > w && isalpha((unsigned char)s[w]) && !memchr(s + w, '.', we - w)) {
			/* NAME = NAME.NAME(...) alone; NAME = <value> whose value the command took ("GPUS = 8") */
			for (size_t k = 0; k < d->n && !blank; k++)
				blank = d->v[k].used && strlen(d->v[k].name) == we - w && !memcmp(d->v[k].name, s + w, we - w);
			while (p < lb && s[p] == ' ')
				p++;
			if (!blank && p < lb && s[p] == '=' && p + 1 < lb && s[p + 1] != '=') {
				p++;
				while (p < lb && s[p] == ' ')
					p++;
				size_t ca = p;
				while (p < lb && (isalnum((unsigned char)s[p]) || s[p] == '_' || s[p] == '.'))
					p++;
				size_t e = lb;
				while (e > p && (s[e - 1] == ' ' || s[e - 1] == '\r'))
					e--;
				blank = p > ca && memchr(s + ca, '.', p - ca) && p < e && s[p] == '(' && s[e - 1] == ')';
			}
		}
		if (blank)
			memset(s + la, ' ', lb - la);
		la = lb + 1;
	}
	/* "with the default NNODES": the variable the code reads, named in the words, is no count's key */
	for (size_t k = 0; k < d->n; k++) {
		size_t en = strlen(d->v[k].env);
		if (!d->v[k].used || en < 3)
			continue;
		for (size_t p = 0; p + en <= len; p++)
			if (!memcmp(s + p, d->v[k].env, en) && (p == 0 || !(isalnum((unsigned char)s[p - 1]) || s[p - 1] == '_' || s[p - 1] == '$')) &&
			    (p + en == len || !(isalnum((unsigned char)s[p + en]) || s[p + en] == '_')))
				memset(s + p, ' ', en);
	}
}

char *rd_flatten_python_commands(const char *text, size_t len, size_t *out_len)
{
	/* (most requests have no list or string of a launcher: look for a quoted launcher word first) */
	bool any = false;
	for (size_t i = 0; i + 1 < len && !any; i++)
		if ((text[i] == '"' || text[i] == '\'') && isalpha((unsigned char)text[i + 1])) {
			size_t w = i + 1;
			while (w < len && (isalnum((unsigned char)text[w]) || text[w] == '_'))
				w++;
			any = launcher_first(text + i + 1, w - i - 1);
		}
	/* a notebook's shell escape: "!torchrun ...", "!accelerate launch ..." at a line's start */
	for (size_t i = 0; i + 1 < len && !any; i++)
		if (text[i] == '!' && (i == 0 || text[i - 1] == '\n' || text[i - 1] == ' ') && isalpha((unsigned char)text[i + 1])) {
			size_t w = i + 1;
			while (w < len && (isalnum((unsigned char)text[w]) || text[w] == '_'))
				w++;
			any = launcher_first(text + i + 1, w - i - 1);
		}
	if (!any)
		return NULL;
	struct pydefs defs;
	read_defaults(text, len, &defs);
	struct strbuf out = STRBUF_INIT;
	bool changed = false;
	for (size_t i = 0; i < len;) {
		size_t e = 0;
		size_t ls = i;
		while (ls > 0 && (text[ls - 1] == ' ' || text[ls - 1] == '\t'))
			ls--;
		if (text[i] == '!' && (ls == 0 || text[ls - 1] == '\n') && i + 1 < len && isalpha((unsigned char)text[i + 1])) {
			size_t w = i + 1;
			while (w < len && (isalnum((unsigned char)text[w]) || text[w] == '_'))
				w++;
			if (launcher_first(text + i + 1, w - i - 1)) {
				strbuf_addch(&out, ' '); /* "!accelerate launch ...": the command the cell runs */
				changed = true;
				i++;
				continue;
			}
		}
		/* (a list assigned or passed in Python code: "cmd = [", "run([", "execvp(\"torchrun\", ["; not a
		 * YAML spec's "command: [", which spec_blocks.c reads) */
		size_t p = i;
		while (p > 0 && (text[p - 1] == ' ' || text[p - 1] == '\t'))
			p--;
		if (text[i] == '[' && p > 0 && (text[p - 1] == '=' || text[p - 1] == '(' || text[p - 1] == ','))
			e = command_list(&defs, text, i, len, &out);
		else if ((text[i] == '"' || text[i] == '\'' || ((text[i] == 'f' || text[i] == 'F') && i + 1 < len &&
								  (text[i + 1] == '"' || text[i + 1] == '\''))) &&
			 (i == 0 || !isalnum((unsigned char)text[i - 1])))
			e = split_string(&defs, text, i, len, &out);
		if (e) {
			changed = true;
			i = e;
			continue;
		}
		strbuf_addch(&out, text[i]);
		i++;
	}
	if (!changed) {
		strbuf_release(&out);
		return NULL;
	}
	blank_launcher_code(out.buf, out.len, &defs);
	*out_len = out.len;
	return strbuf_detach(&out);
}
