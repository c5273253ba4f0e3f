/* memory.c - the memory arithmetic of memory.h and the recommendation built on it. */
#include "memory.h"

#include <math.h>
#include <string.h>
#include <strings.h>

int precision_from_name(const char *s)
{
	static const char *const mixed[] = {"bf16", "fp16", "mixed", "16", "16-mixed", "bf16-mixed", "amp", "half", NULL};
	static const char *const full[] = {"fp32", "32", "32-true", "float32", "full", "no", NULL};
	for (int i = 0; mixed[i]; i++)
		if (!strcasecmp(s, mixed[i]))
			return PREC_MIXED;
	for (int i = 0; full[i]; i++)
		if (!strcasecmp(s, full[i]))
			return PREC_FP32;
	return -1;
}

const char *precision_name(enum precision p)
{
	return p == PREC_FP32 ? "fp32" : "bf16/fp16 mixed";
}

int recompute_from_name(const char *s)
{
	if (!strcasecmp(s, "none") || !strcasecmp(s, "no"))
		return RC_NONE;
	if (!strcasecmp(s, "selective"))
		return RC_SELECTIVE;
	if (!strcasecmp(s, "full") || !strcasecmp(s, "yes"))
		return RC_FULL;
	return -1;
}

const char *recompute_name(enum recompute r)
{
	return r == RC_FULL ? "full" : r == RC_SELECTIVE ? "selective" : "none";
}

double params_from_shape(const struct model_shape *s, struct strbuf *explain)
{
	bool speech = s->conv_kernel > 0 || s->subsample_features > 0;
	if (s->hidden <= 0 || s->layers <= 0 || (s->vocab <= 0 && !speech) || s->vocab < 0)
		return 0;
	double h = s->hidden, L = s->layers, V = s->vocab;
	double I = s->intermediate > 0 ? s->intermediate : 4 * h;
	bool wide = s->head_dim > 0 && s->heads > 0;
	double da = wide ? (double)s->head_dim * s->heads : h;
	double hkv = da;
	if (s->heads > 0 && s->kv_heads > 0 && s->kv_heads < s->heads)
		hkv = da * s->kv_heads / s->heads;
	double attn = 2 * h * da + 2 * h * hkv;
	double mlp = (s->gated ? 3 : 2) * h * I;
	double small = 13 * h; /* norms and biases */
	double per_layer = attn + mlp + small;
	if (s->moe.experts > 0) {
		/* MoE layers: (experts + shared) expert MLPs and the router; dense_layers keep mlp */
		double Ie = s->moe.intermediate > 0 ? s->moe.intermediate : I;
		double Lm = s->layers - (s->moe.dense_layers < s->layers ? s->moe.dense_layers : 0);
		double emlp = (s->moe.experts + s->moe.shared) * (s->gated ? 3 : 2) * h * Ie + h * s->moe.experts;
		double total = L * (attn + small) + (L - Lm) * mlp + Lm * emlp + V * h * (s->untied ? 2 : 1);
		double active = L * (attn + small) + (L - Lm) * mlp +
				Lm * ((s->moe.top_k + s->moe.shared) * (s->gated ? 3 : 2) * h * Ie + h * s->moe.experts) +
				V * h * (s->untied ? 2 : 1);
		if (explain)
			strbuf_addf(explain,
				    "parameters from the shape (mixture of experts): L x (attention %.0f + ~13h) + %.0f dense "
				    "MLPs x %.0f + %.0f MoE layers x ((E %d + shared %d) x %dh*I_e + h*E router, I_e=%.0f) + "
				    "%sVh = %.4g (%.4g active per token: top-%d of the routed experts)\n",
				    attn, L - Lm, mlp, Lm, s->moe.experts, s->moe.shared, s->gated ? 3 : 2, Ie,
				    s->untied ? "2" : "", total, active, s->moe.top_k);
		return total;
	}
	double Lx = s->cross_layers > 0 && s->cross_layers <= s->layers ? s->cross_layers : 0;
	double cross = 4 * h * da + 2 * h;
	double emb = (s->no_embedding ? 0 : V * h * (s->untied ? 2 : 1)) + (s->ctc_head ? V * h : 0);
	double pos = s->learned_pos && s->seq > 0 ? (double)s->seq * h : 0;
	double total = L * per_layer + Lx * cross + emb + pos;
	if (speech) {
		/* a decoder MLP of its own width; conformer blocks: a second (macaron) feed-forward, the
		 * convolution module (pointwise h->2h, depthwise k, pointwise h->h) and the relative-position
		 * projection; the subsampling front end: two 3x3 convolutions of h channels and a linear */
		double dec_mlp = Lx > 0 && s->dec_intermediate > 0 ? Lx * 2 * h * (s->dec_intermediate - I) : 0;
		double Le = L - Lx;
		double conf = s->conv_kernel > 0 ? Le * ((s->macaron ? 2 * h * I : 0) + 4 * h * h + h * s->conv_kernel) : 0;
		int F = s->subsample_features;
		double cols = F <= 0 ? 0 : s->subsample_padded ? F / 4 : ((F - 1) / 2 - 1) / 2;
		double front = F > 0 ? 9 * h * h + cols * h * h + 13 * h : 0;
		total += dec_mlp + conf + front;
		if (explain)
			strbuf_addf(explain,
				    "parameters from the shape (speech recognizer): %.0f layers x (attention 4h^2 + MLP 2hI + "
				    "~13h) + %.0f decoder layers x (cross-attention 4h^2 + ~2h%s) + %.0f conformer blocks x "
				    "(%sconvolution module 3h^2 + %dh + relative-position projection h^2) + subsampling "
				    "(9h^2 + %.0fh^2 over %d features) + output layers %.0fVh%s = %.4g\n",
				    L, Lx, dec_mlp > 0 ? " + its own MLP width" : "", s->conv_kernel > 0 ? Le : 0,
				    s->macaron ? "second feed-forward 2hI + " : "", s->conv_kernel, cols, F,
				    (double)((s->no_embedding ? 0 : s->untied ? 2 : 1) + (s->ctc_head ? 1 : 0)),
				    s->vocab > 0 ? "" : " (no vocabulary given: none counted)", total);
		return total;
	}
	if (explain && !wide && Lx == 0)
		strbuf_addf(explain,
			    "parameters from the shape: L x (attention 2h^2+2h*h_kv + MLP %dhI + ~13h) + %sVh%s = "
			    "%d x (%.0f + %.0f + %.0f) + %.0f%s = %.4g\n",
			    s->gated ? 3 : 2, s->untied ? "2" : "", pos > 0 ? " + sh" : "", s->layers, attn, mlp, small,
			    emb, pos > 0 ? "" : "", total);
	else if (explain)
		strbuf_addf(explain,
			    "parameters from the shape: L x (attention 2h*d_a+2h*d_kv + MLP %dhI + ~13h) + Lx x "
			    "cross-attention (4h*d_a + ~2h) + %sVh%s = %d x (%.0f + %.0f + %.0f) + %.0f x %.0f + %.0f = %.4g\n",
			    s->gated ? 3 : 2, s->untied ? "2" : "", pos > 0 ? " + sh" : "", s->layers, attn, mlp, small, Lx,
			    cross, emb + pos, total);
	return total;
}

