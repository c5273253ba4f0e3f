/* hints.c - loads and validates data/scripts/wrappers.yaml, data/scripts/fingerprints.yaml and
 * data/scripts/siteenv.yaml: the programs scripts put before the training program, what in a script
 * points at a cluster, and the variables a centre's login environment sets; launchvars.yaml and
 * drivers.yaml are read with them by their own loaders (launchvars.c, drivers.c). */
#include "hints.h"

#include "jobscript.h"

#include "../repo/ydoc.h"
#include "../util/fsutil.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdlib.h>
#include <string.h>

#define MAX_HINTS_FILE (1024 * 1024)

static const char *const wrapper_kinds[] = {"profiler", "affinity", "container", "environment", "launcher", "console", NULL};

const char *wrapper_kind_name(enum wrapper_kind k)
{
	return k <= WK_CONSOLE ? wrapper_kinds[k] : "?";
}

static bool source_ok(struct ydoc *y, yaml_node_t *map, const char **out)
{
	const char *src = NULL;
	if (!yget_str(y, map, "source", &src) || !src)
		return false;
	if (strncmp(src, "https://", 8) && strncmp(src, "http://", 7)) {
		yerr(y, ymap_get(y, map, "source"), "source must be a documentation URL (http:// or https://), not '%s'", src);
		return false;
	}
	*out = src;
	return true;
}

static void load_wrappers(struct script_hints *h, struct ydoc *y, const struct repo *repo)
{
	yaml_node_t *root = ydoc_root(y);
	static const char *const top[] = {"wrappers", NULL};
	if (!root || !yis_map(root) || !ymap_check(y, root, "wrappers file", top, top))
		return;
	yaml_node_t *seq = ymap_get(y, root, "wrappers");
	if (!yis_seq(seq)) {
		yerr(y, seq, "wrappers must be a list");
		return;
	}
	static const char *const allowed[] = {"name", "kind", "clusters", "machine", "why", "source", "carried", NULL};
	static const char *const required[] = {"name", "kind", "why", "source", NULL};
	for (size_t i = 0; i < yseq_len(seq); i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!yis_map(it)) {
			yerr(y, it, "a wrapper must be a map with name, kind, why and source");
			continue;
		}
		if (!ymap_check(y, it, "wrapper", allowed, required))
			continue;
		struct wrapper_hint w = {0};
		const char *kind = NULL;
		if (!yget_str(y, it, "name", &w.name) || !yget_str(y, it, "kind", &kind) || !yget_str(y, it, "why", &w.why) ||
		    !source_ok(y, it, &w.source))
			continue;
		int k = 0;
		while (wrapper_kinds[k] && strcmp(wrapper_kinds[k], kind))
			k++;
		if (!wrapper_kinds[k]) {
			yerr(y, ymap_get(y, it, "kind"), "wrapper '%s': kind '%s' is not one of profiler, affinity, container, "
							 "environment, launcher, console",
			     w.name, kind);
			continue;
		}
		w.kind = (enum wrapper_kind)k;
		if (!yget_bool(y, it, "carried", &w.carried))
			continue;
		if (w.carried && w.kind != WK_ENVIRONMENT) {
			yerr(y, ymap_get(y, it, "carried"), "wrapper '%s': only an environment wrapper is carried", w.name);
			continue;
		}
		const char **cl = NULL;
		if (!yget_strlist(y, it, "clusters", &cl, &w.nclusters))
			continue;
		w.clusters = cl;
		bool bad = false;
		for (size_t c = 0; repo && c < w.nclusters; c++)
			if (!repo_has_cluster(repo, w.clusters[c])) {
				yerr(y, ymap_get(y, it, "clusters"), "wrapper '%s': '%s' is not a known cluster id", w.name,
				     w.clusters[c]);
				bad = true;
			}
		if (!yget_str(y, it, "machine", &w.machine))
			continue;
		if (w.kind == WK_AFFINITY && !w.nclusters == !w.machine) {
			yerr(y, it, "wrapper '%s': an affinity wrapper names the clusters it belongs to, or the machine "
				    "maple has no profile of (machine:), one of the two",
			     w.name);
			bad = true;
		}
		if (bad)
			continue;
		JS_GROW(h->wrappers, h->nwrappers);
		h->wrappers[h->nwrappers++] = w;
	}
}

