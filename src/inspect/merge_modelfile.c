/* merge_modelfile.c - a model named by its architecture file: `--cfg yolov5s.yaml` under a models
 * folder (ultralytics/yolov5), or a layer-list YAML wherever it lives (`--cfg cfg/training/yolov7.yaml`,
 * WongKinYiu/yolov7): the file's stem is the model. */
#include "mctx.h"

#include "configs.h"

#include "../util/xalloc.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A YAML that lists a network's layers: `backbone:` and `head:` sections (YOLOv5/YOLOv7 style
 * architecture files, wherever they live: yolov7 keeps them in cfg/training/) */
static bool layer_list(const struct inspect_file *f)
{
	json_t *keys = json_object_get(json_object_get(f->facts, "config"), "keys");
	bool backbone = false, head = false;
	const char *k;
	json_t *v;
	json_object_foreach(keys, k, v)
	{
		backbone = backbone || !strcmp(k, "backbone") || !strncmp(k, "backbone.", 9);
		head = head || !strcmp(k, "head") || !strncmp(k, "head.", 5);
	}
	return backbone && head;
}

/* --cfg yolov5s.yaml: an architecture file (under a models folder, or a layer list) names the model */
void mg_model_file_name(struct ctx *c, const char *v, const char *src)
{
	int fmt = config_format_of(v);
	if (fmt < 0 || !*v)
		return;
	const char *b = strrchr(v, '/');
	b = b ? b + 1 : v;
	size_t bl = strlen(b);
	for (size_t i = 0; i < c->n; i++) {
		const char *rel = c->files[i].rel;
		size_t rl = strlen(rel);
		if (rl <= bl || rel[rl - bl - 1] != '/' || strcmp(rel + rl - bl, b) || (!strstr(rel, "model") && !layer_list(&c->files[i])))
			continue;
		const char *dot = strrchr(b, '.');
		char *stem = xstrndup(b, dot ? (size_t)(dot - b) : bl);
		mg_evid(&c->model, stem, 35, src ? src : "?");
		free(stem);
		return;
	}
}