static void widths(enum precision p, double *w, double *g, double *o)
{
	if (p == PREC_FP32) {
		*w = 4, *g = 4, *o = 8;
	} else {
		*w = 2, *g = 2, *o = 12;
	}
}

static int eff_seq(const struct mem_input *in)
{
	return in->seq > 0 ? in->seq : 2048;
}

/* Bytes of activations per GPU (Korthikanti et al. 2022, https://arxiv.org/abs/2205.05198, 16-bit
 * values). A layer keeps, per token: the two norms' inputs 4h, the attention's input and dropout mask
 * 3h, Q, K, V and the output projection's input 8 x d_a (d_a = heads x head width), the MLP's input
 * and dropout mask 3h and its inner values 4I (I wide; a gated MLP keeps gate, up and their product:
 * 6I), plus 5as^2 bytes of attention scores per sequence. The standard shape (d_a = h, I = 4h) gives
 * the paper's sbh(34 + 5as/h). A decoder layer of an encoder-decoder model adds a cross-attention
 * block: its norm, input and mask 5h, Q and the output projection's input 4 x d_a, K and V over the
 * encoder's sequence 4 x d_a, and its scores (the encoder's sequence taken as long as the decoder's).
 * Selective recomputation and memory-efficient attention drop the scores; full recomputation keeps
 * each layer's input, 2sbh. */
/* The layers with a mixture-of-experts MLP (0 for a dense model). */
static double moe_layers(const struct mem_input *in)
{
	if (in->moe.experts <= 0 || in->moe.top_k <= 0)
		return 0;
	return in->layers - (in->moe.dense_layers < in->layers ? in->moe.dense_layers : 0);
}

double mem_active_params(const struct mem_input *in)
{
	double Lm = moe_layers(in);
	if (Lm <= 0 || in->hidden <= 0 || in->moe.top_k >= in->moe.experts)
		return 0;
	double Ie = in->moe.intermediate > 0 ? in->moe.intermediate : in->intermediate > 0 ? in->intermediate : 4.0 * in->hidden;
	double idle = Lm * (in->moe.experts - in->moe.top_k) * (in->gated ? 3 : 2) * (double)in->hidden * Ie;
	return idle < in->params ? in->params - idle : 0;
}

static double activations(const struct mem_input *in)
{
	if (in->hidden <= 0 || in->layers <= 0 || in->heads <= 0)
		return 0;
	double s = eff_seq(in), b = in->micro_batch > 0 ? in->micro_batch : 1, h = in->hidden, a = in->heads;
	double da = in->head_dim > 0 ? (double)in->head_dim * a : h;
	double I = in->intermediate > 0 ? in->intermediate : 4 * h;
	double L = in->layers, Lx = in->cross_layers > 0 && in->cross_layers <= in->layers ? in->cross_layers : 0;
	double t = (in->tp > 1 ? in->tp : 1) * (in->cp > 1 ? in->cp : 1);
	if (in->rc == RC_FULL)
		return 2 * s * b * h * L * (in->prec == PREC_FP32 ? 2 : 1) / t;
	bool scores = in->rc != RC_SELECTIVE && !in->flash;
	double layer = s * b * (10 * h + 8 * da + (in->gated ? 6 : 4) * I) + (scores ? 5 * a * s * s * b : 0);
	double cross = s * b * (5 * h + 8 * da) + (scores ? 5 * a * s * s * b : 0);
	double Lm = moe_layers(in), moe = 0;
	if (Lm > 0) {
		/* a token goes through r = top-k routed + shared experts: each keeps its own copy of the
		 * input (2h; the dense formula counts one) and its inner values (4I_e or 6I_e); the router
		 * keeps E logits and E probabilities (4E) */
		double r = in->moe.top_k + in->moe.shared, Ie = in->moe.intermediate > 0 ? in->moe.intermediate : I;
		moe = s * b * (10 * h + 8 * da + 2 * h * (r - 1) + r * (in->gated ? 6 : 4) * Ie + 4.0 * in->moe.experts) +
		      (scores ? 5 * a * s * s * b : 0);
	}
	return ((L - Lm) * layer + Lm * moe + Lx * cross) * (in->prec == PREC_FP32 ? 2 : 1) / t;
}

