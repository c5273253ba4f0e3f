/* sniff.h - is this buffer text? (binary files, compressed files) before a text reader sees them. */
#ifndef MAPLE_SNIFF_H
#define MAPLE_SNIFF_H

#include <stddef.h>

enum sniff_kind {
	SNIFF_TEXT = 0,	  /* text (UTF-8 or Latin-1 with ANSI colours, \r progress bars, a few stray NULs) */
	SNIFF_BINARY,	  /* mostly bytes that no log or script holds */
	SNIFF_GZIP,	  /* gzip (a compressed log: zcat FILE | maple logs -) */
	SNIFF_BZIP2,	  /* bzip2 */
	SNIFF_XZ,	  /* xz */
	SNIFF_ZSTD,	  /* zstd */
};

/* Classifies the first bytes of a file (64 KiB is plenty). Text allows ANSI escapes, \r, \b, \f, a
 * few NULs (a node crash leaves a block of them in a Slurm output file) and invalid UTF-8 below 30%
 * of the bytes. */
enum sniff_kind sniff(const char *buf, size_t len);
/* "gzip-compressed", "binary" ... for messages. */
const char *sniff_name(enum sniff_kind k);

#endif
