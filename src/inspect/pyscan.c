/* pyscan.c - the token patterns of pyscan.h over pytok.h's tokens: imports and aliases, the calls
 * worth keeping with their arguments, @dataclass fields, config-building functions and console-script
 * entry points; module-level assignments (dicts, lazy configs, yacs, ml_collections) are in
 * pyscan_assign.c. */
#include "pyscan_int.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#define MAX_CALLS 4000

static bool ends_with(const char *s, size_t n, const char *suffix)
{
	size_t m = strlen(suffix);
	return n >= m && !memcmp(s + n - m, suffix, m);
}

static bool starts_with(const char *s, size_t n, const char *prefix)
{
	size_t m = strlen(prefix);
	return n >= m && !memcmp(s, prefix, m);
}

/* Whether a call to a function of this (last) name is worth keeping. */
static bool interesting(const char *s, size_t n)
{
	static const char *const names[] = {
		"add_argument", "option", "argument", "set_defaults", "from_pretrained", "create_model", "load_dataset",
		"load_from_disk", "ImageFolder", "DatasetFolder", "CIFAR10", "CIFAR100", "MNIST", "FashionMNIST",
		"ImageNet", "CocoDetection", "DistributedDataParallel", "DDP", "FullyShardedDataParallel", "FSDP",
		"fully_shard", "initialize", "init_distributed", "init_process_group", "Accelerator", "Trainer", "TrainingArguments",
		"Seq2SeqTrainingArguments", "SFTConfig", "ModelCheckpoint", "save", "save_checkpoint", "save_pretrained",
		"save_model", "save_state", "DDPStrategy", "FSDPStrategy", "DeepSpeedStrategy",
		"FullyShardedDataParallelPlugin", "DeepSpeedPlugin", "ZeroRedundancyOptimizer", "GPT", "Transformer",
		"main", "LightningCLI", "CLI", "HfArgumentParser", "instantiate", "YOLO", "RTDETR", "train", "autocast",
		"Fabric", "bfloat16", "half", "from_name", "setattr", "hydra_runner", "hydra_main", "Fire", "SentenceTransformer", "set_global_policy", "spawn",
		"DistributedOptimizer", "prepare_model", "StreamingDataset", "MixedPrecisionPolicy", "MixedPrecision", "GradScaler", "to", "from_data_mix", "load_config",
		"DataLoader", "Adam", "AdamW", "SGD", "Planetoid", "TUDataset",
		"Config", /* a run's settings class of that very name (gsplat's tyro presets: Config(init_opa=0.5)) */
		"store", /* Hydra's ConfigStore: cs.store(group=..., name=..., node=Dataclass) */
		"HParams", /* tf.contrib.training.HParams(epochs=500, ...), tensor2tensor's, a project's own copy */
		"launch",	   /* detectron2.engine.launch(main, num_gpus, ...) */
		"load_dotenv", /* python-dotenv: a .env file read into the environment */
		NULL};
	for (int i = 0; names[i]; i++)
		if (strlen(names[i]) == n && !memcmp(s, names[i], n))
			return true;
	static const char *const suffixes[] = {"Config", "TrainingArguments", "ForCausalLM", "LMHeadModel", "ForSequenceClassification",
					       "ForImageClassification", "ForMaskedLM", "ForConditionalGeneration",
					       "ForQuestionAnswering", "ForTokenClassification", "ForPreTraining", "PropPredDataset", NULL};
	for (int i = 0; suffixes[i]; i++)
		if (ends_with(s, n, suffixes[i]) && n > strlen(suffixes[i]))
			return true;
	if (memmem(s, n, "_ddp", 4) || memmem(s, n, "ddp_", 4))
		return true; /* create_ddp_model(model) (detectron2) */
	if (memmem(s, n, "shard_model", 11) || memmem(s, n, "fsdp", 4) || memmem(s, n, "FSDP", 4))
		return true; /* training.shard_model(...), prepare_fsdp(...) */
	if (memmem(s, n, "argparser", 9))
		return true; /* add_dict_to_argparser(parser, defaults): options from a dict */
	if (n > 7 && !memcmp(s, "DEFINE_", 7))
		return true; /* absl's flags.DEFINE_integer("name", default, "help") */
	if (ends_with(s, n, "_config") && n > 7)
		return true; /* default_ppo_config(): a config-building function (its settings: "builders") */
	if (memmem(s, n, "ds_config", 9) || memmem(s, n, "deepspeed_config", 16))
		return true; /* get_train_ds_config(stage=args.zero_stage) */
	static const char *const ctors[] = {"resnet",  "resnext",  "wide_resnet", "vit_",	   "swin_",
					    "convnext", "efficientnet", "mobilenet", "densenet", "vgg",
					    "regnet",	"alexnet", NULL};
	for (int i = 0; ctors[i]; i++)
		if (starts_with(s, n, ctors[i]))
			return true;
	return false;
}


static json_t *pair(const char *s, size_t n, int line)
{
	json_t *a = json_array();
	json_array_append_new(a, jstrn(s, n));
	json_array_append_new(a, json_integer(line));
	return a;
}

/* A dotted name starting at token i ("a.b.c", with leading dots for relative imports); returns the
 * index after it. */
size_t pyscan_dotted(const struct toks *ts, size_t i, struct strbuf *out)
{
	while (i < ts->n && op(&ts->v[i], ".")) {
		strbuf_addch(out, '.');
		i++;
	}
	/* "from . import x": after the dots, "import" is the keyword (no module has that name) */
	while (i < ts->n && ts->v[i].t == T_NAME && !kw(&ts->v[i], "import")) {
		strbuf_add(out, ts->v[i].s, ts->v[i].len);
		if (i + 2 < ts->n && op(&ts->v[i + 1], ".") && ts->v[i + 2].t == T_NAME) {
			strbuf_addch(out, '.');
			i += 2;
			continue;
		}
		i++;
		break;
	}
	return i;
}

static void set_alias(struct scan *sc, const char *local, size_t ln, const char *full)
{
	char *k = xstrndup(local, ln);
	json_t *v = json_string(full);
	if (v)
		json_object_set_new(sc->aliases, k, v);
	free(k);
}