static void load_fingerprints(struct script_hints *h, struct ydoc *y, const struct repo *repo)
{
	yaml_node_t *root = ydoc_root(y);
	static const char *const top[] = {"fingerprints", NULL};
	if (!root || !yis_map(root) || !ymap_check(y, root, "fingerprints file", top, top))
		return;
	yaml_node_t *seq = ymap_get(y, root, "fingerprints");
	if (!yis_seq(seq)) {
		yerr(y, seq, "fingerprints must be a list");
		return;
	}
	static const char *const allowed[] = {"cluster", "machine", "text", "account", "queue", "env", "module", "weight",
					      "source", NULL};
	static const char *const required[] = {"cluster", "weight", "source", NULL};
	static const char *const kinds[] = {"text", "account", "queue", "env", "module", NULL};
	for (size_t i = 0; i < yseq_len(seq); i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!yis_map(it)) {
			yerr(y, it, "a fingerprint must be a map with cluster, one of text/account/queue/env/module, weight "
				    "and source");
			continue;
		}
		if (!ymap_check(y, it, "fingerprint", allowed, required))
			continue;
		struct fingerprint_hint f = {0};
		f.line = ynode_line(it);
		int weight = 0, nkinds = 0;
		if (!yget_str(y, it, "cluster", &f.cluster) || !yget_int(y, it, "weight", 1, 3, &weight) ||
		    !source_ok(y, it, &f.source))
			continue;
		f.weight = weight;
		for (int k = 0; kinds[k]; k++) {
			const char *v = NULL;
			if (!yget_str(y, it, kinds[k], &v))
				nkinds = 2; /* reported */
			if (v) {
				nkinds++;
				f.kind = (enum fp_kind)k;
				f.pattern = v;
			}
		}
		if (nkinds != 1 || !f.pattern || !*f.pattern) {
			yerr(y, it, "fingerprint for '%s': give exactly one non-empty text, account, queue, env or module",
			     f.cluster);
			continue;
		}
		if (!yget_str(y, it, "machine", &f.machine))
			continue;
		if ((strcmp(f.cluster, "other") == 0) != (f.machine != NULL)) {
			yerr(y, ymap_get(y, it, "cluster"), "a fingerprint of cluster 'other' names its machine, and only it does");
			continue;
		}
		if (repo && !f.machine && !repo_has_cluster(repo, f.cluster)) {
			yerr(y, ymap_get(y, it, "cluster"), "'%s' is not a known cluster id", f.cluster);
			continue;
		}
		if (f.kind == FP_ACCOUNT) {
			int ec;
			PCRE2_SIZE off;
			pcre2_code *re = pcre2_compile((PCRE2_SPTR)f.pattern, PCRE2_ZERO_TERMINATED, 0, &ec, &off, NULL);
			if (!re) {
				PCRE2_UCHAR msg[160];
				pcre2_get_error_message(ec, msg, sizeof(msg));
				yerr(y, ymap_get(y, it, "account"), "account pattern '%s': %s at offset %zu", f.pattern,
				     (const char *)msg, (size_t)off);
				continue;
			}
			f.re = re;
		}
		JS_GROW(h->fps, h->nfps);
		h->fps[h->nfps++] = f;
	}
}

static bool var_name_ok(const char *s)
{
	if (!s || !*s || (*s >= '0' && *s <= '9'))
		return false;
	return s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")] == '\0';
}

