/* test_run_tables.c - request/run_tables (tables of runs in other shapes rewritten as ruled markdown
 * tables, YAML lists of runs too) and csv_rows' several rows: each shape gives the table the form layer reads, prose under a line
 * of field names stays prose, and hostile shapes (more columns than a table holds, a row wider than its
 * header, no final line break, a scheduler tool's output) are left as written, never a crash. Also
 * picked_items (one of several listed runs kept, the others dropped) and picked_loop (a loop over values
 * read as the body run with the picked value): what they keep, and the lists they leave as written. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "request/reader.h"
#include "util/strbuf.h"

/* The rewritten text, or NULL when it is left as it is. */
static char *flat(const char *text)
{
	size_t n = 0;
	char *x = rd_flatten_run_tables(text, strlen(text), &n);
	if (x)
		assert_int_equal(strlen(x), n);
	return x;
}

static char *flat_csv(const char *text)
{
	size_t n = 0;
	char *x = rd_flatten_csv(text, strlen(text), &n);
	if (x)
		assert_int_equal(strlen(x), n);
	return x;
}

static char *picked(const char *text)
{
	size_t n = 0;
	char *x = rd_pick_listed_item(text, strlen(text), NULL, &n);
	if (x)
		assert_int_equal(strlen(x), n);
	return x;
}

static char *looped(const char *text)
{
	size_t n = 0;
	char *x = rd_pick_loop_value(text, strlen(text), &n);
	if (x)
		assert_int_equal(strlen(x), n);
	return x;
}

/* s with each run of blanks written as one and the blanks at a line's end dropped (blanked words leave
 * blanks whose number does not matter). */
static void squeeze(char *s)
{
	char *o = s;
	for (char *p = s; *p; p++) {
		if (*p == ' ' && (p[1] == ' ' || p[1] == '\n' || !p[1]))
			continue;
		*o++ = *p;
	}
	*o = 0;
}

/* f's rewrite of text equals want once blanks are squeezed; NULL want: left as written. */
static void expect_words(char *(*f)(const char *), const char *text, const char *want)
{
	char *x = f(text);
	if (!want) {
		if (x)
			fprintf(stderr, "left as written expected, got:\n%s\n", x);
		assert_null(x);
		return;
	}
	if (!x)
		fprintf(stderr, "a rewrite expected of:\n%s\n", text);
	assert_non_null(x);
	squeeze(x);
	if (strcmp(x, want))
		fprintf(stderr, "want:\n%s\ngot:\n%s\n", want, x);
	assert_string_equal(x, want);
	free(x);
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
	assert_non_null(x);
	if (strcmp(x, want))
		fprintf(stderr, "want:\n%s\ngot:\n%s\n", want, x);
	assert_string_equal(x, want);
	free(x);
}

static void bars_without_rule(void **state)
{
	(void)state;
	expect(flat, "sweep:\n| nodes | time | command |\n| 2 | 1h | python probe.py |\n| 4 | 2h | python train.py |\nthe 4-node one",
	       "sweep:\n| nodes | time | command |\n|---|---|---|\n| 2 | 1h | python probe.py |\n| 4 | 2h | python train.py |\n"
	       "the 4-node one");
	/* indented, under a heading: the rule keeps the indentation */
	expect(flat, "Table 2:\n  | stage | nodes | hours |\n  | pre | 4 | 8 |", "Table 2:\n  | stage | nodes | hours |\n  |---|---|---|\n  | pre | 4 | 8 |");
	/* a table that has its rule, and "| field | value |" rows, are the form layer's as they are */
	expect(flat, "| nodes | hours |\n|---|---|\n| 2 | 4 |", NULL);
	expect(flat, "| cluster | polaris |\n| nodes | 2 |", NULL);
	/* a header row alone, or a row of another width under it */
	expect(flat, "| nodes | hours |\nperlmutter", NULL);
	expect(flat, "| nodes | hours |\n| 2 | 4 | 6 |", NULL);
}

