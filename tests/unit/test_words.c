/* test_words.c - src/shell/words.c: the shell lexer and the safe writer, including a
 * property test that runs every quoted word through a real bash. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "shell/words.h"
#include "util/strbuf.h"

#include "testutil.h"

extern char **environ;

/* Lexes exactly one word from s (asserting there is one). */
static void lex1(const char *s, struct shword *w)
{
	size_t pos = 0;
	assert_int_equal(shlex_next(s, strlen(s), &pos, w, true), 1);
}

static char *quote_of(const struct shword *w, bool allow_shell)
{
	struct strbuf sb = STRBUF_INIT;
	shword_quote(w, &sb, allow_shell);
	return strbuf_detach(&sb);
}

/* ---- lexer ----------------------------------------------------------------------------------- */

static void lex_plain_word(void **state)
{
	(void)state;
	struct shword w;
	lex1("  train.py  ", &w);
	assert_string_equal(w.value, "train.py");
	assert_string_equal(w.raw, "train.py");
	assert_int_equal(w.flags, 0);
	assert_int_equal(w.nsegs, 1);
	assert_int_equal(w.segs[0].kind, SEG_LIT);
	assert_string_equal(w.segs[0].text, "train.py");
	assert_int_equal(w.start, 2);
	assert_int_equal(w.end, 10);
	shword_release(&w);
}

static void lex_quotes_and_escapes(void **state)
{
	(void)state;
	static const struct {
		const char *in, *value;
		unsigned flags;
	} cases[] = {
		{"'a b'", "a b", SHW_QUOTED},
		{"\"a b\"", "a b", SHW_QUOTED},
		{"a\\ b", "a b", SHW_QUOTED},
		{"\"a\\\"b\"", "a\"b", SHW_QUOTED},
		{"\"a\\\\b\"", "a\\b", SHW_QUOTED},
		{"\"a\\nb\"", "a\\nb", SHW_QUOTED},	   /* \n is not an escape inside "" */
		{"'a\\b'", "a\\b", SHW_QUOTED},		   /* nothing escapes inside '' */
		{"'it'\\''s'", "it's", SHW_QUOTED},	   /* the classic '\'' idiom */
		{"--lr='3e-4'", "--lr=3e-4", SHW_QUOTED},  /* quotes inside a word */
		{"\"$\"", "$", SHW_QUOTED},		   /* lone dollar */
		{"''", "", SHW_QUOTED},
		{"\"\\$HOME\"", "$HOME", SHW_QUOTED},	   /* escaped $: literal */
		{"'$HOME'", "$HOME", SHW_QUOTED},
		{"a\\;b", "a;b", SHW_QUOTED},		   /* escaped ; is not META */
		{"'a;b'", "a;b", SHW_QUOTED},
		{"\"a|b&c\"", "a|b&c", SHW_QUOTED},
		{"trailing\\", "trailing\\", 0},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct shword w;
		lex1(cases[i].in, &w);
		if (strcmp(w.value, cases[i].value) || w.flags != cases[i].flags)
			fail_msg("lex [%s]: value [%s] flags %u, want [%s] flags %u", cases[i].in, w.value, w.flags,
				 cases[i].value, cases[i].flags);
		assert_string_equal(w.raw, cases[i].in);
		/* no variable segments in any of these */
		for (size_t k = 0; k < w.nsegs; k++)
			assert_int_equal(w.segs[k].kind, SEG_LIT);
		shword_release(&w);
	}
}

static void lex_variables_stay_live(void **state)
{
	(void)state;
	struct shword w;
	lex1("$HOME/data", &w);
	assert_int_equal(w.nsegs, 2);
	assert_int_equal(w.segs[0].kind, SEG_VAR);
	assert_string_equal(w.segs[0].text, "HOME");
	assert_int_equal(w.segs[1].kind, SEG_LIT);
	assert_string_equal(w.segs[1].text, "/data");
	assert_string_equal(w.value, "$HOME/data");
	assert_int_equal(w.flags, 0);
	shword_release(&w);

	lex1("${SCRATCH}run_1", &w);
	assert_int_equal(w.nsegs, 2);
	assert_int_equal(w.segs[0].kind, SEG_VAR);
	assert_string_equal(w.segs[0].text, "SCRATCH");
	assert_string_equal(w.segs[1].text, "run_1");
	assert_string_equal(w.value, "${SCRATCH}run_1");
	shword_release(&w);

	lex1("--out=\"$SCRATCH/my run\"", &w);
	assert_int_equal(w.nsegs, 3);
	assert_int_equal(w.segs[0].kind, SEG_LIT);
	assert_string_equal(w.segs[0].text, "--out=");
	assert_int_equal(w.segs[1].kind, SEG_VAR);
	assert_string_equal(w.segs[1].text, "SCRATCH");
	assert_string_equal(w.segs[2].text, "/my run");
	assert_string_equal(w.value, "--out=$SCRATCH/my run");
	assert_int_equal(w.flags, SHW_QUOTED);
	shword_release(&w);

	/* in a request, $1 and a bare $ are not variables maple keeps live ("$100"); a job script's are */
	lex1("$1", &w);
	for (size_t k = 0; k < w.nsegs; k++)
		assert_int_equal(w.segs[k].kind, SEG_LIT);
	assert_string_equal(w.value, "$1");
	shword_release(&w);
	lex1("cost$", &w);
	assert_int_equal(w.nsegs, 1);
	assert_string_equal(w.value, "cost$");
	shword_release(&w);
}

