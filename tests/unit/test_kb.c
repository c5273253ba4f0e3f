/* test_kb.c - src/debug/kb.c, needle.c and patchop.c: the real knowledge base loads; each kind of
 * broken signature is refused with `file:line: signature 'ID': field: message`; needles derived
 * from patterns; data directories override by id; a file checked once compiles its patterns lazily
 * on the next load of the same bytes, and other bytes are checked in full again; the KB's needle index
 * (every pattern's needles once, built at load) numbers the patterns, gates each by its needles and fits
 * the needle set's limit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/kb.h"
#include "repo/ysnap.h"
#include "debug/kbneedles.h"
#include "util/needleset.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include "testutil.h"

static struct repo *repo;

static int setup(void **state)
{
	(void)state;
	repo = tu_open_real_repo();
	return repo ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	repo_destroy(repo);
	return 0;
}

static const char good[] = "signatures:\n"
			   "  - id: nccl-socket-ifname\n"
			   "    category: communication\n"
			   "    title: NCCL bound to a bad interface\n"
			   "    cause: NCCL picked an interface the other nodes cannot reach.\n"
			   "    patterns: ['NCCL WARN .*connect.*(?:timed out|refused)', 'no socket interface found']\n"
			   "    priority: 70\n"
			   "    symptoms: [child-failed]\n"
			   "    applies_to: {schedulers: [slurm], launchers: [srun, torchrun], clusters: [perlmutter]}\n"
			   "    source: https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html\n"
			   "    fix:\n"
			   "      - op: set_env\n"
			   "        name: NCCL_SOCKET_IFNAME\n"
			   "        value: '{profile_env:NCCL_SOCKET_IFNAME|^lo,docker}'\n"
			   "  - id: child-failed\n"
			   "    category: launcher\n"
			   "    title: a worker failed\n"
			   "    cause: One of the workers exited with an error.\n"
			   "    patterns: ['ChildFailedError']\n"
			   "    priority: 10\n"
			   "    source: https://pytorch.org/docs/stable/elastic/errors.html\n"
			   "    advice: Read the first traceback of the failing rank.\n";

/* Loads one file's text as dir/kb/x.yaml; returns the KB or NULL with the error in msg. */
static struct kb *load_text(const char *text, char *msg, size_t n)
{
	char *dir = tu_mkdtemp();
	tu_write(dir, "kb/x.yaml", text);
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, dir);
	struct maple_error err;
	err.text[0] = '\0';
	struct kb *kb = kb_load(&dirs, repo, &err);
	snprintf(msg, n, "%s", err.text);
	strvec_clear(&dirs);
	tu_rm_rf(dir);
	free(dir);
	return kb;
}

static void good_kb(void **state)
{
	(void)state;
	char msg[2048];
	struct kb *kb = load_text(good, msg, sizeof(msg));
	if (!kb)
		fail_msg("%s", msg);
	assert_int_equal(kb->nsigs, 2);
	const struct kb_signature *s = kb_find(kb, "nccl-socket-ifname");
	assert_non_null(s);
	assert_int_equal(s->category, KC_COMMUNICATION);
	assert_int_equal(s->priority, 70);
	assert_int_equal(s->npatterns, 2);
	assert_int_equal(s->nfix, 1);
	assert_int_equal(s->fix[0].kind, PK_SET_ENV);
	assert_string_equal(s->fix[0].f[PF_NAME], "NCCL_SOCKET_IFNAME");
	assert_int_equal(s->fix[0].line, 12);
	assert_int_equal(s->nclusters, 1);
	assert_int_equal(s->nlaunchers, 2);
	/* needles derived from the patterns */
	assert_int_equal(s->patterns[0].nneedles, 1);
	assert_string_equal(s->patterns[0].needles[0].text, "NCCL WARN ");
	assert_string_equal(s->patterns[1].needles[0].text, "no socket interface found");
	assert_null(kb_find(kb, "nope"));
	kb_destroy(kb);
}

/* good with one substring replaced must fail with every expected fragment in the message. */
static void expect_error(const char *from, const char *to, const char *const *want)
{
	char *text = tu_replace(good, from, to);
	char msg[2048];
	struct kb *kb = load_text(text, msg, sizeof(msg));
	if (kb)
		fail_msg("accepted a broken KB (%s -> %s)", from, to);
	for (; *want; want++)
		assert_contains(msg, *want);
	free(text);
}

#define EXPECT_ERROR(from, to, ...)                                                                         \
	do {                                                                                                \
		const char *const w_[] = {__VA_ARGS__, NULL};                                                 \
		expect_error(from, to, w_);                                                                   \
	} while (0)

