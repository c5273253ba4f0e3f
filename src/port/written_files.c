/* written_files.c - the files the old script writes itself with a heredoc that a port carries as they
 * were: the DeepSpeed config its arguments name, the files its program reads (--config run.yaml after
 * cat > run.yaml) or the program itself, each inserted before the target's launch under a comment. */
#include "port.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The heredoc of the old script that writes the DeepSpeed config the arguments name, or -1. */
int port_ds_config_heredoc(const struct script_reading *sr, const struct request *r)
{
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *v = r->args.v[i].value;
		const char *file = NULL;
		if (!strncmp(v, "--deepspeed", 11) && strchr(v, '='))
			file = strchr(v, '=') + 1;
		else if (!strncmp(v, "--deepspeed", 11) && i + 1 < r->args.nr && r->args.v[i + 1].value[0] != '-')
			file = r->args.v[i + 1].value;
		if (!file)
			continue;
		const char *b = strrchr(file, '/');
		b = b ? b + 1 : file;
		for (size_t h = 0; h < sr->js.nheredocs; h++) {
			const char *t = sr->js.heredocs[h].target;
			if (!t || sr->js.heredocs[h].cmd < 0 || sr->js.cmds[sr->js.heredocs[h].cmd].depth != 0)
				continue;
			const char *tb = strrchr(t, '/');
			tb = tb ? tb + 1 : t;
			if (!strcmp(tb, b) || (strchr(file, '$') && strstr(sr->js.heredocs[h].body, "zero_optimization")))
				return (int)h;
		}
	}
	return -1;
}

bool port_arg_file_heredoc(const struct script_reading *sr, int h)
{
	const struct jobscript *js = &sr->js;
	const struct heredoc *hd = &js->heredocs[h];
	const struct launch_plan *p = &sr->plan;
	if (sr->helper || !hd->target || hd->cmd < 0 || js->cmds[hd->cmd].depth != 0 || p->launch < 0 || !p->prog ||
	    hd->cmd > js->launches[p->launch].cmd)
		return false;
	const struct launch *l = &js->launches[p->launch];
	const struct jcmd *c = &js->cmds[p->prog->cmd];
	const char *tb = base_name(hd->target);
	/* the program itself when the old script writes it (cat > launch_ddp.py <<EOF; srun python launch_ddp.py) */
	for (int i = l->script_word; l->script_word >= 0 && i < p->prog->last; i++) {
		const char *v = c->words.v[i].value, *eq = v[0] == '-' ? strchr(v, '=') : NULL;
		const char *f = eq ? eq + 1 : v;
		if (f[0] != '-' && !strcmp(base_name(f), tb))
			return true;
	}
	return false;
}

/* Appends heredoc h of the old script, its command's first line to its delimiter, under a comment; false
 * when it does not close (verify names it). */
static bool heredoc_block(const struct jobscript *js, int h, const char *what, struct strbuf *sb)
{
	const struct heredoc *hd = &js->heredocs[h];
	int first = js->cmds[hd->cmd].line, last = 0;
	for (size_t i = (size_t)hd->line; i < js->lines.nr && !last; i++) {
		const char *l = js->lines.v[i];
		while (*l == '\t')
			l++; /* <<- strips leading tabs */
		if (!strcmp(l, hd->delim))
			last = (int)i + 1;
	}
	if (!last || first < 1 || first > hd->line)
		return false;
	strbuf_addf(sb, "%s# %s (lines %d-%d), kept as it was\n", sb->len ? "\n" : "", what, first, last);
	for (int i = first; i <= last; i++)
		strbuf_addf(sb, "%s\n", js->lines.v[i - 1]);
	return true;
}

char *port_user_config_text(const struct script_reading *sr, const struct request *req)
{
	bool acc = req->framework == FW_ACCELERATE;
	int h = acc ? port_acc_config_heredoc(sr) : req->framework == FW_DEEPSPEED ? port_ds_config_heredoc(sr, req) : -1;
	struct strbuf sb = STRBUF_INIT;
	if (h >= 0)
		heredoc_block(&sr->js, h, acc ? "the Accelerate config of the old script" : "the DeepSpeed config of the old script", &sb);
	/* files the program reads that the old script writes itself (--config run.yaml after cat > run.yaml) */
	for (size_t k = 0; k < sr->js.nheredocs; k++) {
		char what[160];
		const char *t = sr->js.heredocs[k].target ? sr->js.heredocs[k].target : "";
		bool prog = req->script && !strcmp(base_name(t), base_name(req->script));
		snprintf(what, sizeof(what), "%.100s, %s, as the old script wrote it", t,
			 prog ? "the program" : "which the program reads");
		if ((int)k != h && port_arg_file_heredoc(sr, (int)k))
			heredoc_block(&sr->js, (int)k, what, &sb);
	}
	if (!sb.len) {
		strbuf_release(&sb);
		return NULL; /* none, or an unclosed heredoc: verify names it; the port writes its own config */
	}
	return strbuf_detach(&sb);
}

void port_insert_before_launch(struct strbuf *script, const char *block)
{
	const char *mark = strstr(script->buf, "\n# --- launch ---\n");
	if (!block || !mark)
		return;
	size_t at = (size_t)(mark - script->buf) + 1;
	struct strbuf out = STRBUF_INIT;
	strbuf_add(&out, script->buf, at);
	strbuf_adds(&out, block);
	strbuf_adds(&out, "\n");
	strbuf_adds(&out, script->buf + at);
	strbuf_release(script);
	*script = out;
}

/* Whether heredoc h of the old script closes (it can be carried over line for line). */
bool port_heredoc_closes(const struct script_reading *sr, int h)
{
	const struct heredoc *hd = &sr->js.heredocs[h];
	for (size_t i = (size_t)hd->line; i < sr->js.lines.nr; i++) {
		const char *l = sr->js.lines.v[i];
		while (*l == '\t')
			l++;
		if (!strcmp(l, hd->delim))
			return hd->cmd >= 0 && sr->js.cmds[hd->cmd].line <= hd->line;
	}
	return false;
}
