/* test_script_diffs.c - request/script_diffs and request/script_edits: a diff of a pasted job script (unified
 * with and without headers, "-old"/"+new" pairs, git show, diff's normal output, word diffs) rewritten as
 * its new version, a hunk the words reject kept as it was, sed edits applied to the lines they edit (not to
 * the file shown after them), before/after lines as was/now; lists and prose that only look like them
 * are left as written, and hostile shapes never crash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "request/reader.h"

static char *diffs(const char *text)
{
	size_t n = 0;
	char *x = rd_read_script_diffs(text, strlen(text), &n);
	if (x)
		assert_int_equal(strlen(x), n);
	return x;
}

static char *edits(const char *text)
{
	size_t n = 0;
	char *x = rd_read_script_edits(text, strlen(text), &n);
	if (x)
		assert_int_equal(strlen(x), n);
	return x;
}

static void expect(char *(*f)(const char *), const char *text, const char *want)
{
	char *x = f(text);
	if (!want) {
		if (x)
			fprintf(stderr, "left as written expected, got:\n%s\n", x);
		assert_null(x);
		return;
	}
	if (!x)
		fprintf(stderr, "want:\n%s\ngot: left as written\n", want);
	assert_non_null(x);
	if (strcmp(x, want))
		fprintf(stderr, "want:\n%s\ngot:\n%s\n", want, x);
	assert_string_equal(x, want);
	free(x);
}

static void unified_with_headers(void **state)
{
	(void)state;
	expect(diffs,
	       "my job:\ndiff --git a/j.sh b/j.sh\nindex 3e1f2a9..8c0d4b1 100644\n--- a/j.sh\n+++ b/j.sh\n@@ -2,4 +2,4 @@\n"
	       " #SBATCH -A m1\n-#SBATCH -N 2\n+#SBATCH -N 8\n \n srun python t.py\n\nthanks",
	       "my job:\n#SBATCH -A m1\n#SBATCH -N 8\n\nsrun python t.py\n\nthanks");
	/* a hunk header alone, with its function context */
	expect(diffs, "@@ -1,3 +1,3 @@ #!/bin/bash\n #SBATCH -p gh\n-#SBATCH -t 1:00:00\n+#SBATCH -t 5:00:00",
	       "#SBATCH -p gh\n#SBATCH -t 5:00:00");
}

static void bare_pairs(void **state)
{
	(void)state;
	expect(diffs, "polaris:\n-#PBS -q debug\n+#PBS -q prod\nunchanged: the rest", "polaris:\n#PBS -q prod\nunchanged: the rest");
	/* a blank after every mark */
	expect(diffs, "- #PBS -l select=2\n+ #PBS -l select=12\n- mpiexec -n 8 python a.py\n+ mpiexec -n 48 python a.py",
	       "#PBS -l select=12\nmpiexec -n 48 python a.py");
	/* the same first word on both sides: a form's key */
	expect(diffs, "-nodes: 2\n+nodes: 6\n hours: 4", "nodes: 6\nhours: 4");
	/* lines added among kept directives; lines only taken out, with no header, are no diff */
	expect(diffs, " #SBATCH -N 2\n+#SBATCH -q premium\n #SBATCH -t 1:00:00", "#SBATCH -N 2\n#SBATCH -q premium\n#SBATCH -t 1:00:00");
	expect(diffs, "- #SBATCH -N 2\n #SBATCH -t 1:00:00", NULL);
	/* CRLF line ends */
	expect(diffs, "-#SBATCH -N 2\r\n+#SBATCH -N 10\r\n", "#SBATCH -N 10\r\n");
}

static void git_show(void **state)
{
	(void)state;
	/* the commit's date is no time; its message stays */
	expect(diffs,
	       "commit 4be1c09d2a7f\nAuthor: A <a@b.c>\nDate:   Tue Nov 24 16:02:11 2026 -0600\n\n    scale up\n\n"
	       "diff --git a/v.sh b/v.sh\n-#SBATCH -N 8\n+#SBATCH -N 16\n ibrun python t.py",
	       "commit 4be1c09d2a7f\nAuthor: A <a@b.c>\n\n   scale up\n\n#SBATCH -N 16\nibrun python t.py");
}

