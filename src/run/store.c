/* store.c - the verified-fix store on SQLite: WAL journal and a busy timeout so concurrent maple
 * processes do not corrupt or fail each other, a schema version in user_version, every write in one
 * transaction. */
#include "store.h"

#include "../util/sqlwait.h"
#include "../util/fsutil.h"
#include "../util/xalloc.h"

#include <errno.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

struct fix_store {
	sqlite3 *db;
};

static const char schema[] =
	"CREATE TABLE IF NOT EXISTS fixes ("
	"  cluster TEXT NOT NULL, signature TEXT NOT NULL, fingerprint TEXT NOT NULL, patch TEXT NOT NULL,"
	"  uses INTEGER NOT NULL DEFAULT 1, created TEXT NOT NULL DEFAULT (datetime('now')),"
	"  updated TEXT NOT NULL DEFAULT (datetime('now')), PRIMARY KEY (cluster, signature, patch));"
	"CREATE TABLE IF NOT EXISTS verified_scripts ("
	"  id INTEGER PRIMARY KEY, cluster TEXT NOT NULL, text TEXT NOT NULL UNIQUE,"
	"  created TEXT NOT NULL DEFAULT (datetime('now')));"
	"PRAGMA user_version = 1;";

struct fix_store *store_open(const char *path, struct maple_error *err)
{
	struct strbuf p = STRBUF_INIT;
	if (path) {
		strbuf_adds(&p, path);
	} else {
		if (maple_state_dir(&p, err) < 0) {
			strbuf_release(&p);
			return NULL;
		}
		if (make_dirs(p.buf, 0700) < 0) {
			errorf(err, "cannot create maple's state directory %s: %s (set MAPLE_STATE_DIR)", p.buf,
			       strerror(errno));
			strbuf_release(&p);
			return NULL;
		}
		strbuf_adds(&p, "/fixes.db");
	}
	sqlite3 *db = NULL;
	if (sqlite3_open_v2(p.buf, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
		errorf(err, "cannot open the fix store %s: %s", p.buf, db ? sqlite3_errmsg(db) : "out of memory");
		sqlite3_close(db);
		strbuf_release(&p);
		return NULL;
	}
	sqlite3_busy_timeout(db, 5000);
	char *msg = NULL;
	/* sqlite_exec_wait: 8 processes opening a new store at once get SQLITE_BUSY here without waiting */
	if (sqlite_exec_wait(db, "PRAGMA journal_mode=WAL;", 5000, NULL) != SQLITE_OK ||
	    sqlite_exec_wait(db, schema, 5000, &msg) != SQLITE_OK) {
		errorf(err, "the fix store %s is not usable: %s (move it away to start a new one)", p.buf,
		       msg ? msg : sqlite3_errmsg(db));
		sqlite3_free(msg);
		sqlite3_close(db);
		strbuf_release(&p);
		return NULL;
	}
	strbuf_release(&p);
	struct fix_store *s = xmalloc(sizeof(*s));
	s->db = db;
	return s;
}

void store_close(struct fix_store *s)
{
	if (!s)
		return;
	sqlite3_close(s->db);
	free(s);
}

char *store_find_fix(struct fix_store *s, const char *cluster, const char *signature, const char *fingerprint)
{
	/* the same failure (fingerprint) first, then the same signature; the most used, the latest */
	static const char q[] = "SELECT patch FROM fixes WHERE cluster = ?1 AND signature = ?2 "
				"ORDER BY (fingerprint = ?3) DESC, uses DESC, updated DESC LIMIT 1";
	sqlite3_stmt *st = NULL;
	char *out = NULL;
	if (sqlite3_prepare_v2(s->db, q, -1, &st, NULL) != SQLITE_OK)
		return NULL;
	sqlite3_bind_text(st, 1, cluster ? cluster : "", -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 2, signature, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 3, fingerprint ? fingerprint : "", -1, SQLITE_STATIC);
	if (sqlite3_step(st) == SQLITE_ROW)
		out = xstrdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	return out;
}

static int exec_write(struct fix_store *s, const char *sql, const char *const *args, int n, struct maple_error *err)
{
	sqlite3_stmt *st = NULL;
	int rc = sqlite3_exec(s->db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
	if (rc == SQLITE_OK)
		rc = sqlite3_prepare_v2(s->db, sql, -1, &st, NULL);
	for (int i = 0; rc == SQLITE_OK && i < n; i++)
		rc = sqlite3_bind_text(st, i + 1, args[i] ? args[i] : "", -1, SQLITE_STATIC);
	if (rc == SQLITE_OK)
		rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
	sqlite3_finalize(st);
	if (rc == SQLITE_OK)
		rc = sqlite3_exec(s->db, "COMMIT", NULL, NULL, NULL);
	if (rc != SQLITE_OK) {
		errorf(err, "the fix store could not be written: %s", sqlite3_errmsg(s->db));
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
		return -1;
	}
	return 0;
}

int store_add_fix(struct fix_store *s, const char *cluster, const char *signature, const char *fingerprint,
		  const char *patch_json, struct maple_error *err)
{
	const char *args[] = {cluster, signature, fingerprint, patch_json};
	return exec_write(s,
			  "INSERT INTO fixes (cluster, signature, fingerprint, patch) VALUES (?1, ?2, ?3, ?4) "
			  "ON CONFLICT (cluster, signature, patch) DO UPDATE SET uses = uses + 1, "
			  "fingerprint = excluded.fingerprint, updated = datetime('now')",
			  args, 4, err);
}

int store_add_verified_script(struct fix_store *s, const char *cluster, const char *text, struct maple_error *err)
{
	const char *args[] = {cluster, text};
	return exec_write(s, "INSERT OR IGNORE INTO verified_scripts (cluster, text) VALUES (?1, ?2)", args, 2, err);
}

bool store_is_verified(struct fix_store *s, const char *cluster, const char *text)
{
	sqlite3_stmt *st = NULL;
	bool yes = false;
	if (sqlite3_prepare_v2(s->db, "SELECT 1 FROM verified_scripts WHERE text = ?1 AND (?2 IS NULL OR cluster = ?2)",
			       -1, &st, NULL) != SQLITE_OK)
		return false;
	sqlite3_bind_text(st, 1, text, -1, SQLITE_STATIC);
	if (cluster)
		sqlite3_bind_text(st, 2, cluster, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, 2);
	yes = sqlite3_step(st) == SQLITE_ROW;
	sqlite3_finalize(st);
	return yes;
}
