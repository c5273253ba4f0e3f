/* prose_site.c - port, job name, model and GPU model as prose states them, and the helpers the account
 * (prose_account.c) and queue (prose_queue.c) readers share: identifier shapes, shell values refused. */
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------------------------------ */
/* helpers of the account, queue, port and job name readers */

bool rd_identifier_like(const char *s)
{
	if (!*s || strlen(s) > 64)
		return false;
	for (const char *p = s; *p; p++)
		if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '.'))
			return false;
	return isalnum((unsigned char)s[0]);
}

/* Whether an odd number of quote characters q opening a quotation (at a word's start) stand before text[a]:
 * the value at a is inside a quotation. */
static bool odd_quotes_before(const struct ctx *c, size_t a, char q)
{
	size_t opened = 0, closed = 0;
	for (size_t i = 0; i < a; i++) {
		if (c->text[i] != q)
			continue;
		bool starts = i == 0 || isspace((unsigned char)c->text[i - 1]) || strchr("(:[", c->text[i - 1]);
		bool ends = i + 1 == c->len || isspace((unsigned char)c->text[i + 1]) || strchr(",.;:)!?", c->text[i + 1]);
		if (starts && !ends)
			opened++;
		else if (ends && !starts)
			closed++;
	}
	return opened > closed;
}

/* Whether the value written at token k is shell text where a name belongs ("account 'm12$(id)'", "job name
 * \"a;b\"", "conda env my$(id)"): from the token's start to the next blank (through a quote it opens), one
 * pair of quotes around it and trailing punctuation aside, it holds ` $ ; | & < > \ or a quote (with vars:
 * $NAME and ${NAME} are a path's, "$SCRATCH/envs/torch"). Then the value is rejected with a warning naming
 * it, and true is returned: never taken, never dropped without a word. */
