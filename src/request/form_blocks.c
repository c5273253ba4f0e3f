/* form_blocks.c - the reader's form layer for whole blocks: JSON and JSON-like objects
 * ({"nodes": 2, cluster: aurora, args: ["--lr", "1"]}) and markdown tables (a header row of keys over a
 * row of values, or "| key | value |" rows). Each known key goes through form_apply (fields.c), and what
 * was consumed is blanked so that the prose layers do not read it again. */
#include "form.h"
#include "extract.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool is_hspace(char ch)
{
	return ch == ' ' || ch == '\t';
}

/* --------------------------------------------------------------------------------------------- */
/* JSON and JSON-like objects: {"nodes": 2, cluster: aurora, args: ["--lr", "1"], 'time': "8h"} */

static size_t skip_ws(const char *s, size_t i, size_t end)
{
	while (i < end && isspace((unsigned char)s[i]))
		i++;
	return i;
}

/* A quoted string's value, s[a] and s[b - 1] its quotes: a double-quoted one is read by the JSON library
 * (\n, \t, \", \\, \uXXXX and surrogate pairs as JSON means them; blanks and control bytes typed raw
 * inside it, which strict JSON would refuse, are escaped first); one it does not take (an invalid escape
 * "C:\data", invalid UTF-8, \u0000) and a single-quoted one ('--lr', a Python dict) keep their text, with
 * only \\, \' and \" read as the character they escape. Caller frees. */
char *form_string_value(const char *s, size_t a, size_t b)
{
	if (b >= a + 2 && s[a] == '"') {
		struct strbuf sb = STRBUF_INIT;
		for (size_t i = a; i < b; i++) {
			if ((unsigned char)s[i] < 0x20)
				strbuf_addf(&sb, "\\u%04x", (unsigned)(unsigned char)s[i]);
			else
				strbuf_addch(&sb, s[i]);
		}
		json_error_t je;
		json_t *j = json_loadb(sb.buf, sb.len, JSON_DECODE_ANY, &je);
		strbuf_release(&sb);
		char *out = json_is_string(j) ? xstrdup(json_string_value(j)) : NULL;
		json_decref(j);
		if (out)
			return out;
	}
	struct strbuf sb = STRBUF_INIT;
	for (size_t i = a + 1; i + 1 < b; i++) {
		if (s[i] == '\\' && i + 2 < b && strchr("\\'\"", s[i + 1]))
			i++;
		strbuf_addch(&sb, s[i]);
	}
	return strbuf_detach(&sb);
}

size_t form_flow_list(const char *s, size_t i, size_t end, struct strvec *out)
{
	i++; /* the '[' */
	for (;;) {
		i = skip_ws(s, i, end);
		if (i >= end)
			return 0;
		if (s[i] == ']')
			return i + 1;
		if (s[i] == ',') {
			i++;
			continue;
		}
		if (s[i] == '"' || s[i] == '\'') {
			size_t e = form_string_end(s, i, end);
			if (!e)
				return 0;
			char *el = form_string_value(s, i, e);
			strvec_push(out, el);
			free(el);
			i = e;
		} else {
			size_t st = i;
			while (i < end && s[i] != ',' && s[i] != ']')
				i++;
			size_t a = st, b = i;
			form_trim(s, &a, &b);
			char *el = xstrndup(s + a, b - a);
			strvec_push(out, el);
			free(el);
		}
	}
}

