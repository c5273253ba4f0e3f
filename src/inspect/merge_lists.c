/* merge_lists.c - the lists the hyperparameters name: the datasets (data keys, data sections, lists
 * and '+'-joined Hub names, an option whose help speaks of the data set), the model (an option whose
 * choices or help name models, a config file named by a known model), and the outputs; split out of
 * merge_args.c, which fills the hyperparameters themselves. */
#include "mctx.h"

#include "cmdline.h"
#include "configs.h"

#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* NequIP's `dataset: npz` beside `dataset_file_name: x.npz`: a bare file-format word names the loader
 * when a sibling key names the file */
static bool format_word(const struct ctx *c, const char *key, const char *v)
{
	static const char *const formats[] = {"npz", "npy", "h5", "hdf5", "lmdb", "ase", "xyz", "json", "jsonl", "csv",
					      "parquet", "arrow", "txt", NULL};
	bool fmt = false;
	for (int i = 0; formats[i] && !fmt; i++)
		fmt = !strcasecmp(v, formats[i]);
	if (!fmt)
		return false;
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "%s_file_name", key);
	bool sib = mg_hp_str(c, k.buf) != NULL;
	strbuf_reset(&k);
	strbuf_addf(&k, "%s_file", key);
	sib = sib || mg_hp_str(c, k.buf) != NULL;
	strbuf_release(&k);
	return sib;
}

/* Whether the help of the option with this dest speaks of the data the job trains on */
static bool help_says_data(const struct ctx *c, const char *dest)
{
	size_t i;
	json_t *spec;
	json_array_foreach(c->argspec, i, spec)
	{
		const char *d = json_string_value(json_object_get(spec, "dest"));
		const char *h = json_string_value(json_object_get(spec, "help"));
		if (!d || !h || strcmp(d, dest))
			continue;
		if ((strcasestr(h, "dataset") || strcasestr(h, "data set") || strcasestr(h, "training data")) &&
		    !strcasestr(h, "valid") && !strcasestr(h, "eval") && !strcasestr(h, "test"))
			return true;
	}
	return false;
}

/* Whether the hyperparameters hold an ESPnet/WeNet-style encoder_conf section */
static bool speech_encoder_conf(const struct ctx *c)
{
	const char *k;
	json_t *v;
	json_object_foreach(c->hp, k, v)
	{
		if (!strncmp(k, "encoder_conf.", 13))
			return true;
	}
	return false;
}

/* Whether an entry already says v: "wikitext/wikitext-2-raw-v1" covers "wikitext", "CIFAR10 at
 * ./data" covers "./data", "checkpoints/resnet50.pt" covers "checkpoints". */
static bool covered(json_t *list, const char *v)
{
	size_t i, n = strlen(v);
	json_t *e;
	json_array_foreach(list, i, e)
	{
		const char *s = json_string_value(e);
		size_t m = s ? strlen(s) : 0;
		if (!s || m <= n)
			continue;
		if (!strncmp(s, v, n) && s[n] == '/')
			return true;
		if (!strcmp(s + m - n, v) && m >= n + 4 && !strncmp(s + m - n - 4, " at ", 4))
			return true;
	}
	return false;
}

/* A model architecture file ("yolov5s.yaml") that sits under a folder named model(s): its stem is
 * the model, as weak evidence. */
/* A name or place inside a dataset section: axolotl's datasets[i].path, torchtune's
 * dataset._component_ or dataset.source, llm-foundry's train_loader.dataset.local / hf_name,
 * detectron2's DATASETS.TRAIN. Evaluation sections do not count. */