bool rd_reject_shell_value(struct ctx *c, size_t k, enum req_field f, const char *what, bool vars)
{
	if (k >= c->n)
		return false;
	size_t a = c->t[k].start, e = a;
	char q = 0;
	while (e < c->len && (q || (!isspace((unsigned char)c->text[e]) && (unsigned char)c->text[e] < 0x80))) {
		/* "'... 12 hours, account TG-ASC25001'\nHe didn't say": the quote that closes a quoted request around
		 * the value ends it (an odd number of them before the value opened one) */
		if (!q && e > a && (c->text[e] == '\'' || c->text[e] == '"') &&
		    (e + 1 == c->len || isspace((unsigned char)c->text[e + 1])) && odd_quotes_before(c, a, c->text[e]))
			break;
		if (!q && (c->text[e] == '\'' || c->text[e] == '"') && memchr(c->text + e + 1, c->text[e], c->len - e - 1))
			q = c->text[e];
		else if (q && c->text[e] == q)
			q = 0;
		e++;
	}
	while (e > a && (strchr(",.:;!?", c->text[e - 1]) || (c->text[e - 1] == ')' && !memchr(c->text + a, '(', e - a))))
		e--;
	/* a value in backticks is what they enclose, blanks and all ("account `rm -rf ~`"): a command's
	 * substitution, or a name set as code ("`m1234`") */
	bool backticked = false, spaced = false;
	if (c->text[a] == '`') {
		size_t le = a + 1;
		while (le < c->len && c->text[le] != '\n' && c->text[le] != '`')
			le++;
		if (le < c->len && c->text[le] == '`' && le > a + 1) {
			backticked = true;
			for (size_t i = a + 1; i < le; i++)
				spaced = spaced || isspace((unsigned char)c->text[i]);
			if (le + 1 > e)
				e = le + 1;
		}
	}
	/* quotes and backticks around it are its markup ("`m1234`", the closing quote of a larger quoted
	 * string "'--nodes=2 --account=m5117'"), not part of it */
	size_t ia = a, ie = e;
	while (ia < ie && strchr("'\"`", c->text[ia]))
		ia++;
	while (ie > ia && strchr("'\"`,.:;!?", c->text[ie - 1]))
		ie--;
	bool shell = false;
	for (size_t i = ia; i < ie && !shell; i++) {
		char ch = c->text[i];
		if (ch == '$' && vars && (isalpha((unsigned char)c->text[i + 1]) || c->text[i + 1] == '_' || c->text[i + 1] == '{'))
			continue;
		/* an apostrophe inside a word ("it's", "don't"): prose, when it is the span's only quote */
		if (ch == '\'' && i > ia && i + 1 < ie && isalpha((unsigned char)c->text[i - 1]) &&
		    isalpha((unsigned char)c->text[i + 1]) && !memchr(c->text + ia, '"', ie - ia) &&
		    memchr(c->text + ia, '\'', ie - ia) == c->text + i && !memchr(c->text + i + 1, '\'', ie - i - 1))
			continue;
		shell = strchr("`$;|&<>\\'\"", ch) != NULL;
	}
	/* ("`rm -rf ~`" holds blanks: a command; an account of lower-case letters alone in backticks, "`id`",
	 * "`whoami`", may be a command as well as a name: asked to be written without them) */
	shell = shell || spaced;
	if (!shell && backticked && f == RF_ACCOUNT) {
		bool word = ie > ia;
		for (size_t i = ia; i < ie && word; i++)
			word = islower((unsigned char)c->text[i]);
		shell = word;
	}
	/* a quoted account, queue or job name ("account 'a b'", "job name \"my run\"", "queue '-x'") is the whole
	 * name between its quotes: one a directive carries as it is, or an error naming it (never cut at a
	 * blank, never a part of it taken) */
	size_t wa = a, we = e; /* the words named */
	bool not_one = false;
	if (!shell && (f == RF_ACCOUNT || f == RF_QUEUE || f == RF_JOB_NAME) && (c->text[a] == '\'' || c->text[a] == '"')) {
		const char *close = memchr(c->text + a + 1, c->text[a], e - a - 1);
		if (close && close > c->text + a + 1) {
			char *inside = xstrndup(c->text + a + 1, (size_t)(close - c->text) - a - 1);
			not_one = !rd_directive_name(inside, f == RF_JOB_NAME);
			shell = not_one && strpbrk(inside, "`$;|&<>\\'\"(){}*?!");
			free(inside);
			wa = a + 1, we = (size_t)(close - c->text);
		}
	}
	/* a name longer than rd_identifier_like takes ("account " and 3,000 letters): refused naming it, not
	 * dropped without a word (the job would charge the default account, exit 0) */
	bool too_long = false;
	if (!shell && !not_one && (f == RF_ACCOUNT || f == RF_QUEUE || f == RF_JOB_NAME) && ie - ia > 64) {
		too_long = true;
		for (size_t i = ia; i < ie && too_long; i++)
			too_long = isalnum((unsigned char)c->text[i]) || strchr("_-.", c->text[i]);
		wa = ia, we = ie;
	}
	if ((!shell && !not_one && !too_long) || e == a)
		return false;
	request_reject(c->req, f, c->text + wa, we - wa,
		       too_long ? REQUEST_NAME_TOO_LONG : shell ? REQUEST_NOT_A_NAME : REQUEST_NOT_ONE_NAME);
	request_warn(c->req, "the %s '%.*s' is not a name maple can put in a job script; it was left out", what,
		     (int)(we - wa), c->text + wa);
	for (size_t j = k; j < c->n && c->t[j].start < e; j++)
		c->t[j].used = true;
	return true;
}

bool rd_directive_name(const char *s, bool job_name)
{
	if (!isalnum((unsigned char)s[0]))
		return false;
	for (const char *p = s; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("_-.", *p) || (job_name && strchr(":@+", *p))))
			return false;
	return true;
}

bool rd_has_digit_or_mark(const char *s)
{
	for (const char *p = s; *p; p++)
		if (isdigit((unsigned char)*p) || *p == '_' || *p == '-')
			return true;
	bool upper = true;
	for (const char *p = s; *p; p++)
		if (islower((unsigned char)*p))
			upper = false;
	return upper && strlen(s) >= 3;
}

