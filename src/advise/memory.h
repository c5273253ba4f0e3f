/* memory.h - per-GPU training memory under DDP, ZeRO-1/2/3 and FSDP at a given precision, the
 * parameter count from a transformer's shape, and the strategy / GPU-count recommendation, each
 * with its arithmetic written out for the user.
 *
 * Model states (Rajbhandari et al. 2020, ZeRO, https://arxiv.org/abs/1910.02054, section 3.1):
 * mixed-precision Adam keeps 2 bytes of 16-bit weights, 2 of 16-bit gradients and 12 of fp32
 * master weights, momentum and variance per parameter (K = 12, 16 bytes in all); plain fp32 Adam
 * keeps 4 + 4 + 8. Over N data-parallel GPUs:
 *   DDP 16P, ZeRO-1 4P + 12P/N, ZeRO-2 2P + 14P/N, ZeRO-3 and FSDP (full shard) 16P/N.
 * Activations (Korthikanti et al. 2022, https://arxiv.org/abs/2205.05198, eq. 2): per transformer
 * layer s*b*h*(34 + 5*a*s/h) bytes with 16-bit activations and no recomputation, 34*s*b*h with
 * selective recomputation, 2*s*b*h with full recomputation (doubled for fp32 activations).
 * ZeRO-3/FSDP also hold two gathered layers (the one computing and the one prefetched): 2 x 12h^2
 * parameters at the weight width. Every GPU adds a fixed MEM_OVERHEAD_GIB for the CUDA context and
 * the cuBLAS/NCCL workspaces, and only MEM_USABLE_FRACTION of a card counts as usable. */
#ifndef MAPLE_ADVISE_MEMORY_H
#define MAPLE_ADVISE_MEMORY_H

#include "../repo/repo.h"
#include "../util/strbuf.h"

#include <stdbool.h>

#define GIB (1024.0 * 1024.0 * 1024.0)
#define MEM_OVERHEAD_GIB 1.5
#define MEM_USABLE_FRACTION 0.9

enum precision { PREC_MIXED, PREC_FP32 };
enum recompute { RC_NONE, RC_SELECTIVE, RC_FULL };

/* "bf16", "fp16", "mixed", "16-mixed", "bf16-mixed", "fp32", "32" ...; -1 when unknown. */
int precision_from_name(const char *s);
const char *precision_name(enum precision p);
int recompute_from_name(const char *s);
const char *recompute_name(enum recompute r);

/* A mixture-of-experts MLP (experts 0 = a dense model): every MoE layer holds `experts` routed
 * expert MLPs of width `intermediate` (0 = the model's) and `shared` always-active ones, plus a
 * router (h x experts); each token goes through `top_k` routed experts and the shared ones. The
 * first `dense_layers` layers keep the dense MLP. */
struct moe {
	int experts, top_k, shared, intermediate, dense_layers;
};

/* A transformer's shape as a config file gives it (0 / false = not given). */
struct model_shape {
	int hidden, layers, heads, kv_heads, vocab, seq, intermediate;
	int head_dim;	  /* a head's width when it is not hidden / heads (T5's d_kv) */
	int cross_layers; /* layers that also attend to an encoder (an encoder-decoder's decoder) */
	bool gated;	  /* SwiGLU-style MLP with three matrices (LLaMA, Mistral) */
	struct moe moe;	  /* a mixture of experts (experts 0: dense) */
	bool untied;	  /* a separate output projection (tie_word_embeddings: false) */
	bool learned_pos; /* learned position embeddings (GPT-2, BERT) */
	/* speech recognizers (ESPnet, NeMo): the decoder's MLP width when not the encoder's; a conformer's
	 * encoder layers (layers - cross_layers) with a convolution module of this kernel, a second
	 * (macaron) feed-forward and a relative-position projection; a two-convolution subsampling front
	 * end over this many features (padded: features / 4 columns reach its linear, else ESPnet's
	 * ((F-1)/2-1)/2); an extra V x h output layer (CTC); no token embedding (audio in) */
	int dec_intermediate, conv_kernel, subsample_features;
	bool macaron, subsample_padded, ctc_head, no_embedding;
};

/* The parameter count of a decoder/encoder transformer with this shape (a mixture of experts: each
 * MoE layer's MLP is (experts + shared) expert MLPs and an h x experts router): per layer attention
 * 2h^2 + 2h*h_kv, MLP (3 if gated else 2)*h*I (I defaults to 4h), norms and biases ~13h; plus
 * embeddings V*h (twice when untied) and s*h learned positions. With a head width, the attention is
 * 2h*d_a + 2h*d_kv (d_a = heads x width); each cross-attention layer adds 4h*d_a + ~2h. Writes the
 * sum into explain when non-NULL. Returns 0 when hidden, layers or vocab is missing (a speech
 * encoder without a vocabulary counts no output layer). */
double params_from_shape(const struct model_shape *s, struct strbuf *explain);

