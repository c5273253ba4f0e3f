/* generate.c - `maple generate`: plain-language request -> job script (single, interactive, or
 * --batch with one JSON object per input line). */
#include "cmd.h"

#include "../advise/autofill.h"
#include "../request/extract.h"
#include "../port/port.h"
#include "../request/rules.h"
#include "../retrieve/retrieve.h"
#include "../script/hints.h"
#include "../synth/synth.h"
#include "../util/fsutil.h"
#include "../util/jsonw.h"
#include "../util/output.h"
#include "../util/strvec.h"
#include "../util/termsafe.h"
#include "../verify/verify.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct gen_opts {
	bool json, explain, allow_shell, shellcheck, check_syntax;
	bool keep_nodes; /* --from: keep the old node count instead of the world size */
	bool force; /* -o may replace an existing file */
	const char *output, *cluster, *batch, *data_dir, *from, *to, *verify, *verify_timeout;
	bool in_batch;
	bool autofill;	 /* --auto */
	const char *dir; /* --dir, the job's directory for --auto */
};

struct gen_result {
	struct request req;
	struct resolution res;
	struct strbuf script;
	const struct template *tpl;
	size_t ncands;
	bool input_error; /* the text itself could not be read (status error) */
	struct strvec check; /* findings of the check of maple's own script: "line N: [id] message" */
	struct strvec filled; /* --auto: "field: value (why)" */
	bool autofilled;
	/* a port (--from): the old script's reading, for what is written after the synthesis (per_task.c) */
	const struct script_reading *port_sr;
	/* last, and not cleared by result_init (10 KB per request in --batch): only the first ncands,
	 * which retrieve_rank writes whole, are ever read */
	struct candidate cands[32];
};

/* The mini-app mode that exercises what the request asked for. */
static const char *miniapp_mode(const struct request *r)
{
	if (r->framework == FW_DEEPSPEED)
		return "deepspeed";
	if (r->framework == FW_ACCELERATE)
		return "accelerate";
	return r->strategy == ST_FSDP ? "fsdp" : "ddp";
}

static void result_init(struct gen_result *g)
{
	memset(g, 0, offsetof(struct gen_result, cands));
	request_init(&g->req);
	resolution_init(&g->res);
	strbuf_init(&g->script);
	strvec_init(&g->check);
	strvec_init(&g->filled);
}

static void result_release(struct gen_result *g)
{
	request_release(&g->req);
	resolution_release(&g->res);
	strbuf_release(&g->script);
	strvec_clear(&g->check);
	strvec_clear(&g->filled);
}

