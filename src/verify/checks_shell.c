/* checks_shell.c - checks on the script as a file and as shell: line endings, the #! line the
 * schedulers insist on, quotes and heredocs left open, `bash -n`, and shellcheck when installed (run once
 * for many scripts by sc_batch_run, for maple verify --batch). */
#include "findings.h"

#include "../util/proc.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SHELLCHECK_MAX_BYTES (1024 * 1024)

static json_t *sc_batch_comments(const struct sc_batch *b, size_t i);

/* How long bash -n and shellcheck may take (seconds): shellcheck spends minutes on a script nested a few
 * thousand levels deep; past the limit the check is reported as not run. MAPLE_CHECK_TIMEOUT overrides it
 * (1-3600). */
static unsigned check_timeout(void)
{
	const char *e = getenv("MAPLE_CHECK_TIMEOUT");
	if (e && *e) {
		char *end;
		errno = 0;
		unsigned long v = strtoul(e, &end, 10);
		if (!errno && !*end && v >= 1 && v <= 3600 && isdigit((unsigned char)*e))
			return (unsigned)v;
	}
	return 60;
}

/* Why a helper program gave no answer, for a "not run" finding: "timed out after 60 s", "killed by signal
 * 11", "could not be started". */
static void why_not_run(const struct proc_how *how, unsigned limit, char *buf, size_t n)
{
	if (how->end == PROC_TIMED_OUT)
		snprintf(buf, n, "it ran past %u s and was stopped (MAPLE_CHECK_TIMEOUT sets the limit)", limit);
	else if (how->end == PROC_KILLED && how->sig)
		snprintf(buf, n, "it was killed by signal %d (%s)", how->sig, strsignal(how->sig));
	else if (how->end == PROC_KILLED)
		snprintf(buf, n, "it did not end normally");
	else
		snprintf(buf, n, "it could not be started");
}

static void problems(struct vctx *x)
{
	const struct strvec *pr = &x->js->problems;
	for (size_t i = 0; i < pr->nr; i++) {
		int line = atoi(pr->v[i]);
		const char *msg = strchr(pr->v[i], ':');
		msg = msg ? msg + 1 : pr->v[i];
		if (strstr(msg, "quote"))
			report(x, "unterminated-quote", SEV_ERROR, line, 0, 0,
			       "close the quote; in a bash -c '...' string write a single quote as '\\''", "%s", msg);
		else
			report(x, "heredoc-unclosed", SEV_ERROR, line, 0, 0,
			       "end the heredoc with a line holding only its delimiter (no spaces around it)", "%s", msg);
	}
}

/* A readable copy of text for bash -n and shellcheck: an anonymous memory file (memfd, no temporary
 * directory needed) the child reads as /dev/fd/N, else a private file in $TMPDIR. Returns its path
 * (caller calls drop_copy), or NULL with why in *why. */
static char *temp_copy(const char *text, size_t len, int *memfd, struct strbuf *why)
{
	*memfd = -1;
	/* MAPLE_VERIFY_TMPFILE=1 takes the temporary-file way (systems without memfd; the fault tests) */
	const char *force_tmp = getenv("MAPLE_VERIFY_TMPFILE");
	int fd = force_tmp && !strcmp(force_tmp, "1") ? -1 : memfd_create("maple-verify", 0); /* inherited on purpose */
	struct strbuf path = STRBUF_INIT;
	if (fd >= 0) {
		strbuf_addf(&path, "/dev/fd/%d", fd);
	} else {
		const char *dir = getenv("TMPDIR");
		strbuf_addf(&path, "%s/maple-verify-XXXXXX", dir && *dir ? dir : "/tmp");
		fd = mkstemp(path.buf);
		if (fd < 0) {
			strbuf_addf(why, "cannot create a temporary copy in %s: %s (set TMPDIR to a writable directory)",
				    dir && *dir ? dir : "/tmp", strerror(errno));
			strbuf_release(&path);
			return NULL;
		}
		fcntl(fd, F_SETFD, FD_CLOEXEC);
	}
	size_t off = 0;
	int e = 0;
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			e = n < 0 ? errno : ENOSPC;
			break;
		}
		off += (size_t)n;
	}
	if (off < len) {
		strbuf_addf(why, "cannot write a temporary copy: %s (free space in TMPDIR or point it elsewhere)", strerror(e));
		if (path.buf[0] != '/' || strncmp(path.buf, "/dev/fd/", 8))
			unlink(path.buf);
		close(fd);
		strbuf_release(&path);
		return NULL;
	}
	if (!strncmp(path.buf, "/dev/fd/", 8))
		*memfd = fd;
	else
		close(fd);
	return strbuf_detach(&path);
}

static void drop_copy(char *path, int memfd)
{
	if (memfd >= 0)
		close(memfd);
	else
		unlink(path);
	free(path);
}

