/* form_headings.c - fields written as markdown headings with their values under them, the shape GitHub's issue
 * forms and many ticket templates produce:
 *     ### Cluster            ## Nodes
 *     Lonestar6              2
 *     ### GPUs per node      ### Walltime
 *     3                      05:00:00
 * A heading whose words are a field's key (data/lexicon's keys) takes the first non-blank line after it as
 * its value, applied as any form field (form_apply.c); a value that is a heading, a code fence or the form's
 * "_No response_" is none. Both the heading and the value are then blanked from the reader's working copy. */
#include "form.h"
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

void rd_read_heading_fields(struct ctx *c)
{
	const char *s = c->nl;
	size_t n = c->len;
	for (size_t la = 0; la < n;) {
		size_t lb = rd_line_end(c, la, NULL), next = lb < n ? lb + 1 : n;
		size_t p = la, hashes = 0;
		while (p < lb && s[p] == ' ')
			p++;
		while (p < lb && s[p] == '#')
			p++, hashes++;
		if (hashes < 1 || hashes > 6 || p >= lb || s[p] != ' ') {
			la = next;
			continue;
		}
		/* the heading's words, without a trailing colon, '#'s or blanks */
		size_t ka = p;
		while (ka < lb && s[ka] == ' ')
			ka++;
		size_t kb = lb;
		while (kb > ka && (s[kb - 1] == ' ' || s[kb - 1] == '#' || s[kb - 1] == ':' || s[kb - 1] == '\r'))
			kb--;
		char key[64];
		if (kb <= ka || kb - ka >= sizeof(key)) {
			la = next;
			continue;
		}
		snprintf(key, sizeof(key), "%.*s", (int)(kb - ka), s + ka);
		enum vkey k = vocab_key(key);
		if (k == VK_NONE) {
			la = next;
			continue;
		}
		/* its value: the next line that is not blank */
		size_t va = next;
		while (va < n) {
			size_t ve = rd_line_end(c, va, NULL);
			size_t q = va;
			while (q < ve && isspace((unsigned char)s[q]))
				q++;
			if (q < ve) {
				va = q;
				break;
			}
			va = ve < n ? ve + 1 : n;
		}
		if (va >= n) {
			la = next;
			continue;
		}
		size_t vb = rd_line_end(c, va, NULL);
		while (vb > va && isspace((unsigned char)s[vb - 1]))
			vb--;
		/* (GitHub writes "_No response_" for a field left empty; the working copy may have lost its
		 * underscores to the emphasis reader) */
		size_t ra = va, rb = vb;
		while (ra < rb && (s[ra] == '_' || s[ra] == ' '))
			ra++;
		while (rb > ra && (s[rb - 1] == '_' || s[rb - 1] == ' '))
			rb--;
		bool empty = rb - ra == 11 && !strncasecmp(s + ra, "no response", 11);
		if (s[va] == '#' || (vb - va >= 3 && !strncmp(s + va, "```", 3)) || empty) {
			la = next;
			continue;
		}
		struct fvalue v = {.a = va, .b = vb};
		strvec_init(&v.list);
		size_t e = form_apply(c, k, key, ka, &v, false);
		strvec_clear(&v.list);
		if (e) {
			rd_blank(c, la, lb);
			rd_blank(c, va, e > vb ? e : vb);
		}
		la = next;
	}
}
