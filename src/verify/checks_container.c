/* checks_container.c - NVIDIA's Pyxis/enroot options (srun/sbatch --container-image, --container-mounts,
 * ...; https://github.com/NVIDIA/pyxis/wiki/Usage). They exist only where the site installed the Pyxis
 * SPANK plugin: on a cluster whose profile has no pyxis container route, sbatch and srun stop with
 * "unrecognized option", and the finding names the cluster's own container route. Where Pyxis may exist
 * (cluster unknown, or a pyxis route), a header --container-image runs the batch script itself inside
 * the image (Pyxis 0.12+), where srun is not available (https://github.com/NVIDIA/pyxis/issues/31,
 * https://github.com/NVIDIA/pyxis/issues/55): the launch's srun then fails. The plugin's options are
 * listed once, in src/script/launch_opts.c (pyxis_option). */
#include "checks.h"

#include "../util/strbuf.h"

#include <string.h>
#include <strings.h>

/* Whether the cluster's profile says Pyxis is installed (a containers: route with runtime pyxis). */
static bool has_pyxis(const struct cluster *c)
{
	for (size_t i = 0; c && i < c->ncontainers; i++)
		if (c->containers[i].runtime && !strcasecmp(c->containers[i].runtime, "pyxis"))
			return true;
	return false;
}

/* Appends t with {{image}} as IMAGE and {{gpu}} as the GPU flag for vendor. */
static void fill(const char *t, const char *gpu, struct strbuf *out)
{
	while (*t) {
		if (!strncmp(t, "{{image}}", 9)) {
			strbuf_adds(out, "IMAGE");
			t += 9;
		} else if (!strncmp(t, "{{gpu}}", 7)) {
			strbuf_adds(out, gpu);
			t += 7;
		} else {
			strbuf_addf(out, "%c", *t++);
		}
	}
}

/* "NERSC Perlmutter runs containers with shifter: `#SBATCH --image=IMAGE` ... and `shifter` before the
 * program", or that maple knows none. */
static void route_text(const struct cluster *c, struct strbuf *out)
{
	if (!c->ncontainers) {
		strbuf_addf(out, "%s has no container route maple knows: run from its modules", c->name);
		return;
	}
	const struct container_route *r = &c->containers[0];
	const char *gpu = c->hw.gpu_vendor && !strcasecmp(c->hw.gpu_vendor, "nvidia") ? "--nv"
			  : c->hw.gpu_vendor && !strcasecmp(c->hw.gpu_vendor, "amd")  ? "--rocm"
										      : "";
	strbuf_addf(out, "%s runs containers with %s:", c->name, r->runtime);
	for (size_t i = 0; i < r->nheader; i++) {
		strbuf_adds(out, i ? ", `" : " `");
		fill(r->header[i].text, gpu, out);
		strbuf_adds(out, "`");
	}
	strbuf_adds(out, r->nheader ? " and `" : " `");
	fill(r->exec ? r->exec : r->runtime, gpu, out);
	strbuf_adds(out, "` before the program");
}

static void missing(struct vctx *x, int line, int col, int span, const char *spelled, const char *tool)
{
	struct strbuf why = STRBUF_INIT, fix = STRBUF_INIT;
	route_text(x->c, &why);
	strbuf_addf(&fix, "port it: maple port SCRIPT --to %s (it names the pull of the image for %s's runtime)", x->c->id,
		    x->c->name);
	report(x, "container-plugin-missing", SEV_ERROR, line, col, span, fix.buf,
	       "'%.*s' is an option of NVIDIA's Pyxis/enroot plugin for Slurm, which %s does not have: %s stops with "
	       "\"unrecognized option\"; %s",
	       (int)strcspn(spelled, "="), spelled, x->c->name, tool, why.buf);
	strbuf_release(&why);
	strbuf_release(&fix);
}

void check_container(struct vctx *x)
{
	const struct jobscript *js = x->js;
	bool pyxis_here = !x->c || has_pyxis(x->c);
	const struct directive *image = NULL;
	for (size_t i = 0; i < js->ndirs; i++) {
		const struct directive *d = &js->dirs[i];
		if (d->kind != JS_SLURM || d->ignored || !pyxis_option(d->spelled))
			continue;
		if (!pyxis_here)
			missing(x, d->line, d->col, d->span, d->spelled, "sbatch");
		else if (!image && !strncmp(d->spelled, "--container-image", 17))
			image = d;
	}
	for (size_t ci = 0; ci < js->ncmds; ci++) {
		const struct jcmd *c = &js->cmds[ci];
		size_t w = 0;
		for (; w < c->words.nr; w++) {
			const char *v = c->words.v[w].value, *b = strrchr(v, '/');
			if (!strcmp(b ? b + 1 : v, "srun"))
				break;
		}
		if (w == c->words.nr)
			continue;
		bool srun_seen = false;
		for (size_t k = w + 1; k < c->words.nr; k++) {
			const char *v = c->words.v[k].value, *prev = c->words.v[k - 1].value;
			/* srun's options end at the program: a word that is no option and no option's value
			 * (`-N 2`, `--container-image IMG`); the program's own options are not srun's */
			if (v[0] != '-' && (k == w + 1 || prev[0] != '-' || strchr(prev, '=') || !strncmp(v, "python", 6) ||
					    !strcmp(v, "torchrun") || !strcmp(v, "bash")))
				break;
			if (pyxis_option(v) && !pyxis_here) {
				int line, col, span;
				word_pos(x, (int)ci, (int)k, &line, &col, &span);
				missing(x, line, col, span, v, "srun");
				break; /* one finding per srun line */
			}
		}
		/* the header's image wraps the batch shell: an srun that names no image of its own fails there */
		if (image && c->depth == 0) {
			for (size_t k = w + 1; k < c->words.nr && !srun_seen; k++)
				if (!strncmp(c->words.v[k].value, "--container-image", 17))
					srun_seen = true;
			if (!srun_seen) {
				int line, col, span;
				word_pos(x, (int)ci, (int)w, &line, &col, &span);
				struct strbuf fix = STRBUF_INIT;
				strbuf_addf(&fix, "move the container options from the #SBATCH lines to this srun line (srun "
						  "%s ...)",
					    image->spelled);
				report(x, "container-batch-srun", SEV_ERROR, line, col, span, fix.buf,
				       "srun inside a batch script that #SBATCH --container-image (line %d) runs in the image: "
				       "Pyxis starts the batch shell in the container, where srun and Slurm's configuration "
				       "are not available",
				       image->line);
				strbuf_release(&fix);
			}
		}
	}
}
