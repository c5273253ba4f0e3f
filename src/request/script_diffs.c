/* script_diffs.c - a diff of a pasted job script read as its new version: unified diffs (with or without
 * their "--- a/x" / "+++ b/x" / "@@ -3,6 +3,6 @@" headers, as `git diff`, `git show` and `git log -p` print
 * them), bare "-old" / "+new" line pairs, `diff`'s normal output ("3c3", "< old", "---", "> new") and word
 * diffs ("-N [-2-]{+8+}"). The new side is what the request asks for: added and kept lines stay (their
 * marks removed), removed lines go, unless the writer's own words reject that hunk ("the qos hunk got
 * vetoed, keep regular"), which keeps its old side instead. The readers of pasted scripts then read the
 * new version as if it had been pasted whole. sed edits and labelled before/after lines: script_edits.c. */
#include "reader.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

enum line_kind {
	LK_OTHER,
	LK_EMPTY,
	LK_DEL,	     /* "-#SBATCH -N 2", "- #PBS -q debug" */
	LK_ADD,	     /* "+#SBATCH -N 8" */
	LK_CTX,	     /* " #SBATCH -t 10:00:00" (a kept line of a hunk) */
	LK_HUNK,     /* "@@ -3,6 +3,6 @@" */
	LK_FILE_OLD, /* "--- a/job.sh" */
	LK_FILE_NEW, /* "+++ b/job.sh" */
	LK_GIT,	     /* "diff --git a/x b/x", "index 3e1f2a9..8c0d4b1 100644", "\ No newline at end of file" */
};

/* What a changed line sets: its directive's option, or the launch line. */
enum subject { SJ_NONE, SJ_NODES, SJ_TIME, SJ_QUEUE, SJ_ACCOUNT, SJ_GPUS, SJ_NAME, SJ_CONSTRAINT, SJ_LAUNCH, SJ_N };

struct line {
	size_t a, b; /* [a, b) of text, the newline excluded */
	enum line_kind kind;
	bool region;	/* inside a diff read as its new side */
	bool keep_old;	/* a removed line of a hunk the words reject: kept */
	bool drop_new;	/* an added line of a hunk the words reject: dropped */
	bool commit_date; /* "Date:   Mon Nov 23 09:14:52 2026 -0500" under a commit's header: not a time */
	bool spaced;	/* its diff writes a blank after every mark ("- #PBS -q debug" / "+ #PBS -q prod") */
};

static bool starts(const char *s, size_t a, size_t b, const char *w)
{
	size_t l = strlen(w);
	return b - a >= l && !strncmp(s + a, w, l);
}

static bool is_hex_run(const char *s, size_t a, size_t b, size_t min)
{
	size_t n = 0;
	while (a + n < b && isxdigit((unsigned char)s[a + n]))
		n++;
	return n >= min;
}

/* "@@ -3,6 +3,6 @@" (and "@@ -1 +1 @@ #!/bin/bash", the function context after it) */
static bool hunk_header(const char *s, size_t a, size_t b)
{
	if (!starts(s, a, b, "@@ -") || b - a < 8 || !isdigit((unsigned char)s[a + 4]))
		return false;
	for (size_t p = a + 4; p + 1 < b; p++)
		if (s[p] == '+' && isdigit((unsigned char)s[p + 1]))
			return memmem(s + p, b - p, "@@", 2) != NULL;
	return false;
}

/* A `git format-patch` diffstat line: " jobs/run.sh | 4 ++--", " 1 file changed, 2 insertions(+), 2 deletions(-)". */
static bool diffstat(const char *s, size_t a, size_t b)
{
	if (b - a < 4 || s[a] != ' ' || s[a + 1] == ' ')
		return false;
	const char *bar = memchr(s + a, '|', b - a);
	if (bar) {
		size_t p = (size_t)(bar - s) + 1, d;
		while (p < b && s[p] == ' ')
			p++;
		for (d = p; p < b && isdigit((unsigned char)s[p]); p++)
			;
		if (p == d)
			return false;
		while (p < b && (s[p] == ' ' || s[p] == '+' || s[p] == '-'))
			p++;
		return p == b;
	}
	size_t p = a + 1;
	while (p < b && isdigit((unsigned char)s[p]))
		p++;
	return p > a + 1 && (starts(s, p, b, " file changed") || starts(s, p, b, " files changed"));
}

