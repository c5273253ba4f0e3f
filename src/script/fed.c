/* fed.c - the job script a driver run on a login node feeds to sbatch or qsub on its standard input
 * (`sbatch --dependency=afterok:$ID <<EOF ... EOF`, `qsub <<'JOB' ... JOB`): the text of that job as the
 * scheduler receives it. An unquoted delimiter lets the driver's shell expand the body when it feeds it
 * (bash(1), "Here Documents"): `\$`, `` \` `` and `\\` lose their backslash, and a variable the driver sets
 * to a constant ($ACCT, ${DEST}) is its value; one it sets from a command's output ($(sbatch ...)) or does
 * not set stays as written. The driver's own lines are blank in the text, so each line keeps its number.
 * A driver whose one job is an `sbatch [OPTIONS] --wrap "CMD"` (sbatch(1): the job script is "#!/bin/sh" and
 * CMD, the options are the job's) gives the job CMD as the driver's shell passed it (quotes removed, the
 * driver's constants given their values), under one #SBATCH line of the options, at CMD's line. */
#include "jobscript.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

/* Appends the value of the driver's constant name (set before command cmd at the batch shell's level to
 * text with no command output), expanded in turn; false when it has none. */
static bool add_constant(const struct jobscript *js, const char *name, size_t n, int cmd, int depth, struct strbuf *out);

static void add_expanded(const struct jobscript *js, const char *s, int cmd, int depth, bool unescape, struct strbuf *out)
{
	for (const char *p = s; *p; p++) {
		if (unescape && *p == '\\' && (p[1] == '$' || p[1] == '`' || p[1] == '\\')) {
			strbuf_addch(out, *++p);
			continue;
		}
		if (*p != '$') {
			strbuf_addch(out, *p);
			continue;
		}
		bool brace = p[1] == '{';
		const char *n = p + 1 + brace;
		size_t l = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		if (!l || (n[0] >= '0' && n[0] <= '9') || (brace && n[l] != '}')) {
			strbuf_addch(out, *p);
			continue;
		}
		size_t before = out->len;
		if (add_constant(js, n, l, cmd, depth + 1, out)) {
			p = n + l + brace - 1;
			continue;
		}
		strbuf_setlen(out, before);
		strbuf_addch(out, *p);
	}
}

static bool add_constant(const struct jobscript *js, const char *name, size_t n, int cmd, int depth, struct strbuf *out)
{
	if (depth > 8)
		return false;
	char *nm = xstrndup(name, n);
	const struct assign *a = js_lookup(js, nm, cmd);
	free(nm);
	if (!a || !a->has_value || a->runtime || a->depth || a->in_cmd_prefix || a->ctl_first || !a->value.raw ||
	    strchr(a->value.raw, '`') || strstr(a->value.raw, "$(") || strchr(a->value.raw, '\n'))
		return false;
	add_expanded(js, a->value.value, a->cmd, depth, false, out);
	return true;
}

/* Appends word w as the driver's shell passes it: quotes removed, its variables that are the driver's
 * constants given their values (an escaped \$X is literal text: the job's own). */
static void add_word(const struct jobscript *js, const struct shword *w, int cmd, struct strbuf *out)
{
	for (size_t k = 0; k < w->nsegs; k++) {
		const struct shseg *g = &w->segs[k];
		size_t before = out->len;
		if (g->kind == SEG_LIT)
			strbuf_adds(out, g->text);
		else if (g->kind == SEG_TILDE)
			strbuf_addch(out, '~');
		else if (!add_constant(js, g->text, strlen(g->text), cmd, 1, out)) {
			strbuf_setlen(out, before);
			strbuf_addf(out, "${%s}", g->text);
		}
	}
}

/* The job of the driver's one `sbatch ... --wrap CMD` (a command of the batch shell's level), as text of the
 * driver's length in lines; NULL when there is none, or several. *fed_line: the sbatch line. */
static char *wrapped_job(const struct jobscript *js, int *fed_line)
{
	const struct jcmd *found = NULL;
	size_t wrap = 0;
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		if (c->depth || c->nassign_prefix >= c->words.nr || strcmp(base_name(c->words.v[c->nassign_prefix].value), "sbatch"))
			continue;
		for (size_t k = c->nassign_prefix + 1; k < c->words.nr; k++) {
			const char *v = c->words.v[k].value;
			if (!strcmp(v, "--wrap") && k + 1 < c->words.nr) {
				if (found)
					return NULL;
				found = c, wrap = k + 1;
				break;
			}
			if (!strncmp(v, "--wrap=", 7)) {
				if (found)
					return NULL;
				found = c, wrap = k;
				break;
			}
		}
	}
	if (!found || !found->word_line)
		return NULL;
	int cmd = (int)(found - js->cmds), at = found->line, wl = found->word_line[wrap];
	if (wl < at)
		wl = at;
	struct strbuf opts = STRBUF_INIT, job = STRBUF_INIT;
	for (size_t k = found->nassign_prefix + 1; k < found->words.nr; k++) {
		const char *v = found->words.v[k].value;
		if (k == wrap || (k + 1 == wrap && !strcmp(v, "--wrap")) || !strcmp(v, "\\"))
			continue;
		if (opts.len)
			strbuf_addch(&opts, ' ');
		add_word(js, &found->words.v[k], cmd, &opts);
	}
	const struct shword *w = &found->words.v[wrap];
	struct strbuf body = STRBUF_INIT;
	add_word(js, w, cmd, &body);
	const char *text = !strncmp(body.buf, "--wrap=", 7) ? body.buf + 7 : body.buf;
	/* the options' line before the command's: the sbatch line, or the one before it when CMD starts there */
	int dl = wl > at ? at : at - 1;
	for (int l = 1; l <= wl; l++) {
		if (l == 1 && dl > 1)
			strbuf_adds(&job, "#!/bin/sh");
		else if (l == dl)
			strbuf_addf(&job, "#SBATCH %s", opts.buf);
		if (l == wl)
			strbuf_adds(&job, text);
		strbuf_addch(&job, '\n');
	}
	strbuf_release(&opts);
	strbuf_release(&body);
	if (dl < 1) { /* `sbatch --wrap CMD` on the first line: no line for its options */
		strbuf_release(&job);
		return NULL;
	}
	*fed_line = at;
	return strbuf_detach(&job);
}

