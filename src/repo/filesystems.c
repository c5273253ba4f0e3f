/* filesystems.c - a cluster's file systems as its jobs name them to the scheduler (clusters/<id>.yaml
 * `filesystems:`; ALCF's PBS `-l filesystems=home:flare`): loading and checking them, and telling which
 * of them a job's text uses (by path prefix or cue), for the {{filesystems}} header value and for
 * maple verify's filesystem checks. */
#include "load.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const char *const fs_keys[] = {"default", "why", "list", "source", "reliability", NULL};
static const char *const fs_req[] = {"default", "list", "source", NULL};
static const char *const one_keys[] = {"name",	 "paths", "cues",   "what",	  "retired",
				       "access", "unasked", "why", "source", "reliability", NULL};
static const char *const one_req[] = {"name", "what", "source", NULL};

static bool valid_fs_name(const char *s)
{
	if (!*s)
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
			return false;
	return true;
}

static void load_one(struct ydoc *y, yaml_node_t *it, struct filesystem *fs)
{
	yget_str(y, it, "name", &fs->name);
	yget_strlist(y, it, "paths", &fs->paths, &fs->npaths);
	yget_strlist(y, it, "cues", &fs->cues, &fs->ncues);
	yget_str(y, it, "what", &fs->what);
	yget_str(y, it, "retired", &fs->retired);
	yget_str(y, it, "access", &fs->access);
	yget_str(y, it, "why", &fs->why);
	rl_source(y, it, &fs->src, true);
	if (fs->name && !valid_fs_name(fs->name))
		yerr(y, ymap_get(y, it, "name"), "file system name '%s' may use only a-z, 0-9, '_' and '-' (the name the "
						 "scheduler takes)", fs->name);
	for (size_t i = 0; i < fs->npaths; i++) {
		size_t l = strlen(fs->paths[i]);
		if (l < 3 || fs->paths[i][0] != '/' || fs->paths[i][l - 1] != '/')
			yerr(y, ymap_get(y, it, "paths"), "path '%s' of file system '%s' must start and end with '/' (a "
							  "directory prefix: /lus/flare/)", fs->paths[i], fs->name ? fs->name : "?");
	}
	for (size_t i = 0; i < fs->ncues; i++)
		if (strlen(fs->cues[i]) < 4)
			yerr(y, ymap_get(y, it, "cues"), "cue '%s' is too short to tell a job that uses '%s' (4 characters "
							 "or more)", fs->cues[i], fs->name ? fs->name : "?");
	const char *unasked = NULL;
	yget_str(y, it, "unasked", &unasked);
	if (unasked && strcmp(unasked, "error") && strcmp(unasked, "warning"))
		yerr(y, ymap_get(y, it, "unasked"), "'unasked' must be error or warning, not '%s'", unasked);
	fs->unasked_error = unasked && !strcmp(unasked, "error");
	if (fs->unasked_error && !fs->why)
		yerr(y, it, "file system '%s': 'unasked: error' needs 'why' (what happens to a job that uses it "
			    "without naming it)", fs->name ? fs->name : "?");
	if (fs->retired && (fs->unasked_error || fs->access))
		yerr(y, it, "file system '%s' is retired: it has no 'unasked' or 'access'", fs->name ? fs->name : "?");
}

void rl_filesystems(struct ydoc *y, yaml_node_t *map, struct cluster *c)
{
	memset(&c->fs, 0, sizeof(c->fs));
	if (!map)
		return;
	if (!yis_map(map)) {
		yerr(y, map, "'filesystems' must be a map {default, why, list, source}");
		return;
	}
	if (!ymap_check(y, map, "filesystems", fs_keys, fs_req))
		return;
	if (c->scheduler != SCHED_PBS)
		yerr(y, map, "'filesystems' names the PBS -l filesystems resource; %s uses %s", c->id ? c->id : "this cluster",
		     scheduler_name(c->scheduler));
	yget_str(y, map, "why", &c->fs.why);
	rl_source(y, map, &c->fs.src, true);
	yaml_node_t *list = ymap_get(y, map, "list");
	if (!yis_seq(list) || !yseq_len(list)) {
		yerr(y, list, "'filesystems.list' must be a non-empty list of {name, paths, what, source}");
		return;
	}
	size_t len = yseq_len(list);
	c->fs.list = arena_alloc(y->arena, len * sizeof(*c->fs.list));
	for (size_t i = 0; i < len; i++) {
		yaml_node_t *it = yseq_at(y, list, i);
		if (!ymap_check(y, it, "file system", one_keys, one_req))
			continue;
		struct filesystem *fs = &c->fs.list[c->fs.n];
		memset(fs, 0, sizeof(*fs));
		load_one(y, it, fs);
		for (size_t k = 0; fs->name && k < c->fs.n; k++)
			if (!strcmp(c->fs.list[k].name, fs->name))
				yerr(y, it, "file system '%s' is listed twice", fs->name);
		c->fs.n++;
	}
	/* a path on two file systems would make the one a job uses ambiguous */
	for (size_t i = 0; i < c->fs.n; i++)
		for (size_t k = i + 1; k < c->fs.n; k++)
			for (size_t a = 0; a < c->fs.list[i].npaths; a++)
				for (size_t b = 0; b < c->fs.list[k].npaths; b++) {
					const char *p = c->fs.list[i].paths[a], *q = c->fs.list[k].paths[b];
					if (!strncmp(p, q, strlen(p)) || !strncmp(q, p, strlen(q)))
						yerr(y, list, "paths '%s' (%s) and '%s' (%s) overlap: a path must tell one file system",
						     p, c->fs.list[i].name, q, c->fs.list[k].name);
				}
	yget_strlist(y, map, "default", &c->fs.defaults, &c->fs.ndefaults);
	if (!c->fs.ndefaults)
		yerr(y, map, "'filesystems.default' must name at least one file system");
	for (size_t i = 0; i < c->fs.ndefaults; i++) {
		const struct filesystem *fs = cluster_filesystem(c, c->fs.defaults[i]);
		if (!fs)
			yerr(y, ymap_get(y, map, "default"), "default file system '%s' is not in filesystems.list",
			     c->fs.defaults[i]);
		else if (fs->retired || fs->access)
			yerr(y, ymap_get(y, map, "default"), "default file system '%s' is %s", fs->name,
			     fs->retired ? "retired" : "restricted (access)");
	}
}

