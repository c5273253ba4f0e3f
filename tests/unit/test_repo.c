/* test_repo.c - src/repo (repo.c, ydoc.c, placeholder.c, account_shape.c): loading the real data,
 * walltimes, `file:line:` validation errors, and the override order of data directories. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "repo/placeholder.h"
#include "repo/repo.h"
#include "util/strbuf.h"

#include "testutil.h"

/* ---- the real data --------------------------------------------------------------------------- */

static void real_data_loads(void **state)
{
	(void)state;
	struct repo *r = tu_open_real_repo();
	assert_non_null(r);
	assert_true(repo_cluster_count(r) >= 11);
	struct maple_error err;
	err.text[0] = '\0';
	if (repo_load_all_templates(r, &err) != 0)
		fail_msg("templates invalid: %s", err.text);
	static const char *const ids[] = {"perlmutter", "polaris", "frontier", "aurora", "delta", "deltaai",
					  "bridges2", "anvil", "stampede3", "lonestar6", "vista"};
	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		const struct cluster *c = repo_cluster(r, ids[i]);
		if (!c)
			fail_msg("cluster %s missing", ids[i]);
		assert_string_equal(c->id, ids[i]);
		assert_non_null(c->name);
		assert_true(c->nqueues > 0);
		assert_non_null(cluster_queue(c, c->default_queue));
		assert_true(c->hw.gpus_per_node > 0);
		assert_true(c->nheader > 0);
		const struct template **ts;
		size_t n;
		assert_int_equal(repo_templates(r, ids[i], &ts, &n, &err), 0);
		assert_true(n >= 4);
		for (size_t k = 0; k < n; k++) {
			assert_string_equal(ts[k]->cluster, ids[i]);
			assert_true(ts[k]->framework >= 0 && ts[k]->framework < FW_COUNT);
			assert_true(ts[k]->strategies != 0);
			assert_non_null(ts[k]->body);
			assert_true(ts[k]->body_line > 1);
		}
	}
	/* facts the rest of maple relies on */
	const struct cluster *pm = repo_cluster(r, "perlmutter");
	assert_int_equal(pm->scheduler, SCHED_SLURM);
	assert_int_equal(pm->hw.gpus_per_node, 4);
	assert_string_equal(pm->default_queue, "regular");
	assert_non_null(cluster_queue(pm, "DEBUG")); /* case-insensitive lookup */
	assert_null(cluster_queue(pm, "nosuch"));
	/* ALCF's queues take jobs of 5 minutes or more; NERSC documents no such floor */
	const struct cluster *po = repo_cluster(r, "polaris");
	assert_true(po && po->nqueues > 0);
	for (size_t i = 0; i < po->nqueues; i++)
		assert_int_equal(po->queues[i].min_walltime_min, 5);
	assert_int_equal(cluster_queue(pm, "debug")->min_walltime_min, 0);
	/* Delta names its CPU and GPU accounts apart; Perlmutter has one kind as far as maple knows */
	const struct cluster *dl = repo_cluster(r, "delta");
	assert_non_null(dl);
	assert_int_equal(account_charges_gpu(dl, "bbka-delta-gpu"), 1);
	assert_int_equal(account_charges_gpu(dl, "bbka-delta-cpu"), 0);
	assert_int_equal(account_charges_gpu(dl, "MyProj"), -1);
	assert_int_equal(account_charges_gpu(pm, "m1234"), -1);
	/* access rules: the interactive QOS is for salloc (NERSC's words), regular is open to all */
	assert_null(cluster_queue(pm, "regular")->access);
	const struct queue *iq = cluster_queue(pm, "interactive");
	assert_true(iq && iq->access && strstr(iq->access, "salloc") && !strcmp(iq->access_src.reliability, "doc") &&
		    !strncmp(iq->access_src.url, "https://", 8));
	assert_int_equal(cluster_queue(pm, "debug")->max_walltime_min, 30);
	/* the queue a script that names none gets: NERSC's debug QOS (maple writes regular), RCAC's CPU
	 * partition shared; none documented for Bridges-2 */
	assert_string_equal(pm->sched_default_queue, "debug");
	assert_string_equal(pm->sched_default_src.reliability, "doc");
	assert_string_equal(pm->sched_default_src.url, "https://docs.nersc.gov/jobs/policy/");
	const struct cluster *av = repo_cluster(r, "anvil");
	assert_true(av && av->sched_default_queue && cluster_queue(av, av->sched_default_queue)->cpu_only);
	assert_null(repo_cluster(r, "bridges2")->sched_default_queue);
	assert_non_null(pm->sched_default_note); /* NERSC's words, shown by maple clusters */
	/* submit limits: TACC's Max Submit (no word on what happens past it), OLCF's 100 queued jobs a user
	 * (rejected past it), ALCF's prod (10 eligible at once, a throttle counting; 100 accepted); none
	 * where no readable page gives one (Perlmutter) */
	const struct queue *dev = cluster_queue(repo_cluster(r, "vista"), "gh-dev");
	assert_int_equal(dev->nsubmit_limits, 1);
	assert_int_equal(dev->submit_limits[0].jobs, 3);
	assert_string_equal(dev->submit_limits[0].per, "user");
	assert_int_equal(dev->submit_limits[0].over, SUBMIT_UNSTATED);
	assert_string_equal(dev->submit_limits[0].src.url, "https://docs.tacc.utexas.edu/hpc/vista/#queues");
	const struct queue *fb = cluster_queue(repo_cluster(r, "frontier"), "batch");
	assert_true(fb->nsubmit_limits == 1 && fb->submit_limits[0].jobs == 100 &&
		    fb->submit_limits[0].over == SUBMIT_REJECTED && !fb->submit_limits[0].throttle);
	const struct queue *pp = cluster_queue(repo_cluster(r, "polaris"), "prod");
	assert_int_equal(pp->nsubmit_limits, 2);
	assert_true(pp->submit_limits[0].jobs == 10 && pp->submit_limits[0].throttle &&
		    pp->submit_limits[0].over == SUBMIT_NEVER_RUNS && !strcmp(pp->submit_limits[0].per, "project"));
	assert_true(pp->submit_limits[1].jobs == 100 && pp->submit_limits[1].over == SUBMIT_REJECTED);
	for (size_t i = 0; i < pm->nqueues; i++)
		assert_int_equal(pm->queues[i].nsubmit_limits, 0);
	assert_string_equal(submit_over_name(SUBMIT_NEVER_RUNS), "never_runs");
	assert_false(cluster_queue(pm, "premium")->auto_select);
	assert_true(cluster_queue(pm, "regular")->auto_select);
	assert_int_equal(cluster_queue(pm, "regular")->min_nodes, 1);
	assert_int_equal(repo_cluster(r, "polaris")->scheduler, SCHED_PBS);
	assert_false(repo_cluster(r, "bridges2")->hw.bf16);
	assert_true(pm->hw.bf16);
	const struct queue *prod = cluster_queue(repo_cluster(r, "polaris"), "prod");
	assert_int_equal(prod->min_nodes, 10);
	assert_int_equal(prod->nbins, 3);
	assert_int_equal(prod->bins[0].max_walltime_min, 180);
	const struct template *t = repo_template(r, "perlmutter-deepspeed");
	assert_non_null(t);
	assert_int_equal(t->framework, FW_DEEPSPEED);
	assert_int_equal(t->strategies, (1u << ST_ZERO1) | (1u << ST_ZERO2) | (1u << ST_ZERO3));
	assert_int_equal(t->tasks_per, TASKS_PER_GPU);
	assert_true(t->preferred);
	assert_contains(t->file, "templates/perlmutter/deepspeed.yaml");
	assert_null(repo_template(r, "no-such-template"));
	assert_null(repo_cluster(r, "nosuch"));
	assert_null(repo_cluster_at(r, 1000));
	const struct template **ts;
	size_t n;
	assert_int_equal(repo_templates(r, "nosuch", &ts, &n, &err), -1);
	assert_contains(err.text, "unknown cluster 'nosuch'");
	repo_destroy(r);
}

/* account_shape_matches: whole-word answers, the same look-up after look-up, and no memory kept per
 * look-up (the match data and pcre2_match's frames had come from the repository's arena, 20 KB kept per
 * look-up until the repository went: a --batch grew by 165 KB a request) */
/* A text fingerprint (a mark one cluster's scripts and requests carry: a path, a login host, a queue or
 * account form) names that cluster alone: it must not occur, as the readers match it (a substring; one
 * ending in a letter or digit not followed by a letter, '_' or '-letter'), in another cluster's own marks
 * or in the lines maple writes into that cluster's scripts (header, set-up, modules, environment,
 * container words) for any of its node types. "login.delta.ncsa.illinois.edu" would fail here: it is
 * inside DeltaAI's host dtai-login.delta.ncsa.illinois.edu. */