static void aligned_columns(void **state)
{
	(void)state;
	expect(flat, "cluster    nodes  gpus/node  hours  script\ndelta      4      4          10     run_clm.py --block_size 1024\naccount x",
	       "| cluster | nodes | gpus/node | hours | script |\n|---|---|---|---|---|\n| delta | 4 | 4 | 10 | run_clm.py --block_size 1024 |\n"
	       "account x");
	/* a command in a middle column: cut where the header's columns start */
	expect(flat, "nodes  script                 hours\n2      train.py --lr 1e-4     6\n",
	       "| nodes | script | hours |\n|---|---|---|\n| 2 | train.py --lr 1e-4 | 6 |\n");
	/* names of several words, two blanks apart */
	expect(flat, "partition   nodes  gpus per node\nGPU         2      8\nGPU-shared  1      4",
	       "| partition | nodes | gpus per node |\n|---|---|---|\n| GPU | 2 | 8 |\n| GPU-shared | 1 | 4 |\n");
	/* prose under a line of field names: a count that is no number ends the rows (none here) */
	expect(flat, "nodes  hours\nas many as you think, and a few hours", NULL);
	/* a word of the header that is no field name: not a header of runs */
	expect(flat, "JobID  Partition  NNodes  Elapsed\n123    gpu        4       01:00:00", NULL);
	/* a scheduler tool's output under its command line is tool_output.c's */
	expect(flat, "$ sinfo -o '%P %D %l'\nPARTITION  NODES  TIMELIMIT\ngpu        4      12:00:00", NULL);
}

static void described_columns(void **state)
{
	(void)state;
	expect(flat, "ls6 configs, columns are nodes, gpus per node, hours:\n1\t1\t0.5\n2\t3\t12\nsubmit the second row",
	       "ls6 configs, columns are nodes, gpus per node, hours:\n| nodes | gpus per node | hours |\n|---|---|---|\n| 1 | 1 | 0.5 |\n"
	       "| 2 | 3 | 12 |\nsubmit the second row");
	expect(flat, "Delta sizes (nodes, gpus per node, hours):\n1,2,1\n2,4,8",
	       "Delta sizes (nodes, gpus per node, hours):\n| nodes | gpus per node | hours |\n|---|---|---|\n| 1 | 2 | 1 |\n| 2 | 4 | 8 |\n");
	/* words that are no field names, or rows that do not fit them */
	expect(flat, "columns are apples, pears:\n1\t2", NULL);
	expect(flat, "columns: nodes, hours\n1\t2\t3", NULL);
	expect(flat, "we need nodes, hours and more.\nthat is all", NULL);
}

static void csv_rows(void **state)
{
	(void)state;
	expect(flat_csv, "script scale.py\nnodes,hours,queue\n10,2,prod\n24,3,prod\nrun the 24-node one",
	       "script scale.py\n| nodes | hours | queue |\n|---|---|---|\n| 10 | 2 | prod |\n| 24 | 3 | prod |\nrun the 24-node one");
	/* one row: form lines, as before */
	expect(flat_csv, "nodes,hours,queue\n10,2,prod\n", "nodes: 10\nhours: 2\nqueue: prod\n");
	/* a line of prose with as many commas is no row: it ends the table */
	expect(flat_csv, "nodes,hours,queue\n2,4,regular\n8,6,regular\nAnvil, train.py, use the last line",
	       "| nodes | hours | queue |\n|---|---|---|\n| 2 | 4 | regular |\n| 8 | 6 | regular |\nAnvil, train.py, use the last line");
	/* bars without the outer ones, two columns */
	expect(flat_csv, "nodes | hours\n4 | 2\n16 | 10\nthe 16-node one",
	       "| nodes | hours |\n|---|---|\n| 4 | 2 |\n| 16 | 10 |\nthe 16-node one");
	/* a decimal comma under semicolons, in every row */
	expect(flat_csv, "Knoten;Stunden;Skript\n1;1,5;a.py\n2;2,5;b.py",
	       "| Knoten | Stunden | Skript |\n|---|---|---|\n| 1 | 1.5 | a.py |\n| 2 | 2.5 | b.py |\n");
}

