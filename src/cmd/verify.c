/* verify.c - `maple verify SCRIPT`: static verification of a job script, printed for people
 * (grouped by severity, the offending line with a caret) or as JSON for tools; --batch FILE verifies many
 * scripts in one process (one shellcheck for many). */
#include "cmd.h"

#include "../util/fsutil.h"
#include "../util/num.h"
#include "../util/output.h"
#include "../util/termsafe.h"
#include "../util/xalloc.h"

#include "../request/extract.h"
#include "../run/runverify.h"
#include "../verify/verify.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
	"maple verify [--json] [--cluster ID] [--no-tools] [--run local|submit [--timeout S] [--workdir DIR] [--force]] "
	"SCRIPT\n"
	"       maple verify [--json] [--no-tools] --batch FILE";
static const char about[] =
	"Checks a job script without a scheduler: directive syntax, node and rank counts between header,\n"
	"launcher and cluster, queue limits, required and rejected options, rendezvous variables, per-task\n"
	"node ranks, bash -n and shellcheck. The cluster comes from --cluster or from the script's evidence\n"
	"(fingerprints such as file system paths, queue names, modules, the cluster's name).\n"
	"With --run, it then proves the script works: a copy in which only the training program is replaced\n"
	"by maple's mini-app (one step of a tiny GPT-2 model, an all-reduce and an all-gather, checked against a\n"
	"single-process reference) is submitted (sbatch/qsub) or run inside the current allocation (local),\n"
	"polled with a deadline (cancelled with scancel/qdel on timeout or Ctrl-C), and the ranks' reports are\n"
	"compared with the allocation: world size, nodes, ranks per node, unique local ranks and devices.\n"
	"With --batch, FILE (or - for stdin) names one script per line, its path, after `--cluster ID` for a\n"
	"script whose cluster is given: each is verified as alone (--json: one object per line, with its \"file\",\n"
	"or {\"file\", \"error\"} for one that cannot be read), with one shellcheck process for many scripts.\n"
	"Exit status: 0 no error finding (--run: the mini-app passed), 1 error findings (--run: it did not\n"
	"pass), 2 unreadable input or nothing could be started (--batch: the worst of its scripts).";

static volatile sig_atomic_t stop_requested;
static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

/* maple verify --run: the verification run, printed or as JSON; returns the exit code. */
int verify_run(const char *path, const char *text, size_t len, const struct repo *repo, const struct cluster *c,
	       const char *where, const char *timeout, const char *workdir, const char *mode, bool force, FILE *out,
	       json_t **json)
{
	struct runverify_opts ro = {RUN_SUBMIT, 900, workdir, force, c, mode, &stop_requested};
	if (!strcmp(where, "local"))
		ro.where = RUN_LOCAL;
	else if (strcmp(where, "submit")) {
		fprintf(stderr, "maple verify: --run takes 'local' (inside an allocation) or 'submit' (sbatch/qsub), not '%s'\n",
			where);
		return EXIT_ERROR;
	}
	if (timeout) {
		struct maple_error nerr;
		long t;
		if (num_parse_long(timeout, 1, 7 * 24 * 3600, &t, "--timeout (seconds)", &nerr) < 0) {
			fprintf(stderr, "maple verify: %s\n", nerr.text);
			return EXIT_ERROR;
		}
		ro.timeout_s = (int)t;
	}
	struct sigaction sa = {0}, old_int, old_term;
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	struct run_report rep;
	struct maple_error err;
	int rc;
	if (runverify(path, text, len, repo, &ro, &rep, &err) < 0) {
		fprintf(stderr, "maple verify: %s: %s\n", path, err.text);
		rc = EXIT_ERROR;
	} else {
		if (json)
			*json = run_report_json(&rep);
		else
			run_report_print(out, &rep);
		rc = rep.verdict == RV_PASS ? EXIT_OK : EXIT_FINDINGS;
	}
	run_report_release(&rep);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	return rc;
}

