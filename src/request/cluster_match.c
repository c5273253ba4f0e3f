/* cluster_match.c - cluster names as users write them: ids, aliases, display names, any case,
 * spaces/dashes/underscores ignored, and one or two typos in longer single-word names ("anvl", "brdiges"
 * included: a letter dropped from a five-letter name, a typo in a name's stem before its number). */
#include "extract.h"
#include "lexicon.h"
#include "vocab.h"

#include <ctype.h>
#include <stdint.h>
#include <string.h>

static size_t normalize_n(const char *s, size_t len, char *out, size_t cap)
{
	char buf[128];
	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
	size_t o = 0;
	for (const char *p = buf; *p && o + 1 < cap; p++) {
		if (*p == ' ' || *p == '-' || *p == '_')
			continue;
		out[o++] = (char)tolower((unsigned char)*p);
	}
	out[o] = '\0';
	return o;
}

static size_t normalize(const char *s, char *out, size_t cap)
{
	size_t o = 0;
	for (; *s && o + 1 < cap; s++) {
		if (*s == ' ' || *s == '-' || *s == '_')
			continue;
		out[o++] = (char)tolower((unsigned char)*s);
	}
	out[o] = '\0';
	return o;
}

/* Words that are one or two edits from a cluster name but mean something else. */
static const char *const near_misses[] = {"data", "date", "delay", "deltas", "visit", "visa", "vast", "solaris",
					  "until", "frontiers", "frontend", "aurore", "bridge", "bridges", "stampede",
					  "lonestar", "anvils", "polar", "pilaris", "vita", "visa", "anil", "dela", NULL};

/* The letter counts of a word (bytes folded into 64 slots), counted once per looked-up name. */
struct letters {
	short cnt[64]; /* names are under 128 bytes (normalize's buffer), so a count fits */
	size_t len;
};

static void count_letters(const char *s, struct letters *l)
{
	memset(l, 0, sizeof(*l));
	for (const char *p = s; *p; p++, l->len++)
		l->cnt[(unsigned char)*p & 63]++;
}

/* Each edit changes the letter counts by at most 2: a cheap test before the real distance. The sum of
 * |count in n - count in a| over the slots is |n| + |a| - 2 * (the letters they share). */
static bool counts_close(const struct letters *n, const char *a, size_t la, int maxd)
{
	short cnt[64];
	memcpy(cnt, n->cnt, sizeof(cnt));
	size_t shared = 0;
	for (const char *p = a; *p; p++) {
		short *k = &cnt[(unsigned char)*p & 63];
		shared += *k > 0;
		(*k)--;
	}
	return n->len + la - 2 * shared <= (size_t)(2 * maxd);
}

static int max_typos(size_t len)
{
	return len >= 8 ? 2 : len >= 5 ? 1 : 0;
}

/* What the names answered for one normalized word, memoized in the repository: the reader asks about
 * every word of every request (--batch: the same words, request after request), and the typo search
 * compares a word with every name. Direct-mapped by the word's hash; a word that does not fit is not
 * memoized. */
enum { MEMO_SLOTS = 1024, MEMO_KEY = 30 };
enum { MEMO_MATCH = 1, MEMO_PREFIX = 2, MEMO_PREFIX_YES = 4 };
struct memo_slot {
	char key[MEMO_KEY + 1]; /* the normalized word; "" = empty slot */
	unsigned char known;	/* MEMO_* */
	const struct cluster *match; /* match_cluster_name of the word as one word, when MEMO_MATCH */
};

static struct memo_slot *memo_slot(const struct repo *repo, const char *n, size_t ln)
{
	if (ln > MEMO_KEY)
		return NULL;
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < ln; i++)
		h = (h ^ (unsigned char)n[i]) * 16777619u;
	struct memo_slot *s = (struct memo_slot *)repo_name_memo(repo, MEMO_SLOTS * sizeof(struct memo_slot)) +
			      (h & (MEMO_SLOTS - 1));
	if (memcmp(s->key, n, ln + 1)) { /* another word (or none) had the slot: it is this word's now */
		memcpy(s->key, n, ln + 1);
		s->known = 0;
	}
	return s;
}

