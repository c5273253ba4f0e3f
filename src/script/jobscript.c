/* jobscript.c - reading a job script: input checks, physical lines, then the header directives,
 * the commands and the launch lines; and freeing it all. */
#include "jobscript.h"

#include "../util/xalloc.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

const char *sched_kind_name(enum sched_kind k)
{
	switch (k) {
	case JS_SLURM:
		return "slurm";
	case JS_PBS:
		return "pbs";
	case JS_LSF:
		return "lsf";
	case JS_FLUX:
		return "flux";
	case JS_COBALT:
		return "cobalt";
	default:
		return "none";
	}
}

/* Returns the offset of the first invalid UTF-8 sequence, or len. */
static size_t utf8_valid_prefix(const unsigned char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		unsigned c = s[i];
		size_t n;
		unsigned min;
		if (c < 0x80) {
			i++;
			continue;
		} else if ((c & 0xe0) == 0xc0) {
			n = 1, min = 0x80, c &= 0x1f;
		} else if ((c & 0xf0) == 0xe0) {
			n = 2, min = 0x800, c &= 0x0f;
		} else if ((c & 0xf8) == 0xf0) {
			n = 3, min = 0x10000, c &= 0x07;
		} else {
			return i;
		}
		if (i + n >= len)
			return i;
		for (size_t k = 1; k <= n; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return i;
			c = (c << 6) | (s[i + k] & 0x3f);
		}
		if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			return i;
		i += n + 1;
	}
	return len;
}

/* Sets js->flux_line: a command that starts a Flux instance inside the job (flux start, flux alloc, flux
 * proxy; also under a launcher: srun -N 4 flux start ./inner.sh, mpiexec ... flux start ...): what that
 * instance runs is its own. A Flux batch job's own lines (#flux: directives, flux run/submit/batch) are
 * read as any scheduler's. */
static void find_flux(struct jobscript *js)
{
	static const char *const subs[] = {"start", "alloc", "proxy", NULL};
	for (size_t i = 0; i < js->ncmds && !js->flux_line; i++) {
		const struct shwords *w = &js->cmds[i].words;
		for (size_t k = js->cmds[i].nassign_prefix; k + 1 < w->nr && !js->flux_line; k++) {
			if (strcmp(w->v[k].value, "flux"))
				continue;
			for (const char *const *s = subs; *s; s++)
				if (!strcmp(w->v[k + 1].value, *s))
					js->flux_line = js->cmds[i].line;
		}
	}
}

int jobscript_parse(const char *text, size_t len, struct jobscript *js, struct maple_error *err)
{
	memset(js, 0, sizeof(*js));
	strvec_init(&js->lines);
	strvec_init(&js->problems);
	if (len == 0)
		return errorf(err, "the script is empty");
	if (len > MAX_SCRIPT_BYTES)
		return errorf(err, "the script is %zu bytes; maple reads scripts up to %d MB", len,
			      MAX_SCRIPT_BYTES / (1024 * 1024));
	const char *nul = memchr(text, '\0', len);
	if (nul) {
		int line = 1;
		for (const char *p = text; p < nul; p++)
			line += *p == '\n';
		return errorf(err, "line %d: a NUL byte: this is a binary file, not a shell script", line);
	}
	size_t bad = utf8_valid_prefix((const unsigned char *)text, len);
	if (bad < len) {
		int line = 1;
		for (size_t i = 0; i < bad; i++)
			line += text[i] == '\n';
		return errorf(err, "line %d: invalid UTF-8 (byte 0x%02x): not a text script, or not UTF-8 encoded", line,
			      (unsigned char)text[bad]);
	}
	js->text = xstrndup(text, len);
	js->len = len;
	/* DOS line ends (\r\n): read as the lines they end (verify reports them from the file's own text); a \r
	 * before each newline would be part of the last word of every line, and a backslash before it would not
	 * continue the line, so the launch line of such a script read as something else */
	if (memchr(text, '\r', len)) {
		size_t o = 0;
		for (size_t i = 0; i < len; i++)
			if (!(text[i] == '\r' && i + 1 < len && text[i + 1] == '\n'))
				js->text[o++] = text[i];
		js->text[o] = '\0';
		js->len = len = o;
		text = js->text;
	}
	/* the lines: one block, not one allocation per line (the vector holds pointers into it) */
	js->line_block = xstrndup(text, len);
	for (size_t i = 0; i < len;) {
		const char *eol = memchr(text + i, '\n', len - i);
		size_t end = eol ? (size_t)(eol - text) : len;
		size_t l = end - i;
		if (l && text[i + l - 1] == '\r')
			l--;
		js->line_block[i + l] = '\0';
		strvec_push_nodup(&js->lines, js->line_block + i);
		i = end + 1;
	}
	parse_directives(js);
	parse_commands(js, js->text, js->len, 1, 1, 0, -1, true);
	drop_quoted_directives(js);
	js_written_by_commands(js);
	find_launches(js);
	find_flux(js);
	js_het_pick(js);
	return 0;
}