static bool data_section(const char *key, size_t plen, const char *last, json_t *v)
{
	if (!json_is_string(v) && !(json_is_array(v) && json_is_string(json_array_get(v, 0))))
		return false;
	char *prefix = xstrndup(key, plen);
	const char *pl = strrchr(prefix, '.');
	pl = pl ? pl + 1 : prefix;
	/* TensorFlow Model Garden's task.train_data.input_path */
	/* audiocraft's datasource: {train: egs/x, valid: ..., evaluate: ...} */
	/* NeMo's model.data.train_ds.file_path; a Lightning CLI data module's data.init_args.root (anomalib) */
	bool in_data = (strcasestr(prefix, "dataset") || !strcmp(pl, "data") || !strcmp(pl, "train_data") ||
			!strcmp(pl, "datasource") || !strcmp(pl, "train_ds") ||
			(!strcmp(pl, "init_args") && !strcmp(prefix, "data.init_args"))) &&
		       !strcasestr(prefix, "eval") &&
		       !strcasestr(prefix, "val_") && !strcasestr(prefix, "test") && strncmp(prefix, "val/", 4);
	/* argbind's build_dataset.folders: {speech: [dirs], music: [dirs]} (descript-audio-codec): each group's
	 * folders are the data ("val/build_dataset.folders", argbind's scope of the validation, is not) */
	bool folders = in_data && !strcmp(pl, "folders");
	free(prefix);
	if (!in_data)
		return false;
	if (folders)
		return true;
	if (!strcasecmp(last, "TRAIN"))
		return true;
	/* a loader class named in the section (PaddleOCR's SimpleDataSet, PaddleDetection's COCODataSet) is
	 * no dataset */
	const char *sv = json_string_value(v);
	size_t sl = sv ? strlen(sv) : 0;
	if (!strcmp(last, "name") && sl > 7 && isupper((unsigned char)sv[0]) && !strchr(sv, '/') &&
	    !strcasecmp(sv + sl - 7, "dataset"))
		return false;
	static const char *const names[] = {"path", "paths", "source", "hf_name", "local", "_component_", "name", "id",
					    "hf_dataset_or_datasets", "location", "names", "class_path", "repo_id",
					    "instruct_data", "input_path", "image_folder", "img_folder", "image_root",
					    "img_dir", "image_dir", "root", "csv_path", "video_folder", "src",
					    "root_dir", "data_root", "file_path", "file_paths", "folder_path", NULL};
	/* OCP's dataset: [{src: train}, {src: val}, ...]: the first entry of the list is the training set */
	if (!strcmp(last, "src") && plen >= 2 && key[plen - 1] != '0' && isdigit((unsigned char)key[plen - 1]))
		return false;
	for (int i = 0; names[i]; i++)
		if (!strcmp(last, names[i]))
			return strcmp(last, "names") || json_is_string(v); /* a list of names there may be classes */
	/* prime's data.dataset_name_or_paths, data.train_data_path */
	/* InternEvo's data.train_folder; I-JEPA's data.image_folder, SAM 2's dataset.img_folder, PixArt's
	 * data = dict(type='SAM', root='SA1B') (the images' folder of the data section) */
	return mg_ends_with(last, "name_or_paths") || mg_ends_with(last, "name_or_path") ||
	       (mg_ends_with(last, "data_path") && !strcasestr(last, "eval")) || !strcmp(last, "train_folder");
}

/* A value that lists several datasets: "identity,alpaca_en_demo" (LLaMA-Factory, OpenRLHF),
 * ("coco_2017_train",) (detectron2 tuples), torchtune.datasets.alpaca_dataset (a builder: its last
 * part). Adds them and returns true; false when v is one plain name. */
static bool data_list(struct ctx *c, const char *v, const char *last, const char *s)
{
	bool tuple = v[0] == '(' || v[0] == '[';
	bool comma = strchr(v, ',') && !strchr(v, ' ') && !strchr(v, '{');
	bool component = !strcmp(last, "_component_") || !strcmp(last, "class_path"); /* LitGPT: data.class_path */
	if (!tuple && !comma && !component)
		return false;
	const char *p = v + (tuple ? 1 : 0);
	while (*p) {
		while (*p == ' ' || *p == '"' || *p == '\'' || *p == ',')
			p++;
		const char *e = p;
		while (*e && *e != ',' && *e != '"' && *e != '\'' && *e != ')' && *e != ']')
			e++;
		if (e > p) {
			char *d = xstrndup(p, (size_t)(e - p));
			const char *name = d;
			if (component && strrchr(d, '.'))
				name = strrchr(d, '.') + 1;
			char *num_end = NULL;
			strtod(name, &num_end);
			bool weight = num_end && num_end != name && !*num_end; /* [1.0, path]: a blend's weight */
			if (!weight && !covered(c->datasets, name))
				mg_add_unique(c->datasets, name, c->sources, "datasets", s ? s : "?");
			free(d);
		}
		p = e;
		while (*p == '"' || *p == '\'')
			p++;
		if (*p == ')' || *p == ']')
			break;
	}
	return true;
}

/* The option with dest key chooses among the program's models by name: its choices are the keys of
 * a table of model builders (SiT's and LlamaGen's choices=list(SiT_models.keys()), GPT_models) or a
 * list of model names (pytorch/examples' choices=model_names). */
static bool choices_name_models(const struct ctx *c, const char *key)
{
	size_t i;
	json_t *sp;
	json_array_foreach(c->argspec, i, sp)
	{
		const char *ch = json_string_value(json_object_get(sp, "choices_from"));
		if (!ch || strcmp(json_string_value(json_object_get(sp, "dest")) ?: "", key))
			continue;
		return strcasestr(ch, "models") || strcasestr(ch, "model_names") || strcasestr(ch, "arch_names");
	}
	return false;
}

/* The option with dest key is described by its help as the model's name. */
static bool help_names_model(const struct ctx *c, const char *key)
{
	size_t i;
	json_t *sp;
	json_array_foreach(c->argspec, i, sp)
	{
		const char *h = json_string_value(json_object_get(sp, "help"));
		if (!h || strcmp(json_string_value(json_object_get(sp, "dest")) ?: "", key))
			continue;
		return !strcasecmp(h, "model name") || strcasestr(h, "name of the model") ||
		       strcasestr(h, "model name to") || strcasestr(h, "model architecture");
	}
	return false;
}

/* A dataset value as a name: ms-swift's "name#500" asks for 500 samples of name. */
/* A Python constructor expression a program eval()s (DUSt3R's --model "AsymmetricCroCo3DStereo(pos_embed=
 * 'RoPE100', ...)", --train_dataset "1000 @ Co3d(split='train', ROOT='data/co3d', ...)"): the class name's
 * start and length (its last dotted part), and where its arguments start; false when v is no such call */
