/* launch.c - launch lines: for each command of the batch shell, the chain of programs it runs
 * (srun / mpiexec / mpirun / ibrun / jsrun / aprun, wrappers such as apptainer or env, bash -c,
 * torchrun / deepspeed / accelerate launch) down to the training program, with each launcher's
 * options read by its own option table. */
#include "jobscript.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <ctype.h>
#include <string.h>

const char *stage_kind_name(enum stage_kind k)
{
	static const char *const names[SK_COUNT] = {"srun",	"mpiexec",    "mpirun",	   "ibrun", "jsrun",
						    "aprun",	"torchrun",   "torch.distributed.launch", "deepspeed",
						    "accelerate", "shell",     "wrapper",  "program"};
	return k < SK_COUNT ? names[k] : "?";
}

/* One option of a launcher: spellings separated by '|' ('_' and '-' are the same), the canonical
 * name, and how many value words it takes (0 flag, 1, 2). */
struct lspec {
	const char *spellings;
	const char *name;
	int nvalues;
};

static const struct lspec srun_spec[] = {
	{"-N|--nodes", "nodes", 1},
	{"-n|--ntasks", "ntasks", 1},
	{"--ntasks-per-node|--tasks-per-node", "ntasks-per-node", 1},
	{"-c|--cpus-per-task", "cpus-per-task", 1},
	{"--gpus-per-node", "gpus-per-node", 1},
	{"--gpus-per-task", "gpus-per-task", 1},
	{"-G|--gpus", "gpus", 1},
	{"--gres", "gres", 1},
	{"--cpu-bind|--cpu_bind", "cpu-bind", 1},
	{"--gpu-bind", "gpu-bind", 1},
	{"--export", "export", 1},
	{"--mpi", "mpi", 1},
	{"-o|--output", "output", 1},
	{"-e|--error", "error", 1},
	{"-i|--input", "input", 1},
	{"-w|--nodelist", "nodelist", 1},
	{"-x|--exclude", "exclude", 1},
	{"-m|--distribution", "distribution", 1},
	{"-t|--time", "time", 1},
	{"-p|--partition", "partition", 1},
	{"-A|--account", "account", 1},
	{"-C|--constraint", "constraint", 1},
	{"-J|--job-name", "job-name", 1},
	{"-r|--relative", "relative", 1},
	{"-W|--wait", "wait", 1},
	{"-D|--chdir", "chdir", 1},
	{"--mem", "mem", 1},
	{"--mem-per-cpu", "mem-per-cpu", 1},
	{"--mem-per-gpu", "mem-per-gpu", 1},
	{"--mem-bind", "mem-bind", 1},
	{"--cpus-per-gpu", "cpus-per-gpu", 1},
	{"--ntasks-per-gpu", "ntasks-per-gpu", 1},
	{"--ntasks-per-socket", "ntasks-per-socket", 1},
	{"--hint", "hint", 1},
	{"--jobid", "jobid", 1},
	{"--het-group", "het-group", 1},
	{"--accel-bind", "accel-bind", 1},
	{"--network", "network", 1},
	{"--kill-on-bad-exit", "kill-on-bad-exit", 0},
	{"-K", "kill-on-bad-exit", 0},
	{"--multi-prog", "multi-prog", 0},
	{"-l|--label", "label", 0},
	{"-u|--unbuffered", "unbuffered", 0},
	{"--exclusive", "exclusive", 0},
	{"--overlap", "overlap", 0},
	{"--exact", "exact", 0},
	{"--pty", "pty", 0},
	{"-v|--verbose", "verbose", 0},
	{NULL, NULL, 0},
};

/* MPICH hydra, Cray PALS and Open MPI mpiexec/mpirun. */
static const struct lspec mpi_spec[] = {
	{"-n|-np|--n|--np", "n", 1},
	{"-ppn|--ppn|-perhost", "ppn", 1},
	{"-npernode|--npernode", "npernode", 1},
	{"-N", "N", 1},
	{"--depth|-d", "depth", 1},
	{"--cpu-bind|-cpu-bind|--bind-to|-bind-to", "cpu-bind", 1},
	{"--hostfile|-hostfile|-f|--machinefile|-machinefile|--hostfile", "hostfile", 1},
	{"--hosts|-hosts|-host|--host|-H", "hosts", 1},
	{"--map-by|-map-by", "map-by", 1},
	{"--rank-by|-rank-by", "rank-by", 1},
	{"-x", "x", 1},
	{"--env|-env|-genv|--genv", "env", 2},
	{"--envlist|-envlist|-genvlist", "envlist", 1},
	{"--mca|-mca|--gmca", "mca", 2},
	{"--wdir|-wdir|--cwd", "wdir", 1},
	{"--envall|-envall|-genvall", "envall", 0},
	{"--label|-l|--line-buffer|-line-buffer", "label", 0},
	{"--no-transfer|--oversubscribe|--report-bindings|--tag-output|--timestamp-output", "flag", 0},
	{NULL, NULL, 0},
};

static const struct lspec ibrun_spec[] = {
	{"-n|-np", "n", 1},
	{"-o", "o", 1},
	{NULL, NULL, 0},
};

static const struct lspec jsrun_spec[] = {
	{"-n|--nrs", "nrs", 1},
	{"-a|--tasks_per_rs", "tasks_per_rs", 1},
	{"-c|--cpu_per_rs", "cpu_per_rs", 1},
	{"-g|--gpu_per_rs", "gpu_per_rs", 1},
	{"-r|--rs_per_host", "rs_per_host", 1},
	{"-b|--bind", "bind", 1},
	{"-d|--launch_distribution", "launch_distribution", 1},
	{"--smpiargs", "smpiargs", 1},
	{"-E|--env", "env", 1},
	{NULL, NULL, 0},
};

static const struct lspec aprun_spec[] = {
	{"-n", "n", 1}, {"-N", "N", 1}, {"-d", "d", 1}, {"-cc", "cc", 1}, {"-j", "j", 1}, {NULL, NULL, 0},
};

