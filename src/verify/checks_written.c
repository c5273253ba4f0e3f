/* checks_written.c - checks on the files a job writes for its tasks to run: an srun --multi-prog
 * configuration (written by a heredoc, printf or echo) that gives no line to some task rank, so srun
 * does not start the step ("no record for task id"). */
#include "findings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Marks in done[0..n) the ranks of one configuration line's rank list (`*`, `0-3,5`); false when the
 * list is no rank list. */
static bool mark_ranks(const char *w, size_t len, bool *done, long n)
{
	if (len == 1 && w[0] == '*') {
		for (long r = 0; r < n; r++)
			done[r] = true;
		return true;
	}
	const char *p = w, *end = w + len;
	while (p < end) {
		char *e;
		long a = strtol(p, &e, 10), b = a;
		if (e == p || a < 0)
			return false;
		p = e;
		if (p < end && *p == '-') {
			b = strtol(p + 1, &e, 10);
			if (e == p + 1 || b < a)
				return false;
			p = e;
		}
		for (long r = a; r <= b && r < n; r++)
			done[r] = true;
		if (p < end && *p != ',')
			return false;
		p += p < end;
	}
	return true;
}

void check_written(struct vctx *x)
{
	const struct jobscript *js = x->js;
	const struct launch_plan *p = x->p;
	if (p->launch < 0)
		return;
	const struct launch *l = &js->launches[p->launch];
	const struct stage *s = NULL;
	for (size_t i = 0; i < l->nstages && !s; i++)
		if (l->stages[i].kind == SK_SRUN && stage_opt(&l->stages[i], "multi-prog"))
			s = &l->stages[i];
	const struct jcmd *c = s ? &js->cmds[s->cmd] : NULL;
	if (!s || s->last < 0 || (size_t)s->last >= c->words.nr)
		return;
	const char *file = c->words.v[s->last].value;
	const struct heredoc *h = js_written_file(js, file, s->cmd);
	long n = p->tasks > 0 ? p->tasks : 0;
	if (!h || n <= 0 || n > 65536)
		return;
	bool *done = calloc((size_t)n, sizeof(*done));
	if (!done)
		return;
	bool ok = true;
	int at = h->line, last = h->line; /* the last line that maps ranks: where the missing ones belong */
	for (const char *q = h->body; *q && ok;) {
		const char *eol = strchr(q, '\n');
		size_t len = eol ? (size_t)(eol - q) : strlen(q);
		size_t i = strspn(q, " \t");
		at++;
		if (i < len && q[i] != '#')
			ok = mark_ranks(q + i, strcspn(q + i, " \t\n"), done, n), last = at;
		q += len + (eol != NULL);
	}
	long miss = -1, nmiss = 0;
	for (long r = 0; ok && r < n; r++)
		if (!done[r])
			nmiss++, miss = miss < 0 ? r : miss;
	free(done);
	if (!ok || !nmiss)
		return;
	char fix[160];
	snprintf(fix, sizeof(fix), "give every task rank 0-%ld a line in %s (or `*` for the ranks no other line names)", n - 1,
		 file);
	report(x, "multi-prog-missing-rank", SEV_ERROR, last, 0, 0, fix,
	       "the srun --multi-prog file %s (line %d) gives no program to %ld of the step's %ld tasks (the first: rank %ld): "
	       "srun does not start a step with a task that has no line (https://slurm.schedmd.com/srun.html#OPT_multi-prog)",
	       file, c->line, nmiss, n, miss);
}