static size_t scan_import(struct scan *sc, size_t i)
{
	const struct toks *ts = sc->ts;
	int line = ts->v[i].line;
	i++;
	while (i < ts->n && ts->v[i].t != T_NEWLINE) {
		struct strbuf m = STRBUF_INIT;
		size_t j = pyscan_dotted(ts, i, &m);
		if (j == i) {
			strbuf_release(&m);
			i++;
			continue;
		}
		i = j;
		json_array_append_new(sc->imports, pair(m.buf, m.len, line));
		if (i + 1 < ts->n && kw(&ts->v[i], "as") && ts->v[i + 1].t == T_NAME) {
			set_alias(sc, ts->v[i + 1].s, ts->v[i + 1].len, m.buf);
			i += 2;
		} else { /* import a.b binds a */
			const char *dot = strchr(m.buf, '.');
			size_t fl = dot ? (size_t)(dot - m.buf) : m.len;
			char *first = xstrndup(m.buf, fl);
			set_alias(sc, first, fl, first);
			free(first);
		}
		strbuf_release(&m);
		if (i < ts->n && op(&ts->v[i], ","))
			i++;
	}
	return i;
}

static size_t scan_from(struct scan *sc, size_t i)
{
	const struct toks *ts = sc->ts;
	int line = ts->v[i].line;
	struct strbuf m = STRBUF_INIT;
	i = pyscan_dotted(ts, i + 1, &m);
	if (!m.len || i >= ts->n || !kw(&ts->v[i], "import")) {
		strbuf_release(&m);
		return i;
	}
	json_array_append_new(sc->imports, pair(m.buf, m.len, line));
	i++;
	while (i < ts->n && ts->v[i].t != T_NEWLINE) {
		const struct tok *t = &ts->v[i];
		if (t->t == T_NAME) {
			struct strbuf full = STRBUF_INIT;
			strbuf_addf(&full, "%s%s%.*s", m.buf, m.buf[m.len - 1] == '.' ? "" : ".", (int)t->len, t->s);
			json_array_append_new(sc->imports, pair(full.buf, full.len, line));
			if (i + 2 < ts->n && kw(&ts->v[i + 1], "as") && ts->v[i + 2].t == T_NAME) {
				set_alias(sc, ts->v[i + 2].s, ts->v[i + 2].len, full.buf);
				i += 2;
			} else {
				set_alias(sc, t->s, t->len, full.buf);
			}
			strbuf_release(&full);
		}
		i++;
	}
	strbuf_release(&m);
	return i;
}

/* The qualified name of a dotted call name through the file's aliases. */
static void qualify(struct scan *sc, const char *name, struct strbuf *out)
{
	const char *dot = strchr(name, '.');
	size_t fl = dot ? (size_t)(dot - name) : strlen(name);
	char *first = xstrndup(name, fl);
	json_t *a = json_object_get(sc->aliases, first);
	free(first);
	if (a && json_is_string(a))
		strbuf_addf(out, "%s%s", json_string_value(a), dot ? dot : "");
	else
		strbuf_adds(out, name);
}

/* The top-level arguments of the call or signature whose ')' is at end, one per call: the next
 * argument's tokens [*a, *b) (empty ones skipped), from *pos (the token after the '(' at first);
 * false after the last. */
bool pyscan_next_arg(const struct toks *ts, size_t end, size_t *pos, size_t *a, size_t *b)
{
	int depth = 0;
	size_t start = *pos;
	for (size_t j = *pos; j <= end && j < ts->n; j++) {
		const struct tok *t = &ts->v[j];
		if (t->t == T_OP && (op(t, "(") || op(t, "[") || op(t, "{")))
			depth++;
		else if (t->t == T_OP && (op(t, ")") || op(t, "]") || op(t, "}")) && j != end)
			depth--;
		if (j == end || (depth == 0 && op(t, ","))) {
			*pos = j + 1;
			if (j > start) {
				*a = start, *b = j;
				return true;
			}
			start = j + 1;
		}
	}
	*pos = end + 1;
	return false;
}

/* The token before k that is no line break ((size_t)-1 at the start). */
static size_t prev_tok(const struct toks *ts, size_t k)
{
	while (k >= 1 && ts->v[k - 1].t == T_NEWLINE)
		k--;
	return k >= 1 ? k - 1 : (size_t)-1;
}

/* The string key of `"key": ("description", CALL(...))` whose CALL starts at token k (lines may break
 * between them); (size_t)-1 when the call is not such a tuple's second item. */
static size_t preset_key(const struct toks *ts, size_t k)
{
	size_t t[5], at = k;
	for (int n = 0; n < 5; n++) {
		at = prev_tok(ts, at);
		if (at == (size_t)-1)
			return (size_t)-1;
		t[n] = at;
	}
	if (op(&ts->v[t[0]], ",") && ts->v[t[1]].t == T_STRING && op(&ts->v[t[2]], "(") && op(&ts->v[t[3]], ":") &&
	    ts->v[t[4]].t == T_STRING)
		return t[4];
	return (size_t)-1;
}