/* Rules, template, script, and the check of the script, for a request whose fields are set. */
static void resolve_and_render(struct repo *repo, struct retriever *rt, const char *text, const struct gen_opts *o,
			       struct gen_result *g)
{
	struct maple_error err;
	rules_apply(repo, &g->req, &g->res);
	if (g->res.status != REQ_OK)
		return;
	if (retrieve_rank(rt, &g->req, text, g->cands, 32, &g->ncands, &err) < 0) {
		g->res.status = REQ_ERROR;
		strvec_pushf(&g->res.errors, "cannot load the templates of %s: %s", g->req.cluster, err.text);
		return;
	}
	if (!g->ncands || !g->cands[0].eligible) {
		g->res.status = REQ_ERROR;
		strvec_pushf(&g->res.errors, "no template for %s %s on %s (`maple templates --cluster %s` lists them)",
			     framework_name(g->req.framework), strategy_name(g->req.strategy), g->req.cluster,
			     g->req.cluster);
		return;
	}
	g->tpl = g->cands[0].t;
	struct maple_error herr;
	struct synth_opts so = {o->allow_shell, NULL, script_hints_shared(repo, &herr)}; /* NULL: none */
	for (size_t i = 0; g->req.tune_run && i < g->ncands && !so.node_launch; i++) {
		const struct template *t = g->cands[i].t;
		if (t->tasks_per == TASKS_PER_NODE && t->body && strstr(t->body, "accelerate launch ") &&
		    strstr(t->body, "--machine_rank $") && strstr(t->body, "{{accelerate_flags}} {{command}}"))
			so.node_launch = t;
	}
	if (synthesize(g->res.cluster, g->tpl, &g->req, &so, &g->script, &err) < 0) {
		g->res.status = REQ_ERROR;
		strvec_push(&g->res.errors, err.text);
		return;
	}
	if (g->port_sr && port_per_task_kind(g->port_sr)) {
		/* a program that takes its rank from the MPI launcher: one task per GPU (before the check below) */
		struct strvec why = STRVEC_INIT;
		if (port_per_task_launch(g->port_sr, g->res.cluster, g->tpl, &g->req, &g->script, &why) < 0) {
			g->res.status = REQ_ERROR;
			for (size_t i = 0; i < why.nr; i++)
				strvec_push(&g->res.errors, why.v[i]);
			strvec_clear(&why);
			return;
		}
		strvec_clear(&why);
	}
	if (g->port_sr) {
		/* the job array, in the target's syntax, before the check: an array past the target queue's
		 * limit on submitted jobs is said (array-exceeds-submit-limit, the user's array) */
		char *arr = port_array_line(g->port_sr, g->res.cluster);
		port_insert_header(&g->script, arr);
		free(arr);
	}
	/* maple checks its own script with the verifier's checks and its own shell reader; bash -n (a child
	 * process, ~2 ms) runs only when asked: --check-syntax, --shellcheck or --verify */
	struct verify_opts vo = {.bash_n = !o->in_batch && (o->check_syntax || o->shellcheck || o->verify),
				.shellcheck = o->shellcheck};
	struct verify_result vr;
	if (verify_script(g->script.buf, g->script.len, NULL, repo, g->res.cluster, &vo, &vr, &err) < 0) {
		g->res.status = REQ_ERROR;
		strvec_pushf(&g->res.errors, "maple cannot read back its own script: %s", err.text);
		return;
	}
	for (size_t i = 0; i < vr.nfindings; i++) {
		const struct finding *f = &vr.findings[i];
		/* a finding about what the request asks (the per-user GPU cap) was said by its rules already,
		 * with its source */
		/* --shellcheck asked for a check that did not run (not installed): said, never a silent pass */
		bool asked = o->shellcheck && !strcmp(f->id, "shellcheck-not-run");
		if ((f->sev == SEV_INFO && !asked) || (f->sev == SEV_WARNING && f->about_request))
			continue;
		strvec_pushf(&g->check, "line %d: %s [%s] %s", f->line, severity_name(f->sev), f->id, f->message);
		/* a check that could not run (no bash in PATH) leaves maple's own script unchecked: a warning */
		if (f->sev == SEV_ERROR && (f->user_text || f->about_request))
			/* the user's own argument, carried as written, is what fails, or a limit of what the request
			 * asks that only the check knows (a queue's shortest walltime): it is named, not maple */
			strvec_pushf(&g->res.errors, "line %d: %s (fix: %s)", f->line, f->message, f->fix);
		else if (f->sev == SEV_ERROR && strcmp(f->id, "check-not-run"))
			strvec_pushf(&g->res.errors,
				     "maple's own script fails its check, line %d [%s]: %s (fix: %s) - please report this with "
				     "the request",
				     f->line, f->id, f->message, f->fix);
		else if (f->user_text)
			request_warn(&g->req, "the port's line %d: %s%s%s%s", f->line, f->message, f->fix ? " (fix: " : "",
				     f->fix ? f->fix : "", f->fix ? ")" : "");
		else
			request_warn(&g->req, "check: line %d [%s] %s", f->line, f->id, f->message);
	}
	if (g->res.errors.nr)
		g->res.status = REQ_ERROR;
	verify_result_release(&vr);
}

static void run_one(struct repo *repo, struct retriever *rt, const char *text, size_t len, const struct gen_opts *o,
		    struct gen_result *g)
{
	struct maple_error err;
	if (extract_text(text, len, repo, &g->req, &err) < 0) {
		g->input_error = true;
		g->res.status = REQ_ERROR;
		strvec_push(&g->res.errors, err.text);
		return;
	}
	if (o->cluster) {
		request_set(&g->req.cluster, o->cluster);
		request_set_from(&g->req, RF_CLUSTER, "--cluster", 9);
	}
	if (o->autofill) {
		g->autofilled = true;
		struct strvec notes = STRVEC_INIT;
		if (autofill_request(repo, o->data_dir, o->dir, &g->req, &g->filled, &notes, &err) < 0) {
			g->res.status = REQ_ERROR;
			strvec_pushf(&g->res.errors, "--auto: %s", err.text);
			strvec_clear(&notes);
			return;
		}
		for (size_t i = 0; i < notes.nr; i++)
			request_warn(&g->req, "--auto: %s", notes.v[i]);
		strvec_clear(&notes);
	}
	resolve_and_render(repo, rt, text, o, g);
}

/* Copies what the extra request text states over the fields read from the old script. */
/* The request text's words over a port. The port renders with shell syntax kept live (what it copies
 * from the user's own script: "$@", $(...)); the text's own arguments are text, so unless --allow-shell
 * was given their ; | & $(...) stay literal, as in any other request. */

/* w as literal text unless --allow-shell: ; | & $(...) in the text's own words never run (said). */
static void keep_literal(struct request *dst, struct shword *w, bool allow_shell)
{
	if (allow_shell || !(w->flags & (SHW_META | SHW_SUBST)))
		return;
	request_warn(dst, "argument '%s' carries shell syntax (; | & < > $( ) or backticks); it is kept as literal text "
			  "and never runs (use --allow-shell to let the shell interpret it)",
		     w->raw);
	w->flags &= ~(unsigned)(SHW_META | SHW_SUBST);
}

/* The index of the option word opt (--name or --name=value) in args, or -1. */
static long find_option(const struct shwords *args, const char *opt)
{
	size_t n = strcspn(opt, "=");
	for (size_t i = 0; i < args->nr; i++) {
		const char *a = args->v[i].value;
		if (!strncmp(a, opt, n) && (a[n] == '\0' || a[n] == '='))
			return (long)i;
	}
	return -1;
}

