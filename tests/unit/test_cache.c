/* test_cache.c - src/inspect: the directory walk (limits, loops, skips), the SQLite cache (schema,
 * rows, a changed file re-read alone, history) and two processes writing one store at once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "inspect/cache.h"
#include "inspect/inspect.h"
#include "inspect/walk.h"

#include "testutil.h"

static void walk_limits_and_loops(void **state)
{
	(void)state;
	char *d = tu_mkdtemp();
	char p[4096];
	tu_write(d, "a/train.py", "import torch\n");
	tu_write(d, "a/b/c/d/deep.py", "x = 1\n");
	tu_write(d, "cfg.yaml", "a: 1\n");
	tu_write(d, "README.md", "not inspected\n");
	tu_write(d, ".git/config.yaml", "hidden: 1\n");
	tu_write(d, "__pycache__/x.py", "x\n");
	for (int i = 0; i < 5; i++) {
		char rel[64];
		snprintf(rel, sizeof(rel), "many/f%d.py", i);
		tu_write(d, rel, "x = 1\n");
	}
	tu_fmt(p, "%s/a/b/up", d);
	assert_int_equal(symlink("../..", p), 0);
	struct walk_result w;
	walk_result_init(&w);
	struct walk_limits lim = {6, 3};
	struct maple_error err;
	assert_int_equal(walk_dir(d, &lim, &w, &err), 0);
	assert_int_equal(w.n, 6);
	for (size_t i = 0; i + 1 < w.n; i++)
		assert_true(strcmp(w.files[i].rel, w.files[i + 1].rel) < 0);
	struct strbuf all = STRBUF_INIT;
	for (size_t i = 0; i < w.skipped.nr; i++)
		strbuf_addf(&all, "%s\n", w.skipped.v[i]);
	assert_contains(all.buf, "more than 6 files");
	assert_contains(all.buf, "deeper than 3");
	assert_contains(all.buf, "symlink loop");
	for (size_t i = 0; i < w.n; i++) {
		assert_not_contains(w.files[i].rel, ".git");
		assert_not_contains(w.files[i].rel, "__pycache__");
		assert_not_contains(w.files[i].rel, "README");
	}
	strbuf_release(&all);
	walk_result_release(&w);
	assert_int_equal(walk_dir("/nonexistent/dir", NULL, &w, &err), -1);
	assert_contains(err.text, "working directory");
	tu_rm_rf(d);
	free(d);
}

static void store_rows_and_history(void **state)
{
	(void)state;
	char *d = tu_mkdtemp();
	char db[4096];
	tu_fmt(db, "%s/state/sub/inspect.db", d);
	struct maple_error err;
	struct icache *c = icache_open(db, &err);
	if (!c)
		fail_msg("%s", err.text);
	int64_t id, id2;
	assert_int_equal(icache_repo(c, "/some/repo", &id, &err), 0);
	assert_int_equal(icache_repo(c, "/some/repo", &id2, &err), 0);
	assert_true(id == id2);
	assert_int_equal(icache_begin(c, &err), 0);
	assert_int_equal(icache_put_file(c, id, "b.py", 10, 20, 30, "h1", 1, "{\"py\":{}}", &err), 0);
	assert_int_equal(icache_put_file(c, id, "a.py", 1, 2, 3, "h0", 1, "{}", &err), 0);
	assert_int_equal(icache_add_inspection(c, id, NULL, "d1", "{\"model\":\"gpt2\"}", "{}", &err), 0);
	assert_int_equal(icache_commit(c, &err), 0);
	struct icache_row *rows;
	size_t n;
	assert_int_equal(icache_rows(c, id, &rows, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_string_equal(rows[0].rel, "a.py");
	assert_true(rows[1].size == 10 && rows[1].mtime_ns == 20 && rows[1].ino == 30);
	icache_rows_free(rows, n);
	char *facts = icache_facts(c, id, "b.py");
	assert_string_equal(facts, "{\"py\":{}}");
	free(facts);
	assert_null(icache_facts(c, id, "none.py"));
	char *dg, *res;
	assert_int_equal(icache_last(c, id, &dg, &res, &err), 0);
	assert_string_equal(dg, "d1");
	free(dg);
	free(res);
	icache_close(c);
	/* reopening keeps everything; a newer schema is refused */
	c = icache_open(db, &err);
	assert_non_null(c);
	json_t *h;
	assert_int_equal(icache_history(c, "/some/repo", &h, &err), 0);
	assert_int_equal(json_array_size(h), 1);
	json_decref(h);
	icache_close(c);
	char *out = NULL;
	char cmd[8192];
	tu_fmt(cmd, "sqlite3 '%s' 'UPDATE schema_version SET version = 7' && echo ok", db);
	out = tu_run_bash(cmd, d);
	free(out);
	assert_null(icache_open(db, &err));
	assert_contains(err.text, "newer maple (schema 7");
	/* an impossible directory */
	assert_null(icache_open("/proc/no/such/dir/inspect.db", &err));
	assert_contains(err.text, "MAPLE_STATE_DIR");
	assert_int_equal(fnv1a64("", 0, FNV1A64_INIT), FNV1A64_INIT);
	assert_true(fnv1a64("a", 1, FNV1A64_INIT) == 0xaf63dc4c8601ec8cULL); /* the FNV-1a 64 test vector */
	tu_rm_rf(d);
	free(d);
}

