/* test_rules.c - src/request/rules.c: defaults, count arithmetic, queue choice and every limit
 * check, on hand-built requests against the real cluster profiles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/repo.h"
#include "request/request.h"
#include "request/rules.h"
#include "util/strbuf.h"

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

struct rq {
	struct request r;
	struct resolution res;
};

static void rq_init(struct rq *q, const char *cluster)
{
	request_init(&q->r);
	resolution_init(&q->res);
	if (cluster)
		request_set(&q->r.cluster, cluster);
}

static void rq_apply(struct rq *q)
{
	rules_apply(repo, &q->r, &q->res);
}

static void rq_release(struct rq *q)
{
	request_release(&q->r);
	resolution_release(&q->res);
}

static bool has_prefix_in(const struct strvec *sv, const char *needle)
{
	for (size_t i = 0; i < sv->nr; i++)
		if (strstr(sv->v[i], needle))
			return true;
	return false;
}

static void dump(const struct rq *q)
{
	for (size_t i = 0; i < q->res.errors.nr; i++)
		fprintf(stderr, "  error: %s\n", q->res.errors.v[i]);
	for (size_t i = 0; i < q->r.warnings.nr; i++)
		fprintf(stderr, "  warning: %s\n", q->r.warnings.v[i]);
}

#define assert_error(q, text)                                                                               \
	do {                                                                                                \
		if (!has_prefix_in(&(q)->res.errors, (text))) {                                             \
			dump(q);                                                                            \
			fail_msg("no error containing [%s]", (text));                                      \
		}                                                                                           \
		assert_int_equal((q)->res.status, REQ_ERROR);                                               \
	} while (0)

#define assert_warning(q, text)                                                                             \
	do {                                                                                                \
		if (!has_prefix_in(&(q)->r.warnings, (text))) {                                             \
			dump(q);                                                                            \
			fail_msg("no warning containing [%s]", (text));                                    \
		}                                                                                           \
	} while (0)

#define assert_ok(q)                                                                                        \
	do {                                                                                                \
		if ((q)->res.status != REQ_OK) {                                                            \
			dump(q);                                                                            \
			fail_msg("status %s, want ok", status_name((q)->res.status));                       \
		}                                                                                           \
	} while (0)

/* ---- missing and defaults -------------------------------------------------------------------- */

static void missing_cluster_and_nodes(void **state)
{
	(void)state;
	struct rq q;
	rq_init(&q, NULL);
	rq_apply(&q);
	assert_int_equal(q.res.status, REQ_INCOMPLETE);
	assert_int_equal(q.res.missing.nr, 2);
	assert_string_equal(q.res.missing.v[0], "cluster");
	assert_string_equal(q.res.missing.v[1], "nodes");
	assert_null(q.res.cluster);
	assert_string_equal(status_name(q.res.status), "incomplete");
	rq_release(&q);

	/* no cluster, but the arithmetic the statements allow is still done */
	rq_init(&q, NULL);
	q.r.nodes = 2;
	q.r.gpus_per_node = 4;
	rq_apply(&q);
	assert_int_equal(q.res.status, REQ_INCOMPLETE);
	assert_int_equal(q.res.missing.nr, 1);
	assert_int_equal(q.r.total_gpus, 8);
	rq_release(&q);
	rq_init(&q, NULL);
	q.r.total_gpus = 12;
	q.r.gpus_per_node = 4;
	rq_apply(&q);
	assert_int_equal(q.r.nodes, 3);
	rq_release(&q);
	rq_init(&q, NULL);
	q.r.total_gpus = 12;
	q.r.nodes = 4;
	rq_apply(&q);
	assert_int_equal(q.r.gpus_per_node, 3);
	rq_release(&q);

	rq_init(&q, "perlmutter");
	rq_apply(&q);
	assert_int_equal(q.res.status, REQ_INCOMPLETE);
	assert_int_equal(q.res.missing.nr, 1);
	assert_string_equal(q.res.missing.v[0], "nodes");
	assert_non_null(q.res.cluster);
	rq_release(&q);
}

static void defaults_filled(void **state)
{
	(void)state;
	struct rq q;
	rq_init(&q, "perlmutter");
	q.r.nodes = 2;
	rq_apply(&q);
	assert_ok(&q);
	assert_string_equal(q.res.cluster->id, "perlmutter");
	assert_int_equal(q.r.gpus_per_node, 4);
	assert_int_equal(q.r.total_gpus, 8);
	assert_int_equal(q.r.framework, FW_PYTORCH);
	assert_int_equal(q.r.strategy, ST_DDP);
	assert_string_equal(q.r.script, "train.py");
	assert_warning(&q, "no training script named: using train.py");
	assert_int_equal(q.r.master_port, 29500);
	assert_string_equal(q.r.queue, "regular");
	assert_string_equal(q.res.queue->name, "regular");
	assert_int_equal(q.r.walltime_min, 60);
	assert_warning(&q, "no walltime given: using 01:00:00");
	assert_string_equal(q.r.job_name, "train");
	assert_null(q.r.account);
	assert_string_equal(status_name(q.res.status), "ok");
	rq_release(&q);

	/* a queue's documented default walltime is used (delta: 30 min) */
	rq_init(&q, "delta");
	q.r.nodes = 1;
	rq_apply(&q);
	assert_ok(&q);
	assert_string_equal(q.r.queue, "gpuA100x4");
	assert_int_equal(q.r.walltime_min, 30);
	assert_warning(&q, "the queue's default");
	rq_release(&q);
}