static enum line_kind classify(const char *s, size_t a, size_t b)
{
	while (b > a && s[b - 1] == '\r')
		b--;
	if (a == b)
		return LK_EMPTY;
	if (hunk_header(s, a, b))
		return LK_HUNK;
	if (starts(s, a, b, "diff --git ") || starts(s, a, b, "new file mode ") || starts(s, a, b, "deleted file mode ") ||
	    starts(s, a, b, "similarity index ") || starts(s, a, b, "rename from ") || starts(s, a, b, "rename to ") ||
	    starts(s, a, b, "\\ No newline at end of file") ||
	    (starts(s, a, b, "index ") && is_hex_run(s, a + 6, b, 7) && memmem(s + a, b - a, "..", 2)))
		return LK_GIT;
	if (diffstat(s, a, b))
		return LK_GIT;
	if (starts(s, a, b, "--- ") && b - a > 4 && s[a + 4] != ' ')
		return LK_FILE_OLD;
	if (starts(s, a, b, "+++ ") && b - a > 4 && s[a + 4] != ' ')
		return LK_FILE_NEW;
	if (s[a] == '-' && (b - a == 1 || s[a + 1] != '-'))
		return LK_DEL;
	if (s[a] == '+' && (b - a == 1 || s[a + 1] != '+'))
		return LK_ADD;
	if (s[a] == ' ' || s[a] == '\t')
		return s[a] == ' ' ? LK_CTX : LK_OTHER;
	return LK_OTHER;
}

/* The content of a changed line: after its mark and the blanks that follow it. */
static size_t content_at(const char *s, const struct line *l)
{
	size_t p = l->a + (l->kind == LK_DEL || l->kind == LK_ADD);
	while (p < l->b && (s[p] == ' ' || s[p] == '\t'))
		p++;
	return p;
}

/* A line of a job script: a scheduler directive, or a command a job script runs. */
static bool scriptish(const char *s, size_t p, size_t b)
{
	static const char *const directives[] = {"#SBATCH", "#PBS", "#BSUB", "#COBALT", "#flux:", "#$ ", "#!/", NULL};
	for (size_t k = 0; directives[k]; k++)
		if (starts(s, p, b, directives[k]))
			return true;
	static const char *const commands[] = {
		"srun", "mpiexec", "mpirun", "ibrun", "aprun", "jsrun", "torchrun", "python", "python3", "deepspeed",
		"accelerate", "horovodrun", "apptainer", "singularity", "podman-hpc", "shifter", "export", "module",
		"ml", "source", "conda", "launch", "bash", "sh", "exec", "numactl", "nsys", "flux", "lightning", NULL};
	size_t e = p;
	while (e < b && !isspace((unsigned char)s[e]))
		e++;
	for (size_t k = 0; commands[k]; k++)
		if (e - p == strlen(commands[k]) && !strncmp(s + p, commands[k], e - p))
			return true;
	return false;
}

/* The first word of a changed line's content, up to a blank, ':' or '=' ("#SBATCH", "nodes", "srun"). */
static size_t first_word(const char *s, size_t p, size_t b)
{
	size_t e = p;
	while (e < b && !isspace((unsigned char)s[e]) && s[e] != ':' && s[e] != '=')
		e++;
	return e - p;
}

/* Whether the lines [i, j) form a diff to read as its new side: a diff's headers ("@@ -3,6 +3,6 @@",
 * "--- a/x" then "+++ b/x", "diff --git") with a changed line; or, without headers, a removed and an added
 * line that are both job script lines (or open with the same word: "-nodes: 2" / "+nodes: 8"), or added
 * script lines among kept directives; never a list of "- " items alone. */
