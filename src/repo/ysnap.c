/* ysnap.c - the data snapshot (see ysnap.h): parsed YAML documents cached in one mmap'ed file.
 *
 * File layout (native byte order; only the build that wrote a file reads it):
 *   header   magic, format, byte-order mark, version ("maple X / libyaml Y"), entry count, file length,
 *            offset of the blobs, hash of the index, hash of the header itself
 *   index    one fixed-size entry per document: path (offset, length), source size and content hash,
 *            blob (offset, length, hash)
 *   paths    NUL-terminated source paths
 *   blobs    8-byte aligned; each one document (see encode())
 * The header and index are checked when the file is mapped, each blob (hash, then structure) on first
 * use, so a process touches only the documents it parses.
 */
#include "ysnap.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef MAPLE_VERSION
#define MAPLE_VERSION "0.1.0"
#endif

#define SNAP_MAGIC "MAPLESNP"
#define SNAP_FORMAT 1u
#define SNAP_BOM 0x01020304u
#define SNAP_MAX_BYTES (8u << 20) /* old entries beyond this are dropped when rewriting */
#define SNAP_MAX_ENTRIES 1024u
#define SNAP_NAME "data-" MAPLE_VERSION ".snap"

struct snap_header {
	char magic[8];
	uint32_t format, bom;
	char version[64];
	uint64_t nentries, file_len, blobs_off, index_hash;
	uint64_t header_hash; /* of the bytes before this field */
};

struct snap_entry {
	uint64_t path_off, path_len;
	uint64_t src_len, src_hash;
	uint64_t blob_off, blob_len, blob_hash;
};

/* a document parsed by this process, waiting for the write at exit */
struct pending {
	char *path;
	uint64_t src_len, src_hash;
	struct strbuf blob;
};

static struct {
	bool init, enabled;
	pid_t pid;
	struct strbuf dir, path;
	size_t keep; /* dir's first keep bytes name a directory that must exist already ($HOME): never made */
	char version[64];
	/* the mapped file */
	const unsigned char *map;
	size_t map_len;
	const struct snap_entry *entries;
	size_t nentries;
	unsigned char *state; /* per entry: 0 unchecked, 1 good, 2 bad */
	bool *used;
	/* new documents */
	struct pending *pend;
	size_t npend, cpend;
	bool dirty;
	struct ysnap_stats st;
} S;

/* ---- hash (xxHash64) ---------------------------------------------------------------------------- */

#define P1 0x9E3779B185EBCA87ull
#define P2 0xC2B2AE3D27D4EB4Full
#define P3 0x165667B19E3779F9ull
#define P4 0x85EBCA77C2B2AE63ull
#define P5 0x27D4EB2F165667C5ull

static uint64_t rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

static uint64_t rd64(const unsigned char *p)
{
	uint64_t v;
	memcpy(&v, p, 8);
	return v;
}

static uint32_t rd32(const unsigned char *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

static uint64_t xround(uint64_t acc, uint64_t in)
{
	acc += in * P2;
	acc = rotl(acc, 31);
	return acc * P1;
}

static uint64_t xmerge(uint64_t acc, uint64_t val)
{
	acc ^= xround(0, val);
	return acc * P1 + P4;
}

uint64_t ysnap_hash64(const void *data, size_t len, uint64_t seed)
{
	const unsigned char *p = data, *end = p + len;
	uint64_t h;
	if (len >= 32) {
		uint64_t v1 = seed + P1 + P2, v2 = seed + P2, v3 = seed, v4 = seed - P1;
		const unsigned char *limit = end - 32;
		do {
			v1 = xround(v1, rd64(p));
			v2 = xround(v2, rd64(p + 8));
			v3 = xround(v3, rd64(p + 16));
			v4 = xround(v4, rd64(p + 24));
			p += 32;
		} while (p <= limit);
		h = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18);
		h = xmerge(h, v1);
		h = xmerge(h, v2);
		h = xmerge(h, v3);
		h = xmerge(h, v4);
	} else {
		h = seed + P5;
	}
	h += (uint64_t)len;
	for (; p + 8 <= end; p += 8) {
		h ^= xround(0, rd64(p));
		h = rotl(h, 27) * P1 + P4;
	}
	if (p + 4 <= end) {
		h ^= (uint64_t)rd32(p) * P1;
		h = rotl(h, 23) * P2 + P3;
		p += 4;
	}
	for (; p < end; p++) {
		h ^= (*p) * P5;
		h = rotl(h, 11) * P1;
	}
	h ^= h >> 33;
	h *= P2;
	h ^= h >> 29;
	h *= P3;
	h ^= h >> 32;
	return h;
}

