/* submitline.c - a node count the job script leaves to its submit command: a comment that shows the
 * sbatch/qsub/bsub line with the count (`# submit with: sbatch -N 4 job.sh`, `# Usage: sbatch
 * --nodes=<N> run.sh`), or a command that reads the allocation's node count ($SLURM_NNODES,
 * $SLURM_JOB_NUM_NODES, directly or through variables set from them) in a script whose header sets
 * none. Such a script has no node count of its own: sbatch's default of one node is not what it runs
 * on, and the reader says "unknown" instead (jobscript.h: js_submit_nodes). */
#include "jobscript.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Variables by which a job reads the node count of its allocation (sbatch(1) OUTPUT ENVIRONMENT
 * VARIABLES: https://slurm.schedmd.com/sbatch.html#SECTION_OUTPUT-ENVIRONMENT-VARIABLES). */
static const char *const node_count_vars[] = {"SLURM_NNODES", "SLURM_JOB_NUM_NODES", NULL};

/* Commands that only report a value: reading the node count there does not make the job depend on it. */
static const char *const report_cmds[] = {"echo", "printf", "logger", ":", NULL};

static bool in_list(const char *const *list, const char *s, size_t n)
{
	for (size_t i = 0; list[i]; i++)
		if (strlen(list[i]) == n && !strncmp(list[i], s, n))
			return true;
	return false;
}

/* Whether text expands one of the names (node_count_vars, or the extra names set from them); a bare
 * NAME inside $(( ... )) counts too. */
static bool reads_names(const char *text, const struct strvec *extra)
{
	for (const char *p = text; *p; p++) {
		if (!isalpha((unsigned char)*p) && *p != '_')
			continue;
		if (p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		size_t n = 1;
		while (isalnum((unsigned char)p[n]) || p[n] == '_')
			n++;
		bool var = p > text && (p[-1] == '$' || (p[-1] == '{' && p - text >= 2 && p[-2] == '$'));
		bool arith = strstr(text, "$((") != NULL;
		if ((var || arith) && in_list(node_count_vars, p, n))
			return true;
		for (size_t k = 0; (var || arith) && k < extra->nr; k++)
			if (strlen(extra->v[k]) == n && !strncmp(extra->v[k], p, n))
				return true;
		p += n - 1;
	}
	return false;
}

/* The first command (line) that reads the allocation's node count, through variables or not; 0 = none. */
static int reads_node_count(const struct jobscript *js)
{
	struct strvec names = STRVEC_INIT;
	/* the variables set from it, transitively (NNODES=$SLURM_NNODES; NP=$((NNODES * 4))) */
	for (bool grew = true; grew;) {
		grew = false;
		for (size_t i = 0; i < js->nassigns; i++) {
			const struct assign *a = &js->assigns[i];
			if (a->has_value && a->value.raw && strvec_find(&names, a->name) < 0 &&
			    reads_names(a->value.raw, &names)) {
				strvec_push(&names, a->name);
				grew = true;
			}
		}
	}
	int line = 0;
	for (size_t i = 0; i < js->ncmds && !line; i++) {
		const struct jcmd *c = &js->cmds[i];
		size_t w0 = c->nassign_prefix;
		if (w0 >= c->words.nr)
			continue;
		const char *cmd = c->words.v[w0].value;
		if (in_list(report_cmds, cmd, strlen(cmd)))
			continue;
		for (size_t k = w0; k < c->words.nr && !line; k++)
			if (c->words.v[k].raw && reads_names(c->words.v[k].raw, &names))
				line = c->line;
	}
	strvec_clear(&names);
	return line;
}

/* Whether line (1-based) lies in the body of a heredoc. */
static bool in_heredoc(const struct jobscript *js, int line)
{
	for (size_t h = 0; h < js->nheredocs; h++) {
		int body = 0;
		for (const char *b = js->heredocs[h].body; b && *b; b++)
			body += *b == '\n';
		if (line > js->heredocs[h].line && line <= js->heredocs[h].line + body)
			return true;
	}
	return false;
}

/* The node count of a submit option's value: digits (before a ':' for a PBS chunk), else 0 (a
 * placeholder such as <N>, $NODES, X, or a range). */
static int count_of(const char *v, size_t n, bool pbs)
{
	size_t d = 0;
	while (d < n && isdigit((unsigned char)v[d]))
		d++;
	if (!d || d > 6 || (d < n && !(pbs && v[d] == ':')))
		return 0;
	return atoi(v);
}

/* The nodes option of a submit command in the words after it (blank-separated, up to the end of the
 * comment): *count set (0 for a placeholder); false when the command names no node count. */
static bool submit_nodes_in(const char *tool, const char *p, int *count)
{
	bool slurm = !strcmp(tool, "sbatch") || !strcmp(tool, "salloc");
	bool pbs = !strcmp(tool, "qsub");
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		const char *w = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		size_t n = (size_t)(p - w);
		if (!n)
			break;
		const char *next = p;
		while (*next == ' ' || *next == '\t')
			next++;
		size_t nn = strcspn(next, " \t");
		const char *val = NULL;
		size_t vn = 0;
		if (slurm && n == 2 && !strncmp(w, "-N", 2))
			val = next, vn = nn;
		else if (slurm && n > 2 && !strncmp(w, "-N", 2))
			val = w + 2, vn = n - 2;
		else if (slurm && n > 8 && !strncmp(w, "--nodes=", 8))
			val = w + 8, vn = n - 8;
		else if (slurm && n == 7 && !strncmp(w, "--nodes", 7))
			val = next, vn = nn;
		else if (pbs && ((n == 2 && !strncmp(w, "-l", 2)) || (n > 2 && !strncmp(w, "-l", 2)))) {
			const char *r = n == 2 ? next : w + 2;
			size_t rn = n == 2 ? nn : n - 2;
			if (rn > 7 && !strncmp(r, "select=", 7))
				val = r + 7, vn = rn - 7;
			else if (rn > 6 && !strncmp(r, "nodes=", 6))
				val = r + 6, vn = rn - 6;
		} else if (!strcmp(tool, "bsub") && n == 7 && !strncmp(w, "-nnodes", 7))
			val = next, vn = nn;
		if (val) {
			*count = count_of(val, vn, pbs);
			return true;
		}
		/* the script's own name ends the submit command's options */
		if (n > 3 && !strncmp(p - 3, ".sh", 3))
			break;
	}
	return false;
}

