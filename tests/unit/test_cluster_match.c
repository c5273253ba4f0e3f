/* test_cluster_match.c - src/request/cluster_match.c and lexicon.c: cluster names as users write
 * them, "did you mean" ordering, and the word lists. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/repo.h"
#include "request/extract.h"
#include "request/lexicon.h"

#include "testutil.h"

static struct repo *repo;

static int setup(void **state)
{
	(void)state;
	repo = tu_open_real_repo();
	return repo ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	repo_destroy(repo);
	return 0;
}

static const char *match_id(const char *name)
{
	const struct cluster *c = match_cluster_name(repo, name);
	return c ? c->id : NULL;
}

static void check_matches(const char *const (*cases)[2], size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *got = match_id(cases[i][0]);
		const char *want = cases[i][1];
		if ((got == NULL) != (want == NULL) || (got && strcmp(got, want)))
			fail_msg("match_cluster_name(\"%s\") = %s, want %s", cases[i][0], got ? got : "NULL",
				 want ? want : "NULL");
	}
}

static void ids_and_case(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{"perlmutter", "perlmutter"}, {"Perlmutter", "perlmutter"}, {"PERLMUTTER", "perlmutter"},
		{"polaris", "polaris"},	      {"Frontier", "frontier"},	    {"aurora", "aurora"},
		{"delta", "delta"},	      {"DeltaAI", "deltaai"},	    {"bridges2", "bridges2"},
		{"anvil", "anvil"},	      {"Stampede3", "stampede3"},   {"lonestar6", "lonestar6"},
		{"Vista", "vista"},
	};
	check_matches(cases, sizeof(cases) / sizeof(cases[0]));
	/* every id in the data matches itself, upper-cased too */
	for (size_t i = 0; i < repo_cluster_count(repo); i++) {
		const struct cluster *c = repo_cluster_at(repo, i);
		assert_ptr_equal(match_cluster_name(repo, c->id), c);
		char up[128];
		size_t k = 0;
		for (; c->id[k] && k + 1 < sizeof(up); k++)
			up[k] = (char)toupper((unsigned char)c->id[k]);
		up[k] = '\0';
		assert_ptr_equal(match_cluster_name(repo, up), c);
		for (size_t a = 0; a < c->naliases; a++)
			assert_ptr_equal(match_cluster_name(repo, c->aliases[a]), c);
		assert_ptr_equal(match_cluster_name(repo, c->name), c);
	}
}

static void aliases_spaces_dashes(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{"pm", "perlmutter"},		  {"PM", "perlmutter"},		  {"nersc perlmutter", "perlmutter"},
		{"NERSC Perlmutter", "perlmutter"}, {"perlmutter-gpu", "perlmutter"}, {"perl_mutter", "perlmutter"},
		{"ls6", "lonestar6"},		  {"Lonestar 6", "lonestar6"},	  {"lone-star-6", "lonestar6"},
		{"Bridges-2", "bridges2"},	  {"bridges 2", "bridges2"},	  {"b2", "bridges2"},
		{"Delta AI", "deltaai"},	  {"delta-ai", "deltaai"},	  {"s3", "stampede3"},
		{"stampede", "stampede3"},	  {"Stampede 3", "stampede3"},	  {"olcf-frontier", "frontier"},
		{"ALCF Polaris", "polaris"},	  {"polaris-alcf", "polaris"},	  {"lonestar", "lonestar6"},
	};
	check_matches(cases, sizeof(cases) / sizeof(cases[0]));
}

static void typos(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{"Perlmuter", "perlmutter"}, {"perlmuttr", "perlmutter"}, {"prelmutter", "perlmutter"},
		{"Fronteir", "frontier"},    {"frontir", "frontier"},	   {"Polaras", "polaris"},
		{"polairs", "polaris"},	     {"aurorra", "aurora"},	   {"stampeed3", "stampede3"},
		{"lonestr6", "lonestar6"},   {"bridgse2", "bridges2"},
		/* a letter dropped from inside a five-letter name; a swap in the stem before the number */
		{"anvl", "anvil"},	     {"vsta", "vista"},	   {"dlta", "delta"},
		{"brdiges", "bridges2"},     {"stmapede", "stampede3"},
	};
	check_matches(cases, sizeof(cases) / sizeof(cases[0]));
}