static void lex_tilde(void **state)
{
	(void)state;
	struct shword w;
	lex1("~/data/x", &w);
	assert_int_equal(w.nsegs, 2);
	assert_int_equal(w.segs[0].kind, SEG_TILDE);
	assert_int_equal(w.segs[1].kind, SEG_LIT);
	assert_string_equal(w.segs[1].text, "/data/x");
	assert_string_equal(w.value, "~/data/x");
	shword_release(&w);

	lex1("~", &w);
	assert_int_equal(w.nsegs, 1);
	assert_int_equal(w.segs[0].kind, SEG_TILDE);
	shword_release(&w);

	/* only a leading ~ followed by / or the end is a home directory */
	const char *lits[] = {"~user/x", "a~/b", "'~/x'", "\"~/x\"", "x=~/y"};
	for (size_t i = 0; i < sizeof(lits) / sizeof(lits[0]); i++) {
		lex1(lits[i], &w);
		for (size_t k = 0; k < w.nsegs; k++)
			if (w.segs[k].kind != SEG_LIT)
				fail_msg("[%s]: segment %zu is not literal", lits[i], k);
		shword_release(&w);
	}
}

static void lex_substitutions_and_meta_flagged(void **state)
{
	(void)state;
	static const struct {
		const char *in, *value;
		unsigned flags;
	} cases[] = {
		{"$(touch x)", "$(touch x)", SHW_SUBST},
		{"$(echo $(id))", "$(echo $(id))", SHW_SUBST},
		{"`id`", "`id`", SHW_SUBST},
		{"\"$(id)\"", "$(id)", SHW_SUBST | SHW_QUOTED},
		{"\"`id`\"", "`id`", SHW_SUBST | SHW_QUOTED},
		{"${HOME:-/tmp}", "${HOME:-/tmp}", SHW_SUBST},
		{"${#PATH}", "${#PATH}", SHW_SUBST},
		{"a;b", "a;b", SHW_META},
		{"a|b", "a|b", SHW_META},
		{"a&&b", "a&&b", SHW_META},
		{">out.log", ">out.log", SHW_META},
		{"<in", "<in", SHW_META},
		{"(x)", "(x)", SHW_META},
		{"x;$(y)", "x;$(y)", SHW_META | SHW_SUBST},
		{"'$(id)'", "$(id)", SHW_QUOTED}, /* single quotes: plain text */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct shword w;
		lex1(cases[i].in, &w);
		if (strcmp(w.value, cases[i].value) || w.flags != cases[i].flags)
			fail_msg("lex [%s]: value [%s] flags %u, want [%s] flags %u", cases[i].in, w.value, w.flags,
				 cases[i].value, cases[i].flags);
		shword_release(&w);
	}
	/* a substitution with a space inside stays one word */
	struct shwords ws;
	shwords_init(&ws);
	const char *s = "--tag=$(date +%s) next";
	shlex_split(s, strlen(s), &ws);
	assert_int_equal(ws.nr, 2);
	assert_string_equal(ws.v[0].value, "--tag=$(date +%s)");
	assert_true(ws.v[0].flags & SHW_SUBST);
	assert_string_equal(ws.v[1].value, "next");
	shwords_release(&ws);
}

/* A closer that is quoted inside $( ... ) or ${ ... } does not close it (bash -n takes each of these; on
 * 7c68541 the word ran to the text's end and the script's launch line after it was lost). The word ends
 * where bash ends it: the text after it is the next word. */
