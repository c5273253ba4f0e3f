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

/* Points the arguments that name the DeepSpeed config the old script wrote itself (--deepspeed_config
 * FILE, --deepspeed FILE, --deepspeed_config=FILE) at the one the target's script writes ("$DS_CONFIG"),
 * in the form the program already parses: a Hugging Face Trainer takes --deepspeed FILE, a
 * deepspeed.add_config_arguments parser --deepspeed_config FILE, and neither takes the other's. */
static void retarget_ds_args(struct request *r)
{
	struct strbuf removed = STRBUF_INIT;
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *v = r->args.v[i].value;
		bool cfg = !strcmp(v, "--deepspeed_config") || !strcmp(v, "--deepspeed-config") ||
			   !strcmp(v, "--deepspeed_config_file");
		bool flag = !strcmp(v, "--deepspeed");
		const char *eq = !strncmp(v, "--deepspeed=", 12) || !strncmp(v, "--deepspeed_config=", 19) ||
						 !strncmp(v, "--deepspeed-config=", 19)
					 ? strchr(v, '=')
					 : NULL;
		struct strbuf now = STRBUF_INIT;
		size_t at = i;
		if (eq) {
			strbuf_addf(&removed, "%s%s", removed.len ? ", " : "", v);
			strbuf_addf(&now, "%.*s\"$DS_CONFIG\"", (int)(eq - v + 1), v);
		} else if ((cfg || flag) && i + 1 < r->args.nr && r->args.v[i + 1].value[0] != '-' &&
			   (cfg || strstr(r->args.v[i + 1].value, ".json") || strchr(r->args.v[i + 1].value, '$'))) {
			strbuf_addf(&removed, "%s%s %s", removed.len ? ", " : "", v, r->args.v[i + 1].value);
			strbuf_adds(&now, "\"$DS_CONFIG\"");
			at = ++i;
		}
		if (now.len) {
			struct shwords tmp;
			shwords_init(&tmp);
			shlex_split(now.buf, now.len, &tmp);
			if (tmp.nr == 1) {
				shword_release(&r->args.v[at]);
				r->args.v[at] = tmp.v[0];
				tmp.nr = 0;
			}
			shwords_release(&tmp);
		}
		strbuf_release(&now);
	}
	if (removed.len)
		request_warn(r, "`%s` now names \"$DS_CONFIG\": the old script wrote its DeepSpeed config itself; the "
				"target's script writes one for %s (copy any other settings you need into it)",
			     removed.buf, strategy_name(r->strategy));
	strbuf_release(&removed);
}

/* The heredoc of the old script that writes the DeepSpeed config the arguments name, or -1. */
int port_ds_config_heredoc(const struct script_reading *sr, const struct request *r)
{
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *v = r->args.v[i].value;
		const char *file = NULL;
		if (!strncmp(v, "--deepspeed", 11) && strchr(v, '='))
			file = strchr(v, '=') + 1;
		else if (!strncmp(v, "--deepspeed", 11) && i + 1 < r->args.nr && r->args.v[i + 1].value[0] != '-')
			file = r->args.v[i + 1].value;
		if (!file)
			continue;
		const char *b = strrchr(file, '/');
		b = b ? b + 1 : file;
		for (size_t h = 0; h < sr->js.nheredocs; h++) {
			const char *t = sr->js.heredocs[h].target;
			if (!t || sr->js.heredocs[h].cmd < 0 || sr->js.cmds[sr->js.heredocs[h].cmd].depth != 0)
				continue;
			const char *tb = strrchr(t, '/');
			tb = tb ? tb + 1 : t;
			if (!strcmp(tb, b) || (strchr(file, '$') && strstr(sr->js.heredocs[h].body, "zero_optimization")))
				return (int)h;
		}
	}
	return -1;
}

