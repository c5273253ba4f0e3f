/* directives.c - the scheduler header of a job script: #SBATCH (Slurm), #PBS (PBS Pro / Torque),
 * #BSUB (LSF), #flux: (Flux) and #COBALT (ALCF's Cobalt) lines, read as the schedulers read them (only before the first command), each
 * option checked against the scheduler's option table and its value against the option's syntax. The
 * counts the header asks for (nodes, GPUs, tasks, walltime) are read in header.c. */
#include "jobscript.h"

#include "../util/num.h"
#include "../util/textdist.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum vkind {
	V_NONE,	    /* a flag */
	V_OPT,	    /* optional value (only with =) */
	V_STR,	    /* any text */
	V_INT,	    /* positive integer */
	V_RANGE,    /* N or N-M */
	V_TIME,	    /* Slurm time */
	V_MEM,	    /* memory size */
	V_GPUS,	    /* [type:]N */
	V_INT0,	    /* a whole number, 0 included (-S 0: no specialized cores) */
	V_GRES,	    /* gpu[:type]:N[,...] */
};

struct optdef {
	const char *name;
	char short_name;
	enum vkind v;
};

/* sbatch options (Slurm 22.05 - 24.05 man pages). */
static const struct optdef slurm_opts[] = {
	{"account", 'A', V_STR},	  {"acctg-freq", 0, V_STR},	    {"array", 'a', V_STR},
	{"batch", 0, V_STR},		  {"bb", 0, V_STR},		    {"bbf", 0, V_STR},
	{"begin", 'b', V_STR},		  {"chdir", 'D', V_STR},	    {"cluster-constraint", 0, V_STR},
	{"clusters", 'M', V_STR},	  {"comment", 0, V_STR},	    {"constraint", 'C', V_STR},
	{"container", 0, V_STR},	  {"container-id", 0, V_STR},	    {"contiguous", 0, V_NONE},
	{"core-spec", 'S', V_INT0},	  {"cores-per-socket", 0, V_INT},   {"cpu-freq", 0, V_STR},
	{"cpus-per-gpu", 0, V_INT},	  {"cpus-per-task", 'c', V_INT},    {"deadline", 0, V_STR},
	{"delay-boot", 0, V_STR},	  {"dependency", 'd', V_STR},	    {"distribution", 'm', V_STR},
	{"error", 'e', V_STR},		  {"exclude", 'x', V_STR},	    {"exclusive", 0, V_OPT},
	{"export", 0, V_STR},		  {"export-file", 0, V_STR},	    {"extra", 0, V_STR},
	{"extra-node-info", 'B', V_STR},  {"get-user-env", 0, V_OPT},	    {"gid", 0, V_STR},
	{"gpu-bind", 0, V_STR},		  {"gpu-freq", 0, V_STR},	    {"gpus", 'G', V_GPUS},
	{"gpus-per-node", 0, V_GPUS},	  {"gpus-per-socket", 0, V_GPUS},   {"gpus-per-task", 0, V_GPUS},
	{"gres", 0, V_GRES},		  {"gres-flags", 0, V_STR},	    {"help", 'h', V_NONE},
	{"hint", 0, V_STR},		  {"hold", 'H', V_NONE},	    {"ignore-pbs", 0, V_NONE},
	{"input", 'i', V_STR},		  {"job-name", 'J', V_STR},	    {"kill-on-invalid-dep", 0, V_STR},
	{"licenses", 'L', V_STR},	  {"mail-type", 0, V_STR},	    {"mail-user", 0, V_STR},
	{"mcs-label", 0, V_STR},	  {"mem", 0, V_MEM},		    {"mem-bind", 0, V_STR},
	{"mem-per-cpu", 0, V_MEM},	  {"mem-per-gpu", 0, V_MEM},	    {"mincpus", 0, V_INT},
	{"network", 0, V_STR},		  {"nice", 0, V_OPT},		    {"no-kill", 'k', V_OPT},
	{"no-requeue", 0, V_NONE},	  {"nodefile", 'F', V_STR},	    {"nodelist", 'w', V_STR},
	{"nodes", 'N', V_RANGE},	  {"ntasks", 'n', V_INT},	    {"ntasks-per-core", 0, V_INT},
	{"ntasks-per-gpu", 0, V_INT},	  {"ntasks-per-node", 0, V_INT},    {"ntasks-per-socket", 0, V_INT},
	{"open-mode", 0, V_STR},	  {"output", 'o', V_STR},	    {"overcommit", 'O', V_NONE},
	{"oversubscribe", 's', V_NONE},	  {"parsable", 0, V_NONE},	    {"partition", 'p', V_STR},
	{"power", 0, V_STR},		  {"prefer", 0, V_STR},		    {"priority", 0, V_STR},
	{"profile", 0, V_STR},		  {"propagate", 0, V_OPT},	    {"qos", 'q', V_STR},
	{"quiet", 'Q', V_NONE},		  {"reboot", 0, V_NONE},	    {"requeue", 0, V_NONE},
	{"reservation", 0, V_STR},	  {"segment", 0, V_INT},	    {"signal", 0, V_STR},
	{"sockets-per-node", 0, V_INT},	  {"spread-job", 0, V_NONE},	    {"switches", 0, V_STR},
	{"test-only", 0, V_NONE},	  {"thread-spec", 0, V_INT0},	    {"threads-per-core", 0, V_INT},
	{"time", 't', V_TIME},		  {"time-min", 0, V_TIME},	    {"tmp", 0, V_MEM},
	{"tres-bind", 0, V_STR},	  {"tres-per-task", 0, V_STR},	    {"uid", 0, V_STR},
	{"use-min-nodes", 0, V_NONE},	  {"usage", 0, V_NONE},		    {"verbose", 'v', V_NONE},
	{"version", 'V', V_NONE},	  {"wait", 'W', V_NONE},	    {"wait-all-nodes", 0, V_INT0},
	{"wckey", 0, V_STR},		  {"wrap", 0, V_STR},		    {"x11", 0, V_OPT},
	{NULL, 0, V_NONE},
};

