/* source_machines.c - the size of a job on machines that are not the target's nodes, said so that "the same
 * number of GPUs" can keep it: cloud instances and vendor boxes counted by name ("8x p4d.24xlarge", "two
 * a2-highgpu-8g VMs", "2 DGX H100 boxes"; their GPUs each are data/lexicon's gpu_machines), machines
 * counted with their GPUs ("4 servers with 4 cards each", "one 8-GPU box", beside a "same ..." that keeps
 * the size), the ranks or processes a job ran ("8 ranks on ...", "world size 32"), a Determined config's
 * "slots_per_trial: 16" and an LSF script's "jsrun -n 24 -g 1" (resource sets times their GPUs). Each
 * is recorded as the source's size (ctx's src_* fields, which source_size.c carries to the target) and its
 * words are taken from the count readers, so that "8x" is no count of the target's GPUs. "World size N"
 * said of the job asked for is its GPU total (one rank per GPU). */
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *const machine_words[] = {"server", "servers", "machine", "machines", "box", "boxes", "vm", "vms",
					    "instance", "instances", "workstation", "workstations", "system", "systems",
					    "host", "hosts", NULL};
static const char *const rank_words[] = {"ranks", "processes", "procs", "workers", NULL};

/* The count a token states: a number ("4", "4x", "two"), or 1 for "a", "an", "one", "single"; 0 none. */
static int count_at(const struct ctx *c, size_t i)
{
	if (i >= c->n)
		return 0;
	const struct tok *t = &c->t[i];
	double v = 0;
	if (t->is_num)
		v = t->num;
	else if (rd_is(c, i, "a") || rd_is(c, i, "an") || rd_is(c, i, "single") || rd_is(c, i, "one"))
		v = 1;
	else if (number_word(t->norm))
		v = number_word(t->norm);
	else {
		/* "8x" */
		size_t n = strlen(t->norm);
		if (n >= 2 && n <= 5 && t->norm[n - 1] == 'x' && strspn(t->norm, "0123456789") == n - 1)
			v = atoi(t->norm);
	}
	return v >= 1 && v <= 100000 && (double)(int)v == v ? (int)v : 0;
}

/* The GPUs one machine named at i holds, over one or two tokens ("p4d.24xlarge", "dgx h100"); *end its
 * last token. */
static int machine_at(const struct ctx *c, size_t i, size_t *end)
{
	if (i + 1 < c->n) {
		char two[200];
		size_t la = strlen(c->t[i].norm), lb = strlen(c->t[i + 1].norm);
		if (la + lb + 2 <= sizeof(two)) {
			memcpy(two, c->t[i].norm, la);
			two[la] = ' ';
			memcpy(two + la + 1, c->t[i + 1].norm, lb + 1);
			int g = vocab_machine_gpus(two);
			if (g) {
				*end = i + 1;
				return g;
			}
		}
	}
	*end = i;
	return vocab_machine_gpus(c->t[i].norm);
}

static void take(struct ctx *c, size_t a, size_t b)
{
	for (size_t k = a; k <= b && k < c->n; k++)
		c->t[k].used = c->t[k].source = true;
}

/* Whether token k can stand between a count and the machine it counts: a word ("GCP", "spare", "our",
 * "lab's", "of", "the") with no punctuation after it, not a number or a unit, and not one of data/lexicon's
 * machine_count_stops ("2 days on p4d instances", "3 epochs with a2-highgpu-8g VMs"). */
static bool gap_word(const struct ctx *c, size_t k)
{
	const struct tok *t = &c->t[k];
	if (t->is_num || t->trail || t->cluster || !t->norm[0] || duration_unit(t->norm) || is_node_unit(t->norm) ||
	    is_gpu_unit(t->norm) || vocab_in(VL_MACHINE_COUNT_STOP, t->norm))
		return false;
	for (const char *p = t->norm; *p; p++)
		if (!isalpha((unsigned char)*p) && *p != '-' && *p != '\'')
			return false;
	return true;
}

