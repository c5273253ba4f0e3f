/* vcopy.c - builds the verification copy of a job script: the training program of the main launch
 * line (the script and its arguments, after python / torchrun / deepspeed / accelerate launch) is
 * replaced by the mini-app with the counts the allocation should produce; everything else stays as
 * written, byte for byte. An `exit` after the launch line keeps post-processing from running. */
#include "vcopy.h"

#include "../util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the launchers, and the project-environment managers a port keeps in front of them (uv run ...): where
 * one is not installed, the mini-app runs once as `skipped` (runverify.c's stand-ins) */
const char *const vcopy_standin_launchers[] = {"accelerate", "deepspeed", "torchrun", "uv", "pixi", "poetry", "pipenv", NULL};

const char *vcopy_mode(const struct fw_guess *fw)
{
	switch (fw->framework) {
	case FW_DEEPSPEED:
		return "deepspeed";
	case FW_ACCELERATE:
		return "accelerate";
	default:
		return fw->strategy == ST_FSDP ? "fsdp" : "ddp";
	}
}

/* Characters that mean the same inside single quotes, double quotes and bare words. */
static bool shell_inert(const char *s)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+-,:@%", *s))
			return false;
	return true;
}

/* For a word written as single-quoted chunks joined by backslash escapes ('a b'\''c'), the text offset
 * of each byte of its value (map) and whether that byte stood inside single quotes. False for any other
 * shape (double quotes, $, unquoted blanks). */
static bool single_quoted_map(const char *raw, size_t len, size_t **map, bool **quoted, size_t *n)
{
	if (len < 2 || raw[0] != '\'')
		return false;
	size_t *m = xmalloc((len + 1) * sizeof(*m));
	bool *q = xmalloc((len + 1) * sizeof(*q));
	size_t k = 0;
	bool in = false, escaped = false;
	for (size_t i = 0; i < len; i++) {
		char ch = raw[i];
		if (in) {
			if (ch == '\'') {
				in = false;
				continue;
			}
			m[k] = i;
			q[k++] = true;
		} else if (ch == '\'') {
			in = true;
		} else if (ch == '\\' && i + 1 < len) {
			m[k] = ++i;
			q[k++] = false;
			escaped = true;
		} else if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./+-,:@%=", ch)) {
			m[k] = i;
			q[k++] = false;
		} else {
			free(m);
			free(q);
			return false;
		}
	}
	if (in || !escaped) { /* unterminated, or plain '...' (the first pass handles it) */
		free(m);
		free(q);
		return false;
	}
	*map = m;
	*quoted = q;
	*n = k;
	return true;
}

/* Byte offset of a command's word range [a, b) in the script text, through one level of bash -c
 * when the command runs in a per-task shell. Returns false when the words cannot be located
 * exactly (a double-quoted bash -c string with escapes, or a list variable's expansion). */
struct span {
	size_t from, to;
	bool open, close; /* a replacement needs a ' before it (open) / after it (close) to stay one quoted string */
};

