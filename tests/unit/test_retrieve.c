/* test_retrieve.c - src/retrieve/retrieve.c: eligibility first, then BM25 among variants. */
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
#include "retrieve/retrieve.h"

#include "testutil.h"

static void rank(struct retriever *rp, const char *cluster, enum framework fw, enum strategy st, const char *query,
		 struct candidate *out, size_t max, size_t *n)
{
	struct request req;
	request_init(&req);
	request_set(&req.cluster, cluster);
	req.framework = fw;
	req.strategy = st;
	struct maple_error err;
	if (retrieve_rank(rp, &req, query, out, max, n, &err) != 0)
		fail_msg("retrieve_rank(%s): %s", cluster, err.text);
	request_release(&req);
}

static void eligible_first_on_real_data(void **state)
{
	(void)state;
	struct repo *repo = tu_open_real_repo();
	assert_non_null(repo);
	struct retriever *r = retriever_create(repo);
	static const char *const clusters[] = {"perlmutter", "polaris", "frontier", "aurora", "bridges2", "vista"};
	static const struct {
		enum framework fw;
		enum strategy st;
		const char *suffix; /* the template id ends with this */
	} combos[] = {
		{FW_PYTORCH, ST_DDP, "-pytorch-ddp"},	      {FW_PYTORCH, ST_FSDP, "-pytorch-fsdp"},
		{FW_DEEPSPEED, ST_ZERO1, "-deepspeed"},	      {FW_DEEPSPEED, ST_ZERO2, "-deepspeed"},
		{FW_DEEPSPEED, ST_ZERO3, "-deepspeed"},	      {FW_ACCELERATE, ST_DDP, "-accelerate"},
		{FW_ACCELERATE, ST_FSDP, "-accelerate"},      {FW_ACCELERATE, ST_ZERO2, "-accelerate"},
	};
	for (size_t c = 0; c < sizeof(clusters) / sizeof(clusters[0]); c++) {
		const struct template **ts;
		size_t nt;
		struct maple_error err;
		assert_int_equal(repo_templates(repo, clusters[c], &ts, &nt, &err), 0);
		for (size_t k = 0; k < sizeof(combos) / sizeof(combos[0]); k++) {
			struct candidate out[32];
			size_t n;
			rank(r, clusters[c], combos[k].fw, combos[k].st, NULL, out, 32, &n);
			assert_int_equal(n, nt);
			assert_true(out[0].eligible);
			assert_int_equal(out[0].t->framework, combos[k].fw);
			assert_true(out[0].t->strategies & (1u << combos[k].st));
			char want[128];
			tu_fmt(want, "%s%s", clusters[c], combos[k].suffix);
			if (strcmp(out[0].t->id, want))
				fail_msg("%s %s/%s: best is %s, want %s", clusters[c], framework_name(combos[k].fw),
					 strategy_name(combos[k].st), out[0].t->id, want);
			assert_contains(out[0].why, "matches");
			assert_contains(out[0].why, "supported");
			/* eligible ones come before the others, and scores never increase */
			bool seen_ineligible = false;
			for (size_t i = 0; i < n; i++) {
				if (!out[i].eligible)
					seen_ineligible = true;
				else if (seen_ineligible)
					fail_msg("%s: eligible %s ranked after an ineligible template", clusters[c], out[i].t->id);
				if (i)
					assert_true(out[i - 1].score >= out[i].score);
				assert_true(out[i].structured == (out[i].t->framework == combos[k].fw ? 2.0 : 0.0) +
									 ((out[i].t->strategies & (1u << combos[k].st)) ? 1.0 : 0.0));
			}
			/* a query that talks about other launchers never beats eligibility */
			rank(r, clusters[c], combos[k].fw, combos[k].st, "torchrun accelerate deepspeed fsdp ddp zero mpiexec srun",
			     out, 32, &n);
			assert_true(out[0].eligible);
			assert_int_equal(out[0].t->framework, combos[k].fw);
		}
	}
	/* max limits the output */
	struct candidate few[2];
	size_t n;
	rank(r, "perlmutter", FW_PYTORCH, ST_DDP, NULL, few, 2, &n);
	assert_int_equal(n, 2);
	/* an unknown cluster fails */
	struct request req;
	request_init(&req);
	request_set(&req.cluster, "nosuch");
	struct maple_error err;
	struct candidate out[4];
	assert_int_equal(retrieve_rank(r, &req, NULL, out, 4, &n, &err), -1);
	assert_int_equal(n, 0);
	request_release(&req);
	retriever_destroy(r);
	repo_destroy(repo);
}

static const char *const variant_srun =
	"id: perlmutter-deepspeed-srun\n"
	"cluster: perlmutter\n"
	"framework: deepspeed\n"
	"strategies: [zero1, zero2, zero3]\n"
	"launcher: srun\n"
	"tasks_per_node: gpu\n"
	"description: DeepSpeed with one srun task per GPU and environment variable initialisation.\n"
	"tags: [srun, env-init]\n"
	"preferred: true\n"
	"reliability: inferred\n"
	"source: https://docs.nersc.gov/machinelearning/launchers\n"
	"body: |\n"
	"  srun bash -c 'python -u {{command}} {{deepspeed_args}}'\n";

static const char *const variant_pdsh =
	"id: perlmutter-deepspeed-pdsh\n"
	"cluster: perlmutter\n"
	"framework: deepspeed\n"
	"strategies: [zero1, zero2, zero3]\n"
	"launcher: deepspeed\n"
	"tasks_per_node: node\n"
	"description: DeepSpeed's own launcher reaching the nodes over pdsh with a generated hostfile.\n"
	"tags: [pdsh, hostfile, deepspeed-launcher]\n"
	"reliability: inferred\n"
	"source: https://www.deepspeed.ai/getting-started/\n"
	"body: |\n"
	"  deepspeed --hostfile hosts {{command}} {{deepspeed_args}}\n";

