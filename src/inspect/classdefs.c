/* classdefs.c - the defaults of library model-config classes (the YAML files of data/config_classes: Transformers'
 * LlamaConfig, Qwen2Config, ... each with its documentation URL), loaded and validated strictly, and
 * applied to the shape keys a job's `XConfig(...)` call leaves out (inspect_class_defaults). */
#include "inspect.h"
#include "mctx.h"

#include "../repo/ydoc.h"
#include "../util/arena.h"
#include "../util/fsutil.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_CLASSES_FILE (256 * 1024)

static const char *const file_keys[] = {"library", "source", "classes", NULL};
static const char *const class_keys[] = {"class", "source", "defaults", NULL};

static bool is_url(const char *s)
{
	return s && (!strncmp(s, "https://", 8) || !strncmp(s, "http://", 7));
}

/* A default as JSON: an integer, true/false, or a plain word (silu, gated-gelu). */
static json_t *scalar_value(const char *s)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	if (*s && !*end)
		return json_integer((json_int_t)v);
	if (!strcmp(s, "true") || !strcmp(s, "false"))
		return json_boolean(!strcmp(s, "true"));
	return json_string(s);
}

/* One class entry into out[class] = {source, library, defaults: {library key: value}}. */
static void load_class(struct ydoc *y, yaml_node_t *m, const char *library, json_t *seen, json_t *out)
{
	if (!ymap_check(y, m, "config class", class_keys, class_keys))
		return;
	int before = y->nerrs;
	const char *cls = NULL, *src = NULL;
	yget_str(y, m, "class", &cls);
	yget_str(y, m, "source", &src);
	if (src && !is_url(src))
		yerr(y, ymap_get(y, m, "source"), "source '%s' is not a URL", src);
	size_t cl = cls ? strlen(cls) : 0;
	if (cls && (cl <= 6 || strcmp(cls + cl - 6, "Config") || !isupper((unsigned char)cls[0])))
		yerr(y, ymap_get(y, m, "class"), "class '%s' is not a configuration class name (LlamaConfig)", cls);
	if (cls && json_object_get(seen, cls))
		yerr(y, ymap_get(y, m, "class"), "class '%s' is listed twice", cls);
	yaml_node_t *d = ymap_get(y, m, "defaults");
	json_t *defs = json_object();
	if (d && !yis_map(d)) {
		yerr(y, d, "defaults is a mapping of the class's keyword arguments to values");
		d = NULL;
	}
	for (yaml_node_pair_t *p = d ? d->data.mapping.pairs.start : NULL; d && p < d->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&y->doc, p->key), *v = yaml_document_get_node(&y->doc, p->value);
		const char *key = yscalar(y, k, "defaults");
		const char *val = key ? yscalar(y, v, key) : NULL;
		if (!key || !val)
			continue;
		if (!mg_shape_key(key))
			yerr(y, k, "'%s' is no shape key maple reads (vocab_size, hidden_size, num_hidden_layers, ...)", key);
		else
			json_object_set_new(defs, key, scalar_value(val));
	}
	if (d && !json_object_size(defs) && y->nerrs == before)
		yerr(y, d, "class '%s' lists no defaults", cls ? cls : "?");
	if (y->nerrs != before || !cls) {
		json_decref(defs);
		return;
	}
	json_object_set_new(seen, cls, json_true());
	json_object_set_new(out, cls, json_pack("{s:s,s:s,s:o}", "source", src, "library", library, "defaults", defs));
}

static void load_file(const char *path, json_t *out, struct strbuf *errs)
{
	struct strbuf data = STRBUF_INIT;
	struct maple_error e;
	if (read_file(path, &data, MAX_CLASSES_FILE, &e) < 0) {
		strbuf_addf(errs, "%s:1: %s\n", path, e.text);
		strbuf_release(&data);
		return;
	}
	struct arena a;
	arena_init(&a);
	struct ydoc y;
	if (ydoc_parse(&y, &a, errs, path, data.buf, data.len) == 0) {
		yaml_node_t *root = ydoc_root(&y);
		if (ymap_check(&y, root, "config-class file", file_keys, file_keys)) {
			const char *lib = NULL, *src = NULL;
			yget_str(&y, root, "library", &lib);
			yget_str(&y, root, "source", &src);
			if (src && !is_url(src))
				yerr(&y, ymap_get(&y, root, "source"), "source '%s' is not a URL", src);
			yaml_node_t *cl = ymap_get(&y, root, "classes");
			if (cl && !yis_seq(cl))
				yerr(&y, cl, "classes is a list of {class, source, defaults}");
			json_t *seen = json_object();
			for (size_t i = 0; lib && cl && yis_seq(cl) && i < yseq_len(cl); i++)
				load_class(&y, yseq_at(&y, cl, i), lib, seen, out);
			json_decref(seen);
		}
	}
	ydoc_release(&y);
	arena_release(&a);
	strbuf_release(&data);
}

/* {class: {source, library, defaults}} from the YAML files in <dir>/config_classes of every directory (later ones
 * override earlier ones by class); NULL with every problem in err. */
