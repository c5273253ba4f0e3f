/* checks_filesystems.c - the file systems a PBS script names (`-l filesystems=home:flare`) against the
 * cluster's list (clusters/<id>.yaml `filesystems:`, ALCF's Polaris and Aurora): a name the cluster does
 * not have (error, naming the cluster that has it), one the centre retired or restricts (warning), and a
 * path or command on one of its file systems that the script did not name (warning; error where the
 * centre says the job cannot reach it then: DAOS). */
#include "checks.h"

#include "../util/strbuf.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

/* The other cluster of the repository that lists name among its file systems ("eagle" on Aurora: Polaris's). */
static const struct cluster *owner_elsewhere(const struct vctx *x, const char *name)
{
	for (size_t i = 0; x->repo && i < repo_cluster_count(x->repo); i++) {
		const struct cluster *o = repo_cluster_at(x->repo, i);
		const struct filesystem *fs = o && o != x->c && strcmp(o->id, x->c->id) ? cluster_filesystem(o, name) : NULL;
		if (fs && !fs->retired)
			return o;
	}
	return NULL;
}

static void valid_names(const struct cluster *c, struct strbuf *out)
{
	size_t n = 0;
	for (size_t i = 0; i < c->fs.n; i++)
		if (!c->fs.list[i].retired)
			strbuf_addf(out, "%s%s", n++ ? ", " : "", c->fs.list[i].name);
}

/* Whether name is among the ':'-separated names of value. */
static bool names_has(const char *value, const char *name)
{
	size_t l = strlen(name);
	for (const char *p = value; p && *p;) {
		size_t w = strcspn(p, ":");
		if (w == l && !strncasecmp(p, name, l))
			return true;
		p += w;
		if (*p == ':')
			p++;
	}
	return false;
}

/* Whether a line of the script other than a comment or directive uses fs; *line_no, *col, *len (1-based)
 * get its first use. */
static bool script_uses(const struct jobscript *js, const struct filesystem *fs, int *line_no, int *col, size_t *len)
{
	for (size_t l = 0; l < js->lines.nr; l++) {
		const char *line = js->lines.v[l];
		const char *t = line + strspn(line, " \t");
		if (*t == '#' || !*t)
			continue;
		long at = filesystem_used_at(fs, line, len);
		if (at >= 0) {
			*line_no = (int)l + 1;
			*col = (int)at + 1;
			return true;
		}
	}
	return false;
}

/* What the script's filesystems= should say: the valid names it gives plus those its lines use, in the
 * profile's order; with the profile's defaults too where it named one the cluster does not have (the
 * writer meant a project file system) or where that leaves none. */
static void suggested(const struct vctx *x, const char *value, bool with_defaults, struct strbuf *out)
{
	const struct cluster *c = x->c;
	size_t n = 0;
	for (size_t pass = 0; pass < 2 && (pass == 0 || !n || with_defaults); pass++)
		for (size_t i = 0; i < c->fs.n; i++) {
			const struct filesystem *fs = &c->fs.list[i];
			int l, col;
			size_t len;
			bool def = false;
			for (size_t k = 0; k < c->fs.ndefaults; k++)
				def |= !strcmp(c->fs.defaults[k], fs->name);
			bool want = !fs->retired && (names_has(value, fs->name) || script_uses(x->js, fs, &l, &col, &len));
			if (pass == 0 ? want : (def && !want))
				strbuf_addf(out, "%s%s", n++ ? ":" : "", fs->name);
		}
}

static void check_names(struct vctx *x, const struct directive *d)
{
	const struct cluster *c = x->c;
	struct strbuf valid = STRBUF_INIT;
	valid_names(c, &valid);
	const char *src = c->fs.src.url ? c->fs.src.url : c->source;
	for (const char *p = d->value; *p;) {
		size_t w = strcspn(p, ":");
		char name[64];
		snprintf(name, sizeof(name), "%.*s", (int)(w < sizeof(name) ? w : sizeof(name) - 1), p);
		p += w;
		if (*p == ':')
			p++;
		if (!name[0])
			continue;
		const struct filesystem *fs = cluster_filesystem(c, name);
		struct strbuf fix = STRBUF_INIT;
		if (!fs) {
			const struct cluster *o = owner_elsewhere(x, name);
			char whose[160] = "";
			if (o)
				snprintf(whose, sizeof(whose), " ('%s' is %s's)", name, o->name);
			strbuf_adds(&fix, "`#PBS -l filesystems=");
			suggested(x, d->value, true, &fix);
			strbuf_addf(&fix, "` (%s has %s) [%s]", c->name, valid.buf, src);
			report(x, "filesystems-unknown", SEV_ERROR, d->line, d->col, d->span, fix.buf,
			       "filesystems=%s: %s has no file system '%s'%s", d->value, c->name, name, whose);
		} else if (fs->retired) {
			strbuf_adds(&fix, "`#PBS -l filesystems=");
			suggested(x, d->value, true, &fix);
			strbuf_addf(&fix, "` (%s has %s)", c->name, valid.buf);
			report(x, "filesystems-retired", SEV_WARNING, d->line, d->col, d->span, fix.buf,
			       "filesystems=%s: '%s' is no longer one of %s's file systems: %s [%s]", d->value, fs->name, c->name,
			       fs->retired, fs->src.url ? fs->src.url : src);
		} else if (fs->access) {
			strbuf_addf(&fix, "keep it only if your project has access; else use %s", valid.buf);
			report(x, "filesystems-restricted", SEV_WARNING, d->line, d->col, d->span, fix.buf,
			       "filesystems=%s: '%s' is %s [%s]", d->value, fs->name, fs->access, fs->src.url ? fs->src.url : src);
		}
		strbuf_release(&fix);
	}
	strbuf_release(&valid);
}

