/* merge_speech.c - the shape of a speech recognizer's transformer as its toolkit's config gives it,
 * turned into model_config keys that advise's parameter count reads (advise/job.c):
 *  - ESPnet2 (encoder: conformer|transformer, encoder_conf: output_size, attention_heads, linear_units,
 *    num_blocks, input_layer, cnn_module_kernel; decoder: transformer, decoder_conf: linear_units,
 *    num_blocks; a CTC layer unless model_conf.ctc_weight is 0; the token list's size from the
 *    recipe's `bpe_<mode><nbpe>` folder, ESPnet's own layout);
 *  - NeMo's ConformerEncoder (model.encoder: d_model, n_layers, n_heads, ff_expansion_factor,
 *    conv_kernel_size, striding subsampling over model.preprocessor.features; a CTC decoder of the
 *    tokenizer's vocabulary, from NeMo's `tokenizer_spe_<type>_v<N>` folder when the name gives it).
 * Learned from: espnet/espnet (espnet2/asr/encoder/conformer_encoder.py, transformer_encoder.py,
 * decoder/transformer_decoder.py, ctc.py, egs2/TEMPLATE/asr1/asr.sh), NVIDIA/NeMo
 * (nemo/collections/asr/modules/conformer_encoder.py, parts/submodules/conformer_modules.py,
 * scripts/tokenizers/process_asr_text_tokenizer.py). */
#include "../util/strbuf.h"
#include "mctx.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* An integer setting of the job (> 0), or 0. */
static json_int_t hp_int(const struct ctx *c, const char *key)
{
	json_t *v = json_object_get(c->hp, key);
	return json_is_integer(v) && json_integer_value(v) > 0 ? json_integer_value(v) : 0;
}

/* model_config.mk = v, sourced to the setting `from`, or (from NULL) to the toolkit's default `dflt`
 * ("espnet ConformerEncoder default"). */
static void set_int(struct ctx *c, const char *mk, json_int_t v, const char *from, const char *dflt)
{
	if (v <= 0)
		return;
	json_object_set_new(c->model_config, mk, json_integer(v));
	const char *src = from ? mg_hp_src(c, from) : NULL;
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "model_config.%s", mk);
	json_object_set_new(c->sources, k.buf, json_string(src ? src : from ? "?" : dflt));
	strbuf_release(&k);
}

/* The number after `marker` in a path's folder name ("data/en_token_list/bpe_unigram5000/tokens.txt"
 * with "bpe_unigram" or "bpe_bpe", "tokenizer_spe_unigram_v128" with "_v"), or 0. */
static json_int_t vocab_in_path(const char *path, const char *const *markers)
{
	for (int i = 0; path && markers[i]; i++)
		for (const char *p = path; (p = strstr(p, markers[i])); p++) {
			const char *d = p + strlen(markers[i]);
			char *e = NULL;
			long v = isdigit((unsigned char)*d) ? strtol(d, &e, 10) : 0;
			if (v > 0 && (*e == '/' || *e == '\0'))
				return v;
		}
	return 0;
}

#define ESPNET_DEFAULT "espnet ASRTask default"

