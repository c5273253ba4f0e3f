/* inspect.c - `maple inspect DIR`: what a job's working directory says about the job (entry
 * script, framework, strategy, model, hyperparameters, datasets, outputs, pins), each with its
 * file:line; `--history` lists the earlier inspections and what changed between them. */
#include "cmd.h"

#include "../advise/job.h"
#include "../advise/models.h"
#include "../repo/repo.h"

#include "../inspect/inspect.h"
#include "../util/strvec.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] = "maple inspect [--json] [--cmd \"python train.py ...\"] [--no-cache] DIR\n"
			    "       maple inspect --history [--json] DIR";
static const char about[] =
	"Reads the training job in DIR without running anything: the entry script and what it imports, the\n"
	"framework and parallel strategy, the model, hyperparameters (script defaults, config files, then\n"
	"--cmd's arguments), datasets, output paths and dependency pins. Every field names its file:line.\n"
	"Results are cached (SQLite, $MAPLE_STATE_DIR or ~/.local/share/maple) by file and content hash:\n"
	"an unchanged directory is answered from the cache, a changed one re-reads only changed files.\n"
	"Example: maple inspect --cmd \"torchrun --nproc_per_node 4 train.py --lr 3e-4\" ./myjob\n"
	"Exit status: 0 ok, 2 error (DIR missing or not a directory).";

static void print_kv(const char *label, json_t *v, json_t *sources, const char *field)
{
	char *s = json_is_string(v) ? NULL : json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY | JSON_REAL_PRECISION(12));
	const char *text = json_is_string(v) ? json_string_value(v) : s ? s : "?";
	const char *src = json_string_value(json_object_get(sources, field));
	if (src)
		printf("  %-22s %-36s (%s)\n", label, text, src);
	else
		printf("  %-22s %s\n", label, text);
	free(s);
}

static void print_list(const char *title, json_t *list, json_t *sources, const char *field)
{
	if (!json_array_size(list))
		return;
	printf("%s:\n", title);
	size_t i;
	json_t *v;
	json_array_foreach(list, i, v)
	{
		char key[64];
		snprintf(key, sizeof(key), "%s[%zu]", field, i);
		const char *src = json_string_value(json_object_get(sources, key));
		printf("  - %-56s%s%s%s\n", json_string_value(v) ? json_string_value(v) : "?", src ? " (" : "", src ? src : "",
		       src ? ")" : "");
	}
}

static void print_result(json_t *r, const struct inspect_stats *st)
{
	json_t *src = json_object_get(r, "sources");
	printf("inspected %s: %zu files", json_string_value(json_object_get(r, "dir")), st->files);
	if (st->cache_used)
		printf(" (%s; %zu read, %zu scanned)", st->unchanged ? "unchanged, from the cache" : "cache updated", st->read,
		       st->scanned);
	printf("\n");
	static const char *const fields[] = {"entry", "framework", "strategy", "model", "precision", NULL};
	for (int i = 0; fields[i]; i++)
		print_kv(fields[i], json_object_get(r, fields[i]), src, fields[i]);
	json_t *libs = json_object_get(r, "libraries");
	if (json_array_size(libs)) {
		printf("  %-22s ", "imports");
		size_t i;
		json_t *v;
		json_array_foreach(libs, i, v) printf("%s%s", i ? ", " : "", json_string_value(v));
		printf("\n");
	}
	json_t *mc = json_object_get(r, "model_config");
	if (json_object_size(mc)) {
		printf("model shape:\n");
		const char *k;
		json_t *v;
		json_object_foreach(mc, k, v)
		{
			char f[128];
			snprintf(f, sizeof(f), "model_config.%s", k);
			print_kv(k, v, src, f);
		}
	}
	json_t *hp = json_object_get(r, "hyperparameters");
	if (json_object_size(hp)) {
		printf("hyperparameters:\n");
		const char *k;
		json_t *v;
		json_object_foreach(hp, k, v)
		{
			char f[256];
			snprintf(f, sizeof(f), "hyperparameters.%s", k);
			print_kv(k, v, src, f);
		}
	}
	print_list("datasets", json_object_get(r, "datasets"), src, "datasets");
	print_list("outputs", json_object_get(r, "outputs"), src, "outputs");
	json_t *deps = json_object_get(r, "dependencies");
	if (json_object_size(deps)) {
		printf("dependencies:\n");
		const char *k;
		json_t *v;
		json_object_foreach(deps, k, v)
		{
			char f[256];
			snprintf(f, sizeof(f), "dependencies.%s", k);
			print_kv(k, v, src, f);
		}
	}
	json_t *sk = json_object_get(r, "skipped");
	if (json_array_size(sk)) {
		printf("skipped:\n");
		size_t i;
		json_t *v;
		json_array_foreach(sk, i, v) printf("  %s: %s\n", json_string_value(json_object_get(v, "path")),
						    json_string_value(json_object_get(v, "reason")));
	}
	json_t *unk = json_object_get(r, "unknown");
	if (json_object_size(unk)) {
		printf("unknown:\n");
		const char *k;
		json_t *v;
		json_object_foreach(unk, k, v) printf("  %-22s %s\n", k, json_string_value(v));
	}
	json_t *notes = json_object_get(r, "notes");
	size_t i;
	json_t *v;
	json_array_foreach(notes, i, v) printf("note: %s\n", json_string_value(v));
}

