/* vocab.c - loads and answers from the reader's vocabulary (data/lexicon/ YAML files): unit words, GPU
 * models, form keys, cue words and systems maple has no profile for. */
#include "vocab.h"

#include "../repo/ydoc.h"
#include "../repo/ysnap.h"
#include "../util/blob.h"
#include "../util/arena.h"
#include "../util/fsutil.h"
#include "../util/strbuf.h"
#include "../util/strvec.h"
#include "../util/textdist.h"
#include "lexicon.h"
#include "../repo/repo.h"

#include <ctype.h>
#include <strings.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEXICON_FILE (1024 * 1024)

struct pair {
	const char *word, *value; /* value: a GPU model id, or (for keys) the enum as a small integer string */
	int key;
};

struct wordset {
	const char **v;
	size_t n, cap;
	bool sorted; /* v is in strcmp order (vocab_list sorts it: lookups use the index) */
	bool indexed;
	/* an open-addressed index of v, built on the first lookup: a lookup hashes the word once and compares
	 * it with the one or two words in its slots (a binary search of the sorted list compared ~log2(n)) */
	const char **slot;
	size_t nslot; /* a power of two, or 0 */
};

/* A word -> number index of a by-value array of wordsets (numbers, half_numbers, unit_numbers): the
 * smallest value whose list holds the word, as the scan of the lists in ascending order finds it. */
struct valueindex {
	const char **word;
	int *value;
	size_t nslot;
	unsigned gen; /* V.gen when built */
};

static struct {
	bool loaded, systems_loaded;
	struct strvec dirs; /* for the lazy load of systems*yaml */
	struct arena arena;
	struct wordset node_units, gpu_units, dur[4], lists[VL_COUNT];
	/* number_words and unit_number_words: the words for 2..MAX_NUMBER_WORD in other languages, by value */
	struct wordset numbers[MAX_NUMBER_WORD + 1], unit_numbers[MAX_NUMBER_WORD + 1], half_numbers[MAX_NUMBER_WORD + 1];
	/* gpu_machines: the names of cloud instances and vendor boxes, by the GPUs one holds */
	struct wordset machine_gpus[MAX_NUMBER_WORD + 1];
	struct pair *keys, *models;
	size_t nkeys, nmodels, capkeys, capmodels;
	/* the models by word, then by place in models (model_index()); nsorted models were sorted */
	struct pair *sorted_models;
	size_t nsorted;
	struct other_system *systems;
	size_t nsystems, capsystems;
	unsigned gen; /* counts ws_add calls: an index built before one is stale */
	/* the systems by name and by centre (ASCII-folded, as strcasecmp compares): slot = index + 1, 0 empty;
	 * built for the first nsystems_ix systems */
	size_t *system_by_name, *system_by_centre, nsystem_slots, nsystems_ix;
	struct valueindex numbers_ix, unit_numbers_ix, half_numbers_ix, machine_gpus_ix;
} V;

static const char *const key_names[VK_COUNT] = {
	"",	      "cluster", "nodes",   "gpus_per_node", "total_gpus", "walltime", "account",
	"queue",      "script",	 "script_args", "command", "framework", "strategy", "zero_stage",
	"conda_env",  "venv",	 "modules", "model",	     "job_name",   "master_port"};
static const char *const list_names[VL_COUNT] = {"correction_cues", "source_cues", "target_cues",
						 "args_cues",	    "own_cluster_cues", "own_cluster_owners",
						 "negation_cues", "gpu_memory_words", "allocation_programs",
						 "command_leads", "command_words", "retraction_cues", "argument_stop_words",
						 "argument_item_words", "writer_words", "args_handovers", "args_glue", "args_verbs",
						 "args_objects", "args_fillers", "run_verbs", "program_nouns", "arg_change_cues",
						 "arg_add_cues", "arg_remove_cues",
						 "output_tools", "queue_words", "stage_words", "account_words", "per_words",
						 "each_words", "one_words", "no_words", "number_joiners",
						 "name_endings", "half_words", "second_units", "each_prepositions",
						 "clock_before_words", "clock_after_words", "pick_cues", "before_labels",
						 "after_labels", "node_device_tools", "source_spec_keys", "cloud_services",
						 "program_config_keys", "run_output_keys", "technical_words",
						 "scheduler_names", "item_nouns", "machine_count_stops", "run_record_cues", "budget_cues", "count_adjectives",
						 "pick_exclusions", "call_off_cues", "quoted_speech_labels", "repeat_verbs", "elsewhere_cues"};
static const int dur_minutes[4] = {1, 60, 1440, 10080};
static const char *const dur_names[4] = {"minutes", "hours", "days", "weeks"};

const char *vocab_key_name(enum vkey k)
{
	return k < VK_COUNT ? key_names[k] : "";
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void ws_add(struct wordset *s, const char *w)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 16;
		s->v = realloc(s->v, s->cap * sizeof(*s->v));
		if (!s->v)
			abort();
	}
	s->v[s->n++] = w;
	s->sorted = s->indexed = false;
	V.gen++;
}

static size_t word_hash(const char *w)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (; *w; w++)
		h = (h ^ (unsigned char)*w) * 16777619u;
	return h;
}

/* A table of a power of two slots, at least twice n (arena memory: it lives as long as the words). */
static size_t index_slots(size_t n)
{
	size_t ns = 8;
	while (ns < 2 * n)
		ns *= 2;
	return ns;
}

