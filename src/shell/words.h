/* words.h - shell words as a POSIX shell reads them (quotes removed), keeping apart the parts
 * that must stay live at run time (variables, a leading ~) from literal text, so that the
 * synthesizer can write them back safely. */
#ifndef MAPLE_SHELL_WORDS_H
#define MAPLE_SHELL_WORDS_H

#include "../util/strbuf.h"

#include <stdbool.h>
#include <stddef.h>

enum shseg_kind {
	SEG_LIT,   /* literal text */
	SEG_VAR,   /* $NAME or ${NAME}: expands at run time */
	SEG_TILDE, /* a leading unquoted ~ (home directory) */
};

struct shseg {
	enum shseg_kind kind;
	char *text; /* literal text, or the variable name */
};

enum {
	SHW_QUOTED = 1 << 0,	   /* some part of the word was quoted */
	SHW_META = 1 << 1,	   /* an unquoted ; | & < > ( ) was kept as literal text */
	SHW_SUBST = 1 << 2,	   /* $(...), `...` or ${...} with operators was kept as literal text */
	SHW_UNTERMINATED = 1 << 3, /* a quote was never closed; the rest was taken literally */
	SHW_SPLIT = 1 << 4,	   /* set by a caller: a lone unquoted $VAR of a job script, whose value the
				      script meant to be split into words ($ARGS); written back unquoted */
	SHW_ARRAY_VALUE = 1 << 16, /* set by the script reader: the value of an array assignment NAME=(a b c),
				      its elements' raw texts joined by spaces */
};

struct shword {
	struct shseg *segs;
	size_t nsegs;
	char *value; /* the word after quote removal, variables written as $NAME / ${NAME} */
	char *raw;   /* the word exactly as it stood in the source */
	unsigned flags;
	size_t start, end; /* byte offsets of raw in the source */
	/* A word read by the lexer holds segs, their texts, value and raw in this one allocation
	 * (block_len bytes); NULL otherwise. A field replaced later is its own allocation and is freed
	 * on its own: change a field only through the functions below, never with free() on it. */
	char *block;
	size_t block_len;
};

struct shwords {
	struct shword *v;
	size_t nr, alloc;
};

void shwords_init(struct shwords *ws);
void shwords_release(struct shwords *ws);
/* Moves w into ws (ws owns it afterwards). */
void shwords_push(struct shwords *ws, struct shword *w);
/* Appends a word made of literal text. */
void shwords_push_literal(struct shwords *ws, const char *text);
/* Makes w the literal word text (w owns it; release it with shword_release). */
void shword_init_literal(struct shword *w, const char *text);
void shwords_copy(struct shwords *dst, const struct shwords *src);
/* A deep copy of one word into dst (dst owns it). */
void shword_copy(struct shword *dst, const struct shword *src);
void shword_release(struct shword *w);

/* Reads the next word of s[*pos..len) into w, skipping blanks (space, tab; newlines too when
 * newline_is_blank). Returns 1 when a word was read, 0 at the end. An unquoted newline ends a word. */
int shlex_next(const char *s, size_t len, size_t *pos, struct shword *w, bool newline_is_blank);
/* Like shlex_next (newlines end words and are not blank) but an unquoted ; | & < > ( ) ends the
 * word instead of joining it, as a shell reading a script does, and $1..$9 and $* are the script's
 * arguments; returns 0 (pos on the operator) when the next thing is an operator. */
int shlex_word(const char *s, size_t len, size_t *pos, struct shword *w);
/* Like shlex_next (newlines end words) for a value a job script assigns (NAME=VALUE): $1..$9 and $*
 * are the script's arguments there, as they are for shlex_word; elsewhere only "$@" is (a request's
 * "$100" is text). */
int shlex_value(const char *s, size_t len, size_t *pos, struct shword *w);
/* Splits all of s into words. */
void shlex_split(const char *s, size_t len, struct shwords *out);

/* Replaces w's raw text with raw (malloc'd; w owns it afterwards). */
void shword_set_raw(struct shword *w, char *raw);

/* Renames variable segment k of w (a SEG_VAR) to name, in its value and raw text too. */
void shword_rename_var(struct shword *w, size_t k, const char *name);
/* Every $OLD and ${OLD} of w (inside its command substitutions too) written as name. */
void shword_rename_text(struct shword *w, const char *old, const char *name);

/* Every expansion of variable name in w - $NAME, ${NAME}, ${NAME:-x} (and -, :=, =), a bare NAME inside
 * $(( )) - outside single quotes written as the literal text instead (a number, "32": `$(( NAME / 8 ))`
 * becomes `$(( 32 / 8 ))`), w read again from its new raw text. False (w unchanged) when w has no raw text,
 * is an array assignment's value, names no such expansion or is no longer one word. */
bool shword_var_to_text(struct shword *w, const char *name, const char *text);
/* The same for shell text of several words or lines (a step a port carries): a new string, or NULL when text
 * names no such expansion. */
char *sh_var_to_text(const char *text, const char *name, const char *value);

/* Writes w as shell text that a POSIX shell reads back as the same word, with variables and a
 * leading ~ still expanding and nothing else interpreted. With allow_shell, a word that carried
 * ; | & redirections or substitutions is written back exactly as the user wrote it. */
void shword_quote(const struct shword *w, struct strbuf *out, bool allow_shell);
/* Quotes a plain literal string for the shell (no expansion at all): bare when every byte is safe, else
 * in single quotes, or as $'...' with \xNN escapes when it holds control bytes (other than tab and
 * newline), DEL, C1 controls or invalid UTF-8, so that a script stays printable UTF-8 text. */
void sh_quote_literal(const char *s, struct strbuf *out);
/* Re-quotes text so that it can stand inside a single-quoted string ('...'). */
void sh_escape_for_single_quotes(const char *s, size_t len, struct strbuf *out);

#endif
