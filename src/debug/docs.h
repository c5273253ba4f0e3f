/* docs.h - the doc notes of data/docs/NAME.md (data/kb/SCHEMA.md): short passages, each a `## ` heading
 * with its text and one `Source: URL` line, ranked for a query with BM25 (k1 = 1.2, b = 0.75). */
#ifndef MAPLE_DOCS_H
#define MAPLE_DOCS_H

#include "../util/error.h"
#include "../util/strvec.h"

#include <stddef.h>

struct doc_passage {
	char *title;  /* the heading ("Perlmutter: NCCL and the Slingshot network") */
	char *text;   /* the passage without its heading and Source line */
	char *source; /* the URL */
	char *file;
	int line;
	/* term frequencies: sorted term ids with counts */
	unsigned *terms, *counts;
	size_t nterms, length;
};

struct docs;

/* Loads DIR/docs/NAME.md of each directory (a later file with the same name replaces an earlier one).
 * Fails with err (`file:line: message`, every problem) when a passage has no Source line. */
struct docs *docs_load(const struct strvec *dirs, struct maple_error *err);
/* Loads the .md files of one directory (tests). */
struct docs *docs_load_dir(const char *dir, struct maple_error *err);
void docs_destroy(struct docs *d);
size_t docs_count(const struct docs *d);
const struct doc_passage *docs_at(const struct docs *d, size_t i);

struct doc_hit {
	const struct doc_passage *p;
	double score;
};
/* The best max passages for query (score > 0, best first); returns how many were written. */
size_t docs_search(const struct docs *d, const char *query, struct doc_hit *out, size_t max);

/* Splits text into search terms: lower case, split on anything not a letter or digit; a word
 * joined by '_' (nccl_socket_ifname) is kept whole as well as split. Appends to out. */
void docs_tokenize(const char *text, struct strvec *out);

#endif
