/* checks_vars.c - checks on the variables the launch lines use: a variable that nothing sets (not the
 * script, the scheduler, the launcher or the login environment), another centre's login variables
 * ($PSCRATCH off Perlmutter, data/scripts/siteenv.yaml), the other scheduler's variables (Slurm's
 * under PBS and the reverse), and the job's own arguments ("$@") frozen into literal text or lost
 * inside a per-task bash -c. A variable nothing sets counts also where the launch reads it through an
 * assignment (MASTER_ADDR=$head_node, HOSTFILE=$JOB_DIR/hostfile, NNODES=$NUM_NODES, and inside $(...)):
 * the assignments the launch words use, transitively, and the MASTER_ADDR/MASTER_PORT that the launchers
 * and torch.distributed read from the environment. */
#include "findings.h"
#include "lookup.h"

#include "../script/hints.h"
#include "../util/strbuf.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* Whether the script sources a file that may set anything (not an environment activation). */
static bool sources_unknown_file(const struct jobscript *js)
{
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		size_t w = c->nassign_prefix;
		if (w + 1 >= c->words.nr)
			continue;
		const char *v = c->words.v[w].value;
		if (strcmp(v, "source") && strcmp(v, "."))
			continue;
		const char *f = c->words.v[w + 1].value;
		if (!strstr(f, "activate") && !strstr(f, "conda.sh") && !strstr(f, "/etc/profile") && !strstr(f, "lmod"))
			return true;
	}
	return false;
}

/* Whether a module the script loads may set name: its name starts with the module's, upper-cased
 * (`module load ngc` sets NGC_IMAGE_DIR on Anvil, `module load pytorch` PYTORCH_*, `ml cray-python`
 * CRAY_PYTHON_*). */
static bool module_may_set(const struct jobscript *js, const char *name)
{
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct shwords *w = &js->cmds[i].words;
		size_t k;
		if (w->nr >= 3 && !strcmp(w->v[0].value, "module") && (!strcmp(w->v[1].value, "load") || !strcmp(w->v[1].value, "add")))
			k = 2;
		else if (w->nr >= 2 && !strcmp(w->v[0].value, "ml") && w->v[1].value[0] != '-')
			k = 1;
		else
			continue;
		for (; k < w->nr; k++) {
			const char *m = w->v[k].value;
			size_t n = strcspn(m, "/"), j = 0;
			if (n < 2)
				continue;
			for (; j < n && name[j]; j++) {
				char c = (char)toupper((unsigned char)m[j]);
				if (name[j] != (c == '-' || c == '.' ? '_' : c))
					break;
			}
			if (j == n && (!name[n] || name[n] == '_'))
				return true;
		}
	}
	return false;
}

/* The variables Slurm and PBS set for a job and its tasks: sbatch's and srun's output environment
 * (https://slurm.schedmd.com/sbatch.html#SECTION_OUTPUT-ENVIRONMENT-VARIABLES,
 * https://slurm.schedmd.com/srun.html#SECTION_OUTPUT-ENVIRONMENT-VARIABLES), PBS Pro's and Torque's job
 * environment (PBS Professional Reference Guide, "PBS Environment Variables"; Torque's PBS_NUM_NODES,
 * PBS_NUM_PPN, PBS_NP). A SLURM_ or PBS_ name close to one of them and not one itself is a typo
 * (SLURM_NNODE, PBS_NODE_FILE): nothing sets it. */