/* The fields still empty once the model's size is known, each with why (the merge's own, more
 * precise reasons are kept): an honest "unknown" instead of a silent null. */
static void add_unknown(json_t *r)
{
	json_t *unk = json_object_get(r, "unknown");
	if (!unk) {
		unk = json_object();
		json_object_set_new(r, "unknown", unk);
	}
	if (json_is_null(json_object_get(r, "entry")))
		return; /* nothing was read: the notes say why */
	bool model = json_is_string(json_object_get(r, "model")), params = json_is_integer(json_object_get(r, "params"));
	if (!model && !json_object_get(unk, "model"))
		json_object_set_new(unk, "model",
				    json_string(params ? "no config, flag or call names the model; its size (params) comes "
							 "from the shape in model_config"
						       : "no config, flag or call in the files read names the model (a model "
							 "built inside a helper function of another module is not followed)"));
	if (!params && !json_object_get(unk, "params"))
		json_object_set_new(unk, "params", json_string(model ? "the model's name is not in data/models and no "
									"shape (layers, width) was read"
								      : "no model name or shape was read"));
	if (json_is_null(json_object_get(r, "framework")) && !json_object_get(unk, "framework"))
		json_object_set_new(unk, "framework",
				    json_string("no framework maple knows (PyTorch, DeepSpeed, Accelerate, Lightning, JAX, "
						"TensorFlow, Paddle, ...) is imported or launched by the files read"));
	if (json_is_null(json_object_get(r, "precision")) && !json_object_get(unk, "precision"))
		json_object_set_new(unk, "precision", json_string("no precision setting (flag, config key, autocast, dtype "
								  "or trainer argument) was read"));
	if (!json_array_size(json_object_get(r, "datasets")) && !json_object_get(unk, "datasets"))
		json_object_set_new(unk, "datasets", json_string("no data path, Hub data set or data option was read (a "
								 "default inside a loader function is not followed)"));
}

