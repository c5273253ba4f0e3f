/* jsonw.h - a streaming JSON writer into a strbuf, byte-identical to jansson's compact dump
 * (json_dumps(JSON_COMPACT)) of the same tree: the same escapes, and a string that is not valid UTF-8
 * dropped the way jansson drops it (json_string() gives NULL, so the member or element is not added).
 * Used where a tree per record costs more than the record (generate --batch). */
#ifndef MAPLE_JSONW_H
#define MAPLE_JSONW_H

#include "strbuf.h"

#include <stdbool.h>
#include <stddef.h>

#define JSONW_MAX_DEPTH 32

struct jsonw {
	struct strbuf *out;
	unsigned depth;
	bool first[JSONW_MAX_DEPTH]; /* nothing written yet in the open object or array */
};

void jw_init(struct jsonw *w, struct strbuf *out);
void jw_begin_object(struct jsonw *w);
void jw_end_object(struct jsonw *w);
void jw_begin_array(struct jsonw *w);
void jw_end_array(struct jsonw *w);
/* Opens member key of the open object (its value follows). */
void jw_key(struct jsonw *w, const char *key);

/* Members of the open object. A string that is not valid UTF-8 drops the whole member. */
void jw_member_str(struct jsonw *w, const char *key, const char *s);
void jw_member_str_or_null(struct jsonw *w, const char *key, const char *s); /* NULL: null */
void jw_member_null(struct jsonw *w, const char *key);
/* A value already in JSON (len bytes), e.g. a subtree dumped by jansson. */
void jw_member_raw(struct jsonw *w, const char *key, const char *json, size_t len);
/* An array of strings (elements that are not valid UTF-8 are left out). */
void jw_member_strs(struct jsonw *w, const char *key, char *const *v, size_t n);

/* An element of the open array; false (nothing written) when s is not valid UTF-8. */
bool jw_str(struct jsonw *w, const char *s);

/* Appends s as a JSON string (quotes included) the way jansson dumps it; false, with out as it was,
 * when s is not valid UTF-8 (jansson would not have made a string of it). */
bool jw_append_string(struct strbuf *out, const char *s);

/* Length of the UTF-8 sequence at s (1-4) by jansson's rules (no overlong forms, no surrogates, nothing
 * above U+10FFFF), or 0 when it is not valid (also for the terminating NUL of a cut sequence). Shared
 * with the shell quoter, which writes the bytes of an invalid sequence as \xNN escapes. */
size_t utf8_seq_len(const unsigned char *s);

/* A copy of s with every byte that begins no valid UTF-8 sequence (utf8_seq_len) written as U+FFFD, for text
 * that a JSON document must carry, not drop: a path a user gave, an error naming one. The caller frees it. */
char *utf8_lossy(const char *s);

#endif
