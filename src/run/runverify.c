/* runverify.c - the verification run end to end: static checks first (a script with errors is not
 * worth a queue wait unless forced), then a working directory holding the verification copy, the
 * mini-app and the job's output, the job itself (sched.c), the ranks' records, and the verdict. */
#include "runverify.h"

#include "../debug/debug.h"
#include "../repo/repo.h"
#include "../util/fsutil.h"
#include "../util/xalloc.h"
#include "../verify/verify.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MINIAPP_NAME "maple_miniapp.py"
#define RANK_PREFIX "MAPLE_MINIAPP "

char *find_miniapp(void)
{
	struct strvec dirs = STRVEC_INIT;
	repo_default_dirs(&dirs, NULL);
	char *found = NULL;
	for (size_t i = 0; i < dirs.nr && !found; i++) {
		struct strbuf p = STRBUF_INIT;
		strbuf_addf(&p, "%s/miniapps/%s", dirs.v[i], MINIAPP_NAME);
		if (access(p.buf, R_OK) == 0)
			found = strbuf_detach(&p);
		strbuf_release(&p);
	}
	strvec_clear(&dirs);
	return found;
}

static int mkdirs(const char *path, struct maple_error *err)
{
	if (make_dirs(path, 0755) < 0)
		return errorf(err, "cannot create %s: %s (choose another place with --workdir)", path, strerror(errno));
	return 0;
}

/* Creates the default work directory, never one that exists: its parent (.maple-verify) must be a
 * directory of this user, not a link or another user's; the directory itself is new (mkdir fails on
 * one that exists: another run's with the same name on another host, or a link someone planted), with
 * -2, -3 ... appended until a name is free. */
static int make_own_workdir(char **path, struct maple_error *err)
{
	char *slash = strrchr(*path, '/');
	if (slash && slash != *path) {
		*slash = '\0';
		int rc = mkdirs(*path, err);
		struct stat st;
		if (rc == 0 && lstat(*path, &st) < 0)
			rc = errorf(err, "cannot use %s: %s", *path, strerror(errno));
		else if (rc == 0 && (!S_ISDIR(st.st_mode) || st.st_uid != geteuid()))
			rc = errorf(err, "%s is not a directory of yours (%s): remove it, or choose another place with --workdir",
				    *path, S_ISLNK(st.st_mode) ? "a symbolic link" : !S_ISDIR(st.st_mode) ? "not a directory"
													: "another user owns it");
		*slash = '/';
		if (rc < 0)
			return -1;
	}
	struct strbuf p = STRBUF_INIT;
	for (int n = 1; n <= 1000; n++) {
		strbuf_reset(&p);
		strbuf_adds(&p, *path);
		if (n > 1)
			strbuf_addf(&p, "-%d", n);
		if (mkdir(p.buf, 0755) == 0) {
			free(*path);
			*path = strbuf_detach(&p);
			return 0;
		}
		if (errno != EEXIST) {
			int e = errno;
			strbuf_release(&p);
			return errorf(err, "cannot create %s: %s (choose another place with --workdir)", *path, strerror(e));
		}
	}
	strbuf_release(&p);
	return errorf(err, "cannot create a new work directory next to %s: 1000 names are taken (choose --workdir)", *path);
}

/* <script's directory>/.maple-verify/<script name>-<time>-<pid>: next to the script, because the
 * script's directory is where jobs are submitted from, so compute nodes can usually see it. */
static char *default_workdir(const char *script_path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(script_path, '/');
	if (!strcmp(script_path, "-") || !slash)
		snprintf(dir, sizeof(dir), ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - script_path) ? (int)(slash - script_path) : 1, script_path);
	char real[PATH_MAX];
	if (!realpath(dir, real))
		snprintf(real, sizeof(real), "%s", dir);
	const char *base = slash ? slash + 1 : script_path;
	if (!strcmp(script_path, "-"))
		base = "stdin";
	char stamp[32];
	time_t t = time(NULL);
	struct tm tm;
	localtime_r(&t, &tm);
	strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
	struct strbuf p = STRBUF_INIT;
	strbuf_addf(&p, "%s/.maple-verify/", strcmp(real, "/") ? real : "");
	for (const char *c = base; *c; c++)
		strbuf_addch(&p, strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-", *c) ? *c : '_');
	strbuf_addf(&p, "-%s-%d", stamp, (int)getpid());
	return strbuf_detach(&p);
}

