/* form_apply.c - the reader's form layer, one field at a time: how a key's value is applied to the
 * request (form_apply): counts, walltime, names, modules, the command and its arguments, each with the
 * checks a value needs (shell text is never a name, "TBD" leaves a count open, a header pasted from
 * another system ranks below the request's own statements). The lines and blocks that hold the fields are
 * found in fields.c and form_blocks.c. */
#include "form.h"
#include "reader.h"
#include "vocab.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void form_trim(const char *s, size_t *a, size_t *b)
{
	while (*a < *b && isspace((unsigned char)s[*a]))
		(*a)++;
	while (*b > *a && (isspace((unsigned char)s[*b - 1]) || s[*b - 1] == ','))
		(*b)--;
}

/* The value's text with one level of matching quotes removed. */

/* Whether a "modules:" value is a list of module names ("cudatoolkit, nccl", "PrgEnv-gnu cray-mpich/8.1"),
 * not the rest of a request after a sentence's "With those modules:" (counts, units, a program, its
 * options). */

/* Whether s is a path whose only shell syntax is $NAME or ${NAME} ("$SCRATCH/envs/torch-2.4-cu124"). */
static bool only_path_vars(const char *s)
{
	for (const char *p = s; *p; p++) {
		if (*p == '$' && p[1] == '{') {
			const char *e = strchr(p, '}');
			if (!e || e == p + 2)
				return false;
			for (const char *q = p + 2; q < e; q++)
				if (!(isalnum((unsigned char)*q) || *q == '_'))
					return false;
			p = e;
		} else if (*p == '$') {
			if (!(isalpha((unsigned char)p[1]) || p[1] == '_'))
				return false;
			while (isalnum((unsigned char)p[1]) || p[1] == '_')
				p++;
		} else if (strchr("`\\;&<>(){}|*?!'\"", *p)) {
			return false;
		}
	}
	return true;
}

static bool module_list(const char *val)
{
	for (const char *p = val; *p;) {
		p += strspn(p, " \t,;");
		size_t l = strcspn(p, " \t,;");
		if (!l)
			break;
		char w[64];
		snprintf(w, sizeof(w), "%.*s", (int)(l < sizeof(w) - 1 ? l : sizeof(w) - 1), p);
		for (char *q = w; *q; q++)
			*q = (char)tolower((unsigned char)*q);
		size_t wl = strlen(w);
		if (w[0] == '-' || strspn(w, "0123456789") == wl || (wl > 3 && !strcmp(w + wl - 3, ".py")) ||
		    is_node_unit(w) || is_gpu_unit(w) || !strcmp(w, "python") || !strcmp(w, "python3"))
			return false;
		p += l;
	}
	return true;
}

static char *unquoted(const struct ctx *c, size_t a, size_t b)
{
	form_trim(c->text, &a, &b);
	/* the writer's exclamation or question mark after the value ("account: m3792!!!", "account=ProjX?"), not
	 * part of it */
	while (b > a + 1 && (c->text[b - 1] == '!' || c->text[b - 1] == '?') && c->text[b - 2] != ' ')
		b--;
	if (b - a >= 2 && (c->text[a] == '"' || c->text[a] == '\'') && c->text[b - 1] == c->text[a]) {
		a++;
		b--;
	}
	/* the emphasis the working copy reads as plain ("**16**": fields.c) goes from the value */
	char *v = xmalloc(b - a + 1);
	size_t n = 0;
	for (size_t i = a; i < b; i++)
		if (!(c->nl && c->text[i] == '*' && c->nl[i] == ' '))
			v[n++] = c->text[i];
	v[n] = '\0';
	return v;
}

/* A leading integer of a value ("4", "-1", "2 (all of them)"); false when the value does not start
 * with one or it is out of range. */
static bool leading_int(const char *s, long *out, const char **end)
{
	while (isspace((unsigned char)*s) || *s == '"' || *s == '\'')
		s++;
	if (!(isdigit((unsigned char)*s) || (*s == '-' && isdigit((unsigned char)s[1]))))
		return false;
	char *e;
	long v = strtol(s, &e, 10);
	if (v > 100000 || v < -100000)
		v = v > 0 ? 100001 : -100001; /* out of range: the rules reject it by value */
	if (*e == '.' && isdigit((unsigned char)e[1]))
		return false; /* 2.5 nodes is not a count */
	*out = v;
	if (end)
		*end = e;
	return true;
}

/* Whether a value is one decimal number that is not a whole count in range ("2.5", "1e400", "-0.5"),
 * quotes and a trailing comma aside. */
static bool fractional_count(const char *s)
{
	while (isspace((unsigned char)*s) || *s == '"' || *s == '\'')
		s++;
	if (!(isdigit((unsigned char)*s) || ((*s == '-' || *s == '.') && isdigit((unsigned char)s[1]))))
		return false;
	const char *p = s;
	while (isdigit((unsigned char)*p) || *p == '.' || *p == '-' || *p == '+' || *p == 'e' || *p == 'E')
		p++;
	const char *e = p;
	while (*e == '"' || *e == '\'' || *e == ',' || isspace((unsigned char)*e))
		e++;
	if (*e)
		return false;
	char *end;
	double d = strtod(s, &end);
	return end == p && rd_as_count(d) == -999999;
}

/* --------------------------------------------------------------------------------------------- */
/* applying one field */

