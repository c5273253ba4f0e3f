/* picked_loop.h - a loop, a job array or a sweep that runs one job per value, and the value the writer
 * picks (picked_loop.c: shell for-loops; picked_sweeps.c: Slurm/PBS/SGE job arrays, Hydra multiruns, GNU
 * parallel lines). Private to those two files. */
#ifndef MAPLE_PICKED_LOOP_H
#define MAPLE_PICKED_LOOP_H

#include <stdbool.h>
#include <stddef.h>

#define MAX_VALUES 32

struct loop {
	size_t a, b;	       /* the construct's text: "for" .. "done", the array's lines, the sweep's line */
	size_t body_a, body_b; /* a for-loop's body */
	char var[32];	       /* the loop's variable; a sweep's key ("model" of "model=small,large") */
	char alias[2][32];     /* other words that name a value before it ("task 2", "fold 3" of "--fold $ID") */
	char val[MAX_VALUES][40];
	int nval;
};

/* The value the words outside l pick (after its variable or an alias, before a noun of data/lexicon's
 * item_nouns, or a value that is no plain number after "the", "only", "just"): its index, -1 none or
 * several; *pa, *pb the words that picked it. */
int pk_pick_value(const char *s, size_t len, const struct loop *l, size_t *pa, size_t *pb);
/* Adds the values of the shell array name ("seeds=(11 22 33)", set anywhere in s) to l. */
void pk_array_values(const char *s, size_t len, const char *name, struct loop *l);
/* A job array, a Hydra multirun or a GNU parallel line in s with one value picked, rewritten as the one
 * job that value runs (a new string, *out_len its length), or NULL. */
char *pk_pick_sweep_value(const char *s, size_t len, size_t *out_len);

#endif