static bool mark_in(const char *mark, const char *s)
{
	size_t ml = strlen(mark);
	bool word_end = isalnum((unsigned char)mark[ml - 1]);
	for (const char *at = s ? strstr(s, mark) : NULL; at; at = strstr(at + 1, mark)) {
		char next = at[ml];
		if (word_end && (isalpha((unsigned char)next) || next == '_' ||
				 (next == '-' && isalpha((unsigned char)at[ml + 1]))))
			continue;
		return true;
	}
	return false;
}

static const char *mark_in_lines(const char *mark, const struct sourced_line *l, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (mark_in(mark, l[i].text))
			return l[i].text;
	return NULL;
}

/* Where in cluster b (any node type's view) the mark occurs, or NULL. */
static const char *mark_in_cluster(const char *mark, const struct cluster *b)
{
	for (size_t f = 0; f < b->nfingerprints; f++)
		if (mark_in(mark, b->fingerprints[f].text))
			return b->fingerprints[f].text;
	for (size_t k = 0; k < b->ncontainers; k++) {
		const struct container_route *r = &b->containers[k];
		const char *hit = mark_in_lines(mark, r->header, r->nheader);
		if (!hit)
			hit = mark_in_lines(mark, r->setup, r->nsetup);
		if (!hit && mark_in(mark, r->exec))
			hit = r->exec;
		if (!hit && mark_in(mark, r->example_image))
			hit = r->example_image;
		if (hit)
			return hit;
	}
	for (size_t t = 0; t <= b->nnode_types; t++) {
		const struct cluster *v = t < b->nnode_types && b->node_types[t].view ? b->node_types[t].view : b;
		const char *hit = mark_in_lines(mark, v->header, v->nheader);
		if (!hit)
			hit = mark_in_lines(mark, v->setup, v->nsetup);
		for (int fw = 0; fw < FW_COUNT && !hit; fw++)
			hit = mark_in_lines(mark, v->modules[fw], v->nmodules[fw]);
		for (size_t e = 0; e < v->nenv && !hit; e++)
			if (mark_in(mark, v->env[e].name) || mark_in(mark, v->env[e].value))
				hit = v->env[e].value;
		if (hit)
			return hit;
	}
	return NULL;
}

static void fingerprints_name_one_cluster(void **state)
{
	(void)state;
	struct repo *r = tu_open_real_repo();
	assert_non_null(r);
	size_t n = repo_cluster_count(r), marks = 0;
	for (size_t a = 0; a < n; a++) {
		const struct cluster *ca = repo_cluster_at(r, a);
		for (size_t f = 0; f < ca->nfingerprints; f++) {
			const char *mark = ca->fingerprints[f].text;
			if (fingerprint_is_pattern(mark)) /* a layout several clusters of a centre share: no vote */
				continue;
			marks++;
			for (size_t b = 0; b < n; b++) {
				const struct cluster *cb = repo_cluster_at(r, b);
				const char *where = b == a ? NULL : mark_in_cluster(mark, cb);
				if (where)
					fail_msg("%s's mark '%s' is also %s's ('%s'): it does not name one cluster", ca->id, mark,
						 cb->id, where);
			}
		}
	}
	assert_true(marks >= 50);
	repo_destroy(r);
}

static void account_shape_keeps_nothing(void **state)
{
	(void)state;
	struct repo *r = tu_open_real_repo();
	assert_non_null(r);
	const struct cluster *pm = repo_cluster(r, "perlmutter");
	assert_non_null(pm);
	assert_true(account_shape_matches(pm, "m1234"));
	assert_true(account_shape_matches(pm, "m1234_g"));
	assert_false(account_shape_matches(pm, "m123"));
	assert_false(account_shape_matches(pm, "xm1234"));
	assert_false(account_shape_matches(pm, "m1234_gx"));
	assert_false(account_shape_matches(pm, ""));
	assert_false(account_shape_matches(pm, NULL));
#ifdef __GLIBC__
	/* (under ASan, whose allocator glibc's counts do not see, this part cannot fail) */
	struct mallinfo2 before = mallinfo2();
	for (int i = 0; i < 2000; i++) {
		assert_true(account_shape_matches(pm, i % 2 ? "m1234" : "m0001_g"));
		assert_false(account_shape_matches(pm, "m12345"));
	}
	struct mallinfo2 after = mallinfo2();
	if (after.uordblks > before.uordblks + (1u << 20))
		fail_msg("4,000 look-ups kept %zu bytes", (size_t)(after.uordblks - before.uordblks));
#endif
	repo_destroy(r);
}

static void names_and_framework_rules(void **state)
{
	(void)state;
	assert_string_equal(framework_name(FW_DEEPSPEED), "deepspeed");
	assert_null(framework_name(FW_NONE));
	assert_string_equal(strategy_name(ST_ZERO2), "zero2");
	assert_null(strategy_name(ST_COUNT));
	assert_string_equal(scheduler_name(SCHED_PBS), "pbs");
	assert_string_equal(scheduler_name(SCHED_SLURM), "slurm");
	assert_int_equal(framework_from_name("accelerate"), FW_ACCELERATE);
	assert_int_equal(framework_from_name("tensorflow"), FW_NONE);
	assert_int_equal(strategy_from_name("fsdp"), ST_FSDP);
	assert_int_equal(strategy_from_name("zero4"), ST_NONE);
	assert_true(framework_allows(FW_PYTORCH, ST_DDP));
	assert_true(framework_allows(FW_PYTORCH, ST_FSDP));
	assert_false(framework_allows(FW_PYTORCH, ST_ZERO1));
	assert_false(framework_allows(FW_DEEPSPEED, ST_DDP));
	assert_true(framework_allows(FW_DEEPSPEED, ST_ZERO3));
	for (int s = 0; s < ST_COUNT; s++)
		assert_true(framework_allows(FW_ACCELERATE, (enum strategy)s));
	assert_false(framework_allows(FW_ACCELERATE, ST_NONE));
	assert_false(framework_allows(FW_NONE, ST_DDP));
	assert_true(placeholder_known("nodes", 5));
	assert_true(placeholder_known("command", 7));
	assert_false(placeholder_known("node", 4));
	assert_false(placeholder_known("nodesx", 6));
}

/* ---- walltimes ------------------------------------------------------------------------------- */

static void walltime_table(void **state)
{
	(void)state;
	static const struct {
		const char *in;
		int minutes;
	} cases[] = {
		{"01:00:00", 60},   {"00:30:00", 30},	  {"48:00:00", 2880}, {"168:00:00", 10080},
		{"00:00:01", 1},    {"00:01:30", 2},	  {"02:30:59", 151},  {"1:2:3", 63},
		{"30:00", 30},	    {"05:30", 6},	  {"90", 90},	      {"0", 0},
		{"1-00:00:00", 1440}, {"2-12:00:00", 3600}, {"1-2", 1560},     {"1-2:30", 1590},
		{"0-00:30:00", 30}, {"", -1},		  {"abc", -1},	      {"1:60:00", -1},
		{"1:00:60", -1},    {"61:00:00", 3660},	  {"-1:00:00", -1},   {"1:2:3:4", -1},
		{"1h", -1},	    {"01:00:00 ", -1},	  {" 01:00:00", -1},  {"1-", -1},
		{"x-01:00:00", -1}, {":30", -1},	  {"1::00", -1},      {"1.5", -1},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int got = parse_walltime(cases[i].in);
		if (got != cases[i].minutes)
			fail_msg("parse_walltime(\"%s\") = %d, want %d", cases[i].in, got, cases[i].minutes);
	}
}

/* Huge numbers are malformed (-1), not an integer overflow (signed overflow is undefined behaviour;
 * UBSan aborts on it). The user's own text reaches parse_walltime ("time 99999999999999999999:00:00"). */
static void walltime_overflow(void **state)
{
	(void)state;
	static const char *const cases[] = {
		"99999999999999999999:00:00",
		"9999999999999999:00:00",
		"99999999999999999-00:00:00",
		"9223372036854775807",
		"1-9223372036854775807",
		"3000000000:00:00",
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int got = parse_walltime(cases[i]);
		if (got != -1)
			fail_msg("parse_walltime(\"%s\") = %d, want -1", cases[i], got);
	}
}

/* ---- placeholder scanner --------------------------------------------------------------------- */

struct seen {
	char names[16][32];
	enum quote_ctx ctx[16];
	int line[16];
	int n;
};

static int collect(void *data, const struct placeholder *ph)
{
	struct seen *s = data;
	snprintf(s->names[s->n], sizeof(s->names[0]), "%.*s", (int)ph->len, ph->name);
	s->ctx[s->n] = ph->ctx;
	s->line[s->n] = ph->line;
	s->n++;
	return 0;
}

