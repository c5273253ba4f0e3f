/* termsafe.c - text from files and requests written to a terminal with its control bytes shown (^[), so
 * that an escape sequence in a hostile script, log or request is never obeyed by the terminal. */
#include "termsafe.h"

#include "strbuf.h"

#include <stdarg.h>
#include <stdbool.h>
#include <string.h>

void term_write(FILE *f, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len, *run = p;
	for (; p < end; p++) {
		unsigned char c = *p;
		bool c0 = (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f;
		bool c1 = c == 0xc2 && p + 1 < end && p[1] >= 0x80 && p[1] <= 0x9f;
		if (!c0 && !c1)
			continue;
		fwrite(run, 1, (size_t)(p - run), f);
		if (c1) {
			p++;
			fprintf(f, "M-^%c", (char)(p[0] - 0x80 + 0x40));
		} else {
			fprintf(f, "^%c", c == 0x7f ? '?' : (char)(c + 0x40));
		}
		run = p + 1;
	}
	fwrite(run, 1, (size_t)(end - run), f);
}

void term_puts(FILE *f, const char *s)
{
	term_write(f, s, strlen(s));
}

void term_printf(FILE *f, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	term_write(f, sb.buf, sb.len);
	strbuf_release(&sb);
}
