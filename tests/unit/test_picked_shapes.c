/* test_picked_shapes.c - src/request/picked_shapes.c (the sizes an item of a list states) on numbers past
 * every range: digits past long's range ("nodes: 9223372036854775808", a directive of 19 digits) are no
 * size, never a wrapped long (fuzz_request in s28: signed overflow in read_sizes, caught by the sanitizer
 * build, `make sanitize`); the item picked beside them keeps its own sizes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "repo/repo.h"
#include "request/extract.h"
#include "request/request.h"
#include "util/error.h"

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

static void read_nodes(const char *text, int *nodes, int *minutes)
{
	struct request r;
	struct maple_error err;
	request_init(&r);
	assert_int_equal(extract_text(text, strlen(text), repo, &r, &err), 0);
	*nodes = r.nodes;
	*minutes = r.walltime_min;
	request_release(&r);
}

static void digits_past_long(void **state)
{
	(void)state;
	static const char *const big[] = {"9223372036854775808", "99999999999999999999999999", "100001"};
	for (size_t i = 0; i < sizeof(big) / sizeof(big[0]); i++) {
		char text[600];
		int n, m;
		/* the fuzzer's input: an old header whose directive is all digits, then "the same on ..." */
		snprintf(text, sizeof(text),
			 "Anvil job:0\n#SBATCH -A cis240555-gpu\n#SBATCH %s\n#SBATCH --gpus-per-node=4\n#SBATCH -t 04:00:00\n"
			 "srun python train.py\nrun the same on the H100 nodes",
			 big[i]);
		read_nodes(text, &n, &m);
		assert_true(n >= 0 && n <= 100000);
		/* a list of options, one of them past range, the other picked */
		snprintf(text, sizeof(text),
			 "Two options:\n- A: nodes: %s, walltime: %s min, python a.py\n- B: nodes: 2, 90 min, python b.py\n"
			 "Go with option B on Polaris.",
			 big[i], big[i]);
		read_nodes(text, &n, &m);
		assert_int_equal(n, 2);
		assert_int_equal(m, 90);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(digits_past_long),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