static const struct cluster *match_normalized(const struct repo *repo, const char *n, size_t ln, bool single_word);

const struct cluster *match_cluster_name(const struct repo *repo, const char *name)
{
	char n[128];
	size_t ln = normalize(name, n, sizeof(n));
	if (!ln)
		return NULL;
	bool single_word = !strchr(name, ' ');
	struct memo_slot *m = single_word ? memo_slot(repo, n, ln) : NULL;
	if (m && (m->known & MEMO_MATCH))
		return m->match;
	const struct cluster *c = match_normalized(repo, n, ln, single_word);
	/* a name with another language's ending after a dash ("Frontier-у", "Aurora-n", "Polaris-də",
	 * "DeltaAI-ல்", "Stampede3-ზე"): up to three letters after the last dash, the rest the exact name */
	const char *dash = single_word ? strrchr(name, '-') : NULL;
	if (!c && dash && dash > name && dash[1]) {
		size_t chars = 0;
		bool letters = true;
		for (const char *p = dash + 1; *p; p++) {
			chars += ((unsigned char)*p & 0xC0) != 0x80;
			letters = letters && !isdigit((unsigned char)*p) && *p != '-' && *p != '_';
		}
		if (letters && chars <= 3) {
			char stem[128];
			size_t ls = normalize_n(name, (size_t)(dash - name), stem, sizeof(stem));
			const char *const *names;
			const size_t *owners;
			size_t nn = repo_cluster_names(repo, &names, &owners);
			for (size_t i = 0; ls && i < nn; i++)
				if (!strcmp(names[i], stem)) {
					c = repo_cluster_at(repo, owners[i]);
					break;
				}
		}
	}
	if (m) {
		m->match = c;
		m->known |= MEMO_MATCH;
	}
	return c;
}

static const struct cluster *match_normalized(const struct repo *repo, const char *n, size_t ln, bool single_word)
{
	const char *const *names;
	const size_t *owners;
	size_t nn = repo_cluster_names(repo, &names, &owners);
	const size_t *lens = repo_cluster_name_lens(repo);
	for (size_t i = 0; i < nn; i++)
		if (lens[i] == ln && names[i][0] == n[0] && !memcmp(names[i], n, ln))
			return repo_cluster_at(repo, owners[i]);
	if (!single_word || ln < 4)
		return NULL;
	/* the name with an ending of another language ("Vistalle", "Polarison", "Perlmutter-এ"; data/lexicon's
	 * name_endings): the rest is the exact name */
	const char *const *ends;
	size_t nends = vocab_loaded() ? vocab_list(VL_NAME_ENDING, &ends) : 0;
	for (size_t e = 0; e < nends; e++) {
		size_t le = strlen(ends[e]);
		if (ln < le + 4 || memcmp(n + ln - le, ends[e], le))
			continue;
		for (size_t i = 0; i < nn; i++)
			if (lens[i] == ln - le && names[i][0] == n[0] && !memcmp(names[i], n, ln - le))
				return repo_cluster_at(repo, owners[i]);
	}
	for (const char *const *m = near_misses; *m; m++)
		if ((*m)[0] == n[0] && !strcmp(*m, n))
			return NULL;
	struct letters nl;
	count_letters(n, &nl);
	bool has_digit = false;
	for (size_t i = 0; i < ln; i++)
		has_digit = has_digit || isdigit((unsigned char)n[i]);
	size_t best = 0; /* owners[] index + 1; 0 = none */
	int best_d = 99;
	bool tie = false;
	for (size_t i = 0; i < nn; i++) {
		const char *a = names[i];
		size_t la = lens[i];
		char stem[64];
		/* a name ending in its number ("bridges2", "lonestar6"), written without it: the typo is in the
		 * stem ("brdiges" is one swap from "bridges", two edits from "bridges2") */
		if (!has_digit && la > 5 && la < sizeof(stem) && isdigit((unsigned char)a[la - 1])) {
			while (la > 0 && isdigit((unsigned char)a[la - 1]))
				la--;
			memcpy(stem, a, la);
			stem[la] = '\0';
			a = stem;
		}
		if (la < 5)
			continue;
		int maxd = max_typos(la) < max_typos(ln) ? max_typos(la) : max_typos(ln);
		/* four letters: one dropped from inside a five-letter name, its first and last letters kept
		 * ("anvl", "vsta"); a name cut short ("vist", "delt") is no typo */
		if (ln == 4 && la == 5 && n[0] == a[0] && n[3] == a[4])
			maxd = 1;
		if (la < 5 || (la > ln ? la - ln : ln - la) > (size_t)maxd)
			continue;
		if (!counts_close(&nl, a, la, maxd))
			continue;
		int d = edit_distance_within(n, a, maxd);
		if (d > maxd)
			continue;
		if (d < best_d) {
			best = owners[i] + 1;
			best_d = d;
			tie = false;
		} else if (d == best_d && best != owners[i] + 1) {
			tie = true;
		}
	}
	return tie || !best ? NULL : repo_cluster_at(repo, best - 1);
}