bool port_arg_file_heredoc(const struct script_reading *sr, int h)
{
	const struct jobscript *js = &sr->js;
	const struct heredoc *hd = &js->heredocs[h];
	const struct launch_plan *p = &sr->plan;
	if (sr->helper || !hd->target || hd->cmd < 0 || js->cmds[hd->cmd].depth != 0 || p->launch < 0 || !p->prog ||
	    hd->cmd > js->launches[p->launch].cmd)
		return false;
	const struct launch *l = &js->launches[p->launch];
	const struct jcmd *c = &js->cmds[p->prog->cmd];
	const char *tb = base_name(hd->target);
	/* the program itself when the old script writes it (cat > launch_ddp.py <<EOF; srun python launch_ddp.py) */
	for (int i = l->script_word; l->script_word >= 0 && i < p->prog->last; i++) {
		const char *v = c->words.v[i].value, *eq = v[0] == '-' ? strchr(v, '=') : NULL;
		const char *f = eq ? eq + 1 : v;
		if (f[0] != '-' && !strcmp(base_name(f), tb))
			return true;
	}
	return false;
}

/* Appends heredoc h of the old script, its command's first line to its delimiter, under a comment; false
 * when it does not close (verify names it). */
static bool heredoc_block(const struct jobscript *js, int h, const char *what, struct strbuf *sb)
{
	const struct heredoc *hd = &js->heredocs[h];
	int first = js->cmds[hd->cmd].line, last = 0;
	for (size_t i = (size_t)hd->line; i < js->lines.nr && !last; i++) {
		const char *l = js->lines.v[i];
		while (*l == '\t')
			l++; /* <<- strips leading tabs */
		if (!strcmp(l, hd->delim))
			last = (int)i + 1;
	}
	if (!last || first < 1 || first > hd->line)
		return false;
	strbuf_addf(sb, "%s# %s (lines %d-%d), kept as it was\n", sb->len ? "\n" : "", what, first, last);
	for (int i = first; i <= last; i++)
		strbuf_addf(sb, "%s\n", js->lines.v[i - 1]);
	return true;
}

char *port_user_config_text(const struct script_reading *sr, const struct request *req)
{
	bool acc = req->framework == FW_ACCELERATE;
	int h = acc ? port_acc_config_heredoc(sr) : req->framework == FW_DEEPSPEED ? port_ds_config_heredoc(sr, req) : -1;
	struct strbuf sb = STRBUF_INIT;
	if (h >= 0)
		heredoc_block(&sr->js, h, acc ? "the Accelerate config of the old script" : "the DeepSpeed config of the old script", &sb);
	/* files the program reads that the old script writes itself (--config run.yaml after cat > run.yaml) */
	for (size_t k = 0; k < sr->js.nheredocs; k++) {
		char what[160];
		const char *t = sr->js.heredocs[k].target ? sr->js.heredocs[k].target : "";
		bool prog = req->script && !strcmp(base_name(t), base_name(req->script));
		snprintf(what, sizeof(what), "%.100s, %s, as the old script wrote it", t,
			 prog ? "the program" : "which the program reads");
		if ((int)k != h && port_arg_file_heredoc(sr, (int)k))
			heredoc_block(&sr->js, (int)k, what, &sb);
	}
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL; /* none, or an unclosed heredoc: verify names it; the port writes its own config */
	}
	return strbuf_detach(&sb);
}

void port_insert_before_launch(struct strbuf *script, const char *block)
{
	const char *mark = strstr(script->buf, "\n# --- launch ---\n");
	if (!block || !mark)
		return;
	size_t at = (size_t)(mark - script->buf) + 1;
	struct strbuf out = STRBUF_INIT;
	strbuf_add(&out, script->buf, at);
	strbuf_adds(&out, block);
	strbuf_adds(&out, "\n");
	strbuf_adds(&out, script->buf + at);
	strbuf_release(script);
	*script = out;
}

