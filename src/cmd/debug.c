/* debug.c - `maple debug SCRIPT --log FILE`: diagnoses a failed job from its log with the failure
 * knowledge base (data/kb), shows each cause with its evidence, the fix as a diff and the doc notes
 * that bear on it; --apply writes the best fix (keeping a backup), --json prints it for tools, and
 * an optional LLM is asked when no signature matches. `maple debug --check-kb` validates the data. */
#include "cmd.h"

#include "../debug/debug.h"
#include "../debug/docs.h"
#include "../debug/llm.h"
#include "../request/extract.h"
#include "../script/infer.h"
#include "../util/fsutil.h"
#include "../util/output.h"
#include "../util/proc.h"
#include "../util/termsafe.h"
#include "../util/xalloc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { EXIT_DIAGNOSED = 0, EXIT_UNKNOWN = 1 };
#define MAX_NOTES 3

static const char usage[] = "maple debug [--json] [--cluster ID] [--apply] [--no-llm | --llm] [SCRIPT] --log FILE\n"
			    "       maple debug [--no-llm | --llm] --batch FILE\n"
			    "       maple debug --check-kb";
static const char about[] =
	"Diagnoses a failed training job from its log (and its job script, when given: without one maple\n"
	"knows less, says so, and offers no patch): every failure signature of the knowledge base\n"
	"(data/kb) is matched against the log, the causes are ranked (root causes before the symptoms they\n"
	"explain), and each is shown with its evidence lines, the fix as a unified diff of the script (or\n"
	"advice when the fix cannot be automatic) and the cluster documentation notes that bear on it.\n"
	"--apply writes the best fix into SCRIPT (atomically; the old script is kept as SCRIPT.orig).\n"
	"When nothing matches and MAPLE_LLM_URL is set (an OpenAI-compatible endpoint; MAPLE_LLM_MODEL,\n"
	"MAPLE_LLM_API_KEY, MAPLE_LLM_TIMEOUT), the model is asked; its patch is checked like the KB's.\n"
	"With --batch, FILE (or - for stdin) holds one case per line, `[--cluster ID] [SCRIPT] --log LOG`\n"
	"(blank-separated; blank lines skipped), and the answers come out in the same order, one JSON object\n"
	"a line, as --json prints it; a line that cannot be answered gets {\"line\": N, \"error\": \"...\"}.\n"
	"Exit status: 0 diagnosed, 1 unknown (nothing matched, or only generic symptoms), 2 unreadable input\n"
	"or invalid data (--batch: 0 when every line was answered, 2 when one was not).";

struct run {
	const char *script_path, *log_path;
	struct strbuf script;
	struct jobscript js;
	bool js_ok;
	const struct cluster *cluster;
	bool cluster_inferred;
	struct strbuf cluster_why;
	struct debug_log log;
	struct diagnosis_list dl;
	struct docs *docs;
	struct doc_hit notes[MAX_NOTES];
	size_t nnotes;
	struct debug_context ctx;
	bool ctx_ok;
	struct llm_answer llm;
	bool have_llm;
	char *llm_error;
};

/* ---- output --------------------------------------------------------------------------------- */

static void print_diff(const struct run *r, const struct diagnosis *d, struct strbuf *out)
{
	if (d->patch.applicable)
		unified_diff(r->script.buf, r->script.len, d->patch.text, d->patch.len, r->script_path, 3, out);
}

static void indent_text(const char *prefix, const char *text, size_t width)
{
	/* a simple word wrap */
	size_t col = 0, plen = strlen(prefix);
	const char *p = text;
	fputs(prefix, stdout);
	while (*p) {
		size_t n = strcspn(p, " \n");
		if (col && col + n + 1 > width) {
			printf("\n%*s", (int)plen, "");
			col = 0;
		} else if (col) {
			putchar(' ');
			col++;
		}
		fwrite(p, 1, n, stdout);
		col += n;
		p += n;
		while (*p == ' ' || *p == '\n')
			p++;
	}
	putchar('\n');
}

static void print_evidence(const struct run *r, const struct diagnosis *d, const char *indent)
{
	for (size_t i = 0; i < d->nev; i++)
		term_printf(stdout, "%s%s:%d: %s\n", indent, r->log_path, d->ev[i].line, d->ev[i].text); /* a log's colours shown */
	if (d->nmatches > d->nev)
		printf("%s(%zu matching lines in all)\n", indent, d->nmatches);
}

