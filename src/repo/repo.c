/* repo.c - the repository of cluster profiles and launch templates: finds the data directories' files,
 * loads each profile (profile.c reads one), indexes ids and aliases, loads templates lazily per cluster,
 * serves lookups; also the names of frameworks, strategies and schedulers and the walltime parser. */
#include "repo.h"
#include "load.h"
#include "placeholder.h"
#include "ydoc.h"
#include "ysnap.h"

#include "../util/fsutil.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_DATA_FILE (1024 * 1024)

static const char *const fw_names[] = {"pytorch", "deepspeed", "accelerate"};
static const char *const st_names[] = {"ddp", "fsdp", "zero1", "zero2", "zero3"};

const char *framework_name(enum framework f)
{
	return f >= 0 && f < FW_COUNT ? fw_names[f] : NULL;
}

const char *strategy_name(enum strategy s)
{
	return s >= 0 && s < ST_COUNT ? st_names[s] : NULL;
}

const char *scheduler_name(enum scheduler s)
{
	return s == SCHED_PBS ? "pbs" : "slurm";
}

enum framework framework_from_name(const char *s)
{
	for (int i = 0; i < FW_COUNT; i++)
		if (!strcmp(s, fw_names[i]))
			return (enum framework)i;
	return FW_NONE;
}

enum strategy strategy_from_name(const char *s)
{
	for (int i = 0; i < ST_COUNT; i++)
		if (!strcmp(s, st_names[i]))
			return (enum strategy)i;
	return ST_NONE;
}

bool framework_allows(enum framework f, enum strategy s)
{
	switch (f) {
	case FW_PYTORCH:
		return s == ST_DDP || s == ST_FSDP;
	case FW_DEEPSPEED:
		return s == ST_ZERO1 || s == ST_ZERO2 || s == ST_ZERO3;
	case FW_ACCELERATE:
		return s >= 0 && s < ST_COUNT;
	default:
		return false;
	}
}

const char *const placeholder_names[] = {
	"nodes",	 "gpus_per_node", "total_gpus", "tasks_per_node", "total_tasks",
	"cpus_per_task", "master_port",	  "walltime",	"walltime_minutes", "job_name",
	"account",	 "queue",	  "command",	"script",	  "script_args",
	"zero_stage",	 "ds_config",	  "deepspeed_args", "accelerate_flags", "mixed_precision",
	"qos",		 "image",	  "container",	"filesystems", NULL};

bool placeholder_known(const char *name, size_t len)
{
	for (const char *const *p = placeholder_names; *p; p++)
		if (strlen(*p) == len && !strncmp(*p, name, len))
			return true;
	return false;
}

int parse_walltime(const char *s)
{
	long days = 0, f[3];
	int nf = 0;
	const char *p = s;
	const char *dash = strchr(s, '-');
	if (dash) {
		char *end;
		days = strtol(s, &end, 10);
		if (end != dash || days < 0 || end - s > 5)
			return -1;
		p = dash + 1;
	}
	while (*p && nf < 3) {
		if (*p < '0' || *p > '9')
			return -1;
		char *end;
		f[nf] = strtol(p, &end, 10);
		if (end - p > 7 || f[nf] < 0)
			return -1; /* more than 9,999,999 of any unit is not a walltime */
		nf++;
		p = end;
		if (*p == ':') {
			p++;
			if (!*p)
				return -1;
		} else if (*p) {
			return -1;
		}
	}
	if (*p || nf == 0)
		return -1;
	long h = 0, m = 0, sec = 0;
	if (nf == 3) {
		h = f[0], m = f[1], sec = f[2];
	} else if (nf == 2) {
		if (dash)
			h = f[0], m = f[1];
		else
			m = f[0], sec = f[1];
	} else {
		if (dash)
			h = f[0];
		else
			m = f[0];
	}
	if (m >= 60 && nf > 1)
		return -1;
	if (sec >= 60)
		return -1;
	long total = days * 1440 + h * 60 + m + (sec > 0);
	return total > INT_MAX / 2 ? -1 : (int)total;
}

/* ---------------------------------------------------------------------------------------------- */

struct tdir {
	const char *cluster;
	bool loaded;
	char *error; /* why loading failed (every later request for the cluster gets it), NULL when it did not */
	const struct template **items;
	size_t n;
};