static bool is_diff(const char *s, const struct line *L, size_t i, size_t j)
{
	bool header = false, del_script = false, add_script = false, changed = false, deleted = false, ctx_directive = false;
	for (size_t k = i; k < j; k++) {
		if (L[k].kind == LK_HUNK || L[k].kind == LK_GIT ||
		    (L[k].kind == LK_FILE_NEW && k > i && L[k - 1].kind == LK_FILE_OLD))
			header = true;
		if (L[k].kind == LK_CTX && (starts(s, L[k].a, L[k].b, " #SBATCH") || starts(s, L[k].a, L[k].b, " #PBS")))
			ctx_directive = true;
		deleted = deleted || L[k].kind == LK_DEL;
		if (L[k].kind != LK_DEL && L[k].kind != LK_ADD)
			continue;
		changed = true;
		if (L[k].kind == LK_DEL ? del_script : add_script)
			continue;
		size_t p = content_at(s, &L[k]);
		bool sc = scriptish(s, p, L[k].b);
		/* (its partner within 16 lines: a hunk's removed and added lines sit together) */
		for (size_t m = k > i + 16 ? k - 16 : i; !sc && m < j && m <= k + 16; m++) {
			if (L[m].kind == (L[k].kind == LK_DEL ? LK_ADD : LK_DEL)) {
				size_t q = content_at(s, &L[m]);
				size_t w = first_word(s, p, L[k].b);
				sc = w >= 2 && w == first_word(s, q, L[m].b) && !strncmp(s + p, s + q, w) && isalpha((unsigned char)s[p]);
			}
		}
		if (L[k].kind == LK_DEL)
			del_script = del_script || sc;
		else
			add_script = add_script || sc;
	}
	/* (lines added among kept directives: "+#SBATCH --qos=premium" under " #SBATCH -N 4"; never lines
	 * only taken out without a header, which may be a list of "- #SBATCH" items) */
	return changed && (header || (del_script && add_script) || (add_script && ctx_directive && !deleted));
}

/* What a changed line sets, by its directive's option ("#SBATCH -q premium": the queue), SJ_LAUNCH for a
 * command line. */
static enum subject line_subject(const char *s, size_t p, size_t b)
{
	bool pbs = starts(s, p, b, "#PBS");
	if (!starts(s, p, b, "#SBATCH") && !pbs)
		return scriptish(s, p, b) ? SJ_LAUNCH : SJ_NONE;
	p += pbs ? 4 : 7;
	while (p < b && isspace((unsigned char)s[p]))
		p++;
	if (pbs && starts(s, p, b, "-l")) {
		p += 2;
		while (p < b && isspace((unsigned char)s[p]))
			p++;
		if (starts(s, p, b, "select") || starts(s, p, b, "nodes") || starts(s, p, b, "place"))
			return SJ_NODES;
		if (starts(s, p, b, "walltime"))
			return SJ_TIME;
		return SJ_NONE;
	}
	static const struct {
		const char *opt;
		enum subject sj;
	} opts[] = {{"--nodes", SJ_NODES},	  {"-N", SJ_NODES},	  {"--time", SJ_TIME},	       {"-t", SJ_TIME},
		    {"--qos", SJ_QUEUE},	  {"-q", SJ_QUEUE},	  {"--partition", SJ_QUEUE}, {"-p", SJ_QUEUE},
		    {"--account", SJ_ACCOUNT},	  {"-A", SJ_ACCOUNT},	  {"--gpus", SJ_GPUS},	       {"--gres", SJ_GPUS},
		    {"--ntasks", SJ_GPUS},	  {"-n", SJ_GPUS},	  {"-G", SJ_GPUS},	       {"--job-name", SJ_NAME},
		    {"-J", SJ_NAME},		  {"--constraint", SJ_CONSTRAINT}, {"-C", SJ_CONSTRAINT}, {NULL, SJ_NONE}};
	for (size_t k = 0; opts[k].opt; k++) {
		size_t l = strlen(opts[k].opt);
		if (starts(s, p, b, opts[k].opt) && (p + l == b || !isalpha((unsigned char)s[p + l]) || opts[k].opt[1] == '-'))
			return pbs && opts[k].sj == SJ_QUEUE && s[p + 1] == 'p' ? SJ_NONE : opts[k].sj;
	}
	return SJ_NONE;
}

