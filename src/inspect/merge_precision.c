/* merge_precision.c - the strategy and the precision the merged hyperparameters name: DeepSpeed
 * stages and built-in config names, ColossalAI plugins, FSDP sharding settings, tensor/pipeline
 * parallel sizes, Lightning devices, and the mixed-precision switches of every common trainer
 * (split out of merge_args.c). */
#include "mctx.h"
#include "pyscan.h"

#include "../util/strbuf.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The stage a built-in DeepSpeed config name gives: "zero2", "zero3_offload", "deepspeed_zero2"; -1
 * for anything else (a file name). */
static int builtin_zero(const char *v)
{
	if (!v)
		return -1;
	if (!strncmp(v, "deepspeed_", 10))
		v += 10;
	if (strncmp(v, "zero", 4) || v[4] < '0' || v[4] > '3' || (v[5] && v[5] != '_') || strchr(v, '.'))
		return -1;
	return v[4] - '0';
}

/* Strategy settings among the hyperparameters: trainer.strategy (Lightning, Hydra, LightningCLI),
 * Megatron's tensor/pipeline parallel sizes. */
/* The strategy a ColossalAI plugin name stands for: zero1/zero2 (LowLevelZeroPlugin's stage),
 * gemini (parameters, gradients and optimizer states sharded: ZeRO-3), torch_fsdp, torch_ddp; NULL
 * for hybrid/3D parallel plugins (their tp/pp sizes say more) and any other word. */
static const char *colossal_plugin(const char *v)
{
	if (!strncmp(v, "zero1", 5) || !strcmp(v, "low_level_zero"))
		return "zero1";
	if (!strncmp(v, "zero2", 5))
		return "zero2";
	if (!strncmp(v, "gemini", 6))
		return "zero3";
	if (!strcmp(v, "torch_fsdp"))
		return "fsdp";
	if (!strcmp(v, "torch_ddp"))
		return "ddp";
	return NULL;
}

/* A Megatron parallel size of the training job: the flag itself (--tensor-model-parallel-size), NeMo 1's
 * model.NAME or a strategy object's field (NeMo 2's recipe.trainer.strategy.NAME); not an inference
 * engine's size elsewhere in a config (verl's actor_rollout_ref.rollout.tensor_model_parallel_size). */
static bool megatron_size(const char *key, const char *name)
{
	size_t kl = strlen(key), nl = strlen(name);
	if (kl < nl || strcmp(key + kl - nl, name))
		return false;
	if (kl == nl)
		return true;
	return key[kl - nl - 1] == '.' && ((kl - nl == 6 && !strncmp(key, "model.", 6)) ||
					   (kl - nl >= 9 && !strncmp(key + kl - nl - 9, "strategy.", 9)));
}

/* Whether the section holding key is switched off by a sibling use/enabled/enable: false (audiocraft's
 * fsdp: {use: false, sharding_strategy: shard_grad_op}: FSDP's settings, not used) */
static bool section_off(const struct ctx *c, const char *key)
{
	const char *last = strrchr(key, '.');
	if (!last)
		return false;
	static const char *const sw[] = {"use", "enabled", "enable", NULL};
	bool off = false;
	for (int i = 0; sw[i] && !off; i++) {
		struct strbuf k = STRBUF_INIT;
		strbuf_addf(&k, "%.*s.%s", (int)(last - key), key, sw[i]);
		off = json_is_false(json_object_get(c->hp, k.buf));
		strbuf_release(&k);
	}
	return off;
}

