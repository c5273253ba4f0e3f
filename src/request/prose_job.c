/* prose_job.c - cluster, framework, strategy and walltime as prose states them. */
#include "reader.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* cluster */

void rd_read_cluster(struct ctx *c)
{
	const struct cluster *found = NULL;
	size_t at = 0, span = 0;
	bool preferred = false;
	for (size_t i = 0; i < c->n; i++) {
		/* several words only when the first begins some cluster name ("bridges 2", "lone star 6") */
		size_t kmax = cluster_name_prefix(c->repo, c->t[i].norm) ? 3 : 1;
		for (size_t k = kmax; k >= 1; k--) {
			if (i + k > c->n)
				continue;
			char joined[128] = "";
			for (size_t q = 0; q < k; q++) {
				if (strlen(joined) + strlen(c->t[i + q].norm) + 2 >= sizeof(joined))
					break;
				if (q)
					strcat(joined, " ");
				strcat(joined, c->t[i + q].norm);
			}
			const struct cluster *cl = match_cluster_name(c->repo, joined);
			if (!cl)
				continue;
			bool pref = i > 0 && (rd_is(c, i - 1, "on") || rd_is(c, i - 1, "to") || rd_is(c, i - 1, "for") ||
					      rd_is(c, i - 1, "at") || rd_is(c, i - 1, "onto") || rd_is(c, i - 1, "using") ||
					      rd_is(c, i - 1, "use"));
			/* two-letter aliases (pm, s3, b2) need "on"/"to"/... in front: "3 pm", "S3 bucket" */
			/* "upload to S3", "3 pm": two-letter aliases need "on"/"at"/"cluster" in front, or to lead the text */
			bool cue = i == 0 || (i > 0 && (rd_is(c, i - 1, "on") || rd_is(c, i - 1, "at") || rd_is(c, i - 1, "cluster") ||
							 rd_is(c, i - 1, "system") || rd_is(c, i - 1, "machine")));
			if (strlen(joined) <= 2 && !cue)
				continue;
			if (!found || (pref && !preferred)) {
				if (found && found != cl)
					request_warn(c->req, "the request names both '%s' and '%s'; using %s", found->id,
						     cl->id, cl->id);
				found = cl;
				at = i;
				span = k;
				preferred = pref;
			} else if (found != cl) {
				request_warn(c->req, "the request names both '%s' and '%s'; using %s", found->id, cl->id,
					     found->id);
			}
			i += k - 1;
			break;
		}
	}
	if (found) {
		request_set(&c->req->cluster, found->id);
		rd_set_from_toks(c, RF_CLUSTER, at, at + span - 1);
		for (size_t q = at; q < at + span; q++)
			c->t[q].used = c->t[q].cluster = true;
		c->cluster = found;
	}
}

/* ------------------------------------------------------------------------------------------ */
/* framework and strategy */