static void print_human(const struct run *r)
{
	if (r->script_path) {
		printf("%s: ", r->script_path);
		if (r->js_ok && r->js.sched != JS_NONE)
			printf("%s script", sched_kind_name(r->js.sched));
		else
			printf("script");
	} else {
		printf("no job script given");
	}
	if (r->cluster)
		printf(" for %s%s%s%s", r->cluster->id, r->cluster_inferred ? " (inferred from " : "",
		       r->cluster_inferred ? r->cluster_why.buf : "", r->cluster_inferred ? ")" : "");
	printf("; log %s\n", r->log_path);
	if (!r->dl.nr)
		printf("\nno known failure signature matches this log.\n");
	else if (!debug_found_cause(&r->dl))
		printf("\nno known cause: only symptoms matched (below). A symptom (a watchdog timeout, a launcher's\n"
		       "failure summary, an exit code) says that something failed, not why: look for the first error\n"
		       "of the rank or node that failed first (earliest time stamp), or rerun with NCCL_DEBUG=INFO.\n");
	if (!debug_found_cause(&r->dl) && r->llm_error)
		printf("LLM helper: %s\n", r->llm_error);
	for (size_t i = 0; i < r->dl.nr; i++) {
		const struct diagnosis *d = &r->dl.v[i];
		printf("\n%zu. %s [%s]%s%s\n", i + 1, d->id, d->category, d->title ? ": " : "", d->title ? d->title : "");
		if (d->cause)
			indent_text("   cause: ", d->cause, 100);
		if (d->script_line)
			term_printf(stdout, "   script: %s:%d: %s\n", r->script_path, d->script_line, d->script_text);
		if (d->command_line)
			term_printf(stdout, "   command: %s:%d: %s\n", r->log_path, d->command_line, d->command_text);
		if (d->nev) {
			printf("   evidence:\n");
			print_evidence(r, d, "     ");
		}
		for (size_t k = 0; k < d->nsymptoms; k++) {
			const struct diagnosis *s = &d->symptoms[k];
			printf("   consequence: %s [%s] first at %s:%d\n", s->id, s->category, r->log_path, s->first_line);
		}
		if (d->advice)
			indent_text("   advice: ", d->advice, 100);
		if (d->patch.applicable) {
			struct strbuf diff = STRBUF_INIT;
			print_diff(r, d, &diff);
			printf("   fix:\n");
			for (const char *p = diff.buf; *p;) {
				size_t n = strcspn(p, "\n");
				fputs("     ", stdout);
				term_write(stdout, p, n); /* the diff quotes the script's lines */
				fputc('\n', stdout);
				p += n + (p[n] == '\n');
			}
			strbuf_release(&diff);
		} else {
			printf("   no automatic fix: %s\n", d->patch.reason ? d->patch.reason : "none in the knowledge base");
		}
		if (d->source)
			printf("   source: %s\n", d->source);
	}
	for (size_t i = 0; i < r->dl.nhints && i < 3; i++) {
		const struct diagnosis *h = &r->dl.hints[i];
		if (!i)
			printf("\nhints (these apply only where maple cannot tell whether the job was):\n");
		printf("  - if %s: %s [%s]\n", h->hint_if, h->id, h->title ? h->title : "");
		if (h->advice)
			indent_text("    ", h->advice, 100);
		printf("    first at %s:%d; source: %s\n", r->log_path, h->first_line, h->source ? h->source : "");
	}
	if (r->nnotes) {
		printf("\ndoc notes:\n");
		for (size_t i = 0; i < r->nnotes; i++) {
			const struct doc_passage *p = r->notes[i].p;
			printf("  - %s (score %.2f)\n", p->title, r->notes[i].score);
			indent_text("    ", p->text, 100);
			printf("    source: %s\n", p->source);
		}
	}
}

