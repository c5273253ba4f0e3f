/* question_replies.c - a request written as answers to questions, one per line:
 *     1. Which cluster? Polaris            Q: how many nodes?          How long? -> 3h
 *     2. How many nodes? 4                 A: 16                       - Program + args? python x.py --bf16
 * Each question that names one field (through the vocabulary's form keys: "how many nodes", "which
 * cluster", "time limit", "which allocation should it charge") and has a short answer becomes the form
 * line "field: answer", which the form layer reads like any other. A question that names no field or
 * several ("How many nodes and GPUs?"), or whose answer is a sentence of its own ("Which queue should I
 * use? I need 2 nodes ..."), stays as it was. */
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_LINES 128

struct qline {
	const char *s; /* the line, without its indentation and trailing space */
	size_t n;
	bool marked;	 /* opens with a list marker or "Q:" */
	int num;	 /* the number of its list marker ("2." / "2)"), 0 when none */
	bool quoted;	 /* a quoted line ("> how many nodes?") of the message answered */
	bool drop;	 /* a question answered on a numbered line further down: not written out */
	bool q_label;	 /* opens with "Q:" (the answer may stand on the next line) */
	size_t qa, qe;	 /* the question's words: s[qa, qe) (qe at the '?'); qe == 0: no question */
	size_t aa;	 /* where the answer starts on the same line (== n: none) */
	enum vkey key;	 /* the field the question names */
	char alias[100]; /* by which key words ("hours", "time_limit"; "script" for the program's fields) */
	const char *ans; /* the answer, on this line or the next */
	size_t ans_n;
	int answer_line; /* the index of the line holding the answer, when not this one; -1 otherwise */
};

/* Words a question is made of that name no field even when the vocabulary lists them as a key (verbs,
 * one-letter keys, "mode"). */
static bool ignored_word(const char *w)
{
	static const char *const words[] = {"run", "exec", "launch", "mode", "select", "port", "host", "target", NULL};
	if (strlen(w) < 2)
		return true;
	for (size_t i = 0; words[i]; i++)
		if (!strcmp(w, words[i]))
			return true;
	return false;
}

/* Lower-case words of s[a, b) (letters, digits, '_', '-'), at most max, each at most 31 bytes. */
static size_t split_words(const char *s, size_t a, size_t b, char w[][32], size_t max)
{
	size_t n = 0;
	for (size_t i = a; i < b && n < max;) {
		while (i < b && !isalnum((unsigned char)s[i]))
			i++;
		size_t k = 0;
		while (i < b && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '-' || s[i] == '\'')) {
			if (k < 31)
				w[n][k++] = (char)tolower((unsigned char)s[i]);
			i++;
		}
		if (!k)
			continue;
		w[n][k] = '\0';
		if (k > 2 && !strcmp(w[n] + k - 2, "'s")) /* "what's" */
			w[n][k - 2] = '\0';
		n++;
	}
	return n;
}

/* The one field the question's words name: the longest run of words (up to three) that the vocabulary
 * lists as a form key; VK_NONE when none, or when two different fields tie. The training program, its
 * arguments and its command are one field here ("Program + args?"). */
static enum vkey question_key(const char *s, size_t a, size_t b, char alias[100])
{
	char w[16][32];
	size_t n = split_words(s, a, b, w, 16);
	if (n == 0 || n > 12)
		return VK_NONE;
	enum vkey best = VK_NONE;
	size_t best_len = 0;
	bool tie = false;
	for (size_t len = 3; len >= 1; len--) {
		for (size_t i = 0; i + len <= n; i++) {
			char joined[100] = "";
			for (size_t k = 0; k < len; k++) {
				if (k)
					strcat(joined, " ");
				strcat(joined, w[i + k]);
			}
			if (len == 1 && ignored_word(joined))
				continue;
			enum vkey k = vocab_key(joined);
			if (k == VK_SCRIPT_ARGS || k == VK_COMMAND)
				k = VK_SCRIPT;
			if (k == VK_NONE)
				continue;
			if (best == VK_NONE) {
				best = k;
				best_len = len;
				strcpy(alias, k == VK_SCRIPT ? "script" : joined);
				for (char *p = alias; *p; p++)
					if (*p == ' ')
						*p = '_';
			} else if (len == best_len && k != best) {
				tie = true;
			}
		}
		if (best != VK_NONE)
			break;
	}
	return tie ? VK_NONE : best;
}

