/* pyscan_launch.c - a launch command a Python program builds and runs itself: a list whose first word
 * is a launcher (`["torchrun", f"--nproc_per_node={args.gpus}", "-m", "pkg.train"] + rest` handed to
 * subprocess) or a string that starts with one (`f"torchrun --nproc_per_node={n} train.py " +
 * " ".join(rest)` handed to os.system), kept as templates for merge_launch.c to fill from the launcher's
 * own options. Nothing is executed. */
#include "pyscan_int.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <string.h>

static const char *const launchers[] = {"torchrun", "deepspeed", "accelerate", "python", "python3", NULL};

static bool launcher_word(const char *w, size_t n)
{
	for (int k = 0; launchers[k]; k++)
		if (strlen(launchers[k]) == n && !memcmp(launchers[k], w, n))
			return true;
	return false;
}

/* The text of string token t as a template: an f-string's {expr} kept as a placeholder, a plain
 * string's braces doubled (they are literal). */
static void add_template(struct strbuf *sb, const struct tok *t)
{
	struct strbuf v = STRBUF_INIT;
	bool f = false;
	py_string_value(t, &v, &f);
	for (size_t k = 0; k < v.len; k++) {
		if (!f && (v.buf[k] == '{' || v.buf[k] == '}'))
			strbuf_addch(sb, v.buf[k]);
		strbuf_addch(sb, v.buf[k]);
	}
	strbuf_release(&v);
}

/* Whether [a, b) is one dotted name; copied into out. */
static bool dotted_range(const struct toks *ts, size_t a, size_t b, struct strbuf *out)
{
	if (a >= b)
		return false;
	size_t j = pyscan_dotted(ts, a, out);
	return j == b && out->len;
}

/* One element [a, b) of a built command as a template appended to sb; false when it is none of a
 * string (adjacent strings joined), str(NAME), NAME, sys.executable, *NAME, os.path.join(...) */
static bool element(const struct toks *ts, size_t a, size_t b, struct strbuf *sb)
{
	struct strbuf d = STRBUF_INIT;
	bool ok = true;
	if (ts->v[a].t == T_STRING) {
		for (size_t k = a; k < b && ok; k++)
			if (ts->v[k].t == T_STRING)
				add_template(sb, &ts->v[k]);
			else
				ok = false;
	} else if (op(&ts->v[a], "*") && dotted_range(ts, a + 1, b, &d)) {
		strbuf_addf(sb, "{*%s}", d.buf);
	} else if (kw(&ts->v[a], "str") && b - a >= 4 && op(&ts->v[a + 1], "(") && op(&ts->v[b - 1], ")") &&
		   dotted_range(ts, a + 2, b - 1, &d)) {
		if (!strcmp(d.buf, "sys.executable"))
			strbuf_adds(sb, "python");
		else
			strbuf_addf(sb, "{%s}", d.buf);
	} else if (dotted_range(ts, a, b, &d)) {
		if (!strcmp(d.buf, "sys.executable"))
			strbuf_adds(sb, "python");
		else
			strbuf_addf(sb, "{%s}", d.buf);
	} else if (b - a >= 6 && kw(&ts->v[a], "os") && op(&ts->v[a + 1], ".") && kw(&ts->v[a + 2], "path") &&
		   op(&ts->v[a + 3], ".") && kw(&ts->v[a + 4], "join") && op(&ts->v[a + 5], "(") &&
		   py_close_of(ts, a + 5) == b) {
		size_t pos = a + 6, x, y;
		int parts = 0;
		while (ok && pyscan_next_arg(ts, b - 1, &pos, &x, &y)) {
			if (parts++)
				strbuf_addch(sb, '/');
			ok = element(ts, x, y, sb);
		}
	} else {
		ok = false;
	}
	strbuf_release(&d);
	return ok;
}

/* `+ NAME` / `+ sys.argv[1:]` / `+ " ".join(NAME)` / `+ "text"` / `+ str(NAME)` after a built command
 * at token i: appended to sb (a list's leftovers as {*NAME}); the index after the last one read. */
static size_t tail(const struct toks *ts, size_t i, struct strbuf *sb, bool list)
{
	while (i + 1 < ts->n && op(&ts->v[i], "+")) {
		size_t a = i + 1;
		struct strbuf d = STRBUF_INIT;
		size_t j = ts->v[a].t == T_NAME ? pyscan_dotted(ts, a, &d) : a;
		if (ts->v[a].t == T_STRING && a + 5 < ts->n && op(&ts->v[a + 1], ".") && kw(&ts->v[a + 2], "join") &&
		    op(&ts->v[a + 3], "(")) {
			size_t close = py_close_of(ts, a + 3);
			struct strbuf n = STRBUF_INIT;
			if (dotted_range(ts, a + 4, close - 1, &n))
				strbuf_addf(sb, "%s{*%s}", list ? "\x1f" : "", n.buf);
			strbuf_release(&n);
			i = close;
		} else if (ts->v[a].t == T_STRING && !list) {
			size_t k = a;
			while (k < ts->n && ts->v[k].t == T_STRING)
				add_template(sb, &ts->v[k++]);
			i = k;
		} else if (d.len && !strcmp(d.buf, "sys.argv") && j < ts->n && op(&ts->v[j], "[")) {
			strbuf_adds(sb, list ? "\x1f{*sys.argv}" : "{*sys.argv}");
			i = py_close_of(ts, j);
		} else if (d.len && j < ts->n && !op(&ts->v[j], "(") && !op(&ts->v[j], "[")) {
			strbuf_addf(sb, list ? "\x1f{*%s}" : "{%s}", d.buf);
			i = j;
		} else {
			strbuf_release(&d);
			break;
		}
		strbuf_release(&d);
	}
	return i;
}