/* A cluster profile file read when the repository opened: kept for building its cluster later */
struct pfile {
	char *path, *stem;
	struct filebytes data; /* mapped when it can be (fsutil.h) */
	char *read_error; /* NULL: read */
};

struct repo {
	struct arena arena;
	const char **names; /* normalized ids, aliases and display names (arena); built on first use */
	size_t *name_owner; /* the index of the cluster names[i] belongs to */
	size_t *name_len; /* strlen(names[i]) */
	size_t nnames;
	bool names_built;
	void *name_memo; /* repo_name_memo() (arena) */
	struct strvec dirs;
	/* briefs[i]: cluster i as far as the snapshot's index tells (brief.c), or the cluster itself;
	 * clusters[i]: cluster i built from its profile (NULL until first use when the index was used) */
	struct cluster **briefs;
	struct cluster **clusters;
	size_t nclusters;
	struct pfile *files; /* the profiles, kept while a cluster may still be built from them */
	size_t nfiles;
	struct tdir *tdirs; /* parallel to clusters */
};

/* ---------------------------------------------------------------------------------------------- */

/* Sorted names of *.yaml files in dir (empty when dir does not exist). */
static void list_yaml(const char *dir, struct strvec *out)
{
	list_dir_suffix(dir, ".yaml", out);
}

static int parse_file(struct repo *r, const char *path, struct strbuf *errs, struct ydoc *y)
{
	struct strbuf data = STRBUF_INIT;
	struct maple_error e;
	if (read_file(path, &data, MAX_DATA_FILE, &e) < 0) {
		strbuf_addf(errs, "%s:1: %s\n", path, e.text);
		strbuf_release(&data);
		return -1;
	}
	int rc = ydoc_parse(y, &r->arena, errs, path, data.buf, data.len);
	strbuf_release(&data);
	return rc;
}

static void free_files(struct repo *r)
{
	for (size_t i = 0; i < r->nfiles; i++) {
		free(r->files[i].path);
		free(r->files[i].stem);
		free(r->files[i].read_error);
		filebytes_release(&r->files[i].data);
	}
	free(r->files);
	r->files = NULL;
	r->nfiles = 0;
}

static void finish_errors(struct strbuf *errs, struct maple_error *err)
{
	strbuf_setlen(errs, errs->len && errs->buf[errs->len - 1] == '\n' ? errs->len - 1 : errs->len);
	errorf(err, "%s", errs->buf);
}

static char *normalize_alias(const char *s)
{
	char *out = xmalloc(strlen(s) + 1), *o = out;
	for (; *s; s++) {
		if (*s == ' ' || *s == '-' || *s == '_')
			continue;
		*o++ = (char)((*s >= 'A' && *s <= 'Z') ? *s + 32 : *s);
	}
	*o = '\0';
	return out;
}

static void check_alias_clashes(struct repo *r, struct strbuf *errs)
{
	struct strvec names = STRVEC_INIT, owners = STRVEC_INIT;
	for (size_t i = 0; i < r->nclusters; i++) {
		struct cluster *c = r->clusters[i];
		for (size_t k = 0; k <= c->naliases; k++) {
			char *n = normalize_alias(k ? c->aliases[k - 1] : c->id);
			for (size_t j = 0; j < names.nr; j++)
				if (!strcmp(names.v[j], n) && strcmp(owners.v[j], c->id))
					strbuf_addf(errs, "%s:1: alias '%s' of cluster '%s' is also a name of cluster '%s'\n",
						    c->file, k ? c->aliases[k - 1] : c->id, c->id, owners.v[j]);
			strvec_push_nodup(&names, n);
			strvec_push(&owners, c->id);
		}
	}
	strvec_clear(&names);
	strvec_clear(&owners);
}

static void build_name_index(struct repo *r)
{
	size_t cap = 0;
	for (size_t i = 0; i < r->nclusters; i++)
		cap += 2 + r->briefs[i]->naliases;
	r->names = arena_alloc(&r->arena, (cap + 1) * sizeof(*r->names));
	r->name_owner = arena_alloc(&r->arena, (cap + 1) * sizeof(*r->name_owner));
	r->name_len = arena_alloc(&r->arena, (cap + 1) * sizeof(*r->name_len));
	for (size_t i = 0; i < r->nclusters; i++) {
		const struct cluster *c = r->briefs[i];
		for (size_t k = 0; k < c->naliases + 2; k++) {
			const char *src = k == 0 ? c->id : k == 1 ? c->name : c->aliases[k - 2];
			char *n = normalize_alias(src);
			r->names[r->nnames] = arena_strdup(&r->arena, n);
			r->name_len[r->nnames] = strlen(n);
			r->name_owner[r->nnames++] = i;
			free(n);
		}
	}
}