static void ws_index(struct wordset *s)
{
	s->nslot = index_slots(s->n);
	s->slot = arena_alloc(&V.arena, s->nslot * sizeof(*s->slot));
	for (size_t i = 0; i < s->n; i++) {
		size_t h = word_hash(s->v[i]) & (s->nslot - 1);
		while (s->slot[h] && strcmp(s->slot[h], s->v[i]))
			h = (h + 1) & (s->nslot - 1);
		s->slot[h] = s->v[i];
	}
}

static bool ws_has(struct wordset *s, const char *w)
{
	if (!s->indexed) {
		ws_index(s);
		s->indexed = true;
	}
	for (size_t h = word_hash(w) & (s->nslot - 1); s->slot[h]; h = (h + 1) & (s->nslot - 1))
		if (s->slot[h][0] == w[0] && !strcmp(s->slot[h], w))
			return true;
	return false;
}

/* key normal form: lower case, ' ', '-', '/' and '.' as '_', no leading dashes, no trailing ':' */
static void norm_key(const char *in, char *out, size_t cap)
{
	while (*in == '-')
		in++;
	size_t o = 0;
	for (; *in && o + 1 < cap; in++) {
		char ch = (char)tolower((unsigned char)*in);
		if ((ch == '+' || ch == '&') && o + 6 < cap) { /* "Script + args", "script & arguments" */
			if (o && out[o - 1] != '_')
				out[o++] = '_';
			memcpy(out + o, "and_", 4);
			o += 4;
			continue;
		}
		if (ch == ' ' || ch == '-' || ch == '/' || ch == '.' || ch == '(' || ch == ')' || ch == '[' || ch == ']')
			ch = '_';
		if (ch == '_' && o && out[o - 1] == '_')
			continue;
		out[o++] = ch;
	}
	while (o && (out[o - 1] == ':' || out[o - 1] == '_' || out[o - 1] == '?'))
		o--;
	out[o] = '\0';
	/* a format after the name says how the value is written, not what it is: "time (hh:mm)" is "time" */
	static const char *const formats[] = {"_hh:mm:ss", "_hh:mm", "_h:mm", "_hh_mm_ss", "_hh_mm", "_d_hh:mm:ss", "_dd_hh:mm:ss", NULL};
	for (size_t f = 0; formats[f]; f++) {
		size_t l = strlen(formats[f]);
		if (o > l && !strcmp(out + o - l, formats[f])) {
			out[o - l] = '\0';
			break;
		}
	}
}

static void add_pair(struct pair **v, size_t *n, size_t *cap, const char *word, const char *value, int key)
{
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 32;
		*v = realloc(*v, *cap * sizeof(**v));
		if (!*v)
			abort();
	}
	(*v)[(*n)++] = (struct pair){word, value, key};
}

static void add_system(const char *name, const char *centre, const char *url)
{
	if (V.nsystems == V.capsystems) {
		V.capsystems = V.capsystems ? V.capsystems * 2 : 32;
		V.systems = realloc(V.systems, V.capsystems * sizeof(*V.systems));
		if (!V.systems)
			abort();
	}
	V.systems[V.nsystems++] = (struct other_system){name, centre, url};
}

static const char *lower_dup(const char *s)
{
	char *d = arena_strdup(&V.arena, s);
	for (char *p = d; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return d;
}

static void read_words(struct ydoc *y, yaml_node_t *seq, const char *what, struct wordset *into)
{
	if (!yis_seq(seq)) {
		yerr(y, seq, "'%s' must be a list of words", what);
		return;
	}
	for (size_t i = 0; i < yseq_len(seq); i++) {
		const char *w = yscalar(y, yseq_at(y, seq, i), what);
		if (w && *w)
			ws_add(into, lower_dup(w));
		else if (w)
			yerr(y, yseq_at(y, seq, i), "'%s' holds an empty word", what);
	}
}

/* A map of numbers (2..MAX_NUMBER_WORD) to lists of words ("number_words: {2: [dos, zwei], 48: [...]}"). */
static void read_numbers(struct ydoc *y, yaml_node_t *n, const char *what, int lo, struct wordset *by_value)
{
	if (!yis_map(n)) {
		yerr(y, n, "'%s' maps numbers (%d to %d) to lists of words", what, lo, MAX_NUMBER_WORD);
		return;
	}
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&y->doc, p->key);
		yaml_node_t *l = yaml_document_get_node(&y->doc, p->value);
		const char *ks = k && k->type == YAML_SCALAR_NODE ? (const char *)k->data.scalar.value : "";
		char *end;
		long v = strtol(ks, &end, 10);
		if (!*ks || *end || v < lo || v > MAX_NUMBER_WORD) {
			yerr(y, k, "'%s': '%s' is not a number from %d to %d (write the words of a number under its value: "
				   "\"12: [doce, zwölf]\")", what, ks, lo, MAX_NUMBER_WORD);
			continue;
		}
		read_words(y, l, what, &by_value[v]);
	}
}

/* gpu_machines: a list of {gpus, url, names}, the names of cloud instances or vendor boxes that hold `gpus`
 * GPUs each ("p4d.24xlarge", "dgx h100"), with the page that says so. */
