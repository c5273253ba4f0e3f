/* test_pyscan.c - src/inspect: the Python scanner, the config readers (YAML, JSON, TOML subset),
 * dependency pins and the launch-command reader. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "inspect/cmdline.h"
#include "inspect/configs.h"
#include "inspect/deps.h"
#include "inspect/pyscan.h"
#include "util/strbuf.h"

#include "testutil.h"

static json_t *scan(const char *src)
{
	return pyscan(src, strlen(src));
}

/* The first call named name. */
static json_t *call(json_t *facts, const char *name)
{
	size_t i;
	json_t *c;
	json_array_foreach(json_object_get(facts, "calls"), i, c) if (!strcmp(json_string_value(json_object_get(c, "name")),
									       name)) return c;
	fail_msg("no call to %s", name);
	return NULL;
}

static void imports_and_aliases(void **state)
{
	(void)state;
	json_t *f = scan("import torch, os\nimport torch.distributed as dist\n"
			 "from torch.distributed.fsdp import (FullyShardedDataParallel as FSDP,\n    MixedPrecision)\n"
			 "from .model import GPT\nimport pytorch_lightning as pl\n"
			 "if __name__ == '__main__':\n    main()\n");
	char *s = json_dumps(json_object_get(f, "imports"), JSON_COMPACT);
	assert_contains(s, "[\"torch\",1]");
	assert_contains(s, "[\"torch.distributed\",2]");
	assert_contains(s, "[\"torch.distributed.fsdp.FullyShardedDataParallel\",3]");
	assert_contains(s, "[\"torch.distributed.fsdp.MixedPrecision\",3]");
	assert_contains(s, "[\".model.GPT\",5]");
	free(s);
	json_t *al = json_object_get(f, "aliases");
	assert_string_equal(json_string_value(json_object_get(al, "FSDP")), "torch.distributed.fsdp.FullyShardedDataParallel");
	assert_string_equal(json_string_value(json_object_get(al, "dist")), "torch.distributed");
	assert_string_equal(json_string_value(json_object_get(al, "pl")), "pytorch_lightning");
	assert_int_equal(json_integer_value(json_object_get(f, "main")), 7);
	json_decref(f);
}

static void calls_and_literals2(void **state)
{
	(void)state;
	json_t *f = scan("import argparse\nfrom transformers import AutoModel\n"
			 "p.add_argument(\"--name\", default=r\"a\\b\")\n"
			 "p.add_argument('--steps', default=-5)\n"
			 "p.add_argument('--f', default=f'{x}')\n"
			 "m = AutoModel.from_pretrained(args.model_name_or_path, torch_dtype=torch.bfloat16)\n"
			 "s = '''add_argument('--hidden', default=1)'''\n");
	json_t *calls = json_object_get(f, "calls");
	assert_int_equal(json_array_size(calls), 4); /* nothing from inside the string */
	json_t *kw0 = json_object_get(json_array_get(calls, 0), "kw");
	assert_string_equal(json_string_value(json_object_get(kw0, "default")), "a\\b");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(json_array_get(calls, 1), "kw"), "default")), -5);
	assert_non_null(json_object_get(json_object_get(json_object_get(json_array_get(calls, 2), "kw"), "default"), "expr"));
	json_t *fp = call(f, "from_pretrained");
	assert_string_equal(json_string_value(json_object_get(fp, "full")), "transformers.AutoModel.from_pretrained");
	assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(fp, "args"), 0), "ref")),
			    "args.model_name_or_path");
	json_decref(f);
}

static void dataclass_fields_and_assigns(void **state)
{
	(void)state;
	json_t *f = scan("from dataclasses import dataclass, field\nbatch_size = 12\nlearning_rate = 6e-4\nname = f(x)\n"
			 "@dataclass\nclass GPTConfig:\n    n_layer: int = 12\n    n_embd: int = field(default=768, "
			 "metadata={})\n    tags: list = field(default_factory=list)\n\n"
			 "def g():\n    x = 1\n");
	json_t *fields = json_object_get(f, "fields");
	assert_int_equal(json_array_size(fields), 3);
	assert_string_equal(json_string_value(json_object_get(json_array_get(fields, 1), "name")), "n_embd");
	assert_int_equal(json_integer_value(json_object_get(json_array_get(fields, 1), "default")), 768);
	/* a list-typed field without a literal default: an empty list, marked as a list (nargs="+") */
	json_t *tags = json_array_get(fields, 2);
	assert_string_equal(json_string_value(json_object_get(tags, "name")), "tags");
	assert_true(json_is_true(json_object_get(tags, "list")));
	assert_int_equal(json_array_size(json_object_get(tags, "default")), 0);
	assert_null(json_object_get(json_array_get(fields, 1), "list"));
	json_t *as = json_object_get(f, "assigns");
	assert_int_equal(json_array_size(as), 2); /* name = f(x) is not a literal; x = 1 is not module level */
	json_decref(f);
}

