/* pasted_facts.c - what pasted scheduler output states of a job that ran, and the asks that point at it.
 * A squeue/sacct table's PARTITION, ACCOUNT and NODES/NNODES columns (rows that disagree give nothing),
 * scontrol's "Partition=", "Account=", "NumNodes=", "gres/gpu=", qstat -f's "Account_Name = ",
 * "queue = ", "Resource_List.select = N", a job's environment as env prints it ("SLURM_JOB_ACCOUNT=x",
 * "PBS_QUEUE=debug"), and the account and queue of a job script pasted from another
 * system (its header's "-A", "-p", "-q") are read from the raw text (tool_output.c blanks them from the
 * reader's working copy, so that they are never read as the request's own). They count only where the
 * request points at them: "same account as above", "with the same partition and node count",
 * "resubmit exactly this job (same partition, account, nodes and GPUs)", and only for what the request
 * does not state itself. */
#include "extract.h"
#include "reader.h"
#include "vocab.h"

#include "../util/byteset.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct facts {
	bool bad_account, bad_queue, bad_nodes, bad_gpus, bad_gpn, bad_time; /* two rows or records disagree */
	/* the row of a table the request picks: by its state ("like the running one (not the pending one)":
	 * "R"), by its place ("the second one": 2, "the last one": -1); none: every row */
	const char *state;
	int ordinal;
	bool biggest, smallest; /* "the big one": the row with the most nodes ("the small one": the fewest) */
};

/* Whether a row's state word (squeue's ST/STATE, sacct's State, qstat's S) is the one wanted: "R" /
 * "RUNNING", "PD" / "PENDING", "DONE" (COMPLETED, CD, F of PBS: finished), "FAILED" (FAILED, F). */
static bool state_is(const char *w, size_t n, const char *want)
{
#define IS(x) (n == strlen(x) && !strncasecmp(w, x, n))
	if (!strcmp(want, "R"))
		return IS("R") || IS("RUNNING");
	if (!strcmp(want, "PD"))
		return IS("PD") || IS("PENDING") || IS("Q");
	if (!strcmp(want, "DONE"))
		return IS("COMPLETED") || IS("CD") || IS("F") || IS("E");
	if (!strcmp(want, "FAILED"))
		return IS("FAILED") || IS("F") || IS("TIMEOUT") || IS("OUT_OF_MEMORY") || IS("NODE_FAIL");
	return false;
#undef IS
}

/* Whether the text says phrase outside a negation ("not the pending one" does not pick it). */
static bool says(const char *s, size_t len, const char *phrase)
{
	size_t n = strlen(phrase);
	if (!n || n > len)
		return false;
	/* the phrases are lower case: the places where one can start are found with memchr, its first letter
	 * in either case (a scan of every byte, for each of ~26 phrases, was 3% of generate --batch) */
	size_t last = len - n; /* the last place the phrase can start */
	int lo = (unsigned char)phrase[0], up = toupper(lo);
	if (isupper(lo))
		return false; /* tolower() of no byte is an upper-case letter */
	const char *nl = memchr(s, lo, last + 1), *nu = up != lo ? memchr(s, up, last + 1) : NULL;
	while (nl || nu) {
		bool from_lo = nl && (!nu || nl < nu);
		const char *p = from_lo ? nl : nu;
		size_t at = (size_t)(p - s);
		if (from_lo)
			nl = at < last ? memchr(p + 1, lo, last - at) : NULL;
		else
			nu = at < last ? memchr(p + 1, up, last - at) : NULL;
		if (strncasecmp(s + at, phrase, n))
			continue;
		if (at >= 4 && !strncasecmp(s + at - 4, "not ", 4))
			continue;
		if (at == 0 || !isalpha((unsigned char)s[at - 1]))
			return true;
	}
	return false;
}

/* Which row of a pasted table the request picks ("the running one", "the second one"). */
static void picked_row(struct ctx *c, struct facts *f)
{
	const char *s = c->text;
	bool run = says(s, c->len, "the running one") || says(s, c->len, "the running job") || says(s, c->len, "like the running");
	bool pend = says(s, c->len, "the pending one") || says(s, c->len, "the pending job");
	bool done = says(s, c->len, "the one that finished") || says(s, c->len, "that finished job") ||
		    says(s, c->len, "the finished one") || says(s, c->len, "the completed one") ||
		    says(s, c->len, "the one that completed") || says(s, c->len, "the one that worked");
	bool failed = says(s, c->len, "the one that failed") || says(s, c->len, "the failed one");
	f->state = run && !pend ? "R" : pend && !run ? "PD" : NULL;
	if (done && !failed && !run && !pend)
		f->state = "DONE";
	else if (failed && !done && !run && !pend)
		f->state = "FAILED";
	/* "the big one", "the bigger of the two", "the largest": the row with the most nodes */
	f->biggest = says(s, c->len, "the big one") || says(s, c->len, "the bigger") || says(s, c->len, "the largest") ||
		     says(s, c->len, "the biggest");
	f->smallest = says(s, c->len, "the small one") || says(s, c->len, "the smaller") || says(s, c->len, "the smallest");
	/* a row picked is the job the request points at, as a whole */
	c->paste_picked = f->state || f->ordinal || f->biggest != f->smallest;
	static const char *const nth[] = {"the first one", "the second one", "the third one", "the fourth one", NULL};
	for (int i = 0; nth[i]; i++)
		if (says(s, c->len, nth[i]))
			f->ordinal = f->ordinal ? 0 : i + 1;
	if (says(s, c->len, "the last one") || says(s, c->len, "the bottom one"))
		f->ordinal = f->ordinal ? 0 : -1;
}

static void keep_str(char *dst, size_t cap, const char *v, size_t n, bool *bad)
{
	if (!n || n >= cap || *bad)
		return;
	for (size_t i = 0; i < n; i++)
		if (!(isalnum((unsigned char)v[i]) || v[i] == '-' || v[i] == '_' || v[i] == '.'))
			return; /* "(null)", "N/A", a truncated "m3928+" */
	if (*dst && (strlen(dst) != n || strncmp(dst, v, n))) {
		*bad = true;
		return;
	}
	memcpy(dst, v, n);
	dst[n] = '\0';
}

static void keep_int(int *dst, const char *v, size_t n, bool *bad)
{
	int x = 0;
	size_t i = 0;
	while (i < n && isdigit((unsigned char)v[i]) && x < 1000000)
		x = x * 10 + (v[i++] - '0');
	if (!i || x <= 0 || *bad || (i < n && v[i] != '-' && v[i] != ':' && !(i + 1 == n && strchr(",;)", v[i]))))
		/* "3", "3-3" (min-max), "2:ngpus=4", "nnodes=2," */
		return;
	if (*dst && *dst != x)
		*bad = true;
	else
		*dst = x;
}

/* A time limit of a scheduler's record ("06:00:00", "1-00:00:00", "4:00:00"), in minutes. */
static void keep_time(int *dst, const char *v, size_t n, bool hhmm, bool *bad)
{
	char buf[32];
	if (!n || n >= sizeof(buf) || *bad)
		return;
	memcpy(buf, v, n);
	buf[n] = '\0';
	/* PBS's qstat prints "Req'd Time" as hours:minutes ("04:00"); Slurm's one colon is minutes:seconds */
	int h, mm;
	char tail;
	int m = hhmm && sscanf(buf, "%4d:%2d%c", &h, &mm, &tail) == 2 && mm < 60 ? h * 60 + mm : parse_walltime(buf);
	if (m <= 0)
		return;
	if (*dst && *dst != m) {
		*bad = true;
		return;
	}
	*dst = m;
}