static void lists_of_runs(void **state)
{
	(void)state;
	expect(flat, "Submit `big`:\njobs:\n  - name: tiny\n    nodes: 2\n    queue: debug\n  - name: big\n    nodes: 512\n    walltime: \"06:00:00\"\n",
	       "Submit `big`:\njobs:\n  | name | nodes | queue | walltime |\n  |---|---|---|---|\n  | tiny | 2 | debug |  |\n"
	       "  | big | 512 |  | 06:00:00 |\n");
	expect(flat, "runs:\n  small: {nodes: 2, hours: 1}\n  big: {nodes: 8, hours: 6}\nthe big one",
	       "runs:\n  | name | nodes | hours |\n  |---|---|---|\n  | small | 2 | 1 |\n  | big | 8 | 6 |\nthe big one");
	/* a bullet list of settings, one each: no runs */
	expect(flat, "- nodes: 2\n- hours: 4\n- cluster: perlmutter\n", NULL);
	/* items with a nested value, a key that is no field, or no size shared: left to chosen_items.c */
	expect(flat, "- name: a\n  nodes: 2\n  args:\n    - --lr\n- name: b\n  nodes: 4\n", NULL);
	expect(flat, "- name: a\n  image: x\n  nodes: 2\n- name: b\n  image: y\n  nodes: 4\n", NULL);
	expect(flat, "- cluster: delta\n  nodes: 2\n- cluster: anvil\n  hours: 4\n", NULL);
	/* lines of key=value runs, a name first or not; one line of them is a form's (fields.c) */
	expect(flat, "cluster=perlmutter script=train.py\nrun1: nodes=2 hours=1\nrun2: nodes=8 time=\"6 h\"\nsubmit run2",
	       "cluster=perlmutter script=train.py\n| name | nodes | hours | time |\n|---|---|---|---|\n| run1 | 2 | 1 |  |\n"
	       "| run2 | 8 |  | 6 h |\nsubmit run2");
	expect(flat, "cluster=stampede3 nodes=3 gpus_per_node=4 time=16:00:00", NULL);
	expect(flat, "nodes=2 hours=1 and more words\nnodes=8 hours=6", NULL);
}

static void hostile(void **state)
{
	(void)state;
	/* more columns than a table holds */
	struct strbuf sb = STRBUF_INIT;
	for (int i = 0; i < 40; i++)
		strbuf_adds(&sb, "nodes  ");
	strbuf_addch(&sb, '\n');
	for (int i = 0; i < 40; i++)
		strbuf_adds(&sb, "1      ");
	char *x = flat(sb.buf);
	assert_null(x);
	strbuf_reset(&sb);
	for (int i = 0; i < 40; i++)
		strbuf_adds(&sb, "| nodes ");
	strbuf_adds(&sb, "|\n| 1 | 2 |");
	assert_null(flat(sb.buf));
	/* thousands of rows: the first MAX_ROWS are a table, the rest stay as written */
	strbuf_reset(&sb);
	strbuf_adds(&sb, "nodes  hours\n");
	for (int i = 0; i < 5000; i++)
		strbuf_adds(&sb, "1      2\n");
	x = flat(sb.buf);
	assert_non_null(x);
	free(x);
	/* no final line break, a header as the last line, lines of blanks */
	assert_null(flat("nodes  hours"));
	assert_null(flat("| nodes | hours |"));
	assert_null(flat("   \n\t\n|\n||\n| |\n"));
	x = flat("nodes  hours\n2      4");
	assert_non_null(x);
	assert_string_equal(x, "| nodes | hours |\n|---|---|\n| 2 | 4 |\n");
	free(x);
	strbuf_release(&sb);
}

