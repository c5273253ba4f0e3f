/* taskfiles.c - MLproject, SkyPilot and Kubernetes task files as the shell script they run, and
 * notebooks as Python, line for line with the file (taskfiles.h). A small indentation reader of the
 * YAML these files use: block mappings and lists, flow lists, quoted, literal and folded scalars. */
#include "taskfiles.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static void sb_trim(struct strbuf *sb);

struct tline {
	const char *s;
	size_t n;
};

struct tlines {
	struct tline *v;
	size_t nr;
};

static void tlines_split(const char *text, size_t len, struct tlines *ls)
{
	ls->nr = 0;
	size_t cap = 64;
	ls->v = xmalloc(cap * sizeof(*ls->v));
	const char *p = text, *end = text + len;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *e = nl ? nl : end;
		if (ls->nr == cap) {
			cap *= 2;
			ls->v = xrealloc(ls->v, cap * sizeof(*ls->v));
		}
		size_t n = (size_t)(e - p);
		if (n && p[n - 1] == '\r')
			n--;
		ls->v[ls->nr++] = (struct tline){p, n};
		p = nl ? nl + 1 : end;
	}
}

static size_t indent(const struct tline *l)
{
	size_t i = 0;
	while (i < l->n && l->s[i] == ' ')
		i++;
	return i;
}

static bool blank(const struct tline *l)
{
	size_t i = indent(l);
	return i >= l->n || l->s[i] == '#';
}

/* The key of a `key: value` line (after a `- ` when item), into key; the value's start in *val. */
static bool line_key(const struct tline *l, bool item, struct strbuf *key, size_t *val)
{
	size_t i = indent(l);
	if (item) {
		if (i + 1 >= l->n || l->s[i] != '-' || l->s[i + 1] != ' ')
			return false;
		i += 2;
		while (i < l->n && l->s[i] == ' ')
			i++;
	}
	size_t k = i;
	char q = 0;
	if (k < l->n && (l->s[k] == '"' || l->s[k] == '\''))
		q = l->s[k++];
	size_t ks = k;
	while (k < l->n && (q ? l->s[k] != q : l->s[k] != ':'))
		k++;
	size_t ke = k;
	if (q && k < l->n)
		k++;
	if (k >= l->n || l->s[k] != ':' || (k + 1 < l->n && l->s[k + 1] != ' ' && l->s[k + 1] != '\t'))
		return false;
	while (ke > ks && l->s[ke - 1] == ' ')
		ke--;
	strbuf_reset(key);
	strbuf_add(key, l->s + ks, ke - ks);
	k++;
	while (k < l->n && (l->s[k] == ' ' || l->s[k] == '\t'))
		k++;
	*val = k;
	return key->len > 0;
}

static bool key_is(const struct tline *l, bool item, const char *key, size_t *val)
{
	struct strbuf k = STRBUF_INIT;
	bool ok = line_key(l, item, &k, val) && !strcmp(k.buf, key);
	strbuf_release(&k);
	return ok;
}

/* s[0..n) without a trailing ` # comment` outside quotes and without surrounding blanks. */
static void trim_value(const char *s, size_t n, size_t *a, size_t *b)
{
	size_t i = 0, e = n;
	char q = 0;
	for (size_t k = 0; k < n; k++) {
		if (q) {
			if (s[k] == q)
				q = 0;
		} else if (s[k] == '"' || s[k] == '\'') {
			q = s[k];
		} else if (s[k] == '#' && (k == 0 || s[k - 1] == ' ' || s[k - 1] == '\t')) {
			e = k;
			break;
		}
	}
	while (i < e && isspace((unsigned char)s[i]))
		i++;
	while (e > i && isspace((unsigned char)s[e - 1]))
		e--;
	*a = i;
	*b = e;
}

/* A scalar as YAML reads it: quotes removed (\" and \\ in double quotes, '' in single ones). */
static char *scalar(const char *s, size_t n)
{
	size_t a, b;
	trim_value(s, n, &a, &b);
	s += a;
	n = b - a;
	struct strbuf sb = STRBUF_INIT;
	if (n >= 2 && s[0] == '"' && s[n - 1] == '"') {
		for (size_t i = 1; i + 1 < n; i++) {
			if (s[i] == '\\' && i + 2 < n)
				i++;
			strbuf_addch(&sb, s[i]);
		}
	} else if (n >= 2 && s[0] == '\'' && s[n - 1] == '\'') {
		for (size_t i = 1; i + 1 < n; i++) {
			strbuf_addch(&sb, s[i]);
			if (s[i] == '\'' && s[i + 1] == '\'')
				i++;
		}
	} else {
		strbuf_add(&sb, s, n);
	}
	return strbuf_detach(&sb);
}

