/* spans.c - where the training command is in a request: a code span or quoted command, a quoted path,
 * the script word, a strong correction cue after it; and small helpers every reader layer shares
 * (rd_in_list, rd_blank, rd_paren_matches). */
#include "lexicon.h"
#include "program.h"
#include "reader.h"
#include "vocab.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

bool rd_ends_with_py(const char *s, size_t len)
{
	return len > 3 && !strncasecmp(s + len - 3, ".py", 3);
}

/* helpers every layer of the reader uses (declared in reader.h) */

bool rd_in_list(const char *s, const char *const *list)
{
	return word_in(s, list);
}

void rd_blank(struct ctx *c, size_t a, size_t b)
{
	for (size_t i = a; i < b && i < c->len; i++)
		if (c->nl[i] != '\n')
			c->nl[i] = ' ';
}

size_t rd_phrase_at(const char *s, size_t n, enum vlist l, const char *followers)
{
	const char *const *v;
	size_t nv = vocab_list(l, &v), best = 0;
	int low = n ? tolower((unsigned char)s[0]) : -1; /* the phrases are lower case: first letters compared inline */
	for (size_t k = 0; k < nv; k++) {
		size_t pl = strlen(v[k]);
		if ((unsigned char)v[k][0] == low && pl > best && pl < n && !strncasecmp(s, v[k], pl) && s[pl] &&
		    strchr(followers, s[pl]))
			best = pl;
	}
	return best;
}

/* Where the text after from takes back what came before: the end of the first strong correction cue
 * ("scratch that", "actually", "no wait", "on second thought", "correction:"), 0 when none. */
size_t rd_correction_after(const struct ctx *c, size_t from)
{
	const char *const *cues; /* data/lexicon's retraction_cues */
	size_t ncues = vocab_list(VL_RETRACTION, &cues);
	for (size_t i = from; i < c->len; i++) {
		if (i > 0 && isalnum((unsigned char)c->nl[i - 1]))
			continue;
		int low = tolower((unsigned char)c->nl[i]); /* the cues are lower case: their first letters compared inline */
		size_t best = 0; /* the longest cue that starts here */
		for (size_t k = 0; k < ncues; k++) {
			if (low != (unsigned char)cues[k][0])
				continue;
			size_t l = strlen(cues[k]);
			if (l > best && i + l <= c->len && !strncasecmp(c->nl + i, cues[k], l) &&
			    (i + l == c->len || !isalnum((unsigned char)c->nl[i + l])))
				best = l;
		}
		if (best)
			return i + best;
	}
	return 0;
}

/* Whether the quoted text s[0..n) ending in ".py" can be one path with blanks ('my dir/train.py'), not
 * words around a command ('Perlmutter, 1 node, 10h, python train.py', quoted as the user wrote it): no
 * comma or semicolon before a blank, and no interpreter or launcher word before a blank. */
static bool quoted_path_like(const char *s, size_t n)
{
	const char *const *run; /* data/lexicon's command_words */
	size_t nrun = vocab_list(VL_COMMAND_WORD, &run);
	for (size_t k = 0; k + 1 < n; k++) {
		if ((s[k] == ',' || s[k] == ';') && s[k + 1] == ' ')
			return false;
		if (k > 0 && s[k - 1] != ' ')
			continue;
		for (size_t r = 0; r < nrun; r++) {
			size_t l = strlen(run[r]);
			if (k + l < n && !strncasecmp(s + k, run[r], l) && s[k + l] == ' ')
				return false;
		}
	}
	return true;
}

size_t *rd_paren_matches(const char *s, size_t n)
{
	if (!memchr(s, '(', n))
		return NULL;
	size_t *m = xmalloc(n * sizeof(*m));
	size_t *open = xmalloc(n * sizeof(*open)), depth = 0;
	for (size_t i = 0; i < n; i++) {
		m[i] = SIZE_MAX;
		if (s[i] == '\n')
			depth = 0;
		else if (s[i] == '(')
			open[depth++] = i;
		else if (s[i] == ')' && depth)
			m[open[--depth]] = i;
	}
	free(open);
	return m;
}

/* Finds "`...`" or a quoted span that holds a python command; returns its bounds. */
bool rd_find_code_span(const struct ctx *c, size_t *a, size_t *b)
{
	size_t *match = rd_paren_matches(c->nl, c->len);
	bool found = false;
	for (size_t i = 0; i < c->len && !found; i++) {
		char q = c->nl[i];
		if (q != '`' && q != '"' && q != '\'' && q != '(')
			continue;
		if (i > 0 && !isspace((unsigned char)c->nl[i - 1]) && c->nl[i - 1] != '(' && c->nl[i - 1] != ':')
			continue;
		const char *close = NULL;
		if (q == '(') { /* "(python train.py --lr 1e-3) on 4 nodes": the matching parenthesis */
			if (match[i] != SIZE_MAX)
				close = c->nl + match[i];
		} else {
			close = memchr(c->nl + i + 1, q, c->len - i - 1);
		}
		if (!close)
			continue;
		size_t s = i + 1, e = (size_t)(close - c->nl);
		/* "(cmd stays `python train.py --dataset pile`)": the backquoted span inside is the command */
		if (q == '(' && memchr(c->nl + s, '`', e - s))
			continue;
		/* must contain a .py word or start with a launcher */
		bool has = false;
		size_t k = s;
		while (k < e && !has) {
			while (k < e && isspace((unsigned char)c->nl[k]))
				k++;
			size_t st = k;
			while (k < e && !isspace((unsigned char)c->nl[k]))
				k++;
			size_t l = k - st;
			while (l && rd_is_trailing_punct(c->nl[st + l - 1]))
				l--;
			has = rd_ends_with_py(c->nl + st, l) && c->nl[st] != '-';
		}
		size_t te = e;
		while (te > s && isspace((unsigned char)c->nl[te - 1]))
			te--;
		/* a quoted path alone ("my dir/train.py") is the script, not a command: no option inside and no
		 * launcher or interpreter in front */
		bool one_word = true;
		for (size_t q = s; q + 1 < te; q++)
			if (isspace((unsigned char)c->nl[q]) && c->nl[q + 1] == '-')
				one_word = false;
		const char *const *lead; /* data/lexicon's command_leads */
		size_t nlead = vocab_list(VL_COMMAND_LEAD, &lead);
		for (size_t l = 0; l < nlead && one_word; l++)
			if (te - s > strlen(lead[l]) && !strncasecmp(c->nl + s, lead[l], strlen(lead[l])))
				one_word = false;
		if (has && !(one_word && rd_ends_with_py(c->nl + s, te - s) && (q == '(' || quoted_path_like(c->nl + s, te - s)))) {
			/* (a quoted path alone is just the script) */
			*a = s;
			*b = e;
			found = true;
			break;
		}
		i = e;
	}
	free(match);
	return found;
}

