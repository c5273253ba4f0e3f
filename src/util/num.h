/* num.h - range-checked number parsing: whole strings or a number at the start of text; out-of-range
 * values are errors naming the value, never wrapped, saturated or converted with undefined behaviour. */
#ifndef MAPLE_NUM_H
#define MAPLE_NUM_H

#include "error.h"

#include <stdbool.h>

/* Parses all of s (surrounding blanks allowed) as a decimal integer in [min, max]. On failure
 * returns -1, leaves *out alone and fills err with "WHAT 'S' is not a whole number" or "WHAT 'S' is
 * out of range (MIN to MAX)"; what is the name of the value ("--max-iters", "walltime"), may be NULL. */
int num_parse_long(const char *s, long min, long max, long *out, const char *what, struct maple_error *err);
int num_parse_int(const char *s, int min, int max, int *out, const char *what, struct maple_error *err);
/* The same for a decimal number (1.5, 2e-4; no hex, inf or nan). */
int num_parse_double(const char *s, double min, double max, double *out, const char *what, struct maple_error *err);

/* Reads the decimal digits at s (no sign, no blanks) into *out and sets *end past them. Returns 0, or
 * -1 when there is no digit, or -2 when the value exceeds max (*end is still set past the digits,
 * so a reader can say "'99999999999 hours' is out of range" and go on). */
int num_scan_digits(const char *s, const char **end, long max, long *out);

/* Converts a double to a long when it is a finite value in [min, max] (truncating toward zero);
 * -1 otherwise (NaN, infinity, out of range): the float-to-int conversion that is never undefined. */
int num_double_to_long(double v, long min, long max, long *out);

/* a * b and a + b into *out, or false when the result would overflow a long. */
bool num_mul(long a, long b, long *out);
bool num_add(long a, long b, long *out);

#endif
