/* program_args.c - the training program's arguments typed after it: shell words until the writer's
 * prose resumes (a word that ends arguments, a unit after a number, a separator, a sentence's end), and
 * the flags of maple's own that end them. */
#include "lexicon.h"
#include "program.h"
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void strip_punct_lower(const char *raw, char *out, size_t cap)
{
	size_t l = strlen(raw);
	const char *s = raw;
	while (l && rd_is_leading_punct(*s))
		s++, l--;
	while (l && rd_is_trailing_punct(s[l - 1]))
		l--;
	if (l >= cap)
		l = cap - 1;
	for (size_t i = 0; i < l; i++)
		out[i] = (char)tolower((unsigned char)s[i]);
	out[l] = '\0';
}

bool rd_looks_positional(const struct shword *w)
{
	if (w->flags & (SHW_QUOTED | SHW_META | SHW_SUBST))
		return true;
	const char *v = w->value;
	double d;
	if (rd_parse_number(v, &d))
		return true;
	return strchr(v, '/') || strchr(v, '=') || strchr(v, '.') || v[0] == '$' || v[0] == '~';
}

/* Drops a sentence-ending '.' or ',' glued to the last word of an argument list. Returns true
 * when the word ended a sentence (so the argument list ends with it). */
bool rd_strip_sentence_end(struct shword *w)
{
	/* a quoted word ends the sentence only by a mark outside its quotes: '--name "exp 3". Thanks' */
	size_t rl = w->raw ? strlen(w->raw) : 0;
	if ((w->flags & SHW_QUOTED) && !(rl >= 3 && (w->raw[rl - 2] == '"' || w->raw[rl - 2] == '\'') &&
					 (w->raw[rl - 1] == '.' || w->raw[rl - 1] == ',' || w->raw[rl - 1] == ';')))
		return false;
	size_t l = strlen(w->value);
	if (l < 2)
		return false;
	char last = w->value[l - 1];
	if (last != '.' && last != ',' && last != ';')
		return false;
	if (!strcmp(w->value, "..") || w->value[l - 2] == '.' || w->value[l - 2] == '/')
		return false;
	w->value[l - 1] = '\0';
	struct shseg *g = &w->segs[w->nsegs - 1];
	size_t gl = strlen(g->text);
	if (g->kind == SEG_LIT && gl && g->text[gl - 1] == last)
		g->text[gl - 1] = '\0';
	return true;
}

/* Whether v is a number with a unit of time written onto it ("1.5h", "0.5hrs", "2.5d"): a duration, never a
 * file name. */
static bool glued_duration(const char *v)
{
	size_t d = strspn(v, "0123456789");
	if (!d)
		return false;
	if (v[d] == '.' && isdigit((unsigned char)v[d + 1]))
		d += 1 + strspn(v + d + 1, "0123456789");
	char unit[16];
	size_t l = strlen(v + d);
	if (!l || l >= sizeof(unit))
		return false;
	for (size_t i = 0; i <= l; i++)
		unit[i] = (char)tolower((unsigned char)v[d + i]);
	return duration_unit(unit) > 0;
}

/* Whether the word after text[pos] is a unit (hours, nodes, GPUs): then a number before it is prose. */
static bool unit_follows(const struct ctx *c, size_t pos, size_t end)
{
	size_t p = pos;
	struct shword w;
	if (!shlex_next(c->nl, end, &p, &w, false))
		return false;
	char lw[96];
	strip_punct_lower(w.value, lw, sizeof(lw));
	shword_release(&w);
	return duration_unit(lw) || is_node_unit(lw) || is_gpu_unit(lw) || !strcmp(lw, "gpu") || !strcmp(lw, "x");
}

/* The field of maple's that the flag name[0, len) names ("account", "time", "script"; '-' read as '_'). */
static enum vkey flag_field(const char *name, size_t len)
{
	char key[40];
	if (!len || len >= sizeof(key))
		return VK_NONE;
	for (size_t i = 0; i < len; i++)
		key[i] = name[i] == '-' ? '_' : (char)tolower((unsigned char)name[i]);
	key[len] = '\0';
	return vocab_key(key);
}

/* Whether the shell word w is a flag that names one of maple's fields ("--account", "--time=2h"). */
bool rd_maple_field_flag(const struct shword *w)
{
	const char *v = w->value;
	return v[0] == '-' && v[1] == '-' && flag_field(v + 2, strcspn(v + 2, "=")) != VK_NONE;
}

