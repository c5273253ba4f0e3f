/* test_budget.c - src/request/budget.c (a job sized by what is left of an allocation) on budgets of every
 * size: the ordinary ones size the walltime or the nodes; budgets at 2^64, 10^21 and past a double's range,
 * with rates and times near zero, size nothing past the reader's limits and never convert an out-of-range
 * double to int (the sanitizer build, `make sanitize`, reports that; the plain build checks the answers). */
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

/* read TEXT; *nodes and *minutes what the request holds (0 when none) */
static void read_budget(const char *text, int *nodes, int *minutes)
{
	struct request r;
	struct maple_error err;
	request_init(&r);
	assert_int_equal(extract_text(text, strlen(text), repo, &r, &err), 0);
	*nodes = r.nodes;
	*minutes = r.walltime_min;
	request_release(&r);
}

static void ordinary_budgets(void **state)
{
	(void)state;
	int n, m;
	read_budget("Perlmutter: 200 node-hours left; 25 nodes for as long as that covers, python train.py", &n, &m);
	assert_int_equal(n, 25);
	assert_int_equal(m, 480);
	read_budget("Perlmutter. the allocation has 150 node-hours left and I need 10h of runtime, so use as many nodes "
		    "as the budget covers for 10h, 4 GPUs each. torchrun train.py",
		    &n, &m);
	assert_int_equal(n, 15);
	assert_int_equal(m, 600);
}

/* nodes from a budget over a time: 1.8e19 node-hours over 0.0001 h is 1.8e23 nodes (float-to-int overflow
 * before s28: fuzz_request, regress/fuzz_request/float-to-int-budget-nodes) */
static void huge_budget_sizes_no_nodes(void **state)
{
	(void)state;
	static const char *const amounts[] = {"18446744073709551616", "1100000000000000000000", "2147483648",
					      "100001", "1e400"};
	for (size_t i = 0; i < sizeof(amounts) / sizeof(amounts[0]); i++) {
		char text[512];
		snprintf(text, sizeof(text),
			 "Perlmutter. the allocation only has %s node-hours left and I need 1h of runtime,\nso use as many "
			 "nodes as the budget covers for 1h, 4 GPUs each. torchrun train.py",
			 amounts[i]);
		int n, m;
		read_budget(text, &n, &m);
		assert_true(n >= 0 && n <= 100000);
		assert_int_equal(m, 60);
	}
	int n, m;
	read_budget("Perlmutter. 18446744073709551616 node-hours left and I need 0.0001h of runtime,\nso use as many "
		    "nodes as the budget covers for 0.0001h, 4 GPUs each. torchrun train.py",
		    &n, &m);
	assert_true(n >= 0 && n <= 100000);
}

/* a walltime from a budget over the nodes: past any queue's limit it is the reader's cap (rules.c lowers it
 * to the longest the queue allows), never a wrapped or negative number */
static void huge_budget_walltime_capped(void **state)
{
	(void)state;
	static const char *const texts[] = {
		"Perlmutter: 99999999999999999999 node-hours left; 25 nodes for as long as that covers, python train.py",
		"Perlmutter: 1e400 node-hours left; 25 nodes for as long as that covers, python train.py",
		"LS6 bills 0.0000000000000000001 SU per node-hour and I have 9223372036854775807 SUs left - 2 nodes for as "
		"long as that covers, torchrun ft.py",
		"Budget check: 4294967296 GPU-hours left on DeltaAI.\nI want 2 full nodes and to spend all of it in one "
		"job.\ntorchrun sft.py",
	};
	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		int n, m;
		read_budget(texts[i], &n, &m);
		assert_true(m == 0 || (m >= 1 && m <= 100000));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ordinary_budgets),
		cmocka_unit_test(huge_budget_sizes_no_nodes),
		cmocka_unit_test(huge_budget_walltime_capped),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