/* The count before the machine named at i over up to three words between ("2 GCP a2-highgpu-8g VMs", "4 of
 * our lab's DGX H100 boxes"): its value, *a its token; 0 none. */
static int count_over_gap(const struct ctx *c, size_t i, size_t *a)
{
	for (size_t k = i; k > 0 && i - k < 3; k--) {
		if (!gap_word(c, k - 1))
			return 0;
		if (k >= 2 && !c->t[k - 2].trail) {
			int n = count_at(c, k - 2);
			if (n) {
				*a = k - 2;
				return n;
			}
		}
	}
	return 0;
}

/* The last token of a parenthesized aside that starts at token i ("(8x A100 each)", "(V100s)"), or i - 1 when
 * none starts there. */
static size_t aside_end(const struct ctx *c, size_t i)
{
	if (i >= c->n || c->text[c->t[i].start] != '(')
		return i - 1;
	for (size_t k = i; k < c->n && k < i + 10; k++)
		if (memchr(c->text + c->t[k].start, ')', c->t[k].end - c->t[k].start))
			return k;
	return i - 1;
}

/* Whether the text keeps a size from elsewhere: "same"/"keep"/"identical" with a GPU, rank, process,
 * slot, world-size or total word within a few words after it. */
static bool keeps_size(const struct ctx *c)
{
	static const char *const unit[] = {"total", "world", "world-size", "world_size", "processes", "ranks", "slots",
					   "gpu", "procs", "workers", NULL};
	for (size_t i = 0; i < c->n; i++) {
		if (!rd_is(c, i, "same") && !rd_is(c, i, "keep") && !rd_is(c, i, "identical"))
			continue;
		for (size_t k = i + 1; k < c->n && k <= i + 5; k++) {
			if (rd_is_any(c, k, unit) || is_gpu_unit(c->t[k].norm))
				return true;
			if (rd_sentence_end_after(c, k))
				break;
		}
	}
	return false;
}

/* Whether the clause of token i names the target (a cluster token not fenced off as the source). */
static bool clause_names_target(const struct ctx *c, size_t i)
{
	size_t a = i, e = i;
	while (a > 0 && !rd_sentence_end_after(c, a - 1) && !rd_is(c, a - 1, "so") && !rd_is(c, a - 1, "but"))
		a--;
	while (e + 1 < c->n && !rd_sentence_end_after(c, e) && !rd_is(c, e + 1, "so") && !rd_is(c, e + 1, "but"))
		e++;
	for (size_t k = a; k <= e; k++)
		if (c->t[k].cluster && !c->t[k].source)
			return true;
	return false;
}

/* Whether the sentence of token i says the machines are the user's own: "our", "my", "at the lab",
 * "in-house" (data/lexicon's own_cluster_owners). */
static bool owned_clause(const struct ctx *c, size_t i)
{
	size_t a = i, e = i;
	while (a > 0 && !rd_sentence_end_after(c, a - 1))
		a--;
	while (e + 1 < c->n && !rd_sentence_end_after(c, e) && !rd_is(c, e + 1, "so") && !rd_is(c, e + 1, "but"))
		e++;
	for (size_t k = a; k <= e; k++)
		if (vocab_in(VL_OWN_OWNER, c->t[k].norm))
			return true;
	return false;
}

/* Whether the clause of token i, before it, says what was (data/lexicon's source_cues: "we had a 2-node
 * cluster with ...", "we used 4 nodes with ..."): a machine of the past, not the target. */
static bool past_clause(const struct ctx *c, size_t i)
{
	for (size_t k = i; k > 0 && i - k < 6; k--) {
		if (rd_sentence_end_after(c, k - 1) || c->t[k - 1].trail == ';' || c->t[k - 1].cluster)
			return false;
		if (vocab_in(VL_SOURCE, c->t[k - 1].norm))
			return true;
	}
	return false;
}

static void set_source(struct ctx *c, int nodes, int gpn)
{
	if (nodes > 0 && !c->src_nodes)
		c->src_nodes = nodes;
	if (gpn > 0 && !c->src_gpn)
		c->src_gpn = gpn;
	if (nodes > 0 && gpn > 0 && !c->src_total && (long)nodes * gpn <= 1000000)
		c->src_total = nodes * gpn;
}

