/* configs.c - YAML (libyaml), JSON (a small line-tracking parser) and TOML-subset flatteners. */
#include "configs.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <yaml.h>

#define MAX_KEYS 4000
#define MAX_DEPTH 32
/* YAML nodes visited in one document: an alias names a node again, so aliases of aliases of empty
 * mappings (462 bytes, 10^8 visits that add no key) would walk for minutes without this */
#define MAX_YAML_VISITS 200000
/* flow collections ([ { ) open at once: libyaml's scanner checks every open level at each token, so
 * 20,000 '[' took 7 s and a 64 KiB file of them over a minute */
#define MAX_YAML_FLOW 256

int config_format_of(const char *name)
{
	size_t n = strlen(name);
	if ((n > 5 && !strcmp(name + n - 5, ".yaml")) || (n > 4 && !strcmp(name + n - 4, ".yml")))
		return CF_YAML;
	if (n > 5 && !strcmp(name + n - 5, ".json"))
		return CF_JSON;
	if (n > 5 && !strcmp(name + n - 5, ".toml"))
		return CF_TOML;
	if (n > 4 && !strcmp(name + n - 4, ".gin"))
		return CF_GIN;
	if (n > 4 && !strcmp(name + n - 4, ".ini"))
		return CF_INI;
	return -1;
}

static void put(json_t *keys, const char *key, json_t *v, int line)
{
	if (!v)
		v = json_string("?");
	if (json_object_size(keys) >= MAX_KEYS || !*key) {
		json_decref(v);
		return;
	}
	json_t *a = json_array();
	json_array_append_new(a, v);
	json_array_append_new(a, json_integer(line));
	json_object_set_new(keys, key, a);
}

/* A plain scalar as a JSON value: numbers, booleans and null become typed; the rest strings. */
static json_t *typed_scalar(const char *s, size_t n, bool quoted)
{
	json_t *str = json_stringn(s, n);
	if (quoted || !n)
		return str;
	char buf[64];
	if (n < sizeof(buf)) {
		/* YAML 1.1 digit groups: 739_328 is 739328 (a digit on each side of every '_') */
		size_t m = 0;
		for (size_t i = 0; i < n; i++)
			if (s[i] != '_' || !i || i + 1 >= n || !isdigit((unsigned char)s[i - 1]) || !isdigit((unsigned char)s[i + 1]))
				buf[m++] = s[i];
		buf[m] = '\0';
		if (!strcmp(buf, "true") || !strcmp(buf, "True") || !strcmp(buf, "TRUE")) {
			json_decref(str);
			return json_true();
		}
		if (!strcmp(buf, "false") || !strcmp(buf, "False") || !strcmp(buf, "FALSE")) {
			json_decref(str);
			return json_false();
		}
		if (!strcmp(buf, "null") || !strcmp(buf, "~") || !strcmp(buf, "None")) {
			json_decref(str);
			return json_null();
		}
		char *end;
		if (isdigit((unsigned char)buf[0]) || ((buf[0] == '-' || buf[0] == '+' || buf[0] == '.') && n > 1)) {
			long long iv = strtoll(buf, &end, 10);
			if (!*end) {
				json_decref(str);
				return json_integer(iv);
			}
			double d = strtod(buf, &end);
			if (!*end && strcmp(buf, ".") && strcasecmp(buf, "nan") && strcasecmp(buf, "inf")) {
				json_decref(str);
				return json_real(d);
			}
		}
	}
	return str;
}

/* ---- YAML ---------------------------------------------------------------------------------- */

