/* checks_rdzv.c - checks on how the nodes of a multi-node launch meet: static options (--master_addr,
 * --master_port, --node_rank) mixed with a dynamic rendezvous (--rdzv_backend=c10d), and an endpoint of
 * localhost (or --standalone) on several nodes. */
#include "findings.h"
#include "lookup.h"

#include "../util/strbuf.h"

#include <stdio.h>
#include <string.h>

/* The nodes the main launch spans (0 = unknown). */
static long span_nodes(const struct vctx *x)
{
	const struct launch_plan *p = x->p;
	long hnodes = p->header.nodes > 0 ? p->header.nodes : x->js->sched != JS_NONE ? 1 : 0;
	long nodes = p->nodes ? p->nodes : hnodes;
	return p->spawner_nodes > nodes ? p->spawner_nodes : nodes;
}

/* Whether a host value means this node only; follows one variable the script sets. */
static bool local_host(const struct vctx *x, const struct stage *s, const char *v)
{
	char name[64];
	if (v && v[0] == '$' && var_ref(v, name, sizeof(name))) {
		const struct assign *a = js_lookup(x->js, name, s->cmd);
		v = a && a->value.value ? a->value.value : NULL;
	}
	if (!v)
		return false;
	size_t n = strcspn(v, ":");
	return (n == 9 && !strncmp(v, "localhost", 9)) || (n == 9 && !strncmp(v, "127.0.0.1", 9)) ||
	       !strncmp(v, "[::1]", 5) || !strcmp(v, "::1");
}

/* Whether a host value names the node it is read on ($(hostname), $HOSTNAME) and is read by the
 * per-node shell (a single-quoted bash -c, or \$(hostname) escaped in a double-quoted one): each node
 * then names itself. The batch shell's $(hostname) is the first node, which is right. */
static bool own_host_per_node(const struct vctx *x, const struct stage *s, const char *v)
{
	const struct jobscript *js = x->js;
	char name[64];
	const struct assign *a = NULL;
	if (v && v[0] == '$' && v[1] != '(' && var_ref(v, name, sizeof(name)) && strcmp(name, "HOSTNAME")) {
		a = js_lookup(js, name, s->cmd);
		v = a && a->value.value ? a->value.value : NULL;
	}
	if (!v)
		return false;
	static const char *const own[] = {"$(hostname", "`hostname", "$HOSTNAME", "${HOSTNAME}", "$(hostname -s", NULL};
	const char *hit = NULL;
	for (int i = 0; own[i] && !hit; i++)
		if (!strncmp(v, own[i], strlen(own[i])))
			hit = own[i];
	if (!hit)
		return false;
	if (a) /* set by the per-node shell itself */
		return a->depth > 0;
	const struct jcmd *c = &js->cmds[s->cmd];
	if (c->depth == 0 || c->parent < 0)
		return false;
	const struct jcmd *pc = &js->cmds[c->parent];
	for (size_t i = 1; i < pc->words.nr; i++) {
		const char *f = pc->words.v[i - 1].value, *raw = pc->words.v[i].raw;
		if (f[0] != '-' || f[1] == '-' || !f[1] || f[strlen(f) - 1] != 'c')
			continue;
		if (raw[0] == '\'')
			return true;
		char esc[24];
		snprintf(esc, sizeof(esc), "\\%s", hit);
		return strstr(raw, esc) != NULL;
	}
	return false;
}