static void non_matches(void **state)
{
	(void)state;
	static const char *const cases[][2] = {
		{"data", NULL},	  {"date", NULL},     {"delay", NULL},	  {"deltas", NULL},   {"visit", NULL},
		{"visa", NULL},	  {"vast", NULL},     {"solaris", NULL},  {"polar", NULL},    {"frontend", NULL},
		{"frontiers", NULL}, {"aurore", NULL}, {"bridge", NULL},  {"bridges", NULL},  {"until", NULL},
		{"anvils", NULL}, {"a", NULL},	      {"", NULL},	  {"   ", NULL},      {"gpu", NULL},
		{"node", NULL},	  {"train", NULL},    {"summit", NULL},	  {"cluster", NULL},  {"llama", NULL},
		{"pm2", NULL},	  {"vist", NULL},     {"delt", NULL},	  {"hello", NULL},    {"perlmutter frontier", NULL},
		{"on perlmuter", NULL}, /* typo tolerance is for single words only */
		{"vita", NULL},	  {"anil", NULL},     {"dela", NULL},	  {"vsit", NULL},
		{"xyzzyplugh", NULL},
	};
	check_matches(cases, sizeof(cases) / sizeof(cases[0]));
}

/* Distance from name to a cluster as closest_clusters measures it (id and aliases, normalized). */
static int dist_to(const char *name, const struct cluster *c)
{
	char n[128], a[128];
	size_t o = 0;
	for (const char *p = name; *p && o + 1 < sizeof(n); p++)
		if (*p != ' ' && *p != '-' && *p != '_')
			n[o++] = (char)tolower((unsigned char)*p);
	n[o] = '\0';
	int best = 99;
	for (size_t k = 0; k <= c->naliases; k++) {
		const char *s = k ? c->aliases[k - 1] : c->id;
		o = 0;
		for (const char *p = s; *p && o + 1 < sizeof(a); p++)
			if (*p != ' ' && *p != '-' && *p != '_')
				a[o++] = (char)tolower((unsigned char)*p);
		a[o] = '\0';
		int d = edit_distance(n, a);
		if (d < best)
			best = d;
	}
	return best;
}

static void closest_ordering(void **state)
{
	(void)state;
	const char *out[16];
	assert_int_equal(closest_clusters(repo, "perlmuter", out, 3), 3);
	assert_string_equal(out[0], "perlmutter");
	assert_int_equal(closest_clusters(repo, "polars", out, 3), 3);
	assert_string_equal(out[0], "polaris");
	assert_int_equal(closest_clusters(repo, "Fronteer", out, 1), 1);
	assert_string_equal(out[0], "frontier");
	assert_int_equal(closest_clusters(repo, "deltaa", out, 2), 2);
	assert_true(!strcmp(out[0], "delta") || !strcmp(out[0], "deltaai"));

	/* property: the result is sorted by distance and nothing left out is closer */
	static const char *const names[] = {"summit", "perlmuter", "theta", "x", "stampede2", "bridges-3", "auror",
					    "lonestar5", "frontera", "expanse", "deltagpu"};
	size_t nc = repo_cluster_count(repo);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		for (size_t max = 1; max <= 5; max++) {
			size_t k = closest_clusters(repo, names[i], out, max);
			assert_int_equal(k, max < nc ? max : nc);
			for (size_t j = 0; j < k; j++) {
				const struct cluster *c = repo_cluster(repo, out[j]);
				assert_non_null(c);
				for (size_t j2 = 0; j2 < j; j2++)
					assert_string_not_equal(out[j], out[j2]);
				if (j && dist_to(names[i], repo_cluster(repo, out[j - 1])) > dist_to(names[i], c))
					fail_msg("closest(%s): %s listed before closer %s", names[i], out[j - 1], out[j]);
			}
			int worst = dist_to(names[i], repo_cluster(repo, out[k - 1]));
			for (size_t c = 0; c < nc; c++) {
				const struct cluster *cl = repo_cluster_at(repo, c);
				bool listed = false;
				for (size_t j = 0; j < k; j++)
					listed |= !strcmp(out[j], cl->id);
				if (!listed && dist_to(names[i], cl) < worst)
					fail_msg("closest(%s, %zu): %s (distance %d) left out, but %s (distance %d) listed",
						 names[i], max, cl->id, dist_to(names[i], cl), out[k - 1], worst);
			}
		}
	}
	/* all clusters at most */
	assert_int_equal(closest_clusters(repo, "x", out, 16), nc);
}

