/* array.c - a job array (#SBATCH --array=0-4, #PBS -J 0-4) carried to the target's scheduler, so the
 * array index the program reads ($SLURM_ARRAY_TASK_ID, renamed $PBS_ARRAY_INDEX under PBS) is set there
 * too; an index list the target's syntax cannot say is named as not carried over; an argument that is one
 * element of a carried bash array is picked into a plain variable the launch's tasks inherit. */
#include "port.h"

#include "../shell/words.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct directive *array_directive(const struct jobscript *js)
{
	return js->sched == JS_SLURM || js->sched == JS_PBS ? js_directive(js, "array") : NULL;
}

/* The index range in the target's syntax (a new string), or NULL when it cannot say it. *throttle: the
 * Slurm %N limit of running tasks was dropped (PBS has none). */
static char *array_spec(const char *spec, bool to_pbs, bool *throttle)
{
	*throttle = false;
	if (!to_pbs)
		return xstrdup(spec); /* Slurm takes PBS's X-Y[:Z] as it is */
	size_t n = strspn(spec, "0123456789");
	if (!n || spec[n] != '-')
		return NULL;
	size_t m = strspn(spec + n + 1, "0123456789");
	if (!m)
		return NULL;
	const char *rest = spec + n + 1 + m;
	size_t len = (size_t)(rest - spec);
	if (rest[0] == ':') {
		size_t k = strspn(rest + 1, "0123456789");
		if (!k)
			return NULL;
		len += 1 + k;
		rest += 1 + k;
	}
	if (rest[0] == '%' && strspn(rest + 1, "0123456789") == strlen(rest + 1) && rest[1])
		*throttle = true, rest += strlen(rest);
	return *rest ? NULL : xstrndup(spec, len);
}

char *port_array_line(const struct script_reading *sr, const struct cluster *target)
{
	const struct directive *d = array_directive(&sr->js);
	bool to_pbs = target->scheduler == SCHED_PBS, throttle;
	char *spec = d && d->value ? array_spec(d->value, to_pbs, &throttle) : NULL;
	if (!spec)
		return NULL;
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, to_pbs ? "#PBS -J %s" : "#SBATCH --array=%s", spec);
	free(spec);
	return strbuf_detach(&sb);
}

void port_array(struct script_reading *sr, const struct cluster *target, struct request *req)
{
	const struct directive *d = array_directive(&sr->js);
	if (!d || !d->value)
		return;
	char needle[48];
	snprintf(needle, sizeof(needle), "line %d: `", d->line);
	for (size_t i = 0; i < sr->dropped.nr; i++) {
		if (strncmp(sr->dropped.v[i], needle, strlen(needle)))
			continue;
		free(sr->dropped.v[i]);
		memmove(&sr->dropped.v[i], &sr->dropped.v[i + 1], (sr->dropped.nr - i) * sizeof(char *));
		sr->dropped.nr--;
		break;
	}
	bool throttle;
	char *spec = array_spec(d->value, target->scheduler == SCHED_PBS, &throttle);
	char *line = port_array_line(sr, target);
	if (line)
		request_warn(req, "line %d: the job array %s is carried over: `%s`%s", d->line, d->value, line,
			     throttle ? " (PBS has no limit of running elements: the %N of the old script is dropped)" : "");
	else
		strvec_pushf(&sr->dropped,
			     "line %d: the job array %s is not carried over: %s's syntax (-J X-Y[:STEP]) cannot say it; the "
			     "port is one job - add the array to it by hand",
			     d->line, d->value, target->name);
	free(spec);
	free(line);
	/* a rendezvous port the old script made per element (29500 + $SLURM_ARRAY_TASK_ID), so that elements
	 * sharing a node do not take the same one: the port's launch sets one port for every element */
	const struct assign *a = js_lookup(&sr->js, "MASTER_PORT", (int)sr->js.ncmds);
	if (a && a->has_value && a->value.raw &&
	    (strstr(a->value.raw, "ARRAY_TASK_ID") || strstr(a->value.raw, "PBS_ARRAY_INDEX")))
		request_warn(req, "line %d: MASTER_PORT was set per array element (%s) so that elements sharing a node do "
				  "not use the same port; the port's launch sets one port for every element - run each "
				  "element on whole nodes, or set MASTER_PORT from %s in the port's launch section by hand",
			     a->line, a->value.raw, target->scheduler == SCHED_PBS ? "$PBS_ARRAY_INDEX" : "$SLURM_ARRAY_TASK_ID");
}