static void lex_quoted_closers_in_substitutions(void **state)
{
	(void)state;
	static const char *const cases[] = {
		"$(echo ')')",
		"${X:-'}'}",
		"${X:-\"}\"}",
		"\"$(echo \")\")\"",
		"\"$(echo '\"')\"",
		"$(echo \"'\")",
		"$(echo $'\\')')",
		"$(echo `echo ')'`)",
		"$(\necho ')' # it's a comment)\n)",
		"\"${X:-'}'}\"", /* bash matches the quotes inside ${ } in double quotes too */
		"\"${X:-\"a b\"}\"",
		"${X:-{a}}",
		"$(echo \\))",
		"$( (echo a) )",
		"$(echo \"${Y:-')'}\")",
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf in = STRBUF_INIT;
		strbuf_addf(&in, "%s next", cases[i]);
		struct shwords ws;
		shwords_init(&ws);
		shlex_split(in.buf, in.len, &ws);
		if (ws.nr != 2 || strcmp(ws.v[1].value, "next") || ws.v[0].end != strlen(cases[i]) ||
		    (ws.v[0].flags & SHW_UNTERMINATED))
			fail_msg("lex [%s]: %zu words, the first ends at %zu (want 2, %zu)", in.buf, ws.nr,
				 ws.nr ? ws.v[0].end : 0, strlen(cases[i]));
		shwords_release(&ws);
		strbuf_release(&in);
	}
	/* 100,000 nested $( and a never-closed one: no stack overflow, the rest is the word */
	struct strbuf deep = STRBUF_INIT;
	for (int i = 0; i < 100000; i++)
		strbuf_adds(&deep, "$(\"");
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(deep.buf, deep.len, &ws);
	assert_int_equal(ws.nr, 1);
	assert_int_equal(ws.v[0].end, deep.len);
	shwords_release(&ws);
	strbuf_release(&deep);
}

