/* store_stress.c - fault suite: 8 processes share one fix store (SQLite) and write to it at once, each
 * adding fixes and verified scripts while reading the others'; afterwards every record is there.
 * Six rounds, each on a new store file (the race is in creating it).
 *   usage: store_stress DIR   (exit 0 when nothing was lost) */
#include "run/store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define PROCS 8
#define EACH 25

static int child(const char *db, int k)
{
	struct maple_error err;
	struct fix_store *s = store_open(db, &err);
	if (!s) {
		fprintf(stderr, "child %d: open: %s\n", k, err.text);
		return 1;
	}
	int bad = 0;
	for (int i = 0; i < EACH; i++) {
		char sig[64], fp[64], patch[128], text[128];
		snprintf(sig, sizeof(sig), "sig-%d", k);
		snprintf(fp, sizeof(fp), "fp-%d-%d", k, i);
		snprintf(patch, sizeof(patch), "[{\"op\":\"set_env\",\"name\":\"P%d\",\"value\":\"%d\"}]", k, i);
		snprintf(text, sizeof(text), "#!/bin/bash\necho %d %d\n", k, i);
		if (store_add_fix(s, "perlmutter", sig, fp, patch, &err) < 0) {
			fprintf(stderr, "child %d: add_fix %d: %s\n", k, i, err.text);
			bad++;
		}
		if (store_add_verified_script(s, "perlmutter", text, &err) < 0) {
			fprintf(stderr, "child %d: add_verified %d: %s\n", k, i, err.text);
			bad++;
		}
		/* read what a neighbour wrote (may or may not be there yet; must not fail or crash) */
		snprintf(sig, sizeof(sig), "sig-%d", (k + 1) % PROCS);
		free(store_find_fix(s, "perlmutter", sig, fp));
	}
	store_close(s);
	return bad ? 1 : 0;
}

/* One round on a new store file: 8 processes create and fill it at once. */
static int round_on(const char *db)
{
	pid_t pids[PROCS];
	for (int k = 0; k < PROCS; k++) {
		pids[k] = fork();
		if (pids[k] == 0)
			_exit(child(db, k));
	}
	int failed = 0;
	for (int k = 0; k < PROCS; k++) {
		int st;
		waitpid(pids[k], &st, 0);
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			fprintf(stderr, "process %d failed (status %d)\n", k, st);
			failed++;
		}
	}
	struct maple_error err;
	struct fix_store *s = store_open(db, &err);
	if (!s) {
		fprintf(stderr, "reopen: %s\n", err.text);
		return 1;
	}
	int missing = 0;
	for (int k = 0; k < PROCS; k++)
		for (int i = 0; i < EACH; i++) {
			char sig[64], fp[64], text[128];
			snprintf(sig, sizeof(sig), "sig-%d", k);
			snprintf(fp, sizeof(fp), "fp-%d-%d", k, i);
			snprintf(text, sizeof(text), "#!/bin/bash\necho %d %d\n", k, i);
			char *p = store_find_fix(s, "perlmutter", sig, fp);
			if (!p || !strstr(p, "\"value\"")) {
				fprintf(stderr, "lost: fix %s %s\n", sig, fp);
				missing++;
			}
			free(p);
			if (!store_is_verified(s, "perlmutter", text)) {
				fprintf(stderr, "lost: verified script %d %d\n", k, i);
				missing++;
			}
		}
	store_close(s);
	printf("%d processes x %d fixes and %d scripts: %d process failures, %d records lost\n", PROCS, EACH, EACH,
	       failed, missing);
	return failed || missing ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: store_stress DIR\n");
		return 2;
	}
	/* the race is in creating the file: several rounds, each on a new one */
	int bad = 0;
	for (int r = 0; r < 6; r++) {
		char db[4096];
		snprintf(db, sizeof(db), "%s/fixes-%d.db", argv[1], r);
		bad += round_on(db);
	}
	return bad ? 1 : 0;
}