static const char *const variant_ddp =
	"id: perlmutter-ddp-pdsh\n"
	"cluster: perlmutter\n"
	"framework: pytorch\n"
	"strategies: [ddp]\n"
	"launcher: torchrun\n"
	"tasks_per_node: node\n"
	"description: torchrun over pdsh with a hostfile, and ssh, container, shifter.\n"
	"tags: [pdsh, hostfile, ssh, container, shifter, torchrun]\n"
	"reliability: inferred\n"
	"source: https://pytorch.org/docs/stable/elastic/run.html\n"
	"body: |\n"
	"  torchrun {{command}}\n";

static void bm25_prefers_matching_variant(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char *pm = tu_read_data("clusters/perlmutter.yaml");
	tu_write(dir, "clusters/perlmutter.yaml", pm);
	free(pm);
	tu_write(dir, "templates/perlmutter/ds-srun.yaml", variant_srun);
	tu_write(dir, "templates/perlmutter/ds-pdsh.yaml", variant_pdsh);
	tu_write(dir, "templates/perlmutter/ddp-pdsh.yaml", variant_ddp);
	struct maple_error err;
	struct repo *repo = tu_open_repo_dirs(dir, NULL, &err);
	if (!repo)
		fail_msg("%s", err.text);
	assert_int_equal(repo_load_all_templates(repo, &err), 0);
	struct retriever *r = retriever_create(repo);

	struct candidate out[8];
	size_t n;
	/* no query: the preferred variant wins the tie */
	rank(r, "perlmutter", FW_DEEPSPEED, ST_ZERO2, NULL, out, 8, &n);
	assert_int_equal(n, 3);
	assert_string_equal(out[0].t->id, "perlmutter-deepspeed-srun");
	assert_string_equal(out[1].t->id, "perlmutter-deepspeed-pdsh");
	assert_string_equal(out[2].t->id, "perlmutter-ddp-pdsh");
	assert_false(out[2].eligible);
	assert_true(out[0].lexical == 0.0);
	assert_contains(out[0].why, "preferred variant");

	/* words from the other variant's tags and description outweigh the preference */
	static const char *const pdsh_queries[] = {"use pdsh please", "with a hostfile", "the deepspeed launcher over pdsh",
						   "ssh" /* synonym of pdsh */};
	for (size_t i = 0; i < sizeof(pdsh_queries) / sizeof(pdsh_queries[0]); i++) {
		rank(r, "perlmutter", FW_DEEPSPEED, ST_ZERO3, pdsh_queries[i], out, 8, &n);
		if (strcmp(out[0].t->id, "perlmutter-deepspeed-pdsh"))
			fail_msg("query \"%s\": best %s (lexical %.3f), want the pdsh variant", pdsh_queries[i], out[0].t->id,
				 out[0].lexical);
		assert_true(out[0].lexical > 0.5);
		/* the ineligible ddp template shares the words but stays last */
		assert_string_equal(out[2].t->id, "perlmutter-ddp-pdsh");
	}
	/* the srun words keep the srun variant first, with a lexical score */
	rank(r, "perlmutter", FW_DEEPSPEED, ST_ZERO3, "one srun task per GPU, env init", out, 8, &n);
	assert_string_equal(out[0].t->id, "perlmutter-deepspeed-srun");
	assert_true(out[0].lexical > 0.0);
	assert_true(out[0].lexical > out[1].lexical);
	/* BM25 is case-insensitive */
	rank(r, "perlmutter", FW_DEEPSPEED, ST_ZERO3, "PDSH HOSTFILE", out, 8, &n);
	assert_string_equal(out[0].t->id, "perlmutter-deepspeed-pdsh");

	/* for a ddp request the ddp template is the only eligible one */
	rank(r, "perlmutter", FW_PYTORCH, ST_DDP, "srun env-init", out, 8, &n);
	assert_string_equal(out[0].t->id, "perlmutter-ddp-pdsh");
	assert_true(out[0].eligible);
	assert_false(out[1].eligible);
	/* with one eligible template the text decides nothing and is only scored for --explain */
	rank(r, "perlmutter", FW_PYTORCH, ST_DDP, "pdsh hostfile", out, 8, &n);
	assert_string_equal(out[0].t->id, "perlmutter-ddp-pdsh");
	assert_true(out[0].lexical == 0.0);
	retriever_explain(r, true);
	rank(r, "perlmutter", FW_PYTORCH, ST_DDP, "pdsh hostfile", out, 8, &n);
	assert_string_equal(out[0].t->id, "perlmutter-ddp-pdsh");
	assert_true(out[0].lexical > 0.0);
	assert_true(out[1].lexical > 0.0 || out[2].lexical > 0.0); /* the pdsh deepspeed variant shares the words */
	/* a repeated query word counts once */
	struct candidate once[8], twice[8];
	size_t n1, n2;
	rank(r, "perlmutter", FW_DEEPSPEED, ST_ZERO3, "hostfile", once, 8, &n1);
	rank(r, "perlmutter", FW_DEEPSPEED, ST_ZERO3, "hostfile hostfile hostfile", twice, 8, &n2);
	assert_true(once[0].lexical == twice[0].lexical);

	retriever_destroy(r);
	repo_destroy(repo);
	tu_rm_rf(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(eligible_first_on_real_data),
		cmocka_unit_test(bm25_prefers_matching_variant),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
