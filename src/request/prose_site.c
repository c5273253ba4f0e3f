/* prose_site.c - account, queue, port, job name and model as prose states them. */
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
/* account, queue, port, job name */

bool rd_identifier_like(const char *s)
{
	if (!*s || strlen(s) > 64)
		return false;
	for (const char *p = s; *p; p++)
		if (!(isalnum((unsigned char)*p) || *p == '_' || *p == '-' || *p == '.'))
			return false;
	return isalnum((unsigned char)s[0]);
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
		if (!q && (c->text[e] == '\'' || c->text[e] == '"') && memchr(c->text + e + 1, c->text[e], c->len - e - 1))
			q = c->text[e];
		else if (q && c->text[e] == q)
			q = 0;
		e++;
	}
	while (e > a && (strchr(",.:;!?", c->text[e - 1]) || (c->text[e - 1] == ')' && !memchr(c->text + a, '(', e - a))))
		e--;
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
	if (!shell || e == a)
		return false;
	request_reject(c->req, f, c->text + a, e - a, "shell text, not a name (letters, digits, '-', '_' and '.' only)");
	request_warn(c->req, "the %s '%.*s' is not a name maple can put in a job script; it was left out", what,
		     (int)(e - a), c->text + a);
	for (size_t j = k; j < c->n && c->t[j].start < e; j++)
		c->t[j].used = true;
	return true;
}

static bool has_digit_or_mark(const char *s)
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

static const char *const value_fillers[] = {"is", "=", ":", "to", "the", "my", "our", "under", "with", "called",
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
	for (int hop = 0; hop < 4 && k < c->n && rd_in_list(c->t[k].norm, value_fillers); hop++)
		k++;
	return k;
}

bool rd_is_reserved_word(const struct ctx *c, const char *norm)
{
	return rd_in_list(norm, english_stopwords) || is_node_unit(norm) || is_gpu_unit(norm) ||
	       match_cluster_name(c->repo, norm) != NULL || duration_unit(norm);
}

/* "my project is AuroraGPT.", "the project is MLperf and ...": a word written as a name (a capital letter,
 * never the sentence's first word here) that ends its clause (the text's end, a '.', ',', ';', '!' or
 * '?', or "and" next) is the project's name; "the project is about ..." and "the project is big data
 * training" are not */
static bool proper_name_ending_clause(const struct ctx *c, size_t k)
{
	const struct tok *v = &c->t[k];
	bool capital = false;
	for (const char *p = v->raw; *p; p++)
		capital = capital || isupper((unsigned char)*p);
	if (!capital || model_family(v->norm))
		return false;
	if (v->trail && strchr(".,;!?", v->trail)) /* the token's end holds its own punctuation: "ChemML, python ..." */
		return true;
	size_t e = v->end;
	while (e < c->len && (c->text[e] == ' ' || c->text[e] == '\t'))
		e++;
	return e >= c->len || strchr(".,;!?\n", c->text[e]) || rd_is(c, k + 1, "and");
}

/* A word of lower-case letters only ("proposal", "needed", "datascience"): a weaker account value than a
 * name with a digit, a mark or a capital ("m1234", "bbka-delta-gpu", "AuroraGPT"). */
static bool plain_word(const char *s)
{
	for (; *s; s++)
		if (!islower((unsigned char)*s))
			return false;
	return true;
}

/* Whether the account word at i is said of one not to use: "not the old account (Polaris_DL)", "our
 * previous allocation m1234 expired", "the former project". */
static bool old_account_cue(const struct ctx *c, size_t i)
{
	static const char *const old[] = {"old", "previous", "former", "prior", "expired", "retired", NULL};
	return (i >= 1 && rd_is_any(c, i - 1, old)) || (i >= 2 && rd_is_any(c, i - 2, old) && !c->t[i - 2].trail);
}

/* "-A datascience", "account: datascience": a value right after its key (or its ':'/'=') stands */
static bool is_flag_value_adjacent(const struct ctx *c, size_t i, size_t k)
{
	return k == i + 1 && !rd_is(c, k + 1, "is") && !rd_is(c, k + 1, "was") && !rd_is(c, k + 1, "were") &&
	       !rd_is(c, k + 1, "has") && (c->t[k].trail || k + 1 >= c->n || rd_sentence_end_after(c, k));
}

struct account_fallback {
	bool set;
	size_t i, k;
};

/* One pass over the tokens: directives says whether those on a pasted job script's directive lines
 * ("#SBATCH -A CCR23019") are read, or the others: what the request says in words edits the script. */
