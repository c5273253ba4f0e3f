/* config.c - the user's own launcher config in a port: accelerate launch --config_file FILE (and
 * --use_deepspeed --deepspeed_config_file FILE, --mixed_precision P) is kept as written, never dropped
 * nor replaced by maple's flags; what only the file says (distributed type, ZeRO stage, mixed
 * precision, process counts) stays unknown where maple could not read it, and the port says that
 * the command line's new --num_machines/--num_processes take precedence over the file's. */
#include "port.h"

#include "../script/plan.h"
#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdio.h>
#include <string.h>

/* Whether the old script writes path itself (a heredoc to it): the port does not carry that file. */
static bool written_by_script(const struct jobscript *js, const char *path)
{
	const char *b = base_name(path);
	for (size_t h = 0; h < js->nheredocs; h++)
		if (js->heredocs[h].target && !strcmp(base_name(js->heredocs[h].target), b))
			return true;
	return false;
}

/* Appends the option words of o (the option, and its value when it is a word of its own). */
static void keep_opt(const struct jcmd *c, const struct lopt *o, struct shwords *out)
{
	struct shword w;
	shword_copy(&w, &c->words.v[o->word]);
	shwords_push(out, &w);
	if (o->value_word > o->word) {
		shword_copy(&w, &c->words.v[o->value_word]);
		shwords_push(out, &w);
	}
}

/* An Accelerate config the old script writes itself (cat > acc.yaml <<EOF ... mixed_precision: bf16):
 * the port does not write the file again, so its mixed precision, which changes the numerics of the
 * training, is passed as accelerate's own flag (https://huggingface.co/docs/accelerate/package_reference/cli). */
static void written_precision(const struct script_reading *sr, const char *path, struct request *req)
{
	const struct jobscript *js = &sr->js;
	const char *b = base_name(path);
	for (size_t h = js->nheredocs; h-- > 0;) {
		const struct heredoc *d = &js->heredocs[h];
		if (!d->target || strcmp(base_name(d->target), b) || !d->body)
			continue;
		for (const char *l = d->body; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
			if (strncmp(l, "mixed_precision:", 16))
				continue;
			const char *v = l + 16;
			v += strspn(v, " \t'\"");
			size_t n = strcspn(v, " \t'\"\n#");
			static const char *const ok[] = {"bf16", "fp16", "fp8", NULL};
			for (const char *const *k = ok; *k; k++)
				if (n == strlen(*k) && !strncmp(v, *k, n)) {
					char buf[64];
					snprintf(buf, sizeof(buf), "--mixed_precision %s", *k);
					shlex_split(buf, strlen(buf), &req->launcher_args);
					req->strategy_chosen = true; /* no file in the port: its strategy flags still say it */
					request_warn(req, "line %d: the Accelerate config the old script writes (%s) says mixed_precision: "
							  "%s; the port does not write that file, so it passes %s",
						     d->line, d->target, *k, buf);
				}
			return;
		}
		return;
	}
}

/* accelerate launch's options that place the processes or name the program: the port writes its own */
static bool placement_opt(const char *name)
{
	static const char *const own[] = {"num-processes", "num-machines", "machine-rank", "main-process-ip",
					  "main-process-port", "rdzv-backend", "same-network", "gpu-ids",
					  "num-cpu-threads-per-process", "config-file", "module", "no-python", NULL};
	for (const char *const *k = own; *k; k++)
		if (!strcmp(*k, name))
			return true;
	return false;
}

/* The old accelerate line's own settings when it names no config file (--mixed_precision fp16, --use_fsdp
 * --fsdp_sharding_strategy SHARD_GRAD_OP, --gradient_accumulation_steps 8, --use_deepspeed --zero_stage 3
 * --offload_optimizer_device cpu ...; https://huggingface.co/docs/accelerate/package_reference/cli): kept
 * as written in front of the program, the placement options the port's own. Where they choose the
 * strategy, maple's flags are not added (they would override the user's: FULL_SHARD for SHARD_GRAD_OP). */
