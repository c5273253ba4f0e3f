/* run.c - `maple run SCRIPT [--fix]`: the verification run of a script (the mini-app in place of the
 * training program, through the scheduler), and with --fix the repair loop: run -> diagnose the
 * failure (maple's own findings, the job's stdout and stderr) -> apply the best fix -> run again, up
 * to --max-iters times, stopping early when a fix does not change the error. Fixes that led to a
 * passing run are remembered in the local store and tried first for the same failure next time. */
#include "cmd.h"

#include "../util/num.h"

#include "../debug/debug.h"
#include "../debug/docs.h"
#include "../debug/patchop.h"
#include "../request/extract.h"
#include "../run/runverify.h"
#include "../run/store.h"
#include "../util/fsutil.h"
#include "../util/output.h"
#include "../util/xalloc.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] = "maple run SCRIPT [--fix [--max-iters N] [--in-place]] [--run submit|local] [--timeout S] "
			    "[--cluster ID] [--json]";
static const char about[] =
	"Runs the script's verification copy (maple's mini-app in place of the training program) through the\n"
	"scheduler, like `maple verify --run`. With --fix, a failing run is diagnosed (maple's findings and the\n"
	"job's output against the failure knowledge base), the best fix is applied and the script is run again,\n"
	"up to --max-iters times (default 5); each iteration's diagnosis and outcome are printed. The loop stops\n"
	"early when a fix does not change the error. The fixed script is written to SCRIPT.fixed (or over SCRIPT\n"
	"with --in-place, keeping SCRIPT.orig); fixes that made a run pass are remembered (SQLite, in\n"
	"$MAPLE_STATE_DIR or ~/.local/share/maple) and tried first for the same failure on the same cluster.\n"
	"Exit status: 0 the (fixed) script passed, 1 it did not, 2 nothing could be run.";

static volatile sig_atomic_t stop_flag;
static void on_sig(int s)
{
	(void)s;
	stop_flag = 1;
}

/* What the matcher reads: maple's own findings as "maple verify: ..." lines, then the job's output. */
static void build_log(const struct run_report *rep, struct strbuf *log)
{
	for (size_t i = 0; i < rep->static_errors.nr; i++)
		strbuf_addf(log, "maple verify: static: %s\n", rep->static_errors.v[i]);
	for (size_t i = 0; i < rep->reasons.nr; i++)
		strbuf_addf(log, "maple verify: %s\n", rep->reasons.v[i]);
	const char *files[] = {rep->out_path, rep->err_path};
	for (int i = 0; i < 2; i++) {
		if (!files[i])
			continue;
		struct strbuf t = STRBUF_INIT;
		if (read_file(files[i], &t, 64u << 20, NULL) == 0) {
			strbuf_add(log, t.buf, t.len);
			if (t.len && t.buf[t.len - 1] != '\n')
				strbuf_addch(log, '\n');
		}
		strbuf_release(&t);
	}
}

static json_t *ops_json(const struct patch_op *ops, size_t n)
{
	json_t *a = json_array();
	for (size_t i = 0; i < n; i++)
		json_array_append_new(a, patch_op_to_json(&ops[i]));
	return a;
}

struct applied {
	char *signature, *fingerprint, *patch; /* patch: JSON array of resolved operations */
};