static json_t *load_all(const struct strvec *dirs, struct maple_error *err)
{
	json_t *out = json_object();
	struct strbuf errs = STRBUF_INIT, dir = STRBUF_INIT;
	for (size_t d = 0; d < dirs->nr; d++) {
		strbuf_reset(&dir);
		strbuf_addf(&dir, "%s/config_classes", dirs->v[d]);
		struct strvec names = STRVEC_INIT;
		list_dir_suffix(dir.buf, ".yaml", &names);
		for (size_t i = 0; i < names.nr; i++) {
			struct strbuf p = STRBUF_INIT;
			strbuf_addf(&p, "%s/%s", dir.buf, names.v[i]);
			load_file(p.buf, out, &errs);
			strbuf_release(&p);
		}
		strvec_clear(&names);
	}
	strbuf_release(&dir);
	if (errs.len) {
		strbuf_setlen(&errs, errs.len - (errs.buf[errs.len - 1] == '\n'));
		errorf(err, "%s", errs.buf);
		strbuf_release(&errs);
		json_decref(out);
		return NULL;
	}
	strbuf_release(&errs);
	return out;
}

int inspect_class_defaults(json_t *r, const struct strvec *dirs, struct maple_error *err)
{
	json_t *mc = json_object_get(r, "model_config");
	const char *cls = json_string_value(json_object_get(mc, "config_class"));
	const char *mt = json_string_value(json_object_get(mc, "model_type"));
	const char *mt_src = json_string_value(json_object_get(json_object_get(r, "sources"), "model_config.model_type"));
	if (!cls && (!mt_src || !strstr(mt_src, ".json:")))
		mt = NULL; /* the type named by a class called with **kwargs (its keys may all be passed) */
	if (!cls && !mt)
		return 0;
	json_t *all = load_all(dirs, err);
	if (!all)
		return -1;
	/* a config.json read from a file ("model_type": "llama") is loaded by its class the same way:
	 * AutoConfig picks the class by model_type, and the keys the file leaves out keep that class's
	 * defaults (a Llama config without tie_word_embeddings has an untied output layer) */
	bool by_type = false;
	if (!cls) {
		const char *name;
		json_t *e;
		json_object_foreach(all, name, e)
		{
			size_t i = 0, j = 0, nl = strlen(name);
			if (nl <= 6 || strcmp(name + nl - 6, "Config"))
				continue;
			while (i < nl - 6 && mt[j]) {
				if (mt[j] == '_' || mt[j] == '-') {
					j++;
					continue;
				}
				if (tolower((unsigned char)name[i]) != tolower((unsigned char)mt[j]))
					break;
				i++;
				j++;
			}
			if (i == nl - 6 && !mt[j]) {
				cls = name;
				by_type = true;
				break;
			}
		}
		if (!cls) {
			json_decref(all);
			return 0;
		}
	}
	json_t *entry = json_object_get(all, cls);
	json_t *sources = json_object_get(r, "sources");
	struct strbuf used = STRBUF_INIT, k = STRBUF_INIT, s = STRBUF_INIT;
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(entry, "defaults"), key, v)
	{
		const char *norm = mg_shape_key(key);
		if (!norm || json_object_get(mc, norm))
			continue;
		json_object_set(mc, norm, v);
		strbuf_reset(&k);
		strbuf_reset(&s);
		strbuf_addf(&k, "model_config.%s", norm);
		/* as the other library defaults are named ("transformers TrainingArguments default"); the
		 * URL goes in the note */
		strbuf_addf(&s, "%s %s default", json_string_value(json_object_get(entry, "library")), cls);
		json_object_set_new(sources, k.buf, json_string(s.buf));
		strbuf_addf(&used, "%s%s", used.len ? ", " : "", key);
	}
	if (used.len && json_is_array(json_object_get(r, "notes"))) {
		const char *at = json_string_value(
			json_object_get(sources, by_type ? "model_config.model_type" : "model_config.config_class"));
		strbuf_reset(&s);
		strbuf_addf(&s, "%s(...) at %s leaves %s at the class's defaults (%s)", cls, at ? at : "?", used.buf,
			    json_string_value(json_object_get(entry, "source")));
		json_array_append_new(json_object_get(r, "notes"), json_string(s.buf));
	}
	strbuf_release(&used);
	strbuf_release(&k);
	strbuf_release(&s);
	json_decref(all);
	return 0;
}

int inspect_tokenizer_vocab(const char *tokenizer, const struct strvec *dirs, long long *vocab, char **source,
			    struct maple_error *err)
{
	*vocab = 0;
	*source = NULL;
	size_t tl = strlen(tokenizer);
	if (tl > 4 && !strcmp(tokenizer + tl - 4, "Fast"))
		tl -= 4;
	if (tl <= 9 || strncmp(tokenizer + tl - 9, "Tokenizer", 9) || !isupper((unsigned char)tokenizer[0]))
		return 0;
	json_t *all = load_all(dirs, err);
	if (!all)
		return -1;
	struct strbuf cls = STRBUF_INIT;
	strbuf_add(&cls, tokenizer, tl - 9);
	strbuf_adds(&cls, "Config");
	/* Pai-Megatron-Patch spells LLamaTokenizer: the class's name in any case */
	json_t *entry = NULL, *e;
	const char *name, *found = NULL;
	json_object_foreach(all, name, e) if (!entry && !strcasecmp(name, cls.buf)) entry = e, found = name;
	json_t *v = json_object_get(json_object_get(entry, "defaults"), "vocab_size");
	if (json_is_integer(v) && json_integer_value(v) > 0) {
		*vocab = (long long)json_integer_value(v);
		struct strbuf s = STRBUF_INIT;
		strbuf_addf(&s, "%s's vocab_size default, %s", found, json_string_value(json_object_get(entry, "source")) ?: "?");
		*source = strbuf_detach(&s);
	}
	strbuf_release(&cls);
	json_decref(all);
	return 0;
}