static int cmp_rank(const void *a, const void *b)
{
	json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
	json_int_t rx = json_integer_value(json_object_get(x, "rank")), ry = json_integer_value(json_object_get(y, "rank"));
	return rx < ry ? -1 : rx > ry;
}

static void add_record(json_t *arr, const char *line, size_t len)
{
	json_error_t je;
	json_t *o = json_loadb(line, len, 0, &je);
	if (json_is_object(o) && json_is_integer(json_object_get(o, "rank")))
		json_array_append_new(arr, o);
	else
		json_decref(o);
}

/* The ranks' records: every MAPLE_MINIAPP line of the job's stdout (duplicates kept: two ranks 0
 * are a finding), else the rank-N.json files of the report directory. Sorted by rank. */
static json_t *collect_ranks(const char *out_path, const char *report_dir)
{
	json_t *arr = json_array();
	struct strbuf sb = STRBUF_INIT;
	if (read_file(out_path, &sb, 256u << 20, NULL) == 0) {
		for (const char *p = sb.buf; p && *p;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			const char *hit = memmem(p, len, RANK_PREFIX, strlen(RANK_PREFIX));
			if (hit) {
				const char *j = hit + strlen(RANK_PREFIX);
				add_record(arr, j, len - (size_t)(j - p));
			}
			p = nl ? nl + 1 : NULL;
		}
	}
	/* and every rank-N.json file whose rank and pid no stdout line reported (a line can be lost when a
	 * step's output is cut at its end; the file is written first, atomically) */
	{
		DIR *d = opendir(report_dir);
		struct dirent *e;
		while (d && (e = readdir(d))) {
			if (strncmp(e->d_name, "rank-", 5) || !strstr(e->d_name, ".json"))
				continue;
			struct strbuf f = STRBUF_INIT, t = STRBUF_INIT;
			strbuf_addf(&f, "%s/%s", report_dir, e->d_name);
			if (read_file(f.buf, &t, 1u << 20, NULL) == 0) {
				json_error_t je;
				json_t *o = json_loadb(t.buf, t.len, 0, &je);
				bool seen = false;
				size_t i;
				json_t *x;
				json_array_foreach(arr, i, x)
				{
					seen = seen || (json_equal(json_object_get(x, "rank"), json_object_get(o, "rank")) &&
							json_equal(json_object_get(x, "pid"), json_object_get(o, "pid")) &&
							json_equal(json_object_get(x, "host"), json_object_get(o, "host")));
				}
				if (!seen)
					add_record(arr, t.buf, t.len);
				json_decref(o);
			}
			strbuf_release(&f);
			strbuf_release(&t);
		}
		if (d)
			closedir(d);
	}
	strbuf_release(&sb);
	size_t n = json_array_size(arr);
	if (n > 1) {
		json_t **v = xmalloc(n * sizeof(*v));
		for (size_t i = 0; i < n; i++)
			v[i] = json_incref(json_array_get(arr, i));
		qsort(v, n, sizeof(*v), cmp_rank);
		json_array_clear(arr);
		for (size_t i = 0; i < n; i++)
			json_array_append_new(arr, v[i]);
		free(v);
	}
	return arr;
}

/* Lines of the job's output that look like the reason it failed (first ones first, deduplicated). */
static void excerpt(const char *path, const char *tag, struct strvec *out, size_t max)
{
	static const char *const marks[] = {"Error", "error:", "ERROR", "Traceback", "refused", "timed out", "Timeout",
					    "No such file", "not found", "Killed", "failed", "FAILED", "CANCELLED", NULL};
	struct strbuf sb = STRBUF_INIT;
	if (read_file(path, &sb, 64u << 20, NULL) < 0) {
		strbuf_release(&sb);
		return;
	}
	int ln = 0;
	for (char *p = sb.buf; p && *p && out->nr < max;) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		ln++;
		if (!strstr(p, RANK_PREFIX) && !strstr(p, "maple-lab:")) {
			for (int i = 0; marks[i]; i++) {
				if (!strstr(p, marks[i]))
					continue;
				char buf[400];
				snprintf(buf, sizeof(buf), "%s", p);
				bool dup = false;
				for (size_t k = 0; k < out->nr && !dup; k++)
					dup = strstr(out->v[k], buf) != NULL;
				if (!dup)
					strvec_pushf(out, "%s:%d: %s", tag, ln, buf);
				break;
			}
		}
		p = nl ? nl + 1 : NULL;
	}
	strbuf_release(&sb);
}

