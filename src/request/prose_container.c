/* prose_container.c - the container a request asks the job to run in: "shifter image
 * nersc/pytorch:24.06.01", "apptainer container /sw/external/NGC/pytorch_24.01-py3.sif", "singularity
 * exec --nv pytorch_latest.sif", "the NGC container docker://nvcr.io/nvidia/pytorch:24.01-py3". An image
 * is taken only where the text also says container words (or the image cannot be anything else: a
 * docker:// reference, a .sif file); a runtime or container named without an image leaves the image
 * empty, which the rules turn into a question. */
#include "reader.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The token's text as written (t->raw holds at most 95 bytes): punctuation around it trimmed. */
static char *tok_text(const struct ctx *c, size_t i)
{
	size_t st = c->t[i].start, en = c->t[i].end;
	while (st < en && (c->text[st] == '(' || c->text[st] == '"' || c->text[st] == '\'' || c->text[st] == '`'))
		st++;
	while (en > st && strchr(",;)\"'`", c->text[en - 1]))
		en--;
	if (en > st && c->text[en - 1] == '.' && (en - st < 5 || strncasecmp(c->text + en - 4, ".sif", 4)))
		en--; /* a sentence's full stop, not ".sif" */
	return xstrndup(c->text + st, en - st);
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && !strcasecmp(s + a - b, suffix);
}

/* 2: certainly an image (docker://..., a .sif file; .sing as ALCF names Apptainer images); 1: shaped like
 * one (registry/name:tag, name/x:tag); 0: not an image. */
static int image_shape(const char *w)
{
	for (const char *p = w; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("_./:@+-~$%{}", *p)))
			return 0;
	const char *colon = strrchr(w, ':'), *slash = strchr(w, '/');
	static const char *const schemes[] = {"docker://", "oras://", "library://", "docker-archive:", NULL};
	for (const char *const *s = schemes; *s && colon; s++) /* each scheme has a ':' */
		if (!strncasecmp(w, *s, strlen(*s)))
			return w[strlen(*s)] ? 2 : 0;
	static const char *const files[] = {".sif", ".simg", ".sing", NULL};
	for (const char *const *f = files; *f; f++)
		if (ends_with(w, *f))
			return strlen(w) > strlen(*f) ? 2 : 0;
	if (colon && slash && slash < colon && colon[1] && !strchr(colon, '/') && w[0] != '/' && w[0] != '~' &&
	    w[0] != '.' && w[0] != '$')
		return 1; /* nersc/pytorch:24.06.01, nvcr.io/nvidia/pytorch:24.01-py3 */
	return 0;
}

static bool container_word(const struct ctx *c, size_t i)
{
	return rd_is_any(c, i, (const char *const[]){"container", "containers", "image", "images", "sif", "ngc", "docker",
						     "podman", NULL}) ||
	       rd_in_list(c->t[i].norm, container_runtimes);
}

/* The image of a "docker run" or "podman run" in text[a, b) ("docker run --gpus all -v /d:/d
 * nvcr.io/nvidia/pytorch:24.03-py3 torchrun ..."): the first word after the options that is shaped like
 * an image; malloc'd, or NULL. Options that take their value as the next word are listed (docker run's
 * reference: https://docs.docker.com/reference/cli/docker/container/run/); others are flags. */
static char *docker_run_image(const char *text, size_t a, size_t b)
{
	static const char *const with_value[] = {"-v", "--volume", "-w", "--workdir", "-e", "--env", "--gpus", "--shm-size",
						 "--name", "-p", "--publish", "--device", "--group-add", "-u", "--user",
						 "--mount", "--network", "--net", "--entrypoint", "--runtime", "--ipc",
						 "--cpus", "-m", "--memory", "--label", "-l", "--env-file", "--ulimit",
						 "--security-opt", "--cap-add", "--hostname", "-h", "--platform", NULL};
	char *line = xstrndup(text + a, b - a);
	char *img = NULL;
	bool after_run = false, skip_next = false;
	for (char *save = NULL, *w = strtok_r(line, " \t\n\\", &save); w && !img; w = strtok_r(NULL, " \t\n\\", &save)) {
		if (!after_run) {
			after_run = !strcmp(w, "run") && w > line;
			continue;
		}
		if (skip_next) {
			skip_next = false;
			continue;
		}
		if (w[0] == '-') {
			for (const char *const *o = with_value; *o; o++)
				skip_next = skip_next || !strcmp(w, *o);
			continue;
		}
		if (image_shape(w) == 1)
			img = xstrdup(w);
		break;
	}
	free(line);
	return img;
}

/* Whether the container word at i is said of where the job runs now: "docker -> dtai", "off docker",
 * "from docker to Polaris" (an arrow after it, or "from"/"off" right before it). */
