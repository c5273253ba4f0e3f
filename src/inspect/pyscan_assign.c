/* pyscan_assign.c - pyscan's module-level assignments: NAME = literal or arithmetic over earlier
 * names, dicts and dict(...) flattened to dotted names (MMEngine/mmcv Python configs, ml_collections),
 * detectron2 LazyCall configs, yacs CN({...}), NAME.update(...), `sys.argv[N] if ... else x`. The
 * token patterns of imports, calls, dataclass fields and entry points stay in pyscan.c. */
#include "pyscan_int.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdbool.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void pyscan_add_assign(struct scan *sc, const char *name, json_t *v, int line)
{
	json_t *a = json_object();
	json_object_set_new(a, "name", jstr(name));
	json_object_set_new(a, "value", v);
	json_object_set_new(a, "line", json_integer(line));
	json_array_append_new(sc->assigns, a);
}

/* The literal value of a module-level NAME assigned earlier in the file (MMEngine configs write
 * `type=dataset_type`); NULL when none. */
json_t *pyscan_earlier_literal(const struct scan *sc, const char *name)
{
	for (size_t k = json_array_size(sc->assigns); k-- > 0;) {
		json_t *a = json_array_get(sc->assigns, k);
		if (!strcmp(json_string_value(json_object_get(a, "name")) ?: "", name))
			return json_object_get(a, "value");
	}
	/* inside a config-building function: the module's constants (SEQUENCE_LENGTH = 4096) */
	for (size_t k = json_array_size(sc->outer); k-- > 0;) {
		json_t *a = json_array_get(sc->outer, k);
		if (!strcmp(json_string_value(json_object_get(a, "name")) ?: "", name))
			return json_object_get(a, "value");
	}
	return NULL;
}

/* NAME = dict(k=v, ...) or {'k': v, ...} at module level (MMEngine/mmcv Python configs): one
 * assign per leaf, named NAME.k.k2, at the line of the key. Values that are not literals are
 * skipped, except names of earlier module-level literals. Depth-limited. */
/* detectron2's LazyCall: L(Class)(k=v, ...) from token a to b: the index of the second '(' (its
 * keywords are the settings), and the class text in *cls; 0 when the value is not one. */
static size_t lazy_call(const struct toks *ts, size_t a, size_t b, struct strbuf *cls)
{
	if (b - a < 5 || !(kw(&ts->v[a], "L") || kw(&ts->v[a], "LazyCall")) || !op(&ts->v[a + 1], "("))
		return 0;
	size_t c1 = py_close_of(ts, a + 1); /* just past the first ')' */
	if (c1 >= b || !op(&ts->v[c1], "(") || py_close_of(ts, c1) != b)
		return 0;
	if (cls)
		py_add_text(cls, &ts->v[a + 2], &ts->v[c1 - 1]);
	return c1;
}


/* NAME = L(Class)(k=v): NAME._target_ = Class and NAME.k = v */
static void flatten_lazy(struct scan *sc, const char *root, size_t a, size_t b, int line, int depth)
{
	struct strbuf cls = STRBUF_INIT;
	size_t o = lazy_call(sc->ts, a, b, &cls);
	if (o) {
		struct strbuf k = STRBUF_INIT;
		strbuf_addf(&k, "%s._target_", root);
		pyscan_add_assign(sc, k.buf, jstr(cls.buf), line);
		strbuf_release(&k);
		pyscan_flatten_dict(sc, root, o, b, depth);
	}
	strbuf_release(&cls);
}

