/* commands.c - a launch command typed in a request ("`torchrun --nproc_per_node=4 train.py`",
 * "srun -N 4 --gpus-per-node=4 python x.py", "accelerate launch --use_fsdp ..."), read by the same
 * launch-line reader that reads job scripts (src/script/): its launchers' options give nodes, GPUs per
 * node, totals, framework and strategy. The training program itself is read by find_program.c. */
#include "reader.h"
#include "vocab.h"

#include "../script/jobscript.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* words that start a command line: launchers, container runners and interpreters */
static const char *const command_starts[] = {"torchrun", "srun",	"mpiexec",     "mpirun",	"ibrun",
					     "deepspeed", "accelerate", "aprun",       "jsrun",		"python",
					     "python3",	  "apptainer",	"singularity", "shifter",	"podman-hpc",
					     "bash",	  "sh",		"lightning",   "composer",	NULL};
/* words that go on a launch command after its first word (accelerate launch, env, python -m ...) */
static const char *const launcher_continuations[] = {"launch", "env", "numactl", "time", "-m", "torch.distributed.run",
						     "torch.distributed.launch", "exec", "run", NULL};

static bool in_words(const char *const *l, const char *w, bool fold_case)
{
	for (; *l; l++)
		if (!(fold_case ? strcasecmp(w, *l) : strcmp(w, *l)))
			return true;
	return false;
}

bool rd_command_start_word(const char *w)
{
	return in_words(command_starts, w, true) || !strncasecmp(w, "python3.", 8);
}

static bool launcher_word(const char *w)
{
	if (!strcmp(w, "bash") || !strcmp(w, "sh") || !strcmp(w, "lightning") || !strcmp(w, "composer"))
		return false; /* they start a command, but no launcher runs over them here */
	return in_words(command_starts, w, false) || in_words(launcher_continuations, w, false) ||
	       !strncmp(w, "python3.", 8);
}

/* NAME=value in front of a command (NCCL_DEBUG=INFO torchrun ...) */
static bool env_assignment(const char *w, size_t l)
{
	if (!l || !(isupper((unsigned char)w[0]) || w[0] == '_'))
		return false;
	for (size_t i = 0; i < l; i++) {
		if (w[i] == '=')
			return i > 0;
		if (!(isalnum((unsigned char)w[i]) || w[i] == '_'))
			return false;
	}
	return false;
}

/* Where the launch command in front of the program at cut starts: the leftmost launcher word (or
 * environment assignment) reached over launcher words, options and their values. */
static size_t command_start(const struct ctx *c, size_t from, size_t cut)
{
	size_t start = cut, p = cut;
	bool after_value = false; /* the word after this one (in the text) was a bare value ("6h") */
	for (;;) {
		while (p > from && isspace((unsigned char)c->nl[p - 1]) && c->nl[p - 1] != '\n')
			p--;
		/* a line continued with "\" ("accelerate launch --use_fsdp \\n  run.py"): the command goes on
		 * on the line before */
		if (p > from + 1 && c->nl[p - 1] == '\n') {
			size_t q = p - 1;
			while (q > from && (c->nl[q - 1] == ' ' || c->nl[q - 1] == '\t'))
				q--;
			if (q > from && c->nl[q - 1] == '\\') {
				p = q - 1;
				continue;
			}
		}
		if (p <= from || c->nl[p - 1] == '\n')
			break;
		size_t we = p;
		while (p > from && !isspace((unsigned char)c->nl[p - 1]))
			p--;
		size_t ws = p, l = we - ws;
		char w[96];
		if (l >= sizeof(w))
			break;
		memcpy(w, c->nl + ws, l);
		w[l] = '\0';
		const char *word = w;
		while (*word == '`' || *word == '(' || *word == '"' || *word == '\'')
			word++;
		if (!*word)
			break; /* a lone quote or parenthesis ("''", "(") ends the span */
		if (word != w && launcher_word(word)) {
			start = ws + (size_t)(word - w);
			break; /* "`torchrun": the span's start */
		}
		/* "time 6h python t.py": the shell's `time` takes no value, so that "time" is the walltime's word */
		if (!strcmp(word, "time") && after_value)
			break;
		/* "flux run -N2 ...", "flux submit ...": Flux's launcher, by its subcommand
		 * (a "flux" that starts no tasks - "flux jobs", "in flux" - is no launcher) */
		bool flux = !strcmp(word, "flux") && start > we && start < cut &&
			    strspn(c->nl + we, " \t") == start - we &&
			    (!strncmp(c->nl + start, "run ", 4) || !strncmp(c->nl + start, "submit ", 7));
		if (launcher_word(word) || env_assignment(word, strlen(word)) || flux) {
			start = ws + (size_t)(word - w);
			after_value = false;
			continue;
		}
		bool opt = word[0] == '-';
		bool value = isdigit((unsigned char)word[0]) || strchr(word, '=') || strchr(word, '/') ||
			     (strchr(word, ':') && word[strlen(word) - 1] != ':') || !strcmp(word, "auto") || !strcmp(word, "gpu");
		after_value = value && !opt;
		if (word[strlen(word) - 1] == ',' || word[strlen(word) - 1] == ':')
			break;
		if (!opt && !value) {
			/* a word value of the option before it: "--rdzv_backend c10d", "--mixed_precision bf16",
			 * "--dynamo_backend no" */
			size_t q = ws;
			while (q > from && (c->nl[q - 1] == ' ' || c->nl[q - 1] == '\t'))
				q--;
			size_t pe = q;
			while (q > from && !isspace((unsigned char)c->nl[q - 1]))
				q--;
			bool opt_before = pe > q + 1 && c->nl[q] == '-' && !memchr(c->nl + q, '=', pe - q) &&
					  isalpha((unsigned char)c->nl[pe - 1]) && l <= 24;
			if (!opt_before)
				break;
		}
	}
	return start;
}

