/* walk.c - the directory walk of walk.h: opendir/readdir with d_type, stat only for kept files and
 * for symlinks; loops are found by the (device, inode) of every directory entered. */
#include "walk.h"

#include "recipes.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void walk_result_init(struct walk_result *w)
{
	memset(w, 0, sizeof(*w));
	strvec_init(&w->skipped);
}

void walk_result_release(struct walk_result *w)
{
	for (size_t i = 0; i < w->n; i++)
		free(w->files[i].rel);
	free(w->files);
	strvec_clear(&w->skipped);
	walk_result_init(w);
}

void walk_skip(struct walk_result *w, const char *rel, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s\t", rel && *rel ? rel : ".");
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	strvec_push_nodup(&w->skipped, strbuf_detach(&sb));
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && !strcmp(s + a - b, suffix);
}

int file_kind_of(const char *name)
{
	if (ends_with(name, ".py") || ends_with(name, ".ipynb")) /* a notebook's code cells (inspect.c) */
		return FK_PYTHON;
	if (!strcmp(name, "MLproject") || !strcmp(name, ".env") || !strncmp(name, ".env.", 5) || ends_with(name, ".flags") ||
	    ends_with(name, ".flagfile") || !strcmp(name, "Snakefile") || ends_with(name, ".smk"))
		return FK_TEXT; /* read by what the command runs: merge_taskfiles.c, merge_argfiles.c */
	if (!strcmp(name, "pyproject.toml"))
		return FK_PYPROJECT;
	if (!strcmp(name, "setup.cfg")) /* setuptools' console scripts (setupcfg.c) */
		return FK_SETUPCFG;
	if (!strncmp(name, "requirements", 12) && ends_with(name, ".txt"))
		return FK_REQUIREMENTS;
	if (!strncmp(name, "environment", 11) && (ends_with(name, ".yml") || ends_with(name, ".yaml")))
		return FK_ENVIRONMENT;
	/* .conf: read when it is JSON (open-instruct's DeepSpeed configs), see inspect.c */
	if (ends_with(name, ".yaml") || ends_with(name, ".yml") || ends_with(name, ".json") || ends_with(name, ".toml") ||
	    ends_with(name, ".conf") || ends_with(name, ".gin") || ends_with(name, ".ini"))
		return FK_CONFIG;
	if (ends_with(name, ".sh") || ends_with(name, ".slurm") || ends_with(name, ".sbatch"))
		return FK_SHELL; /* Slurm batch scripts are shell scripts with #SBATCH comments */
	if (recipe_kind_of(name) >= 0)
		return FK_RECIPES; /* Makefile and justfile targets (recipes.c) */
	return -1;
}

/* Whether rel lies in a folder named config(s), cfg(s) or conf(s) */
static bool in_config_dir(const char *rel)
{
	static const char *const dirs[] = {"config/", "configs/", "cfg/", "cfgs/", "conf/", "confs/", NULL};
	for (int i = 0; dirs[i]; i++) {
		size_t n = strlen(dirs[i]);
		for (const char *p = rel; (p = strstr(p, dirs[i])); p += n)
			if (p == rel || p[-1] == '/')
				return true;
	}
	return false;
}

