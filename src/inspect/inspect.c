/* inspect.c - the inspection run: walk, read/scan or reuse per file, merge, record. */
#include "inspect.h"

#include "cache.h"
#include "configs.h"
#include "deps.h"
#include "merge.h"
#include "pyscan.h"
#include "setupcfg.h"
#include "shscan.h"
#include "taskfiles.h"
#include "walk.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A JSON string, or "?" when s is not valid UTF-8 (json_string refuses it). */
static json_t *jstr_or(const char *s)
{
	json_t *v = json_string(s);
	return v ? v : json_string("?");
}

enum fstate { FS_NEW, FS_SAME, FS_TOUCHED, FS_MODIFIED, FS_UNREADABLE };

struct fwork {
	enum fstate state;
	char hash[24];
	json_t *facts;
	bool store; /* facts go to the cache */
};

static const char *basename_of(const char *rel)
{
	const char *s = strrchr(rel, '/');
	return s ? s + 1 : rel;
}

static json_t *skip_facts(const char *reason)
{
	json_t *f = json_object();
	json_object_set_new(f, "skip", json_string(reason));
	return f;
}

/* Reads a file (bounded) and scans it. Sets hash; returns the facts. *cacheable is false for
 * read errors (a permission fix does not change the mtime). */

/* Whether data is settings, one a line: at least 3 lines "name = value" or "name: value" (a name of letters,
 * digits, '_', '-' and '.'), and no other lines but blanks, comments and [sections] */
static bool key_value_lines(const char *data, size_t len)
{
	const char *p = data, *end = data + len;
	int kv = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *a = p, *b = nl ? nl : end;
		p = nl ? nl + 1 : end;
		while (a < b && isspace((unsigned char)*a))
			a++;
		while (b > a && isspace((unsigned char)b[-1]))
			b--;
		if (a == b || *a == '#' || *a == ';' || (*a == '[' && b[-1] == ']'))
			continue;
		const char *q = a;
		while (q < b && (isalnum((unsigned char)*q) || *q == '_' || *q == '-' || *q == '.'))
			q++;
		if (q == a)
			return false;
		while (q < b && *q == ' ')
			q++;
		if (q >= b || (*q != '=' && *q != ':') || (q + 1 < b && q[1] == '='))
			return false;
		kv++;
	}
	return kv >= 3;
}