/* The job's own model-parallel layout: t x p x c GPUs hold one copy of the model and one
 * sequence's activations (1, none). */
static int layout_size(const struct advice_input *in)
{
	int t = in->job_tp > 1 ? in->job_tp : 1, p = in->job_pp > 1 ? in->job_pp : 1, c = in->job_cp > 1 ? in->job_cp : 1;
	return t * p * c;
}

static double gathered(const struct mem_input *in)
{
	double w, g, o;
	widths(in->prec, &w, &g, &o);
	/* a layer as the model has it (params / layers): a mixture of experts gathers every expert of a
	 * layer (FSDP wraps the decoder layer), multi-query attention and narrow MLPs gather less than a
	 * dense 12h^2 layer; the embeddings' share makes it a few percent high for dense models */
	if (in->layers > 0)
		return 2 * in->params / in->layers * w;
	if (in->hidden > 0)
		return 2 * 12.0 * in->hidden * in->hidden * w;
	return 0;
}

/* total = fixed + sharded / n */
static void split(const struct mem_input *in, enum strategy st, double *fixed, double *sharded, struct mem_breakdown *b)
{
	double w, g, o;
	widths(in->prec, &w, &g, &o);
	double P = in->params;
	double act = activations(in), gat = 0, over = MEM_OVERHEAD_GIB * GIB;
	double fw = w * P, fg = g * P, fo = o * P; /* fixed parts */
	double sw = 0, sg = 0, so = 0;		   /* sharded parts */
	switch (st) {
	case ST_ZERO1:
		so = fo, fo = 0;
		break;
	case ST_ZERO2:
		so = fo, fo = 0, sg = fg, fg = 0;
		break;
	case ST_ZERO3:
	case ST_FSDP:
		so = fo, fo = 0, sg = fg, fg = 0, sw = fw, fw = 0;
		gat = gathered(in);
		break;
	default:
		break;
	}
	*fixed = fw + fg + fo + act + gat + over;
	*sharded = sw + sg + so;
	if (b) {
		memset(b, 0, sizeof(*b));
		b->weights = fw + sw;
		b->grads = fg + sg;
		b->optim = fo + so;
		b->activations = act;
		b->gathered = gat;
		b->overhead = over;
	}
}

void mem_per_gpu(const struct mem_input *in, enum strategy st, int n, struct mem_breakdown *out)
{
	double fixed, sharded;
	split(in, st, &fixed, &sharded, out);
	if (n < 1)
		n = 1;
	double w, g, o;
	widths(in->prec, &w, &g, &o);
	double P = in->params;
	out->weights = (st == ST_ZERO3 || st == ST_FSDP) ? w * P / n : w * P;
	out->grads = (st == ST_ZERO2 || st == ST_ZERO3 || st == ST_FSDP) ? g * P / n : g * P;
	out->optim = st == ST_DDP ? o * P : o * P / n;
	out->model_states = out->weights + out->grads + out->optim;
	out->total = fixed + sharded / n;
}

/* The smallest GPU count at which DeepSpeed's own estimator for ZeRO stages 1 and 2 fits
 * (estimate_zero2_model_states_mem_needs: 4P for the half-precision weights and gradients + 16P/N for
 * the fp32 master weights, Adam's moments and the fp32 gradient partition,
 * https://deepspeed.readthedocs.io/en/latest/memory.html), with the same activations and overhead as
 * the paper's figures; 0 when no count does. */
static int ds_stage12_min_gpus(const struct mem_input *in, double usable)
{
	double P = in->params;
	double fixed = 4 * P + activations(in) + MEM_OVERHEAD_GIB * GIB, sharded = 16 * P;
	if (fixed + sharded <= usable)
		return 1;
	if (fixed >= usable)
		return 0;
	double n = ceil(sharded / (usable - fixed));
	return n > 1e6 ? 0 : (int)n;
}

int mem_min_gpus(const struct mem_input *in, enum strategy st, double usable)
{
	double fixed, sharded;
	split(in, st, &fixed, &sharded, NULL);
	if (fixed + sharded <= usable)
		return 1;
	if (st == ST_DDP || fixed >= usable)
		return 0;
	double n = ceil(sharded / (usable - fixed));
	if (n > 1e6)
		return 0;
	return (int)n;
}

