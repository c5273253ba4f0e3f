/* per_task.c - the port of a job whose program takes its rank from the MPI launcher itself: a Horovod
 * program (hvd.init() reads the MPI rank), a JAX program (jax.distributed.initialize() detects Slurm's
 * per-task variables) and the job's own MPI/CUDA binary. Their launch shape is one task per GPU started by
 * the target's launcher (srun, mpiexec, ibrun, Open MPI's mpirun), with no torchrun: the port writes the
 * target's header as for PyTorch DDP (the same nodes and GPUs), then its launch section for one task per
 * GPU (each task also given torch.distributed's rank variables, for the mini-app of verify --run). What cannot run there is refused with the reason (a CUDA binary on AMD or Intel GPUs; JAX
 * under PBS's mpiexec, which its auto-detection does not cover). Decided in session 25
 * (tests/heldout/README.md: 841, 856, 857, 876). */
#include "port.h"

#include "../script/hints.h"
#include "../util/strbuf.h"
#include "../util/strvec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* A PyTorch program started once per GPU by the old launcher (no torchrun) that is told its rank in its
 * own arguments: `--rank $SLURM_PROCID`, `--local_rank $PMI_LOCAL_RANK`, srun --multi-prog's `--rank %t`.
 * A port keeps that shape (one task per GPU, each expanding its own rank); a torchrun per node would give
 * every worker of a node the same number. */
static bool ranked_args(const struct script_reading *sr)
{
	const struct launch_plan *p = &sr->plan;
	if (sr->helper || p->launch < 0 || p->spawner || !p->prog || !sr->hints || sr->fw.framework != FW_PYTORCH ||
	    sr->fw.family)
		return false;
	const struct launch *l = &sr->js.launches[p->launch];
	const struct shwords *ws = &sr->js.cmds[p->prog->cmd].words;
	for (int i = l->script_word + 1; l->script_word >= 0 && i < p->prog->last && (size_t)i < ws->nr; i++) {
		const struct shword *w = &ws->v[i];
		if (l->multi_prog_uniform && strstr(w->raw, "%t"))
			return true;
		for (size_t k = 0; k < w->nsegs; k++) {
			const struct task_var_hint *tv =
				w->segs[k].kind == SEG_VAR ? launch_task_var(sr->hints, w->segs[k].text) : NULL;
			if (tv && (!strcmp(tv->means, "rank") || !strcmp(tv->means, "local_rank")))
				return true;
		}
	}
	return false;
}

const char *port_per_task_kind(const struct script_reading *sr)
{
	const struct fw_guess *g = &sr->fw;
	if (g->family && !strcmp(g->family, "horovod"))
		return "horovod";
	if (g->family && !strcmp(g->family, "mpi"))
		return "mpi";
	if (g->framework == FW_NONE && g->why && strstr(g->why, "JAX") && !g->family)
		return "jax";
	if (ranked_args(sr))
		return "ranked";
	return NULL;
}

static bool vendor_is(const struct cluster *c, const char *v)
{
	return c && c->hw.gpu_vendor && !strcasecmp(c->hw.gpu_vendor, v);
}

