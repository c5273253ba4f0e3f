/* patchenv.c - the patch operations on what a job runs with: environment variables (set_env,
 * unset_env, assigned in the batch shell or inside a launcher's per-task shell), options of a
 * launcher stage of the main launch line (set/remove_launcher_option), and module lines
 * (add/swap/remove_module). Each returns false with a reason (pt_cannot) when it cannot apply. */
#include "patchctx.h"

#include "../shell/words.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- variables --------------------------------------------------------------------------------- */

/* The index of the word of command ci that assigns or exports name, or -1. */
static int assign_word(const struct ctx *x, int ci, const char *name)
{
	const struct jcmd *c = &x->js.cmds[ci];
	size_t n = strlen(name);
	for (size_t i = 0; i < c->words.nr; i++) {
		const char *r = c->words.v[i].raw;
		if (!strncmp(r, name, n) && (r[n] == '=' || (r[n] == '+' && r[n + 1] == '=')))
			return (int)i;
		if (i > c->nassign_prefix && !strcmp(r, name))
			return (int)i;
	}
	return -1;
}

static bool is_launch_cmd_or_inside(const struct ctx *x, int ci, int launch_cmd)
{
	for (int c = ci, guard = 0; c >= 0 && guard < 10; guard++) {
		if (c == launch_cmd)
			return true;
		c = x->js.cmds[c].parent;
	}
	return false;
}

/* Sets name to shell text (already quoted for the batch shell) where the launch will see it:
 * an assignment in front of the launch command or in its per-task shell is rewritten; else the
 * last batch-shell assignment before the launch; else `export NAME=...` goes before the launch. */
bool pt_set_var(struct ctx *x, const char *name, const char *shell, const char *literal)
{
	const struct launch *l = pt_main_launch(x);
	if (!l)
		return pt_cannot(x, "the script has no launch line");
	int lc = l->cmd;
	bool done = false;
	struct strbuf w = STRBUF_INIT;
	strbuf_addf(&w, "%s=%s", name, shell);
	/* in front of the launch command, or inside its per-task shells */
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (strcmp(a->name, name) || !is_launch_cmd_or_inside(x, a->cmd, lc))
			continue;
		if (a->depth == 0 && !a->in_cmd_prefix)
			continue;
		int wi = assign_word(x, a->cmd, name);
		if (wi < 0)
			continue;
		if (literal && a->has_value && a->value.value && !strcmp(a->value.value, literal)) {
			done = true;
			continue;
		}
		if (!pt_replace_word(x, a->cmd, (size_t)wi, w.buf)) {
			strbuf_release(&w);
			return false;
		}
		done = true;
	}
	if (done) {
		strbuf_release(&w);
		return true;
	}
	/* the last batch-shell assignment before the launch */
	const struct assign *last = NULL;
	bool exported = false;
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (a->depth || a->in_cmd_prefix || a->cmd >= lc || strcmp(a->name, name))
			continue;
		exported = exported || a->exported;
		if (a->has_value)
			last = a;
		else if (!last)
			last = a; /* export NAME */
	}
	/* a value from a command substitution is assigned, then exported: `export NAME=$(cmd)` would hide
	 * the command's exit status (shellcheck SC2155) */
	bool subst = false;
	for (const char *p = strstr(shell, "$("); p && !subst; p = strstr(p + 2, "$("))
		subst = p[2] != '('; /* $((...)) is arithmetic, not a command */
	if (!last) {
		struct strbuf t = STRBUF_INIT;
		if (subst) {
			strbuf_addf(&t, "%s\n", w.buf);
			pt_indent_of(x, pt_statement_line(x, lc), &t);
			strbuf_addf(&t, "export %s", name);
		} else {
			strbuf_addf(&t, "export %s", w.buf);
		}
		bool ok = pt_insert_before_launch(x, t.buf);
		strbuf_release(&t);
		strbuf_release(&w);
		return ok;
	}
	if (literal && last->has_value && last->value.value && !strcmp(last->value.value, literal) && exported) {
		strbuf_release(&w);
		return true; /* already so */
	}
	int ci = last->cmd;
	int wi = assign_word(x, ci, name);
	const struct jcmd *c = &x->js.cmds[ci];
	bool ok;
	size_t es, ee, as, ae;
	if (wi < 0) {
		ok = pt_cannot(x, "cannot locate the assignment of %s on line %d", name, last->line);
	} else if (subst && c->nassign_prefix == 0 && c->words.nr == 2 && wi == 1 &&
		   !strcmp(c->words.v[0].value, "export") && pt_word_span(x, ci, 0, &es, &ee) &&
		   pt_word_span(x, ci, 1, &as, &ae)) {
		/* export NAME=old -> NAME=$(cmd), then export NAME on its own line */
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "%s\n", w.buf);
		pt_indent_of(x, c->line, &t);
		strbuf_addf(&t, "export %s", name);
		pt_add_edit(x, es, ae, t.buf);
		strbuf_release(&t);
		ok = true;
	} else if (c->words.nr == 1 && !subst) {
		struct strbuf t = STRBUF_INIT;
		strbuf_addf(&t, "export %s", w.buf);
		ok = pt_replace_word(x, ci, (size_t)wi, t.buf);
		strbuf_release(&t);
	} else {
		ok = pt_replace_word(x, ci, (size_t)wi, w.buf);
		if (ok && !exported && !(c->nassign_prefix == 0 && !strcmp(c->words.v[0].value, "export"))) {
			struct strbuf t = STRBUF_INIT;
			strbuf_addf(&t, "export %s", name);
			ok = pt_insert_before_launch(x, t.buf);
			strbuf_release(&t);
		}
	}
	strbuf_release(&w);
	return ok;
}