/* Reads an object at text[i] == '{'; applies its known keys. Returns the index after '}', or 0. */
static size_t read_object(struct ctx *c, size_t i, size_t end)
{
	const char *s = c->nl;
	size_t start = i;
	i++;
	for (;;) {
		i = skip_ws(s, i, end);
		if (i >= end)
			return 0;
		if (s[i] == '}')
			break;
		if (s[i] == ',') {
			i++;
			continue;
		}
		/* key */
		size_t ka = i, k0, k1;
		if (s[i] == '"' || s[i] == '\'') {
			size_t e = form_string_end(s, i, end);
			if (!e)
				return 0;
			k0 = i + 1;
			k1 = e - 1;
			i = e;
		} else {
			k0 = i;
			while (i < end && (isalnum((unsigned char)s[i]) || strchr("_-. ", s[i])) && s[i] != ':')
				i++;
			k1 = i;
			while (k1 > k0 && s[k1 - 1] == ' ')
				k1--;
		}
		i = skip_ws(s, i, end);
		if (i >= end || (s[i] != ':' && s[i] != '='))
			return 0;
		i = skip_ws(s, i + 1, end);
		char key[64];
		snprintf(key, sizeof(key), "%.*s", (int)(k1 - k0), s + k0);
		struct fvalue v = {0};
		strvec_init(&v.list);
		if (i < end && s[i] == '[') {
			v.is_list = true;
			v.a = i;
			if (!(i = form_flow_list(s, i, end, &v.list))) {
				strvec_clear(&v.list);
				return 0;
			}
			v.b = i;
		} else if (i < end && s[i] == '{') {
			size_t e = read_object(c, i, end); /* nested: its keys count too ("resources": {...}) */
			if (!e)
				return 0;
			i = e;
			continue;
		} else if (i < end && (s[i] == '"' || s[i] == '\'')) {
			size_t e = form_string_end(s, i, end);
			if (!e)
				return 0;
			v.a = i;
			v.b = e;
			i = e;
		} else {
			v.a = i;
			while (i < end && s[i] != ',' && s[i] != '}' && s[i] != '\n')
				i++;
			v.b = i;
		}
		enum vkey k = vocab_key(key);
		if (k != VK_NONE) {
			/* a quoted string's value is its text with the escapes read ("a\tb", "say \"hi\"", "\u00e9"):
			 * what the user meant, not the backslashes that wrote it; a string without escapes is read
			 * from the text as before */
			char *str = !v.is_list && v.b > v.a + 1 && (c->text[v.a] == '"' || c->text[v.a] == '\'') &&
					    memchr(c->text + v.a, '\\', v.b - v.a)
					    ? form_string_value(c->text, v.a, v.b)
					    : NULL;
			if (str && k == VK_SCRIPT_ARGS) {
				form_set_args_words(c, str);
				rd_from_text(c, RF_SCRIPT_ARGS, v.a, v.b);
				rd_blank(c, ka, v.b);
				strvec_clear(&v.list);
				free(str);
				continue;
			}
			/* the script's path exactly as the string holds it, when the command reader (which reads
			 * the text as shell words) cannot: escapes in it, or a first '-' it would take for an option
			 * ("-x.py"; not "-m pkg.train", words for the command reader) */
			if (k == VK_SCRIPT && !v.is_list && c->text[v.a] == '"' && !c->req->script &&
			    (str || (v.b > v.a + 2 && c->text[v.a + 1] == '-' && !memchr(c->text + v.a, ' ', v.b - v.a)))) {
				char *path = str ? str : form_string_value(c->text, v.a, v.b); /* (path owns str now) */
				str = NULL;
				if (*path) {
					request_set(&c->req->script, path);
					request_set_from(c->req, RF_SCRIPT, c->text + v.a, v.b - v.a);
					rd_blank(c, ka, v.b);
					free(path);
					strvec_clear(&v.list);
					continue;
				}
				free(path);
			}
			v.str = str;
			size_t e = form_apply(c, k, key, ka, &v, false);
			free(str);
			if (e)
				rd_blank(c, ka, v.b > e ? v.b : e);
		} else {
			strvec_clear(&v.list);
		}
	}
	(void)start;
	return i + 1;
}

/* The end (after '}') of the object at s[i] == '{', quotes and nested objects kept whole; 0 when open. */
static size_t object_end(const char *s, size_t i, size_t end)
{
	int depth = 0;
	for (; i < end; i++) {
		if (s[i] == '"' || s[i] == '\'') {
			size_t e = form_string_end(s, i, end);
			if (!e)
				return 0;
			i = e - 1;
		} else if (s[i] == '{') {
			depth++;
		} else if (s[i] == '}' && --depth == 0) {
			return i + 1;
		}
	}
	return 0;
}

/* Whether the object s[a, b) is marked chosen ("selected": true, "chosen": true, "pick": true): 1; marked
 * not chosen: 0; not marked: -1. */
