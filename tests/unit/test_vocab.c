/* test_vocab.c - src/request/vocab.c: the reader's vocabulary from data/lexicon (keys, units, GPU
 * models, cue lists, unprofiled systems), and the file:line errors of invalid lexicon files. Each case
 * runs in a child process: the vocabulary is loaded once per process. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "request/lexicon.h"
#include "request/vocab.h"
#include "util/strvec.h"

static int load_dir(const char *dir, struct maple_error *err)
{
	struct strvec dirs;
	strvec_init(&dirs);
	strvec_push(&dirs, dir);
	int rc = vocab_load(&dirs, err);
	strvec_clear(&dirs);
	return rc;
}

static void real_vocabulary(void **state)
{
	(void)state;
	struct maple_error err = {0};
	int loaded = load_dir(MAPLE_SOURCE_DIR "/data", &err);
	if (loaded)
		fprintf(stderr, "%s\n", err.text); /* what a failed load says */
	assert_int_equal(loaded, 0);
	/* cloud instances and vendor boxes by the GPUs one holds (machines.yaml), one word or two */
	assert_int_equal(vocab_machine_gpus("p4d.24xlarge"), 8);
	assert_int_equal(vocab_machine_gpus("a2-megagpu-16g"), 16);
	assert_int_equal(vocab_machine_gpus("a2-highgpu-4g"), 4);
	assert_int_equal(vocab_machine_gpus("dgx h100"), 8);
	assert_int_equal(vocab_machine_gpus("nd96asr_v4"), 8);
	assert_int_equal(vocab_machine_gpus("a100"), 0);
	assert_int_equal(vocab_machine_gpus("server"), 0);
	/* keys as forms spell them */
	assert_int_equal(vocab_key("nodes"), VK_NODES);
	assert_int_equal(vocab_key("Nodes:"), VK_NODES);
	assert_int_equal(vocab_key("--nodes"), VK_NODES);
	assert_int_equal(vocab_key("gpus per node"), VK_GPUS_PER_NODE);
	assert_int_equal(vocab_key("GPUs/node"), VK_GPUS_PER_NODE);
	assert_int_equal(vocab_key("gpus-per-node"), VK_GPUS_PER_NODE);
	assert_int_equal(vocab_key("ppn"), VK_GPUS_PER_NODE);
	assert_int_equal(vocab_key("walltime_minutes"), VK_WALLTIME);
	assert_int_equal(vocab_key("How long"), VK_WALLTIME);
	assert_int_equal(vocab_key("allocation"), VK_ACCOUNT);
	assert_int_equal(vocab_key("partition"), VK_QUEUE);
	assert_int_equal(vocab_key("entry point"), VK_SCRIPT);
	assert_int_equal(vocab_key("argv"), VK_SCRIPT_ARGS);
	assert_int_equal(vocab_key("cmd"), VK_COMMAND);
	assert_int_equal(vocab_key("system"), VK_CLUSTER);
	/* words that are not keys: prose, or too ambiguous to be a form's field */
	assert_int_equal(vocab_key("job"), VK_NONE);
	assert_int_equal(vocab_key("flags"), VK_NONE);
	assert_int_equal(vocab_key("quick one"), VK_NONE);
	assert_int_equal(vocab_key("env"), VK_NONE);
	/* GPU models */
	assert_string_equal(vocab_gpu_model("A100s"), "a100");
	assert_string_equal(vocab_gpu_model("GH200"), "gh200");
	assert_string_equal(vocab_gpu_model("PVC"), "max1550");
	assert_string_equal(vocab_gpu_model("gcds"), "mi250x");
	assert_null(vocab_gpu_model("rtx"));
	/* units */
	assert_true(is_node_unit("servers"));
	assert_true(is_gpu_unit("tiles"));
	assert_int_equal(duration_unit("hrs"), 60);
	assert_int_equal(duration_unit("week"), 10080);
	/* cue lists, one word and several */
	assert_true(vocab_in(VL_CORRECTION, "actually"));
	assert_true(vocab_in(VL_CORRECTION, "make it"));
	assert_true(vocab_in(VL_NEGATION, "rather than"));
	assert_true(vocab_in(VL_SOURCE, "ran"));
	assert_true(vocab_in(VL_TARGET, "want"));
	assert_false(vocab_in(VL_TARGET, "ran"));
	/* the words around the training program (data/lexicon/program.yaml): every list has its words */
	assert_true(vocab_in(VL_ARG_STOP, "walltime"));
	assert_false(vocab_in(VL_ARG_STOP, "--lr"));
	assert_true(vocab_in(VL_ARG_ITEM, "qos"));
	assert_true(vocab_in(VL_WRITER_WORD, "i'm"));
	assert_true(vocab_in(VL_RETRACTION, "scratch that"));
	assert_true(vocab_in(VL_RETRACTION, "correction:"));
	assert_true(vocab_in(VL_COMMAND_LEAD, "jsrun"));
	assert_true(vocab_in(VL_COMMAND_WORD, "python3"));
	assert_true(vocab_in(VL_ARGS_HANDOVER, "and it needs"));
	assert_true(vocab_in(VL_ARGS_GLUE, "mit"));
	assert_true(vocab_in(VL_ARGS_GLUE, "args:"));
	assert_true(vocab_in(VL_ARGS_VERB, "supply"));
	assert_true(vocab_in(VL_ARGS_OBJECT, "the script"));
	assert_true(vocab_in(VL_ARGS_FILLER, "as follows"));
	assert_true(vocab_in(VL_RUN_VERB, "invoked"));
	assert_true(vocab_in(VL_PROGRAM_NOUN, "entrypoint"));
	assert_true(vocab_in(VL_ARG_CHANGE, "change"));
	assert_true(vocab_in(VL_ARG_ADD, "plus"));
	assert_false(vocab_in(VL_ARG_ADD, "change"));
	/* systems without a profile (a lazily loaded file) */
	const struct other_system *s = vocab_other_system("summit");
	assert_non_null(s);
	assert_string_equal(s->centre, "OLCF");
	assert_non_null(vocab_other_system("piz daint"));
	assert_null(vocab_other_system("perlmutter"));
	assert_null(vocab_other_system("sierra")); /* a common word: left out on purpose */
	assert_int_equal(vocab_check_all(&err), 0);
}