bool pt_op_set_env(struct ctx *x, const char *name, const char *value)
{
	struct strbuf q = STRBUF_INIT;
	pt_quote_value(value, &q);
	bool ok = pt_set_var(x, name, q.buf, value);
	strbuf_release(&q);
	return ok;
}

bool pt_op_unset_env(struct ctx *x, const char *name)
{
	const struct launch *l = pt_main_launch(x);
	int lc = l ? l->cmd : (int)x->js.ncmds;
	bool any = false;
	int last_cmd = -1;
	for (size_t i = 0; i < x->js.nassigns; i++) {
		const struct assign *a = &x->js.assigns[i];
		if (strcmp(a->name, name) || a->cmd == last_cmd)
			continue;
		bool ours = (a->depth == 0 && a->cmd <= lc) || (l && is_launch_cmd_or_inside(x, a->cmd, lc));
		if (!ours)
			continue;
		last_cmd = a->cmd;
		const struct jcmd *c = &x->js.cmds[a->cmd];
		int wi = assign_word(x, a->cmd, name);
		if (wi < 0)
			continue;
		any = true;
		size_t others = 0; /* words that are not this assignment nor export/declare */
		for (size_t k = 0; k < c->words.nr; k++)
			if ((int)k != wi && !(k == c->nassign_prefix && (!strcmp(c->words.v[k].value, "export") ||
									  !strcmp(c->words.v[k].value, "declare"))))
				others++;
		bool ok;
		if (!others && a->depth == 0)
			ok = pt_remove_command(x, a->cmd);
		else if (!others)
			ok = pt_replace_word(x, a->cmd, (size_t)wi, ":") &&
			     (c->nassign_prefix >= c->words.nr || wi == 0 || pt_remove_word(x, a->cmd, 0));
		else
			ok = pt_remove_word(x, a->cmd, (size_t)wi);
		if (!ok)
			return false;
	}
	/* nothing to remove: an `unset` of a variable the script never sets changes nothing the failing
	 * run used (it may come from the user's shell or a module, which a patch cannot see) */
	if (!any)
		return pt_cannot(x, "the script does not set %s, so removing it would change nothing", name);
	return true;
}

/* ---- launcher options ------------------------------------------------------------------------- */

