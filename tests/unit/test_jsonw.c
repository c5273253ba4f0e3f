/* test_jsonw.c - src/util/jsonw.c, the streaming JSON writer: byte-identical to jansson's compact dump
 * for every string (escapes, UTF-8 accepted and refused) and for a whole record with members dropped
 * the way jansson drops strings that are not UTF-8. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonw.h"
#include "util/strbuf.h"

/* jansson's answer for s: its compact dump, or NULL when json_string() refuses s */
static char *jansson_dump(const char *s)
{
	json_t *j = json_string(s);
	if (!j)
		return NULL;
	char *d = json_dumps(j, JSON_COMPACT | JSON_ENCODE_ANY);
	json_decref(j);
	return d;
}

static void check_one(const char *s)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "x"); /* what is before stays; a refused string leaves nothing */
	bool ok = jw_append_string(&sb, s);
	char *want = jansson_dump(s);
	if (!want) {
		if (ok)
			fail_msg("jansson refuses a string the writer accepted: [%s]", sb.buf);
		assert_string_equal(sb.buf, "x");
	} else {
		if (!ok)
			fail_msg("the writer refused a string jansson dumps as %s", want);
		assert_string_equal(sb.buf + 1, want);
	}
	free(want);
	strbuf_release(&sb);
}

static void every_byte_and_pair(void **state)
{
	(void)state;
	char s[4] = {0};
	for (int a = 1; a < 256; a++) {
		s[0] = (char)a;
		s[1] = 0;
		check_one(s);
		for (int b = 1; b < 256; b++) {
			s[1] = (char)b;
			check_one(s);
		}
	}
}