/* The header carries {{filesystems}} exactly when the profile lists file systems, so that what maple writes
 * is what the list says (never a fixed "home:flare" beside it). */
void rl_check_filesystems_header(struct ydoc *y, yaml_node_t *root, const struct cluster *c)
{
	bool has_ph = false;
	for (size_t i = 0; i < c->nheader; i++)
		has_ph |= c->header[i].text && strstr(c->header[i].text, "{{filesystems}}") != NULL;
	if (has_ph && !c->fs.n)
		yerr(y, ymap_get(y, root, "header"), "header uses {{filesystems}} but the profile has no 'filesystems' list");
	else if (!has_ph && c->fs.n)
		yerr(y, ymap_get(y, root, "header"), "the profile lists 'filesystems': its header must name them with "
						     "'-l filesystems={{filesystems}}'");
	for (size_t i = 0; i < c->nheader; i++)
		if (c->header[i].text && strstr(c->header[i].text, "filesystems=") &&
		    !strstr(c->header[i].text, "filesystems={{filesystems}}"))
			yerr(y, ymap_get(y, root, "header"), "header line '%s' names file systems by hand; write "
							     "'filesystems={{filesystems}}' (from the profile's list)", c->header[i].text);
}

const struct filesystem *cluster_filesystem(const struct cluster *c, const char *name)
{
	for (size_t i = 0; c && name && i < c->fs.n; i++)
		if (c->fs.list[i].name && !strcasecmp(c->fs.list[i].name, name))
			return &c->fs.list[i];
	return NULL;
}

/* Whether the byte before text+at may start a path word: the start, a blank, a quote, '=', ':', '(', ',',
 * '{' or '>'/'<' (a redirection). "/tmp/flare/" holds no path on flare. */
static bool word_start(const char *text, size_t at)
{
	return !at || strchr(" \t\n'\"=:(,{<>", text[at - 1]) != NULL;
}

long filesystem_used_at(const struct filesystem *fs, const char *text, size_t *len)
{
	long best = -1;
	size_t best_len = 0;
	for (size_t i = 0; text && i < fs->npaths; i++) {
		size_t pl = strlen(fs->paths[i]);
		for (const char *p = strstr(text, fs->paths[i]); p; p = strstr(p + 1, fs->paths[i])) {
			size_t at = (size_t)(p - text);
			if (!word_start(text, at))
				continue;
			if (best < 0 || (long)at < best) {
				best = (long)at;
				best_len = pl + strcspn(p + pl, " \t\n'\";|&)<>");
			}
			break;
		}
	}
	/* a cue ending in a letter or digit ends a word there: "module load daos" is not in "module load
	 * daos_perf" */
	for (size_t i = 0; text && i < fs->ncues; i++) {
		size_t cl = strlen(fs->cues[i]);
		bool alnum_end = cl && isalnum((unsigned char)fs->cues[i][cl - 1]);
		for (const char *p = strstr(text, fs->cues[i]); p; p = strstr(p + 1, fs->cues[i])) {
			if (alnum_end && (isalnum((unsigned char)p[cl]) || p[cl] == '_' || p[cl] == '-'))
				continue;
			if (best < 0 || p - text < best) {
				best = p - text;
				best_len = cl;
			}
			break;
		}
	}
	if (len)
		*len = best_len;
	return best;
}

/* Whether a line of text that is not a comment (nor a directive) uses fs. */
static bool used_in_commands(const struct filesystem *fs, const char *text)
{
	struct strbuf line = STRBUF_INIT;
	bool used = false;
	for (const char *p = text; *p && !used;) {
		size_t l = strcspn(p, "\n");
		const char *t = p + strspn(p, " \t");
		if (*t != '#' && t < p + l) {
			strbuf_reset(&line);
			strbuf_add(&line, p, l);
			used = filesystem_used_at(fs, line.buf, NULL) >= 0;
		}
		p += l;
		if (*p)
			p++;
	}
	strbuf_release(&line);
	return used;
}

void filesystems_for_text(const struct cluster *c, const char *text, struct strbuf *out)
{
	size_t n = 0;
	for (size_t i = 0; i < c->fs.n; i++) {
		const struct filesystem *fs = &c->fs.list[i];
		if (fs->retired)
			continue;
		bool want = false;
		for (size_t k = 0; k < c->fs.ndefaults && !want; k++)
			want = !strcmp(c->fs.defaults[k], fs->name);
		if (!want) /* a restricted one too: a job that uses it has been given access */
			want = used_in_commands(fs, text);
		if (want) {
			if (n++)
				strbuf_addch(out, ':');
			strbuf_adds(out, fs->name);
		}
	}
}
