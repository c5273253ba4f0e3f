/* error.h - error object filled by failing library functions; the command layer prints it. */
#ifndef MAPLE_ERROR_H
#define MAPLE_ERROR_H

struct maple_error {
	char text[2048];
};

/* Formats into err (when non-NULL) and returns -1, so callers write `return errorf(err, ...)`. */
int errorf(struct maple_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