/* Merges the text's arguments into the old program's: an option the old ones have ("--k v", "--k=v")
 * takes the text's spelling and value in its place (said as changed), anything else is appended (said as
 * added). Shell syntax in the text stays literal unless --allow-shell, as for any request. */
static void merge_args(struct request *dst, const struct shwords *add, bool allow_shell)
{
	struct strbuf said = STRBUF_INIT;
	for (size_t i = 0; i < add->nr; i++) {
		const char *v = add->v[i].value;
		bool opt = v[0] == '-' && v[1] == '-' && v[2];
		size_t take = opt && !strchr(v, '=') && i + 1 < add->nr && add->v[i + 1].value[0] != '-' ? 2 : 1;
		struct shwords nw;
		shwords_init(&nw);
		for (size_t k = 0; k < take; k++) {
			struct shword w;
			shword_copy(&w, &add->v[i + k]);
			keep_literal(dst, &w, allow_shell);
			shwords_push(&nw, &w);
		}
		i += take - 1;
		long at = opt ? find_option(&dst->args, v) : -1;
		const char *what = at >= 0 ? "changed" : "added";
		strbuf_addf(&said, "%s%s%s%s (%s)", said.len ? ", " : "", nw.v[0].value, take == 2 ? " " : "",
			    take == 2 ? nw.v[1].value : "", what);
		if (at < 0) {
			for (size_t k = 0; k < nw.nr; k++)
				shwords_push(&dst->args, &nw.v[k]);
			free(nw.v);
			continue;
		}
		/* the old option's words: itself, and its value unless written with = or followed by an option */
		const struct shword *o = &dst->args.v[at];
		size_t span = !strchr(o->value, '=') && (size_t)at + 1 < dst->args.nr && dst->args.v[at + 1].value[0] != '-'
				      ? 2
				      : 1;
		struct shwords out;
		shwords_init(&out);
		for (size_t k = 0; k < dst->args.nr; k++) {
			if (k == (size_t)at)
				for (size_t q = 0; q < nw.nr; q++)
					shwords_push(&out, &nw.v[q]);
			if (k >= (size_t)at && k < (size_t)at + span)
				continue;
			struct shword w;
			shword_copy(&w, &dst->args.v[k]);
			shwords_push(&out, &w);
		}
		free(nw.v);
		shwords_release(&dst->args);
		dst->args = out;
	}
	if (said.len)
		request_warn(dst, "the program's arguments as the request says: %s", said.buf);
	strbuf_release(&said);
}

static void overlay(struct request *dst, struct request *src, bool allow_shell)
{
#define TAKE_STR(f, rf)                                                                                                \
	if (src->f) {                                                                                                  \
		request_set(&dst->f, src->f);                                                                          \
		if (src->from[rf])                                                                                     \
			request_set_from(dst, rf, src->from[rf], strlen(src->from[rf]));                                \
	}
#define TAKE_INT(f, rf)                                                                                                \
	if (src->f) {                                                                                                  \
		dst->f = src->f;                                                                                       \
		if (src->from[rf])                                                                                     \
			request_set_from(dst, rf, src->from[rf], strlen(src->from[rf]));                                \
	}
	TAKE_STR(account, RF_ACCOUNT)
	TAKE_STR(queue, RF_QUEUE)
	TAKE_STR(job_name, RF_JOB_NAME)
	TAKE_STR(conda_env, RF_CONDA)
	TAKE_STR(venv, RF_VENV)
	TAKE_STR(container_image, RF_CONTAINER)
	TAKE_STR(container_runtime, RF_CONTAINER)
	TAKE_STR(model, RF_MODEL)
	TAKE_INT(nodes, RF_NODES)
	TAKE_INT(gpus_per_node, RF_GPUS_PER_NODE)
	TAKE_INT(walltime_min, RF_WALLTIME)
	TAKE_INT(master_port, RF_PORT)
#undef TAKE_STR
#undef TAKE_INT
	if (src->total_gpus) {
		dst->total_gpus = src->total_gpus;
		if (src->from[RF_TOTAL_GPUS])
			request_set_from(dst, RF_TOTAL_GPUS, src->from[RF_TOTAL_GPUS], strlen(src->from[RF_TOTAL_GPUS]));
		if (!src->nodes && !src->gpus_per_node) {
			/* "8 GPUs in total": the node count and the GPUs per node follow from it and the target's
			 * nodes (the port's placement only kept the old world size; neither is a zero given) */
			dst->nodes = 0;
			dst->gpus_per_node = 0;
			for (int f = RF_NODES; f <= RF_GPUS_PER_NODE; f++) {
				free(dst->from[f]);
				dst->from[f] = NULL;
			}
		}
	}
	if (src->framework != FW_NONE && src->framework != dst->framework && dst->launcher_args.nr) {
		struct strbuf kept = STRBUF_INIT;
		for (size_t i = 0; i < dst->launcher_args.nr; i++)
			strbuf_addf(&kept, "%s%s", i ? " " : "", dst->launcher_args.v[i].raw);
		request_warn(dst, "the request text runs %s instead of %s: your launcher config (`%s`) is not used by the "
				  "port (say \"%s\" with the port to keep it)",
			     framework_name(src->framework), framework_name(dst->framework), kept.buf,
			     framework_name(dst->framework));
		strbuf_release(&kept);
	}
	if (src->framework != FW_NONE)
		dst->framework = src->framework;
	if (src->strategy != ST_NONE) {
		dst->strategy = src->strategy;
		dst->strategy_from_config = false;
		dst->strategy_chosen = true;
	}
	for (size_t i = 0; i < src->modules.nr; i++)
		strvec_push(&dst->modules, src->modules.v[i]);
	/* arguments the text names without a program ("add --resume ckpt.pt") go to the old program: an option
	 * it already has takes the new value, a new one is appended */
	if (!(src->script && src->from[RF_SCRIPT]) && src->args.nr)
		merge_args(dst, &src->args, allow_shell);
	/* a program the text names (not maple's default train.py) replaces the old one with its arguments */
	if (src->script && src->from[RF_SCRIPT]) {
		request_set(&dst->script, src->script);
		request_set_from(dst, RF_SCRIPT, src->from[RF_SCRIPT], strlen(src->from[RF_SCRIPT]));
		dst->script_is_module = src->script_is_module;
		shwords_release(&dst->args);
		shwords_copy(&dst->args, &src->args);
		for (size_t i = 0; i < dst->args.nr; i++)
			keep_literal(dst, &dst->args.v[i], allow_shell);
	}
}