static void yaml_walk(yaml_document_t *doc, yaml_node_t *n, struct strbuf *key, json_t *keys, int depth,
		      size_t *visits)
{
	if (!n || depth > MAX_DEPTH || json_object_size(keys) >= MAX_KEYS || *visits >= MAX_YAML_VISITS)
		return;
	++*visits;
	int line = (int)n->start_mark.line + 1;
	size_t base = key->len;
	if (n->type == YAML_SCALAR_NODE) {
		const char *tag = (const char *)n->tag;
		if (tag && !strcmp(tag, "!ref")) {
			/* hyperpyyaml (SpeechBrain): !ref <a>/x, <a[b]> name other keys: written as ${a}/x, ${a.b}
			 * for the interpolation the merge does once every layer (and the command line) is in */
			struct strbuf r = STRBUF_INIT;
			const char *v = (const char *)n->data.scalar.value, *e = v + n->data.scalar.length;
			while (v < e) {
				const char *gt = *v == '<' ? memchr(v, '>', (size_t)(e - v)) : NULL;
				if (gt && gt > v + 1) {
					strbuf_adds(&r, "${");
					for (const char *q = v + 1; q < gt; q++)
						if (*q == '[')
							strbuf_addch(&r, '.');
						else if (*q != ']')
							strbuf_addch(&r, *q);
					strbuf_addch(&r, '}');
					v = gt + 1;
				} else {
					strbuf_addch(&r, *v++);
				}
			}
			put(keys, key->buf, json_string(r.buf), line);
			strbuf_release(&r);
			return;
		}
		put(keys, key->buf,
		    typed_scalar((const char *)n->data.scalar.value, n->data.scalar.length,
				 n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE),
		    line);
	} else if (n->type == YAML_MAPPING_NODE) {
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
			yaml_node_t *k = yaml_document_get_node(doc, p->key);
			if (!k || k->type != YAML_SCALAR_NODE)
				continue;
			strbuf_setlen(key, base);
			if (base)
				strbuf_addch(key, '.');
			strbuf_add(key, k->data.scalar.value, k->data.scalar.length);
			yaml_walk(doc, yaml_document_get_node(doc, p->value), key, keys, depth + 1, visits);
		}
	} else if (n->type == YAML_SEQUENCE_NODE) {
		bool scalars = true;
		for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
			yaml_node_t *c = yaml_document_get_node(doc, *it);
			if (!c || c->type != YAML_SCALAR_NODE)
				scalars = false;
		}
		if (scalars) {
			json_t *arr = json_array();
			for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
				yaml_node_t *c = yaml_document_get_node(doc, *it);
				json_t *v = typed_scalar((const char *)c->data.scalar.value, c->data.scalar.length,
							 c->data.scalar.style != YAML_PLAIN_SCALAR_STYLE);
				json_array_append_new(arr, v ? v : json_string("?"));
			}
			put(keys, key->buf, arr, line);
		} else {
			size_t i = 0;
			for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++, i++) {
				strbuf_setlen(key, base);
				strbuf_addf(key, "%s%zu", base ? "." : "", i);
				yaml_walk(doc, yaml_document_get_node(doc, *it), key, keys, depth + 1, visits);
			}
		}
	}
	strbuf_setlen(key, base);
}

/* The line where more than MAX_YAML_FLOW flow collections are open at once, or 0. Comments and quoted
 * scalars (to the end of their line) are skipped; a bracket elsewhere in a plain scalar counts, which
 * only makes the bound come sooner for a file no real config resembles. */
static int yaml_flow_too_deep(const char *s, size_t len)
{
	int line = 1, depth = 0;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		bool tok = !i || strchr(" \t\n[{,:", s[i - 1]);
		if (c == '\n') {
			line++;
		} else if (c == '#' && tok) {
			while (i + 1 < len && s[i + 1] != '\n')
				i++;
		} else if ((c == '\'' || c == '"') && tok) {
			while (i + 1 < len && s[i + 1] != '\n' && s[i + 1] != c)
				i += s[i + 1] == '\\' && c == '"' && i + 2 < len && s[i + 2] != '\n' ? 2 : 1;
			if (i + 1 < len && s[i + 1] == c)
				i++;
		} else if (c == '[' || c == '{') {
			if (++depth > MAX_YAML_FLOW)
				return line;
		} else if ((c == ']' || c == '}') && depth > 0) {
			depth--;
		}
	}
	return 0;
}

