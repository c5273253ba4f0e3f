/* lookup.c - where the script sets and exports its variables, and which variables come from the
 * scheduler, the launcher or the login environment. */
#include "lookup.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

bool var_ref(const char *v, char *buf, size_t cap)
{
	const char *d = v ? strchr(v, '$') : NULL;
	if (!d)
		return false;
	d++;
	if (*d == '{')
		d++;
	size_t n = strspn(d, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	if (!n || n >= cap)
		return false;
	memcpy(buf, d, n);
	buf[n] = '\0';
	return true;
}

bool scheduler_sets(const char *name)
{
	return !strncmp(name, "SLURM_", 6) || !strncmp(name, "PBS_", 4) || !strncmp(name, "PMI_", 4) ||
	       !strncmp(name, "PALS_", 5) || !strncmp(name, "OMPI_", 5) || !strncmp(name, "LSB_", 4) ||
	       !strcmp(name, "HOSTNAME") || !strcmp(name, "RANDOM") || !strcmp(name, "HOME") || !strcmp(name, "USER") ||
	       !strcmp(name, "PWD") || !strcmp(name, "TMPDIR") ||
	       !strncmp(name, "FLUX_", 5) || !strncmp(name, "JSM_", 4) || !strncmp(name, "COBALT_", 7);
}

bool env_provides(const char *name)
{
	if (scheduler_sets(name))
		return true;
	/* launchers, MPI libraries, module systems, conda, the shell. A centre's own login variables
	 * ($PSCRATCH, $MEMBERWORK, TACC's TACC_*) are data: data/scripts/siteenv.yaml, with the cluster
	 * that sets each (script_hints_site_var) */
	static const char *const prefixes[] = {"PMIX_", "MV2_",	  "MPI_",  "I_MPI_", "SBATCH_", "SRUN_", "CRAY_",
					       "PE_",	"LMOD_",  "CONDA_", "XDG_",  "MPICH_",	"NVIDIA_", "CUDA_",
					       "ROCM_", "HIP_",	  "ONEAPI_", "SSH_", "BASH",	"OMP_",	   "MKL",
					       "NCCL_", "FI_",	  "HF_",   "TORCH", NULL};
	static const char *const names[] = {"HOST", "LOGNAME", "OLDPWD", "PATH", "LD_LIBRARY_PATH", "PYTHONPATH",
					    "PYTHONUSERBASE", "SHELL", "SECONDS", "PPID", "UID", "EUID", "LINENO",
					    "VIRTUAL_ENV", "MODULEPATH", "LOADEDMODULES", "LOCAL_RANK", "RANK",
					    "WORLD_SIZE", "LOCAL_WORLD_SIZE", "GROUP_RANK", "NODE_RANK", "MASTER_ADDR",
					    "MASTER_PORT", "TERM", "LANG", "IFS", "OPTARG", "OPTIND", "REPLY",
					    "PIPESTATUS", "FUNCNAME", "EPOCHSECONDS", "EPOCHREALTIME", "MACHTYPE",
					    "OSTYPE", "HOSTTYPE", "DISPLAY", "EDITOR", "PS1", "MAIL", "ZE_AFFINITY_MASK",
					    "ZE_FLAT_DEVICE_HIERARCHY", "EBROOTPYTHON", NULL};
	for (int i = 0; prefixes[i]; i++) /* the first bytes inline: most names differ there */
		if (name[0] == prefixes[i][0] && !strncmp(name, prefixes[i], strlen(prefixes[i])))
			return true;
	for (int i = 0; names[i]; i++)
		if (name[0] == names[i][0] && !strcmp(name, names[i]))
			return true;
	return false;
}

const struct assign *any_assign(const struct jobscript *js, const char *name)
{
	for (size_t i = js->nassigns; i-- > 0;)
		if (js->assigns[i].depth == 0 && !strcmp(js->assigns[i].name, name) && js->assigns[i].has_value)
			return &js->assigns[i];
	return NULL;
}

static bool name_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Whether the word before position at (skipping blanks) is one of the binders. */
static bool bound_by_keyword(const char *text, const char *at)
{
	/* scan back over blanks and other names/options on the same line: for NAME, read -r A B NAME,
	 * getopts "ab:" NAME, local/declare/typeset/export [-opts] NAME, mapfile -t NAME, printf -v NAME */
	const char *ls = at;
	while (ls > text && ls[-1] != '\n' && ls[-1] != ';' && ls[-1] != '&' && ls[-1] != '|' && ls[-1] != '(')
		ls--;
	while (*ls == ' ' || *ls == '\t')
		ls++;
	static const char *const kw[] = {"for ", "read ", "getopts ", "local ", "declare ", "typeset ", "export ",
					 "readonly ", "mapfile ", "readarray ", "printf -v ", "select ", NULL};
	for (int i = 0; kw[i]; i++)
		if (!strncmp(ls, kw[i], strlen(kw[i])) && ls + strlen(kw[i]) <= at)
			return true;
	return false;
}

bool set_anywhere(const struct jobscript *js, const char *name)
{
	for (size_t i = 0; i < js->nassigns; i++)
		if (!strcmp(js->assigns[i].name, name))
			return true;
	/* a check that stops the job when it is not set (": \"${LR:?set LR}\""): set for what follows */
	char guard[160];
	snprintf(guard, sizeof(guard), "${%s:?", name);
	if (js->text && strlen(name) < 100 && strstr(js->text, guard))
		return true;
	/* text scan for what the command reader does not record: loops, read, arrays, arithmetic, and
	 * assignments inside $(...), functions or conditions */
	size_t n = strlen(name);
	const char *t = js->text;
	for (const char *p = t ? strstr(t, name) : NULL; p; p = strstr(p + 1, name)) {
		if ((p > t && (name_char(p[-1]) || p[-1] == '$' || p[-1] == '{')) || name_char(p[n]))
			continue;
		const char *q = p + n;
		if (*q == '[') { /* NAME[i]=... */
			const char *e = strchr(q, ']');
			if (e)
				q = e + 1;
		}
		if (*q == '=' || (q[0] == '+' && q[1] == '=') || bound_by_keyword(t, p))
			return true;
		/* (( NAME = ... )) / let NAME=... */
		while (*q == ' ')
			q++;
		if ((*q == '=' && q[1] != '=') || ((q[0] == '+' || q[0] == '-') && (q[1] == '=' || q[1] == q[0])))
			return true;
	}
	/* a name the script builds (printf -v "HP_${key^^}" '%s' "$val", declare "CFG_$k=$v"): every name that
	 * starts with its literal part may be set */
	static const char *const dyn[] = {"printf -v ", "declare ", "typeset ", "export ", "local ", "readonly ", NULL};
	for (int k = 0; t && dyn[k]; k++)
		for (const char *p = strstr(t, dyn[k]); p; p = strstr(p + 1, dyn[k])) {
			const char *w = p + strlen(dyn[k]);
			while (*w == '-' && w[1] && w[1] != ' ') /* declare -g -x */
				w += strcspn(w, " \t\n"), w += strspn(w, " \t");
			w += *w == '"' || *w == '\'';
			size_t lit = 0;
			while (name_char(w[lit]))
				lit++;
			if (lit && w[lit] == '$' && lit < n && !strncmp(w, name, lit))
				return true;
		}
	return false;
}

/* Whether the word expands $name in the shell that reads it, directly or through the value of a
 * variable it expands (LAUNCHER="accelerate launch --main_process_ip $head" expanded $head when it
 * was set), up to a few levels. */
static bool word_expands(const struct jobscript *js, const struct shword *w, const char *name, int cmd, int depth)
{
	for (size_t k = 0; k < w->nsegs; k++) {
		if (w->segs[k].kind != SEG_VAR)
			continue;
		if (!strcmp(w->segs[k].text, name))
			return true;
		const struct assign *a = depth < 4 ? js_lookup(js, w->segs[k].text, cmd) : NULL;
		if (a && a->depth == 0 && a->has_value && word_expands(js, &a->value, name, cmd, depth + 1))
			return true;
	}
	return false;
}

/* Whether the unquoted heredoc whose body holds line (a file the script writes for its tasks) names
 * $name unescaped: the batch shell writes its value into the file. */
static bool heredoc_expands(const struct jobscript *js, int line, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < js->nheredocs; i++) {
		const struct heredoc *h = &js->heredocs[i];
		int last = h->line;
		for (const char *b = h->body; *b; b++)
			last += *b == '\n';
		if (h->quoted || line <= h->line || line > last)
			continue;
		for (const char *b = strchr(h->body, '$'); b; b = strchr(b + 1, '$')) {
			if (b > h->body && b[-1] == '\\')
				continue;
			const char *v = b + 1 + (b[1] == '{');
			if (!strncmp(v, name, n) && !name_char(v[n]))
				return true;
		}
	}
	return false;
}

