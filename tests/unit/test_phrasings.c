/* test_phrasings.c - the extraction corpus: every line of tests/unit/data/phrasings.jsonl is a
 * request as a user wrote it and the fields maple must read from it (after the rules). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "repo/repo.h"
#include "request/extract.h"
#include "request/rules.h"
#include "util/strbuf.h"

static struct repo *repo;

static int setup(void **state)
{
	(void)state;
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, MAPLE_SOURCE_DIR "/data");
	struct maple_error err;
	repo = repo_open(&dirs, &err);
	strvec_clear(&dirs);
	if (!repo)
		fprintf(stderr, "%s\n", err.text);
	return repo ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	repo_destroy(repo);
	return 0;
}

static json_t *actual_field(const struct request *r, const struct resolution *res, const char *key)
{
	if (!strcmp(key, "status"))
		return json_string(status_name(res->status));
	if (!strcmp(key, "cluster"))
		return r->cluster ? json_string(r->cluster) : json_null();
	if (!strcmp(key, "framework"))
		return json_string(framework_name(r->framework));
	if (!strcmp(key, "strategy"))
		return json_string(strategy_name(r->strategy));
	if (!strcmp(key, "nodes"))
		return json_integer(r->nodes);
	if (!strcmp(key, "gpus_per_node"))
		return json_integer(r->gpus_per_node);
	if (!strcmp(key, "total_gpus"))
		return json_integer(r->total_gpus);
	if (!strcmp(key, "script"))
		return r->script ? json_string(r->script) : json_null();
	if (!strcmp(key, "script_args")) {
		json_t *a = json_array();
		for (size_t i = 0; i < r->args.nr; i++)
			json_array_append_new(a, json_string(r->args.v[i].value));
		return a;
	}
	if (!strcmp(key, "missing")) {
		json_t *a = json_array();
		for (size_t i = 0; i < res->missing.nr; i++)
			json_array_append_new(a, json_string(res->missing.v[i]));
		return a;
	}
	if (!strcmp(key, "walltime_minutes"))
		return json_integer(r->walltime_min);
	if (!strcmp(key, "account"))
		return r->account ? json_string(r->account) : json_null();
	if (!strcmp(key, "queue"))
		return r->queue ? json_string(r->queue) : json_null();
	if (!strcmp(key, "model"))
		return r->model ? json_string(r->model) : json_null();
	if (!strcmp(key, "container_image"))
		return r->container_image ? json_string(r->container_image) : json_null();
	if (!strcmp(key, "container_runtime"))
		return r->container_runtime ? json_string(r->container_runtime) : json_null();
	if (!strcmp(key, "gpu_model"))
		return r->gpu_model ? json_string(r->gpu_model) : json_null();
	if (!strcmp(key, "conda_env"))
		return r->conda_env ? json_string(r->conda_env) : json_null();
	if (!strcmp(key, "venv"))
		return r->venv ? json_string(r->venv) : json_null();
	if (!strcmp(key, "modules")) {
		json_t *a = json_array();
		for (size_t i = 0; i < r->modules.nr; i++)
			json_array_append_new(a, json_string(r->modules.v[i]));
		return a;
	}
	return NULL;
}

/* Reads every case of a corpus file; returns the number read and counts failures (per family when the
 * cases carry one) into *bad. */
static int run_file_framed(const char *name, const char *frame, int *bad_out);

static int run_file(const char *name, int *bad_out)
{
	return run_file_framed(name, NULL, bad_out);
}

/* Reads every phrasing of a set, written inside frame ("Hi team,\n\n%s\n\nThanks!") when not NULL. */
static int run_file_framed(const char *name, const char *frame, int *bad_out)
{
	char path[512];
	snprintf(path, sizeof(path), "%s/tests/unit/data/%s", MAPLE_SOURCE_DIR, name);
	FILE *f = fopen(path, "r");
	struct {
		char name[48];
		int n, bad;
	} fam[64];
	size_t nfam = 0;
	assert_non_null(f);
	char *line = NULL;
	size_t cap = 0;
	int n = 0, bad = 0, lineno = 0;
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		json_error_t je;
		json_t *c = json_loads(line, 0, &je);
		assert_non_null(c);
		const char *text = json_string_value(json_object_get(c, "text"));
		struct strbuf framed = STRBUF_INIT;
		if (frame) {
			const char *at = strstr(frame, "%s");
			strbuf_add(&framed, frame, (size_t)(at - frame));
			strbuf_adds(&framed, text);
			strbuf_adds(&framed, at + 2);
			text = framed.buf;
		}
		json_t *expect = json_object_get(c, "expect");
		const char *family = json_string_value(json_object_get(c, "family"));
		size_t fi = nfam;
		for (size_t q = 0; family && q < nfam; q++)
			if (!strcmp(fam[q].name, family))
				fi = q;
		if (family && fi == nfam && nfam < 64) {
			snprintf(fam[nfam].name, sizeof(fam[nfam].name), "%s", family);
			fam[nfam].n = fam[nfam].bad = 0;
			nfam++;
		}
		if (family && fi < nfam)
			fam[fi].n++;
		struct request r;
		struct resolution res;
		request_init(&r);
		resolution_init(&res);
		struct maple_error err;
		if (extract_text(text, strlen(text), repo, &r, &err) == 0)
			rules_apply(repo, &r, &res);
		const char *key;
		json_t *want;
		bool ok = true;
		struct strbuf why = STRBUF_INIT;
		json_object_foreach(expect, key, want)
		{
			json_t *got = actual_field(&r, &res, key);
			if (!got || !json_equal(got, want)) {
				char *g = got ? json_dumps(got, JSON_ENCODE_ANY) : strdup("?");
				char *w = json_dumps(want, JSON_ENCODE_ANY);
				strbuf_addf(&why, " %s: got %s want %s;", key, g, w);
				free(g);
				free(w);
				ok = false;
			}
			json_decref(got);
		}
		if (!ok) {
			bad++;
			if (family && fi < nfam)
				fam[fi].bad++;
			fprintf(stderr, "%s:%d: %s\n   %s\n", name, lineno, text, why.buf);
		}
		strbuf_release(&why);
		n++;
		request_release(&r);
		resolution_release(&res);
		strbuf_release(&framed);
		json_decref(c);
	}
	free(line);
	fclose(f);
	for (size_t q = 0; q < nfam; q++)
		fprintf(stderr, "  %-20s %3d of %3d\n", fam[q].name, fam[q].n - fam[q].bad, fam[q].n);
	fprintf(stderr, "%s: %d of %d read as expected\n", name, n - bad, n);
	*bad_out = bad;
	return n;
}

