/* count_statements.c - how a count the request states is recorded: its rank (a form's field over a
 * launcher's option over prose over a limit or another system's pasted header), its correction level,
 * the first statement standing unless a later one outranks or corrects it, and what is rejected with
 * the reason. The readers of counts are in counts.c and commands.c. */
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <math.h>
#include <string.h>

void rd_reject_span(struct ctx *c, enum req_field f, size_t a, size_t b, enum rank rk, const char *why)
{
	if (rk == RK_PROSE && a < c->n) {
		size_t e = b < c->n ? b : c->n - 1;
		request_reject(c->req, f, c->text + c->t[a].start, c->t[e].end - c->t[a].start, why);
	} else if (rk != RK_PROSE && b > a && b <= c->len) {
		request_reject(c->req, f, c->text + a, b - a, why);
	}
}

/* One count statement. The first one stands unless a later one outranks it (a form over a launcher
 * option over prose) or corrects it ("2 nodes -- sorry, I meant 3"); anything else that disagrees is
 * reported as a warning, never silently taken. */
static void state(struct ctx *c, int *val, enum rank *have, int *have_corr, enum req_field f, const char *what,
		  int v, size_t a, size_t b, enum rank rk, int corr)
{
	bool set = *have != RK_NONE;
	if (set && *val == v) {
		if (rk > *have) {
			*have = rk; /* restated more explicitly: at this statement's own level ("from two 8-GPU boxes"
				     * after the pasted command's --num_machines 2 is a description a later count corrects) */
			*have_corr = corr;
		} else if (rk == *have && corr > *have_corr) {
			*have_corr = corr; /* said again later: as late as its latest statement */
		}
		return;
	}
	if (set && rk == RK_COPIED && *have > RK_COPIED) { /* a limit or another system's header: no conflict */
		rd_reject_span(c, f, a, b, rk, "said of a limit or of another system's pasted header; the request states its own");
		return;
	}
	/* a correction in prose after a launcher's option or a form's field ("torchrun --nnodes 2 ... Actually,
	 * make it 4 nodes", a chat's "ok 4 nodes then") corrects it, as the warning below tells users to do */
	bool corrects = rk == RK_PROSE && *have > RK_COPIED && corr >= 2 && corr > *have_corr;
	/* (and the same when the correction was read first: a launcher's option read after it yields) */
	if (set && rk == RK_COMMAND && *have == RK_PROSE && *have_corr >= 2 && *have_corr > corr) {
		rd_reject_span(c, f, a, b, rk, "corrected in the request's prose");
		return;
	}
	if (set && !(rk > *have || (rk == *have && corr > *have_corr) || corrects)) {
		rd_reject_span(c, f, a, b, rk, "the request already states another value, as or more explicitly");
		request_warn(c->req, "the request names %d and %d %s; using %d (say \"actually %d\" to change it)", *val,
			     v, what, *val, v);
		return;
	}
	if (set)
		request_reject(c->req, f, c->req->from[f] ? c->req->from[f] : "", c->req->from[f] ? strlen(c->req->from[f]) : 0,
			       *have == RK_COPIED ? "said of a limit or of another system's pasted header; the request states its own"
			       : rk > *have	  ? "a more explicit statement (a form's field or a launcher option) says otherwise"
			       : rk < *have	  ? "corrected later in the request's prose"
						  : "corrected later in the request");
	*val = v;
	*have = rk;
	*have_corr = corr;
	if (rk == RK_PROSE)
		rd_set_from_toks(c, f, a, b);
	else
		rd_from_text(c, f, a, b);
}

/* Whether the clause after the count ending at token b reports how a run went ("the 2-node variant already
 * passed on Stampede3", "the 4-node job failed with NCCL errors", "2 nodes worked fine"): a verb of an outcome
 * within five words, before the sentence ends. */
static bool reported_run(const struct ctx *c, size_t b)
{
	static const char *const outcome[] = {"passed", "worked", "succeeded", "completed", "finished", "failed", "crashed",
					      "died", "ooms", "oomed", "hung", NULL};
	for (size_t k = b + 1; k < c->n && k <= b + 5; k++) {
		if (rd_sentence_end_after(c, k - 1) || c->t[k - 1].trail == ';' || rd_is(c, k, "but") || c->t[k].is_num)
			return false;
		if (rd_is_any(c, k, outcome))
			return !rd_is_any(c, k - 1, (const char *const[]){"if", "once", "when", "until", "before", "after", NULL});
	}
	return false;
}

/* Whether the count at [a, b] picks one of the runs spoken of by its size, in an order that ends its sentence:
 * "Generate the 2-node one.", "write the 8-node version please", "start with the 4-node job" (not "run the
 * 2-node job from last week again but with 4 nodes"). */
