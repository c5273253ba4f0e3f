/* marked_args.c - the program's arguments named apart from the command: after a marker word or a verb
 * that hands them over ("my arguments are --dataset beans", "pass `--resume x` to train.py", "give it
 * --res 512"), and flags named again to change or add them ("but with --lr 1e-4", "change --epochs to 20"). */
#include "program.h"
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static bool is_args_marker(const char *w)
{
	return vocab_in(VL_ARGS, w); /* data/lexicon's args_cues */
}

/* Verbs that hand flags to the script: "pass `--resume x` to train.py", "give it --res 512". */
static bool is_args_verb(const char *w)
{
	return vocab_in(VL_ARGS_VERB, w); /* data/lexicon's args_verbs */
}

/* The lower-case word that ends at or before p (blanks skipped); its start in *ws. Empty when there is none
 * or it is too long for w. */
static void word_before(const struct ctx *c, size_t p, size_t *ws, char *w, size_t cap)
{
	size_t we = p;
	while (we > 0 && c->nl[we - 1] == ' ')
		we--;
	size_t s = we;
	while (s > 0 && (isalpha((unsigned char)c->nl[s - 1]) || c->nl[s - 1] == '\''))
		s--;
	*ws = s;
	w[0] = '\0';
	if (we == s || we - s >= cap)
		return;
	for (size_t q = 0; q < we - s; q++)
		w[q] = (char)tolower((unsigned char)c->nl[s + q]);
	w[we - s] = '\0';
}

/* Whether "with" at i follows a verb that runs the program and "it" ("I normally call it with --config x",
 * "launch it with --seed 3", "we run the script with --resume auto"): the flags after it are the program's. */
static bool with_after_run_it(const struct ctx *c, size_t i)
{
	char w[3][16] = {{0}}; /* the three words before "with", nearest first */
	for (size_t k = 0, p = i; k < 3; k++) {
		word_before(c, p, &p, w[k], sizeof(w[k]));
		if (!w[k][0])
			break;
	}
	/* "same entrypoint but with --epochs 10", "the same script with --seed 2", "(train.py) but with --seed 7" */
	/* (data/lexicon's program_nouns) */
	if ((!strcmp(w[1], "same") && vocab_in(VL_PROGRAM_NOUN, w[0])) || !strcmp(w[0], "but") ||
	    (!strcmp(w[0], "but") && !strcmp(w[2], "same") && vocab_in(VL_PROGRAM_NOUN, w[1])))
		return true;
	/* "call it with", "run them with", "run the script with" (data/lexicon's run_verbs) */
	bool the_script = !strcmp(w[0], "script") && !strcmp(w[1], "the");
	const char *obj = the_script ? "it" : w[0], *verb = the_script ? w[2] : w[1];
	return (!strcmp(obj, "it") || !strcmp(obj, "them")) && vocab_in(VL_RUN_VERB, verb);
}

/* "... my arguments are --dataset beans --epochs 3", "pass `--resume x` to train.py", "give it --res 512":
 * the script's arguments named by a marker word or a verb that hands them over, anywhere in the text. */
