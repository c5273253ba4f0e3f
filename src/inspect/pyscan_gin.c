/* pyscan_gin.c - gin-config's configurables in a Python file: `@gin.configurable` over a module-level function or
 * a class makes its keyword parameters (the class's __init__'s) bindable as NAME.param in .gin files and
 * --gin_bindings, their defaults standing where nothing binds them (https://github.com/google/gin-config
 * docs/index.md). Learned from google/dopamine (run_experiment.Runner, jax/agents/dqn/dqn_agent.py). */
#include "pyscan_int.h"

#include "../util/strbuf.h"

#include <jansson.h>
#include <string.h>

/* gin's @gin.configurable (also @gin.configurable('name'), @configurable) over a module-level function or a class:
 * {NAME: [{name, value, line}]}, the keyword defaults of the function or of the class's __init__, which gin
 * binds as NAME.param (google/dopamine's Runner, JaxDQNAgent, create_optimizer); NULL when none. */
json_t *pyscan_gin_sigs(const struct toks *ts)
{
	json_t *out = NULL;
	for (size_t i = 0; i + 2 < ts->n; i++) {
		if (!op(&ts->v[i], "@") || (i > 0 && ts->v[i - 1].t != T_NEWLINE))
			continue;
		struct strbuf d = STRBUF_INIT;
		size_t k = pyscan_dotted(ts, i + 1, &d);
		bool gin = (d.len >= 16 && !memcmp(d.buf + d.len - 16, "gin.configurable", 16)) ||
			   (d.len == 12 && !memcmp(d.buf, "configurable", 12));
		strbuf_release(&d);
		if (!gin)
			continue;
		int ind = ts->v[i].indent;
		/* past the decorator's line (and its arguments) to the def or class */
		while (k < ts->n && ts->v[k].t != T_NEWLINE)
			k++;
		while (k < ts->n && (ts->v[k].t == T_NEWLINE || op(&ts->v[k], "@"))) {
			if (op(&ts->v[k], "@"))
				while (k < ts->n && ts->v[k].t != T_NEWLINE)
					k++;
			else
				k++;
		}
		if (k + 2 >= ts->n || ts->v[k].indent != ind || ts->v[k + 1].t != T_NAME)
			continue;
		char name[128];
		snprintf(name, sizeof(name), "%.*s", (int)ts->v[k + 1].len, ts->v[k + 1].s);
		json_t *sig = NULL;
		if (kw(&ts->v[k], "def") && op(&ts->v[k + 2], "(")) {
			sig = pyscan_signature_defaults(ts, k + 2);
		} else if (kw(&ts->v[k], "class")) {
			for (size_t q = k + 2; q + 2 < ts->n; q++) {
				if (ts->v[q].indent >= 0 && ts->v[q].indent <= ind && ts->v[q].t != T_NEWLINE)
					break; /* the class's body ended */
				if (kw(&ts->v[q], "def") && ts->v[q + 1].t == T_NAME && ts->v[q + 1].len == 8 &&
				    !memcmp(ts->v[q + 1].s, "__init__", 8) && op(&ts->v[q + 2], "(")) {
					sig = pyscan_signature_defaults(ts, q + 2);
					break;
				}
			}
		}
		if (sig && json_array_size(sig)) {
			if (!out)
				out = json_object();
			json_object_set_new(out, name, sig);
		} else {
			json_decref(sig);
		}
	}
	return out;
}
