/* deps.c - line readers for the three dependency-list formats of deps.h. */
#include "deps.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

/* "torch==2.1.0 ; python_version > '3.8'", "transformers>=4.30", "pytorch=2.1" (conda),
 * "conda-forge::numpy" -> name, spec. Returns false when s is not a requirement. */
static bool split_req(const char *a, const char *b, struct strbuf *name, struct strbuf *spec)
{
	while (a < b && isspace((unsigned char)*a))
		a++;
	const char *semi = memchr(a, ';', (size_t)(b - a));
	if (semi)
		b = semi;
	const char *hash = memchr(a, '#', (size_t)(b - a));
	if (hash)
		b = hash;
	while (b > a && isspace((unsigned char)b[-1]))
		b--;
	if (a >= b || *a == '-')
		return false;
	const char *w = a; /* a URL or VCS requirement ("git+https://...") names no package */
	while (w < b && *w != ' ' && *w != '@')
		w++;
	for (const char *q = a; q + 3 <= w; q++)
		if (q[0] == ':' && q[1] == '/' && q[2] == '/')
			return false;
	const char *colons = NULL;
	for (const char *p = a; p + 1 < b; p++)
		if (p[0] == ':' && p[1] == ':')
			colons = p;
	if (colons)
		a = colons + 2;
	const char *p = a;
	while (p < b && (isalnum((unsigned char)*p) || *p == '-' || *p == '_' || *p == '.'))
		p++;
	if (p == a)
		return false;
	for (const char *q = a; q < p; q++)
		strbuf_addch(name, *q == '_' ? '-' : (char)tolower((unsigned char)*q));
	if (p < b && *p == '[') { /* extras */
		const char *c = memchr(p, ']', (size_t)(b - p));
		p = c ? c + 1 : b;
	}
	while (p < b && isspace((unsigned char)*p))
		p++;
	if (p < b && *p == '@') /* name @ url */
		return true;
	for (const char *q = p; q < b; q++)
		if (!isspace((unsigned char)*q))
			strbuf_addch(spec, *q);
	/* conda's "pytorch=2.1" means ==2.1 */
	if (spec->len >= 2 && spec->buf[0] == '=' && spec->buf[1] != '=') {
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "=%s", spec->buf);
		strbuf_reset(spec);
		strbuf_adds(spec, t.buf);
		strbuf_release(&t);
	}
	return true;
}

static void add(json_t *out, const char *a, const char *b, int line)
{
	struct strbuf name = STRBUF_INIT, spec = STRBUF_INIT;
	if (split_req(a, b, &name, &spec) && name.len) {
		json_t *e = json_array();
		json_array_append_new(e, json_string(name.buf));
		json_t *sv = json_string(spec.buf);
		json_array_append_new(e, sv ? sv : json_string(""));
		json_array_append_new(e, json_integer(line));
		json_array_append_new(out, e);
	}
	strbuf_release(&name);
	strbuf_release(&spec);
}

/* The text of a quoted string inside [a, b), or NULL. */
static bool quoted(const char *a, const char *b, const char **qa, const char **qb)
{
	for (const char *p = a; p < b; p++)
		if (*p == '"' || *p == '\'') {
			const char *e = memchr(p + 1, *p, (size_t)(b - p - 1));
			if (!e)
				return false;
			*qa = p + 1;
			*qb = e;
			return true;
		}
	return false;
}

json_t *deps_scan(enum file_kind kind, const char *data, size_t len)
{
	json_t *out = json_array();
	const char *p = data, *end = data + len;
	int line = 0;
	bool in_deps = false, in_poetry = false, in_project = false;
	int dep_indent = -1;
	while (p < end && json_array_size(out) < 2000) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *a = p, *b = nl ? nl : end;
		p = nl ? nl + 1 : end;
		line++;
		if (b > a && b[-1] == '\r')
			b--;
		const char *t = a;
		while (t < b && (*t == ' ' || *t == '\t'))
			t++;
		int indent = (int)(t - a);
		if (kind == FK_REQUIREMENTS) {
			if (t < b && *t != '#')
				add(out, t, b, line);
		} else if (kind == FK_ENVIRONMENT) {
			/* dependencies:\n  - python=3.10\n  - pip:\n    - torch==2.1 */
			if (indent == 0 && t < b && *t != '#' && *t != '-') {
				in_deps = b - t >= 13 && !strncmp(t, "dependencies:", 13);
				continue;
			}
			if (!in_deps || t >= b || *t != '-')
				continue;
			const char *v = t + 1;
			while (v < b && isspace((unsigned char)*v))
				v++;
			if (b - v >= 4 && !strncmp(v, "pip:", 4))
				continue;
			const char *qa, *qb;
			if (quoted(v, b, &qa, &qb))
				add(out, qa, qb, line);
			else
				add(out, v, b, line);
		} else if (kind == FK_PYPROJECT) {
			if (t < b && *t == '[') {
				in_project = b - t >= 9 && !strncmp(t, "[project]", 9);
				in_poetry = b - t >= 26 && !strncmp(t, "[tool.poetry.dependencies]", 26);
				in_deps = false;
				continue;
			}
			if (in_project && !in_deps && b - t >= 12 && !strncmp(t, "dependencies", 12)) {
				const char *eq = memchr(t, '=', (size_t)(b - t));
				if (eq && memchr(eq, '[', (size_t)(b - eq))) {
					in_deps = !memchr(eq, ']', (size_t)(b - eq));
					dep_indent = indent;
					const char *qa = eq, *qb;
					const char *lb = memchr(eq, '[', (size_t)(b - eq)) + 1;
					qa = lb;
					while (quoted(qa, b, &qa, &qb)) {
						add(out, qa, qb, line);
						qa = qb + 1;
					}
				}
				continue;
			}
			if (in_deps) {
				const char *qa = t, *qb;
				while (quoted(qa, b, &qa, &qb)) {
					add(out, qa, qb, line);
					qa = qb + 1;
				}
				if (memchr(t, ']', (size_t)(b - t)) && !memchr(t, '"', (size_t)(b - t)))
					in_deps = false;
				else if (memchr(t, ']', (size_t)(b - t))) {
					const char *last = b;
					while (last > t && last[-1] != '"' && last[-1] != '\'')
						last--;
					if (memchr(last, ']', (size_t)(b - last)))
						in_deps = false;
				}
				(void)dep_indent;
				continue;
			}
			if (in_poetry && t < b && *t != '#') {
				const char *eq = memchr(t, '=', (size_t)(b - t));
				if (!eq)
					continue;
				struct strbuf req = STRBUF_INIT;
				const char *ke = eq;
				while (ke > t && isspace((unsigned char)ke[-1]))
					ke--;
				strbuf_add(&req, t, (size_t)(ke - t));
				const char *qa, *qb;
				if (quoted(eq, b, &qa, &qb) && strncmp(req.buf, "python", 7))
					strbuf_addf(&req, " %.*s", (int)(qb - qa), qa);
				if (strcmp(req.buf, "python"))
					add(out, req.buf, req.buf + req.len, line);
				strbuf_release(&req);
			}
		}
	}
	return out;
}
