/* merge_builders.c - the settings that come from code rather than from a call's own keywords: the model
 * shape of the job's settings, Transformers' TrainingArguments defaults, LightningCLI's trainer_defaults,
 * config-building functions (a builder's dict, a dataclass's fields, a class's named constructor) and
 * add_dict_to_argparser's defaults. Moved out of merge_calls.c (which calls them while it reads the calls). */
#include "mctx.h"

#include "cmdline.h"
#include "configs.h"

#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* the spellings of a model's shape keys -> model_config's names */
static const char *const model_cfg_keys[][2] = {
	{"hidden_size", "hidden_size"}, {"n_embd", "hidden_size"}, {"d_model", "hidden_size"},
	{"num_hidden_layers", "num_layers"}, {"n_layer", "num_layers"}, {"num_layers", "num_layers"},
	{"num_attention_heads", "num_heads"}, {"n_head", "num_heads"}, {"num_heads", "num_heads"},
	{"num_key_value_heads", "num_kv_heads"}, {"vocab_size", "vocab_size"},
	{"max_position_embeddings", "max_seq"}, {"n_positions", "max_seq"}, {"block_size", "max_seq"},
	{"intermediate_size", "intermediate_size"}, {"n_inner", "intermediate_size"}, {"d_ff", "intermediate_size"},
	{"model_type", "model_type"}, {"hidden_act", "hidden_act"}, {"tie_word_embeddings", "tie_word_embeddings"},
	{"seq_length", "max_seq"}, {"ffn_hidden_size", "intermediate_size"}, {"padded_vocab_size", "vocab_size"},
	{"num_query_groups", "num_kv_heads"}, {"n_kv_heads", "num_kv_heads"}, {"dim", "hidden_size"},
	{"n_layers", "num_layers"}, {"n_heads", "num_heads"}, {"max_seq_len", "max_seq"},
	{"max_sequence_length", "max_seq"}, {"embedding_size", "vocab_size"},
	/* mesh-transformer-jax's JSON: layers (beside a width: a list of layers elsewhere), n_vocab */
	{"layers", "num_layers"}, {"n_vocab", "vocab_size"},
	/* OPT's ffn_dim, Falcon's num_kv_heads */
	{"ffn_dim", "intermediate_size"}, {"num_kv_heads", "num_kv_heads"},
	/* T5-style shapes: a head's width (T5's d_kv, Gemma's head_dim, Megatron's --kv-channels), the
	 * decoder's depth when it is not the encoder's, the MLP's kind ("gated-gelu"), an encoder-decoder */
	{"d_kv", "head_dim"}, {"head_dim", "head_dim"}, {"kv_channels", "head_dim"},
	{"num_decoder_layers", "num_decoder_layers"}, {"decoder_layers", "num_decoder_layers"},
	{"feed_forward_proj", "feed_forward_proj"}, {"is_encoder_decoder", "is_encoder_decoder"},
	/* a mixture of experts (Mixtral, Qwen-MoE, DeepSeek-MoE, Switch; Megatron's --num-experts,
	 * --moe-router-topk) */
	{"num_local_experts", "num_local_experts"}, {"num_experts", "num_experts"}, {"n_routed_experts", "n_routed_experts"},
	{"num_experts_per_tok", "num_experts_per_tok"}, {"moe_router_topk", "num_experts_per_tok"},
	{"moe_intermediate_size", "moe_intermediate_size"}, {"n_shared_experts", "n_shared_experts"},
	{"shared_expert_intermediate_size", "shared_expert_intermediate_size"},
	{"first_k_dense_replace", "first_k_dense_replace"}, {NULL, NULL}};

/* The shape the job's own settings give (nanoGPT's n_layer after its config and command line,
 * Megatron's --num-layers/--hidden-size, GPT-NeoX's YAML): these replace a class's defaults. */
