/* script_edits.c - edits of a pasted job script written as the commands that make them, and labelled
 * before/after lines: a `sed -i 's/--nodes=4/--nodes=2/' job.sh` (or `perl -pi -e 's/.../.../'`) is applied
 * to the pasted lines it matches, before or after the command, and the command itself is taken out (what
 * it did is in the lines now); lines the command's output shows after it ("$ grep SBATCH job.sh") are the
 * file as edited and are left alone. "before: ... / after: ..." (also "old:"/"new:", "original:"/"updated:",
 * "current:"/"proposed:") are written as the "was: ... / now: ..." the reader knows. Diffs: script_diffs.c. */
#include "reader.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <regex.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_SUBS 16

/* One s/PATTERN/REPLACEMENT/FLAGS of a sed command. */
struct subst {
	regex_t re;
	char rep[256];
	bool global, literal; /* literal: the replacement uses no "&" or "\1" */
	bool applied; /* it edited a pasted line */
	bool seen;    /* a pasted line holds its replacement already (the file as edited) */
};

/* Reads a shell word of s[*p, b) ('single', "double" or bare) into w (cap bytes); false when none. */
static bool shell_word(const char *s, size_t *p, size_t b, char *w, size_t cap)
{
	size_t q = *p, n = 0;
	while (q < b && (s[q] == ' ' || s[q] == '\t'))
		q++;
	if (q >= b)
		return false;
	while (q < b && s[q] != ' ' && s[q] != '\t') {
		char quote = s[q] == '\'' || s[q] == '"' ? s[q] : 0;
		if (quote) {
			const char *close = memchr(s + q + 1, quote, b - q - 1);
			if (!close)
				return false;
			for (size_t k = q + 1; k < (size_t)(close - s); k++)
				if (n + 1 < cap)
					w[n++] = s[k];
			q = (size_t)(close - s) + 1;
			continue;
		}
		if (s[q] == ',' || s[q] == ';') /* "delta_run.slurm," in a sentence; "... job.sh; cat job.sh" */
			break;
		if (n + 1 < cap)
			w[n++] = s[q];
		q++;
	}
	w[n] = 0;
	*p = q;
	return true;
}

/* Parses the s-commands of one sed script ("s/a/b/; s|c|d|g") into subs; how many were added. An address
 * before a command ("3s/..", "/^#SBATCH/s/..") is skipped: the substitution is tried on every line. */
static size_t parse_script(const char *e, bool ere, struct subst *subs, size_t n, size_t max)
{
	size_t added = 0;
	for (const char *p = e; *p && n + added < max;) {
		while (*p == ' ' || *p == ';' || *p == '\n')
			p++;
		if (*p == '/') { /* an address: /regex/ */
			const char *close = strchr(p + 1, '/');
			if (!close)
				return added;
			p = close + 1;
		}
		while (isdigit((unsigned char)*p) || *p == ',' || *p == '$')
			p++;
		if (*p != 's' || !p[1] || p[1] == '\\' || p[1] == '\n' || isalnum((unsigned char)p[1]))
			return added;
		char d = p[1];
		char pat[256], rep[256];
		size_t np = 0, nr = 0;
		const char *q = p + 2;
		for (; *q && *q != d; q++) {
			if (*q == '\\' && q[1] == d)
				q++;
			else if (*q == '\\' && q[1] && np + 2 < sizeof(pat))
				pat[np++] = *q++;
			if (np + 1 < sizeof(pat))
				pat[np++] = *q;
		}
		if (*q != d)
			return added;
		pat[np] = 0;
		bool literal = true;
		for (q++; *q && *q != d; q++) {
			if (*q == '\\' && q[1]) {
				q++;
				if (isdigit((unsigned char)*q))
					literal = false;
				if (nr + 2 < sizeof(rep) && (isdigit((unsigned char)*q)))
					rep[nr++] = '\\';
				if (nr + 1 < sizeof(rep))
					rep[nr++] = *q == 'n' ? '\n' : *q;
				continue;
			}
			if (*q == '&') {
				literal = false;
				if (nr + 2 < sizeof(rep))
					rep[nr++] = '\\', rep[nr++] = '0';
				continue;
			}
			if (nr + 1 < sizeof(rep))
				rep[nr++] = *q;
		}
		if (*q != d || np == 0)
			return added;
		rep[nr] = 0;
		bool global = false, icase = false;
		for (q++; *q && *q != ';' && *q != ' ' && *q != '\n'; q++) {
			global = global || *q == 'g';
			icase = icase || *q == 'I' || *q == 'i';
		}
		struct subst *s = &subs[n + added];
		memset(s, 0, sizeof(*s));
		if (regcomp(&s->re, pat, (ere ? REG_EXTENDED : 0) | (icase ? REG_ICASE : 0) | REG_NEWLINE))
			return added;
		memcpy(s->rep, rep, nr + 1);
		s->global = global;
		s->literal = literal;
		added++;
		p = q;
	}
	return added;
}

