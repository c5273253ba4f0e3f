/* offload.c - ZeRO-3 with the model states in host memory: the GPU's share, the host's share per node and the
 * fewest nodes that hold both (offload.h has the estimator it follows). */
#include "offload.h"

#include <math.h>
#include <string.h>

int offload_from_name(const char *s)
{
	if (!s)
		return -1;
	if (!strcmp(s, "cpu") || !strcmp(s, "param") || !strcmp(s, "params") || !strcmp(s, "all"))
		return OFFLOAD_CPU;
	if (!strcmp(s, "optimizer") || !strcmp(s, "optim"))
		return OFFLOAD_OPTIMIZER;
	if (!strcmp(s, "none") || !strcmp(s, "no"))
		return OFFLOAD_NONE;
	return -1;
}

const char *offload_name(enum offload o)
{
	return o == OFFLOAD_CPU ? "cpu" : o == OFFLOAD_OPTIMIZER ? "optimizer" : "none";
}

/* The GPU's bytes at n GPUs in all: the gathered layers, the activations and the overhead of ZeRO-3's breakdown
 * (memory.c), plus the 16-bit weights' shard when only the optimizer is offloaded. */
static double gpu_share(const struct mem_input *m, enum offload o, int n)
{
	struct mem_breakdown b;
	mem_per_gpu(m, ST_ZERO3, n, &b);
	double v = b.gathered + b.activations + b.overhead;
	if (o == OFFLOAD_OPTIMIZER)
		v += 2 * m->params / (n > 0 ? n : 1);
	return v;
}

void offload_advise(const struct mem_input *m_in, enum offload o, bool rc_given, double gpu_mem_gib, int gpus_per_node,
		    double host_gib, struct offload_advice *out, struct strbuf *e)
{
	memset(out, 0, sizeof(*out));
	int gpn = gpus_per_node > 0 ? gpus_per_node : 1;
	double usable = MEM_USABLE_FRACTION * gpu_mem_gib * GIB;
	double P = m_in->params;
	double per_param = o == OFFLOAD_CPU ? 18 : 16;
	out->host_bytes_total = P * per_param * 1.5;
	out->host_usable_bytes = MEM_USABLE_FRACTION * host_gib * GIB;
	strbuf_addf(e, "\nZeRO-3 with %s offloaded to the CPU (DeepSpeed's estimate_zero3_model_states_mem_needs, "
		       "zero_init, buffer factor 1.5):\n",
		    o == OFFLOAD_CPU ? "the parameters and the optimizer states" : "the optimizer states");
	strbuf_addf(e, "  host: %g B x params x 1.5 = %.1f GiB in all, spread over the nodes; a node has %.0f GB, "
		       "usable 90%% = %.1f GiB\n",
		    per_param, out->host_bytes_total / GIB, host_gib, out->host_usable_bytes / GIB);
	if (host_gib <= 0) {
		strbuf_adds(e, "  the cluster's node memory is not known: no node count can be given\n");
		return;
	}
	int host_nodes = (int)ceil(out->host_bytes_total / out->host_usable_bytes - 1e-9);
	if (host_nodes < 1)
		host_nodes = 1;
	/* each recomputation level: the fewest nodes whose GPUs hold their share; the level with the fewest nodes
	 * wins (ties: less recomputation), as for the GPU-only advice */
	struct mem_input m = *m_in;
	enum recompute first = rc_given ? m_in->rc : RC_NONE, last = rc_given ? m_in->rc : RC_FULL;
	for (int r = first; r <= (int)last; r++) {
		m.rc = (enum recompute)r;
		int nodes = host_nodes;
		bool ok = gpu_share(&m, o, 1 << 30) <= usable; /* the share that does not shrink with the GPUs */
		while (ok && gpu_share(&m, o, nodes * gpn) > usable)
			nodes++;
		double g = gpu_share(&m, o, nodes * gpn);
		strbuf_addf(e, "  GPU with %s recomputation: gathered layers + activations + overhead%s = %.1f GiB of %.1f "
			       "usable%s\n",
			    recompute_name(m.rc), o == OFFLOAD_OPTIMIZER ? " + 2P/N weights" : "", g / GIB, usable / GIB,
			    ok ? "" : " - does not fit");
		if (ok && (!out->fits || nodes < out->nodes)) {
			out->fits = true;
			out->nodes = nodes;
			out->gpus = nodes * gpn;
			out->rc = m.rc;
			out->gpu_bytes = g;
			out->host_bytes_node = out->host_bytes_total / nodes;
		}
	}
	if (!out->fits) {
		strbuf_adds(e, "  offloaded: nothing fits - the layers gathered and the activations alone exceed a GPU "
			       "(a shorter sequence, a smaller micro-batch, or tensor/pipeline parallelism)\n");
		return;
	}
	strbuf_addf(e, "  offloaded: at least %d node%s (%d GPUs), %.1f GiB of host memory per node (the host memory "
		       "decides: %d node%s), %.1f GiB per GPU\n",
		    out->nodes, out->nodes == 1 ? "" : "s", out->gpus, out->host_bytes_node / GIB, host_nodes,
		    host_nodes == 1 ? "" : "s", out->gpu_bytes / GIB);
}
