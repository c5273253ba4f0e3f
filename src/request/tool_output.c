/* tool_output.c - terminal output pasted around a request: a prompt line of a tool that reports state
 * ("$ nvidia-smi", "user@login01:~$ squeue -u me", the tools are data/lexicon's output_tools) with the
 * lines it printed, a Python traceback, a module list, pip freeze lines, scheduler records (scontrol's
 * Key=Value lines, "sbatch: error: ..."), NCCL and rank-prefixed log lines, box-drawn tables. They
 * describe machines and runs that were, never the job asked for: their numbers (driver versions, watts,
 * a partition's node counts, a traceback's line numbers, a log's world_size) are blanked from the
 * reader's working copy, as a struck-out word is. The raw text keeps them for the layers that read
 * pasted job scripts. */
#include "reader.h"
#include "vocab.h"

#include "../util/byteset.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

static size_t skip_sp(const char *s, size_t a, size_t b)
{
	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	return a;
}

static bool starts(const char *s, size_t a, size_t b, const char *p)
{
	size_t n = strlen(p);
	return b - a >= n && !strncmp(s + a, p, n);
}

static bool has(const char *s, size_t a, size_t b, const char *needle)
{
	return b > a && mem_find(s + a, b - a, needle, strlen(needle)) != NULL;
}

/* "$ nvidia-smi -L", "(torch) $ pip freeze", "user@login01:~$ squeue -u me", "[me@host ~]$ sinfo",
 * "% module list": the prompt ('$' or '%'), then a tool of the output_tools list (a path's last part). */
static bool prompt_line_at(const char *s, size_t a, size_t b, size_t *host_a, size_t *host_b, bool any);
static bool prompt_tool_line_at(const char *s, size_t a, size_t b, size_t *host_a, size_t *host_b)
{
	return prompt_line_at(s, a, b, host_a, host_b, false);
}

static bool prompt_tool_line(const char *s, size_t a, size_t b)
{
	size_t ha, hb;
	return prompt_tool_line_at(s, a, b, &ha, &hb);
}

/* A prompt line of any command ("$ torchrun ...", "(venv) me@host:~/proj$ accelerate launch ..."): the
 * next command typed ends the output of the one before. */
static bool prompt_any_line(const char *s, size_t a, size_t b)
{
	size_t ha, hb;
	return prompt_line_at(s, a, b, &ha, &hb, true) && hb > ha;
}

/* The same, with the prompt's text ("vista(login1)$", "[me@login03.frontier ~]$") as [*host_a, *host_b)
 * (empty for a bare "$" or a tool typed with no prompt); any: a prompt before any command word, not only
 * before one of the output tools. */
