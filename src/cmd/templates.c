/* templates.c - `maple templates [--cluster ID]`: lists (and so validates) the launch templates. */
#include "cmd.h"

#include "../request/extract.h"

#include <string.h>

static const char usage[] = "maple templates [--json] [--cluster ID]\n       maple templates add SCRIPT --cluster ID --id NAME";
static const char about[] = "Lists the launch templates (all clusters, or one), validating every template file.\n"
			    "Exit status: 0 all valid, 2 a data file is invalid.";

int cmd_templates(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "add"))
		return cmd_templates_add(argc - 1, argv + 1);
	bool json = false;
	const char *cluster = NULL, *data_dir = NULL;
	const struct opt opts[] = {
		{0, "json", OPT_FLAG, NULL, "print JSON", &json},
		{0, "cluster", OPT_STRING, "ID", "only this cluster's templates", &cluster},
		{0, "data-dir", OPT_STRING, "DIR", "extra directory of cluster profiles and templates", &data_dir},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec words = STRVEC_INIT;
	int pr = opts_parse_files(argc, argv, opts, usage, about, &words);
	if (!pr && words.nr) { /* the list takes no words (7c68541 listed every template, exit 0) */
		fprintf(stderr, "maple templates: unexpected '%s': the list takes no words (one cluster's: --cluster ID; usage: %s)\n",
			words.v[0], usage);
		pr = -1;
	}
	strvec_clear(&words);
	if (pr)
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	struct repo *repo = open_repo(data_dir);
	if (!repo)
		return EXIT_ERROR;
	struct maple_error err;
	const struct cluster *only = NULL;
	if (cluster && !(only = match_cluster_name(repo, cluster))) {
		fprintf(stderr, "maple: unknown cluster '%s' (`maple clusters` lists them)\n", cluster);
		repo_destroy(repo);
		return EXIT_ERROR;
	}
	if (!only && repo_load_all_templates(repo, &err) < 0) {
		fprintf(stderr, "maple: invalid template files:\n%s\n", err.text);
		data_error_hint(err.text);
		repo_destroy(repo);
		return EXIT_ERROR;
	}
	json_t *arr = json ? json_array() : NULL;
	if (!json)
		printf("%-28s %-11s %-11s %-24s %-11s %s\n", "ID", "CLUSTER", "FRAMEWORK", "STRATEGIES", "LAUNCHER",
		       "RELIABILITY");
	int rc = EXIT_OK;
	for (size_t i = 0; i < repo_cluster_count(repo); i++) {
		const struct cluster *c = repo_cluster_at(repo, i);
		if (only && only != c)
			continue;
		const struct template **ts;
		size_t n;
		if (repo_templates(repo, c->id, &ts, &n, &err) < 0) {
			fprintf(stderr, "maple: invalid template files:\n%s\n", err.text);
			rc = EXIT_ERROR;
			continue;
		}
		for (size_t k = 0; k < n; k++) {
			const struct template *t = ts[k];
			char st[64] = "";
			for (int s = 0; s < ST_COUNT; s++)
				if (t->strategies & (1u << s)) {
					strcat(st, st[0] ? "," : "");
					strcat(st, strategy_name((enum strategy)s));
				}
			if (json)
				json_array_append_new(arr, json_pack("{s:s,s:s,s:s,s:s,s:s,s:s,s:b,s:s}", "id", t->id,
								     "cluster", t->cluster, "framework",
								     framework_name(t->framework), "strategies", st,
								     "launcher", t->launcher, "reliability", t->reliability,
								     "preferred", t->preferred, "source", t->source));
			else
				printf("%-28s %-11s %-11s %-24s %-11s %s%s\n", t->id, t->cluster, framework_name(t->framework), st,
				       t->launcher, t->reliability, t->preferred ? " (preferred)" : "");
		}
	}
	if (json) {
		json_print(arr, false);
		json_decref(arr);
	}
	repo_destroy(repo);
	return rc;
}
