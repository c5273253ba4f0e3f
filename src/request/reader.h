/* reader.h - the request reader's shared state and helpers, for its layer files only (not a public API). */
#ifndef MAPLE_READER_H
#define MAPLE_READER_H

#include "extract.h"
#include "lexicon.h"

#include <stdbool.h>
#include <stddef.h>

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

/* shared helpers (defined in the layer files) */
int  rd_as_count(double v);
extern const char *const rd_count_adjectives[];
void  rd_find_command(struct ctx *c);
bool  rd_identifier_like(const char *s);
bool  rd_in_list(const char *s, const char *const *list);
bool  rd_is(const struct ctx *c, size_t i, const char *w);
bool  rd_is_any(const struct ctx *c, size_t i, const char *const *ws);
bool  rd_is_leading_punct(char c);
bool  rd_is_reserved_word(const struct ctx *c, const char *norm);
bool  rd_is_trailing_punct(char c);
bool  rd_mostly_binary(const unsigned char *s, size_t len);
const char *rd_norm_at(const struct ctx *c, size_t i);
bool  rd_numeric(const char *s);
bool  rd_parse_number(const char *s, double *out);
void  rd_read_account(struct ctx *c);
void  rd_read_cluster(struct ctx *c);
void  rd_read_counts(struct ctx *c);
void  rd_read_env(struct ctx *c);
void  rd_read_framework(struct ctx *c);
void  rd_read_job_name(struct ctx *c);
void  rd_read_model(struct ctx *c);
void  rd_read_port(struct ctx *c);
void  rd_read_queue(struct ctx *c);
void  rd_read_walltime(struct ctx *c);
void  rd_set_from_toks(struct ctx *c, enum req_field f, size_t a, size_t b);
size_t  rd_skip_fillers(const struct ctx *c, size_t k);
void  rd_tokenize(struct ctx *c);
bool  rd_valid_utf8(const unsigned char *s, size_t len);

#endif