struct mem_input {
	double params;
	int hidden, layers, heads; /* 0 = unknown: activations are not estimated */
	/* T5-style shapes (0 / false = the standard transformer's): the MLP's width (4 x hidden), the
	 * width of one head (hidden / heads), a gated MLP, and how many of the layers also attend to an
	 * encoder's output (the decoder half of an encoder-decoder model) */
	int intermediate, head_dim, cross_layers;
	bool gated;
	struct moe moe; /* a mixture of experts (experts 0: dense) */
	int seq, micro_batch;	   /* 0 = unknown: seq 2048 (decoders) and batch 1 are assumed */
	enum precision prec;
	enum recompute rc;
	bool flash; /* FlashAttention / SDPA memory-efficient attention: no s x s score matrices kept */
	int tp;	    /* the tensor-parallel degree the activations are split over (sequence parallelism); 0/1 none */
	int cp;	    /* the context-parallel degree: each sequence split over cp GPUs, activations too; 0/1 none */
};

/* Bytes per GPU. */
struct mem_breakdown {
	double weights, grads, optim, model_states, activations, gathered, overhead, total;
};

void mem_per_gpu(const struct mem_input *in, enum strategy st, int n, struct mem_breakdown *out);
/* A mixture of experts' parameters active per token: the total less the routed experts a token does not go
 * through (Lm x (E - top_k) expert MLPs); 0 for a dense model or an unknown shape. The total, not this,
 * decides the model states' memory. */
double mem_active_params(const struct mem_input *in);
/* The smallest GPU count at which st fits in usable_bytes per GPU; 0 when no count does. */
int mem_min_gpus(const struct mem_input *in, enum strategy st, double usable_bytes);

struct advice_input {
	struct mem_input mem;
	const char *params_from; /* "llama-2-7b (https://...)", "config.json:3 shape" ... */
	double gpu_mem_gib;	 /* 0 = no cluster: nothing is recommended */
	const char *gpu_model;
	int gpus_per_node;
	int eval_gpus;	    /* GPUs the memory table is computed for (0 = one node, or 8) */
	bool gpus_given;    /* eval_gpus is what the user asked for */
	unsigned allowed;   /* bit (1u << strategy); 0 = all */
	bool seq_assumed, batch_assumed;
	bool rc_given; /* recomputation was asked for: never escalate it */
	/* the job's own recomputation setting (its key and where it was read; NULL: none) */
	const char *rc_from, *rc_src;
	/* the job's own tensor and pipeline parallel degrees (Megatron/NeMo --tensor-model-parallel-size,
	 * pipeline_model_parallel_size; 0/1 = none) and where they were read: a GPU holds 1/(tp x pp) of
	 * the model and tp-split activations, the data-parallel strategy (DDP or ZeRO-1, Megatron's
	 * distributed optimizer) runs over the rest, and GPU counts are multiples of tp x pp */
	int job_tp, job_pp;
	const char *layout_from;
	/* the job's expert-parallel degree (Megatron's --expert-model-parallel-size; 0/1 = none): a mixture
	 * of experts' routed experts are split that many ways more, inside the data-parallel ranks, which
	 * are then a multiple of it */
	int job_ep;
	/* the job's context-parallel degree (Megatron's --context-parallel-size, NeMo's
	 * context_parallel_size, torchtitan's context_parallel_degree; 0/1 = none): each sequence is split
	 * over cp GPUs, so are its activations; the weights are whole on each, the data-parallel strategy
	 * shards over the data-parallel x context-parallel ranks, and GPU counts are multiples of tp x pp x cp */
	int job_cp;
	/* the job shards its data-parallel ranks with FSDP beside the layout (torchtitan's FSDP2 with
	 * TP/PP/CP): FSDP, not ZeRO-1, is the strategy beside it */
	bool job_fsdp;
	double expert_params; /* set by advise: the routed experts' parameters, split ep ways */
	double whole_params;  /* set by advise: the whole model's count, before the layout splits it */
};

struct advice {
	int eval_gpus;
	struct mem_breakdown at[ST_COUNT]; /* per GPU at eval_gpus */
	int min_gpus[ST_COUNT];		   /* 0 = does not fit on any count */
	bool allowed[ST_COUNT];
	enum strategy recommended; /* ST_NONE when nothing fits or no GPU is known */
	int min_gpus_rec, min_nodes_rec;
	double usable_bytes;
	enum recompute recompute_used; /* the level the figures are for (raised when nothing fitted) */
	struct strbuf explain; /* the arithmetic, one step a line */
};

/* Fills out (release with advice_release). When no recomputation was asked for and activations are
 * known, none, selective and full recomputation are all tried and the level that needs the fewest
 * nodes is kept (ties: the least recomputation); the explanation says so. When even that needs
 * more than a few nodes, tensor and pipeline parallel layouts are added as options. */
void advise(const struct advice_input *in, struct advice *out);
/* "DDP", "FSDP", "ZeRO-1" ... as the explanation names them. */
const char *advise_strategy_label(enum strategy s);
void advice_release(struct advice *a);

#endif