static void picked_items(void **state)
{
	(void)state;
	/* a YAML list picked by name: the item's lines, the picking words blanked */
	expect_words(picked, "- name: a\n nodes: 2\n- name: b\n nodes: 8\nrun b please",
	       "name: b\nnodes: 8\nrun please");
	/* a flow list picked by place, written as form lines */
	expect_words(picked, "- {nodes: 1, hours: 2}\n- {nodes: 4, hours: 8}\nthe second one", "nodes: 4\nhours: 8\nthe");
	/* JSON: an object of runs picked by size; the array inside an object */
	expect_words(picked, "{\"e1\": {\"gpus\": 8}, \"e2\": {\"gpus\": 64}} the one with 64 GPUs",
	       "gpus: 64\n the one with");
	expect_words(picked, "{\"configs\": [{\"name\": \"x\", \"nodes\": 2}, {\"name\": \"y\", \"nodes\": 6}]} go with y",
	       "name: y\nnodes: 6\n go with");
	/* bullets: a one-line item without its marker and label; the size the writer changes left out */
	expect_words(picked, "- A: 2 nodes, 4h\n- B: 8 nodes, 10h\nas in B except a 6-hour limit",
	       "8 nodes,\nas in except a 6-hour limit");
	/* CSV: the picked row written under its header's names */
	expect_words(picked, "name,nodes,hours\nsmall,1,2\nbig,8,12\ntake big", "name: big\nnodes: 8\nhours: 12\ntake");
	/* by place ("row 2"), by any field ("the run with lr 3e-4"), by a bound and by relation */
	expect_words(picked, "name,nodes,hours\nsmall,1,2\nbig,8,12\nrow 2", "name: big\nnodes: 8\nhours: 12\n");
	expect_words(picked, "{\"lr\": \"1e-4\", \"nodes\": 2}\n{\"lr\": \"3e-4\", \"nodes\": 4}\nthe run with lr 3e-4 please",
		     "lr: 3e-4\nnodes: 4\n\nthe please");
	expect_words(picked, "- {nodes: 1, hours: 3}\n- {nodes: 2, hours: 6}\n- {nodes: 8, hours: 1}\nthe biggest one under 4 nodes",
		     "nodes: 2\nhours: 6\n one under 4 nodes");
	expect_words(picked, "prep: python prep.py (1 node, 1h)\ntrain: python train.py (4 nodes, 8h)\nthe step after prep",
		     "train: python train.py 4 nodes, 8h\nthe step");
	/* set aside: one of two left is picked; of three, the choice stays open and the list is dropped */
	expect_words(picked, "- name: smoke\n nodes: 1\n- name: full\n nodes: 16\nnot the smoke test",
		     "name: full\nnodes: 16\n test");
	expect_words(picked, "- name: s\n nodes: 1\n- name: m\n nodes: 4\n- name: l\n nodes: 16\nnot the s one",
		     "\nnot the s one");
	/* a pipeline told in prose */
	expect_words(picked, "Step one runs prep.py on 1 node. Step two runs train.py on 4 nodes. I need step two.",
		     "Step two runs train.py on 4 nodes.\n I need .");
	/* labelled stages picked by a stem of the label; the longest of several */
	expect_words(picked, "prep: python prep.py (1 node, 1h)\ntrain: python train.py (4 nodes, 8h)\njust the training step",
	       "train: python train.py 4 nodes, 8h\njust the step");
	expect_words(picked, "- 1 node, 2h\n- 2 nodes, 9h\n- 4 nodes, 5h\nthe longest", "2 nodes, 9h\n");
	/* a label that names (a cluster) stays with the item; a letter or a number does not */
	expect_words(picked, "- Perlmutter: 2 nodes, 4h\n- Polaris: 8 nodes, 1h\nthe Polaris one", "Polaris: 8 nodes, 1h\nthe");
	/* a property only one has, or lacks */
	expect_words(picked, "1) deepspeed train.py --deepspeed ds.json\n2) torchrun --nproc_per_node=4 train.py\nthe one that "
		       "does not use DeepSpeed",
	       "torchrun --nproc_per_node=4 train.py\nthe one");
	/* "neither of these": the list is set aside */
	expect_words(picked, "- 2 nodes, 2h\n- 8 nodes, 12h\nneither of these; 4 nodes", "\nneither of these; 4 nodes");
	/* left as written: no pick, two picks that disagree, a list of notes, names only listed, a single item */
	expect_words(picked, "- name: a\n nodes: 2\n- name: b\n nodes: 8\nnot sure which", NULL);
	expect_words(picked, "- name: x\n nodes: 2\n- name: y\n nodes: 8\nrun x, or rather the second one", NULL);
	expect_words(picked, "- use bf16\n- log to wandb\nthe second one matters", NULL);
	expect_words(picked, "prep: python prep.py (1 node)\ntrain: python train.py (4 nodes)\nprep -> train, both", NULL);
	expect_words(picked, "{\"nodes\": 2, \"hours\": 3}", NULL);
	/* form lines are no labels; the cue of another line picks nothing ("job script.\ntime = ...") */
	expect_words(picked, "I need a job script.\n[job]\ntime = 4:00:00\nscript = train.py", NULL);
	expect_words(picked, "a script.\nprep: python prep.py (1 node)\ntrain: python train.py (2 nodes)", NULL);
	expect_words(picked, "- 2 nodes\n- 8 nodes\non 2 nodes", NULL);
	/* numbers past any size (an overflow under UBSan before s28lists' fix): no pick, no size */
	expect_words(picked, "row 99999999999999999999 please\n- {nodes: 1}\n- {nodes: 2}", NULL);
	expect_words(picked, "- {hours: 99999999999.5}\n- {hours: 0.5}\nthe longest one", NULL);
	expect_words(picked, "- {hours: 1.5}\n- {hours: 0.5}\nthe longest one", "hours: 1.5\n one");
}