static void strategy_from_hp(struct ctx *c)
{
	const char *key;
	json_t *v;
	json_int_t tp = 1, pp = 1, cp = 1;
	const char *tsrc = NULL, *psrc = NULL, *csrc = NULL;
	/* ColossalAI's --plugin 3d / hybrid_parallel takes bare --tp/--pp sizes (examples/language/llama
	 * benchmark.py: HybridParallelPlugin(tp_size=args.tp, pp_size=args.pp)); with a sharding-only
	 * plugin (zero2, gemini) they are not read */
	const char *plugin = mg_hp_str(c, "plugin");
	bool bare_sizes = plugin && !colossal_plugin(plugin) && (!strcmp(plugin, "3d") || strstr(plugin, "hybrid"));
	json_object_foreach(c->hp, key, v)
	{
		const char *last = strrchr(key, '.');
		last = last ? last + 1 : key;
		const char *s = mg_hp_src(c, key);
		bool cmd = s && !strcmp(s, "--cmd");
		if (!strcmp(last, "strategy") && json_is_string(v)) {
			const char *ls = mg_lightning_strategy(json_string_value(v));
			if (ls)
				mg_evid(&c->strategy, ls, cmd ? 95 : json_integer_value(json_object_get(c->hp_prio, key)) >= HP_CONFIG ? 88 : 78,
					s ? s : "?");
		} else if (!strcmp(last, "zero_stage") && json_is_integer(v) && json_integer_value(v) >= 0 &&
			   json_integer_value(v) <= 3 && c->fw.value && !strcmp(c->fw.value, "deepspeed")) {
			/* a DeepSpeed job's --zero_stage / --ds.zero_stage flag (OpenRLHF, DeepSpeed-Chat) */
			mg_evid(&c->strategy, mg_zero_name(json_integer_value(v)), cmd ? 84 : 76, s ? s : "?");
		} else if (!strcmp(last, "deepspeed") && builtin_zero(json_string_value(v)) >= 0) {
			/* ms-swift's --deepspeed zero2 / zero3_offload, xtuner's deepspeed_zero2: a built-in
			 * config named by its stage */
			mg_evid(&c->strategy, mg_zero_name(builtin_zero(json_string_value(v))), cmd ? 95 : 86, s ? s : "?");
			mg_evid(&c->fw, "deepspeed", cmd ? 85 : 75, s ? s : "?");
		} else if (!strcmp(last, "plugin") && json_is_string(v) && colossal_plugin(json_string_value(v))) {
			/* ColossalAI's Booster plugin by name (--plugin zero2 / gemini / torch_fsdp / torch_ddp) */
			mg_evid(&c->strategy, colossal_plugin(json_string_value(v)), cmd ? 90 : 70, s ? s : "?");
		} else if (!strcmp(last, "data_parallelism") && json_is_string(v) &&
			   (!strcmp(json_string_value(v), "fsdp") || !strcmp(json_string_value(v), "ddp"))) {
			/* fairseq2's trainer.data_parallelism: fsdp | ddp */
			mg_evid(&c->strategy, json_string_value(v), cmd ? 90 : 80, s ? s : "?");
		} else if (!strcmp(last, "ddp_backend") && json_is_string(v) &&
			   (!strcmp(json_string_value(v), "fully_sharded") || !strcmp(json_string_value(v), "pytorch_ddp") ||
			    !strcmp(json_string_value(v), "c10d") || !strcmp(json_string_value(v), "no_c10d"))) {
			/* fairseq's and metaseq's --ddp-backend: fully_sharded (FSDP) or the DDP kinds */
			mg_evid(&c->strategy, !strcmp(json_string_value(v), "fully_sharded") ? "fsdp" : "ddp", cmd ? 90 : 80,
				s ? s : "?");
		} else if (!strcmp(key, "fsdp") && json_is_string(v) &&
			   (strcasestr(json_string_value(v), "full_shard") || strcasestr(json_string_value(v), "shard_grad_op") ||
			    strcasestr(json_string_value(v), "hybrid_shard"))) {
			/* TrainingArguments' fsdp="full_shard auto_wrap" (a flag or a JSON/YAML key) */
			mg_evid(&c->strategy, "fsdp", cmd ? 93 : 86, s ? s : "?");
		} else if ((!strcmp(key, "fsdp") || !strcmp(key, "enable_fsdp") || !strcmp(key, "use_fsdp")) &&
			   json_is_true(v)) {
			/* --enable_fsdp (llama-recipes), --fsdp (open_clip): the program's own switch is on */
			mg_evid(&c->strategy, "fsdp", cmd ? 82 : 62, s ? s : "?");
		} else if ((!strcmp(last, "sharding_strategy") || !strcmp(last, "fsdp_type")) && json_is_string(v) &&
			   strcasestr(json_string_value(v), "SHARD") && strcasecmp(json_string_value(v), "NO_SHARD") &&
			   !section_off(c, key)) {
			/* FSDP's FULL_SHARD / SHARD_GRAD_OP / HYBRID_SHARD in a trainer's fsdp_config (Composer),
			 * lingua's distributed.fsdp_type: full_shard */
			mg_evid(&c->strategy, "fsdp", cmd ? 95 : 86, s ? s : "?");
		} else if (!strcmp(last, "name") && mg_ends_with(key, "dp_config.name") && json_is_string(v) &&
			   (mg_ends_with(json_string_value(v), ".fsdp") || mg_ends_with(json_string_value(v), ".hsdp") ||
			    mg_ends_with(json_string_value(v), ".ddp"))) {
			/* OLMo-core's dp_config=TransformerDataParallelConfig(name=DataParallelType.fsdp): FSDP, or
			 * HSDP (sharded within a node, replicated across), or DDP */
			mg_evid(&c->strategy, mg_ends_with(json_string_value(v), ".ddp") ? "ddp" : "fsdp", cmd ? 92 : 84,
				s ? s : "?");
		} else if ((!strcmp(key, "parallel.zero1.size") || !strcmp(key, "parallel.zero1")) && json_is_integer(v) &&
			   (json_integer_value(v) > 1 || json_integer_value(v) == -1)) {
			/* InternEvo's parallel=dict(zero1=dict(size=8)): optimizer states sharded over that many
			 * data-parallel ranks (-1: all of them), with fsdp=True the parameters too */
			bool fsdp = json_is_true(json_object_get(c->hp, "parallel.zero1.fsdp"));
			mg_evid(&c->strategy, fsdp ? "fsdp" : "zero1", cmd ? 90 : 80, s ? s : "?");
		} else if (!strcmp(last, "data_parallel_shard_degree") && json_is_integer(v)) {
			/* torchtitan's [parallelism]: FSDP over data_parallel_shard_degree ranks (-1: all that
			 * tensor, pipeline and context parallelism leave); 1 with data_parallel_replicate_degree
			 * > 1 is plain DDP (https://github.com/pytorch/torchtitan/blob/main/docs/fsdp.md) */
			json_int_t d = json_integer_value(v);
			int prio = cmd ? 93 : json_integer_value(json_object_get(c->hp_prio, key)) >= HP_CONFIG ? 88 : 60;
			struct strbuf rk = STRBUF_INIT;
			strbuf_addf(&rk, "%.*sdata_parallel_replicate_degree", (int)(last - key), key);
			json_t *r = json_object_get(c->hp, rk.buf);
			strbuf_release(&rk);
			if (d > 1 || d == -1)
				mg_evid(&c->strategy, "fsdp", prio, s ? s : "?");
			else if (d == 1 && json_is_integer(r) && (json_integer_value(r) > 1 || json_integer_value(r) == -1))
				mg_evid(&c->strategy, "ddp", prio, s ? s : "?");
		} else if ((megatron_size(key, "context_parallel_size") || !strcmp(last, "context_parallel_degree") ||
			    !strcmp(last, "cp_size") || (!strcmp(last, "cp") && strstr(key, "parallel"))) &&
			   json_is_integer(v) && json_integer_value(v) > cp) {
			/* context parallelism: the sequence split over cp ranks (Megatron's --context-parallel-size,
			 * NeMo's context_parallel_size, torchtitan's context_parallel_degree) */
			cp = json_integer_value(v);
			csrc = s;
		} else if ((megatron_size(key, "tensor_model_parallel_size") || !strcmp(key, "model_parallel_size") ||
			    !strcmp(last, "tensor_parallel_degree") ||
			    !strcmp(key, "parallel.tensor.size") || !strcmp(key, "parallel.tensor") ||
			    !strcmp(last, "tp_size") || !strcmp(last, "tensor_parallel_size") ||
			    (!strcmp(last, "tp") && (strstr(key, "parallel") || (bare_sizes && !strcmp(key, "tp"))))) &&
			   json_is_integer(v) && json_integer_value(v) > tp) {
			tp = json_integer_value(v);
			tsrc = s;
		} else if ((megatron_size(key, "pipeline_model_parallel_size") || !strcmp(key, "pipe_parallel_size") ||
			    !strcmp(last, "pipeline_parallel_degree") ||
			    !strcmp(key, "parallel.pipeline.size") || !strcmp(key, "parallel.pipeline") ||
			    !strcmp(last, "pp_size") || !strcmp(last, "pipeline_parallel_size") ||
			    (!strcmp(last, "pp") && (strstr(key, "parallel") || (bare_sizes && !strcmp(key, "pp"))))) &&
			   json_is_integer(v) && json_integer_value(v) > pp) {
			pp = json_integer_value(v);
			psrc = s;
		}
	}
	/* a Lightning job on several devices (--gpus 0,1,2,3, devices=4) runs DDP, Lightning's default */
	if (c->fw.value && !strcmp(c->fw.value, "lightning")) {
		static const char *const dev[] = {"gpus", "devices", "trainer.gpus", "trainer.devices", NULL};
		for (int i = 0; dev[i]; i++) {
			json_t *d = json_object_get(c->hp, dev[i]);
			const char *ds = json_string_value(d);
			bool several = (json_is_integer(d) && (json_integer_value(d) > 1 || json_integer_value(d) == -1)) ||
				       (ds && (strchr(ds, ',') ? strchr(ds, ',')[1] != '\0' : atoi(ds) > 1 || !strcmp(ds, "-1")));
			if (several) {
				const char *s = mg_hp_src(c, dev[i]);
				mg_evid(&c->strategy, "ddp", 35, s ? s : "?");
				break;
			}
		}
	}
	/* FSDP code the entry runs only when its --fsdp flag is set (open_clip): a flag that is off
	 * leaves the job on DDP */
	const char *off = NULL;
	static const char *const flags[] = {"fsdp", "use_fsdp", "enable_fsdp", NULL};
	for (int i = 0; flags[i] && !off; i++)
		if (json_is_false(json_object_get(c->hp, flags[i])))
			off = flags[i];
	if (off && c->strategy.value && !strcmp(c->strategy.value, "fsdp") && c->strategy.prio < 85) {
		const char *s = mg_hp_src(c, off);
		mg_evid_release(&c->strategy);
		memset(&c->strategy, 0, sizeof(c->strategy));
		mg_evid(&c->strategy, "ddp", 40, s ? s : "?");
	}
	if (tp > 1 || pp > 1 || cp > 1) {
		/* the layout's sizes, after the data-parallel strategy when it shards (torchtitan's FSDP
		 * beside TP/PP/CP: "fsdp+tp8"); Megatron's DDP or distributed optimizer is left implied
		 * ("tp2+pp2") */
		struct strbuf sb = STRBUF_INIT;
		bool fsdp = c->strategy.value && !strcmp(c->strategy.value, "fsdp");
		if (fsdp)
			strbuf_adds(&sb, "fsdp");
		if (tp > 1)
			strbuf_addf(&sb, "%stp%lld", sb.len ? "+" : "", (long long)tp);
		if (pp > 1)
			strbuf_addf(&sb, "%spp%lld", sb.len ? "+" : "", (long long)pp);
		if (cp > 1)
			strbuf_addf(&sb, "%scp%lld", sb.len ? "+" : "", (long long)cp);
		const char *src = tp > 1 ? tsrc : pp > 1 ? psrc : csrc;
		mg_evid(&c->strategy, sb.buf, fsdp && c->strategy.prio >= 92 ? c->strategy.prio + 1 : 92, src ? src : "?");
		strbuf_release(&sb);
	}
}