/* The words that name what a hunk changes ("the qos hunk", "the walltime change"). */
static enum subject subject_word(const char *w, size_t n)
{
	static const struct {
		const char *w;
		enum subject sj;
	} words[] = {{"node", SJ_NODES},	 {"nodes", SJ_NODES},	    {"select", SJ_NODES},     {"size", SJ_NODES},
		     {"scale", SJ_NODES},	 {"nnodes", SJ_NODES},     {"time", SJ_TIME},
		     {"walltime", SJ_TIME},	 {"wall-time", SJ_TIME},    {"wallclock", SJ_TIME},   {"timelimit", SJ_TIME},
		     {"hours", SJ_TIME},	 {"duration", SJ_TIME},	    {"qos", SJ_QUEUE},	      {"queue", SJ_QUEUE},
		     {"partition", SJ_QUEUE},	 {"-q", SJ_QUEUE},	    {"-p", SJ_QUEUE},	      {"account", SJ_ACCOUNT},
		     {"allocation", SJ_ACCOUNT}, {"project", SJ_ACCOUNT},   {"-a", SJ_ACCOUNT},	      {"gpu", SJ_GPUS},
		     {"gpus", SJ_GPUS},		 {"gres", SJ_GPUS},	    {"tasks", SJ_GPUS},	      {"ntasks", SJ_GPUS},
		     {"name", SJ_NAME},		 {"constraint", SJ_CONSTRAINT}, {"launch", SJ_LAUNCH},  {"launcher", SJ_LAUNCH},
		     {"command", SJ_LAUNCH},	 {"srun", SJ_LAUNCH},	    {"mpiexec", SJ_LAUNCH},   {"ibrun", SJ_LAUNCH},
		     {"torchrun", SJ_LAUNCH},	 {"script", SJ_LAUNCH},	    {"arguments", SJ_LAUNCH}, {"args", SJ_LAUNCH},
		     {NULL, SJ_NONE}};
	for (size_t k = 0; words[k].w; k++)
		if (strlen(words[k].w) == n && !strncasecmp(w, words[k].w, n))
			return words[k].sj;
	return SJ_NONE;
}

static bool in_list(const char *w, size_t n, const char *const *list)
{
	for (size_t k = 0; list[k]; k++)
		if (strlen(list[k]) == n && !strncasecmp(w, list[k], n))
			return true;
	return false;
}

/* A clause's words, split on blanks and punctuation (kept inside a word: '-', '_', '.', ':' between
 * characters of it). */
struct word {
	size_t a, n;
};

static size_t clause_words(const char *s, size_t a, size_t b, struct word *w, size_t max)
{
	size_t n = 0;
	for (size_t p = a; p < b && n < max;) {
		while (p < b && !isalnum((unsigned char)s[p]) && !(s[p] == '-' && p + 1 < b && isalpha((unsigned char)s[p + 1])))
			p++;
		size_t q = p;
		while (q < b && (isalnum((unsigned char)s[q]) || s[q] == '_' || s[q] == '\'' ||
				 ((s[q] == '-' || s[q] == '.' || s[q] == ':') && q + 1 < b && isalnum((unsigned char)s[q + 1]))))
			q++;
		if (q > p)
			w[n++] = (struct word){p, q - p};
		p = q;
	}
	return n;
}

/* A value only the removed lines of its subject hold ("regular" of "-#SBATCH -q regular" / "+#SBATCH -q
 * premium"): what "keep regular" keeps. */
struct old_value {
	size_t a, n;
	enum subject sj;
};

static bool line_has_word(const char *s, size_t p, size_t b, const char *w, size_t n)
{
	for (size_t q = p; q + n <= b; q++)
		if (!strncasecmp(s + q, w, n) && (q == p || !isalnum((unsigned char)s[q - 1])) &&
		    (q + n == b || !isalnum((unsigned char)s[q + n])))
			return true;
	return false;
}

/* The old values of the diffs' first removed lines (at most max). */
static size_t old_values(const char *s, const struct line *L, size_t nl, struct old_value *v, size_t max)
{
	size_t n = 0;
	struct word w[16];
	for (size_t k = 0, seen = 0; k < nl && seen < 64 && n < max; k++) {
		if (!L[k].region || L[k].kind != LK_DEL)
			continue;
		seen++;
		size_t p = content_at(s, &L[k]);
		enum subject sj = line_subject(s, p, L[k].b);
		if (sj == SJ_NONE)
			continue;
		size_t nw = clause_words(s, p, L[k].b, w, sizeof(w) / sizeof(*w));
		for (size_t i = 1; i < nw && n < max; i++) { /* (not "#SBATCH" itself) */
			bool added = false;
			for (size_t m = k > 32 ? k - 32 : 0; m < nl && m <= k + 32 && !added; m++)
				added = L[m].region && L[m].kind == LK_ADD && line_subject(s, content_at(s, &L[m]), L[m].b) == sj &&
					line_has_word(s, content_at(s, &L[m]), L[m].b, s + w[i].a, w[i].n);
			if (!added)
				v[n++] = (struct old_value){w[i].a, w[i].n, sj};
		}
	}
	return n;
}