static const char *label(enum strategy s)
{
	switch (s) {
	case ST_DDP:
		return "DDP";
	case ST_FSDP:
		return "FSDP";
	case ST_ZERO1:
		return "ZeRO-1";
	case ST_ZERO2:
		return "ZeRO-2";
	case ST_ZERO3:
		return "ZeRO-3";
	default:
		return "?";
	}
}

const char *advise_strategy_label(enum strategy s)
{
	return label(s);
}

/* Preference when several fit: least communication first. */
static const enum strategy order[] = {ST_DDP, ST_ZERO1, ST_ZERO2, ST_FSDP, ST_ZERO3};

static void advise_once(const struct advice_input *in, struct advice *out)
{
	memset(out, 0, sizeof(*out));
	strbuf_init(&out->explain);
	out->recommended = ST_NONE;
	out->recompute_used = in->mem.rc;
	struct strbuf *e = &out->explain;
	const struct mem_input *m = &in->mem;
	int gpn = in->gpus_per_node > 0 ? in->gpus_per_node : 0;
	out->eval_gpus = in->eval_gpus > 0 ? in->eval_gpus : gpn ? gpn : 8;
	int k = layout_size(in);
	if (out->eval_gpus < k)
		out->eval_gpus = k;
	int dp = out->eval_gpus / k; /* data-parallel ranks */
	if (out->eval_gpus % k) {
		strbuf_addf(e, "%d GPUs are not a multiple of the job's tensor x pipeline%s layout (%d): the figures are for %d\n",
			    out->eval_gpus, in->job_cp > 1 ? " x context" : "", k, dp * k);
		out->eval_gpus = dp * k;
	}
	/* the ranks the data-parallel strategy shards over: data-parallel x context-parallel (a context-
	 * parallel group holds whole weights and reduces gradients with the data-parallel ranks) */
	int cpn = in->job_cp > 1 ? in->job_cp : 1;
	int N = dp * cpn;
	double w, g, o;
	widths(m->prec, &w, &g, &o);
	double P = m->params;

	if (k > 1 || in->job_ep > 1) {
		strbuf_addf(e, "parameters P = %.4g per GPU: the job's own layout, tensor parallel %d x pipeline parallel %d "
			       "(%s), splits the model's %.4g over %d GPUs (%.0f layers of %d on each; Narayanan et al. "
			       "2021, https://arxiv.org/abs/2104.04473)%s; N below is the data-parallel ranks, %s, and every GPU count is a multiple of %d\n",
			    P, in->job_tp > 1 ? in->job_tp : 1, in->job_pp > 1 ? in->job_pp : 1,
			    in->layout_from ? in->layout_from : "?", in->whole_params > 0 ? in->whole_params : P * k, k,
			    (double)m->layers,
			    m->layers * (in->job_pp > 1 ? in->job_pp : 1),
			    m->tp > 1 ? "; the activations are split t ways (sequence parallelism)" : "",
			    in->job_fsdp ? "DDP or FSDP" : "DDP or ZeRO-1 (Megatron's distributed optimizer)", k);
		if (cpn > 1)
			strbuf_addf(e,
				    "  context parallel %d (%s): each sequence is split %d ways, so are its activations; the "
				    "weights are whole on each of the %d, and N = data-parallel x context-parallel ranks "
				    "(Megatron Core, https://docs.nvidia.com/megatron-core/developer-guide/latest/api-guide/"
				    "context_parallel.html)\n",
				    cpn, in->layout_from ? in->layout_from : "?", cpn, cpn);
		if (in->job_fsdp)
			strbuf_adds(e, "  the job shards its data-parallel ranks with FSDP beside the layout (torchtitan's "
				       "FSDP2 with TP/PP/CP, https://github.com/pytorch/torchtitan/blob/main/docs/fsdp.md): "
				       "FSDP or DDP, not ZeRO\n");
		strbuf_addf(e, "  (the whole model: %s)\n", in->params_from ? in->params_from : "given");
		if (in->job_ep > 1)
			strbuf_addf(e,
				    "  expert parallel %d: the routed experts' %.4g parameters are split %d ways more, so a GPU "
				    "holds (P - %.4g) / %d + %.4g / %d; the data-parallel ranks are a multiple of %d\n",
				    in->job_ep, in->expert_params, in->job_ep, in->expert_params, k, in->expert_params,
				    k * in->job_ep, in->job_ep);
	} else
		strbuf_addf(e, "parameters P = %.4g (%s)\n", P, in->params_from ? in->params_from : "given");
	double active = mem_active_params(m);
	if (active > 0)
		strbuf_addf(e,
			    "  a mixture of experts: P is the total count and decides the memory (every expert of the %.0f "
			    "MoE layers is trained, so its weights, gradients and optimizer states are held, sharded or not); "
			    "about %.4g parameters are active per token (top-%d of %d routed experts%s: P - Lm x (E - k) x "
			    "%dh*I_e), which decide the compute and the MLP activations, not the model states\n",
			    moe_layers(m), active, m->moe.top_k, m->moe.experts, m->moe.shared > 0 ? " + the shared ones" : "",
			    m->gated ? 3 : 2);
	strbuf_addf(e,
		    "model states per parameter, %s Adam (ZeRO paper, Rajbhandari et al. 2020, "
		    "https://arxiv.org/abs/1910.02054): %.0f B weights + %.0f B gradients + %.0f B optimizer states "
		    "= %.0f B\n",
		    precision_name(m->prec), w, g, o, w + g + o);
	strbuf_addf(e, "  DDP            %.0fP          = %.1f GiB per GPU\n", w + g + o, (w + g + o) * P / GIB);
	strbuf_addf(e, "  ZeRO-1         %.0fP + %.0fP/N   = %.1f GiB at N=%d\n", w + g, o, ((w + g) * P + o * P / N) / GIB,
		    N);
	strbuf_addf(e, "  ZeRO-2         %.0fP + %.0fP/N   = %.1f GiB at N=%d\n", w, g + o, (w * P + (g + o) * P / N) / GIB,
		    N);
	strbuf_addf(e, "  ZeRO-3 / FSDP  %.0fP/N         = %.2f GiB at N=%d\n", w + g + o, (w + g + o) * P / N / GIB, N);
	if (m->prec == PREC_MIXED)
		strbuf_addf(e,
			    "  cross-check: DeepSpeed's estimators (estimate_zero2/3_model_states_mem_needs, "
			    "https://deepspeed.readthedocs.io/en/latest/memory.html) give ZeRO-2 4P + 16P/N = %.1f GiB and "
			    "ZeRO-3 18P/N (+ the largest layer) = %.2f GiB at N=%d; the Transformers docs budget 18 B per "
			    "parameter for mixed-precision AdamW (https://huggingface.co/docs/transformers/model_memory_anatomy) "
			    "= %.1f GiB unsharded. The figures here use the ZeRO paper's 16 B; a ZeRO-1/2 recommendation "
			    "also needs DeepSpeed's to fit.\n",
			    (4 * P + 16 * P / N) / GIB, 18 * P / N / GIB, N, 18 * P / GIB);
	double act = activations(m);
	if (act > 0) {
		int s = eff_seq(m), b = m->micro_batch > 0 ? m->micro_batch : 1;
		bool t5 = m->intermediate > 0 || m->head_dim > 0 || m->gated || m->cross_layers > 0 || moe_layers(m) > 0;
		bool scores = m->rc == RC_NONE && !m->flash;
		struct strbuf f = STRBUF_INIT;
		if (m->rc == RC_FULL)
			strbuf_adds(&f, "L*2*s*b*h");
		else if (!t5)
			strbuf_adds(&f, scores ? "L*s*b*h*(34 + 5*a*s/h)" : "L*34*s*b*h");
		else {
			if (moe_layers(m) > 0)
				strbuf_addf(&f, "(L-Lm)*(s*b*(10h + 8*d_a + %dI)%s) + Lm*(s*b*(10h + 8*d_a + 2h*(r-1) + r*%dI_e + "
						 "4E)%s)",
					    m->gated ? 6 : 4, scores ? " + 5*a*s^2*b" : "", m->gated ? 6 : 4,
					    scores ? " + 5*a*s^2*b" : "");
			else
				strbuf_addf(&f, "L*(s*b*(10h + 8*d_a + %dI)%s)", m->gated ? 6 : 4, scores ? " + 5*a*s^2*b" : "");
			if (m->cross_layers > 0)
				strbuf_addf(&f, " + Lx*(s*b*(5h + 8*d_a)%s)", scores ? " + 5*a*s^2*b" : "");
		}
		if (in->rc_from)
			strbuf_addf(e, "the job's own recomputation: %s at %s\n", in->rc_from, in->rc_src ? in->rc_src : "?");
		strbuf_addf(e,
			    "activations (Korthikanti et al. 2022, https://arxiv.org/abs/2205.05198, recomputation %s): %s "
			    "with L=%d s=%d%s b=%d%s h=%d a=%d",
			    recompute_name(m->rc), f.buf, m->layers, s, in->seq_assumed || m->seq <= 0 ? " (assumed)" : "", b,
			    in->batch_assumed || m->micro_batch <= 0 ? " (assumed)" : "", m->hidden, m->heads);
		if (t5 && m->rc != RC_FULL) {
			strbuf_addf(e, " d_a=%d I=%d", m->head_dim > 0 ? m->head_dim * m->heads : m->hidden,
				    m->intermediate > 0 ? m->intermediate : 4 * m->hidden);
			if (m->cross_layers > 0)
				strbuf_addf(e, " Lx=%d", m->cross_layers);
			if (moe_layers(m) > 0)
				strbuf_addf(e, " Lm=%.0f E=%d r=%d+%d I_e=%d", moe_layers(m), m->moe.experts, m->moe.top_k,
					    m->moe.shared,
					    m->moe.intermediate > 0 ? m->moe.intermediate
								    : m->intermediate > 0 ? m->intermediate : 4 * m->hidden);
		}
		if (m->tp > 1)
			strbuf_addf(e, ", / t=%d (tensor and sequence parallel)", m->tp);
		strbuf_addf(e, "%s = %.2f GiB per GPU\n", m->prec == PREC_FP32 ? ", x2 for fp32" : "", act / GIB);
		if (t5 && m->rc != RC_FULL)
			strbuf_addf(e,
				    "  (the model's own shape: attention %d heads of %d, MLP %d wide%s%s; Lx = the decoder "
				    "layers that also attend to the encoder, its sequence taken as s)\n",
				    m->heads, m->head_dim > 0 ? m->head_dim : m->hidden / m->heads,
				    m->intermediate > 0 ? m->intermediate : 4 * m->hidden, m->gated ? ", gated" : "",
				    m->cross_layers > 0 ? "" : ", no cross-attention");
		strbuf_release(&f);
		if (m->flash && m->rc == RC_NONE)
			strbuf_adds(e, "  (FlashAttention/SDPA: the attention scores are not kept, so the 5*a*s/h term drops)\n");
	} else {
		strbuf_adds(e, "activations: not estimated (no transformer shape: hidden size, layers and heads); "
			       "the figures below leave them out\n");
	}
	double gat = gathered(m);
	if (gat > 0)
		strbuf_addf(e, "ZeRO-3/FSDP gathered layers: 2 x %s x %.0f B = %.2f GiB\n",
			    m->layers > 0 ? "params/layers" : "12h^2", w, gat / GIB);
	strbuf_addf(e, "fixed overhead: %.1f GiB per GPU (CUDA context, cuBLAS and NCCL workspaces; 1-2 GiB typical)\n",
		    MEM_OVERHEAD_GIB);

	for (int st = 0; st < ST_COUNT; st++) {
		mem_per_gpu(m, (enum strategy)st, N, &out->at[st]);
		out->allowed[st] = !in->allowed || (in->allowed & (1u << st));
	}
	if (in->gpu_mem_gib <= 0) {
		strbuf_adds(e, "no cluster given: no GPU memory to compare with (add --cluster ID)\n");
		return;
	}
	out->usable_bytes = in->gpu_mem_gib * GIB * MEM_USABLE_FRACTION;
	strbuf_addf(e, "GPU: %s, %.0f GiB; usable %.0f%% = %.1f GiB (allocator fragmentation and reserves)\n",
		    in->gpu_model ? in->gpu_model : "?", in->gpu_mem_gib, MEM_USABLE_FRACTION * 100,
		    out->usable_bytes / GIB);
	if (k > 1 && cpn > 1)
		strbuf_addf(e, "per GPU at %d GPUs (%d data-parallel x %d, N=%d x %d):", dp * k, dp, k, dp, cpn);
	else if (k > 1)
		strbuf_addf(e, "per GPU at %d GPUs (N=%d data-parallel x %d):", N * k, N, k);
	else
		strbuf_addf(e, "per GPU at N=%d:", N);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		enum strategy st = order[i];
		out->min_gpus[st] = (mem_min_gpus(m, st, out->usable_bytes) + cpn - 1) / cpn; /* data-parallel ranks */
		if (in->job_ep > 1 && out->min_gpus[st] % in->job_ep) /* data-parallel ranks: a multiple of ep */
			out->min_gpus[st] += in->job_ep - out->min_gpus[st] % in->job_ep;
		out->min_gpus[st] *= k;
		strbuf_addf(e, "%s %s %.1f GiB", i ? "," : "", label(st), out->at[st].total / GIB);
	}
	/* ZeRO-1/2 run as DeepSpeed implements them: a recommendation needs DeepSpeed's own estimate to fit
	 * too (it is the same for both stages and above the paper's 2P + 14P/N: the half-precision gradients
	 * are whole until reduced); the paper's figures stay the table's */
	if (m->prec == PREC_MIXED && k == 1 && in->job_ep <= 1) {
		int ds = ds_stage12_min_gpus(m, out->usable_bytes);
		if (out->allowed[ST_ZERO1] || out->allowed[ST_ZERO2]) {
			strbuf_adds(e, "\nZeRO-1/2 fit by DeepSpeed's estimator too (4P + 16P/N, "
				       "estimate_zero2_model_states_mem_needs, the same for stages 1 and 2): ");
			if (ds)
				strbuf_addf(e, "at N >= %d (%.1f GiB per GPU there)", ds,
					    (4 * P + 16 * P / ds + activations(m)) / GIB + MEM_OVERHEAD_GIB);
			else
				strbuf_adds(e, "never (4P with the activations alone exceeds a GPU)");
		}
		for (int st = ST_ZERO1; st <= ST_ZERO2; st++)
			if (out->min_gpus[st] && (!ds || ds > out->min_gpus[st]))
				out->min_gpus[st] = ds;
	}
	strbuf_adds(e, "\nsmallest GPU count that fits:");
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		enum strategy st = order[i];
		if (out->min_gpus[st])
			strbuf_addf(e, "%s %s %d", i ? "," : "", label(st), out->min_gpus[st]);
		else
			strbuf_addf(e, "%s %s never", i ? "," : "", label(st));
		if (!out->allowed[st])
			strbuf_adds(e, k > 1 || in->job_ep > 1 ? " (not beside the job's tensor/pipeline layout)"
							    : " (not available to this framework)");
	}
	strbuf_addch(e, '\n');
	/* the first strategy in order that fits at the requested count; else the one needing fewest GPUs */
	enum strategy rec = ST_NONE;
	if (in->gpus_given)
		for (size_t i = 0; i < sizeof(order) / sizeof(order[0]) && rec == ST_NONE; i++)
			if (out->allowed[order[i]] && out->min_gpus[order[i]] && out->min_gpus[order[i]] <= out->eval_gpus)
				rec = order[i];
	if (rec == ST_NONE)
		for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
			enum strategy st = order[i];
			if (out->allowed[st] && out->min_gpus[st] &&
			    (rec == ST_NONE || out->min_gpus[st] < out->min_gpus[rec]))
				rec = st;
		}
	if (rec == ST_NONE) {
		if (in->mem.rc == RC_FULL)
			strbuf_adds(e, "recommended: nothing fits - the model does not fit on any number of these GPUs with "
				       "data parallelism and sharding alone: the unsharded part (activations, gathered layers, "
				       "overhead) exceeds a GPU even with full recomputation; a shorter sequence, a smaller "
				       "micro-batch, or tensor/pipeline/context parallelism\n");
		else
			strbuf_adds(e, "recommended: nothing fits - the unsharded part (activations, overhead) alone exceeds a "
				       "GPU; use activation recomputation (--recompute full), a smaller micro-batch or sequence, "
				       "or tensor/pipeline parallelism\n");
		return;
	}
	out->recommended = rec;
	out->min_gpus_rec = out->min_gpus[rec];
	out->min_nodes_rec = gpn ? (out->min_gpus_rec + gpn - 1) / gpn : 0;
	strbuf_addf(e, "recommended: %s, at least %d GPU%s", label(rec), out->min_gpus_rec,
		    out->min_gpus_rec == 1 ? "" : "s");
	if (gpn)
		strbuf_addf(e, " = %d node%s of %d GPUs", out->min_nodes_rec, out->min_nodes_rec == 1 ? "" : "s", gpn);
	if (in->gpus_given && out->min_gpus_rec <= out->eval_gpus)
		strbuf_addf(e, " (the simplest strategy that fits at the %d GPUs asked for)", out->eval_gpus);
	else
		strbuf_adds(e, " (the strategy that fits on the fewest GPUs; ties go to the one with less communication)");
	strbuf_addch(e, '\n');
}

