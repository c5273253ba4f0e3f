/* container.c - the container image an old script runs its program from (apptainer/singularity exec
 * IMAGE, shifter with #SBATCH --image, podman-hpc run IMAGE) carried to a target that has a route for
 * that kind of image in its clusters/<id>.yaml `containers:`; where it has none, the drop is said with
 * the line and the image. A Pyxis/enroot image (srun --container-image) is never carried: the drop names
 * the target's route, the pull for its runtime and the words that port again from the pulled image. */
#include "port.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
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
static char *resolve_text(const struct jobscript *js, const char *v, int cmd, int depth)
{
	if (!strchr(v, '$'))
		return xstrdup(v);
	if (depth > 3)
		return NULL;
	/* each $NAME / ${NAME} through the value the script set it to before cmd (IMG_DIR=/x; IMG=pt.sif;
	 * ${IMG_DIR}/${IMG}); any other expansion, or a name the script does not set, and the image is unread */
	struct strbuf out = STRBUF_INIT;
	for (const char *p = v; *p;) {
		if (*p != '$') {
			strbuf_addch(&out, *p++);
			continue;
		}
		bool brace = p[1] == '{';
		const char *n = p + 1 + brace;
		size_t l = strspn(n, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
		if (!l || isdigit((unsigned char)n[0]) || (brace && n[l] != '}')) {
			strbuf_release(&out);
			return NULL;
		}
		char *name = xstrndup(n, l);
		const struct assign *a = js_lookup(js, name, cmd);
		free(name);
		char *val = a && a->has_value && a->value.value && a->value.value[0] ? resolve_text(js, a->value.value, cmd, depth + 1)
										       : NULL;
		if (!val) {
			strbuf_release(&out);
			return NULL;
		}
		strbuf_adds(&out, val);
		free(val);
		p = n + l + brace;
	}
	return strbuf_detach(&out);
}

static char *resolve(const struct jobscript *js, const struct shword *w, int cmd)
{
	return resolve_text(js, w->value, cmd, 0);
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
				return resolve_text(js, w + 8, s->cmd, 0);
			if (!strcmp(w, "--image") && i + 1 < s->last)
				return resolve(js, &c->words.v[i + 1], s->cmd);
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

const char *port_vendor_name(const char *v)
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

/* The image of a Pyxis/enroot launch (srun --container-image=IMG or --container-image IMG, or the header's
 * #SBATCH --container-image=IMG, https://github.com/NVIDIA/pyxis/wiki/Usage): "" when it is not a literal
 * maple can read, NULL when the launch has none; *line is where it is written. */
static char *pyxis_image(const struct jobscript *js, const struct launch *l, int *line)
{
	for (size_t st = 0; st < l->nstages; st++) {
		const struct stage *s = &l->stages[st];
		if (s->kind != SK_SRUN)
			continue;
		const struct jcmd *c = &js->cmds[s->cmd];
		for (int w = s->first; w < s->last && (size_t)w < c->words.nr; w++) {
			const char *v = c->words.v[w].value;
			if (strncmp(v, "--container-image", 17) || (v[17] && v[17] != '='))
				continue;
			*line = c->word_line ? c->word_line[w] : c->line;
			if (v[17] == '=') {
				/* the value after '=': a literal, or one $NAME the script set to a literal */
				char *r = NULL;
				if (!strchr(v + 18, '$'))
					r = xstrdup(v + 18);
				else if (c->words.v[w].nsegs >= 2 && c->words.v[w].segs[1].kind == SEG_VAR &&
					 c->words.v[w].nsegs == 2) {
					const struct assign *a = js_lookup(js, c->words.v[w].segs[1].text, s->cmd);
					if (a && a->has_value && a->value.value && !strchr(a->value.value, '$'))
						r = xstrdup(a->value.value);
				}
				return r ? r : xstrdup("");
			}
			if ((size_t)w + 1 >= c->words.nr)
				return xstrdup("");
			char *r = resolve(js, &c->words.v[w + 1], s->cmd);
			return r ? r : xstrdup("");
		}
	}
	for (size_t i = 0; i < js->lines.nr && (int)i + 1 < js->first_command_line; i++) {
		const char *p = strstr(js->lines.v[i], "--container-image=");
		if (!strncmp(js->lines.v[i], "#SBATCH", 7) && p) {
			*line = (int)i + 1;
			return xstrndup(p + 18, strcspn(p + 18, " \t"));
		}
	}
	return NULL;
}

/* A Pyxis/enroot image is not carried: the target's container runtime runs another format. The drop
 * names what to do on the target: the pull of the image for its runtime and the words that run the port
 * from it, or that it has no container route. */
static void port_pyxis(struct script_reading *sr, const struct cluster *target, const struct launch *l)
{
	int line = 0;
	char *image = pyxis_image(&sr->js, l, &line);
	if (!image)
		return;
	undrop(sr, "Pyxis/enroot option");
	undrop(sr, "`#SBATCH --container-image");
	struct strbuf why = STRBUF_INIT, uri = STRBUF_INIT;
	bool file = image[0] == '/' || image[0] == '.' || image[0] == '~' || strstr(image, ".sqsh");
	/* an enroot URI [USER@][REGISTRY#]IMAGE[:TAG] as the registry path runtimes pull */
	const char *at = strchr(image, '@'), *hash0 = strchr(image, '#');
	const char *img = at && hash0 && at < hash0 ? at + 1 : image; /* USER@ only before a REGISTRY# */
	const char *hash = strchr(img, '#');
	if (hash)
		strbuf_addf(&uri, "%.*s/%s", (int)(hash - img), img, hash + 1);
	else
		strbuf_adds(&uri, img);
	const struct container_route *route = target->ncontainers ? &target->containers[0] : NULL;
	strbuf_addf(&why, "line %d: `--container-image%s%s` not carried over: Pyxis/enroot ran the old job's tasks in %s%s",
		    line, image[0] ? "=" : "", image, image[0] ? (file ? "the enroot squashfs file " : "the image ") : "an image",
		    image[0] ? image : " maple cannot read (a variable set elsewhere?)");
	if (!route) {
		strbuf_addf(&why, "; %s has no container route maple knows (maple clusters %s): the port runs from its own "
				  "modules - install what the job needs there",
			    target->name, target->id);
	} else if (file || !image[0]) {
		strbuf_addf(&why, "; %s runs containers with %s: rebuild the image for it from the registry image it was "
				  "imported from, then port again with \"%s image IMAGE\"; until then the port runs from %s's own "
				  "modules",
			    target->name, route->runtime, route->runtime, target->name);
	} else {
		int kind = image_kind(route->runtime);
		const char *pull = !strcasecmp(route->runtime, "shifter")	 ? "shifterimg pull"
				   : !strcasecmp(route->runtime, "podman-hpc") ? "podman-hpc pull"
									       : NULL;
		if (kind == 1)
			strbuf_addf(&why, "; %s runs containers with %s: build it there first (%s pull IMAGE.sif docker://%s), then "
					  "port again with \"%s image IMAGE.sif\"",
				    target->name, route->runtime, route->runtime, uri.buf, route->runtime);
		else
			strbuf_addf(&why, "; %s runs containers with %s: pull it there first (%s %s), then port again with \"%s "
					  "image %s\"",
				    target->name, route->runtime, pull ? pull : route->runtime, uri.buf, route->runtime,
				    uri.buf);
		strbuf_addf(&why, "; until then the port runs from %s's own modules", target->name);
		/* NGC and CUDA builds run on NVIDIA GPUs only */
		bool cuda = !strncmp(uri.buf, "nvcr.io/", 8) || strstr(uri.buf, "cuda") || strstr(uri.buf, "nvidia/");
		if (cuda && target->hw.gpu_vendor && strcasecmp(target->hw.gpu_vendor, "nvidia"))
			strbuf_addf(&why, " (%s is a CUDA build for NVIDIA GPUs and %s's are %s: use a build for them)",
				    uri.buf, target->name, port_vendor_name(target->hw.gpu_vendor));
	}
	strvec_push(&sr->dropped, why.buf);
	strbuf_release(&why);
	strbuf_release(&uri);
	free(image);
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
	if (!s) {
		port_pyxis(sr, target, l);
		return;
	}
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
	/* an image holds programs for one CPU architecture: one built for Grace (aarch64) nodes does not start
	 * on x86_64 ones, nor the reverse - not carried, so the port runs from the target's own modules */
	const char *arch_was = sr->cluster && sr->cluster->hw.cpu_arch ? sr->cluster->hw.cpu_arch : sr->cluster ? "x86_64" : NULL;
	const char *arch_now = target->hw.cpu_arch ? target->hw.cpu_arch : "x86_64";
	if (route && image && arch_was && strcmp(arch_was, arch_now)) {
		strvec_pushf(&sr->dropped,
			     "line %d: `%s` not carried over: the image %s was run on %s's %s nodes and %s's are %s, where "
			     "its programs do not start; the port runs from %s's own modules - say \"%s image IMAGE\" with "
			     "an image built for %s to run it from a container",
			     line, rt, image, sr->cluster->name, arch_was, target->name, arch_now, target->name, route->runtime,
			     arch_now);
	} else if (route && image) {
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
		if (!arch_was && strcmp(arch_now, "x86_64"))
			request_warn(req, "line %d: %s's nodes are %s: the image %s runs there only if it was built for %s "
					  "(or for several architectures); an x86_64 image does not start",
				     line, target->name, arch_now, image, arch_now);
		/* an image built for one vendor's GPUs (CUDA) does not run on another's (ROCm, oneAPI) */
		const char *was = image_vendor(js, s, sr->cluster), *now = target->hw.gpu_vendor;
		if (was && now && strcasecmp(was, now))
			request_warn(req,
				     "line %d: the image %s was run for %s GPUs, and %s's are %s: the framework in it will not "
				     "see them; use a build of the image for %s GPUs (its path in the script is the place to change)",
				     line, image, port_vendor_name(was), target->name, port_vendor_name(now), port_vendor_name(now));
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