void pyscan_flatten_dict(struct scan *sc, const char *prefix, size_t open, size_t close, int depth)
{
	const struct toks *ts = sc->ts;
	bool brace = op(&ts->v[open], "{");
	size_t j = open + 1;
	while (j + 1 < close && depth < 6) {
		/* key */
		const struct tok *k = &ts->v[j];
		struct strbuf key = STRBUF_INIT;
		bool ok = false;
		if (!brace && k->t == T_NAME && op(&ts->v[j + 1], "=")) {
			strbuf_add(&key, k->s, k->len);
			ok = true;
		} else if (brace && k->t == T_STRING && op(&ts->v[j + 1], ":")) {
			bool fstr = false;
			py_string_value(k, &key, &fstr);
			ok = !fstr;
		}
		/* value: up to the next comma at this depth */
		size_t vs = j + 2, ve = vs;
		int d = 0;
		while (ve < close - 1 && !(d == 0 && op(&ts->v[ve], ","))) {
			if (op(&ts->v[ve], "(") || op(&ts->v[ve], "[") || op(&ts->v[ve], "{"))
				d++;
			else if (op(&ts->v[ve], ")") || op(&ts->v[ve], "]") || op(&ts->v[ve], "}"))
				d--;
			ve++;
		}
		if (ok && vs < ve) {
			struct strbuf name = STRBUF_INIT;
			if (*prefix)
				strbuf_addf(&name, "%s.%s", prefix, key.buf);
			else
				strbuf_adds(&name, key.buf);
			const struct tok *va = &ts->v[vs];
			if (lazy_call(ts, vs, ve, NULL)) {
				flatten_lazy(sc, name.buf, vs, ve, k->line, depth + 1);
			} else if (ve - vs >= 3 && va->t == T_NAME && op(va + 1, "(") && py_close_of(ts, vs + 1) == ve &&
			    (kw(va, "dict") || (va->len > 6 && !memcmp(va->s + va->len - 6, "Config", 6)) ||
			     (sc->outer && isupper((unsigned char)va->s[0])))) {
				/* in a config-building function, any settings object: scheduler=CosWithWarmup(warmup_steps=2000) */
				/* dict(k=v) and nested settings objects: TrainConfig(seq_length=1024) (trlx) */
				pyscan_flatten_dict(sc, name.buf, vs + 1, ve, depth + 1);
			} else if (ve - vs >= 2 && op(va, "{") && py_close_of(ts, vs) == ve) {
				pyscan_flatten_dict(sc, name.buf, vs, ve, depth + 1);
			} else {
				json_t *v = py_string_list(va, &ts->v[ve]);
				if (!v)
					v = py_value_of(va, &ts->v[ve]);
				double num;
				if (json_is_object(v) && !json_object_get(v, "ref") && sc->outer &&
				    py_eval_arith_in(va, &ts->v[ve], sc->outer, &num)) {
					/* rank_microbatch_size=4 * SEQUENCE_LENGTH over the module's constants */
					json_decref(v);
					v = num == (double)(json_int_t)num ? json_integer((json_int_t)num) : json_real(num);
				} else if (json_is_object(v)) {
					const char *ref = json_string_value(json_object_get(v, "ref"));
					json_t *lit = ref ? pyscan_earlier_literal(sc, ref) : NULL;
					const char *dot = ref ? strchr(ref, '.') : NULL;
					/* an enum member in a config-building function (name=DataParallelType.fsdp,
					 * param_dtype=DType.bfloat16): kept as its text */
					json_t *member = !lit && sc->outer && dot && !strchr(dot + 1, '.') &&
								 isupper((unsigned char)ref[0]) && dot[1]
							     ? json_string(ref)
							     : NULL;
					json_decref(v);
					v = lit ? json_incref(lit) : member;
				} else if (!v && sc->outer && py_eval_arith_in(va, &ts->v[ve], sc->outer, &num)) {
					/* rank_microbatch_size=4 * SEQUENCE_LENGTH over the module's constants */
					v = num == (double)(json_int_t)num ? json_integer((json_int_t)num) : json_real(num);
				}
				if (v)
					pyscan_add_assign(sc, name.buf, v, k->line);
			}
			strbuf_release(&name);
		}
		strbuf_release(&key);
		j = ve + 1;
	}
}

/* Variables a launcher or the scheduler sets: an environment read of one is no setting of the job. */
static bool launcher_variable(const char *s, size_t n)
{
	static const char *const names[] = {"WORLD_SIZE", "RANK", "LOCAL_RANK", "LOCAL_WORLD_SIZE", "NODE_RANK",
					    "GROUP_RANK", "MASTER_ADDR", "MASTER_PORT", "CUDA_VISIBLE_DEVICES",
					    "OMP_NUM_THREADS", "HOME", "USER", "PATH", "HOSTNAME", NULL};
	for (int k = 0; names[k]; k++)
		if (strlen(names[k]) == n && !memcmp(names[k], s, n))
			return true;
	return (n > 6 && !memcmp(s, "SLURM_", 6)) || (n > 5 && !memcmp(s, "OMPI_", 5)) ||
	       (n > 4 && !memcmp(s, "PMI_", 4)) || (n > 4 && !memcmp(s, "PBS_", 4));
}

/* The literal default of `[int|float|bool|str](...)(os.environ.get("NAME", default))`,
 * `os.getenv("NAME", default)` or a bare `getenv("NAME", default)` spanning tokens a..b (the whole expression), converted as the
 * wrappers convert it; the variable's name in *var (malloc'd). NULL when the expression is not one
 * (no default, a launcher's variable, a default that is no literal). */
