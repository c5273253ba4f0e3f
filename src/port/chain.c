/* chain.c - a job that queues another job (a dependency chain: sbatch --dependency=afterok:$SLURM_JOB_ID
 * next.sbatch, qsub -W depend=afterany:$PBS_JOBID job.pbs, the same script again through "$0"): a port
 * never carries the submission (the queued script is the old cluster's, and its condition and counter
 * are the user's), so each one is said with its line, what it queued, and the line that queues it on
 * the target in the target scheduler's own syntax.
 *   Flux: flux batch [--dependency=TYPE:JOBID] SCRIPT (flux-batch(1); RFC 26 dependencies take Slurm's
 *          after, afterany, afterok, afternotok names),
 *          https://flux-framework.readthedocs.io/projects/flux-core/en/latest/man1/flux-batch.html
 *   Slurm: sbatch -d/--dependency=TYPE:JOBID (after, afterany, afterok, afternotok, aftercorr, singleton),
 *          https://slurm.schedmd.com/sbatch.html#OPT_dependency
 *   PBS Professional: qsub -W depend=TYPE:JOBID (after, afterok, afternotok, afterany; no aftercorr or
 *          singleton), PBS Professional Reference Guide, qsub "-W depend", and ALCF's "Job dependencies",
 *          https://docs.alcf.anl.gov/running-jobs/job-and-queue-scheduling/ */
#include "port.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the line (0-based) lies in a heredoc's body (a script the job writes, not one it runs). */
static bool in_heredoc_body(const struct jobscript *js, size_t line)
{
	for (size_t h = 0; h < js->nheredocs; h++) {
		size_t first = (size_t)js->heredocs[h].line, n = 0; /* body starts on the line after the << */
		for (const char *p = js->heredocs[h].body; p && *p; p++)
			n += *p == '\n';
		if (line >= first && line <= first + n)
			return true;
	}
	return false;
}

/* The start of a submit command word (sbatch, qsub, flux batch) in l at a command position, or NULL. */
static const char *submit_word(const char *l, const char **which)
{
	static const char *const cmds[] = {"sbatch", "qsub", "flux batch", "flux mini batch", NULL};
	for (int k = 0; cmds[k]; k++) {
		size_t n = strlen(cmds[k]);
		for (const char *p = strstr(l, cmds[k]); p; p = strstr(p + 1, cmds[k])) {
			char b = p == l ? ' ' : p[-1], a = p[n];
			if ((b == ' ' || b == '\t' || b == '(' || b == ';' || b == '&' || b == '|' || b == '`') &&
			    (a == ' ' || a == '\t')) {
				*which = cmds[k];
				return p;
			}
		}
	}
	return NULL;
}

/* Options of sbatch/qsub that take the next word as their value. */
static bool takes_value(const char *cmd, const char *o)
{
	static const char *const sb[] = {"-d", "-p", "-A", "-J", "-t", "-N", "-n", "-o", "-e", "-q", "-C", "-c", "-a",
					 "-w", "-x", "-D", "--dependency", "--export", "--partition", "--account",
					 "--job-name", "--time", "--qos", "--chdir", "--array", NULL};
	static const char *const qs[] = {"-W", "-A", "-q", "-l", "-N", "-o", "-e", "-j", "-v", "-J", "-P", "-a", "-m",
					 "-M", NULL};
	/* flux batch (flux-batch(1)): its options with a separate value */
	static const char *const fb[] = {"-N", "-n", "-c", "-g", "-t", "-q", "-B", "-o", "-S", "--nodes", "--nslots",
					 "--cores-per-slot", "--gpus-per-slot", "--time-limit", "--queue", "--bank",
					 "--setopt", "--setattr", "--job-name", "--output", "--error", "--env", "--cwd",
					 "--dependency", "--urgency", "--requires", "--conf", "--broker-opts", NULL};
	const char *const *list = !strcmp(cmd, "sbatch") ? sb : !strcmp(cmd, "qsub") ? qs : fb;
	for (const char *const *p = list; *p; p++)
		if (!strcmp(*p, o))
			return true;
	return false;
}