/* The name index, built on first use from the briefs (id, display name and aliases): no cluster is
 * built for it, only the one a name answers (repo_cluster_at) */
static void need_names(const struct repo *cr)
{
	struct repo *r = (struct repo *)cr; /* lazily filled caches behind the const interface */
	if (r->names_built)
		return;
	build_name_index(r);
	r->names_built = true;
}

size_t repo_cluster_names(const struct repo *r, const char *const **names, const size_t **owners)
{
	need_names(r);
	*names = r->names;
	*owners = r->name_owner;
	return r->nnames;
}

const size_t *repo_cluster_name_lens(const struct repo *r)
{
	need_names(r);
	return r->name_len;
}

void *repo_name_memo(const struct repo *cr, size_t n)
{
	struct repo *r = (struct repo *)cr; /* a lazily filled cache behind the const interface */
	if (!r->name_memo)
		r->name_memo = arena_alloc(&r->arena, n);
	return r->name_memo;
}

static const char *const uenv_keys[] = {"conda_env", "venv", "modules", NULL};

static void set_user_env(struct cluster *c, const struct user_env *ue)
{
	c->user_env = ue;
	for (size_t i = 0; i < c->nnode_types; i++)
		((struct cluster *)c->node_types[i].view)->user_env = ue;
}

/* The shell text in a value of environments.yaml that lands in a script as a name or path: ` ; | & < >
 * \ a quote, or a $ that starts no variable ($HOME, ${SCRATCH} are a path's, as in the request's "venv
 * $SCRATCH/envs/pt"). NULL when there is none. */
static const char *uenv_shell_text(const char *v)
{
	for (const char *p = v; p && *p; p++) {
		if (strchr("`;|&<>\\'\"", *p))
			return p;
		if (*p == '$' && !(isalpha((unsigned char)p[1]) || p[1] == '_' || p[1] == '{'))
			return p;
	}
	return NULL;
}

/* A value of environments.yaml with shell text is an error naming it: it would be quoted into the
 * script as a literal name, never what the user meant ("x; rm -rf ~" as a conda env). */
static bool uenv_value_ok(struct ydoc *y, yaml_node_t *v, const char *id, const char *key, const char *val)
{
	const char *bad = uenv_shell_text(val);
	if (!bad)
		return true;
	yerr(y, v, "%s of '%s' holds shell text ('%s', at '%c'): give an environment's name or path (a $HOME or "
		   "${SCRATCH} in it is kept for the job to expand)",
	     key, id, val, *bad);
	return false;
}

/* environments.yaml: {CLUSTER-ID: {conda_env | venv, modules}} - the user's own environment per
 * cluster, used when a request names none (later directories override earlier ones). */
