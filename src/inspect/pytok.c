/* pytok.c - Python tokenizer (strings, comments, brackets, logical lines, indentation) and the
 * literal values of token ranges (pytok.h); the token patterns that matter to a job are pyscan.c's. */
#include "pytok.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>

#define MAX_EXPR 80

static void push(struct toks *ts, enum tt t, const char *s, size_t len, int line, int indent)
{
	if (ts->n == ts->cap) {
		ts->cap = ts->cap ? ts->cap * 2 : 1024;
		ts->v = xrealloc(ts->v, ts->cap * sizeof(*ts->v));
	}
	ts->v[ts->n++] = (struct tok){t, s, len, line, indent};
}

static bool name_start(unsigned char c)
{
	return isalpha(c) || c == '_' || c >= 0x80;
}

static bool name_char(unsigned char c)
{
	return isalnum(c) || c == '_' || c >= 0x80;
}

/* Length of a string literal starting at p (prefix included); 0 when p does not start one. */
static size_t string_len(const char *p, const char *end, int *lines)
{
	const char *q = p;
	while (q < end && q - p < 2 && strchr("rRbBuUfF", *q) && *q)
		q++;
	if (q >= end || (*q != '\'' && *q != '"'))
		return 0;
	char quote = *q;
	bool triple = end - q >= 3 && q[1] == quote && q[2] == quote;
	q += triple ? 3 : 1;
	while (q < end) {
		if (*q == '\\' && q + 1 < end) {
			if (q[1] == '\n')
				(*lines)++;
			q += 2;
			continue;
		}
		if (*q == '\n') {
			if (!triple)
				return (size_t)(q - p); /* unterminated: stop at the line end */
			(*lines)++;
		}
		if (*q == quote) {
			if (!triple)
				return (size_t)(q + 1 - p);
			if (end - q >= 3 && q[1] == quote && q[2] == quote)
				return (size_t)(q + 3 - p);
		}
		q++;
	}
	return (size_t)(q - p);
}

void py_tokenize(const char *src, size_t len, struct toks *ts)
{
	const char *p = src, *end = src + len;
	int line = 1, depth = 0, col = 0;
	bool line_has_tokens = false;
	while (p < end) {
		char c = *p;
		if (c == '\n') {
			if (depth == 0 && line_has_tokens) {
				push(ts, T_NEWLINE, p, 1, line, -1);
				line_has_tokens = false;
			}
			line++;
			p++;
			col = 0;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
			col = c == '\t' ? (col / 8 + 1) * 8 : col + 1;
			p++;
			continue;
		}
		if (c == '#') {
			while (p < end && *p != '\n')
				p++;
			continue;
		}
		if (c == '\\' && p + 1 < end && (p[1] == '\n' || (p[1] == '\r' && p + 2 < end && p[2] == '\n'))) {
			p += p[1] == '\n' ? 2 : 3;
			line++;
			continue;
		}
		int indent = line_has_tokens ? -1 : col;
		line_has_tokens = true;
		int start_line = line;
		int extra = 0;
		size_t sl = string_len(p, end, &extra);
		if (sl) {
			push(ts, T_STRING, p, sl, start_line, indent);
			line += extra;
			p += sl;
			col += 1; /* columns only matter at line starts */
			continue;
		}
		if (name_start((unsigned char)c)) {
			const char *q = p;
			while (q < end && name_char((unsigned char)*q))
				q++;
			push(ts, T_NAME, p, (size_t)(q - p), line, indent);
			col += (int)(q - p);
			p = q;
			continue;
		}
		if (isdigit((unsigned char)c) || (c == '.' && p + 1 < end && isdigit((unsigned char)p[1]))) {
			const char *q = p;
			while (q < end && (isalnum((unsigned char)*q) || *q == '.' || *q == '_' ||
					   ((*q == '-' || *q == '+') && (q[-1] == 'e' || q[-1] == 'E') &&
					    !(q - p >= 2 && (p[1] == 'x' || p[1] == 'X')))))
				q++;
			push(ts, T_NUMBER, p, (size_t)(q - p), line, indent);
			col += (int)(q - p);
			p = q;
			continue;
		}
		size_t ol = 1;
		if (p + 1 < end) {
			static const char *const two[] = {"==", "!=", "<=", ">=", "->", ":=", "**", "//", NULL};
			for (int i = 0; two[i]; i++)
				if (p[0] == two[i][0] && p[1] == two[i][1])
					ol = 2;
		}
		if (c == '(' || c == '[' || c == '{')
			depth++;
		else if ((c == ')' || c == ']' || c == '}') && depth > 0)
			depth--;
		push(ts, T_OP, p, ol, line, indent);
		col += (int)ol;
		p += ol;
	}
	if (line_has_tokens)
		push(ts, T_NEWLINE, end, 0, line, -1);
}

