/* extract_script.c - old job script -> request: the portable parts of a script that works
 * somewhere (nodes, GPUs per node, framework, strategy, the training script and its arguments,
 * walltime, job name, application environment) and, for porting, the list of cluster-specific
 * lines that are not carried over, each with its line number and the reason. */
#include "extract_script.h"

#include "../script/infer.h"
#include "../util/fsutil.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void script_reading_release(struct script_reading *sr)
{
	jobscript_release(&sr->js);
	strbuf_release(&sr->cluster_why);
	strvec_clear(&sr->dropped);
	strvec_clear(&sr->unknown_words);
	strvec_clear(&sr->site_wrappers);
	if (sr->helper)
		jobscript_release(sr->helper);
	free(sr->helper);
	free(sr->helper_name);
	memset(sr, 0, sizeof(*sr));
}

static bool is_builtin_wrapper(const char *w);

/* Whether word i of c is a lone variable the script sets empty unless the caller gives it
 * (SRUN_ARGS=${SRUN_ARGS:-""} ... srun ${SRUN_ARGS} python ...): extra launcher options, not a word. */
static bool empty_by_default(const struct jobscript *js, const struct jcmd *c, size_t i)
{
	const char *raw = c->words.v[i].raw;
	if (!raw || raw[0] != '$')
		return false;
	const char *n = raw + 1 + (raw[1] == '{');
	size_t len = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789");
	if (!len || strlen(n + len) != (raw[1] == '{' ? 1u : 0u))
		return false;
	char name[128];
	if (len >= sizeof(name))
		return false;
	memcpy(name, n, len);
	name[len] = '\0';
	const struct assign *a = js_lookup(js, name, (int)(c - js->cmds));
	if (!a || !a->value.raw)
		return false;
	const char *v = a->value.raw;
	if (!*v || !strcmp(v, "\"\"") || !strcmp(v, "''"))
		return true;
	char dflt[160];
	for (const char *const *e = (const char *const[]){"", "\"\"", "''", NULL}; *e; e++) {
		snprintf(dflt, sizeof(dflt), "${%s:-%s}", name, *e);
		if (!strcmp(v, dflt))
			return true;
	}
	return false;
}

/* The wrappers of the main launch line: unknown words, and those that belong to a cluster. */
static void read_wrappers(struct script_reading *sr)
{
	if (sr->plan.launch < 0)
		return;
	const struct launch *l = &sr->js.launches[sr->plan.launch];
	for (size_t i = 0; i < l->nstages; i++) {
		const struct stage *s = &l->stages[i];
		if (s->kind != SK_WRAPPER || s->first >= s->last)
			continue;
		const struct jcmd *c = &sr->js.cmds[s->cmd];
		const char *w = c->words.v[s->first].value;
		const struct wrapper_hint *h = (sr->hints ? script_hints_wrapper(sr->hints, w) : NULL);
		if (!h && !strcmp(s->prog, "wrapper") && !is_builtin_wrapper(w) && !empty_by_default(&sr->js, c, s->first))
			strvec_push(&sr->unknown_words, w);
		if (h && (h->kind == WK_AFFINITY || h->kind == WK_CONTAINER))
			strvec_pushf(&sr->site_wrappers, "%d\t%s\t%s", c->word_line[s->first], h->name, h->why);
	}
}

/* A job with no launch line whose batch shell runs a package's console command itself
 * (`llamafactory-cli train X.yaml`, wrappers.yaml's kind console): that command is its launch line. */
static bool add_console_launch(struct script_reading *sr)
{
	for (size_t i = 0; sr->hints && i < sr->js.ncmds; i++) {
		const struct jcmd *c = &sr->js.cmds[i];
		if (c->depth != 0 || c->nassign_prefix >= c->words.nr || !c->words.v[c->nassign_prefix].raw ||
		    c->words.v[c->nassign_prefix].raw[0] == '$')
			continue;
		const struct wrapper_hint *h = script_hints_wrapper(sr->hints, c->words.v[c->nassign_prefix].value);
		if (h && h->kind == WK_CONSOLE)
			return js_add_launch(&sr->js, (int)i) >= 0;
	}
	return false;
}

