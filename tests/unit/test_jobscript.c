/* test_jobscript.c - src/script/: the job script reader (directives, commands, assignments,
 * heredocs, launch chains, value evaluation, the launch plan, framework guess, cluster inference)
 * and the script -> request reader of src/request/extract_script.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/repo.h"
#include "request/extract_script.h"
#include "script/infer.h"
#include "script/jobscript.h"
#include "script/plan.h"
#include "port/port.h"

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

static void parse(const char *text, struct jobscript *js)
{
	struct maple_error err;
	assert_int_equal(jobscript_parse(text, strlen(text), js, &err), 0);
}

static void test_slurm_directives(void **state)
{
	(void)state;
	struct jobscript js;
	parse("#!/bin/bash\n"
	      "#SBATCH -N 2 -t 1:30:00   # two nodes\n"
	      "#SBATCH --gpus-per-node=4\n"
	      "#SBATCH --job-name \"my job\"\n"
	      "#SBATCH -Afoo\n"
	      "#SBATCH --nodes=two\n"
	      "#SBATCH --nodez=2\n"
	      "# SBATCH --nodes=9\n"
	      "echo hi\n"
	      "#SBATCH --time=5\n",
	      &js);
	assert_int_equal(js.sched, JS_SLURM);
	assert_int_equal(js.first_command_line, 9);
	struct js_header h;
	js_read_header(&js, &h);
	assert_int_equal(h.gpus_per_node, 4);
	assert_int_equal(h.walltime_min, 90);
	assert_string_equal(h.d_job_name->value, "my job");
	assert_string_equal(h.d_account->value, "foo");
	/* -N 2 on line 2 is valid; --nodes=two on line 6 is malformed and so not counted */
	assert_int_equal(h.nodes, 2);
	int bad = 0, unknown = 0, ignored = 0;
	for (size_t i = 0; i < js.ndirs; i++) {
		bad += js.dirs[i].problem && !js.dirs[i].unknown;
		unknown += js.dirs[i].unknown;
		ignored += js.dirs[i].ignored;
		if (js.dirs[i].unknown)
			assert_int_equal(js.dirs[i].line, 7);
	}
	assert_int_equal(bad, 1);
	assert_int_equal(unknown, 1);
	assert_int_equal(ignored, 1); /* --time=5 after the first command */
	jobscript_release(&js);
}

static void test_times(void **state)
{
	(void)state;
	assert_int_equal(slurm_time_minutes("30"), 30);
	assert_int_equal(slurm_time_minutes("1:00"), 1); /* MM:SS */
	assert_int_equal(slurm_time_minutes("01:00:00"), 60);
	assert_int_equal(slurm_time_minutes("2-00:00:00"), 2880);
	assert_int_equal(slurm_time_minutes("1-12"), 2160);
	assert_int_equal(slurm_time_minutes("UNLIMITED"), -2);
	assert_int_equal(slurm_time_minutes("1h"), -1);
	assert_int_equal(slurm_time_minutes("1::00"), -1);
	assert_int_equal(pbs_walltime_minutes("01:00:00"), 60);
	assert_int_equal(pbs_walltime_minutes("3600"), 60);
	assert_int_equal(pbs_walltime_minutes("1:00:01"), 61);
	assert_int_equal(lsf_time_minutes("2:00"), 120);
	assert_int_equal(lsf_time_minutes("45"), 45);
	assert_int_equal(lsf_time_minutes("1:75"), -1);
}

