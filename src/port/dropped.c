/* dropped.c - what a port leaves of the old script, each with its line and the reason: header options of
 * the old cluster (account, queue, constraint, log files ...), modules and other software set-up, the
 * cluster's own variables, site wrappers and profilers in front of the program, other commands. The
 * assignments the launch line depends on are carried in carry.c. */
#include "port.h"

#include "../script/hints.h"
#include "../script/plan.h"
#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether a cd target is the submit directory itself (port.h) ($SLURM_SUBMIT_DIR, $PBS_O_WORKDIR, $LS_SUBCWD,
 * $PWD, ".", the script's own directory): the target's script starts there too. */
bool port_is_submit_dir(const char *d)
{
	static const char *const same[] = {"$SLURM_SUBMIT_DIR", "${SLURM_SUBMIT_DIR}", "$PBS_O_WORKDIR", "${PBS_O_WORKDIR}",
					   "$LS_SUBCWD", "${LS_SUBCWD}", "$PWD", "${PWD}", ".", "./", "$(pwd)", "-", NULL};
	for (int i = 0; same[i]; i++)
		if (!strcmp(d, same[i]))
			return true;
	return !strncmp(d, "$(dirname", 9) || !strncmp(d, "\"$(dirname", 10);
}

/* The training program of the reading's launch line (its script or module word), or NULL. */
static const char *r_script_of(const struct script_reading *sr)
{
	const struct jobscript *js = sr->helper ? sr->helper : &sr->js;
	const struct launch_plan *p = sr->helper ? &sr->helper_plan : &sr->plan;
	if (p->launch < 0 || !p->prog)
		return NULL;
	const struct launch *l = &js->launches[p->launch];
	if (l->script_word < 0)
		return NULL;
	return js->cmds[p->prog->cmd].words.v[l->script_word].value;
}

void port_drop_line(struct script_reading *sr, int line, const char *why)
{
	const char *l = line >= 1 && (size_t)line <= sr->js.lines.nr ? sr->js.lines.v[line - 1] : "";
	while (*l == ' ' || *l == '\t')
		l++;
	strvec_pushf(&sr->dropped, "line %d: `%.*s` not carried over: %s", line, (int)(strlen(l) > 100 ? 100 : strlen(l)),
		     l, why);
}

/* Header options that describe the job itself (translated, not dropped). */
static bool portable_directive(const char *opt)
{
	static const char *const keep[] = {"nodes",	     "ntasks",	      "ntasks-per-node", "gpus-per-node",
					   "gpus",	     "gres",	      "time",		 "job-name",
					   "walltime",	     "select",	      "nnodes",		 "slots",
					   "gpu",	     "cpus-per-task", "gpus-per-task",	 "resource",
					   "shell",	     "ngpus",	      "time-limit",	 "nslots",
					   "gpus-per-slot",  "cores-per-slot", "tasks-per-node", "nodecount",
					   "jobname",	     NULL};
	for (const char *const *k = keep; *k; k++)
		if (!strcmp(*k, opt))
			return true;
	return false;
}

static const char *directive_drop_reason(const char *opt)
{
	if (!strcmp(opt, "account") || !strcmp(opt, "project") || !strcmp(opt, "bank"))
		return "accounts are per cluster (give the target's with \"account NAME\")";
	if (!strcmp(opt, "partition") || !strcmp(opt, "queue") || !strcmp(opt, "qos"))
		return "queues are per cluster; maple picks the target's";
	if (!strcmp(opt, "constraint") || !strcmp(opt, "filesystems") || !strcmp(opt, "place") ||
	    !strcmp(opt, "exclusive") || !strcmp(opt, "mem") || !strcmp(opt, "mem-per-cpu") ||
	    !strcmp(opt, "mem-per-gpu") || !strcmp(opt, "reservation") || !strcmp(opt, "licenses"))
		return "a resource setting of the old cluster; the target's header has its own";
	if (!strcmp(opt, "output") || !strcmp(opt, "error") || !strcmp(opt, "join") || !strcmp(opt, "keep") ||
	    !strcmp(opt, "outputprefix"))
		return "log file settings are left to the target's defaults";
	if (!strncmp(opt, "mail", 4))
		return "mail settings are not carried over";
	if (!strcmp(opt, "signal") || !strcmp(opt, "requeue") || !strcmp(opt, "rerun"))
		return "the old job's signal before its time limit or its requeue (and any trap that handles it); "
		       "add it to the port's header by hand if the program saves a checkpoint on it";
	if (!strcmp(opt, "chdir"))
		return "the old job ran from that directory, where its relative paths resolve; the port runs from the "
		       "directory you submit from: submit it from there";
	return "a scheduler setting of the old cluster";
}

