/* spans.c - the training command inside a request: code spans, the script word, its arguments. */
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* the training command */

static bool ends_with_py(const char *s, size_t len)
{
	return len > 3 && !strncasecmp(s + len - 3, ".py", 3);
}

static bool word_is_python(const char *s)
{
	return !strcmp(s, "python") || !strcmp(s, "python3") || !strncmp(s, "python3.", 8) ||
	       !strcmp(s, "python -u");
}

static const char *const arg_stop_words[] = {
	"on",	 "with",   "using", "across", "over",  "for",  "and",    "in",     "at",   "via",  "under", "within",
	"to",	 "from",   "please", "i",     "we",    "my",   "our",    "the",    "a",    "an",   "it",    "use",
	"run",	 "submit", "then",  "but",    "so",    "that", "which",  "also",   "plus", "thanks", "thank",
	"should", "must",  "can",   "need",   "needs", "want", "wants",  "would",  "will", "is",   "are",   "was",
	"nodes", "node",   "gpus",  "gpu",    "each",  "per",  "job",    "walltime", "time", "hours", "hour",
	"minutes", "queue", "partition", "account", "allocation", "project", "conda", "env", "venv", "module",
	"modules", "make", "give", "set", "launch", "train", "training", "you", "me", "as", "where", "while",
	"this", "these", "those", "total", "both", "all", "wall", "limit", "by", "into", "after", "before",
	NULL};

bool rd_in_list(const char *s, const char *const *list)
{
	return word_in(s, list);
}

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

static bool looks_positional(const struct shword *w)
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
static bool strip_sentence_end(struct shword *w)
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

bool rd_numeric(const char *s);

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

/* Reads the script's arguments from text[pos..end): shell words until the prose resumes (or, in a
 * closed span such as backticks, parentheses or a form's value, every word to its end). */
static int closed_span; /* 2: a delimited span (backticks, quotes, parentheses); 1: a form's value; 0: prose */
/* the script was given by maple's own flag ("--script train.py --account X"): the next flag that names one
 * of maple's fields is maple's again, not the program's */
static bool script_by_flag;

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
static bool maple_field_flag(const struct shword *w)
{
	const char *v = w->value;
	return v[0] == '-' && v[1] == '-' && flag_field(v + 2, strcspn(v + 2, "=")) != VK_NONE;
}

/* Whether the word before text[s] is one of maple's flags that names the program ("--script", "--entry"). */
static bool after_script_flag(const struct ctx *c, size_t s)
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
/* Whether the word after p is the writer's prose, not an argument: unquoted, no option, and one of words
 * (when words is not NULL), else a correction cue, a word that ends arguments, or a word closed by a comma
 * or colon that looks like no path, number or assignment ("-- sorry, 3 nodes", "-- correction: ..."). */