static void test_pbs_and_lsf(void **state)
{
	(void)state;
	struct jobscript js;
	parse("#!/bin/bash\n#PBS -l select=3:ncpus=64:ngpus=4:system=polaris\n#PBS -l walltime=02:00:00,filesystems=home:eagle\n"
	      "#PBS -A proj\n#PBS -q prod\ncd $PBS_O_WORKDIR\n",
	      &js);
	assert_int_equal(js.sched, JS_PBS);
	struct js_header h;
	js_read_header(&js, &h);
	assert_int_equal(h.nodes, 3);
	assert_int_equal(h.gpus_per_node, 4);
	assert_int_equal(h.walltime_min, 120);
	assert_non_null(js_directive(&js, "filesystems"));
	assert_string_equal(h.d_queue->value, "prod");
	jobscript_release(&js);
	parse("#!/bin/bash\n#BSUB -nnodes 4\n#BSUB -W 2:00\n#BSUB -J run\n#BSUB -P abc123\njsrun -n 24 -a 1 -g 1 -r 6 python t.py\n",
	      &js);
	assert_int_equal(js.sched, JS_LSF);
	js_read_header(&js, &h);
	assert_int_equal(h.nodes, 4);
	assert_int_equal(h.walltime_min, 120);
	struct launch_plan p;
	js_plan(&js, 0, &p);
	assert_int_equal(p.nodes, 4);
	assert_int_equal(p.tasks_per_node, 6);
	jobscript_release(&js);
}

static void test_commands_and_assignments(void **state)
{
	(void)state;
	struct jobscript js;
	parse("#!/bin/bash\nset -euo pipefail\nA=1 B=\"two words\"\nexport C=$A D\nif [ -f x ]; then echo yes; fi\n"
	      "cat > ds.json <<'EOF'\n{\"zero_optimization\": {\"stage\": 3}}\nEOF\n"
	      "ARGS=(--lr 0.1\n  --epochs 3)\nFOO=bar python t.py 2>&1 | tee log.txt &\n",
	      &js);
	const struct assign *b = js_lookup(&js, "B", (int)js.ncmds);
	assert_non_null(b);
	assert_string_equal(b->value.value, "two words");
	const struct assign *c = js_lookup(&js, "C", (int)js.ncmds);
	assert_non_null(c);
	assert_true(c->exported);
	assert_int_equal(js.nheredocs, 1);
	assert_string_equal(js.heredocs[0].target, "ds.json");
	assert_non_null(strstr(js.heredocs[0].body, "\"stage\": 3"));
	const struct assign *args = js_lookup(&js, "ARGS", (int)js.ncmds);
	assert_non_null(args);
	assert_string_equal(args->value.value, "--lr 0.1 --epochs 3");
	/* FOO=bar python: a prefix for that command only, not a shell variable */
	assert_null(js_lookup(&js, "FOO", 0));
	long v;
	assert_true(js_eval_int(&js, "$A", (int)js.ncmds, NULL, &v));
	assert_int_equal(v, 1);
	assert_true(js.problems.nr == 0);
	jobscript_release(&js);
}

static void test_eval(void **state)
{
	(void)state;
	struct jobscript js;
	parse("#!/bin/bash\n#SBATCH -N 4\nGPUS=4\nNNODES=$SLURM_NNODES\nWORLD=$((GPUS * NNODES))\nN2=${UNSET:-7}\n"
	      "H=$(scontrol show hostnames $SLURM_JOB_NODELIST | wc -l)\n",
	      &js);
	struct js_counts hc = {4, 4, 0, 0};
	long v;
	assert_true(js_eval_int(&js, "$WORLD", (int)js.ncmds, &hc, &v));
	assert_int_equal(v, 16);
	assert_true(js_eval_int(&js, "${N2}", (int)js.ncmds, &hc, &v));
	assert_int_equal(v, 7);
	assert_true(js_eval_int(&js, "$H", (int)js.ncmds, &hc, &v));
	assert_int_equal(v, 4);
	assert_false(js_eval_int(&js, "$NOPE", (int)js.ncmds, &hc, &v));
	assert_false(js_eval_int(&js, "$((1/0))", (int)js.ncmds, &hc, &v));
	jobscript_release(&js);
}