static int object_marked(const char *s, size_t a, size_t b)
{
	static const char *const keys[] = {"selected", "chosen", "pick", "picked", "use", NULL};
	for (size_t k = 0; keys[k]; k++) {
		size_t l = strlen(keys[k]);
		for (size_t p = a; p + l < b; p++) {
			if (strncasecmp(s + p, keys[k], l) || (p > a && isalnum((unsigned char)s[p - 1])) || isalnum((unsigned char)s[p + l]))
				continue;
			size_t q = p + l;
			if (q < b && (s[q] == '"' || s[q] == '\''))
				q++;
			q = skip_ws(s, q, b);
			if (q >= b || (s[q] != ':' && s[q] != '='))
				continue;
			q = skip_ws(s, q + 1, b);
			if (b - q >= 4 && (!strncasecmp(s + q, "true", 4) || !strncasecmp(s + q, "yes", 3)))
				return 1;
			if (b - q >= 5 && (!strncasecmp(s + q, "false", 5) || !strncasecmp(s + q, "no", 2)))
				return 0;
		}
	}
	return -1;
}

void form_read_objects(struct ctx *c)
{
	/* several objects, one marked chosen ([{..., "selected": false}, {..., "selected": true}]): only it is
	 * read, the others are blanked */
	bool some_chosen = false;
	for (size_t i = 0; i < c->len && !some_chosen; i++) {
		size_t e = c->nl[i] == '{' ? object_end(c->nl, i, c->len) : 0;
		if (e) {
			some_chosen = object_marked(c->nl, i, e) == 1;
			i = e - 1;
		}
	}
	for (size_t i = 0; i < c->len; i++) {
		if (c->nl[i] != '{')
			continue;
		if (some_chosen) {
			size_t e = object_end(c->nl, i, c->len);
			if (e && object_marked(c->nl, i, e) != 1) {
				rd_blank(c, i, e);
				i = e - 1;
				continue;
			}
		}
		/* an object starts a line or the text ("{...}", "  {"), or follows a label in prose ("Lightning
		 * config: {num_nodes: 2, devices: 4}", "trainer settings {devices: 8}"); never a JSON argument inside
		 * a command (after an option or a program in its clause, or after '=' or a quote) */
		size_t p = i;
		while (p > 0 && is_hspace(c->nl[p - 1]))
			p--;
		if (p > 0 && c->nl[p - 1] != '\n') {
			/* an item of a list of objects that opens a line ("[{...}, {...}]") */
			size_t q = p;
			while (q > 0 && (c->nl[q - 1] == '[' || c->nl[q - 1] == ',' || is_hspace(c->nl[q - 1])))
				q--;
			bool list_item = (c->nl[p - 1] == '[' || c->nl[p - 1] == ',') && (q == 0 || c->nl[q - 1] == '\n' ||
											 c->nl[q - 1] == '}');
			/* or after a sentence of prose ("... for the following? {...}", "Here it is. {...}") */
			bool after_sentence = strchr("?.!", c->nl[p - 1]) && p >= 2 && isalpha((unsigned char)c->nl[p - 2]);
			/* or after a short salutation, tag or mention opening the line ("Hi maple, {...}", "[URGENT]
			 * {...}", "@maple-bot {...}") */
			bool salutation = false;
			if (c->nl[p - 1] == ',' || c->nl[p - 1] == ']' || c->nl[p - 1] == '-' || isalnum((unsigned char)c->nl[p - 1])) {
				size_t ls2 = p;
				int words = 0;
				while (ls2 > 0 && c->nl[ls2 - 1] != '\n') {
					if (is_hspace(c->nl[ls2 - 1]) && ls2 < p && !is_hspace(c->nl[ls2]))
						words++;
					ls2--;
				}
				salutation = words <= 3 && !memchr(c->nl + ls2, '=', p - ls2) &&
					     (c->nl[ls2] == '[' || c->nl[ls2] == '@' || c->nl[p - 1] == ',');
			}
			/* or a Python dict assigned at a line's start ("JOB = {", "cfg={") */
			bool py_assign = false;
			if (c->nl[p - 1] == '=' && !(p >= 2 && strchr("=!<>", c->nl[p - 2]))) {
				size_t q = p - 1;
				while (q > 0 && is_hspace(c->nl[q - 1]))
					q--;
				size_t ne = q;
				while (q > 0 && (isalnum((unsigned char)c->nl[q - 1]) || c->nl[q - 1] == '_'))
					q--;
				py_assign = ne > q && (isalpha((unsigned char)c->nl[q]) || c->nl[q] == '_') && (q == 0 || c->nl[q - 1] == '\n');
			}
			if (!list_item && c->nl[p - 1] != ':' && !isalpha((unsigned char)c->nl[p - 1]) && !after_sentence && !salutation &&
			    !py_assign)
				continue;
			size_t ls = p; /* the clause: "python fit.py, config {...}" is prose after the command's comma */
			while (ls > 0 && !strchr("\n,;", c->nl[ls - 1]))
				ls--;
			bool in_command = false;
			for (size_t q = ls; q + 1 < p && !in_command; q++)
				in_command = (c->nl[q] == '-' && c->nl[q + 1] == '-') ||
					     (c->nl[q] == '.' && c->nl[q + 1] == 'p' && q + 2 < p && c->nl[q + 2] == 'y');
			if (in_command)
				continue;
		}
		size_t e = read_object(c, i, c->len);
		if (e) {
			rd_blank(c, i, i + 1);
			rd_blank(c, e - 1, e);
			i = e - 1;
		}
	}
}