static size_t line_end(const char *s, size_t len, size_t a)
{
	const char *nl = memchr(s + a, '\n', len - a);
	return nl ? (size_t)(nl - s) : len;
}

/* The words of s[a, b) split at blanks: their starts and lengths (at most max); how many. */
static size_t words_of(const char *s, size_t a, size_t b, size_t *at, size_t *len, size_t max)
{
	size_t n = 0;
	for (size_t p = a; p < b && n < max;) {
		while (p < b && isspace((unsigned char)s[p]))
			p++;
		size_t q = p;
		while (q < b && !isspace((unsigned char)s[q]))
			q++;
		if (q > p)
			at[n] = p, len[n] = q - p, n++;
		p = q;
	}
	return n;
}

static bool word_is(const char *s, size_t at, size_t len, const char *w)
{
	return len == strlen(w) && !strncasecmp(s + at, w, len);
}

/* The line after a prompt running squeue, sacct or sinfo ("$ sacct -j 991 --format=JobID,Partition,..."):
 * the header of the table it printed, whatever the case of its column names ("JobID Partition NNodes"). */
static bool after_table_tool(const char *s, size_t len, size_t a)
{
	if (a < 2)
		return false;
	size_t pe = a - 1, ps = pe; /* the line before: [ps, pe) */
	while (ps > 0 && s[ps - 1] != '\n')
		ps--;
	static const char *const tools[] = {"squeue", "sacct", "sinfo", NULL};
	for (size_t k = 0; tools[k]; k++) {
		size_t l = strlen(tools[k]);
		for (size_t p = ps; p + l <= pe && p < len; p++)
			/* "$ sacct -j 991 ...", "sacct -X --format=...", "vista(login1)$ sinfo ...", "host> squeue" */
			if (!strncmp(s + p, tools[k], l) && (p + l == pe || s[p + l] == ' ') &&
			    (p == ps || s[p - 1] == ' ' || s[p - 1] == '$' || s[p - 1] == '>'))
				return p == ps || memchr(s + ps, '$', p - ps) || memchr(s + ps, '>', p - ps) || memchr(s + ps, '#', p - ps);
	}
	return false;
}

/* PBS qstat's table header: "Job ID  Username Queue  Jobname  SessID NDS  TSK  Memory Time  S Time". */
static bool pbs_table_header(const char *s, size_t a, size_t b)
{
	size_t at[16], len[16];
	size_t n = words_of(s, a, b, at, len, 16);
	bool queue = false, nds = false;
	for (size_t k = 0; k < n; k++) {
		queue = queue || word_is(s, at[k], len[k], "Queue");
		nds = nds || word_is(s, at[k], len[k], "NDS");
	}
	return n >= 5 && word_is(s, at[0], len[0], "Job") && (word_is(s, at[1], len[1], "ID") || word_is(s, at[1], len[1], "Id")) &&
	       queue && nds;
}

/* The row (1-based) of the table under the header ending at b that alone holds, as a cell, a number
 * the request names after "exit", "code", "job", "jobid" or "id" ("the one that got killed (exit 271)");
 * 0 when none or several. */
static int row_by_number(const struct ctx *c, size_t b, size_t nh, bool steps)
{
	const char *s = c->text;
	static const char *const cues[] = {"exit ", "code ", "job ", "jobid ", "id ", "job #", NULL};
	int found = 0;
	for (size_t i = 0; i < c->len; i++) {
		size_t cl = 0;
		for (size_t q = 0; cues[q] && !cl; q++)
			if (i + strlen(cues[q]) < c->len && !strncasecmp(s + i, cues[q], strlen(cues[q])) &&
			    (i == 0 || !isalpha((unsigned char)s[i - 1])))
				cl = strlen(cues[q]);
		if (!cl || !isdigit((unsigned char)s[i + cl]))
			continue;
		size_t na = i + cl, ne = na;
		while (ne < c->len && isdigit((unsigned char)s[ne]))
			ne++;
		if (na >= b - 0 && na < b) /* the header itself */
			continue;
		int row = 0, hit = 0, hits = 0;
		for (size_t p = b + 1; p < c->len;) {
			size_t e = line_end(s, c->len, p);
			if (na >= p && na < e)
				break; /* the number is in the table: no reference to it */
			size_t at[24], len[24];
			size_t n = words_of(s, p, e, at, len, 24);
			if (!n || (s[at[0]] != '-' && n != nh && !(steps && memchr(s + at[0], '.', len[0]))))
				break;
			if (s[at[0]] != '-' && !(steps && memchr(s + at[0], '.', len[0]))) {
				row++;
				for (size_t k = 0; k < n; k++) {
					/* the cell, or its number before a ".host" ("91107.aurora") */
					size_t l = strspn(s + at[k], "0123456789");
					if (l == ne - na && l <= len[k] && (l == len[k] || s[at[k] + l] == '.') &&
					    !strncmp(s + at[k], s + na, l)) {
						hit = row, hits++;
						break;
					}
				}
			}
			p = e + 1;
		}
		if (hits == 1 && (!found || found == hit))
			found = hit;
		else if (hits)
			return 0;
	}
	return found;
}

/* A table under its column header: the rows up to a blank line, each with as many words as the header
 * (a row whose value holds a blank, as sacct's "CANCELLED by 0", cannot be aligned and is passed over;
 * so is a job step's row, "7781.batch" under sacct's JobID, whose node count is not the job's). PBS's
 * two words "Job ID" and "Req'd Time" are one column each. sinfo's TIMELIMIT is a partition's limit, not a job's; its rows in
 * state idle add up to the idle nodes. */
/* Whether a table's line is a rule under its header (sacct's "------", showq's "======"). */
static bool rule_line(char first)
{
	return first == '-' || first == '=';
}

/* A job's trackable resources as Slurm prints them ("billing=256,cpu=256,gres/gpu=16,node=4", scontrol's
 * "TRES=...", sacct's AllocTRES): its GPUs, and its nodes when nodes_too; false when w[0, wl) names no
 * GPUs. */
static bool read_tres(struct ctx *c, struct facts *f, const char *w, size_t wl, bool nodes_too)
{
	const char *end = w + wl, *g = memmem(w, wl, "gres/gpu=", 9);
	if (!g)
		return false;
	const char *comma = memchr(g, ',', (size_t)(end - g));
	keep_int(&c->paste_gpus, g + 9, (size_t)((comma ? comma : end) - (g + 9)), &f->bad_gpus);
	const char *nd = nodes_too ? memmem(w, wl, "node=", 5) : NULL;
	if (nd && (nd == w || nd[-1] == ',')) {
		const char *ne = memchr(nd, ',', (size_t)(end - nd));
		keep_int(&c->paste_nodes, nd + 5, (size_t)((ne ? ne : end) - (nd + 5)), &f->bad_nodes);
	}
	return true;
}