/* "8x p4d.24xlarge", "two a2-highgpu-8g VMs", "2 x ND96asr_v4", "a single p3.16xlarge", "2 DGX H100 boxes",
 * "a3-highgpu-8g x 2", "2 instances of p4d.24xlarge" */
static void read_named_machines(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		size_t e;
		int gpus = machine_at(c, i, &e);
		if (!gpus)
			continue;
		int n = 0;
		size_t a = i;
		if (i > 0 && rd_is(c, i - 1, "x") && i > 1 && (n = count_at(c, i - 2)))
			a = i - 2;
		else if (i > 0 && (n = count_at(c, i - 1)))
			a = i - 1;
		else if (i > 2 && rd_is(c, i - 1, "of") && rd_is_any(c, i - 2, machine_words) && (n = count_at(c, i - 3)))
			a = i - 3;
		else if (e + 2 < c->n && rd_is(c, e + 1, "x") && (n = count_at(c, e + 2)))
			e = e + 2;
		else
			n = count_over_gap(c, i, &a);
		/* (machines counted as nodes: "4 p4d nodes", "2 DGX H100 boxes") */
		bool as_nodes = e + 1 < c->n && is_node_unit(c->t[e + 1].norm) && !c->t[e].trail;
		size_t node_tok = e + 1;
		/* (its machine word after it: "VMs", "instances", "boxes") */
		if (e + 1 < c->n && rd_is_any(c, e + 1, machine_words) && !c->t[e].trail)
			e++;
		/* (and what an aside after them says of them: "(8x A100 each)", "(V100s)"; not of a measure of the
		 * job's own size, "the equivalent of one DGX H100 (8 GPUs)", whose aside counts the job's GPUs) */
		bool measure = a >= 2 && rd_is(c, a - 1, "of") && (rd_is(c, a - 2, "equivalent") || rd_is(c, a - 2, "worth"));
		if ((!c->t[e].trail || c->t[e].trail == '(') && !measure)
			e = aside_end(c, e + 1);
		/* "a launch for 4 of our lab's p4d nodes", "on 2 DGX H100 nodes": machines counted as nodes, with
		 * no cluster named anywhere and not said of what was, are the job's own nodes (on a machine maple
		 * does not know: the cluster is asked) */
		bool own_nodes = n && as_nodes && !c->cluster && !past_clause(c, a) && !keeps_size(c) && !c->t[a].neg;
		size_t ne = node_tok > e ? node_tok : e; /* the last token of the machines and their node word */
		/* "the equivalent of 2 p4d nodes on Delta", "worth of one DGX H100": a measure of the job's own
		 * GPUs, where no aside after it counts them ("the equivalent of one DGX A100 (8 GPUs)") */
		bool measured = measure && n && !own_nodes && (e + 1 >= c->n || c->text[c->t[e + 1].start] != '(') &&
				(long)n * gpus <= 100000;
		if (own_nodes || measured) {
			/* (a fence of the writer's own machine, "our group's DGX", fences nothing here: with no cluster
			 * named, that machine is where the job goes; a measure is the job's size wherever it goes) */
			size_t me = own_nodes || as_nodes ? ne : e;
			for (size_t k = a; k <= me; k++)
				c->t[k].source = false;
			if (own_nodes)
				rd_say_nodes(c, n, a, me);
			else
				rd_say_total(c, n * gpus, a, me);
			for (size_t k = a; k <= me; k++)
				c->t[k].used = true;
		} else {
			take(c, a, e);
		}
		if (n)
			set_source(c, n, gpus);
		i = e;
	}
}

