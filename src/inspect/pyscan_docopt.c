/* pyscan_docopt.c - docopt's options: a program that calls docopt(__doc__) declares its options in the
 * module docstring ("  --lr=<f>   learning rate [default: 1e-3]", "  --fp16   half precision") and its
 * positional arguments in the usage pattern ("train.py [options] <data_dir>"). They are added to the
 * file's calls as the add_argument calls argparse would have (merge_args.c reads them alike), each at
 * its docstring line. */
#include "pyscan_int.h"

#include "cmdline.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static json_t *arg_call(int line)
{
	json_t *c = json_object();
	json_object_set_new(c, "name", json_string("add_argument"));
	json_object_set_new(c, "full", json_string("add_argument"));
	json_object_set_new(c, "line", json_integer(line));
	json_object_set_new(c, "args", json_array());
	json_object_set_new(c, "kw", json_object());
	return c;
}

/* One option line ("-b, --batch-size=<n>  text [default: 32]") into a call; NULL when it is none. */
static json_t *option_line(const char *p, const char *e, int line)
{
	const char *desc = p;
	/* the names end at two blanks (docopt's rule) or the line's end */
	while (desc < e && !(desc[0] == ' ' && desc + 1 < e && desc[1] == ' ') && desc[0] != '\t')
		desc++;
	json_t *c = arg_call(line), *args = json_object_get(c, "args"), *kw = json_object_get(c, "kw");
	bool valued = false;
	for (const char *q = p; q < desc;) {
		while (q < desc && (*q == ' ' || *q == ','))
			q++;
		const char *w = q;
		while (q < desc && *q != ' ' && *q != ',' && *q != '=')
			q++;
		if (q > w && *w == '-')
			json_array_append_new(args, jstrn(w, (size_t)(q - w)));
		else if (q > w && (*w == '<' || isupper((unsigned char)*w)))
			valued = true; /* "--batch-size <n>", "-o FILE" */
		if (q < desc && *q == '=') {
			valued = true;
			while (q < desc && *q != ' ' && *q != ',')
				q++;
		}
	}
	if (!json_array_size(args)) {
		json_decref(c);
		return NULL;
	}
	const char *d = NULL;
	for (const char *q = desc; q + 10 <= e && !d; q++)
		if (*q == '[' && !strncasecmp(q, "[default: ", 10))
			d = q + 10;
	if (d) {
		const char *de = memchr(d, ']', (size_t)(e - d));
		char *v = xstrndup(d, de ? (size_t)(de - d) : (size_t)(e - d));
		json_object_set_new(kw, "default", typed_arg(v));
		free(v);
	} else if (!valued) {
		json_object_set_new(kw, "action", json_string("store_true"));
	}
	return c;
}

void pyscan_docopt(const struct toks *ts, json_t *calls)
{
	bool called = false;
	for (size_t i = 0; i + 1 < ts->n && !called; i++)
		called = kw(&ts->v[i], "docopt") && op(&ts->v[i + 1], "(") && (i == 0 || !kw(&ts->v[i - 1], "import"));
	if (!called || !ts->n || ts->v[0].t != T_STRING)
		return;
	struct strbuf doc = STRBUF_INIT;
	bool f = false;
	py_string_value(&ts->v[0], &doc, &f);
	int line = ts->v[0].line;
	bool usage = false;
	const char *p = doc.buf, *end = doc.buf + doc.len;
	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p));
		if (!e)
			e = end;
		const char *q = p;
		while (q < e && (*q == ' ' || *q == '\t'))
			q++;
		if (!strncasecmp(q, "usage:", 6)) {
			usage = true;
			q += 6;
			while (q < e && *q == ' ')
				q++;
		}
		if (q == e) {
			/* nothing on the line: the pattern is on the next one */
		} else if (*q == '-') {
			json_t *c = option_line(q, e, line);
			if (c)
				json_array_append_new(calls, c);
		} else if (usage) {
			/* "<data_dir>" outside brackets: a positional, in order (the first pattern's only) */
			int depth = 0;
			for (const char *r = q; r < e; r++) {
				if (*r == '[' || *r == '(')
					depth++;
				else if ((*r == ']' || *r == ')') && depth)
					depth--;
				else if (!depth && isupper((unsigned char)*r) && (r == q || r[-1] == ' ')) {
					/* an ARGUMENT in capitals ("train.py [options] DATA") */
					const char *w = r;
					while (r < e && (isupper((unsigned char)*r) || isdigit((unsigned char)*r) || *r == '_'))
						r++;
					if (r - w >= 2 && (r == e || *r == ' ')) {
						json_t *c = arg_call(line);
						char *lw = xstrndup(w, (size_t)(r - w));
						for (char *x = lw; *x; x++)
							*x = (char)tolower((unsigned char)*x);
						json_array_append_new(json_object_get(c, "args"), json_string(lw));
						free(lw);
						json_array_append_new(calls, c);
					}
					r--;
				} else if (*r == '<' && !depth) {
					const char *gt = memchr(r, '>', (size_t)(e - r));
					if (!gt)
						break;
					json_t *c = arg_call(line);
					json_array_append_new(json_object_get(c, "args"), jstrn(r + 1, (size_t)(gt - r - 1)));
					json_array_append_new(calls, c);
					r = gt;
				}
			}
			usage = false; /* the first pattern is enough */
		}
		line++;
		p = e < end ? e + 1 : end;
	}
	strbuf_release(&doc);
}
