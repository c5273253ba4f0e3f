/* test_port.c - src/port/: where a ported job goes (the world size on the fewest whole target nodes)
 * and the data of src/script/hints.c (data/scripts/, wrappers and fingerprints), validated on load. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "port/port.h"
#include "repo/repo.h"
#include "script/hints.h"
#include "util/strbuf.h"

#include "testutil.h"

static void test_place(void **state)
{
	(void)state;
	static const struct {
		long world;
		int T, nodes, gpn;
	} cases[] = {
		{16, 4, 4, 4},	/* same shape */
		{16, 12, 2, 8}, /* Aurora: 12 does not divide 16, 2 x 8 does */
		{16, 3, 8, 2},	/* 6 and 7 nodes do not divide 16 */
		{8, 8, 1, 8},	{8, 1, 8, 1},	{4, 8, 1, 4}, /* fewer GPUs than a node: one node */
		{1, 4, 1, 1},	{12, 8, 2, 6},	{7, 4, 7, 1}, /* a prime world: one per node */
		{24, 12, 2, 12}, {6, 4, 2, 3},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int n = 0, g = 0;
		assert_true(port_place(cases[i].world, cases[i].T, &n, &g));
		if (n != cases[i].nodes || g != cases[i].gpn)
			fail_msg("world %ld on %d GPUs per node: got %d x %d, want %d x %d", cases[i].world, cases[i].T, n,
				 g, cases[i].nodes, cases[i].gpn);
		assert_int_equal((long)n * g, cases[i].world);
		assert_true(g <= cases[i].T);
	}
	int n, g;
	assert_false(port_place(0, 4, &n, &g));
	assert_false(port_place(8, 0, &n, &g));
}

static void test_hints_real(void **state)
{
	(void)state;
	struct repo *repo = tu_open_real_repo();
	assert_non_null(repo);
	struct script_hints h;
	struct maple_error err;
	if (script_hints_load(&h, repo_dirs(repo), repo, &err) < 0)
		fail_msg("data/scripts does not load: %s", err.text);
	assert_true(h.nwrappers > 10);
	assert_true(h.nfps > 20);
	const struct wrapper_hint *w = script_hints_wrapper(&h, "./set_affinity_gpu_polaris.sh");
	assert_non_null(w);
	assert_int_equal(w->kind, WK_AFFINITY);
	assert_null(script_hints_wrapper(&h, "mycluster_bind"));
	bool perlmutter_account = false;
	for (size_t i = 0; i < h.nfps; i++)
		if (!strcmp(h.fps[i].cluster, "perlmutter") && h.fps[i].kind == FP_ACCOUNT)
			perlmutter_account = fingerprint_account_matches(&h.fps[i], "m1234_g") &&
					     !fingerprint_account_matches(&h.fps[i], "abc123-gpu");
	assert_true(perlmutter_account);
	/* drivers.yaml: the libEnsemble manager, with its options and its sources */
	assert_true(h.ndrivers >= 1);
	bool libe = false;
	for (size_t i = 0; i < h.ndrivers; i++)
		if (!strcmp(h.drivers[i].family, "libensemble"))
			libe = h.drivers[i].nopts == 2 && !strncmp(h.drivers[i].source, "https://", 8) &&
			       !strncmp(h.drivers[i].port_source, "https://", 8);
	assert_true(libe);
	assert_true(h.nrunners >= 1 && !strcmp(h.runners[0].module, "submitit.core._submit"));
	/* siteenv.yaml: a centre's login variables, and the families its modules define (TACC_, OLCF_) */
	assert_true(script_hints_site_var(&h, "PSCRATCH"));
	assert_non_null(script_hints_site_var_on(&h, "PSCRATCH", "perlmutter"));
	assert_null(script_hints_site_var_on(&h, "PSCRATCH", "polaris"));
	const struct siteenv_hint *e = script_hints_site_var_on(&h, "TACC_HDF5_DIR", "vista");
	assert_true(e && e->prefix && !strcmp(e->name, "TACC_") && !e->reliability);
	assert_null(script_hints_site_var_on(&h, "TACC_HDF5_DIR", "polaris"));
	assert_false(script_hints_site_var(&h, "TACC_")); /* the family's prefix alone names no variable */
	assert_false(script_hints_site_var(&h, "TACCX"));
	e = script_hints_site_var_on(&h, "OLCF_HDF5_ROOT", "frontier");
	assert_true(e && e->prefix && !strcmp(e->reliability, "inferred"));
	e = script_hints_site_var_on(&h, "NERSC_HOST", "perlmutter");
	assert_true(e && !e->prefix && !strcmp(e->reliability, "secondary"));
	assert_false(script_hints_site_var(&h, "WORK2")); /* no centre's page names it */
	assert_false(script_hints_site_var(&h, "ALCF_PROJECT"));
	struct strbuf who = STRBUF_INIT;
	script_hints_site_var_clusters(&h, "TACC_CUDA_DIR", &who);
	assert_string_equal(who.buf, "lonestar6, stampede3, vista");
	strbuf_reset(&who);
	script_hints_site_var_clusters(&h, "SCRATCH", &who);
	assert_string_equal(who.buf, "perlmutter, lonestar6, stampede3, vista, anvil");
	strbuf_release(&who);
	script_hints_release(&h);
	repo_destroy(repo);
}