/* A launcher option's count: the value, -1 when none is given (or it is not a number), BAD_COUNT when it
 * is a number that is not a count in range. */
#define BAD_COUNT (-999999)
static int int_opt(const struct stage *s, const char *name)
{
	const struct lopt *o = stage_opt(s, name);
	if (!o || !o->value)
		return -1;
	char *e;
	const char *val = o->value, *colon = strrchr(val, ':');
	if (!isdigit((unsigned char)val[0]) && colon && (!strcmp(name, "gpus") || !strcmp(name, "gpus-per-node")))
		val = colon + 1; /* "--gpus=a100:8", "--gpus-per-node=h100:4": the GPU type, then the count */
	errno = 0;
	long v = strtol(val, &e, 10);
	if (e != val && (!*e || *e == ':') && v >= 0 && v <= 100000 && !errno)
		return (int)v;
	/* a number that is no count ("--nnodes 2147483648", "-n 99999999999", "-N -3", "--nnodes 2.5"): said,
	 * so the rules name it in an error; anything else ("$NNODES", "auto", "gpu") is no count */
	char *de;
	strtod(val, &de);
	if (de != val && (isdigit((unsigned char)val[0]) || (val[0] == '-' && isdigit((unsigned char)val[1]))) &&
	    (!*de || *de == ':'))
		return BAD_COUNT;
	return -1;
}

/* Whether the sentence holding the command [a, b) says it is one the user runs elsewhere ("on my
 * workstation", "locally", "... train.py` on our DGX box"): its counts then describe that machine, not
 * the target. The words are looked for before the command and after it up to the sentence's end. */
static bool local_context(const struct ctx *c, size_t a, size_t b)
{
	size_t s = a;
	while (s > 0 && c->text[s - 1] != '.' && c->text[s - 1] != '\n' && c->text[s - 1] != ';')
		s--;
	size_t e = b;
	while (e < c->len && !(c->text[e] == '.' && (e + 1 >= c->len || isspace((unsigned char)c->text[e + 1]))) &&
	       c->text[e] != '\n' && c->text[e] != ';')
		e++;
	static const char *const words[] = {"workstation", "laptop", "locally", "desktop", "my machine", "my box",
					    "my pc", "local machine", "on my mac", "dgx box", "our box", "our server",
					    "my server", "our machine", "our workstation", "lab server", "lab machine", "lab box",
					    "group server", "single box", "one box", "dev box", "devbox", "gpu server",
					    "home machine", "local box", "our dgx", "my dgx", NULL};
	for (const char *const *w = words; *w; w++) {
		size_t l = strlen(*w);
		char w0 = (*w)[0]; /* the words are lower case: the first letter is compared inline */
		for (size_t i = s; i + l <= a; i++)
			if (tolower((unsigned char)c->text[i]) == w0 && !strncasecmp(c->text + i, *w, l))
				return true;
		for (size_t i = b; i + l <= e; i++)
			if (tolower((unsigned char)c->text[i]) == w0 && !strncasecmp(c->text + i, *w, l))
				return true;
	}
	return false;
}

/* Whether an MPI stage places one task per node: "--ppn 1", "-npernode 1", "--map-by ppr:1:node". */
static bool one_per_node(const struct stage *s)
{
	if (int_opt(s, "ppn") == 1 || int_opt(s, "npernode") == 1)
		return true;
	const struct lopt *m = stage_opt(s, "map-by");
	return m && m->value && !strncasecmp(m->value, "ppr:1:node", 10);
}

/* Whether text [a, b) is an upper-case shell variable's name ("NGPUS", "GPUS_PER_NODE") on a line of its
 * own assignment ("NGPUS=8", "export NNODES=2") that a launch command of the text uses ("$NGPUS",
 * "${NNODES}", "\"$NGPUS\""). */
static bool shell_variable_used(const struct ctx *c, size_t a, size_t b)
{
	const char *s = c->nl;
	if (b <= a || b - a > 40 || b >= c->len || s[b] != '=')
		return false;
	for (size_t i = a; i < b; i++)
		if (!(isupper((unsigned char)s[i]) || isdigit((unsigned char)s[i]) || s[i] == '_'))
			return false;
	size_t la = a;
	while (la > 0 && s[la - 1] != '\n')
		la--;
	size_t p = la;
	while (p < a && (s[p] == ' ' || s[p] == '\t'))
		p++;
	if (p + 7 <= a && !strncmp(s + p, "export ", 7))
		p += 7;
	if (p != a)
		return false;
	/* (in the text as written: the command's words may be blanked from the working copy once read) */
	const char *t = c->text;
	for (const char *q = memchr(t, '$', c->len); q && q + 1 < t + c->len; q = memchr(q + 1, '$', c->len - (size_t)(q + 1 - t))) {
		const char *n = q + 1 + (q[1] == '{');
		size_t left = c->len - (size_t)(n - t);
		if (left >= b - a && !strncmp(n, s + a, b - a) && (left == b - a || !(isalnum((unsigned char)n[b - a]) || n[b - a] == '_')) &&
		    rd_command_line_at(c, (size_t)(q - t)))
			return true;
	}
	return false;
}

/* The name [*na, *nb) and value [*va, *vb) of the shell assignment on line [la, lb) ("NNODES=2", "export
 * GPUS_PER_NODE=4": an upper-case name, one word of value, nothing after it); false when it is none. */
