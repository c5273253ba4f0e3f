/* prose_job.c - corrections and negations in prose, then framework and strategy as prose states them,
 * and a node count left open (the cluster: prose_cluster.c; the walltime: prose_walltime.c). */
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ------------------------------------------------------------------------------------------ */
/* sentences, corrections and negations */

bool rd_sentence_end_after(const struct ctx *c, size_t i)
{
	if (i + 1 >= c->n)
		return true;
	char tr = c->t[i].trail;
	if (tr == '.' || tr == ';' || tr == '!' || tr == '?')
		return true;
	/* punctuation between two tokens once a command between them was read ("`...`; on Anvil", "2 nodes,
	 * train.py. It was slow yesterday": the program's word is read, its sentence's '.' stays) */
	for (size_t k = c->t[i].end; k + 1 < c->t[i + 1].start && k + 1 < c->len; k++)
		if (strchr(".;!?", c->nl[k]) && isspace((unsigned char)c->nl[k + 1]))
			return true;
	size_t p = c->t[i + 1].start; /* the last character before token i + 1 that is not a space */
	while (p > c->t[i].end && isspace((unsigned char)c->text[p - 1]))
		p--;
	if (p > c->t[i].end && p < c->t[i + 1].start && c->nl[p - 1] == ' ' && strchr(".;!?", c->text[p - 1]))
		return true; /* blanked with the command it ends */
	return rd_newline_between(c, i, i + 1);
}

/* Marks each token with how many corrections precede it and whether a negation takes it back. */
/* A value judged wrong where it is said: "3h is too short, use 6h", "2 nodes isn't enough", "1 hour won't
 * be enough": the number and its unit before the verb are taken back (no reader takes them). */
static void dismiss_judged_values(struct ctx *c)
{
	static const char *const verbs[] = {"is", "was", "are", "were", "seems", "looks", NULL};
	static const char *const sizes[] = {"short", "long", "few", "many", "little", "much", "small", "big", "low",
					    "high", NULL};
	static const char *const neg_verbs[] = {"isn't", "wasn't", "aren't", "won't", "wouldn't", NULL};
	for (size_t k = 1; k + 1 < c->n; k++) {
		size_t v = 0; /* the verb's index */
		if (rd_is(c, k, "too") && rd_is_any(c, k + 1, sizes) && rd_is_any(c, k - 1, verbs))
			v = k - 1; /* "is too short" */
		else if (rd_is(c, k, "not") && rd_is(c, k + 1, "enough") && rd_is_any(c, k - 1, verbs))
			v = k - 1; /* "is not enough" */
		else if (rd_is_any(c, k, neg_verbs) && (rd_is(c, k + 1, "enough") ||
							(rd_is(c, k + 1, "be") && rd_is(c, k + 2, "enough"))))
			v = k; /* "isn't enough", "won't be enough" */
		if (!v)
			continue;
		/* the value: a number and its unit right before the verb ("3h" reads as 3 h) */
		size_t a = v;
		while (a > 0 && v - a < 3 && !c->t[a - 1].trail &&
		       (c->t[a - 1].is_num || duration_unit(c->t[a - 1].norm) || is_node_unit(c->t[a - 1].norm) ||
			is_gpu_unit(c->t[a - 1].norm) || !strcmp(c->t[a - 1].norm, "gpu")))
			a--;
		if (a == v || !c->t[a].is_num)
			continue;
		for (size_t q = a; q < v; q++)
			c->t[q].neg = c->t[q].used = true;
		/* what follows the judgement corrects it ("1 hour won't be enough; 4 hours") */
		for (size_t q = v + 1; q < c->n; q++)
			c->t[q].corr++;
	}
}

/* A plan the text goes on to revise: "I planned 4 nodes, but the dataset doubled, so 6 nodes it is",
 * "originally 2 hours; the new data needs 5", "at first we thought 8 GPUs ...", "was going to say 3
 * hours but 90 min is plenty". What follows the plan's
 * clause corrects it (a later statement of the same thing wins); a plan nothing revises stays as said. */
/* Advice the user declines: "My labmate suggested FSDP, but I'll stick with plain DDP", "my advisor
 * recommended DeepSpeed but let's keep DDP": what was advised, from the verb to "but", is taken back
 * (advice followed - "suggested FSDP, so let's do that" - stays). */
static void declined_advice(struct ctx *c)
{
	static const char *const advised[] = {"suggested", "recommended", "proposed", "advised", "suggests", "recommends",
					      "mentioned", NULL};
	static const char *const decline[] = {"stick", "keep", "stay", "rather", "prefer", "instead", NULL};
	for (size_t i = 0; i < c->n; i++) {
		if (!rd_is_any(c, i, advised))
			continue;
		size_t but = 0;
		for (size_t k = i + 1; k < c->n && k <= i + 8 && !but; k++) {
			if (rd_is(c, k, "but") || rd_is(c, k, "however"))
				but = k;
			if (rd_sentence_end_after(c, k))
				break;
		}
		bool declined = false;
		for (size_t k = but + 1; but && k < c->n && k <= but + 10 && !declined; k++) {
			declined = rd_is_any(c, k, decline) || ((rd_is(c, k, "plain") || rd_is(c, k, "just")) && k > but);
			if (rd_sentence_end_after(c, k))
				break;
		}
		for (size_t k = i + 1; declined && k < but; k++)
			c->t[k].neg = true;
	}
}

/* The words of the longest cue of list l (data/lexicon; a cue of several words is written with blanks: "no
 * need for" over "no") that starts at token i; 0 when none does. */
/* Whether what was tried at i worked, said in its sentence with no turn ("I tried ZeRO-3 on 2 nodes last night
 * and it worked", "tried FSDP, works fine"), not "tried DeepSpeed but it was slower". */
static bool tried_and_worked(const struct ctx *c, size_t i)
{
	for (size_t k = i + 1; k < c->n && k < i + 16; k++) {
		if (rd_is_any(c, k, (const char *const[]){"but", "however", "though", "failed", "crashed", "slower", "hung", "oom",
							  "didn't", "not", "never", NULL}))
			return false;
		if (rd_is_any(c, k, (const char *const[]){"worked", "works", "succeeded", "fine", NULL}) &&
		    !rd_is(c, k - 1, "not") && !rd_is(c, k - 1, "never"))
			return true;
		if (rd_sentence_end_after(c, k))
			return false;
	}
	return false;
}