static void placeholder_contexts(void **state)
{
	(void)state;
	struct seen s = {0};
	const char *text = "a {{nodes}} b '{{command}}' \"{{walltime}}\"\n"
			   "bash -c 'x \"{{script}}\" y' \\\n"
			   "  \"it\\\"s {{queue}}\" 'it'\\''s {{account}}' {{ bad\n"
			   "{{job_name}}";
	assert_int_equal(placeholder_scan(text, collect, &s), 0);
	assert_int_equal(s.n, 7);
	const char *names[] = {"nodes", "command", "walltime", "script", "queue", "account", "job_name"};
	const enum quote_ctx ctx[] = {QCTX_NONE, QCTX_SINGLE, QCTX_DOUBLE, QCTX_SINGLE, QCTX_DOUBLE, QCTX_SINGLE, QCTX_NONE};
	const int lines[] = {0, 0, 0, 1, 2, 2, 3};
	for (int i = 0; i < 7; i++) {
		assert_string_equal(s.names[i], names[i]);
		if (s.ctx[i] != ctx[i])
			fail_msg("{{%s}}: context %d, want %d", names[i], s.ctx[i], ctx[i]);
		assert_int_equal(s.line[i], lines[i]);
	}
}

static int stop_at_second(void *data, const struct placeholder *ph)
{
	int *n = data;
	(void)ph;
	return ++*n == 2 ? 42 : 0;
}

static void placeholder_stops_early(void **state)
{
	(void)state;
	int n = 0;
	assert_int_equal(placeholder_scan("{{a}} {{b}} {{c}}", stop_at_second, &n), 42);
	assert_int_equal(n, 2);
	n = 0;
	assert_int_equal(placeholder_scan("no placeholders {{ here\n}}", stop_at_second, &n), 0);
	assert_int_equal(n, 0);
}

/* ---- validation errors ----------------------------------------------------------------------- */

struct fixture {
	char *dir;
	char *pm; /* data/clusters/perlmutter.yaml */
	char *pm_tpl;
};


static int fx_setup(void **state)
{
	struct fixture *f = calloc(1, sizeof(*f));
	f->dir = tu_mkdtemp();
	f->pm = tu_read_data("clusters/perlmutter.yaml");
	f->pm_tpl = tu_read_data("templates/perlmutter/deepspeed.yaml");
	*state = f;
	return 0;
}

static int fx_teardown(void **state)
{
	struct fixture *f = *state;
	tu_rm_rf(f->dir);
	free(f->dir);
	free(f->pm);
	free(f->pm_tpl);
	free(f);
	return 0;
}

/* Opens dir alone; asserts it fails and that the message has "FILE:LINE: msg". */
static void expect_open_error(const char *dir, const char *rel, int line, const char *msg)
{
	struct maple_error err;
	err.text[0] = '\0';
	struct repo *r = tu_open_repo_dirs(dir, NULL, &err);
	if (r) {
		repo_destroy(r);
		fail_msg("repo_open succeeded; expected %s:%d: %s", rel, line, msg);
	}
	char want[4096];
	tu_fmt(want, "%s/%s:%d: ", dir, rel, line);
	assert_contains(err.text, want);
	/* the message is on the same line as its location */
	const char *at = strstr(err.text, want);
	const char *eol = strchr(at, '\n');
	char one[2048];
	size_t len = eol ? (size_t)(eol - at) : strlen(at);
	tu_fmt(one, "%.*s", (int)len, at);
	assert_contains(one, msg);
}

/* Node types: the queue decides, else the GPU model, else the default; unknown or CPU-only queues and
 * models the cluster lacks are refused with what it has. */