static bool assignment_line(const char *s, size_t la, size_t lb, size_t *na, size_t *nb, size_t *va, size_t *vb)
{
	size_t p = la;
	while (p < lb && (s[p] == ' ' || s[p] == '\t'))
		p++;
	if (lb - p > 7 && !strncmp(s + p, "export ", 7))
		p += 7;
	size_t w = p;
	while (w < lb && (isalnum((unsigned char)s[w]) || s[w] == '_'))
		w++;
	size_t v = w + 1, e = v;
	while (e < lb && !isspace((unsigned char)s[e]) && s[e] != ';' && s[e] != '`' && s[e] != '$' && s[e] != '(')
		e++;
	size_t t = e;
	while (t < lb && (s[t] == ' ' || s[t] == '\t' || s[t] == '\r'))
		t++;
	if (!(w > p && w < lb && s[w] == '=' && e > v && t == lb && (isupper((unsigned char)s[p]) || s[p] == '_')))
		return false;
	*na = p, *nb = w, *va = v, *vb = e;
	return true;
}

void rd_blank_used_assignments(struct ctx *c)
{
	for (size_t la = 0; la < c->len;) {
		const char *nl = memchr(c->nl + la, '\n', c->len - la);
		size_t lb = nl ? (size_t)(nl - c->nl) : c->len;
		size_t na, nb, va, vb;
		char key[64];
		enum vkey k = VK_NONE;
		if (assignment_line(c->nl, la, lb, &na, &nb, &va, &vb) && nb - na < sizeof(key)) {
			memcpy(key, c->nl + na, nb - na);
			key[nb - na] = '\0';
			k = vocab_key(key);
		}
		/* (the counts only: "MASTER_PORT=29511" stays the request's port) */
		if ((k == VK_NODES || k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS) && shell_variable_used(c, na, nb))
			memset(c->nl + la, ' ', lb - la);
		la = lb + 1;
	}
}

/* The lines of shell assignments ("NNODES=2", "export GPUS_PER_NODE=4") before text offset a, to read the
 * command after them with their values ("torchrun --nnodes=$NNODES ..."); read in the text as written
 * (rd_blank_used_assignments blanks those lines from the working copy). */
static void assignments_before(const struct ctx *c, size_t a, struct strbuf *out)
{
	const char *s = c->text;
	for (size_t la = 0; la < a;) {
		const char *nl = memchr(s + la, '\n', a - la);
		size_t lb = nl ? (size_t)(nl - s) : a;
		size_t na, nb, va, vb;
		if (assignment_line(s, la, lb, &na, &nb, &va, &vb)) {
			strbuf_add(out, s + na, vb - na);
			strbuf_addch(out, '\n');
		}
		la = lb + 1;
	}
}