static void read_machines(struct ydoc *y, yaml_node_t *n)
{
	static const char *const mk[] = {"gpus", "url", "names", NULL};
	if (!yis_seq(n)) {
		yerr(y, n, "'gpu_machines' is a list of {gpus, url, names}");
		return;
	}
	for (size_t i = 0; i < yseq_len(n); i++) {
		yaml_node_t *e = yseq_at(y, n, i);
		if (!yis_map(e)) {
			yerr(y, e, "a gpu machine is {gpus: N, url: https://..., names: [...]}");
			continue;
		}
		if (!ymap_check(y, e, "gpu machine", mk, mk))
			continue;
		int gpus = 0;
		const char *url = NULL;
		if (!yget_int(y, e, "gpus", 1, MAX_NUMBER_WORD, &gpus) || !yget_str(y, e, "url", &url))
			continue;
		if (!url || strncmp(url, "https://", 8)) {
			yerr(y, e, "gpu machine: url must be https://... (the page that gives its GPU count)");
			continue;
		}
		read_words(y, ymap_get(y, e, "names"), "names", &V.machine_gpus[gpus]);
	}
}

static void load_doc(struct ydoc *y)
{
	static const char *const allowed[] = {"version", "node_units", "gpu_units", "duration_units", "gpu_models", "keys",
					      "correction_cues", "source_cues", "target_cues", "args_cues",
					      "other_systems", "own_cluster_cues", "own_cluster_owners",
					      "negation_cues", "gpu_memory_words", "allocation_programs",
					      "command_leads", "command_words", "retraction_cues", "argument_stop_words",
					      "argument_item_words", "writer_words", "args_handovers", "args_glue", "args_verbs",
					      "args_objects", "args_fillers", "run_verbs", "program_nouns", "arg_change_cues",
					      "arg_add_cues", "arg_remove_cues",
					      "output_tools", "queue_words", "stage_words", "number_words", "account_words",
					      "per_words", "each_words", "one_words", "no_words", "unit_number_words",
					      "number_joiners", "name_endings", "half_words",
					      "half_numbers", "second_units", "each_prepositions", "clock_before_words",
					      "clock_after_words", "pick_cues", "before_labels", "after_labels",
					      "node_device_tools", "source_spec_keys", "cloud_services",
					      "program_config_keys", "run_output_keys", "technical_words",
					      "scheduler_names", "gpu_machines", "item_nouns", "machine_count_stops", "run_record_cues", "budget_cues", "count_adjectives",
					      "pick_exclusions", "call_off_cues", "quoted_speech_labels", "repeat_verbs", "elsewhere_cues", NULL};
	static const char *const required[] = {"version", NULL};
	yaml_node_t *root = ydoc_root(y);
	if (!root || !yis_map(root)) {
		yerr(y, root, "a lexicon file is a mapping (version, node_units, keys, ...)");
		return;
	}
	ymap_check(y, root, "lexicon", allowed, required);
	int version = 0;
	yget_int(y, root, "version", 1, 1, &version);
	yaml_node_t *n;
	if ((n = ymap_get(y, root, "node_units")))
		read_words(y, n, "node_units", &V.node_units);
	if ((n = ymap_get(y, root, "gpu_units")))
		read_words(y, n, "gpu_units", &V.gpu_units);
	if ((n = ymap_get(y, root, "duration_units"))) {
		static const char *const dk[] = {"minutes", "hours", "days", "weeks", NULL};
		if (yis_map(n) && ymap_check(y, n, "duration_units", dk, NULL))
			for (int i = 0; i < 4; i++) {
				yaml_node_t *l = ymap_get(y, n, dur_names[i]);
				if (l)
					read_words(y, l, dur_names[i], &V.dur[i]);
			}
		else if (!yis_map(n))
			yerr(y, n, "'duration_units' maps minutes/hours/days/weeks to lists of words");
	}
	if ((n = ymap_get(y, root, "number_words")))
		read_numbers(y, n, "number_words", 2, V.numbers);
	if ((n = ymap_get(y, root, "unit_number_words")))
		read_numbers(y, n, "unit_number_words", 2, V.unit_numbers);
	if ((n = ymap_get(y, root, "half_numbers")))
		read_numbers(y, n, "half_numbers", 1, V.half_numbers);
	for (int l = 0; l < VL_COUNT; l++)
		if ((n = ymap_get(y, root, list_names[l])))
			read_words(y, n, list_names[l], &V.lists[l]);
	if ((n = ymap_get(y, root, "gpu_models"))) {
		static const char *const gk[] = {"source", "models", NULL};
		const char *src = NULL;
		if (!yis_map(n) || !ymap_check(y, n, "gpu_models", gk, gk) || !yget_str(y, n, "source", &src)) {
			if (!yis_map(n))
				yerr(y, n, "'gpu_models' has a source URL and models: {id: [words]}");
		} else if (!src || strncmp(src, "https://", 8)) {
			yerr(y, n, "'gpu_models' needs a source URL (https://...)");
		} else {
			yaml_node_t *m = ymap_get(y, n, "models");
			if (!yis_map(m)) {
				yerr(y, m, "'models' maps a model id to its words");
			} else {
				for (yaml_node_pair_t *p = m->data.mapping.pairs.start; p < m->data.mapping.pairs.top; p++) {
					yaml_node_t *k = yaml_document_get_node(&y->doc, p->key);
					yaml_node_t *v = yaml_document_get_node(&y->doc, p->value);
					const char *id = yscalar(y, k, "model id");
					struct wordset ws = {0};
					read_words(y, v, id ? id : "model", &ws);
					for (size_t i = 0; id && i < ws.n; i++)
						add_pair(&V.models, &V.nmodels, &V.capmodels, ws.v[i], lower_dup(id), 0);
					free(ws.v);
				}
			}
		}
	}
	if ((n = ymap_get(y, root, "keys"))) {
		if (!yis_map(n)) {
			yerr(y, n, "'keys' maps a field (%s, ...) to its key words", key_names[1]);
		} else {
			for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
				yaml_node_t *k = yaml_document_get_node(&y->doc, p->key);
				yaml_node_t *v = yaml_document_get_node(&y->doc, p->value);
				const char *field = yscalar(y, k, "field");
				int which = 0;
				for (int i = 1; field && i < VK_COUNT; i++)
					if (!strcmp(field, key_names[i]))
						which = i;
				if (field && !which) {
					struct strbuf sb = STRBUF_INIT;
					for (int i = 1; i < VK_COUNT; i++)
						strbuf_addf(&sb, "%s%s", i > 1 ? ", " : "", key_names[i]);
					yerr(y, k, "unknown field '%s' in keys (known: %s)", field, sb.buf);
					strbuf_release(&sb);
					continue;
				}
				struct wordset ws = {0};
				read_words(y, v, field ? field : "keys", &ws);
				for (size_t i = 0; which && i < ws.n; i++) {
					char nk[96];
					norm_key(ws.v[i], nk, sizeof(nk));
					add_pair(&V.keys, &V.nkeys, &V.capkeys, arena_strdup(&V.arena, nk), NULL, which);
				}
				free(ws.v);
			}
		}
	}
	if ((n = ymap_get(y, root, "gpu_machines")))
		read_machines(y, n);
	if ((n = ymap_get(y, root, "other_systems"))) {
		static const char *const sk[] = {"name", "centre", "url", NULL};
		if (!yis_seq(n)) {
			yerr(y, n, "'other_systems' is a list of {name, centre, url}");
		} else {
			for (size_t i = 0; i < yseq_len(n); i++) {
				yaml_node_t *e = yseq_at(y, n, i);
				const char *name = NULL, *centre = NULL, *url = NULL;
				if (!yis_map(e) || !ymap_check(y, e, "other system", sk, sk)) {
					if (!yis_map(e))
						yerr(y, e, "an other system is {name, centre, url}");
					continue;
				}
				yget_str(y, e, "name", &name);
				yget_str(y, e, "centre", &centre);
				yget_str(y, e, "url", &url);
				if (!name || !centre || !url)
					continue;
				if (strncmp(url, "https://", 8)) {
					yerr(y, e, "other system '%s': url must be https://...", name);
					continue;
				}
				add_system(lower_dup(name), centre, url);
			}
		}
	}
}