static void yaml_scan(const char *data, size_t len, json_t *keys, json_t *out)
{
	int deep = yaml_flow_too_deep(data, len);
	if (deep) {
		struct strbuf e = STRBUF_INIT;
		strbuf_addf(&e, "line %d: more than %d [ ] or { } lists nested in one another: not read", deep,
			    MAX_YAML_FLOW);
		json_object_set_new(out, "error", json_string(e.buf));
		strbuf_release(&e);
		return;
	}
	yaml_parser_t p;
	yaml_parser_initialize(&p);
	yaml_parser_set_input_string(&p, (const unsigned char *)data, len);
	yaml_document_t doc;
	if (!yaml_parser_load(&p, &doc)) {
		struct strbuf e = STRBUF_INIT;
		strbuf_addf(&e, "line %d: invalid YAML: %s", (int)p.problem_mark.line + 1, p.problem ? p.problem : "syntax error");
		json_object_set_new(out, "error", json_string(e.buf));
		strbuf_release(&e);
		yaml_parser_delete(&p);
		return;
	}
	struct strbuf key = STRBUF_INIT;
	size_t visits = 0;
	yaml_walk(&doc, yaml_document_get_root_node(&doc), &key, keys, 0, &visits);
	if (visits >= MAX_YAML_VISITS)
		json_object_set_new(out, "error", json_string("line 1: the YAML's aliases expand past 200,000 nodes: "
							      "read no further (the keys read before are kept)"));
	strbuf_release(&key);
	yaml_document_delete(&doc);
	yaml_parser_delete(&p);
}

/* ---- JSON ---------------------------------------------------------------------------------- */

struct jp {
	const char *p, *end;
	int line;
	json_t *keys;
	const char *error;
	int depth;
};

static void jskip(struct jp *j)
{
	while (j->p < j->end && (*j->p == ' ' || *j->p == '\t' || *j->p == '\r' || *j->p == '\n')) {
		if (*j->p == '\n')
			j->line++;
		j->p++;
	}
}

static bool jstring(struct jp *j, struct strbuf *out)
{
	if (j->p >= j->end || *j->p != '"') {
		j->error = "expected a string";
		return false;
	}
	j->p++;
	while (j->p < j->end && *j->p != '"') {
		char c = *j->p++;
		if (c == '\n') {
			j->error = "a string runs past the end of the line";
			return false;
		}
		if (c == '\\' && j->p < j->end) {
			char e = *j->p++;
			switch (e) {
			case 'n':
				strbuf_addch(out, '\n');
				break;
			case 't':
				strbuf_addch(out, '\t');
				break;
			case 'u': /* kept as written: \uXXXX */
				strbuf_adds(out, "\\u");
				break;
			default:
				strbuf_addch(out, e);
			}
			continue;
		}
		strbuf_addch(out, c);
	}
	if (j->p >= j->end) {
		j->error = "unterminated string";
		return false;
	}
	j->p++;
	return true;
}

static json_t *jvalue(struct jp *j, struct strbuf *key, bool store);

static json_t *jscalar_or_skip(struct jp *j, struct strbuf *key)
{
	return jvalue(j, key, false);
}

/* Parses a value at j->p. Objects and arrays of non-scalars are flattened into j->keys under key;
 * scalars (and arrays of scalars) are returned (and stored when store). */