/* qsub options (PBS Pro 2022; Torque's -l nodes= is read too). -l is split per resource. */
static const struct optdef pbs_opts[] = {
	{"after", 'a', V_STR},	   {"account", 'A', V_STR}, {"checkpoint", 'c', V_STR}, {"prefix", 'C', V_STR},
	{"error", 'e', V_STR},	   {"hold", 'h', V_NONE},   {"interactive", 'I', V_NONE}, {"join", 'j', V_STR},
	{"array", 'J', V_STR},	   {"keep", 'k', V_STR},    {"resource", 'l', V_STR},	  {"mail", 'm', V_STR},
	{"mail-user", 'M', V_STR}, {"job-name", 'N', V_STR}, {"output", 'o', V_STR},	  {"priority", 'p', V_STR},
	{"project", 'P', V_STR},   {"queue", 'q', V_STR},   {"rerun", 'r', V_STR},	  {"shell", 'S', V_STR},
	{"user", 'u', V_STR},	   {"variables", 'v', V_STR}, {"export-env", 'V', V_NONE}, {"attributes", 'W', V_STR},
	{"x11", 'X', V_NONE},	   {"quiet", 'z', V_NONE},  {"array-t", 't', V_STR},	  {"directory", 'd', V_STR},
	{"directory-w", 'w', V_STR},
	{NULL, 0, V_NONE},
};

/* bsub options that appear in GPU job scripts (IBM Spectrum LSF 10.1). */
static const struct optdef lsf_opts[] = {
	{"nnodes", 0, V_INT},	  {"slots", 'n', V_STR},     {"walltime", 'W', V_STR},	{"job-name", 'J', V_STR},
	{"account", 'P', V_STR},  {"queue", 'q', V_STR},     {"output", 'o', V_STR},	{"error", 'e', V_STR},
	{"gpu", 0, V_STR},	  {"resource", 'R', V_STR},  {"alloc_flags", 0, V_STR}, {"begin", 'b', V_STR},
	{"notify-begin", 'B', V_NONE}, {"notify-end", 'N', V_NONE}, {"mail-user", 'u', V_STR}, {"exclusive", 'x', V_NONE},
	{"cwd", 0, V_STR},	  {"outdir", 0, V_STR},	     {"group", 'G', V_STR},	{"env", 0, V_STR},
	{"depend", 'w', V_STR},	  {"oo", 0, V_STR},	     {"eo", 0, V_STR},		{"app", 0, V_STR},
	{"core_isolation", 0, V_STR}, {"stage", 0, V_STR},   {"cn_cu", 0, V_STR},	{"U", 0, V_STR},
	{"We", 0, V_STR},	  {"L", 0, V_STR},	     {"M", 0, V_STR},		{"I", 0, V_NONE},
	{NULL, 0, V_NONE},
};

/* flux batch options (flux-core 0.50+ man pages flux-batch(1), flux-submit(1): "JOB PARAMETERS",
 * "OTHER OPTIONS"; https://flux-framework.readthedocs.io/projects/flux-core/en/latest/man1/flux-batch.html),
 * the ones a #flux: line sets (RFC 36 submission directives); per-task spellings (-n --ntasks, -c
 * --cores-per-task, -g --gpus-per-task) are flux_aliases of the slot ones. */