enum port_status port_per_task_request(const struct script_reading *sr, const struct cluster *target, struct request *req,
				       struct strvec *why)
{
	const char *kind = port_per_task_kind(sr);
	if (!kind)
		return PORT_OK;
	const char *from_vendor = sr->cluster && sr->cluster->hw.gpu_vendor ? sr->cluster->hw.gpu_vendor : NULL;
	const char *to_vendor = target->hw.gpu_vendor ? target->hw.gpu_vendor : "its";
	if (!strcmp(kind, "mpi") && from_vendor && strcasecmp(from_vendor, to_vendor)) {
		strvec_pushf(why, "'%s' is an MPI application built for %s's %s GPUs: a binary does not run on %s's %s "
				  "GPUs - port its source to %s (%s), rebuild it there and write its launch line by hand",
			     req->script, sr->cluster->name, port_vendor_name(from_vendor), target->name, port_vendor_name(to_vendor),
			     target->name,
			     vendor_is(target, "amd") ? "HIP/ROCm" : vendor_is(target, "intel") ? "SYCL/oneAPI" : "CUDA");
		return PORT_ERROR;
	}
	if (!strcmp(kind, "mpi") && req->script && !strchr(req->script, '/')) {
		/* `srun lmp ...`, `gmx_mpi mdrun`: found on PATH, a build of the old centre's modules or image */
		strvec_pushf(why, "'%s' is an application the old centre provides (its module or container puts it on PATH), "
				  "not a program of the job's own: the port drops the old modules, so it would not be found; load "
				  "%s's own build of it and write its launch line by hand",
			     req->script, target->name);
		return PORT_ERROR;
	}
	long ranks = sr->plan.workers_per_node, gpus = sr->plan.header.gpus_per_node;
	if (!strcmp(kind, "mpi") && ranks > 0 && gpus > 0 && ranks != gpus) {
		/* MPS (several ranks per GPU on purpose) or ranks that leave GPUs to threads */
		strvec_pushf(why, "'%s' starts %ld MPI ranks per node on %ld GPUs (several ranks per GPU on purpose, as "
				  "under MPS, or GPUs shared by threads): the port's one task per GPU would change the "
				  "decomposition - write its launch for %s by hand",
			     req->script, ranks, gpus, target->name);
		return PORT_ERROR;
	}
	if (!strcmp(kind, "jax") && target->scheduler == SCHED_PBS) {
		strvec_pushf(why, "'%s' is a JAX program: jax.distributed.initialize() finds its process id, process count "
				  "and coordinator by itself under Slurm (srun) and Open MPI, not under %s's PBS mpiexec (PALS), "
				  "so a launch of maple's there would start unconnected processes; pass coordinator_address, "
				  "num_processes and process_id (from PMI_RANK and PMI_SIZE) to initialize() in the program, then "
				  "write its launch for %s by hand, one rank per GPU "
				  "(https://jax.readthedocs.io/en/latest/multi_process.html)",
			     req->script, target->name, target->name);
		return PORT_ERROR;
	}
	int line = sr->js.cmds[sr->js.launches[sr->plan.launch].cmd].line;
	if (!strcmp(kind, "ranked")) {
		request_warn(req, "line %d: '%s' is told its rank in its arguments: the port starts it as one task per GPU "
				  "with %s's launcher, as the old launch did, each task expanding its own rank (no torchrun)",
			     line, req->script, target->name);
		return PORT_OK;
	}
	/* the header is a PyTorch DDP job's of the same size; the launch section is written again afterwards */
	req->framework = FW_PYTORCH;
	req->strategy = ST_DDP;
	if (!strcmp(kind, "horovod"))
		request_warn(req, "line %d: '%s' is a Horovod program: the port starts it as one MPI task per GPU with %s's "
				  "MPI launcher, as horovodrun/mpirun did; Horovod must be installed in %s's environment, built "
				  "for its MPI and its %s GPUs",
			     line, req->script, target->name, target->name, to_vendor);
	else if (!strcmp(kind, "jax"))
		request_warn(req, "line %d: '%s' is a JAX program: the port starts it as one task per GPU with srun (or Open "
				  "MPI's mpirun), whose variables jax.distributed.initialize() reads by itself; JAX for %s's %s "
				  "GPUs must be installed in the environment the job activates (maple loads no JAX module)",
			     line, req->script, target->name, to_vendor);
	else
		request_warn(req, "line %d: '%s' is an MPI/CUDA application: the port starts it as one MPI task per GPU with "
				  "%s's launcher; rebuild it there against %s's MPI and CUDA modules first (the binary of "
				  "%s will not find its libraries)",
			     line, req->script, target->name, target->name, sr->cluster ? sr->cluster->name : "the old cluster");
	return PORT_OK;
}

/* The line of script that starts at offset at (its end excluded) */
static size_t line_end(const char *s, size_t at)
{
	const char *e = strchr(s + at, '\n');
	return e ? (size_t)(e - s) : strlen(s);
}

