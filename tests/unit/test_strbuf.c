/* test_strbuf.c - src/util: strbuf, strvec, arena, fsutil (filebytes included), byteset, pairset and mem_find. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/arena.h"
#include "util/byteset.h"
#include "util/error.h"
#include "util/fsutil.h"
#include "util/strbuf.h"
#include "util/strvec.h"

#include "testutil.h"

/* ---- strbuf ---------------------------------------------------------------------------------- */

static void strbuf_starts_empty(void **state)
{
	(void)state;
	struct strbuf sb = STRBUF_INIT;
	assert_non_null(sb.buf);
	assert_string_equal(sb.buf, "");
	assert_int_equal(sb.len, 0);
	assert_int_equal(sb.alloc, 0);
	struct strbuf sb2;
	strbuf_init(&sb2);
	assert_ptr_equal(sb2.buf, strbuf_empty);
	/* reset, setlen and release on a never-allocated buffer must not touch the shared empty string */
	strbuf_reset(&sb2);
	strbuf_setlen(&sb2, 5);
	assert_int_equal(sb2.len, 0);
	strbuf_release(&sb2);
	assert_string_equal(strbuf_empty, "");
}

static void strbuf_add_and_grow(void **state)
{
	(void)state;
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "abc");
	strbuf_addch(&sb, 'd');
	strbuf_add(&sb, "efgh", 2);
	strbuf_add(&sb, "zzz", 0);
	assert_string_equal(sb.buf, "abcdef");
	assert_int_equal(sb.len, 6);
	/* grow well past the first 64-byte block */
	for (int i = 0; i < 1000; i++)
		strbuf_addch(&sb, 'a' + i % 26);
	assert_int_equal(sb.len, 1006);
	assert_int_equal(strlen(sb.buf), 1006);
	assert_true(sb.alloc > sb.len);
	assert_int_equal(sb.buf[6], 'a');
	assert_int_equal(sb.buf[1005], 'a' + 999 % 26);
	strbuf_release(&sb);
	assert_int_equal(sb.len, 0);
	assert_string_equal(sb.buf, "");
}