/* The subjects whose hunks the writer's words reject, as a bit set: in one clause (up to '.', ';', '!',
 * '?' or a line's end) of the lines outside the diffs, a veto ("vetoed", "rejected", "revert", "ignore
 * the", "don't apply") and a subject named as a change ("the qos hunk", "the walltime change", "the change
 * to the partition"); or "keep" with a value only the removed lines of that subject hold ("keep regular"),
 * or with "the old/original/current" subject ("keep the old partition"); or every subject but the ones
 * taken alone ("only the time hunk", "just the node change"). */
static unsigned rejected_subjects(const char *s, const struct line *L, size_t nl)
{
	static const char *const veto[] = {"veto",	"vetoed",   "reject",	  "rejected",  "revert",   "reverted",
					   "undo",	"undid",    "ignore",	  "ignored",   "skip",	   "skipped",
					   "discard",	"discarded", "scrap",	  "scrapped",  "declined", "denied",
					   "refused",	"nixed",    "overruled", "overrule",  "drop",	   "dropped",
					   "exclude",	"excluded", NULL};
	static const char *const change[] = {"hunk", "hunks", "change", "changes", "edit", "edits", "bump", "part",
					     "update", "increase", "switch", "line", "lines", "diff", NULL};
	static const char *const keep[] = {"keep", "keeping", "stay", "stays", "staying", "retain", NULL};
	static const char *const old[] = {"old", "original", "current", "previous", "existing", NULL};
	unsigned rejected = 0, only = 0;
	struct word w[64];
	struct old_value ov[64];
	size_t nov = old_values(s, L, nl, ov, sizeof(ov) / sizeof(*ov));
	for (size_t k = 0; k < nl; k++) {
		if (L[k].region)
			continue;
		for (size_t a = L[k].a; a < L[k].b;) {
			size_t b = a;
			while (b < L[k].b && !strchr(";!?", s[b]) && !(s[b] == '.' && (b + 1 == L[k].b || s[b + 1] == ' ')))
				b++;
			size_t n = clause_words(s, a, b, w, sizeof(w) / sizeof(*w));
			/* the veto words of the clause (by word index), "don't apply", "not approved" among them */
			bool vetoed = false;
			size_t vetoes[8], nv = 0;
			for (size_t i = 0; i < n; i++) {
				bool v = in_list(s + w[i].a, w[i].n, veto) ||
					 (i + 1 < n && (in_list(s + w[i].a, w[i].n, (const char *const[]){"don't", "not", "isn't", "wasn't", "never", NULL})) &&
					  in_list(s + w[i + 1].a, w[i + 1].n, (const char *const[]){"apply", "approved", "accepted", "use", NULL}));
				if (v && nv < 8)
					vetoes[nv++] = i;
				vetoed = vetoed || v;
			}
			for (size_t i = 0; i < n; i++) {
				enum subject sj = subject_word(s + w[i].a, w[i].n);
				/* "the qos hunk", "the walltime change"; "the change to the qos" */
				bool named = sj != SJ_NONE &&
					     ((i + 1 < n && in_list(s + w[i + 1].a, w[i + 1].n, change)) ||
					      (i >= 2 && in_list(s + w[i - 1].a, w[i - 1].n, (const char *const[]){"the", "to", "of", "for", NULL}) &&
					       (in_list(s + w[i - 2].a, w[i - 2].n, change) ||
						(i >= 3 && in_list(s + w[i - 2].a, w[i - 2].n, (const char *const[]){"to", "of", "for", NULL}) &&
						 in_list(s + w[i - 3].a, w[i - 3].n, change)))));
				/* (the veto within 5 words of what it rejects: "ignore the warnings; the launch line is
				 * new" rejects nothing) */
				bool near = false;
				for (size_t v = 0; v < nv && !near; v++)
					near = vetoes[v] + 5 >= i && vetoes[v] <= i + 5;
				if (named && near)
					rejected |= 1u << sj;
				/* "only the time hunk", "just the node change": the other hunks are not taken */
				size_t o = i >= 1 && in_list(s + w[i - 1].a, w[i - 1].n, (const char *const[]){"the", NULL}) ? i - 1 : i;
				if (named && !vetoed && o >= 1 && i + 1 < n && in_list(s + w[i + 1].a, w[i + 1].n, change) &&
				    in_list(s + w[o - 1].a, w[o - 1].n, (const char *const[]){"only", "just", NULL}))
					only |= 1u << sj;
				if (!in_list(s + w[i].a, w[i].n, keep))
					continue;
				/* "keep regular", "keep it at 06:00:00", "keep the old partition" */
				for (size_t m = i + 1; m < n && m <= i + 4; m++) {
					if (in_list(s + w[m].a, w[m].n, old) && m + 1 < n &&
					    (sj = subject_word(s + w[m + 1].a, w[m + 1].n)) != SJ_NONE) {
						rejected |= 1u << sj;
						break;
					}
					/* (not a value said of another subject: "keep 4 GPUs per node" is no node count) */
					enum subject unit = m + 1 < n ? subject_word(s + w[m + 1].a, w[m + 1].n) : SJ_NONE;
					for (size_t q = 0; q < nov; q++)
						if (ov[q].n == w[m].n && !strncasecmp(s + ov[q].a, s + w[m].a, w[m].n) &&
						    (unit == SJ_NONE || unit == ov[q].sj))
							rejected |= 1u << ov[q].sj;
				}
			}
			a = b + 1;
		}
	}
	if (only)
		rejected |= ((1u << SJ_N) - 1) & ~only & ~1u;
	return rejected;
}

