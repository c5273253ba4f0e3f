/* header.c - the old script's header values a port cannot take as they are. A job name: a scheduler
 * directive is read by no shell, so quotes cannot carry a blank, a quote or shell text in it; such a name
 * is written with those characters as '_' (said with the line and the old name), never refused for a
 * name the port only copies. A count or time the scheduler refuses ('#SBATCH -t 99999999999'): the old
 * job never ran with it, so the port is an error naming the line, not a default said as "not given". */
#include "port.h"

#include "../script/jobscript.h"
#include "../util/jsonw.h"
#include "../util/strbuf.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The bytes a directive value carries as they are (rules.c's check of the job name takes the same). */
static bool directive_char(unsigned char c)
{
	return c < 0x80 && (isalnum(c) || strchr("_.:@+-", c));
}

void port_job_name(struct request *req)
{
	const char *name = req->job_name, *from = req->from[RF_JOB_NAME];
	if (!name || !from || strncmp(from, "line ", 5))
		return; /* not the old script's (the text's name is checked as the text's) */
	bool ok = *name != '\0';
	for (const unsigned char *p = (const unsigned char *)name; *p && ok; p++)
		ok = directive_char(*p);
	if (ok)
		return;
	struct strbuf sb = STRBUF_INIT;
	for (const unsigned char *p = (const unsigned char *)name; *p;) {
		size_t n = *p < 0x80 ? 1 : utf8_seq_len(p);
		if (directive_char(*p))
			strbuf_addch(&sb, (char)*p);
		else if (sb.len && sb.buf[sb.len - 1] != '_')
			strbuf_addch(&sb, '_');
		p += n ? n : 1;
	}
	while (sb.len && sb.buf[sb.len - 1] == '_')
		strbuf_setlen(&sb, sb.len - 1);
	if (sb.len > 200)
		strbuf_setlen(&sb, 200);
	/* the old name as it was, control bytes and invalid UTF-8 as \\xNN (a terminal shows the warning) */
	struct strbuf shown = STRBUF_INIT;
	const unsigned char *p = (const unsigned char *)name;
	while (*p && shown.len < 160) {
		size_t n = *p < 0x80 ? 1 : utf8_seq_len(p);
		if (!n || *p < 0x20 || *p == 0x7f)
			strbuf_addf(&shown, "\\x%02x", *p);
		else
			strbuf_add(&shown, (const char *)p, n);
		p += n ? n : 1;
	}
	if (*p)
		strbuf_adds(&shown, "...");
	int line = atoi(from + 5);
	if (sb.len) {
		request_warn(req, "line %d: the job name '%s' has characters a scheduler directive cannot carry "
				  "(only letters, digits and _ . : @ + -): written as '%s'; say \"job name NAME\" with the port for another",
			     line, shown.buf, sb.buf);
		request_set(&req->job_name, sb.buf);
	} else {
		request_warn(req, "line %d: the job name '%s' has no character a scheduler directive can carry "
				  "(letters, digits and _ . : @ + -): not carried over; say \"job name NAME\" with the port for one",
			     line, shown.buf);
		free(req->job_name);
		req->job_name = NULL;
		free(req->from[RF_JOB_NAME]);
		req->from[RF_JOB_NAME] = NULL;
	}
	strbuf_release(&sb);
	strbuf_release(&shown);
}

/* The header options whose values the port carries (node and task counts, GPUs, time), per scheduler. */
static bool carried_count(const char *opt, bool *is_time)
{
	static const char *const counts[] = {"nodes", "ntasks", "ntasks-per-node", "gpus-per-node", "gpus", "gpus-per-task",
					     "select", "nnodes", "nslots", "tasks-per-node", "gpus-per-slot", NULL};
	static const char *const times[] = {"time", "walltime", "time-limit", NULL};
	for (size_t i = 0; times[i]; i++)
		if (!strcmp(opt, times[i]))
			return (*is_time = true);
	*is_time = false;
	for (size_t i = 0; counts[i]; i++)
		if (!strcmp(opt, counts[i]))
			return true;
	return false;
}

enum port_status port_bad_header_values(const struct script_reading *sr, const struct port_opts *o, bool text_nodes,
					struct strvec *why)
{
	const struct jobscript *js = &sr->js;
	enum port_status st = PORT_OK;
	for (size_t i = 0; i < js->ndirs; i++) {
		const struct directive *d = &js->dirs[i];
		bool is_time;
		if (d->kind != js->sched || d->ignored || d->unknown || !d->problem || !d->opt || !d->value ||
		    strchr(d->value, '$') || !carried_count(d->opt, &is_time))
			continue; /* ($NAME in a directive: the reader's own words on it stand) */
		if (is_time ? o && o->text_walltime > 0 : text_nodes)
			continue; /* the request text gives it instead */
		const char *l = d->line >= 1 && (size_t)d->line <= js->lines.nr ? js->lines.v[d->line - 1] : "";
		strvec_pushf(why, "line %d: `%.*s`: %s; the port does not guess what the old job meant: fix that line, or give "
				  "the %s with the port (e.g. \"%s\")",
			     d->line, (int)(strlen(l) > 160 ? 160 : strlen(l)), l, d->problem, is_time ? "walltime" : "size",
			     is_time ? "walltime 2h" : "2 nodes");
		st = PORT_ERROR;
	}
	return st;
}