/* --from OLD --to CLUSTER: re-synthesizes an old script for another cluster. */
static int run_port(struct repo *repo, struct retriever *rt, const struct gen_opts *o, const struct strbuf *extra,
		    struct gen_result *g)
{
	const struct cluster *target = match_cluster_name(repo, o->to);
	if (!target) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_adds(&sb, "--to: ");
		unknown_cluster_message(repo, o->to, &sb);
		g->res.status = REQ_ERROR;
		strvec_push_nodup(&g->res.errors, strbuf_detach(&sb));
		return -1;
	}
	struct strbuf text = STRBUF_INIT;
	if (read_script_file(o->from, &text) < 0) {
		strbuf_release(&text);
		return -2;
	}
	char *dir = script_dir_of(o->from);
	/* a login-node driver that feeds its job to sbatch/qsub on standard input: the port is the fed job's */
	int fed_line = 0;
	bool wrapped;
	char *fed = js_fed_job_text(text.buf, text.len, &fed_line, &wrapped);
	struct strbuf driver = STRBUF_INIT;
	if (fed) {
		driver = text;
		strbuf_init(&text);
		strbuf_adds(&text, fed);
		free(fed);
	}
	struct script_reading sr;
	struct maple_error err;
	if (read_script(text.buf, text.len, dir, repo, NULL, &sr, &err) < 0) {
		g->input_error = true;
		g->res.status = REQ_ERROR;
		strvec_pushf(&g->res.errors, "%s: %s", o->from, err.text);
		free(dir);
		strbuf_release(&text);
		strbuf_release(&driver);
		return -1;
	}
	/* the request text first: what it says wins over the old script (a program named there stands in for
	 * a launch line maple cannot read, or for arguments that do not port) */
	struct request more;
	request_init(&more);
	if (extra->len && extract_text(extra->buf, extra->len, repo, &more, &err) < 0) {
		g->res.status = REQ_ERROR;
		strvec_pushf(&g->res.errors, "the request text: %s", err.text);
		request_release(&more);
		script_reading_release(&sr);
		free(dir);
		strbuf_release(&text);
		strbuf_release(&driver);
		return -1;
	}
	struct port_opts po = {o->keep_nodes, extra->len && more.script && more.from[RF_SCRIPT],
			       extra->len && more.walltime_min > 0 ? more.walltime_min : 0};
	struct strvec why = STRVEC_INIT;
	enum port_status ps = port_bad_header_values(&sr, &po, extra->len && (more.nodes || more.total_gpus), &why);
	if (ps == PORT_OK)
		ps = port_request(&sr, target, &po, &g->req, &why);
	if (ps == PORT_OK && extra->len) {
		overlay(&g->req, &more, o->allow_shell);
		for (size_t i = 0; i < more.warnings.nr; i++)
			request_warn(&g->req, "%s", more.warnings.v[i]);
	}
	if (ps == PORT_OK)
		port_job_name(&g->req); /* header.c: after the text's, which wins */
	if (ps == PORT_OK && fed_line)
		port_fed_driver(driver.buf, driver.len, fed_line, wrapped, sr.cluster, target, &g->req);
	strbuf_release(&driver);
	request_release(&more);
	if (ps != PORT_OK) {
		/* a port maple cannot make whole: what is missing, or why not (never an invented program) */
		g->res.status = ps == PORT_INCOMPLETE ? REQ_INCOMPLETE : REQ_ERROR;
		for (size_t i = 0; i < why.nr; i++)
			strvec_pushf(ps == PORT_INCOMPLETE ? &g->res.missing : &g->res.errors, "%s", why.v[i]);
		strvec_clear(&why);
		script_reading_release(&sr);
		free(dir);
		strbuf_release(&text);
		return 0;
	}
	strvec_clear(&why);
	enum port_status ts = port_task_args(&sr, target, &g->req, &why); /* taskargs.c */
	if (port_foreign_sched_vars(target, &g->req, &why) != PORT_OK || ts != PORT_OK) {
		g->res.status = REQ_ERROR;
		for (size_t i = 0; i < why.nr; i++)
			strvec_push(&g->res.errors, why.v[i]);
		strvec_clear(&why);
		script_reading_release(&sr);
		free(dir);
		strbuf_release(&text);
		return 0;
	}
	/* the retrieval text: the old launch line */
	struct strbuf rtext = STRBUF_INIT;
	if (sr.plan.launch >= 0) {
		int line = sr.js.cmds[sr.js.launches[sr.plan.launch].cmd].line;
		strbuf_adds(&rtext, sr.js.lines.v[line - 1]);
	}
	/* what the port copies from the user's own script ("$@", $(...)) stays live, as it was there */
	struct gen_opts po2 = *o;
	po2.allow_shell = true;
	g->port_sr = &sr;
	resolve_and_render(repo, rt, rtext.buf, &po2, g);
	g->port_sr = NULL;
	strbuf_release(&rtext);
	if (g->res.status == REQ_OK && port_task_args_fit(&sr, g->tpl, &g->req, &why) != PORT_OK) {
		g->res.status = REQ_ERROR; /* per-task variables the chosen launch cannot expand */
		for (size_t i = 0; i < why.nr; i++)
			strvec_push(&g->res.errors, why.v[i]);
		strvec_clear(&why);
	}
	char *own = g->res.status == REQ_OK ? port_user_config_text(&sr, &g->req) : NULL;
	port_insert_before_launch(&g->script, own); /* the user's DeepSpeed config, as the old script wrote it */
	free(own);
	script_reading_release(&sr);
	free(dir);
	strbuf_release(&text);
	return 0;
}

