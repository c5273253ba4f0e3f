/* termsafe.h - text from files and requests written to a terminal: control bytes shown, never sent. */
#ifndef MAPLE_TERMSAFE_H
#define MAPLE_TERMSAFE_H

#include <stddef.h>
#include <stdio.h>

/* Writes len bytes of s to f with every control byte (C0 but tab and newline, DEL, and the C1 controls
 * U+0080-U+009F in their UTF-8 form) shown as text, the way `cat -v` shows them (ESC as ^[, DEL as ^?,
 * C1 as M-^X...): a script or log that holds escape sequences (a title change, a cleared screen, colours)
 * is shown, not obeyed, when maple quotes its lines in a report. Everything else is written as it is. */
void term_write(FILE *f, const char *s, size_t len);
/* term_write of a NUL-terminated string. */
void term_puts(FILE *f, const char *s);
/* printf-style: the formatted text through term_write (for messages that quote a value). */
void term_printf(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