static const char *const sched_vars[] = {
	"SLURM_ARRAY_JOB_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MAX",
	"SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_STEP", "SLURM_CLUSTER_NAME", "SLURM_CPUS_ON_NODE",
	"SLURM_CPUS_PER_GPU", "SLURM_CPUS_PER_TASK", "SLURM_CONTAINER", "SLURM_CONTAINER_ID", "SLURM_DIST_PLANESIZE",
	"SLURM_DISTRIBUTION", "SLURM_EXPORT_ENV", "SLURM_GPU_BIND", "SLURM_GPU_FREQ", "SLURM_GPUS", "SLURM_GPUS_ON_NODE",
	"SLURM_GPUS_PER_NODE", "SLURM_GPUS_PER_SOCKET", "SLURM_GPUS_PER_TASK", "SLURM_GTIDS", "SLURM_HET_SIZE",
	"SLURM_JOB_ACCOUNT", "SLURM_JOB_CPUS_PER_NODE", "SLURM_JOB_DEPENDENCY", "SLURM_JOB_END_TIME", "SLURM_JOB_GPUS",
	"SLURM_JOB_ID", "SLURM_JOB_LICENSES", "SLURM_JOB_NAME", "SLURM_JOB_NODELIST", "SLURM_JOB_NUM_NODES",
	"SLURM_JOB_PARTITION", "SLURM_JOB_QOS", "SLURM_JOB_RESERVATION", "SLURM_JOB_START_TIME", "SLURM_JOB_UID",
	"SLURM_JOB_USER", "SLURM_JOB_GID", "SLURM_JOB_GROUP", "SLURM_JOB_COMMENT", "SLURM_JOB_STDERR", "SLURM_JOB_STDIN",
	"SLURM_JOB_STDOUT", "SLURM_JOBID", "SLURM_LOCALID", "SLURM_MEM_BIND", "SLURM_MEM_PER_CPU", "SLURM_MEM_PER_GPU",
	"SLURM_MEM_PER_NODE", "SLURM_NNODES", "SLURM_NODE_ALIASES", "SLURM_NODEID", "SLURM_NODELIST", "SLURM_NPROCS",
	"SLURM_NTASKS", "SLURM_NTASKS_PER_CORE", "SLURM_NTASKS_PER_GPU", "SLURM_NTASKS_PER_NODE",
	"SLURM_NTASKS_PER_SOCKET", "SLURM_OVERCOMMIT", "SLURM_PRIO_PROCESS", "SLURM_PROCID", "SLURM_PROFILE",
	"SLURM_RESTART_COUNT", "SLURM_SHARDS_ON_NODE", "SLURM_SUBMIT_DIR", "SLURM_SUBMIT_HOST", "SLURM_TASK_PID",
	"SLURM_TASKS_PER_NODE", "SLURM_THREADS_PER_CORE", "SLURM_TOPOLOGY_ADDR", "SLURM_TOPOLOGY_ADDR_PATTERN",
	"SLURM_TRES_PER_TASK", "SLURM_UMASK", "SLURM_WORKING_DIR", "SLURM_STEP_ID", "SLURM_STEPID", "SLURM_STEP_NODELIST",
	"SLURM_STEP_NUM_NODES", "SLURM_STEP_NUM_TASKS", "SLURM_STEP_TASKS_PER_NODE", "SLURM_STEP_LAUNCHER_PORT",
	"SLURM_STEP_GPUS", "SLURM_SRUN_COMM_HOST", "SLURM_SRUN_COMM_PORT", "SLURM_CPU_BIND", "SLURM_CPU_BIND_LIST",
	"SLURM_CPU_BIND_TYPE", "SLURM_CPU_BIND_VERBOSE", "SLURM_CPU_FREQ_REQ", "SLURM_LAUNCH_NODE_IPADDR",
	"SLURM_HET_JOB_ID", "SLURM_MPI_TYPE", "SLURM_LABELIO", "SLURM_UNBUFFEREDIO", "SLURM_CONF", "SLURM_HINT",
	"SLURM_NO_KILL", "SLURM_KILL_BAD_EXIT", "SLURM_SCRIPT_CONTEXT", "SLURM_UMASK", "SLURM_PTY_PORT",
	"PBS_NODEFILE", "PBS_O_WORKDIR", "PBS_JOBID", "PBS_JOBNAME", "PBS_ARRAY_INDEX", "PBS_ARRAY_ID", "PBS_NCPUS",
	"PBS_QUEUE", "PBS_O_HOME", "PBS_O_HOST", "PBS_O_LOGNAME", "PBS_O_PATH", "PBS_O_SHELL", "PBS_O_SYSTEM",
	"PBS_O_QUEUE", "PBS_O_LANG", "PBS_O_MAIL", "PBS_ENVIRONMENT", "PBS_JOBDIR", "PBS_TASKNUM", "PBS_NODENUM",
	"PBS_MOMPORT", "PBS_VNODENUM", "PBS_ACCOUNT", "PBS_JOBCOOKIE", "PBS_NUM_NODES", "PBS_NUM_PPN", "PBS_NP",
	"PBS_O_INITDIR", "PBS_TMPDIR", NULL,
};