/* session 25: gin-configurable dataclass fields, simple_parsing positionals, environment settings read in a
 * function (bare getenv, tuple targets, a default that is another setting), ml_collections section aliases */
static void session25_settings(void **state)
{
	(void)state;
	json_t *f = scan("import gin, dataclasses\nfrom simple_parsing import field\n"
			 "@gin.configurable()\n@dataclasses.dataclass\nclass Config:\n    batch_size: int = 16384\n\n"
			 "@dataclasses.dataclass\nclass Run:\n    model: str = field(default=\"m\", positional=True)\n"
			 "    data: str = field(positional=True)\n    lr: float = 0.1\n");
	json_t *fields = json_object_get(f, "fields");
	assert_int_equal(json_array_size(fields), 4);
	assert_true(json_is_true(json_object_get(json_array_get(fields, 0), "gin")));
	assert_null(json_object_get(json_array_get(fields, 1), "gin"));
	assert_true(json_is_true(json_object_get(json_array_get(fields, 1), "positional")));
	assert_true(json_is_true(json_object_get(json_array_get(fields, 2), "positional")));
	assert_true(json_is_null(json_object_get(json_array_get(fields, 2), "default")));
	assert_null(json_object_get(json_array_get(fields, 3), "positional"));
	json_decref(f);
	f = scan("from os import getenv\ndef main():\n    BS, STEPS = getenv(\"BS\", 512), int(getenv(\"STEPS\", \"1000\"))\n"
		 "    EVAL_BS = getenv(\"EVAL_BS\", BS)\n    x = compute(BS)\n");
	json_t *as = json_object_get(f, "assigns");
	assert_int_equal(json_array_size(as), 3);
	assert_string_equal(json_string_value(json_object_get(json_array_get(as, 1), "env")), "STEPS");
	assert_int_equal(json_integer_value(json_object_get(json_array_get(as, 1), "value")), 1000); /* "1000" through int() */
	assert_string_equal(json_string_value(json_object_get(json_array_get(as, 2), "env_else")), "BS");
	assert_int_equal(json_integer_value(json_object_get(json_array_get(as, 2), "value")), 512);
	json_decref(f);
	f = scan("from configs.base import get_base_config\ndef get_config():\n    config = get_base_config()\n"
		 "    training = config.training\n    training.sde = 'vesde'\n    config.model = net = ConfigDict()\n"
		 "    net.nf = 128\n    config.seed = 1\n    return config\n");
	as = json_object_get(f, "assigns");
	assert_int_equal(json_array_size(as), 3);
	assert_string_equal(json_string_value(json_object_get(json_array_get(as, 0), "name")), "training.sde");
	assert_string_equal(json_string_value(json_object_get(json_array_get(as, 1), "name")), "model.nf");
	assert_string_equal(json_string_value(json_object_get(json_array_get(as, 2), "name")), "seed");
	assert_string_equal(json_string_value(json_array_get(json_object_get(f, "config_bases"), 0)), "get_base_config");
	json_decref(f);
}

