/* retarget.c - the program's own arguments re-aimed at the target: the DeepSpeed config the old script
 * wrote (--deepspeed FILE -> "$DS_CONFIG"), a communication backend or torch device for the old
 * cluster's GPUs (--backend ccl, --device xpu), and the layout told in the arguments (--devices 4,
 * trainer.num_nodes=2) where the port moved the job to other nodes; every change said. */
#include "port.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Points the arguments that name the DeepSpeed config the old script wrote itself (--deepspeed_config
 * FILE, --deepspeed FILE, --deepspeed_config=FILE) at the one the target's script writes ("$DS_CONFIG"),
 * in the form the program already parses: a Hugging Face Trainer takes --deepspeed FILE, a
 * deepspeed.add_config_arguments parser --deepspeed_config FILE, and neither takes the other's. */
void port_retarget_ds_args(struct request *r)
{
	struct strbuf removed = STRBUF_INIT;
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *v = r->args.v[i].value;
		bool cfg = !strcmp(v, "--deepspeed_config") || !strcmp(v, "--deepspeed-config") ||
			   !strcmp(v, "--deepspeed_config_file");
		bool flag = !strcmp(v, "--deepspeed");
		const char *eq = !strncmp(v, "--deepspeed=", 12) || !strncmp(v, "--deepspeed_config=", 19) ||
						 !strncmp(v, "--deepspeed-config=", 19)
					 ? strchr(v, '=')
					 : NULL;
		struct strbuf now = STRBUF_INIT;
		size_t at = i;
		if (eq) {
			strbuf_addf(&removed, "%s%s", removed.len ? ", " : "", v);
			strbuf_addf(&now, "%.*s\"$DS_CONFIG\"", (int)(eq - v + 1), v);
		} else if ((cfg || flag) && i + 1 < r->args.nr && r->args.v[i + 1].value[0] != '-' &&
			   (cfg || strstr(r->args.v[i + 1].value, ".json") || strchr(r->args.v[i + 1].value, '$'))) {
			strbuf_addf(&removed, "%s%s %s", removed.len ? ", " : "", v, r->args.v[i + 1].value);
			strbuf_adds(&now, "\"$DS_CONFIG\"");
			at = ++i;
		}
		if (now.len) {
			struct shwords tmp;
			shwords_init(&tmp);
			shlex_split(now.buf, now.len, &tmp);
			if (tmp.nr == 1) {
				shword_release(&r->args.v[at]);
				r->args.v[at] = tmp.v[0];
				tmp.nr = 0;
			}
			shwords_release(&tmp);
		}
		strbuf_release(&now);
	}
	if (removed.len)
		request_warn(r, "`%s` now names \"$DS_CONFIG\": the old script wrote its DeepSpeed config itself; the "
				"target's script writes one for %s (copy any other settings you need into it)",
			     removed.buf, strategy_name(r->strategy));
	strbuf_release(&removed);
}

/* Replaces args[i] by literal text. */
static void set_literal(struct request *r, size_t i, const char *text)
{
	shword_release(&r->args.v[i]);
	shword_init_literal(&r->args.v[i], text);
}

/* Whether a backend value is one the target's GPUs cannot use. */
static bool backend_wrong(bool intel, const char *val)
{
	return intel ? (!strcmp(val, "nccl") || !strcmp(val, "rccl"))
		     : (!strcmp(val, "ccl") || !strcmp(val, "xccl") || !strcmp(val, "rccl"));
}

/* --backend $NAME: the carried assignment NAME=VALUE (after port_carry_assignments) is the user's text
 * that names the backend; a wrong one is changed there, with its line. */
static void retarget_backend_var(const struct script_reading *sr, struct request *r, const char *opt, size_t optlen,
				 const char *ref, const char *want, const struct cluster *target)
{
	char name[64];
	size_t n = 0;
	const char *p = ref + 1 + (ref[1] == '{');
	while (n + 1 < sizeof(name) && (isalnum((unsigned char)p[n]) || p[n] == '_')) {
		name[n] = p[n];
		n++;
	}
	name[n] = 0;
	if (!n || p[n] != (ref[1] == '{' ? '}' : 0))
		return;
	int k = strvec_find(&r->env_names, name);
	if (k < 0 || !r->env_values.v[k].value || !backend_wrong(!strcmp(target->hw.gpu_vendor, "intel"), r->env_values.v[k].value))
		return;
	const struct assign *a = js_lookup(&sr->js, name, (int)sr->js.ncmds);
	request_warn(r, "line %d: %s=%s (the program's argument `%.*s %s`) changed to %s=%s: %s drives other GPUs than %s's %s GPUs",
		     a ? a->line : 0, name, r->env_values.v[k].value, (int)optlen, opt, ref, name, want, r->env_values.v[k].value, target->name,
		     port_vendor_name(target->hw.gpu_vendor));
	shword_release(&r->env_values.v[k]);
	shword_init_literal(&r->env_values.v[k], want);
}

