/* functions.c - shell functions of a job script. A launch line inside a function body takes the
 * arguments of the function's call: "$@", $1..$9, ${1}, ${1:-default}, the slices ${@:N} and
 * ${@:N:M}, each counted after the `shift`s the body made before it; an assignment the body makes from
 * them (SEED=$1, local cfg="${1:-base.yaml}", args="$@") takes the call's words too. A command that
 * calls a function the script defines is not a launch of its own: the function's body is (a logging
 * runner `run() { echo "$*"; "$@"; }` called as `run srun python train.py`). */
#include "jobscript.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The name defined on line text (NAME() { / NAME () / function NAME [{]), into name; its length or 0. */
static size_t defines_on(const char *t, char *name, size_t size)
{
	t += strspn(t, " \t");
	bool kw = !strncmp(t, "function ", 9) || !strncmp(t, "function\t", 9);
	if (kw)
		t += 9 + strspn(t + 9, " \t");
	size_t n = 0;
	while (isalnum((unsigned char)t[n]) || t[n] == '_' || t[n] == '-' || t[n] == ':' || t[n] == '.')
		n++;
	if (!n || n >= size || isdigit((unsigned char)t[0]))
		return 0;
	const char *after = t + n + strspn(t + n, " \t");
	if (!(after[0] == '(' && after[1 + strspn(after + 1, " \t")] == ')') && !(kw && (after[0] == '{' || !after[0])))
		return 0;
	memcpy(name, t, n);
	name[n] = 0;
	return n;
}

size_t js_function_at(const struct jobscript *js, int line, char *name, size_t size, int *def)
{
	for (int l = line - 1; l >= 1 && (size_t)l <= js->lines.nr; l--) {
		const char *t = js->lines.v[l - 1];
		t += strspn(t, " \t");
		if (t[0] == '}')
			return 0; /* a body closed before: not inside one */
		size_t n = defines_on(t, name, size);
		if (n) {
			*def = l;
			return n;
		}
	}
	return 0;
}

size_t js_defined_functions(const struct jobscript *js, struct js_fn *fns, size_t max)
{
	size_t n = 0;
	for (size_t l = 1; l <= js->lines.nr && n < max; l++)
		if (defines_on(js->lines.v[l - 1], fns[n].name, sizeof(fns[n].name)))
			fns[n++].line = (int)l;
	return n;
}

bool js_calls_function(const struct jobscript *js, int cmd, const struct js_fn *fns, size_t nfns)
{
	const struct jcmd *c = &js->cmds[cmd];
	if (!nfns || c->nassign_prefix >= c->words.nr || !c->words.v[c->nassign_prefix].raw)
		return false;
	const char *w = c->words.v[c->nassign_prefix].raw;
	for (size_t i = 0; i < nfns; i++)
		if (fns[i].line != c->line && !strcmp(fns[i].name, w))
			return true;
	return false;
}

bool js_positional_ref(const char *raw, struct js_posref *p)
{
	char b[96];
	size_t n = strlen(raw);
	if (n >= 2 && raw[0] == '"' && raw[n - 1] == '"')
		raw++, n -= 2;
	if (!n || n >= sizeof(b) || raw[0] != '$')
		return false;
	memcpy(b, raw, n);
	b[n] = 0;
	*p = (struct js_posref){.from = 1, .count = -1};
	const char *s = b + 1;
	if (!strcmp(s, "@") || !strcmp(s, "*") || !strcmp(s, "{@}") || !strcmp(s, "{*}"))
		return true;
	if (s[0] >= '1' && s[0] <= '9' && !s[1]) {
		p->from = s[0] - '0', p->count = 1;
		return true;
	}
	if (s[0] != '{' || b[n - 1] != '}')
		return false;
	b[n - 1] = 0;
	s++;
	char *e;
	if (s[0] == '@' && s[1] == ':') {
		long from = strtol(s + 2, &e, 10);
		if (e == s + 2 || from < 1 || from > 99)
			return false;
		p->from = (int)from;
		if (*e == ':') {
			const char *c = e + 1;
			long cnt = strtol(c, &e, 10);
			if (e == c || cnt < 0)
				return false;
			p->count = (int)cnt;
		}
		return !*e;
	}
	if (!isdigit((unsigned char)s[0]) || s[0] == '0')
		return false;
	long k = strtol(s, &e, 10);
	p->from = (int)k, p->count = 1;
	if (!*e)
		return true;
	/* ${1:-default} / ${1-default}: a literal default, as var_default accepts */
	const char *d = e[0] == ':' && e[1] == '-' ? e + 2 : e[0] == '-' ? e + 1 : NULL;
	if (!d)
		return false;
	for (const char *q = d; *q; q++)
		if (!isalnum((unsigned char)*q) && !strchr("_./:,@%+=-", *q))
			return false;
	p->def = raw + 1 + (size_t)(d - (b + 1)); /* into raw: it outlives the buffer */
	p->deflen = strlen(d);
	return true;
}