/* A program that is not Python but a Python package's own command (wrappers.yaml's kind console:
 * `srun litgpt pretrain --config X`, `mpiexec llamafactory-cli train X.yaml`): a PyTorch job whose
 * processes the tool places from its own config, its strategy the config's (unknown to maple), never an
 * MPI/CUDA application. */
static void read_console(struct script_reading *sr)
{
	const struct launch_plan *p = &sr->plan;
	if (!sr->hints || !sr->fw.family || strcmp(sr->fw.family, "mpi") || p->launch < 0 || !p->prog)
		return;
	const struct jcmd *c = &sr->js.cmds[p->prog->cmd];
	if (p->prog->first < 0 || (size_t)p->prog->first >= c->words.nr)
		return;
	const struct wrapper_hint *h = script_hints_wrapper(sr->hints, c->words.v[p->prog->first].value);
	if (!h || h->kind != WK_CONSOLE)
		return;
	sr->fw.family = "console";
	sr->fw.why = h->why;
	sr->fw.framework = FW_PYTORCH;
	sr->fw.strategy = ST_NONE;
	sr->fw.strategy_unknown = true;
	sr->fw.strategy_why = "the tool's own config (maple does not read it)";
}

/* Whether word w of the main launch line's program is a shell (bash, sh) or a shell script (*.sh). */
static bool shell_word(const char *w)
{
	const char *b = base_name(w);
	size_t n = strlen(b);
	return !strcmp(b, "bash") || !strcmp(b, "sh") || (n > 3 && !strcmp(b + n - 3, ".sh"));
}

/* A launch line whose program is a shell script maple could not read (read_helper found none beside the
 * job script, or no Python launch in it): which program it starts, and so the framework and strategy,
 * are unknown - family "shell", never the PyTorch DDP default. */
static void shell_helper_unread(struct script_reading *sr)
{
	const struct launch_plan *p = &sr->plan;
	if (sr->helper || p->launch < 0 || !p->prog || p->spawner || strcmp(p->prog->prog, "other") || sr->fw.family)
		return;
	const struct jcmd *c = &sr->js.cmds[p->prog->cmd];
	size_t f = (size_t)p->prog->first;
	if (p->prog->first < 0 || f >= c->words.nr || !shell_word(c->words.v[f].value))
		return;
	const char *b = base_name(c->words.v[f].value);
	if ((!strcmp(b, "bash") || !strcmp(b, "sh")) && (f + 1 >= c->words.nr || c->words.v[f + 1].value[0] == '-'))
		return; /* bash -c '...', a bare shell: no script file */
	sr->fw.framework = FW_NONE;
	sr->fw.strategy = ST_NONE;
	sr->fw.strategy_unknown = false;
	sr->fw.strategy_why = NULL;
	sr->fw.family = "shell";
	sr->fw.why = "a shell script maple could not read (not beside the job script, or no Python launch in it)";
}

/* `ibrun ./run.sh`, `srun bash node_job.sh`: reads the helper script next to the job script; when
 * its own launch line starts Python, that is the training program. */