void rd_read_command_launcher(struct ctx *c, size_t from, size_t cut, size_t end)
{
	size_t a = command_start(c, from, cut);
	if (end <= a || end - a > 16384)
		return;
	struct jobscript js;
	struct maple_error err;
	struct strbuf pre = STRBUF_INIT;
	assignments_before(c, a, &pre);
	char *assigns = strbuf_detach(&pre);
	char *cmd = xstrndup(c->nl + a, end - a);
	char *text = *assigns ? js_substitute_constants(assigns, cmd) : xstrdup(cmd);
	free(cmd);
	free(assigns);
	for (char *p = text; *p; p++)
		if (*p == '`')
			*p = ' ';
	if (jobscript_parse(text, strlen(text), &js, &err) < 0) {
		free(text);
		return;
	}
	int li = js_main_launch(&js);
	bool local = local_context(c, a, end);
	if (li >= 0 && !c->launch_b) {
		c->launch_a = a;
		c->launch_b = end;
		c->launch_local = local;
	}
	if (li >= 0) {
		const struct launch *l = &js.launches[li];
		if (l->nstages > 0 && l->stages[0].kind <= SK_APRUN)
			c->cmd_launcher = (int)l->stages[0].kind;
		/* an MPI launcher over a shell script ("mpirun -np 2 ./acc.sh", "ibrun -np 2 ./run.sh"): its tasks
		 * start the script, which starts the training processes; their count is not the GPUs' */
		bool wraps = false;
		if (l->prog_stage >= 0 && l->stages[l->prog_stage].prog) {
			const char *pg = l->stages[l->prog_stage].prog;
			size_t pl = strlen(pg);
			wraps = (pl > 3 && !strcmp(pg + pl - 3, ".sh")) || !strcmp(pg, "bash") || !strcmp(pg, "sh");
		}
		for (size_t i = 0; i < l->nstages && !wraps; i++)
			wraps = l->stages[i].kind == SK_SHELL;
		int nodes = -1, gpn = -1, total = -1;
		/* the tasks an MPI launcher or srun starts; over a launcher that starts the training processes
		 * itself (srun -n 2 torchrun --nproc_per_node 4, mpiexec -n 4 --ppn 1 python -m
		 * torch.distributed.run ...), they are that launcher's copies, one per node, not GPUs */
		int task_total = -1, task_gpn = -1;
		bool tasks_one_per_node = false, inner_launcher = false;
		for (size_t i = 0; i < l->nstages; i++) {
			const struct stage *s = &l->stages[i];
			int v;
			/* "apptainer exec --nv X.sif python ...": the container the job runs in, when the command is
			 * the job's own (not the machine it runs on now, not another system's pasted script) */
			const struct shwords *sw = &js.cmds[s->cmd].words;
			if (s->kind == SK_WRAPPER && s->prog && !strcmp(s->prog, "container") && !local &&
			    !rd_foreign_block_at(c, a) && !c->cmd_container_image && s->last - 1 > s->first + 1 &&
			    (size_t)s->last <= sw->nr && sw->v[s->last - 1].value[0] != '-') {
				const char *rt = sw->v[s->first].value, *sl = strrchr(rt, '/');
				c->cmd_container_runtime = xstrdup(sl ? sl + 1 : rt);
				c->cmd_container_image = xstrdup(sw->v[s->last - 1].value);
			}
			switch (s->kind) {
			case SK_SRUN:
				if ((v = int_opt(s, "nodes")) != -1)
					nodes = v;
				if ((v = int_opt(s, "ntasks-per-node")) != -1)
					task_gpn = v; /* ahead of --gpus-per-node, unless a launcher runs over it */
				if ((v = int_opt(s, "gpus-per-node")) != -1)
					gpn = v;
				if ((v = int_opt(s, "ntasks")) != -1)
					task_total = v;
				if ((v = int_opt(s, "gpus")) != -1)
					total = v;
				break;
			case SK_MPIEXEC:
			case SK_MPIRUN:
				if ((v = int_opt(s, "n")) != -1 && !wraps) {
					task_total = v;
					tasks_one_per_node = one_per_node(s);
				} else if (v > 0 && one_per_node(s)) {
					nodes = v; /* "mpirun -np 2 --map-by ppr:1:node ./acc.sh": one launcher per node */
				}
				if (((v = int_opt(s, "ppn")) != -1 || (v = int_opt(s, "npernode")) != -1) && !wraps)
					task_gpn = v;
				break;
			case SK_IBRUN:
				if ((v = int_opt(s, "n")) != -1 && !wraps)
					task_total = v;
				break;
			case SK_FLUX: {
				/* flux run / flux submit (flux-run(1)): -N nodes, -n tasks, --tasks-per-node, -g GPUs
				 * of each task, --gpus-per-node; -N alone starts one task on each node */
				int g = int_opt(s, "gpus-per-task");
				if ((v = int_opt(s, "nodes")) != -1)
					nodes = v;
				if ((v = int_opt(s, "ntasks")) != -1 && !wraps)
					task_total = g > 1 ? v * g : v;
				if ((v = int_opt(s, "tasks-per-node")) != -1 && !wraps)
					task_gpn = g > 1 ? v * g : v;
				else if (nodes > 0 && !stage_opt(s, "ntasks") && !wraps)
					tasks_one_per_node = true, task_gpn = g > 0 ? g : 1;
				if ((v = int_opt(s, "gpus-per-node")) != -1)
					gpn = v;
				break;
			}
			case SK_TORCHRUN:
			case SK_TDLAUNCH:
				inner_launcher = true;
				if ((v = int_opt(s, "nnodes")) != -1)
					nodes = v;
				if ((v = int_opt(s, "nproc-per-node")) != -1)
					gpn = v;
				if (c->req->framework == FW_NONE)
					c->cmd_fw = FW_PYTORCH;
				break;
			case SK_DEEPSPEED:
				inner_launcher = true;
				if ((v = int_opt(s, "num-nodes")) != -1)
					nodes = v;
				if ((v = int_opt(s, "num-gpus")) != -1)
					gpn = v;
				c->cmd_fw = FW_DEEPSPEED;
				break;
			case SK_ACCELERATE: {
				inner_launcher = true;
				if ((v = int_opt(s, "num-machines")) != -1)
					nodes = v;
				if ((v = int_opt(s, "num-processes")) != -1)
					total = v; /* accelerate counts every process of the job */
				c->cmd_fw = FW_ACCELERATE;
				if (stage_opt(s, "use-fsdp"))
					c->cmd_st = ST_FSDP;
				if (stage_opt(s, "use-deepspeed")) {
					int z = int_opt(s, "zero-stage");
					c->cmd_st = z == 1 ? ST_ZERO1 : z == 2 ? ST_ZERO2 : ST_ZERO3;
					c->cmd_st_stated = z >= 1;
				}
				const struct lopt *cf = stage_opt(s, "config-file");
				if (cf && cf->value && c->cmd_st == ST_NONE) {
					/* a config named for its strategy ("fsdp.yaml", "ds_zero2.yaml"): a hint, no more */
					char low[256];
					size_t q = 0;
					for (const char *p = cf->value; *p && q + 1 < sizeof(low); p++)
						low[q++] = (char)tolower((unsigned char)*p);
					low[q] = '\0';
					if (strstr(low, "fsdp"))
						c->cmd_st = ST_FSDP;
					else if (strstr(low, "zero1") || strstr(low, "zero_1") || strstr(low, "stage1"))
						c->cmd_st = ST_ZERO1;
					else if (strstr(low, "zero2") || strstr(low, "zero_2") || strstr(low, "stage2"))
						c->cmd_st = ST_ZERO2;
					else if (strstr(low, "zero3") || strstr(low, "zero_3") || strstr(low, "stage3"))
						c->cmd_st = ST_ZERO3;
				}
				break;
			}
			default:
				break;
			}
		}
		if (!inner_launcher) {
			if (task_total != -1)
				total = task_total;
			if (task_gpn != -1)
				gpn = task_gpn;
		} else if (nodes == -1 && task_total > 0 && (task_gpn == 1 || tasks_one_per_node)) {
			nodes = task_total; /* one launcher per node: their count is the node count */
		}
		if (local && (nodes != -1 || gpn != -1 || total != -1)) {
			c->local_gpus = total > 0 ? total : gpn > 0 ? gpn * (nodes > 0 ? nodes : 1) : 0;
			request_reject(c->req, gpn != -1 ? RF_GPUS_PER_NODE : nodes != -1 ? RF_NODES : RF_TOTAL_GPUS, c->nl + a, cut - a,
				       "the launch command of the machine the job runs on now");
			request_warn(c->req, "the command's counts describe the machine it runs on now; the counts for the "
					     "cluster come from the rest of the request");
		} else {
			/* a command inside a job script pasted from another system: below what the request states */
			/* its rank: another system's script's (below what the request states), a job script's pasted
			 * with the request (what the request says in words edits it), or a typed command's */
			enum rank rk = rd_foreign_block_at(c, a) ? RK_COPIED : rd_in_pasted_script(c, a) ? RK_PASTED : RK_COMMAND;
			c->cur_corr = 0;
			c->cmd_start = a;
			c->cmd_end = end;
			if (rk == RK_COPIED) { /* another system's command: what "the same size" refers to */
				if (nodes > 0 && !c->src_nodes)
					c->src_nodes = nodes;
				else if (nodes <= 0 && total > 0 && gpn > 0 && total % gpn == 0 && !c->src_nodes)
					c->src_nodes = total / gpn; /* "mpiexec -n 24 --ppn 12": 2 nodes */
				if (gpn > 0 && !c->src_gpn)
					c->src_gpn = gpn;
				if (total > 0 && !c->src_total)
					c->src_total = total;
			}
			if (nodes != -1)
				rd_state_nodes(c, nodes, a, end, rk);
			if (gpn != -1 && rk != RK_COPIED)
				rd_state_gpn(c, gpn, a, end, rk);
			if (total != -1)
				rd_state_total(c, total, a, end, rk);
		}
	}
	jobscript_release(&js);
	free(text);
	rd_blank(c, a, cut); /* the launcher words are read: prose does not read them again */
}