static int name_distance(const char *a, const char *b);

/* For a SLURM_/PBS_ name that is none of sched_vars but near one (at most two letters apart): that one;
 * else NULL (a real variable, or a site's own that maple does not know). */
static const char *sched_typo(const char *name)
{
	if (strncmp(name, "SLURM_", 6) && strncmp(name, "PBS_", 4))
		return NULL;
	/* a name the scheduler sets (most are) is no typo: looked for before any distance is computed */
	for (const char *const *v = sched_vars; *v; v++)
		if (!strcmp(*v, name))
			return NULL;
	const char *best = NULL;
	int bd = 3;
	for (const char *const *v = sched_vars; *v; v++) {
		int d = name_distance(name, *v);
		if (d < bd)
			bd = d, best = *v;
	}
	return bd <= 2 ? best : NULL;
}

static bool positional(const char *name)
{
	return (name[0] >= '0' && name[0] <= '9') || !strcmp(name, "@") || !strcmp(name, "*");
}

/* Variables on the launch lines that nothing sets. */
static void unset_vars(struct vctx *x)
{
	const struct jobscript *js = x->js;
	bool maybe_sourced = sources_unknown_file(js);
	/* a centre's login variable ($LOCAL, $PSCRATCH: siteenv.yaml) is set there; site_vars says where not */
	struct maple_error herr;
	const struct script_hints *h = x->repo ? script_hints_shared(x->repo, &herr) : NULL;
	for (size_t l = 0; l < js->nlaunches; l++) {
		const struct launch *ln = &js->launches[l];
		for (size_t s = 0; s < ln->nstages; s++) {
			const struct stage *st = &ln->stages[s];
			const struct jcmd *c = &js->cmds[st->cmd];
			int last = st->kind == SK_PROGRAM || s + 1 == ln->nstages ? (int)c->words.nr : st->last;
			for (int w = st->first; w < last && (size_t)w < c->words.nr; w++) {
				const struct shword *sw = &c->words.v[w];
				for (size_t g = 0; g < sw->nsegs; g++) {
					const char *name = sw->segs[g].text;
					const char *typo = sw->segs[g].kind == SEG_VAR ? sched_typo(name) : NULL;
					if (sw->segs[g].kind != SEG_VAR || positional(name) || (env_provides(name) && !typo) ||
					    set_anywhere(js, name) || js_sourced_sets(js, name, c->line) ||
					    (h && script_hints_site_var(h, name)) ||
					    module_may_set(js, name))
						continue;
					int line, col, span;
					word_pos(x, st->cmd, w, &line, &col, &span);
					struct strbuf fix = STRBUF_INIT;
					if (typo)
						strbuf_addf(&fix, "use $%s: the scheduler sets no %s", typo, name);
					else
						strbuf_addf(&fix, "set %s before line %d (or use ${%s:-DEFAULT}); check its spelling",
							    name, line, name);
					report(x, "variable-unset", maybe_sourced ? SEV_WARNING : SEV_ERROR, line, col, span, fix.buf,
					       "$%s is used on the launch line but nothing sets it (not the script, the scheduler or "
					       "the launcher)%s: it expands to an empty word",
					       name, maybe_sourced ? " unless a file the script sources does" : "");
					strbuf_release(&fix);
				}
			}
		}
	}
}

/* ---- variables that an assignment the launch needs reads, and nothing sets ---- */

/* Calls fn(name, ref, arg) for each variable the shell expands in raw (outside single quotes, also inside
 * $(...) and backquotes): $NAME, ${NAME}, ${NAME%...}, ${NAME[i]}. ref points at the '$'. Skipped: the
 * forms with a default or a check (${NAME:-x}, ${NAME-x}, :=, :?, :+), ${#...} and ${!...}, and
 * arithmetic $((...)), where an unset name is 0. */