static void read_helper(struct script_reading *sr, const char *script_dir)
{
	const struct launch_plan *p = &sr->plan;
	if (!script_dir || p->launch < 0 || !p->prog || p->spawner)
		return;
	const struct launch *l = &sr->js.launches[p->launch];
	const struct jcmd *c = &sr->js.cmds[p->prog->cmd];
	/* the first wrapper or program word that is a shell script: ./site_launch.sh ARGS train.py,
	 * ./node_launch.sh $HEAD 2, bash run.sh */
	int w = -1;
	for (size_t i = 0; i < l->nstages && w < 0; i++) {
		const struct stage *st = &l->stages[i];
		if (st->cmd != p->prog->cmd || st->first >= (int)c->words.nr ||
		    !(st->kind == SK_PROGRAM || (st->kind == SK_WRAPPER && !strcmp(st->prog, "wrapper"))))
			continue;
		int k = st->first;
		const char *b = base_name(c->words.v[k].value);
		if ((!strcmp(b, "bash") || !strcmp(b, "sh")) && k + 1 < (int)c->words.nr)
			k++;
		const char *v = c->words.v[k].value;
		size_t vn = strlen(v);
		if (vn > 3 && !strcmp(v + vn - 3, ".sh") && !strchr(v, '$') && v[0] != '/')
			w = k;
	}
	if (w < 0)
		return;
	const char *name = c->words.v[w].value;
	int fwd = w + 1; /* the first word the helper gets as "$@" / $1 */
	struct strbuf path = STRBUF_INIT, text = STRBUF_INIT;
	strbuf_addf(&path, "%s/%s", script_dir, name[0] == '.' && name[1] == '/' ? name + 2 : name);
	struct maple_error err;
	struct jobscript *h = xcalloc(1, sizeof(*h));
	bool readable = read_file(path.buf, &text, MAX_SCRIPT_BYTES, NULL) == 0;
	if (readable) {
		/* the arguments it is given stand for its "$@" / $* */
		struct strbuf args = STRBUF_INIT, sub = STRBUF_INIT;
		for (int i = fwd; i < (int)c->words.nr; i++)
			strbuf_addf(&args, "%s%s", args.len ? " " : "", c->words.v[i].raw);
		int nargs = (int)c->words.nr - fwd;
		static const char *const forms[] = {"\"$@\"", "\"${@}\"", "\"$*\"", "$@", "${@}", "$*", NULL};
		for (const char *t = text.buf; *t;) {
			int f = 0;
			while (forms[f] && strncmp(t, forms[f], strlen(forms[f])))
				f++;
			int pos = 0;
			size_t plen = 0;
			if (t[0] == '$' && t[1] >= '1' && t[1] <= '9')
				pos = t[1] - '0', plen = 2;
			else if (t[0] == '$' && t[1] == '{' && t[2] >= '1' && t[2] <= '9' && t[3] == '}')
				pos = t[2] - '0', plen = 4;
			if (forms[f]) {
				strbuf_adds(&sub, args.buf);
				t += strlen(forms[f]);
			} else if (pos) {
				/* a positional parameter: the word the launch line gives it */
				if (pos <= nargs)
					strbuf_adds(&sub, c->words.v[fwd + pos - 1].raw);
				t += plen;
			} else {
				strbuf_addch(&sub, *t++);
			}
		}
		struct strbuf tmp = text;
		text = sub;
		sub = tmp;
		strbuf_release(&args);
		strbuf_release(&sub);
	}
	if (!readable || jobscript_parse(text.buf, text.len, h, &err) < 0) {
		free(h);
		strbuf_release(&path);
		strbuf_release(&text);
		return;
	}
	strbuf_release(&path);
	strbuf_release(&text);
	js_plan(h, sr->cluster ? sr->cluster->hw.gpus_per_node : 0, &sr->helper_plan);
	const struct launch_plan *hp = &sr->helper_plan;
	if (hp->launch < 0 || !hp->prog || strcmp(hp->prog->prog, "python")) {
		jobscript_release(h);
		free(h);
		memset(&sr->helper_plan, 0, sizeof(sr->helper_plan));
		return;
	}
	sr->helper = h;
	sr->helper_name = xstrdup(name);
	int k = strvec_find(&sr->unknown_words, name);
	if (k >= 0) { /* read: no longer unknown */
		free(sr->unknown_words.v[k]);
		memmove(&sr->unknown_words.v[k], &sr->unknown_words.v[k + 1],
			(sr->unknown_words.nr - (size_t)k) * sizeof(char *)); /* with the NULL after the last */
		sr->unknown_words.nr--;
	}
	js_framework(sr->hints, h, hp, script_dir, &sr->fw);
}

