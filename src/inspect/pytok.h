/* pytok.h - the Python tokenizer pyscan.c reads with, and the literal values of token ranges:
 * strings (escapes, implicit concatenation, f-strings), numbers, True/False/None, arithmetic on
 * number literals, dotted names, lists of strings. Private to src/inspect/ (pyscan.c is its only
 * user); nothing is executed. */
#ifndef MAPLE_INSPECT_PYTOK_H
#define MAPLE_INSPECT_PYTOK_H

#include "../util/strbuf.h"

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

enum tt { T_NAME, T_NUMBER, T_STRING, T_OP, T_NEWLINE };

struct tok {
	enum tt t;
	const char *s;
	size_t len;
	int line;
	int indent; /* indent of the logical line this token starts (-1 when not first) */
};

struct toks {
	struct tok *v;
	size_t n, cap;
};

/* Appends the tokens of src (len bytes, need not be NUL-terminated) to ts: comments dropped,
 * brackets join physical lines, a T_NEWLINE ends every logical line. ts->v is the caller's to free;
 * the tokens point into src. */
void py_tokenize(const char *src, size_t len, struct toks *ts);

/* A JSON string, or "?" when s is not valid UTF-8. */
static inline json_t *jstrn(const char *s, size_t n)
{
	json_t *v = json_stringn(s, n);
	return v ? v : json_string("?");
}

static inline json_t *jstr(const char *s)
{
	return jstrn(s, strlen(s));
}

/* Whether t is the token text of this type (op: an operator, kw: a name or keyword). */
static inline bool is(const struct tok *t, enum tt type, const char *text)
{
	size_t n = strlen(text);
	return t->t == type && t->len == n && !memcmp(t->s, text, n);
}

static inline bool op(const struct tok *t, const char *text)
{
	return is(t, T_OP, text);
}

static inline bool kw(const struct tok *t, const char *text)
{
	return is(t, T_NAME, text);
}


/* Appends the contents of string token t to out with simple escapes decoded; sets *fstr when t is
 * an f-string. */
void py_string_value(const struct tok *t, struct strbuf *out, bool *fstr);

/* The number of number token t (negated when neg): an integer, a real, or the text when neither. */
json_t *py_number_value(const struct tok *t, bool neg);

/* Appends the source text of tokens [a, b) to sb, cut at about 80 characters with "...". */
void py_add_text(struct strbuf *sb, const struct tok *a, const struct tok *b);

/* Arithmetic on number literals in [a, b) ("5 * 8", "2**20", "(1 + 2) / 4"); a name stands for the
 * number of its last entry in assigns ([{name, value}], NULL: names fail). False for anything else. */
bool py_eval_arith_in(const struct tok *a, const struct tok *b, const json_t *assigns, double *out);

/* A new JSON value for the expression in tokens [a, b): the literal (string, number, true/false/
 * null, arithmetic folded), {"ref": "dotted.name"} or {"expr": "source text"}. */
json_t *py_value_of(const struct tok *a, const struct tok *b);

/* Index just past the bracket that closes the one at i (ts->n when unclosed). */
size_t py_close_of(const struct toks *ts, size_t i);

/* ['a.py', "b.py"] in [a, b): a new array of the strings, else NULL. */
json_t *py_string_list(const struct tok *a, const struct tok *b);

#endif