/* a boolean switch of float16 autocast, in any case (use_amp, --use_fp16, yacs AMP_ENABLE,
 * TRAIN.MIXED_PRECISION, any NAME_amp, mixed_precision_training) */
static bool amp_switch(const char *last)
{
	static const char *const names[] = {"use_fp16", "use_amp", "enable_amp", "amp_enable", "amp_enabled",
					    "mixed_precision", "use_bfloat16",
					    /* Tacotron 2 / Glow-TTS / VITS / Amphion hparams: train.fp16_run */
					    "fp16_run",
					    /* flax's examples: config.half_precision (float16 on GPUs, bfloat16 on TPUs) */
					    "half_precision", "use_half_precision", NULL};
	for (int i = 0; names[i]; i++)
		if (!strcasecmp(last, names[i]))
			return true;
	/* Vim's and DeiT forks' if_amp (--no_amp stores false into it), timm's native_amp; not the
	 * switches that turn it off (Swin's disable_amp, no_amp, skip_amp: true means full precision) */
	size_t n = strlen(last);
	/* AnimateDiff's mixed_precision_training, use_mixed_precision (Coqui's mixed_precision above) */
	if (!strncasecmp(last, "mixed_precision_", 16) || !strcasecmp(last, "use_mixed_precision"))
		return true;
	if (!strncasecmp(last, "disable", 7) || !strncasecmp(last, "no_", 3) || !strncasecmp(last, "skip", 4) ||
	    !strncasecmp(last, "without", 7))
		return false;
	return n > 4 && !strcasecmp(last + n - 4, "_amp");
}