/* Writes text as DIR/lexicon/NAME and loads DIR in a child; returns the child's stderr-equivalent:
 * the error text (empty on success). */
static void load_bad(const char *name, const char *text, char *msg, size_t cap)
{
	char dir[] = "/tmp/maple-vocab-XXXXXX";
	assert_non_null(mkdtemp(dir));
	char path[512];
	snprintf(path, sizeof(path), "%s/lexicon", dir);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/lexicon/%s", dir, name);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	if (!strncmp(name, "systems", 7)) { /* the lazily loaded file needs a vocabulary beside it */
		snprintf(path, sizeof(path), "%s/lexicon/vocabulary.yaml", dir);
		f = fopen(path, "w");
		assert_non_null(f);
		fputs("version: 1\n", f);
		fclose(f);
	}
	int fd[2];
	assert_int_equal(pipe(fd), 0);
	pid_t pid = fork();
	if (pid == 0) {
		close(fd[0]);
		struct maple_error err = {0};
		int rc = load_dir(dir, &err);
		if (rc == 0 && !strncmp(name, "systems", 7))
			rc = vocab_check_all(&err);
		if (rc < 0 && write(fd[1], err.text, strlen(err.text)) < 0)
			_exit(3);
		_exit(rc < 0 ? 1 : 0);
	}
	close(fd[1]);
	ssize_t n = read(fd[0], msg, cap - 1);
	msg[n > 0 ? n : 0] = '\0';
	close(fd[0]);
	int st;
	waitpid(pid, &st, 0);
	char cmd[600];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fail_msg("could not remove %s", dir);
}

