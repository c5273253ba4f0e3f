/* submit_params.c - a submit API's parameters pasted with a request: submitit's executor
 * ("executor.update_parameters(nodes=4, slurm_partition=\"ghx4\", slurm_account=\"bfkq-dtai-gh\")",
 * "slurm_additional_parameters={\"account\": ...}") and its Hydra launcher's YAML ("hydra:\n  launcher:\n
 * partition: gpuA40x4\n    account: x"). Their counts and time are read as a spec's (spec_blocks.c); their
 * account and queues are read here from the raw text, and carried to the request where it states none and
 * they are aimed at the target: one of their queues is the target's, or they name none and their account has
 * the target's shape. A queue the target lacks, or an account of another shape, says they are another
 * system's: nothing is carried. */
#include "reader.h"

#include "../util/byteset.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

struct api_value {
	const char *key; /* as written, before '=' or ':' */
	bool queue;	 /* a queue (partition or qos), else the account */
	bool yaml;	 /* only as an indented "key:" line of a Hydra launcher */
};
static const struct api_value api_keys[] = {
	{"slurm_account", false, false}, {"slurm_partition", true, false}, {"slurm_qos", true, false},
	{"\"account\"", false, false},   {"'account'", false, false},       {"account", false, true},
	{"partition", true, true},       {"qos", true, true},               {NULL, false, false},
};

static size_t line_end(const char *s, size_t len, size_t a)
{
	const char *nl = memchr(s + a, '\n', len - a);
	return nl ? (size_t)(nl - s) : len;
}

/* Whether v[0, n) can be a name a scheduler takes ("bbka-delta-gpu", "ghx4", "m4431_g"). */
static bool plain_name(const char *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(isalnum((unsigned char)v[i]) || v[i] == '-' || v[i] == '_' || v[i] == '.'))
			return false;
	return n > 0;
}

void rd_read_submit_params(struct ctx *c)
{
	const char *s = c->text;
	size_t n = c->len;
	bool call = mem_find(s, n, "update_parameters(", 18) || mem_find(s, n, "submitit", 8);
	bool launcher = (call || mem_find(s, n, "timeout_min", 11)) && mem_find(s, n, "launcher:", 9);
	if (!call && !launcher)
		return;
	bool bad_account = false;
	for (size_t la = 0; la < n;) {
		size_t lb = line_end(s, n, la);
		size_t p = la;
		while (p < lb && (s[p] == ' ' || s[p] == '\t'))
			p++;
		for (const struct api_value *k = api_keys; k->key; k++) {
			/* the key: first on an indented line for the launcher's YAML, anywhere on a line of a call, with
			 * a word boundary before it */
			if ((k->yaml && (!launcher || p == la)) || (!k->yaml && !call))
				continue;
			size_t kl = strlen(k->key), to = k->yaml ? p + 1 : lb;
			for (size_t q = p; q < to && q + kl < lb; q++) {
				if (strncmp(s + q, k->key, kl) || (q > la && (isalnum((unsigned char)s[q - 1]) || s[q - 1] == '_')))
					continue;
				size_t v = q + kl;
				while (v < lb && s[v] == ' ')
					v++;
				if (v >= lb || (s[v] != '=' && s[v] != ':') || (k->yaml && s[v] != ':'))
					continue;
				v++;
				while (v < lb && (s[v] == ' ' || s[v] == '"' || s[v] == '\''))
					v++;
				size_t e = v;
				while (e < lb && (isalnum((unsigned char)s[e]) || s[e] == '-' || s[e] == '_' || s[e] == '.'))
					e++;
				if (e == v || (e < lb && !strchr("\"', )}#\r\t", s[e])))
					break; /* "${oc.env:ACCOUNT}", "$ACCT": no name written out */
				if (k->queue && c->napi_queues < 2 && e - v < sizeof(c->api_queues[0])) {
					/* (a partition and a qos: both kept, the target's is chosen when applied) */
					memcpy(c->api_queues[c->napi_queues], s + v, e - v);
					c->api_queues[c->napi_queues][e - v] = '\0';
					c->api_queue_a[c->napi_queues] = v, c->api_queue_b[c->napi_queues] = e;
					c->napi_queues++;
				} else if (!k->queue && plain_name(s + v, e - v) && e - v < sizeof(c->api_account)) {
					if (!*c->api_account) {
						memcpy(c->api_account, s + v, e - v);
						c->api_account[e - v] = '\0';
						c->api_account_a = v, c->api_account_b = e;
					} else if (strlen(c->api_account) != e - v || strncmp(c->api_account, s + v, e - v)) {
						bad_account = true; /* two accounts that disagree: none */
					}
				}
				break;
			}
		}
		la = lb + 1;
	}
	if (bad_account)
		c->api_account[0] = '\0';
}

void rd_apply_submit_params(struct ctx *c)
{
	struct request *r = c->req;
	if (!c->cluster || (!*c->api_account && !c->napi_queues))
		return;
	const char *queue = NULL;
	size_t qa = 0, qb = 0;
	for (size_t i = 0; i < c->napi_queues && !queue; i++)
		if (cluster_queue(c->cluster, c->api_queues[i]))
			queue = c->api_queues[i], qa = c->api_queue_a[i], qb = c->api_queue_b[i];
	if (c->napi_queues && !queue)
		return;
	bool account_fits = *c->api_account && (c->cluster->account_pattern ? account_shape_matches(c->cluster, c->api_account)
									   : queue != NULL);
	if (!queue && !account_fits)
		return;
	if (account_fits && !r->account && !r->from[RF_ACCOUNT]) {
		request_set(&r->account, c->api_account);
		rd_from_text(c, RF_ACCOUNT, c->api_account_a, c->api_account_b);
		request_warn(r, "account '%s' taken from the submit parameters pasted in the request, which are aimed at %s",
			     c->api_account, c->cluster->id);
	}
	if (queue && !r->queue && !r->from[RF_QUEUE]) {
		request_set(&r->queue, queue);
		rd_from_text(c, RF_QUEUE, qa, qb);
	}
}
