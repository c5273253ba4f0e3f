/* rules.h - the deterministic rules that turn what a request states into a complete, checked
 * request for one cluster: defaults, count arithmetic, queue choice and every limit check. */
#ifndef MAPLE_RULES_H
#define MAPLE_RULES_H

#include "../repo/repo.h"
#include "request.h"

enum req_status { REQ_OK = 0, REQ_INCOMPLETE = 1, REQ_ERROR = 2 };

struct resolution {
	enum req_status status;
	struct strvec missing; /* field names: cluster, nodes */
	struct strvec errors;
	const struct cluster *cluster;
	const struct queue *queue; /* NULL when the user named a queue maple does not know */
};

void resolution_init(struct resolution *res);
void resolution_release(struct resolution *res);

/* Applies the rules to req (filling defaults, adding warnings) and records the outcome in res. */
void rules_apply(const struct repo *repo, struct request *req, struct resolution *res);

/* Whether queue q admits nodes for walltime minutes; when not, why (into why, may be NULL). */
bool queue_admits(const struct queue *q, int nodes, int walltime_min, struct strbuf *why);
const char *status_name(enum req_status s);
/* The longest walltime any automatically chosen queue of c allows for nodes (0 = none admits). */
int cluster_max_walltime(const struct cluster *c, int nodes);
/* "HH:MM:SS" for minutes. */
void format_walltime(int minutes, char *out, size_t cap);

#endif
