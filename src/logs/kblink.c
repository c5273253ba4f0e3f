/* kblink.c - links log failures to the debug knowledge base (data/kb/<name>.yaml) when it exists.
 * The knowledge base is another part of maple; this reader is lenient on purpose: any mapping
 * with an `id` counts as a signature, matched by its id, its `aliases`, or its `patterns` /
 * `pattern` / `match` / `regex` strings (as plain substrings) against the failure's line. */
#include "logread.h"

#include "../util/fsutil.h"
#include "../util/strbuf.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

struct sig {
	const char *id;
	yaml_node_t *node;
};

static const char *scalar(yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

static yaml_node_t *get(yaml_document_t *d, yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
		const char *k = scalar(yaml_document_get_node(d, p->key));
		if (k && !strcmp(k, key))
			return yaml_document_get_node(d, p->value);
	}
	return NULL;
}

/* Whether s equals (exact) or occurs in (substr) any scalar of n (a scalar or a list). */
static bool any_matches(yaml_document_t *d, yaml_node_t *n, const char *s, bool substr)
{
	if (!n)
		return false;
	if (n->type == YAML_SCALAR_NODE) {
		const char *v = scalar(n);
		return v && *v && (substr ? strstr(s, v) != NULL : !strcmp(v, s));
	}
	if (n->type == YAML_SEQUENCE_NODE)
		for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
			if (any_matches(d, yaml_document_get_node(d, *it), s, substr))
				return true;
	return false;
}

static void visit(yaml_document_t *d, yaml_node_t *n, const struct log_report *r, const char *file, json_t *out,
		  int depth)
{
	if (!n || depth > 8)
		return;
	if (n->type == YAML_MAPPING_NODE) {
		const char *id = scalar(get(d, n, "id"));
		if (id) {
			for (size_t i = 0; i < r->nfailures; i++) {
				const struct log_failure *f = &r->failures[i];
				if (json_object_get(out, f->id))
					continue;
				static const char *const pat_keys[] = {"patterns", "pattern", "match", "regex", "signature", NULL};
				bool hit = !strcmp(id, f->id) || any_matches(d, get(d, n, "aliases"), f->id, false);
				for (int k = 0; !hit && pat_keys[k]; k++)
					hit = any_matches(d, get(d, n, pat_keys[k]), f->message, true);
				if (hit) {
					json_t *link = json_object();
					json_object_set_new(link, "id", json_string(id));
					json_object_set_new(link, "file", json_string(file));
					json_object_set_new(out, f->id, link);
				}
			}
		}
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++)
			visit(d, yaml_document_get_node(d, p->value), r, file, out, depth + 1);
	} else if (n->type == YAML_SEQUENCE_NODE) {
		for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++)
			visit(d, yaml_document_get_node(d, *it), r, file, out, depth + 1);
	}
}

json_t *log_kb_links(const struct log_report *r, const struct strvec *data_dirs)
{
	json_t *out = json_object();
	if (!r->nfailures)
		return out;
	struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT, data = STRBUF_INIT;
	for (size_t i = 0; i < data_dirs->nr; i++) {
		strbuf_reset(&dir);
		strbuf_addf(&dir, "%s/kb", data_dirs->v[i]);
		DIR *dp = opendir(dir.buf);
		if (!dp)
			continue;
		struct dirent *e;
		while ((e = readdir(dp))) {
			size_t n = strlen(e->d_name);
			if (e->d_name[0] == '.' || n < 6 || strcmp(e->d_name + n - 5, ".yaml"))
				continue;
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/%s", dir.buf, e->d_name);
			strbuf_reset(&data);
			if (read_file(path.buf, &data, 1 << 20, NULL) < 0)
				continue;
			yaml_parser_t p;
			yaml_parser_initialize(&p);
			yaml_parser_set_input_string(&p, (const unsigned char *)data.buf, data.len);
			yaml_document_t doc;
			if (yaml_parser_load(&p, &doc)) {
				visit(&doc, yaml_document_get_root_node(&doc), r, path.buf, out, 0);
				yaml_document_delete(&doc);
			}
			yaml_parser_delete(&p);
		}
		closedir(dp);
	}
	strbuf_release(&dir);
	strbuf_release(&path);
	strbuf_release(&data);
	return out;
}
