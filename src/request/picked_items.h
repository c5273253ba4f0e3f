/* picked_items.h - the items of a list of runs, configs, commands or stages (picked_shapes.c finds them
 * and their names and sizes; picked_items.c reads which one the writer picks and rewrites the text).
 * Private to those two files. */
#ifndef MAPLE_PICKED_ITEMS_H
#define MAPLE_PICKED_ITEMS_H

#include <stdbool.h>
#include <stddef.h>

#define MAX_ITEMS 16
#define MAX_NAMES 4

enum item_kind { IK_DASH, IK_NUMBERED, IK_LABEL, IK_JSON, IK_COMMAND, IK_CSV, IK_PROSE };

struct item {
	size_t a, b;	/* the item's text[a, b) */
	size_t body;	/* where its content starts (after the marker and label) */
	char names[MAX_NAMES][40]; /* lower case, '-', '_' and ' ' dropped ("stage3", "b", "train") */
	int nnames;
	int nodes, gpus, minutes; /* its sizes, 0 when not stated */
	bool program;		  /* it names a program file (".py", ".sh") */
	bool runs;		  /* it holds a command to run ("command: tensorboard ...", "shell: ...") */
	size_t span_a[3], span_b[3]; /* where it states its nodes, GPUs, time ("nodes: 8", "10h") */
	size_t lab_a, lab_b;	     /* a heading's words over a command ("Variant 2: FSDP"), when it has one */
	bool lab_sized;		     /* they state a size ("## 8-GPU server", "# one node, 4 GPUs") */
};

struct group {
	enum item_kind kind;
	struct item it[MAX_ITEMS];
	int n;
	size_t a, b; /* the whole group's span (a JSON container: the container) */
	bool joined; /* two runs joined by "and" in prose (picked_prose.c): left open when none is picked */
};

/* Line helpers: the end of the line at a; its indentation; whether it holds only blanks. */
size_t pk_line_end(const char *s, size_t a, size_t len);
size_t pk_indent_of(const char *s, size_t a, size_t e);
bool pk_blank_line(const char *s, size_t a, size_t e);
/* A byte of a word (letters, digits, '_', '-', '.', UTF-8). */
bool pk_wordch(int c);
/* A name normalised into dst: lower case, without '-', '_', ' ' and quotes ("Stage-3" -> "stage3"). */
void pk_norm_name(char *dst, size_t cap, const char *s, size_t n);
/* The size a unit word names: 1 nodes, 2 GPUs, 3 hours, 4 minutes, 0 none. */
int pk_unit_kind(const char *w, size_t n);
/* The end of the JSON value or container opened at s[p]; 0 when it does not close. */
size_t pk_json_close(const char *s, size_t p, size_t len);
/* Does the line s[a, e) run a command (python, torchrun, srun, sbatch, qsub, "jid=$(sbatch ...)")? */
bool pk_command_line(const char *s, size_t a, size_t e);

/* ---- the writer's words and the pick they make (picked_items.c, picked_rules.c) ---- */

#define NONE_PICKED (-3) /* the writer sets every item aside */
#define SEVERAL_PICKED (-4) /* the writer's words fit two or more items and no fewer: which one is open */

struct word {
	size_t a, b;
};

struct pick {
	int item;	   /* -1 none yet, -2 two disagree */
	size_t a[4], b[4]; /* the words that picked it */
	int nw;
	unsigned excluded; /* items the writer sets aside ("not the smoke test"), one bit each */
	size_t xa[4], xb[4]; /* the words that set them aside */
	int nx;
	bool several;	   /* words that fit two or more items, not all ("the run with lr 3e-4" twice) */
};

/* A vote for item (words text[a, b) picked it). */
void pk_vote(struct pick *pk, int item, size_t a, size_t b);
/* Item set aside by the words text[a, b). */
void pk_exclude(struct pick *pk, int item, size_t a, size_t b);
/* Is w the word lit (case-insensitive)? */
bool pk_weq(const char *s, const struct word *w, const char *lit);
/* Is w a noun naming a listed item (data/lexicon's item_nouns: "row", "one", "config")? */
bool pk_item_noun(const char *s, const struct word *w);
/* Does the item hold the token tok as a whole word (an option's leading dashes ignored)? */
bool pk_item_has_token(const char *s, const struct item *it, const char *tok, size_t n);
/* Do the words before w[i] (past "the", "one", "that", "is") set it aside ("not the", "skip", "anything
 * but"; data/lexicon's pick_exclusions)? *from where those words start. */
bool pk_set_aside(const char *s, const struct word *w, int i, size_t *from);
/* The picks the words w[0, nw) make by place beyond "the second one" ("row 2", "config #3", "the
 * second-to-last", "the one in the middle", "number two"), by a value of any field ("the run with lr
 * 3e-4", "the one where model is convnext", "the lion run"), by a property ("the single-node one", "the
 * one with the most nodes", "the biggest one under 4 nodes", "the biggest one that fits in the debug queue"
 * of the one cluster s names, its limits from repo) and by relation ("the step
 * after preprocessing", "the job between prep and eval"), voted or set aside in *pk. */
struct repo;
void pk_resolve_more(const char *s, size_t len, const struct group *g, const struct word *w, int nw, const struct repo *repo,
		     struct pick *pk);

/* The next group of two or more items of a shape from text[from] on, in *g: 1 found, 0 none. */
int pk_find_marked(const char *s, size_t len, size_t from, struct group *g, bool numbered);
int pk_find_labelled(const char *s, size_t len, size_t from, struct group *g);
int pk_find_commands(const char *s, size_t len, size_t from, struct group *g);
int pk_find_csv(const char *s, size_t len, size_t from, struct group *g);
int pk_find_json(const char *s, size_t len, size_t from, struct group *g);
/* picked_prose.c: a pipeline's stages told in prose ("Step one runs prep.py ... Step two runs ...", "first
 * prep.py on 1 node, then train.py on 8 nodes, and finally eval.py"). */
int pk_find_prose(const char *s, size_t len, size_t from, struct group *g);
/* The cells of a CSV line s[a, e) split on sep (a quoted cell may hold it): their starts and ends in
 * ca, cb (at most cap); returns their number. */
int pk_csv_cells(const char *s, size_t a, size_t e, char sep, size_t *ca, size_t *cb, int cap);
/* Fills each item's names, program and sizes from its text. */
void pk_describe(const char *s, struct group *g);

#endif