/* The container route of cl whose header lines set the scheduler option spelled ("--image=x" matches
 * "#SBATCH --image={{image}}"): a directive of the old cluster's own container route, which plain Slurm
 * does not know; NULL when none. */
static const struct container_route *route_setting(const struct cluster *cl, const char *spelled)
{
	if (!cl || !spelled || strncmp(spelled, "--", 2))
		return NULL;
	size_t n = strcspn(spelled, "= ");
	for (size_t i = 0; i < cl->ncontainers; i++)
		for (size_t k = 0; k < cl->containers[i].nheader; k++) {
			const char *o = strstr(cl->containers[i].header[k].text, " --");
			if (o && !strncmp(o + 1, spelled, n) && strchr("= ", o[1 + n] ? o[1 + n] : ' '))
				return &cl->containers[i];
		}
	return NULL;
}

/* Whether w is a command that sets up the old cluster's software (module, conda, source, spack ...). */
bool port_is_setup_command(const char *w)
{
	static const char *const setup[] = {"module", "ml", "conda", "source", ".", "spack", "mamba", "micromamba", NULL};
	for (const char *const *k = setup; *k; k++)
		if (!strcmp(*k, w))
			return true;
	return false;
}

/* The words in front of the program on the main launch line that the port does not write again: an
 * environment manager (uv/pixi/poetry run, conda run -n ENV), a profiler, timeout/nohup/numactl ... The
 * port's launch line starts the program itself, so each is named with its line (issue 13: every drop
 * names its line); site wrappers (affinity, containers) have their own reasons. */
/* Stage i of the main launch line when it is a wrapper written on the line itself (not one a variable
 * holds, "${PROFILE_CMD} python ...", nor "$WRAP"): its command, its first word and that word's line;
 * NULL otherwise. */
static const struct stage *literal_wrapper(const struct jobscript *js, const struct launch *l, size_t i,
					   const struct jcmd **cmd, const char **word, int *line)
{
	const struct stage *s = &l->stages[i];
	if (s->kind != SK_WRAPPER || s->first >= s->last || !s->prog)
		return NULL;
	const struct jcmd *c = &js->cmds[s->cmd];
	if ((size_t)s->last > c->words.nr)
		return NULL;
	const char *w = c->words.v[s->first].value, *raw = c->words.v[s->first].raw;
	int wl = c->word_line[s->first];
	if (!raw || raw[0] == '$' || wl < 1 || (size_t)wl > js->lines.nr || !strstr(js->lines.v[wl - 1], w))
		return NULL;
	*cmd = c;
	*word = w;
	*line = wl;
	return s;
}

static void drop_wrappers(struct script_reading *sr)
{
	const struct jobscript *js = &sr->js;
	if (sr->plan.launch < 0)
		return;
	const struct launch *l = &js->launches[sr->plan.launch];
	if (l->wrapper_runs_script)
		return;
	for (size_t i = 0; i < l->nstages; i++) {
		const struct jcmd *c;
		const char *w;
		int wl;
		const struct stage *s = literal_wrapper(js, l, i, &c, &w, &wl);
		if (!s || !strcmp(s->prog, "env") || !strcmp(s->prog, "container"))
			continue;
		const char *b = strrchr(w, '/') ? strrchr(w, '/') + 1 : w;
		const struct wrapper_hint *h = sr->hints ? script_hints_wrapper(sr->hints, w) : NULL;
		const char *why = NULL;
		if (h && h->carried)
			continue; /* kept in front of the program (port_carry_wrapper) */
		if (h && h->kind == WK_LAUNCHER) {
			strvec_pushf(&sr->dropped,
				     "line %d: `%s ...` not carried over: %s; the port starts the program with the target's own "
				     "launch (one process per GPU, the rendezvous in the environment), which the program's "
				     "framework reads as it read this launcher's",
				     c->word_line[s->first], w, h->why);
			continue;
		}
		if (!strcmp(s->prog, "conda-run"))
			why = "it runs the program in a conda environment of the old cluster";
		else if (h && (h->kind == WK_ENVIRONMENT || h->kind == WK_PROFILER))
			why = h->why;
		else if (!strcmp(b, "timeout"))
			why = "it stops the launch after a time limit (and the lines after it may test its exit status 124)";
		else if (!strcmp(b, "time") || !strcmp(b, "nohup") || !strcmp(b, "nice") || !strcmp(b, "chrt"))
			why = "it changes how the launch runs";
		if (!why)
			continue;
		struct strbuf t = STRBUF_INIT;
		for (int k = s->first; k < s->last; k++)
			strbuf_addf(&t, "%s%s", k > s->first ? " " : "", c->words.v[k].raw ? c->words.v[k].raw : c->words.v[k].value);
		strvec_pushf(&sr->dropped,
			     "line %d: `%s` in front of the program not carried over: %s; the port's launch line starts the "
			     "program in the target's software environment - put it back in front of the program there if the "
			     "job needs it",
			     c->word_line[s->first], t.buf, why);
		strbuf_release(&t);
	}
}