/* The end of the block under line k (the first later line, not blank, indented ind or less). */
static size_t block_end(const struct tlines *ls, size_t k, size_t ind)
{
	size_t e = k + 1;
	while (e < ls->nr && (blank(&ls->v[e]) || indent(&ls->v[e]) > ind))
		e++;
	return e;
}

/* The first line in [a, b) at the block's own indentation holding key; ls->nr when none. */
static size_t find_key(const struct tlines *ls, size_t a, size_t b, const char *key, size_t *val)
{
	size_t ind = (size_t)-1;
	for (size_t i = a; i < b; i++) {
		if (blank(&ls->v[i]))
			continue;
		if (ind == (size_t)-1)
			ind = indent(&ls->v[i]);
		if (indent(&ls->v[i]) == ind && key_is(&ls->v[i], false, key, val))
			return i;
	}
	return ls->nr;
}

/* The script under construction: one strbuf a line of the file. */
struct script {
	struct strbuf *line;
	size_t nr;
};

static void script_init(struct script *sc, size_t nr)
{
	sc->nr = nr;
	sc->line = xcalloc(nr ? nr : 1, sizeof(*sc->line));
	for (size_t i = 0; i < nr; i++)
		strbuf_init(&sc->line[i]);
}

static char *script_detach(struct script *sc)
{
	struct strbuf out = STRBUF_INIT;
	for (size_t i = 0; i < sc->nr; i++) {
		strbuf_add(&out, sc->line[i].buf, sc->line[i].len);
		strbuf_addch(&out, '\n');
		strbuf_release(&sc->line[i]);
	}
	free(sc->line);
	return strbuf_detach(&out);
}

/* A shell variable name for a parameter (train-path: train_path) */
static void var_name(const char *s, size_t n, struct strbuf *out)
{
	if (n && isdigit((unsigned char)s[0]))
		strbuf_addch(out, '_');
	for (size_t i = 0; i < n; i++)
		strbuf_addch(out, isalnum((unsigned char)s[i]) ? s[i] : '_');
}

/* NAME="${NAME:-value}": the file's value unless the caller's environment gives one */
static void default_assign(struct strbuf *line, const char *name, const char *value)
{
	strbuf_addf(line, "%s=\"${%s:-", name, name);
	for (const char *p = value; *p; p++) {
		if (strchr("\"\\$`", *p))
			strbuf_addch(line, '\\');
		strbuf_addch(line, *p);
	}
	strbuf_adds(line, "}\"");
}

/* A scalar that may go on over several lines (a block, a quoted or plain scalar), written at its lines:
 * a literal block's lines as they are; folded, quoted and plain ones joined by a backslash. k is the key's
 * line, v the value's start in it. Each line passes through put(). */
static void put_text(struct script *sc, size_t i, const char *s, size_t n, bool mlp)
{
	if (!mlp) {
		strbuf_add(&sc->line[i], s, n);
		return;
	}
	/* MLproject's {name}: ${name} */
	for (size_t k = 0; k < n; k++) {
		if (s[k] == '{' && (k == 0 || s[k - 1] != '$')) {
			size_t e = k + 1;
			while (e < n && (isalnum((unsigned char)s[e]) || s[e] == '_' || s[e] == '-' || s[e] == '.'))
				e++;
			if (e < n && s[e] == '}' && e > k + 1) {
				strbuf_adds(&sc->line[i], "${");
				var_name(s + k + 1, e - k - 1, &sc->line[i]);
				strbuf_addch(&sc->line[i], '}');
				k = e;
				continue;
			}
		}
		strbuf_addch(&sc->line[i], s[k]);
	}
}

