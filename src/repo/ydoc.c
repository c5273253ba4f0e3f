/* ydoc.c - libyaml document access with line numbers for every error. */
#include "ydoc.h"

#include "ysnap.h"

#include <limits.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* yaml_document_get_node() without the call: node id (1-based) -> node, NULL when out of range */
static yaml_node_t *node_at(struct ydoc *y, int id)
{
	return id > 0 && y->doc.nodes.start + id <= y->doc.nodes.top ? y->doc.nodes.start + id - 1 : NULL;
}

int ydoc_parse(struct ydoc *y, struct arena *a, struct strbuf *errs, const char *file, const char *data,
	       size_t len)
{
	memset(y, 0, sizeof(*y));
	y->arena = a;
	y->errs = errs;
	y->file = arena_strdup(a, file);
	/* a document this build parsed before, from the same bytes: from the snapshot (ysnap.h) */
	if (ysnap_lookup(file, data, len, &y->doc) == 0) {
		y->loaded = y->from_snapshot = true;
		return 0;
	}
	yaml_parser_t p;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)data, len);
	if (!yaml_parser_load(&p, &y->doc)) {
		int line = (int)(p.problem_mark.line + 1);
		strbuf_addf(errs, "%s:%d: invalid YAML: %s%s%s\n", file, line, p.problem ? p.problem : "syntax error",
			    p.context ? " " : "", p.context ? p.context : "");
		y->nerrs++;
		yaml_parser_delete(&p);
		return -1;
	}
	y->loaded = true;
	/* A second document in one file is a mistake worth reporting. */
	yaml_document_t extra;
	if (yaml_parser_load(&p, &extra)) {
		if (yaml_document_get_root_node(&extra)) {
			strbuf_addf(errs, "%s:%d: more than one YAML document in the file; put one object per file\n",
				    file, (int)(extra.start_mark.line + 1));
			y->nerrs++;
		}
		yaml_document_delete(&extra);
	}
	yaml_parser_delete(&p);
	if (!yaml_document_get_root_node(&y->doc)) {
		strbuf_addf(errs, "%s:1: the file is empty\n", file);
		y->nerrs++;
		return -1;
	}
	if (!y->nerrs) /* only documents that parsed without a remark are kept */
		ysnap_store(file, data, len, &y->doc);
	return 0;
}

void ydoc_release(struct ydoc *y)
{
	if (y->loaded && y->from_snapshot)
		ysnap_doc_release(&y->doc);
	else if (y->loaded)
		yaml_document_delete(&y->doc);
	y->loaded = y->from_snapshot = false;
}

yaml_node_t *ydoc_root(struct ydoc *y)
{
	return yaml_document_get_root_node(&y->doc);
}

int ynode_line(const yaml_node_t *n)
{
	return n ? (int)n->start_mark.line + 1 : 1;
}

void yerr(struct ydoc *y, const yaml_node_t *n, const char *fmt, ...)
{
	strbuf_addf(y->errs, "%s:%d: ", y->file, ynode_line(n));
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(y->errs, fmt, ap);
	va_end(ap);
	strbuf_addch(y->errs, '\n');
	y->nerrs++;
}

bool yis_map(const yaml_node_t *n)
{
	return n && n->type == YAML_MAPPING_NODE;
}

bool yis_seq(const yaml_node_t *n)
{
	return n && n->type == YAML_SEQUENCE_NODE;
}

size_t yseq_len(const yaml_node_t *n)
{
	return yis_seq(n) ? (size_t)(n->data.sequence.items.top - n->data.sequence.items.start) : 0;
}

yaml_node_t *yseq_at(struct ydoc *y, yaml_node_t *seq, size_t i)
{
	return node_at(y, seq->data.sequence.items.start[i]);
}

static const char *key_of(struct ydoc *y, yaml_node_pair_t *pair, yaml_node_t **knode)
{
	yaml_node_t *k = node_at(y, pair->key);
	*knode = k;
	if (!k || k->type != YAML_SCALAR_NODE)
		return NULL;
	return (const char *)k->data.scalar.value;
}

/* key_of() for the hot loops: the node table's bounds passed in, read once per loop */
static const char *scalar_key(const yaml_node_t *nodes, const yaml_node_t *top, const yaml_node_pair_t *pair)
{
	if (pair->key <= 0 || nodes + pair->key > top)
		return NULL;
	const yaml_node_t *k = nodes + pair->key - 1;
	return k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value : NULL;
}

/* strcmp(a, b) == 0, the first bytes compared inline (most keys differ there) */
static bool same_key(const char *a, const char *b)
{
	return a[0] == b[0] && !strcmp(a, b);
}

static bool in_list(const char *s, const char *const *list)
{
	for (; list && *list; list++)
		if (same_key(s, *list))
			return true;
	return false;
}

bool ymap_check(struct ydoc *y, yaml_node_t *map, const char *what, const char *const *allowed,
		const char *const *required)
{
	if (!yis_map(map)) {
		yerr(y, map, "%s must be a mapping of keys to values", what);
		return false;
	}
	int before = y->nerrs;
	const yaml_node_t *nodes = y->doc.nodes.start, *top = y->doc.nodes.top;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k;
		const char *key = key_of(y, p, &k);
		if (!key) {
			yerr(y, k, "%s: keys must be plain words", what);
			continue;
		}
		if (!in_list(key, allowed)) {
			struct strbuf sb = STRBUF_INIT;
			for (const char *const *a = allowed; *a; a++)
				strbuf_addf(&sb, "%s%s", a == allowed ? "" : ", ", *a);
			yerr(y, k, "unknown key '%s' in %s (allowed: %s)", key, what, sb.buf);
			strbuf_release(&sb);
		}
		for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p; q++) {
			const char *key2 = scalar_key(nodes, top, q);
			if (key2 && same_key(key2, key))
				yerr(y, k, "key '%s' appears twice in %s", key, what);
		}
	}
	for (const char *const *r = required; r && *r; r++)
		if (!ymap_get(y, map, *r))
			yerr(y, map, "missing required field '%s' in %s", *r, what);
	return y->nerrs == before;
}