/* The length of an arguments value without a sentence of prose after it: "--workers 8. Let me know if
 * anything is missing." ends at "8" (a '.', outside quotes and not in a path or number, then a
 * capitalised word); a value that is one quoted string then such a sentence is that string. */
static size_t args_without_prose(const char *text, size_t n)
{
	char q = 0;
	for (size_t i = 0; i + 2 < n; i++) {
		char ch = text[i];
		if (q) {
			if (ch == '\\' && q == '"')
				i++;
			else if (ch == q)
				q = 0;
			continue;
		}
		if (ch == '"' || ch == '\'') {
			q = ch;
			continue;
		}
		if ((ch == '.' || ch == '!' || ch == ';') && text[i + 1] == ' ' && i > 0 && text[i - 1] != '.' && text[i - 1] != '/') {
			size_t k = i + 1;
			while (k < n && text[k] == ' ')
				k++;
			if (k + 1 < n && isupper((unsigned char)text[k]) && islower((unsigned char)text[k + 1]))
				return i;
		}
	}
	return n;
}

void form_set_args_words(struct ctx *c, const char *text)
{
	struct request *r = c->req;
	shwords_release(&r->args);
	shwords_init(&r->args);
	size_t n = args_without_prose(text, strlen(text));
	/* '"--config a.yaml --workers 8". Thanks': the quoted string's own words */
	if (n >= 2 && (text[0] == '"' || text[0] == '\'') && text[n - 1] == text[0] && n < strlen(text) &&
	    form_string_end(text, 0, n) == n)
		shlex_split(text + 1, n - 2, &r->args);
	else
		shlex_split(text, n, &r->args);
	for (size_t i = 0; i < r->args.nr; i++)
		if (r->args.v[i].flags & SHW_UNTERMINATED) {
			/* "| --tag 'a|b' |": a table cell ends at the '|' inside the quotes ('a\|b' is not read either) */
			request_warn(r, "an unterminated quote in the arguments field was closed at its end: check the arguments "
					"(in a markdown table a '|' ends the cell, also inside quotes)");
			break;
		}
	c->args_field = true;
}

/* A quoted string starting at s[i]; returns the index after it, or 0 when it does not close. */
size_t form_string_end(const char *s, size_t i, size_t end)
{
	char q = s[i];
	for (size_t k = i + 1; k < end; k++) {
		if (s[k] == '\\') {
			k++;
			continue;
		}
		if (s[k] == q)
			return k + 1;
	}
	return 0;
}

/* The end of a value's first word in the text (quotes kept whole), for fields that take one word. */
static size_t first_word_end(const struct ctx *c, size_t a, size_t b)
{
	while (a < b && isspace((unsigned char)c->text[a]))
		a++;
	if (a < b && (c->text[a] == '"' || c->text[a] == '\'')) {
		size_t e = form_string_end(c->text, a, b);
		if (e)
			return e;
	}
	while (a < b && !isspace((unsigned char)c->text[a]) && !strchr(",;|#()", c->text[a]))
		a++;
	return a;
}

/* Whether a command field's value holds something to run: a program word first (python, torchrun, srun,
 * ./x, $LAUNCH), or a script (.py, .sh) anywhere in it. */
static bool runnable_value(const char *s, size_t n)
{
	char w[64];
	size_t l = 0;
	while (l < n && l + 1 < sizeof(w) && !isspace((unsigned char)s[l]))
		w[l] = s[l], l++;
	w[l] = '\0';
	if (l && (rd_command_start_word(w) || w[0] == '.' || w[0] == '/' || w[0] == '$' || w[0] == '~'))
		return true;
	for (size_t i = 0; i + 3 <= n; i++)
		if (s[i] == '.' && ((s[i + 1] == 'p' && s[i + 2] == 'y') || (s[i + 1] == 's' && s[i + 2] == 'h')))
			return true;
	return false;
}

/* Whether a one-word field's value is one word, maybe followed by a comment or a parenthesis
 * ("m1234 (NERSC)"): "torch 2.3, CUDA 12.1" is not a conda environment's name. */
static bool one_word(const char *val)
{
	size_t l = strcspn(val, " \t,;|#(");
	const char *rest = val + l;
	while (*rest == ' ' || *rest == '\t')
		rest++;
	return l && (!*rest || *rest == '(' || *rest == '#');
}

/* Whether w is "`name`" whose name is an account of some cluster's shape (k == VK_ACCOUNT), a queue some
 * cluster has (VK_QUEUE), a job name or a conda environment: a code span of markdown, not shell text. An account holding more than lower-case
 * letters ("`CosmoSim`", "`AI_Sci2`") is one too, as the prose reader takes it (prose_site.c); one of
 * lower-case letters alone ("`whoami`", "`id`") may be a command and is asked for without them. */
static bool markdown_name(const struct ctx *c, enum vkey k, const char *w)
{
	size_t l = strlen(w);
	if (l < 3 || w[0] != '`' || w[l - 1] != '`')
		return false;
	char name[128];
	if (l - 2 >= sizeof(name))
		return false;
	memcpy(name, w + 1, l - 2);
	name[l - 2] = '\0';
	bool lower = true;
	for (const char *p = name; *p; p++) {
		if (!isalnum((unsigned char)*p) && !strchr("-_.", *p))
			return false;
		lower = lower && islower((unsigned char)*p);
	}
	if (k == VK_ACCOUNT && !lower && name[0] != '-')
		return true;
	/* a job name or a conda environment labels the job or names an environment: no command's output to
	 * guess at, taken as the prose reader takes it ("job name `vit`") */
	if ((k == VK_JOB_NAME || k == VK_CONDA) && name[0] != '-')
		return true;
	for (size_t i = 0; i < repo_cluster_count(c->repo); i++) {
		const struct cluster *cl = repo_cluster(c->repo, repo_cluster_brief_at(c->repo, i)->id);
		if (cl && ((k == VK_ACCOUNT && cl->account_pattern && account_shape_matches(cl, name)) ||
			   (k == VK_QUEUE && cluster_queue(cl, name))))
			return true;
	}
	return false;
}