/* What a recommendation costs: nodes (GPUs without a node size); "does not fit" is the worst. */
static double cost(const struct advice_input *in, const struct advice *a)
{
	if (a->recommended == ST_NONE)
		return 1e18;
	if (in->gpus_given && a->min_gpus_rec <= a->eval_gpus)
		return 0; /* fits at the count asked for */
	return in->gpus_per_node > 0 ? a->min_nodes_rec : a->min_gpus_rec;
}

/* Tensor (within a node) and pipeline parallel layouts, for a model that sharding alone spreads
 * over many nodes: per GPU, a t-way tensor and p-way pipeline split divide the weights, gradients,
 * optimizer states and activations by t*p (Narayanan et al. 2021, https://arxiv.org/abs/2104.04473),
 * and ZeRO-1 shards the optimizer over the data-parallel rest. */
static void parallel_options(const struct advice_input *in, struct advice *out)
{
	if (in->gpu_mem_gib <= 0 || out->usable_bytes <= 0 || layout_size(in) > 1 || in->job_ep > 1)
		return; /* the job has its own layout */
	int gpn = in->gpus_per_node > 0 ? in->gpus_per_node : 8;
	double cur = out->recommended == ST_NONE ? 1e18 : out->min_gpus_rec;
	if (out->recommended != ST_NONE && cur <= 4 * gpn)
		return;
	struct strbuf *e = &out->explain;
	strbuf_adds(e, "tensor/pipeline parallel options (sharding alone needs many GPUs):\n");
	static const int tps[] = {1, 2, 4, 8};
	static const int pps[] = {1, 2, 4, 8, 16, 32, 64};
	int shown = 0;
	for (size_t i = 0; i < sizeof(tps) / sizeof(tps[0]); i++) {
		int t = tps[i];
		if (t > gpn || (in->mem.heads > 0 && in->mem.heads % t))
			continue;
		for (size_t j = 0; j < sizeof(pps) / sizeof(pps[0]); j++) {
			int p = pps[j];
			if (t * p == 1 || (in->mem.layers > 0 && p > in->mem.layers))
				continue;
			struct mem_input m = in->mem;
			m.params = in->mem.params / (t * p);
			m.layers = in->mem.layers > 0 ? (in->mem.layers + p - 1) / p : 0;
			m.cross_layers = in->mem.cross_layers > 0 ? (in->mem.cross_layers + p - 1) / p : 0;
			m.hidden = in->mem.hidden;
			struct mem_breakdown b;
			mem_per_gpu(&m, ST_ZERO1, 1, &b);
			/* activations of a tensor-parallel layer are split t ways (with sequence parallelism) */
			double act_share = activations(&m) * (1.0 - 1.0 / t);
			int dp = mem_min_gpus(&m, ST_ZERO1, out->usable_bytes + act_share);
			if (!dp)
				continue;
			int gpus = dp * t * p;
			int nodes = (gpus + gpn - 1) / gpn;
			strbuf_addf(e, "  TP=%d x PP=%d x DP=%d (ZeRO-1) = %d GPUs = %d node%s\n", t, p, dp, gpus, nodes,
				    nodes == 1 ? "" : "s");
			if (++shown >= 4)
				return;
			break; /* the smallest pipeline that fits for this t */
		}
	}
	if (!shown)
		strbuf_adds(e, "  none of TP<=8 x PP<=64 fits either: the activations or the largest layer exceed a GPU\n");
}

