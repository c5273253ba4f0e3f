/* shell_calls.c - a launch written as a definition and a call of it, pasted with the request: a shell
 * function with positional parameters ("pmsub() { sbatch -N "$1" -t "$2:00:00" job.sh; }" and "pmsub 6
 * 10"), a Makefile rule with variables ("NODES ?= 1" ... "make train NODES=4"), a justfile recipe with
 * parameters ('train nodes="2":' and "just train 8"). The reader then reads the definition with the
 * call's values put in (and simple arithmetic such as $((nodes*8)) worked out): what the call asks for.
 * A definition without a call, or a call whose values cannot be put in, leaves the text as it is. */
#include "reader.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum def_kind { DEF_FUNCTION, DEF_MAKE, DEF_JUST };

#define MAX_ARGS 9
#define MAX_VARS 16
#define MAX_NEST 4 /* assignments read inside an assignment's value */

struct var {
	char name[32];
	char value[64];
};

struct def {
	enum def_kind kind;
	char name[48];
	size_t body_a, body_b;		   /* the body in the text */
	size_t def_a, def_b;		   /* the whole definition (its name line to the body's end) */
	char params[MAX_ARGS][32];	   /* a justfile recipe's parameter names, in order */
	char defaults[MAX_ARGS][64];	   /* and their defaults ("" = none) */
	size_t nparams;
};

static bool ident_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_';
}

static size_t line_end(const char *s, size_t len, size_t p)
{
	while (p < len && s[p] != '\n')
		p++;
	return p;
}

static void copy_word(char *out, size_t cap, const char *s, size_t n)
{
	size_t l = n < cap - 1 ? n : cap - 1;
	memcpy(out, s, l);
	out[l] = '\0';
}

/* A shell function's definition starting at p: "name() {", "name () {", "function name {", "function
 * name() {"; its body is up to the matching brace. */
static bool function_at(const char *s, size_t len, size_t p, struct def *d)
{
	size_t q = p;
	while (q < len && (s[q] == ' ' || s[q] == '\t'))
		q++;
	bool kw = len - q > 9 && !strncmp(s + q, "function ", 9);
	if (kw)
		q += 9;
	while (q < len && s[q] == ' ')
		q++;
	size_t na = q;
	while (q < len && (ident_char(s[q]) || s[q] == '-'))
		q++;
	if (q == na || q - na >= sizeof(d->name))
		return false;
	size_t nb = q;
	while (q < len && s[q] == ' ')
		q++;
	bool parens = q + 1 < len && s[q] == '(' && s[q + 1] == ')';
	if (parens)
		q += 2;
	if (!parens && !kw)
		return false;
	while (q < len && (s[q] == ' ' || s[q] == '\t'))
		q++;
	if (q >= len || s[q] != '{')
		return false;
	int depth = 0;
	size_t e = q;
	for (; e < len; e++) {
		if (s[e] == '{')
			depth++;
		else if (s[e] == '}' && --depth == 0)
			break;
	}
	if (e >= len)
		return false;
	d->kind = DEF_FUNCTION;
	copy_word(d->name, sizeof(d->name), s + na, nb - na);
	d->def_a = p;
	d->body_a = q + 1;
	d->body_b = e;
	d->def_b = e + 1;
	d->nparams = 0;
	return true;
}

/* The recipe lines after a rule's line ending at le: tab-indented (make) or indented (just). */
static size_t recipe_end(const char *s, size_t len, size_t le, bool tab_only)
{
	size_t b = le, p = le + 1;
	while (p < len) {
		size_t e = line_end(s, len, p);
		bool indented = s[p] == '\t' || (!tab_only && e - p > 2 && s[p] == ' ' && s[p + 1] == ' ');
		if (!indented || e == p)
			break;
		b = e;
		p = e + 1;
	}
	return b;
}

/* A Makefile rule ("train:" or "train: deps" then tab-indented lines) or a justfile recipe with its
 * parameters ('train nodes="2" gpus="4":' then indented lines) on the line at p. */