static void put_value(struct script *sc, const struct tlines *ls, size_t k, size_t v, bool mlp)
{
	const struct tline *l = &ls->v[k];
	size_t a, b;
	trim_value(l->s + v, l->n - v, &a, &b);
	const char *s = l->s + v + a;
	size_t n = b - a, ki = indent(l);
	if (n && (s[0] == '|' || s[0] == '>')) {
		bool literal = s[0] == '|';
		size_t e = block_end(ls, k, ki), ci = (size_t)-1, last = k;
		for (size_t i = k + 1; i < e; i++)
			if (!blank(&ls->v[i]))
				last = i;
		for (size_t i = k + 1; i <= last && i < e; i++) {
			const struct tline *c = &ls->v[i];
			if (c->n == indent(c))
				continue;
			if (ci == (size_t)-1)
				ci = indent(c);
			size_t off = indent(c) < ci ? indent(c) : ci;
			put_text(sc, i, c->s + off, c->n - off, mlp);
			if (!literal && i < last)
				strbuf_adds(&sc->line[i], " \\");
		}
		return;
	}
	if (n && (s[0] == '"' || s[0] == '\'')) {
		char q = s[0];
		/* the closing quote: on this line or a later one */
		struct strbuf all = STRBUF_INIT;
		size_t i = k;
		const char *p = s + 1, *end = l->s + l->n;
		for (;;) {
			const char *c = p;
			while (c < end && !(*c == q && !(q == '"' && c > p && c[-1] == '\\')))
				c++;
			struct strbuf piece = STRBUF_INIT;
			for (const char *x = p; x < c; x++) {
				if (q == '"' && *x == '\\' && x + 1 < c)
					x++;
				strbuf_addch(&piece, *x);
			}
			sb_trim(&piece);
			bool closed = c < end;
			put_text(sc, i, piece.buf, piece.len, mlp);
			strbuf_release(&piece);
			if (closed || i + 1 >= ls->nr)
				break;
			strbuf_adds(&sc->line[i], " \\");
			i++;
			p = ls->v[i].s;
			end = ls->v[i].s + ls->v[i].n;
		}
		strbuf_release(&all);
		return;
	}
	put_text(sc, k, s, n, mlp);
	/* a plain scalar going on over more indented lines */
	size_t e = block_end(ls, k, ki);
	for (size_t i = k + 1; i < e; i++) {
		if (blank(&ls->v[i]))
			continue;
		strbuf_adds(&sc->line[i - 1], " \\");
		size_t ia, ib;
		trim_value(ls->v[i].s, ls->v[i].n, &ia, &ib);
		put_text(sc, i, ls->v[i].s + ia, ib - ia, mlp);
	}
}

static void sb_trim(struct strbuf *sb)
{
	size_t a = 0, e = sb->len;
	while (a < e && isspace((unsigned char)sb->buf[a]))
		a++;
	while (e > a && isspace((unsigned char)sb->buf[e - 1]))
		e--;
	if (a)
		memmove(sb->buf, sb->buf + a, e - a);
	strbuf_setlen(sb, e - a);
}

static char *set_why(char **why, const char *s)
{
	if (why)
		*why = xstrdup(s);
	return NULL;
}

/* MLflow Projects (https://mlflow.org/docs/latest/projects.html): entry_points.NAME.parameters (NAME:
 * TYPE, NAME: {type, default}, or a mapping with default:) and entry_points.NAME.command. */
