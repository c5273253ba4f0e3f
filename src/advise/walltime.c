/* walltime.c - the estimate of walltime.h. */
#include "walltime.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void hm(double s, char *out, size_t n)
{
	long m = (long)ceil(s / 60);
	snprintf(out, n, "%ld:%02ld:00", m / 60, m % 60);
}

/* The queue's limit for this node count (bins first). */
static int limit_of(const struct queue *q, int nodes)
{
	for (size_t i = 0; i < q->nbins; i++)
		if (nodes >= q->bins[i].min_nodes && nodes <= q->bins[i].max_nodes)
			return q->bins[i].max_walltime_min;
	return q->max_walltime_min;
}

void wall_advise(const struct log_report *r, int log_gpus, int gpus, const struct cluster *c, const char *queue,
		 int nodes, struct wall_advice *out)
{
	memset(out, 0, sizeof(*out));
	strbuf_init(&out->explain);
	struct strbuf *e = &out->explain;
	double el = log_elapsed(r), rem = log_remaining(r);
	if (isnan(el) || isnan(rem)) {
		strbuf_adds(e, "walltime: the log gives no elapsed time and no remaining time (no timestamps, progress bar or "
			       "step/total with a rate), so no estimate\n");
		return;
	}
	out->ok = true;
	out->total_s = el + rem;
	char a[32], b[32], t[32];
	hm(el, a, sizeof(a));
	hm(rem, b, sizeof(b));
	hm(out->total_s, t, sizeof(t));
	strbuf_addf(e, "walltime: the log shows %s elapsed and %s left = %s at its %d GPU%s\n", a, b, t, log_gpus,
		    log_gpus == 1 ? "" : "s");
	double scale = (double)log_gpus / gpus;
	double eff = gpus > log_gpus ? 0.9 : 1.0;
	out->est_s = out->total_s * scale / eff;
	hm(out->est_s, a, sizeof(a));
	if (gpus != log_gpus)
		strbuf_addf(e, "  at %d GPUs: %s x %d/%d%s = %s (linear scaling%s)\n", gpus, t, log_gpus, gpus,
			    eff < 1 ? " / 0.9" : "", a, eff < 1 ? " at 90% efficiency when scaling up" : "");
	double with = out->est_s * 1.2 + 600;
	out->suggest_min = (int)(ceil(with / 60 / 15) * 15);
	strbuf_addf(e, "  request: %s x 1.2 + 10 min, rounded up to 15 min = %d:%02d:00\n", a, out->suggest_min / 60,
		    out->suggest_min % 60);
	out->runs = 1;
	const struct queue *q = NULL;
	if (c) {
		q = queue ? cluster_queue(c, queue) : NULL;
		if (!q)
			q = cluster_queue(c, c->default_queue);
	}
	if (q) {
		out->queue = q->name;
		out->limit_min = limit_of(q, nodes > 0 ? nodes : 1);
		if (out->suggest_min > out->limit_min) {
			out->runs = (int)ceil((double)out->suggest_min / out->limit_min);
			strbuf_addf(e,
				    "  over the %s queue's limit of %d:%02d:00: request %d:%02d:00 and split the job into %d "
				    "checkpointed runs, or use more GPUs (about %d would fit in one run)\n",
				    q->name, out->limit_min / 60, out->limit_min % 60, out->limit_min / 60, out->limit_min % 60,
				    out->runs, (int)ceil(gpus * (double)out->suggest_min / out->limit_min));
			out->suggest_min = out->limit_min;
		} else {
			strbuf_addf(e, "  within the %s queue's limit of %d:%02d:00\n", q->name, out->limit_min / 60,
				    out->limit_min % 60);
		}
	}
}

void wall_advice_release(struct wall_advice *w)
{
	strbuf_release(&w->explain);
}