static void test_launch_chains(void **state)
{
	(void)state;
	struct jobscript js;
	parse("#!/bin/bash\n#SBATCH -N 2\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=4\n"
	      "export MASTER_ADDR=$(hostname)\npython prep.py\n"
	      "srun --export=ALL apptainer exec --nv -B /data img.sif bash -c 'torchrun --nnodes=$SLURM_NNODES "
	      "--nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR train.py --lr 3e-4'\n",
	      &js);
	int m = js_main_launch(&js);
	assert_true(m >= 0);
	const struct launch *l = &js.launches[m];
	assert_int_equal(l->stages[0].kind, SK_SRUN);
	assert_int_equal(l->stages[1].kind, SK_WRAPPER);
	assert_int_equal(l->stages[2].kind, SK_SHELL);
	assert_int_equal(l->stages[3].kind, SK_TORCHRUN);
	assert_int_equal(l->stages[4].kind, SK_PROGRAM);
	struct launch_plan p;
	js_plan(&js, 4, &p);
	assert_int_equal(p.eff_nodes, 2);
	assert_int_equal(p.spawner_nodes, 2);
	assert_int_equal(p.workers_per_node, 4);
	assert_int_equal(p.workers, 8);
	const struct jcmd *c = &js.cmds[p.prog->cmd];
	assert_string_equal(c->words.v[l->script_word].value, "train.py");
	assert_int_equal(c->depth, 1);
	assert_int_equal(c->word_line[l->script_word], 7);
	jobscript_release(&js);
}

static void test_list_variables(void **state)
{
	(void)state;
	struct jobscript js;
	parse("#!/bin/bash\n#SBATCH -N 2\nLAUNCHER=\"accelerate launch --num_machines 2 --num_processes 8 --machine_rank "
	      "\\$SLURM_PROCID\"\nCMD=\"$LAUNCHER run.py --x 1\"\nsrun bash -c \"$CMD\"\n",
	      &js);
	struct launch_plan p;
	js_plan(&js, 4, &p);
	assert_non_null(p.spawner);
	assert_int_equal(p.spawner->kind, SK_ACCELERATE);
	assert_int_equal(p.workers_per_node, 4);
	struct fw_guess g;
	js_framework(NULL, &js, &p, NULL, &g);
	assert_int_equal(g.framework, FW_ACCELERATE);
	jobscript_release(&js);
}

static void test_framework_guess(void **state)
{
	(void)state;
	static const struct {
		const char *line;
		enum framework fw;
		enum strategy st;
	} cases[] = {
		{"srun torchrun --nproc_per_node=4 train.py", FW_PYTORCH, ST_DDP},
		{"srun torchrun --nproc_per_node=4 train_fsdp.py", FW_PYTORCH, ST_FSDP},
		{"srun torchrun --nproc_per_node=4 run_clm.py --fsdp 'full_shard auto_wrap'", FW_PYTORCH, ST_FSDP},
		/* a config file maple cannot read: the stage is unknown, never guessed from its name (issue 13) */
		{"srun torchrun --nproc_per_node=4 run_clm.py --deepspeed ds_z3.json", FW_DEEPSPEED, ST_NONE},
		{"deepspeed --num_gpus 4 train.py --deepspeed_config zero2.json", FW_DEEPSPEED, ST_NONE},
		{"srun accelerate launch --use_fsdp --num_processes 8 t.py", FW_ACCELERATE, ST_FSDP},
		{"srun accelerate launch --use_deepspeed --zero_stage 3 t.py", FW_ACCELERATE, ST_ZERO3},
		{"srun python train.py --strategy deepspeed_stage_2", FW_DEEPSPEED, ST_ZERO2},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char text[512];
		snprintf(text, sizeof(text), "#!/bin/bash\n#SBATCH -N 1\n%s\n", cases[i].line);
		struct jobscript js;
		parse(text, &js);
		struct launch_plan p;
		js_plan(&js, 4, &p);
		struct fw_guess g;
		js_framework(NULL, &js, &p, NULL, &g);
		if (g.framework != cases[i].fw || g.strategy != cases[i].st)
			fail_msg("%s: got %s %s", cases[i].line, framework_name(g.framework), strategy_name(g.strategy));
		jobscript_release(&js);
	}
}