/* The contents of a string token with simple escapes decoded; *fstr when it is an f-string. */
void py_string_value(const struct tok *t, struct strbuf *out, bool *fstr)
{
	const char *p = t->s, *end = t->s + t->len;
	bool raw = false;
	while (p < end && *p != '\'' && *p != '"') {
		if (*p == 'f' || *p == 'F')
			*fstr = true;
		if (*p == 'r' || *p == 'R')
			raw = true;
		p++;
	}
	if (p >= end)
		return;
	char quote = *p;
	size_t ql = (end - p >= 6 && p[1] == quote && p[2] == quote) ? 3 : 1;
	p += ql;
	const char *stop = end - ql;
	if (stop < p || (ql == 1 && (end[-1] != quote || end - 1 == p - 1)))
		stop = end[-1] == quote && end - 1 >= p ? end - 1 : end;
	for (; p < stop; p++) {
		if (*p == '\\' && p + 1 < stop && !raw) {
			p++;
			switch (*p) {
			case 'n':
				strbuf_addch(out, '\n');
				break;
			case 't':
				strbuf_addch(out, '\t');
				break;
			case '\n':
				break;
			default:
				strbuf_addch(out, *p);
			}
			continue;
		}
		strbuf_addch(out, *p);
	}
}

json_t *py_number_value(const struct tok *t, bool neg)
{
	char buf[64];
	size_t n = 0;
	if (neg)
		buf[n++] = '-';
	for (size_t i = 0; i < t->len && n + 1 < sizeof(buf); i++)
		if (t->s[i] != '_')
			buf[n++] = t->s[i];
	buf[n] = '\0';
	char *end;
	bool intlike = !strpbrk(buf, ".eEjJxXoObB");
	if (intlike) {
		long long v = strtoll(buf, &end, 10);
		if (!*end)
			return json_integer(v);
	}
	double d = strtod(buf, &end);
	if (!*end)
		return json_real(d);
	return json_string(buf);
}

void py_add_text(struct strbuf *sb, const struct tok *a, const struct tok *b)
{
	for (const struct tok *t = a; t < b && sb->len < MAX_EXPR; t++) {
		if (t->t == T_NEWLINE)
			continue;
		if (sb->len && t->t == T_NAME && (t[-1].t == T_NAME || t[-1].t == T_NUMBER))
			strbuf_addch(sb, ' ');
		strbuf_add(sb, t->s, t->len);
	}
	if (sb->len > MAX_EXPR) {
		strbuf_setlen(sb, MAX_EXPR);
		strbuf_adds(sb, "...");
	}
}

/* Arithmetic on number literals ("5 * 8", "2**20", "(1 + 2) / 4", "-3"): a small recursive
 * descent over the tokens; false for anything else (names, strings, calls). */
struct arith {
	const struct tok *p, *e;
	bool ok;
	const json_t *assigns; /* the module's assignments so far: a name stands for its number (NULL: none) */
};

static double ar_expr(struct arith *r);

static double ar_atom(struct arith *r)
{
	if (r->p >= r->e) {
		r->ok = false;
		return 0;
	}
	if (op(r->p, "-") || op(r->p, "+")) {
		bool neg = op(r->p, "-");
		r->p++;
		double v = ar_atom(r);
		return neg ? -v : v;
	}
	if (op(r->p, "(")) {
		r->p++;
		double v = ar_expr(r);
		if (r->p < r->e && op(r->p, ")"))
			r->p++;
		else
			r->ok = false;
		return v;
	}
	if (r->p->t == T_NAME && r->assigns) { /* batch_size = 64 // devices: an earlier module number */
		json_t *found = NULL;
		for (size_t k = json_array_size(r->assigns); k-- > 0 && !found;) {
			json_t *a = json_array_get(r->assigns, k);
			const char *an = json_string_value(json_object_get(a, "name"));
			if (an && strlen(an) == r->p->len && !memcmp(an, r->p->s, r->p->len))
				found = json_object_get(a, "value");
		}
		r->p++;
		if (!json_is_number(found) || (r->p < r->e && (op(r->p, "(") || op(r->p, ".") || op(r->p, "[")))) {
			r->ok = false;
			return 0;
		}
		double v = json_number_value(found);
		if (r->p < r->e && op(r->p, "**")) {
			r->p++;
			v = pow(v, ar_atom(r));
		}
		return v;
	}
	if (r->p->t != T_NUMBER) {
		r->ok = false;
		return 0;
	}
	json_t *n = py_number_value(r->p, false);
	double v = json_number_value(n);
	if (!json_is_number(n))
		r->ok = false;
	json_decref(n);
	r->p++;
	if (r->p < r->e && op(r->p, "**")) {
		r->p++;
		v = pow(v, ar_atom(r));
	}
	return v;
}

