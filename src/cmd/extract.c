/* extract.c - `maple extract`: shows what maple reads from a request and which words produced
 * each field (no defaults applied). */
#include "cmd.h"

#include "../request/extract.h"
#include "../port/port.h"
#include "../request/extract_script.h"
#include "../util/fsutil.h"

#include <libgen.h>
#include <stdlib.h>

#include <string.h>

static const char usage[] = "maple extract [--json] TEXT\n       maple extract [--json] --script FILE";
static const char about[] = "Shows the request maple reads from TEXT (or from a job script, with --script) and what produced\n"
			    "each field.\n"
			    "Exit status: 0 read, 2 unreadable input.";

/* The request as a table: field, value, and what produced it. */
static void print_request_table(const struct request *req)
{
	json_t *r = request_json(req);
	const char *key;
	json_t *v;
	json_object_foreach(r, key, v)
	{
		char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
		int f;
		for (f = 0; f < RF_COUNT; f++)
			if (!strcmp(req_field_name((enum req_field)f), key))
				break;
		const char *src = f < RF_COUNT ? req->from[f] : NULL;
		printf("%-17s %-30s%s%s%s\n", key, s ? s : "?", src ? "  <- \"" : "", src ? src : "", src ? "\"" : "");
		free(s);
	}
	json_decref(r);
	for (size_t i = 0; i < req->warnings.nr; i++)
		printf("warning: %s\n", req->warnings.v[i]);
	for (size_t i = 0; i < req->rejected.nr; i++) {
		const char *f = req->rejected.v[i], *t1 = strchr(f, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (t2)
			printf("rejected: %.*s <- \"%.*s\": %s\n", (int)(t1 - f), f, (int)(t2 - t1 - 1), t1 + 1, t2 + 1);
	}
}

/* [{"field", "words", "why"}] of the candidates the reader did not take */
static json_t *rejected_json(const struct request *req)
{
	json_t *a = json_array();
	for (size_t i = 0; i < req->rejected.nr; i++) {
		const char *f = req->rejected.v[i], *t1 = strchr(f, '\t'), *t2 = t1 ? strchr(t1 + 1, '\t') : NULL;
		if (!t2)
			continue;
		json_array_append_new(a, json_pack("{s:s%,s:s%,s:s}", "field", f, (size_t)(t1 - f), "words", t1 + 1,
						   (size_t)(t2 - t1 - 1), "why", t2 + 1));
	}
	return a;
}

/* What kind of job the script is, beyond the request: program, family, Megatron's TP x PP, the
 * strategy as read ("unknown" when the config cannot be read), launch lines, unknown words. */
static json_t *script_reading_json(const struct script_reading *sr)
{
	json_t *r = json_object();
	const struct fw_guess *g = &sr->fw;
	json_object_set_new(r, "program", json_string(script_program_kind(sr)));
	json_object_set_new(r, "family", json_str_or_null(g->family));
	json_object_set_new(r, "tp", g->tp > 0 ? json_integer(g->tp) : json_null());
	json_object_set_new(r, "pp", g->pp > 0 ? json_integer(g->pp) : json_null());
	json_object_set_new(r, "strategy", g->strategy_unknown ? json_string("unknown")
					   : g->strategy != ST_NONE ? json_string(strategy_name(g->strategy))
								    : json_null());
	if (g->strategy_why)
		json_object_set_new(r, "strategy_from", json_string(g->strategy_why));
	json_object_set_new(r, "launches", json_integer(script_launch_count(sr)));
	json_object_set_new(r, "unknown_words", json_strvec(&sr->unknown_words));
	/* single-task helper steps around the training launch (read as steps, not as the training) */
	json_t *steps = json_array();
	int main_line = sr->plan.launch >= 0 ? sr->js.cmds[sr->js.launches[sr->plan.launch].cmd].line : 0;
	for (size_t i = 0; i < sr->js.ncmds; i++) {
		if (!port_step_cmd(sr, i))
			continue;
		int line = sr->js.cmds[i].line;
		const char *l = sr->js.lines.v[line - 1];
		struct strbuf sb = STRBUF_INIT;
		strbuf_addf(&sb, "line %d (%s the training): %s", line, line < main_line ? "before" : "after",
			    l + strspn(l, " \t"));
		json_array_append_new(steps, json_string(sb.buf));
		strbuf_release(&sb);
	}
	json_object_set_new(r, "steps", steps);
	return r;
}

static int extract_from_script(struct repo *repo, const char *path, bool json)
{
	struct strbuf text = STRBUF_INIT;
	if (read_script_file(path, &text) < 0) {
		strbuf_release(&text);
		return EXIT_ERROR;
	}
	char *dir = script_dir_of(path);
	/* a login-node driver that feeds its job to sbatch/qsub on standard input: the reading is the fed job's */
	int fed_line = 0;
	bool wrapped;
	char *fed = js_fed_job_text(text.buf, text.len, &fed_line, &wrapped);
	if (fed) {
		strbuf_reset(&text);
		strbuf_adds(&text, fed);
		free(fed);
	}
	struct script_reading sr;
	struct maple_error err;
	if (read_script(text.buf, text.len, dir, repo, NULL, &sr, &err) < 0) {
		fprintf(stderr, "maple: %s: %s\n", path, err.text);
		free(dir);
		strbuf_release(&text);
		return EXIT_ERROR;
	}
	struct request req;
	request_init(&req);
	script_to_request(&sr, &req);
	port_not_carried(&sr);
	if (!json) {
		printf("%-17s %s\n", "scheduler",
		       sr.js.flux_line ? "flux instance (not read)" : sr.js.sched ? sched_kind_name(sr.js.sched) : "none");
		print_request_table(&req);
		for (size_t i = 0; i < sr.dropped.nr; i++)
			printf("not carried over: %s\n", sr.dropped.v[i]);
		request_release(&req);
		script_reading_release(&sr);
		free(dir);
		strbuf_release(&text);
		return EXIT_OK;
	}
	json_t *o = json_object();
	const char *sched = sr.js.sched ? sched_kind_name(sr.js.sched) : sr.js.flux_line ? "flux" : NULL;
	json_object_set_new(o, "scheduler", json_str_or_null(sched));
	if (sr.js.flux_line) /* read, and said unsupported: not "no launch line" */
		json_object_set_new(o, "unsupported", json_string("a Flux instance started in the job is not read"));
	json_object_set_new(o, "request", request_json(&req));
	json_t *from = json_object();
	for (int f = 0; f < RF_COUNT; f++)
		if (req.from[f])
			json_object_set_new(from, req_field_name((enum req_field)f), json_string(req.from[f]));
	json_object_set_new(o, "from", from);
	json_object_set_new(o, "reading", script_reading_json(&sr));
	json_object_set_new(o, "not_carried_over", json_strvec(&sr.dropped));
	json_object_set_new(o, "warnings", json_strvec(&req.warnings));
	json_print(o, false);
	json_decref(o);
	request_release(&req);
	script_reading_release(&sr);
	free(dir);
	strbuf_release(&text);
	return EXIT_OK;
}

int cmd_extract(int argc, char **argv)
{
	bool json = false;
	const char *data_dir = NULL, *script = NULL;
	const struct opt opts[] = {
		{0, "json", OPT_FLAG, NULL, "print one JSON object", &json},
		{0, "data-dir", OPT_STRING, "DIR", "extra directory of cluster profiles", &data_dir},
		{0, "script", OPT_STRING, "FILE", "read a job script instead of text ('-' = stdin)", &script},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec words = STRVEC_INIT;
	int pr = opts_parse(argc, argv, opts, usage, about, &words);
	if (pr) {
		strvec_clear(&words);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	struct repo *repo = open_repo(data_dir);
	if (repo && script) {
		strvec_clear(&words);
		int rc = extract_from_script(repo, script, json);
		repo_destroy(repo);
		return rc;
	}
	struct strbuf text = STRBUF_INIT;
	if (!repo || request_text(&words, &text) < 0) {
		strvec_clear(&words);
		strbuf_release(&text);
		repo_destroy(repo);
		return EXIT_ERROR;
	}
	strvec_clear(&words);
	struct request req;
	request_init(&req);
	struct maple_error err;
	int rc = EXIT_OK;
	if (extract_text(text.buf, text.len, repo, &req, &err) < 0) {
		if (json) {
			json_t *o = json_object();
			json_object_set_new(o, "status", json_string("error"));
			json_object_set_new(o, "errors", json_pack("[s]", err.text));
			json_print(o, false);
			json_decref(o);
		} else {
			fprintf(stderr, "maple: %s\n", err.text);
		}
		rc = EXIT_ERROR;
	} else if (json) {
		json_t *o = json_object();
		json_object_set_new(o, "request", request_json(&req));
		json_t *from = json_object();
		for (int f = 0; f < RF_COUNT; f++)
			if (req.from[f])
				json_object_set_new(from, req_field_name((enum req_field)f), json_string(req.from[f]));
		json_object_set_new(o, "from", from);
		json_object_set_new(o, "rejected", rejected_json(&req));
		json_object_set_new(o, "warnings", json_strvec(&req.warnings));
		json_print(o, false);
		json_decref(o);
	} else {
		print_request_table(&req);
	}
	request_release(&req);
	strbuf_release(&text);
	repo_destroy(repo);
	return rc;
}