static json_t *result_json(const struct gen_result *g, bool explain)
{
	json_t *o = json_object();
	json_object_set_new(o, "status", json_string(status_name(g->res.status)));
	json_object_set_new(o, "request", request_json(&g->req));
	json_object_set_new(o, "missing", json_strvec(&g->res.missing));
	json_object_set_new(o, "template", json_str_or_null(g->tpl ? g->tpl->id : NULL));
	json_object_set_new(o, "script", g->res.status == REQ_OK ? json_string(g->script.buf) : json_null());
	json_object_set_new(o, "warnings", json_strvec(&g->req.warnings));
	json_object_set_new(o, "errors", json_strvec(&g->res.errors));
	json_object_set_new(o, "check", json_strvec(&g->check));
	json_t *from = json_object();
	for (int f = 0; f < RF_COUNT; f++)
		if (g->req.from[f])
			json_object_set_new(from, req_field_name((enum req_field)f), json_string(g->req.from[f]));
	json_object_set_new(o, "from", from);
	if (g->autofilled)
		json_object_set_new(o, "filled", json_strvec(&g->filled));
	if (explain) {
		json_t *cands = json_array();
		for (size_t i = 0; i < g->ncands; i++) {
			const struct candidate *c = &g->cands[i];
			json_t *cj = json_object();
			json_object_set_new(cj, "template", json_string(c->t->id));
			json_object_set_new(cj, "eligible", json_boolean(c->eligible));
			json_object_set_new(cj, "score", json_real(c->score));
			json_object_set_new(cj, "structured", json_real(c->structured));
			json_object_set_new(cj, "lexical", json_real(c->lexical));
			json_object_set_new(cj, "why", json_string(c->why));
			json_array_append_new(cands, cj);
		}
		json_object_set_new(o, "candidates", cands);
	}
	return o;
}

/* Appends the line json_print(result_json(g, false), true) prints, written as it goes: no tree per
 * request (--batch). The request object comes from request_json.c's one definition of it; strings that
 * are not UTF-8 are dropped as jansson drops them. */