static void keep_line_settings(const struct script_reading *sr, const struct stage *s, struct request *req)
{
	const struct jcmd *c = &sr->js.cmds[s->cmd];
	struct strbuf kept = STRBUF_INIT;
	size_t start = req->launcher_args.nr;
	bool strategy = false, ds = false, ds_launcher = false;
	for (int j = s->first + 1; j < s->last && (size_t)j < c->words.nr;) {
		const char *v = c->words.v[j].value;
		if (v[0] != '-' || !strcmp(v, "--")) {
			j++; /* launch, or accelerate.commands.launch after python -m */
			continue;
		}
		const struct lopt *o = NULL;
		for (size_t k = 0; k < s->nopts && !o; k++)
			if (s->opts[k].word == j)
				o = &s->opts[k];
		int end = j + 1;
		if (o && o->value_word > j)
			end = o->value_word + 1;
		else if (!o && !strchr(v, '=') && end < s->last && c->words.v[end].value[0] != '-')
			end++; /* an option the reader does not name takes the next word (--fsdp_auto_wrap_policy X) */
		const char *name = o ? o->name : NULL;
		if (!name || !placement_opt(name)) {
			strategy |= name && (!strcmp(name, "multi-gpu") || !strcmp(name, "use-fsdp") ||
					     !strcmp(name, "use-deepspeed") || !strcmp(name, "zero-stage") ||
					     !strcmp(name, "use-megatron-lm") || !strcmp(name, "cpu"));
			ds |= name && (!strcmp(name, "use-deepspeed") || !strcmp(name, "zero-stage"));
			ds_launcher |= !strncmp(v, "--deepspeed_multinode_launcher", 30) ||
				       !strncmp(v, "--deepspeed-multinode-launcher", 30);
			for (int k = j; k < end; k++) {
				struct shword w;
				shword_copy(&w, &c->words.v[k]);
				shwords_push(&req->launcher_args, &w);
				strbuf_addf(&kept, "%s%s", kept.len ? " " : "", c->words.v[k].raw ? c->words.v[k].raw : v);
			}
		}
		j = end;
	}
	if (!kept.len || !strcmp(kept.buf, "--multi_gpu") || !strcmp(kept.buf, "--multi-gpu")) {
		/* nothing, or only what maple's own flags say for a DDP job */
		while (req->launcher_args.nr > start)
			shword_release(&req->launcher_args.v[--req->launcher_args.nr]);
		strbuf_release(&kept);
		return;
	}
	if (ds && !ds_launcher && req->nodes > 1) {
		/* without it accelerate starts DeepSpeed's pdsh runner across the nodes */
		static const char flag[] = "--deepspeed_multinode_launcher standard";
		shlex_split(flag, strlen(flag), &req->launcher_args);
		strbuf_addf(&kept, " %s", flag);
	}
	req->strategy_chosen = !strategy; /* none of the user's: maple's flags say the strategy */
	request_warn(req, "line %d: accelerate's settings on the old line are kept as written (`%s`); the port sets the "
			  "processes, machines and rendezvous itself",
		     c->line, kept.buf);
	strbuf_release(&kept);
}

/* Whether line (of a heredoc body) sets one of the keys the port's own flags override
 * (--num_machines, --num_processes, --machine_rank, --main_process_ip/port take precedence over the file). */
static bool overridden_key(const char *line)
{
	static const char *const keys[] = {"num_machines:", "num_processes:", "machine_rank:", "main_process_ip:",
					   "main_process_port:", NULL};
	line += strspn(line, " \t");
	for (const char *const *k = keys; *k; k++)
		if (!strncmp(line, *k, strlen(*k)))
			return true;
	return false;
}

