/* sqlwait.c - retrying sqlite3_exec on SQLITE_BUSY / SQLITE_LOCKED with a deadline. */
#include "sqlwait.h"

#include <time.h>

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int sqlite_exec_wait(sqlite3 *db, const char *sql, int ms, char **msg)
{
	long long deadline = now_ms() + ms;
	int delay = 2;
	for (;;) {
		char *m = NULL;
		int rc = sqlite3_exec(db, sql, NULL, NULL, &m);
		int base = rc & 0xff;
		if ((base != SQLITE_BUSY && base != SQLITE_LOCKED) || now_ms() >= deadline) {
			if (msg)
				*msg = m;
			else
				sqlite3_free(m);
			return rc;
		}
		sqlite3_free(m);
		struct timespec ts = {0, (long)delay * 1000000L};
		nanosleep(&ts, NULL);
		delay = delay < 64 ? delay * 2 : 64;
	}
}