/* --------------------------------------------------------------------------------------------- */
/* markdown tables */

/* Whether a table's header row text[a, b) names any known key ("| nodes | gpus |"). */
static bool header_has_key(const struct ctx *c, size_t a, size_t b)
{
	const char *s = c->nl;
	for (size_t k = a; k < b;) {
		while (k < b && (s[k] == '|' || is_hspace(s[k])))
			k++;
		size_t e = k;
		while (e < b && s[e] != '|')
			e++;
		size_t ka = k, kb = e;
		form_trim(s, &ka, &kb);
		char key[64];
		if (kb > ka && kb - ka < sizeof(key)) {
			snprintf(key, sizeof(key), "%.*s", (int)(kb - ka), s + ka);
			if (vocab_key(key) != VK_NONE)
				return true;
		}
		k = e;
	}
	return false;
}

/* The value column of a "| field | value |" table whose header is text[p, lb): 1, or with several value
 * columns the one its header marks as the new one ("new (Aurora)", "target", "after", "proposed"), when
 * one alone is; a cluster named in that header's parentheses is the target. */
static int value_column(struct ctx *c, size_t p, size_t lb)
{
	static const char *const fresh[] = {"new", "target", "after", "to", "proposed", "wanted", "desired", "next",
					    "destination", NULL};
	const char *s = c->nl;
	int ncols = 0, pick = 0, picks = 0;
	size_t pa = 0, pb = 0;
	for (int col = 1; col < 12; col++) {
		size_t a, b;
		if (!form_row_cell(s, p, lb, col, &a, &b))
			break;
		if (a >= lb)
			break;
		ncols++;
		size_t w = a;
		while (w < b && isalpha((unsigned char)s[w]))
			w++;
		bool marked = false; /* "Option B ✅", "(chosen)": the column picked */
		static const char *const ticks[] = {"\u2705", "\u2714", "\u2713", "(chosen)", "(selected)", "(picked)", "(this one)", NULL};
		for (const char *const *t = ticks; *t && !marked; t++)
			marked = memmem(s + a, b - a, *t, strlen(*t)) != NULL;
		for (const char *const *f = fresh; *f && !marked; f++)
			marked = w - a == strlen(*f) && !strncasecmp(s + a, *f, w - a);
		if (marked)
			pick = col, picks++, pa = a, pb = b;
	}
	if (ncols <= 1)
		return 1;
	if (picks != 1)
		return 1; /* none marked: the first, as with one */
	const char *open = memchr(s + pa, '(', pb - pa), *close = open ? memchr(open, ')', (size_t)(s + pb - open)) : NULL;
	if (open && close && close - open > 1 && close - open < 40) {
		char name[40];
		snprintf(name, sizeof(name), "%.*s", (int)(close - open - 1), open + 1);
		if (match_cluster_name(c->repo, name)) {
			struct fvalue v = {.a = (size_t)(open + 1 - s), .b = (size_t)(close - s)};
			strvec_init(&v.list);
			form_apply(c, VK_CLUSTER, "cluster", pa, &v, false);
			strvec_clear(&v.list);
		}
	}
	return pick;
}

/* Rows "| key | value |" from text[la] on, each applied as a field (the value in column col); returns
 * where the rows end. */
