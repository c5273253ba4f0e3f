/* sniff.c - text or binary: magic numbers of compressed files, then the share of bytes no text holds. */
#include "sniff.h"

#include <string.h>

static int starts(const char *buf, size_t len, const char *magic, size_t n)
{
	return len >= n && !memcmp(buf, magic, n);
}

/* Length of the valid UTF-8 sequence at p (1..4), or 0 when it is not one. */
static size_t utf8_len(const unsigned char *p, size_t left)
{
	size_t n = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : 0;
	if (!n || n > left)
		return 0;
	for (size_t i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

enum sniff_kind sniff(const char *buf, size_t len)
{
	if (starts(buf, len, "\x1f\x8b", 2))
		return SNIFF_GZIP;
	if (starts(buf, len, "BZh", 3) && len > 3 && buf[3] >= '1' && buf[3] <= '9')
		return SNIFF_BZIP2;
	if (starts(buf, len, "\xfd" "7zXZ\0", 6))
		return SNIFF_XZ;
	if (starts(buf, len, "\x28\xb5\x2f\xfd", 4))
		return SNIFF_ZSTD;
	const unsigned char *p = (const unsigned char *)buf;
	size_t bad = 0, nul = 0, nonnul = 0;
	for (size_t i = 0; i < len;) {
		unsigned char c = p[i];
		if (c == 0) {
			nul++;
			i++;
			continue;
		}
		nonnul++;
		if (c < 0x80) {
			if (c < 0x20 && c != '\n' && c != '\r' && c != '\t' && c != '\b' && c != '\f' && c != 0x1b &&
			    c != '\v')
				bad++;
			else if (c == 0x7f)
				bad++;
			i++;
			continue;
		}
		size_t n = utf8_len(p + i, len - i);
		if (!n) {
			/* at the very end a sequence may be cut by the sample: not held against the text */
			if (len - i < 4 && c >= 0xc2)
				break;
			bad++;
			i++;
		} else {
			i += n;
		}
	}
	/* all NULs (a file of holes) is no text either */
	if (len && !nonnul)
		return SNIFF_BINARY;
	/* NULs are judged with the rest only when they are scattered, not one block: a block of NULs
	 * followed by text is a crashed writer, the rest still a log */
	if (nonnul && bad * 10 > nonnul * 3)
		return SNIFF_BINARY;
	if (nonnul < 64 && nul > nonnul)
		return SNIFF_BINARY;
	return SNIFF_TEXT;
}

const char *sniff_name(enum sniff_kind k)
{
	switch (k) {
	case SNIFF_TEXT:
		return "text";
	case SNIFF_BINARY:
		return "binary";
	case SNIFF_GZIP:
		return "gzip-compressed";
	case SNIFF_BZIP2:
		return "bzip2-compressed";
	case SNIFF_XZ:
		return "xz-compressed";
	case SNIFF_ZSTD:
		return "zstd-compressed";
	}
	return "binary";
}