static void node_type_selection(void **state)
{
	(void)state;
	struct repo *r = tu_open_real_repo();
	struct strbuf why = STRBUF_INIT;
	static const struct {
		const char *cluster, *queue, *model, *want; /* want NULL: refused */
		int gpn;
	} cases[] = {
		{"delta", NULL, NULL, "a100x4", 4},	     {"delta", "gpuA100x8", NULL, "a100x8", 8},
		{"delta", "gpuh200x8", NULL, "h200x8", 8},     {"delta", NULL, "h200", "h200x8", 8},
		{"delta", NULL, "mi100", "mi100x8", 8},	     {"delta", NULL, "a40", "a40x4", 4},
		{"delta", NULL, "a100", "a100x4", 4},	     {"delta", "cpu", NULL, NULL, 0},
		{"delta", "nope", NULL, NULL, 0},	     {"delta", "gpuA100x4", "h200", NULL, 0},
		{"stampede3", "pvc", NULL, "pvc", 4},	     {"stampede3", NULL, "max1550", "pvc", 4},
		{"stampede3", "skx", NULL, NULL, 0},	     {"lonestar6", "gpu-h100", NULL, "h100", 2},
		{"lonestar6", NULL, "h100", "h100", 2},	     {"lonestar6", NULL, NULL, "a100", 3},
		{"perlmutter", "regular", "a100-80gb", "gpu80", 4}, {"perlmutter", "shared", NULL, "gpu40", 4},
		{"bridges2", "GPU", "v100-16gb", "v100-16", 8}, {"frontier", NULL, "h100", NULL, 0},
		{"frontier", NULL, "mi250x", "frontier", 8},   {"anvil", "ai", NULL, "h100", 4},
		/* a size is a minimum: the size itself where a node type has it, else the default node type if
		 * it holds more, else the one with the least memory that holds it; "-exact" wants that size */
		{"stampede3", NULL, "gpu-80gb", "h100", 4},    {"stampede3", "h100", "gpu-80gb", "h100", 4},
		{"stampede3", NULL, "gpu-100gb", "pvc", 4},    {"stampede3", NULL, "gpu-200gb", NULL, 0},
		{"stampede3", NULL, "gpu-80gb-exact", "h100", 4}, {"stampede3", "pvc", "gpu-100gb", "pvc", 4},
		/* exact sizes (issue 14): "the 80GB GPUs" on Stampede3 are the H100s users name h100-80gb; Vista's
		 * 96 GB GH200 and Bridges-2's 32 GB V100s are no 80 / 24 GB GPUs; a size there is exactly is its type */
		{"vista", NULL, "gpu-80gb-exact", NULL, 0},    {"bridges2", NULL, "v100-24gb-exact", NULL, 0},
		{"bridges2", NULL, "v100-16gb-exact", "v100-16", 8}, {"bridges2", NULL, "gpu-32gb-exact", "v100-32", 8},
		{"delta", NULL, "gpu-80gb-exact", NULL, 0},    {"perlmutter", NULL, "gpu-80gb-exact", "gpu80", 4},
		{"perlmutter", "shared", "a100-32gb-exact", NULL, 0},
		{"vista", NULL, "gpu-80gb", "vista", 1},       {"deltaai", NULL, "h100-80gb", "deltaai", 4},
		{"lonestar6", NULL, "gpu-48gb", "h100", 2},    {"lonestar6", NULL, "gpu-32gb", "a100", 3},
		{"lonestar6", NULL, "a100-80gb", NULL, 0},     {"lonestar6", "gpu-a100", "gpu-48gb", NULL, 0},
		{"delta", NULL, "gpu-80gb", "h200x8", 8},      {"delta", NULL, "gpu-16gb", "a100x4", 4},
		{"delta", NULL, "gpu-44gb", "a40x4", 4},       {"delta", NULL, "gpu-32gb", "mi100x8", 8},
		{"delta", NULL, "a100-80gb", NULL, 0},	     {"delta", NULL, "gpu-48gb-exact", "a40x4", 4},
		{"perlmutter", NULL, "gpu-60gb", "gpu80", 4},  {"perlmutter", NULL, "a100-64gb", "gpu80", 4},
		{"perlmutter", NULL, "a100-40gb-exact", "gpu40", 4}, {"perlmutter", NULL, "a100-60gb-exact", NULL, 0},
		{"polaris", NULL, "gpu-32gb", "polaris", 4},   {"polaris", NULL, "a100-80gb", NULL, 0},
		{"anvil", NULL, "gpu-64gb", "h100", 4},	     {"anvil", NULL, "a100-80gb", NULL, 0},
		{"bridges2", NULL, "gpu-24gb", "v100-32", 8},  {"bridges2", NULL, "gpu-40gb", "h100-80", 8},
		{"bridges2", NULL, "v100-20gb", "v100-32", 8}, {"bridges2", NULL, "gpu-16gb", "v100-16", 8},
		{"frontier", NULL, "gpu-32gb", "frontier", 8}, {"aurora", NULL, "gpu-48gb", "aurora", 12},
		/* a size that only nodes maple does not model have (Bridges-2's L40S-48GB): those are meant */
		{"bridges2", NULL, "gpu-48gb", NULL, 0},       {"bridges2", "GPU-shared", "gpu-48gb", NULL, 0},
		{"bridges2", NULL, "gpu-46gb", "h100-80", 8},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct cluster *c = repo_cluster(r, cases[i].cluster);
		assert_non_null(c);
		strbuf_reset(&why);
		const struct node_type *nt = cluster_node_type(c, cases[i].queue, cases[i].model, &why);
		if (!cases[i].want) {
			if (nt)
				fail_msg("%s queue %s model %s: got node type %s, want a refusal", cases[i].cluster,
					 cases[i].queue ? cases[i].queue : "-", cases[i].model ? cases[i].model : "-", nt->id);
			assert_true(why.len > 0);
			continue;
		}
		if (!nt || strcmp(nt->id, cases[i].want))
			fail_msg("%s queue %s model %s: got %s (%s), want %s", cases[i].cluster,
				 cases[i].queue ? cases[i].queue : "-", cases[i].model ? cases[i].model : "-",
				 nt ? nt->id : "none", why.buf, cases[i].want);
		assert_int_equal(nt->view->hw.gpus_per_node, cases[i].gpn);
		assert_string_equal(nt->view->id, c->id);
		assert_ptr_equal(nt->view->node_type, nt);
	}
	/* an unknown queue lists the cluster's queues; a CPU-only one says it has no GPUs; both cite the
	 * queue table they come from */
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "lonestar6"), "foo", NULL, &why));
	assert_contains(why.buf, "its queues are: gpu-a100, ");
	assert_contains(why.buf, "[queues: https://docs.tacc.utexas.edu/hpc/lonestar6/#queues]");
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "delta"), "cpu", NULL, &why));
	assert_contains(why.buf, "has no GPUs");
	assert_contains(why.buf, "[https://docs.ncsa.illinois.edu/");
	/* a size no node type holds, or one asked exactly that none has: what the cluster has, and from where */
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "stampede3"), NULL, "gpu-200gb", &why));
	assert_contains(why.buf, "stampede3 has no 200 GB GPU nodes (none with 200 GB or more per GPU)");
	assert_contains(why.buf, "[hardware: https://docs.tacc.utexas.edu/hpc/stampede3/#system-gpu-h100, "
				 "https://docs.tacc.utexas.edu/hpc/stampede3/#table5b]");
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "vista"), NULL, "gpu-80gb-exact", &why));
	assert_contains(why.buf, "vista has no 80 GB GPU nodes (80 GB exactly, as asked; the sizes it has: vista has 96 GB)");
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "perlmutter"), NULL, "a100-32gb-exact", &why));
	assert_contains(why.buf, "perlmutter has no a100-32gb nodes (32 GB exactly, as asked; the sizes it has: gpu40 has 40 GB, "
				 "gpu80 has 80 GB)");
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "bridges2"), NULL, "h100-96gb-exact", &why));
	assert_contains(why.buf, "(96 GB exactly, as asked; the sizes it has: h100-80 has 80 GB)");
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "lonestar6"), "gpu-a100", "gpu-48gb", &why));
	assert_contains(why.buf, "queue 'gpu-a100' on lonestar6 reaches 3x NVIDIA A100 PCIe 40GB (40 GB) nodes, not 48 GB GPU "
				 "(none with 48 GB or more per GPU)");
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "bridges2"), NULL, "gpu-48gb", &why));
	assert_contains(why.buf, "the GPUs with 48 GB on bridges2 are 3 nodes with 8 L40S-48GB GPUs each");
	assert_contains(why.buf, "GPUs with more memory it can write for, if you ask for them: h100-80 (80 GB)");
	/* the note for a size met by larger GPUs names them and their source; none where the size exists */
	strbuf_reset(&why);
	const struct cluster *s3c = repo_cluster(r, "stampede3");
	assert_true(node_type_size_note(s3c, cluster_node_type(s3c, NULL, "gpu-80gb", NULL), "gpu-80gb", &why));
	assert_contains(why.buf, "80 GB per GPU asked: no GPU on stampede3 has exactly that, so the job uses the h100 nodes");
	assert_contains(why.buf, "[https://docs.tacc.utexas.edu/hpc/stampede3/#system-gpu-h100]");
	strbuf_reset(&why);
	const struct cluster *pm = repo_cluster(r, "perlmutter");
	assert_false(node_type_size_note(pm, cluster_node_type(pm, NULL, "gpu-80gb", NULL), "gpu-80gb", &why));
	assert_false(node_type_size_note(s3c, cluster_node_type(s3c, NULL, "h100-80gb", NULL), "h100-80gb", &why));
	assert_int_equal(why.len, 0);
	/* GPUs of nodes the centre has and maple does not model, a MIG slice, a vendor: said so */
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "bridges2"), NULL, "l40s", &why));
	assert_contains(why.buf, "which maple's data does not model");
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "bridges2"), "GPU-shared", "l40s-48gb", &why));
	assert_contains(why.buf, "which maple's data does not model");
	strbuf_reset(&why);
	assert_null(cluster_node_type(repo_cluster(r, "polaris"), NULL, "mig", &why));
	assert_contains(why.buf, "whole GPUs only");
	strbuf_reset(&why);
	assert_string_equal(cluster_node_type(repo_cluster(r, "delta"), NULL, "amd", &why)->id, "mi100x8");
	assert_string_equal(cluster_node_type(repo_cluster(r, "stampede3"), NULL, "intel", &why)->id, "pvc");
	assert_null(cluster_node_type(repo_cluster(r, "perlmutter"), NULL, "amd", &why));
	assert_contains(why.buf, "perlmutter has no AMD GPU nodes");
	/* views: node-type overrides */
	const struct cluster *s3 = repo_cluster_view(r, "stampede3:pvc");
	assert_non_null(s3);
	assert_string_equal(s3->hw.gpu_vendor, "intel");
	assert_false(s3->software.provided);
	assert_int_equal((int)s3->nenv, 0);
	assert_ptr_equal(repo_cluster_view(r, "delta:gpuH200x8"), repo_cluster_view(r, "delta:h200x8"));
	assert_null(repo_cluster_view(r, "delta:nope"));
	assert_false(repo_cluster(r, "frontier")->software.provided);
	assert_false(repo_cluster(r, "lonestar6")->software.provided);
	assert_true(repo_cluster(r, "perlmutter")->software.provided);
	strbuf_release(&why);
	repo_destroy(r);
}

/* Node types are validated on load: queues they name, vendor-specific settings, defaults. */
static void err_node_types(void **state)
{
	struct fixture *f = *state;
	/* a node type naming a queue the cluster does not have */
	char *y = tu_replace(f->pm, "    queues: [regular, debug,", "    queues: [regulr, debug,");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "queues: [regulr"),
			  "node type 'gpu40': queue 'regulr' is not one of the cluster's queues");
	free(y);
	/* an Intel node type inheriting the cluster's NCCL settings */
	y = tu_replace(f->pm, "      gpu_vendor: nvidia\n", "      gpu_vendor: intel\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "  - id: gpu40"),
			  "node type 'gpu40' has Intel GPUs (oneCCL): NCCL_SOCKET_IFNAME is an NCCL setting");
	free(y);
	/* an AMD node type that says nccl */
	y = tu_replace(f->pm, "      gpu_vendor: nvidia\n", "      gpu_vendor: amd\n");
	char *y2 = tu_replace(y, "    default: true\n", "    default: true\n    backend: nccl\n");
	free(y);
	y = y2;
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "  - id: gpu40"),
			  "node type 'gpu40': backend nccl does not run on amd GPUs");
	free(y);
	/* an `unmodelled:` entry naming a node type's GPU (it would hide that node type) */
	y = tu_replace(f->pm, "default_queue:", "unmodelled:\n  - models: [a100-sxm4]\n    what: x\n    why: y\n"
						    "    source: https://example.org/x\ndefault_queue:");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "  - models: [a100-sxm4]"),
			  "unmodelled model 'a100-sxm4' is a GPU of node type 'gpu40'");
	free(y);
	/* hardware and node_types together */
	y = tu_replace(f->pm, "node_types:\n", "hardware: {gpu_model: x}\nnode_types:\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "hardware: {gpu_model"),
			  "give either 'hardware' (one node type) or 'node_types'");
	free(y);
}


static void err_unknown_key(void **state)
{
	struct fixture *f = *state;
	char *y = tu_replace(f->pm, "center: NERSC\n", "center: NERSC\ncentre: typo\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "centre:"),
			  "unknown key 'centre' in cluster profile");
	free(y);
	/* inside a queue */
	y = tu_replace(f->pm, "    max_nodes: 8\n", "    max_nodes: 8\n    maxnodes: 9\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "maxnodes:"), "unknown key 'maxnodes' in queue");
	free(y);
}

static void err_missing_field(void **state)
{
	struct fixture *f = *state;
	char *y = tu_replace(f->pm, "center: NERSC\n", "");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "id: perlmutter"),
			  "missing required field 'center' in cluster profile");
	free(y);
	/* a header line without its source */
	y = tu_replace(f->pm, "  - line: \"#SBATCH --constraint=gpu\"\n    source: https://docs.nersc.gov/machinelearning/launchers/\n",
		       "  - line: \"#SBATCH --constraint=gpu\"\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "--constraint=gpu\"\n"), "missing required field 'source'");
	free(y);
}