static json_t *jvalue(struct jp *j, struct strbuf *key, bool store)
{
	jskip(j);
	if (j->p >= j->end) {
		j->error = "unexpected end of file";
		return NULL;
	}
	int line = j->line;
	char c = *j->p;
	if (++j->depth > 64) {
		j->error = "nested too deeply";
		return NULL;
	}
	json_t *v = NULL;
	size_t base = key->len;
	if (c == '{') {
		j->p++;
		jskip(j);
		if (j->p < j->end && *j->p == '}') {
			j->p++;
		} else {
			for (;;) {
				jskip(j);
				struct strbuf k = STRBUF_INIT;
				if (!jstring(j, &k)) {
					strbuf_release(&k);
					break;
				}
				jskip(j);
				if (j->p >= j->end || *j->p != ':') {
					j->error = "expected ':' after a key";
					strbuf_release(&k);
					break;
				}
				j->p++;
				strbuf_setlen(key, base);
				if (base)
					strbuf_addch(key, '.');
				strbuf_add(key, k.buf, k.len);
				strbuf_release(&k);
				json_t *sub = jvalue(j, key, true);
				json_decref(sub);
				if (j->error)
					break;
				jskip(j);
				if (j->p < j->end && *j->p == ',') {
					j->p++;
					continue;
				}
				if (j->p < j->end && *j->p == '}') {
					j->p++;
					break;
				}
				j->error = "expected ',' or '}'";
				break;
			}
		}
		strbuf_setlen(key, base);
		j->depth--;
		return NULL;
	}
	if (c == '[') {
		j->p++;
		json_t *arr = json_array();
		bool scalars = true;
		size_t i = 0;
		jskip(j);
		if (j->p < j->end && *j->p == ']') {
			j->p++;
		} else {
			for (;; i++) {
				jskip(j);
				strbuf_setlen(key, base);
				strbuf_addf(key, "%s%zu", base ? "." : "", i);
				bool nested = j->p < j->end && (*j->p == '{' || *j->p == '[');
				json_t *sub = nested ? jvalue(j, key, true) : jscalar_or_skip(j, key);
				if (nested)
					scalars = false;
				if (sub)
					json_array_append_new(arr, sub);
				if (j->error)
					break;
				jskip(j);
				if (j->p < j->end && *j->p == ',') {
					j->p++;
					continue;
				}
				if (j->p < j->end && *j->p == ']') {
					j->p++;
					break;
				}
				j->error = "expected ',' or ']'";
				break;
			}
		}
		strbuf_setlen(key, base);
		j->depth--;
		if (!scalars) {
			json_decref(arr);
			return NULL;
		}
		if (store)
			put(j->keys, key->buf, json_incref(arr), line);
		return arr;
	}
	if (c == '"') {
		struct strbuf s = STRBUF_INIT;
		if (jstring(j, &s))
			v = json_stringn(s.buf, s.len);
		strbuf_release(&s);
	} else {
		const char *q = j->p;
		while (q < j->end && (isalnum((unsigned char)*q) || *q == '-' || *q == '+' || *q == '.'))
			q++;
		if (q == j->p) {
			j->error = "unexpected character";
			j->depth--;
			return NULL;
		}
		v = typed_scalar(j->p, (size_t)(q - j->p), false);
		j->p = q;
	}
	j->depth--;
	if (v && store)
		put(j->keys, key->buf, json_incref(v), line);
	return v;
}

static void json_scan(const char *data, size_t len, json_t *keys, json_t *out)
{
	struct jp j = {data, data + len, 1, keys, NULL, 0};
	struct strbuf key = STRBUF_INIT;
	json_decref(jvalue(&j, &key, true));
	if (!j.error) {
		jskip(&j);
		if (j.p < j.end)
			j.error = "text after the end of the JSON value";
	}
	if (j.error) {
		struct strbuf e = STRBUF_INIT;
		strbuf_addf(&e, "line %d: invalid JSON: %s", j.line, j.error);
		json_object_set_new(out, "error", json_string(e.buf));
		strbuf_release(&e);
	}
	strbuf_release(&key);
}

/* ---- TOML (subset) ------------------------------------------------------------------------- */

static void trim(const char **a, const char **b)
{
	while (*a < *b && isspace((unsigned char)**a))
		(*a)++;
	while (*b > *a && isspace((unsigned char)(*b)[-1]))
		(*b)--;
}

/* A key (bare or quoted, dotted) into out. */
static void toml_key(const char *a, const char *b, struct strbuf *out)
{
	for (const char *p = a; p < b; p++)
		if (*p != '"' && *p != '\'' && !isspace((unsigned char)*p))
			strbuf_addch(out, *p);
}

/* End of a value starting at a (a comment outside strings ends it). */
static const char *toml_value_end(const char *a, const char *b)
{
	char q = 0;
	for (const char *p = a; p < b; p++) {
		if (q) {
			if (*p == '\\' && q == '"')
				p++;
			else if (*p == q)
				q = 0;
		} else if (*p == '"' || *p == '\'') {
			q = *p;
		} else if (*p == '#') {
			return p;
		}
	}
	return b;
}

