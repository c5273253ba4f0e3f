/* merge_arch.c - an architecture preset chosen by name on the command line (fairseq's --arch
 * transformer_lm_gpt2_small): the function a registry decorator names (@register_model_architecture(
 * "transformer_lm", "transformer_lm_gpt2_small")) fills every size the job did not give
 * (args.decoder_layers = safe_getattr(args, "decoder_layers", 24)), then the presets it calls fill the
 * rest; the sizes become the model's shape. The presets are read from the tree (pyscan's "archs"), so a
 * project's own architectures (--user-dir) count as fairseq's do. Learned from facebookresearch/fairseq
 * (fairseq/models/__init__.py register_model_architecture, models/transformer_lm.py,
 * models/transformer/transformer_legacy.py). */
#include "../util/strbuf.h"
#include "mctx.h"

#include <string.h>

/* The preset function named arch in any Python file of the tree: its file, or -1. */
static int find_arch(const struct ctx *c, const char *arch, const char **fn)
{
	for (size_t i = 0; i < c->n; i++) {
		if (c->files[i].kind != FK_PYTHON)
			continue;
		const char *name;
		json_t *a;
		json_object_foreach(json_object_get(mg_py(c, (int)i), "archs"), name, a)
		{
			const char *an = json_string_value(json_object_get(a, "arch"));
			if (an && !strcmp(an, arch)) {
				*fn = name;
				return (int)i;
			}
		}
	}
	return -1;
}

/* The sets of preset fn in file i, then those of the presets it calls (same file), first one wins. */
static void apply_preset(struct ctx *c, int i, const char *fn, int depth)
{
	json_t *a = json_object_get(json_object_get(mg_py(c, i), "archs"), fn);
	if (!a || depth > 8)
		return;
	size_t k;
	json_t *s;
	json_array_foreach(json_object_get(a, "sets"), k, s)
	{
		const char *name = json_string_value(json_object_get(s, "name"));
		if (!name)
			continue;
		/* unset by the job (no value, an argparse default, None) and by the presets before: the
		 * preset's value (getattr(args, name, default) keeps what is there) */
		json_t *old = json_object_get(c->hp_prio, name);
		if (!old || json_integer_value(old) < HP_DEFAULT + 5 || json_is_null(json_object_get(c->hp, name)))
			mg_hp_set_at(c, name, json_object_get(s, "value"), HP_DEFAULT + 5, c->files[i].rel,
				     json_integer_value(json_object_get(s, "line")));
	}
	json_array_foreach(json_object_get(a, "calls"), k, s) apply_preset(c, i, json_string_value(s), depth + 1);
}

static void shape_key(struct ctx *c, const char *from, const char *to)
{
	json_t *v = json_object_get(c->hp, from);
	if (!json_is_integer(v) || json_integer_value(v) <= 0)
		return;
	json_object_set(c->model_config, to, v);
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "model_config.%s", to);
	const char *src = mg_hp_src(c, from);
	json_object_set_new(c->sources, k.buf, json_string(src ? src : "?"));
	strbuf_release(&k);
}

void mg_arch_presets(struct ctx *c)
{
	const char *arch = mg_hp_str(c, "arch");
	const char *fn = NULL;
	int i = arch ? find_arch(c, arch, &fn) : -1;
	if (i < 0)
		return;
	apply_preset(c, i, fn, 0);
	/* fairseq's sizes as the shape: a decoder-only language model (decoder_*), or an encoder-decoder
	 * whose encoder gives the width and depth and whose decoder adds its layers */
	if (json_is_integer(json_object_get(c->hp, "encoder_embed_dim"))) {
		shape_key(c, "encoder_embed_dim", "hidden_size");
		shape_key(c, "encoder_layers", "num_layers");
		shape_key(c, "encoder_attention_heads", "num_heads");
		shape_key(c, "encoder_ffn_embed_dim", "intermediate_size");
		shape_key(c, "decoder_layers", "num_decoder_layers");
		if (json_object_get(c->model_config, "num_layers"))
			json_object_set_new(c->model_config, "is_encoder_decoder", json_true());
	} else if (json_is_integer(json_object_get(c->hp, "decoder_embed_dim"))) {
		shape_key(c, "decoder_embed_dim", "hidden_size");
		shape_key(c, "decoder_layers", "num_layers");
		shape_key(c, "decoder_attention_heads", "num_heads");
		shape_key(c, "decoder_ffn_embed_dim", "intermediate_size");
		json_object_del(c->model_config, "num_decoder_layers");
		json_object_del(c->sources, "model_config.num_decoder_layers");
	}
}