static void lex_unterminated(void **state)
{
	(void)state;
	static const struct {
		const char *in, *value;
	} cases[] = {
		{"'abc", "abc"},
		{"\"abc", "abc"},
		{"x'a b", "xa b"},
		{"\"it's", "it's"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct shword w;
		lex1(cases[i].in, &w);
		assert_string_equal(w.value, cases[i].value);
		assert_true(w.flags & SHW_UNTERMINATED);
		assert_true(w.flags & SHW_QUOTED);
		assert_int_equal(w.end, strlen(cases[i].in));
		shword_release(&w);
	}
	struct shword w;
	lex1("'closed'", &w);
	assert_false(w.flags & SHW_UNTERMINATED);
	shword_release(&w);
}

static void lex_split_and_continuations(void **state)
{
	(void)state;
	struct shwords ws;
	shwords_init(&ws);
	const char *s = "python  train.py\t--lr 3e-4\\\n  --epochs=\"1\\\n0\"\n--bs 8\r\n";
	shlex_split(s, strlen(s), &ws);
	const char *want[] = {"python", "train.py", "--lr", "3e-4", "--epochs=10", "--bs", "8"};
	assert_int_equal(ws.nr, 7);
	for (size_t i = 0; i < 7; i++)
		assert_string_equal(ws.v[i].value, want[i]);
	/* offsets point at the raw text */
	assert_int_equal(ws.v[1].start, 8);
	assert_int_equal(ws.v[1].end, 16);
	assert_memory_equal(s + ws.v[2].start, "--lr", 4);
	shwords_release(&ws);
	assert_int_equal(ws.nr, 0);

	/* a continuation inside a word joins it */
	struct shword w;
	lex1("ab\\\ncd", &w);
	assert_string_equal(w.value, "abcd");
	shword_release(&w);

	/* without newline_is_blank, an unquoted newline ends the words */
	const char *t = "one two\nthree";
	size_t pos = 0;
	assert_int_equal(shlex_next(t, strlen(t), &pos, &w, false), 1);
	assert_string_equal(w.value, "one");
	shword_release(&w);
	assert_int_equal(shlex_next(t, strlen(t), &pos, &w, false), 1);
	assert_string_equal(w.value, "two");
	shword_release(&w);
	assert_int_equal(shlex_next(t, strlen(t), &pos, &w, false), 0);
	assert_int_equal(pos, 7);
	/* empty and blank input */
	pos = 0;
	assert_int_equal(shlex_next("", 0, &pos, &w, true), 0);
	pos = 0;
	assert_int_equal(shlex_next(" \t \n ", 5, &pos, &w, true), 0);
	/* a quoted newline stays in the word */
	lex1("'a\nb'", &w);
	assert_string_equal(w.value, "a\nb");
	shword_release(&w);
}

/* POSIX: a backslash-newline is removed before words are split, so "a \\<newline> b" is two
 * words (bash agrees). The lexer must not turn the lone continuation into an empty '' argument. */
static void lex_continuation_between_words(void **state)
{
	(void)state;
	static const char *const inputs[] = {"a \\\n b", "a \\\nb", "python train.py \\\n  --lr 3e-4 \\\n  --bs 8"};
	static const size_t want_nr[] = {2, 2, 6};
	for (size_t i = 0; i < 3; i++) {
		struct shwords ws;
		shwords_init(&ws);
		shlex_split(inputs[i], strlen(inputs[i]), &ws);
		size_t nr = ws.nr, empty = 0;
		for (size_t k = 0; k < ws.nr; k++)
			empty += !ws.v[k].value[0];
		shwords_release(&ws); /* before any failure, so a failing run shows no leak */
		if (empty || nr != want_nr[i])
			fail_msg("[%s]: %zu words (%zu of them empty arguments), want %zu", inputs[i], nr, empty, want_nr[i]);
	}
}

static void words_copy_and_literal(void **state)
{
	(void)state;
	struct shwords a, b;
	shwords_init(&a);
	shwords_init(&b);
	const char *s = "$HOME/x 'y z'";
	shlex_split(s, strlen(s), &a);
	shwords_push_literal(&a, "lit word");
	shwords_copy(&b, &a);
	assert_int_equal(b.nr, 3);
	assert_string_equal(b.v[0].value, "$HOME/x");
	assert_int_equal(b.v[0].segs[0].kind, SEG_VAR);
	assert_ptr_not_equal(b.v[0].value, a.v[0].value);
	assert_string_equal(b.v[1].value, "y z");
	assert_int_equal(b.v[1].flags, SHW_QUOTED);
	assert_string_equal(b.v[2].value, "lit word");
	assert_string_equal(b.v[2].raw, "lit word");
	shwords_release(&a);
	assert_string_equal(b.v[1].value, "y z");
	shwords_release(&b);
}

/* ---- writer ---------------------------------------------------------------------------------- */

static void quote_literal_table(void **state)
{
	(void)state;
	static const struct {
		const char *in, *out;
	} cases[] = {
		{"train.py", "train.py"},
		{"--lr=3e-4", "--lr=3e-4"},
		{"a/b:c@d%e+f,g", "a/b:c@d%e+f,g"},
		{"", "''"},
		{"a b", "'a b'"},
		{"it's", "'it'\\''s'"},
		{"$HOME", "'$HOME'"},
		{"*", "'*'"},
		{"a\nb", "'a\nb'"},
		{"tab\there", "'tab\there'"},
		{"naïve—λ", "'naïve—λ'"},
		/* control bytes, DEL and invalid UTF-8 as \xNN: a script stays printable UTF-8 text */
		{"a\x01" "b", "$'a\\x01b'"},
		{"\x1b[31mred", "$'\\x1b[31mred'"},
		{"it's\x7f", "$'it\\'s\\x7f'"},
		{"back\\slash\x02", "$'back\\\\slash\\x02'"},
		{"\xc3\x28 naïve \xff", "$'\\xc3( naïve \\xff'"},
		{"cut \xe2\x80", "$'cut \\xe2\\x80'"},
		{"csi \xc2\x9b" "2J \xc2\xa0", "$'csi \\xc2\\x9b2J \xc2\xa0'"}, /* C1 CSI escaped, U+00A0 kept */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf sb = STRBUF_INIT;
		sh_quote_literal(cases[i].in, &sb);
		assert_string_equal(sb.buf, cases[i].out);
		strbuf_release(&sb);
	}
}

static void quote_words(void **state)
{
	(void)state;
	static const struct {
		const char *in;
		bool allow_shell;
		const char *out;
	} cases[] = {
		{"train.py", false, "train.py"},
		{"'a b'", false, "'a b'"},
		{"\"a b\"", false, "'a b'"},
		{"$HOME/x", false, "\"${HOME}\"/x"},
		{"${HOME}", false, "\"${HOME}\""},
		{"\"$D/my file\"", false, "\"${D}\"'/my file'"},
		{"~/data", false, "~/data"},
		{"~/'my data'", false, "~/'my data'"},
		{"~", false, "~"},
		{"''", false, "''"},
		{"$(touch x)", false, "'$(touch x)'"},
		{"$(touch x)", true, "$(touch x)"},
		{"a;b", false, "'a;b'"},
		{"a;b", true, "a;b"},
		{"'a;b'", true, "'a;b'"}, /* quoted: not META, so rewritten even with allow_shell */
		{"`id`", false, "'`id`'"},
		{"\"it's\"", false, "'it'\\''s'"},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct shword w;
		lex1(cases[i].in, &w);
		char *q = quote_of(&w, cases[i].allow_shell);
		if (strcmp(q, cases[i].out))
			fail_msg("quote [%s] (allow_shell=%d): got [%s] want [%s]", cases[i].in, cases[i].allow_shell, q,
				 cases[i].out);
		free(q);
		shword_release(&w);
	}
}

static void escape_for_single_quotes(void **state)
{
	(void)state;
	struct strbuf sb = STRBUF_INIT;
	sh_escape_for_single_quotes("it's 'x'", 8, &sb);
	assert_string_equal(sb.buf, "it'\\''s '\\''x'\\''");
	strbuf_reset(&sb);
	sh_escape_for_single_quotes("abc'def", 3, &sb); /* only len bytes */
	assert_string_equal(sb.buf, "abc");
	strbuf_reset(&sb);
	sh_escape_for_single_quotes("\"$HOME\" `x`", 11, &sb);
	assert_string_equal(sb.buf, "\"$HOME\" `x`");
	strbuf_release(&sb);
}

/* ---- property test: a real bash reads back exactly the literal value ------------------------- */

static char *workdir;

static int setup_workdir(void **state)
{
	(void)state;
	workdir = tu_mkdtemp();
	return 0;
}

static int teardown_workdir(void **state)
{
	(void)state;
	tu_rm_rf(workdir);
	free(workdir);
	return 0;
}


static int files_in_workdir(void)
{
	DIR *d = opendir(workdir);
	assert_non_null(d);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

/* printf '%s\n' WORD, directly and nested inside bash -c '...' the way templates use it. */
static void check_round_trip(const char *quoted, const char *expect, const char *what)
{
	struct strbuf script = STRBUF_INIT, nested = STRBUF_INIT, want = STRBUF_INIT;
	strbuf_addf(&script, "printf '%%s\\n' %s", quoted);
	strbuf_addf(&want, "%s\n", expect);
	char *out = tu_run_bash(script.buf, workdir);
	if (strcmp(out, want.buf))
		fail_msg("%s: bash printed [%s] for word [%s], want [%s]", what, out, quoted, want.buf);
	free(out);
	strbuf_adds(&nested, "bash --norc -c '");
	sh_escape_for_single_quotes(script.buf, script.len, &nested);
	strbuf_adds(&nested, "'");
	out = tu_run_bash(nested.buf, workdir);
	if (strcmp(out, want.buf))
		fail_msg("%s (nested): bash printed [%s] for [%s], want [%s]", what, out, nested.buf, want.buf);
	free(out);
	if (files_in_workdir() != 0)
		fail_msg("%s: running [%s] created a file", what, quoted);
	strbuf_release(&script);
	strbuf_release(&nested);
	strbuf_release(&want);
}

static const char *const nasty[] = {
	"plain",
	"",
	" ",
	"two words",
	";",
	"; touch CANARY",
	"a;touch CANARY",
	"$(touch CANARY)",
	"`touch CANARY`",
	"\"$(touch CANARY)\"",
	"'",
	"''",
	"it's",
	"'; touch CANARY; '",
	"\"",
	"\"; touch CANARY; \"",
	"new\nline",
	"new\n$(touch CANARY)\n",
	"*",
	"/*",
	"?",
	"[a-z]*",
	"\\",
	"\\'",
	"a\\nb",
	"!",
	"!!",
	"!$",
	"#",
	"# comment",
	"x #y",
	"&&",
	"true && touch CANARY",
	"|",
	"| touch CANARY",
	">",
	"> CANARY",
	">CANARY",
	"<",
	"&",
	"(",
	")",
	"{a,b}",
	"~",
	"~/x",
	"$HOME",
	"${HOME}",
	"$0",
	"$$",
	"$'x'",
	"%s %d",
	"-n",
	"-e",
	"--lr=3e-4",
	"héllo wörld ✓ 日本語",
	"tab\there",
	"=",
	"a=b",
	"\x01\x7f",
	"\x01\x02\x1b[31m\x7f\xc3\x28\xff\xfe",
	"it's \\ \x01 \"q\" $(x) `y`\n\t naïve",
	"\xe2\x80",
	"\xc2\x9b" "2J\xc2\x85",
};

/* Every nasty literal, written with sh_quote_literal or as a literal shword, reads back unchanged. */
static void bash_reads_literals_back(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(nasty) / sizeof(nasty[0]); i++) {
		struct strbuf q = STRBUF_INIT;
		sh_quote_literal(nasty[i], &q);
		check_round_trip(q.buf, nasty[i], "sh_quote_literal");
		strbuf_release(&q);

		struct shwords ws;
		shwords_init(&ws);
		shwords_push_literal(&ws, nasty[i]);
		char *w = quote_of(&ws.v[0], false);
		check_round_trip(w, nasty[i], "shword_quote(literal)");
		free(w);
		shwords_release(&ws);
	}
}

/* The user typed a word quoted for the shell (the way sh_quote_literal writes it): the lexer gives
 * back the value, and shword_quote of that word reads back as the same value. */
static void bash_reads_lexed_words_back(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(nasty) / sizeof(nasty[0]); i++) {
		struct strbuf typed = STRBUF_INIT;
		sh_quote_literal(nasty[i], &typed);
		struct shword w;
		size_t pos = 0;
		assert_int_equal(shlex_next(typed.buf, typed.len, &pos, &w, true), 1);
		assert_int_equal(pos, typed.len);
		assert_string_equal(w.value, nasty[i]);
		char *q = quote_of(&w, false);
		check_round_trip(q, nasty[i], "lexed+quoted");
		free(q);
		shword_release(&w);
		strbuf_release(&typed);
	}
}