static size_t read_table(struct ctx *c, struct facts *f, size_t a, size_t b)
{
	const char *s = c->text;
	size_t hat[24], hlen[24];
	size_t nh = words_of(s, a, b, hat, hlen, 24);
	for (size_t k = 0; k + 1 < nh; k++)
		if ((word_is(s, hat[k], hlen[k], "Job") && (word_is(s, hat[k + 1], hlen[k + 1], "ID"))) ||
		    word_is(s, hat[k], hlen[k], "Req'd")) { /* "Job ID", "Req'd Time": one column each */
			memmove(hat + k + 1, hat + k + 2, (nh - k - 2) * sizeof(*hat));
			memmove(hlen + k + 1, hlen + k + 2, (nh - k - 2) * sizeof(*hlen));
			nh--;
		}
	int col_part = -1, col_acct = -1, col_nodes = -1, col_time = -1, col_state = -1, col_st = -1, col_tres = -1;
	bool pbs_time = false; /* the time column is qstat's "Req'd Time" (hours:minutes) */
	bool sinfo = false, steps = nh > 0 && word_is(s, hat[0], hlen[0], "JobID");
	for (size_t k = 0; k < nh; k++) {
		if (word_is(s, hat[k], hlen[k], "PARTITION") || word_is(s, hat[k], hlen[k], "QUEUE"))
			col_part = (int)k;
		else if (word_is(s, hat[k], hlen[k], "ACCOUNT"))
			col_acct = (int)k;
		else if (word_is(s, hat[k], hlen[k], "NODES") || word_is(s, hat[k], hlen[k], "NNODES") ||
			 word_is(s, hat[k], hlen[k], "AllocNodes") || word_is(s, hat[k], hlen[k], "NDS"))
			col_nodes = (int)k;
		else if (word_is(s, hat[k], hlen[k], "TIME_LIMIT") || word_is(s, hat[k], hlen[k], "TIMELIMIT") ||
			 (word_is(s, hat[k], hlen[k], "Req'd") && hat[k] + hlen[k] + 5 <= b &&
			  !strncmp(s + hat[k] + hlen[k], " Time", 5))) { /* qstat's "Req'd Time" */
			col_time = (int)k;
			pbs_time = word_is(s, hat[k], hlen[k], "Req'd");
		}
		else if (word_is(s, hat[k], hlen[k], "STATE"))
			col_state = (int)k;
		else if (hlen[k] >= 9 && !strncasecmp(s + hat[k], "AllocTRES", 9)) /* sacct's "AllocTRES%50" */
			col_tres = (int)k;
		else if (word_is(s, hat[k], hlen[k], "ST") || word_is(s, hat[k], hlen[k], "S"))
			col_st = (int)k;
		if (word_is(s, hat[k], hlen[k], "STATE"))
			col_st = (int)k;
		else if (word_is(s, hat[k], hlen[k], "AVAIL"))
			sinfo = true;
	}
	if (sinfo)
		col_time = -1;
	/* the rows, counted first when the request picks one by its place */
	int rows = 0;
	for (size_t p = b + 1; p < c->len && f->ordinal;) {
		size_t e = line_end(s, c->len, p);
		size_t at[24], len[24];
		size_t n = words_of(s, p, e, at, len, 24);
		if (!n || (!rule_line(s[at[0]]) && n != nh && !(steps && memchr(s + at[0], '.', len[0]))))
			break;
		rows += !rule_line(s[at[0]]) && !(steps && memchr(s + at[0], '.', len[0]));
		p = e + 1;
	}
	int want = f->ordinal > 0 ? f->ordinal : f->ordinal < 0 ? rows : 0, row = 0;
	if (rows < 2 || want > rows)
		want = 0;
	/* "rerun the one that got killed (exit 271)", "job 91107 again": the one row holding a number the
	 * request names after "exit", "job" or "id" */
	if (!want && !f->state && f->biggest == f->smallest) {
		int r = row_by_number(c, b, nh, steps);
		if (r > 0) {
			want = r;
			c->paste_picked = true;
		}
	}
	/* "the big one": the most nodes of the rows (the fewest for "the small one"), when they differ */
	int big = 0;
	for (size_t p = b + 1; p < c->len && (f->biggest != f->smallest) && col_nodes >= 0;) {
		size_t e = line_end(s, c->len, p);
		size_t at[24], len[24];
		size_t n = words_of(s, p, e, at, len, 24);
		if (!n || (!rule_line(s[at[0]]) && n != nh && !(steps && memchr(s + at[0], '.', len[0]))))
			break;
		if (!rule_line(s[at[0]]) && !(steps && memchr(s + at[0], '.', len[0]))) {
			int v = atoi(s + at[col_nodes]);
			if (v > 0 && (!big || (f->biggest ? v > big : v < big)))
				big = v;
		}
		p = e + 1;
	}
	int idle = 0;
	size_t p = b + 1;
	while (p < c->len) {
		size_t e = line_end(s, c->len, p);
		size_t at[24], len[24];
		size_t n = words_of(s, p, e, at, len, 24);
		if (!n)
			break;
		bool step = steps && memchr(s + at[0], '.', len[0]);
		if (!rule_line(s[at[0]]) && !step) { /* sacct's rule under the header; a job step's row */
			/* (a last column with blanks in it - showq's STARTTIME "Tue Mar 11 08:02:13" - gives a row
			 * more words than the header; its first word is then a job's number) */
			bool job_row = n > nh && nh >= 3 && isdigit((unsigned char)s[at[0]]) && strspn(s + at[0], "0123456789") >= 4;
			if (n != nh && !job_row)
				break;
			row++;
			if ((want && row != want) || (f->state && col_st >= 0 && !state_is(s + at[col_st], len[col_st], f->state)) ||
			    (big && col_nodes >= 0 && atoi(s + at[col_nodes]) != big)) {
				p = e + 1;
				continue; /* a row the request does not pick */
			}
			if (col_part >= 0 && !sinfo)
				keep_str(c->paste_queue, sizeof(c->paste_queue), s + at[col_part], len[col_part], &f->bad_queue);
			if (col_acct >= 0)
				keep_str(c->paste_account, sizeof(c->paste_account), s + at[col_acct], len[col_acct], &f->bad_account);
			if (col_nodes >= 0)
				keep_int(&c->paste_nodes, s + at[col_nodes], len[col_nodes], &f->bad_nodes);
			/* (and its nodes where no NNodes column says them: "...,gres/gpu=16,node=4") */
			if (col_tres >= 0)
				read_tres(c, f, s + at[col_tres], len[col_tres], col_nodes < 0);
			if (col_time >= 0)
				keep_time(&c->paste_walltime, s + at[col_time], len[col_time], pbs_time, &f->bad_time);
			if (sinfo && col_state >= 0 && col_nodes >= 0 && word_is(s, at[col_state], len[col_state], "idle"))
				idle += atoi(s + at[col_nodes]);
		}
		p = e + 1;
	}
	if (idle > 0 && !c->paste_idle_nodes)
		c->paste_idle_nodes = idle;
	return p < c->len ? p - 1 : c->len;
}

/* "Key=Value" of scontrol's record at word [at, at + len), or "Key = Value" of qstat -f across three
 * words. */