static json_t *diagnosis_json(const struct run *r, const struct diagnosis *d)
{
	json_t *o = json_object();
	json_object_set_new(o, "signature", json_string(d->id));
	json_object_set_new(o, "category", json_string(d->category ? d->category : ""));
	json_object_set_new(o, "cause", json_string(d->cause ? d->cause : ""));
	json_t *ev = json_array();
	for (size_t i = 0; i < d->nev; i++) {
		json_t *e = json_object();
		json_object_set_new(e, "line", json_integer(d->ev[i].line));
		json_object_set_new(e, "text", json_string(d->ev[i].text));
		json_array_append_new(ev, e);
	}
	json_object_set_new(o, "evidence", ev);
	json_t *ops = json_array();
	/* the resolved operations when placeholders could be filled in, else as written */
	const struct patch_op *pv = d->patch.ops && d->patch.applicable ? d->patch.ops : d->ops;
	size_t pn = d->patch.ops && d->patch.applicable ? d->patch.nops : d->nops;
	for (size_t i = 0; i < pn; i++)
		json_array_append_new(ops, patch_op_to_json(&pv[i]));
	json_object_set_new(o, "patch", ops);
	struct strbuf diff = STRBUF_INIT;
	print_diff(r, d, &diff);
	json_object_set_new(o, "diff", json_string(diff.buf));
	strbuf_release(&diff);
	json_object_set_new(o, "applicable", json_boolean(d->patch.applicable));
	json_object_set_new(o, "priority", json_integer(d->priority));
	json_t *sy = json_array();
	for (size_t i = 0; i < d->nsymptoms; i++)
		json_array_append_new(sy, json_string(d->symptoms[i].id));
	json_object_set_new(o, "symptoms", sy);
	if (d->script_line) {
		json_t *sl = json_object();
		json_object_set_new(sl, "line", json_integer(d->script_line));
		json_object_set_new(sl, "text", json_string(d->script_text));
		json_object_set_new(o, "script_line", sl);
	} else {
		json_object_set_new(o, "script_line", json_null());
	}
	if (d->command_line) {
		json_t *cl = json_object();
		json_object_set_new(cl, "line", json_integer(d->command_line));
		json_object_set_new(cl, "text", json_string(d->command_text));
		json_object_set_new(o, "command_line", cl);
	} else {
		json_object_set_new(o, "command_line", json_null());
	}
	return o;
}

static void print_json(const struct run *r, bool compact)
{
	json_t *o = json_object();
	json_object_set_new(o, "status", json_string(debug_found_cause(&r->dl) ? "diagnosed" : "unknown"));
	json_t *a = json_array();
	for (size_t i = 0; i < r->dl.nr; i++)
		json_array_append_new(a, diagnosis_json(r, &r->dl.v[i]));
	json_object_set_new(o, "diagnoses", a);
	json_t *hints = json_array();
	for (size_t i = 0; i < r->dl.nhints; i++) {
		const struct diagnosis *h = &r->dl.hints[i];
		json_t *x = json_object();
		json_object_set_new(x, "signature", json_string(h->id));
		json_object_set_new(x, "if", json_string(h->hint_if));
		json_object_set_new(x, "title", json_string(h->title ? h->title : ""));
		json_object_set_new(x, "advice", json_string(h->advice ? h->advice : ""));
		json_object_set_new(x, "line", json_integer(h->first_line));
		json_array_append_new(hints, x);
	}
	json_object_set_new(o, "hints", hints);
	json_t *notes = json_array();
	for (size_t i = 0; i < r->nnotes; i++) {
		const struct doc_passage *p = r->notes[i].p;
		json_t *n = json_object();
		json_object_set_new(n, "title", json_string(p->title));
		json_object_set_new(n, "source", json_string(p->source));
		json_object_set_new(n, "score", json_real((double)(long)(r->notes[i].score * 1000 + 0.5) / 1000));
		json_object_set_new(n, "text", json_string(p->text));
		json_array_append_new(notes, n);
	}
	json_object_set_new(o, "notes", notes);
	json_print(o, compact);
	json_decref(o);
}

/* ---- steps ---------------------------------------------------------------------------------- */

static void find_notes(struct run *r)
{
	struct strbuf q = STRBUF_INIT;
	if (r->dl.nr) {
		const struct diagnosis *d = &r->dl.v[0];
		for (size_t i = 0; i < d->nev; i++)
			strbuf_addf(&q, "%s\n", d->ev[i].text);
		if (d->title)
			strbuf_addf(&q, "%s\n", d->title);
	} else {
		debug_error_lines(r->log.text, r->log.len, 10, &q);
	}
	if (r->cluster)
		strbuf_addf(&q, "%s\n", r->cluster->id);
	struct strvec launchers = STRVEC_INIT;
	if (r->js_ok)
		debug_script_launchers(&r->js, &launchers);
	for (size_t i = 0; i < launchers.nr; i++)
		strbuf_addf(&q, "%s ", launchers.v[i]);
	strvec_clear(&launchers);
	r->nnotes = docs_search(r->docs, q.buf, r->notes, MAX_NOTES);
	strbuf_release(&q);
}

