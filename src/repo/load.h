/* load.h - helpers shared by the loaders of src/repo/ (cluster profiles, node types, templates);
 * internal to the repo module. */
#ifndef MAPLE_REPO_LOAD_H
#define MAPLE_REPO_LOAD_H

#include "repo.h"
#include "ydoc.h"

/* One cluster profile (stem: the file's name without .yaml, which must be its id) or one template
 * (of the templates folder of cluster_dir); NULL when the document is not one, with the errors in y. */
struct cluster *rl_cluster(struct ydoc *y, const char *stem);
struct template *rl_template(struct ydoc *y, const char *cluster_dir);

/* Fills src from map's source/reliability keys (source required when required is true). */
void rl_source(struct ydoc *y, yaml_node_t *map, struct fact_src *src, bool required);
/* A list of {line, source} items; placeholders: check {{...}} names (header lines). */
void rl_lines(struct ydoc *y, yaml_node_t *seq, const char *what, struct sourced_line **out, size_t *n,
	      bool placeholders);
/* The hardware map of a cluster or node type. */
void rl_hardware(struct ydoc *y, yaml_node_t *hw, struct hardware *out);
/* env: a list of {name, value, source}. */
void rl_env(struct ydoc *y, yaml_node_t *seq, struct env_var **out, size_t *n);
/* modules: {pytorch, deepspeed, accelerate} lists of lines. */
void rl_modules(struct ydoc *y, yaml_node_t *map, struct sourced_line **mods, size_t *nmods);
/* software: {kind, provided, hint, note, image, source, reliability}. */
void rl_software(struct ydoc *y, yaml_node_t *map, struct software *out);
/* Header lines must start with the scheduler's prefix. */
void rl_check_header(struct ydoc *y, yaml_node_t *node, const struct cluster *c, const struct sourced_line *h,
		     size_t n);

/* account_pattern: the shape of the cluster's accounts. */
void rl_account_shape(struct ydoc *y, yaml_node_t *map, struct cluster *c);
/* launcher_one_task: the launcher's words for one task on one node (checked against `launcher`). */
void rl_launcher_one_task(struct ydoc *y, yaml_node_t *map, struct cluster *c);
/* containers: the cluster's container routes. */
void rl_containers(struct ydoc *y, yaml_node_t *seq, struct cluster *c);
/* filesystems: the file systems a job names to the scheduler (PBS -l filesystems=). */
void rl_filesystems(struct ydoc *y, yaml_node_t *map, struct cluster *c);
/* The header names them with {{filesystems}} exactly when the profile lists them. */
void rl_check_filesystems_header(struct ydoc *y, yaml_node_t *root, const struct cluster *c);
/* node_types (or the single implicit one from hardware); builds every node type's view. */
void rl_node_types(struct ydoc *y, yaml_node_t *root, struct cluster *c);
/* models: the GPU model names that select node type nt (read after its hardware). */
void rl_models(struct ydoc *y, yaml_node_t *seq, struct node_type *nt);
/* `unmodelled:` (after the node types: a model name a node type carries is an error there). */
void rl_unmodelled(struct ydoc *y, yaml_node_t *seq, struct cluster *c);

/* The cluster index of the snapshot (brief.c): the briefs of clusters cs into out; the briefs of a blob
 * (arena structs with only file, id, name, aliases, scheduler, launcher, fingerprint texts, requires'
 * option and value, queue names and module lines filled; *out an xcalloc'ed array), or -1 when the blob
 * is not one. */
void brief_encode(struct cluster *const *cs, size_t n, struct strbuf *out);
int brief_decode(const void *blob, size_t len, struct arena *a, struct cluster ***out, size_t *n);

#endif