static void read_key(struct ctx *c, struct facts *f, const char *key, size_t kl, const char *v, size_t vl)
{
#define KEY(x) (kl == strlen(x) && !strncmp(key, x, kl))
	if (KEY("Partition") || KEY("queue"))
		keep_str(c->paste_queue, sizeof(c->paste_queue), v, vl, &f->bad_queue);
	else if (KEY("Account") || KEY("Account_Name"))
		keep_str(c->paste_account, sizeof(c->paste_account), v, vl, &f->bad_account);
	else if (KEY("NumNodes") || KEY("Resource_List.select") || KEY("Resource_List.nodect"))
		keep_int(&c->paste_nodes, v, vl, &f->bad_nodes);
	else if (KEY("Resource_List.ngpus"))
		keep_int(&c->paste_gpus, v, vl, &f->bad_gpus);
	/* the GPUs of a record's resources: qstat's "Resource_List.select = 4:ngpus=4" (each chunk's), scontrol's
	 * "TRES=cpu=128,...,gres/gpu=8" (all of them) */
	if (KEY("Resource_List.select")) {
		const char *g = mem_find(v, vl, "ngpus=", 6);
		if (g)
			keep_int(&c->paste_gpn, g + 6, (size_t)(v + vl - g - 6), &f->bad_gpn);
	}
	if (KEY("TRES") || KEY("AllocTRES") || KEY("ReqTRES")) {
		const char *g = mem_find(v, vl, "gres/gpu=", 9);
		if (g) {
			size_t gl = (size_t)(v + vl - g - 9), d = 0;
			while (d < gl && isdigit((unsigned char)g[9 + d]))
				d++;
			keep_int(&c->paste_gpus, g + 9, d, &f->bad_gpus);
		}
	}
	else if (KEY("TimeLimit") || KEY("Resource_List.walltime"))
		keep_time(&c->paste_walltime, v, vl, false, &f->bad_time);
#undef KEY
}

/* A scheduler's variable in a job's environment as env prints it ("SLURM_JOB_ACCOUNT=bdfj-dtai-gh",
 * "SLURM_JOB_NUM_NODES=2", "PBS_QUEUE=debug"), word w of wl bytes; a value that is itself a variable
 * ("$SLURM_X") is a script's line, not a printout. */
static void read_job_env(struct ctx *c, struct facts *f, const char *w, size_t wl)
{
	const char *eq = memchr(w, '=', wl);
	size_t kl = (size_t)(eq - w), vl = wl - kl - 1;
	const char *v = eq + 1;
	if (!vl || *v == '$' || *v == '"' || *v == '\'' || *v == '`')
		return;
#define KEY(x) (kl == strlen(x) && !strncmp(w, x, kl))
	if (KEY("SLURM_JOB_ACCOUNT") || KEY("PBS_ACCOUNT"))
		keep_str(c->paste_account, sizeof(c->paste_account), v, vl, &f->bad_account);
	else if (KEY("SLURM_JOB_PARTITION") || KEY("PBS_QUEUE"))
		keep_str(c->paste_queue, sizeof(c->paste_queue), v, vl, &f->bad_queue);
	else if (KEY("SLURM_JOB_NUM_NODES") || KEY("SLURM_NNODES") || KEY("PBS_NUM_NODES"))
		keep_int(&c->paste_nodes, v, vl, &f->bad_nodes);
	else if (KEY("SLURM_GPUS_ON_NODE"))
		keep_int(&c->paste_gpn, v, vl, &f->bad_gpn);
#undef KEY
}

/* A log's layout: NCCL's "nRanks 16 nNodes 4 localRanks 4" and "world_size=48 local_world_size=12" words
 * of a line. */
static void read_layout(struct ctx *c, struct facts *f, const char *s, const size_t *at, const size_t *len, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		const char *w = s + at[k];
		if (k + 1 < n && word_is(s, at[k], len[k], "nNodes"))
			keep_int(&c->paste_nodes, s + at[k + 1], len[k + 1], &f->bad_nodes);
		else if (k + 1 < n && word_is(s, at[k], len[k], "nRanks"))
			keep_int(&c->paste_gpus, s + at[k + 1], len[k + 1], &f->bad_gpus);
		else if (k + 1 < n && word_is(s, at[k], len[k], "localRanks"))
			keep_int(&c->paste_gpn, s + at[k + 1], len[k + 1], &f->bad_gpn);
		else if (len[k] > 11 && !strncasecmp(w, "world_size=", 11))
			keep_int(&c->paste_gpus, w + 11, len[k] - 11, &f->bad_gpus);
		else if (len[k] > 17 && !strncasecmp(w, "local_world_size=", 17))
			keep_int(&c->paste_gpn, w + 17, len[k] - 17, &f->bad_gpn);
		/* DeepSpeed's log: "nodes=8 gpus_per_node=8", "world_size ........ 64" */
		else if (len[k] > 6 && !strncmp(w, "nodes=", 6))
			keep_int(&c->paste_nodes, w + 6, len[k] - 6, &f->bad_nodes);
		else if (len[k] > 14 && !strncmp(w, "gpus_per_node=", 14))
			keep_int(&c->paste_gpn, w + 14, len[k] - 14, &f->bad_gpn);
		else if (k + 2 < n && word_is(s, at[k], len[k], "world_size") && s[at[k + 1]] == '.')
			keep_int(&c->paste_gpus, s + at[k + 2], len[k + 2], &f->bad_gpus);
		/* DeepSpeed's launcher: "nnodes=2, num_local_procs=4, node_rank=0" */
		else if (len[k] > 7 && !strncmp(w, "nnodes=", 7))
			keep_int(&c->paste_nodes, w + 7, len[k] - 7, &f->bad_nodes);
		else if (len[k] > 16 && !strncmp(w, "num_local_procs=", 16))
			keep_int(&c->paste_gpn, w + 16, len[k] - 16, &f->bad_gpn);
	}
	/* torchrun's "launch configs" lines: "  min_nodes        : 2", "  nproc_per_node   : 4" */
	if (n == 3 && word_is(s, at[1], len[1], ":")) {
		if (word_is(s, at[0], len[0], "min_nodes") || word_is(s, at[0], len[0], "max_nodes"))
			keep_int(&c->paste_nodes, s + at[2], len[2], &f->bad_nodes);
		else if (word_is(s, at[0], len[0], "nproc_per_node"))
			keep_int(&c->paste_gpn, s + at[2], len[2], &f->bad_gpn);
	}
}

/* sinfo's lines without a header ("$ sinfo -p gpu-a100 -t idle -h -o \"%D %T\"" printing "12 idle"): the
 * idle nodes. */
static size_t read_headless_sinfo(struct ctx *c, size_t a, size_t b)
{
	const char *s = c->text;
	if (!mem_find(s + a, b - a, "sinfo", 5) || !mem_find(s + a, b - a, "%D", 2) || !memchr(s + a, '$', b - a))
		return 0;
	int idle = 0;
	size_t p = b + 1, last = b;
	while (p < c->len) {
		size_t e = line_end(s, c->len, p);
		size_t at[4], len[4];
		size_t n = words_of(s, p, e, at, len, 4);
		if (n < 2 || n > 3 || !isdigit((unsigned char)s[at[0]]))
			break;
		if (word_is(s, at[1], len[1], "idle"))
			idle += atoi(s + at[0]);
		last = e;
		p = e + 1;
	}
	if (idle > 0 && !c->paste_idle_nodes)
		c->paste_idle_nodes = idle;
	return last > b ? last : 0;
}

