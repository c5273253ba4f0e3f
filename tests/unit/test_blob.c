/* test_blob.c - util/blob (the flat records the snapshot's caches are written in): a round trip, and a
 * record cut anywhere, a string without its NUL or a count beyond the bytes left read as bad, never past
 * the end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "util/blob.h"

static void build(struct strbuf *b)
{
	blob_put_u32(b, 0xCAFEu);
	blob_put_u32(b, 3);
	blob_put_str(b, "node");
	blob_put_str(b, "");
	blob_put_str(b, "nœud");
	blob_put_u32(b, 7);
}

/* Reads what build() wrote; true when the reader found it whole and the same */
static bool read_back(const void *p, size_t len)
{
	struct blob_rd r;
	blob_rd_init(&r, p, len);
	bool same = blob_get_u32(&r) == 0xCAFEu;
	uint32_t n = blob_get_count(&r, 1);
	same &= n == 3;
	const char *want[] = {"node", "", "nœud"};
	for (uint32_t i = 0; i < n && i < 3; i++)
		same &= !strcmp(blob_get_str(&r), want[i]);
	same &= blob_get_u32(&r) == 7;
	return same && !r.bad && r.p == r.end;
}

static void round_trip(void **state)
{
	(void)state;
	struct strbuf b = STRBUF_INIT;
	build(&b);
	assert_int_equal(b.len, 4 + 4 + 5 + 1 + strlen("nœud") + 1 + 4);
	assert_true(read_back(b.buf, b.len));
	strbuf_release(&b);
}

static void cut_anywhere(void **state)
{
	(void)state;
	struct strbuf b = STRBUF_INIT;
	build(&b);
	for (size_t len = 0; len < b.len; len++) {
		char *copy = malloc(len ? len : 1); /* exactly len bytes: a read past them is valgrind's to see */
		assert_non_null(copy);
		memcpy(copy, b.buf, len);
		assert_false(read_back(copy, len));
		struct blob_rd r;
		blob_rd_init(&r, copy, len);
		blob_get_u32(&r);
		blob_get_count(&r, 1);
		for (int i = 0; i < 5; i++)
			assert_non_null(blob_get_str(&r)); /* "" once bad, never NULL */
		assert_true(r.p <= r.end);
		free(copy);
	}
	strbuf_release(&b);
}

static void bad_counts_and_strings(void **state)
{
	(void)state;
	struct strbuf b = STRBUF_INIT;
	blob_put_u32(&b, 1000); /* 1000 items of at least one byte in the 3 bytes left */
	strbuf_add(&b, "abc", 3);
	struct blob_rd r;
	blob_rd_init(&r, b.buf, b.len);
	assert_int_equal(blob_get_count(&r, 1), 0);
	assert_true(r.bad);
	/* a string without its NUL */
	blob_rd_init(&r, b.buf + 4, 3);
	assert_string_equal(blob_get_str(&r), "");
	assert_true(r.bad);
	/* bad stays: a later read answers 0 */
	assert_int_equal(blob_get_u32(&r), 0);
	/* a count that fits: 3 items of one byte */
	strbuf_reset(&b);
	blob_put_u32(&b, 3);
	strbuf_add(&b, "a\0b\0c\0", 6);
	blob_rd_init(&r, b.buf, b.len);
	assert_int_equal(blob_get_count(&r, 2), 3);
	strbuf_release(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(cut_anywhere),
		cmocka_unit_test(bad_counts_and_strings),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