/* Whether heredoc h of the old script closes (it can be carried over line for line). */
static bool port_user_config_text_ok(const struct script_reading *sr, int h)
{
	const struct heredoc *hd = &sr->js.heredocs[h];
	for (size_t i = (size_t)hd->line; i < sr->js.lines.nr; i++) {
		const char *l = sr->js.lines.v[i];
		while (*l == '\t')
			l++;
		if (!strcmp(l, hd->delim))
			return hd->cmd >= 0 && sr->js.cmds[hd->cmd].line <= hd->line;
	}
	return false;
}

/* Replaces args[i] by literal text. */
static void set_literal(struct request *r, size_t i, const char *text)
{
	shword_release(&r->args.v[i]);
	shword_init_literal(&r->args.v[i], text);
}

/* Whether a backend value is one the target's GPUs cannot use. */
static bool backend_wrong(bool intel, const char *val)
{
	return intel ? (!strcmp(val, "nccl") || !strcmp(val, "rccl"))
		     : (!strcmp(val, "ccl") || !strcmp(val, "xccl") || !strcmp(val, "rccl"));
}

/* --backend $NAME: the carried assignment NAME=VALUE (after port_carry_assignments) is the user's text
 * that names the backend; a wrong one is changed there, with its line. */
static void retarget_backend_var(const struct script_reading *sr, struct request *r, const char *opt, size_t optlen,
				 const char *ref, const char *want, const struct cluster *target)
{
	char name[64];
	size_t n = 0;
	const char *p = ref + 1 + (ref[1] == '{');
	while (n + 1 < sizeof(name) && (isalnum((unsigned char)p[n]) || p[n] == '_')) {
		name[n] = p[n];
		n++;
	}
	name[n] = 0;
	if (!n || p[n] != (ref[1] == '{' ? '}' : 0))
		return;
	int k = strvec_find(&r->env_names, name);
	if (k < 0 || !r->env_values.v[k].value || !backend_wrong(!strcmp(target->hw.gpu_vendor, "intel"), r->env_values.v[k].value))
		return;
	const struct assign *a = js_lookup(&sr->js, name, (int)sr->js.ncmds);
	request_warn(r, "line %d: %s=%s (the program's argument `%.*s %s`) changed to %s=%s: %s drives other GPUs than %s's %s GPUs",
		     a ? a->line : 0, name, r->env_values.v[k].value, (int)optlen, opt, ref, name, want, r->env_values.v[k].value, target->name,
		     target->hw.gpu_vendor);
	shword_release(&r->env_values.v[k]);
	shword_init_literal(&r->env_values.v[k], want);
}

/* --backend ${NAME:-lit}: whether the default decides the backend - NAME is not carried, or carried as its
 * own default (NAME=${NAME:-lit}), which is then changed to the target's library with its line. */
static bool retarget_backend_default(const struct script_reading *sr, struct request *r, const char *name, const char *want,
				     const struct cluster *target)
{
	int k = strvec_find(&r->env_names, name);
	if (k < 0)
		return true;
	char n2[64], l2[64];
	const char *ev = r->env_values.v[k].raw ? r->env_values.v[k].raw : r->env_values.v[k].value;
	size_t el = ev ? strlen(ev) : 0;
	char unq[128];
	if (el >= 2 && ev[0] == '"' && ev[el - 1] == '"' && el - 2 < sizeof(unq)) {
		snprintf(unq, sizeof(unq), "%.*s", (int)(el - 2), ev + 1);
		ev = unq;
	}
	if (!ev || !var_default(ev, n2, sizeof(n2), l2, sizeof(l2)) || strcmp(n2, name))
		return false;
	if (backend_wrong(!strcmp(target->hw.gpu_vendor, "intel"), l2)) {
		const struct assign *a = js_lookup(&sr->js, name, (int)sr->js.ncmds);
		request_warn(r, "line %d: %s=%s (its default names the program's backend) changed to %s=%s: %s drives other GPUs than %s's %s GPUs",
			     a ? a->line : 0, name, ev, name, want, l2, target->name, target->hw.gpu_vendor);
		shword_release(&r->env_values.v[k]);
		shword_init_literal(&r->env_values.v[k], want);
	}
	return true;
}

