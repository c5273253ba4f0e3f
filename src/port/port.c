/* port.c - porting policy: an old script's request re-aimed at another cluster. The world size is
 * kept on the fewest whole target nodes (or the node count with --keep-nodes); Megatron's tensor
 * parallel groups must fit the target's nodes; the user's DeepSpeed config is kept; jobs maple
 * cannot port whole (no launch line, an MPI application, Horovod) are refused with the reason. */
#include "port.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* qsort order of "line N: ..." entries. */
static int port_dropped_line(const void *a, const void *b)
{
	int x = atoi(*(char *const *)a + 5), y = atoi(*(char *const *)b + 5);
	return (x > y) - (x < y);
}

bool port_place(long world, int T, int *nodes, int *gpn)
{
	if (world < 1 || T < 1)
		return false;
	for (long n = (world + T - 1) / T; n <= world; n++)
		if (world % n == 0 && world / n <= T) {
			*nodes = (int)n;
			*gpn = (int)(world / n);
			return true;
		}
	return false; /* not reached: n = world always fits */
}

/* A launch line inside a shell function that the script calls with different arguments ("$@", $1 are
 * the function's, not the job's): the port has one launch line, so it takes the first call's words and
 * says which calls it leaves. */
static void port_function_call_args(const struct script_reading *sr, struct request *req)
{
	if (sr->helper || sr->plan.launch < 0 || !sr->plan.prog)
		return;
	const struct jobscript *js = &sr->js;
	const struct jcmd *c = &js->cmds[sr->plan.prog->cmd];
	while (!c->fn_call1 && c->depth > 0 && c->parent >= 0)
		c = &js->cmds[c->parent]; /* srun bash -c '... "$@"' in the function: the outer command */
	if (!c->fn_call1)
		return;
	const struct jcmd *call = &js->cmds[c->fn_call1 - 1];
	size_t a0 = call->nassign_prefix + 1, na = call->words.nr - a0;
	struct shwords out;
	shwords_init(&out);
	bool changed = false;
	for (size_t i = 0; i < req->args.nr; i++) {
		const struct shword *w = &req->args.v[i];
		struct js_posref p;
		struct shword cp;
		if (!w->raw || !js_positional_ref(w->raw, &p)) {
			shword_copy(&cp, w);
			shwords_push(&out, &cp);
			continue;
		}
		size_t from = (size_t)(p.from - 1), to = p.count < 0 ? na : from + (size_t)p.count;
		changed = true;
		if (from >= na && p.def) {
			char *d = xstrndup(p.def, p.deflen);
			shwords_push_literal(&out, d);
			free(d);
		}
		for (size_t k = from; k < to && k < na; k++) {
			shword_copy(&cp, &call->words.v[a0 + k]);
			shwords_push(&out, &cp);
		}
	}
	if (!changed) {
		shwords_release(&out);
		return;
	}
	shwords_release(&req->args);
	req->args = out;
	request_warn(req, "line %d: the launch is in the shell function %s, which the script calls %d times with "
			  "different arguments: the port runs the first call's (line %d); port the other calls with their "
			  "own arguments (--from OLD --to CLUSTER 'PROGRAM ARGS')",
		     c->line, call->words.v[call->nassign_prefix].value, c->fn_ncalls, call->line);
}

/* Python given inline rather than from a file (js_inline_python), said in why with its line: maple ports
 * programs in files (a port would have to invent the file's name). False when there is none. */