static void scan_call(struct scan *sc, size_t i)
{
	const struct toks *ts = sc->ts;
	size_t k = i - 1; /* the last name */
	const struct tok *last = &ts->v[k];
	const char *lname = last->s;
	size_t llen = last->len;
	if (sc->ncalls >= MAX_CALLS)
		return;
	/* vars(args).update(cfg) / args.__dict__.update(cfg): settings written over parsed arguments */
	bool ns_update = llen == 6 && !memcmp(lname, "update", 6) && k >= 2 && op(&ts->v[k - 1], ".") &&
			 (kw(&ts->v[k - 2], "__dict__") ||
			  (op(&ts->v[k - 2], ")") && k >= 5 && kw(&ts->v[k - 5], "vars") && op(&ts->v[k - 4], "(")));
	/* subprocess.run(["accelerate", "launch", script] + argv): a dispatcher that starts a launcher */
	bool sub = k >= 2 && op(&ts->v[k - 1], ".") && kw(&ts->v[k - 2], "subprocess") &&
		   ((llen == 3 && !memcmp(lname, "run", 3)) || (llen == 5 && !memcmp(lname, "Popen", 5)) ||
		    (llen == 4 && !memcmp(lname, "call", 4)) || (llen == 10 && !memcmp(lname, "check_call", 10)));
	/* x.to(device) is on nearly every line of a training loop: only a cast to a torch dtype
	 * (model.to(torch.bfloat16), .to(dtype=torch.float16)) is kept, so that they never fill the calls */
	if (llen == 2 && !memcmp(lname, "to", 2) &&
	    !(i + 1 < ts->n && (kw(&ts->v[i + 1], "torch") || kw(&ts->v[i + 1], "dtype"))))
		return;
	if (!ns_update && !sub && !interesting(lname, llen)) {
		/* an alias of an interesting name (DistributedDataParallel as NativeDDP) */
		if (k >= 1 && op(&ts->v[k - 1], "."))
			return;
		char *key = xstrndup(last->s, last->len);
		const char *q = json_string_value(json_object_get(sc->aliases, key));
		free(key);
		const char *ld = q ? strrchr(q, '.') : NULL;
		ld = ld ? ld + 1 : q;
		if (!ld || !interesting(ld, strlen(ld)))
			return;
		lname = ld;
		llen = strlen(ld);
	}
	while (k >= 2 && op(&ts->v[k - 1], ".") && ts->v[k - 2].t == T_NAME)
		k -= 2;
	bool vars_update = ns_update && k >= 1 && op(&ts->v[k - 1], ".");
	if (k >= 1 && (kw(&ts->v[k - 1], "def") || kw(&ts->v[k - 1], "class")))
		return;
	struct strbuf name = STRBUF_INIT, full = STRBUF_INIT;
	if (vars_update)
		strbuf_adds(&name, "vars().");
	for (size_t j = k; j < i; j++)
		strbuf_add(&name, ts->v[j].s, ts->v[j].len);
	qualify(sc, name.buf, &full);
	json_t *c = json_object();
	json_object_set_new(c, "name", jstrn(lname, llen));
	json_object_set_new(c, "full", jstr(full.buf));
	json_object_set_new(c, "line", json_integer(last->line));
	json_t *args = json_array(), *kws = json_object(), *kw_lines = NULL;
	size_t end = py_close_of(ts, i) - 1; /* the closing ')' */
	size_t pos = i + 1, a, b;
	while (pyscan_next_arg(ts, end, &pos, &a, &b)) {
		const struct tok *ta = &ts->v[a], *tb = &ts->v[b];
		if (ta->t == T_NAME && tb - ta >= 2 && op(ta + 1, "=")) {
			char *key = xstrndup(ta->s, ta->len);
			json_object_set_new(kws, key, py_value_of(ta + 2, tb));
			if (!kw_lines)
				kw_lines = json_object();
			json_object_set_new(kw_lines, key, json_integer(ta->line));
			free(key);
		} else if (!op(ta, "*") && !op(ta, "**")) {
			json_array_append_new(args, py_value_of(ta, tb));
		} else {
			json_object_set_new(c, "splat", json_true()); /* f(*a) or f(**kw): more arguments than written */
		}
	}
	if (sub && i + 2 < end && op(&ts->v[i + 1], "[") && ts->v[i + 2].t == T_STRING) {
		json_t *a0 = py_value_of(&ts->v[i + 2], &ts->v[i + 3]);
		if (json_is_string(a0))
			json_object_set(c, "argv0", a0);
		json_decref(a0);
	}
	/* a value of a dict literal keyed by a string ({"7b": LlamaConfig(...), "13b": ...}): one
	 * choice among several, taken only where the job selects that key */
	while (k >= 1 && ts->v[k - 1].t == T_NEWLINE)
		k--;
	if (k >= 2 && op(&ts->v[k - 1], ":") && ts->v[k - 2].t == T_STRING) {
		json_t *dk = py_value_of(&ts->v[k - 2], &ts->v[k - 1]);
		if (json_is_string(dk))
			json_object_set(c, "dict_key", dk);
		json_decref(dk);
	} else if (preset_key(ts, k) != (size_t)-1) {
		/* {"mcmc": ("a description", Config(init_opa=0.5, ...))}: tyro's presets for
		 * tyro.extras.overridable_config_cli / subcommand_cli_from_dict (gsplat's simple_trainer.py) */
		size_t q = preset_key(ts, k);
		json_t *dk = py_value_of(&ts->v[q], &ts->v[q + 1]);
		if (json_is_string(dk))
			json_object_set(c, "dict_key", dk);
		json_decref(dk);
	} else if (k >= 5 && op(&ts->v[k - 1], "=") && op(&ts->v[k - 2], "]") && ts->v[k - 3].t == T_STRING &&
		   op(&ts->v[k - 4], "[") && ts->v[k - 5].t == T_NAME) {
		/* an entry registered into a dict one by one (nerfstudio's method_configs["nerfacto"] =
		 * TrainerConfig(...)): the same kind of choice */
		json_t *dk = py_value_of(&ts->v[k - 3], &ts->v[k - 2]);
		if (json_is_string(dk))
			json_object_set(c, "dict_key", dk);
		json_decref(dk);
	}
	if (kw_lines)
		json_object_set_new(c, "kw_lines", kw_lines);
	if (sc->when_dest[0]) /* built in one branch of an if/elif chain on an option */
		json_object_set_new(c, "when", sc->when_val[0] ? json_pack("{s:s,s:s}", "dest", sc->when_dest, "value", sc->when_val)
							     : json_pack("{s:s,s:O}", "dest", sc->when_dest, "not", sc->when_not));
	json_object_set_new(c, "args", args);
	json_object_set_new(c, "kw", kws);
	json_array_append_new(sc->calls, c);
	sc->ncalls++;
	strbuf_release(&name);
	strbuf_release(&full);
}