/* The hosts a node-listing tool printed under its prompt ("$ pbsnodes -l free", "$ scontrol show
 * hostnames"): one per line, its first word a host name, up to a blank line or a line of prose. */
static size_t read_host_list(struct ctx *c, size_t a, size_t b)
{
	static const char *const tools[] = {"pbsnodes", "show hostnames", "PBS_NODEFILE", "sinfo -N", NULL};
	const char *s = c->text;
	bool prompt = false;
	for (size_t k = 0; tools[k] && !prompt; k++)
		prompt = mem_find(s + a, b - a, tools[k], strlen(tools[k])) != NULL;
	if (!prompt || !memchr(s + a, '$', b - a))
		return 0;
	int hosts = 0;
	size_t p = b + 1, last = b;
	while (p < c->len) {
		size_t e = line_end(s, c->len, p);
		size_t at[4], len[4];
		size_t n = words_of(s, p, e, at, len, 4);
		bool host = n >= 1 && n <= 3 && len[0] >= 3;
		for (size_t q = 0; host && q < len[0]; q++)
			host = isalnum((unsigned char)s[at[0] + q]) || s[at[0] + q] == '-' || s[at[0] + q] == '.';
		if (!host || !strpbrk(s + at[0], "0123456789") || (size_t)(strpbrk(s + at[0], "0123456789") - s) >= at[0] + len[0])
			break;
		hosts++;
		last = e;
		p = e + 1;
	}
	if (hosts > 0 && !c->paste_listed)
		c->paste_listed = hosts;
	return last;
}

/* An allocation table as a balance tool prints it (Anvil's mybalance "Allocation Type SU Limit ...",
 * Delta's accounts "Project Description Usage (Hours)", sshare's "Account User RawShares ..."): a header
 * whose first word is Allocation, Account or Project, then one row per account (rules and the header's
 * second line passed over), up to a blank line. The request picks one row by a word only that row has, a
 * cell or a part of the account's name: "charge the GPU one", "use the gpu allocation". The end of the
 * table, 0 when the line at [a, b) opens none. */
static size_t read_account_table(struct ctx *c, size_t a, size_t b)
{
	const char *s = c->text;
	size_t at[24], len[24];
	size_t n = words_of(s, a, b, at, len, 24);
	if (n < 3 || (!word_is(s, at[0], len[0], "Allocation") && !word_is(s, at[0], len[0], "Account") &&
				    !word_is(s, at[0], len[0], "Project")) ||
	    !isupper((unsigned char)s[at[0]]))
		return 0;
	struct row {
		size_t a, b, name_a, name_l;
	} rows[12];
	size_t nrows = 0, last = b;
	for (size_t p = b + 1; p < c->len && nrows < sizeof(rows) / sizeof(*rows);) {
		size_t e = line_end(s, c->len, p);
		size_t m = words_of(s, p, e, at, len, 24);
		if (!m)
			break;
		last = e;
		bool name = len[0] >= 3;
		for (size_t q = 0; q < len[0] && name; q++)
			name = isalnum((unsigned char)s[at[0] + q]) || strchr("-_.", s[at[0] + q]);
		/* rules ("=====", "-----"), the header's second line ("Account  (account)  (user)") */
		if (rule_line(s[at[0]]) || word_is(s, at[0], len[0], "Account") || word_is(s, at[0], len[0], "Allocation") ||
		    word_is(s, at[0], len[0], "Project") || !name || m < 2) {
			p = e + 1;
			continue;
		}
		rows[nrows++] = (struct row){p, e, at[0], len[0]};
		p = e + 1;
	}
	if (nrows < 1)
		return 0;
	/* the row a word of the request picks: "the GPU one", "the gpu allocation" */
	static const char *const nouns[] = {"one", "allocation", "account", "project", "row", "line", "balance", NULL};
	int picked = -1, hits = 0;
	for (size_t r = 0; r < nrows; r++) {
		bool hit = false;
		size_t m = words_of(s, rows[r].a, rows[r].b, at, len, 24);
		for (size_t k = 0; k < m && !hit; k++) {
			/* a cell of letters, or a part of the name between '-' and '_' ("cis240333-gpu": "gpu") */
			for (size_t q = at[k]; q < at[k] + len[k] && !hit;) {
				size_t qe = q;
				while (qe < at[k] + len[k] && isalpha((unsigned char)s[qe]))
					qe++;
				bool part = qe > q && qe - q >= 3 && qe - q < 24 && (qe == at[k] + len[k] || strchr("-_", s[qe])) &&
					    (q == at[k] || strchr("-_", s[q - 1]));
				for (size_t w = 0; part && nouns[w] && !hit; w++) {
					char phrase[48];
					int pl = snprintf(phrase, sizeof(phrase), "the %.*s %s", (int)(qe - q), s + q, nouns[w]);
					for (int i = 0; i < pl; i++)
						phrase[i] = (char)tolower((unsigned char)phrase[i]);
					hit = says(s, c->len, phrase);
				}
				q = qe < at[k] + len[k] ? qe + 1 : qe;
				while (q < at[k] + len[k] && !isalpha((unsigned char)s[q]))
					q++;
			}
		}
		if (hit)
			picked = (int)r, hits++;
	}
	if (hits == 1 && rows[picked].name_l < sizeof(c->paste_account)) {
		memcpy(c->paste_account, s + rows[picked].name_a, rows[picked].name_l);
		c->paste_account[rows[picked].name_l] = '\0';
		c->paste_account_row = true;
	} else if (nrows == 1 && !hits && !*c->paste_account && rows[0].name_l < sizeof(c->paste_account)) {
		/* one account listed: the one "same account as sshare shows" points at */
		memcpy(c->paste_account, s + rows[0].name_a, rows[0].name_l);
		c->paste_account[rows[0].name_l] = '\0';
	}
	return last;
}

/* Whether a seff report opens above line a ("Job ID: 4412093" within the ten lines before). */
static bool seff_report_above(const char *s, size_t a)
{
	size_t p = a;
	for (int lines = 0; p > 0 && lines < 10; lines++) {
		size_t e = p - 1, q = e;
		while (q > 0 && s[q - 1] != '\n')
			q--;
		if (e - q >= 7 && !strncmp(s + q, "Job ID:", 7))
			return true;
		p = q;
	}
	return false;
}