/* Whether token k names GPUs: a GPU unit ("GPUs", "cards", "A100s") or a GPU model ("A6000s"). */
static bool gpu_word(const struct ctx *c, size_t k)
{
	if (k >= c->n)
		return false;
	if (is_gpu_unit(c->t[k].norm) || rd_is(c, k, "gpu") || vocab_gpu_model(c->t[k].norm))
		return true;
	char w[96];
	str_copy(w, sizeof(w), c->t[k].norm);
	size_t l = strlen(w);
	if (l > 2 && w[l - 1] == 's') /* "A6000s" */
		w[l - 1] = 0;
	return vocab_gpu_model(w) != NULL;
}

/* Machines counted at i, then a few words, then an aside of their GPUs each: "2 DGX servers in the lab (8
 * GPUs each)", "4 workstations (2 GPUs each)", "3 servers (4 A6000s each)". The aside's last token, *gpn the
 * GPUs each; 0 none. */
static size_t machines_with_aside(const struct ctx *c, size_t i, int *gpn)
{
	size_t m = i + 1;
	while (m < c->n && m <= i + 3 && !rd_is_any(c, m, machine_words) && gap_word(c, m))
		m++;
	if (m >= c->n || !rd_is_any(c, m, machine_words))
		return 0;
	size_t p = m + 1;
	while (p < c->n && p <= m + 4 && c->text[c->t[p].start] != '(' && !c->t[p - 1].trail && !c->t[p].is_num)
		p++;
	if (p + 1 >= c->n || c->text[c->t[p].start] != '(' || c->t[p - 1].trail)
		return 0;
	size_t e = aside_end(c, p);
	/* "(each with 8 V100s)", "(with 8 GPUs each)" */
	size_t num = p;
	if (rd_is(c, num, "each") && rd_is(c, num + 1, "with"))
		num += 2;
	else if (rd_is(c, num, "with"))
		num += 1;
	bool each_first = num == p + 2;
	if (e < num || e > num + 5 || !c->t[num].is_num || c->t[num].num < 1 || c->t[num].num > 64)
		return 0;
	bool gpus = false;
	for (size_t k = num + 1; k <= e; k++)
		gpus |= gpu_word(c, k);
	if (!gpus || (!each_first && !rd_is(c, e, "each")))
		return 0;
	*gpn = (int)c->t[num].num;
	return e;
}

/* "4 servers with 4 cards each", "2 machines with 8 GPUs each", "one 8-GPU box", "two 8-GPU servers":
 * machines that are not the target's nodes, where the text keeps a size ("same GPU count") or says they
 * are the user's own ("at the lab"), and the clause names no target cluster. */
static void read_counted_machines(struct ctx *c, bool keep)
{
	for (size_t i = 0; i + 1 < c->n; i++) {
		int n = count_at(c, i), gpn = 0;
		if (!n)
			continue;
		size_t e = 0;
		/* "4 servers with 4 cards each" / "4 servers with 4 GPUs per server"; nodes too where the machines
		 * are the user's own and a size is kept ("our in-house cluster: 2 nodes with 8 GPUs each. Same
		 * number of GPUs on Polaris") */
		bool own_nodes = is_node_unit(c->t[i + 1].norm) && !rd_is_any(c, i + 1, machine_words) && keep &&
				 (owned_clause(c, i) || past_clause(c, i));
		/* ("a 2-node cluster with 8 GPUs per node": the nodes of a system named after them) */
		size_t wi = i + 2;
		if (own_nodes && rd_is_any(c, wi, (const char *const[]){"cluster", "system", "setup", "machine", NULL}))
			wi++;
		if ((rd_is_any(c, i + 1, machine_words) || own_nodes) && rd_is(c, wi, "with") && wi + 2 < c->n) {
			size_t g = wi + 1, u = wi + 2;
			/* (a model between: "with 2 RTX 3090s each", "with 8 A100s each") */
			while (u < c->n && u <= wi + 4 && !is_gpu_unit(c->t[u].norm) && !rd_is(c, u, "gpu") &&
			       !rd_is(c, u + 1, "each") && !c->t[u].trail)
				u++;
			if (u < c->n && (is_gpu_unit(c->t[u].norm) || rd_is(c, u, "gpu") || rd_is(c, u + 1, "each")) &&
			    (gpn = count_at(c, g)) && c->t[g].is_num) {
				e = u;
				if (rd_is(c, e + 1, "each") ||
				    (rd_is(c, e + 1, "per") && (rd_is_any(c, e + 2, machine_words) || is_node_unit(rd_norm_at(c, e + 2)))))
					e += rd_is(c, e + 1, "each") ? 1 : 2;
				else
					e = 0;
			}
		}
		/* "2 DGX servers in the lab (8 GPUs each)", "our 4 workstations (2 GPUs each)", "3 servers (4 A6000s
		 * each)": machines whose GPUs an aside after them says */
		if (!e)
			e = machines_with_aside(c, i, &gpn);
		/* "one 8-GPU box", "two 8-GPU servers" (tokens "8", "gpu", "box") */
		if (!e && i + 3 < c->n && c->t[i + 1].is_num && (rd_is(c, i + 2, "gpu") || is_gpu_unit(c->t[i + 2].norm)) &&
		    rd_is_any(c, i + 3, machine_words)) {
			gpn = (int)c->t[i + 1].num;
			e = i + 3;
		}
		if (!e || gpn <= 0 || gpn > 64 || clause_names_target(c, i) || (!keep && !owned_clause(c, i)))
			continue;
		take(c, i, e);
		set_source(c, n, gpn);
		i = e;
	}
}