const struct cluster *match_cluster_name_exact(const struct repo *repo, const char *name)
{
	char n[128];
	normalize(name, n, sizeof(n));
	const char *const *names;
	const size_t *owners;
	size_t nn = repo_cluster_names(repo, &names, &owners);
	for (size_t i = 0; n[0] && i < nn; i++)
		if (names[i][0] == n[0] && !strcmp(names[i], n))
			return repo_cluster_at(repo, owners[i]);
	return NULL;
}

bool cluster_name_prefix(const struct repo *repo, const char *word)
{
	char n[128];
	size_t l = normalize(word, n, sizeof(n));
	if (!l)
		return false;
	struct memo_slot *m = memo_slot(repo, n, l);
	if (m && (m->known & MEMO_PREFIX))
		return m->known & MEMO_PREFIX_YES;
	const char *const *names;
	const size_t *owners;
	size_t nn = repo_cluster_names(repo, &names, &owners);
	const size_t *lens = repo_cluster_name_lens(repo);
	bool yes = false;
	for (size_t i = 0; i < nn && !yes; i++)
		yes = lens[i] > l && names[i][0] == n[0] && !memcmp(names[i], n, l);
	if (m)
		m->known |= MEMO_PREFIX | (yes ? MEMO_PREFIX_YES : 0);
	return yes;
}

size_t closest_clusters(const struct repo *repo, const char *name, const char **out, size_t max)
{
	char n[128];
	normalize(name, n, sizeof(n));
	size_t nc = repo_cluster_count(repo), count = 0;
	int dist[64];
	for (size_t i = 0; i < nc && i < 64; i++) {
		const struct cluster *c = repo_cluster_at(repo, i);
		char a[128];
		normalize(c->id, a, sizeof(a));
		int d = edit_distance(n, a);
		for (size_t k = 0; k < c->naliases; k++) {
			normalize(c->aliases[k], a, sizeof(a));
			int dk = edit_distance(n, a);
			if (dk < d)
				d = dk;
		}
		/* insertion sort into out */
		size_t pos = count;
		while (pos > 0 && dist[pos - 1] > d)
			pos--;
		if (pos >= max)
			continue;
		for (size_t q = (count < max ? count : max - 1); q > pos; q--) {
			out[q] = out[q - 1];
			dist[q] = dist[q - 1];
		}
		out[pos] = c->id;
		dist[pos] = d;
		if (count < max)
			count++;
	}
	return count;
}

void unknown_cluster_message(const struct repo *repo, const char *name, struct strbuf *out)
{
	const char *near[3];
	size_t k = closest_clusters(repo, name, near, 3);
	strbuf_addf(out, "unknown cluster '%s' (closest known: ", name);
	for (size_t i = 0; i < k; i++)
		strbuf_addf(out, "%s%s", i ? ", " : "", near[i]);
	strbuf_adds(out, "; `maple clusters` lists all)");
}
