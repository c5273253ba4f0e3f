/* error.c - error object formatting. */
#include "error.h"

#include <stdarg.h>
#include <stdio.h>

int errorf(struct maple_error *err, const char *fmt, ...)
{
	if (err) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(err->text, sizeof(err->text), fmt, ap);
		va_end(ap);
	}
	return -1;
}