static void test_bad_input(void **state)
{
	(void)state;
	struct jobscript js;
	struct maple_error err;
	assert_int_equal(jobscript_parse("", 0, &js, &err), -1);
	assert_int_equal(jobscript_parse("a\0b", 3, &js, &err), -1);
	assert_non_null(strstr(err.text, "NUL"));
	assert_int_equal(jobscript_parse("echo \xff\n", 7, &js, &err), -1);
	assert_non_null(strstr(err.text, "UTF-8"));
	/* odd shell never fails: it is noted */
	parse("#!/bin/bash\necho 'never closed\nsrun python t.py\n", &js);
	assert_true(js.problems.nr >= 1);
	jobscript_release(&js);
	parse("#!/bin/bash\ncat <<EOF\nno end\n", &js);
	assert_true(js.problems.nr >= 1);
	jobscript_release(&js);
	parse("((((((((((\n))))) ;;;; &&& ||| <<<< >>>> ${ $( `\n", &js);
	jobscript_release(&js);
}

static void test_infer_and_request(void **state)
{
	(void)state;
	char *text = tu_read_data("../tests/golden/delta-pytorch-ddp.sh");
	assert_non_null(text);
	struct script_reading sr;
	struct maple_error err;
	assert_int_equal(read_script(text, strlen(text), NULL, repo, NULL, &sr, &err), 0);
	assert_non_null(sr.cluster);
	assert_string_equal(sr.cluster->id, "delta");
	struct request r;
	request_init(&r);
	script_to_request(&sr, &r);
	port_not_carried(&sr);
	assert_int_equal(r.nodes, 4);
	assert_int_equal(r.gpus_per_node, 4);
	assert_int_equal(r.framework, FW_PYTORCH);
	assert_non_null(r.script);
	/* the account and partition are reported as not carried over, with their lines */
	bool account = false;
	for (size_t i = 0; i < sr.dropped.nr; i++)
		account |= strstr(sr.dropped.v[i], "--account") != NULL && !strncmp(sr.dropped.v[i], "line ", 5);
	assert_true(account);
	request_release(&r);
	script_reading_release(&sr);
	free(text);
	/* a script with nothing cluster-specific is not pinned on any cluster */
	const char *generic = "#!/bin/bash\n#SBATCH -N 2\n#SBATCH -p gpu\nsrun python train.py\n";
	assert_int_equal(read_script(generic, strlen(generic), NULL, repo, NULL, &sr, &err), 0);
	assert_null(sr.cluster);
	script_reading_release(&sr);
}