static json_t *env_default(const struct toks *ts, size_t a, size_t b, char **var)
{
	const char *wrap[4];
	int nw = 0;
	size_t j = a;
	while (j + 1 < b && nw < 4 && (kw(&ts->v[j], "int") || kw(&ts->v[j], "float") || kw(&ts->v[j], "bool") ||
				       kw(&ts->v[j], "str")) && op(&ts->v[j + 1], "(")) {
		wrap[nw++] = ts->v[j].s;
		j += 2;
	}
	size_t call; /* the '(' of get/getenv */
	if (j + 5 < b && kw(&ts->v[j], "os") && op(&ts->v[j + 1], ".") && kw(&ts->v[j + 2], "environ") &&
	    op(&ts->v[j + 3], ".") && kw(&ts->v[j + 4], "get") && op(&ts->v[j + 5], "("))
		call = j + 5;
	else if (j + 3 < b && kw(&ts->v[j], "os") && op(&ts->v[j + 1], ".") && kw(&ts->v[j + 2], "getenv") &&
		 op(&ts->v[j + 3], "("))
		call = j + 3;
	else if (j + 1 < b && kw(&ts->v[j], "getenv") && op(&ts->v[j + 1], "(") && (j == 0 || !op(&ts->v[j - 1], ".")))
		call = j + 1; /* from os import getenv, or a project's own getenv(key, default) (tinygrad.helpers) */
	else
		return NULL;
	size_t close = py_close_of(ts, call); /* just past its ')' */
	if (close + (size_t)nw != b || call + 3 >= close || ts->v[call + 1].t != T_STRING || !op(&ts->v[call + 2], ","))
		return NULL;
	for (int k = 0; k < nw; k++)
		if (!op(&ts->v[close + (size_t)k], ")"))
			return NULL;
	struct strbuf name = STRBUF_INIT;
	bool fstr = false;
	py_string_value(&ts->v[call + 1], &name, &fstr);
	if (fstr || !name.len || launcher_variable(name.buf, name.len)) {
		strbuf_release(&name);
		return NULL;
	}
	json_t *v = py_value_of(&ts->v[call + 3], &ts->v[close - 1]);
	for (int k = nw; k-- > 0 && v;) { /* innermost first */
		const char *w = wrap[k];
		const char *str = json_string_value(v);
		char *end = NULL;
		/* the checks read str, which lives in v: v is released after them */
		if (!strncmp(w, "int", 3) && str) {
			long long x = strtoll(str, &end, 10);
			bool ok = end && end != str && !*end;
			json_decref(v);
			v = ok ? json_integer(x) : NULL;
		} else if (!strncmp(w, "float", 5) && (str || json_is_integer(v))) {
			double x = str ? strtod(str, &end) : (double)json_integer_value(v);
			bool ok = !str || (end && end != str && !*end);
			json_decref(v);
			v = ok ? json_real(x) : NULL;
		} else if (!strncmp(w, "bool", 4)) {
			bool x = str ? *str != 0 : json_is_number(v) ? json_number_value(v) != 0 : json_is_true(v);
			json_decref(v);
			v = json_boolean(x);
		}
	}
	if (v && !(json_is_string(v) || json_is_number(v) || json_is_boolean(v))) {
		json_decref(v);
		v = NULL;
	}
	if (v)
		*var = strbuf_detach(&name);
	else
		strbuf_release(&name);
	return v;
}