static void result_write(const struct gen_result *g, struct strbuf *out)
{
	struct jsonw w;
	jw_init(&w, out);
	jw_begin_object(&w);
	jw_member_str(&w, "status", status_name(g->res.status));
	jw_key(&w, "request");
	request_json_write(&g->req, out);
	jw_member_strs(&w, "missing", g->res.missing.v, g->res.missing.nr);
	jw_member_str_or_null(&w, "template", g->tpl ? g->tpl->id : NULL);
	if (g->res.status == REQ_OK)
		jw_member_str(&w, "script", g->script.buf);
	else
		jw_member_null(&w, "script");
	jw_member_strs(&w, "warnings", g->req.warnings.v, g->req.warnings.nr);
	jw_member_strs(&w, "errors", g->res.errors.v, g->res.errors.nr);
	jw_member_strs(&w, "check", g->check.v, g->check.nr);
	jw_key(&w, "from");
	jw_begin_object(&w);
	for (int f = 0; f < RF_COUNT; f++)
		if (g->req.from[f])
			jw_member_str(&w, req_field_name((enum req_field)f), g->req.from[f]);
	jw_end_object(&w);
	if (g->autofilled)
		jw_member_strs(&w, "filled", g->filled.v, g->filled.nr);
	jw_end_object(&w);
	strbuf_addch(out, '\n');
}

static void print_explain(const struct gen_result *g)
{
	fprintf(stderr, "template candidates for %s %s on %s:\n", framework_name(g->req.framework),
		strategy_name(g->req.strategy), g->req.cluster ? g->req.cluster : "?");
	for (size_t i = 0; i < g->ncands; i++) {
		const struct candidate *c = &g->cands[i];
		fprintf(stderr, "  %s %-28s score %6.2f (structured %.0f, text %.2f)  %s\n", i == 0 ? "*" : " ", c->t->id,
			c->score, c->structured, c->lexical, c->why);
	}
	fprintf(stderr, "request fields and the words that produced them:\n");
	for (int f = 0; f < RF_COUNT; f++)
		if (g->req.from[f])
			fprintf(stderr, "  %-16s <- \"%s\"\n", req_field_name((enum req_field)f), g->req.from[f]);
}

/* Reads one line (with its '\n') into sb, keeping at most cap bytes of it: the rest of a longer line
 * (a file of zeros has no end of line) is read and dropped, so memory stays bounded and the request
 * reader still sees an oversized line. Returns the bytes kept, or -1 at the end. */
static ssize_t read_line_capped(FILE *f, struct strbuf *sb, size_t cap)
{
	strbuf_reset(sb);
	int c;
	bool any = false;
	while ((c = getc_unlocked(f)) != EOF) {
		any = true;
		if (sb->len < cap)
			strbuf_addch(sb, c);
		if (c == '\n')
			break;
	}
	return any ? (ssize_t)sb->len : -1;
}

static int batch(struct repo *repo, struct retriever *rt, const struct gen_opts *o)
{
	if (strcmp(o->batch, "-") && is_directory(o->batch)) {
		fprintf(stderr, "maple generate: --batch '%s' is a directory: give a file with one request per line\n",
			o->batch);
		return EXIT_ERROR;
	}
	FILE *f = strcmp(o->batch, "-") ? fopen(o->batch, "r") : stdin;
	if (!f) {
		fprintf(stderr, "maple generate: cannot read the batch file '%s': %s\n", o->batch, strerror(errno));
		return EXIT_ERROR;
	}
	/* all three reused from request to request, owned here: the script buffer is lent to each result
	 * (emptied) and taken back before the result is released, so no request mallocs and frees its
	 * 8 KB script buffer (a free that large also made glibc consolidate its small-chunk bins each time) */
	struct strbuf lb = STRBUF_INIT, ob = STRBUF_INIT, script = STRBUF_INIT;
	ssize_t n;
	while ((n = read_line_capped(f, &lb, MAX_REQUEST_BYTES + 1)) >= 0) {
		char *line = lb.buf;
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		struct gen_result g;
		result_init(&g);
		strbuf_reset(&script);
		g.script = script;
		run_one(repo, rt, line, (size_t)n, o, &g);
		bool lost;
		if (o->explain) { /* the candidates' scores are reals: jansson formats them */
			json_t *j = result_json(&g, true);
			json_print(j, true);
			lost = output_stdout_failed();
			json_decref(j);
		} else {
			strbuf_reset(&ob);
			result_write(&g, &ob);
			fwrite(ob.buf, 1, ob.len, stdout);
			lost = output_stdout_failed(); /* at once: the cause is in errno now, not after */
		}
		script = g.script; /* back to the loop, which releases it */
		strbuf_init(&g.script);
		result_release(&g);
		if (lost)
			break; /* the output is lost anyway: main reports it */
	}
	int rc = EXIT_OK;
	if (ferror(f)) {
		fprintf(stderr, "maple generate: reading the batch file '%s' failed: %s (the output stops there)\n",
			o->batch, strerror(errno));
		rc = EXIT_ERROR;
	}
	strbuf_release(&lb);
	strbuf_release(&ob);
	strbuf_release(&script);
	if (f != stdin)
		fclose(f);
	return rc;
}

