/* report.c - judging a verification run: the mini-app's per-rank records against the allocation
 * (world size, nodes, ranks per node, unique local ranks and devices, collectives), the job's state,
 * and the job's own output; then printing the verdict for people or as JSON. */
#include "runverify.h"

#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

const char *run_verdict_name(enum run_verdict v)
{
	static const char *const n[] = {"pass", "fail", "skipped", "timeout", "cancelled", "not-run"};
	return n[v];
}

static const char *jstr(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

static long jint(json_t *o, const char *k, long dflt)
{
	json_t *v = json_object_get(o, k);
	return json_is_integer(v) ? (long)json_integer_value(v) : dflt;
}

/* Whether the MASTER_ADDR the batch shell passed on names another host than the one it runs on
 * (names compared up to the first dot; addresses and localhost are not judged). */
static bool master_elsewhere(const struct run_report *rep)
{
	const char *m = rep->shell_master_addr, *h = rep->shell_host;
	if (!m || !*m || !h || !*h || strspn(m, "0123456789.:") == strlen(m) || !strcmp(m, "localhost"))
		return false;
	size_t ml = strcspn(m, "."), hl = strcspn(h, ".");
	return ml != hl || strncmp(m, h, ml);
}

static bool has(const struct strvec *v, const char *s)
{
	for (size_t i = 0; i < v->nr; i++)
		if (!strcmp(v->v[i], s))
			return true;
	return false;
}

static bool array_has(json_t *a, const char *s)
{
	size_t i;
	json_t *x;
	json_array_foreach(a, i, x) if (json_is_string(x) && !strcmp(json_string_value(x), s)) return true;
	return false;
}

/* What every rank did (exercised) and what any rank did not (not_exercised), from the ranks' own lists,
 * plus what maple itself knows: the rank layout it checked, and a strategy it had to assume. */
static void what_was_proven(struct run_report *rep, size_t n, bool layout_ok)
{
	strvec_clear(&rep->exercised);
	strvec_clear(&rep->not_exercised);
	if (n && layout_ok)
		strvec_pushf(&rep->exercised, "rank layout: %ld rank%s on %ld node%s as allocated, unique local ranks%s",
			     rep->seen_ranks, rep->seen_ranks == 1 ? "" : "s", rep->seen_nodes, rep->seen_nodes == 1 ? "" : "s",
			     rep->launcher_missing ? " (one per launcher instance)" : " and devices");
	json_t *first = n ? json_object_get(json_array_get(rep->ranks, 0), "exercised") : NULL;
	size_t i;
	json_t *x;
	json_array_foreach(first, i, x)
	{
		if (!json_is_string(x))
			continue;
		bool all = true;
		for (size_t r = 1; r < n && all; r++)
			all = array_has(json_object_get(json_array_get(rep->ranks, r), "exercised"), json_string_value(x));
		if (all && !has(&rep->exercised, json_string_value(x)))
			strvec_push(&rep->exercised, json_string_value(x));
	}
	if (rep->mode.source == MODE_ASSUMED && rep->mode.mode)
		strvec_pushf(&rep->not_exercised, "the job's own strategy: %s", rep->mode.why);
	for (size_t r = 0; r < n; r++) {
		json_array_foreach(json_object_get(json_array_get(rep->ranks, r), "not_exercised"), i, x)
		{
			if (json_is_string(x) && !has(&rep->not_exercised, json_string_value(x)))
				strvec_push(&rep->not_exercised, json_string_value(x));
		}
	}
	if (!n && rep->stopped_missing) {
		if (rep->job.job_id[0])
			strvec_pushf(&rep->exercised, "the scheduler accepted the script and started job %s", rep->job.job_id);
		strvec_pushf(&rep->not_exercised,
			     "ranks, rendezvous, collectives and the training step: %s is not installed where the job ran "
			     "and the job stopped before launching",
			     rep->stopped_missing);
	} else if (!n) {
		strvec_push(&rep->not_exercised, "everything: no rank of the mini-app reported");
	}
}

void run_report_add_diagnosis(struct run_report *rep)
{
	if (!rep->diag_id)
		return;
	struct strvec v = STRVEC_INIT;
	strvec_pushf(&v, "the job's log shows %s (%s%s%s)%s%s", rep->diag_title, rep->diag_id,
		     rep->diag_evidence ? ", " : "", rep->diag_evidence ? rep->diag_evidence : "",
		     rep->diag_advice ? "; fix: " : "", rep->diag_advice ? rep->diag_advice : "");
	for (size_t i = 0; i < rep->reasons.nr; i++)
		strvec_push(&v, rep->reasons.v[i]);
	strvec_clear(&rep->reasons);
	rep->reasons = v;
}

void run_report_judge(struct run_report *rep)
{
	size_t n = rep->ranks ? json_array_size(rep->ranks) : 0;
	long ew = rep->copy.expect_world, en = rep->copy.expect_nodes;
	rep->seen_ranks = (long)n;
	rep->world_min = rep->world_max = 0;
	rep->unique_local_ranks = rep->unique_devices = true;
	rep->collectives_ok = n > 0;
	json_decref(rep->ranks_per_node);
	rep->ranks_per_node = json_object();
	json_t *rank_seen = json_object(), *local_seen = json_object(), *dev_seen = json_object();
	long npass = 0, nskip = 0, nfail = 0;
	const char *first_fail = NULL, *skip_reason = NULL;
	for (size_t i = 0; i < n; i++) {
		json_t *r = json_array_get(rep->ranks, i);
		long rank = jint(r, "rank", -1), w = jint(r, "world_size", 0), lr = jint(r, "local_rank", -1);
		const char *host = jstr(r, "host") ? jstr(r, "host") : "?";
		const char *st = jstr(r, "status") ? jstr(r, "status") : "fail";
		if (jstr(r, "launcher_missing") && !rep->launcher_missing)
			rep->launcher_missing = xstrdup(jstr(r, "launcher_missing"));
		if (i == 0 || w < rep->world_min)
			rep->world_min = w;
		if (w > rep->world_max)
			rep->world_max = w;
		char key[512];
		snprintf(key, sizeof(key), "%ld", rank);
		json_object_set_new(rank_seen, key, json_integer(jint(rank_seen, key, 0) + 1));
		json_object_set_new(rep->ranks_per_node, host, json_integer(jint(rep->ranks_per_node, host, 0) + 1));
		snprintf(key, sizeof(key), "%s/%ld", host, lr);
		if (json_object_get(local_seen, key))
			rep->unique_local_ranks = false;
		json_object_set_new(local_seen, key, json_true());
		const char *dev = jstr(r, "device_id") ? jstr(r, "device_id") : jstr(r, "device");
		if (dev && strcmp(dev, "cpu")) {
			snprintf(key, sizeof(key), "%s/%s", host, dev);
			if (json_object_get(dev_seen, key))
				rep->unique_devices = false;
			json_object_set_new(dev_seen, key, json_true());
		}
		if (!strcmp(st, "pass"))
			npass++;
		else if (!strcmp(st, "skipped")) {
			nskip++;
			skip_reason = jstr(r, "reason");
		} else {
			nfail++;
			if (!first_fail)
				first_fail = jstr(r, "reason");
		}
		json_t *checks = json_object_get(r, "checks");
		const char *ck;
		json_t *cv;
		json_object_foreach(checks, ck, cv)
		{
			if ((!strcmp(ck, "all_reduce") || !strcmp(ck, "all_gather") || !strcmp(ck, "train_step")) &&
			    !json_is_true(cv))
				rep->collectives_ok = false;
		}
		/* a skipped rank (framework or launcher not installed) still ran the collectives: they count */
		if (!strcmp(st, "fail") || !json_is_true(json_object_get(checks, "all_reduce")) ||
		    !json_is_true(json_object_get(checks, "all_gather")))
			rep->collectives_ok = false;
	}
	rep->distinct_ranks = (long)json_object_size(rank_seen);
	rep->seen_nodes = (long)json_object_size(rep->ranks_per_node);

	struct strvec *why = &rep->reasons;
	bool layout_ok = false;
	/* one process per launcher instance ran (the launcher is not installed): not one per GPU */
	if (rep->launcher_missing)
		ew = 0;
	if (rep->guard_fail.nr) {
		for (size_t i = 0; i < rep->guard_fail.nr; i++)
			strvec_push(why, rep->guard_fail.v[i]);
		rep->verdict = RV_FAIL;
		goto out;
	}
	if (!n && rep->stopped_missing && !rep->job.timed_out && !rep->job.interrupted && !rep->job.submit_error) {
		/* not a fault of the script: what it needs is not installed here (the same for every launcher) */
		strvec_pushf(why,
			     "skipped: %s is not installed where the job ran, and the job stopped before any rank started "
			     "(%s); proven: the scheduler accepted the script and ran it up to that point",
			     rep->stopped_missing, rep->stopped_evidence);
		rep->verdict = RV_SKIPPED;
		goto out;
	}
	if (rep->job.submit_error) {
		strvec_pushf(why, "the scheduler refused the script: %s", rep->job.submit_error);
		rep->verdict = RV_FAIL;
		goto out;
	}
	if (rep->distinct_ranks < rep->seen_ranks) {
		const char *k;
		json_t *v;
		json_object_foreach(rank_seen, k, v)
		{
			if (json_integer_value(v) > 1) {
				strvec_pushf(why,
					     "rank %s was reported %lld times: several process groups started side by side "
					     "(each node ran its own rank 0..n: a node rank that is the same on every node, or "
					     "one launcher per GPU)",
					     k, (long long)json_integer_value(v));
				break;
			}
		}
	}
	if (n && ew > 0 && (rep->world_min != ew || rep->world_max != ew))
		strvec_pushf(why, "the ranks saw a world size of %ld%s, but the allocation has %ld GPU slots (%ld node%s x %ld): "
				  "the launcher starts %s processes than there are GPUs",
			     rep->world_min, rep->world_min != rep->world_max ? " and more" : "", ew, en, en == 1 ? "" : "s",
			     en > 0 ? ew / en : ew, rep->world_max < ew ? "fewer" : "more");
	if (n && en > 0 && rep->seen_nodes != en)
		strvec_pushf(why, "ranks ran on %ld distinct host%s, expected %ld nodes", rep->seen_nodes,
			     rep->seen_nodes == 1 ? "" : "s", en);
	if (n && en > 0 && ew > 0 && rep->seen_nodes == en) {
		const char *h;
		json_t *v;
		json_object_foreach(rep->ranks_per_node, h, v)
		{
			if (json_integer_value(v) != ew / en) {
				strvec_pushf(why, "host %s ran %lld ranks, expected %ld per node", h,
					     (long long)json_integer_value(v), ew / en);
				break;
			}
		}
	}
	if (!rep->unique_local_ranks)
		strvec_push(why, "two ranks on one host have the same local rank: they would drive the same GPU");
	if (!rep->unique_devices)
		strvec_push(why, "two ranks on one host report the same GPU");
	layout_ok = why->nr == 0;
	if (nfail)
		strvec_pushf(why, "%ld rank%s failed a check: %s", nfail, nfail == 1 ? "" : "s",
			     first_fail ? first_fail : "(no reason given)");
	if (ew > 0 && rep->distinct_ranks < ew && !rep->job.timed_out && !rep->job.interrupted)
		strvec_pushf(why, "only %ld of %ld ranks reported%s", rep->distinct_ranks, ew,
			     n == 0 ? " (the mini-app never ran, or every rank died before reporting)" : "");
	if (rep->job.state[0] && strcmp(rep->job.state, "COMPLETED") && !rep->job.cancelled)
		strvec_pushf(why, "the job ended %s with exit code %d", rep->job.state, rep->job.exit_code);
	if (rep->job.interrupted) {
		rep->verdict = RV_CANCELLED;
		strvec_pushf(why, "interrupted; %s", rep->job.cancel_note);
	} else if (rep->job.timed_out) {
		rep->verdict = RV_TIMEOUT;
		strvec_pushf(why, "no result within the deadline: %ld of %ld ranks reported before %s", rep->distinct_ranks,
			     ew, rep->job.cancel_note[0] ? rep->job.cancel_note : "the deadline");
		if (rep->distinct_ranks == 0 && master_elsewhere(rep))
			strvec_pushf(why,
				     "MASTER_ADDR is %s, but the job's first node, where rank 0 and node rank 0 start, is %s: "
				     "the other ranks wait for a master that is not there%s%s%s",
				     rep->shell_master_addr, rep->shell_host, rep->master_addr_at ? " (MASTER_ADDR is set at " : "",
				     rep->master_addr_at ? rep->master_addr_at : "", rep->master_addr_at ? ")" : "");
		if (rep->distinct_ranks == 0 && rep->master_addr_at && master_elsewhere(rep))
			strvec_push(why, "set MASTER_ADDR to the first node of the allocation (scontrol show hostnames "
					 "\"$SLURM_JOB_NODELIST\" | head -n 1, or head -n 1 \"$PBS_NODEFILE\")");
		else if (rep->distinct_ranks == 0)
			strvec_push(why, "the ranks never met: a rendezvous that waits forever usually means MASTER_ADDR "
					 "names a host where rank 0 does not run, MASTER_PORT differs between nodes, or "
					 "--nnodes asks for more nodes than were allocated");
	} else if (why->nr) {
		rep->verdict = RV_FAIL;
	} else if (nskip && !nfail) {
		rep->verdict = RV_SKIPPED;
		strvec_pushf(why, "skipped: %s%s", skip_reason ? skip_reason : "the framework is not installed",
			     rep->launcher_missing ? " where the job ran (command not found); what ran instead is listed "
						     "under proven"
						   : "; what ran is listed under proven");
	} else if (npass == (long)n && n > 0) {
		rep->verdict = RV_PASS;
	} else {
		rep->verdict = RV_FAIL;
		if (!why->nr)
			strvec_push(why, "no rank reported a result");
	}
	if (rep->verdict != RV_PASS && rep->verdict != RV_SKIPPED && rep->static_errors.nr && !rep->job.submit_error)
		strvec_pushf(why, "static verification had flagged, and this run confirms a fault: %s", rep->static_errors.v[0]);
out:
	what_was_proven(rep, n, layout_ok);
	json_decref(rank_seen);
	json_decref(local_seen);
	json_decref(dev_seen);
}

json_t *run_report_json(const struct run_report *rep)
{
	json_t *o = json_object();
	json_object_set_new(o, "verdict", json_string(run_verdict_name(rep->verdict)));
	json_object_set_new(o, "cluster", rep->cluster_id ? json_string(rep->cluster_id) : json_null());
	json_object_set_new(o, "scheduler", json_string(rep->sched ? sched_kind_name(rep->sched) : "none"));
	json_object_set_new(o, "mode", rep->copy.mode ? json_string(rep->copy.mode) : json_null());
	json_object_set_new(o, "mode_from",
			    rep->mode.mode ? json_pack("{s:s,s:s}", "source", mode_source_name(rep->mode.source), "why",
						       rep->mode.why)
					   : json_null());
	json_t *ex = json_array(), *nex = json_array();
	for (size_t i = 0; i < rep->exercised.nr; i++)
		json_array_append_new(ex, json_string(rep->exercised.v[i]));
	for (size_t i = 0; i < rep->not_exercised.nr; i++)
		json_array_append_new(nex, json_string(rep->not_exercised.v[i]));
	json_object_set_new(o, "exercised", ex);
	json_object_set_new(o, "not_exercised", nex);
	json_object_set_new(o, "launcher_missing", rep->launcher_missing ? json_string(rep->launcher_missing) : json_null());
	json_object_set_new(o, "diagnosis",
			    rep->diag_id ? json_pack("{s:s,s:s,s:s?,s:s?}", "id", rep->diag_id, "title", rep->diag_title,
						     "evidence", rep->diag_evidence, "advice", rep->diag_advice)
					 : json_null());
	json_object_set_new(o, "expected", json_pack("{s:I,s:I,s:I}", "world_size", (json_int_t)rep->copy.expect_world,
						     "nodes", (json_int_t)rep->copy.expect_nodes, "ranks_per_node",
						     (json_int_t)(rep->copy.expect_nodes > 0
								      ? rep->copy.expect_world / rep->copy.expect_nodes
								      : 0)));
	json_t *seen = json_object();
	json_object_set_new(seen, "ranks", json_integer(rep->seen_ranks));
	json_object_set_new(seen, "distinct_ranks", json_integer(rep->distinct_ranks));
	json_object_set_new(seen, "world_size", rep->seen_ranks ? json_integer(rep->world_max) : json_null());
	json_object_set_new(seen, "nodes", json_integer(rep->seen_nodes));
	json_object_set_new(seen, "ranks_per_node", rep->ranks_per_node ? json_incref(rep->ranks_per_node) : json_object());
	json_object_set_new(seen, "unique_local_ranks", json_boolean(rep->unique_local_ranks));
	json_object_set_new(seen, "unique_devices", json_boolean(rep->unique_devices));
	json_object_set_new(o, "seen", seen);
	json_object_set_new(o, "collectives_ok", json_boolean(rep->collectives_ok));
	json_t *job = json_object();
	json_object_set_new(job, "id", rep->job.job_id[0] ? json_string(rep->job.job_id) : json_null());
	json_object_set_new(job, "state", rep->job.state[0] ? json_string(rep->job.state) : json_null());
	json_object_set_new(job, "exit_code", rep->job.exit_code >= 0 ? json_integer(rep->job.exit_code) : json_null());
	json_object_set_new(job, "seconds", json_real(rep->job.seconds));
	json_object_set_new(job, "queued_seconds", rep->job.queued_s >= 0 ? json_real(rep->job.queued_s) : json_null());
	json_object_set_new(job, "cancelled", json_boolean(rep->job.cancelled));
	json_object_set_new(o, "job", job);
	json_object_set_new(o, "rank_seconds_max", json_real(rep->max_rank_seconds));
	json_t *a = json_array();
	for (size_t i = 0; i < rep->reasons.nr; i++)
		json_array_append_new(a, json_string(rep->reasons.v[i]));
	json_object_set_new(o, "reasons", a);
	a = json_array();
	for (size_t i = 0; i < rep->static_errors.nr; i++)
		json_array_append_new(a, json_string(rep->static_errors.v[i]));
	json_object_set_new(o, "static_errors", a);
	a = json_array();
	for (size_t i = 0; i < rep->log_excerpt.nr; i++)
		json_array_append_new(a, json_string(rep->log_excerpt.v[i]));
	json_object_set_new(o, "log_excerpt", a);
	a = json_array();
	for (size_t i = 0; i < rep->notes.nr; i++)
		json_array_append_new(a, json_string(rep->notes.v[i]));
	json_object_set_new(o, "notes", a);
	json_object_set_new(o, "replaced", rep->copy.replaced ? json_string(rep->copy.replaced) : json_null());
	json_object_set_new(o, "workdir", rep->workdir ? json_string(rep->workdir) : json_null());
	json_object_set_new(o, "copy", rep->copy_path ? json_string(rep->copy_path) : json_null());
	json_object_set_new(o, "stdout", rep->out_path ? json_string(rep->out_path) : json_null());
	json_object_set_new(o, "stderr", rep->err_path ? json_string(rep->err_path) : json_null());
	json_object_set_new(o, "ranks", rep->ranks ? json_incref(rep->ranks) : json_array());
	return o;
}

void run_report_print(FILE *f, const struct run_report *rep)
{
	const char *v = run_verdict_name(rep->verdict);
	fprintf(f, "verification run: %s\n", rep->verdict == RV_PASS ? "PASS" : v);
	if (rep->copy.mode)
		fprintf(f, "  mini-app      %s, in place of line %d: %s\n", rep->copy.mode, rep->copy.program_line,
			rep->copy.replaced);
	if (rep->mode.mode)
		fprintf(f, "  mode from     %s: %s\n", mode_source_name(rep->mode.source), rep->mode.why);
	if (rep->job.job_id[0])
		fprintf(f, "  job           %s: %s, exit %d, %.1f s from submission\n", rep->job.job_id,
			rep->job.state[0] ? rep->job.state : "?", rep->job.exit_code, rep->job.seconds);
	if (rep->verdict != RV_NOT_RUN && !rep->job.submit_error) {
		fprintf(f, "  world size    expected %ld, seen %s", rep->copy.expect_world,
			rep->seen_ranks ? "" : "none\n");
		if (rep->seen_ranks)
			fprintf(f, "%ld (%ld rank report%s, %ld distinct)\n", rep->world_max, rep->seen_ranks,
				rep->seen_ranks == 1 ? "" : "s", rep->distinct_ranks);
		fprintf(f, "  nodes         expected %ld, seen %ld", rep->copy.expect_nodes, rep->seen_nodes);
		if (rep->ranks_per_node && json_object_size(rep->ranks_per_node)) {
			const char *h;
			json_t *c;
			fprintf(f, " (ranks per node:");
			json_object_foreach(rep->ranks_per_node, h, c) fprintf(f, " %s=%lld", h, (long long)json_integer_value(c));
			fprintf(f, ")");
		}
		if (rep->seen_ranks)
			fprintf(f, "\n  local ranks   %s; devices %s\n", rep->unique_local_ranks ? "unique" : "DUPLICATED",
				rep->unique_devices ? "unique" : "SHARED");
		else
			fprintf(f, "\n");
		fprintf(f, "  collectives   %s (all_reduce, all_gather, one training step vs a single-process reference)\n",
			rep->collectives_ok ? "correct" : "not confirmed");
		if (rep->max_rank_seconds > 0)
			fprintf(f, "  time          slowest rank %.2f s\n", rep->max_rank_seconds);
	}
	if (rep->exercised.nr) {
		fprintf(f, "proven:\n");
		for (size_t i = 0; i < rep->exercised.nr; i++)
			fprintf(f, "  + %s\n", rep->exercised.v[i]);
	}
	if (rep->not_exercised.nr && rep->verdict != RV_NOT_RUN) {
		fprintf(f, "not proven:\n");
		for (size_t i = 0; i < rep->not_exercised.nr; i++)
			fprintf(f, "  - %s\n", rep->not_exercised.v[i]);
	}
	if (rep->reasons.nr) {
		fprintf(f, "why:\n");
		for (size_t i = 0; i < rep->reasons.nr; i++)
			fprintf(f, "  - %s\n", rep->reasons.v[i]);
	}
	if (rep->static_errors.nr) {
		fprintf(f, "static verification found:\n");
		for (size_t i = 0; i < rep->static_errors.nr; i++)
			fprintf(f, "  - %s\n", rep->static_errors.v[i]);
	}
	if (rep->log_excerpt.nr) {
		fprintf(f, "from the job's output:\n");
		for (size_t i = 0; i < rep->log_excerpt.nr; i++)
			fprintf(f, "  %s\n", rep->log_excerpt.v[i]);
	}
	for (size_t i = 0; i < rep->notes.nr; i++)
		fprintf(f, "note: %s\n", rep->notes.v[i]);
	if (rep->workdir)
		fprintf(f, "files: %s (copy, stdout, stderr, per-rank reports)\n", rep->workdir);
}