void jobscript_release(struct jobscript *js)
{
	free(js->text);
	strvec_clear_shallow(&js->lines);
	free(js->line_block);
	for (size_t i = 0; i < js->ndirs; i++) {
		free(js->dirs[i].opt);
		free(js->dirs[i].spelled);
		free(js->dirs[i].value);
		free(js->dirs[i].problem);
	}
	free(js->dirs);
	for (size_t i = 0; i < js->ncmds; i++) {
		shwords_release(&js->cmds[i].words);
		free(js->cmds[i].redirect_out);
		free(js->cmds[i].word_line);
		free(js->cmds[i].word_col);
	}
	free(js->cmds);
	for (size_t i = 0; i < js->nassigns; i++) {
		free(js->assigns[i].name);
		shword_release(&js->assigns[i].value);
	}
	free(js->assigns);
	for (size_t i = 0; i < js->nheredocs; i++) {
		free(js->heredocs[i].delim);
		free(js->heredocs[i].target);
		free(js->heredocs[i].body);
	}
	free(js->heredocs);
	for (size_t i = 0; i < js->ncmdfiles; i++) {
		free(js->cmdfiles[i].target);
		free(js->cmdfiles[i].body);
	}
	free(js->cmdfiles);
	for (size_t i = 0; i < js->nlaunches; i++) {
		for (size_t k = 0; k < js->launches[i].nstages; k++) {
			struct stage *s = &js->launches[i].stages[k];
			for (size_t o = 0; o < s->nopts; o++)
				free(s->opts[o].value);
			free(s->opts);
		}
		free(js->launches[i].stages);
	}
	free(js->launches);
	strvec_clear(&js->problems);
	memset(js, 0, sizeof(*js));
}

/* Whether line (1-based) ends in a backslash that escapes a blank instead of the newline: "\ " (or
 * "\<tab>") with only blanks, or blanks and a comment, after it. Bash then ends the command on that
 * line (the escaped blank is a word of its own, "\ # note" the word " #") and runs the next line on its
 * own. Only the text after the last unescaped backslash is looked at; quotes are not followed (the
 * caller asks only about a command's last line). */
static bool escaped_blank_at_end(const struct jobscript *js, int line)
{
	if (line < 1 || (size_t)line > js->lines.nr)
		return false;
	const char *l = js->lines.v[line - 1], *b = NULL;
	for (const char *p = l; *p; p++)
		if (*p == '\\' && (p[1] == ' ' || p[1] == '\t'))
			b = p;
	if (!b)
		return false;
	const char *q = b + 1 + strspn(b + 1, " \t");
	return !*q || (*q == '#' && q > b + 1);
}

int js_broken_continuation(const struct jobscript *js, size_t i, bool *escaped)
{
	const struct jcmd *c = &js->cmds[i];
	*escaped = false;
	if (c->depth || !c->words.nr || c->line < 2)
		return 0;
	const struct jcmd *prev = NULL;
	for (size_t k = i; k-- > 0;)
		if (!js->cmds[k].depth) {
			prev = &js->cmds[k];
			break;
		}
	if (!prev || prev->last_line != c->line - 1)
		return 0;
	const char *w = c->words.v[c->nassign_prefix < c->words.nr ? c->nassign_prefix : 0].raw;
	/* -x or --name[=value]; never a case pattern (--lr) or a pipe */
	const char *n = w && w[0] == '-' ? w + 1 + (w[1] == '-') : NULL;
	bool option = n && ((*n >= 'a' && *n <= 'z') || (*n >= 'A' && *n <= 'Z')) && !strpbrk(w, ")|;");
	const char *l = js->lines.v[c->line - 1];
	bool indented = l[0] == ' ' || l[0] == '\t';
	*escaped = escaped_blank_at_end(js, prev->last_line);
	if (option || (*escaped && indented))
		return *escaped ? prev->last_line : c->line;
	return 0;
}