/* Asks for the missing fields on a terminal and appends the answers to the text. */
static bool ask_missing(const struct repo *repo, const struct strvec *missing, struct strbuf *text)
{
	for (size_t i = 0; i < missing->nr; i++) {
		if (!strcmp(missing->v[i], "cluster")) {
			fprintf(stderr, "Which cluster? (");
			for (size_t k = 0; k < repo_cluster_count(repo); k++)
				fprintf(stderr, "%s%s", k ? ", " : "", repo_cluster_at(repo, k)->id);
			fprintf(stderr, "): ");
		} else if (!strncmp(missing->v[i], "container image", 15)) {
			fprintf(stderr, "Which %s? ", missing->v[i]);
		} else {
			fprintf(stderr, "How many nodes? (or say e.g. \"8 GPUs\"): ");
		}
		char buf[256];
		if (!fgets(buf, sizeof(buf), stdin))
			return false;
		buf[strcspn(buf, "\r\n")] = '\0';
		if (!buf[0])
			return false;
		if (!strcmp(missing->v[i], "cluster"))
			strbuf_addf(text, "\non %s", buf);
		else if (!strncmp(missing->v[i], "container image", 15))
			strbuf_addf(text, "\ncontainer image %s", buf);
		else if (strspn(buf, "0123456789") == strlen(buf))
			strbuf_addf(text, "\n%s nodes", buf);
		else
			strbuf_addf(text, "\n%s", buf);
	}
	return true;
}

static const char usage[] = "maple generate [--json] [--explain] [-o FILE] [--cluster ID] TEXT\n"
			    "       maple generate --from OLD_SCRIPT --to CLUSTER [--json] [-o FILE] [TEXT]\n"
			    "       maple generate --json --batch FILE";
static const char about[] =
	"Writes a ready-to-run batch script for the training job that TEXT describes, for example:\n"
	"  maple generate \"train ViT with torchrun on 2 Perlmutter nodes, run_image_classification.py "
	"--dataset beans\"\n"
	"Exit status: 0 ok, 3 incomplete (missing cluster, node count or container image), 2 error.";