static void framework_and_strategy_defaults(void **state)
{
	(void)state;
	struct rq q;
	rq_init(&q, "perlmutter");
	q.r.nodes = 1;
	q.r.framework = FW_DEEPSPEED;
	rq_apply(&q);
	assert_ok(&q);
	assert_int_equal(q.r.strategy, ST_ZERO3);
	assert_warning(&q, "no ZeRO stage given: using DeepSpeed ZeRO stage 3");
	rq_release(&q);
	/* the script's own arguments name a config: it decides the stage, and the warning says which file */
	static const char *const named[][2] = {{"--deepspeed_config ds_z2.json", "(ds_z2.json) decides it"},
					       {"--deepspeed=cfg/zero.json --lr 1", "(cfg/zero.json) decides it"},
					       {"--deepspeed", "your DeepSpeed config decides it"}};
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		rq_init(&q, "perlmutter");
		q.r.nodes = 1;
		q.r.framework = FW_DEEPSPEED;
		shlex_split(named[i][0], strlen(named[i][0]), &q.r.args);
		rq_apply(&q);
		assert_ok(&q);
		assert_int_equal(q.r.strategy, ST_ZERO3);
		assert_warning(&q, named[i][1]);
		rq_release(&q);
	}

	rq_init(&q, "perlmutter");
	q.r.nodes = 1;
	q.r.strategy = ST_ZERO2;
	rq_apply(&q);
	assert_ok(&q);
	assert_int_equal(q.r.framework, FW_DEEPSPEED);
	rq_release(&q);

	rq_init(&q, "perlmutter");
	q.r.nodes = 1;
	q.r.strategy = ST_FSDP;
	rq_apply(&q);
	assert_int_equal(q.r.framework, FW_PYTORCH);
	rq_release(&q);

	rq_init(&q, "perlmutter");
	q.r.nodes = 1;
	q.r.framework = FW_ACCELERATE;
	rq_apply(&q);
	assert_ok(&q);
	assert_int_equal(q.r.strategy, ST_DDP);
	rq_release(&q);

	rq_init(&q, "perlmutter");
	q.r.nodes = 1;
	q.r.framework = FW_PYTORCH;
	q.r.strategy = ST_ZERO1;
	rq_apply(&q);
	assert_error(&q, "pytorch does not run zero1");
	rq_release(&q);

	rq_init(&q, "perlmutter");
	q.r.nodes = 1;
	q.r.framework = FW_DEEPSPEED;
	q.r.strategy = ST_FSDP;
	rq_apply(&q);
	assert_error(&q, "deepspeed does not run fsdp");
	rq_release(&q);
}

/* ---- count arithmetic ------------------------------------------------------------------------ */

static void counts_table(void **state)
{
	(void)state;
	static const struct {
		const char *cluster;
		int nodes, gpn, total;			/* as stated */
		int want_nodes, want_gpn, want_total; /* after the rules */
		const char *warning;			/* NULL = none expected about counts */
	} cases[] = {
		{"perlmutter", 2, 0, 0, 2, 4, 8, NULL},
		{"perlmutter", 2, 2, 0, 2, 2, 4, NULL},
		{"perlmutter", 2, 0, 6, 2, 3, 6, NULL},
		{"perlmutter", 3, 4, 12, 3, 4, 12, NULL},
		{"perlmutter", 0, 0, 8, 2, 4, 8, NULL},
		{"perlmutter", 0, 0, 3, 1, 3, 3, NULL},
		{"perlmutter", 0, 0, 16, 4, 4, 16, NULL},
		{"perlmutter", 0, 2, 6, 3, 2, 6, NULL},
		{"perlmutter", 0, 2, 0, 1, 2, 2, "no node count given: using 1 node with 2 GPUs"},
		{"frontier", 0, 0, 64, 8, 8, 64, NULL},
		{"lonestar6", 0, 0, 6, 2, 3, 6, NULL},
		{"vista", 0, 0, 16, 16, 1, 16, NULL},
		{"aurora", 0, 0, 24, 2, 12, 24, NULL},
		{"bridges2", 1, 0, 0, 1, 8, 8, NULL},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rq q;
		rq_init(&q, cases[i].cluster);
		q.r.nodes = cases[i].nodes;
		q.r.gpus_per_node = cases[i].gpn;
		q.r.total_gpus = cases[i].total;
		q.r.walltime_min = 30;
		rq_apply(&q);
		if (q.r.nodes != cases[i].want_nodes || q.r.gpus_per_node != cases[i].want_gpn ||
		    q.r.total_gpus != cases[i].want_total || q.res.errors.nr) {
			dump(&q);
			fail_msg("case %zu (%s %d/%d/%d): got %d x %d = %d, want %d x %d = %d", i, cases[i].cluster,
				 cases[i].nodes, cases[i].gpn, cases[i].total, q.r.nodes, q.r.gpus_per_node, q.r.total_gpus,
				 cases[i].want_nodes, cases[i].want_gpn, cases[i].want_total);
		}
		if (cases[i].warning)
			assert_warning(&q, cases[i].warning);
		else
			assert_false(has_prefix_in(&q.r.warnings, "evenly") || has_prefix_in(&q.r.warnings, "no node count"));
		rq_release(&q);
	}
}

