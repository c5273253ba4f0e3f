/* pasted_facts.c - what pasted scheduler output states of a job that ran, and the asks that point at it.
 * A squeue/sacct table's PARTITION, ACCOUNT and NODES/NNODES columns (rows that disagree give nothing),
 * scontrol's "Partition=", "Account=", "NumNodes=", "gres/gpu=", qstat -f's "Account_Name = ",
 * "queue = ", "Resource_List.select = N", and the account and queue of a job script pasted from another
 * system (its header's "-A", "-p", "-q") are read from the raw text (tool_output.c blanks them from the
 * reader's working copy, so that they are never read as the request's own). They count only where the
 * request points at them: "same account as above", "with the same partition and node count",
 * "resubmit exactly this job (same partition, account, nodes and GPUs)", and only for what the request
 * does not state itself. */
#include "extract.h"
#include "reader.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct facts {
	bool bad_account, bad_queue, bad_nodes, bad_gpus; /* two pasted rows or records disagree */
};

static void keep_str(char *dst, size_t cap, const char *v, size_t n, bool *bad)
{
	if (!n || n >= cap || *bad)
		return;
	for (size_t i = 0; i < n; i++)
		if (!(isalnum((unsigned char)v[i]) || v[i] == '-' || v[i] == '_' || v[i] == '.'))
			return; /* "(null)", "N/A", a truncated "m3928+" */
	if (*dst && (strlen(dst) != n || strncmp(dst, v, n))) {
		*bad = true;
		return;
	}
	memcpy(dst, v, n);
	dst[n] = '\0';
}

static void keep_int(int *dst, const char *v, size_t n, bool *bad)
{
	int x = 0;
	size_t i = 0;
	while (i < n && isdigit((unsigned char)v[i]) && x < 1000000)
		x = x * 10 + (v[i++] - '0');
	if (!i || x <= 0 || *bad || (i < n && v[i] != '-' && v[i] != ':')) /* "3", "3-3" (min-max), "2:ngpus=4" */
		return;
	if (*dst && *dst != x)
		*bad = true;
	else
		*dst = x;
}

static size_t line_end(const char *s, size_t len, size_t a)
{
	const char *nl = memchr(s + a, '\n', len - a);
	return nl ? (size_t)(nl - s) : len;
}

/* The words of s[a, b) split at blanks: their starts and lengths (at most max); how many. */
static size_t words_of(const char *s, size_t a, size_t b, size_t *at, size_t *len, size_t max)
{
	size_t n = 0;
	for (size_t p = a; p < b && n < max;) {
		while (p < b && isspace((unsigned char)s[p]))
			p++;
		size_t q = p;
		while (q < b && !isspace((unsigned char)s[q]))
			q++;
		if (q > p)
			at[n] = p, len[n] = q - p, n++;
		p = q;
	}
	return n;
}

static bool word_is(const char *s, size_t at, size_t len, const char *w)
{
	return len == strlen(w) && !strncasecmp(s + at, w, len);
}

/* The line after a prompt running squeue, sacct or sinfo ("$ sacct -j 991 --format=JobID,Partition,..."):
 * the header of the table it printed, whatever the case of its column names ("JobID Partition NNodes"). */
static bool after_table_tool(const char *s, size_t len, size_t a)
{
	if (a < 2)
		return false;
	size_t pe = a - 1, ps = pe; /* the line before: [ps, pe) */
	while (ps > 0 && s[ps - 1] != '\n')
		ps--;
	static const char *const tools[] = {"$ squeue", "$ sacct", "$ sinfo", "$ sacct", "$squeue", "$sacct", NULL};
	for (size_t k = 0; tools[k]; k++) {
		size_t l = strlen(tools[k]);
		for (size_t p = ps; p + l <= pe && p < len; p++)
			if (!strncmp(s + p, tools[k], l))
				return true;
	}
	return false;
}

/* A table under its column header: the rows up to a blank line, each with as many words as the header
 * (a row whose value holds a blank, as sacct's "CANCELLED by 0", cannot be aligned and is passed over). */