static const struct lspec torchrun_spec[] = {
	{"--nnodes", "nnodes", 1},
	{"--nproc-per-node|--nproc_per_node", "nproc-per-node", 1},
	{"--node-rank|--node_rank", "node-rank", 1},
	{"--master-addr|--master_addr", "master-addr", 1},
	{"--master-port|--master_port", "master-port", 1},
	{"--rdzv-backend|--rdzv_backend", "rdzv-backend", 1},
	{"--rdzv-endpoint|--rdzv_endpoint", "rdzv-endpoint", 1},
	{"--rdzv-id|--rdzv_id", "rdzv-id", 1},
	{"--rdzv-conf|--rdzv_conf", "rdzv-conf", 1},
	{"--max-restarts|--max_restarts", "max-restarts", 1},
	{"--monitor-interval|--monitor_interval", "monitor-interval", 1},
	{"--start-method|--start_method", "start-method", 1},
	{"--role", "role", 1},
	{"--log-dir|--log_dir", "log-dir", 1},
	{"-r|--redirects", "redirects", 1},
	{"-t|--tee", "tee", 1},
	{"--local-addr|--local_addr", "local-addr", 1},
	{"--local-ranks-filter|--local_ranks_filter", "local-ranks-filter", 1},
	{"--logs-specs|--logs_specs", "logs-specs", 1},
	{"--standalone", "standalone", 0},
	{"--use-env|--use_env", "use-env", 0},
	{"-m|--module", "module", 0},
	{"--no-python|--no_python", "no-python", 0},
	{"--run-path|--run_path", "run-path", 0},
	{NULL, NULL, 0},
};

static const struct lspec deepspeed_spec[] = {
	{"-H|--hostfile", "hostfile", 1},
	{"-i|--include", "include", 1},
	{"-e|--exclude", "exclude", 1},
	{"--num-nodes|--num_nodes", "num-nodes", 1},
	{"--num-gpus|--num_gpus|--num-accelerators|--num_accelerators", "num-gpus", 1},
	{"--master-port|--master_port", "master-port", 1},
	{"--master-addr|--master_addr", "master-addr", 1},
	{"--node-rank|--node_rank", "node-rank", 1},
	{"--launcher", "launcher", 1},
	{"--launcher-args|--launcher_args", "launcher-args", 1},
	{"--ssh-port|--ssh_port", "ssh-port", 1},
	{"--autotuning", "autotuning", 1},
	{"--min-elastic-nodes|--min_elastic_nodes", "min-elastic-nodes", 1},
	{"--max-elastic-nodes|--max_elastic_nodes", "max-elastic-nodes", 1},
	{"--bind-core-list|--bind_core_list", "bind-core-list", 1},
	{"--comment", "comment", 1},
	{"--module", "module", 0},
	{"--no-python|--no_python", "no-python", 0},
	{"--no-local-rank|--no_local_rank", "no-local-rank", 0},
	{"--force-multi|--force_multi", "force-multi", 0},
	{"--elastic-training|--elastic_training", "elastic-training", 0},
	{"--bind-cores-to-rank|--bind_cores_to_rank", "bind-cores-to-rank", 0},
	{"--enable-each-rank-log|--enable_each_rank_log", "enable-each-rank-log", 1},
	{"--save-pid|--save_pid", "save-pid", 0},
	{"--no-ssh|--no_ssh", "no-ssh", 0},
	{"--no-ssh-check|--no_ssh_check", "no-ssh-check", 0},
	{NULL, NULL, 0},
};

static const struct lspec accelerate_spec[] = {
	{"--config-file|--config_file", "config-file", 1},
	{"--num-processes|--num_processes", "num-processes", 1},
	{"--num-machines|--num_machines", "num-machines", 1},
	{"--machine-rank|--machine_rank", "machine-rank", 1},
	{"--main-process-ip|--main_process_ip", "main-process-ip", 1},
	{"--main-process-port|--main_process_port", "main-process-port", 1},
	{"--mixed-precision|--mixed_precision", "mixed-precision", 1},
	{"--rdzv-backend|--rdzv_backend", "rdzv-backend", 1},
	{"--zero-stage|--zero_stage", "zero-stage", 1},
	{"--deepspeed-config-file|--deepspeed_config_file", "deepspeed-config-file", 1},
	{"--gpu-ids|--gpu_ids", "gpu-ids", 1},
	{"--num-cpu-threads-per-process|--num_cpu_threads_per_process", "num-cpu-threads-per-process", 1},
	{"--dynamo-backend|--dynamo_backend", "dynamo-backend", 1},
	{"--multi-gpu|--multi_gpu", "multi-gpu", 0},
	{"--use-fsdp|--use_fsdp", "use-fsdp", 0},
	{"--use-deepspeed|--use_deepspeed", "use-deepspeed", 0},
	{"--use-megatron-lm|--use_megatron_lm", "use-megatron-lm", 0},
	{"--cpu", "cpu", 0},
	{"--same-network|--same_network", "same-network", 0},
	{"--debug", "debug", 0},
	{"-q|--quiet", "quiet", 0},
	{"-m|--module", "module", 0},
	{"--no-python|--no_python", "no-python", 0},
	{"--enable-cpu-affinity|--enable_cpu_affinity", "enable-cpu-affinity", 0},
	{"--ipex|--use-xpu|--use_xpu|--dynamo-use-fullgraph|--dynamo_use_fullgraph|--downcast-bf16|--downcast_bf16",
	 "flag", 0},
	{NULL, NULL, 0},
};

/* Options of apptainer/singularity exec and podman(-hpc)/docker run that take a value. */
static const char *const container_value_opts[] = {
	"-B",	     "--bind",	      "--env",	       "-H",	       "--home",      "--pwd",	     "-W",
	"--workdir", "--overlay",     "-o",	       "-v",	       "--volume",    "-e",	     "--env-file",
	"--security", "-w",	      "--mount",       "--ipc",	       "--network",   "--net",	     "--user",
	"-u",	     "--entrypoint",  "--name",	       "--device",     "--gpus",      "--shm-size",  "--ulimit",
	"--cap-add", "--cap-drop",    "--group-add",   "--platform",   "--pid",	      "--hostname",  "--app",
	"--nvccli-opts", "--scratch", "-S",	       "--runtime",    "--annotation", "--label",    "-l",
	NULL,
};

/* python's own options that take a value. */
static const char *const python_value_opts[] = {"-X", "-W", "-Q", "--check-hash-based-pycs", NULL};

/* Whether one of spellings ("--nproc_per_node|--nproc-per-node", '_' and '-' the same) is word[0, n)
 * itself (prefix false) or, for a long option, starts with it and is longer (prefix true: argparse's
 * abbreviations). */