/* [LAUNCHER, ...] at token i: the words as templates joined by \x1f into sb; false when not one. */
static bool list_cmd(const struct toks *ts, size_t i, struct strbuf *sb, size_t *after)
{
	size_t close = py_close_of(ts, i);
	if (close > ts->n || close <= i + 1 || !op(&ts->v[close - 1], "]"))
		return false;
	size_t pos = i + 1, a, b;
	int words = 0;
	struct strbuf one = STRBUF_INIT;
	bool ok = true;
	/* the ']' is close - 1: pyscan_next_arg reads up to the bracket that ends the arguments */
	while (ok && pyscan_next_arg(ts, close - 1, &pos, &a, &b)) {
		strbuf_reset(&one);
		ok = element(ts, a, b, &one);
		if (ok && !words) {
			const char *w = one.buf;
			ok = launcher_word(w, one.len);
		}
		if (ok) {
			if (words++)
				strbuf_addch(sb, '\x1f');
			strbuf_add(sb, one.buf, one.len);
		}
	}
	strbuf_release(&one);
	if (!ok || words < 2)
		return false;
	*after = tail(ts, close, sb, true);
	return true;
}

/* A string starting "LAUNCHER " at token i (adjacent strings and `+` parts joined) into sb. */
static bool string_cmd(const struct toks *ts, size_t i, struct strbuf *sb, size_t *after)
{
	struct strbuf v = STRBUF_INIT;
	bool f = false;
	py_string_value(&ts->v[i], &v, &f);
	size_t n = strcspn(v.buf, " ");
	bool ok = n < v.len && launcher_word(v.buf, n);
	strbuf_release(&v);
	if (!ok)
		return false;
	size_t k = i;
	while (k < ts->n && ts->v[k].t == T_STRING)
		add_template(sb, &ts->v[k++]);
	*after = tail(ts, k, sb, false);
	return true;
}

void pyscan_launch(const struct toks *ts, json_t *out)
{
	bool runs = false, known = false, per_gpu = false;
	json_t *built = NULL, *locals = json_object();
	for (size_t i = 0; i < ts->n; i++) {
		const struct tok *t = &ts->v[i];
		if (i + 2 < ts->n && op(&ts->v[i + 1], ".") &&
		    ((kw(t, "subprocess") && (kw(&ts->v[i + 2], "run") || kw(&ts->v[i + 2], "Popen") ||
					      kw(&ts->v[i + 2], "call") || kw(&ts->v[i + 2], "check_call") ||
					      kw(&ts->v[i + 2], "check_output"))) ||
		     (kw(t, "os") && (kw(&ts->v[i + 2], "system") || kw(&ts->v[i + 2], "execvp") ||
				      kw(&ts->v[i + 2], "execv")))))
			runs = true;
		if (kw(t, "parse_known_args"))
			known = true;
		if (kw(t, "device_count"))
			per_gpu = true;
		/* NAME = A.B or ...: a local standing for an option (nproc = args.gpus or device_count()) */
		if (t->t == T_NAME && t->indent >= 0 && i + 3 < ts->n && op(&ts->v[i + 1], "=") && ts->v[i + 2].t == T_NAME) {
			struct strbuf d = STRBUF_INIT;
			size_t j = pyscan_dotted(ts, i + 2, &d);
			if (strchr(d.buf, '.') && j < ts->n &&
			    (ts->v[j].t == T_NEWLINE || kw(&ts->v[j], "or"))) {
				char *name = xstrndup(t->s, t->len);
				json_object_set_new(locals, name, json_string(d.buf));
				free(name);
			}
			strbuf_release(&d);
		}
		if (built)
			continue;
		struct strbuf sb = STRBUF_INIT;
		size_t after = i;
		bool list = op(t, "[") && i + 1 < ts->n;
		if ((list && list_cmd(ts, i, &sb, &after)) || (t->t == T_STRING && string_cmd(ts, i, &sb, &after))) {
			built = json_object();
			json_object_set_new(built, "line", json_integer(t->line));
			json_object_set_new(built, "kind", json_string(list ? "list" : "string"));
			json_object_set_new(built, "template", json_string(sb.buf));
			i = after ? after - 1 : i;
		}
		strbuf_release(&sb);
	}
	/* a launcher that starts a process for each GPU it counts (NVIDIA's multiproc.py: Popen([python] + argv)
	 * once per torch.cuda.device_count()) */
	if (runs && per_gpu)
		json_object_set_new(out, "spawns_per_gpu", json_true());
	if (built && runs) {
		json_object_set_new(built, "known_args", json_boolean(known));
		if (json_object_size(locals))
			json_object_set(built, "locals", locals);
		json_object_set_new(out, "built_cmd", built);
	} else {
		json_decref(built);
	}
	json_decref(locals);
}