/* Marks the unified diffs of the text (L[i].region) and, where the words reject a hunk, its lines. */
static bool mark_unified(const char *s, struct line *L, size_t nl)
{
	bool any = false;
	for (size_t i = 0; i < nl;) {
		if (L[i].kind == LK_OTHER || L[i].kind == LK_EMPTY) {
			i++;
			continue;
		}
		size_t j = i;
		while (j < nl && L[j].kind != LK_OTHER) {
			if (L[j].kind == LK_EMPTY) { /* a blank line inside a hunk: only when the diff goes on after it */
				size_t k = j;
				while (k < nl && L[k].kind == LK_EMPTY)
					k++;
				if (k == nl || L[k].kind == LK_OTHER)
					break;
			}
			j++;
		}
		if (is_diff(s, L, i, j)) {
			bool spaced = true;
			for (size_t k = i; k < j; k++)
				if ((L[k].kind == LK_DEL || L[k].kind == LK_ADD) && L[k].b > L[k].a + 1 && s[L[k].a + 1] != ' ')
					spaced = false;
			for (size_t k = i; k < j; k++)
				L[k].region = true, L[k].spaced = spaced;
			any = true;
		}
		i = j;
	}
	if (!any)
		return false;
	unsigned rejected = rejected_subjects(s, L, nl);
	for (size_t k = 0; rejected && k < nl; k++) {
		if (!L[k].region || (L[k].kind != LK_DEL && L[k].kind != LK_ADD))
			continue;
		enum subject sj = line_subject(s, content_at(s, &L[k]), L[k].b);
		if (sj != SJ_NONE && (rejected & (1u << sj))) {
			L[k].keep_old = L[k].kind == LK_DEL;
			L[k].drop_new = L[k].kind == LK_ADD;
		}
	}
	return true;
}

/* `diff`'s normal output: "3c3" / "5,6c5,6" / "7a8" / "9d8", then "< " old lines, "---", "> " new lines. */
static bool normal_command(const char *s, size_t a, size_t b)
{
	size_t p = a;
	int parts = 0;
	for (int side = 0; side < 2; side++) {
		size_t d = p;
		while (p < b && isdigit((unsigned char)s[p]))
			p++;
		if (p == d)
			return false;
		if (p < b && s[p] == ',') {
			d = ++p;
			while (p < b && isdigit((unsigned char)s[p]))
				p++;
			if (p == d)
				return false;
		}
		if (side == 0) {
			if (p >= b || !strchr("acd", s[p]))
				return false;
			p++;
		}
		parts++;
	}
	while (p < b && (s[p] == ' ' || s[p] == '\r'))
		p++;
	return p == b && parts == 2;
}

static bool mark_normal(const char *s, struct line *L, size_t nl)
{
	bool any = false;
	for (size_t i = 0; i < nl; i++) {
		if (!normal_command(s, L[i].a, L[i].b) || i + 1 >= nl || (s[L[i + 1].a] != '<' && s[L[i + 1].a] != '>'))
			continue;
		L[i].region = true;
		L[i].kind = LK_GIT; /* dropped */
		size_t k = i + 1;
		for (; k < nl; k++) {
			size_t a = L[k].a, b = L[k].b;
			if (b > a && s[a] == '<')
				L[k].kind = LK_DEL;
			else if (b > a && s[a] == '>')
				L[k].kind = LK_ADD;
			else if (b - a == 3 && !strncmp(s + a, "---", 3))
				L[k].kind = LK_GIT;
			else
				break;
			L[k].region = true;
		}
		any = true;
		i = k - 1;
	}
	return any;
}