static int history(const char *dir, bool json)
{
	json_t *h;
	struct maple_error err;
	if (inspect_history(dir, NULL, &h, &err) < 0) {
		fprintf(stderr, "maple inspect: %s\n", err.text);
		return EXIT_ERROR;
	}
	if (json) {
		json_t *out = json_object();
		json_object_set_new(out, "dir", json_string(dir));
		json_object_set_new(out, "inspections", h);
		json_print_short(out, false);
		json_decref(out);
		return EXIT_OK;
	}
	if (!json_array_size(h))
		printf("no inspections of %s are recorded (run `maple inspect %s` first)\n", dir, dir);
	size_t i;
	json_t *e;
	json_array_foreach(h, i, e)
	{
		time_t at = (time_t)json_integer_value(json_object_get(e, "at"));
		char when[64];
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", localtime(&at));
		json_t *ch = json_object_get(e, "changes");
		const char *cmd = json_string_value(json_object_get(e, "command"));
		printf("#%lld  %s  %zu added, %zu modified, %zu removed%s%s\n", (long long)json_integer_value(json_object_get(e, "id")),
		       when, json_array_size(json_object_get(ch, "added")), json_array_size(json_object_get(ch, "modified")),
		       json_array_size(json_object_get(ch, "removed")), cmd ? "  --cmd " : "", cmd ? cmd : "");
		static const char *const kinds[] = {"added", "modified", "removed", NULL};
		for (int k = 0; kinds[k] && i > 0; k++) {
			size_t j;
			json_t *f;
			json_array_foreach(json_object_get(ch, kinds[k]), j, f)
			{
				if (j >= 10) {
					printf("    ... %zu more %s\n", json_array_size(json_object_get(ch, kinds[k])) - j, kinds[k]);
					break;
				}
				printf("    %s %s\n", kinds[k], json_string_value(f));
			}
		}
		size_t j;
		json_t *d;
		json_array_foreach(json_object_get(e, "diff"), j, d) printf("    %s\n", json_string_value(d));
	}
	json_decref(h);
	return EXIT_OK;
}

/* A model the job names only by its run or its config file (OLMo's run_name: OLMo-7B in
 * configs/official/OLMo-7B.yaml): named when the shape's parameter count agrees with that known
 * model's within 10%; otherwise the model stays unknown. */
static void model_from_run_name(const struct model_db *db, json_t *r, double params)
{
	json_t *m = json_object_get(r, "model");
	if ((m && !json_is_null(m)) || params <= 0)
		return;
	json_t *src = json_object_get(r, "sources");
	const char *cand[9] = {json_string_value(json_object_get(json_object_get(r, "hyperparameters"), "run_name"))};
	const char *from[9] = {json_string_value(json_object_get(src, "hyperparameters.run_name"))};
	size_t nc = 1, i;
	json_t *cf;
	char stems[8][128];
	json_array_foreach(json_object_get(r, "configs"), i, cf)
	{
		const char *path = json_string_value(cf);
		if (!path || nc >= 9)
			continue;
		const char *b = strrchr(path, '/');
		b = b ? b + 1 : path;
		const char *dot = strrchr(b, '.');
		size_t len = dot ? (size_t)(dot - b) : strlen(b);
		if (!len || len >= sizeof(stems[0]))
			continue;
		memcpy(stems[nc - 1], b, len);
		stems[nc - 1][len] = '\0';
		cand[nc] = stems[nc - 1];
		from[nc++] = path;
	}
	for (size_t k = 0; k < nc; k++) {
		const struct model_info *mi = cand[k] && *cand[k] ? model_db_find(db, cand[k]) : NULL;
		if (!mi || mi->params <= 0 || params < 0.9 * mi->params || params > 1.1 * mi->params)
			continue;
		json_object_set_new(r, "model", json_string(cand[k]));
		json_object_set_new(src, "model", json_string(from[k] ? from[k] : "?"));
		return;
	}
}

/* Lower case, letters and digits only (as data/models compares names). */
static void name_norm(const char *s, size_t n, char *out, size_t cap)
{
	size_t k = 0;
	for (size_t i = 0; i < n && s[i] && k + 1 < cap; i++)
		if (isalnum((unsigned char)s[i]))
			out[k++] = (char)tolower((unsigned char)s[i]);
	out[k] = '\0';
}

/* Where the job names the config file at path: the source of the option whose value the path ends
 * with (--cmd for `-c configs/x.yaml`), else the file itself ("path:1"). */
