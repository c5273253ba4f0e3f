/* test_recipes.c - src/inspect/recipes.c: Makefile and justfile targets as the script they run, line for
 * line with the file (make's assignments and command-line overrides, recipes, default targets; just's
 * variables, parameters bound to positional words, variadic parameters, interpolation). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "inspect/recipes.h"

#include "testutil.h"

#include <stdlib.h>
#include <string.h>

static void kinds(void **state)
{
	(void)state;
	assert_int_equal(recipe_kind_of("Makefile"), RK_MAKE);
	assert_int_equal(recipe_kind_of("GNUmakefile"), RK_MAKE);
	assert_int_equal(recipe_kind_of("rules.mk"), RK_MAKE);
	assert_int_equal(recipe_kind_of("justfile"), RK_JUST);
	assert_int_equal(recipe_kind_of(".justfile"), RK_JUST);
	assert_int_equal(recipe_kind_of("Makefile.bak"), -1);
	assert_int_equal(recipe_kind_of("train.py"), -1);
}

static const char makefile[] = "NGPU ?= 4\n"			  /* 1 */
			       "LR := 2e-4\n"			  /* 2 */
			       "EPOCHS = 10\n"			  /* 3 */
			       "ARGS += --amp\n"		  /* 4 */
			       "\n"				  /* 5 */
			       ".PHONY: all train\n"		  /* 6 */
			       "all: train\n"			  /* 7 */
			       "train: data\n"			  /* 8 */
			       "\t@echo go\n"			  /* 9 */
			       "\ttorchrun --nproc_per_node=$(NGPU) train.py \\\n" /* 10 */
			       "\t\t--lr ${LR} --epochs $(EPOCHS) $(ARGS) --out $@-$$HOME\n" /* 11 */
			       "data:\n"			  /* 12 */
			       "\tpython prep.py\n";		  /* 13 */

static void make_target(void **state)
{
	(void)state;
	json_t *over = json_pack("{s:s}", "EPOCHS", "20");
	char *why = NULL;
	char *s = recipe_script(RK_MAKE, makefile, strlen(makefile), "train", over, &why);
	assert_non_null(s);
	assert_null(why);
	assert_int_equal(tu_count_lines(s), 13); /* every line keeps its number */
	tu_expect_line(s, 1, "NGPU=\"${NGPU:-4}\"");
	tu_expect_line(s, 2, "LR=\"2e-4\"");
	tu_expect_line(s, 3, "");			/* EPOCHS=20 on make's command line wins over the file */
	tu_expect_line(s, 4, "ARGS=\"${ARGS} --amp\"");
	tu_expect_line(s, 6, "");
	tu_expect_line(s, 9, "echo go");		/* @ dropped */
	tu_expect_line(s, 10, "torchrun --nproc_per_node=${NGPU} train.py \\");
	tu_expect_line(s, 11, "\t--lr ${LR} --epochs ${EPOCHS} ${ARGS} --out train-$HOME");
	tu_expect_line(s, 13, "");			/* the prerequisite's recipe is not the target's */
	free(s);
	/* no target named: the first one (all), whose recipe is its prerequisite's (train) */
	s = recipe_script(RK_MAKE, makefile, strlen(makefile), NULL, NULL, &why);
	assert_non_null(s);
	tu_expect_line(s, 3, "EPOCHS=\"10\"");
	tu_expect_line(s, 10, "torchrun --nproc_per_node=${NGPU} train.py \\");
	free(s);
	s = recipe_script(RK_MAKE, makefile, strlen(makefile), "missing", NULL, &why);
	assert_null(s);
	assert_non_null(why);
	assert_contains(why, "no target 'missing'");
	free(why);
	json_decref(over);
}

static const char justfile[] = "set dotenv-load\n"					   /* 1 */
			       "gpus := env_var_or_default(\"GPUS\", \"8\")\n"			   /* 2 */
			       "model := \"gpt2\"\n"						   /* 3 */
			       "\n"								   /* 4 */
			       "# train one size\n"						   /* 5 */
			       "train size=\"small\" name=model *ARGS:\n"			   /* 6 */
			       "    @echo {{size}}\n"						   /* 7 */
			       "    torchrun --nproc_per_node={{gpus}} train.py --size {{ size }} \\\n" /* 8 */
			       "        --name {{name}} {{ARGS}}\n"				   /* 9 */
			       "lint:\n"							   /* 10 */
			       "    ruff check .\n";						   /* 11 */

static void just_recipe(void **state)
{
	(void)state;
	char *why = NULL;
	char *s = recipe_script(RK_JUST, justfile, strlen(justfile), "train", NULL, &why);
	assert_non_null(s);
	assert_int_equal(tu_count_lines(s), 11);
	tu_expect_line(s, 1, "");
	tu_expect_line(s, 2, "gpus=\"${GPUS:-8}\"");
	tu_expect_line(s, 3, "model=\"gpt2\"");
	tu_expect_line(s, 6, "size=\"${1:-small}\" name=\"${2:-$model}\"");
	tu_expect_line(s, 7, "echo ${size}");
	tu_expect_line(s, 8, "torchrun --nproc_per_node=${gpus} train.py --size ${size} \\");
	tu_expect_line(s, 9, "--name ${name} ${@:3}");
	tu_expect_line(s, 11, ""); /* another recipe */
	free(s);
	/* a variable the command overrides (just model=opt train) is not assigned by the file */
	json_t *over = json_pack("{s:s}", "model", "opt");
	s = recipe_script(RK_JUST, justfile, strlen(justfile), NULL, over, &why);
	assert_non_null(s);
	tu_expect_line(s, 3, "");
	tu_expect_line(s, 6, "size=\"${1:-small}\" name=\"${2:-$model}\""); /* the first recipe */
	free(s);
	json_decref(over);
	s = recipe_script(RK_JUST, justfile, strlen(justfile), "deploy", NULL, &why);
	assert_null(s);
	assert_contains(why, "no recipe 'deploy'");
	free(why);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds),
		cmocka_unit_test(make_target),
		cmocka_unit_test(just_recipe),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