static bool rule_at(const char *s, size_t len, size_t p, struct def *d)
{
	size_t le = line_end(s, len, p);
	size_t q = p;
	while (q < le && (ident_char(s[q]) || s[q] == '-' || s[q] == '.'))
		q++;
	if (q == p || q - p >= sizeof(d->name) || s[p] == '.')
		return false;
	size_t nb = q;
	d->nparams = 0;
	/* a justfile's parameters: words, each with an optional ="default" */
	while (q < le && s[q] == ' ') {
		while (q < le && s[q] == ' ')
			q++;
		size_t pa = q;
		while (q < le && ident_char(s[q]))
			q++;
		if (q == pa)
			break;
		if (d->nparams == MAX_ARGS)
			return false;
		copy_word(d->params[d->nparams], sizeof(d->params[0]), s + pa, q - pa);
		d->defaults[d->nparams][0] = '\0';
		if (q < le && s[q] == '=') {
			q++;
			char quote = q < le && (s[q] == '"' || s[q] == '\'') ? s[q] : 0;
			size_t va = quote ? q + 1 : q;
			size_t ve = va;
			while (ve < le && (quote ? s[ve] != quote : (s[ve] != ' ' && s[ve] != ':')))
				ve++;
			copy_word(d->defaults[d->nparams], sizeof(d->defaults[0]), s + va, ve - va);
			q = quote && ve < le ? ve + 1 : ve;
		}
		d->nparams++;
	}
	if (q >= le || s[q] != ':' || (q + 1 < le && (s[q + 1] == '=' || s[q + 1] == ':')))
		return false;
	bool just = d->nparams > 0;
	size_t rb = recipe_end(s, len, le, !just);
	if (rb == le && !just) /* (a justfile recipe without parameters is read as a Makefile rule) */
		rb = recipe_end(s, len, le, false);
	if (rb == le)
		return false;
	d->kind = just ? DEF_JUST : DEF_MAKE;
	copy_word(d->name, sizeof(d->name), s + p, nb - p);
	d->def_a = p;
	d->body_a = le + 1;
	d->body_b = rb;
	d->def_b = rb;
	return true;
}

/* The words after the call of d at p (its name there): up to the line's end, a backquote, a closing
 * quote or parenthesis, ";" or "&&"; each word's quotes removed. Returns how many (at most max). */
static size_t call_args(const char *s, size_t len, size_t p, char out[][64], size_t max)
{
	size_t n = 0;
	size_t le = line_end(s, len, p);
	while (p < le && n < max) {
		while (p < le && s[p] == ' ')
			p++;
		if (p >= le || s[p] == '`' || s[p] == ';' || s[p] == ')' || s[p] == '#' || (s[p] == '&' && p + 1 < le && s[p + 1] == '&'))
			break;
		char quote = s[p] == '"' || s[p] == '\'' ? s[p] : 0;
		size_t a = quote ? p + 1 : p, e = a;
		while (e < le && (quote ? s[e] != quote : (s[e] != ' ' && s[e] != '`' && s[e] != ';' && s[e] != ')')))
			e++;
		/* prose after the call ("and I call `trn 2 8` on our DGXs" ends at the backquote; "pmsub 6 10
		 * train.sh, please" at the comma) */
		size_t we = e;
		bool comma = !quote && we > a && (s[we - 1] == ',' || s[we - 1] == '.');
		if (comma)
			we--;
		copy_word(out[n++], 64, s + a, we - a);
		p = quote && e < le ? e + 1 : e;
		if (comma)
			break;
	}
	return n;
}

/* Finds a call of d outside its definition: "name args" for a function, "just name args", "make name
 * VAR=x" (or "make VAR=x name"). Fills args (positional) and vars (make's VAR=x); false when none. */