/* Unquoted shell syntax typed by the user is kept as literal text (never runs) unless allow_shell. */
static void bash_never_runs_unquoted_syntax(void **state)
{
	(void)state;
	static const char *const typed[] = {
		"$(touch CANARY)", "`touch CANARY`", "x;touch CANARY", "a&&touch CANARY", "a|touch CANARY",
		">CANARY",	   "${HOME:-$(touch CANARY)}", "\"$(touch CANARY)\"", "--out=$(touch CANARY)/x",
	};
	for (size_t i = 0; i < sizeof(typed) / sizeof(typed[0]); i++) {
		struct shword w;
		lex1(typed[i], &w);
		assert_true(w.flags & (SHW_META | SHW_SUBST));
		char *q = quote_of(&w, false);
		check_round_trip(q, w.value, "unquoted syntax");
		free(q);
		shword_release(&w);
	}
	/* with allow_shell the user's substitution does run */
	struct shword w;
	lex1("$(echo hi)", &w);
	char *q = quote_of(&w, true);
	check_round_trip(q, "hi", "allow_shell");
	free(q);
	shword_release(&w);
}

/* Variables and a leading ~ still expand, as one word, even when $HOME holds spaces and globs. */
static void lex1_script(const char *s, struct shword *w)
{
	size_t pos = 0;
	assert_int_equal(shlex_word(s, strlen(s), &pos, w), 1);
}