void ysnap_reset(void);

static const char *version_as; /* ysnap_reset_as(): tests pose as another maple version */

/* ---- set-up ------------------------------------------------------------------------------------- */

static void at_exit(void)
{
	ysnap_flush();
	if (getenv("MAPLE_SNAPSHOT_DEBUG") && S.enabled && S.pid == getpid())
		fprintf(stderr, "maple: snapshot %s: %u hit(s), %u miss(es), %u rejected, %s; %u record(s) used\n",
			S.path.buf, S.st.hits, S.st.misses, S.st.rejected, S.st.wrote ? "written" : "not written",
			S.st.record_hits);
	if (S.pid == getpid())
		ysnap_reset();
}

static void unmap(void)
{
	if (S.map)
		munmap((void *)S.map, S.map_len);
	S.map = NULL;
	S.map_len = 0;
	S.entries = NULL;
	S.nentries = 0;
	free(S.state);
	free(S.used);
	S.state = NULL;
	S.used = NULL;
}

/* Maps the snapshot file when it is whole and ours (header and index checked); else leaves none. */
static void map_file(void)
{
	int fd = open(S.path.buf, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	struct stat st;
	void *m = MAP_FAILED;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size >= (off_t)sizeof(struct snap_header) &&
	    (uint64_t)st.st_size <= ((uint64_t)SNAP_MAX_BYTES << 2))
		m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (m == MAP_FAILED) {
		S.st.rejected++;
		S.dirty = true;
		return;
	}
	S.map = m;
	S.map_len = (size_t)st.st_size;
	struct snap_header h;
	memcpy(&h, S.map, sizeof(h));
	bool ok = !memcmp(h.magic, SNAP_MAGIC, 8) && h.format == SNAP_FORMAT && h.bom == SNAP_BOM &&
		  !memcmp(h.version, S.version, sizeof(h.version)) && h.file_len == S.map_len &&
		  h.header_hash == ysnap_hash64(&h, offsetof(struct snap_header, header_hash), 0) &&
		  h.nentries <= (S.map_len - sizeof(h)) / sizeof(struct snap_entry) &&
		  h.blobs_off >= sizeof(h) + h.nentries * sizeof(struct snap_entry) && h.blobs_off <= S.map_len &&
		  h.blobs_off % 8 == 0 &&
		  h.index_hash == ysnap_hash64(S.map + sizeof(h), (size_t)h.blobs_off - sizeof(h), 0);
	if (ok) {
		const struct snap_entry *e = (const struct snap_entry *)(S.map + sizeof(h));
		uint64_t paths = sizeof(h) + h.nentries * sizeof(*e);
		for (uint64_t i = 0; ok && i < h.nentries; i++)
			ok = e[i].path_off >= paths && e[i].path_len < h.blobs_off - e[i].path_off &&
			     S.map[e[i].path_off + e[i].path_len] == '\0' && e[i].blob_off >= h.blobs_off &&
			     e[i].blob_off % 8 == 0 && e[i].blob_len <= S.map_len - e[i].blob_off;
		S.entries = e;
		S.nentries = (size_t)h.nentries;
	}
	if (!ok) {
		S.st.rejected++;
		S.dirty = true;
		unmap();
		return;
	}
	S.st.loaded = true;
	S.state = xcalloc(S.nentries ? S.nentries : 1, 1);
	S.used = xcalloc(S.nentries ? S.nentries : 1, sizeof(bool));
}