const char *const rd_value_fillers[] = {"is", "=", ":", "to", "the", "my", "our", "under", "with", "called",
					    "named", "id", "name", "number", "#", "code", "should", "be", "it's",
					    "its", "use", "using", "as", "of", "against", "on", "in", "still", "now",
					    "changed", "changes", "became", "becomes", "switched", "moved", "new",
					    /* "la cuenta es X", "a conta é X", "le compte est X", "das Konto ist X" */
					    "es", "\u00e9", "est", "ist", "la", "el", "a", "le", "das", NULL};

bool rd_numeric(const char *s)
{
	double d;
	return rd_parse_number(s, &d);
}

size_t rd_skip_fillers(const struct ctx *c, size_t k)
{
	/* (a quote opens the value: "account 'a b'" is not the filler "a") */
	for (int hop = 0; hop < 4 && k < c->n && !strchr("`'\"", c->text[c->t[k].start]) && rd_in_list(c->t[k].norm, rd_value_fillers); hop++)
		k++;
	return k;
}

bool rd_is_reserved_word(const struct ctx *c, const char *norm)
{
	return rd_in_list(norm, english_stopwords) || is_node_unit(norm) || is_gpu_unit(norm) ||
	       match_cluster_name(c->repo, norm) != NULL || duration_unit(norm);
}
void rd_read_port(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		if (!(!strcmp(w, "port") || !strcmp(w, "--master_port") || !strcmp(w, "--master-port") ||
		      !strcmp(w, "master_port") || !strcmp(w, "--main_process_port") || !strcmp(w, "--rdzv-port")))
			continue;
		size_t k = rd_skip_fillers(c, i + 1);
		const char *unit = rd_norm_at(c, k + 1);
		if (k < c->n && c->t[k].is_num && !c->t[k].num_word &&
		    !(is_node_unit(unit) || is_gpu_unit(unit) || !strcmp(unit, "gpu") || duration_unit(unit))) {
			/* "port 29400"; not "port: 8 nodes on aurora" (a count after the word) */
			int v = rd_as_count(c->t[k].num);
			c->req->master_port = v == 0 ? -1 : v;
			rd_set_from_toks(c, RF_PORT, i, k);
			return;
		}
	}
}

void rd_read_job_name(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		bool cue = (rd_is(c, i, "job") && (rd_is(c, i + 1, "name") || rd_is(c, i + 1, "named") || rd_is(c, i + 1, "called"))) ||
			   !strcmp(c->t[i].norm, "--job-name") || !strcmp(c->t[i].raw, "-J") ||
			   !strcmp(c->t[i].norm, "--job_name");
		if (!cue)
			continue;
		size_t k = rd_skip_fillers(c, i + (rd_is(c, i, "job") ? 2 : 1));
		if (k < c->n && !c->t[k].used && rd_reject_shell_value(c, k, RF_JOB_NAME, "job name", false))
			return;
		if (k < c->n && rd_identifier_like(c->t[k].raw) && !rd_is_reserved_word(c, c->t[k].norm)) {
			request_set(&c->req->job_name, c->t[k].raw);
			rd_set_from_toks(c, RF_JOB_NAME, i, k);
			c->t[k].used = true;
			return;
		}
	}
}

/* ------------------------------------------------------------------------------------------ */
/* model */

static bool size_word(const char *w)
{
	size_t l = strlen(w);
	if (!l)
		return false;
	static const char *const sz[] = {"base", "large", "small", "tiny", "xl", "xxl", "medium", "huge", "mini",
					 "instruct", "chat", "hf", NULL};
	if (rd_in_list(w, sz))
		return true;
	double d;
	if (rd_parse_number(w, &d))
		return d < 1000;
	char *end;
	strtod(w, &end);
	return end != w && (!strcmp(end, "b") || !strcmp(end, "m") || !strcmp(end, "k"));
}