/* The length of an answer's label at s ("A:", "A1:", "Answer:", "->", "=>", "→", "-", ":"), 0 when none. */
static size_t answer_label(const char *s, size_t n)
{
	static const char *const arrows[] = {"->", "=>", "\xe2\x86\x92", "--", "\xe2\x80\x94", "\xe2\x80\x93", NULL};
	for (size_t i = 0; arrows[i]; i++)
		if (n >= strlen(arrows[i]) && !strncmp(s, arrows[i], strlen(arrows[i])))
			return strlen(arrows[i]);
	if (n >= 7 && !strncasecmp(s, "answer:", 7))
		return 7;
	size_t k = 0;
	if (n > 1 && (s[0] == 'A' || s[0] == 'a')) {
		k = 1;
		while (k < n && isdigit((unsigned char)s[k]))
			k++;
		if (k < n && (s[k] == ':' || s[k] == ')' || (s[k] == '.' && k > 1)))
			return k + 1;
	}
	if (s[0] == ':' || (s[0] == '-' && n > 1 && s[1] == ' '))
		return 1;
	return 0;
}

static size_t skip_space(const char *s, size_t i, size_t n)
{
	while (i < n && (s[i] == ' ' || s[i] == '\t'))
		i++;
	return i;
}

/* Reads one line: its marker, its question and where an answer on the same line starts. */
static void read_line(struct qline *l)
{
	const char *s = l->s;
	size_t n = l->n, i = 0;
	l->qe = 0;
	l->answer_line = -1;
	l->key = VK_NONE;
	if (n > 1 && (s[0] == 'Q' || s[0] == 'q')) { /* "Q:", "Q1:", "Q." */
		size_t k = 1;
		while (k < n && isdigit((unsigned char)s[k]))
			k++;
		if (k < n && (s[k] == ':' || s[k] == '.' || s[k] == ')')) {
			i = k + 1;
			l->marked = l->q_label = true;
		}
	}
	if (!l->marked) {
		size_t k = 0;
		while (k < n && isdigit((unsigned char)s[k]))
			k++;
		if (k > 0 && k < 3 && k < n && (s[k] == '.' || s[k] == ')') && k + 1 < n && s[k + 1] == ' ')
			i = k + 1, l->marked = true, l->num = atoi(s);
		else if (n > 1 && (s[0] == '-' || s[0] == '*') && s[1] == ' ')
			i = 1, l->marked = true;
		else if (n > 3 && !strncmp(s, "\xe2\x80\xa2", 3)) /* • */
			i = 3, l->marked = true;
	}
	i = skip_space(s, i, n);
	const char *q = memchr(s + i, '?', n - i);
	if (!q)
		return;
	l->qa = i;
	l->qe = (size_t)(q - s);
	size_t a = skip_space(s, l->qe + 1, n);
	while (a < n && s[a] == '?')
		a = skip_space(s, a + 1, n);
	size_t lab = answer_label(s + a, n - a);
	l->aa = skip_space(s, a + lab, n);
}

/* Whether an answer is one the form layer can take as the field's value: not a sentence of its own ("I
 * need 2 nodes ...", "not sure yet"), and short unless it is the program and its arguments. */
static bool usable_answer(enum vkey key, const char *s, size_t n)
{
	static const char *const opens[] = {"i",   "i'm", "we",   "we're", "you",   "it",	  "can",   "could",   "should",
					    "would", "do",  "does", "is",    "are",   "not",   "no",	  "unsure", "unknown",
					    "idk", "dunno", "tbd", "maybe", "whatever", "any", "either", "depends", "you're", NULL};
	if (!n)
		return false;
	char w[24][32];
	size_t nw = split_words(s, 0, n, w, 24);
	if (!nw)
		return false;
	for (size_t i = 0; opens[i]; i++)
		if (!strcmp(w[0], opens[i]))
			return false;
	if (memchr(s, '?', n))
		return false;
	return key == VK_SCRIPT || nw <= 6;
}