static bool prose_next(const struct ctx *c, size_t p, size_t end, const char *const *words)
{
	struct shword nx;
	if (!shlex_next(c->nl, end, &p, &nx, false))
		return false;
	char nw[96];
	strip_punct_lower(nx.value, nw, sizeof(nw));
	size_t nl = strlen(nx.raw);
	bool prose = !(nx.flags & SHW_QUOTED) && nx.value[0] != '-' &&
		     (words ? rd_in_list(nw, words)
			    : !looks_positional(&nx) && (vocab_in(VL_CORRECTION, nw) || rd_in_list(nw, arg_stop_words) ||
							  (nl && (nx.raw[nl - 1] == ',' || nx.raw[nl - 1] == ':'))));
	shword_release(&nx);
	return prose;
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

static size_t read_args(struct ctx *c, size_t pos, size_t end, struct shwords *args)
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
			if (!strcmp(v, "--") && prose_next(c, p, end, NULL)) {
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
			else if (rd_in_list(lw, arg_stop_words)) {
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
			else if (!want_value && !looks_positional(&w))
				stop = true;
			else if (!want_value && !flag && rd_numeric(w.value) && unit_follows(c, p, end))
				stop = true; /* "train.py 400 hours", "train.py 2 nodes" */
			if (stop) {
				shword_release(&w);
				break;
			}
		}
		if (script_by_flag && flag && !(w.flags & SHW_QUOTED) && maple_field_flag(&w)) {
			shword_release(&w);
			break;
		}
		/* "--data $PROJECT/imagenet,account cis250033-gpu", "ds_z2.json,16 hours": the request's next item
		 * after a comma with no blank, not part of the argument */
		if (!(w.flags & SHW_QUOTED) && w.nsegs >= 1 && w.segs[w.nsegs - 1].kind == SEG_LIT) {
			char *comma = strrchr(w.value, ',');
			if (comma && comma > w.value && comma[1]) {
				static const char *const items[] = {"account", "acct", "project", "proj", "allocation", "alloc",
								    "queue", "partition", "qos", "walltime", "time", "charge", NULL};
				bool item = rd_in_list(comma + 1, items);
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
		bool sentence_end = closed_span < 2 && strip_sentence_end(&w);
		/* in a quoted span, a comma before the writer's own words ends the command too ("'torchrun ...
		 * train.py --bs 32, I need it for 3h on Perlmutter'") */
		if (closed_span == 2 && !(w.flags & SHW_QUOTED)) {
			size_t vl = strlen(w.value);
			static const char *const writer[] = {"i", "i'm", "im", "we", "we're", "please", "thanks", "thank", "need",
							     "it", "and", "but", "so", NULL};
			if (vl >= 2 && w.value[vl - 1] == ',' && prose_next(c, p, end, writer))
				sentence_end = strip_sentence_end(&w);
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

void rd_blank(struct ctx *c, size_t a, size_t b)
{
	for (size_t i = a; i < b && i < c->len; i++)
		if (c->nl[i] != '\n')
			c->nl[i] = ' ';
}

static void blank(struct ctx *c, size_t a, size_t b)
{
	rd_blank(c, a, b);
}

/* Finds "`...`" or a quoted span that holds a python command; returns its bounds. */
/* Where the text after from takes back what came before: the end of the first strong correction cue
 * ("scratch that", "actually", "no wait", "on second thought", "correction:"), 0 when none. */
static size_t correction_after(const struct ctx *c, size_t from)
{
	static const char *const cues[] = {"scratch that", "actually", "no wait", "wait, no", "wait no", "on second thought",
					   "correction:", "ignore that", "forget that", NULL};
	for (size_t i = from; i < c->len; i++) {
		if (i > 0 && isalnum((unsigned char)c->nl[i - 1]))
			continue;
		int low = tolower((unsigned char)c->nl[i]); /* the cues are lower case: their first letters compared inline */
		for (size_t k = 0; cues[k]; k++) {
			if (low != cues[k][0])
				continue;
			size_t l = strlen(cues[k]);
			if (i + l <= c->len && !strncasecmp(c->nl + i, cues[k], l) && (i + l == c->len || !isalnum((unsigned char)c->nl[i + l])))
				return i + l;
		}
	}
	return 0;
}

/* Whether the quoted text s[0..n) ending in ".py" can be one path with blanks ('my dir/train.py'), not
 * words around a command ('Perlmutter, 1 node, 10h, python train.py', quoted as the user wrote it): no
 * comma or semicolon before a blank, and no interpreter or launcher word before a blank. */
static bool quoted_path_like(const char *s, size_t n)
{
	static const char *const run[] = {"python", "python3", "torchrun", "srun", "mpiexec", "mpirun", "deepspeed",
					  "accelerate", "ibrun", "bash", NULL};
	for (size_t k = 0; k + 1 < n; k++) {
		if ((s[k] == ',' || s[k] == ';') && s[k + 1] == ' ')
			return false;
		if (k > 0 && s[k - 1] != ' ')
			continue;
		for (size_t r = 0; run[r]; r++) {
			size_t l = strlen(run[r]);
			if (k + l < n && !strncasecmp(s + k, run[r], l) && s[k + l] == ' ')
				return false;
		}
	}
	return true;
}

size_t *rd_paren_matches(const char *s, size_t n)
{
	if (!memchr(s, '(', n))
		return NULL;
	size_t *m = xmalloc(n * sizeof(*m));
	size_t *open = xmalloc(n * sizeof(*open)), depth = 0;
	for (size_t i = 0; i < n; i++) {
		m[i] = SIZE_MAX;
		if (s[i] == '\n')
			depth = 0;
		else if (s[i] == '(')
			open[depth++] = i;
		else if (s[i] == ')' && depth)
			m[open[--depth]] = i;
	}
	free(open);
	return m;
}

static bool find_code_span(const struct ctx *c, size_t *a, size_t *b)
{
	size_t *match = rd_paren_matches(c->nl, c->len);
	bool found = false;
	for (size_t i = 0; i < c->len && !found; i++) {
		char q = c->nl[i];
		if (q != '`' && q != '"' && q != '\'' && q != '(')
			continue;
		if (i > 0 && !isspace((unsigned char)c->nl[i - 1]) && c->nl[i - 1] != '(' && c->nl[i - 1] != ':')
			continue;
		const char *close = NULL;
		if (q == '(') { /* "(python train.py --lr 1e-3) on 4 nodes": the matching parenthesis */
			if (match[i] != SIZE_MAX)
				close = c->nl + match[i];
		} else {
			close = memchr(c->nl + i + 1, q, c->len - i - 1);
		}
		if (!close)
			continue;
		size_t s = i + 1, e = (size_t)(close - c->nl);
		/* "(cmd stays `python train.py --dataset pile`)": the backquoted span inside is the command */
		if (q == '(' && memchr(c->nl + s, '`', e - s))
			continue;
		/* must contain a .py word or start with a launcher */
		bool has = false;
		size_t k = s;
		while (k < e && !has) {
			while (k < e && isspace((unsigned char)c->nl[k]))
				k++;
			size_t st = k;
			while (k < e && !isspace((unsigned char)c->nl[k]))
				k++;
			size_t l = k - st;
			while (l && rd_is_trailing_punct(c->nl[st + l - 1]))
				l--;
			has = ends_with_py(c->nl + st, l) && c->nl[st] != '-';
		}
		size_t te = e;
		while (te > s && isspace((unsigned char)c->nl[te - 1]))
			te--;
		/* a quoted path alone ("my dir/train.py") is the script, not a command: no option inside and no
		 * launcher or interpreter in front */
		bool one_word = true;
		for (size_t q = s; q + 1 < te; q++)
			if (isspace((unsigned char)c->nl[q]) && c->nl[q + 1] == '-')
				one_word = false;
		static const char *const lead[] = {"python", "torchrun", "srun", "mpiexec", "mpirun", "deepspeed", "accelerate",
						   "ibrun", "aprun", "jsrun", "bash", "env", NULL};
		for (const char *const *l = lead; *l && one_word; l++)
			if (te - s > strlen(*l) && !strncasecmp(c->nl + s, *l, strlen(*l)))
				one_word = false;
		if (has && !(one_word && ends_with_py(c->nl + s, te - s) && (q == '(' || quoted_path_like(c->nl + s, te - s)))) {
			/* (a quoted path alone is just the script) */
			*a = s;
			*b = e;
			found = true;
			break;
		}
		i = e;
	}
	free(match);
	return found;
}

static bool is_args_marker(const char *w)
{
	return vocab_in(VL_ARGS, w); /* data/lexicon's args_cues */
}

/* Verbs that hand flags to the script: "pass `--resume x` to train.py", "give it --res 512". */
static bool is_args_verb(const char *w)
{
	static const char *const m[] = {"pass", "passing", "give", "add", "append", "plus", "supply", "provide", NULL};
	return rd_in_list(w, m);
}

/* Whether "with" at i follows a verb that runs the program and "it" ("I normally call it with --config x",
 * "launch it with --seed 3", "we run the script with --resume auto"): the flags after it are the program's. */
static bool with_after_run_it(const struct ctx *c, size_t i)
{
	static const char *const run[] = {"call", "calls", "called", "invoke", "invokes", "invoked", "run", "runs",
					  "launch", "launches", "launched", "start", "starts", "execute", "executes",
					  "executed", "kick", NULL};
	char w[3][16] = {{0}}; /* the three words before "with", nearest first */
	size_t p = i;
	for (int k = 0; k < 3; k++) {
		while (p > 0 && c->nl[p - 1] == ' ')
			p--;
		size_t e = p;
		while (p > 0 && isalpha((unsigned char)c->nl[p - 1]))
			p--;
		if (e == p || e - p >= sizeof(w[k]))
			break;
		for (size_t q = 0; q < e - p; q++)
			w[k][q] = (char)tolower((unsigned char)c->nl[p + q]);
	}
	/* "same entrypoint but with --epochs 10", "the same script with --seed 2", "(train.py) but with --seed 7" */
	static const char *const program[] = {"entrypoint", "script", "program", "command", "code", "entry", NULL};
	if ((!strcmp(w[1], "same") && rd_in_list(w[0], program)) || !strcmp(w[0], "but") ||
	    (!strcmp(w[0], "but") && !strcmp(w[2], "same") && rd_in_list(w[1], program)))
		return true;
	/* "call it with", "run them with", "run the script with" */
	bool the_script = !strcmp(w[0], "script") && !strcmp(w[1], "the");
	const char *obj = the_script ? "it" : w[0], *verb = the_script ? w[2] : w[1];
	return (!strcmp(obj, "it") || !strcmp(obj, "them")) && rd_in_list(verb, run);
}

/* Locates the script word in [a, b) of text; returns its start or (size_t)-1. A quoted path
 * ('my dir/train.py') or one with escaped spaces (my\ dir/train.py) is one word. */
static size_t find_script(const struct ctx *c, size_t a, size_t b, size_t *wend)
{
	for (size_t i = a; i < b; i++) {
		char q = c->nl[i];
		if ((q != '\'' && q != '"') || (i > a && !isspace((unsigned char)c->nl[i - 1])))
			continue;
		const char *close = memchr(c->nl + i + 1, q, b - i - 1);
		if (!close)
			break;
		size_t e = (size_t)(close - c->nl);
		if (e - i - 1 > 3 && ends_with_py(c->nl + i + 1, e - i - 1) && c->nl[i + 1] != '-' &&
		    !memchr(c->nl + i + 1, '\n', e - i - 1) && quoted_path_like(c->nl + i + 1, e - i - 1)) {
			*wend = e + 1;
			return i;
		}
		i = e;
	}
	size_t i = a;
	while (i < b) {
		while (i < b && isspace((unsigned char)c->nl[i]))
			i++;
		size_t st = i;
		bool quoted = false;
		while (i < b && (!isspace((unsigned char)c->nl[i]) || (i > st && c->nl[i - 1] == '\\'))) {
			/* a quoted part of a path ("~/'my dir'/x.py", "$HOME/\"a b\"/x.py"): one word across its blanks */
			char q = c->nl[i];
			if ((q == '\'' || q == '"') && i > st && (c->nl[i - 1] == '/' || c->nl[i - 1] == '=')) {
				const char *close = memchr(c->nl + i + 1, q, b - i - 1);
				if (close && !memchr(c->nl + i + 1, '\n', (size_t)(close - c->nl) - i - 1)) {
					i = (size_t)(close - c->nl) + 1;
					quoted = true;
					continue;
				}
			}
			i++;
		}
		size_t s = st, l = i - st;
		if (quoted && l > 4 && (c->nl[s + l - 1] == '\'' || c->nl[s + l - 1] == '"') &&
		    ends_with_py(c->nl + s, l - 1) && c->nl[s] != '-') {
			/* the quote closes after ".py" ("~/'my dir/x.py'"): the word ends after it */
			const char *eq = memchr(c->nl + s, '=', l);
			if (eq && eq < c->nl + s + l - 1 && (eq[1] == '\'' || eq[1] == '"' || eq < strpbrk(c->nl + s, "'\""))) {
				size_t off = (size_t)(eq + 1 - (c->nl + s));
				s += off;
				l -= off;
			}
			*wend = s + l;
			return s;
		}
		while (l && rd_is_leading_punct(c->nl[s]))
			s++, l--;
		while (l && rd_is_trailing_punct(c->nl[s + l - 1]))
			l--;
		/* the next item after a comma with no blank ("script train_fsdp.py,no extra args") */
		for (size_t q = s + 3; q + 1 < s + l; q++)
			if (c->nl[q] == ',' && !strncmp(c->nl + q - 3, ".py", 3) && isalpha((unsigned char)c->nl[q + 1])) {
				l = q - s;
				break;
			}
		if (l > 3 && ends_with_py(c->nl + s, l) && c->nl[s] != '-') {
			/* an item after a comma with no blank ("one day,Accelerate,train_acc.py"): the last item */
			const char *comma = NULL;
			for (size_t q = s + 1; q + 1 < s + l; q++)
				if (c->nl[q] == ',' && (isalnum((unsigned char)c->nl[q - 1]) || c->nl[q - 1] == ')') &&
				    !memchr(c->nl + s, '/', q - s))
					comma = c->nl + q;
			if (comma && comma + 1 < c->nl + s + l - 3) {
				size_t off = (size_t)(comma + 1 - (c->nl + s));
				s += off;
				l -= off;
			}
			const char *eq = memchr(c->nl + s, '=', l);
			if (eq) { /* script=train.py, entry=src/main.py */
				size_t off = (size_t)(eq + 1 - (c->nl + s));
				if (l - off <= 3)
					continue;
				s += off;
				l -= off;
			}
			*wend = s + l;
			return s;
		}
	}
	return (size_t)-1;
}

/* "... my arguments are --dataset beans --epochs 3", "pass `--resume x` to train.py", "give it --res 512":
 * the script's arguments named by a marker word or a verb that hands them over, anywhere in the text. */
static void read_marked_args(struct ctx *c)
{
	struct request *r = c->req;
	for (size_t i = 0; i < c->len; i++) {
		/* (a part of a longer name is no marker: "scheduler_options=", "select_options") */
		if (!isalpha((unsigned char)c->nl[i]) || (i && (isalnum((unsigned char)c->nl[i - 1]) || c->nl[i - 1] == '_')))
			continue;
		size_t e = i;
		while (e < c->len && (isalpha((unsigned char)c->nl[e]) || c->nl[e] == '-'))
			e++;
		if (e < c->len && c->nl[e] == '_')
			continue;
		char w[32];
		if (e - i >= sizeof(w))
			continue;
		for (size_t q = 0; q < e - i; q++)
			w[q] = (char)tolower((unsigned char)c->nl[i + q]);
		w[e - i] = '\0';
		/* "run `train.py` with `--lr 1e-3`": "with" hands over flags only in a code span of their own */
		bool with = !strcmp(w, "with");
		bool verb = is_args_verb(w) || with;
		size_t vp = 0;
		if (!is_args_marker(w) && !verb)
			continue;
		if (verb) { /* "pass `--resume x` to train.py", "give it --res 512" */
			size_t p = e;
			while (p < c->len && c->nl[p] == ' ')
				p++;
			static const char *const obj[] = {"it ", "them ", "the script ", "these ", "also ", NULL};
			for (const char *const *o = obj; *o; o++)
				if (!strncasecmp(c->nl + p, *o, strlen(*o))) {
					p += strlen(*o);
					break;
				}
			while (p < c->len && c->nl[p] == ' ')
				p++;
			bool flag_next = p + 1 < c->len && c->nl[p] == '-' && c->nl[p + 1] == '-';
			bool code_flag = p + 2 < c->len && c->nl[p] == '`' && c->nl[p + 1] == '-';
			if ((!flag_next || (with && !with_after_run_it(c, i))) && !code_flag)
				continue;
			vp = p;
		}
		/* skip "are", "is", ":", "=", "of", "being", "like" */
		size_t p = e;
		for (int hop = 0; hop < 3; hop++) {
			while (p < c->len && (isspace((unsigned char)c->nl[p]) || c->nl[p] == ':' ||
					      c->nl[p] == '='))
				p++;
			static const char *const fill[] = {"are", "is", "of", "being", "like", "should be", "will be",
							   "would be", "to be", "as follows", "it needs", "it takes", "it wants",
							   "it expects", "needed", "to pass", "to use", "to give it", "to add",
							   "for it", "for the script", "for the run", "for training", "i use",
							   "we use", "i pass", "we pass", "i need", "we need", "please", NULL};
			bool hopped = false;
			for (const char *const *f = fill; *f; f++) {
				size_t fl = strlen(*f);
				if (!strncasecmp(c->nl + p, *f, fl) && p + fl < c->len &&
				    (c->nl[p + fl] == ' ' || c->nl[p + fl] == ':')) {
					p += fl;
					hopped = true;
					break;
				}
			}
			if (!hopped)
				break;
		}
		while (p < c->len && (isspace((unsigned char)c->nl[p]) || c->nl[p] == ':'))
			p++;
		if (verb)
			p = vp;
		if (p >= c->len)
			continue;
		char first = c->nl[p];
		bool code = first == '`';
		size_t end = c->len;
		if (code) {
			const char *cl = memchr(c->nl + p + 1, '`', c->len - p - 1);
			if (!cl)
				continue;
			p++;
			end = (size_t)(cl - c->nl);
		}
		size_t we = p;
		while (we < c->len && !isspace((unsigned char)c->nl[we]))
			we++;
		bool pathish = memchr(c->nl + p, '/', we - p) || memchr(c->nl + p, '=', we - p) ||
			       c->nl[p] == '$' || c->nl[p] == '~';
		if (!(c->nl[p] == '-' || c->nl[p] == '"' || c->nl[p] == '\'' || code || pathish))
			continue;
		/* maple's own "--args '...'": a later flag naming one of maple's fields is maple's again */
		script_by_flag = i >= 2 && c->nl[i - 1] == '-' && c->nl[i - 2] == '-';
		size_t ae = read_args(c, p, end, &r->args);
		script_by_flag = false;
		if (r->args.nr) {
			request_set_from(r, RF_SCRIPT_ARGS, c->nl + p, ae - p);
			blank(c, i, code ? ae + 1 : ae);
		}
		break;
	}
}

/* "Same job as before (... python train.py --lr 3e-4) but with --lr 1e-4 this time", "change --epochs to
 * 20": a flag the command already has, named again after a word that changes it outside the command
 * (which is blanked by now), takes the new value; "but with --seed 2", "plus --amp": a flag it lacks is
 * added. Maple's own options ("--nodes 4") are not the program's. */
static void edit_args(struct ctx *c)
{
	struct request *r = c->req;
	static const char *const cue[] = {"with", "but", "use", "set", "change", "and", "plus", "add", "now", NULL};
	static const char *const adds[] = {"with", "plus", "add", NULL};
	size_t added_end = 0; /* where the last change applied ends */
	for (size_t i = 2; i + 2 < c->len; i++) {
		if (c->nl[i] != '-' || c->nl[i + 1] != '-' || !isalpha((unsigned char)c->nl[i + 2]) || c->nl[i - 1] != ' ')
			continue;
		/* the word before the flag */
		size_t we = i - 1;
		while (we > 0 && c->nl[we - 1] == ' ')
			we--;
		size_t ws = we;
		while (ws > 0 && isalpha((unsigned char)c->nl[ws - 1]))
			ws--;
		char w[16] = "";
		if (we - ws >= sizeof(w) || we == ws)
			continue;
		for (size_t q = 0; q < we - ws; q++)
			w[q] = (char)tolower((unsigned char)c->nl[ws + q]);
		if (!rd_in_list(w, cue))
			continue;
		size_t p = i;
		struct shword flag;
		if (!shlex_next(c->nl, c->len, &p, &flag, false))
			continue;
		if (maple_field_flag(&flag) || strchr(flag.value, '=')) {
			shword_release(&flag);
			continue;
		}
		/* its value: the next word, unless it is a flag ("--amp --bf16") or prose */
		size_t p2 = p;
		struct shword val;
		bool has_val = shlex_next(c->nl, c->len, &p2, &val, false);
		if (has_val && !strcmp(val.value, "to")) { /* "change --epochs to 20" */
			shword_release(&val);
			has_val = shlex_next(c->nl, c->len, &p2, &val, false);
		}
		if (has_val && (val.value[0] == '-' || (!looks_positional(&val) && !(val.flags & SHW_QUOTED)))) {
			shword_release(&val);
			has_val = false;
		}
		if (has_val)
			strip_sentence_end(&val);
		bool applied = true;
		size_t at = r->args.nr;
		for (size_t k = 0; k < r->args.nr && at == r->args.nr; k++)
			if (!strcmp(r->args.v[k].value, flag.value))
				at = k;
		if (at < r->args.nr) {
			bool old_val = at + 1 < r->args.nr && r->args.v[at + 1].value[0] != '-';
			if (has_val && old_val) {
				shword_release(&r->args.v[at + 1]);
				r->args.v[at + 1] = val;
				has_val = false;
				request_warn(r, "argument %s set to %s as the request asks", flag.value, r->args.v[at + 1].value);
			}
			shword_release(&flag);
		} else if (rd_in_list(w, adds) || (!strcmp(w, "and") && added_end && ws <= added_end + 2)) {
			/* "but with --seed 2 and --amp" */
			shwords_push(&r->args, &flag);
			if (has_val) {
				shwords_push(&r->args, &val);
				has_val = false;
			}
		} else {
			shword_release(&flag);
			applied = false;
		}
		if (has_val)
			shword_release(&val);
		if (applied) {
			blank(c, i, p2 > p ? p2 : p);
			added_end = p2 > p ? p2 : p;
		}
		i = p;
	}
}

/* Whether the program named up to wend is followed by no arguments on its line. */
static bool first_bare(const struct ctx *c, size_t wend, size_t b)
{
	size_t p = wend;
	while (p < b && (c->text[p] == ' ' || c->text[p] == '\t'))
		p++;
	return p >= b || c->text[p] == '\n' || c->text[p] == '\r';
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
		span = find_code_span(c, &a, &b);
	}
	if (!span) {
		a = 0;
		b = c->len;
	}
	size_t wend = 0;
	size_t s = find_script(c, a, b, &wend);
	/* "entrypoint : train_seg.py" (a launcher's log read as a form) and later "torchrun train_seg.py --fold
	 * 3": the same program typed with its arguments is the occurrence to read */
	if (s != (size_t)-1 && span && c->cmd_b > c->cmd_a && a == c->cmd_a && !c->args_field) {
		size_t q = wend;
		while (q < b && (isspace((unsigned char)c->nl[q]) || rd_is_trailing_punct(c->nl[q])))
			q++;
		for (size_t from = 0, w2end = 0; q >= b && from < c->len;) {
			size_t s2 = find_script(c, from, c->len, &w2end);
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
		size_t cue = correction_after(c, wend);
		size_t w2end = 0;
		size_t s2 = cue ? find_script(c, cue, c->len, &w2end) : (size_t)-1;
		if (s2 != (size_t)-1) {
			a = cue, b = c->len, span = false;
			s = s2, wend = w2end;
		}
	}
	/* "My script is x/train.py and I run it as python x/train.py --lr 1": the occurrence that carries the
	 * command line (a python word before it, arguments after it) is the one to read */
	if (!span && s != (size_t)-1) {
		size_t w2end = 0, from = wend;
		for (int guard = 0; guard < 8; guard++) {
			size_t s2 = find_script(c, from, b, &w2end);
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
		size_t s2 = find_script(c, from, b, &w2end);
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
				read_marked_args(c);
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
		static const char *const hand[] = {"and it needs ", "and needs ", "it needs ", "and it takes ", "and takes ",
						   "it takes ", "which takes ", "which needs ", "and requires ", "and it requires ",
						   "with args ", "with arguments ", "with flags ", "args ", "arguments ", "flags ",
						   "plus ", "with ", NULL};
		size_t p = after;
		while (p < b && c->nl[p] == ' ')
			p++;
		for (const char *const *h = hand; *h; h++)
			if (!strncasecmp(c->nl + p, *h, strlen(*h))) {
				size_t q = p + strlen(*h);
				while (q < b && c->nl[q] == ' ')
					q++;
				if (q + 2 < b && c->nl[q] == '-' && c->nl[q + 1] == '-' && c->nl[q + 2] != ' ') {
					comma_after = false;
					args_from = q;
				}
				break;
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
		static const char *const glue[] = {"with ", "mit ", "con ", "avec ", "com ", "using ", "and ", "args ", "arguments ", "flags ", "options ",
						   "the ", "params ", "parameters ", "args: ", "arguments: ", "takes ", "accepts ",
						   "passing ", "pass ", "plus ", "flags: ", "options: ", "it ", "only ", "needs ",
						   "need ", "requires ", "just ", "expects ", "also ", "always ", "i ", "we ",
						   "run ", "call ", "it's ", "is ", "run with ", "should ", "get ", "gets ", "parameter ", "param ",
						   "flag ", "option ", "argument ", "arg ", "these ", "following ", "params: ", NULL};
		bool moved = false;
		for (int hop = 0; hop < 6; hop++) {
			while (p < b && (c->nl[p] == ' ' || c->nl[p] == '\t'))
				p++;
			bool hit = false;
			int low = tolower((unsigned char)c->nl[p]); /* the glue words are lower case: first letters inline */
			for (const char *const *g = glue; *g; g++)
				if (low == (*g)[0] && !strncasecmp(c->nl + p, *g, strlen(*g))) {
					p += strlen(*g);
					hit = moved = true;
					break;
				}
			if (!hit)
				break;
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
				closed_span = 2;
				read_args(c, p + 1, ce, &r->args);
				closed_span = 0;
				if (r->args.nr) {
					request_set_from(r, RF_SCRIPT_ARGS, c->nl + p + 1, ce - p - 1);
					blank(c, p, ce + 1);
					comma_after = true; /* read: do not read again below */
				}
			}
		}
	}
	closed_span = !span ? 0 : (c->cmd_b > c->cmd_a && a == c->cmd_a) ? 1 : 2;
	script_by_flag = after_script_flag(c, cut);
	/* "torchx run ... dist.ddp -j 2x4 --script train.py -- --epochs 3": the launcher's "--" ends its own
	 * options; the program's arguments follow it */
	if (script_by_flag) {
		size_t q = args_from;
		while (q < b && (c->nl[q] == ' ' || c->nl[q] == '\t'))
			q++;
		if (q + 1 < b && c->nl[q] == '-' && c->nl[q + 1] == '-' && (q + 2 == b || c->nl[q + 2] == ' ' || c->nl[q + 2] == '\t')) {
			blank(c, q, q + 2);
			args_from = q + 2;
			while (args_from < b && (c->nl[args_from] == ' ' || c->nl[args_from] == '\t'))
				args_from++;
		}
	}
	if (!comma_after && !c->args_field)
		args_end = read_args(c, args_from, b, &r->args);
	closed_span = 0;
	script_by_flag = false;
	if (args_from != wend && !r->args.nr)
		args_end = wend;
	if (r->args.nr)
		request_set_from(r, RF_SCRIPT_ARGS, c->nl + args_from, args_end - args_from);
	/* the launcher in front of the program: read by the script reader's launch-line reader */
	rd_read_command_launcher(c, span ? a : 0, cut, args_end > wend ? args_end : wend);
	if (span) {
		blank(c, a - 1, a);
		/* the writer's words after the command inside the quotes stay prose ("'... --bs 32, I need it
		 * for 3h on Perlmutter'"): only the command and the closing quote go */
		size_t ce = args_end > wend ? args_end : wend;
		if (ce < b && r->args.nr && ce > cut) {
			blank(c, cut, ce);
			blank(c, b, b + 1);
		} else {
			blank(c, cut, b + 1);
		}
	} else {
		blank(c, cut, args_end);
	}
	if (!span && args_end < c->len && (args_end == after || !r->args.nr))
		blank(c, cut, after);
	/* "... my arguments are --dataset beans --epochs 3" */
	if (!r->args.nr && !c->args_field)
		read_marked_args(c);
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
		blank(c, cut, wend);
	if (r->args.nr && !c->args_field && s != (size_t)-1)
		edit_args(c);
}