static void ask_llm(struct run *r, bool forced)
{
	struct llm_config cfg;
	struct maple_error err;
	int c = llm_config_from_env(&cfg, &err);
	if (c == 1) {
		if (forced)
			r->llm_error = xstrdup("--llm needs MAPLE_LLM_URL (an OpenAI-compatible endpoint)");
		return;
	}
	if (c < 0) {
		r->llm_error = xstrdup(err.text);
		return;
	}
	struct strbuf notes = STRBUF_INIT;
	for (size_t i = 0; i < r->nnotes; i++)
		strbuf_addf(&notes, "- %s: %s (%s)\n", r->notes[i].p->title, r->notes[i].p->text, r->notes[i].p->source);
	if (llm_diagnose(&cfg, r->script.buf, r->script.len, r->log.text, r->log.len, notes.buf, &r->llm, &err) < 0) {
		r->llm_error = xstrdup(err.text);
		llm_answer_release(&r->llm);
	} else {
		r->have_llm = true;
		struct diagnosis *d = diagnosis_list_add(&r->dl);
		d->id = "llm";
		d->category = r->llm.category;
		d->title = "suggested by the LLM helper (not from the knowledge base: review it)";
		d->cause = r->llm.cause;
		d->ops = r->llm.ops;
		d->nops = r->llm.nops;
		d->priority = 0;
	}
	strbuf_release(&notes);
	llm_config_release(&cfg);
}

/* The first free backup name: SCRIPT.orig, then SCRIPT.orig.1, ... */
static int apply_best(const struct run *r, bool quiet)
{
	const struct diagnosis *d = debug_found_cause(&r->dl) ? &r->dl.v[0] : NULL;
	if (!d) {
		fprintf(stderr, "maple debug: --apply: nothing to apply (no cause found)\n");
		return 0;
	}
	if (!d->patch.applicable) {
		fprintf(stderr, "maple debug: --apply: %s has no automatic fix: %s\n", d->id,
			d->patch.reason ? d->patch.reason : "none");
		return 0;
	}
	if (!r->script_path || !strcmp(r->script_path, "-")) {
		fprintf(stderr, "maple debug: --apply needs a script file, not standard input\n");
		return -1;
	}
	/* the patched script must still parse */
	if (d->patch.len < 100000) {
		struct strbuf out = STRBUF_INIT;
		const char *argv[] = {"bash", "-n", "-c", d->patch.text, NULL};
		int rc = run_capture(argv, &out, 4096);
		if (rc > 0) {
			fprintf(stderr, "maple debug: --apply: the patched script does not pass bash -n (not written):\n%s\n",
				out.buf);
			strbuf_release(&out);
			return -1;
		}
		strbuf_release(&out);
	}
	struct maple_error err;
	/* refused before the backup is made, so a refused --apply leaves nothing behind */
	if (output_write(r->script_path, NULL, 0, 0, OUTPUT_CHECK_ONLY | OUTPUT_REPLACE, &err) < 0) {
		fprintf(stderr, "maple debug: --apply: %s\n", err.text);
		return -1;
	}
	struct stat st;
	int mode = stat(r->script_path, &st) == 0 ? (int)(st.st_mode & 07777) : 0644;
	char *bak = backup_name(r->script_path);
	if (output_write(bak, r->script.buf, r->script.len, mode, OUTPUT_EXACT_MODE, &err) < 0) {
		fprintf(stderr, "maple debug: --apply: cannot keep a backup: %s\n", err.text);
		free(bak);
		return -1;
	}
	/* the file being patched: replaced in place, its mode kept, never through another user's link */
	if (output_write(r->script_path, d->patch.text, d->patch.len, mode, OUTPUT_REPLACE, &err) < 0) {
		fprintf(stderr, "maple debug: --apply: %s\n", err.text);
		free(bak);
		return -1;
	}
	/* with --json, stdout holds only the JSON object */
	fprintf(quiet ? stderr : stdout, "%sapplied %s: wrote %s (the previous script is %s)\n",
		quiet ? "maple debug: " : "\n", d->id, r->script_path, bak);
	free(bak);
	return 0;
}