/* The job's own tensor/pipeline layout: one GPU's share of the model, and the data-parallel
 * strategies Megatron and NeMo run beside it (DDP, or ZeRO-1 as the distributed optimizer; ZeRO-2/3
 * and FSDP do not combine with pipeline parallelism, DeepSpeed docs). */
static void job_layout(const struct advice_input *in, struct advice_input *lay)
{
	*lay = *in;
	int t = in->job_tp > 1 ? in->job_tp : 1, p = in->job_pp > 1 ? in->job_pp : 1;
	lay->mem.params = in->mem.params / (t * p);
	lay->whole_params = in->mem.params;
	lay->expert_params = 0;
	if (in->job_ep > 1 && moe_layers(&in->mem) > 0 && in->mem.hidden > 0) {
		/* the routed experts' weights: Lm x E x (3 if gated else 2) x h x I_e, split ep ways more */
		double Ie = in->mem.moe.intermediate > 0 ? in->mem.moe.intermediate
			    : in->mem.intermediate > 0	 ? in->mem.intermediate
							 : 4.0 * in->mem.hidden;
		double pe = moe_layers(&in->mem) * in->mem.moe.experts * (in->mem.gated ? 3 : 2) * in->mem.hidden * Ie;
		if (pe < in->mem.params) {
			lay->expert_params = pe;
			lay->mem.params = (in->mem.params - pe) / (t * p) + pe / ((double)t * p * in->job_ep);
		}
	}
	if (lay->expert_params <= 0)
		lay->job_ep = 0;
	lay->mem.layers = in->mem.layers > 0 ? (in->mem.layers + p - 1) / p : 0;
	lay->mem.cross_layers = in->mem.cross_layers > 0 ? (in->mem.cross_layers + p - 1) / p : 0;
	lay->mem.tp = t;
	lay->mem.cp = in->job_cp > 1 ? in->job_cp : 1;
	unsigned beside = in->job_fsdp ? 1u << ST_DDP | 1u << ST_FSDP : 1u << ST_DDP | 1u << ST_ZERO1;
	lay->allowed = (in->allowed ? in->allowed : ~0u) & beside;
	if (!lay->allowed)
		lay->allowed = beside;
}