/* A line with its word-diff marks resolved: "[-old-]" gone, "{+new+}" its words. Whether it had any. */
static bool add_word_diff(struct strbuf *out, const char *s, size_t a, size_t b)
{
	bool any = false;
	for (size_t p = a; p < b;) {
		const char *close = NULL;
		if (p + 1 < b && s[p] == '[' && s[p + 1] == '-' && (close = memmem(s + p + 2, b - p - 2, "-]", 2)) != NULL &&
		    close - (s + p) <= 200) {
			p = (size_t)(close - s) + 2;
			any = true;
			continue;
		}
		if (p + 1 < b && s[p] == '{' && s[p + 1] == '+' && (close = memmem(s + p + 2, b - p - 2, "+}", 2)) != NULL &&
		    close - (s + p) <= 200) {
			strbuf_add(out, s + p + 2, (size_t)(close - s) - p - 2);
			p = (size_t)(close - s) + 2;
			any = true;
			continue;
		}
		strbuf_addch(out, s[p]);
		p++;
	}
	return any;
}

static bool has_word_diff(const char *s, size_t a, size_t b)
{
	const char *o = memmem(s + a, b - a, "[-", 2), *n = memmem(s + a, b - a, "{+", 2);
	return (o && memmem(o, (size_t)(s + b - o), "-]", 2)) || (n && memmem(n, (size_t)(s + b - n), "+}", 2));
}

/* "commit 9f3ab12c0d" of git log, "From 1a2b3c4d5e6f Mon Sep 17 00:00:00 2001" of git format-patch */
static bool commit_header(const char *s, size_t a, size_t b)
{
	return (starts(s, a, b, "commit ") && is_hex_run(s, a + 7, b, 7)) || (starts(s, a, b, "From ") && is_hex_run(s, a + 5, b, 12));
}

char *rd_read_script_diffs(const char *text, size_t len, size_t *out_len)
{
	size_t nl = 1;
	for (size_t p = 0; p < len; p++)
		nl += text[p] == '\n';
	struct line *L = xcalloc(nl, sizeof(*L));
	size_t n = 0;
	for (size_t a = 0; a <= len && n < nl;) {
		const char *e = memchr(text + a, '\n', len - a);
		size_t b = e ? (size_t)(e - text) : len;
		L[n++] = (struct line){.a = a, .b = b, .kind = classify(text, a, b)};
		a = b + 1;
	}
	bool unified = mark_unified(text, L, n);
	for (size_t k = 1; k < n; k++) {
		/* a commit's header ("commit 9f3ab12c", "Author: ...", "Date: ...") above its diff */
		size_t h = k - 1;
		while (h > 0 && (starts(text, L[h].a, L[h].b, "Author:") || starts(text, L[h].a, L[h].b, "Merge:") ||
				 starts(text, L[h].a, L[h].b, "From:")))
			h--;
		if ((starts(text, L[k].a, L[k].b, "Date:") || starts(text, L[k].a, L[k].b, "AuthorDate:") ||
		     starts(text, L[k].a, L[k].b, "CommitDate:")) &&
		    commit_header(text, L[h].a, L[h].b))
			L[k].commit_date = true;
	}
	bool normal = mark_normal(text, L, n);
	bool words = false;
	for (size_t k = 0; k < n && !words; k++)
		words = !L[k].region && has_word_diff(text, L[k].a, L[k].b);
	if (!unified && !normal && !words) {
		free(L);
		return NULL;
	}
	struct strbuf out = STRBUF_INIT;
	bool emitted = false;
	for (size_t k = 0; k < n; k++) {
		const struct line *l = &L[k];
		size_t a = l->a, b = l->b;
		if (l->region) {
			if (l->kind == LK_HUNK || l->kind == LK_GIT || l->kind == LK_FILE_OLD || l->kind == LK_FILE_NEW ||
			    (l->kind == LK_DEL && !l->keep_old) || l->drop_new)
				continue;
			if (l->kind == LK_DEL || l->kind == LK_ADD || l->kind == LK_CTX)
				a++; /* the mark ('-', '+', '<', '>', or a kept line's blank) */
			if (a < b && text[a] == ' ' && (l->spaced || l->kind == LK_CTX || l->kind == LK_DEL || l->kind == LK_ADD)) {
				/* "- #PBS -q debug", a directive indented by a blank: read from the start of its line
				 * (a command's own indentation kept, unless every mark of its diff has a blank) */
				size_t p = a;
				while (p < b && text[p] == ' ')
					p++;
				if (p < b && text[p] == '#')
					a = p;
				else if (l->spaced && l->kind != LK_CTX)
					a++;
			}
		} else if (l->commit_date) {
			continue;
		}
		if (emitted)
			strbuf_addch(&out, '\n');
		emitted = true;
		if (!l->region && has_word_diff(text, a, b))
			add_word_diff(&out, text, a, b);
		else
			strbuf_add(&out, text + a, b - a);
	}
	free(L);
	*out_len = out.len;
	return strbuf_detach(&out);
}

