/* program.h - the training program inside a request, shared by its four files: spans.c (where the command
 * and the script word are), program_args.c (the arguments typed after it), marked_args.c (arguments named
 * apart from it) and find_program.c (rd_find_command, declared in reader.h, which ties them together). */
#ifndef MAPLE_REQUEST_PROGRAM_H
#define MAPLE_REQUEST_PROGRAM_H

#include "reader.h"
#include "vocab.h"

#include <stdbool.h>
#include <stddef.h>

/* spans.c: whether s[0, len) ends in ".py" (any case). */
bool rd_ends_with_py(const char *s, size_t len);
/* spans.c: the length of the longest phrase of list l that s[0, n) starts with (any case), followed by one
 * of the characters of followers; 0 when none. */
size_t rd_phrase_at(const char *s, size_t n, enum vlist l, const char *followers);
/* spans.c: the first "`...`", quoted or parenthesised span of the text that holds a python command (a .py
 * word or a launcher), its inside in [*a, *b); false when none. */
bool rd_find_code_span(const struct ctx *c, size_t *a, size_t *b);
/* spans.c: the start of the script word in [a, b) of the text, its end in *wend; (size_t)-1 when none. A
 * quoted path ('my dir/train.py') or one with escaped blanks is one word. */
size_t rd_find_script(const struct ctx *c, size_t a, size_t b, size_t *wend);
/* spans.c: where the text after from takes back what came before: the end of the first strong
 * correction cue ("scratch that", "actually", "correction:"), 0 when none. */
size_t rd_correction_after(const struct ctx *c, size_t from);

/* program_args.c: reads the script's arguments from text[pos, end) into args: shell words until the
 * writer's prose resumes, or, in a closed span, every word to its end. closed_span: 2 a delimited span
 * (backticks, quotes, parentheses), 1 a form's value, 0 prose; script_by_flag: the script was named by
 * maple's own flag ("--script train.py"), so a later flag naming one of maple's fields ends them. Returns
 * where the arguments read end. */
size_t rd_read_args(struct ctx *c, size_t pos, size_t end, struct shwords *args, int closed_span, bool script_by_flag);
/* program_args.c: whether w reads as a positional value: quoted, shell text, a number, a path, an
 * assignment, a variable or a home path. */
bool rd_looks_positional(const struct shword *w);
/* program_args.c: drops a sentence-ending '.', ',' or ';' glued to w; true when w ended a sentence. */
bool rd_strip_sentence_end(struct shword *w);
/* program_args.c: whether w is a flag that names one of maple's fields ("--account", "--time=2h"). */
bool rd_maple_field_flag(const struct shword *w);
/* program_args.c: whether the word before text[s] is maple's flag that names the program ("--script"). */
bool rd_after_script_flag(const struct ctx *c, size_t s);

/* marked_args.c: the script's arguments named by a marker word or a verb that hands them over, anywhere in
 * the text ("my arguments are --dataset beans", "give it --res 512"); what is read is blanked. */
void rd_read_marked_args(struct ctx *c);
/* marked_args.c: flags named again after a word that changes or adds them ("but with --lr 1e-4", "change
 * --epochs to 20", "plus --amp") edit the arguments already read; what is applied is blanked. */
void rd_edit_args(struct ctx *c);

#endif
