/* generate.c - `maple generate`: plain-language request -> job script (single, interactive, or
 * --batch with one JSON object per input line). */
#include "cmd.h"

#include "../request/extract.h"
#include "../request/rules.h"
#include "../retrieve/retrieve.h"
#include "../synth/synth.h"
#include "../util/fsutil.h"
#include "../util/strvec.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct gen_opts {
	bool json, explain, allow_shell;
	const char *output, *cluster, *batch, *data_dir;
};

struct gen_result {
	struct request req;
	struct resolution res;
	struct strbuf script;
	const struct template *tpl;
	struct candidate cands[32];
	size_t ncands;
	bool input_error; /* the text itself could not be read (status error) */
};

static void result_init(struct gen_result *g)
{
	memset(g, 0, sizeof(*g));
	request_init(&g->req);
	resolution_init(&g->res);
	strbuf_init(&g->script);
}

static void result_release(struct gen_result *g)
{
	request_release(&g->req);
	resolution_release(&g->res);
	strbuf_release(&g->script);
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
	struct synth_opts so = {o->allow_shell};
	if (synthesize(g->res.cluster, g->tpl, &g->req, &so, &g->script, &err) < 0) {
		g->res.status = REQ_ERROR;
		strvec_push(&g->res.errors, err.text);
	}
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
	json_t *from = json_object();
	for (int f = 0; f < RF_COUNT; f++)
		if (g->req.from[f])
			json_object_set_new(from, req_field_name((enum req_field)f), json_string(g->req.from[f]));
	json_object_set_new(o, "from", from);
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

static int batch(struct repo *repo, struct retriever *rt, const struct gen_opts *o)
{
	FILE *f = strcmp(o->batch, "-") ? fopen(o->batch, "r") : stdin;
	if (!f) {
		perror(o->batch);
		fprintf(stderr, "maple: cannot read the batch file '%s'\n", o->batch);
		return EXIT_ERROR;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	while ((n = getline(&line, &cap, f)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		struct gen_result g;
		result_init(&g);
		run_one(repo, rt, line, (size_t)n, o, &g);
		json_t *j = result_json(&g, o->explain);
		json_print(j, true);
		json_decref(j);
		result_release(&g);
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return EXIT_OK;
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
		else if (strspn(buf, "0123456789") == strlen(buf))
			strbuf_addf(text, "\n%s nodes", buf);
		else
			strbuf_addf(text, "\n%s", buf);
	}
	return true;
}

static const char usage[] = "maple generate [--json] [--explain] [-o FILE] [--cluster ID] TEXT\n"
			    "       maple generate --json --batch FILE";
static const char about[] =
	"Writes a ready-to-run batch script for the training job that TEXT describes, for example:\n"
	"  maple generate \"train ViT with torchrun on 2 Perlmutter nodes, run_image_classification.py "
	"--dataset beans\"\n"
	"Exit status: 0 ok, 3 incomplete (missing cluster or node count), 2 error.";

int cmd_generate(int argc, char **argv)
{
	struct gen_opts o = {0};
	const struct opt opts[] = {
		{0, "json", OPT_FLAG, NULL, "print one JSON object (status, request, script, warnings, errors)", &o.json},
		{0, "explain", OPT_FLAG, NULL, "show the ranked template candidates and the words behind each field",
		 &o.explain},
		{'o', "output", OPT_STRING, "FILE", "write the script to FILE (atomically) instead of stdout", &o.output},
		{0, "cluster", OPT_STRING, "ID", "target cluster (overrides the text)", &o.cluster},
		{0, "batch", OPT_STRING, "FILE", "one request per line in, one JSON object per line out ('-' = stdin)",
		 &o.batch},
		{0, "data-dir", OPT_STRING, "DIR", "extra directory of cluster profiles and templates", &o.data_dir},
		{0, "allow-shell", OPT_FLAG, NULL, "let ; | & redirections and $(...) in arguments reach the shell",
		 &o.allow_shell},
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
	if (o.batch) {
		rc = batch(repo, rt, &o);
		strvec_clear(&words);
		retriever_destroy(rt);
		repo_destroy(repo);
		return rc;
	}
	struct strbuf text = STRBUF_INIT;
	if (request_text(&words, &text) < 0) {
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
		run_one(repo, rt, text.buf, text.len, &o, &g);
		if (g.res.status != REQ_INCOMPLETE || !interactive || round >= 3)
			break;
		bool answered = ask_missing(repo, &g.res.missing, &text);
		if (!answered)
			break;
		result_release(&g);
	}
	if (o.json) {
		json_t *j = result_json(&g, o.explain);
		json_print(j, false);
		json_decref(j);
	} else {
		for (size_t i = 0; i < g.req.warnings.nr; i++)
			fprintf(stderr, "maple: warning: %s\n", g.req.warnings.v[i]);
		for (size_t i = 0; i < g.res.errors.nr; i++)
			fprintf(stderr, "maple: error: %s\n", g.res.errors.v[i]);
		if (g.res.status == REQ_INCOMPLETE) {
			fprintf(stderr, "maple: the request is incomplete: missing ");
			for (size_t i = 0; i < g.res.missing.nr; i++)
				fprintf(stderr, "%s%s", i ? ", " : "", g.res.missing.v[i]);
			fprintf(stderr, " (say e.g. \"on perlmutter\", \"2 nodes\")\n");
		}
		if (o.explain && g.res.status == REQ_OK)
			print_explain(&g);
	}
	rc = g.res.status == REQ_OK ? EXIT_OK : g.res.status == REQ_INCOMPLETE ? EXIT_INCOMPLETE : EXIT_ERROR;
	if (g.res.status == REQ_OK && o.output) {
		struct maple_error err;
		if (write_file_atomic(o.output, g.script.buf, g.script.len, 0755, &err) < 0) {
			fprintf(stderr, "maple: %s\n", err.text);
			rc = EXIT_ERROR;
		} else if (!o.json) {
			fprintf(stderr, "maple: wrote %s (template %s)\n", o.output, g.tpl->id);
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