static bool prompt_line_at(const char *s, size_t a, size_t b, size_t *host_a, size_t *host_b, bool any)
{
	*host_a = *host_b = a;
	size_t p = skip_sp(s, a, b);
	if (p < b && s[p] == '(') { /* a virtual environment's name before the prompt */
		const char *q = memchr(s + p, ')', b - p);
		if (!q)
			return false;
		p = skip_sp(s, (size_t)(q - s) + 1, b);
	}
	size_t w = p;
	while (w < b && s[w] != ' ' && s[w] != '\t')
		w++;
	/* the prompt: "$", "%", "#" alone, or a word ending in one of them ("user@host:~$", "[me@host ~]$") */
	size_t pe = w;
	if (p < b && s[p] == '[') { /* "[me@host ~]$": the bracket holds a space */
		const char *q = memchr(s + p, ']', b - p);
		if (!q || (size_t)(q - s) + 1 >= b)
			return false;
		pe = (size_t)(q - s) + 2;
	}
	/* a tool typed with no prompt, as the first word of its line with an option after it ("sacct -X
	 * --format=...", "squeue --me -o ...", "qstat -xu jdoe") */
	if (!any && w > p && w + 2 < b && s[w + 1] == '-' && w - p < 20) {
		char first[24];
		for (size_t i = 0; i < w - p; i++)
			first[i] = (char)tolower((unsigned char)s[p + i]);
		first[w - p] = '\0';
		static const char *const sched[] = {"sacct", "squeue", "sinfo", "scontrol", "qstat", "pbsnodes", "sshare",
						    "nvidia-smi", "rocm-smi", "xpu-smi", NULL};
		for (size_t i = 0; sched[i]; i++)
			if (!strcmp(first, sched[i]))
				return true;
	}
	/* not '#': a root prompt is rare in a user's paste, and "# module load cuda" is a job script's comment;
	 * a host's name before "$" or ">" ("vista(login1)$", "polaris-login-02>", "login1.frontier$") */
	bool hostlike = pe - p > 2 && (memchr(s + p, '(', pe - p) || memchr(s + p, '-', pe - p) || memchr(s + p, '.', pe - p) ||
				       memchr(s + p, '@', pe - p)); /* "jdoe@perlmutter:login22:~>" */
	if (pe <= p || pe > b || !strchr(hostlike ? "$%>" : "$%", s[pe - 1]) ||
	    (pe - p > 1 && !memchr(s + p, '@', pe - p) && s[p] != '[' && !hostlike))
		return false;
	size_t t = skip_sp(s, pe, b);
	if (t == pe && pe - p == 1)
		return false; /* "$HOME", "#SBATCH": no space after the prompt */
	*host_a = p, *host_b = pe;
	size_t te = t;
	while (te < b && !isspace((unsigned char)s[te]))
		te++;
	size_t base = t;
	for (size_t i = t; i < te; i++)
		if (s[i] == '/')
			base = i + 1;
	char word[40];
	size_t n = te - base;
	if (!n || n >= sizeof(word))
		return false;
	for (size_t i = 0; i < n; i++)
		word[i] = (char)tolower((unsigned char)s[base + i]);
	word[n] = '\0';
	return any ? isalpha((unsigned char)word[0]) != 0 : vocab_in(VL_OUTPUT_TOOL, word);
}

/* "RuntimeError: CUDA out of memory", "torch.distributed.DistBackendError: NCCL error",
 * "ncclSystemError: System call ...": an exception's name (dotted words, ending in Error, Exception,
 * Warning or Interrupt), a colon. */
static bool exception_line(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b), e = p;
	while (e < b && (isalnum((unsigned char)s[e]) || s[e] == '_' || s[e] == '.'))
		e++;
	if (e == p || e >= b || s[e] != ':')
		return false;
	static const char *const tails[] = {"Error", "Exception", "Warning", "Interrupt", "Exit", NULL};
	for (const char *const *t = tails; *t; t++) {
		size_t n = strlen(*t);
		if (e - p > n && !memcmp(s + e - n, *t, n)) /* "RuntimeError:", not a bare "Error:" */
			return true;
	}
	return false;
}

/* NCCL's own line: "NCCL INFO ..." after at most three words of its prefix, each with a ':' or in
 * brackets ("nid001:4512:4512 [0] NCCL INFO", "socket.cc:484 NCCL WARN"); a sentence that quotes a
 * warning ("B2 run crashed with 'NCCL WARN ...'") is the user's. */
static bool nccl_line(const char *s, size_t p, size_t b)
{
	for (int words = 0; p < b && words <= 3; words++) {
		if (starts(s, p, b, "NCCL INFO") || starts(s, p, b, "NCCL WARN") || starts(s, p, b, "NCCL ERROR"))
			return true;
		size_t e = p;
		while (e < b && !isspace((unsigned char)s[e]))
			e++;
		if (!memchr(s + p, ':', e - p) && s[p] != '[')
			return false;
		p = skip_sp(s, e, b);
	}
	return false;
}

/* A line a program printed while it ran: NCCL's ("nid001:4512:4512 [0] NCCL INFO ..."), a rank-prefixed
 * one ("[rank0]: ...", "[rank3]:[W1125 ...]"), a scheduler's or launcher's error ("srun: error: ...",
 * "sbatch: error: ...", "slurmstepd: error: ..."), a traceback's frame, an exception, a logging line that
 * starts with a date and a level. */
