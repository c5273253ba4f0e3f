/* test_shell_calls.c - request/shell_calls (a definition and its call read with the call's values put
 * in) on hostile definitions: arithmetic past long's range, assignments inside one another, values put
 * in so often that the text grows past the reader's limit. Each is left as written (or read in bounds),
 * never a crash, a wrapped number or an unbounded text; the ordinary forms beside them still expand. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "request/reader.h"
#include "util/strbuf.h"

/* The text with the call's values put in, or NULL when it is left as it is. */
static char *expand(const char *text)
{
	size_t n = 0;
	char *x = rd_expand_calls(text, strlen(text), &n);
	if (x)
		assert_int_equal(strlen(x), n);
	return x;
}

static void arithmetic_in_range(void **state)
{
	(void)state;
	char *x = expand("f() { srun -n $(($1*4)) python x.py; }\nf 3\n");
	assert_contains(x, "srun -n 12 python");
	free(x);
	x = expand("f() { n=$1; srun -n $((n*1000000/1000)) python x.py; }\nf 999\n");
	assert_contains(x, "srun -n 999000 python");
	free(x);
	x = expand("train:\n\tsrun -n $$(($(N)*8+2-1)) python x.py\nmake train N=2\n");
	assert_contains(x, "srun -n 17 python");
	free(x);
	/* a product of 10^12 is still worked out; the limit is past it */
	x = expand("f() { srun -n $((1000000*1000000)) python x.py; }\nf 1\n");
	assert_contains(x, "srun -n 1000000000000 python");
	free(x);
}

/* $((...)) whose products or sums leave the evaluator's range stays as written (it had overflowed a
 * long: UBSan, and a wrapped count) */
static void arithmetic_past_range(void **state)
{
	(void)state;
	static const char *const forms[] = {
		"f() { srun -n $((1000000*1000000*1000000*1000000)) python x.py; }\nf 1\n",
		"f() { n=$1; srun -n $((n*n*n*n)) python x.py; }\nf 999999\n",
		"f() { srun -n $((1000000*1000000*1000000*9/$1)) python x.py; }\nf -1\n",
		"f() { srun -n $((1000000*1000000*10+1000000*1000000*10)) python x.py; }\nf 1\n",
		"f() { srun -n $(($1*8)) python x.py; }\nf 99999999999999999999999999\n",
		"f() { srun -n $(($1/0)) python x.py; }\nf 5\n",
	};
	for (size_t k = 0; k < sizeof(forms) / sizeof(*forms); k++) {
		char *x = expand(forms[k]);
		assert_non_null(x); /* (the call's value is still put in elsewhere) */
		assert_contains(x, "srun -n $((");
		free(x);
	}
}

/* "a=a=a=...": assignments inside one another are read a few deep, not 30,000 (a stack overflow) */
static void nested_assignments(void **state)
{
	(void)state;
	struct strbuf b = STRBUF_INIT;
	strbuf_adds(&b, "f() { ");
	for (int k = 0; k < 30000; k++)
		strbuf_adds(&b, "a=");
	strbuf_adds(&b, "1; srun -N $1 python x.py; }\nf 2\n");
	char *x = expand(b.buf);
	assert_contains(x, "srun -N 2 python");
	free(x);
	strbuf_release(&b);
	/* the ordinary forms: local x=${1:-1}, a value read from another */
	x = expand("f() { local nodes=${1:-1} hours=${2:-4}; n=$nodes; sbatch -N $n -t $hours:00:00 job.sh; }\nf 6\n");
	assert_contains(x, "sbatch -N 6 -t 4:00:00");
	free(x);
}

/* values put in so often that the text passes the reader's limit: the text is read as it is */
static void expansion_past_limit(void **state)
{
	(void)state;
	struct strbuf b = STRBUF_INIT;
	strbuf_adds(&b, "f() { srun -N 2 python x.py ");
	for (int k = 0; k < 15000; k++)
		strbuf_adds(&b, "$@ ");
	strbuf_adds(&b, "}\nf");
	for (int k = 0; k < 9; k++)
		strbuf_adds(&b, " yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy");
	strbuf_adds(&b, "\n");
	assert_true(b.len < MAX_REQUEST_BYTES);
	assert_null(expand(b.buf));
	strbuf_release(&b);
	/* the same body with a short call grows less than the limit: expanded */
	strbuf_adds(&b, "f() { srun -N $1 python x.py ");
	for (int k = 0; k < 1000; k++)
		strbuf_adds(&b, "$@ ");
	strbuf_adds(&b, "}\nf 2\n");
	char *x = expand(b.buf);
	assert_contains(x, "srun -N 2 python x.py 2 2 2");
	free(x);
	strbuf_release(&b);
}

/* unterminated and odd forms: read in bounds (ASan) and left as they are or expanded in part */
static void unterminated(void **state)
{
	(void)state;
	static const char *const forms[] = {
		"f() { srun -N $1 python x.py $}\nf 2\n$",
		"train:\n\tsrun -N ${",
		"train:\n\t$$",
		"train:\n\t{{",
		"train n=\"2\":\n  srun -N {{n}} {{ {{ {{\njust train 8\n",
		"f() { srun -N ${1:-9 python x.py; }\nf\n",
		"f() { srun -N $(( python x.py; }\nf 2\n",
		"f() { srun -N $((1 + )) python x.py; }\nf 2\n",
		"function f { srun -N $1 python x.py; \nf 2\n",
	};
	for (size_t k = 0; k < sizeof(forms) / sizeof(*forms); k++)
		free(expand(forms[k]));
	char *x = expand("train n=\"2\":\n  srun -N {{n}} {{ {{ {{\njust train 8\n");
	assert_contains(x, "srun -N 8 {{ {{ {{");
	free(x);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(arithmetic_in_range),
		cmocka_unit_test(arithmetic_past_range),
		cmocka_unit_test(nested_assignments),
		cmocka_unit_test(expansion_past_limit),
		cmocka_unit_test(unterminated),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