/* How far the body of the function defined on line def has shifted its arguments before line. */
static int shifts_before(const struct jobscript *js, int def, int line)
{
	int n = 0;
	for (size_t k = 0; k < js->ncmds; k++) {
		const struct jcmd *c = &js->cmds[k];
		if (c->depth != 0 || !c->in_control || c->line <= def || c->line >= line || c->nassign_prefix ||
		    c->words.nr < 1 || c->words.nr > 2 || strcmp(c->words.v[0].value, "shift"))
			continue;
		n += c->words.nr == 2 ? atoi(c->words.v[1].value) : 1;
	}
	return n;
}

/* The call of function name (defined on line def) whose words stand in for its arguments: the only
 * call, or one of several with the same words; NULL when there is none. first, ncalls: the first
 * call's command index and the number of calls; differ: calls with different words. */
static const struct jcmd *function_call(const struct jobscript *js, const char *name, int def, int self, int *first,
					int *ncalls, bool *differ)
{
	const struct jcmd *call = NULL;
	*first = -1, *ncalls = 0, *differ = false;
	for (size_t k = 0; k < js->ncmds; k++) {
		const struct jcmd *o = &js->cmds[k];
		if (o->depth != 0 || (int)k == self || o->line == def || o->nassign_prefix >= o->words.nr ||
		    strcmp(o->words.v[o->nassign_prefix].value, name))
			continue;
		++*ncalls;
		if (*first < 0)
			*first = (int)k;
		if (call && (call->words.nr - call->nassign_prefix != o->words.nr - o->nassign_prefix))
			*differ = true;
		for (size_t w = 1; call && !*differ && w < o->words.nr - o->nassign_prefix; w++)
			if (strcmp(call->words.v[call->nassign_prefix + w].raw, o->words.v[o->nassign_prefix + w].raw))
				*differ = true;
		call = o;
	}
	return call;
}

static const struct assign *call_alias(const struct jobscript *js, const struct shword *w, int cmd);

/* Replaces the positional references among command cmd's words by the words src[a0 .. a0+na) stand for
 * (after shift of them were shifted off), and with aliases a variable the function body bound to one
 * of them (local cfg=$1) by that word. */
static void substitute(struct jobscript *js, int cmd, const struct shwords *src, size_t a0, size_t na, int shift,
		       bool aliases)
{
	struct jcmd *c = &js->cmds[cmd];
	struct js_posref p;
	struct shwords out;
	shwords_init(&out);
	size_t cap = c->words.nr + na + 1;
	int *wl = xmalloc(cap * sizeof(int)), *wc = xmalloc(cap * sizeof(int));
#define PUSH(word)                                                      \
	do {                                                            \
		if (out.nr + 1 > cap) {                                 \
			cap *= 2;                                       \
			wl = xrealloc(wl, cap * sizeof(int));           \
			wc = xrealloc(wc, cap * sizeof(int));           \
		}                                                       \
		wl[out.nr] = c->word_line[i];                           \
		wc[out.nr] = c->word_col[i];                            \
		shwords_push(&out, (word));                             \
	} while (0)
	for (size_t i = 0; i < c->words.nr; i++) {
		struct shword *w = &c->words.v[i];
		bool pos = w->raw && js_positional_ref(w->raw, &p);
		const struct assign *alias = aliases && w->raw && !pos ? call_alias(js, w, cmd) : NULL;
		if (alias) {
			/* "$cfg" of `local cfg=$1`: the call's word itself, as the program gets it */
			struct shword cp;
			shword_copy(&cp, &alias->value);
			PUSH(&cp);
			shword_release(w);
			continue;
		}
		if (!pos) {
			PUSH(w);
			continue;
		}
		size_t from = (size_t)(p.from - 1 + shift), to = p.count < 0 ? na : from + (size_t)p.count;
		if (from >= na && p.def) {
			char *d = xstrndup(p.def, p.deflen);
			struct shword lit;
			shword_init_literal(&lit, d);
			free(d);
			PUSH(&lit);
		}
		for (size_t k = from; k < to && k < na; k++) {
			struct shword cp;
			shword_copy(&cp, &src->v[a0 + k]);
			PUSH(&cp);
		}
		shword_release(w);
	}
#undef PUSH
	free(c->words.v);
	c->words = out;
	free(c->word_line);
	free(c->word_col);
	c->word_line = wl;
	c->word_col = wc;
}