static void load_user_envs(struct repo *r, const char *dir, struct strbuf *errs)
{
	struct strbuf fp = STRBUF_INIT;
	strbuf_addf(&fp, "%s/environments.yaml", dir);
	if (access(fp.buf, F_OK)) {
		strbuf_release(&fp);
		return;
	}
	struct ydoc y;
	if (parse_file(r, fp.buf, errs, &y) == 0) {
		yaml_node_t *root = ydoc_root(&y);
		if (!yis_map(root)) {
			yerr(&y, root, "environments.yaml maps cluster ids to {conda_env | venv, modules}");
		} else {
			for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
				yaml_node_t *k = yaml_document_get_node(&y.doc, p->key);
				yaml_node_t *v = yaml_document_get_node(&y.doc, p->value);
				const char *id = yscalar(&y, k, "cluster id");
				struct cluster *c = NULL;
				for (size_t i = 0; id && i < r->nclusters; i++)
					if (!strcmp(r->clusters[i]->id, id))
						c = r->clusters[i];
				if (id && !c) {
					yerr(&y, k, "unknown cluster '%s' (`maple clusters` lists them)", id);
					continue;
				}
				if (!c || !ymap_check(&y, v, "environment", uenv_keys, NULL))
					continue;
				struct user_env *ue = arena_alloc(&r->arena, sizeof(*ue));
				ue->file = y.file;
				ue->line = ynode_line(v);
				yget_str(&y, v, "conda_env", &ue->conda_env);
				yget_str(&y, v, "venv", &ue->venv);
				yget_strlist(&y, v, "modules", &ue->modules, &ue->nmodules);
				bool ok = uenv_value_ok(&y, v, id, "conda_env", ue->conda_env) &&
					  uenv_value_ok(&y, v, id, "venv", ue->venv);
				for (size_t m = 0; ok && m < ue->nmodules; m++)
					ok = uenv_value_ok(&y, v, id, "a module", ue->modules[m]);
				if (!ok)
					continue;
				if (ue->conda_env && ue->venv)
					yerr(&y, v, "give conda_env or venv for '%s', not both", id);
				else if (!ue->conda_env && !ue->venv && !ue->nmodules)
					yerr(&y, v, "the environment of '%s' names no conda_env, venv or modules", id);
				else
					set_user_env(c, ue);
			}
		}
	}
	ydoc_release(&y);
	strbuf_release(&fp);
}

/* The key of the snapshot's cluster index for the profiles read: their paths, sizes and contents */
static uint64_t files_hash(const struct repo *r)
{
	struct strbuf k = STRBUF_INIT;
	for (size_t i = 0; i < r->nfiles; i++) {
		const struct pfile *f = &r->files[i];
		uint64_t h[2] = {f->data.len, ysnap_hash64(f->data.buf, f->data.len, 0)};
		strbuf_add(&k, f->path, strlen(f->path) + 1);
		strbuf_add(&k, h, sizeof(h));
	}
	uint64_t h = ysnap_hash64(k.buf, k.len, r->nfiles);
	strbuf_release(&k);
	return h;
}

#define INDEX_KEY "\001maple cluster index"

/* Builds cluster i from its profile, once. A profile that no longer validates (changed on disk since
 * the repository opened, as the index was checked against its bytes then) ends the process. */
static struct cluster *build_at(struct repo *r, size_t i)
{
	if (r->clusters[i])
		return r->clusters[i];
	const struct cluster *b = r->briefs[i];
	const struct pfile *f = NULL;
	for (size_t k = 0; k < r->nfiles && !f; k++)
		if (!strcmp(r->files[k].path, b->file))
			f = &r->files[k];
	struct strbuf errs = STRBUF_INIT;
	struct cluster *c = NULL;
	if (f) {
		struct ydoc y;
		if (ydoc_parse(&y, &r->arena, &errs, f->path, f->data.buf, f->data.len) == 0) {
			c = rl_cluster(&y, f->stem);
			if (y.nerrs || !c || !c->id || strcmp(c->id, b->id))
				c = NULL;
		}
		ydoc_release(&y);
	}
	if (!c) {
		fprintf(stderr, "maple: invalid data files:\n%s%s: the profile of '%s' changed while maple ran\n", errs.buf,
			b->file, b->id);
		exit(2);
	}
	strbuf_release(&errs);
	r->clusters[i] = c;
	return c;
}

/* Reads every cluster profile of the data directories, in order */
static void read_profiles(struct repo *r, const struct strvec *dirs)
{
	struct strbuf path = STRBUF_INIT;
	size_t cap = 0;
	for (size_t d = 0; d < dirs->nr; d++) {
		if (!is_directory(dirs->v[d]))
			continue;
		strvec_push(&r->dirs, dirs->v[d]);
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/clusters", dirs->v[d]);
		struct strvec files = STRVEC_INIT;
		list_yaml(path.buf, &files);
		for (size_t i = 0; i < files.nr; i++) {
			if (r->nfiles == cap) {
				cap = cap ? cap * 2 : 16;
				r->files = xrealloc(r->files, cap * sizeof(*r->files));
			}
			struct pfile *f = &r->files[r->nfiles++];
			struct strbuf fp = STRBUF_INIT;
			strbuf_addf(&fp, "%s/%s", path.buf, files.v[i]);
			f->path = strbuf_detach(&fp);
			f->stem = xstrndup(files.v[i], strlen(files.v[i]) - 5);
			f->read_error = NULL;
			struct maple_error e;
			if (filebytes_load(f->path, MAX_DATA_FILE, &f->data, &e) < 0)
				f->read_error = xstrdup(e.text);
		}
		strvec_clear(&files);
	}
	strbuf_release(&path);
}