static void strbuf_addf_formats(void **state)
{
	(void)state;
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%d-%s-%03d", 42, "x", 7);
	assert_string_equal(sb.buf, "42-x-007");
	strbuf_addf(&sb, "%s", ""); /* empty format output leaves it alone */
	assert_string_equal(sb.buf, "42-x-007");
	char big[300];
	memset(big, 'q', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	strbuf_addf(&sb, "[%s]", big);
	assert_int_equal(sb.len, 8 + 2 + 299);
	assert_int_equal(sb.buf[sb.len - 1], ']');
	assert_int_equal(sb.buf[sb.len], '\0');
	strbuf_release(&sb);
}

static void strbuf_setlen_reset_detach(void **state)
{
	(void)state;
	struct strbuf sb = STRBUF_INIT;
	strbuf_adds(&sb, "hello world");
	strbuf_setlen(&sb, 5);
	assert_string_equal(sb.buf, "hello");
	strbuf_setlen(&sb, 100); /* never grows */
	assert_string_equal(sb.buf, "hello");
	assert_int_equal(sb.len, 5);
	strbuf_reset(&sb);
	assert_string_equal(sb.buf, "");
	strbuf_adds(&sb, "kept");
	char *d = strbuf_detach(&sb);
	assert_string_equal(d, "kept");
	assert_int_equal(sb.len, 0);
	assert_ptr_equal(sb.buf, strbuf_empty);
	free(d);
	/* detaching an empty buffer still gives a freeable string */
	char *e = strbuf_detach(&sb);
	assert_non_null(e);
	assert_string_equal(e, "");
	assert_ptr_not_equal(e, strbuf_empty);
	free(e);
}

/* ---- strvec ---------------------------------------------------------------------------------- */

static void strvec_basics(void **state)
{
	(void)state;
	struct strvec sv = STRVEC_INIT;
	assert_int_equal(sv.nr, 0);
	assert_null(sv.v[0]);
	assert_int_equal(strvec_find(&sv, "x"), -1);
	char tmp[8] = "abc";
	strvec_push(&sv, tmp);
	tmp[0] = 'X'; /* push copies */
	strvec_pushf(&sv, "n=%d", 3);
	strvec_push_nodup(&sv, strdup("owned"));
	for (int i = 0; i < 20; i++)
		strvec_pushf(&sv, "item%d", i);
	assert_int_equal(sv.nr, 23);
	assert_string_equal(sv.v[0], "abc");
	assert_string_equal(sv.v[1], "n=3");
	assert_string_equal(sv.v[2], "owned");
	assert_string_equal(sv.v[22], "item19");
	assert_null(sv.v[23]);
	assert_int_equal(strvec_find(&sv, "item7"), 10);
	assert_int_equal(strvec_find(&sv, "item"), -1);

	struct strvec cp = STRVEC_INIT;
	strvec_push(&cp, "first");
	strvec_copy(&cp, &sv);
	assert_int_equal(cp.nr, 24);
	assert_string_equal(cp.v[1], "abc");
	assert_ptr_not_equal(cp.v[1], sv.v[0]);
	assert_null(cp.v[24]);

	strvec_clear(&sv);
	assert_int_equal(sv.nr, 0);
	assert_null(sv.v[0]);
	strvec_clear(&sv); /* twice is fine */
	strvec_clear(&cp);
}

/* ---- arena ----------------------------------------------------------------------------------- */

static void arena_alignment_and_zeroing(void **state)
{
	(void)state;
	struct arena a;
	arena_init(&a);
	for (size_t n = 0; n < 200; n++) {
		unsigned char *p = arena_alloc(&a, n);
		assert_non_null(p);
		assert_int_equal((uintptr_t)p % 16, 0);
		for (size_t i = 0; i < n; i++)
			assert_int_equal(p[i], 0);
		memset(p, 0xAB, n); /* the next allocation must not overlap this one */
	}
	/* bigger than a block: gets its own, still zeroed and aligned */
	unsigned char *big = arena_alloc(&a, 100000);
	assert_int_equal((uintptr_t)big % 16, 0);
	for (size_t i = 0; i < 100000; i += 997)
		assert_int_equal(big[i], 0);
	big[99999] = 1;
	/* allocations after a big one still work */
	unsigned char *after = arena_alloc(&a, 32);
	assert_int_equal(after[0], 0);
	arena_release(&a);
	assert_null(a.head);
	arena_release(&a);
}

static void arena_strings(void **state)
{
	(void)state;
	struct arena a;
	arena_init(&a);
	char *s = arena_strdup(&a, "hello");
	assert_string_equal(s, "hello");
	assert_null(arena_strdup(&a, NULL));
	assert_string_equal(arena_strndup(&a, "abcdef", 3), "abc");
	assert_string_equal(arena_strndup(&a, "ab", 10), "ab");
	assert_string_equal(arena_strndup(&a, "", 0), "");
	/* many small strings across several blocks all survive */
	char *keep[2000];
	for (int i = 0; i < 2000; i++) {
		char buf[32];
		tu_fmt(buf, "s%d", i);
		keep[i] = arena_strdup(&a, buf);
	}
	assert_string_equal(keep[0], "s0");
	assert_string_equal(keep[1999], "s1999");
	assert_string_equal(s, "hello");
	arena_release(&a);
}

/* ---- fsutil ---------------------------------------------------------------------------------- */

static int count_entries(const char *dir, const char *containing)
{
	DIR *d = opendir(dir);
	assert_non_null(d);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") && (!containing || strstr(e->d_name, containing)))
			n++;
	closedir(d);
	return n;
}

static void write_atomic_writes_and_replaces(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char path[4096];
	tu_fmt(path, "%s/job.sh", dir);
	struct maple_error err;
	const char *text = "#!/bin/bash\necho hi\n";
	assert_int_equal(write_file_atomic(path, text, strlen(text), 0755, &err), 0);
	char *got = tu_read(path);
	assert_string_equal(got, text);
	free(got);
	struct stat st;
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0755);
	/* replace, with a different mode; only the one file remains */
	assert_int_equal(write_file_atomic(path, "new", 3, 0600, &err), 0);
	got = tu_read(path);
	assert_string_equal(got, "new");
	free(got);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(count_entries(dir, NULL), 1);
	assert_int_equal(count_entries(dir, ".tmp"), 0);
	/* an empty file */
	assert_int_equal(write_file_atomic(path, "", 0, 0644, &err), 0);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_size, 0);
	tu_rm_rf(dir);
	free(dir);
}