/* --backend ${NAME:-lit}: whether the default decides the backend - NAME is not carried, or carried as its
 * own default (NAME=${NAME:-lit}), which is then changed to the target's library with its line. */
static bool retarget_backend_default(const struct script_reading *sr, struct request *r, const char *name, const char *want,
				     const struct cluster *target)
{
	int k = strvec_find(&r->env_names, name);
	if (k < 0)
		return true;
	char n2[64], l2[64];
	const char *ev = r->env_values.v[k].raw ? r->env_values.v[k].raw : r->env_values.v[k].value;
	size_t el = ev ? strlen(ev) : 0;
	char unq[128];
	if (el >= 2 && ev[0] == '"' && ev[el - 1] == '"' && el - 2 < sizeof(unq)) {
		snprintf(unq, sizeof(unq), "%.*s", (int)(el - 2), ev + 1);
		ev = unq;
	}
	if (!ev || !var_default(ev, n2, sizeof(n2), l2, sizeof(l2)) || strcmp(n2, name))
		return false;
	if (backend_wrong(!strcmp(target->hw.gpu_vendor, "intel"), l2)) {
		const struct assign *a = js_lookup(&sr->js, name, (int)sr->js.ncmds);
		request_warn(r, "line %d: %s=%s (its default names the program's backend) changed to %s=%s: %s drives other GPUs than %s's %s GPUs",
			     a ? a->line : 0, name, ev, name, want, l2, target->name, port_vendor_name(target->hw.gpu_vendor));
		shword_release(&r->env_values.v[k]);
		shword_init_literal(&r->env_values.v[k], want);
	}
	return true;
}

/* A communication backend named in the arguments (--backend ccl) for the old cluster's GPUs: the
 * target's vendor needs its own (NCCL/RCCL as "nccl" on NVIDIA and AMD, oneCCL on Intel). */
void port_retarget_backend(const struct script_reading *sr, struct request *r, const struct cluster *target)
{
	const char *vendor = target->hw.gpu_vendor;
	if (!vendor)
		return;
	bool intel = !strcmp(vendor, "intel");
	const char *want = intel ? (target->node_type && target->node_type->backend &&
				    (!strcmp(target->node_type->backend, "xccl") || !strcmp(target->node_type->backend, "ccl"))
					    ? target->node_type->backend
					    : "ccl")
				 : "nccl";
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *v = r->args.v[i].value;
		int form = backend_option(v);
		if (!form)
			continue;
		size_t n = strcspn(v, "=");
		size_t vi = form == 1 ? i : i + 1;
		if (vi >= r->args.nr)
			continue;
		const char *val = form == 1 ? v + n + 1 : r->args.v[vi].value;
		char name[64], lit[64], why[256] = "";
		if (var_default(val, name, sizeof(name), lit, sizeof(lit))) {
			/* ${BACKEND:-xccl}: the job runs with the default unless the script sets BACKEND (carried,
			 * then that value decides) or sets it to its own default */
			if (!retarget_backend_default(sr, r, name, want, target))
				continue;
			snprintf(why, sizeof(why), " (the job runs with the default %s of %s)", lit, val);
			val = lit;
		} else if (val[0] == '$')
			retarget_backend_var(sr, r, v, n, val, want, target);
		if (!backend_wrong(intel, val))
			continue;
		char old[96], now[96];
		snprintf(old, sizeof(old), "%.*s%s%s", (int)n, v, form == 1 ? "=" : " ", form == 1 ? v + n + 1 : r->args.v[vi].value);
		snprintf(now, sizeof(now), "%.*s%s%s", form == 1 ? (int)n : 0, v, form == 1 ? "=" : "", want);
		request_warn(r, "argument `%s` changed to `%.*s%s%s`%s: %s drives other GPUs than %s's %s GPUs", old, (int)n, v,
			     form == 1 ? "=" : " ", want, why, val, target->name, port_vendor_name(vendor));
		set_literal(r, vi, now);
	}
}