/* Whether a data directory holds environments.yaml (then every cluster is built when opening) */
static bool any_user_envs(const struct repo *r)
{
	struct strbuf fp = STRBUF_INIT;
	bool any = false;
	for (size_t d = 0; d < r->dirs.nr && !any; d++) {
		strbuf_reset(&fp);
		strbuf_addf(&fp, "%s/environments.yaml", r->dirs.v[d]);
		any = !access(fp.buf, F_OK);
	}
	strbuf_release(&fp);
	return any;
}

/* Builds and validates every profile read (later directories override earlier ones by id). */
static void load_all(struct repo *r, struct strbuf *errs)
{
	size_t cap = 0;
	for (size_t i = 0; i < r->nfiles; i++) {
		const struct pfile *f = &r->files[i];
		if (f->read_error) {
			strbuf_addf(errs, "%s:1: %s\n", f->path, f->read_error);
			continue;
		}
		struct ydoc y;
		if (ydoc_parse(&y, &r->arena, errs, f->path, f->data.buf, f->data.len) == 0) {
			int before = y.nerrs;
			struct cluster *c = rl_cluster(&y, f->stem);
			if (c && y.nerrs == before && c->id) {
				size_t k;
				for (k = 0; k < r->nclusters; k++)
					if (!strcmp(r->clusters[k]->id, c->id))
						break;
				if (k == r->nclusters) {
					if (r->nclusters == cap) {
						cap = cap ? cap * 2 : 16;
						r->clusters = xrealloc(r->clusters, cap * sizeof(*r->clusters));
					}
					r->nclusters++;
				}
				r->clusters[k] = c; /* later directories override earlier ones */
			}
		}
		ydoc_release(&y);
	}
}

struct repo *repo_open(const struct strvec *dirs, struct maple_error *err)
{
	struct repo *r = xcalloc(1, sizeof(*r));
	arena_init(&r->arena);
	strvec_init(&r->dirs);
	struct strbuf errs = STRBUF_INIT;
	read_profiles(r, dirs);
	/* The snapshot's index, written when these very profiles last validated (none with a user
	 * environments file): then each cluster is built on first use, from its brief until then. */
	bool full = any_user_envs(r);
	for (size_t i = 0; i < r->nfiles; i++)
		full |= r->files[i].read_error != NULL; /* an unreadable profile: validated in full, reported */
	uint64_t key = full ? 0 : files_hash(r);
	const void *blob;
	size_t blen;
	if (!full && ysnap_record_lookup(INDEX_KEY, key, &blob, &blen) == 0 &&
	    brief_decode(blob, blen, &r->arena, &r->briefs, &r->nclusters) == 0) {
		r->clusters = xcalloc(r->nclusters ? r->nclusters : 1, sizeof(*r->clusters));
	} else {
		load_all(r, &errs);
		check_alias_clashes(r, &errs);
		for (size_t d = 0; d < r->dirs.nr && !errs.len; d++)
			load_user_envs(r, r->dirs.v[d], &errs);
		if (errs.len) {
			finish_errors(&errs, err);
			strbuf_release(&errs);
			repo_destroy(r);
			return NULL;
		}
		r->briefs = xcalloc(r->nclusters ? r->nclusters : 1, sizeof(*r->briefs));
		if (r->nclusters)
			memcpy(r->briefs, r->clusters, r->nclusters * sizeof(*r->briefs));
		if (!full) {
			struct strbuf b = STRBUF_INIT;
			brief_encode(r->clusters, r->nclusters, &b);
			ysnap_record_store(INDEX_KEY, key, b.buf, b.len);
			strbuf_release(&b);
		}
		free_files(r);
	}
	strbuf_release(&errs);
	r->tdirs = xcalloc(r->nclusters ? r->nclusters : 1, sizeof(*r->tdirs));
	for (size_t i = 0; i < r->nclusters; i++)
		r->tdirs[i].cluster = r->briefs[i]->id;
	return r;
}

