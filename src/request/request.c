/* request.c - the request structure: init, release, provenance. */
#include "request.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const char *const field_names[RF_COUNT] = {
	"cluster", "framework", "strategy", "nodes",	 "gpus_per_node", "total_gpus", "script",  "script_args",
	"walltime_minutes", "account", "queue", "model", "conda_env", "venv", "modules", "master_port", "job_name", "gpu_model",
	"container"};

const char *req_field_name(enum req_field f)
{
	return f < RF_COUNT ? field_names[f] : "?";
}

void request_init(struct request *r)
{
	*r = (struct request){0};
	r->framework = FW_NONE;
	r->strategy = ST_NONE;
	shwords_init(&r->args);
	strvec_init(&r->modules);
	strvec_init(&r->warnings);
	strvec_init(&r->rejected);
	strvec_init(&r->not_queues);
	strvec_init(&r->env_names);
	shwords_init(&r->env_values);
	shwords_init(&r->launcher_args);
	shwords_init(&r->wrapper);
	strvec_init(&r->pre_steps);
	strvec_init(&r->post_steps);
}

void request_release(struct request *r)
{
	free(r->cluster);
	free(r->script);
	shwords_release(&r->args);
	free(r->account);
	free(r->queue);
	free(r->model);
	free(r->job_name);
	free(r->gpu_model);
	free(r->conda_env);
	free(r->venv);
	free(r->container_image);
	free(r->container_runtime);
	strvec_clear(&r->modules);
	for (int i = 0; i < RF_COUNT; i++)
		free(r->from[i]);
	strvec_clear(&r->warnings);
	strvec_clear(&r->rejected);
	strvec_clear(&r->not_queues);
	strvec_clear(&r->env_names);
	shwords_release(&r->env_values);
	shwords_release(&r->launcher_args);
	shwords_release(&r->wrapper);
	strvec_clear(&r->pre_steps);
	strvec_clear(&r->post_steps);
	request_init(r);
}

void request_set(char **field, const char *value)
{
	free(*field);
	*field = value ? xstrdup(value) : NULL;
}

void request_set_from(struct request *r, enum req_field f, const char *text, size_t len)
{
	while (len && (*text == ' ' || *text == '\t' || *text == '\n'))
		text++, len--;
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\n'))
		len--;
	free(r->from[f]);
	r->from[f] = xstrndup(text, len);
}

void request_warn(struct request *r, const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	if (strvec_find(&r->warnings, sb.buf) < 0)
		strvec_push_nodup(&r->warnings, strbuf_detach(&sb));
	else
		strbuf_release(&sb);
}

void request_reject(struct request *r, enum req_field f, const char *text, size_t len, const char *why)
{
	while (len && (*text == ' ' || *text == '\t' || *text == '\n'))
		text++, len--;
	while (len && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\n'))
		len--;
	struct strbuf sb = STRBUF_INIT;
	strbuf_addf(&sb, "%s\t", req_field_name(f));
	for (size_t i = 0; i < len; i++)
		strbuf_addch(&sb, text[i] == '\t' || text[i] == '\n' ? ' ' : text[i]);
	strbuf_addf(&sb, "\t%s", why);
	if (strvec_find(&r->rejected, sb.buf) < 0)
		strvec_push_nodup(&r->rejected, strbuf_detach(&sb));
	else
		strbuf_release(&sb);
}

const char *request_ds_config(const struct request *r)
{
	static const char *const opts[] = {"--deepspeed_config", "--deepspeed-config", "--ds_config", "--ds-config",
					   "--deepspeed", NULL};
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *a = r->args.v[i].value;
		for (int k = 0; opts[k]; k++) {
			size_t n = strlen(opts[k]);
			if (strncmp(a, opts[k], n) || (a[n] && a[n] != '='))
				continue;
			if (a[n] == '=')
				return a + n + 1;
			const char *next = i + 1 < r->args.nr ? r->args.v[i + 1].value : "";
			if (next[0] && next[0] != '-')
				return next;
			if (strcmp(opts[k], "--deepspeed")) /* --deepspeed_config with no value: still names one */
				return "";
		}
	}
	/* a bare --deepspeed flag, or another spelling (--deepspeed_config_file ...): names one maple cannot see */
	for (size_t i = 0; i < r->args.nr; i++)
		if (!strncmp(r->args.v[i].value, "--deepspeed", 11) || !strncmp(r->args.v[i].value, "--ds_config", 11))
			return "";
	return NULL;
}