void mg_shape_from_hp(struct ctx *c)
{
	const char *hkey;
	json_t *v;
	double ratio = 0, mlp_width = 0;
	json_object_foreach(c->hp, hkey, v)
	{
		/* top-level keys, and those of a model section (llm-foundry's model.d_model) */
		const char *key = hkey;
		if (!strncmp(key, "model.", 6)) {
			/* the model section (model.d_model, nanotron's model.model_config.hidden_size) beats a
			 * top-level key of the same name unless that one is stronger */
			key = strrchr(key, '.') + 1;
			if (json_object_get(c->hp, key) &&
			    json_integer_value(json_object_get(c->hp_prio, key)) > json_integer_value(json_object_get(c->hp_prio, hkey)))
				continue;
		} else if (strchr(key, '.')) {
			continue;
		} else {
			struct strbuf mk = STRBUF_INIT;
			strbuf_addf(&mk, "model.%s", key);
			bool weaker = json_object_get(c->hp, mk.buf) &&
				      json_integer_value(json_object_get(c->hp_prio, mk.buf)) >= json_integer_value(json_object_get(c->hp_prio, key));
			strbuf_release(&mk);
			if (weaker)
				continue;
		}
		if (!mg_literal(v) || json_is_null(v) || json_is_array(v))
			continue;
		const char *src = mg_hp_src(c, hkey);
		if ((!strcmp(key, "no_weight_tying") || !strcmp(key, "untie_embeddings_and_output_weights")) &&
		    json_is_true(v)) {
			json_object_set_new(c->model_config, "tie_word_embeddings", json_false());
			continue;
		}
		if (!strcmp(key, "swiglu") && json_is_true(v)) {
			json_object_set_new(c->model_config, "hidden_act", json_string("swiglu"));
			continue;
		}
		if ((!strcmp(key, "activation_type") || !strcmp(key, "activation")) && json_is_string(v)) {
			json_object_set(c->model_config, "hidden_act", v); /* OLMo's activation_type: swiglu */
			continue;
		}
		if (!strcmp(key, "weight_tying") && json_is_false(v)) {
			json_object_set_new(c->model_config, "tie_word_embeddings", json_false());
			continue;
		}
		if ((!strcmp(key, "mlp_ratio") || !strcmp(key, "expansion_ratio")) && json_is_number(v)) {
			ratio = json_number_value(v);
			continue;
		}
		if (!strcmp(key, "mlp_hidden_size") && json_is_integer(v) && json_integer_value(v) > 0) {
			mlp_width = (double)json_integer_value(v); /* OLMo: the MLP's input projection width */
			continue;
		}
		for (int i = 0; model_cfg_keys[i][0]; i++) {
			bool typed = json_is_integer(v) || (!strcmp(key, "hidden_act") && json_is_string(v)) ||
				     (!strcmp(key, "tie_word_embeddings") && json_is_boolean(v));
			/* dim is the model's width only beside Meta's other shape names (llama's and llama2.c's
			 * ModelArgs: dim, n_layers, n_heads); alone it is any dimension */
			bool meta_dim = !strcmp(key, "dim") && json_is_integer(json_object_get(c->hp, "n_layers")) &&
					json_is_integer(json_object_get(c->hp, "n_heads"));
			/* layers is the depth only beside a width named as such (d_model, hidden_size, n_embd) */
			bool width = json_is_integer(json_object_get(c->hp, "d_model")) ||
				     json_is_integer(json_object_get(c->hp, "hidden_size")) ||
				     json_is_integer(json_object_get(c->hp, "n_embd"));
			if (strcmp(key, model_cfg_keys[i][0]) || (!strcmp(key, "dim") && !meta_dim) ||
			    (!strcmp(key, "layers") && !width) ||
			    !strcmp(key, "model_type") || !typed)
				continue;
			json_object_set(c->model_config, model_cfg_keys[i][1], v);
			struct strbuf k = STRBUF_INIT;
			strbuf_addf(&k, "model_config.%s", model_cfg_keys[i][1]);
			json_object_set_new(c->sources, k.buf, json_string(src ? src : "?"));
			strbuf_release(&k);
		}
	}
	/* the MLP width as a multiple of the hidden size (OLMo mlp_ratio, MPT expansion_ratio) or given
	 * (OLMo mlp_hidden_size, which wins); a gated (SwiGLU) MLP splits the projection in two halves */
	json_t *h = json_object_get(c->model_config, "hidden_size");
	const char *act = json_string_value(json_object_get(c->model_config, "hidden_act"));
	if ((ratio > 0 || mlp_width > 0) && json_is_integer(h) && !json_object_get(c->model_config, "intermediate_size")) {
		double inter = mlp_width > 0 ? mlp_width : ratio * (double)json_integer_value(h);
		if (act && (!strcmp(act, "swiglu") || !strcmp(act, "silu")))
			inter /= 2;
		/* a ratio of 8/3 with no activation named (InternEvo's mlp_ratio=8/3): the width of one half of a
		 * gated MLP, chosen so that its three matrices hold what a 4x MLP's two do (LLaMA's convention) */
		if (!act && !(mlp_width > 0) && fabs(ratio - 8.0 / 3.0) < 0.01)
			json_object_set_new(c->model_config, "hidden_act", json_string("silu"));
		json_object_set_new(c->model_config, "intermediate_size", json_integer((json_int_t)inter));
	}
}