void rd_read_marked_args(struct ctx *c)
{
	struct request *r = c->req;
	for (size_t i = 0; i < c->len; i++) {
		/* (a part of a longer name is no marker: "scheduler_options=", "select_options") */
		if (!isalpha((unsigned char)c->nl[i]) || (i && (isalnum((unsigned char)c->nl[i - 1]) || c->nl[i - 1] == '_')))
			continue;
		size_t e = i;
		while (e < c->len && (isalpha((unsigned char)c->nl[e]) || c->nl[e] == '-'))
			e++;
		if (e < c->len && c->nl[e] == '_')
			continue;
		char w[32];
		if (e - i >= sizeof(w))
			continue;
		for (size_t q = 0; q < e - i; q++)
			w[q] = (char)tolower((unsigned char)c->nl[i + q]);
		w[e - i] = '\0';
		/* "run `train.py` with `--lr 1e-3`": "with" hands over flags only in a code span of their own */
		bool with = !strcmp(w, "with");
		bool verb = is_args_verb(w) || with;
		size_t vp = 0;
		if (!is_args_marker(w) && !verb)
			continue;
		if (verb) { /* "pass `--resume x` to train.py", "give it --res 512" */
			size_t p = e;
			while (p < c->len && c->nl[p] == ' ')
				p++;
			size_t ol = rd_phrase_at(c->nl + p, c->len - p, VL_ARGS_OBJECT, " "); /* data/lexicon's args_objects */
			if (ol)
				p += ol + 1;
			while (p < c->len && c->nl[p] == ' ')
				p++;
			bool flag_next = p + 1 < c->len && c->nl[p] == '-' && c->nl[p + 1] == '-';
			bool code_flag = p + 2 < c->len && c->nl[p] == '`' && c->nl[p + 1] == '-';
			if ((!flag_next || (with && !with_after_run_it(c, i))) && !code_flag)
				continue;
			vp = p;
		}
		/* skip "are", "is", ":", "=", "of", "being", "like" */
		size_t p = e;
		for (int hop = 0; hop < 3; hop++) {
			while (p < c->len && (isspace((unsigned char)c->nl[p]) || c->nl[p] == ':' ||
					      c->nl[p] == '='))
				p++;
			size_t fl = rd_phrase_at(c->nl + p, c->len - p, VL_ARGS_FILLER, " :"); /* data/lexicon's args_fillers */
			if (!fl)
				break;
			p += fl;
		}
		while (p < c->len && (isspace((unsigned char)c->nl[p]) || c->nl[p] == ':'))
			p++;
		if (verb)
			p = vp;
		if (p >= c->len)
			continue;
		char first = c->nl[p];
		bool code = first == '`';
		size_t end = c->len;
		if (code) {
			const char *cl = memchr(c->nl + p + 1, '`', c->len - p - 1);
			if (!cl)
				continue;
			p++;
			end = (size_t)(cl - c->nl);
		}
		size_t we = p;
		while (we < c->len && !isspace((unsigned char)c->nl[we]))
			we++;
		bool pathish = memchr(c->nl + p, '/', we - p) || memchr(c->nl + p, '=', we - p) ||
			       c->nl[p] == '$' || c->nl[p] == '~';
		if (!(c->nl[p] == '-' || c->nl[p] == '"' || c->nl[p] == '\'' || code || pathish))
			continue;
		/* maple's own "--args '...'": a later flag naming one of maple's fields is maple's again */
		bool script_by_flag = i >= 2 && c->nl[i - 1] == '-' && c->nl[i - 2] == '-';
		size_t ae = rd_read_args(c, p, end, &r->args, 0, script_by_flag);
		if (r->args.nr) {
			request_set_from(r, RF_SCRIPT_ARGS, c->nl + p, ae - p);
			rd_blank(c, i, code ? ae + 1 : ae);
		}
		break;
	}
}

/* "drop --quick", "but without --dry-run this time", "remove the --profile flag", "lose the `--debug` option"
 * (data/lexicon's arg_remove_cues): the flag at i, which the command has, is taken out with the value after
 * it (a word that is no flag). "no need to remove --bf16" and "don't drop --x" take nothing out; a flag the
 * command lacks is left to the other readers ("without --compile it is slower"). Returns where the flag's
 * words end when it was taken out, else 0. */
static size_t remove_flag(struct ctx *c, size_t i)
{
	struct request *r = c->req;
	size_t ws;
	char w[16];
	size_t at = i;
	if (at > 0 && c->nl[at - 1] == '`')
		at--;
	word_before(c, at, &ws, w, sizeof(w));
	if (!strcmp(w, "the")) /* "remove the --profile flag" */
		word_before(c, ws, &ws, w, sizeof(w));
	if (!w[0] || !vocab_in(VL_ARG_REMOVE, w))
		return 0;
	/* "no need to remove", "don't drop", "do not remove", "never drop", "not without" */
	char b1[16], b2[16];
	size_t s1, s2;
	word_before(c, ws, &s1, b1, sizeof(b1));
	if (!strcmp(b1, "to"))
		word_before(c, s1, &s1, b1, sizeof(b1));
	word_before(c, s1, &s2, b2, sizeof(b2));
	if (!strcmp(b1, "not") || !strcmp(b1, "don't") || !strcmp(b1, "dont") || !strcmp(b1, "never") ||
	    !strcmp(b1, "need") || !strcmp(b2, "no"))
		return 0;
	size_t p = i, fe = i;
	while (fe < c->len && !isspace((unsigned char)c->nl[fe]) && c->nl[fe] != '`' && c->nl[fe] != ',' &&
	       c->nl[fe] != ';' && !(c->nl[fe] == '.' && (fe + 1 == c->len || isspace((unsigned char)c->nl[fe + 1]))))
		fe++;
	char flag[64];
	if (fe - p >= sizeof(flag))
		return 0;
	memcpy(flag, c->nl + p, fe - p);
	flag[fe - p] = '\0';
	size_t k = 0;
	while (k < r->args.nr && strcmp(r->args.v[k].value, flag))
		k++;
	if (k == r->args.nr)
		return 0;
	size_t n = k + 1 < r->args.nr && r->args.v[k + 1].value[0] != '-' ? 2 : 1;
	request_warn(r, "argument %s%s%s taken out as the request asks", flag, n == 2 ? " " : "",
		     n == 2 ? r->args.v[k + 1].value : "");
	/* "remove --max_steps 50": the value named with it goes too */
	size_t e = fe < c->len && c->nl[fe] == '`' ? fe + 1 : fe;
	if (n == 2) {
		const char *v = r->args.v[k + 1].value;
		size_t vl = strlen(v), vs = e;
		while (vs < c->len && c->nl[vs] == ' ')
			vs++;
		if (vs + vl <= c->len && !memcmp(c->nl + vs, v, vl) &&
		    (vs + vl == c->len || !isalnum((unsigned char)c->nl[vs + vl])))
			e = vs + vl;
	}
	for (size_t q = k; q < k + n; q++)
		shword_release(&r->args.v[q]);
	memmove(r->args.v + k, r->args.v + k + n, (r->args.nr - k - n) * sizeof(*r->args.v));
	r->args.nr -= n;
	rd_blank(c, ws, e);
	return e;
}