static void format_patch(void **state)
{
	(void)state;
	/* the diffstat and the date go; the subject stays */
	expect(diffs,
	       "From 1a2b3c4d5e6f Mon Sep 17 00:00:00 2001\nFrom: K <k@x.edu>\nDate: Mon, 23 Nov 2026 11:00:00 -0600\n"
	       "Subject: [PATCH] more nodes\n\n---\n job.sh | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n\n"
	       "diff --git a/job.sh b/job.sh\n--- a/job.sh\n+++ b/job.sh\n@@ -1 +1 @@\n-#SBATCH -N 1\n+#SBATCH -N 3\n-- \n2.39.2",
	       "From 1a2b3c4d5e6f Mon Sep 17 00:00:00 2001\nFrom: K <k@x.edu>\nSubject: [PATCH] more nodes\n\n---\n\n"
	       "#SBATCH -N 3\n-- \n2.39.2");
}

static void rejected_hunks(void **state)
{
	(void)state;
	/* the words veto a subject's hunk: its old side stays, the other hunks are taken */
	expect(diffs, "the qos hunk got vetoed, keep regular; the node change stands.\n-#SBATCH -N 4\n+#SBATCH -N 16\n"
		      "-#SBATCH -q regular\n+#SBATCH -q premium",
	       "the qos hunk got vetoed, keep regular; the node change stands.\n#SBATCH -N 16\n#SBATCH -q regular");
	expect(diffs, "-#PBS -l walltime=06:00:00\n+#PBS -l walltime=12:00:00\n-#PBS -l select=4\n+#PBS -l select=8\n"
		      "please revert the time change",
	       "#PBS -l walltime=06:00:00\n#PBS -l select=8\nplease revert the time change");
	/* "keep" with a value only the removed side holds */
	expect(diffs, "keep gpu-a100\n-#SBATCH -p gpu-a100\n+#SBATCH -p gpu-h100\n-#SBATCH -N 1\n+#SBATCH -N 2",
	       "keep gpu-a100\n#SBATCH -p gpu-a100\n#SBATCH -N 2");
	/* one hunk taken alone */
	expect(diffs, "only the time hunk please\n-#SBATCH -N 2\n+#SBATCH -N 8\n-#SBATCH -t 1:00:00\n+#SBATCH -t 6:00:00",
	       "only the time hunk please\n#SBATCH -N 2\n#SBATCH -t 6:00:00");
	/* a veto far from the subject, a value said of another subject: nothing rejected */
	expect(diffs, "ignore the warnings in the log from yesterday, this launch line is the new one\n-srun python a.py\n+srun python b.py",
	       "ignore the warnings in the log from yesterday, this launch line is the new one\nsrun python b.py");
	expect(diffs, "keep 4 GPUs per node\n-#SBATCH -N 4\n+#SBATCH -N 8", "keep 4 GPUs per node\n#SBATCH -N 8");
	/* words that accept a change reject nothing */
	expect(diffs, "the node change is fine\n-#SBATCH -N 1\n+#SBATCH -N 2", "the node change is fine\n#SBATCH -N 2");
}

static void normal_and_word_diffs(void **state)
{
	(void)state;
	expect(diffs, "3c3\n< #SBATCH --nodes=1\n---\n> #SBATCH --nodes=4\nrest as before", "#SBATCH --nodes=4\nrest as before");
	expect(diffs, "#SBATCH -N [-2-]{+8+}\nsrun python x.py --lr [-1e-3-]{+5e-4+}", "#SBATCH -N 8\nsrun python x.py --lr 5e-4");
}

static void not_diffs(void **state)
{
	(void)state;
	expect(diffs, "Requirements:\n- Polaris, 2 nodes\n- 3 hours\n- python train.py", NULL);
	expect(diffs, "- 2 nodes\n+ 4 GPUs each\n- 5 hours", NULL); /* a list with a '+' item, no script lines */
	expect(diffs, "--\nAlice\n---\nBob", NULL);
	expect(diffs, "#SBATCH -N 2\n srun python t.py", NULL);
	expect(diffs, "-", NULL);
	expect(diffs, "", NULL);
	expect(edits, "I used sed to change the nodes, polaris 2 nodes", NULL);
	expect(edits, "sed -i 's/unterminated job.sh", NULL);
	expect(edits, "sed -i 's/[/x/' job.sh\n#SBATCH -N [", NULL); /* a pattern that does not compile */
	expect(edits, "before the move we used 2 nodes; after it, 4", NULL);
}