void mg_precision_from_hp(struct ctx *c)
{
	strategy_from_hp(c);
	/* autocast(dtype=torch.bfloat16, enabled=cfg["amp"]) with the switch on (read from a config after
	 * the calls): that dtype, above the switch's own float16 reading */
	size_t g;
	json_t *ga;
	json_array_foreach(c->gated_amp, g, ga)
	{
		json_t *v = json_object_get(c->hp, json_string_value(json_array_get(ga, 0)));
		if (json_is_true(v) || (json_is_integer(v) && json_integer_value(v) == 1))
			mg_evid(&c->precision, json_string_value(json_array_get(ga, 1)), 60,
				json_string_value(json_array_get(ga, 2)));
	}
	const char *key;
	json_t *v;
	json_object_foreach(c->hp, key, v)
	{
		const char *last = strrchr(key, '.');
		last = last ? last + 1 : key;
		const char *s = mg_hp_src(c, key);
		bool cmd = s && !strcmp(s, "--cmd");
		int base = json_integer_value(json_object_get(c->hp_prio, key)) >= HP_CONFIG ? 5 : 0;
		size_t kl = strlen(key);
		if (kl >= 11 && !strcasecmp(key + kl - 11, "amp.enabled") && (kl == 11 || key[kl - 12] == '.') &&
		    json_is_boolean(v)) {
			/* detectron2: automatic mixed precision (float16) or full precision (SOLVER.AMP.ENABLED in
			 * yacs, train.amp.enabled in the lazy configs) */
			/* SAM 2's trainer.optim.amp: {enabled: True, amp_dtype: bfloat16} */
			struct strbuf dk = STRBUF_INIT;
			strbuf_addf(&dk, "%.*samp_dtype", (int)(kl - 7), key);
			const char *dt = mg_hp_str(c, dk.buf);
			strbuf_release(&dk);
			mg_evid(&c->precision, !json_is_true(v) ? "fp32" : dt && strstr(dt, "bf") ? "bf16" : "fp16",
				30 + base + (cmd ? 50 : 0), s ? s : "?");
		} else if (!strcmp(last, "type") && json_is_string(v) && !strcmp(json_string_value(v), "AmpOptimWrapper")) {
			/* MMEngine's optim_wrapper = dict(type='AmpOptimWrapper'): float16 autocast unless its
			 * dtype says bfloat16 */
			struct strbuf dk = STRBUF_INIT;
			strbuf_addf(&dk, "%.*s.dtype", (int)(last - key - (last > key ? 1 : 0)), key);
			const char *dt = mg_hp_str(c, dk.buf);
			strbuf_release(&dk);
			mg_evid(&c->precision, dt && strstr(dt, "bf") ? "bf16" : "fp16", 40 + base + (cmd ? 50 : 0), s ? s : "?");
		} else if (!strcmp(last, "autocast") && json_is_boolean(v)) {
			/* audiocraft's autocast: true beside autocast_dtype: float16 (its dtype: float32 is the
			 * weights'): the training's precision is the autocast's */
			struct strbuf dk = STRBUF_INIT;
			strbuf_addf(&dk, "%.*sautocast_dtype", (int)(last - key), key);
			const char *dt = mg_hp_str(c, dk.buf);
			strbuf_release(&dk);
			if (json_is_true(v))
				mg_evid(&c->precision, dt && strstr(dt, "bf") ? "bf16" : "fp16", 46 + base + (cmd ? 50 : 0), s ? s : "?");
			else
				mg_evid(&c->precision, "fp32", 20 + base + (cmd ? 50 : 0), s ? s : "?");
		} else if ((!strcmp(last, "bf16") || !strcmp(last, "fp16") || !strcmp(last, "amp")) &&
			   (json_is_true(v) || (!strcmp(last, "amp") && json_is_integer(v) && json_integer_value(v) == 1))) {
			mg_evid(&c->precision, last[0] == 'a' ? "fp16" : last, 45 + base + (cmd ? 50 : 0), s ? s : "?");
		} else if ((amp_switch(last) || !strcmp(last, "use_bf16")) &&
			   (json_is_true(v) || (json_is_integer(v) && json_integer_value(v) == 1))) {
			/* DINO's --use_fp16 (default True), --use_amp flags; yacs AMP_ENABLE: True (Swin),
			 * TRAIN.MIXED_PRECISION: True (SlowFast); I-JEPA's meta.use_bfloat16: true */
			mg_evid(&c->precision, strstr(last, "bf") ? "bf16" : "fp16", 44 + base + (cmd ? 50 : 0), s ? s : "?");
		} else if ((amp_switch(last) || !strcmp(last, "amp") ||
			    (!strcmp(last, "fp16") && json_integer_value(json_object_get(c->hp_prio, key)) > HP_LIBRARY)) &&
			   (json_is_false(v) || (json_is_integer(v) && json_integer_value(v) == 0))) {
			/* (DUSt3R's --amp 0, type=int choices [0, 1]: an integer switch) */
			/* ConvNeXt's --use_amp false, improved-diffusion's use_fp16=False, EDM's click --fp16
			 * default False (not a library's default): the program's own mixed-precision switch is
			 * off, so it trains in float32 (weak: any other sign wins) */
			mg_evid(&c->precision, "fp32", 20 + base + (cmd ? 50 : 0), s ? s : "?");
		} else if (!strcmp(last, "bf16") && json_is_string(v) && !strcmp(json_string_value(v), "auto")) {
			/* axolotl's bf16: auto: bfloat16 where the GPU has it (every GPU since Ampere) */
			mg_evid(&c->precision, "bf16", 30 + base, s ? s : "?");
		} else if (!strcmp(last, "torch_dtype") && json_is_string(v) && strcmp(json_string_value(v), "auto")) {
			/* the dtype the model is loaded in (ms-swift, LLaMA-Factory infer_dtype): weaker than a
			 * --bf16/--fp16 training flag */
			mg_evid(&c->precision, json_string_value(v), 35 + base + (cmd ? 45 : 0), s ? s : "?");
		} else if (!strcmp(last, "default_dtype") && json_is_string(v)) {
			/* MACE's --default_dtype float64 (its default): the dtype torch.set_default_dtype gives
			 * every parameter and activation, the whole precision of the run */
			mg_evid(&c->precision, json_string_value(v), 40 + base + (cmd ? 55 : 0), s ? s : "?");
		} else if (!strcmp(last, "amp") && json_is_string(v) && mg_norm_precision(json_string_value(v))) {
			/* efficientvit's --amp fp32|fp16|bf16 (choices): autocast's dtype, or none */
			mg_evid(&c->precision, json_string_value(v), 45 + base + (cmd ? 55 : 0), s ? s : "?");
		} else if (!strcmp(last, "mixed_precision") || !strcmp(last, "precision") || !strcmp(last, "dtype") ||
			   !strcmp(last, "param_dtype") || !strcmp(last, "model_dtype") || !strcasecmp(last, "fprop_dtype") ||
			   !strcmp(last, "mixed_precision_param")) {
			/* model_dtype: OpenNMT's fp16, lingua's distributed.model_dtype; Pax's FPROP_DTYPE =
			 * jnp.bfloat16 (the forward pass's dtype); torchtitan's mixed_precision_param: FSDP's
			 * parameter dtype */
			int prio = 40 + base + (cmd ? 55 : 0);
			if (json_is_string(v))
				mg_evid(&c->precision, json_string_value(v), prio, s ? s : "?");
			else if (json_is_integer(v))
				mg_evid(&c->precision,
					json_integer_value(v) == 16 ? "fp16" : json_integer_value(v) == 32 ? "fp32" : NULL, prio,
					s ? s : "?");
		}
	}
}