/* Each file system of the cluster a line of the script uses (a path on it, or one of its commands)
 * that the header's names leave out: once per file system, at its first use. Comment lines and
 * directives are not read. */
static void check_uses(struct vctx *x, const struct directive *d)
{
	const struct cluster *c = x->c;
	for (size_t i = 0; i < c->fs.n; i++) {
		const struct filesystem *fs = &c->fs.list[i];
		int l, col;
		size_t len;
		if (names_has(d->value, fs->name) || !script_uses(x->js, fs, &l, &col, &len))
			continue;
		const char *line = x->js->lines.v[l - 1];
		struct strbuf fix = STRBUF_INIT;
		if (fs->retired) {
			report(x, "filesystems-retired", SEV_WARNING, l, col, (int)len,
			       "move the data to a file system the cluster has", "%.*s is on %s, which is no longer one of "
			       "%s's file systems: %s [%s]", (int)len, line + col - 1, fs->name, c->name, fs->retired,
			       fs->src.url ? fs->src.url : c->source);
		} else {
			strbuf_adds(&fix, "`#PBS -l filesystems=");
			suggested(x, d->value, false, &fix);
			strbuf_addch(&fix, '`');
			report(x, "filesystems-unasked", fs->unasked_error ? SEV_ERROR : SEV_WARNING, l, col, (int)len, fix.buf,
			       "%.*s is on %s, which the job's filesystems=%s (line %d) does not name: %s [%s]", (int)len,
			       line + col - 1, fs->name, d->value, d->line,
			       fs->why ? fs->why : c->fs.why ? c->fs.why : "the centre wants every file system a job uses named",
			       fs->why ? (fs->src.url ? fs->src.url : c->source) : (c->fs.src.url ? c->fs.src.url : c->source));
		}
		strbuf_release(&fix);
	}
}

/* Paths on a file system of another cluster of the same centre that this cluster's list does not have
 * (Polaris's /eagle/ in an Aurora job): the centre's table does not mount it here. Once per file system. */
static void check_foreign(struct vctx *x)
{
	const struct cluster *c = x->c;
	for (size_t i = 0; x->repo && i < repo_cluster_count(x->repo); i++) {
		const struct cluster *b = repo_cluster_brief_at(x->repo, i);
		if (!b || !strcmp(b->id, c->id) || b->scheduler != c->scheduler || !b->center || !c->center ||
		    strcmp(b->center, c->center))
			continue;
		const struct cluster *o = repo_cluster(x->repo, b->id);
		for (size_t k = 0; o && k < o->fs.n; k++) {
			const struct filesystem *ofs = &o->fs.list[k];
			int l, col;
			size_t len;
			if (ofs->retired || cluster_filesystem(c, ofs->name) || !script_uses(x->js, ofs, &l, &col, &len))
				continue;
			/* a path this cluster has too ("/home/" on both) is its own */
			const char *line = x->js->lines.v[l - 1];
			bool own = false;
			for (size_t m = 0; m < c->fs.n && !own; m++)
				for (size_t p = 0; p < c->fs.list[m].npaths && !own; p++)
					own = !strncmp(line + col - 1, c->fs.list[m].paths[p], strlen(c->fs.list[m].paths[p]));
			if (own)
				continue;
			struct strbuf valid = STRBUF_INIT, fix = STRBUF_INIT;
			valid_names(c, &valid);
			strbuf_addf(&fix, "use a path on a file system of %s (%s)", c->name, valid.buf);
			report(x, "filesystems-foreign", SEV_WARNING, l, col, (int)len, fix.buf,
			       "%.*s is on %s, a file system %s lists for %s, not for %s [%s]", (int)len, line + col - 1,
			       ofs->name, c->center, o->name, c->name, ofs->src.url ? ofs->src.url : o->source);
			strbuf_release(&valid);
			strbuf_release(&fix);
		}
	}
}

void check_filesystems(struct vctx *x)
{
	if (!x->c || !x->c->fs.n || x->js->sched != JS_PBS)
		return;
	const struct directive *last = NULL;
	for (size_t i = 0; i < x->js->ndirs; i++) {
		const struct directive *d = &x->js->dirs[i];
		if (d->kind != JS_PBS || d->ignored || d->unknown || !d->value || strcmp(d->opt, "filesystems"))
			continue;
		check_names(x, d);
		last = d;
	}
	if (last) /* the scheduler uses the last one; none at all is required-directive's */
		check_uses(x, last);
	check_foreign(x);
}
