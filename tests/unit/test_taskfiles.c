/* test_taskfiles.c - src/inspect/taskfiles.c: MLproject entry points, SkyPilot tasks, Kubernetes containers and
 * Docker Compose services as the script they run, line for line with the file (defaults, overrides, block,
 * folded and quoted commands, lists, env items); what the YAML kinds are; notebooks' code cells as Python. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "inspect/taskfiles.h"

#include "testutil.h"

#include <stdlib.h>
#include <string.h>

static void yaml_kinds(void **state)
{
	(void)state;
	const char *sky = "name: x\nresources:\n  accelerators: A100:8\nrun: |\n  python train.py\n";
	const char *k8s = "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    image: i\n";
	const char *compose = "services:\n  train:\n    command: python train.py\n";
	const char *plain = "lr: 0.1\nrun: 3\n"; /* a run: key alone is no task */
	assert_int_equal(task_yaml_kind(sky, strlen(sky)), TK_SKYPILOT);
	assert_int_equal(task_yaml_kind(k8s, strlen(k8s)), TK_K8S);
	assert_int_equal(task_yaml_kind(compose, strlen(compose)), TK_COMPOSE);
	assert_int_equal(task_yaml_kind(plain, strlen(plain)), -1);
}

static void mlproject(void **state)
{
	(void)state;
	const char *f = "name: p\n"
			"entry_points:\n"
			"  main:\n"
			"    parameters:\n"
			"      lr: {type: float, default: 0.1}\n"
			"      data-dir: {type: path, default: \"./data\"}\n"
			"      ckpt: path\n"
			"      epochs:\n"
			"        type: int\n"
			"        default: 30\n"
			"    command: \"python train.py --lr {lr} --data {data-dir} --epochs {epochs}\"\n"
			"  eval:\n"
			"    command: |\n"
			"      python eval.py \\\n"
			"        --ckpt x\n";
	char *why = NULL;
	char *s = task_script(TK_MLPROJECT, f, strlen(f), NULL, NULL, &why);
	assert_non_null(s);
	assert_int_equal(tu_count_lines(s), 15);
	tu_expect_line(s, 5, "lr=\"${lr:-0.1}\"");
	tu_expect_line(s, 6, "data_dir=\"${data_dir:-./data}\"");
	tu_expect_line(s, 7, ""); /* no default */
	tu_expect_line(s, 10, "epochs=\"${epochs:-30}\"");
	tu_expect_line(s, 11, "python train.py --lr ${lr} --data ${data_dir} --epochs ${epochs}");
	tu_expect_line(s, 14, ""); /* another entry point */
	free(s);
	/* an override is not assigned by the file; -e eval: a literal block, line for line */
	json_t *over = json_pack("{s:s}", "lr", "0.5");
	s = task_script(TK_MLPROJECT, f, strlen(f), NULL, over, &why);
	tu_expect_line(s, 5, "");
	free(s);
	json_decref(over);
	s = task_script(TK_MLPROJECT, f, strlen(f), "eval", NULL, &why);
	tu_expect_line(s, 14, "python eval.py \\");
	tu_expect_line(s, 15, "  --ckpt x");
	free(s);
	s = task_script(TK_MLPROJECT, f, strlen(f), "train", NULL, &why);
	assert_null(s);
	assert_contains(why, "no entry point 'train'");
	free(why);
}

static void skypilot(void **state)
{
	(void)state;
	const char *f = "resources:\n"
			"  accelerators: {A100-80GB: 4}\n"
			"num_nodes: 2\n"
			"envs:\n"
			"  LR: 2e-5\n"
			"  TOKEN: null\n"
			"run: >\n"
			"  torchrun --nproc_per_node $SKYPILOT_NUM_GPUS_PER_NODE\n"
			"  train.py --lr $LR\n";
	char *why = NULL;
	char *s = task_script(TK_SKYPILOT, f, strlen(f), NULL, NULL, &why);
	assert_non_null(s);
	tu_expect_line(s, 2, "SKYPILOT_NUM_GPUS_PER_NODE=\"${SKYPILOT_NUM_GPUS_PER_NODE:-4}\"");
	tu_expect_line(s, 3, "SKYPILOT_NUM_NODES=\"${SKYPILOT_NUM_NODES:-2}\"");
	tu_expect_line(s, 5, "LR=\"${LR:-2e-5}\"");
	tu_expect_line(s, 6, ""); /* null: not set */
	tu_expect_line(s, 8, "torchrun --nproc_per_node $SKYPILOT_NUM_GPUS_PER_NODE \\"); /* folded */
	tu_expect_line(s, 9, "train.py --lr $LR");
	free(s);
	const char *none = "resources:\n  cpus: 4\nsetup: pip install x\n";
	s = task_script(TK_SKYPILOT, none, strlen(none), NULL, NULL, &why);
	assert_null(s);
	assert_contains(why, "no run:");
	free(why);
}