/* The project-environment manager in front of the program on the main launch line (uv/pixi/poetry/pipenv
 * run, wrappers.yaml's carried: true): it builds its environment from the project's own files wherever it
 * runs, so the port keeps its words as written in front of the target's launcher (issue 13: a user's uv
 * environment must survive the port). */
void port_carry_wrapper(struct script_reading *sr, const struct cluster *target, struct request *req)
{
	const struct jobscript *js = &sr->js;
	if (sr->plan.launch < 0 || !sr->hints)
		return;
	const struct launch *l = &js->launches[sr->plan.launch];
	if (l->wrapper_runs_script)
		return;
	for (size_t i = 0; i < l->nstages; i++) {
		const struct jcmd *c;
		const char *w;
		int wl;
		const struct stage *s = literal_wrapper(js, l, i, &c, &w, &wl);
		const struct wrapper_hint *h = s ? script_hints_wrapper(sr->hints, w) : NULL;
		if (!h || !h->carried)
			continue;
		struct strbuf t = STRBUF_INIT;
		for (int k = s->first; k < s->last; k++) {
			struct shword cw;
			shword_copy(&cw, &c->words.v[k]);
			shwords_push(&req->wrapper, &cw);
			strbuf_addf(&t, "%s%s", k > s->first ? " " : "", c->words.v[k].raw ? c->words.v[k].raw : c->words.v[k].value);
		}
		request_warn(req,
			     "line %d: `%s` in front of the program is carried over: %s, built from the project's own files "
			     "wherever it runs; %s needs `%s` on PATH and the project (its lock file) in the directory you "
			     "submit from, and the first run builds the environment for %s's GPUs",
			     wl, t.buf, h->why, target->name, h->name, target->name);
		strbuf_release(&t);
	}
}

static int dropped_line(const void *a, const void *b)
{
	int x = atoi(*(char *const *)a + 5), y = atoi(*(char *const *)b + 5); /* "line N..." */
	return (x > y) - (x < y);
}