static json_t *toml_scalar(const char *a, const char *b)
{
	trim(&a, &b);
	if (b - a >= 2 && (*a == '"' || *a == '\'') && b[-1] == *a)
		return json_stringn(a + 1, (size_t)(b - a - 2));
	return typed_scalar(a, (size_t)(b - a), false);
}

static json_t *toml_array(const char *a, const char *b)
{
	trim(&a, &b);
	json_t *arr = json_array();
	if (b - a < 2)
		return arr;
	a++, b--; /* [ ] */
	const char *s = a;
	char q = 0;
	int depth = 0;
	for (const char *p = a; p <= b; p++) {
		if (p < b && q) {
			if (*p == '\\' && q == '"')
				p++;
			else if (*p == q)
				q = 0;
			continue;
		}
		if (p < b && (*p == '"' || *p == '\'')) {
			q = *p;
			continue;
		}
		if (p < b && (*p == '[' || *p == '{'))
			depth++;
		else if (p < b && (*p == ']' || *p == '}'))
			depth--;
		if (p == b || (*p == ',' && depth == 0)) {
			const char *x = s, *y = p;
			trim(&x, &y);
			if (y > x) {
				json_t *v = toml_scalar(x, y);
				json_array_append_new(arr, v ? v : json_string("?"));
			}
			s = p + 1;
		}
	}
	return arr;
}

static void toml_scan(const char *data, size_t len, json_t *keys, json_t *out)
{
	const char *p = data, *end = data + len;
	int line = 0;
	struct strbuf table = STRBUF_INIT, key = STRBUF_INIT, acc = STRBUF_INIT;
	json_t *aot = json_object(); /* array-of-tables counters */
	int acc_line = 0;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *le = nl ? nl : end;
		line++;
		const char *a = p, *b = le;
		p = nl ? nl + 1 : end;
		if (acc.len) { /* inside a multi-line array */
			const char *ve = toml_value_end(a, b);
			strbuf_addch(&acc, ' ');
			strbuf_add(&acc, a, (size_t)(ve - a));
			int depth = 0;
			for (size_t i = 0; i < acc.len; i++)
				depth += acc.buf[i] == '[' ? 1 : acc.buf[i] == ']' ? -1 : 0;
			if (depth <= 0) {
				put(keys, key.buf, toml_array(acc.buf, acc.buf + acc.len), acc_line);
				strbuf_reset(&acc);
			}
			continue;
		}
		trim(&a, &b);
		if (a == b || *a == '#')
			continue;
		if (*a == '[') {
			bool arr = b - a >= 4 && a[1] == '[';
			const char *c = memchr(a, ']', (size_t)(b - a));
			if (!c) {
				struct strbuf e = STRBUF_INIT;
				strbuf_addf(&e, "line %d: invalid TOML: a table header without ']'", line);
				json_object_set_new(out, "error", json_string(e.buf));
				strbuf_release(&e);
				break;
			}
			strbuf_reset(&table);
			toml_key(a + (arr ? 2 : 1), c, &table);
			if (arr) {
				json_t *n = json_object_get(aot, table.buf);
				json_int_t idx = n ? json_integer_value(n) + 1 : 0;
				json_object_set_new(aot, table.buf, json_integer(idx));
				strbuf_addf(&table, ".%lld", (long long)idx);
			}
			continue;
		}
		const char *eq = NULL;
		char q = 0;
		for (const char *c = a; c < b && !eq; c++) {
			if (q) {
				if (*c == q)
					q = 0;
			} else if (*c == '"' || *c == '\'') {
				q = *c;
			} else if (*c == '=') {
				eq = c;
			}
		}
		if (!eq) {
			struct strbuf e = STRBUF_INIT;
			strbuf_addf(&e, "line %d: not read (maple reads a TOML subset: key = value)", line);
			if (!json_object_get(out, "error"))
				json_object_set_new(out, "error", json_string(e.buf));
			strbuf_release(&e);
			continue;
		}
		strbuf_reset(&key);
		if (table.len)
			strbuf_addf(&key, "%s.", table.buf);
		toml_key(a, eq, &key);
		const char *va = eq + 1, *vb = toml_value_end(va, b);
		trim(&va, &vb);
		if (va < vb && *va == '[') {
			int depth = 0;
			for (const char *c = va; c < vb; c++)
				depth += *c == '[' ? 1 : *c == ']' ? -1 : 0;
			if (depth > 0) {
				strbuf_add(&acc, va, (size_t)(vb - va));
				acc_line = line;
				continue;
			}
			put(keys, key.buf, toml_array(va, vb), line);
		} else {
			put(keys, key.buf, toml_scalar(va, vb), line);
		}
	}
	if (acc.len)
		put(keys, key.buf, toml_array(acc.buf, acc.buf + acc.len), acc_line);
	json_decref(aot);
	strbuf_release(&table);
	strbuf_release(&key);
	strbuf_release(&acc);
}

