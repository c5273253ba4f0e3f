/* loop.c - a launch line inside the old script's `for` loops (a sweep over seeds or learning rates):
 * the port carries each loop whose variable the program's arguments use around its own launch line,
 * header as written; a loop maple cannot carry (read, select, other launches or steps in its body)
 * refuses the port with the reason. */
#include "port.h"

#include "../shell/words.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int port_loop_binds(const struct jobscript *js, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < js->lines.nr; i++) {
		const char *l = js->lines.v[i];
		l += strspn(l, " \t");
		const char *rest = NULL;
		if (!strncmp(l, "for ", 4) || !strncmp(l, "select ", 7))
			rest = l + (l[0] == 'f' ? 4 : 7);
		if (rest) {
			rest += strspn(rest, " (");
			if (!strncmp(rest, name, n) && !(rest[n] == '_' || isalnum((unsigned char)rest[n])))
				return (int)i + 1;
			continue;
		}
		const char *r = strstr(l, "read ");
		if (!r || (r != l && r[-1] != ' ' && r[-1] != ';'))
			continue;
		for (const char *p = strstr(r, name); p; p = strstr(p + 1, name))
			if (p[-1] == ' ' && !(p[n] == '_' || isalnum((unsigned char)p[n])))
				return (int)i + 1;
	}
	return 0;
}

/* The number of `do` (+1) and `done` (-1) keywords among the shell words of line l (outside quotes and
 * comments); *opens is set when a `do` is among them. */
static int do_balance(const char *l, bool *opens)
{
	int bal = 0;
	char q = 0;
	for (const char *p = l; *p;) {
		if (q) {
			if (*p == q)
				q = 0;
			p++;
			continue;
		}
		if (*p == '\'' || *p == '"') {
			q = *p++;
			continue;
		}
		if (*p == '#' && (p == l || isspace((unsigned char)p[-1])))
			break;
		if (isalpha((unsigned char)*p) && (p == l || strchr(" \t;&|", p[-1]))) {
			const char *e = p;
			while (isalnum((unsigned char)*e) || *e == '_')
				e++;
			if (!*e || strchr(" \t;&|", *e)) {
				if (e - p == 2 && !strncmp(p, "do", 2))
					bal++, *opens = true;
				else if (e - p == 4 && !strncmp(p, "done", 4))
					bal--;
			}
			p = e;
			continue;
		}
		p++;
	}
	return bal;
}

/* The last line of the loop whose header starts on line first (its `done`), and in *do_line the line of
 * its `do`; 0 when it does not close. */
static int loop_end(const struct jobscript *js, int first, int *do_line)
{
	int depth = 0;
	bool opened = false;
	*do_line = 0;
	for (int l = first; l >= 1 && (size_t)l <= js->lines.nr; l++) {
		bool opens = false;
		depth += do_balance(js->lines.v[l - 1], &opens);
		if (opens && !*do_line)
			*do_line = l;
		opened |= opens;
		if (opened && depth <= 0)
			return l;
	}
	return 0;
}

/* Whether command c of the loop's body is one the port may leave out of the carried loop: it only says
 * or makes something (echo, printf, mkdir, date, sleep, :, true). */
static bool harmless_in_body(const struct jcmd *c)
{
	static const char *const ok[] = {"echo", "printf", "mkdir", "date", "sleep", ":", "true", NULL};
	if (c->nassign_prefix >= c->words.nr)
		return false;
	const char *w = c->words.v[c->nassign_prefix].value;
	for (int i = 0; ok[i]; i++)
		if (!strcmp(w, ok[i]))
			return true;
	return false;
}