/* Whether id is a root or a consequence in dl. */
static bool reported(const struct diagnosis_list *dl, const char *id)
{
	for (size_t i = 0; i < dl->nr; i++) {
		if (!strcmp(dl->v[i].id, id))
			return true;
		for (size_t k = 0; k < dl->v[i].nsymptoms; k++)
			if (!strcmp(dl->v[i].symptoms[k].id, id))
				return true;
	}
	return false;
}

/* The knowledge base's own tests: every signature has a source (the loader insists) and examples
 * (real wordings) that the full matcher recognises where the signature applies; a signature
 * restricted to clusters is never a cause on an unknown machine (its twin case: there the generic
 * signature answers, or maple says unknown, with this one as an "if you are on X" hint). */
static int check_kb(struct kb *kb, const struct docs *docs, const struct repo *repo)
{
	size_t counts[KC_COUNT] = {0}, npat = 0, gated = 0, fixes = 0, advice = 0, ops = 0;
	size_t two = 0, site = 0, bad = 0;
	struct strbuf errs = STRBUF_INIT;
	for (size_t i = 0; i < kb->nsigs; i++) {
		const struct kb_signature *s = &kb->sigs[i];
		counts[s->category]++;
		npat += s->npatterns;
		for (size_t k = 0; k < s->npatterns; k++)
			gated += s->patterns[k].nneedles > 0;
		fixes += s->nfix > 0;
		advice += !s->nfix;
		ops += s->nfix;
		two += s->nexamples >= 2;
		if (!s->source || !*s->source)
			strbuf_addf(&errs, "%s:%d: signature '%s': source: missing\n", s->file, s->line, s->id), bad++;
		if (!s->nexamples) {
			strbuf_addf(&errs, "%s:%d: signature '%s': examples: none (give the real log lines it must recognise)\n",
				    s->file, s->line, s->id);
			bad++;
			continue;
		}
		/* where it applies: its first cluster, scheduler and launchers */
		const struct cluster *c = s->nclusters && repo ? repo_cluster(repo, s->clusters[0]) : NULL;
		struct strvec ls = STRVEC_INIT;
		for (size_t k = 0; k < s->nlaunchers; k++)
			strvec_push(&ls, s->launchers[k]);
		for (size_t e = 0; e < s->nexamples; e++) {
			struct strbuf log = STRBUF_INIT;
			if (s->with_example && !s->with_after) /* the line the signature needs beside its own */
				strbuf_addf(&log, "%s\n", s->with_example);
			strbuf_addf(&log, "%s\n", s->examples[e]);
			if (s->repeat) /* the repeated text must appear twice */
				strbuf_addf(&log, "%s\n", s->examples[e]);
			if (s->with_example && s->with_after) /* ... after it, where with_after wants it */
				strbuf_addf(&log, "%s\n", s->with_example);
			struct maple_error err;
			struct diagnosis_list dl;
			struct debug_target t = {.cluster = c,
						 .scheduler = s->nschedulers ? s->schedulers[0] : (c ? NULL : "slurm"),
						 .launchers = &ls};
			if (!s->script_match) {
				debug_diagnose(kb, log.buf, log.len, &t, &dl, &err);
				if (!reported(&dl, s->id)) {
					strbuf_addf(&errs, "%s:%d: signature '%s': examples[%zu]: not recognised where the signature "
						    "applies\n", s->file, s->line, s->id, e);
					bad++;
				}
				diagnosis_list_release(&dl);
				if (s->without_example) { /* the line that names another cause: it must step aside */
					struct strbuf o = STRBUF_INIT;
					strbuf_addf(&o, "%s\n%s", s->without_example, log.buf);
					debug_diagnose(kb, o.buf, o.len, &t, &dl, &err);
					if (reported(&dl, s->id)) {
						strbuf_addf(&errs, "%s:%d: signature '%s': examples[%zu]: still reported beside "
							    "without_example\n", s->file, s->line, s->id, e);
						bad++;
					}
					diagnosis_list_release(&dl);
					strbuf_release(&o);
				}
			}
			if (s->nclusters) { /* the twin: an unknown machine */
				struct debug_target u = {.js = NULL};
				debug_diagnose(kb, log.buf, log.len, &u, &dl, &err);
				for (size_t k = 0; k < dl.nr; k++)
					if (dl.v[k].sig && dl.v[k].sig->nclusters) {
						strbuf_addf(&errs, "%s:%d: signature '%s': examples[%zu]: on an unknown machine the "
							    "site-specific '%s' answers\n", s->file, s->line, s->id, e, dl.v[k].id);
						bad++;
					}
				diagnosis_list_release(&dl);
			}
			strbuf_release(&log);
		}
		site += s->nclusters > 0;
		strvec_clear(&ls);
	}
	printf("knowledge base: %zu signatures in %zu files, %zu patterns (%zu with needles), %zu context rules\n",
	       kb->nsigs, kb->nfiles, npat, gated, kb->nctx);
	for (int c = 0; c < KC_COUNT; c++)
		printf("  %-14s %zu\n", kb_category_name((enum kb_category)c), counts[c]);
	printf("fixes: %zu signatures with automatic fixes (%zu operations), %zu with advice only\n", fixes, ops, advice);
	printf("examples: every signature has some, %zu have two or more wordings; %zu site-specific signatures "
	       "checked on an unknown machine\n", two, site);
	printf("doc notes: %zu passages\n", docs_count(docs));
	if (bad) {
		fprintf(stderr, "maple debug: --check-kb: %zu problems:\n%s", bad, errs.buf);
		strbuf_release(&errs);
		return EXIT_ERROR;
	}
	strbuf_release(&errs);
	printf("ok\n");
	return EXIT_OK;
}