static void read_account_pass(struct ctx *c, int pass, bool directives, struct account_fallback *fb)
{
	struct request *r = c->req;
	static const char *const strong[] = {"account", "acct", "allocation", "--account", "charge", "charged",
					     "bill", "billed", "alloc", "accounting", NULL}; /* other languages' words
											       * read as "account" */
	for (size_t i = 0; i < c->n && !r->account; i++) {
		const struct tok *t = &c->t[i];
		if (t->source || t->copied || rd_directive_line_at(c, t->start) != directives || old_account_cue(c, i))
			continue;
		bool is_flag = !strcmp(t->raw, "-A") || !strcmp(t->norm, "--account");
		bool is_strong = rd_in_list(t->norm, strong) || is_flag;
		/* "project", and the word in requests written in French, Spanish, Portuguese, German, Italian */
		static const char *const weak[] = {"project", "proj", "projet", "proyecto", "projeto", "projekt", "progetto",
						   "\u30d7\u30ed\u30b8\u30a7\u30af\u30c8", /* プロジェクト */
						   "\u9879\u76ee", "\ud504\ub85c\uc81d\ud2b8", NULL}; /* 项目, 프로젝트 */
		bool is_weak = rd_in_list(t->norm, weak);
		/* pass 0: flags; pass 1: strong cues; pass 2: weak ones */
		if ((pass == 0 && !is_flag) || (pass == 1 && (is_flag || !is_strong)) || (pass == 2 && !is_weak))
			continue;
		if (!is_strong && !is_weak)
			continue;
		size_t k = rd_skip_fillers(c, i + 1);
		static const char *const usual[] = {"it", "usual", "one", "same", "normal", "standard", "regular", "default",
						    "team's", "group's", "lab's", "always", "we", "i", "use", NULL};
		while (k < c->n && k < i + 6 && (c->t[k].cluster || rd_in_list(c->t[k].norm, value_fillers) ||
						 (is_strong && rd_in_list(c->t[k].norm, usual))))
			k++;
		/* "charge TACC project CDA24001", "bill the NERSC allocation m1234": a centre's name, then the name */
		if (k + 2 < c->n && (vocab_centre(c->t[k].raw) || !has_digit_or_mark(c->t[k].raw)) &&
		    (rd_is(c, k + 1, "project") || rd_is(c, k + 1, "allocation") || rd_is(c, k + 1, "account")) &&
		    rd_identifier_like(c->t[k + 2].raw) && has_digit_or_mark(c->t[k + 2].raw) && !rd_numeric(c->t[k + 2].norm))
			k += 2;
		/* "account $(id)", "account 'm12$(id)'", "account m1234;touch x": shell text, never an account name */
		if (k < c->n && !c->t[k].used && (is_strong || is_flag) && rd_reject_shell_value(c, k, RF_ACCOUNT, "account", false))
			return;
		if (k < c->n && !c->t[k].used) {
			const struct tok *v = &c->t[k];
			/* "project Delta4", "account Frontier2": next to its key word, a name only like a
			 * cluster's (with a digit or mark) is the account's */
			bool near_cluster = k == i + 1 && has_digit_or_mark(v->raw) && match_cluster_name(c->repo, v->norm) &&
					    !match_cluster_name_exact(c->repo, v->norm) && !rd_in_list(v->norm, english_stopwords) &&
					    !is_node_unit(v->norm) && !is_gpu_unit(v->norm) && !duration_unit(v->norm);
			/* "everything except the account stays", "the account expired": a verb, no name */
			static const char *const verbs[] = {"stays", "stay", "remains", "remain", "changes", "change", "expired",
							    "expires", "ran", "runs", "ends", "ended", "differs", "stays,", NULL};
			bool ok = rd_identifier_like(v->raw) && !rd_in_list(v->norm, verbs) &&
				  (near_cluster || !rd_is_reserved_word(c, v->norm)) &&
				  (!rd_numeric(v->norm) || !strcmp(t->raw, "-A")) && !is_node_unit(rd_norm_at(c, k + 1)) &&
				  !is_gpu_unit(rd_norm_at(c, k + 1));
			/* "project datascience" (adjacent) is an account; "project is about ..." is not */
			bool named = false; /* "project name AIforSci", "project id abc" */
			for (size_t q = i + 1; q < k; q++)
				named = named || rd_is(c, q, "name") || rd_is(c, q, "id") || rd_is(c, q, "code");
			if (ok && is_weak && !named && !has_digit_or_mark(v->raw) && (k != i + 1 || model_family(v->norm)) &&
			    !(k != i + 1 && proper_name_ending_clause(c, k)))
				ok = false;
			/* "the allocation is INCITE": how the time was granted, not the project's name; "our ALCC
			 * allocation covers this": a verb after the program's allocation */
			if (ok && !is_flag && vocab_in(VL_ALLOC_PROGRAM, v->norm))
				ok = false;
			if (ok && !is_flag && i > 0 && vocab_in(VL_ALLOC_PROGRAM, c->t[i - 1].norm) && !has_digit_or_mark(v->raw) &&
			    !isupper((unsigned char)v->raw[0]))
				ok = false;
			/* "bill our usual allocation", "charge the group account": an adjective, not a name */
			if (ok && !is_flag && !has_digit_or_mark(v->raw) && k + 1 < c->n &&
			    (rd_is(c, k + 1, "allocation") || rd_is(c, k + 1, "account") || rd_is(c, k + 1, "project")))
				ok = false;
			/* a state of the allocation, never its name ("Subject: Bridges-2 allocation started", "our
			 * allocation expired", "account activated") */
			static const char *const state[] = {"started", "approved", "renewed", "expired", "granted", "active",
							    "activated", "exhausted", "expiring", "expires", "ended", "ending",
							    "pending", "finished", "available", "request", "requested", "renewal",
							    "extension", "balance", "usage", "status", "update", "updated", "ok",
							    "done", "low", "empty", "created", "setup", "issue", "issues",
							    "question", "problem", "problems",
							    /* "same account as above": a pointer, not a name */
							    "above", "below", "before", "earlier", "previously", "there", "here",
							    NULL};
			if (ok && !is_flag && plain_word(v->raw) && rd_in_list(v->norm, state))
				ok = false;
			/* a plain lower-case word ("allocation proposal", "-A is needed", "an allocation on Perlmutter to
			 * step through"): kept only when no name-shaped value follows */
			if (ok && plain_word(v->raw) && !is_flag_value_adjacent(c, i, k)) {
				if (!fb->set)
					fb->set = true, fb->i = i, fb->k = k;
				continue;
			}
			if (ok) {
				request_set(&r->account, v->raw);
				rd_set_from_toks(c, RF_ACCOUNT, i, k);
				c->t[k].used = true;
				continue;
			}
		}
		/* "my m1234 allocation", "the abc123 account" */
		if (i > 0 && (!strcmp(t->norm, "account") || !strcmp(t->norm, "allocation") || is_weak)) {
			const struct tok *v = &c->t[i - 1];
			if (!v->used && rd_identifier_like(v->raw) && has_digit_or_mark(v->raw) && !rd_numeric(v->norm) &&
			    !rd_is_reserved_word(c, v->norm) && !vocab_in(VL_ALLOC_PROGRAM, v->norm) &&
			    !vocab_centre(v->raw)) { /* "our ALCF allocation": the centre's, not a project name */
				request_set(&r->account, v->raw);
				rd_set_from_toks(c, RF_ACCOUNT, i - 1, i);
			}
		}
	}
}

/* Whether a word is written as a name: a digit, '-' or '_' ("MCB22014", "bbka-delta-gpu"), or a capital
 * inside it ("DLscale", "AIEval"). */
static bool name_shaped(const char *s)
{
	for (const char *p = s; *p; p++)
		if (isdigit((unsigned char)*p) || *p == '_' || *p == '-' || (p > s && isupper((unsigned char)*p)))
			return true;
	return false;
}