static void load_siteenv(struct script_hints *h, struct ydoc *y, const struct repo *repo)
{
	yaml_node_t *root = ydoc_root(y);
	static const char *const top[] = {"site_env", NULL};
	if (!root || !yis_map(root) || !ymap_check(y, root, "site environment file", top, top))
		return;
	yaml_node_t *seq = ymap_get(y, root, "site_env");
	if (!yis_seq(seq)) {
		yerr(y, seq, "site_env must be a list");
		return;
	}
	static const char *const keys[] = {"name", "cluster", "what", "source", "reliability", NULL};
	static const char *const required[] = {"name", "cluster", "what", "source", NULL};
	static const char *const tags[] = {"doc", "staff", "secondary", "inferred", NULL};
	for (size_t i = 0; i < yseq_len(seq); i++) {
		yaml_node_t *it = yseq_at(y, seq, i);
		if (!yis_map(it)) {
			yerr(y, it, "a site variable must be a map with name, cluster, what and source");
			continue;
		}
		if (!ymap_check(y, it, "site variable", keys, required))
			continue;
		struct siteenv_hint e = {0};
		if (!yget_str(y, it, "name", &e.name) || !yget_str(y, it, "cluster", &e.cluster) ||
		    !yget_str(y, it, "what", &e.what) || !source_ok(y, it, &e.source) ||
		    !yget_str(y, it, "reliability", &e.reliability))
			continue;
		if (!var_name_ok(e.name)) {
			yerr(y, ymap_get(y, it, "name"), "site variable '%s' is not a shell variable name (letters, digits, _)",
			     e.name);
			continue;
		}
		size_t nl = strlen(e.name);
		e.prefix = e.name[nl - 1] == '_';
		if (e.prefix && (nl < 4 || strspn(e.name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != nl - 1)) {
			/* "A_" or "_" would take the variables of every program: a family is a capitalized site name */
			yerr(y, ymap_get(y, it, "name"),
			     "site variable prefix '%s' must be three or more capital letters and a '_' (TACC_)", e.name);
			continue;
		}
		if (e.reliability) {
			size_t k = 0;
			while (tags[k] && strcmp(tags[k], e.reliability))
				k++;
			if (!tags[k]) {
				yerr(y, ymap_get(y, it, "reliability"),
				     "site variable '%s': reliability '%s' is not doc, staff, secondary or inferred", e.name,
				     e.reliability);
				continue;
			}
		}
		if (repo && !repo_has_cluster(repo, e.cluster)) {
			yerr(y, ymap_get(y, it, "cluster"), "site variable '%s': '%s' is not a known cluster id", e.name,
			     e.cluster);
			continue;
		}
		bool twice = false;
		for (size_t k = 0; k < h->nsiteenv && !twice; k++)
			twice = !strcmp(h->siteenv[k].name, e.name) && !strcmp(h->siteenv[k].cluster, e.cluster);
		if (twice) {
			yerr(y, it, "site variable '%s' is given twice for '%s'", e.name, e.cluster);
			continue;
		}
		JS_GROW(h->siteenv, h->nsiteenv);
		h->siteenv[h->nsiteenv++] = e;
	}
}

/* Whether entry e names the variable: the name itself, or a longer name that starts with e's prefix. */
static bool site_entry_matches(const struct siteenv_hint *e, const char *name)
{
	if (e->name[0] != name[0]) /* the first bytes inline: most names differ there */
		return false;
	if (!e->prefix)
		return !strcmp(e->name, name);
	size_t n = strlen(e->name);
	return !strncmp(e->name, name, n) && name[n] != '\0';
}

bool script_hints_site_var(const struct script_hints *h, const char *name)
{
	for (size_t i = 0; h && i < h->nsiteenv; i++)
		if (site_entry_matches(&h->siteenv[i], name))
			return true;
	return false;
}

const struct siteenv_hint *script_hints_site_var_on(const struct script_hints *h, const char *name,
						    const char *cluster)
{
	const struct siteenv_hint *family = NULL;
	for (size_t i = 0; h && cluster && i < h->nsiteenv; i++)
		if (!strcmp(h->siteenv[i].cluster, cluster) && site_entry_matches(&h->siteenv[i], name)) {
			if (!h->siteenv[i].prefix)
				return &h->siteenv[i];
			family = family ? family : &h->siteenv[i];
		}
	return family;
}

void script_hints_site_var_clusters(const struct script_hints *h, const char *name, struct strbuf *out)
{
	size_t n = 0;
	for (size_t i = 0; h && i < h->nsiteenv; i++) {
		if (!site_entry_matches(&h->siteenv[i], name))
			continue;
		bool seen = false; /* a name and a prefix of one cluster both match: the cluster once */
		for (size_t k = 0; k < i && !seen; k++)
			seen = !strcmp(h->siteenv[k].cluster, h->siteenv[i].cluster) && site_entry_matches(&h->siteenv[k], name);
		if (!seen)
			strbuf_addf(out, "%s%s", n++ ? ", " : "", h->siteenv[i].cluster);
	}
}

void script_hints_release(struct script_hints *h)
{
	for (size_t i = 0; i < h->nfps; i++)
		pcre2_code_free((pcre2_code *)h->fps[i].re);
	free(h->fps);
	free(h->wrappers);
	free(h->siteenv);
	free(h->drivers);
	free(h->runners);
	launch_facts_release(&h->lf);
	arena_release(&h->arena);
	memset(h, 0, sizeof(*h));
}

int script_hints_load(struct script_hints *h, const struct strvec *dirs, const struct repo *repo,
		      struct maple_error *err)
{
	memset(h, 0, sizeof(*h));
	arena_init(&h->arena);
	struct strbuf errs = STRBUF_INIT, path = STRBUF_INIT, data = STRBUF_INIT;
	static const char *const files[] = {"wrappers.yaml", "fingerprints.yaml", "siteenv.yaml", "launchvars.yaml",
					    "drivers.yaml"};
	for (size_t d = 0; dirs && d < dirs->nr; d++)
		for (int f = 0; f < 5; f++) {
			strbuf_reset(&path);
			strbuf_addf(&path, "%s/scripts/%s", dirs->v[d], files[f]);
			strbuf_reset(&data);
			if (read_file(path.buf, &data, MAX_HINTS_FILE, NULL) < 0)
				continue; /* absent: nothing to add */
			struct ydoc y;
			if (ydoc_parse(&y, &h->arena, &errs, path.buf, data.buf, data.len) == 0) {
				if (f == 0)
					load_wrappers(h, &y, repo);
				else if (f == 1)
					load_fingerprints(h, &y, repo);
				else if (f == 2)
					load_siteenv(h, &y, repo);
				else if (f == 3)
					launch_facts_load(&h->lf, &y);
				else
					drivers_load(h, &y);
			}
			ydoc_release(&y);
		}
	strbuf_release(&path);
	strbuf_release(&data);
	if (errs.len) {
		while (errs.len && errs.buf[errs.len - 1] == '\n')
			strbuf_setlen(&errs, errs.len - 1);
		errorf(err, "%s", errs.buf);
		strbuf_release(&errs);
		script_hints_release(h);
		return -1;
	}
	strbuf_release(&errs);
	return 0;
}

const struct wrapper_hint *script_hints_wrapper(const struct script_hints *h, const char *word)
{
	const char *b = strrchr(word, '/');
	b = b ? b + 1 : word;
	for (size_t i = h ? h->nwrappers : 0; i-- > 0;)
		if (!strcmp(h->wrappers[i].name, b))
			return &h->wrappers[i];
	return NULL;
}

bool fingerprint_account_matches(const struct fingerprint_hint *fp, const char *value)
{
	if (fp->kind != FP_ACCOUNT || !fp->re || !value)
		return false;
	pcre2_match_data *md = pcre2_match_data_create_from_pattern((pcre2_code *)fp->re, NULL);
	bool hit = pcre2_match((pcre2_code *)fp->re, (PCRE2_SPTR)value, strlen(value), 0, 0, md, NULL) >= 0;
	pcre2_match_data_free(md);
	return hit;
}

/* one process-wide copy, keyed by the data directories it was read from */
static struct {
	bool loaded;
	char *key;
	struct script_hints h;
} shared;

static void shared_release(void)
{
	if (shared.loaded)
		script_hints_release(&shared.h);
	free(shared.key);
	memset(&shared, 0, sizeof(shared));
}

/* Whether key is the data directories, each followed by '\n' (what the shared hints were loaded from). */
static bool key_is_dirs(const char *key, const struct strvec *dirs)
{
	for (size_t d = 0; dirs && d < dirs->nr; d++) {
		size_t l = strlen(dirs->v[d]);
		if (strncmp(key, dirs->v[d], l) || key[l] != '\n')
			return false;
		key += l + 1;
	}
	return !*key;
}

const struct script_hints *script_hints_shared(const struct repo *repo, struct maple_error *err)
{
	const struct strvec *dirs = repo_dirs(repo);
	if (shared.loaded && shared.key && key_is_dirs(shared.key, dirs))
		return &shared.h; /* asked for every script read: no allocation */
	struct strbuf key = STRBUF_INIT;
	for (size_t d = 0; dirs && d < dirs->nr; d++)
		strbuf_addln(&key, dirs->v[d]);
	static bool registered;
	if (!registered) {
		atexit(shared_release);
		registered = true;
	}
	shared_release();
	if (script_hints_load(&shared.h, dirs, repo, err) < 0) {
		strbuf_release(&key);
		return NULL;
	}
	shared.loaded = true;
	shared.key = strbuf_detach(&key);
	return &shared.h;
}
