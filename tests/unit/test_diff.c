/* test_diff.c - src/debug/diff.c: unified diffs in GNU diff -u layout (hunks, context, ranges,
 * missing final newlines), checked against fixed texts and, where installed, against diff -u. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/patch.h"

#include "testutil.h"

static char *diff(const char *a, const char *b)
{
	struct strbuf out = STRBUF_INIT;
	unified_diff(a, strlen(a), b, strlen(b), "run.sh", 3, &out);
	return strbuf_detach(&out);
}

static const char twelve[] = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n";

static void equal_texts(void **state)
{
	(void)state;
	char *d = diff(twelve, twelve);
	assert_string_equal(d, "");
	free(d);
}

static void one_change(void **state)
{
	(void)state;
	char *b = tu_replace(twelve, "\n6\n", "\nsix\n");
	char *d = diff(twelve, b);
	assert_string_equal(d, "--- a/run.sh\n+++ b/run.sh\n@@ -3,7 +3,7 @@\n 3\n 4\n 5\n-6\n+six\n 7\n 8\n 9\n");
	free(d);
	free(b);
}

static void insert_at_start_and_end(void **state)
{
	(void)state;
	char *d = diff("a\nb\n", "new\na\nb\n");
	assert_string_equal(d, "--- a/run.sh\n+++ b/run.sh\n@@ -1,2 +1,3 @@\n+new\n a\n b\n");
	free(d);
	d = diff("a\nb\n", "a\nb\nc\n");
	assert_string_equal(d, "--- a/run.sh\n+++ b/run.sh\n@@ -1,2 +1,3 @@\n a\n b\n+c\n");
	free(d);
	d = diff("", "a\n");
	assert_string_equal(d, "--- a/run.sh\n+++ b/run.sh\n@@ -0,0 +1 @@\n+a\n");
	free(d);
}

static void two_hunks_and_no_newline(void **state)
{
	(void)state;
	char *b1 = tu_replace(twelve, "\n2\n", "\ntwo\n");
	char *b2 = tu_replace(b1, "\n11\n12\n", "\n12\nx");
	char *d = diff(twelve, b2);
	assert_string_equal(d, "--- a/run.sh\n+++ b/run.sh\n"
			       "@@ -1,5 +1,5 @@\n 1\n-2\n+two\n 3\n 4\n 5\n"
			       "@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n 12\n+x\n\\ No newline at end of file\n");
	free(d);
	/* changes 6 lines apart share a hunk */
	char *c1 = tu_replace(twelve, "\n3\n", "\nthree\n");
	char *c2 = tu_replace(c1, "\n9\n", "\nnine\n");
	d = diff(twelve, c2);
	assert_string_equal(d, "--- a/run.sh\n+++ b/run.sh\n@@ -1,12 +1,12 @@\n 1\n 2\n-3\n+three\n 4\n 5\n 6\n 7\n"
			       " 8\n-9\n+nine\n 10\n 11\n 12\n");
	free(d);
	free(b1);
	free(b2);
	free(c1);
	free(c2);
}

/* Our hunks equal GNU diff's on a script-like edit (when diff is installed). */
static void same_as_gnu_diff(void **state)
{
	(void)state;
	if (access("/usr/bin/diff", X_OK))
		skip();
	const char a[] = "#!/bin/bash\n#SBATCH -N 2\n\nmodule load x\nexport A=1\nsrun python t.py\n";
	const char b[] = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH --time=10\n\nmodule load x\nmodule load y\nexport A=2\n"
			 "srun python t.py\n";
	char *dir = tu_mkdtemp();
	tu_write(dir, "a", a);
	tu_write(dir, "b", b);
	char *gnu = tu_run_bash("diff -u a b | tail -n +3; true", dir);
	char *ours = diff(a, b);
	const char *hunks = strstr(ours, "@@");
	assert_non_null(hunks);
	assert_string_equal(hunks, gnu);
	free(gnu);
	free(ours);
	tu_rm_rf(dir);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(equal_texts),		   cmocka_unit_test(one_change),
		cmocka_unit_test(insert_at_start_and_end), cmocka_unit_test(two_hunks_and_no_newline),
		cmocka_unit_test(same_as_gnu_diff),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