static bool port_inline_python(const struct script_reading *sr, struct strvec *why)
{
	bool dash_c;
	const struct heredoc *h;
	int ci = js_inline_python(&sr->js, &dash_c, &h);
	if (ci < 0)
		return false;
	const struct jcmd *c = &sr->js.cmds[ci];
	const char *b = "python";
	for (size_t k = c->nassign_prefix; k < c->words.nr; k++)
		if (!strncmp(base_name(c->words.v[k].value), "python", 6)) {
			b = base_name(c->words.v[k].value);
			break;
		}
	int body = 0;
	for (const char *q = h ? h->body : NULL; q && *q; q++)
		body += *q == '\n';
	if (dash_c)
		strvec_pushf(why, "script: line %d: the program is Python given inline (`%s -c '...'`): maple ports programs "
				  "in files - save the code as a file (e.g. train.py), run `%s train.py` there, and port that "
				  "script; or say which program to run, e.g. \"train.py --epochs 10\"",
			     c->line, b, b);
	else
		strvec_pushf(why, "script: line %d: the program is Python fed on its standard input (the heredoc of lines "
				  "%d-%d): maple ports programs in files - save those lines as a file (e.g. train.py%s), run "
				  "`%s train.py` there, and port that script; or say which program to run, e.g. \"train.py "
				  "--epochs 10\"",
			     c->line, h->line + 1, h->line + body, h->quoted ? "" : ", with each \\$ written $", b);
	return true;
}