/* Whether the word before text[s] is one of maple's flags that names the program ("--script", "--entry"). */
bool rd_after_script_flag(const struct ctx *c, size_t s)
{
	size_t e = s;
	while (e > 0 && (c->nl[e - 1] == ' ' || c->nl[e - 1] == '\t'))
		e--;
	size_t b = e;
	while (b > 0 && !isspace((unsigned char)c->nl[b - 1]))
		b--;
	if (e - b < 3 || c->nl[b] != '-' || c->nl[b + 1] != '-')
		return false;
	enum vkey k = flag_field(c->nl + b + 2, e - b - 2);
	return k == VK_SCRIPT || k == VK_COMMAND;
}
/* Whether the word after p is the writer's prose, not an argument: unquoted, no option, and in the list
 * words (when words is not VL_COUNT), else a correction cue, a word that ends arguments, or a word closed by a comma
 * or colon that looks like no path, number or assignment ("-- sorry, 3 nodes", "-- correction: ..."). */
static bool prose_next(const struct ctx *c, size_t p, size_t end, enum vlist words)
{
	struct shword nx;
	if (!shlex_next(c->nl, end, &p, &nx, false))
		return false;
	char nw[96];
	strip_punct_lower(nx.value, nw, sizeof(nw));
	size_t nl = strlen(nx.raw);
	bool prose = !(nx.flags & SHW_QUOTED) && nx.value[0] != '-' &&
		     (words != VL_COUNT ? vocab_in(words, nw)
				: !rd_looks_positional(&nx) && (vocab_in(VL_CORRECTION, nw) || vocab_in(VL_ARG_STOP, nw) ||
							  (nl && (nx.raw[nl - 1] == ',' || nx.raw[nl - 1] == ':'))));
	shword_release(&nx);
	return prose;
}

/* Whether the word after p is an item of the request, not an argument: a duration written onto its number
 * ("4h", "90min"), or a number before a unit ("3 hours", "2 nodes") - in a quoted request, "'... train.py
 * --amp, 4h'" */
static bool item_next(const struct ctx *c, size_t p, size_t end)
{
	struct shword nx;
	if (!shlex_next(c->nl, end, &p, &nx, false))
		return false;
	char nw[96];
	strip_punct_lower(nx.value, nw, sizeof(nw));
	bool item = !(nx.flags & SHW_QUOTED) && (glued_duration(nw) || (rd_numeric(nw) && unit_follows(c, p, end)));
	shword_release(&nx);
	return item;
}

bool rd_emoji_shortcode(const char *w)
{
	size_t l = strlen(w);
	if (l < 3 || w[0] != ':' || w[l - 1] != ':')
		return false;
	for (size_t i = 1; i + 1 < l; i++)
		if (!(islower((unsigned char)w[i]) || isdigit((unsigned char)w[i]) || strchr("_+-", w[i])))
			return false;
	return true;
}

/* Reads the script's arguments from text[pos..end): shell words until the prose resumes (or, in a
 * closed span such as backticks, parentheses or a form's value, every word to its end). */
