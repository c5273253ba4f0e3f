/* foreign.c - the other scheduler's job variables in a port's arguments and carried assignments:
 * names of the job itself ($SLURM_JOB_ID, $SLURM_SUBMIT_DIR, inside $(...) too) renamed to the
 * target scheduler's, the node list's first node or count computed the target's way, and the
 * ones with no equivalent ($SLURM_NTASKS under PBS) an error naming them. */
#include "port.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The variable of scheduler `to` that means what name (the other scheduler's) means for the whole job,
 * or NULL: counts and ranks differ with the launch shape, so only names of the job itself map. */
const char *sched_var_equivalent(const char *name, enum scheduler to)
{
	static const char *const pairs[][2] = {
		{"SLURM_JOB_ID", "PBS_JOBID"},		    {"SLURM_JOBID", "PBS_JOBID"},
		{"SLURM_SUBMIT_DIR", "PBS_O_WORKDIR"},	    {"SLURM_JOB_NAME", "PBS_JOBNAME"},
		{"SLURM_ARRAY_TASK_ID", "PBS_ARRAY_INDEX"}, {"SLURM_SUBMIT_HOST", "PBS_O_HOST"},
		/* the array job's own id (PBS Professional Reference Guide, "PBS Environment Variables": PBS_ARRAY_ID) */
		{"SLURM_ARRAY_JOB_ID", "PBS_ARRAY_ID"},
	};
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		if (to == SCHED_PBS && !strcmp(name, pairs[i][0]))
			return pairs[i][1];
		if (to == SCHED_SLURM && !strcmp(name, pairs[i][1]) && strcmp(pairs[i][0], "SLURM_JOBID"))
			return pairs[i][0];
	}
	return NULL;
}

/* The other scheduler's job variable a command substitution of raw reads ($(scontrol show hostnames
 * "$SLURM_JOB_NODELIST" | head -n 1), or the same in backquotes, on a PBS target), copied into out;
 * false when none. */
static bool foreign_in_subst(const char *raw, enum scheduler target, char *out, size_t size)
{
	const char *bad = target == SCHED_PBS ? "SLURM_" : target == SCHED_SLURM ? "PBS_" : NULL;
	if (!bad)
		return false;
	bool sq = false, bq = false;
	int depth = 0, arith = 0; /* arith: the depth of an arithmetic expansion $(( )), where NAME needs no $ */
	for (const char *p = raw; *p; p++) {
		if (sq) {
			sq = *p != '\'';
			continue;
		}
		if (*p == '\\' && p[1])
			p++;
		else if (*p == '\'')
			sq = true;
		else if (*p == '$' && p[1] == '(' && p[2] == '(' && !arith)
			arith = ++depth, p++;
		else if (*p == '$' && p[1] == '(')
			depth++, p++;
		else if (arith && depth >= arith && p > raw && !strchr("$_{", p[-1]) && !isalnum((unsigned char)p[-1]) &&
			 !strncmp(p, bad, strlen(bad))) {
			size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
			if (n > strlen(bad) && n < size) {
				memcpy(out, p, n);
				out[n] = 0;
				return true;
			}
		} else if (*p == ')' && depth && depth == arith && p[1] == ')')
			depth--, arith = 0, p++;
		else if (*p == ')' && depth)
			depth--;
		else if (*p == '`') /* the old form of a command substitution: `scontrol show hostnames ...` */
			depth += bq ? -1 : 1, bq = !bq;
		else if (*p == '$' && depth) {
			const char *v = p + 1 + (p[1] == '{');
			size_t n = strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
			if (n > strlen(bad) && n < size && !strncmp(v, bad, strlen(bad))) {
				memcpy(out, v, n);
				out[n] = 0;
				return true;
			}
		}
	}
	return false;
}

/* The target's own command for what a substitution of the old scheduler computes: the first node
 * (scontrol show hostnames ... | head -n 1, head -n 1 $PBS_NODEFILE) or the node count; NULL when it
 * is neither. */
static const char *subst_equivalent(const char *raw, enum scheduler target)
{
	bool first = strstr(raw, "head -n 1") || strstr(raw, "head -n1") || strstr(raw, "head -1");
	bool count = strstr(raw, "wc -l") != NULL;
	bool nodes = strstr(raw, "scontrol show hostname") || strstr(raw, "PBS_NODEFILE") || strstr(raw, "NODELIST");
	if (!nodes || first == count)
		return NULL;
	if (target == SCHED_PBS)
		return first ? "$(head -n 1 \"$PBS_NODEFILE\")" : "$(wc -l < \"$PBS_NODEFILE\")";
	return first ? "$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)" : "${SLURM_JOB_NUM_NODES}";
}

