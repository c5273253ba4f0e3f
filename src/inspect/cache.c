/* cache.c - the SQLite store of cache.h. */
#include "cache.h"

#include "../util/sqlwait.h"
#include "../util/fsutil.h"

#include "../util/xalloc.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

struct icache {
	sqlite3 *db;
	char *path;
	sqlite3_stmt *facts_stmt;
};

uint64_t fnv1a64(const void *data, size_t len, uint64_t h)
{
	const unsigned char *p = data;
	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

int icache_default_path(struct strbuf *out, struct maple_error *err)
{
	struct maple_error why = {0};
	if (maple_state_dir(out, &why) < 0) /* HOME unset, or not a directory: say which */
		return errorf(err, "no place for the inspection cache: %s; or use --no-cache",
			      strncmp(why.text, "no place for maple's state: ", 28) ? why.text : why.text + 28);
	strbuf_adds(out, "/inspect.db");
	return 0;
}

static int sqlerr(struct icache *c, struct maple_error *err, const char *what)
{
	return errorf(err, "the inspection cache %s: %s failed: %s (remove the file or set MAPLE_STATE_DIR; --no-cache "
			   "skips it)",
		      c->path, what, sqlite3_errmsg(c->db));
}

static int exec(struct icache *c, const char *sql, struct maple_error *err)
{
	char *msg = NULL;
	if (sqlite3_exec(c->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
		errorf(err, "the inspection cache %s: %s (remove the file or set MAPLE_STATE_DIR; --no-cache skips it)",
		       c->path, msg ? msg : sqlite3_errmsg(c->db));
		sqlite3_free(msg);
		return -1;
	}
	return 0;
}

static const char schema_sql[] =
	"CREATE TABLE IF NOT EXISTS schema_version(version INTEGER NOT NULL);"
	"CREATE TABLE IF NOT EXISTS repos(id INTEGER PRIMARY KEY, path TEXT UNIQUE NOT NULL);"
	"CREATE TABLE IF NOT EXISTS files(repo_id INTEGER NOT NULL REFERENCES repos(id), rel TEXT NOT NULL,"
	" size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL, ino INTEGER NOT NULL, hash TEXT NOT NULL,"
	" scanner INTEGER NOT NULL, facts TEXT NOT NULL, PRIMARY KEY(repo_id, rel)) WITHOUT ROWID;"
	"CREATE TABLE IF NOT EXISTS inspections(id INTEGER PRIMARY KEY, repo_id INTEGER NOT NULL REFERENCES repos(id),"
	" at INTEGER NOT NULL, command TEXT, digest TEXT NOT NULL, result TEXT NOT NULL, changes TEXT NOT NULL);"
	"CREATE INDEX IF NOT EXISTS inspections_repo ON inspections(repo_id, id);";

struct icache *icache_open(const char *path, struct maple_error *err)
{
	struct icache *c = xcalloc(1, sizeof(*c));
	c->path = xstrdup(path);
	char *slash = strrchr(c->path, '/');
	if (slash && slash != c->path) {
		*slash = '\0';
		int rc = make_dirs(c->path, 0700);
		*slash = '/';
		if (rc < 0) {
			errorf(err, "cannot create the directory of the inspection cache %s: %s (set MAPLE_STATE_DIR to a "
				    "writable directory, or use --no-cache)",
			       path, strerror(errno));
			free(c->path);
			free(c);
			return NULL;
		}
	}
	if (sqlite3_open_v2(path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) !=
	    SQLITE_OK) {
		errorf(err, "cannot open the inspection cache %s: %s (set MAPLE_STATE_DIR to a writable directory, or use "
			    "--no-cache)",
		       path, c->db ? sqlite3_errmsg(c->db) : "out of memory");
		icache_close(c);
		return NULL;
	}
	sqlite3_busy_timeout(c->db, 15000);
	/* several processes opening a new cache at once get SQLITE_BUSY here without the busy handler */
	if (sqlite_exec_wait(c->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;", 15000,
			     NULL) != SQLITE_OK) {
		errorf(err, "the inspection cache %s: %s (remove the file or set MAPLE_STATE_DIR; --no-cache skips it)", path,
		       sqlite3_errmsg(c->db));
		icache_close(c);
		return NULL;
	}
	if (exec(c, "BEGIN IMMEDIATE", err) < 0) {
		icache_close(c);
		return NULL;
	}
	if (exec(c, schema_sql, err) < 0) {
		icache_rollback(c);
		icache_close(c);
		return NULL;
	}
	sqlite3_stmt *st;
	int version = -1;
	if (sqlite3_prepare_v2(c->db, "SELECT max(version) FROM schema_version", -1, &st, NULL) == SQLITE_OK) {
		if (sqlite3_step(st) == SQLITE_ROW && sqlite3_column_type(st, 0) != SQLITE_NULL)
			version = sqlite3_column_int(st, 0);
		sqlite3_finalize(st);
	}
	if (version > ICACHE_SCHEMA) {
		errorf(err, "the inspection cache %s was written by a newer maple (schema %d; this one knows %d): use that "
			    "maple, or remove the file, or set MAPLE_STATE_DIR elsewhere",
		       path, version, ICACHE_SCHEMA);
		icache_rollback(c);
		icache_close(c);
		return NULL;
	}
	if (version < 0 && exec(c, "INSERT INTO schema_version(version) VALUES (1)", err) < 0) {
		icache_rollback(c);
		icache_close(c);
		return NULL;
	}
	if (exec(c, "COMMIT", err) < 0) {
		icache_close(c);
		return NULL;
	}
	return c;
}

void icache_close(struct icache *c)
{
	if (!c)
		return;
	sqlite3_finalize(c->facts_stmt);
	sqlite3_close(c->db);
	free(c->path);
	free(c);
}

const char *icache_path(const struct icache *c)
{
	return c->path;
}

int icache_begin(struct icache *c, struct maple_error *err)
{
	return exec(c, "BEGIN IMMEDIATE", err);
}

int icache_commit(struct icache *c, struct maple_error *err)
{
	return exec(c, "COMMIT", err);
}

void icache_rollback(struct icache *c)
{
	sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
}

static int64_t repo_lookup(struct icache *c, const char *root)
{
	sqlite3_stmt *st;
	int64_t id = -1;
	if (sqlite3_prepare_v2(c->db, "SELECT id FROM repos WHERE path = ?", -1, &st, NULL) != SQLITE_OK)
		return -2;
	sqlite3_bind_text(st, 1, root, -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return id;
}

int icache_repo(struct icache *c, const char *root, int64_t *repo_id, struct maple_error *err)
{
	int64_t id = repo_lookup(c, root);
	if (id >= 0) {
		*repo_id = id;
		return 0;
	}
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db, "INSERT OR IGNORE INTO repos(path) VALUES (?)", -1, &st, NULL) != SQLITE_OK)
		return sqlerr(c, err, "adding the repository");
	sqlite3_bind_text(st, 1, root, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return sqlerr(c, err, "adding the repository");
	id = repo_lookup(c, root);
	if (id < 0)
		return sqlerr(c, err, "adding the repository");
	*repo_id = id;
	return 0;
}

int icache_rows(struct icache *c, int64_t repo_id, struct icache_row **rows, size_t *n, struct maple_error *err)
{
	*rows = NULL;
	*n = 0;
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db,
			       "SELECT rel, size, mtime_ns, ino, hash, scanner FROM files WHERE repo_id = ? ORDER BY rel",
			       -1, &st, NULL) != SQLITE_OK)
		return sqlerr(c, err, "reading the file list");
	sqlite3_bind_int64(st, 1, repo_id);
	size_t cap = 0;
	int rc;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (*n == cap) {
			cap = cap ? cap * 2 : 256;
			*rows = xrealloc(*rows, cap * sizeof(**rows));
		}
		struct icache_row *r = &(*rows)[(*n)++];
		r->rel = xstrdup((const char *)sqlite3_column_text(st, 0));
		r->size = sqlite3_column_int64(st, 1);
		r->mtime_ns = sqlite3_column_int64(st, 2);
		r->ino = (uint64_t)sqlite3_column_int64(st, 3);
		r->hash = xstrdup((const char *)sqlite3_column_text(st, 4));
		r->scanner = sqlite3_column_int(st, 5);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		return sqlerr(c, err, "reading the file list");
	return 0;
}

