/* text_input.c - the request reader's input checks: size, UTF-8, binary data, emptiness. */
#include "reader.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* input checks */

bool rd_valid_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		unsigned char c = s[i];
		if (c < 0x80) {
			if (c == 0)
				return false;
			i++;
			continue;
		}
		size_t n;
		unsigned cp;
		if (c >= 0xC2 && c <= 0xDF)
			n = 1, cp = c & 0x1F;
		else if (c >= 0xE0 && c <= 0xEF)
			n = 2, cp = c & 0x0F;
		else if (c >= 0xF0 && c <= 0xF4)
			n = 3, cp = c & 0x07;
		else
			return false;
		if (i + n >= len)
			return false;
		for (size_t k = 1; k <= n; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return false;
			cp = (cp << 6) | (s[i + k] & 0x3F);
		}
		if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return false; /* overlong, beyond Unicode, or a surrogate */
		i += n + 1;
	}
	return true;
}

bool rd_mostly_binary(const unsigned char *s, size_t len)
{
	size_t ctl = 0;
	for (size_t i = 0; i < len; i++)
		if (s[i] < 0x20 && s[i] != '\n' && s[i] != '\t' && s[i] != '\r')
			ctl++;
	return ctl > 0;
}


/* Whether text[a, b) holds something a request states: a digit or a ".py" word. */
static bool has_content(const char *s, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++) {
		if (isdigit((unsigned char)s[i]))
			return true;
		if (i + 3 <= b && !strncmp(s + i, ".py", 3))
			return true;
	}
	return false;
}

static bool line_starts(const char *s, size_t a, size_t b, const char *prefix)
{
	size_t l = strlen(prefix);
	return b - a >= l && !strncasecmp(s + a, prefix, l);
}

/* Forwarded threads and replies quote older messages. When the newest message (the lines that are not
 * quoted) states anything itself, the quoted lines ("> ...") and everything under a reply header
 * ("On Tue, ... wrote:", "-----Original Message-----", "From: ...") are older and are not read. */
void rd_conversation(struct ctx *c)
{
	char *s = c->nl;
	size_t own_a = 0, own_b = 0; /* extent of unquoted text before any reply header */
	size_t header = c->len;	     /* where older messages begin */
	bool any_quoted = false, own = false;
	for (size_t la = 0; la < c->len;) {
		size_t p;
		size_t lb = rd_line_end(c, la, &p);
		bool quoted = p < lb && s[p] == '>';
		bool hdr = line_starts(s, p, lb, "-----original message") || line_starts(s, p, lb, "----- original message") ||
			   (line_starts(s, p, lb, "on ") && lb - p > 8 && !strncmp(s + lb - 6, "wrote:", 6)) ||
			   (line_starts(s, p, lb, "from:") && la > 0) || line_starts(s, p, lb, "---------- forwarded");
		if (hdr && header == c->len && own) {
			header = la;
		} else if (quoted) {
			any_quoted = true;
		} else if (header == c->len && p < lb) {
			if (!own)
				own_a = la;
			own = true;
			own_b = lb;
		}
		la = lb + 1;
	}
	if (!own || !has_content(s, own_a, own_b))
		return;
	if (header < c->len)
		rd_blank(c, header, c->len);
	if (!any_quoted)
		return;
	for (size_t la = 0; la < c->len;) {
		size_t p;
		size_t lb = rd_line_end(c, la, &p);
		if (p < lb && s[p] == '>')
			rd_blank(c, la, lb);
		la = lb + 1;
	}
}