/* A comment line that shows the submit command with a node count: *at, where the command's name starts. */
static bool submit_comment(const char *l, int *count, size_t *at)
{
	const char *l0 = l;
	while (*l == ' ' || *l == '\t')
		l++;
	if (l[0] != '#' || l[1] == '!')
		return false;
	static const char *const tools[] = {"sbatch", "salloc", "qsub", "bsub", NULL};
	for (const char *const *t = tools; *t; t++) {
		size_t tn = strlen(*t);
		for (const char *p = strstr(l, *t); p; p = strstr(p + 1, *t)) {
			bool start = p == l || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '#' || p[-1] == '-');
			if (!start || (p[tn] != ' ' && p[tn] != '\t'))
				continue;
			if (submit_nodes_in(*t, p + tn, count)) {
				*at = (size_t)(p - l0);
				return true;
			}
		}
	}
	return false;
}

bool js_submit_nodes(const struct jobscript *js, struct js_submit *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < js->lines.nr; i++) {
		const char *l = js->lines.v[i];
		if (!strncmp(l, "#SBATCH", 7) || !strncmp(l, "#PBS", 4) || !strncmp(l, "#BSUB", 5) || !strncmp(l, "#COBALT", 7))
			continue;
		int count = 0;
		size_t at = 0;
		if (submit_comment(l, &count, &at) && !in_heredoc(js, (int)i + 1)) {
			out->line = (int)i + 1;
			out->count = count;
			out->comment = true;
			out->col = (int)at + 1;
			return true;
		}
	}
	int line = reads_node_count(js);
	if (line) {
		out->line = line;
		return true;
	}
	return false;
}