static void count_errors(void **state)
{
	(void)state;
	static const struct {
		const char *cluster;
		int nodes, gpn, total;
		const char *error;
	} cases[] = {
		{"perlmutter", 1, 8, 0, "8 GPUs per node asked, but perlmutter has 4 GPUs per node"},
		{"perlmutter", 2, 4, 9, "2 nodes x 4 GPUs per node is 8 GPUs, not the 9 GPUs asked"},
		{"perlmutter", 2, 0, 5, "5 GPUs do not divide evenly over 2 nodes"},
		{"perlmutter", 2, 0, 16, "16 GPUs over 2 nodes is 8 GPUs per node, but perlmutter has 4 GPUs per node (use 4 nodes)"},
		{"perlmutter", 0, 4, 6, "6 GPUs in total is not a multiple of 4 GPUs per node"},
		{"lonestar6", 0, 4, 0, "4 GPUs per node asked, but lonestar6 has 3 GPUs per node"},
		/* only a total that whole nodes do not hold: the layout is asked, with both answers */
		{"perlmutter", 0, 0, 6, "6 GPUs do not fill 4-GPU nodes evenly (every node runs the same number of ranks): say \"2 nodes x 3 GPUs\" (the fewest nodes over which 6 divides) or \"2 nodes\" (8 GPUs)"},
		{"perlmutter", 0, 0, 5, "say \"5 nodes x 1 GPUs\""},
		{"perlmutter", 0, 0, 10, "say \"5 nodes x 2 GPUs\" (the fewest nodes over which 10 divides) or \"3 nodes\" (12 GPUs)"},
		{"frontier", 0, 0, 12, "12 GPUs do not fill 8-GPU nodes evenly"},
		{"lonestar6", 0, 0, 4, "4 GPUs do not fill 3-GPU nodes evenly"},
		{"lonestar6", 0, 0, 8, "say \"4 nodes x 2 GPUs\" (the fewest nodes over which 8 divides) or \"3 nodes\" (9 GPUs)"},
		{"aurora", 0, 0, 18, "18 GPUs do not fill 12-GPU nodes evenly"},
		{"perlmutter", -1, 0, 0, "node and GPU counts must be positive whole numbers"},
		{"perlmutter", 1, -4, 0, "node and GPU counts must be positive whole numbers"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rq q;
		rq_init(&q, cases[i].cluster);
		q.r.nodes = cases[i].nodes;
		q.r.gpus_per_node = cases[i].gpn;
		q.r.total_gpus = cases[i].total;
		rq_apply(&q);
		assert_error(&q, cases[i].error);
		rq_release(&q);
	}
	/* an explicit zero ("0 nodes") is an error, not a missing count */
	struct rq q;
	rq_init(&q, "perlmutter");
	request_set_from(&q.r, RF_NODES, "0 nodes", 7);
	rq_apply(&q);
	assert_error(&q, "node and GPU counts must be at least 1");
	assert_int_equal(q.res.missing.nr, 0);
	rq_release(&q);
	rq_init(&q, "perlmutter");
	q.r.nodes = 2;
	request_set_from(&q.r, RF_GPUS_PER_NODE, "0 gpus", 6);
	rq_apply(&q);
	assert_error(&q, "at least 1");
	rq_release(&q);
}

/* ---- queues ---------------------------------------------------------------------------------- */

static void queue_selection_table(void **state)
{
	(void)state;
	static const struct {
		const char *cluster;
		int nodes, walltime; /* 0 walltime = not stated */
		const char *queue;
		int want_walltime;
	} cases[] = {
		{"perlmutter", 2, 0, "regular", 60},
		{"perlmutter", 2, 30, "regular", 30},
		{"perlmutter", 1792, 2880, "regular", 2880},
		/* polaris: prod needs at least 10 nodes, with walltime bins */
		{"polaris", 2, 0, "debug", 60},
		{"polaris", 2, 180, "capacity", 180},
		{"polaris", 8, 30, "debug-scaling", 30},
		{"polaris", 10, 120, "prod", 120},
		{"polaris", 10, 180, "prod", 180},
		{"polaris", 30, 360, "prod", 360},
		{"polaris", 200, 1440, "prod", 1440},
		/* aurora: prod needs 256 nodes */
		{"aurora", 1, 30, "debug", 30},
		{"aurora", 300, 720, "prod", 720},
		{"aurora", 1500, 1080, "prod", 1080},
		{"aurora", 4, 2000, "capacity", 2000},
		/* frontier: batch bins by node count; extended for long small jobs */
		{"frontier", 10, 120, "batch", 120},
		{"frontier", 10, 180, "extended", 180},
		{"frontier", 100, 360, "batch", 360},
		{"frontier", 2000, 720, "batch", 720},
		{"lonestar6", 8, 0, "gpu-a100", 60},
		{"bridges2", 4, 0, "GPU", 60},
		{"delta", 4, 600, "gpuA100x4", 600},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rq q;
		rq_init(&q, cases[i].cluster);
		q.r.nodes = cases[i].nodes;
		q.r.walltime_min = cases[i].walltime;
		rq_apply(&q);
		if (q.res.status != REQ_OK || !q.r.queue || strcmp(q.r.queue, cases[i].queue) ||
		    q.r.walltime_min != cases[i].want_walltime) {
			dump(&q);
			fail_msg("case %zu (%s, %d nodes, %d min): queue %s walltime %d, want %s %d", i, cases[i].cluster,
				 cases[i].nodes, cases[i].walltime, q.r.queue ? q.r.queue : "(none)", q.r.walltime_min,
				 cases[i].queue, cases[i].want_walltime);
		}
		assert_ptr_equal(q.res.queue, cluster_queue(q.res.cluster, cases[i].queue));
		rq_release(&q);
	}
}

static void queue_errors_name_the_limit(void **state)
{
	(void)state;
	static const struct {
		const char *cluster;
		int nodes, walltime;
		const char *queue; /* NULL = automatic */
		const char *error[3];
	} cases[] = {
		{"perlmutter", 2000, 60, NULL,
		 {"no queue on perlmutter admits 2000 nodes for 01:00:00",
		  "queue 'regular' allows at most 1792 nodes (asked: 2000)", "queue 'debug' allows at most 8 nodes"}},
		{"perlmutter", 2, 3000, NULL,
		 {"no queue on perlmutter admits 2 nodes for 50:00:00", "queue 'regular' allows at most 48 h of walltime (asked: 50 h)",
		  NULL}},
		{"polaris", 12, 240, NULL,
		 {"queue 'prod' allows at most 3 h for jobs of 10-24 nodes (asked: 4 h)", "queue 'debug' allows at most 2 nodes",
		  "queue 'capacity' allows at most 4 nodes"}},
		{"aurora", 300, 780, NULL, {"queue 'prod' allows at most 12 h for jobs of 256-1024 nodes (asked: 13 h)", NULL, NULL}},
		{"frontier", 100, 420, NULL,
		 {"queue 'batch' allows at most 6 h for jobs of 92-183 nodes (asked: 7 h)", "queue 'extended' allows at most 64 nodes",
		  NULL}},
		{"perlmutter", 16, 0, "debug",
		 {"queue 'debug' allows at most 8 nodes (asked: 16)",
		  "queues on perlmutter that would admit 16 nodes for 00:30:00: regular, premium", NULL}},
		{"perlmutter", 2, 45, "debug", {"queue 'debug' allows at most 30 min of walltime (asked: 45 min)", NULL, NULL}},
		{"perlmutter", 2, 90, "debug", {"queue 'debug' allows at most 30 min of walltime (asked: 1 h 30 min)", NULL, NULL}},
		{"polaris", 2, 30, "prod",
		 {"queue 'prod' needs at least 10 nodes (asked: 2)", "would admit 2 nodes for 00:30:00: debug, debug-scaling, capacity",
		  NULL}},
		{"aurora", 100, 60, "prod", {"queue 'prod' needs at least 256 nodes (asked: 100)", NULL, NULL}},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rq q;
		rq_init(&q, cases[i].cluster);
		q.r.nodes = cases[i].nodes;
		q.r.walltime_min = cases[i].walltime;
		if (cases[i].queue)
			request_set(&q.r.queue, cases[i].queue);
		rq_apply(&q);
		for (int k = 0; k < 3 && cases[i].error[k]; k++)
			assert_error(&q, cases[i].error[k]);
		rq_release(&q);
	}
}

static void named_queue_kept(void **state)
{
	(void)state;
	struct rq q;
	/* a known queue: limits checked, the name kept as given, walltime defaults from that queue */
	rq_init(&q, "perlmutter");
	q.r.nodes = 2;
	request_set(&q.r.queue, "debug");
	rq_apply(&q);
	assert_ok(&q);
	assert_string_equal(q.r.queue, "debug");
	assert_string_equal(q.res.queue->name, "debug");
	assert_int_equal(q.r.walltime_min, 30);
	assert_warning(&q, "no walltime given: using 00:30:00");
	rq_release(&q);

	/* a queue that is not automatic may still be named */
	rq_init(&q, "perlmutter");
	q.r.nodes = 2;
	q.r.walltime_min = 120;
	request_set(&q.r.queue, "premium");
	rq_apply(&q);
	assert_ok(&q);
	assert_string_equal(q.r.queue, "premium");
	rq_release(&q);

	/* an unknown queue: an error listing the queues the cluster has (issue14: the lists are complete) */
	rq_init(&q, "perlmutter");
	q.r.nodes = 5000;
	request_set(&q.r.queue, "my_special-qos");
	rq_apply(&q);
	assert_int_equal(q.res.status, REQ_ERROR);
	assert_null(q.res.queue);
	assert_error(&q, "queue 'my_special-qos' does not exist on perlmutter; its queues are: regular, debug, interactive, "
			 "shared, premium");
	rq_release(&q);
}

/* Slurm partition names are case-sensitive. A queue matched case-insensitively against the profile
 * has its limits checked as the profile's queue, so the request must carry the profile's spelling
 * (Bridges-2 "GPU-shared", Stampede3 "h100"), or sbatch rejects the directive. */
static void named_queue_takes_profile_spelling(void **state)
{
	(void)state;
	static const struct {
		const char *cluster, *typed, *want;
	} cases[] = {{"bridges2", "gpu-shared", "GPU-shared"}, {"stampede3", "H100", "h100"}, {"perlmutter", "DEBUG", "debug"}};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rq q;
		rq_init(&q, cases[i].cluster);
		q.r.nodes = 1;
		q.r.walltime_min = 30;
		request_set(&q.r.queue, cases[i].typed);
		rq_apply(&q);
		assert_ok(&q);
		assert_string_equal(q.res.queue->name, cases[i].want);
		char got[64];
		tu_fmt(got, "%s", q.r.queue);
		rq_release(&q); /* before any failure, so a failing run shows no leak */
		if (strcmp(got, cases[i].want))
			fail_msg("%s queue '%s': request carries '%s', want the profile's '%s'", cases[i].cluster,
				 cases[i].typed, got, cases[i].want);
	}
}

