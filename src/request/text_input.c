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
