/* checks_container.c - container launches. NVIDIA's Pyxis/enroot options (srun/sbatch --container-image,
 * --container-mounts, ...; https://github.com/NVIDIA/pyxis/wiki/Usage) exist only where the site installed
 * the Pyxis SPANK plugin: on a cluster whose profile has no pyxis container route, sbatch and srun stop with
 * "unrecognized option", and the finding names the cluster's own container route. Where Pyxis may exist
 * (cluster unknown, or a pyxis route), a header --container-image runs the batch script itself inside
 * the image (Pyxis 0.12+), where srun is not available (https://github.com/NVIDIA/pyxis/issues/31,
 * https://github.com/NVIDIA/pyxis/issues/55): the launch's srun then fails. The plugin's options are
 * listed once, in src/script/launch_opts.c (pyxis_option).
 *
 * And a GPU launch whose container gets no GPU (container-no-gpu): apptainer/singularity without --nv on
 * NVIDIA GPUs (the image lacks the driver's libraries: https://apptainer.org/docs/user/latest/gpu.html),
 * or without --rocm on AMD where the cluster's route passes it (data/clusters containers: exec with
 * {{gpu}}; Frontier's documented route has none), podman-hpc/podman/docker without --gpu/--gpus/--device on
 * NVIDIA, docker/podman without both of ROCm's device nodes (--device /dev/kfd --device /dev/dri) on AMD,
 * and shifter without its gpu module on an NVIDIA cluster. The vendor is the node type's (the partition
 * picks it). Helper steps on the CPUs (a data step before the training) and CPU-only queues are not
 * checked; a flag that comes from a variable maple cannot read, or from APPTAINER_NV=1, counts as given. */
#include "checks.h"
#include "lookup.h"

#include "../script/launch_opts.h"
#include "../util/strbuf.h"

#include <stdio.h>
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

/* ---- container-no-gpu ---- */

/* GA_KFD, GA_DRI: one of the two device nodes ROCm needs in a docker/podman container (both: GA_GIVEN) */
enum gpu_access { GA_NONE, GA_GIVEN, GA_OTHER_VENDOR, GA_UNKNOWN, GA_KFD, GA_DRI };

/* Whether the comma list list holds item ("gpu,nccl-plugin" holds "gpu"). */
static bool list_has(const char *list, const char *item)
{
	size_t n = strlen(item);
	for (const char *p = list; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL)
		if (!strncmp(p, item, n) && (!p[n] || p[n] == ','))
			return true;
	return false;
}

/* What one option word w (and the word after it, next, or NULL) of runtime rt says of GPU access on
 * vendor's GPUs. */
static enum gpu_access flag_access(const char *rt, const char *vendor, const char *w, const char *next)
{
	bool nv = !strcmp(vendor, "nvidia");
	if (!strcmp(rt, "apptainer") || !strcmp(rt, "singularity")) {
		if (!strcmp(w, "--nv") || !strcmp(w, "--nvccli"))
			return nv ? GA_GIVEN : GA_OTHER_VENDOR;
		if (!strcmp(w, "--rocm"))
			return nv ? GA_OTHER_VENDOR : GA_GIVEN;
		return GA_NONE;
	}
	if (!strcmp(rt, "shifter")) {
		if (!strncmp(w, "--module=", 9) && list_has(w + 9, "gpu"))
			return GA_GIVEN;
		if ((!strcmp(w, "--module") || !strcmp(w, "-m")) && next && list_has(next, "gpu"))
			return GA_GIVEN;
		return GA_NONE;
	}
	/* NVIDIA: podman-hpc's gpu module (--gpu), docker/podman --gpus (the NVIDIA container toolkit), CDI
	 * (--device nvidia.com/gpu=all). AMD: ROCm's two device nodes (--device /dev/kfd --device /dev/dri, each a
	 * half: GA_KFD, GA_DRI), CDI (--device amd.com/gpu=all) or the AMD container runtime (--runtime=amd).
	 * https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html */
	const char *dev = !strncmp(w, "--device=", 9) ? w + 9 : !strcmp(w, "--device") && next ? next : NULL;
	const char *runtime = !strncmp(w, "--runtime=", 10) ? w + 10 : !strcmp(w, "--runtime") && next ? next : NULL;
	if (nv) {
		if (!strcmp(w, "--gpu") || !strncmp(w, "--gpus", 6) || (dev && strstr(dev, "nvidia")))
			return GA_GIVEN;
		if (dev && (strstr(dev, "/dev/kfd") || strstr(dev, "amd.com/")))
			return GA_OTHER_VENDOR;
		return GA_NONE;
	}
	if ((dev && strstr(dev, "amd.com/gpu")) || (runtime && !strcmp(runtime, "amd")))
		return GA_GIVEN;
	if (dev && !strncmp(dev, "/dev/kfd", 8))
		return GA_KFD;
	if (dev && !strncmp(dev, "/dev/dri", 8))
		return GA_DRI;
	if (!strncmp(w, "--gpus", 6) || (dev && strstr(dev, "nvidia")))
		return GA_OTHER_VENDOR;
	return GA_NONE;
}

