/* checks_shell.c - checks on the script as a file and as shell: line endings, the #! line the
 * schedulers insist on, quotes and heredocs left open, `bash -n`, and shellcheck when installed. */
#include "checks.h"

#include "../util/proc.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SHELLCHECK_MAX_BYTES (1024 * 1024)

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

/* Writes text to a private temporary file; returns its path (caller unlinks and frees) or NULL. */
static char *temp_copy(const char *text, size_t len)
{
	const char *dir = getenv("TMPDIR");
	struct strbuf path = STRBUF_INIT;
	strbuf_addf(&path, "%s/maple-verify-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(path.buf);
	if (fd < 0) {
		strbuf_release(&path);
		return NULL;
	}
	size_t off = 0;
	while (off < len) {
		ssize_t n = write(fd, text + off, len - off);
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	close(fd);
	if (off < len) {
		unlink(path.buf);
		strbuf_release(&path);
		return NULL;
	}
	return strbuf_detach(&path);
}

static void bash_n(struct vctx *x, const char *path)
{
	struct strbuf out = STRBUF_INIT;
	const char *argv[] = {"bash", "-n", path, NULL};
	int rc = run_capture(argv, &out, 64 * 1024);
	if (rc > 0 && rc != 127) {
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

static void shellcheck(struct vctx *x, const char *path, bool has_shebang)
{
	struct strbuf out = STRBUF_INIT;
	const char *with_dialect[] = {"shellcheck", "-f", "json1", "-S", "warning", "-s", "bash", path, NULL};
	const char *plain[] = {"shellcheck", "-f", "json1", "-S", "warning", path, NULL};
	const char *const *argv = has_shebang ? plain : with_dialect;
	int rc = run_capture(argv, &out, 4 * 1024 * 1024);
	if (rc < 0 || rc == 127 || rc > 1) {
		strbuf_release(&out);
		return; /* not installed, or it could not check the file: nothing to report */
	}
	json_error_t je;
	json_t *root = json_loadb(out.buf, out.len, 0, &je);
	json_t *comments = root ? json_object_get(root, "comments") : NULL;
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
		enum severity sev = !strcmp(level, "error") ? SEV_ERROR : SEV_WARNING;
		char fix[96];
		snprintf(fix, sizeof(fix), "see https://www.shellcheck.net/wiki/SC%d", code);
		/* report() keeps one finding per id and line: fold the code into the id's message */
		report(x, "shellcheck", sev, line, col, endline == line && endcol > col ? endcol - col : 0, fix, "SC%d: %s",
		       code, msg);
		n++;
	}
	json_decref(root);
	strbuf_release(&out);
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
	bool shebang = len > 2 && text[0] == '#' && text[1] == '!';
	if (!shebang && (js->sched == JS_SLURM || (js->sched == JS_NONE && x->c && x->c->scheduler == SCHED_SLURM)))
		report(x, "shebang-missing", SEV_ERROR, 1, 0, 0, "make the first line #!/bin/bash",
		       "the first line is not #!/path/to/shell: sbatch refuses such a script and the shell to run it is "
		       "unknown");
	problems(x);
	if (!o || (!o->bash_n && !o->shellcheck))
		return;
	char *path = temp_copy(text, len);
	if (!path)
		return;
	if (o->bash_n)
		bash_n(x, path);
	if (o->shellcheck && len <= SHELLCHECK_MAX_BYTES)
		shellcheck(x, path, shebang);
	else if (o->shellcheck)
		report(x, "shellcheck", SEV_INFO, 0, 0, 0, "", "shellcheck skipped: the script is larger than 1 MB");
	unlink(path);
	free(path);
}