static void set_model_span(struct ctx *c, size_t a, size_t b)
{
	rd_set_from_toks(c, RF_MODEL, a, b);
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = a; i <= b; i++)
		strbuf_addf(&sb, "%s%s", i > a ? " " : "", c->t[i].raw);
	request_set(&c->req->model, sb.buf);
	strbuf_release(&sb);
}

static bool extend_model(const struct ctx *c, size_t e)
{
	if (e + 1 >= c->n || c->t[e].trail || c->t[e + 1].used || !size_word(c->t[e + 1].norm))
		return false;
	const char *after = rd_norm_at(c, e + 2);
	return !is_node_unit(after) && !is_gpu_unit(after) && strcmp(after, "gpu") && !duration_unit(after);
}

static void model_from_args(struct ctx *c)
{
	struct request *r = c->req;
	/* --model_name_or_path X in the script's own arguments */
	for (size_t i = 0; i + 1 < r->args.nr; i++) {
		const char *a = r->args.v[i].value;
		if (!strcmp(a, "--model_name_or_path") || !strcmp(a, "--model") || !strcmp(a, "--model_name") ||
		    !strcmp(a, "--model-name") || !strcmp(a, "--model_id") || !strcmp(a, "--arch") || !strcmp(a, "--model_type")) {
			request_set(&r->model, r->args.v[i + 1].value);
			request_set_from(r, RF_MODEL, r->args.v[i].raw, strlen(r->args.v[i].raw));
			return;
		}
	}
}

static void read_model_text(struct ctx *c);
void rd_read_model(struct ctx *c)
{
	read_model_text(c);
	if (!c->req->model)
		model_from_args(c);
}

static void read_model_text(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		/* "model X", "model: X", "model is X" */
		if (!strcmp(w, "model") || !strcmp(w, "--model") || !strcmp(w, "--model_name_or_path") ||
		    !strcmp(w, "architecture")) {
			/* "gpt2 model, python a.py, 1 hour": the phrase ends at "model"; nothing after it is its name */
			if (c->t[i].trail && c->t[i].trail != ':')
				continue;
			size_t k = rd_skip_fillers(c, i + 1);
			if (k < c->n && !c->t[k].used && !rd_numeric(c->t[k].norm) &&
			    (model_family(c->t[k].norm) || strchr(c->t[k].raw, '/') ||
							  (rd_identifier_like(c->t[k].raw) && rd_has_digit_or_mark(c->t[k].raw) &&
							   !rd_is_reserved_word(c, c->t[k].norm)))) {
				size_t e = k;
				while (e < k + 2 && extend_model(c, e))
					e++;
				set_model_span(c, k, e);
				return;
			}
		}
	}
	for (size_t i = 0; i < c->n; i++) {
		if (c->t[i].used || !model_family(c->t[i].norm))
			continue;
		size_t e = i;
		while (e < i + 2 && extend_model(c, e))
			e++;
		set_model_span(c, i, e);
		return;
	}
}


/* The GPU memory a word names in GB ("80gb", "80g", "a100-80gb", "v100-32gb"), or 0. */
static int memory_gb_in(const char *w)
{
	const char *p = strrchr(w, '-'); /* the last part: "a100-80gb", "a100-sxm4-80gb" */
	p = p ? p + 1 : w;
	size_t d = strspn(p, "0123456789");
	if (!d || d > 3 || (strcmp(p + d, "gb") && strcmp(p + d, "g") && strcmp(p + d, "gib")))
		return 0;
	int v = atoi(p);
	return v >= 8 && v <= 512 ? v : 0;
}

static bool gpu_word(const struct ctx *c, size_t i)
{
	return i < c->n && rd_is_any(c, i, (const char *const[]){"gpu", "gpus", "gpu's", "gpu-nodes", NULL});
}

/* Whether the memory size at i is what a run used, not what the GPUs have: "peaked at 38 GB per GPU",
 * "it uses 30GB per GPU", "memory usage was 22 GB/GPU", "consumed about 60 GB of GPU memory". A verb or
 * noun of use within four words before it, in the same sentence. */