int port_carry_loops(const struct script_reading *sr, struct request *req, struct strvec *why, const char *target_id,
		     int *nloops)
{
	const struct jobscript *js = &sr->js;
	*nloops = 0;
	if (sr->plan.launch < 0)
		return 0;
	const struct jcmd *lc = &js->cmds[js->launches[sr->plan.launch].cmd];
	int firsts[8], n = 0;
	for (size_t i = 0; i < req->args.nr; i++) {
		const struct shword *w = &req->args.v[i];
		for (size_t k = 0; k < w->nsegs; k++) {
			if (w->segs[k].kind != SEG_VAR || js_lookup(js, w->segs[k].text, (int)js->ncmds))
				continue;
			int ll = port_loop_binds(js, w->segs[k].text);
			if (ll <= 0)
				continue;
			const char *hl = js->lines.v[ll - 1] + strspn(js->lines.v[ll - 1], " \t");
			int dl = 0, end = strncmp(hl, "for ", 4) ? 0 : loop_end(js, ll, &dl);
			bool encloses = !sr->helper && end > 0 && ll < lc->line && lc->last_line < end && dl >= ll && dl < lc->line;
			/* the body: the launch and what only says or makes something */
			for (size_t c = 0; encloses && c < js->ncmds; c++) {
				const struct jcmd *bc = &js->cmds[c];
				if (bc != lc && bc->depth == 0 && bc->line > dl && bc->line < end && !harmless_in_body(bc))
					encloses = false;
			}
			if (!encloses || dl - ll > 2) {
				strvec_pushf(why, "argument %s takes $%s from the loop on line %d: maple carries a `for` loop around "
						  "the launch only when the loop holds the launch and nothing else that runs; port it with a "
						  "value (--from OLD --to %s 'train.py ARGS') and put the loop around the ported launch line "
						  "by hand",
					     w->value, w->segs[k].text, ll, target_id);
				return -1;
			}
			bool seen = false;
			for (int j = 0; j < n; j++)
				seen |= firsts[j] == ll;
			if (!seen && n < 8)
				firsts[n++] = ll;
		}
	}
	/* outermost first */
	for (int a = 1; a < n; a++)
		for (int b = a; b > 0 && firsts[b - 1] > firsts[b]; b--) {
			int t = firsts[b];
			firsts[b] = firsts[b - 1];
			firsts[b - 1] = t;
		}
	for (int j = 0; j < n; j++) {
		int dl = 0, end = loop_end(js, firsts[j], &dl);
		struct strbuf h = STRBUF_INIT;
		strbuf_addf(&h, "# the old job's loop around its launch (lines %d-%d), carried over\n", firsts[j], end);
		for (int l = firsts[j]; l <= dl; l++)
			strbuf_addf(&h, "%s%s", l > firsts[j] ? "\n" : "", js->lines.v[l - 1] + strspn(js->lines.v[l - 1], " \t"));
		strvec_push(&req->pre_steps, h.buf);
		strbuf_release(&h);
		request_warn(req, "lines %d-%d: the loop around the launch is carried over around the port's launch line (its "
				  "variable is in the program's arguments)",
			     firsts[j], end);
	}
	if (n > 0) { /* the loops close before the old job's steps after the training */
		struct strvec post = STRVEC_INIT;
		for (int j = 0; j < n; j++)
			strvec_pushf(&post, "done  # the loop of line %d", firsts[n - 1 - j]);
		for (size_t i = 0; i < req->post_steps.nr; i++)
			strvec_push(&post, req->post_steps.v[i]);
		strvec_clear(&req->post_steps);
		req->post_steps = post;
	}
	*nloops = n;
	return 0;
}

void port_loops_last(struct request *req, int nloops)
{
	/* the carried loop headers after every other step before the launch (the carried assignments and
	 * settings files run once, before the loop) */
	for (int j = 0; j < nloops; j++) {
		size_t from = (size_t)-1;
		for (size_t i = 0; i < req->pre_steps.nr; i++)
			if (!strncmp(req->pre_steps.v[i], "# the old job's loop around its launch", 38)) {
				from = i;
				break;
			}
		if (from == (size_t)-1)
			return;
		char *h = req->pre_steps.v[from];
		memmove(&req->pre_steps.v[from], &req->pre_steps.v[from + 1], (req->pre_steps.nr - from - 1) * sizeof(char *));
		req->pre_steps.v[req->pre_steps.nr - 1] = h;
		/* its variable exported (empty until the loop sets it): the tasks' own shells read it */
		const char *f = strstr(h, "\nfor ");
		if (!f)
			continue;
		f += 5;
		f += strspn(f, " (");
		size_t n = strspn(f, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		char name[128];
		if (!n || n >= sizeof(name))
			continue;
		memcpy(name, f, n);
		name[n] = '\0';
		if (strvec_find(&req->env_names, name) >= 0)
			continue;
		struct shwords v;
		shwords_init(&v);
		shlex_split("''", 2, &v);
		if (v.nr == 1) {
			strvec_push(&req->env_names, name);
			shwords_push(&req->env_values, &v.v[0]);
			v.nr = 0;
		}
		shwords_release(&v);
	}
}