/* Whether launcher kind k is foreign to a cluster whose launcher is named cl_launcher: mpiexec or ibrun
 * for an srun system, srun or ibrun for an mpiexec (PBS) system, srun or mpiexec for an ibrun system;
 * jsrun and aprun everywhere (systems maple has no profile for). */
static bool launcher_foreign(const char *cl_launcher, int k)
{
	if (k == SK_JSRUN || k == SK_APRUN || k == SK_FLUX)
		return true;
	if (!cl_launcher)
		return false;
	if (!strcmp(cl_launcher, "srun"))
		return k == SK_MPIEXEC || k == SK_IBRUN;
	if (!strcmp(cl_launcher, "mpiexec"))
		return k == SK_SRUN || k == SK_IBRUN;
	if (!strcmp(cl_launcher, "ibrun"))
		return k == SK_SRUN || k == SK_MPIEXEC;
	return false;
}

/* Whether token k names the cluster cl (a word of its name). */
static bool names_cluster(const struct ctx *c, size_t k, const struct cluster *cl)
{
	const struct cluster *m = c->t[k].cluster ? match_cluster_name(c->repo, c->t[k].norm) : NULL;
	return m && !strcmp(m->id, cl->id);
}

/* Whether the prose states a node or GPU count of its own (not fenced off as another run's, not taken
 * back, not on a pasted script's directive line) after text offset from. */
static bool own_counts_after(const struct ctx *c, size_t from)
{
	for (size_t k = 0; k + 1 < c->n; k++) {
		const struct tok *t = &c->t[k];
		if (t->start >= from && t->is_num && !t->num_word && !t->source && !t->neg &&
		    (is_node_unit(c->t[k + 1].norm) || is_gpu_unit(c->t[k + 1].norm) || rd_is(c, k + 1, "gpu")) &&
		    !rd_directive_line_at(c, t->start))
			return true;
	}
	return false;
}

/* Whether the typed launch command is the job as it ran elsewhere, pasted before the request names its
 * target: every mention of the target comes after the command, and the text names another system as the
 * one the job ran on ("Works on Aurora. I want the same number of nodes on Polaris", "(LS6 command.) Same
 * on Stampede3") or states the target's counts of its own after it ("For DeltaAI this should be 4 nodes, 4
 * GPUs each"). */
static bool own_machine_before(const struct ctx *c, size_t start);

/* Whether text up to end comes before the request names the target, which it names after it with another
 * system set aside or counts of its own. */
static bool span_before_target(const struct ctx *c, size_t end)
{
	bool target_after = false, other = false;
	for (size_t k = 0; k < c->n; k++) {
		const struct tok *t = &c->t[k];
		if (t->cluster && !t->source && names_cluster(c, k, c->cluster)) {
			if (t->start < end)
				return false; /* "Perlmutter: srun -N 4 ...": the command is the target's */
			target_after = true;
		}
		other = other || (t->cluster && t->source && !names_cluster(c, k, c->cluster));
	}
	return target_after && (other || own_counts_after(c, end + 1));
}

static bool command_before_target(const struct ctx *c)
{
	return c->cmd_end && span_before_target(c, c->cmd_end);
}

bool rd_launch_is_source(const struct ctx *c)
{
	if (!c->launch_b || !c->cluster)
		return false;
	return c->launch_local || own_machine_before(c, c->launch_a) || span_before_target(c, c->launch_b);
}

/* A statement of rank from made another system's (RK_COPIED), its value kept in *src (when src and not
 * yet set) for what "the same size" refers to. */
static void demote(enum rank *rank, enum rank from, int val, int *src)
{
	if (*rank != from)
		return;
	*rank = RK_COPIED;
	if (src && !*src)
		*src = val;
}

/* Whether the text asks to port what it pastes to the target: "port it to Frontier", "convert this for
 * Delta", "move this job over to Aurora" (the verb, then the target within its sentence), "a Polaris
 * version of the Vista job below", "the Aurora equivalent". */