static bool memory_in_use(const struct ctx *c, size_t i)
{
	static const char *const use[] = {"peaked", "peak", "peaks", "peaking", "used", "uses", "using", "usage",
					  "consumed", "consumes", "consuming", "consumption", "took", "hit", "hits",
					  "reached", "reaches", "maxed", "occupied", "occupies", "allocated", "allocates",
					  "footprint", "utilization", "utilisation", NULL};
	/* "using the 80 GB GPU nodes", "use those 40GB GPUs": a determiner before the size names the hardware */
	if (i > 0 && rd_is_any(c, i - 1, (const char *const[]){"the", "a", "an", "those", "these", "its", "their", NULL}))
		return false;
	for (size_t k = i, n = 0; k > 0 && n < 4; k--, n++) {
		if (c->t[k - 1].trail)
			return false; /* the sentence ends before it */
		if (rd_is_any(c, k - 1, use))
			return true;
	}
	return false;
}

/* Whether a GPU memory size at tokens [a, b] (with the model's name, where it is part of the phrase) names
 * that size exactly rather than a minimum (issue 14): a size glued to the model ("A100-40GB", glued), a
 * determiner picking the group ("the 40GB A100s", "those 80 GB ones", "2 of the 32GB nodes") or "exactly" /
 * "only" beside it; never with a minimum's words ("or more", "or larger", "at least", "minimum"). Plain
 * "80GB GPUs", "A100 80GB" and "GPUs with 80GB of memory" stay minimums. */
static bool size_said_exactly(const struct ctx *c, size_t a, size_t b, bool glued)
{
	static const char *const more[] = {"more", "larger", "bigger", "higher", "greater", "above", "better", NULL};
	if (rd_is(c, b + 1, "or") && !c->t[b].trail && rd_is_any(c, b + 2, more))
		return false; /* "A100-32GB or larger" */
	if (c->t[b].trail == '+')
		return false; /* "80GB+" */
	for (size_t k = a, n = 0; k > 0 && n < 3; k--, n++) {
		if (c->t[k - 1].trail && k < a)
			break;
		if (rd_is_any(c, k - 1, (const char *const[]){"least", "minimum", "min", NULL}))
			return false; /* "at least 40 GB", "minimum 40GB A100s" */
	}
	if (glued || rd_is(c, b + 1, "exactly") || (a > 0 && rd_is_any(c, a - 1, (const char *const[]){"exactly", "only", NULL})))
		return true;
	return a > 0 && !c->t[a - 1].trail && rd_is_any(c, a - 1, (const char *const[]){"the", "those", "these", NULL});
}

/* Whether a GPU or GPU model is named before token i ("8 V100s, the 32 GB ones": the ones are GPUs). */
static bool gpus_named_before(const struct ctx *c, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!c->t[k].source && (gpu_word(c, k) || vocab_gpu_model(c->t[k].norm)))
			return true;
	return false;
}

/* A memory size said of the GPUs, apart from any model's name: "80GB GPUs", "the 80 GB GPU nodes", "GPUs
 * with 80GB of memory", "A100 GPUs with 80GB memory", "V100 GPUs with 16 GB each", "80 GB of GPU memory",
 * "80GB memory per GPU", "80GB HBM", "(8 V100s,) the 32 GB ones". Its size in GB (tokens a..b hold it), or
 * 0; *exact: named exactly (size_said_exactly), not as a minimum. Host memory ("nodes with 256GB of
 * memory", "64 GB host memory") is not the GPUs'. */