static size_t cue_span(const struct ctx *c, size_t i, enum vlist l)
{
	const char *const *cues;
	size_t ncues = vocab_list(l, &cues), span = 0;
	for (size_t q = 0; q < ncues; q++) {
		const char *cue = cues[q];
		if (cue[0] != c->t[i].norm[0]) /* as for the correction cues */
			continue;
		const char *sp = strchr(cue, ' ');
		if (!sp) {
			if (!strcmp(c->t[i].norm, cue) && !span)
				span = 1;
		} else if (i + 1 < c->n && !strncmp(c->t[i].norm, cue, (size_t)(sp - cue)) &&
			   strlen(c->t[i].norm) == (size_t)(sp - cue)) {
			const char *rest = sp + 1;
			size_t k = i + 1;
			bool ok = true;
			while (*rest) {
				size_t l = strcspn(rest, " ");
				if (k >= c->n || strlen(c->t[k].norm) != l || strncmp(c->t[k].norm, rest, l))
					ok = false;
				k++;
				rest += l;
				while (*rest == ' ')
					rest++;
			}
			if (ok && k - i > span)
				span = k - i;
		}
	}
	return span;
}

static void supersede_plans(struct ctx *c)
{
	static const char *const plan[] = {"planned", "originally", "initially", "budgeted", "proposed", NULL};
	static const char *const turn[] = {"but", "however", "though", "although", "so", "now", NULL};
	for (size_t i = 0; i < c->n; i++) {
		bool plan_was = false; /* "the plan (in my proposal) was 12 nodes" */
		for (size_t k = i + 1; k < c->n && k <= i + 5 && rd_is(c, i, "plan") && !plan_was; k++) {
			if (rd_sentence_end_after(c, k - 1) || c->t[k - 1].trail)
				break;
			plan_was = rd_is(c, k, "was");
		}
		/* what the asker wrote before, restated to be replaced: "I wrote 6 nodes, but I want 5", "in the
		 * ticket I typed 16 nodes; the right number is 12", "we put 8 nodes in the form but ..." */
		static const char *const restate[] = {"wrote", "typed", "put", "said", "entered", "mentioned", "gave", NULL};
		static const char *const self[] = {"i", "we", NULL};
		bool restated = rd_is_any(c, i, restate) &&
				((i >= 1 && rd_is_any(c, i - 1, self)) ||
				 (i >= 2 && rd_is_any(c, i - 2, self) && !c->t[i - 2].trail)); /* "I accidentally wrote" */
		bool cue = rd_is_any(c, i, plan) || plan_was || restated || (rd_is(c, i, "at") && rd_is(c, i + 1, "first")) ||
			   ((rd_is(c, i, "was") || rd_is(c, i, "were")) &&
			    (rd_is(c, i + 1, "thinking") || (rd_is(c, i + 1, "going") && rd_is(c, i + 2, "to"))));
		/* "Was going to say 3 hours but 90 min is plenty", "we were going to ask for 8 nodes, but" */
		if (!cue || c->t[i].neg)
			continue;
		size_t e = i;
		bool number = false;
		while (e + 1 < c->n && !rd_sentence_end_after(c, e) && c->t[e].trail != ';' && !rd_is_any(c, e + 1, turn)) {
			e++;
			number = number || (c->t[e].is_num && !c->t[e].num_word);
		}
		if (!number)
			continue;
		for (size_t q = e + 1; q < c->n; q++)
			c->t[q].corr++;
		i = e;
	}
}


/* Whether the text is written in Portuguese: two or more of its common words ("preciso", "por", "horas",
 * "conta", "com", "para"). */
static bool portuguese(const struct ctx *c)
{
	static const char *const words[] = {"preciso", "precisamos", "por", "horas", "hora", "conta", "com", "para", "nós",
					    "nos", "quero", "gostaria", "rodar", "treino", "treinamento", "durante", "em", "nó", "fila", "usando",
					    "treinar", "executar", "duas", "dois", NULL};
	int n = 0;
	for (size_t i = 0; i < c->n && n < 2; i++) {
		/* the word as written: "conta" reads as "account" (data/lexicon's account_words) */
		char w[sizeof(c->t[i].raw)];
		size_t l = 0;
		for (const char *q = c->t[i].raw; *q && l + 1 < sizeof(w); q++)
			w[l++] = (char)tolower((unsigned char)*q);
		w[l] = '\0';
		while (l && strchr(",.;:!?", w[l - 1]))
			w[--l] = '\0';
		n += rd_in_list(w, words);
		/* "nós", "nó": Portuguese's node words, no other language's */
		if (!strcmp(w, "n\u00f3s") || !strcmp(w, "n\u00f3"))
			n = 2;
	}
	return n >= 2;
}