static bool log_line(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b);
	if (nccl_line(s, p, b))
		return true;
	if (starts(s, p, b, "[rank") || starts(s, p, b, "File \"") || exception_line(s, p, b))
		return true;
	/* a run's summary printed by wandb ("wandb:       gpus 8", "wandb: Run summary:") */
	if (starts(s, p, b, "wandb: "))
		return true;
	static const char *const tools[] = {"srun: ", "sbatch: ", "salloc: ", "slurmstepd: ", "qsub: ", "mpiexec: ",
					    "mpirun: ", "pbs_", "PMI", NULL};
	for (const char *const *t = tools; *t; t++)
		if (starts(s, p, b, *t) && (has(s, p, b, "error") || has(s, p, b, "Error") || has(s, p, b, "ERROR") ||
					    has(s, p, b, "warning") || has(s, p, b, "abort")))
			return true;
	/* "2026-11-25 10:14:03 INFO ...", "[2026-11-25 10:14:03,120] [WARNING] ...", "I1125 10:14:03.1 ..." */
	size_t d = p < b && s[p] == '[' ? p + 1 : p;
	bool dated = b - d >= 16 && isdigit((unsigned char)s[d]) && isdigit((unsigned char)s[d + 3]) && s[d + 4] == '-' &&
		     s[d + 7] == '-' && (s[d + 10] == ' ' || s[d + 10] == 'T') && s[d + 13] == ':';
	bool glog = b - p >= 14 && strchr("IWEF", s[p]) && isdigit((unsigned char)s[p + 1]) &&
		    isdigit((unsigned char)s[p + 4]) && s[p + 5] == ' ' && s[p + 8] == ':';
	if (dated || glog) {
		static const char *const levels[] = {"INFO", "WARN", "ERROR", "DEBUG", "CRITICAL", " | ", "loss", NULL};
		for (const char *const *l = levels; *l; l++)
			if (has(s, p, b, *l))
				return true;
	}
	return false;
}

/* The top rule of a box-drawn table (nvidia-smi's "+-----+", xpu-smi's "+===+", rocm-smi's "=== ROCm
 * System Management Interface ==="): the rows under it, to a blank line, belong to it. A markdown
 * table ("| cluster | nodes |") has no such rule and is the form layer's. */
static bool box_rule(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b);
	if (starts(s, p, b, "+-") || starts(s, p, b, "+="))
		return true;
	return starts(s, p, b, "=====") && (has(s, p, b, "ROCm") || has(s, p, b, "SMI") || has(s, p, b, "smi"));
}

/* rocm-smi's "GPU[3]\t\t: GPU use (%): 0" lines; nvidia-smi -L's "GPU 0: NVIDIA A100-SXM4-40GB (UUID: ...)"
 * (a device number, a colon, the vendor's name or a UUID). */
static bool smi_line(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b);
	if (starts(s, p, b, "GPU[") && memchr(s + p, ':', b - p))
		return true;
	if (!starts(s, p, b, "GPU "))
		return false;
	size_t d = p + 4, e = d;
	while (e < b && isdigit((unsigned char)s[e]))
		e++;
	if (e == d || e - d > 3 || e >= b || s[e] != ':')
		return false;
	size_t v = skip_sp(s, e + 1, b);
	return starts(s, v, b, "NVIDIA") || starts(s, v, b, "AMD") || starts(s, v, b, "Intel") || has(s, v, b, "UUID");
}