static size_t read_key_value_rows(struct ctx *c, size_t la, int col)
{
	const char *s = c->nl;
	size_t end = la ? la - 1 : 0;
	while (la < c->len) {
		size_t p;
		size_t lb = rd_line_end(c, la, &p);
		if (p >= lb || s[p] != '|')
			break;
		size_t ka = p + 1, kb = ka;
		while (kb < lb && s[kb] != '|')
			kb++;
		size_t a = kb + 1, b = a;
		while (b < lb && s[b] != '|')
			b++;
		size_t ke = kb;
		form_trim(s, &ka, &ke);
		if (col > 1) {
			if (!form_row_cell(s, la, lb, col, &a, &b))
				a = b = lb;
		} else if (a < lb) {
			form_trim(s, &a, &b);
		}
		char key[64];
		enum vkey k = VK_NONE;
		if (ke > ka && ke - ka < sizeof(key) && a < lb) {
			snprintf(key, sizeof(key), "%.*s", (int)(ke - ka), s + ka);
			k = vocab_key(key);
		}
		if (k != VK_NONE && b > a && col > 0) {
			struct fvalue v = {.a = a, .b = b};
			strvec_init(&v.list);
			if (form_apply(c, k, key, ka, &v, false))
				rd_blank(c, la, lb);
			strvec_clear(&v.list);
		}
		end = lb;
		la = lb + 1;
	}
	return end;
}

/* The trimmed cell col (0 = the first) of the table row text[a, b) in [*ca, *cb); false when it has none. */
bool form_row_cell(const char *s, size_t a, size_t b, int col, size_t *ca, size_t *cb)
{
	size_t p = a;
	while (p < b && s[p] != '|')
		p++;
	p++; /* past the opening bar: the first cell */
	for (int k = 0; k < col; k++) {
		while (p < b && s[p] != '|')
			p++;
		if (p >= b)
			return false;
		p++;
	}
	if (p >= b)
		return false;
	size_t e = p;
	while (e < b && s[e] != '|')
		e++;
	*ca = p, *cb = e;
	form_trim(s, ca, cb);
	return true;
}

/* Whether every row has the same value in column col ("| Perlmutter |" in each row of options). */
static bool rows_agree(const char *s, const size_t *ra, const size_t *rb, size_t n, int col)
{
	size_t a0, b0;
	if (!form_row_cell(s, ra[0], rb[0], col, &a0, &b0) || b0 <= a0)
		return false;
	for (size_t r = 1; r < n; r++) {
		size_t a, b;
		if (!form_row_cell(s, ra[r], rb[r], col, &a, &b) || b - a != b0 - a0 || strncasecmp(s + a, s + a0, b - a))
			return false;
	}
	return true;
}

/* A markdown table: a header row of keys, a |---| rule, then rows of values: the only row, or the one
 * the text chooses (table_rows.c), is read as a form's fields. */