static bool locate(const char *text, const struct jobscript *js, int cmd, size_t a, size_t b, struct span *sp)
{
	const struct jcmd *c = &js->cmds[cmd];
	size_t *from = &sp->from, *to = &sp->to;
	sp->open = sp->close = false;
	size_t s = c->words.v[a].start, e = c->words.v[b - 1].end;
	if (c->depth == 0) {
		*from = s;
		*to = e;
		return true;
	}
	if (c->depth != 1 || c->parent < 0)
		return false;
	/* The per-task shell's text is the value of the parent's bash -c word: find that word. */
	const struct jcmd *p = &js->cmds[c->parent];
	for (size_t i = 0; i < p->words.nr; i++) {
		const struct shword *w = &p->words.v[i];
		size_t rl = strlen(w->raw);
		if (rl < 2 || (w->raw[0] != '\'' && w->raw[0] != '"') || w->raw[rl - 1] != w->raw[0])
			continue;
		size_t base = w->start + 1;
		if (base + e > w->end - 1)
			continue;
		/* exact only when the inner words stand in the outer text unchanged */
		bool same = true;
		for (size_t k = a; k < b && same; k++) {
			const struct shword *iw = &c->words.v[k];
			size_t n = iw->end - iw->start;
			same = !strncmp(text + base + iw->start, iw->raw, n) && strlen(iw->raw) == n;
		}
		if (same) {
			*from = base + s;
			*to = base + e;
			return true;
		}
	}
	/* a single-quoted string with '\'' escapes (how maple itself writes a quote inside bash -c '...'):
	 * map the value's offsets back to the text */
	for (size_t i = 0; i < p->words.nr; i++) {
		const struct shword *w = &p->words.v[i];
		size_t *map = NULL, n = 0;
		bool *quoted = NULL;
		if (!single_quoted_map(text + w->start, w->end - w->start, &map, &quoted, &n))
			continue;
		bool ok = e <= n && s < e && n == strlen(w->value);
		for (size_t k = a; k < b && ok; k++) {
			const struct shword *iw = &c->words.v[k];
			ok = iw->end <= n && iw->end - iw->start == strlen(iw->raw) &&
			     !strncmp(w->value + iw->start, iw->raw, iw->end - iw->start);
		}
		if (ok) {
			/* a span that begins or ends with an escaped quote (\') starts or leaves the text outside
			 * the quotes: the replacement (which has blanks) reopens / closes them to stay one word */
			size_t at = w->start + map[s];
			bool escaped = !quoted[s] && map[s] > 0 && text[at - 1] == '\\';
			*from = at - (escaped ? 1 : 0);
			sp->open = !quoted[s];
			if (escaped && map[s] > 1 && text[at - 2] == '\'') { /* '...'\''x: drop the ' that closed */
				*from = at - 2;
				sp->open = false;
			}
			*to = w->start + map[e - 1] + 1;
			sp->close = !quoted[e - 1];
			if (sp->close && *to < w->end && text[*to] == '\'') { /* x'\''...: drop the ' that reopens */
				++*to;
				sp->close = false;
			}
		}
		free(map);
		free(quoted);
		if (ok)
			return true;
	}
	/* the program and its arguments closing a single-quoted bash -c string whose words the reader sees
	 * changed (a port keeps "${RUN_NAME}" as the script wrote it, and the reader resolves the constant):
	 * from the program's word, found once in the string, to the string's end */
	if (b != c->words.nr)
		return false;
	const char *prog = c->words.v[a].raw;
	size_t pl = strlen(prog);
	for (size_t i = 0; i < p->words.nr && pl; i++) {
		const struct shword *w = &p->words.v[i];
		size_t rl = strlen(w->raw);
		if (rl < 2 || w->raw[0] != '\'' || w->raw[rl - 1] != '\'' || memchr(w->raw + 1, '\'', rl - 2) ||
		    w->end - w->start != rl)
			continue;
		size_t found = 0, at = 0;
		for (size_t q = w->start + 1; q + pl < w->end; q++)
			if (!strncmp(text + q, prog, pl) && text[q - 1] == ' ' && (text[q + pl] == ' ' || q + pl == w->end - 1))
				found++, at = q;
		if (found == 1) {
			*from = at;
			*to = w->end - 1;
			return true;
		}
	}
	return false;
}

static int line_of(const char *text, size_t off)
{
	int line = 1;
	for (size_t i = 0; i < off; i++)
		line += text[i] == '\n';
	return line;
}

/* The first word of the training program on launch l's program stage: its script, or a module together
 * with its flag (python's own -m, or the launcher's -m/--module just before the program stage on the same
 * command: torchrun -m pkg.mod); the replacement is a file, never a module. */
static size_t program_first_word(const struct jobscript *js, const struct launch *l)
{
	const struct stage *ps = &l->stages[l->prog_stage];
	const struct jcmd *pc = &js->cmds[ps->cmd];
	size_t a = (size_t)l->script_word;
	if (!l->module || a == 0 || a > pc->words.nr)
		return a;
	const char *prev = pc->words.v[a - 1].value;
	if (a > (size_t)ps->first)
		return !strcmp(prev, "-m") ? a - 1 : a;
	bool same_cmd = l->prog_stage > 0 && l->stages[l->prog_stage - 1].cmd == ps->cmd;
	return same_cmd && (!strcmp(prev, "-m") || !strcmp(prev, "--module")) ? a - 1 : a;
}

