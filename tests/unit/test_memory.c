/* test_memory.c - src/advise: the memory arithmetic against published figures, the parameter count
 * from a shape against model cards, the recommendation, the walltime estimate and the model data. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "advise/job.h"
#include "advise/memory.h"
#include "advise/models.h"
#include "advise/offload.h"
#include "advise/walltime.h"
#include "logs/logread.h"

#include "testutil.h"

#define GB 1e9

static void assert_near(double got, double want, double tol)
{
	if (fabs(got - want) > tol)
		fail_msg("got %.6g, want %.6g (+-%.3g)", got, want, tol);
}

/* Rajbhandari et al. 2020, "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models",
 * https://arxiv.org/abs/1910.02054, Figure 1: a 7.5B-parameter model with mixed-precision Adam
 * (K = 12) on 64 GPUs needs per GPU 120 GB (baseline data parallelism), 31.4 GB (P_os, ZeRO-1),
 * 16.6 GB (P_os+g, ZeRO-2) and 1.9 GB (P_os+g+p, ZeRO-3). */
static void zero_paper_figure1(void **state)
{
	(void)state;
	struct mem_input in = {.params = 7.5e9, .prec = PREC_MIXED};
	struct mem_breakdown b;
	mem_per_gpu(&in, ST_DDP, 64, &b);
	assert_near(b.model_states / GB, 120, 0.05);
	mem_per_gpu(&in, ST_ZERO1, 64, &b);
	assert_near(b.model_states / GB, 31.4, 0.05);
	mem_per_gpu(&in, ST_ZERO2, 64, &b);
	assert_near(b.model_states / GB, 16.6, 0.05);
	mem_per_gpu(&in, ST_ZERO3, 64, &b);
	assert_near(b.model_states / GB, 1.9, 0.05);
	mem_per_gpu(&in, ST_FSDP, 64, &b); /* FSDP full shard = ZeRO-3 */
	assert_near(b.model_states / GB, 1.9, 0.05);
	/* the same paper, section 5.3: 1 trillion parameters on 1024 GPUs with ZeRO-3 = 16 TB / 1024 = 15.6 GB */
	struct mem_input t = {.params = 1e12, .prec = PREC_MIXED};
	mem_per_gpu(&t, ST_ZERO3, 1024, &b);
	assert_near(b.model_states / GB, 15.6, 0.05);
	/* the parts: 2 + 2 + 12 bytes per parameter under DDP */
	mem_per_gpu(&in, ST_DDP, 1, &b);
	assert_near(b.weights, 2 * 7.5e9, 1);
	assert_near(b.grads, 2 * 7.5e9, 1);
	assert_near(b.optim, 12 * 7.5e9, 1);
}

static void fp32_widths(void **state)
{
	(void)state;
	struct mem_input in = {.params = 1e9, .prec = PREC_FP32};
	struct mem_breakdown b;
	mem_per_gpu(&in, ST_ZERO1, 4, &b); /* 4 + 4 + 8/4 */
	assert_near(b.model_states / GB, 10, 1e-6);
	mem_per_gpu(&in, ST_ZERO2, 4, &b); /* 4 + 12/4 */
	assert_near(b.model_states / GB, 7, 1e-6);
}

/* Korthikanti et al. 2022, https://arxiv.org/abs/2205.05198, eq. 2: s*b*h*(34 + 5*a*s/h) bytes per
 * layer without recomputation; 34*s*b*h with selective recomputation; 2*s*b*h stored per layer with
 * full recomputation. GPT-3 175B shape: s=2048, h=12288, a=96, L=96. */