/* One bad file: each problem is reported as file:line with what is wrong. */
static void expect_bad(struct repo *repo, const char *file, const char *text, const char *want)
{
	char *dir = tu_mkdtemp();
	char rel[64];
	tu_fmt(rel, "scripts/%s", file);
	tu_write(dir, rel, text);
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, dir);
	struct script_hints h;
	struct maple_error err;
	if (script_hints_load(&h, &dirs, repo, &err) == 0)
		fail_msg("%s loaded:\n%s", file, text);
	assert_contains(err.text, want);
	assert_contains(err.text, "scripts/");
	strvec_clear(&dirs);
	tu_rm_rf(dir);
	free(dir);
}

static void test_hints_invalid(void **state)
{
	(void)state;
	struct repo *repo = tu_open_real_repo();
	assert_non_null(repo);
	expect_bad(repo, "wrappers.yaml", "wrappers:\n  - name: x\n    kind: magic\n    why: w\n    source: https://e.org/\n",
		   "kind 'magic' is not one of");
	expect_bad(repo, "wrappers.yaml", "wrappers:\n  - name: x\n    kind: profiler\n    why: w\n", "source");
	expect_bad(repo, "wrappers.yaml", "wrappers:\n  - name: x\n    kind: profiler\n    why: w\n    source: docs page\n",
		   "source must be a documentation URL");
	expect_bad(repo, "wrappers.yaml", "wrappers:\n  - name: b.sh\n    kind: affinity\n    why: w\n    source: https://e.org/\n",
		   "names the clusters it belongs to");
	expect_bad(repo, "wrappers.yaml",
		   "wrappers:\n  - name: b.sh\n    kind: affinity\n    clusters: [polaris]\n    machine: M\n    why: w\n"
		   "    source: https://e.org/\n",
		   "one of the two");
	expect_bad(repo, "wrappers.yaml",
		   "wrappers:\n  - name: b.sh\n    kind: affinity\n    clusters: [nowhere]\n    why: w\n    source: https://e.org/\n",
		   "'nowhere' is not a known cluster id");
	expect_bad(repo, "fingerprints.yaml",
		   "fingerprints:\n  - cluster: perlmutter\n    account: '^m[0-9'\n    weight: 2\n    source: https://e.org/\n",
		   "account pattern");
	expect_bad(repo, "fingerprints.yaml",
		   "fingerprints:\n  - cluster: perlmutter\n    text: a\n    queue: b\n    weight: 2\n    source: https://e.org/\n",
		   "exactly one");
	expect_bad(repo, "fingerprints.yaml",
		   "fingerprints:\n  - cluster: perlmutter\n    text: a\n    weight: 9\n    source: https://e.org/\n", "weight");
	expect_bad(repo, "fingerprints.yaml",
		   "fingerprints:\n  - cluster: atlantis\n    text: a\n    weight: 2\n    source: https://e.org/\n",
		   "'atlantis' is not a known cluster id");
	expect_bad(repo, "fingerprints.yaml", "fingerprints: [\n", "invalid YAML");
#define SITE "site_env:\n  - cluster: vista\n    what: w\n    source: https://e.org/\n"
	expect_bad(repo, "siteenv.yaml", SITE "    name: A_\n", "prefix 'A_' must be three or more capital letters");
	expect_bad(repo, "siteenv.yaml", SITE "    name: Tacc_\n", "prefix 'Tacc_'");
	expect_bad(repo, "siteenv.yaml", SITE "    name: TACC-X\n", "is not a shell variable name");
	expect_bad(repo, "siteenv.yaml", SITE "    name: TACC_\n    reliability: likely\n",
		   "reliability 'likely' is not doc, staff, secondary or inferred");
	expect_bad(repo, "siteenv.yaml",
		   SITE "    name: TACC_\n  - cluster: vista\n    name: TACC_\n    what: w\n    source: https://e.org/\n",
		   "given twice for 'vista'");
	expect_bad(repo, "siteenv.yaml", "site_env:\n  - cluster: atlantis\n    name: X\n    what: w\n    source: https://e.org/\n",
		   "'atlantis' is not a known cluster id");
#undef SITE
#define DRV "drivers:\n  - name: m\n    family: f\n    what: w\n"
	expect_bad(repo, "drivers.yaml", DRV "    options: [{option: --n}]\n    source: https://e.org/\n", "port_source");
	expect_bad(repo, "drivers.yaml", DRV "    options: [{option: --n}]\n    source: docs\n    port_source: https://e.org/\n",
		   "source must be a documentation URL");
	expect_bad(repo, "drivers.yaml", DRV "    options: []\n    source: https://e.org/\n    port_source: https://e.org/\n",
		   "options must be a non-empty list");
	expect_bad(repo, "drivers.yaml", DRV "    options: [{option: n}]\n    source: https://e.org/\n    port_source: https://e.org/\n",
		   "must start with '-'");
	expect_bad(repo, "drivers.yaml",
		   DRV "    options: [{option: --n, valu: [a]}]\n    source: https://e.org/\n    port_source: https://e.org/\n",
		   "valu");
	expect_bad(repo, "drivers.yaml",
		   "runners:\n  - module: m\n    name: n\n    what: w\n    source: https://e.org/\n" DRV
		   "    options: [{option: --n}]\n    source: https://e.org/\n    port_source: https://e.org/\n",
		   "missing");
#undef DRV
	repo_destroy(repo);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_place),
		cmocka_unit_test(test_hints_real),
		cmocka_unit_test(test_hints_invalid),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
