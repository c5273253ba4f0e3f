/* models.c - loads data/models/<family>.yaml (strict keys, typed values, one message per problem) and
 * matches model names against ids and aliases. */
#include "models.h"

#include "../repo/ydoc.h"
#include "../util/arena.h"
#include "../util/fsutil.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_MODEL_FILE (1024 * 1024)

struct model_db {
	struct arena arena;
	struct model_info **items;
	size_t n, cap;
};

static const char *const kind_names[] = {"decoder", "encoder", "encoder-decoder", "vision-transformer", "cnn"};

const char *model_kind_name(enum model_kind k)
{
	return kind_names[k];
}

int model_tokens_at(const struct model_info *mi, int res)
{
	int side = mi->patch_size * (mi->latent_factor ? mi->latent_factor : 1);
	if (!mi->patch_size || !mi->image_size || res <= 0 || res % side || mi->image_size % side)
		return 0;
	long native = (long)(mi->image_size / side) * (mi->image_size / side);
	long extra = mi->seq > native ? mi->seq - native : 0; /* a class token (ViT), distillation token (DeiT) */
	long n = (long)(res / side) * (res / side) + extra;
	return n > 0 && n < (1L << 24) ? (int)n : 0;
}

static const char *const family_keys[] = {"family", "kind", "source", "models", NULL};
static const char *const family_req[] = {"family", "kind", "source", "models", NULL};
static const char *const model_keys[] = {"id",	 "aliases", "default", "params",	    "hidden_size", "layers",
					 "heads", "vocab",   "seq",	  "intermediate_size", "head_dim",	   "mlp",
					 "experts", "experts_per_token", "shared_experts", "expert_intermediate_size",
					 "dense_layers", "image_size", "patch_size", "latent_factor", "source", NULL};
static const char *const model_req[] = {"id", "params", "source", NULL};

/* "6738415616", "6.74e9", "124M", "6.74B" -> a count; -1 when malformed. */
static double parse_count(const char *s)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || !isfinite(v) || v <= 0)
		return -1;
	if (*end == 'K' || *end == 'k')
		v *= 1e3, end++;
	else if (*end == 'M' || *end == 'm')
		v *= 1e6, end++;
	else if (*end == 'B' || *end == 'b' || *end == 'G')
		v *= 1e9, end++;
	else if (*end == 'T')
		v *= 1e12, end++;
	return *end ? -1 : v;
}