/* Reading a job script, "$*", "$1", "${2}" are parameters like "$@" (kept live, never frozen into
 * literal text; a request's "$1" stays text, see lex_variables_stay_live); a lone
 * unquoted variable a caller marks SHW_SPLIT is written back unquoted, so bash splits its value as the
 * job script did */
static void positional_and_split_words(void **state)
{
	(void)state;
	static const struct {
		const char *typed, *name, *quoted;
	} cases[] = {
		{"\"$*\"", "*", "\"${*}\""}, {"$1", "1", "\"${1}\""}, {"\"${2}\"", "2", "\"${2}\""},
		{"${*}", "*", "\"${*}\""},	 {"$@", "@", "\"${@}\""},
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct shword w;
		lex1_script(cases[i].typed, &w);
		assert_int_equal(w.nsegs, 1);
		assert_int_equal(w.segs[0].kind, SEG_VAR);
		assert_string_equal(w.segs[0].text, cases[i].name);
		char *q = quote_of(&w, false);
		assert_string_equal(q, cases[i].quoted);
		free(q);
		shword_release(&w);
	}
	/* $10 is ${1} followed by a literal 0, as in bash */
	struct shword w;
	lex1_script("$10", &w);
	assert_int_equal(w.nsegs, 2);
	assert_string_equal(w.segs[0].text, "1");
	assert_string_equal(w.segs[1].text, "0");
	shword_release(&w);
	/* split: bash sees three words */
	lex1("$ARGS", &w);
	w.flags |= SHW_SPLIT;
	char *q = quote_of(&w, false);
	assert_string_equal(q, "${ARGS}");
	struct strbuf script = STRBUF_INIT;
	strbuf_addf(&script, "ARGS='--lr 1e-4 --bf16'; printf '[%%s]' %s", q);
	char *out = tu_run_bash(script.buf, workdir);
	assert_string_equal(out, "[--lr][1e-4][--bf16]");
	free(out);
	strbuf_release(&script);
	free(q);
	shword_release(&w);
	/* a word with more than the variable is quoted whatever the flag says */
	lex1("$OUT/run", &w);
	w.flags |= SHW_SPLIT;
	q = quote_of(&w, false);
	assert_string_equal(q, "\"${OUT}\"/run");
	free(q);
	shword_release(&w);
}

static void bash_expands_variables(void **state)
{
	(void)state;
	const char *old = getenv("HOME");
	char *saved = old ? strdup(old) : NULL;
	const char *homes[] = {"/home/plain", "/tmp/with space/*  x"};
	for (size_t h = 0; h < 2; h++) {
		setenv("HOME", homes[h], 1);
		static const struct {
			const char *typed, *suffix;
		} cases[] = {
			{"$HOME", ""},
			{"${HOME}", ""},
			{"\"$HOME\"", ""},
			{"$HOME/ckpt", "/ckpt"},
			{"\"$HOME/my ckpt\"", "/my ckpt"},
			{"~/data", "/data"},
			{"~", ""},
			{"~/'a b'/c", "/a b/c"},
		};
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			struct shword w;
			lex1(cases[i].typed, &w);
			char *q = quote_of(&w, false);
			struct strbuf want = STRBUF_INIT;
			strbuf_addf(&want, "%s%s", homes[h], cases[i].suffix);
			check_round_trip(q, want.buf, cases[i].typed);
			strbuf_release(&want);
			free(q);
			shword_release(&w);
		}
		/* a prefix before the variable */
		struct shword w;
		lex1("--out=$HOME/run", &w);
		char *q = quote_of(&w, false);
		struct strbuf want = STRBUF_INIT;
		strbuf_addf(&want, "--out=%s/run", homes[h]);
		check_round_trip(q, want.buf, "--out=$HOME/run");
		strbuf_release(&want);
		free(q);
		shword_release(&w);
	}
	if (saved) {
		setenv("HOME", saved, 1);
		free(saved);
	} else {
		unsetenv("HOME");
	}
}