/* A sed (or perl -pi) command in s[a, b): its s-commands into subs, its span [*ca, *cb); how many (0: none). */
static size_t find_command(const char *s, size_t a, size_t b, struct subst *subs, size_t n, size_t *ca, size_t *cb)
{
	for (size_t p = a; p + 4 < b; p++) {
		bool sed = !strncmp(s + p, "sed ", 4), perl = p + 5 < b && !strncmp(s + p, "perl ", 5);
		if ((!sed && !perl) || (p > a && (isalnum((unsigned char)s[p - 1]) || s[p - 1] == '_' || s[p - 1] == '-')))
			continue;
		size_t q = p + (sed ? 4 : 5), end = q;
		char w[512];
		bool ere = perl, next_is_script = false, any_e = false;
		size_t added = 0;
		while (shell_word(s, &q, b, w, sizeof(w))) {
			if (next_is_script) {
				added += parse_script(w, ere, subs, n + added, MAX_SUBS);
				next_is_script = false;
				end = q;
				continue;
			}
			if (!strcmp(w, "-e") || !strcmp(w, "--expression") || !strcmp(w, "-pie") || !strcmp(w, "-pe")) {
				next_is_script = any_e = true;
				continue;
			}
			if (!strncmp(w, "--expression=", 13)) {
				added += parse_script(w + 13, ere, subs, n + added, MAX_SUBS);
				any_e = true;
				end = q;
				continue;
			}
			if (!strcmp(w, "-E") || !strcmp(w, "-r") || !strcmp(w, "--regexp-extended")) {
				ere = true;
				continue;
			}
			if (w[0] == '-' && w[1] && !isdigit((unsigned char)w[1])) /* -i, -i.bak, --in-place, -p, -n */
				continue;
			if (!any_e && !added && w[0] == 's') {
				size_t got = parse_script(w, ere, subs, n, MAX_SUBS);
				if (!got)
					break;
				added += got;
				end = q;
				continue;
			}
			/* the files it edits ("delta_run.slurm", "jobs/x.sh"), then the sentence goes on */
			if (added && (strchr(w, '.') || strchr(w, '/') || strchr(w, '*')) && !strchr(w, ' '))
				end = q;
			break;
		}
		if (added) {
			*ca = p;
			*cb = end;
			return added;
		}
	}
	return 0;
}

/* A shell prompt's command that shows a file ("$ grep SBATCH job.sh", "$ cat job.sh"): the lines after it
 * are the file as it is now. */
static bool shows_file(const char *s, size_t a, size_t b)
{
	while (a < b && s[a] == ' ')
		a++;
	if (a + 2 > b || s[a] != '$' || s[a + 1] != ' ')
		return false;
	a += 2;
	static const char *const tools[] = {"grep ", "cat ", "head ", "tail ", "less ", "more ", "git diff", "diff ", NULL};
	for (size_t k = 0; tools[k]; k++)
		if (!strncmp(s + a, tools[k], strlen(tools[k])))
			return true;
	return false;
}

/* Applies the substitutions to s[a, b) into out; whether any changed it. */
static bool substitute(struct strbuf *out, const char *s, size_t a, size_t b, struct subst *subs, size_t n)
{
	char *line = xstrndup(s + a, b - a);
	bool changed = false;
	for (size_t k = 0; k < n; k++) {
		struct subst *sb = &subs[k];
		/* a line that holds the replacement already is the file after the edit ("-N 16" under
		 * s/-N 1/-N 16/): not edited again */
		if (sb->literal && sb->rep[0] && strstr(line, sb->rep)) {
			sb->seen = true;
			continue;
		}
		struct strbuf nb = STRBUF_INIT;
		const char *p = line;
		bool hit = false;
		regmatch_t m[10];
		while (*p && !regexec(&sb->re, p, 10, m, p == line ? 0 : REG_NOTBOL)) {
			hit = true;
			strbuf_add(&nb, p, (size_t)m[0].rm_so);
			for (const char *r = sb->rep; *r; r++) {
				if (*r == '\\' && isdigit((unsigned char)r[1])) {
					int g = r[1] - '0';
					if (m[g].rm_so >= 0)
						strbuf_add(&nb, p + m[g].rm_so, (size_t)(m[g].rm_eo - m[g].rm_so));
					r++;
					continue;
				}
				strbuf_addch(&nb, *r);
			}
			p += m[0].rm_eo > 0 ? m[0].rm_eo : 1;
			if (!sb->global || m[0].rm_eo == 0)
				break;
		}
		if (!hit) {
			strbuf_release(&nb);
			continue;
		}
		strbuf_adds(&nb, p);
		free(line);
		line = strbuf_detach(&nb);
		sb->applied = changed = true;
	}
	strbuf_adds(out, line);
	free(line);
	return changed;
}

