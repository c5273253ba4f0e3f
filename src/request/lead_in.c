/* lead_in.c - a few words of greeting or introduction written on the same line as the pasted material
 * that follows ("hey maple - {\"system\": ...}", "Hi: JOBID PARTITION ...", "quick one - #SBATCH -N 2"):
 * the material is put on a line of its own, as it was pasted, so that the readers of JSON objects,
 * tables, scheduler records and job scripts (which look at the starts of lines) read it. */
#include "reader.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* Whether s[p, e) starts with material that is read from the start of a line. */
static bool pasted_start(const char *s, size_t p, size_t e)
{
	static const char *const starts[] = {"{", "| ", "#SBATCH", "#PBS", "#!/", "JOBID", "JobID", "JobId=", "Job Id:",
					     "cluster:", "nodes:", "---", "```", NULL};
	for (size_t k = 0; starts[k]; k++) {
		size_t l = strlen(starts[k]);
		if (p + l <= e && !strncmp(s + p, starts[k], l))
			return true;
	}
	/* a log line's time stamp: "[2026-11-20 08:12:44]" */
	return p + 5 < e && s[p] == '[' && isdigit((unsigned char)s[p + 1]) && isdigit((unsigned char)s[p + 4]);
}

char *rd_split_lead_in(const char *text, size_t len, size_t *out_len)
{
	const char *nl = memchr(text, '\n', len);
	size_t e = nl ? (size_t)(nl - text) : len;
	/* the lead-in: up to 40 bytes of words, no digits, then " - ", " — ", ": " or ", " */
	static const char *const seps[] = {" - ", " \u2014 ", " \u2013 ", ": ", ", ", NULL};
	for (size_t p = 0; p < e && p < 40; p++) {
		if (isdigit((unsigned char)text[p]) || text[p] == '{' || text[p] == '|' || text[p] == '#')
			return NULL;
		for (size_t k = 0; seps[k]; k++) {
			size_t l = strlen(seps[k]);
			if (p + l > e || strncmp(text + p, seps[k], l))
				continue;
			size_t q = p + l;
			while (q < e && text[q] == ' ')
				q++;
			if (p == 0 || !pasted_start(text, q, e))
				continue;
			struct strbuf sb;
			strbuf_init(&sb);
			strbuf_add(&sb, text, p);
			strbuf_addch(&sb, '\n');
			strbuf_add(&sb, text + q, len - q);
			*out_len = sb.len;
			return strbuf_detach(&sb);
		}
	}
	return NULL;
}