static bool stage_is(const struct stage *s, const char *launcher)
{
	switch (s->kind) {
	case SK_SRUN:
		return !strcmp(launcher, "srun");
	case SK_MPIEXEC:
	case SK_MPIRUN:
		return !strcmp(launcher, "mpiexec") || !strcmp(launcher, "mpirun");
	case SK_IBRUN:
		return !strcmp(launcher, "ibrun");
	case SK_TORCHRUN:
	case SK_TDLAUNCH:
		return !strcmp(launcher, "torchrun");
	case SK_DEEPSPEED:
		return !strcmp(launcher, "deepspeed");
	case SK_ACCELERATE:
		return !strcmp(launcher, "accelerate");
	case SK_PROGRAM:
		return !strcmp(launcher, "python") && s->prog && !strcmp(s->prog, "python");
	default:
		return false;
	}
}

static const struct stage *find_stage(const struct ctx *x, const char *launcher)
{
	const struct launch *l = pt_main_launch(x);
	for (size_t i = 0; l && i < l->nstages; i++)
		if (stage_is(&l->stages[i], launcher))
			return &l->stages[i];
	return NULL;
}

/* Option spellings compared with '_' and '-' the same. */
static bool same_option(const char *a, size_t an, const char *b, size_t bn)
{
	if (an != bn)
		return false;
	for (size_t i = 0; i < an; i++) {
		char p = a[i] == '_' ? '-' : a[i], q = b[i] == '_' ? '-' : b[i];
		if (p != q)
			return false;
	}
	return true;
}

/* The option word of a stage (or of a word range) spelled like option: its index, and the index of
 * its value word (== the option word for --opt=value, -1 for none). */

bool pt_find_in_words(const struct jcmd *c, size_t from, size_t to, const char *option, bool values,
			  struct optpos *o)
{
	size_t on = strlen(option);
	for (size_t i = from; i < to && i < c->words.nr; i++) {
		const char *v = c->words.v[i].value;
		const char *eq = strchr(v, '=');
		size_t n = eq ? (size_t)(eq - v) : strlen(v);
		if (!same_option(v, n, option, on))
			continue;
		o->word = (int)i;
		o->attached = eq != NULL;
		o->value_word = eq ? (int)i : -1;
		if (!eq && values && i + 1 < to && i + 1 < c->words.nr && c->words.v[i + 1].value[0] != '-')
			o->value_word = (int)i + 1;
		return true;
	}
	return false;
}

/* Where the options of a stage end: the word to insert a new option before. */
static size_t stage_options_end(const struct ctx *x, const struct stage *s)
{
	if (s->kind == SK_PROGRAM) { /* python OPTIONS script */
		const struct launch *l = pt_main_launch(x);
		if (l && l->script_word > s->first && (size_t)l->script_word < x->js.cmds[s->cmd].words.nr)
			return (size_t)(l->module ? l->script_word - 1 : l->script_word);
		return (size_t)s->first + 1;
	}
	return (size_t)s->last;
}

static bool find_stage_option(const struct ctx *x, const struct stage *s, const char *option, struct optpos *o)
{
	const char *canon = launch_option_name(s->kind, option);
	if (canon) {
		const struct lopt *lo = stage_opt(s, canon);
		if (lo) {
			o->word = lo->word;
			o->value_word = lo->value_word;
			o->attached = lo->value_word == lo->word;
			return true;
		}
	}
	return pt_find_in_words(&x->js.cmds[s->cmd], (size_t)s->first + 1, stage_options_end(x, s), option, true, o);
}

static bool equals_style(enum stage_kind k)
{
	return k == SK_SRUN || k == SK_TORCHRUN || k == SK_TDLAUNCH || k == SK_DEEPSPEED || k == SK_ACCELERATE;
}