static void errors(void **state)
{
	(void)state;
	EXPECT_ERROR("category: communication", "category: network", "x.yaml:3:", "signature 'nccl-socket-ifname'",
		     "category: 'network' is not a category");
	EXPECT_ERROR("priority: 70", "priority: 0", "x.yaml:7:", "priority: must be a whole number from 1 to 100");
	EXPECT_ERROR("priority: 70", "priority: 101", "from 1 to 100, not '101'");
	EXPECT_ERROR("priority: 70", "priority: high", "not 'high'");
	EXPECT_ERROR("'no socket interface found'", "'no (socket'", "x.yaml:6:", "patterns[1]: does not compile",
		     "missing closing parenthesis");
	EXPECT_ERROR("'no socket interface found'", "'x*'", "patterns[1]: matches an empty line");
	EXPECT_ERROR("id: child-failed", "id: nccl-socket-ifname", "x.yaml:15:", "id: already defined at",
		     "x.yaml:2");
	EXPECT_ERROR("symptoms: [child-failed]", "symptoms: [child-failure]",
		     "signature 'nccl-socket-ifname': symptoms: 'child-failure' is not a signature id");
	EXPECT_ERROR("symptoms: [child-failed]", "symptoms: [nccl-socket-ifname]", "cannot list itself");
	EXPECT_ERROR("- op: set_env", "- op: set_environment", "x.yaml:12:",
		     "fix[0]: op: unknown operation 'set_environment'");
	EXPECT_ERROR("        name: NCCL_SOCKET_IFNAME\n", "", "x.yaml:12:", "fix[0]: set_env: field 'name' is missing");
	EXPECT_ERROR("        name: NCCL_SOCKET_IFNAME\n", "        name: NCCL_SOCKET_IFNAME\n        launcher: srun\n",
		     "fix[0] (set_env): field 'launcher' is not one of this operation's fields");
	EXPECT_ERROR("name: NCCL_SOCKET_IFNAME", "name: NCCL-SOCKET", "is not an environment variable name");
	EXPECT_ERROR("{profile_env:NCCL_SOCKET_IFNAME|^lo,docker}", "{gpus}", "unknown placeholder '{gpus}'");
	EXPECT_ERROR("    advice: Read the first traceback of the failing rank.\n", "",
		     "signature 'child-failed': fix: give fix operations, or advice");
	EXPECT_ERROR("    source: https://pytorch.org/docs/stable/elastic/errors.html\n", "",
		     "missing required field 'source' in signature 'child-failed'");
	EXPECT_ERROR("source: https://pytorch.org", "source: pytorch.org", "source: 'pytorch.org/docs/stable/elastic/errors.html' is not a URL");
	EXPECT_ERROR("launchers: [srun, torchrun]", "launchers: [srun, horovodrun]",
		     "applies_to: launchers: 'horovodrun' is not a launcher");
	EXPECT_ERROR("schedulers: [slurm]", "schedulers: [sge]", "'sge' is not a scheduler");
	EXPECT_ERROR("clusters: [perlmutter]", "clusters: [perlmuter]", "clusters: 'perlmuter' is not a cluster id");
	EXPECT_ERROR("    priority: 10\n", "    priority: 10\n    severity: high\n",
		     "unknown key 'severity' in signature 'child-failed'");
	EXPECT_ERROR("signatures:", "signature:", "unknown key 'signature'");
	EXPECT_ERROR("title: a worker failed", "title: [a, b]", "'title' must be a single value");
	EXPECT_ERROR("id: child-failed", "id: Child_Failed", "id: use lower-case letters");
	EXPECT_ERROR("patterns: ['ChildFailedError']", "patterns: []", "patterns: give at least one");
	/* with: a line the log must also hold, with a real example of it */
	EXPECT_ERROR("    priority: 10\n", "    priority: 10\n    with: 'fell back'\n",
		     "signature 'child-failed': with: give with_example");
	EXPECT_ERROR("    priority: 10\n", "    priority: 10\n    with: 'fell back'\n    with_example: 'W: it fell over'\n",
		     "with_example: does not match 'with'");
	EXPECT_ERROR("    priority: 10\n", "    priority: 10\n    with_example: 'W: fell back'\n",
		     "with_example: given without 'with'");
	EXPECT_ERROR("    priority: 10\n", "    priority: 10\n    with: 'fell (back'\n    with_example: 'fell back'\n",
		     "with: does not compile");
	EXPECT_ERROR("    priority: 10\n", "    priority: 10\n    with_after: true\n",
		     "signature 'child-failed': with_after: given without 'with'");
	/* repeat: some pattern must capture the text that repeats (the others count as they are) */
	EXPECT_ERROR("    priority: 10\n", "    priority: 10\n    repeat: true\n",
		     "signature 'child-failed': repeat: no pattern has a capture group");
	/* several problems are all reported */
	char *t1 = tu_replace(good, "priority: 70", "priority: 0");
	char *t2 = tu_replace(t1, "category: launcher", "category: nope");
	char msg[2048];
	assert_null(load_text(t2, msg, sizeof(msg)));
	assert_contains(msg, "priority");
	assert_contains(msg, "'nope' is not a category");
	free(t1);
	free(t2);
	/* YAML syntax */
	assert_null(load_text("signatures:\n  - id: [x\n", msg, sizeof(msg)));
	assert_contains(msg, "x.yaml:");
	assert_contains(msg, "invalid YAML");
}

