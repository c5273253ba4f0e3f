/* pasted_blocks.c - a job script's header pasted from another system: "Below is the PBS header I use on
 * Aurora. I need the equivalent for Polaris." followed by #PBS lines. The block's directives describe
 * the other system's job: its account, queue and GPUs per node are not the target's, and its node count
 * and walltime count only where the request states none of its own ("the same for Vista, same node count
 * and time"). Found on the raw text before the form layer reads the directives. */
#include "extract.h"
#include "reader.h"
#include "vocab.h"

#include "../script/plan.h"
#include "../shell/words.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* A line of a job script's body after its directives: a blank line, a comment, a variable assignment
 * ("NNODES=$SLURM_NNODES", "nodes=( $(scontrol ...) )"), a path or expansion run as a command ("./run.sh",
 * "$HOME/bin/x", "${LAUNCH}"), a shell keyword, or a command a job script runs (launchers, interpreters,
 * module and environment commands, file and text tools). Prose after the script ("On Frontier I want 8
 * nodes ...", "Thanks!") is none of these. */
static bool body_line(const char *s, size_t len)
{
	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	while (len && (s[len - 1] == ' ' || s[len - 1] == '\r'))
		len--;
	if (!len || *s == '#' || strchr("./$~{}()[]|&;<>\"'", *s))
		return true;
	size_t w = 0;
	while (w < len && (isalnum((unsigned char)s[w]) || s[w] == '_' || s[w] == '-'))
		w++;
	if (w < len && (s[w] == '=' || (s[w] == '+' && w + 1 < len && s[w + 1] == '=') || s[w] == '['))
		return w > 0 && !isdigit((unsigned char)*s) && !memchr(s, '-', w); /* NAME=..., NAME+=..., a[0]=... */
	/* besides the words that start a launch command (rd_command_start_word: launchers, container
	 * runners, interpreters), the shell's keywords and the tools job scripts run around the launch */
	static const char *const words[] = {
		"module", "ml", "export", "unset", "source", "conda", "mamba", "micromamba", "cd", "cat", "echo",
		"printf", "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac",
		"set", "mkdir", "cp", "mv", "rm", "ln", "env", "numactl", "nsys", "ncu", "time", "wait", "exit", "trap",
		"local", "declare", "readonly", "pushd", "popd", "scontrol", "squeue", "sbatch", "hostname", "nvidia-smi",
		"rocm-smi", "xpu-smi", "ulimit", "umask", "date", "sleep", "ls", "pwd", "tee", "chmod", "touch", "uv",
		"pip", "pip3", "spack", "let", "eval", "exec", "function", "return", "shift", "test", "true", "false",
		"ssh", "pbsdsh", "nohup", "sed", "awk", "grep", "head", "tail", "sort", "uniq", "wc", "tr", "cut",
		"xargs", "find", "basename", "dirname", "realpath", "readlink", "which", "type", "command", "pixi",
		"poetry", "podman", "docker", "enroot", "ch-run", NULL};
	char word[32];
	if (!w || w >= sizeof(word))
		return false;
	memcpy(word, s, w);
	word[w] = '\0';
	if (w < len && s[w] == '.' && w + 3 <= len && !strncmp(s + w, ".sh", 3))
		return true; /* "set_affinity.sh python ..." */
	if (islower((unsigned char)word[0]) && rd_command_start_word(word))
		return true; /* "python train.py", never a sentence's "Accelerate is fine there" */
	for (size_t i = 0; words[i]; i++)
		if (!strcmp(word, words[i]))
			return true;
	return false;
}

/* The end of a job script's body that starts after the line ending at e: its lines while each is a
 * body line, a here-document's lines up to its terminator, or a line continued with a backslash. A
 * blank line ends the body when prose follows it. */
static size_t body_end(const struct ctx *c, size_t e)
{
	char term[32] = "";
	bool cont = false;
	size_t last = e; /* the end of the last non-blank body line */
	while (e < c->len) {
		size_t ns = e + 1, ne = ns;
		while (ne < c->len && c->text[ne] != '\n')
			ne++;
		if (ns >= c->len)
			break;
		const char *l = c->text + ns;
		size_t ll = ne - ns;
		if (*term) { /* inside a here-document: up to its terminator */
			size_t a = 0, b = ll;
			while (a < b && (l[a] == ' ' || l[a] == '\t'))
				a++;
			while (b > a && (l[b - 1] == ' ' || l[b - 1] == '\r'))
				b--;
			if (b - a == strlen(term) && !strncmp(l + a, term, b - a))
				term[0] = '\0';
			e = last = ne;
			continue;
		}
		if (!cont && !body_line(l, ll))
			break;
		size_t b = ll;
		while (b && (l[b - 1] == ' ' || l[b - 1] == '\r'))
			b--;
		cont = b && l[b - 1] == '\\';
		/* a here-document starts: "cat > x.yaml <<EOF", "<<'EOF'", "<<-EOF" */
		const char *h = memmem(l, ll, "<<", 2);
		if (h && (size_t)(h - l) + 2 < ll && h[2] != '<') {
			const char *q = h + 2;
			if (*q == '-')
				q++;
			while (q < l + ll && (*q == ' ' || *q == '\'' || *q == '"'))
				q++;
			size_t n = 0;
			while (q + n < l + ll && (isalnum((unsigned char)q[n]) || q[n] == '_') && n + 1 < sizeof(term))
				n++;
			memcpy(term, q, n);
			term[n] = '\0';
		}
		bool blank = true;
		for (size_t k = 0; k < ll && blank; k++)
			blank = isspace((unsigned char)l[k]) != 0;
		e = ne;
		if (!blank)
			last = ne;
	}
	return last;
}

static bool directive_line(const char *s, size_t len)
{
	while (len && (*s == ' ' || *s == '\t'))
		s++, len--;
	/* (Grid Engine's "#$ -l h_rt=...", Flux's "#flux: -N 4", Moab's "#MSUB", OAR's "#OAR") */
	static const char *const heads[] = {"#SBATCH", "#PBS", "#BSUB", "#COBALT", "#!", "#$ ", "#$-", "#flux:", "#FLUX:",
					    "#MSUB", "#OAR", NULL};
	for (size_t i = 0; heads[i]; i++)
		if (len >= strlen(heads[i]) && !strncmp(s, heads[i], strlen(heads[i])))
			return true;
	return false;
}

/* An interactive session's allocation ("salloc -N 2 -t 1:00:00", TACC's "idev -N 1 -m 60", PSC's
 * "interact -p GPU", Purdue's "sinteractive", "qsub -I -l select=2", "srun ... --pty bash"): what the
 * user ran by hand, which the request's words edit as they edit a pasted job script. */
static bool session_line(const char *s, size_t len)
{
	/* past a shell prompt: "login1.ls6(1002)$ idev ...", "[jdoe@bridges2-login012 ~]$ interact ..." */
	for (size_t p = 0; p + 1 < len && p < 80; p++) {
		if ((s[p] == '$' || s[p] == '>' || s[p] == '%') && s[p + 1] == ' ' && p > 0) {
			bool prompt = true;
			for (size_t q = 0; q < p && prompt; q++)
				prompt = s[q] != ' ' || (memchr(s, '[', q) && !memchr(s, ']', q)); /* "[user@host ~]" */
			if (prompt) {
				s += p + 2, len -= p + 2;
				break;
			}
		}
		if (s[p] == '\n')
			break;
	}
	while (len && (*s == ' ' || *s == '\t' || *s == '$' || *s == '>' || *s == '`'))
		s++, len--;
	size_t w = 0;
	while (w < len && (isalnum((unsigned char)s[w]) || s[w] == '_' || s[w] == '-'))
		w++;
	if (!w || (w < len && s[w] != ' ' && s[w] != '\t'))
		return false;
#define WORD_IS(x) (w == strlen(x) && !strncmp(s, x, w))
	if (WORD_IS("salloc") || WORD_IS("idev") || WORD_IS("interact") || WORD_IS("sinteractive"))
		return true;
	bool qsub = WORD_IS("qsub"), srun = WORD_IS("srun");
#undef WORD_IS
	if (!qsub && !srun)
		return false;
	const char *opt = qsub ? " -I" : " --pty";
	size_t ol = strlen(opt);
	for (size_t p = w; p + ol <= len; p++)
		if (!strncmp(s + p, opt, ol) && (p + ol == len || s[p + ol] == ' ' || s[p + ol] == '\t'))
			return true;
	return false;
}

bool rd_session_line_at(const struct ctx *c, size_t pos)
{
	if (pos >= c->len)
		return false;
	const char *nl = memrchr(c->text, '\n', pos);
	size_t a = nl ? (size_t)(nl - c->text) + 1 : 0;
	const char *eol = memchr(c->text + a, '\n', c->len - a);
	size_t b = eol ? (size_t)(eol - c->text) : c->len;
	return session_line(c->text + a, b - a);
}

bool rd_directive_line_at(const struct ctx *c, size_t pos)
{
	if (pos >= c->len)
		return false;
	/* the line's start; then every head begins with '#' after the blanks, so a line without one is not
	 * scanned to its end (read_account_pass asks this of every token) */
	const char *nl = memrchr(c->text, '\n', pos);
	size_t a = nl ? (size_t)(nl - c->text) + 1 : 0, h = a;
	while (h < c->len && (c->text[h] == ' ' || c->text[h] == '\t'))
		h++;
	if (h >= c->len || c->text[h] != '#')
		return false;
	const char *eol = memchr(c->text + h, '\n', c->len - h);
	size_t b = eol ? (size_t)(eol - c->text) : c->len;
	return directive_line(c->text + a, b - a);
}

bool rd_command_line_at(const struct ctx *c, size_t pos)
{
	if (pos >= c->len)
		return false;
	const char *nl = memrchr(c->text, '\n', pos);
	size_t a = nl ? (size_t)(nl - c->text) + 1 : 0;
	/* past the blanks and a shell prompt's or a quote's marks ("$ sbatch ...", "> qsub ...") */
	while (a < c->len && (c->text[a] == ' ' || c->text[a] == '\t' || c->text[a] == '$' || c->text[a] == '>' ||
			      c->text[a] == '`'))
		a++;
	size_t w = a;
	while (w < c->len && (isalnum((unsigned char)c->text[w]) || c->text[w] == '_' || c->text[w] == '-' ||
			      c->text[w] == '.'))
		w++;
	char word[24];
	if (w == a || w - a >= sizeof(word) || (w < c->len && c->text[w] != ' ' && c->text[w] != '\t'))
		return false;
	memcpy(word, c->text + a, w - a);
	word[w - a] = '\0';
	static const char *const submit[] = {"sbatch", "salloc", "qsub", "bsub", "flux", "torchx", NULL};
	for (size_t i = 0; submit[i]; i++)
		if (!strcmp(word, submit[i]))
			return true;
	return islower((unsigned char)word[0]) && rd_command_start_word(word);
}

bool rd_in_pasted_script(const struct ctx *c, size_t pos)
{
	if (pos >= c->len)
		return false;
	size_t a = pos;
	while (a > 0 && c->text[a - 1] != '\n')
		a--;
	/* up the lines while each is the script's (a directive, or a line of its body) */
	for (;;) {
		size_t b = a;
		while (b < c->len && c->text[b] != '\n')
			b++;
		if (directive_line(c->text + a, b - a) || session_line(c->text + a, b - a))
			return true;
		if (!body_line(c->text + a, b - a) || a == 0)
			return false;
		a--;
		while (a > 0 && c->text[a - 1] != '\n')
			a--;
	}
}

/* The end of the run of lines after the line ending at e that all satisfy is (e when none does). */
static size_t lines_while(const struct ctx *c, size_t e, bool (*is)(const char *, size_t))
{
	while (e < c->len) {
		size_t ns = e + 1, ne = ns;
		while (ne < c->len && c->text[ne] != '\n')
			ne++;
		if (ns >= c->len || !is(c->text + ns, ne - ns))
			break;
		e = ne;
	}
	return e;
}

/* Whether a line is a short label naming what follows ("job.slurm (LS6):", "Polaris version:", "my Delta
 * script:"): at most four words, none that sends the job somewhere ("for", "to") - "Please convert for
 * Perlmutter, 3 nodes:" is a request. */
static bool label_line(const char *s, size_t n)
{
	size_t words = 0;
	for (size_t i = 0; i < n;) {
		while (i < n && isspace((unsigned char)s[i]))
			i++;
		size_t st = i;
		while (i < n && !isspace((unsigned char)s[i]))
			i++;
		if (i == st)
			break;
		words++;
		size_t l = i - st;
		if ((l == 3 && !strncasecmp(s + st, "for", 3)) || (l == 2 && !strncasecmp(s + st, "to", 2)) ||
		    (l == 4 && (!strncasecmp(s + st, "onto", 4) || !strncasecmp(s + st, "into", 4))))
			return false;
	}
	return words >= 1 && words <= 4;
}

/* The clusters named in text[a, b) as words, with whether a word before each places it in the past or in
 * use today ("the header I use on Aurora", "from Polaris", "our Perlmutter script"): src[i] = 1 for
 * such a source, -1 for a destination ("to Aurora", "onto Vista"), 0 otherwise. Returns how many (at
 * most max). */
static size_t clusters_in(const struct ctx *c, size_t a, size_t b, const struct cluster **out, int *src, size_t max)
{
	static const char *const source_words[] = {"use", "used", "using", "ran", "run", "runs", "running", "from",
						   "trained", "trains", "lives", "lived", "works",
						   "worked", "had", "old", "current", "existing", "our", "my", "porting",
						   "moving", "migrating", "currently", "submit", "submitted", "lost", NULL};
	static const char *const own_things[] = {"script", "header", "job", "jobscript", "setup", "version", "config", NULL};
	size_t n = 0;
	char prev[4][32] = {{0}};
	size_t p = a;
	while (p < b && n < max) {
		while (p < b && !isalnum((unsigned char)c->text[p])) {
			/* a sentence's end: the words before it are not the next name's ("From our university
			 * cluster. On Perlmutter I want ...": "our" is not Perlmutter's) */
			if (strchr(".!?\n", c->text[p]) && (p + 1 >= b || isspace((unsigned char)c->text[p + 1])))
				memset(prev, 0, sizeof(prev));
			p++;
		}
		size_t s = p;
		while (p < b && (isalnum((unsigned char)c->text[p]) || c->text[p] == '-' || c->text[p] == '_'))
			p++;
		if (p == s)
			break;
		char w[32];
		size_t l = p - s < sizeof(w) - 1 ? p - s : sizeof(w) - 1;
		for (size_t k = 0; k < l; k++)
			w[k] = (char)tolower((unsigned char)c->text[s + k]);
		w[l] = '\0';
		const struct cluster *cl = l >= 3 ? match_cluster_name_exact(c->repo, w) : NULL; /* "LS6" */
		if (cl) {
			/* "the Perlmutter script I'm porting", "my Polaris header": the word after the name */
			size_t q0 = p;
			while (q0 < b && c->text[q0] == ' ')
				q0++;
			size_t q1 = q0;
			while (q1 < b && isalpha((unsigned char)c->text[q1]))
				q1++;
			int is_src = 0;
			/* "Moving to Aurora:", "porting onto Vista": the word right before the name makes it the
			 * destination, whatever came before */
			bool dest = !strcmp(prev[0], "to") || !strcmp(prev[0], "onto") || !strcmp(prev[0], "into");
			/* "make it an Aurora job", "I need a Frontier script": one to be written, not one in use */
			bool indefinite = !strcmp(prev[0], "a") || !strcmp(prev[0], "an");
			for (size_t k = 0; own_things[k] && !is_src && !indefinite; k++)
				is_src = q1 - q0 == strlen(own_things[k]) && !strncasecmp(c->text + q0, own_things[k], q1 - q0);
			/* "Lonestar6 version of this please": the version asked for, not the one in use */
			size_t q2 = q1;
			while (q2 < b && c->text[q2] == ' ')
				q2++;
			if (is_src && q2 + 2 <= b && !strncasecmp(c->text + q2, "of", 2) &&
			    (q2 + 2 == b || !isalpha((unsigned char)c->text[q2 + 2])))
				is_src = 0;
			/* "run it on Perlmutter instead", "please use Delta": an imperative names the target; "we run
			 * it on Polaris", "I use Delta" the system in use (a subject before the verb) */
			static const char *const subjects[] = {"i", "we", "they", "you", "still", "currently", "normally",
							       "usually", "always", "also", "now", "today", NULL};
			for (size_t q = 0; q < 4 && !is_src && !dest; q++)
				for (size_t k = 0; source_words[k]; k++) {
					if (strcmp(prev[q], source_words[k]) ||
					    (q + 1 < 4 && !strcmp(prev[q + 1], "to"))) /* "want to run it on Stampede3" */
						continue;
					bool imperative = (!strcmp(prev[q], "run") || !strcmp(prev[q], "use")) && q + 1 < 4;
					for (size_t m = 0; imperative && subjects[m]; m++)
						imperative = strcmp(prev[q + 1], subjects[m]) != 0;
					if (!imperative)
						is_src = 1;
				}
			out[n] = cl, src[n] = dest ? -1 : is_src, n++;
			/* the words before the next name are its own: "from Aurora to Polaris" gives Polaris "to" only */
			memset(prev, 0, sizeof(prev));
			continue;
		}
		memmove(prev[1], prev[0], sizeof(prev[0]) * 3);
		memcpy(prev[0], w, l + 1);
	}
	return n;
}

/* The value after a directive's option in the line text[a, b): "-p h100", "--partition=gpuA40x4",
 * "-q capacity", "system=polaris" (copied into v, lower case not applied); false when none. */
static bool option_value(const char *s, size_t a, size_t b, const char *opt, char *v, size_t cap)
{
	size_t l = strlen(opt);
	for (size_t i = a; i + l < b; i++) {
		if (strncmp(s + i, opt, l) || (i > a && !(s[i - 1] == ' ' || s[i - 1] == ':' || s[i - 1] == '\t')))
			continue;
		size_t p = i + l;
		if (opt[l - 1] != '=' && opt[l - 1] != ' ') {
			if (s[p] != ' ' && s[p] != '=')
				continue;
			p++;
		}
		while (p < b && s[p] == ' ')
			p++;
		size_t e = p;
		while (e < b && (isalnum((unsigned char)s[e]) || s[e] == '-' || s[e] == '_'))
			e++;
		if (e == p || e - p >= cap)
			continue;
		memcpy(v, s + p, e - p);
		v[e - p] = '\0';
		return true;
	}
	return false;
}

/* Whether the job script block text[ba, bb) is another system's than target by its own content: an LSF
 * header or jsrun (a system maple has no profile for, such as Summit), "system=polaris" naming another
 * cluster, or a partition or queue the target does not have but another cluster does ("Please convert
 * for Bridges-2 ...:" over "#SBATCH -p h100"). */
/* Whether cl's script fingerprints (its file-system paths, host and image names, from data/) occur in
 * s[a, b), or, for a PBS "filesystems=home:flare" list, whether one of its names is a file system whose
 * path is one of cl's fingerprints ("/flare/"). */
static bool fingerprint_in(const struct cluster *cl, const char *s, size_t a, size_t b)
{
	for (size_t f = 0; f < cl->nfingerprints; f++) {
		const char *t = cl->fingerprints[f].text;
		if (t && *t && !fingerprint_is_pattern(t) && memmem(s + a, b - a, t, strlen(t)))
			return true;
	}
	char v[64];
	if (!option_value(s, a, b, "filesystems=", v, sizeof(v)) && !option_value(s, a, b, "filesystems", v, sizeof(v)))
		return false;
	const char *fs = memmem(s + a, b - a, "filesystems", 11);
	size_t p = (size_t)(fs - s) + 11;
	while (p < b && (s[p] == '=' || s[p] == ' '))
		p++;
	while (p < b) {
		size_t e = p;
		while (e < b && (isalnum((unsigned char)s[e]) || s[e] == '_'))
			e++;
		if (e == p)
			break;
		char path[72];
		snprintf(path, sizeof(path), "/%.*s/", (int)(e - p), s + p);
		if (strcmp(path, "/home/"))
			for (size_t f = 0; f < cl->nfingerprints; f++)
				if (cl->fingerprints[f].text && !strcmp(cl->fingerprints[f].text, path))
					return true;
		p = e < b && s[e] == ':' ? e + 1 : b;
	}
	return false;
}

/* The GPUs per node a job script's line asks for: "--gres=gpu:8", "--gres=gpu:a100:8", "--gpus-per-node=8",
 * "--nproc_per_node 8", "--nproc-per-node=8", "ngpus=8" (0 when none). */
static int line_gpus_per_node(const char *s, size_t a, size_t b)
{
	static const char *const opts[] = {"--gpus-per-node", "--nproc_per_node", "--nproc-per-node", "ngpus=", NULL};
	for (size_t i = a; i < b; i++) {
		size_t p = 0;
		if (b - i > 10 && !strncmp(s + i, "--gres=gpu:", 11)) {
			p = i + 11;
			size_t q = p;
			while (q < b && (isalnum((unsigned char)s[q]) || s[q] == '-' || s[q] == '_') && !isdigit((unsigned char)s[p]))
				q++; /* "gpu:a100:8": the model, then its count */
			if (q < b && s[q] == ':')
				p = q + 1;
		}
		for (size_t k = 0; opts[k] && !p; k++) {
			size_t l = strlen(opts[k]);
			if (b - i >= l && !strncmp(s + i, opts[k], l) && (i == a || !isalnum((unsigned char)s[i - 1]))) {
				p = i + l;
				if (p < b && (s[p] == '=' || s[p] == ' '))
					p++;
			}
		}
		if (p && p < b && isdigit((unsigned char)s[p])) {
			int v = 0;
			while (p < b && isdigit((unsigned char)s[p]) && v < 100000)
				v = v * 10 + (s[p++] - '0');
			return v;
		}
	}
	return 0;
}

/* Whether the block [ba, bb) carries marks that only the target has: its file systems or paths, or a
 * directive's queue that the target has and no other cluster maple knows ("#SBATCH -q regular" with
 * "-C gpu" for Perlmutter): a script written for the target, however wrong its counts. */
static bool block_of_target(const struct ctx *c, size_t ba, size_t bb, const struct cluster *target)
{
	const char *s = c->text;
	if (fingerprint_in(target, s, ba, bb))
		return true;
	static const char *const qopts[] = {"-p", "--partition", "-q", "--qos", NULL};
	for (size_t la = ba; la < bb;) {
		size_t lb = la;
		while (lb < bb && s[lb] != '\n')
			lb++;
		size_t p = la;
		while (p < lb && (s[p] == ' ' || s[p] == '\t'))
			p++;
		char v[64];
		for (size_t k = 0; lb - p >= 4 && s[p] == '#' && qopts[k]; k++) {
			if (!option_value(s, p, lb, qopts[k], v, sizeof(v)) || !cluster_queue(target, v))
				continue;
			bool shared = false;
			for (size_t i = 0; i < repo_cluster_count(c->repo) && !shared; i++) {
				const struct cluster *o = repo_cluster_brief_at(c->repo, i);
				const struct cluster *full = o && strcmp(o->id, target->id) ? repo_cluster(c->repo, o->id) : NULL;
				shared = full && cluster_queue(full, v);
			}
			if (!shared)
				return true;
		}
		la = lb + 1;
	}
	return false;
}

static bool block_of_other_system(const struct ctx *c, size_t ba, size_t bb, const struct cluster *target)
{
	const char *s = c->text;
	if (block_of_target(c, ba, bb, target))
		return false;
	/* more GPUs per node than any node of the target has ("--gres=gpu:8" in a port to Perlmutter) */
	int most = cluster_max_gpus_per_node(target);
	for (size_t la = ba; la < bb && most > 0;) {
		size_t lb = la;
		while (lb < bb && s[lb] != '\n')
			lb++;
		if (line_gpus_per_node(s, la, lb) > most)
			return true;
		la = lb + 1;
	}
	/* another cluster's own paths or file systems, and none of the target's ("#PBS -l
	 * filesystems=home:flare" ported to Polaris, "/lus/eagle/projects/x" ported to Frontier) */
	if (!fingerprint_in(target, s, ba, bb))
		for (size_t i = 0; i < repo_cluster_count(c->repo); i++) {
			const struct cluster *o = repo_cluster_brief_at(c->repo, i);
			if (!o || !strcmp(o->id, target->id))
				continue;
			const struct cluster *full = repo_cluster(c->repo, o->id);
			if (full && fingerprint_in(full, s, ba, bb))
				return true;
		}
	for (size_t la = ba; la < bb;) {
		size_t lb = la;
		while (lb < bb && s[lb] != '\n')
			lb++;
		size_t p = la;
		while (p < lb && (s[p] == ' ' || s[p] == '\t'))
			p++;
		if ((lb - p >= 5 && !strncmp(s + p, "#BSUB", 5)) || (lb - p >= 6 && !strncmp(s + p, "jsrun ", 6)))
			return true;
		char v[64];
		if (option_value(s, p, lb, "system=", v, sizeof(v))) {
			const struct cluster *cl = match_cluster_name_exact(c->repo, v);
			if (cl && strcmp(cl->id, target->id))
				return true;
		}
		bool directive = lb - p >= 4 && s[p] == '#';
		/* an account of another cluster's shape that the target's accounts cannot have ("#SBATCH -A
		 * m1234" of Perlmutter in a port to Lonestar6) */
		static const char *const aopts[] = {"-A", "--account", NULL};
		for (size_t k = 0; directive && aopts[k]; k++) {
			if (!option_value(s, p, lb, aopts[k], v, sizeof(v)) || !target->account_pattern ||
			    account_shape_matches(target, v))
				continue;
			for (size_t i = 0; i < repo_cluster_count(c->repo); i++) {
				const struct cluster *o = repo_cluster_brief_at(c->repo, i);
				if (!o || !strcmp(o->id, target->id))
					continue;
				const struct cluster *full = repo_cluster(c->repo, o->id);
				if (full && full->account_pattern && account_shape_matches(full, v))
					return true;
			}
		}
		static const char *const qopts[] = {"-p", "--partition", "-q", "--qos", NULL};
		for (size_t k = 0; directive && qopts[k]; k++) {
			if (!option_value(s, p, lb, qopts[k], v, sizeof(v)) || cluster_queue(target, v))
				continue;
			for (size_t i = 0; i < repo_cluster_count(c->repo); i++) {
				const struct cluster *o = repo_cluster_brief_at(c->repo, i);
				if (o && strcmp(o->id, target->id) && cluster_queue(o, v))
					return true;
			}
		}
		la = lb + 1;
	}
	return false;
}

/* Whether text[a, b) says the block comes from a machine of the writer's that maple does not know, with
 * no name ("this is from our campus cluster", "it comes from my university's HPC system", "we ran this on
 * our old lab cluster"): an owner word of data/lexicon's own_cluster_owners, then within three words a
 * machine word of own_cluster_cues, no cluster maple knows among or right after them ("our new cluster
 * Delta" is the target), and no "to"/"onto"/"into"/"for" before the owner ("moving it to our cluster"). */
static bool unnamed_own_machine(const struct ctx *c, size_t a, size_t b)
{
	enum { MAXW = 96 };
	char w[MAXW][32];
	bool known[MAXW];
	int sentence[MAXW];
	size_t n = 0;
	int sn = 0;
	for (size_t p = a; p < b && n < MAXW;) {
		if (!isalnum((unsigned char)c->text[p])) {
			if (strchr(".!?;\n", c->text[p]))
				sn++;
			p++;
			continue;
		}
		size_t st = p;
		while (p < b && (isalnum((unsigned char)c->text[p]) || c->text[p] == '-' || c->text[p] == '_' || c->text[p] == '\''))
			p++;
		size_t l = p - st < sizeof(w[0]) - 1 ? p - st : sizeof(w[0]) - 1;
		for (size_t k = 0; k < l; k++)
			w[n][k] = (char)tolower((unsigned char)c->text[st + k]);
		w[n][l] = '\0';
		known[n] = l >= 3 && match_cluster_name_exact(c->repo, w[n]) != NULL;
		sentence[n] = sn;
		n++;
	}
	static const char *const dest[] = {"to", "onto", "into", "for", NULL};
	for (size_t m = 1; m < n; m++) {
		if (!vocab_in(VL_OWN_CUE, w[m]) || (m + 1 < n && known[m + 1] && sentence[m + 1] == sentence[m]))
			continue;
		for (size_t o = m; o > 0 && m - o < 3 && sentence[o - 1] == sentence[m]; o--) {
			if (known[o - 1])
				break;
			if (!vocab_in(VL_OWN_OWNER, w[o - 1]))
				continue;
			if (o >= 2 && sentence[o - 2] == sentence[m] && rd_in_list(w[o - 2], dest))
				break;
			return true;
		}
	}
	return false;
}

/* Whether a line names a pasted file: "=== launch.sh ===", "--- fsdp_pm.yaml ---", "# config.json",
 * "launch.sh:" - a file name with an extension, between runs of = - # or before a colon, and nothing else. */
static bool file_label_line(const char *s, size_t n)
{
	size_t a = 0, b = n;
	while (a < b && (isspace((unsigned char)s[a]) || s[a] == '=' || s[a] == '-' || s[a] == '#' || s[a] == '*' || s[a] == '`'))
		a++;
	while (b > a && (isspace((unsigned char)s[b - 1]) || s[b - 1] == '=' || s[b - 1] == '-' || s[b - 1] == '#' ||
			 s[b - 1] == ':' || s[b - 1] == '*' || s[b - 1] == '`'))
		b--;
	if (b <= a || b - a > 60 || (a == 0 && (b == n || s[b] != ':')))
		return false; /* a bare word line is no label: it needs its frame or its colon */
	const char *dot = NULL;
	for (size_t i = a; i < b; i++) {
		if (isspace((unsigned char)s[i]))
			return false;
		if (s[i] == '.')
			dot = s + i;
	}
	static const char *const ext[] = {".sh", ".slurm", ".sbatch", ".pbs", ".qsub", ".yaml", ".yml", ".json", ".toml",
					  ".cfg", ".conf", ".ini", ".py", ".job", ".bash", ".txt", NULL};
	for (size_t k = 0; dot && ext[k]; k++)
		if ((size_t)(s + b - dot) == strlen(ext[k]) && !strncasecmp(dot, ext[k], strlen(ext[k])))
			return true;
	return false;
}

/* Two files pasted together from another system ("=== run_pm.sh === ... === launch.sh === ..."): the
 * files that follow a foreign block, each under its file label, up to the first blank line after one, are
 * that system's too; the end of the last one, or b when none follows. */
static size_t same_paste_end(const struct ctx *c, size_t b)
{
	size_t e = b;
	for (;;) {
		size_t p = e;
		while (p < c->len && isspace((unsigned char)c->text[p]))
			p++; /* blank lines between the files */
		size_t le = p;
		while (le < c->len && c->text[le] != '\n')
			le++;
		if (p >= c->len || !file_label_line(c->text + p, le - p))
			return e;
		/* the file's lines: up to a blank line (or the text's end) */
		size_t q = le;
		while (q < c->len) {
			size_t ns = q + 1, ne = ns;
			while (ne < c->len && c->text[ne] != '\n')
				ne++;
			bool blank = true;
			for (size_t k = ns; k < ne && blank; k++)
				blank = isspace((unsigned char)c->text[k]) != 0;
			if (ns >= c->len || blank)
				break;
			q = ne;
		}
		if (q <= le)
			return e;
		e = q;
	}
}

void rd_find_foreign_blocks(struct ctx *c)
{
	c->nforeign = 0;
	size_t p = 0;
	while (p < c->len && c->nforeign < sizeof(c->foreign_a) / sizeof(*c->foreign_a)) {
		/* the next run of directive lines */
		size_t ls = p;
		size_t le = ls;
		while (le < c->len && c->text[le] != '\n')
			le++;
		if (!directive_line(c->text + ls, le - ls)) {
			p = le + 1;
			continue;
		}
		size_t ba = ls;
		/* the directives, then the script's body right after them, up to the first line that is not a
		 * command */
		size_t bb = body_end(c, lines_while(c, le, directive_line));
		p = bb + 1;
		/* its introduction: the paragraph before it (blank lines right before the block skipped; back to
		 * the next blank line, at most 400 bytes) */
		size_t ia = ba;
		bool text_seen = false;
		while (ia > 0 && ba - ia < 400) {
			size_t pe = ia - 1, ps = pe;
			while (ps > 0 && c->text[ps - 1] != '\n')
				ps--;
			bool blank = true;
			for (size_t q = ps; q < pe && blank; q++)
				blank = isspace((unsigned char)c->text[q]) != 0;
			if (blank && text_seen)
				break;
			text_seen = text_seen || !blank;
			ia = ps;
		}
		const struct cluster *in[8], *out[8];
		int in_src[8], out_src[8];
		size_t ni = clusters_in(c, ia, ba, in, in_src, 8);
		size_t no = clusters_in(c, 0, ia, out, out_src, 4);
		/* its description after it: the paragraph that follows (up to a blank line, at most 400 bytes) -
		 * "We lost the Frontier allocation. Port this to Delta ..." under a pasted script */
		size_t oa = bb, ob = bb;
		while (oa < c->len && isspace((unsigned char)c->text[oa]))
			oa++;
		ob = oa;
		while (ob < c->len && ob - oa < 400 && !(c->text[ob] == '\n' && ob + 1 < c->len && c->text[ob + 1] == '\n'))
			ob++;
		no += clusters_in(c, bb, c->len, out + no, out_src + no, 8 - no);
		/* a system introduced as the one in use, and another system named in the request */
		const struct cluster *from = NULL;
		for (size_t k = 0; k < ni && !from; k++)
			if (in_src[k] > 0)
				from = in[k];
		if (!from && !ni && oa < c->len) {
			const struct cluster *after[8];
			int after_src[8];
			size_t na = clusters_in(c, oa, ob, after, after_src, 8);
			for (size_t k = 0; k < na && !from; k++)
				if (after_src[k] > 0)
					from = after[k];
		}
		/* a label line right above the block naming one system ("job.slurm (LS6):", "Delta script:"): the
		 * block's own system, unless a word makes it the destination ("Moving to Aurora:") */
		if (!from) {
			size_t le2 = ba;
			while (le2 > 0 && isspace((unsigned char)c->text[le2 - 1]))
				le2--;
			size_t ls2 = le2;
			while (ls2 > 0 && c->text[ls2 - 1] != '\n')
				ls2--;
			const struct cluster *lab[4];
			int lab_src[4];
			size_t nl = le2 > ls2 && c->text[le2 - 1] == ':' && label_line(c->text + ls2, le2 - ls2)
					    ? clusters_in(c, ls2, le2, lab, lab_src, 4)
					    : 0;
			if (nl == 1 && lab_src[0] == 0)
				from = lab[0];
		}
		bool other = false;
		for (size_t k = 0; k < ni && from; k++)
			other = other || (in[k] != from && in_src[k] <= 0);
		for (size_t k = 0; k < no && from; k++)
			other = other || (out[k] != from && out_src[k] <= 0);
		/* no system introduced as the source: the block's own content may still say it is another
		 * system's than the one the request names ("Convert to Anvil (...):" over a Polaris header) */
		const struct cluster *target = NULL;
		bool several = false;
		for (size_t k = 0; k < ni + no && !from; k++) {
			const struct cluster *cl = k < ni ? in[k] : out[k - ni];
			int is_src = k < ni ? in_src[k] : out_src[k - ni];
			if (is_src > 0)
				continue;
			several = several || (target && target != cl);
			target = target ? target : cl;
		}
		/* several named, one of them the destination ("We lost the Frontier allocation. Port this to Delta") */
		if (several && !from) {
			const struct cluster *dest = NULL;
			bool one = true;
			for (size_t k = 0; k < ni + no; k++) {
				const struct cluster *cl = k < ni ? in[k] : out[k - ni];
				if ((k < ni ? in_src[k] : out_src[k - ni]) < 0) {
					one = one && (!dest || dest == cl);
					dest = cl;
				}
			}
			if (dest && one)
				target = dest, several = false;
		}
		bool unknown_source = false;
		if (!from && target && !several) {
			const struct cluster *full = repo_cluster(c->repo, target->id);
			unknown_source = full && block_of_other_system(c, ba, bb, full);
			/* (or said to come from a machine of the writer's that maple does not know: "this is from our
			 * campus cluster. same thing on Delta", unless it carries the target's own marks) */
			if (full && !unknown_source && (unnamed_own_machine(c, ia, ba) || unnamed_own_machine(c, oa, ob)) &&
			    !block_of_target(c, ba, bb, full))
				unknown_source = true;
		}
		if ((from && other) || unknown_source) {
			/* the files pasted with it (a wrapper it starts, the config it reads) are its system's too */
			bb = same_paste_end(c, bb);
			p = bb + 1;
			c->foreign_a[c->nforeign] = ba;
			c->foreign_b[c->nforeign] = bb;
			c->foreign_cluster[c->nforeign] = from;
			c->nforeign++;
		}
	}
}

bool rd_foreign_block_at(const struct ctx *c, size_t pos)
{
	for (size_t i = 0; i < c->nforeign; i++)
		if (pos >= c->foreign_a[i] && pos < c->foreign_b[i])
			return true;
	return false;
}

void rd_mark_foreign_tokens(struct ctx *c)
{
	for (size_t k = 0; k < c->n && c->nforeign; k++)
		if (rd_foreign_block_at(c, c->t[k].start))
			c->t[k].copied = true;
}

/* The value of the assignment "NAME=value" (or "export NAME=value") that starts a line of the text, the
 * last one when there are several; false when no line assigns name. */
static bool line_assignment(const struct ctx *c, const char *name, struct shword *out)
{
	size_t nl = strlen(name);
	bool found = false;
	for (size_t la = 0; la < c->len;) {
		size_t lb = la;
		while (lb < c->len && c->text[lb] != '\n')
			lb++;
		size_t p = la;
		while (p < lb && (c->text[p] == ' ' || c->text[p] == '\t'))
			p++;
		if (lb - p > 7 && !strncmp(c->text + p, "export ", 7))
			p += 7;
		if (lb - p > nl && !strncmp(c->text + p, name, nl) && c->text[p + nl] == '=') {
			size_t pos = p + nl + 1;
			struct shword w;
			if (pos < lb && !strchr(" \t", c->text[pos]) && shlex_value(c->text, lb, &pos, &w) > 0) {
				if (found)
					shword_release(out);
				*out = w;
				found = true;
			} else if (pos >= lb || strchr(" \t", c->text[pos])) { /* "NAME=": the empty string */
				if (found)
					shword_release(out);
				shword_init_literal(out, "");
				found = true;
			}
		}
		la = lb + 1;
	}
	return found;
}

/* Carries name's assignment from a pasted script into the request's environment, and the assignments
 * its value uses in turn (depth at most 4); the scheduler's, launcher's and cluster's variables are the
 * target's own and never carried. */
static void carry_variable(struct ctx *c, const char *name, int depth)
{
	struct request *r = c->req;
	if (depth > 4 || strvec_find(&r->env_names, name) >= 0 || env_cluster_specific(name))
		return;
	struct shword w;
	if (!line_assignment(c, name, &w))
		return;
	if (w.flags & (SHW_META | SHW_SUBST)) {
		/* "EPOCHS=${EPOCHS:-20}": a default for a variable the environment may set, written as its
		 * default (text in a request never runs: no expansion with operators, no command); anything
		 * else with shell syntax ("$(wc -l < $PBS_NODEFILE)") is not carried and the check says so */
		const char *v = w.raw;
		size_t vl = strlen(v);
		bool dq = vl >= 2 && v[0] == '"' && v[vl - 1] == '"';
		if (dq)
			v++, vl -= 2;
		size_t nl = strlen(name);
		char lit[128];
		size_t a = 2 + nl;
		bool self_default = vl > a + 2 && !strncmp(v, "${", 2) && !strncmp(v + 2, name, nl) && v[vl - 1] == '}';
		if (self_default)
			a += v[a] == ':';
		self_default = self_default && v[a] == '-' && vl - a - 2 < sizeof(lit) && vl - a - 2 > 0;
		for (size_t k = a + 1; self_default && k + 1 < vl; k++)
			self_default = isalnum((unsigned char)v[k]) || strchr("_./:,@%+=-", v[k]);
		if (!self_default) {
			shword_release(&w);
			return;
		}
		memcpy(lit, v + a + 1, vl - a - 2);
		lit[vl - a - 2] = '\0';
		request_warn(r, "%s=%s from the pasted script is written as %s=%s, its default (an expansion in a "
				"request is not run; a value set in the job's environment no longer overrides it)",
			     name, w.raw, name, lit);
		shword_release(&w);
		shword_init_literal(&w, lit);
	}
	strvec_push(&r->env_names, name);
	size_t k = r->env_names.nr - 1;
	shwords_push(&r->env_values, &w);
	const struct shword *v = &r->env_values.v[k];
	for (size_t s = 0; s < v->nsegs; s++)
		if (v->segs[s].kind == SEG_VAR && strcmp(v->segs[s].text, name))
			carry_variable(c, v->segs[s].text, depth + 1);
}

void rd_carry_arg_variables(struct ctx *c)
{
	struct request *r = c->req;
	for (size_t i = 0; i < r->args.nr; i++)
		for (size_t s = 0; s < r->args.v[i].nsegs; s++)
			if (r->args.v[i].segs[s].kind == SEG_VAR)
				carry_variable(c, r->args.v[i].segs[s].text, 0);
}
