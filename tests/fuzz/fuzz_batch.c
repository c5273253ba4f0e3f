/* fuzz_batch.c - batch input (generate --batch): one request per line, each read, resolved, matched to
 * a template, rendered and checked (without bash -n, as --batch does). */
#include "fuzz.h"

#include "request/extract.h"
#include "request/rules.h"
#include "retrieve/retrieve.h"
#include "synth/synth.h"
#include "verify/verify.h"

static void one(struct repo *repo, struct retriever *rt, const char *line, size_t len)
{
	struct request req;
	request_init(&req);
	struct maple_error err;
	struct resolution res;
	resolution_init(&res);
	if (extract_text(line, len, repo, &req, &err) < 0)
		goto out;
	rules_apply(repo, &req, &res);
	if (res.status != REQ_OK)
		goto out;
	struct candidate cands[32];
	size_t n = 0;
	if (retrieve_rank(rt, &req, line, cands, 32, &n, &err) < 0 || !n || !cands[0].eligible)
		goto out;
	struct strbuf script = STRBUF_INIT;
	struct synth_opts so = {len % 2 == 0, NULL, NULL}; /* both with and without --allow-shell */
	if (synthesize(res.cluster, cands[0].t, &req, &so, &script, &err) == 0) {
		struct verify_opts vo = {.bash_n = false, .shellcheck = false};
		struct verify_result vr;
		if (verify_script(script.buf, script.len, NULL, repo, res.cluster, &vo, &vr, &err) == 0)
			verify_result_release(&vr);
	}
	strbuf_release(&script);
out:
	resolution_release(&res);
	request_release(&req);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct retriever *rt;
	struct repo *repo = fuzz_repo();
	if (!rt)
		rt = retriever_create(repo);
	char *text = fuzz_text(data, size);
	/* at most 8 lines per input: the fuzzer's time goes to new lines, not to long files */
	size_t start = 0;
	for (int lines = 0; start <= size && lines < 8; lines++) {
		const char *nl = memchr(text + start, '\n', size - start);
		size_t end = nl ? (size_t)(nl - text) : size;
		char *line = fuzz_text((const uint8_t *)text + start, end - start);
		one(repo, rt, line, end - start);
		free(line);
		if (!nl)
			break;
		start = end + 1;
	}
	free(text);
	return 0;
}