static const struct optdef flux_opts[] = {
	{"nodes", 'N', V_INT},	       {"nslots", 'n', V_INT},	       {"cores-per-slot", 'c', V_INT},
	{"gpus-per-slot", 'g', V_INT}, {"gpus-per-node", 0, V_INT},    {"tasks-per-node", 0, V_INT},
	{"cores", 0, V_INT},	       {"tasks-per-core", 0, V_INT},   {"exclusive", 'x', V_NONE},
	{"time-limit", 't', V_STR},    {"queue", 'q', V_STR},	       {"bank", 'B', V_STR},
	{"job-name", 0, V_STR},	       {"output", 0, V_STR},	       {"error", 0, V_STR},
	{"input", 0, V_STR},	       {"setattr", 'S', V_STR},	       {"setopt", 'o', V_STR},
	{"urgency", 0, V_STR},	       {"env", 0, V_STR},	       {"env-remove", 0, V_STR},
	{"env-file", 0, V_STR},	       {"cwd", 0, V_STR},	       {"dependency", 0, V_STR},
	{"requires", 0, V_STR},	       {"begin-time", 0, V_STR},       {"signal", 0, V_STR},
	{"conf", 0, V_STR},	       {"add-file", 0, V_STR},	       {"flags", 0, V_STR},
	{"broker-opts", 0, V_STR},     {"rlimit", 0, V_STR},	       {"taskmap", 0, V_STR},
	{"cc", 0, V_STR},	       {"bcc", 0, V_STR},	       {"log", 0, V_STR},
	{"log-stderr", 0, V_STR},      {"dump", 0, V_OPT},	       {"label-io", 'l', V_NONE},
	{"unbuffered", 'u', V_NONE},   {"verbose", 'v', V_NONE},       {"quiet", 0, V_NONE},
	{"wrap", 0, V_NONE},	       {"debug", 0, V_NONE},
	{NULL, 0, V_NONE},
};

/* Cobalt qsub options (ALCF's scheduler of Theta, ThetaGPU and Cooley until 2023: #COBALT lines,
 * https://docs.alcf.anl.gov/theta-gpu/queueing-and-running-jobs/job-and-queue-scheduling/): -n nodes,
 * -t minutes or HH:MM:SS, -q queue, -A project, --attrs. */
static const struct optdef cobalt_opts[] = {
	{"nodecount", 'n', V_INT},  {"time", 't', V_TIME},	{"queue", 'q', V_STR},	 {"project", 'A', V_STR},
	{"attrs", 0, V_STR},	    {"outputprefix", 'O', V_STR}, {"output", 'o', V_STR}, {"error", 'e', V_STR},
	{"mode", 0, V_STR},	    {"proccount", 'c', V_INT},	{"jobname", 0, V_STR},	 {"notify", 'M', V_STR},
	{"env", 0, V_STR},	    {"dependencies", 0, V_STR}, {"cwd", 0, V_STR},	 {"debuglog", 0, V_STR},
	{"user_list", 'u', V_STR},  {"kernel", 'k', V_STR},	{"disable_preboot", 0, V_NONE}, {"interactive", 'I', V_NONE},
	{NULL, 0, V_NONE},
};

/* Spellings sbatch takes for another option's name (Slurm's slurm_opt.c: "tasks-per-node" sets
 * --ntasks-per-node; Alliance and university guides write it). */
static const char *const slurm_aliases[][2] = {{"tasks-per-node", "ntasks-per-node"}, {NULL, NULL}};
/* flux batch's per-task spellings of its slot options (flux-batch(1): -n, --nslots; flux run's
 * --ntasks, --cores-per-task, --gpus-per-task written in a header). */
static const char *const flux_aliases[][2] = {{"ntasks", "nslots"},
					       {"cores-per-task", "cores-per-slot"},
					       {"gpus-per-task", "gpus-per-slot"},
					       {"time", "time-limit"},
					       {NULL, NULL}};

static const struct optdef *find_long(const struct optdef *t, const char *name, size_t n)
{
	const struct optdef *t0 = t;
	for (; t->name; t++) /* the first bytes inline: most names differ there */
		if (t->name[0] == name[0] && strlen(t->name) == n && !memcmp(t->name, name, n))
			return t;
	if (t0 != slurm_opts && t0 != flux_opts)
		return NULL;
	const char *const(*aliases)[2] = t0 == slurm_opts ? slurm_aliases : flux_aliases;
	for (size_t a = 0; aliases[a][0]; a++)
		if (strlen(aliases[a][0]) == n && !memcmp(aliases[a][0], name, n))
			return find_long(t0, aliases[a][1], strlen(aliases[a][1]));
	/* sbatch reads its options with getopt_long and flux batch with argparse; both take any unambiguous
	 * prefix of a long name ("--ntasks-per-n=4", "--partit=gpu") */
	const struct optdef *only = NULL;
	for (t = t0; t->name; t++)
		if (n >= 3 && t->name[0] == name[0] && strlen(t->name) > n && !memcmp(t->name, name, n)) {
			if (only)
				return NULL; /* ambiguous: sbatch refuses it too */
			only = t;
		}
	return only;
}

static const struct optdef *find_short(const struct optdef *t, char c)
{
	for (; t->name; t++)
		if (t->short_name == c)
			return t;
	return NULL;
}

