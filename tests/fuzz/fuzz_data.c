/* fuzz_data.c - the data loader: the input is a cluster profile (YAML), and after a line "---8<---" a
 * template for it; both are loaded and validated the way `maple templates` does. */
#include "fuzz.h"

#include "util/fsutil.h"

#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];

static void put(const char *rel, const char *data, size_t len)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	FILE *f = fopen(path, "w");
	if (!f)
		abort();
	if (len && fwrite(data, 1, len, f) != len)
		abort();
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!root[0]) {
		const char *t = getenv("TMPDIR");
		snprintf(root, sizeof(root), "%s/maple-fuzz-data-%ld", t && *t ? t : "/tmp", (long)getpid());
		char p[512];
		snprintf(p, sizeof(p), "%s/templates/fz", root);
		if (make_dirs(p, 0700) < 0)
			abort();
		snprintf(p, sizeof(p), "%s/clusters", root);
		if (make_dirs(p, 0700) < 0)
			abort();
	}
	char *text = fuzz_text(data, size);
	const char *cut = strstr(text, "\n---8<---\n");
	size_t clen = cut ? (size_t)(cut - text) : size;
	put("clusters/fz.yaml", text, clen);
	if (cut)
		put("templates/fz/t.yaml", cut + 10, size - clen - 10);
	else
		put("templates/fz/t.yaml", "", 0);
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, root);
	struct maple_error err;
	struct repo *r = repo_open(&dirs, &err);
	if (r) {
		repo_load_all_templates(r, &err);
		for (size_t i = 0; i < repo_cluster_count(r); i++) {
			const struct template **ts;
			size_t n;
			repo_templates(r, repo_cluster_at(r, i)->id, &ts, &n, &err);
		}
		repo_destroy(r);
	}
	strvec_clear(&dirs);
	free(text);
	return 0;
}