/* The dependency type of an option word (and its value), or NULL: --dependency=afterok:ID, -d
 * afterany:ID, -W depend=afterok:ID. */
static void dep_type(const char *opt, const char *val, char *out, size_t size)
{
	const char *v = NULL;
	if (!strncmp(opt, "--dependency=", 13))
		v = opt + 13;
	else if ((!strcmp(opt, "--dependency") || !strcmp(opt, "-d")) && val)
		v = val;
	else if (!strncmp(opt, "-d", 2) && opt[2])
		v = opt + 2;
	else if (!strcmp(opt, "-W") && val && !strncmp(val, "depend=", 7))
		v = val + 7;
	else if (!strncmp(opt, "-Wdepend=", 9))
		v = opt + 9;
	if (!v || out[0])
		return;
	size_t n = strcspn(v, ":,?");
	snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), v);
}

static bool is_self(const char *f)
{
	return !strcmp(f, "$0") || !strcmp(f, "${0}") || !strncmp(f, "$BASH_SOURCE", 12) ||
	       !strncmp(f, "${BASH_SOURCE", 13) || !strcmp(f, "$SLURM_JOB_NAME") || !strcmp(f, "${SLURM_JOB_NAME}") ||
	       !strcmp(f, "$PBS_JOBNAME") || !strcmp(f, "${PBS_JOBNAME}");
}

/* The submission on line l (sbatch/qsub and the job script it queues): its command word, the dependency
 * type it names ("" when none) and the queued file (NULL when the line names none); false when l queues
 * nothing. */
static bool parse_submit(const char *l, const char **cmd, char *type, size_t tsz, char **file)
{
	const char *p = submit_word(l, cmd);
	if (!p)
		return false;
	/* its words up to the end of the command (a ')' that closes $(...), ';', '&&', '|') */
	const char *s = p + strlen(*cmd);
	size_t n = 0;
	int par = 0;
	for (char q = 0; s[n]; n++) {
		char ch = s[n];
		if (q) {
			q = ch == q ? 0 : q;
		} else if (ch == '\'' || ch == '"') {
			q = ch;
		} else if (ch == '(') {
			par++;
		} else if (ch == ')') {
			if (!par--)
				break;
		} else if (ch == ';' || ch == '|' || ch == '&' || ch == '`') {
			break;
		}
	}
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(s, n, &ws);
	type[0] = 0;
	*file = NULL;
	for (size_t w = 0; w < ws.nr; w++) {
		const char *o = ws.v[w].raw ? ws.v[w].raw : ws.v[w].value;
		if (o[0] == '-') {
			const char *val = w + 1 < ws.nr ? ws.v[w + 1].value : NULL;
			dep_type(o, val, type, tsz);
			if (!strchr(o, '=') && takes_value(*cmd, o))
				w++;
			continue;
		}
		if (!ws.v[w].value[0] || !strcmp(o, "\\"))
			continue; /* the line's continuation backslash: the command goes on below */
		if (o[0] == '<')
			break; /* the job script comes on standard input (sbatch <<EOF, qsub < job.pbs) */
		*file = xstrdup(ws.v[w].value);
		break;
	}
	shwords_release(&ws);
	return true;
}