void repo_destroy(struct repo *r)
{
	if (!r)
		return;
	for (size_t i = 0; r->tdirs && i < r->nclusters; i++) {
		free(r->tdirs[i].items);
		free(r->tdirs[i].error);
	}
	free(r->tdirs);
	free(r->clusters);
	free(r->briefs);
	free_files(r);
	strvec_clear(&r->dirs);
	arena_release(&r->arena);
	free(r);
}

const struct strvec *repo_dirs(const struct repo *r)
{
	return &r->dirs;
}

size_t repo_cluster_count(const struct repo *r)
{
	return r->nclusters;
}

const struct cluster *repo_cluster_at(const struct repo *r, size_t i)
{
	return i < r->nclusters ? build_at((struct repo *)r, i) : NULL;
}

const struct cluster *repo_cluster_brief_at(const struct repo *r, size_t i)
{
	return i < r->nclusters ? (r->clusters[i] ? r->clusters[i] : r->briefs[i]) : NULL;
}

const struct cluster *repo_cluster(const struct repo *r, const char *id)
{
	for (size_t i = 0; i < r->nclusters; i++)
		if (!strcmp(r->briefs[i]->id, id))
			return build_at((struct repo *)r, i);
	return NULL;
}

bool repo_has_cluster(const struct repo *r, const char *id)
{
	for (size_t i = 0; i < r->nclusters; i++)
		if (!strcmp(r->briefs[i]->id, id))
			return true;
	return false;
}

const struct queue *cluster_queue(const struct cluster *c, const char *name)
{
	/* the first letters are compared first: the request reader asks about every word of a request */
	int first = tolower((unsigned char)name[0]);
	for (size_t i = 0; i < c->nqueues; i++)
		if (c->queues[i].name && tolower((unsigned char)c->queues[i].name[0]) == first &&
		    !strcasecmp(c->queues[i].name, name))
			return &c->queues[i];
	return NULL;
}

static int load_tdir(struct repo *r, struct tdir *td, struct maple_error *err)
{
	if (td->loaded)
		return td->error ? errorf(err, "%s", td->error) : 0;
	struct strbuf errs = STRBUF_INIT, path = STRBUF_INIT;
	size_t cap = 0;
	for (size_t d = 0; d < r->dirs.nr; d++) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/templates/%s", r->dirs.v[d], td->cluster);
		struct strvec files = STRVEC_INIT;
		list_yaml(path.buf, &files);
		size_t first_of_dir = td->n;
		for (size_t i = 0; i < files.nr; i++) {
			struct strbuf fp = STRBUF_INIT;
			strbuf_addf(&fp, "%s/%s", path.buf, files.v[i]);
			struct ydoc y;
			if (parse_file(r, fp.buf, &errs, &y) == 0) {
				int before = y.nerrs;
				struct template *t = rl_template(&y, td->cluster);
				const struct cluster *tc = repo_cluster(r, td->cluster);
				for (size_t k = 0; t && tc && k < t->nnode_types; k++)
					if (!cluster_node_type_by_id(tc, t->node_types[k]))
						yerr(&y, ymap_get(&y, ydoc_root(&y), "node_types"),
						     "node type '%s' is not one of %s's node types", t->node_types[k], tc->id);
				if (t && tc)
					rl_check_header(&y, ymap_get(&y, ydoc_root(&y), "header"), tc, t->header, t->nheader);
				if (t && y.nerrs == before && t->id) {
					size_t k;
					for (k = 0; k < td->n; k++)
						if (!strcmp(td->items[k]->id, t->id))
							break;
					if (k < td->n && k >= first_of_dir) {
						strbuf_addf(&errs, "%s:1: duplicate template id '%s' (also in %s)\n", fp.buf,
							    t->id, td->items[k]->file);
					} else {
						if (k == td->n) {
							if (td->n == cap) {
								cap = cap ? cap * 2 : 8;
								td->items = xrealloc(td->items, cap * sizeof(*td->items));
							}
							td->n++;
						}
						td->items[k] = t;
					}
				}
			}
			ydoc_release(&y);
			strbuf_release(&fp);
		}
		strvec_clear(&files);
	}
	strbuf_release(&path);
	td->loaded = true;
	if (errs.len) {
		/* kept: the answer never depends on which request of a batch met the bad file first */
		struct maple_error e;
		finish_errors(&errs, &e);
		td->error = xstrdup(e.text);
		strbuf_release(&errs);
		return errorf(err, "%s", e.text);
	}
	strbuf_release(&errs);
	return 0;
}