/* bash's $'...' (ANSI-C) and $"..." quoting: the lexer's value is what bash itself reads (bash is the
 * oracle for every case), the word ends where bash's does, and the next line is never swallowed. */
static void lex_ansi_c_and_locale_quoting(void **state)
{
	(void)state;
	static const char *const cases[] = {
		"$'it\\'s'",	       /* the case that swallowed a launch line */
		"X=$'it\\'s'",	       /* inside an assignment */
		"$'a\\tb\\nc'",	       /* \t \n */
		"$'\\\\'",	       /* a backslash */
		"$'\\x41\\x4a\\x4'",   /* hex, 1-2 digits */
		"$'\\101\\60\\0010'", /* octal, 1-3 digits */
		"$'\\u00e9\\u263a'",   /* \u: UTF-8 */
		"$'\\U0001F600'",      /* \U */
		"$'\\q\\z'",	       /* unknown escapes stay */
		"$'\\\"\\?'",	       /* \" and \? */
		"$'\\e[0m'",	       /* escape character */
		"$'\\cA\\c?'",	       /* control characters */
		"$''",		       /* empty */
		"pre$'mid'post",       /* joined with plain text */
		"$'a'\"b\"'c'",	       /* joined with other quotes */
		"$'$HOME'",	       /* no expansion inside */
		"\"$'x'\"",	       /* inside double quotes it is plain text */
		"$\"a b\"",	       /* $"..." reads as "..." */
		"$\"$HOME/x\"",	       /* ... with its variables live */
		"$'a\\0b'c",	       /* \0 ends the string, the word goes on */
		"$'a b;c|d'",	       /* meta characters inside are literal */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct shword w;
		size_t pos = 0, n = strlen(cases[i]);
		assert_int_equal(shlex_next(cases[i], n, &pos, &w, true), 1);
		if (pos != n || (w.flags & (SHW_UNTERMINATED | SHW_META | SHW_SUBST)))
			fail_msg("[%s]: read %zu of %zu bytes, flags %u", cases[i], pos, n, w.flags);
		/* shword_quote writes what the lexer read; bash must read the original as that same text */
		char *q = quote_of(&w, false);
		struct strbuf script = STRBUF_INIT;
		strbuf_addf(&script, "a=%s; b=%s; [ \"$a\" = \"$b\" ] && printf same || printf 'differ [%%s] [%%s]' \"$a\" \"$b\"",
			    cases[i], q);
		char *out = tu_run_bash(script.buf, workdir);
		if (strcmp(out, "same"))
			fail_msg("[%s]: lexed as [%s] (re-quoted %s); bash: %s", cases[i], w.value, q, out);
		free(out);
		free(q);
		strbuf_release(&script);
		shword_release(&w);
	}
	/* unterminated: flagged, the rest taken literally */
	struct shword w;
	lex1("$'abc", &w);
	assert_true(w.flags & SHW_UNTERMINATED);
	shword_release(&w);
}

/* A script line with $'...' ends where bash's does: the launch line after it is its own command. */
static void lex_ansi_c_keeps_next_line(void **state)
{
	(void)state;
	const char *text = "export X=$'it\\'s'\nsrun python my_app.py --tag $'a\\'b'\n";
	struct shwords ws;
	shwords_init(&ws);
	shlex_split(text, strlen(text), &ws);
	assert_int_equal(ws.nr, 7);
	assert_string_equal(ws.v[1].value, "X=it's");
	assert_string_equal(ws.v[2].value, "srun");
	assert_string_equal(ws.v[4].value, "my_app.py");
	assert_string_equal(ws.v[6].value, "a'b");
	shwords_release(&ws);
	/* shlex_word stops at the newline after the $'...' word */
	size_t pos = 0;
	struct shword w;
	assert_int_equal(shlex_word(text, strlen(text), &pos, &w), 1);
	shword_release(&w);
	assert_int_equal(shlex_word(text, strlen(text), &pos, &w), 1);
	assert_string_equal(w.value, "X=it's");
	shword_release(&w);
	assert_int_equal(text[pos], '\n');
}

/* A lexed word lives in one allocation (block); long values, many segments, and fields replaced
 * later (rename, set_raw) are still owned once: ASan's leak and double-free checks watch this test. */
static bool in_block(const struct shword *w, const void *p)
{
	uintptr_t a = (uintptr_t)p, b = (uintptr_t)w->block;
	return w->block && a >= b && a < b + w->block_len;
}

