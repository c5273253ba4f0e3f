/* find_program.c - the training program of a request (rd_find_command): which occurrence of the script
 * or "python -m" module to read, the interpreter before it, where its arguments start and end, the
 * launcher in front of it, and blanking what was read so later layers do not read it again. */
#include "program.h"
#include "reader.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool word_is_python(const char *s)
{
	return !strcmp(s, "python") || !strcmp(s, "python3") || !strncmp(s, "python3.", 8) ||
	       !strcmp(s, "python -u");
}

/* Whether the program named up to wend is followed by no arguments on its line. */
static bool first_bare(const struct ctx *c, size_t wend, size_t b)
{
	size_t p = wend;
	while (p < b && (c->text[p] == ' ' || c->text[p] == '\t'))
		p++;
	return p >= b || c->text[p] == '\n' || c->text[p] == '\r';
}

/* Whether a word that starts a launch command (rd_command_start_word: torchrun, python, srun, deepspeed,
 * accelerate ...) stands in s[0, n) ("... same account, python -m torch.distributed.run --nproc_per_node 2 "). */
static bool mem_has_launcher(const char *s, size_t n)
{
	for (size_t p = 0; p < n;) {
		while (p < n && isspace((unsigned char)s[p]))
			p++;
		size_t q = p;
		while (q < n && !isspace((unsigned char)s[q]))
			q++;
		char w[32];
		if (q > p && q - p < sizeof(w) && islower((unsigned char)s[p])) {
			memcpy(w, s + p, q - p);
			w[q - p] = '\0';
			if (rd_command_start_word(w) && strcmp(w, "bash") && strcmp(w, "sh"))
				return true;
		}
		p = q;
	}
	return false;
}

/* Whether the line from ls up to the program at s2 is a launch command: its first word (after a label
 * ending in ':', "Multi-GPU:") starts one. */
static bool launcher_line(const struct ctx *c, size_t ls, size_t s2)
{
	size_t p = ls;
	while (p < s2 && (c->text[p] == ' ' || c->text[p] == '\t'))
		p++;
	const char *colon = memchr(c->text + p, ':', s2 - p);
	if (colon && colon < c->text + s2 && (size_t)(colon - (c->text + p)) < 24) {
		p = (size_t)(colon - c->text) + 1;
		while (p < s2 && (c->text[p] == ' ' || c->text[p] == '\t'))
			p++;
	}
	char w[32];
	size_t l = 0;
	while (p < s2 && l + 1 < sizeof(w) && !isspace((unsigned char)c->text[p]))
		w[l++] = (char)tolower((unsigned char)c->text[p++]);
	w[l] = '\0';
	return l > 0 && rd_command_start_word(w);
}