/* Whether the '$' (or "${") before raw[at] is shell syntax in the word raw: not inside single quotes or
 * $'...', not escaped by a backslash. '$SLURM_NNODES' in single quotes is that text, in the old job and in
 * the port alike. */
static bool live_at(const char *raw, size_t at)
{
	size_t d = at - 1; /* the '$', or the '{' of "${" */
	if (raw[d] == '{' && d > 0 && raw[d - 1] == '$')
		d--;
	bool sq = false, ansi = false, dq = false;
	for (size_t i = 0; i < d; i++) {
		char ch = raw[i];
		if (sq) {
			if (ansi && ch == '\\')
				i++;
			else if (ch == '\'')
				sq = ansi = false;
		} else if (ch == '\\') {
			if (i + 1 == d)
				return false; /* \$NAME */
			i++;
		} else if (ch == '"') {
			dq = !dq;
		} else if (ch == '\'' && !dq) {
			sq = true;
			ansi = i > 0 && raw[i - 1] == '$';
		}
	}
	return !sq;
}

/* Renames the job variables of the other scheduler in w (said, naming what), and lists the ones with no
 * equivalent in why. */
static void foreign_in_word(const struct cluster *target, struct request *req, struct shword *w, const char *name,
			    struct strvec *why)
{
	/* "argument X" or "NAME=X" (a carried assignment) */
	const char *what = name ? name : "argument", *sep = name ? "=" : " ";
	const char *sched = target->scheduler == SCHED_PBS ? "PBS" : "Slurm";
	char sv[64];
	/* a job variable with an equivalent read inside a command substitution
	 * ($(sed -n "${SLURM_ARRAY_TASK_ID}p" list)): renamed there too */
	for (const char *to; w->raw && foreign_in_subst(w->raw, target->scheduler, sv, sizeof(sv)) &&
			     (to = sched_var_equivalent(sv, target->scheduler)) != NULL;) {
		char *before = xstrdup(w->raw);
		shword_rename_text(w, sv, to);
		bool changed = strcmp(before, w->raw) != 0;
		if (changed)
			request_warn(req, "%s%s%s: $%s renamed to $%s inside its %s, its equivalent under %s on %s",
				     what, sep, before, sv, to, strstr(before, "$((") ? "arithmetic expansion" : "command substitution", sched,
				     target->name);
		free(before);
		if (!changed)
			break; /* ${NAME:-x} and the like: left to the refusal below */
	}
	if (w->raw && foreign_in_subst(w->raw, target->scheduler, sv, sizeof(sv))) {
		const char *eq = subst_equivalent(w->raw, target->scheduler);
		struct shwords tmp;
		shwords_init(&tmp);
		if (eq)
			shlex_split(eq, strlen(eq), &tmp);
		if (tmp.nr == 1) {
			request_warn(req, "%s%s%s: rewritten as %s, its equivalent under %s on %s", what, sep, w->raw, eq, sched,
				     target->name);
			shword_release(w);
			*w = tmp.v[0];
			tmp.nr = 0;
		} else {
			strvec_pushf(why, "%s%s%s runs a command on $%s, which %s does not set on %s: write the value itself, or "
					  "give the program and its arguments with the port (--from OLD --to %s 'train.py ARGS')",
				     what, sep, w->raw, sv, sched, target->name, target->id);
		}
		shwords_release(&tmp);
		return;
	}
	for (size_t k = 0; k < w->nsegs; k++) {
		const char *v = w->segs[k].kind == SEG_VAR ? w->segs[k].text : NULL;
		if (!v)
			continue;
		const char *to = sched_var_equivalent(v, target->scheduler);
		if (to) {
			char *shown = xstrdup(w->value);
			request_warn(req, "%s%s%s: $%s renamed to $%s, its equivalent under %s on %s", what, sep, shown, v, to,
				     sched, target->name);
			shword_rename_var(w, k, to);
			free(shown);
			continue;
		}
		bool slurm = !strncmp(v, "SLURM_", 6), pbs = !strncmp(v, "PBS_", 4);
		if ((slurm && target->scheduler != SCHED_SLURM) || (pbs && target->scheduler != SCHED_PBS))
			strvec_pushf(why, "%s%s%s uses $%s, which %s does not set on %s and which has no equivalent there "
					  "(counts and ranks depend on how the old script launched): write the value itself, or "
					  "give the program and its arguments with the port (--from OLD --to %s 'train.py ARGS')",
				     what, sep, w->value, v, sched, target->name, target->id);
	}
	/* the other scheduler's variable inside an expansion the word reader keeps whole (an array subscript,
	 * ${LRS[$SLURM_ARRAY_TASK_ID]}): renamed there when it has an equivalent (said), else the port is
	 * refused rather than left wrong */
	const char *foreign = target->scheduler == SCHED_PBS ? "SLURM_" : target->scheduler == SCHED_SLURM ? "PBS_" : NULL;
	for (const char *p = foreign && w->raw ? strstr(w->raw, foreign) : NULL; p;) {
		size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		char nm[64];
		const char *to = NULL;
		if (p > w->raw && (p[-1] == '$' || p[-1] == '{') && n < sizeof(nm) && strchr(w->raw, '[')) {
			memcpy(nm, p, n);
			nm[n] = '\0';
			to = sched_var_equivalent(nm, target->scheduler);
		}
		if (!to) {
			p = strstr(p + 1, foreign);
			continue;
		}
		char *before = xstrdup(w->raw);
		shword_rename_text(w, nm, to);
		bool changed = strcmp(before, w->raw) != 0;
		if (changed)
			request_warn(req, "%s%s%s: $%s renamed to $%s inside its array subscript, its equivalent under %s on %s",
				     what, sep, before, nm, to, sched, target->name);
		free(before);
		if (!changed)
			break;
		p = strstr(w->raw, foreign);
	}
	for (const char *p = foreign && w->raw ? strstr(w->raw, foreign) : NULL; p; p = strstr(p + 1, foreign)) {
		if (p == w->raw || (p[-1] != '$' && p[-1] != '{') || !live_at(w->raw, (size_t)(p - w->raw)))
			continue;
		size_t n = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		bool seg = false;
		for (size_t k = 0; k < w->nsegs && !seg; k++)
			seg = w->segs[k].kind == SEG_VAR && strlen(w->segs[k].text) == n && !strncmp(w->segs[k].text, p, n);
		if (!seg) {
			strvec_pushf(why, "%s%s%s uses $%.*s inside an expansion maple does not rewrite, and %s does not set it on %s: "
					  "write that line for %s by hand",
				     what, sep, w->raw, (int)n, p, sched, target->name, target->name);
			return;
		}
	}
}