static void each_ref(const char *raw, void (*fn)(const char *name, size_t n, const char *ref, void *arg), void *arg)
{
	bool sq = false, dq = false;
	unsigned dqstack = 0; /* the double-quote state outside each open $( (one bit a level) */
	int level = 0;
	for (const char *p = raw; *p; p++) {
		if (sq) {
			sq = *p != '\'';
			continue;
		}
		if (*p == '\\' && p[1]) {
			p++;
		} else if (*p == '\'' && !dq) {
			sq = true;
		} else if (*p == '"') {
			dq = !dq;
		} else if (*p == '$' && p[1] == '(' && p[2] == '(') {
			int depth = 0; /* skip the arithmetic to its closing parenthesis */
			for (p++; *p; p++) {
				depth += *p == '(';
				if (*p == ')' && --depth == 0)
					break;
			}
			if (!*p)
				return;
		} else if (*p == '$' && p[1] == '(') {
			if (level < 31)
				dqstack = (dqstack << 1) | dq;
			level++, dq = false, p++;
		} else if (*p == ')' && level > 0) {
			level--;
			if (level < 31) {
				dq = dqstack & 1;
				dqstack >>= 1;
			}
		} else if (*p == '$' && p[1] == '{') {
			const char *n = p + 2;
			if (*n == '#' || *n == '!')
				continue;
			size_t len = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
			const char *op = n + len;
			if (!len || strchr("-=?+", *op) || (*op == ':' && op[1] && strchr("-=?+", op[1]))) {
				/* the default's text is read only when NAME is unset: skip to the closing brace */
				int depth = 0;
				for (p++; *p; p++) {
					depth += *p == '{';
					if (*p == '}' && --depth == 0)
						break;
				}
				if (!*p)
					return;
				continue;
			}
			fn(n, len, p, arg);
		} else if (*p == '$' && (isalpha((unsigned char)p[1]) || p[1] == '_')) {
			size_t len = strspn(p + 1, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
			fn(p + 1, len, p, arg);
			p += len;
		}
	}
}

/* Case-insensitive edit distance of a and b, capped at 3. */
static int name_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 63 || lb > 63 || (la > lb ? la - lb : lb - la) > 2)
		return 3;
	int d[64][64];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int sub = d[i - 1][j - 1] + (tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]));
			int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
			d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
	return d[la][lb] > 3 ? 3 : d[la][lb];
}

/* The variable the script sets whose name is closest to name (a typo: head_node for head, JOB_DIR for
 * JOBDIR, port for PORT), or NULL. */
static const char *closest_set_name(const struct jobscript *js, const char *name)
{
	const char *best = NULL;
	int bd = 3;
	size_t n = strlen(name);
	for (size_t i = 0; i < js->nassigns; i++) {
		const char *a = js->assigns[i].name;
		size_t an = strlen(a);
		int dist = name_distance(name, a);
		/* one name the start of the other (head / head_node, MASTER / MASTER_HOST) */
		if (dist > 2 && an >= 3 && n >= 3 && (!strncasecmp(a, name, an < n ? an : n)) &&
		    (name[an < n ? an : n] == '_' || a[an < n ? an : n] == '_'))
			dist = 2;
		if (dist < bd)
			bd = dist, best = a;
	}
	return bd <= 2 ? best : NULL;
}

static bool nounset(const struct jobscript *js)
{
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		if (c->depth || c->words.nr < 2 || strcmp(c->words.v[0].value, "set"))
			continue;
		for (size_t k = 1; k < c->words.nr; k++) {
			const char *v = c->words.v[k].value;
			if ((v[0] == '-' && v[1] != '-' && strchr(v, 'u') && strcmp(v, "-o")) ||
			    (!strcmp(v, "nounset") && !strcmp(c->words.v[k - 1].value, "-o")))
				return true;
		}
	}
	return false;
}

struct needs {
	struct vctx *x;
	struct strvec todo, seen;
	const struct script_hints *h;
	bool maybe_sourced;
	const struct assign *as; /* the assignment being read; NULL: a launch word */
	int line, col, span;	 /* where a launch word is */
};

static void need_name(struct needs *nd, const char *name)
{
	if (strvec_find(&nd->seen, name) < 0) {
		strvec_push(&nd->seen, name);
		strvec_push(&nd->todo, name);
	}
}

