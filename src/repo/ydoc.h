/* ydoc.h - typed, line-aware access to one parsed YAML document (libyaml), collecting
 * `file:line: message` errors instead of stopping at the first. */
#ifndef MAPLE_YDOC_H
#define MAPLE_YDOC_H

#include "../util/arena.h"
#include "../util/strbuf.h"

#include <stdbool.h>
#include <yaml.h>

struct ydoc {
	yaml_document_t doc;
	bool loaded;
	bool from_snapshot; /* doc was built from the data snapshot (ysnap.h), not by libyaml */
	const char *file; /* owned by the arena */
	struct arena *arena;
	struct strbuf *errs; /* one message per line */
	int nerrs;
};

/* Parses data (len bytes) as a single YAML document. Returns 0, or -1 with an error recorded. */
int ydoc_parse(struct ydoc *y, struct arena *a, struct strbuf *errs, const char *file, const char *data,
	       size_t len);
void ydoc_release(struct ydoc *y);
yaml_node_t *ydoc_root(struct ydoc *y);
int ynode_line(const yaml_node_t *n);
void yerr(struct ydoc *y, const yaml_node_t *n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Reports every key of map not in allowed[] and every key of required[] that is missing
 * (both NULL-terminated). what names the object in messages ("cluster", "queue 'debug'"). */
bool ymap_check(struct ydoc *y, yaml_node_t *map, const char *what, const char *const *allowed,
		const char *const *required);
yaml_node_t *ymap_get(struct ydoc *y, yaml_node_t *map, const char *key);
/* Typed getters: return false (with an error) on a wrong type; leave *out alone when the key is absent. */
bool yget_str(struct ydoc *y, yaml_node_t *map, const char *key, const char **out);
bool yget_int(struct ydoc *y, yaml_node_t *map, const char *key, int min, int max, int *out);
bool yget_bool(struct ydoc *y, yaml_node_t *map, const char *key, bool *out);
/* A scalar or a sequence of scalars, as an arena array. */
bool yget_strlist(struct ydoc *y, yaml_node_t *map, const char *key, const char ***out, size_t *n);
const char *yscalar(struct ydoc *y, yaml_node_t *n, const char *what);
bool yis_map(const yaml_node_t *n);
bool yis_seq(const yaml_node_t *n);
size_t yseq_len(const yaml_node_t *n);
yaml_node_t *yseq_at(struct ydoc *y, yaml_node_t *seq, size_t i);

#endif
