/* test_docs.c - src/debug/docs.c: passages from markdown (heading, text, Source line), tokens, BM25
 * scores and ranking, and the errors for passages without a source. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/docs.h"

#include "testutil.h"

static const char notes[] = "# Perlmutter\n\n"
			    "Intro text before the first passage is not a passage.\n\n"
			    "## Perlmutter: NCCL on Slingshot\n"
			    "NCCL needs NCCL_SOCKET_IFNAME=hsn on Perlmutter GPU nodes.\n"
			    "Source: https://docs.nersc.gov/nccl\n\n"
			    "## Perlmutter: srun and GPUs\n"
			    "Use srun with --gpus-per-node and one task per GPU.\n"
			    "Source: <https://docs.nersc.gov/srun>\n";

static void tokens(void **state)
{
	(void)state;
	struct strvec t = STRVEC_INIT;
	docs_tokenize("export NCCL_SOCKET_IFNAME=hsn; torch.distributed", &t);
	const char *want[] = {"export", "nccl_socket_ifname", "nccl", "socket", "ifname", "hsn", "torch", "distributed"};
	assert_int_equal(t.nr, 8);
	for (size_t i = 0; i < 8; i++)
		assert_string_equal(t.v[i], want[i]);
	strvec_clear(&t);
}

static void load_and_rank(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	tu_write(dir, "perlmutter.md", notes);
	struct maple_error err;
	struct docs *d = docs_load_dir(dir, &err);
	if (!d)
		fail_msg("%s", err.text);
	assert_int_equal(docs_count(d), 2);
	const struct doc_passage *p = docs_at(d, 0);
	assert_string_equal(p->title, "Perlmutter: NCCL on Slingshot");
	assert_string_equal(p->text, "NCCL needs NCCL_SOCKET_IFNAME=hsn on Perlmutter GPU nodes.");
	assert_string_equal(p->source, "https://docs.nersc.gov/nccl");
	assert_int_equal(p->line, 5);
	assert_string_equal(docs_at(d, 1)->source, "https://docs.nersc.gov/srun");
	struct doc_hit hits[3];
	size_t n = docs_search(d, "NCCL WARN socket: NCCL_SOCKET_IFNAME not found", hits, 3);
	assert_int_equal(n, 1);
	assert_ptr_equal(hits[0].p, docs_at(d, 0));
	n = docs_search(d, "srun gpus perlmutter", hits, 3);
	assert_int_equal(n, 2);
	assert_ptr_equal(hits[0].p, docs_at(d, 1));
	assert_true(hits[0].score > hits[1].score);
	assert_int_equal(docs_search(d, "nothing relevant zzz", hits, 3), 0);
	docs_destroy(d);
	tu_rm_rf(dir);
	free(dir);
}

/* One term in one of two passages of equal length: BM25 = idf = ln(2). */
static void bm25_value(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	tu_write(dir, "a.md", "## alpha\nbeta gamma\nSource: https://a.org\n## delta\nepsilon zeta\nSource: https://b.org\n");
	struct maple_error err;
	struct docs *d = docs_load_dir(dir, &err);
	assert_non_null(d);
	struct doc_hit h[2];
	assert_int_equal(docs_search(d, "gamma gamma", h, 2), 1);
	assert_true(fabs(h[0].score - log(2.0)) < 1e-9);
	docs_destroy(d);
	tu_rm_rf(dir);
	free(dir);
}

static void errors(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	tu_write(dir, "x.md", "## one\ntext\n\n## two\ntext\nSource: https://a\nSource: https://b\n## three\nSource: ftp://x\n");
	struct maple_error err;
	assert_null(docs_load_dir(dir, &err));
	assert_contains(err.text, "x.md:1: passage 'one' needs exactly one line 'Source: URL' (found 0)");
	assert_contains(err.text, "x.md:4: passage 'two' needs exactly one line 'Source: URL' (found 2)");
	assert_contains(err.text, "x.md:9: Source 'ftp://x' is not a URL");
	tu_rm_rf(dir);
	free(dir);
}

static void real_docs_load(void **state)
{
	(void)state;
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, MAPLE_SOURCE_DIR "/data");
	struct maple_error err;
	struct docs *d = docs_load(&dirs, &err);
	if (!d)
		fail_msg("data/docs is invalid:\n%s", err.text);
	for (size_t i = 0; i < docs_count(d); i++)
		assert_true(!strncmp(docs_at(d, i)->source, "http", 4));
	docs_destroy(d);
	strvec_clear(&dirs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tokens), cmocka_unit_test(load_and_rank), cmocka_unit_test(bm25_value),
		cmocka_unit_test(errors), cmocka_unit_test(real_docs_load),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