/* NAME = literal at module level. */
void pyscan_assign(struct scan *sc, size_t i)
{
	const struct toks *ts = sc->ts;
	const struct tok *n = &ts->v[i];
	if (n->t != T_NAME || (n->len > 2 && n->s[0] == '_' && n->s[1] == '_'))
		return;
	/* NAME.update(dict(k=v)) / NAME.update({...}) at module level (MMEngine pure-Python configs) */
	if (i + 5 < ts->n && op(&ts->v[i + 1], ".") && kw(&ts->v[i + 2], "update") && op(&ts->v[i + 3], "(")) {
		size_t close = py_close_of(ts, i + 3); /* just past the call's ')' */
		const struct tok *a = &ts->v[i + 4];
		char *root = xstrndup(n->s, n->len);
		if (kw(a, "dict") && op(a + 1, "(") && py_close_of(ts, i + 5) == close - 1)
			pyscan_flatten_dict(sc, root, i + 5, close - 1, 0);
		else if (op(a, "{") && py_close_of(ts, i + 4) == close - 1)
			pyscan_flatten_dict(sc, root, i + 4, close - 1, 0);
		free(root);
		return;
	}
	/* NAME or a dotted target (yacs: _C.TRAIN.EPOCHS = 300) */
	size_t eq = i + 1;
	while (eq + 1 < ts->n && op(&ts->v[eq], ".") && ts->v[eq + 1].t == T_NAME)
		eq += 2;
	if (eq + 1 >= ts->n || !op(&ts->v[eq], "="))
		return;
	size_t e = eq + 1;
	while (e < ts->n && ts->v[e].t != T_NEWLINE)
		e++;
	const struct tok *va = &ts->v[eq + 1];
	if (lazy_call(ts, eq + 1, e, NULL)) {
		struct strbuf root = STRBUF_INIT;
		py_add_text(&root, &ts->v[i], &ts->v[eq]);
		flatten_lazy(sc, root.buf, eq + 1, e, n->line, 0);
		strbuf_release(&root);
		return;
	}
	if (e - (eq + 1) >= 3 && kw(va, "dict") && op(va + 1, "(") && py_close_of(ts, eq + 2) == e) {
		struct strbuf root = STRBUF_INIT; /* NAME or a dotted target (ml_collections: config.input.data = dict(...)) */
		py_add_text(&root, &ts->v[i], &ts->v[eq]);
		pyscan_flatten_dict(sc, root.buf, eq + 2, e, 0);
		strbuf_release(&root);
		return;
	}
	if (eq == i + 1 && e - (eq + 1) >= 2 && op(va, "{") && py_close_of(ts, eq + 1) == e) {
		char *root = xstrndup(n->s, n->len);
		pyscan_flatten_dict(sc, root, eq + 1, e, 0);
		free(root);
		return;
	}
	/* yacs: _C.SOLVER.AMP = CN({"ENABLED": False}) gives SOLVER.AMP.ENABLED (detectron2) */
	if (e - (eq + 1) >= 4 && (kw(va, "CN") || kw(va, "CfgNode")) && op(va + 1, "(") && op(va + 2, "{") &&
	    py_close_of(ts, eq + 3) == e - 1 && py_close_of(ts, eq + 2) == e) {
		struct strbuf root = STRBUF_INIT;
		py_add_text(&root, &ts->v[i], &ts->v[eq]);
		pyscan_flatten_dict(sc, root.buf, eq + 3, e - 1, 0);
		strbuf_release(&root);
		return;
	}
	/* NAME = int(os.environ.get("NAME", 20)) (parameter-golf's Hyperparameters): the default, and
	 * the variable that replaces it when the command sets one */
	char *env = NULL;
	json_t *ev = env_default(ts, eq + 1, e, &env);
	if (sc->env_only && !ev)
		return;
	if (ev) {
		json_t *a = json_object();
		struct strbuf name = STRBUF_INIT;
		py_add_text(&name, &ts->v[i], &ts->v[eq]);
		json_object_set_new(a, "name", jstr(name.buf));
		strbuf_release(&name);
		json_object_set_new(a, "value", ev);
		json_object_set_new(a, "line", json_integer(n->line));
		json_object_set_new(a, "env", jstr(env));
		free(env);
		json_array_append_new(sc->assigns, a);
		return;
	}
	/* NAME = sys.argv[N] if len(sys.argv) > N else LITERAL (sentence-transformers' examples): the
	 * literal, and the positional word N that replaces it when the command gives one */
	json_int_t argv_n = 0;
	if (e - (eq + 1) >= 9 && kw(va, "sys") && op(va + 1, ".") && kw(va + 2, "argv") && op(va + 3, "[") &&
	    va[4].t == T_NUMBER && op(va + 5, "]") && kw(va + 6, "if")) {
		const struct tok *el = NULL;
		for (const struct tok *t = va + 7; t < &ts->v[e]; t++)
			if (kw(t, "else"))
				el = t;
		if (el && el + 1 < &ts->v[e]) {
			argv_n = strtoll(va[4].s, NULL, 10);
			va = el + 1;
		}
	}
	json_t *v = py_string_list(va, &ts->v[e]);
	double num;
	/* arithmetic over the module's earlier numbers (lit-llama: max_iters = num_epochs * (epoch_size //
	 * micro_batch_size) // devices); a division gives a float, as in Python */
	json_t *from = NULL; /* the earlier names a computed value used (num_layers = depth) */
	if (!v && py_eval_arith_in(va, &ts->v[e], sc->assigns, &num)) {
		from = json_array();
		for (const struct tok *t = va; t < &ts->v[e]; t++)
			if (t->t == T_NAME) {
				char *nm = xstrndup(t->s, t->len);
				if (pyscan_earlier_literal(sc, nm))
					json_array_append_new(from, jstr(nm));
				free(nm);
			}
		bool div = false;
		for (const struct tok *t = va; t < &ts->v[e]; t++)
			div = div || op(t, "/");
		v = !div && num == (double)(long long)num && fabs(num) < 9e15 ? json_integer((json_int_t)num) : json_real(num);
	}
	if (!v)
		v = py_value_of(va, &ts->v[e]);
	if (json_is_object(v)) { /* only literals */
		const char *ref = json_string_value(json_object_get(v, "ref"));
		json_t *lit = ref && !strchr(ref, '.') ? pyscan_earlier_literal(sc, ref) : NULL;
		if (lit) {
			json_decref(from);
			from = json_pack("[s]", ref);
		}
		json_decref(v);
		if (!lit) {
			json_decref(from);
			return;
		}
		v = json_incref(lit);
	}
	json_t *a = json_object();
	struct strbuf name = STRBUF_INIT;
	py_add_text(&name, &ts->v[i], &ts->v[eq]);
	json_object_set_new(a, "name", jstr(name.buf));
	strbuf_release(&name);
	json_object_set_new(a, "value", v);
	json_object_set_new(a, "line", json_integer(n->line));
	if (argv_n > 0)
		json_object_set_new(a, "argv", json_integer(argv_n));
	if (from && json_array_size(from)) {
		json_object_set(a, "from", from);
		struct strbuf ex = STRBUF_INIT;
		py_add_text(&ex, va, &ts->v[e]);
		json_object_set_new(a, "expr", jstr(ex.buf));
		strbuf_release(&ex);
	}
	json_decref(from);
	json_array_append_new(sc->assigns, a);
}

