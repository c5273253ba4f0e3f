/* test_match.c - src/debug/match.c and log.c: matching a small knowledge base against logs, ranking
 * (a root cause before the symptoms it explains, priority, first line), applies_to filters, ANSI and
 * '\r' cleaning, evidence lines, fingerprints, and refused logs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "debug/debug.h"

#include "testutil.h"

static const char kb_text[] =
	"signatures:\n"
	"  - id: nccl-socket-ifname\n"
	"    category: communication\n"
	"    title: NCCL bound to a bad interface\n"
	"    cause: NCCL picked an interface the other nodes cannot reach.\n"
	"    patterns: ['NCCL WARN .*connect.*(?:timed out|refused)']\n"
	"    priority: 70\n"
	"    symptoms: [child-failed]\n"
	"    source: https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html\n"
	"    fix: [{op: set_env, name: NCCL_SOCKET_IFNAME, value: hsn}]\n"
	"  - id: child-failed\n"
	"    category: launcher\n"
	"    title: a worker failed\n"
	"    cause: One of the workers exited with an error.\n"
	"    patterns: ['torch.distributed.elastic.multiprocessing.errors.ChildFailedError']\n"
	"    priority: 10\n"
	"    source: https://pytorch.org/docs/stable/elastic/errors.html\n"
	"    advice: Read the first traceback.\n"
	"  - id: cuda-oom\n"
	"    category: resources\n"
	"    title: GPU out of memory\n"
	"    cause: The model and batch do not fit in GPU memory.\n"
	"    patterns: ['CUDA out of memory\\. Tried to allocate']\n"
	"    priority: 80\n"
	"    source: https://pytorch.org/docs/stable/notes/cuda.html\n"
	"    advice: Lower the batch size.\n"
	"  - id: pm-only\n"
	"    category: environment\n"
	"    title: a Perlmutter thing\n"
	"    cause: Only on Perlmutter.\n"
	"    patterns: ['(?i)cxi_fatal']\n"
	"    priority: 60\n"
	"    applies_to: {clusters: [perlmutter], launchers: [srun]}\n"
	"    source: https://docs.nersc.gov/\n"
	"    advice: Ask NERSC.\n"
	"  - id: address-in-use\n"
	"    category: launcher\n"
	"    title: port in use\n"
	"    cause: The port is taken.\n"
	"    patterns: ['EADDRINUSE', '^\\d+: \\w+$']\n"
	"    needles: [EADDRINUSE]\n"
	"    priority: 50\n"
	"    source: https://pytorch.org/docs/stable/elastic/run.html\n"
	"    advice: Use another port.\n"
	"  - id: digits-only\n"
	"    category: user-config\n"
	"    title: a pattern with no needle\n"
	"    cause: Tried on every line.\n"
	"    patterns: ['^\\d{3}-\\d{3}$']\n"
	"    priority: 5\n"
	"    source: https://example.org/\n"
	"    advice: None.\n"
	"  - id: extra-workers\n"
	"    category: launcher\n"
	"    title: more workers than the world size\n"
	"    cause: Ranks were started twice.\n"
	"    patterns: ['world_size=(\\d+), worker_count=(\\d+)']\n"
	"    greater: true\n"
	"    priority: 60\n"
	"    source: https://example.org/\n"
	"    advice: Start each rank once.\n"
	"  - id: stuck-scale\n"
	"    category: framework\n"
	"    title: a scale stuck at its floor, or the scaler saying so\n"
	"    cause: Every step overflows.\n"
	"    patterns: ['scale (\\d+) stays \\1(?!\\d)', 'scale already at minimum']\n"
	"    repeat: true\n"
	"    priority: 60\n"
	"    source: https://example.org/\n"
	"    advice: Train in bf16.\n"
	"  - id: mostly-held\n"
	"    category: resources\n"
	"    title: most of the device already held\n"
	"    cause: Another process holds most of it.\n"
	"    patterns: ['held free \\(([\\d.]+)/([\\d.]+) GiB\\)']\n"
	"    greater_by: 25\n"
	"    priority: 60\n"
	"    source: https://example.org/\n"
	"    advice: Free it.\n"
	"  - id: warned-mesh\n"
	"    category: communication\n"
	"    title: a mesh failed after a warning that names the cause\n"
	"    cause: The warning says the host name resolved to loopback.\n"
	"    patterns: ['mesh failed']\n"
	"    with: 'fell back to loopback'\n"
	"    with_example: 'W: fell back to loopback'\n"
	"    priority: 40\n"
	"    source: https://example.org/\n"
	"    advice: Set the interface.\n"
	"  - id: segment-full\n"
	"    category: resources\n"
	"    title: a segment could not be created (usually full)\n"
	"    cause: The segment's file system is full.\n"
	"    patterns: ['creating segment failed']\n"
	"    without: 'device call failed'\n"
	"    without_example: 'W: device call failed'\n"
	"    priority: 40\n"
	"    source: https://example.org/\n"
	"    advice: Make room.\n"
	"  - id: ran-outside-job\n"
	"    category: scheduler\n"
	"    title: a module error, then srun asks for an allocation of its own\n"
	"    cause: The script ran outside a job.\n"
	"    patterns: ['unknown module X']\n"
	"    with: 'queued and waiting for resources'\n"
	"    with_example: 'srun: job 7 queued and waiting for resources'\n"
	"    with_after: true\n"
	"    priority: 40\n"
	"    source: https://example.org/\n"
	"    advice: Submit it with sbatch.\n"
	"  - id: qos-refused\n"
	"    category: scheduler\n"
	"    title: the QOS was refused\n"
	"    cause: The QOS the job asks for does not exist.\n"
	"    patterns: ['Invalid qos specification']\n"
	"    script:\n"
	"      line: '^#SBATCH\\s+--qos'\n"
	"    priority: 40\n"
	"    source: https://example.org/\n"
	"    advice: Ask for a QOS you may use.\n"
	"  - id: container-without-gpus\n"
	"    category: environment\n"
	"    title: the container has no GPUs\n"
	"    cause: The container was started without its GPUs.\n"
	"    patterns: ['libcuda\\.so\\.1: cannot open shared object file']\n"
	"    script:\n"
	"      match: '^[^#\\n]*\\bdocker[ \\t]+run\\b(?![^\\n]*--gpus)'\n"
	"      hint: the container is started without --gpus\n"
	"    priority: 40\n"
	"    source: https://example.org/\n"
	"    advice: Add --gpus all.\n";

static struct kb *kb;
static struct repo *repo;

static int setup(void **state)
{
	(void)state;
	repo = tu_open_real_repo();
	char *dir = tu_mkdtemp();
	tu_write(dir, "kb.yaml", kb_text);
	struct maple_error err;
	kb = kb_load_dir(dir, repo, &err);
	if (!kb)
		fprintf(stderr, "%s\n", err.text);
	tu_rm_rf(dir);
	free(dir);
	return kb && repo ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	kb_destroy(kb);
	repo_destroy(repo);
	return 0;
}

static void diagnose(const char *log, const struct debug_target *t, struct diagnosis_list *dl)
{
	struct debug_log l;
	debug_log_from_memory(log, strlen(log), &l);
	struct maple_error err;
	assert_int_equal(debug_diagnose(kb, l.text, l.len, t, dl, &err), 0);
	/* evidence text is copied: the log can go */
	debug_log_release(&l);
}