void rd_read_pasted_facts(struct ctx *c)
{
	rd_read_submit_params(c);
	struct facts f = {0};
	picked_row(c, &f);
	bool in_record = false;
	const char *s = c->text;
	for (size_t a = 0; a < c->len;) {
		size_t b = line_end(s, c->len, a);
		if (rd_tool_column_header(s, a, b) || after_table_tool(s, c->len, a) || pbs_table_header(s, a, b)) {
			a = read_table(c, &f, a, b) + 1;
			continue;
		}
		size_t table = read_account_table(c, a, b);
		if (table) {
			a = table + 1;
			continue;
		}
		size_t listed = read_host_list(c, a, b);
		if (!listed)
			listed = read_headless_sinfo(c, a, b);
		if (listed) {
			a = listed + 1;
			continue;
		}
		size_t at[24], len[24];
		size_t n = words_of(s, a, b, at, len, 24);
		read_layout(c, &f, s, at, len, n);
		/* qstat -f: "    Account_Name = FoundEpi" (an indented line of three words) */
		if (n == 3 && at[0] > a && word_is(s, at[1], len[1], "=") && islower((unsigned char)s[at[0]]) == 0 &&
		    memchr(s + at[0], '_', len[0]))
			read_key(c, &f, s + at[0], len[0], s + at[2], len[2]);
		else if (n == 3 && at[0] > a && word_is(s, at[1], len[1], "=") && word_is(s, at[0], len[0], "queue"))
			read_key(c, &f, s + at[0], len[0], s + at[2], len[2]);
		/* seff's report: "Nodes: 4" under "Job ID: ..." */
		if (n == 2 && at[0] == a && len[0] == 6 && !strncmp(s + at[0], "Nodes:", 6) && seff_report_above(s, a))
			keep_int(&c->paste_nodes, s + at[1], len[1], &f.bad_nodes);
		/* a job's trackable resources, sacct's AllocTRES cell without its header ("billing=256,cpu=256,
		 * gres/gpu=8,node=2"): its GPUs and nodes, and the word is not the request's own counts */
		for (size_t k = 0; k < n; k++) {
			if (memchr(s + at[k], ',', len[k]) && memmem(s + at[k], len[k], "gres/gpu=", 9) &&
			    !rd_tool_column_header(s, a, b) && read_tres(c, &f, s + at[k], len[k], true))
				rd_blank(c, at[k], at[k] + len[k]);
		}
		/* the environment of a job ("$ env | grep SLURM_" in an interactive session): one NAME=value a line */
		if (n == 1 && at[0] == a && memchr(s + at[0], '=', len[0]))
			read_job_env(c, &f, s + at[0], len[0]);
		/* scontrol: a line of two or more capitalised Key=Value words */
		size_t kv = 0;
		for (size_t k = 0; k < n; k++)
			kv += isupper((unsigned char)s[at[k]]) && memchr(s + at[k], '=', len[k]) != NULL;
		/* within a record that opened with "JobId=", a line of one Key=Value ("   Account=ASC25011") */
		if (n >= 1 && word_is(s, at[0], len[0] > 6 ? 6 : len[0], "JobId="))
			in_record = true;
		else if (kv != n || !n || at[0] == a)
			in_record = false;
		for (size_t k = 0; (kv >= 2 || (kv == 1 && in_record)) && k < n; k++) {
			const char *eq = memchr(s + at[k], '=', len[k]);
			if (!eq || !isupper((unsigned char)s[at[k]]))
				continue;
			size_t kl = (size_t)(eq - (s + at[k]));
			read_key(c, &f, s + at[k], kl, eq + 1, len[k] - kl - 1);
			/* TRES=cpu=96,mem=360G,node=3,billing=12,gres/gpu=12 (its nodes are NumNodes=) */
			if (kl == 4 && !strncmp(s + at[k], "TRES", 4))
				read_tres(c, &f, eq, len[k] - kl, false);
		}
		a = b + 1;
	}
	/* a job script pasted from another system: its header's account and queue ("Move it to Aurora, same
	 * queue, same project" under "#PBS -A ProjX") */
	for (size_t i = 0; i < c->nforeign; i++)
		for (size_t a = c->foreign_a[i]; a < c->foreign_b[i] && a < c->len;) {
			size_t b = line_end(s, c->len, a);
			size_t at[8], len[8];
			size_t n = words_of(s, a, b, at, len, 8);
			bool directive = n >= 2 && (word_is(s, at[0], len[0], "#SBATCH") || word_is(s, at[0], len[0], "#PBS"));
			for (size_t k = 1; directive && k < n; k++) {
				const char *w = s + at[k];
				size_t wl = len[k];
				bool acct = word_is(s, at[k], wl, "-A") || word_is(s, at[k], wl, "--account");
				bool queue = word_is(s, at[k], wl, "-q") || word_is(s, at[k], wl, "-p") ||
					     word_is(s, at[k], wl, "--partition") || word_is(s, at[k], wl, "--qos");
				if ((acct || queue) && k + 1 < n) {
					if (acct)
						keep_str(c->paste_account, sizeof(c->paste_account), s + at[k + 1], len[k + 1], &f.bad_account);
					else
						keep_str(c->paste_queue, sizeof(c->paste_queue), s + at[k + 1], len[k + 1], &f.bad_queue);
					if (queue && !*c->foreign_queue && len[k + 1] < sizeof(c->foreign_queue))
						memcpy(c->foreign_queue, s + at[k + 1], len[k + 1]), c->foreign_queue[len[k + 1]] = '\0';
				}
				const char *eq = memchr(w, '=', wl);
				if (eq && (size_t)(eq - w) == 9 && !strncmp(w, "--account", 9))
					keep_str(c->paste_account, sizeof(c->paste_account), eq + 1, wl - 10, &f.bad_account);
				else if (eq && (size_t)(eq - w) == 11 && !strncmp(w, "--partition", 11)) {
					keep_str(c->paste_queue, sizeof(c->paste_queue), eq + 1, wl - 12, &f.bad_queue);
					if (!*c->foreign_queue && wl - 12 < sizeof(c->foreign_queue))
						memcpy(c->foreign_queue, eq + 1, wl - 12), c->foreign_queue[wl - 12] = '\0';
				}
			}
			a = b + 1;
		}
	if (f.bad_account)
		c->paste_account[0] = '\0';
	if (f.bad_queue)
		c->paste_queue[0] = '\0';
	if (f.bad_nodes)
		c->paste_nodes = 0;
	if (f.bad_gpus)
		c->paste_gpus = 0;
	if (f.bad_gpn)
		c->paste_gpn = 0;
	if (f.bad_time)
		c->paste_walltime = 0;
}

/* What "same ..." points at: the nouns after "same" (or "identical") up to the clause's end ("same
 * account as above", "the same partition and node count", "same partition, account, nodes and GPUs",
 * "the same time limit", "same layout as in the log", "same world size as above"). "as above" / "shown
 * above" after an account word point too ("account as above"). What is pasted is pointed at as a whole by
 * "all of them", "every idle one", "all of those idle ones", "as many nodes as are listed" (PT_ALL). */