static bool pruned_dir(const char *name)
{
	static const char *const names[] = {"__pycache__", "node_modules", "venv", "site-packages", "wandb",
					    "mlruns", NULL};
	if (name[0] == '.')
		return true; /* .git, .venv, .tox, .ipynb_checkpoints ... */
	for (int i = 0; names[i]; i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

struct devino {
	dev_t dev;
	ino_t ino;
};

struct walker {
	const struct walk_limits *lim;
	struct walk_result *out;
	struct devino *seen; /* directories entered */
	size_t nseen, capseen;
	bool capped;
	struct strbuf path; /* absolute (root-relative when root is relative) */
	size_t root_len;
};

static const char *rel_of(struct walker *w)
{
	return w->path.len > w->root_len ? w->path.buf + w->root_len + 1 : "";
}

/* Records a directory; with check, first says whether it was entered before (only a directory
 * reached through a symlink can be: real directories form a tree). */
static bool seen_dir(struct walker *w, const struct stat *st, bool check)
{
	for (size_t i = 0; check && i < w->nseen; i++)
		if (w->seen[i].dev == st->st_dev && w->seen[i].ino == st->st_ino)
			return true;
	if (w->nseen == w->capseen) {
		w->capseen = w->capseen ? w->capseen * 2 : 64;
		w->seen = xrealloc(w->seen, w->capseen * sizeof(*w->seen));
	}
	w->seen[w->nseen++] = (struct devino){st->st_dev, st->st_ino};
	return false;
}

static void add_file(struct walker *w, const char *rel, enum file_kind k, const struct stat *st)
{
	struct walk_result *o = w->out;
	if (o->n >= w->lim->max_files) {
		if (!w->capped)
			walk_skip(o, rel, "more than %zu files to inspect: this one and the rest are left out", w->lim->max_files);
		w->capped = true;
		return;
	}
	if (o->n == o->alloc) {
		o->alloc = o->alloc ? o->alloc * 2 : 256;
		o->files = xrealloc(o->files, o->alloc * sizeof(*o->files));
	}
	struct walk_file *f = &o->files[o->n++];
	f->rel = xstrdup(rel);
	f->kind = k;
	f->size = st->st_size;
	f->mtime_ns = (int64_t)st->st_mtim.tv_sec * 1000000000 + st->st_mtim.tv_nsec;
	f->ino = st->st_ino;
}

static void walk_rec(struct walker *w, int depth, bool via_link)
{
	DIR *d = opendir(w->path.buf);
	if (!d) {
		walk_skip(w->out, rel_of(w), "cannot open the directory: %s", strerror(errno));
		return;
	}
	struct stat dst;
	if (fstat(dirfd(d), &dst) == 0 && seen_dir(w, &dst, via_link)) {
		walk_skip(w->out, rel_of(w), "symlink loop (or a second link to a directory already walked): not walked again");
		closedir(d);
		return;
	}
	struct dirent *e;
	size_t base = w->path.len;
	while ((e = readdir(d))) {
		const char *name = e->d_name;
		if (!strcmp(name, ".") || !strcmp(name, ".."))
			continue;
		strbuf_setlen(&w->path, base);
		strbuf_addf(&w->path, "/%s", name);
		unsigned char t = e->d_type;
		bool is_link = t == DT_LNK;
		if (t == DT_UNKNOWN || is_link) {
			struct stat lst;
			if (lstat(w->path.buf, &lst) < 0)
				continue;
			is_link = S_ISLNK(lst.st_mode);
			t = S_ISDIR(lst.st_mode) ? DT_DIR : S_ISREG(lst.st_mode) ? DT_REG : is_link ? DT_LNK : DT_UNKNOWN;
		}
		if (is_link) {
			struct stat st;
			if (stat(w->path.buf, &st) < 0) {
				if (errno == ELOOP)
					walk_skip(w->out, rel_of(w), "symlink loop");
				else if (file_kind_of(name) >= 0)
					walk_skip(w->out, rel_of(w), "broken symlink: %s", strerror(errno));
				continue;
			}
			t = S_ISDIR(st.st_mode) ? DT_DIR : S_ISREG(st.st_mode) ? DT_REG : DT_UNKNOWN;
		}
		if (t == DT_DIR) {
			if (pruned_dir(name))
				continue;
			if (depth + 1 > w->lim->max_depth) {
				walk_skip(w->out, rel_of(w), "deeper than %d directory levels: not walked", w->lim->max_depth);
				continue;
			}
			walk_rec(w, depth + 1, is_link);
			continue;
		}
		if (t != DT_REG)
			continue;
		int k = file_kind_of(name);
		/* configargparse's "key = value" files (nerf-pytorch's configs/lego.txt): a .txt file in a folder
		 * of configs, read as such when its lines are settings (inspect.c) */
		if (k < 0 && ends_with(name, ".txt") && in_config_dir(rel_of(w)))
			k = FK_CONFIG;
		if (k < 0)
			continue;
		struct stat st;
		if (stat(w->path.buf, &st) < 0) {
			walk_skip(w->out, rel_of(w), "cannot stat: %s", strerror(errno));
			continue;
		}
		add_file(w, rel_of(w), (enum file_kind)k, &st);
	}
	strbuf_setlen(&w->path, base);
	closedir(d);
}

static int cmp_file(const void *a, const void *b)
{
	return strcmp(((const struct walk_file *)a)->rel, ((const struct walk_file *)b)->rel);
}

int walk_add_named(const char *root, const char *rel, struct walk_result *out)
{
	if (!rel || !*rel || rel[0] == '/' || strstr(rel, "..") || strlen(rel) > 1024)
		return -1;
	for (size_t i = 0; i < out->n; i++)
		if (!strcmp(out->files[i].rel, rel))
			return -1;
	struct strbuf p = STRBUF_INIT;
	strbuf_addf(&p, "%s/%s", root, rel);
	struct stat st;
	int rc = stat(p.buf, &st) == 0 && S_ISREG(st.st_mode) ? 0 : -1;
	strbuf_release(&p);
	if (rc < 0)
		return -1;
	struct walk_limits lim = {(size_t)-1, 0};
	struct walker w = {.lim = &lim, .out = out};
	add_file(&w, rel, FK_TEXT, &st);
	qsort(out->files, out->n, sizeof(*out->files), cmp_file);
	return 0;
}

int walk_dir(const char *root, const struct walk_limits *lim, struct walk_result *out, struct maple_error *err)
{
	struct walk_limits def = {50000, 32};
	if (!lim)
		lim = &def;
	struct stat st;
	if (stat(root, &st) < 0)
		return errorf(err, "cannot inspect '%s': %s (give the job's working directory)", root, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return errorf(err, "cannot inspect '%s': it is not a directory (give the job's working directory)", root);
	struct walker w = {.lim = lim, .out = out};
	strbuf_init(&w.path);
	strbuf_adds(&w.path, root);
	while (w.path.len > 1 && w.path.buf[w.path.len - 1] == '/')
		strbuf_setlen(&w.path, w.path.len - 1);
	w.root_len = w.path.len;
	walk_rec(&w, 0, false);
	strbuf_release(&w.path);
	free(w.seen);
	if (out->n)
		qsort(out->files, out->n, sizeof(*out->files), cmp_file);
	return 0;
}