static void need_ref(const char *ref, size_t n, const char *at, void *arg)
{
	struct needs *nd = arg;
	char name[128];
	if (n >= sizeof(name) || (n == 1 && ref[0] == '_'))
		return;
	memcpy(name, ref, n);
	name[n] = 0;
	const struct jobscript *js = nd->x->js;
	const char *typo = sched_typo(name);
	if (positional(name) || (env_provides(name) && !typo) || (nd->h && script_hints_site_var(nd->h, name)) ||
	    module_may_set(js, name))
		return;
	if (set_anywhere(js, name)) {
		need_name(nd, name);
		return;
	}
	int line = nd->as ? nd->as->line : nd->line, col = nd->as ? 0 : nd->col, span = nd->as ? 0 : nd->span;
	if (nd->as && line > 0 && (size_t)line <= js->lines.nr) {
		/* the caret under the reference on the assignment's line */
		const char *l = js->lines.v[line - 1], *f = strstr(l, at[1] == '{' ? "${" : "$");
		for (; f; f = strstr(f + 1, "$"))
			if (!strncmp(f + 1 + (f[1] == '{'), name, n) && !isalnum((unsigned char)f[1 + (f[1] == '{') + n]) &&
			    f[1 + (f[1] == '{') + n] != '_')
				break;
		if (f)
			col = (int)(f - l) + 1, span = (int)(n + 1 + 2 * (f[1] == '{'));
	}
	const char *near = typo ? typo : closest_set_name(js, name);
	struct strbuf fix = STRBUF_INIT, what = STRBUF_INIT;
	if (typo)
		strbuf_addf(&fix, "use $%s: the scheduler sets no %s", typo, name);
	else if (near)
		strbuf_addf(&fix, "use $%s, which the script sets (or set %s before line %d)", near, name, line);
	else
		strbuf_addf(&fix, "set %s before line %d (or use ${%s:-DEFAULT}); check its spelling", name, line, name);
	if (nd->as)
		strbuf_addf(&what, "%s, which the launch needs, is set from $%s", nd->as->name, name);
	else
		strbuf_addf(&what, "$%s is used on the launch line", name);
	struct strbuf then = STRBUF_INIT;
	if (nounset(js))
		strbuf_addf(&then, "under set -u the job stops here (%s: unbound variable)", name);
	else if (nd->as)
		strbuf_addf(&then, "$%s expands to an empty word there and %s goes wrong", name, nd->as->name);
	else
		strbuf_adds(&then, "it expands to an empty word");
	/* an assignment's upper-case variable with no near name in the script may come from the environment
	 * the job is submitted from (sbatch and qsub -V pass it on): a warning; a near name (head_node where
	 * head is set) or a lower-case name (a shell variable, not an exported one) is an error */
	bool lower = false;
	for (const char *q = name; *q; q++)
		lower |= islower((unsigned char)*q) != 0;
	bool from_env = nd->as && !near && !lower;
	report(nd->x, "variable-unset", nd->maybe_sourced || from_env ? SEV_WARNING : SEV_ERROR, line, col, span, fix.buf,
	       "%s, but nothing sets %s (not the script, the scheduler or the launcher)%s: %s", what.buf,
	       nd->as ? name : "it",
	       nd->maybe_sourced ? " unless a file the script sources does"
	       : from_env	 ? " unless the environment the job is submitted from exports it"
				 : "",
	       then.buf);
	strbuf_release(&then);
	strbuf_release(&fix);
	strbuf_release(&what);
}

/* The assignments the launch lines need (the variables their words expand, inside $(...) too, and
 * MASTER_ADDR/MASTER_PORT, which the launchers read from the environment), followed through the
 * variables those values expand: each variable there that nothing sets. */
