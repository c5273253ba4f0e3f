/* pasted_cluster.c - the cluster a pasted job script or launch line was written for, when the request
 * names none: "#SBATCH -A m3898_g / -C gpu / -q regular ... rerun this as is", "mpiexec --ppn 4 ...
 * eagle project dir is /eagle/AIEval, 2 nodes", "#PBS -l filesystems=home:flare ... module load
 * frameworks". The evidence is the script reader's (src/script/infer.c: file systems, queues, accounts,
 * modules, host names; data/clusters and data/scripts/fingerprints.yaml), which names a cluster only when
 * it is strong and unambiguous; prose with no script or launch line in it is never read this way. */
#include "extract.h"
#include "reader.h"

#include "../script/hints.h"
#include "../script/infer.h"
#include "../script/jobscript.h"
#include "../util/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Whether the line [a, b) is a scheduler directive or starts a launcher or a submission. */
static bool script_line(const char *s, size_t a, size_t b)
{
	static const char *const directives[] = {"#SBATCH", "#PBS", "#BSUB", "#COBALT", "#FLUX:", "#$ ", NULL};
	static const char *const launchers[] = {"srun", "mpiexec", "mpirun", "torchrun", "deepspeed", "accelerate",
						"aprun", "jsrun", "ibrun", "sbatch", "qsub", "bsub", "flux", NULL};
	while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '>' || s[a] == '$'))
		a++;
	for (int i = 0; directives[i]; i++) {
		size_t n = strlen(directives[i]);
		if (b - a >= n && !strncmp(s + a, directives[i], n))
			return true;
	}
	for (int i = 0; launchers[i]; i++) {
		size_t n = strlen(launchers[i]);
		if (b - a > n && !strncmp(s + a, launchers[i], n) && (s[a + n] == ' ' || s[a + n] == '\t'))
			return true;
	}
	return false;
}

/* Whether w occurs in s as a whole word, or as a word's start when w ends with '*' ("migrat*"). */
static bool has_word(const char *s, const char *w)
{
	size_t n = strlen(w);
	bool prefix = n && w[n - 1] == '*';
	if (prefix)
		n--;
	if (!n)
		return false;
	for (const char *p = s; *p; p++) {
		if (strncasecmp(p, w, n)) /* (the word's first n letters: a prefix's '*' is not searched) */
			continue;
		/* (not a path's or a file's part: "/anvil/scratch/", "frontier_run.sh", "anvil.rcac.purdue.edu") */
		bool start = p == s || (!isalnum((unsigned char)p[-1]) && p[-1] != '_' && p[-1] != '/' && p[-1] != '.');
		bool end = prefix || (!isalnum((unsigned char)p[n]) && p[n] != '_' && p[n] != '/' &&
				      !(p[n] == '.' && isalnum((unsigned char)p[n + 1])));
		if (start && end)
			return true;
	}
	return false;
}

/* Whether the text asks to run the job somewhere else than where it ran ("port this to our new cluster",
 * "we are leaving Delta", "where should it run?"), or names the cluster its script was written for,
 * which the reader then set aside as where the job ran before: the paste's cluster is no answer. */
static bool elsewhere_asked(const char *text, size_t len, const struct cluster *c)
{
	static const char *const words[] = {"port", "porting", "move", "moving", "migrat*", "leaving", "new cluster",
					    "another cluster", "other cluster", "elsewhere", "where should", "which cluster",
					    "where can", "where do", "somewhere", "new machine", "new system", NULL};
	char *s = strndup(text, len);
	if (!s)
		return true;
	bool hit = false;
	for (int i = 0; words[i] && !hit; i++)
		hit = has_word(s, words[i]);
	/* (the cluster's own marks are not its name: "bbqx-delta-gpu", "bemx-dtai-gh" name an account) */
	for (size_t f = 0; f < c->nfingerprints && !hit; f++) {
		const char *ft = c->fingerprints[f].text;
		size_t fl = strlen(ft);
		if (!fl || fingerprint_is_pattern(ft))
			continue;
		for (char *at = strstr(s, ft); at; at = strstr(at + fl, ft))
			memset(at, ' ', fl);
	}
	const char *names[2] = {c->id, c->name};
	for (int i = 0; i < 2 && !hit; i++)
		hit = names[i] && *names[i] && has_word(s, names[i]);
	for (size_t i = 0; i < c->naliases && !hit; i++)
		hit = strlen(c->aliases[i]) > 3 && has_word(s, c->aliases[i]);
	free(s);
	return hit;
}