char *port_chain_submitter(const struct script_reading *sr, const struct cluster *target)
{
	const struct jobscript *js = &sr->js;
	size_t first = 0;
	char *file = NULL, type[32] = "";
	for (size_t i = 0; i < js->lines.nr; i++) {
		const char *l = js->lines.v[i], *cmd = NULL;
		l += strspn(l, " \t");
		char t[32], *f = NULL;
		if (*l == '#' || !strncmp(l, "echo ", 5) || !strncmp(l, "printf ", 7) || in_heredoc_body(js, i) ||
		    !parse_submit(l, &cmd, t, sizeof(t), &f))
			continue;
		if (!first && f) {
			first = i + 1;
			file = f;
			f = NULL;
		}
		if (!type[0] && t[0] && strspn(t, "abcdefghijklmnopqrstuvwxyz") == strlen(t)) /* not a $VAR */
			snprintf(type, sizeof(type), "%s", t);
		free(f);
	}
	/* the job script fed to sbatch/qsub on its standard input from a heredoc: that is the job to port */
	for (size_t k = 0; k < js->nheredocs; k++) {
		const struct heredoc *h = &js->heredocs[k];
		const struct jcmd *c = h->cmd >= 0 && (size_t)h->cmd < js->ncmds ? &js->cmds[h->cmd] : NULL;
		const char *w = c && c->nassign_prefix < c->words.nr ? base_name(c->words.v[c->nassign_prefix].value) : "";
		if (strcmp(w, "sbatch") && strcmp(w, "qsub"))
			continue;
		int body = 0;
		for (const char *b = h->body; b && *b; b++)
			body += *b == '\n';
		free(file);
		struct strbuf m = STRBUF_INIT;
		strbuf_addf(&m, "script: line %d: the job script is fed to %s on its standard input (the heredoc of lines %d-%d) by a "
			       "driver run on a login node, which runs no program itself: save those lines as a job script "
			       "(%s) and port it (maple generate --from FILE --to %s)",
			       h->line, w, h->line + 1, h->line + body,
			       h->quoted ? "as they stand" : "with each \\$ written $ and the driver's own variables given their values",
			       target->id);
		return strbuf_detach(&m);
	}
	if (!first)
		return NULL;
	const char *t = type[0] ? type : "afterok", *l = js->lines.v[first - 1];
	l += strspn(l, " \t");
	int len = (int)strlen(l);
	struct strbuf out = STRBUF_INIT;
	strbuf_addf(&out, "script: the old script runs no program: it queues other job scripts, %s submitted from a "
			  "login node (line %zu: `%.*s` queues %s); port each queued script to %s (maple generate --from %s "
			  "--to %s) and queue them there in its scheduler's syntax: ",
		    type[0] ? "a chain" : "jobs", first, len > 100 ? 100 : len, l, file, target->name, file, target->id);
	if (!type[0]) /* no dependency between them (a sweep): each is queued on its own */
		strbuf_addf(&out, "%s", target->scheduler == SCHED_PBS ? "qsub NEXT.pbs" : "sbatch NEXT.sbatch");
	else if (target->scheduler == SCHED_PBS)
		strbuf_addf(&out, "ID=$(qsub -W depend=%s:$ID NEXT.pbs)%s", t,
			    strcmp(t, "after") && strcmp(t, "afterok") && strcmp(t, "afternotok") && strcmp(t, "afterany")
				    ? " (PBS has no such dependency type: choose one of after, afterok, afternotok, afterany)"
				    : "");
	else
		strbuf_addf(&out, "ID=$(sbatch --parsable --dependency=%s:$ID NEXT.sbatch)", t);
	free(file);
	return strbuf_detach(&out);
}

void port_chain(struct script_reading *sr, const struct cluster *target, struct request *req)
{
	const struct jobscript *js = &sr->js;
	bool to_pbs = target->scheduler == SCHED_PBS;
	for (size_t i = 0; i < js->lines.nr; i++) {
		const char *l = js->lines.v[i], *cmd = NULL;
		l += strspn(l, " \t");
		if (*l == '#' || !strncmp(l, "echo ", 5) || !strncmp(l, "printf ", 7) || in_heredoc_body(js, i))
			continue;
		char type[32], *fileb = NULL;
		if (!parse_submit(l, &cmd, type, sizeof(type), &fileb))
			continue;
		const char *file = fileb;
		bool self = file && is_self(file);
		const char *shown = file ? file : "a job";
		struct strbuf how = STRBUF_INIT;
		const char *t = type[0] ? type : "afterok";
		bool pbs_has = !strcmp(t, "after") || !strcmp(t, "afterok") || !strcmp(t, "afternotok") || !strcmp(t, "afterany");
		const char *qfile = self ? "<this port's file>" : shown;
		if (to_pbs && !pbs_has)
			strbuf_addf(&how, "PBS has no %s dependency: write the chain for %s by hand", t, target->name);
		else if (!type[0])
			strbuf_addf(&how, "queue it from the port with `%s %s`", to_pbs ? "qsub" : "sbatch", qfile);
		else if (to_pbs)
			strbuf_addf(&how, "queue it from the port with `qsub -W depend=%s:$PBS_JOBID %s`", t, qfile);
		else
			strbuf_addf(&how, "queue it from the port with `sbatch --dependency=%s:$SLURM_JOB_ID %s`", t, qfile);
		int len = (int)strlen(l);
		char dep[64] = "";
		if (type[0])
			snprintf(dep, sizeof(dep), " (%s on this job)", type);
		if (self)
			request_warn(req, "line %zu: `%.*s` not carried over: the job queues itself again%s, a chain of "
					  "segments; the port runs one segment - %s where the old script did, under the same "
					  "condition and with the same options",
				     i + 1, len > 100 ? 100 : len, l, dep, how.buf);
		else
			request_warn(req, "line %zu: `%.*s` not carried over: the job queues %s%s, a job script of %s; port "
					  "%s to %s too and %s",
				     i + 1, len > 100 ? 100 : len, l, shown, dep, sr->cluster ? sr->cluster->name : "the old cluster",
				     shown, target->name, how.buf);
		strbuf_release(&how);
		free(fileb);
	}
}

