/* offload.h - ZeRO-3 with the model states offloaded to the CPU (DeepSpeed's offload_param and
 * offload_optimizer to device cpu, "ZeRO-Infinity" to host memory; or the optimizer alone, "ZeRO-Offload"):
 * what a GPU still holds and what a node's host memory must hold, by DeepSpeed's own estimator
 * (deepspeed/runtime/zero/stage3.py estimate_zero3_model_states_mem_needs with zero_init, additional_buffer_factor
 * 1.5; https://deepspeed.readthedocs.io/en/latest/memory.html):
 *   parameters and optimizer offloaded: GPU 4 x the largest layer's parameters (maple: P / layers, the
 *     16-bit weights and gradients of the layer gathered), host 18 bytes a parameter x 1.5 over the nodes;
 *   optimizer alone: GPU that + 2P / GPUs (the 16-bit weights' shard), host 16 bytes a parameter x 1.5.
 * The GPU adds the activations and the fixed overhead of memory.h; both sides count 90% as usable. */
#ifndef MAPLE_ADVISE_OFFLOAD_H
#define MAPLE_ADVISE_OFFLOAD_H

#include "memory.h"

#include <stdbool.h>

enum offload { OFFLOAD_NONE, OFFLOAD_CPU, OFFLOAD_OPTIMIZER };

/* "cpu" (parameters and optimizer), "optimizer" (the optimizer states alone), "none"; -1 when unknown. */
int offload_from_name(const char *s);
const char *offload_name(enum offload o);

struct offload_advice {
	bool fits;		  /* some node count fits both the GPUs and the host memory */
	int nodes, gpus;	  /* the fewest whole nodes (all their GPUs) that fit */
	enum recompute rc;	  /* the least recomputation whose GPU share fits */
	double gpu_bytes;	  /* per GPU at that count */
	double host_bytes_total;  /* every node's host share together */
	double host_bytes_node;	  /* per node at that count */
	double host_usable_bytes; /* 90% of a node's memory */
};

/* The fewest nodes of gpus_per_node GPUs of gpu_mem_gib each and host_gib of memory for ZeRO-3 with offload o
 * (rc_given: only m->rc is tried; else none, selective, full in turn, the least that fits the GPU); the arithmetic
 * appended to explain, one step a line. out->fits is false when the GPU share alone does not fit or host_gib is
 * unknown (0). */
void offload_advise(const struct mem_input *m, enum offload o, bool rc_given, double gpu_mem_gib, int gpus_per_node,
		    double host_gib, struct offload_advice *out, struct strbuf *explain);

#endif