bool pyscan_if_dest(const struct toks *ts, size_t i, char *buf, size_t size)
{
	const struct tok *t = &ts->v[i];
	if (!kw(t, "if") || i + 5 >= ts->n)
		return false;
	const struct tok *d = NULL;
	if (t[1].t == T_NAME && op(&t[2], ".") && t[3].t == T_NAME && op(&t[4], ":"))
		d = &t[3]; /* if args.batch_size: */
	else if (i + 5 < ts->n && t[1].t == T_NAME && op(&t[2], "(") && t[3].t == T_STRING && op(&t[4], ")") &&
		 op(&t[5], ":"))
		d = &t[3]; /* if _check_args('batch_size'): (Swin-Transformer's update_config) */
	if (!d)
		return false;
	json_t *v = d->t == T_STRING ? py_value_of(d, d + 1) : json_stringn(d->s, d->len);
	const char *s = json_string_value(v);
	bool ok = s && *s && strlen(s) < size && !strchr(s, ' ');
	if (ok)
		snprintf(buf, size, "%s", s);
	json_decref(v);
	return ok;
}

bool pyscan_argmap(const struct toks *ts, size_t i, const char *if_dest, json_t **maps)
{
	size_t eq = i + 1;
	while (eq + 1 < ts->n && op(&ts->v[eq], ".") && ts->v[eq + 1].t == T_NAME)
		eq += 2;
	if (eq == i + 1 || eq + 1 >= ts->n || !op(&ts->v[eq], "="))
		return false;
	size_t e = eq + 1;
	while (e < ts->n && ts->v[e].t != T_NEWLINE)
		e++;
	const struct tok *va = &ts->v[eq + 1];
	json_t *m = NULL;
	if (e == eq + 4 && va[0].t == T_NAME && op(&va[1], ".") && va[2].t == T_NAME &&
	    !(va[0].len == ts->v[i].len && !memcmp(va[0].s, ts->v[i].s, va[0].len))) {
		m = json_object(); /* config.DATA.BATCH_SIZE = args.batch_size */
		json_object_set_new(m, "dest", json_stringn(va[2].s, va[2].len));
	} else if (if_dest && e == eq + 2 && (va->t == T_NUMBER || va->t == T_STRING || kw(va, "True") || kw(va, "False"))) {
		m = json_object(); /* if _check_args('use_checkpoint'): config.TRAIN.USE_CHECKPOINT = True */
		json_object_set_new(m, "dest", json_string(if_dest));
		json_object_set_new(m, "value", py_value_of(va, va + 1));
	}
	if (!m)
		return false;
	struct strbuf key = STRBUF_INIT;
	for (size_t k = i; k < eq; k++)
		strbuf_add(&key, ts->v[k].s, ts->v[k].len);
	json_object_set_new(m, "key", json_string(key.buf));
	strbuf_release(&key);
	json_object_set_new(m, "line", json_integer(ts->v[i].line));
	if (!*maps)
		*maps = json_array();
	json_array_append_new(*maps, m);
	return true;
}

