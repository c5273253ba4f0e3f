/* merge_code.c - what the code itself decides about a job (split out of merge_calls.c): the branch of an
 * option a call is built in (`if ARGS.x == 'v':`, `if ARGS.flag:`, their else), DeepSpeed started only in
 * branches the job does not take, and settings written as literals in the code (an optimizer's lr, a
 * DataLoader's batch size). */
#include "mctx.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A literal keyword of a call written in the code (lr=0.003) as the setting NAME, below every option
 * default and config (a value the code hard-wires where the job names none) */
void mg_literal_setting(struct ctx *c, json_t *call, const char *kwname, const char *name, const char *rel)
{
	json_t *v = json_object_get(json_object_get(call, "kw"), kwname);
	if (!v || !mg_literal(v) || json_is_null(v) || json_is_string(v) || json_object_get(c->hp, name))
		return;
	json_t *kl = json_object_get(json_object_get(call, "kw_lines"), kwname);
	mg_hp_set_at(c, name, v, HP_ASSIGN - 1, rel,
		     kl ? json_integer_value(kl) : json_integer_value(json_object_get(call, "line")));
}

/* The calls of the files in the job's scope whose name is one of names and whose module is under mod,
 * appended to out (borrowed) */
static void scope_calls(const struct ctx *c, const char *const *names, const char *mod, json_t *out)
{
	for (size_t i = 0; i < c->n; i++) {
		if (!c->in_scope[i] || c->files[i].kind != FK_PYTHON)
			continue;
		size_t k;
		json_t *call;
		json_array_foreach(json_object_get(mg_py(c, (int)i), "calls"), k, call)
		{
			const char *name = json_string_value(json_object_get(call, "name"));
			const char *full = json_string_value(json_object_get(call, "full"));
			if (!name || !full || !mg_mod_is(full, mod))
				continue;
			for (int q = 0; names[q]; q++)
				if (!strcmp(name, names[q])) {
					json_array_append(out, call);
					break;
				}
		}
	}
}

/* How many torch.optim Adam/AdamW/SGD optimizers the files of the job build (modded-nanogpt builds
 * several, one learning rate each: no one of them is the job's) */
int mg_optimizer_calls(const struct ctx *c)
{
	static const char *const names[] = {"Adam", "AdamW", "SGD", NULL};
	json_t *calls = json_array();
	scope_calls(c, names, "torch", calls);
	int n = (int)json_array_size(calls);
	json_decref(calls);
	return n;
}

/* Whether a call built in one branch of an if/elif chain on an option (pyscan's "when") is in the
 * branch the job takes: the option's value is known and is not the branch's (or, for the else branch,
 * is one of the branches' before it) - false; otherwise true. */
bool mg_branch_taken(const struct ctx *c, json_t *call)
{
	json_t *when = json_object_get(call, "when");
	if (!when)
		return true;
	const char *dest = json_string_value(json_object_get(when, "dest")) ?: "";
	json_t *flag = json_object_get(c->hp, dest);
	/* a dotted path (self.cfg.fsdp.use gives "cfg.fsdp.use"): the key without the config object's name */
	/* and `if self.args.use_amp:` gives "args.use_amp": the option use_amp */
	const char *dot = strchr(dest, '.');
	if (!flag && dot)
		flag = json_object_get(c->hp, dot + 1);
	const char *want0 = json_string_value(json_object_get(when, "value"));
	json_t *not0 = json_array_get(json_object_get(when, "not"), 0);
	if ((want0 && !strcmp(want0, "<true>")) || (json_is_string(not0) && !strcmp(json_string_value(not0), "<true>")))
		/* `if ARGS.flag:` (or its else): taken when the option's value is true (false); an option
		 * whose value is not a known boolean decides nothing */
		return !json_is_boolean(flag) || json_is_true(flag) == (want0 != NULL);
	const char *v = mg_hp_str(c, json_string_value(json_object_get(when, "dest")));
	if (!v)
		return true;
	const char *want = json_string_value(json_object_get(when, "value"));
	if (want)
		return !strcmp(v, want);
	size_t k;
	json_t *e;
	json_array_foreach(json_object_get(when, "not"), k, e) if (json_is_string(e) && !strcmp(v, json_string_value(e))) return false;
	return true;
}