static void write_atomic_fails_cleanly(void **state)
{
	(void)state;
	struct maple_error err;
	err.text[0] = '\0';
	/* directory does not exist */
	assert_int_equal(write_file_atomic("/nonexistent-maple-dir/x/job.sh", "x", 1, 0644, &err), -1);
	assert_contains(err.text, "cannot write '/nonexistent-maple-dir/x/job.sh'");
	assert_contains(err.text, "No such file");

	/* target is a directory: rename fails, and the temporary file must be gone */
	char *dir = tu_mkdtemp();
	char sub[4096];
	tu_fmt(sub, "%s/target", dir);
	tu_mkdir_p(sub);
	tu_write(sub, "inside", "keep me");
	err.text[0] = '\0';
	assert_int_equal(write_file_atomic(sub, "data", 4, 0644, &err), -1);
	assert_contains(err.text, "cannot write");
	assert_int_equal(count_entries(dir, NULL), 1); /* only target/, no temp */
	assert_int_equal(count_entries(dir, ".tmp"), 0);
	assert_true(is_directory(sub));

	/* read-only directory (only meaningful when not root) */
	if (geteuid() != 0) {
		char ro[4096];
		tu_fmt(ro, "%s/ro", dir);
		tu_mkdir_p(ro);
		chmod(ro, 0555);
		char p[4200];
		tu_fmt(p, "%s/job.sh", ro);
		err.text[0] = '\0';
		assert_int_equal(write_file_atomic(p, "x", 1, 0644, &err), -1);
		assert_contains(err.text, "Permission denied");
		assert_int_equal(count_entries(ro, NULL), 0);
		chmod(ro, 0755);
	}
	/* err may be NULL */
	assert_int_equal(write_file_atomic("/nonexistent-maple-dir/y", "x", 1, 0644, NULL), -1);
	tu_rm_rf(dir);
	free(dir);
}

/* filebytes_load: a mapping where the file allows one (a NUL after the bytes either way), read_file's
 * buffer and errors otherwise. */
static void filebytes_cases(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp(), path[4200];
	struct filebytes fb;
	struct maple_error err;
	tu_write(dir, "a.yaml", "key: value\n");
	tu_fmt(path, "%s/a.yaml", dir);
	assert_int_equal(filebytes_load(path, 1000, &fb, &err), 0);
	assert_non_null(fb.map);
	assert_int_equal(fb.len, 11);
	assert_string_equal(fb.buf, "key: value\n");
	filebytes_release(&fb);
	assert_int_equal(fb.len, 0);
	/* a whole number of pages: no room for the NUL in a mapping, so read */
	char *page = malloc(4097);
	memset(page, 'x', 4096);
	page[4096] = '\0';
	tu_write(dir, "p.yaml", page);
	tu_fmt(path, "%s/p.yaml", dir);
	assert_int_equal(filebytes_load(path, 10000, &fb, &err), 0);
	assert_null(fb.map);
	assert_int_equal(fb.len, 4096);
	assert_int_equal(fb.buf[4096], '\0');
	filebytes_release(&fb);
	free(page);
	/* empty, too large, a directory, missing: as read_file */
	tu_write(dir, "e.yaml", "");
	tu_fmt(path, "%s/e.yaml", dir);
	assert_int_equal(filebytes_load(path, 1000, &fb, &err), 0);
	assert_int_equal(fb.len, 0);
	assert_string_equal(fb.buf, "");
	filebytes_release(&fb);
	tu_fmt(path, "%s/a.yaml", dir);
	assert_int_equal(filebytes_load(path, 5, &fb, &err), -1);
	assert_contains(err.text, "too large");
	filebytes_release(&fb);
	assert_int_equal(filebytes_load(dir, 1000, &fb, &err), -1);
	assert_contains(err.text, "it is a directory");
	filebytes_release(&fb);
	tu_fmt(path, "%s/missing.yaml", dir);
	assert_int_equal(filebytes_load(path, 1000, &fb, &err), -1);
	assert_contains(err.text, "cannot read");
	filebytes_release(&fb);
	tu_rm_rf(dir);
	free(dir);
}

