/* written.c - files the job script writes for its tasks to run: what an `srun --multi-prog FILE`
 * configuration that a heredoc writes starts on every task rank. (The heredocs themselves are read in
 * shparse.c; launch.c follows `srun bash FILE` and `srun ./FILE` into the body of the one that wrote FILE.) */
#include "jobscript.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Whether w (n bytes) is a task-rank list of a --multi-prog line: `*`, or numbers, ranges and commas
 * (https://slurm.schedmd.com/srun.html#SECTION_MULTIPLE-PROGRAM-CONFIGURATION). */
static bool rank_list(const char *w, size_t n)
{
	if (n == 1 && w[0] == '*')
		return true;
	for (size_t i = 0; i < n; i++)
		if (!strchr("0123456789-,", w[i]))
			return false;
	return n > 0 && w[0] >= '0' && w[0] <= '9';
}

char *js_multiprog_uniform(const char *body)
{
	char *prog = NULL;
	bool same = true;
	for (const char *p = body; p && *p && same;) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		const char *l = p;
		p = eol ? eol + 1 : p + len;
		size_t i = strspn(l, " \t");
		if (i >= len || l[i] == '#')
			continue;
		size_t rn = strcspn(l + i, " \t\n");
		if (!rank_list(l + i, rn)) {
			same = false;
			break;
		}
		i += rn;
		i += strspn(l + i, " \t");
		size_t e = len;
		while (e > i && (l[e - 1] == ' ' || l[e - 1] == '\t' || l[e - 1] == '\r'))
			e--;
		if (e <= i) {
			same = false;
			break;
		}
		if (!prog)
			prog = xstrndup(l + i, e - i);
		else if (strlen(prog) != e - i || memcmp(prog, l + i, e - i))
			same = false;
	}
	if (!same) {
		free(prog);
		return NULL;
	}
	return prog;
}