void form_read_tables(struct ctx *c)
{
	const char *s = c->nl;
	size_t la = 0;
	/* a row is chosen by what the whole text says of each row's labels: a few tables are a request's, 3,000
	 * pasted ones made it quadratic (8.6 s for 64 KiB); past MAX_PICKS tables none stands out */
	enum { MAX_PICKS = 8 };
	size_t picks = 0;
	while (la < c->len) {
		size_t p;
		size_t lb = rd_line_end(c, la, &p);
		/* the rule line below the header */
		size_t r = lb + 1, rb = r;
		while (rb < c->len && s[rb] != '\n')
			rb++;
		bool header = p < lb && s[p] == '|' && r < c->len && memchr(s + r, '-', rb - r) && memchr(s + r, '|', rb - r);
		for (size_t q = r; header && q < rb; q++)
			if (!strchr("|-: \t", s[q]))
				header = false;
		if (!header) {
			la = lb + 1;
			continue;
		}
		if (!header_has_key(c, p, lb)) {
			/* "| field | value |": each row below is a key and its value; with several value columns
			 * ("| | old (Polaris) | new (Aurora) |"), the new one's */
			int col = value_column(c, p, lb);
			size_t end = read_key_value_rows(c, rb + 1, col);
			rd_blank(c, la, lb);
			rd_blank(c, r, rb);
			la = end + 1;
			continue;
		}
		/* the rows of values: one is read, the one the text chooses when there are several */
		size_t row_a[32], row_b[32], nrows = 0, q = rb + 1;
		while (q < c->len && nrows < 32) {
			size_t fp;
			size_t qe = rd_line_end(c, q, &fp);
			if (fp >= qe || s[fp] != '|')
				break;
			row_a[nrows] = q, row_b[nrows] = qe, nrows++;
			q = qe + 1;
		}
		size_t table_end = nrows ? row_b[nrows - 1] : rb;
		int status_col = -1, col = 0;
		for (size_t k = p + 1; k < lb; col++) {
			size_t e = k;
			while (e < lb && s[e] != '|')
				e++;
			size_t ka = k, kb = e;
			form_trim(s, &ka, &kb);
			static const char *const status[] = {"status", "state", "note", "notes", "decision", "choice", "comment",
							     "comments", "verdict", NULL};
			for (const char *const *w = status; *w && status_col < 0; w++)
				if (kb - ka == strlen(*w) && !strncasecmp(s + ka, *w, kb - ka))
					status_col = col;
			k = e + 1;
		}
		int pick = nrows == 1 || (nrows > 1 && picks++ < MAX_PICKS)
				   ? rd_table_pick_row(c, la, table_end, p, lb, row_a, row_b, nrows, status_col)
				   : -1;
		if (pick < 0 && nrows < 2) {
			rd_blank(c, la, table_end);
			la = table_end + 1;
			continue;
		}
		/* no row stands out: only what every row says is read ("Perlmutter" in each), the counts are
		 * asked back */
		bool agreed_only = pick < 0;
		if (agreed_only)
			pick = 0;
		/* (and the counts only where every row has the same size: GPUs per node all rows share beside
		 * node counts that differ are no size of their own) */
		bool sizes_agree = true;
		for (int ci = 0; agreed_only && sizes_agree && ci < 16; ci++) {
			size_t a, b;
			char key[64];
			if (!form_row_cell(s, la, lb, ci, &a, &b) || a >= lb)
				break;
			snprintf(key, sizeof(key), "%.*s", (int)(b - a < sizeof(key) ? b - a : sizeof(key) - 1), s + a);
			enum vkey k = b > a ? vocab_key(key) : VK_NONE;
			if (k == VK_NODES || k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS)
				sizes_agree = rows_agree(s, row_a, row_b, nrows, ci);
		}
		size_t va = row_a[pick], vb = row_b[pick];
		/* pair the cells */
		size_t hk = p + 1, vk = va;
		while (vk < vb && s[vk] != '|')
			vk++;
		vk++;
		for (int ci = 0; hk < lb && vk <= vb; ci++) {
			size_t he = hk, ve = vk;
			while (he < lb && s[he] != '|')
				he++;
			while (ve < vb && s[ve] != '|')
				ve++;
			size_t ka = hk, kb = he, a = vk, b = ve;
			form_trim(s, &ka, &kb);
			form_trim(s, &a, &b);
			char key[64];
			snprintf(key, sizeof(key), "%.*s", (int)(kb - ka), s + ka);
			enum vkey k = kb > ka ? vocab_key(key) : VK_NONE;
			/* "| run | ... |" with "smoke", "r2": the run's name, not its command */
			bool name_only = true;
			for (size_t q2 = a; q2 < b && name_only; q2++)
				name_only = !strchr("./ ", s[q2]);
			bool count = k == VK_NODES || k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS;
			if (((k == VK_COMMAND || k == VK_SCRIPT) && name_only) ||
			    (agreed_only && ((count && !sizes_agree) || !rows_agree(s, row_a, row_b, nrows, ci))))
				k = VK_NONE;
			if (k != VK_NONE && b > a) {
				struct fvalue v = {.a = a, .b = b};
				strvec_init(&v.list);
				size_t e = form_apply(c, k, key, a, &v, false);
				if (e)
					rd_blank(c, ka, kb), rd_blank(c, a, b);
			}
			hk = he + 1;
			vk = ve + 1;
		}
		rd_blank(c, la, lb);
		rd_blank(c, r, rb);
		for (size_t k = 0; k < nrows; k++)
			if ((int)k != pick || agreed_only)
				rd_blank(c, row_a[k], row_b[k]); /* the rows not chosen are no statements */
		la = table_end + 1;
	}
}
