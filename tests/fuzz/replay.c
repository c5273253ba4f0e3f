/* replay.c - runs a fuzz harness over files without libFuzzer: `fuzz_X_replay DIR|FILE...` feeds every
 * file to LLVMFuzzerTestOneInput once. ctest runs it over tests/fuzz/regress/<harness>/ (every input
 * that ever crashed, plus seeds), so the normal test suite keeps them fixed. */
#include "fuzz.h"

#include "util/fsutil.h"
#include "util/strbuf.h"

#include <dirent.h>
#include <stdio.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	struct maple_error err;
	if (read_file(path, &sb, 64u << 20, &err) < 0) {
		fprintf(stderr, "replay: %s\n", err.text);
		strbuf_release(&sb);
		return -1;
	}
	/* an exact-size copy, as libFuzzer gives it, so ASan sees a read past the end */
	uint8_t *copy = malloc(sb.len ? sb.len : 1);
	memcpy(copy, sb.buf, sb.len);
	LLVMFuzzerTestOneInput(copy, sb.len);
	free(copy);
	strbuf_release(&sb);
	return 0;
}

static int cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
	int files = 0, bad = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) < 0) {
			fprintf(stderr, "replay: cannot read '%s'\n", argv[i]);
			return 2;
		}
		if (!S_ISDIR(st.st_mode)) {
			bad += run_file(argv[i]) < 0;
			files++;
			continue;
		}
		DIR *d = opendir(argv[i]);
		if (!d)
			return 2;
		struct strvec names = STRVEC_INIT;
		struct dirent *e;
		while ((e = readdir(d)))
			if (e->d_name[0] != '.')
				strvec_push(&names, e->d_name);
		closedir(d);
		qsort(names.v, names.nr, sizeof(char *), cmp);
		for (size_t k = 0; k < names.nr; k++) {
			char path[4096];
			snprintf(path, sizeof(path), "%s/%s", argv[i], names.v[k]);
			fprintf(stderr, "replay: %s\n", path);
			bad += run_file(path) < 0;
			files++;
		}
		strvec_clear(&names);
	}
	printf("replayed %d input(s)\n", files);
	if (!files) {
		fprintf(stderr, "replay: no inputs (a replay test that runs nothing proves nothing)\n");
		return 2;
	}
	return bad ? 2 : 0;
}