/* The words of the script's directives that may name a GPU model, lower-case, at most cap of them:
 * the GPU type of its GPU request ("h100-80" of --gpus=h100-80:16 or --gres=gpu:h100-80:8, "a100" of
 * --gpus-per-node=a100:4; not a bare count), then each word of its --constraint ("gpu", "hbm80g" of
 * -C "gpu&hbm80g"). Returns how many. */
#define GPU_WORDS 6
static size_t directive_gpu_words(const struct jobscript *js, char words[][48], size_t cap)
{
	size_t n = 0;
	static const char *const opts[] = {"gpus", "gpus-per-node", "gres"};
	for (int i = 0; i < 3 && !n; i++) {
		const struct directive *d = js_directive(js, opts[i]);
		if (!d || !d->value)
			continue;
		const char *v = d->value;
		if (i == 2) {
			if (strncmp(v, "gpu:", 4))
				continue;
			v += 4;
		}
		const char *colon = strchr(v, ':');
		size_t len = colon ? (size_t)(colon - v) : 0;
		if (!len || len >= sizeof(words[0]) || strspn(v, "0123456789") == len)
			continue;
		for (size_t k = 0; k < len; k++)
			words[n][k] = (char)tolower((unsigned char)v[k]);
		words[n++][len] = '\0';
	}
	const struct directive *d = js_directive(js, "constraint");
	for (const char *p = d && d->value ? d->value : ""; *p && n < cap;) {
		size_t len = 0;
		while (p[len] && (isalnum((unsigned char)p[len]) || p[len] == '-' || p[len] == '_'))
			len++;
		if (len && len < sizeof(words[0])) {
			for (size_t k = 0; k < len; k++)
				words[n][k] = (char)tolower((unsigned char)p[k]);
			words[n++][len] = '\0';
		}
		p += len ? len : 1;
	}
	return n;
}

int read_script(const char *text, size_t len, const char *script_dir, const struct repo *repo,
		const struct cluster *cluster, struct script_reading *sr, struct maple_error *err)
{
	memset(sr, 0, sizeof(*sr));
	strbuf_init(&sr->cluster_why);
	strvec_init(&sr->dropped);
	strvec_init(&sr->unknown_words);
	strvec_init(&sr->site_wrappers);
	if (repo && !(sr->hints = script_hints_shared(repo, err))) {
		strbuf_release(&sr->cluster_why);
		return -1;
	}
	if (jobscript_parse(text, len, &sr->js, err) < 0) {
		strbuf_release(&sr->cluster_why);
		return -1;
	}
	sr->cluster = cluster;
	if (cluster) {
		sr->cluster_given = true;
	} else if (repo) {
		sr->cluster = infer_cluster_hinted(repo, sr->hints, &sr->js, &sr->cluster_why);
	}
	/* issue14: the node type the script's partition/queue names (its GPUs per node, modules, env), and
	 * among a partition's node types the one of the GPU model its GPU request or constraint names
	 * (Bridges-2's --gpus=h100-80:16 in partition GPU, which also reaches V100 nodes; Perlmutter's
	 * -C gpu&hbm80g) */
	if (sr->cluster && sr->cluster->nnode_types > 1) {
		char words[GPU_WORDS][48];
		size_t nw = directive_gpu_words(&sr->js, words, GPU_WORDS);
		static const char *const opts[] = {"partition", "queue", "qos"};
		const struct node_type *nt = NULL;
		for (int i = 0; i < 3 && !nt; i++) {
			const struct directive *d = js_directive(&sr->js, opts[i]);
			if (!d || !d->value || !cluster_queue(sr->cluster, d->value))
				continue;
			for (size_t k = 0; k < nw && !nt; k++)
				nt = cluster_node_type(sr->cluster, d->value, words[k], NULL);
			if (!nt)
				nt = cluster_node_type(sr->cluster, d->value, NULL, NULL);
		}
		for (size_t k = 0; k < nw && !nt; k++)
			nt = cluster_node_type(sr->cluster, NULL, words[k], NULL);
		if (nt)
			sr->cluster = nt->view;
	}
	js_plan(&sr->js, sr->cluster ? sr->cluster->hw.gpus_per_node : 0, &sr->plan);
	if (sr->plan.launch < 0 && add_console_launch(sr))
		js_plan(&sr->js, sr->cluster ? sr->cluster->hw.gpus_per_node : 0, &sr->plan);
	js_framework(sr->hints, &sr->js, &sr->plan, script_dir, &sr->fw);
	read_console(sr);
	read_wrappers(sr);
	read_helper(sr, script_dir);
	shell_helper_unread(sr);
	return 0;
}

