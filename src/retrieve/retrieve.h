/* retrieve.h - ranks a cluster's launch templates for a request: structured match on framework
 * and strategy first, then BM25 over descriptions and tags (with synonyms) among the variants. */
#ifndef MAPLE_RETRIEVE_H
#define MAPLE_RETRIEVE_H

#include "../repo/repo.h"
#include "../request/request.h"

struct candidate {
	const struct template *t;
	bool eligible; /* framework and strategy match */
	double structured, lexical, score;
	char why[256];
};

/* A ranker over one repository; it keeps each template's indexed words between requests. */
struct retriever;
struct retriever *retriever_create(struct repo *repo);
void retriever_destroy(struct retriever *rt);
/* Score every template's text even when only one is eligible (for --explain). */
void retriever_explain(struct retriever *rt, bool on);

/* Fills out (up to max) with every template of req->cluster, best first; *n is the count.
 * query is the user's own text (may be NULL). Returns -1 when the templates cannot be loaded. */
int retrieve_rank(struct retriever *rt, const struct request *req, const char *query, struct candidate *out,
		  size_t max, size_t *n, struct maple_error *err);

#endif