bool batch_expands(const struct jobscript *js, int cmd, const char *name)
{
	if (cmd < 0 || (size_t)cmd >= js->ncmds || js->cmds[cmd].depth == 0 || js->cmds[cmd].parent < 0)
		return false;
	if (heredoc_expands(js, js->cmds[cmd].line, name))
		return true;
	const struct jcmd *p = &js->cmds[js->cmds[cmd].parent];
	for (size_t i = 1; i < p->words.nr; i++) {
		/* the -c string: the word after -c (or a flag cluster ending in c: sh -xeuc) */
		const char *f = p->words.v[i - 1].value;
		if (f[0] != '-' || f[1] == '-' || !f[1] || f[strlen(f) - 1] != 'c')
			continue;
		return word_expands(js, &p->words.v[i], name, js->cmds[cmd].parent, 0);
	}
	return false;
}

bool exported_before(const struct jobscript *js, const char *name, int cmd)
{
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if (a->depth == 0 && a->cmd <= cmd && a->exported && !strcmp(a->name, name))
			return true;
	}
	/* the launcher hands it to the tasks itself: mpiexec --env NAME=V / -genv, Open MPI -x NAME[=V],
	 * srun --export=...,NAME[=V] */
	size_t nl = strlen(name);
	for (size_t l = 0; l < js->nlaunches; l++) {
		if (js->launches[l].cmd > cmd)
			continue;
		for (size_t st = 0; st < js->launches[l].nstages; st++) {
			const struct stage *s = &js->launches[l].stages[st];
			for (size_t k = 0; k < s->nopts; k++) {
				const struct lopt *o = &s->opts[k];
				if (!o->value || (strcmp(o->name, "env") && strcmp(o->name, "x") && strcmp(o->name, "export")))
					continue;
				for (const char *p = o->value; p; p = strchr(p, ',')) {
					p += *p == ',';
					if (!strncmp(p, name, nl) && (!p[nl] || p[nl] == '=' || p[nl] == ','))
						return true;
				}
			}
		}
	}
	/* set -a exports everything */
	for (size_t i = 0; i < js->ncmds && (int)i <= cmd; i++) {
		const struct jcmd *c = &js->cmds[i];
		if (c->depth == 0 && c->words.nr >= 2 && !strcmp(c->words.v[0].value, "set") &&
		    (strstr(c->words.v[1].value, "a") && c->words.v[1].value[0] == '-'))
			return true;
	}
	return false;
}