static void bash_n(struct vctx *x, const char *path)
{
	struct strbuf out = STRBUF_INIT;
	const char *argv[] = {"bash", "-n", path, NULL};
	struct proc_how how;
	unsigned limit = check_timeout();
	int rc = run_capture_timed(argv, &out, 64 * 1024, limit, &how);
	if ((rc < 0 && how.end == PROC_NOT_STARTED) || rc == 127 || rc == 126)
		report(x, "check-not-run", SEV_ERROR, 0, 0, 0, "install bash or put it in PATH",
		       "bash -n not run: bash could not be started (the syntax is unchecked, so the script is not known "
		       "to be clean)");
	else if (rc < 0) {
		/* a bash that crashes or never ends on the file (thousands of nested $( ... )) will not run it */
		char why[160];
		why_not_run(&how, limit, why, sizeof(why));
		report(x, "check-not-run", SEV_ERROR, 0, 0, 0,
		       "simplify the script (bash itself fails on it: deeply nested commands or substitutions)",
		       "bash -n did not finish: %s; the syntax is unchecked, so the script is not known to be clean", why);
	}
	if (rc > 0 && rc != 127 && rc != 126) {
		/* "PATH: line N: message" */
		char *save = NULL;
		int reported = 0;
		for (char *l = strtok_r(out.buf, "\n", &save); l && reported < 5; l = strtok_r(NULL, "\n", &save)) {
			const char *p = strstr(l, ": line ");
			if (!p)
				continue;
			int line = atoi(p + 7);
			const char *msg = strchr(p + 7, ':');
			report(x, "bash-syntax", SEV_ERROR, line, 0, 0, "fix the shell syntax; bash will not run the script",
			       "bash -n: %s", msg ? msg + 2 : l);
			reported++;
		}
		if (!reported)
			report(x, "bash-syntax", SEV_ERROR, 0, 0, 0, "fix the shell syntax", "bash -n failed: %.200s", out.buf);
	}
	strbuf_release(&out);
}

/* Reports shellcheck -f json1's comments about one script (at most 50). */
static void shellcheck_report(struct vctx *x, json_t *comments)
{
	size_t i;
	json_t *c;
	int n = 0;
	json_array_foreach(comments, i, c)
	{
		const char *level = json_string_value(json_object_get(c, "level"));
		int line = (int)json_integer_value(json_object_get(c, "line"));
		int col = (int)json_integer_value(json_object_get(c, "column"));
		int endcol = (int)json_integer_value(json_object_get(c, "endColumn"));
		int endline = (int)json_integer_value(json_object_get(c, "endLine"));
		int code = (int)json_integer_value(json_object_get(c, "code"));
		const char *msg = json_string_value(json_object_get(c, "message"));
		if (!level || !msg || n >= 50)
			continue;
		/* shellcheck's notes are advice: they never decide the exit status (bash -n decides syntax) */
		enum severity sev = SEV_WARNING;
		char fix[96];
		snprintf(fix, sizeof(fix), "see https://www.shellcheck.net/wiki/SC%d", code);
		/* report() keeps one finding per id and line: fold the code into the id's message */
		report(x, "shellcheck", sev, line, col, endline == line && endcol > col ? endcol - col : 0, fix, "SC%d: %s",
		       code, msg);
		n++;
	}
}

static bool has_shebang(const char *text, size_t len)
{
	return len > 2 && text[0] == '#' && text[1] == '!';
}

/* shellcheck's options for a script with (or without) a #! line: without one, bash is the dialect. */
static const char *const sc_opts_shebang[] = {"shellcheck", "-f", "json1", "-S", "warning", NULL};
static const char *const sc_opts_bash[] = {"shellcheck", "-f", "json1", "-S", "warning", "-s", "bash", NULL};
#define SC_NOPTS(shebang) ((shebang) ? 5 : 7)