void js_function_args(struct jobscript *js, int cmd)
{
	struct jcmd *c = &js->cmds[cmd];
	if (!c->in_control)
		return;
	struct js_posref p;
	bool any = false;
	for (size_t i = 0; i < c->words.nr && !any; i++)
		any = c->words.v[i].raw && (js_positional_ref(c->words.v[i].raw, &p) || call_alias(js, &c->words.v[i], cmd));
	char name[64];
	int def = 0, first, ncalls;
	bool differ;
	if (!any || !js_function_at(js, c->line, name, sizeof(name), &def))
		return;
	const struct jcmd *call = function_call(js, name, def, cmd, &first, &ncalls, &differ);
	if (differ) {
		/* called with different arguments: they stay the function's; a port says which call it takes */
		c->fn_call1 = first + 1;
		c->fn_ncalls = ncalls;
		return;
	}
	if (!call)
		return;
	int shift = shifts_before(js, def, c->line);
	size_t a0 = call->nassign_prefix + 1;
	substitute(js, cmd, &call->words, a0, call->words.nr - a0, shift, true);
}

void js_shell_args(struct jobscript *js, int inner, int outer, size_t a0)
{
	const struct jcmd *o = &js->cmds[outer];
	struct js_posref p;
	bool any = false;
	for (size_t i = 0; i < js->cmds[inner].words.nr && !any; i++)
		any = js->cmds[inner].words.v[i].raw && js_positional_ref(js->cmds[inner].words.v[i].raw, &p);
	if (any && a0 <= o->words.nr) {
		struct shwords args; /* a copy: inner's words may be reallocated next to outer's */
		shwords_init(&args);
		for (size_t k = a0; k < o->words.nr; k++) {
			struct shword cp;
			shword_copy(&cp, &o->words.v[k]);
			shwords_push(&args, &cp);
		}
		substitute(js, inner, &args, 0, args.nr, 0, false);
		shwords_release(&args);
	}
}

/* The call's words from..to as one assignment value: one word as it is; several ("$@") joined in
 * double quotes, when each is plain enough to stand there (no quote, backslash or backquote). */
static bool call_value(const struct jcmd *call, size_t from, size_t to, struct shword *v)
{
	size_t a0 = call->nassign_prefix + 1, na = call->words.nr - a0;
	if (to > na)
		to = na;
	if (to == from + 1) {
		shword_copy(v, &call->words.v[a0 + from]);
		return true;
	}
	struct strbuf raw = STRBUF_INIT;
	strbuf_addch(&raw, '"');
	for (size_t k = from; k < to; k++) {
		const char *x = call->words.v[a0 + k].value;
		if (strpbrk(x, "\"'\\`")) {
			strbuf_release(&raw);
			return false;
		}
		strbuf_addf(&raw, "%s%s", k > from ? " " : "", x);
	}
	strbuf_addch(&raw, '"');
	size_t pos = 0;
	bool ok = shlex_value(raw.buf, raw.len, &pos, v);
	strbuf_release(&raw);
	return ok;
}

void js_function_assigns(struct jobscript *js)
{
	for (size_t i = 0; i < js->nassigns; i++) {
		struct assign *a = &js->assigns[i];
		struct js_posref p;
		if (a->depth != 0 || !a->has_value || !a->value.raw || a->cmd < 0 || !js->cmds[a->cmd].in_control ||
		    !js_positional_ref(a->value.raw, &p))
			continue;
		char name[64];
		int def = 0, first, ncalls;
		bool differ;
		if (!js_function_at(js, a->line, name, sizeof(name), &def))
			continue;
		const struct jcmd *call = function_call(js, name, def, -1, &first, &ncalls, &differ);
		if (!call || differ)
			continue;
		size_t na = call->words.nr - call->nassign_prefix - 1;
		size_t from = (size_t)(p.from - 1 + shifts_before(js, def, a->line));
		size_t to = p.count < 0 ? na : from + (size_t)p.count;
		struct shword v;
		if (from < na && to > from) {
			if (!call_value(call, from, to, &v))
				continue;
		} else if (p.def) {
			char *d = xstrndup(p.def, p.deflen);
			shword_init_literal(&v, d);
			free(d);
		} else {
			continue; /* not given by the call: empty, as the job ran it; left as written */
		}
		shword_release(&a->value);
		a->value = v;
		a->from_call = to <= from + 1; /* one word of the call (or the default), not "$@" joined */
	}
}

/* A word that is one variable (cfg, "$cfg", ${cfg}) the function body set from its call's arguments
 * (local cfg=$1): that assignment, else NULL. */
static const struct assign *call_alias(const struct jobscript *js, const struct shword *w, int cmd)
{
	if (w->nsegs != 1 || w->segs[0].kind != SEG_VAR)
		return NULL;
	const struct assign *a = js_lookup(js, w->segs[0].text, cmd);
	return a && a->from_call && a->depth == 0 && js->cmds[a->cmd].in_control ? a : NULL;
}