size_t rd_read_args(struct ctx *c, size_t pos, size_t end, struct shwords *args, int closed_span, bool script_by_flag)
{
	bool want_value = false, shell_text = closed_span == 2;
	size_t nread = 0;
	size_t last_end = pos;
	for (;;) {
		size_t p = pos;
		struct shword w;
		if (!shlex_next(c->nl, end, &p, &w, false))
			break;
		char lw[96];
		strip_punct_lower(w.value, lw, sizeof(lw));
		bool flag = w.value[0] == '-' && w.value[1] && !(w.flags & SHW_QUOTED && w.segs[0].kind != SEG_LIT);
		double dummy;
		if (flag && rd_parse_number(w.value + 1, &dummy))
			flag = false; /* a negative number is a value */
		if (closed_span < 2 && w.raw[0] == '(' && (w.flags & SHW_QUOTED)) {
			/* "(that's all)": a word that starts with an unquoted "(" is never an argument (the shell
			 * would reject it), even when an apostrophe in the remark reads as a quote */
			shword_release(&w);
			break;
		}
		if (!(w.flags & SHW_QUOTED) && closed_span < 2) {
			/* prose markers end a command typed inline: "<- need this", "| acct", "(6 hours, ...)" */
			const char *v = w.value;
			/* and the shell's own command separators: "... --amp bf16 ; 30 min ; proj X" */
			if (!strcmp(v, ";") || !strcmp(v, "&&") || !strcmp(v, "&") || !strcmp(v, ";;") ||
			    !strcmp(v, "<-") || !strcmp(v, "->") || !strcmp(v, "|") || !strcmp(v, "||") || !strcmp(v, "—") ||
			    !strcmp(v, "–") || !strcmp(v, "<--") || !strcmp(v, "=>") || !strcmp(v, "-->") || !strcmp(v, "==>") ||
			    !strcmp(v, "\u2192") || !strcmp(v, "\u21d2") || !strcmp(v, "\u27f6") || (v[0] == '(' && w.raw[0] == '(')) {
				shword_release(&w);
				break;
			}
			/* "train.py --lr 3e-4 -- sorry, 3 nodes", "-- correction: 2 GPUs per node": a spaced double dash
			 * before prose is the writer's dash, not the end of the options (that one comes before
			 * arguments: "-- --foo", "-- data/") */
			if (!strcmp(v, "--") && prose_next(c, p, end, VL_COUNT)) {
				shword_release(&w);
				break;
			}
			/* "--epochs 10 and --lr 0.001": "and" between two flags joins them */
			if (!strcmp(lw, "and") && nread) {
				size_t q = p;
				struct shword nx;
				bool joins = false;
				if (shlex_next(c->nl, end, &q, &nx, false)) {
					joins = nx.value[0] == '-' && nx.value[1] == '-';
					shword_release(&nx);
				}
				if (joins) {
					shword_release(&w);
					pos = p;
					continue;
				}
			}
		}
		if (!shell_text && !(w.flags & SHW_QUOTED) && !closed_span) {
			bool stop = false;
			if (flag)
				stop = false;
			else if (!nread && !want_value && islower((unsigned char)w.value[0]) && strlen(w.value) < 24 &&
				 !strchr(w.value, ',') && !strchr(w.value, '.') && !strchr(w.value, '=')) {
				/* (not a Hydra override, "experiment=vit_small": an argument) */
				/* a subcommand right after the script ("train.py fit --trainer.devices 4") */
				size_t q = p;
				struct shword nx;
				stop = true;
				if (shlex_next(c->nl, end, &q, &nx, false)) {
					/* ("cli.py fit -c fsdp.yaml": a short option after it too) */
					stop = !(nx.value[0] == '-' && (nx.value[1] == '-' || (isalpha((unsigned char)nx.value[1]) && !nx.value[2])));
					shword_release(&nx);
				}
			}
			else if ((unsigned char)w.value[0] >= 0xE3 && (unsigned char)w.value[0] <= 0xED)
				stop = true; /* Chinese, Japanese or Korean words after the command ("でお願いします"): prose */
			else if (!want_value && !strncmp(w.value, "...", 3) && isalpha((unsigned char)w.value[3]))
				stop = true; /* "train.py ...scratch the node count": an ellipsis, then the writer's words */
			else if (vocab_in(VL_ARG_STOP, lw)) { /* data/lexicon's argument_stop_words */
				stop = true;
				/* "--ctf on", "--shuffle all --fp16": a flag's value at the command's end or before the
				 * next flag ("--amp on Polaris" stays prose) */
				/* (and any such word as a flag's value there: "--accelerator gpu --devices 4", "--split
				 * train", "--mode all") */
				if (want_value) {
					size_t q = p;
					struct shword nx;
					size_t rl = strlen(w.raw);
					bool closes = rl && (w.raw[rl - 1] == ',' || w.raw[rl - 1] == '.' || w.raw[rl - 1] == ';');
					stop = false;
					if (!closes && shlex_next(c->nl, end, &q, &nx, false)) {
						stop = nx.value[0] != '-';
						shword_release(&nx);
					}
				}
			}
			else if (!want_value && !flag && glued_duration(lw)) /* (lw: "3h." ends a sentence) */
				stop = true; /* "llama_ft.py 1.5h acct X": the request's time, not a file "1.5h" */
			else if (!want_value && !rd_looks_positional(&w))
				stop = true;
			else if (!want_value && !flag && rd_numeric(w.value) && unit_follows(c, p, end))
				stop = true; /* "train.py 400 hours", "train.py 2 nodes" */
			if (stop) {
				shword_release(&w);
				break;
			}
		}
		if (script_by_flag && flag && !(w.flags & SHW_QUOTED) && rd_maple_field_flag(&w)) {
			shword_release(&w);
			break;
		}
		/* "--data $PROJECT/imagenet,account cis250033-gpu", "ds_z2.json,16 hours": the request's next item
		 * after a comma with no blank, not part of the argument */
		if (!(w.flags & SHW_QUOTED) && w.nsegs >= 1 && w.segs[w.nsegs - 1].kind == SEG_LIT) {
			char *comma = strrchr(w.value, ',');
			if (comma && comma > w.value && comma[1]) {
				bool item = vocab_in(VL_ARG_ITEM, comma + 1); /* data/lexicon's argument_item_words */
				if (!item && isdigit((unsigned char)comma[1]) && strspn(comma + 1, "0123456789") == strlen(comma + 1)) {
					size_t q = p;
					struct shword nx;
					if (shlex_next(c->nl, end, &q, &nx, false)) {
						char lw2[32];
						snprintf(lw2, sizeof(lw2), "%s", nx.value);
						lw2[strspn(lw2, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")] = '\0';
						for (char *z = lw2; *z; z++)
							*z = (char)tolower((unsigned char)*z);
						item = duration_unit(lw2) > 0 || is_node_unit(lw2);
						shword_release(&nx);
					}
				}
				size_t cut = (size_t)(comma - w.value), vl = strlen(w.value);
				char *seg = w.segs[w.nsegs - 1].text;
				size_t sl = strlen(seg);
				/* (the comma inside the last, literal part: "$PROJECT/imagenet,account") */
				if (item && sl >= vl - cut && !strcmp(seg + sl - (vl - cut), comma)) {
					seg[sl - (vl - cut)] = '\0';
					w.value[cut] = '\0';
					const char *rc = strrchr(w.raw, ',');
					size_t at = rc ? w.start + (size_t)(rc - w.raw) + 1 : p;
					shwords_push(args, &w);
					nread++;
					last_end = pos = at; /* what follows the comma stays for the other readers */
					break;
				}
			}
		}
		/* a chat's emoji shortcode after the command ("... --lora :rocket:"): the message's, not an argument */
		if (!(w.flags & SHW_QUOTED) && rd_emoji_shortcode(w.value)) {
			shword_release(&w);
			break;
		}
		if (w.flags & (SHW_META | SHW_SUBST))
			shell_text = true;
		want_value = flag && !strchr(w.value, '=');
		pos = p;
		last_end = p;
		bool sentence_end = closed_span < 2 && rd_strip_sentence_end(&w);
		/* in a quoted span, a comma before the writer's own words ends the command too ("'torchrun ...
		 * train.py --bs 32, I need it for 3h on Perlmutter'") */
		if (closed_span == 2 && !(w.flags & SHW_QUOTED)) {
			size_t vl = strlen(w.value);
			/* (data/lexicon's writer_words) */
			if (vl >= 2 && w.value[vl - 1] == ',' && (prose_next(c, p, end, VL_WRITER_WORD) || item_next(c, p, end)))
				sentence_end = rd_strip_sentence_end(&w);
		}
		/* '--name "exp 3"!!!', '... "runs/last.ckpt"?': the writer's exclamation or question mark after a
		 * quoted value, not part of it */
		if (closed_span < 2 && (w.flags & SHW_QUOTED) && w.nsegs) {
			size_t rl = strlen(w.raw), bang = 0;
			while (bang < rl && (w.raw[rl - 1 - bang] == '!' || w.raw[rl - 1 - bang] == '?'))
				bang++;
			struct shseg *g = &w.segs[w.nsegs - 1];
			size_t vl = strlen(w.value), gl = strlen(g->text);
			if (bang && bang < rl && (w.raw[rl - 1 - bang] == '"' || w.raw[rl - 1 - bang] == '\'') && vl >= bang &&
			    g->kind == SEG_LIT && gl >= bang && !strcmp(w.value + vl - bang, g->text + gl - bang)) {
				w.value[vl - bang] = '\0';
				g->text[gl - bang] = '\0';
				sentence_end = true;
			}
		}
		if (closed_span < 2 && !(w.flags & SHW_QUOTED)) {
			/* "--seed 0)." closing a parenthesis the arguments did not open; "--do_train?" */
			size_t l = strlen(w.value);
			bool cut = false;
			while (l > 1 && (w.value[l - 1] == '?' || w.value[l - 1] == '!' ||
					 (w.value[l - 1] == ')' && !strchr(w.value, '(')))) {
				w.value[--l] = '\0';
				cut = true;
			}
			if (cut) {
				struct shseg *g = &w.segs[w.nsegs - 1];
				size_t gl = strlen(g->text);
				while (g->kind == SEG_LIT && gl && (g->text[gl - 1] == '?' || g->text[gl - 1] == '!' ||
								    g->text[gl - 1] == ')' || g->text[gl - 1] == '.' ||
								    g->text[gl - 1] == ','))
					g->text[--gl] = '\0';
				while (l && (w.value[l - 1] == '.' || w.value[l - 1] == ','))
					w.value[--l] = '\0';
				sentence_end = true;
			}
		}
		nread++;
		if (w.flags & SHW_UNTERMINATED)
			request_warn(c->req, "an unterminated quote in the script arguments was closed at the end of the "
					     "text");
		shwords_push(args, &w);
		if (sentence_end)
			break;
	}
	return last_end;
}