/* pip freeze ("torch==2.3.0", "mypkg @ file:///...") and module list lines ("  1) gcc/11.2   2) cuda/12.2"). */
static bool package_line(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b), e = b;
	while (e > p && (s[e - 1] == ' ' || s[e - 1] == '\r'))
		e--;
	if (p >= e)
		return false;
	if (isdigit((unsigned char)s[p])) { /* a module list: "N) name" items only */
		size_t i = p;
		int items = 0;
		while (i < e) {
			size_t d = i;
			while (d < e && isdigit((unsigned char)s[d]))
				d++;
			if (d == i || d >= e || s[d] != ')')
				return false;
			i = skip_sp(s, d + 1, e);
			if (i >= e || isspace((unsigned char)s[i]))
				return false;
			while (i < e && !isspace((unsigned char)s[i]))
				i++;
			i = skip_sp(s, i, e);
			items++;
		}
		/* "1) gcc/11.2   2) cuda/12.2": two items or a versioned one, not a numbered list's "1) polaris" */
		return items > 1 || memchr(s + p, '/', e - p);
	}
	if (!memchr(s + p, '=', e - p) && !memchr(s + p, '@', e - p))
		return false; /* neither "pkg==1.0" nor "pkg @ file://" */
	if (memchr(s + p, ' ', e - p) && !has(s, p, e, " @ "))
		return false;
	const char *eq = NULL;
	for (size_t i = p; i + 2 < e; i++)
		if (s[i] == '=' && s[i + 1] == '=') {
			eq = s + i;
			break;
		}
	if (eq && eq > s + p && isdigit((unsigned char)eq[2])) {
		for (const char *q = s + p; q < eq; q++)
			if (!isalnum((unsigned char)*q) && !strchr("_.-[]", *q))
				return false;
		return true;
	}
	return has(s, p, e, " @ file://") || has(s, p, e, " @ git+");
}

/* scontrol show job/node/partition: a record opens with "JobId=", "NodeName=", "PartitionName=" or
 * "ReservationName=" and goes on with lines whose every word is Key=Value with a capitalised key
 * ("   JobState=TIMEOUT Reason=TimeLimit", "   NumNodes=2 NumCPUs=128 NumTasks=8"). */
static bool record_start(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b);
	return starts(s, p, b, "JobId=") || starts(s, p, b, "NodeName=") || starts(s, p, b, "PartitionName=") ||
	       starts(s, p, b, "ReservationName=") || starts(s, p, b, "Job Id: ");
}

/* A line of qstat -f's record: "    Resource_List.select = 8", "    Account_Name = EarthML" (indented, a
 * key of letters, digits, '_' and '.', then " = "). */
static bool pbs_record_line(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b);
	if (p == a)
		return false;
	size_t k = p;
	while (k < b && (isalnum((unsigned char)s[k]) || s[k] == '_' || s[k] == '.'))
		k++;
	return k > p && b - k >= 3 && !strncmp(s + k, " = ", 3);
}

static bool record_line(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b);
	int words = 0;
	while (p < b) {
		size_t e = p;
		while (e < b && !isspace((unsigned char)s[e]))
			e++;
		const char *eq = memchr(s + p, '=', e - p);
		if (!eq || eq == s + p || !isupper((unsigned char)s[p]))
			return false;
		for (const char *q = s + p; q < eq; q++)
			if (!isalnum((unsigned char)*q) && *q != '_' && *q != ':' && *q != '/') /* "CPUs/Task=1" */
				return false;
		words++;
		p = skip_sp(s, e, b);
	}
	return words >= 1;
}

/* A table's header of column names in capitals ("JOBID PARTITION NAME USER ST TIME NODES NODELIST(REASON)",
 * "PARTITION AVAIL TIMELIMIT NODES STATE NODELIST"): four words or more, each of capitals and
 * ()/%_.- only, one of them Slurm's; the rows under it belong to it. */
/* Whether text[a, b) is sacct's own header, its default column names as sacct prints them ("JobID
 * JobName  Partition  AllocNodes  Elapsed  State"): four or more of them and nothing else. */
static bool sacct_header(const char *s, size_t a, size_t b)
{
	static const char *const cols[] = {"JobID", "JobIDRaw", "JobName", "Partition", "Account", "AllocCPUS", "AllocNodes",
					   "AllocTRES", "NNodes", "NCPUS", "NodeList", "Elapsed", "State", "ExitCode",
					   "Timelimit", "TimelimitRaw", "Start", "End", "Submit", "User", "QOS", "ReqTRES",
					   "ReqNodes", "CPUTime", "MaxRSS", "Reserved", "Cluster", "Priority", "ReqCPUS", NULL};
	int words = 0;
	bool job = false;
	for (size_t p = skip_sp(s, a, b); p < b; p = skip_sp(s, p, b)) {
		size_t e = p;
		while (e < b && !isspace((unsigned char)s[e]))
			e++;
		bool known = false;
		for (const char *const *k = cols; *k && !known; k++)
			known = strlen(*k) == e - p && !strncmp(s + p, *k, e - p);
		if (!known)
			return false;
		job = job || (e - p >= 5 && !strncmp(s + p, "JobID", 5)) || (e - p == 7 && !strncmp(s + p, "JobName", 7));
		words++;
		p = e;
	}
	return words >= 4 && job;
}