/* An account named in an aside right after its cue word: "our other allocation (the one on Lonestar6,
 * MCB22014)", "charged to our group's allocation (DMS25003 - not the startup one)", "Project - AIEval2 -
 * 2 nodes", "everything except the account stays as it is (use Aurora_AI4S)". The aside opens with '(' or a dash within a few words of the cue, in the same sentence, and
 * closes at ')' or the next dash; the one name-shaped word in it that is nothing else the reader knows
 * (a cluster, a queue, a count, hardware, a centre) is the account. Two such words: neither. */
static void read_account_aside(struct ctx *c)
{
	static const char *const cues[] = {"account", "acct", "allocation", "alloc", "project", "proj", "projet",
					   "proyecto", "projeto", "projekt", "progetto", NULL};
	for (size_t i = 0; i < c->n && !c->req->account; i++) {
		const struct tok *t = &c->t[i];
		if (t->source || t->copied || !rd_in_list(t->norm, cues) || rd_sentence_end_after(c, i))
			continue;
		if (old_account_cue(c, i))
			continue;
		/* the aside's opening: within the next four words ("the account stays as it is (use X)": six),
		 * before the sentence ends */
		size_t lim = t->end;
		for (size_t k = i + 1; k < c->n && k <= i + 6; k++) {
			lim = c->t[k].start;
			if (rd_sentence_end_after(c, k))
				break;
		}
		size_t open = 0;
		char close = 0;
		for (size_t p = t->end; p < lim + 1 && p < c->len && !close; p++) {
			if (c->text[p] == '(')
				open = p + 1, close = ')';
			else if (c->text[p] == '-' && p > 0 && c->text[p - 1] == ' ' && p + 1 < c->len && c->text[p + 1] == ' ')
				open = p + 1, close = '-';
			else if (c->text[p] == '\n')
				break;
		}
		/* a cue taken back ("everything except the account stays") names one only with "use": "(use X)" */
		if (!close || (t->neg && strncasecmp(c->text + open, "use ", 4)))
			continue;
		size_t end = open;
		while (end < c->len && end < open + 120 && c->text[end] != '\n' &&
		       !(c->text[end] == close && (close == ')' || (c->text[end - 1] == ' ' && end + 1 < c->len && c->text[end + 1] == ' '))))
			end++;
		if (end >= c->len || c->text[end] != close)
			continue;
		size_t found = 0, at = 0;
		for (size_t k = i + 1; k < c->n && c->t[k].start < end; k++) {
			const struct tok *v = &c->t[k];
			if (v->start + 1 < open || v->used || v->cluster || v->source || v->copied || v->neg ||
			    !rd_identifier_like(v->raw) || !name_shaped(v->raw) || rd_numeric(v->norm) ||
			    rd_is_reserved_word(c, v->norm) || model_family(v->norm) || vocab_centre(v->raw) ||
			    match_cluster_name(c->repo, v->norm) || (c->cluster && cluster_queue(c->cluster, v->raw)))
				continue;
			found++;
			at = k;
		}
		if (found != 1)
			continue;
		request_set(&c->req->account, c->t[at].raw);
		rd_set_from_toks(c, RF_ACCOUNT, i, at);
		c->t[at].used = true;
	}
}

/* A bare word with the shape of the target cluster's accounts ("perlmutter 2 nodes, m1234, ...",
 * "bbka-delta-gpu"): the account, said as read; on a pasted job script's directive lines too when
 * directives. */
static void shaped_account(struct ctx *c, bool directives)
{
	for (size_t i = 0; i < c->n && !c->req->account && c->cluster; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->cluster || t->source || t->copied || t->neg || !account_shape_matches(c->cluster, t->raw) ||
		    (!directives && rd_directive_line_at(c, t->start)))
			continue;
		/* "our previous allocation m1234 expired, use m5678": not the old one */
		static const char *const acct[] = {"account", "allocation", "project", "acct", "alloc", "one", NULL};
		if (i >= 1 && rd_is_any(c, i - 1, acct) && old_account_cue(c, i - 1))
			continue;
		request_set(&c->req->account, t->raw);
		rd_set_from_toks(c, RF_ACCOUNT, i, i);
		c->t[i].used = true;
		request_warn(c->req, "'%s' read as the account (it has the shape of %s's accounts)", t->raw, c->cluster->id);
	}
}

/* Whether the lower-case word holds a part of data/lexicon's technical_words ("zero-3", "bf16", "fsdp2"). */
static bool technical(const char *norm)
{
	const char *const *w;
	size_t n = vocab_list(VL_TECH_WORD, &w);
	for (size_t i = 0; i < n; i++)
		if (strstr(norm, w[i]))
			return true;
	return false;
}

/* "Aurora prod, 512 nodes, 6h, AuroraGPT. Megatron: ...": a name-shaped word that is a whole item of a
 * terse list of the request's items (three or more, between commas or after the list's last comma), on a
 * cluster whose accounts have no shape maple knows (ALCF's project names are free), and that is nothing
 * else the reader knows: the account, said as read. */
static void listed_account(struct ctx *c)
{
	if (!c->cluster || !c->cluster->account_required || c->cluster->account_pattern)
		return;
	size_t found = 0, at = 0;
	for (size_t i = 1; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		bool item_start = c->t[i - 1].trail == ',' && !rd_newline_between(c, i - 1, i);
		bool item_end = t->trail == ',' || t->trail == '.' || t->trail == ':' || t->trail == ';' || i + 1 == c->n ||
				rd_newline_between(c, i, i + 1);
		if (!item_start || !item_end || t->used || t->cluster || t->source || t->copied || t->neg ||
		    !rd_identifier_like(t->raw) || !name_shaped(t->raw) || rd_numeric(t->norm) || strlen(t->raw) < 3 ||
		    !isalpha((unsigned char)t->raw[0]) || strchr(t->raw, '.') || strchr(t->raw, '/') ||
		    rd_is_reserved_word(c, t->norm) || model_family(t->norm) || vocab_centre(t->raw) || vocab_gpu_model(t->norm) ||
		    match_cluster_name(c->repo, t->norm) || cluster_queue(c->cluster, t->raw) || duration_unit(t->norm) ||
		    technical(t->norm) || vocab_in(VL_PROGRAM_KEY, t->norm))
			continue;
		/* (a program's snake_case key, "loss_scale_window", is no project's name) */
		bool lower = true;
		for (const char *p = t->raw; *p && lower; p++)
			lower = !isupper((unsigned char)*p);
		if (lower && strchr(t->raw, '_'))
			continue;
		/* a list: commas before the item, two or more on its line */
		size_t ls = i, commas = 0;
		while (ls > 0 && !rd_newline_between(c, ls - 1, ls))
			commas += c->t[--ls].trail == ',';
		if (commas < 2)
			continue;
		found++;
		at = i;
	}
	if (found != 1)
		return;
	request_set(&c->req->account, c->t[at].raw);
	rd_set_from_toks(c, RF_ACCOUNT, at, at);
	c->t[at].used = true;
	request_warn(c->req, "'%s' read as the account (an item of the request's list; say \"project %s\" to be sure)", c->t[at].raw,
		     c->t[at].raw);
}