void rd_read_framework(struct ctx *c)
{
	struct request *r = c->req;
	int ds = -1, acc = -1, fsdp = -1, ddp = -1, torch = -1, zero = -1;
	int zero_stage = 0;
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		if (!strcmp(w, "deepspeed") || !strcmp(w, "ds_config") || !strncmp(w, "ds_config", 9) ||
		    (!strcmp(w, "deep") && rd_is(c, i + 1, "speed"))) {
			if (ds < 0)
				ds = (int)i;
		} else if (!strcmp(w, "accelerate") || !strcmp(w, "accelerate's")) {
			bool verb = i > 0 && (rd_is(c, i - 1, "to") || rd_is(c, i - 1, "will") || rd_is(c, i - 1, "should") ||
					      rd_is(c, i - 1, "can"));
			bool marked = i > 0 && (rd_is(c, i - 1, "hf") || rd_is(c, i - 1, "huggingface") || rd_is(c, i - 1, "face") ||
						rd_is(c, i - 1, "with") || rd_is(c, i - 1, "using") || rd_is(c, i - 1, "via"));
			if (!verb || marked || rd_is(c, i + 1, "launch"))
				if (acc < 0)
					acc = (int)i;
		} else if (!strcmp(w, "fsdp") || !strcmp(w, "fsdp2") || !strcmp(w, "fullyshardeddataparallel") ||
			   !strcmp(w, "fully-sharded") || !strcmp(w, "fully_sharded") ||
			   (!strcmp(w, "fully") && (rd_is(c, i + 1, "sharded") || rd_is(c, i + 1, "shard")))) {
			if (fsdp < 0)
				fsdp = (int)i;
		} else if (!strcmp(w, "ddp") || !strcmp(w, "distributeddataparallel") || !strcmp(w, "data-parallel") ||
			   !strcmp(w, "dataparallel") || !strcmp(w, "data_parallel") ||
			   (!strcmp(w, "data") && rd_is(c, i + 1, "parallel"))) {
			if (ddp < 0 && !(i > 0 && rd_is(c, i - 1, "sharded")))
				ddp = (int)i;
		} else if (!strcmp(w, "torchrun") || !strcmp(w, "pytorch") || !strcmp(w, "torch") ||
			   !strcmp(w, "torch.distributed") || !strncmp(w, "torch.distributed.", 18)) {
			if (torch < 0)
				torch = (int)i;
		} else if (!strncmp(w, "zero", 4) && strcmp(w, "zero") && (w[4] == '-' || w[4] == '_' || isdigit((unsigned char)w[4]) || w[4] == '+')) {
			const char *p = w + 4;
			while (*p == '-' || *p == '_')
				p++;
			int st = atoi(p);
			if (st >= 1 && st <= 3)
				zero_stage = st;
			else if (!strncmp(p, "infinity", 8) || !strncmp(p, "offload", 7) || *p == '+')
				zero_stage = 3;
			if (zero < 0)
				zero = (int)i;
		} else if (!strcmp(w, "zero")) {
			/* "ZeRO stage 2", "zero 3", "ZeRO-Offload" */
			size_t k = i + 1;
			if (rd_is(c, k, "stage") || rd_is(c, k, "level"))
				k++;
			if (k < c->n && c->t[k].is_num && c->t[k].num >= 1 && c->t[k].num <= 3 && !c->t[k].num_word)
				zero_stage = (int)c->t[k].num;
			else if (rd_is(c, k, "offload") || rd_is(c, k, "infinity"))
				zero_stage = 3;
			else if (i > 0 && !c->t[i - 1].is_num && ds < 0 && !rd_is(c, k, "stage"))
				continue; /* plain English "zero" */
			if (zero < 0)
				zero = (int)i;
		} else if ((!strcmp(w, "stage") || !strcmp(w, "stage-3") || !strcmp(w, "stage-2") ||
			    !strcmp(w, "stage-1")) && !zero_stage) {
			int st = w[5] == '-' ? w[6] - '0' : 0;
			if (!st && i + 1 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word)
				st = (int)c->t[i + 1].num;
			if (st >= 1 && st <= 3 && (ds >= 0 || zero >= 0 || (i > 0 && rd_is(c, i - 1, "zero")))) {
				zero_stage = st;
			}
		} else if (!strcmp(w, "lightning") || !strcmp(w, "pytorch-lightning")) {
			request_warn(r, "PyTorch Lightning is launched like PyTorch DDP: one task per GPU or torchrun; the "
					"script is written for torchrun");
		} else if (!strcmp(w, "horovod")) {
			request_warn(r, "Horovod is not a supported framework; the script is written for PyTorch DDP");
		}
	}
	/* ZeRO mentioned without a stage after we saw "stage N" */
	if (zero_stage == 0 && (ds >= 0 || zero >= 0)) {
		for (size_t i = 0; i + 1 < c->n; i++)
			if (rd_is(c, i, "stage") && c->t[i + 1].is_num && c->t[i + 1].num >= 1 && c->t[i + 1].num <= 3)
				zero_stage = (int)c->t[i + 1].num;
	}
	int fw_at = -1, st_at = -1;
	if (acc >= 0) {
		r->framework = FW_ACCELERATE;
		fw_at = acc;
		if (ds >= 0 || zero >= 0) {
			r->strategy = zero_stage == 1 ? ST_ZERO1 : zero_stage == 2 ? ST_ZERO2 : ST_ZERO3;
			st_at = zero >= 0 ? zero : ds;
		} else if (fsdp >= 0) {
			r->strategy = ST_FSDP;
			st_at = fsdp;
		} else if (ddp >= 0) {
			r->strategy = ST_DDP;
			st_at = ddp;
		}
	} else if (ds >= 0 || zero >= 0) {
		r->framework = FW_DEEPSPEED;
		fw_at = ds >= 0 ? ds : zero;
		if (zero_stage) {
			r->strategy = zero_stage == 1 ? ST_ZERO1 : zero_stage == 2 ? ST_ZERO2 : ST_ZERO3;
			st_at = zero >= 0 ? zero : fw_at;
		}
		if (fsdp >= 0)
			request_warn(r, "both DeepSpeed and FSDP are named; DeepSpeed ZeRO is used (say \"Accelerate with "
					"FSDP\" or \"PyTorch FSDP\" for FSDP)");
	} else if (fsdp >= 0 || ddp >= 0 || torch >= 0) {
		r->framework = FW_PYTORCH;
		fw_at = torch >= 0 ? torch : fsdp >= 0 ? fsdp : ddp;
		if (fsdp >= 0) {
			r->strategy = ST_FSDP;
			st_at = fsdp;
		} else if (ddp >= 0) {
			r->strategy = ST_DDP;
			st_at = ddp;
		}
	}
	if (fw_at >= 0)
		rd_set_from_toks(c, RF_FRAMEWORK, (size_t)fw_at, (size_t)fw_at);
	if (st_at >= 0)
		rd_set_from_toks(c, RF_STRATEGY, (size_t)st_at,
			      (size_t)st_at + ((zero_stage && st_at == zero && rd_is(c, (size_t)zero + 1, "stage")) ? 2 : 0));
}

