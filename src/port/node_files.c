/* node_files.c - files the old script writes for its launcher and then uses, in a port:
 *   - the hostfile its launch names (deepspeed --hostfile F, mpirun/mpiexec --hostfile/--machinefile F),
 *     written line by line from the job's nodes (`echo "$h slots=4" >> F` in a loop over `scontrol show
 *     hostnames` or $PBS_NODEFILE, printf, cat/sed of the node file): the port's launch places one worker per
 *     GPU with the target's own launcher, so the file is not needed there - its lines are named as not
 *     carried over, with that reason, never counted among the set-up commands;
 *   - an MPI rankfile (--rankfile F): it pins ranks to the old nodes' cores and GPUs, named the same way;
 *   - the Accelerate config `accelerate config default [--config_file F]` writes: it describes the node it
 *     runs on (its GPUs, distributed type MULTI_GPU), so the port runs the same command on the target,
 *     before the launch, and keeps --config_file F. */
#include "port.h"

#include "../script/plan.h"
#include "../util/strbuf.h"

#include <stdio.h>
#include <string.h>

/* The value of a word that is a file name: its text, or the constant the script assigns to the variable it
 * is ($HOSTFILE, ${HOSTFILE}) before command cmd; NULL when neither. */
static const char *file_value(const struct jobscript *js, const struct shword *w, int cmd)
{
	if (w->nsegs == 1 && w->segs[0].kind == SEG_VAR) {
		const struct assign *a = js_lookup(js, w->segs[0].text, cmd);
		if (!a || !a->has_value || !a->value.value || strchr(a->value.value, '$') || strchr(a->value.value, '`'))
			return NULL;
		return a->value.value;
	}
	return strchr(w->value, '$') ? NULL : w->value;
}

/* The same for a redirection target as the reader keeps it (its text, "$HOSTFILE" or "${HOSTFILE}"). */
static const char *redirect_value(const struct jobscript *js, const char *t, int cmd, char *buf, size_t n)
{
	if (!t)
		return NULL;
	t += strspn(t, "\"'");
	if (*t != '$') {
		snprintf(buf, n, "%.*s", (int)strcspn(t, "\"'"), t);
		return buf;
	}
	const char *name = t + 1 + (t[1] == '{');
	size_t len = strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	char var[128];
	if (!len || len >= sizeof(var))
		return NULL;
	snprintf(var, sizeof(var), "%.*s", (int)len, name);
	const struct assign *a = js_lookup(js, var, cmd);
	if (!a || !a->has_value || !a->value.value || strchr(a->value.value, '$'))
		return NULL;
	snprintf(buf, n, "%s", a->value.value);
	return buf;
}

/* The redirection of the loop around (or fed by) command c, written on its `done` line (`cat $PBS_NODEFILE |
 * while read h; do printf ...; done > hostfile`), copied into buf; NULL when none. */
static const char *loop_redirect(const struct jobscript *js, const struct jcmd *c, char *buf, size_t n)
{
	if (c->line < 1 || (size_t)c->line > js->lines.nr)
		return NULL;
	const char *first = js->lines.v[c->line - 1];
	if (!c->in_control && !strstr(first, "| while") && !strstr(first, "|while"))
		return NULL;
	for (size_t i = (size_t)c->line - 1; i < js->lines.nr && i < (size_t)c->line + 20; i++) {
		const char *l = js->lines.v[i] + strspn(js->lines.v[i], " \t");
		if (strncmp(l, "done", 4) || (l[4] && l[4] != ' ' && l[4] != '>' && l[4] != '\t'))
			continue;
		const char *gt = strchr(l, '>');
		if (!gt)
			return NULL;
		gt += 1 + (gt[1] == '>');
		gt += strspn(gt, " \t");
		snprintf(buf, n, "%.*s", (int)strcspn(gt, " \t;|&"), gt);
		return buf;
	}
	return NULL;
}

/* The file the main launch's option (hostfile or rankfile) names, and which stage's; NULL when none. */
static const char *launch_file(const struct script_reading *sr, const char *opt, const char **launcher)
{
	const struct jobscript *js = &sr->js;
	if (sr->helper || sr->plan.launch < 0)
		return NULL;
	const struct launch *l = &js->launches[sr->plan.launch];
	for (size_t s = 0; s < l->nstages; s++) {
		const struct lopt *o = stage_opt(&l->stages[s], opt);
		if (o && o->value_word >= 0 && (size_t)o->value_word < js->cmds[l->stages[s].cmd].words.nr) {
			*launcher = stage_kind_name(l->stages[s].kind);
			return file_value(js, &js->cmds[l->stages[s].cmd].words.v[o->value_word], l->cmd);
		}
		if (o && o->value && !strchr(o->value, '$')) {
			*launcher = stage_kind_name(l->stages[s].kind);
			return o->value;
		}
	}
	return NULL;
}

