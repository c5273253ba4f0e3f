/* test_num.c - util/num (range-checked numbers), util/sniff (text or binary) and the walltime
 * parsers that use them: out-of-range values are errors naming the value, never wrapped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"
#include "script/jobscript.h"
#include "util/num.h"
#include "util/sniff.h"

static void parse_long_family(void **state)
{
	(void)state;
	struct maple_error err;
	long v = -7;
	assert_int_equal(num_parse_long("42", 1, 50, &v, "--max-iters", &err), 0);
	assert_int_equal(v, 42);
	assert_int_equal(num_parse_long(" 7 ", 1, 50, &v, NULL, &err), 0);
	assert_int_equal(v, 7);
	assert_int_equal(num_parse_long("-3", -5, 5, &v, NULL, &err), 0);
	assert_int_equal(v, -3);
	/* limits are inclusive */
	assert_int_equal(num_parse_long("50", 1, 50, &v, NULL, &err), 0);
	assert_int_equal(num_parse_long("1", 1, 50, &v, NULL, &err), 0);
	v = 99;
	const char *bad_range[] = {"51", "0", "-1", "99999999999999999999999", "9223372036854775808", "-9223372036854775809"};
	for (size_t i = 0; i < sizeof(bad_range) / sizeof(*bad_range); i++) {
		assert_int_equal(num_parse_long(bad_range[i], 1, 50, &v, "--max-iters", &err), -1);
		assert_contains(err.text, "out of range (1 to 50)");
		assert_contains(err.text, "--max-iters");
		assert_int_equal(v, 99); /* untouched */
	}
	const char *not_num[] = {"", " ", "abc", "4x", "1e3", "0x10", "4 5", "+", "-", "1.5", NULL};
	for (size_t i = 0; not_num[i]; i++) {
		assert_int_equal(num_parse_long(not_num[i], 1, 50, &v, "--gpus", &err), -1);
		assert_contains(err.text, "not a whole number");
	}
	assert_int_equal(num_parse_long(NULL, 1, 50, &v, "--gpus", &err), -1);
	/* the full long range */
	assert_int_equal(num_parse_long("9223372036854775807", LONG_MIN, LONG_MAX, &v, NULL, &err), 0);
	assert_true(v == LONG_MAX);
	/* a megabyte of digits: the message quotes a short piece */
	char *big = malloc(1 << 20);
	memset(big, '9', (1 << 20) - 1);
	big[(1 << 20) - 1] = '\0';
	assert_int_equal(num_parse_long(big, 1, 50, &v, "x", &err), -1);
	assert_true(strlen(err.text) < 200);
	free(big);
	int iv;
	assert_int_equal(num_parse_int("2147483648", INT_MIN, INT_MAX, &iv, NULL, &err), -1);
	assert_int_equal(num_parse_int("2147483647", INT_MIN, INT_MAX, &iv, NULL, &err), 0);
	assert_int_equal(iv, INT_MAX);
}

static void parse_double_family(void **state)
{
	(void)state;
	struct maple_error err;
	double d;
	assert_int_equal(num_parse_double("1.5", 0, 10, &d, NULL, &err), 0);
	assert_true(d == 1.5);
	assert_int_equal(num_parse_double("2e-4", 0, 1, &d, NULL, &err), 0);
	assert_int_equal(num_parse_double(".5", 0, 1, &d, NULL, &err), 0);
	assert_int_equal(num_parse_double("1e-400", 0, 1, &d, NULL, &err), 0);
	assert_true(d == 0);
	const char *bad[] = {"nan", "inf", "-inf", "0x1p3", "1e400", "11", "-0.5", "abc", "", "1.5.2", NULL};
	for (size_t i = 0; bad[i]; i++)
		assert_int_equal(num_parse_double(bad[i], 0, 10, &d, "--lr", &err), -1);
}

