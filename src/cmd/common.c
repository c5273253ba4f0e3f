/* common.c - helpers shared by the subcommands: option tables, repository opening, request
 * text, JSON output. */
#include "cmd.h"

#include "../util/fsutil.h"
#include "../util/jsonw.h"
#include "../util/output.h"
#include "../script/jobscript.h"
#include "../util/strvec.h"
#include "../util/textdist.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#ifndef MAPLE_VERSION
#define MAPLE_VERSION "0.1.0"
#endif

void opts_help(FILE *f, const struct opt *opts, const char *usage, const char *about)
{
	fprintf(f, "usage: %s\n\n%s\n\noptions:\n", usage, about);
	for (const struct opt *o = opts; o->long_name; o++) {
		char left[64];
		if (o->short_name)
			snprintf(left, sizeof(left), "-%c, --%s%s%s", o->short_name, o->long_name, o->arg_name ? " " : "",
				 o->arg_name ? o->arg_name : "");
		else
			snprintf(left, sizeof(left), "    --%s%s%s", o->long_name, o->arg_name ? " " : "",
				 o->arg_name ? o->arg_name : "");
		fprintf(f, "  %-28s %s\n", left, o->help);
	}
	fprintf(f, "  %-28s %s\n", "-h, --help", "show this help");
}

/* "maple generate" from "maple generate [--json] ..." */
static void command_name(const char *usage, char *out, size_t size)
{
	size_t n = 0, words = 0;
	while (usage[n] && usage[n] != '\n' && n + 1 < size) {
		if (usage[n] == ' ' && ++words == 2)
			break;
		n++;
	}
	snprintf(out, size, "%.*s", (int)n, usage);
}

static void unknown_option(const struct opt *opts, const char *usage, const char *arg)
{
	char who[64];
	command_name(usage, who, sizeof(who));
	size_t nl = strcspn(arg, "=");
	char *name = xstrndup(arg, nl);
	const char *best = NULL;
	int best_d = 1 << 30;
	for (const struct opt *o = opts; o->long_name; o++) {
		int d = edit_distance(name, o->long_name);
		/* a unique-looking prefix (--out for --output) counts as close */
		if (nl >= 3 && !strncmp(o->long_name, name, nl))
			d = 1;
		if (d < best_d) {
			best_d = d;
			best = o->long_name;
		}
	}
	int limit = nl <= 4 ? 1 : nl <= 8 ? 2 : 3;
	if (edit_distance(name, "help") < best_d)
		best = "help", best_d = edit_distance(name, "help");
	fprintf(stderr, "%s: unknown option '--%s'", who, name);
	if (best && best_d <= limit)
		fprintf(stderr, " (did you mean --%s?)", best);
	fprintf(stderr, "\n%s: `%s --help` lists the options; words after `--` are never options\n", who, who);
	free(name);
}

static int parse(int argc, char **argv, const struct opt *opts, const char *usage, const char *about,
		 struct strvec *rest, bool words_are_text)
{
	bool only_words = false;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (only_words || a[0] != '-' || !a[1]) {
			strvec_push(rest, a);
			continue;
		}
		if (!strcmp(a, "--")) {
			only_words = true;
			continue;
		}
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			opts_help(stdout, opts, usage, about);
			return 1;
		}
		const struct opt *hit = NULL;
		const char *val = NULL;
		if (a[1] == '-') {
			const char *name = a + 2;
			const char *eq = strchr(name, '=');
			size_t nl = eq ? (size_t)(eq - name) : strlen(name);
			for (const struct opt *o = opts; o->long_name; o++)
				if (strlen(o->long_name) == nl && !strncmp(o->long_name, name, nl))
					hit = o;
			if (hit && eq)
				val = eq + 1;
		} else if (!a[2]) {
			for (const struct opt *o = opts; o->long_name; o++)
				if (o->short_name == a[1])
					hit = o;
		}
		if (!hit && a[1] == '-' && !strpbrk(a, " \t\n")) {
			/* a typo (--ouput job.sh) must not become request text */
			unknown_option(opts, usage, a + 2);
			return -1;
		}
		if (!hit && !words_are_text) {
			/* a command that takes files: "verify -Z job.sh" is a typo, not a file named "-Z" (one is
			 * still given after "--") */
			char who[64];
			command_name(usage, who, sizeof(who));
			fprintf(stderr, "%s: unknown option '%s'\n%s: `%s --help` lists the options; words after `--` are never options\n",
				who, a, who, who);
			return -1;
		}
		if (!hit) {
			/* words of a request may start with a single '-' ("-N 2"): keep them as text */
			strvec_push(rest, a);
			continue;
		}
		if (hit->kind == OPT_FLAG) {
			if (val) {
				fprintf(stderr, "maple: option --%s takes no value\n", hit->long_name);
				return -1;
			}
			*(bool *)hit->value = true;
		} else {
			if (!val) {
				if (i + 1 >= argc) {
					fprintf(stderr, "maple: option --%s needs a value (%s)\n", hit->long_name,
						hit->arg_name ? hit->arg_name : "VALUE");
					return -1;
				}
				val = argv[++i];
			}
			*(const char **)hit->value = val;
		}
	}
	return 0;
}