bool port_node_file_cmd(const struct script_reading *sr, size_t ci, char *why, size_t n)
{
	const struct jobscript *js = &sr->js;
	const struct jcmd *c = &js->cmds[ci];
	if (sr->plan.launch < 0 || (int)ci >= js->launches[sr->plan.launch].cmd || c->nassign_prefix >= c->words.nr)
		return false;
	static const char *const opts[] = {"hostfile", "rankfile", NULL};
	for (const char *const *o = opts; *o; o++) {
		const char *launcher = NULL;
		const char *file = launch_file(sr, *o, &launcher);
		if (!file || !*file)
			continue;
		const char *fb = base_name(file);
		char buf[256], loop[256];
		const char *out = redirect_value(js, c->redirect_out ? c->redirect_out : loop_redirect(js, c, loop, sizeof(loop)),
						 (int)ci, buf, sizeof(buf));
		bool writes = out && !strcmp(base_name(out), fb);
		/* rm -f F, touch F, : > F before the loop that fills it */
		const char *w0 = c->words.v[c->nassign_prefix].value;
		for (size_t k = c->nassign_prefix + 1; !writes && (!strcmp(w0, "rm") || !strcmp(w0, "touch")) && k < c->words.nr;
		     k++) {
			const char *v = file_value(js, &c->words.v[k], (int)ci);
			writes = v && !strcmp(base_name(v), fb);
		}
		if (!writes)
			continue;
		if (!strcmp(*o, "hostfile"))
			snprintf(why, n,
				 "it writes %s, the hostfile %s reads (the old job's nodes and slots): the port's launch "
				 "places one worker per GPU on the target's nodes with its own launcher, so no hostfile is "
				 "needed there",
				 file, launcher ? launcher : "the launch");
		else
			snprintf(why, n,
				 "it writes %s, the MPI rankfile %s reads (ranks pinned to the old nodes' cores and GPUs): "
				 "the port places one rank per GPU with the target's launcher and its own binding",
				 file, launcher ? launcher : "the launch");
		return true;
	}
	return false;
}

int port_acc_default_cmd(const struct script_reading *sr, size_t ci)
{
	const struct jobscript *js = &sr->js;
	const struct jcmd *c = &js->cmds[ci];
	size_t w = c->nassign_prefix;
	if (c->depth != 0 || w + 2 >= c->words.nr + 0 || c->redirect_out)
		return -1;
	if (strcmp(base_name(c->words.v[w].value), "accelerate") || strcmp(c->words.v[w + 1].value, "config") ||
	    strcmp(c->words.v[w + 2].value, "default"))
		return -1;
	for (size_t k = w + 3; k < c->words.nr; k++) {
		const char *v = c->words.v[k].value;
		if (!strcmp(v, "--config_file") || !strcmp(v, "--config-file"))
			return k + 1 < c->words.nr ? (int)(k + 1) : -1;
		if (!strncmp(v, "--config_file=", 14) || !strncmp(v, "--config-file=", 14))
			return (int)k;
	}
	return 0; /* the default location, which accelerate launch reads when it is given no file */
}

/* The file word k of command c names (after --config_file, or in --config_file=F). */
static const char *cf_word(const struct jcmd *c, int k)
{
	const char *v = c->words.v[k].value;
	return !strncmp(v, "--config", 8) && strchr(v, '=') ? strchr(v, '=') + 1 : v;
}

int port_acc_default_config(struct script_reading *sr, const char *file, struct request *req)
{
	const struct jobscript *js = &sr->js;
	if (sr->plan.launch < 0)
		return 0;
	int main_cmd = js->launches[sr->plan.launch].cmd, found = -1;
	for (size_t ci = 0; ci < (size_t)main_cmd && ci < js->ncmds; ci++) {
		int k = port_acc_default_cmd(sr, ci);
		if (k < 0)
			continue;
		const struct jcmd *c = &js->cmds[ci];
		if ((!file && k == 0) || (file && k > 0 && !strcmp(base_name(cf_word(c, k)), base_name(file))))
			found = (int)ci;
	}
	if (found < 0)
		return 0;
	const struct jcmd *c = &js->cmds[found];
	struct strbuf text = STRBUF_INIT;
	for (size_t k = c->nassign_prefix; k < c->words.nr; k++) {
		if (k > c->nassign_prefix)
			strbuf_addch(&text, ' ');
		shword_quote(&c->words.v[k], &text, true);
	}
	strvec_push(&req->pre_steps, text.buf);
	request_warn(req, "line %d: the Accelerate config %s is written by the job itself (`accelerate config default`), "
			  "for the node it runs on: the port runs the same command on the target before the launch (`%s`), "
			  "so the file describes the target's GPUs",
		     c->line, file ? file : "at accelerate's default location", text.buf);
	strbuf_release(&text);
	return 1;
}
