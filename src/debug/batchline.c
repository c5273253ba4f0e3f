/* batchline.c - one line of `maple debug --batch` split into its script, log and cluster (debug.h). */
#include "debug.h"

#include <string.h>

/* The next word of the line at *p (blanks and tabs end it), NUL-terminated in place; "" at the end. */
static char *next_word(char **p)
{
	*p += strspn(*p, " \t");
	char *w = *p;
	*p += strcspn(*p, " \t");
	if (**p)
		*(*p)++ = '\0';
	return w;
}

int debug_batch_line(char *line, size_t len, const char **script, const char **log, const char **cluster,
		     struct strbuf *why)
{
	*script = *log = *cluster = NULL;
	if (memchr(line, '\0', len)) {
		/* the words after it would be lost without a word */
		strbuf_adds(why, "the line holds a NUL byte: a batch file is text, one [--cluster ID] [SCRIPT] --log LOG a line");
		return -1;
	}
	char *p = line;
	for (;;) {
		char *w = next_word(&p);
		if (!*w)
			break;
		const char **slot = NULL;
		const char *what = NULL, *arg = NULL;
		if (!strcmp(w, "--log") || !strncmp(w, "--log=", 6))
			slot = log, what = "--log", arg = "FILE";
		else if (!strcmp(w, "--cluster") || !strncmp(w, "--cluster=", 10))
			slot = cluster, what = "--cluster", arg = "ID";
		if (slot) {
			const char *eq = strchr(w, '=');
			const char *v = eq ? eq + 1 : next_word(&p);
			/* "--cluster --log x": the next option is no value of this one */
			if (!*v || (!eq && !strncmp(v, "--", 2))) {
				strbuf_addf(why, "%s needs a value ('%s %s')", what, what, arg);
				return -1;
			}
			if (*slot) {
				strbuf_addf(why, "%s is given twice", what);
				return -1;
			}
			*slot = v;
		} else if (w[0] == '-' && w[1]) {
			strbuf_addf(why, "'%s' is not a batch line option (give [--cluster ID] [SCRIPT] --log LOG)", w);
			return -1;
		} else if (*script) {
			strbuf_addf(why, "two scripts ('%s', '%s'): give one, and the log with --log", *script, w);
			return -1;
		} else {
			*script = w;
		}
	}
	if (!*log) {
		strbuf_adds(why, "no --log LOG on the line (give [--cluster ID] [SCRIPT] --log LOG)");
		return -1;
	}
	if (!strcmp(*log, "-") || (*script && !strcmp(*script, "-"))) {
		strbuf_adds(why, "standard input holds the batch: give the script and the log as files");
		return -1;
	}
	return 0;
}