yaml_node_t *ymap_get(struct ydoc *y, yaml_node_t *map, const char *key)
{
	if (!yis_map(map))
		return NULL;
	/* scalar_key() written out, the node table's bounds read once: the hottest loop of data loading */
	yaml_node_t *nodes = y->doc.nodes.start, *top = y->doc.nodes.top;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start, *e = map->data.mapping.pairs.top; p < e; p++) {
		if (p->key <= 0 || nodes + p->key > top)
			continue;
		const yaml_node_t *k = nodes + p->key - 1;
		if (k->type == YAML_SCALAR_NODE && same_key((const char *)k->data.scalar.value, key))
			return node_at(y, p->value);
	}
	return NULL;
}

const char *yscalar(struct ydoc *y, yaml_node_t *n, const char *what)
{
	if (!n || n->type != YAML_SCALAR_NODE) {
		yerr(y, n, "'%s' must be a single value, not a list or mapping", what);
		return NULL;
	}
	/* one line of plain text: a line break in a name or a directive ("name: \"NERSC\\nrm -rf ~\"") would
	 * end the comment or line of the generated script it lands in and start a command; only the prose and
	 * body fields that are written as several lines may hold one */
	static const char *const multi[] = {"body", "cause", "advice", "deviations", "description", "why", "note", NULL};
	int lines = -1; /* whether `what` may hold line breaks: looked up at the first one */
	const unsigned char *v = n->data.scalar.value;
	size_t len = n->data.scalar.length, i = 0;
	for (;;) {
		/* 8 bytes at a time while none is below 0x20 or 0x7f (the value is most often one plain line) */
		const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
		for (; i + 8 <= len; i += 8) {
			uint64_t w;
			memcpy(&w, v + i, 8);
			uint64_t x = w ^ (ones * 0x7f);
			if (((w - ones * 0x20) | (x - ones)) & ~w & highs)
				break; /* a byte below 0x20 or equal to 0x7f may be here (an exact check follows) */
		}
		size_t stop = i + 8 <= len ? i + 8 : len;
		for (; i < stop; i++) {
			if (!((v[i] < 0x20 && v[i] != '\t') || v[i] == 0x7f))
				continue;
			if (v[i] == '\n' && lines < 0) {
				lines = 0;
				for (const char *const *m = multi; *m && what && !lines; m++)
					lines = !strcmp(what, *m);
			}
			if (v[i] == '\n' && lines)
				continue;
			yerr(y, n, "'%s' holds a control character (byte 0x%02x at offset %zu): write it as one line of plain text",
			     what ? what : "value", v[i], i);
			return NULL;
		}
		if (i >= len)
			break;
	}
	return arena_strndup(y->arena, (const char *)n->data.scalar.value, n->data.scalar.length);
}

bool yget_str(struct ydoc *y, yaml_node_t *map, const char *key, const char **out)
{
	yaml_node_t *n = ymap_get(y, map, key);
	if (!n)
		return true;
	const char *s = yscalar(y, n, key);
	if (!s)
		return false;
	if (!*s) {
		yerr(y, n, "'%s' is empty", key);
		return false;
	}
	*out = s;
	return true;
}

bool yget_int(struct ydoc *y, yaml_node_t *map, const char *key, int min, int max, int *out)
{
	yaml_node_t *n = ymap_get(y, map, key);
	if (!n)
		return true;
	const char *s = yscalar(y, n, key);
	if (!s)
		return false;
	char *end;
	long v = strtol(s, &end, 10);
	if (!*s || *end || v < min || v > max) {
		yerr(y, n, "'%s' must be a whole number from %d to %d, not '%s'", key, min, max, s);
		return false;
	}
	*out = (int)v;
	return true;
}

bool yget_bool(struct ydoc *y, yaml_node_t *map, const char *key, bool *out)
{
	yaml_node_t *n = ymap_get(y, map, key);
	if (!n)
		return true;
	const char *s = yscalar(y, n, key);
	if (!s)
		return false;
	if (!strcmp(s, "true") || !strcmp(s, "yes")) {
		*out = true;
	} else if (!strcmp(s, "false") || !strcmp(s, "no")) {
		*out = false;
	} else {
		yerr(y, n, "'%s' must be true or false, not '%s'", key, s);
		return false;
	}
	return true;
}

bool yget_strlist(struct ydoc *y, yaml_node_t *map, const char *key, const char ***out, size_t *n)
{
	yaml_node_t *node = ymap_get(y, map, key);
	*n = 0;
	if (!node)
		return true;
	if (node->type == YAML_SCALAR_NODE) {
		*out = arena_alloc(y->arena, sizeof(char *));
		(*out)[0] = yscalar(y, node, key);
		*n = 1;
		return true;
	}
	if (!yis_seq(node)) {
		yerr(y, node, "'%s' must be a list of words", key);
		return false;
	}
	size_t len = yseq_len(node);
	*out = arena_alloc(y->arena, (len + 1) * sizeof(char *));
	for (size_t i = 0; i < len; i++) {
		const char *s = yscalar(y, yseq_at(y, node, i), key);
		if (!s)
			return false;
		(*out)[(*n)++] = s;
	}
	return true;
}