/* A communication backend named in the arguments (--backend ccl) for the old cluster's GPUs: the
 * target's vendor needs its own (NCCL/RCCL as "nccl" on NVIDIA and AMD, oneCCL on Intel). */
static void retarget_backend(const struct script_reading *sr, struct request *r, const struct cluster *target)
{
	const char *vendor = target->hw.gpu_vendor;
	if (!vendor)
		return;
	bool intel = !strcmp(vendor, "intel");
	const char *want = intel ? (target->node_type && target->node_type->backend &&
				    (!strcmp(target->node_type->backend, "xccl") || !strcmp(target->node_type->backend, "ccl"))
					    ? target->node_type->backend
					    : "ccl")
				 : "nccl";
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *v = r->args.v[i].value;
		int form = backend_option(v);
		if (!form)
			continue;
		size_t n = strcspn(v, "=");
		size_t vi = form == 1 ? i : i + 1;
		if (vi >= r->args.nr)
			continue;
		const char *val = form == 1 ? v + n + 1 : r->args.v[vi].value;
		char name[64], lit[64], why[256] = "";
		if (var_default(val, name, sizeof(name), lit, sizeof(lit))) {
			/* ${BACKEND:-xccl}: the job runs with the default unless the script sets BACKEND (carried,
			 * then that value decides) or sets it to its own default */
			if (!retarget_backend_default(sr, r, name, want, target))
				continue;
			snprintf(why, sizeof(why), " (the job runs with the default %s of %s)", lit, val);
			val = lit;
		} else if (val[0] == '$')
			retarget_backend_var(sr, r, v, n, val, want, target);
		if (!backend_wrong(intel, val))
			continue;
		char old[96], now[96];
		snprintf(old, sizeof(old), "%.*s%s%s", (int)n, v, form == 1 ? "=" : " ", form == 1 ? v + n + 1 : r->args.v[vi].value);
		snprintf(now, sizeof(now), "%.*s%s%s", form == 1 ? (int)n : 0, v, form == 1 ? "=" : "", want);
		request_warn(r, "argument `%s` changed to `%.*s%s%s`%s: %s drives other GPUs than %s's %s GPUs", old, (int)n, v,
			     form == 1 ? "=" : " ", want, why, val, target->name, vendor);
		set_literal(r, vi, now);
	}
}

/* The PyTorch device named in the arguments (--device xpu, --device=cuda, --device_type xpu) for the old
 * cluster's GPUs: torch calls Intel's GPUs "xpu" and NVIDIA's and AMD's (ROCm builds) "cuda"
 * (https://pytorch.org/docs/stable/notes/get_start_xpu.html). */
static void retarget_device(struct request *r, const struct cluster *target)
{
	const char *vendor = target->hw.gpu_vendor;
	if (!vendor)
		return;
	const char *want = !strcmp(vendor, "intel") ? "xpu" : "cuda", *wrong = !strcmp(vendor, "intel") ? "cuda" : "xpu";
	static const char *const opts[] = {"--device", "--device_type", "--device-type", NULL};
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *v = r->args.v[i].value;
		for (size_t k = 0; opts[k]; k++) {
			size_t n = strlen(opts[k]);
			if (strncmp(v, opts[k], n) || (v[n] && v[n] != '='))
				continue;
			size_t vi = v[n] == '=' ? i : i + 1;
			if (vi >= r->args.nr)
				break;
			const char *val = v[n] == '=' ? v + n + 1 : r->args.v[vi].value;
			if (strcmp(val, wrong))
				break;
			char now[64];
			snprintf(now, sizeof(now), "%s%s", v[n] == '=' ? opts[k] : "", v[n] == '=' ? "=" : "");
			strncat(now, want, sizeof(now) - strlen(now) - 1);
			request_warn(r, "argument `%s%s%s` changed to `%s%s%s`: torch names %s's %s GPUs '%s'", opts[k],
				     v[n] == '=' ? "=" : " ", wrong, opts[k], v[n] == '=' ? "=" : " ", want, target->name, vendor, want);
			set_literal(r, vi, now);
			break;
		}
	}
}