int opts_parse(int argc, char **argv, const struct opt *opts, const char *usage, const char *about,
	       struct strvec *rest)
{
	return parse(argc, argv, opts, usage, about, rest, true);
}

int opts_parse_files(int argc, char **argv, const struct opt *opts, const char *usage, const char *about,
		     struct strvec *rest)
{
	return parse(argc, argv, opts, usage, about, rest, false);
}

void data_error_hint(const char *errtext)
{
	/* every loader (profiles, templates, knowledge base, doc notes, models) rejects a key it does not
	 * know, as "unknown key 'K' in ...": a data directory newer than the binary, or a typo */
	if (errtext && strstr(errtext, "unknown key '"))
		fprintf(stderr,
			"maple: a key above is unknown to this maple (%s): if the data directory is newer than this "
			"binary, rebuild/reinstall maple (make && make install); otherwise correct the key in the file named above\n",
			MAPLE_VERSION);
}

struct repo *open_repo(const char *extra_dir)
{
	if (extra_dir && !is_directory(extra_dir)) {
		fprintf(stderr, "maple: --data-dir '%s' is not a directory\n", extra_dir);
		return NULL;
	}
	struct strvec dirs = STRVEC_INIT;
	repo_default_dirs(&dirs, extra_dir);
	struct maple_error err;
	struct repo *r = repo_open(&dirs, &err);
	strvec_clear(&dirs);
	if (!r) {
		fprintf(stderr, "maple: invalid data files:\n%s\n", err.text);
		data_error_hint(err.text);
		return NULL;
	}
	if (!repo_cluster_count(r)) {
		fprintf(stderr, "maple: no cluster profiles found (looked in the built-in data directory, /etc/maple, "
				"~/.config/maple, MAPLE_PATH and --data-dir)\n");
		repo_destroy(r);
		return NULL;
	}
	return r;
}

int request_text(const struct strvec *words, struct strbuf *out)
{
	if (words->nr == 1 && !strcmp(words->v[0], "-")) {
		struct maple_error err;
		if (read_stream(0, out, 1 << 20, &err) < 0) {
			fprintf(stderr, "maple: the request on standard input cannot be used: %s\n", err.text);
			return -1;
		}
		return 0;
	}
	for (size_t i = 0; i < words->nr; i++)
		strbuf_addf(out, "%s%s", i ? " " : "", words->v[i]);
	if (!words->nr && !isatty(0)) {
		struct maple_error err;
		if (read_stream(0, out, 1 << 20, &err) < 0) {
			fprintf(stderr, "maple: the request on standard input cannot be used: %s\n", err.text);
			return -1;
		}
	}
	return 0;
}

int output_target_ok(const char *who, const char *path, bool replace)
{
	struct maple_error err;
	if (output_write(path, NULL, 0, 0, OUTPUT_CHECK_ONLY | (replace ? OUTPUT_REPLACE : 0), &err) < 0) {
		fprintf(stderr, "%s: %s\n", who, err.text);
		return -1;
	}
	return 0;
}

char *backup_name(const char *path)
{
	struct strbuf b = STRBUF_INIT;
	strbuf_addf(&b, "%s.orig", path);
	struct stat st;
	for (int i = 1; lstat(b.buf, &st) == 0 && i < 1000; i++) {
		strbuf_reset(&b);
		strbuf_addf(&b, "%s.orig.%d", path, i);
	}
	return strbuf_detach(&b);
}

json_t *json_str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

json_t *json_text(const char *s)
{
	char *l = utf8_lossy(s);
	json_t *j = json_string(l);
	free(l);
	return j;
}

json_t *json_int_or_null(int v)
{
	return v > 0 ? json_integer(v) : json_null();
}

json_t *json_strvec(const struct strvec *sv)
{
	json_t *a = json_array();
	for (size_t i = 0; i < sv->nr; i++)
		json_array_append_new(a, json_string(sv->v[i]));
	return a;
}

void json_print(json_t *j, bool compact)
{
	char *s = json_dumps(j, compact ? JSON_COMPACT : JSON_INDENT(2));
	if (s) {
		fputs(s, stdout);
		fputc('\n', stdout);
		free(s);
	}
}

void json_print_short(json_t *j, bool compact)
{
	char *s = json_dumps(j, (compact ? JSON_COMPACT : JSON_INDENT(2)) | JSON_REAL_PRECISION(12));
	if (s) {
		fputs(s, stdout);
		fputc('\n', stdout);
		free(s);
	}
}

int read_script_file(const char *path, struct strbuf *out)
{
	struct maple_error err;
	int rc = strcmp(path, "-") ? read_file(path, out, MAX_SCRIPT_BYTES, &err)
				   : read_stream(0, out, MAX_SCRIPT_BYTES, &err);
	if (rc < 0) {
		fprintf(stderr, "maple: %s\n", err.text);
		return -1;
	}
	return 0;
}

char *script_dir_of(const char *path)
{
	if (!strcmp(path, "-"))
		return xstrdup(".");
	const char *slash = strrchr(path, '/');
	if (!slash)
		return xstrdup(".");
	if (slash == path)
		return xstrdup("/");
	return xstrndup(path, (size_t)(slash - path));
}