/* PT_WORLD: "same world size" - the ranks in all, one GPU each, whatever the target's GPUs per node */
enum { PT_ACCOUNT = 1, PT_QUEUE = 2, PT_NODES = 4, PT_GPUS = 8, PT_TIME = 16, PT_LAYOUT = 32, PT_ALL = 64, PT_WORLD = 128 };
static int pointed_at(const struct ctx *c)
{
	static const char *const acct[] = {"account", "project", "allocation", "acct", NULL};
	static const char *const queue[] = {"partition", "queue", "qos", NULL};
	static const char *const time[] = {"limit", "walltime", "time", "wallclock", "wall-time", "timelimit", NULL};
	static const char *const layout[] = {"layout", "size", "shape", "topology", "world", "geometry", "per-node",
					     "resources", NULL};
	static const char *const link[] = {"the", "and", "as", "&", "count", "number", "of", "above", "before", "that",
					   "one", "ones", "in", "total", "wall", NULL};
	int what = 0;
	int repeat = 0; /* the job pointed at as a whole, when nothing of it is named ("resubmit it") */
	for (size_t i = 0; i < c->n; i++) {
		/* "resubmit it on delta", "requeue that one with 12h", "rerun this job": a verb of repeating
		 * (data/lexicon's repeat_verbs) whose object is the job pasted ("rerun this on our new machine": where it
		 * goes may be fenced off as a machine of the writer's, the verb still points at the job) */
		if (vocab_in(VL_REPEAT_VERB, c->t[i].norm) && !c->t[i].neg) {
			size_t k = i + 1;
			if (rd_is_any(c, k, (const char *const[]){"it", "that", "this", NULL}) &&
			    !is_node_unit(rd_norm_at(c, k + 1)) && !is_gpu_unit(rd_norm_at(c, k + 1)))
				repeat = PT_NODES | PT_TIME;
			else if (rd_is_any(c, k, (const char *const[]){"the", "that", "this", "my", NULL}) &&
				 rd_is_any(c, k + 1, (const char *const[]){"job", "one", "run", "same", NULL}))
				repeat = PT_NODES | PT_TIME;
		}
		if (c->t[i].neg || c->t[i].source)
			continue;
		/* "all of them", "all of those (idle ones)", "every one of them", "every idle one", "all the idle
		 * nodes", "as many nodes as are listed (there)" */
		if ((rd_is(c, i, "all") || rd_is(c, i, "every") || rd_is(c, i, "each")) &&
		    ((rd_is(c, i + 1, "of") && (rd_is(c, i + 2, "them") || rd_is(c, i + 2, "those") || rd_is(c, i + 2, "these"))) ||
		     (rd_is(c, i + 1, "one") && rd_is(c, i + 2, "of")) ||
		     ((rd_is(c, i + 1, "idle") || rd_is(c, i + 1, "free") || rd_is(c, i + 1, "available")) &&
		      (rd_is(c, i + 2, "one") || rd_is(c, i + 2, "ones") || is_node_unit(rd_norm_at(c, i + 2)))) ||
		     (rd_is(c, i + 1, "the") && (rd_is(c, i + 2, "idle") || rd_is(c, i + 2, "free")) &&
		      (rd_is(c, i + 3, "ones") || is_node_unit(rd_norm_at(c, i + 3))))))
			what |= PT_ALL;
		/* "can i grab the idle ones", "the free nodes" (not "10 of the idle ones": a count of them) */
		if (rd_is(c, i, "the") && (rd_is(c, i + 1, "idle") || rd_is(c, i + 1, "free")) &&
		    (rd_is(c, i + 2, "ones") || is_node_unit(rd_norm_at(c, i + 2))) && !(i >= 2 && rd_is(c, i - 1, "of") && c->t[i - 2].is_num))
			what |= PT_ALL;
		if (rd_is(c, i, "as") && rd_is(c, i + 1, "many") && is_node_unit(rd_norm_at(c, i + 2)) && rd_is(c, i + 3, "as"))
			for (size_t k = i + 4; k < c->n && k <= i + 7; k++)
				if (rd_is(c, k, "listed") || rd_is(c, k, "shown") || rd_is(c, k, "printed") || rd_is(c, k, "free") ||
				    rd_is(c, k, "idle"))
					what |= PT_ALL;
		/* "what sacct shows", "the job squeue lists", "as qstat -f reported": the job of the tool's output */
		if (rd_is_any(c, i, (const char *const[]){"sacct", "squeue", "qstat", "scontrol", "seff", "sshare", "mybalance", NULL})) {
			size_t v = i + 1;
			while (v < c->n && v < i + 4 && c->t[v].norm[0] == '-') /* "what qstat -f shows" */
				v++;
			if (rd_is_any(c, v, (const char *const[]){"shows", "showed", "shown", "says", "said", "reports", "reported",
								   "printed", "prints", "lists", "listed", "gave", "gives", NULL}))
				what |= PT_ACCOUNT | PT_QUEUE | PT_NODES | PT_GPUS | PT_TIME;
		}
		/* the job as a whole: "same as that job", "same as above", "identical to the above", "exactly as
		 * before", "like the running one" */
		if (rd_is(c, i, "same") || rd_is(c, i, "identical") || rd_is(c, i, "exactly") || rd_is(c, i, "like")) {
			size_t k = i + 1;
			if (rd_is(c, k, "as") || rd_is(c, k, "to"))
				k++;
			if (k > i + 1 || rd_is(c, i, "like")) {
				while (rd_is(c, k, "the") || rd_is(c, k, "that") || rd_is(c, k, "this") || rd_is(c, k, "my"))
					k++;
				if (rd_is(c, k, "above") || rd_is(c, k, "before") || rd_is(c, k, "job") || rd_is(c, k, "run") ||
				    rd_is(c, k, "one") || (rd_is(c, k, "running") && rd_is(c, k + 1, "one")))
					what |= PT_ACCOUNT | PT_QUEUE | PT_NODES | PT_TIME;
			}
			/* "same again but 8 hours", "Same thing again on polaris, ... but 24 hours", "Same job again" */
			if (rd_is(c, i, "same") && (rd_is(c, i + 1, "again") ||
						    (rd_is_any(c, i + 1, (const char *const[]){"thing", "job", "run", NULL}) &&
						     rd_is(c, i + 2, "again"))))
				what |= PT_ACCOUNT | PT_QUEUE | PT_NODES | PT_TIME;
			/* "resubmit the same thing on perlmutter", "the same job on vista with a 6h limit": the job of
			 * the pasted output, its size and time (its account and queue stay with "again" or "as above"
			 * only: the job may move to another system) */
			if (rd_is(c, i, "same") && i > 0 && rd_is(c, i - 1, "the") &&
			    rd_is_any(c, i + 1, (const char *const[]){"thing", "job", "run", NULL}))
				repeat = PT_NODES | PT_TIME;
		}
		/* "everything (else) stays as it is", "keep everything else", "everything else the same", "keep the
		 * rest", "the rest unchanged", "otherwise identical": the job as a whole, but for what is excepted
		 * ("everything except the account stays") */
		static const char *const kept[] = {"stays", "stay", "same", "unchanged", "identical", "remains", "untouched",
						   "as-is", NULL};
		bool whole = false;
		if (rd_is(c, i, "everything") || (rd_is(c, i, "rest") && i > 0 && rd_is(c, i - 1, "the")) ||
		    rd_is(c, i, "otherwise")) {
			whole = (i > 0 && rd_is(c, i - 1, "keep")) || (i > 1 && rd_is(c, i - 1, "the") && rd_is(c, i - 2, "keep"));
			for (size_t k = i + 1; k < c->n && k <= i + 6 && !whole; k++) {
				whole = rd_is_any(c, k, kept) || (rd_is(c, k, "as") && rd_is(c, k + 1, "is"));
				if (rd_sentence_end_after(c, k))
					break;
			}
		}
		if (whole) {
			int all = PT_ACCOUNT | PT_QUEUE | PT_NODES | PT_TIME;
			for (size_t k = i + 1; k < c->n && k <= i + 5; k++) {
				if (!rd_is(c, k, "except") && !rd_is(c, k, "but") && !rd_is(c, k, "besides") && !rd_is(c, k, "apart"))
					continue;
				for (size_t q = k + 1; q < c->n && q <= k + 4; q++) {
					all &= ~(rd_is_any(c, q, acct)	     ? PT_ACCOUNT
						 : rd_is_any(c, q, queue)	     ? PT_QUEUE
						 : is_node_unit(c->t[q].norm) ? PT_NODES
						 : rd_is_any(c, q, time)	     ? PT_TIME
										     : 0);
					if (rd_sentence_end_after(c, q) || c->t[q].trail)
						break;
				}
			}
			what |= all;
		}
		if (!rd_is(c, i, "same") && !rd_is(c, i, "identical"))
			continue;
		for (size_t k = i + 1; k < c->n && k <= i + 10; k++) {
			int w = rd_is_any(c, k, acct)				    ? PT_ACCOUNT
				: rd_is(c, k, "select") || rd_is(c, k, "nodecount")	    ? PT_NODES
				: rd_is_any(c, k, queue)			    ? PT_QUEUE
				: is_node_unit(c->t[k].norm)			    ? PT_NODES
				: is_gpu_unit(c->t[k].norm) || rd_is(c, k, "gpu") ? PT_GPUS
				: (rd_is(c, k, "world") && rd_is(c, k + 1, "size")) || rd_is(c, k, "world_size") ? PT_WORLD
				: rd_is_any(c, k, time)				    ? PT_TIME
				: rd_is_any(c, k, layout)			    ? PT_LAYOUT
										    : 0;
			if (!w && !rd_is_any(c, k, link))
				break;
			what |= w;
			if (w == PT_WORLD && rd_is(c, k, "world"))
				k++; /* (its "size" is no layout) */
			if (rd_sentence_end_after(c, k) || c->t[k].trail == ')' || c->t[k].trail == ':')
				break;
		}
	}
	return what ? what : repeat;
}