static char *mlproject(const struct tlines *ls, const char *target, json_t *over, char **why)
{
	size_t v, ep = find_key(ls, 0, ls->nr, "entry_points", &v);
	if (ep >= ls->nr)
		return set_why(why, "the MLproject file has no entry_points");
	size_t eend = block_end(ls, ep, indent(&ls->v[ep]));
	size_t en = find_key(ls, ep + 1, eend, target ? target : "main", &v);
	if (en >= ls->nr) {
		struct strbuf w = STRBUF_INIT;
		strbuf_addf(&w, "no entry point '%s' in the MLproject file", target ? target : "main");
		if (why)
			*why = strbuf_detach(&w);
		else
			strbuf_release(&w);
		return NULL;
	}
	size_t end = block_end(ls, en, indent(&ls->v[en]));
	size_t cl = find_key(ls, en + 1, end, "command", &v);
	if (cl >= ls->nr)
		return set_why(why, "the entry point has no command");
	struct script sc;
	script_init(&sc, ls->nr);
	size_t pv, pl = find_key(ls, en + 1, end, "parameters", &pv);
	if (pl < ls->nr) {
		size_t pend = block_end(ls, pl, indent(&ls->v[pl]));
		size_t pind = (size_t)-1;
		struct strbuf key = STRBUF_INIT, name = STRBUF_INIT;
		for (size_t i = pl + 1; i < pend; i++) {
			const struct tline *l = &ls->v[i];
			if (blank(l))
				continue;
			if (pind == (size_t)-1)
				pind = indent(l);
			size_t kv;
			if (indent(l) != pind || !line_key(l, false, &key, &kv))
				continue;
			strbuf_reset(&name);
			var_name(key.buf, key.len, &name);
			const char *r = l->s + kv, *re = l->s + l->n;
			char *dv = NULL;
			size_t at = i;
			if (r < re && *r == '{') { /* {type: float, default: 0.1} */
				const char *d = NULL;
				for (const char *x = r; x + 8 <= re && !d; x++)
					if (!strncmp(x, "default:", 8) && (x[-1] == '{' || x[-1] == ' ' || x[-1] == ','))
						d = x + 8;
				if (d) {
					const char *de = d;
					char q = 0;
					while (de < re && (q || (*de != ',' && *de != '}'))) {
						if (q && *de == q)
							q = 0;
						else if (!q && (*de == '"' || *de == '\''))
							q = *de;
						de++;
					}
					dv = scalar(d, (size_t)(de - d));
				}
			} else if (r >= re) { /* a mapping under it */
				size_t me = block_end(ls, i, pind), dvv;
				size_t dl = find_key(ls, i + 1, me, "default", &dvv);
				if (dl < ls->nr)
					dv = scalar(ls->v[dl].s + dvv, ls->v[dl].n - dvv), at = dl;
			}
			if (dv && strcmp(dv, "null") && strcmp(dv, "~") && !json_object_get(over, name.buf))
				default_assign(&sc.line[at], name.buf, dv);
			free(dv);
		}
		strbuf_release(&key);
		strbuf_release(&name);
	}
	put_value(&sc, ls, cl, v, true);
	return script_detach(&sc);
}

/* SkyPilot task YAML (https://docs.skypilot.co/en/latest/reference/yaml-spec.html): envs, num_nodes,
 * resources.accelerators NAME:COUNT and the run: commands. */
static char *skypilot(const struct tlines *ls, json_t *over, char **why)
{
	size_t v, rl = find_key(ls, 0, ls->nr, "run", &v);
	if (rl >= ls->nr)
		return set_why(why, "the task has no run: commands");
	struct script sc;
	script_init(&sc, ls->nr);
	size_t ev, el = find_key(ls, 0, ls->nr, "envs", &ev);
	if (el < ls->nr) {
		size_t e = block_end(ls, el, 0), ind = (size_t)-1;
		struct strbuf key = STRBUF_INIT, name = STRBUF_INIT;
		for (size_t i = el + 1; i < e; i++) {
			size_t kv;
			if (blank(&ls->v[i]))
				continue;
			if (ind == (size_t)-1)
				ind = indent(&ls->v[i]);
			if (indent(&ls->v[i]) != ind || !line_key(&ls->v[i], false, &key, &kv))
				continue;
			char *val = scalar(ls->v[i].s + kv, ls->v[i].n - kv);
			strbuf_reset(&name);
			var_name(key.buf, key.len, &name);
			if (*val && strcmp(val, "null") && strcmp(val, "~") && !json_object_get(over, name.buf))
				default_assign(&sc.line[i], name.buf, val);
			free(val);
		}
		strbuf_release(&key);
		strbuf_release(&name);
	}
	size_t nv, nl = find_key(ls, 0, ls->nr, "num_nodes", &nv);
	if (nl < ls->nr) {
		char *val = scalar(ls->v[nl].s + nv, ls->v[nl].n - nv);
		if (*val && isdigit((unsigned char)*val) && !json_object_get(over, "SKYPILOT_NUM_NODES"))
			default_assign(&sc.line[nl], "SKYPILOT_NUM_NODES", val);
		free(val);
	}
	size_t resv, res = find_key(ls, 0, ls->nr, "resources", &resv);
	if (res < ls->nr) {
		size_t av, al = find_key(ls, res + 1, block_end(ls, res, 0), "accelerators", &av);
		if (al < ls->nr) {
			char *val = scalar(ls->v[al].s + av, ls->v[al].n - av);
			/* H100:8, {A100: 8}, A100-80GB:4; a list of choices or no count: unknown */
			const char *colon = strrchr(val, ':');
			long long n = colon ? strtoll(colon + 1, NULL, 10) : (*val && !strchr("[{", *val) ? 1 : 0);
			if (n > 0 && !strchr(val, ',') && !json_object_get(over, "SKYPILOT_NUM_GPUS_PER_NODE")) {
				char num[32];
				snprintf(num, sizeof(num), "%lld", n);
				default_assign(&sc.line[al], "SKYPILOT_NUM_GPUS_PER_NODE", num);
			}
			free(val);
		}
	}
	put_value(&sc, ls, rl, v, false);
	return script_detach(&sc);
}