bool mg_ds_untaken(const struct ctx *c)
{
	static const char *const names[] = {"initialize", "init_distributed", NULL};
	json_t *calls = json_array();
	scope_calls(c, names, "deepspeed", calls);
	int taken = 0, skipped = 0;
	size_t k;
	json_t *call;
	json_array_foreach(calls, k, call)
	{
		if (mg_branch_taken(c, call))
			taken++;
		else
			skipped++;
	}
	json_decref(calls);
	return skipped && !taken;
}

void mg_ds_untaken_fix(struct ctx *c)
{
	if (!c->fw.value || strcmp(c->fw.value, "deepspeed") || (c->lc.launcher && !strcmp(c->lc.launcher, "deepspeed")) ||
	    !mg_ds_untaken(c))
		return;
	/* `if args.deepspeed: import deepspeed; deepspeed.initialize(...)` with the flag off, WeNet's
	 * `elif args.train_engine == "deepspeed":` beside torch_ddp: the program runs plain PyTorch */
	const char *ts = json_string_value(json_object_get(c->libraries, "torch"));
	mg_evid_release(&c->fw);
	memset(&c->fw, 0, sizeof(c->fw));
	if (ts)
		mg_evid(&c->fw, "pytorch", 40, ts);
	json_array_append_new(c->notes, json_string("the program starts DeepSpeed only in a branch this job does not take: "
						    "not a DeepSpeed job"));
}


/* The Python call at SRC ("file:line") named one of names, or NULL (borrowed) */
static json_t *call_at(const struct ctx *c, const char *src, const char *const *names)
{
	const char *colon = src ? strrchr(src, ':') : NULL;
	if (!colon)
		return NULL;
	json_int_t line = strtoll(colon + 1, NULL, 10);
	for (size_t i = 0; i < c->n; i++) {
		if (c->files[i].kind != FK_PYTHON || strncmp(c->files[i].rel, src, (size_t)(colon - src)) ||
		    c->files[i].rel[colon - src])
			continue;
		size_t k;
		json_t *call;
		json_array_foreach(json_object_get(mg_py(c, (int)i), "calls"), k, call)
		{
			const char *name = json_string_value(json_object_get(call, "name"));
			if (json_integer_value(json_object_get(call, "line")) != line || !name)
				continue;
			for (int q = 0; names[q]; q++)
				if (!strcmp(name, names[q]))
					return call;
		}
	}
	return NULL;
}

void mg_precision_untaken_fix(struct ctx *c)
{
	static const char *const names[] = {"autocast", "GradScaler", NULL};
	json_t *call = call_at(c, c->precision.src, names);
	if (!call || mg_branch_taken(c, call))
		return;
	/* Time-Series-Library's `if self.args.use_amp: with torch.cuda.amp.autocast():` with --use_amp off:
	 * the autocast is in a branch this job does not take (the switch's own value decides below) */
	mg_evid_release(&c->precision);
	memset(&c->precision, 0, sizeof(c->precision));
}

void mg_fsdp_untaken_fix(struct ctx *c)
{
	if (!c->strategy.value || strcmp(c->strategy.value, "fsdp") || !c->strategy.src)
		return;
	/* the FSDP call that decided, in a branch on a setting only the composed config gives
	 * (`if cfg.fsdp.use:` with fsdp.use: false in the Hydra config): known only now */
	const char *colon = strrchr(c->strategy.src, ':');
	if (!colon)
		return;
	json_int_t line = strtoll(colon + 1, NULL, 10);
	for (size_t i = 0; i < c->n; i++) {
		if (c->files[i].kind != FK_PYTHON || strncmp(c->files[i].rel, c->strategy.src, (size_t)(colon - c->strategy.src)) ||
		    c->files[i].rel[colon - c->strategy.src])
			continue;
		size_t k;
		json_t *call;
		json_array_foreach(json_object_get(mg_py(c, (int)i), "calls"), k, call)
		{
			const char *name = json_string_value(json_object_get(call, "name"));
			if (json_integer_value(json_object_get(call, "line")) != line || !name ||
			    (strcmp(name, "FullyShardedDataParallel") && strcmp(name, "FSDP") && strcmp(name, "fully_shard")) ||
			    mg_branch_taken(c, call))
				continue;
			mg_evid_release(&c->strategy);
			memset(&c->strategy, 0, sizeof(c->strategy));
			json_array_append_new(c->notes, json_string("the program wraps the model in FSDP only in a branch this job "
								    "does not take (its switch is off in the composed config)"));
			return;
		}
	}
}