enum port_status port_request(struct script_reading *sr, const struct cluster *target, const struct port_opts *o,
			      struct request *req, struct strvec *why)
{
	script_to_request(sr, req);
	port_not_carried(sr);
	const struct fw_guess *g = &sr->fw;
	const char *family = g->family;
	request_set(&req->cluster, target->id);
	request_set_from(req, RF_CLUSTER, "--to", 4);
	/* what maple cannot port whole */
	if (sr->js.flux_line) {
		strvec_pushf(why, "line %d: the job starts a Flux instance (flux start/alloc/proxy) and runs its training "
				  "through it: maple reads a Flux batch job's #flux: header and flux run lines, not what a nested "
				  "instance runs, so it cannot tell this job's launch; describe the job instead (maple generate "
				  "--cluster %s \"TEXT\")",
			     sr->js.flux_line, target->id);
		return PORT_ERROR;
	}
	if (sr->plan.launch < 0 && sr->js.problems.nr) {
		/* the shell the reader could not follow (an unclosed quote or heredoc) hid the launch line */
		const char *pr = sr->js.problems.v[0], *colon = strchr(pr, ':');
		strvec_pushf(why, "line %.*s: %s, so maple finds no launch line after it: fix the script, then port it",
			     colon ? (int)(colon - pr) : 0, pr, colon ? colon + 1 : pr);
		return PORT_ERROR;
	}
	for (size_t i = 0; sr->plan.launch >= 0 && i < sr->js.ncmds; i++) {
		/* the launch line cut short by a broken continuation: what maple reads is not what the job meant */
		bool escaped;
		int bl = js_broken_continuation(&sr->js, i, &escaped);
		const struct jcmd *lc = &sr->js.cmds[sr->js.launches[sr->plan.launch].cmd];
		if (!bl || lc->last_line != sr->js.cmds[i].line - 1)
			continue;
		strvec_pushf(why, "line %d: %s, so the launch line ends there and line %d runs as a command of its own: fix "
				  "the script (maple verify shows it), then port it",
			     bl, escaped ? "the backslash at its end escapes a blank, not the line break" :
					   "the line after the launch starts with an option but the launch line has no backslash",
			     sr->js.cmds[i].line);
		return PORT_ERROR;
	}
	if (sr->plan.launch >= 0 && sr->js.launches[sr->plan.launch].multi_prog) {
		const struct launch *l = &sr->js.launches[sr->plan.launch];
		const struct jcmd *c = l->prog_stage >= 0 ? &sr->js.cmds[l->stages[l->prog_stage].cmd] : NULL;
		const char *conf = c && l->stages[l->prog_stage].first >= 0 && (size_t)l->stages[l->prog_stage].first < c->words.nr
					   ? c->words.v[l->stages[l->prog_stage].first].value
					   : "its file";
		strvec_pushf(why, "line %d: srun --multi-prog %s starts the programs that file maps to task ranks (MPMD): maple "
				  "ports one training program per launch; port each program on its own, or write the "
				  "%s launch for %s by hand (%s)",
			     sr->js.cmds[l->cmd].line, conf, target->scheduler == SCHED_PBS ? "MPMD (mpiexec A : B)" : "--multi-prog",
			     target->name, target->scheduler == SCHED_PBS ? "Slurm's --multi-prog file has no PBS form" :
									   "the file's ranks must match the port's task count");
		return PORT_ERROR;
	}
	for (size_t i = 0; sr->plan.launch < 0 && !o->program_given && sr->hints && i < sr->js.ncmds; i++) {
		/* `pixi run TASK`, `uv run ENTRY`: the project's own file names the program */
		const struct jcmd *c = &sr->js.cmds[i];
		size_t a = c->nassign_prefix;
		const struct wrapper_hint *h = a + 2 <= c->words.nr ? script_hints_wrapper(sr->hints, c->words.v[a].value) : NULL;
		if (!h || !h->carried || strcmp(c->words.v[a + 1].value, "run"))
			continue;
		struct strbuf t = STRBUF_INIT;
		for (size_t k = a; k < c->words.nr && k < a + 6; k++)
			strbuf_addf(&t, "%s%s", k > a ? " " : "", c->words.v[k].raw ? c->words.v[k].raw : c->words.v[k].value);
		strvec_pushf(why, "script: line %d: `%s` runs a task or entry point its project defines (pixi.toml, "
				  "pyproject.toml; %s), not a program on the line: maple cannot see what it starts - say which program "
				  "to run, e.g. \"train.py --epochs 10\"",
			     c->line, t.buf, h->source);
		strbuf_release(&t);
		return PORT_INCOMPLETE;
	}
	char *chain = sr->plan.launch < 0 && !o->program_given ? port_chain_submitter(sr, target) : NULL;
	if (chain) {
		strvec_push(why, chain);
		free(chain);
		return PORT_INCOMPLETE;
	}
	if (sr->plan.launch < 0 && !o->program_given && port_inline_python(sr, why))
		return PORT_INCOMPLETE;
	/* the launch line's standard input from a heredoc that no shell of the line runs (`train.py --config -
	 * <<'EOF'`): the program reads it, and a port's launch has no such input */
	const struct launch *ml = sr->plan.launch >= 0 ? &sr->js.launches[sr->plan.launch] : NULL;
	const struct jcmd *mc = ml ? &sr->js.cmds[ml->cmd] : NULL;
	if (mc && !o->program_given && mc->heredoc >= 0 && (size_t)mc->heredoc < sr->js.nheredocs &&
	    !sr->js.heredocs[mc->heredoc].target && ml->prog_stage >= 0 && ml->stages[ml->prog_stage].cmd == ml->cmd) {
		const struct heredoc *h = &sr->js.heredocs[mc->heredoc];
		int body = 0;
		for (const char *q = h->body; q && *q; q++)
			body += *q == '\n';
		strvec_pushf(why, "script: line %d: the launch line gives the program its standard input from the heredoc of "
				  "lines %d-%d, which a port's launch does not carry (a launcher hands standard input to "
				  "one task or all, each its own way): save those lines as a file%s and name it in the "
				  "program's arguments (e.g. `--config cfg.yaml` for `--config -`), then port",
			     mc->line, h->line + 1, h->line + body, h->quoted ? "" : " (with the batch shell's $X given their values)");
		return PORT_INCOMPLETE;
	}
	if (sr->plan.launch < 0 && !o->program_given) {
		strvec_push(why, "script: the old script has no launch line (srun, mpiexec, ibrun, torchrun, deepspeed, "
				 "accelerate launch or python) - say which program to run, e.g. \"train.py --epochs 10\"");
		return PORT_INCOMPLETE;
	}
	if (req->script && !strcmp(req->script, "$*")) {
		/* `python -u $*`: the program and its arguments are the job's own (sbatch job.sh train.py ...);
		 * unquoted, $* and $@ split the same way, and the synthesizer hands "$@" on live */
		free(req->script);
		req->script = xstrdup("$@");
		request_warn(req, "the program and its arguments come from the job's own arguments ($*): the port hands them "
				  "on as \"$@\"; submit it with them as before (job.sh train.py ARGS)");
	}
	if (!req->script && !o->program_given) {
		strvec_push(why, "script: the launch line names no training program maple can read - say which program to "
				 "run, e.g. \"train.py --epochs 10\"");
		return PORT_INCOMPLETE;
	}
	const struct runner_hint *run = family && !strcmp(family, "runner") && !o->program_given
						? js_runner(sr->hints, &sr->js, sr->plan.launch)
						: NULL;
	if (run) {
		/* python -m submitit.core._submit FOLDER: the program is pickled in FOLDER (drivers.yaml) */
		const struct jcmd *c = &sr->js.cmds[sr->js.launches[sr->plan.launch].cmd];
		strvec_pushf(why, "script: line %d: the launch runs %s: maple cannot see the program it runs - %s (%s)", c->line,
			     run->name, run->missing, run->source);
		return PORT_INCOMPLETE;
	}
	if (family && !strcmp(family, "shell") && !o->program_given) {
		/* `srun slurm/run.sh`, `ibrun ./run_node.sh`: the helper starts the training, and maple could not read
		 * it (not beside the job script, or no Python launch in it) */
		const struct jcmd *c = &sr->js.cmds[sr->js.launches[sr->plan.launch].cmd];
		const char *l = sr->js.lines.v[c->line - 1];
		l += strspn(l, " \t");
		strvec_pushf(why, "script: line %d: `%.*s` runs the shell script %s, which maple could not read (it is not "
				  "beside the job script, or it starts no Python program): maple cannot see which program it "
				  "launches - keep the script beside the job script, or say which program to run, e.g. "
				  "\"train.py --epochs 10\"",
			     c->line, (int)(strlen(l) > 100 ? 100 : strlen(l)), l, req->script ? req->script : "it runs");
		return PORT_INCOMPLETE;
	}
	if (port_per_task_request(sr, target, req, why) != PORT_OK) /* per_task.c: Horovod, JAX, MPI binaries */
		return PORT_ERROR;
	if (family && !strcmp(family, "console")) {
		/* a package's own command (wrappers.yaml kind console): it places its processes from its config and
		 * arguments, so maple cannot tell which launch shape the target needs (one per GPU or per node) */
		const struct wrapper_hint *h = sr->hints && req->script ? script_hints_wrapper(sr->hints, req->script) : NULL;
		strvec_pushf(why, "'%s' is a Python package's console command, not a training program maple starts: %s; "
				  "the devices and nodes are in its config, which maple does not rewrite - write its launch on %s "
				  "by hand (%s)",
			     req->script, h ? h->why : "it starts its own processes", target->name,
			     h ? h->source : "see the tool's documentation");
		return PORT_ERROR;
	}
	if (family && !strcmp(family, "mpmd")) {
		strvec_pushf(why, "the launch line starts several programs together (MPMD, 'A : B'): maple ports one "
				  "training program per launch; port '%s' on its own and write the combined launch for %s by hand",
			     req->script, target->name);
		return PORT_ERROR;
	}
	if (family && !strcmp(family, "hetjob")) {
		strvec_pushf(why, "a heterogeneous Slurm job (#SBATCH hetjob): its components have their own nodes and "
				  "GPUs and start with srun --het-group; maple ports one allocation - write the components for "
				  "%s by hand (or port the training component on its own)",
			     target->name);
		return PORT_ERROR;
	}
	if (family && !strcmp(family, "torchtune")) {
		/* `tune run` takes every torchrun option and runs the recipe under torchrun when one is given
		 * (https://github.com/pytorch/torchtune/blob/main/torchtune/_cli/run.py): the port starts it where
		 * the target's launch starts torchrun. A single-device recipe refuses torchrun's options. */
		size_t n = strlen(req->script);
		bool file = n > 3 && !strcmp(req->script + n - 3, ".py");
		long world = (long)(req->nodes > 0 ? req->nodes : 1) * (req->gpus_per_node > 0 ? req->gpus_per_node : 1);
		if (file)
			n -= 3; /* a copy of a recipe (tune cp) keeps its name */
		bool single = n > 14 && !strncmp(req->script + n - 14, "_single_device", 14);
		if (single && !file) {
			strvec_pushf(why, "'%s' is a torchtune single-device recipe: `tune run` refuses torchrun's options for "
					  "it (\"does not support distributed training\"), and every launch maple writes passes "
					  "them (--nnodes, --nproc_per_node); run `tune run %s ...` as one task on one GPU of %s by "
					  "hand, or choose its *_distributed recipe",
				     req->script, req->script, target->name);
			return PORT_ERROR;
		}
		if (single && world > 1) {
			/* tune run starts a recipe file of the user's under torchrun as it is told */
			strvec_pushf(why, "'%s' is a copy of a torchtune single-device recipe: under the port's torchrun each of "
					  "the %ld workers would train the whole model on its own; port it on one GPU (\"1 node, 1 "
					  "GPU\") or use a *_distributed recipe",
				     req->script, world);
			return PORT_ERROR;
		}
		req->tune_run = true;
		request_warn(req, "line %d: `tune run %s` is kept: it takes torchrun's options, so the port starts it where "
				  "%s's launch starts torchrun, once per node with the port's node count and rendezvous (the "
				  "old torchrun options are not carried); torchtune must be installed in %s's Python environment",
			     sr->js.cmds[sr->js.launches[sr->plan.launch].cmd].line, req->script, target->name, target->name);
	}
	if (port_not_pytorch_launch(sr, target, req, why) != PORT_OK)
		return PORT_ERROR;
	port_helper_steps(sr, target, req);
	port_container(sr, target, req);
	port_array(sr, target, req);
	port_chain(sr, target, req);
	qsort(sr->dropped.v, sr->dropped.nr, sizeof(char *), port_dropped_line);
	for (size_t i = 0; i < sr->dropped.nr; i++)
		request_warn(req, "%s", sr->dropped.v[i]);
	/* where the job goes */
	if (sr->plan.nodes_comment_line && req->nodes > 0 && req->nodes == sr->plan.eff_nodes && !sr->plan.header.nodes)
		request_warn(req, "line %d: the old script's header sets no node count; the submit command its comment "
				  "shows gives %ld node%s, which the port takes as the old size and writes in its header (say \"N "
				  "nodes\" with the port for another)",
			     sr->plan.nodes_comment_line, sr->plan.eff_nodes, sr->plan.eff_nodes == 1 ? "" : "s");
	int T = target->hw.gpus_per_node, G = req->gpus_per_node, N = req->nodes > 0 ? req->nodes : 1;
	const struct js_header *hh = &sr->plan.header;
	if (req->nodes <= 0 && (sr->plan.outer || hh->nodes_max > 0)) {
		/* resources given on the sbatch/qsub line: the node count is not in the script */
		struct js_submit sub;
		if (hh->nodes_max > 0 && hh->d_nodes) {
			/* --nodes=2-4: sbatch starts the job on what it can give in the range (sbatch(1) -N) */
			const char *l = sr->js.lines.v[hh->d_nodes->line - 1];
			request_warn(req, "line %d: `%s` lets Slurm start the job on %d to %d nodes, so the old script does not fix "
					  "its node count: say \"N nodes\" with the port",
				     hh->d_nodes->line, l + strspn(l, " \t"), hh->nodes_min, hh->nodes_max);
		} else if (js_submit_nodes(&sr->js, &sub) && sub.comment && sub.count > 0)
			request_warn(req, "line %d: the old script takes its node count from the submit command (%d node%s "
					  "there, none in its header): say \"%d node%s\" with the port to keep it",
				     sub.line, sub.count, sub.count == 1 ? "" : "s", sub.count, sub.count == 1 ? "" : "s");
		else if (js_submit_nodes(&sr->js, &sub))
			request_warn(req, "line %d: the old script takes its node count from the submit command (%s, none in "
					  "its header): say \"N nodes\" with the port",
				     sub.line, sub.comment ? "a placeholder there" : "it reads the allocation's count");
		else
			request_warn(req, "the old script does not say how many nodes it runs on (resources on the sbatch/qsub "
					  "line?): say \"N nodes\" with the port");
		req->gpus_per_node = 0;
		req->total_gpus = 0;
		for (int f = RF_NODES; f <= RF_TOTAL_GPUS; f++) {
			free(req->from[f]);
			req->from[f] = NULL;
		}
		T = 0;
	}
	if (T > 0 && G > 0) {
		long world = (long)N * G;
		if (o && o->keep_nodes) {
			int gpn = T;
			if (gpn != G)
				request_warn(req,
					     "--keep-nodes: %d node%s x %d GPUs on %s = %ld workers instead of %ld: scale the batch "
					     "size and learning rate with the world size",
					     N, N == 1 ? "" : "s", gpn, target->name, (long)N * gpn, world);
			req->gpus_per_node = gpn;
		} else {
			int nn, gpn;
			if (port_place(world, T, &nn, &gpn)) {
				if (nn != N || gpn != G || gpn < T)
					request_warn(req,
						     "the world size %ld (%d node%s x %d GPUs) is kept: %d node%s x %d GPUs on %s (%d "
						     "GPUs per node there%s); say --keep-nodes to keep %d node%s with every GPU instead",
						     world, N, N == 1 ? "" : "s", G, nn, nn == 1 ? "" : "s", gpn, target->name, T,
						     gpn < T ? ", the others stay idle" : "", N, N == 1 ? "" : "s");
				req->nodes = nn;
				req->gpus_per_node = gpn;
				request_set_from(req, RF_NODES, "the old world size", 18);
			}
		}
	} else if (T > 0) {
		if (G <= 0 && req->nodes > 0)
			request_warn(req,
				     "the old script does not say how many GPUs it uses per node: the port uses all %d GPUs of "
				     "each %s node; say \"N GPUs\" with the port if the program used fewer",
				     T, target->name);
		req->gpus_per_node = T;
	}
	req->total_gpus = 0;
	port_retarget_layout_args(req, N, G);
	/* Megatron: a tensor-parallel group stays inside a node; the model-parallel size divides the world */
	if (family && !strcmp(family, "megatron")) {
		int tp = g->tp, pp = g->pp;
		if (tp > 0 && T > 0 && tp > T) {
			strvec_pushf(why, "Megatron's tensor-parallel size %d is more than the %d GPUs of a %s node: lower "
					  "--tensor-model-parallel-size to at most %d (and raise the pipeline size) before porting",
				     tp, T, target->name, T);
			return PORT_ERROR;
		}
		long world = (long)(req->nodes > 0 ? req->nodes : 1) * req->gpus_per_node;
		if (tp > 0 && pp > 0 && world % ((long)tp * pp)) {
			strvec_pushf(why, "Megatron's tensor x pipeline size %d x %d does not divide the %ld GPUs of the port",
				     tp, pp, world);
			return PORT_ERROR;
		}
		if (tp > 0 && req->gpus_per_node % tp)
			request_warn(req, "Megatron's tensor-parallel groups of %d GPUs straddle %s nodes of %d GPUs: "
					  "communication crosses the network",
				     tp, target->name, req->gpus_per_node);
	}
	/* walltime: kept when a queue allows it. A run longer than the target gives is refused with the most it
	 * gives, which the text can ask for ("walltime 24h"): shortening it on the quiet would stop the job
	 * before its end, and only the user knows whether the program resumes from a checkpoint (decided in
	 * session 25, tests/heldout/README.md: 871, 874) */
	if (o->text_walltime > 0)
		req->walltime_min = o->text_walltime;
	if (req->walltime_min > 0) {
		int n = req->nodes > 0 ? req->nodes : 1;
		int max = cluster_max_walltime(target, n);
		if (max > 0 && req->walltime_min > max) {
			char a[32], b[32];
			format_walltime(req->walltime_min, a, sizeof(a));
			format_walltime(max, b, sizeof(b));
			/* the documentation of that most: a queue maple can choose that gives it */
			const char *src = target->source;
			for (size_t i = 0; i < target->nqueues; i++)
				if (target->queues[i].auto_select && target->queues[i].src.url &&
				    queue_admits(&target->queues[i], n, max, NULL)) {
					src = target->queues[i].src.url;
					break;
				}
			strvec_pushf(why, "walltime %s is more than %s allows for %d nodes (at most %s in the queues maple "
					  "can choose): a shorter run would stop before the old one's end - if the program resumes "
					  "from a checkpoint, port it with a walltime the target allows (add \"walltime %s\") and "
					  "submit it again until it ends, or change the node count [%s]",
				     a, target->name, n, b, b, src);
			return PORT_ERROR;
		}
	}
	/* DeepSpeed: the user's config file is kept; one the old script wrote itself is replaced */
	if (req->framework == FW_DEEPSPEED) {
		int h = port_ds_config_heredoc(sr, req);
		bool kept = h >= 0 && port_heredoc_closes(sr, h);
		long now = (long)(req->nodes > 0 ? req->nodes : 1) * req->gpus_per_node;
		if (kept)
			request_warn(req, "line %d: the DeepSpeed config the old script writes (%s, %s) is kept: the port writes "
					  "it before the launch as the old script did, and its arguments name it as before",
				     sr->js.cmds[sr->js.heredocs[h].cmd].line, sr->js.heredocs[h].target,
				     req->strategy == ST_NONE ? "ZeRO stage not read" : strategy_name(req->strategy));
		if (kept && G > 0 && (long)N * G != now && strstr(sr->js.heredocs[h].body, "\"train_batch_size\""))
			request_warn(req, "line %d: the config's train_batch_size was set for %ld GPUs and the port runs %ld: "
					  "DeepSpeed needs train_batch_size = micro-batch x gradient accumulation x GPUs, so edit it",
				     sr->js.heredocs[h].line, (long)N * G, now);
		if (!kept && h >= 0 && req->strategy != ST_NONE)
			port_retarget_ds_args(req);
		else if (!kept && g->strategy_unknown) {
			const char *cfg = request_ds_config(req);
			req->strategy_from_config = true; /* unknown, not invented */
			request_warn(req, "the ZeRO stage is your DeepSpeed config's%s%s%s (maple could not read it): the port "
					  "keeps your config and its arguments, and the stage stays unknown",
				     cfg && *cfg ? " (" : "", cfg && *cfg ? cfg : "", cfg && *cfg ? ")" : "");
			if (G > 0 && (long)N * G != now)
				request_warn(req, "the port runs %ld GPUs where the old job ran %ld: if your DeepSpeed config sets "
						  "train_batch_size, it must equal micro-batch x gradient accumulation x %ld",
					     now, (long)N * G, now);
		}
	}
	port_launcher_config(sr, target, req);
	port_carry_wrapper(sr, target, req);
	if (req->framework == FW_ACCELERATE && g->strategy_unknown && !req->launcher_args.nr)
		request_warn(req, "the Accelerate config could not be read: the port's strategy may differ from it; say "
				  "\"fsdp\", \"zero2\" ... to choose");
	port_function_call_args(sr, req);
	/* the job's own arguments ("$@", $1): they reach the batch shell, not a per-task `bash -c` */
	for (size_t i = 0; i < req->args.nr; i++) {
		const char *raw = req->args.v[i].raw;
		if (strstr(raw, "$@") || strstr(raw, "$*") || strstr(raw, "${@") ||
		    (raw[0] == '$' && raw[1] >= '1' && raw[1] <= '9') || strstr(raw, "\"$1")) {
			/* the synthesizer hands them on: bash -c '... ${1}' bash "$@" */
			request_warn(req, "argument %s uses the arguments given to the job (sbatch/qsub job.sh ARGS): kept live, "
					  "and handed on to the per-task shell where %s's launch line has one",
				     raw, target->name);
			break;
		}
	}
	/* a variable a loop of the old script binds (for lr in ...): the loop goes around the port's launch */
	int nloops = 0;
	if (port_carry_loops(sr, req, why, target->id, &nloops) < 0)
		return PORT_ERROR;
	port_carry_assignments(sr, target, req);
	port_loops_last(req, nloops);
	port_array_elements(req);
	port_retarget_backend(sr, req, target);
	port_retarget_device(req, target);
	return PORT_OK;
}