static bool ctor_expr(const char *v, const char **name, size_t *len, const char **args)
{
	const char *p = v, *at = strstr(v, " @ ");
	if (at) { /* "N @ Class(...)": N samples an epoch */
		for (const char *q = v; q < at; q++)
			if (!isdigit((unsigned char)*q) && *q != '_')
				return false;
		p = at + 3;
	}
	const char *b = p;
	while (isalnum((unsigned char)*p) || *p == '_' || *p == '.')
		p++;
	size_t n = strlen(v);
	if (p == b || !isalpha((unsigned char)*b) || *p != '(' || n < 2 || v[n - 1] != ')')
		return false;
	const char *dot = NULL;
	for (const char *q = b; q < p; q++)
		if (*q == '.')
			dot = q;
	*name = dot ? dot + 1 : b;
	*len = (size_t)(p - *name);
	*args = p + 1;
	return *len > 0;
}

/* The quoted string given to keyword kw= in a constructor's arguments (NULL when none; the caller frees) */
static char *ctor_kw_string(const char *args, const char *kw)
{
	size_t k = strlen(kw);
	for (const char *p = strstr(args, kw); p; p = strstr(p + 1, kw)) {
		if (p > args && (isalnum((unsigned char)p[-1]) || p[-1] == '_'))
			continue;
		const char *q = p + k;
		if (*q != '=' || (q[1] != '\'' && q[1] != '"'))
			continue;
		const char *e = strchr(q + 2, q[1]);
		if (e)
			return xstrndup(q + 2, (size_t)(e - q - 2));
	}
	return NULL;
}

/* A data setting whose value is a config file of the tree that lists folders (diffusion-pipe's dataset =
 * 'examples/dataset.toml' with [[directory]] path = '...' entries): those folders; false when it lists none,
 * and the file's name stands (a YOLO or GroundingDINO data description is named by its file). */
static bool data_config_paths(struct ctx *c, const char *d)
{
	int k = config_format_of(d) >= 0 ? mg_resolve_path(c, d) : -1;
	if (k < 0 || c->files[k].kind != FK_CONFIG)
		return false;
	bool any = false;
	const char *key;
	json_t *kv;
	json_object_foreach(mg_cfg_keys(c, k), key, kv)
	{
		/* NAME.N.path: an entry of a list of tables */
		const char *leaf = strrchr(key, '.'), *d1 = strchr(key, '.');
		const char *v = json_string_value(json_array_get(kv, 0));
		bool match = leaf && d1 && d1 < leaf && !strcmp(leaf, ".path") && isdigit((unsigned char)d1[1]);
		for (const char *q = d1 ? d1 + 1 : NULL; match && q < leaf; q++)
			match = isdigit((unsigned char)*q);
		if (!match || !v || !*v)
			continue;
		char *at = mg_src_str(c->files[k].rel, json_integer_value(json_array_get(kv, 1)));
		mg_add_unique(c->datasets, v, c->sources, "datasets", at);
		free(at);
		any = true;
	}
	return any;
}

static void add_dataset_value(struct ctx *c, const char *d, const char *s)
{
	const char *cname, *cargs;
	size_t clen;
	if (data_config_paths(c, d))
		return;
	if (ctor_expr(d, &cname, &clen, &cargs)) {
		/* a data set built by its class: the folder it reads (ROOT=, root=, data_root=), else the class */
		static const char *const roots[] = {"ROOT", "root", "data_root", "data_dir", "data_path", NULL};
		char *path = NULL;
		for (int i = 0; roots[i] && !path; i++)
			path = ctor_kw_string(cargs, roots[i]);
		char *val = path ? path : xstrndup(cname, clen);
		if (!covered(c->datasets, val))
			mg_add_unique(c->datasets, val, c->sources, "datasets", s ? s : "?");
		free(val);
		return;
	}
	const char *hash = strrchr(d, '#');
	size_t k = hash ? 1 : 0;
	while (hash && hash[k] >= '0' && hash[k] <= '9')
		k++;
	if (hash && hash > d && k > 1 && !hash[k]) {
		char *name = xstrndup(d, (size_t)(hash - d));
		if (!covered(c->datasets, name))
			mg_add_unique(c->datasets, name, c->sources, "datasets", s ? s : "?");
		free(name);
		return;
	}
	/* EasyR1's "hiyouga/math12k@train": the split after '@' is no part of the name */
	const char *at = strrchr(d, '@');
	static const char *const splits[] = {"train", "test", "validation", "val", "dev", NULL};
	for (int i = 0; at && at > d && splits[i]; i++)
		if (!strncmp(at + 1, splits[i], strlen(splits[i])) &&
		    (!at[1 + strlen(splits[i])] || at[1 + strlen(splits[i])] == '[')) {
			char *name = xstrndup(d, (size_t)(at - d));
			if (!covered(c->datasets, name))
				mg_add_unique(c->datasets, name, c->sources, "datasets", s ? s : "?");
			free(name);
			return;
		}
	mg_add_unique(c->datasets, d, c->sources, "datasets", s ? s : "?");
}