/* submitline.c: a node count left to the submit command is unknown, never sbatch's default of 1 */
static void test_submit_nodes(void **state)
{
	(void)state;
	struct jobscript js;
	struct js_submit sub;
	struct launch_plan p;
	/* a comment with the count, and the other options it gives */
	parse("#!/bin/bash\n# submit with: sbatch -N 4 -A m1234 -q regular job.sh\n#SBATCH --ntasks-per-node=4\n"
	      "#SBATCH --gpus-per-node=4\nsrun python train.py\n",
	      &js);
	assert_true(js_submit_nodes(&js, &sub));
	assert_true(sub.comment);
	assert_int_equal(sub.line, 2);
	assert_int_equal(sub.count, 4);
	assert_true(js_submit_gives(&js, &sub, "account"));
	assert_true(js_submit_gives(&js, &sub, "qos"));
	assert_false(js_submit_gives(&js, &sub, "time"));
	js_plan(&js, 4, &p);
	assert_int_equal(p.header.nodes, 0);
	/* (session 25) the comment's count is the size the job runs on: the plan's, not the header's */
	int cl = 0;
	assert_int_equal(js_submit_comment_nodes(&js, &cl), 4);
	assert_int_equal(cl, 2);
	assert_int_equal(p.eff_nodes, 4);
	assert_int_equal(p.nodes_comment_line, 2);
	jobscript_release(&js);
	/* a placeholder, --nodes=<N> */
	parse("#!/bin/bash\n# Usage: sbatch --nodes=<N> run.sh\n#SBATCH --gpus-per-node=4\nsrun python train.py\n", &js);
	assert_true(js_submit_nodes(&js, &sub));
	assert_int_equal(sub.count, 0);
	assert_int_equal(js_submit_comment_nodes(&js, &cl), 0);
	js_plan(&js, 4, &p);
	assert_int_equal(p.eff_nodes, 0);
	jobscript_release(&js);
	/* several sizes (a scaling study): unknown; the same size twice: that size */
	parse("#!/bin/bash\n#   sbatch -N 1 scale.sh\n#   sbatch -N 8 scale.sh\n#SBATCH --gpus-per-node=4\n"
	      "srun python train.py\n",
	      &js);
	assert_int_equal(js_submit_comment_nodes(&js, &cl), 0);
	jobscript_release(&js);
	parse("#!/bin/bash\n# sbatch -N 2 a.sh\n# or: sbatch --nodes=2 -t 60 a.sh\n#SBATCH --gpus-per-node=4\n"
	      "srun python train.py\n",
	      &js);
	assert_int_equal(js_submit_comment_nodes(&js, &cl), 2);
	assert_int_equal(cl, 2);
	jobscript_release(&js);
	/* a header count wins: the comment is not read for the plan */
	parse("#!/bin/bash\n# sbatch -N 2 a.sh\n#SBATCH -N 3\n#SBATCH --gpus-per-node=4\nsrun python train.py\n", &js);
	js_plan(&js, 4, &p);
	assert_int_equal(p.eff_nodes, 3);
	assert_int_equal(p.nodes_comment_line, 0);
	jobscript_release(&js);
	/* qsub's select, with walltime in the same -l */
	parse("#!/bin/bash\n#   qsub -l select=2:system=polaris,walltime=1:00:00 -A P run.sh\n#PBS -l place=scatter\n"
	      "mpiexec -n 8 --ppn 4 python train.py\n",
	      &js);
	assert_true(js_submit_nodes(&js, &sub));
	assert_int_equal(sub.count, 2);
	assert_true(js_submit_gives(&js, &sub, "walltime"));
	assert_true(js_submit_gives(&js, &sub, "account"));
	assert_false(js_submit_gives(&js, &sub, "queue"));
	jobscript_release(&js);
	/* the launch reads the allocation's count through a variable */
	parse("#!/bin/bash\n#SBATCH --gpus-per-node=8\nNN=$SLURM_JOB_NUM_NODES\n"
	      "srun -N $NN -n $((NN * 8)) python train.py\n",
	      &js);
	assert_true(js_submit_nodes(&js, &sub));
	assert_false(sub.comment);
	assert_int_equal(sub.line, 4);
	js_plan(&js, 8, &p);
	assert_int_equal(p.header.nodes, 0);
	assert_int_equal(p.tasks_per_node, 8); /* the same per node whatever the count */
	jobscript_release(&js);
	/* neighbours: an echo of the count, a comment that is no submit line, a header with -N */
	parse("#!/bin/bash\n# run sbatch job.sh, then wait\n#SBATCH --gpus-per-node=4\necho \"nodes: $SLURM_NNODES\"\n"
	      "srun python train.py\n",
	      &js);
	assert_false(js_submit_nodes(&js, &sub));
	js_plan(&js, 4, &p);
	assert_int_equal(p.header.nodes, 1);
	jobscript_release(&js);
	parse("#!/bin/bash\n# bigger: sbatch -N 8 job.sh\n#SBATCH -N 2\n#SBATCH --gpus-per-node=4\nsrun python train.py\n", &js);
	js_plan(&js, 4, &p);
	assert_int_equal(p.header.nodes, 2);
	jobscript_release(&js);
}