bool js_all_digits(const char *s)
{
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* A count of a select= chunk, 0..max, or -1 when past it (read without atoi's overflow). */
long js_select_num(const char *f, long max)
{
	long v = 0;
	for (; isdigit((unsigned char)*f); f++) {
		v = v * 10 + (*f - '0');
		if (v > max)
			return -1;
	}
	return v;
}

/* Whether select= holds a chunk count past 100000 (or 0), or ngpus= past 1024: "select=2147483648:ngpus=4". */
static bool select_out_of_range(const char *v)
{
	long total = 0;
	for (const char *p = v; *p;) {
		size_t l = strcspn(p, ":+");
		if (l && strspn(p, "0123456789") == l) {
			long n = js_select_num(p, 100000);
			if (n <= 0 || (total += n) > 100000)
				return true;
		} else if (!strncmp(p, "ngpus=", 6) && isdigit((unsigned char)p[6]) && js_select_num(p + 6, 1024) < 0)
			return true;
		p += l;
		if (*p)
			p++;
	}
	return false;
}


/* Slurm time: minutes, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS; "UNLIMITED"/"INFINITE" = -2.
 * Returns minutes (seconds round up) or -1. */
int slurm_time_minutes(const char *s)
{
	if (!strcasecmp(s, "UNLIMITED") || !strcasecmp(s, "INFINITE"))
		return -2;
	long f[4] = {0};
	int nf = 0;
	long days = 0;
	const char *p = s;
	const char *dash = strchr(s, '-');
	if (dash) {
		char *end;
		days = strtol(s, &end, 10);
		if (end != dash || end == s || days < 0 || days > 365)
			return -1;
		p = dash + 1;
	}
	while (*p) {
		if (nf == 3 || !isdigit((unsigned char)*p))
			return -1;
		char *end;
		f[nf] = strtol(p, &end, 10);
		if (f[nf] > 100000)
			return -1;
		nf++;
		p = end;
		if (*p == ':') {
			p++;
			if (!*p)
				return -1;
		} else if (*p) {
			return -1;
		}
	}
	if (nf == 0 || nf > 3)
		return -1;
	long minutes;
	if (dash) { /* D-HH, D-HH:MM, D-HH:MM:SS */
		minutes = days * 1440 + f[0] * 60 + (nf > 1 ? f[1] : 0) + (nf > 2 && f[2] > 0 ? 1 : 0);
	} else if (nf == 1) {
		minutes = f[0];
	} else if (nf == 2) {
		minutes = f[0] + (f[1] > 0 ? 1 : 0);
	} else {
		minutes = f[0] * 60 + f[1] + (f[2] > 0 ? 1 : 0);
	}
	return minutes > 1000000 ? -1 : (int)minutes;
}

/* PBS walltime: [[HH:]MM:]SS; LSF -W: [HH:]MM. Minutes (rounded up) or -1. */
static int pbs_time_minutes(const char *s);

/* Why a PBS walltime pbs_time_minutes refuses is none, naming the value (malloc'd). */
static char *pbs_walltime_bad(const char *v)
{
	struct strbuf sb = STRBUF_INIT;
	size_t digits = strspn(v, "0123456789:.");
	int colons = 0;
	for (const char *p = v; *p; p++)
		colons += *p == ':';
	if (v[digits] || !isdigit((unsigned char)v[0]) || colons > 2 || strstr(v, "::") || v[strlen(v) - 1] == ':')
		strbuf_addf(&sb, "'%s' is not a PBS walltime ([[HH:]MM:]SS)", v);
	else
		strbuf_addf(&sb, "walltime '%s' is past any queue's limit (at most 1000000 minutes)", v);
	return strbuf_detach(&sb);
}

static int pbs_time_minutes(const char *s)
{
	long f[3];
	int nf = 0;
	const char *p = s;
	while (*p) {
		if (nf == 3 || !isdigit((unsigned char)*p))
			return -1;
		const char *end;
		/* each field at most 10^8 (no overflow below): a larger one is no walltime, never a wrap */
		if (num_scan_digits(p, &end, 100000000L, &f[nf++]) < 0)
			return -1;
		p = end;
		if (*p == '.' && nf) { /* fractional seconds */
			p++;
			while (isdigit((unsigned char)*p))
				p++;
		}
		if (*p == ':') {
			p++;
			if (!*p)
				return -1;
		} else if (*p) {
			return -1;
		}
	}
	long secs;
	if (nf == 1)
		secs = f[0];
	else if (nf == 2)
		secs = f[0] * 60 + f[1];
	else if (nf == 3)
		secs = f[0] * 3600 + f[1] * 60 + f[2];
	else
		return -1;
	if (secs > 60L * 1000000)
		return -1;
	return (int)((secs + 59) / 60);
}

char *clock_field_problem(const char *s, bool slurm)
{
	int minutes = slurm ? slurm_time_minutes(s) : pbs_time_minutes(s);
	if (minutes < 0)
		return NULL; /* not a time: the directive's own problem says so */
	const char *dash = slurm ? strchr(s, '-') : NULL;
	const char *p = dash ? dash + 1 : s;
	long f[3] = {0};
	int nf = 0;
	while (*p && nf < 3) {
		f[nf++] = strtol(p, (char **)&p, 10);
		if (*p == '.') /* PBS fractional seconds */
			p += strspn(p + 1, "0123456789") + 1;
		p += *p == ':';
	}
	/* which fields are bounded: after "D-" hours, minutes, seconds; else the fields after the first */
	static const char *const names[] = {"hours", "minutes", "seconds"};
	for (int i = dash ? 0 : 1; i < nf; i++) {
		int unit = dash ? i : i + 3 - nf; /* 0 hours, 1 minutes, 2 seconds */
		long max = unit == 0 ? 23 : 59;
		if (f[i] <= max)
			continue;
		long secs = dash ? strtol(s, NULL, 10) * 86400 : 0;
		for (int k = 0; k < nf; k++) {
			int u = dash ? k : k + 3 - nf;
			secs += f[k] * (u == 0 ? 3600 : u == 1 ? 60 : 1);
		}
		struct strbuf sb = STRBUF_INIT;
		strbuf_addf(&sb, "'%s': the %s field %ld is past %ld (summed, it is %ld:%02ld:%02ld: write that, or the "
				 "time you meant)",
			    s, names[unit], f[i], max, secs / 3600, secs / 60 % 60, secs % 60);
		return strbuf_detach(&sb);
	}
	return NULL;
}

int lsf_time_minutes(const char *s)
{
	const char *colon = strchr(s, ':');
	char *end;
	long a = strtol(s, &end, 10);
	if (end == s || a < 0 || a > 1000000)
		return -1;
	if (!colon)
		return *end ? -1 : (int)a;
	if (end != colon)
		return -1;
	long b = strtol(colon + 1, &end, 10);
	if (*end || end == colon + 1 || b < 0 || b > 59)
		return -1;
	return (int)(a * 60 + b);
}

int flux_time_minutes(const char *s)
{
	if (!strcasecmp(s, "inf") || !strcasecmp(s, "infinity"))
		return -2;
	char *end;
	double v = strtod(s, &end);
	if (end == s || v < 0 || !isdigit((unsigned char)s[0]))
		return -1;
	double mult = 1.0 / 60; /* seconds */
	if (!*end)
		mult = 1; /* a bare number: minutes (flux-batch(1) --time-limit) */
	else if (end[1])
		return -1;
	else if (*end == 'm')
		mult = 1;
	else if (*end == 'h')
		mult = 60;
	else if (*end == 'd')
		mult = 1440;
	else if (*end != 's')
		return -1;
	double m = v * mult;
	if (m > 1000000)
		return -1;
	long r = (long)m;
	return (int)(r + (m > (double)r ? 1 : 0));
}

int pbs_walltime_minutes(const char *s)
{
	return pbs_time_minutes(s);
}

/* A shell expansion ($NAME, ${NAME}, $(cmd)) in a directive's value: sbatch, qsub and bsub read the
 * directive lines as text and never run a shell over them, so the value is the literal '$NAME'. */
static bool shell_expansion(const char *val)
{
	for (const char *p = strchr(val, '$'); p; p = strchr(p + 1, '$'))
		if (isalpha((unsigned char)p[1]) || p[1] == '_' || p[1] == '{' || p[1] == '(')
			return true;
	return false;
}

static char *expansion_problem(const char *val)
{
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "'%s' holds a shell variable, but the scheduler reads directive lines as plain text and never "
			 "expands it (write the value, or pass it on the submit command line)",
		    val);
	return strbuf_detach(&sb);
}

/* Options whose value is a path or free text (--output, --chdir, --container, --comment ...): a literal
 * '$X' there is a strange path or a message, not a request the scheduler rejects - left to the checks of
 * the run, not called an error here. */
static bool free_text_option(const char *name)
{
	static const char *const names[] = {"output", "error", "input", "chdir", "container", "comment", "export",
					    "job-name", "mail-user", "wckey", "container-image", "container-mounts", NULL};
	for (const char *const *n = names; *n; n++)
		if (!strcmp(name, *n))
			return true;
	return false;
}

static char *check_value(enum vkind v, const char *val)
{
	struct strbuf sb = STRBUF_INIT;
	switch (v) {
	case V_INT:
		if (js_all_digits(val) && strlen(val) > 7)
			strbuf_addf(&sb, "'%s' is too large", val);
		else if (!js_all_digits(val) || atol(val) <= 0)
			strbuf_addf(&sb, "'%s' is not a positive whole number", val);
		break;
	case V_INT0:
		if (!js_all_digits(val) || strlen(val) > 7)
			strbuf_addf(&sb, "'%s' is not a whole number", val);
		break;
	case V_RANGE: {
		const char *d = strchr(val, '-');
		bool ok = d ? (strspn(val, "0123456789") == (size_t)(d - val) && d > val && js_all_digits(d + 1))
			    : js_all_digits(val);
		if (ok && strlen(val) > 15)
			strbuf_addf(&sb, "'%s' is too large", val);
		else if (!ok || atol(val) <= 0 || strspn(val, "0123456789") > 7)
			strbuf_addf(&sb, "'%s' is not a node count (N or MIN-MAX)", val);
		break;
	}
	case V_TIME:
		if (slurm_time_minutes(val) == -1)
			strbuf_addf(&sb, "'%s' is not a Slurm time (minutes, HH:MM:SS or D-HH:MM:SS)", val);
		break;
	case V_MEM: {
		size_t d = strspn(val, "0123456789");
		if (!d || (val[d] && (strchr("KMGTkmgt", val[d]) == NULL || (val[d + 1] && strcasecmp(val + d + 1, "B")))))
			strbuf_addf(&sb, "'%s' is not a memory size (e.g. 64G)", val);
		break;
	}
	case V_GPUS: {
		const char *c = strrchr(val, ':');
		const char *n = c ? c + 1 : val;
		if (!js_all_digits(n))
			strbuf_addf(&sb, "'%s' is not a GPU count ([type:]N)", val);
		break;
	}
	case V_GRES:
		if (!*val || strchr(val, ' '))
			strbuf_addf(&sb, "'%s' is not a --gres list (e.g. gpu:4)", val);
		break;
	default:
		break;
	}
	return sb.len ? strbuf_detach(&sb) : (strbuf_release(&sb), NULL);
}

static struct directive *add_dir(struct jobscript *js, enum sched_kind k, int line, int col, int span)
{
	JS_GROW(js->dirs, js->ndirs);
	struct directive *d = &js->dirs[js->ndirs++];
	memset(d, 0, sizeof(*d));
	d->kind = k;
	d->line = line;
	d->col = col;
	d->span = span > 0 ? span : 1;
	return d;
}

/* Splits the option text of a directive line into words (stops at a # comment). */
static void directive_words(const char *s, struct shwords *ws)
{
	size_t pos = 0, len = strlen(s);
	struct shword w;
	while (shlex_next(s, len, &pos, &w, false)) {
		if (w.raw[0] == '#') {
			shword_release(&w);
			break;
		}
		shwords_push(ws, &w);
	}
}

static void parse_option_line(struct jobscript *js, enum sched_kind kind, const struct optdef *table, const char *rest,
			      int line, int base_col, bool ignored)
{
	struct shwords ws;
	shwords_init(&ws);
	directive_words(rest, &ws);
	for (size_t i = 0; i < ws.nr; i++) {
		const struct shword *w = &ws.v[i];
		const char *v = w->value;
		int col = base_col + (int)w->start;
		const struct optdef *def = NULL;
		char *spelled = NULL, *value = NULL;
		bool has_eq = false;
		int span = (int)strlen(w->raw);
		if ((kind == JS_SLURM || kind == JS_FLUX || kind == JS_COBALT) && v[0] == '-' && v[1] == '-') {
			const char *eq = strchr(v + 2, '=');
			size_t n = eq ? (size_t)(eq - v - 2) : strlen(v + 2);
			def = find_long(table, v + 2, n);
			spelled = xstrndup(v, n + 2);
			if (eq)
				value = xstrdup(eq + 1), has_eq = true;
		} else if (v[0] == '-' && v[1] && kind == JS_LSF) {
			def = find_long(table, v + 1, strlen(v + 1)); /* -nnodes, -gpu, -alloc_flags */
			if (!def && !v[2])
				def = find_short(table, v[1]);
			spelled = xstrdup(v);
		} else if (v[0] == '-' && v[1] && v[1] != '-') {
			def = find_short(table, v[1]);
			spelled = xstrndup(v, 2);
			if (v[2] && def && def->v != V_NONE)
				value = xstrdup(v[2] == '=' ? v + 3 : v + 2), has_eq = true;
			else if (v[2] && !def)
				;
			else if (v[2])
				def = NULL; /* -Nfoo on a flag */
		} else {
			struct directive *d = add_dir(js, kind, line, col, span);
			d->opt = xstrdup(v);
			d->spelled = xstrdup(v);
			d->ignored = ignored;
			/* `#SBATCH hetjob` (packjob before Slurm 20.02) separates the components of a heterogeneous
			 * job (https://slurm.schedmd.com/heterogeneous_jobs.html): a word sbatch knows */
			if (kind == JS_SLURM && (!strcmp(v, "hetjob") || !strcmp(v, "packjob")))
				continue;
			d->unknown = true;
			d->problem = xstrdup("not an option (options start with '-')");
			continue;
		}
		if (!def) {
			struct directive *d = add_dir(js, kind, line, col, span);
			d->opt = xstrdup(spelled);
			d->spelled = spelled;
			d->value = value;
			d->ignored = ignored;
			d->unknown = true;
			/* an unknown option's value (if separate) is not an option either */
			if (!value && i + 1 < ws.nr && ws.v[i + 1].value[0] != '-')
				i++;
			continue;
		}
		if (!value && def->v != V_NONE && def->v != V_OPT) {
			if (i + 1 < ws.nr && !(ws.v[i + 1].value[0] == '-' && ws.v[i + 1].value[1] && kind == JS_SLURM &&
						 def->v != V_STR)) {
				i++;
				value = xstrdup(ws.v[i].value);
				span = (int)(ws.v[i].end - w->start);
			}
		}
		if (def == NULL)
			continue;
		/* PBS -l a=b,c=d: one directive per resource */
		if (kind == JS_PBS && def->short_name == 'l' && value) {
			char *save = NULL;
			char *copy = xstrdup(value);
			for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
				struct directive *d = add_dir(js, kind, line, col, span);
				char *eq = strchr(tok, '=');
				d->opt = eq ? xstrndup(tok, (size_t)(eq - tok)) : xstrdup(tok);
				d->spelled = xstrdup("-l");
				d->value = eq ? xstrdup(eq + 1) : NULL;
				d->ignored = ignored;
				if (!eq || !eq[1])
					d->problem = xstrdup("a -l resource is written NAME=VALUE");
				else if (shell_expansion(d->value))
					d->problem = expansion_problem(d->value);
				else if (!strcmp(d->opt, "walltime") && pbs_time_minutes(d->value) < 0)
					d->problem = pbs_walltime_bad(d->value);
				else if (!strcmp(d->opt, "select") && !isdigit((unsigned char)d->value[0]) &&
					 !strchr(d->value, '='))
					d->problem = xstrdup("select= takes N:resource=value:... (e.g. select=2:system=polaris)");
				else if (!strcmp(d->opt, "select") && select_out_of_range(d->value))
					d->problem = xstrdup("select= asks for more nodes (at most 100000) or GPUs per node (at "
							     "most 1024) than any cluster has, or none");
			}
			free(copy);
			free(value);
			free(spelled);
			continue;
		}
		struct directive *d = add_dir(js, kind, line, col, span);
		d->opt = xstrdup(def->name);
		d->spelled = spelled;
		d->value = value;
		d->ignored = ignored;
		if (def->v == V_NONE && has_eq)
			d->problem = xstrdup("this option takes no value");
		else if (def->v != V_NONE && def->v != V_OPT && !value)
			d->problem = xstrdup("this option needs a value");
		else if (value && shell_expansion(value) && !free_text_option(def->name))
			d->problem = expansion_problem(value);
		else if (value && def->v != V_OPT)
			d->problem = check_value(def->v, value);
		if (!d->problem && kind == JS_FLUX && value && !strcmp(d->opt, "time-limit") && flux_time_minutes(value) == -1)
			d->problem = xstrdup("not a Flux time limit (minutes, or a number with s, m, h or d: 90m, 2h)");
		if (!d->problem && kind == JS_LSF && value && !strcmp(d->opt, "walltime") && lsf_time_minutes(value) < 0)
			d->problem = xstrdup("not an LSF run limit ([HH:]MM)");
		if (!d->problem && kind == JS_PBS && value && !strcmp(d->opt, "queue") && !*value)
			d->problem = xstrdup("empty queue name");
	}
	shwords_release(&ws);
}