/* The MAPLE_VERIFY_SHELL line the copy prints before the launch. */
static void shell_report(struct run_report *rep)
{
	struct strbuf sb = STRBUF_INIT;
	if (read_file(rep->out_path, &sb, 256u << 20, NULL) == 0) {
		const char *p = strstr(sb.buf, "MAPLE_VERIFY_SHELL host=");
		if (p) {
			p += strlen("MAPLE_VERIFY_SHELL host=");
			rep->shell_host = xstrndup(p, strcspn(p, " \n"));
			const char *m = strstr(p, " master_addr=");
			if (m && m < p + strcspn(p, "\n")) {
				m += strlen(" master_addr=");
				rep->shell_master_addr = xstrndup(m, strcspn(m, " \n"));
			}
		}
	}
	strbuf_release(&sb);
}

/* Where the batch shell sets MASTER_ADDR (the last assignment before the launch line). */
static void master_addr_line(const struct jobscript *js, struct run_report *rep)
{
	const struct assign *best = NULL;
	for (size_t i = 0; i < js->nassigns; i++)
		if (js->assigns[i].depth == 0 && js->assigns[i].has_value && !strcmp(js->assigns[i].name, "MASTER_ADDR") &&
		    js->assigns[i].line <= rep->copy.launch_line)
			best = &js->assigns[i];
	if (best && best->line >= 1 && (size_t)best->line <= js->lines.nr) {
		struct strbuf sb = STRBUF_INIT;
		strbuf_addf(&sb, "line %d: `%s`", best->line, js->lines.v[best->line - 1]);
		rep->master_addr_at = strbuf_detach(&sb);
	}
}

/* Writes DIR/NAME for every launcher maple stands in for: found only when the real one is not installed
 * (DIR comes last on PATH), it runs the mini-app once for this launcher instance, told which launcher is
 * missing and what it was asked to do, so the run is `skipped` with what could still be proven. */