/* ---- the loaded vocabulary as a snapshot record (issue 15) -------------------------------------
 * What parsing a set of lexicon files added to V (the words of every list, models, keys, systems), kept
 * in the data snapshot under a key made of the files' paths and contents: a later process whose files
 * are byte for byte the same appends the same words in the same order without walking the YAML. Written
 * only when the files loaded without a message; like the snapshot, a cache, never a source of truth. */

#define VREC_MAGIC 0x32435256u /* "VRC2": change it when the record's layout or what loading adds changes */
#define NWORDSETS (6 + VL_COUNT + 4 * (MAX_NUMBER_WORD + 1))

/* every wordset of V, in the record's order */
static struct wordset *wordset_at(size_t i)
{
	if (i < 2)
		return i ? &V.gpu_units : &V.node_units;
	if ((i -= 2) < 4)
		return &V.dur[i];
	if ((i -= 4) < VL_COUNT)
		return &V.lists[i];
	i -= VL_COUNT;
	struct wordset *by_value[4] = {V.numbers, V.unit_numbers, V.half_numbers, V.machine_gpus};
	return &by_value[i / (MAX_NUMBER_WORD + 1)][i % (MAX_NUMBER_WORD + 1)];
}

struct vcounts {
	size_t ws[NWORDSETS], nmodels, nkeys, nsystems;
};

static void count_now(struct vcounts *c)
{
	for (size_t i = 0; i < NWORDSETS; i++)
		c->ws[i] = wordset_at(i)->n;
	c->nmodels = V.nmodels;
	c->nkeys = V.nkeys;
	c->nsystems = V.nsystems;
}

/* What was added to V since c. A wordset that was empty then is written in strcmp order (the reader
 * marks it sorted: vocab_list() need not sort it again; no lookup depends on the order within a list). */
static void record_encode(const struct vcounts *c, struct strbuf *b)
{
	blob_put_u32(b, VREC_MAGIC);
	for (size_t i = 0; i < NWORDSETS; i++) {
		const struct wordset *ws = wordset_at(i);
		size_t n = ws->n - c->ws[i];
		const char **w = malloc((n ? n : 1) * sizeof(*w));
		if (!w)
			abort();
		if (n) /* (an empty wordset may have no array at all) */
			memcpy(w, ws->v + c->ws[i], n * sizeof(*w));
		if (!c->ws[i] && n)
			qsort(w, n, sizeof(*w), cmp_str);
		blob_put_u32(b, (uint32_t)n);
		for (size_t k = 0; k < n; k++)
			blob_put_str(b, w[k]);
		free(w);
	}
	blob_put_u32(b, (uint32_t)(V.nmodels - c->nmodels));
	for (size_t k = c->nmodels; k < V.nmodels; k++) {
		blob_put_str(b, V.models[k].word);
		blob_put_str(b, V.models[k].value);
	}
	blob_put_u32(b, (uint32_t)(V.nkeys - c->nkeys));
	for (size_t k = c->nkeys; k < V.nkeys; k++) {
		blob_put_u32(b, (uint32_t)V.keys[k].key);
		blob_put_str(b, V.keys[k].word);
	}
	blob_put_u32(b, (uint32_t)(V.nsystems - c->nsystems));
	for (size_t k = c->nsystems; k < V.nsystems; k++) {
		blob_put_str(b, V.systems[k].name);
		blob_put_str(b, V.systems[k].centre);
		blob_put_str(b, V.systems[k].url);
	}
}