/* NAME ':' type '=' value, or NAME '=' value: a field line of a @dataclass body. */
static void scan_field(struct scan *sc, size_t i, const char *cls)
{
	const struct toks *ts = sc->ts;
	const struct tok *n = &ts->v[i];
	if (n->t != T_NAME || i + 1 >= ts->n || !(op(&ts->v[i + 1], ":") || op(&ts->v[i + 1], "=")))
		return;
	size_t e = i + 1, eq = 0;
	int depth = 0;
	for (; e < ts->n && ts->v[e].t != T_NEWLINE; e++) {
		const struct tok *t = &ts->v[e];
		if (op(t, "(") || op(t, "[") || op(t, "{"))
			depth++;
		else if (op(t, ")") || op(t, "]") || op(t, "}"))
			depth--;
		else if (depth == 0 && op(t, "=") && !eq)
			eq = e;
	}
	if (!eq)
		return;
	json_t *v = NULL;
	/* a list-typed field (dataset: List[str]): HfArgumentParser reads it with nargs="+" */
	bool list = false;
	for (size_t j = i + 1; j < eq && !list; j++)
		list = kw(&ts->v[j], "List") || kw(&ts->v[j], "list") || kw(&ts->v[j], "Sequence");
	const struct tok *va = &ts->v[eq + 1], *vb = &ts->v[e];
	bool positional = false;
	if (vb - va >= 3 && (kw(va, "field") || (va->t == T_NAME && ends_with(va->s, va->len, "field"))) &&
	    op(va + 1, "(")) {
		size_t close = py_close_of(ts, (size_t)(va + 1 - ts->v)) - 1;
		/* simple_parsing's field(default=..., positional=True): a positional word of the command */
		for (size_t j = (size_t)(va + 2 - ts->v); j + 2 < close && !positional; j++)
			positional = kw(&ts->v[j], "positional") && op(&ts->v[j + 1], "=") && kw(&ts->v[j + 2], "True");
		for (size_t j = (size_t)(va + 2 - ts->v); j + 1 < close; j++)
			if (kw(&ts->v[j], "default") && op(&ts->v[j + 1], "=")) {
				size_t s = j + 2, t = s;
				int d = 0;
				while (t < close && !(d == 0 && op(&ts->v[t], ","))) {
					if (op(&ts->v[t], "(") || op(&ts->v[t], "[") || op(&ts->v[t], "{"))
						d++;
					else if (op(&ts->v[t], ")") || op(&ts->v[t], "]") || op(&ts->v[t], "}"))
						d--;
					t++;
				}
				v = py_value_of(&ts->v[s], &ts->v[t]);
				break;
			}
		if (!v && list)
			v = json_array(); /* default_factory=list */
		if (!v && positional)
			v = json_null(); /* a required positional: the command gives it */
		if (!v) {
			/* parallelism: Parallelism = field(default_factory=Parallelism): a section whose
			 * own dataclass's fields are its keys (torchtitan's JobConfig) */
			for (size_t j = (size_t)(va + 2 - ts->v); j + 3 <= close && !v; j++)
				if (kw(&ts->v[j], "default_factory") && op(&ts->v[j + 1], "=") && ts->v[j + 2].t == T_NAME &&
				    (op(&ts->v[j + 3], ",") || j + 3 == close)) {
					json_t *f = json_object();
					json_object_set_new(f, "cls", jstr(cls));
					json_object_set_new(f, "name", jstrn(n->s, n->len));
					json_object_set_new(f, "factory", jstrn(ts->v[j + 2].s, ts->v[j + 2].len));
					json_object_set_new(f, "line", json_integer(n->line));
					json_array_append_new(sc->fields, f);
					return;
				}
			return;
		}
	} else {
		v = py_value_of(va, vb);
	}
	json_t *f = json_object();
	json_object_set_new(f, "cls", jstr(cls));
	json_object_set_new(f, "name", jstrn(n->s, n->len));
	json_object_set_new(f, "default", v);
	json_object_set_new(f, "line", json_integer(n->line));
	if (list)
		json_object_set_new(f, "list", json_true());
	if (positional)
		json_object_set_new(f, "positional", json_true());
	json_array_append_new(sc->fields, f);
}

/* Whether an import of the file so far is module m or below it. */
static bool imports_module(const struct scan *sc, const char *m)
{
	size_t k, ml = strlen(m);
	json_t *imp;
	json_array_foreach(sc->imports, k, imp)
	{
		const char *s = json_string_value(json_array_get(imp, 0));
		if (s && !strncmp(s, m, ml) && (s[ml] == '\0' || s[ml] == '.'))
			return true;
	}
	return false;
}

/* Whether the line just above the `def` at token i is a decorator `@X.NAME(...)` or `@NAME`. */
static bool decorated_with(const struct toks *ts, size_t i, const char *name)
{
	if (i < 3 || ts->v[i - 1].t != T_NEWLINE)
		return false;
	size_t k = i - 2;
	while (k > 0 && ts->v[k].indent < 0 && ts->v[k - 1].t != T_NEWLINE)
		k--;
	if (!op(&ts->v[k], "@"))
		return false;
	for (size_t q = k + 1; q < i - 1; q++)
		if (kw(&ts->v[q], name) && (q == k + 1 || op(&ts->v[q - 1], ".")))
			return true;
	return false;
}

/* The keyword defaults of a module-level `def NAME(a: int = 1, b="x", ...)` whose '(' is at index
 * i: [{name, value, line}] (literal defaults only); NULL when none. fire.Fire(NAME) and
 * jsonargparse's CLI(NAME) turn them into the program's options. */
json_t *pyscan_signature_defaults(const struct toks *ts, size_t i)
{
	size_t end = py_close_of(ts, i) - 1;
	json_t *out = json_array();
	size_t pos = i + 1, a, j;
	while (pyscan_next_arg(ts, end, &pos, &a, &j)) {
		if (ts->v[a].t == T_NAME) {
			size_t eq = 0;
			int d = 0;
			for (size_t q = a + 1; q < j && !eq; q++) {
				if (op(&ts->v[q], "(") || op(&ts->v[q], "[") || op(&ts->v[q], "{"))
					d++;
				else if (op(&ts->v[q], ")") || op(&ts->v[q], "]") || op(&ts->v[q], "}"))
					d--;
				else if (d == 0 && op(&ts->v[q], "="))
					eq = q;
			}
			if (eq && eq + 1 < j) {
				json_t *v = py_value_of(&ts->v[eq + 1], &ts->v[j]);
				if (json_is_string(v) || json_is_number(v) || json_is_boolean(v)) {
					json_t *e = json_object();
					json_object_set_new(e, "name", jstrn(ts->v[a].s, ts->v[a].len));
					json_object_set_new(e, "value", v);
					json_object_set_new(e, "line", json_integer(ts->v[a].line));
					json_array_append_new(out, e);
				} else {
					json_decref(v);
				}
			}
		}
	}
	if (!json_array_size(out)) {
		json_decref(out);
		return NULL;
	}
	return out;
}


/* `if ARGS.dest == "v":` / `elif ARGS.dest == "v":` / `else:` at the logical line starting at token i
 * (LoRA's `if args.model_card == 'gpt2.md': config = GPT2Config(...)`): the branch the calls below
 * belong to; a line back at the chain's indent (or less) that continues no chain ends it. */
