/* job.c - the advisor's inputs from a model name, a count, or an inspection (job.h). */
#include "job.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

double parse_param_count(const char *s)
{
	char *end;
	/* decimal only: strtod would also take "0x10", "inf", "nan" and leading blanks or signs */
	if (!(isdigit((unsigned char)s[0]) || (s[0] == '.' && isdigit((unsigned char)s[1]))) || strpbrk(s, "xX"))
		return -1;
	double v = strtod(s, &end);
	if (end == s || !isfinite(v) || v <= 0)
		return -1;
	switch (*end) {
	case 'k':
	case 'K':
		v *= 1e3, end++;
		break;
	case 'm':
	case 'M':
		v *= 1e6, end++;
		break;
	case 'b':
	case 'B':
	case 'g':
	case 'G':
		v *= 1e9, end++;
		break;
	case 't':
	case 'T':
		v *= 1e12, end++;
		break;
	}
	return *end ? -1 : v;
}

static bool usable_int(json_t *v)
{
	return json_is_integer(v) && json_integer_value(v) > 0 && json_integer_value(v) < (1 << 24);
}

/* The first of keys the job sets: the key itself, else a section's key of that name
 * (torchtitan's training.seq_len, training.local_batch_size; NeMo 2's data.seq_length). */
static int hp_int(json_t *hp, const char *const *keys, const char **which)
{
	for (int i = 0; keys[i]; i++) {
		json_t *v = json_object_get(hp, keys[i]);
		if (usable_int(v)) {
			*which = keys[i];
			return (int)json_integer_value(v);
		}
	}
	for (int i = 0; keys[i]; i++) {
		const char *key;
		json_t *v;
		size_t n = strlen(keys[i]);
		json_object_foreach(hp, key, v)
		{
			size_t kl = strlen(key);
			if (kl > n + 1 && key[kl - n - 1] == '.' && !strcmp(key + kl - n, keys[i]) && usable_int(v)) {
				*which = key;
				return (int)json_integer_value(v);
			}
		}
	}
	return 0;
}

/* The activation recomputation the job itself configures, or -1: Megatron's
 * --recompute-granularity full|selective and --recompute-activations (selective), NeMo's
 * activations_checkpoint_granularity, torchtitan's activation_checkpoint.mode none|selective|full. */
static int job_recompute(json_t *hp, const char **which)
{
	const char *key;
	json_t *v;
	json_object_foreach(hp, key, v)
	{
		const char *last = strrchr(key, '.');
		last = last ? last + 1 : key;
		const char *sv = json_string_value(v);
		if (sv && (!strcmp(last, "recompute_granularity") || !strcmp(last, "activations_checkpoint_granularity") ||
			   !strcmp(key, "activation_checkpoint.mode"))) {
			int r = recompute_from_name(sv);
			if (r >= 0) {
				*which = key;
				return r;
			}
		} else if (!strcmp(last, "recompute_activations") && json_is_true(v)) {
			*which = key;
			return RC_SELECTIVE;
		}
	}
	return -1;
}

static int cfg_int(json_t *mc, const char *key)
{
	json_t *v = json_object_get(mc, key);
	return json_is_integer(v) && json_integer_value(v) > 0 && json_integer_value(v) < (1 << 24) ? (int)json_integer_value(v)
												    : 0;
}

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), k = strlen(suf);
	return n > k && !strcmp(s + n - k, suf);
}

/* Whether name is a Transformers model class (an architecture with a task head), not a checkpoint. */
static bool arch_class(const char *name)
{
	static const char *const heads[] = {"ForCausalLM", "LMHeadModel", "ForConditionalGeneration", "ForMaskedLM",
					    "ForSequenceClassification", "ForImageClassification", NULL};
	for (int i = 0; name && heads[i]; i++)
		if (ends_with(name, heads[i]))
			return true;
	return false;
}

static unsigned allowed_for(const char *fw)
{
	if (!fw)
		return 0;
	if (!strcmp(fw, "pytorch"))
		return 1u << ST_DDP | 1u << ST_FSDP;
	if (!strcmp(fw, "deepspeed"))
		return 1u << ST_ZERO1 | 1u << ST_ZERO2 | 1u << ST_ZERO3;
	return 0; /* accelerate and lightning drive all of them */
}

