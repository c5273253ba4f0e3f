/* test_snapshot.c - src/repo/ysnap.c, the data snapshot: documents from the snapshot are the same trees
 * libyaml builds; a changed, corrupt, truncated, foreign or other-version snapshot is never used and is
 * rewritten; errors are never cached; an unusable cache directory changes nothing; concurrent writers
 * leave a whole file. No timing here (speed lives in bench/). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "repo/ydoc.h"
#include "repo/ysnap.h"
#include "util/arena.h"
#include "util/strbuf.h"

#include "testutil.h"

static char dir[256], cache[300], snapfile[400];

/* A document that exercises every node kind, style and mark: block and flow collections, quoted,
 * literal and folded scalars, an alias (one node reached twice), an empty value, bytes past ASCII and
 * an escaped NUL inside a value. */
static const char doc_text[] = "id: demo\n"
			       "name: \"Demo \\0 cluster\"\n"
			       "aliases: [dm, 'the demo']\n"
			       "hw: &hw {gpus: 4, mem: 40}\n"
			       "again: *hw\n"
			       "empty:\n"
			       "body: |\n"
			       "  line one\n"
			       "  line two\n"
			       "folded: >\n"
			       "  a\n"
			       "  b\n"
			       "list:\n"
			       "  - x\n"
			       "  - {k: v}\n"
			       "  - [1, [2, 3]]\n"
			       "unicode: caf\xc3\xa9\n";

static void write_text(const char *path, const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	fclose(f);
}

static size_t read_all(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return 0;
	size_t n = fread(buf, 1, cap, f);
	fclose(f);
	return n;
}

