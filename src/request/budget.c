/* budget.c - a job sized by what is left of an allocation: "96 GPU-hours left ... 2 full nodes and spend all
 * of it" (12 h), "LS6 bills 3 SU per node-hour and I have 72 SUs left - 2 nodes for as long as that covers"
 * (12 h), "500 SUs at 1 SU per node-hour, run it as long as the SUs last" over 20 nodes (25 h), "150
 * node-hours left ... as many nodes as the budget covers for 10h" (15 nodes). The budget is node-hours,
 * GPU-hours, or service units with their rate per node-hour said in the text (a rate maple does not know is
 * not guessed); it sizes the job only where the text says to spend it (data/lexicon's budget_cues) and gives
 * no walltime of its own. A walltime past every queue's limit for the size becomes that limit (rules.c:
 * spending the budget is as long as the job can run). */
#include "reader.h"
#include "vocab.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

enum bunit { BU_NONE, BU_NODE_H, BU_GPU_H, BU_SU };

/* The budget unit at token k ("node-hours", "node hours", "GPU-hours", "SUs", "service units"): its kind, *end
 * its last token. */
static enum bunit unit_at(const struct ctx *c, size_t k, size_t *end)
{
	static const char *const node_h[] = {"node-hours", "node-hour", "nodehours", "node-hrs", "node-hr", "nh", NULL};
	static const char *const gpu_h[] = {"gpu-hours", "gpu-hour", "gpuhours", "gpu-hrs", "gpu-hr", NULL};
	static const char *const hours[] = {"hours", "hour", "hrs", "hr", "h", NULL};
	*end = k;
	if (k >= c->n)
		return BU_NONE;
	if (rd_is_any(c, k, node_h))
		return BU_NODE_H;
	if (rd_is_any(c, k, gpu_h))
		return BU_GPU_H;
	if (rd_is(c, k, "su") || rd_is(c, k, "sus") || rd_is(c, k, "su's"))
		return BU_SU;
	if (k + 1 < c->n && !c->t[k].trail && rd_is_any(c, k + 1, hours)) {
		*end = k + 1;
		if (is_node_unit(c->t[k].norm))
			return BU_NODE_H;
		if (rd_is(c, k, "gpu") || is_gpu_unit(c->t[k].norm))
			return BU_GPU_H;
	}
	if (rd_is(c, k, "service") && rd_is(c, k + 1, "units")) {
		*end = k + 1;
		return BU_SU;
	}
	return BU_NONE;
}

/* Whether the text says to spend the budget: one of data/lexicon's budget_cues, a word or a phrase of up to
 * four words ("as long as", "spend all of it"). */
static bool spend_said(const struct ctx *c)
{
	for (size_t i = 0; i < c->n; i++) {
		char phrase[200] = "";
		size_t len = 0;
		for (size_t k = i; k < c->n && k < i + 4; k++) {
			size_t wl = strlen(c->t[k].norm);
			if (len + wl + 2 >= sizeof(phrase))
				break;
			if (len)
				phrase[len++] = ' ';
			memcpy(phrase + len, c->t[k].norm, wl + 1);
			len += wl;
			if (vocab_in(VL_BUDGET_CUE, phrase))
				return true;
			if (c->t[k].trail)
				break;
		}
	}
	return false;
}

