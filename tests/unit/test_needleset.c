/* test_needleset.c - src/util/needleset: any, find and mark agree with a plain search (memmem, or an
 * ASCII case-folded one) on random texts and needles, case-sensitive and not, short needles and a set
 * past its capacity answer "maybe". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/needleset.h"

static unsigned rng = 2463534242u;

static unsigned next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

/* where needle (nl bytes) first occurs in s[0, n), folded or not; NULL when it does not */
static const char *search(const char *s, size_t n, const char *needle, size_t nl, bool icase)
{
	for (size_t i = 0; i + nl <= n; i++) {
		size_t k = 0;
		while (k < nl && (icase ? tolower((unsigned char)s[i + k]) == tolower((unsigned char)needle[k])
					: s[i + k] == needle[k]))
			k++;
		if (k == nl)
			return s + i;
	}
	return NULL;
}

static void random_word(char *w, size_t n, const char *alphabet)
{
	size_t a = strlen(alphabet);
	for (size_t i = 0; i < n; i++)
		w[i] = alphabet[next_rand() % a];
	w[n] = '\0';
}

static void agrees_with_plain_search(void **state)
{
	(void)state;
	struct needleset *ns = malloc(sizeof(*ns));
	assert_non_null(ns);
	static const char alphabet[] = "abcAB\n x";
	char words[12][8];
	const char *needles[12];
	size_t lens[12];
	bool icase[12];
	for (int round = 0; round < 3000; round++) {
		size_t count = 1 + next_rand() % 12;
		for (size_t k = 0; k < count; k++) {
			lens[k] = 2 + next_rand() % 4;
			random_word(words[k], lens[k], "abcAB x");
			needles[k] = words[k];
			icase[k] = round % 2 && next_rand() % 2;
		}
		needleset_init_ex(ns, needles, lens, icase, count);
		char text[48];
		size_t n = next_rand() % sizeof(text);
		random_word(text, n, alphabet);
		bool any = false;
		size_t first = n;
		uint64_t want[NEEDLESET_MAX / 64] = {0}, got[NEEDLESET_MAX / 64] = {0};
		for (size_t k = 0; k < count; k++) {
			const char *at = search(text, n, needles[k], lens[k], icase[k]);
			if (at) {
				any = true;
				want[k / 64] |= (uint64_t)1 << (k % 64);
				if ((size_t)(at - text) < first)
					first = (size_t)(at - text);
			}
		}
		assert_int_equal(needleset_any(ns, text, n), any);
		size_t f = needleset_find(ns, text, n);
		if (!any) {
			assert_int_equal(f, n);
		} else {
			/* an anchor inside the first occurrence's line or later, never past the leftmost one's end */
			assert_true(f >= first && f < n);
			assert_true(f <= first + 5);
		}
		assert_true(needleset_mark(ns, text, n, got));
		assert_memory_equal(got, want, sizeof(want));
	}
	free(ns);
}

static void short_needles_and_overflow_say_maybe(void **state)
{
	(void)state;
	struct needleset *ns = malloc(sizeof(*ns));
	assert_non_null(ns);
	const char *one[] = {"NCCL", "x"};
	needleset_init(ns, one, 2);
	assert_true(needleset_any(ns, "nothing here", 12)); /* a 1-byte needle: every text may hold one */
	assert_int_equal(needleset_find(ns, "nothing here", 12), 0);
	uint64_t bits[NEEDLESET_MAX / 64] = {0};
	assert_false(needleset_mark(ns, "nothing here", 12, bits));

	static const char *many[NEEDLESET_MAX + 1];
	for (size_t k = 0; k <= NEEDLESET_MAX; k++)
		many[k] = "needle";
	needleset_init(ns, many, NEEDLESET_MAX + 1);
	assert_true(needleset_any(ns, "zzzz", 4));
	assert_false(needleset_mark(ns, "zzzz", 4, bits));

	const char *two[] = {"CUDA out of memory", "NCCL WARN"};
	needleset_init(ns, two, 2);
	const char *log = "step 10 loss 2.3\nRuntimeError: CUDA out of memory. Tried\n";
	assert_true(needleset_any(ns, log, strlen(log)));
	assert_false(needleset_any(ns, log, 17)); /* the first line alone */
	free(ns);
}

/* Many needles on few byte pairs (long chains, the same pair followed by different bytes, needles of
 * 2 bytes beside longer ones, occurrences at the very end of the text): the same answers as a plain
 * search. */
static void crowded_pairs_agree_with_plain_search(void **state)
{
	(void)state;
	struct needleset *ns = malloc(sizeof(*ns));
	assert_non_null(ns);
	enum { COUNT = 300 };
	static char words[COUNT][8];
	static const char *needles[COUNT];
	static size_t lens[COUNT];
	static bool icase[COUNT];
	for (int round = 0; round < 200; round++) {
		size_t count = 1 + next_rand() % COUNT;
		for (size_t k = 0; k < count; k++) {
			lens[k] = 2 + next_rand() % 5;
			random_word(words[k], lens[k], "mpMl");
			needles[k] = words[k];
			icase[k] = round % 2 && next_rand() % 2;
		}
		needleset_init_ex(ns, needles, lens, icase, count);
		char text[40];
		size_t n = next_rand() % sizeof(text);
		random_word(text, n, "mpMlo");
		bool any = false;
		uint64_t want[NEEDLESET_MAX / 64] = {0}, got[NEEDLESET_MAX / 64] = {0};
		for (size_t k = 0; k < count; k++)
			if (search(text, n, needles[k], lens[k], icase[k])) {
				any = true;
				want[k / 64] |= (uint64_t)1 << (k % 64);
			}
		assert_int_equal(needleset_any(ns, text, n), any);
		assert_int_equal(needleset_find(ns, text, n) < n, any);
		assert_true(needleset_mark(ns, text, n, got));
		assert_memory_equal(got, want, sizeof(want));
	}
	free(ns);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(agrees_with_plain_search),
		cmocka_unit_test(short_needles_and_overflow_say_maybe),
		cmocka_unit_test(crowded_pairs_agree_with_plain_search),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
