/* launcher.c - the cluster's launcher for one task on one node (clusters/<id>.yaml
 * `launcher_one_task:`): the words a port puts before a single-task helper step (a data preparation
 * or evaluation run around the training launch) so that it runs once, on one node, under the
 * target's own launcher. Checked on load: one line, starting with the profile's `launcher` word,
 * plain words only (it is a prefix, not a command), with the documentation URL it comes from. */
#include "load.h"

#include <string.h>

static const char *const one_task_keys[] = {"line", "source", "reliability", NULL};
static const char *const one_task_req[] = {"line", "source", NULL};

void rl_launcher_one_task(struct ydoc *y, yaml_node_t *map, struct cluster *c)
{
	c->one_task.text = NULL;
	if (!map)
		return;
	if (!ymap_check(y, map, "launcher_one_task", one_task_keys, one_task_req))
		return;
	yget_str(y, map, "line", &c->one_task.text);
	rl_source(y, map, &c->one_task.src, true);
	const char *t = c->one_task.text;
	if (!t)
		return;
	yaml_node_t *ln = ymap_get(y, map, "line");
	size_t n = strcspn(t, " \t");
	if (t[strcspn(t, "\n;|&$`<>(){}\"'\\")])
		yerr(y, ln, "launcher_one_task '%s' must be plain words on one line (a prefix put before the step's "
			    "command), without quotes, variables or shell operators",
		     t);
	else if (c->launcher && (strncmp(t, c->launcher, n) || strlen(c->launcher) != n))
		yerr(y, ln, "launcher_one_task '%s' must start with the cluster's launcher '%s'", t, c->launcher);
	else if (!t[n])
		yerr(y, ln, "launcher_one_task '%s' must give the launcher's options for one task, not only its name", t);
}