static void err_unknown_placeholder(void **state)
{
	struct fixture *f = *state;
	char *y = tu_replace(f->pm, "{{job_name}}", "{{jobname}}");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "{{jobname}}"),
			  "unknown placeholder '{{jobname}}'");
	free(y);
	/* in a template body */
	tu_write(f->dir, "clusters/perlmutter.yaml", f->pm);
	y = tu_replace(f->pm_tpl, "{{master_port}}", "{{port}}");
	tu_write(f->dir, "templates/perlmutter/deepspeed.yaml", y);
	struct maple_error err;
	struct repo *r = tu_open_repo_dirs(f->dir, NULL, &err);
	assert_non_null(r);
	assert_int_equal(repo_load_all_templates(r, &err), -1);
	char want[4096];
	tu_fmt(want, "%s/templates/perlmutter/deepspeed.yaml:%d: unknown placeholder '{{port}}'", f->dir,
	       tu_line_of(y, "body: |"));
	assert_contains(err.text, want);
	repo_destroy(r);
	free(y);
}

static void err_command_in_double_quotes(void **state)
{
	struct fixture *f = *state;
	tu_write(f->dir, "clusters/perlmutter.yaml", f->pm);
	/* (inside bash -c '...' a "..." is still single-quote context, so the test adds its own line) */
	char *y = tu_replace(f->pm_tpl, "  export MASTER_PORT={{master_port}}\n",
		       "  export MASTER_PORT={{master_port}}\n  echo \"running {{command}}\"\n");
	tu_write(f->dir, "templates/perlmutter/deepspeed.yaml", y);
	struct maple_error err;
	struct repo *r = tu_open_repo_dirs(f->dir, NULL, &err);
	assert_non_null(r);
	const struct template **ts;
	size_t n;
	assert_int_equal(repo_templates(r, "perlmutter", &ts, &n, &err), -1);
	char want[4096];
	tu_fmt(want, "%s/templates/perlmutter/deepspeed.yaml:%d: placeholder '{{command}}' stands inside double quotes",
	       f->dir, tu_line_of(y, "body: |"));
	assert_contains(err.text, want);
	repo_destroy(r);
	free(y);

	/* {{command}} inside single quotes (bash -c '...') is fine, as in the real template */
	tu_write(f->dir, "templates/perlmutter/deepspeed.yaml", f->pm_tpl);
	r = tu_open_repo_dirs(f->dir, NULL, &err);
	assert_non_null(r);
	if (repo_templates(r, "perlmutter", &ts, &n, &err) != 0)
		fail_msg("%s", err.text);
	assert_int_equal(n, 1);
	repo_destroy(r);

	/* {{command}} in a header line is refused */
	y = tu_replace(f->pm, "{{job_name}}", "{{command}}");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "{{command}}"),
			  "placeholder '{{command}}' may only be used in template bodies");
	free(y);
}

static void err_body_without_command(void **state)
{
	struct fixture *f = *state;
	tu_write(f->dir, "clusters/perlmutter.yaml", f->pm);
	char *y = tu_replace(f->pm_tpl, "{{command}}", "train.py");
	tu_write(f->dir, "templates/perlmutter/deepspeed.yaml", y);
	struct maple_error err;
	struct repo *r = tu_open_repo_dirs(f->dir, NULL, &err);
	assert_non_null(r);
	assert_int_equal(repo_load_all_templates(r, &err), -1);
	assert_contains(err.text, "the body never runs the user's command");
	repo_destroy(r);
	free(y);
}

static void err_duplicate_queue(void **state)
{
	struct fixture *f = *state;
	char *y = tu_replace(f->pm, "  - name: debug\n", "  - name: regular\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of_nth(y, "  - name: regular", 2),
			  "duplicate queue 'regular'");
	free(y);
}

static void err_default_queue_unknown(void **state)
{
	struct fixture *f = *state;
	char *y = tu_replace(f->pm, "default_queue: regular", "default_queue: normal");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "default_queue:"),
			  "default_queue 'normal' is not one of the queues");
	free(y);
}

static void err_bad_scheduler(void **state)
{
	struct fixture *f = *state;
	char *y = tu_replace(f->pm, "scheduler: slurm", "scheduler: lsf");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "scheduler: lsf"),
			  "scheduler must be slurm or pbs, not 'lsf'");
	free(y);
	/* pbs with #SBATCH header lines */
	y = tu_replace(f->pm, "scheduler: slurm", "scheduler: pbs");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "header:") + 1, /* the list */
			  "header line '#SBATCH --job-name={{job_name}}' does not start with '#PBS ' (scheduler pbs)");
	free(y);
}

static void err_bad_values(void **state)
{
	struct fixture *f = *state;
	char *y = tu_replace(f->pm, "  gpus_per_node: 4", "  gpus_per_node: four");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "gpus_per_node: four"),
			  "'gpus_per_node' must be a whole number from 1 to 1024, not 'four'");
	free(y);
	/* physical GPUs per node must divide the devices and come with their unit */
	y = tu_replace(f->pm, "      gpus_per_node: 4\n",
		       "      gpus_per_node: 4\n      gpu_packages_per_node: 3\n      device_unit: tiles\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "gpu_packages_per_node: 3"),
			  "gpu_packages_per_node (3) must be fewer than gpus_per_node (4) and divide it");
	free(y);
	y = tu_replace(f->pm, "      gpus_per_node: 4\n", "      gpus_per_node: 4\n      gpu_packages_per_node: 2\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "    hardware:") + 1,
			  "gpu_packages_per_node and device_unit go together");
	free(y);
	/* a queue's shortest walltime is under its longest (ALCF's 5 minutes) */
	y = tu_replace(f->pm, "    max_walltime: \"00:30:00\"\n", "    max_walltime: \"00:30:00\"\n    min_walltime: \"01:00:00\"\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "  - name: debug"),
			  "queue 'debug': min_walltime is above max_walltime");
	free(y);
	y = tu_replace(f->pm, "    max_walltime: \"00:30:00\"\n", "    max_walltime: \"00:30:00\"\n    min_walltime: \"five\"\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "min_walltime: \"five\""),
			  "'min_walltime' must be a walltime");
	free(y);
	y = tu_replace(f->pm, "max_walltime: \"00:30:00\"", "max_walltime: \"half an hour\"");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "half an hour"),
			  "'max_walltime' must be a walltime");
	free(y);
	y = tu_replace(f->pm, "  source: https://docs.nersc.gov/systems/perlmutter/architecture/\n",
		       "  source: docs.nersc.gov\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "source: docs.nersc.gov"),
			  "source must be a documentation URL");
	free(y);
	y = tu_replace(f->pm, "  - name: NCCL_SOCKET_IFNAME", "  - name: NCCL-SOCKET");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "NCCL-SOCKET"),
			  "'NCCL-SOCKET' is not a valid environment variable name");
	free(y);
	/* path_pattern fingerprints: classes maple knows, '/' at both ends, one of text or path_pattern */
	static const char *const bad[][2] = {
		{"    - path_pattern: \"/scratch/{num}/\"\n", "a class is one of {digits}, {lower}, {name}"},
		{"    - path_pattern: \"scratch/{digits}/\"\n", "must start and end with '/'"},
		{"    - path_pattern: \"/scratch/{digits}x/\"\n", "a class must be followed by '/'"},
		{"    - path_pattern: \"/scratch/data/\"\n", "has no class"},
		{"    - text: \"/scratch/{digits}/\"\n", "a text with '{' must be a 'path_pattern'"},
		{"    - text: /pscratch2/\n      path_pattern: \"/p/{digits}/\"\n", "either 'text' or 'path_pattern', not both"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char with[256];
		tu_fmt(with, "  fingerprints:\n%s      source: https://docs.nersc.gov/filesystems/\n", bad[i][0]);
		y = tu_replace(f->pm, "  fingerprints:\n", with);
		tu_write(f->dir, "clusters/perlmutter.yaml", y);
		expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "  fingerprints:") + 1, bad[i][1]);
		free(y);
	}
}