/* Minutes per unit a key's own name gives its number ("walltime_minutes", "time_hours", "walltime (h)",
 * "Time [min]", "walltime (s)"), 0 = none. */
static double key_unit(const char *key)
{
	char k[96]; /* the name with its brackets and spaces as '_', none at its end */
	size_t l = 0;
	for (const char *p = key; *p && l + 1 < sizeof(k); p++)
		k[l++] = strchr(" -()[]/.", *p) ? '_' : (char)tolower((unsigned char)*p);
	while (l && k[l - 1] == '_')
		l--;
	k[l] = '\0';
	static const struct {
		const char *suffix;
		double minutes;
	} u[] = {{"minutes", 1}, {"_min", 1}, {"mins", 1}, {"_m", 1}, {"hours", 60}, {"_hour", 60}, {"_hrs", 60}, {"_hr", 60},
		 {"_h", 60}, {"days", 1440}, {"_day", 1440}, {"_d", 1440}, {"seconds", 1.0 / 60}, {"_secs", 1.0 / 60},
		 {"_sec", 1.0 / 60}, {"_s", 1.0 / 60}};
	for (size_t i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		size_t sl = strlen(u[i].suffix);
		if (l >= sl && !strcmp(k + l - sl, u[i].suffix))
			return u[i].minutes;
	}
	/* the name's last word a unit of any language the lexicon knows ("Stunden", "horas", "timer") */
	const char *last = strrchr(k, '_');
	last = last ? last + 1 : k;
	int m = *last ? duration_unit(last) : 0;
	return m > 0 ? m : 0;
}

static bool other_system_named(const char *val)
{
	char low[96];
	size_t n = 0;
	for (; val[n] && n + 1 < sizeof(low); n++)
		low[n] = (char)tolower((unsigned char)val[n]);
	low[n] = '\0';
	return vocab_other_system(low) != NULL;
}

/* The cluster a form's value names; NULL for a system maple has no profile for ("frontera" is TACC's
 * other system, not a typo of "frontier"). */
static const struct cluster *form_cluster(const struct ctx *c, const char *val)
{
	const struct cluster *cl = match_cluster_name(c->repo, val);
	if (cl && !repo_cluster(c->repo, val) && strcasecmp(cl->id, val) && other_system_named(val))
		return NULL;
	return cl;
}

/* A form's value that leaves the field open: "TBD", "?", "unknown", "undecided", "not sure yet". */
static bool undecided_value(const char *val)
{
	static const char *const open[] = {"tbd", "tba", "?", "??", "unknown", "undecided", "not sure", "unsure", "open",
					   "to be decided", "to be determined",
					   /* "cluster: whichever has free nodes this week", "whatever is idle" */
					   "whichever", "whatever", "either", "depends", "not decided", "no idea", "dunno",
					   "idk", NULL};
	for (size_t i = 0; open[i]; i++) {
		size_t l = strlen(open[i]);
		if (!strncasecmp(val, open[i], l) && (!val[l] || !isalnum((unsigned char)val[l])))
			return true;
	}
	return false;
}

/* "nodes: 4   <- sorry, 3", "time: 6h  <-- make it 8h": a value corrected after an arrow on its own line
 * is the correction's value (its first number, with the old value's unit when it gives none). Takes val
 * (malloc'd) and returns the value to read (malloc'd). */
static char *take_inline_correction(char *val)
{
	char *arrow = strstr(val, "<-");
	size_t al = 2;
	if (!arrow) {
		arrow = strstr(val, "\u2190"); /* ← */
		al = 3;
	}
	/* "nodes: 2 -> 3 (ignore the 2, PI bumped it)": the old value, an arrow, the new one */
	if (!arrow && isdigit((unsigned char)val[0])) {
		const char *p = val;
		while (isdigit((unsigned char)*p) || *p == '.' || isalpha((unsigned char)*p))
			p++;
		while (*p == ' ')
			p++;
		if (!strncmp(p, "->", 2) || !strncmp(p, "=>", 2))
			arrow = (char *)p, al = 2;
		else if (!strncmp(p, "\u2192", 3)) /* → */
			arrow = (char *)p, al = 3;
		if (arrow) {
			const char *q = arrow + al;
			while (*q == ' ')
				q++;
			if (!isdigit((unsigned char)*q))
				arrow = NULL; /* "2 -> see below" */
		}
	}
	if (!arrow || arrow == val)
		return val;
	const char *p = arrow + al;
	while (*p == '-' || *p == ' ')
		p++;
	while (*p && !isdigit((unsigned char)*p))
		p++;
	if (!*p)
		return val;
	size_t n = 0;
	while (isdigit((unsigned char)p[n]) || p[n] == '.' || p[n] == ':' || isalpha((unsigned char)p[n]))
		n++;
	while (n && !isalnum((unsigned char)p[n - 1]))
		n--;
	/* the old value's unit ("6h" corrected by "8"): its letters after its number */
	const char *u = val;
	while (*u && (isdigit((unsigned char)*u) || *u == '.'))
		u++;
	size_t ul = 0;
	bool bare = true;
	for (size_t i = 0; i < n; i++)
		bare = bare && (isdigit((unsigned char)p[i]) || p[i] == '.');
	if (bare && u > val)
		while (isalpha((unsigned char)u[ul]))
			ul++;
	char *out = xmalloc(n + ul + 1);
	memcpy(out, p, n);
	memcpy(out + n, u, ul);
	out[n + ul] = '\0';
	free(val);
	return out;
}