void rd_read_account(struct ctx *c)
{
	struct account_fallback fb = {0};
	for (int pass = 0; pass < 3 && !c->req->account; pass++)
		read_account_pass(c, pass, false, &fb);
	if (!c->req->account)
		read_account_aside(c);
	/* a word of the target's account shape in the request's own words ("drop the account line (expired),
	 * use STF218 instead"), before a pasted job script's own account */
	shaped_account(c, false);
	if (!c->req->account)
		listed_account(c);
	/* a pasted job script's own account, where the request names none in words */
	for (int pass = 0; pass < 3 && !c->req->account; pass++)
		read_account_pass(c, pass, true, &fb);
	if (!c->req->account && fb.set) {
		request_set(&c->req->account, c->t[fb.k].raw);
		rd_set_from_toks(c, RF_ACCOUNT, fb.i, fb.k);
		c->t[fb.k].used = true;
	}
	/* an account proposed, then another one settled on in a later correction ("which account?" / "m3888" /
	 * "no, m3888 is out of hours - use m4100" / the asker: "ok m4100"): the later one, of the cluster's
	 * account shape, at a higher correction level, wins */
	if (c->req->account && c->cluster) {
		int corr = -1;
		for (size_t i = 0; i < c->n && corr < 0; i++)
			if (c->t[i].used && !strcmp(c->t[i].raw, c->req->account))
				corr = c->t[i].corr;
		for (size_t i = 0; i < c->n && corr >= 0; i++) {
			const struct tok *t = &c->t[i];
			if (t->corr <= corr || t->used || t->cluster || t->source || t->copied || t->neg ||
			    !strcmp(t->raw, c->req->account) || !account_shape_matches(c->cluster, t->raw))
				continue;
			request_warn(c->req, "account '%s' settled on later instead of '%s'", t->raw, c->req->account);
			request_set(&c->req->account, t->raw);
			rd_set_from_toks(c, RF_ACCOUNT, i, i);
			c->t[i].used = true;
			corr = t->corr;
		}
	}
	shaped_account(c, true);
}

static bool queue_known(const struct ctx *c, const char *name)
{
	return c->cluster && cluster_queue(c->cluster, name);
}

static bool queue_word_ok(const struct ctx *c, const struct tok *v)
{
	static const char *const bad[] = {"default", "which", "what", "any", "same", "right", "correct", "proper",
					  "production", "appropriate", "best", "fastest", "gpu", "batch", "shortest",
					  "sbatch", "qsub", "ddp", "fsdp", "deepspeed", "accelerate", "torchrun", "whatever",
					  "wait", "waits", "below", "above", "see", "tbd", "tba", "none", "unknown", "later",
					  "time", "times", "depth", "length",
					  /* "gh queue takes jobs up to 48 h", "the debug queue allows 2 nodes" */
					  "takes", "allows", "accepts", "has", "is", "was", "limits", "caps", "gives", "runs",
					  "only", "permits", "supports", "lets", "will", "would", "can", "should", "tops",
					  "maxes", "needs", "requires", "starts", "kills", "preempts", "too", "very", "so",
					  "really", "busy", "full", "down",
					  /* "keep queue and project as they are", "GPU partition charges you the whole node" */
					  "keep", "change", "use", "pick", "choose", "select", "set", "leave", "charges", "charge",
					  "costs", "bills", "their", "our", "my", "your", "this", "that", "another", "other",
					  "different", "current", "usual",
					  /* "to get through the queue faster", "the queue today", "queue again" */
					  "faster", "quicker", "sooner", "slower", "longer", "shorter", "earlier", "today",
					  "tonight", "tomorrow", "now", "again", "there", "here", "then", "first", "more", "less",
					  "status", "position", "jobs", NULL};
	/* "the queue quickly": an adverb, unless the cluster has a queue of that name */
	size_t vl = strlen(v->norm);
	if (vl > 4 && !strcmp(v->norm + vl - 2, "ly") && !queue_known(c, v->raw))
		return false;
	/* no queue's name starts with a digit: "1.5h", "2x", "4-node" are values said near the cue */
	return rd_identifier_like(v->raw) && !v->used && !isdigit((unsigned char)v->raw[0]) && !rd_numeric(v->norm) &&
	       !rd_is_reserved_word(c, v->norm) &&
	       !rd_in_list(v->norm, bad) && !rd_in_list(v->norm, rd_count_adjectives);
}

/* A known queue name that cannot be an ordinary word: gpuA100x4, GPU-shared, gpu-a100-dev. */
static bool distinctive_queue(const struct ctx *c, const struct tok *v)
{
	if (!queue_known(c, v->raw) || is_gpu_unit(v->norm))
		return false; /* "H100 nodes" names hardware, not the h100 queue */
	for (const char *p = v->raw; *p; p++)
		if (isdigit((unsigned char)*p) || *p == '-' || *p == '_')
			return true;
	return false;
}

/* Whether the sentence holding token i is a question ("what's the partition again?", "prod queue?"). */
static bool asked(const struct ctx *c, size_t i)
{
	for (size_t k = i; k < c->n; k++)
		if (rd_sentence_end_after(c, k) || c->t[k].trail == ',') {
			if (c->t[k].trail != '?')
				return false;
			/* a request put as a question ("Can I get this: Polaris, 2 nodes, ... the debug QOS?", "Could
			 * you set up 4 nodes in debug?"): asked for, not asked about */
			size_t a = i;
			while (a > 0 && !rd_sentence_end_after(c, a - 1))
				a--;
			static const char *const modal[] = {"can", "could", "may", "would", "will", NULL};
			static const char *const who[] = {"i", "we", "you", NULL};
			return !(rd_is_any(c, a, modal) && rd_is_any(c, a + 1, who));
		}
	return false;
}