/* A YAML list at line k (value start v): a flow list [a, b] over one or more lines or `- a` items below;
 * each element with its line. */
static void yaml_list(const struct tlines *ls, size_t k, size_t v, json_t *out)
{
	const struct tline *l = &ls->v[k];
	size_t a, b;
	trim_value(l->s + v, l->n - v, &a, &b);
	if (a < b && l->s[v + a] == '[') {
		size_t i = k;
		const char *p = l->s + v + a + 1, *end = l->s + l->n;
		struct strbuf el = STRBUF_INIT;
		size_t el_line = k;
		char q = 0;
		for (;;) {
			for (; p < end; p++) {
				if (q) {
					if (*p == q && !(q == '"' && p[-1] == '\\'))
						q = 0;
					strbuf_addch(&el, *p);
					continue;
				}
				if (*p == '"' || *p == '\'') {
					if (!el.len)
						el_line = i;
					q = *p;
					strbuf_addch(&el, *p);
				} else if (*p == ',' || *p == ']') {
					sb_trim(&el);
					if (el.len) {
						json_t *pair = json_pack("[s, I]", "", (json_int_t)el_line);
						char *sv = scalar(el.buf, el.len);
						json_array_set_new(pair, 0, json_string(sv) ?: json_string(""));
						free(sv);
						json_array_append_new(out, pair);
					}
					strbuf_reset(&el);
					if (*p == ']') {
						strbuf_release(&el);
						return;
					}
				} else if (*p == '#' && !q) {
					break;
				} else {
					if (!el.len && !isspace((unsigned char)*p))
						el_line = i;
					strbuf_addch(&el, *p);
				}
			}
			if (++i >= ls->nr)
				break;
			p = ls->v[i].s;
			end = p + ls->v[i].n;
		}
		strbuf_release(&el);
		return;
	}
	if (a < b)
		return; /* a scalar, not a list */
	size_t ki = indent(l);
	for (size_t i = k + 1; i < ls->nr; i++) {
		const struct tline *c = &ls->v[i];
		if (blank(c))
			continue;
		size_t ci = indent(c);
		if (ci < ki || (ci == ki && !(c->n > ci + 1 && c->s[ci] == '-' && c->s[ci + 1] == ' ')))
			break;
		if (!(c->n > ci + 1 && c->s[ci] == '-' && c->s[ci + 1] == ' '))
			continue; /* a line of an item's own block */
		char *sv = scalar(c->s + ci + 2, c->n - ci - 2);
		json_array_append_new(out, json_pack("[s, I]", sv, (json_int_t)i));
		free(sv);
	}
}

/* $(VAR), Kubernetes' reference to a container variable, as ${VAR} */
static void k8s_word(const char *w, const char *wdir, struct strbuf *out)
{
	size_t wl = wdir ? strlen(wdir) : 0;
	if (wl > 1 && !strncmp(w, wdir, wl) && w[wl] == '/')
		w += wl + 1;
	struct strbuf t = STRBUF_INIT;
	for (const char *p = w; *p; p++) {
		if (p[0] == '$' && p[1] == '(') {
			const char *e = strchr(p, ')');
			if (e) {
				strbuf_adds(&t, "${");
				strbuf_add(&t, p + 2, (size_t)(e - p - 2));
				strbuf_addch(&t, '}');
				p = e;
				continue;
			}
		}
		strbuf_addch(&t, *p);
	}
	/* quoted, but a ${VAR} stays a reference */
	if (strchr(t.buf, '$')) {
		strbuf_addch(out, '"');
		for (const char *p = t.buf; *p; p++) {
			if (strchr("\"\\`", *p))
				strbuf_addch(out, '\\');
			strbuf_addch(out, *p);
		}
		strbuf_addch(out, '"');
	} else {
		sh_quote_literal(t.buf, out);
	}
	strbuf_release(&t);
}