void rd_mark_corrections(struct ctx *c)
{
	const char *const *cues;
	size_t ncues = vocab_list(VL_CORRECTION, &cues);
	int level = 0;
	size_t chat = 0;
	for (size_t i = 0; i < c->n; i++) {
		while (chat < c->nchat_corr && c->t[i].start >= c->chat_corr[chat]) {
			level++; /* the asker of a chat log speaks again */
			chat++;
		}
		c->t[i].corr = level;
		size_t best = i; /* the longest cue starting here ("wait no" over "wait") */
		/* a cue inside a phrase of Chinese, Japanese or Korean, which puts no spaces between words
		 * ("这次请改成", "8ノードに変更"): the phrase is the cue */
		bool cjk = (unsigned char)c->t[i].norm[0] >= 0xE3 && (unsigned char)c->t[i].norm[0] <= 0xED;
		for (size_t q = 0; q < ncues && cjk && best == i; q++)
			if ((unsigned char)cues[q][0] >= 0xE3 && strstr(c->t[i].norm, cues[q]))
				best = i + 1;
		for (size_t q = 0; q < ncues; q++) {
			const char *p = cues[q];
			if (p[0] != c->t[i].norm[0]) /* a cue's first word is this token: most differ in the first byte */
				continue;
			size_t k = i;
			bool ok = true;
			while (*p) {
				size_t l = strcspn(p, " ");
				/* a cue word written with its colon ("fix:", "edit:") is a cue only as a label */
				bool label = l > 1 && p[l - 1] == ':';
				size_t wl = label ? l - 1 : l;
				if (k >= c->n || strlen(c->t[k].norm) != wl || strncmp(c->t[k].norm, p, wl) ||
				    (label && c->t[k].trail != ':')) {
					ok = false;
					break;
				}
				k++;
				p += l;
				while (*p == ' ')
					p++;
			}
			if (ok && k > best)
				best = k;
		}
		/* a bare "no" closing its clause takes back what came before ("2 days? no, 1 day is fine",
		 * "4 nodes, no, 2"); "no FSDP" is a negation, not this */
		bool dash_after = i + 1 < c->n && (!strcmp(c->t[i + 1].raw, "-") || !strcmp(c->t[i + 1].raw, "--") ||
						   !strcmp(c->t[i + 1].raw, "\u2013") || !strcmp(c->t[i + 1].raw, "\u2014"));
		/* (and the same word of other languages: data/lexicon's no_words, "non", "nein", "нет") */
		if (best == i && (rd_is(c, i, "no") || rd_is(c, i, "nope") || rd_is(c, i, "nah") || vocab_in(VL_NO_WORD, c->t[i].norm)) &&
		    (c->t[i].trail == ',' || c->t[i].trail == ':' || c->t[i].trail == ';' || dash_after) &&
		    (i == 0 || c->t[i - 1].trail == '?' || c->t[i - 1].trail == ',' || c->t[i - 1].trail == '.' ||
		     /* "4 nodes (no, 8)": a parenthesis opening on it */
		     c->text[c->t[i].start] == '(' || (c->t[i].start > 0 && c->text[c->t[i].start - 1] == '(') ||
		     rd_sentence_end_after(c, i - 1) ||
		     /* "90 min -- no, debug is 1 h max, so 55 minutes" */
		     !strcmp(c->t[i - 1].raw, "-") || !strcmp(c->t[i - 1].raw, "--") || !strcmp(c->t[i - 1].raw, "\u2013") ||
		     !strcmp(c->t[i - 1].raw, "\u2014") ||
		     /* "five nodes... ugh no, six": an interjection opening the clause */
		     (rd_is_any(c, i - 1, (const char *const[]){"ugh", "uh", "um", "umm", "hmm", "oh", "ah", "argh", "er",
								"err", "erm", "meh", "whoops", "dang", "damn", "hm", NULL}) &&
		      (i == 1 || c->t[i - 2].trail || rd_sentence_end_after(c, i - 2)))))
			best = i + 1 + (dash_after && !c->t[i].trail); /* "prod? no - preemptable" */
		/* "ok 2 nodes then", "okay, 6h": an assent opening its clause with a new value agrees to a change
		 * ("30h is ok" does not; "ok, thanks" states nothing) */
		if (best == i && rd_is_any(c, i, (const char *const[]){"ok", "okay", "alright", "k", NULL}) &&
		    (i == 0 || rd_sentence_end_after(c, i - 1) || rd_newline_between(c, i - 1, i))) {
			bool value = false;
			for (size_t k = i + 1; k < c->n && k <= i + 4 && !value; k++) {
				value = c->t[k].is_num && !c->t[k].num_word;
				if (rd_sentence_end_after(c, k))
					break;
			}
			if (value)
				best = i + 1;
		}
		/* "Could you make me a script with 40 hours instead?": the value right before a closing "instead"
		 * replaces what was said before it (its level raised from the value on) */
		/* ("... but 8 hours this time": the same after a value) */
		bool this_time = i >= 2 && rd_is(c, i, "this") && rd_is(c, i + 1, "time") && c->t[i - 2].is_num &&
				 duration_unit(c->t[i - 1].norm);
		if (this_time) { /* the value and its unit before the cue join its level */
			level++;
			c->t[i - 2].corr = c->t[i - 1].corr = level;
			c->t[i].corr = c->t[i + 1].corr = level;
			c->t[i].corr_cue = c->t[i + 1].corr_cue = true;
			i++;
			continue;
		}
		if (best == i && rd_is(c, i, "instead") && !rd_is(c, i + 1, "of") && i > 0 && !c->t[i - 1].trail) {
			/* the number within the three words before it ("40 hours instead"), else the word right before
			 * it ("I've put it in extended instead") */
			size_t from = i;
			for (size_t k = i; k > 0 && i - k < 3 && !c->t[k - 1].trail && from == i; k--)
				if (c->t[k - 1].is_num)
					from = k - 1;
			if (from == i && isalpha((unsigned char)c->t[i - 1].raw[0]))
				from = i - 1;
			if (from < i) {
				level++;
				for (size_t j = from; j <= i; j++)
					c->t[j].corr = level;
				continue;
			}
		}
		/* "run `make train-delta` but for only 1 node and 2 hours": a "but" after the typed or pasted
		 * command changes what the command states */
		if (best == i && c->cmd_end && rd_is(c, i, "but") && c->t[i].start >= c->cmd_end)
			best = i + 1;
		if (best > i) {
			level++;
			for (size_t j = i; j < best; j++)
				c->t[j].corr = level, c->t[j].corr_cue = true;
			i = best - 1;
		}
	}
	dismiss_judged_values(c);
	supersede_plans(c);
	declined_advice(c);
	/* negations: "no FSDP", "not DeepSpeed", "we tried DeepSpeed but went back to DDP" */
	for (size_t i = 0; i < c->n; i++) {
		size_t span = cue_span(c, i, VL_NEGATION);
		/* "scratch the 64-node plan", "never mind the 32 GPU plan", "ignore the 10h estimate": what follows is
		 * called off (data/lexicon's call_off_cues), up to the clause's end, a duration too */
		size_t off = cue_span(c, i, VL_CALL_OFF);
		if (off && !rd_sentence_end_after(c, i + off - 1)) {
			for (size_t k = i + off, m = 0; k < c->n && m < 4; k++, m++) {
				c->t[k].neg = c->t[k].called_off = true;
				if (c->t[k].trail || rd_sentence_end_after(c, k) || rd_is(c, k + 1, "-") || rd_is(c, k + 1, "--"))
					break;
			}
			for (size_t k = i; k < i + off; k++)
				c->t[k].corr_cue = false;
			i += off - 1;
			continue;
		}
		/* ("Instead of the 4 nodes ..., twice that": "instead" alone, whose count stays a referent) */
		if (span > 1 && !strcmp(c->t[i].norm, "instead"))
			span = 1;
		if (!span || c->t[i].corr_cue)
			continue;
		/* Portuguese "no" is "in the" ("Preciso de 8 GPUs no Anvil por 5 horas"): before a name, in a text
		 * written in Portuguese, it takes nothing back */
		if (span == 1 && !strcmp(c->t[i].norm, "no") && i + 1 < c->n && isupper((unsigned char)c->t[i + 1].raw[0]) &&
		    portuguese(c))
			continue;
		/* a bare "no." or "no," answers what came before ("gh-dev is 2h max, no. stick with gh"), and a cue
		 * that closes its clause ("I trained on Polaris last time; now I want Perlmutter") negates nothing
		 * after it */
		size_t le = i + span - 1;
		if (rd_sentence_end_after(c, le) || c->t[le].trail == ',' || c->t[le].trail == ';')
			continue;
		/* "we planned DeepSpeed, but ..." takes back the plan; "we planned 4 nodes" is a count the
		 * revision logic (supersede_plans) handles */
		if (!strcmp(c->t[i].norm, "planned") && span == 1 && i + 1 < c->n && c->t[i + 1].is_num)
			continue;
		/* "was going to ask 2 nodes x 4 for 48h but 36h is enough": a request planned and revised - what
		 * the revision restates changes (supersede_plans), the rest stands */
		if ((!strcmp(c->t[i].norm, "was") || !strcmp(c->t[i].norm, "were")) && span == 3 &&
		    rd_is_any(c, i + 3, (const char *const[]){"ask", "say", "request", "book", "put", "type", "write", "submit",
							      "get", NULL}))
			continue;
		bool tried = !strcmp(c->t[i].norm, "tried") || !strcmp(c->t[i].norm, "abandoned") ||
			     !strcmp(c->t[i].norm, "dropped") || !strcmp(c->t[i].norm, "were") || !strcmp(c->t[i].norm, "was") ||
			     !strcmp(c->t[i].norm, "planned") || !strcmp(c->t[i].norm, "considered") || !strcmp(c->t[i].norm, "last") ||
			     !strcmp(c->t[i].norm, "started") || !strcmp(c->t[i].norm, "began") || !strcmp(c->t[i].norm, "initially") ||
			     !strcmp(c->t[i].norm, "originally");
		/* "We started with DeepSpeed ZeRO-2 but went back to plain DDP": what a run began with, said of a
		 * framework only ("I started with 2 nodes on Delta, now 4" keeps Delta) */
		bool began = !strcmp(c->t[i].norm, "started") || !strcmp(c->t[i].norm, "began") ||
			     !strcmp(c->t[i].norm, "initially") || !strcmp(c->t[i].norm, "originally");
		if (began && !rd_is_any(c, i + span, (const char *const[]){"deepspeed", "fsdp", "zero", "zero-1", "zero-2",
									      "zero-3", "zero1", "zero2", "zero3", "accelerate",
									      "lightning", "horovod", "megatron", "ddp", NULL}))
			continue;
		/* "I tried our DeepSpeed ZeRO-3 config on 2 nodes last night and it worked": what was tried and kept */
		if (!strcmp(c->t[i].norm, "tried") && tried_and_worked(c, i))
			continue;
		bool instead = !strcmp(c->t[i].norm, "instead") && span == 1;
		if (instead) { /* "DDP instead" affirms; "instead of X" is a two-word cue */
			continue;
		}
		/* the negated words: up to the clause's end ("but", a comma, a sentence end), at most 4 */
		size_t limit = tried ? 6 : 3;
		/* "don't put it in (the) preemptable", "do NOT submit to debug": a verb that places the job first */
		if (!tried && rd_is_any(c, i + span, (const char *const[]){"put", "use", "run", "submit", "send", "place", "give",
									    "schedule", "queue", NULL}))
			limit = 5;
		for (size_t k = i + span, m = 0; k < c->n && m < limit; k++, m++) {
			if (rd_is(c, k, "but") || rd_is(c, k, "and") || rd_is(c, k, "so"))
				break;
			/* "not debug, not prod -- capacity": a dash closes the clause */
			if (m > 0 && rd_is_any(c, k, (const char *const[]){"-", "--", "\u2013", "\u2014", NULL}))
				break;
			/* "A40s rather than A100s on Delta": what is taken back is the GPU, not where the job runs */
			if (m > 0 && (rd_is(c, k, "on") || rd_is(c, k, "at")) && k + 1 < c->n &&
			    (c->t[k + 1].cluster || match_cluster_name_exact(c->repo, c->t[k + 1].norm)) &&
			    (vocab_gpu_model(c->t[k - 1].norm) || is_gpu_unit(c->t[k - 1].norm)))
				break;
			/* "we tried DeepSpeed on Delta but it was slower": the method tried, not where it ran */
			static const char *const methods[] = {"deepspeed", "fsdp", "fsdp2", "ddp", "zero", "zero-1", "zero-2",
							      "zero-3", "zero1", "zero2", "zero3", "accelerate", "lightning",
							      "megatron", "horovod", "jax", "torchrun", "compile", "bf16", "fp16",
							      "fp8", "offload", "offloading", "checkpointing", NULL};
			if (m > 0 && (rd_is(c, k, "on") || rd_is(c, k, "at")) && k + 1 < c->n &&
			    (c->t[k + 1].cluster || match_cluster_name_exact(c->repo, c->t[k + 1].norm)) &&
			    rd_is_any(c, k - 1, methods))
				break;
			c->t[k].neg = true;
			c->t[k].past_run = tried && strcmp(c->t[i].norm, "planned") && strcmp(c->t[i].norm, "considered") &&
					   strcmp(c->t[i].norm, "was") && strcmp(c->t[i].norm, "were");
			if (c->t[k].trail == ',' || c->t[k].trail == ':' || c->t[k].trail == ';' || c->t[k].trail == ')' ||
			    memchr(c->text + c->t[k].start, ')', c->t[k].end - c->t[k].start) || rd_sentence_end_after(c, k))
				break; /* "(not Polaris!) with 3 nodes": the aside ends what it takes back */
		}
	}
}

