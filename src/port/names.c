/* names.c - the old script's job name in a port: a scheduler directive is read by no shell, so quotes
 * cannot carry a blank, a quote or shell text in it; such a name is written with those characters as '_'
 * (said with the line and the old name), never refused for a name the port only copies. */
#include "port.h"

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