/* Replaces [from, to) of sb with text. */
static void splice(struct strbuf *sb, size_t from, size_t to, const char *text)
{
	struct strbuf out = STRBUF_INIT;
	strbuf_add(&out, sb->buf, from);
	strbuf_adds(&out, text);
	strbuf_adds(&out, sb->buf + to);
	strbuf_reset(sb);
	strbuf_add(sb, out.buf, out.len);
	strbuf_release(&out);
}

/* The header line that starts with prefix (whole word: "#SBATCH -n "), its value replaced by value. */
static void set_directive(struct strbuf *sb, const char *prefix, long value)
{
	size_t n = strlen(prefix);
	for (size_t at = 0; at < sb->len;) {
		size_t e = line_end(sb->buf, at);
		if (!strncmp(sb->buf + at, prefix, n)) {
			char v[32];
			snprintf(v, sizeof(v), "%ld", value);
			splice(sb, at + n, e, v);
			return;
		}
		at = e + 1;
	}
}

/* The value of the header line that starts with prefix, or 0. */
static long directive_value(const struct strbuf *sb, const char *prefix)
{
	size_t n = strlen(prefix);
	for (size_t at = 0; at < sb->len;) {
		size_t e = line_end(sb->buf, at);
		if (!strncmp(sb->buf + at, prefix, n))
			return atol(sb->buf + at + n);
		at = e + 1;
	}
	return 0;
}

/* Removes the section titled title ("\n# --- environment check ...") up to the next section. */
static void drop_section(struct strbuf *sb, const char *title)
{
	char *s = strstr(sb->buf, title);
	if (!s)
		return;
	size_t from = (size_t)(s - sb->buf);
	char *next = strstr(s + strlen(title), "\n# --- ");
	size_t to = next ? (size_t)(next - sb->buf) : sb->len;
	if (from > 0 && sb->buf[from - 1] == '\n')
		from--; /* the blank line before it */
	splice(sb, from, to, "");
}