/* The phrasing sets, each read whole: every phrasing must read as expected. */
static const struct {
	const char *file;
	int min; /* the set's size, so that a truncated file fails */
} sets[] = {
	/* the first corpus: phrasings written with the reader (issue 2) */
	{"phrasings.jsonl", 200},
	/* the families of issue 12: forms, emails, pasted commands, corrections, source clusters, walltimes,
	 * counts in everyday words, unknown clusters, impossible values */
	{"phrasings-families.jsonl", 300},
	/* a second set of those families, written apart from the first: threads with quoted older messages,
	 * forms, key=value, JSON/YAML, markdown, CLI-like input, pasted launch commands, non-native English
	 * and terse chat, over every cluster */
	{"phrasings-families-2.jsonl", 320},
	/* neighbours of the second set's failures, written before they were read (other clusters, wordings
	 * and forms of each fixed family) */
	{"phrasings-families-3.jsonl", 40},
	/* a fourth set, written before running it: terse chat, walltime words, per-node words, pasted commands
	 * of every launcher, accounts and queues, sources, non-native English, impossible and unknown */
	{"phrasings-families-4.jsonl", 35},
	/* a fifth: multi-line chat, upper-case forms, CLI-like requests with short options, GPU models and
	 * GCDs per node, allocations, unknown systems, impossible layouts */
	{"phrasings-families-5.jsonl", 28},
	/* a sixth: a bare H:MM in a terse list is the walltime (said as read); a time of day, a range or an
	 * argument's value is not; physical GPUs per node on Aurora and Frontier (each holds 2 tiles / GCDs)
	 * named by the model or as "all" mean the whole node; a bare count and the devices' own unit stay
	 * (twentieth session: on Aurora, whose centre calls the 6 packages GPUs, "6 GPUs per node" is the
	 * whole node too; three held-out writers read it so and none the other way) */
	{"phrasings-families-6.jsonl", 21},
	/* a seventh: the script, a comma, then its own long options on the same line ("(ds_train.py,
	 * --deepspeed_config ds.json)"), beside a comma followed by prose (no arguments); a centre named
	 * instead of its cluster (one cluster: read as it; several: a question); GPU counts whose model
	 * carries its memory or form factor ("4 A100 80GB each", "8 V100-32GB", "A100 (80 GB) per node"); a count restated in parentheses in
	 * the other unit ("6 GPUs each (12 tiles)"): one count, the one in tiles or GCDs; arguments named without a program ("args --lr 1", "pass --resume x
	 * to it"): kept for the program the job runs */
	{"phrasings-families-7.jsonl", 40},
	/* an eighth: the GPU memory alone names the node type ("80GB GPUs", "GPUs with 80GB of memory", "80 GB of
	 * GPU memory"), or with its model further on ("A100 GPUs with 80GB memory"); host memory never does; a bare
	 * word with the shape of the target's accounts (m1234, bbka-delta-gpu, CSC123); "gpt2 model, ..., 1 hour" */
	{"phrasings-families-8.jsonl", 24},
	/* a ninth: a container named for the job ("shifter image nersc/pytorch:25.02.01", "apptainer container
	 * ~/pt.sif", "singularity exec --nv X.sif", "docker://..."), with or without its runtime; a runtime or
	 * "container" without an image is a question; images as data ("image classification", "ImageNet")
	 * and container words of the old cluster are not */
	{"phrasings-families-9.jsonl", 16},
	/* a tenth, written blind before running it (45 of 50 read right; 3 of the 5 misses were the writer's):
	 * a count restated in the other unit after "=" or ":" ("2 nodes = 6 A100s", "8 GPUs (=2 nodes)") is one
	 * count, not a form's "nodes = 6"; a bare "no," "nope," closing a clause corrects what came before
	 * ("2 days? no, 1 day is fine") while "no FSDP" stays a negation; "make that", "or rather"; a second blind
	 * batch (30, 23 right): a cluster only ruled out ("Perlmutter (not Polaris) with 3 nodes") fences its
	 * negation's clause, not the sentence; "polaris nodes 2 train.py"; "one 4-GPU node"; "Anvil GPU: 1 node"; a
	 * third (25, 24 right): after maple's own "--script X" or "--args '...'", a flag naming one of maple's fields
	 * ("--account", "--time") is maple's again; a program's own flags after "python train.py" stay its own;
	 * a fifth (15, 12 right): "a Polaris script: 2 nodes, ..." names no program (not a form key), and a program
	 * named in prose ends with its sentence ("It's a script: python train.py. account m1") */
	{"phrasings-families-10.jsonl", 60},
	/* an eleventh, from a blind batch of 30 (21 read right; 5 of the 9 misses were the writer's): "my
	 * project is X" and "the account is X" at the end of a sentence; a form value followed by a closing
	 * sentence ("Allocation: VisionAI. Thanks!"); a queue corrected in prose ("prod queue? no wait, use
	 * preemptable", "debug queue -- actually, use the prod queue"); "2 of the A100 nodes", "all GPUs on each"; a
	 * value judged where it is said ("3h is too short, use 6h", "1 hour won't be enough; 4 hours"); NCSA's
	 * node names "A100x8", "H200x8" (the GPUs of each node); a pasted command that runs "on our DGX box" (said
	 * after it) counts that machine, not the target; a chat transcript's "How many nodes?" answered by a bare
	 * number on the next line */
	{"phrasings-families-11.jsonl", 44},
	/* a twelfth, from two blind batches (30 and 20; 27 and 16 read right, 5 of the 7 misses the writer's):
	 * a job copied from another system ("same setup as our Polaris job (2 nodes, 4 GPUs each)", "like our
	 * Delta run (2 nodes)", "the same node count as on Perlmutter (4 nodes)") gives its values to the
	 * target, "not the same as" and "unlike" do not; "but with account m1 and 3 hours" after what is
	 * said of another system is the target's again ("but only for 2 hours" is not); a label before a
	 * field ("pm gpu: N=2, time=45min") is no key; "I want to move my Polaris job": "to" before a verb is
	 * no destination; "my 8-node Polaris job" is the source as "my Polaris job" is; "2 of the 4-way A100
	 * nodes", "2 4-GPU A100 nodes": the nodes counted, their GPUs each ("8-way tensor parallelism" is no node);
	 * "one A100x8 node" is one node, not one A100; "half its GPUs", "half the GPUs" of one node; a model in
	 * two words ("Max 1550") is no count; "3 gpuA100x4 nodes" (a queue naming the nodes); "prod? no - preemptable";
	 * "3 nodes @ 4 GPUs" (per node); flags in a code span of their own after "with" or "passing"; a remark in
	 * parentheses after the arguments ("(that's all)") is not one; a chat's speaker labels ("User:",
	 * "Assistant:") are never values, nor a chat log's time stamps ("[10:02] alice: ..."); "Q: hours?\nA: 3" */
	{"phrasings-families-12.jsonl", 56},
	/* a thirteenth: an arrow typed between a key and its value ("nodes -> 2", "time => 3h", "nodes → 8",
	 * "node count --> 3", "walltime ⇒ 4h", "nodes->2") reads as the key's colon, in a sentence, a list or
	 * one field a line; an arrow after other words ("ssh -> login node", "loss -> should go down") is
	 * no field, and "from 1 -> 2 nodes" counts the nodes after the arrow; "2x nodes", "3x A100 nodes" count
	 * nodes ("8x A100" still counts GPUs); right after "project"/"account"/"allocation", a name only like a
	 * cluster's ("Delta4", "Frontier2") is the account, not a second cluster; a "--", "—", "–" or "|"
	 * typed between "key: value" pairs ends the value before it ("hours: 2 -- acct: m1") */
	{"phrasings-families-13.jsonl", 21},
	/* a fourteenth, from a blind batch of 75 written by someone who had not seen the reader (73 read right
	 * before): the GPUs restated in their devices after "=" ("4x MI250X = 8 GCDs", "6 PVC GPUs = 12 tiles
	 * each": one count, two devices a GPU; "2 nodes x 4 MI250X = 16 GCDs" stays a product, "2 nodes x 4 GPUs
	 * = 8 GPUs" a total); a pasted PBS chunk's "select=12:system=polaris" names the cluster when nothing
	 * else does (a cluster named in the prose wins; an unknown system stays unnamed); a bare "TG-DMR240003" on
	 * a TACC cluster is the account (TACC's project shape, data), on another cluster it is not */
	{"phrasings-families-14.jsonl", 19},
	/* a fifteenth, from a second blind batch of 75 (long e-mails and tickets, several systems named; 56 read
	 * right before): the target among several systems: a past run's verbs ("took", "finished", "did",
	 * "baseline", "yesterday"), where data lives ("stored on", "lives on"), comparisons ("unlike X",
	 * "compared X and Y", "similar/identical to X") mark another system, and "Unlike X (...) and Y (...)"
	 * marks both; "now", "continue" and a heading "For Perlmutter:" mark the target; "the Polaris run" and
	 * "a Frontier job" are no past run by themselves ("for the Polaris run please request ...", "set up a
	 * Frontier job"), "The Polaris run used ..." is; a tie goes to the system named more often; "4 GPUs a
	 * node" is no count of nodes; a node count left open ("Node count is TBD", "I'll decide the node count
	 * after ...", "Not sure yet how many nodes") is asked back, not defaulted; "one rank per GPU" is no
	 * count; every system named only as a past run while the job is asked for on an unnamed machine ("our
	 * lab's new cluster") leaves the cluster to ask; "Delta's A100 nodes have four GPUs" is per node; "this
	 * time:" and "our new GPU cluster: 2 nodes" are no form keys; no system named, a partition only one cluster
	 * has ("8 nodes on gpuA100x4", "ghx4"; not "debug", not a GPU model like "h100") names it; "our lab's 8x
	 * A6000 box" is the user's own machine (fenced; "A6000" is no cluster name); a clause with a past time
	 * ("Last month's run ... used 2 nodes", "(we did 4 nodes yesterday ...)", "two weeks ago") is fenced; what
	 * a node has ("Each Frontier node has 4 MI250X") yields to what is asked ("2 nodes with 16 GPUs per node");
	 * "4 MI250X with two GCDs each" and "the dataloader keeps up with 8 workers" are no counts; "half an Aurora
	 * node", "half an A100 node" */
	{"phrasings-families-15.jsonl", 36},
	/* a sixteenth, from the families of a held-out blind batch (long help-desk messages; 56 of 75 read right
	 * before): a clause reporting how a finished job ended ("job 1834421 ran fine on 2 nodes", "crashed
	 * after 20 minutes on 2 nodes", "timed out") is fenced when the text states a count elsewhere, and stays
	 * readable when it is the only size; a plan the text revises ("I planned 4 nodes, but ..., so 6 nodes it
	 * is", "originally 2 hours; ... needs 5 hours") yields to the revision, a plan kept stands; Lightning's
	 * strategy names ("fsdp", "deepspeed_stage_2", "deepspeed_stage_3_offload", FSDPStrategy(), "ddp_spawn")
	 * and a quoted value after "="; a choice of counts left open ("still deciding between 8 and 16 nodes",
	 * "not sure if 2 or 4", "either 32 or 64 GPUs") is asked back unless settled; a job script pasted after
	 * "the script I use on Perlmutter:" gives its nodes and time to "the same for Vista", not its account or
	 * queue; allocation programs ("INCITE allocation", "ALCC", "ACCESS") are no account; "a different
	 * system", "our cluster", "elsewhere" beside systems named only as past runs leave the cluster to ask;
	 * a queue judged unusable or taken back ("the preemptable queue would kill our run, so please use
	 * capacity", "debug is limited to 30 min, so regular it is") yields to the other queue named; a duration
	 * said of the project's schedule ("our advisor gave us 2 weeks to finish", "due in 3 days", "3 weeks
	 * left") is no walltime when the job's own time is stated too; advice reported ("my colleague said I
	 * should use ... for 2 nodes", "you suggested 2 nodes") yields to the counts the user states */
	{"phrasings-families-16.jsonl", 48},
	/* a seventeenth, from the families of a second held-out help-desk batch (b43-b45, written blind; 49 of
	 * 75 read right before): a job script header pasted from another system ("the Slurm header from our
	 * Perlmutter runs:", "My Polaris header was:", "the Delta script I'm porting:") gives its node count
	 * and time only where the request states none, never its account or queue, while a header of the
	 * target itself stands; a pasted config's counts taken back ("ignore them", "disregard"); an MPI
	 * launcher over a shell script that starts torchrun/accelerate counts nodes, not GPUs; counts said of a
	 * limit ("only allows 2 nodes", "the per-user limit is 12 nodes", "capped at 4 nodes"); queues judged
	 * unusable ("1 h max", "needs 256 nodes", "days deep", "the queue is busy", "can't use X") yield to the
	 * queue chosen ("so capacity", "so gh-dev please", "use gpuA100x4"); a queue wait, an estimate ("takes
	 * about 2h") or a limit ("2 h max") is no walltime when one is stated, an estimate alone is; a plain
	 * word after "allocation" ("proposal", "on Frontier to test") yields to a name-shaped account, and a
	 * plain project name stands alone; a queue after "in"/"on" ("4 nodes in regular for 6 hours", not "in
	 * regular intervals"); a typed command with another system's launcher ("mpiexec --ppn" beside "moving
	 * from Polaris to Perlmutter") yields its counts; "for comparison, on Polaris ..." and "before we
	 * scale" mark no target; revised proposals; "each node has just one GH200" is a description; "part of
	 * the data" is no partition; a signature "Grace" or "Hopper" is no GPU model or cluster; an older
	 * message's queue is dropped when the newest resizes the job beyond it */
	{"phrasings-families-17.jsonl", 38},
	/* an eighteenth, from a third held-out batch (chat logs, forwarded threads and forms; 44 of 75 read right
	 * before): a chat log's speakers after their time stamps ("[09:12] raj (NERSC):", "[2026-05-02 10:20]
	 * Staff (A. Kim):") are no values, and stamps with dates are no walltime; a job script pasted from
	 * another system includes its body ("mpiexec -n 32 ... python train.py --lr 1e-3"), whose program and
	 * counts yield to the request's own command and counts; a later line of the chat's asker corrects what
	 * came before (a later queue, a shorter time), what others say ("up to 4 nodes", "2h max") is a limit,
	 * no statement; a form's "TBD" or "?" leaves the cluster or the node count to ask, "DataLoader workers:
	 * 8" is no count of GPUs */
	{"phrasings-families-18.jsonl", 11},
	/* a nineteenth, from the misses left in that batch: a value restated as a typo ("I wrote 6 nodes, but I
	 * want 5"); dialogue role tags ("[user]", "[staff]", "Me:", "Consultant:") whose asker speaks again as
	 * a correction; negated queues ("not the extended queue") and verbs after a queue's name ("gh queue
	 * takes jobs"); the quoted older message's cluster names the queues of the newest; a node count put
	 * off ("I'll figure out the node count later") is not filled from a quoted limit; word values of
	 * launcher options ("--rdzv_backend c10d"); struck-out values; "charge_id", "Script + args" */
	{"phrasings-families-19.jsonl", 28},
	/* a twentieth, from a fourth held-out batch (terse and non-native requests, requests inside other
	 * material, hard reasoning; 56 of 75 read right before): shorthand counts ("2n", "3n x 4g"; "64g" alone
	 * is memory), node words and per-node links of other languages ("nodos", "Knoten mit je 4 GPUs",
	 * "noeuds avec 3 GPU"), and markdown tables of runs whose chosen row is read ("option B", "row 2", a
	 * "go" or "next" status, "the full run") and none when no row stands out */
	{"phrasings-families-20.jsonl", 27},
	/* a twenty-first, from a fifth held-out batch (ported jobs; 12 of 25 read right before): a job script
	 * pasted from another system gives only its node count (its total is that system's GPUs per node),
	 * "want to run it on X" and "from A to B" name the target, a header is another system's by its own
	 * content (an LSF header, "system=polaris", a partition the target lacks), "Summit is retired" and
	 * "what I submit on X" place a system in the past, and a command from "our lab server" or "a single
	 * box" describes that machine */
	{"phrasings-families-21.jsonl", 18},
	/* a twenty-second, neighbours of three held-out misses: a clause the writer dismisses at its end ("(the
	 * laptop copy has num_processes: 1, ignore that one)", "... 16 GPUs - please ignore", "disregard that")
	 * is not read, "ignore the warnings about X" is kept; a "--" line followed by job lines ("--\nwalltime:
	 * 3 hours", "we need 8 nodes") is a separator, not an e-mail signature (names, titles and phone numbers
	 * still are); Lightning's "devices" is per node, in a YAML block, a Trainer(...) call or an object
	 * after a label ("Lightning config: {num_nodes: 2, devices: 8}") */
	{"phrasings-families-22.jsonl", 15},
	/* a twenty-third, neighbours of a held-out set of ports (6 of 25 read right before): a pasted script's
	 * body runs past blank lines and here-documents, so its helper commands ("head -n 1", "srun --nodes=1
	 * --ntasks=1 hostname"), modules and conda env stay the other system's; "Moving to Aurora:", "porting
	 * onto X" name the destination, "an Aurora job" and "the Anvil version of this" one to be written; a
	 * header is another system's by its file systems ("filesystems=home:flare") or an account of another
	 * cluster's shape ("-A m1234" ported to Lonestar6) */
	{"phrasings-families-23.jsonl", 9},
	/* a twenty-fourth, neighbours of a held-out set of e-mails and tickets (18 of 25 read right before): a
	 * device or node named by its index in a quoted error ("GPU 0 has a total capacity", "node 3 failed")
	 * is no count; a comma after a corrected number closes it ("make it four, all GCDs on each"); "was
	 * going to say 5 hours but ..." is a plan the text revises; "dev caps at 2 h", "tops out at 1 h" are
	 * limits; "par noeud", "por nodo", "pro Knoten" count per node as "per node" does; the container a typed
	 * command runs in ("apptainer exec --nv X.sif python3 sft.py") is the job's container, a pasted script's is not;
	 * "project is still X"; "run it on Perlmutter instead" (an imperative) names the target, "we run it on
	 * Polaris" the source */
	{"phrasings-families-24.jsonl", 22},
	/* a twenty-fifth: a queue named by its role ("the dev queue", "development partition", "interactive",
	 * "preempt", "shared", "scaling") on a cluster whose queues carry the role as a part of their name
	 * (gpu-a100-dev, gh-dev, ghx4-interactive, GPU-shared): the one GPU queue so named, narrowed by the GPU
	 * model or the default node type; a role only CPU queues carry, or a queue too short, stays an error */
	{"phrasings-families-25.jsonl", 16},
	/* a twenty-sixth, neighbours of the misses of three held-out sets (b58-b60): a form key whose value
	 * holds a command after its first word; a centre's allocation is no account; "call/launch it with
	 * --flags"; memory a run used is no node type; a node's health is no count; "what I run on X" is the
	 * source; GPUs per node alone keep a pasted job's node count; "time limit of 30h" is the walltime;
	 * "; " ends a command; "uh no, 4"; Apptainer and Singularity are one runtime; an unprofiled system;
	 * "we were granted time on X" is the target, "we used to run this on X" the source; "what we need
	 * now:" marks the request over the context before it; "Run: 8 nodes" is a label, not a command; a
	 * label line over a pasted script ("run.sbatch (Lonestar6):") names the script's system; a typed
	 * command continued with "\\" over several lines is one command */
	{"phrasings-families-26.jsonl", 30},
	/* a twenty-seventh, neighbours of the misses of three more held-out sets (b61-b63): srun or mpiexec
	 * over a launcher that starts the GPU processes itself (srun -n 2 torchrun ...: their tasks are one
	 * launcher per node, not GPUs); a chat of people's names ("Jun:", "lucas:") is a dialogue whose asker
	 * corrects by speaking again, while a form's keys are no names; "my pm job" names the cluster by a
	 * short alias before a job's noun, "3 pm job" does not; a past run's outcome in the same sentence as
	 * an imperative ("it died at 3:55, give it 6h") does not fence the imperative; "ok 2 nodes then"; "a job
	 * for Crux at ALCF" names a system maple has no profile for; "srun ... python x.py" elides options;
	 * "args: [--lr, 1e-5]" is a list; "the pilot was", "our previous jobs were", "for reference" and a
	 * parenthesis after a past run's clause are the past run's; "the same number of GPUs" / "the same total GPU
	 * count" / "keep the node count" carry the size of where the job ran before (a pasted header's
	 * "--gpus=v100-32:16", another system's command, prose said of it); "--gpus=a100:8" is a count; the
	 * words after a cluster's name stop at its sentence's end ("We trained on Anvil. Keep ..."); "do NOT put it
	 * in preemptable" forbids the queue (none left: an error); IRC speakers ("<noor>"); a bare "no." negates
	 * nothing after it; a later total over earlier GPUs per node ("all 8 GPUs ... GPU-shared with 2 GPUs
	 * then"); "keep queue and account as they are" names no queue "keep"; "--ctf on" at a command's end keeps
	 * its value; "cmd": ["python3", "-u", "fit.py", ...] names the script and its arguments; files pasted together
	 * under their labels ("=== launch.sh ===", "--- acc.yaml ---") after another system's script are its system's */
	{"phrasings-families-27.jsonl", 49},
	{"phrasings-families-28.jsonl", 66},
	/* set 29: an account named in an aside after its cue word ("our other allocation (the Lonestar6 one,
	 * MCB22014)", "Project - AIEval2 - 2 nodes"), and none taken from an aside without a name ("(which is
	 * almost used up)"); cluster names with a letter dropped ("anvl", "vsta") or swapped in the stem
	 * before the number ("brdiges"); a signature "Anil" is no Anvil; terse shorthand ("4n4g", a bare "8g"
	 * that is no memory size, "accelerate+ddp", "ds z3"); a launch command or script pasted before the
	 * request names its target ("That ran on two 8-GPU DGX boxes. For Polaris I want 4 nodes", "(Perlmutter
	 * command.) Same on Aurora", "Our NERSC hours ran out. Port this to Polaris") is the job where it ran
	 * before; one typed after the target's name is the target's; pasted squeue/sacct/scontrol output the
	 * ask points at ("same account as above", "the same partition and node count"), and not where it does
	 * not point; "4 nodes instead" replaces the count it follows; "the 48h wall limit" is a limit; a reply
	 * written under each quoted "key: value" line ("> nodes: 16" / "32, the bigger model needs it", "> time:
	 * 2h" / "90 min is enough", "> queue: debug-scaling" / "use capacity", "ok"), and quoted prose answered
	 * below, which stays a conversation; "the same account" of a script pasted from another system (its "-A");
	 * Chinese, Japanese and Korean units and full-width punctuation ("4 个节点，6 小时", "2 ノード、30分"); a
	 * two-letter alias after emoji only ("🚀 pm 🖥️ 2n"); "2g/node"; an inline reply that corrects a field of words
	 * ("Frontier actually, we moved", "no - capacity"); "Delta job." opening a request is its target; "from four
	 * 8-GPU servers" is where the job ran; "From our lab's DGX. On Polaris ...": "our" is not Polaris's */
	{"phrasings-families-29.jsonl", 63},
	/* set 30: answers written after the questions they answer ("1. Which cluster? Polaris", "Q: how many
	 * nodes?" / "A: 16", "How long? -> 3h", "Program + args? ..."), and questions that stay prose ("Which
	 * queue should I use? I need ...", "How many nodes? not sure yet"); "How many GPUs does a Polaris node
	 * have?" asks for no node; what an aside says of another system ends with the aside ("DeltaAI (not the
	 * old Delta), 2 nodes", "[formerly on Bridges-2 with 2 nodes]"); a job script pasted with a request to
	 * port it, or before the target is named with counts after, is the job where it ran before: its
	 * directives yield to what the request states ("Port it to Frontier but use 32 nodes and 6 hours",
	 * "Ignore -N and -t: use 32 nodes" - a flag before a colon in a sentence is no form key; "a Polaris
	 * version of the Vista job below: 12 nodes" asks to port it); a colon ends what is said of another
	 * system when the request goes on after it; what the request says in words edits the job script
	 * pasted with it: its queue ("put it on extended instead of batch"), account ("charge it to DMS24002
	 * instead"), counts and walltime ("Same thing again but with 4 nodes, keep -t"); pasted scheduler
	 * output and logs the ask points at: a sacct table's job row (not its steps' rows) and time limit
	 * ("same node count and time limit"), a squeue row as the base of "twice/half as many nodes", sinfo's
	 * idle rows ("all of them", "every idle node"), a host list ("as many nodes as are listed"), NCCL's
	 * "nNodes 2 localRanks 4" and "world_size=24 local_world_size=12" ("same layout", "same world size"),
	 * prose typed right under a table with no blank line between; scontrol records with one Key=Value on a
	 * line ("   Account=...", "CPUs/Task=1"), PBS qstat's table (a blank line after its prompt, "Job ID"
	 * one column, NDS) and qstat -f's record ("exactly as before"); the row picked ("like the running
	 * one", "the second one"); torchrun's launch configs ("twice the nodes, same per-node count"); sinfo
	 * -h -o "%D %T" ("all of those idle ones"); "same again"; an OS for `accelerate env`'s "Platform:"
	 * names no cluster; Sophia (ALCF) is a system maple has no profile for; "per node 2 GPUs" before
	 * its count; Latin words written against CJK text ("Polarisで4ノード（各4GPU）"), a Japanese particle
	 * after a word ("プロジェクトは"), "每个节点 8 个 GPU", CJK words after the command are prose; a
	 * request that names only a cluster it rules out has no cluster; "if the queue is long" names no
	 * queue; what a model fits on ("doesn't fit on a single A100") is no count; "2 x 40 GB" is memory;
	 * "N/A" / "none" fields; "nodes: 16  <- sorry, 8"; a numbered list's marker is no count; numbered
	 * answers under quoted numbered questions; a "| | current (Delta) | target (DeltaAI) |" table;
	 * "keep everything but the time: ..." has no form key "time"; a node count withdrawn ("8 nodes --
	 * actually I don't know yet how many") or left open over another system's script ("the node count is
	 * TBD"); "not sure where it should run yet" leaves the target open; "Aurora version please" is the
	 * target; a line "b2: change this to 3 full nodes on the GPU partition" under a pasted script (its
	 * total yields to the words' node count; "full nodes" judges no queue); Portuguese "no Polaris" is
	 * "on Polaris", "nós" are nodes; "la cuenta es X", "le compte est X"; a centre in an aside right after a
	 * system's name describes it ("Doudna (NERSC's new machine)"); "but on Perlmutter" turns to the
	 * target, "that's a polaris node" describes where it ran; a tool typed with no prompt or after a host's
	 * prompt ("sacct -X ...", "anvil(login03)$ sinfo ..."), the row picked by its state or size ("the one
	 * that finished", "the big one again"), "the idle ones", DeepSpeed's launcher log, a command after
	 * "actually use ...", "the 30B fits on 4 nodes, let's do 4"; a pasted launch line edited in words ("same
	 * but 16 nodes", "drop to 8 nodes", "scale to 10 nodes": its total goes with the old node count);
	 * "nodes: 4 -> 2 (budget)"; answers under quoted questions ("> which cluster?" / "aurora"); measure
	 * words after a count (块 张 枚 台 개) and the unit before it ("GPU 24枚", "노드 4개"), "2時間半", "半日",
	 * a decimal comma ("2,5 Stunden"), "ore", "ZeRO Stufe 1"; "set the node count to 2", "change select to
	 * 4", "going from 2 nodes to 6"; a word of the account's shape in the words beats the pasted script's
	 * "-A"; "port this to our new cluster" over a "system=polaris" script, "where should it run?" leave
	 * the target open; a launched process's environment printout ("WORLD_SIZE=16 LOCAL_WORLD_SIZE=4");
	 * numbers two to ten in Spanish, Portuguese, French, German, Italian; "las 2 GPUs de cada uno"; a size
	 * judged too small ("A single Aurora node won't do", "Two Delta nodes (...) are not enough"); a label
	 * over pasted output ("xpu-smi discovery on an aurora compute node:") states no node; "That's one
	 * Polaris node (4 A100s). I want 3 of those" counts nodes; "Args: N/A", "Cluster: N/A (any)", a JSON
	 * null; the ticked column of a table of options ("| Option 2 ✅ |"); PBS qstat's table under a label
	 * ("aurora qstat:", "Req'd Time" one column); DeepSpeed's "nodes=6 gpus_per_node=4"; "queue one more
	 * like the running one" (the verb); "in batch on 8 nodes"; "the account stays" names no account;
	 * "2个节点跑" (a CJK unit with a verb against it), "张卡"; "una sola GPU", Italian "per 3 ore",
	 * "eineinhalb Stunden"; "don't give me 8 nodes, 2 is plenty"; "(not Polaris!) with 2 nodes"; advice
	 * declined ("recommended DeepSpeed, but we'll stick with DDP") or followed; time added to the one said
	 * elsewhere ("an extra hour", "2 more hours than that one"); a form's queue corrected in a chat ("scratch
	 * that, A100 partition: gpuA100x4"), the GPU model with it; a list of objects with one marked chosen
	 * ("selected": true, "chosen": true): only it is read; a YAML list of candidates with "selected: aurora",
	 * named jobs with "submit only `small`" (a plain form with "use the debug queue" is no choice) */
	{"phrasings-families-30.jsonl", 146},
	/* set 31 (fifteenth session), neighbours of misses of a held-out set scored once and never fixed
	 * against before (b92-b93): a size said relative to an earlier run's ("we used 8 nodes last month;
	 * take half of that", "double it", "same as the job I ran yesterday (16 nodes) but with half the
	 * nodes", "the last run took 5 hours; give it twice that"), and not where the new value is said
	 * ("halve that: 4 nodes") or a noun follows ("double that batch size"); a bare count that opens a
	 * correction on the next chat line ("wait no, 16 is plenty", "alice: nah 2 is fine"), not one said of
	 * GPUs or with a purpose; a trial before the real run ("we have tested on one node and it works"); the
	 * words for a queue in other languages (data: queue_words); "노드당", "노드 당", "ノードあたり",
	 * "ノード当たり" (per node); only a total that whole nodes do not hold ("Lonestar6 with 10 GPUs") is an
	 * error that offers both layouts; "that's an h100 node. I only need 2 of them, single node": its GPUs;
	 * the cluster a pasted tool's shell prompt names ("vista(login2)$ sinfo", "[me@login03.frontier ~]$",
	 * "jdoe@perlmutter:login22:~>", "polaris-login-02:~>") when no other is named, "grab 8 of the idle
	 * ones", and a terse request line that opens with its verb right under the output ("submit 2 nodes,
	 * ..."); two to ten in five languages as data (number_words); a Hydra override as the script's first
	 * argument ("main.py experiment=vit_small data.batch_size=128") is an argument, not a subcommand */
	/* (set 31, after the first look at a new held-out wave b94-b99) a past clause and a "now" clause name
	 * source and target; a pasted script's queue directive is no correction; one capital letter as a
	 * dialogue's speaker; account words of other languages as data; markdown emphasis in forms and prose
	 * ("nodes: **16**"; a backquoted value stays shell text, no name: cli_safety); Hindi hours and days ("4 ghante", "2
	 * din"); a limit written as a clock time ("hit the 02:00:00 limit") is no walltime */
	{"phrasings-families-31.jsonl", 144},
	/* (set 32, after the first look at b100-b102, the last wave of the session before) a GPU count said of
	 * another machine ("converged on the 4-GPU workstation", "the 8-GPU cloud instance we rented"); the
	 * multiplication sign in its forms ("full nodes ×2", "2× full nodes", "nodes × 4", "3 nodes × 2"; not
	 * "25 nodes x 6h"); a per-node word inside a Chinese phrase ("上每个节点用4块GPU") and a measure word
	 * before the count's own unit; ZeRO's stage in more languages; Russian and Turkish units, numbers and
	 * case endings ("4 узла по 2 GPU", "Polaris'te 2 düğüm"); a cluster switched with "same shape and
	 * time" (the first ask's size and time carried); durations of a run that ended ("killed at the 2h
	 * mark") when the request gives its own; a launcher log's entrypoint with the arguments typed later
	 * ("same entrypoint but with --epochs 10"); a job's environment printout ("SLURM_JOB_ACCOUNT=x"); a
	 * short alias after "from" ("that's from b2", not "shards from s3"); "everything (except the account)
	 * stays" keeps a pasted header's queue, time and account; an account said of the old one is not the
	 * job's ("not the old account (X)"); "the project is now X"; a GPU total changed relative to an earlier
	 * run's or a launcher's print ("we ran on 8 GPUs ... twice that"); "per node" is no node count to
	 * scale; "double that? no, ..." changes nothing; (from a metamorphic check of the devset: the same
	 * requests with a sentence before or after them) a JSON object after a sentence of prose on its line, a
	 * short alias opening a sentence or line ("Hi team,\n\npm, 2 nodes"), arguments ended by a sentence
	 * ("--name \"exp 3\". Let me know ...", "Arguments: --epochs 3. Thanks"); (after the first look at
	 * b103-b108) an earlier run on the target asked for again ("like last week's job (2 nodes, 10 h, account
	 * X) but with twice the nodes"): not fenced, and what follows "but"/"except" changes it; a flag named
	 * again outside the command changes its value or is added ("but with --lr 1e-4", "change --epochs to
	 * 20"); versions of one request, one a line ("v1: ...", "v2 (final): ...", "Draft 2: ..."): the later
	 * wins; "half the time" as one item of a list of changes; "-- no," after a dash; "N more nodes" added
	 * to the count said (or asked back when none is); "more nodes than last time" is no statement of the
	 * last run; "extend that to 4 hours" and its kin as corrections (data); one as an article before a unit
	 * ("una hora y media", "une heure", "um nó"); per-node words of more languages ("2 узла, по 4 GPU",
	 * "tam düğüm (8 GPU)", "full node (8 GPUs)"); "mit"/"con" before the arguments; Hindi in Devanagari
	 * (data); an unprofiled system after "target"; a target not picked yet ("a machine we haven't picked
	 * yet"); markdown italics ("*6 hours*"); a CSV header and its one row; a pasted script already for the
	 * target keeps its wrong counts (an error, not a port); sacct's own header; the strategy the program's
	 * arguments choose ("--fsdp full_shard", "--trainer.strategy=fsdp"); (after the first look at the
	 * second wave b109-b111) the units, numbers, account and queue words of more languages (Vietnamese,
	 * Indonesian, Polish, Dutch, Swedish, Arabic, Czech, Ukrainian, Hindi's "dedh"/"dhai"; data), Arabic
	 * punctuation; corrections in other languages (data) and inside a CJK phrase ("这次请改成"); the HF
	 * Trainer's "--deepspeed ds_z3.json"; a short alias as a whole item between slashes or bars; a unified
	 * diff of a job spec (the new lines); an aside counting other devices ("48 GPUs (12 tiles per node)")
	 * is no restatement; a greeting on the first line before pasted material ("hey maple - {...}"); (after
	 * the first look at the third wave b112-b117) "per" and "each" in other languages as data ("par nœud",
	 * "ανά κόμβο", "mỗi node", "bawat node", "na každém"; not "por", which is "for" too); capital letters
	 * of Latin-1, Latin Extended-A, Greek and Cyrillic made lower case ("Účet", "Λογαριασμός"); Korean
	 * particles ("계정은"); "non"/"nein"/... closing a clause; an unprofiled system with its centre
	 * ("Sherlock (Stanford)", data); "half of its 6 hours", "double our 4 nodes"; an aside counting cards
	 * after GCDs or tiles ("4 GCDs per node (i.e. 2 of the 4 MI250X)"); an aside giving the old value
	 * ("ZeRO-3 (was zero2)"); Persian and Arabic-Indic digits; misspelt node words ("6 nods"); a
	 * capitalised name right after a centre that runs known clusters ("NCSA Hydro"); a half after its unit
	 * ("một ngày rưỡi"); "half of each node's GCDs"; (node types, the 19 of s16cluster's 32 request
	 * wordings that read right: "delta 1 node 8x A100" picks the 8-way nodes from the total over the nodes,
	 * "two nodes of 8xA100", "one 8x H200 node", "the MI100 node" as one node); a sentence before pasted
	 * material on its line ("... for the following? #SBATCH -N 2") */
	{"phrasings-families-32.jsonl", 242},
	/* wave 4's first look (session 17): numbers written apart ("forty eight hours", "twenty four nodes",
	 * "cuarenta y ocho horas"), numbers and units of 15 more languages (Hungarian, Romanian, Finnish,
	 * Croatian, Norwegian, Danish, Malay, Bengali, Estonian, Polish 12...), units with a language's ending
	 * ("GPU-a", "node-onként"), names with one ("Vistalle", "Polarison"), "each" after a preposition of
	 * another language ("en cada uno"), quarters and halves ("two and three-quarter hours", "une journée
	 * et demie"), retired systems named like known ones (Stampede2, Lonestar5, Derecho), "to" not a count
	 * before English units; a job chosen from several listed in prose ("1) ... 2) ... go with the second
	 * one", "- small: ... - big: ... run big", "Option A/B", "(a)/(b)", check marks, "baseline (...) and scaled
	 * (...)"), lists with no choice read as before; units in tables' headers ("walltime (h)", "Time [min]",
	 * "time (hh:mm)", "wall_min") and tables of bars without the outer bars or of tabs; the queue and GPU
	 * model of another machine's pasted script dropped in a port ("#SBATCH -p rtx" to Lonestar6, "-p v100"
	 * to Vista), a mistyped queue of the target's own still an error; hundreds and dozens ("one hundred
	 * twenty eight", "half a dozen"); "three gpus each four hours" (no interval); clock times ("It's 08:00
	 * now", "from Friday 18:00"); a notebook's escaped line ends; submitit's timeout_min; another cluster's
	 * nodes as a measure of GPUs ("two Polaris nodes' worth of GPUs, but on Perlmutter", "the equivalent of
	 * one Frontier node"; alone, the cluster is asked back); ranges settled in the words after them ("3-4
	 * nodes, let's say 4", "one or two nodes -- two", "24-32 nodes (I'll take 32)"), a count range left open
	 * asked back; markdown code spans around a name some cluster has ("allocation: `cis250118-gpu`"; "account:
	 * `whoami`" stays shell text); keycap digits and coloured circles; "Resubmit with 8 nodes"; a DeepSpeed
	 * config's name under the deepspeed launcher ("--deepspeed ds_zero2.json"); "queue the follow-up"; a spec
	 * in markup or data formats (XML, HTML, query strings and curl -d, SQL inserts, org-mode properties,
	 * dotted leaders, check boxes of a form (not of a to-do list), W&B values, LaTeX tables); footnote
	 * markers; a spreadsheet's semicolons with decimal commas and field names of other languages ("Knoten",
	 * "Stunden"); a merge conflict resolved by the side the text names; a backquoted command inside brackets
	 * ("(cmd stays `python train.py --dataset pile`)"); full-width digits; tables drawn with box
	 * characters and rows of two cells a field and its value; "trio"; "X-Nodes:" headers; SLURM_* printouts;
	 * JSON escaped inside a log line; ISO 8601 durations; changes written with arrows ("2->4 nodes", "1h →
	 * 3h"); tuple assignments, test assertions and Before:/After: blocks as forms; "quick one: pm 2 nodes";
	 * a queue standing after a time in a line without commas ("20 min debug,"); German "1 Tag"; a GPU model
	 * said only as another machine's partition in a port ("#SBATCH -p h100" to Lonestar6 "so 3 GPUs per
	 * node"); "time 6h python t.py" (the walltime's word, not the shell's `time` before the program); 34 of
	 * 186 passed on 94fe81d */
	{"phrasings-families-33.jsonl", 186},
	/* session 18: corrections later in the text (a spaced "--" or "-->" before prose ends the launch line:
	 * "train.py --lr 3e-4 -- sorry, 3 nodes"; labels with their colon "Fix:", "Revised:"; "changed my mind";
	 * "(no, 8)"; GPUs per node corrected after a total; "⇒", "-->", "⟶" between an old and a new value);
	 * counts said unit first inside a sentence ("but nodes 8", "we need nodes 16", "GPUs 2 per node", "gpus 2
	 * each", "and hours 5"); host names ("login08.frontier.olcf.ornl.gov", "jdoe@login03.frontier",
	 * "dtai-login.delta.ncsa.illinois.edu"; a PBS job id is none); unprofiled systems after "try", with a
	 * dash or underscore for a space ("great-lakes"), as "X cluster at our institute", beside "it's like
	 * Delta"; a number and its unit after a form's "=" ("time = 3 hours" had read 3 minutes, "walltime=2
	 * days" 2), a time's value ending at a comma ("time: 3h, python gen.py" had swallowed the command), a
	 * code span as a form's command ("entry point = `python gen.py`"); a time in seconds ("T = 10800 s",
	 * "5.4e3 s", "7200 seconds", data's second_units; not "every 600 seconds" or a flag's value); "0.25 d"
	 * as a whole item of a terse list; chats where the last word counts: Zoom's "09:31:10 From X:" lines,
	 * IRC's "* kim changes that to 24 nodes", "cut to 6 hours", a total of whole nodes re-sized by a later
	 * node count ("1 node (8 GPUs)" ... "yes, 2 nodes" is 2 x 8), a suggested edit of quoted text ("'2
	 * nodes' → '4 nodes'"), "the queue faster" (no queue); a launch command introduced as the user's own
	 * machine's ("it was for our workstation:", "adapted from our H100 box:") yields its counts; a
	 * partition name of words joined by a dash that only one cluster has ("GPU-shared") names it; Parsl
	 * providers (nodes_per_block; "scheduler_options=" is no argument marker); a pasted file's name on a
	 * comment line of its own ("# parsl_aurora.py") is not the program; DeepSpeed/MPI hostfiles ("host
	 * slots=4" lines, "node:4" machine files) as the job's shape where the request states none ("one node
	 * per hostfile line" is no count); "4 nodes instead of 2" corrects even a form's field; "but on 3
	 * nodes" or "but for only 1 node and 2 hours" after a typed or pasted command changes what it states;
	 * a short option after a subcommand ("cli.py fit -c fsdp.yaml"); (wave 11, "a help desk's
	 * semester", 146/150 unseen) a two-letter alias after "need"/"want" or before a node count ("need pm 2
	 * nodes"); a question that goes on past its unit, quoted in a reply ("> How many nodes do you need?" /
	 * "2 on perlmutter"); a value before a closing "instead" ("40 hours instead"); "p4d" is AWS's instance,
	 * not four days (ISO durations in capitals or with their T); nodes named by their GPUs' memory ("the
	 * 80GB nodes", "2 of the 80 GB nodes", "2 of the 16GB nodes"; "256GB nodes" is host memory); (older
	 * waves) "parameter is --lr 0.001" (data's args_cues, no longer a C list); a form's time corrected
	 * later in its line with a unit ("Time: a day ...; go with 36 hours"); a bare number after a count
	 * and a time changes the one nearer its size ("4 nodes, 30 min... make it 60"); a form key's unit
	 * in brackets ("walltime (s): 5400", "time [min]: 90"); "one node fewer", "an hour less"; an
	 * interactive session turned into a batch job ("turn it into a batch job of 2 nodes for 4 hours in
	 * regular", data); a typed command asked to be ported is the source's ("Move this from Perlmutter
	 * to Frontier, same 4 nodes but use all 8 GCDs: srun ... --gpus-per-node 4"); (wave 12, staff
	 * replies: 14/25 unseen) a field said in words after a comma ends a form's command ("Script:
	 * train.py --data x, project DeepEcho"); a word before a closing "instead" ("put it in extended
	 * instead"); a decision reported ("so they chose 16 nodes", "they later asked for 3 hours", data); a
	 * queue said not to work ("so gh-dev (2 h max) won't work; use gh") and its earlier mentions; the
	 * writer's words after a command inside quotes ("'torchrun ... --bs 32, I need it for 3h on
	 * Perlmutter'"); "A40s rather than A100s on Delta" takes back the GPU, not Delta; "proyect"; the time
	 * of an epoch or step is never the job's ("each epoch is about 3 minutes", "2 hours per epoch"); a
	 * first run in Colab or Kaggle is the user's own machine's; a clause about the user's own machine
	 * ends at "because"; a value before "this time" ("but 8 hours this time"); a time word closing a
	 * comma's item dates that item alone ("Polaris 2 nodes, 3h last time, 6h this time" had lost the
	 * cluster); 41 of 171 passed on 70527ed */
	{"phrasings-families-34.jsonl", 171},
	/* session 19: a queue closing a terse line after a time or a count ("frontier 40 nodes 4 h batch",
	 * "perlmutter 1 node 20 min debug"); the target after "for" following the job's noun ("convert this
	 * Frontier script for Andes", "the Vista command for Lonestar6"), after "run it on"/"put it on" (not
	 * "we used to run this on Theta"), "my Polaris prod script" the source; a request quoted in someone
	 * else's words ("exactly as they wrote it: 'Perlmutter, 1 node, 3 GPUs, qos shared, 10h, python
	 * train.py'") is read, not taken as one quoted path; two centres named and neither chosen ("allocations
	 * at both NERSC and ALCF") asked back, "from ALCF to NERSC" the latter; a count said of what a tool
	 * that lists one node's GPUs shows is that node's, and weak ("rocm-smi on Frontier shows 8 GCDs. Use
	 * all of them on 2 nodes", "nvidia-smi: 1x GH200 96GB. I need 12 such nodes", data/lexicon's
	 * node_device_tools); a cloud or orchestrator spec pasted as the job to move (SkyPilot, Kubeflow, Ray,
	 * GitHub Actions; data/lexicon's source_spec_keys) is the source: its counts weak, its "cluster_name:"
	 * no cluster; a docker or podman run line on the user's own machine asks for no container on the
	 * target ("docker -> dtai", "this is how I run it on my 4-GPU workstation. DeltaAI please"), unless
	 * the text asks for one there ("use apptainer instead"): then its image, pulled by the target's
	 * runtime (docker://...); what is said of the user's own machine ends at a colon or where the text
	 * turns to the target ("moving from colab pro to Lonestar 6: 1 node 3 gpus" had lost every count;
	 * "from our DGX (8 GPUs) to Frontier. 4 nodes" read 2 per node), a DGX or rig is a machine of one's
	 * own, possessives in other languages ("von unserem DGX") are data, and a likeness asks again ("all 8
	 * GPUs like on our workstation"); a two-letter alias as an arrow's destination ("8xA6000 box -> pm")
	 * or of a verb that moved the job further back ("ported my `make ddp` (...) from the lab box to pm");
	 * 40 of 88 passed on 1ad97de; "more than N nodes" is a lower bound, no count ("we need way more than
	 * one node" had read 1 node), "no more than 4" still caps it; 43 of 95 passed on 1ad97de; a launch
	 * written as a definition and its call, the call's values put in (shell functions with positional
	 * parameters and "local x=${1:-1}", Makefile rules with "NODES ?= 1" and "make train NODES=3",
	 * justfile recipes with parameters, $((nodes*8)) worked out; shell_calls.c); 44 of 105 passed on
	 * 1ad97de; "Frontier script:" on a line of its own over a pasted script and "(Perlmutter)" noted on
	 * a directive name the script's own system, "same 4 nodes x 4 GPUs on Lonestar6" the target (not
	 * "same shape as the one on Perlmutter"); a common word as a flag's value before another flag or
	 * the command's end ("--accelerator gpu --devices 4", "--split train"); 47 of 116 passed on 1ad97de;
	 * a command written as a list ('command: ["torchrun", "--nproc_per_node=8", "x.py", "--amp"]',
	 * "[torchrun, x.py, --epochs, \"40\"]", an Airflow operator's cmds=[...] then arguments=[...]) read
	 * as its command line; a Kubernetes container spec and its introduction ("our K8s Job spec (single
	 * pod, 3 GPUs):") are the source; 47 of 122 passed on 1ad97de; a command of the user's own machine
	 * and no size of the target's own: one node where the machine's GPUs are one node of the target ("my
	 * 4x A6000 workstation with torchrun --nproc_per_node=4 ... Now Polaris"), asked otherwise; 50 of
	 * 128 passed on 1ad97de; on a line where an arrow leads to the target, what comes before the arrow
	 * is the source ("sky launch --gpus H100:8 --num-nodes 2 task.yaml -> want the same 16 GPUs on
	 * DeltaAI"); 52 of 134 passed on 1ad97de; two or more rows of a known key and its value aligned in
	 * columns (a pandas Series "walltime_h           7.5", `column -t`, tab-separated) read as a form
	 * (not "cluster  = \"bridges2\"", whose separator follows); 53 of 139 passed on 1ad97de; a yes/no
	 * question about what a node holds describes the machine ("On Vista, is 1 node = 1 GPU? If so I want
	 * 4 GPUs"), not "Is 4 nodes enough?"; another sentence's "each" is not a count's ("8 GPUs each? I
	 * need 16 GPUs"); 55 of 145 passed on 1ad97de; "nvm", "never mind" correct (data); a queue after "go",
	 * "use", "try" ("go capacity with 8 nodes", "use debug for 20 min"); 56 of 152 passed on 1ad97de; a
	 * count after what it counts and a times sign ("Vista GH200 x 4", "80GB A100 nodes (hbm80g) x 4"),
	 * not a product ("2 nodes x 4"); 59 of 160 passed on 1ad97de; what a clause says of a cloud or
	 * notebook service is another machine's ("it trains on AWS p4d (8 A100s); on Polaris give me 4
	 * nodes", data/lexicon's cloud_services); 61 of 165 passed on 1ad97de; a job's own environment
	 * printed ("SLURM_NNODES=8" of the last job) ranks below the request's words ("rerun, 16 nodes
	 * now") and is what "the same" refers to; 63 of 169 passed on 1ad97de; "rerun", "re-run",
	 * "resubmit" change the earlier run ("Previous: -N 4. Rerun on pm with 8 nodes", data); 65 of 173
	 * passed on 1ad97de; the sentence after one about where the job ran, going on about it ("Moving our
	 * Vertex AI pipeline to Stampede3. It used preemptible A100s") is that machine's, and "Intel Max 1550
	 * nodes" is one model (both read right on 1ad97de; guards for the node-type errors merged this
	 * session); 69 of 177 passed on 1ad97de */
	{"phrasings-families-35.jsonl", 177},
	/* set 36 (twentieth session, held-out wave 16's code around requests): a training program's own
	 * configuration pasted with the request (a Lightning trainer section, a JSON/TOML config, an accelerate
	 * config, a program's printed "world_size=8", a parenthesis quoting such keys) is the program's: the
	 * words' counts win, its counts stand where the words give none, a config's GPUs per node above the
	 * target's node yield to the node, its timeouts are no walltime, its ZeRO stage ranks below the words;
	 * what a past run printed of itself (seff, %time) is a measure, not the walltime asked; "that was one
	 * node; now 8" fences the past; "the trainer part" names no partition; 10 of 29 passed on eb15b84;
	 * a Python call's keyword "args=args" is not the script's arguments; a running program's printed lines
	 * (progress bars, log prefixes, "Using 3 GPUs: [0, 1, 2]") are a past run's; "10 more hours" with no
	 * earlier time is the walltime; "41 min elapsed" is a measure; "scale it up" with no size and "depends
	 * on the scaling test" leave the node count open; 18 of 45 passed on eb15b84; corrections: "(edit: 5
	 * nodes, one of our allocations ran out)", "that is too small, go capacity with 8 nodes", "2h -> no, 1h
	 * is plenty", "was going to ask 2 nodes x 4 for 48h but 36h is enough" (the rest of the plan stands);
	 * 22 of 56 passed on eb15b84; a two-letter alias after "for" and before a person or comma ("for pm I
	 * only want 2 nodes") or between an article and a job noun ("make me a pm job"); a queue's limit
	 * described ("GPU-shared is at most 4 GPUs on one node", "debug is at most 2 nodes, so ... capacity");
	 * "needs more time" corrects; 24 of 65 passed on eb15b84; time added to the earlier run's ("last week's
	 * job was 4 nodes for 24h. Run it again with ... 6 more hours"; a sentence asking the run before it
	 * again lifts that run's fences), "an extra 2 hours"; "the dev queue is too small" rules it out; chat
	 * headers with the name in emphasis ("*maria* 11:40"); "doesn't fit on 8 GPUs" takes the count back;
	 * 25 of 75 passed on eb15b84; an arrow line after a pasted spec ("-> Frontier extended queue, 16 nodes,
	 * 20h") opens the request, not one of the spec's list items; a CI runner is another machine ("on a
	 * 4-GPU runner"); 26 of 81 passed on eb15b84; a name-shaped item of a terse list on a cluster whose
	 * project names have no shape ("Aurora prod, 512 nodes, 6h, AuroraGPT") is the account, and not when it
	 * names software, precision or hardware (data/lexicon's technical_words) or a program's key; 32 of 91
	 * passed on eb15b84; a two-letter alias before a postposition and a node count (Hindi "pm pe 2 node
	 * chahiye"); 34 of 94 passed on eb15b84; "keep it on one node" keeps the job's GPUs where it runs now
	 * on the nodes the words give; "8 GPUs per worker node" is per node; 37 of 100 passed on eb15b84;
	 * other schedulers' sources: LSF's "#BSUB -nnodes 8", Cobalt's "#COBALT -n 2" (nodes), "our ThetaGPU
	 * script (8 GPUs/node)" says what that system has; 38 of 106 passed on eb15b84; "6 GPUs per node" on
	 * Aurora is the whole node (data: gpus_named_as packages), "4 GPUs per node" on Frontier stays 4 GCDs;
	 * 42 of 112 passed on eb15b84; a README's label of one way to run ("Single GPU:  python train.py") is
	 * no count; a command's processes per node yield to nodes and GPUs the words both state; 44 of 116
	 * passed on eb15b84; a line of Python source is the program's, and what its comments count is the
	 * code's machine ("model = nn.DataParallel(model)  # 8 GPUs on the interactive node"); 47 of 120
	 * passed on eb15b84; a clock time after a date is a timestamp, not the walltime ("Request filed
	 * 2026-12-01 09:30"); a chat's emoji shortcode after the command is no argument ("--lora :rocket:");
	 * 49 of 126 passed on eb15b84; items written without a blank after their comma ("Polaris,4 GPUs on
	 * one node,2h", "script train_fsdp.py,no extra args"), never a number's ("0.9,0.95", "1,000"); the
	 * writer's "!!!" after a value; a count's unit not across a line's end or a closing parenthesis
	 * ("(uid 51234, group 8812)\nBridges-2 GPU partition"); 50 of 138 passed on eb15b84; pasted
	 * typography: non-breaking and other Unicode spaces, zero-width characters and a BOM, curly quotes,
	 * the ellipsis, Windows line ends ("\\\r\n" continuing a command, table rows); 50 of 145 passed on
	 * eb15b84; background sentences: what a run took ("On our old cluster this took 3 days on 8 GPUs";
	 * "our old cluster" is where it ran, not a target left unnamed), someone else's run ("My colleague uses 8
	 * nodes for the same model"), an epoch's or a checkpoint interval's time; a memory need picks the node
	 * type that holds it ("needs about 60 GB of GPU memory per rank": Perlmutter's 80 GB nodes); a
	 * pictograph opening a line is a blank; 54 of 156 passed on eb15b84; a two-letter alias opening a
	 * sentence with a count or a queue after it ("... with 1 GPU. pm regular 4 nodes"); a memory need the
	 * cluster's usual GPUs hold picks nothing ("Stampede3 pvc queue ... needs about 60 GB"); 56 of 160
	 * passed on eb15b84; the request's next item after an argument and a comma with no blank
	 * ("--data $PROJECT/imagenet,account cis250033-gpu", "ds_z2.json,16 hours"), never a list value
	 * ("--gpus 0,1"); 57 of 164 passed on eb15b84; a chat's preamble ("quick one :pray: pm regular 16
	 * nodes": "one" after "quick" counts nothing, an emoji shortcode is a symbol, a two-letter alias with
	 * one of its queues after it names the cluster; not "3 pm debug"); 59 of 168 passed on eb15b84; a
	 * chat's "@bob ..." opening a request is no Python decorator (a regression of this set's code lines,
	 * guarded: corrections after it stand); 62 of 171 passed on eb15b84; a form's optional plural
	 * ("node(s)", "hour(s)"); a request wrapped whole in quotes or a parenthesis; a request put as a
	 * question ("Can I get this: ... in the debug QOS?", "Could you set up 4 nodes ... in debug-scaling?"),
	 * the question mark after a value or a quoted argument not part of it; 64 of 180 passed on eb15b84; a
	 * request quoted whole under "Can you set this one up?" keeps its errors (a queue that cannot hold
	 * it, "0 GPUs per node"); a system maple does not know opening a sentence, a colon's item or a
	 * list's bullet ("TL;DR: Summit, 4 nodes", "* Summit"), of two words ("El Capitan,") or listed and
	 * in lower case ("thetaGPU,"); a list's bullet is no times sign; 68 of 193 passed on eb15b84; a queue
	 * before a column's bar ("Aurora debug queue | 3 nodes"); 69 of 196 passed on eb15b84; a short
	 * salutation, tag or mention before a terse request or a JSON object ("Hi maple, pm, 2 nodes",
	 * "[URGENT] {...}", "@maple-bot B2, ..."); a projection's size ("It should reach 100k steps in about 30
	 * hours on 32 GPUs") only where the request states none; 71 of 204 passed on eb15b84 */
	{"phrasings-families-36.jsonl", 204},
	/* session 21: durations set against each other ("4h plus 30 minutes of slack", "2 days minus an hour
	 * (47h)", "48 hours less 30 minutes", "an hour less than 2 days", "30 min short of 12 hours", "half an
	 * hour more than last time's 2h", "2 hours more than the 6 we asked for"), time added by a verb ("add 90
	 * minutes", "it timed out at 4 hours, add another 2 hours"); a past run's clause of its own after a
	 * comma does not take the request's items before it ("polaris 4 nodes train.py 2h, last week we used 8
	 * nodes", "pm 2 nodes train.py, it took 3 hours last time, give it double that"); guards: "20 minutes
	 * more than training per epoch", "12 hours, minus the eval"; 10 of 37 passed on 7c68541 */
	{"phrasings-families-37.jsonl", 37},
	/* session 21: a pasted job script or launch line whose evidence names its cluster (file systems,
	 * accounts, queues, modules: the script reader's inference) when the request names none ("... srun
	 * python /pscratch/sd/a/alice/train.py\nrerun this please"); not when the request asks to go elsewhere
	 * ("port this to our new cluster", "where should this run", "somewhere else") or has no script or
	 * launch line ("2 nodes in the regular qos"); a cluster's name inside a path or a project's name
	 * ("/anvil/scratch/", "AuroraGPT") is no mention of it; 7 of 15 passed on 7c68541 (an unseen wave of
	 * pasted material, b197, had 6 such requests) */
	{"phrasings-families-38.jsonl", 16},
	/* session 21: "same number of GPUs" (or "same total GPUs", "the same GPU count") where the only size is
	 * a typed command's or a pasted script's, written for another machine ("torchrun --nnodes 1
	 * --nproc_per_node 8 train.py\nsame number of GPUs on Vista": 8 nodes of 1; "mpirun -np 16 -npernode
	 * 8 ... keep the same GPU count on Perlmutter": 4 of 4); "same number of nodes on Anvil" with a command
	 * of 8 per node: the target's 4 per node; 2 of 8 passed on 7c68541 */
	{"phrasings-families-39.jsonl", 8},
	/* session 21: the program's own switches that choose the strategy: a bare "--fsdp" (the next word
	 * another option or none), "--use_fsdp", DeepSpeed-Chat's and OpenRLHF's "--zero_stage 2" /
	 * "--zero-stage 1" (DeepSpeed, that stage); not "--fsdp=false", "--use_fsdp false", "--zero 1" or
	 * "--fsdp_min_params"; 4 of 11 passed on 7c68541 */
	{"phrasings-families-40.jsonl", 11},
	/* session 21: a system maple has no profile for (data/lexicon/systems.yaml) named lower case opening the
	 * text with its partition's word ("cori gpu, 1 node"), or after a cue with a determiner or adjective
	 * between ("can we use the old ThetaGPU at ALCF?", "try our good old Summit"): an error, never
	 * "incomplete"; "moved from the old Cori to Perlmutter" stays Perlmutter; 3 of 8 passed on 7c68541 */
	{"phrasings-families-41.jsonl", 8},
	/* session 22: a bare number set against what a pasted script or an earlier statement says ("the
	 * script says 4 nodes but give me 2 (full nodes)", "it was written for 16 nodes but we need 8", "I
	 * only need 3"; after "8 GPUs per node ... but use 2" the GPUs per node); a shell comment on a
	 * directive line ("--nodes=3   # used 12 nodes last month") dates only itself; a text tool's option
	 * ("$(... | head -n 1)", "tail -n 2") counts nothing; "srun --ntasks-per-node=1" that starts a
	 * per-node launcher ("bash -c \"torchrun --nproc_per_node=4\"") is one task per node, not 1 GPU;
	 * "so it fits prod, train.py, 3h": what fits ends at the comma; 6 of 19 passed on 6df66e36 */
	{"phrasings-families-42.jsonl", 19},
	/* session 22: a change said with "from ... to": the time ("bump the time from 12h to 20h", "8h (up
	 * from 4h)") and a count with its unit before the numbers ("increase nodes from 2 to 4", "scale GPUs
	 * from 8 to 16", "nodes from 4 -> 8"); a range settled by a preference ("4-8 nodes, prefer 8", "(4
	 * preferred)"; one outside the range, or none, leaves it open); inline options "(a) ... (b) ...",
	 * "Option A: ... Option B: ...", "(1) ... (2) ..." and the one chosen; Grid Engine ("#$ -l
	 * h_rt=...") and Flux ("#flux: -q pbatch") headers are a pasted script from elsewhere: the request's
	 * words win and the other machine's queue is dropped; a scheduler's name is no cluster's ("our
	 * cluster (Slurm, 4x H100 per node)", "cluster: PBS": asked back); "(that's on an 8-GPU H100 box)"
	 * after a launch line is the machine it ran on; 6 of 28 passed on 6df66e36 */
	{"phrasings-families-43.jsonl", 28},
	/* session 22: torchx's "--" before the program's arguments is torchx's ("--script train.py --
	 * --epochs 3"; after "python train.py" it stays the program's); a pasted spec's size as the source's:
	 * a Kubeflow PyTorchJob's Master and Worker pods with their "nvidia.com/gpu" (an MPIJob's Launcher is
	 * no training pod), a SkyPilot task's "num_nodes" and "accelerators: H100:8"; "number of GPUs (4 x 8
	 * = 32)" is a product, not 4; the request's own cap on its time ("2 hours max", "at most 2 hours",
	 * "no more than 90 min") outranks a pasted header's time from another system ("the 6h limit" of a
	 * past run does not); "(4xA100 nodes)" are nodes of 4 GPUs, not a total of 4; a launch command the
	 * words introduce as a trial run's ("Here is what I used for the pilot:", "unchanged from the 2-node
	 * test:" and setup lines) yields its counts to the request's; 9 of 18 passed on 6df66e36 */
	{"phrasings-families-44.jsonl", 18},
	/* session 23, from the unseen sets b200 (structured requests, indirect clusters) and b201 (READMEs,
	 * shell sessions, wrapper scripts, Python launchers, accounting output): a typed command's queue
	 * option yields to a queue named in words ("bsub ... -q batch" then "6 hours (extended)"); a line
	 * that labels a pasted script with what it says of it ("Piz Daint job (one P100 per node), Cray PBS:")
	 * names the script's own system; a mark only one cluster has, in the words (/lus/eagle/..., $PSCRATCH,
	 * dt-login02, bbqx-delta-gpu, --gpus=v100-32:), names the cluster when none is named (not beside
	 * "somewhere", not two clusters' marks); a documentation example's command and the counts said with
	 * it yield to the request's own ("From the repo README: ... To train on 8 GPUs run:"), unless it is
	 * asked for "as is"; the next command typed at a prompt ends a tool's output ("$ rocm-smi" then "$
	 * torchrun ..."); a wrapper's NNODES=2 / NGPUS=8 are read with the launch line that uses them
	 * ("--nproc_per_node=$NGPUS"), not as fields; "twice the GPUs", "half the size" of the run said before;
	 * "each node there has a single GH200" is per node; a Python-built command (["torchrun", ...],
	 * f"torchrun ...".split()) is read as a command line; the product of stated parallel degrees ("TP=4,
	 * PP=2, DP=2", "tensor parallel 8 x data parallel 2") is the GPUs when the data-parallel degree is
	 * one of them; an unticked checklist item ("- [ ] Polaris", "[x] 4 nodes  [ ] 8 nodes") is an option
	 * not chosen; "nodes  | 3" lines are a two-column table; "2 H100 nodes (all 8 GPUs)" is a total when
	 * no node has 8; a notebook's "!accelerate launch ..." is a command; wandb's summary lines are a
	 * tool's output; "That was 2 H100 nodes" describes the run before; "gh-dev only goes to 8 nodes" is a
	 * limit; a form's "cluster: whichever has free nodes" is undecided; a form's command value keeps a quoted ';'; 37 of 87 passed on baafa9bd */
	{"phrasings-families-45.jsonl", 87},
	/* session 24, from the unseen sets b202 (revisions, shorthand, several sizes) and b203 (README and
	 * Makefile variants, accounting output, interactive sessions, other systems' configs): several pasted
	 * commands and the writer's pick of one ("the multi-node variant", "`make finetune`", "the train-8gpu
	 * target", "option 2", "go with (b)", "the second command", "the last one", "the 4 GPUs line", "the
	 * large recipe" of a table) - the others and every command's label are not the request's; an
	 * interactive session typed by hand ("salloc -N 1 ... -q interactive", "idev -N 2 -m 120", "qsub -I
	 * ...", "interact", "sinteractive", "srun ... --pty bash") is edited by the words asking for the batch
	 * job, and its interactive queue is not the batch job's; a node's name said of where the job ran
	 * ("2 A100x8 nodes" on Delta) counts its GPUs for "the same number of GPUs"; "two full nodes (16
	 * GPUs)" is a total; scheduler output as the size of an earlier run: seff's "Nodes: 2", sacct's
	 * AllocTRES (gres/gpu=32, with or without its header), showq's rows under a "====" rule, a part of
	 * it ("half of that many GPUs", "a third of those nodes") and "double the time limit"; "our Polaris
	 * hours are gone" judges Polaris unusable; a later run said beside the one asked for now ("eventually
	 * 32 nodes, for now 2", "the full run will need 64 nodes; first a quick test on 2", "ahead of the
	 * 256-node run, a pilot on 4") is not the job; "no - 4 was correct" restores the count said before; a
	 * GPU model struck ("scratch the H100 part", "drop the H100s") is not the nodes' kind; 9 of 43 passed
	 * on babddcd6; an interactive session's queue named on its own ("-p ghx4-interactive", "-p
	 * GPU-shared") is not the batch job's, the program typed again in the words with other arguments is
	 * the one asked, "I'm still working out how many nodes" leaves the count open, and a session said of
	 * another cluster measures "the same number of GPUs"; "same thing again" points at a pasted qstat
	 * record, "4x that node count" and "3 times the GPUs of that job" multiply what it shows; a session
	 * typed after a shell prompt ("[amy@login03 ~]$ sinteractive ...") is a session, sacct's AllocTRES
	 * gives the nodes where no NNodes column does, "Same job again" points at a seff report, "For
	 * multiple nodes:" labels "the multi node line"; 10 of 56 passed on babddcd6 */
	{"phrasings-families-46.jsonl", 56},
	/* other systems' launch configs and Python launchers moved to a cluster (s24spec): a Hydra submitit
	 * launcher block (its nodes, gpus_per_node, timeout_min; its partition is the old system's), Ray
	 * Train's ScalingConfig(num_workers=N, use_gpu=True) as N GPUs (none without use_gpu), a launcher
	 * script's argparse defaults, environment fallbacks and constants filling the command it builds
	 * ("{args.nnodes}", "{nnodes*ppn}") and the variable's name in the words ("the default NNODES. 10
	 * hours") no count's key, an environment variable with no fallback left unknown; two config blocks or
	 * tables under headings with one named ("the big config", "prod.yaml", "plan B"); the Ray script's
	 * file-name heading is not the program; 0 of the 15 with a size passed on c3902bc7's main build, the 2
	 * unknown-size guards passed before and after */
	{"phrasings-families-47.jsonl", 17},
	/* session 25, from the families of b203's and the blind sets b204/b205's misses: a queue of the target
	 * introduced as the choice ("but premium this time", "switch to gpuA40x4 for this run", "Premium
	 * please.", "overrun instead of regular", "keep it regular" after another judged too expensive); a
	 * cloud machine as a node ("2 VMs", "8x H100 per VM", "two Delta blades", "2 instances ... per
	 * instance") and a label naming the cloud it ran on ("AWS: ..."), "the same world size" as the number
	 * of GPUs; a job written for an alias ("a script for PM that ..."); "16 GPUs: <command>, 10h" (the
	 * duration is no count); a two-word name before a command ("Delta AI:") is the target, not Delta; "we
	 * tried DeepSpeed on Delta but ..." takes back DeepSpeed, not Delta; "Here is what I run by hand on one
	 * node:" is the present practice, not the ask; "Is it possible to use the shared QOS with 4 GPUs on one
	 * node?" asks for the job (6 of the 15 in this group passed on da530055); a retired machine beside the
	 * live one ("Stampede2 has been decommissioned, so Stampede3", "Used to submit to Lonestar5; it's
	 * lonestar6 now"); a walltime asked as the queue's limit ("as long as the queue allows", "the longest
	 * that queue lets me", "the max walltime prod allows at that size": the size class's limit), not a
	 * limit described ("the debug max is 30 min") (1 of these 11 passed on da530055); GPUs said to be busy
	 * ("Delta is backed up on the A100s") pick no node type, and "same job as this one" over the target's
	 * own script keeps its nodes; "inside the 2-hour limit: 1h45" is 1h45; Intel's "stacks" are tiles (2 of
	 * these 8 passed on da530055); "two full nodes" over a pasted script that used part of a node: the
	 * node type's GPUs (neither passed on da530055); "the old cluster (8 GPUs per node)" is where it ran
	 * before, and a cloud job's instance_count its machines (1 of 4 passed before) */
	{"phrasings-families-48.jsonl", 53},
	/* GPU memory named exactly (s25know, issue 14): a size glued to the model ("A100-40GB"), a determiner
	 * picking the group ("the 40GB A100s", "the 80 GB ones" after the GPUs are named, "2 of the 32GB nodes")
	 * or "exactly"/"only" is that size and no other ("-exact": an error where the cluster has none of it);
	 * plain "80GB GPUs", "A100 64GB", "A100-32GB or larger" and a need stay minimums */
	{"phrasings-families-49.jsonl", 38},
	/* tables and lists of runs with one row picked (s25tables): markdown tables without the |---| rule,
	 * aligned plain-text columns under a header line, CSV with several rows, value rows under a line that
	 * names their columns ("columns are nodes, gpus per node, hours:"), two tables under "Table N"
	 * headings, YAML lists and maps of runs; the row picked by its place ("the second row", "the bottom
	 * row", "row 3", "the second job"), its size ("the 4-node one", "the 8-GPU row"), its name ("the row
	 * named big", "go with large") or a cell only it has ("the GPU-shared line", "the aurora one"); with no
	 * row picked the counts are asked back, never a row's or what all rows share. The first 24 were
	 * written before the fix: 20 failed on 19ea69e0's build (the 4 with no row picked passed); the last 6
	 * after it, all 6 failing on 19ea69e0 (a YAML list of jobs with none picked read its first job), and 2
	 * more of a row by its place ("row #2", "the second option"), both failing on 19ea69e0; with no row
	 * picked, a size every row shares is read (failed on 19ea69e0), GPUs per node shared beside node
	 * counts that differ are not (passed); lines of key=value runs ("run2: nodes=8 hours=6"), bars
	 * without the outer ones ("nodes | hours"), "the bottom one" (5, all failing on 19ea69e0) */
	{"phrasings-families-50.jsonl", 39},
	/* Session 26's reader work, from the blind sets b206-b208: the cluster a count of its nodes or GPUs
	 * belongs to ("4 nodes of pm", "one b2 node"; 5 of 6 failing on 628fafd2); a queue taken back with
	 * no other named ("don't put it in gpu-a100-dev", "never gh-dev", "stay out of prod", "no need for the
	 * pvc queue", "not debug, not prod -- preemptable"; 6 of 9 failing on 628fafd2); the parts of each GPU
	 * ("both tiles of each", "the 2 GCDs of every card") are not a count (3 of 4 failing on 628fafd2); a
	 * queue by its role ("the preemptible A40 partition", "the queue meant for long runs", "whichever queue
	 * takes 8 nodes"; 6 of 7 failing on 628fafd2); a count taken back and replaced ("not 4 nodes, 2"), the
	 * cluster by its GPUs' maker ("the ALCF system with the Intel GPUs"), a batch's arithmetic ("bs 64 x 8
	 * GPUs = 512"; 9 of 12 failing on 628fafd2); threads whose speakers are handles ("maria.g:", "@sk-lee
	 * commented:", "lena 9:05am:") where the asker's last message decides, a GPU model said before a later
	 * choice of queue whose nodes lack it, a queue glued to its cue ("debug-qos"; 7 of 7 failing on 628fafd2);
	 * a Makefile's variable lines beside "make train NODES=2" (1 of 3 failing on 628fafd2: "GPUS ?= 4" read as
	 * a form's 4 GPUs in all); an account in backticks ("`rm -rf ~`" an error, was account "rm"; "`id`" left
	 * out with a warning, was dropped without a word; "`AI_Sci2`" a name set as code; 2 of 4 failing on
	 * 628fafd2); what the big run would spend, said before a trial ("before burning 48 h, give me a 30 min
	 * smoke test"), and tables whose columns are tiles, GCDs or "hrs" (3 of 7 failing on 628fafd2); "haven't
	 * worked out the node count" for the target (s26fail's suggestion; failing on 628fafd2); "two more
	 * nodes" over a pasted PBS script whose mpiexec gave the total, "all 8 GPUs" over a pasted --gpus
	 * total, "same project" over another system's pasted directive (3 of 4 failing on 628fafd2) */
	{"phrasings-families-51.jsonl", 73},
	/* Session 26's request reader of failures and terminal output (s26fail), neighbours of the blind set
	 * b208: after a failure (an error excerpt and the earlier header pasted, then the change), a limit of
	 * the system stated as the reason ("debug tops out at one hour", "batch maxes out at two hours"), a
	 * purpose clause that restates the size ("so the model gets sharded across all 8 GPUs") or names the
	 * queue waited in ("so it gets through the queue fast"), "it never starts on Delta", the size of the
	 * run that failed ("aurora one-node smoke test blew up"); terminal output: the machine a pasted output
	 * came from ("that's a polaris compute node"), "what sacct shows", a balance tool's table with one
	 * account picked ("the gpu allocation", mybalance, accounts, sshare), an unknown machine named to say
	 * what was pasted ("this is Sherlock"); 2 guards of what must stay read. The first 26 were written
	 * before the fix: 14 failed on 624e1ecf's build and data; of the 9 written after it, 7 failed on
	 * 624e1ecf (Delta's accounts table, sshare's one account, "the debug queue only allows an hour",
	 * "what qstat -f shows", "as squeue shows", "that's an aurora compute node", "ran out of memory on 2
	 * nodes"), "the debug queue ..." and "what qstat -f shows" on b4ceb6dc too, "that's an aurora ..." on
	 * 4153f77c */
	{"phrasings-families-53.jsonl", 35},
	/* Session 26's diffs and edits of a pasted job script (b208-021..040): unified diffs with and without
	 * their headers, bare "-old"/"+new" pairs (also "- #PBS" with a blank), git show / git log -p with a
	 * commit's message and date, diff's normal output, word diffs, sed edits before or after the pasted
	 * file, a hunk the words reject, a queue on the new side that does not take the new size, sizes removed
	 * on the new side, one-line before/after versions, "all GPUs on each node" over a pasted task count, and
	 * two bullet lists that are no diff; then sed edits with no file pasted (the option the replacement
	 * states), a diff in a ```diff fence, "keep <old value>", "only the time hunk", a format-patch and a
	 * commit whose messages say "scale up". 40 cases, 34 failing on 624e1ecf (the two lists, a diff with
	 * full headers, a git log -p and two sed edits with the edited file shown after them passed) */
	{"phrasings-families-52.jsonl", 40},
	/* found under AddressSanitizer (s26asan): a queue cue and its name as pieces of one word ("fast
	 * queues=debug", "cola=debug" in Spanish), which share their offsets, made prose_queue.c's check for
	 * an aside between them read memory past the text (a negative length to memchr): 3 crashed the
	 * sanitizer build before the fix; 4 neighbours of the key=value family ("queue=debug", "part=debug")
	 * passed before it and must stay read */
	{"phrasings-sanitizer.jsonl", 7},
	/* s27 (issue 18): values exactly as written or refused - JSON strings with escapes (\t, \n, \", \\,
	 * \uXXXX, a surrogate pair) in arguments, script paths and names, a path with a first '-', quoted account
	 * and queue values with blanks or a first '-' (an error, never cut or dropped), quoted .py arguments
	 * after the script; 16 failed on 264b7806, 12 neighbours (plain names, quoted paths, '') passed */
	{"phrasings-s27-strings.jsonl", 28},
	/* Session 27's lead (b209/b210/b211 misses, as families): a reply's bare number or "N instead of M"
	 * changing the quoted message's one count, "bigger than you suggested: N", more than one node asked
	 * with no number over a described node, a reply leaving the count open, a pasted queue that does not
	 * reach the GPUs asked, a queue named in two pieces ("the shared GPU partition"), "the 8-way A100
	 * partition", cards then devices in an aside ("6 GPUs per node (12 tiles)"), "3 of these per node",
	 * nvidia-smi -L lines, bare corrections of GPU counts, "two and half hours", prose under a module
	 * listing, a quoted earlier run with "same", "same account and size", "Script: x.py, 12h", "er, 1
	 * node", "the Intel Max GPUs", a reply moving the quoted job with "the same number of GPUs", "1 node,
	 * 8-way A100", "an octa-A100 node", "started with DeepSpeed but went back to DDP", an ellipsis after
	 * the command, "the long-running partition", "Should we use Polaris or Delta?"; with guards that must
	 * not change. 105 cases, 63 failing on 264b7806 (with its own data/); the last 15 were written after
	 * the end measure on b212, from its misses */
	{"phrasings-families-56.jsonl", 105},
	/* Session 27's sizes of a job from another system kept on the target (s27sizes): cloud instances and
	 * vendor boxes by name (p4d/p5/a2/a3/ND96/DGX, data/lexicon/machines.yaml), machines counted with their
	 * GPUs each, "world size N", "same number of processes/ranks/slots", a Determined config's slots, LSF
	 * jsrun resource sets, Grid Engine's "-l gpu=N" with "N nodes like it", Kubeflow replicas with elided
	 * lines and "pod = node", multi-line submitit calls with "same world size"; totals that do not divide
	 * (errors) and near-misses that keep their own size ("same number of GPUs: 8", "our on-prem world size
	 * was 64 but that's too big"). 55 cases, 41 failing on 264b7806 */
	{"phrasings-families-55.jsonl", 55},
	/* s27lists: one item picked from several listed (YAML block/flow lists, JSON arrays, objects and lines,
	 * bullets, CSV rows, README commands, pipeline stages, Snakefile rules, loops over seeds, jobs.txt lines)
	 * by name, place, size, property or value, plus near-misses (no pick, "neither of these", notes, all
	 * seeds); 55 written before the fix, 36 failing on 264b7806; 11 written after it (an indented YAML list,
	 * a JSON array by size, a loop over model names, a quoted CSV row name, a qsub chain by its .pbs file,
	 * a bullet list of one job's fields, "redo the second one but with 4 hours", an option and a heading whose
	 * words name the strategy, bullets labelled by cluster), 7 failing on 264b7806 */
	{"phrasings-families-54.jsonl", 66},
	/* found under AddressSanitizer + UndefinedBehaviorSanitizer (s27asan): a text ending in "a handful of"
	 * with exactly 64 tokens (the token array's size) made prose_job.c's plural-nodes rule read the token
	 * past the array (heap-buffer-overflow: the first case; its 63- and 65-token neighbours passed and must
	 * stay read); a count too large for an int ("4 instead of 1e300" in a reply, "either 1e300 nodes or 4
	 * nodes", "a 99999999999-node run") was cast to int in count_forms.c's bare replacements and
	 * prose_job.c's count choice (undefined; reported with -fsanitize=float-cast-overflow, which GCC's
	 * -fsanitize=undefined leaves out); a text ending in a count restated in devices ("so give me 6 GPUs
	 * (12 tiles") with exactly 64 tokens made counts.c's per_node_after read the token past the array (the
	 * seventh case; its two neighbours passed) */
	{"phrasings-sanitizer-27.jsonl", 9},
	/* session 28, the families of b212's last misses, each with neighbours written before the fix: words
	 * between a count and the machine it counts ("2 GCP a2-highgpu-8g VMs", "4 of the big p4de boxes"; not
	 * "2 days on p4d instances"), machines with an aside of their GPUs ("2 DGX servers in the lab (8 GPUs
	 * each) but they are busy"), the node's own GPU count over a refused one ("all the GPUs it really has",
	 * "as many GPUs as the node has"), a labelled record of an earlier run as the source of "the same total
	 * GPUs" ("Job summary from the old run on Delta:", "Old run (Polaris): nodes=2, ..."), and a table's row
	 * picked by another name of its cluster ("the LS6 line", "the pm row"); then b213's (blind, this session)
	 * first families: words between a count and the nodes it counts ("3 of the big 8-GPU boxes", "two spare
	 * DGX-class Bridges-2 V100 nodes"; not "a bigger machine"), the GPUs left when some are broken ("one of
	 * the four GPUs on that node is broken, use the rest") and a count per node without its unit in a
	 * sentence about GPUs ("so use only 3 per node"; not "batch 8 per node"); records of a run printed in
	 * columns or with keys only a run prints (Open OnDemand's "Job Details", jobstats, a W&B overview: "State",
	 * "Run Time", "Time Used") as the source of "the same GPU count", and a window of time already past ("(last
	 * 6h)", "over the past 2 hours") that is no walltime (but "it should last 6 hours" is); two systems
	 * offered and one picked by what it has ("Polaris or Aurora, whichever has the Intel GPUs", "whichever of
	 * LS6 and Stampede3 has 4 GPUs per node"), asked back where maple cannot settle it ("whichever is less
	 * busy", "whichever has A100s" of two that both have them); a budget the text says to spend ("96 GPU-hours
	 * left ... 2 full nodes and spend all of it", "72 SUs left at 3 SU per node-hour - 2 nodes for as long as
	 * that covers", "as many nodes as the budget covers for 10h"), never spent unasked or at a rate not said,
	 * and no longer than a queue allows; GPUs of all ranks ("32 ranks with 2 GPUs per rank"), GPUs written
	 * with their memory in one word ("8x80GB"); fields written as markdown headings with the value under
	 * them, as GitHub's issue forms write them ("### Nodes\n2", "_No response_" left empty); GPUs of each
	 * node left to something else ("on every node one GPU stays free for the reward-model server, so the
	 * trainer gets the other three", "keep one GPU per node free for the eval server"); "a pair of 4-way A100
	 * servers", "a trio of Frontier nodes"; a Python dict assigned at a line's start ("JOB = {...}"); a queue
	 * judged in a condition ("Fallback if the regular queue is more than 2 days deep") neither chosen nor
	 * ruled out; a scheduler record's GPUs from qstat -f's "Resource_List.select = 4:ngpus=4" and scontrol's
	 * "TRES=...,gres/gpu=8" as "the same number of GPUs"; nodes added to or taken off the count just said
	 * ("all 4 nodes I'm allowed, minus one that I keep for the eval job", "make that one fewer", "4 nodes plus
	 * 2"); the choice by a property said in other words ("the one of Polaris and Aurora that has Intel GPUs",
	 * "(the Intel one)", "- the AMD machine -") or by several ("whichever has H100 nodes with 4 GPUs"); the
	 * machines of the past in other words ("2 servers (each with 8 V100s)", "we had a 2-node cluster with 8
	 * GPUs per node", "we used 2 nodes with 8 GPUs each") as the source of "the same number of GPUs"; and
	 * numbers too large for an int in each of the session's new shapes (no cast of them: read under UBSan);
	 * table rows picked by a column of another word ("approval", "owner"), by two values rows share ("the
	 * perlmutter debug one") and by a word of a cell of several ("the OLCF row" of "OLCF Frontier"); a task
	 * list whose open item the text names ("do the lr-sweep one next": its ticked items are done); after b214's
	 * end measure: a machine named as a measure keeps its aside for the job ("the equivalent of one DGX A100
	 * (8 GPUs)"), "spend them" as a budget's cue, and the period of a rate is no walltime ("2 jobs a week"); a
	 * decimal duration written onto its unit after a terse command ("llama_ft.py 1.5h acct X") ends its
	 * arguments (an option's value and a path holding one stay: "--max-time 1.5h", "run1.5h.json"); a queue
	 * named by its purpose ("the queue (that is) meant for preemptible work", "the partition intended for ...") */
	{"phrasings-families-57.jsonl", 146},
	/* s28lists: one entry picked from structured input, the families set 54 did not sample: by the value of
	 * any column ("the run with lr 3e-4", "where model is convnext", "the lion run"), by place ("row 2",
	 * "config #3", "the penultimate config", "number two"), by negation ("not the smoke test", "skip the
	 * smoke row", "the command without --compile"; of three, the choice stays open), by a property ("the
	 * biggest one under 4 nodes", "the cheapest run", "the biggest one that fits in the debug queue"), by
	 * relation ("the step after preprocessing", "the job between prep and eval"), pipelines in prose,
	 * Makefile/justfile targets, compose/Kubernetes lists, Actions matrices, sweeps (Hydra multirun, GNU
	 * parallel, seq and array loops), job arrays (Slurm, PBS, a shell array indexed by the task id); with
	 * guards. The first 64 were written before the fix: 17 passed on 7da61cc6; the last 20 were written
	 * after it, other wordings of the same families: 13 of the first 19 passed before their fixes (a CSV
	 * column named before its value, "the non-smoke run", "the smaller one" of two, "the stage that follows
	 * tokenize", "+experiment=a,b,c"); then 7 neighbours of b209-008 and b210-029 written before their fix
	 * (1 passed): an item picked by its ZeRO stage ("the ZeRO-3 one", "the stage 2 config", "the zero-3
	 * command" of ds_zero3.json) and README commands under indented "# ..." headings; 2 guards of a value
	 * the writer sets ("the N-nodes command with NNODES=3"), which an earlier build of this branch read as a
	 * pick by that field (b203-009); 6 more wordings probed after the fixes, 3 failing before theirs ("only the
	 * lr=3e-4 run" of a multirun and of a loop, "only the eval, not the training") */
	{"phrasings-families-58.jsonl", 99},
	/* session 29 (lead), neighbours of b214's misses written before each fix, with guards: an argument taken out
	 * in words ("drop --quick", "but without --dry-run this time", "remove the --profile flag", "lose the
	 * `--debug` option", "remove --max_steps 50" with its value; "no need to remove --bf16" and "without --compile
	 * it is slower" take nothing out); a queue named by its purpose after "whatever"/"whichever" ("whatever
	 * queue is meant for preemptible work", "whatever qos is for debug jobs"); a plan called off ("scratch the
	 * 64-node plan", "never mind the 32 GPU plan", "ignore the 10h estimate", "disregard the 12 nodes from my
	 * last mail"; "scratch that, 16 nodes" and "never mind, make it 3 hours" still correct); then b215's
	 * arrival families (16 written before the fixes, 5 passed on c030fa5c): a GPU part number of several
	 * qualifiers ("8x A100-SXM4-80GB", "H100-SXM5-80GB") and its memory picking the node type; one rank to
	 * each device just counted ("48 PVC tiles, one rank each", "8 GPUs, 1 rank each"); a request quoted whole
	 * ("'I need 6 GPUs on lonestar, train.py --amp, 4h'": a comma before "4h" ends the arguments; the closing
	 * quote after "account TG-ASC25001'" ends the account; the words after "train.py," inside it stay prose);
	 * then several jobs in one message (19, 8 passed before): two runs joined by "and" in one clause picked by
	 * a word of one ("a quick 1-node debug (20 min) and a 128-node production run ... Start with the
	 * production one", "6-GPU and 24-GPU configs; write the 24-GPU one") or left open when nothing picks
	 * ("two jobs: a 2-node test and an 8-node run" asks back); of two listed, "the big one", "the small one";
	 * a series of counts ("1, 2, 4 and 8 nodes", "8, 16 or 32 GPUs") is a sweep, no count; a run whose outcome
	 * is reported ("the 2-node variant already passed", "the 16-node job failed") is not the one asked for;
	 * then (16, 3 passed before) a walltime written as a span of clock times ("from Friday 6pm to Monday 9am",
	 * "from 10pm tonight until 6am tomorrow", "between 9am and 5pm", "9am-5pm"; not an outage's or a
	 * meeting's window), a duration ending a sentence after the script ("train.py 3h."), and the scheduler as
	 * the property that picks one of two systems ("whichever uses PBS", "the Slurm one", "only speaks Slurm,
	 * so use that one"); one GPU to each rank whose count says the GPUs ("3 tasks per node ..., each rank gets
	 * one A100", "4 tasks per node with a GPU each"; 6, 2 passed before); another person's words quoted whole
	 * after a label that says so ('User's words: "can I get 4 H100 nodes ... for 2 days?"', 'The PI wrote:
	 * "..."', "Ticket text: '...'") are the older message the writer's lines answer; a run picked by its size
	 * at its sentence's end ("Generate the 2-node one.", "start with the 2 node job first"; 8, 3 passed before);
	 * a target left open beside the system the job leaves ("moving our job off Delta ... to wherever we get time
	 * next - 8 nodes", "leaving Delta for whatever machine has free GPUs, 4 nodes": the sizes after it are the
	 * job's; 6, 3 passed before); b217's arrival families (8, 1 passed before): an environment's path with a
	 * variable in a form's field ("venv: $SCRATCH/python-envs/torch-2.4-cu124"), "replying to @ana: \"...\"" as
	 * quoted speech, approximate counts ("4ish nodes", "3-ish nodes", "4ish hours"); the size of a run said
	 * before ("Last time I ran 4 nodes", "we tried 8 nodes") as the base of "twice the nodes", "half that" (4, 1
	 * passed before); "like the LS6 job ... but on Stampede3": "like" a likeness, no wish (3, 1 passed before);
	 * a bound left open ("up to 16 GPUs, whatever is free", "up to 8 nodes depending on the queue": asked
	 * back) and a queue's limit after "up to" ("capacity is fine up to 4 nodes and 168h") no walltime (5, 1);
	 * host memory or CPU cores per node beyond the node type's ("--mem=512G" on Delta's 256 GB A100 nodes,
	 * "200 GB of host RAM" each on Vista, "(so 128 cores)" on a 40-core node): an error naming the node's
	 * (new host_resources.c; GPU memory, "--mem=0" and a job's cores over its nodes stay fine; 9, 4 before);
	 * a change whose base is said right after it ("half the GPUs of our previous Frontier run (which was 16
	 * nodes, 8 GCDs each)", "3x the nodes (yesterday was 2)", "half the walltime of the 8h run", "double
	 * yesterday's 3h"), even in a clause about the earlier run; "half the GPUs of each node" stays a part of
	 * each node (6, 1 passed before); long messages' times gone by ("for about three weeks now", "I spent two
	 * days", "40 hours for 10 epochs", "replies once a week") and how the program runs today ("it runs on 1 GPU
	 * in an interactive session") are not the job's (7, 2 passed before); "the same number of nodes as my
	 * Perlmutter job (4)": a bare count in brackets after it, in the unit named (3, 0 passed before); what was
	 * tried and worked ("I tried our DeepSpeed ZeRO-3 config ... and it worked") is kept, what was tried and
	 * dropped is not; "--ds_config zero3.json" names DeepSpeed and its stage (6, 2 passed before); b211's: a
	 * command picked by a word of its line ("the variant that uses FSDP", "the command that does not use
	 * DeepSpeed") and a strategy a program's mode flag names ("--mode fsdp", "--parallelism fsdp"; 5, 2); the
	 * nodes used of a pool ("use 4 of our 16 Delta nodes"; not "2 of the 8-GPU H100 nodes"; 4, 1 before); two
	 * systems' names joined by a slash ("whichever of Delta/DeltaAI has H100s", "Perlmutter/Polaris - not sure
	 * which yet"; 3, 1 before); after b216's end measure: a budget spent exactly ("set the walltime to use
	 * exactly that", "whatever spends exactly the budget"; 4, 1 before) and a spaced dash closing a past run's
	 * clause ("4 nodes instead of 2 -- the 2-node run was too slow last time"; 4, 1 before); a form's "Partition:
	 * gpu" line above "Nodes: 3" is a field and its value, not a table's header (3, 1 before); 2 guards: a listed
	 * config picked by what it uses ("the config that uses FSDP") is picked_rules.c's field match already */
	{"phrasings-families-59.jsonl", 173},
	/* session 29 (s29paste): pasted tool output, configs and commands as the size source, neighbours of the
	 * misses b213-050/096, b214-019/023/091 and b215-026 with guards; 41 written before the fixes (20 of them,
	 * as finally worded, pass on 7bd666b8): a submit API's parameters aimed at the target keep their account
	 * and queue (submitit's slurm_account=/slurm_partition=, a Hydra submitit launcher's account:/partition:;
	 * another system's carry nothing); a scheduler's listing of one job as the size of "resubmit it" / "the
	 * same thing" (squeue -u, squeue -o, sacct -X, scontrol show job, qstat -f, flux jobs; two rows that
	 * disagree or "my other job" give none); Flux's launcher typed from another machine ("flux run -N2 -n2
	 * -g1", "--gpus-per-task=1"); a job script from an unnamed machine of the writer's ("from our campus
	 * cluster"): its partition is not the target's; a record of an earlier run (seff) edited by the words, its
	 * "Cluster:" no target when the job goes to "our new allocation"; machines counted as nodes with no cluster
	 * named ("4 of our lab's p4d nodes"). Then 9 other wordings written after the fixes (7 passed on the branch
	 * then, 3 on 7bd666b8): PBS qstat -x's table, a jobstats report (slash keys), slurm_additional_parameters'
	 * account, a submitit line with slurm_qos, a foreign header with its own account, "DGX H100 boxes"; then 4
	 * guards and measures (2 passed before): the target's own partition under "our lab cluster has no A40s",
	 * "resubmit it" over sinfo's idle nodes, "the equivalent of 2 p4d nodes" / "two DGX A100 boxes" as GPUs;
	 * and 3 guards that passed before and must keep passing: "our cluster (Delta)" and "our university cluster,
	 * Anvil" name the target, "we flux run everything at home" is no command */
	{"phrasings-families-60.jsonl", 57},
};