/* "8 ranks on ...", "16 processes" said with machines of the source; "world size 32" / "world size of 24" /
 * "world_size=8": the GPUs in all (one rank each) - the source's where the words are fenced off as said of
 * it, else the job's own. */
static void read_ranks(struct ctx *c, bool keep)
{
	for (size_t i = 0; i + 1 < c->n; i++) {
		if (c->t[i].used)
			continue;
		size_t v = 0, a = i;
		bool past = false;
		if ((rd_is(c, i, "world") && rd_is(c, i + 1, "size")) || rd_is(c, i, "world_size") || rd_is(c, i, "world-size")) {
			/* (not a program's option, "--world_size 16", nor a pasted config's key) */
			if (c->text[c->t[i].start] == '-' || (c->t[i].start > 0 && c->text[c->t[i].start - 1] == '-'))
				continue;
			/* (not "the same world size. 2 hours": a size kept, and the number after its sentence) */
			if (i > 0 && (rd_is(c, i - 1, "same") || rd_is(c, i - 1, "identical")))
				continue;
			v = rd_is(c, i, "world") ? i + 2 : i + 1;
			if (rd_sentence_end_after(c, v - 1) || c->t[v - 1].trail == ',')
				continue;
			/* ("our world size was 64": the source's) */
			past = rd_is(c, v, "was") || rd_is(c, v, "were");
			if (rd_is(c, v, "of") || rd_is(c, v, "is") || past || rd_is(c, v, "="))
				v++;
			if (v >= c->n || !c->t[v].is_num || (v + 1 < c->n && duration_unit(c->t[v + 1].norm)))
				continue;
		} else if (keep && c->t[i].is_num && rd_is_any(c, i + 1, rank_words) && !rd_is(c, i + 2, "per") &&
			   !rd_is(c, i + 2, "each") && !clause_names_target(c, i)) {
			v = i;
		} else {
			continue;
		}
		double x = c->t[v].num;
		if (x < 1 || x > 100000 || (double)(int)x != x)
			continue;
		size_t b = v > i ? v : i + 1;
		if ((v == i && !c->t[i].source) || past) { /* "8 ranks" of the source: never the target's count */
			take(c, a, b);
			if (!c->src_total)
				c->src_total = (int)x;
			i = b;
			continue;
		}
		rd_say_total(c, (int)x, a, b);
		for (size_t k = a; k <= b; k++)
			c->t[k].used = true;
		i = b;
	}
}

/* "(one GPU per slot)", "1 GCD per rank": the GPUs of a slot or rank, not of a node; "one pod = one node",
 * "pod = node", "a pod per node": how a pod maps, no count of nodes */
