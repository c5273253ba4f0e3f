/* test_failure_notes.c - request/failure_notes (the words around an earlier run's failure that are not
 * the ask): which quantities of a report are blanked from the working copy (a limit of the system, the
 * size of the run that failed under a pasted script, a purpose clause's "all" and queue, the "a" of the
 * node a pasted output came from, "never" before the job's progress) and which stay (the ask itself, a
 * failure told without a pasted script, a name with a digit, "that was one X node"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "request/reader.h"

/* The working copy of output + text after rd_blank_failure_notes, its runs of blanks squeezed to one; the
 * output's lines (a pasted tool's, "" for none) are blank in the working copy, as rd_blank_tool_output
 * leaves them. */
static char *notes_under(const char *output, const char *text)
{
	size_t on = strlen(output), n = on + strlen(text);
	char *raw = malloc(n + 1), *nl = malloc(n + 1);
	assert_non_null(raw);
	assert_non_null(nl);
	memcpy(raw, output, on);
	memcpy(raw + on, text, n - on + 1);
	memcpy(nl, raw, n + 1);
	for (size_t i = 0; i < on; i++)
		if (nl[i] != '\n')
			nl[i] = ' ';
	rd_blank_failure_notes(nl, raw, n);
	free(raw);
	assert_int_equal(strlen(nl), n); /* blanked in place, never shortened */
	size_t o = 0;
	for (size_t i = 0; i < n; i++)
		if (!(nl[i] == ' ' && o > 0 && nl[o - 1] == ' '))
			nl[o++] = nl[i];
	nl[o] = '\0';
	return nl;
}

static char *notes(const char *text)
{
	return notes_under("", text);
}

static void expect_under(const char *output, const char *text, const char *want)
{
	char *got = notes_under(output, text);
	if (strcmp(got, want))
		fail_msg("for \"%s%s\"\n  got  \"%s\"\n  want \"%s\"", output, text, got, want);
	free(got);
}

static void expect(const char *text, const char *want)
{
	char *got = notes(text);
	if (strcmp(got, want))
		fail_msg("for \"%s\"\n  got  \"%s\"\n  want \"%s\"", text, got, want);
	free(got);
}

static void limits_stated(void **state)
{
	(void)state;
	/* a limit of the system: its quantities go, the ask after "so" stays */
	expect("debug can't go past an hour so move it to capacity, 8 hours",
	       "debug can't go past so move it to capacity, 8 hours");
	expect("the gh-dev max is 2 hours, so switch to gh", "the gh-dev max is , so switch to gh");
	expect("2h is the cap for 8 nodes in batch.", " is the cap for in batch.");
	expect("It never starts on Anvil - 16 GPUs is over the per-user cap.", "It starts on Anvil - is over the per-user cap.");
	/* a name with a digit is no quantity */
	expect("That's stampede3 telling me 8 nodes is too many for h100.",
	       "That's stampede3 telling me is too many for h100.");
	/* a clause that asks is the ask, whatever limit word it holds */
	expect("give it the max, 48 hours", "give it the max, 48 hours");
	expect("4 hours max please", "4 hours max please");
}

static void failed_runs(void **state)
{
	(void)state;
	/* under a pasted script, the size of the run that failed */
	expect("aurora single-node test fell over:\n#PBS -l select=1\ngo to 4 nodes",
	       "aurora test fell over:\n#PBS -l select=1\ngo to 4 nodes");
	expect("my 2-node job crashed\nsrun python t.py\nrerun on 4 nodes", "my job crashed\nsrun python t.py\nrerun on 4 nodes");
	/* with no script pasted, the failed run's size is all there is of it: kept */
	expect("my 4-node job crashed, resubmit it the same", "my 4-node job crashed, resubmit it the same");
}

static void purpose_clauses(void **state)
{
	(void)state;
	/* the size restated stays, its "all" goes; the queue waited in goes */
	expect("#SBATCH -N 1\n2 nodes, FSDP so the weights get sharded over all 8 GPUs.",
	       "#SBATCH -N 1\n2 nodes, FSDP so the weights get sharded over 8 GPUs.");
	expect("#SBATCH -N 4\n2 nodes, 45 minutes so it gets through the queue fast",
	       "#SBATCH -N 4\n2 nodes, 45 minutes so it gets through the ");
	/* "so put it in capacity": the ask */
	expect("#PBS -q debug\nso put it in capacity for 6 hours", "#PBS -q debug\nso put it in capacity for 6 hours");
}

static void machine_said(void **state)
{
	(void)state;
	/* a pasted output above and a node count of the request's own */
	static const char *const smi = "$ rocm-smi\nGPU[0] : GPU use (%): 97\n\n";
	expect_under(smi, "that's a frontier compute node. Job: 12 nodes", " \n \n\nthat's frontier compute node. Job: 12 nodes");
	/* no node count of its own: the "a" may be the size */
	expect_under(smi, "that's a frontier compute node. Same again, 2h", " \n \n\nthat's a frontier compute node. Same again, 2h");
	/* the run that was: kept as the base of a change */
	expect_under(smi, "That was one DeltaAI node. Twice the GPUs, 4 nodes",
		     " \n \n\nThat was one DeltaAI node. Twice the GPUs, 4 nodes");
	/* no pasted output above */
	expect("this is a single node job. I want 2 nodes", "this is a single node job. I want 2 nodes");
}

static void progress_negation(void **state)
{
	(void)state;
	expect("the job never got scheduled on Perlmutter", "the job got scheduled on Perlmutter");
	expect("it doesn't start on Delta", "it start on Delta");
	/* a place taken back stays taken back */
	expect("never run it on debug", "never run it on debug");
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(limits_stated), cmocka_unit_test(failed_runs),
					   cmocka_unit_test(purpose_clauses), cmocka_unit_test(machine_said),
					   cmocka_unit_test(progress_negation)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