/* Appends a record's words to V (data: a copy owned by V's arena). A record that is not whole (it was
 * checksummed: only a bug makes one) leaves V as it was and returns false. */
static bool record_apply(const void *data, size_t len)
{
	struct vcounts before;
	count_now(&before);
	struct blob_rd r;
	blob_rd_init(&r, data, len);
	if (blob_get_u32(&r) != VREC_MAGIC)
		return false;
	for (size_t i = 0; i < NWORDSETS && !r.bad; i++) {
		struct wordset *ws = wordset_at(i);
		uint32_t n = blob_get_count(&r, 1);
		for (uint32_t k = 0; k < n; k++)
			ws_add(ws, blob_get_str(&r));
		if (n && !before.ws[i])
			ws->sorted = true; /* written in strcmp order (record_encode) */
	}
	uint32_t n = blob_get_count(&r, 2);
	for (uint32_t k = 0; k < n; k++) {
		const char *w = blob_get_str(&r);
		add_pair(&V.models, &V.nmodels, &V.capmodels, w, blob_get_str(&r), 0);
	}
	n = blob_get_count(&r, 5);
	for (uint32_t k = 0; k < n; k++) {
		uint32_t key = blob_get_u32(&r);
		r.bad |= key == 0 || key >= VK_COUNT;
		add_pair(&V.keys, &V.nkeys, &V.capkeys, blob_get_str(&r), NULL, (int)key);
	}
	n = blob_get_count(&r, 3);
	for (uint32_t k = 0; k < n; k++) {
		const char *name = blob_get_str(&r), *centre = blob_get_str(&r);
		add_system(name, centre, blob_get_str(&r));
	}
	if (!r.bad && r.p == r.end)
		return true;
	for (size_t i = 0; i < NWORDSETS; i++) /* only appended: back to the counts before */
		wordset_at(i)->n = before.ws[i];
	V.nmodels = before.nmodels;
	V.nkeys = before.nkeys;
	V.nsystems = before.nsystems;
	return false;
}

/* One lexicon file, read before anything is parsed: the bytes of all of them key the record */
struct lexfile {
	char *path;
	struct strbuf data;
	char *read_error; /* NULL when read */
};

/* The record's name (one of two fixed names: the newest writer's replaces an older one, whatever data
 * directories it was read from) and the hash of what it is computed from: the layout, then each file's
 * path, size and bytes. */
static uint64_t record_key(bool systems, const struct lexfile *f, size_t n, struct strbuf *name)
{
	strbuf_adds(name, systems ? "\001maple vocabulary systems" : "\001maple vocabulary");
	struct strbuf k = STRBUF_INIT;
	strbuf_addf(&k, "%u %d %d %d %zu", VREC_MAGIC, VL_COUNT, VK_COUNT, MAX_NUMBER_WORD, sizeof(void *));
	for (int l = 0; l < VL_COUNT; l++)
		blob_put_str(&k, list_names[l]);
	for (int l = 0; l < VK_COUNT; l++)
		blob_put_str(&k, key_names[l]);
	for (size_t i = 0; i < n; i++) {
		uint64_t h[2] = {f[i].data.len, ysnap_hash64(f[i].data.buf, f[i].data.len, 0)};
		strbuf_add(&k, f[i].path, strlen(f[i].path) + 1);
		strbuf_add(&k, h, sizeof(h));
	}
	uint64_t h = ysnap_hash64(k.buf, k.len, n);
	strbuf_release(&k);
	return h;
}

/* Reads the files named <dir>/lexicon/ *.yaml of every directory (systems*yaml when systems, the others
 * when not), each directory's in name order: a fixed order, so that messages and overrides repeat. */
static size_t read_lexicon(const struct strvec *dirs, bool systems, struct lexfile **out)
{
	struct lexfile *f = NULL;
	size_t n = 0;
	struct strbuf dir = STRBUF_INIT;
	for (size_t d = 0; d < dirs->nr; d++) {
		strbuf_reset(&dir);
		strbuf_addf(&dir, "%s/lexicon", dirs->v[d]);
		struct strvec names = STRVEC_INIT;
		list_dir_suffix(dir.buf, ".yaml", &names);
		f = realloc(f, (n + names.nr + 1) * sizeof(*f));
		if (!f)
			abort();
		for (size_t i = 0; i < names.nr; i++) {
			if ((strncmp(names.v[i], "systems", 7) == 0) != systems)
				continue;
			struct lexfile *x = &f[n++];
			struct strbuf path = STRBUF_INIT;
			strbuf_addf(&path, "%s/%s", dir.buf, names.v[i]);
			x->path = strbuf_detach(&path);
			strbuf_init(&x->data);
			x->read_error = NULL;
			struct maple_error e = {0};
			if (read_file(x->path, &x->data, MAX_LEXICON_FILE, &e) < 0)
				x->read_error = strdup(e.text);
		}
		strvec_clear(&names);
	}
	strbuf_release(&dir);
	*out = f;
	return n;
}