/* Inside a function: NAME = getenv("VAR", 1) or NAME, NAME2 = getenv("A", 1), getenv("B", 2) (tinygrad's
 * examples read their settings so): each target whose value is an environment read with a literal default
 * is kept as a setting {name, value, line, env}. True when the statement was one. */
bool pyscan_env_assign(struct scan *sc, size_t i)
{
	const struct toks *ts = sc->ts;
	size_t targets[8], nt = 0, j = i;
	while (j < ts->n && ts->v[j].t == T_NAME && nt < 8) {
		targets[nt++] = j;
		if (j + 1 < ts->n && op(&ts->v[j + 1], ","))
			j += 2;
		else {
			j++;
			break;
		}
	}
	if (!nt || j >= ts->n || !op(&ts->v[j], "="))
		return false;
	size_t e = j + 1;
	while (e < ts->n && ts->v[e].t != T_NEWLINE)
		e++;
	/* the right-hand side's top-level parts */
	size_t parts[9], np = 0, a = j + 1;
	int depth = 0;
	for (size_t q = j + 1; q <= e; q++) {
		if (q < e && (op(&ts->v[q], "(") || op(&ts->v[q], "[") || op(&ts->v[q], "{")))
			depth++;
		else if (q < e && (op(&ts->v[q], ")") || op(&ts->v[q], "]") || op(&ts->v[q], "}")))
			depth--;
		else if (q == e || (depth == 0 && op(&ts->v[q], ","))) {
			if (np < 8)
				parts[np++] = a;
			a = q + 1;
		}
	}
	parts[np] = e + 1;
	if (np != nt)
		return false;
	bool any = false;
	for (size_t k = 0; k < nt; k++) {
		char *env = NULL;
		size_t pa = parts[k], pb = parts[k + 1] - 1;
		json_t *v = env_default(ts, pa, pb, &env);
		const char *env_else = NULL;
		if (!v && pb == pa + 6 && kw(&ts->v[pa], "getenv") && op(&ts->v[pa + 1], "(") &&
		    ts->v[pa + 2].t == T_STRING && op(&ts->v[pa + 3], ",") && ts->v[pa + 4].t == T_NAME &&
		    op(&ts->v[pa + 5], ")")) {
			/* EVAL_BS = getenv("EVAL_BS", BS): the default is an earlier setting read from the
			 * environment, and so is its variable */
			size_t q;
			json_t *earlier;
			json_array_foreach(sc->assigns, q, earlier)
			{
				const char *en = json_string_value(json_object_get(earlier, "name"));
				if (en && strlen(en) == ts->v[pa + 4].len && !memcmp(en, ts->v[pa + 4].s, ts->v[pa + 4].len) &&
				    json_object_get(earlier, "env")) {
					json_decref(v);
					v = json_deep_copy(json_object_get(earlier, "value"));
					env_else = json_string_value(json_object_get(earlier, "env"));
				}
			}
			struct strbuf nm = STRBUF_INIT;
			bool fstr = false;
			py_string_value(&ts->v[pa + 2], &nm, &fstr);
			if (v && nm.len && !fstr)
				env = strbuf_detach(&nm);
			else {
				json_decref(v);
				v = NULL;
				strbuf_release(&nm);
			}
		}
		if (!v)
			continue;
		json_t *as = json_object();
		if (env_else)
			json_object_set_new(as, "env_else", jstr(env_else));
		json_object_set_new(as, "name", jstrn(ts->v[targets[k]].s, ts->v[targets[k]].len));
		json_object_set_new(as, "value", v);
		json_object_set_new(as, "line", json_integer(ts->v[targets[k]].line));
		json_object_set_new(as, "env", jstr(env));
		free(env);
		json_array_append_new(sc->assigns, as);
		any = true;
	}
	return any;
}

/* the section path a local stands for ("" for the root), NULL when it is neither */
static const char *gc_path(const struct gc_state *g, const char *s, size_t n)
{
	if (g->root[0] && strlen(g->root) == n && !memcmp(g->root, s, n))
		return "";
	for (int k = 0; k < g->nalias; k++)
		if (strlen(g->alias[k]) == n && !memcmp(g->alias[k], s, n))
			return g->path[k];
	return NULL;
}