static void init(void)
{
	if (S.init)
		return;
	S.init = true;
	S.pid = getpid();
	strbuf_init(&S.dir);
	strbuf_init(&S.path);
	snprintf(S.version, sizeof(S.version), "maple %s / libyaml %s / format %u / %zu",
		 version_as ? version_as : MAPLE_VERSION, yaml_get_version_string(), SNAP_FORMAT, sizeof(void *));
	const char *off = getenv("MAPLE_NO_SNAPSHOT"), *mc = getenv("MAPLE_CACHE_DIR");
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	if (off && *off && strcmp(off, "0"))
		return;
	if (mc) {
		if (!*mc)
			return;
		strbuf_adds(&S.dir, mc);
	} else if (xdg && xdg[0] == '/') {
		strbuf_addf(&S.dir, "%s/maple", xdg);
	} else if (home && home[0] == '/') {
		strbuf_addf(&S.dir, "%s/.cache/maple", home);
		S.keep = strlen(home);
	} else {
		return;
	}
	strbuf_addf(&S.path, "%s/%s", S.dir.buf, SNAP_NAME);
	S.enabled = true;
	static bool registered;
	if (!registered) {
		registered = true;
		atexit(at_exit);
	}
	map_file();
}

/* ---- one document <-> one blob ------------------------------------------------------------------
 * u32 nnodes, nitems, npairs, strings_len; u32 doc start/end marks (index, line, column each);
 * u32 flags (bit 0 start_implicit, bit 1 end_implicit); then per node 11 u32: type, style, tag
 * (string offset), a, b (scalar: value offset and length; sequence: first item and count; mapping:
 * first pair and count), start mark, end mark; then items (i32), pairs (i32 key, i32 value), strings
 * (each NUL-terminated). */

#define NODE_WORDS 11u
#define HEAD_WORDS 11u

static void put32(struct strbuf *b, uint64_t v)
{
	uint32_t w = (uint32_t)v;
	strbuf_add(b, &w, 4);
}

static bool fits(const yaml_mark_t *m)
{
	return m->index < UINT32_MAX && m->line < UINT32_MAX && m->column < UINT32_MAX;
}

static void put_mark(struct strbuf *b, const yaml_mark_t *m)
{
	put32(b, m->index);
	put32(b, m->line);
	put32(b, m->column);
}

/* Offset of s in the strings area (tags are shared; values are added). */
static uint32_t add_string(struct strbuf *strs, const char *s, size_t n)
{
	uint32_t off = (uint32_t)strs->len;
	strbuf_add(strs, s, n);
	strbuf_addch(strs, '\0');
	return off;
}

static uint32_t add_tag(struct strbuf *strs, const char *tag, uint32_t *tags, const char **tagv, size_t *ntags)
{
	if (!tag)
		tag = "";
	for (size_t i = 0; i < *ntags; i++)
		if (!strcmp(tagv[i], tag))
			return tags[i];
	uint32_t off = add_string(strs, tag, strlen(tag));
	if (*ntags < 16) {
		tagv[*ntags] = tag;
		tags[(*ntags)++] = off;
	}
	return off;
}