int cmd_run(int argc, char **argv)
{
	bool json = false, fix = false, in_place = false;
	const char *where = "submit", *timeout = NULL, *cluster_id = NULL, *data_dir = NULL, *iters_s = NULL;
	const struct opt opts[] = {
		{0, "fix", OPT_FLAG, NULL, "repair loop: diagnose a failed run, apply the fix, run again", &fix},
		{0, "max-iters", OPT_STRING, "N", "--fix: at most N runs (default 5)", &iters_s},
		{0, "in-place", OPT_FLAG, NULL, "--fix: write the fixed script over SCRIPT (keeping SCRIPT.orig)", &in_place},
		{0, "run", OPT_STRING, "WHERE", "submit (sbatch/qsub, default) or local (inside an allocation)", &where},
		{0, "timeout", OPT_STRING, "S", "deadline of each run in seconds (default 900)", &timeout},
		{0, "cluster", OPT_STRING, "ID", "the cluster the script is for (default: inferred)", &cluster_id},
		{0, "json", OPT_FLAG, NULL, "print one JSON object (iterations, outcome, fixed script)", &json},
		{0, "data-dir", OPT_STRING, "DIR", "extra directory of maple data", &data_dir},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec rest = STRVEC_INIT;
	int pr = opts_parse_files(argc, argv, opts, usage, about, &rest);
	if (pr) {
		strvec_clear(&rest);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	if (rest.nr != 1) {
		fprintf(stderr, "maple run: give one script\nusage: %s\n", usage);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	long max_iters = 5;
	if (iters_s) {
		struct maple_error nerr;
		if (num_parse_long(iters_s, 1, 50, &max_iters, "--max-iters", &nerr) < 0) {
			fprintf(stderr, "maple run: %s\n", nerr.text);
			strvec_clear(&rest);
			return EXIT_ERROR;
		}
	}
	if (!fix)
		max_iters = 1;
	const char *path = rest.v[0];
	struct runverify_opts ro = {RUN_SUBMIT, 900, NULL, false, NULL, NULL, &stop_flag};
	if (!strcmp(where, "local"))
		ro.where = RUN_LOCAL;
	else if (strcmp(where, "submit")) {
		fprintf(stderr, "maple run: --run takes 'submit' or 'local', not '%s'\n", where);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	if (timeout) {
		struct maple_error nerr;
		long t;
		if (num_parse_long(timeout, 1, 7 * 24 * 3600, &t, "--timeout (seconds)", &nerr) < 0) {
			fprintf(stderr, "maple run: %s\n", nerr.text);
			strvec_clear(&rest);
			return EXIT_ERROR;
		}
		ro.timeout_s = (int)t;
	}
	struct repo *repo = open_repo(data_dir);
	if (!repo) {
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	int rc = EXIT_ERROR;
	struct maple_error err;
	struct strbuf text = STRBUF_INIT, original = STRBUF_INIT;
	struct kb *kb = NULL;
	struct fix_store *store = NULL;
	struct applied *done = NULL;
	size_t ndone = 0;
	json_t *iters = json_array();
	char *prev_fp = NULL;
	const struct cluster *c = NULL;
	if (cluster_id && !(c = match_cluster_name(repo, cluster_id))) {
		struct strbuf sb = STRBUF_INIT;
		unknown_cluster_message(repo, cluster_id, &sb);
		fprintf(stderr, "maple run: --cluster: %s\n", sb.buf);
		strbuf_release(&sb);
		goto out;
	}
	ro.cluster = c;
	if (read_script_file(path, &text) < 0)
		goto out;
	strbuf_add(&original, text.buf, text.len);
	/* where a repair will be written is checked before any run (another user's link, a directory that
	 * cannot be written): refused now, not after the runs that found the fix */
	if (fix && strcmp(path, "-")) {
		struct strbuf target = STRBUF_INIT;
		if (in_place)
			strbuf_adds(&target, path);
		else
			strbuf_addf(&target, "%s.fixed", path);
		int ok = output_target_ok("maple run", target.buf, true);
		strbuf_release(&target);
		if (ok < 0)
			goto out;
	}
	if (fix) {
		struct strvec dirs = STRVEC_INIT;
		repo_default_dirs(&dirs, data_dir);
		kb = kb_load(&dirs, repo, &err);
		strvec_clear(&dirs);
		if (!kb) {
			fprintf(stderr, "maple run: the failure knowledge base: %s\n", err.text);
			goto out;
		}
		store = store_open(NULL, &err);
		if (!store)
			fprintf(stderr, "maple run: warning: %s; fixes will not be remembered\n", err.text);
	}
	struct sigaction sa = {0};
	sa.sa_handler = on_sig;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	enum run_verdict final = RV_NOT_RUN;
	const char *stop_why = NULL;
	const char *cl = NULL;
	for (long it = 1; it <= max_iters && !stop_flag; it++) {
		struct run_report rep;
		if (runverify(path, text.buf, text.len, repo, &ro, &rep, &err) < 0) {
			fprintf(stderr, "maple run: %s: %s\n", path, err.text);
			run_report_release(&rep);
			goto out;
		}
		final = rep.verdict;
		cl = rep.cluster_id;
		json_t *ij = json_object();
		json_object_set_new(ij, "iteration", json_integer(it));
		json_object_set_new(ij, "verification", run_report_json(&rep));
		json_array_append_new(iters, ij);
		if (!json) {
			printf("== run %ld: %s", it, run_verdict_name(rep.verdict));
			if (rep.job.job_id[0])
				printf(" (job %s, %.1f s)", rep.job.job_id, rep.job.seconds);
			printf("\n");
			for (size_t i = 0; i < rep.reasons.nr && rep.verdict != RV_PASS; i++)
				printf("   - %s\n", rep.reasons.v[i]);
			for (size_t i = 0; i < rep.static_errors.nr && rep.verdict != RV_PASS; i++)
				printf("   - static: %s\n", rep.static_errors.v[i]);
			if (rep.verdict == RV_PASS || rep.verdict == RV_SKIPPED) {
				printf("   mode %s (%s: %s)\n", rep.mode.mode ? rep.mode.mode : "?", mode_source_name(rep.mode.source),
				       rep.mode.why);
				for (size_t i = 0; i < rep.exercised.nr; i++)
					printf("   + proven: %s\n", rep.exercised.v[i]);
				for (size_t i = 0; i < rep.not_exercised.nr; i++)
					printf("   - not proven: %s\n", rep.not_exercised.v[i]);
			}
		}
		if (rep.verdict == RV_PASS || rep.verdict == RV_SKIPPED || !fix || rep.verdict == RV_CANCELLED) {
			if (rep.verdict == RV_CANCELLED)
				stop_why = "interrupted";
			run_report_release(&rep);
			break;
		}
		if (it == max_iters) {
			stop_why = "reached --max-iters";
			run_report_release(&rep);
			break;
		}
		/* diagnose */
		struct strbuf log = STRBUF_INIT;
		build_log(&rep, &log);
		run_report_release(&rep);
		struct jobscript js;
		struct diagnosis_list dl;
		diagnosis_list_init(&dl);
		const struct cluster *tc = c ? c : (cl ? match_cluster_name(repo, cl) : NULL);
		if (jobscript_parse(text.buf, text.len, &js, &err) < 0) {
			fprintf(stderr, "maple run: %s\n", err.text);
			strbuf_release(&log);
			goto out;
		}
		struct debug_target t = {.js = &js, .cluster = tc};
		int drc = debug_diagnose(kb, log.buf, log.len, &t, &dl, &err);
		if (drc == 0)
			drc = debug_build_patches(&dl, text.buf, text.len, tc, &err);
		jobscript_release(&js);
		strbuf_release(&log);
		if (drc < 0 || !debug_found_cause(&dl)) {
			stop_why = drc < 0 ? err.text : "unknown failure: no signature of the knowledge base matches "
							"(try `maple debug` with the job's log for the doc notes)";
			diagnosis_list_release(&dl);
			break;
		}
		/* the best diagnosis with an applicable fix; a remembered fix for it first */
		struct diagnosis *d = NULL;
		for (size_t i = 0; i < dl.nr && !d; i++)
			if (dl.v[i].priority > DEBUG_SYMPTOM_PRIORITY && dl.v[i].patch.applicable)
				d = &dl.v[i];
		if (!d) {
			if (!json)
				printf("   diagnosis: %s: %s\n   no automatic fix: %s\n", dl.v[0].id, dl.v[0].cause,
				       dl.v[0].advice ? dl.v[0].advice
						      : dl.v[0].patch.reason ? dl.v[0].patch.reason : "none in the knowledge base");
			json_object_set_new(ij, "diagnosis", json_string(dl.v[0].id));
			stop_why = "the diagnosis has no automatic fix";
			diagnosis_list_release(&dl);
			break;
		}
		struct strbuf fp = STRBUF_INIT;
		diagnosis_fingerprint(d, &fp);
		if (prev_fp && !strcmp(prev_fp, fp.buf)) {
			stop_why = "the last fix did not change the error";
			strbuf_release(&fp);
			diagnosis_list_release(&dl);
			break;
		}
		free(prev_fp);
		prev_fp = strbuf_detach(&fp);
		const char *new_text = d->patch.text;
		size_t new_len = d->patch.len;
		json_t *patch = ops_json(d->patch.ops, d->patch.nops);
		struct patch_result remembered;
		patch_result_init(&remembered);
		bool used_memory = false;
		char *mem = store ? store_find_fix(store, cl, d->id, prev_fp) : NULL;
		if (mem) {
			json_t *mj = json_loads(mem, 0, NULL);
			struct arena ar;
			arena_init(&ar);
			size_t n = json_array_size(mj);
			struct patch_op *ops = n ? xcalloc(n, sizeof(*ops)) : NULL;
			bool ok = n > 0;
			for (size_t i = 0; i < n && ok; i++)
				ok = patch_op_from_json(json_array_get(mj, i), &ar, &ops[i], &err) == 0;
			if (ok && patch_apply(ops, n, text.buf, text.len, tc, &remembered, &err) == 0 &&
			    remembered.applicable) {
				new_text = remembered.text;
				new_len = remembered.len;
				json_decref(patch);
				patch = json_incref(mj);
				used_memory = true;
			}
			free(ops);
			arena_release(&ar);
			json_decref(mj);
			free(mem);
		}
		struct strbuf diff = STRBUF_INIT;
		unified_diff(text.buf, text.len, new_text, new_len, base_name(path), 3, &diff);
		if (!json) {
			printf("   diagnosis: %s (%s): %s\n", d->id, d->category, d->cause);
			for (size_t i = 0; i < d->nev && i < 3; i++)
				printf("     log:%d: %s\n", d->ev[i].line, d->ev[i].text);
			printf("   fix%s:\n%s", used_memory ? " (remembered: it made this failure pass before)" : "", diff.buf);
		}
		json_object_set_new(ij, "diagnosis", json_string(d->id));
		json_object_set_new(ij, "cause", json_string(d->cause));
		json_object_set_new(ij, "patch", json_incref(patch));
		json_object_set_new(ij, "remembered", json_boolean(used_memory));
		json_object_set_new(ij, "diff", json_string(diff.buf));
		strbuf_release(&diff);
		done = xrealloc(done, (ndone + 1) * sizeof(*done));
		done[ndone].signature = xstrdup(d->id);
		done[ndone].fingerprint = xstrdup(prev_fp);
		done[ndone].patch = json_dumps(patch, JSON_COMPACT);
		ndone++;
		json_decref(patch);
		struct strbuf nt = STRBUF_INIT;
		strbuf_add(&nt, new_text, new_len);
		strbuf_release(&text);
		text = nt;
		patch_result_release(&remembered);
		diagnosis_list_release(&dl);
	}
	bool changed = text.len != original.len || memcmp(text.buf, original.buf, text.len);
	const char *fixed_path = NULL;
	struct strbuf out_path = STRBUF_INIT;
	if (fix && changed && strcmp(path, "-")) {
		if (in_place) {
			/* a fresh backup name (SCRIPT.orig, .orig.1 ...): an earlier backup is never replaced */
			char *bak = backup_name(path);
			strbuf_adds(&out_path, bak);
			free(bak);
			if (output_write(path, NULL, 0, 0, OUTPUT_CHECK_ONLY | OUTPUT_REPLACE, &err) < 0 ||
			    output_write(out_path.buf, original.buf, original.len, 0644, 0, &err) < 0 ||
			    output_write(path, text.buf, text.len, 0755, OUTPUT_REPLACE, &err) < 0) {
				fprintf(stderr, "maple run: %s\n", err.text);
				strbuf_release(&out_path);
				goto out;
			}
			fixed_path = path;
		} else {
			strbuf_addf(&out_path, "%s.fixed", path);
			/* SCRIPT.fixed is this script's repair: a later repair of the same script replaces it */
			if (output_write(out_path.buf, text.buf, text.len, 0755, OUTPUT_REPLACE, &err) < 0) {
				fprintf(stderr, "maple run: %s\n", err.text);
				strbuf_release(&out_path);
				goto out;
			}
			fixed_path = out_path.buf;
		}
	}
	if (final == RV_PASS && store) {
		for (size_t i = 0; i < ndone; i++)
			if (store_add_fix(store, cl, done[i].signature, done[i].fingerprint, done[i].patch, &err) < 0)
				fprintf(stderr, "maple run: warning: %s\n", err.text);
		if (store_add_verified_script(store, cl ? cl : "", text.buf, &err) < 0)
			fprintf(stderr, "maple run: warning: %s\n", err.text);
	}
	if (json) {
		json_t *o = json_object();
		json_object_set_new(o, "outcome", json_string(run_verdict_name(final)));
		json_object_set_new(o, "iterations", json_incref(iters));
		json_object_set_new(o, "fixes_applied", json_integer((json_int_t)ndone));
		json_object_set_new(o, "stopped", stop_why ? json_string(stop_why) : json_null());
		json_object_set_new(o, "fixed_script", fixed_path ? json_string(fixed_path) : json_null());
		json_print(o, false);
		json_decref(o);
	} else {
		if (final == RV_PASS)
			printf("maple run: PASS%s", ndone ? "" : "\n");
		else
			printf("maple run: %s%s%s", run_verdict_name(final), stop_why ? " (" : "", stop_why ? stop_why : "");
		if (ndone)
			printf("%s after %zu fix%s", final == RV_PASS ? "" : ")", ndone, ndone == 1 ? "" : "es");
		else if (final != RV_PASS && stop_why)
			printf(")");
		if (fixed_path)
			printf("; fixed script: %s%s", fixed_path, in_place ? " (original kept as .orig)" : "");
		printf("\n");
	}
	strbuf_release(&out_path);
	rc = final == RV_PASS ? EXIT_OK : EXIT_FINDINGS;
out:
	for (size_t i = 0; i < ndone; i++) {
		free(done[i].signature);
		free(done[i].fingerprint);
		free(done[i].patch);
	}
	free(done);
	free(prev_fp);
	json_decref(iters);
	store_close(store);
	kb_destroy(kb);
	strbuf_release(&text);
	strbuf_release(&original);
	repo_destroy(repo);
	strvec_clear(&rest);
	return rc;
}