/* Loads <dir>/lexicon/ YAML files of every directory: the files named systems*yaml when systems, the
 * others when not; from the snapshot's record when these very files loaded before without a message.
 * Returns the number of files read; errors go to errs. */
static size_t load_files(const struct strvec *dirs, bool systems, struct strbuf *errs)
{
	struct lexfile *f;
	size_t n = read_lexicon(dirs, systems, &f), files = 0;
	bool readable = true, hit = false;
	for (size_t i = 0; i < n; i++)
		readable &= f[i].read_error == NULL;
	struct strbuf name = STRBUF_INIT;
	uint64_t key = n && readable ? record_key(systems, f, n, &name) : 0;
	const void *blob;
	size_t blen;
	if (key && ysnap_record_lookup(name.buf, key, &blob, &blen) == 0) {
		void *copy = arena_alloc(&V.arena, blen ? blen : 1);
		memcpy(copy, blob, blen);
		if (record_apply(copy, blen)) {
			files = n;
			hit = true;
		}
	}
	struct vcounts before;
	count_now(&before);
	size_t errs_before = errs->len;
	for (size_t i = 0; i < n && !hit; i++) {
		if (f[i].read_error) {
			strbuf_addf(errs, "%s\n", f[i].read_error);
			continue;
		}
		struct ydoc y;
		if (ydoc_parse(&y, &V.arena, errs, f[i].path, f[i].data.buf, f[i].data.len) == 0) {
			load_doc(&y);
			files++;
		}
		ydoc_release(&y);
	}
	if (key && !hit && files == n && errs->len == errs_before) {
		struct strbuf b = STRBUF_INIT;
		record_encode(&before, &b);
		ysnap_record_store(name.buf, key, b.buf, b.len);
		strbuf_release(&b);
	}
	for (size_t i = 0; i < n; i++) {
		free(f[i].path);
		strbuf_release(&f[i].data);
		free(f[i].read_error);
	}
	free(f);
	strbuf_release(&name);
	return files;
}

/* Moves the collected messages (one per line) into err and releases errs: -1 when there were any. */
static int take_errors(struct strbuf *errs, struct maple_error *err)
{
	if (!errs->len) {
		strbuf_release(errs);
		return 0;
	}
	while (errs->len && errs->buf[errs->len - 1] == '\n')
		errs->buf[--errs->len] = '\0';
	errorf(err, "%s", errs->buf);
	strbuf_release(errs);
	return -1;
}

int vocab_load(const struct strvec *dirs, struct maple_error *err)
{
	if (V.loaded)
		return 0;
	arena_init(&V.arena);
	strvec_init(&V.dirs);
	for (size_t i = 0; i < dirs->nr; i++)
		strvec_push(&V.dirs, dirs->v[i]);
	struct strbuf errs = STRBUF_INIT;
	size_t files = load_files(dirs, false, &errs);
	if (!errs.len && !files)
		strbuf_adds(&errs, "no lexicon found: none of the data directories has lexicon/ YAML files (reinstall maple, "
				   "or set MAPLE_DATA_DIR to the directory holding clusters/ and lexicon/)");
	if (take_errors(&errs, err) < 0)
		return -1;
	V.loaded = true;
	return 0;
}

bool vocab_loaded(void)
{
	return V.loaded;
}

/* The vocabulary a process uses when nobody loaded it (library callers, unit tests): the default
 * data directories. */
static void ensure(void)
{
	if (V.loaded)
		return;
	static bool tried;
	if (tried)
		return;
	tried = true;
	struct strvec dirs;
	strvec_init(&dirs);
	repo_default_dirs(&dirs, NULL);
	struct maple_error e = {0};
	vocab_load(&dirs, &e);
	strvec_clear(&dirs);
}

enum vkey vocab_key(const char *key)
{
	ensure();
	char nk[96];
	norm_key(key, nk, sizeof(nk));
	/* a header's "X-Nodes:", "X-GPUs-Per-Node:": the field after its "x-" */
	if (nk[0] == 'x' && nk[1] == '_' && nk[2])
		memmove(nk, nk + 2, strlen(nk + 2) + 1);
	for (size_t i = 0; i < V.nkeys; i++)
		if (V.keys[i].word[0] == nk[0] && !strcmp(V.keys[i].word, nk))
			return (enum vkey)V.keys[i].key;
	/* a duration key with its unit in the name: "time_limit_hours", "max_time_minutes" */
	static const char *const units[] = {"_hours", "_hour", "_hrs", "_hr", "_h", "_minutes", "_mins", "_min", "_m", "_days",
					    "_day", "_d", "_seconds", "_secs", "_sec", "_s"};
	size_t l = strlen(nk);
	for (size_t u = 0; u < sizeof(units) / sizeof(*units); u++) {
		size_t ul = strlen(units[u]);
		if (l > ul && !strcmp(nk + l - ul, units[u])) {
			char base[96];
			snprintf(base, sizeof(base), "%.*s", (int)(l - ul), nk);
			for (size_t i = 0; i < V.nkeys; i++)
				if (!strcmp(V.keys[i].word, base) && V.keys[i].key == VK_WALLTIME)
					return VK_WALLTIME;
		}
	}
	return VK_NONE;
}

/* A memory size or form factor after a GPU model's name: "80gb", "40g", "32gib", "sxm4", "pcie", "nvl" */
bool vocab_gpu_qualifier(const char *w)
{
	size_t d = strspn(w, "0123456789");
	if (d && (!strcmp(w + d, "gb") || !strcmp(w + d, "g") || !strcmp(w + d, "gib")))
		return true;
	if (!strncmp(w, "sxm", 3) && strspn(w + 3, "0123456789") == strlen(w + 3))
		return true;
	return !strcmp(w, "pcie") || !strcmp(w, "nvl") || vocab_in(VL_GPU_MEMORY, w);
}