int repo_templates(struct repo *r, const char *cluster_id, const struct template ***out, size_t *n,
		   struct maple_error *err)
{
	for (size_t i = 0; i < r->nclusters; i++) {
		if (strcmp(r->briefs[i]->id, cluster_id))
			continue;
		if (load_tdir(r, &r->tdirs[i], err) < 0)
			return -1;
		*out = r->tdirs[i].items;
		*n = r->tdirs[i].n;
		return 0;
	}
	*out = NULL;
	*n = 0;
	return errorf(err, "unknown cluster '%s'", cluster_id);
}

int repo_load_all_templates(struct repo *r, struct maple_error *err)
{
	struct strbuf all = STRBUF_INIT;
	for (size_t i = 0; i < r->nclusters; i++) {
		struct maple_error e;
		if (load_tdir(r, &r->tdirs[i], &e) < 0)
			strbuf_addf(&all, "%s%s", all.len ? "\n" : "", e.text);
	}
	/* Template ids must be unique over all clusters. */
	for (size_t i = 0; i < r->nclusters; i++)
		for (size_t a = 0; a < r->tdirs[i].n; a++)
			for (size_t j = i + 1; j < r->nclusters; j++)
				for (size_t b = 0; b < r->tdirs[j].n; b++)
					if (!strcmp(r->tdirs[i].items[a]->id, r->tdirs[j].items[b]->id))
						strbuf_addf(&all, "%s%s:1: duplicate template id '%s' (also in %s)",
							    all.len ? "\n" : "", r->tdirs[j].items[b]->file,
							    r->tdirs[j].items[b]->id, r->tdirs[i].items[a]->file);
	int rc = 0;
	if (all.len)
		rc = errorf(err, "%s", all.buf);
	strbuf_release(&all);
	return rc;
}

const struct template *repo_template(struct repo *r, const char *id)
{
	for (size_t i = 0; i < r->nclusters; i++) {
		if (load_tdir(r, &r->tdirs[i], NULL) < 0)
			continue;
		for (size_t k = 0; k < r->tdirs[i].n; k++)
			if (!strcmp(r->tdirs[i].items[k]->id, id))
				return r->tdirs[i].items[k];
	}
	return NULL;
}

static void add_if(struct strvec *out, const char *p)
{
	if (p && *p && strvec_find(out, p) < 0)
		strvec_push(out, p);
}

void repo_default_dirs(struct strvec *out, const char *extra)
{
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	bool found = false;
	const char *env_data = getenv("MAPLE_DATA_DIR");
	if (env_data && *env_data) {
		add_if(out, env_data);
		found = true;
	}
	if (!found && n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			struct strbuf p = STRBUF_INIT;
			const char *cands[] = {"/../data", "/../share/maple", NULL};
			for (int i = 0; cands[i] && !found; i++) {
				strbuf_reset(&p);
				strbuf_addf(&p, "%s%s/clusters", exe, cands[i]);
				if (is_directory(p.buf)) {
					strbuf_setlen(&p, p.len - strlen("/clusters"));
					char real[PATH_MAX];
					add_if(out, realpath(p.buf, real) ? real : p.buf);
					found = true;
				}
			}
			strbuf_release(&p);
		}
	}
#ifdef MAPLE_DATADIR
	if (!found)
		add_if(out, MAPLE_DATADIR);
#endif
	add_if(out, "/etc/maple");
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	struct strbuf p = STRBUF_INIT;
	if (xdg && *xdg) {
		strbuf_addf(&p, "%s/maple", xdg);
		add_if(out, p.buf);
	} else if (home && *home) {
		strbuf_addf(&p, "%s/.config/maple", home);
		add_if(out, p.buf);
	}
	strbuf_release(&p);
	const char *mp = getenv("MAPLE_PATH");
	if (mp) {
		char *copy = xstrdup(mp), *save = NULL;
		for (char *tok = strtok_r(copy, ":", &save); tok; tok = strtok_r(NULL, ":", &save))
			add_if(out, tok);
		free(copy);
	}
	add_if(out, extra);
}
