/* container.c - the container image an old script runs its program from (apptainer/singularity exec
 * IMAGE, shifter with #SBATCH --image, podman-hpc run IMAGE) carried to a target that has a route for
 * that kind of image in its clusters/<id>.yaml `containers:`; where it has none, the drop is said with
 * the line and the image. */
#include "port.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The kind of image a runtime runs: SIF files (apptainer, singularity) or registry images (shifter,
 * podman-hpc). */
static int image_kind(const char *runtime)
{
	if (!strcasecmp(runtime, "apptainer") || !strcasecmp(runtime, "singularity"))
		return 1;
	if (!strcasecmp(runtime, "shifter") || !strcasecmp(runtime, "podman-hpc"))
		return 2;
	return 0;
}

/* A word's value with a plain $NAME / ${NAME} replaced by the literal the script set it to. */
static char *resolve(const struct jobscript *js, const struct shword *w, int cmd)
{
	const char *v = w->value;
	if (v[0] != '$')
		return strchr(v, '$') ? NULL : xstrdup(v);
	const char *n = v + 1 + (v[1] == '{');
	size_t l = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
	if (!l || n[l] != (v[1] == '{' ? '}' : '\0') || (v[1] == '{' && n[l + 1]))
		return NULL;
	char *name = xstrndup(n, l);
	const struct assign *a = js_lookup(js, name, cmd);
	free(name);
	if (!a || !a->has_value || !a->value.value || strchr(a->value.value, '$') || !a->value.value[0])
		return NULL;
	return xstrdup(a->value.value);
}

/* The runtime a container stage runs (the base name of its first word: "apptainer", "shifter" ...). */
static const char *stage_runtime(const struct jobscript *js, const struct stage *s)
{
	const char *w = js->cmds[s->cmd].words.v[s->first].value, *b = strrchr(w, '/');
	return b ? b + 1 : w;
}

/* The image of the container stage s (NULL when it is not written as a literal maple can read): the
 * launch reader ends an exec/run stage at its image; shifter names it with --image= or the header's
 * #SBATCH --image=. */
static char *stage_image(const struct jobscript *js, const struct stage *s)
{
	const struct jcmd *c = &js->cmds[s->cmd];
	if (!strcmp(stage_runtime(js, s), "shifter")) {
		for (int i = s->first + 1; i < s->last; i++) {
			const char *w = c->words.v[i].value;
			if (!strncmp(w, "--image=", 8))
				return xstrdup(w + 8);
			if (!strcmp(w, "--image") && i + 1 < s->last)
				return xstrdup(c->words.v[i + 1].value);
		}
		for (size_t i = js->ndirs; i-- > 0;) {
			const struct directive *d = &js->dirs[i];
			if (d->ignored || d->kind != js->sched || !d->opt || strcmp(d->opt, "image") || !d->value)
				continue;
			return xstrdup(d->value);
		}
		for (size_t i = 0; i < js->lines.nr && (int)i + 1 < js->first_command_line; i++) {
			/* NERSC's --image is no option of Slurm's own table: the header line as written */
			const char *p = strstr(js->lines.v[i], "--image=");
			if (!strncmp(js->lines.v[i], "#SBATCH", 7) && p) {
				size_t n = strcspn(p + 8, " \t#");
				if (n)
					return xstrndup(p + 8, n);
			}
		}
		return NULL;
	}
	if (s->last - 1 <= s->first + 1 || c->words.v[s->last - 1].value[0] == '-')
		return NULL;
	return resolve(js, &c->words.v[s->last - 1], s->cmd);
}

/* The GPU vendor the old launch ran its image for: --nv (NVIDIA) or --rocm (AMD) on the stage, else the
 * old cluster's; NULL when neither says. */
static const char *image_vendor(const struct jobscript *js, const struct stage *s, const struct cluster *old)
{
	const struct jcmd *c = &js->cmds[s->cmd];
	for (int i = s->first + 1; i < s->last; i++) {
		if (!strcmp(c->words.v[i].value, "--nv") || !strcmp(c->words.v[i].value, "--nvccli"))
			return "nvidia";
		if (!strcmp(c->words.v[i].value, "--rocm"))
			return "amd";
	}
	return old && old->hw.gpu_vendor ? old->hw.gpu_vendor : NULL;
}