static bool port_asked(const struct ctx *c)
{
	static const char *const made[] = {"version", "equivalent", "variant", "port", NULL};
	for (size_t k = 0; k < c->n; k++)
		if (c->t[k].cluster && !c->t[k].source && names_cluster(c, k, c->cluster) &&
		    (rd_is_any(c, k + 1, made) || (k + 2 < c->n && !c->t[k].trail && rd_is_any(c, k + 2, made))))
			return true;
	static const char *const verbs[] = {"port",	 "porting", "convert", "converting", "translate", "translating",
					    "migrate", "migrating", "adapt", "adapting", "rewrite", "move", "moving", NULL};
	for (size_t k = 0; k < c->n; k++) {
		/* (the verb may stand in the clause fenced as the source's: "Move this from Perlmutter to ...") */
		if (!rd_is_any(c, k, verbs) || c->t[k].neg)
			continue;
		for (size_t q = k + 1; q < c->n && q <= k + 8; q++) {
			if (c->t[q].cluster && !c->t[q].source && names_cluster(c, q, c->cluster))
				return true;
			if (rd_sentence_end_after(c, q))
				break;
		}
	}
	return false;
}

/* A job script pasted with the request whose directives state the counts ("#SBATCH -N 4", "-t 02:00:00")
 * is the job where it ran before when the request asks to port it ("Port this to Frontier on 32 nodes:",
 * "... Port it to Frontier, keep everything but -t: 6 hours"), or when it stands before
 * every mention of the target and the request names another system or states counts after it: its
 * counts are then another system's (RK_COPIED: they stand only where the request states none, and its
 * GPUs per node go once the request states a size of its own), as another system's pasted command's do.
 * (A pasted script's walltime always yields to one stated in words: form_apply.c, prose_job.c.) */
/* The queue of a job script pasted from where the job ran before ("#COBALT -q full-node", "#SBATCH -p
 * rtx", "#PBS -q workq" over a port to Polaris, Lonestar6, Aurora) when the target has no queue of that
 * name: that machine's, not the target's; maple picks the target's (or the request names one). */
/* How often word stands as a whole word (any case) on the directive lines of the text ("#SBATCH -p rtx",
 * "#COBALT -q full-node") and on the others. */
static void word_places(const struct ctx *c, const char *word, int *on_directives, int *elsewhere)
{
	size_t wl = strlen(word);
	*on_directives = *elsewhere = 0;
	for (size_t a = 0; a < c->len;) {
		size_t b = a;
		while (b < c->len && c->text[b] != '\n')
			b++;
		bool directive = rd_directive_line_at(c, a);
		for (const char *m = c->text + a; m + wl <= c->text + b; m++)
			if (!strncasecmp(m, word, wl) && (m == c->text || !isalnum((unsigned char)m[-1])) &&
			    (m + wl == c->text + b || !isalnum((unsigned char)m[wl])))
				(*(directive ? on_directives : elsewhere))++;
		a = b + 1;
	}
}

static bool on_directive_line(const struct ctx *c, const char *word)
{
	int d, e;
	word_places(c, word, &d, &e);
	return d > 0;
}

/* The queue and GPU model of a job script pasted from where the job ran before ("#COBALT -q full-node",
 * "#SBATCH -p rtx", "#SBATCH -p v100", "#PBS -q workq" over a port to Polaris, Lonestar6, Vista, Aurora)
 * when the target has no queue or nodes of that name: that machine's, not the target's; maple picks the
 * target's (or the request names one). Never for a script of the target's own (a mistyped queue there is
 * an error). */
void rd_drop_pasted_queue(struct ctx *c)
{
	struct request *r = c->req;
	if (!c->cluster)
		return;
	/* the pasted script's own queue, and the words asking for GPUs it does not reach ("#SBATCH -p gpu" of
	 * Anvil's A100 nodes, then "same but on the H100 partition"): the words choose the node type, the
	 * queue is left to maple (the one that reaches it) */
	int model_d = 0, model_e = 0;
	if (r->queue && r->gpu_model)
		word_places(c, r->gpu_model, &model_d, &model_e);
	if (r->queue && r->gpu_model && model_e > 0 && model_d == 0 && on_directive_line(c, r->queue) &&
	    cluster_queue(c->cluster, r->queue) && cluster_node_type(c->cluster, NULL, r->gpu_model, NULL) &&
	    !cluster_node_type(c->cluster, r->queue, r->gpu_model, NULL)) {
		request_warn(r, "queue '%s' of the pasted job script does not reach the %s nodes asked for: left to maple (say "
				"\"queue NAME\" to choose one)",
			     r->queue, r->gpu_model);
		request_set(&r->queue, NULL);
		free(r->from[RF_QUEUE]);
		r->from[RF_QUEUE] = NULL;
	}
	/* (another machine named beside the target: where it ran, or set aside, "on LS6 instead of Stampede3") */
	bool other = c->pasted_weak || c->nforeign > 0;
	for (size_t k = 0; k < c->n && !other; k++)
		other = c->t[k].cluster && (c->t[k].source || !names_cluster(c, k, c->cluster));
	if (!other)
		return;
	if (r->queue && !cluster_queue(c->cluster, r->queue) && on_directive_line(c, r->queue)) {
		request_warn(r, "queue '%s' of the pasted job script is not a queue of %s: left to maple (say \"queue NAME\" "
				"to choose one)", r->queue, c->cluster->id);
		request_set(&r->queue, NULL);
		free(r->from[RF_QUEUE]);
		r->from[RF_QUEUE] = NULL;
	}
	/* (the GPU model said only as the other machine's partition, "#SBATCH -p h100" of Stampede3 ported to
	 * Lonestar6 "so 3 GPUs per node": that machine's, even where the target has such nodes too) */
	int on_d = 0, off_d = 0;
	if (r->gpu_model)
		word_places(c, r->gpu_model, &on_d, &off_d);
	if (r->gpu_model && on_d > 0 && (!cluster_node_type(c->cluster, NULL, r->gpu_model, NULL) || off_d == 0)) {
		request_warn(r, "'%s' of the pasted job script names the other machine's GPUs, not %s's: left out", r->gpu_model,
			     c->cluster->id);
		request_set(&r->gpu_model, NULL);
		free(r->from[RF_GPU_MODEL]);
		r->from[RF_GPU_MODEL] = NULL;
	}
}