static int gpu_memory_said(const struct ctx *c, size_t *a, size_t *b, bool *exact)
{
	for (size_t i = 0; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		if (t->source || t->neg || t->used || strchr(t->norm, '-'))
			continue;
		int gb = memory_gb_in(t->norm);
		size_t e = i; /* the memory's last token */
		if (!gb && t->is_num && !t->num_word && t->num >= 8 && t->num <= 512 && !t->trail &&
		    (rd_is(c, i + 1, "gb") || rd_is(c, i + 1, "gib"))) {
			gb = (int)t->num;
			e = i + 1;
		}
		if (!gb)
			continue;
		size_t n = e + 1;
		bool said = false;
		/* after it: GPUs, GPU memory, HBM, "of GPU memory", "(of) memory per GPU" */
		if (!c->t[e].trail && (gpu_word(c, n) || vocab_in(VL_GPU_MEMORY, rd_norm_at(c, n))))
			said = true;
		else if (!c->t[e].trail && rd_is(c, n, "of") && (gpu_word(c, n + 1) || vocab_in(VL_GPU_MEMORY, rd_norm_at(c, n + 1))))
			said = true;
		else if (!c->t[e].trail && rd_is_any(c, n, (const char *const[]){"memory", "ram", NULL}) && rd_is(c, n + 1, "per") && gpu_word(c, n + 2))
			said = true;
		else if (!c->t[e].trail && rd_is(c, n, "per") && gpu_word(c, n + 1))
			said = true;
		/* "the 80GB nodes", "2 of the 80 GB nodes": a node word after it, when the size is the GPU memory
		 * of one of the cluster's node types and no node type's host memory ("512GB nodes" is RAM) */
		else if (!c->t[e].trail && is_node_unit(rd_norm_at(c, n)) && c->cluster) {
			bool gpu_size = false, host_size = false;
			for (size_t k = 0; k < c->cluster->nnode_types; k++) {
				gpu_size = gpu_size || c->cluster->node_types[k].hw.gpu_memory_gb == gb;
				host_size = host_size || c->cluster->node_types[k].hw.memory_gb_per_node == gb;
			}
			said = gpu_size && !host_size;
		}
		/* "the 32 GB ones" after GPUs are named: those GPUs */
		else if (!c->t[e].trail && rd_is(c, n, "ones") && i > 0 &&
			 rd_is_any(c, i - 1, (const char *const[]){"the", "those", "these", NULL}) && gpus_named_before(c, i))
			said = true;
		/* before it: "GPUs with / having / that have", "GPU memory (of)"; "exactly" between ("A100s with
		 * exactly 64 GB") */
		size_t p = i > 0 && rd_is(c, i - 1, "exactly") ? i - 1 : i;
		if (!said && p >= 2 && rd_is_any(c, p - 1, (const char *const[]){"with", "having", "of", NULL}) &&
		    (gpu_word(c, p - 2) || (rd_is(c, p - 2, "memory") && gpu_word(c, p - 3))) && !c->t[p - 2].trail)
			said = true;
		/* "V100s with 16 GB each": a GPU model before "with", unless host memory follows ("4 A100s with
		 * 512 GB of RAM") */
		if (!said && p >= 2 && rd_is_any(c, p - 1, (const char *const[]){"with", "having", NULL}) &&
		    vocab_gpu_model(rd_norm_at(c, p - 2)) && !c->t[p - 2].trail &&
		    !rd_is_any(c, n, (const char *const[]){"ram", "host", "system", "cpu", "dram", "ddr4", "ddr5", NULL}) &&
		    !(rd_is(c, n, "of") && rd_is_any(c, n + 1, (const char *const[]){"ram", "host", "system", "cpu", "dram", NULL})))
			said = true;
		if (!said && p >= 3 && rd_is(c, p - 1, "have") && rd_is(c, p - 2, "that") && gpu_word(c, p - 3))
			said = true;
		if (!said && p >= 2 && rd_is(c, p - 1, "memory") && gpu_word(c, p - 2) && !c->t[p - 2].trail)
			said = true;
		if (!said || memory_in_use(c, i))
			continue;
		/* "the model needs about 60 GB of GPU memory per rank", "at least 48 GB per GPU": a need, which
		 * the node type with the least memory that holds it meets (none: the size as said, an error) */
		bool need = false;
		for (size_t k = i, n = 0; k > 0 && n < 5 && !need; k--, n++) {
			if (c->t[k - 1].trail && k < i)
				break;
			need = rd_is_any(c, k - 1, (const char *const[]){"needs", "need", "requires", "require", "required",
									  "least", "minimum", "min", NULL});
		}
		if (need && c->cluster && c->cluster->hw.gpu_memory_gb >= gb)
			continue; /* the cluster's usual GPUs hold it: no node type to pick */
		if (need && c->cluster) {
			int best = 0;
			for (size_t k = 0; k < c->cluster->nnode_types; k++) {
				int m = c->cluster->node_types[k].hw.gpu_memory_gb;
				if (m >= gb && (!best || m < best))
					best = m;
			}
			if (best)
				gb = best;
		}
		*a = i;
		*b = e;
		*exact = !need && size_said_exactly(c, i, e, false);
		return gb;
	}
	return 0;
}