void advise(const struct advice_input *in_job, struct advice *out)
{
	struct advice_input lay;
	const struct advice_input *in = in_job;
	if (layout_size(in_job) > 1 || in_job->job_ep > 1) {
		job_layout(in_job, &lay);
		in = &lay;
	}
	advise_once(in, out);
	if (in->rc_given || in->mem.rc == RC_FULL || in->gpu_mem_gib <= 0 || activations(&in->mem) <= 0) {
		parallel_options(in, out);
		return;
	}
	/* every recomputation level; keep the one that needs the fewest nodes (ties: less recomputation, except
	 * that DDP with selective recomputation, a few percent of compute, beats a sharded strategy without it:
	 * less communication; a ViT whose activations fit one GPU so runs DDP rather than ZeRO-1 over two GPUs.
	 * Full recomputation, about a third more compute, is not worth that) */
	struct advice_input more = *in;
	double best = cost(in, out);
	bool none_fits = out->recommended == ST_NONE;
	while (more.mem.rc != RC_FULL) {
		more.mem.rc = more.mem.rc == RC_NONE ? RC_SELECTIVE : RC_FULL;
		struct advice next;
		advise_once(&more, &next);
		double c = cost(&more, &next);
		bool to_ddp = c == best && c < 1e18 && more.mem.rc == RC_SELECTIVE && out->recommended != ST_DDP &&
			      next.recommended == ST_DDP;
		if (c < best || to_ddp) {
			struct strbuf e = STRBUF_INIT;
			strbuf_addf(&e,
				    "without activation recomputation: %s (activations %.1f GiB per GPU); %s recomputation "
				    "needs the fewest %s (FlashAttention/SDPA attention saves about as much as selective):\n",
				    none_fits ? "nothing fits" : to_ddp ? "a sharded strategy on as many nodes" : "more nodes",
				    activations(&in->mem) / GIB,
				    recompute_name(more.mem.rc), in->gpus_per_node > 0 ? "nodes" : "GPUs");
			strbuf_adds(&e, next.explain.buf);
			strbuf_release(&next.explain);
			next.explain = e;
			next.recompute_used = more.mem.rc;
			advice_release(out);
			*out = next;
			best = c;
		} else {
			advice_release(&next);
		}
	}
	if (out->recommended == ST_NONE && out->recompute_used != RC_FULL) {
		/* no level fits: the figures of full recomputation, the least memory there is, and say so */
		more.mem.rc = RC_FULL;
		struct advice full;
		advise_once(&more, &full);
		struct strbuf e = STRBUF_INIT;
		strbuf_addf(&e, "does not fit: no recomputation level makes it fit (without: activations %.1f GiB per GPU); "
				"the figures with full recomputation:\n",
			    activations(&in->mem) / GIB);
		strbuf_adds(&e, full.explain.buf);
		strbuf_release(&full.explain);
		full.explain = e;
		full.recompute_used = RC_FULL;
		advice_release(out);
		*out = full;
	}
	parallel_options(in, out);
	return;
}

void advice_release(struct advice *a)
{
	strbuf_release(&a->explain);
}