static void take_per_rank(struct ctx *c)
{
	static const char *const per_what[] = {"slot", "rank", "process", "task", "worker", "proc", NULL};
	static const char *const link[] = {"=", "per", "is", "equals", "one", "a", "1", "each", "->", NULL};
	for (size_t i = 0; i + 1 < c->n; i++) {
		if (i + 3 < c->n && count_at(c, i) == 1 && (is_gpu_unit(c->t[i + 1].norm) || rd_is(c, i + 1, "gpu")) &&
		    rd_is(c, i + 2, "per") && rd_is_any(c, i + 3, per_what))
			for (size_t k = i; k <= i + 3; k++)
				c->t[k].used = true;
		if (!rd_is(c, i, "pod") && !rd_is(c, i, "pods"))
			continue;
		size_t k = i + 1;
		while (k < c->n && k <= i + 3 && rd_is_any(c, k, link))
			k++;
		if (k >= c->n || k == i + 1 || !is_node_unit(c->t[k].norm))
			continue;
		size_t a = i > 0 && count_at(c, i - 1) == 1 ? i - 1 : i;
		for (size_t q = a; q <= k; q++)
			c->t[q].used = true;
	}
}

/* The integer after "key" and blanks or a colon or '=' in the raw text at p, or -1. */
static long value_after(const char *s, size_t n, const char *key)
{
	size_t kl = strlen(key);
	if (n < kl || strncmp(s, key, kl))
		return -1;
	size_t k = kl;
	while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == ':' || s[k] == '='))
		k++;
	if (k == kl || k >= n || !isdigit((unsigned char)s[k]))
		return -1;
	return strtol(s + k, NULL, 10);
}

/* A Determined config's "slots_per_trial: 16" (one GPU a slot); an LSF script's "jsrun -n 24 -a 1 -g 1"
 * (resource sets, each with its GPUs). */
static void read_raw_sizes(struct ctx *c)
{
	const char *t = c->text;
	for (size_t p = 0; p < c->len; p++) {
		if (p && isalnum((unsigned char)t[p - 1]))
			continue;
		long v = value_after(t + p, c->len - p, "slots_per_trial");
		if (v > 0 && v <= 100000 && !c->src_total) {
			c->src_total = (int)v;
			continue;
		}
		if (c->len - p < 6 || strncmp(t + p, "jsrun ", 6))
			continue;
		long sets = 0, gpus = 0;
		long *want = NULL; /* the option whose value is the next word */
		size_t q = p + 6;
		while (q < c->len && t[q] != '\n') {
			while (q < c->len && t[q] == ' ')
				q++;
			size_t w = q;
			while (q < c->len && t[q] != ' ' && t[q] != '\n')
				q++;
			if (q == w)
				break;
			if (t[w] != '-') {
				if (!isdigit((unsigned char)t[w]))
					break; /* the program: options end */
				if (want)
					*want = strtol(t + w, NULL, 10);
				want = NULL;
				continue;
			}
			want = NULL;
			size_t ol = q - w;
			const char *o = t + w;
			if ((ol == 2 && !strncmp(o, "-n", 2)) || (ol == 5 && !strncmp(o, "--nrs", 5)))
				want = &sets;
			else if ((ol == 2 && !strncmp(o, "-g", 2)) || (ol == 12 && !strncmp(o, "--gpu_per_rs", 12)))
				want = &gpus;
			else if (ol > 2 && !strncmp(o, "-n", 2) && isdigit((unsigned char)o[2]))
				sets = strtol(o + 2, NULL, 10);
			else if (ol > 2 && !strncmp(o, "-g", 2) && isdigit((unsigned char)o[2]))
				gpus = strtol(o + 2, NULL, 10);
			else if (ol > 6 && !strncmp(o, "--nrs=", 6))
				sets = strtol(o + 6, NULL, 10);
			else if (ol > 13 && !strncmp(o, "--gpu_per_rs=", 13))
				gpus = strtol(o + 13, NULL, 10);
		}
		if (sets > 0 && gpus > 0 && sets * gpus <= 100000)
			c->src_total = (int)(sets * gpus);
	}
}

