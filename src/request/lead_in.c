/* lead_in.c - a few words of greeting or introduction written on the same line as the pasted material
 * that follows ("hey maple - {\"system\": ...}", "Hi: JOBID PARTITION ...", "quick one - #SBATCH -N 2"):
 * the material is put on a line of its own, as it was pasted (the first such line, before any line that
 * opens with pasted material), so that the readers of JSON objects,
 * tables, scheduler records and job scripts (which look at the starts of lines) read it. */
#include "reader.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* Whether s[p, e) starts with material that is read from the start of a line (an object only after a
 * dash: "label: {" is read where it stands, and so are a form's nested lines). */
static bool pasted_start(const char *s, size_t p, size_t e, bool dash)
{
	if (dash && p < e && s[p] == '{')
		return true;
	static const char *const starts[] = {"| ", "#SBATCH", "#PBS", "#!/", "JOBID", "JobID", "JobId=", "Job Id:", "```",
					     NULL};
	for (size_t k = 0; starts[k]; k++) {
		size_t l = strlen(starts[k]);
		if (p + l <= e && !strncmp(s + p, starts[k], l))
			return true;
	}
	/* a log line's time stamp: "[2026-11-20 08:12:44]" */
	return p + 5 < e && s[p] == '[' && isdigit((unsigned char)s[p + 1]) && isdigit((unsigned char)s[p + 4]);
}

/* Where the first line that holds such a lead-in ends its words ([a, *q) is the lead-in, *q where the
 * material starts); 0 when no line does. Only the lines before the first one of pasted material. */
static size_t find_lead_in(const char *text, size_t len, size_t *q_out)
{
	/* the lead-in: up to 40 bytes of words, no digits, then " - ", " — ", ": " or ", " */
	static const char *const seps[] = {" - ", " \u2014 ", " \u2013 ", ": ", ", ", "? ", ". ", "! ", NULL};
	for (size_t a = 0; a < len;) {
		const char *nl = memchr(text + a, '\n', len - a);
		size_t e = nl ? (size_t)(nl - text) : len;
		if (pasted_start(text, a, e, true))
			return 0; /* pasted material opens a line of its own already */
		/* the lead-in opens its line with a letter ("hey maple - ", "Hi there: "; not a form's "  - key:") */
		if (!isalpha((unsigned char)text[a])) {
			a = e + 1;
			continue;
		}
		/* (40 bytes of greeting, or a whole sentence of up to 100 ending in ". ", "? ", "! ": "Could you
		 * generate a job script for the following? #SBATCH -N 2") */
		for (size_t p = a; p < e && p < a + 100; p++) {
			if (isdigit((unsigned char)text[p]) || text[p] == '{' || text[p] == '|' || text[p] == '#')
				break;
			for (size_t k = 0; seps[k]; k++) {
				size_t l = strlen(seps[k]);
				bool sentence = seps[k][0] == '?' || seps[k][0] == '.' || seps[k][0] == '!';
				if (p + l > e || strncmp(text + p, seps[k], l) || (!sentence && p >= a + 40))
					continue;
				size_t q = p + l;
				while (q < e && text[q] == ' ')
					q++;
				if (p > a && pasted_start(text, q, e, sentence || (seps[k][0] == ' ' && seps[k][1] != ':'))) {
					if (sentence)
						p++; /* the sentence keeps its mark */
					*q_out = q;
					return p;
				}
			}
		}
		a = e + 1;
	}
	return 0;
}

char *rd_split_lead_in(const char *text, size_t len, size_t *out_len)
{
	size_t q = 0, p = find_lead_in(text, len, &q);
	if (!p)
		return NULL;
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_add(&sb, text, p);
	strbuf_addch(&sb, '\n');
	strbuf_add(&sb, text + q, len - q);
	*out_len = sb.len;
	return strbuf_detach(&sb);
}