/* values.c: words that use constants the batch shell sets read as their values; nothing else does */
static void test_resolve_word(void **state)
{
	(void)state;
	struct jobscript js;
	parse("#!/bin/bash\nDATA=data/in\nEP=50\nEP2=$EP\nNAME=\"my run\"\nENVV=${ENVV:-3}\nPOS=$1\nOUT=$SCRATCH/x\n"
	      "EMPTY=\nif true; then BS=8; fi\n"
	      "python train.py --data $DATA/train --ep ${EP2} --name \"$NAME\" --e $ENVV --p $POS --o $OUT --bs $BS $EMPTY\n",
	      &js);
	const struct jcmd *c = &js.cmds[js.ncmds - 1];
	int cmd = (int)js.ncmds - 1;
	const char *want[][2] = {{"$DATA/train", "data/in/train"}, {"${EP2}", "50"}, {"\"$NAME\"", "my run"},
				 {"$ENVV", NULL}, {"$POS", NULL}, {"$OUT", NULL}, {"$BS", NULL}};
	for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++) {
		size_t i = 0;
		while (i < c->words.nr && strcmp(c->words.v[i].raw, want[k][0]))
			i++;
		assert_true(i < c->words.nr);
		struct shword w;
		int r = js_resolve_word(&js, cmd, &c->words.v[i], &w);
		if (!want[k][1]) {
			assert_int_equal(r, 0); /* environment, command line, a path from the login, a block, a split */
			continue;
		}
		assert_int_equal(r, 1);
		assert_string_equal(w.value, want[k][1]);
		shword_release(&w);
	}
	size_t i = 0;
	while (i < c->words.nr && strcmp(c->words.v[i].raw, "$EMPTY"))
		i++;
	struct shword w;
	assert_int_equal(js_resolve_word(&js, cmd, &c->words.v[i], &w), 2); /* no word at all */
	jobscript_release(&js);
}

/* The one home of shell-variable resolution: a pasted command read with the constants of the lines before
 * it (every constant, MASTER_PORT's too); a word that expands to nothing; options set under a condition
 * stay as written; DeepSpeed's --include counts the devices per host. */
static void test_constants_and_conditions(void **state)
{
	(void)state;
	char *t = js_substitute_constants("NNODES=2\nexport GPUS=\"4\"\nMASTER_PORT=29511\nX=$(hostname)\n",
					  "torchrun --nnodes=$NNODES --nproc_per_node=${GPUS} --master_port=$MASTER_PORT "
					  "--x $X --y ${UNSET} '$NNODES' $NNODESX");
	assert_string_equal(t, "torchrun --nnodes=2 --nproc_per_node=4 --master_port=29511 --x $X --y ${UNSET} '2' $NNODESX");
	free(t);
	t = js_substitute_constants("A=1\nA=$((A+1))\n", "run $A");
	assert_string_equal(t, "run $A"); /* a value from arithmetic: no constant */
	free(t);

	struct jobscript js;
	parse("#!/bin/bash\n#SBATCH -N 1\nPROF=\"\"\nEPOCHS=5\nRESUME=\"\"\nif [ -f last.pt ]; then\n  RESUME=\"--resume last.pt\"\nfi\n"
	      "OPTS=\"--amp --bf16\"\nsrun python train.py $PROF --epochs $EPOCHS $RESUME $OPTS\n",
	      &js);
	const struct jcmd *c = &js.cmds[js.launches[0].cmd];
	bool saw_resume = false, saw_amp = false, saw_opts = false;
	for (size_t i = 0; i < c->words.nr; i++) {
		const char *raw = c->words.v[i].raw;
		bool none = js_expands_to_nothing(&js, js.launches[0].cmd, &c->words.v[i]);
		assert_int_equal(none, !strcmp(raw, "$PROF"));
		saw_resume |= !strcmp(raw, "$RESUME");
		saw_amp |= !strcmp(c->words.v[i].value, "--amp");
		saw_opts |= !strcmp(raw, "$OPTS");
	}
	assert_true(saw_resume); /* set in an if: the run decides, the word stays */
	assert_true(saw_amp);	 /* a constant list of options: the shell splits it, so does the reader */
	assert_false(saw_opts);
	jobscript_release(&js);

	static const struct {
		const char *line;
		long per_node;
	} inc[] = {
		{"deepspeed --hostfile hf --include \"$N1:0,1@$N2:0,1\" t.py", 2},
		{"deepspeed --include localhost:0,1,2 t.py", 3},
		{"deepspeed --include localhost:0-3 t.py", 4},
		{"deepspeed --include \"a:0,1@b:0\" t.py", 4}, /* uneven: the node's GPUs */
		{"deepspeed --include a@b t.py", 4},	      /* all of each host's: the node's */
		{"deepspeed --num_gpus 1 --include localhost:0,1 t.py", 1},
	};
	for (size_t i = 0; i < sizeof(inc) / sizeof(inc[0]); i++) {
		char text[512];
		snprintf(text, sizeof(text), "#!/bin/bash\n#SBATCH -N 1\n%s\n", inc[i].line);
		parse(text, &js);
		struct launch_plan p;
		js_plan(&js, 4, &p);
		assert_int_equal(p.workers_per_node, inc[i].per_node);
		jobscript_release(&js);
	}
}