/* Sets an option in the word range of a command: replaces its value, or inserts it before word at. */
bool pt_set_option_words(struct ctx *x, int ci, const struct optpos *found, const char *option,
			     const char *value, bool use_equals, size_t at)
{
	const struct jcmd *c = &x->js.cmds[ci];
	struct strbuf q = STRBUF_INIT, t = STRBUF_INIT;
	if (value)
		pt_quote_value(value, &q);
	bool ok;
	if (found) {
		const struct shword *ow = &c->words.v[found->word];
		if (found->attached) {
			const char *cur = strchr(ow->value, '=') + 1;
			if (value && !strcmp(cur, value)) {
				ok = true;
			} else {
				const char *eq = strchr(ow->raw, '=');
				if (!eq || memchr(ow->raw, '\'', (size_t)(eq - ow->raw)) || memchr(ow->raw, '"', (size_t)(eq - ow->raw)))
					eq = NULL;
				strbuf_add(&t, ow->raw, eq ? (size_t)(eq - ow->raw) : strlen(option));
				if (!eq)
					strbuf_reset(&t), strbuf_adds(&t, option);
				if (value)
					strbuf_addf(&t, "=%s", q.buf);
				ok = pt_replace_word(x, ci, (size_t)found->word, t.buf);
			}
		} else if (found->value_word >= 0) {
			const char *cur = c->words.v[found->value_word].value;
			if (value && !strcmp(cur, value))
				ok = true;
			else if (value)
				ok = pt_replace_word(x, ci, (size_t)found->value_word, q.buf);
			else
				ok = pt_remove_word(x, ci, (size_t)found->value_word);
		} else if (value) {
			strbuf_addf(&t, "%s%s%s", c->words.v[found->word].raw, use_equals ? "=" : " ", q.buf);
			ok = pt_replace_word(x, ci, (size_t)found->word, t.buf);
		} else {
			ok = true;
		}
	} else {
		strbuf_adds(&t, option);
		if (value)
			strbuf_addf(&t, "%s%s", use_equals ? "=" : " ", q.buf);
		ok = pt_insert_at_word(x, ci, at, t.buf);
	}
	strbuf_release(&q);
	strbuf_release(&t);
	return ok;
}

/* Inserts shell text (an option spelled as the launcher reads it) after the options of stage s. */
bool pt_add_stage_option(struct ctx *x, const struct stage *s, const char *shell)
{
	return pt_insert_at_word(x, s->cmd, stage_options_end(x, s), shell);
}

bool pt_op_set_launcher_option(struct ctx *x, const char *launcher, const char *option, const char *value)
{
	const struct stage *s = find_stage(x, launcher);
	if (!s)
		return pt_cannot(x, "the main launch line has no %s", launcher);
	struct optpos o;
	bool found = find_stage_option(x, s, option, &o);
	bool eq = equals_style(s->kind) && option[0] == '-' && option[1] == '-';
	return pt_set_option_words(x, s->cmd, found ? &o : NULL, option, value, eq, stage_options_end(x, s));
}

bool pt_remove_option(struct ctx *x, int ci, const struct optpos *o)
{
	if (o->value_word >= 0 && o->value_word != o->word && !pt_remove_word(x, ci, (size_t)o->value_word))
		return false;
	return pt_remove_word(x, ci, (size_t)o->word);
}

bool pt_op_remove_launcher_option(struct ctx *x, const char *launcher, const char *option)
{
	const struct stage *s = find_stage(x, launcher);
	if (!s)
		return pt_cannot(x, "the main launch line has no %s", launcher);
	struct optpos o;
	if (!find_stage_option(x, s, option, &o))
		return true; /* nothing to remove */
	/* a flag read by the launcher's table has no value word */
	return pt_remove_option(x, s->cmd, &o);
}

/* ---- modules ----------------------------------------------------------------------------------- */

/* Whether command ci is `module ...` / `ml ...`; *load gets the index of the first module name of
 * a load (0 when it is another subcommand). */
static bool module_cmd(const struct ctx *x, size_t ci, size_t *load)
{
	const struct jcmd *c = &x->js.cmds[ci];
	size_t i = c->nassign_prefix;
	*load = 0;
	if (c->depth || i >= c->words.nr)
		return false;
	const char *w = c->words.v[i].value;
	if (!strcmp(w, "ml")) {
		static const char *const other[] = {"purge", "unload", "del", "rm", "list", "avail", "av", "show",
						    "spider", "swap", "switch", "save", "restore", "use", "unuse",
						    "reset", "help", "keyword", "whatis", NULL};
		if (i + 1 >= c->words.nr)
			return true;
		const char *n = c->words.v[i + 1].value;
		if (!strcmp(n, "load") || !strcmp(n, "add"))
			*load = i + 2;
		else if (n[0] != '-' && n[0] != '+') {
			bool sub = false;
			for (const char *const *o = other; *o && !sub; o++)
				sub = !strcmp(*o, n);
			*load = sub ? 0 : i + 1;
		}
		return true;
	}
	if (strcmp(w, "module"))
		return false;
	for (size_t k = i + 1; k < c->words.nr; k++) {
		const char *v = c->words.v[k].value;
		if (v[0] == '-')
			continue;
		if (!strcmp(v, "load") || !strcmp(v, "add") || !strcmp(v, "try-load") || !strcmp(v, "try-add"))
			*load = k + 1;
		break;
	}
	return true;
}