static json_t *read_and_scan(const char *abs, const struct walk_file *f, char hash[24], bool *cacheable,
			     bool *did_read)
{
	*cacheable = true;
	*did_read = false;
	size_t limit = f->kind == FK_PYTHON ? INSPECT_MAX_PY_BYTES : INSPECT_MAX_CONFIG_BYTES;
	if ((uint64_t)f->size > limit) {
		snprintf(hash, 24, "size-%lld", (long long)f->size);
		struct strbuf r = STRBUF_INIT;
		strbuf_addf(&r, "larger than %zu MiB (%lld bytes): not read%s", limit >> 20, (long long)f->size,
			    f->kind == FK_PYTHON ? "" : " (data files are not configs)");
		json_t *j = skip_facts(r.buf);
		strbuf_release(&r);
		return j;
	}
	int fd = open(abs, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		*cacheable = false;
		snprintf(hash, 24, "unreadable");
		struct strbuf r = STRBUF_INIT;
		strbuf_addf(&r, "cannot read: %s", strerror(errno));
		json_t *j = skip_facts(r.buf);
		strbuf_release(&r);
		return j;
	}
	struct strbuf data = STRBUF_INIT;
	strbuf_grow(&data, (size_t)f->size + 1);
	ssize_t n;
	bool failed = false;
	for (;;) {
		strbuf_grow(&data, 65536);
		n = read(fd, data.buf + data.len, data.alloc - data.len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			failed = true;
			break;
		}
		if (n == 0)
			break;
		data.len += (size_t)n;
		if (data.len > limit)
			break;
	}
	int saved = errno;
	close(fd);
	data.buf[data.len] = '\0';
	*did_read = true;
	if (failed) {
		*cacheable = false;
		snprintf(hash, 24, "unreadable");
		struct strbuf r = STRBUF_INIT;
		strbuf_addf(&r, "cannot read: %s", strerror(saved));
		json_t *j = skip_facts(r.buf);
		strbuf_release(&r);
		strbuf_release(&data);
		return j;
	}
	snprintf(hash, 24, "%016llx", (unsigned long long)fnv1a64(data.buf, data.len, FNV1A64_INIT));
	json_t *facts;
	if (data.len > limit) {
		facts = skip_facts("grew past the size limit while being read: not read");
	} else if (memchr(data.buf, '\0', data.len < 8192 ? data.len : 8192)) {
		facts = skip_facts("binary file (a NUL byte in the first 8 KiB): not read");
	} else {
		facts = json_object();
		switch (f->kind) {
		case FK_PYTHON: {
			size_t rl = strlen(f->rel);
			char *nb = rl > 6 && !strcmp(f->rel + rl - 6, ".ipynb") ? notebook_python(data.buf, data.len) : NULL;
			json_object_set_new(facts, "py", nb ? pyscan(nb, strlen(nb)) : pyscan(data.buf, data.len));
			free(nb);
			break;
		}
		case FK_TEXT: { /* read by what the command runs (merge_taskfiles.c, merge_argfiles.c) */
			json_t *t = json_stringn(data.buf, data.len < 262144 ? data.len : 262144);
			json_object_set_new(facts, "text", t ? t : json_string(""));
			break;
		}
		case FK_CONFIG: {
			int fmt = config_format_of(basename_of(f->rel));
			size_t sp = 0;
			while (sp < data.len && strchr(" \t\r\n", data.buf[sp]))
				sp++;
			if (fmt < 0 && sp < data.len && data.buf[sp] == '{')
				fmt = CF_JSON; /* a .conf file that is JSON */
			if (fmt < 0 && key_value_lines(data.buf, data.len))
				fmt = CF_INI; /* configargparse's "key = value" lines (a .txt or .conf of settings) */
			if (fmt < 0) { /* any other .conf: nothing to read, and nothing to report */
				json_object_set_new(facts, "config", config_scan(CF_JSON, "{}", 2));
				break;
			}
			json_object_set_new(facts, "config", config_scan((enum config_format)fmt, data.buf, data.len));
			if (fmt == CF_YAML && task_yaml_kind(data.buf, data.len) >= 0) { /* a SkyPilot task, a Kubernetes job */
				json_t *t = json_stringn(data.buf, data.len < 262144 ? data.len : 262144);
				json_object_set_new(facts, "text", t ? t : json_string(""));
			}
			break;
		}
		case FK_ENVIRONMENT:
			json_object_set_new(facts, "deps", deps_scan(f->kind, data.buf, data.len));
			break;
		case FK_REQUIREMENTS:
			json_object_set_new(facts, "deps", deps_scan(f->kind, data.buf, data.len));
			break;
		case FK_SHELL:
			json_object_set_new(facts, "sh", shscan(data.buf, data.len));
			break;
		case FK_RECIPES: { /* its text: the target to run is known only with the command (merge_recipes.c) */
			json_t *t = json_stringn(data.buf, data.len < 262144 ? data.len : 262144);
			json_object_set_new(facts, "recipes", t ? t : json_string(""));
			break;
		}
		case FK_SETUPCFG: /* its console scripts, where setup.py's are (pyscan's entry_points) */
			json_object_set_new(facts, "py", setupcfg_scan(data.buf, data.len));
			break;
		case FK_PYPROJECT:
			json_object_set_new(facts, "deps", deps_scan(f->kind, data.buf, data.len));
			json_object_set_new(facts, "config", config_scan(CF_TOML, data.buf, data.len));
			break;
		}
	}
	strbuf_release(&data);
	return facts;
}

static void add_skip(json_t *skipped, const char *path, const char *reason)
{
	json_t *o = json_object();
	json_object_set_new(o, "path", jstr_or(path));
	json_object_set_new(o, "reason", json_string(reason));
	json_array_append_new(skipped, o);
}

/* The argument files of cmd: argparse's @FILE and absl's --flagfile=FILE / --flagfile FILE words, added to
 * the walk (the files they name inside are the merge's: merge_argfiles.c reads them from the walk). */