static const char *vendor_name(const char *v)
{
	return !strcasecmp(v, "nvidia") ? "NVIDIA" : !strcasecmp(v, "amd") ? "AMD" : !strcasecmp(v, "intel") ? "Intel" : v;
}

/* Removes from sr->dropped the entries that hold needle. */
static void undrop(struct script_reading *sr, const char *needle)
{
	size_t k = 0;
	for (size_t i = 0; i < sr->dropped.nr; i++) {
		if (strstr(sr->dropped.v[i], needle))
			free(sr->dropped.v[i]);
		else
			sr->dropped.v[k++] = sr->dropped.v[i];
	}
	sr->dropped.nr = k;
	if (sr->dropped.v)
		sr->dropped.v[k] = NULL;
}

void port_container(struct script_reading *sr, const struct cluster *target, struct request *req)
{
	const struct jobscript *js = &sr->js;
	if (sr->plan.launch < 0 || (req->container_image && *req->container_image))
		return;
	const struct launch *l = &js->launches[sr->plan.launch];
	const struct stage *s = NULL;
	for (size_t i = 0; i < l->nstages && !s; i++)
		if (l->stages[i].kind == SK_WRAPPER && image_kind(stage_runtime(js, &l->stages[i])))
			s = &l->stages[i];
	if (!s)
		return;
	const char *rt = stage_runtime(js, s);
	int line = js->cmds[s->cmd].word_line ? js->cmds[s->cmd].word_line[s->first] : js->cmds[s->cmd].line;
	char *image = stage_image(js, s);
	const struct container_route *route = NULL;
	for (size_t i = 0; i < target->ncontainers && !route; i++)
		if (image_kind(target->containers[i].runtime) == image_kind(rt))
			route = &target->containers[i];
	char needle[64];
	snprintf(needle, sizeof(needle), "`%s` not carried over", rt);
	undrop(sr, needle);
	if (route && image) {
		request_set(&req->container_image, image);
		request_set(&req->container_runtime, route->runtime);
		if (!strcmp(rt, "shifter"))
			undrop(sr, "#SBATCH --image");
		bool file = image_kind(rt) == 1 && image[0] == '/' && strncmp(image, "/home", 5);
		bool other = strcasecmp(rt, route->runtime) != 0;
		request_warn(req, "line %d: the container image %s (%s) is carried over: %s runs it with %s%s%s%s%s", line,
			     image, rt, target->name, route->runtime,
			     file && sr->cluster != target
				     ? " (the image file is at the old centre's path: copy it to the target and correct the path)"
				     : "",
			     other ? " (make the image available to " : "", other ? route->runtime : "",
			     other ? " first, as its documentation says; the old runtime's own options are not carried)" : "");
		/* an image built for one vendor's GPUs (CUDA) does not run on another's (ROCm, oneAPI) */
		const char *was = image_vendor(js, s, sr->cluster), *now = target->hw.gpu_vendor;
		if (was && now && strcasecmp(was, now))
			request_warn(req,
				     "line %d: the image %s was run for %s GPUs, and %s's are %s: the framework in it will not "
				     "see them; use a build of the image for %s GPUs (its path in the script is the place to change)",
				     line, image, vendor_name(was), target->name, vendor_name(now), vendor_name(now));
	} else if (route) {
		strvec_pushf(&sr->dropped,
			     "line %d: `%s` not carried over: the container image is not written as a name maple can read "
			     "(a variable set elsewhere?); say \"%s image IMAGE\" to run the port from %s's %s",
			     line, rt, route->runtime, target->name, route->runtime);
	} else {
		strvec_pushf(&sr->dropped,
			     "line %d: `%s` not carried over: the container image%s%s is dropped, %s has no route for %s "
			     "images (maple clusters %s); the port runs from %s's own modules - install the program's "
			     "Python packages there, or convert the image for a runtime %s has",
			     line, rt, image ? " " : "", image ? image : "", target->name,
			     image_kind(rt) == 1 ? "SIF (apptainer/singularity)" : "registry (shifter/podman-hpc)",
			     target->id, target->name, target->name);
	}
	free(image);
}