static bool find_call(const char *s, size_t len, const struct def *d, char args[][64], size_t *nargs, struct var *vars,
		      size_t *nvars)
{
	size_t nl = strlen(d->name);
	for (size_t p = 0; p + nl <= len; p++) {
		if (p >= d->def_a && p < d->def_b)
			continue;
		if (strncmp(s + p, d->name, nl) || (p > 0 && (ident_char(s[p - 1]) || s[p - 1] == '-')) ||
		    (p + nl < len && (ident_char(s[p + nl]) || s[p + nl] == '-' || s[p + nl] == '(')))
			continue;
		size_t b = p; /* the word before it */
		while (b > 0 && s[b - 1] == ' ')
			b--;
		bool after_make = b >= 4 && !strncmp(s + b - 4, "make", 4) && (b == 4 || !ident_char(s[b - 5]));
		bool after_just = b >= 4 && !strncmp(s + b - 4, "just", 4) && (b == 4 || !ident_char(s[b - 5]));
		if ((d->kind == DEF_MAKE && !after_make) || (d->kind == DEF_JUST && !after_just))
			continue;
		char words[MAX_ARGS + MAX_VARS][64];
		size_t nw = call_args(s, len, p + nl, words, MAX_ARGS + MAX_VARS);
		*nargs = 0;
		*nvars = 0;
		for (size_t k = 0; k < nw; k++) {
			char *eq = strchr(words[k], '=');
			if (eq && eq > words[k] && *nvars < MAX_VARS) {
				copy_word(vars[*nvars].name, sizeof(vars[0].name), words[k], (size_t)(eq - words[k]));
				str_copy(vars[*nvars].value, sizeof(vars[0].value), eq + 1);
				(*nvars)++;
			} else if (*nargs < MAX_ARGS) {
				str_copy(args[(*nargs)++], 64, words[k]);
			}
		}
		if (*nargs || *nvars)
			return true;
	}
	return false;
}

static const char *var_value(const struct var *v, size_t n, const char *name, size_t nl)
{
	for (size_t k = n; k-- > 0;)
		if (strlen(v[k].name) == nl && !strncmp(v[k].name, name, nl))
			return v[k].value;
	return NULL;
}

/* Integer arithmetic of + - * / over numbers and variables, * and / first; false when a word is not a
 * number or a known variable, a number is past 10^6 or a product or sum past 10^12 (never past long's
 * range: $((1000000*1000000*1000000*1000000)) had overflowed). */
#define ARITH_MAX 1000000000000L
static bool eval_sum(const char *s, size_t n, const struct var *v, size_t nv, long *out)
{
	long total = 0, term = 0;
	char op = '+', top = '*';
	bool have = false;
	term = 1;
	for (size_t p = 0; p <= n;) {
		while (p < n && s[p] == ' ')
			p++;
		long val;
		if (p < n && isdigit((unsigned char)s[p])) {
			char *e;
			val = strtol(s + p, &e, 10);
			p = (size_t)(e - s);
		} else if (p < n && (isalpha((unsigned char)s[p]) || s[p] == '_')) {
			size_t a = p;
			while (p < n && ident_char(s[p]))
				p++;
			const char *x = var_value(v, nv, s + a, p - a);
			char *e;
			if (!x || !*x)
				return false;
			val = strtol(x, &e, 10);
			if (*e)
				return false;
		} else {
			return false;
		}
		if (val > 1000000 || val < -1000000)
			return false;
		if (top == '*')
			term *= val;
		else if (val == 0 || term % val)
			return false;
		else
			term /= val;
		/* (|term| <= 10^12 before a factor of at most 10^6: no product leaves long's range) */
		if (term > ARITH_MAX || term < -ARITH_MAX)
			return false;
		while (p < n && s[p] == ' ')
			p++;
		if (p >= n || s[p] == '+' || s[p] == '-') {
			total += op == '+' ? term : -term;
			if (total > ARITH_MAX || total < -ARITH_MAX)
				return false;
			have = true;
			if (p >= n)
				break;
			op = s[p++];
			term = 1;
			top = '*';
		} else if (s[p] == '*' || s[p] == '/') {
			top = s[p++];
		} else {
			return false;
		}
	}
	*out = total;
	return have;
}