int js_submit_comment_nodes(const struct jobscript *js, int *line)
{
	int count = 0;
	*line = 0;
	for (size_t i = 0; i < js->lines.nr; i++) {
		const char *l = js->lines.v[i];
		if (!strncmp(l, "#SBATCH", 7) || !strncmp(l, "#PBS", 4) || !strncmp(l, "#BSUB", 5) || !strncmp(l, "#COBALT", 7))
			continue;
		int c = 0;
		size_t at = 0;
		if (!submit_comment(l, &c, &at) || in_heredoc(js, (int)i + 1))
			continue;
		if (c <= 0 || (count && c != count)) { /* a placeholder, or several sizes (a scaling study) */
			*line = 0;
			return 0;
		}
		count = c;
		if (!*line)
			*line = (int)i + 1;
	}
	return count;
}

/* The canonical name (as struct directive's opt) of an option word of a submit command, with the word
 * after it as its value where it takes one apart; NULL for a word that is no option maple maps. */
static const char *submit_option(bool slurm, const char *w, size_t n, const char **val, size_t *vn)
{
	static const char *const slurm_short[] = {"N", "nodes", "A", "account", "t", "time", "p", "partition",
						  "q", "qos", "C", "constraint", "G", "gpus", "n", "ntasks",
						  "J", "job-name", "o", "output", NULL};
	static const char *const pbs_short[] = {"A", "account", "q", "queue", "N", "job-name", "P", "project", "l", "resource", NULL};
	if (n >= 2 && w[0] == '-' && w[1] != '-') {
		const char *const *t = slurm ? slurm_short : pbs_short;
		for (size_t i = 0; t[i]; i += 2)
			if (w[1] == t[i][0]) {
				*val = n > 2 ? w + 2 : NULL, *vn = n > 2 ? n - 2 : 0;
				return t[i + 1];
			}
		return NULL;
	}
	if (slurm && n > 2 && w[0] == '-' && w[1] == '-') {
		size_t k = strcspn(w + 2, "=");
		static char name[32];
		if (k >= sizeof(name) || k + 2 > n)
			return NULL;
		memcpy(name, w + 2, k);
		name[k] = '\0';
		*val = k + 2 < n ? w + 3 + k : NULL, *vn = k + 2 < n ? n - 3 - k : 0;
		return name;
	}
	return NULL;
}

bool js_submit_gives(const struct jobscript *js, const struct js_submit *s, const char *opt)
{
	if (!s->comment || s->line < 1 || (size_t)s->line > js->lines.nr)
		return false;
	const char *p = js->lines.v[s->line - 1] + s->col - 1;
	bool slurm = !strncmp(p, "sbatch", 6) || !strncmp(p, "salloc", 6), pbs = !strncmp(p, "qsub", 4);
	if (!slurm && !pbs)
		return !strcmp(opt, "nodes") || !strcmp(opt, "nnodes");
	p += strcspn(p, " \t");
	while (*p) {
		p += strspn(p, " \t");
		const char *w = p;
		size_t n = strcspn(p, " \t");
		p += n;
		if (!n || (n > 3 && !strncmp(p - 3, ".sh", 3)))
			break;
		const char *val = NULL;
		size_t vn = 0;
		const char *name = submit_option(slurm, w, n, &val, &vn);
		if (!name)
			continue;
		if (pbs && !strcmp(name, "project"))
			name = "account";
		if (!strcmp(name, opt))
			return true;
		/* qsub -l select=2:ngpus=4,walltime=1:00:00: each resource is an option of its own */
		if (pbs && w[1] == 'l') {
			if (!val) {
				p += strspn(p, " \t");
				val = p, vn = strcspn(p, " \t");
				p += vn;
			}
			for (size_t k = 0; k < vn;) {
				size_t e = strcspn(val + k, "=,");
				if (e == strlen(opt) && !strncmp(val + k, opt, e))
					return true;
				k += e;
				k += strcspn(val + k, ",");
				k += k < vn;
			}
		}
	}
	return false;
}