void rd_find_command(struct ctx *c)
{
	size_t a = 0, b = c->len;
	bool span = false;
	if (c->cmd_b > c->cmd_a) { /* a form's "cmd:" or "script:" value */
		a = c->cmd_a;
		b = c->cmd_b;
		span = true;
	} else {
		span = rd_find_code_span(c, &a, &b);
	}
	if (!span) {
		a = 0;
		b = c->len;
	}
	size_t wend = 0;
	size_t s = rd_find_script(c, a, b, &wend);
	/* "entrypoint : train_seg.py" (a launcher's log read as a form) and later "torchrun train_seg.py --fold
	 * 3": the same program typed with its arguments is the occurrence to read */
	if (s != (size_t)-1 && span && c->cmd_b > c->cmd_a && a == c->cmd_a && !c->args_field) {
		size_t q = wend;
		while (q < b && (isspace((unsigned char)c->nl[q]) || rd_is_trailing_punct(c->nl[q])))
			q++;
		for (size_t from = 0, w2end = 0; q >= b && from < c->len;) {
			size_t s2 = rd_find_script(c, from, c->len, &w2end);
			if (s2 == (size_t)-1)
				break;
			from = w2end;
			if ((s2 >= a && s2 < b) || w2end - s2 != wend - s || strncmp(c->nl + s2, c->nl + s, wend - s))
				continue;
			size_t f = w2end;
			while (f < c->len && (c->nl[f] == ' ' || c->nl[f] == '\t'))
				f++;
			if (f + 1 < c->len && c->nl[f] == '-' && c->nl[f + 1] != ' ') {
				a = 0, b = c->len, span = false;
				s = s2, wend = w2end;
				break;
			}
		}
	}
	/* "I had written `deepspeed ... train.py` but scratch that -- plain DDP with torchrun:\n torchrun ...
	 * train.py": a command given after a correction replaces the one before it */
	if (s != (size_t)-1 && c->cmd_b <= c->cmd_a) {
		size_t cue = rd_correction_after(c, wend);
		size_t w2end = 0;
		size_t s2 = cue ? rd_find_script(c, cue, c->len, &w2end) : (size_t)-1;
		if (s2 != (size_t)-1) {
			a = cue, b = c->len, span = false;
			s = s2, wend = w2end;
		}
	}
	/* "salloc ...\npython eval.py --index faiss\n\nFor the batch job: ..., python -m torch.distributed.run
	 * --nproc_per_node 2 eval.py --index faiss --full": the program run in a pasted script or session, typed
	 * again on a launch line of the request's own words, is asked for as typed there */
	if (s != (size_t)-1 && c->cmd_b <= c->cmd_a && rd_in_pasted_script(c, s)) {
		for (size_t from = wend, w2end = 0, guard = 0; guard < 8; guard++) {
			size_t s2 = rd_find_script(c, from, c->len, &w2end);
			if (s2 == (size_t)-1)
				break;
			from = w2end;
			if (w2end - s2 != wend - s || strncmp(c->nl + s2, c->nl + s, wend - s) || rd_in_pasted_script(c, s2))
				continue;
			size_t ls = s2;
			while (ls > 0 && c->text[ls - 1] != '\n')
				ls--;
			size_t k = s2;
			while (k > ls && isspace((unsigned char)c->nl[k - 1]))
				k--;
			size_t ws = k;
			while (ws > ls && !isspace((unsigned char)c->nl[ws - 1]))
				ws--;
			/* (on a launch line: a launcher or python right before it, or opening the clause) */
			bool launched = (k - ws >= 6 && !strncasecmp(c->nl + ws, "python", 6)) || launcher_line(c, ls, s2) ||
					mem_has_launcher(c->nl + ls, s2 - ls);
			if (launched) {
				a = 0, b = c->len, span = false;
				s = s2, wend = w2end;
				break;
			}
		}
	}
	/* "My script is x/train.py and I run it as python x/train.py --lr 1": the occurrence that carries the
	 * command line (a python word before it, arguments after it) is the one to read */
	if (!span && s != (size_t)-1) {
		size_t w2end = 0, from = wend;
		for (int guard = 0; guard < 8; guard++) {
			size_t s2 = rd_find_script(c, from, b, &w2end);
			if (s2 == (size_t)-1)
				break;
			size_t k = s2;
			while (k > from && isspace((unsigned char)c->nl[k - 1]))
				k--;
			size_t ws = k;
			while (ws > from && !isspace((unsigned char)c->nl[ws - 1]))
				ws--;
			bool py = k - ws >= 6 && !strncasecmp(c->nl + ws, "python", 6);
			/* (or a launcher's line, the first occurrence bare: "Single GPU:  python train.py" then
			 * "Multi-GPU:   torchrun --nproc_per_node=8 train.py --fp16") */
			if (!py && first_bare(c, wend, b)) {
				size_t ls = s2;
				while (ls > 0 && c->text[ls - 1] != '\n')
					ls--;
				py = launcher_line(c, ls, s2);
			}
			size_t p = w2end;
			while (p < b && (c->nl[p] == ' ' || c->nl[p] == '\t'))
				p++;
			if (py && p < b && c->nl[p] == '-' && w2end - s2 == wend - s && !strncmp(c->nl + s2, c->nl + s, wend - s)) {
				s = s2;
				wend = w2end;
				break;
			}
			from = w2end;
		}
	}
	/* a program inside a job script pasted from another system ("Our Perlmutter script was: ... srun
	 * accelerate launch ... train_asr.py"): the same program named after it is the one to read */
	for (int guard = 0; guard < 4 && s != (size_t)-1 && rd_foreign_block_at(c, s); guard++) {
		size_t w2end = 0, from = s;
		while (from < b && rd_foreign_block_at(c, from))
			from++;
		size_t s2 = rd_find_script(c, from, b, &w2end);
		if (s2 == (size_t)-1)
			break;
		s = s2;
		wend = w2end;
	}
	struct request *r = c->req;
	if (s == (size_t)-1) {
		/* python -m package.module */
		const char *m = NULL;
		for (size_t i = a; i + 10 < b; i++) {
			if (!strncmp(c->nl + i, "python", 6)) {
				const char *p = c->nl + i + 6;
				if (*p == '3')
					p++;
				while (*p == ' ')
					p++;
				if (!strncmp(p, "-u ", 3))
					p += 3;
				if (!strncmp(p, "-m ", 3)) {
					m = p + 3;
					break;
				}
			}
		}
		if (!m) {
			/* no program named, but its arguments are ("2 nodes, args --lr 1"): they are kept for
			 * the program the job runs (maple's default, or the old script's in a port) */
			if (!c->args_field)
				rd_read_marked_args(c);
			return;
		}
		while (*m == ' ')
			m++;
		size_t ms = (size_t)(m - c->nl), me = ms;
		while (me < b && !isspace((unsigned char)c->nl[me]))
			me++;
		char *mod = NULL;
		if (memchr(c->nl + ms, '\'', me - ms) || memchr(c->nl + ms, '"', me - ms) || memchr(c->nl + ms, '\\', me - ms)) {
			/* a quoted module ("python -m 'pkg.train' --x 1"): read as a shell reads it, the arguments
			 * after it stay words of their own */
			size_t p = ms;
			struct shword w;
			if (!shlex_next(c->nl, b, &p, &w, false))
				return;
			mod = xstrdup(w.value);
			shword_release(&w);
			me = p;
			while (me > ms && isspace((unsigned char)c->nl[me - 1]))
				me--;
		} else {
			while (me > ms && rd_is_trailing_punct(c->nl[me - 1]))
				me--;
		}
		if (me == ms || (mod && !*mod)) {
			free(mod);
			return;
		}
		if (!mod)
			mod = xstrndup(c->nl + ms, me - ms);
		if (!strncmp(mod, "torch.distributed", 17)) {
			free(mod);
			return;
		}
		request_set(&r->script, mod);
		free(mod);
		r->script_is_module = true;
		s = ms;
		wend = me;
	} else {
		/* the script as a shell reads it: quotes and backslashes removed */
		size_t p = s;
		struct shword w;
		if (shlex_next(c->nl, wend, &p, &w, false)) {
			request_set(&r->script, w.value);
			shword_release(&w);
		}
	}
	request_set_from(r, RF_SCRIPT, c->nl + s, wend - s);
	/* the interpreter in front of the script belongs to the launcher */
	size_t cut = s;
	size_t k = s;
	while (k > a && isspace((unsigned char)c->nl[k - 1]))
		k--;
	if (k >= 2 && !strncmp(c->nl + k - 2, "-u", 2))
		k -= 2;
	while (k > a && isspace((unsigned char)c->nl[k - 1]))
		k--;
	if (r->script_is_module) {
		while (k > a && isspace((unsigned char)c->nl[k - 1]))
			k--;
		if (k >= 2 && !strncmp(c->nl + k - 2, "-m", 2))
			k -= 2;
		while (k > a && isspace((unsigned char)c->nl[k - 1]))
			k--;
	}
	size_t ws = k;
	while (ws > a && !isspace((unsigned char)c->nl[ws - 1]))
		ws--;
	char word[16] = "";
	if (k - ws < sizeof(word)) {
		memcpy(word, c->nl + ws, k - ws);
		word[k - ws] = '\0';
		for (char *p = word; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		char *w = word;
		while (*w && rd_is_leading_punct(*w))
			w++;
		if (word_is_python(w))
			cut = ws;
	}
	/* arguments right after the script (ends at a natural-language word, a newline or the span end) */
	size_t after = wend;
	while (after < b && rd_is_trailing_punct(c->nl[after]) && c->nl[after] != '"' && c->nl[after] != '\'')
		after++;
	bool comma_after = after > wend;
	size_t args_end = after;
	size_t args_from = wend;
	/* "src/main.py, and it needs --device xpu": a comma, words that hand it flags, then the flags */
	if (after == wend + 1 && c->nl[wend] == ',' && !c->args_field) {
		size_t p = after;
		while (p < b && c->nl[p] == ' ')
			p++;
		size_t hl = rd_phrase_at(c->nl + p, c->len - p, VL_ARGS_HANDOVER, " "); /* data/lexicon's args_handovers */
		if (hl) {
			size_t q = p + hl + 1;
			while (q < b && c->nl[q] == ' ')
				q++;
			if (q + 2 < b && c->nl[q] == '-' && c->nl[q + 1] == '-' && c->nl[q + 2] != ' ') {
				comma_after = false;
				args_from = q;
			}
		}
	}
	/* "(ds_train.py, --deepspeed_config ds.json)", "train.py, --lr 1e-4, 2 nodes": a comma, then a long
	 * option on the same line: the script's own flags (a comma then prose is not) */
	if (comma_after && after == wend + 1 && c->nl[wend] == ',' && !c->args_field) {
		size_t p = after;
		while (p < b && (c->nl[p] == ' ' || c->nl[p] == '\t'))
			p++;
		if (p + 2 < b && c->nl[p] == '-' && c->nl[p + 1] == '-' && isalpha((unsigned char)c->nl[p + 2])) {
			comma_after = false;
			args_from = p;
		}
	}
	/* "args to ~/code/run.py: --lr 1e-4": a colon after the script, then its flags */
	if (after == wend + 1 && c->nl[wend] == ':' && after + 2 < b && c->nl[after] == ' ' && !c->args_field) {
		size_t p = after;
		while (p < b && c->nl[p] == ' ')
			p++;
		if (p + 1 < b && c->nl[p] == '-' && c->nl[p + 1] != ' ') {
			comma_after = false;
			args_from = p;
		}
	}
	/* "train.py with --lr 3", "train.py with args --lr 3", "train.py using the flags --lr 3" */
	if (!comma_after) {
		size_t p = wend;
		bool moved = false;
		for (int hop = 0; hop < 6; hop++) {
			while (p < b && (c->nl[p] == ' ' || c->nl[p] == '\t'))
				p++;
			size_t gl = rd_phrase_at(c->nl + p, c->len - p, VL_ARGS_GLUE, " "); /* data/lexicon's args_glue */
			if (!gl)
				break;
			p += gl + 1;
			moved = true;
		}
		while (p < b && (c->nl[p] == ' ' || c->nl[p] == '\t'))
			p++;
		if (moved && p < b && c->nl[p] == '-' && p + 1 < b && c->nl[p + 1] != ' ')
			args_from = p;
		/* args "--epochs 3 --note 'first try'": one quoted string of flags */
		if (moved && p + 1 < b && (c->nl[p] == '"' || c->nl[p] == '\'') && c->nl[p + 1] == '-')
			args_from = p;
		/* "run main.py with `--epochs 3 --amp`": the arguments in their own code span */
		if (moved && p + 1 < b && c->nl[p] == '`' && c->nl[p + 1] == '-' && !c->args_field) {
			const char *close = memchr(c->nl + p + 1, '`', b - p - 1);
			if (close) {
				size_t ce = (size_t)(close - c->nl);
				rd_read_args(c, p + 1, ce, &r->args, 2, false);
				if (r->args.nr) {
					request_set_from(r, RF_SCRIPT_ARGS, c->nl + p + 1, ce - p - 1);
					rd_blank(c, p, ce + 1);
					comma_after = true; /* read: do not read again below */
				}
			}
		}
	}
	/* 2: a delimited span (backticks, quotes, parentheses); 1: a form's value; 0: prose */
	int closed_span = !span ? 0 : (c->cmd_b > c->cmd_a && a == c->cmd_a) ? 1 : 2;
	/* the script was given by maple's own flag ("--script train.py --account X"): the next flag that names
	 * one of maple's fields is maple's again, not the program's */
	bool script_by_flag = rd_after_script_flag(c, cut);
	/* "torchx run ... dist.ddp -j 2x4 --script train.py -- --epochs 3": the launcher's "--" ends its own
	 * options; the program's arguments follow it */
	if (script_by_flag) {
		size_t q = args_from;
		while (q < b && (c->nl[q] == ' ' || c->nl[q] == '\t'))
			q++;
		if (q + 1 < b && c->nl[q] == '-' && c->nl[q + 1] == '-' && (q + 2 == b || c->nl[q + 2] == ' ' || c->nl[q + 2] == '\t')) {
			rd_blank(c, q, q + 2);
			args_from = q + 2;
			while (args_from < b && (c->nl[args_from] == ' ' || c->nl[args_from] == '\t'))
				args_from++;
		}
	}
	if (!comma_after && !c->args_field)
		args_end = rd_read_args(c, args_from, b, &r->args, closed_span, script_by_flag);
	if (args_from != wend && !r->args.nr)
		args_end = wend;
	if (r->args.nr)
		request_set_from(r, RF_SCRIPT_ARGS, c->nl + args_from, args_end - args_from);
	/* the launcher in front of the program: read by the script reader's launch-line reader */
	rd_read_command_launcher(c, span ? a : 0, cut, args_end > wend ? args_end : wend);
	if (span) {
		rd_blank(c, a - 1, a);
		/* the writer's words after the command inside the quotes stay prose ("'... --bs 32, I need it
		 * for 3h on Perlmutter'"): only the command and the closing quote go */
		size_t ce = args_end > wend ? args_end : wend;
		if (ce < b && (r->args.nr || comma_after) && ce > cut) { /* (and after "train.py, account X'") */
			rd_blank(c, cut, ce);
			rd_blank(c, b, b + 1);
		} else {
			rd_blank(c, cut, b + 1);
		}
	} else {
		rd_blank(c, cut, args_end);
	}
	if (!span && args_end < c->len && (args_end == after || !r->args.nr))
		rd_blank(c, cut, after);
	/* "... my arguments are --dataset beans --epochs 3" */
	if (!r->args.nr && !c->args_field)
		rd_read_marked_args(c);
	/* args given as one quoted string: args "--epochs 3 --note 'first try'", --args '--lr 3e-4' */
	if (r->args.nr == 1 && (r->args.v[0].flags & SHW_QUOTED) && r->args.v[0].value[0] == '-' &&
	    strchr(r->args.v[0].value, ' ') && r->args.v[0].raw && (r->args.v[0].raw[0] == '"' || r->args.v[0].raw[0] == '\'')) {
		char *inner = xstrdup(r->args.v[0].value);
		shwords_release(&r->args);
		shwords_init(&r->args);
		shlex_split(inner, strlen(inner), &r->args);
		free(inner);
	}
	if (!span)
		rd_blank(c, cut, wend);
	if (r->args.nr && !c->args_field && s != (size_t)-1)
		rd_edit_args(c);
}