static bool picked_by_size(const struct ctx *c, size_t a, size_t b)
{
	static const char *const verbs[] = {"generate", "write", "make", "do", "submit", "prepare", "create", "pick", "choose",
					    "take", "want", "need", "use", "with", NULL};
	static const char *const nouns[] = {"one", "version", "variant", "job", "run", "config", "setup", "option", NULL};
	static const char *const ends[] = {"first", "please", "now", "then", "only", NULL};
	if (a < 2 || b + 1 >= c->n || !rd_is(c, a - 1, "the") || !rd_is_any(c, a - 2, verbs) || !rd_is_any(c, b + 1, nouns))
		return false;
	size_t e = b + 1;
	return rd_sentence_end_after(c, e) || c->t[e].trail == ',' || c->t[e].trail == ';' || e + 1 == c->n ||
	       rd_is_any(c, e + 1, ends);
}

/* A statement's correction level, doubled: a count the text gives as what the machine has ("Each
 * Frontier node has 4 MI250X", "the nodes have four GPUs") ranks half a level below what is asked at the
 * same level, so that "... and I'd like 2 nodes with 16 GPUs per node" is what counts (a warning says
 * so), while the description alone still does. */
static int statement_level(const struct ctx *c, size_t a, size_t b, enum rank rk)
{
	if (rk != RK_PROSE)
		return 2 * c->cur_corr;
	if (a >= c->n)
		return 0;
	static const char *const has[] = {"has", "have", "having", "contains", "contain", "features", NULL};
	size_t h = a;
	if (h > 0 && rd_is_any(c, h - 1, (const char *const[]){"only", "just", "exactly", "always", NULL}))
		h--; /* "each GH node has only one H200" */
	/* "there are 3 free nodes (but I want 2)": what the machine offers */
	/* "(from two 8-GPU boxes)", "from our 4 nodes there": where the job ran, not what is asked */
	size_t f = h;
	for (int step = 0; step < 3 && f > 0 &&
			   (c->t[f - 1].is_num || rd_is_any(c, f - 1, (const char *const[]){"our", "the", "my", "those", "these", NULL}));
	     step++)
		f--; /* "from two 8-GPU boxes": the 8's statement starts after "two" */
	if (f > 0 && rd_is(c, f - 1, "from"))
		return 2 * c->t[a].corr - 1;
	bool described = h > 0 && (rd_is_any(c, h - 1, has) ||
				   (h > 1 && (rd_is(c, h - 1, "are") || rd_is(c, h - 1, "is")) && rd_is(c, h - 2, "there")) ||
				   /* "That was 2 H100 nodes on Stampede3", "it was one DeltaAI node": the run before */
				   (h > 1 && (rd_is(c, h - 1, "was") || rd_is(c, h - 1, "were")) &&
				    rd_is_any(c, h - 2, (const char *const[]){"that", "it", "this", "which", NULL})));
	/* "give me a new one with 4 nodes instead" (after "that 16-node job has been pending"): what replaces
	 * another count ranks half a level above it */
	bool instead = false, instead_of = false;
	for (size_t k = b + 1; k < c->n && k <= b + 2 && !instead; k++) {
		instead = rd_is(c, k, "instead");
		/* "4 nodes instead of 2", "4 rather than 6": the old value named, a correction of it (even of a
		 * pasted form's) */
		instead_of = (instead && rd_is(c, k + 1, "of") && k + 2 < c->n && c->t[k + 2].is_num) ||
			     (rd_is(c, k, "rather") && rd_is(c, k + 1, "than") && k + 2 < c->n && c->t[k + 2].is_num);
		instead = instead || instead_of;
		if (c->t[k - 1].trail && c->t[k - 1].trail != ',')
			break;
	}
	if (instead_of && !described)
		return 2 * c->t[a].corr + 2;
	if (!described && picked_by_size(c, a, b))
		return 2 * c->t[a].corr + 2;
	/* "do the equivalent of `torchx ... -j 1x4 ...` but on 3 nodes", "run `make train-delta` but for
	 * only 1 node": a "but" after the typed or pasted command changes what the command states (its
	 * correction level: prose_job.c) */
	/* "From the repo README: ## Training / To train on 8 GPUs run: ```torchrun ...```": a count stated
	 * with a documentation example, up to its command's end, describes the example */
	if (c->cmd_end && c->t[a].start < c->cmd_end && rd_command_from_docs(c))
		described = true;
	/* "The 2-node variant already passed on Stampede3. Now the 8-node variant", "the 4-node run failed":
	 * a run whose outcome the sentence reports is the one before, not the one asked for */
	if (!described && reported_run(c, b))
		described = true;

	if (c->cmd_end && !described)
		for (size_t k = a; k > 0 && a - k < 3; k--)
			if (rd_is(c, k - 1, "but") && c->t[k - 1].start >= c->cmd_end)
				return 2 * c->t[a].corr + 1;
	return 2 * c->t[a].corr - (described ? 1 : 0) + (instead && !described ? 1 : 0);
}