static void read_file_cases(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	tu_write(dir, "a.txt", "line one\nline two\n");
	char path[4096];
	tu_fmt(path, "%s/a.txt", dir);
	struct strbuf sb = STRBUF_INIT;
	struct maple_error err;
	strbuf_adds(&sb, ">");
	assert_int_equal(read_file(path, &sb, 1000, &err), 0);
	assert_string_equal(sb.buf, ">line one\nline two\n"); /* appends */
	strbuf_reset(&sb);

	assert_int_equal(read_file(path, &sb, 5, &err), -1);
	assert_contains(err.text, "too large");
	assert_contains(err.text, path);
	strbuf_reset(&sb);

	assert_int_equal(read_file(dir, &sb, 1000, &err), -1);
	assert_contains(err.text, "it is a directory");

	char missing[4200];
	tu_fmt(missing, "%s/missing.txt", dir);
	assert_int_equal(read_file(missing, &sb, 1000, &err), -1);
	assert_contains(err.text, "cannot read");
	assert_contains(err.text, missing);
	strbuf_release(&sb);

	/* read_stream from a pipe, with and without overflowing the limit */
	int fds[2];
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(write(fds[1], "abcdef", 6), 6);
	close(fds[1]);
	assert_int_equal(read_stream(fds[0], &sb, 100, &err), 0);
	close(fds[0]);
	assert_string_equal(sb.buf, "abcdef");
	strbuf_reset(&sb);
	assert_int_equal(pipe(fds), 0);
	assert_int_equal(write(fds[1], "abcdef", 6), 6);
	close(fds[1]);
	assert_int_equal(read_stream(fds[0], &sb, 3, &err), -1);
	close(fds[0]);
	assert_contains(err.text, "larger than 3 bytes");
	strbuf_release(&sb);
	assert_true(is_directory(dir));
	assert_false(is_directory(path));
	tu_rm_rf(dir);
	free(dir);
}

static void errorf_formats(void **state)
{
	(void)state;
	struct maple_error err;
	assert_int_equal(errorf(&err, "x=%d %s", 5, "y"), -1);
	assert_string_equal(err.text, "x=5 y");
	assert_int_equal(errorf(NULL, "ignored"), -1);
	/* long messages are truncated, not overflowed */
	char big[4000];
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	errorf(&err, "%s", big);
	assert_int_equal(strlen(err.text), sizeof(err.text) - 1);
}

/* mem_find answers as memmem: every needle of every length (empty, one byte, past the haystack) at every
 * offset of short texts over a small alphabet (many partial matches, high bytes, NUL), first match only */