static void unset_in_needed(struct vctx *x)
{
	const struct jobscript *js = x->js;
	if (!js->nlaunches)
		return;
	struct maple_error herr;
	struct needs nd = {x, STRVEC_INIT, STRVEC_INIT, x->repo ? script_hints_shared(x->repo, &herr) : NULL,
			   sources_unknown_file(js), NULL, 0, 0, 0};
	need_name(&nd, "MASTER_ADDR");
	need_name(&nd, "MASTER_PORT");
	for (size_t l = 0; l < js->nlaunches; l++) {
		const struct launch *ln = &js->launches[l];
		for (size_t s = 0; s < ln->nstages; s++) {
			const struct stage *st = &ln->stages[s];
			const struct jcmd *c = &js->cmds[st->cmd];
			int last = st->kind == SK_PROGRAM || s + 1 == ln->nstages ? (int)c->words.nr : st->last;
			for (int w = st->first; w < last && (size_t)w < c->words.nr; w++) {
				const struct shword *sw = &c->words.v[w];
				for (size_t g = 0; g < sw->nsegs; g++)
					if (sw->segs[g].kind == SEG_VAR && set_anywhere(js, sw->segs[g].text))
						need_name(&nd, sw->segs[g].text);
				/* $(...) in a launch word: unset_vars reads only its plain variables */
				if (sw->raw && strstr(sw->raw, "$(")) {
					word_pos(x, st->cmd, w, &nd.line, &nd.col, &nd.span);
					nd.as = NULL;
					each_ref(strstr(sw->raw, "$("), need_ref, &nd);
				}
			}
		}
	}
	for (size_t t = 0; t < nd.todo.nr && t < 64; t++) {
		for (size_t i = 0; i < js->nassigns; i++) {
			const struct assign *a = &js->assigns[i];
			if (strcmp(a->name, nd.todo.v[t]) || !a->has_value || a->runtime || !a->value.raw)
				continue;
			nd.as = a;
			each_ref(a->value.raw, need_ref, &nd);
		}
	}
	strvec_clear(&nd.todo);
	strvec_clear(&nd.seen);
}

/* The site variables of word sw that the cluster does not set and the script does not set, not yet in
 * seen (each is reported once), appended to names and seen. */
static void site_vars_of_word(struct vctx *x, const struct script_hints *h, const struct shword *sw,
			      struct strvec *names, struct strvec *seen)
{
	for (size_t g = 0; g < sw->nsegs; g++) {
		const char *name = sw->segs[g].text;
		if (sw->segs[g].kind != SEG_VAR || !script_hints_site_var(h, name) ||
		    script_hints_site_var_on(h, name, x->c->id) || set_anywhere(x->js, name) ||
		    strvec_find(seen, name) >= 0)
			continue;
		strvec_push(seen, name);
		strvec_push(names, name);
	}
}

/* One finding for the site variables of one line (a finding id is kept once per line). */
static void report_site_vars(struct vctx *x, const struct script_hints *h, const struct strvec *names, int line,
			     int col, int span)
{
	if (!names->nr)
		return;
	struct strbuf vars = STRBUF_INIT, who = STRBUF_INIT, fix = STRBUF_INIT;
	for (size_t i = 0; i < names->nr; i++) {
		strbuf_addf(&vars, "%s$%s", i ? (i + 1 == names->nr ? " and " : ", ") : "", names->v[i]);
		if (i)
			strbuf_adds(&who, "; ");
		strbuf_addf(&who, "$%s on ", names->v[i]);
		script_hints_site_var_clusters(h, names->v[i], &who);
	}
	bool one = names->nr == 1;
	strbuf_addf(&fix, "replace %s with %s on %s (or set %s before line %d) and move the data there", vars.buf,
		    one ? "a path" : "paths", x->c->id, one ? "it" : "them", line);
	report(x, "site-variable", SEV_WARNING, line, col, span, fix.buf,
	       "%s come%s from another centre's login environment (%s); %s does not set %s, so %s to an empty word "
	       "here",
	       vars.buf, one ? "s" : "", who.buf, x->c->id, one ? "it" : "them", one ? "it expands" : "they expand");
	strbuf_release(&vars);
	strbuf_release(&who);
	strbuf_release(&fix);
}

/* Variables of other centres' login environments ($PSCRATCH, $MEMBERWORK ...) that this cluster lacks. */
static void site_vars(struct vctx *x)
{
	if (!x->c || !x->repo)
		return;
	struct maple_error err = {0};
	const struct script_hints *h = script_hints_shared(x->repo, &err);
	if (!h || !h->nsiteenv)
		return;
	const struct jobscript *js = x->js;
	struct strvec seen = STRVEC_INIT, names = STRVEC_INIT;
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		int line = 0, col = 0, span = 0;
		for (size_t w = 0; w < c->words.nr; w++) {
			size_t before = names.nr;
			site_vars_of_word(x, h, &c->words.v[w], &names, &seen);
			if (before == 0 && names.nr)
				word_pos(x, (int)i, (int)w, &line, &col, &span);
		}
		report_site_vars(x, h, &names, line, col, span);
		strvec_clear(&names);
	}
	for (size_t i = 0; i < js->nassigns; i++) {
		if (!js->assigns[i].value.raw)
			continue;
		site_vars_of_word(x, h, &js->assigns[i].value, &names, &seen);
		report_site_vars(x, h, &names, js->assigns[i].line, 0, 0);
		strvec_clear(&names);
	}
	strvec_clear(&seen);
}