void rd_state_nodes(struct ctx *c, int v, size_t a, size_t b, enum rank rk)
{
	int corr = statement_level(c, a, b, rk);
	state(c, &c->nodes, &c->nodes_rank, &c->nodes_corr, RF_NODES, "nodes", v, a, b, rk, corr);
}

void rd_state_gpn(struct ctx *c, int v, size_t a, size_t b, enum rank rk)
{
	int corr = statement_level(c, a, b, rk);
	state(c, &c->gpn, &c->gpn_rank, &c->gpn_corr, RF_GPUS_PER_NODE, "GPUs per node", v, a, b, rk, corr);
}

void rd_state_total(struct ctx *c, int v, size_t a, size_t b, enum rank rk)
{
	int corr = statement_level(c, a, b, rk);
	state(c, &c->total, &c->total_rank, &c->total_corr, RF_TOTAL_GPUS, "GPUs in total", v, a, b, rk, corr);
}

/* Whether the count at token a is said of a queue's or a policy's limit: "debug only allows 2 nodes",
 * "gh-dev only goes to 8 nodes",
 * "the per-user limit is 12 nodes", "capped at 4 nodes", "at most 8 nodes per job", "prod needs 256+". */
static bool limit_before(const struct ctx *c, size_t a)
{
	static const char *const words[] = {"allows", "allow", "allowed", "limit", "limited", "max", "maximum", "capped",
					    "most", "needs", "requires", "minimum", "min",
					    /* "gh-dev only goes to 8 nodes", "maxes out at 4 nodes", "caps at 2" */
					    "goes", "maxes", "tops", "caps", NULL};
	/* "GPU-shared is at most 4 GPUs on one node": the node the limited GPUs are on is the limit's */
	if (a >= 3 && (rd_is(c, a - 1, "on") || rd_is(c, a - 1, "in")) && !c->t[a - 2].trail &&
	    (is_gpu_unit(rd_norm_at(c, a - 2)) || rd_is(c, a - 2, "gpu")) && c->t[a - 3].is_num && limit_before(c, a - 3))
		return true;
	for (size_t k = a; k > 0 && a - k < 3; k--) {
		if (rd_sentence_end_after(c, k - 1) || c->t[k - 1].trail == ',')
			break;
		if (rd_is(c, k - 1, "to") && k >= 2 && rd_is(c, k - 2, "up") && !c->t[k - 2].trail)
			return true; /* "(up to 4 nodes, 168h)" */
		if (rd_is_any(c, k - 1, words))
			/* "I need 4 nodes" is the request: "needs"/"requires" only of a queue or a thing, not "I/we" */
			return !((rd_is(c, k - 1, "needs") || rd_is(c, k - 1, "requires")) && k >= 2 &&
				 (rd_is(c, k - 2, "job") || rd_is(c, k - 2, "run") || rd_is(c, k - 2, "model") || rd_is(c, k - 2, "it") ||
				  rd_is(c, k - 2, "training") || rd_is(c, k - 2, "this")));
	}
	return false;
}

/* A weak statement (a limit, a pasted header of another system): it counts only where the request states
 * nothing of its own. */
static void state_weak(struct ctx *c, enum req_field f, int v, size_t a, size_t b)
{
	size_t e = b < c->n ? b : c->n - 1;
	if (f == RF_NODES)
		rd_state_nodes(c, v, c->t[a].start, c->t[e].end, RK_COPIED);
	else if (f == RF_TOTAL_GPUS)
		rd_state_total(c, v, c->t[a].start, c->t[e].end, RK_COPIED);
	else
		rd_state_gpn(c, v, c->t[a].start, c->t[e].end, RK_COPIED);
}

/* Whether the count at token num is said of what a tool that lists the GPUs of the one node it runs on
 * shows ("nvidia-smi shows 4 GPUs", "rocm-smi on Frontier shows 8 GCDs", "nvidia-smi: 1x GH200"; the tool
 * earlier in the sentence, no other count between): a node described, not the job asked for. */