static void run_release(struct run *r)
{
	strbuf_release(&r->script);
	if (r->js_ok)
		jobscript_release(&r->js);
	strbuf_release(&r->cluster_why);
	debug_log_release(&r->log);
	diagnosis_list_release(&r->dl);
	if (r->ctx_ok)
		debug_context_release(&r->ctx);
	docs_destroy(r->docs);
	if (r->have_llm)
		llm_answer_release(&r->llm);
	free(r->llm_error);
}

/* ---- one case ------------------------------------------------------------------------------ */

/* Diagnoses one case into r (set up by run_init, empty): the job script (NULL: none, "-": stdin), the log
 * ("-": stdin), the cluster id (NULL: inferred from the script or the log); the patches are built, the
 * LLM asked as the flags say. Returns 0, or -1 with the reason in why (r is released by the caller). */
static int diagnose_one(const struct kb *kb, const struct repo *repo, struct run *r, const char *script_path,
			const char *log_path, const char *cluster_id, bool no_llm, bool force_llm, struct strbuf *why)
{
	struct maple_error err;
	r->script_path = script_path;
	r->log_path = log_path;
	if (cluster_id) {
		r->cluster = match_cluster_name(repo, cluster_id);
		if (!r->cluster) {
			strbuf_adds(why, "--cluster: ");
			unknown_cluster_message(repo, cluster_id, why);
			return -1;
		}
	}
	if (script_path && !strcmp(script_path, "-") && !strcmp(log_path, "-")) {
		strbuf_adds(why, "the script and the log cannot both come from standard input");
		return -1;
	}
	if (script_path) {
		int rc = strcmp(script_path, "-") ? read_file(script_path, &r->script, MAX_SCRIPT_BYTES, &err)
						  : read_stream(0, &r->script, MAX_SCRIPT_BYTES, &err);
		if (rc < 0) {
			strbuf_adds(why, err.text);
			return -1;
		}
		if (jobscript_parse(r->script.buf, r->script.len, &r->js, &err) < 0) {
			strbuf_addf(why, "%s: %s", script_path, err.text);
			return -1;
		}
		r->js_ok = true;
		if (!r->cluster) {
			r->cluster = infer_cluster(repo, &r->js, &r->cluster_why);
			r->cluster_inferred = r->cluster != NULL;
		}
	}
	debug_log_release(&r->log);
	if (debug_log_read(log_path, DEBUG_MAX_LOG, &r->log, &err) < 0) {
		strbuf_adds(why, err.text);
		return -1;
	}
	debug_log_context(kb, repo, r->log.text, r->log.len, &r->ctx);
	r->ctx_ok = true;
	if (!r->cluster && r->ctx.cluster) {
		r->cluster = r->ctx.cluster;
		r->cluster_inferred = true;
		strbuf_reset(&r->cluster_why);
		strbuf_addf(&r->cluster_why, "the log: %s", r->ctx.why.buf);
	}
	struct debug_target t = {.js = r->js_ok ? &r->js : NULL,
				 .cluster = r->cluster,
				 .script = r->js_ok ? r->script.buf : NULL,
				 .script_len = r->js_ok ? r->script.len : 0,
				 .scheduler = r->ctx.scheduler,
				 .launchers = &r->ctx.launchers};
	diagnosis_list_release(&r->dl);
	diagnosis_list_init(&r->dl);
	if (debug_diagnose(kb, r->log.text, r->log.len, &t, &r->dl, &err) < 0) {
		strbuf_adds(why, err.text);
		return -1;
	}
	find_notes(r);
	if (!no_llm && (force_llm || !debug_found_cause(&r->dl)) && (force_llm || getenv("MAPLE_LLM_URL")))
		ask_llm(r, force_llm);
	if (!r->js_ok) {
		for (size_t i = 0; i < r->dl.nr; i++) {
			struct diagnosis *d = &r->dl.v[i];
			patch_result_release(&d->patch);
			patch_result_init(&d->patch);
			d->patch.reason = xstrdup(d->nops ? "no job script was given (give it to get the fix as a patch)"
							  : d->advice ? "the fix needs a person: see the advice"
								      : "the knowledge base has no fix for it");
			d->patched = true;
		}
	} else if (debug_build_patches(&r->dl, r->script.buf, r->script.len, r->cluster, &err) < 0) {
		strbuf_addf(why, "%s: %s", script_path, err.text);
		return -1;
	}
	return 0;
}

