/* python_calls.c - launch commands written in Python, as a launcher script or a notebook builds them:
 * a list of strings ("cmd = [\"torchrun\", \"--nnodes\", \"1\", \"--nproc_per_node\", \"8\", \"train.py\"]",
 * "subprocess.run([\"accelerate\", \"launch\", ...], check=True)") or a string split into words
 * ("subprocess.run(f\"torchrun --nproc_per_node={n} train.py\".split())"), or a notebook cell's shell escape
 * ("!accelerate launch ..."); a list is Python's when it is
 * assigned or passed ("cmd = [", "run(["), not a YAML spec's "command: [...]" (spec_blocks.c). Each is rewritten, in the
 * reader's working copy, as the shell command line it runs, ending its line, so that the launch-line
 * reader reads it like a typed one. An element that is no string literal ("str(nnodes * 12)", a variable)
 * or an f-string's field ("{n}") becomes a shell variable's use ("$n", "$EXPR"): a value the text does not
 * give, which no count is read from. */
#include "reader.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Whether s[0, n) is a word a launch command starts with (commands.c's: launchers, interpreters). */
static bool launcher_first(const char *w, size_t n)
{
	char word[24];
	if (!n || n >= sizeof(word))
		return false;
	memcpy(word, w, n);
	word[n] = '\0';
	return rd_command_start_word(word);
}

/* An expression s[a, b) as a shell variable's use: "$n" for a plain name, "$EXPR" for anything else (a
 * value the text does not give). */
static void put_variable(struct strbuf *out, const char *s, size_t a, size_t b)
{
	bool name = b > a && (isalpha((unsigned char)s[a]) || s[a] == '_');
	for (size_t k = a; k < b && name; k++)
		name = isalnum((unsigned char)s[k]) || s[k] == '_';
	strbuf_addch(out, '$');
	if (name)
		strbuf_add(out, s + a, b - a);
	else
		strbuf_add(out, "EXPR", 4);
}

/* The string literal at s[i] (after an optional f/r/b prefix): its body [*ba, *bb), whether it is an
 * f-string, and the offset after its closing quote; 0 when s[i] starts none. */
static size_t string_literal(const char *s, size_t i, size_t len, size_t *ba, size_t *bb, bool *fstr)
{
	*fstr = false;
	size_t p = i;
	while (p < len && p < i + 2 && strchr("fFrRbB", s[p])) {
		*fstr = *fstr || s[p] == 'f' || s[p] == 'F';
		p++;
	}
	if (p >= len || (s[p] != '"' && s[p] != '\''))
		return 0;
	char q = s[p];
	size_t e = p + 1;
	while (e < len && s[e] != q && s[e] != '\n') {
		if (s[e] == '\\' && e + 1 < len)
			e++;
		e++;
	}
	if (e >= len || s[e] != q)
		return 0;
	*ba = p + 1, *bb = e;
	return e + 1;
}

/* A string's body as shell words: an f-string's "{n}" as "$n" (a field that is no plain name as "$EXPR");
 * a body with a blank, when it is one element of a list, single-quoted. */
static void put_body(struct strbuf *out, const char *s, size_t a, size_t b, bool fstr, bool one_word)
{
	bool quote = one_word && (memchr(s + a, ' ', b - a) || b == a);
	if (quote)
		strbuf_addch(out, '\'');
	for (size_t i = a; i < b; i++) {
		if (fstr && s[i] == '{' && i + 1 < b && s[i + 1] != '{') {
			const char *close = memchr(s + i, '}', b - i);
			if (close) {
				put_variable(out, s, i + 1, (size_t)(close - s));
				i = (size_t)(close - s);
				continue;
			}
		}
		if (quote && s[i] == '\'')
			continue;
		strbuf_addch(out, s[i]);
	}
	if (quote)
		strbuf_addch(out, '\'');
}

/* The list at s[i] == '[' if it is a launch command's: its elements as shell words into out, and the
 * offset after its ']'; 0 when it is not one. */