static void root_before_symptom(void **state)
{
	(void)state;
	const char log[] = "starting\n"
			   "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
			   "noise\n"
			   "noise\n"
			   "nid001234: NCCL WARN socket connect to 10.0.0.1<4567> timed out\n";
	struct diagnosis_list dl;
	diagnose(log, NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "nccl-socket-ifname");
	assert_int_equal(dl.v[0].first_line, 5);
	assert_int_equal(dl.v[0].nev, 1);
	assert_string_equal(dl.v[0].ev[0].text, "nid001234: NCCL WARN socket connect to 10.0.0.1<4567> timed out");
	assert_int_equal(dl.v[0].nsymptoms, 1);
	assert_string_equal(dl.v[0].symptoms[0].id, "child-failed");
	assert_int_equal(dl.v[0].symptoms[0].first_line, 2);
	assert_int_equal(dl.v[0].nops, 1);
	diagnosis_list_release(&dl);
	/* alone, the symptom is the diagnosis */
	diagnose("torch.distributed.elastic.multiprocessing.errors.ChildFailedError\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "child-failed");
	diagnosis_list_release(&dl);
}

static void priority_then_first_line(void **state)
{
	(void)state;
	const char log[] = "EADDRINUSE\n"
			   "CUDA out of memory. Tried to allocate 2.00 GiB\n"
			   "123-456\n";
	struct diagnosis_list dl;
	diagnose(log, NULL, &dl);
	assert_int_equal(dl.nr, 3);
	assert_string_equal(dl.v[0].id, "cuda-oom");
	assert_string_equal(dl.v[1].id, "address-in-use");
	assert_string_equal(dl.v[2].id, "digits-only"); /* no needle: tried on every line */
	assert_int_equal(dl.v[2].first_line, 3);
	diagnosis_list_release(&dl);
	/* explicit needles gate a pattern that has no literal of its own */
	diagnose("42: bind\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	diagnose("42: EADDRINUSE\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	diagnosis_list_release(&dl);
}

static void applies_to(void **state)
{
	(void)state;
	const char log[] = "x CXI_FATAL y\n";
	const char script[] = "#!/bin/bash\n#SBATCH -N 1\nsrun python train.py\n";
	struct jobscript js;
	struct maple_error err;
	assert_int_equal(jobscript_parse(script, strlen(script), &js, &err), 0);
	struct diagnosis_list dl;
	struct debug_target t = {.js = &js, .cluster = repo_cluster(repo, "perlmutter")};
	diagnose(log, &t, &dl);
	assert_int_equal(dl.nr, 1); /* (?i): the needle is case-insensitive too */
	assert_string_equal(dl.v[0].id, "pm-only");
	diagnosis_list_release(&dl);
	t.cluster = repo_cluster(repo, "polaris");
	diagnose(log, &t, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	t.cluster = NULL; /* unknown cluster: not a cause, but a hint "if you are on perlmutter" */
	diagnose(log, &t, &dl);
	assert_int_equal(dl.nr, 0);
	assert_int_equal(dl.nhints, 1);
	assert_string_equal(dl.hints[0].id, "pm-only");
	assert_string_equal(dl.hints[0].hint_if, "you are on perlmutter");
	diagnosis_list_release(&dl);
	jobscript_release(&js);
	/* the launcher filter */
	const char mpi[] = "#!/bin/bash\n#PBS -l select=1\nmpiexec -n 4 python train.py\n";
	assert_int_equal(jobscript_parse(mpi, strlen(mpi), &js, &err), 0);
	t.js = &js;
	diagnose(log, &t, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	struct strvec l = STRVEC_INIT;
	debug_script_launchers(&js, &l);
	assert_int_equal(l.nr, 2);
	assert_string_equal(l.v[0], "mpiexec");
	assert_string_equal(l.v[1], "python");
	strvec_clear(&l);
	jobscript_release(&js);
}

static void cleaning(void **state)
{
	(void)state;
	/* colours, a progress bar rewritten with \r, CRLF line ends: line numbers are kept */
	const char log[] = "\x1b[1;32mepoch 1\x1b[0m\r\n"
			   " 10%|#         |\r 50%|#####     |\r100%|##########|\n"
			   "\x1b[31mnid001: NCCL WARN \x1b[1mconnect\x1b[0m refused\x1b[0m\r\n"
			   "\x1b]0;title\x07"
			   "done\n";
	struct debug_log l;
	debug_log_from_memory(log, strlen(log), &l);
	assert_string_equal(l.text, "epoch 1\n100%|##########|\nnid001: NCCL WARN connect refused\ndone\n");
	struct diagnosis_list dl;
	struct maple_error err;
	assert_int_equal(debug_diagnose(kb, l.text, l.len, NULL, &dl, &err), 0);
	assert_int_equal(dl.nr, 1);
	assert_int_equal(dl.v[0].first_line, 3);
	assert_string_equal(dl.v[0].ev[0].text, "nid001: NCCL WARN connect refused");
	diagnosis_list_release(&dl);
	debug_log_release(&l);
	/* no final newline, empty log */
	diagnose("CUDA out of memory. Tried to allocate", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	diagnosis_list_release(&dl);
	diagnose("", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
}

static void evidence_cap_and_utf8(void **state)
{
	(void)state;
	struct strbuf log = STRBUF_INIT;
	for (int i = 0; i < 20; i++)
		strbuf_addf(&log, "noise %d\nCUDA out of memory. Tried to allocate %d MiB \xff\xfe\n", i, i);
	struct diagnosis_list dl;
	diagnose(log.buf, NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_int_equal(dl.v[0].nev, DEBUG_MAX_EVIDENCE);
	assert_int_equal(dl.v[0].nmatches, 20);
	assert_int_equal(dl.v[0].ev[0].line, 2);
	assert_int_equal(dl.v[0].ev[4].line, 10);
	assert_string_equal(dl.v[0].ev[0].text, "CUDA out of memory. Tried to allocate 0 MiB ??");
	diagnosis_list_release(&dl);
	strbuf_release(&log);
}

static void fingerprints(void **state)
{
	(void)state;
	struct diagnosis_list a, b;
	diagnose("nid001234: NCCL WARN socket connect to 10.0.0.1<4567> timed out\n", NULL, &a);
	diagnose("x\ny\nnid005678: NCCL WARN socket  connect to 10.0.0.9<61000> timed out\n", NULL, &b);
	struct strbuf fa = STRBUF_INIT, fb = STRBUF_INIT;
	diagnosis_fingerprint(&a.v[0], &fa);
	diagnosis_fingerprint(&b.v[0], &fb);
	assert_string_equal(fa.buf, fb.buf);
	assert_string_equal(fa.buf, "nccl-socket-ifname|nid#: NCCL WARN socket connect to #.#.#.#<#> timed out");
	diagnosis_list_release(&a);
	diagnosis_list_release(&b);
	strbuf_release(&fa);
	strbuf_release(&fb);
}

static void refused_logs(void **state)
{
	(void)state;
	char *dir = tu_mkdtemp();
	char path[4096];
	struct debug_log l;
	struct maple_error err;
	tu_fmt(path, "%s/missing.log", dir);
	assert_int_equal(debug_log_read(path, DEBUG_MAX_LOG, &l, &err), -1);
	assert_contains(err.text, "cannot read the log");
	assert_int_equal(debug_log_read(dir, DEBUG_MAX_LOG, &l, &err), -1);
	assert_contains(err.text, "is a directory");
	tu_fmt(path, "%s/bin.log", dir);
	FILE *f = fopen(path, "w");
	fwrite("abc\0def\n", 1, 8, f);
	fclose(f);
	assert_int_equal(debug_log_read(path, DEBUG_MAX_LOG, &l, &err), -1);
	assert_contains(err.text, "is a binary file");
	tu_write(dir, "big.log", "0123456789\n0123456789\n");
	tu_fmt(path, "%s/big.log", dir);
	assert_int_equal(debug_log_read(path, 10, &l, &err), -1);
	assert_contains(err.text, "too large");
	assert_int_equal(debug_log_read(path, DEBUG_MAX_LOG, &l, &err), 0);
	assert_int_equal(l.len, 22);
	debug_log_release(&l);
	tu_write(dir, "ansi.log", "\x1b[31mred\x1b[0m\n");
	tu_fmt(path, "%s/ansi.log", dir);
	assert_int_equal(debug_log_read(path, DEBUG_MAX_LOG, &l, &err), 0);
	assert_int_equal(l.len, 4);
	assert_memory_equal(l.text, "red\n", 4);
	debug_log_release(&l);
	tu_rm_rf(dir);
	free(dir);
}

/* A log of megabytes is cleaned into its own huge-page mapping (util/bigbuf.c), from a file and from
 * memory alike: the same text as a small one gives, line numbers kept, and released whole. */
static void large_log_cleaned(void **state)
{
	(void)state;
	const char line[] = "\x1b[32mstep 1 loss 2.5\x1b[0m\r\n", clean[] = "step 1 loss 2.5\n";
	size_t n = 70000, ll = strlen(line), cl = strlen(clean); /* 2.2 MB with colours, 1.1 MB cleaned */
	const char tail[] = "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n";
	char *raw = malloc(n * ll + sizeof(tail)), *want = malloc(n * cl + sizeof(tail));
	for (size_t i = 0; i < n; i++) {
		memcpy(raw + i * ll, line, ll);
		memcpy(want + i * cl, clean, cl);
	}
	memcpy(raw + n * ll, tail, sizeof(tail));
	memcpy(want + n * cl, tail, sizeof(tail));
	char *dir = tu_mkdtemp(), path[4096];
	tu_write(dir, "big.log", raw);
	tu_fmt(path, "%s/big.log", dir);
	struct debug_log l;
	struct maple_error err;
	for (int from_file = 0; from_file < 2; from_file++) {
		if (from_file)
			assert_int_equal(debug_log_read(path, DEBUG_MAX_LOG, &l, &err), 0);
		else
			debug_log_from_memory(raw, strlen(raw), &l);
		assert_non_null(l.owned.map);
		assert_int_equal(l.len, strlen(want));
		assert_memory_equal(l.text, want, l.len);
		assert_int_equal(l.text[l.len], '\0');
		struct diagnosis_list dl;
		assert_int_equal(debug_diagnose(kb, l.text, l.len, NULL, &dl, &err), 0);
		assert_true(dl.nr >= 1);
		assert_int_equal(dl.v[0].first_line, (int)n + 1);
		diagnosis_list_release(&dl);
		debug_log_release(&l);
		assert_null(l.owned.p);
	}
	tu_rm_rf(dir);
	free(dir);
	free(raw);
	free(want);
}

static void cause_or_symptom(void **state)
{
	(void)state;
	struct diagnosis_list dl;
	/* only a generic symptom (priority <= DEBUG_SYMPTOM_PRIORITY): no cause */
	diagnose("torch.distributed.elastic.multiprocessing.errors.ChildFailedError\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_false(debug_found_cause(&dl));
	/* an LLM diagnosis added then goes first */
	struct diagnosis *d = diagnosis_list_add(&dl);
	d->id = "llm";
	assert_int_equal(dl.nr, 2);
	assert_string_equal(dl.v[0].id, "llm");
	assert_string_equal(dl.v[1].id, "child-failed");
	assert_true(debug_found_cause(&dl));
	diagnosis_list_release(&dl);
	/* with a cause, it goes last */
	diagnose("CUDA out of memory. Tried to allocate\n", NULL, &dl);
	assert_true(debug_found_cause(&dl));
	d = diagnosis_list_add(&dl);
	d->id = "llm";
	assert_string_equal(dl.v[0].id, "cuda-oom");
	assert_string_equal(dl.v[1].id, "llm");
	diagnosis_list_release(&dl);
	diagnose("nothing\n", NULL, &dl);
	assert_false(debug_found_cause(&dl));
	diagnosis_list_release(&dl);
}

/* greater: a line counts only when the second captured number is larger than the first (numerically:
 * 10 > 9 although "10" < "9" as text) */
static void greater_numbers(void **state)
{
	(void)state;
	struct diagnosis_list dl;
	diagnose("barrier (world_size=2, worker_count=4, timeout=0:30:00)\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "extra-workers");
	diagnosis_list_release(&dl);
	diagnose("barrier (world_size=9, worker_count=10)\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	diagnosis_list_release(&dl);
	diagnose("barrier (world_size=2048, worker_count=1792)\nbarrier (world_size=2, worker_count=2)\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
}

/* repeat: a line of a pattern with a capture group counts only when its captured text was seen on an
 * earlier line (the scale stuck at its floor twice); a pattern without one counts as it is */
static void repeat_capture_or_wording(void **state)
{
	(void)state;
	struct diagnosis_list dl;
	diagnose("scale 1 stays 1\nstep 10\n", NULL, &dl); /* once: a transient */
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	diagnose("scale 2 stays 2\nscale 1 stays 1\n", NULL, &dl); /* two values, each once */
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	diagnose("scale 1 stays 1\nstep 10\nscale 1 stays 1\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "stuck-scale");
	assert_int_equal(dl.v[0].first_line, 3);
	diagnosis_list_release(&dl);
	diagnose("Exception: scale already at minimum\n", NULL, &dl); /* no capture group: once is enough */
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "stuck-scale");
	diagnosis_list_release(&dl);
}

/* greater_by: the second number must exceed the first by more than that percentage of the second, and
 * decimals count (74.61 of 79.19 free: 6 % held, not counted; 9.84 of 79.19: 88 % held) */
static void greater_by_percent(void **state)
{
	(void)state;
	struct diagnosis_list dl;
	diagnose("held free (74.61/79.19 GiB)\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	diagnose("held free (75/100 GiB)\n", NULL, &dl); /* exactly 25 %: not more */
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	diagnose("held free (9.84/79.19 GiB)\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "mostly-held");
	diagnosis_list_release(&dl);
}

/* with: the signature counts only when the log also holds the `with` line (before or after its own), and
 * that line is named among the evidence, in its place */
static void with_line(void **state)
{
	(void)state;
	struct diagnosis_list dl;
	diagnose("start\nmesh failed: no error\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	diagnose("start\nW: fell back to loopback\nepoch 1\nmesh failed: no error\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "warned-mesh");
	assert_int_equal(dl.v[0].nev, 2);
	assert_int_equal(dl.v[0].ev[0].line, 2);
	assert_string_equal(dl.v[0].ev[0].text, "W: fell back to loopback");
	assert_int_equal(dl.v[0].ev[1].line, 4);
	assert_int_equal(dl.v[0].first_line, 4);
	diagnosis_list_release(&dl);
	diagnose("mesh failed\nmesh failed again\nfell back to loopback\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_int_equal(dl.v[0].nev, 3);
	assert_int_equal(dl.v[0].ev[2].line, 3);
	diagnosis_list_release(&dl);
	diagnose("fell back to loopback\nall good\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
}

/* with_after: the `with` line must come after the signature's own first line */
static void with_after_line(void **state)
{
	(void)state;
	struct diagnosis_list dl;
	diagnose("unknown module X\nsrun: job 7 queued and waiting for resources\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "ran-outside-job");
	assert_int_equal(dl.v[0].nev, 2);
	assert_int_equal(dl.v[0].ev[1].line, 2);
	diagnosis_list_release(&dl);
	/* an interactive session first, then the module error inside it: not this cause */
	diagnose("srun: job 8 queued and waiting for resources\nunknown module X\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	diagnose("unknown module X\nall good\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
}

/* script: line names the script line a diagnosis is about without gating it */
static void script_line_named(void **state)
{
	(void)state;
	static const char script[] = "#!/bin/bash\n#SBATCH -N 1\n#SBATCH --qos=privileged\npython a.py\n";
	struct debug_target t = {.script = script, .script_len = sizeof(script) - 1};
	struct diagnosis_list dl;
	diagnose("sbatch: error: Batch job submission failed: Invalid qos specification\n", &t, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "qos-refused");
	assert_int_equal(dl.v[0].script_line, 3);
	assert_string_equal(dl.v[0].script_text, "#SBATCH --qos=privileged");
	diagnosis_list_release(&dl);
	/* no script: still the cause (line does not gate), no line named */
	diagnose("sbatch: error: Batch job submission failed: Invalid qos specification\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "qos-refused");
	assert_int_equal(dl.v[0].script_line, 0);
	diagnosis_list_release(&dl);
	/* a script without such a line: the cause, no line named */
	static const char plain[] = "#!/bin/bash\n#SBATCH -N 1\npython a.py\n";
	struct debug_target t2 = {.script = plain, .script_len = sizeof(plain) - 1};
	diagnose("sbatch: error: Batch job submission failed: Invalid qos specification\n", &t2, &dl);
	assert_int_equal(dl.nr, 1);
	assert_int_equal(dl.v[0].script_line, 0);
	diagnosis_list_release(&dl);
}

/* with no script, the log line whose echoed command stands for it in a `script: match` rule is named */
static void command_line_named(void **state)
{
	(void)state;
	struct diagnosis_list dl;
	diagnose("starting\n$ docker run --rm img python a.py\nOSError: libcuda.so.1: cannot open shared object file\n", NULL,
		 &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "container-without-gpus");
	assert_int_equal(dl.v[0].command_line, 2);
	assert_string_equal(dl.v[0].command_text, "$ docker run --rm img python a.py");
	assert_int_equal(dl.v[0].script_line, 0);
	diagnosis_list_release(&dl);
	/* the first echoed command that sets what the rule looks for, not an earlier unrelated one */
	diagnose("$ docker pull img\nuser@host:~$ docker run img a.py\nlibcuda.so.1: cannot open shared object file\n", NULL,
		 &dl);
	assert_int_equal(dl.nr, 1);
	assert_int_equal(dl.v[0].command_line, 2);
	diagnosis_list_release(&dl);
	/* the echoed command has --gpus: only a hint, no command line */
	diagnose("$ docker run --gpus all img a.py\nlibcuda.so.1: cannot open shared object file\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	assert_int_equal(dl.nhints, 1);
	assert_int_equal(dl.hints[0].command_line, 0);
	diagnosis_list_release(&dl);
	/* a script given: its line is named, the log's command is not */
	static const char script[] = "#!/bin/bash\n#SBATCH -N 1\ndocker run img a.py\n";
	struct debug_target t = {.script = script, .script_len = sizeof(script) - 1};
	diagnose("$ docker run img a.py\nlibcuda.so.1: cannot open shared object file\n", &t, &dl);
	assert_int_equal(dl.nr, 1);
	assert_int_equal(dl.v[0].script_line, 3);
	assert_int_equal(dl.v[0].command_line, 0);
	diagnosis_list_release(&dl);
}

/* without: a line elsewhere in the log that names another cause makes the signature step aside */
static void without_line(void **state)
{
	(void)state;
	struct diagnosis_list dl;
	diagnose("start\ncreating segment failed\n", NULL, &dl);
	assert_int_equal(dl.nr, 1);
	assert_string_equal(dl.v[0].id, "segment-full");
	diagnosis_list_release(&dl);
	diagnose("W: device call failed\ncreating segment failed\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
	diagnose("creating segment failed\nepoch 2\nW: device call failed\n", NULL, &dl);
	assert_int_equal(dl.nr, 0);
	diagnosis_list_release(&dl);
}

static void error_lines(void **state)
{
	(void)state;
	const char log[] = "a\nRuntimeError: boom\nb\nc\nKilled\nd\n";
	struct strbuf out = STRBUF_INIT;
	debug_error_lines(log, strlen(log), 10, &out);
	assert_string_equal(out.buf, "RuntimeError: boom\nKilled\n");
	strbuf_reset(&out);
	debug_error_lines("x\ny\nz\n", 6, 2, &out);
	assert_string_equal(out.buf, "y\nz\n");
	strbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(root_before_symptom), cmocka_unit_test(priority_then_first_line),
		cmocka_unit_test(applies_to),	       cmocka_unit_test(cleaning),
		cmocka_unit_test(evidence_cap_and_utf8), cmocka_unit_test(fingerprints),
		cmocka_unit_test(refused_logs),	       cmocka_unit_test(error_lines),
		cmocka_unit_test(cause_or_symptom),    cmocka_unit_test(greater_numbers), cmocka_unit_test(greater_by_percent),
		cmocka_unit_test(repeat_capture_or_wording),
		cmocka_unit_test(with_line),
		cmocka_unit_test(with_after_line),
		cmocka_unit_test(without_line),	       cmocka_unit_test(script_line_named), cmocka_unit_test(command_line_named),	       cmocka_unit_test(large_log_cleaned),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