static void scan_and_convert(void **state)
{
	(void)state;
	const char *end;
	long v = -1;
	assert_int_equal(num_scan_digits("123 hours", &end, 1000, &v), 0);
	assert_int_equal(v, 123);
	assert_string_equal(end, " hours");
	assert_int_equal(num_scan_digits("99999999999 hours", &end, 1000000, &v), -2);
	assert_string_equal(end, " hours");
	assert_int_equal(num_scan_digits("99999999999999999999999999999", &end, LONG_MAX, &v), -2);
	assert_int_equal(num_scan_digits("9223372036854775807", &end, LONG_MAX, &v), 0);
	assert_true(v == LONG_MAX);
	assert_int_equal(num_scan_digits("x1", &end, 10, &v), -1);
	assert_int_equal(num_scan_digits("7", &end, 5, &v), -2);
	long l;
	assert_int_equal(num_double_to_long(99999999999.0 * 60, 0, INT_MAX, &l), -1);
	assert_int_equal(num_double_to_long(NAN, 0, 10, &l), -1);
	assert_int_equal(num_double_to_long(INFINITY, 0, LONG_MAX, &l), -1);
	assert_int_equal(num_double_to_long(9.3e18, LONG_MIN, LONG_MAX, &l), -1);
	assert_int_equal(num_double_to_long(-9.3e18, LONG_MIN, LONG_MAX, &l), -1);
	assert_int_equal(num_double_to_long(3.9, 0, 10, &l), 0);
	assert_int_equal(l, 3);
	long r;
	assert_false(num_mul(LONG_MAX / 2 + 1, 2, &r));
	assert_true(num_mul(3600, 1000000, &r));
	assert_false(num_add(LONG_MAX, 1, &r));
}

static void walltimes_never_wrap(void **state)
{
	(void)state;
	assert_int_equal(pbs_walltime_minutes("01:30:00"), 90);
	assert_int_equal(pbs_walltime_minutes("5124095576030431:00:00"), -1); /* 2^64/3600 hours */
	assert_int_equal(pbs_walltime_minutes("99999999999999999999:00:00"), -1);
	assert_int_equal(pbs_walltime_minutes("00:99999999999999999999:00"), -1);
	assert_int_equal(pbs_walltime_minutes("18446744073709551616"), -1);
	assert_int_equal(slurm_time_minutes("99999999999999999999"), -1);
	assert_int_equal(slurm_time_minutes("1-99999999999999999999"), -1);
	assert_int_equal(slurm_time_minutes("99999999999999999999-00:00"), -1);
	assert_int_equal(slurm_time_minutes("2-00:00:00"), 2880);
	assert_int_equal(lsf_time_minutes("99999999999999999999:00"), -1);
	assert_int_equal(lsf_time_minutes("9999999999"), -1);
	assert_int_equal(lsf_time_minutes("2:30"), 150);
}

static void sniff_family(void **state)
{
	(void)state;
	const char *log = "{'loss': 1.2, 'epoch': 0.1}\n\033[32mok\033[0m  50%|#####     | 5/10 [00:01<00:01]\r 60%|\n";
	assert_int_equal(sniff(log, strlen(log)), SNIFF_TEXT);
	const char *utf8 = "étape 3/10 — perte 0,5 ✓\n";
	assert_int_equal(sniff(utf8, strlen(utf8)), SNIFF_TEXT);
	char buf[8192];
	unsigned s = 12345;
	for (size_t i = 0; i < sizeof(buf); i++) {
		s = s * 1103515245u + 12345u;
		buf[i] = (char)(s >> 16);
	}
	assert_int_equal(sniff(buf, sizeof(buf)), SNIFF_BINARY);
	assert_int_equal(sniff("\x1f\x8b\x08\x00", 4), SNIFF_GZIP);
	assert_int_equal(sniff("BZh91AY", 7), SNIFF_BZIP2);
	assert_int_equal(sniff("\xfd" "7zXZ\0\0", 7), SNIFF_XZ);
	assert_int_equal(sniff("\x28\xb5\x2f\xfd\0", 5), SNIFF_ZSTD);
	/* a block of NULs from a crashed node, then the log goes on: still text */
	char crash[4096];
	memset(crash, 'a', sizeof(crash));
	for (size_t i = 0; i < sizeof(crash); i += 80)
		crash[i] = '\n';
	memset(crash + 1000, 0, 1500);
	assert_int_equal(sniff(crash, sizeof(crash)), SNIFF_TEXT);
	memset(crash, 0, sizeof(crash));
	assert_int_equal(sniff(crash, sizeof(crash)), SNIFF_BINARY);
	/* Latin-1 text with a few accented bytes is still text */
	const char *latin = "epoch 1 \xe9" "tape termin\xe9" "e, loss 0.5\nepoch 2 ok, loss 0.4\n";
	assert_int_equal(sniff(latin, strlen(latin)), SNIFF_TEXT);
	/* a UTF-8 sequence cut by the sample's end */
	assert_int_equal(sniff("step 1\n\xe2\x9c", 9), SNIFF_TEXT);
	assert_int_equal(sniff("", 0), SNIFF_TEXT);
	assert_string_equal(sniff_name(SNIFF_GZIP), "gzip-compressed");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parse_long_family),  cmocka_unit_test(parse_double_family),
		cmocka_unit_test(scan_and_convert),   cmocka_unit_test(walltimes_never_wrap),
		cmocka_unit_test(sniff_family),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
