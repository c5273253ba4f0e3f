/* llm.h - an optional helper for logs no signature matches: asks an OpenAI-compatible chat-completions
 * endpoint ($MAPLE_LLM_URL, $MAPLE_LLM_MODEL, $MAPLE_LLM_API_KEY, $MAPLE_LLM_TIMEOUT) for the cause
 * and a patch made only of the patch operations of patchop.h. The answer is data: it is validated
 * with the same checks as the knowledge base and applied by the same patch engine; nothing from
 * the model is ever run. */
#ifndef MAPLE_LLM_H
#define MAPLE_LLM_H

#include "../util/arena.h"
#include "../util/error.h"
#include "../util/strbuf.h"
#include "patchop.h"

#include <stdbool.h>
#include <stddef.h>

#define LLM_MAX_BODY ((size_t)1 << 20) /* a larger response is refused */
#define LLM_LOG_LINES 200	       /* the log tail sent */
#define LLM_LOG_BYTES (24 * 1024)
#define LLM_SCRIPT_BYTES (32 * 1024)

struct llm_config {
	char *url;   /* the full .../chat/completions URL */
	const char *model;
	const char *api_key; /* NULL = no Authorization header */
	long timeout_s;	     /* total; connecting is limited to 5 s */
};

/* Reads the environment. Returns 1 when MAPLE_LLM_URL is not set (no helper), 0 when configured,
 * -1 with err when a setting is malformed. Release with llm_config_release(). */
int llm_config_from_env(struct llm_config *c, struct maple_error *err);
void llm_config_release(struct llm_config *c);

struct llm_answer {
	const char *cause, *category;
	struct patch_op *ops;
	size_t nops;
	struct arena arena;
};
void llm_answer_init(struct llm_answer *a);
void llm_answer_release(struct llm_answer *a);

/* The chat-completions request body (JSON) for a script, a log and the doc notes text. */
char *llm_request_body(const struct llm_config *c, const char *script, size_t slen, const char *log, size_t llen,
		       const char *notes);

/* Reads the model's message content: one JSON object {"cause", "category", "patch": [ops]}, bare or
 * in a ``` / ```json fence. Every operation is checked as the KB's are. 0, or -1 with err. */
int llm_parse_content(const char *content, size_t len, struct llm_answer *out, struct maple_error *err);
/* Reads a whole chat-completions response body (choices[0].message.content). */
int llm_parse_response(const char *body, size_t len, struct llm_answer *out, struct maple_error *err);

/* Sends the request and reads the answer (out is initialised here; release it whatever the result).
 * libcurl is loaded on first use (dlopen). Fails with a one-line err for a missing libcurl, a
 * timeout, a connection error, an HTTP error status, a body over LLM_MAX_BODY, or an answer that is
 * not valid. The answer's operations go through patch_apply() like the knowledge base's. */
int llm_diagnose(const struct llm_config *c, const char *script, size_t slen, const char *log, size_t llen,
		 const char *notes, struct llm_answer *out, struct maple_error *err);

#endif