bool rd_shown_by_device_tool(const struct ctx *c, size_t num)
{
	for (size_t k = 1; k <= 8 && k <= num; k++) {
		if (rd_sentence_end_after(c, num - k) || (c->t[num - k].is_num && isdigit((unsigned char)c->t[num - k].raw[0])))
			break;
		if (vocab_in(VL_NODE_DEVICE_TOOL, c->t[num - k].norm))
			return true;
	}
	return false;
}

/* Prose statements: nothing said of another cluster (where the job ran before) counts; what is said of a
 * limit or in a header pasted from another system ("debug only allows 2 nodes", "#SBATCH -N 4") is weak;
 * GPUs per node of another system are rejected outright. */
/* "Single GPU:  python train.py" / "Multi-GPU: torchrun ...": a README's label of one way to run the
 * program, the count its own (the line opens with it and a command follows its colon). */
static bool variant_label(const struct ctx *c, size_t a, size_t b)
{
	if (a >= c->n || (a > 0 && !rd_newline_between(c, a - 1, a)))
		return false;
	size_t e = b < c->n ? b : c->n - 1;
	size_t k = e;
	while (k < c->n && k < e + 1 && c->t[k].trail != ':')
		k++;
	if (k >= c->n || k > e + 1 || c->t[k].trail != ':')
		return false;
	/* the word after the colon, in the text (a command is blanked from the tokens) */
	size_t p = c->t[k].end;
	while (p < c->len && (c->text[p] == ' ' || c->text[p] == '\t' || c->text[p] == ':' || c->text[p] == '`'))
		p++;
	char w[32];
	size_t l = 0;
	while (p < c->len && l + 1 < sizeof(w) && !isspace((unsigned char)c->text[p]))
		w[l++] = (char)tolower((unsigned char)c->text[p++]);
	w[l] = '\0';
	return l > 0 && rd_command_start_word(w);
}

/* "It should reach 100k steps in about 30 hours on 32 GPUs", "we expect it to converge in 2 days on 16
 * GPUs": a projection of the training, said of a size it names - what the request asks only where it
 * states nothing else (a weak statement). */
static bool projection(const struct ctx *c, size_t a)
{
	static const char *const modal[] = {"should", "would", "will", "expect", "expected", "expects", "estimate",
					    "estimated", "projected", "predicted", "might", "could", NULL};
	static const char *const finish[] = {"reach", "reaches", "take", "takes", "finish", "finishes", "converge",
					     "converges", "complete", "completes", "done", NULL};
	size_t s = a;
	while (s > 0 && !rd_sentence_end_after(c, s - 1))
		s--;
	bool m = false, f = false;
	for (size_t k = s; k < c->n && k < s + 40; k++) {
		if (k > a && rd_sentence_end_after(c, k - 1))
			break;
		m = m || rd_is_any(c, k, modal);
		f = f || rd_is_any(c, k, finish);
	}
	return m && f;
}

