/* fingerprint.c - path-like fingerprints of a cluster (verify.fingerprints of data/clusters/ID.yaml): plain
 * path prefixes ("/pscratch/") and path_pattern layouts ("/scratch/{digits}/"), validated on load and
 * matched in values a port carries over (the old centre's paths). */
#include "repo.h"

#include <stdio.h>
#include <string.h>

static const char *const classes[] = {"{digits}", "{lower}", "{name}", NULL};

/* The class spelled at p, or -1. */
static int class_at(const char *p)
{
	for (int k = 0; classes[k]; k++)
		if (!strncmp(p, classes[k], strlen(classes[k])))
			return k;
	return -1;
}

static bool in_class(int k, char ch)
{
	switch (k) {
	case 0:
		return ch >= '0' && ch <= '9';
	case 1:
		return ch >= 'a' && ch <= 'z';
	default:
		return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_' ||
		       ch == '.' || ch == '-';
	}
}

bool fingerprint_is_pattern(const char *text)
{
	return text && strchr(text, '{');
}

const char *fingerprint_pattern_problem(const char *text)
{
	size_t n = text ? strlen(text) : 0;
	if (n < 3 || text[0] != '/' || text[n - 1] != '/')
		return "must start and end with '/'";
	bool any = false;
	for (const char *p = text; *p;) {
		if (*p == '{') {
			int k = class_at(p);
			if (k < 0)
				return "a class is one of {digits}, {lower}, {name}";
			any = true;
			p += strlen(classes[k]);
			if (*p != '/')
				return "a class must be followed by '/'";
			continue;
		}
		if (!in_class(2, *p) && *p != '/')
			return "only letters, digits, '_', '.', '-', '/' and classes";
		p++;
	}
	return any ? NULL : "has no class: write it as a plain 'text'";
}

/* Whether pattern p matches s at its start; the length matched in *len. Classes are greedy over their
 * characters and each is followed by '/', which none of them takes, so no backtracking is needed. */
static bool match_here(const char *p, const char *s, size_t *len)
{
	const char *s0 = s;
	while (*p) {
		int k = *p == '{' ? class_at(p) : -1;
		if (k >= 0) {
			if (!in_class(k, *s))
				return false;
			while (in_class(k, *s))
				s++;
			p += strlen(classes[k]);
		} else if (*p++ != *s++)
			return false;
	}
	*len = (size_t)(s - s0);
	return true;
}

bool fingerprint_path_in(const char *text, const char *s, char *buf, size_t cap)
{
	if (!text || !s || text[0] != '/')
		return false;
	const char *at = NULL;
	size_t len = 0;
	if (!fingerprint_is_pattern(text)) {
		at = strstr(s, text);
		len = strlen(text);
	} else {
		for (const char *q = strchr(s, '/'); q && !at; q = strchr(q + 1, '/'))
			if (match_here(text, q, &len))
				at = q;
	}
	if (at && buf && cap)
		snprintf(buf, cap, "%.*s", (int)len, at);
	return at != NULL;
}
