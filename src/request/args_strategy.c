/* args_strategy.c - the parallel strategy the training program's own arguments choose, when the words and
 * the launcher say none: the Hugging Face Trainer's "--fsdp full_shard" (and "--fsdp_config x.json"),
 * Lightning's "--strategy fsdp" / "--trainer.strategy=fsdp" / "--strategy deepspeed_stage_2", the
 * Trainer's "--deepspeed ds_z3.json". */
#include "reader.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The strategy a Lightning strategy name selects (ST_NONE for one this reader does not map). */
static enum strategy lightning_strategy(const char *v, enum framework *fw)
{
	if (!strncmp(v, "fsdp", 4)) {
		*fw = FW_PYTORCH;
		return ST_FSDP;
	}
	if (!strncmp(v, "deepspeed_stage_", 16) && v[16] >= '1' && v[16] <= '3') {
		*fw = FW_DEEPSPEED;
		return v[16] == '1' ? ST_ZERO1 : v[16] == '2' ? ST_ZERO2 : ST_ZERO3;
	}
	if (!strncmp(v, "ddp", 3)) {
		*fw = FW_PYTORCH;
		return ST_DDP;
	}
	return ST_NONE;
}

/* The ZeRO stage a DeepSpeed config file's name says ("ds_z2.json", "zero_stage1.json", "stage-3.json",
 * "ds_s2.json"), ZeRO-3 when it says none. */
static enum strategy config_name_stage(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	static const char *const marks[] = {"zero_stage", "zero-stage", "zero_", "zero-", "zero", "stage_", "stage-", "stage",
					    "_z", "-z", "_s", "-s", NULL};
	for (size_t k = 0; marks[k]; k++) {
		const char *m = strstr(base, marks[k]);
		if (!m && marks[k][0] == '_' && !strncmp(base, marks[k] + 1, strlen(marks[k]) - 1))
			m = base - 1; /* "z2.json": the mark at the name's start */
		if (!m)
			continue;
		char d = m[strlen(marks[k])];
		if (d >= '1' && d <= '3' && !isdigit((unsigned char)m[strlen(marks[k]) + 1]))
			return d == '1' ? ST_ZERO1 : d == '2' ? ST_ZERO2 : ST_ZERO3;
	}
	return ST_ZERO3;
}

void rd_read_args_strategy(struct ctx *c)
{
	struct request *r = c->req;
	/* (a DeepSpeed launch whose stage no words said: "deepspeed ... train.py --deepspeed ds_zero2.json") */
	bool ds_default = r->framework == FW_DEEPSPEED && !r->from[RF_STRATEGY];
	if (r->strategy != ST_NONE && r->strategy != ST_DDP && !ds_default)
		return;
	if (r->framework != FW_NONE && r->framework != FW_PYTORCH && !ds_default)
		return;
	static const char *const hf_modes[] = {"full_shard", "shard_grad_op", "hybrid_shard", "hybrid_shard_zero2", "offload",
					       "auto_wrap", NULL};
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *w = r->args.v[i].value;
		const char *v = i + 1 < r->args.nr ? r->args.v[i + 1].value : "";
		const char *eq = strchr(w, '=');
		char key[40];
		size_t kl = eq ? (size_t)(eq - w) : strlen(w);
		if (kl >= sizeof(key))
			continue;
		memcpy(key, w, kl);
		key[kl] = '\0';
		if (eq)
			v = eq + 1;
		enum strategy st = ST_NONE;
		enum framework fw = FW_PYTORCH;
		bool off = !strcasecmp(v, "false") || !strcmp(v, "0") || !strcasecmp(v, "no") || !strcasecmp(v, "none");
		if (!strcmp(key, "--fsdp")) {
			/* "--fsdp full_shard", "--fsdp 'full_shard auto_wrap'" (the Trainer's modes); a bare "--fsdp"
			 * (a switch of the program's own: the next word is another option or none) */
			for (size_t k = 0; hf_modes[k] && st == ST_NONE; k++)
				if (!strncmp(v, hf_modes[k], strlen(hf_modes[k])))
					st = ST_FSDP;
			if (st == ST_NONE && !eq && (!*v || *v == '-'))
				st = ST_FSDP;
		} else if ((!strcmp(key, "--use_fsdp") || !strcmp(key, "--use-fsdp")) && !off) {
			st = ST_FSDP;
		} else if ((!strcmp(key, "--zero_stage") || !strcmp(key, "--zero-stage")) && v[0] >= '1' && v[0] <= '3' && !v[1]) {
			/* DeepSpeed-Chat's and OpenRLHF's "--zero_stage 2": the program builds its DeepSpeed config */
			fw = FW_DEEPSPEED;
			st = v[0] == '1' ? ST_ZERO1 : v[0] == '2' ? ST_ZERO2 : ST_ZERO3;
		} else if (!strcmp(key, "--fsdp_config") || !strcmp(key, "--fsdp-config")) {
			st = ST_FSDP;
		} else if ((!strcasecmp(v, "fsdp") || !strcasecmp(v, "fsdp2")) && key[0] == '-' &&
			   (strstr(key, "mode") || strstr(key, "parallel") || strstr(key, "dist") || strstr(key, "shard") ||
			    strstr(key, "wrap"))) {
			st = ST_FSDP; /* "--mode fsdp", "--parallelism fsdp", "--dist-mode fsdp" */
		} else if (!strcmp(key, "--strategy") || !strcmp(key, "--trainer.strategy")) {
			st = lightning_strategy(v, &fw);
		} else if ((!strcmp(key, "--deepspeed") || !strcmp(key, "--deepspeed_config") || !strcmp(key, "--deepspeed-config") ||
			    !strcmp(key, "--ds_config") || !strcmp(key, "--ds-config") || !strcmp(key, "--deepspeed_config_file")) &&
			   strlen(v) > 5 && !strcmp(v + strlen(v) - 5, ".json")) {
			/* the Hugging Face Trainer's "--deepspeed ds_z3.json" (under torchrun or python): DeepSpeed,
			 * its stage from the file's name when it says one ("z2", "zero2", "stage_2"), else ZeRO-3 */
			fw = FW_DEEPSPEED;
			st = config_name_stage(v);
		}
		if (st == ST_NONE || (st == ST_DDP && r->strategy == ST_DDP) || (ds_default && fw != FW_DEEPSPEED))
			continue;
		if (ds_default && st == r->strategy)
			return; /* the name says the stage already taken (or none) */
		r->strategy = st;
		r->framework = fw;
		request_warn(r, "strategy %s read from the program's own argument %s", st == ST_FSDP ? "FSDP" : st == ST_DDP ? "DDP" : "DeepSpeed ZeRO", key);
		return;
	}
}