/* The variable of scheduler `to` that means what name (the other scheduler's) means for the whole job,
 * or NULL: counts and ranks differ with the launch shape, so only names of the job itself map. */
const char *sched_var_equivalent(const char *name, enum scheduler to)
{
	static const char *const pairs[][2] = {
		{"SLURM_JOB_ID", "PBS_JOBID"},		    {"SLURM_JOBID", "PBS_JOBID"},
		{"SLURM_SUBMIT_DIR", "PBS_O_WORKDIR"},	    {"SLURM_JOB_NAME", "PBS_JOBNAME"},
		{"SLURM_ARRAY_TASK_ID", "PBS_ARRAY_INDEX"}, {"SLURM_SUBMIT_HOST", "PBS_O_HOST"},
		/* the array job's own id (PBS Professional Reference Guide, "PBS Environment Variables": PBS_ARRAY_ID) */
		{"SLURM_ARRAY_JOB_ID", "PBS_ARRAY_ID"},
	};
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		if (to == SCHED_PBS && !strcmp(name, pairs[i][0]))
			return pairs[i][1];
		if (to == SCHED_SLURM && !strcmp(name, pairs[i][1]) && strcmp(pairs[i][0], "SLURM_JOBID"))
			return pairs[i][0];
	}
	return NULL;
}

/* The layout the program is told in its own arguments (Lightning's trainer.devices=8 / --trainer.num_nodes 2,
 * --devices, --gpus, --num_nodes ...): where the port moved the job to other nodes, an argument whose value
 * is the old GPUs per node or node count is rewritten to the new one (said), or the program asks for
 * devices its node does not have. */
