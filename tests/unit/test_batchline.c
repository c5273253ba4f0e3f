/* test_batchline.c - src/debug/batchline.c: the words of a `maple debug --batch` line, separators and
 * hostile lines included (s29: "--cluster FILE" asked of a cluster, "--cluster --log x" took "--log" as the
 * cluster, a NUL byte cut the line without a word). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/debug.h"

struct parsed {
	int rc;
	char script[64], log[64], cluster[64], why[256];
};

static struct parsed split(const char *text, size_t len)
{
	struct parsed p;
	memset(&p, 0, sizeof(p));
	char *line = malloc(len + 1);
	memcpy(line, text, len);
	line[len] = '\0';
	const char *s, *l, *c;
	struct strbuf why = STRBUF_INIT;
	p.rc = debug_batch_line(line, len, &s, &l, &c, &why);
	snprintf(p.script, sizeof(p.script), "%s", s ? s : "(none)");
	snprintf(p.log, sizeof(p.log), "%s", l ? l : "(none)");
	snprintf(p.cluster, sizeof(p.cluster), "%s", c ? c : "(none)");
	snprintf(p.why, sizeof(p.why), "%s", why.buf);
	strbuf_release(&why);
	free(line);
	return p;
}
#define SPLIT(lit) split(lit, sizeof(lit) - 1)

static void separators(void **state)
{
	(void)state;
	const char *forms[] = {"--cluster delta job.sh --log x.log", "--cluster=delta job.sh --log=x.log",
			       "\t--cluster\tdelta\t\tjob.sh --log   x.log  ", "job.sh --log x.log --cluster=delta",
			       " --log=x.log --cluster delta job.sh"};
	for (size_t i = 0; i < sizeof(forms) / sizeof(*forms); i++) {
		struct parsed p = split(forms[i], strlen(forms[i]));
		assert_int_equal(p.rc, 0);
		assert_string_equal(p.script, "job.sh");
		assert_string_equal(p.log, "x.log");
		assert_string_equal(p.cluster, "delta");
	}
	struct parsed p = SPLIT("--log x.log");
	assert_int_equal(p.rc, 0);
	assert_string_equal(p.script, "(none)");
	assert_string_equal(p.cluster, "(none)");
	/* a word that is not an option of a batch line, and "--log=" values that start with '-' */
	p = SPLIT("--log=-odd.log");
	assert_int_equal(p.rc, 0);
	assert_string_equal(p.log, "-odd.log");
}

static void values_missing(void **state)
{
	(void)state;
	struct {
		const char *line, *why;
	} c[] = {
		{"--cluster= --log x", "--cluster needs a value ('--cluster ID')"},
		{"--cluster --log x", "--cluster needs a value ('--cluster ID')"},
		{"--log x --cluster", "--cluster needs a value ('--cluster ID')"},
		{"--log", "--log needs a value ('--log FILE')"},
		{"--log=", "--log needs a value ('--log FILE')"},
		{"--log --cluster delta", "--log needs a value ('--log FILE')"},
		{"--log a --log b", "--log is given twice"},
		{"a.sh b.sh --log x", "two scripts ('a.sh', 'b.sh'): give one, and the log with --log"},
		{"-x --log y", "'-x' is not a batch line option (give [--cluster ID] [SCRIPT] --log LOG)"},
		{"job.sh", "no --log LOG on the line (give [--cluster ID] [SCRIPT] --log LOG)"},
		{"\v--log\fx", "no --log LOG on the line (give [--cluster ID] [SCRIPT] --log LOG)"},
		{"--log -", "standard input holds the batch: give the script and the log as files"},
		{"- --log x", "standard input holds the batch: give the script and the log as files"},
	};
	for (size_t i = 0; i < sizeof(c) / sizeof(*c); i++) {
		struct parsed p = split(c[i].line, strlen(c[i].line));
		assert_int_equal(p.rc, -1);
		assert_string_equal(p.why, c[i].why);
	}
}

static void nul_byte(void **state)
{
	(void)state;
	struct parsed p = SPLIT("--log x.log\0 --cluster delta");
	assert_int_equal(p.rc, -1);
	assert_non_null(strstr(p.why, "NUL byte"));
	p = SPLIT("\0");
	assert_int_equal(p.rc, -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(separators),
		cmocka_unit_test(values_missing),
		cmocka_unit_test(nul_byte),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
