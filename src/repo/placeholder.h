/* placeholder.h - finds {{name}} placeholders in header lines and template bodies, with the
 * shell quoting context each one stands in (needed to quote user words correctly). */
#ifndef MAPLE_PLACEHOLDER_H
#define MAPLE_PLACEHOLDER_H

#include <stddef.h>

enum quote_ctx { QCTX_NONE, QCTX_SINGLE, QCTX_DOUBLE };

struct placeholder {
	const char *name; /* points into the text, not NUL-terminated */
	size_t len;
	size_t start, end; /* byte offsets of "{{" and one past "}}" */
	enum quote_ctx ctx;
	int line; /* 0-based line within the text */
};

/* Calls cb for each placeholder in order; stops early when cb returns non-zero and returns that. */
int placeholder_scan(const char *text, int (*cb)(void *data, const struct placeholder *ph), void *data);

#endif