/* Whether a queue the cluster has is named within a few words of the cue at i. */
static bool known_queue_nearby(const struct ctx *c, size_t i)
{
	for (size_t k = i > 4 ? i - 4 : 0; k < c->n && k <= i + 5; k++)
		if (k != i && !c->t[k].used && !c->t[k].source && distinctive_queue(c, &c->t[k]))
			return true;
	return false;
}

/* Whether a queue was spoken of earlier in the text (a cue word or a queue the cluster has), so that a
 * bare queue name after a correction can be taken as the corrected queue. */
static const char *const queue_cues[] = {"queue", "partition", "qos", "--partition", "--qos", "--queue", "part",
					 "queues", NULL};

static bool queue_cue_before(const struct ctx *c, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (rd_in_list(c->t[k].norm, queue_cues) || (queue_known(c, c->t[k].raw) && !is_gpu_unit(c->t[k].norm)))
			return true;
	return false;
}

/* Whether the clause around token i judges it unusable: "the debug QOS is limited to 30 min", "the
 * preemptable queue would kill our run", "gpu-a100-dev is too short", "we cannot use gpuA40x4". */
static bool judged_unusable(const struct ctx *c, size_t i)
{
	static const char *const cues[] = {"too", "cannot", "can't", "cant", "won't", "wont", "doesn't", "isn't", "not",
					   "kill", "kills", "killed", "avoid", "never", "unusable", "limited",
					   "insufficient", "full", "preempts", "preempted", "max", "maximum", "capped", "most",
					   "deep", "busy", "crowded", "congested", "backlog", "backlogged", "packed",
					   "needs", "requires", "minimum", "wait", NULL};
	static const char *const back[] = {"so", "but", "therefore", "hence", NULL};
	static const char *const turn[] = {"so", "but", "therefore", "hence", "instead", "use", NULL};
	size_t a = i, e = i;
	static const char *const nots[] = {"cannot", "can't", "cant", "not", "won't", "don't", "dont", "never", NULL};
	while (a > 0 && !rd_sentence_end_after(c, a - 1) && !rd_is_any(c, a - 1, back) &&
	       !((rd_is(c, a - 1, "use") || rd_is(c, a - 1, "go")) && !(a >= 2 && rd_is_any(c, a - 2, nots))))
		a--; /* "..., use gpu-a100", "that is too small, go capacity" */
	static const char *const back_ref[] = {"it", "it's", "its", "that", "that's", "this", "they", NULL};
	while (e + 1 < c->n && !rd_sentence_end_after(c, e) && c->t[e].trail != ';' &&
	       (!rd_is_any(c, e + 1, turn) ||
		(rd_is(c, e + 1, "but") && (rd_is_any(c, e + 2, back_ref) ||
					    (rd_is(c, e + 2, "the") && (rd_is(c, e + 3, "queue") || rd_is(c, e + 3, "partition") ||
									 rd_is(c, e + 3, "qos")))))))
		e++; /* "We looked at debug-scaling but it's 1 h max" */
	for (size_t k = a; k <= e; k++) {
		if (k == i || !rd_is_any(c, k, cues) || c->t[k].cluster || queue_known(c, c->t[k].raw))
			continue;
		if (rd_is(c, k, "full") && is_node_unit(rd_norm_at(c, k + 1)))
			continue; /* "2 full nodes on the GPU partition": the nodes are whole */
		/* a negation of another queue ("actually not debug: regular") judges that one, not this */
		size_t n = k + 1 < c->n && rd_is(c, k + 1, "the") ? k + 2 : k + 1;
		if (rd_is_any(c, k, nots) && n < c->n && n != i && queue_known(c, c->t[n].raw) && !is_gpu_unit(c->t[n].norm))
			continue;
		return true;
	}
	return false;
}

/* Whether the queue at k is introduced as the choice: "so capacity", "use capacity", "go with prod",
 * "regular it is", "shared instead", "gh-dev please". */
static bool chosen_queue(const struct ctx *c, size_t k)
{
	static const char *const lead[] = {"so", "use", "with", "choose", "take", "then", "pick", "prefer", "go", NULL};
	for (size_t q = k; q > 0 && k - q < 3; q--) {
		if (rd_sentence_end_after(c, q - 1))
			break;
		if (rd_is_any(c, q - 1, lead))
			return !(q >= 2 && rd_is_any(c, q - 2, (const char *const[]){"cannot", "can't", "cant", "not", "don't", "dont",
										       "won't", "never", NULL})); /* "cannot use X" */
	}
	return (rd_is(c, k + 1, "it") && rd_is(c, k + 2, "is")) || rd_is(c, k + 1, "instead") || rd_is(c, k + 1, "please") ||
	       (rd_is(c, k + 1, "queue") && (rd_is(c, k + 2, "instead") || rd_is(c, k + 2, "please")));
}

/* Whether the clause after token i says it will not do: "gh-dev (2 h max) won't work", "debug doesn't
 * fit", "capacity can't take it". */
static bool said_not_to_work(const struct ctx *c, size_t i)
{
	static const char *const nots[] = {"won't", "wont", "doesn't", "doesnt", "can't", "cant", "cannot", NULL};
	static const char *const aux[] = {"will", "would", "does", "can", NULL}; /* "will not work" */
	static const char *const work[] = {"work", "fit", "do", "take", "suffice", "accept", "allow", NULL};
	for (size_t k = i + 1; k + 1 < c->n && k <= i + 7; k++) {
		if ((rd_is_any(c, k, nots) && rd_is_any(c, k + 1, work)) ||
		    (rd_is_any(c, k, aux) && rd_is(c, k + 1, "not") && rd_is_any(c, k + 2, work)))
			return true;
		if (rd_sentence_end_after(c, k) || c->t[k].trail == ';')
			break;
	}
	return false;
}

/* "The preemptable queue would kill our run, so please use capacity", "debug is limited to 30 min, so
 * regular it is", "batch rather than extended": a queue of the target taken back (judged unusable, or
 * negated) when the text names another queue of the target, which is then the choice. Marks the queue
 * taken back as used; returns the chosen queue's token, or c->n. */