/* "bf16-mixed" -> "bf16", "16-mixed" -> "fp16", "no" -> "fp32", "float64" -> "fp64" */
const char *mg_norm_precision(const char *p)
{
	if (!p)
		return NULL;
	if (strstr(p, "bf16") || strstr(p, "bfloat16"))
		return "bf16";
	if (strstr(p, "fp16") || strstr(p, "float16") || !strncmp(p, "16", 2) || !strcmp(p, "half"))
		return "fp16";
	if (strstr(p, "64") || !strcmp(p, "double"))
		return "fp64"; /* float64, torch.float64, fp64: full double precision (MACE's default) */
	if (strstr(p, "32") || !strcmp(p, "no") || !strcmp(p, "float"))
		return "fp32";
	if (!strcmp(p, "amp") || !strcmp(p, "mixed")) /* open_clip/timm --precision amp: float16 autocast */
		return "fp16";
	return NULL;
}

/* The precision of a job that names none: a PyTorch program running its own training loop (a
 * loss.backward() in the files it runs), with only torch, torchvision or datasets among the
 * libraries maple knows, and no name, string or setting anywhere in those files that speaks of a
 * precision (no autocast, GradScaler, amp flag, half(), bfloat16, mixed_precision, ...) trains in
 * PyTorch's default dtype, float32 (https://pytorch.org/docs/stable/generated/torch.set_default_dtype.html:
 * "the default floating point dtype is initially torch.float32"). Trainers that turn mixed
 * precision on by default run their loop inside a library (Ultralytics, NeMo) or name it in their
 * own code (YOLOv5's check_amp, torchtitan's mixed_precision_param, StyleGAN3's num_fp16_res): they
 * stay unknown. */