/* ------------------------------------------------------------------------------------------ */
/* walltime */

static bool time_cue(const struct ctx *c, size_t i)
{
	static const char *const cues[] = {"time", "walltime", "wall-time", "wall", "limit", "for", "-t", "--time",
					   "duration", "runtime", "run-time", "max", "timelimit", "time-limit", "up",
					   "within", "about", "around", "hours:", NULL};
	for (size_t k = 1; k <= 3 && k <= i; k++)
		if (rd_is_any(c, i - k, cues))
			return true;
	return false;
}

/* Minutes of a duration token pair starting at i ("2 hours", "90min", "1.5h", "2h30m"); 0 when none. */
static int duration_at(const struct ctx *c, size_t i, size_t *used_to)
{
	const struct tok *t = &c->t[i];
	*used_to = i;
	/* glued forms: 2h, 90min, 1.5h, 2h30m, 2h30, 1d */
	if (!t->is_num && isdigit((unsigned char)t->norm[0])) {
		const char *p = t->norm;
		double total = 0;
		bool any = false;
		while (*p) {
			char *end;
			double v = strtod(p, &end);
			if (end == p)
				return 0;
			p = end;
			const char *u = p;
			while (*p && isalpha((unsigned char)*p))
				p++;
			char unit[16];
			snprintf(unit, sizeof(unit), "%.*s", (int)(p - u), u);
			int mul = duration_unit(unit);
			if (!*unit && any) {
				mul = 1; /* 2h30 */
			}
			if (!mul)
				return 0;
			if (mul == 1 && (!strcmp(unit, "m")) && !any && !time_cue(c, i))
				return 0;
			if (mul == 1440 && !strcmp(unit, "d") && !time_cue(c, i))
				return 0;
			total += v * mul;
			any = true;
		}
		return any ? (int)ceil(total) : 0;
	}
	if (!t->is_num || i + 1 >= c->n)
		return 0;
	const char *u = c->t[i + 1].norm;
	int mul = duration_unit(u);
	if (!mul)
		return 0;
	if ((!strcmp(u, "m") || !strcmp(u, "d")) && !time_cue(c, i))
		return 0;
	double v = t->num;
	*used_to = i + 1;
	/* "1 hour 30 minutes", "1 hour and 30 min", "an hour and a half" */
	size_t k = i + 2;
	if (rd_is(c, k, "and"))
		k++;
	if (mul == 60 && rd_is(c, k, "a") && rd_is(c, k + 1, "half")) {
		*used_to = k + 1;
		return (int)ceil(v * 60 + 30);
	}
	if (k + 1 < c->n && c->t[k].is_num && !c->t[k].num_word) {
		int mul2 = duration_unit(c->t[k + 1].norm);
		if (mul2 && mul2 < mul) {
			*used_to = k + 1;
			return (int)ceil(v * mul + c->t[k].num * mul2);
		}
	}
	return (int)ceil(v * mul);
}

void rd_read_walltime(struct ctx *c)
{
	struct request *r = c->req;
	for (size_t i = 0; i < c->n && !r->walltime_min; i++) {
		const struct tok *t = &c->t[i];
		if (t->used)
			continue;
		int colons = 0;
		for (const char *p = t->norm; *p; p++)
			colons += *p == ':';
		if (colons >= 1 && isdigit((unsigned char)t->norm[0])) {
			int m;
			if (colons == 1 && !strchr(t->norm, '-')) {
				/* H:MM needs a time cue: people mean hours:minutes */
				if (!time_cue(c, i))
					continue;
				int h = 0, mm = 0;
				if (sscanf(t->norm, "%6d:%2d", &h, &mm) != 2 || mm >= 60 || h < 0 || h > 100000)
					continue;
				m = h * 60 + mm;
			} else {
				m = parse_walltime(t->norm);
			}
			if (m > 0) {
				r->walltime_min = m;
				rd_set_from_toks(c, RF_WALLTIME, i, i);
			}
			continue;
		}
		if (rd_is(c, i, "half") && (rd_is(c, i + 1, "an") || rd_is(c, i + 1, "a")) && rd_is(c, i + 2, "hour")) {
			r->walltime_min = 30;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 2);
			continue;
		}
		if ((rd_is(c, i, "one") || rd_is(c, i, "an") || rd_is(c, i, "1")) && rd_is(c, i + 1, "and") && rd_is(c, i + 2, "a") &&
		    rd_is(c, i + 3, "half") && (rd_is(c, i + 4, "hours") || rd_is(c, i + 4, "hour"))) {
			r->walltime_min = 90;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 4);
			continue;
		}
		if (rd_is(c, i, "couple") && rd_is(c, i + 1, "of") && rd_is(c, i + 2, "hours")) {
			r->walltime_min = 120;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 2);
			continue;
		}
		size_t to;
		int m = duration_at(c, i, &to);
		if (m > 0) {
			r->walltime_min = m;
			rd_set_from_toks(c, RF_WALLTIME, i, to);
		}
	}
}

