/* request_json.c - the "request" object of the CLI contract, defined once (emit_request) and written
 * through one of two back ends: a jansson tree (request_json: every --json output) or the streaming
 * writer of util/jsonw.h (request_json_write: one line per request of generate --batch, where the tree
 * and its dump cost about a tenth of a request), byte-identical to the tree's compact dump. */
#include "cmd.h"

#include "../util/jsonw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The back end: members of the open object, and one level of nested object or array */
struct emit {
	void (*str)(struct emit *e, const char *key, const char *s); /* NULL: null */
	void (*num)(struct emit *e, const char *key, int v);	      /* v <= 0: null */
	void (*yes)(struct emit *e, const char *key);		      /* true */
	void (*open)(struct emit *e, const char *key, bool array);
	void (*elem)(struct emit *e, const char *s); /* a string element of the open array */
	void (*close)(struct emit *e);
};

static void emit_request(struct emit *e, const struct request *r)
{
	e->str(e, "cluster", r->cluster);
	e->str(e, "framework", framework_name(r->framework));
	e->str(e, "strategy", r->strategy_from_config ? NULL : strategy_name(r->strategy));
	e->num(e, "nodes", r->nodes);
	e->num(e, "gpus_per_node", r->gpus_per_node);
	e->num(e, "total_gpus", r->total_gpus);
	e->str(e, "script", r->script);
	if (r->script_is_module)
		e->yes(e, "script_is_module");
	e->open(e, "script_args", true);
	for (size_t i = 0; i < r->args.nr; i++)
		if (r->args.v[i].value) /* (jansson: json_string(NULL) is no element) */
			e->elem(e, r->args.v[i].value);
	e->close(e);
	e->num(e, "walltime_minutes", r->walltime_min);
	e->str(e, "account", r->account);
	e->str(e, "queue", r->queue);
	e->str(e, "model", r->model);
	e->str(e, "job_name", r->job_name);
	e->str(e, "gpu_model", r->gpu_model);
	e->str(e, "conda_env", r->conda_env);
	e->str(e, "venv", r->venv);
	if (r->container_image || r->container_runtime) {
		e->open(e, "container", false);
		e->str(e, "image", r->container_image);
		e->str(e, "runtime", r->container_runtime);
		e->close(e);
	} else {
		e->str(e, "container", NULL);
	}
	e->open(e, "modules", true);
	for (size_t i = 0; i < r->modules.nr; i++)
		e->elem(e, r->modules.v[i]);
	e->close(e);
	e->num(e, "master_port", r->master_port);
	if (r->env_names.nr) {
		e->open(e, "env", false);
		for (size_t i = 0; i < r->env_names.nr; i++)
			if (r->env_values.v[i].value) /* (a value, never null: none is no member) */
				e->str(e, r->env_names.v[i], r->env_values.v[i].value);
		e->close(e);
	}
}

/* ---- jansson ------------------------------------------------------------------------------------ */

struct tree {
	struct emit e;
	json_t *stack[4]; /* the request object, then the open nested one */
	const char *key[4];
	int top;
};

static void t_set(struct emit *e, const char *key, json_t *v)
{
	struct tree *t = (struct tree *)e;
	json_object_set_new(t->stack[t->top], key, v);
}

static void t_str(struct emit *e, const char *key, const char *s)
{
	t_set(e, key, json_str_or_null(s));
}

static void t_num(struct emit *e, const char *key, int v)
{
	t_set(e, key, json_int_or_null(v));
}

static void t_yes(struct emit *e, const char *key)
{
	t_set(e, key, json_true());
}

static void t_open(struct emit *e, const char *key, bool array)
{
	struct tree *t = (struct tree *)e;
	t->key[++t->top] = key;
	t->stack[t->top] = array ? json_array() : json_object();
}

static void t_elem(struct emit *e, const char *s)
{
	struct tree *t = (struct tree *)e;
	json_array_append_new(t->stack[t->top], json_string(s));
}

static void t_close(struct emit *e)
{
	struct tree *t = (struct tree *)e;
	json_t *v = t->stack[t->top];
	const char *key = t->key[t->top--];
	json_object_set_new(t->stack[t->top], key, v);
}

json_t *request_json(const struct request *r)
{
	struct tree t = {{t_str, t_num, t_yes, t_open, t_elem, t_close}, {json_object()}, {NULL}, 0};
	emit_request(&t.e, r);
	return t.stack[0];
}

/* ---- jsonw -------------------------------------------------------------------------------------- */

struct stream {
	struct emit e;
	struct jsonw w;
	bool array[4]; /* what each nested level is */
	int top;
};

static void w_str(struct emit *e, const char *key, const char *s)
{
	jw_member_str_or_null(&((struct stream *)e)->w, key, s);
}

static void w_num(struct emit *e, const char *key, int v)
{
	struct stream *st = (struct stream *)e;
	if (v <= 0) {
		jw_member_null(&st->w, key);
		return;
	}
	char num[24]; /* what "%d" writes for v > 0, without printf's machinery (five numbers a request) */
	size_t n = sizeof(num);
	for (unsigned u = (unsigned)v; u; u /= 10)
		num[--n] = (char)('0' + u % 10);
	jw_member_raw(&st->w, key, num + n, sizeof(num) - n);
}

static void w_yes(struct emit *e, const char *key)
{
	jw_member_raw(&((struct stream *)e)->w, key, "true", 4);
}

static void w_open(struct emit *e, const char *key, bool array)
{
	struct stream *st = (struct stream *)e;
	jw_key(&st->w, key);
	st->array[++st->top] = array;
	if (array)
		jw_begin_array(&st->w);
	else
		jw_begin_object(&st->w);
}

static void w_elem(struct emit *e, const char *s)
{
	jw_str(&((struct stream *)e)->w, s);
}

static void w_close(struct emit *e)
{
	struct stream *st = (struct stream *)e;
	if (st->array[st->top--])
		jw_end_array(&st->w);
	else
		jw_end_object(&st->w);
}

/* Whether the streaming writer gives what jansson would: env names that are plain ASCII and appear
 * once (jansson checks a key's UTF-8 and replaces a repeated key's value in place) */
static bool streamable(const struct request *r)
{
	for (size_t i = 0; i < r->env_names.nr; i++) {
		for (const unsigned char *p = (const unsigned char *)r->env_names.v[i]; *p; p++)
			if (*p >= 0x80)
				return false;
		for (size_t k = 0; k < i; k++)
			if (!strcmp(r->env_names.v[k], r->env_names.v[i]))
				return false;
	}
	return true;
}

void request_json_write(const struct request *r, struct strbuf *out)
{
	if (!streamable(r)) {
		json_t *rq = request_json(r);
		char *rs = json_dumps(rq, JSON_COMPACT);
		json_decref(rq);
		if (rs)
			strbuf_adds(out, rs);
		free(rs);
		return;
	}
	struct stream st = {{w_str, w_num, w_yes, w_open, w_elem, w_close}, {0}, {false}, 0};
	jw_init(&st.w, out);
	jw_begin_object(&st.w);
	emit_request(&st.e, r);
	jw_end_object(&st.w);
}