void port_insert_header(struct strbuf *script, const char *line)
{
	if (!line)
		return;
	/* after the last #SBATCH/#PBS line of the header (before the first blank line) */
	size_t at = 0;
	for (size_t p = 0; p < script->len;) {
		const char *nl = memchr(script->buf + p, '\n', script->len - p);
		size_t e = nl ? (size_t)(nl - script->buf) + 1 : script->len;
		if (e - p <= 1)
			break;
		if (!strncmp(script->buf + p, "#SBATCH", 7) || !strncmp(script->buf + p, "#PBS", 4))
			at = e;
		p = e;
	}
	if (!at)
		return;
	struct strbuf out = STRBUF_INIT;
	strbuf_add(&out, script->buf, at);
	strbuf_addf(&out, "%s\n", line);
	strbuf_adds(&out, script->buf + at);
	strbuf_release(script);
	*script = out;
}

void port_array_elements(struct request *req)
{
	/* an argument that is one element of a carried bash array ("${SEEDS[$SLURM_ARRAY_TASK_ID]}"): the
	 * launch's per-task shells inherit no arrays, so the element is picked into a plain exported variable
	 * before the launch and the argument reads that */
	for (size_t i = 0; i < req->args.nr; i++) {
		struct shword *w = &req->args.v[i];
		const char *r = w->raw ? w->raw : "";
		bool q = r[0] == '"';
		if (strncmp(r + q, "${", 2))
			continue;
		const char *t = r + q + 2, *br = t + strspn(t, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		const char *close = strstr(br, "]}");
		if (*br != '[' || br == t || br[1] == '@' || br[1] == '*' || !close || strcmp(close + 2, q ? "\"" : ""))
			continue;
		char name[64], sub[128];
		size_t n = (size_t)(br - t), sl = (size_t)(close - br - 1);
		const char *qt = strpbrk(br + 1, "\"'`");
		if (n + 6 >= sizeof(name) || sl >= sizeof(sub) || (qt && qt < close))
			continue;
		memcpy(name, t, n);
		name[n] = '\0';
		memcpy(sub, br + 1, sl);
		sub[sl] = '\0';
		int e = strvec_find(&req->env_names, name);
		if (e < 0 || !(req->env_values.v[e].flags & SHW_ARRAY_VALUE))
			continue;
		/* (only an array the port writes back as one: elements with quotes or expansions are written as
		 * one string - synth.c's write_array - where "${TAGS[0]}" would be the whole string; the synth
		 * says to pick the element by hand) */
		const char *av = req->env_values.v[e].value ? req->env_values.v[e].value : "";
		if (strpbrk(av, "'\"\\$`(){}[];&|<>*?!"))
			continue;
		struct strbuf pick = STRBUF_INIT, use = STRBUF_INIT;
		strbuf_addf(&pick, "%s_ITEM", name);
		if (strvec_find(&req->env_names, pick.buf) >= 0) {
			strbuf_release(&pick);
			continue;
		}
		strbuf_addf(&use, "\"${%s[%s]}\"", name, sub);
		struct shwords v, a;
		shwords_init(&v);
		shwords_init(&a);
		shlex_split(use.buf, use.len, &v);
		strbuf_reset(&use);
		strbuf_addf(&use, "\"${%s}\"", pick.buf);
		shlex_split(use.buf, use.len, &a);
		if (v.nr == 1 && a.nr == 1) {
			request_warn(req, "argument %s: the element is picked into %s before the launch (the launch's tasks "
					  "inherit no bash arrays)",
				     w->value, pick.buf);
			strvec_push(&req->env_names, pick.buf);
			shwords_push(&req->env_values, &v.v[0]);
			v.nr = 0;
			a.v[0].start = w->start;
			a.v[0].end = w->end;
			shword_release(w);
			*w = a.v[0];
			a.nr = 0;
		}
		shwords_release(&v);
		shwords_release(&a);
		strbuf_release(&pick);
		strbuf_release(&use);
	}
}