/* The blob of doc into out; false when something does not fit the format. */
static bool encode(const yaml_document_t *doc, struct strbuf *out)
{
	size_t nnodes = (size_t)(doc->nodes.top - doc->nodes.start), nitems = 0, npairs = 0;
	if (nnodes >= INT32_MAX || !fits(&doc->start_mark) || !fits(&doc->end_mark))
		return false;
	struct strbuf nodes = STRBUF_INIT, items = STRBUF_INIT, pairs = STRBUF_INIT, strs = STRBUF_INIT;
	uint32_t tags[16];
	const char *tagv[16];
	size_t ntags = 0;
	bool ok = true;
	for (size_t i = 0; ok && i < nnodes; i++) {
		const yaml_node_t *n = &doc->nodes.start[i];
		ok = fits(&n->start_mark) && fits(&n->end_mark);
		put32(&nodes, (uint32_t)n->type);
		uint32_t tag = add_tag(&strs, (const char *)n->tag, tags, tagv, &ntags);
		uint64_t a = 0, b = 0, style = 0;
		switch (n->type) {
		case YAML_SCALAR_NODE:
			style = (uint64_t)n->data.scalar.style;
			b = n->data.scalar.length;
			ok = ok && b < UINT32_MAX;
			a = add_string(&strs, (const char *)n->data.scalar.value, (size_t)b);
			break;
		case YAML_SEQUENCE_NODE:
			style = (uint64_t)n->data.sequence.style;
			a = nitems;
			b = (uint64_t)(n->data.sequence.items.top - n->data.sequence.items.start);
			strbuf_add(&items, n->data.sequence.items.start, (size_t)b * sizeof(yaml_node_item_t));
			nitems += (size_t)b;
			break;
		case YAML_MAPPING_NODE:
			style = (uint64_t)n->data.mapping.style;
			a = npairs;
			b = (uint64_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
			for (const yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
				put32(&pairs, (uint32_t)p->key);
				put32(&pairs, (uint32_t)p->value);
			}
			npairs += (size_t)b;
			break;
		default:
			ok = false;
		}
		put32(&nodes, style);
		put32(&nodes, tag);
		put32(&nodes, a);
		put32(&nodes, b);
		put_mark(&nodes, &n->start_mark);
		put_mark(&nodes, &n->end_mark);
	}
	ok = ok && sizeof(yaml_node_item_t) == 4 && strs.len < UINT32_MAX && nitems < UINT32_MAX && npairs < UINT32_MAX;
	if (ok) {
		put32(out, nnodes);
		put32(out, nitems);
		put32(out, npairs);
		put32(out, strs.len);
		put_mark(out, &doc->start_mark);
		put_mark(out, &doc->end_mark);
		put32(out, (doc->start_implicit ? 1u : 0u) | (doc->end_implicit ? 2u : 0u));
		strbuf_add(out, nodes.buf, nodes.len);
		strbuf_add(out, items.buf, items.len);
		strbuf_add(out, pairs.buf, pairs.len);
		strbuf_add(out, strs.buf, strs.len);
	}
	strbuf_release(&nodes);
	strbuf_release(&items);
	strbuf_release(&pairs);
	strbuf_release(&strs);
	return ok;
}

static void get_mark(const unsigned char *w, yaml_mark_t *m)
{
	m->index = rd32(w);
	m->line = rd32(w + 4);
	m->column = rd32(w + 8);
}

/* Builds doc over blob (len bytes, 4-byte aligned, alive as long as the documents): the node array is
 * allocated; strings, items and pairs point into the blob. -1 when the blob is not well formed. */
static int decode(const unsigned char *blob, size_t len, yaml_document_t *doc)
{
	if (len < HEAD_WORDS * 4)
		return -1;
	uint64_t nnodes = rd32(blob), nitems = rd32(blob + 4), npairs = rd32(blob + 8), nstrs = rd32(blob + 12);
	uint64_t need = HEAD_WORDS * 4 + nnodes * NODE_WORDS * 4 + nitems * 4 + npairs * 8 + nstrs;
	if (need != len || nnodes == 0 || nstrs == 0)
		return -1;
	const unsigned char *nw = blob + HEAD_WORDS * 4;
	const int32_t *items = (const int32_t *)(nw + nnodes * NODE_WORDS * 4);
	const int32_t *pairs = items + nitems;
	const char *strs = (const char *)(pairs + npairs * 2);
	if (strs[nstrs - 1] != '\0')
		return -1;
	for (uint64_t i = 0; i < nitems; i++)
		if (items[i] < 1 || (uint64_t)items[i] > nnodes)
			return -1;
	for (uint64_t i = 0; i < npairs * 2; i++)
		if (pairs[i] < 1 || (uint64_t)pairs[i] > nnodes)
			return -1;
	yaml_node_t *nodes = xmalloc((size_t)nnodes * sizeof(*nodes));
	for (uint64_t i = 0; i < nnodes; i++, nw += NODE_WORDS * 4) {
		yaml_node_t *n = &nodes[i];
		memset(&n->data, 0, sizeof(n->data));
		uint32_t type = rd32(nw), style = rd32(nw + 4), tag = rd32(nw + 8), a = rd32(nw + 12), b = rd32(nw + 16);
		if (tag >= nstrs)
			goto bad;
		n->type = (yaml_node_type_t)type;
		n->tag = (yaml_char_t *)(strs + tag);
		get_mark(nw + 20, &n->start_mark);
		get_mark(nw + 32, &n->end_mark);
		switch (type) {
		case YAML_SCALAR_NODE:
			if ((uint64_t)a + b >= nstrs || strs[(uint64_t)a + b] != '\0')
				goto bad;
			n->data.scalar.value = (yaml_char_t *)(strs + a);
			n->data.scalar.length = b;
			n->data.scalar.style = (yaml_scalar_style_t)style;
			break;
		case YAML_SEQUENCE_NODE:
			if ((uint64_t)a + b > nitems)
				goto bad;
			n->data.sequence.items.start = (yaml_node_item_t *)(items + a);
			n->data.sequence.items.top = n->data.sequence.items.end = n->data.sequence.items.start + b;
			n->data.sequence.style = (yaml_sequence_style_t)style;
			break;
		case YAML_MAPPING_NODE:
			if ((uint64_t)a + b > npairs)
				goto bad;
			n->data.mapping.pairs.start = (yaml_node_pair_t *)(pairs + 2 * (uint64_t)a);
			n->data.mapping.pairs.top = n->data.mapping.pairs.end = n->data.mapping.pairs.start + b;
			n->data.mapping.style = (yaml_mapping_style_t)style;
			break;
		default:
			goto bad;
		}
	}
	memset(doc, 0, sizeof(*doc));
	doc->nodes.start = nodes;
	doc->nodes.top = doc->nodes.end = nodes + nnodes;
	get_mark(blob + 16, &doc->start_mark);
	get_mark(blob + 28, &doc->end_mark);
	uint32_t flags = rd32(blob + 40);
	doc->start_implicit = (flags & 1u) != 0;
	doc->end_implicit = (flags & 2u) != 0;
	return 0;
bad:
	free(nodes);
	return -1;
}

/* ---- the interface ------------------------------------------------------------------------------ */

int ysnap_lookup(const char *file, const char *data, size_t len, yaml_document_t *doc)
{
	init();
	if (!S.enabled)
		return -1;
	uint64_t h = ysnap_hash64(data, len, 0);
	for (size_t i = S.npend; i-- > 0;) {
		struct pending *p = &S.pend[i];
		if (p->src_len == len && p->src_hash == h && !strcmp(p->path, file) &&
		    decode((const unsigned char *)p->blob.buf, p->blob.len, doc) == 0) {
			S.st.hits++;
			return 0;
		}
	}
	for (size_t i = 0; i < S.nentries; i++) {
		const struct snap_entry *e = &S.entries[i];
		if (e->src_len != len || e->src_hash != h || S.state[i] == 2 ||
		    strcmp((const char *)S.map + e->path_off, file))
			continue;
		const unsigned char *blob = S.map + e->blob_off;
		if (!S.state[i])
			S.state[i] = ysnap_hash64(blob, (size_t)e->blob_len, 0) == e->blob_hash ? 1 : 2;
		if (S.state[i] == 1 && decode(blob, (size_t)e->blob_len, doc) == 0) {
			S.used[i] = true;
			S.st.hits++;
			return 0;
		}
		S.state[i] = 2;
		S.st.rejected++;
		S.dirty = true;
	}
	S.st.misses++;
	return -1;
}

/* A new entry at the end of the pending list (grown as needed); the caller fills it. */
static struct pending *pending_push(void)
{
	if (S.npend == S.cpend) {
		S.cpend = S.cpend ? 2 * S.cpend : 16;
		S.pend = xrealloc(S.pend, S.cpend * sizeof(*S.pend));
	}
	return &S.pend[S.npend++];
}

void ysnap_store(const char *file, const char *data, size_t len, const yaml_document_t *doc)
{
	init();
	if (!S.enabled)
		return;
	struct strbuf blob = STRBUF_INIT;
	if (!encode(doc, &blob)) {
		strbuf_release(&blob);
		return;
	}
	struct pending *p = pending_push();
	p->path = xstrdup(file);
	p->src_len = len;
	p->src_hash = ysnap_hash64(data, len, 0);
	p->blob = blob;
	S.dirty = true;
}

int ysnap_record_lookup(const char *key, uint64_t hash, const void **blob, size_t *len)
{
	init();
	if (!S.enabled)
		return -1;
	for (size_t i = S.npend; i-- > 0;) {
		struct pending *p = &S.pend[i];
		if (p->src_len == 0 && p->src_hash == hash && !strcmp(p->path, key)) {
			*blob = p->blob.buf;
			*len = p->blob.len;
			S.st.record_hits++;
			return 0;
		}
	}
	for (size_t i = 0; i < S.nentries; i++) {
		const struct snap_entry *e = &S.entries[i];
		if (e->src_len != 0 || e->src_hash != hash || S.state[i] == 2 ||
		    strcmp((const char *)S.map + e->path_off, key))
			continue;
		if (!S.state[i])
			S.state[i] = ysnap_hash64(S.map + e->blob_off, (size_t)e->blob_len, 0) == e->blob_hash ? 1 : 2;
		if (S.state[i] == 1) {
			S.used[i] = true;
			*blob = S.map + e->blob_off;
			*len = (size_t)e->blob_len;
			S.st.record_hits++;
			return 0;
		}
		S.st.rejected++;
		S.dirty = true;
	}
	return -1;
}

void ysnap_record_store(const char *key, uint64_t hash, const void *blob, size_t len)
{
	init();
	if (!S.enabled)
		return;
	struct pending *p = pending_push();
	p->path = xstrdup(key);
	p->src_len = 0; /* a record: no source file (a document's source is never empty: see ydoc_parse) */
	p->src_hash = hash;
	strbuf_init(&p->blob);
	strbuf_add(&p->blob, blob, len);
	S.dirty = true;
}

void ysnap_doc_release(yaml_document_t *doc)
{
	free(doc->nodes.start);
	memset(doc, 0, sizeof(*doc));
}

/* One entry of the new file: its path, source key and blob. */
struct out_entry {
	const char *path;
	uint64_t src_len, src_hash;
	const void *blob;
	size_t blob_len;
};

static bool superseded(const struct out_entry *v, size_t n, const char *path)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(v[i].path, path))
			return true;
	return false;
}

