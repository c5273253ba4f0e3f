/* textdist.h - edit distance between short words (typo-tolerant name matching). */
#ifndef MAPLE_TEXTDIST_H
#define MAPLE_TEXTDIST_H

/* Optimal string alignment distance (Damerau-Levenshtein with adjacent transpositions). */
int edit_distance(const char *a, const char *b);
/* The same, but gives up early: returns max + 1 as soon as the distance must exceed max. */
int edit_distance_within(const char *a, const char *b, int max);

#endif