const char *script_program_kind(const struct script_reading *sr)
{
	if (sr->helper) {
		const struct launch *hl = &sr->helper->launches[sr->helper_plan.launch];
		return hl->script_word < 0 ? "none" : hl->module ? "module" : "python";
	}
	const struct launch_plan *p = &sr->plan;
	if (p->launch < 0 || !p->prog)
		return "none";
	const struct launch *l = &sr->js.launches[p->launch];
	if (l->multi_prog)
		return "none"; /* srun --multi-prog FILE: the programs are in FILE */
	if (strcmp(p->prog->prog, "python"))
		return sr->fw.family && !strcmp(sr->fw.family, "console") ? "console" : "binary";
	if (l->script_word < 0)
		return "none";
	return l->module ? "module" : "python";
}

int script_launch_count(const struct script_reading *sr)
{
	int w = js_launch_weight(&sr->js, sr->plan.launch), n = 0;
	for (size_t i = 0; w > 0 && i < sr->js.nlaunches; i++)
		n += js_launch_weight(&sr->js, (int)i) == w &&
		     js_step_rank(&sr->js, (int)i) == js_step_rank(&sr->js, sr->plan.launch);
	return n;
}

/* Wrappers the reader follows by itself (launch.c). */
static bool is_builtin_wrapper(const char *w)
{
	static const char *const known[] = {"env", "time", "nohup", "exec", "stdbuf", "numactl", "taskset", "nice",
					    "chrt", "timeout", "command", "eval", NULL};
	const char *b = base_name(w);
	for (const char *const *k = known; *k; k++)
		if (!strcmp(*k, b))
			return true;
	return false;
}

static void set_from_line(struct request *r, enum req_field f, const struct jobscript *js, int line)
{
	if (line < 1 || (size_t)line > js->lines.nr)
		return;
	struct strbuf sb = STRBUF_INIT;
	const char *l = js->lines.v[line - 1];
	strbuf_addf(&sb, "line %d: %.*s", line, (int)(strlen(l) > 120 ? 120 : strlen(l)), l);
	request_set_from(r, f, sb.buf, sb.len);
	strbuf_release(&sb);
}

/* A path of the old cluster's file systems (its fingerprints that start with '/', data/clusters/NAME.yaml,
 * each with its documentation) in a value carried over as written: kept, never rewritten, and reported
 * with its line (0: none known) and what to change. */
static void warn_old_paths(const struct script_reading *sr, struct request *r, int line, const char *what,
			   const char *value)
{
	const struct cluster *c = sr->cluster;
	if (!c || !value)
		return;
	char hit[128];
	for (size_t i = 0; i < c->nfingerprints; i++)
		if (fingerprint_path_in(c->fingerprints[i].text, value, hit, sizeof(hit))) {
			char at[32] = "";
			if (line > 0)
				snprintf(at, sizeof(at), "line %d: ", line);
			request_warn(r, "%s%s '%s' points into %s's file systems (%s%s%s): kept as written; copy the data to the "
					"target and change the path to where it is there",
				     at, what, value, c->name, hit, c->fingerprints[i].src.url ? ", " : "",
				     c->fingerprints[i].src.url ? c->fingerprints[i].src.url : "");
			return;
		}
}