static bool spelling_match(const char *spellings, const char *word, size_t n, bool prefix)
{
	for (const char *p = spellings; *p;) {
		const char *bar = strchr(p, '|');
		size_t l = bar ? (size_t)(bar - p) : strlen(p);
		if (prefix ? (l > n && p[0] == '-' && p[1] == '-') : l == n) {
			bool same = true;
			for (size_t i = 0; i < n && same; i++)
				same = (p[i] == '_' ? '-' : p[i]) == (word[i] == '_' ? '-' : word[i]);
			if (same)
				return true;
		}
		if (!bar)
			break;
		p = bar + 1;
	}
	return false;
}

static bool spelled_as(const char *spellings, const char *word, size_t n)
{
	return spelling_match(spellings, word, n, false);
}

/* Whether word[0, n) is a proper prefix of one of spellings ('_' and '-' the same). */
static bool prefix_of(const char *spellings, const char *word, size_t n)
{
	return spelling_match(spellings, word, n, true);
}

static const struct lspec *find_spec(const struct lspec *spec, const char *word, size_t n)
{
	for (const struct lspec *s = spec; s->spellings; s++)
		if (spelled_as(s->spellings, word, n))
			return s;
	/* argparse (torchrun, deepspeed, accelerate) and getopt_long (srun, mpirun) take an unambiguous
	 * prefix of a long option: --nproc_per_nod=4 is --nproc_per_node=4 */
	if (n < 4 || word[0] != '-' || word[1] != '-')
		return NULL;
	const struct lspec *found = NULL;
	for (const struct lspec *s = spec; s->spellings; s++)
		if (prefix_of(s->spellings, word, n)) {
			if (found && strcmp(found->name, s->name))
				return NULL; /* ambiguous */
			found = s;
		}
	return found;
}

static void stage_add_opt(struct stage *s, const char *name, int word, int vword, const char *value)
{
	s->opts = xrealloc(s->opts, (s->nopts + 1) * sizeof(*s->opts));
	struct lopt *o = &s->opts[s->nopts++];
	o->name = name;
	o->word = word;
	o->value_word = vword;
	o->value = value ? xstrdup(value) : NULL;
}

static bool looks_like_script(const char *v)
{
	size_t n = strlen(v);
	return (n > 3 && !strcmp(v + n - 3, ".py")) || (n > 3 && !strcmp(v + n - 3, ".sh"));
}

/* Reads options from word i; returns the index of the first word that is not an option.
 * short_attached: -N2 style values for single-dash one-letter options. */
static size_t read_opts(struct stage *s, const struct shwords *ws, size_t i, const struct lspec *spec,
			bool short_attached)
{
	while (i < ws->nr) {
		const char *v = ws->v[i].value;
		if (v[0] != '-' || !v[1])
			break;
		if (!strcmp(v, "--")) {
			i++;
			break;
		}
		const char *eq = strchr(v, '=');
		size_t n = eq ? (size_t)(eq - v) : strlen(v);
		const struct lspec *o = find_spec(spec, v, n);
		if (!o && short_attached && v[1] != '-' && n > 2) {
			const struct lspec *so = find_spec(spec, v, 2);
			if (so && so->nvalues == 1) { /* -N2 */
				stage_add_opt(s, so->name, (int)i, (int)i, v + 2);
				i++;
				continue;
			}
		}
		if (!o) {
			/* unknown: takes a value when written --opt=value, or when the next word is not an
			 * option and not the program */
			const char *nv = i + 1 < ws->nr ? ws->v[i + 1].value : "";
			bool number = *nv && strspn(nv, "0123456789") == strlen(nv);
			if (!eq && i + 2 < ws->nr &&
			    ((nv[0] != '-' && v[1] == '-' && !looks_like_script(nv)) || number))
				i++;
			i++;
			continue;
		}
		if (eq) {
			stage_add_opt(s, o->name, (int)i, (int)i, eq + 1);
			i++;
		} else if (o->nvalues == 0) {
			stage_add_opt(s, o->name, (int)i, -1, NULL);
			i++;
		} else if (i + 1 < ws->nr) {
			if (o->nvalues == 2 && i + 2 < ws->nr && !strchr(ws->v[i + 1].value, '=')) {
				struct strbuf sb = STRBUF_INIT;
				strbuf_addf(&sb, "%s=%s", ws->v[i + 1].value, ws->v[i + 2].value);
				stage_add_opt(s, o->name, (int)i, (int)i + 1, sb.buf);
				strbuf_release(&sb);
				i += 3;
			} else {
				stage_add_opt(s, o->name, (int)i, (int)i + 1, ws->v[i + 1].value);
				i += 2;
			}
		} else {
			stage_add_opt(s, o->name, (int)i, -1, NULL);
			i++;
		}
	}
	return i;
}

const char *launch_option_name(enum stage_kind k, const char *word)
{
	const struct lspec *spec = NULL;
	switch (k) {
	case SK_SRUN:
		spec = srun_spec;
		break;
	case SK_MPIEXEC:
	case SK_MPIRUN:
		spec = mpi_spec;
		break;
	case SK_IBRUN:
		spec = ibrun_spec;
		break;
	case SK_JSRUN:
		spec = jsrun_spec;
		break;
	case SK_APRUN:
		spec = aprun_spec;
		break;
	case SK_TORCHRUN:
	case SK_TDLAUNCH:
		spec = torchrun_spec;
		break;
	case SK_DEEPSPEED:
		spec = deepspeed_spec;
		break;
	case SK_ACCELERATE:
		spec = accelerate_spec;
		break;
	default:
		return NULL;
	}
	const char *eq = strchr(word, '=');
	const struct lspec *o = find_spec(spec, word, eq ? (size_t)(eq - word) : strlen(word));
	return o ? o->name : NULL;
}

const struct lopt *stage_opt(const struct stage *s, const char *name)
{
	for (size_t i = s->nopts; i-- > 0;)
		if (!strcmp(s->opts[i].name, name))
			return &s->opts[i];
	return NULL;
}

const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');
	return s ? s + 1 : p;
}

static bool is_python(const char *v)
{
	const char *b = base_name(v);
	if (strncmp(b, "python", 6))
		return false;
	b += 6;
	return !*b || strspn(b, "0123456789.") == strlen(b);
}