bool vcopy_program_span(const char *text, const struct script_reading *sr, size_t *from, size_t *to)
{
	const struct jobscript *js = &sr->js;
	if (sr->plan.launch < 0)
		return false;
	const struct launch *l = &js->launches[sr->plan.launch];
	if (l->prog_stage < 0 || l->script_word < 0)
		return false;
	const struct stage *ps = &l->stages[l->prog_stage];
	const struct jcmd *pc = &js->cmds[ps->cmd];
	size_t a = program_first_word(js, l), b = (size_t)ps->last;
	if (b <= a || b > pc->words.nr)
		return false;
	struct span sp;
	if (!locate(text, js, ps->cmd, a, b, &sp) || sp.open || sp.close)
		return false; /* a placeholder there would need the quotes around it rewritten */
	*from = sp.from;
	*to = sp.to;
	return true;
}

/* Copies text[s, e) to out, with the words of span r (when given and inside) written as `torchrun`. */
static void add_text(struct strbuf *out, const char *text, size_t s, size_t e, const struct span *r)
{
	if (!r || r->from < s || r->to > e) {
		strbuf_add(out, text + s, e - s);
		return;
	}
	strbuf_add(out, text + s, r->from - s);
	strbuf_adds(out, "torchrun");
	strbuf_add(out, text + r->to, e - r->to);
}

/* Offset just after the newline that ends physical line `line` (or the end of the text). */
static size_t end_of_line(const char *text, int line)
{
	const char *q = text;
	for (int ln = 1; *q; q++)
		if (*q == '\n' && ++ln > line)
			return (size_t)(q - text) + 1;
	return (size_t)(q - text);
}

/* A loopback address given to the launcher on its own line ("--master_addr=localhost", "--main_process_ip
 * 127.0.0.1", "--rdzv_endpoint=localhost:29500"): the option's name, else NULL. */
static const char *loopback_option(const char *line, size_t len, char *val, size_t vsz)
{
	static const char *const opts[] = {"--master_addr", "--master-addr", "--main_process_ip", "--main-process-ip",
					   "--rdzv_endpoint", "--rdzv-endpoint", "--master_address", NULL};
	for (int i = 0; opts[i]; i++) {
		size_t n = strlen(opts[i]);
		for (const char *p = line; p && (size_t)(p - line) + n < len; p++) {
			p = memmem(p, len - (size_t)(p - line), opts[i], n);
			if (!p)
				break;
			const char *v = p + n;
			if (*v != '=' && *v != ' ')
				continue;
			v++;
			while (*v == ' ' || *v == '"' || *v == '\'')
				v++;
			size_t vl = strcspn(v, " \"':\n");
			if ((vl == 9 && !strncmp(v, "localhost", 9)) || (vl >= 4 && !strncmp(v, "127.", 4))) {
				snprintf(val, vsz, "%.*s", (int)vl, v);
				return opts[i];
			}
		}
	}
	return NULL;
}

/* When the job spans several nodes, the batch shell refuses a rendezvous on its own loopback before
 * launching: the ranks of the other nodes could never meet rank 0 there, and the launch would only wait
 * for its timeout. Only for a launch line that passes MASTER_ADDR on, or names the loopback itself. */
static void add_guard(const char *text, size_t ls, size_t le, struct vcopy_info *info, struct strbuf *out)
{
	if (info->expect_nodes < 2)
		return;
	const char *line = text + ls;
	size_t len = le - ls;
	char val[64];
	const char *opt = loopback_option(line, len, val, sizeof(val));
	if (opt) {
		strbuf_addf(out,
			    "echo \"" VCOPY_FAIL_PREFIX "the launch line gives %s=%s, but the job spans %ld nodes: the ranks "
			    "on the other nodes look for rank 0 on their own host and can never meet it; give the first "
			    "node of the allocation (\\$MASTER_ADDR set from the node list)\"; exit %d  # maple verify\n",
			    opt, val, info->expect_nodes, VCOPY_GUARD_EXIT);
		info->guarded = true;
		return;
	}
	if (!memmem(line, len, "MASTER_ADDR", 11))
		return;
	strbuf_addf(out,
		    "case \"${MASTER_ADDR-}\" in localhost | 127.* | ::1) echo \"" VCOPY_FAIL_PREFIX "MASTER_ADDR is "
		    "'$MASTER_ADDR' in the batch shell on $(hostname), but the job spans %ld nodes: the ranks on the other "
		    "nodes look for rank 0 on their own host and can never meet it; set MASTER_ADDR to the first node "
		    "of the allocation (scontrol show hostnames \\\"\\$SLURM_JOB_NODELIST\\\" | head -n 1, or head -n 1 "
		    "\\\"\\$PBS_NODEFILE\\\")\"; exit %d ;; esac  # maple verify\n",
		    info->expect_nodes, VCOPY_GUARD_EXIT);
	info->guarded = true;
}

