/* fuzz_verify.c - the verifier's static checks on any script, against the cluster it infers and
 * against each known cluster in turn (bash -n and shellcheck off: they are other programs). */
#include "fuzz.h"

#include "verify/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct repo *repo = fuzz_repo();
	char *text = fuzz_text(data, size);
	struct verify_opts vo = {.bash_n = false, .shellcheck = false};
	struct maple_error err;
	size_t nc = repo_cluster_count(repo);
	/* the inferred cluster, then one named cluster picked by the input's length */
	const struct cluster *cs[2] = {NULL, nc ? repo_cluster_at(repo, size % nc) : NULL};
	for (int i = 0; i < 2; i++) {
		struct verify_result vr;
		if (verify_script(text, size, NULL, repo, cs[i], &vo, &vr, &err) == 0)
			verify_result_release(&vr);
	}
	free(text);
	return 0;
}
