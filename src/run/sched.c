/* sched.c - submit / poll / cancel through the scheduler's own commands (sbatch, squeue, scontrol,
 * sacct, scancel; qsub, qstat, qdel), or run a script under the current allocation with bash.
 * Polling is adaptive (0.1 s, growing by 1/20 of the job's age to at most 5 s) so a short job on a
 * quiet machine is seen at once and a queued job on a real cluster does not hammer the daemon. A squeue
 * that fails without naming the job unknown (a busy slurmctld's socket timeout) is asked again. */
#include "sched.h"

#include "../util/proc.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void nap(double s)
{
	struct timespec ts = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
	nanosleep(&ts, NULL); /* a signal ends it early: that is what we want */
}

/* The poll interval for a job that has been around for `age` seconds. */
static double poll_interval(double age)
{
	double t = 0.1 + age / 20.0;
	return t > 5.0 ? 5.0 : t;
}

static void trim(struct strbuf *sb)
{
	while (sb->len && (sb->buf[sb->len - 1] == '\n' || sb->buf[sb->len - 1] == ' ' || sb->buf[sb->len - 1] == '\r'))
		strbuf_setlen(sb, sb->len - 1);
}

enum sched_kind current_allocation(void)
{
	const char *s = getenv("SLURM_JOB_ID"), *p = getenv("PBS_JOBID");
	if (s && *s)
		return JS_SLURM;
	if (p && *p)
		return JS_PBS;
	return JS_NONE;
}