/* The line of the launch command's word whose value is v (the training program's arguments), or 0. */
static int arg_line(const struct script_reading *sr, const char *v)
{
	const struct launch_plan *pp = sr->helper ? &sr->helper_plan : &sr->plan;
	if (sr->helper || pp->launch < 0 || !pp->prog || !v)
		return 0;
	const struct jcmd *c = &sr->js.cmds[pp->prog->cmd];
	for (size_t w = 0; w < c->words.nr; w++)
		if (!strcmp(c->words.v[w].value, v))
			return c->word_line[w];
	return 0;
}

/* Whether the script starts CUDA's MPS daemon ("nvidia-cuda-mps-control -d", or a site's helper that does,
 * "enable_mps_polaris.sh"): several ranks share each GPU on purpose. */
static bool starts_mps(const struct jobscript *js)
{
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		for (size_t w = 0; w < c->words.nr; w++) {
			const char *b = base_name(c->words.v[w].value);
			if (!strcmp(b, "nvidia-cuda-mps-control") || (strstr(b, "mps") && strstr(b, ".sh")))
				return true;
		}
	}
	return false;
}

void script_to_request(struct script_reading *sr, struct request *r)
{
	r->from_script = true;
	const struct jobscript *js = &sr->js;
	const struct launch_plan *p = &sr->plan;
	const struct js_header *h = &p->header;
	if (sr->cluster) {
		request_set(&r->cluster, sr->cluster->id);
		request_set_from(r, RF_CLUSTER, sr->cluster_why.len ? sr->cluster_why.buf : "given", 0);
		if (sr->cluster_why.len)
			request_set_from(r, RF_CLUSTER, sr->cluster_why.buf, sr->cluster_why.len);
	}
	/* nodes: the header, else the launch line */
	if (h->nodes > 0) {
		r->nodes = h->nodes;
		set_from_line(r, RF_NODES, js, h->d_nodes->line);
	} else if (p->eff_nodes > 0) {
		r->nodes = (int)p->eff_nodes;
		const struct lopt *o = p->nodes_from ? p->nodes_from : p->spawner_nodes_from;
		const struct stage *st = p->nodes_from ? p->outer : p->spawner;
		if (o && st)
			set_from_line(r, RF_NODES, js, js->cmds[st->cmd].word_line[o->word]);
	}
	/* GPUs per node: the workers the launch line starts, else the header's GPUs. An MPI program may
	 * run several ranks per GPU (MPS), and a site wrapper that runs the script starts an unknown
	 * number of processes: there the header's GPUs count; so in an MPMD launch (A : B, srun --multi-prog),
	 * where the first program's task count is not the job's. */
	int cgpn = sr->cluster ? sr->cluster->hw.gpus_per_node : 0;
	bool header_first = (sr->fw.family && (!strcmp(sr->fw.family, "mpi") || !strcmp(sr->fw.family, "mpmd") ||
					       !strcmp(sr->fw.family, "console") || !strcmp(sr->fw.family, "shell"))) ||
			    (p->launch >= 0 && js->launches[p->launch].wrapper_runs_script) ||
			    /* (a script that starts MPS runs more ranks than GPUs on purpose: "--ntasks-per-node=8
			     * --gpus-per-node=2" under nvidia-cuda-mps-control) */
			    (starts_mps(js) && p->workers_per_node > (h->gpus_per_node > 0 ? h->gpus_per_node : cgpn));
	bool console = sr->fw.family && !strcmp(sr->fw.family, "console");
	if (header_first && h->gpus_per_node <= 0 && (p->workers_per_node > cgpn || console) && cgpn > 0 && !sr->helper) {
		/* several ranks per GPU (MPS), or a package's command that starts its processes on the node's
		 * GPUs itself (one `llamafactory-cli train` per node): the node's GPUs */
		r->gpus_per_node = cgpn;
		request_set_from(r, RF_GPUS_PER_NODE, sr->cluster->id, strlen(sr->cluster->id));
	} else if (sr->helper && sr->helper_plan.workers_per_node > 0) {
		long per = p->tasks_per_node > 0 ? p->tasks_per_node : 1;
		r->gpus_per_node = (int)(per * sr->helper_plan.workers_per_node);
		request_set_from(r, RF_GPUS_PER_NODE, sr->helper_name, strlen(sr->helper_name));
	} else if (header_first && h->gpus_per_node > 0) {
		r->gpus_per_node = h->gpus_per_node;
		set_from_line(r, RF_GPUS_PER_NODE, js, h->d_gpus->line);
	} else if (p->workers_per_node > 0 && (p->spawner || p->outer)) {
		r->gpus_per_node = (int)p->workers_per_node;
		if (p->launch >= 0)
			set_from_line(r, RF_GPUS_PER_NODE, js, js->cmds[js->launches[p->launch].cmd].line);
	} else if (h->gpus_per_node > 0) {
		r->gpus_per_node = h->gpus_per_node;
		set_from_line(r, RF_GPUS_PER_NODE, js, h->d_gpus->line);
	}
	if (sr->fw.framework != FW_NONE) {
		r->framework = sr->fw.framework;
		request_set_from(r, RF_FRAMEWORK, sr->fw.why, strlen(sr->fw.why));
	}
	if (sr->fw.strategy != ST_NONE) {
		r->strategy = sr->fw.strategy;
		if (sr->fw.strategy_why)
			request_set_from(r, RF_STRATEGY, sr->fw.strategy_why, strlen(sr->fw.strategy_why));
	}
	/* the training script and its arguments */
	const struct jobscript *pjs = sr->helper ? sr->helper : js;
	const struct launch_plan *pp = sr->helper ? &sr->helper_plan : p;
	if (pp->launch >= 0 && pp->prog) {
		const struct launch *l = &pjs->launches[pp->launch];
		const struct jcmd *c = &pjs->cmds[pp->prog->cmd];
		int sw = l->script_word;
		/* `srun bash node_job.sh ARGS` with node_job.sh unread: the script is node_job.sh */
		if (sw >= 0 && sr->fw.family && !strcmp(sr->fw.family, "shell") && sw + 1 < pp->prog->last &&
		    (!strcmp(base_name(c->words.v[sw].value), "bash") || !strcmp(base_name(c->words.v[sw].value), "sh")) &&
		    c->words.v[sw + 1].value[0] != '-')
			sw++;
		if (sw >= 0) {
			request_set(&r->script, c->words.v[sw].value);
			r->script_is_module = l->module;
			if (sr->helper) {
				struct strbuf sb = STRBUF_INIT;
				strbuf_addf(&sb, "%s line %d", sr->helper_name, c->word_line[sw]);
				request_set_from(r, RF_SCRIPT, sb.buf, sb.len);
				strbuf_release(&sb);
			} else {
				set_from_line(r, RF_SCRIPT, js, c->word_line[sw]);
			}
			shwords_release(&r->args);
			struct shwords tmp;
			shwords_init(&tmp);
			for (int i = sw + 1; i < pp->prog->last; i++) {
				struct shword w;
				/* as the script writes it (--epochs $EPOCHS: the port carries EPOCHS=50), but for an
				 * unquoted expansion of an empty value, which is no word at all */
				if (js_expands_to_nothing(pjs, pp->prog->cmd, &c->words.v[i]))
					continue;
				shword_copy(&w, &c->words.v[i]);
				/* `train.py $ARGS`: the script splits the value into words; so does the port */
				if (!(w.flags & SHW_QUOTED) && w.nsegs == 1 && w.segs[0].kind == SEG_VAR)
					w.flags |= SHW_SPLIT;
				shwords_push(&tmp, &w);
			}
			r->args = tmp;
		}
	}
	if (h->walltime_min > 0) {
		r->walltime_min = h->walltime_min;
		set_from_line(r, RF_WALLTIME, js, h->d_time->line);
	}
	if (h->d_job_name && h->d_job_name->value && *h->d_job_name->value) {
		request_set(&r->job_name, h->d_job_name->value);
		set_from_line(r, RF_JOB_NAME, js, h->d_job_name->line);
	}
	/* the master port, when the script fixes one */
	const struct assign *mp = js_lookup(js, "MASTER_PORT", (int)js->ncmds);
	long port;
	if (mp && js_eval_int(js, mp->value.raw, mp->cmd, NULL, &port) && port > 0 && port < 65536) {
		r->master_port = (int)port;
		set_from_line(r, RF_PORT, js, mp->line);
	}
	/* environment: application variables are kept, cluster and launcher ones dropped */
	for (size_t i = 0; i < js->nassigns; i++) {
		const struct assign *a = &js->assigns[i];
		if (a->depth != 0 || !a->exported || a->in_cmd_prefix)
			continue;
		if (env_cluster_specific(a->name))
			continue; /* the cluster's or the launcher's (a port lists it as not carried over) */
		if (!a->has_value) {
			/* export NAME after NAME=value: carry the value it had */
			const struct assign *v = js_lookup(js, a->name, a->cmd);
			if (!v || !v->has_value)
				continue;
			a = v;
		}
		int k = strvec_find(&r->env_names, a->name);
		if (k >= 0) { /* a later value replaces an earlier one */
			shword_release(&r->env_values.v[k]);
			shword_copy(&r->env_values.v[k], &a->value);
			continue;
		}
		strvec_push(&r->env_names, a->name);
		struct shword v;
		shword_copy(&v, &a->value);
		shwords_push(&r->env_values, &v);
	}
	warn_old_paths(sr, r, arg_line(sr, r->script), "the training program", r->script);
	for (size_t i = 0; i < r->args.nr; i++)
		warn_old_paths(sr, r, arg_line(sr, r->args.v[i].value), "argument", r->args.v[i].value);
	for (size_t i = 0; i < r->env_names.nr; i++) {
		const struct assign *a = js_lookup(js, r->env_names.v[i], (int)js->ncmds);
		warn_old_paths(sr, r, a ? a->line : 0, r->env_names.v[i], r->env_values.v[i].value);
	}
	if (js->flux_line) {
		char saw[160];
		script_flux_summary(sr, saw, sizeof(saw));
		request_warn(r, "line %d: the job starts a Flux instance (flux start/alloc/proxy): maple does not follow "
				"what that instance runs, so it does not read this job's launch (it read %s)",
			     js->flux_line, saw);
	} else if (p->launch < 0) {
		request_warn(r, "no launch line found in the script (srun, mpiexec, torchrun, deepspeed, accelerate "
				"launch or python)");
	}
}

void script_flux_summary(const struct script_reading *sr, char *out, size_t size)
{
	const struct jobscript *js = &sr->js;
	int ndirs = 0, run_line = 0;
	for (size_t i = 0; i < js->lines.nr; i++)
		ndirs += !strncasecmp(js->lines.v[i], "#flux:", 6);
	for (size_t i = 0; i < js->ncmds && !run_line; i++) {
		const struct shwords *w = &js->cmds[i].words;
		for (size_t k = js->cmds[i].nassign_prefix; k + 1 < w->nr && !run_line; k++)
			if (!strcmp(w->v[k].value, "flux") && w->v[k + 1].value[0] != '-')
				run_line = js->cmds[i].line;
	}
	char run[48] = "";
	if (run_line)
		snprintf(run, sizeof(run), "%sthe flux command on line %d", ndirs ? " and " : "", run_line);
	if (ndirs)
		snprintf(out, size, "%d #flux: directive%s%s", ndirs, ndirs == 1 ? "" : "s", run);
	else
		snprintf(out, size, "%s", run_line ? run : "a flux command");
}