void icache_rows_free(struct icache_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rows[i].rel);
		free(rows[i].hash);
	}
	free(rows);
}

char *icache_facts(struct icache *c, int64_t repo_id, const char *rel)
{
	if (!c->facts_stmt &&
	    sqlite3_prepare_v2(c->db, "SELECT facts FROM files WHERE repo_id = ? AND rel = ?", -1, &c->facts_stmt, NULL) !=
		    SQLITE_OK)
		return NULL;
	sqlite3_stmt *st = c->facts_stmt;
	sqlite3_reset(st);
	sqlite3_bind_int64(st, 1, repo_id);
	sqlite3_bind_text(st, 2, rel, -1, SQLITE_STATIC);
	char *out = NULL;
	if (sqlite3_step(st) == SQLITE_ROW)
		out = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_reset(st);
	return out;
}

int icache_put_file(struct icache *c, int64_t repo_id, const char *rel, int64_t size, int64_t mtime_ns, uint64_t ino,
		    const char *hash, int scanner, const char *facts, struct maple_error *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db,
			       "INSERT OR REPLACE INTO files(repo_id, rel, size, mtime_ns, ino, hash, scanner, facts) "
			       "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
			       -1, &st, NULL) != SQLITE_OK)
		return sqlerr(c, err, "storing a file");
	sqlite3_bind_int64(st, 1, repo_id);
	sqlite3_bind_text(st, 2, rel, -1, SQLITE_STATIC);
	sqlite3_bind_int64(st, 3, size);
	sqlite3_bind_int64(st, 4, mtime_ns);
	sqlite3_bind_int64(st, 5, (int64_t)ino);
	sqlite3_bind_text(st, 6, hash, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 7, scanner);
	sqlite3_bind_text(st, 8, facts, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sqlerr(c, err, "storing a file");
}