static void op_checks(void **state)
{
	(void)state;
	struct patch_op o;
	struct maple_error err;
	memset(&o, 0, sizeof(o));
	o.kind = PK_SET_BACKEND;
	o.f[PF_VALUE] = "nccl";
	assert_int_equal(patch_op_check(&o, &err), 0);
	o.f[PF_VALUE] = "hccl";
	assert_int_equal(patch_op_check(&o, &err), -1);
	assert_contains(err.text, "is not a backend");
	o.kind = PK_SET_MASTER_PORT;
	o.f[PF_VALUE] = "70000";
	assert_int_equal(patch_op_check(&o, &err), -1);
	o.f[PF_VALUE] = "job";
	assert_int_equal(patch_op_check(&o, &err), 0);
	o.kind = PK_SET_LAUNCHER_OPTION;
	o.f[PF_VALUE] = NULL;
	o.f[PF_LAUNCHER] = "srun";
	o.f[PF_OPTION] = "export";
	assert_int_equal(patch_op_check(&o, &err), -1);
	assert_contains(err.text, "not an option spelling");
	o.f[PF_OPTION] = "--export";
	o.f[PF_VALUE] = "ALL\nrm -rf /";
	assert_int_equal(patch_op_check(&o, &err), -1);
	assert_contains(err.text, "newline");
	o.kind = PK_SET_DIRECTIVE;
	o.f[PF_LAUNCHER] = NULL;
	o.f[PF_VALUE] = "1";
	o.f[PF_OPTION] = "--nodes";
	assert_int_equal(patch_op_check(&o, &err), -1);
	assert_contains(err.text, "without dashes");
	assert_int_equal(patch_kind_from_name("make_dir"), PK_MAKE_DIR);
	assert_int_equal(patch_kind_from_name("rm"), -1);
	struct strbuf d = STRBUF_INIT;
	patch_ops_describe(&d);
	assert_contains(d.buf, "{\"op\": \"set_launcher_option\", \"launcher\": ..., \"option\": ..., \"value\": ... (optional)}");
	strbuf_release(&d);
}

static void needles(void **state)
{
	(void)state;
	struct arena a;
	arena_init(&a);
	const char *out[8];
	bool ic;
	assert_int_equal(needle_derive("CUDA out of memory\\. Tried to allocate", 3, &a, out, 8, &ic), 1);
	assert_string_equal(out[0], "CUDA out of memory. Tried to allocate");
	assert_false(ic);
	assert_int_equal(needle_derive("(?i)address already in use", 3, &a, out, 8, &ic), 1);
	assert_true(ic);
	assert_string_equal(out[0], "address already in use");
	/* one per top-level alternative */
	assert_int_equal(needle_derive("Connection refused|No route to host", 3, &a, out, 8, &ic), 2);
	assert_string_equal(out[0], "Connection refused");
	assert_string_equal(out[1], "No route to host");
	/* optional characters end a run; groups and classes are skipped */
	assert_int_equal(needle_derive("srun: error: \\w+: tasks? \\d+: Exited", 3, &a, out, 8, &ic), 1);
	assert_string_equal(out[0], "srun: error: ");
	assert_int_equal(needle_derive("(?:NCCL|RCCL) WARN [A-Z]+ timeout", 3, &a, out, 8, &ic), 1);
	assert_string_equal(out[0], " timeout");
	assert_int_equal(needle_derive("colou?r mismatch", 3, &a, out, 8, &ic), 1);
	assert_string_equal(out[0], "r mismatch");
	assert_int_equal(needle_derive("ab{2,}cdef", 3, &a, out, 8, &ic), 1);
	assert_string_equal(out[0], "cdef");
	/* nothing required of 3 bytes: tried on every line */
	assert_int_equal(needle_derive("^\\d+ [a-z]+$", 3, &a, out, 8, &ic), 0);
	assert_int_equal(needle_derive("long literal|x", 3, &a, out, 8, &ic), 0);
	assert_int_equal(needle_derive("(?x) a b c d", 3, &a, out, 8, &ic), 0);
	assert_int_equal(needle_derive("abc(?i)def", 3, &a, out, 8, &ic), 0);
	arena_release(&a);
}