/* The directive a substitution's replacement states when no pasted line shows what it edited ("I ran sed
 * -i 's/--nodes=2/--nodes=8/' job.sh" alone): "#SBATCH --nodes=8", "#PBS -l select=4"; false when it is
 * no scheduler option (a program's argument, a path). */
static bool add_stated_directive(struct strbuf *out, const struct subst *sb)
{
	const char *r = sb->rep;
	if (!sb->literal || !r[0] || strchr(r, '\n'))
		return false;
	if (!strncmp(r, "#SBATCH ", 8) || !strncmp(r, "#PBS ", 5)) {
		strbuf_addf(out, "\n%s", r);
		return true;
	}
	if (!strncmp(r, "-l ", 3))
		r += 3;
	if (!strncmp(r, "select=", 7) || !strncmp(r, "walltime=", 9)) {
		strbuf_addf(out, "\n#PBS -l %s", r);
		return true;
	}
	/* "--nodes=8", "--time=20:00:00", "-N 8", "-t 4:00:00" */
	bool long_opt = r[0] == '-' && r[1] == '-' && isalpha((unsigned char)r[2]) && strchr(r, '=');
	bool short_opt = r[0] == '-' && isalpha((unsigned char)r[1]) && r[2] == ' ' && isalnum((unsigned char)r[3]);
	if (!long_opt && !short_opt)
		return false;
	strbuf_addf(out, "\n#SBATCH %s", r);
	return true;
}

/* The sed commands of the text applied to the lines around them (NULL when the text has none). */
static char *apply_sed(const char *text, size_t len, size_t *out_len)
{
	struct subst subs[MAX_SUBS];
	size_t n = 0;
	/* the commands: [ca, cb) of text to take out and their substitutions [first, first + count); where
	 * the shown file starts (lines after a later "$ grep ..." are the file as edited, left alone) */
	struct {
		size_t ca, cb, first, count;
	} cmd[8];
	size_t ncmd = 0, shown_from = len;
	for (size_t a = 0; a < len && ncmd < 8;) {
		const char *e = memchr(text + a, '\n', len - a);
		size_t b = e ? (size_t)(e - text) : len, ca, cb;
		size_t got = n < MAX_SUBS ? find_command(text, a, b, subs, n, &ca, &cb) : 0;
		if (got) {
			cmd[ncmd].ca = ca, cmd[ncmd].cb = cb, cmd[ncmd].first = n, cmd[ncmd].count = got;
			ncmd++;
			n += got;
		} else if (ncmd && shown_from == len && shows_file(text, a, b)) {
			shown_from = a;
		}
		a = b + 1;
	}
	if (!n)
		return NULL;
	/* twice: first to learn which substitutions edit a pasted line, then to write the text */
	struct strbuf out = STRBUF_INIT;
	bool changed = false, stated = false;
	for (int pass = 0; pass < 2; pass++) {
		strbuf_reset(&out);
		size_t c = 0;
		for (size_t a = 0; a < len;) {
			const char *e = memchr(text + a, '\n', len - a);
			size_t b = e ? (size_t)(e - text) : len;
			if (c < ncmd && cmd[c].ca >= a && cmd[c].ca <= b) {
				/* the command taken out of its line; a line left with only a prompt goes */
				size_t mark = out.len;
				strbuf_add(&out, text + a, cmd[c].ca - a);
				strbuf_add(&out, text + cmd[c].cb, b - cmd[c].cb);
				size_t q = mark;
				while (q < out.len && (out.buf[q] == ' ' || out.buf[q] == '$' || out.buf[q] == '#'))
					q++;
				bool gone = q == out.len;
				if (gone)
					strbuf_setlen(&out, mark);
				for (size_t k = cmd[c].first; pass && shown_from == len && k < cmd[c].first + cmd[c].count; k++)
					if (!subs[k].applied && !subs[k].seen)
						stated = add_stated_directive(&out, &subs[k]) || stated;
				if (gone && out.len > mark) { /* the stated directives open the line */
					memmove(out.buf + mark, out.buf + mark + 1, out.len - mark - 1);
					strbuf_setlen(&out, out.len - 1);
				}
				c++;
				if (e && out.len > mark)
					strbuf_addch(&out, '\n');
				a = b + 1;
				continue;
			} else if (a >= shown_from) {
				strbuf_add(&out, text + a, b - a);
			} else {
				changed = substitute(&out, text, a, b, subs, n) || changed;
			}
			if (e)
				strbuf_addch(&out, '\n');
			a = b + 1;
		}
	}
	bool seen = false;
	for (size_t k = 0; k < n; k++) {
		seen = seen || subs[k].seen;
		regfree(&subs[k].re);
	}
	if (!changed && !stated && !seen && shown_from == len) {
		/* nothing pasted that the commands edit, nothing they state, no file shown: left as written */
		strbuf_release(&out);
		return NULL;
	}
	*out_len = out.len;
	return strbuf_detach(&out);
}