static void shellcheck(struct vctx *x, const char *path, bool shebang)
{
	struct strbuf out = STRBUF_INIT;
	const char *argv[9];
	memcpy(argv, shebang ? sc_opts_shebang : sc_opts_bash, SC_NOPTS(shebang) * sizeof(*argv));
	argv[SC_NOPTS(shebang)] = path;
	argv[SC_NOPTS(shebang) + 1] = NULL;
	struct proc_how how;
	unsigned limit = check_timeout();
	int rc = run_capture_timed(argv, &out, 4 * 1024 * 1024, limit, &how);
	if (rc < 0 && how.end != PROC_NOT_STARTED) {
		/* started but gave no answer: said, never a silent clean */
		char why[160];
		why_not_run(&how, limit, why, sizeof(why));
		report(x, "shellcheck-not-run", SEV_WARNING, 0, 0, 0, "simplify the script, or run shellcheck on it by hand",
		       "shellcheck did not finish: %s", why);
		strbuf_release(&out);
		return;
	}
	if ((rc < 0 && how.end == PROC_NOT_STARTED) || rc == 127 || rc == 126) {
		/* an optional tool: its absence is said, never passed off as a clean check */
		report(x, "shellcheck-not-run", SEV_INFO, 0, 0, 0, "install it (Debian: apt-get install shellcheck) or put it in PATH",
		       "shellcheck not run: it is not installed or could not be started");
		strbuf_release(&out);
		return;
	}
	if (rc > 1) {
		/* it ran and gave up on the file (exit 2: not checked, 3-4: its own errors): said with its first line */
		const char *w = out.buf;
		while (*w == '\n' || *w == ' ' || *w == '\t' || *w == '\r')
			w++;
		int wl = (int)strcspn(w, "\r\n");
		report(x, "shellcheck-not-run", SEV_WARNING, 0, 0, 0, "run shellcheck on the script by hand to see why",
		       "shellcheck could not check the script (exit %d)%s%.*s", rc, wl ? ": " : "", wl > 200 ? 200 : wl, w);
		strbuf_release(&out);
		return;
	}
	json_error_t je;
	json_t *root = json_loadb(out.buf, out.len, 0, &je);
	shellcheck_report(x, root ? json_object_get(root, "comments") : NULL);
	json_decref(root);
	strbuf_release(&out);
}

/* A multi-line command cut short: a backslash that escapes a blank ("\ # note") or a missing backslash
 * leaves the next line to run on its own ("--epochs: command not found"), and the launch line loses
 * what followed (bash -n and shellcheck see nothing wrong). */
static void broken_continuations(struct vctx *x)
{
	const struct jobscript *js = x->js;
	for (size_t i = 0; i < js->ncmds; i++) {
		bool escaped;
		int line = js_broken_continuation(js, i, &escaped);
		if (!line)
			continue;
		const struct jcmd *c = &js->cmds[i];
		const char *w = c->words.v[c->nassign_prefix < c->words.nr ? c->nassign_prefix : 0].value;
		if (escaped)
			report(x, "continuation-broken", SEV_ERROR, line, 0, 0,
			       "end the line with the backslash itself (nothing after it; put a comment on a line of its own "
			       "above the command)",
			       "the backslash at the end of this line escapes a blank, not the line break: the command ends "
			       "here and line %d (%s ...) runs as a command of its own",
			       c->line, w);
		else
			report(x, "continuation-broken", SEV_ERROR, line, 0, 0,
			       "end the line before it with a backslash (or join the two lines)",
			       "this line starts with the option %s: the line before it does not end in a backslash, so it "
			       "runs as a command of its own (command not found) and the command before it loses it",
			       w);
	}
}

void check_shell(struct vctx *x, const struct verify_opts *o, const char *text, size_t len)
{
	const struct jobscript *js = x->js;
	/* CRLF: sbatch refuses DOS line breaks; bash reads \r as part of words */
	const char *cr = memchr(text, '\r', len);
	if (cr && cr + 1 < text + len && cr[1] == '\n') {
		int line = 1;
		for (const char *p = text; p < cr; p++)
			line += *p == '\n';
		report(x, "dos-line-endings", SEV_ERROR, line, 0, 0, "convert the file: dos2unix SCRIPT (or sed -i 's/\\r$//' SCRIPT)",
		       "the script has DOS line endings (\\r\\n): sbatch refuses it and bash reads \\r as part of each word");
	}
	bool shebang = has_shebang(text, len);
	if (!shebang && (js->sched == JS_SLURM || (js->sched == JS_NONE && x->c && x->c->scheduler == SCHED_SLURM)))
		report(x, "shebang-missing", SEV_ERROR, 1, 0, 0, "make the first line #!/bin/bash",
		       "the first line is not #!/path/to/shell: sbatch refuses such a script and the shell to run it is "
		       "unknown");
	problems(x);
	broken_continuations(x);
	if (!o || (!o->bash_n && !o->shellcheck))
		return;
	struct strbuf why = STRBUF_INIT;
	int memfd;
	char *path = temp_copy(text, len, &memfd, &why);
	if (!path) {
		/* a check that cannot run says so: a broken script is never reported clean */
		if (o->bash_n)
			report(x, "check-not-run", SEV_ERROR, 0, 0, 0, "set TMPDIR to a writable directory with free space",
			       "bash -n not run: %s", why.buf);
		if (o->shellcheck)
			report(x, "shellcheck-not-run", SEV_WARNING, 0, 0, 0, "set TMPDIR to a writable directory with free space",
			       "shellcheck not run: %s", why.buf);
		strbuf_release(&why);
		return;
	}
	strbuf_release(&why);
	if (o->bash_n)
		bash_n(x, path);
	json_t *ahead = o->sc ? sc_batch_comments(o->sc, o->sc_index) : NULL;
	if (o->shellcheck && len <= SHELLCHECK_MAX_BYTES && ahead)
		shellcheck_report(x, ahead);
	else if (o->shellcheck && len <= SHELLCHECK_MAX_BYTES)
		shellcheck(x, path, shebang);
	else if (o->shellcheck)
		report(x, "shellcheck", SEV_INFO, 0, 0, 0, "", "shellcheck skipped: the script is larger than 1 MB");
	drop_copy(path, memfd);
}

