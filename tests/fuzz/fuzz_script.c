/* fuzz_script.c - the script reader: jobscript_parse (directives, commands, heredocs, launch lines),
 * the header summary, and the port's reading of an old script into a request; then the port itself to
 * one cluster (picked by the input's length, so the corpus reaches every target): its header values,
 * request, per-task arguments and job counts (src/port/counts.c), the other scheduler's variables, the
 * ported script rendered as `generate --from OLD --to ID` renders it, its array line and the user's
 * DeepSpeed config. */
#include "fuzz.h"

#include "port/port.h"
#include "request/extract_script.h"
#include "request/rules.h"
#include "retrieve/retrieve.h"
#include "script/jobscript.h"
#include "synth/synth.h"

static void port_to(struct repo *repo, struct script_reading *sr, const struct cluster *target)
{
	static struct retriever *rt;
	if (!rt)
		rt = retriever_create(repo);
	struct request req;
	request_init(&req);
	struct strvec why = STRVEC_INIT;
	struct port_opts po = {sr->js.lines.nr % 2 == 1, false, 0};
	enum port_status ps = port_bad_header_values(sr, &po, false, &why);
	if (ps == PORT_OK)
		ps = port_request(sr, target, &po, &req, &why);
	if (ps == PORT_OK)
		port_job_name(&req);
	if (ps == PORT_OK)
		ps = port_task_args(sr, target, &req, &why);
	if (ps == PORT_OK)
		ps = port_foreign_sched_vars(target, &req, &why);
	strvec_clear(&why);
	if (ps != PORT_OK)
		goto out;
	struct resolution res;
	resolution_init(&res);
	rules_apply(repo, &req, &res);
	struct candidate cands[32];
	size_t n = 0;
	struct maple_error err;
	const char *rtext = "";
	if (sr->plan.launch >= 0)
		rtext = sr->js.lines.v[sr->js.cmds[sr->js.launches[sr->plan.launch].cmd].line - 1];
	if (res.status == REQ_OK && retrieve_rank(rt, &req, rtext, cands, 32, &n, &err) == 0 && n &&
	    cands[0].eligible) {
		struct strbuf script = STRBUF_INIT;
		struct synth_opts so = {true, NULL, NULL}; /* the port keeps the user's own shell live */
		if (synthesize(res.cluster, cands[0].t, &req, &so, &script, &err) == 0 &&
		    port_task_args_fit(sr, cands[0].t, &req, &why) == PORT_OK) {
			char *own = port_user_config_text(sr, &req);
			port_insert_before_launch(&script, own);
			free(own);
			char *arr = port_array_line(sr, target);
			port_insert_header(&script, arr);
			free(arr);
		}
		strvec_clear(&why);
		strbuf_release(&script);
	}
	resolution_release(&res);
out:
	request_release(&req);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct repo *repo = fuzz_repo();
	char *text = fuzz_text(data, size);
	struct jobscript js;
	struct maple_error err;
	if (jobscript_parse(text, size, &js, &err) == 0) {
		struct js_header h;
		js_read_header(&js, &h);
		jobscript_release(&js);
	}
	struct script_reading sr;
	if (read_script(text, size, NULL, repo, NULL, &sr, &err) == 0) {
		struct request req;
		request_init(&req);
		script_to_request(&sr, &req);
		request_release(&req);
		script_reading_release(&sr);
	}
	/* the port reads the script again: script_to_request and the port both change the reading */
	size_t nc = repo_cluster_count(repo);
	if (nc && read_script(text, size, NULL, repo, NULL, &sr, &err) == 0) {
		port_to(repo, &sr, repo_cluster_at(repo, size % nc));
		script_reading_release(&sr);
	}
	free(text);
	return 0;
}