int cmd_generate(int argc, char **argv)
{
	struct gen_opts o = {0};
	const struct opt opts[] = {
		{0, "json", OPT_FLAG, NULL, "print one JSON object (status, request, script, warnings, errors)", &o.json},
		{0, "explain", OPT_FLAG, NULL, "show the ranked template candidates and the words behind each field",
		 &o.explain},
		{'o', "output", OPT_STRING, "FILE", "write the script to FILE (atomically) instead of stdout (- is stdout)", &o.output},
		{0, "force", OPT_FLAG, NULL, "-o: replace FILE when it exists (its mode is kept)", &o.force},
		{0, "cluster", OPT_STRING, "ID", "target cluster (overrides the text)", &o.cluster},
		{0, "batch", OPT_STRING, "FILE", "one request per line in, one JSON object per line out ('-' = stdin)",
		 &o.batch},
		{0, "data-dir", OPT_STRING, "DIR", "extra directory of cluster profiles and templates", &o.data_dir},
		{0, "allow-shell", OPT_FLAG, NULL, "let ; | & redirections and $(...) in arguments reach the shell",
		 &o.allow_shell},
		{0, "from", OPT_STRING, "OLD", "port the job script OLD (works elsewhere) to the --to cluster", &o.from},
		{0, "to", OPT_STRING, "ID", "the cluster to port to (with --from)", &o.to},
		{0, "keep-nodes", OPT_FLAG, NULL,
		 "--from: keep the old node count (the world size changes) instead of the old world size", &o.keep_nodes},
		{0, "shellcheck", OPT_FLAG, NULL, "also run bash -n and shellcheck on the generated script", &o.shellcheck},
		{0, "check-syntax", OPT_FLAG, NULL, "also run bash -n on the generated script (maple's own shell reader always does)",
		 &o.check_syntax},
		{0, "verify", OPT_STRING, "WHERE",
		 "then prove it works: maple verify --run WHERE (submit | local) on the generated script", &o.verify},
		{0, "timeout", OPT_STRING, "S", "--verify: deadline in seconds (default 900)", &o.verify_timeout},
		{0, "auto", OPT_FLAG, NULL, "fill framework, strategy, nodes and script from --dir (inspect + advise)",
		 &o.autofill},
		{0, "dir", OPT_STRING, "DIR", "the job's directory for --auto (default: .)", &o.dir},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec words = STRVEC_INIT;
	int pr = opts_parse(argc, argv, opts, usage, about, &words);
	if (pr) {
		strvec_clear(&words);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	struct repo *repo = open_repo(o.data_dir);
	if (!repo) {
		strvec_clear(&words);
		return EXIT_ERROR;
	}
	int rc;
	struct retriever *rt = retriever_create(repo);
	retriever_explain(rt, o.explain);
	if (o.to && !o.from) {
		fprintf(stderr, "maple generate: --to needs --from OLD_SCRIPT (for a new request use --cluster)\n");
		strvec_clear(&words);
		retriever_destroy(rt);
		repo_destroy(repo);
		return EXIT_ERROR;
	}
	if (o.from && !o.to)
		o.to = o.cluster;
	if (o.from && !o.to) {
		fprintf(stderr, "maple generate: --from needs --to CLUSTER (`maple clusters` lists them)\n");
		strvec_clear(&words);
		retriever_destroy(rt);
		repo_destroy(repo);
		return EXIT_ERROR;
	}
	if (o.dir && !o.autofill) {
		fprintf(stderr, "maple generate: --dir is read by --auto (add --auto to fill fields from it)\n");
		strvec_clear(&words);
		retriever_destroy(rt);
		repo_destroy(repo);
		return EXIT_ERROR;
	}
	if (o.autofill && !o.dir)
		o.dir = ".";
	/* -o - is standard output, as a SCRIPT of - is standard input (it wrote a file named '-' before) */
	if (o.output && !strcmp(o.output, "-"))
		o.output = NULL;
	if (o.output && output_target_ok("maple generate", o.output, o.force) < 0) {
		strvec_clear(&words);
		retriever_destroy(rt);
		repo_destroy(repo);
		return EXIT_ERROR;
	}
	if (o.batch) {
		o.in_batch = true;
		rc = batch(repo, rt, &o);
		strvec_clear(&words);
		retriever_destroy(rt);
		repo_destroy(repo);
		return rc;
	}
	struct strbuf text = STRBUF_INIT;
	if (o.from) {
		for (size_t i = 0; i < words.nr; i++)
			strbuf_addf(&text, "%s%s", i ? " " : "", words.v[i]);
	} else if (request_text(&words, &text) < 0) {
		strvec_clear(&words);
		strbuf_release(&text);
		retriever_destroy(rt);
		repo_destroy(repo);
		return EXIT_ERROR;
	}
	strvec_clear(&words);
	struct gen_result g;
	bool interactive = !o.json && isatty(0) && isatty(2);
	for (int round = 0;; round++) {
		result_init(&g);
		if (o.from) {
			int pr2 = run_port(repo, rt, &o, &text, &g);
			if (pr2 == -2) { /* the old script could not be read: already said */
				result_release(&g);
				strbuf_release(&text);
				retriever_destroy(rt);
				repo_destroy(repo);
				return EXIT_ERROR;
			}
			break;
		}
		run_one(repo, rt, text.buf, text.len, &o, &g);
		if (g.res.status != REQ_INCOMPLETE || !interactive || round >= 3)
			break;
		bool answered = ask_missing(repo, &g.res.missing, &text);
		if (!answered)
			break;
		result_release(&g);
	}
	json_t *vj = NULL;
	int vrc = EXIT_OK;
	if (g.res.status == REQ_OK && o.verify) {
		/* the report goes to stderr when the script itself goes to stdout */
		vrc = verify_run(o.output ? o.output : "generated.sh", g.script.buf, g.script.len, repo, NULL, o.verify,
				 o.verify_timeout, NULL, miniapp_mode(&g.req), false, o.output ? stdout : stderr, o.json ? &vj : NULL);
	}
	if (o.json) {
		json_t *j = result_json(&g, o.explain);
		if (vj)
			json_object_set_new(j, "verification", vj);
		json_print(j, false);
		json_decref(j);
	} else {
		for (size_t i = 0; i < g.filled.nr; i++)
			fprintf(stderr, "maple: filled %s\n", g.filled.v[i]);
		for (size_t i = 0; i < g.req.warnings.nr; i++)
			term_printf(stderr, "maple: warning: %s\n", g.req.warnings.v[i]); /* (values quoted: termsafe.h) */
		for (size_t i = 0; i < g.res.errors.nr; i++)
			term_printf(stderr, "maple: error: %s\n", g.res.errors.v[i]);
		if (g.res.status == REQ_INCOMPLETE) {
			fprintf(stderr, "maple: the request is incomplete: missing ");
			bool counts = false;
			for (size_t i = 0; i < g.res.missing.nr; i++) {
				fprintf(stderr, "%s%s", i ? ", " : "", g.res.missing.v[i]);
				counts = counts || !strcmp(g.res.missing.v[i], "cluster") || !strcmp(g.res.missing.v[i], "nodes");
			}
			fprintf(stderr, "%s\n", counts ? " (say e.g. \"on perlmutter\", \"2 nodes\")" : "");
		}
		if (o.explain && g.res.status == REQ_OK)
			print_explain(&g);
	}
	rc = g.res.status == REQ_OK ? EXIT_OK : g.res.status == REQ_INCOMPLETE ? EXIT_INCOMPLETE : EXIT_ERROR;
	if (rc == EXIT_OK && vrc != EXIT_OK)
		rc = vrc;
	if (g.res.status == REQ_OK && o.output) {
		struct maple_error err;
		if (output_write(o.output, g.script.buf, g.script.len, 0755, o.force ? OUTPUT_REPLACE : 0, &err) < 0) {
			fprintf(stderr, "maple: %s\n", err.text);
			rc = EXIT_ERROR;
		} else if (!o.json) {
			output_note("maple: wrote %s (template %s)\n", o.output, g.tpl->id);
		}
	} else if (g.res.status == REQ_OK && !o.json) {
		fputs(g.script.buf, stdout);
	}
	result_release(&g);
	strbuf_release(&text);
	retriever_destroy(rt);
	repo_destroy(repo);
	return rc;
}
