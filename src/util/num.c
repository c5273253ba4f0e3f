/* num.c - range-checked number parsing (strtol/strtod with errno, end and limit checks). */
#include "num.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The value quoted in a message: at most 40 bytes of it, so a megabyte of digits stays readable. */
#define QUOTE_MAX 40

static int fail(struct maple_error *err, const char *what, const char *s, const char *why)
{
	size_t n = strlen(s);
	return errorf(err, "%s%s'%.*s%s' %s", what ? what : "", what ? " " : "", QUOTE_MAX, s, n > QUOTE_MAX ? "..." : "",
		      why);
}

static const char *skip_blanks(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static bool only_blanks(const char *s)
{
	return *skip_blanks(s) == '\0';
}

int num_parse_long(const char *s, long min, long max, long *out, const char *what, struct maple_error *err)
{
	if (!s)
		return errorf(err, "%s: no value", what ? what : "number");
	const char *p = skip_blanks(s);
	const char *digits = p + (*p == '-' || *p == '+');
	if (!isdigit((unsigned char)*digits))
		return fail(err, what, s, "is not a whole number");
	errno = 0;
	char *end;
	long v = strtol(p, &end, 10);
	if (!only_blanks(end))
		return fail(err, what, s, "is not a whole number");
	if (errno == ERANGE || v < min || v > max) {
		char why[96];
		snprintf(why, sizeof(why), "is out of range (%ld to %ld)", min, max);
		return fail(err, what, s, why);
	}
	*out = v;
	return 0;
}

int num_parse_int(const char *s, int min, int max, int *out, const char *what, struct maple_error *err)
{
	long v;
	if (num_parse_long(s, min, max, &v, what, err) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

int num_parse_double(const char *s, double min, double max, double *out, const char *what, struct maple_error *err)
{
	if (!s)
		return errorf(err, "%s: no value", what ? what : "number");
	const char *p = skip_blanks(s);
	const char *q = p + (*p == '-' || *p == '+');
	/* digits or .digits; strtod would also take inf, nan and hex */
	if (!isdigit((unsigned char)*q) && !(*q == '.' && isdigit((unsigned char)q[1])))
		return fail(err, what, s, "is not a number");
	for (const char *c = q; *c && !isspace((unsigned char)*c); c++)
		if (*c == 'x' || *c == 'X' || *c == 'p' || *c == 'P')
			return fail(err, what, s, "is not a number");
	errno = 0;
	char *end;
	double v = strtod(p, &end);
	if (!only_blanks(end))
		return fail(err, what, s, "is not a number");
	if ((errno == ERANGE && fabs(v) > 1) || !isfinite(v) || v < min || v > max) {
		char why[128];
		snprintf(why, sizeof(why), "is out of range (%g to %g)", min, max);
		return fail(err, what, s, why);
	}
	if (errno == ERANGE) /* underflow: a tiny value is 0 for every use maple has */
		v = 0;
	*out = v;
	return 0;
}

int num_scan_digits(const char *s, const char **end, long max, long *out)
{
	const char *p = s;
	if (!isdigit((unsigned char)*p)) {
		*end = s;
		return -1;
	}
	long v = 0;
	bool over = false;
	for (; isdigit((unsigned char)*p); p++) {
		int d = *p - '0';
		if (!over && (v > (max - d) / 10))
			over = true;
		if (!over)
			v = v * 10 + d;
	}
	*end = p;
	if (over || v > max)
		return -2;
	*out = v;
	return 0;
}

int num_double_to_long(double v, long min, long max, long *out)
{
	/* compared as doubles: (double)LONG_MAX rounds up to 2^63, so >= excludes it */
	if (!isfinite(v) || v < (double)min || v >= (double)max + 1.0 || v >= 9223372036854775807.0)
		return -1;
	long r = (long)v;
	if (r < min || r > max)
		return -1;
	*out = r;
	return 0;
}

bool num_mul(long a, long b, long *out)
{
	return !__builtin_mul_overflow(a, b, out);
}

bool num_add(long a, long b, long *out)
{
	return !__builtin_add_overflow(a, b, out);
}