static void branch_line(struct scan *sc, size_t i)
{
	const struct toks *ts = sc->ts;
	const struct tok *t = &ts->v[i];
	bool kif = kw(t, "if"), kelif = kw(t, "elif"), kelse = kw(t, "else");
	if (sc->when_dest[0] && t->indent > sc->when_indent)
		return; /* inside the branch */
	bool chain = sc->when_dest[0] && t->indent == sc->when_indent && (kelif || kelse);
	if (sc->when_dest[0] && !chain) {
		sc->when_dest[0] = sc->when_val[0] = '\0';
		json_decref(sc->when_not);
		sc->when_not = NULL;
	}
	if (kelse && chain && i + 1 < ts->n && op(&ts->v[i + 1], ":")) {
		if (sc->when_partial) { /* taken or not depends on the condition not read */
			sc->when_dest[0] = sc->when_val[0] = '\0';
			json_decref(sc->when_not);
			sc->when_not = NULL;
			return;
		}
		if (sc->when_val[0])
			json_array_append_new(sc->when_not, json_string(sc->when_val));
		sc->when_val[0] = '\0';
		return;
	}
	/* `if ARGS.flag:` - a branch taken when the option is true; its `else:` when it is false (the
	 * value "<true>" stands for the truth of the option; merge_calls.c's branch_taken) */
	if (kif && i + 4 < ts->n && ts->v[i + 1].t == T_NAME && op(&ts->v[i + 2], ".") && ts->v[i + 3].t == T_NAME &&
	    op(&ts->v[i + 4], ":") && ts->v[i + 3].len < sizeof(sc->when_dest)) {
		json_decref(sc->when_not);
		sc->when_not = json_array();
		sc->when_indent = t->indent;
		snprintf(sc->when_dest, sizeof(sc->when_dest), "%.*s", (int)ts->v[i + 3].len, ts->v[i + 3].s);
		snprintf(sc->when_val, sizeof(sc->when_val), "<true>");
		sc->when_partial = false;
		return;
	}
	/* `if self.cfg.fsdp.use:` (a composed config's switch, audiocraft's solvers): the dotted path after
	 * the first name; merge_code.c's branch_taken looks it up as a key ("cfg.fsdp.use", then "fsdp.use") */
	if (kif && i + 6 < ts->n && ts->v[i + 1].t == T_NAME && op(&ts->v[i + 2], ".")) {
		size_t j = i + 3, parts = 0;
		char dest[64];
		size_t dl = 0;
		bool ok = true;
		while (ok && j + 1 < ts->n && ts->v[j].t == T_NAME && parts < 5) {
			ok = dl + ts->v[j].len + 2 < sizeof(dest);
			if (ok)
				dl += (size_t)snprintf(dest + dl, sizeof(dest) - dl, "%s%.*s", parts ? "." : "", (int)ts->v[j].len, ts->v[j].s);
			parts++;
			if (op(&ts->v[j + 1], ":"))
				break;
			ok = ok && op(&ts->v[j + 1], ".");
			j += 2;
		}
		if (ok && parts >= 2 && j + 1 < ts->n && op(&ts->v[j + 1], ":")) {
			json_decref(sc->when_not);
			sc->when_not = json_array();
			sc->when_indent = t->indent;
			snprintf(sc->when_dest, sizeof(sc->when_dest), "%s", dest);
			snprintf(sc->when_val, sizeof(sc->when_val), "<true>");
			sc->when_partial = false;
			return;
		}
	}
	/* an `elif ARGS.dest == 'v':` after a condition not read (`if ARGS.dest in [...]:`) is not taken when
	 * the option's value is another: read as the start of a chain whose else is left alone */
	bool fresh_elif = kelif && !chain && (!sc->when_dest[0] || t->indent != sc->when_indent);
	if (!(kif || (kelif && chain) || fresh_elif) || i + 6 >= ts->n || ts->v[i + 1].t != T_NAME || !op(&ts->v[i + 2], ".") ||
	    ts->v[i + 3].t != T_NAME || !op(&ts->v[i + 4], "==") || ts->v[i + 5].t != T_STRING || !op(&ts->v[i + 6], ":") ||
	    ts->v[i + 3].len >= sizeof(sc->when_dest)) {
		if (kelif && chain) { /* an elif on something else: the chain is no longer one option's */
			sc->when_dest[0] = sc->when_val[0] = '\0';
			json_decref(sc->when_not);
			sc->when_not = NULL;
		}
		return;
	}
	json_t *v = py_value_of(&ts->v[i + 5], &ts->v[i + 6]);
	const char *vs = json_string_value(v);
	if (vs && strlen(vs) < sizeof(sc->when_val)) {
		char dest[64];
		snprintf(dest, sizeof(dest), "%.*s", (int)ts->v[i + 3].len, ts->v[i + 3].s);
		if (kelif && !fresh_elif && strcmp(dest, sc->when_dest)) {
			sc->when_dest[0] = '\0'; /* another option: not one chain */
		} else {
			if (kif || fresh_elif) {
				json_decref(sc->when_not);
				sc->when_not = json_array();
				sc->when_indent = t->indent;
				sc->when_partial = fresh_elif;
			} else if (sc->when_val[0]) {
				json_array_append_new(sc->when_not, json_string(sc->when_val));
			}
			snprintf(sc->when_dest, sizeof(sc->when_dest), "%s", dest);
			snprintf(sc->when_val, sizeof(sc->when_val), "%s", vs);
		}
	}
	json_decref(v);
}