/* The first variable of the other scheduler that the shell expands inside a command substitution
 * of raw ($(head -n 1 "$PBS_NODEFILE")): not single quoted; copied into name. */
static bool foreign_in_subst(const char *raw, const char *bad, char *name, size_t size)
{
	bool sq = false, dq = false;
	int subst = 0, arith = 0; /* arith: the depth of an arithmetic expansion $(( )) */
	for (const char *p = raw; *p; p++) {
		if (sq) {
			sq = *p != '\'';
			continue;
		}
		if (*p == '\\' && p[1]) {
			p++;
			continue;
		}
		if (*p == '\'' && !dq)
			sq = true;
		else if (*p == '"')
			dq = !dq;
		else if (*p == '$' && p[1] == '(' && p[2] == '(' && !arith)
			arith = ++subst, p++;
		else if (*p == '$' && p[1] == '(')
			subst++, p++;
		else if (*p == ')' && subst > 0 && subst == arith && p[1] == ')')
			subst--, arith = 0, p++;
		else if (*p == ')' && subst > 0)
			subst--;
		else if (arith && subst >= arith && !strchr("$_{", p[-1]) && !isalnum((unsigned char)p[-1]) &&
			 !strncmp(p, bad, strlen(bad))) {
			/* an arithmetic expansion reads a bare NAME as the variable: $(( SLURM_ARRAY_TASK_ID * 10 )) */
			size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
			if (n > strlen(bad) && n < size) {
				memcpy(name, p, n);
				name[n] = 0;
				return true;
			}
		} else if (*p == '$' && subst > 0) {
			const char *v = p + 1 + (p[1] == '{');
			size_t n = strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
			if (n > strlen(bad) && n < size && !strncmp(v, bad, strlen(bad))) {
				memcpy(name, v, n);
				name[n] = 0;
				return true;
			}
		}
	}
	return false;
}

/* The first variable of the other scheduler in a word (a segment, else one inside a command
 * substitution, copied into sub), or NULL. */
static const char *foreign_in_word(const struct shword *sw, enum sched_kind k, char *sub, size_t size)
{
	const char *bad = k == JS_PBS ? "SLURM_" : "PBS_";
	for (size_t g = 0; g < sw->nsegs; g++)
		if (sw->segs[g].kind == SEG_VAR && sw->segs[g].text[0] == bad[0] && !strncmp(sw->segs[g].text, bad, strlen(bad)))
			return sw->segs[g].text;
	/* no "$(" at all: no command substitution to look into */
	return sw->raw && strstr(sw->raw, "$(") && foreign_in_subst(sw->raw, bad, sub, size) ? sub : NULL;
}

/* A word's variable of the other scheduler (one finding per word). */
static void report_foreign(struct vctx *x, const char *name, int line, int col, int span, enum sched_kind k)
{
	bool pbs = k == JS_PBS;
	report(x, "scheduler-variable", SEV_ERROR, line, col, span,
	       pbs ? "use PBS's: $PBS_NODEFILE (nodes: $(wc -l < $PBS_NODEFILE)), $PBS_JOBID, $PBS_O_WORKDIR; ranks "
		     "from $PMI_RANK / $PALS_LOCAL_RANKID"
		   : "use Slurm's: $SLURM_JOB_NODELIST, $SLURM_NNODES, $SLURM_JOB_ID, $SLURM_SUBMIT_DIR",
	       "$%s is a %s variable, but this is a %s job: it is never set and expands to an empty word", name,
	       pbs ? "Slurm" : "PBS", pbs ? "PBS" : "Slurm");
}