static json_t *config_named_at(json_t *r, const char *path)
{
	const char *key;
	json_t *v;
	size_t pl = strlen(path);
	json_object_foreach(json_object_get(r, "hyperparameters"), key, v)
	{
		const char *s = json_string_value(v);
		size_t sl = s ? strlen(s) : 0;
		while (s && sl > 2 && !strncmp(s, "./", 2))
			s += 2, sl -= 2;
		if (!s || !sl || sl > pl || strcmp(path + pl - sl, s) || (sl < pl && path[pl - sl - 1] != '/'))
			continue;
		struct strbuf k = STRBUF_INIT;
		strbuf_addf(&k, "hyperparameters.%s", key);
		json_t *src = json_object_get(json_object_get(r, "sources"), k.buf);
		strbuf_release(&k);
		if (json_is_string(src))
			return json_incref(src);
	}
	struct strbuf at = STRBUF_INIT;
	strbuf_addf(&at, "%s:1", path);
	json_t *out = json_string(at.buf);
	strbuf_release(&at);
	return out;
}

/* A model the job names only by the config file it runs (SAM 2's
 * configs/sam2.1_training/sam2.1_hiera_b+_MOSE_finetune.yaml, a network built through a registry or
 * Hydra _target_ maple does not follow): the longest leading part of the file's stem, cut at '_' or
 * '-', that is exactly a known model's id or alias (letters and digits compared); nothing when the
 * merge gave its own reason for leaving the model unknown, or when no part is a known name. */
static void model_from_config_stem(const struct model_db *db, json_t *r)
{
	json_t *m = json_object_get(r, "model");
	if ((m && !json_is_null(m)) || json_object_get(json_object_get(r, "unknown"), "model"))
		return;
	size_t i;
	json_t *cf;
	json_array_foreach(json_object_get(r, "configs"), i, cf)
	{
		const char *path = json_string_value(cf);
		if (!path)
			continue;
		const char *b = strrchr(path, '/');
		b = b ? b + 1 : path;
		const char *dot = strrchr(b, '.');
		size_t len = dot ? (size_t)(dot - b) : strlen(b);
		if (!len || len >= 128)
			continue;
		for (size_t cut = len; cut >= 4; cut--) {
			if (cut < len && b[cut] != '_' && b[cut] != '-')
				continue;
			char cand[128], want[128], have[128];
			memcpy(cand, b, cut);
			cand[cut] = '\0';
			const struct model_info *mi = model_db_find(db, cand);
			if (!mi)
				continue;
			name_norm(cand, cut, want, sizeof(want));
			bool exact = false;
			for (size_t a = 0; a <= mi->naliases && !exact; a++) {
				const char *nm = a == 0 ? mi->id : mi->aliases[a - 1];
				name_norm(nm, strlen(nm), have, sizeof(have));
				exact = strlen(want) >= 4 && !strcmp(have, want);
			}
			if (!exact)
				continue;
			json_object_set_new(r, "model", json_string(cand));
			json_object_set_new(json_object_get(r, "sources"), "model", config_named_at(r, path));
			return;
		}
	}
}

/* A model the job names only through a value such as SpeechBrain's `whisper_hub: openai/whisper-small.en`
 * (a hub id "org/name" under a key that speaks of a model, hub, source, pretrained weights or a
 * checkpoint): named when data/models knows it and nothing else named the model. */
static void model_from_hub_value(const struct model_db *db, json_t *r)
{
	json_t *m = json_object_get(r, "model");
	if (m && !json_is_null(m))
		return;
	static const char *const hints[] = {"model", "hub", "source", "pretrain", "checkpoint", "base", NULL};
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(r, "hyperparameters"), key, v)
	{
		const char *val = json_string_value(v), *last = strrchr(key, '.');
		last = last ? last + 1 : key;
		if (!val || !val[0] || val[0] == '.' || val[0] == '/' || strchr(val, ' ') || strcasestr(last, "data") ||
		    strcasestr(last, "token"))
			continue;
		const char *slash = strchr(val, '/');
		if (!slash || slash == val || !slash[1] || strchr(slash + 1, '/') || strchr(val, '<') || strchr(val, '$'))
			continue;
		bool hinted = false;
		for (int i = 0; hints[i] && !hinted; i++)
			hinted = strcasestr(last, hints[i]) != NULL;
		if (!hinted || !model_db_find(db, val))
			continue;
		json_object_set_new(r, "model", json_string(val));
		struct strbuf k = STRBUF_INIT;
		strbuf_addf(&k, "hyperparameters.%s", key);
		json_t *src = json_object_get(json_object_get(r, "sources"), k.buf);
		json_object_set_new(json_object_get(r, "sources"), "model", src ? json_incref(src) : json_string("?"));
		strbuf_release(&k);
		return;
	}
}