static void load_model(struct ydoc *y, yaml_node_t *m, const char *family, enum model_kind kind,
		       struct model_db *db, const char *file)
{
	if (!yis_map(m)) {
		yerr(y, m, "each entry of models is a mapping (id, params, source, ...)");
		return;
	}
	int before = y->nerrs;
	ymap_check(y, m, "model", model_keys, model_req);
	struct model_info *mi = arena_alloc(y->arena, sizeof(*mi));
	mi->family = family;
	mi->kind = kind;
	mi->file = file;
	mi->line = ynode_line(m);
	yget_str(y, m, "id", &mi->id);
	yget_strlist(y, m, "aliases", &mi->aliases, &mi->naliases);
	yget_bool(y, m, "default", &mi->is_default);
	yget_str(y, m, "source", &mi->source);
	const char *ps = NULL;
	if (yget_str(y, m, "params", &ps) && ps) {
		mi->params = parse_count(ps);
		if (mi->params < 1)
			yerr(y, ymap_get(y, m, "params"),
			     "params '%s' is not a count (write 6738415616, 6.74e9, 124M or 6.74B)", ps);
	}
	yget_int(y, m, "hidden_size", 1, 1 << 20, &mi->hidden);
	yget_int(y, m, "layers", 1, 10000, &mi->layers);
	yget_int(y, m, "heads", 1, 10000, &mi->heads);
	yget_int(y, m, "vocab", 1, 1 << 24, &mi->vocab);
	yget_int(y, m, "seq", 1, 1 << 24, &mi->seq);
	yget_int(y, m, "intermediate_size", 1, 1 << 24, &mi->intermediate);
	yget_int(y, m, "head_dim", 1, 1 << 16, &mi->head_dim);
	yget_int(y, m, "experts", 1, 1 << 16, &mi->experts);
	yget_int(y, m, "experts_per_token", 1, 1 << 16, &mi->experts_per_token);
	yget_int(y, m, "shared_experts", 1, 1 << 16, &mi->shared_experts);
	yget_int(y, m, "expert_intermediate_size", 1, 1 << 24, &mi->expert_intermediate);
	yget_int(y, m, "dense_layers", 1, 10000, &mi->dense_layers);
	yget_int(y, m, "image_size", 1, 1 << 16, &mi->image_size);
	yget_int(y, m, "patch_size", 1, 1 << 12, &mi->patch_size);
	yget_int(y, m, "latent_factor", 1, 64, &mi->latent_factor);
	if ((mi->image_size || mi->patch_size || mi->latent_factor) &&
	    !(mi->image_size && mi->patch_size && mi->seq &&
	      mi->image_size % (mi->patch_size * (mi->latent_factor ? mi->latent_factor : 1)) == 0 &&
	      model_tokens_at(mi, mi->image_size) == mi->seq))
		yerr(y, m, "model '%s': image_size, patch_size and latent_factor go with seq: seq is the tokens at image_size "
			   "((image_size / (latent_factor x patch_size))^2, plus a class token or two), and image_size a "
			   "multiple of a token's side",
		     mi->id ? mi->id : "?");
	if ((mi->experts || mi->experts_per_token || mi->shared_experts || mi->expert_intermediate || mi->dense_layers) &&
	    !(mi->experts && mi->experts_per_token && mi->hidden && mi->experts_per_token <= mi->experts &&
	      mi->dense_layers < mi->layers))
		yerr(y, m, "model '%s': a mixture of experts gives experts and experts_per_token (at most experts) with "
			   "hidden_size, layers and heads, and fewer dense_layers than layers",
		     mi->id ? mi->id : "?");
	const char *mlp = NULL;
	if (yget_str(y, m, "mlp", &mlp) && mlp) {
		if (!strcmp(mlp, "gated"))
			mi->gated = true;
		else if (strcmp(mlp, "plain"))
			yerr(y, ymap_get(y, m, "mlp"), "mlp '%s' is not gated or plain", mlp);
	}
	if (mi->source && strncmp(mi->source, "https://", 8) && strncmp(mi->source, "http://", 7))
		yerr(y, ymap_get(y, m, "source"), "source '%s' is not a URL", mi->source);
	if (kind != MK_CNN && (mi->hidden || mi->layers || mi->heads) && !(mi->hidden && mi->layers && mi->heads))
		yerr(y, m, "model '%s': give hidden_size, layers and heads together (or none of them)",
		     mi->id ? mi->id : "?");
	if ((mi->intermediate || mi->head_dim || mlp) && !mi->hidden)
		yerr(y, m, "model '%s': intermediate_size, head_dim and mlp describe a transformer's shape: give "
			   "hidden_size, layers and heads with them",
		     mi->id ? mi->id : "?");
	if (y->nerrs != before || !mi->id)
		return;
	size_t k;
	for (k = 0; k < db->n; k++)
		if (!strcmp(db->items[k]->id, mi->id))
			break;
	if (k == db->n) {
		if (db->n == db->cap) {
			db->cap = db->cap ? db->cap * 2 : 32;
			db->items = xrealloc(db->items, db->cap * sizeof(*db->items));
		}
		db->n++;
	}
	db->items[k] = mi; /* later directories override earlier ones */
}

static void load_file(struct model_db *db, const char *path, struct strbuf *errs)
{
	struct strbuf data = STRBUF_INIT;
	struct maple_error e;
	if (read_file(path, &data, MAX_MODEL_FILE, &e) < 0) {
		strbuf_addf(errs, "%s:1: %s\n", path, e.text);
		strbuf_release(&data);
		return;
	}
	struct ydoc y;
	if (ydoc_parse(&y, &db->arena, errs, path, data.buf, data.len) == 0) {
		yaml_node_t *root = ydoc_root(&y);
		if (!yis_map(root)) {
			yerr(&y, root, "a model file is a mapping with family, kind, source and models");
		} else {
			ymap_check(&y, root, "model family", family_keys, family_req);
			const char *family = NULL, *kind = NULL, *src = NULL;
			yget_str(&y, root, "family", &family);
			yget_str(&y, root, "kind", &kind);
			yget_str(&y, root, "source", &src);
			int k = -1;
			for (int i = 0; kind && i < (int)(sizeof(kind_names) / sizeof(kind_names[0])); i++)
				if (!strcmp(kind, kind_names[i]))
					k = i;
			if (kind && k < 0)
				yerr(&y, ymap_get(&y, root, "kind"),
				     "unknown kind '%s' (decoder, encoder, encoder-decoder, vision-transformer, cnn)", kind);
			yaml_node_t *models = ymap_get(&y, root, "models");
			if (models && !yis_seq(models))
				yerr(&y, models, "models is a list of models");
			else if (models && family && k >= 0)
				for (size_t i = 0; i < yseq_len(models); i++)
					load_model(&y, yseq_at(&y, models, i), family, (enum model_kind)k, db, y.file);
		}
	}
	ydoc_release(&y);
	strbuf_release(&data);
}