/* "Same job as before (... python train.py --lr 3e-4) but with --lr 1e-4 this time", "change --epochs to
 * 20": a flag the command already has, named again after a word that changes it outside the command
 * (which is blanked by now), takes the new value; "but with --seed 2", "plus --amp": a flag it lacks is
 * added. Maple's own options ("--nodes 4") are not the program's. */
void rd_edit_args(struct ctx *c)
{
	struct request *r = c->req;
	size_t added_end = 0; /* where the last change applied ends */
	for (size_t i = 2; i + 2 < c->len; i++) {
		if (c->nl[i] != '-' || c->nl[i + 1] != '-' || !isalpha((unsigned char)c->nl[i + 2]) ||
		    (c->nl[i - 1] != ' ' && c->nl[i - 1] != '`'))
			continue;
		size_t removed = remove_flag(c, i);
		if (removed) {
			i = removed;
			continue;
		}
		if (c->nl[i - 1] != ' ')
			continue;
		/* the word before the flag */
		size_t ws;
		char w[16];
		word_before(c, i, &ws, w, sizeof(w));
		if (!w[0] || !vocab_in(VL_ARG_CHANGE, w)) /* data/lexicon's arg_change_cues */
			continue;
		size_t p = i;
		struct shword flag;
		if (!shlex_next(c->nl, c->len, &p, &flag, false))
			continue;
		if (rd_maple_field_flag(&flag) || strchr(flag.value, '=')) {
			shword_release(&flag);
			continue;
		}
		/* its value: the next word, unless it is a flag ("--amp --bf16") or prose */
		size_t p2 = p;
		struct shword val;
		bool has_val = shlex_next(c->nl, c->len, &p2, &val, false);
		if (has_val && !strcmp(val.value, "to")) { /* "change --epochs to 20" */
			shword_release(&val);
			has_val = shlex_next(c->nl, c->len, &p2, &val, false);
		}
		if (has_val && (val.value[0] == '-' || (!rd_looks_positional(&val) && !(val.flags & SHW_QUOTED)))) {
			shword_release(&val);
			has_val = false;
		}
		if (has_val)
			rd_strip_sentence_end(&val);
		bool applied = true;
		size_t at = r->args.nr;
		for (size_t k = 0; k < r->args.nr && at == r->args.nr; k++)
			if (!strcmp(r->args.v[k].value, flag.value))
				at = k;
		if (at < r->args.nr) {
			bool old_val = at + 1 < r->args.nr && r->args.v[at + 1].value[0] != '-';
			if (has_val && old_val) {
				shword_release(&r->args.v[at + 1]);
				r->args.v[at + 1] = val;
				has_val = false;
				request_warn(r, "argument %s set to %s as the request asks", flag.value, r->args.v[at + 1].value);
			}
			shword_release(&flag);
		} else if (vocab_in(VL_ARG_ADD, w) || (!strcmp(w, "and") && added_end && ws <= added_end + 2)) {
			/* "but with --seed 2 and --amp" */
			shwords_push(&r->args, &flag);
			if (has_val) {
				shwords_push(&r->args, &val);
				has_val = false;
			}
		} else {
			shword_release(&flag);
			applied = false;
		}
		if (has_val)
			shword_release(&val);
		if (applied) {
			rd_blank(c, i, p2 > p ? p2 : p);
			added_end = p2 > p ? p2 : p;
		}
		i = p;
	}
}