static void queue_admits_direct(void **state)
{
	(void)state;
	const struct cluster *fr = repo_cluster(repo, "frontier");
	const struct queue *batch = cluster_queue(fr, "batch");
	struct strbuf why = STRBUF_INIT;
	assert_true(queue_admits(batch, 91, 120, NULL));
	assert_false(queue_admits(batch, 91, 121, &why));
	assert_contains(why.buf, "queue 'batch' allows at most 2 h for jobs of 1-91 nodes (asked: 2 h 01 min)");
	assert_true(queue_admits(batch, 92, 360, NULL));
	assert_true(queue_admits(batch, 9472, 720, NULL));
	strbuf_reset(&why);
	assert_false(queue_admits(batch, 9473, 60, &why));
	assert_contains(why.buf, "at most 9472 nodes (asked: 9473)");
	strbuf_release(&why);
	char buf[32];
	format_walltime(90, buf, sizeof(buf));
	assert_string_equal(buf, "01:30:00");
	format_walltime(2880, buf, sizeof(buf));
	assert_string_equal(buf, "48:00:00");
	format_walltime(10080, buf, sizeof(buf));
	assert_string_equal(buf, "168:00:00");
	format_walltime(5, buf, sizeof(buf));
	assert_string_equal(buf, "00:05:00");
}