/* "before:", "Old plan:", "original -": a label of the version before (1), of the one after (2), or 0; *end
 * is where the label's mark ends. */
static int version_label(const char *s, size_t p, size_t b, size_t *end)
{
	static const char *const before[] = {"was", "before", "old", "original", "orig", "current", "previous", "previously", NULL};
	static const char *const after[] = {"now", "after", "new", "updated", "proposed", "revised", "changed", NULL};
	static const char *const nouns[] = {"version", "plan", "setup", "config", "job", "request", "script", "header",
					    "settings", "values", "one", NULL};
	size_t q = p;
	while (q < b && isalpha((unsigned char)s[q]))
		q++;
	int side = 0;
	for (size_t k = 0; before[k] && !side; k++)
		if (q - p == strlen(before[k]) && !strncasecmp(s + p, before[k], q - p))
			side = 1;
	for (size_t k = 0; after[k] && !side; k++)
		if (q - p == strlen(after[k]) && !strncasecmp(s + p, after[k], q - p))
			side = 2;
	if (!side)
		return 0;
	if (q < b && s[q] == ' ') { /* "old plan:", "new version:" */
		size_t r = q + 1;
		while (r < b && isalpha((unsigned char)s[r]))
			r++;
		for (size_t k = 0; nouns[k]; k++)
			if (r - q - 1 == strlen(nouns[k]) && !strncasecmp(s + q + 1, nouns[k], r - q - 1))
				q = r;
	}
	if (q >= b || s[q] != ':' || q + 1 >= b || s[q + 1] != ' ')
		return 0;
	*end = q + 1;
	return side;
}

/* One-line labelled versions written as "was:" and "now:" (NULL when the text has no pair of them: a
 * label of the version before, then one of the version after, each opening its line and followed by
 * words on the same line). */
static char *relabel_versions(const char *text, size_t len, size_t *out_len)
{
	bool seen_before = false, pair = false;
	for (size_t a = 0; a < len && !pair;) {
		const char *e = memchr(text + a, '\n', len - a);
		size_t b = e ? (size_t)(e - text) : len, end;
		int side = version_label(text, a, b, &end);
		if (side == 1)
			seen_before = true;
		else if (side == 2 && seen_before)
			pair = true;
		a = b + 1;
	}
	if (!pair)
		return NULL;
	struct strbuf out = STRBUF_INIT;
	for (size_t a = 0; a < len;) {
		const char *e = memchr(text + a, '\n', len - a);
		size_t b = e ? (size_t)(e - text) : len, end;
		int side = version_label(text, a, b, &end);
		if (side) {
			strbuf_adds(&out, side == 1 ? "was:" : "now:");
			strbuf_add(&out, text + end, b - end);
		} else {
			strbuf_add(&out, text + a, b - a);
		}
		if (e)
			strbuf_addch(&out, '\n');
		a = b + 1;
	}
	*out_len = out.len;
	return strbuf_detach(&out);
}

char *rd_read_script_edits(const char *text, size_t len, size_t *out_len)
{
	size_t n1 = 0, n2 = 0;
	char *sed = apply_sed(text, len, &n1);
	if (sed)
		text = sed, len = n1;
	char *labels = relabel_versions(text, len, &n2);
	if (!labels) {
		*out_len = n1;
		return sed;
	}
	free(sed);
	*out_len = n2;
	return labels;
}