/* The GPU access that the words [from, to) of command cmd give runtime rt: a flag written there, or in
 * the value of a variable they expand (OPTS="--nv -B /x"); GA_UNKNOWN when a word before the last is a
 * variable whose value maple cannot read (it may hold the flag). */
static enum gpu_access words_access(const struct jobscript *js, int cmd, int from, int to, const char *rt,
				    const char *vendor)
{
	const struct shwords *ws = &js->cmds[cmd].words;
	enum gpu_access best = GA_NONE;
	bool kfd = false, dri = false; /* ROCm's two device nodes, each a half of AMD's access */
	for (int k = from; k < to && (size_t)k < ws->nr; k++) {
		const struct shword *w = &ws->v[k];
		enum gpu_access a = flag_access(rt, vendor, w->value, k + 1 < to ? ws->v[k + 1].value : NULL);
		kfd |= a == GA_KFD, dri |= a == GA_DRI;
		if (kfd && dri)
			return GA_GIVEN;
		/* an option's value (-B "$DATA:/data", --bind=$X) holds no flag: only a word of its own may */
		if (w->value[0] == '-' || (k > from && ws->v[k - 1].value[0] == '-' && !strchr(ws->v[k - 1].value, '=') &&
					   (container_value_opt(ws->v[k - 1].value) || !strcmp(rt, "shifter")))) {
			if (a == GA_GIVEN)
				return a;
			if (a == GA_OTHER_VENDOR)
				best = a;
			continue;
		}
		/* the image word followed by another lone variable (apptainer exec $OPTS $SIF python ...: the
		 * reader took $OPTS for the image): options maple cannot read when its value is unknown */
		bool lone_next = k + 1 == to && (size_t)to < ws->nr && ws->v[to].nsegs == 1 &&
				 ws->v[to].segs[0].kind == SEG_VAR;
		for (size_t g = 0; a == GA_NONE && g < w->nsegs; g++) {
			if (w->segs[g].kind != SEG_VAR)
				continue;
			const struct assign *as = js_lookup(js, w->segs[g].text, cmd);
			if (!as || !as->has_value || !as->value.value || strstr(as->value.value, "$(") ||
			    as->value.value[0] == '$') {
				if (k + 1 < to || lone_next)
					a = GA_UNKNOWN; /* not the image: options maple cannot read */
				continue;
			}
			/* the value's own words (OPTS="--nv -B /x") */
			char cur[128], prev[128] = "";
			for (const char *p = as->value.value; a == GA_NONE;) {
				p += strspn(p, " \t");
				size_t n = strcspn(p, " \t");
				snprintf(cur, sizeof(cur), "%.*s", (int)(n < sizeof(cur) ? n : sizeof(cur) - 1), p);
				if (prev[0]) {
					a = flag_access(rt, vendor, prev, n ? cur : NULL);
					kfd |= a == GA_KFD, dri |= a == GA_DRI;
					if (kfd && dri)
						return GA_GIVEN;
					if (a == GA_KFD || a == GA_DRI)
						a = GA_NONE;
				}
				if (!n)
					break;
				memcpy(prev, cur, sizeof(prev));
				p += n;
			}
		}
		bool var_seg = false;
		for (size_t g = 0; g < w->nsegs; g++)
			var_seg |= w->segs[g].kind == SEG_VAR;
		if (a == GA_NONE && !var_seg && (k + 1 < to || lone_next) && strchr(w->value, '$'))
			a = GA_UNKNOWN; /* "${OPTS[@]}", $(site_flags): not readable here */
		if (a == GA_GIVEN || a == GA_UNKNOWN)
			return a;
		if (a == GA_OTHER_VENDOR)
			best = a;
	}
	if (best == GA_NONE && (kfd || dri))
		return kfd ? GA_KFD : GA_DRI; /* half of ROCm's devices */
	return best;
}