/* ------------------------------------------------------------------------------------------ */
/* framework and strategy */

void rd_read_framework(struct ctx *c)
{
	struct request *r = c->req;
	int ds = -1, acc = -1, fsdp = -1, ddp = -1, torch = -1, zero = -1;
	int zero_stage = 0;
	long bad_a = -1, bad_b = -1; /* the words of a stage DeepSpeed has not ("ZeRO stage 4", "zero-0", "stage 2.5") */
	bool ds_taken_back = false; /* "NOT deepspeed this time (we dropped it, ZeRO-3 was slower), plain DDP" */
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		if (w[0] == '-' && w[1] == '-' && (!strcmp(w + 2, "fsdp") || !strcmp(w + 2, "deepspeed") || !strcmp(w + 2, "ddp") ||
						   !strcmp(w + 2, "accelerate") || !strncmp(w + 2, "zero", 4)))
			w += 2; /* "--fsdp", "--deepspeed --zero 3" in a flag block */
		if (c->t[i].neg && !strcmp(w, "deepspeed"))
			ds_taken_back = true;
		if (c->t[i].neg) { /* "no FSDP", "we tried DeepSpeed but ..." */
			if (!strcmp(w, "deepspeed") || !strcmp(w, "fsdp") || !strcmp(w, "accelerate") || !strcmp(w, "ddp") ||
			    !strncmp(w, "zero", 4))
				request_reject(c->req, RF_FRAMEWORK, c->t[i].raw, strlen(c->t[i].raw),
					       "taken back by the words before it (\"no ...\", \"tried ... but\")");
			continue;
		}
		/* a class by its module path ("lightning.pytorch.strategies.FSDPStrategy" of a config's class_path,
		 * "torch.distributed.fsdp.FullyShardedDataParallel"): the class */
		const char *last = strrchr(w, '.');
		if (last && last[1] &&
		    (!strncmp(last + 1, "fsdpstrategy", 12) || !strncmp(last + 1, "deepspeedstrategy", 17) ||
		     !strncmp(last + 1, "ddpstrategy", 11) || !strcmp(last + 1, "fullyshardeddataparallel") ||
		     !strcmp(last + 1, "distributeddataparallel")))
			w = last + 1;
		if (!strchr("adfhlpstz", w[0])) /* each word tested below starts with one of these letters */
			continue;
		/* Lightning's strategy names: Trainer(strategy="deepspeed_stage_3_offload"), "fsdp_cpu_offload",
		 * "ddp_spawn", FSDPStrategy(...), DeepSpeedStrategy(stage=2) */
		if (!strncmp(w, "deepspeed_stage_", 16) && w[16] >= '1' && w[16] <= '3') {
			zero_stage = w[16] - '0';
			w = "deepspeed";
		} else if (!strncmp(w, "deepspeedstrategy", 17)) {
			const char *st = strstr(w, "(stage");
			if (st && !st[6] && i + 1 < c->n && c->t[i + 1].is_num && c->t[i + 1].num >= 1 && c->t[i + 1].num <= 3 &&
			    c->t[i + 1].num == (int)c->t[i + 1].num)
				zero_stage = (int)c->t[i + 1].num;
			else if (st && !st[6] && i + 1 < c->n && c->t[i + 1].is_num)
				bad_a = (long)i, bad_b = (long)i + 1;
			w = "deepspeed";
		} else if (!strncmp(w, "fsdpstrategy", 12) || !strncmp(w, "fsdp_", 5)) {
			w = "fsdp";
		} else if (!strncmp(w, "ddpstrategy", 11) || !strcmp(w, "ddp_spawn") || !strcmp(w, "ddp_fork") ||
			   !strcmp(w, "ddp_notebook") || !strncmp(w, "ddp_find_unused", 15)) {
			w = "ddp";
		}
		if (!strcmp(w, "deepspeed") || !strcmp(w, "ds_config") || !strncmp(w, "ds_config", 9) ||
		    (!strcmp(w, "deep") && rd_is(c, i + 1, "speed"))) {
			if (ds < 0)
				ds = (int)i;
		} else if (!strcmp(w, "accel") && (c->t[i].trail == ',' || (i > 0 && c->t[i - 1].trail == ','))) {
			if (acc < 0) /* "delta: 2x4, accel, 3h": an item of a terse list */
				acc = (int)i;
		} else if (!strcmp(w, "accelerate") || !strcmp(w, "accelerate's")) {
			bool verb = i > 0 && (rd_is(c, i - 1, "to") || rd_is(c, i - 1, "will") || rd_is(c, i - 1, "should") ||
					      rd_is(c, i - 1, "can"));
			bool marked = i > 0 && (rd_is(c, i - 1, "hf") || rd_is(c, i - 1, "huggingface") || rd_is(c, i - 1, "face") ||
						rd_is(c, i - 1, "with") || rd_is(c, i - 1, "using") || rd_is(c, i - 1, "via"));
			if (!verb || marked || rd_is(c, i + 1, "launch"))
				if (acc < 0)
					acc = (int)i;
		} else if (!strcmp(w, "fsdp") || !strcmp(w, "fsdp2") || !strcmp(w, "fullyshardeddataparallel") ||
			   !strcmp(w, "fully-sharded") || !strcmp(w, "fully_sharded") ||
			   (!strcmp(w, "fully") && (rd_is(c, i + 1, "sharded") || rd_is(c, i + 1, "shard")))) {
			if (fsdp < 0)
				fsdp = (int)i;
		} else if (!strcmp(w, "ddp") || !strcmp(w, "distributeddataparallel") || !strcmp(w, "data-parallel") ||
			   !strcmp(w, "dataparallel") || !strcmp(w, "data_parallel") ||
			   (!strcmp(w, "data") && rd_is(c, i + 1, "parallel"))) {
			if (ddp < 0 && !(i > 0 && rd_is(c, i - 1, "sharded")))
				ddp = (int)i;
		} else if (!strcmp(w, "torchrun") || !strcmp(w, "pytorch") || !strcmp(w, "torch") ||
			   !strcmp(w, "torch.distributed") || !strncmp(w, "torch.distributed.", 18)) {
			if (torch < 0)
				torch = (int)i;
		} else if (!strncmp(w, "zero", 4) && strcmp(w, "zero") && (w[4] == '-' || w[4] == '_' || isdigit((unsigned char)w[4]) || w[4] == '+')) {
			const char *p = w + 4;
			while (*p == '-' || *p == '_')
				p++;
			int st = isdigit((unsigned char)p[0]) && !isdigit((unsigned char)p[1]) ? p[0] - '0' : -1;
			if (st >= 1 && st <= 3)
				zero_stage = st;
			else if (isdigit((unsigned char)p[0]))
				bad_a = bad_b = (long)i; /* "ZeRO-4", "zero0" */
			else if (!strcmp(p, "stage") && i + 1 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word) {
				/* "--zero_stage 2", "zero_stage: 2" */
				if (c->t[i + 1].num >= 1 && c->t[i + 1].num <= 3 && c->t[i + 1].num == (int)c->t[i + 1].num)
					zero_stage = (int)c->t[i + 1].num;
				else
					bad_a = (long)i, bad_b = (long)i + 1;
			} else if (!strncmp(p, "infinity", 8) || !strncmp(p, "offload", 7) || *p == '+')
				zero_stage = 3;
			if (zero < 0)
				zero = (int)i;
		} else if (w[0] == 'z' && w[1] >= '1' && w[1] <= '3' && !w[2] &&
			   ((i > 0 && (rd_is(c, i - 1, "ds") || rd_is(c, i - 1, "deepspeed"))) || rd_is(c, i + 1, "ds") ||
			    rd_is(c, i + 1, "deepspeed"))) {
			/* "ds z3", "deepspeed z2": ZeRO's stage in the shorthand of terse requests */
			zero_stage = w[1] - '0';
			if (zero < 0)
				zero = (int)i;
			if (ds < 0 && i > 0 && rd_is(c, i - 1, "ds"))
				ds = (int)i - 1;
		} else if (!strcmp(w, "zero")) {
			/* "ZeRO stage 2", "zero 3", "ZeRO-Offload", "ZeRO第2阶段" (第: the ordinal's mark) */
			size_t k = i + 1;
			if (rd_is(c, k, "stage") || rd_is(c, k, "level") || rd_is(c, k, "\u7b2c"))
				k++;
			if (k < c->n && c->t[k].is_num && c->t[k].num >= 1 && c->t[k].num <= 3 && !c->t[k].num_word &&
			    c->t[k].num == (int)c->t[k].num)
				zero_stage = (int)c->t[k].num;
			else if (k > i + 1 && k < c->n && c->t[k].is_num && !c->t[k].num_word)
				bad_a = (long)i, bad_b = (long)k; /* "ZeRO stage 4", "zero level 0" */
			else if (rd_is(c, k, "offload") || rd_is(c, k, "infinity"))
				zero_stage = 3;
			else if (i > 0 && !c->t[i - 1].is_num && ds < 0 && !rd_is(c, k, "stage"))
				continue; /* plain English "zero" */
			if (zero < 0)
				zero = (int)i;
		} else if ((!strcmp(w, "stage") || !strcmp(w, "stage-3") || !strcmp(w, "stage-2") ||
			    !strcmp(w, "stage-1")) && !zero_stage) {
			int st = w[5] == '-' ? w[6] - '0' : 0;
			bool said = !st && i + 1 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word;
			if (said)
				st = c->t[i + 1].num >= 1 && c->t[i + 1].num <= 3 && c->t[i + 1].num == (int)c->t[i + 1].num
					     ? (int)c->t[i + 1].num
					     : 0;
			if (st >= 1 && st <= 3 && (ds >= 0 || zero >= 0 || (i > 0 && rd_is(c, i - 1, "zero")))) {
				zero_stage = st;
			} else if (said && ((ds >= 0 && i == (size_t)ds + 1) || (zero >= 0 && i == (size_t)zero + 1)) && bad_a < 0) {
				/* "deepspeed, stage 7" (right after the name: "DeepSpeed run, stage 4 of our curriculum"
				 * is no ZeRO stage) */
				bad_a = (long)i, bad_b = (long)i + 1;
			}
		} else if (!strcmp(w, "lightning") || !strcmp(w, "pytorch-lightning")) {
			request_warn(r, "PyTorch Lightning is launched like PyTorch DDP: one task per GPU or torchrun; the "
					"script is written for torchrun");
		} else if (!strcmp(w, "horovod")) {
			request_warn(r, "Horovod is not a supported framework; the script is written for PyTorch DDP");
		}
	}
	/* ZeRO mentioned without a stage after we saw "stage N" */
	if (zero_stage == 0 && (ds >= 0 || zero >= 0)) {
		for (size_t i = 0; i + 1 < c->n; i++)
			if (rd_is(c, i, "stage") && c->t[i + 1].is_num && c->t[i + 1].num >= 1 && c->t[i + 1].num <= 3 &&
			    c->t[i + 1].num == (int)c->t[i + 1].num)
				zero_stage = (int)c->t[i + 1].num;
	}
	/* ZeRO is DeepSpeed's: with DeepSpeed taken back and DDP or FSDP said, a ZeRO stage named beside them
	 * is the dropped setup's ("NOT deepspeed this time (we dropped it, ZeRO-3 was slower), plain DDP") */
	if (ds_taken_back && ds < 0 && zero >= 0 && (ddp >= 0 || fsdp >= 0))
		zero = -1, zero_stage = 0;
	/* a correction replaces what it contradicts ("FSDP ... on second thought DDP is enough") */