struct model_db *model_db_open(const struct strvec *dirs, struct maple_error *err)
{
	struct model_db *db = xcalloc(1, sizeof(*db));
	arena_init(&db->arena);
	struct strbuf errs = STRBUF_INIT, dir = STRBUF_INIT;
	for (size_t d = 0; d < dirs->nr; d++) {
		strbuf_reset(&dir);
		strbuf_addf(&dir, "%s/models", dirs->v[d]);
		struct strvec names = STRVEC_INIT;
		list_dir_suffix(dir.buf, ".yaml", &names);
		for (size_t i = 0; i < names.nr; i++) {
			struct strbuf p = STRBUF_INIT;
			strbuf_addf(&p, "%s/%s", dir.buf, names.v[i]);
			load_file(db, p.buf, &errs);
			strbuf_release(&p);
		}
		strvec_clear(&names);
	}
	strbuf_release(&dir);
	if (errs.len) {
		if (errs.buf[errs.len - 1] == '\n')
			strbuf_setlen(&errs, errs.len - 1);
		errorf(err, "%s", errs.buf);
		strbuf_release(&errs);
		model_db_destroy(db);
		return NULL;
	}
	strbuf_release(&errs);
	return db;
}

void model_db_destroy(struct model_db *db)
{
	if (!db)
		return;
	free(db->items);
	arena_release(&db->arena);
	free(db);
}

size_t model_db_count(const struct model_db *db)
{
	return db->n;
}

const struct model_info *model_db_at(const struct model_db *db, size_t i)
{
	return db->items[i];
}

/* Lower case, letters and digits only. */
static void norm(const char *s, char *out, size_t cap)
{
	size_t n = 0;
	for (; *s && n + 1 < cap; s++)
		if (isalnum((unsigned char)*s))
			out[n++] = (char)tolower((unsigned char)*s);
	out[n] = '\0';
}

static const struct model_info *find_norm(const struct model_db *db, const char *key, bool prefix, size_t *best_len)
{
	const struct model_info *best = NULL;
	char buf[256];
	for (size_t i = 0; i < db->n; i++) {
		const struct model_info *m = db->items[i];
		for (size_t a = 0; a <= m->naliases; a++) {
			const char *name = a == 0 ? m->id : m->aliases[a - 1];
			const char *slash = strrchr(name, '/');
			for (int pass = 0; pass < (slash ? 2 : 1); pass++) {
				norm(pass ? slash + 1 : name, buf, sizeof(buf));
				size_t l = strlen(buf);
				if (!prefix) {
					if (!strcmp(buf, key))
						return m;
				} else if (l >= 4 && l > *best_len && !strncmp(key, buf, l)) {
					best = m;
					*best_len = l;
				}
			}
		}
	}
	return best;
}

const struct model_info *model_db_find(const struct model_db *db, const char *name)
{
	if (!db || !name || !*name)
		return NULL;
	/* a name spelt exactly as an id or alias (case and separators kept) wins over the normalised
	 * match: torchvision's "vit_b_16" and open_clip's "ViT-B-16" normalise alike, as do
	 * "regnet_y_16gf" and "regnet_y_1_6gf" */
	for (size_t i = 0; i < db->n; i++) {
		const struct model_info *m = db->items[i];
		for (size_t a = 0; a <= m->naliases; a++)
			if (!strcmp(a == 0 ? m->id : m->aliases[a - 1], name))
				return m;
	}
	char key[256], tail[256];
	norm(name, key, sizeof(key));
	const char *slash = strrchr(name, '/');
	norm(slash ? slash + 1 : name, tail, sizeof(tail));
	size_t best_len = 0;
	const struct model_info *m = find_norm(db, key, false, &best_len);
	if (!m && slash)
		m = find_norm(db, tail, false, &best_len);
	if (m)
		return m;
	m = find_norm(db, tail, true, &best_len);
	if (m)
		return m;
	for (size_t i = 0; i < db->n; i++) {
		char fam[128];
		norm(db->items[i]->family, fam, sizeof(fam));
		if (db->items[i]->is_default && !strcmp(fam, tail))
			return db->items[i];
	}
	return NULL;
}