static void named_files(const char *root, const char *cmd, struct walk_result *w)
{
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(cmd, strlen(cmd), &ws);
	for (size_t i = 0; i < ws.nr; i++) {
		const char *v = ws.v[i].value, *f = NULL;
		if (v[0] == '@' && v[1])
			f = v + 1;
		else if (!strncmp(v, "--flagfile=", 11) || !strncmp(v, "-flagfile=", 10))
			f = strchr(v, '=') + 1;
		else if ((!strcmp(v, "--flagfile") || !strcmp(v, "-flagfile")) && i + 1 < ws.nr)
			f = ws.v[i + 1].value;
		while (f && !strncmp(f, "./", 2))
			f += 2;
		if (f)
			walk_add_named(root, f, w);
	}
	shwords_release(&ws);
}

static char *digest_of(const struct walk_result *w, const struct fwork *fw, const char *cmd)
{
	uint64_t h = FNV1A64_INIT;
	char v[32];
	snprintf(v, sizeof(v), "v%d", INSPECT_SCANNER_VERSION);
	h = fnv1a64(v, strlen(v) + 1, h);
	if (cmd)
		h = fnv1a64(cmd, strlen(cmd) + 1, h);
	for (size_t i = 0; i < w->n; i++) {
		h = fnv1a64(w->files[i].rel, strlen(w->files[i].rel) + 1, h);
		h = fnv1a64(fw[i].hash, strlen(fw[i].hash) + 1, h);
	}
	char *out = xmalloc(24);
	snprintf(out, 24, "%016llx", (unsigned long long)h);
	return out;
}