void mg_default_precision(struct ctx *c)
{
	if (c->precision.value || json_object_get(c->unknown, "precision") || !c->fw.value ||
	    strcmp(c->fw.value, "pytorch"))
		return;
	const char *lk;
	json_t *lv;
	json_object_foreach(c->libraries, lk, lv)
	{
		if (strcmp(lk, "torch") && strcmp(lk, "torch.distributed") && strcmp(lk, "torchvision") &&
		    strcmp(lk, "datasets"))
			return;
	}
	bool loop = false;
	const char *first = NULL;
	for (size_t i = 0; i < c->n; i++) {
		if (!c->in_scope[i] || c->files[i].kind != FK_PYTHON)
			continue;
		json_t *py = mg_py(c, (int)i);
		if (json_integer_value(json_object_get(py, "precision_words")) > 0)
			return;
		if (json_is_true(json_object_get(py, "backward"))) {
			loop = true;
			if (!first)
				first = c->files[i].rel;
		}
	}
	if (!loop)
		return;
	const char *key;
	json_t *v;
	json_object_foreach(c->hp, key, v)
	{
		if (pyscan_precision_text(key, strlen(key)))
			return;
	}
	mg_evid(&c->precision, "fp32", 1, "torch float32 default");
	struct strbuf n = STRBUF_INIT;
	strbuf_addf(&n, "precision fp32: %s runs its own training loop and nothing in the files the job runs asks for "
			"mixed or other precision, so it trains in PyTorch's default dtype, float32 "
			"(https://pytorch.org/docs/stable/generated/torch.set_default_dtype.html)",
		    first);
	json_array_append_new(c->notes, json_string(n.buf));
	strbuf_release(&n);
}