/* A shape without a vocabulary whose tokenizer is a known model (Megatron's --tokenizer-model
 * meta-llama/Llama-3.2-1B, a tokenizer_name_or_path): that model's vocabulary, not GPT-2's. */
static void vocab_from_tokenizer(const struct model_db *db, json_t *r)
{
	json_t *mc = json_object_get(r, "model_config");
	if (!json_is_object(mc) || json_object_get(mc, "vocab_size") || !json_object_get(mc, "hidden_size") ||
	    !json_object_get(mc, "num_layers"))
		return;
	const char *key;
	json_t *v;
	json_object_foreach(json_object_get(r, "hyperparameters"), key, v)
	{
		const char *last = strrchr(key, '.');
		last = last ? last + 1 : key;
		const char *val = json_string_value(v);
		if (val && strstr(last, "tokenizer") && !strchr(val, '/') && !strchr(val, '.')) {
			/* a tokenizer class (Megatron-Patch's --patch-tokenizer-type Qwen2Tokenizer): its family's
			 * config class default */
			struct strvec dirs = STRVEC_INIT;
			struct maple_error err;
			repo_default_dirs(&dirs, NULL);
			long long voc = 0;
			char *why = NULL;
			int rc = inspect_tokenizer_vocab(val, &dirs, &voc, &why, &err);
			strvec_clear(&dirs);
			if (rc == 0 && voc > 0) {
				json_object_set_new(mc, "vocab_size", json_integer(voc));
				struct strbuf k = STRBUF_INIT, s = STRBUF_INIT;
				strbuf_addf(&k, "hyperparameters.%s", key);
				const char *at = json_string_value(json_object_get(json_object_get(r, "sources"), k.buf));
				json_object_set_new(json_object_get(r, "sources"), "model_config.vocab_size", json_string(at ? at : "?"));
				strbuf_addf(&s, "the vocabulary (%lld) is that of the tokenizer %s (%s)", voc, val, why);
				if (json_is_array(json_object_get(r, "notes")))
					json_array_append_new(json_object_get(r, "notes"), json_string(s.buf));
				strbuf_release(&k);
				strbuf_release(&s);
				free(why);
				return;
			}
			free(why);
			continue;
		}
		if (!val || !strstr(last, "tokenizer") || !strchr(val, '/'))
			continue;
		const struct model_info *mi = model_db_find(db, val);
		if (!mi || mi->vocab <= 0)
			continue;
		json_object_set_new(mc, "vocab_size", json_integer(mi->vocab));
		struct strbuf k = STRBUF_INIT, s = STRBUF_INIT;
		strbuf_addf(&k, "hyperparameters.%s", key);
		const char *at = json_string_value(json_object_get(json_object_get(r, "sources"), k.buf));
		json_object_set_new(json_object_get(r, "sources"), "model_config.vocab_size", json_string(at ? at : "?"));
		strbuf_addf(&s, "the vocabulary (%d) is that of the tokenizer %s (%s)", mi->vocab, mi->id, mi->source);
		if (json_is_array(json_object_get(r, "notes")))
			json_array_append_new(json_object_get(r, "notes"), json_string(s.buf));
		strbuf_release(&k);
		strbuf_release(&s);
		return;
	}
}