static void korthikanti_activations(void **state)
{
	(void)state;
	struct mem_input in = {.params = 175e9, .hidden = 12288, .layers = 96, .heads = 96, .seq = 2048,
			       .micro_batch = 1, .prec = PREC_MIXED};
	struct mem_breakdown b;
	mem_per_gpu(&in, ST_DDP, 1, &b);
	double per_layer = 2048.0 * 12288 * (34 + 5.0 * 96 * 2048 / 12288);
	assert_near(b.activations, 96 * per_layer, 1);
	in.rc = RC_SELECTIVE;
	mem_per_gpu(&in, ST_DDP, 1, &b);
	assert_near(b.activations, 96 * 34.0 * 2048 * 12288, 1);
	in.rc = RC_FULL;
	mem_per_gpu(&in, ST_DDP, 1, &b);
	assert_near(b.activations, 96 * 2.0 * 2048 * 12288, 1);
	/* activations are not sharded by ZeRO */
	struct mem_breakdown z;
	mem_per_gpu(&in, ST_ZERO3, 64, &z);
	assert_near(z.activations, b.activations, 1);
	assert_true(z.gathered > 0 && b.gathered == 0);
}

/* T5-11B (google-t5/t5-11b config.json: d_model 1024, d_kv 128, 128 heads, d_ff 65536, 24 + 24 layers),
 * s = 512, b = 1, by hand from the per-token terms: a layer keeps 10h + 8*d_a + 4I bytes per token
 * plus 5as^2b of scores; a decoder layer's cross-attention adds 5h + 8*d_a per token plus its scores.
 * The standard shape's 34h is the same sum with d_a = h and I = 4h. */
static void t5_style_activations(void **state)
{
	(void)state;
	struct mem_input in = {.params = 11e9, .hidden = 1024, .layers = 48, .heads = 128, .seq = 512,
			       .micro_batch = 1, .prec = PREC_MIXED, .intermediate = 65536, .head_dim = 128,
			       .cross_layers = 24};
	struct mem_breakdown b;
	mem_per_gpu(&in, ST_DDP, 1, &b);
	double scores = 5.0 * 128 * 512 * 512;
	double layer = 512.0 * (10 * 1024 + 8 * 16384 + 4 * 65536) + scores;
	double cross = 512.0 * (5 * 1024 + 8 * 16384) + scores;
	assert_near(b.activations, 48 * layer + 24 * cross, 1);
	assert_near(b.activations, 23668457472.0, 1); /* 22.04 GiB; the standard shape's formula gives 8.3 */
	in.rc = RC_SELECTIVE;
	mem_per_gpu(&in, ST_DDP, 1, &b);
	assert_near(b.activations, 48 * (layer - scores) + 24 * (cross - scores), 1);
	in.rc = RC_FULL; /* each layer's input only */
	mem_per_gpu(&in, ST_DDP, 1, &b);
	assert_near(b.activations, 48 * 2.0 * 512 * 1024, 1);
	/* a gated MLP keeps gate, up and their product: 6I */
	struct mem_input g = {.params = 3e9, .hidden = 2048, .layers = 48, .heads = 32, .seq = 512, .micro_batch = 1,
			      .prec = PREC_MIXED, .intermediate = 5120, .gated = true, .cross_layers = 24};
	mem_per_gpu(&g, ST_DDP, 1, &b);
	double gs = 5.0 * 32 * 512 * 512;
	assert_near(b.activations,
		    48 * (512.0 * (10 * 2048 + 8 * 2048 + 6 * 5120) + gs) + 24 * (512.0 * (5 * 2048 + 8 * 2048) + gs), 1);
	/* the standard shape written out in full gives the paper's figure */
	struct mem_input std = {.params = 175e9, .hidden = 12288, .layers = 96, .heads = 96, .seq = 2048,
				.micro_batch = 1, .prec = PREC_MIXED, .intermediate = 4 * 12288, .head_dim = 128};
	mem_per_gpu(&std, ST_DDP, 1, &b);
	assert_near(b.activations, 96 * 2048.0 * 12288 * (34 + 5.0 * 96 * 2048 / 12288), 1);
}

/* Parameter counts from config shapes against the model cards: Llama-2-7B 6,738,415,616
 * (https://huggingface.co/meta-llama/Llama-2-7b-hf) and GPT-2 124M
 * (https://huggingface.co/openai-community/gpt2). */