/* The PyTorch device named in the arguments (--device xpu, --device=cuda, --device_type xpu) for the old
 * cluster's GPUs: torch calls Intel's GPUs "xpu" and NVIDIA's and AMD's (ROCm builds) "cuda"
 * (https://pytorch.org/docs/stable/notes/get_start_xpu.html). */
void port_retarget_device(struct request *r, const struct cluster *target)
{
	const char *vendor = target->hw.gpu_vendor;
	if (!vendor)
		return;
	const char *want = !strcmp(vendor, "intel") ? "xpu" : "cuda", *wrong = !strcmp(vendor, "intel") ? "cuda" : "xpu";
	static const char *const opts[] = {"--device", "--device_type", "--device-type", NULL};
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *v = r->args.v[i].value;
		for (size_t k = 0; opts[k]; k++) {
			size_t n = strlen(opts[k]);
			if (strncmp(v, opts[k], n) || (v[n] && v[n] != '='))
				continue;
			size_t vi = v[n] == '=' ? i : i + 1;
			if (vi >= r->args.nr)
				break;
			const char *val = v[n] == '=' ? v + n + 1 : r->args.v[vi].value;
			if (strcmp(val, wrong))
				break;
			char now[64];
			snprintf(now, sizeof(now), "%s%s", v[n] == '=' ? opts[k] : "", v[n] == '=' ? "=" : "");
			strncat(now, want, sizeof(now) - strlen(now) - 1);
			request_warn(r, "argument `%s%s%s` changed to `%s%s%s`: torch names %s's %s GPUs '%s'", opts[k],
				     v[n] == '=' ? "=" : " ", wrong, opts[k], v[n] == '=' ? "=" : " ", want, target->name, port_vendor_name(vendor), want);
			set_literal(r, vi, now);
			break;
		}
	}
}
/* The layout the program is told in its own arguments (Lightning's trainer.devices=8 / --trainer.num_nodes 2,
 * --devices, --gpus, --num_nodes ...): where the port moved the job to other nodes, an argument whose value
 * is the old GPUs per node or node count is rewritten to the new one (said), or the program asks for
 * devices its node does not have. */
void port_retarget_layout_args(struct request *req, int old_nodes, int old_gpn)
{
	static const char *const dev[] = {"devices", "gpus", "ngpus", "gpus_per_node", "gpus-per-node", "num_gpus",
					  "num-gpus", "nproc_per_node", "nproc-per-node", NULL};
	static const char *const nod[] = {"num_nodes", "num-nodes", "nnodes", "nodes", NULL};
	int new_nodes = req->nodes > 0 ? req->nodes : 1, new_gpn = req->gpus_per_node;
	if (new_gpn <= 0 || (new_nodes == old_nodes && new_gpn == old_gpn))
		return;
	for (size_t i = 0; i < req->args.nr; i++) {
		const char *v = req->args.v[i].value;
		const char *k = v;
		while (*k == '-')
			k++;
		if (!strncmp(k, "trainer.", 8))
			k += 8;
		else if (k == v)
			continue; /* a bare word: only Hydra's trainer.KEY=N */
		const char *eq = strchr(k, '=');
		size_t kl = eq ? (size_t)(eq - k) : strlen(k);
		const char *val = eq ? eq + 1 : i + 1 < req->args.nr ? req->args.v[i + 1].value : NULL;
		if (!val || !*val || strspn(val, "0123456789") != strlen(val))
			continue;
		int old = -1, now = 0;
		for (const char *const *d = dev; *d && old < 0; d++)
			if (strlen(*d) == kl && !strncmp(k, *d, kl))
				old = old_gpn, now = new_gpn;
		for (const char *const *d = nod; *d && old < 0; d++)
			if (strlen(*d) == kl && !strncmp(k, *d, kl))
				old = old_nodes, now = new_nodes;
		if (old < 0 || atoi(val) != old || old == now)
			continue;
		char text[160];
		size_t at = eq ? i : i + 1;
		if (eq)
			snprintf(text, sizeof(text), "%.*s%d", (int)(eq + 1 - v), v, now);
		else
			snprintf(text, sizeof(text), "%d", now);
		request_warn(req, "argument %s%s%s is now %s%s%s: the port runs %d node%s x %d GPUs", v, eq ? "" : " ",
			     eq ? "" : val, eq ? "" : v, eq ? "" : " ", text, new_nodes, new_nodes == 1 ? "" : "s", new_gpn);
		set_literal(req, at, text);
		if (!eq)
			i++;
	}
}