/* The program's own path named through the other scheduler's job variable (${SLURM_SUBMIT_DIR}/train.py,
 * $PBS_O_WORKDIR/src/train.py): renamed to the target's equivalent (said), or listed in why. */
static void foreign_in_program(const struct cluster *target, struct request *req, struct strvec *why)
{
	const char *foreign = target->scheduler == SCHED_PBS ? "SLURM_" : target->scheduler == SCHED_SLURM ? "PBS_" : NULL;
	const char *sched = target->scheduler == SCHED_PBS ? "PBS" : "Slurm";
	for (int guard = 0; foreign && req->script && guard < 8; guard++) {
		const char *p = req->script, *hit = NULL;
		for (; (p = strstr(p, foreign)) != NULL; p++)
			if (p > req->script && (p[-1] == '$' || (p[-1] == '{' && p - 1 > req->script && p[-2] == '$'))) {
				hit = p;
				break;
			}
		if (!hit)
			return;
		char name[64];
		size_t n = strspn(hit, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		snprintf(name, sizeof(name), "%.*s", (int)(n < sizeof(name) ? n : sizeof(name) - 1), hit);
		const char *to = sched_var_equivalent(name, target->scheduler);
		if (!to) {
			strvec_pushf(why, "the program %s uses $%s, which %s does not set on %s: write its path itself, or give the "
					  "program and its arguments with the port (--from OLD --to %s 'train.py ARGS')",
				     req->script, name, sched, target->name, target->id);
			return;
		}
		char *before = xstrdup(req->script);
		struct shword w = {0};
		w.value = req->script;
		shword_rename_text(&w, name, to);
		req->script = w.value;
		bool changed = strcmp(before, req->script) != 0;
		if (changed)
			request_warn(req, "the program %s: $%s renamed to $%s, its equivalent under %s on %s", before, name, to,
				     sched, target->name);
		free(before);
		if (!changed)
			return;
	}
}

enum port_status port_foreign_sched_vars(const struct cluster *target, struct request *req, struct strvec *why)
{
	size_t before = why->nr;
	foreign_in_program(target, req, why);
	for (size_t i = 0; i < req->args.nr; i++)
		foreign_in_word(target, req, &req->args.v[i], NULL, why);
	for (size_t i = 0; i < req->env_values.nr && i < req->env_names.nr; i++)
		foreign_in_word(target, req, &req->env_values.v[i], req->env_names.v[i], why);
	return why->nr > before ? PORT_ERROR : PORT_OK;
}