const char *mg_shape_key(const char *key)
{
	for (int i = 0; model_cfg_keys[i][0]; i++)
		if (!strcmp(key, model_cfg_keys[i][0]))
			return model_cfg_keys[i][1];
	return NULL;
}

void mg_model_cfg_set(struct ctx *c, const char *key, json_t *v, const char *src)
{
	if (!strcmp(key, "layers") && !json_is_integer(v))
		return; /* a list of layers (YOLO's backbone:), not the depth */
	for (int i = 0; model_cfg_keys[i][0]; i++)
		if (!strcmp(key, model_cfg_keys[i][0]) && mg_literal(v) && !json_is_null(v) &&
		    !json_object_get(c->model_config, model_cfg_keys[i][1])) {
			json_object_set(c->model_config, model_cfg_keys[i][1], v);
			struct strbuf k = STRBUF_INIT;
			strbuf_addf(&k, "model_config.%s", model_cfg_keys[i][1]);
			json_object_set_new(c->sources, k.buf, json_string(src));
			strbuf_release(&k);
		}
}

/* The defaults of transformers.TrainingArguments, reported as library defaults when nothing else
 * sets them (https://huggingface.co/docs/transformers/main_classes/trainer#transformers.TrainingArguments). */
void mg_hf_defaults(struct ctx *c)
{
	static const char *const src = "transformers TrainingArguments default";
	json_t *d = json_pack("{s:f,s:f,s:i,s:i,s:i,s:f,s:i,s:i,s:s,s:i,s:b,s:b}", "learning_rate", 5e-5, "num_train_epochs",
			      3.0, "per_device_train_batch_size", 8, "per_device_eval_batch_size", 8,
			      "gradient_accumulation_steps", 1, "weight_decay", 0.0, "warmup_steps", 0, "max_steps", -1,
			      "lr_scheduler_type", "linear", "seed", 42, "bf16", 0, "fp16", 0);
	const char *k;
	json_t *v;
	json_object_foreach(d, k, v) if (!json_object_get(c->hp, k)) mg_hp_set(c, k, v, HP_LIBRARY, src);
	json_decref(d);
}

/* LightningCLI(..., trainer_defaults={"precision": "bf16-mixed", "strategy": "fsdp"}) */
void mg_trainer_defaults(struct ctx *c, json_t *v, const char *src)
{
	const char *e = json_string_value(json_object_get(v, "expr"));
	if (!e)
		return;
	for (const char *p = e; (p = strpbrk(p, "\"'"));) {
		char q = *p;
		const char *ke = strchr(p + 1, q);
		if (!ke)
			break;
		char *key = xstrndup(p + 1, (size_t)(ke - p - 1));
		const char *colon = ke + 1;
		while (*colon == ' ')
			colon++;
		p = ke + 1;
		if (*colon != ':') {
			free(key);
			continue;
		}
		const char *vs = colon + 1;
		while (*vs == ' ')
			vs++;
		const char *ve = vs;
		char *val;
		if (*vs == '"' || *vs == '\'') {
			ve = strchr(vs + 1, *vs);
			if (!ve) {
				free(key);
				break;
			}
			val = xstrndup(vs + 1, (size_t)(ve - vs - 1));
			ve++;
		} else {
			while (*ve && *ve != ',' && *ve != '}')
				ve++;
			val = xstrndup(vs, (size_t)(ve - vs));
			while (*val && val[strlen(val) - 1] == ' ')
				val[strlen(val) - 1] = '\0';
		}
		struct strbuf name = STRBUF_INIT;
		strbuf_addf(&name, "trainer.%s", key);
		json_t *tv = typed_arg(val);
		mg_hp_set(c, name.buf, tv, HP_DEFAULT + 2, src);
		json_decref(tv);
		strbuf_release(&name);
		p = ve;
		free(key);
		free(val);
	}
}