/* A program word as the shell would run it: "$PYTHON" resolved through the script's variables. */
static const char *program_of(const struct jobscript *js, const struct jcmd *c, size_t i, int cmd)
{
	const struct shword *w = &c->words.v[i];
	if (w->nsegs == 1 && w->segs[0].kind == SEG_VAR) {
		const struct assign *a = js_lookup(js, w->segs[0].text, cmd);
		if (a && a->has_value && a->value.value)
			return a->value.value;
		if (strstr(w->segs[0].text, "PYTHON") || strstr(w->segs[0].text, "python"))
			return "python";
	}
	return w->value;
}

static struct stage *new_stage(struct launch *l, enum stage_kind k, int cmd, int first)
{
	l->stages = xrealloc(l->stages, (l->nstages + 1) * sizeof(*l->stages));
	struct stage *s = &l->stages[l->nstages++];
	memset(s, 0, sizeof(*s));
	s->kind = k;
	s->cmd = cmd;
	s->first = first;
	s->last = first;
	return s;
}

static const char *const not_training[] = {
	"echo",	 "printf", "hostname", "nvidia-smi", "rocm-smi", "xpu-smi", "env",   "cat",	   "ls",    "mkdir",
	"rm",	 "cp",	   "mv",       "date",	     "sleep",	 "cd",	    "pwd",   "module",	   "source", ".",
	"conda", "export", "set",      "unset",	     "ulimit",	 "true",    "false", "wait",	   "scontrol",
	"head",	 "tail",   "grep",     "sed",	     "awk",	 "sort",    "uniq",  "wc",	   "tr",    "cut",
	"which", "free",   "df",       "du",	     "touch",	 "chmod",   "ln",    "tee",	   "local", "declare",
	"read",	 "exit",   "return",   "shift",	     "trap",	 "kill",    "test",  "[",	   "[[",    "eval",
	"pip",	 "pip3",   "ml",       "spack",	     "readonly", "typeset", "let",   "squeue",	   "sacct", "sbatch",
	"scancel", "qsub", "qstat",    "lscpu",	     "numastat", "ps",	    "top",   "nvcc",	   "git",   "wget",
	"curl",	 "tar",	   "unzip",    "rsync",	     "ssh",	 "scp",	    "find",  "xargs",	   "id",    "whoami",
	"uname", "basename", "dirname", "realpath",   "mktemp",	 "seq",	    "expr",  "python-config",
	"ray", /* ray start/stop: the Ray cluster's services, the driver is the program */ NULL,
};

static bool in_strlist(const char *const *l, const char *s)
{
	for (; *l; l++)
		if (!strcmp(*l, s))
			return true;
	return false;
}

static void follow(struct jobscript *js, struct launch *l, int cmd, size_t i, int depth_guard);

/* The value of a variable that holds a command or an argument list (words separated by blanks),
 * or NULL: single values (addresses, ports, paths) stay as $NAME so the checks can follow them. */
/* Whether v holds a blank outside $( ... ) and `...`. */
static bool blank_outside_subst(const char *v)
{
	int paren = 0;
	bool tick = false;
	for (const char *p = v; *p; p++) {
		if (*p == '`')
			tick = !tick;
		else if (*p == '$' && p[1] == '(')
			paren++, p++;
		else if (*p == '(' && paren)
			paren++;
		else if (*p == ')' && paren)
			paren--;
		else if ((*p == ' ' || *p == '\t' || *p == '\n') && !paren && !tick)
			return true;
	}
	return false;
}

static const char *list_value(const struct jobscript *js, const char *name, size_t n, int cmd)
{
	char buf[128];
	if (n >= sizeof(buf))
		return NULL;
	memcpy(buf, name, n);
	buf[n] = '\0';
	if (is_per_task_var(buf))
		return NULL;
	const struct assign *a = js_lookup(js, buf, cmd);
	if (!a || !a->has_value || !a->value.value)
		return NULL;
	/* a value made by a command ($(scontrol ...)) is one value; a command line that contains one
	 * ("torchrun ... --rdzv_endpoint $(hostname):29500") is still a list of words */
	if ((a->value.flags & SHW_SUBST) && (a->value.value[0] == '$' || a->value.value[0] == '`'))
		return NULL;
	/* a list of words, or one option (CPU_BIND="--cpu-bind=list:1-8:9-16" on an mpiexec line); a
	 * blank inside a command substitution (RUN=exp_$(date +%F)) does not split the value */
	return blank_outside_subst(a->value.value) || (a->value.value[0] == '-' && a->value.value[1]) ? a->value.value
												       : NULL;
}

/* Replaces $NAME / ${NAME} / ${NAME[@]} in text by list values (recursively). */
static void expand_lists(const struct jobscript *js, const char *text, int cmd, int depth, struct strbuf *out)
{
	for (const char *p = text; *p;) {
		if (*p == '$' && depth < 5) {
			const char *n = p + 1;
			bool brace = *n == '{';
			if (brace)
				n++;
			size_t l = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
			const char *end = n + l;
			if (brace && (!strncmp(end, "[@]", 3) || !strncmp(end, "[*]", 3)))
				end += 3;
			if (l && (!brace || *end == '}')) {
				const char *v = list_value(js, n, l, cmd);
				if (v) {
					expand_lists(js, v, cmd, depth + 1, out);
					p = end + (brace ? 1 : 0);
					continue;
				}
			}
		}
		strbuf_addch(out, *p++);
	}
}

