/* verify.c - the static verifier's driver: reads the script, settles the cluster (given or
 * inferred), runs the check files in order and sorts the findings by line. */
#include "checks.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

const char *const verify_check_ids[] = {
	"bash-syntax",	      "shellcheck",	     "dos-line-endings",   "shebang-missing",
	"unterminated-quote", "heredoc-unclosed",    "directive-unknown",  "directive-value",
	"directive-ignored",  "directive-conflict",  "wrong-scheduler",	   "cluster-unknown",
	"required-directive", "account-missing",     "option-rejected",	   "queue-unknown",
	"nodes-exceed-queue", "nodes-below-queue",   "walltime-exceeds-queue", "walltime-missing",
	"gpus-exceed-node",   "launcher-missing",    "nodes-mismatch",	   "ranks-mismatch",
	"gpus-idle",	      "launcher-not-distributed", "torchrun-per-gpu", "node-rank-batch-shell",
	"node-rank-fixed",    "master-addr-missing", "master-port-missing", "master-addr-after-use",
	"master-addr-not-exported", "port-range",    "backend-vendor",	   "env-not-propagated",
	"deepspeed-no-hostfile", NULL,
};

const char *severity_name(enum severity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "info";
}

void report(struct vctx *x, const char *id, enum severity sev, int line, int col, int span, const char *fix,
	    const char *fmt, ...)
{
	struct verify_result *r = x->res;
	/* one finding per id and line */
	for (size_t i = 0; i < r->nfindings; i++)
		if (r->findings[i].line == line && !strcmp(r->findings[i].id, id))
			return;
	r->findings = xrealloc(r->findings, (r->nfindings + 1) * sizeof(*r->findings));
	struct finding *f = &r->findings[r->nfindings++];
	f->id = id;
	f->sev = sev;
	f->line = line;
	f->col = col;
	f->span = span;
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	f->message = strbuf_detach(&sb);
	f->fix = xstrdup(fix ? fix : "");
	if (sev == SEV_ERROR)
		r->nerrors++;
	else if (sev == SEV_WARNING)
		r->nwarnings++;
}

void word_pos(const struct vctx *x, int cmd, int word, int *line, int *col, int *span)
{
	const struct jcmd *c = &x->js->cmds[cmd];
	if (word < 0 || (size_t)word >= c->words.nr) {
		*line = c->line;
		*col = 0;
		*span = 0;
		return;
	}
	*line = c->word_line[word];
	*col = c->word_col[word];
	*span = (int)strlen(c->words.v[word].raw);
	/* inside a double-quoted bash -c string the column is the string's: find the word itself */
	if (c->depth > 0 && *line >= 1 && (size_t)*line <= x->js->lines.nr && *col >= 1) {
		const char *l = x->js->lines.v[*line - 1];
		if ((size_t)*col <= strlen(l)) {
			const char *at = strstr(l + *col - 1, c->words.v[word].raw);
			if (at)
				*col = (int)(at - l) + 1;
		}
	}
	/* a word spanning lines: underline to the end of its first line */
	const char *nl = strchr(c->words.v[word].raw, '\n');
	if (nl)
		*span = (int)(nl - c->words.v[word].raw);
}

static int cmp_findings(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->sev != y->sev)
		return x->sev < y->sev ? -1 : 1;
	return strcmp(x->id, y->id);
}

int verify_script(const char *text, size_t len, const char *script_dir, const struct repo *repo,
		  const struct cluster *cluster, const struct verify_opts *o, struct verify_result *res,
		  struct maple_error *err)
{
	memset(res, 0, sizeof(*res));
	if (read_script(text, len, script_dir, repo, cluster, &res->sr, err) < 0)
		return -1;
	res->cluster = res->sr.cluster;
	res->cluster_inferred = res->cluster && !res->sr.cluster_given;
	struct vctx x = {&res->sr.js, &res->sr.plan, res->cluster, repo, res, NULL};
	check_shell(&x, o, text, len);
	check_header(&x);
	check_launch(&x);
	check_env(&x);
	if (res->nfindings)
		qsort(res->findings, res->nfindings, sizeof(*res->findings), cmp_findings);
	return 0;
}

void verify_result_release(struct verify_result *res)
{
	for (size_t i = 0; i < res->nfindings; i++) {
		free(res->findings[i].message);
		free(res->findings[i].fix);
	}
	free(res->findings);
	script_reading_release(&res->sr);
	memset(res, 0, sizeof(*res));
}