/* The length of a Flux submission directive's sentinel at the start of l ('#flux:', '# flux:', '#FLUX:';
 * RFC 36: a prefix of non-alphanumeric characters, then flux: or FLUX:), 0 when l is none. */
static size_t flux_sentinel(const char *l)
{
	if (l[0] != '#')
		return 0;
	size_t p = 1 + strspn(l + 1, " \t");
	if (strncmp(l + p, "flux:", 5) && strncmp(l + p, "FLUX:", 5))
		return 0;
	return p + 5;
}

void parse_directives(struct jobscript *js)
{
	int nslurm = 0, npbs = 0, nlsf = 0, nflux = 0, ncobalt = 0;
	for (size_t i = 0; i < js->lines.nr; i++) {
		const char *l = js->lines.v[i];
		const char *p = l;
		while (*p == ' ' || *p == '\t')
			p++;
		if (!js->first_command_line && *p && *p != '#')
			js->first_command_line = (int)i + 1;
		bool ignored = js->first_command_line != 0;
		enum sched_kind k = JS_NONE;
		const struct optdef *table = NULL;
		size_t skip = 0;
		if (!strncmp(l, "#SBATCH", 7))
			k = JS_SLURM, table = slurm_opts, skip = 7;
		else if (!strncmp(l, "#PBS", 4))
			k = JS_PBS, table = pbs_opts, skip = 4;
		else if (!strncmp(l, "#BSUB", 5))
			k = JS_LSF, table = lsf_opts, skip = 5;
		else if (!strncmp(l, "#COBALT", 7))
			k = JS_COBALT, table = cobalt_opts, skip = 7;
		else if ((skip = flux_sentinel(l)) > 0)
			k = JS_FLUX, table = flux_opts;
		if (k == JS_NONE)
			continue;
		if (k == JS_FLUX) {
			nflux++;
			parse_option_line(js, k, table, l + skip, (int)i + 1, (int)skip + 1, ignored);
			continue;
		}
		if (l[skip] && l[skip] != ' ' && l[skip] != '\t') {
			struct directive *d = add_dir(js, k, (int)i + 1, 1, (int)strlen(l));
			d->opt = xstrdup(l);
			d->spelled = xstrdup(l);
			d->unknown = true;
			d->ignored = ignored;
			d->problem = xstrdup("the directive keyword must be followed by a space");
			continue;
		}
		k == JS_SLURM ? nslurm++ : k == JS_PBS ? npbs++ : k == JS_COBALT ? ncobalt++ : nlsf++;
		parse_option_line(js, k, table, l + skip, (int)i + 1, (int)skip + 1, ignored);
	}
	js->sched = JS_NONE;
	if (nslurm >= npbs && nslurm >= nlsf && nslurm)
		js->sched = JS_SLURM;
	else if (npbs >= nlsf && npbs)
		js->sched = JS_PBS;
	else if (nlsf >= nflux && nlsf)
		js->sched = JS_LSF;
	else if (nflux >= ncobalt && nflux)
		js->sched = JS_FLUX;
	else if (ncobalt)
		js->sched = JS_COBALT;
}