/* Locates the script word in [a, b) of text; returns its start or (size_t)-1. A quoted path
 * ('my dir/train.py') or one with escaped spaces (my\ dir/train.py) is one word. */
size_t rd_find_script(const struct ctx *c, size_t a, size_t b, size_t *wend)
{
	for (size_t i = a; i < b; i++) {
		char q = c->nl[i];
		if ((q != '\'' && q != '"') || (i > a && !isspace((unsigned char)c->nl[i - 1])))
			continue;
		const char *close = memchr(c->nl + i + 1, q, b - i - 1);
		if (!close)
			break;
		size_t e = (size_t)(close - c->nl);
		if (e - i - 1 > 3 && rd_ends_with_py(c->nl + i + 1, e - i - 1) && c->nl[i + 1] != '-' &&
		    !memchr(c->nl + i + 1, '\n', e - i - 1) && quoted_path_like(c->nl + i + 1, e - i - 1)) {
			/* a script word before it is the program, the quoted one its argument ("train.py --v
			 * '*.py'", "train.py --config 'my run.py'") */
			size_t w2 = 0, before = i > a ? rd_find_script(c, a, i, &w2) : (size_t)-1;
			if (before != (size_t)-1) {
				*wend = w2;
				return before;
			}
			*wend = e + 1;
			return i;
		}
		i = e;
	}
	size_t i = a;
	while (i < b) {
		while (i < b && isspace((unsigned char)c->nl[i]))
			i++;
		size_t st = i;
		bool quoted = false;
		while (i < b && (!isspace((unsigned char)c->nl[i]) || (i > st && c->nl[i - 1] == '\\'))) {
			/* a quoted part of a path ("~/'my dir'/x.py", "$HOME/\"a b\"/x.py"): one word across its blanks */
			char q = c->nl[i];
			if ((q == '\'' || q == '"') && i > st && (c->nl[i - 1] == '/' || c->nl[i - 1] == '=')) {
				const char *close = memchr(c->nl + i + 1, q, b - i - 1);
				if (close && !memchr(c->nl + i + 1, '\n', (size_t)(close - c->nl) - i - 1)) {
					i = (size_t)(close - c->nl) + 1;
					quoted = true;
					continue;
				}
			}
			i++;
		}
		size_t s = st, l = i - st;
		if (quoted && l > 4 && (c->nl[s + l - 1] == '\'' || c->nl[s + l - 1] == '"') &&
		    rd_ends_with_py(c->nl + s, l - 1) && c->nl[s] != '-') {
			/* the quote closes after ".py" ("~/'my dir/x.py'"): the word ends after it */
			const char *eq = memchr(c->nl + s, '=', l);
			if (eq && eq < c->nl + s + l - 1 && (eq[1] == '\'' || eq[1] == '"' || eq < strpbrk(c->nl + s, "'\""))) {
				size_t off = (size_t)(eq + 1 - (c->nl + s));
				s += off;
				l -= off;
			}
			*wend = s + l;
			return s;
		}
		while (l && rd_is_leading_punct(c->nl[s]))
			s++, l--;
		while (l && rd_is_trailing_punct(c->nl[s + l - 1]))
			l--;
		/* the next item after a comma with no blank ("script train_fsdp.py,no extra args") */
		for (size_t q = s + 3; q + 1 < s + l; q++)
			if (c->nl[q] == ',' && !strncmp(c->nl + q - 3, ".py", 3) && isalpha((unsigned char)c->nl[q + 1])) {
				l = q - s;
				break;
			}
		if (l > 3 && rd_ends_with_py(c->nl + s, l) && c->nl[s] != '-') {
			/* an item after a comma with no blank ("one day,Accelerate,train_acc.py"): the last item */
			const char *comma = NULL;
			for (size_t q = s + 1; q + 1 < s + l; q++)
				if (c->nl[q] == ',' && (isalnum((unsigned char)c->nl[q - 1]) || c->nl[q - 1] == ')') &&
				    !memchr(c->nl + s, '/', q - s))
					comma = c->nl + q;
			if (comma && comma + 1 < c->nl + s + l - 3) {
				size_t off = (size_t)(comma + 1 - (c->nl + s));
				s += off;
				l -= off;
			}
			const char *eq = memchr(c->nl + s, '=', l);
			if (eq) { /* script=train.py, entry=src/main.py */
				size_t off = (size_t)(eq + 1 - (c->nl + s));
				if (l - off <= 3)
					continue;
				s += off;
				l -= off;
			}
			*wend = s + l;
			return s;
		}
	}
	return (size_t)-1;
}