/* Prints the source line and a caret under the offending text. */
static void show_line(FILE *f, const struct jobscript *js, const struct finding *fd, bool color)
{
	if (fd->line < 1 || (size_t)fd->line > js->lines.nr)
		return;
	const char *l = js->lines.v[fd->line - 1];
	size_t len = strlen(l);
	size_t start = 0, width = 150;
	int col = fd->col > 0 ? fd->col - 1 : -1;
	if (col > 100)
		start = (size_t)col - 60;
	if (start > len)
		start = len;
	size_t shown = len - start > width ? width : len - start;
	fprintf(f, "  %5d | %s", fd->line, start ? "..." : "");
	term_write(f, l + start, shown); /* a control byte is shown as two characters (^[) */
	fprintf(f, "%s\n", start + shown < len ? "..." : "");
	if (col >= 0 && (size_t)col <= len) {
		fprintf(f, "        | %s", start ? "   " : "");
		for (size_t i = start; i < (size_t)col; i++) {
			unsigned char b = (unsigned char)l[i];
			fputs(b == '\t' ? "\t" : (b < 0x20 || b == 0x7f) ? "  " : " ", f);
		}
		fprintf(f, "%s^", color ? "\033[1;32m" : "");
		int span = fd->span > 1 ? fd->span - 1 : 0;
		if ((size_t)col + (size_t)span > start + shown)
			span = (int)(start + shown - (size_t)col) - 1;
		for (int i = 0; i < span && i < 150; i++)
			fputc('~', f);
		fprintf(f, "%s\n", color ? "\033[0m" : "");
	}
}

static void print_human(const char *path, const struct verify_result *r)
{
	bool color = isatty(1) && !getenv("NO_COLOR");
	const struct jobscript *js = &r->sr.js;
	printf("%s: %s script", path, js->sched ? sched_kind_name(js->sched) : "shell (no scheduler directives)");
	if (r->cluster && r->cluster_inferred)
		printf(" for %s (inferred from %s)\n", r->cluster->id, r->sr.cluster_why.buf);
	else if (r->cluster)
		printf(" for %s\n", r->cluster->id);
	else
		printf(", cluster not recognised\n");
	static const char *const titles[] = {"errors", "warnings", "notes"};
	for (int sev = SEV_ERROR; sev <= SEV_INFO; sev++) {
		size_t n = 0;
		for (size_t i = 0; i < r->nfindings; i++)
			n += r->findings[i].sev == (enum severity)sev;
		if (!n)
			continue;
		printf("\n%s (%zu):\n", titles[sev], n);
		for (size_t i = 0; i < r->nfindings; i++) {
			const struct finding *f = &r->findings[i];
			if (f->sev != (enum severity)sev)
				continue;
			const char *c1 = !color ? "" : sev == SEV_ERROR ? "\033[1;31m" : sev == SEV_WARNING ? "\033[1;35m" : "\033[1;36m";
			/* the path, message and fix quote the script's text: its control bytes are shown (termsafe.h) */
			term_puts(stdout, path);
			if (f->line > 0 && f->col > 0)
				printf(":%d:%d", f->line, f->col);
			else if (f->line > 0)
				printf(":%d", f->line);
			printf(": %s%s%s [%s] ", c1, severity_name(f->sev), color ? "\033[0m" : "", f->id);
			term_printf(stdout, "%s\n", f->message);
			output_flush_stdout();
			show_line(stdout, js, f, color);
			if (f->fix && *f->fix)
				term_printf(stdout, "        = fix: %s\n", f->fix);
		}
	}
	printf("\n%d error%s, %d warning%s\n", r->nerrors, r->nerrors == 1 ? "" : "s", r->nwarnings,
	       r->nwarnings == 1 ? "" : "s");
}