void port_not_carried(struct script_reading *sr)
{
	const struct jobscript *js = &sr->js;
	strvec_clear(&sr->dropped);
	/* directives that are not carried over */
	for (size_t i = 0; i < js->ndirs; i++) {
		const struct directive *d = &js->dirs[i];
		if (d->kind != js->sched && js->sched != JS_NONE) {
			/* another scheduler's line (#PBS in a Slurm script): the old job never had it */
			char why[160];
			snprintf(why, sizeof(why), "a %s line in a %s script, which %s never read: the old job ran without it",
				 d->kind == JS_SLURM ? "#SBATCH" : d->kind == JS_PBS ? "#PBS" : d->kind == JS_LSF ? "#BSUB" : "directive",
				 sched_kind_name(js->sched), js->sched == JS_SLURM ? "sbatch" : js->sched == JS_PBS ? "qsub" : "the scheduler");
			if (!i || js->dirs[i - 1].line != d->line)
				port_drop_line(sr, d->line, why);
			continue;
		}
		if (d->kind != js->sched || d->ignored)
			continue;
		const struct container_route *cr = d->unknown ? route_setting(sr->cluster, d->opt) : NULL;
		if (cr) {
			struct strbuf why = STRBUF_INIT;
			strbuf_addf(&why, "an option of %s's %s container route (%s); the target's header has its own software "
					  "environment",
				    sr->cluster->name, cr->runtime, cr->src.url ? cr->src.url : "see maple clusters");
			port_drop_line(sr, d->line, why.buf);
			strbuf_release(&why);
		} else if (d->unknown || !portable_directive(d->opt))
			port_drop_line(sr, d->line, d->unknown ? "not an option the scheduler knows" : directive_drop_reason(d->opt));
	}
	/* cluster and launcher variables the batch shell exports */
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if (a->depth != 0 || !a->exported || a->in_cmd_prefix)
			continue;
		const char *why = env_cluster_specific(a->name);
		if (why)
			port_drop_line(sr, a->line, why);
	}
	/* wrappers of the old site on the launch line: the target's template binds GPUs its own way */
	for (size_t i = 0; i < sr->site_wrappers.nr; i++) {
		const char *w = sr->site_wrappers.v[i], *t1 = strchr(w, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (!t2)
			continue;
		strvec_pushf(&sr->dropped, "line %d: `%.*s` not carried over: %s; the target's launch line uses its own environment and GPU binding",
			     atoi(w), (int)(t2 - t1 - 1), t1 + 1, t2 + 1);
	}
	drop_wrappers(sr);
	/* words a variable gets only under a condition (if ...; then ARGS+=(--resume "$R"); fi) */
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if (a->depth != 0 || !a->cond_append)
			continue;
		char why[256];
		snprintf(why, sizeof(why),
			 "adds to %s only when a condition holds; the port writes the words %s has on every run - add this "
			 "one by hand where the job needs it",
			 a->name, a->name);
		port_drop_line(sr, a->line, why);
	}
	/* Pyxis/enroot: srun --container-image=IMG runs the tasks inside an image of the old site */
	for (size_t st = 0; sr->plan.launch >= 0 && st < js->launches[sr->plan.launch].nstages; st++) {
		const struct stage *s = &js->launches[sr->plan.launch].stages[st];
		if (s->kind != SK_SRUN)
			continue;
		const struct jcmd *c = &js->cmds[s->cmd];
		for (int w = s->first; w < s->last && (size_t)w < c->words.nr; w++) {
			const char *v = c->words.v[w].value;
			if (strncmp(v, "--container-image", 17))
				continue;
			const char *img = v[17] == '=' ? v + 18 : (size_t)w + 1 < c->words.nr ? c->words.v[w + 1].value : "";
			struct strbuf why = STRBUF_INIT;
			strbuf_addf(&why,
				    "srun's Pyxis/enroot option: the old job's tasks ran inside the image %s with its own Python "
				    "packages; the port runs in the target's software environment - install what the job needs "
				    "there, or run the image with the target's container runtime",
				    img);
			port_drop_line(sr, c->word_line[w], why.buf);
			strbuf_release(&why);
		}
	}
	/* the other launch lines: a scaling study's smaller runs, data preparation, evaluation */
	int main_line = sr->plan.launch >= 0 ? js->cmds[js->launches[sr->plan.launch].cmd].line : 0;
	int w = js_launch_weight(js, sr->plan.launch);
	for (size_t i = 0; sr->plan.launch >= 0 && i < js->nlaunches; i++) {
		if ((int)i == sr->plan.launch || port_step_cmd(sr, (size_t)js->launches[i].cmd))
			continue; /* a single-task helper step is carried (steps.c) */
		int line = js->cmds[js->launches[i].cmd].line;
		char why[160];
		snprintf(why, sizeof(why),
			 js_launch_weight(js, (int)i) == w
				 ? "another launch line of the same job (a scaling study?); the port carries the largest, line %d - port the others with their own node counts"
				 : "a step before or after the training launch (line %d); add it to the port by hand if the job needs it",
			 main_line);
		port_drop_line(sr, line, why);
	}
	for (size_t i = 0; i < sr->unknown_words.nr; i++) {
		int line = sr->plan.launch >= 0 ? js->cmds[js->launches[sr->plan.launch].cmd].line : 0;
		strvec_pushf(&sr->dropped, "line %d: `%s` not carried over: maple does not know this word before the program; "
					   "if the job needs it, add it to the target's launch line by hand",
			     line, sr->unknown_words.v[i]);
	}
	/* set-up commands: modules and environments belong to the old cluster */
	int other_first = 0, nother = 0;
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		if (c->depth != 0 || c->nassign_prefix >= c->words.nr)
			continue;
		bool in_launch = false;
		for (size_t l = 0; l < js->nlaunches && !in_launch; l++)
			in_launch = js->launches[l].cmd == (int)i;
		if (in_launch || port_step_cmd(sr, i))
			continue;
		const char *w = c->words.v[c->nassign_prefix].value;
		if (c->in_control && c->words.nr == c->nassign_prefix + 1 && c->words.v[c->nassign_prefix].raw) {
			/* a case pattern (`0)`, `a|b)`): read as a word before its ')', no command */
			const char *l = (size_t)c->line <= js->lines.nr ? js->lines.v[c->line - 1] : "";
			size_t at = (size_t)c->col - 1 + strlen(c->words.v[c->nassign_prefix].raw);
			if (c->col >= 1 && at < strlen(l) && l[at + strspn(l + at, " \t")] == ')')
				continue;
		}
		char nf[512];
		if (port_acc_default_cmd(sr, i) >= 0 && sr->fw.framework == FW_ACCELERATE)
			continue; /* run again on the target before the launch (node_files.c) */
		if (port_node_file_cmd(sr, i, nf, sizeof(nf))) {
			port_drop_line(sr, c->line, nf); /* a hostfile or rankfile of the old nodes (node_files.c) */
			continue;
		}
		if (port_is_setup_command(w)) {
			bool act = c->words.nr > c->nassign_prefix + 1 &&
				   (strstr(c->words.v[c->words.nr - 1].value, "activate") ||
				    !strcmp(c->words.v[c->nassign_prefix + 1].value, "activate"));
			port_drop_line(sr, c->line,
			     !strcmp(w, "module") || !strcmp(w, "ml") || !strcmp(w, "spack")
				     ? "modules are per cluster; maple loads the target's"
				 : act ? "software environments are per cluster; recreate it on the target (say \"conda env NAME\" "
					 "or \"venv PATH\" to activate one)"
				       : "a set-up command of the old cluster");
		} else if ((!strcmp(w, "cd") || !strcmp(w, "pushd")) && c->words.nr > c->nassign_prefix + 1 &&
			   port_is_submit_dir(c->words.v[c->nassign_prefix + 1].value)) {
			continue; /* the target's script starts in the submit directory too */
		} else if (port_cd_step(sr, i, NULL, NULL)) {
			continue; /* a cd under the submit directory: carried before the launch (steps.c) */
		} else if ((!strcmp(w, "cd") || !strcmp(w, "pushd")) && c->words.nr > c->nassign_prefix + 1) {
			/* where the old job ran: its relative paths (train.py, data/) resolve there */
			char why[512];
			snprintf(why, sizeof(why),
				 "the old job ran from %s, where its relative paths (%s) resolve; the port runs from the "
				 "directory you submit from: submit it from there, or add this cd before the launch",
				 c->words.v[c->nassign_prefix + 1].value, r_script_of(sr) ? r_script_of(sr) : "the program");
			port_drop_line(sr, c->line, why);
		} else if (c->heredoc >= 0 && js->heredocs[c->heredoc].target &&
			   strstr(js->heredocs[c->heredoc].body, "zero_optimization")) {
			continue; /* a DeepSpeed config the launch names is written as it was (port_user_config_text) */
		} else if (c->heredoc >= 0 && sr->fw.framework == FW_ACCELERATE && c->heredoc == port_acc_config_heredoc(sr)) {
			continue; /* so is the Accelerate config the launch line names */
		} else if (c->heredoc >= 0 && port_arg_file_heredoc(sr, c->heredoc)) {
			continue; /* and a file the program reads (--config run.yaml) */
		} else if (strcmp(w, "export") && strcmp(w, "declare") && strcmp(w, "set") && strcmp(w, "echo") &&
			   strcmp(w, "printf") && strcmp(w, "unset") && strcmp(w, "date") && strcmp(w, "hostname")) {
			if (!nother++)
				other_first = c->line;
		}
	}
	if (nother)
		strvec_pushf(&sr->dropped,
			     "line %d%s: %d other command%s (set-up, staging, checks) not carried over: maple writes the "
			     "environment and the launch; add what your job needs before the launch section",
			     other_first, nother > 1 ? " and later" : "", nother, nother > 1 ? "s" : "");
	if (sr->dropped.nr)
		qsort(sr->dropped.v, sr->dropped.nr, sizeof(char *), dropped_line);
}