static void params_from_shapes(void **state)
{
	(void)state;
	struct model_shape llama = {.hidden = 4096, .layers = 32, .heads = 32, .vocab = 32000, .seq = 4096,
				    .intermediate = 11008, .gated = true, .untied = true};
	double p = params_from_shape(&llama, NULL);
	assert_near(p / 6738415616.0, 1, 0.005);
	struct model_shape gpt2 = {.hidden = 768, .layers = 12, .heads = 12, .vocab = 50257, .seq = 1024, .learned_pos = true};
	p = params_from_shape(&gpt2, NULL);
	assert_near(p / 124439808.0, 1, 0.01);
	struct model_shape none = {.hidden = 768};
	assert_true(params_from_shape(&none, NULL) == 0);
}

/* a mixture of experts: the total count decides the memory, the active one is the total less the routed
 * experts a token skips (Mixtral 8x22B: about 39B active of 141B; Qwen1.5-MoE-A2.7B: 2.7B of 14.3B) */
static void moe_active_params(void **state)
{
	(void)state;
	struct mem_input mx = {.params = 140630071296.0, .hidden = 6144, .layers = 56, .heads = 48, .intermediate = 16384,
			       .gated = true, .moe = {.experts = 8, .top_k = 2, .intermediate = 16384}};
	assert_near(mem_active_params(&mx) / 39.15e9, 1, 0.01);
	struct mem_input qm = {.params = 14.3e9, .hidden = 2048, .layers = 24, .heads = 16, .gated = true,
			       .moe = {.experts = 60, .top_k = 4, .shared = 4, .intermediate = 1408}};
	assert_near(mem_active_params(&qm) / 2.69e9, 1, 0.02);
	struct mem_input dense = {.params = 7e9, .hidden = 4096, .layers = 32, .heads = 32};
	assert_true(mem_active_params(&dense) == 0);
}

static void recommendation(void **state)
{
	(void)state;
	/* Llama-2-7B on 40 GiB A100s, 4 per node, selective recomputation, s=4096 b=1 */
	struct advice_input ai = {.mem = {.params = 6738415616.0, .hidden = 4096, .layers = 32, .heads = 32, .seq = 4096,
					  .micro_batch = 1, .prec = PREC_MIXED, .rc = RC_SELECTIVE},
				  .gpu_mem_gib = 40, .gpu_model = "A100", .gpus_per_node = 4, .rc_given = true};
	struct advice a;
	advise(&ai, &a);
	assert_int_equal(a.min_gpus[ST_DDP], 0); /* 16 x 6.74e9 B = 100 GiB never fits */
	assert_int_equal(a.recommended, ST_FSDP);
	/* by hand: fixed = activations 34*4096*4096*32 + gathered 2*(P/32)*2 + 1.5 GiB; sharded 16P */
	double fixed = 34.0 * 4096 * 4096 * 32 + 2 * (6738415616.0 / 32) * 2 + 1.5 * GIB;
	int n = (int)ceil(16 * 6738415616.0 / (40 * GIB * 0.9 - fixed));
	assert_int_equal(a.min_gpus_rec, n);
	assert_int_equal(a.min_nodes_rec, (n + 3) / 4);
	assert_contains(a.explain.buf, "arxiv.org/abs/1910.02054");
	assert_contains(a.explain.buf, "arxiv.org/abs/2205.05198");
	advice_release(&a);
	/* GPT-2 fits under DDP on one GPU */
	struct advice_input small = {.mem = {.params = 124439808, .hidden = 768, .layers = 12, .heads = 12, .seq = 1024,
					     .prec = PREC_MIXED},
				     .gpu_mem_gib = 40, .gpus_per_node = 4};
	advise(&small, &a);
	assert_int_equal(a.recommended, ST_DDP);
	assert_int_equal(a.min_gpus_rec, 1);
	assert_int_equal(a.min_nodes_rec, 1);
	advice_release(&a);
	/* a framework limits the choice: DeepSpeed never gets FSDP, PyTorch never ZeRO */
	ai.allowed = 1u << ST_ZERO1 | 1u << ST_ZERO2 | 1u << ST_ZERO3;
	advise(&ai, &a);
	assert_int_equal(a.recommended, ST_ZERO3);
	advice_release(&a);
	/* nothing fits without recomputation: escalated, and said */
	ai.allowed = 0;
	ai.rc_given = false;
	ai.mem.rc = RC_NONE;
	advise(&ai, &a);
	assert_true(a.recommended != ST_NONE);
	assert_true(a.recompute_used != RC_NONE);
	assert_contains(a.explain.buf, "without activation recomputation: nothing fits");
	advice_release(&a);
}

