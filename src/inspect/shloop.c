/* shloop.c - the option loops of wrapper scripts: `while [[ "$1" != "" ]]; do case $1 in -m | --model )
 * shift; MODEL=$1 ;; ... esac; shift; done` (QwenLM/Qwen finetune_ds.sh) and `while [ $# -gt 0 ]; case
 * "$1" in -m|--model) MODEL="$2"; shift 2 ;; *) break ;; esac; done`, run over the script's arguments
 * (each $1 chooses its arm), and `while [[ "$#" -gt 0 ]]; do arg="$1"; shift; case "${arg}" in --x) X="$1"; shift ;;`
 * (PKU-Alignment/safe-rlhf: the statements before the case run at each turn, the case looks at their
 * variable). Nothing is run. */
#include "shscan_int.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* One plain statement of an option loop's arm: `shift [N]`, or NAME=value words (expanded). False
 * for anything else. */
static bool run_simple(const char *text, struct shstate *st)
{
	while (*text == ' ')
		text++;
	if (!strncmp(text, "shift", 5) && (!text[5] || isspace((unsigned char)text[5]))) {
		long n = text[5] ? strtol(text + 6, NULL, 10) : 1;
		for (n = n > 0 ? n : 1; n > 0 && json_array_size(st->pos); n--)
			json_array_remove(st->pos, 0);
		return true;
	}
	struct strbuf x = STRBUF_INIT;
	sh_expand(text, st, &x);
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(x.buf, x.len, &ws);
	bool all = ws.nr > 0;
	for (size_t a = 0; a < ws.nr && all; a++) {
		const char *w = ws.v[a].raw ? ws.v[a].raw : ws.v[a].value;
		const char *eq = strchr(w, '=');
		all = eq && sh_is_name(w, eq);
	}
	for (size_t a = 0; a < ws.nr && all; a++) {
		const char *w = ws.v[a].value, *eq = strchr(w, '=');
		char *name = xstrndup(w, (size_t)(eq - w));
		json_t *v = json_string(eq + 1);
		if (v)
			json_object_set_new(st->vars, name, v);
		free(name);
	}
	shwords_release(&ws);
	strbuf_release(&x);
	return all;
}

/* Whether the word w matches a case pattern p: a literal, `*`, or a literal followed by `*`
 * (--lr=*, -*). */
static bool case_match(const char *p, size_t pl, const char *w)
{
	if (pl >= 2 && (p[0] == '"' || p[0] == '\'') && p[pl - 1] == p[0])
		p++, pl -= 2;
	if (pl && p[pl - 1] == '*')
		return !strncmp(w, p, pl - 1);
	return strlen(w) == pl && !strncmp(w, p, pl);
}

#define CASE_ARMS 32

/* An option loop: `while [[ "$1" != "" ]]; do` (or `[ $# -gt 0 ]`), `case $1 in`, arms of
 * `-m | --model ) shift; MODEL=$1 ;;`, `esac`, statements (`shift`), `done` (Qwen's
 * finetune_ds.sh). Run over the positional parameters: each $1 picks its arm; an arm that exits,
 * breaks or matches nothing ends the loop. Returns the index of the `done` line, 0 when the lines at
 * i are not such a loop. */