/* Kubernetes: the first container (under the Master replica when there is one) */
static char *k8s(const struct tlines *ls, char **why)
{
	size_t from = 0, v;
	for (size_t i = 0; i < ls->nr; i++)
		if (key_is(&ls->v[i], false, "Master", &v) || key_is(&ls->v[i], false, "Launcher", &v)) {
			from = i;
			break;
		}
	size_t cl = ls->nr;
	for (size_t i = from; i < ls->nr && cl == ls->nr; i++)
		if (key_is(&ls->v[i], false, "containers", &v))
			cl = i;
	if (cl >= ls->nr)
		return set_why(why, "the manifest has no containers");
	/* the first item below: its lines up to the next item at its indentation */
	size_t it = cl + 1;
	while (it < ls->nr && blank(&ls->v[it]))
		it++;
	if (it >= ls->nr)
		return set_why(why, "the manifest's containers list is empty");
	size_t ii = indent(&ls->v[it]), ie = it + 1;
	while (ie < ls->nr && (blank(&ls->v[ie]) || indent(&ls->v[ie]) > ii))
		ie++;
	json_t *words = json_array(), *env = json_array();
	char *wdir = NULL;
	struct strbuf key = STRBUF_INIT;
	for (size_t i = it; i < ie; i++) {
		size_t kv;
		bool first = i == it;
		if (blank(&ls->v[i]) || !line_key(&ls->v[i], first, &key, &kv))
			continue;
		if (!first && indent(&ls->v[i]) != ii + 2)
			continue;
		if (!strcmp(key.buf, "command") || !strcmp(key.buf, "args"))
			yaml_list(ls, i, kv, words);
		else if (!strcmp(key.buf, "workingDir"))
			free(wdir), wdir = scalar(ls->v[i].s + kv, ls->v[i].n - kv);
		else if (!strcmp(key.buf, "env")) { /* - name: X / value: Y (items may sit at the key's indentation) */
			size_t ki = indent(&ls->v[i]), ee = i + 1;
			while (ee < ls->nr && (blank(&ls->v[ee]) || indent(&ls->v[ee]) > ki ||
					       (indent(&ls->v[ee]) == ki && ls->v[ee].n > ki + 1 && ls->v[ee].s[ki] == '-' &&
						ls->v[ee].s[ki + 1] == ' ')))
				ee++;
			char *name = NULL;
			struct strbuf k2 = STRBUF_INIT;
			for (size_t j = i + 1; j < ee; j++) {
				size_t v2;
				bool item = ls->v[j].n > indent(&ls->v[j]) && ls->v[j].s[indent(&ls->v[j])] == '-';
				if (!line_key(&ls->v[j], item, &k2, &v2))
					continue;
				if (!strcmp(k2.buf, "name"))
					free(name), name = scalar(ls->v[j].s + v2, ls->v[j].n - v2);
				else if (!strcmp(k2.buf, "value") && name) {
					char *val = scalar(ls->v[j].s + v2, ls->v[j].n - v2);
					json_array_append_new(env, json_pack("[s, s, I]", name, val, (json_int_t)j));
					free(val);
				}
			}
			free(name);
			strbuf_release(&k2);
		}
	}
	strbuf_release(&key);
	char *out = NULL;
	if (!json_array_size(words)) {
		set_why(why, "the container gives no command or args (the image's own entrypoint runs)");
	} else {
		struct script sc;
		script_init(&sc, ls->nr);
		size_t k;
		json_t *e;
		json_array_foreach(env, k, e)
		{
			struct strbuf *l = &sc.line[json_integer_value(json_array_get(e, 2))];
			strbuf_addf(l, "export %s=", json_string_value(json_array_get(e, 0)));
			sh_quote_literal(json_string_value(json_array_get(e, 1)), l);
		}
		const char *w0 = json_string_value(json_array_get(json_array_get(words, 0), 0));
		const char *b0 = strrchr(w0, '/');
		b0 = b0 ? b0 + 1 : w0;
		const char *w1 = json_string_value(json_array_get(json_array_get(words, 1), 0));
		if ((!strcmp(b0, "sh") || !strcmp(b0, "bash")) && w1 && !strcmp(w1, "-c") && json_array_size(words) > 2) {
			/* sh -c "cd /workspace && torchrun ...": the string is the script */
			json_t *s = json_array_get(words, 2);
			const char *str = json_string_value(json_array_get(s, 0));
			/* `cd /app && ...`: the image's copy of this tree is taken as the tree */
			if (!strncmp(str, "cd /", 4)) {
				const char *amp = strstr(str, "&&");
				const char *sp = strchr(str + 3, ' ');
				if (amp && (!sp || sp >= amp - 1)) {
					str = amp + 2;
					while (*str == ' ')
						str++;
				}
			}
			strbuf_adds(&sc.line[json_integer_value(json_array_get(s, 1))], str);
		} else {
			json_int_t first = json_integer_value(json_array_get(json_array_get(words, 0), 1));
			json_int_t last = json_integer_value(json_array_get(json_array_get(words, json_array_size(words) - 1), 1));
			json_array_foreach(words, k, e)
			{
				struct strbuf *l = &sc.line[json_integer_value(json_array_get(e, 1))];
				if (l->len)
					strbuf_addch(l, ' ');
				k8s_word(json_string_value(json_array_get(e, 0)), wdir, l);
			}
			for (json_int_t i = first; i < last; i++) {
				if (sc.line[i].len && sc.line[i].buf[0] == 'e' && !strncmp(sc.line[i].buf, "export ", 7))
					strbuf_reset(&sc.line[i]); /* an env line amid the words: cannot be both */
				strbuf_adds(&sc.line[i], sc.line[i].len ? " \\" : "\\");
			}
		}
		out = script_detach(&sc);
	}
	free(wdir);
	json_decref(words);
	json_decref(env);
	return out;
}