static bool have(const char *prog)
{
	const char *path = getenv("PATH");
	if (!path)
		return false;
	char *dup = xstrdup(path), *save = NULL;
	bool found = false;
	for (char *d = strtok_r(dup, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
		struct strbuf f = STRBUF_INIT;
		strbuf_addf(&f, "%s/%s", *d ? d : ".", prog);
		found = access(f.buf, X_OK) == 0;
		strbuf_release(&f);
	}
	free(dup);
	return found;
}

/* The value after "key=" in a `scontrol show job -o` line, or after "key = " in `qstat -f`. */
static bool field(const char *text, const char *key, char *out, size_t n)
{
	size_t kl = strlen(key);
	for (const char *p = text; (p = strstr(p, key)); p += kl) {
		if (p != text && p[-1] != ' ' && p[-1] != '\n' && p[-1] != '\t')
			continue;
		const char *v = p + kl;
		while (*v == ' ')
			v++;
		if (*v != '=')
			continue;
		v++;
		while (*v == ' ')
			v++;
		size_t len = strcspn(v, " \n\t");
		if (len >= n)
			len = n - 1;
		memcpy(out, v, len);
		out[len] = '\0';
		return true;
	}
	return false;
}

/* ---- Slurm ---- */

static int slurm_submit(const struct run_job_opts *o, struct job_outcome *res)
{
	struct strbuf a1 = STRBUF_INIT, a2 = STRBUF_INIT, out = STRBUF_INIT;
	strbuf_addf(&a1, "--output=%s", o->out_path);
	strbuf_addf(&a2, "--error=%s", o->err_path);
	const char *argv[] = {"sbatch", "--parsable", a1.buf, a2.buf, o->script, NULL};
	int rc = run_capture(argv, &out, 64 * 1024);
	trim(&out);
	if (rc != 0) {
		res->submit_error = xstrdup(out.len ? out.buf : "sbatch failed without a message");
	} else {
		const char *nl = strrchr(out.buf, '\n'); /* warnings may come first */
		const char *id = nl ? nl + 1 : out.buf;
		size_t n = strcspn(id, ";\n"); /* "ID;cluster" on federated clusters */
		snprintf(res->job_id, sizeof(res->job_id), "%.*s", (int)n, id);
	}
	strbuf_release(&a1);
	strbuf_release(&a2);
	strbuf_release(&out);
	return rc == 0 ? 0 : -1;
}

/* A squeue that failed without saying the job is unknown ("slurm_load_jobs error: Socket timed out on
 * send/recv operation": slurmctld busy) says nothing about the job: it is asked again, this many times in
 * a row at most, before the job counts as gone. */
#define SQUEUE_RETRIES 10

/* "" when the job left the queue; "?" when squeue could not tell (see SQUEUE_RETRIES); else its state. */
static void slurm_state(const char *id, char *state, size_t n)
{
	struct strbuf out = STRBUF_INIT;
	const char *argv[] = {"squeue", "-h", "-j", id, "-o", "%T", NULL};
	int rc = run_capture(argv, &out, 4096);
	trim(&out);
	if (rc != 0 && !strstr(out.buf, "Invalid job id"))
		snprintf(state, n, "%s", "?");
	else if (rc != 0 || !out.len)
		state[0] = '\0';
	else
		snprintf(state, n, "%s", out.buf);
	strbuf_release(&out);
}

static void slurm_final(const char *id, struct job_outcome *res)
{
	struct strbuf out = STRBUF_INIT;
	const char *argv[] = {"scontrol", "show", "job", "-o", id, NULL};
	char ec[64];
	if (run_capture(argv, &out, 64 * 1024) == 0 && field(out.buf, "JobState", res->state, sizeof(res->state))) {
		if (field(out.buf, "ExitCode", ec, sizeof(ec)))
			res->exit_code = atoi(ec);
	} else {
		strbuf_reset(&out);
		const char *sa[] = {"sacct", "-n", "-X", "-P", "-j", id, "-o", "State,ExitCode", NULL};
		if (run_capture(sa, &out, 64 * 1024) == 0 && out.len) {
			char *bar = strchr(out.buf, '|');
			if (bar) {
				*bar = '\0';
				snprintf(res->state, sizeof(res->state), "%.*s", (int)strcspn(out.buf, " "), out.buf);
				res->exit_code = atoi(bar + 1);
			}
		}
	}
	strbuf_release(&out);
}

/* ---- PBS ---- */

static int pbs_submit(const struct run_job_opts *o, struct job_outcome *res)
{
	struct strbuf out = STRBUF_INIT;
	const char *argv[] = {"qsub", "-o", o->out_path, "-e", o->err_path, o->script, NULL};
	int rc = run_capture(argv, &out, 64 * 1024);
	trim(&out);
	if (rc != 0) {
		res->submit_error = xstrdup(out.len ? out.buf : "qsub failed without a message");
	} else {
		const char *nl = strrchr(out.buf, '\n');
		snprintf(res->job_id, sizeof(res->job_id), "%s", nl ? nl + 1 : out.buf);
	}
	strbuf_release(&out);
	return rc == 0 ? 0 : -1;
}

/* PBS Pro keeps finished jobs with -x (state F); Torque shows C; an unknown id means it is gone. */
static void pbs_state(const char *id, char *state, size_t n, struct job_outcome *res)
{
	struct strbuf out = STRBUF_INIT;
	const char *argv[] = {"qstat", "-x", "-f", id, NULL};
	int rc = run_capture(argv, &out, 256 * 1024);
	char st[16] = "", ex[32];
	state[0] = '\0';
	if (rc == 0 && field(out.buf, "job_state", st, sizeof(st))) {
		if (strcmp(st, "F") && strcmp(st, "C") && strcmp(st, "X"))
			snprintf(state, n, "%s", !strcmp(st, "R") ? "RUNNING" : !strcmp(st, "Q") ? "PENDING" : st);
		else {
			snprintf(res->state, sizeof(res->state), "%s", "FINISHED");
			if (field(out.buf, "Exit_status", ex, sizeof(ex))) {
				res->exit_code = atoi(ex);
				snprintf(res->state, sizeof(res->state), "%s", res->exit_code == 0 ? "COMPLETED" : "FAILED");
			}
		}
	}
	strbuf_release(&out);
}

static void cancel_job(enum sched_kind k, struct job_outcome *res)
{
	struct strbuf out = STRBUF_INIT;
	const char *argv[] = {k == JS_PBS ? "qdel" : "scancel", res->job_id, NULL};
	int rc = run_capture(argv, &out, 4096);
	trim(&out);
	res->cancelled = rc == 0;
	snprintf(res->cancel_note, sizeof(res->cancel_note), "%s %s: %s", argv[0], res->job_id,
		 rc == 0 ? "cancelled" : out.len ? out.buf : "failed");
	/* wait (briefly) until it has left the queue, so its output is complete */
	char st[64];
	for (int i = 0; i < 100; i++) {
		if (k == JS_PBS)
			pbs_state(res->job_id, st, sizeof(st), res);
		else
			slurm_state(res->job_id, st, sizeof(st));
		if (!st[0] || strstr(st, "CANCEL"))
			break;
		nap(0.1); /* ("?", squeue could not tell: asked again, within the 100 tries) */
	}
	strbuf_release(&out);
}

static int run_submitted(const struct run_job_opts *o, struct job_outcome *res, struct maple_error *err)
{
	const char *need = o->sched == JS_PBS ? "qsub" : "sbatch";
	if (!have(need))
		return errorf(err, "`%s` is not on PATH: --run submit needs the %s client commands (run maple on a "
				   "login node of the cluster)",
			      need, o->sched == JS_PBS ? "PBS" : "Slurm");
	double t0 = now_s();
	if ((o->sched == JS_PBS ? pbs_submit(o, res) : slurm_submit(o, res)) < 0) {
		res->seconds = now_s() - t0;
		return 0;
	}
	char st[64];
	double started = -1;
	int unanswered = 0; /* squeue failures in a row */
	for (;;) {
		double age = now_s() - t0;
		if (o->sched == JS_PBS)
			pbs_state(res->job_id, st, sizeof(st), res);
		else
			slurm_state(res->job_id, st, sizeof(st));
		unanswered = !strcmp(st, "?") ? unanswered + 1 : 0;
		if (!st[0] || unanswered > SQUEUE_RETRIES)
			break;
		if (started < 0 && !unanswered && strcmp(st, "PENDING") && strcmp(st, "CONFIGURING"))
			started = age;
		if (o->stop && *o->stop) {
			res->interrupted = true;
			cancel_job(o->sched, res);
			break;
		}
		if (o->timeout_s > 0 && age >= o->timeout_s) {
			res->timed_out = true;
			cancel_job(o->sched, res);
			break;
		}
		nap(poll_interval(age));
	}
	if (o->sched != JS_PBS)
		slurm_final(res->job_id, res);
	res->seconds = now_s() - t0;
	res->queued_s = started < 0 ? -1 : started;
	return 0;
}

/* ---- under the current allocation ---- */

static int run_local(const struct run_job_opts *o, struct job_outcome *res, struct maple_error *err)
{
	if (current_allocation() == JS_NONE)
		return errorf(err, "--run local runs the script inside the allocation maple is in, and there is none "
				   "(no SLURM_JOB_ID / PBS_JOBID): start one first (salloc -N 2 ..., qsub -I ...) or use "
				   "--run submit");
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, o->out_path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
	posix_spawn_file_actions_addopen(&fa, 2, o->err_path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
	posix_spawnattr_init(&at);
	posix_spawnattr_setpgroup(&at, 0);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP);
	const char *argv[] = {"bash", o->script, NULL};
	pid_t pid;
	double t0 = now_s();
	int rc = posix_spawnp(&pid, "bash", &fa, &at, (char *const *)argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	if (rc != 0)
		return errorf(err, "cannot start bash: %s", strerror(rc));
	snprintf(res->job_id, sizeof(res->job_id), "local pid %d", (int)pid);
	res->queued_s = 0;
	int status = 0;
	double killed_at = -1;
	for (;;) {
		pid_t w = waitpid(pid, &status, WNOHANG);
		if (w == pid)
			break;
		if (w < 0 && errno != EINTR)
			break;
		double age = now_s() - t0;
		if (killed_at < 0 && ((o->stop && *o->stop) || (o->timeout_s > 0 && age >= o->timeout_s))) {
			res->interrupted = o->stop && *o->stop;
			res->timed_out = !res->interrupted;
			kill(-pid, SIGTERM);
			killed_at = age;
			res->cancelled = true;
			snprintf(res->cancel_note, sizeof(res->cancel_note), "stopped the local run (process group %d)",
				 (int)pid);
		} else if (killed_at >= 0 && age - killed_at > 5) {
			kill(-pid, SIGKILL);
		}
		nap(0.05);
	}
	res->seconds = now_s() - t0;
	res->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
	snprintf(res->state, sizeof(res->state), "%s",
		 res->cancelled ? "CANCELLED" : res->exit_code == 0 ? "COMPLETED" : "FAILED");
	return 0;
}

int run_job(const struct run_job_opts *o, struct job_outcome *res, struct maple_error *err)
{
	memset(res, 0, sizeof(*res));
	res->exit_code = -1;
	res->queued_s = -1;
	if (o->where == RUN_LOCAL)
		return run_local(o, res, err);
	if (o->sched != JS_SLURM && o->sched != JS_PBS)
		return errorf(err, "--run submit needs a Slurm (#SBATCH) or PBS (#PBS) script; this one has %s",
			      o->sched == JS_LSF ? "LSF (#BSUB) directives, which maple cannot submit yet"
						 : "no scheduler directives (use --run local inside an allocation)");
	return run_submitted(o, res, err);
}

void job_outcome_release(struct job_outcome *res)
{
	free(res->submit_error);
	res->submit_error = NULL;
}