/* ---- lexicon --------------------------------------------------------------------------------- */

static void number_words(void **state)
{
	(void)state;
	static const struct {
		const char *w;
		int n;
	} cases[] = {
		{"one", 1},	{"two", 2},	   {"three", 3},   {"eight", 8},   {"twelve", 12}, {"sixteen", 16},
		{"nineteen", 19}, {"twenty", 20},  {"thirty", 30}, {"sixty", 60},  {"ninety", 90}, {"hundred", 100},
		{"dozen", 12},	{"dual", 2},	   {"pair", 2},	   {"couple", 2},  {"both", 2},	   {"quad", 4},
		{"zero", 0},	{"zero-not-used", 0}, {"", 0},	   {"Two", 0},	   {"2", 0},	   {"twentyfour", 0},
		{"nodes", 0},	{"once", 0},
		/* other languages' numbers (data/lexicon's number_words), past ten too; the ones that are other
		 * words ("to", "due", "hat", "once") count only before a unit, so never here */
		{"dieciséis", 16}, {"veinticuatro", 24}, {"két", 2}, {"kahdeksan", 8}, {"dvanaest", 12}, {"to", 0},
		{"due", 0}, {"hat", 0}, {"elf", 0},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (number_word(cases[i].w) != cases[i].n)
			fail_msg("number_word(\"%s\") = %d, want %d", cases[i].w, number_word(cases[i].w), cases[i].n);
}

static void node_and_gpu_units(void **state)
{
	(void)state;
	static const char *const node_yes[] = {"node",	  "nodes",	"server",	 "servers", "machine", "machines",
					       "host",	  "hosts",	"box",		 "boxes",   "compute-node",
					       "computenodes", "ndoes", "noeds", "nodse",
					       /* Malay and Romanian ("dua nod", "un nod"), Finnish, Croatian */
					       "nod", "solmua", "čvora"};
	static const char *const node_no[] = {"nodal", "gpus", "nodesss", "code", "notes", "modes", "", "Node", "n0des"};
	for (size_t i = 0; i < sizeof(node_yes) / sizeof(node_yes[0]); i++)
		if (!is_node_unit(node_yes[i]))
			fail_msg("is_node_unit(\"%s\") is false", node_yes[i]);
	for (size_t i = 0; i < sizeof(node_no) / sizeof(node_no[0]); i++)
		if (is_node_unit(node_no[i]))
			fail_msg("is_node_unit(\"%s\") is true", node_no[i]);
	static const char *const gpu_yes[] = {"gpus", "cards", "a100s", "h100", "gcds", "tiles", "gpsu"};
	for (size_t i = 0; i < sizeof(gpu_yes) / sizeof(gpu_yes[0]); i++)
		if (!is_gpu_unit(gpu_yes[i]))
			fail_msg("is_gpu_unit(\"%s\") is false", gpu_yes[i]);
	assert_false(is_gpu_unit("gpu")); /* ambiguous: callers test it */
	assert_false(is_gpu_unit("nodes"));
	assert_false(is_gpu_unit("cpus"));
}

static void duration_units(void **state)
{
	(void)state;
	static const struct {
		const char *w;
		int m;
	} cases[] = {
		{"h", 60},    {"hr", 60},   {"hrs", 60},    {"hour", 60},   {"hours", 60}, {"m", 1},  {"min", 1},
		{"mins", 1},  {"minute", 1}, {"minutes", 1}, {"d", 1440},   {"day", 1440}, {"days", 1440},
		{"weeks", 10080}, {"week", 10080}, {"s", 0},	    {"sec", 0},	    {"ms", 0},	    {"Hours", 0},  {"", 0},   {"nodes", 0},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (duration_unit(cases[i].w) != cases[i].m)
			fail_msg("duration_unit(\"%s\") = %d, want %d", cases[i].w, duration_unit(cases[i].w), cases[i].m);
}

static void model_families(void **state)
{
	(void)state;
	static const char *const yes[] = {"vit",	 "vit-b16",  "resnet50", "resnet", "llama-2-7b", "llama3", "gpt2",
					  "gpt-neox-20b", "bert",   "t5-small", "mistral-7b", "sam", "phi-3", "whisper_large",
					  "clip/vit"};
	static const char *const no[] = {"vitamin", "bertha", "optimizer", "samples", "train", "data", "", "gptx",
					 "phil", "clipboard", "damage"};
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		if (!model_family(yes[i]))
			fail_msg("model_family(\"%s\") is false", yes[i]);
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		if (model_family(no[i]))
			fail_msg("model_family(\"%s\") is true", no[i]);
}

static void edit_distances(void **state)
{
	(void)state;
	static const struct {
		const char *a, *b;
		int d;
	} cases[] = {
		{"", "", 0},		 {"abc", "abc", 0},	    {"", "abc", 3},	    {"abc", "", 3},
		{"kitten", "sitting", 3}, {"ab", "ba", 1},	    {"fronteir", "frontier", 1}, {"perlmuter", "perlmutter", 1},
		{"polaras", "polaris", 1}, {"abcd", "acbd", 1},	    {"ca", "abc", 3}, /* OSA, not full Damerau */
		{"flaw", "lawn", 2},	 {"a", "b", 1},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int d = edit_distance(cases[i].a, cases[i].b);
		if (d != cases[i].d)
			fail_msg("edit_distance(%s, %s) = %d, want %d", cases[i].a, cases[i].b, d, cases[i].d);
		assert_int_equal(edit_distance(cases[i].b, cases[i].a), d); /* symmetric */
	}
	char long1[80], long2[80];
	memset(long1, 'a', 70);
	long1[70] = '\0';
	memset(long2, 'a', 63);
	long2[63] = '\0';
	assert_int_equal(edit_distance(long1, "a"), 99); /* too long to compare */
	assert_int_equal(edit_distance(long2, long2), 0);
	long2[62] = 'b';
	assert_int_equal(edit_distance(long2, "aaa"), 60);
}

/* The name index: one entry per id, display name and alias, normalised, with its length stored. */
static void name_index(void **state)
{
	(void)state;
	const char *const *names;
	const size_t *owners;
	size_t nn = repo_cluster_names(repo, &names, &owners);
	const size_t *lens = repo_cluster_name_lens(repo);
	size_t want = 0;
	for (size_t i = 0; i < repo_cluster_count(repo); i++)
		want += 2 + repo_cluster_at(repo, i)->naliases;
	assert_int_equal(nn, want);
	assert_non_null(lens);
	for (size_t i = 0; i < nn; i++) {
		assert_int_equal(lens[i], strlen(names[i]));
		for (const char *p = names[i]; *p; p++)
			if (*p == ' ' || *p == '-' || *p == '_' || isupper((unsigned char)*p))
				fail_msg("name '%s' is not normalised", names[i]);
		/* every indexed name matches its owner, and each proper prefix of it is a prefix */
		assert_ptr_equal(match_cluster_name(repo, names[i]), repo_cluster_at(repo, owners[i]));
		char pre[128];
		size_t l = lens[i] < sizeof(pre) ? lens[i] - 1 : sizeof(pre) - 1;
		memcpy(pre, names[i], l);
		pre[l] = '\0';
		if (l)
			assert_true(cluster_name_prefix(repo, pre));
	}
	assert_true(cluster_name_prefix(repo, "Perl-mut"));
	assert_true(cluster_name_prefix(repo, "perlmutter")); /* of perlmutter-gpu */
	assert_false(cluster_name_prefix(repo, "perlmutter_GPU"));
	assert_false(cluster_name_prefix(repo, "-_ "));
	assert_false(cluster_name_prefix(repo, "xperl"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ids_and_case),
		cmocka_unit_test(aliases_spaces_dashes),
		cmocka_unit_test(typos),
		cmocka_unit_test(non_matches),
		cmocka_unit_test(closest_ordering),
		cmocka_unit_test(number_words),
		cmocka_unit_test(node_and_gpu_units),
		cmocka_unit_test(duration_units),
		cmocka_unit_test(model_families),
		cmocka_unit_test(edit_distances),
		cmocka_unit_test(name_index),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