static void localhost_endpoint(struct vctx *x, const struct stage *s, long nodes)
{
	static const char *const opts[] = {"rdzv-endpoint", "master-addr", "main-process-ip", NULL};
	int line, col, span;
	for (int i = 0; opts[i]; i++) {
		const struct lopt *o = stage_opt(s, opts[i]);
		if (o && own_host_per_node(x, s, o->value)) {
			opt_pos(x, s, o, &line, &col, &span);
			report(x, "rdzv-localhost", SEV_ERROR, line, col, span,
			       fix_sched(x) == JS_PBS
				       ? "take the first node in the batch shell: export HEAD=$(head -n 1 \"$PBS_NODEFILE\"), then use $HEAD"
				       : "take the first node in the batch shell: export HEAD=$(scontrol show hostnames "
					 "\"$SLURM_JOB_NODELIST\" | head -n 1), then use $HEAD",
			       "the rendezvous address '%s' is read on each node, so each of the %ld nodes names itself and "
			       "the nodes never meet",
			       o->value, nodes);
			continue;
		}
		if (!o || !local_host(x, s, o->value))
			continue;
		opt_pos(x, s, o, &line, &col, &span);
		report(x, "rdzv-localhost", SEV_ERROR, line, col, span,
		       fix_sched(x) == JS_PBS ? "use the first node: $(head -n 1 \"$PBS_NODEFILE\")"
					      : "use the first node: $(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)",
		       "the rendezvous address is '%s' on a %ld-node launch: each node looks for the rendezvous on itself "
		       "and the nodes never meet",
		       o->value, nodes);
	}
	const struct lopt *st = stage_opt(s, "standalone");
	if (st) {
		opt_pos(x, s, st, &line, &col, &span);
		report(x, "rdzv-localhost", SEV_ERROR, line, col, span,
		       "drop --standalone and pass --rdzv_backend=c10d --rdzv_endpoint=FIRST_NODE:29500",
		       "--standalone runs a rendezvous on localhost for one node, but the launch spans %ld nodes: each "
		       "node trains alone",
		       nodes);
	}
}

static void mixed(struct vctx *x, const struct stage *s, long nodes)
{
	const struct lopt *rb = stage_opt(s, "rdzv-backend");
	if (!rb || !rb->value || !strcmp(rb->value, "static") || strchr(rb->value, '$'))
		return;
	const struct lopt *st = stage_opt(s, "master-addr");
	if (!st)
		st = stage_opt(s, "master-port");
	if (!st)
		return;
	const struct lopt *ep = stage_opt(s, "rdzv-endpoint");
	int line, col, span;
	opt_pos(x, s, st, &line, &col, &span);
	if (!ep && nodes > 1)
		report(x, "rdzv-mixed", SEV_ERROR, line, col, span,
		       "give the address to the rendezvous: --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT (and drop "
		       "--master_addr/--master_port)",
		       "--%s belongs to the static rendezvous, but --rdzv_backend=%s ignores it and, without "
		       "--rdzv_endpoint, meets on localhost: the %ld nodes never meet",
		       st->name, rb->value, nodes);
	else
		report(x, "rdzv-mixed", SEV_WARNING, line, col, span,
		       "drop --master_addr/--master_port (or drop --rdzv_backend to use the static rendezvous)",
		       "--%s belongs to the static rendezvous and --rdzv_backend=%s ignores it", st->name, rb->value);
}

/* MASTER_ADDR=localhost for programs that read it from the environment (env:// init). */
static void localhost_env(struct vctx *x, long nodes)
{
	const struct jobscript *js = x->js;
	if (x->p->launch < 0)
		return;
	const struct assign *a = js_lookup(js, "MASTER_ADDR", js->launches[x->p->launch].cmd);
	if (!a || !a->value.value || a->depth > 0)
		return;
	const char *v = a->value.value;
	if (strcmp(v, "localhost") && strcmp(v, "127.0.0.1"))
		return;
	report(x, "rdzv-localhost", SEV_ERROR, a->line, 0, 0,
	       fix_sched(x) == JS_PBS ? "MASTER_ADDR=$(head -n 1 \"$PBS_NODEFILE\")"
				      : "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)",
	       "MASTER_ADDR=%s on a %ld-node job: the ranks of the other nodes look for rank 0 on their own node", v,
	       nodes);
}

void check_rdzv(struct vctx *x)
{
	const struct stage *s = x->p->spawner;
	long nodes = span_nodes(x);
	if (nodes > 1 && x->p->outer)
		localhost_env(x, nodes);
	if (!s || stage_forwards_args(x->js, s))
		return;
	if (s->kind == SK_TORCHRUN || s->kind == SK_TDLAUNCH)
		mixed(x, s, nodes);
	if (nodes > 1 && (s->kind == SK_TORCHRUN || s->kind == SK_TDLAUNCH || s->kind == SK_ACCELERATE ||
			  s->kind == SK_DEEPSPEED))
		localhost_endpoint(x, s, nodes);
}