/* arithmetic literals, yacs-style dotted settings, console-script strings, aliased calls */
static void program_settings(void **state)
{
	(void)state;
	json_t *f = scan("from torch.nn.parallel import DistributedDataParallel as NativeDDP\n"
			 "gradient_accumulation_steps = 5 * 8\nbig = 2**20\nhalf = (1 + 2) / 4\nbad = 5 * x\n"
			 "_C.TRAIN.EPOCHS = 300\n"
			 "setup(entry_points={'console_scripts': ['fairseq-train = fairseq_cli.train:cli_main']})\n"
			 "m = NativeDDP(model)\n");
	json_t *as = json_object_get(f, "assigns");
	assert_int_equal(json_array_size(as), 4); /* bad = 5 * x is not a literal */
	assert_int_equal(json_integer_value(json_object_get(json_array_get(as, 0), "value")), 40);
	assert_int_equal(json_integer_value(json_object_get(json_array_get(as, 1), "value")), 1048576);
	assert_true(json_real_value(json_object_get(json_array_get(as, 2), "value")) == 0.75);
	assert_string_equal(json_string_value(json_object_get(json_array_get(as, 3), "name")), "_C.TRAIN.EPOCHS");
	json_t *ep = json_array_get(json_object_get(f, "entry_points"), 0);
	assert_string_equal(json_string_value(json_array_get(ep, 0)), "fairseq-train");
	assert_string_equal(json_string_value(json_array_get(ep, 1)), "fairseq_cli.train:cli_main");
	assert_non_null(call(f, "DistributedDataParallel"));
	/* a literal has no inputs; a computed value names the earlier settings it used and its expression */
	assert_null(json_object_get(json_array_get(as, 0), "from"));
	json_decref(f);
	f = scan("depth = 20\nnum_layers = depth\nmodel_dim = depth * 64\nheads = max(1, model_dim // 128)\n");
	as = json_object_get(f, "assigns");
	assert_int_equal(json_array_size(as), 3); /* max(...) is not evaluated */
	assert_string_equal(json_string_value(json_array_get(json_object_get(json_array_get(as, 1), "from"), 0)), "depth");
	assert_string_equal(json_string_value(json_object_get(json_array_get(as, 1), "expr")), "depth");
	assert_int_equal(json_integer_value(json_object_get(json_array_get(as, 2), "value")), 1280);
	assert_string_equal(json_string_value(json_object_get(json_array_get(as, 2), "expr")), "depth*64");
	json_decref(f);
}

static void hostile_python(void **state)
{
	(void)state;
	const char *cases[] = {"x = (((((\n", "'''unterminated\nimport torch", "\"abc", "import", "from . import",
			       "a.b(", "@", "def f(:\n  add_argument(", "\xff\xfe import torch\n", "", "\\\n\\", NULL};
	for (int i = 0; cases[i]; i++)
		json_decref(scan(cases[i]));
	/* no NUL termination needed */
	char buf[4] = {'i', 'm', 'p', 'o'};
	json_decref(pyscan(buf, sizeof(buf)));
	/* a NUL byte inside a string hides its '=': no console script, and no arithmetic on a NULL '='
	 * (UBSan under make sanitize; fuzz_inspect found it) */
	json_t *f = pyscan("\":\0=\"", 5);
	assert_null(json_object_get(f, "entry_points"));
	json_decref(f);
}

static json_t *keys_of(enum config_format f, const char *text)
{
	json_t *o = config_scan(f, text, strlen(text));
	json_t *k = json_incref(json_object_get(o, "keys"));
	json_decref(o);
	return k;
}

static void config_readers(void **state)
{
	(void)state;
	json_t *k = keys_of(CF_JSON, "{\n  \"train_batch_size\": 64,\n  \"zero_optimization\": {\n    \"stage\": 3\n  },\n"
				     "  \"bf16\": {\"enabled\": true},\n  \"betas\": [0.9, 0.95],\n  \"lr\": \"auto\"\n}");
	assert_int_equal(json_integer_value(json_array_get(json_object_get(k, "zero_optimization.stage"), 0)), 3);
	assert_int_equal(json_integer_value(json_array_get(json_object_get(k, "zero_optimization.stage"), 1)), 4);
	assert_true(json_is_true(json_array_get(json_object_get(k, "bf16.enabled"), 0)));
	assert_int_equal(json_array_size(json_array_get(json_object_get(k, "betas"), 0)), 2);
	json_decref(k);
	k = keys_of(CF_YAML, "distributed_type: FSDP\nfsdp_config:\n  fsdp_sharding_strategy: FULL_SHARD\nnum_processes: 8\n"
			     "lr: 3.0e-4\nname: '8'\n");
	assert_string_equal(json_string_value(json_array_get(json_object_get(k, "distributed_type"), 0)), "FSDP");
	assert_int_equal(json_integer_value(json_array_get(json_object_get(k, "fsdp_config.fsdp_sharding_strategy"), 1)), 3);
	assert_int_equal(json_integer_value(json_array_get(json_object_get(k, "num_processes"), 0)), 8);
	assert_true(json_is_string(json_array_get(json_object_get(k, "name"), 0))); /* quoted stays a string */
	json_decref(k);
	k = keys_of(CF_TOML, "# c\ntitle = \"x\"\n[training]\nlr = 1e-4 # comment\nsteps = 100\nuse_bf16 = true\n"
			     "layers = [\n  1,\n  2,\n]\n[[runs]]\nname = 'a'\n[[runs]]\nname = 'b'\n");
	assert_true(json_real_value(json_array_get(json_object_get(k, "training.lr"), 0)) == 1e-4);
	assert_int_equal(json_integer_value(json_array_get(json_object_get(k, "training.lr"), 1)), 4);
	assert_int_equal(json_array_size(json_array_get(json_object_get(k, "training.layers"), 0)), 2);
	assert_string_equal(json_string_value(json_array_get(json_object_get(k, "runs.1.name"), 0)), "b");
	json_decref(k);
	/* errors keep what was read before them */
	json_t *o = config_scan(CF_JSON, "{\"a\": 1,\n\"b\": }", 15);
	assert_contains(json_string_value(json_object_get(o, "error")), "line 2: invalid JSON");
	assert_non_null(json_object_get(json_object_get(o, "keys"), "a"));
	json_decref(o);
	o = config_scan(CF_YAML, "a: [1, 2\n", 9);
	assert_contains(json_string_value(json_object_get(o, "error")), "invalid YAML");
	json_decref(o);
	/* deep nesting is bounded */
	struct strbuf deep = STRBUF_INIT;
	for (int i = 0; i < 10000; i++)
		strbuf_adds(&deep, "[");
	o = config_scan(CF_JSON, deep.buf, deep.len);
	assert_non_null(json_object_get(o, "error"));
	json_decref(o);
	strbuf_release(&deep);
}