static bool container_left(const struct ctx *c, size_t i)
{
	if (i + 1 < c->n && rd_is_any(c, i + 1, (const char *const[]){"->", "=>", "\u2192", "-->", "to", "onto", NULL}) &&
	    i > 0 && rd_is_any(c, i - 1, (const char *const[]){"from", "off", "leaving", NULL}))
		return true;
	if (i + 1 < c->n && rd_is_any(c, i + 1, (const char *const[]){"->", "=>", "\u2192", "-->", NULL}))
		return true;
	return i > 0 && rd_is_any(c, i - 1, (const char *const[]){"from", "off", NULL});
}

void rd_read_container(struct ctx *c)
{
	struct request *r = c->req;
	const char *runtime = NULL;
	bool said = false;   /* container words in the text */
	bool strong = false; /* "container", "NGC", "docker": a container is asked for even without an image */
	size_t first_word = c->n;
	/* the typed command as it runs now ("docker run ... python train.py" on the user's workstation, then
	 * "DeltaAI please, same 4 GPUs"): what it runs in is that machine's */
	bool src_cmd = rd_launch_is_source(c);
	size_t la = c->launch_a; /* (from its line's start: "docker run" before the program it runs) */
	while (src_cmd && la > 0 && c->text[la - 1] != '\n' && c->text[la - 1] != '`')
		la--;
	for (size_t i = 0; i < c->n; i++) {
		/* what a job script pasted from another system runs in is that system's ("singularity exec --nv
		 * $SIF" of a Bridges-2 script ported to Perlmutter): the target's container is not asked for */
		if (c->t[i].source || c->t[i].neg || rd_foreign_block_at(c, c->t[i].start) ||
		    (src_cmd && c->t[i].start >= la && c->t[i].start < c->launch_b) || container_left(c, i))
			continue;
		if (container_word(c, i)) {
			said = true;
			strong = strong || !rd_is_any(c, i, (const char *const[]){"image", "images", NULL});
			if (first_word == c->n)
				first_word = i;
		}
		if (!runtime)
			for (const char *const *p = container_runtimes; *p; p++)
				if (!strcmp(c->t[i].norm, *p))
					runtime = *p;
	}
	size_t img = c->n;
	char *image = NULL;
	for (size_t i = 0; i < c->n && !image; i++) {
		if (c->t[i].source || c->t[i].neg || c->t[i].used || rd_foreign_block_at(c, c->t[i].start) ||
		    (src_cmd && c->t[i].start >= la && c->t[i].start < c->launch_b))
			continue;
		char *w = tok_text(c, i);
		int shape = image_shape(w);
		if (shape == 2 || (shape == 1 && said)) {
			image = w;
			img = i;
		} else {
			free(w);
		}
	}
	/* the image the typed command runs in ("Container: apptainer exec --nv X.sif python3 sft.py") */
	bool from_cmd = false;
	if (!image && c->cmd_container_image && image_shape(c->cmd_container_image) > 0 && !src_cmd &&
	    rd_in_list(c->cmd_container_runtime, container_runtimes)) {
		image = xstrdup(c->cmd_container_image);
		runtime = runtime ? runtime : c->cmd_container_runtime;
		from_cmd = true;
	}
	/* "docker run ... nvcr.io/nvidia/pytorch:24.03-py3 torchrun ..." on the user's own machine, and "for
	 * Lonestar6 use apptainer instead": the same image, pulled by the target's runtime */
	char *pulled = src_cmd && (said || runtime) && !image ? docker_run_image(c->text, la, c->launch_b) : NULL;
	if (pulled) {
		size_t l = strlen(pulled) + 10;
		image = xmalloc(l);
		snprintf(image, l, "docker://%s", pulled);
		free(pulled);
		from_cmd = true;
	}
	if (!image && !runtime && !strong)
		return; /* "image" alone is a kind of data ("image classification") */
	if (image) {
		request_set(&r->container_image, image);
		if (!from_cmd)
			c->t[img].used = true;
	} else {
		request_set(&r->container_image, ""); /* a runtime named without its image: the rules ask */
		/* an image with shell text ("shifter image nvcr.io/x:24.01$(id)"): said why it was not taken */
		bool told = false;
		for (size_t i = 0; i + 1 < c->n && !told; i++) {
			if (!container_word(c, i) || c->t[i].source || rd_foreign_block_at(c, c->t[i].start))
				continue;
			size_t k = i + 1;
			while (k < c->n && k < i + 3 && container_word(c, k))
				k++; /* "shifter image X", "apptainer container X" */
			told = k < c->n && !c->t[k].used && rd_reject_shell_value(c, k, RF_CONTAINER, "container image", true);
		}
	}
	if (runtime)
		request_set(&r->container_runtime, runtime);
	size_t a = first_word < img ? first_word : img, b = first_word < img ? img : first_word;
	if (b >= c->n)
		b = a;
	if (a < c->n) /* an image from the typed command alone has no words of the text to point at */
		rd_set_from_toks(c, RF_CONTAINER, a, b);
	free(image);
}
