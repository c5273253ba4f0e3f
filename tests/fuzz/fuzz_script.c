/* fuzz_script.c - the script reader: jobscript_parse (directives, commands, heredocs, launch lines),
 * the header summary, and the port's reading of an old script into a request. */
#include "fuzz.h"

#include "request/extract_script.h"
#include "script/jobscript.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct repo *repo = fuzz_repo();
	char *text = fuzz_text(data, size);
	struct jobscript js;
	struct maple_error err;
	if (jobscript_parse(text, size, &js, &err) == 0) {
		struct js_header h;
		js_read_header(&js, &h);
		jobscript_release(&js);
	}
	struct script_reading sr;
	if (read_script(text, size, NULL, repo, NULL, &sr, &err) == 0) {
		struct request req;
		request_init(&req);
		script_to_request(&sr, &req);
		request_release(&req);
		script_reading_release(&sr);
	}
	free(text);
	return 0;
}