/* The body [a, b) of s with the values put in: $1..$9, ${1}, ${1:-default}, "$@", $NAME, ${NAME},
 * $(NAME) and {{name}} from vars (positional ones named "1".."9"), then $((...)) and $$((...)) worked
 * out. A "local x=${1:-1}" or "x=$1" line adds x. */
static void substitute(struct strbuf *out, const char *s, size_t a, size_t b, struct var *vars, size_t *nvars,
		       int depth)
{
	struct strbuf first = STRBUF_INIT;
	bool no_close = false; /* no "}}" after this point in the body: none after any later "{{" either */
	for (size_t p = a; p < b;) {
		if (s[p] == '{' && p + 1 < b && s[p + 1] == '{' && !no_close) { /* {{name}} */
			const char *close = memmem(s + p + 2, b + 1 - (p + 2), "}}", 2); /* (may end at b) */
			no_close = !close;
			if (close) {
				size_t na = p + 2, ne = (size_t)(close - s);
				while (na < ne && s[na] == ' ')
					na++;
				while (ne > na && s[ne - 1] == ' ')
					ne--;
				const char *x = var_value(vars, *nvars, s + na, ne - na);
				if (x) {
					strbuf_adds(&first, x);
					p = (size_t)(close - s) + 2;
					continue;
				}
			}
		}
		if (s[p] == '$' && p + 1 < b) {
			size_t q = p + 1;
			if (s[q] == '$') /* make's "$$" is the shell's "$" */
				q++;
			if (s[q] == '@' || s[q] == '*') {
				const char *x = var_value(vars, *nvars, "@", 1);
				if (x) {
					strbuf_adds(&first, x);
					p = q + 1;
					continue;
				}
			}
			if (isdigit((unsigned char)s[q]) && s[q] != '0') {
				const char *x = var_value(vars, *nvars, s + q, 1);
				if (x) {
					strbuf_adds(&first, x);
					p = q + 1;
					continue;
				}
			}
			if (s[q] == '{' || (s[q] == '(' && s[q + 1] != '(')) {
				char close = s[q] == '{' ? '}' : ')';
				size_t na = q + 1, ne = na;
				while (ne < b && (ident_char(s[ne])))
					ne++;
				const char *x = var_value(vars, *nvars, s + na, ne - na);
				const char *dflt = NULL;
				size_t dl = 0, end = ne;
				if (ne + 1 < b && s[ne] == ':' && s[ne + 1] == '-') {
					size_t de = ne + 2;
					while (de < b && s[de] != close)
						de++;
					dflt = s + ne + 2;
					dl = de - (ne + 2);
					end = de;
				}
				if (end < b && s[end] == close && ne > na && (x || dflt)) {
					if (x && *x)
						strbuf_adds(&first, x);
					else
						strbuf_add(&first, dflt, dl);
					p = end + 1;
					continue;
				}
			}
			if (isalpha((unsigned char)s[q]) || s[q] == '_') {
				size_t ne = q;
				while (ne < b && ident_char(s[ne]))
					ne++;
				const char *x = var_value(vars, *nvars, s + q, ne - q);
				if (x) {
					strbuf_adds(&first, x);
					p = ne;
					continue;
				}
			}
		}
		/* an assignment that names a value for later ("local nodes=${1:-1} hours=${2:-4}", "N=$1"); its
		 * value read the same way, up to MAX_NEST assignments inside one another ("a=a=a=...", 30,000 deep,
		 * had overflowed the stack) */
		if (depth < MAX_NEST && (p == a || s[p - 1] == ' ' || s[p - 1] == '\n' || s[p - 1] == ';' || s[p - 1] == '\t') &&
		    (isalpha((unsigned char)s[p]) || s[p] == '_')) {
			size_t ne = p;
			while (ne < b && ident_char(s[ne]))
				ne++;
			if (ne < b && s[ne] == '=' && *nvars < MAX_VARS) {
				/* its value is what the rest of the word becomes: put in first */
				size_t ve = ne + 1;
				int open = 0;
				while (ve < b && (open || (s[ve] != ' ' && s[ve] != ';' && s[ve] != '\n'))) {
					if (s[ve] == '{' || s[ve] == '(')
						open++;
					else if ((s[ve] == '}' || s[ve] == ')') && open)
						open--;
					ve++;
				}
				struct strbuf val = STRBUF_INIT;
				size_t nv0 = *nvars;
				substitute(&val, s, ne + 1, ve, vars, nvars, depth + 1);
				*nvars = nv0;
				struct var *v = &vars[(*nvars)++];
				copy_word(v->name, sizeof(v->name), s + p, ne - p);
				str_copy(v->value, sizeof(v->value), val.buf);
				strbuf_add(&first, s + p, ne + 1 - p);
				strbuf_adds(&first, val.buf);
				strbuf_release(&val);
				p = ve;
				continue;
			}
		}
		strbuf_add(&first, s + p, 1);
		p++;
	}
	/* $((...)) worked out where every word in it is known */
	const char *t = first.buf;
	no_close = false; /* (no "))" after this point: none after a later "$((" either) */
	for (size_t p = 0; t[p];) {
		if (t[p] == '$' && t[p + 1] == '$' && t[p + 2] == '(' && t[p + 3] == '(')
			p++; /* make's "$$((...))" */
		if (t[p] == '$' && t[p + 1] == '(' && t[p + 2] == '(' && !no_close) {
			const char *close = strstr(t + p + 3, "))");
			no_close = !close;
			long v;
			if (close && eval_sum(t + p + 3, (size_t)(close - t - p - 3), vars, *nvars, &v)) {
				strbuf_addf(out, "%ld", v);
				p = (size_t)(close - t) + 2;
				continue;
			}
		}
		strbuf_add(out, t + p, 1);
		p++;
	}
	strbuf_release(&first);
}