/* written.c: the files a job writes for its tasks - which heredoc or printf wrote the file a launcher runs,
 * and the one command of a --multi-prog configuration */
static void test_written_files(void **state)
{
	(void)state;
	char *one = js_multiprog_uniform("# ranks\n0-7  python -u train.py --rank %t\n");
	assert_non_null(one);
	assert_string_equal(one, "python -u train.py --rank %t");
	free(one);
	one = js_multiprog_uniform("0-3 python a.py\n4-7 python a.py\n");
	assert_non_null(one);
	assert_string_equal(one, "python a.py");
	free(one);
	assert_null(js_multiprog_uniform("0 python ps.py\n1-3 python worker.py\n")); /* MPMD */
	assert_null(js_multiprog_uniform("python train.py\n"));			      /* no rank list */

	struct jobscript js;
	parse("#!/bin/bash\n#SBATCH -N 2\n"
	      "cat <<'EOF' > $WORK/run.sh\nexport RANK=$SLURM_PROCID\npython train.py --lr 1\nEOF\n"
	      "printf '%s\\n' 'python step.py --k 2' > step.sh\n"
	      "echo \"x $HOME\" > not_literal.sh\n"
	      "cd $WORK\nsrun ./run.sh\n",
	      &js);
	int last = (int)js.ncmds;
	const struct heredoc *h = js_written_file(&js, "run.sh", last);
	assert_non_null(h); /* the one file of that base name, by another path */
	assert_true(h->quoted);
	h = js_written_file(&js, "./step.sh", last);
	assert_non_null(h);
	assert_string_equal(h->body, "python step.py --k 2\n");
	assert_null(js_written_file(&js, "not_literal.sh", last)); /* $HOME: not known when read */
	assert_null(js_written_file(&js, "run.sh", 0));	   /* not yet written */
	int m = js_main_launch(&js);
	assert_true(m >= 0);
	const struct launch *l = &js.launches[m];
	assert_int_equal(l->stages[0].kind, SK_SRUN);
	assert_int_equal(l->stages[1].kind, SK_SHELL);
	assert_string_equal(js.cmds[js.launches[m].stages[l->nstages - 1].cmd].words.v[l->script_word].value, "train.py");
	jobscript_release(&js);

	parse("#!/bin/bash\n#SBATCH -N 1\n#SBATCH --ntasks-per-node=4\n"
	      "cat > tasks.conf <<EOF\n* python train.py --rank %t\nEOF\nsrun --multi-prog tasks.conf\n",
	      &js);
	m = js_main_launch(&js);
	assert_true(m >= 0);
	assert_true(js.launches[m].multi_prog_uniform);
	assert_false(js.launches[m].mpmd);
	assert_int_equal(js.cmds[js.launches[m].stages[js.launches[m].nstages - 1].cmd].line, 5);
	jobscript_release(&js);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slurm_directives), cmocka_unit_test(test_times),
		cmocka_unit_test(test_pbs_and_lsf),	 cmocka_unit_test(test_commands_and_assignments),
		cmocka_unit_test(test_eval),		 cmocka_unit_test(test_launch_chains),
		cmocka_unit_test(test_submit_nodes),	 cmocka_unit_test(test_resolve_word),
		cmocka_unit_test(test_list_variables),	 cmocka_unit_test(test_framework_guess),
		cmocka_unit_test(test_bad_input),	 cmocka_unit_test(test_infer_and_request),
		cmocka_unit_test(test_constants_and_conditions), cmocka_unit_test(test_written_files),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