/* Whether the model at token i is struck by the words before it: "scratch the H100 part", "drop the
 * A40s", "forget the H100 idea". */
static bool struck_model(const struct ctx *c, size_t i)
{
	static const char *const strike[] = {"scratch", "drop", "forget", "ditch", "skip", "nix", NULL};
	size_t k = i;
	if (k > 0 && (rd_is(c, k - 1, "the") || rd_is(c, k - 1, "those") || rd_is(c, k - 1, "that"))) {
		if (c->t[k - 1].trail) /* "scratch that, A100 partition": the A100 is what replaces it */
			return false;
		k--;
	}
	return k > 0 && k < i + 1 && rd_is_any(c, k - 1, strike) && !c->t[k - 1].trail;
}

/* Whether the clause around the model word at i says those GPUs are busy, which is why the job goes
 * elsewhere: "Delta is backed up on the A100s", "the H100 queue is packed this week" (not "2 full nodes of
 * A100s"). */
static bool judged_busy(const struct ctx *c, size_t i)
{
	static const char *const busy[] = {"backed", "busy", "congested", "crowded", "oversubscribed", "unavailable",
					   "swamped", "jammed", "packed", "full", "backlogged", "overloaded", NULL};
	size_t a = i, e = i;
	while (a > 0 && !rd_sentence_end_after(c, a - 1) && c->t[a - 1].trail != ';' && !rd_is(c, a - 1, "but") &&
	       !rd_is(c, a - 1, "so"))
		a--;
	while (e + 1 < c->n && !rd_sentence_end_after(c, e) && c->t[e].trail != ';' && !rd_is(c, e + 1, "but") &&
	       !rd_is(c, e + 1, "so"))
		e++;
	for (size_t k = a; k <= e; k++)
		if (k != i && rd_is_any(c, k, busy) && !(rd_is(c, k, "full") && k + 1 < c->n && is_node_unit(c->t[k + 1].norm)))
			return true;
	return false;
}

/* The GPU model the text names for the target ("8x A100", "H100 nodes", "GH200", "pvc"): it picks the
 * cluster's node type. What is said of another cluster or taken back is not the target's. */