/* a queue's access rule (issue 14): a map with one line of text and its own source */
static void err_bad_access(void **state)
{
	struct fixture *f = *state;
	static const char *const block = "    access:\n      text: >-\n        for interactive sessions: NERSC asks that jobs in "
					 "it be submitted with salloc -q interactive, not\n        as a batch script\n"
					 "      source: https://nersc.gitlab.io/jobs/policy/\n";
	assert_non_null(strstr(f->pm, block));
	static const char *const bad[][3] = {
		{"    access: by request only\n", "access: by request only", "'access' must be a map {text, source, reliability}"},
		{"    access:\n      text: by request only\n", "text: by request only", "missing required field 'source' in queue access"},
		{"    access:\n      text: by request\n      source: https://e.org/\n      reliability: likely\n", "reliability: likely",
		 "reliability must be one of doc, staff, secondary, inferred, not 'likely'"},
		{"    access:\n      text: |\n        by request\n        only\n      source: https://e.org/\n", "text: |",
		 "'text' holds a control character"},
		{"    access:\n      text: ''\n      source: https://e.org/\n", "text: ''", "'text' is empty"},
		{"    access:\n      text: by request\n      source: https://e.org/\n      who: ALCF\n", "who: ALCF",
		 "unknown key 'who' in queue access"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *y = tu_replace(f->pm, block, bad[i][0]);
		tu_write(f->dir, "clusters/perlmutter.yaml", y);
		expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, bad[i][1]), bad[i][2]);
		free(y);
	}
}

/* submit_limits (issue 14): a list of {jobs, per, over, throttle, note, source}, each field checked */
static void err_bad_submit_limits(void **state)
{
	struct fixture *f = *state;
	static const char *const at = "    max_walltime: \"00:30:00\"\n";
	assert_non_null(strstr(f->pm, at));
	/* a good one loads */
	char *y = tu_replace(f->pm, at,
			     "    max_walltime: \"00:30:00\"\n    submit_limits:\n      - jobs: 5\n        per: user\n"
			     "        over: unstated\n        source: https://docs.nersc.gov/jobs/policy/\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	struct maple_error err;
	struct repo *r = tu_open_repo_dirs(f->dir, NULL, &err);
	if (!r)
		fail_msg("a valid submit limit was refused: %s", err.text);
	const struct queue *q = cluster_queue(repo_cluster(r, "perlmutter"), "debug");
	assert_true(q->nsubmit_limits == 1 && q->submit_limits[0].jobs == 5 && q->submit_limits[0].over == SUBMIT_UNSTATED);
	repo_destroy(r);
	free(y);
	static const char *const bad[][3] = {
		{"    submit_limits: 5\n", "submit_limits: 5", "queue 'debug': 'submit_limits' must be a non-empty list"},
		{"    submit_limits:\n      - 5\n", "      - 5", "each submit limit must be a map"},
		{"    submit_limits:\n      - jobs: 5\n", "jobs: 5", "missing required field 'source' in submit limit"},
		{"    submit_limits:\n      - jobs: 0\n        source: https://e.org/\n", "jobs: 0",
		 "'jobs' must be a whole number from 1 to 1000000, not '0'"},
		{"    submit_limits:\n      - jobs: 5\n        per: group\n        source: https://e.org/\n", "per: group",
		 "a submit limit's 'per' must be user or project, not 'group'"},
		{"    submit_limits:\n      - jobs: 5\n        over: held\n        source: https://e.org/\n", "over: held",
		 "'over' (what the centre says happens past it) must be one of unstated, rejected, never_runs, not 'held'"},
		{"    submit_limits:\n      - jobs: 5\n        throttle: maybe\n        source: https://e.org/\n", "throttle: maybe",
		 "throttle"},
		{"    submit_limits:\n      - jobs: 5\n        max: 6\n        source: https://e.org/\n", "max: 6",
		 "unknown key 'max' in submit limit"},
		{"    submit_limits:\n      - jobs: 5\n        source: https://e.org/\n        reliability: likely\n",
		 "reliability: likely", "reliability must be one of doc, staff, secondary, inferred, not 'likely'"},
		{"    submit_limits:\n      - jobs: 5\n        per: user\n        source: https://e.org/\n"
		 "      - jobs: 6\n        per: user\n        source: https://e.org/\n",
		 "jobs: 6", "two submit limits say the same of the same jobs (5 and 6): keep one"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char with[1024];
		tu_fmt(with, "%s%s", at, bad[i][0]);
		y = tu_replace(f->pm, at, with);
		tu_write(f->dir, "clusters/perlmutter.yaml", y);
		expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, bad[i][1]), bad[i][2]);
		free(y);
	}
}

/* scheduler_default: a map naming one of the profile's queues, with its source */
static void err_bad_sched_default(void **state)
{
	struct fixture *f = *state;
	const char *a = strstr(f->pm, "scheduler_default:\n  queue: debug\n");
	assert_non_null(a);
	const char *b = strstr(a, "\nqueues:");
	assert_non_null(b);
	char *block = strndup(a, (size_t)(b + 1 - a));
	static const char *const bad[][3] = {
		{"scheduler_default: debug\n", "scheduler_default: debug",
		 "'scheduler_default' must be a map {queue, source, reliability, note}"},
		{"scheduler_default:\n  queue: nosuchq\n  source: https://e.org/\n", "queue: nosuchq",
		 "scheduler_default queue 'nosuchq' is not one of the queues"},
		{"scheduler_default:\n  queue: debug\n  qos: debug\n  source: https://e.org/\n", "qos: debug",
		 "unknown key 'qos' in scheduler_default"},
		{"scheduler_default:\n  queue: debug\n", "queue: debug", "missing required field 'source' in scheduler_default"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *y = tu_replace(f->pm, block, bad[i][0]);
		tu_write(f->dir, "clusters/perlmutter.yaml", y);
		expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, bad[i][1]), bad[i][2]);
		free(y);
	}
	free(block);
}

/* account_pattern's gpu_jobs (the accounts that charge GPU jobs): a valid expression matching the example */
static void err_bad_account_kinds(void **state)
{
	struct fixture *f = *state;
	static const char *const at = "  example: m1234\n";
	assert_non_null(strstr(f->pm, at));
	char *y = tu_replace(f->pm, at, "  example: m1234\n  gpu_jobs: \"m[0-9]{4}_g\"\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "gpu_jobs:"),
			  "account_pattern's gpu_jobs 'm[0-9]{4}_g' does not match its example 'm1234'");
	free(y);
	y = tu_replace(f->pm, at, "  example: m1234\n  gpu_jobs: \"m[0-9\"\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "gpu_jobs:"),
			  "account_pattern's gpu_jobs 'm[0-9' is not a valid PCRE2 expression");
	free(y);
}

/* container routes: a runtime maple knows, plain exec words, header lines of the scheduler */
static void err_bad_containers(void **state)
{
	struct fixture *f = *state;
	char *y = tu_replace(f->pm, "  - runtime: shifter", "  - runtime: docker");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "runtime: docker"),
			  "container runtime must be shifter, podman-hpc, apptainer or singularity, not 'docker'");
	free(y);
	y = tu_replace(f->pm, "    exec: shifter", "    exec: shifter --image='x'");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "exec: shifter --image"),
			  "'exec' is one line of plain words (no quotes)");
	free(y);
	y = tu_replace(f->pm, "    exec: shifter\n", "    exec: shifter {{gpu}} {{nodes}}\n");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "exec: shifter {{gpu}}"),
			  "'exec' may use only {{image}} and {{gpu}}");
	free(y);
	y = tu_replace(f->pm, "      - line: \"#SBATCH --image={{image}}\"", "      - line: \"#PBS -l image={{image}}\"");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "#PBS -l image"), "#SBATCH");
	free(y);
	y = tu_replace(f->pm, "    exec: shifter\n", "");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "  - runtime: shifter"), "exec");
	free(y);
	/* the data as shipped: Perlmutter's Shifter route with its two header lines */
	tu_write(f->dir, "clusters/perlmutter.yaml", f->pm);
	struct maple_error err;
	err.text[0] = '\0';
	struct repo *r = tu_open_repo_dirs(f->dir, NULL, &err);
	if (!r)
		fail_msg("%s", err.text);
	const struct cluster *pm = repo_cluster(r, "perlmutter");
	assert_int_equal(pm->ncontainers, 1);
	assert_string_equal(cluster_container(pm, NULL)->runtime, "shifter");
	assert_null(cluster_container(pm, "apptainer"));
	assert_int_equal(cluster_container(pm, "shifter")->nheader, 2);
	repo_destroy(r);
}

static void err_id_not_file_name(void **state)
{
	struct fixture *f = *state;
	tu_write(f->dir, "clusters/pm-copy.yaml", f->pm);
	expect_open_error(f->dir, "clusters/pm-copy.yaml", tu_line_of(f->pm, "id: perlmutter"),
			  "id 'perlmutter' does not match the file name 'pm-copy.yaml'");
	char *y = tu_replace(f->pm, "id: perlmutter", "id: Perl Mutter");
	tu_write(f->dir, "clusters/pm-copy.yaml", y);
	expect_open_error(f->dir, "clusters/pm-copy.yaml", tu_line_of(y, "id: Perl"), "may use only a-z, 0-9");
	free(y);
}