/* ---- values that become scheduler directives ------------------------------------------------- */

static void account_and_queue_verbatim(void **state)
{
	(void)state;
	struct rq q;
	rq_init(&q, "polaris");
	q.r.nodes = 2;
	request_set(&q.r.account, "AI-Project_2024.v2");
	rq_apply(&q);
	assert_ok(&q);
	assert_string_equal(q.r.account, "AI-Project_2024.v2");
	assert_false(has_prefix_in(&q.r.warnings, "no account given"));
	rq_release(&q);

	/* account required but missing: a warning telling the user to replace YOUR_ACCOUNT */
	rq_init(&q, "polaris");
	q.r.nodes = 2;
	rq_apply(&q);
	assert_ok(&q);
	assert_warning(&q, "no account given: polaris rejects jobs without one; replace YOUR_ACCOUNT");
	rq_release(&q);
	/* not required: no warning */
	rq_init(&q, "perlmutter");
	q.r.nodes = 2;
	rq_apply(&q);
	assert_false(has_prefix_in(&q.r.warnings, "no account given"));
	rq_release(&q);
}

static void unsafe_directive_values_rejected(void **state)
{
	(void)state;
	static const char *const bad[] = {"abc;rm -rf ~", "my account", "$(id)", "a`b`", "x\ny", "a'b", "a\"b",
					  "a/b", "a|b", "a>b", "a#b", "", "проект"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		for (int field = 0; field < 3; field++) {
			struct rq q;
			rq_init(&q, "perlmutter");
			q.r.nodes = 1;
			char **slot = field == 0 ? &q.r.account : field == 1 ? &q.r.queue : &q.r.job_name;
			request_set(slot, bad[i]);
			rq_apply(&q);
			const char *what = field == 0 ? "account" : field == 1 ? "queue" : "job name";
			struct strbuf want = STRBUF_INIT;
			strbuf_addf(&want, "%s '%s' has characters a scheduler directive cannot carry", what, bad[i]);
			assert_error(&q, want.buf);
			strbuf_release(&want);
			rq_release(&q);
		}
	}
	static const char *const good[] = {"m1234_g", "CSC123", "proj.sub", "a:b", "user@x", "a+b", "a-b"};
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		struct rq q;
		rq_init(&q, "perlmutter");
		q.r.nodes = 1;
		request_set(&q.r.account, good[i]);
		request_set(&q.r.job_name, good[i]);
		rq_apply(&q);
		assert_ok(&q);
		assert_string_equal(q.r.account, good[i]);
		assert_string_equal(q.r.job_name, good[i]);
		rq_release(&q);
	}
}