static void real_kb_loads(void **state)
{
	(void)state;
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, MAPLE_SOURCE_DIR "/data");
	struct maple_error err;
	struct kb *kb = kb_load(&dirs, repo, &err);
	if (!kb)
		fail_msg("data/kb is invalid:\n%s", err.text);
	/* ids are sorted and unique */
	for (size_t i = 1; i < kb->nsigs; i++)
		assert_true(strcmp(kb->sigs[i - 1].id, kb->sigs[i].id) < 0);
	kb_destroy(kb);
	strvec_clear(&dirs);
}

/* The needle index a loaded KB owns (kbneedles.h): each pattern's needles once, a literal two patterns
 * need kept once and gating both, every pattern numbered; its needle set finds a line that holds a needle
 * and not one that holds none; the real KB's fits NEEDLESET_MAX (past it the set answers "maybe" for
 * every line and the scanner would look at all of them). */
static void kb_needle_index(void **state)
{
	(void)state;
	char msg[2048];
	char *twice = tu_replace(good, "patterns: ['ChildFailedError']", "patterns: ['ChildFailedError', 'ChildFailedError\\s']");
	struct kb *kb = load_text(twice, msg, sizeof(msg));
	free(twice);
	if (!kb)
		fail_msg("%s", msg);
	const struct kb_needles *x = kb->needles;
	assert_non_null(x);
	size_t refs = 0, pats = 0;
	for (size_t i = 0; i < kb->nsigs; i++) {
		assert_int_equal(x->base[i], pats);
		pats += kb->sigs[i].npatterns;
		for (size_t k = 0; k < kb->sigs[i].npatterns; k++)
			refs += kb->sigs[i].patterns[k].nneedles;
	}
	assert_int_equal(x->npatterns, pats);
	assert_int_equal(x->n, refs - 1); /* 'ChildFailedError' twice, kept once */
	bool both = false;
	for (size_t i = 0; i < x->n; i++)
		if (x->e[i].len == strlen("ChildFailedError") && !memcmp(x->e[i].text, "ChildFailedError", x->e[i].len))
			both = x->e[i].npats == 2;
	assert_true(both);
	assert_non_null(x->ns);
	assert_false(x->ns->full);
	const char *hit = "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: train.py FAILED";
	const char *miss = "epoch 3 step 1200 loss 0.4121";
	assert_true(needleset_any(x->ns, hit, strlen(hit)));
	assert_false(needleset_any(x->ns, miss, strlen(miss)));
	kb_destroy(kb);

	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, MAPLE_SOURCE_DIR "/data");
	struct maple_error err;
	kb = kb_load(&dirs, repo, &err);
	if (!kb)
		fail_msg("data/kb is invalid:\n%s", err.text);
	assert_non_null(kb->needles);
	assert_non_null(kb->needles->ns);
	assert_false(kb->needles->ns->full);
	assert_true(kb->needles->n > 100);
	const char *ib = "worker-1:946:988 [0] transport/net_ib.cc:839 NCCL WARN NET/IB : Got completion with error 12";
	assert_true(needleset_any(kb->needles->ns, ib, strlen(ib)));
	kb_destroy(kb);
	strvec_clear(&dirs);
}

static void later_dir_overrides(void **state)
{
	(void)state;
	char *d1 = tu_mkdtemp(), *d2 = tu_mkdtemp();
	tu_write(d1, "kb/a.yaml", good);
	char *changed = tu_replace(good, "priority: 10", "priority: 15");
	tu_write(d2, "kb/a.yaml", changed);
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, d1);
	strvec_push(&dirs, d2);
	struct maple_error err;
	struct kb *kb = kb_load(&dirs, repo, &err);
	if (!kb)
		fail_msg("%s", err.text);
	assert_int_equal(kb->nsigs, 2);
	assert_int_equal(kb_find(kb, "child-failed")->priority, 15);
	kb_destroy(kb);
	strvec_clear(&dirs);
	free(changed);
	tu_rm_rf(d1);
	tu_rm_rf(d2);
	free(d1);
	free(d2);
}