static void walltime_estimate(void **state)
{
	(void)state;
	struct log_report r;
	log_report_init(&r);
	const char *log = "2024-01-01 00:00:00 step 100/1000 loss 2.0\n2024-01-01 01:00:00 step 200/1000 loss 1.9\n";
	log_feed(&r, log, strlen(log), true);
	/* rate from the timestamped steps: 100 steps / 3600 s; 800 left = 28800 s; total 32400 s = 9 h at 4 GPUs */
	struct wall_advice w;
	wall_advise(&r, 4, 8, NULL, NULL, 2, &w);
	assert_true(w.ok);
	assert_near(w.total_s, 32400, 1);
	assert_near(w.est_s, 32400 * 0.5 / 0.9, 1);
	assert_int_equal(w.suggest_min, (int)(ceil((w.est_s * 1.2 + 600) / 60 / 15) * 15));
	wall_advice_release(&w);
	/* over a queue limit: capped, with the number of runs */
	struct repo *repo = tu_open_real_repo();
	const struct cluster *c = repo_cluster(repo, "perlmutter");
	const struct queue *dq = cluster_queue(c, "debug");
	assert_non_null(dq);
	wall_advise(&r, 4, 4, c, "debug", 1, &w);
	assert_int_equal(w.suggest_min, dq->max_walltime_min);
	assert_true(w.runs > 1);
	assert_contains(w.explain.buf, "checkpointed runs");
	wall_advice_release(&w);
	repo_destroy(repo);
	log_report_release(&r);
}

static void model_data(void **state)
{
	(void)state;
	struct strvec dirs = STRVEC_INIT;
	strvec_push(&dirs, MAPLE_SOURCE_DIR "/data");
	struct maple_error err;
	struct model_db *db = model_db_open(&dirs, &err);
	if (!db)
		fail_msg("%s", err.text);
	const struct model_info *m = model_db_find(db, "meta-llama/Llama-2-7b-hf");
	assert_non_null(m);
	assert_string_equal(m->id, "llama-2-7b");
	assert_near(m->params, 6.74e9, 0.01e9); /* model card: 6.74B */
	assert_string_equal(model_db_find(db, "llama-2-7b-chat-hf")->id, "llama-2-7b");
	assert_string_equal(model_db_find(db, "gpt2-xl")->id, "gpt2-xl");
	assert_string_equal(model_db_find(db, "GPT-2")->id, "gpt2");
	assert_string_equal(model_db_find(db, "ViT")->id, "vit-b-16");
	assert_string_equal(model_db_find(db, "vit_base_patch16_224")->id, "vit-b-16");
	assert_string_equal(model_db_find(db, "bert-base-uncased")->id, "bert-base");
	assert_near(model_db_find(db, "resnet50")->params, 25557032, 0.5); /* torchvision: 25,557,032 */
	assert_near(model_db_find(db, "Meta-Llama-3-8B")->params, 8.03e9, 0.01e9);
	assert_near(model_db_find(db, "mistralai/Mistral-7B-v0.1")->params, 7.24e9, 0.01e9);
	assert_null(model_db_find(db, "no-such-model"));
	const struct model_info *t5 = model_db_find(db, "google-t5/t5-11b"); /* its config.json */
	assert_true(t5 && t5->kind == MK_ENCDEC && t5->head_dim == 128 && t5->intermediate == 65536 && !t5->gated);
	assert_true(model_db_find(db, "google/flan-t5-xxl")->gated);
	for (size_t i = 0; i < model_db_count(db); i++)
		assert_true(!strncmp(model_db_at(db, i)->source, "https://", 8));
	model_db_destroy(db);
	/* validation: unknown keys, a bad count, a missing source, one message each with file:line */
	char *d = tu_mkdtemp();
	tu_write(d, "models/bad.yaml",
		 "family: x\nkind: decoder\nsource: https://example.org\nmodels:\n"
		 "  - id: a\n    params: lots\n    source: https://example.org\n"
		 "  - id: b\n    params: 1B\n    colour: red\n"
		 "  - id: c\n    params: 2B\n    source: not-a-url\n    hidden_size: 8\n"
		 "  - id: d\n    params: 2B\n    source: https://example.org\n    mlp: swiglu\n    head_dim: 64\n");
	strvec_clear(&dirs);
	strvec_push(&dirs, d);
	assert_null(model_db_open(&dirs, &err));
	assert_contains(err.text, "bad.yaml:6: params 'lots' is not a count");
	assert_contains(err.text, "unknown key 'colour'");
	assert_contains(err.text, "missing required field 'source'");
	assert_contains(err.text, "'not-a-url' is not a URL");
	assert_contains(err.text, "give hidden_size, layers and heads together");
	assert_contains(err.text, "mlp 'swiglu' is not gated or plain");
	assert_contains(err.text, "model 'd': intermediate_size, head_dim and mlp describe a transformer's shape");
	strvec_clear(&dirs);
	tu_rm_rf(d);
	free(d);
	assert_near(parse_param_count("1.3B"), 1.3e9, 1);
	assert_near(parse_param_count("350M"), 3.5e8, 1);
	assert_true(parse_param_count("x") < 0);
	assert_true(parse_param_count("3Q") < 0);
}

