/* cache.h - the inspection metadata cache: an SQLite database in the user's data directory
 * ($MAPLE_STATE_DIR, else $XDG_DATA_HOME/maple, else ~/.local/share/maple; inspect.db).
 *
 * Per repository (its real path) it keeps every inspected file's stat data, content hash and the
 * facts read from it, and every inspection's result and what changed since the one before. The
 * content hash is FNV-1a 64 (fast, not cryptographic: it only tells an edit from no edit). A file
 * whose size, mtime (ns) and inode are unchanged is not read again; one whose hash is unchanged is
 * not scanned again. The database runs in WAL mode with a busy timeout, and every write is one
 * IMMEDIATE transaction, so concurrent maple processes serialize instead of corrupting it. A
 * schema_version table records the layout; a newer one than this maple knows is refused. */
#ifndef MAPLE_INSPECT_CACHE_H
#define MAPLE_INSPECT_CACHE_H

#include "../util/error.h"
#include "../util/strbuf.h"

#include <jansson.h>
#include <stdint.h>

#define ICACHE_SCHEMA 1

struct icache;

struct icache_row {
	char *rel;
	int64_t size, mtime_ns;
	uint64_t ino;
	char *hash;
	int scanner;
};

/* The database path (appended to out). Fails when no directory can be named (no HOME). */
int icache_default_path(struct strbuf *out, struct maple_error *err);
/* Opens (creating the directory, the file and the schema as needed). */
struct icache *icache_open(const char *path, struct maple_error *err);
void icache_close(struct icache *c);
const char *icache_path(const struct icache *c);

/* The repository's id (created when new) and its file rows, sorted by rel (caller frees with
 * icache_rows_free). */
int icache_repo(struct icache *c, const char *root, int64_t *repo_id, struct maple_error *err);
int icache_rows(struct icache *c, int64_t repo_id, struct icache_row **rows, size_t *n, struct maple_error *err);
void icache_rows_free(struct icache_row *rows, size_t n);
/* The cached facts (JSON text, caller frees) of one file; NULL when absent. */
char *icache_facts(struct icache *c, int64_t repo_id, const char *rel);

int icache_begin(struct icache *c, struct maple_error *err);
int icache_commit(struct icache *c, struct maple_error *err);
void icache_rollback(struct icache *c);
int icache_put_file(struct icache *c, int64_t repo_id, const char *rel, int64_t size, int64_t mtime_ns, uint64_t ino,
		    const char *hash, int scanner, const char *facts, struct maple_error *err);
int icache_update_stat(struct icache *c, int64_t repo_id, const char *rel, int64_t size, int64_t mtime_ns,
		       uint64_t ino, struct maple_error *err);
int icache_delete_file(struct icache *c, int64_t repo_id, const char *rel, struct maple_error *err);
/* The digest and result (JSON text) of the repository's last inspection; both NULL when none. */
int icache_last(struct icache *c, int64_t repo_id, char **digest, char **result, struct maple_error *err);
int icache_add_inspection(struct icache *c, int64_t repo_id, const char *cmd, const char *digest, const char *result,
			  const char *changes, struct maple_error *err);
/* Every inspection of the repository at root, oldest first:
 * [{"id", "at" (unix seconds), "command", "digest", "result" (object), "changes" (object)}]. */
int icache_history(struct icache *c, const char *root, json_t **out, struct maple_error *err);

uint64_t fnv1a64(const void *data, size_t len, uint64_t h);
#define FNV1A64_INIT 0xcbf29ce484222325ULL

#endif