/* Splices list variables used as whole words ($ARGS, "${ARGS[@]}", $CMD) into the command's words. */
static void expand_command_words(struct jobscript *js, int cmd)
{
	struct jcmd *c = &js->cmds[cmd];
	bool any = false;
	for (size_t i = 0; i < c->words.nr && !any; i++) {
		const char *r = c->words.v[i].raw;
		any = r[0] == '$' || (r[0] == '"' && r[1] == '$');
	}
	if (!any)
		return;
	struct shwords out;
	shwords_init(&out);
	int *wl = NULL, *wc = NULL;
	size_t cap = 0;
	for (size_t i = 0; i < c->words.nr; i++) {
		struct shword *w = &c->words.v[i];
		const char *r = w->raw;
		/* unquoted $X splits into words; "$X" stays one word; "${X[@]}" is one word per element */
		bool whole = r[0] == '$' || (r[0] == '"' && r[1] == '$' && r[strlen(r) - 1] == '"' &&
					     (strstr(r, "[@]}") || strstr(r, "[*]}")));
		struct strbuf ex = STRBUF_INIT;
		if (whole && i >= c->nassign_prefix) {
			const char *t = r[0] == '"' ? r + 1 : r;
			expand_lists(js, t, cmd, 0, &ex);
			if (r[0] == '"' && ex.len && ex.buf[ex.len - 1] == '"')
				strbuf_setlen(&ex, ex.len - 1);
		}
		bool expanded = whole && ex.len && strcmp(ex.buf, r[0] == '"' ? r + 1 : r);
		struct shwords parts;
		shwords_init(&parts);
		if (expanded)
			shlex_split(ex.buf, ex.len, &parts);
		size_t n = expanded ? parts.nr : 1;
		if (out.nr + n > cap) {
			cap = (out.nr + n) * 2 + 8;
			wl = xrealloc(wl, cap * sizeof(int));
			wc = xrealloc(wc, cap * sizeof(int));
		}
		for (size_t k = 0; k < n; k++) {
			wl[out.nr] = c->word_line[i];
			wc[out.nr] = c->word_col[i];
			if (expanded) {
				parts.v[k].start = w->start;
				parts.v[k].end = w->end;
				shwords_push(&out, &parts.v[k]);
			} else {
				shwords_push(&out, w);
			}
		}
		if (expanded)
			shword_release(w);
		free(parts.v);
		strbuf_release(&ex);
	}
	free(c->words.v);
	c->words = out;
	free(c->word_line);
	free(c->word_col);
	c->word_line = wl;
	c->word_col = wc;
}

/* The name of the shell function whose body holds line `line` (NAME() { / function NAME), or 0;
 * *def: the line that defines it. */
static size_t function_at(const struct jobscript *js, int line, char *name, size_t size, int *def)
{
	for (int l = line - 1; l >= 1 && (size_t)l <= js->lines.nr; l--) {
		const char *t = js->lines.v[l - 1];
		t += strspn(t, " \t");
		if (t[0] == '}')
			return 0; /* a body closed before: not inside one */
		bool kw = !strncmp(t, "function ", 9);
		if (kw)
			t += 9 + strspn(t + 9, " \t");
		size_t n = 0;
		while (isalnum((unsigned char)t[n]) || t[n] == '_' || t[n] == '-' || t[n] == ':')
			n++;
		const char *after = t + n + strspn(t + n, " \t");
		if (n && n < size && (after[0] == '(' || (kw && (after[0] == '{' || !after[0])))) {
			memcpy(name, t, n);
			name[n] = 0;
			*def = l;
			return n;
		}
	}
	return 0;
}

/* A launch line inside a shell function takes the function's arguments ("$@", $1..$9): when the
 * script calls the function once (or always with the same words), those words stand in for them. */
static void function_args(struct jobscript *js, int cmd)
{
	struct jcmd *c = &js->cmds[cmd];
	if (!c->in_control)
		return;
	bool any = false;
	for (size_t i = 0; i < c->words.nr && !any; i++) {
		const char *r = c->words.v[i].raw;
		any = !strcmp(r, "\"$@\"") || !strcmp(r, "$@") || !strcmp(r, "\"${@}\"") || !strcmp(r, "$*") ||
		      !strcmp(r, "\"$*\"") || (r[0] == '$' && r[1] >= '1' && r[1] <= '9' && !r[2]) ||
		      (r[0] == '"' && r[1] == '$' && r[2] >= '1' && r[2] <= '9' && r[3] == '"' && !r[4]);
	}
	char name[64];
	int def = 0;
	if (!any || !function_at(js, c->line, name, sizeof(name), &def))
		return;
	const struct jcmd *call = NULL;
	int first = -1, ncalls = 0;
	bool differ = false;
	for (size_t k = 0; k < js->ncmds; k++) {
		const struct jcmd *o = &js->cmds[k];
		if (o->depth != 0 || (int)k == cmd || o->line == def || o->nassign_prefix >= o->words.nr ||
		    strcmp(o->words.v[o->nassign_prefix].value, name))
			continue;
		ncalls++;
		if (first < 0)
			first = (int)k;
		if (call && (call->words.nr - call->nassign_prefix != o->words.nr - o->nassign_prefix))
			differ = true;
		for (size_t w = 1; call && !differ && w < o->words.nr - o->nassign_prefix; w++)
			if (strcmp(call->words.v[call->nassign_prefix + w].raw, o->words.v[o->nassign_prefix + w].raw))
				differ = true;
		call = o;
	}
	if (differ) {
		/* called with different arguments: they stay the function's; a port says which call it takes */
		c->fn_call1 = first + 1;
		c->fn_ncalls = ncalls;
		return;
	}
	if (!call)
		return;
	size_t a0 = call->nassign_prefix + 1, na = call->words.nr - a0;
	struct shwords out;
	shwords_init(&out);
	size_t cap = c->words.nr + na + 1;
	int *wl = xmalloc(cap * sizeof(int)), *wc = xmalloc(cap * sizeof(int));
	for (size_t i = 0; i < c->words.nr; i++) {
		struct shword *w = &c->words.v[i];
		const char *r = w->raw + (w->raw[0] == '"');
		size_t from = 0, to = 0; /* the call's words [from, to) */
		if (!strncmp(r, "$@", 2) || !strncmp(r, "${@}", 4) || !strncmp(r, "$*", 2))
			from = 0, to = na;
		else if (r[0] == '$' && r[1] >= '1' && r[1] <= '9')
			from = (size_t)(r[1] - '1'), to = from + 1 <= na ? from + 1 : from;
		else
			from = to = (size_t)-1;
		if (from == (size_t)-1) {
			wl[out.nr] = c->word_line[i];
			wc[out.nr] = c->word_col[i];
			shwords_push(&out, w);
			continue;
		}
		for (size_t k = from; k < to && k < na; k++) {
			struct shword cp;
			shword_copy(&cp, &call->words.v[a0 + k]);
			wl[out.nr] = c->word_line[i];
			wc[out.nr] = c->word_col[i];
			shwords_push(&out, &cp);
		}
		shword_release(w);
	}
	free(c->words.v);
	c->words = out;
	free(c->word_line);
	free(c->word_col);
	c->word_line = wl;
	c->word_col = wc;
}

/* bash -c STRING: reads STRING as a script of its own (a per-task shell) and follows the launch
 * line inside it. */