json_t *verify_json(const struct verify_result *r, const struct request *req)
{
	json_t *o = json_object();
	json_object_set_new(o, "cluster", json_str_or_null(r->cluster ? r->cluster->id : NULL));
	json_object_set_new(o, "cluster_inferred_from",
			    r->cluster_inferred ? json_string(r->sr.cluster_why.buf) : json_null());
	json_object_set_new(o, "scheduler",
			    r->sr.js.sched ? json_string(sched_kind_name(r->sr.js.sched)) : json_null());
	json_object_set_new(o, "request", request_json(req));
	json_t *fa = json_array();
	for (size_t i = 0; i < r->nfindings; i++) {
		const struct finding *f = &r->findings[i];
		json_t *fj = json_object();
		json_object_set_new(fj, "id", json_string(f->id));
		json_object_set_new(fj, "severity", json_string(severity_name(f->sev)));
		json_object_set_new(fj, "line", json_integer(f->line));
		if (f->col > 0)
			json_object_set_new(fj, "column", json_integer(f->col));
		json_object_set_new(fj, "message", json_string(f->message));
		json_object_set_new(fj, "fix", json_string(f->fix ? f->fix : ""));
		json_array_append_new(fa, fj);
	}
	json_object_set_new(o, "findings", fa);
	return o;
}

/* ---- --batch: many scripts in one process, one shellcheck for many of them ---- */

struct batch_item {
	char *path;		  /* owned */
	const struct cluster *c;  /* the line's --cluster, else the command line's (NULL: inferred) */
	struct strbuf text;
	char *error;		  /* owned: why the script cannot be verified, or NULL */
};

/* Scripts read, shellchecked together and then verified one by one. */
#define BATCH_CHUNK 64

/* Reads a batch line (len bytes), "[--cluster ID | --cluster=ID] PATH", and the script it names. */
static void batch_item_read(const struct repo *repo, const struct cluster *dflt, const char *line, size_t len,
			    struct batch_item *it)
{
	memset(it, 0, sizeof(*it));
	strbuf_init(&it->text);
	it->c = dflt;
	if (memchr(line, '\0', len)) { /* the words after it would be lost without a word */
		it->path = xstrdup(line);
		it->error = xstrdup("the line holds a NUL byte: a batch file is text, one [--cluster ID] PATH a line");
		return;
	}
	const char *p = line;
	char *id = NULL;
	if (!strncmp(p, "--cluster", 9) && (!p[9] || p[9] == '=' || p[9] == ' ' || p[9] == '\t')) {
		p += p[9] ? 10 : 9;
		while (*p == ' ' || *p == '\t')
			p++;
		size_t n = strcspn(p, " \t");
		id = xstrndup(p, n);
		p += n;
		while (*p == ' ' || *p == '\t')
			p++;
	}
	it->path = xstrdup(p);
	struct strbuf sb = STRBUF_INIT;
	struct maple_error err;
	if (id && !*id) {
		strbuf_adds(&sb, "--cluster needs a cluster id before the script's path ('--cluster perlmutter job.sh')");
	} else if (!*it->path) {
		strbuf_addf(&sb, "the line '%s' names no script: write its path (after --cluster ID when given)", line);
	} else if (id && !(it->c = match_cluster_name(repo, id))) {
		strbuf_adds(&sb, "--cluster: ");
		unknown_cluster_message(repo, id, &sb);
	} else if (read_file(it->path, &it->text, MAX_SCRIPT_BYTES, &err) < 0) {
		strbuf_adds(&sb, err.text);
	}
	if (sb.len)
		it->error = strbuf_detach(&sb);
	strbuf_release(&sb);
	free(id);
}

static void batch_item_release(struct batch_item *it)
{
	free(it->path);
	free(it->error);
	strbuf_release(&it->text);
}