static void gc_alias(struct gc_state *g, const char *name, size_t n, const char *path)
{
	for (int k = 0; k < g->nalias; k++)
		if (strlen(g->alias[k]) == n && !memcmp(g->alias[k], name, n)) {
			snprintf(g->path[k], sizeof(g->path[k]), "%s", path);
			return;
		}
	if (g->nalias < 16 && n < sizeof(g->alias[0])) {
		snprintf(g->alias[g->nalias], sizeof(g->alias[0]), "%.*s", (int)n, name);
		snprintf(g->path[g->nalias++], sizeof(g->path[0]), "%s", path);
	}
}

/* the dotted target tokens [a, b) as a section path: its first name through the root or an alias;
 * false when it starts with neither */
static bool gc_target(const struct toks *ts, const struct gc_state *g, size_t a, size_t b, struct strbuf *out)
{
	const char *base = gc_path(g, ts->v[a].s, ts->v[a].len);
	if (!base)
		return false;
	strbuf_adds(out, base);
	for (size_t q = a + 2; q < b; q += 2) {
		if (out->len)
			strbuf_addch(out, '.');
		strbuf_add(out, ts->v[q].s, ts->v[q].len);
	}
	return true;
}

bool pyscan_gc_line(struct scan *sc, size_t i, struct gc_state *g, json_t **bases)
{
	const struct toks *ts = sc->ts;
	size_t e = i;
	while (e < ts->n && ts->v[e].t != T_NEWLINE)
		e++;
	/* the statement's dotted targets, each followed by a top-level '=' */
	size_t ta[4], tb[4], nt = 0, q = i;
	for (;;) {
		size_t s0 = q;
		if (q >= e || ts->v[q].t != T_NAME)
			break;
		q++;
		while (q + 1 < e && op(&ts->v[q], ".") && ts->v[q + 1].t == T_NAME)
			q += 2;
		if (q >= e || !op(&ts->v[q], "=") || nt >= 4) {
			q = s0;
			break;
		}
		ta[nt] = s0, tb[nt++] = q;
		q++;
	}
	if (!nt)
		return false;
	size_t rv = q; /* the value's first token */
	/* the value: a ConfigDict(...), a call of another function (its ConfigDict), or a section of this one */
	size_t vend = rv;
	if (vend < e && ts->v[vend].t == T_NAME) {
		vend++;
		while (vend + 1 < e && op(&ts->v[vend], ".") && ts->v[vend + 1].t == T_NAME)
			vend += 2;
	}
	bool call = vend > rv && vend < e && op(&ts->v[vend], "(") && py_close_of(ts, vend) == e;
	bool cdict = call && kw(&ts->v[vend - 1], "ConfigDict");
	bool plain_call = call && vend == rv + 1 && py_close_of(ts, vend) == vend + 2; /* NAME() */
	/* MODULE.get_config() with no arguments (flax's `config = default_lib.get_config()`, the module imported as
	 * `from configs import default as default_lib`): that module's config, as NAME() is the imported function's */
	bool mod_call = call && !cdict && vend > rv + 1 && py_close_of(ts, vend) == vend + 2 &&
			memmem(ts->v[vend - 1].s, ts->v[vend - 1].len, "config", 6);
	/* config = common.with_dataset(common.get_config(), dataset) (vision_transformer): the ConfigDict of
	 * the config-building calls inside it, NAME.get_config() */
	if (call && !cdict && !plain_call && nt == 1 && tb[0] == ta[0] + 1 && !g->root[0] &&
	    ts->v[ta[0]].len < sizeof(g->root)) {
		bool found = false;
		for (size_t q2 = vend + 1; q2 + 2 < e; q2++) {
			if (ts->v[q2].t != T_NAME || (q2 > 0 && op(&ts->v[q2 - 1], ".")))
				continue;
			size_t n2 = q2 + 1;
			while (n2 + 1 < e && op(&ts->v[n2], ".") && ts->v[n2 + 1].t == T_NAME)
				n2 += 2;
			if (n2 + 1 < e && op(&ts->v[n2], "(") && op(&ts->v[n2 + 1], ")") &&
			    memmem(ts->v[n2 - 1].s, ts->v[n2 - 1].len, "config", 6)) {
				struct strbuf d = STRBUF_INIT;
				for (size_t q3 = q2; q3 < n2; q3++)
					strbuf_add(&d, ts->v[q3].s, ts->v[q3].len);
				if (!*bases)
					*bases = json_array();
				json_array_append_new(*bases, jstr(d.buf));
				strbuf_release(&d);
				found = true;
			}
		}
		if (found) {
			snprintf(g->root, sizeof(g->root), "%.*s", (int)ts->v[ta[0]].len, ts->v[ta[0]].s);
			return true;
		}
	}
	struct strbuf path = STRBUF_INIT;
	bool done = false;
	if (mod_call && nt == 1 && tb[0] == ta[0] + 1 && !g->root[0] && ts->v[ta[0]].len < sizeof(g->root)) {
		struct strbuf d = STRBUF_INIT;
		for (size_t q3 = rv; q3 < vend; q3++)
			strbuf_add(&d, ts->v[q3].s, ts->v[q3].len);
		if (!*bases)
			*bases = json_array();
		json_array_append_new(*bases, jstr(d.buf));
		strbuf_release(&d);
		snprintf(g->root, sizeof(g->root), "%.*s", (int)ts->v[ta[0]].len, ts->v[ta[0]].s);
		return true;
	}
	if (cdict || plain_call) {
		for (size_t k = 0; k < nt; k++) {
			strbuf_reset(&path);
			if (tb[k] == ta[k] + 1 && !g->root[0] && ts->v[ta[k]].len < sizeof(g->root)) {
				snprintf(g->root, sizeof(g->root), "%.*s", (int)ts->v[ta[k]].len, ts->v[ta[k]].s);
				done = true;
				if (plain_call) {
					if (!*bases)
						*bases = json_array();
					json_array_append_new(*bases, jstrn(ts->v[rv].s, ts->v[rv].len));
				}
			} else if (gc_target(ts, g, ta[k], tb[k], &path)) {
				/* config.training = training = ConfigDict(): training stands for "training" */
				for (size_t m = 0; m < nt; m++)
					if (m != k && tb[m] == ta[m] + 1)
						gc_alias(g, ts->v[ta[m]].s, ts->v[ta[m]].len, path.buf);
				done = true;
			}
		}
		strbuf_release(&path);
		return done;
	}
	/* training = config.training: a section under another name */
	if (nt == 1 && tb[0] == ta[0] + 1 && vend == e && gc_target(ts, g, rv, vend, &path) && path.len) {
		gc_alias(g, ts->v[ta[0]].s, ts->v[ta[0]].len, path.buf);
		strbuf_release(&path);
		return true;
	}
	/* a setting: config.a.b = v (the root's name dropped) or training.sde = v (the alias's path) */
	if (nt == 1 && tb[0] > ta[0] + 1 && gc_target(ts, g, ta[0], tb[0], &path)) {
		done = true;
		size_t before = json_array_size(sc->assigns);
		pyscan_assign(sc, ta[0] + 2);
		/* the name pyscan_assign gave (the tokens after the first name) under the right section */
		const char *base = gc_path(g, ts->v[ta[0]].s, ts->v[ta[0]].len);
		if (base && *base)
			for (size_t k = before; k < json_array_size(sc->assigns); k++) {
				json_t *a = json_array_get(sc->assigns, k);
				const char *nm = json_string_value(json_object_get(a, "name"));
				if (!nm)
					continue;
				struct strbuf full = STRBUF_INIT;
				strbuf_addf(&full, "%s.%s", base, nm);
				json_object_set_new(a, "name", jstr(full.buf));
				strbuf_release(&full);
			}
	}
	strbuf_release(&path);
	return done;
}

void pyscan_sacred_assign(const struct toks *ts, size_t i, const char *fn, json_t **sacred)
{
	const struct tok *t = &ts->v[i];
	if (t->t != T_NAME || i + 2 >= ts->n || !op(&ts->v[i + 1], "=") || op(&ts->v[i + 2], "="))
		return;
	size_t e = i + 2;
	while (e < ts->n && ts->v[e].t != T_NEWLINE)
		e++;
	json_t *v = py_value_of(&ts->v[i + 2], &ts->v[e]);
	if (v && !json_is_object(v)) {
		if (!*sacred)
			*sacred = json_object();
		json_t *list = json_object_get(*sacred, fn);
		if (!list)
			json_object_set_new(*sacred, fn, list = json_array());
		json_array_append_new(list, json_pack("{s:s%,s:O,s:I}", "name", t->s, t->len, "value", v, "line", (json_int_t)t->line));
	}
	json_decref(v);
}