/* The entry calls a config-building function of its scope (trlx's default_ppo_config(), which returns
 * TRLConfig(train=TrainConfig(total_steps=10000, ...), model=ModelConfig(model_path=...))): its
 * settings, as the file and line that set them. False when no module in scope defines it. */
/* A config class's named constructor that names a model size (TransformerConfig.olmo2_1B,
 * llama3_8B, gpt_125m): a digit, then the size's letter at the end. */
static bool sized_constructor(const char *s)
{
	size_t n = strlen(s);
	if (n < 3 || !strchr("bBmM", s[n - 1]) || !isdigit((unsigned char)s[n - 2]))
		return false;
	for (size_t i = 0; i + 2 < n; i++)
		if (isalpha((unsigned char)s[i]))
			return true;
	return false;
}

static bool builder_settings_under(struct ctx *c, const char *name, const char *prefix)
{
	for (size_t k = 0; k < c->n; k++) {
		json_t *b = c->in_scope[k] ? json_object_get(json_object_get(mg_py(c, k), "builders"), name) : NULL;
		if (!b)
			continue;
		size_t i;
		json_t *a;
		json_array_foreach(b, i, a)
		{
			const char *key = json_string_value(json_object_get(a, "name"));
			json_int_t line = json_integer_value(json_object_get(a, "line"));
			if (key && !strcmp(key, "_constructor")) {
				const char *ctor = json_string_value(json_object_get(a, "value"));
				if (ctor && sized_constructor(ctor)) {
					char *at = mg_src_str(c->files[k].rel, line);
					mg_evid(&c->model, ctor, 55, at);
					free(at);
				}
				continue;
			}
			if (!key)
				continue;
			struct strbuf full = STRBUF_INIT;
			if (prefix && *prefix)
				strbuf_addf(&full, "%s.", prefix);
			strbuf_adds(&full, key);
			mg_hp_set_at(c, full.buf, json_object_get(a, "value"), HP_CONFIG, c->files[k].rel, line);
			strbuf_release(&full);
		}
		return true;
	}
	return false;
}

bool mg_builder_settings(struct ctx *c, const char *name)
{
	return builder_settings_under(c, name, NULL);
}

/* Builders the entry passes by name to a launch helper (OLMo-core's main(model_config_builder=
 * build_model_config, train_module_config_builder=build_train_module_config, ...)): each one's settings
 * under the keyword's stem (train_module.optim.lr), as the helper's config holds them. */
void mg_builders_by_keyword(struct ctx *c, json_t *kw)
{
	const char *kn;
	json_t *kv;
	json_object_foreach(kw, kn, kv)
	{
		const char *ref = json_string_value(json_object_get(kv, "ref"));
		size_t n = strlen(kn);
		if (!ref || strchr(ref, '.') || n <= 8 || strcmp(kn + n - 8, "_builder"))
			continue;
		n -= 8;
		if (n > 7 && !strncmp(kn + n - 7, "_config", 7))
			n -= 7;
		char *prefix = xstrndup(kn, n);
		builder_settings_under(c, ref, prefix);
		free(prefix);
	}
}

/* Sets the settings of builder name (a function returning dict(...)) of any file of the scope as
 * option defaults. */
static void builder_defaults(struct ctx *c, const char *name, int depth)
{
	for (size_t k = 0; k < c->n && depth < 4; k++) {
		json_t *b = c->in_scope[k] ? json_object_get(json_object_get(mg_py(c, k), "builders"), name) : NULL;
		size_t i;
		json_t *a;
		json_array_foreach(b, i, a)
		{
			const char *key = json_string_value(json_object_get(a, "name"));
			if (key && json_is_string(json_object_get(a, "name")))
				mg_hp_set_at(c, key, json_object_get(a, "value"), HP_DEFAULT, c->files[k].rel,
					     json_integer_value(json_object_get(a, "line")));
		}
		if (b)
			break;
	}
	/* the builders it joins (res = other(); res.update(more()); return res) */
	struct strbuf plus = STRBUF_INIT;
	strbuf_addf(&plus, "%s+", name);
	for (size_t k = 0; k < c->n && depth < 4; k++) {
		json_t *l = c->in_scope[k] ? json_object_get(json_object_get(mg_py(c, k), "builders"), plus.buf) : NULL;
		size_t i;
		json_t *a;
		json_array_foreach(l, i, a)
		if (json_is_string(a) && strcmp(json_string_value(a), name))
			builder_defaults(c, json_string_value(a), depth + 1);
		if (l)
			break;
	}
	strbuf_release(&plus);
}