/* Whether the environment gives apptainer/singularity the flag (APPTAINER_NV=1, SINGULARITY_ROCM=1 ...). */
static bool env_gives_flag(const struct jobscript *js, const char *vendor)
{
	const char *const nv[] = {"APPTAINER_NV", "SINGULARITY_NV", "APPTAINER_NVCCLI", "SINGULARITY_NVCCLI", NULL};
	const char *const rocm[] = {"APPTAINER_ROCM", "SINGULARITY_ROCM", NULL};
	for (const char *const *n = strcmp(vendor, "nvidia") ? rocm : nv; *n; n++)
		if (set_anywhere(js, *n))
			return true;
	return false;
}

/* Whether an #SBATCH --module line loads Shifter's gpu module for the job. */
static bool header_shifter_gpu(const struct jobscript *js)
{
	for (size_t i = 0; i < js->ndirs; i++) {
		const struct directive *d = &js->dirs[i];
		if (d->kind == JS_SLURM && !d->ignored && d->spelled && !strcmp(d->spelled, "--module") && d->value &&
		    list_has(d->value, "gpu"))
			return true;
	}
	return false;
}

/* Whether the cluster's own route for runtime rt (apptainer and singularity are one) passes a GPU flag:
 * its exec words hold {{gpu}}, --nv or --rocm. */
static bool route_passes_flag(const struct cluster *c, const char *rt)
{
	for (size_t i = 0; i < c->ncontainers; i++) {
		const struct container_route *r = &c->containers[i];
		bool same = !strcasecmp(r->runtime, rt) ||
			    ((!strcmp(rt, "apptainer") || !strcmp(rt, "singularity")) &&
			     (!strcasecmp(r->runtime, "apptainer") || !strcasecmp(r->runtime, "singularity")));
		if (same && r->exec && (strstr(r->exec, "{{gpu}}") || strstr(r->exec, "--nv") || strstr(r->exec, "--rocm")))
			return true;
	}
	return false;
}

static void report_no_gpu(struct vctx *x, const struct stage *st, const char *rt, const char *vendor, enum gpu_access a,
			  enum severity sev)
{
	bool other = a == GA_OTHER_VENDOR;
	const struct jobscript *js = x->js;
	const struct jcmd *c = &js->cmds[st->cmd];
	int line, col, span;
	word_pos(x, st->cmd, st->first, &line, &col, &span);
	bool nv = !strcmp(vendor, "nvidia");
	bool app = !strcmp(rt, "apptainer") || !strcmp(rt, "singularity");
	const char *flag = app ? (nv ? "--nv" : "--rocm")
			   : !strcmp(rt, "shifter") ? "--module=gpu"
			   : nv ? "--gpu"
			   : a == GA_KFD ? "--device /dev/dri"
			   : a == GA_DRI ? "--device /dev/kfd"
					 : "--device /dev/kfd --device /dev/dri";
	const char *sub = app && st->first + 1 < (int)c->words.nr ? c->words.v[st->first + 1].value : "";
	struct strbuf fix = STRBUF_INIT, why = STRBUF_INIT;
	if (!strcmp(rt, "shifter"))
		strbuf_addf(&fix, "add #SBATCH --module=gpu,nccl-plugin to the header (or shifter --module=gpu ...)");
	else if (app)
		strbuf_addf(&fix, "%s%s: %s %s %s ...", other ? "replace the other vendor's flag with " : "add ", flag, rt,
			    sub, flag);
	else
		strbuf_addf(&fix, "%s%s: %s run %s ...", other ? (nv ? "replace AMD's devices with " : "replace NVIDIA's --gpus with ") : "add ",
			    flag, rt, flag);
	if (app && nv)
		strbuf_adds(&why, "without --nv apptainer does not bind the host's NVIDIA driver libraries into the image, so "
				  "CUDA finds no GPU (torch.cuda.is_available() is False)");
	else if (app)
		strbuf_adds(&why, "without --rocm apptainer does not bind the host's AMD GPU devices and libraries in, so "
				  "ROCm may find no GPU");
	else if (!strcmp(rt, "shifter"))
		strbuf_adds(&why, "Shifter's gpu module is what brings the CUDA driver into the image (NERSC loads it with "
				  "--module=gpu; the module may be a site default, check with `shifter --help`)");
	else if (!nv)
		strbuf_adds(&why, "ROCm in a docker/podman container needs both of the host's AMD device nodes, /dev/kfd "
				  "(the compute interface) and /dev/dri (the GPUs' render nodes); --gpus asks for NVIDIA's "
				  "container runtime (https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/"
				  "docker.html)");
	else
		strbuf_adds(&why, "a container started without a GPU option gets no GPU device");
	report(x, "container-no-gpu", sev, line, col, span, fix.buf,
	       "%s%s%s runs the training on %s's %s GPUs with no GPU access%s: %s; the job runs on CPUs or fails",
	       rt, app ? " " : "", app ? sub : "", x->c->name, nv ? "NVIDIA" : "AMD",
	       a == GA_KFD	  ? " (/dev/kfd without /dev/dri)"
	       : a == GA_DRI	  ? " (/dev/dri without /dev/kfd)"
	       : other && app	  ? (nv ? " (--rocm is AMD's flag)" : " (--nv is NVIDIA's flag)")
	       : other && nv	  ? " (/dev/kfd and amd.com devices are AMD's)"
	       : other		  ? " (--gpus is NVIDIA's)"
				  : "",
	       why.buf);
	strbuf_release(&fix);
	strbuf_release(&why);
}