int port_acc_config_heredoc(const struct script_reading *sr)
{
	const struct jobscript *js = &sr->js;
	const struct stage *s = sr->plan.spawner;
	const struct lopt *cf = s && s->kind == SK_ACCELERATE ? stage_opt(s, "config-file") : NULL;
	if (!cf || !cf->value || strchr(cf->value, '$'))
		return -1;
	const char *b = base_name(cf->value);
	for (size_t h = js->nheredocs; h-- > 0;) {
		const struct heredoc *d = &js->heredocs[h];
		if (!d->target || strcmp(base_name(d->target), b) || !d->body || d->cmd < 0 || js->cmds[d->cmd].depth != 0 ||
		    js->cmds[d->cmd].in_control || js->cmds[d->cmd].line > d->line)
			return -1;
		bool closed = false;
		for (size_t i = (size_t)d->line; i < js->lines.nr && !closed; i++) {
			const char *l = js->lines.v[i];
			while (*l == '\t')
				l++;
			closed = !strcmp(l, d->delim);
		}
		if (!closed)
			return -1;
		/* an unquoted heredoc expands its variables: kept only where they set what the port overrides */
		const char *op = strstr(js->lines.v[d->line - 1], "<<");
		op = op ? op + 2 + (op[2] == '-') : NULL;
		while (op && *op == ' ')
			op++;
		bool quoted = op && (*op == '\'' || *op == '"' || *op == '\\');
		for (const char *l = d->body; !quoted && l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
			const char *e = strchr(l, '\n');
			const char *dollar = memchr(l, '$', e ? (size_t)(e - l) : strlen(l));
			const char *tick = memchr(l, '`', e ? (size_t)(e - l) : strlen(l));
			if ((dollar || tick) && !overridden_key(l))
				return -1;
		}
		return (int)h;
	}
	return -1;
}