/* ZeRO-3 offloaded (DeepSpeed's estimate_zero3_model_states_mem_needs with zero_init): parameters and optimizer
 * on the CPU take 18 B x 1.5 a parameter of host memory over the nodes, the optimizer alone 16 B x 1.5; the GPU
 * keeps the gathered layers (and, the optimizer alone offloaded, 2P/N of weights). Llama-2-70B's shape at 4096
 * tokens on 40 GB GPUs, 4 a node, 256 GB nodes: 1734.5 GiB of host memory, 8 nodes (216.8 GiB each), and only
 * full recomputation fits the GPU. */
static void offload_host_memory(void **state)
{
	(void)state;
	struct mem_input m = {.params = 68.98e9, .hidden = 8192, .layers = 80, .heads = 64, .intermediate = 28672,
			      .gated = true, .seq = 4096, .micro_batch = 1, .prec = PREC_MIXED};
	struct offload_advice oa;
	struct strbuf e = STRBUF_INIT;
	offload_advise(&m, OFFLOAD_CPU, false, 40, 4, 256, &oa, &e);
	assert_true(oa.fits);
	assert_int_equal(oa.nodes, 8);
	assert_int_equal(oa.gpus, 32);
	assert_int_equal(oa.rc, RC_FULL);
	assert_near(oa.host_bytes_total / GIB, 1734.5, 0.5);
	assert_near(oa.host_bytes_node / GIB, 216.8, 0.1);
	/* the optimizer alone: 16 B x 1.5 */
	offload_advise(&m, OFFLOAD_OPTIMIZER, false, 40, 4, 256, &oa, &e);
	assert_near(oa.host_bytes_total / GIB, 1541.8, 0.5);
	/* no node memory known: no count */
	offload_advise(&m, OFFLOAD_CPU, false, 40, 4, 0, &oa, &e);
	assert_false(oa.fits);
	assert_int_equal(offload_from_name("cpu"), OFFLOAD_CPU);
	assert_int_equal(offload_from_name("disk"), -1);
	strbuf_release(&e);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(zero_paper_figure1), cmocka_unit_test(fp32_widths),
		cmocka_unit_test(korthikanti_activations), cmocka_unit_test(t5_style_activations), cmocka_unit_test(params_from_shapes),
		cmocka_unit_test(moe_active_params),
		cmocka_unit_test(recommendation), cmocka_unit_test(walltime_estimate),
		cmocka_unit_test(model_data), cmocka_unit_test(offload_host_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
