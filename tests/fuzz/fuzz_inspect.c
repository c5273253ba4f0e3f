/* fuzz_inspect.c - the readers `maple inspect` runs on the files of a job's directory: every input is
 * read as a config in each format (YAML, JSON, TOML, Gin, INI), as dependency lists (requirements,
 * conda environment, pyproject), as setup.cfg, as Python source and as a shell wrapper (whose launch
 * line is then followed), and its first line as a launch command and the whole as a README block. */
#include "fuzz.h"

#include "inspect/cmdline.h"
#include "inspect/configs.h"
#include "inspect/deps.h"
#include "inspect/pyscan.h"
#include "inspect/setupcfg.h"
#include "inspect/shscan.h"
#include "inspect/walk.h"
#include "util/xalloc.h"

#include <jansson.h>

/* the result turned to text, as `inspect --json` does, then freed */
static void done(json_t *j)
{
	char *s = json_dumps(j, JSON_COMPACT);
	free(s);
	json_decref(j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	static const enum config_format formats[] = {CF_YAML, CF_JSON, CF_TOML, CF_GIN, CF_INI};
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		done(config_scan(formats[i], text, size));
	static const enum file_kind kinds[] = {FK_REQUIREMENTS, FK_ENVIRONMENT, FK_PYPROJECT};
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		done(deps_scan(kinds[i], text, size));
	done(setupcfg_scan(text, size));
	done(pyscan(text, size));
	/* a wrapper script: its logical lines, then the line that launches Python with two arguments */
	json_t *lines = shscan(text, size);
	if (lines) {
		json_t *argv = json_pack("[ss]", "--lr", "3e-4");
		json_t *env = json_pack("{ss}", "NGPUS", "4");
		long long line = 0;
		char *cmd = sh_follow(lines, argv, env, &line);
		if (cmd) {
			struct launch_cmd lc;
			launch_cmd_parse(cmd, &lc);
			launch_cmd_release(&lc);
			free(cmd);
		}
		json_decref(argv);
		json_decref(env);
		done(lines);
	}
	/* the first line as a launch command (a README's `torchrun ... train.py`), the whole as a block */
	char *nl = memchr(text, '\n', size);
	char *first = xstrndup(text, nl ? (size_t)(nl - text) : size);
	struct launch_cmd lc;
	launch_cmd_parse(first, &lc);
	launch_cmd_release(&lc);
	free(first);
	char *cwd = NULL;
	char *flat = cmd_block_flatten(text, &cwd);
	free(flat);
	free(cwd);
	free(text);
	return 0;
}