static void foreign_sched_vars(struct vctx *x)
{
	const struct jobscript *js = x->js;
	enum sched_kind k = fix_sched(x);
	if (k != JS_SLURM && k != JS_PBS)
		return;
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		/* a test or a branch is how portable scripts ask which scheduler they run under */
		if (c->in_control || (c->depth > 0 && js->cmds[c->parent].in_control))
			continue;
		const char *w0 = c->nassign_prefix < c->words.nr ? c->words.v[c->nassign_prefix].value : "";
		if (!strcmp(w0, "[") || !strcmp(w0, "[[") || !strcmp(w0, "test") || !strcmp(w0, "echo") ||
		    !strcmp(w0, "printf"))
			continue;
		for (size_t w = 0; w < c->words.nr; w++) {
			char sub[64];
			const char *name = foreign_in_word(&c->words.v[w], k, sub, sizeof(sub));
			if (!name)
				continue;
			int line, col, span; /* found only for a word that is reported */
			word_pos(x, (int)i, (int)w, &line, &col, &span);
			report_foreign(x, name, line, col, span, k);
		}
	}
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if (!a->value.raw || (a->cmd >= 0 && js->cmds[a->cmd].in_control))
			continue;
		char sub[64];
		const char *name = foreign_in_word(&a->value, k, sub, sizeof(sub));
		if (name)
			report_foreign(x, name, a->line, 0, 0, k);
	}
}

/* Whether "$@" / "$*" stands in raw where the shell does not expand it (single quotes, a backslash). */
static bool frozen_args(const char *raw)
{
	bool sq = false, dq = false;
	for (const char *p = raw; *p; p++) {
		if (sq) {
			if (*p == '\'')
				sq = false;
			else if (*p == '$' && (p[1] == '@' || p[1] == '*' || (p[1] == '{' && (p[2] == '@' || p[2] == '*'))))
				return true;
			continue;
		}
		if (*p == '\\' && p[1]) {
			if (p[1] == '$' && (p[2] == '@' || p[2] == '*'))
				return true;
			p++;
		} else if (*p == '\'' && !dq) {
			sq = true;
		} else if (*p == '"') {
			dq = !dq;
		}
	}
	return false;
}

static bool has_args_ref(const char *v)
{
	return strstr(v, "$@") || strstr(v, "$*") || strstr(v, "${@}") || strstr(v, "${*}");
}

static void forwarded_args(struct vctx *x)
{
	const struct jobscript *js = x->js;
	for (size_t l = 0; l < js->nlaunches; l++) {
		const struct launch *ln = &js->launches[l];
		for (size_t s = 0; s < ln->nstages; s++) {
			const struct stage *st = &ln->stages[s];
			const struct jcmd *c = &js->cmds[st->cmd];
			if (st->kind == SK_SHELL) {
				/* bash -c 'STRING' [NAME ARGS...]: "$@" inside STRING is the arguments after it */
				int sw = st->last - 1;
				bool inner_uses = false;
				for (size_t i = 0; i < js->ncmds && !inner_uses; i++)
					if (js->cmds[i].depth > 0 && js->cmds[i].parent == st->cmd)
						for (size_t w = 0; w < js->cmds[i].words.nr && !inner_uses; w++)
							inner_uses = has_args_ref(js->cmds[i].words.v[w].value);
				if (inner_uses && sw >= 0 && (size_t)sw + 1 >= c->words.nr) {
					int line, col, span;
					word_pos(x, st->cmd, sw, &line, &col, &span);
					report(x, "args-not-forwarded", SEV_ERROR, line, col, 1,
					       "pass them after the string: bash -c '... \"$@\"' bash \"$@\"",
					       "\"$@\" inside bash -c '...' means the arguments given after the string, and none "
					       "are: the job's arguments never reach the program");
				}
				continue;
			}
			int last = st->kind == SK_PROGRAM || s + 1 == ln->nstages ? (int)c->words.nr : st->last;
			for (int w = st->first; w < last && (size_t)w < c->words.nr; w++) {
				const char *raw = c->words.v[w].raw;
				if (!raw || !frozen_args(raw) || (w > 0 && !strcmp(c->words.v[w - 1].value, "-c")))
					continue;
				int line, col, span;
				word_pos(x, st->cmd, w, &line, &col, &span);
				report(x, "args-frozen", SEV_ERROR, line, col, span, "write \"$@\" in double quotes (or unquoted)",
				       "%s passes the literal text %s instead of the job's arguments: the quotes stop the shell "
				       "from expanding it",
				       launcher_name(st), c->words.v[w].value);
			}
		}
	}
}

void check_vars(struct vctx *x)
{
	unset_vars(x);
	unset_in_needed(x);
	site_vars(x);
	foreign_sched_vars(x);
	forwarded_args(x);
}