const struct directive *js_directive(const struct jobscript *js, const char *opt)
{
	size_t lo, hi;
	if (js->sched == JS_SLURM && js_het_gpu_component(js, &lo, &hi)) {
		for (size_t i = hi; i-- > lo;) { /* the GPU component's own value first */
			const struct directive *d = &js->dirs[i];
			if (!d->ignored && !d->unknown && !d->problem && d->kind == js->sched && d->opt[0] == opt[0] &&
		    !strcmp(d->opt, opt))
				return d;
		}
		if (js_het_per_component(opt))
			return NULL;
	}
	for (size_t i = js->ndirs; i-- > 0;) {
		const struct directive *d = &js->dirs[i];
		if (!d->ignored && !d->unknown && !d->problem && d->kind == js->sched && d->opt[0] == opt[0] &&
		    !strcmp(d->opt, opt))
			return d;
	}
	return NULL;
}

/* Drops "directives" that are text inside a command: a line of a quoted word spanning lines, or of
 * a heredoc body (python -c "...#SBATCH...", cat > inner.sh <<EOF). The scheduler never saw them as
 * directives and they are not misplaced ones either. Runs after the commands are parsed. */
void drop_quoted_directives(struct jobscript *js)
{
	size_t kept = 0;
	for (size_t i = 0; i < js->ndirs; i++) {
		struct directive *d = &js->dirs[i];
		bool inside = false;
		for (size_t c = 0; c < js->ncmds && !inside; c++)
			inside = js->cmds[c].depth == 0 && d->line > js->cmds[c].line && d->line <= js->cmds[c].last_line;
		for (size_t h = 0; h < js->nheredocs && !inside; h++) {
			int body = 0;
			for (const char *b = js->heredocs[h].body; b && *b; b++)
				body += *b == '\n';
			inside = d->line > js->heredocs[h].line && d->line <= js->heredocs[h].line + body;
		}
		if (inside) {
			free(d->opt);
			free(d->spelled);
			free(d->value);
			free(d->problem);
			continue;
		}
		js->dirs[kept++] = *d;
	}
	if (kept == js->ndirs)
		return;
	js->ndirs = kept;
	/* the scheduler is the one of the directives left: a login-node driver whose only #SBATCH lines are in the
	 * job script it feeds sbatch (sbatch <<EOF) or writes (cat > next.sbatch <<EOF) is no job script itself */
	int n[JS_COBALT + 1] = {0};
	for (size_t i = 0; i < kept; i++)
		if ((int)js->dirs[i].kind >= 0 && js->dirs[i].kind <= JS_COBALT)
			n[js->dirs[i].kind]++;
	js->sched = JS_NONE;
	if (n[JS_SLURM] >= n[JS_PBS] && n[JS_SLURM] >= n[JS_LSF] && n[JS_SLURM])
		js->sched = JS_SLURM;
	else if (n[JS_PBS] >= n[JS_LSF] && n[JS_PBS])
		js->sched = JS_PBS;
	else if (n[JS_LSF] >= n[JS_FLUX] && n[JS_LSF])
		js->sched = JS_LSF;
	else if (n[JS_FLUX] >= n[JS_COBALT] && n[JS_FLUX])
		js->sched = JS_FLUX;
	else if (n[JS_COBALT])
		js->sched = JS_COBALT;
}

