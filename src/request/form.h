/* form.h - what the reader's form layer (fields.c) shares with its block readers (form_blocks.c):
 * the value of one field as the form wrote it, and how a field is applied to the request. Private to
 * src/request. */
#ifndef MAPLE_REQUEST_FORM_H
#define MAPLE_REQUEST_FORM_H

#include "reader.h"
#include "vocab.h"

#include "../util/strvec.h"

#include <stdbool.h>
#include <stddef.h>

/* One value as the form wrote it: [a, b) of the text (quotes included), or a list of strings. */
struct fvalue {
	size_t a, b;
	struct strvec list; /* a JSON list: its elements, unquoted */
	bool is_list;
	/* a quoted value with its escapes read ("a\tb" in JSON), NULL: the text's [a, b); not owned */
	const char *str;
};

/* Applies the field KEYWORD (key k, starting at ka) with value v to the request; eq_form: written
 * "key=value". Returns the end of what it consumed (0: not applied). */
size_t form_apply(struct ctx *c, enum vkey k, const char *keyword, size_t ka, struct fvalue *v, bool eq_form);
/* Narrows [*a, *b) of s to its text without surrounding blanks. */
void form_trim(const char *s, size_t *a, size_t *b);
/* form_blocks.c: the trimmed cell col (0 = the first) of the table row text[a, b) in [*ca, *cb); false when
 * the row has no such cell. */
bool form_row_cell(const char *s, size_t a, size_t b, int col, size_t *ca, size_t *cb);
/* The index after the quoted string that starts at s[i] (a quote), or 0 when it does not end before end. */
size_t form_string_end(const char *s, size_t i, size_t end);
/* A flow list ("[--lr, 1e-5]", ["--lr", "1e-5"]) starting at s[i] (its '['): its elements, unquoted, pushed
 * to out; returns the index after its ']', 0 when it does not close before end. */
size_t form_flow_list(const char *s, size_t i, size_t end, struct strvec *out);
/* form_blocks.c: the value of the quoted string s[a, b) (its quotes included), escapes read as JSON
 * reads them for a double-quoted one; caller frees. */
char *form_string_value(const char *s, size_t a, size_t b);
/* The training script's arguments from text, split into words as a shell would. */
void form_set_args_words(struct ctx *c, const char *text);

void form_read_objects(struct ctx *c); /* form_blocks.c: {"nodes": 2, cluster: aurora, ...} */
void form_read_tables(struct ctx *c);  /* form_blocks.c: markdown tables, "| key | value |" rows */

#endif