/* The one cluster whose profile's own marks (data/clusters' fingerprints: a file system's path, a login
 * host, a queue or account form no other cluster has) the words carry: "my data is in /anvil/scratch/...",
 * "from dt-login02: 2 nodes", "(/lustre/orion/csc602/...)". NULL where none does, or marks of two
 * clusters do; *mark is the mark found. */
static const struct cluster *cluster_of_marks(const char *text, size_t len, const struct repo *repo, const char **mark)
{
	char *s = strndup(text, len);
	if (!s)
		return NULL;
	const struct cluster *found = NULL;
	bool several = false;
	for (size_t ci = 0; ci < repo_cluster_count(repo) && !several; ci++) {
		const struct cluster *c = repo_cluster_brief_at(repo, ci);
		for (size_t f = 0; c && f < c->nfingerprints; f++) {
			const char *ft = c->fingerprints[f].text;
			if (fingerprint_is_pattern(ft))
				continue; /* a path layout several clusters share */
			size_t fl = strlen(ft);
			bool word_end = isalnum((unsigned char)ft[fl - 1]);
			const char *at = strstr(s, ft);
			/* "gh-dev" is not "gh-devel"; a host's "dt-login" is "dt-login02"; a path's mark starts the path
			 * ("/flare/" is not "/data/flare/images", nor "~/eagle/" Polaris's) */
			while (at && ((word_end && (isalpha((unsigned char)at[fl]) || at[fl] == '_' ||
						    (at[fl] == '-' && isalpha((unsigned char)at[fl + 1])))) ||
				      (ft[0] == '/' && at > s && (isalnum((unsigned char)at[-1]) || strchr("_-.~/", at[-1])))))
				at = strstr(at + 1, ft);
			if (!at)
				continue;
			if (found && found != c)
				several = true;
			found = c;
			*mark = ft;
			break;
		}
	}
	free(s);
	return several ? NULL : found;
}

void rd_cluster_from_paste(const char *text, size_t len, const struct repo *repo, struct request *req)
{
	if (req->cluster || !repo)
		return;
	bool any = false;
	for (size_t a = 0; a < len && !any;) {
		const char *nl = memchr(text + a, '\n', len - a);
		size_t b = nl ? (size_t)(nl - text) : len;
		any = script_line(text, a, b);
		a = b + 1;
	}
	if (!any) {
		const char *mark = NULL;
		const struct cluster *c = cluster_of_marks(text, len, repo, &mark);
		if (c && !elsewhere_asked(text, len, c)) {
			request_set(&req->cluster, c->id);
			request_set_from(req, RF_CLUSTER, mark, strlen(mark));
			request_warn(req, "the cluster is %s, read from '%s' in the request (a mark of %s only); name another "
					  "cluster to run it elsewhere",
				     c->name, mark, c->name);
		}
		return;
	}
	struct maple_error err;
	const struct script_hints *hints = script_hints_shared(repo, &err);
	struct jobscript js;
	if (!hints || jobscript_parse(text, len, &js, &err) < 0)
		return;
	struct strbuf why = STRBUF_INIT;
	const struct cluster *c = infer_cluster_hinted(repo, hints, &js, &why);
	if (c && !elsewhere_asked(text, len, c)) {
		request_set(&req->cluster, c->id);
		request_set_from(req, RF_CLUSTER, why.buf, why.len);
		request_warn(req, "the cluster is %s, read from what the pasted script says (%s); name another cluster "
				  "to run it elsewhere",
			     c->name, why.buf);
	}
	strbuf_release(&why);
	jobscript_release(&js);
}