/* ---- gin ------------------------------------------------------------------------------------ */

/* A gin value: %MACRO as ${MACRO}, a quoted string without its quotes, other scalars typed; NULL for a
 * value that goes on over more lines. */
json_t *config_gin_value(const char *a, const char *b)
{
	if (a >= b)
		return NULL;
	int depth = 0;
	for (const char *q = a; q < b; q++)
		depth += (*q == '[' || *q == '{' || *q == '(') ? 1 : (*q == ']' || *q == '}' || *q == ')') ? -1 : 0;
	if (depth > 0)
		return NULL;
	if (*a == '%') {
		struct strbuf m = STRBUF_INIT;
		strbuf_adds(&m, "${");
		strbuf_add(&m, a + 1, (size_t)(b - a - 1));
		strbuf_addch(&m, '}');
		json_t *v = json_string(m.buf);
		strbuf_release(&m);
		return v;
	}
	if (b - a >= 2 && (*a == '"' || *a == '\'') && b[-1] == *a)
		return json_stringn(a + 1, (size_t)(b - a - 2));
	return typed_scalar(a, (size_t)(b - a), false);
}

static void gin_scan(const char *data, size_t len, json_t *keys)
{
	json_t *inc = json_array();
	int inc_line = 0, line = 0;
	struct strbuf scope = STRBUF_INIT, key = STRBUF_INIT;
	const char *p = data, *e = data + len;
	while (p < e) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		const char *a = p, *b = nl ? nl : e;
		p = nl ? nl + 1 : e;
		line++;
		char quote = 0;
		for (const char *q = a; q < b; q++) {
			if (quote) {
				quote = *q == quote ? 0 : quote;
			} else if (*q == '"' || *q == '\'') {
				quote = *q;
			} else if (*q == '#') {
				b = q;
				break;
			}
		}
		bool indented = a < b && (*a == ' ' || *a == '\t');
		trim(&a, &b);
		if (a == b)
			continue;
		if (!indented)
			strbuf_reset(&scope);
		if (b - a > 8 && !strncmp(a, "include ", 8)) {
			const char *va = a + 8, *vb = b;
			trim(&va, &vb);
			json_t *v = config_gin_value(va, vb);
			if (json_is_string(v)) {
				json_array_append(inc, v);
				inc_line = inc_line ? inc_line : line;
			}
			json_decref(v);
			continue;
		}
		if (!strncmp(a, "import ", 7) || !strncmp(a, "from ", 5))
			continue;
		const char *eq = memchr(a, '=', (size_t)(b - a));
		if (!eq && b[-1] == ':') { /* scope.Class: followed by indented bindings */
			strbuf_reset(&scope);
			strbuf_add(&scope, a, (size_t)(b - a - 1));
			continue;
		}
		if (!eq || eq == a)
			continue;
		const char *ka = a, *kb = eq, *va = eq + 1, *vb = b;
		trim(&ka, &kb);
		trim(&va, &vb);
		json_t *v = config_gin_value(va, vb);
		if (!v || ka == kb)
			continue;
		strbuf_reset(&key);
		if (indented && scope.len)
			strbuf_addf(&key, "%s.", scope.buf);
		strbuf_add(&key, ka, (size_t)(kb - ka));
		put(keys, key.buf, v, line);
	}
	if (json_array_size(inc))
		put(keys, "_BASE_", inc, inc_line);
	else
		json_decref(inc);
	strbuf_release(&scope);
	strbuf_release(&key);
}