static void follow_shell(struct jobscript *js, struct launch *l, int cmd, size_t i, int depth_guard)
{
	struct jcmd *c = &js->cmds[cmd];
	const struct shword *w = &c->words.v[i];
	bool single = w->raw[0] == '\'' && !(w->flags & SHW_UNTERMINATED);
	int line = c->word_line[i], col = c->word_col[i] + (single ? 1 : 0);
	size_t before = js->ncmds;
	struct strbuf ex = STRBUF_INIT;
	expand_lists(js, w->value, cmd, 0, &ex);
	char *text = strbuf_detach(&ex);
	parse_commands(js, text, strlen(text), line, col, js->cmds[cmd].depth + 1, cmd, single);
	free(text);
	/* the training line is the last command inside that is not set-up */
	int best = -1;
	for (size_t k = before; k < js->ncmds; k++) {
		const struct jcmd *ic = &js->cmds[k];
		if (ic->parent != cmd || ic->nassign_prefix >= ic->words.nr)
			continue;
		const char *v = base_name(ic->words.v[ic->nassign_prefix].value);
		if (!strcmp(v, "exec") || !in_strlist(not_training, v))
			best = (int)k;
	}
	if (best >= 0) {
		expand_command_words(js, best);
		follow(js, l, best, js->cmds[best].nassign_prefix, depth_guard + 1);
	}
}

static bool is_spawner_word(const char *b)
{
	return !strcmp(b, "torchrun") || !strcmp(b, "deepspeed") || !strcmp(b, "accelerate") || !strcmp(b, "horovodrun");
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);
	return n > m && !strcmp(s + n - m, suffix);
}

/* For an unknown word at i: the index of the program it wraps (python, a launcher, or a training
 * script it runs itself, *py set), or 0 when the word is the program. An affinity script in front
 * of a binary (./set_affinity_gpu.sh ./app) wraps the binary. */
static size_t wrapped_program(const struct jobscript *js, const struct jcmd *c, size_t i, int cmd, bool *py)
{
	const struct shwords *ws = &c->words;
	*py = false;
	for (size_t k = i + 1; k < ws->nr; k++) {
		const char *v = program_of(js, c, k, cmd);
		const char *nb = base_name(v);
		if (is_python(nb) || is_spawner_word(nb))
			return k;
		if (ends_with(v, ".py") && v[0] != '-' && !strchr(v, '=')) {
			const char *prev = ws->v[k - 1].value;
			if (k == i + 1 || prev[0] != '-' || strchr(prev, '=')) {
				*py = true;
				return k;
			}
			return 0;
		}
	}
	const char *p = program_of(js, c, i, cmd);
	if (ends_with(p, ".sh") && i + 1 < ws->nr) {
		const char *n = ws->v[i + 1].value;
		if ((n[0] == '.' && n[1] == '/') || n[0] == '/' || (n[0] == '$' && n[1]))
			return i + 1;
		/* a binding script by its name (set_affinity_gpu_polaris.sh lmp ..., gpu_bind.sh app) */
		const char *b = base_name(p);
		if (n[0] != '-' && (strstr(b, "affinity") || strstr(b, "bind") || strstr(b, "tile") || strstr(b, "select_gpu")))
			return i + 1;
	}
	return 0;
}

/* The training program named by a variable alone ($PROGRAM, "${SCRIPT}") that the script sets once to
 * one literal word (PROGRAM=finetune.py): the word is that program, as the shell runs it. A value
 * with a path variable or several words stays as written. */
static void resolve_script_var(struct jobscript *js, int cmd, size_t k, bool module)
{
	struct shword *w = &js->cmds[cmd].words.v[k];
	const char *r = w->raw;
	bool q = r[0] == '"';
	const char *n = r + q + 1;
	if (r[q] != '$')
		return;
	bool brace = *n == '{';
	n += brace;
	size_t l = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	const char *end = n + l + brace;
	if (!l || (brace && n[l] != '}') || strcmp(end, q ? "\"" : ""))
		return;
	char *name = xstrndup(n, l);
	const struct assign *a = js_lookup(js, name, cmd);
	free(name);
	const char *v = a && a->has_value ? a->value.value : NULL;
	if (!v || !*v || strpbrk(v, "$` \t\n;|&<>*?") || (!ends_with(v, ".py") && !module))
		return;
	struct shwords tmp;
	shwords_init(&tmp);
	shwords_push_literal(&tmp, v);
	tmp.v[0].start = w->start;
	tmp.v[0].end = w->end;
	shword_release(w);
	*w = tmp.v[0];
	free(tmp.v);
}