static void port_range(void **state)
{
	(void)state;
	static const struct {
		int port;
		bool ok;
	} cases[] = {{0, true}, {1024, true}, {29501, true}, {65535, true}, {1023, false}, {80, false}, {65536, false},
		     {-5, false}};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rq q;
		rq_init(&q, "perlmutter");
		q.r.nodes = 1;
		q.r.master_port = cases[i].port;
		rq_apply(&q);
		if (cases[i].ok) {
			assert_ok(&q);
			assert_int_equal(q.r.master_port, cases[i].port ? cases[i].port : 29500);
		} else {
			char want[64];
			tu_fmt(want, "port %d is out of range: use 1024-65535", cases[i].port);
			assert_error(&q, want);
		}
		rq_release(&q);
	}
}

static void walltime_negative(void **state)
{
	(void)state;
	struct rq q;
	rq_init(&q, "perlmutter");
	q.r.nodes = 1;
	q.r.walltime_min = -30;
	rq_apply(&q);
	assert_error(&q, "the walltime must be more than 0");
	rq_release(&q);
}

/* ---- cluster names and job names ------------------------------------------------------------- */

static void cluster_resolution(void **state)
{
	(void)state;
	struct rq q;
	rq_init(&q, "Perlmuter");
	q.r.nodes = 1;
	rq_apply(&q);
	assert_ok(&q);
	assert_string_equal(q.r.cluster, "perlmutter");
	rq_release(&q);
	rq_init(&q, "ls6");
	q.r.nodes = 1;
	rq_apply(&q);
	assert_ok(&q);
	assert_string_equal(q.r.cluster, "lonestar6");
	rq_release(&q);

	rq_init(&q, "summit");
	q.r.nodes = 1;
	rq_apply(&q);
	assert_error(&q, "unknown cluster 'summit' (closest known: ");
	assert_error(&q, "`maple clusters` lists all)");
	assert_null(q.res.cluster);
	rq_release(&q);
}

