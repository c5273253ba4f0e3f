/* models.h - the known model families and sizes (data/models/<family>.yaml): parameter counts and
 * transformer shapes, each with its source URL, loaded and validated like the cluster profiles. */
#ifndef MAPLE_ADVISE_MODELS_H
#define MAPLE_ADVISE_MODELS_H

#include "../util/error.h"
#include "../util/strvec.h"

#include <stdbool.h>
#include <stddef.h>

enum model_kind { MK_DECODER, MK_ENCODER, MK_ENCDEC, MK_VIT, MK_CNN };

struct model_info {
	const char *id;
	const char *family;
	enum model_kind kind;
	const char **aliases;
	size_t naliases;
	bool is_default; /* the family's model when only the family is named ("ViT", "GPT-2") */
	double params;
	int hidden, layers, heads, vocab, seq; /* 0 = not given (a CNN has none) */
	/* T5-style shapes: the MLP's width (0 = 4 x hidden), the width of one attention head (0 = hidden /
	 * heads; T5-11B has 128 heads of 128 over a hidden size of 1024) and a gated MLP (three matrices) */
	int intermediate, head_dim;
	bool gated;
	/* a mixture of experts (0 = dense): routed experts per MoE layer, how many of them each token
	 * goes through, always-active shared experts, one expert's MLP width (0 = intermediate), and the
	 * first layers that keep a dense MLP of width intermediate (DeepSeek-MoE's first_k_dense_replace) */
	int experts, experts_per_token, shared_experts, expert_intermediate, dense_layers;
	/* a vision or diffusion transformer: the image side seq counts the tokens of, a token's side in pixels
	 * (of the latent, latent_factor times smaller, when given); 0 = not given */
	int image_size, patch_size, latent_factor;
	const char *source;		       /* URL of the figure */
	const char *file;
	int line;
};

struct model_db;

/* Loads <dir>/models/<family>.yaml from each directory (later directories override earlier ones by id).
 * Returns NULL with every problem (`file:line: message`, one per line) in err. */
struct model_db *model_db_open(const struct strvec *dirs, struct maple_error *err);
void model_db_destroy(struct model_db *db);
size_t model_db_count(const struct model_db *db);
const struct model_info *model_db_at(const struct model_db *db, size_t i);
/* The model a name refers to: an id or alias (case, '-', '_', '.', '/' and spaces ignored; an
 * "org/" prefix is dropped), else the longest id/alias that starts the name ("llama-2-7b-chat-hf"),
 * else the default model of a family named exactly ("vit"). NULL when none. */
const struct model_info *model_db_find(const struct model_db *db, const char *name);
const char *model_kind_name(enum model_kind k);
/* The tokens of model mi at an image side of res pixels ((res / (latent_factor x patch_size))^2 plus the
 * tokens seq has beyond the image's: ViT's class token); 0 when mi has no patch size or res is no multiple
 * of a token's side in pixels. */
int model_tokens_at(const struct model_info *mi, int res);

#endif