#define LV(x) ((x) >= 0 ? c->t[(x)].corr : -1)
	if (fsdp >= 0 && ddp >= 0 && LV(fsdp) != LV(ddp))
		*(LV(fsdp) < LV(ddp) ? &fsdp : &ddp) = -1;
	int dsl = LV(ds) > LV(zero) ? LV(ds) : LV(zero), ptl = LV(fsdp) > LV(ddp) ? LV(fsdp) : LV(ddp);
	if (dsl >= 0 && ptl >= 0 && dsl != ptl) {
		if (dsl < ptl)
			ds = zero = -1, zero_stage = 0;
		else
			fsdp = ddp = -1;
	}
	if (acc >= 0 && LV(acc) < (LV(torch) > ptl ? LV(torch) : ptl))
		acc = -1; /* "Accelerate ... actually plain torchrun" */
#undef LV
	c->zero_words = zero_stage != 0;
	/* a stage DeepSpeed has not, and none it has: rules_apply names it in an error (never a default stage) */
	if (zero_stage == 0 && bad_a >= 0 && (ds >= 0 || zero >= 0)) {
		size_t len = c->t[bad_b].end - c->t[bad_a].start;
		while (len > 1 && strchr(",.;:", c->text[c->t[bad_a].start + len - 1]))
			len--;
		request_reject(r, RF_STRATEGY, c->text + c->t[bad_a].start, len, REQUEST_BAD_ZERO_STAGE);
	}
	int fw_at = -1, st_at = -1;
	if (acc >= 0) {
		r->framework = FW_ACCELERATE;
		fw_at = acc;
		if (ds >= 0 || zero >= 0) {
			r->strategy = zero_stage == 1 ? ST_ZERO1 : zero_stage == 2 ? ST_ZERO2 : ST_ZERO3;
			st_at = zero >= 0 ? zero : ds;
		} else if (fsdp >= 0) {
			r->strategy = ST_FSDP;
			st_at = fsdp;
		} else if (ddp >= 0) {
			r->strategy = ST_DDP;
			st_at = ddp;
		}
	} else if (ds >= 0 || zero >= 0) {
		r->framework = FW_DEEPSPEED;
		fw_at = ds >= 0 ? ds : zero;
		if (zero_stage) {
			r->strategy = zero_stage == 1 ? ST_ZERO1 : zero_stage == 2 ? ST_ZERO2 : ST_ZERO3;
			st_at = zero >= 0 ? zero : fw_at;
		}
		if (fsdp >= 0)
			request_warn(r, "both DeepSpeed and FSDP are named; DeepSpeed ZeRO is used (say \"Accelerate with "
					"FSDP\" or \"PyTorch FSDP\" for FSDP)");
	} else if (fsdp >= 0 || ddp >= 0 || torch >= 0) {
		r->framework = FW_PYTORCH;
		fw_at = torch >= 0 ? torch : fsdp >= 0 ? fsdp : ddp;
		if (fsdp >= 0) {
			r->strategy = ST_FSDP;
			st_at = fsdp;
		} else if (ddp >= 0) {
			r->strategy = ST_DDP;
			st_at = ddp;
		}
	}
	if (fw_at >= 0)
		rd_set_from_toks(c, RF_FRAMEWORK, (size_t)fw_at, (size_t)fw_at);
	if (st_at >= 0)
		rd_set_from_toks(c, RF_STRATEGY, (size_t)st_at,
			      (size_t)st_at + ((zero_stage && st_at == zero && rd_is(c, (size_t)zero + 1, "stage")) ? 2 : 0));
}