static void all_sets(void **state)
{
	(void)state;
	int failed_sets = 0;
	for (size_t i = 0; i < sizeof(sets) / sizeof(*sets); i++) {
		int bad;
		int n = run_file(sets[i].file, &bad);
		if (n < sets[i].min || bad) {
			fprintf(stderr, "%s: %d phrasings (at least %d expected), %d misread\n", sets[i].file, n, sets[i].min,
				bad);
			failed_sets++;
		}
	}
	assert_int_equal(failed_sets, 0);
}

/* The same phrasings inside the words people write around a request (a greeting and thanks, a line of
 * introduction): each must read as it reads alone. Every set but one: in set 27, the port of a srun line
 * said of Frontier reads differently with a paragraph after it (left for a later session). */
static void framed_sets(void **state)
{
	(void)state;
	static const char *const frames[] = {"Hi team,\n\n%s\n\nThanks!", "%s\n\nThanks in advance!",
					     "I need a job script.\n%s", NULL};
	int failed = 0;
	for (size_t f = 0; frames[f]; f++)
		for (size_t i = 0; i < sizeof(sets) / sizeof(*sets); i++) {
			if (!strcmp(sets[i].file, "phrasings-families-27.jsonl"))
				continue;
			int bad;
			run_file_framed(sets[i].file, frames[f], &bad);
			if (bad) {
				fprintf(stderr, "%s framed as \"%s\": %d misread\n", sets[i].file, frames[f], bad);
				failed++;
			}
		}
	assert_int_equal(failed, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {cmocka_unit_test(all_sets), cmocka_unit_test(framed_sets)};
	return cmocka_run_group_tests(tests, setup, teardown);
}