bool rd_tool_column_header(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b);
	int words = 0;
	if (sacct_header(s, a, b))
		return true;
	if (p >= b || !isupper((unsigned char)s[p]))
		return false;
	/* one of Slurm's column names, so that a shouted sentence is no header */
	if (!has(s, p, b, "JOBID") && !has(s, p, b, "PARTITION") && !has(s, p, b, "NODELIST") && !has(s, p, b, "TIMELIMIT"))
		return false;
	while (p < b) {
		size_t e = p;
		int caps = 0;
		while (e < b && !isspace((unsigned char)s[e])) {
			if (isupper((unsigned char)s[e]))
				caps++;
			else if (!strchr("()/%_.-", s[e]))
				return false;
			e++;
		}
		if (caps < 2)
			return false;
		words++;
		p = skip_sp(s, e, b);
	}
	return words >= 4;
}

/* A line that asks for the job ("now give me 2 nodes", "Can you port it?"): it ends a tool's output even
 * without the blank line that usually does. */
static bool asking_line(const char *s, size_t a, size_t b)
{
	static const char *const asks[] = {"please", "i need", "i want", "i'd like", "can you", "could you", "give me",
					   "we need", "need a ", "make it", "can i ", "could i ", "may i ", "can we ", NULL};
	size_t e = b;
	while (e > a && (s[e - 1] == ' ' || s[e - 1] == '\r'))
		e--;
	if (e > a && s[e - 1] == '?')
		return true;
	for (const char *const *q = asks; *q; q++) {
		size_t n = strlen(*q);
		for (size_t i = a; i + n <= e; i++)
			if (!strncasecmp(s + i, *q, n) && (i == a || !isalpha((unsigned char)s[i - 1])))
				return true;
	}
	return false;
}

/* A line of prose typed right under a tool's output, with no blank line between ("frontier: same as that
 * job (same account, partition, node count and limit), restarting ...", "s3: resubmit identical to the
 * above except 24h. torchrun ..."): six words or more, single spaces between them (a table's columns are
 * aligned with runs of spaces), two common English words, and a comma, a sentence's end or its final
 * punctuation. */
static bool prose_line(const char *s, size_t a, size_t b)
{
	static const char *const common[] = {"the", "as", "that", "and", "to", "of", "on", "with", "for", "from", "same",
					     "it", "this", "but", "again", "more", "than", "like", "above", "my", "our",
					     "is", "was", "in", "a",
					     /* the request's own words ("Anyway: 16 GH nodes on Vista, 10 h, torchrun ...") */
					     "anyway", "so", "now", "then", "please", "also", "just", "want", "need", "nodes",
					     "node", "hours", "gpus", NULL};
	size_t p = skip_sp(s, a, b), e = b;
	while (e > p && (s[e - 1] == ' ' || s[e - 1] == '\r'))
		e--;
	size_t words = 0, known = 0, gaps = 0;
	bool punct = e > p && strchr(".?!", s[e - 1]);
	for (size_t i = p; i < e;) {
		size_t w = i;
		while (w < e && s[w] != ' ' && s[w] != '	')
			w++;
		words++;
		size_t l = w - i;
		while (l && strchr(",.:;()", s[i + l - 1]))
			l--;
		for (size_t k = 0; common[k]; k++)
			if (strlen(common[k]) == l && !strncasecmp(s + i, common[k], l))
				known++;
		if (w > i && (s[w - 1] == ',' || s[w - 1] == '?' || s[w - 1] == '!'))
			punct = true;
		if (w > i + 1 && s[w - 1] == '.' && w + 1 < e && isalpha((unsigned char)s[w + 1]))
			punct = true;
		if (w + 1 < e && (s[w + 1] == ' ' || s[w + 1] == '\t') && ++gaps >= 2)
			return false; /* aligned columns (one wide gap is a typist's: "--bf16   (project X)") */
		i = w < e ? w + 1 : e;
		while (i < e && (s[i] == ' ' || s[i] == '\t'))
			i++;
	}
	/* a terse request that opens with its verb: "submit 2 nodes, python t.py, 1h", "rerun it with 8 nodes" */
	static const char *const verbs[] = {"submit", "resubmit", "rerun", "grab", "give", "launch", "port", "move",
					    "please", "book", "request", "need", "want", "make", "take", "switch", NULL};
	/* (after a label: "frontier: resubmit the failed one with 120 nodes") */
	size_t lw = p;
	while (lw < e && (isalnum((unsigned char)s[lw]) || s[lw] == '-'))
		lw++;
	if (lw < e && s[lw] == ':' && lw + 1 < e && s[lw + 1] == ' ')
		p = skip_sp(s, lw + 1, e);
	size_t fw = p;
	while (fw < e && isalpha((unsigned char)s[fw]))
		fw++;
	for (size_t k = 0; verbs[k] && words >= 3; k++)
		if (strlen(verbs[k]) == fw - p && !strncasecmp(s + p, verbs[k], fw - p))
			return true;
	return words >= 6 && known >= 2 && punct;
}