static bool module_is(const char *word, const char *name)
{
	size_t n = strlen(name);
	return !strcmp(word, name) || (!strncmp(word, name, n) && word[n] == '/');
}

bool pt_op_add_module(struct ctx *x, const char *name)
{
	int last = -1, first_cmd = -1;
	for (size_t ci = 0; ci < x->js.ncmds; ci++) {
		if (x->js.cmds[ci].depth)
			continue;
		if (first_cmd < 0)
			first_cmd = (int)ci;
		size_t load;
		if (!module_cmd(x, ci, &load))
			continue;
		last = (int)ci;
		const struct jcmd *c = &x->js.cmds[ci];
		for (size_t k = load; load && k < c->words.nr; k++)
			if (!strcmp(c->words.v[k].value, name))
				return true; /* already loaded */
	}
	struct strbuf t = STRBUF_INIT;
	struct strbuf q = STRBUF_INIT;
	sh_quote_literal(name, &q);
	if (last >= 0) {
		int line = x->js.cmds[last].last_line;
		pt_indent_of(x, x->js.cmds[last].line, &t);
		strbuf_addf(&t, "module load %s\n", q.buf);
		size_t at = pt_line_next(x, line);
		if (at == x->len && x->len && x->text[x->len - 1] != '\n') {
			strbuf_reset(&t);
			strbuf_addf(&t, "\nmodule load %s", q.buf);
		}
		pt_add_edit(x, at, at, t.buf);
	} else if (first_cmd >= 0) {
		int line = pt_statement_line(x, first_cmd);
		pt_indent_of(x, line, &t);
		strbuf_addf(&t, "module load %s\n", q.buf);
		pt_add_edit(x, pt_line_start(x, line), pt_line_start(x, line), t.buf);
	} else {
		strbuf_addf(&t, "%smodule load %s\n", x->len && x->text[x->len - 1] != '\n' ? "\n" : "", q.buf);
		pt_add_edit(x, x->len, x->len, t.buf);
	}
	strbuf_release(&q);
	strbuf_release(&t);
	return true;
}

bool pt_op_swap_module(struct ctx *x, const char *from, const char *to)
{
	bool any = false;
	struct strbuf q = STRBUF_INIT;
	sh_quote_literal(to, &q);
	for (size_t ci = 0; ci < x->js.ncmds; ci++) {
		size_t load;
		if (!module_cmd(x, ci, &load) || !load)
			continue;
		const struct jcmd *c = &x->js.cmds[ci];
		for (size_t k = load; k < c->words.nr; k++)
			if (module_is(c->words.v[k].value, from)) {
				any = true;
				if (strcmp(c->words.v[k].value, to) && !pt_replace_word(x, (int)ci, k, q.buf)) {
					strbuf_release(&q);
					return false;
				}
			}
	}
	strbuf_release(&q);
	return any ? true : pt_op_add_module(x, to);
}

bool pt_op_remove_module(struct ctx *x, const char *name)
{
	for (size_t ci = 0; ci < x->js.ncmds; ci++) {
		size_t load;
		if (!module_cmd(x, ci, &load) || !load)
			continue;
		const struct jcmd *c = &x->js.cmds[ci];
		size_t names = 0, hits = 0;
		for (size_t k = load; k < c->words.nr; k++)
			if (c->words.v[k].value[0] != '-') {
				names++;
				hits += module_is(c->words.v[k].value, name);
			}
		if (!hits)
			continue;
		if (hits == names) {
			if (!pt_remove_command(x, (int)ci))
				return false;
			continue;
		}
		for (size_t k = load; k < c->words.nr; k++)
			if (module_is(c->words.v[k].value, name) && !pt_remove_word(x, (int)ci, k))
				return false;
	}
	return true;
}