json_t *inspect_run(const char *dir, const struct inspect_opts *o, struct inspect_stats *st, struct strvec *warnings,
		    struct maple_error *err)
{
	memset(st, 0, sizeof(*st));
	char root[PATH_MAX];
	if (!realpath(dir, root))
		return errorf(err, "cannot inspect '%s': %s (give the job's working directory)", dir, strerror(errno)),
		       NULL;
	struct walk_result w;
	walk_result_init(&w);
	if (walk_dir(root, NULL, &w, err) < 0) {
		walk_result_release(&w);
		return NULL;
	}
	/* files the command names as argument files, whatever their names (`@args/x.txt`, `--flagfile=x.cfg`) */
	if (o->cmd)
		named_files(root, o->cmd, &w);
	st->files = w.n;
	/* the cache */
	struct icache *c = NULL;
	int64_t repo_id = -1;
	struct icache_row *rows = NULL;
	size_t nrows = 0;
	if (!o->no_cache) {
		struct strbuf p = STRBUF_INIT;
		struct maple_error e;
		if (o->cache_path)
			strbuf_adds(&p, o->cache_path);
		if ((o->cache_path || icache_default_path(&p, &e) == 0) && (c = icache_open(p.buf, &e)) &&
		    icache_repo(c, root, &repo_id, &e) == 0 && icache_rows(c, repo_id, &rows, &nrows, &e) == 0) {
			st->cache_used = true;
			snprintf(st->cache_path, sizeof(st->cache_path), "%s", p.buf);
		} else {
			strvec_pushf(warnings, "%s; inspecting without the cache", e.text);
			icache_close(c);
			c = NULL;
		}
		strbuf_release(&p);
	}
	struct fwork *fw = xcalloc(w.n + 1, sizeof(*fw));
	struct strbuf abs = STRBUF_INIT;
	size_t r = 0;
	json_t *removed = json_array(), *added = json_array(), *modified = json_array();
	bool any_change = false;
	for (size_t i = 0; i < w.n; i++) {
		const struct walk_file *f = &w.files[i];
		while (r < nrows && strcmp(rows[r].rel, f->rel) < 0) {
			json_array_append_new(removed, json_string(rows[r].rel));
			r++;
		}
		const struct icache_row *row = r < nrows && !strcmp(rows[r].rel, f->rel) ? &rows[r++] : NULL;
		if (row && row->scanner == INSPECT_SCANNER_VERSION && row->size == f->size &&
		    row->mtime_ns == f->mtime_ns && row->ino == f->ino) {
			fw[i].state = FS_SAME;
			snprintf(fw[i].hash, sizeof(fw[i].hash), "%s", row->hash);
			continue;
		}
		strbuf_reset(&abs);
		strbuf_addf(&abs, "%s/%s", root, f->rel);
		bool cacheable, did_read;
		json_t *facts = read_and_scan(abs.buf, f, fw[i].hash, &cacheable, &did_read);
		st->read += did_read;
		if (row && row->scanner == INSPECT_SCANNER_VERSION && cacheable && !strcmp(row->hash, fw[i].hash)) {
			fw[i].state = FS_TOUCHED; /* same content: the cached facts still hold */
			json_decref(facts);
			any_change = true;
			continue;
		}
		st->scanned++;
		fw[i].facts = facts;
		fw[i].store = cacheable;
		fw[i].state = !cacheable ? FS_UNREADABLE : row ? FS_MODIFIED : FS_NEW;
		json_array_append_new(row ? modified : added, json_string(f->rel));
		any_change = true;
	}
	for (; r < nrows; r++)
		json_array_append_new(removed, json_string(rows[r].rel));
	st->removed = json_array_size(removed);
	any_change = any_change || st->removed;
	char *digest = digest_of(&w, fw, o->cmd);
	json_t *result = NULL;
	char *last_digest = NULL, *last_result = NULL;
	if (c && !any_change) {
		struct maple_error e;
		if (icache_last(c, repo_id, &last_digest, &last_result, &e) == 0 && last_digest &&
		    !strcmp(last_digest, digest))
			result = json_loads(last_result, 0, NULL);
		st->unchanged = result != NULL;
	}
	if (!result) {
		struct inspect_file *files = xcalloc(w.n + 1, sizeof(*files));
		json_t *skipped = json_array();
		for (size_t i = 0; i < w.skipped.nr; i++) {
			char *tab = strchr(w.skipped.v[i], '\t');
			*tab = '\0';
			add_skip(skipped, w.skipped.v[i], tab + 1);
			*tab = '\t';
		}
		for (size_t i = 0; i < w.n; i++) {
			files[i].rel = w.files[i].rel;
			files[i].kind = w.files[i].kind;
			if (!fw[i].facts && c) {
				char *text = icache_facts(c, repo_id, w.files[i].rel);
				fw[i].facts = text ? json_loads(text, 0, NULL) : NULL;
				free(text);
			}
			if (!fw[i].facts) { /* the cache lost it between two reads: read it again */
				strbuf_reset(&abs);
				strbuf_addf(&abs, "%s/%s", root, w.files[i].rel);
				bool cacheable, did_read;
				fw[i].facts = read_and_scan(abs.buf, &w.files[i], fw[i].hash, &cacheable, &did_read);
				fw[i].store = cacheable;
			}
			files[i].facts = fw[i].facts;
			const char *skip = json_string_value(json_object_get(fw[i].facts, "skip"));
			if (skip)
				add_skip(skipped, w.files[i].rel, skip);
			const char *cerr = json_string_value(json_object_get(json_object_get(fw[i].facts, "config"), "error"));
			if (cerr) {
				struct strbuf n = STRBUF_INIT;
				strbuf_addf(&n, "%s (read up to that point)", cerr);
				add_skip(skipped, w.files[i].rel, n.buf);
				strbuf_release(&n);
			}
		}
		result = inspect_merge(files, w.n, o->cmd);
		json_object_set_new(result, "skipped", skipped);
		free(files);
	}
	json_object_set_new(result, "dir", jstr_or(root));
	json_object_set_new(result, "files", json_integer((json_int_t)w.n));
	if (c) {
		struct maple_error e;
		json_t *changes = json_object();
		json_object_set_new(changes, "added", added);
		json_object_set_new(changes, "modified", modified);
		json_object_set_new(changes, "removed", removed);
		added = modified = removed = NULL;
		char *rtext = json_dumps(result, JSON_COMPACT | JSON_SORT_KEYS);
		char *ctext = json_dumps(changes, JSON_COMPACT);
		bool ok = icache_begin(c, &e) == 0;
		for (size_t i = 0; ok && i < w.n; i++) {
			const struct walk_file *f = &w.files[i];
			if (fw[i].state == FS_TOUCHED) {
				ok = icache_update_stat(c, repo_id, f->rel, f->size, f->mtime_ns, f->ino, &e) == 0;
			} else if ((fw[i].state == FS_NEW || fw[i].state == FS_MODIFIED) && fw[i].store) {
				char *ftext = json_dumps(fw[i].facts, JSON_COMPACT);
				ok = ftext && icache_put_file(c, repo_id, f->rel, f->size, f->mtime_ns, f->ino, fw[i].hash,
							      INSPECT_SCANNER_VERSION, ftext, &e) == 0;
				free(ftext);
			}
		}
		size_t k;
		json_t *gone;
		json_array_foreach(json_object_get(changes, "removed"), k, gone) if (ok) ok =
			icache_delete_file(c, repo_id, json_string_value(gone), &e) == 0;
		if (ok)
			ok = icache_add_inspection(c, repo_id, o->cmd, digest, rtext, ctext, &e) == 0;
		if (ok)
			ok = icache_commit(c, &e) == 0;
		if (!ok) {
			icache_rollback(c);
			strvec_pushf(warnings, "%s; this inspection was not recorded", e.text);
		}
		free(rtext);
		free(ctext);
		json_decref(changes);
	}
	json_decref(added);
	json_decref(modified);
	json_decref(removed);
	free(last_digest);
	free(last_result);
	free(digest);
	for (size_t i = 0; i < w.n; i++)
		json_decref(fw[i].facts);
	free(fw);
	strbuf_release(&abs);
	icache_rows_free(rows, nrows);
	icache_close(c);
	walk_result_release(&w);
	return result;
}