size_t sh_case_loop(json_t *lines, size_t i, struct shstate *st)
{
#define LT(k) json_string_value(json_array_get(json_array_get(lines, (k)), 1))
	const char *w = LT(i);
	size_t n = json_array_size(lines);
	if (!w || strncmp(w, "while ", 6) || !(strstr(w, "$1") || strstr(w, "$#") || strstr(w, "${1")))
		return 0;
	size_t j = i + 1;
	if (j < n && LT(j) && !strcmp(LT(j), "do"))
		j++;
	/* statements before the case, run at each turn: `arg="$1"`, `shift` (PKU-Alignment/safe-rlhf) */
	size_t pre_start = j;
	while (j < n && j - pre_start < 4 && LT(j) && strncmp(LT(j), "case ", 5))
		j++;
	size_t pre_end = j;
	const char *c = j < n ? LT(j) : NULL;
	if (!c || strncmp(c, "case ", 5))
		return 0;
	/* the word the case looks at: $1, or a variable the statements before it set */
	const char *subj = c + 5, *subj_end = strstr(subj, " in");
	if (!subj_end)
		return 0;
	bool on_pos = pre_end == pre_start && (strstr(c, "$1") || strstr(c, "${1"));
	if (!on_pos && (pre_end == pre_start || !strchr(subj, '$')))
		return 0;
	for (size_t k = pre_start; k < pre_end; k++) {
		const char *t = LT(k);
		bool simple = !strncmp(t, "shift", 5) || (strchr(t, '=') && !strchr(t, ' '));
		if (!simple)
			return 0;
	}
	char *subject = xstrndup(subj, (size_t)(subj_end - subj));
	/* statements: arms are [start, end) ranges of statement strings in stm, patterns in pat */
	json_t *stm = json_array(), *pat = json_array();
	size_t arm_start[CASE_ARMS], arm_end[CASE_ARMS], narms = 0, post = 0, done = 0;
	bool open = false, ok = true, esac = false;
	for (j++; j < n && ok; j++) {
		const char *t = LT(j);
		if (!t)
			continue;
		if (!strncmp(t, "esac", 4)) {
			post = json_array_size(stm);
			esac = true;
			continue;
		}
		if (esac && !strcmp(t, "done")) {
			done = j;
			break;
		}
		if (esac) {
			json_array_append_new(stm, json_string(t));
			continue;
		}
		const char *body = t;
		if (!open) {
			const char *close = strchr(t, ')');
			if (!close || narms >= CASE_ARMS) {
				ok = false;
				break;
			}
			json_array_append_new(pat, json_stringn(t, (size_t)(close - t)));
			arm_start[narms] = json_array_size(stm);
			open = true;
			body = close + 1;
		}
		/* the arm's statements, split at ';' (its end at ";;") */
		const char *end = strstr(body, ";;");
		struct strbuf part = STRBUF_INIT;
		strbuf_add(&part, body, end ? (size_t)(end - body) : strlen(body));
		for (char *p = part.buf, *q; p; p = q) {
			q = strchr(p, ';');
			if (q)
				*q++ = '\0';
			while (*p == ' ')
				p++;
			if (*p)
				json_array_append_new(stm, json_string(p));
		}
		strbuf_release(&part);
		if (end) {
			arm_end[narms++] = json_array_size(stm);
			open = false;
		}
	}
	if (!ok || !done || open) {
		json_decref(stm);
		json_decref(pat);
		free(subject);
		return 0;
	}
	struct strbuf subj_val = STRBUF_INIT;
	for (int round = 0; round < 64 && json_array_size(st->pos); round++) {
		size_t before = json_array_size(st->pos), arm = narms;
		const char *a1 = json_string_value(json_array_get(st->pos, 0));
		if (!on_pos) {
			for (size_t k = pre_start; k < pre_end; k++)
				run_simple(LT(k), st);
			strbuf_reset(&subj_val);
			sh_expand(subject, st, &subj_val);
			struct shwords sw;
			shwords_init(&sw);
			shlex_split(subj_val.buf, subj_val.len, &sw);
			strbuf_reset(&subj_val);
			if (sw.nr == 1)
				strbuf_adds(&subj_val, sw.v[0].value);
			shwords_release(&sw);
			a1 = subj_val.buf;
		}
		for (size_t a = 0; a < narms && arm == narms; a++) {
			const char *pp = json_string_value(json_array_get(pat, a));
			while (pp && *pp) {
				while (*pp == ' ' || *pp == '(')
					pp++;
				const char *bar = strchr(pp, '|');
				size_t pl = bar ? (size_t)(bar - pp) : strlen(pp);
				while (pl && pp[pl - 1] == ' ')
					pl--;
				if (pl && case_match(pp, pl, a1)) {
					arm = a;
					break;
				}
				pp = bar ? bar + 1 : NULL;
			}
		}
		if (arm == narms)
			break;
		bool stop = false;
		for (size_t k = arm_start[arm]; k < arm_end[arm] && !stop; k++) {
			const char *t = json_string_value(json_array_get(stm, k));
			stop = !strncmp(t, "exit", 4) || !strncmp(t, "break", 5) || !strncmp(t, "return", 6);
			if (!stop)
				run_simple(t, st);
		}
		if (stop)
			break;
		for (size_t k = post; k < json_array_size(stm); k++)
			run_simple(json_string_value(json_array_get(stm, k)), st);
		if (json_array_size(st->pos) >= before)
			break;
	}
	strbuf_release(&subj_val);
	free(subject);
	json_decref(stm);
	json_decref(pat);
	return done;
#undef LT
}