static void sed_edits(void **state)
{
	(void)state;
	/* applied to the pasted file before it; the command goes */
	expect(edits, "sed -i -e 's/--nodes=4/--nodes=2/' -e 's/--time=08:00:00/--time=20:00:00/' d.slurm\nit had:\n"
		      "#SBATCH --nodes=4\n#SBATCH --time=08:00:00",
	       "it had:\n#SBATCH --nodes=2\n#SBATCH --time=20:00:00");
	/* anchors, another delimiter, a group and '&' */
	expect(edits, "#SBATCH -N 1\n$ sed -i 's|^#SBATCH -N \\([0-9]\\)$|& # was \\1|' j.sh", "#SBATCH -N 1 # was 1\n");
	/* a line holding the replacement already is the file after the edit */
	expect(edits, "ran sed -i 's/-N 1/-N 16/' f.sh, the file now:\n#SBATCH -N 16", "ran , the file now:\n#SBATCH -N 16");
	/* the file shown after the command is left alone */
	expect(edits, "$ sed -i 's/^#SBATCH -N 1$/#SBATCH -N 4/' j.sh\n$ grep SBATCH j.sh\n#SBATCH -N 1",
	       "$ grep SBATCH j.sh\n#SBATCH -N 1");
	/* nothing pasted: the scheduler option the replacement states */
	expect(edits, "I ran sed -i \"s/-N 2/-N 8/\" pm.sh on perlmutter", "I ran  on perlmutter\n#SBATCH -N 8");
	expect(edits, "sed -i 's/select=2/select=4/' run.pbs", "#PBS -l select=4");
	expect(edits, "sed -i 's/--lr 1e-3/--lr 5e-4/' run.sh", NULL); /* a program's argument: no directive */
	/* perl -pi -e */
	expect(edits, "perl -pi -e 's/-t 1:00:00/-t 4:00:00/' j.sh\n#SBATCH -t 1:00:00", "#SBATCH -t 4:00:00");
}

static void version_labels(void **state)
{
	(void)state;
	expect(edits, "polaris\nbefore: 2 nodes, 1h\nafter: 12 nodes, 3h", "polaris\nwas: 2 nodes, 1h\nnow: 12 nodes, 3h");
	expect(edits, "Old plan: 8 nodes\nNew plan: 20 nodes", "was: 8 nodes\nnow: 20 nodes");
	expect(edits, "after: 12 nodes\nbefore: 2 nodes", NULL); /* the later version first: not a pair */
	expect(edits, "new: 4 nodes on delta", NULL);
}

static void hostile(void **state)
{
	(void)state;
	/* many lines of each shape: bounded time, no crash */
	size_t cap = 64 * 1024;
	char *s = malloc(cap + 1);
	assert_non_null(s);
	static const char *const units[] = {"-a b\n+c d\n", "-#SBATCH -N 2\n+#SBATCH -N 8\nkeep the old nodes\n",
					    "sed -i 's/a*/b/g' x.sh\naaaa\n", "[-a-]{+b+}", "1c1\n< a\n---\n> b\n",
					    "@@ -1 +1 @@\n-\n+\n", "sed -i -e -e -e 's", NULL};
	for (size_t u = 0; units[u]; u++) {
		size_t l = strlen(units[u]), n = 0;
		while (n + l <= cap)
			memcpy(s + n, units[u], l), n += l;
		s[n] = 0;
		size_t out = 0;
		free(rd_read_script_diffs(s, n, &out));
		free(rd_read_script_edits(s, n, &out));
	}
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unified_with_headers), cmocka_unit_test(bare_pairs),	       cmocka_unit_test(git_show), cmocka_unit_test(format_patch),
		cmocka_unit_test(rejected_hunks),	cmocka_unit_test(normal_and_word_diffs), cmocka_unit_test(not_diffs),
		cmocka_unit_test(sed_edits),		cmocka_unit_test(version_labels),	       cmocka_unit_test(hostile),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