static char *show(json_t *v)
{
	if (!v)
		return xstrdup("(none)");
	char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
	return s ? s : xstrdup("?");
}

static void diff_value(json_t *out, const char *field, json_t *a, json_t *b)
{
	if (json_equal(a, b) || (!a && json_is_null(b)) || (json_is_null(a) && !b))
		return;
	char *sa = show(a), *sb = show(b);
	struct strbuf line = STRBUF_INIT;
	strbuf_addf(&line, "%s: %s -> %s", field, sa, sb);
	json_array_append_new(out, jstr_or(line.buf));
	strbuf_release(&line);
	free(sa);
	free(sb);
}

json_t *inspect_diff(json_t *older, json_t *newer)
{
	json_t *out = json_array();
	static const char *const scalars[] = {"entry", "framework", "strategy", "model", "precision", "datasets",
					      "outputs", NULL};
	for (int i = 0; scalars[i]; i++)
		diff_value(out, scalars[i], json_object_get(older, scalars[i]), json_object_get(newer, scalars[i]));
	static const char *const maps[] = {"hyperparameters", "dependencies", "model_config", NULL};
	for (int i = 0; maps[i]; i++) {
		json_t *a = json_object_get(older, maps[i]), *b = json_object_get(newer, maps[i]);
		const char *k;
		json_t *v;
		struct strbuf f = STRBUF_INIT;
		json_object_foreach(a, k, v)
		{
			strbuf_reset(&f);
			strbuf_addf(&f, "%s.%s", maps[i], k);
			diff_value(out, f.buf, v, json_object_get(b, k));
		}
		json_object_foreach(b, k, v) if (!json_object_get(a, k))
		{
			strbuf_reset(&f);
			strbuf_addf(&f, "%s.%s", maps[i], k);
			diff_value(out, f.buf, NULL, v);
		}
		strbuf_release(&f);
	}
	return out;
}

int inspect_history(const char *dir, const char *cache_path, json_t **out, struct maple_error *err)
{
	*out = NULL;
	char root[PATH_MAX];
	if (!realpath(dir, root))
		return errorf(err, "cannot read the history of '%s': %s (give the directory that was inspected)", dir,
			      strerror(errno));
	struct strbuf p = STRBUF_INIT;
	if (cache_path)
		strbuf_adds(&p, cache_path);
	else if (icache_default_path(&p, err) < 0) {
		strbuf_release(&p);
		return -1;
	}
	struct icache *c = icache_open(p.buf, err);
	strbuf_release(&p);
	if (!c)
		return -1;
	json_t *h;
	int rc = icache_history(c, root, &h, err);
	icache_close(c);
	if (rc < 0) {
		json_decref(h);
		return -1;
	}
	json_t *prev = NULL;
	size_t i;
	json_t *e;
	json_array_foreach(h, i, e)
	{
		json_t *r = json_object_get(e, "result");
		json_object_set_new(e, "diff", prev ? inspect_diff(prev, r) : json_array());
		prev = r;
	}
	*out = h;
	return 0;
}
