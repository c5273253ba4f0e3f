/* fuzz_request.c - the request reader (extract_text) and the rules after it, on any bytes. */
#include "fuzz.h"

#include "request/extract.h"
#include "request/rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct repo *repo = fuzz_repo();
	char *text = fuzz_text(data, size);
	struct request req;
	request_init(&req);
	struct maple_error err;
	if (extract_text(text, size, repo, &req, &err) == 0) {
		struct resolution res;
		resolution_init(&res);
		rules_apply(repo, &req, &res);
		resolution_release(&res);
	}
	request_release(&req);
	free(text);
	return 0;
}