static void demote_pasted_directives(struct ctx *c)
{
	size_t end = 0; /* the end of the last directive line */
	for (size_t a = 0; a < c->len;) {
		size_t b = a;
		while (b < c->len && c->text[b] != '\n')
			b++;
		if (rd_directive_line_at(c, a) && strncmp(c->text + a + strspn(c->text + a, " \t"), "#!", 2))
			end = b;
		a = b + 1;
	}
	if (!end)
		return;
	if (c->cmd_end > end)
		end = c->cmd_end;
	bool target_after = false, before_every = true, other = false;
	for (size_t k = 0; k < c->n; k++) {
		const struct tok *t = &c->t[k];
		if (t->cluster && !t->source && names_cluster(c, k, c->cluster)) {
			before_every = before_every && t->start > end;
			target_after = true;
		}
		other = other || (t->cluster && t->source && !names_cluster(c, k, c->cluster));
	}
	bool own = own_counts_after(c, 0);
	bool before = target_after && before_every && (other || own_counts_after(c, end));
	if (!before && !port_asked(c))
		return;
	c->pasted_weak = true;
	demote(&c->nodes_rank, RK_PASTED, c->nodes, &c->src_nodes);
	demote(&c->gpn_rank, RK_PASTED, c->gpn, &c->src_gpn);
	demote(&c->total_rank, RK_PASTED, c->total, &c->src_total);
	if (own)
		request_warn(c->req, "the pasted job script is read as the job where it ran before: its directives' counts and "
				     "walltime yield to what the request states for %s",
			     c->cluster->id);
}

/* Whether the words just before the typed command say it is the job as it ran on the user's own
 * machine: "it was for our workstation:", "adapted from our H100 box:", "from my laptop:", "what I run
 * locally:" (an own machine's word and a word of where it ran, in the clause that introduces it). */
static bool command_from_own_machine(const struct ctx *c)
{
	return c->cmd_end && own_machine_before(c, c->cmd_start);
}

/* The first token at or after text offset start (c->n when none). */
static size_t token_at(const struct ctx *c, size_t start)
{
	for (size_t k = 0; k < c->n; k++)
		if (c->t[k].start >= start)
			return k;
	return c->n;
}

/* Whether the clause right before token first (at most span tokens, back to a sentence's end or a ';')
 * holds a word of kind and a word of where, and names no cluster ("from our Polaris runs:" is another
 * cluster's, which commands.c's other rules read). */
static bool intro_says(const struct ctx *c, size_t first, size_t span, const char *const *kind, const char *const *where)
{
	bool kind_word = false, where_word = false;
	for (size_t k = first; k-- > 0 && first - k <= span;) {
		if (k + 1 < first && (rd_sentence_end_after(c, k) || c->t[k].trail == ';'))
			break;
		if (c->t[k].cluster)
			return false;
		kind_word = kind_word || rd_is_any(c, k, kind);
		where_word = where_word || rd_is_any(c, k, where);
	}
	return kind_word && where_word;
}

static bool own_machine_before(const struct ctx *c, size_t start)
{
	static const char *const own[] = {"workstation", "laptop", "desktop", "box", "dgx", "server", "locally", "local",
					  "pc", "machine", "rig", NULL};
	static const char *const was[] = {"was", "from", "for", "on", "ran", "run", "runs", "used", "works", "worked",
					  "adapted", "copied", "taken", "locally", NULL};
	return intro_says(c, token_at(c, start), 8, own, was);
}

/* Whether the line holding text offset p is a setup line of a pasted script ("export X=1", "module load
 * ...", "source env.sh", "NAME=value"): what may stand between a command's introduction and it. */
static bool setup_line_at(const struct ctx *c, size_t p)
{
	size_t a = p;
	while (a > 0 && c->text[a - 1] != '\n')
		a--;
	while (a < c->len && (c->text[a] == ' ' || c->text[a] == '\t'))
		a++;
	static const char *const setup[] = {"export ", "module ", "ml ", "source ", "conda ", "unset ", ". ", NULL};
	for (size_t k = 0; setup[k]; k++)
		if (c->len - a >= strlen(setup[k]) && !strncmp(c->text + a, setup[k], strlen(setup[k])))
			return true;
	size_t w = a;
	while (w < c->len && (isalnum((unsigned char)c->text[w]) || c->text[w] == '_'))
		w++;
	return w > a && w < c->len && c->text[w] == '=' && isupper((unsigned char)c->text[a]);
}

/* Whether the words just before the typed command say it is a trial run's ("The script part is unchanged
 * from the 2-node test:", "here is the command from the 1-node test:", "what I used for the pilot:"): a
 * trial word and a word of where it comes from, in the clause that introduces it (past the setup lines
 * of a pasted script between them). */
static bool command_from_trial(const struct ctx *c)
{
	static const char *const trial[] = {"test", "pilot", "smoke", "trial", "prototype", "tryout", NULL};
	static const char *const from[] = {"from", "of", "for", "used", "in", NULL};
	if (!c->cmd_end)
		return false;
	size_t first = token_at(c, c->cmd_start);
	while (first > 0 && setup_line_at(c, c->t[first - 1].start))
		first--;
	return intro_says(c, first, 10, trial, from);
}

/* Whether the typed command comes from a repository's or a centre's documentation, as the words before
 * it say ("From the repo README:\n## Training\nTo train on 8 GPUs run:", "the example from our group's
 * docs page", "Readme of the fsdp example:"): an example's counts are not the user's. */