static void kubernetes(void **state)
{
	(void)state;
	const char *f = "apiVersion: kubeflow.org/v1\n"
			"kind: PyTorchJob\n"
			"spec:\n"
			"  pytorchReplicaSpecs:\n"
			"    Master:\n"
			"      template:\n"
			"        spec:\n"
			"          containers:\n"
			"          - name: pytorch\n"
			"            workingDir: /workspace\n"
			"            env:\n"
			"            - name: EPOCHS\n"
			"              value: \"3\"\n"
			"            command: [\"torchrun\", \"--nproc_per_node=4\"]\n"
			"            args:\n"
			"              - \"/workspace/train.py\"\n"
			"              - \"--epochs=$(EPOCHS)\"\n";
	char *why = NULL;
	char *s = task_script(TK_K8S, f, strlen(f), NULL, NULL, &why);
	assert_non_null(s);
	tu_expect_line(s, 13, "export EPOCHS=3");
	tu_expect_line(s, 14, "torchrun --nproc_per_node=4 \\");
	tu_expect_line(s, 15, "\\");
	tu_expect_line(s, 16, "train.py \\"); /* the working directory's copy of the tree */
	tu_expect_line(s, 17, "\"--epochs=${EPOCHS}\"");
	free(s);
	const char *shc = "apiVersion: batch/v1\nkind: Job\nspec:\n  template:\n    spec:\n      containers:\n"
			  "      - name: t\n        command: [\"/bin/sh\", \"-c\"]\n"
			  "        args:\n        - cd /app && python train.py --lr 0.1\n";
	s = task_script(TK_K8S, shc, strlen(shc), NULL, NULL, &why);
	assert_non_null(s);
	tu_expect_line(s, 10, "python train.py --lr 0.1");
	free(s);
	const char *img = "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    image: x\n";
	s = task_script(TK_K8S, img, strlen(img), NULL, NULL, &why);
	assert_null(s);
	assert_contains(why, "entrypoint");
	free(why);
}

static void compose(void **state)
{
	(void)state;
	const char *f = "services:\n"
			"  tb:\n"
			"    image: tensorflow/tensorflow\n"
			"  train:\n"
			"    environment:\n"
			"      - EPOCHS=5\n"
			"    command: [\"python\", \"train.py\", \"--epochs\", \"${EPOCHS}\"]\n";
	char *why = NULL;
	char *s = task_script(TK_COMPOSE, f, strlen(f), NULL, NULL, &why);
	assert_non_null(s);
	tu_expect_line(s, 6, ""); /* Compose interpolates ${EPOCHS} from the host, not from environment: */
	tu_expect_line(s, 7, "python train.py --epochs \"${EPOCHS}\"");
	free(s);
	s = task_script(TK_COMPOSE, f, strlen(f), "tb", NULL, &why);
	assert_null(s);
	assert_contains(why, "no command");
	free(why);
}

static void notebook(void **state)
{
	(void)state;
	const char *nb = "{\n"
			 " \"cells\": [\n"
			 "  {\n"
			 "   \"cell_type\": \"markdown\",\n"
			 "   \"source\": [\n"
			 "    \"# lr = 9\\n\"\n"
			 "   ]\n"
			 "  },\n"
			 "  {\n"
			 "   \"cell_type\": \"code\",\n"
			 "   \"source\": [\n"
			 "    \"lr = 5e-5\\n\",\n"
			 "    \"!pip install x\\n\",\n"
			 "    \"name = \\\"a\\\\\\\"b\\\"\"\n"
			 "   ]\n"
			 "  }\n"
			 " ]\n"
			 "}\n";
	char *py = notebook_python(nb, strlen(nb));
	assert_non_null(py);
	assert_int_equal(tu_count_lines(py), 18);
	tu_expect_line(py, 6, ""); /* markdown */
	tu_expect_line(py, 12, "lr = 5e-5");
	tu_expect_line(py, 13, ""); /* a shell escape */
	tu_expect_line(py, 14, "name = \"a\\\"b\"");
	free(py);
	assert_null(notebook_python("{}", 2));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(yaml_kinds), cmocka_unit_test(mlproject), cmocka_unit_test(skypilot),
		cmocka_unit_test(kubernetes), cmocka_unit_test(compose),   cmocka_unit_test(notebook),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