json_t *pyscan(const char *src, size_t len)
{
	struct toks ts = {0};
	py_tokenize(src, len, &ts);
	struct scan sc = {&ts, json_array(), json_object(), json_array(), json_array(), json_array(), 0, NULL, false, "", "", NULL, -1, false};
	json_t *out = json_object();
	json_t *entry_points = json_array();
	bool dc_pending = false, gin_pending = false, cls_gin = false;
	int dc_indent = -1, gc_indent = -1, cl_indent = -1, cl_body = -1;
	json_t *classes = NULL, *cl_attrs = NULL; /* module-level classes' UPPERCASE attributes */
	char cls[128] = "", fn[96] = "";
	struct gc_state gc = {0};
	json_t *gc_bases = NULL;
	json_t *builders = NULL, *sigs = NULL, *cli_fns = NULL, *recipes = NULL, *archs = NULL, *argmaps = NULL;
	json_t *typer_fns = NULL, *typer_cmds = NULL;
	json_t *sacred = NULL; /* Sacred's @ex.config / @ex.named_config functions' settings */
	const char *sac_fn = NULL; /* inside one: "" for a config, the name of a named config */
	char if_dest[64] = "";
	int if_indent = -1; /* the indent of the `if ARGS.dest:` just read (-1: none pending) */
	for (size_t i = 0; i < ts.n; i++) {
		const struct tok *t = &ts.v[i];
		/* ["accelerate", "launch", ...] anywhere: a command line the program builds for a launcher
		 * (axolotl's `axolotl train` builds base = [...] and runs it through subprocess) */
		if (op(t, "[") && i + 4 < ts.n && ts.v[i + 1].t == T_STRING && op(&ts.v[i + 2], ",") &&
		    ts.v[i + 3].t == T_STRING && !json_object_get(out, "launch_list")) {
			json_t *w0 = py_value_of(&ts.v[i + 1], &ts.v[i + 2]), *w1 = py_value_of(&ts.v[i + 3], &ts.v[i + 4]);
			const char *a = json_string_value(w0), *b = json_string_value(w1);
			if (a && b && !strcmp(a, "accelerate") && !strcmp(b, "launch"))
				json_object_set_new(out, "launch_list", json_string(a));
			json_decref(w0);
			json_decref(w1);
		}
		/* typer.run(main): main's parameters are the program's options (pyscan_typer.c) */
		if (kw(t, "typer") && i + 5 < ts.n && op(&ts.v[i + 1], ".") && kw(&ts.v[i + 2], "run") &&
		    op(&ts.v[i + 3], "(") && ts.v[i + 4].t == T_NAME && op(&ts.v[i + 5], ")")) {
			if (!typer_cmds)
				typer_cmds = json_array();
			json_array_append_new(typer_cmds, jstrn(ts.v[i + 4].s, ts.v[i + 4].len));
		}
		if (t->indent >= 0) /* first token of a logical line */
			branch_line(&sc, i);
		if (t->indent == 0)
			sac_fn = NULL;
		if (sac_fn && t->indent > 0)
			pyscan_sacred_assign(&ts, i, sac_fn, &sacred);
		if (t->indent >= 0) { /* first token of a logical line */
			/* the first statement under `if ARGS.dest:` sees dest; any later line does not */
			const char *cur_if = if_indent >= 0 && t->indent > if_indent ? if_dest : NULL;
			if_indent = -1;
			if (fn[0] && t->indent > 0 && pyscan_if_dest(&ts, i, if_dest, sizeof(if_dest)))
				if_indent = t->indent;
			if (dc_indent >= 0 && t->indent <= dc_indent)
				dc_indent = -1;
			if (cl_indent >= 0 && t->indent <= cl_indent)
				cl_indent = -1;
			if (kw(t, "import")) {
				i = scan_import(&sc, i);
				continue;
			}
			if (kw(t, "from")) {
				i = scan_from(&sc, i);
				continue;
			}
			if (op(t, "@") && i + 1 < ts.n) {
				struct strbuf d = STRBUF_INIT;
				pyscan_dotted(&ts, i + 1, &d);
				if (ends_with(d.buf, d.len, "dataclass"))
					dc_pending = true;
				/* @gin.configurable(): gin binds the class's fields as Class.field */
				if (ends_with(d.buf, d.len, "gin.configurable"))
					gin_pending = true;
				strbuf_release(&d);
			} else if (kw(t, "class")) {
				/* class Args(Tap): typed-argument-parser reads the annotated class attributes as
				 * --name options with their defaults, as a dataclass's fields (FoundationVision/VAR) */
				if (i + 3 < ts.n && ts.v[i + 1].t == T_NAME && op(&ts.v[i + 2], "(")) {
					struct strbuf b = STRBUF_INIT;
					size_t nx = pyscan_dotted(&ts, i + 3, &b);
					if (nx < ts.n && op(&ts.v[nx], ")") &&
					    ((b.len == 3 && !memcmp(b.buf, "Tap", 3)) || ends_with(b.buf, b.len, ".Tap")))
						dc_pending = true;
					strbuf_release(&b);
				}
				if (dc_pending && i + 1 < ts.n && ts.v[i + 1].t == T_NAME) {
					dc_indent = t->indent;
					cls_gin = gin_pending;
					snprintf(cls, sizeof(cls), "%.*s", (int)ts.v[i + 1].len, ts.v[i + 1].s);
				}
				dc_pending = gin_pending = false;
				cl_indent = t->indent, cl_body = -1;
				cl_attrs = NULL;
				/* class NAME(Base, pkg.Base2): its bases, for settings inherited through them
				 * (Pax experiments: class C4Spmd1B(C4SpmdAdam) with NUM_LAYERS = 24) */
				if (t->indent == 0 && i + 1 < ts.n && ts.v[i + 1].t == T_NAME) {
					json_t *bases = json_array();
					size_t j = i + 2;
					if (j < ts.n && op(&ts.v[j], "(")) {
						size_t close = py_close_of(&ts, j);
						for (j++; j + 1 < close;) {
							struct strbuf d = STRBUF_INIT;
							size_t nx = pyscan_dotted(&ts, j, &d);
							if (d.len && nx < close && (op(&ts.v[nx], ",") || nx + 1 == close))
								json_array_append_new(bases, jstr(d.buf));
							strbuf_release(&d);
							j = nx > j ? nx : j + 1;
							while (j + 1 < close && !op(&ts.v[j], ","))
								j++;
							j++;
						}
					}
					if (!classes)
						classes = json_object();
					json_t *cd = json_object();
					json_object_set_new(cd, "bases", bases);
					json_object_set_new(cd, "line", json_integer(t->line));
					cl_attrs = json_array();
					json_object_set_new(cd, "attrs", cl_attrs);
					char nm[128];
					snprintf(nm, sizeof(nm), "%.*s", (int)ts.v[i + 1].len, ts.v[i + 1].s);
					json_object_set_new(classes, nm, cd);
				}
			} else if (kw(t, "if") && i + 4 < ts.n && kw(&ts.v[i + 1], "__name__") && op(&ts.v[i + 2], "==") &&
				   ts.v[i + 3].t == T_STRING && memmem(ts.v[i + 3].s, ts.v[i + 3].len, "__main__", 8)) {
				json_object_set_new(out, "main", json_integer(t->line));
			} else if (dc_indent >= 0 && t->indent > dc_indent) {
				size_t nf = json_array_size(sc.fields);
				scan_field(&sc, i, cls);
				if (cls_gin && json_array_size(sc.fields) > nf)
					json_object_set_new(json_array_get(sc.fields, nf), "gin", json_true());
			} else if (cl_indent >= 0 && t->indent > cl_indent && (cl_body < 0 || t->indent == cl_body) &&
				   t->t == T_NAME && i + 1 < ts.n && op(&ts.v[i + 1], "=")) {
				/* class Hyperparameters: iterations = int(os.environ.get("ITERATIONS", 20000)) */
				cl_body = t->indent;
				bool upper = cl_attrs != NULL;
				for (size_t q = 0; q < t->len && upper; q++)
					upper = isupper((unsigned char)t->s[q]) || isdigit((unsigned char)t->s[q]) || t->s[q] == '_';
				upper = upper && isupper((unsigned char)t->s[0]);
				if (upper) {
					/* an UPPERCASE class constant: kept with the class, arithmetic over the
					 * class's earlier ones (HIDDEN_DIMS = MODEL_DIMS * 4); a dtype by its
					 * module's name (FPROP_DTYPE = jnp.bfloat16) as text */
					json_t *saved = sc.assigns;
					sc.assigns = cl_attrs;
					size_t before = json_array_size(cl_attrs);
					pyscan_assign(&sc, i);
					sc.assigns = saved;
					json_t *last = json_array_size(cl_attrs) > before ? json_array_get(cl_attrs, before) : NULL;
					if (last && json_object_get(last, "env")) /* BATCH_SIZE = int(os.environ.get(...)) */
						json_array_append_new(sc.assigns, json_deep_copy(last));
					size_t e = i + 2;
					while (e < ts.n && ts.v[e].t != T_NEWLINE)
						e++;
					if (json_array_size(cl_attrs) == before && e == i + 5 && ts.v[i + 2].t == T_NAME &&
					    op(&ts.v[i + 3], ".") && ts.v[i + 4].t == T_NAME &&
					    (kw(&ts.v[i + 4], "bfloat16") || kw(&ts.v[i + 4], "float16") || kw(&ts.v[i + 4], "float32"))) {
						struct strbuf d = STRBUF_INIT;
						pyscan_dotted(&ts, i + 2, &d);
						json_array_append_new(cl_attrs, json_pack("{s:s%,s:s,s:i}", "name", t->s, t->len,
											 "value", d.buf, "line", t->line));
						strbuf_release(&d);
					}
				} else {
					sc.env_only = true;
					pyscan_assign(&sc, i);
					sc.env_only = false;
				}
			} else if (gc_indent >= 0 && t->indent > gc_indent && t->t == T_NAME &&
				   pyscan_gc_line(&sc, i, &gc, &gc_bases)) {
				/* ml_collections: config = mlc.ConfigDict() (or another function's: config =
				 * get_default_configs()); config.a.b = v, config.x = dict(k=v), a section under a
				 * local's name (training = config.training; training.sde = v): settings named from
				 * below the ConfigDict (big_vision, vit_jax, score_sde) */
			} else if (fn[0] && t->indent > 0 && t->t == T_NAME && pyscan_env_assign(&sc, i)) {
				/* BS, STEPS = getenv("BS", 512), getenv("STEPS", 1000) in a function: kept in assigns */
			} else if (fn[0] && t->indent > 0 && pyscan_recipe_stmt(&ts, i, &recipes)) {
				/* kept in recipes */
			} else if (fn[0] && t->indent > 0 && archs && json_object_get(archs, fn) && pyscan_arch_stmt(&ts, i, fn, &archs)) {
				/* kept in archs */
			} else if (fn[0] && t->indent > 0 && t->t == T_NAME && i + 4 < ts.n && op(&ts.v[i + 1], "=") &&
				   ts.v[i + 2].t == T_NAME && op(&ts.v[i + 3], "(") && op(&ts.v[i + 4], ")") &&
				   !kw(&ts.v[i + 2], "dict")) {
				/* res = classifier_defaults(): the dict another builder returns ("fn.res+") */
				pyscan_join_builder(&builders, fn, t, &ts.v[i + 2]);
			} else if (fn[0] && t->indent > 0 && kw(t, "return") && i + 2 < ts.n && ts.v[i + 1].t == T_NAME &&
				   ts.v[i + 2].t == T_NEWLINE && builders) {
				/* return res: the function returns that dict (its settings and its joined builders) */
				char key[256], own[256];
				snprintf(key, sizeof(key), "%s.%.*s", fn, (int)ts.v[i + 1].len, ts.v[i + 1].s);
				json_t *d = json_object_get(builders, key);
				if (d && !json_object_get(builders, fn))
					json_object_set_new(builders, fn, json_deep_copy(d));
				snprintf(own, sizeof(own), "%s+", fn);
				strncat(key, "+", sizeof(key) - strlen(key) - 1);
				d = json_object_get(builders, key);
				if (d && !json_object_get(builders, own))
					json_object_set_new(builders, own, json_deep_copy(d));
			} else if (fn[0] && t->indent > 0 && t->t == T_NAME && i + 5 < ts.n && op(&ts.v[i + 1], ".") &&
				   kw(&ts.v[i + 2], "update") && op(&ts.v[i + 3], "(") && ts.v[i + 4].t == T_NAME &&
				   op(&ts.v[i + 5], "(")) {
				/* defaults.update(model_and_diffusion_defaults()): another builder's settings join
				 * the dict (kept as "fn.NAME+": [builder names]) */
				pyscan_join_builder(&builders, fn, t, &ts.v[i + 4]);
			} else if (fn[0] && t->indent > 0 && (kw(t, "return") || (t->t == T_NAME && i + 1 < ts.n &&
									      op(&ts.v[i + 1], "="))) &&
				   i + 3 < ts.n && ts.v[i + 1 + !kw(t, "return")].t == T_NAME &&
				   kw(&ts.v[i + 1 + !kw(t, "return")], "dict") && op(&ts.v[i + 2 + !kw(t, "return")], "(")) {
				/* def model_and_diffusion_defaults(): return dict(image_size=64, ...), and
				 * defaults = dict(lr=1e-4, ...) inside a function: settings kept under the
				 * function's name ("fn") or the function and the variable ("fn.defaults") */
				size_t at = i + 2 + !kw(t, "return");
				size_t close = py_close_of(&ts, at);
				if (close <= ts.n && close > at + 1) {
					char key[256];
					if (kw(t, "return"))
						snprintf(key, sizeof(key), "%s", fn);
					else
						snprintf(key, sizeof(key), "%s.%.*s", fn, (int)t->len, t->s);
					json_t *saved = sc.assigns;
					sc.assigns = json_array();
					pyscan_flatten_dict(&sc, "", at, close, 0);
					if (!builders)
						builders = json_object();
					if (json_array_size(sc.assigns))
						json_object_set(builders, key, sc.assigns);
					json_decref(sc.assigns);
					sc.assigns = saved;
				}
			} else if (fn[0] && t->indent > 0 && kw(t, "return") && i + 5 < ts.n && ts.v[i + 1].t == T_NAME &&
				   ts.v[i + 1].len > 6 && !memcmp(ts.v[i + 1].s + ts.v[i + 1].len - 6, "Config", 6) &&
				   op(&ts.v[i + 2], ".") && ts.v[i + 3].t == T_NAME && op(&ts.v[i + 4], "(")) {
				/* def build_model_config(common): return TransformerConfig.olmo2_1B(vocab_size=...):
				 * a config class's named constructor (OLMo-core), kept as the builder's
				 * "_constructor" with the keywords */
				size_t close = py_close_of(&ts, i + 4);
				if (close <= ts.n) {
					json_t *saved = sc.assigns;
					sc.assigns = json_array();
					sc.outer = saved;
					char *ctor = xstrndup(ts.v[i + 3].s, ts.v[i + 3].len);
					pyscan_add_assign(&sc, "_constructor", jstr(ctor), ts.v[i + 3].line);
					free(ctor);
					if (close > i + 5)
						pyscan_flatten_dict(&sc, "", i + 4, close, 0);
					if (!builders)
						builders = json_object();
					json_object_set(builders, fn, sc.assigns);
					json_decref(sc.assigns);
					sc.assigns = saved;
					sc.outer = NULL;
				}
			} else if (fn[0] && t->indent > 0 && kw(t, "return") && i + 3 < ts.n && ts.v[i + 1].t == T_NAME &&
				   ts.v[i + 1].len > 6 && !memcmp(ts.v[i + 1].s + ts.v[i + 1].len - 6, "Config", 6) &&
				   op(&ts.v[i + 2], "(")) {
				/* def default_ppo_config(): return TRLConfig(train=TrainConfig(...), ...): the
				 * settings a config-building function returns, kept under its name (trlx) */
				size_t close = py_close_of(&ts, i + 2);
				if (close <= ts.n && close > i + 3) {
					json_t *saved = sc.assigns;
					sc.assigns = json_array();
					sc.outer = saved;
					pyscan_flatten_dict(&sc, "", i + 2, close, 0);
					if (!builders)
						builders = json_object();
					if (json_array_size(sc.assigns))
						json_object_set(builders, fn, sc.assigns);
					json_decref(sc.assigns);
					sc.assigns = saved;
					sc.outer = NULL;
				}
			} else if (fn[0] && t->indent > 0 && t->t == T_NAME && i + 1 < ts.n && op(&ts.v[i + 1], ".") &&
				   pyscan_argmap(&ts, i, cur_if, &argmaps)) {
				/* kept in argmaps */
			} else if (t->indent == 0) {
				pyscan_assign(&sc, i);
				gc_indent = -1;
				fn[0] = 0;
				if (kw(t, "def") && i + 1 < ts.n && ts.v[i + 1].t == T_NAME && ts.v[i + 1].len < sizeof(fn)) {
					snprintf(fn, sizeof(fn), "%.*s", (int)ts.v[i + 1].len, ts.v[i + 1].s);
					if (decorated_with(&ts, i, "local_entrypoint")) /* Modal: `modal run` calls it */
						json_object_set_new(out, "local_entrypoint", json_string(fn));
					if (decorated_with(&ts, i, "named_config"))
						sac_fn = fn;
					else if (decorated_with(&ts, i, "config"))
						sac_fn = "";
					json_t *sig = i + 2 < ts.n && op(&ts.v[i + 2], "(") ? pyscan_signature_defaults(&ts, i + 2) : NULL;
					if (sig) {
						if (!sigs)
							sigs = json_object();
						json_object_set_new(sigs, fn, sig);
					}
					/* a function of a file that imports typer: its parameters as typer reads them;
					 * @X.command(...) over the def makes it the program's command */
					if (i + 2 < ts.n && op(&ts.v[i + 2], "(") && imports_module(&sc, "typer")) {
						if (!typer_fns)
							typer_fns = json_object();
						json_object_set_new(typer_fns, fn, pyscan_typer_params(&ts, i + 2));
						if (decorated_with(&ts, i, "command")) {
							if (!typer_cmds)
								typer_cmds = json_array();
							json_array_append_new(typer_cmds, json_string(fn));
						}
					}
					/* @register_model_architecture("model", "arch") over the def: a preset */
					if (i >= 8 && ts.v[i - 1].t == T_NEWLINE && op(&ts.v[i - 2], ")") &&
					    ts.v[i - 3].t == T_STRING && op(&ts.v[i - 4], ",") && ts.v[i - 5].t == T_STRING &&
					    op(&ts.v[i - 6], "(") && kw(&ts.v[i - 7], "register_model_architecture")) {
						json_t *an = py_value_of(&ts.v[i - 3], &ts.v[i - 2]);
						if (json_is_string(an)) {
							json_t *a = pyscan_arch_of(&archs, fn);
							json_object_set(a, "arch", an);
							json_object_set_new(a, "line", json_integer(t->line));
						}
						json_decref(an);
					}
					/* @call_parse (fastcore.script): the function's parameters are the
					 * program's options, as with fire.Fire(fn) */
					if (i >= 3 && ts.v[i - 1].t == T_NEWLINE && kw(&ts.v[i - 2], "call_parse") &&
					    (op(&ts.v[i - 3], "@") || op(&ts.v[i - 3], "."))) {
						if (!cli_fns)
							cli_fns = json_array();
						json_array_append_new(cli_fns, json_string(fn));
					}
				}
				/* def get_config() / get_default_configs(): a function that may build a ConfigDict */
				if (kw(t, "def") && i + 1 < ts.n && ts.v[i + 1].t == T_NAME &&
				    memmem(ts.v[i + 1].s, ts.v[i + 1].len, "config", 6)) {
					gc_indent = 0;
					memset(&gc, 0, sizeof(gc));
				}
			}
		}
		if (op(t, "(") && i > 0 && ts.v[i - 1].t == T_NAME)
			scan_call(&sc, i);
		else if (t->t == T_STRING && t->len < 200 && memchr(t->s, ':', t->len) && memchr(t->s, '=', t->len))
			pyscan_scan_entry_point(t, entry_points);
	}
	pyscan_words(&ts, out);
	pyscan_launch(&ts, out);
	pyscan_docopt(&ts, sc.calls);
	pyscan_arg_arith(&ts, out);
	json_object_set_new(out, "imports", sc.imports);
	json_object_set_new(out, "aliases", sc.aliases);
	json_object_set_new(out, "calls", sc.calls);
	json_object_set_new(out, "fields", sc.fields);
	json_object_set_new(out, "assigns", sc.assigns);
	if (sacred)
		json_object_set_new(out, "sacred", sacred);
	if (classes)
		json_object_set_new(out, "classes", classes);
	if (builders)
		json_object_set_new(out, "builders", builders);
	if (argmaps)
		json_object_set_new(out, "argmaps", argmaps);
	if (sigs)
		json_object_set_new(out, "sigs", sigs);
	json_t *gin_sigs = pyscan_gin_sigs(&ts);
	if (gin_sigs)
		json_object_set_new(out, "gin_sigs", gin_sigs);
	if (cli_fns)
		json_object_set_new(out, "cli_fns", cli_fns);
	if (typer_fns)
		json_object_set_new(out, "typer_fns", typer_fns);
	if (typer_cmds)
		json_object_set_new(out, "typer_cmds", typer_cmds);
	if (recipes)
		json_object_set_new(out, "recipes", recipes);
	if (archs)
		json_object_set_new(out, "archs", archs);
	if (gc_bases)
		json_object_set_new(out, "config_bases", gc_bases);
	if (json_array_size(entry_points))
		json_object_set_new(out, "entry_points", entry_points);
	else
		json_decref(entry_points);
	json_decref(sc.when_not);
	free(ts.v);
	return out;
}