/* ---- shellcheck run once for many scripts (maple verify --batch) ---- */

struct sc_batch {
	size_t n;
	json_t **comments; /* per script: its comments (owned), or NULL: no answer, check_shell runs it alone */
};

/* Scripts per shellcheck process: each has its copy open (a memfd) while it runs. */
#define SC_BATCH_FILES 64

/* One shellcheck over the scripts idx[0..m) (all with a #! line, or all without). Any doubt about the
 * answer (shellcheck missing, stopped, an exit status other than 0/1, output that is not its JSON, a file
 * it did not name) leaves their answers NULL: each is then checked alone, as before. */
static void sc_batch_group(struct sc_batch *b, const char *const *texts, const size_t *lens, const size_t *idx,
			   size_t m, bool shebang)
{
	char **paths = xcalloc(m, sizeof(*paths));
	int *memfds = xcalloc(m, sizeof(*memfds));
	const char **argv = xcalloc(SC_NOPTS(shebang) + m + 1, sizeof(*argv));
	memcpy(argv, shebang ? sc_opts_shebang : sc_opts_bash, SC_NOPTS(shebang) * sizeof(*argv));
	size_t made = 0;
	for (; made < m; made++) {
		struct strbuf why = STRBUF_INIT;
		paths[made] = temp_copy(texts[idx[made]], lens[idx[made]], &memfds[made], &why);
		strbuf_release(&why);
		if (!paths[made])
			break;
		argv[SC_NOPTS(shebang) + made] = paths[made];
	}
	if (made == m) {
		struct strbuf out = STRBUF_INIT;
		struct proc_how how;
		int rc = run_capture_timed(argv, &out, m * 4 * 1024 * 1024, check_timeout(), &how);
		json_error_t je;
		json_t *root = rc == 0 || rc == 1 ? json_loadb(out.buf, out.len, 0, &je) : NULL;
		json_t *all = root ? json_object_get(root, "comments") : NULL;
		bool whole = json_is_array(all);
		for (size_t j = 0; whole && j < m; j++)
			b->comments[idx[j]] = json_array();
		size_t i;
		json_t *c;
		json_array_foreach(all, i, c)
		{
			const char *file = json_string_value(json_object_get(c, "file"));
			size_t j = 0;
			while (file && j < m && strcmp(file, paths[j]))
				j++;
			if (!file || j == m) {
				whole = false;
				break;
			}
			json_array_append(b->comments[idx[j]], c);
		}
		if (!whole)
			for (size_t j = 0; j < m; j++) {
				json_decref(b->comments[idx[j]]);
				b->comments[idx[j]] = NULL;
			}
		json_decref(root);
		strbuf_release(&out);
	}
	for (size_t j = 0; j < made; j++)
		drop_copy(paths[j], memfds[j]);
	free(paths);
	free(memfds);
	free(argv);
}

struct sc_batch *sc_batch_run(const char *const *texts, const size_t *lens, size_t n)
{
	struct sc_batch *b = xcalloc(1, sizeof(*b));
	b->n = n;
	b->comments = xcalloc(n ? n : 1, sizeof(*b->comments));
	size_t *idx = xcalloc(n ? n : 1, sizeof(*idx));
	for (int shebang = 1; shebang >= 0; shebang--) {
		size_t m = 0;
		for (size_t i = 0; i <= n; i++) {
			if (m && (i == n || m == SC_BATCH_FILES)) {
				sc_batch_group(b, texts, lens, idx, m, shebang);
				m = 0;
			}
			if (i < n && texts[i] && lens[i] <= SHELLCHECK_MAX_BYTES && has_shebang(texts[i], lens[i]) == shebang)
				idx[m++] = i;
		}
	}
	free(idx);
	return b;
}

/* What shellcheck said of script i in b (borrowed), NULL when b has no answer for it. */
static json_t *sc_batch_comments(const struct sc_batch *b, size_t i)
{
	return b && i < b->n ? b->comments[i] : NULL;
}

void sc_batch_destroy(struct sc_batch *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->n; i++)
		json_decref(b->comments[i]);
	free(b->comments);
	free(b);
}