static void follow(struct jobscript *js, struct launch *l, int cmd, size_t i, int depth_guard)
{
	if (depth_guard > 6)
		return;
	const struct jcmd *c = &js->cmds[cmd];
	const struct shwords *ws = &c->words;
	while (i < ws->nr) {
		const char *prog = program_of(js, c, i, cmd);
		const char *b = base_name(prog);
		struct stage *s;
		if (!strcmp(b, "srun")) {
			s = new_stage(l, SK_SRUN, cmd, (int)i);
			i = read_opts(s, ws, i + 1, srun_spec, true);
		} else if (!strcmp(b, "mpiexec") || !strcmp(b, "mpirun") || !strcmp(b, "mpiexec.hydra") ||
			   !strcmp(b, "orterun") || !strcmp(b, "mpiexec.mpich") || !strcmp(b, "mpirun.openmpi") ||
			   !strcmp(b, "mpiexec.openmpi") || !strcmp(b, "prterun")) {
			s = new_stage(l, SK_MPIEXEC, cmd, (int)i);
			i = read_opts(s, ws, i + 1, mpi_spec, false);
			if (stage_opt(s, "npernode") || stage_opt(s, "map-by") || stage_opt(s, "x") || stage_opt(s, "mca") ||
			    strstr(b, "openmpi") || !strcmp(b, "orterun") || !strcmp(b, "prterun") ||
			    (!strcmp(b, "mpirun") && !stage_opt(s, "ppn")))
				s->kind = SK_MPIRUN;
		} else if (!strcmp(b, "ibrun")) {
			s = new_stage(l, SK_IBRUN, cmd, (int)i);
			i = read_opts(s, ws, i + 1, ibrun_spec, false);
		} else if (!strcmp(b, "jsrun")) {
			s = new_stage(l, SK_JSRUN, cmd, (int)i);
			i = read_opts(s, ws, i + 1, jsrun_spec, true);
		} else if (!strcmp(b, "aprun")) {
			s = new_stage(l, SK_APRUN, cmd, (int)i);
			i = read_opts(s, ws, i + 1, aprun_spec, false);
		} else if (!strcmp(b, "torchrun")) {
			s = new_stage(l, SK_TORCHRUN, cmd, (int)i);
			i = read_opts(s, ws, i + 1, torchrun_spec, false);
			s->last = (int)i;
			goto program;
		} else if (!strcmp(b, "deepspeed")) {
			s = new_stage(l, SK_DEEPSPEED, cmd, (int)i);
			i = read_opts(s, ws, i + 1, deepspeed_spec, false);
			s->last = (int)i;
			goto program;
		} else if (!strcmp(b, "accelerate") && i + 1 < ws->nr && !strcmp(ws->v[i + 1].value, "launch")) {
			s = new_stage(l, SK_ACCELERATE, cmd, (int)i);
			i = read_opts(s, ws, i + 2, accelerate_spec, false);
			s->last = (int)i;
			goto program;
		} else if (is_python(prog)) {
			size_t p = i + 1;
			while (p < ws->nr && ws->v[p].value[0] == '-' && strcmp(ws->v[p].value, "-m") &&
			       strcmp(ws->v[p].value, "-c")) {
				if (in_strlist(python_value_opts, ws->v[p].value))
					p++;
				p++;
			}
			if (p + 1 < ws->nr && !strcmp(ws->v[p].value, "-m")) {
				const char *mod = ws->v[p + 1].value;
				enum stage_kind k = SK_COUNT;
				const struct lspec *spec = NULL;
				if (!strcmp(mod, "torch.distributed.run"))
					k = SK_TORCHRUN, spec = torchrun_spec;
				else if (!strcmp(mod, "torch.distributed.launch"))
					k = SK_TDLAUNCH, spec = torchrun_spec;
				else if (!strcmp(mod, "deepspeed.launcher.runner"))
					k = SK_DEEPSPEED, spec = deepspeed_spec;
				else if (!strcmp(mod, "accelerate.commands.launch"))
					k = SK_ACCELERATE, spec = accelerate_spec;
				if (k != SK_COUNT) {
					s = new_stage(l, k, cmd, (int)i);
					s->prog = "python";
					i = read_opts(s, ws, p + 2, spec, false);
					s->last = (int)i;
					goto program;
				}
			}
			goto program;
		} else if ((!strcmp(b, "bash") || !strcmp(b, "sh") || !strcmp(b, "zsh") || !strcmp(b, "dash"))) {
			size_t p = i + 1;
			bool dash_c = false;
			while (p < ws->nr && ws->v[p].value[0] == '-' && ws->v[p].value[1] != '-') {
				if (strchr(ws->v[p].value, 'c'))
					dash_c = true;
				p++;
				if (dash_c)
					break;
			}
			if (dash_c && p < ws->nr) {
				s = new_stage(l, SK_SHELL, cmd, (int)i);
				s->prog = "bash";
				s->last = (int)p + 1;
				follow_shell(js, l, cmd, p, depth_guard);
				return;
			}
			goto program; /* bash script.sh */
		} else if (!strcmp(b, "env") || !strcmp(b, "time") || !strcmp(b, "nohup") || !strcmp(b, "exec") ||
			   !strcmp(b, "stdbuf") || !strcmp(b, "numactl") || !strcmp(b, "taskset") || !strcmp(b, "nice") ||
			   !strcmp(b, "chrt") || !strcmp(b, "timeout") || !strcmp(b, "command") || !strcmp(b, "eval")) {
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = !strcmp(b, "env") ? "env" : "wrapper";
			size_t p = i + 1;
			while (p < ws->nr) {
				const char *v = ws->v[p].value;
				if (v[0] == '-') {
					/* options with a separate value */
					if (!strcmp(v, "-u") || !strcmp(v, "-c") || !strcmp(v, "-C") || !strcmp(v, "-N") ||
					    !strcmp(v, "-m") || !strcmp(v, "-o") || !strcmp(v, "-e") || !strcmp(v, "-p") ||
					    !strcmp(v, "-n") || !strcmp(v, "-s") || !strcmp(v, "-k") || !strcmp(v, "-l"))
						p++;
					p++;
				} else if (!strcmp(b, "env") && strchr(v, '=')) {
					p++;
				} else if (!strcmp(b, "taskset") && p == i + 1 && strspn(v, "0123456789abcdefx,-") == strlen(v)) {
					p++;
				} else if (!strcmp(b, "timeout") && p == i + 1) {
					p++;
				} else {
					break;
				}
			}
			s->last = (int)p;
			i = p;
		} else if (!strcmp(b, "apptainer") || !strcmp(b, "singularity") || !strcmp(b, "podman-hpc") ||
			   !strcmp(b, "podman") || !strcmp(b, "docker")) {
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = "container";
			size_t p = i + 1;
			if (p < ws->nr && ws->v[p].value[0] != '-')
				p++; /* exec / run */
			while (p < ws->nr && ws->v[p].value[0] == '-') {
				const char *v = ws->v[p].value;
				if (!strchr(v, '=') && in_strlist(container_value_opts, v))
					p++;
				p++;
			}
			if (p < ws->nr)
				p++; /* the image */
			s->last = (int)p;
			i = p;
		} else if (!strcmp(b, "shifter")) {
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = "container";
			size_t p = i + 1;
			while (p < ws->nr && ws->v[p].value[0] == '-')
				p += strchr(ws->v[p].value, '=') || !strcmp(ws->v[p].value, "--") ? 1 : 2;
			s->last = (int)p;
			i = p;
		} else if ((!strcmp(b, "conda") || !strcmp(b, "micromamba") || !strcmp(b, "mamba")) && i + 1 < ws->nr &&
			   !strcmp(ws->v[i + 1].value, "run")) {
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = "conda-run";
			size_t p = i + 2;
			while (p < ws->nr && ws->v[p].value[0] == '-')
				p += (!strcmp(ws->v[p].value, "-n") || !strcmp(ws->v[p].value, "-p") ||
				      !strcmp(ws->v[p].value, "--name") || !strcmp(ws->v[p].value, "--prefix"))
					     ? 2
					     : 1;
			s->last = (int)p;
			i = p;
		} else if (!strcmp(b, "horovodrun")) {
			s = new_stage(l, SK_MPIRUN, cmd, (int)i);
			s->prog = "horovodrun";
			i = read_opts(s, ws, i + 1, mpi_spec, false);
		} else {
			/* an unknown word in front of the program (a profiler, an affinity or site wrapper):
			 * a wrapper when Python, a launcher or a training script follows it */
			bool py = false;
			size_t k = wrapped_program(js, c, i, cmd, &py);
			if (!k)
				goto program;
			s = new_stage(l, SK_WRAPPER, cmd, (int)i);
			s->prog = "wrapper";
			s->last = (int)k;
			i = k;
			if (py) {
				l->wrapper_runs_script = true;
				goto program; /* the wrapper runs the script itself (./accelerate.sh train.py) */
			}
			continue;
		}
		s->last = (int)i;
	}
	return;
program:
	if (i >= ws->nr)
		return;
	{
		struct stage *p = new_stage(l, SK_PROGRAM, cmd, (int)i);
		p->last = (int)ws->nr;
		/* MPMD: "mpiexec -n 8 python sim.py : -n 8 python train.py" (also srun's heterogeneous steps):
		 * the first program's words end at a lone ':' */
		bool mpi_launched = false;
		for (size_t k = 0; k + 1 < l->nstages; k++)
			mpi_launched |= l->stages[k].kind <= SK_APRUN && l->stages[k].cmd == cmd;
		if (mpi_launched)
			for (size_t k = i + 1; k < ws->nr; k++)
				if (!strcmp(ws->v[k].value, ":") && !strcmp(ws->v[k].raw, ":")) {
					p->last = (int)k;
					l->mpmd = true;
					break;
				}
		const char *pw = program_of(js, c, i, cmd);
		p->prog = is_python(pw) || ends_with(pw, ".py") ? "python" : "other";
		l->prog_stage = (int)l->nstages - 1;
		size_t k = i;
		if (is_python(program_of(js, c, i, cmd))) {
			k = i + 1;
			while (k < ws->nr && ws->v[k].value[0] == '-' && strcmp(ws->v[k].value, "-m") &&
			       strcmp(ws->v[k].value, "-c")) {
				if (in_strlist(python_value_opts, ws->v[k].value))
					k++;
				k++;
			}
			if (k < ws->nr && !strcmp(ws->v[k].value, "-m"))
				l->module = true, k++;
			else if (k < ws->nr && !strcmp(ws->v[k].value, "-c"))
				k = ws->nr; /* python -c CODE: no script */
		} else if (l->nstages >= 2) {
			const struct stage *sp = &l->stages[l->nstages - 2];
			if ((sp->kind == SK_TORCHRUN || sp->kind == SK_TDLAUNCH || sp->kind == SK_ACCELERATE ||
			     sp->kind == SK_DEEPSPEED) &&
			    (stage_opt(sp, "module")))
				l->module = true;
			if (sp->kind == SK_TORCHRUN || sp->kind == SK_TDLAUNCH || sp->kind == SK_ACCELERATE ||
			    sp->kind == SK_DEEPSPEED)
				p->prog = stage_opt(sp, "no-python") ? "other" : "python";
		}
		p->first = (int)i;
		l->script_word = k < ws->nr ? (int)k : -1;
		if (l->script_word >= 0)
			resolve_script_var(js, cmd, k, l->module);
	}
}

