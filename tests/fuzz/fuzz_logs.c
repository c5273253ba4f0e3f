/* fuzz_logs.c - the training-log reader: the input fed in pieces (as --follow sees a growing file)
 * and whole, then the report built as JSON. */
#include "fuzz.h"

#include "logs/logread.h"

#include <jansson.h>

static void report(struct log_report *r)
{
	json_t *j = log_report_json(r, "fuzz.log", NULL);
	char *s = json_dumps(j, JSON_COMPACT);
	free(s);
	json_decref(j);
	(void)log_elapsed(r);
	(void)log_remaining(r);
	(void)log_rate_steps(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	struct log_report r;
	log_report_init(&r);
	log_feed(&r, text, size, true);
	report(&r);
	log_report_release(&r);
	/* in pieces of a size taken from the first byte, keeping what a piece leaves unread */
	size_t piece = size ? (size_t)(unsigned char)text[0] % 61 + 1 : 1;
	log_report_init(&r);
	char *buf = malloc(size + 1);
	size_t have = 0;
	for (size_t off = 0; off < size; off += piece) {
		size_t n = size - off < piece ? size - off : piece;
		memcpy(buf + have, text + off, n);
		have += n;
		size_t used = log_feed(&r, buf, have, false);
		memmove(buf, buf + used, have - used);
		have -= used;
	}
	log_feed(&r, buf, have, true);
	report(&r);
	log_report_release(&r);
	free(buf);
	free(text);
	return 0;
}