/* The model's size: a known model (data/models) or the shape the job gives, with where it came from. */
static void add_params(json_t *r)
{
	struct strvec dirs = STRVEC_INIT;
	struct maple_error err;
	repo_default_dirs(&dirs, NULL);
	if (inspect_class_defaults(r, &dirs, &err) < 0)
		fprintf(stderr, "maple inspect: warning: config-class defaults not used: %s\n", err.text);
	struct model_db *db = model_db_open(&dirs, &err);
	strvec_clear(&dirs);
	json_t *params = json_null(), *from = NULL;
	if (db) {
		model_from_hub_value(db, r);
		vocab_from_tokenizer(db, r);
		/* twice at most: a model named by its config file's stem is tried only when neither a
		 * name nor a run name with an agreeing shape named one */
		for (int pass = 0; pass < 2; pass++) {
			struct job_input in = {0};
			in.inspection = r;
			struct advice_input ai;
			struct strbuf pf = STRBUF_INIT;
			if (job_advice_input(db, &in, &ai, &pf, &err) == 0 && ai.mem.params > 0) {
				json_decref(params);
				params = json_integer((json_int_t)ai.mem.params);
				json_decref(from);
				from = json_string(pf.buf);
				model_from_run_name(db, r, ai.mem.params);
			}
			strbuf_release(&pf);
			json_t *m = json_object_get(r, "model");
			if (pass || (m && !json_is_null(m)))
				break;
			model_from_config_stem(db, r);
			m = json_object_get(r, "model");
			if (!m || json_is_null(m))
				break;
		}
		model_db_destroy(db);
	}
	json_object_set_new(r, "params", params);
	if (from)
		json_object_set_new(json_object_get(r, "sources"), "params", from);
}

int cmd_inspect(int argc, char **argv)
{
	bool json = false, no_cache = false, hist = false;
	const char *cmdline = NULL;
	const struct opt opts[] = {
		{0, "json", OPT_FLAG, NULL, "print one JSON object (entry, framework, strategy, model, hyperparameters, "
					    "datasets, sources, skipped ...)",
		 &json},
		{0, "cmd", OPT_STRING, "CMD", "the launch command, e.g. \"torchrun --nproc_per_node 4 train.py --lr 3e-4\"",
		 &cmdline},
		{0, "no-cache", OPT_FLAG, NULL, "read every file; neither use nor update the cache", &no_cache},
		{0, "history", OPT_FLAG, NULL, "list the earlier inspections of DIR and what changed between them", &hist},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec rest = STRVEC_INIT;
	int pr = opts_parse_files(argc, argv, opts, usage, about, &rest);
	if (pr) {
		strvec_clear(&rest);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	if (rest.nr != 1) {
		fprintf(stderr, "maple inspect: %s (usage: %s)\n",
			rest.nr ? "give one directory" : "which directory? give the job's working directory", usage);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	int rc;
	if (hist) {
		rc = history(rest.v[0], json);
		strvec_clear(&rest);
		return rc;
	}
	struct inspect_opts io = {cmdline, no_cache, NULL};
	struct inspect_stats st;
	struct strvec warnings = STRVEC_INIT;
	struct maple_error err;
	json_t *r = inspect_run(rest.v[0], &io, &st, &warnings, &err);
	for (size_t i = 0; i < warnings.nr; i++)
		fprintf(stderr, "maple inspect: warning: %s\n", warnings.v[i]);
	strvec_clear(&warnings);
	if (!r) {
		fprintf(stderr, "maple inspect: %s\n", err.text);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	add_params(r);
	add_unknown(r);
	if (json) {
		json_t *c = json_object();
		json_object_set_new(c, "used", json_boolean(st.cache_used));
		json_object_set_new(c, "path", st.cache_used ? json_string(st.cache_path) : json_null());
		json_object_set_new(c, "unchanged", json_boolean(st.unchanged));
		json_object_set_new(c, "files_read", json_integer((json_int_t)st.read));
		json_object_set_new(c, "files_scanned", json_integer((json_int_t)st.scanned));
		json_object_set_new(c, "files_removed", json_integer((json_int_t)st.removed));
		json_object_set_new(r, "cache", c);
		json_print_short(r, false);
	} else {
		print_result(r, &st);
	}
	json_decref(r);
	strvec_clear(&rest);
	return EXIT_OK;
}