static void err_duplicate_template_id(void **state)
{
	struct fixture *f = *state;
	tu_write(f->dir, "clusters/perlmutter.yaml", f->pm);
	tu_write(f->dir, "templates/perlmutter/a.yaml", f->pm_tpl);
	tu_write(f->dir, "templates/perlmutter/b.yaml", f->pm_tpl);
	struct maple_error err;
	struct repo *r = tu_open_repo_dirs(f->dir, NULL, &err);
	assert_non_null(r);
	const struct template **ts;
	size_t n;
	assert_int_equal(repo_templates(r, "perlmutter", &ts, &n, &err), -1);
	char want[4096];
	tu_fmt(want, "%s/templates/perlmutter/b.yaml:1: duplicate template id 'perlmutter-deepspeed' (also in %s/templates/perlmutter/a.yaml)",
	       f->dir, f->dir);
	assert_contains(err.text, want);
	repo_destroy(r);

	/* the same id under two clusters */
	char *pol = tu_read_data("clusters/polaris.yaml");
	tu_write(f->dir, "clusters/polaris.yaml", pol);
	free(pol);
	char *b = tu_replace(f->pm_tpl, "cluster: perlmutter", "cluster: polaris");
	tu_write(f->dir, "templates/polaris/b.yaml", b);
	free(b);
	char rm[4200];
	tu_fmt(rm, "%s/templates/perlmutter/b.yaml", f->dir);
	remove(rm);
	r = tu_open_repo_dirs(f->dir, NULL, &err);
	assert_non_null(r);
	assert_int_equal(repo_load_all_templates(r, &err), -1);
	tu_fmt(want, "%s/templates/polaris/b.yaml:1: duplicate template id 'perlmutter-deepspeed' (also in %s/templates/perlmutter/a.yaml)",
	       f->dir, f->dir);
	assert_contains(err.text, want);
	repo_destroy(r);
}

/* launcher_one_task is checked on load: it starts with the profile's launcher, is plain words, has a
 * source; the loaded one is what ports put before a single-task helper step. */
static void err_launcher_one_task(void **state)
{
	struct fixture *f = *state;
	static const struct {
		const char *to, *msg;
	} cases[] = {
		{"  line: mpiexec -n 1 --ppn 1\n", "must start with the cluster's launcher 'srun'"},
		{"  line: srun\n", "must give the launcher's options for one task"},
		{"  line: srun -n 1 $FLAGS\n", "must be plain words on one line"},
		{"  line: srun -n 1; rm x\n", "must be plain words on one line"},
	};
	const char *from = "  line: srun --nodes=1 --ntasks=1\n";
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *y = tu_replace(f->pm, from, cases[i].to);
		tu_write(f->dir, "clusters/perlmutter.yaml", y);
		expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, cases[i].to + 2), cases[i].msg);
		free(y);
	}
	char *y = tu_replace(f->pm, "  source: https://slurm.schedmd.com/srun.html\nsource:", "source:");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(y, "  line: srun --nodes=1"), "source");
	free(y);
	tu_write(f->dir, "clusters/perlmutter.yaml", f->pm);
	struct maple_error err;
	struct repo *r = tu_open_repo_dirs(f->dir, NULL, &err);
	assert_non_null(r);
	const struct cluster *pm = repo_cluster(r, "perlmutter");
	assert_non_null(pm);
	assert_string_equal(pm->one_task.text, "srun --nodes=1 --ntasks=1");
	assert_string_equal(pm->one_task.src.url, "https://slurm.schedmd.com/srun.html");
	repo_destroy(r);
}