static void lexed_word_is_one_block(void **state)
{
	(void)state;
	struct shword w;
	lex1("pre\"$A\"mid${B}'q x'post", &w);
	assert_non_null(w.block);
	assert_int_equal(w.nsegs, 5);
	assert_true(in_block(&w, w.segs) && in_block(&w, w.value) && in_block(&w, w.raw));
	for (size_t k = 0; k < w.nsegs; k++)
		assert_true(in_block(&w, w.segs[k].text));
	assert_string_equal(w.segs[0].text, "pre");
	assert_string_equal(w.segs[1].text, "A");
	assert_string_equal(w.segs[2].text, "mid");
	assert_string_equal(w.segs[3].text, "B");
	assert_string_equal(w.segs[4].text, "q xpost");
	assert_string_equal(w.value, "pre$Amid${B}q xpost");
	assert_string_equal(w.raw, "pre\"$A\"mid${B}'q x'post");
	/* replaced fields are separate allocations, freed on their own */
	shword_rename_var(&w, 3, "RENAMED");
	assert_string_equal(w.segs[3].text, "RENAMED");
	assert_false(in_block(&w, w.segs[3].text));
	assert_string_equal(w.value, "pre$Amid${RENAMED}q xpost");
	assert_false(in_block(&w, w.value));
	shword_set_raw(&w, strdup("other"));
	assert_string_equal(w.raw, "other");
	shword_set_raw(&w, strdup("again"));
	struct shword c;
	shword_copy(&c, &w);
	assert_null(c.block);
	assert_string_equal(c.value, w.value);
	assert_string_equal(c.segs[3].text, "RENAMED");
	shword_release(&w);
	assert_null(w.block);
	shword_release(&c);

	/* a value longer than the lexer's stack buffer, and more segments than its first array */
	struct strbuf sb = STRBUF_INIT, want = STRBUF_INIT;
	for (int i = 0; i < 40; i++) {
		strbuf_addf(&sb, "lit%02d_long_literal_text${V%d}", i, i);
		strbuf_addf(&want, "lit%02d_long_literal_text${V%d}", i, i);
	}
	lex1(sb.buf, &w);
	assert_int_equal(w.nsegs, 80);
	assert_string_equal(w.value, want.buf);
	assert_string_equal(w.raw, sb.buf);
	assert_string_equal(w.segs[78].text, "lit39_long_literal_text");
	assert_string_equal(w.segs[79].text, "V39");
	assert_true(in_block(&w, w.segs[79].text));
	shword_rename_var(&w, 1, "W");
	assert_string_equal(w.segs[1].text, "W");
	shword_release(&w);
	strbuf_release(&sb);
	strbuf_release(&want);

	/* shword_rename_text: every $OLD / ${OLD}, inside a command substitution too, not $OLDER or ${OLD:-x} */
	lex1("\"$(sed -n \"${IDX}p\" list)\"-$IDX-$IDXB-${IDX:-0}", &w);
	shword_rename_text(&w, "IDX", "NEW");
	assert_string_equal(w.raw, "\"$(sed -n \"${NEW}p\" list)\"-$NEW-$IDXB-${IDX:-0}");
	assert_non_null(strstr(w.value, "-$NEW-$IDXB-"));
	shword_release(&w);

	/* an empty quoted word: no segments, an empty value */
	lex1("''", &w);
	assert_int_equal(w.nsegs, 0);
	assert_string_equal(w.value, "");
	assert_string_equal(w.raw, "''");
	shword_release(&w);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lex_plain_word),
		cmocka_unit_test(lex_quotes_and_escapes),
		cmocka_unit_test(lex_variables_stay_live),
		cmocka_unit_test(lex_tilde),
		cmocka_unit_test(lex_substitutions_and_meta_flagged),
		cmocka_unit_test(lex_quoted_closers_in_substitutions),
		cmocka_unit_test(lex_unterminated),
		cmocka_unit_test(lex_split_and_continuations),
		cmocka_unit_test(lex_continuation_between_words),
		cmocka_unit_test(words_copy_and_literal),
		cmocka_unit_test(quote_literal_table),
		cmocka_unit_test(quote_words),
		cmocka_unit_test(escape_for_single_quotes),
		cmocka_unit_test(bash_reads_literals_back),
		cmocka_unit_test(bash_reads_lexed_words_back),
		cmocka_unit_test(bash_never_runs_unquoted_syntax),
		cmocka_unit_test(bash_expands_variables),
		cmocka_unit_test(positional_and_split_words),
		cmocka_unit_test(lex_ansi_c_and_locale_quoting),
		cmocka_unit_test(lex_ansi_c_keeps_next_line),
		cmocka_unit_test(lexed_word_is_one_block),
	};
	return cmocka_run_group_tests(tests, setup_workdir, teardown_workdir);
}