static int write_standins(const char *dir, struct maple_error *err)
{
	if (mkdirs(dir, err) < 0)
		return -1;
	for (int i = 0; vcopy_standin_launchers[i]; i++) {
		const char *name = vcopy_standin_launchers[i];
		struct strbuf p = STRBUF_INIT, b = STRBUF_INIT;
		strbuf_addf(&p, "%s/%s", dir, name);
		strbuf_addf(&b,
			    "#!/bin/sh\n"
			    "# maple verify: stands in for `%s`, which is not installed where this job runs (this file\n"
			    "# comes last on PATH, so an installed %s wins). It runs maple's mini-app once for this launcher\n"
			    "# instance, which reports `skipped` and what it could still prove; never `pass`.\n"
			    "pre=\n"
			    "while [ $# -gt 0 ]; do\n"
			    "\tcase $1 in */" MINIAPP_NAME ") break ;; esac\n"
			    "\tpre=\"$pre $1\"\n"
			    "\tshift\n"
			    "done\n"
			    "if [ $# -eq 0 ]; then\n"
			    "\techo \"maple verify: %s is not installed on $(hostname) (command not found)\" >&2\n"
			    "\texit 127\n"
			    "fi\n"
			    "echo \"maple verify: %s is not installed on $(hostname): the mini-app runs once for this launcher "
			    "instance\" >&2\n"
			    "app=$1\n"
			    "shift\n"
			    "exec python3 \"$app\" \"$@\" --launcher-missing %s --launcher-args \"$pre\"\n",
			    name, name, name, name, name);
		int rc = write_file_scratch(p.buf, b.buf, b.len, 0755, err);
		strbuf_release(&p);
		strbuf_release(&b);
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* A job that stopped before any rank because its framework or launcher is not installed where it ran:
 * maple's own environment check ("maple: 'import torch, accelerate' fails on HOST"), Python's
 * "No module named 'deepspeed'", or the shell's "accelerate: command not found". Sets rep->stopped_missing
 * (the package) and rep->stopped_evidence ("stderr:LINE: text"). */
static void missing_before_ranks(struct run_report *rep)
{
	static const char *const pk[] = {"deepspeed", "accelerate", NULL}; /* torch missing is a fault (a module not loaded) */
	const char *files[] = {rep->err_path, rep->out_path}, *names[] = {"stderr", "stdout"};
	for (int f = 0; f < 2 && !rep->stopped_missing; f++) {
		struct strbuf sb = STRBUF_INIT;
		if (!files[f] || read_file(files[f], &sb, 64u << 20, NULL) < 0) {
			strbuf_release(&sb);
			continue;
		}
		int ln = 0;
		for (const char *p = sb.buf; p && *p && !rep->stopped_missing;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			char line[400];
			snprintf(line, sizeof(line), "%.*s", (int)(len < sizeof(line) - 1 ? len : sizeof(line) - 1), p);
			ln++;
			for (int i = 0; pk[i] && !rep->stopped_missing; i++) {
				char a[96], b[96], c[96];
				snprintf(a, sizeof(a), "maple: 'import torch, %s' fails on ", pk[i]);
				snprintf(b, sizeof(b), "No module named '%s'", pk[i]);
				snprintf(c, sizeof(c), "%s: command not found", pk[i]);
				if (strstr(line, a) || strstr(line, b) || strstr(line, c)) {
					rep->stopped_missing = xstrdup(pk[i]);
					struct strbuf e = STRBUF_INIT;
					strbuf_addf(&e, "%s:%d: %s", names[f], ln, line);
					rep->stopped_evidence = strbuf_detach(&e);
				}
			}
			p = nl ? nl + 1 : NULL;
		}
		strbuf_release(&sb);
	}
}

/* The batch shell's MAPLE_VERIFY_FAIL lines (values that can never work, found before the launch). */
static void guard_lines(const char *path, struct strvec *out)
{
	struct strbuf sb = STRBUF_INIT;
	if (read_file(path, &sb, 64u << 20, NULL) == 0) {
		for (const char *p = sb.buf; p && *p;) {
			const char *nl = strchr(p, '\n');
			size_t len = nl ? (size_t)(nl - p) : strlen(p);
			size_t pl = strlen(VCOPY_FAIL_PREFIX);
			if (len > pl && !strncmp(p, VCOPY_FAIL_PREFIX, pl))
				strvec_pushf(out, "%.*s", (int)(len - pl), p + pl);
			p = nl ? nl + 1 : NULL;
		}
	}
	strbuf_release(&sb);
}

/* The run's own log (its stderr, then its stdout) through maple's failure knowledge base: the best
 * diagnosis, with its first evidence line, goes into the verdict. Nothing when the KB cannot be loaded
 * or nothing but generic symptoms match. */
static void diagnose_run(const struct repo *repo, const struct jobscript *js, const struct cluster *c,
			 struct run_report *rep)
{
	struct strvec dirs = STRVEC_INIT;
	repo_default_dirs(&dirs, NULL);
	struct maple_error err;
	struct kb *kb = kb_load(&dirs, repo, &err);
	strvec_clear(&dirs);
	if (!kb)
		return;
	struct strbuf log = STRBUF_INIT;
	const char *files[] = {rep->err_path, rep->out_path}, *names[] = {"stderr", "stdout"};
	size_t starts[3] = {0, 0, 0};
	for (int i = 0; i < 2; i++) {
		starts[i] = log.len;
		struct strbuf t = STRBUF_INIT;
		if (files[i] && read_file(files[i], &t, 64u << 20, NULL) == 0) {
			strbuf_add(&log, t.buf, t.len);
			if (t.len && t.buf[t.len - 1] != '\n')
				strbuf_addch(&log, '\n');
		}
		strbuf_release(&t);
	}
	starts[2] = log.len;
	struct debug_target t = {.js = js, .cluster = c};
	struct diagnosis_list dl;
	if (debug_diagnose(kb, log.buf ? log.buf : "", log.len, &t, &dl, &err) == 0) {
		if (debug_found_cause(&dl)) {
			const struct diagnosis *d = &dl.v[0];
			rep->diag_id = xstrdup(d->id);
			rep->diag_title = xstrdup(d->title ? d->title : d->id);
			rep->diag_advice = d->advice ? xstrdup(d->advice) : NULL;
			if (d->nev) {
				/* the evidence line's file and line within it */
				int line = d->ev[0].line, in_err = 0;
				for (const char *q = log.buf; q && q < log.buf + starts[1]; q++)
					in_err += *q == '\n';
				int f = line > in_err ? 1 : 0;
				struct strbuf e = STRBUF_INIT;
				strbuf_addf(&e, "%s:%d: %s", names[f], f ? line - in_err : line, d->ev[0].text);
				rep->diag_evidence = strbuf_detach(&e);
			}
		}
		diagnosis_list_release(&dl);
	}
	strbuf_release(&log);
	kb_destroy(kb);
}

int runverify(const char *script_path, const char *text, size_t len, const struct repo *repo,
	      const struct runverify_opts *o, struct run_report *rep, struct maple_error *err)
{
	memset(rep, 0, sizeof(*rep));
	rep->verdict = RV_NOT_RUN;
	struct verify_opts vo = {.bash_n = true, .shellcheck = false};
	struct verify_result vr;
	char *sdir = NULL;
	const char *slash = strrchr(script_path, '/');
	if (strcmp(script_path, "-"))
		sdir = slash ? xstrndup(script_path, slash > script_path ? (size_t)(slash - script_path) : 1) : xstrdup(".");
	int vrc = verify_script(text, len, sdir, repo, o->cluster, &vo, &vr, err);
	free(sdir);
	if (vrc < 0)
		return -1;
	rep->cluster_id = vr.cluster ? vr.cluster->id : NULL;
	rep->sched = vr.sr.js.sched;
	for (size_t i = 0; i < vr.nfindings; i++)
		if (vr.findings[i].sev == SEV_ERROR)
			strvec_pushf(&rep->static_errors, "line %d: %s: %s", vr.findings[i].line, vr.findings[i].id,
				     vr.findings[i].message);
	int rc = 0;
	char *miniapp = NULL;
	struct strbuf copy = STRBUF_INIT;
	if (rep->static_errors.nr && !o->force) {
		strvec_pushf(&rep->reasons, "not run: static verification found %zu error%s (listed below); fix them, or "
					    "run anyway with --force",
			     rep->static_errors.nr, rep->static_errors.nr == 1 ? "" : "s");
		rep->verdict = RV_FAIL;
		goto done;
	}
	miniapp = find_miniapp();
	if (!miniapp) {
		rc = errorf(err, "the mini-app (miniapps/" MINIAPP_NAME ") is not in maple's data directory: reinstall "
				 "maple or set MAPLE_DATA_DIR");
		goto done;
	}
	rep->workdir = o->workdir ? xstrdup(o->workdir) : default_workdir(script_path);
	{
		char real[PATH_MAX];
		if (o->workdir ? mkdirs(rep->workdir, err) < 0 : make_own_workdir(&rep->workdir, err) < 0) {
			rc = -1;
			goto done;
		}
		if (!realpath(rep->workdir, real)) {
			rc = errorf(err, "cannot use the work directory '%s': %s", rep->workdir, strerror(errno));
			goto done;
		}
		free(rep->workdir);
		rep->workdir = xstrdup(real);
	}
	struct strbuf p = STRBUF_INIT;
	strbuf_addf(&p, "%s/ranks", rep->workdir);
	if (mkdirs(p.buf, err) < 0) {
		strbuf_release(&p);
		rc = -1;
		goto done;
	}
	char *report_dir = strbuf_detach(&p);
	strbuf_addf(&p, "%s/" MINIAPP_NAME, rep->workdir);
	char *app = strbuf_detach(&p);
	struct strbuf body = STRBUF_INIT;
	if (read_file(miniapp, &body, 4u << 20, err) < 0 || write_file_scratch(app, body.buf, body.len, 0755, err) < 0)
		rc = -1;
	strbuf_release(&body);
	strbuf_addf(&p, "%s/launchers", rep->workdir);
	char *standins = strbuf_detach(&p);
	struct vcopy_opts vc = {app, report_dir, o->timeout_s > 0 && o->timeout_s < 600 ? o->timeout_s : 120, NULL,
				standins};
	/* the mode: --mode, else maple's own header, else the script reader, else ddp (assumed, and said) */
	if (!rc && run_mode_pick(text, &vr.sr, o->mode, &rep->mode, err) < 0)
		rc = -1;
	vc.mode = rep->mode.mode;
	if (!rc && write_standins(standins, err) < 0)
		rc = -1;
	if (!rc && vcopy_build(text, &vr.sr, &vc, &copy, &rep->copy, err) < 0)
		rc = -1;
	if (!rc) {
		strbuf_addf(&p, "%s/job.sh", rep->workdir);
		rep->copy_path = strbuf_detach(&p);
		strbuf_addf(&p, "%s/job.out", rep->workdir);
		rep->out_path = strbuf_detach(&p);
		strbuf_addf(&p, "%s/job.err", rep->workdir);
		rep->err_path = strbuf_detach(&p);
		if (write_file_scratch(rep->copy_path, copy.buf, copy.len, 0755, err) < 0)
			rc = -1;
	}
	if (!rc) {
		if (rep->static_errors.nr)
			strvec_pushf(&rep->notes, "run despite %zu static error%s (--force)", rep->static_errors.nr,
				     rep->static_errors.nr == 1 ? "" : "s");
		if (rep->copy.stops_after)
			strvec_pushf(&rep->notes, "the copy stops after the launch line (line %d)", rep->copy.launch_line);
		struct run_job_opts jo = {o->where, vr.sr.js.sched, rep->copy_path, rep->out_path, rep->err_path,
					  o->timeout_s, o->stop};
		if (run_job(&jo, &rep->job, err) < 0) {
			rc = -1;
		} else {
			rep->ranks = collect_ranks(rep->out_path, report_dir);
			for (size_t i = 0; i < json_array_size(rep->ranks); i++) {
				json_t *s = json_object_get(json_array_get(rep->ranks, i), "seconds");
				if (json_is_number(s) && json_number_value(s) > rep->max_rank_seconds)
					rep->max_rank_seconds = json_number_value(s);
			}
			shell_report(rep);
			master_addr_line(&vr.sr.js, rep);
			excerpt(rep->err_path, "stderr", &rep->log_excerpt, 12);
			excerpt(rep->out_path, "stdout", &rep->log_excerpt, 16);
			guard_lines(rep->out_path, &rep->guard_fail);
			if (!json_array_size(rep->ranks))
				missing_before_ranks(rep);
			run_report_judge(rep);
			if (rep->verdict != RV_PASS && rep->verdict != RV_SKIPPED && !rep->guard_fail.nr) {
				diagnose_run(repo, &vr.sr.js, vr.cluster, rep);
				run_report_add_diagnosis(rep);
			}
			if (rep->job.cancel_note[0] && !rep->job.interrupted && !rep->job.timed_out)
				strvec_push(&rep->notes, rep->job.cancel_note);
		}
	}
	free(report_dir);
	free(app);
	free(standins);
done:
	free(miniapp);
	strbuf_release(&copy);
	verify_result_release(&vr);
	return rc;
}

void run_report_release(struct run_report *rep)
{
	strvec_clear(&rep->reasons);
	strvec_clear(&rep->notes);
	strvec_clear(&rep->static_errors);
	strvec_clear(&rep->log_excerpt);
	vcopy_info_release(&rep->copy);
	job_outcome_release(&rep->job);
	free(rep->workdir);
	free(rep->copy_path);
	free(rep->out_path);
	free(rep->err_path);
	free(rep->shell_host);
	free(rep->shell_master_addr);
	free(rep->master_addr_at);
	strvec_clear(&rep->exercised);
	strvec_clear(&rep->not_exercised);
	strvec_clear(&rep->guard_fail);
	free(rep->launcher_missing);
	free(rep->stopped_missing);
	free(rep->stopped_evidence);
	free(rep->diag_id);
	free(rep->diag_title);
	free(rep->diag_evidence);
	free(rep->diag_advice);
	json_decref(rep->ranks);
	json_decref(rep->ranks_per_node);
	memset(rep, 0, sizeof(*rep));
}