static void inspect_reads_only_changes(void **state)
{
	(void)state;
	char *d = tu_mkdtemp();
	char repo[4096], db[4096];
	tu_fmt(repo, "%s/repo", d);
	tu_fmt(db, "%s/inspect.db", d);
	tu_write(repo, "train.py", "import torch\nimport argparse\np = argparse.ArgumentParser()\n"
				   "p.add_argument('--lr', default=0.1)\nif __name__ == '__main__':\n    pass\n");
	tu_write(repo, "util.py", "x = 1\n");
	tu_write(repo, "requirements.txt", "torch==2.1\n");
	struct inspect_opts o = {NULL, false, db};
	struct inspect_stats st;
	struct strvec warn = STRVEC_INIT;
	struct maple_error err;
	json_t *r = inspect_run(repo, &o, &st, &warn, &err);
	assert_non_null(r);
	assert_int_equal(warn.nr, 0);
	assert_int_equal(st.read, 3);
	json_decref(r);
	r = inspect_run(repo, &o, &st, &warn, &err);
	assert_true(st.unchanged);
	assert_int_equal(st.read, 0);
	json_decref(r);
	sleep(0); /* mtimes are in ns; the size changes anyway */
	tu_write(repo, "train.py", "import torch\nimport argparse\np = argparse.ArgumentParser()\n"
				   "p.add_argument('--lr', default=0.25)\nif __name__ == '__main__':\n    pass\n");
	r = inspect_run(repo, &o, &st, &warn, &err);
	assert_false(st.unchanged);
	assert_int_equal(st.read, 1);
	assert_int_equal(st.scanned, 1);
	assert_true(json_real_value(json_object_get(json_object_get(r, "hyperparameters"), "lr")) == 0.25);
	assert_string_equal(json_string_value(json_object_get(json_object_get(r, "dependencies"), "torch")), "==2.1");
	json_decref(r);
	json_t *h;
	assert_int_equal(inspect_history(repo, db, &h, &err), 0);
	assert_int_equal(json_array_size(h), 3);
	json_t *diff = json_object_get(json_array_get(h, 2), "diff");
	assert_int_equal(json_array_size(diff), 1);
	assert_string_equal(json_string_value(json_array_get(diff, 0)), "hyperparameters.lr: 0.10000000000000001 -> 0.25");
	json_decref(h);
	strvec_clear(&warn);
	tu_rm_rf(d);
	free(d);
}

/* Two processes record inspections of two repositories in one store at the same time. */
static void two_writers(void **state)
{
	(void)state;
	char *d = tu_mkdtemp();
	char db[4096];
	tu_fmt(db, "%s/inspect.db", d);
	for (int k = 0; k < 2; k++) {
		char rel[64];
		for (int i = 0; i < 30; i++) {
			snprintf(rel, sizeof(rel), "r%d/m%d.py", k, i);
			tu_write(d, rel, "import torch\nx = 1\n");
		}
	}
	pid_t kids[2];
	for (int k = 0; k < 2; k++) {
		kids[k] = fork();
		assert_true(kids[k] >= 0);
		if (kids[k] == 0) {
			char repo[4096];
			snprintf(repo, sizeof(repo), "%s/r%d", d, k);
			struct inspect_opts o = {NULL, false, db};
			int bad = 0;
			for (int round = 0; round < 6; round++) {
				struct inspect_stats st;
				struct strvec warn = STRVEC_INIT;
				struct maple_error err;
				json_t *r = inspect_run(repo, &o, &st, &warn, &err);
				bad += !r || warn.nr;
				json_decref(r);
				strvec_clear(&warn);
				char f[4200];
				snprintf(f, sizeof(f), "%s/m%d.py", repo, round);
				FILE *fp = fopen(f, "a");
				fputs("y = 2\n", fp);
				fclose(fp);
			}
			_exit(bad ? 1 : 0);
		}
	}
	for (int k = 0; k < 2; k++) {
		int status;
		assert_int_equal(waitpid(kids[k], &status, 0), kids[k]);
		assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
	for (int k = 0; k < 2; k++) {
		char repo[4096];
		tu_fmt(repo, "%s/r%d", d, k);
		json_t *h;
		struct maple_error err;
		assert_int_equal(inspect_history(repo, db, &h, &err), 0);
		assert_int_equal(json_array_size(h), 6);
		json_decref(h);
	}
	char cmd[8192];
	tu_fmt(cmd, "sqlite3 '%s' 'PRAGMA integrity_check'", db);
	char *out = tu_run_bash(cmd, d);
	assert_string_equal(out, "ok\n");
	free(out);
	tu_rm_rf(d);
	free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(walk_limits_and_loops),
		cmocka_unit_test(store_rows_and_history),
		cmocka_unit_test(inspect_reads_only_changes),
		cmocka_unit_test(two_writers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
