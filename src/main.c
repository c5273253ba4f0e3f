/* main.c - maple's entry point: one table maps subcommand names to their functions. */
#include "cmd/cmd.h"
#include "util/output.h"
#include "util/textdist.h"

#include <stdio.h>
#include <string.h>

#ifndef MAPLE_VERSION
#define MAPLE_VERSION "0.1.0"
#endif

static const struct {
	const char *name;
	int (*fn)(int, char **);
	const char *help;
} commands[] = {
	{"generate", cmd_generate, "write a batch script for a training job described in plain language"},
	{"extract", cmd_extract, "show what maple reads from a request, and from which words"},
	{"clusters", cmd_clusters, "list the known clusters, or show one profile with its sources"},
	{"templates", cmd_templates, "list and validate the launch templates"},
	{"verify", cmd_verify, "check a job script statically (no scheduler needed)"},
	{"debug", cmd_debug, "diagnose a failed job from its log and script; show or apply the fix"},
	{"run", cmd_run, "run the script with the mini-app; with --fix, diagnose, patch and rerun until it passes"},
	{"inspect", cmd_inspect, "read a job's directory: entry, framework, strategy, model, hyperparameters"},
	{"logs", cmd_logs, "read a training log: progress, throughput, time left, failures"},
	{"advise", cmd_advise, "per-GPU memory under DDP/FSDP/ZeRO, strategy, GPU count, walltime"},
};

static void usage(FILE *f)
{
	fprintf(f, "usage: maple <command> [options] [args]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\n`maple <command> --help` describes each command. `maple --version` prints the version.\n");
}

/* Every byte a command printed must have reached stdout: a full disk or a closed file is a message
 * and exit 2, never a silent success (`maple generate > job.sh && sbatch job.sh`). */
static int finish(int rc)
{
	struct maple_error err;
	if (output_close_stdout(&err) < 0) {
		fprintf(stderr, "maple: %s\n", err.text);
		return EXIT_ERROR;
	}
	/* a warning or error that could not reach stderr (2>/dev/full, 2>&-): the report is incomplete; a
	 * status already non-zero says so already */
	if (rc == EXIT_OK && output_stderr_failed())
		return EXIT_ERROR;
	return rc;
}

/* "unknown command 'X'" with a suggestion when a command or --version/--help is close, then the usage. */
static int unknown_command(const char *word)
{
	const char *best = NULL;
	int best_d = 1 << 30;
	static const char *const top[] = {"--version", "--help"};
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]) + 2; i++) {
		const char *name = i < sizeof(commands) / sizeof(commands[0]) ? commands[i].name
									: top[i - sizeof(commands) / sizeof(commands[0])];
		int d = edit_distance_within(word, name, 3);
		if (d < best_d)
			best_d = d, best = name;
	}
	size_t n = strlen(word);
	fprintf(stderr, "maple: unknown command '%s'", word);
	if (best && best_d <= (n <= 4 ? 1 : n <= 8 ? 2 : 3))
		fprintf(stderr, " (did you mean %s?)", best);
	fprintf(stderr, "\n\n");
	usage(stderr);
	return EXIT_ERROR;
}

static int dispatch(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return EXIT_ERROR;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		if (argc > 2) { /* a stray word is an error, never ignored (7c68541: exit 0) */
			fprintf(stderr, "maple: unexpected '%s' after %s (usage: maple --version)\n", argv[2], argv[1]);
			return EXIT_ERROR;
		}
		printf("maple %s\n", MAPLE_VERSION);
		return EXIT_OK;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		if (argc == 2) {
			usage(stdout);
			return EXIT_OK;
		}
		/* help COMMAND is COMMAND --help; anything else is an error (7c68541 printed the overview, exit 0) */
		if (argc > 3) {
			fprintf(stderr, "maple: unexpected '%s' (usage: maple help [COMMAND])\n", argv[3]);
			return EXIT_ERROR;
		}
		for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
			if (!strcmp(argv[2], commands[i].name)) {
				char *sub[] = {argv[2], "--help", NULL};
				return commands[i].fn(2, sub);
			}
		return unknown_command(argv[2]);
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	/* a typo of a command or of --version/--help gets a suggestion, as an unknown option does */
	return unknown_command(argv[1]);
}

int main(int argc, char **argv)
{
	output_init_process();
	return finish(dispatch(argc, argv));
}
