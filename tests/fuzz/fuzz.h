/* fuzz.h - shared by the fuzz harnesses: the libFuzzer entry point, a NUL-terminated copy of the input
 * and the data repository opened once (MAPLE_DATA_DIR, else the source tree's data/). */
#ifndef MAPLE_FUZZ_H
#define MAPLE_FUZZ_H

#include "repo/repo.h"
#include "util/strvec.h"

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A malloc'd copy of data with a NUL after it (the readers take text + length; the NUL catches
 * readers that run past len only under ASan, because the copy is exactly size + 1 bytes). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);
	if (!s)
		abort();
	if (size)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* The repository of the real data files, opened on the first call and kept (never freed: one per
 * fuzzing process). Aborts when it cannot be opened: a harness without data tests nothing. */
static inline struct repo *fuzz_repo(void)
{
	static struct repo *repo;
	if (repo)
		return repo;
	const char *d = getenv("MAPLE_DATA_DIR");
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, d && *d ? d : MAPLE_SOURCE_DIR "/data");
	struct maple_error err;
	repo = repo_open(&dirs, &err);
	strvec_clear(&dirs);
	if (!repo) {
		fprintf(stderr, "fuzz: cannot open the data repository: %s\n", err.text);
		abort();
	}
	/* templates load lazily: load them now, so that each input does not pay for it */
	if (repo_load_all_templates(repo, &err) < 0) {
		fprintf(stderr, "fuzz: cannot load the templates: %s\n", err.text);
		abort();
	}
	return repo;
}

#endif
