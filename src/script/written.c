/* written.c - files the job script writes for its tasks to run: which heredoc (or printf/echo of literal
 * text) wrote the file a launcher runs, and what an `srun --multi-prog FILE` configuration that the script
 * writes starts on every task rank. (The heredocs themselves are read in
 * shparse.c; launch.c follows `srun bash FILE` and `srun ./FILE` into the body of the one that wrote FILE.) */
#include "jobscript.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>

const struct heredoc *js_written_file(const struct jobscript *js, const char *word, int cmd)
{
	const struct heredoc *found = NULL, *same_base = NULL;
	int nbase = 0;
	const char *wb = base_name(word);
	for (size_t i = 0; i < js->nheredocs; i++) {
		const struct heredoc *h = &js->heredocs[i];
		const char *t = h->target;
		if (!t || h->cmd >= cmd)
			continue;
		if (!strcmp(t, word) || (!strncmp(t, "./", 2) && !strcmp(t + 2, word)) ||
		    (!strncmp(word, "./", 2) && !strcmp(word + 2, t)))
			found = h;
		else if (!strchr(wb, '$') && !strcmp(base_name(t), wb) && (!same_base || strcmp(same_base->target, t)))
			same_base = h, nbase++;
	}
	/* a printf or echo that wrote it later than the heredoc did */
	for (size_t i = 0; i < js->ncmdfiles; i++) {
		const struct heredoc *h = &js->cmdfiles[i];
		if (h->cmd < cmd && (!found || h->cmd > found->cmd) &&
		    (!strcmp(h->target, word) || (!strncmp(word, "./", 2) && !strcmp(word + 2, h->target)) ||
		     (!strncmp(h->target, "./", 2) && !strcmp(h->target + 2, word))))
			found = h;
	}
	/* the same file by another path (cat > ${WORKDIR}/run.sh, then cd and srun bash run.sh): one only */
	return found ? found : nbase == 1 ? same_base : NULL;
}

/* Whether every segment of w is literal text (a single-quoted or plain word: what it writes is known). */
static bool literal_word(const struct shword *w)
{
	for (size_t k = 0; k < w->nsegs; k++)
		if (w->segs[k].kind != SEG_LIT)
			return false;
	return !strchr(w->raw, '`') && !strstr(w->raw, "$(");
}

/* Appends s with printf's and echo -e's backslash escapes \n, \t, \\ read; false on any other. */
static bool add_escaped(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		if (*s != '\\') {
			strbuf_addch(sb, *s);
			continue;
		}
		s++;
		if (*s == 'n')
			strbuf_addch(sb, '\n');
		else if (*s == 't')
			strbuf_addch(sb, '\t');
		else if (*s == '\\')
			strbuf_addch(sb, '\\');
		else
			return false;
	}
	return true;
}

/* What `printf FMT ARGS...` writes, FMT of %s, %%, text and the escapes above (reused while arguments
 * remain, as printf does); false for another format. */
static bool printf_text(const struct shwords *ws, size_t f, struct strbuf *out)
{
	const char *fmt = ws->v[f].value;
	size_t a = f + 1;
	do {
		for (const char *p = fmt; *p; p++) {
			if (*p == '%') {
				if (p[1] == '%') {
					strbuf_addch(out, '%'), p++;
					continue;
				}
				if (p[1] != 's')
					return false;
				if (a < ws->nr)
					strbuf_adds(out, ws->v[a++].value);
				p++;
				continue;
			}
			char one[3] = {p[0], p[0] == '\\' ? p[1] : 0, 0};
			if (p[0] == '\\' && !p[1])
				return false;
			if (!add_escaped(out, one))
				return false;
			p += p[0] == '\\';
		}
	} while (a < ws->nr && a > f + 1 && strstr(fmt, "%s"));
	return true;
}