/* Whether a field's value says that it has none: "N/A", "n/a (default)", "none", "default", "-". */
static bool no_value(const char *val)
{
	static const char *const none[] = {"n/a", "na", "none", "default", "(default)", "-", "--", "nil", "null", "n.a.", NULL};
	for (size_t i = 0; none[i]; i++) {
		size_t l = strlen(none[i]);
		if (!strncasecmp(val, none[i], l) && (!val[l] || isspace((unsigned char)val[l]) || val[l] == ',' || val[l] == ';'))
			return true;
	}
	return false;
}

/* The brackets, the commas between elements and the quotes around them of the flow list text[a, b),
 * blanked in c->nl: its words remain, as a shell would read them. */
static void blank_list_marks(struct ctx *c, size_t a, size_t b)
{
	for (size_t q = a; q < b; q++)
		if (c->nl[q] == '[' || c->nl[q] == ']' || c->nl[q] == ',' || c->nl[q] == '"' || c->nl[q] == '\n')
			c->nl[q] = ' ';
}

/* Applies key k with value v (key at ka of the text). Returns the end of what the field took (the
 * key and that much of the value are then blanked), or 0 when the form layer cannot read the value
 * exactly: it then stays for prose. */
size_t form_apply(struct ctx *c, enum vkey k, const char *keyword, size_t ka, struct fvalue *v, bool eq_form)
{
	struct request *r = c->req;
	char *val = v->is_list ? NULL : v->str ? xstrdup(v->str) : unquoted(c, v->a, v->b);
	if (val && (k == VK_NODES || k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS || k == VK_WALLTIME))
		val = take_inline_correction(val);
	size_t taken = 0;
	long n;
	const char *rest = NULL;
	/* a header pasted from another system: its counts rank below the request's own, its walltime is kept
	 * for when the request gives none, its account, queue and GPUs per node are that system's */
	bool foreign = rd_foreign_block_at(c, ka);
	/* a directive of a job script pasted with the request ("#SBATCH --nodes=4"): what the request says in
	 * words edits it */
	bool pasted = !foreign && rd_directive_line_at(c, ka);
	/* (and a record of an earlier run pasted with the request, "Nodes: 2" of a seff report: what the request
	 * says in words edits it, run_records.c) */
	pasted = pasted || (!foreign && rd_run_record_at(c, ka));
	/* (and an interactive session's allocation, "salloc -N 2 -q interactive -t 1:00:00", typed by hand
	 * before the batch job asked for: its queue, where a test ran by hand, is not the batch job's) */
	bool session = !foreign && !pasted && rd_session_line_at(c, ka);
	if (session && k == VK_QUEUE && val) {
		request_reject(r, RF_QUEUE, c->text + ka, v->b - ka, "an interactive session's queue; a batch job goes to a batch queue");
		free(val);
		return v->b;
	}
	pasted = pasted || session;
	/* a training program's own configuration ("trainer:\n  devices: 8", "world_size=8 lr=3e-4"): how the
	 * program is set up or ran, which the request's words edit, as they edit a pasted job script */
	bool program = !foreign && !pasted && rd_program_block_at(c, ka);
	char lowkey[48];
	snprintf(lowkey, sizeof(lowkey), "%s", keyword);
	for (char *q = lowkey; *q; q++)
		*q = *q == '-' ? '_' : (char)tolower((unsigned char)*q);
	/* (a program's own timeout key; submitit's "timeout_min" is the job's time) */
	if (program && k == VK_WALLTIME && !strncmp(lowkey, "timeout", 7) && vocab_in(VL_PROGRAM_KEY, lowkey)) {
		/* "timeout_minutes = 30" under a program's [dist]: a collective's timeout, not the job's time */
		request_reject(r, RF_WALLTIME, c->text + ka, v->b - ka, "a timeout of the training program's configuration, not the job's time limit");
		free(val);
		return v->b;
	}
	if (program && k == VK_ZERO_STAGE) {
		if (val && leading_int(val, &n, NULL) && n >= 0 && n <= 3 && !c->zero_config)
			c->zero_config = n ? (int)n : -1; /* stands where the words name no stage */
		free(val);
		return first_word_end(c, v->a, v->b);
	}
	if (program && k == VK_GPUS_PER_NODE)
		c->program_gpn = true;
	pasted = pasted || program;
	enum rank frk = foreign ? RK_COPIED : pasted ? RK_PASTED : RK_FIELD;
	/* a job's own environment printed ("SLURM_NNODES=8", "PBS_NUM_NODES=2", env | grep SLURM of the last
	 * job): the counts of a job that ran, below what the request says ("rerun, 16 nodes now") and what
	 * "the same" refers to */
	if (frk == RK_FIELD && (!strncasecmp(keyword, "slurm_", 6) || !strncasecmp(keyword, "pbs_", 4))) {
		frk = RK_COPIED;
		long en;
		if (k == VK_NODES && val && leading_int(val, &en, NULL) && en > 0 && en <= 100000 && !c->src_nodes)
			c->src_nodes = (int)en;
	}
	if (foreign && (k == VK_GPUS_PER_NODE || k == VK_TOTAL_GPUS) && val) {
		/* the other system's GPUs ("4", "a100:4", "v100-32:16"): what "the same number of GPUs" keeps (the
		 * value's first word: not "16, batch_size: 64" of "world_size: 16, batch_size: 64") */
		val[strcspn(val, ", \t\n")] = '\0';
		const char *colon = strrchr(val, ':');
		char *e;
		long g = strtol(colon ? colon + 1 : val, &e, 10);
		int *src = k == VK_GPUS_PER_NODE ? &c->src_gpn : &c->src_total;
		if (e != (colon ? colon + 1 : val) && !*e && g > 0 && g <= 100000 && !*src)
			*src = (int)g;
	}
	if (foreign && (k == VK_ACCOUNT || k == VK_QUEUE || k == VK_GPUS_PER_NODE || k == VK_CLUSTER)) {
		enum req_field rf = k == VK_ACCOUNT ? RF_ACCOUNT : k == VK_QUEUE ? RF_QUEUE : k == VK_CLUSTER ? RF_CLUSTER
												: RF_GPUS_PER_NODE;
		request_reject(r, rf, c->text + ka, v->b - ka, "in the job script header pasted from another system");
		free(val);
		return v->b;
	}
	switch (k) {
	case VK_CLUSTER: {
		if (val && (undecided_value(val) || no_value(val))) { /* "Cluster: TBD (whichever has A100s free)", "N/A": asked back */
			taken = v->b;
			break;
		}
		if (!val || !*val || isdigit((unsigned char)*val))
			break; /* "our new GPU cluster: 2 nodes, ...": a count, no cluster's name */
		if (!strncasecmp(val, "linux", 5) || !strncasecmp(val, "darwin", 6) || !strncasecmp(val, "macos", 5) ||
		    !strncasecmp(val, "windows", 7) || strstr(val, "x86_64") || strstr(val, "aarch64")) {
			taken = v->b; /* "Platform: Linux-4.18.0-x86_64" of a pasted `accelerate env`: an OS, no cluster */
			break;
		}
		const struct cluster *cl = form_cluster(c, val);
		if (!cl) { /* "Bridges-2 (PSC)", "aurora # new" */
			char first[96];
			snprintf(first, sizeof(first), "%.*s", (int)strcspn(val, " \t,;(#|"), val);
			cl = form_cluster(c, first);
			/* "our cluster (Slurm, 4x H100 per node)", "cluster: PBS": a scheduler or other software
			 * (data/lexicon's technical_words, scheduler_names) names no machine: none, asked back */
			char low[96];
			size_t l = 0;
			for (; first[l] && l + 1 < sizeof(low); l++)
				low[l] = (char)tolower((unsigned char)first[l]);
			low[l] = '\0';
			if (!cl && (vocab_in(VL_TECH_WORD, low) || vocab_in(VL_SCHEDULER_NAME, low))) {
				taken = v->b;
				break;
			}
			if (!cl && first[0] && strlen(first) < 40) {
				/* a name maple has no profile for: the rules report it with the known clusters */
				request_set(&r->cluster, first);
				c->cluster_field = true;
				rd_from_text(c, RF_CLUSTER, ka, v->b);
				taken = v->b;
				break;
			}
		}
		if (cl) {
			request_set(&r->cluster, cl->id);
			c->cluster = cl;
			c->cluster_field = true;
			rd_from_text(c, RF_CLUSTER, ka, v->b);
			taken = v->b;
			/* "Different cluster: Bridges-2 GPU-shared, 4 GPUs on 1 node, 2 days": the name, and the
			 * rest of the line stays for the other layers */
			if (val[strcspn(val, ",;")]) {
				char first[96];
				snprintf(first, sizeof(first), "%.*s", (int)strcspn(val, " \t,;(#|"), val);
				if (form_cluster(c, first) == cl)
					taken = first_word_end(c, v->a, v->b);
			}
		}
		break;
	}
	case VK_NODES:
		if (val && !strncasecmp(keyword, "select", 6)) {
			/* PBS select=2:ngpus=4:system=polaris */
			if (leading_int(val, &n, &rest)) {
				rd_state_nodes(c, (int)n, ka, v->b, frk);
				const char *g = strstr(val, "ngpus=");
				if (g && leading_int(g + 6, &n, NULL) && !foreign)
					rd_state_gpn(c, (int)n, ka, v->b, pasted ? RK_PASTED : RK_FIELD);
				const char *sy = strcasestr(val, ":system=");
				if (sy && !c->resource_cluster) {
					char name[40];
					snprintf(name, sizeof(name), "%.*s", (int)strcspn(sy + 8, ": \t,;"), sy + 8);
					c->resource_cluster = match_cluster_name_exact(c->repo, name);
					c->resource_a = ka, c->resource_b = v->b;
				}
				taken = first_word_end(c, v->a, v->b);
			}
			break;
		}
		/* fallthrough */
	case VK_GPUS_PER_NODE:
	case VK_TOTAL_GPUS:
		if (val && (k == VK_NODES || k == VK_TOTAL_GPUS) && undecided_value(val)) {
			r->nodes_undecided = true; /* "Nodes: TBD", "Nodes: ? (depends on the queue wait)" */
			taken = v->b;
			break;
		}
		if (val && !fractional_count(val) && leading_int(val, &n, &rest)) {
			while (*rest == ' ')
				rest++;
			char unit[32];
			snprintf(unit, sizeof(unit), "%.*s", (int)strcspn(rest, " ,;()"), rest);
			for (char *q = unit; *q; q++)
				*q = (char)tolower((unsigned char)*q);
			bool gpu_unit = is_gpu_unit(unit) || !strcmp(unit, "gpu");
			if (*rest && !(*rest == '(' || *rest == ',' || *rest == '#' || is_node_unit(unit) || gpu_unit ||
				       !strncasecmp(rest, "total", 5)))
				break; /* "4 of them on two hosts": prose */
			if (k == VK_NODES && gpu_unit)
				break; /* "GPU nodes: 128 GPUs total": the prose reader knows the unit */
			size_t end = first_word_end(c, v->a, v->b);
			if (rd_dismissed_after(c, end)) { /* "num_machines: 1 ... those are from my laptop, ignore them" */
				request_reject(r, k == VK_NODES ? RF_NODES : k == VK_GPUS_PER_NODE ? RF_GPUS_PER_NODE : RF_TOTAL_GPUS,
					       c->text + ka, end - ka, "taken back by the text after it (\"ignore them\")");
				taken = end;
				break;
			}
			if (k == VK_NODES)
				rd_state_nodes(c, (int)n, ka, end, frk);
			else if (k == VK_GPUS_PER_NODE)
				rd_state_gpn(c, (int)n, ka, end, pasted ? RK_PASTED : RK_FIELD);
			else
				rd_state_total(c, (int)n, ka, end, frk);
			taken = end;
		} else if (val && fractional_count(val)) {
			/* "gpus_per_node": 2.5, "nodes": 1e400: not a count, an error naming the value (never dropped) */
			size_t end = first_word_end(c, v->a, v->b);
			if (k == VK_NODES)
				rd_state_nodes(c, -999999, ka, end, frk);
			else if (k == VK_GPUS_PER_NODE)
				rd_state_gpn(c, -999999, ka, end, pasted ? RK_PASTED : RK_FIELD);
			else
				rd_state_total(c, -999999, ka, end, frk);
			taken = end;
		}
		break;
	case VK_WALLTIME: {
		if (!val || !*val || r->walltime_min)
			break;
		int m = 0;
		const char *end = NULL;
		if (leading_int(val, &n, &end) && !*end) {
			/* a bare number: in the key's unit ("walltime_minutes", "hours"), Slurm minutes for -t/--time/t= */
			double unit = key_unit(keyword);
			if (unit > 0 && n > 0 && n * unit < 1e7)
				m = (int)(n * unit + 0.5);
			else if (eq_form || keyword[0] == '-' || !strcasecmp(keyword, "t"))
				m = (int)n;
			if (n <= 0)
				m = (int)n;
			/* past leading_int's range (held as 100001) or any unit's: an impossible walltime the rules
			 * name by its words ("walltime": 99999999999 was 'no walltime given', "walltime_minutes":
			 * 99999999999 the clamped 1666:41:00) */
			if (n >= 100001 || (unit > 0 && n * unit >= 1e7))
				m = -1;
		} else {
			char *fe = NULL;
			double d = strtod(val, &fe);
			double unit = key_unit(keyword);
			if (unit > 0 && fe != val && !*fe && d > 0 && d * unit < 1e7)
				m = (int)(d * unit + 0.5); /* "hours: 1.5" */
			else
				m = rd_duration_value(c, val, strlen(val));
		}
		if (!m && v->b > v->a) {
			/* the working copy's reading of the value ("T=7200 s" reads "T=120 min": text_input.c) */
			size_t a = v->a, b = v->b;
			form_trim(c->nl, &a, &b);
			if (b > a && memcmp(c->nl + a, c->text + a, b - a))
				m = rd_duration_value(c, c->nl + a, b - a);
		}
		if (m != 0 && (foreign || pasted)) { /* the time when the request states none of its own */
			if (!c->copied_walltime)
				c->copied_walltime = m > 0 ? m : -1, c->copied_walltime_a = ka, c->copied_walltime_b = v->b;
			taken = v->b;
		} else if (m != 0) {
			r->walltime_min = m > 0 ? m : -1;
			rd_from_text(c, RF_WALLTIME, ka, v->b);
			taken = v->b;
		}
		break;
	}
	case VK_ACCOUNT:
	case VK_QUEUE:
	case VK_JOB_NAME:
	case VK_CONDA:
	case VK_VENV: {
		if (!val || !*val)
			break;
		/* "Partition: N/A (default)", "Account: none", "queue: default": no value given, and none to read */
		if (undecided_value(val) || no_value(val)) {
			taken = v->b;
			break;
		}
		/* a quoted value ("account": "a b", job_name: 'my run') is the whole name, or no name: taken as it
		 * is when a directive can carry it, else an error naming it (never cut at its blank, never dropped) */
		size_t qa = v->a, qb = v->b;
		form_trim(c->text, &qa, &qb);
		bool quoted = v->str || (qb >= qa + 2 && (c->text[qa] == '"' || c->text[qa] == '\'') && c->text[qb - 1] == c->text[qa]);
		if (quoted && (k == VK_ACCOUNT || k == VK_QUEUE || k == VK_JOB_NAME) && !rd_directive_name(val, k == VK_JOB_NAME)) {
			enum req_field rf = k == VK_ACCOUNT ? RF_ACCOUNT : k == VK_QUEUE ? RF_QUEUE : RF_JOB_NAME;
			request_reject(r, rf, val, strlen(val), strpbrk(val, "$`\\;&<>(){}|*?!'\"") ? REQUEST_NOT_A_NAME : REQUEST_NOT_ONE_NAME);
			taken = v->b;
			break;
		}
		/* the value's first word (what the field would take): shell text after it ("queue: 2 nodes,
		 * `torchrun ...`") is prose with a command, read as such */
		char first[256];
		snprintf(first, sizeof(first), "%.*s", (int)strcspn(val, " \t,"), val);
		/* "allocation: `cis250118-gpu`", "partition: `gpu`": a code span of markdown around a name that is
		 * some cluster's account shape or queue, not a command ("account: `whoami`" stays shell text) */
		if ((k == VK_ACCOUNT || k == VK_QUEUE || k == VK_JOB_NAME || k == VK_CONDA) && markdown_name(c, k, first)) {
			size_t fl = strlen(first);
			memmove(first, first + 1, fl - 2);
			first[fl - 2] = '\0';
			size_t off = (size_t)(strchr(val, '`') - val);
			memmove(val + off, val + off + 1, strlen(val + off));
			char *close = strchr(val + off, '`');
			if (close)
				memmove(close, close + 1, strlen(close));
		}
		/* an apostrophe inside a word ("don't know yet") is prose, not a quote */
		const char *ap = strchr(first, '\'');
		bool contraction = ap && ap > first && isalpha((unsigned char)ap[-1]) && isalpha((unsigned char)ap[1]) &&
				   !strchr(ap + 1, '\'') && !strpbrk(first, "$`\\;&<>(){}|*?!\"");
		/* (an environment's path may name a variable: "venv: $SCRATCH/envs/torch-2.4", as in prose) */
		bool path_vars = (k == VK_CONDA || k == VK_VENV) && only_path_vars(first);
		if (!contraction && !path_vars && strpbrk(first, "$`\\;&<>(){}|*?!'\"") &&
		    (k == VK_ACCOUNT || k == VK_QUEUE || k == VK_JOB_NAME || strpbrk(first, "$`;&<>|"))) {
			/* "account: $(id)": shell text is never a name; say so instead of dropping it */
			enum req_field rf = k == VK_ACCOUNT ? RF_ACCOUNT : k == VK_QUEUE ? RF_QUEUE : k == VK_JOB_NAME ? RF_JOB_NAME
					    : k == VK_CONDA ? RF_CONDA : RF_VENV;
			request_reject(r, rf, val, strlen(val), REQUEST_NOT_A_NAME);
			request_warn(r, "the %s '%s' is not a name maple can put in a job script (letters, digits, '-', '_' and "
					"'.'); it was left out", req_field_name(rf), val);
			taken = v->b;
			break;
		}
		if (!one_word(val))
			break;
		char word[128];
		size_t vl = strcspn(val, " \t,;|#()");
		if (vl >= sizeof(word)) { /* refused naming it: never a name cut to its first 127 characters */
			enum req_field rf = k == VK_ACCOUNT ? RF_ACCOUNT : k == VK_QUEUE ? RF_QUEUE : k == VK_JOB_NAME ? RF_JOB_NAME
					    : k == VK_CONDA ? RF_CONDA : RF_VENV;
			request_reject(r, rf, val, vl, REQUEST_NAME_TOO_LONG);
			taken = v->b;
			break;
		}
		snprintf(word, sizeof(word), "%.*s", (int)vl, val);
		size_t wl = strlen(word);
		while (wl && strchr(".:", word[wl - 1]))
			word[--wl] = '\0';
		if (!wl)
			break;
		char **field = k == VK_ACCOUNT ? &r->account : k == VK_QUEUE ? &r->queue : k == VK_JOB_NAME ? &r->job_name
			       : k == VK_CONDA				       ? &r->conda_env
									       : &r->venv;
		enum req_field f = k == VK_ACCOUNT ? RF_ACCOUNT : k == VK_QUEUE ? RF_QUEUE : k == VK_JOB_NAME ? RF_JOB_NAME
				   : k == VK_CONDA				     ? RF_CONDA
											     : RF_VENV;
		request_set(field, word);
		taken = first_word_end(c, v->a, v->b);
		rd_from_text(c, f, ka, taken);
		break;
	}
	case VK_MODULES:
		if (!val || !*val || !module_list(val))
			break;
		/* "modules: $(touch x)", "modules: a`id`", "modules: 'a b'": shell text, never split into module names
		 * ('$(touch', 'x)'); ';' and ',' separate names ("cuda/12.2; nccl") */
		if (strpbrk(val, "$`\\&<>(){}|*?!'\"")) {
			request_reject(r, RF_MODULES, val, strlen(val), REQUEST_NOT_A_NAME);
			request_warn(r, "the module '%s' is not a name maple can put in a job script (letters, digits, '-', '_' and "
					"'.'); it was left out",
				     val);
			taken = v->b;
			break;
		}
		for (char *p = val; *p;) {
			p += strspn(p, " \t,;");
			size_t l = strcspn(p, " \t,;");
			if (!l)
				break;
			char *m = xstrndup(p, l);
			if (strcmp(m, "and") && strvec_find(&r->modules, m) < 0)
				strvec_push(&r->modules, m);
			free(m);
			p += l;
		}
		rd_from_text(c, RF_MODULES, ka, v->b);
		taken = v->b;
		break;
	case VK_PORT:
		if (val && one_word(val) && leading_int(val, &n, &rest) && (!*rest || *rest == ' ')) {
			r->master_port = n == 0 ? -1 : (int)n;
			taken = first_word_end(c, v->a, v->b);
			rd_from_text(c, RF_PORT, ka, taken);
		}
		break;
	case VK_ZERO_STAGE:
		if (val && leading_int(val, &n, NULL) && n >= 0 && n <= 3) {
			c->zero_field = n ? (int)n : -1;
			taken = 0; /* the framework reader still sees "zero" */
		}
		break;
	case VK_SCRIPT_ARGS:
		if (v->is_list && c->list_cmd_b && c->cmd_b == c->list_cmd_b && v->a > c->list_cmd_b &&
		    v->a - c->list_cmd_b < 200) {
			/* 'cmds=["torchrun"], arguments=["--nnodes", "2", ...]' (an Airflow operator), a container's
			 * "command:" then "args:": the arguments go on the command's line */
			for (size_t q = c->list_cmd_b; q < v->a; q++)
				c->nl[q] = ' ';
			blank_list_marks(c, v->a, v->b);
			c->cmd_b = c->list_cmd_b = v->b;
			taken = 0;
			break;
		}
		if (v->is_list) {
			struct request *rq = c->req;
			shwords_release(&rq->args);
			shwords_init(&rq->args);
			for (size_t i = 0; i < v->list.nr; i++)
				shwords_push_literal(&rq->args, v->list.v[i]);
			c->args_field = true;
		} else if (val && (no_value(val) || !strcasecmp(val, "none"))) {
			c->args_field = true; /* "Args: N/A": the program takes none */
		} else if (val) {
			form_set_args_words(c, val);
		}
		rd_from_text(c, RF_SCRIPT_ARGS, v->a, v->b);
		taken = v->b;
		break;
	case VK_SCRIPT:
	case VK_COMMAND: {
		if (v->is_list) { /* "cmd": ["python", "train.py", "--lr", "1"]: an interpreter, the script, its words */
			size_t i = 0;
			const struct strvec *l = &v->list;
			if (i < l->nr && (!strcmp(l->v[i], "python") || !strcmp(l->v[i], "python3") || !strncmp(l->v[i], "python3.", 8)))
				for (i++; i < l->nr && l->v[i][0] == '-' && strcmp(l->v[i], "-m"); i++)
					; /* "-u", "-O" */
			size_t sl = i < l->nr ? strlen(l->v[i]) : 0;
			if (k == VK_COMMAND && sl > 3 && !strcmp(l->v[i] + sl - 3, ".py")) {
				request_set(&r->script, l->v[i]);
				request_set_from(r, RF_SCRIPT, c->text + v->a, v->b - v->a);
				shwords_release(&r->args);
				shwords_init(&r->args);
				for (i++; i < l->nr; i++)
					shwords_push_literal(&r->args, l->v[i]);
				c->args_field = true;
				taken = v->b;
				break;
			}
			/* 'command: ["torchrun", "--nproc_per_node=8", "pretrain_vit.py", "--amp"]', '["python", "-m",
			 * "torch.distributed.run", ...]': the list read as the command line it stands for (its
			 * brackets, commas and quotes blanked) */
			if (k == VK_COMMAND && l->nr && !c->cmd_b) {
				blank_list_marks(c, v->a, v->b);
				c->cmd_a = v->a;
				c->cmd_b = c->list_cmd_b = v->b;
				rd_blank(c, ka, v->a);
				strvec_clear(&v->list);
				free(val);
				return 0;
			}
			break;
		}
		size_t a = v->a, b = v->b;
		form_trim(c->text, &a, &b);
		if (b > a && (c->text[a] == '"' || c->text[a] == '\'') && c->text[b - 1] == c->text[a] && k == VK_COMMAND) {
			a++; /* cmd='python train.py --fp16' */
			b--;
		}
		if (b > a + 1 && c->text[a] == '`' && c->text[b - 1] == '`' && !memchr(c->text + a + 1, '`', b - a - 2)) {
			a++; /* script: `train.py --seed 3` */
			b--;
		}
		if (b <= a)
			break;
		if (k == VK_COMMAND && !runnable_value(c->text + a, b - a) &&
		    (!strcasecmp(keyword, "run") || !strcasecmp(keyword, "exec") || !strcasecmp(keyword, "launch")))
			break; /* "Run: 8 nodes, 30 hours:": the job described under an English word, no command */
		if (k == VK_COMMAND && b > a + 1 && c->text[a] == '[' && c->text[b - 1] == ']' && !memchr(c->text + a, '\n', b - a)) {
			blank_list_marks(c, a, b); /* 'command: [torchrun, train_seg.py, --epochs, "40"]' */
			c->list_cmd_b = b;
		}
		c->cmd_a = a;
		c->cmd_b = b;
		c->cmd_is_args = k == VK_SCRIPT;
		rd_blank(c, ka, v->a); /* the key only: the command layer reads (and blanks) the value */
		free(val);
		strvec_clear(&v->list);
		return 0;
	}
	case VK_FRAMEWORK:
	case VK_STRATEGY:
	case VK_MODEL:
	case VK_NONE:
	case VK_COUNT:
		break; /* prose reads these words where they stand */
	}
	free(val);
	strvec_clear(&v->list);
	return taken;
}