static size_t read_table(struct ctx *c, struct facts *f, size_t a, size_t b)
{
	const char *s = c->text;
	size_t hat[24], hlen[24];
	size_t nh = words_of(s, a, b, hat, hlen, 24);
	int col_part = -1, col_acct = -1, col_nodes = -1;
	for (size_t k = 0; k < nh; k++) {
		if (word_is(s, hat[k], hlen[k], "PARTITION"))
			col_part = (int)k;
		else if (word_is(s, hat[k], hlen[k], "ACCOUNT"))
			col_acct = (int)k;
		else if (word_is(s, hat[k], hlen[k], "NODES") || word_is(s, hat[k], hlen[k], "NNODES"))
			col_nodes = (int)k;
	}
	size_t p = b + 1;
	while (p < c->len) {
		size_t e = line_end(s, c->len, p);
		size_t at[24], len[24];
		size_t n = words_of(s, p, e, at, len, 24);
		if (!n)
			return e;
		if (s[at[0]] != '-') { /* sacct's rule under the header */
			if (n != nh)
				return e;
			if (col_part >= 0)
				keep_str(c->paste_queue, sizeof(c->paste_queue), s + at[col_part], len[col_part], &f->bad_queue);
			if (col_acct >= 0)
				keep_str(c->paste_account, sizeof(c->paste_account), s + at[col_acct], len[col_acct], &f->bad_account);
			if (col_nodes >= 0)
				keep_int(&c->paste_nodes, s + at[col_nodes], len[col_nodes], &f->bad_nodes);
		}
		p = e + 1;
	}
	return c->len;
}

/* "Key=Value" of scontrol's record at word [at, at + len), or "Key = Value" of qstat -f across three
 * words. */
static void read_key(struct ctx *c, struct facts *f, const char *key, size_t kl, const char *v, size_t vl)
{
#define KEY(x) (kl == strlen(x) && !strncmp(key, x, kl))
	if (KEY("Partition") || KEY("queue"))
		keep_str(c->paste_queue, sizeof(c->paste_queue), v, vl, &f->bad_queue);
	else if (KEY("Account") || KEY("Account_Name"))
		keep_str(c->paste_account, sizeof(c->paste_account), v, vl, &f->bad_account);
	else if (KEY("NumNodes") || KEY("Resource_List.select") || KEY("Resource_List.nodect"))
		keep_int(&c->paste_nodes, v, vl, &f->bad_nodes);
#undef KEY
}

void rd_read_pasted_facts(struct ctx *c)
{
	struct facts f = {0};
	const char *s = c->text;
	for (size_t a = 0; a < c->len;) {
		size_t b = line_end(s, c->len, a);
		if (rd_tool_column_header(s, a, b) || after_table_tool(s, c->len, a)) {
			a = read_table(c, &f, a, b) + 1;
			continue;
		}
		size_t at[24], len[24];
		size_t n = words_of(s, a, b, at, len, 24);
		/* qstat -f: "    Account_Name = FoundEpi" (an indented line of three words) */
		if (n == 3 && at[0] > a && word_is(s, at[1], len[1], "=") && islower((unsigned char)s[at[0]]) == 0 &&
		    memchr(s + at[0], '_', len[0]))
			read_key(c, &f, s + at[0], len[0], s + at[2], len[2]);
		else if (n == 3 && at[0] > a && word_is(s, at[1], len[1], "=") && word_is(s, at[0], len[0], "queue"))
			read_key(c, &f, s + at[0], len[0], s + at[2], len[2]);
		/* scontrol: a line of two or more capitalised Key=Value words */
		size_t kv = 0;
		for (size_t k = 0; k < n; k++)
			kv += isupper((unsigned char)s[at[k]]) && memchr(s + at[k], '=', len[k]) != NULL;
		for (size_t k = 0; kv >= 2 && k < n; k++) {
			const char *eq = memchr(s + at[k], '=', len[k]);
			if (!eq || !isupper((unsigned char)s[at[k]]))
				continue;
			size_t kl = (size_t)(eq - (s + at[k]));
			read_key(c, &f, s + at[k], kl, eq + 1, len[k] - kl - 1);
			/* TRES=cpu=96,mem=360G,node=3,billing=12,gres/gpu=12 */
			const char *g = kl == 4 && !strncmp(s + at[k], "TRES", 4) ? memmem(eq, len[k] - kl, "gres/gpu=", 9) : NULL;
			if (g)
				keep_int(&c->paste_gpus, g + 9, (size_t)(s + at[k] + len[k] - (g + 9)), &f.bad_gpus);
		}
		a = b + 1;
	}
	/* a job script pasted from another system: its header's account and queue ("Move it to Aurora, same
	 * queue, same project" under "#PBS -A ProjX") */
	for (size_t i = 0; i < c->nforeign; i++)
		for (size_t a = c->foreign_a[i]; a < c->foreign_b[i] && a < c->len;) {
			size_t b = line_end(s, c->len, a);
			size_t at[8], len[8];
			size_t n = words_of(s, a, b, at, len, 8);
			bool directive = n >= 2 && (word_is(s, at[0], len[0], "#SBATCH") || word_is(s, at[0], len[0], "#PBS"));
			for (size_t k = 1; directive && k < n; k++) {
				const char *w = s + at[k];
				size_t wl = len[k];
				bool acct = word_is(s, at[k], wl, "-A") || word_is(s, at[k], wl, "--account");
				bool queue = word_is(s, at[k], wl, "-q") || word_is(s, at[k], wl, "-p") ||
					     word_is(s, at[k], wl, "--partition") || word_is(s, at[k], wl, "--qos");
				if ((acct || queue) && k + 1 < n) {
					if (acct)
						keep_str(c->paste_account, sizeof(c->paste_account), s + at[k + 1], len[k + 1], &f.bad_account);
					else
						keep_str(c->paste_queue, sizeof(c->paste_queue), s + at[k + 1], len[k + 1], &f.bad_queue);
				}
				const char *eq = memchr(w, '=', wl);
				if (eq && (size_t)(eq - w) == 9 && !strncmp(w, "--account", 9))
					keep_str(c->paste_account, sizeof(c->paste_account), eq + 1, wl - 10, &f.bad_account);
				else if (eq && (size_t)(eq - w) == 11 && !strncmp(w, "--partition", 11))
					keep_str(c->paste_queue, sizeof(c->paste_queue), eq + 1, wl - 12, &f.bad_queue);
			}
			a = b + 1;
		}
	if (f.bad_account)
		c->paste_account[0] = '\0';
	if (f.bad_queue)
		c->paste_queue[0] = '\0';
	if (f.bad_nodes)
		c->paste_nodes = 0;
	if (f.bad_gpus)
		c->paste_gpus = 0;
}