static size_t rule_out_queues(struct ctx *c)
{
	size_t chosen = c->n;
	for (size_t i = 0; i < c->n; i++) {
		struct tok *t = &c->t[i];
		if (t->used || t->source || t->copied || !queue_known(c, t->raw) || is_gpu_unit(t->norm) ||
		    (!t->neg && (!judged_unusable(c, i) || (chosen_queue(c, i) && !said_not_to_work(c, i)))))
			continue; /* "so gh-dev please (8 nodes / 2 h max)": a limit said of the choice */
		/* the other queue: the nearest one after (one introduced as the choice first), else the nearest
		 * one before ("Perlmutter regular, ...; the interactive QOS is capped at 4 nodes") */
		size_t other = c->n;
		for (size_t k = i + 1; k < c->n; k++)
			if (!c->t[k].used && !c->t[k].source && !c->t[k].copied && !c->t[k].neg && queue_known(c, c->t[k].raw) &&
			    !is_gpu_unit(c->t[k].norm) && strcasecmp(c->t[k].raw, t->raw) && (chosen_queue(c, k) || !judged_unusable(c, k))) {
				if (other == c->n || (chosen_queue(c, k) && !chosen_queue(c, other)))
					other = k; /* the nearest, unless a later one is introduced as the choice */
			}
		for (size_t k = i; k > 0 && other == c->n; k--)
			if (!c->t[k - 1].used && !c->t[k - 1].source && !c->t[k - 1].copied && !c->t[k - 1].neg && queue_known(c, c->t[k - 1].raw) &&
			    !is_gpu_unit(c->t[k - 1].norm) && strcasecmp(c->t[k - 1].raw, t->raw))
				other = k - 1;
		if (other == c->n)
			continue;
		request_reject(c->req, RF_QUEUE, t->raw, strlen(t->raw), "ruled out in the text (judged unusable or taken back)");
		strvec_push_nodup(&c->req->not_queues, xstrdup(t->raw));
		t->used = t->neg = true;
		/* and its earlier mentions: "'... 1 hour in gh-dev'. ... so gh-dev (2 h max) won't work; use gh" */
		for (size_t k = 0; k < i; k++)
			if (!strcasecmp(c->t[k].raw, t->raw))
				c->t[k].used = c->t[k].neg = true;
		chosen = other;
	}
	return chosen;
}

/* The queue named by a cue word ("queue debug", "the prod queue", "-p gpu") of the tokens on a pasted job
 * script's directive lines (directives) or of the others; *levelp is the correction level of the queue
 * read so far. A queue named after a correction ("debug queue -- actually, use the prod queue") replaces
 * the one it corrects; before it, the first one named stands. */
/* Whether another cluster maple knows has a queue of this name ("prod" of Polaris, "gpuA100x4" of Delta). */
static bool other_clusters_queue(const struct ctx *c, const char *name)
{
	for (size_t i = 0; i < repo_cluster_count(c->repo); i++) {
		const struct cluster *cl = repo_cluster_at(c->repo, i);
		if (cl && cl != c->cluster && strcmp(cl->id, c->cluster->id) && cluster_queue(cl, name))
			return true;
	}
	return false;
}

