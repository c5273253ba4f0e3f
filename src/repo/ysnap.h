/* ysnap.h - the data snapshot: a cache of parsed YAML documents (data/ profiles, templates, hints,
 * lexicon, KB) in one binary file under the user's cache directory, mmap'ed by later processes.
 *
 * The snapshot is a cache, never a source of truth: every document is still read from its file, and
 * an entry is used only when the file's path, size and 64-bit content hash match the entry, and the
 * entry's own checksum and structure check out. A snapshot from another maple or libyaml version, a
 * foreign, truncated or corrupt file is ignored (the documents are parsed from YAML) and replaced
 * atomically (temporary file + rename) at exit. Validation always runs on the documents, whatever
 * their origin. Without a usable cache directory maple works as before, silently.
 *
 * Where: $MAPLE_CACHE_DIR, else $XDG_CACHE_HOME/maple (absolute), else $HOME/.cache/maple;
 * MAPLE_CACHE_DIR set to the empty string or MAPLE_NO_SNAPSHOT=1 turns the snapshot off;
 * MAPLE_SNAPSHOT_DEBUG=1 prints one line of statistics to stderr at exit.
 */
#ifndef MAPLE_YSNAP_H
#define MAPLE_YSNAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <yaml.h>

/* Fills doc from the snapshot entry of (file, data) and returns 0, or -1 (a miss) with doc untouched.
 * A document filled here is released with ysnap_doc_release(), never yaml_document_delete(). */
int ysnap_lookup(const char *file, const char *data, size_t len, yaml_document_t *doc);
/* Records a document parsed from (file, data) for the snapshot written at exit. */
void ysnap_store(const char *file, const char *data, size_t len, const yaml_document_t *doc);
void ysnap_doc_release(yaml_document_t *doc);

/* Opaque records beside the documents (the repository's validated cluster index): key names the
 * record (not a file: it starts with a byte no path does), hash is what it was computed from. Lookup
 * gives the blob (8-byte aligned, valid until ysnap_reset()) when the key and hash match and the blob's
 * checksum checks out, and returns 0; else -1. */
int ysnap_record_lookup(const char *key, uint64_t hash, const void **blob, size_t *len);
void ysnap_record_store(const char *key, uint64_t hash, const void *blob, size_t len);

/* Writes the snapshot now when this process parsed anything the snapshot lacked (run at exit). */
void ysnap_flush(void);

struct ysnap_stats {
	unsigned hits, misses, rejected; /* rejected: entries or whole snapshots found unusable */
	unsigned record_hits;		 /* records (ysnap_record_lookup) answered */
	bool loaded;			 /* a valid snapshot file was mapped */
	bool wrote;			 /* the last flush wrote the file */
};
void ysnap_get_stats(struct ysnap_stats *st);
/* The snapshot file's path ("" when there is none): for tests and the debug line. */
const char *ysnap_path(void);
/* Forgets everything (unmaps, drops pending entries) and reads the environment again: for tests. */
void ysnap_reset(void);
/* The same, then behaves as maple version `version` would (NULL: this one): for tests. */
void ysnap_reset_as(const char *version);

/* A fast 64-bit content hash (the xxHash64 algorithm). */
uint64_t ysnap_hash64(const void *data, size_t len, uint64_t seed);

#endif