static void mem_find_answers_as_memmem(void **state)
{
	(void)state;
	const char alpha[] = {'a', 'b', '\0', (char)0xe2, (char)0x94};
	unsigned seed = 12345;
	char hay[40], nd[8];
	for (int round = 0; round < 4000; round++) {
		size_t hl = (size_t)(round % 37), nl = (size_t)(round % 7);
		for (size_t i = 0; i < hl; i++)
			hay[i] = alpha[(seed = seed * 1103515245u + 12345u) >> 16 & 3 ? (seed >> 20) % 3 : 3 + (seed >> 22) % 2];
		for (size_t i = 0; i < nl; i++)
			nd[i] = alpha[(seed = seed * 1103515245u + 12345u) >> 16 & 3 ? (seed >> 20) % 3 : 3 + (seed >> 22) % 2];
		if (round % 3 == 0 && hl >= nl && hl) /* a needle taken from the text: a match exists */
			memcpy(nd, hay + (round % (hl - nl + 1)), nl);
		for (size_t off = 0; off <= hl; off++)
			assert_ptr_equal(mem_find(hay + off, hl - off, nd, nl), memmem(hay + off, hl - off, nd, nl));
	}
	assert_ptr_equal(mem_find("abc", 3, "abcd", 4), NULL);
	const char *t = "x \xe2\x86\x92 y";
	assert_ptr_equal(mem_find(t, strlen(t), "\xe2\x86\x92", 3), t + 2);
}

/* byteset: every byte value, high bytes included; a needle is ruled out only by a byte the text lacks */
static void byteset_rules_out_only_missing_bytes(void **state)
{
	(void)state;
	char all[256];
	for (int i = 0; i < 256; i++)
		all[i] = (char)i;
	struct byteset b;
	byteset_of(all, sizeof(all), &b);
	assert_true(byteset_has_all(&b, all, sizeof(all)));
	byteset_of("NCCL WARN Bootstrap", 19, &b);
	assert_true(byteset_has_all(&b, "WARN", 4));
	assert_true(byteset_has_all(&b, "NAW", 3)); /* bytes present, order not checked: memmem decides */
	assert_false(byteset_has_all(&b, "warn", 4));
	assert_false(byteset_has_all(&b, "\xc3\xa9", 2));
	assert_true(byteset_has_all(&b, "", 0));
	byteset_of("", 0, &b);
	assert_false(byteset_has_all(&b, "a", 1));
}

/* pairs: exact as a filter (every substring of a text passes, compared with strstr over random texts
 * and needles), and it rules out a needle whose pair the text lacks */
static void pairset_never_rules_out_a_needle_that_occurs(void **state)
{
	(void)state;
	struct pairset *p = malloc(sizeof(*p));
	assert_non_null(p);
	pairset_of("module load pytorch", 19, p);
	assert_true(pairset_has_all(p, "pytorch", 7));
	assert_false(pairset_has_all(p, "torchpy", 7)); /* "hp" is not a pair of the text */
	assert_true(pairset_has_all(p, "x", 1));	/* one byte: no pair to check */
	assert_null(pairset_strstr(p, "module load pytorch", "load torch"));
	assert_string_equal(pairset_strstr(p, "module load pytorch", "load py"), "load pytorch");
	unsigned seed = 12345;
	char text[24], needle[8]; /* short texts lack some of the 36 pairs: the filter has work */
	for (int round = 0; round < 2000; round++) {
		for (size_t i = 0; i < sizeof(text) - 1; i++) {
			seed = seed * 1103515245u + 12345u;
			text[i] = (char)('a' + (seed >> 16) % 6);
		}
		text[sizeof(text) - 1] = '\0';
		pairset_of(text, strlen(text), p);
		for (int k = 0; k < 20; k++) {
			seed = seed * 1103515245u + 12345u;
			size_t n = 2 + (seed >> 16) % 5;
			for (size_t i = 0; i < n; i++) {
				seed = seed * 1103515245u + 12345u;
				needle[i] = (char)('a' + (seed >> 16) % 6);
			}
			needle[n] = '\0';
			assert_ptr_equal(pairset_strstr(p, text, needle), strstr(text, needle));
		}
	}
	free(p);
}

/* str_copy_n, str_copy and str_int write what snprintf writes, cut to every buffer size; strbuf_addln
 * appends what strbuf_addf("%s\n") appends; strs_sorted_has agrees with a linear search. */