void port_fed_driver(const char *driver, size_t len, int fed_line, bool wrapped, const struct cluster *old,
		     const struct cluster *target, struct request *req)
{
	struct jobscript js;
	struct maple_error err;
	if (fed_line <= 0 || jobscript_parse(driver, len, &js, &err) < 0)
		return;
	bool to_pbs = target->scheduler == SCHED_PBS;
	const char *oname = old ? old->name : "the old cluster";
	for (size_t i = 0; i < js.lines.nr; i++) {
		const char *l = js.lines.v[i], *cmd = NULL;
		l += strspn(l, " \t");
		char type[32], *file = NULL;
		if (*l == '#' || !strncmp(l, "echo ", 5) || !strncmp(l, "printf ", 7) || in_heredoc_body(&js, i) ||
		    !parse_submit(l, &cmd, type, sizeof(type), &file))
			continue;
		int n = (int)strlen(l);
		n = n > 100 ? 100 : n;
		bool wrap = false; /* sbatch --wrap "CMD", on this line or a continued one */
		for (size_t k = i; k < js.lines.nr && !wrap; k++) {
			const char *lk = js.lines.v[k];
			size_t kl = strlen(lk);
			wrap = strstr(lk, "--wrap") != NULL;
			if (!kl || lk[kl - 1] != '\\')
				break;
		}
		const char *t = type[0] ? type : "afterok";
		bool pbs_has = !strcmp(t, "after") || !strcmp(t, "afterok") || !strcmp(t, "afternotok") || !strcmp(t, "afterany");
		struct strbuf how = STRBUF_INIT;
		if (!type[0])
			strbuf_addf(&how, "`%s FILE`", to_pbs ? "qsub" : "sbatch");
		else if (to_pbs && !pbs_has)
			strbuf_addf(&how, "a chain written by hand (PBS has no %s dependency)", t);
		else if (to_pbs)
			strbuf_addf(&how, "`qsub -W depend=%s:$ID FILE` (ID: the job it waited for, queued there)", t);
		else
			strbuf_addf(&how, "`sbatch --dependency=%s:$ID FILE` (ID: the job it waited for, queued there)", t);
		if ((int)i + 1 == fed_line)
			request_warn(req, "line %zu: `%.*s`: the port is the job %s, as %s received it; save the port as FILE "
					  "and queue it on %s with %s",
				     i + 1, n, l,
				     wrapped ? "this driver, run on a login node, submits with sbatch --wrap (its options on the "
					       "sbatch line, the command the --wrap string)"
					     : "script this driver, run on a login node, feeds on standard input (the heredoc below "
					       "the line)",
				     cmd, target->name, how.buf);
		else
			request_warn(req, "line %zu: `%.*s` not carried over: the driver queues another job of %s (%s); port "
					  "it to %s too and queue it there before the port",
				     i + 1, n, l, oname, file ? file : wrap ? "a command given to --wrap" : "a job",
				     target->name);
		strbuf_release(&how);
		free(file);
	}
	jobscript_release(&js);
}