int port_per_task_launch(const struct script_reading *sr, const struct cluster *target, const struct template *t,
			 const struct request *req, struct strbuf *script, struct strvec *why)
{
	const char *kind = port_per_task_kind(sr);
	if (!kind || !script->len)
		return 0;
	char *ls = strstr(script->buf, "\n# --- launch ---\n");
	if (!ls) {
		strvec_pushf(why, "the launch of '%s' (one task per GPU) has no place in %s's script (template %s): write it "
				  "by hand",
			     req->script, target->name, t ? t->id : "none");
		return -1;
	}
	size_t sec = (size_t)(ls - script->buf) + strlen("\n# --- launch ---\n");
	size_t sec_end = script->len;
	char *nx = strstr(script->buf + sec, "\n# --- ");
	if (nx)
		sec_end = (size_t)(nx - script->buf) + 1;
	/* the launch line: the one whose per-task shell runs the program */
	size_t at = sec, le = 0;
	const char *q = NULL;
	for (; at < sec_end; at = le + 1) {
		le = line_end(script->buf, at);
		const char *l = script->buf + at;
		const char *b = strstr(l, "bash -c '");
		if (b && b < script->buf + le &&
		    (!strncmp(l, "srun ", 5) || !strncmp(l, "mpiexec ", 8) || !strncmp(l, "ibrun ", 6) || !strncmp(l, "mpirun ", 7))) {
			q = b;
			break;
		}
	}
	/* the program and its arguments inside the quotes: after torchrun's rendezvous or `python -u ` */
	const char *cmd = NULL;
	static const char *const marks[] = {"--master_port=$MASTER_PORT ", "--master_port $MASTER_PORT ", "python -u ", NULL};
	for (const char *const *m = marks; q && *m && !cmd; m++)
		for (const char *p = strstr(q, *m); p && p < script->buf + le; p = strstr(p + 1, *m))
			cmd = p + strlen(*m);
	const char *close = NULL;
	for (const char *p = script->buf + le - 1; q && p > q; p--)
		if (*p == '\'') {
			close = p;
			break;
		}
	if (!q || !cmd || !close || close < cmd) {
		strvec_pushf(why, "the launch of '%s' (one task per GPU) does not fit %s's launch line (template %s): write it "
				  "by hand",
			     req->script, target->name, t ? t->id : "none");
		return -1;
	}
	long G = req->gpus_per_node > 0 ? req->gpus_per_node : 1, N = req->nodes > 0 ? req->nodes : 1, W = N * G;
	bool per_node = t && t->tasks_per == TASKS_PER_NODE;
	struct strbuf line = STRBUF_INIT;
	if (!strcmp(kind, "jax") && !strncmp(script->buf + at, "ibrun ", 6)) {
		/* JAX reads SLURM_PROCID per task: srun's tasks have it, ibrun's do not */
		strbuf_addf(&line, "srun -N %ld -n %ld --ntasks-per-node=%ld ", N, W, G);
		strbuf_add(&line, script->buf + at + 6 /* after "ibrun " */, (size_t)(q - (script->buf + at + 6)));
	} else if (per_node && !strncmp(script->buf + at, "srun ", 5)) {
		/* srun -N n -n n --ntasks-per-node=1 [container] bash -c: the task counts per GPU */
		const char *opt = strstr(script->buf + at, "--ntasks-per-node=1 ");
		if (!opt || opt > q) {
			strbuf_release(&line);
			strvec_pushf(why, "the launch of '%s' (one task per GPU) does not fit %s's launch line (template %s): "
					  "write it by hand",
				     req->script, target->name, t ? t->id : "none");
			return -1;
		}
		strbuf_addf(&line, "srun -N %ld -n %ld --ntasks-per-node=%ld ", N, W, G);
		const char *rest = opt + strlen("--ntasks-per-node=1 ");
		strbuf_add(&line, rest, (size_t)(q - rest));
	} else if (per_node && !strncmp(script->buf + at, "mpirun ", 7)) {
		/* Open MPI's mpirun -np n --map-by ppr:1:node (TACC Vista): G per node */
		const char *np = strstr(script->buf + at, "-np "), *ppr = strstr(script->buf + at, "--map-by ppr:1:node ");
		if (!np || !ppr || np > q || ppr > q || ppr < np) {
			strbuf_release(&line);
			strvec_pushf(why, "the launch of '%s' (one task per GPU) does not fit %s's launch line (template %s): "
					  "write it by hand",
				     req->script, target->name, t ? t->id : "none");
			return -1;
		}
		const char *after_np = np + 4 + strspn(np + 4, "0123456789");
		strbuf_add(&line, script->buf + at, (size_t)(np - (script->buf + at)));
		strbuf_addf(&line, "-np %ld", W);
		strbuf_add(&line, after_np, (size_t)(ppr - after_np));
		strbuf_addf(&line, "--map-by ppr:%ld:node ", G);
		const char *rest = ppr + strlen("--map-by ppr:1:node ");
		strbuf_add(&line, rest, (size_t)(q - rest));
	} else {
		strbuf_add(&line, script->buf + at, (size_t)(q - (script->buf + at)));
	}
	/* every task sees the node's GPUs and takes its own by its local rank, as these programs do
	 * (hvd.local_rank(), JAX's local process id, "local rank % GPUs"): a launch that binds one GPU to each
	 * task (Frontier's --gpus-per-task=1 --gpu-bind=closest) would leave device 0 alone visible */
	static const char bind1[] = "--gpus-per-task=1 --gpu-bind=closest ";
	char *b1 = strstr(line.buf, bind1);
	if (b1) {
		char per[48];
		snprintf(per, sizeof(per), "--gpus-per-node=%ld ", G);
		size_t off = (size_t)(b1 - line.buf);
		struct strbuf x = STRBUF_INIT;
		strbuf_add(&x, line.buf, off);
		strbuf_adds(&x, per);
		strbuf_adds(&x, line.buf + off + sizeof(bind1) - 1);
		strbuf_reset(&line);
		strbuf_add(&line, x.buf, x.len);
		strbuf_release(&x);
	}
	bool binary = !strcmp(kind, "mpi");
	/* the arguments read the node's index from the port's own export (taskargs.c: ibrun sets none) */
	bool node_rank = false;
	for (const char *p = strstr(cmd, "NODE_RANK"); p && p < close && !node_rank; p = strstr(p + 1, "NODE_RANK"))
		node_rank = p > cmd && (p[-1] == '$' || p[-1] == '{') && !(p[9] == '_' || (p[9] >= 'A' && p[9] <= 'Z'));
	/* each task also gets torch.distributed's variables from its launcher's (harmless to Horovod, JAX and a
	 * binary; what the mini-app of `maple verify --run` reads in the program's place): a per-GPU template's
	 * own exports, else the launcher's per-task rank variables */
	strbuf_adds(&line, "bash -c '");
	const char *ex = strstr(q, "export RANK=");
	const char *py = strstr(q, "python -u ");
	if (!per_node && ex && py && ex < py && py < close) {
		const char *e = py;
		if (e - ex >= 5 && !strncmp(e - 5, "exec ", 5))
			e -= 5;
		strbuf_add(&line, ex, (size_t)(e - ex));
	} else if (!strncmp(line.buf, "srun ", 5)) {
		strbuf_adds(&line, "export RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS; ");
	} else if (!strncmp(line.buf, "mpirun ", 7)) {
		strbuf_adds(&line, "export RANK=$OMPI_COMM_WORLD_RANK LOCAL_RANK=$OMPI_COMM_WORLD_LOCAL_RANK "
				   "WORLD_SIZE=$OMPI_COMM_WORLD_SIZE");
		if (node_rank)
			strbuf_addf(&line, " NODE_RANK=$((OMPI_COMM_WORLD_RANK / %ld))", G); /* ppr:G:node: blocks of G */
		strbuf_adds(&line, "; ");
	} else if (!strncmp(line.buf, "ibrun ", 6)) {
		/* ibrun places consecutive ranks on a node */
		strbuf_addf(&line, "export RANK=$PMI_RANK LOCAL_RANK=$((PMI_RANK %% %ld)) WORLD_SIZE=$PMI_SIZE", G);
		if (node_rank)
			strbuf_addf(&line, " NODE_RANK=$((PMI_RANK / %ld))", G);
		strbuf_adds(&line, "; ");
	}
	strbuf_adds(&line, binary ? "exec " : "exec python -u ");
	strbuf_add(&line, cmd, (size_t)(close - cmd) + 1);
	/* the launch section: the lines before the launch (MASTER_ADDR, MASTER_PORT), then the per-task line (no
	 * rendezvous of torchrun's) */
	struct strbuf sec_text = STRBUF_INIT;
	for (size_t k = sec; k < at;) {
		size_t e = line_end(script->buf, k);
		if (strncmp(script->buf + k, "# shellcheck", 12))
			strbuf_add(&sec_text, script->buf + k, e - k + 1);
		k = e + 1;
	}
	strbuf_adds(&sec_text, "# shellcheck disable=SC2016  # expanded per task by the inner bash\n");
	strbuf_add(&sec_text, line.buf, line.len);
	strbuf_addch(&sec_text, '\n');
	/* the lines of the section after the launch line (a loop's end is in its own section) stay */
	strbuf_add(&sec_text, script->buf + le + (le < sec_end), sec_end > le + 1 ? sec_end - le - 1 : 0);
	splice(script, sec, sec_end, sec_text.buf);
	strbuf_release(&sec_text);
	strbuf_release(&line);
	/* the header: one task per GPU */
	if (per_node && target->scheduler == SCHED_SLURM) {
		long cpt = directive_value(script, "#SBATCH --cpus-per-task=");
		set_directive(script, "#SBATCH -n ", W); /* TACC's header: -N and -n */
		set_directive(script, "#SBATCH --ntasks-per-node=", G);
		if (cpt > 0)
			set_directive(script, "#SBATCH --cpus-per-task=", cpt / G > 0 ? cpt / G : 1);
	}
	/* no torch to check for in a JAX job or a binary */
	if (strcmp(kind, "horovod"))
		drop_section(script, "# --- environment check");
	return 0;
}