char *rd_flatten_question_replies(const char *text, size_t len, size_t *out_len)
{
	struct qline l[MAX_LINES];
	size_t n = 0;
	for (size_t a = 0; a <= len && n < MAX_LINES;) {
		const char *nl = memchr(text + a, '\n', len - a);
		size_t b = nl ? (size_t)(nl - text) : len;
		size_t p = skip_space(text, a, b), e = b;
		bool quoted = p < b && text[p] == '>';
		while (p < b && text[p] == '>') /* a quoted line of the message answered ("> 4. allocation?") */
			p = skip_space(text, p + 1, b);
		while (e > p && isspace((unsigned char)text[e - 1]))
			e--;
		memset(&l[n], 0, sizeof(l[n]));
		l[n].quoted = quoted;
		l[n].s = text + p;
		l[n].n = e - p;
		read_line(&l[n]);
		n++;
		if (!nl)
			break;
		a = b + 1;
	}
	if (n >= MAX_LINES)
		return NULL;
	size_t usable = 0, marked = 0;
	for (size_t i = 0; i < n; i++) {
		struct qline *q = &l[i];
		if (!q->qe)
			continue;
		q->key = question_key(q->s, q->qa, q->qe, q->alias);
		if (q->key == VK_NONE)
			continue;
		if (q->aa < q->n) {
			q->ans = q->s + q->aa;
			q->ans_n = q->n - q->aa;
		} else if (i + 1 < n && l[i + 1].n && !l[i + 1].qe) {
			/* the answer on the next line: labelled ("A: 16", "-> 16"), or any line under a "Q:" or under a
			 * quoted question ("> how many nodes?" / "8") */
			const struct qline *r = &l[i + 1];
			size_t lab = answer_label(r->s, r->n);
			if (lab || q->q_label || (q->quoted && !r->quoted)) {
				size_t a = skip_space(r->s, lab, r->n);
				q->ans = r->s + a;
				q->ans_n = r->n - a;
				q->answer_line = (int)i + 1;
			}
		}
		if (!usable_answer(q->key, q->ans, q->ans_n)) {
			q->key = VK_NONE;
			continue;
		}
		usable++;
		marked += q->marked;
	}
	/* numbered answers under numbered questions ("> 4. allocation?" ... "4. NeuroSeg") */
	for (size_t i = 0; i < n; i++) {
		struct qline *a = &l[i];
		if (a->qe || !a->num || a->key != VK_NONE)
			continue;
		for (size_t j = 0; j < i; j++) {
			struct qline *q = &l[j];
			if (q->num != a->num || !q->qe || q->aa < q->n || q->drop)
				continue;
			char alias[100];
			enum vkey k = question_key(q->s, q->qa, q->qe, alias);
			size_t at = 0; /* the answer after its marker ("4. NeuroSeg") */
			while (at < a->n && isdigit((unsigned char)a->s[at]))
				at++;
			at = skip_space(a->s, at + 1, a->n);
			if (k == VK_NONE || !usable_answer(k, a->s + at, a->n - at))
				break;
			a->key = k;
			memcpy(a->alias, alias, sizeof(alias));
			a->ans = a->s + at;
			a->ans_n = a->n - at;
			q->drop = true;
			usable++, marked++;
			break;
		}
	}
	if (usable < 2 && !marked)
		return NULL;
	struct strbuf out = STRBUF_INIT;
	for (size_t i = 0; i < n; i++) {
		const struct qline *q = &l[i];
		if (q->drop)
			continue;
		if (q->key == VK_NONE) {
			strbuf_add(&out, q->s, q->n);
			strbuf_adds(&out, "\n");
			continue;
		}
		strbuf_adds(&out, q->alias);
		strbuf_adds(&out, ": ");
		strbuf_add(&out, q->ans, q->ans_n);
		strbuf_adds(&out, "\n");
		if (q->answer_line >= 0)
			i = (size_t)q->answer_line;
	}
	*out_len = out.len;
	return strbuf_detach(&out);
}