const char *closest_directive_option(enum sched_kind k, const char *spelled)
{
	static char buf[64];
	const struct optdef *t = k == JS_SLURM ? slurm_opts : k == JS_PBS ? pbs_opts : k == JS_LSF ? lsf_opts :
				 k == JS_FLUX ? flux_opts : k == JS_COBALT ? cobalt_opts : NULL;
	if (!t || !spelled)
		return NULL;
	const char *name = spelled;
	while (*name == '-')
		name++;
	size_t n = strcspn(name, "=");
	if (!n || n > 40)
		return NULL;
	char want[48];
	memcpy(want, name, n);
	want[n] = '\0';
	const struct optdef *best = NULL;
	int bd = 3;
	for (; t->name; t++) {
		int d = edit_distance(want, t->name);
		if (d < bd || (d == bd && best == NULL && d <= 2)) {
			bd = d;
			best = t;
		}
	}
	if (!best || bd > (n <= 4 ? 1 : 2))
		return NULL;
	if (k == JS_SLURM || k == JS_FLUX || (k == JS_COBALT && !best->short_name))
		snprintf(buf, sizeof(buf), "--%s", best->name);
	else if (best->short_name)
		snprintf(buf, sizeof(buf), "-%c", best->short_name);
	else
		snprintf(buf, sizeof(buf), "-%s", best->name);
	return buf;
}