/* "Still deciding between 8 and 16 nodes", "not sure if 2 or 4 nodes", "either 32 or 64 GPUs, what would
 * you suggest?": a choice of counts the user has not made. Its numbers are not statements (no reader
 * takes them) and the node count is asked back unless another sentence settles it. Runs before the count
 * readers. */
void rd_read_count_choice(struct ctx *c)
{
	static const char *const open_words[] = {"deciding", "decide", "decided", "undecided", "unsure", "torn", "either",
						 "choose", "choosing", "suggest", "recommend", "advise", "whichever", NULL};
	static const char *const joins[] = {"and", "or", "to", "vs", "versus", NULL};
	for (size_t i = 0; i + 3 < c->n; i++) {
		struct tok *a = &c->t[i], *b = &c->t[i + 2];
		const char *unit = c->t[i + 3].norm;
		if (!a->is_num || a->num_word || !b->is_num || b->num_word || !rd_is_any(c, i + 1, joins) || a->used || b->used ||
		    a->source || a->num == b->num || !(is_node_unit(unit) || is_gpu_unit(unit) || !strcmp(unit, "gpu")))
			continue;
		/* a word leaving it open in the same sentence */
		size_t s0 = i;
		while (s0 > 0 && !rd_sentence_end_after(c, s0 - 1))
			s0--;
		bool open = false;
		for (size_t k = s0; k < c->n && !open; k++) {
			open = rd_is_any(c, k, open_words) || (rd_is(c, k, "not") && rd_is(c, k + 1, "sure"));
			if (k >= i + 3 && rd_sentence_end_after(c, k))
				break;
		}
		if (!open)
			continue;
		a->used = b->used = c->t[i + 3].used = true;
		c->req->nodes_undecided = true;
		i += 3;
	}
	/* "not sure yet whether I'll do a 1-node smoke test or go straight to 4 nodes", "either 2 nodes or
	 * 4 nodes, I haven't decided": node counts with their units on both sides of an "or", in a sentence
	 * that leaves the choice open */
	for (size_t s0 = 0; s0 < c->n;) {
		size_t s1 = s0;
		while (s1 + 1 < c->n && !rd_sentence_end_after(c, s1))
			s1++;
		bool open = false, alt = false;
		size_t cnt[8], ncnt = 0;
		int first = -1;
		for (size_t k = s0; k <= s1; k++) {
			open = open || rd_is_any(c, k, open_words) || rd_is(c, k, "whether") ||
			       (rd_is(c, k, "not") && rd_is(c, k + 1, "sure"));
			if ((rd_is(c, k, "or") || rd_is(c, k, "vs") || rd_is(c, k, "versus")) && ncnt > 0)
				alt = true;
			const struct tok *t = &c->t[k];
			if (t->used || t->source || t->neg)
				continue;
			size_t d = strspn(t->norm, "0123456789");
			bool glued = d > 0 && d <= 6 && !strcmp(t->norm + d, "-node"); /* "a 1-node smoke test" */
			bool unit = t->is_num && !t->num_word && k + 1 <= s1 && is_node_unit(c->t[k + 1].norm);
			if ((glued || unit) && ncnt < 8 && (ncnt == 0 || alt)) {
				int v = glued ? atoi(t->norm) : rd_as_count(t->num);
				if (first < 0)
					first = v;
				if (ncnt == 0 || v != first)
					cnt[ncnt++] = k;
			}
		}
		if (open && alt && ncnt >= 2) {
			for (size_t q = 0; q < ncnt; q++) {
				c->t[cnt[q]].used = true;
				if (c->t[cnt[q]].is_num && cnt[q] + 1 < c->n)
					c->t[cnt[q] + 1].used = true;
			}
			c->req->nodes_undecided = true;
		}
		s0 = s1 + 1;
	}
}