/* A line a launched process printed of its environment: only KEY=value words, one of them the launcher's
 * ("WORLD_SIZE=8 LOCAL_WORLD_SIZE=4", "RANK=0 MASTER_ADDR=x1000c0s0b0n0 MASTER_PORT=29500"). */
static bool rank_env_line(const char *s, size_t a, size_t b)
{
	static const char *const keys[] = {"WORLD_SIZE=", "LOCAL_WORLD_SIZE=", "RANK=", "LOCAL_RANK=", "NODE_RANK=",
					   "GROUP_RANK=", "MASTER_ADDR=", "MASTER_PORT=", NULL};
	bool launcher = false;
	size_t words = 0;
	for (size_t p = skip_sp(s, a, b); p < b;) {
		size_t e = p;
		while (e < b && !isspace((unsigned char)s[e]))
			e++;
		size_t k = p;
		while (k < e && (isupper((unsigned char)s[k]) || isdigit((unsigned char)s[k]) || s[k] == '_'))
			k++;
		if (k == p || k >= e || s[k] != '=')
			return false;
		for (size_t i = 0; keys[i] && !launcher; i++)
			launcher = k + 1 - p == strlen(keys[i]) && !strncmp(s + p, keys[i], k + 1 - p);
		words++;
		p = skip_sp(s, e, b);
	}
	return launcher && words >= 2;
}

/* PBS qstat's table header, in its own case: "Job ID  Username Queue  Jobname  SessID NDS ..." */
static bool pbs_table_header(const char *s, size_t a, size_t b)
{
	size_t p = skip_sp(s, a, b);
	return (starts(s, p, b, "Job ID ") || starts(s, p, b, "Job id ")) && has(s, p, b, "Queue") &&
	       (has(s, p, b, "NDS") || has(s, p, b, "Jobname") || has(s, p, b, "Name"));
}

static bool blank_line(const char *s, size_t a, size_t b)
{
	return skip_sp(s, a, b) >= b || (b - skip_sp(s, a, b) == 1 && s[b - 1] == '\r');
}

static void blank(char *s, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (s[i] != '\n')
			s[i] = ' ';
}

static size_t line_end(const char *s, size_t len, size_t a)
{
	const char *nl = memchr(s + a, '\n', len - a);
	return nl ? (size_t)(nl - s) : len;
}