static void err_template_fields(void **state)
{
	struct fixture *f = *state;
	tu_write(f->dir, "clusters/perlmutter.yaml", f->pm);
	static const struct {
		const char *from, *to, *line_of, *msg;
	} cases[] = {
		{"cluster: perlmutter", "cluster: polaris", "cluster: polaris",
		 "cluster 'polaris' does not match the directory 'templates/perlmutter/'"},
		{"framework: deepspeed", "framework: jax", "framework: jax", "framework must be pytorch, deepspeed or accelerate"},
		{"strategies: [zero1, zero2, zero3]", "strategies: [zero1, ddp]", "strategies:",
		 "framework deepspeed cannot run strategy ddp"},
		{"strategies: [zero1, zero2, zero3]", "strategies: [zero9]", "strategies:", "unknown strategy 'zero9'"},
		{"tasks_per_node: gpu", "tasks_per_node: 4", "tasks_per_node:", "tasks_per_node must be node or gpu, not '4'"},
		{"reliability: inferred", "reliability: rumour", "reliability:", "reliability must be one of"},
		{"preferred: true", "preferred: maybe", "preferred:", "'preferred' must be true or false, not 'maybe'"},
		{"launcher: srun\n", "launcher: srun\nlauncher: torchrun\n", "launcher: torchrun", "key 'launcher' appears twice"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *y = tu_replace(f->pm_tpl, cases[i].from, cases[i].to);
		tu_write(f->dir, "templates/perlmutter/deepspeed.yaml", y);
		struct maple_error err;
		struct repo *r = tu_open_repo_dirs(f->dir, NULL, &err);
		assert_non_null(r);
		const struct template **ts;
		size_t n;
		if (repo_templates(r, "perlmutter", &ts, &n, &err) != -1)
			fail_msg("case %zu (%s) accepted", i, cases[i].to);
		char want[4096];
		tu_fmt(want, "%s/templates/perlmutter/deepspeed.yaml:%d: ", f->dir, tu_line_of(y, cases[i].line_of));
		assert_contains(err.text, want);
		assert_contains(err.text, cases[i].msg);
		repo_destroy(r);
		free(y);
	}
}

static void err_bad_yaml(void **state)
{
	struct fixture *f = *state;
	tu_write(f->dir, "clusters/perlmutter.yaml", "id: perlmutter\nname: [unclosed\ncenter: x\n");
	struct maple_error err;
	assert_null(tu_open_repo_dirs(f->dir, NULL, &err));
	char want[4096];
	tu_fmt(want, "%s/clusters/perlmutter.yaml:", f->dir);
	assert_contains(err.text, want);
	assert_contains(err.text, "invalid YAML");

	tu_write(f->dir, "clusters/perlmutter.yaml", "id: a\n\tname: tab\n");
	assert_null(tu_open_repo_dirs(f->dir, NULL, &err));
	assert_contains(err.text, "invalid YAML");

	tu_write(f->dir, "clusters/perlmutter.yaml", "# only a comment\n");
	expect_open_error(f->dir, "clusters/perlmutter.yaml", 1, "the file is empty");

	tu_write(f->dir, "clusters/perlmutter.yaml", "- a\n- b\n");
	expect_open_error(f->dir, "clusters/perlmutter.yaml", 1, "cluster profile must be a mapping");

	char *two = malloc(strlen(f->pm) + 32);
	sprintf(two, "%s---\nid: x\n", f->pm);
	tu_write(f->dir, "clusters/perlmutter.yaml", two);
	expect_open_error(f->dir, "clusters/perlmutter.yaml", tu_line_of(two, "---"), "more than one YAML document");
	free(two);
}

static void err_alias_clash(void **state)
{
	struct fixture *f = *state;
	tu_write(f->dir, "clusters/perlmutter.yaml", f->pm);
	char *y = tu_replace(f->pm, "id: perlmutter", "id: pm2");
	char *y2 = tu_replace(y, "aliases: [pm, perlmutter-gpu, nersc-perlmutter]", "aliases: [PM, other-name]");
	tu_write(f->dir, "clusters/pm2.yaml", y2);
	expect_open_error(f->dir, "clusters/pm2.yaml", 1, "alias 'PM' of cluster 'pm2' is also a name of cluster 'perlmutter'");
	free(y2);
	/* an alias equal to another cluster's id, after ignoring case, '-' and '_' */
	y2 = tu_replace(y, "aliases: [pm, perlmutter-gpu, nersc-perlmutter]", "aliases: [Perl_Mutter]");
	tu_write(f->dir, "clusters/pm2.yaml", y2);
	expect_open_error(f->dir, "clusters/pm2.yaml", 1, "alias 'Perl_Mutter' of cluster 'pm2'");
	free(y2);
	free(y);
}

static void errors_are_all_reported(void **state)
{
	struct fixture *f = *state;
	char *a = tu_replace(f->pm, "scheduler: slurm", "scheduler: lsf");
	char *b = tu_replace(a, "default_queue: regular", "default_queue: normal");
	tu_write(f->dir, "clusters/perlmutter.yaml", b);
	struct maple_error err;
	assert_null(tu_open_repo_dirs(f->dir, NULL, &err));
	assert_contains(err.text, "scheduler must be slurm or pbs");
	assert_contains(err.text, "default_queue 'normal'");
	assert_true(err.text[strlen(err.text) - 1] != '\n');
	free(a);
	free(b);
}

/* ---- override order -------------------------------------------------------------------------- */

static void later_dir_overrides(void **state)
{
	struct fixture *f = *state;
	struct repo *base = tu_open_real_repo();
	size_t nbase = repo_cluster_count(base);
	repo_destroy(base);

	char *y = tu_replace(f->pm, "name: NERSC Perlmutter", "name: Overridden Perlmutter");
	tu_write(f->dir, "clusters/perlmutter.yaml", y);
	free(y);
	char *s3 = tu_read_data("clusters/stampede3.yaml");
	char *a = tu_replace(s3, "id: stampede3", "id: newcluster");
	char *b = tu_replace(a, "aliases: [s3, stampede, stampede-3, tacc-stampede3]", "aliases: [brandnew]");
	tu_write(f->dir, "clusters/newcluster.yaml", b);
	free(s3);
	free(a);
	free(b);
	char *t = tu_replace(f->pm_tpl, "preferred: true", "preferred: false");
	tu_write(f->dir, "templates/perlmutter/deepspeed-override.yaml", t);
	free(t);

	struct maple_error err;
	struct repo *r = tu_open_repo_dirs(MAPLE_SOURCE_DIR "/data", f->dir, &err);
	if (!r)
		fail_msg("%s", err.text);
	assert_int_equal(repo_cluster_count(r), nbase + 1);
	const struct cluster *pm = repo_cluster(r, "perlmutter");
	assert_string_equal(pm->name, "Overridden Perlmutter");
	assert_contains(pm->file, f->dir);
	const struct cluster *nc = repo_cluster(r, "newcluster");
	assert_non_null(nc);
	assert_string_equal(nc->aliases[0], "brandnew");
	assert_non_null(repo_cluster(r, "stampede3"));
	/* the template with the same id from the later dir replaces the built-in one; others stay */
	const struct template **ts;
	size_t n;
	assert_int_equal(repo_templates(r, "perlmutter", &ts, &n, &err), 0);
	assert_int_equal(n, 4);
	const struct template *ds = repo_template(r, "perlmutter-deepspeed");
	assert_false(ds->preferred);
	assert_contains(ds->file, f->dir);
	assert_contains(repo_template(r, "perlmutter-pytorch-ddp")->file, MAPLE_SOURCE_DIR);
	assert_int_equal(repo_templates(r, "newcluster", &ts, &n, &err), 0);
	assert_int_equal(n, 0);
	assert_int_equal(repo_load_all_templates(r, &err), 0);
	repo_destroy(r);

	/* the other order: the built-in data wins */
	r = tu_open_repo_dirs(f->dir, MAPLE_SOURCE_DIR "/data", &err);
	assert_non_null(r);
	assert_string_equal(repo_cluster(r, "perlmutter")->name, "NERSC Perlmutter");
	assert_true(repo_template(r, "perlmutter-deepspeed")->preferred);
	repo_destroy(r);

	/* directories that do not exist are skipped */
	r = tu_open_repo_dirs("/nonexistent/maple", MAPLE_SOURCE_DIR "/data", &err);
	assert_non_null(r);
	assert_int_equal(repo_cluster_count(r), nbase);
	repo_destroy(r);
}

static void default_dirs_order(void **state)
{
	(void)state;
	setenv("MAPLE_DATA_DIR", "/first/data", 1);
	setenv("XDG_CONFIG_HOME", "/xdg", 1);
	setenv("MAPLE_PATH", "/p1:/p2::/p1", 1);
	struct strvec dirs = STRVEC_INIT;
	repo_default_dirs(&dirs, "/extra");
	const char *want[] = {"/first/data", "/etc/maple", "/xdg/maple", "/p1", "/p2", "/extra"};
	assert_int_equal(dirs.nr, 6);
	for (size_t i = 0; i < 6; i++)
		assert_string_equal(dirs.v[i], want[i]);
	strvec_clear(&dirs);
	unsetenv("MAPLE_PATH");
	setenv("MAPLE_DATA_DIR", MAPLE_SOURCE_DIR "/data", 1);
	setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
}

/* File systems a job names (clusters' `filesystems:`, issue 14): a path after a word start or a cue (a cue
 * ending in a letter ends a word) tells the file system; the {{filesystems}} value is the defaults plus the
 * used ones in the profile's order, never a retired one; comments are not read. */
static void filesystems_used(void **state)
{
	(void)state;
	struct repo *r = tu_open_real_repo();
	const struct cluster *a = repo_cluster(r, "aurora"), *p = repo_cluster(r, "polaris");
	assert_non_null(a);
	assert_non_null(p);
	const struct filesystem *flare = cluster_filesystem(a, "flare"), *daos = cluster_filesystem(a, "daos_user_fs");
	assert_non_null(flare);
	assert_non_null(daos);
	assert_null(cluster_filesystem(a, "eagle"));
	assert_non_null(cluster_filesystem(p, "grand"));
	assert_non_null(cluster_filesystem(p, "grand")->retired);
	size_t len = 0;
	assert_int_equal(filesystem_used_at(flare, "python /lus/flare/projects/x/t.py --a 1", &len), 7);
	assert_int_equal(len, strlen("/lus/flare/projects/x/t.py"));
	assert_int_equal(filesystem_used_at(flare, "--data=/flare/p/d", NULL), 7);
	assert_int_equal(filesystem_used_at(flare, "cp /tmp/flare/x .", NULL), -1);
	assert_int_equal(filesystem_used_at(flare, "echo home:flare", NULL), -1);
	assert_true(filesystem_used_at(daos, "module load daos", NULL) >= 0);
	assert_true(filesystem_used_at(daos, "module load daos/base", NULL) >= 0);
	assert_int_equal(filesystem_used_at(daos, "module load daos_perf", NULL), -1);
	static const struct {
		const char *cluster, *text, *want;
	} cases[] = {
		{"aurora", "python train.py\n", "home:flare"},
		{"aurora", "launch-dfuse.sh pool:cont\npython /flare/p/t.py\n", "home:flare:daos_user_fs"},
		{"aurora", "# launch-dfuse.sh pool:cont\npython t.py\n", "home:flare"},
		{"aurora", "module load daos_perf\n", "home:flare:daos_perf_fs"},
		{"polaris", "python /lus/grand/projects/x/t.py\n", "home:eagle"},
		{"polaris", "python /eagle/x/t.py\n", "home:eagle"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf out = STRBUF_INIT;
		filesystems_for_text(repo_cluster(r, cases[i].cluster), cases[i].text, &out);
		if (strcmp(out.buf, cases[i].want))
			fail_msg("%s '%s': got '%s', want '%s'", cases[i].cluster, cases[i].text, out.buf, cases[i].want);
		strbuf_release(&out);
	}
	/* every GPU model name has a source: the hardware's, or its own (Vista's h100 is NVIDIA's name) */
	const struct cluster *v = repo_cluster(r, "vista");
	assert_non_null(v);
	const struct node_type *nt = &v->node_types[0];
	bool h100 = false;
	for (size_t k = 0; k < nt->nmodels; k++) {
		assert_non_null(nt->model_srcs[k].url);
		if (!strcmp(nt->models[k], "h100")) {
			h100 = true;
			assert_string_not_equal(nt->model_srcs[k].url, nt->hw.src.url);
		}
	}
	assert_true(h100);
	assert_non_null(cluster_node_type(v, NULL, "h100", NULL));
	assert_null(cluster_node_type(repo_cluster(r, "deltaai"), NULL, "h200", NULL));
	repo_destroy(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(real_data_loads),
		cmocka_unit_test(fingerprints_name_one_cluster),
		cmocka_unit_test(account_shape_keeps_nothing),
		cmocka_unit_test(names_and_framework_rules),
		cmocka_unit_test(walltime_table),
		cmocka_unit_test(placeholder_contexts),
		cmocka_unit_test(placeholder_stops_early),
		cmocka_unit_test_setup_teardown(err_unknown_key, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_missing_field, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_node_types, fx_setup, fx_teardown),
		cmocka_unit_test(node_type_selection),
		cmocka_unit_test(filesystems_used),
		cmocka_unit_test_setup_teardown(err_unknown_placeholder, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_command_in_double_quotes, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_body_without_command, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_duplicate_queue, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_default_queue_unknown, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_bad_scheduler, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_bad_values, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_bad_access, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_bad_submit_limits, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_bad_account_kinds, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_bad_sched_default, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_bad_containers, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_id_not_file_name, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_duplicate_template_id, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_launcher_one_task, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_template_fields, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_bad_yaml, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(err_alias_clash, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(errors_are_all_reported, fx_setup, fx_teardown),
		cmocka_unit_test_setup_teardown(later_dir_overrides, fx_setup, fx_teardown),
		cmocka_unit_test(default_dirs_order),
		/* last: under UBSan the overflow aborts the process */
		cmocka_unit_test(walltime_overflow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
