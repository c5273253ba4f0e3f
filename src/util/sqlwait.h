/* sqlwait.h - SQLite statements that wait out other processes' locks even where SQLite's busy
 * handler does not (switching a new file to WAL while several processes open it at once). */
#ifndef MAPLE_SQLWAIT_H
#define MAPLE_SQLWAIT_H

#include <sqlite3.h>

/* sqlite3_exec(db, sql, NULL, NULL, msg), retried with short sleeps while it fails with SQLITE_BUSY
 * or SQLITE_LOCKED, for up to ms milliseconds. Returns the last result code; *msg (when msg is not
 * NULL) is the last error message (sqlite3_free it) or NULL. All of sql runs again on a retry: use it
 * for statements that are safe to repeat (PRAGMA journal_mode=WAL, CREATE TABLE IF NOT EXISTS). */
int sqlite_exec_wait(sqlite3 *db, const char *sql, int ms, char **msg);

#endif