static const char with_context[] = "context:\n"
				   "  - id: slurm-srun\n"
				   "    kind: scheduler\n"
				   "    value: slurm\n"
				   "    patterns: ['^srun: error']\n"
				   "    source: https://slurm.schedmd.com/srun.html\n";

/* Loads dir's KB; the number of its patterns (signatures and context rules) not compiled yet. */
static size_t load_count_lazy(const char *dir, struct kb **out, struct maple_error *err)
{
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, dir);
	struct kb *kb = kb_load(&dirs, repo, err);
	strvec_clear(&dirs);
	*out = kb;
	size_t lazy = 0;
	for (size_t i = 0; kb && i < kb->nsigs; i++)
		for (size_t k = 0; k < kb->sigs[i].npatterns; k++)
			lazy += kb->sigs[i].patterns[k].re == NULL;
	for (size_t i = 0; kb && i < kb->nctx; i++)
		for (size_t k = 0; k < kb->ctx[i].npatterns; k++)
			lazy += kb->ctx[i].patterns[k].re == NULL;
	return lazy;
}

static void lazy_after_checked_load(void **state)
{
	(void)state;
	char *cache = tu_mkdtemp(), *dir = tu_mkdtemp();
	setenv("MAPLE_CACHE_DIR", cache, 1);
	unsetenv("MAPLE_NO_SNAPSHOT");
	ysnap_reset();
	char *both = malloc(strlen(good) + strlen(with_context) + 1);
	strcpy(both, good);
	strcat(both, with_context);
	tu_write(dir, "kb/x.yaml", both);
	struct maple_error err;
	struct kb *kb;
	/* first load: every check runs, every pattern is compiled */
	assert_int_equal(load_count_lazy(dir, &kb, &err), 0);
	assert_non_null(kb);
	kb_destroy(kb);
	/* the same bytes again: nothing is compiled until a pattern is about to run */
	assert_int_equal(load_count_lazy(dir, &kb, &err), 4);
	assert_non_null(kb);
	const struct kb_signature *s = kb_find(kb, "nccl-socket-ifname");
	assert_non_null(s);
	assert_null(s->patterns[0].re);
	kb_pattern_prepare(&s->patterns[0]);
	assert_non_null(s->patterns[0].re);
	/* a context rule keeps its multi-line option when compiled late: ^ matches after a newline */
	assert_int_equal(kb->nctx, 1);
	kb_pattern_prepare(&kb->ctx[0].patterns[0]);
	assert_non_null(kb->ctx[0].patterns[0].re);
	pcre2_match_data *md = pcre2_match_data_create(4, NULL);
	const char *log = "starting\nsrun: error: node failure";
	assert_true(pcre2_match((pcre2_code *)kb->ctx[0].patterns[0].re, (PCRE2_SPTR)log, strlen(log), 0, 0, md,
				NULL) >= 0);
	pcre2_match_data_free(md);
	kb_destroy(kb);
	/* other bytes (an example no pattern matches): checked in full, and refused, every time */
	char *bad = tu_replace(both, "    advice: Read the first traceback of the failing rank.\n",
			       "    advice: Read the first traceback of the failing rank.\n"
			       "    examples: ['no such line']\n");
	tu_write(dir, "kb/x.yaml", bad);
	for (int round = 0; round < 2; round++) {
		assert_int_equal(load_count_lazy(dir, &kb, &err), 0);
		assert_null(kb);
		assert_non_null(strstr(err.text, "examples[0]: matches none of the patterns"));
	}
	/* and after a write of the snapshot, in a new process (reset: the file is mapped again) */
	ysnap_flush();
	ysnap_reset();
	tu_write(dir, "kb/x.yaml", both);
	assert_int_equal(load_count_lazy(dir, &kb, &err), 4);
	kb_destroy(kb);
	unsetenv("MAPLE_CACHE_DIR");
	ysnap_reset();
	free(both);
	free(bad);
	tu_rm_rf(dir);
	tu_rm_rf(cache);
	free(dir);
	free(cache);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(good_kb),	   cmocka_unit_test(errors),
		cmocka_unit_test(op_checks),	   cmocka_unit_test(needles),
		cmocka_unit_test(real_kb_loads),   cmocka_unit_test(kb_needle_index),
		cmocka_unit_test(later_dir_overrides),
		cmocka_unit_test(lazy_after_checked_load),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