static void run_init(struct run *r, struct docs *docs)
{
	memset(r, 0, sizeof(*r));
	strbuf_init(&r->script);
	strbuf_init(&r->cluster_why);
	diagnosis_list_init(&r->dl);
	debug_log_from_memory("", 0, &r->log);
	r->docs = docs;
}

/* ---- --batch: many cases in one process (the KB, clusters and doc notes loaded once) ---------- */

/* maple debug --batch FILE: one case per line, one JSON object per line out, in order. */
static int debug_batch(const char *file, const struct kb *kb, const struct repo *repo, struct run *r, bool no_llm,
		       bool force_llm)
{
	FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
	if (!f) {
		fprintf(stderr, "maple debug: cannot read the batch file '%s': %s\n", file, strerror(errno));
		return EXIT_ERROR;
	}
	struct docs *docs = r->docs;
	int worst = EXIT_OK;
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	long lineno = 0;
	struct strbuf why = STRBUF_INIT;
	while ((got = getline(&line, &cap, f)) >= 0) {
		lineno++;
		while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r'))
			line[--got] = '\0';
		if (strspn(line, " \t") == (size_t)got)
			continue; /* blank (a NUL byte is no blank: debug_batch_line says so) */
		const char *script, *log, *cluster;
		strbuf_reset(&why);
		r->docs = NULL;
		run_release(r);
		run_init(r, docs);
		if (debug_batch_line(line, (size_t)got, &script, &log, &cluster, &why) < 0 ||
		    diagnose_one(kb, repo, r, script, log, cluster, no_llm, force_llm, &why) < 0) {
			json_t *o = json_object();
			json_object_set_new(o, "line", json_integer(lineno));
			json_object_set_new(o, "error", json_text(why.buf)); /* a path not UTF-8: kept, not dropped */
			json_print(o, true);
			json_decref(o);
			worst = EXIT_ERROR;
		} else {
			if (r->llm_error)
				fprintf(stderr, "maple debug: %s:%ld: LLM helper: %s (continuing without it)\n", file, lineno,
					r->llm_error);
			print_json(r, true);
		}
		if (output_stdout_failed())
			break;
	}
	if (ferror(f)) {
		fprintf(stderr, "maple debug: reading the batch file '%s' failed: %s (the output stops there)\n", file,
			strerror(errno));
		worst = EXIT_ERROR;
	}
	strbuf_release(&why);
	free(line);
	if (f != stdin)
		fclose(f);
	output_flush_stdout();
	return worst;
}