static int setup(void **state)
{
	(void)state;
	tu_fmt(dir, "%s/maple-snap.XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	assert_non_null(mkdtemp(dir));
	tu_fmt(cache, "%s/cache/maple", dir);
	setenv("MAPLE_CACHE_DIR", cache, 1);
	unsetenv("MAPLE_NO_SNAPSHOT");
	ysnap_reset();
	tu_fmt(snapfile, "%s", ysnap_path());
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	ysnap_reset();
	tu_rm_rf(dir);
	return 0;
}

/* Parses (path, text) through ydoc; returns whether it came from the snapshot; *errs gets messages. */
static bool parse(const char *path, const char *text, size_t len, struct ydoc *y, struct arena *a,
		  struct strbuf *errs)
{
	ydoc_parse(y, a, errs, path, text, len);
	return y->from_snapshot;
}

/* Node-by-node equality of two documents (types, tags, values, styles, marks, items, pairs). */
static void assert_same_doc(yaml_document_t *a, yaml_document_t *b)
{
	assert_int_equal(a->nodes.top - a->nodes.start, b->nodes.top - b->nodes.start);
	for (yaml_node_t *x = a->nodes.start, *y = b->nodes.start; x < a->nodes.top; x++, y++) {
		assert_int_equal(x->type, y->type);
		assert_string_equal((const char *)x->tag, (const char *)y->tag);
		assert_int_equal(x->start_mark.line, y->start_mark.line);
		assert_int_equal(x->start_mark.column, y->start_mark.column);
		assert_int_equal(x->start_mark.index, y->start_mark.index);
		assert_int_equal(x->end_mark.line, y->end_mark.line);
		assert_int_equal(x->end_mark.index, y->end_mark.index);
		switch (x->type) {
		case YAML_SCALAR_NODE:
			assert_int_equal(x->data.scalar.length, y->data.scalar.length);
			assert_memory_equal(x->data.scalar.value, y->data.scalar.value, x->data.scalar.length + 1);
			assert_int_equal(x->data.scalar.style, y->data.scalar.style);
			break;
		case YAML_SEQUENCE_NODE:
			assert_int_equal(x->data.sequence.style, y->data.sequence.style);
			assert_int_equal(x->data.sequence.items.top - x->data.sequence.items.start,
					 y->data.sequence.items.top - y->data.sequence.items.start);
			for (yaml_node_item_t *i = x->data.sequence.items.start, *j = y->data.sequence.items.start;
			     i < x->data.sequence.items.top; i++, j++)
				assert_int_equal(*i, *j);
			break;
		case YAML_MAPPING_NODE:
			assert_int_equal(x->data.mapping.style, y->data.mapping.style);
			assert_int_equal(x->data.mapping.pairs.top - x->data.mapping.pairs.start,
					 y->data.mapping.pairs.top - y->data.mapping.pairs.start);
			for (yaml_node_pair_t *i = x->data.mapping.pairs.start, *j = y->data.mapping.pairs.start;
			     i < x->data.mapping.pairs.top; i++, j++) {
				assert_int_equal(i->key, j->key);
				assert_int_equal(i->value, j->value);
			}
			break;
		default:
			fail_msg("unexpected node type %d", x->type);
		}
	}
	assert_int_equal(a->start_implicit, b->start_implicit);
	assert_int_equal(a->end_implicit, b->end_implicit);
}

/* Parses text with libyaml directly, for comparison. */
static void libyaml_doc(const char *text, size_t len, yaml_document_t *doc)
{
	yaml_parser_t p;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	assert_true(yaml_parser_load(&p, doc));
	yaml_parser_delete(&p);
}

/* One process's life: parse (path, text) once, flush at its end; returns whether it was a hit. */
static bool one_run(const char *path, const char *text, size_t len)
{
	struct arena a;
	arena_init(&a);
	struct strbuf errs = STRBUF_INIT;
	struct ydoc y;
	bool hit = parse(path, text, len, &y, &a, &errs);
	assert_int_equal(errs.len, 0);
	ydoc_release(&y);
	strbuf_release(&errs);
	arena_release(&a);
	ysnap_flush();
	return hit;
}

static void hash_vectors(void **state)
{
	(void)state;
	/* the published xxHash64 test vectors */
	assert_true(ysnap_hash64("", 0, 0) == 0xEF46DB3751D8E999ull);
	assert_true(ysnap_hash64("a", 1, 0) == 0xD24EC4F1A98C6E5Bull);
	assert_true(ysnap_hash64("abc", 3, 0) == 0x44BC2CF5AD770999ull);
	assert_true(ysnap_hash64("Hello, World!", 13, 0) == 0xC49AACF8080FE47Full);
	assert_true(ysnap_hash64("Hello, World!", 13, 42) == 0xC2E0FE28B2512846ull);
	char big[2997];
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = "abc"[i % 3];
	assert_true(ysnap_hash64(big, sizeof(big), 0) == 0x933EB85613976467ull);
}

static void roundtrip_is_the_libyaml_tree(void **state)
{
	(void)state;
	char path[400];
	tu_fmt(path, "%s/demo.yaml", dir);
	size_t len = sizeof(doc_text) - 1;
	write_text(path, doc_text, len);
	assert_false(one_run(path, doc_text, len)); /* first process: parsed, then written */
	struct ysnap_stats st;
	ysnap_get_stats(&st);
	assert_true(st.wrote);
	assert_int_equal(st.misses, 1);
	ysnap_reset(); /* a later process */
	struct arena a;
	arena_init(&a);
	struct strbuf errs = STRBUF_INIT;
	struct ydoc y;
	assert_true(parse(path, doc_text, len, &y, &a, &errs));
	yaml_document_t ref;
	libyaml_doc(doc_text, len, &ref);
	assert_same_doc(&ref, &y.doc);
	yaml_document_delete(&ref);
	/* the typed getters see the same values: the name's NUL is a control character the loader refuses
	 * (naming it), never a name cut short at "Demo " */
	const char *name = NULL, *id = NULL;
	assert_true(yget_str(&y, ydoc_root(&y), "id", &id));
	assert_string_equal(id, "demo");
	assert_false(yget_str(&y, ydoc_root(&y), "name", &name));
	assert_null(name);
	assert_non_null(strstr(errs.buf, "'name' holds a control character (byte 0x00 at offset 5)"));
	ydoc_release(&y);
	ysnap_get_stats(&st);
	assert_true(st.loaded);
	assert_int_equal(st.hits, 1);
	ysnap_flush(); /* nothing new: the file is left alone */
	ysnap_get_stats(&st);
	assert_false(st.wrote);
	strbuf_release(&errs);
	arena_release(&a);
}

static void changed_source_is_a_miss(void **state)
{
	(void)state;
	char path[400];
	tu_fmt(path, "%s/c.yaml", dir);
	const char *v1 = "nodes: 4\nname: alpha\n", *v2 = "nodes: 8\nname: alpha\n"; /* same size */
	write_text(path, v1, strlen(v1));
	assert_false(one_run(path, v1, strlen(v1)));
	ysnap_reset();
	assert_true(one_run(path, v1, strlen(v1)));
	ysnap_reset();
	/* same path, same size, other bytes: parsed again, and the new value is what is seen */
	struct arena a;
	arena_init(&a);
	struct strbuf errs = STRBUF_INIT;
	struct ydoc y;
	assert_false(parse(path, v2, strlen(v2), &y, &a, &errs));
	int nodes = 0;
	assert_true(yget_int(&y, ydoc_root(&y), "nodes", 1, 100, &nodes));
	assert_int_equal(nodes, 8);
	ydoc_release(&y);
	ysnap_flush();
	ysnap_reset();
	/* the same bytes under another path are not taken from the entry of the first path */
	char other[400];
	tu_fmt(other, "%s/d.yaml", dir);
	assert_false(parse(other, v2, strlen(v2), &y, &a, &errs));
	ydoc_release(&y);
	assert_true(parse(path, v2, strlen(v2), &y, &a, &errs));
	ydoc_release(&y);
	strbuf_release(&errs);
	arena_release(&a);
}

static void errors_are_never_cached(void **state)
{
	(void)state;
	char path[400];
	tu_fmt(path, "%s/bad.yaml", dir);
	const char *bad = "a: [1, 2\nb: {\n", *two = "a: 1\n---\nb: 2\n";
	for (int run = 0; run < 2; run++) {
		struct arena a;
		arena_init(&a);
		struct strbuf errs = STRBUF_INIT;
		struct ydoc y;
		assert_int_equal(ydoc_parse(&y, &a, &errs, path, bad, strlen(bad)), -1);
		assert_contains(errs.buf, "invalid YAML");
		ydoc_release(&y);
		strbuf_reset(&errs);
		assert_false(parse(path, two, strlen(two), &y, &a, &errs));
		assert_contains(errs.buf, "more than one YAML document");
		ydoc_release(&y);
		strbuf_release(&errs);
		arena_release(&a);
		ysnap_flush();
		ysnap_reset();
	}
	struct stat st;
	assert_int_not_equal(stat(snapfile, &st), 0); /* nothing was worth writing */
}

/* Writes the snapshot of doc_text, damages the file with damage(), and checks that the next process
 * parses from YAML (the same tree), counts a rejection and rewrites a good file. */
static void check_damage(void (*damage)(void))
{
	char path[400];
	tu_fmt(path, "%s/demo.yaml", dir);
	size_t len = sizeof(doc_text) - 1;
	one_run(path, doc_text, len);
	ysnap_reset();
	damage();
	struct arena a;
	arena_init(&a);
	struct strbuf errs = STRBUF_INIT;
	struct ydoc y;
	assert_false(parse(path, doc_text, len, &y, &a, &errs));
	assert_int_equal(errs.len, 0);
	yaml_document_t ref;
	libyaml_doc(doc_text, len, &ref);
	assert_same_doc(&ref, &y.doc);
	yaml_document_delete(&ref);
	ydoc_release(&y);
	struct ysnap_stats st;
	ysnap_flush();
	ysnap_get_stats(&st);
	assert_true(st.wrote);
	ysnap_reset();
	assert_true(one_run(path, doc_text, len)); /* the rewritten file is good */
	ysnap_reset();
	strbuf_release(&errs);
	arena_release(&a);
}

static void flip_value_byte(void)
{
	static char buf[1 << 20];
	size_t n = read_all(snapfile, buf, sizeof(buf));
	assert_true(n > 64);
	/* a value's bytes inside the blob: the structure stays sound, only the checksum can tell */
	char *at = memmem(buf, n, "line one", 8);
	assert_non_null(at);
	at[0] ^= 0x40;
	write_text(snapfile, buf, n);
}

static void flip_header_byte(void)
{
	static char buf[1 << 20];
	size_t n = read_all(snapfile, buf, sizeof(buf));
	assert_true(n > 64);
	buf[40] ^= 0x01;
	write_text(snapfile, buf, n);
}

static void truncate_half(void)
{
	struct stat st;
	assert_int_equal(stat(snapfile, &st), 0);
	assert_int_equal(truncate(snapfile, st.st_size / 2), 0);
}

static void make_empty(void)
{
	assert_int_equal(truncate(snapfile, 0), 0);
}

static void foreign_bytes(void)
{
	char junk[4096];
	for (size_t i = 0; i < sizeof(junk); i++)
		junk[i] = (char)(i * 131 + 7);
	memcpy(junk, "MAPLESNP", 8); /* even with our magic */
	write_text(snapfile, junk, sizeof(junk));
}

static void corrupt_blob(void **state)
{
	(void)state;
	check_damage(flip_value_byte);
}

static void corrupt_header(void **state)
{
	(void)state;
	check_damage(flip_header_byte);
}

static void truncated(void **state)
{
	(void)state;
	check_damage(truncate_half);
}

static void empty_file(void **state)
{
	(void)state;
	check_damage(make_empty);
}

static void foreign_file(void **state)
{
	(void)state;
	check_damage(foreign_bytes);
}

static void other_version_never_reads_it(void **state)
{
	(void)state;
	char path[400];
	tu_fmt(path, "%s/v.yaml", dir);
	const char *t = "k: v\n";
	ysnap_reset_as("0.0.0-other");
	assert_false(one_run(path, t, strlen(t)));
	ysnap_reset_as("0.0.0-other");
	assert_true(one_run(path, t, strlen(t))); /* the other version reads its own */
	ysnap_reset();				  /* this version: not its snapshot */
	assert_false(one_run(path, t, strlen(t)));
	struct ysnap_stats st;
	ysnap_get_stats(&st);
	assert_false(st.loaded);
	assert_true(st.rejected >= 1);
	ysnap_reset();
	assert_true(one_run(path, t, strlen(t)));
}

static void unusable_cache_dir_changes_nothing(void **state)
{
	(void)state;
	char file[400], under[500], path[400];
	tu_fmt(file, "%s/plainfile", dir);
	write_text(file, "x", 1);
	tu_fmt(under, "%s/maple", file); /* a directory below a regular file: cannot exist, even for root */
	setenv("MAPLE_CACHE_DIR", under, 1);
	ysnap_reset();
	tu_fmt(path, "%s/u.yaml", dir);
	size_t len = sizeof(doc_text) - 1;
	for (int run = 0; run < 2; run++) {
		assert_false(one_run(path, doc_text, len));
		struct ysnap_stats st;
		ysnap_get_stats(&st);
		assert_false(st.wrote);
		ysnap_reset();
	}
	/* off: empty MAPLE_CACHE_DIR, or MAPLE_NO_SNAPSHOT */
	setenv("MAPLE_CACHE_DIR", "", 1);
	ysnap_reset();
	assert_string_equal(ysnap_path(), "");
	assert_false(one_run(path, doc_text, len));
	setenv("MAPLE_CACHE_DIR", cache, 1);
	setenv("MAPLE_NO_SNAPSHOT", "1", 1);
	ysnap_reset();
	assert_false(one_run(path, doc_text, len));
	struct stat st;
	assert_int_not_equal(stat(snapfile, &st), 0);
	unsetenv("MAPLE_NO_SNAPSHOT");
	ysnap_reset();
}

/* Many processes miss and write at once: the file is always whole, and no temporary file is left. */
static void concurrent_writers(void **state)
{
	(void)state;
	enum { NPROC = 8, ROUNDS = 5 };
	for (int round = 0; round < ROUNDS; round++) {
		pid_t pids[NPROC];
		for (int i = 0; i < NPROC; i++) {
			pids[i] = fork();
			assert_true(pids[i] >= 0);
			if (pids[i] == 0) {
				ysnap_reset();
				char path[400], text[64];
				snprintf(path, sizeof(path), "%s/p%d.yaml", dir, i);
				int n = snprintf(text, sizeof(text), "proc: %d\nround: %d\n", i, round);
				write_text(path, text, (size_t)n);
				struct arena a;
				arena_init(&a);
				struct strbuf errs = STRBUF_INIT;
				struct ydoc y;
				ydoc_parse(&y, &a, &errs, path, text, (size_t)n);
				int rc = errs.len ? 1 : 0;
				ydoc_release(&y);
				ysnap_flush();
				_exit(rc);
			}
		}
		for (int i = 0; i < NPROC; i++) {
			int ws;
			assert_int_equal(waitpid(pids[i], &ws, 0), pids[i]);
			assert_true(WIFEXITED(ws) && WEXITSTATUS(ws) == 0);
		}
		ysnap_reset();
		/* the last writer's file is whole: a document it holds is read from it without a rejection */
		char path[400], text[64];
		bool any = false;
		for (int i = 0; i < NPROC && !any; i++) {
			snprintf(path, sizeof(path), "%s/p%d.yaml", dir, i);
			int n = snprintf(text, sizeof(text), "proc: %d\nround: %d\n", i, round);
			struct arena a;
			arena_init(&a);
			struct strbuf errs = STRBUF_INIT;
			struct ydoc y;
			any = parse(path, text, (size_t)n, &y, &a, &errs);
			ydoc_release(&y);
			strbuf_release(&errs);
			arena_release(&a);
		}
		struct ysnap_stats st;
		ysnap_get_stats(&st);
		assert_true(st.loaded);
		assert_int_equal(st.rejected, 0);
		assert_true(any);
		ysnap_reset();
	}
	DIR *d = opendir(cache);
	assert_non_null(d);
	struct dirent *e;
	while ((e = readdir(d)))
		if (strstr(e->d_name, ".tmp"))
			fail_msg("temporary file left: %s", e->d_name);
	closedir(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hash_vectors),
		cmocka_unit_test_setup_teardown(roundtrip_is_the_libyaml_tree, setup, teardown),
		cmocka_unit_test_setup_teardown(changed_source_is_a_miss, setup, teardown),
		cmocka_unit_test_setup_teardown(errors_are_never_cached, setup, teardown),
		cmocka_unit_test_setup_teardown(corrupt_blob, setup, teardown),
		cmocka_unit_test_setup_teardown(corrupt_header, setup, teardown),
		cmocka_unit_test_setup_teardown(truncated, setup, teardown),
		cmocka_unit_test_setup_teardown(empty_file, setup, teardown),
		cmocka_unit_test_setup_teardown(foreign_file, setup, teardown),
		cmocka_unit_test_setup_teardown(other_version_never_reads_it, setup, teardown),
		cmocka_unit_test_setup_teardown(unusable_cache_dir_changes_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(concurrent_writers, setup, teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