/* The parts of s between sep characters, in order. */
static void split_on(struct strvec *out, const char *s, char sep)
{
	for (;;) {
		const char *e = strchr(s, sep);
		strvec_push_nodup(out, xstrndup(s, e ? (size_t)(e - s) : strlen(s)));
		if (!e)
			return;
		s = e + 1;
	}
}

/* Several Hub datasets joined by '+' under a *dataset_name key (Parler-TTS' train_dataset_name
 * "a/x+b/y", help: "Load and combine multiple datasets by separating dataset ids by a '+' symbol"),
 * each with the configuration at the same place of *dataset_config_name ("clean+default"): name/config,
 * as a Hub dataset with its configuration is written. False when the value is not such a list. */
static bool plus_joined(struct ctx *c, const char *key, const char *v, const char *s)
{
	if (!mg_ends_with(key, "dataset_name") || !strchr(v, '+') || strchr(v, ' ') || strstr(v, "${"))
		return false;
	struct strbuf ck = STRBUF_INIT;
	strbuf_addf(&ck, "%.*sdataset_config_name", (int)(strlen(key) - 12), key);
	const char *cfg = mg_hp_str(c, ck.buf);
	strbuf_release(&ck);
	struct strvec names = STRVEC_INIT, cfgs = STRVEC_INIT;
	split_on(&names, v, '+');
	if (cfg && *cfg)
		split_on(&cfgs, cfg, '+');
	for (size_t i = 0; i < names.nr; i++) {
		if (!*names.v[i])
			continue;
		struct strbuf d = STRBUF_INIT;
		strbuf_adds(&d, names.v[i]);
		if (cfgs.nr == names.nr && *cfgs.v[i])
			strbuf_addf(&d, "/%s", cfgs.v[i]);
		if (!covered(c->datasets, d.buf))
			add_dataset_value(c, d.buf, s);
		strbuf_release(&d);
	}
	strvec_clear(&names);
	strvec_clear(&cfgs);
	return true;
}

/* The file part of a source "dir/sub/name.ext:line": *dir is set to the folder's last part
 * ("sub") and *stem to "name"; false when the source is not a file of this extension. */
static bool src_parts(const char *src, const char *ext, char *dir, size_t dn, char *stem, size_t sn)
{
	const char *colon = src ? strrchr(src, ':') : NULL;
	size_t el = strlen(ext);
	if (!colon || (size_t)(colon - src) <= el || strncmp(colon - el, ext, el))
		return false;
	const char *end = colon - el, *b = end;
	while (b > src && b[-1] != '/')
		b--;
	const char *d = b > src ? b - 1 : b, *da = d;
	while (da > src && da[-1] != '/')
		da--;
	snprintf(stem, sn, "%.*s", (int)(end - b), b);
	snprintf(dir, dn, "%.*s", (int)(d - da), da);
	return *stem != '\0';
}

/* Models named by the config files that build them, as strong as a model key:
 * - t5x: the gin file that binds the network's shape (network.T5Config.emb_dim, the last binding
 *   wins) names it by folder and file: t5x/examples/t5/t5_1_1/base.gin is "t5_1_1-base", mt5/xl.gin
 *   "mt5-xl" (google-research/t5x examples);
 * - PaddleDetection: a config on the command line (-c configs/ppyoloe/ppyoloe_plus_crn_l_80e_coco.yml)
 *   whose inherited YAMLs give an `architecture` (a meta-architecture such as YOLOv3 shared by many
 *   networks) names the network by its file name without the schedule and data set
 *   ("ppyoloe_plus_crn_l"; faster_rcnn_r50_fpn_1x_coco: "faster_rcnn_r50_fpn"). */
static void model_from_config_names(struct ctx *c)
{
	const char *key;
	json_t *v;
	char dir[128], stem[128];
	json_object_foreach(c->hp, key, v)
	{
		if (!json_is_integer(v) || !mg_ends_with(key, "Config.emb_dim"))
			continue;
		const char *s = mg_hp_src(c, key);
		if (!src_parts(s, ".gin", dir, sizeof(dir), stem, sizeof(stem)) || !*dir)
			continue;
		struct strbuf m = STRBUF_INIT;
		strbuf_addf(&m, "%s-%s", dir, stem);
		mg_evid(&c->model, m.buf, 58, s);
		strbuf_release(&m);
		return;
	}
	const char *arch = mg_hp_str(c, "architecture"), *cfg = mg_hp_str(c, "config");
	const char *as = mg_hp_src(c, "architecture"), *cs = mg_hp_src(c, "config");
	if (!arch || !cfg || !as || !cs || strcmp(cs, "--cmd") || (!mg_ends_with(cfg, ".yml") && !mg_ends_with(cfg, ".yaml")))
		return;
	const char *b = strrchr(cfg, '/');
	b = b ? b + 1 : cfg;
	size_t n = strcspn(b, ".");
	/* cut at the schedule (_80e_, _1x_, _300e) or the data set (_coco, _voc) */
	for (const char *p = b; p < b + n; p++) {
		if (*p != '_')
			continue;
		size_t k = 1;
		while (p + k < b + n && p[k] >= '0' && p[k] <= '9')
			k++;
		bool sched = k > 1 && (p[k] == 'e' || p[k] == 'x') && (p + k + 1 == b + n || p[k + 1] == '_');
		if (sched || !strncmp(p, "_coco", 5) || !strncmp(p, "_voc", 4)) {
			n = (size_t)(p - b);
			break;
		}
	}
	if (!n)
		return;
	char *m = xstrndup(b, n);
	mg_evid(&c->model, m, 58, "--cmd");
	free(m);
}