/* word lower-cased into w, less a qualifier joined by '-' ("a100-80gb", "v100-32gb", "a100-sxm4"): the
 * model's own name. False when the word has no such suffix. */
static bool strip_gpu_qualifier(const char *word, char *w, size_t cap)
{
	size_t o = 0;
	for (const char *p = word; *p && o + 1 < cap; p++)
		w[o++] = (char)tolower((unsigned char)*p);
	w[o] = '\0';
	char *dash = strchr(w, '-');
	if (!dash || dash == w)
		return false;
	size_t l = strlen(dash + 1);
	char q[32];
	if (!l || l >= sizeof(q))
		return false;
	memcpy(q, dash + 1, l + 1);
	if (l > 3 && q[l - 1] == 's' && isdigit((unsigned char)q[0]) && !strcmp(q + l - 3, "gbs"))
		q[l - 1] = '\0'; /* "a100-80gbs" */
	/* each of several qualifiers, as a part number writes them: "a100-sxm4-80gb", "h100-sxm5-80gb" */
	for (char *part = q, *next; part; part = next) {
		next = strchr(part, '-');
		if (next)
			*next++ = '\0';
		if (!vocab_gpu_qualifier(part))
			return false;
	}
	*dash = '\0';
	return true;
}

/* The model words sorted for a binary search: every token of every request is looked up. Of two
 * entries with one word the earlier in models comes first (key holds the place while sorting), as
 * the first one found answers. */
static int cmp_model(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;
	int c = strcmp(x->word, y->word);
	return c ? c : (x->key > y->key) - (x->key < y->key);
}

static const char *model_of(const char *w)
{
	if (V.nsorted != V.nmodels) {
		V.sorted_models = realloc(V.sorted_models, (V.nmodels ? V.nmodels : 1) * sizeof(*V.sorted_models));
		if (!V.sorted_models)
			abort();
		for (size_t i = 0; i < V.nmodels; i++) {
			V.sorted_models[i] = V.models[i];
			V.sorted_models[i].key = (int)i;
		}
		qsort(V.sorted_models, V.nmodels, sizeof(*V.sorted_models), cmp_model);
		V.nsorted = V.nmodels;
	}
	size_t lo = 0, hi = V.nsorted; /* the first entry not below w */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(V.sorted_models[mid].word, w) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < V.nsorted && !strcmp(V.sorted_models[lo].word, w) ? V.sorted_models[lo].value : NULL;
}

const char *vocab_gpu_model(const char *word)
{
	ensure();
	char w[64];
	size_t o = 0;
	for (const char *p = word; *p && o + 1 < sizeof(w); p++)
		w[o++] = (char)tolower((unsigned char)*p);
	w[o] = '\0';
	const char *m = model_of(w);
	if (m)
		return m;
	if (strip_gpu_qualifier(word, w, sizeof(w)))
		return model_of(w);
	return NULL;
}

bool vocab_in(enum vlist l, const char *w)
{
	ensure();
	return l < VL_COUNT && ws_has(&V.lists[l], w);
}

size_t vocab_list(enum vlist l, const char *const **out)
{
	ensure();
	if (l >= VL_COUNT) {
		*out = NULL;
		return 0;
	}
	struct wordset *ws = &V.lists[l];
	if (!ws->sorted) {
		if (ws->n)
			qsort(ws->v, ws->n, sizeof(*ws->v), cmp_str);
		ws->sorted = true;
	}
	*out = ws->v;
	return V.lists[l].n;
}

/* The systems list, loaded on first use; an invalid file there reports nothing here (maple
 * templates --check and the tests validate it) and leaves the list empty. */
static void ensure_systems(void)
{
	ensure();
	if (V.systems_loaded)
		return;
	V.systems_loaded = true;
	struct strbuf errs = STRBUF_INIT;
	load_files(&V.dirs, true, &errs);
	strbuf_release(&errs);
}

int vocab_check_all(struct maple_error *err)
{
	ensure();
	if (!V.loaded)
		return errorf(err, "the lexicon could not be loaded");
	struct strbuf errs = STRBUF_INIT;
	V.systems_loaded = true;
	load_files(&V.dirs, true, &errs);
	return take_errors(&errs, err);
}

static size_t folded_hash(const char *w)
{
	uint32_t h = 2166136261u; /* FNV-1a of the ASCII-lower-cased bytes */
	for (; *w; w++)
		h = (h ^ (unsigned char)tolower((unsigned char)*w)) * 16777619u;
	return h;
}

/* (Re)builds the systems' name and centre indexes when systems were added since (the first of equal
 * names or centres is kept: the scan of the list in order found that one). */