void rd_apply_pasted_facts(struct ctx *c)
{
	rd_apply_submit_params(c);
	if (!*c->paste_account && !*c->paste_queue && !c->paste_nodes && !c->paste_gpus && !c->paste_gpn &&
	    !c->paste_walltime && !c->paste_idle_nodes && !c->paste_listed)
		return;
	int what = pointed_at(c);
	if (c->paste_account_row) /* "charge the GPU one" under a balance tool's table */
		what |= PT_ACCOUNT;
	if (c->paste_picked) /* "the big one again but 2 hours", "resubmit the one that finished" */
		what |= PT_ACCOUNT | PT_QUEUE | PT_NODES | PT_TIME;
	struct request *r = c->req;
	if ((what & PT_ACCOUNT) && *c->paste_account && !r->account) {
		request_set(&r->account, c->paste_account);
		request_warn(r, "account '%s' taken from the scheduler output pasted in the request, as it asks (\"same account\")",
			     c->paste_account);
	}
	if ((what & PT_QUEUE) && *c->paste_queue && !r->queue && c->cluster && cluster_queue(c->cluster, c->paste_queue)) {
		request_set(&r->queue, c->paste_queue);
		request_warn(r, "queue '%s' taken from the scheduler output pasted in the request, as it asks (\"same partition\")",
			     c->paste_queue);
	}
	/* the queue of another system's pasted header, which the target does not take: said, so that the
	 * default the target gets instead is no surprise */
	if (*c->foreign_queue && !r->queue && c->cluster)
		request_warn(r, "queue '%s' is that of the job script pasted from another system, not carried to %s; its default "
				"queue is used (say \"queue NAME\" to pick one)",
			     c->foreign_queue, c->cluster->id);
	if (((what & PT_TIME) || r->wall_add || r->wall_mul) && c->paste_walltime > 0 && !r->walltime_min && !r->from[RF_WALLTIME]) {
		r->walltime_min = c->paste_walltime;
		request_warn(r, "walltime %d min taken from the scheduler output pasted in the request, as it asks (\"same time "
				"limit\")",
			     c->paste_walltime);
	}
	/* "same world size": the GPUs in all (its ranks, or its nodes times their ranks each), which the target's
	 * nodes hold at their own GPUs per node */
	if ((what & PT_WORLD) && !(what & (PT_NODES | PT_LAYOUT | PT_ALL)) && c->total_rank <= RK_COPIED &&
	    c->nodes_rank <= RK_COPIED) {
		long world = c->paste_gpus > 0 ? c->paste_gpus : (long)c->paste_nodes * c->paste_gpn;
		if (world > 0 && world <= 1000000) {
			c->total = (int)world;
			c->total_rank = RK_PROSE;
			if (c->nodes_rank == RK_COPIED) {
				c->nodes = 0, c->nodes_rank = RK_NONE;
				free(r->from[RF_NODES]), r->from[RF_NODES] = NULL;
			}
			if (c->gpn_rank == RK_COPIED) {
				c->gpn = 0, c->gpn_rank = RK_NONE;
				free(r->from[RF_GPUS_PER_NODE]), r->from[RF_GPUS_PER_NODE] = NULL;
			}
			request_warn(r, "%ld GPUs in all: the world size of the job pasted in the request, as it asks (\"same "
					"world size\")",
				     world);
			return;
		}
	}
	/* the nodes it points at: every idle one of sinfo's rows, the hosts listed, or the job's node count; a
	 * change relative to them ("twice as many nodes as that one") takes them as its base */
	int nodes = 0;
	const char *how = "same nodes";
	if (what & PT_ALL)
		nodes = c->paste_idle_nodes ? c->paste_idle_nodes : c->paste_listed ? c->paste_listed : c->paste_nodes,
		how = "all of them";
	else if ((what & (PT_NODES | PT_LAYOUT)) || r->nodes_mul)
		nodes = c->paste_nodes, how = r->nodes_mul ? "as many nodes as that one, changed" : "same nodes";
	if ((what & PT_LAYOUT) && !nodes && c->paste_gpus > 0 && c->paste_gpn > 0 && c->paste_gpus % c->paste_gpn == 0)
		nodes = c->paste_gpus / c->paste_gpn; /* "world_size=48 local_world_size=12": 4 nodes */
	if (nodes > 0 && c->nodes_rank <= RK_COPIED && c->total_rank <= RK_COPIED) {
		c->nodes = nodes;
		c->nodes_rank = RK_PROSE;
		request_warn(r, "%d nodes taken from the output pasted in the request, as it asks (\"%s\")", nodes, how);
	}
	if ((what & PT_LAYOUT) && c->paste_gpn > 0 && c->gpn_rank <= RK_COPIED) {
		c->gpn = c->paste_gpn;
		c->gpn_rank = RK_PROSE;
	}
	/* (a record's GPUs in all, or its nodes times their GPUs each: "Resource_List.select = 4:ngpus=4") */
	long gpus = c->paste_gpus > 0 ? c->paste_gpus : (long)c->paste_nodes * c->paste_gpn;
	if (((what & PT_GPUS) || (r->gpus_mul && !(what & (PT_NODES | PT_LAYOUT | PT_ALL)))) && gpus > 0 && gpus <= 1000000 &&
	    c->total_rank <= RK_COPIED) {
		c->total = (int)gpus;
		c->total_rank = RK_PROSE;
	}
}
