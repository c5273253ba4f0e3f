/* placeholder.c - placeholder scanner with a small shell quoting state machine. */
#include "placeholder.h"

#include <string.h>

int placeholder_scan(const char *text, int (*cb)(void *data, const struct placeholder *ph), void *data)
{
	enum quote_ctx q = QCTX_NONE;
	int line = 0;
	/* the bytes each quoting state reacts to: runs of other bytes are skipped at once */
	static const char *const stops[] = {[QCTX_NONE] = "{\n\\'\"", [QCTX_SINGLE] = "{\n'", [QCTX_DOUBLE] = "{\n\\\""};
	for (size_t i = 0; text[i]; i++) {
		i += strcspn(text + i, stops[q]);
		if (!text[i])
			break;
		char c = text[i];
		if (c == '{' && text[i + 1] == '{') {
			const char *close = strstr(text + i + 2, "}}");
			const char *nl = strchr(text + i + 2, '\n');
			if (close && (!nl || close < nl)) {
				struct placeholder ph = {text + i + 2, (size_t)(close - (text + i + 2)), i,
							 (size_t)(close + 2 - text), q, line};
				int r = cb(data, &ph);
				if (r)
					return r;
				i = ph.end - 1;
				continue;
			}
		}
		if (c == '\n')
			line++;
		switch (q) {
		case QCTX_NONE:
			if (c == '\\' && text[i + 1]) {
				if (text[i + 1] == '\n')
					line++;
				i++;
			} else if (c == '\'') {
				q = QCTX_SINGLE;
			} else if (c == '"') {
				q = QCTX_DOUBLE;
			}
			break;
		case QCTX_SINGLE:
			if (c == '\'')
				q = QCTX_NONE;
			break;
		case QCTX_DOUBLE:
			if (c == '\\' && text[i + 1]) {
				if (text[i + 1] == '\n')
					line++;
				i++;
			} else if (c == '"') {
				q = QCTX_NONE;
			}
			break;
		}
	}
	return 0;
}