static void index_systems(void)
{
	if (V.system_by_name && V.nsystems_ix == V.nsystems)
		return;
	V.nsystem_slots = index_slots(V.nsystems);
	V.system_by_name = arena_alloc(&V.arena, V.nsystem_slots * sizeof(size_t));
	V.system_by_centre = arena_alloc(&V.arena, V.nsystem_slots * sizeof(size_t));
	size_t mask = V.nsystem_slots - 1;
	for (size_t i = 0; i < V.nsystems; i++) {
		size_t h = word_hash(V.systems[i].name) & mask;
		while (V.system_by_name[h] && strcmp(V.systems[V.system_by_name[h] - 1].name, V.systems[i].name))
			h = (h + 1) & mask;
		if (!V.system_by_name[h])
			V.system_by_name[h] = i + 1;
		if (!V.systems[i].centre)
			continue;
		h = folded_hash(V.systems[i].centre) & mask;
		while (V.system_by_centre[h] && strcasecmp(V.systems[V.system_by_centre[h] - 1].centre, V.systems[i].centre))
			h = (h + 1) & mask;
		if (!V.system_by_centre[h])
			V.system_by_centre[h] = i + 1;
	}
	V.nsystems_ix = V.nsystems;
}

const struct other_system *vocab_other_system(const char *name)
{
	ensure_systems();
	index_systems();
	size_t mask = V.nsystem_slots - 1;
	for (size_t h = word_hash(name) & mask; V.system_by_name[h]; h = (h + 1) & mask) {
		const struct other_system *o = &V.systems[V.system_by_name[h] - 1];
		if (o->name[0] == name[0] && !strcmp(o->name, name))
			return o;
	}
	return NULL;
}

bool vocab_centre(const char *word)
{
	ensure_systems();
	index_systems();
	size_t mask = V.nsystem_slots - 1;
	for (size_t h = folded_hash(word) & mask; V.system_by_centre[h]; h = (h + 1) & mask)
		if (!strcasecmp(V.systems[V.system_by_centre[h] - 1].centre, word))
			return true;
	return false;
}

static int cmp_ch(const void *a, const void *b)
{
	return *(const char *)a - *(const char *)b;
}

/* "ndoes", "gpsu": the same letters as a unit word, swapped (a typo, not another word). */
static bool anagram_of(const char *w, const char *const *list)
{
	size_t l = strlen(w);
	if (l < 4 || l > 15)
		return false;
	if (!strchr("ndgp", w[0]) && !strchr("ndgp", w[1]))
		return false; /* a swap moves at most one of the first two letters */
	char a[16], b[16];
	bool sorted = false; /* w's letters are sorted once a word of its length is there to compare */
	for (; *list; list++) {
		if (strlen(*list) != l)
			continue;
		if (!sorted) {
			memcpy(a, w, l + 1);
			qsort(a, l, 1, cmp_ch);
			sorted = true;
		}
		memcpy(b, *list, l + 1);
		qsort(b, l, 1, cmp_ch);
		if (!strcmp(a, b) && edit_distance(w, *list) <= 1) /* one swap of neighbours */
			return true;
	}
	return false;
}

bool is_node_unit(const char *w)
{
	ensure();
	static const char *const typo_base[] = {"node", "nodes", NULL};
	return ws_has(&V.node_units, w) || anagram_of(w, typo_base);
}

bool is_gpu_unit(const char *w)
{
	ensure();
	static const char *const typo_base[] = {"gpus", NULL};
	/* "gpu" alone is ambiguous ("gpu node"); callers check it where it counts */
	if (ws_has(&V.gpu_units, w) || anagram_of(w, typo_base))
		return true;
	char m[64]; /* "v100-32gb", "a100-sxm4": the model's name with its memory or form factor */
	return strip_gpu_qualifier(w, m, sizeof(m)) && ws_has(&V.gpu_units, m);
}

/* The value (lo..MAX_NUMBER_WORD) whose words by_value holds w, or 0: the smallest such value, from
 * ix (rebuilt when a word was added since). */
static int value_of(struct wordset *by_value, int lo, const char *w, struct valueindex *ix)
{
	ensure();
	if (!ix->word || ix->gen != V.gen) {
		size_t n = 0;
		for (int i = lo; i <= MAX_NUMBER_WORD; i++)
			n += by_value[i].n;
		ix->nslot = index_slots(n);
		ix->word = arena_alloc(&V.arena, ix->nslot * sizeof(*ix->word));
		ix->value = arena_alloc(&V.arena, ix->nslot * sizeof(*ix->value));
		for (int i = lo; i <= MAX_NUMBER_WORD; i++)
			for (size_t k = 0; k < by_value[i].n; k++) {
				const char *x = by_value[i].v[k];
				size_t h = word_hash(x) & (ix->nslot - 1);
				while (ix->word[h] && strcmp(ix->word[h], x))
					h = (h + 1) & (ix->nslot - 1);
				if (!ix->word[h]) { /* a word already there has a smaller value: it stays */
					ix->word[h] = x;
					ix->value[h] = i;
				}
			}
		ix->gen = V.gen;
	}
	for (size_t h = word_hash(w) & (ix->nslot - 1); ix->word[h]; h = (h + 1) & (ix->nslot - 1))
		if (ix->word[h][0] == w[0] && !strcmp(ix->word[h], w))
			return ix->value[h];
	return 0;
}

int vocab_number_word(const char *w)
{
	return value_of(V.numbers, 2, w, &V.numbers_ix);
}

int vocab_half_number(const char *w)
{
	return value_of(V.half_numbers, 1, w, &V.half_numbers_ix);
}

int vocab_unit_number_word(const char *w)
{
	return value_of(V.unit_numbers, 2, w, &V.unit_numbers_ix);
}

int vocab_machine_gpus(const char *w)
{
	return value_of(V.machine_gpus, 1, w, &V.machine_gpus_ix);
}

int duration_unit(const char *w)
{
	ensure();
	for (int i = 0; i < 4; i++)
		if (ws_has(&V.dur[i], w))
			return dur_minutes[i];
	return 0;
}
