/* template_add.c - `maple templates add SCRIPT --cluster ID --id NAME`: saves a script that passed its
 * verification run (`maple run`, recorded in the local store) as a launch template of that cluster in
 * the user's data directory (~/.config/maple/templates/ID/NAME.yaml), so `maple generate` can retrieve
 * it. The body is the script's launch section with the training command and the counts made
 * placeholders; the file is validated by loading it like every other template. */
#include "cmd.h"

#include "../request/extract.h"
#include "../request/extract_script.h"
#include "../run/store.h"
#include "../run/vcopy.h"
#include "../util/fsutil.h"
#include "../util/output.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char usage[] = "maple templates add SCRIPT --cluster ID --id NAME [--force] [--to DIR]";
static const char about[] =
	"Saves a job script that passed `maple run` (its verification run) as a launch template of the cluster:\n"
	"the launch section (from the rendezvous set-up to the launch line), with the training command and the\n"
	"node, GPU and port numbers turned into placeholders, written to ~/.config/maple/templates/ID/NAME.yaml\n"
	"(or DIR/templates/ID/NAME.yaml) and validated. --force saves a script maple has not seen pass.";

/* Replaces, in body, OPT=N / OPT N (OPT one of opts) by OPT=PH / OPT PH when N == value. */
static void placeholder_opt(struct strbuf *body, const char *const *opts, long value, const char *ph)
{
	if (value <= 0)
		return;
	char num[32];
	snprintf(num, sizeof(num), "%ld", value);
	for (int i = 0; opts[i]; i++) {
		size_t ol = strlen(opts[i]);
		for (size_t k = 0; k + ol < body->len; k++) {
			if (strncmp(body->buf + k, opts[i], ol) || (k && !isspace((unsigned char)body->buf[k - 1]) &&
								    body->buf[k - 1] != '\'' && body->buf[k - 1] != '"'))
				continue;
			size_t v = k + ol;
			if (body->buf[v] != '=' && body->buf[v] != ' ')
				continue;
			v++;
			size_t nl = strlen(num);
			if (strncmp(body->buf + v, num, nl) || isalnum((unsigned char)body->buf[v + nl]))
				continue;
			struct strbuf nb = STRBUF_INIT;
			strbuf_add(&nb, body->buf, v);
			strbuf_adds(&nb, ph);
			strbuf_adds(&nb, body->buf + v + nl);
			strbuf_release(body);
			*body = nb;
			k = v + strlen(ph);
		}
	}
}

static bool valid_id(const char *s)
{
	if (!*s || strlen(s) > 64)
		return false;
	for (; *s; s++)
		if (!islower((unsigned char)*s) && !isdigit((unsigned char)*s) && *s != '-')
			return false;
	return true;
}