/* How much a launch line looks like the training launch (0 = not a launch line). */
static int launch_weight(const struct jobscript *js, const struct launch *l)
{
	int w = 0;
	bool launcher = false, spawner = false, python = false, training_prog = false;
	for (size_t i = 0; i < l->nstages; i++) {
		enum stage_kind k = l->stages[i].kind;
		if (k <= SK_APRUN)
			launcher = true;
		else if (k >= SK_TORCHRUN && k <= SK_ACCELERATE)
			spawner = true;
	}
	if (l->prog_stage >= 0) {
		const struct stage *p = &l->stages[l->prog_stage];
		const struct jcmd *c = &js->cmds[p->cmd];
		python = !strcmp(p->prog, "python");
		const char *b = base_name(c->words.v[p->first].value);
		training_prog = python ? l->script_word >= 0 : !in_strlist(not_training, b);
		if (python && l->script_word >= 0) {
			const char *sw = c->words.v[l->script_word].value;
			/* data preparation and environment probes are not the training launch */
			if (strstr(sw, "download") || strstr(sw, "prepare") || strstr(sw, "preprocess"))
				training_prog = launcher || spawner;
		}
	}
	if (!training_prog)
		return 0;
	if (spawner)
		w += 4;
	if (launcher)
		w += 2;
	if (python)
		w += 1;
	if (!launcher && !spawner && !python)
		return 0;
	return w;
}

void find_launches(struct jobscript *js)
{
	size_t n = js->ncmds;
	for (size_t ci = 0; ci < n; ci++) {
		if (js->cmds[ci].depth != 0)
			continue;
		function_args(js, (int)ci);
		expand_command_words(js, (int)ci);
		struct launch l = {0};
		l.cmd = (int)ci;
		l.prog_stage = -1;
		l.script_word = -1;
		follow(js, &l, (int)ci, js->cmds[ci].nassign_prefix, 0);
		if (launch_weight(js, &l) > 0) {
			JS_GROW(js->launches, js->nlaunches);
			js->launches[js->nlaunches++] = l;
		} else {
			for (size_t k = 0; k < l.nstages; k++) {
				for (size_t o = 0; o < l.stages[k].nopts; o++)
					free(l.stages[k].opts[o].value);
				free(l.stages[k].opts);
			}
			free(l.stages);
		}
	}
}

int js_launch_weight(const struct jobscript *js, int i)
{
	return i >= 0 && (size_t)i < js->nlaunches ? launch_weight(js, &js->launches[i]) : 0;
}

int js_main_launch(const struct jobscript *js)
{
	int best = -1, bw = 0;
	if (js->flux_line) /* a Flux job: its launch lines are Flux's, which maple does not read */
		return -1;
	/* the first of the heaviest; of two as heavy, not a single-task helper step; a data step's name
	 * only when there is nothing else (steps.c) */
	bool others = false;
	for (size_t i = 0; i < js->nlaunches && !others; i++)
		others = js_step_rank(js, (int)i) < 2;
	for (int i = 0, br = 0; (size_t)i < js->nlaunches; i++) {
		int w = launch_weight(js, &js->launches[i]), r = js_step_rank(js, i);
		if (w > 0 && !(others && r == 2) && (w > bw || (w == bw && r < br)))
			best = i, bw = w, br = r;
	}
	return best;
}