void rd_read_gpu_model(struct ctx *c)
{
	/* a model named in a correction replaces the one before it ("the A40 partition ... scratch that, A100
	 * partition"): the latest correction level that names one */
	int top = 0, model_corr = -1;
	for (size_t i = 0; i < c->n; i++)
		if (!c->t[i].source && !c->t[i].neg && c->t[i].corr > top && vocab_gpu_model(c->t[i].norm) && !struck_model(c, i))
			top = c->t[i].corr;
	for (size_t i = 0; i < c->n && !c->req->gpu_model; i++) {
		const struct tok *t = &c->t[i];
		if (t->source || t->neg || (t->copied && rd_foreign_block_at(c, t->start)) || t->corr < top || struck_model(c, i) ||
		    (vocab_gpu_model(t->norm) && judged_busy(c, i)))
			continue;
		const char *w = t->norm;
		char buf[96];
		/* "8xA100": the count glued to the model */
		size_t d = 0;
		while (isdigit((unsigned char)w[d]))
			d++;
		if (d && (w[d] == 'x' || w[d] == '*'))
			w += d + 1;
		str_copy(buf, sizeof(buf), w);
		const char *m = vocab_gpu_model(buf);
		if (!m || !strcmp(buf, "gcd") || !strcmp(buf, "gcds"))
			continue; /* a GCD is a unit of a GPU, not a choice of node */
		/* its memory, where the text gives it: "A100-80GB", "A100 80GB", "A100 (80 GB)", "80GB A100s": the
		 * node type with that memory ("a100-80gb") */
		int gb = memory_gb_in(buf);
		size_t last = i, first = i; /* the phrase of the model and its size */
		/* "A100-40GB": the size glued to the model's name in the text, a product's name */
		bool glued = gb && memchr(c->text + t->start, '-', t->end - t->start) != NULL, exact = false;
		if (!gb && i + 1 < c->n && (gb = memory_gb_in(c->t[i + 1].norm)))
			last = i + 1;
		if (!gb && i + 2 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word &&
		    (rd_is(c, i + 2, "gb") || rd_is(c, i + 2, "gib") || rd_is(c, i + 2, "g")) && c->t[i + 1].num >= 8 &&
		    c->t[i + 1].num <= 512) {
			gb = (int)c->t[i + 1].num;
			last = i + 2;
		}
		if (!gb && i > 0 && (gb = memory_gb_in(c->t[i - 1].norm)))
			first = i - 1;
		if (!gb && i > 1 && (rd_is(c, i - 1, "gb") || rd_is(c, i - 1, "gib")) && c->t[i - 2].is_num &&
		    !c->t[i - 2].num_word && !c->t[i - 2].trail && c->t[i - 2].num >= 8 && c->t[i - 2].num <= 512) {
			gb = (int)c->t[i - 2].num; /* "40 GB A100s" */
			first = i - 2;
		}
		if (gb)
			exact = size_said_exactly(c, first, last, glued);
		size_t ma, mb;
		if (!gb && (gb = gpu_memory_said(c, &ma, &mb, &exact)) && mb > last)
			last = mb; /* "A100 GPUs with 80GB memory" */
		if (gb) {
			char mm[80];
			snprintf(mm, sizeof(mm), "%s-%dgb%s", m, gb, exact ? "-exact" : "");
			request_set(&c->req->gpu_model, mm);
		} else {
			request_set(&c->req->gpu_model, m);
		}
		rd_set_from_toks(c, RF_GPU_MODEL, first, last); /* "40GB A100s": the size said before the model too */
		model_corr = t->corr;
	}
	/* "nina: 1 A100 node ... help-desk: gpu-h100 has 80 GB cards ... nina: ok, gpu-h100 then": a queue
	 * chosen later in the text (a later message of the asker) whose nodes lack the model named before it:
	 * the model was of the plan the later words replaced */
	if (c->req->gpu_model && c->req->queue && c->cluster && model_corr >= 0 &&
	    !cluster_node_type_for(c->cluster, c->req->queue, c->req->gpu_model, 0, NULL)) {
		int qcorr = -1;
		for (size_t i = 0; i < c->n; i++)
			if (!c->t[i].source && !c->t[i].neg && !strcasecmp(c->t[i].raw, c->req->queue) && c->t[i].corr > qcorr)
				qcorr = c->t[i].corr;
		if (qcorr > model_corr) {
			request_warn(c->req, "'%s' was said before the choice of queue %s, whose nodes have other GPUs: left out",
				     c->req->gpu_model, c->req->queue);
			request_set(&c->req->gpu_model, NULL);
			free(c->req->from[RF_GPU_MODEL]);
			c->req->from[RF_GPU_MODEL] = NULL;
		}
	}
	size_t a, b;
	int gb;
	bool exact = false;
	if (!c->req->gpu_model && (gb = gpu_memory_said(c, &a, &b, &exact))) {
		/* the memory alone: the node type with GPUs of that size, whatever their model */
		char mm[32];
		snprintf(mm, sizeof(mm), "gpu-%dgb%s", gb, exact ? "-exact" : "");
		request_set(&c->req->gpu_model, mm);
		rd_set_from_toks(c, RF_GPU_MODEL, a, b);
	}
}