/* Container stages of the GPU launches that give their container no GPU. */
static void container_gpu(struct vctx *x)
{
	const struct jobscript *js = x->js;
	if (!x->c || !x->c->hw.gpu_vendor || (x->queue && x->queue->cpu_only))
		return;
	const char *vendor = x->c->hw.gpu_vendor;
	bool nv = !strcasecmp(vendor, "nvidia");
	if (!nv && strcasecmp(vendor, "amd"))
		return; /* Intel's GPUs need no flag in apptainer (/dev/dri is bound by default) */
	vendor = nv ? "nvidia" : "amd";
	int main = js_main_launch(js);
	for (size_t l = 0; l < js->nlaunches; l++) {
		const struct launch *ln = &js->launches[l];
		if ((int)l != main && js_step_rank(js, (int)l) != 0)
			continue; /* a helper step on the CPUs (prepare_data.py before the training) */
		for (size_t s = 0; s < ln->nstages; s++) {
			const struct stage *st = &ln->stages[s];
			if (st->kind != SK_WRAPPER || !st->prog || strcmp(st->prog, "container"))
				continue;
			const struct jcmd *c = &js->cmds[st->cmd];
			const char *rt = base_name(c->words.v[st->first].value);
			bool app = !strcmp(rt, "apptainer") || !strcmp(rt, "singularity");
			if (app) {
				const char *sub = st->first + 1 < (int)c->words.nr ? c->words.v[st->first + 1].value : "";
				if (strcmp(sub, "exec") && strcmp(sub, "run") && strcmp(sub, "shell"))
					continue;
			}
			if (!strcmp(rt, "shifter") && (!nv || header_shifter_gpu(js)))
				continue;
			/* the words up to the next stage: the reader may take an options variable for the image */
			int end = st->last;
			if (s + 1 < ln->nstages && ln->stages[s + 1].cmd == st->cmd && ln->stages[s + 1].first > end)
				end = ln->stages[s + 1].first;
			enum gpu_access a = words_access(js, st->cmd, st->first + 1, end, rt, vendor);
			if (a == GA_GIVEN || a == GA_UNKNOWN || (app && env_gives_flag(js, vendor)))
				continue;
			if (app && !nv && !route_passes_flag(x->c, rt))
				continue; /* the centre's own route runs without --rocm (OLCF's on Frontier) */
			/* apptainer on AMD and shifter: a warning (a site default may give access); docker/podman
			 * with no device of the vendor's gets none */
			enum severity sev = (app && !nv) || !strcmp(rt, "shifter") ? SEV_WARNING : SEV_ERROR;
			report_no_gpu(x, st, rt, vendor, a, sev);
		}
	}
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
	container_gpu(x);
}