static void job_names(void **state)
{
	(void)state;
	static const struct {
		const char *script, *model;
		bool module;
		const char *want;
	} cases[] = {
		{"train.py", NULL, false, "train"},
		{"src/models/train_gpt.py", NULL, false, "train_gpt"},
		{"pkg.train", NULL, true, "pkg.train"},
		{"run.sh", "llama 7b", false, "llama-7b"},
		{"my script.py", NULL, false, "my-script"},
		{".hidden", NULL, false, ".hidden"},
		{"train.py", "ViT/B16", false, "ViT-B16"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct rq q;
		rq_init(&q, "perlmutter");
		q.r.nodes = 1;
		request_set(&q.r.script, cases[i].script);
		request_set(&q.r.model, cases[i].model);
		q.r.script_is_module = cases[i].module;
		rq_apply(&q);
		assert_ok(&q);
		assert_string_equal(q.r.job_name, cases[i].want);
		rq_release(&q);
	}
	/* a user's job name is kept */
	struct rq q;
	rq_init(&q, "perlmutter");
	q.r.nodes = 1;
	request_set(&q.r.job_name, "mine");
	rq_apply(&q);
	assert_string_equal(q.r.job_name, "mine");
	rq_release(&q);
}

/* A GPU model with a per-node count picks the node type that has enough of them (Delta: 8 A100s per node
 * are its a100x8 nodes, reached only by gpuA100x8), and the queue follows the node type. */
static void node_type_by_model_and_count(void **state)
{
	(void)state;
	static const struct {
		const char *cluster, *model;
		int nodes, gpn;
		const char *queue; /* NULL: an error */
	} cases[] = {
		{"delta", "a100", 2, 8, "gpuA100x8"},
		{"delta", "a100", 2, 4, "gpuA100x4"},
		{"delta", "h200", 1, 8, "gpuH200x8"},
		{"delta", "a40", 1, 8, NULL}, /* A40 nodes have 4: an error naming the node types */
		/* a model with its memory: the node type with that memory, or an error naming the types */
		{"perlmutter", "a100-80gb", 2, 4, "regular"},
		{"polaris", "a100-80gb", 2, 4, NULL},
		{"bridges2", "v100-16gb", 1, 8, "GPU"},
		/* the memory alone ("80GB GPUs"): the node type with that memory, whatever its model; a size no
		 * node type has is a minimum (issue 14): the default node type where its GPUs hold more (24 GB on
		 * Perlmutter's 40 GB A100s; this case was an error), else the smallest that holds it (Stampede3's
		 * 96 GB H100s for 80 GB, Delta's H200 nodes for 80 GB), an error only where none does */
		{"perlmutter", "gpu-80gb", 2, 4, "regular"},
		{"anvil", "gpu-80gb", 2, 4, "ai"},
		{"bridges2", "gpu-16gb", 1, 8, "GPU"},
		{"perlmutter", "gpu-24gb", 2, 4, "regular"},
		{"stampede3", "gpu-80gb", 2, 4, "h100"},
		{"delta", "gpu-80gb", 1, 8, "gpuH200x8"},
		{"polaris", "gpu-80gb", 2, 4, NULL},
		{"perlmutter", "gpu-24gb-exact", 2, 4, NULL},
		{"delta", "gpu-40gb", 2, 8, "gpuA100x8"},
		/* Bridges-2's H100-80GB nodes (users' scripts: --gpus=h100-80:N in GPU and GPU-shared) */
		{"bridges2", "h100", 2, 8, "GPU"},
		{"bridges2", "h100-80", 1, 8, "GPU"},
		{"bridges2", "h100-80gb", 1, 8, "GPU"},
		{"bridges2", "gpu-80gb", 2, 8, "GPU"},
		{"bridges2", "h100", 1, 9, NULL},  /* 8 per node */
		{"bridges2", "l40s", 1, 8, NULL},  /* an L40S type exists, but no source gives its nodes */
		{"bridges2", "a100", 1, 8, NULL},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct rq q;
		rq_init(&q, cases[i].cluster);
		request_set(&q.r.gpu_model, cases[i].model);
		request_set(&q.r.script, "x.py");
		q.r.nodes = cases[i].nodes;
		q.r.gpus_per_node = cases[i].gpn;
		q.r.walltime_min = 30;
		rq_apply(&q);
		if (cases[i].queue) {
			if (q.res.errors.nr || !q.res.queue)
				fprintf(stderr, "case %zu: %s\n", i, q.res.errors.nr ? q.res.errors.v[0] : "no queue");
			assert_int_equal(q.res.errors.nr, 0);
			assert_non_null(q.res.queue);
			assert_string_equal(q.res.queue->name, cases[i].queue);
		} else {
			assert_true(q.res.errors.nr > 0);
		}
		rq_release(&q);
	}
	/* the 80 GB A100s on Perlmutter are their own node type, said as used */
	struct rq q;
	rq_init(&q, "perlmutter");
	request_set(&q.r.gpu_model, "a100-80gb");
	request_set(&q.r.script, "x.py");
	q.r.nodes = 2;
	q.r.walltime_min = 30;
	rq_apply(&q);
	assert_int_equal(q.res.errors.nr, 0);
	assert_warning(&q, "using the gpu80 nodes");
	rq_release(&q);
	/* the memory alone, said in words in the error ("80 GB GPUs", not "gpu-80gb") */
	rq_init(&q, "polaris");
	request_set(&q.r.gpu_model, "gpu-80gb");
	request_set(&q.r.script, "x.py");
	q.r.nodes = 2;
	q.r.walltime_min = 30;
	rq_apply(&q);
	assert_true(q.res.errors.nr > 0);
	assert_non_null(strstr(q.res.errors.v[0], "80 GB GPU"));
	assert_null(strstr(q.res.errors.v[0], "gpu-80gb"));
	rq_release(&q);
}

/* More nodes than the node type has, in a queue that would admit them, is an error naming the node type's
 * count and the node types with that many nodes and a queue that takes them; at the count it is fine.
 * Where the queue's own limit is lower, the queue's error comes first. */
static void node_type_node_count(void **state)
{
	(void)state;
	static const struct {
		const char *cluster, *model, *queue;
		int nodes;
		const char *error; /* NULL: ok */
		const char *also;  /* a second part of the error, or NULL */
	} cases[] = {
		{"bridges2", "h100", NULL, 10, NULL, NULL},
		{"bridges2", "h100", NULL, 11, "11 nodes asked, but bridges2 has 10 h100-80 nodes", "v100-32 (24 nodes"},
		{"bridges2", "h100", "GPU", 24, "24 nodes asked, but bridges2 has 10 h100-80 nodes", "v100-32 (24 nodes"},
		{"bridges2", "v100-16", NULL, 9, NULL, NULL},
		{"bridges2", "v100-16", NULL, 10, "10 nodes asked, but bridges2 has 9 v100-16 nodes", "v100-32 (24 nodes"},
		{"bridges2", "v100", NULL, 24, NULL, NULL},
		{"perlmutter", "a100-80gb", NULL, 256, NULL, NULL},
		{"perlmutter", "a100-80gb", NULL, 257, "257 nodes asked, but perlmutter has 256 gpu80 nodes", "gpu40 (1536 nodes"},
		/* -C gpu takes the 80 GB nodes too: the 40 GB count is no limit, the QOS's is */
		{"perlmutter", "a100", NULL, 1537, NULL, NULL},
		{"perlmutter", NULL, NULL, 1792, NULL, NULL},
		{"perlmutter", NULL, NULL, 1793, "queue 'regular' allows at most 1792 nodes", NULL},
		/* the queue's limit is lower than the node count: its error, not the node type's */
		{"delta", "a100", "gpuA100x8", 7, "queue 'gpuA100x8' allows at most 6 nodes", NULL},
		{"anvil", "a100", NULL, 17, "queue 'gpu' allows at most 16 nodes", NULL},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct rq q;
		rq_init(&q, cases[i].cluster);
		request_set(&q.r.gpu_model, cases[i].model);
		request_set(&q.r.queue, cases[i].queue);
		request_set(&q.r.script, "x.py");
		q.r.nodes = cases[i].nodes;
		q.r.walltime_min = 30;
		rq_apply(&q);
		if (!cases[i].error) {
			if (q.res.errors.nr)
				fprintf(stderr, "case %zu: %s\n", i, q.res.errors.v[0]);
			assert_int_equal(q.res.errors.nr, 0);
		} else {
			assert_error(&q, cases[i].error);
			if (cases[i].also)
				assert_error(&q, cases[i].also);
			if (!cases[i].also && strstr(cases[i].error, "nodes asked"))
				assert_null(strstr(q.res.errors.v[0], "node types with that many"));
		}
		rq_release(&q);
	}
}

/* Bridges-2's GPU-shared partition takes at most 4 GPUs of one node, of any GPU type. */
static void shared_queue_gpu_cap_per_node_type(void **state)
{
	(void)state;
	static const struct {
		const char *model;
		int gpn; /* GPUs on the one node */
		bool ok;
	} cases[] = {{"h100", 4, true}, {"h100", 1, true}, {"h100", 5, false}, {"h100", 8, false},
		     {"v100-16", 4, true}, {"v100-16", 5, false}, {"v100", 2, true}, {"v100", 6, false}};
	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		struct rq q;
		rq_init(&q, "bridges2");
		request_set(&q.r.gpu_model, cases[i].model);
		request_set(&q.r.queue, "GPU-shared");
		request_set(&q.r.script, "x.py");
		q.r.nodes = 1;
		q.r.gpus_per_node = cases[i].gpn;
		q.r.walltime_min = 30;
		rq_apply(&q);
		if (cases[i].ok) {
			assert_int_equal(q.res.errors.nr, 0);
		} else {
			char want[96];
			tu_fmt(want, "queue 'GPU-shared' on bridges2 allows at most 4 GPUs per job (asked: %d)", cases[i].gpn);
			assert_error(&q, want);
		}
		rq_release(&q);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(missing_cluster_and_nodes),
		cmocka_unit_test(defaults_filled),
		cmocka_unit_test(framework_and_strategy_defaults),
		cmocka_unit_test(counts_table),
		cmocka_unit_test(count_errors),
		cmocka_unit_test(queue_selection_table),
		cmocka_unit_test(queue_errors_name_the_limit),
		cmocka_unit_test(named_queue_kept),
		cmocka_unit_test(named_queue_takes_profile_spelling),
		cmocka_unit_test(queue_admits_direct),
		cmocka_unit_test(account_and_queue_verbatim),
		cmocka_unit_test(unsafe_directive_values_rejected),
		cmocka_unit_test(port_range),
		cmocka_unit_test(walltime_negative),
		cmocka_unit_test(cluster_resolution),
		cmocka_unit_test(job_names),
		cmocka_unit_test(node_type_by_model_and_count),
		cmocka_unit_test(node_type_node_count),
		cmocka_unit_test(shared_queue_gpu_cap_per_node_type),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