static void dependency_pins(void **state)
{
	(void)state;
	const char *req = "# c\ntorch==2.1.2 ; python_version > '3.8'\nTransformers[torch]>=4.36\n-r other.txt\n"
			  "git+https://github.com/x/y\nflash_attn\n";
	json_t *d = deps_scan(FK_REQUIREMENTS, req, strlen(req));
	char *s = json_dumps(d, JSON_COMPACT);
	assert_string_equal(s, "[[\"torch\",\"==2.1.2\",2],[\"transformers\",\">=4.36\",3],[\"flash-attn\",\"\",6]]");
	free(s);
	json_decref(d);
	const char *env = "name: x\ndependencies:\n  - python=3.10\n  - conda-forge::numpy>=1.26\n  - pip:\n    - "
			  "\"torch==2.2\"\nchannels:\n  - nvidia\n";
	d = deps_scan(FK_ENVIRONMENT, env, strlen(env));
	s = json_dumps(d, JSON_COMPACT);
	assert_string_equal(s, "[[\"python\",\"==3.10\",3],[\"numpy\",\">=1.26\",4],[\"torch\",\"==2.2\",6]]");
	free(s);
	json_decref(d);
	const char *py = "[project]\nname = \"x\"\ndependencies = [\"torch>=2.2\",\n  \"numpy\",\n]\n"
			 "[tool.poetry.dependencies]\npython = \"^3.10\"\ndeepspeed = \"^0.13\"\n";
	d = deps_scan(FK_PYPROJECT, py, strlen(py));
	s = json_dumps(d, JSON_COMPACT);
	assert_string_equal(s, "[[\"torch\",\">=2.2\",3],[\"numpy\",\"\",4],[\"deepspeed\",\"^0.13\",8]]");
	free(s);
	json_decref(d);
}

static void launch_commands(void **state)
{
	(void)state;
	struct launch_cmd lc;
	assert_int_equal(launch_cmd_parse("OMP_NUM_THREADS=8 torchrun --nnodes=2 --nproc_per_node 4 train.py --lr 3e-4 "
					  "--bf16 --name 'a b' --warmup=-1 pos",
					  &lc),
			 0);
	assert_string_equal(lc.launcher, "torchrun");
	assert_string_equal(lc.entry, "train.py");
	assert_int_equal(json_integer_value(json_object_get(lc.launch_opts, "nproc_per_node")), 4);
	char *s = json_dumps(lc.args, JSON_COMPACT);
	assert_string_equal(s, "[[\"lr\",0.00029999999999999997],[\"bf16\",true],[\"name\",\"a b\"],[\"warmup\",-1]]");
	free(s);
	launch_cmd_release(&lc);
	assert_int_equal(launch_cmd_parse("accelerate launch --config_file fsdp.yaml --use_fsdp src/train.py", &lc), 0);
	assert_string_equal(lc.launcher, "accelerate");
	assert_string_equal(lc.entry, "src/train.py");
	assert_true(json_is_true(json_object_get(lc.launch_opts, "use_fsdp")));
	launch_cmd_release(&lc);
	assert_int_equal(launch_cmd_parse("srun -N 2 python -m torch.distributed.run --nproc_per_node=4 -m pkg.train", &lc), 0);
	assert_string_equal(lc.launcher, "torchrun");
	assert_string_equal(lc.entry, "pkg/train.py");
	launch_cmd_release(&lc);
	assert_int_equal(launch_cmd_parse("bash run.sh", &lc), -1);
	launch_cmd_release(&lc);
	assert_int_equal(launch_cmd_parse("", &lc), -1);
	launch_cmd_release(&lc);
}

