/* version_lines.c - drafts of one request written as labelled versions, one a line ("v1: Perlmutter, 8
 * nodes, 12h" / "v2: ..." / "v3 (final): ..."; "Draft 2:", "Rev 3 (latest):"): each later version is a
 * correction of the ones before it, as a chat's later line is; the labels themselves are blanked so that
 * their numbers are never counts. */
#include "reader.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

/* The end of a version label opening s[p, lb) ("v2:", "version 2 -", "draft 3 (final):"), 0 when none. */
static size_t version_label(const char *s, size_t p, size_t lb)
{
	static const char *const words[] = {"version", "draft", "revision", "rev", "attempt", "v", NULL};
	size_t q = 0;
	for (size_t k = 0; words[k] && !q; k++) {
		size_t l = strlen(words[k]);
		if (p + l < lb && !strncasecmp(s + p, words[k], l))
			q = p + l;
	}
	if (!q)
		return 0;
	if (q < lb && s[q] == ' ' && s[q - 1] != 'v' && s[q - 1] != 'V')
		q++; /* "version 2", not "v 2" */
	size_t d = q;
	while (d < lb && isdigit((unsigned char)s[d]))
		d++;
	if (d == q || d - q > 2)
		return 0;
	while (d < lb && s[d] == ' ')
		d++;
	if (d < lb && s[d] == '(') { /* "(final)", "(latest)", "(updated)" */
		const char *close = memchr(s + d, ')', lb - d);
		if (!close || close - (s + d) > 16)
			return 0;
		d = (size_t)(close - s) + 1;
		while (d < lb && s[d] == ' ')
			d++;
	}
	return d < lb && (s[d] == ':' || s[d] == '-' || s[d] == '=') ? d + 1 : 0;
}

size_t rd_version_lines(char *s, size_t len, size_t *corr_at, size_t max)
{
	size_t labelled = 0;
	for (size_t la = 0; la < len;) {
		const char *nl = memchr(s + la, '\n', len - la);
		size_t lb = nl ? (size_t)(nl - s) : len, p = la;
		while (p < lb && (s[p] == ' ' || s[p] == '\t' || s[p] == '-' || s[p] == '*'))
			p++;
		labelled += version_label(s, p, lb) != 0;
		la = lb + 1;
	}
	if (labelled < 2)
		return 0;
	size_t n = 0;
	bool first = true;
	for (size_t la = 0; la < len;) {
		const char *nl = memchr(s + la, '\n', len - la);
		size_t lb = nl ? (size_t)(nl - s) : len, p = la;
		while (p < lb && (s[p] == ' ' || s[p] == '\t' || s[p] == '-' || s[p] == '*'))
			p++;
		size_t e = version_label(s, p, lb);
		if (e) {
			memset(s + p, ' ', e - p);
			if (!first && n < max)
				corr_at[n++] = p;
			first = false;
		}
		la = lb + 1;
	}
	return n;
}