int cmd_templates_add(int argc, char **argv)
{
	bool force = false;
	const char *cluster_id = NULL, *id = NULL, *to = NULL, *data_dir = NULL;
	const struct opt opts[] = {
		{0, "cluster", OPT_STRING, "ID", "the cluster the template is for (required)", &cluster_id},
		{0, "id", OPT_STRING, "NAME", "the template's id: lower-case letters, digits, '-' (required)", &id},
		{0, "force", OPT_FLAG, NULL, "save even if maple has not seen this exact script pass", &force},
		{0, "to", OPT_STRING, "DIR", "data directory to write into (default ~/.config/maple)", &to},
		{0, "data-dir", OPT_STRING, "DIR", "extra directory of cluster profiles and templates", &data_dir},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec rest = STRVEC_INIT;
	int pr = opts_parse_files(argc, argv, opts, usage, about, &rest);
	if (pr) {
		strvec_clear(&rest);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	int rc = EXIT_ERROR;
	struct repo *repo = NULL;
	struct strbuf text = STRBUF_INIT, body = STRBUF_INIT, yaml = STRBUF_INIT, path = STRBUF_INIT;
	struct script_reading sr;
	bool have_sr = false;
	struct maple_error err;
	if (rest.nr != 1 || !cluster_id || !id) {
		fprintf(stderr, "maple templates add: give one script, --cluster ID and --id NAME\nusage: %s\n", usage);
		goto out;
	}
	if (!valid_id(id)) {
		fprintf(stderr, "maple templates add: --id '%s': use lower-case letters, digits and '-' (at most 64)\n", id);
		goto out;
	}
	if (!(repo = open_repo(data_dir)))
		goto out;
	const struct cluster *c = match_cluster_name(repo, cluster_id);
	if (!c) {
		struct strbuf sb = STRBUF_INIT;
		unknown_cluster_message(repo, cluster_id, &sb);
		fprintf(stderr, "maple templates add: --cluster: %s\n", sb.buf);
		strbuf_release(&sb);
		goto out;
	}
	if (read_script_file(rest.v[0], &text) < 0)
		goto out;
	if (!force) {
		struct fix_store *st = store_open(NULL, &err);
		bool ok = st && store_is_verified(st, c->id, text.buf);
		store_close(st);
		if (!ok) {
			fprintf(stderr,
				"maple templates add: %s has not passed a verification run on %s that maple knows of: run "
				"`maple run %s` (or `maple run --fix`, then save the .fixed script) first, or use --force\n",
				rest.v[0], c->id, rest.v[0]);
			goto out;
		}
	}
	if (read_script(text.buf, text.len, NULL, repo, c, &sr, &err) < 0) {
		fprintf(stderr, "maple templates add: %s: %s\n", rest.v[0], err.text);
		goto out;
	}
	have_sr = true;
	size_t from, to_off;
	if (sr.plan.launch < 0) {
		fprintf(stderr, "maple templates add: %s: no launch line with a training program maple can locate\n",
			rest.v[0]);
		goto out;
	}
	const struct launch *ml = &sr.js.launches[sr.plan.launch];
	const struct jcmd *pcmd = ml->prog_stage >= 0 ? &sr.js.cmds[ml->stages[ml->prog_stage].cmd] : NULL;
	const char *sword = pcmd && ml->script_word >= 0 && (size_t)ml->script_word < pcmd->words.nr
				    ? pcmd->words.v[ml->script_word].raw
				    : NULL;
	bool located = vcopy_program_span(text.buf, &sr, &from, &to_off);
	/* the program's own words must stand there as written: a variable that expands to them ("$CMD") would
	 * become {{command}} without its interpreter */
	if (located && (!sword || text.buf[from] == '$' || !memmem(text.buf + from, to_off - from, sword, strlen(sword))))
		located = false;
	if (!located) {
		/* the launch line is known, but not where its program's words stand as plain text */
		fprintf(stderr,
			"maple templates add: %s:%d: the training program on this launch line is not plain text maple can "
			"replace with {{command}} (it is built from variables, or sits in a quoted string with '\\'' "
			"escapes): write the program and its arguments literally on that line, or write the template by "
			"hand (data/SCHEMA.md)\n",
			rest.v[0], sr.js.cmds[sr.js.launches[sr.plan.launch].cmd].line);
		goto out;
	}
	/* the launch section: from the first MASTER_ADDR/MASTER_PORT assignment (or the launch line) on */
	const struct jcmd *lc = &sr.js.cmds[sr.js.launches[sr.plan.launch].cmd];
	int first = lc->line;
	for (size_t i = 0; i < sr.js.nassigns; i++) {
		const struct assign *a = &sr.js.assigns[i];
		if (a->depth == 0 && (!strcmp(a->name, "MASTER_ADDR") || !strcmp(a->name, "MASTER_PORT")) && a->line < first)
			first = a->line;
	}
	/* a shellcheck directive right above belongs to it */
	size_t start = 0;
	for (int ln = 1; ln < first; ln++)
		start = (size_t)(strchr(text.buf + start, '\n') - text.buf) + 1;
	size_t end = to_off;
	while (end < text.len && text.buf[end] != '\n')
		end++;
	strbuf_add(&body, text.buf + start, from - start);
	strbuf_adds(&body, "{{command}}");
	strbuf_add(&body, text.buf + to_off, end - to_off);
	long nodes = sr.plan.counts.nodes, gpn = sr.plan.counts.gpus_per_node;
	placeholder_opt(&body, (const char *const[]){"-N", "--nodes", "--nnodes", "--num_machines", "--num-machines", NULL},
			nodes, "{{nodes}}");
	placeholder_opt(&body, (const char *const[]){"--nproc_per_node", "--nproc-per-node", "--ppn", "--num_gpus", NULL},
			gpn, "{{gpus_per_node}}");
	placeholder_opt(&body, (const char *const[]){"-np", "--np", "--num_processes", NULL}, nodes * gpn,
			"{{total_gpus}}");
	placeholder_opt(&body, (const char *const[]){"-n", NULL}, sr.plan.tasks == nodes ? nodes : -1, "{{nodes}}");
	placeholder_opt(&body, (const char *const[]){"-n", NULL}, nodes * gpn, "{{total_gpus}}");
	placeholder_opt(&body, (const char *const[]){"export MASTER_PORT", "--master_port", "--main_process_port", NULL},
			29500, "{{master_port}}");

	const char *fw = sr.fw.framework == FW_NONE ? "pytorch" : framework_name(sr.fw.framework);
	const char *stg = sr.fw.strategy == ST_NONE ? "ddp" : strategy_name(sr.fw.strategy);
	const struct stage *sp = sr.plan.spawner ? sr.plan.spawner : sr.plan.outer;
	const char *launcher = sp ? stage_kind_name(sp->kind) : "python";
	char date[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(date, sizeof(date), "%Y-%m-%d", &tm);
	strbuf_addf(&yaml,
		    "# Saved by `maple templates add` from %s on %s%s.\n"
		    "id: %s\ncluster: %s\nframework: %s\nstrategies: [%s]\nlauncher: %s\ntasks_per_node: %s\n"
		    "description: >-\n  %s %s launch line saved from a script that %s maple's verification run on %s.\n"
		    "tags: [user%s]\npreferred: false\nreliability: inferred\nsource: %s\n"
		    "deviations: >-\n  Saved from the user's script %s, not from the centre's documentation.\nbody: |\n",
		    base_name(rest.v[0]), date, force ? " (--force: not seen passing)" : ", after it passed `maple run`", id,
		    c->id, fw, stg, launcher, sr.plan.tasks_per_node > 1 ? "gpu" : "node", fw, stg,
		    force ? "was saved with --force, without" : "passed", c->id, force ? "" : ", verified", c->source,
		    base_name(rest.v[0]));
	for (const char *p = body.buf; *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		strbuf_addf(&yaml, "  %.*s\n", (int)n, p);
		p = nl ? nl + 1 : p + n;
	}
	/* write into <dir>/templates/<cluster>/<id>.yaml, then load it like any template */
	if (to) {
		strbuf_adds(&path, to);
	} else {
		const char *x = getenv("XDG_CONFIG_HOME"), *h = getenv("HOME");
		if (x && x[0] == '/') {
			strbuf_addf(&path, "%s/maple", x);
		} else if (h && *h) {
			strbuf_addf(&path, "%s/.config/maple", h);
		} else {
			/* never a .config/ in whatever directory this runs from */
			fprintf(stderr, "maple templates add: HOME and XDG_CONFIG_HOME are not set: say where with --to DIR\n");
			goto out;
		}
	}
	size_t root_len = path.len;
	strbuf_addf(&path, "/templates/%s", c->id);
	if (make_dirs(path.buf, 0755) < 0) {
		fprintf(stderr, "maple templates add: cannot create %s: %s\n", path.buf, strerror(errno));
		goto out;
	}
	strbuf_addf(&path, "/%s.yaml", id);
	if (access(path.buf, F_OK) == 0) {
		fprintf(stderr, "maple templates add: %s exists: choose another --id or remove it\n", path.buf);
		goto out;
	}
	/* never replaces a template (the check above, again atomically here) */
	if (output_write(path.buf, yaml.buf, yaml.len, 0644, 0, &err) < 0) {
		fprintf(stderr, "maple templates add: %s\n", err.text);
		goto out;
	}
	struct strvec dirs = STRVEC_INIT;
	repo_default_dirs(&dirs, data_dir);
	char *root = xstrndup(path.buf, root_len);
	if (strvec_find(&dirs, root) < 0)
		strvec_push(&dirs, root);
	free(root);
	struct repo *check = repo_open(&dirs, &err);
	strvec_clear(&dirs);
	const struct template **ts;
	size_t n;
	if (!check || repo_templates(check, c->id, &ts, &n, &err) < 0) {
		fprintf(stderr, "maple templates add: the saved template does not load, removed it: %s\n", err.text);
		unlink(path.buf);
	} else {
		printf("maple: saved template %s for %s: %s\n", id, c->id, path.buf);
		rc = EXIT_OK;
	}
	repo_destroy(check);
out:
	if (have_sr)
		script_reading_release(&sr);
	strbuf_release(&text);
	strbuf_release(&body);
	strbuf_release(&yaml);
	strbuf_release(&path);
	repo_destroy(repo);
	strvec_clear(&rest);
	return rc;
}
