/* launch_opts.c - the launchers' option tables (srun, mpiexec/mpirun, ibrun, jsrun, flux run, aprun, torchrun,
 * deepspeed, accelerate launch; container runtimes' and python's options that take a value) and the
 * reader of a stage's options by its table. The chain of programs a command runs is launch.c's. */
#include "jobscript.h"
#include "launch_opts.h"

#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

struct lspec {
	const char *spellings; /* NULL ends a table */
	const char *name;
	int nvalues;
};

/* NVIDIA's Pyxis/enroot SPANK plugin (https://github.com/NVIDIA/pyxis/wiki/Usage), the one list of its
 * options: srun reads them by it (valued options and flags, so that a flag before the program,
 * `--no-container-mount-home torchrun ...`, does not take the program as its value), and verify asks
 * pyxis_option() which #SBATCH/srun options need the plugin. Named, never matched by a prefix: Slurm's own
 * --container and --container-id (srun_spec) are no Pyxis options. */
static const struct lspec pyxis_spec[] = {
	{"--container-image", "container-image", 1},
	{"--container-mounts", "container-mounts", 1},
	{"--container-workdir", "container-workdir", 1},
	{"--container-name", "container-name", 1},
	{"--container-save", "container-save", 1},
	{"--container-env", "container-env", 1},
	{"--container-mount-home|--no-container-mount-home", "container-mount-home", 0},
	{"--container-remap-root|--no-container-remap-root", "container-remap-root", 0},
	{"--container-entrypoint|--no-container-entrypoint|--container-entrypoint-log", "container-entrypoint", 0},
	{"--container-writable|--container-readonly", "container-writable", 0},
	{NULL, NULL, 0},
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
	/* Slurm's own OCI containers (https://slurm.schedmd.com/containers.html): --container since 21.08,
	 * --container-id since 23.11; not Pyxis's, whatever their prefix */
	{"--container", "container", 1},
	{"--container-id", "container-id", 1},
	{NULL, NULL, 0}, /* and Pyxis's options (pyxis_spec): find_spec reads both */
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
	/* Open MPI's rankfile: each rank pinned to a node and its cores (https://docs.open-mpi.org/en/v5.0.x/man-openmpi/man1/mpirun.1.html) */
	{"--rankfile|-rankfile|-rf", "rankfile", 1},
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

/* flux run / flux submit (flux-core man pages flux-run(1), flux-submit(1): JOB PARAMETERS, STANDARD I/O,
 * ENVIRONMENT, OTHER OPTIONS; https://flux-framework.readthedocs.io/projects/flux-core/en/latest/man1/flux-run.html). */
static const struct lspec flux_spec[] = {
	{"-N|--nodes", "nodes", 1},
	{"-n|--ntasks", "ntasks", 1},
	{"-c|--cores-per-task", "cores-per-task", 1},
	{"-g|--gpus-per-task", "gpus-per-task", 1},
	{"--gpus-per-node", "gpus-per-node", 1},
	{"--tasks-per-node", "tasks-per-node", 1},
	{"--tasks-per-core", "tasks-per-core", 1},
	{"--cores", "cores", 1},
	{"-t|--time-limit", "time-limit", 1},
	{"-q|--queue", "queue", 1},
	{"-B|--bank", "bank", 1},
	{"-o|--setopt", "setopt", 1},
	{"-S|--setattr", "setattr", 1},
	{"--env", "env", 1},
	{"--env-remove", "env-remove", 1},
	{"--env-file", "env-file", 1},
	{"--cwd", "cwd", 1},
	{"--job-name", "job-name", 1},
	{"--output", "output", 1},
	{"--error", "error", 1},
	{"--input", "input", 1},
	{"--urgency", "urgency", 1},
	{"--dependency", "dependency", 1},
	{"--requires", "requires", 1},
	{"--begin-time", "begin-time", 1},
	{"--signal", "signal", 1},
	{"--taskmap", "taskmap", 1},
	{"--flags", "flags", 1},
	{"--add-file", "add-file", 1},
	{"--cc|--bcc", "cc", 1},
	{"--rlimit", "rlimit", 1},
	{"--log|--log-stderr", "log", 1},
	{"--wait-event", "wait-event", 1},
	{"-x|--exclusive", "exclusive", 0},
	{"-l|--label-io", "label-io", 0},
	{"-u|--unbuffered", "unbuffered", 0},
	{"-v|--verbose", "verbose", 0},
	{"--quiet|--wait|--watch|--dry-run|--debug", "flag", 0},
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

/* Options of the project-environment managers' `run` that take a value (uv run,
 * https://docs.astral.sh/uv/reference/cli/#uv-run; pixi run, https://pixi.sh/latest/reference/cli/pixi/run/;
 * poetry run, https://python-poetry.org/docs/cli/#global-options): the rest are flags. */
static const char *const envrun_value_opts[] = {
	"--with",	  "--with-editable", "--with-requirements", "--extra",	      "--group",      "--no-group",
	"--only-group", "--package",	     "--project",	    "--directory",    "--python",     "-p",
	"--env-file",	  "--index",	     "--default-index",	    "--index-url",    "-i",	      "--extra-index-url",
	"--find-links", "-f",		     "--config-file",	    "--cache-dir",    "--color",      "--index-strategy",
	"--keyring-provider", "--resolution", "--prerelease",	    "--exclude-newer", "--link-mode", "--python-platform",
	"--environment", "-e",		     "--manifest-path",	    "-P",	      "-C",	      "--refresh-package",
	"--reinstall-package", "--upgrade-package", "--no-binary-package", "--no-build-package", "--only-dev",
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

/* The entry after s, going on from the end of srun's table into Pyxis's (srun takes the plugin's
 * options where a site installed it); NULL at the end. */
static const struct lspec *spec_next(const struct lspec *s)
{
	s++;
	if (!s->spellings && s == srun_spec + sizeof(srun_spec) / sizeof(srun_spec[0]) - 1)
		s = pyxis_spec;
	return s->spellings ? s : NULL;
}

static const struct lspec *find_spec(const struct lspec *spec, const char *word, size_t n)
{
	for (const struct lspec *s = spec->spellings ? spec : NULL; s; s = spec_next(s))
		if (spelled_as(s->spellings, word, n))
			return s;
	/* argparse (torchrun, deepspeed, accelerate) and getopt_long (srun, mpirun) take an unambiguous
	 * prefix of a long option: --nproc_per_nod=4 is --nproc_per_node=4 */
	if (n < 4 || word[0] != '-' || word[1] != '-')
		return NULL;
	const struct lspec *found = NULL;
	for (const struct lspec *s = spec->spellings ? spec : NULL; s; s = spec_next(s))
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
size_t launch_read_opts(struct stage *s, const struct shwords *ws, size_t i, const struct lspec *spec,
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

const struct lspec *launch_spec(enum stage_kind k)
{
	switch (k) {
	case SK_SRUN:
		return srun_spec;
	case SK_MPIEXEC:
	case SK_MPIRUN:
		return mpi_spec;
	case SK_IBRUN:
		return ibrun_spec;
	case SK_JSRUN:
		return jsrun_spec;
	case SK_FLUX:
		return flux_spec;
	case SK_APRUN:
		return aprun_spec;
	case SK_TORCHRUN:
	case SK_TDLAUNCH:
		return torchrun_spec;
	case SK_DEEPSPEED:
		return deepspeed_spec;
	case SK_ACCELERATE:
		return accelerate_spec;
	default:
		return NULL;
	}
}

const char *launch_option_name(enum stage_kind k, const char *word)
{
	const struct lspec *spec = launch_spec(k);
	if (!spec)
		return NULL;
	const char *eq = strchr(word, '=');
	const struct lspec *o = find_spec(spec, word, eq ? (size_t)(eq - word) : strlen(word));
	return o ? o->name : NULL;
}

bool pyxis_option(const char *spelled)
{
	if (!spelled || strncmp(spelled, "--", 2))
		return false;
	size_t n = strcspn(spelled, "=");
	for (const struct lspec *s = pyxis_spec; s->spellings; s++)
		if (spelled_as(s->spellings, spelled, n))
			return true;
	return false;
}

/* The program's options that name its collective backend (torch.distributed's init_process_group
 * backend): argparse spellings in training scripts (--backend, --dist-backend, --ddp-backend in fairseq and
 * HF Trainer, --distributed-backend in Megatron-LM), '_' and '-' alike, and hydra's `backend=` override
 * (which takes no next word). One list for the port (src/port/port.c), verify (checks_env.c) and the
 * lab copy (src/run/vcopy.c). */
int backend_option(const char *word)
{
	static const char *const spellings = "--backend|--dist-backend|--ddp-backend|--distributed-backend";
	if (!word)
		return 0;
	size_t n = strcspn(word, "=");
	if (spelled_as(spellings, word, n))
		return word[n] == '=' ? 1 : 2;
	return n == 7 && !strncmp(word, "backend", 7) && word[n] == '=' ? 1 : 0;
}

bool var_default(const char *word, char *name, size_t ncap, char *lit, size_t lcap)
{
	if (!word || strncmp(word, "${", 2) || !ncap || !lcap)
		return false;
	const char *p = word + 2;
	size_t n = 0;
	while (isalnum((unsigned char)p[n]) || p[n] == '_')
		n++;
	if (!n || isdigit((unsigned char)p[0]))
		return false;
	const char *d = p + n + (p[n] == ':');
	if (*d != '-')
		return false;
	d++;
	size_t l = strspn(d, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,@%+=-");
	if (!l || strcmp(d + l, "}"))
		return false;
	snprintf(name, ncap, "%.*s", (int)n, p);
	snprintf(lit, lcap, "%.*s", (int)l, d);
	return true;
}

bool python_value_opt(const char *w)
{
	return strs_has(python_value_opts, w);
}

bool envrun_value_opt(const char *w)
{
	return strs_has(envrun_value_opts, w);
}

bool container_value_opt(const char *w)
{
	return strs_has(container_value_opts, w);
}

const struct lopt *stage_opt(const struct stage *s, const char *name)
{
	for (size_t i = s->nopts; i-- > 0;)
		if (!strcmp(s->opts[i].name, name))
			return &s->opts[i];
	return NULL;
}