int job_advice_input(const struct model_db *db, const struct job_input *in, struct advice_input *out,
		     struct strbuf *params_from, struct maple_error *err)
{
	memset(out, 0, sizeof(*out));
	json_t *insp = in->inspection;
	json_t *src = json_object_get(insp, "sources");
	const char *iname = json_string_value(json_object_get(insp, "model"));
	const char *name = in->model ? in->model : iname;
	const struct model_info *m = name ? model_db_find(db, name) : NULL;
	json_t *mc = json_object_get(insp, "model_config");
	/* a Transformers architecture class (GPT2LMHeadModel, LlamaForCausalLM) names a family, not a
	 * size: "GPT2LMHeadModel" starts like gpt2 (124M), but a job that builds it from its own config
	 * (GPT2Config(n_layer=6, ...)) has the size of that shape */
	if (m && !in->model && arch_class(iname) && cfg_int(mc, "hidden_size") > 0 && cfg_int(mc, "num_layers") > 0)
		m = NULL;
	struct model_shape shape = {0};
	shape.hidden = cfg_int(mc, "hidden_size");
	shape.layers = cfg_int(mc, "num_layers");
	shape.heads = cfg_int(mc, "num_heads");
	shape.kv_heads = cfg_int(mc, "num_kv_heads");
	shape.vocab = cfg_int(mc, "vocab_size");
	shape.seq = cfg_int(mc, "max_seq");
	shape.intermediate = cfg_int(mc, "intermediate_size");
	const char *mt = json_string_value(json_object_get(mc, "model_type"));
	const char *act = json_string_value(json_object_get(mc, "hidden_act"));
	shape.gated = (act && (!strcmp(act, "silu") || !strcmp(act, "swiglu"))) ||
		      (mt && (!strcmp(mt, "llama") || !strcmp(mt, "mistral") || !strcmp(mt, "mixtral") || !strcmp(mt, "qwen2") ||
			!strcmp(mt, "gemma")));
	const char *ffp = json_string_value(json_object_get(mc, "feed_forward_proj"));
	if (ffp && !strncmp(ffp, "gated-", 6))
		shape.gated = true; /* T5 v1.1, Flan-T5, mT5: "gated-gelu" */
	/* a mixture of experts as Transformers configs spell it: Mixtral num_local_experts, Qwen-MoE
	 * num_experts + shared_expert_intermediate_size, DeepSeek-MoE n_routed_experts + n_shared_experts
	 * + first_k_dense_replace, Switch num_experts (top-1) */
	shape.moe.experts = cfg_int(mc, "num_local_experts");
	if (!shape.moe.experts)
		shape.moe.experts = cfg_int(mc, "num_experts");
	if (!shape.moe.experts)
		shape.moe.experts = cfg_int(mc, "n_routed_experts");
	if (shape.moe.experts) {
		shape.moe.top_k = cfg_int(mc, "num_experts_per_tok");
		if (!shape.moe.top_k)
			shape.moe.top_k = 1;
		shape.moe.intermediate = cfg_int(mc, "moe_intermediate_size");
		shape.moe.shared = cfg_int(mc, "n_shared_experts");
		int se = cfg_int(mc, "shared_expert_intermediate_size");
		if (se && shape.moe.intermediate)
			shape.moe.shared = se / shape.moe.intermediate; /* one shared expert of k widths = k experts */
		shape.moe.dense_layers = cfg_int(mc, "first_k_dense_replace");
	}
	shape.head_dim = cfg_int(mc, "head_dim");
	if (shape.head_dim && shape.heads && shape.head_dim * shape.heads == shape.hidden)
		shape.head_dim = 0; /* the standard width */
	/* an encoder-decoder's config gives the encoder's depth (T5's num_layers, BART's
	 * num_hidden_layers) and the decoder's beside it (num_decoder_layers, decoder_layers) */
	static const char *const encdec_types[] = {"t5", "mt5", "umt5", "longt5", "bart", "mbart", "pegasus", "marian",
						   "whisper", "switch_transformers", NULL};
	bool encdec = json_is_true(json_object_get(mc, "is_encoder_decoder"));
	for (int i = 0; mt && encdec_types[i]; i++)
		encdec = encdec || !strcmp(mt, encdec_types[i]);
	if (encdec && shape.layers > 0) {
		int dec = cfg_int(mc, "num_decoder_layers");
		shape.cross_layers = dec > 0 ? dec : shape.layers;
		shape.layers += shape.cross_layers;
	}
	shape.dec_intermediate = cfg_int(mc, "decoder_intermediate_size");
	shape.conv_kernel = cfg_int(mc, "conv_kernel_size");
	shape.subsample_features = cfg_int(mc, "subsampling_features");
	shape.macaron = json_is_true(json_object_get(mc, "macaron"));
	shape.subsample_padded = json_is_true(json_object_get(mc, "subsampling_padded"));
	shape.ctc_head = json_is_true(json_object_get(mc, "ctc_head"));
	shape.no_embedding = json_is_true(json_object_get(mc, "no_embedding"));
	shape.untied = json_is_false(json_object_get(mc, "tie_word_embeddings"));
	shape.learned_pos = mt && (!strcmp(mt, "gpt2") || !strcmp(mt, "bert") || !strcmp(mt, "roberta"));
	if (!mt && json_object_get(mc, "max_seq") && !shape.gated)
		shape.learned_pos = true; /* GPT-style configs (n_positions / block_size) */
	if (in->params > 0) {
		out->mem.params = in->params;
		strbuf_adds(params_from, "--params");
	} else if (m) {
		out->mem.params = m->params;
		strbuf_addf(params_from, "%s, %s", m->id, m->source);
		if (!in->model && iname) {
			const char *s = json_string_value(json_object_get(src, "model"));
			strbuf_addf(params_from, "; the job's model '%s' at %s", iname, s ? s : "?");
		}
	} else {
		struct strbuf ex = STRBUF_INIT;
		bool vocab_assumed = !shape.vocab && shape.hidden && shape.layers && !shape.conv_kernel && !shape.subsample_features;
		if (vocab_assumed)
			shape.vocab = 50257; /* the GPT-2 BPE vocabulary of Megatron, GPT-NeoX and nanoGPT examples */
		double p = params_from_shape(&shape, &ex);
		if (vocab_assumed && p > 0)
			strbuf_adds(&ex, "(vocabulary not given: 50257, GPT-2's BPE, assumed)\n");
		if (p > 0) {
			out->mem.params = p;
			const char *s = json_string_value(json_object_get(src, "model_config.hidden_size"));
			strbuf_addf(params_from, "from the model shape at %s: %s", s ? s : "?", ex.buf);
			if (params_from->len && params_from->buf[params_from->len - 1] == '\n')
				strbuf_setlen(params_from, params_from->len - 1);
		}
		strbuf_release(&ex);
	}
	if (out->mem.params <= 0) {
		if (name)
			return errorf(err,
				      "no parameter count for the model '%s': it is not in data/models and no config gives its "
				      "shape (give --params N, e.g. --params 1.3B, or --model with a known name; `maple advise "
				      "--list-models` lists them)",
				      name);
		return errorf(err, "no model: give --model NAME (e.g. llama-2-7b), --params N (e.g. 1.3B), or --dir DIR of a "
				   "job whose model maple can read");
	}
	if (m && m->hidden && (!in->inspection || !shape.hidden || in->model)) {
		out->mem.hidden = m->hidden;
		out->mem.layers = m->layers;
		out->mem.heads = m->heads;
		out->mem.seq = m->seq;
		out->mem.intermediate = m->intermediate;
		out->mem.head_dim = m->head_dim;
		out->mem.gated = m->gated;
		out->mem.cross_layers = m->kind == MK_ENCDEC ? m->layers / 2 : 0; /* layers = encoder + decoder */
		out->mem.moe = (struct moe){m->experts, m->experts_per_token, m->shared_experts, m->expert_intermediate,
					    m->dense_layers};
	} else if (shape.hidden && shape.layers && shape.heads) {
		out->mem.hidden = shape.hidden;
		out->mem.layers = shape.layers;
		out->mem.heads = shape.heads;
		out->mem.seq = shape.seq;
		out->mem.head_dim = shape.head_dim;
		out->mem.cross_layers = shape.cross_layers;
		if (shape.head_dim || shape.cross_layers || ffp || shape.moe.experts) {
			/* a T5-style shape or a mixture of experts: its MLP as the config has it */
			out->mem.intermediate = shape.intermediate;
			out->mem.gated = shape.gated;
			out->mem.moe = shape.moe;
		}
	}
	if (!out->mem.hidden && in->params > 0) {
		/* a count alone: assume the shape of the known decoder nearest in size */
		const struct model_info *near = NULL;
		for (size_t i = 0; i < model_db_count(db); i++) {
			const struct model_info *c = model_db_at(db, i);
			if (c->kind != MK_DECODER || !c->hidden || !c->layers || !c->heads)
				continue;
			if (!near || fabs(log(c->params / in->params)) < fabs(log(near->params / in->params)))
				near = c;
		}
		if (near) {
			out->mem.hidden = near->hidden;
			out->mem.layers = near->layers;
			out->mem.heads = near->heads;
			out->mem.seq = near->seq;
			strbuf_addf(params_from,
				    "; shape assumed for the activations: %s's (hidden %d, %d layers, %d heads), the known "
				    "decoder nearest in size; give --dir or --model for the real one",
				    near->id, near->hidden, near->layers, near->heads);
		}
	}
	bool seq_from_model = out->mem.seq > 0;
	json_t *hp = json_object_get(insp, "hyperparameters");
	static const char *const batch_keys[] = {"per_device_train_batch_size", "train_micro_batch_size_per_gpu",
						 "micro_batch_size", "batch_size", "train_batch_size_per_device",
						 "local_batch_size", NULL};
	static const char *const seq_keys[] = {"max_seq_length", "max_length", "block_size", "seq_len", "seq_length",
					       "max_seq_len", "context_length", "sequence_length", NULL};
	const char *which = NULL;
	out->mem.micro_batch = in->micro_batch > 0 ? in->micro_batch : hp_int(hp, batch_keys, &which);
	out->batch_assumed = out->mem.micro_batch <= 0;
	int s = in->seq > 0 ? in->seq : hp_int(hp, seq_keys, &which);
	if (s > 0)
		out->mem.seq = s;
	out->seq_assumed = s <= 0 && !seq_from_model;
	const char *prec = in->precision ? in->precision : json_string_value(json_object_get(insp, "precision"));
	int pv = prec ? precision_from_name(prec) : PREC_MIXED;
	out->mem.prec = pv < 0 ? PREC_MIXED : (enum precision)pv;
	int rv = in->recompute ? recompute_from_name(in->recompute) : RC_NONE;
	const char *rk = NULL;
	int jr = in->recompute ? -1 : job_recompute(hp, &rk);
	if (jr >= 0) {
		/* the job's own level is where the advice starts (more is still weighed when it needs fewer nodes) */
		rv = jr;
		struct strbuf sk = STRBUF_INIT;
		strbuf_addf(&sk, "hyperparameters.%s", rk);
		out->rc_from = rk;
		out->rc_src = json_string_value(json_object_get(src, sk.buf));
		strbuf_release(&sk);
	}
	out->mem.rc = rv < 0 ? RC_NONE : (enum recompute)rv;
	out->rc_given = in->recompute != NULL;
	/* memory-efficient attention: asked for, or what the job sets (attn_implementation, use_flash_attn) */
	const char *att = in->attention;
	if (!att) {
		const char *key;
		json_t *v;
		json_object_foreach(hp, key, v)
		{
			if ((strstr(key, "attn_implementation") || strstr(key, "attention_impl")) && json_is_string(v))
				att = json_string_value(v);
			else if ((strstr(key, "flash_attn") || strstr(key, "flash_attention") || strstr(key, "use_flash")) &&
				 json_is_true(v))
				att = "flash";
		}
	}
	out->mem.flash = att && (strstr(att, "flash") || strstr(att, "sdpa") || strstr(att, "mem"));
	const char *fw = in->framework ? in->framework : json_string_value(json_object_get(insp, "framework"));
	out->allowed = allowed_for(fw);
	/* the job's own model-parallel layout, as inspect names it ("tp2", "pp4", "tp4+pp2": Megatron's
	 * --tensor-model-parallel-size, NeMo's tensor_model_parallel_size, tp_size ...) */
	const char *st = json_string_value(json_object_get(insp, "strategy"));
	bool fsdp = false;
	for (const char *p = st; p && *p;) {
		if ((!strncmp(p, "tp", 2) || !strncmp(p, "pp", 2) || !strncmp(p, "cp", 2)) && isdigit((unsigned char)p[2])) {
			int v = atoi(p + 2);
			if (v > 1 && v <= 1024)
				*(p[0] == 't' ? &out->job_tp : p[0] == 'p' ? &out->job_pp : &out->job_cp) = v;
		} else if (!strncmp(p, "fsdp+", 5)) {
			fsdp = true; /* "fsdp+tp8": torchtitan's FSDP beside the layout */
		}
		p = strchr(p, '+');
		p = p ? p + 1 : NULL;
	}
	out->job_fsdp = fsdp && (out->job_tp > 1 || out->job_pp > 1 || out->job_cp > 1);
	if (out->job_tp > 1 || out->job_pp > 1 || out->job_cp > 1)
		out->layout_from = json_string_value(json_object_get(src, "strategy"));
	/* expert parallelism beside it (Megatron's --expert-model-parallel-size, NeMo's
	 * expert_model_parallel_size) */
	const char *hk;
	json_t *hv;
	json_object_foreach(hp, hk, hv)
	{
		const char *last = strrchr(hk, '.');
		last = last ? last + 1 : hk;
		if ((!strcmp(last, "expert_model_parallel_size") || !strcmp(last, "expert_parallel_size") ||
		     !strcmp(last, "expert_parallel_degree")) &&
		    json_is_integer(hv) && json_integer_value(hv) > 1 && json_integer_value(hv) <= 1024)
			out->job_ep = (int)json_integer_value(hv);
	}
	return 0;
}