/* aliases of aliases (a YAML bomb): 8 levels of 10 aliases of 10 empty mappings is 10^8 nodes from 462
 * bytes; the walk stops at a bound and says so (before, `maple inspect` walked it for minutes); a config
 * that uses an anchor the usual way still reads whole */
static void yaml_alias_bomb(void **state)
{
	(void)state;
	struct strbuf y = STRBUF_INIT;
	strbuf_adds(&y, "first: 1\nl0: &l0 [{}, {}, {}, {}, {}, {}, {}, {}, {}, {}]\n");
	for (int i = 1; i < 8; i++) {
		strbuf_addf(&y, "l%d: &l%d [", i, i);
		for (int k = 0; k < 10; k++)
			strbuf_addf(&y, "%s*l%d", k ? ", " : "", i - 1);
		strbuf_adds(&y, "]\n");
	}
	json_t *o = config_scan(CF_YAML, y.buf, y.len);
	assert_contains(json_string_value(json_object_get(o, "error")), "aliases expand past 200,000 nodes");
	assert_non_null(json_object_get(json_object_get(o, "keys"), "first"));
	json_decref(o);
	strbuf_release(&y);
	const char *ok = "defaults: &d\n  lr: 0.1\n  steps: 10\ntrain:\n  opt: *d\neval:\n  opt: *d\n";
	o = config_scan(CF_YAML, ok, strlen(ok));
	assert_null(json_object_get(o, "error"));
	assert_non_null(json_object_get(json_object_get(o, "keys"), "eval.opt.steps"));
	json_decref(o);
}

/* flow lists nested 20,000 deep took libyaml 7 s (64 KiB of them over a minute): past 256 open at once
 * the file is not read, and says so; 200 deep, brackets in comments and quotes, still read */
static void yaml_flow_depth(void **state)
{
	(void)state;
	struct strbuf y = STRBUF_INIT;
	strbuf_adds(&y, "a: 1\nb: ");
	for (int i = 0; i < 20000; i++)
		strbuf_addch(&y, '[');
	json_t *o = config_scan(CF_YAML, y.buf, y.len);
	assert_contains(json_string_value(json_object_get(o, "error")), "line 2: more than 256 [ ] or { } lists nested");
	json_decref(o);
	strbuf_reset(&y);
	strbuf_adds(&y, "# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n");
	for (int k = 0; k < 4; k++)
		strbuf_adds(&y, k % 2 ? "s: \"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"\n"
				      : "t: '{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{'\n");
	strbuf_adds(&y, "b: ");
	for (int i = 0; i < 200; i++)
		strbuf_addch(&y, '[');
	strbuf_adds(&y, "1");
	for (int i = 0; i < 200; i++)
		strbuf_addch(&y, ']');
	strbuf_addch(&y, '\n');
	o = config_scan(CF_YAML, y.buf, y.len);
	assert_null(json_object_get(o, "error"));
	assert_non_null(json_object_get(json_object_get(o, "keys"), "s"));
	json_decref(o);
	strbuf_release(&y);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(imports_and_aliases),	 cmocka_unit_test(calls_and_literals2),
		cmocka_unit_test(dataclass_fields_and_assigns), cmocka_unit_test(hostile_python),
		cmocka_unit_test(session25_settings),
		cmocka_unit_test(program_settings),
		cmocka_unit_test(config_readers),	 cmocka_unit_test(dependency_pins),
		cmocka_unit_test(launch_commands),	 cmocka_unit_test(yaml_alias_bomb),
		cmocka_unit_test(yaml_flow_depth),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