static void bounded_copies_match_snprintf(void **state)
{
	(void)state;
	const char *texts[] = {"", "a", "gpus_per_node", "exactly-sixteen!", "with\0nul", NULL};
	for (const char *const *t = texts; *t; t++)
		for (size_t cap = 0; cap < 20; cap++)
			for (size_t n = 0; n < 20; n++) {
				char a[24], b[24];
				memset(a, 'x', sizeof(a));
				memset(b, 'x', sizeof(b));
				str_copy_n(a, cap, *t, n);
				snprintf(b, cap, "%.*s", (int)n, *t);
				assert_memory_equal(a, b, sizeof(a));
				memset(a, 'x', sizeof(a));
				memset(b, 'x', sizeof(b));
				str_copy(a, cap, *t);
				snprintf(b, cap, "%s", *t);
				assert_memory_equal(a, b, sizeof(a));
			}
	const long values[] = {0, 7, -7, 10, 29500, -100000, 2147483647L, -2147483647L - 1, LONG_MAX, LONG_MIN};
	for (size_t i = 0; i < sizeof(values) / sizeof(*values); i++)
		for (size_t cap = 0; cap < 24; cap++) {
			char a[32], b[32];
			memset(a, 'x', sizeof(a));
			memset(b, 'x', sizeof(b));
			str_int(a, cap, values[i]);
			snprintf(b, cap, "%ld", values[i]);
			assert_memory_equal(a, b, sizeof(a));
		}
	struct strbuf x = STRBUF_INIT, y = STRBUF_INIT;
	for (int i = 0; i < 50; i++) {
		strbuf_addln(&x, texts[i % 5]);
		strbuf_addf(&y, "%s\n", texts[i % 5]);
	}
	assert_int_equal(x.len, y.len);
	assert_string_equal(x.buf, y.buf);
	strbuf_release(&x);
	strbuf_release(&y);
	const char *sorted[] = {"", "a", "ab", "b", "ba", "ddp", "deepspeed", "fsdp", "z"};
	size_t ns = sizeof(sorted) / sizeof(*sorted);
	const char *probes[] = {"", "a", "aa", "ab", "b", "c", "ddp", "dd", "fsdp", "fsdp2", "z", "zz", "\xff"};
	for (size_t k = 0; k <= ns; k++) /* every prefix of the list */
		for (size_t p = 0; p < sizeof(probes) / sizeof(*probes); p++) {
			bool linear = false;
			for (size_t i = 0; i < k; i++)
				linear |= !strcmp(sorted[i], probes[p]);
			assert_int_equal(strs_sorted_has(sorted, k, probes[p]), linear);
		}
	/* strs_has on a NULL-terminated list: the same answers */
	const char *listed[] = {"", "a", "ab", "b", "ba", "ddp", "deepspeed", "fsdp", "z", NULL};
	for (size_t p = 0; p < sizeof(probes) / sizeof(*probes); p++)
		assert_int_equal(strs_has(listed, probes[p]), strs_sorted_has(sorted, ns, probes[p]));
	const char *empty[] = {NULL};
	assert_false(strs_has(empty, "a"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(strbuf_starts_empty),
		cmocka_unit_test(strbuf_add_and_grow),
		cmocka_unit_test(strbuf_addf_formats),
		cmocka_unit_test(strbuf_setlen_reset_detach),
		cmocka_unit_test(strvec_basics),
		cmocka_unit_test(arena_alignment_and_zeroing),
		cmocka_unit_test(arena_strings),
		cmocka_unit_test(write_atomic_writes_and_replaces),
		cmocka_unit_test(write_atomic_fails_cleanly),
		cmocka_unit_test(read_file_cases),
		cmocka_unit_test(filebytes_cases),
		cmocka_unit_test(errorf_formats),
		cmocka_unit_test(byteset_rules_out_only_missing_bytes),
		cmocka_unit_test(mem_find_answers_as_memmem),
		cmocka_unit_test(pairset_never_rules_out_a_needle_that_occurs),
		cmocka_unit_test(bounded_copies_match_snprintf),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