/* Docker Compose (https://docs.docker.com/reference/compose-file/services/): the service named (else the first
 * whose command runs something), its command as a string or a list; ${VAR} stays a reference (Compose fills it
 * from the shell's environment or .env, not from the service's environment:). */
static char *compose(const struct tlines *ls, const char *target, char **why)
{
	size_t v, sl = find_key(ls, 0, ls->nr, "services", &v);
	if (sl >= ls->nr)
		return set_why(why, "the compose file has no services");
	size_t se = block_end(ls, sl, indent(&ls->v[sl])), sind = (size_t)-1, pick = ls->nr, pcmd = 0, pv = 0;
	struct strbuf key = STRBUF_INIT;
	for (size_t i = sl + 1; i < se && pick == ls->nr; i++) {
		size_t kv;
		if (blank(&ls->v[i]))
			continue;
		if (sind == (size_t)-1)
			sind = indent(&ls->v[i]);
		if (indent(&ls->v[i]) != sind || !line_key(&ls->v[i], false, &key, &kv))
			continue;
		if (target && strcmp(key.buf, target))
			continue;
		size_t cv, cl = find_key(ls, i + 1, block_end(ls, i, sind), "command", &cv);
		if (cl < ls->nr)
			pick = i, pcmd = cl, pv = cv;
		else if (target)
			break;
	}
	strbuf_release(&key);
	if (pick >= ls->nr)
		return set_why(why, target ? "the service has no command (the image's own runs)" : "no service has a command");
	struct script sc;
	script_init(&sc, ls->nr);
	size_t a, b;
	trim_value(ls->v[pcmd].s + pv, ls->v[pcmd].n - pv, &a, &b);
	bool list = (a < b && ls->v[pcmd].s[pv + a] == '[') || a == b;
	if (list) {
		json_t *words = json_array();
		yaml_list(ls, pcmd, pv, words);
		size_t k;
		json_t *e;
		json_int_t first = -1, last = -1;
		json_array_foreach(words, k, e)
		{
			json_int_t l = json_integer_value(json_array_get(e, 1));
			if (sc.line[l].len)
				strbuf_addch(&sc.line[l], ' ');
			k8s_word(json_string_value(json_array_get(e, 0)), NULL, &sc.line[l]);
			first = first < 0 ? l : first;
			last = l;
		}
		for (json_int_t i = first; i >= 0 && i < last; i++)
			strbuf_adds(&sc.line[i], sc.line[i].len ? " \\" : "\\");
		json_decref(words);
	} else {
		put_value(&sc, ls, pcmd, pv, false);
	}
	return script_detach(&sc);
}