/* A Makefile's variable defaults: "NODES ?= 1", "GPUS := 8", "EXP = base" at a line's start. */
static void make_defaults(const char *s, size_t len, struct var *vars, size_t *nvars)
{
	for (size_t p = 0; p < len && *nvars < MAX_VARS;) {
		size_t le = line_end(s, len, p);
		size_t q = p;
		while (q < le && (isupper((unsigned char)s[q]) || isdigit((unsigned char)s[q]) || s[q] == '_'))
			q++;
		size_t ne = q;
		while (q < le && s[q] == ' ')
			q++;
		size_t op = q;
		if (q < le && (s[q] == '?' || s[q] == ':' || s[q] == '+'))
			q++;
		if (ne > p && q < le && s[q] == '=' && q - op <= 1) {
			q++;
			while (q < le && s[q] == ' ')
				q++;
			copy_word(vars[*nvars].name, sizeof(vars[0].name), s + p, ne - p);
			copy_word(vars[*nvars].value, sizeof(vars[0].value), s + q, le - q);
			(*nvars)++;
		}
		p = le + 1;
	}
}

char *rd_expand_calls(const char *text, size_t len, size_t *out_len)
{
	if (!memchr(text, '\n', len) && !memchr(text, '{', len))
		return NULL;
	struct def defs[4];
	size_t nd = 0;
	for (size_t p = 0; p < len && nd < 4;) {
		size_t le = line_end(text, len, p);
		/* a one-line definition may stand inside a sentence: "my .bashrc has trn() { ...; }" */
		for (size_t q = p; q < le && nd < 4; q++) {
			/* after a blank or a backquote; never inside a run of blanks (each of its positions skipped
			 * the whole run: 64 KiB of them took 8 s) */
			if (q > p && ((text[q - 1] != ' ' && text[q - 1] != '`') || text[q] == ' ' || text[q] == '\t'))
				continue;
			struct def d;
			if (function_at(text, len, q, &d)) {
				defs[nd++] = d;
				q = d.def_b;
				if (q > le)
					le = line_end(text, len, q);
			}
		}
		struct def d;
		if (nd < 4 && rule_at(text, len, p, &d)) {
			defs[nd++] = d;
			le = d.def_b;
		}
		p = le + 1;
	}
	if (!nd)
		return NULL;
	struct strbuf out = STRBUF_INIT;
	size_t from = 0;
	bool changed = false;
	for (size_t k = 0; k < nd; k++) {
		const struct def *d = &defs[k];
		char args[MAX_ARGS][64];
		struct var vars[MAX_VARS * 2];
		size_t nargs = 0, nvars = 0, ncall = 0;
		struct var callvars[MAX_VARS];
		if (!find_call(text, len, d, args, &nargs, callvars, &ncall))
			continue;
		if (d->kind == DEF_MAKE)
			make_defaults(text, len, vars, &nvars);
		for (size_t a = 0; a < ncall && nvars < MAX_VARS * 2; a++)
			vars[nvars++] = callvars[a];
		if (d->kind == DEF_FUNCTION) {
			struct strbuf all = STRBUF_INIT;
			for (size_t a = 0; a < nargs && nvars < MAX_VARS * 2; a++) {
				snprintf(vars[nvars].name, sizeof(vars[0].name), "%zu", a + 1);
				str_copy(vars[nvars].value, sizeof(vars[0].value), args[a]);
				nvars++;
				strbuf_addf(&all, "%s%s", a ? " " : "", args[a]);
			}
			if (nvars < MAX_VARS * 2) {
				snprintf(vars[nvars].name, sizeof(vars[0].name), "@");
				str_copy(vars[nvars].value, sizeof(vars[0].value), all.buf);
				nvars++;
			}
			strbuf_release(&all);
		}
		if (d->kind == DEF_JUST)
			for (size_t a = 0; a < d->nparams && nvars < MAX_VARS * 2; a++) {
				str_copy(vars[nvars].name, sizeof(vars[0].name), d->params[a]);
				str_copy(vars[nvars].value, sizeof(vars[0].value), a < nargs ? args[a] : d->defaults[a]);
				nvars++;
			}
		if (d->body_a < from)
			continue;
		if (d->kind == DEF_JUST) {
			/* the recipe's line without its parameters' defaults ('fit nodes="1" hours="2":' would read as a
			 * form of its own): "fit:" */
			strbuf_add(&out, text + from, d->def_a - from);
			strbuf_addf(&out, "%s:\n", d->name);
		} else if (d->kind == DEF_MAKE) {
			/* the variables' default lines ("NODES ?= 1", "GPUS := 4") are put into the recipe: left out,
			 * or they would read as a form's fields ("GPUS ?= 4" as 4 GPUs in all) */
			for (size_t q = from; q < d->body_a;) {
				size_t le = line_end(text, len, q), nle = le < d->body_a ? le : d->body_a;
				struct var one[1];
				size_t none = 0;
				make_defaults(text + q, nle - q, one, &none);
				if (none) { /* (only a variable the recipe uses: "NCCL_DEBUG=INFO" above a rule stays) */
					char ref[72];
					snprintf(ref, sizeof(ref), "$(%s)", one[0].name);
					size_t rl = strlen(ref);
					bool used = memmem(text + d->body_a, d->body_b - d->body_a, ref, rl) != NULL;
					ref[1] = '{', ref[rl - 1] = '}';
					used = used || memmem(text + d->body_a, d->body_b - d->body_a, ref, rl) != NULL;
					none = used;
				}
				if (!none)
					strbuf_add(&out, text + q, nle - q);
				if (nle < d->body_a)
					strbuf_addch(&out, '\n');
				q = nle + 1;
			}
		} else {
			strbuf_add(&out, text + from, d->body_a - from);
		}
		size_t nv = nvars;
		substitute(&out, text, d->body_a, d->body_b, vars, &nv, 0);
		from = d->body_b;
		changed = true;
	}
	/* a call's values put in many times may make the text many times longer ("$@" 15,000 times in a
	 * 45 KB body took the reader 45 s): past the reader's own limit the text is read as it is */
	if (!changed || out.len > MAX_REQUEST_BYTES) {
		strbuf_release(&out);
		return NULL;
	}
	strbuf_add(&out, text + from, len - from);
	*out_len = out.len;
	return strbuf_detach(&out);
}