/* Verifies and prints items[0..n), shellcheck run once ahead for all of them; returns the worst exit code. */
static int batch_chunk(const struct repo *repo, struct batch_item *items, size_t n, bool json, bool no_tools,
		       bool *first)
{
	int worst = EXIT_OK;
	struct sc_batch *sc = NULL;
	if (!no_tools) {
		const char **texts = xcalloc(n, sizeof(*texts));
		size_t *lens = xcalloc(n, sizeof(*lens));
		for (size_t i = 0; i < n; i++)
			if (!items[i].error) {
				texts[i] = items[i].text.buf;
				lens[i] = items[i].text.len;
			}
		sc = sc_batch_run(texts, lens, n);
		free(texts);
		free(lens);
	}
	for (size_t i = 0; i < n; i++) {
		struct batch_item *it = &items[i];
		struct verify_result r;
		struct maple_error err;
		char *dir = it->error ? NULL : script_dir_of(it->path);
		struct verify_opts vo = {.bash_n = !no_tools, .shellcheck = !no_tools, .sc = sc, .sc_index = i};
		if (!it->error && verify_script(it->text.buf, it->text.len, dir, repo, it->c, &vo, &r, &err) < 0) {
			struct strbuf sb = STRBUF_INIT;
			strbuf_adds(&sb, err.text);
			it->error = strbuf_detach(&sb);
		} else if (!it->error) {
			struct request req;
			request_init(&req);
			script_to_request(&r.sr, &req);
			if (json) {
				json_t *o = json_object(), *v = verify_json(&r, &req);
				json_object_set_new(o, "file", json_text(it->path));
				json_object_update(o, v);
				json_print(o, true);
				json_decref(v);
				json_decref(o);
			} else {
				if (!*first)
					putchar('\n');
				print_human(it->path, &r);
			}
			*first = false;
			request_release(&req);
			if (r.nerrors && worst == EXIT_OK)
				worst = EXIT_FINDINGS;
			verify_result_release(&r);
		}
		free(dir);
		if (it->error) {
			if (json) {
				json_t *o = json_object();
				json_object_set_new(o, "file", json_text(it->path));
				json_object_set_new(o, "error", json_text(it->error));
				json_print(o, true);
				json_decref(o);
			} else {
				fprintf(stderr, "maple verify: %s: %s\n", it->path, it->error);
			}
			worst = EXIT_ERROR;
		}
		if (output_stdout_failed())
			break; /* the output is lost anyway: main reports it */
	}
	sc_batch_destroy(sc);
	return worst;
}

/* maple verify --batch FILE: one script per line (blank lines skipped), in order. */
static int verify_batch(const char *file, const struct repo *repo, const struct cluster *dflt, bool json,
			bool no_tools)
{
	FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
	if (!f) {
		fprintf(stderr, "maple verify: cannot read the batch file '%s': %s\n", file, strerror(errno));
		return EXIT_ERROR;
	}
	struct batch_item items[BATCH_CHUNK];
	size_t n = 0;
	int worst = EXIT_OK;
	bool first = true;
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	for (;;) {
		got = getline(&line, &cap, f);
		if (got >= 0) {
			while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
				line[--got] = '\0';
			if (strspn(line, " \t") == (size_t)got)
				continue; /* blank (a NUL byte is no blank: batch_item_read says so) */
			batch_item_read(repo, dflt, line, (size_t)got, &items[n++]);
		}
		if (n && (n == BATCH_CHUNK || got < 0)) {
			int rc = batch_chunk(repo, items, n, json, no_tools, &first);
			for (size_t i = 0; i < n; i++)
				batch_item_release(&items[i]);
			n = 0;
			if (rc > worst)
				worst = rc;
			if (output_stdout_failed())
				break;
		}
		if (got < 0)
			break;
	}
	if (ferror(f)) {
		fprintf(stderr, "maple verify: reading the batch file '%s' failed: %s (the output stops there)\n", file,
			strerror(errno));
		worst = EXIT_ERROR;
	}
	free(line);
	if (f != stdin)
		fclose(f);
	return worst;
}