/* An INI file (configparser's dialect): `key = value` or `key: value` lines under [section] headers,
 * `#` and `;` comments. The keys of a [DEFAULTS]/[DEFAULT] section are top-level (prefigure's
 * defaults.ini: the options' defaults), the others section.key; a quoted value is a string, other
 * values are typed as YAML scalars. */
static void ini_scan(const char *data, size_t len, json_t *keys)
{
	const char *p = data, *end = data + len;
	int line = 0;
	char section[128] = "";
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *a = p, *b = nl ? nl : end;
		p = nl ? nl + 1 : end;
		line++;
		while (a < b && isspace((unsigned char)*a))
			a++;
		while (b > a && isspace((unsigned char)b[-1]))
			b--;
		if (a == b || *a == '#' || *a == ';')
			continue;
		if (*a == '[') {
			const char *c = memchr(a, ']', (size_t)(b - a));
			size_t n = c ? (size_t)(c - a - 1) : 0;
			if (n >= sizeof(section))
				n = 0;
			memcpy(section, a + 1, n);
			section[n] = '\0';
			if (!strcmp(section, "DEFAULTS") || !strcmp(section, "DEFAULT"))
				section[0] = '\0';
			continue;
		}
		const char *eq = a;
		while (eq < b && *eq != '=' && *eq != ':')
			eq++;
		if (eq == b || eq == a)
			continue;
		const char *ke = eq;
		while (ke > a && isspace((unsigned char)ke[-1]))
			ke--;
		const char *v = eq + 1, *ve = b;
		while (v < ve && isspace((unsigned char)*v))
			v++;
		bool quoted = ve - v >= 2 && (*v == '"' || *v == '\'') && ve[-1] == *v;
		if (quoted) {
			v++;
			ve--;
		}
		char key[256];
		int kn = snprintf(key, sizeof(key), "%s%s%.*s", section, *section ? "." : "", (int)(ke - a), a);
		if (kn <= 0 || (size_t)kn >= sizeof(key))
			continue;
		put(keys, key, typed_scalar(v, (size_t)(ve - v), quoted), line);
	}
}

json_t *config_scan(enum config_format f, const char *data, size_t len)
{
	json_t *out = json_object(), *keys = json_object();
	static const char *const names[] = {"yaml", "json", "toml", "gin", "ini"};
	json_object_set_new(out, "format", json_string(names[f]));
	if (f == CF_YAML) {
		/* Hydra's package header: a "# @package X" comment among the leading comment lines */
		const char *p = data, *e = data + len;
		while (p < e && *p == '#') {
			const char *nl = memchr(p, '\n', (size_t)(e - p));
			const char *le = nl ? nl : e;
			const char *at = p + 1;
			while (at < le && *at == ' ')
				at++;
			if (le - at > 9 && !memcmp(at, "@package", 8) && at[8] == ' ') {
				at += 9;
				while (at < le && *at == ' ')
					at++;
				const char *ve = at;
				while (ve < le && !isspace((unsigned char)*ve))
					ve++;
				if (ve > at && ve - at < 200) {
					char *pkg = xstrndup(at, (size_t)(ve - at));
					json_t *js = json_string(pkg);
					if (js)
						json_object_set_new(out, "package", js);
					free(pkg);
				}
			}
			p = nl ? nl + 1 : e;
		}
		yaml_scan(data, len, keys, out);
	}
	else if (f == CF_JSON)
		json_scan(data, len, keys, out);
	else if (f == CF_GIN)
		gin_scan(data, len, keys);
	else if (f == CF_INI)
		ini_scan(data, len, keys);
	else
		toml_scan(data, len, keys, out);
	json_object_set_new(out, "keys", keys);
	return out;
}