void rd_read_budget(struct ctx *c)
{
	double amount = 0, rate = 0;
	enum bunit unit = BU_NONE;
	size_t ba = 0, bb = 0;
	for (size_t i = 0; i + 1 < c->n; i++) {
		const struct tok *t = &c->t[i];
		/* "2k node-hours", "10K SUs"; "1,000 node-hours" (a thousands separator) */
		double kilo = 0;
		{
			char *end = NULL;
			double v = strtod(t->norm, &end);
			if (end && end != t->norm && (!strcmp(end, "k")) && v > 0 && v < 1e6)
				kilo = v * 1000;
			size_t l = strlen(t->norm), d = strspn(t->norm, "0123456789");
			if (!kilo && d >= 1 && d <= 3 && l > d && (l - d) % 4 == 0) {
				bool groups = true;
				for (size_t q = d; q < l && groups; q += 4)
					groups = t->norm[q] == ',' && strspn(t->norm + q + 1, "0123456789") >= 3;
				if (groups) {
					double v2 = 0;
					for (const char *q = t->norm; *q; q++)
						if (*q != ',')
							v2 = v2 * 10 + (*q - '0');
					if (v2 > 0 && v2 < 1e9)
						kilo = v2;
				}
			}
		}
		if ((!t->is_num && !kilo) || t->num_word || (!kilo && t->num < 0) || t->source || t->neg)
			continue;
		size_t e;
		enum bunit u = unit_at(c, i + 1, &e);
		if (u == BU_NONE)
			continue;
		double value = kilo ? kilo : t->num;
		if (value <= 0 || value > 1e9)
			continue;
		/* "3 SU per node-hour", "1 SU/node-hour", "4 SUs a node hour": the rate */
		size_t p = e + 1, pe;
		if (u == BU_SU && (rd_is(c, p, "per") || rd_is(c, p, "a") || rd_is(c, p, "an") || rd_is(c, p, "each")) &&
		    unit_at(c, p + 1, &pe) == BU_NODE_H) {
			rate = value;
			i = pe;
			continue;
		}
		if (u == BU_SU && c->text[c->t[e].end - 1] != '/' && c->t[e].end < c->len && c->text[c->t[e].end] == '/' &&
		    unit_at(c, e + 1, &pe) == BU_NODE_H) {
			rate = value;
			i = pe;
			continue;
		}
		if (amount > 0 && unit != u)
			return; /* two budgets of different kinds: not guessed */
		amount = value, unit = u, ba = i, bb = e;
		i = e;
	}
	if (unit == BU_NONE || amount <= 0 || !spend_said(c))
		return;
	double node_hours;
	if (unit == BU_NODE_H)
		node_hours = amount;
	else if (unit == BU_SU && rate > 0)
		node_hours = amount / rate;
	else if (unit == BU_SU) {
		request_warn(c->req, "a budget of %.0f SUs to spend, but no rate in SUs per node-hour: say the walltime (or the "
				     "rate, \"N SU per node-hour\")",
			     amount);
		return;
	}
	else if (unit == BU_GPU_H) {
		int gpn = c->gpn > 0 ? c->gpn : c->cluster ? c->cluster->hw.gpus_per_node : 0;
		if (gpn <= 0)
			return;
		node_hours = amount / gpn;
	} else {
		return;
	}
	struct request *r = c->req;
	bool time_said = r->walltime_min > 0 && r->from[RF_WALLTIME];
	/* "as many nodes as the budget covers for 10h": the nodes from the time */
	bool many_nodes = false;
	size_t ma = 0;
	for (size_t i = 0; i + 3 < c->n && !many_nodes; i++)
		if (rd_is(c, i, "as") && rd_is(c, i + 1, "many") && is_node_unit(c->t[i + 2].norm) && rd_is(c, i + 3, "as"))
			many_nodes = true, ma = i;
	if (many_nodes && time_said) {
		/* compared as a double: 1.8e19 node-hours over 0.0001 h is no int (and a NaN no count) */
		double q = floor(node_hours / (r->walltime_min / 60.0) + 1e-9);
		if (!(q >= 1 && q <= 100000))
			return;
		int nodes = (int)q;
		rd_forget_count(c, RF_NODES);
		rd_state_nodes(c, nodes, ma, ma + 3, RK_PROSE);
		request_warn(r, "%d nodes: the %.0f node-hours of the budget over %d minutes", nodes, node_hours, r->walltime_min);
		return;
	}
	int nodes = c->nodes;
	if (time_said || nodes <= 0)
		return;
	double minutes = floor(node_hours / nodes * 60.0 + 1e-9);
	if (!(minutes >= 1)) /* (a NaN as well) */
		return;
	if (minutes > 100000)
		minutes = 100000; /* (past any queue's limit: rules.c lowers it to the longest one allows) */
	r->walltime_min = (int)minutes;
	r->walltime_budget_cap = true;
	rd_from_text(c, RF_WALLTIME, c->t[ba].start, c->t[bb].end);
	request_warn(r, "walltime %d minutes: the %.0f node-hours of the budget over %d nodes", (int)minutes, node_hours, nodes);
}