int cmd_verify(int argc, char **argv)
{
	bool json = false, no_tools = false, force = false;
	const char *cluster_id = NULL, *data_dir = NULL, *run = NULL, *timeout = NULL, *workdir = NULL, *mode = NULL,
		   *batch = NULL;
	const struct opt opts[] = {
		{0, "json", OPT_FLAG, NULL, "print one JSON object (cluster, scheduler, request, findings)", &json},
		{0, "cluster", OPT_STRING, "ID", "the cluster the script is for (default: inferred from the script)",
		 &cluster_id},
		{0, "no-tools", OPT_FLAG, NULL, "skip the external checks (bash -n, shellcheck)", &no_tools},
		{0, "data-dir", OPT_STRING, "DIR", "extra directory of cluster profiles and templates", &data_dir},
		{0, "run", OPT_STRING, "WHERE", "also run the mini-app: 'submit' (sbatch/qsub) or 'local' (in this allocation)",
		 &run},
		{0, "timeout", OPT_STRING, "S", "--run: give up (and cancel the job) after S seconds (default 900)", &timeout},
		{0, "workdir", OPT_STRING, "DIR", "--run: where the copy and outputs go (default: .maple-verify/ by the script)",
		 &workdir},
		{0, "force", OPT_FLAG, NULL, "--run: run even when static verification finds errors", &force},
		{0, "mode", OPT_STRING, "M", "--run: mini-app mode ddp|fsdp|deepspeed|accelerate (default: from the script)",
		 &mode},
		{0, "batch", OPT_STRING, "FILE", "one script per line in ('[--cluster ID] PATH'; '-' = stdin), each verified",
		 &batch},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec rest = STRVEC_INIT;
	int pr = opts_parse_files(argc, argv, opts, usage, about, &rest);
	if (pr) {
		strvec_clear(&rest);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	if (batch && (rest.nr || run || timeout || workdir || force || mode)) {
		fprintf(stderr, "maple verify: --batch takes its scripts from the file, and --run (with its --timeout, "
				"--workdir, --mode, --force) verifies one script: give either\nusage: %s\n",
			usage);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	if (!batch && rest.nr != 1) {
		fprintf(stderr, "maple verify: give one script (or '-' for stdin)\nusage: %s\n", usage);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	const char *path = batch ? NULL : rest.v[0];
	if (batch && strcmp(batch, "-") && is_directory(batch)) {
		fprintf(stderr, "maple verify: --batch '%s' is a directory: give a file with one script per line\n", batch);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	struct repo *repo = open_repo(data_dir);
	if (!repo) {
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	const struct cluster *c = NULL;
	if (cluster_id) {
		c = match_cluster_name(repo, cluster_id);
		if (!c) {
			struct strbuf sb = STRBUF_INIT;
			unknown_cluster_message(repo, cluster_id, &sb);
			fprintf(stderr, "maple verify: --cluster: %s\n", sb.buf);
			strbuf_release(&sb);
			repo_destroy(repo);
			strvec_clear(&rest);
			return EXIT_ERROR;
		}
	}
	int rc;
	if (batch) {
		rc = verify_batch(batch, repo, c, json, no_tools);
		repo_destroy(repo);
		strvec_clear(&rest);
		return rc;
	}
	struct strbuf text = STRBUF_INIT;
	if (read_script_file(path, &text) < 0) {
		strbuf_release(&text);
		repo_destroy(repo);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	if (run) {
		json_t *j = NULL;
		rc = verify_run(path, text.buf, text.len, repo, c, run, timeout, workdir, mode, force, stdout, json ? &j : NULL);
		if (j) {
			json_print(j, false);
			json_decref(j);
		}
		strbuf_release(&text);
		repo_destroy(repo);
		strvec_clear(&rest);
		return rc;
	}
	if (timeout || workdir || force || mode) {
		fprintf(stderr, "maple verify: --timeout, --workdir, --mode and --force go with --run\n");
		strbuf_release(&text);
		repo_destroy(repo);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	char *dir = script_dir_of(path);
	struct verify_opts vo = {.bash_n = !no_tools, .shellcheck = !no_tools};
	struct verify_result r;
	struct maple_error err;
	if (verify_script(text.buf, text.len, dir, repo, c, &vo, &r, &err) < 0) {
		fprintf(stderr, "maple verify: %s: %s\n", path, err.text);
		rc = EXIT_ERROR;
	} else {
		struct request req;
		request_init(&req);
		script_to_request(&r.sr, &req);
		if (json) {
			json_t *o = verify_json(&r, &req);
			json_print(o, false);
			json_decref(o);
		} else {
			print_human(path, &r);
		}
		request_release(&req);
		rc = r.nerrors ? EXIT_FINDINGS : EXIT_OK;
		verify_result_release(&r);
	}
	free(dir);
	strbuf_release(&text);
	repo_destroy(repo);
	strvec_clear(&rest);
	return rc;
}