/* The world size maple's own header names ("# Generated by maple ..." then "# 1 node x 6 GPUs = 6 GPUs;
 * ..."), or 0: the job maple wrote on purpose, GPUs left idle included (a port keeps the old world size). */
static long header_world(const char *text)
{
	const char *g = strstr(text, "\n# Generated by maple ");
	if (!g && !strncmp(text, "# Generated by maple ", 21))
		g = text - 1;
	if (!g)
		return 0;
	const char *nl = strchr(g + 1, '\n');
	if (!nl || strncmp(nl + 1, "# ", 2))
		return 0;
	long nodes = 0, gpn = 0, world = 0;
	char n1[8], n2[8];
	if (sscanf(nl + 3, "%ld %7s x %ld GPU%*[s] = %ld", &nodes, n1, &gpn, &world) != 4 &&
	    sscanf(nl + 3, "%ld %7s x %ld GPU = %ld", &nodes, n2, &gpn, &world) != 4)
		return 0;
	return nodes > 0 && gpn > 0 && world == nodes * gpn ? world : 0;
}

int vcopy_build(const char *text, const struct script_reading *sr, const struct vcopy_opts *o, struct strbuf *out,
		struct vcopy_info *info, struct maple_error *err)
{
	memset(info, 0, sizeof(*info));
	const struct jobscript *js = &sr->js;
	const struct launch_plan *p = &sr->plan;
	if (p->launch < 0)
		return errorf(err, "no launch line found (srun, mpiexec, torchrun, deepspeed, accelerate, python ...): "
				   "there is nothing to replace with the mini-app");
	const struct launch *l = &js->launches[p->launch];
	if (l->prog_stage < 0)
		return errorf(err, "line %d: the launch line starts no training program maple can see", js->cmds[l->cmd].line);
	if (l->mpmd)
		return errorf(err,
			      "line %d: an MPMD launch (A : B) starts several programs together; the mini-app can stand "
			      "for one training program only: run it by hand in a copy with one program",
			      js->cmds[l->cmd].line);
	const struct stage *ps = &l->stages[l->prog_stage];
	const struct jcmd *pc = &js->cmds[ps->cmd];
	size_t a = (size_t)ps->first, b = (size_t)ps->last;
	bool need_python = false;
	if (l->script_word >= 0) {
		a = program_first_word(js, l);
	} else {
		need_python = true; /* a binary or wrapper script: run the mini-app with python3 instead */
	}
	if (b <= a || b > pc->words.nr)
		return errorf(err, "line %d: cannot tell where the training program's arguments end", pc->line);
	struct span sp;
	if (!locate(text, js, ps->cmd, a, b, &sp))
		return errorf(err,
			      "line %d: the training command is built in a way maple cannot rewrite in place (a "
			      "double-quoted bash -c string with escapes, or a command kept in a variable); write it "
			      "out on the launch line, or run the mini-app by hand",
			      pc->line);
	size_t from = sp.from, to = sp.to;
	/* torchtune's `tune run` runs a recipe that is not one of its own as a module (its path made a dotted
	 * name): the copy starts the mini-app file with torchrun, whose options tune run takes unchanged
	 * (https://github.com/pytorch/torchtune/blob/main/torchtune/_cli/run.py) */
	struct span tune = {0};
	bool tune_run = false;
	for (size_t i = 0; i < l->nstages && !tune_run; i++) {
		const struct stage *ts = &l->stages[i];
		if (!ts->prog || strcmp(ts->prog, "tune") || ts->cmd != ps->cmd || (size_t)ts->first + 2 > a)
			continue;
		tune_run = locate(text, js, ps->cmd, (size_t)ts->first, (size_t)ts->first + 2, &tune) && !tune.open &&
			   !tune.close && tune.to <= from;
	}
	if (!shell_inert(o->miniapp) || !shell_inert(o->report_dir))
		return errorf(err,
			      "the verification directory '%s' has characters that would need quoting inside the "
			      "launch line; choose another with --workdir (letters, digits, _ . / + - only)",
			      o->report_dir);