bool rd_command_from_docs(const struct ctx *c)
{
	static const char *const docs[] = {"readme", "readme.md", "docs", "documentation", "quickstart", "tutorial",
					   "wiki", "manual", NULL};
	if (!c->cmd_end)
		return false;
	size_t first = token_at(c, c->cmd_start);
	/* "Run exactly this on Perlmutter, as is": the example taken as the user's own */
	for (size_t k = token_at(c, c->cmd_end); k < c->n; k++)
		if (rd_is(c, k, "exactly") || rd_is(c, k, "verbatim") || rd_is(c, k, "unchanged") || rd_is(c, k, "as-is") ||
		    (rd_is(c, k, "as") && rd_is(c, k + 1, "is")))
			return false;
	for (size_t k = 0; k < first; k++) {
		if (rd_command_line_at(c, c->t[k].start))
			continue;
		if (rd_is_any(c, k, docs) ||
		    /* "the example from our docs", "this example:" (not "for example, torchrun ...") */
		    (rd_is(c, k, "example") && !(k > 0 && rd_is(c, k - 1, "for")) &&
		     (k == 0 || rd_is(c, k - 1, "the") || rd_is(c, k - 1, "this") || rd_is(c, k - 1, "their") ||
		      c->t[k].trail == ':' || rd_is(c, k + 1, "from") || rd_is(c, k + 1, "in"))))
			return true;
	}
	return false;
}

void rd_demote_foreign_command(struct ctx *c)
{
	if (!c->cluster)
		return;
	demote_pasted_directives(c);
	bool trial = command_from_trial(c), docs = !trial && rd_command_from_docs(c);
	if ((trial || docs) && (c->nodes_rank == RK_COMMAND || c->gpn_rank == RK_COMMAND || c->total_rank == RK_COMMAND)) {
		demote(&c->gpn_rank, RK_COMMAND, c->gpn, &c->src_gpn);
		demote(&c->total_rank, RK_COMMAND, 0, NULL);
		demote(&c->nodes_rank, RK_COMMAND, 0, NULL);
		request_warn(c->req, "the launch command is %s, as the words before it say: its counts yield to what the "
				     "request states",
			     trial ? "a trial run's" : "a documentation example's");
		return;
	}
	if (command_from_own_machine(c)) {
		bool counted = c->gpn_rank == RK_COMMAND || c->total_rank == RK_COMMAND || c->nodes_rank == RK_COMMAND;
		demote(&c->gpn_rank, RK_COMMAND, c->gpn, &c->src_gpn);
		demote(&c->total_rank, RK_COMMAND, 0, NULL);
		demote(&c->nodes_rank, RK_COMMAND, 0, NULL);
		if (counted)
			request_warn(c->req, "the launch command is the job as it ran on your own machine: its counts yield to "
				     "%s's (say so if you want them kept)",
			     c->cluster->id);
		return;
	}
	bool before_target = command_before_target(c);
	bool foreign = c->cmd_launcher >= 0 && launcher_foreign(c->cluster->launcher, c->cmd_launcher);
	/* "Move this from Perlmutter to Frontier, same 4 nodes but use all 8 GCDs: srun -N 4 --gpus-per-node 4
	 * ...": the command of the job asked to be ported is where it ran before */
	bool ported = !before_target && !foreign && port_asked(c);
	if (!before_target && !foreign && !ported)
		return;
	/* only beside another system the text names (where the job ran before, or its pasted header) */
	bool other = c->nforeign > 0 || before_target || ported;
	for (size_t k = 0; k < c->n && !other; k++)
		other = c->t[k].source && c->t[k].cluster;
	if (!other)
		return;
	/* (nothing to say where no command or pasted line stated a count: "moving off my laptop onto Polaris") */
	bool stated = c->nodes_rank == RK_COMMAND || c->nodes_rank == RK_PASTED || c->gpn_rank == RK_COMMAND ||
		      c->gpn_rank == RK_PASTED || c->total_rank == RK_COMMAND || c->total_rank == RK_PASTED;
	if (!stated)
		return;
	/* (what "the same number of GPUs" measures: its nodes and GPUs per node, "idev -N 1" then "torchrun
	 * --nproc_per_node=3"; an interactive session's counts read later are that job's too) */
	if (c->cmd_start < c->len && rd_in_pasted_script(c, c->cmd_start))
		c->pasted_weak = true;
	demote(&c->nodes_rank, RK_COMMAND, c->nodes, &c->src_nodes);
	demote(&c->nodes_rank, RK_PASTED, c->nodes, &c->src_nodes);
	demote(&c->gpn_rank, RK_COMMAND, c->gpn, &c->src_gpn);
	demote(&c->gpn_rank, RK_PASTED, c->gpn, &c->src_gpn);
	demote(&c->total_rank, RK_COMMAND, 0, NULL);
	demote(&c->total_rank, RK_PASTED, 0, NULL);
	/* "mpiexec -n 24 --ppn 12": its tasks over its tasks per node are the nodes it ran on */
	if (!c->src_nodes && c->nodes_rank == RK_NONE && c->total_rank == RK_COPIED && c->src_gpn > 0 && c->total > 0 &&
	    c->total % c->src_gpn == 0)
		c->src_nodes = c->total / c->src_gpn;
	if (ported) {
		request_warn(c->req, "the launch command is the job to port: its counts yield to what the request states for %s",
			     c->cluster->id);
		return;
	}
	if (!foreign) {
		request_warn(c->req, "the launch command comes before the request names %s: read as the job where it ran "
				     "before, its counts yield to what the request states for %s",
			     c->cluster->id, c->cluster->id);
		return;
	}
	request_warn(c->req, "the launch command uses %s, another system's launcher (%s uses %s): its counts yield to "
			     "what the request states for %s",
		     stage_kind_name((enum stage_kind)c->cmd_launcher), c->cluster->id, c->cluster->launcher, c->cluster->id);
}