static size_t command_list(const char *s, size_t i, size_t len, struct strbuf *out)
{
	size_t p = i + 1, ba, bb;
	bool fstr;
	while (p < len && isspace((unsigned char)s[p]))
		p++;
	size_t e = string_literal(s, p, len, &ba, &bb, &fstr);
	if (!e || !launcher_first(s + ba, bb - ba))
		return 0;
	struct strbuf words = STRBUF_INIT;
	int n = 0;
	for (p = i + 1; p < len && p < i + 4000;) {
		while (p < len && isspace((unsigned char)s[p]))
			p++;
		if (p < len && s[p] == ']')
			break;
		if (n)
			strbuf_addch(&words, ' ');
		e = string_literal(s, p, len, &ba, &bb, &fstr);
		if (e) {
			put_body(&words, s, ba, bb, fstr, true);
			p = e;
		} else {
			/* an expression: to the next ',' or ']' outside its brackets */
			size_t a = p;
			int depth = 0;
			while (p < len && (depth > 0 || (s[p] != ',' && s[p] != ']'))) {
				if (s[p] == '(' || s[p] == '[' || s[p] == '{')
					depth++;
				else if ((s[p] == ')' || s[p] == ']' || s[p] == '}') && depth > 0)
					depth--;
				else if (s[p] == '\n' && depth == 0)
					break;
				p++;
			}
			/* "str(n)", "n": the name; anything else a value the text does not give */
			size_t na = a, nb = p;
			while (nb > na && isspace((unsigned char)s[nb - 1]))
				nb--;
			if (nb - na > 5 && !strncmp(s + na, "str(", 4) && s[nb - 1] == ')')
				na += 4, nb--;
			put_variable(&words, s, na, nb);
		}
		n++;
		while (p < len && isspace((unsigned char)s[p]))
			p++;
		if (p < len && s[p] == ',')
			p++;
		else if (!(p < len && s[p] == ']'))
			break;
	}
	if (p >= len || s[p] != ']' || n < 2) {
		strbuf_release(&words);
		return 0;
	}
	/* (on the line of its assignment or call, which ends after it: "cmd = torchrun ...") */
	strbuf_addch(out, ' ');
	strbuf_add(out, words.buf, words.len);
	strbuf_addch(out, '\n');
	strbuf_release(&words);
	return p + 1;
}

/* "f\"torchrun --nproc_per_node={n} train.py\".split()" at s[i]: the command on a line of its own into
 * out, and the offset after ".split()"; 0 when it is not one. */
static size_t split_string(const char *s, size_t i, size_t len, struct strbuf *out)
{
	size_t ba, bb;
	bool fstr;
	size_t e = string_literal(s, i, len, &ba, &bb, &fstr);
	if (!e || len - e < 8 || strncmp(s + e, ".split()", 8))
		return 0;
	size_t w = ba;
	while (w < bb && !isspace((unsigned char)s[w]))
		w++;
	if (!launcher_first(s + ba, w - ba))
		return 0;
	strbuf_addch(out, '\n');
	put_body(out, s, ba, bb, fstr, false);
	strbuf_addch(out, '\n');
	return e + 8;
}

char *rd_flatten_python_commands(const char *text, size_t len, size_t *out_len)
{
	/* (most requests have no list or string of a launcher: look for a quoted launcher word first) */
	bool any = false;
	for (size_t i = 0; i + 1 < len && !any; i++)
		if ((text[i] == '"' || text[i] == '\'') && isalpha((unsigned char)text[i + 1])) {
			size_t w = i + 1;
			while (w < len && (isalnum((unsigned char)text[w]) || text[w] == '_'))
				w++;
			any = launcher_first(text + i + 1, w - i - 1);
		}
	/* a notebook's shell escape: "!torchrun ...", "!accelerate launch ..." at a line's start */
	for (size_t i = 0; i + 1 < len && !any; i++)
		if (text[i] == '!' && (i == 0 || text[i - 1] == '\n' || text[i - 1] == ' ') && isalpha((unsigned char)text[i + 1])) {
			size_t w = i + 1;
			while (w < len && (isalnum((unsigned char)text[w]) || text[w] == '_'))
				w++;
			any = launcher_first(text + i + 1, w - i - 1);
		}
	if (!any)
		return NULL;
	struct strbuf out = STRBUF_INIT;
	bool changed = false;
	for (size_t i = 0; i < len;) {
		size_t e = 0;
		size_t ls = i;
		while (ls > 0 && (text[ls - 1] == ' ' || text[ls - 1] == '\t'))
			ls--;
		if (text[i] == '!' && (ls == 0 || text[ls - 1] == '\n') && i + 1 < len && isalpha((unsigned char)text[i + 1])) {
			size_t w = i + 1;
			while (w < len && (isalnum((unsigned char)text[w]) || text[w] == '_'))
				w++;
			if (launcher_first(text + i + 1, w - i - 1)) {
				strbuf_addch(&out, ' '); /* "!accelerate launch ...": the command the cell runs */
				changed = true;
				i++;
				continue;
			}
		}
		/* (a list assigned or passed in Python code: "cmd = [", "run(["; not a YAML spec's "command: [",
		 * which spec_blocks.c reads) */
		size_t p = i;
		while (p > 0 && (text[p - 1] == ' ' || text[p - 1] == '\t'))
			p--;
		if (text[i] == '[' && p > 0 && (text[p - 1] == '=' || text[p - 1] == '('))
			e = command_list(text, i, len, &out);
		else if ((text[i] == '"' || text[i] == '\'' || ((text[i] == 'f' || text[i] == 'F') && i + 1 < len &&
								  (text[i + 1] == '"' || text[i + 1] == '\''))) &&
			 (i == 0 || !isalnum((unsigned char)text[i - 1])))
			e = split_string(text, i, len, &out);
		if (e) {
			changed = true;
			i = e;
			continue;
		}
		strbuf_addch(&out, text[i]);
		i++;
	}
	if (!changed) {
		strbuf_release(&out);
		return NULL;
	}
	*out_len = out.len;
	return strbuf_detach(&out);
}
