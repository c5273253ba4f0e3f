/* fuzz_debug.c - `maple debug`'s readers: the input is a job log, or a job script and after a line
 * "---8<---" its log. The log is cleaned, its context read (scheduler, launchers, cluster), every
 * signature of the knowledge base matched, each diagnosis's patch built on the script and shown as a
 * diff, and fingerprinted as the repair loop does; with no cluster or one picked by the input's length.
 * Every line of the input is also split as a `maple debug --batch` line (debug_batch_line). */
#include "fuzz.h"

#include "debug/debug.h"
#include "debug/kb.h"
#include "debug/patch.h"
#include "script/jobscript.h"
#include "util/xalloc.h"

static struct kb *fuzz_kb(void)
{
	static struct kb *kb;
	if (kb)
		return kb;
	const char *d = getenv("MAPLE_DATA_DIR");
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, d && *d ? d : MAPLE_SOURCE_DIR "/data");
	struct maple_error err;
	kb = kb_load(&dirs, fuzz_repo(), &err);
	strvec_clear(&dirs);
	if (!kb) {
		fprintf(stderr, "fuzz: cannot load the knowledge base: %s\n", err.text);
		abort();
	}
	return kb;
}

static void diagnose(const struct kb *kb, const struct repo *repo, const char *script, size_t slen,
		     const struct jobscript *js, const struct debug_log *log, const struct cluster *c)
{
	struct debug_context ctx;
	debug_log_context(kb, repo, log->text, log->len, &ctx);
	struct debug_target t = {.js = js,
				 .cluster = c ? c : ctx.cluster,
				 .script = js ? script : NULL,
				 .script_len = js ? slen : 0,
				 .scheduler = ctx.scheduler,
				 .launchers = &ctx.launchers};
	struct diagnosis_list dl;
	struct maple_error err;
	if (debug_diagnose(kb, log->text, log->len, &t, &dl, &err) == 0) {
		(void)debug_found_cause(&dl);
		if (js)
			debug_build_patches(&dl, script, slen, t.cluster, &err);
		struct strbuf out = STRBUF_INIT;
		for (size_t i = 0; i < dl.nr; i++) {
			diagnosis_fingerprint(&dl.v[i], &out);
			if (dl.v[i].patch.applicable)
				unified_diff(script, slen, dl.v[i].patch.text, dl.v[i].patch.len, "job.sh", 3, &out);
		}
		strbuf_release(&out);
		diagnosis_list_release(&dl);
	}
	debug_context_release(&ctx);
}

/* Each line of the input (its first 64) as a --batch line: separators, NUL bytes, options without values. */
static void batch_lines(const char *text, size_t size)
{
	size_t start = 0;
	for (int n = 0; start < size && n < 64; n++) {
		const char *nl = memchr(text + start, '\n', size - start);
		size_t end = nl ? (size_t)(nl - text) : size;
		char *line = fuzz_text((const uint8_t *)text + start, end - start); /* NUL bytes kept, as getline does */
		const char *script, *log, *cluster;
		struct strbuf why = STRBUF_INIT;
		if (debug_batch_line(line, end - start, &script, &log, &cluster, &why) == 0 && !log)
			abort(); /* 0 means a log was given */
		strbuf_release(&why);
		free(line);
		start = end + 1;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct repo *repo = fuzz_repo();
	struct kb *kb = fuzz_kb();
	char *text = fuzz_text(data, size);
	batch_lines(text, size);
	const char *cut = strstr(text, "\n---8<---\n");
	size_t slen = cut ? (size_t)(cut - text) : 0;
	const char *logtext = cut ? cut + 10 : text;
	size_t loglen = size - (size_t)(logtext - text);
	/* the script in a buffer of its own, NUL-terminated as `maple debug` reads it */
	char *script = xstrndup(text, slen);
	struct jobscript js;
	struct maple_error err;
	bool js_ok = cut && jobscript_parse(script, slen, &js, &err) == 0;
	struct debug_log log;
	debug_log_from_memory(logtext, loglen, &log);
	/* one pass (each matches the whole knowledge base): no cluster, or one picked by the input's length */
	size_t pick = size % (repo_cluster_count(repo) + 1);
	diagnose(kb, repo, script, slen, js_ok ? &js : NULL, &log, pick ? repo_cluster_at(repo, pick - 1) : NULL);
	debug_log_release(&log);
	if (js_ok)
		jobscript_release(&js);
	free(script);
	free(text);
	return 0;
}