int cmd_debug(int argc, char **argv)
{
	bool json = false, apply = false, no_llm = false, force_llm = false, check = false;
	const char *cluster_id = NULL, *data_dir = NULL, *log_path = NULL, *batch = NULL;
	const struct opt opts[] = {
		{0, "log", OPT_STRING, "FILE", "the job's log (its stdout/stderr file; '-' = standard input)", &log_path},
		{0, "cluster", OPT_STRING, "ID", "the cluster the job ran on (default: inferred from the script)",
		 &cluster_id},
		{0, "apply", OPT_FLAG, NULL, "write the best fix into SCRIPT (backup kept as SCRIPT.orig)", &apply},
		{0, "json", OPT_FLAG, NULL, "print one JSON object (status, diagnoses, notes)", &json},
		{0, "no-llm", OPT_FLAG, NULL, "never ask the LLM helper", &no_llm},
		{0, "llm", OPT_FLAG, NULL, "ask the LLM helper even when a signature matched", &force_llm},
		{0, "batch", OPT_STRING, "FILE", "one case per line ([--cluster ID] [SCRIPT] --log LOG), one JSON object per line out",
		 &batch},
		{0, "check-kb", OPT_FLAG, NULL, "validate the knowledge base and doc notes, print counts", &check},
		{0, "data-dir", OPT_STRING, "DIR", "extra data directory (clusters/, kb/, docs/)", &data_dir},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec rest = STRVEC_INIT;
	int pr = opts_parse_files(argc, argv, opts, usage, about, &rest);
	if (pr) {
		strvec_clear(&rest);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	if (check && rest.nr) { /* 7c68541 ignored the word and checked, exit 0 */
		fprintf(stderr, "maple debug: --check-kb takes no script or log (unexpected '%s')\nusage: %s\n", rest.v[0],
			usage);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	if (batch && (check || apply || rest.nr || log_path || cluster_id)) {
		fprintf(stderr,
			"maple debug: --batch takes its cases from FILE (each line: [--cluster ID] [SCRIPT] --log LOG);"
			" give no script, --log, --cluster, --apply or --check-kb beside it\nusage: %s\n",
			usage);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	if (!check && !batch && (rest.nr > 1 || !log_path)) {
		fprintf(stderr, "maple debug: give --log FILE (and the job script, when there is one)\nusage: %s\n", usage);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	if (no_llm && force_llm) {
		fprintf(stderr, "maple debug: --llm and --no-llm contradict each other\n");
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	struct repo *repo = open_repo(data_dir);
	if (!repo) {
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	struct strvec dirs = STRVEC_INIT;
	repo_default_dirs(&dirs, data_dir);
	struct maple_error err;
	struct kb *kb = kb_load(&dirs, repo, &err);
	struct run r;
	run_init(&r, NULL);
	int rc = EXIT_ERROR;
	if (!kb) {
		fprintf(stderr, "maple debug: invalid knowledge base (data/kb):\n%s\n", err.text);
		data_error_hint(err.text);
		goto out;
	}
	r.docs = docs_load(&dirs, &err);
	if (!r.docs) {
		fprintf(stderr, "maple debug: invalid doc notes (data/docs):\n%s\n", err.text);
		data_error_hint(err.text);
		goto out;
	}
	if (check) {
		rc = check_kb(kb, r.docs, repo);
		goto out;
	}
	if (batch) {
		rc = debug_batch(batch, kb, repo, &r, no_llm, force_llm);
		goto out;
	}
	struct strbuf why = STRBUF_INIT;
	if (diagnose_one(kb, repo, &r, rest.nr ? rest.v[0] : NULL, log_path, cluster_id, no_llm, force_llm, &why) < 0) {
		fprintf(stderr, "maple debug: %s\n", why.buf);
		strbuf_release(&why);
		goto out;
	}
	strbuf_release(&why);
	if (r.llm_error)
		fprintf(stderr, "maple debug: LLM helper: %s (continuing without it)\n", r.llm_error);
	if (json)
		print_json(&r, false);
	else
		print_human(&r);
	output_flush_stdout();
	rc = debug_found_cause(&r.dl) ? EXIT_DIAGNOSED : EXIT_UNKNOWN;
	if (apply && apply_best(&r, json) < 0)
		rc = EXIT_ERROR;
out:
	run_release(&r);
	kb_destroy(kb);
	strvec_clear(&dirs);
	repo_destroy(repo);
	strvec_clear(&rest);
	return rc;
}
