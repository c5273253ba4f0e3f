/* prose_account.c - the account (allocation, project) as prose states it: "charge m1234", "project is
 * AuroraGPT", an account in an aside or a list, one shaped like the cluster's accounts. */
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
		while (k < c->n && k < i + 6 && !strchr("`'\"", c->text[c->t[k].start]) && /* ("account `id`": the value, set as code) */
		       (c->t[k].cluster || rd_in_list(c->t[k].norm, rd_value_fillers) || (is_strong && rd_in_list(c->t[k].norm, usual))))
			k++;
		/* "charge TACC project CDA24001", "bill the NERSC allocation m1234": a centre's name, then the name */
		if (k + 2 < c->n && (vocab_centre(c->t[k].raw) || !rd_has_digit_or_mark(c->t[k].raw)) &&
		    (rd_is(c, k + 1, "project") || rd_is(c, k + 1, "allocation") || rd_is(c, k + 1, "account")) &&
		    rd_identifier_like(c->t[k + 2].raw) && rd_has_digit_or_mark(c->t[k + 2].raw) && !rd_numeric(c->t[k + 2].norm))
			k += 2;
		/* "account $(id)", "account 'm12$(id)'", "account m1234;touch x": shell text, never an account name */
		if (k < c->n && !c->t[k].used && (is_strong || is_flag) && rd_reject_shell_value(c, k, RF_ACCOUNT, "account", false))
			return;
		if (k < c->n && !c->t[k].used) {
			const struct tok *v = &c->t[k];
			/* "project Delta4", "account Frontier2": next to its key word, a name only like a
			 * cluster's (with a digit or mark) is the account's */
			bool near_cluster = k == i + 1 && rd_has_digit_or_mark(v->raw) && match_cluster_name(c->repo, v->norm) &&
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
			if (ok && is_weak && !named && !rd_has_digit_or_mark(v->raw) && (k != i + 1 || model_family(v->norm)) &&
			    !(k != i + 1 && proper_name_ending_clause(c, k)))
				ok = false;
			/* "the allocation is INCITE": how the time was granted, not the project's name; "our ALCC
			 * allocation covers this": a verb after the program's allocation */
			if (ok && !is_flag && vocab_in(VL_ALLOC_PROGRAM, v->norm))
				ok = false;
			if (ok && !is_flag && i > 0 && vocab_in(VL_ALLOC_PROGRAM, c->t[i - 1].norm) && !rd_has_digit_or_mark(v->raw) &&
			    !isupper((unsigned char)v->raw[0]))
				ok = false;
			/* "bill our usual allocation", "charge the group account": an adjective, not a name */
			if (ok && !is_flag && !rd_has_digit_or_mark(v->raw) && k + 1 < c->n &&
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
							    /* "our allocation is on Vista though": an adverb, no name */
							    "though", "too", "also", "anyway", "now", "then", "instead", "again",
							    "still", "yet", NULL};
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
			if (!v->used && rd_identifier_like(v->raw) && rd_has_digit_or_mark(v->raw) && !rd_numeric(v->norm) &&
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

/* "porting our cobalt script ... to Polaris, same project": the account of a pasted job script of where the
 * job ran before (its directive "-A CompBioAI", "--account=..."), which is not the target's by itself,
 * carried because the words ask for it ("same project", "same account", "keep the allocation"). */
static void same_account_as_pasted(struct ctx *c)
{
	static const char *const acct[] = {"account", "project", "allocation", "acct", NULL};
	bool asked = false;
	for (size_t i = 0; i + 1 < c->n && !asked; i++) {
		if (c->t[i].source || c->t[i].neg || rd_directive_line_at(c, c->t[i].start))
			continue;
		asked = ((rd_is(c, i, "same") && !c->t[i].neg) || rd_is(c, i, "keep")) &&
			(rd_is_any(c, i + 1, acct) || (rd_is(c, i + 1, "the") && i + 2 < c->n && rd_is_any(c, i + 2, acct)));
	}
	if (!asked)
		return;
	for (size_t i = 0; i + 1 < c->n; i++) {
		const struct tok *t = &c->t[i];
		if (!rd_directive_line_at(c, t->start) || !(t->source || t->copied) ||
		    !(!strcmp(t->raw, "-A") || !strcmp(t->norm, "--account") || !strcmp(t->raw, "-P")))
			continue;
		const struct tok *v = &c->t[i + 1];
		if (v->start > t->end + 1 && c->text[t->end] != '=')
			continue;
		if (!rd_identifier_like(v->raw) || rd_numeric(v->norm) || rd_newline_between(c, i, i + 1))
			continue;
		request_set(&c->req->account, v->raw);
		rd_set_from_toks(c, RF_ACCOUNT, i, i + 1);
		request_warn(c->req, "account '%s' carried from the pasted script, as the request asks (\"same project\")", v->raw);
		return;
	}
	/* (or said in words of the earlier run: "> last week: pm, 4 nodes, account m4431" then "same account") */
	for (size_t i = 0; i + 1 < c->n; i++) {
		const struct tok *t = &c->t[i], *v = &c->t[i + 1];
		if (!(t->source || t->copied) || !rd_is_any(c, i, acct) || !(v->source || v->copied) || !rd_identifier_like(v->raw) ||
		    !rd_has_digit_or_mark(v->raw) ||
		    rd_numeric(v->norm) || rd_newline_between(c, i, i + 1) ||
		    (c->cluster && c->cluster->account_pattern && !account_shape_matches(c->cluster, v->raw)))
			continue;
		request_set(&c->req->account, v->raw);
		rd_set_from_toks(c, RF_ACCOUNT, i, i + 1);
		request_warn(c->req, "account '%s' carried from the earlier run, as the request asks (\"same account\")", v->raw);
		return;
	}
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
	if (!c->req->account)
		same_account_as_pasted(c);
}