static void utf8_edges(void **state)
{
	(void)state;
	static const char *const cases[] = {
		"caf\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xed\x9f\xbf", "\xee\x80\x80",
		"\xed\xa0\x80",			/* a surrogate */
		"\xe0\x80\xaf", "\xf0\x80\x80\xaf", /* overlong */
		"\xf4\x8f\xbf\xbf", "\xf4\x90\x80\x80", /* the last code point, and past it */
		"\xc2", "\xe2\x82", "\xf0\x9f\x98", /* cut short */
		"a\"b\\c/d\b\f\n\r\t\x01\x1f\x7f", "",
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_one(cases[i]);
}

static void random_strings(void **state)
{
	(void)state;
	unsigned long x = 88172645463325252ul;
	char s[16];
	for (int k = 0; k < 200000; k++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		size_t n = x % 12;
		for (size_t i = 0; i < n; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			static const unsigned char pick[] = {'a', '"', '\\', '\n', 0x01, 0x7f, 0x80, 0xbf, 0xc2, 0xc3,
							     0xa9, 0xe2, 0x82, 0xac, 0xed, 0xa0, 0xf0, 0x9f, 0x98, 0xf4,
							     0x90, 0xf5, 0xff, '/', ' ', 0xe0};
			s[i] = (char)pick[x % sizeof(pick)];
		}
		s[n] = 0;
		check_one(s);
	}
}

/* A record written both ways: members and elements that jansson drops are dropped. */
/* Longer plain runs (the writer skips them 8 bytes at a time): one or two bytes that need care at
 * every position of strings up to 40 bytes long, so each lands at every place of an 8-byte word. */
static void specials_at_every_position(void **state)
{
	(void)state;
	static const unsigned char care[] = {'"', '\\', '\n', 0x01, 0x1f, 0x20, 0x7f, 0x80, 0xc3, 0xff, '!', '#', '[', ']'};
	char s[48];
	for (size_t len = 1; len <= 40; len++)
		for (size_t i = 0; i < len; i++)
			for (size_t a = 0; a < sizeof(care); a++) {
				memset(s, 'a' + (int)(len % 26), len);
				s[len] = 0;
				s[i] = (char)care[a];
				check_one(s);
				if (i + 1 < len && care[a] == 0xc3) { /* a whole two-byte character */
					s[i + 1] = (char)0xa9;
					check_one(s);
				}
				size_t j = (i * 7 + 3) % len; /* and a second one elsewhere */
				s[j] = (char)care[(a + 1) % sizeof(care)];
				check_one(s);
			}
}

static void a_record(void **state)
{
	(void)state;
	const char *bad = "bad \xff";
	char *list[] = {"one", (char *)bad, "three\n"};
	json_t *o = json_object();
	json_object_set_new(o, "status", json_string("ok"));
	json_object_set_new(o, "gone", json_string(bad));
	json_object_set_new(o, "none", json_null());
	json_t *a = json_array();
	for (int i = 0; i < 3; i++)
		json_array_append_new(a, json_string(list[i]));
	json_object_set_new(o, "list", a);
	json_t *b = json_array();
	json_array_append_new(b, json_string(bad));
	json_object_set_new(o, "only_bad", b);
	json_t *sub = json_object();
	json_object_set_new(sub, "x", json_string(bad));
	json_object_set_new(o, "sub", sub);
	json_object_set_new(o, "raw", json_pack("{s:i}", "n", 3));
	json_object_set_new(o, "last", json_string("end"));
	char *want = json_dumps(o, JSON_COMPACT);

	struct strbuf sb = STRBUF_INIT;
	struct jsonw w;
	jw_init(&w, &sb);
	jw_begin_object(&w);
	jw_member_str(&w, "gone-first", bad); /* a dropped first member leaves no comma behind */
	jw_member_str(&w, "status", "ok");
	jw_member_str(&w, "gone", bad);
	jw_member_str_or_null(&w, "none", NULL);
	jw_member_strs(&w, "list", list, 3);
	jw_member_strs(&w, "only_bad", (char *[]){(char *)bad}, 1);
	jw_key(&w, "sub");
	jw_begin_object(&w);
	jw_member_str(&w, "x", bad);
	jw_end_object(&w);
	jw_member_raw(&w, "raw", "{\"n\":3}", 7);
	jw_member_str(&w, "last", "end");
	jw_end_object(&w);
	assert_string_equal(sb.buf, want);
	free(want);
	json_decref(o);
	strbuf_release(&sb);
}

/* utf8_lossy: valid text unchanged; each byte that begins no valid sequence becomes U+FFFD, and jansson then
 * takes the string (a path or an error that is not UTF-8 was dropped from the JSON: s29) */
static void lossy_keeps_text(void **state)
{
	(void)state;
	const char *keep[] = {"", "plain/path.sh", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "tab\there\x01"};
	for (size_t i = 0; i < sizeof(keep) / sizeof(*keep); i++) {
		char *l = utf8_lossy(keep[i]);
		assert_string_equal(l, keep[i]);
		free(l);
	}
	struct {
		const char *in, *want;
	} bad[] = {
		{"x\xff.sh", "x\xef\xbf\xbd.sh"},
		{"\xff\xfe", "\xef\xbf\xbd\xef\xbf\xbd"},
		{"cut\xc3", "cut\xef\xbf\xbd"},			/* a sequence cut by the end */
		{"\xe2\x82x", "\xef\xbf\xbd\xef\xbf\xbdx"},		/* cut by an ASCII byte */
		{"\xc0\xaf", "\xef\xbf\xbd\xef\xbf\xbd"},		/* overlong '/' */
		{"\xed\xa0\x80", "\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"}, /* a surrogate */
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(*bad); i++) {
		char *l = utf8_lossy(bad[i].in);
		assert_string_equal(l, bad[i].want);
		json_t *j = json_string(l);
		assert_non_null(j);
		json_decref(j);
		free(l);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_byte_and_pair),
		cmocka_unit_test(utf8_edges),
		cmocka_unit_test(random_strings),
		cmocka_unit_test(specials_at_every_position),
		cmocka_unit_test(a_record),
		cmocka_unit_test(lossy_keeps_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