int icache_update_stat(struct icache *c, int64_t repo_id, const char *rel, int64_t size, int64_t mtime_ns,
		       uint64_t ino, struct maple_error *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db, "UPDATE files SET size = ?, mtime_ns = ?, ino = ? WHERE repo_id = ? AND rel = ?",
			       -1, &st, NULL) != SQLITE_OK)
		return sqlerr(c, err, "updating a file");
	sqlite3_bind_int64(st, 1, size);
	sqlite3_bind_int64(st, 2, mtime_ns);
	sqlite3_bind_int64(st, 3, (int64_t)ino);
	sqlite3_bind_int64(st, 4, repo_id);
	sqlite3_bind_text(st, 5, rel, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sqlerr(c, err, "updating a file");
}

int icache_delete_file(struct icache *c, int64_t repo_id, const char *rel, struct maple_error *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db, "DELETE FROM files WHERE repo_id = ? AND rel = ?", -1, &st, NULL) != SQLITE_OK)
		return sqlerr(c, err, "removing a file");
	sqlite3_bind_int64(st, 1, repo_id);
	sqlite3_bind_text(st, 2, rel, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sqlerr(c, err, "removing a file");
}

int icache_last(struct icache *c, int64_t repo_id, char **digest, char **result, struct maple_error *err)
{
	*digest = *result = NULL;
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db, "SELECT digest, result FROM inspections WHERE repo_id = ? ORDER BY id DESC LIMIT 1",
			       -1, &st, NULL) != SQLITE_OK)
		return sqlerr(c, err, "reading the last inspection");
	sqlite3_bind_int64(st, 1, repo_id);
	if (sqlite3_step(st) == SQLITE_ROW) {
		*digest = xstrdup((const char *)sqlite3_column_text(st, 0));
		*result = xstrdup((const char *)sqlite3_column_text(st, 1));
	}
	sqlite3_finalize(st);
	return 0;
}

int icache_add_inspection(struct icache *c, int64_t repo_id, const char *cmd, const char *digest, const char *result,
			  const char *changes, struct maple_error *err)
{
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db,
			       "INSERT INTO inspections(repo_id, at, command, digest, result, changes) VALUES (?, ?, ?, ?, ?, ?)",
			       -1, &st, NULL) != SQLITE_OK)
		return sqlerr(c, err, "recording the inspection");
	sqlite3_bind_int64(st, 1, repo_id);
	sqlite3_bind_int64(st, 2, (int64_t)time(NULL));
	if (cmd)
		sqlite3_bind_text(st, 3, cmd, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 3);
	sqlite3_bind_text(st, 4, digest, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, result, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, changes, -1, SQLITE_STATIC);
	int rc = sqlite3_step(st);
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? 0 : sqlerr(c, err, "recording the inspection");
}

int icache_history(struct icache *c, const char *root, json_t **out, struct maple_error *err)
{
	*out = json_array();
	int64_t id = repo_lookup(c, root);
	if (id < 0)
		return 0;
	sqlite3_stmt *st;
	if (sqlite3_prepare_v2(c->db,
			       "SELECT id, at, command, digest, result, changes FROM inspections WHERE repo_id = ? ORDER BY id",
			       -1, &st, NULL) != SQLITE_OK)
		return sqlerr(c, err, "reading the history");
	sqlite3_bind_int64(st, 1, id);
	while (sqlite3_step(st) == SQLITE_ROW) {
		json_t *o = json_object();
		json_object_set_new(o, "id", json_integer(sqlite3_column_int64(st, 0)));
		json_object_set_new(o, "at", json_integer(sqlite3_column_int64(st, 1)));
		const char *cmd = (const char *)sqlite3_column_text(st, 2);
		json_object_set_new(o, "command", cmd ? json_string(cmd) : json_null());
		json_object_set_new(o, "digest", json_string((const char *)sqlite3_column_text(st, 3)));
		json_t *r = json_loads((const char *)sqlite3_column_text(st, 4), 0, NULL);
		json_object_set_new(o, "result", r ? r : json_null());
		json_t *ch = json_loads((const char *)sqlite3_column_text(st, 5), 0, NULL);
		json_object_set_new(o, "changes", ch ? ch : json_null());
		json_array_append_new(*out, o);
	}
	sqlite3_finalize(st);
	return 0;
}