/* Whether a Python file of the job's scope imports module m (or one below it). */
static bool scope_imports(struct ctx *c, const char *m)
{
	for (size_t k = 0; k < c->n; k++) {
		if (!c->in_scope[k] || c->files[k].kind != FK_PYTHON)
			continue;
		size_t i;
		json_t *imp;
		json_array_foreach(json_object_get(mg_py(c, (int)k), "imports"), i, imp)
		{
			const char *s = json_string_value(json_array_get(imp, 0));
			if (s && mg_mod_is(s, m))
				return true;
		}
	}
	return false;
}

void mg_hp_lists(struct ctx *c)
{
	static const char *const model_keys[] = {"model_name_or_path", "pretrained_model_name_or_path", "pretrained_model_name", "model_name",
						 "model_id", "base_model", "model", "arch", "architecture", "model_type",
						 "pretrain", "model_path", "model_id_or_path", "modelname", "model_card",
						 "name_or_path", /* in a model section (ai-toolkit's process[0].model.name_or_path) */ NULL};
	static const char *const data_keys[] = {"dataset_name", "dataset", "data_dir", "data_path", "train_file",
						"dataset_file_name",
						"validation_file", "train_data", "data_root", "dataset_path", "data",
						"train_data_path", "train_data_paths", "datasets", "dataset_dir", "train_dataset", "train_datasets",
						"train_dataset_name", "training_dir", "train_dir",
						"train_data_dir", "instance_data_dir", "instance_data_root", "dataset_mixer_list",
						"dataset_name_or_path", "data_folder", "train_files", "training_files", "training_file", "input_bin",
						"mixture_or_task_name", "data_prefix", "input_dir", "data_file",
						"dataset_manifest", "manifest_filepath", "path_to_data_dir", "coco_path",
						"img_dir", "image_dir", "images_dir", "input_wavs_dir", "wavs_dir", "train_set", "datadir", "corpus",
						/* webdataset shards (1d-tokenizer, open-muse) */
						"train_shards_path_or_url", "train_shards_path", "train_shards", NULL};
	/* D4RL (d4rl.qlearning_dataset(gym.make(env))): the data set is the environment's own, named by it */
	bool d4rl = scope_imports(c, "d4rl");
	const char *key;
	json_t *v;
	const char *mname = NULL, *mflavor = NULL, *msrc = NULL;
	json_object_foreach(c->hp, key, v)
	{
		const char *last = strrchr(key, '.');
		size_t plen = last ? (size_t)(last - key) : 0;
		last = last ? last + 1 : key;
		const char *s = mg_hp_src(c, key);
		bool cmd = s && !strcmp(s, "--cmd");
		/* the model: a name key at the top or in a model section (model.model_name, MODEL.NAME) */
		/* self-distillation (DINO, DINOv2, iBOT): the student section is the network trained (the
		 * teacher is its moving average) */
		bool model_section = plen && ((plen == 5 && !strncasecmp(key, "model", 5)) || !strncasecmp(key, "model.", 6) ||
					      (plen == 7 && !strncasecmp(key, "student", 7)) ||
					      /* a model section deeper down (config.process.0.model, worker.actor.model) */
					      (plen > 6 && !strncasecmp(key + plen - 6, ".model", 6)));
		for (int i = 0; model_keys[i] && json_is_string(v); i++) {
			if (strcasecmp(last, model_keys[i]) || (plen && !model_section && i > 3))
				continue;
			const char *val = json_string_value(v);
			if (!*val || strstr(val, "${") || config_format_of(val) >= 0 || !strcmp(val, "???") || *val == '@')
				break; /* '@': a gin reference (MODEL = @models.EncoderDecoderModel()), a class, no name */
			/* Time-Series-Library's --model_id ETTh1_96_96 beside --model TimesNet: the run's name, the
			 * model is the other (a Hub id, ORG/NAME, is a model wherever it is) */
			if (!plen && !strcmp(key, "model_id") && !strchr(val, '/') && mg_hp_str(c, "model"))
				break;
			if (!plen && !strcmp(key, "model") && mg_hp_str(c, "encoder") && speech_encoder_conf(c))
				break; /* WeNet's `model: asr_model`, ESPnet2's `model: espnet`: the wrapper around the
					* encoder the config names (`encoder: conformer`, below) */
			const char *cname, *cargs;
			size_t clen;
			if (ctor_expr(val, &cname, &clen, &cargs)) { /* the class the expression builds */
				char *cls = xstrndup(cname, clen);
				mg_evid(&c->model, cls, cmd ? 95 : (plen ? 58 : 60) - i, s ? s : "?");
				free(cls);
				break;
			}
			/* SimpleTuner's --model_type lora|full: how the model is trained, not which */
			if (!strcasecmp(last, "model_type") && (!strcasecmp(val, "lora") || !strcasecmp(val, "full") ||
								 !strcasecmp(val, "qlora") || !strcasecmp(val, "freeze")))
				break;
			mg_evid(&c->model, val, cmd ? 95 : (plen ? 58 : 60) - i, s ? s : "?");
		}
		/* ESPnet's class choices: `encoder: conformer` beside `encoder_conf: {...}` (the network
		 * chosen by name, its settings in NAME_conf) */
		if (!plen && json_is_string(v) && *json_string_value(v) &&
		    (!strcmp(key, "encoder") || !strcmp(key, "tts") || !strcmp(key, "separator"))) {
			struct strbuf ck = STRBUF_INIT;
			strbuf_addf(&ck, "%s_conf", key);
			bool conf = json_object_get(c->hp, ck.buf) != NULL;
			strbuf_addch(&ck, '.');
			const char *k2;
			json_t *v2;
			json_object_foreach(c->hp, k2, v2) conf = conf || !strncmp(k2, ck.buf, ck.len);
			strbuf_release(&ck);
			if (conf)
				mg_evid(&c->model, json_string_value(v), cmd ? 90 : 40, s ? s : "?");
		}
		/* Open-Assistant's `datasets: [{oasst_export: {lang: ..., input_file_path: ...}}]`: each entry a mapping
		 * of one key, the data set's name, to its options (datasets.0.oasst_export.lang) */
		if (!strncmp(key, "datasets.", 9) && isdigit((unsigned char)key[9])) {
			const char *nm = key + 9;
			while (isdigit((unsigned char)*nm))
				nm++;
			const char *dot = *nm == '.' ? strchr(nm + 1, '.') : NULL;
			static const char *const fields[] = {"path", "name", "type", "split", "data_files", "data_dir", "kwargs",
							     "args", "params", "options", "config", "weight", "source", NULL};
			bool field = false;
			for (int q = 0; dot && fields[q]; q++)
				field = field || ((size_t)(dot - nm - 1) == strlen(fields[q]) && !strncmp(nm + 1, fields[q], strlen(fields[q])));
			if (dot && !field && dot > nm + 1) {
				char *name = xstrndup(nm + 1, (size_t)(dot - nm - 1));
				if (!covered(c->datasets, name))
					mg_add_unique(c->datasets, name, c->sources, "datasets", s ? s : "?");
				free(name);
			}
		}
		/* ESPnet's --train_data_path_and_name_and_type "dump/raw/train/wav.scp,speech,sound": the
		 * path is the data set (the name and type are the loader's) */
		if (!plen && json_is_string(v) && !strncmp(key, "train", 5) && mg_ends_with(key, "_data_path_and_name_and_type")) {
			const char *val = json_string_value(v), *comma = strchr(val, ',');
			char *path = xstrndup(val, comma ? (size_t)(comma - val) : strlen(val));
			if (*path && !strchr(path, '$') && !covered(c->datasets, path))
				mg_add_unique(c->datasets, path, c->sources, "datasets", s ? s : "?");
			free(path);
			continue;
		}
		/* Hub ids with a file pattern each, joined by commas (DiffSynth-Studio's --model_id_with_origin_paths
		 * "Wan-AI/Wan2.1-T2V-1.3B:diffusion_pytorch_model*.safetensors,Wan-AI/...:Wan2.1_VAE.pth"): the
		 * model is the id of the first, when every entry names the same one */
		if (!plen && json_is_string(v) && strstr(key, "model_id") && strstr(key, "path")) {
			const char *val = json_string_value(v), *colon = strchr(val, ':'), *sl = strchr(val, '/');
			if (colon && sl && sl > val && sl < colon) {
				char *id = xstrndup(val, (size_t)(colon - val));
				bool same = !strchr(sl + 1, '/') || strchr(sl + 1, '/') > colon; /* ORG/NAME, one slash */
				for (const char *q = strchr(val, ','); q && same; q = strchr(q + 1, ','))
					same = !strncmp(q + 1, id, strlen(id)) && q[1 + strlen(id)] == ':';
				if (same)
					mg_evid(&c->model, id, cmd ? 90 : 55, s ? s : "?");
				free(id);
			}
		}
		/* a model section's path deeper in the tree (verl's actor_rollout_ref.model.path) */
		if (plen > 6 && !strcmp(last, "path") && !strncmp(key + plen - 6, ".model", 6) && json_is_string(v)) {
			const char *val = json_string_value(v);
			if (*val && !strstr(val, "${") && config_format_of(val) < 0)
				mg_evid(&c->model, val, cmd ? 95 : 55, s ? s : "?");
		}
		/* LitGPT's checkpoint_dir: checkpoints/ORG/NAME, the hub id the download script wrote it under */
		if (!plen && json_is_string(v) && !strcmp(key, "checkpoint_dir") &&
		    !strncmp(json_string_value(v), "checkpoints/", 12)) {
			const char *id = json_string_value(v) + 12, *sl = strchr(id, '/');
			if (sl && sl > id && sl[1] && !strchr(sl + 1, '/'))
				mg_evid(&c->model, id, cmd ? 90 : 56, s ? s : "?");
		}
		/* an option its parser describes as the model's name (YOLOX's -n/--name, help="model name") */
		if (!plen && json_is_string(v) && *json_string_value(v) && help_names_model(c, key))
			mg_evid(&c->model, json_string_value(v), cmd ? 80 : 45, s ? s : "?");
		else if (!plen && json_is_string(v) && *json_string_value(v) && choices_name_models(c, key))
			mg_evid(&c->model, json_string_value(v), cmd ? 90 : 57, s ? s : "?");
		/* the class a model section builds: torchtune's model._component_, Hydra's model._target_,
		 * latent-diffusion's model.target (a dotted class path),
		 * MMEngine's model.type, detectron2's MODEL.META_ARCHITECTURE (the last dotted part) */
		if (plen == 5 && model_section && json_is_string(v) &&
		    (!strcmp(last, "_component_") || !strcmp(last, "type") || !strcmp(last, "META_ARCHITECTURE") ||
		     !strcmp(last, "_target_") || !strcmp(last, "class_path") /* Lightning CLI's subclass mode */ ||
		     (!strcmp(last, "target") && strchr(json_string_value(v), '.')))) {
			const char *val = json_string_value(v), *dot = strrchr(val, '.');
			const char *name = dot ? dot + 1 : val;
			/* torchtune's LoRA builders (torchtune.models.llama3_2.lora_llama3_2_1b) build the
			 * base model with adapters: the model is the base */
			if (!strncmp(val, "torchtune.models.", 17) && (!strncmp(name, "lora_", 5) || !strncmp(name, "qlora_", 6)))
				name = strchr(name, '_') + 1;
			if (*val && !strstr(val, "${"))
				mg_evid(&c->model, name, cmd ? 95 : 57, s ? s : "?");
		}
		/* efficientvit's net_config: {name: efficientvit-b1}: the network section's name */
		if (!strcmp(last, "name") && json_is_string(v) && *json_string_value(v) &&
		    ((plen == 10 && !strncmp(key, "net_config", 10)) || (plen == 7 && !strncmp(key, "network", 7)) ||
		     (plen == 12 && !strncmp(key, "model_config", 12))))
			mg_evid(&c->model, json_string_value(v), cmd ? 90 : 56, s ? s : "?");
		/* LeRobot's --policy.type=act: the policy is the model a robot-learning job trains */
		if (plen == 6 && !strncmp(key, "policy", 6) && !strcmp(last, "type") && json_is_string(v) &&
		    *json_string_value(v))
			mg_evid(&c->model, json_string_value(v), cmd ? 90 : 55, s ? s : "?");
		/* --cfg yolov5s.yaml: an architecture file under a models folder names the model */
		if (!plen && json_is_string(v) && (!strcmp(key, "cfg") || !strcmp(key, "model_cfg") || !strcmp(key, "arch_cfg")))
			mg_model_file_name(c, json_string_value(v), s);
		if (plen == 5 && model_section && json_is_string(v) && (!strcasecmp(last, "name") || !strcasecmp(last, "flavor"))) {
			if (!strcasecmp(last, "name"))
				mname = json_string_value(v), msrc = s;
			else
				mflavor = json_string_value(v);
		}
		/* datasets: {coco_caption: {vis_processor: ...}, vg_caption: ...} (LAVIS, MiniGPT-4): a mapping
		 * keyed by the datasets' names; the names inside (processors) are none */
		if (!strncmp(key, "datasets.", 9) && strchr(key + 9, '.') && !isdigit((unsigned char)key[9])) {
			char *name = xstrndup(key + 9, (size_t)(strchr(key + 9, '.') - (key + 9)));
			static const char *const splits[] = {"train", "val", "valid", "validation", "test", "eval", "path",
							     "name", "source", NULL};
			bool split = false;
			for (int i = 0; splits[i] && !split; i++)
				split = !strcasecmp(name, splits[i]);
			if (!split && !covered(c->datasets, name))
				mg_add_unique(c->datasets, name, c->sources, "datasets", s ? s : "?");
			free(name);
			if (!split)
				continue;
		}
		/* datasets */
		bool data_key = false;
		for (int i = 0; data_keys[i] && !data_key; i++)
			data_key = !strcasecmp(last, data_keys[i]);
		if (!data_key && d4rl && !plen && json_is_string(v) &&
		    (!strcmp(last, "env") || !strcmp(last, "env_name") || !strcmp(last, "env_id")))
			data_key = true;
		if (!data_key && plen && data_section(key, plen, last, v))
			data_key = true;
		/* an option the command gives a path whose help speaks of the data set (torchrec's
		 * --in_memory_binary_criteo_path: "Directory path containing the Criteo dataset npy files") */
		if (!data_key && !plen && cmd && json_is_string(v) && strchr(json_string_value(v), '/') && help_says_data(c, key))
			data_key = true;
		/* NeMo's model.train_ds.manifest_filepath: the validation and test sets' manifests are not trained on */
		if (data_key && !strcmp(last, "manifest_filepath") && (strstr(key, "validation_ds") || strstr(key, "test_ds")))
			data_key = false;
		/* OpenNMT's data: {corpus_1: {path_src: ...}, valid: {...}}: the training corpora's sources */
		if (!data_key && plen && !strcmp(last, "path_src") && !strncmp(key, "data.", 5) &&
		    !strcasestr(key, "valid") && !strcasestr(key, "test"))
			data_key = true;
		/* dataset_mixer: {HuggingFaceH4/ultrachat_200k: 1.0} (alignment-handbook): names as keys */
		if (!data_key && plen >= 13 && !strncmp(key + plen - 13, "dataset_mixer", 13) && json_is_number(v)) {
			if (!covered(c->datasets, last))
				mg_add_unique(c->datasets, last, c->sources, "datasets", s ? s : "?");
			continue;
		}
		if (!data_key || !strncmp(key, "gin.", 4)) /* --gin.NAME=v: NAME is bound too, unquoted */
			continue;
		if (json_is_string(v) && data_list(c, json_string_value(v), last, s))
			continue;
		if (json_is_array(v)) {
			size_t k;
			json_t *e;
			json_array_foreach(v, k, e)
			{
				const char *d = json_string_value(e);
				char *num_end = NULL;
				if (d && *d)
					strtod(d, &num_end);
				if (num_end && !*num_end) /* a weight of a blend (Megatron's data_prefix: [1.0, path]) */
					continue;
				if (d && *d && !covered(c->datasets, d) && !strstr(d, "${") && strcmp(d, "???"))
					add_dataset_value(c, d, s);
			}
		} else if (json_is_string(v) && plus_joined(c, key, json_string_value(v), s)) {
			continue;
		} else if (json_is_string(v)) {
			const char *d = json_string_value(v);
			if (*d && !covered(c->datasets, d) && !strstr(d, "${") && strcmp(d, "???") && strcmp(d, "None") &&
			    !format_word(c, key, d))
				add_dataset_value(c, d, s);
		}
	}
	/* MMEngine's generic classifier (model = dict(type='ImageClassifier', backbone=dict(type='ResNet',
	 * depth=50))) and MMAction2's recognizers (type='Recognizer2D', a TSN/TSM head over the backbone):
	 * the backbone names the network: ResNet-50, ConvNeXt-tiny */
	const char *mt = mg_hp_str(c, "model.type"), *bt = mg_hp_str(c, "model.backbone.type");
	if (mt && bt && *bt && (mg_ends_with(mt, "Classifier") || !strncmp(mt, "Recognizer", 10))) {
		json_t *depth = json_object_get(c->hp, "model.backbone.depth");
		const char *arch = mg_hp_str(c, "model.backbone.arch");
		struct strbuf m = STRBUF_INIT;
		if (json_is_integer(depth))
			strbuf_addf(&m, "%s-%lld", bt, (long long)json_integer_value(depth));
		else if (arch && *arch)
			strbuf_addf(&m, "%s-%s", bt, arch);
		if (m.len) {
			const char *s = mg_hp_src(c, json_is_integer(depth) ? "model.backbone.depth" : "model.backbone.arch");
			mg_evid(&c->model, m.buf, 58, s ? s : "?");
		}
		strbuf_release(&m);
	}
	/* TensorFlow Model Garden: task.model.backbone = {type: resnet, resnet: {model_id: 50}}: resnet-50 */
	json_object_foreach(c->hp, key, v)
	{
		if (!json_is_string(v) || !mg_ends_with(key, "backbone.type") || !strcmp(key, "model.backbone.type"))
			continue;
		struct strbuf k = STRBUF_INIT, m = STRBUF_INIT;
		strbuf_addf(&k, "%.*s.%s.model_id", (int)(strlen(key) - 5), key, json_string_value(v));
		json_t *id = json_object_get(c->hp, k.buf);
		if (json_is_integer(id)) {
			strbuf_addf(&m, "%s-%lld", json_string_value(v), (long long)json_integer_value(id));
			const char *s = mg_hp_src(c, k.buf);
			mg_evid(&c->model, m.buf, 58, s ? s : "?");
		}
		strbuf_release(&k);
		strbuf_release(&m);
	}
	model_from_config_names(c);
	/* MosaicBERT's model: {name: mosaic_bert, pretrained_model_name: bert-base-uncased}: the name is the builder's
	 * (build_model's registry), the pretrained name the model it builds */
	const char *pre = mg_hp_str(c, "model.pretrained_model_name");
	if (!pre)
		pre = mg_hp_str(c, "model.pretrained_model_name_or_path");
	if (mname && pre && *pre && !strstr(pre, "${"))
		mname = NULL;
	if (mname) {
		struct strbuf m = STRBUF_INIT;
		strbuf_addf(&m, "%s%s%s", mname, mflavor ? "-" : "", mflavor ? mflavor : "");
		mg_evid(&c->model, m.buf, 59, msrc ? msrc : "?");
		strbuf_release(&m);
	}
	static const char *const out_keys[] = {"output_dir", "checkpoint_dir", "ckpt_dir", "save_dir", "out_dir", "outdir",
					       "default_root_dir", "checkpoint_path", NULL};
	for (int i = 0; out_keys[i]; i++) {
		const char *v = mg_hp_str(c, out_keys[i]);
		const char *s = mg_hp_src(c, out_keys[i]);
		if (v && *v && !covered(c->outputs, v))
			mg_add_unique(c->outputs, v, c->sources, "outputs", s ? s : "?");
	}
}