/* The heredoc fed to sbatch or qsub (its command's program word), when there is exactly one; NULL else. */
static const struct heredoc *fed_heredoc(const struct jobscript *js)
{
	const struct heredoc *found = NULL;
	for (size_t k = 0; k < js->nheredocs; k++) {
		const struct heredoc *h = &js->heredocs[k];
		const struct jcmd *c = h->cmd >= 0 && (size_t)h->cmd < js->ncmds ? &js->cmds[h->cmd] : NULL;
		if (!c || c->depth || h->target || c->nassign_prefix >= c->words.nr)
			continue;
		const char *w = base_name(c->words.v[c->nassign_prefix].value);
		if (strcmp(w, "sbatch") && strcmp(w, "qsub"))
			continue;
		if (found)
			return NULL; /* several jobs fed: which one is the port's is the user's to say */
		found = h;
	}
	return found;
}

char *js_fed_job_text(const char *text, size_t len, int *fed_line, bool *wrapped)
{
	*fed_line = 0;
	*wrapped = false;
	/* most scripts feed nothing: no parse for them (a heredoc needs '<', a wrapped job "--wrap") */
	if (len > MAX_SCRIPT_BYTES || (!memchr(text, '<', len) && !memmem(text, len, "--wrap", 6)))
		return NULL;
	struct jobscript js;
	struct maple_error err;
	if (jobscript_parse(text, len, &js, &err) < 0)
		return NULL;
	const struct heredoc *h = fed_heredoc(&js);
	/* a driver: no launch line and no directive of its own (a job script that queues its successor
	 * through a heredoc is a job itself, and the fed job a chain's next link) */
	bool own = false;
	for (size_t i = 0; i < js.ndirs && !own; i++)
		own = !js.dirs[i].ignored;
	if (own || js.nlaunches) {
		jobscript_release(&js);
		return NULL;
	}
	if (!h) {
		char *job = wrapped_job(&js, fed_line);
		*wrapped = job != NULL;
		jobscript_release(&js);
		return job;
	}
	if (!h->body || !strstr(h->body, "#!")) {
		jobscript_release(&js);
		return NULL;
	}
	struct strbuf out = STRBUF_INIT;
	for (int l = 1; l <= h->line; l++)
		strbuf_addch(&out, '\n');
	struct strbuf line = STRBUF_INIT;
	for (const char *b = h->body; *b;) {
		const char *e = strchr(b, '\n');
		size_t n = e ? (size_t)(e - b) : strlen(b);
		strbuf_reset(&line);
		strbuf_add(&line, b, n);
		if (h->quoted)
			strbuf_add(&out, line.buf, line.len);
		else
			add_expanded(&js, line.buf, h->cmd, 0, true, &out);
		strbuf_addch(&out, '\n');
		b = e ? e + 1 : b + n;
	}
	strbuf_release(&line);
	*fed_line = h->line;
	jobscript_release(&js);
	return strbuf_detach(&out);
}

int js_inline_python(const struct jobscript *js, bool *dash_c, const struct heredoc **fed)
{
	*dash_c = false;
	*fed = NULL;
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		for (size_t k = c->nassign_prefix; k < c->words.nr; k++) {
			const char *b = base_name(c->words.v[k].value);
			if (strncmp(b, "python", 6) || strspn(b + 6, "0123456789.") != strlen(b + 6))
				continue;
			size_t p = k + 1;
			while (p < c->words.nr && c->words.v[p].value[0] == '-' && c->words.v[p].value[1] &&
			       strcmp(c->words.v[p].value, "-c") && strcmp(c->words.v[p].value, "-m"))
				p++;
			const char *v = p < c->words.nr ? c->words.v[p].value : NULL;
			const struct heredoc *h = c->heredoc >= 0 && (size_t)c->heredoc < js->nheredocs &&
							  !js->heredocs[c->heredoc].target
						  ? &js->heredocs[c->heredoc]
						  : NULL;
			if (v && !strcmp(v, "-c")) {
				*dash_c = true;
				return (int)i;
			}
			if (h && (!v || !strcmp(v, "-"))) {
				*fed = h;
				return (int)i;
			}
		}
	}
	return -1;
}