static void retarget_layout_args(struct request *req, int old_nodes, int old_gpn)
{
	static const char *const dev[] = {"devices", "gpus", "ngpus", "gpus_per_node", "gpus-per-node", "num_gpus",
					  "num-gpus", "nproc_per_node", "nproc-per-node", NULL};
	static const char *const nod[] = {"num_nodes", "num-nodes", "nnodes", "nodes", NULL};
	int new_nodes = req->nodes > 0 ? req->nodes : 1, new_gpn = req->gpus_per_node;
	if (new_gpn <= 0 || (new_nodes == old_nodes && new_gpn == old_gpn))
		return;
	for (size_t i = 0; i < req->args.nr; i++) {
		const char *v = req->args.v[i].value;
		const char *k = v;
		while (*k == '-')
			k++;
		if (!strncmp(k, "trainer.", 8))
			k += 8;
		else if (k == v)
			continue; /* a bare word: only Hydra's trainer.KEY=N */
		const char *eq = strchr(k, '=');
		size_t kl = eq ? (size_t)(eq - k) : strlen(k);
		const char *val = eq ? eq + 1 : i + 1 < req->args.nr ? req->args.v[i + 1].value : NULL;
		if (!val || !*val || strspn(val, "0123456789") != strlen(val))
			continue;
		int old = -1, now = 0;
		for (const char *const *d = dev; *d && old < 0; d++)
			if (strlen(*d) == kl && !strncmp(k, *d, kl))
				old = old_gpn, now = new_gpn;
		for (const char *const *d = nod; *d && old < 0; d++)
			if (strlen(*d) == kl && !strncmp(k, *d, kl))
				old = old_nodes, now = new_nodes;
		if (old < 0 || atoi(val) != old || old == now)
			continue;
		char text[160];
		size_t at = eq ? i : i + 1;
		if (eq)
			snprintf(text, sizeof(text), "%.*s%d", (int)(eq + 1 - v), v, now);
		else
			snprintf(text, sizeof(text), "%d", now);
		request_warn(req, "argument %s%s%s is now %s%s%s: the port runs %d node%s x %d GPUs", v, eq ? "" : " ",
			     eq ? "" : val, eq ? "" : v, eq ? "" : " ", text, new_nodes, new_nodes == 1 ? "" : "s", new_gpn);
		set_literal(req, at, text);
		if (!eq)
			i++;
	}
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
	if (req->nodes <= 0 && sr->plan.outer) {
		/* resources given on the sbatch/qsub line: the node count is not in the script */
		struct js_submit sub;
		if (js_submit_nodes(&sr->js, &sub) && sub.comment && sub.count > 0)
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
	retarget_layout_args(req, N, G);
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
		bool kept = h >= 0 && port_user_config_text_ok(sr, h);
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
			retarget_ds_args(req);
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
	retarget_backend(sr, req, target);
	retarget_device(req, target);
	return PORT_OK;
}

/* The other scheduler's job variable a command substitution of raw reads ($(scontrol show hostnames
 * "$SLURM_JOB_NODELIST" | head -n 1), or the same in backquotes, on a PBS target), copied into out;
 * false when none. */
static bool foreign_in_subst(const char *raw, enum scheduler target, char *out, size_t size)
{
	const char *bad = target == SCHED_PBS ? "SLURM_" : target == SCHED_SLURM ? "PBS_" : NULL;
	if (!bad)
		return false;
	bool sq = false, bq = false;
	int depth = 0, arith = 0; /* arith: the depth of an arithmetic expansion $(( )), where NAME needs no $ */
	for (const char *p = raw; *p; p++) {
		if (sq) {
			sq = *p != '\'';
			continue;
		}
		if (*p == '\\' && p[1])
			p++;
		else if (*p == '\'')
			sq = true;
		else if (*p == '$' && p[1] == '(' && p[2] == '(' && !arith)
			arith = ++depth, p++;
		else if (*p == '$' && p[1] == '(')
			depth++, p++;
		else if (arith && depth >= arith && p > raw && !strchr("$_{", p[-1]) && !isalnum((unsigned char)p[-1]) &&
			 !strncmp(p, bad, strlen(bad))) {
			size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
			if (n > strlen(bad) && n < size) {
				memcpy(out, p, n);
				out[n] = 0;
				return true;
			}
		} else if (*p == ')' && depth && depth == arith && p[1] == ')')
			depth--, arith = 0, p++;
		else if (*p == ')' && depth)
			depth--;
		else if (*p == '`') /* the old form of a command substitution: `scontrol show hostnames ...` */
			depth += bq ? -1 : 1, bq = !bq;
		else if (*p == '$' && depth) {
			const char *v = p + 1 + (p[1] == '{');
			size_t n = strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
			if (n > strlen(bad) && n < size && !strncmp(v, bad, strlen(bad))) {
				memcpy(out, v, n);
				out[n] = 0;
				return true;
			}
		}
	}
	return false;
}

/* The target's own command for what a substitution of the old scheduler computes: the first node
 * (scontrol show hostnames ... | head -n 1, head -n 1 $PBS_NODEFILE) or the node count; NULL when it
 * is neither. */
static const char *subst_equivalent(const char *raw, enum scheduler target)
{
	bool first = strstr(raw, "head -n 1") || strstr(raw, "head -n1") || strstr(raw, "head -1");
	bool count = strstr(raw, "wc -l") != NULL;
	bool nodes = strstr(raw, "scontrol show hostname") || strstr(raw, "PBS_NODEFILE") || strstr(raw, "NODELIST");
	if (!nodes || first == count)
		return NULL;
	if (target == SCHED_PBS)
		return first ? "$(head -n 1 \"$PBS_NODEFILE\")" : "$(wc -l < \"$PBS_NODEFILE\")";
	return first ? "$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)" : "${SLURM_JOB_NUM_NODES}";
}

/* Renames the job variables of the other scheduler in w (said, naming what), and lists the ones with no
 * equivalent in why. */
static void foreign_in_word(const struct cluster *target, struct request *req, struct shword *w, const char *name,
			    struct strvec *why)
{
	/* "argument X" or "NAME=X" (a carried assignment) */
	const char *what = name ? name : "argument", *sep = name ? "=" : " ";
	const char *sched = target->scheduler == SCHED_PBS ? "PBS" : "Slurm";
	char sv[64];
	/* a job variable with an equivalent read inside a command substitution
	 * ($(sed -n "${SLURM_ARRAY_TASK_ID}p" list)): renamed there too */
	for (const char *to; w->raw && foreign_in_subst(w->raw, target->scheduler, sv, sizeof(sv)) &&
			     (to = sched_var_equivalent(sv, target->scheduler)) != NULL;) {
		char *before = xstrdup(w->raw);
		shword_rename_text(w, sv, to);
		bool changed = strcmp(before, w->raw) != 0;
		if (changed)
			request_warn(req, "%s%s%s: $%s renamed to $%s inside its %s, its equivalent under %s on %s",
				     what, sep, before, sv, to, strstr(before, "$((") ? "arithmetic expansion" : "command substitution", sched,
				     target->name);
		free(before);
		if (!changed)
			break; /* ${NAME:-x} and the like: left to the refusal below */
	}
	if (w->raw && foreign_in_subst(w->raw, target->scheduler, sv, sizeof(sv))) {
		const char *eq = subst_equivalent(w->raw, target->scheduler);
		struct shwords tmp;
		shwords_init(&tmp);
		if (eq)
			shlex_split(eq, strlen(eq), &tmp);
		if (tmp.nr == 1) {
			request_warn(req, "%s%s%s: rewritten as %s, its equivalent under %s on %s", what, sep, w->raw, eq, sched,
				     target->name);
			shword_release(w);
			*w = tmp.v[0];
			tmp.nr = 0;
		} else {
			strvec_pushf(why, "%s%s%s runs a command on $%s, which %s does not set on %s: write the value itself, or "
					  "give the program and its arguments with the port (--from OLD --to %s 'train.py ARGS')",
				     what, sep, w->raw, sv, sched, target->name, target->id);
		}
		shwords_release(&tmp);
		return;
	}
	for (size_t k = 0; k < w->nsegs; k++) {
		const char *v = w->segs[k].kind == SEG_VAR ? w->segs[k].text : NULL;
		if (!v)
			continue;
		const char *to = sched_var_equivalent(v, target->scheduler);
		if (to) {
			char *shown = xstrdup(w->value);
			request_warn(req, "%s%s%s: $%s renamed to $%s, its equivalent under %s on %s", what, sep, shown, v, to,
				     sched, target->name);
			shword_rename_var(w, k, to);
			free(shown);
			continue;
		}
		bool slurm = !strncmp(v, "SLURM_", 6), pbs = !strncmp(v, "PBS_", 4);
		if ((slurm && target->scheduler != SCHED_SLURM) || (pbs && target->scheduler != SCHED_PBS))
			strvec_pushf(why, "%s%s%s uses $%s, which %s does not set on %s and which has no equivalent there "
					  "(counts and ranks depend on how the old script launched): write the value itself, or "
					  "give the program and its arguments with the port (--from OLD --to %s 'train.py ARGS')",
				     what, sep, w->value, v, sched, target->name, target->id);
	}
	/* the other scheduler's variable inside an expansion the word reader keeps whole (an array subscript,
	 * ${LRS[$SLURM_ARRAY_TASK_ID]}): renamed there when it has an equivalent (said), else the port is
	 * refused rather than left wrong */
	const char *foreign = target->scheduler == SCHED_PBS ? "SLURM_" : target->scheduler == SCHED_SLURM ? "PBS_" : NULL;
	for (const char *p = foreign && w->raw ? strstr(w->raw, foreign) : NULL; p;) {
		size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		char nm[64];
		const char *to = NULL;
		if (p > w->raw && (p[-1] == '$' || p[-1] == '{') && n < sizeof(nm) && strchr(w->raw, '[')) {
			memcpy(nm, p, n);
			nm[n] = '\0';
			to = sched_var_equivalent(nm, target->scheduler);
		}
		if (!to) {
			p = strstr(p + 1, foreign);
			continue;
		}
		char *before = xstrdup(w->raw);
		shword_rename_text(w, nm, to);
		bool changed = strcmp(before, w->raw) != 0;
		if (changed)
			request_warn(req, "%s%s%s: $%s renamed to $%s inside its array subscript, its equivalent under %s on %s",
				     what, sep, before, nm, to, sched, target->name);
		free(before);
		if (!changed)
			break;
		p = strstr(w->raw, foreign);
	}
	for (const char *p = foreign && w->raw ? strstr(w->raw, foreign) : NULL; p; p = strstr(p + 1, foreign)) {
		if (p == w->raw || (p[-1] != '$' && p[-1] != '{'))
			continue;
		size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		bool seg = false;
		for (size_t k = 0; k < w->nsegs && !seg; k++)
			seg = w->segs[k].kind == SEG_VAR && strlen(w->segs[k].text) == n && !strncmp(w->segs[k].text, p, n);
		if (!seg) {
			strvec_pushf(why, "%s%s%s uses $%.*s inside an expansion maple does not rewrite, and %s does not set it on %s: "
					  "write that line for %s by hand",
				     what, sep, w->raw, (int)n, p, sched, target->name, target->name);
			return;
		}
	}
}

/* The program's own path named through the other scheduler's job variable (${SLURM_SUBMIT_DIR}/train.py,
 * $PBS_O_WORKDIR/src/train.py): renamed to the target's equivalent (said), or listed in why. */
static void foreign_in_program(const struct cluster *target, struct request *req, struct strvec *why)
{
	const char *foreign = target->scheduler == SCHED_PBS ? "SLURM_" : target->scheduler == SCHED_SLURM ? "PBS_" : NULL;
	const char *sched = target->scheduler == SCHED_PBS ? "PBS" : "Slurm";
	for (int guard = 0; foreign && req->script && guard < 8; guard++) {
		const char *p = req->script, *hit = NULL;
		for (; (p = strstr(p, foreign)) != NULL; p++)
			if (p > req->script && (p[-1] == '$' || (p[-1] == '{' && p - 1 > req->script && p[-2] == '$'))) {
				hit = p;
				break;
			}
		if (!hit)
			return;
		char name[64];
		size_t n = strspn(hit, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		snprintf(name, sizeof(name), "%.*s", (int)(n < sizeof(name) ? n : sizeof(name) - 1), hit);
		const char *to = sched_var_equivalent(name, target->scheduler);
		if (!to) {
			strvec_pushf(why, "the program %s uses $%s, which %s does not set on %s: write its path itself, or give the "
					  "program and its arguments with the port (--from OLD --to %s 'train.py ARGS')",
				     req->script, name, sched, target->name, target->id);
			return;
		}
		char *before = xstrdup(req->script);
		struct shword w = {0};
		w.value = req->script;
		shword_rename_text(&w, name, to);
		req->script = w.value;
		bool changed = strcmp(before, req->script) != 0;
		if (changed)
			request_warn(req, "the program %s: $%s renamed to $%s, its equivalent under %s on %s", before, name, to,
				     sched, target->name);
		free(before);
		if (!changed)
			return;
	}
}

enum port_status port_foreign_sched_vars(const struct cluster *target, struct request *req, struct strvec *why)
{
	size_t before = why->nr;
	foreign_in_program(target, req, why);
	for (size_t i = 0; i < req->args.nr; i++)
		foreign_in_word(target, req, &req->args.v[i], NULL, why);
	for (size_t i = 0; i < req->env_values.nr && i < req->env_names.nr; i++)
		foreign_in_word(target, req, &req->env_values.v[i], req->env_names.v[i], why);
	return why->nr > before ? PORT_ERROR : PORT_OK;
}
