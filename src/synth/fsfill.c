/* fsfill.c - the {{filesystems}} value of a generated PBS header (ALCF's `-l filesystems=home:flare`):
 * filled once the whole script is written, from the profile's defaults and the file systems the script's
 * own paths and commands use (src/repo/filesystems.c), so that a job reading /eagle/... asks for eagle.
 * A path on a file system the centre retired is left to the script's own verification (filesystems-retired). */
#include "synth.h"

#include <string.h>

void synth_fill_filesystems(const struct cluster *c, struct strbuf *out, size_t script_start, size_t header_end)
{
	const char *body = out->buf + header_end;
	struct strbuf names = STRBUF_INIT;
	filesystems_for_text(c, body, &names);
	/* the script again from its start with each mark of its header replaced; out keeps whatever stood
	 * before the script (--batch appends several) */
	struct strbuf whole = STRBUF_INIT;
	size_t from = script_start;
	for (size_t k = script_start; k < header_end; k++)
		if (out->buf[k] == SYNTH_FS_MARK[0]) {
			strbuf_add(&whole, out->buf + from, k - from);
			strbuf_adds(&whole, names.buf);
			from = k + 1;
		}
	strbuf_add(&whole, out->buf + from, out->len - from);
	strbuf_setlen(out, script_start);
	strbuf_add(out, whole.buf, whole.len);
	strbuf_release(&names);
	strbuf_release(&whole);
}