/* add_dict_to_argparser(parser, defaults) (improved/guided-diffusion): every key of the dict the
 * file builds as `defaults = dict(...)` (and joins with defaults.update(other_defaults())) is an
 * option with that default. */
void mg_dict_to_argparser(struct ctx *c, int file, const char *var)
{
	json_t *bs = json_object_get(mg_py(c, file), "builders");
	size_t vl = strlen(var);
	const char *key;
	json_t *b;
	json_object_foreach(bs, key, b)
	{
		size_t kl = strlen(key);
		if (kl > vl + 1 && key[kl - vl - 1] == '.' && !strcmp(key + kl - vl, var)) {
			size_t i;
			json_t *a;
			json_array_foreach(b, i, a)
			{
				const char *n = json_string_value(json_object_get(a, "name"));
				if (n)
					mg_hp_set_at(c, n, json_object_get(a, "value"), HP_DEFAULT, c->files[file].rel,
						     json_integer_value(json_object_get(a, "line")));
			}
		} else if (kl > vl + 2 && key[kl - 1] == '+' && key[kl - vl - 2] == '.' && !strncmp(key + kl - vl - 1, var, vl)) {
			size_t i;
			json_t *a;
			json_array_foreach(b, i, a)
			if (json_is_string(a))
				builder_defaults(c, json_string_value(a), 0);
		}
	}
}

/* The fields of the @dataclass name of any file of the scope, set as option defaults (fire keywords
 * are written over them); false when no such class. */
bool mg_dataclass_defaults(struct ctx *c, const char *name)
{
	bool found = false;
	for (size_t k = 0; k < c->n; k++) {
		if (!c->in_scope[k] || c->files[k].kind != FK_PYTHON)
			continue;
		size_t i;
		json_t *f;
		json_array_foreach(json_object_get(mg_py(c, k), "fields"), i, f)
		{
			if (strcmp(json_string_value(json_object_get(f, "cls")) ?: "", name))
				continue;
			found = true;
			mg_hp_set_at(c, json_string_value(json_object_get(f, "name")), json_object_get(f, "default"), HP_DEFAULT,
				     c->files[k].rel, json_integer_value(json_object_get(f, "line")));
		}
		if (found)
			return true;
	}
	return false;
}

/* gin's configurables (pyscan_gin.c): once the job's .gin files and --gin_bindings are read, a configurable that
 * they bind (a setting NAME.x, or MODULE.NAME.x) takes its other keyword defaults as NAME.param, as gin runs it
 * (Dopamine's JaxDQNAgent.epsilon_eval, bound nowhere: its __init__'s 0.001). A configurable nothing binds
 * decides nothing. */
void mg_gin_defaults(struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		if (!c->in_scope[i] || c->files[i].kind != FK_PYTHON)
			continue;
		const char *name;
		json_t *sig;
		json_object_foreach(json_object_get(mg_py(c, (int)i), "gin_sigs"), name, sig)
		{
			/* the prefix its bindings use: "NAME." or "MODULE.NAME." */
			size_t nl = strlen(name);
			struct strbuf pre = STRBUF_INIT;
			const char *key;
			json_t *v;
			json_object_foreach(c->hp, key, v)
			{
				const char *p = strstr(key, name);
				while (p && !((p == key || p[-1] == '.') && p[nl] == '.'))
					p = strstr(p + 1, name);
				if (p && !strchr(p + nl + 1, '.')) {
					strbuf_add(&pre, key, (size_t)(p - key) + nl + 1);
					break;
				}
			}
			if (!pre.len) {
				strbuf_release(&pre);
				continue;
			}
			size_t k;
			json_t *d;
			json_array_foreach(sig, k, d)
			{
				struct strbuf full = STRBUF_INIT;
				strbuf_addf(&full, "%s%s", pre.buf, json_string_value(json_object_get(d, "name")));
				mg_hp_set_at(c, full.buf, json_object_get(d, "value"), HP_DEFAULT, c->files[i].rel,
					     json_integer_value(json_object_get(d, "line")));
				strbuf_release(&full);
			}
			strbuf_release(&pre);
		}
	}
}