/* A Grid Engine script's "#$ -l gpu=4" (also gpus=, ngpus=): the GPUs of the one node it runs on. */
static void read_sge_gpus(struct ctx *c)
{
	const char *t = c->text;
	for (size_t p = 0; p + 3 < c->len; p++) {
		if ((p && t[p - 1] != '\n') || strncmp(t + p, "#$ ", 3))
			continue;
		size_t e = p;
		while (e < c->len && t[e] != '\n')
			e++;
		for (size_t q = p + 3; q + 4 < e; q++) {
			if (t[q - 1] != ' ' && t[q - 1] != ',')
				continue;
			long v = value_after(t + q, e - q, "gpu");
			if (v < 0)
				v = value_after(t + q, e - q, "gpus");
			if (v < 0)
				v = value_after(t + q, e - q, "ngpus");
			if (v > 0 && v <= 64 && memchr(t + q, '=', e - q) && !c->src_gpn)
				c->src_gpn = (int)v;
		}
		p = e;
	}
}

/* "Run 3 nodes like it on Delta", "2 nodes like that one", "4 nodes like this": nodes shaped as the one the
 * text described (its GPUs per node, src_gpn); the node said of that one ("That is one node of our SGE
 * cluster", "(one node)") in a sentence that names no target is the source's, not the count asked. */
static void read_nodes_like(struct ctx *c)
{
	for (size_t i = 0; i + 2 < c->n; i++) {
		if (!c->t[i].is_num || !is_node_unit(c->t[i + 1].norm) || !rd_is(c, i + 2, "like"))
			continue;
		size_t e = i + 3;
		if (!rd_is(c, e, "it") && !rd_is(c, e, "this") && !rd_is(c, e, "that") && !rd_is(c, e, "these") &&
		    !rd_is(c, e, "those"))
			continue;
		if (rd_is(c, e + 1, "one") || rd_is(c, e + 1, "node"))
			e++;
		for (size_t k = 0; k + 1 < c->n; k++)
			if ((k + 1 < i || k > e) && count_at(c, k) == 1 && is_node_unit(c->t[k + 1].norm) &&
			    !clause_names_target(c, k) && !c->t[k].used) {
				take(c, k, k + 1);
				if (!c->src_nodes)
					c->src_nodes = 1;
			}
		if (c->src_gpn > 0 && c->src_gpn <= 64) {
			rd_state_gpn(c, c->src_gpn, i + 2, e, RK_PROSE);
			for (size_t k = i + 2; k <= e; k++)
				c->t[k].used = true;
		}
		return;
	}
}

/* "On Vista I want the same number of processes: accelerate launch x.py, 5h": a count kept, whose colon
 * introduces the command, not a number of its own (not "same number of GPUs: 8"); its unit's colon is read as the clause's end (";"), so
 * that no reader of "number of GPUs: N" takes the next number ("5h") as the count. */
static void end_kept_count(struct ctx *c)
{
	for (size_t i = 0; i + 3 < c->n; i++) {
		if (!rd_is(c, i, "same") || c->t[i].neg)
			continue;
		size_t k = i + 1;
		if (rd_is(c, k, "total"))
			k++;
		if (k + 2 < c->n && rd_is(c, k, "number") && rd_is(c, k + 1, "of") &&
		    (is_gpu_unit(c->t[k + 2].norm) || rd_is(c, k + 2, "gpu") || is_node_unit(c->t[k + 2].norm)) &&
		    c->t[k + 2].trail == ':' && !(k + 3 < c->n && c->t[k + 3].is_num && !duration_unit(rd_norm_at(c, k + 4))))
			c->t[k + 2].trail = ';';
	}
}

void rd_read_source_machines(struct ctx *c)
{
	bool keep = keeps_size(c);
	end_kept_count(c);
	read_named_machines(c);
	read_counted_machines(c, keep);
	read_ranks(c, keep);
	take_per_rank(c);
	read_raw_sizes(c);
	read_sge_gpus(c);
	read_nodes_like(c);
}