static void say_count(struct ctx *c, enum req_field f, int v, size_t a, size_t b)
{
	if (a < c->n && projection(c, a)) {
		state_weak(c, f, v, a, b);
		return;
	}
	if (variant_label(c, a, b)) {
		rd_reject_span(c, f, a, b, RK_PROSE, "the label of one way to run the program (a README's \"Single GPU:\")");
		return;
	}
	bool weak_copy = a < c->n && c->t[a].copied && rd_foreign_block_at(c, c->t[a].start);
	/* "don't give me 4 nodes, 3 is plenty": taken back */
	if (a < c->n && c->t[a].neg && !(a > 0 && (rd_is(c, a - 1, "than") || rd_is(c, a - 1, "more") || rd_is(c, a - 1, "over")))) {
		/* "Last time I ran 4 nodes ... This time twice the nodes": the earlier run's size, a base */
		if (c->t[a].past_run) {
			int *src = f == RF_NODES ? &c->src_nodes : f == RF_TOTAL_GPUS ? &c->src_total : &c->src_gpn;
			if (!*src && v > 0)
				*src = v;
		}
		rd_reject_span(c, f, a, b, RK_PROSE, "taken back (negated)");
		return;
	}
	/* "we need way more than one node", "more than 4 nodes": a lower bound, no count (not "no more than 4",
	 * "not more than 4", which cap it) */
	if (a >= 2 && a < c->n && rd_is(c, a - 1, "than") && rd_is(c, a - 2, "more") &&
	    !(a >= 3 && rd_is_any(c, a - 3, (const char *const[]){"no", "not", "nothing", NULL}))) {
		rd_reject_span(c, f, a, b, RK_PROSE, "a lower bound ('more than N'), not a count: say how many");
		return;
	}
	/* (and a training program's own configuration: "world_size": 16 of a pasted params.json) */
	bool program = a < c->n && !weak_copy && !c->t[a].source && rd_program_block_at(c, c->t[a].start);
	/* (an interactive session's allocation typed by hand, "salloc -N 1 ...", as a pasted directive) */
	if (a < c->n && !weak_copy && !c->t[a].source &&
	    (program || rd_directive_line_at(c, c->t[a].start) || rd_session_line_at(c, c->t[a].start))) {
		size_t e = b < c->n ? b : c->n - 1;
		enum rank rk = RK_PASTED; /* a directive of a job script pasted with the request: words edit it */
		if (program && f == RF_GPUS_PER_NODE)
			c->program_gpn = true;
		if (c->pasted_weak && !program) { /* the job where it ran before (commands.c) */
			int *src = f == RF_NODES ? &c->src_nodes : f == RF_TOTAL_GPUS ? &c->src_total : &c->src_gpn;
			if (!*src && v > 0)
				*src = v;
			rk = RK_COPIED;
		}
		if (f == RF_NODES)
			rd_state_nodes(c, v, c->t[a].start, c->t[e].end, rk);
		else if (f == RF_TOTAL_GPUS)
			rd_state_total(c, v, c->t[a].start, c->t[e].end, rk);
		else
			rd_state_gpn(c, v, c->t[a].start, c->t[e].end, rk);
		return;
	}
	/* "it runs on 1 GPU in an interactive session", "the script works on 2 nodes": how it runs today, the size
	 * of the run before */
	if (a > 2 && a < c->n && rd_is(c, a - 1, "on") &&
	    rd_is_any(c, a - 2, (const char *const[]){"runs", "works", "running", "working", NULL}) &&
	    rd_is_any(c, a - 3, (const char *const[]){"it", "this", "that", "script", "code", "model", "training", "everything",
						      "now", "currently", NULL})) {
		int *src = f == RF_NODES ? &c->src_nodes : f == RF_TOTAL_GPUS ? &c->src_total : &c->src_gpn;
		if (!*src && v > 0)
			*src = v;
		rd_reject_span(c, f, a, b, RK_PROSE, "said of how the program runs today, not of the job asked for");
		return;
	}
	if (a < c->n && (c->t[a].source || (f == RF_GPUS_PER_NODE && c->t[a].copied))) {
		int *src = f == RF_NODES ? &c->src_nodes : f == RF_TOTAL_GPUS ? &c->src_total : &c->src_gpn;
		if (!*src && v > 0)
			*src = v;
		rd_reject_span(c, f, a, b, RK_PROSE, "said of where the job ran before (another cluster or the user's own machine)");
		return;
	}
	/* what a device tool shows of a node: the shape "all of them", "12 such nodes" refer to, weak beside the
	 * request's own counts ("shows 4 GPUs but I only need 2") */
	if ((f == RF_GPUS_PER_NODE || f == RF_NODES) && a < c->n && rd_shown_by_device_tool(c, a)) {
		if (f == RF_GPUS_PER_NODE && !c->src_gpn && v > 0)
			c->src_gpn = v; /* (and "amd-smi on a Frontier compute node": the node it ran on) */
		state_weak(c, f, v, a, b);
		return;
	}
	/* (GPUs per node too when a queue's limit is described: "GPU-shared is at most 4 GPUs on one node") */
	bool described_limit = f == RF_GPUS_PER_NODE && a >= 3 && rd_is(c, a - 1, "most") && rd_is(c, a - 2, "at") &&
			       rd_is_any(c, a - 3, (const char *const[]){"is", "are", "allows", "takes", "gives", "has", NULL});
	if ((f != RF_GPUS_PER_NODE || described_limit) && a < c->n && (weak_copy || limit_before(c, a))) {
		state_weak(c, f, v, a, b);
		return;
	}
	if (f == RF_NODES)
		rd_state_nodes(c, v, a, b, RK_PROSE);
	else if (f == RF_TOTAL_GPUS)
		rd_state_total(c, v, a, b, RK_PROSE);
	else
		rd_state_gpn(c, v, a, b, RK_PROSE);
}

void rd_say_nodes(struct ctx *c, int v, size_t a, size_t b)
{
	say_count(c, RF_NODES, v, a, b);
}

void rd_say_gpn(struct ctx *c, int v, size_t a, size_t b)
{
	say_count(c, RF_GPUS_PER_NODE, v, a, b);
}

void rd_say_total(struct ctx *c, int v, size_t a, size_t b)
{
	say_count(c, RF_TOTAL_GPUS, v, a, b);
}

int rd_as_count(double v)
{
	if (v != floor(v) || v > 1e6 || v < -1e6)
		return -999999;
	return (int)v;
}