int task_yaml_kind(const char *text, size_t len)
{
	struct tlines ls;
	tlines_split(text, len, &ls);
	bool run = false, sky = false, api = false, kind = false, containers = false, services = false, svc_cmd = false;
	size_t v;
	for (size_t i = 0; i < ls.nr; i++) {
		const struct tline *l = &ls.v[i];
		if (blank(l))
			continue;
		if (indent(l) == 0) {
			run = run || key_is(l, false, "run", &v);
			sky = sky || key_is(l, false, "resources", &v) || key_is(l, false, "num_nodes", &v) ||
			      key_is(l, false, "envs", &v) || key_is(l, false, "setup", &v);
			api = api || key_is(l, false, "apiVersion", &v);
			kind = kind || key_is(l, false, "kind", &v);
			services = services || key_is(l, false, "services", &v);
		} else {
			containers = containers || key_is(l, false, "containers", &v);
			svc_cmd = svc_cmd || (services && key_is(l, false, "command", &v));
		}
	}
	free(ls.v);
	return run && sky ? TK_SKYPILOT : api && kind && containers ? TK_K8S : services && svc_cmd && !api ? TK_COMPOSE : -1;
}

char *task_script(enum task_kind kind, const char *text, size_t len, const char *target, json_t *overrides,
		  char **why)
{
	if (why)
		*why = NULL;
	struct tlines ls;
	tlines_split(text, len, &ls);
	char *r = kind == TK_MLPROJECT ? mlproject(&ls, target, overrides, why)
		  : kind == TK_SKYPILOT ? skypilot(&ls, overrides, why)
		  : kind == TK_COMPOSE	? compose(&ls, target, why)
					: k8s(&ls, why);
	free(ls.v);
	return r;
}

char *notebook_python(const char *text, size_t len)
{
	struct tlines ls;
	tlines_split(text, len, &ls);
	struct script sc;
	script_init(&sc, ls.nr);
	bool code = false, in_source = false, any = false;
	for (size_t i = 0; i < ls.nr; i++) {
		const struct tline *l = &ls.v[i];
		size_t a = indent(l);
		const char *s = l->s + a;
		size_t n = l->n - a;
		if (n >= 12 && !strncmp(s, "\"cell_type\":", 12)) {
			code = memmem(s, n, "\"code\"", 6) != NULL;
			continue;
		}
		if (!in_source) {
			if (n >= 9 && !strncmp(s, "\"source\":", 9)) {
				const char *r = s + 9;
				while (r < s + n && *r == ' ')
					r++;
				if (r < s + n && *r == '[' && !memchr(r, ']', (size_t)(s + n - r)))
					in_source = true;
				else if (r < s + n && *r == '"' && code) { /* "source": "one string" */
					size_t e = (size_t)(s + n - r);
					while (e && (r[e - 1] == ',' || r[e - 1] == ' '))
						e--;
					json_t *j = json_loadb(r, e, JSON_DECODE_ANY, NULL);
					if (json_is_string(j) && !strchr(json_string_value(j), '\n'))
						strbuf_adds(&sc.line[i], json_string_value(j)), any = true;
					json_decref(j);
				}
			}
			continue;
		}
		if (n && s[0] == ']') {
			in_source = false;
			continue;
		}
		if (!code || !n || s[0] != '"')
			continue;
		size_t e = n;
		while (e && (s[e - 1] == ',' || s[e - 1] == ' '))
			e--;
		json_t *j = json_loadb(s, e, JSON_DECODE_ANY, NULL);
		const char *src = json_string_value(j);
		if (src) {
			size_t sl = strlen(src);
			while (sl && (src[sl - 1] == '\n' || src[sl - 1] == '\r'))
				sl--;
			size_t k = 0;
			while (k < sl && src[k] == ' ')
				k++;
			/* IPython magics and shell escapes are no Python; a line with a newline inside is left out */
			if (k < sl && src[k] != '%' && src[k] != '!' && !memchr(src, '\n', sl))
				strbuf_add(&sc.line[i], src, sl);
			any = true;
		}
		json_decref(j);
	}
	free(ls.v);
	char *out = script_detach(&sc);
	if (!any) {
		free(out);
		return NULL;
	}
	return out;
}