	info->mode = o->mode ? o->mode : vcopy_mode(&sr->fw);
	info->expect_nodes = p->counts.nodes > 0 ? p->counts.nodes : p->eff_nodes;
	long planned = header_world(text);
	if (planned > 0 && planned == p->workers)
		info->expect_world = planned; /* maple wrote it for this world size (a port keeps the old one) */
	else if (p->counts.gpus_per_node > 0 && info->expect_nodes > 0)
		info->expect_world = info->expect_nodes * p->counts.gpus_per_node;
	else
		info->expect_world = p->workers > 0 ? p->workers : 0;
	info->launch_line = js->cmds[l->cmd].line;
	info->program_line = line_of(text, from);
	info->replaced = xstrndup(text + from, to - from);

	struct strbuf rep = STRBUF_INIT;
	strbuf_addf(&rep, "%s%s --mode %s", need_python ? "python3 " : "", o->miniapp, info->mode);
	if (info->expect_world > 0)
		strbuf_addf(&rep, " --expect-world %ld", info->expect_world);
	if (info->expect_nodes > 0)
		strbuf_addf(&rep, " --expect-nodes %ld", info->expect_nodes);
	strbuf_addf(&rep, " --report-dir %s --timeout %d", o->report_dir, o->timeout_s > 0 ? o->timeout_s : 120);
	/* the process-group backend the program was told to use is part of what is being verified */
	for (size_t k = a; k < b; k++) {
		const char *w = pc->words.v[k].value, *v = NULL;
		int form = backend_option(w);
		if (form == 1)
			v = w + strcspn(w, "=") + 1;
		else if (form == 2 && k + 1 < b)
			v = pc->words.v[k + 1].value;
		if (v && shell_inert(v)) {
			strbuf_addf(&rep, " --backend %s", v);
			break;
		}
	}
	info->replacement = strbuf_detach(&rep);

	/* Before the launch line, the batch shell says where it runs and what rendezvous it passes on:
	 * when the ranks never meet, that tells a MASTER_ADDR pointing elsewhere from other causes. */
	const struct jcmd *lc = &js->cmds[l->cmd];
	size_t ls = end_of_line(text, lc->line - 1);
	bool own_line = lc->depth == 0 && !lc->in_control && ls <= from;
	for (size_t k = ls; own_line && k < ls + (size_t)(lc->col > 0 ? lc->col - 1 : 0); k++)
		own_line = text[k] == ' ' || text[k] == '\t';
	if (own_line) {
		strbuf_add(out, text, ls);
		strbuf_adds(out, "printf 'MAPLE_VERIFY_SHELL host=%s master_addr=%s master_port=%s\\n' \"$(hostname)\" "
				 "\"${MASTER_ADDR-}\" \"${MASTER_PORT-}\"  # maple verify\n");
		add_guard(text, ls, end_of_line(text, lc->last_line), info, out);
		if (o->standin_dir)
			strbuf_addf(out, "export PATH=\"${PATH}:%s\"  # maple verify: stand-ins for launchers that are not "
					 "installed (last on PATH: an installed one wins)\n",
				    o->standin_dir);
		add_text(out, text, ls, from, tune_run ? &tune : NULL);
	} else {
		add_text(out, text, 0, from, tune_run ? &tune : NULL);
	}
	if (sp.open)
		strbuf_addch(out, '\'');
	strbuf_adds(out, info->replacement);
	if (sp.close)
		strbuf_addch(out, '\'');
	/* the rest of the launch command, then stop after it */
	size_t line_end = end_of_line(text, lc->last_line);
	if (line_end < to)
		line_end = end_of_line(text, line_of(text, to));
	strbuf_add(out, text + to, line_end - to);
	if (line_end > 0 && text[line_end - 1] != '\n')
		strbuf_addch(out, '\n');
	if (!lc->background && !lc->in_control) {
		strbuf_adds(out, "exit $?  # maple verify: the copy stops after the mini-app\n");
		info->stops_after = true;
		if (line_end < strlen(text))
			strbuf_adds(out, "# (the rest of the original script is not run by the verification copy)\n");
	} else {
		strbuf_adds(out, text + line_end);
	}
	return 0;
}

void vcopy_info_release(struct vcopy_info *info)
{
	free(info->replaced);
	free(info->replacement);
	memset(info, 0, sizeof(*info));
}