bool uses_mps(const struct jobscript *js)
{
	/* NVIDIA MPS started in the job, or Cray's switch for it
	 * (https://docs.nersc.gov/systems/perlmutter/running-jobs/#oversubscribing-gpus-with-cuda-multi-process-service) */
	if (js->text && (strstr(js->text, "nvidia-cuda-mps-control") || strstr(js->text, "CUDA_MPS_PIPE_DIRECTORY")))
		return true;
	/* or a helper script that starts it, run once per node before the launch (ALCF's documented
	 * `mpiexec -n $NNODES --ppn 1 ./enable_mps_polaris.sh`, https://docs.alcf.anl.gov/polaris/running-jobs/
	 * ; users' start_mps.sh) */
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		for (size_t k = c->nassign_prefix; k < c->words.nr; k++) {
			const char *w = c->words.v[k].value, *b = strrchr(w, '/');
			b = b ? b + 1 : w;
			size_t n = strlen(b);
			if (n > 3 && !strcmp(b + n - 3, ".sh") && (strstr(b, "enable_mps") || strstr(b, "start_mps") ||
								     strstr(b, "enable-mps") || strstr(b, "start-mps")))
				return true;
		}
	}
	for (size_t i = 0; i < js->nassigns; i++)
		if (!strcmp(js->assigns[i].name, "CRAY_CUDA_MPS") && js->assigns[i].value.value &&
		    strcmp(js->assigns[i].value.value, "0"))
			return true;
	/* or asked of the scheduler: Slurm's MPS GRES (--gres=mps:N, https://slurm.schedmd.com/gres.html#MPS_Management)
	 * or a site plugin's option that starts it (MPCDF's #SBATCH --nvmps) */
	for (size_t i = 0; i < js->ndirs; i++) {
		const struct directive *d = &js->dirs[i];
		if (d->kind != JS_SLURM || d->ignored)
			continue;
		if ((d->spelled && d->unknown && strstr(d->spelled, "mps")) ||
		    (d->opt && !strcmp(d->opt, "gres") && d->value && (!strncmp(d->value, "mps", 3) || strstr(d->value, ",mps"))))
			return true;
	}
	return false;
}

bool stage_forwards_args(const struct jobscript *js, const struct stage *s)
{
	const struct jcmd *c = &js->cmds[s->cmd];
	/* up to the end of the command: a "$@" the reader took for the program hides options too */
	for (int i = s->first; i >= 0 && (size_t)i < c->words.nr; i++) {
		const char *v = c->words.v[i].value;
		if (!strpbrk(v, "$@")) /* each form below has one of them */
			continue;
		if (strstr(v, "$@") || strstr(v, "${@}") || strstr(v, "$*") || strstr(v, "${*}") || strstr(v, "[@]}"))
			return true;
	}
	return false;
}

const struct directive *directive_unreadable(const struct jobscript *js, const char *opt)
{
	for (size_t i = 0; i < js->ndirs; i++) {
		const struct directive *d = &js->dirs[i];
		if (!d->ignored && d->problem && d->kind == js->sched && d->opt && !strcmp(d->opt, opt))
			return d;
	}
	return NULL;
}

bool nodes_unreadable(const struct jobscript *js)
{
	const char *opts[] = {"select", "nodes", "nnodes", NULL};
	for (const char **o = opts; *o; o++)
		if (directive_unreadable(js, *o))
			return true;
	return false;
}

bool nodes_unknown(const struct jobscript *js)
{
	if (nodes_unreadable(js))
		return true;
	const char *opts[] = {"select", "nodes", "nnodes", NULL};
	for (const char **o = opts; *o; o++)
		if (js_directive(js, *o))
			return false;
	struct js_submit s;
	return js_submit_nodes(js, &s);
}

bool submit_gives(const struct jobscript *js, const char *opt)
{
	struct js_submit s;
	if (!js_submit_nodes(js, &s))
		return false;
	if (!strcmp(opt, "nodes") || !strcmp(opt, "nnodes") || !strcmp(opt, "select"))
		return true;
	return js_submit_gives(js, &s, opt);
}