static void read_cued_queue(struct ctx *c, bool directives, int *levelp)
{
	struct request *r = c->req;
	int level = *levelp;
	for (size_t i = 0; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		/* not "part of the dataset", "ignore the trainer part": "part" abbreviates a partition as a form's key,
		 * first on its line or after a separator ("part: gpu", "nodes: 2, part: debug") */
		bool part = rd_is(c, i, "part");
		bool cue = (rd_in_list(t->norm, queue_cues) &&
			    !(part && (rd_is(c, i + 1, "of") || rd_is(c, i + 1, "in") ||
				       !(i == 0 || rd_newline_between(c, i - 1, i) || c->t[i - 1].trail)))) ||
			   !strcmp(t->raw, "-q") || !strcmp(t->raw, "-p");
		if (!cue || (r->queue && t->corr <= level) || rd_directive_line_at(c, t->start) != directives)
			continue;
		if (t->source || t->copied) { /* a queue of where the job ran before is not the target's */
			if (i > 0)
				request_reject(c->req, RF_QUEUE, c->text + c->t[i - 1].start, c->t[i].end - c->t[i - 1].start,
					       "said of where the job ran before");
			continue;
		}
		bool flag = t->raw[0] == '-';
		size_t k = rd_skip_fillers(c, i + 1);
		/* "Aurora debug queue | 3 nodes | 30 min": a column's bar after it, no value */
		bool bar = k < c->n && (!strcmp(c->t[k].raw, "|") || !strcmp(c->t[k].raw, "/"));
		if (k < c->n && !c->t[k].used && !rd_newline_between(c, i, k) && !bar &&
		    rd_reject_shell_value(c, k, RF_QUEUE, rd_is(c, i, "qos") || !strcmp(t->norm, "--qos") ? "QOS" : "queue", false))
			continue;
		const struct tok *after = k < c->n && !c->t[k].used && !bar ? &c->t[k] : NULL;
		/* "depending on the queue; let's ...": a clause ends at the word, no name follows it (a name after
		 * a colon does: "queue: debug") unless it is one of the target's queues */
		if (after && t->trail && t->trail != ':' && !queue_known(c, after->raw))
			after = NULL;
		/* "queue one more like the pending one", "queue it up": the verb */
		if (rd_is(c, i, "queue") && !t->trail && !(i > 0 && (rd_is(c, i - 1, "the") || queue_known(c, c->t[i - 1].raw))) &&
		    (rd_is(c, i + 1, "one") || rd_is(c, i + 1, "another") || rd_is(c, i + 1, "it") || rd_is(c, i + 1, "up") ||
		     rd_is(c, i + 1, "this") || rd_is(c, i + 1, "them") ||
		     /* "queue the follow-up on DeltaAI", "queue a rerun" */
		     ((rd_is(c, i + 1, "the") || rd_is(c, i + 1, "a")) && i + 2 < c->n && !queue_known(c, c->t[i + 2].raw))))
			continue;
		/* "if the queue is long", "the queue looks busy": said of the queue, no name of one */
		static const char *const copula[] = {"is", "was", "looks", "seems", "gets", "are", "got", NULL};
		if (after && rd_is_any(c, i + 1, copula) && !queue_known(c, after->raw))
			after = NULL;
		/* "on the GPU partition" (Bridges-2's partition named like a unit word the counts read) */
		bool named_before = i > 0 && !c->t[i - 1].is_num && queue_known(c, c->t[i - 1].raw) &&
				    (rd_is(c, i, "partition") || rd_is(c, i, "queue"));
		const struct tok *before = i > 0 && !flag && !c->t[i - 1].trail && (!c->t[i - 1].used || named_before) &&
						   !rd_newline_between(c, i - 1, i)
						   ? &c->t[i - 1]
						   : NULL; /* not "Walltime: see below\nQueue: ..." */
		const struct tok *pick = NULL;
		size_t a = i, b = i;
		if (before && queue_known(c, before->raw)) {
			pick = before, a = i - 1;
		} else if (after && queue_known(c, after->raw)) {
			pick = after, b = k;
		} else if (known_queue_nearby(c, i)) {
			continue; /* "interactive partition on delta (gpuA100x4-interactive)": the real name wins */
		} else if (flag && after && rd_identifier_like(after->raw) && !rd_numeric(after->norm)) {
			pick = after, b = k;
		} else if (before && queue_word_ok(c, before)) {
			pick = before, a = i - 1;
		} else if (after && queue_word_ok(c, after)) {
			pick = after, b = k;
		}
		if (pick && pick->neg) { /* "not the extended queue", "we don't want the debug QOS" */
			request_reject(r, RF_QUEUE, c->text + c->t[a].start, c->t[b].end - c->t[a].start, "negated");
			strvec_push_nodup(&r->not_queues, xstrdup(pick->raw));
			pick = NULL;
		}
		if (pick && asked(c, b)) { /* "prod queue? no, debug-scaling": a question names no queue */
			request_reject(r, RF_QUEUE, c->text + c->t[a].start, c->t[b].end - c->t[a].start, "asked, not stated");
			pick = NULL;
		}
		if (pick && directives && c->cluster && !cluster_queue(c->cluster, pick->raw) && other_clusters_queue(c, pick->raw)) {
			/* "#PBS -q prod" of a Polaris script pasted to be run "on Frontier": the other system's queue */
			request_reject(r, RF_QUEUE, c->text + c->t[a].start, c->t[b].end - c->t[a].start,
				       "a queue of the pasted script's own system, which the target does not have");
			request_warn(r, "the pasted script's queue '%s' is not one of %s's: left to the target's default", pick->raw,
				     c->cluster->id);
			pick = NULL;
		}
		/* "the dev queue is too small": a queue judged, not chosen */
		if (pick && pick == before && rd_is_any(c, i + 1, copula) && judged_unusable(c, i)) {
			request_reject(r, RF_QUEUE, c->text + c->t[a].start, c->t[b].end - c->t[a].start, "judged unusable");
			strvec_push_nodup(&r->not_queues, xstrdup(pick->raw));
			pick = NULL;
		}
		if (pick) {
			request_set(&r->queue, pick->raw);
			rd_set_from_toks(c, RF_QUEUE, a, b);
			level = pick->corr;
		}
	}
	*levelp = level;
}