/* The node count left open: the one read so far (if any) is withdrawn with why, and a GPU total read at
 * a rank up to total_upto with it (one of the node count's own making). */
static void withdraw_nodes(struct ctx *c, size_t a, size_t b, const char *why, enum rank total_upto)
{
	c->req->nodes_undecided = true;
	if (c->nodes) {
		rd_reject_span(c, RF_NODES, a, b, RK_PROSE, why);
		c->nodes = 0, c->nodes_rank = RK_NONE;
		free(c->req->from[RF_NODES]);
		c->req->from[RF_NODES] = NULL;
	}
	if (c->total_rank <= total_upto && c->total) {
		c->total = 0, c->total_rank = RK_NONE;
		free(c->req->from[RF_TOTAL_GPUS]);
		c->req->from[RF_TOTAL_GPUS] = NULL;
	}
}

/* "Node count is TBD", "I haven't decided how many nodes yet", "I'll decide the node count after the
 * scaling test": the user leaves the node count open, so it is asked back rather than defaulted (a
 * count of nodes said elsewhere still counts). */
void rd_read_node_deferral(struct ctx *c)
{
	static const char *const open_words[] = {"tbd", "tba", "undecided", "decide", "decided", "deciding", "unsure",
						 "determined", "determine", "pending", "open", "unknown", "unclear", "sure", "figure",
						 "later", "settle", "tbc",
						 /* "number of nodes depends on the next scaling test" */
						 "depends", "depending", NULL};
	/* a node count the request states itself stands, unless the deferral corrects it ("4 nodes -- no
	 * wait, I don't know yet how many"); one of another system's script does not ("same as this Aurora
	 * script, but I'll figure out the node count later") */
	bool weak = c->nodes_rank <= RK_PASTED;
	/* "Vista please, scale it up!", "scale it up on Polaris": a bigger job asked with no size of its own
	 * (a count the request states itself, or a total, settles it; a pasted program's does not) */
	for (size_t i = 0; i + 1 < c->n; i++) {
		bool up = rd_is(c, i, "scale") &&
			  (rd_is(c, i + 1, "up") ||
			   ((rd_is(c, i + 1, "it") || rd_is(c, i + 1, "this") || rd_is(c, i + 1, "that")) && rd_is(c, i + 2, "up")));
		if (!up || c->t[i].source || c->t[i].neg || (c->nodes && !weak) || c->total_rank >= RK_PROSE ||
		    rd_is(c, i + (rd_is(c, i + 1, "up") ? 2 : 3), "later"))
			continue;
		withdraw_nodes(c, i, i, "a bigger job is asked, of no size yet", RK_PASTED);
		return;
	}
	/* "train across multiple nodes like this one", "over several nodes, not sure how many yet": more than
	 * one node asked with no number; a count of one node read elsewhere (the node a pasted listing comes
	 * from, "that's one Delta node") or a pasted job's count does not answer it */
	for (size_t i = 0; i + 1 < c->n; i++) {
		size_t u = i + 1;
		bool plural = rd_is(c, i, "multiple") || rd_is(c, i, "several") ||
			      ((rd_is(c, i, "few") || rd_is(c, i, "handful")) && i > 0 && rd_is(c, i - 1, "a"));
		if (rd_is(c, i, "handful") && rd_is(c, u, "of"))
			u++;
		if (!plural || !is_node_unit(rd_norm_at(c, u)) || c->t[i].source || c->t[u].source ||
		    c->t[i].neg || c->t[i].used || (i > 0 && c->t[i - 1].is_num && !rd_is(c, i - 1, "a")))
			continue;
		if (c->nodes > 1 && !weak)
			break; /* "several nodes - 4 should do" */
		if (c->total_rank >= RK_PROSE && (!c->gpn || c->total > c->gpn))
			break; /* "32 GPUs over several nodes": the nodes follow */
		if (c->nodes)
			withdraw_nodes(c, i, u, "more than one node is asked, of no number yet", RK_PROSE);
		c->req->nodes_undecided = true;
		return;
	}
	for (size_t i = 0; i < c->n; i++) {
		bool ref = (is_node_unit(c->t[i].norm) && (rd_is(c, i + 1, "count") || rd_is(c, i + 1, "number"))) ||
			   (i >= 2 && is_node_unit(c->t[i].norm) && rd_is(c, i - 1, "of") && rd_is(c, i - 2, "number")) ||
			   (i >= 2 && is_node_unit(c->t[i].norm) && rd_is(c, i - 1, "many") && rd_is(c, i - 2, "how"));
		/* "I don't know yet how many" right after a node count */
		/* ("Fewer nodes; I haven't decided how many yet": right after the node word) */
		bool nodes_before = c->nodes;
		for (size_t k = i; k-- > 0 && k + 12 >= i && !nodes_before;)
			nodes_before = is_node_unit(c->t[k].norm) && !c->t[k].source;
		bool how_many = i >= 1 && nodes_before && rd_is(c, i, "many") && rd_is(c, i - 1, "how") &&
				!is_gpu_unit(rd_norm_at(c, i + 1)) && !rd_is(c, i + 1, "gpu");
		if ((!ref && !how_many) || c->t[i].source)
			continue;
		/* a count stated by the request itself yields only to a deferral that corrects it (or that holds
		 * it: "node count depends on how the 2-node run scales") */
		size_t se = i;
		while (se + 1 < c->n && !rd_sentence_end_after(c, se))
			se++;
		bool held = c->nodes_at > i + 1 && c->nodes_at - 1 <= se;
		if (c->nodes && !weak && 2 * c->t[i].corr <= c->nodes_corr && !held)
			continue;
		/* a word leaving it open in the same sentence, before or after */
		size_t a = i;
		while (a > 0 && i - a < 8 && !rd_sentence_end_after(c, a - 1))
			a--;
		for (size_t k = a; k < c->n && k < i + 10; k++) {
			/* ("I still have to work out how many nodes", "still working out the node count") */
			bool work_out = (rd_is(c, k, "work") || rd_is(c, k, "working") || rd_is(c, k, "worked")) && rd_is(c, k + 1, "out");
			if (rd_is_any(c, k, open_words) || work_out || (how_many && (rd_is(c, k, "know") || rd_is(c, k, "idea")))) {
				c->req->nodes_undecided = true;
				if (c->nodes) { /* withdrawn: asked back */
					rd_reject_span(c, RF_NODES, i, i, RK_PROSE, "left open later in the request");
					c->nodes = 0;
					c->nodes_rank = RK_NONE;
					if (c->total_rank <= RK_PASTED || c->gpn) {
						c->total = 0, c->total_rank = RK_NONE;
						free(c->req->from[RF_TOTAL_GPUS]);
						c->req->from[RF_TOTAL_GPUS] = NULL;
					}
					if (c->gpn_rank <= RK_PASTED) {
						c->gpn = 0, c->gpn_rank = RK_NONE;
						free(c->req->from[RF_GPUS_PER_NODE]);
						c->req->from[RF_GPUS_PER_NODE] = NULL;
					}
					free(c->req->from[RF_NODES]);
					c->req->from[RF_NODES] = NULL;
				}
				return;
			}
			if (k > i && rd_sentence_end_after(c, k))
				break;
		}
	}
}