static void picked_loop(void **state)
{
	(void)state;
	expect_words(looped, "for seed in 0 1 2; do\n python train.py --seed $seed\ndone\nshow me seed 1's",
	       "python train.py --seed 1\nshow me");
	expect_words(looped, "for lr in 1e-4 3e-4; do python t.py --lr=${lr}; done only the 3e-4 run", "python t.py --lr=3e-4 only the");
	expect_words(looped, "for s in {1..3}\ndo\n srun python m.py --seed \"$s\"\ndone\nthe 3 one", "srun python m.py --seed \"3\"\nthe");
	/* every value, none, or a count that only looks like one: left as written */
	expect_words(looped, "for seed in 0 1 2; do python t.py --seed $seed; done all three seeds", NULL);
	expect_words(looped, "for seed in 1 2; do python t.py --seed $seed; done on 1 node", NULL);
	expect_words(looped, "for seed in 1 2; do python t.py --seed $seed; done seed 1 or seed 2", NULL);
	expect_words(looped, "for x in a b; do echo $x", NULL);
	/* seq and shell arrays as a loop's values */
	expect_words(looped, "for seed in $(seq 1 3); do python t.py --seed $seed; done only seed 2", "python t.py --seed 2 only");
	expect_words(looped, "v=(11 22)\nfor s in \"${v[@]}\"; do python t.py --seed $s; done\njust the 22 run",
		     "v=(11 22)\npython t.py --seed 22\njust the");
	/* job arrays: the array line dropped, the task id replaced */
	expect_words(looped, "#SBATCH --array=0-3\n#SBATCH -N 1\npython t.py --seed $SLURM_ARRAY_TASK_ID\njust task 2",
		     "#SBATCH -N 1\npython t.py --seed 2\njust");
	expect_words(looped, "#PBS -J 1-4\npython t.py --fold ${PBS_ARRAY_INDEX}\nonly fold 3", "python t.py --fold 3\nonly");
	expect_words(looped, "A=(x.yaml y.yaml)\n#SBATCH --array=0-1\npython t.py --config ${A[$SLURM_ARRAY_TASK_ID]}\nthe y.yaml one",
		     "python t.py --config y.yaml\nthe");
	expect_words(looped, "#SBATCH --array=0-3\npython t.py --seed $SLURM_ARRAY_TASK_ID\nkeep the array", NULL);
	/* a Hydra multirun and a GNU parallel line */
	expect_words(looped, "python t.py -m model=small,large seed=1\nonly the large one", "python t.py model=large seed=1\nonly the");
	expect_words(looped, "python t.py -m a=1,2 b=x,y\nonly the y one", "python t.py -m a=1,2 b=y\nonly the");
	expect_words(looped, "parallel python t.py --seed {} ::: 1 2 3\nthe seed 2 one", "python t.py --seed 2\nthe");
	expect_words(looped, "parallel python t.py --seed {} ::: 1 2 3\nall of them", NULL);
}

int main(void)
{
	setenv("MAPLE_DATA_DIR", MAPLE_SOURCE_DIR "/data", 0);
	const struct CMUnitTest tests[] = {cmocka_unit_test(bars_without_rule), cmocka_unit_test(aligned_columns),
					   cmocka_unit_test(described_columns), cmocka_unit_test(csv_rows),
					   cmocka_unit_test(lists_of_runs), cmocka_unit_test(hostile),
					   cmocka_unit_test(picked_items), cmocka_unit_test(picked_loop)};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