/* What "same ..." points at: the nouns after "same" (or "identical") up to the clause's end ("same
 * account as above", "the same partition and node count", "same partition, account, nodes and GPUs").
 * "as above" / "shown above" after an account word point too ("account as above"). */
enum { PT_ACCOUNT = 1, PT_QUEUE = 2, PT_NODES = 4, PT_GPUS = 8 };
static int pointed_at(const struct ctx *c)
{
	static const char *const acct[] = {"account", "project", "allocation", "acct", NULL};
	static const char *const queue[] = {"partition", "queue", "qos", NULL};
	static const char *const link[] = {"the", "and", "as", "&", "count", "number", "of", "above", "before", "that",
					   "one", "ones", "in", "total", NULL};
	int what = 0;
	for (size_t i = 0; i < c->n; i++) {
		if ((!rd_is(c, i, "same") && !rd_is(c, i, "identical")) || c->t[i].neg)
			continue;
		for (size_t k = i + 1; k < c->n && k <= i + 10; k++) {
			int w = rd_is_any(c, k, acct)				    ? PT_ACCOUNT
				: rd_is_any(c, k, queue)			    ? PT_QUEUE
				: is_node_unit(c->t[k].norm)			    ? PT_NODES
				: is_gpu_unit(c->t[k].norm) || rd_is(c, k, "gpu") ? PT_GPUS
										    : 0;
			if (!w && !rd_is_any(c, k, link))
				break;
			what |= w;
			if (rd_sentence_end_after(c, k) || c->t[k].trail == ')' || c->t[k].trail == ':')
				break;
		}
	}
	return what;
}

void rd_apply_pasted_facts(struct ctx *c)
{
	if (!*c->paste_account && !*c->paste_queue && !c->paste_nodes && !c->paste_gpus)
		return;
	int what = pointed_at(c);
	struct request *r = c->req;
	if ((what & PT_ACCOUNT) && *c->paste_account && !r->account) {
		request_set(&r->account, c->paste_account);
		request_warn(r, "account '%s' taken from the scheduler output pasted in the request, as it asks (\"same account\")",
			     c->paste_account);
	}
	if ((what & PT_QUEUE) && *c->paste_queue && !r->queue && c->cluster && cluster_queue(c->cluster, c->paste_queue)) {
		request_set(&r->queue, c->paste_queue);
		request_warn(r, "queue '%s' taken from the scheduler output pasted in the request, as it asks (\"same partition\")",
			     c->paste_queue);
	}
	if ((what & PT_NODES) && c->paste_nodes > 0 && c->nodes_rank <= RK_COPIED) {
		c->nodes = c->paste_nodes;
		c->nodes_rank = RK_PROSE;
		request_warn(r, "%d nodes taken from the scheduler output pasted in the request, as it asks (\"same nodes\")",
			     c->paste_nodes);
	}
	if ((what & PT_GPUS) && c->paste_gpus > 0 && c->total_rank <= RK_COPIED) {
		c->total = c->paste_gpus;
		c->total_rank = RK_PROSE;
	}
}