static void espnet(struct ctx *c)
{
	const char *enc = mg_hp_str(c, "encoder");
	json_int_t h = hp_int(c, "encoder_conf.output_size"), L = hp_int(c, "encoder_conf.num_blocks");
	if (!enc || !h || !L)
		return;
	if (strcmp(enc, "conformer") && strcmp(enc, "transformer")) {
		struct strbuf why = STRBUF_INIT;
		strbuf_addf(&why, "an ESPnet '%s' encoder: maple counts the blocks of conformer and transformer encoders only",
			    enc);
		mg_unknown(c, "params", why.buf);
		strbuf_release(&why);
		return;
	}
	/* ESPnet's defaults for what the YAML leaves out: 4 heads, 2048 units, conv2d input, kernel 31 */
	json_int_t heads = hp_int(c, "encoder_conf.attention_heads"), units = hp_int(c, "encoder_conf.linear_units");
	set_int(c, "hidden_size", h, "encoder_conf.output_size", ESPNET_DEFAULT);
	set_int(c, "num_layers", L, "encoder_conf.num_blocks", ESPNET_DEFAULT);
	set_int(c, "num_heads", heads ? heads : 4, heads ? "encoder_conf.attention_heads" : NULL, ESPNET_DEFAULT);
	set_int(c, "intermediate_size", units ? units : 2048, units ? "encoder_conf.linear_units" : NULL, ESPNET_DEFAULT);
	const char *in = mg_hp_str(c, "encoder_conf.input_layer");
	if (!in || !strcmp(in, "conv2d"))
		set_int(c, "subsampling_features", 80, NULL, ESPNET_DEFAULT); /* 80 log-mel features, ESPnet's fbank default */
	if (!strcmp(enc, "conformer")) {
		json_t *cnn = json_object_get(c->hp, "encoder_conf.use_cnn_module");
		json_int_t k = hp_int(c, "encoder_conf.cnn_module_kernel");
		if (!json_is_false(cnn))
			set_int(c, "conv_kernel_size", k ? k : 31, k ? "encoder_conf.cnn_module_kernel" : NULL, ESPNET_DEFAULT);
		json_object_set_new(c->model_config, "macaron", json_boolean(!json_is_false(
									   json_object_get(c->hp, "encoder_conf.macaron_style"))));
	}
	const char *dec = mg_hp_str(c, "decoder");
	json_int_t dl = hp_int(c, "decoder_conf.num_blocks");
	if (dec && !strcmp(dec, "transformer")) {
		json_int_t du = hp_int(c, "decoder_conf.linear_units");
		set_int(c, "num_decoder_layers", dl ? dl : 6, dl ? "decoder_conf.num_blocks" : NULL, ESPNET_DEFAULT);
		set_int(c, "decoder_intermediate_size", du ? du : 2048, du ? "decoder_conf.linear_units" : NULL, ESPNET_DEFAULT);
		json_object_set_new(c->model_config, "is_encoder_decoder", json_true());
		json_object_set_new(c->model_config, "tie_word_embeddings", json_false());
	}
	json_t *cw = json_object_get(c->hp, "model_conf.ctc_weight");
	if (!json_is_number(cw) || json_number_value(cw) > 0)
		json_object_set_new(c->model_config, "ctc_head", json_true());
	static const char *const marks[] = {"/bpe_unigram", "/bpe_bpe", "/bpe_", NULL};
	const char *tl = mg_hp_str(c, "token_list");
	json_int_t v = vocab_in_path(tl, marks);
	if (v)
		set_int(c, "vocab_size", v, "token_list", ESPNET_DEFAULT);
}

#define NEMO_DEFAULT "nemo ConformerEncoder default"

static void nemo(struct ctx *c)
{
	const char *t = mg_hp_str(c, "model.encoder._target_");
	if (!t || !mg_ends_with(t, "ConformerEncoder"))
		return;
	json_int_t h = hp_int(c, "model.encoder.d_model"), L = hp_int(c, "model.encoder.n_layers");
	if (!h || !L)
		return;
	json_int_t heads = hp_int(c, "model.encoder.n_heads"), ffx = hp_int(c, "model.encoder.ff_expansion_factor");
	json_int_t k = hp_int(c, "model.encoder.conv_kernel_size"), feats = hp_int(c, "model.encoder.feat_in");
	if (!feats)
		feats = hp_int(c, "model.preprocessor.features");
	set_int(c, "hidden_size", h, "model.encoder.d_model", NEMO_DEFAULT);
	set_int(c, "num_layers", L, "model.encoder.n_layers", NEMO_DEFAULT);
	set_int(c, "num_heads", heads ? heads : 4, heads ? "model.encoder.n_heads" : NULL, NEMO_DEFAULT);
	set_int(c, "intermediate_size", h * (ffx ? ffx : 4), ffx ? "model.encoder.ff_expansion_factor" : NULL, NEMO_DEFAULT);
	set_int(c, "conv_kernel_size", k ? k : 31, k ? "model.encoder.conv_kernel_size" : NULL, NEMO_DEFAULT);
	json_object_set_new(c->model_config, "macaron", json_true());
	/* striding subsampling pads its convolutions: the linear sees features / 4 columns (ESPnet's
	 * unpadded conv2d sees 19 of 80) */
	set_int(c, "subsampling_features", feats ? feats : 80, feats ? "model.preprocessor.features" : NULL, NEMO_DEFAULT);
	json_object_set_new(c->model_config, "subsampling_padded", json_true());
	json_object_del(c->model_config, "vocab_size");
	json_object_del(c->model_config, "max_seq");
	static const char *const marks[] = {"_v", NULL};
	json_int_t v = vocab_in_path(mg_hp_str(c, "model.tokenizer.dir"), marks);
	if (v)
		set_int(c, "vocab_size", v + 1, "model.tokenizer.dir", NEMO_DEFAULT); /* the CTC blank */
	json_object_set_new(c->model_config, "ctc_head", json_true());
	json_object_set_new(c->model_config, "no_embedding", json_true()); /* audio in, no token embedding */
}

void mg_speech_shape(struct ctx *c)
{
	espnet(c);
	nemo(c);
}
