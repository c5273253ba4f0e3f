/* pyscan_words.c - what a Python file says about its numeric precision and its training loop, for the
 * precision a job gets when it names none: the words of reduced or other precision among its names and
 * strings (use_amp, GradScaler, "--fp16", bfloat16, half(), float64, mixed_precision, ...) and whether
 * it runs a loop of its own (loss.backward()). */
#include "pyscan_int.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

/* the parts of a name that speak of a precision: use_amp, amp.autocast, GradScaler, --fp16,
 * model.half(), torch.bfloat16, default_dtype float64, mixed_precision, apex */
static const char *const words[] = {"amp", "autocast", "gradscaler", "scaler", "fp16", "bf16", "fp8", "fp64",
				    "half", "bfloat16", "float16", "float64", "double", "mixed", "precision",
				    "apex", "tf32", NULL};

/* "half" before a word of size (half_res, half_size, halfres): half the resolution, not 16-bit numbers */
static bool half_of_size(const char *s, size_t n, const char *rest, size_t rn)
{
	if (n != 4 || strncasecmp(s, "half", 4))
		return false;
	while (rn && (*rest == '_' || *rest == '-'))
		rest++, rn--;
	static const char *const sizes[] = {"res", "size", "img", "image", "width", "height", "crop", "scale", NULL};
	for (int k = 0; sizes[k]; k++)
		if (rn >= strlen(sizes[k]) && !strncasecmp(rest, sizes[k], strlen(sizes[k])))
			return true;
	return false;
}

static bool precision_part(const char *s, size_t n)
{
	for (size_t k = 0; words[k]; k++)
		if (strlen(words[k]) == n && !strncasecmp(s, words[k], n))
			return true;
	return false;
}

/* true when one of the parts of s (split at anything that is not a letter or digit, and where a
 * lower-case letter meets an upper-case one: GradScaler -> Grad, Scaler) is a precision word */
/* "scaler" after another word that is no loss's or gradient's (steps_scaler, lr_scaler: gsplat's step
 * count factor): a factor, not a loss scaler (scaler, GradScaler, loss_scaler, amp_scaler are) */
static bool other_scaler(const char *s, size_t n, const char *prev, size_t pn)
{
	if (n != 6 || strncasecmp(s, "scaler", 6) || !pn)
		return false;
	static const char *const owners[] = {"grad", "loss", "amp", "fp16", "torch", "cuda", NULL};
	for (int k = 0; owners[k]; k++)
		if (strlen(owners[k]) == pn && !strncasecmp(prev, owners[k], pn))
			return false;
	return true;
}

bool pyscan_precision_text(const char *s, size_t len)
{
	size_t i = 0;
	const char *prev = NULL;
	size_t pn = 0;
	while (i < len) {
		while (i < len && !isalnum((unsigned char)s[i]))
			i++;
		size_t b = i;
		while (i < len && isalnum((unsigned char)s[i]) &&
		       !(i > b && isupper((unsigned char)s[i]) && islower((unsigned char)s[i - 1])))
			i++;
		if (i > b && precision_part(s + b, i - b) && !half_of_size(s + b, i - b, s + i, len - i) &&
		    !other_scaler(s + b, i - b, prev, pn))
			return true;
		prev = s + b, pn = i - b;
	}
	/* the whole alphanumeric run as one word too (GradScaler, gradscaler) */
	i = 0;
	prev = NULL, pn = 0;
	while (i < len) {
		while (i < len && !isalnum((unsigned char)s[i]))
			i++;
		size_t b = i;
		while (i < len && isalnum((unsigned char)s[i]))
			i++;
		if (i > b && precision_part(s + b, i - b) && !half_of_size(s + b, i - b, s + i, len - i) &&
		    !other_scaler(s + b, i - b, prev, pn))
			return true;
		prev = s + b, pn = i - b;
	}
	return false;
}

void pyscan_words(const struct toks *ts, json_t *out)
{
	json_int_t n = 0;
	bool loop = false, default_join = false;
	for (size_t i = 0; i < ts->n; i++) {
		const struct tok *t = &ts->v[i];
		if ((t->t == T_NAME || (t->t == T_STRING && t->len < 80)) && pyscan_precision_text(t->s, t->len))
			n++;
		/* "default" + extension: the program looks for default.<ext> files (efficientvit's setup_exp_config
		 * merges the default.yaml of every folder above its config) */
		if (t->t == T_STRING && t->len == 9 && (!memcmp(t->s, "\"default\"", 9) || !memcmp(t->s, "'default'", 9)) &&
		    i + 1 < ts->n && ts->v[i + 1].t == T_OP && ts->v[i + 1].len == 1 && ts->v[i + 1].s[0] == '+')
			default_join = true;
		/* X.backward( : the file runs the training step itself */
		if (t->t == T_NAME && t->len == 8 && !memcmp(t->s, "backward", 8) && i > 0 && i + 1 < ts->n &&
		    ts->v[i - 1].t == T_OP && ts->v[i - 1].len == 1 && ts->v[i - 1].s[0] == '.' && ts->v[i + 1].t == T_OP &&
		    ts->v[i + 1].len == 1 && ts->v[i + 1].s[0] == '(')
			loop = true;
	}
	if (n)
		json_object_set_new(out, "precision_words", json_integer(n));
	if (loop)
		json_object_set_new(out, "backward", json_true());
	if (default_join)
		json_object_set_new(out, "default_join", json_true());
}