/* Whether the cache directory may be made: always, except that $HOME itself is never created */
static bool may_make_dir(void)
{
	if (!S.keep)
		return true;
	char *home = xstrndup(S.dir.buf, S.keep);
	struct stat st;
	bool ok = stat(home, &st) == 0 && S_ISDIR(st.st_mode);
	free(home);
	return ok;
}

/* mkdir -p the cache directory (private to the user), below $HOME when that is the base */
static void make_cache_dir(void)
{
	for (size_t i = S.keep + 1; i <= S.dir.len; i++) {
		if (i < S.dir.len && S.dir.buf[i] != '/')
			continue;
		char save = S.dir.buf[i];
		S.dir.buf[i] = '\0';
		mkdir(S.dir.buf, 0700);
		S.dir.buf[i] = save;
	}
}

/* Removes the temporary snapshots of writers that died (SIGKILL, a power cut, a machine gone): the
 * user's own regular files named .*.snap.*.tmp older than 10 minutes (no write takes that long; a
 * younger one may be another process's, being written now). Any version's: they are all dead weight. */
static void sweep_stale_tmp(void)
{
	DIR *d = opendir(S.dir.buf);
	if (!d)
		return;
	time_t now = time(NULL);
	struct dirent *e;
	while ((e = readdir(d))) {
		const char *n = e->d_name;
		size_t len = strlen(n);
		if (n[0] != '.' || len < 10 || strcmp(n + len - 4, ".tmp") || !strstr(n, ".snap."))
			continue;
		struct stat st;
		if (fstatat(dirfd(d), n, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
		    now - st.st_mtime > 600)
			unlinkat(dirfd(d), n, 0);
	}
	closedir(d);
}

/* Writes the file through a temporary file in the same directory and rename(2); errors are silent. */
static bool write_snapshot(const struct out_entry *v, size_t n)
{
	struct snap_header h;
	memset(&h, 0, sizeof(h));
	memcpy(h.magic, SNAP_MAGIC, 8);
	h.format = SNAP_FORMAT;
	h.bom = SNAP_BOM;
	memcpy(h.version, S.version, sizeof(h.version));
	h.nentries = n;
	struct strbuf idx = STRBUF_INIT, paths = STRBUF_INIT;
	uint64_t paths_off = sizeof(h) + n * sizeof(struct snap_entry);
	for (size_t i = 0; i < n; i++)
		add_string(&paths, v[i].path, strlen(v[i].path));
	while ((paths_off + paths.len) % 8)
		strbuf_addch(&paths, '\0');
	h.blobs_off = paths_off + paths.len;
	uint64_t at = h.blobs_off, poff = paths_off;
	for (size_t i = 0; i < n; i++) {
		struct snap_entry e = {poff, strlen(v[i].path), v[i].src_len, v[i].src_hash, at, v[i].blob_len,
				       ysnap_hash64(v[i].blob, v[i].blob_len, 0)};
		poff += e.path_len + 1;
		at += (v[i].blob_len + 7) & ~(uint64_t)7;
		strbuf_add(&idx, &e, sizeof(e));
	}
	strbuf_add(&idx, paths.buf, paths.len);
	h.file_len = at;
	h.index_hash = ysnap_hash64(idx.buf, idx.len, 0);
	h.header_hash = ysnap_hash64(&h, offsetof(struct snap_header, header_hash), 0);
	struct strbuf all = STRBUF_INIT;
	strbuf_grow(&all, (size_t)at);
	strbuf_add(&all, &h, sizeof(h));
	strbuf_add(&all, idx.buf, idx.len);
	static const char zeros[8];
	for (size_t i = 0; i < n; i++) {
		strbuf_add(&all, v[i].blob, v[i].blob_len);
		strbuf_add(&all, zeros, ((v[i].blob_len + 7) & ~(size_t)7) - v[i].blob_len);
	}
	strbuf_release(&idx);
	strbuf_release(&paths);

	bool ok = false;
	struct strbuf tmp = STRBUF_INIT;
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	strbuf_addf(&tmp, "%s/.%s.%ld.%ld.tmp", S.dir.buf, SNAP_NAME, (long)getpid(), (long)ts.tv_nsec);
	sweep_stale_tmp();
	/* an unnamed file while it is written (O_TMPFILE): a signal or SIGKILL during the write leaves
	 * nothing; it gets its temporary name only for the rename */
	bool anon = access("/proc/self/fd", X_OK) == 0; /* linkat names the file through /proc */
	int fd = anon ? open(S.dir.buf, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600) : -1;
	if (anon && fd < 0 && errno == ENOENT && may_make_dir()) {
		make_cache_dir();
		fd = open(S.dir.buf, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	}
	if (fd < 0) {
		anon = false;
		fd = open(tmp.buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	}
	if (fd < 0 && errno == ENOENT && may_make_dir()) {
		make_cache_dir();
		fd = open(tmp.buf, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	}
	if (fd >= 0) {
		size_t done = 0;
		while (done < all.len) {
			ssize_t w = write(fd, all.buf + done, all.len - done);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				break;
			done += (size_t)w;
		}
		if (anon) {
			char proc[64];
			snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
			ok = done == all.len && linkat(AT_FDCWD, proc, AT_FDCWD, tmp.buf, AT_SYMLINK_FOLLOW) == 0;
			ok = close(fd) == 0 && ok && rename(tmp.buf, S.path.buf) == 0;
		} else {
			ok = close(fd) == 0 && done == all.len && rename(tmp.buf, S.path.buf) == 0;
		}
		if (!ok)
			unlink(tmp.buf);
	}
	strbuf_release(&tmp);
	strbuf_release(&all);
	return ok;
}

/* Whether an entry this process did not use is worth keeping: a document's file still exists; a record
 * (a key starting with \001) is kept when it names no file ("\001maple cluster index": one of a few fixed
 * names, replaced by its newest writer) or when the file it ends with still exists (a knowledge-base
 * file's "checked" mark). Records were dropped here when a process that did not use them rewrote the
 * snapshot (a `debug` dropped the vocabulary `generate` uses, and the next `generate` parsed it again). */
static bool still_there(const char *path, struct stat *st)
{
	if (path[0] == '\001') {
		path = strchr(path, '/');
		if (!path)
			return true;
	}
	return stat(path, st) == 0;
}

void ysnap_flush(void)
{
	if (!S.init || !S.enabled || !S.dirty || S.pid != getpid())
		return;
	S.dirty = false;
	size_t cap = S.npend + S.nentries, n = 0, bytes = 0;
	struct out_entry *v = xcalloc(cap ? cap : 1, sizeof(*v));
	/* newest first: this process's documents, then the old ones it used, then the rest while they fit
	 * and their files still exist (temporary data directories come and go) */
	for (size_t i = S.npend; i-- > 0;) {
		struct pending *p = &S.pend[i];
		if (superseded(v, n, p->path))
			continue;
		v[n++] = (struct out_entry){p->path, p->src_len, p->src_hash, p->blob.buf, p->blob.len};
		bytes += p->blob.len;
	}
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < S.nentries; i++) {
			const struct snap_entry *e = &S.entries[i];
			const char *path = (const char *)S.map + e->path_off;
			struct stat st;
			if (S.used[i] != (pass == 0) || n >= SNAP_MAX_ENTRIES || superseded(v, n, path) ||
			    (pass == 1 && !still_there(path, &st)))
				continue;
			if (!S.state[i])
				S.state[i] = ysnap_hash64(S.map + e->blob_off, (size_t)e->blob_len, 0) == e->blob_hash ? 1 : 2;
			if (S.state[i] != 1 || bytes + e->blob_len > SNAP_MAX_BYTES)
				continue;
			v[n++] = (struct out_entry){path, e->src_len, e->src_hash, S.map + e->blob_off, (size_t)e->blob_len};
			bytes += (size_t)e->blob_len;
		}
	}
	S.st.wrote = write_snapshot(v, n);
	free(v);
}

void ysnap_get_stats(struct ysnap_stats *st)
{
	*st = S.st;
}

const char *ysnap_path(void)
{
	init();
	return S.enabled ? S.path.buf : "";
}

void ysnap_reset(void)
{
	unmap();
	for (size_t i = 0; i < S.npend; i++) {
		free(S.pend[i].path);
		strbuf_release(&S.pend[i].blob);
	}
	free(S.pend);
	S.pend = NULL;
	S.npend = S.cpend = 0;
	if (S.init) {
		strbuf_release(&S.dir);
		strbuf_release(&S.path);
	}
	S.init = S.enabled = S.dirty = false;
	S.keep = 0;
	memset(&S.st, 0, sizeof(S.st));
	version_as = NULL;
}

void ysnap_reset_as(const char *version)
{
	ysnap_reset();
	version_as = version;
}
