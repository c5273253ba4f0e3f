/* cmd.h - the command layer: one file per subcommand, dispatched from main.c's table.
 *
 * Adding a subcommand:
 *   1. write src/cmd/<name>.c with `int cmd_<name>(int argc, char **argv)` (argv[0] is the name);
 *   2. declare it below and add a row to the table in src/main.c (name, function, one-line help);
 *   3. describe its options in an option table (struct opt) so --help is generated from it;
 *   4. add a CLI test under tests/cli/ and a section to doc/maple.1.
 * Only this layer prints or chooses exit codes; src/ below it never does.
 */
#ifndef MAPLE_CMD_H
#define MAPLE_CMD_H

#include "../repo/repo.h"
#include "../request/request.h"
#include "../util/strbuf.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

/* Exit codes (asserted by the tests). */
enum {
	EXIT_OK = 0,
	EXIT_FINDINGS = 1, /* verify: an error finding */
	EXIT_ERROR = 2,	   /* bad input, bad data, I/O failure */
	EXIT_INCOMPLETE = 3,
};

int cmd_generate(int argc, char **argv);
int cmd_extract(int argc, char **argv);
int cmd_clusters(int argc, char **argv);
int cmd_templates(int argc, char **argv);
int cmd_templates_add(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_debug(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_inspect(int argc, char **argv);
int cmd_logs(int argc, char **argv);
int cmd_advise(int argc, char **argv);
/* The JSON object of `maple verify --json`. */
struct verify_result;
json_t *verify_json(const struct verify_result *r, const struct request *req);
/* `maple verify --run WHERE` on a script's text (also used by generate --verify): prints the report to
 * out, or when json is non-NULL stores its JSON object there (caller owns). Returns the exit code. */
int verify_run(const char *path, const char *text, size_t len, const struct repo *repo, const struct cluster *c,
	       const char *where, const char *timeout, const char *workdir, const char *mode, bool force, FILE *out,
	       json_t **json);

/* ---- option tables ---- */
enum opt_kind { OPT_FLAG, OPT_STRING };
struct opt {
	char short_name; /* 0 = none */
	const char *long_name;
	enum opt_kind kind;
	const char *arg_name; /* for help: FILE, ID ... */
	const char *help;
	void *value; /* bool * for flags, const char ** for strings */
};

/* Parses argv[1..] against opts; positional words go to rest. Prints a message and returns -1 on
 * an unknown option or a missing value; returns 1 when --help was asked (help already printed). */
int opts_parse(int argc, char **argv, const struct opt *opts, const char *usage, const char *about,
	       struct strvec *rest);
/* opts_parse for a command whose words are files or names, not request text: a word starting with a
 * single '-' that is no option ("verify -Z job.sh") is an unknown option too ("-" alone is stdin). */
int opts_parse_files(int argc, char **argv, const struct opt *opts, const char *usage, const char *about,
		     struct strvec *rest);
void opts_help(FILE *f, const struct opt *opts, const char *usage, const char *about);

/* Opens the data repository over the default path plus extra_dir; prints errors. */
struct repo *open_repo(const char *extra_dir);
/* After a data file failed validation (errtext: its messages): when a key is unknown, says once that the
 * data may be newer than this binary and how to rebuild/reinstall maple (issue 18). */
void data_error_hint(const char *errtext);
/* Joins words with spaces, or reads stdin when there are none and stdin is not a terminal. */
int request_text(const struct strvec *words, struct strbuf *out);

/* Reads a job script (path, or '-' for stdin) up to MAX_SCRIPT_BYTES; prints the error. */
int read_script_file(const char *path, struct strbuf *out);
/* The directory of a script path, to find the config files it names (caller frees). */
char *script_dir_of(const char *path);

/* Before the work that produces a file: says why and returns -1 when output_write() would refuse path
 * (an existing file without replace, a directory, a missing directory, another user's link).
 * output_write() checks again, atomically, when it writes. */
int output_target_ok(const char *who, const char *path, bool replace);

/* A backup name for path that does not exist yet: path.orig, else path.orig.1 ... (caller frees). */
char *backup_name(const char *path);

/* JSON helpers */
json_t *json_str_or_null(const char *s);
json_t *json_int_or_null(int v);
/* A JSON string of text a user's bytes may be in (a path, an error naming one): bytes that are not UTF-8
 * shown as U+FFFD (json_string would give NULL, and the member would be dropped). */
json_t *json_text(const char *s);
json_t *json_strvec(const struct strvec *sv);
/* The "request" object of the CLI contract (request_json.c): as a jansson tree, or appended to out as
 * json_dumps(request_json(r), JSON_COMPACT) would print it, without the tree (generate --batch). */
json_t *request_json(const struct request *r);
void request_json_write(const struct request *r, struct strbuf *out);
void json_print(json_t *j, bool compact);
/* json_print with reals at 12 significant digits (5e-05, not 5.0000000000000002e-05). */
void json_print_short(json_t *j, bool compact);

#endif