void port_launcher_config(struct script_reading *sr, const struct cluster *target, struct request *req)
{
	const struct launch_plan *p = &sr->plan;
	const struct stage *s = p->spawner;
	if (req->framework != FW_ACCELERATE || !s || s->kind != SK_ACCELERATE)
		return;
	const struct jcmd *c = &sr->js.cmds[s->cmd];
	const struct lopt *cf = stage_opt(s, "config-file"), *dc = stage_opt(s, "deepspeed-config-file"),
			  *mp = stage_opt(s, "mixed-precision");
	const struct lopt *file = cf && cf->value ? cf : dc && dc->value ? dc : NULL;
	if (!file) {
		keep_line_settings(sr, s, req);
		port_acc_default_config(sr, NULL, req); /* node_files.c: accelerate config default, run again there */
		return;
	}
	if (file == cf && port_acc_default_config(sr, cf->value, req)) {
		/* the job writes its config for its node: written again on the target's (node_files.c) */
		keep_opt(c, cf, &req->launcher_args);
		if (mp && mp->value)
			keep_opt(c, mp, &req->launcher_args);
		return;
	}
	int ah = file == cf ? port_acc_config_heredoc(sr) : -1;
	if (ah >= 0) {
		/* the config the old script writes: written again before the port's launch, as it was */
		keep_opt(c, cf, &req->launcher_args);
		if (mp && mp->value)
			keep_opt(c, mp, &req->launcher_args);
		if (stage_opt(s, "multi-gpu") || stage_opt(s, "use-fsdp") || stage_opt(s, "zero-stage") ||
		    stage_opt(s, "use-deepspeed"))
			req->strategy_chosen = true;
		const char *body = sr->js.heredocs[ah].body;
		if (req->nodes > 1 && strstr(body, "DEEPSPEED") && !strstr(body, "deepspeed_multinode_launcher")) {
			/* without it accelerate starts DeepSpeed's pdsh runner across the nodes */
			static const char flag[] = "--deepspeed_multinode_launcher standard";
			shlex_split(flag, strlen(flag), &req->launcher_args);
			request_warn(req, "the port passes %s next to the kept config: it runs on %d nodes, where the config's "
					  "DeepSpeed would otherwise start its pdsh runner",
				     flag, req->nodes);
		}
		request_warn(req, "line %d: the Accelerate config the old script writes (%s) is kept: the port writes it before "
				  "the launch as the old script did, and --config_file names it as before; the port's "
				  "--num_machines %d --num_processes %ld take precedence over its num_machines/num_processes",
			     sr->js.cmds[sr->js.heredocs[ah].cmd].line, cf->value, req->nodes > 0 ? req->nodes : 1,
			     (long)(req->nodes > 0 ? req->nodes : 1) * req->gpus_per_node);
		return;
	}
	if (file && written_by_script(&sr->js, file->value) && !(mp && mp->value))
		written_precision(sr, file->value, req);
	if (!file || written_by_script(&sr->js, file->value))
		return; /* none, or one the old script writes (read; the port's flags say what it said) */
	if (cf && cf->value && !written_by_script(&sr->js, cf->value))
		keep_opt(c, cf, &req->launcher_args);
	if (dc && dc->value && !written_by_script(&sr->js, dc->value)) {
		const struct lopt *ud = stage_opt(s, "use-deepspeed");
		if (ud)
			keep_opt(c, ud, &req->launcher_args);
		keep_opt(c, dc, &req->launcher_args);
	}
	if (mp && mp->value)
		keep_opt(c, mp, &req->launcher_args);
	/* the old line's own strategy flags (--multi_gpu, --use_fsdp, --zero_stage): the port's flags say the
	 * same next to the kept config */
	if (stage_opt(s, "multi-gpu") || stage_opt(s, "use-fsdp") || stage_opt(s, "zero-stage") ||
	    (stage_opt(s, "use-deepspeed") && !(dc && dc->value)))
		req->strategy_chosen = true;
	struct strbuf kept = STRBUF_INIT;
	for (size_t i = 0; i < req->launcher_args.nr; i++)
		strbuf_addf(&kept, "%s%s", i ? " " : "", req->launcher_args.v[i].raw);
	int line = c->word_line[file->word];
	long world = (long)(req->nodes > 0 ? req->nodes : 1) * req->gpus_per_node;
	const char *what = file == dc ? "DeepSpeed config" : "Accelerate config";
	if (sr->fw.strategy_unknown) {
		req->strategy_from_config = true;
		request_warn(req,
			     "line %d: your %s %s is kept as written (`%s`): maple could not read it, so its %s%s and "
			     "process counts are unknown - not guessed; copy the file to %s",
			     line, what, file->value, kept.buf, file == dc ? "ZeRO stage" : "distributed type, ZeRO stage",
			     mp ? "" : ", mixed precision", target->name);
	} else {
		request_warn(req, "line %d: your %s %s is kept as written (`%s`): it decides the strategy (%s) as before; "
				  "copy the file to %s",
			     line, what, file->value, kept.buf, strategy_name(req->strategy), target->name);
	}
	long old_world = (long)(sr->plan.header.nodes > 0 ? sr->plan.header.nodes : 1) * sr->plan.workers_per_node;
	if (file == dc && world > 0 && old_world > 0 && world != old_world)
		request_warn(req, "the port runs %ld GPUs where the old job ran %ld: if %s sets train_batch_size, it must "
				  "equal micro-batch x gradient accumulation x %ld",
			     world, old_world, file->value, world);
	else if (file == cf && world > 0)
		request_warn(req, "the port runs accelerate with --num_machines %d --num_processes %ld (the new world size), "
				  "which take precedence over num_machines/num_processes in %s: if the config or your program "
				  "relies on the old counts, make them match %ld",
			     req->nodes > 0 ? req->nodes : 1, world, file->value, world);
	/* a path of the old centre's file systems: kept, but the file must move */
	for (size_t f = 0; sr->cluster && f < sr->cluster->nfingerprints; f++) {
		char ft[128];
		if (fingerprint_path_in(sr->cluster->fingerprints[f].text, file->value, ft, sizeof(ft))) {
			request_warn(req, "line %d: %s points into %s's file systems (%s): copy it to %s and change the path",
				     line, file->value, sr->cluster->name, ft, target->name);
			break;
		}
	}
	strbuf_release(&kept);
}