void rd_read_queue(struct ctx *c)
{
	struct request *r = c->req;
	size_t chosen = rule_out_queues(c);
	/* the correction level of the queue read so far; a form's field ("partition: gpuA100x4") stands
	 * unless a correction in prose names another */
	int level = r->queue ? 0 : -1;
	read_cued_queue(c, false, &level);
	/* the queue chosen over one ruled out ("debug is too short, so regular it is") */
	if (chosen < c->n && (!r->queue || level < 0 || c->t[chosen].corr >= level)) {
		request_set(&r->queue, c->t[chosen].raw);
		rd_set_from_toks(c, RF_QUEUE, chosen, chosen);
		c->t[chosen].used = true;
		level = c->t[chosen].corr;
	}
	/* a queue the cluster has, named on its own after a correction of the queue read (or asked) before it:
	 * "prod queue? no wait, use preemptable" */
	for (size_t i = 0; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->source || t->neg || t->corr == 0 || t->corr <= level || !queue_known(c, t->raw) ||
		    is_gpu_unit(t->norm) || !queue_cue_before(c, i) || (i > 0 && c->t[i - 1].is_num) ||
		    rd_directive_line_at(c, t->start))
			continue; /* not "one GPU" on Bridges-2, whose partition is named GPU; not a pasted script's own
				   * directive, which words edit (read below) */
		request_set(&r->queue, t->raw);
		rd_set_from_toks(c, RF_QUEUE, i, i);
		level = t->corr;
	}
	/* a queue name right after the cluster's: "pm debug 1 node", "Polaris prod, 2 nodes" */
	for (size_t i = 1; i < c->n && !r->queue; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->source || t->copied || !c->t[i - 1].cluster || c->t[i - 1].trail || !queue_known(c, t->raw) ||
		    (i + 1 < c->n && (rd_is(c, i + 1, "queue") || rd_is(c, i + 1, "partition"))))
			continue;
		request_set(&r->queue, t->raw);
		rd_set_from_toks(c, RF_QUEUE, i, i);
	}
	/* "5 nodes in regular for 4 hours", "on capacity, please": a queue of the target after "in"/"on",
	 * ending its phrase (not "in regular intervals") */
	for (size_t i = 1; i < c->n && !r->queue; i++) {
		const struct tok *t = &c->t[i];
		/* (and after a verb that picks it: "go capacity with 8 nodes", "use debug for 30 min") */
		if (t->used || t->source || t->copied || t->neg || !queue_known(c, t->raw) || is_gpu_unit(t->norm) ||
		    !(rd_is(c, i - 1, "in") || rd_is(c, i - 1, "on") || rd_is(c, i - 1, "into") || rd_is(c, i - 1, "go") ||
		      rd_is(c, i - 1, "use") || rd_is(c, i - 1, "try")) ||
		    c->t[i - 1].trail)
			continue;
		static const char *const ends[] = {"for", "with", "and", "at", "queue", "partition", "qos", "please", "to", "instead",
						   "rather", "on", "using", NULL}; /* "in regular on 4 nodes" */
		if (t->trail || i + 1 >= c->n || rd_is_any(c, i + 1, ends) || rd_sentence_end_after(c, i)) {
			request_set(&r->queue, t->raw);
			rd_set_from_toks(c, RF_QUEUE, i, i);
		}
	}
	/* a queue name standing as an item of its own: "Polaris, 2 nodes, capacity, 3 hours" */
	for (size_t i = 0; i < c->n && !r->queue; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->source || t->copied || !queue_known(c, t->raw))
			continue;
		bool please = i + 1 < c->n && rd_is_any(c, i + 1, (const char *const[]){"please", "pls", "plz", NULL}) &&
			      (c->t[i + 1].trail == ',' || c->t[i + 1].trail == ';' || i + 2 == c->n); /* "prod pls," */
		bool item_end = t->trail == ',' || t->trail == ';' || i + 1 == c->n || please || rd_newline_between(c, i, i + 1);
		/* (or after the words another field took, in a line without commas: "pm 2 nodes 20 min debug, ...",
		 * "frontier 40 nodes 4 h batch" closing the text) */
		bool item_start = i == 0 || c->t[i - 1].trail == ',' || c->t[i - 1].trail == ';' || c->t[i - 1].trail == ':' ||
				  (i >= 2 && c->t[i - 2].is_num && !c->t[i - 1].trail &&
				   (duration_unit(c->t[i - 1].norm) > 0 || is_node_unit(c->t[i - 1].norm)));
		if (item_end && item_start) {
			request_set(&r->queue, t->raw);
			rd_set_from_toks(c, RF_QUEUE, i, i);
		}
	}
	/* a pasted job script's own queue, where the request names none in words */
	if (!r->queue)
		read_cued_queue(c, true, &level);
	for (size_t i = 0; i < c->n && !r->queue; i++)
		if (!c->t[i].used && !c->t[i].source && !c->t[i].copied && distinctive_queue(c, &c->t[i])) {
			request_set(&r->queue, c->t[i].raw);
			rd_set_from_toks(c, RF_QUEUE, i, i);
		}
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
							  (rd_identifier_like(c->t[k].raw) && has_digit_or_mark(c->t[k].raw) &&
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
	const char *p = strchr(w, '-');
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

/* A memory size said of the GPUs, apart from any model's name: "80GB GPUs", "the 80 GB GPU nodes", "GPUs
 * with 80GB of memory", "A100 GPUs with 80GB memory", "V100 GPUs with 16 GB each", "80 GB of GPU memory",
 * "80GB memory per GPU", "80GB HBM". Its size in GB (tokens a..b hold it), or 0. Host memory ("nodes with
 * 256GB of memory", "64 GB host memory") is not the GPUs'. */
static int gpu_memory_said(const struct ctx *c, size_t *a, size_t *b)
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
		/* before it: "GPUs with / having / that have", "GPU memory (of)" */
		if (!said && i >= 2 && rd_is_any(c, i - 1, (const char *const[]){"with", "having", "of", NULL}) &&
		    (gpu_word(c, i - 2) || (rd_is(c, i - 2, "memory") && gpu_word(c, i - 3))) && !c->t[i - 2].trail)
			said = true;
		if (!said && i >= 3 && rd_is(c, i - 1, "have") && rd_is(c, i - 2, "that") && gpu_word(c, i - 3))
			said = true;
		if (!said && i >= 2 && rd_is(c, i - 1, "memory") && gpu_word(c, i - 2) && !c->t[i - 2].trail)
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
		return gb;
	}
	return 0;
}

/* The GPU model the text names for the target ("8x A100", "H100 nodes", "GH200", "pvc"): it picks the
 * cluster's node type. What is said of another cluster or taken back is not the target's. */
void rd_read_gpu_model(struct ctx *c)
{
	/* a model named in a correction replaces the one before it ("the A40 partition ... scratch that, A100
	 * partition"): the latest correction level that names one */
	int top = 0;
	for (size_t i = 0; i < c->n; i++)
		if (!c->t[i].source && !c->t[i].neg && c->t[i].corr > top && vocab_gpu_model(c->t[i].norm))
			top = c->t[i].corr;
	for (size_t i = 0; i < c->n && !c->req->gpu_model; i++) {
		const struct tok *t = &c->t[i];
		if (t->source || t->neg || (t->copied && rd_foreign_block_at(c, t->start)) || t->corr < top)
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
		size_t last = i;
		if (!gb && i + 1 < c->n && (gb = memory_gb_in(c->t[i + 1].norm)))
			last = i + 1;
		if (!gb && i + 2 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word &&
		    (rd_is(c, i + 2, "gb") || rd_is(c, i + 2, "gib") || rd_is(c, i + 2, "g")) && c->t[i + 1].num >= 8 &&
		    c->t[i + 1].num <= 512) {
			gb = (int)c->t[i + 1].num;
			last = i + 2;
		}
		if (!gb && i > 0)
			gb = memory_gb_in(c->t[i - 1].norm);
		if (!gb && i > 1 && (rd_is(c, i - 1, "gb") || rd_is(c, i - 1, "gib")) && c->t[i - 2].is_num &&
		    !c->t[i - 2].num_word && !c->t[i - 2].trail && c->t[i - 2].num >= 8 && c->t[i - 2].num <= 512)
			gb = (int)c->t[i - 2].num; /* "40 GB A100s" */
		size_t ma, mb;
		if (!gb && (gb = gpu_memory_said(c, &ma, &mb)) && mb > last)
			last = mb; /* "A100 GPUs with 80GB memory" */
		if (gb) {
			char mm[64];
			snprintf(mm, sizeof(mm), "%s-%dgb", m, gb);
			request_set(&c->req->gpu_model, mm);
		} else {
			request_set(&c->req->gpu_model, m);
		}
		rd_set_from_toks(c, RF_GPU_MODEL, i, last);
	}
	size_t a, b;
	int gb;
	if (!c->req->gpu_model && (gb = gpu_memory_said(c, &a, &b))) {
		/* the memory alone: the node type with GPUs of that size, whatever their model */
		char mm[32];
		snprintf(mm, sizeof(mm), "gpu-%dgb", gb);
		request_set(&c->req->gpu_model, mm);
		rd_set_from_toks(c, RF_GPU_MODEL, a, b);
	}
}