void js_written_by_commands(struct jobscript *js)
{
	for (size_t ci = 0; ci < js->ncmds; ci++) {
		const struct jcmd *c = &js->cmds[ci];
		size_t w = c->nassign_prefix;
		if (c->depth != 0 || !c->redirect_out || w >= c->words.nr || c->line < 1 ||
		    strstr(js->lines.v[c->line - 1], ">>"))
			continue;
		const char *cmd = c->words.v[w].value;
		bool is_printf = !strcmp(cmd, "printf"), is_echo = !strcmp(cmd, "echo");
		if (!is_printf && !is_echo)
			continue;
		bool ok = true;
		for (size_t k = w + 1; k < c->words.nr && ok; k++)
			ok = literal_word(&c->words.v[k]);
		if (!ok)
			continue;
		struct strbuf body = STRBUF_INIT;
		if (is_printf) {
			ok = w + 1 < c->words.nr && c->words.v[w + 1].value[0] != '-' && printf_text(&c->words, w + 1, &body);
		} else {
			size_t k = w + 1;
			bool esc = false, nl = true;
			for (; k < c->words.nr && (!strcmp(c->words.v[k].value, "-e") || !strcmp(c->words.v[k].value, "-n")); k++)
				esc |= c->words.v[k].value[1] == 'e', nl &= c->words.v[k].value[1] != 'n';
			for (size_t j = k; j < c->words.nr && ok; j++) {
				if (j > k)
					strbuf_addch(&body, ' ');
				if (esc)
					ok = add_escaped(&body, c->words.v[j].value);
				else
					strbuf_adds(&body, c->words.v[j].value);
			}
			if (nl)
				strbuf_addch(&body, '\n');
		}
		if (!ok || !body.len) {
			strbuf_release(&body);
			continue;
		}
		JS_GROW(js->cmdfiles, js->ncmdfiles);
		struct heredoc *h = &js->cmdfiles[js->ncmdfiles++];
		memset(h, 0, sizeof(*h));
		h->line = c->line - 1; /* its text is read at the command's line */
		h->target = xstrdup(c->redirect_out);
		h->body = strbuf_detach(&body);
		h->cmd = (int)ci;
		h->quoted = true; /* literal text: written as it stands */
	}
}

/* Whether w (n bytes) is a task-rank list of a --multi-prog line: `*`, or numbers, ranges and commas
 * (https://slurm.schedmd.com/srun.html#SECTION_MULTIPLE-PROGRAM-CONFIGURATION). */
static bool rank_list(const char *w, size_t n)
{
	if (n == 1 && w[0] == '*')
		return true;
	for (size_t i = 0; i < n; i++)
		if (!strchr("0123456789-,", w[i]))
			return false;
	return n > 0 && w[0] >= '0' && w[0] <= '9';
}

char *js_multiprog_uniform(const char *body)
{
	char *prog = NULL;
	bool same = true;
	for (const char *p = body; p && *p && same;) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		const char *l = p;
		p = eol ? eol + 1 : p + len;
		size_t i = strspn(l, " \t");
		if (i >= len || l[i] == '#')
			continue;
		size_t rn = strcspn(l + i, " \t\n");
		if (!rank_list(l + i, rn)) {
			same = false;
			break;
		}
		i += rn;
		i += strspn(l + i, " \t");
		size_t e = len;
		while (e > i && (l[e - 1] == ' ' || l[e - 1] == '\t' || l[e - 1] == '\r'))
			e--;
		if (e <= i) {
			same = false;
			break;
		}
		if (!prog)
			prog = xstrndup(l + i, e - i);
		else if (strlen(prog) != e - i || memcmp(prog, l + i, e - i))
			same = false;
	}
	if (!same) {
		free(prog);
		return NULL;
	}
	return prog;
}

bool js_sourced_sets(const struct jobscript *js, const char *name, int line)
{
	for (size_t i = 0; i < js->ncmds; i++) {
		const struct jcmd *c = &js->cmds[i];
		if (c->line > line)
			continue;
		for (size_t w = c->nassign_prefix; w + 1 < c->words.nr; w++) {
			const char *v = c->words.v[w].value;
			if (strcmp(v, "source") && strcmp(v, "."))
				continue;
			/* `source ./env.sh`, also after `&&` or `;` in a per-task shell's string (its own command) */
			if (w != c->nassign_prefix)
				break;
			const struct heredoc *h = js_written_file(js, c->words.v[w + 1].value, (int)i);
			if (!h || !h->body || !strstr(h->body, name))
				break;
			struct jobscript f;
			struct maple_error err;
			if (jobscript_parse(h->body, strlen(h->body), &f, &err) < 0)
				break;
			bool set = false;
			for (size_t a = 0; a < f.nassigns && !set; a++)
				set = !strcmp(f.assigns[a].name, name) && f.assigns[a].has_value && !f.assigns[a].in_cmd_prefix;
			jobscript_release(&f);
			if (set)
				return true;
			break;
		}
	}
	return false;
}