static double ar_term(struct arith *r)
{
	double v = ar_atom(r);
	while (r->ok && r->p < r->e && (op(r->p, "*") || op(r->p, "/") || op(r->p, "//"))) {
		const struct tok *o = r->p++;
		double w = ar_atom(r);
		if (op(o, "*"))
			v *= w;
		else if (w == 0)
			r->ok = false;
		else
			v = op(o, "//") ? floor(v / w) : v / w;
	}
	return v;
}

static double ar_expr(struct arith *r)
{
	double v = ar_term(r);
	while (r->ok && r->p < r->e && (op(r->p, "+") || op(r->p, "-"))) {
		bool plus = op(r->p++, "+");
		double w = ar_term(r);
		v = plus ? v + w : v - w;
	}
	return v;
}

bool py_eval_arith_in(const struct tok *a, const struct tok *b, const json_t *assigns, double *out)
{
	bool any_op = false;
	for (const struct tok *t = a; t < b; t++) {
		if (t->t != T_NUMBER && t->t != T_OP && !(assigns && t->t == T_NAME))
			return false;
		any_op = any_op || t->t == T_OP;
	}
	if (!any_op || b - a > 64)
		return false;
	struct arith r = {a, b, true, assigns};
	*out = ar_expr(&r);
	return r.ok && r.p == b && isfinite(*out);
}

static bool eval_arith(const struct tok *a, const struct tok *b, double *out)
{
	return py_eval_arith_in(a, b, NULL, out);
}

/* The value of the expression in tokens [a, b). */
json_t *py_value_of(const struct tok *a, const struct tok *b)
{
	while (a < b && a->t == T_NEWLINE)
		a++;
	if (a >= b)
		return json_null();
	bool all_str = true;
	for (const struct tok *t = a; t < b; t++)
		if (t->t != T_STRING)
			all_str = false;
	if (all_str) {
		struct strbuf sb = STRBUF_INIT;
		bool fstr = false;
		for (const struct tok *t = a; t < b; t++)
			py_string_value(t, &sb, &fstr);
		json_t *v = fstr ? NULL : json_string(sb.buf);
		if (!v) { /* f-string, or not valid UTF-8 */
			v = json_object();
			strbuf_reset(&sb);
			py_add_text(&sb, a, b);
			json_object_set_new(v, "expr", jstr(sb.buf));
		}
		strbuf_release(&sb);
		return v;
	}
	if (b - a == 1 && a->t == T_NUMBER)
		return py_number_value(a, false);
	if (b - a == 2 && op(a, "-") && a[1].t == T_NUMBER)
		return py_number_value(a + 1, true);
	if (b - a == 1 && kw(a, "True"))
		return json_true();
	if (b - a == 1 && kw(a, "False"))
		return json_false();
	if (b - a == 1 && kw(a, "None"))
		return json_null();
	double arith;
	if (eval_arith(a, b, &arith)) {
		if (arith == (double)(long long)arith && fabs(arith) < 9e15)
			return json_integer((json_int_t)arith);
		return json_real(arith);
	}
	struct strbuf sb = STRBUF_INIT;
	bool dotted = a->t == T_NAME;
	for (const struct tok *t = a; t < b && dotted; t++)
		dotted = ((t - a) % 2 == 0) ? t->t == T_NAME : op(t, ".");
	dotted = dotted && (b - a) % 2 == 1;
	py_add_text(&sb, a, b);
	json_t *o = json_object();
	json_object_set_new(o, dotted ? "ref" : "expr", jstr(sb.buf));
	strbuf_release(&sb);
	return o;
}

/* Index just past the bracket that closes the one at i. */
size_t py_close_of(const struct toks *ts, size_t i)
{
	int d = 0;
	for (size_t k = i; k < ts->n; k++) {
		const struct tok *t = &ts->v[k];
		if (t->t != T_OP)
			continue;
		if (op(t, "(") || op(t, "[") || op(t, "{"))
			d++;
		else if (op(t, ")") || op(t, "]") || op(t, "}")) {
			if (--d == 0)
				return k + 1;
		}
	}
	return ts->n;
}

/* ['a.py', "b.py"]: a list of string literals as an array, else NULL. */
json_t *py_string_list(const struct tok *a, const struct tok *b)
{
	if (b - a < 2 || !op(a, "[") || !op(b - 1, "]"))
		return NULL;
	json_t *arr = json_array();
	for (const struct tok *t = a + 1; t < b - 1; t++) {
		if (op(t, ","))
			continue;
		if (t->t != T_STRING) {
			json_decref(arr);
			return NULL;
		}
		struct strbuf sb = STRBUF_INIT;
		bool fstr = false;
		py_string_value(t, &sb, &fstr);
		json_array_append_new(arr, jstr(sb.buf));
		strbuf_release(&sb);
	}
	return arr;
}