/* merge_sacred.c - Sacred experiments (https://sacred.readthedocs.io/en/stable/configuration.html):
 * the local variables of the entry's @ex.config functions are its settings; `with NAME ...` applies the
 * @ex.named_config function NAME over them, and the `key=value` words after `with` (read as overrides
 * by progcfg.c) win over both. */
#include "mctx.h"

#include <string.h>

static void apply(struct ctx *c, json_t *list, int prio)
{
	size_t k;
	json_t *a;
	json_array_foreach(list, k, a)
	mg_hp_set_at(c, json_string_value(json_object_get(a, "name")), json_object_get(a, "value"), prio,
		     c->files[c->entry].rel, json_integer_value(json_object_get(a, "line")));
}

void mg_sacred(struct ctx *c)
{
	json_t *sac = c->entry >= 0 ? json_object_get(mg_py(c, c->entry), "sacred") : NULL;
	if (!sac)
		return;
	apply(c, json_object_get(sac, ""), HP_DEFAULT + 3);
	/* the words after `with`: named configs (no '=') in the order given */
	size_t n = json_array_size(c->lc.words), i = 0;
	while (i < n && strcmp(json_string_value(json_array_get(c->lc.words, i)) ?: "", "with"))
		i++;
	for (i++; i < n; i++) {
		const char *w = json_string_value(json_array_get(c->lc.words, i));
		if (!w || w[0] == '-')
			break;
		if (!strchr(w, '=') && json_object_get(sac, w) && *w)
			apply(c, json_object_get(sac, w), HP_CONFIG);
	}
}