static void invalid_files(void **state)
{
	(void)state;
	char msg[2048];
	load_bad("v.yaml", "version: 1\nnode_units: oops\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "v.yaml:2: 'node_units' must be a list of words"));
	load_bad("v.yaml", "version: 1\nkeys:\n  nodez: [n]\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "v.yaml:3: unknown field 'nodez' in keys"));
	load_bad("v.yaml", "version: 1\nwords: [a]\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "words"));
	load_bad("v.yaml", "node_units: [node]\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "version"));
	load_bad("v.yaml", "version: 1\ngpu_models:\n  source: http://x\n  models: {a100: [a100]}\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "source URL"));
	load_bad("systems.yaml", "version: 1\nother_systems:\n  - {name: foo, centre: X, url: ftp://x}\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "url must be https"));
	/* a gpu machine needs its GPU count (1 to 100) and the https page that gives it */
	load_bad("m.yaml", "version: 1\ngpu_machines:\n  - {gpus: 8, url: http://x, names: [p9.xlarge]}\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "m.yaml:3: gpu machine: url must be https"));
	load_bad("m.yaml", "version: 1\ngpu_machines:\n  - {gpus: 0, url: https://x, names: [p9.xlarge]}\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "m.yaml:3"));
	assert_non_null(strstr(msg, "gpus"));
	load_bad("m.yaml", "version: 1\ngpu_machines:\n  - {gpus: 8, names: [p9.xlarge]}\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "url"));
	load_bad("m.yaml", "version: 1\ngpu_machines: {p9: 8}\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "'gpu_machines' is a list of {gpus, url, names}"));
	/* numbers in words: a value out of range or not a number says where and how to write it */
	load_bad("v.yaml", "version: 1\nnumber_words:\n  1: [uno]\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "v.yaml:3: 'number_words': '1' is not a number from 2 to 100"));
	load_bad("v.yaml", "version: 1\nunit_number_words:\n  two: [due]\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "'unit_number_words': 'two' is not a number"));
	load_bad("v.yaml", "version: 1\nhalf_numbers: [dedh]\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "'half_numbers' maps numbers (1 to 100) to lists of words"));
	load_bad("v.yaml", "version: 1\nnumber_joiners: y\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "'number_joiners' must be a list of words"));
	/* a malformed entry of a program.yaml list (a list, an empty word) is reported with its file and line */
	static const char *const program_lists[] = {"command_leads", "command_words", "retraction_cues",
						    "argument_stop_words", "argument_item_words", "writer_words",
						    "args_handovers", "args_glue", "args_verbs", "args_objects", "args_fillers",
						    "run_verbs", "program_nouns", "arg_change_cues", "arg_add_cues", NULL};
	for (size_t i = 0; program_lists[i]; i++) {
		char text[256], want[128];
		snprintf(text, sizeof(text), "version: 1\n%s:\n  - with\n  - [a, b]\n", program_lists[i]);
		load_bad("program.yaml", text, msg, sizeof(msg));
		snprintf(want, sizeof(want), "program.yaml:4: '%s' must be a single value", program_lists[i]);
		if (!strstr(msg, want))
			fail_msg("%s: wanted \"%s\" in \"%s\"", program_lists[i], want, msg);
		snprintf(text, sizeof(text), "version: 1\n%s: [with, \"\"]\n", program_lists[i]);
		load_bad("program.yaml", text, msg, sizeof(msg));
		snprintf(want, sizeof(want), "program.yaml:2: '%s' holds an empty word", program_lists[i]);
		if (!strstr(msg, want))
			fail_msg("%s: wanted \"%s\" in \"%s\"", program_lists[i], want, msg);
		snprintf(text, sizeof(text), "version: 1\n%s: with\n", program_lists[i]);
		load_bad("program.yaml", text, msg, sizeof(msg));
		snprintf(want, sizeof(want), "program.yaml:2: '%s' must be a list of words", program_lists[i]);
		if (!strstr(msg, want))
			fail_msg("%s: wanted \"%s\" in \"%s\"", program_lists[i], want, msg);
	}
	load_bad("v.yaml", "version: 1\nnode_units: [node\n", msg, sizeof(msg));
	assert_non_null(strstr(msg, "v.yaml:"));
	/* a directory without a lexicon says how to fix it */
	char dir[] = "/tmp/maple-vocab-XXXXXX";
	assert_non_null(mkdtemp(dir));
	struct maple_error err = {0};
	pid_t pid = fork();
	if (pid == 0)
		_exit(load_dir(dir, &err) < 0 && strstr(err.text, "MAPLE_DATA_DIR") ? 0 : 1);
	int st;
	waitpid(pid, &st, 0);
	rmdir(dir);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(invalid_files), /* first: its children must not inherit a loaded vocabulary */
		cmocka_unit_test(real_vocabulary),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