void rd_blank_tool_output(char *s, size_t len)
{
	/* block: 0 none; 1 a tool's output or a table under its header (to the next blank line);
	 * 2 a traceback (its frames, code lines, exception and log lines); 3 a scheduler's record */
	int block = 0;
	bool after_prompt = false; /* the line before was a tool's prompt line: a blank line there opens its
				    * output (qstat prints one before its table) */
	bool after_title = false;  /* the line before, in a tool's output, ended with ':' (a title over a table) */
	for (size_t a = 0; a < len;) {
		size_t b = line_end(s, len, a);
		bool empty = blank_line(s, a, b);
		bool was_prompt = after_prompt;
		after_prompt = false;
		bool was_title = after_title;
		after_title = false;
		if (empty && (was_prompt || was_title) && block == 1) {
			/* the output follows (or its table, under a title line: "Project Summary for User 'jdoe':") */
		} else if (empty || (block && (asking_line(s, a, b) || (block != 2 && prose_line(s, a, b)))) ||
			   (block == 1 && s[skip_sp(s, a, b)] == '(' && !prompt_tool_line(s, a, b)) ||
			   (block == 1 && !prompt_tool_line(s, a, b) && prompt_any_line(s, a, b))) {
			/* "$ torchrun ..." under "$ rocm-smi"'s output: the next command typed */
			/* "(it ran with select=6)" under a table: the user's words */
			block = 0;
		} else if (block == 1 || prompt_tool_line(s, a, b) || rd_tool_column_header(s, a, b) || box_rule(s, a, b) ||
			   pbs_table_header(s, a, b)) {
			if (!block)
				block = 1;
			after_prompt = prompt_tool_line(s, a, b);
			after_title = !after_prompt && !was_title && b > a && s[b - 1] == ':';
			blank(s, a, b);
		} else if (record_start(s, a, b) || (block == 3 && (record_line(s, a, b) || pbs_record_line(s, a, b)))) {
			block = 3;
			blank(s, a, b);
		} else if (starts(s, skip_sp(s, a, b), b, "Traceback (most recent call last)")) {
			block = 2;
			blank(s, a, b);
		} else if (block == 2 && (s[a] == ' ' || s[a] == '\t' || log_line(s, a, b) ||
					 (b > a && s[b - 1] == ':' && !memchr(s + a, ' ', b - a - 1)))) {
			blank(s, a, b); /* a frame, its code line, the exception, "Last error:" */
		} else if (starts(s, skip_sp(s, a, b), b, "Currently Loaded Modules") || log_line(s, a, b) ||
			   smi_line(s, a, b) || package_line(s, a, b) || rank_env_line(s, a, b)) {
			block = 0;
			blank(s, a, b);
		} else {
			block = 0;
		}
		a = b + 1;
	}
}

/* "vista(login1)$ sinfo ...", "[me@login03.frontier ~]$ squeue", "jdoe@perlmutter:login22:~> sinfo": the
 * cluster a pasted tool's prompt names in its host (a word of the prompt that is a cluster's id or alias,
 * exactly), or a tool typed with no prompt names on its line ("sacct -X -o JobID,NNodes on frontier"),
 * the first such line's; [*a, *b) the word. NULL when no line names one. */
const struct cluster *rd_prompt_cluster(const struct ctx *c, size_t *a, size_t *b)
{
	const char *s = c->text;
	for (size_t la = 0; la < c->len;) {
		const char *nl = memchr(s + la, '\n', c->len - la);
		size_t lb = nl ? (size_t)(nl - s) : c->len;
		size_t ha, hb;
		if (prompt_tool_line_at(s, la, lb, &ha, &hb)) {
			/* the prompt's host, else a word of the line ("sacct -X -o JobID,NNodes on frontier") */
			if (ha == hb)
				hb = lb;
			for (size_t w = ha; w < hb;) {
				while (w < hb && !isalnum((unsigned char)s[w]))
					w++;
				size_t e = w;
				while (e < hb && (isalnum((unsigned char)s[e]) || s[e] == '-'))
					e++;
				/* "polaris-login-02": the part before a dash too */
				size_t d = w;
				while (d < e && s[d] != '-')
					d++;
				char word[32];
				for (int pass = 0; pass < 2 && e > w; pass++) {
					size_t end = pass ? d : e;
					if (end <= w || end - w >= sizeof(word) || (pass && d == e))
						continue;
					memcpy(word, s + w, end - w);
					word[end - w] = '\0';
					const struct cluster *cl = match_cluster_name_exact(c->repo, word);
					if (cl) {
						*a = w, *b = end;
						return cl;
					}
				}
				w = e;
			}
		}
		la = lb + 1;
	}
	return NULL;
}