/* Whether token i opens a size said relative to another ("double the nodes", "halve", "twice", "2 more
 * nodes", "an extra hour", "3x", "4 times"): what relative_size.c reads. */
static bool relative_lead(const struct ctx *c, size_t i)
{
	static const char *const words[] = {"double", "doubling", "halve", "halving", "triple", "tripling", "twice", "half",
					    "quarter", "third", "cut", "another", "extra", "additional", NULL};
	static const char *const more[] = {"more", "extra", "additional", "fewer", "less", "longer", "shorter", NULL};
	if (rd_is_any(c, i, words))
		return true;
	const char *w = c->t[i].norm;
	size_t l = strlen(w);
	if (l >= 2 && l <= 3 && w[l - 1] == 'x' && isdigit((unsigned char)w[0]))
		return true; /* "2x" */
	return c->t[i].is_num && (rd_is(c, i + 1, "times") || rd_is_any(c, i + 1, more) || rd_is_any(c, i + 2, more));
}

/* "the qos hunk", "the partition change", "the time edit": the word after the subject names the diff's
 * hunk, never a queue called "hunk" */
static void fence_hunk_names(struct ctx *c)
{
	static const char *const subject[] = {"qos", "queue", "partition", "time", "walltime", "node", "nodes", "account",
					      "launch", NULL};
	static const char *const hunk[] = {"hunk", "hunks", "diff", "edit", "edits", "bump", "update", "switch", NULL};
	for (size_t i = 1; i < c->n; i++)
		if (rd_is_any(c, i, hunk) && rd_is_any(c, i - 1, subject) && !c->t[i - 1].trail)
			c->t[i].used = true;
}

void rd_fence_diff_words(struct ctx *c)
{
	fence_hunk_names(c);
	const char *s = c->text;
	for (size_t a = 0; a < c->len;) {
		const char *e = memchr(s + a, '\n', c->len - a);
		size_t b = e ? (size_t)(e - s) : c->len;
		if (!commit_header(s, a, b)) {
			a = b + 1;
			continue;
		}
		/* git log: the header's lines, then the message indented under them; format-patch: the
		 * "Subject:" line and the lines after it, up to the "---" above the diff */
		bool patch = s[a] == 'F';
		size_t m = b + 1, msg_a = 0, msg_b = 0;
		while (m < c->len) {
			const char *e2 = memchr(s + m, '\n', c->len - m);
			size_t mb = e2 ? (size_t)(e2 - s) : c->len;
			bool header = starts(s, m, mb, "Author:") || starts(s, m, mb, "Date:") || starts(s, m, mb, "Merge:") ||
				      starts(s, m, mb, "From:") || mb == m;
			bool body = patch ? (msg_a || starts(s, m, mb, "Subject:")) && !starts(s, m, mb, "---")
					  : mb - m > 2 && s[m] == ' ' && s[m + 1] == ' ';
			if (body) {
				if (!msg_a)
					msg_a = m;
				msg_b = mb;
			} else if (!header || (msg_a && !patch)) {
				break;
			}
			m = mb + 1;
		}
		for (size_t i = 0; msg_a && i < c->n; i++) {
			if (c->t[i].start < msg_a || c->t[i].start >= msg_b)
				continue;
			if (relative_lead(c, i))
				c->t[i].used = true;
			/* "scale up", "scale it up": the diff's new side is the bigger job */
			if (rd_is(c, i, "scale") && (rd_is(c, i + 1, "up") || rd_is(c, i + 2, "up")))
				c->t[i].neg = true;
		}
		a = b + 1;
	}
}
