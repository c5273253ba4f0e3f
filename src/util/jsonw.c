/* jsonw.c - streaming JSON writer with jansson's compact output and UTF-8 rules (see jsonw.h). */
#include "jsonw.h"

#include "xalloc.h"

#include <stdint.h>
#include <string.h>

void jw_init(struct jsonw *w, struct strbuf *out)
{
	w->out = out;
	w->depth = 0;
	w->first[0] = true;
}

/* The separator before a new member or element of the open container. */
static void sep(struct jsonw *w)
{
	if (!w->first[w->depth])
		strbuf_addch(w->out, ',');
	w->first[w->depth] = false;
}

static void open_container(struct jsonw *w, int c)
{
	strbuf_addch(w->out, c);
	if (w->depth + 1 < JSONW_MAX_DEPTH)
		w->depth++;
	w->first[w->depth] = true;
}

static void close_container(struct jsonw *w, int c)
{
	strbuf_addch(w->out, c);
	if (w->depth)
		w->depth--;
}

void jw_begin_object(struct jsonw *w)
{
	open_container(w, '{');
}

void jw_end_object(struct jsonw *w)
{
	close_container(w, '}');
}

void jw_begin_array(struct jsonw *w)
{
	open_container(w, '[');
}

void jw_end_array(struct jsonw *w)
{
	close_container(w, ']');
}

void jw_key(struct jsonw *w, const char *key)
{
	sep(w);
	jw_append_string(w->out, key);
	strbuf_addch(w->out, ':');
}

/* Length of the UTF-8 sequence at s (1-4) by jansson's rules (utf8_check_first/utf8_check_full:
 * no overlong forms, no surrogates, nothing above U+10FFFF), or 0 when it is not valid. */
size_t utf8_seq_len(const unsigned char *s)
{
	unsigned u = s[0];
	size_t n;
	unsigned v;
	if (u < 0x80)
		return 1;
	if (u >= 0xC2 && u <= 0xDF) {
		n = 2;
		v = u & 0x1F;
	} else if (u >= 0xE0 && u <= 0xEF) {
		n = 3;
		v = u & 0x0F;
	} else if (u >= 0xF0 && u <= 0xF4) {
		n = 4;
		v = u & 0x07;
	} else {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if (s[i] < 0x80 || s[i] > 0xBF) /* also stops at the terminating NUL */
			return 0;
		v = (v << 6) | (s[i] & 0x3F);
	}
	if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) || (n == 3 && v < 0x800) || (n == 4 && v < 0x10000))
		return 0;
	return n;
}

char *utf8_lossy(const char *s)
{
	size_t len = strlen(s), bad = 0;
	for (size_t i = 0; i < len;) {
		size_t n = utf8_seq_len((const unsigned char *)s + i);
		bad += !n;
		i += n ? n : 1;
	}
	char *out = xmalloc(len + 2 * bad + 1), *o = out; /* each bad byte becomes three */
	for (size_t i = 0; i < len;) {
		size_t n = utf8_seq_len((const unsigned char *)s + i);
		if (n) {
			memcpy(o, s + i, n);
			o += n;
			i += n;
		} else {
			memcpy(o, "\xef\xbf\xbd", 3);
			o += 3;
			i++;
		}
	}
	*o = '\0';
	return out;
}

/* The bytes from p (at least 8 before end) that need no escape and are ASCII, 8 at a time: no byte
 * below 0x20, none at or above 0x80, no '"' and no '\\'. The lowest flagged byte of a word is a real
 * one (a borrow only flags bytes above it), so the count stops exactly at the first such byte. */
static size_t plain_ascii_run(const unsigned char *p, const unsigned char *end)
{
	size_t n = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
	while (end - (p + n) >= 8) {
		uint64_t v, q = ones * '"', b = ones * '\\';
		memcpy(&v, p + n, 8);
		uint64_t flag = (v | ((v - ones * 0x20) & ~v) | (((v ^ q) - ones) & ~(v ^ q)) |
				 (((v ^ b) - ones) & ~(v ^ b))) &
				highs;
		if (flag)
			return n + (size_t)__builtin_ctzll(flag) / 8;
		n += 8;
	}
#else
	(void)end;
#endif
	return n;
}

bool jw_append_string(struct strbuf *out, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t mark = out->len, len = strlen(s);
	const unsigned char *p = (const unsigned char *)s, *run = p, *end = p + len;
	strbuf_grow(out, len + 2);
	strbuf_addch(out, '"');
	for (;;) {
		p += plain_ascii_run(p, end);
		unsigned c = *p;
		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			p++;
			continue;
		}
		if (c >= 0x80) {
			size_t n = utf8_seq_len(p);
			if (!n) {
				strbuf_setlen(out, mark);
				return false;
			}
			p += n;
			continue;
		}
		if (p > run)
			strbuf_add(out, run, (size_t)(p - run));
		if (!c)
			break;
		char esc[6] = {'\\', 0, 0, 0, 0, 0};
		size_t elen = 2;
		switch (c) {
		case '"': esc[1] = '"'; break;
		case '\\': esc[1] = '\\'; break;
		case '\b': esc[1] = 'b'; break;
		case '\f': esc[1] = 'f'; break;
		case '\n': esc[1] = 'n'; break;
		case '\r': esc[1] = 'r'; break;
		case '\t': esc[1] = 't'; break;
		default:
			esc[1] = 'u';
			esc[2] = '0';
			esc[3] = '0';
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 15];
			elen = 6;
		}
		strbuf_add(out, esc, elen);
		run = ++p;
	}
	strbuf_addch(out, '"');
	return true;
}

bool jw_str(struct jsonw *w, const char *s)
{
	size_t mark = w->out->len;
	bool first = w->first[w->depth];
	sep(w);
	if (jw_append_string(w->out, s))
		return true;
	strbuf_setlen(w->out, mark);
	w->first[w->depth] = first;
	return false;
}

void jw_member_str(struct jsonw *w, const char *key, const char *s)
{
	size_t mark = w->out->len;
	bool first = w->first[w->depth];
	jw_key(w, key);
	if (!jw_append_string(w->out, s)) {
		strbuf_setlen(w->out, mark);
		w->first[w->depth] = first;
	}
}

void jw_member_str_or_null(struct jsonw *w, const char *key, const char *s)
{
	if (s)
		jw_member_str(w, key, s);
	else
		jw_member_null(w, key);
}

void jw_member_null(struct jsonw *w, const char *key)
{
	jw_key(w, key);
	strbuf_add(w->out, "null", 4);
}

void jw_member_raw(struct jsonw *w, const char *key, const char *json, size_t len)
{
	jw_key(w, key);
	strbuf_add(w->out, json, len);
}

void jw_member_strs(struct jsonw *w, const char *key, char *const *v, size_t n)
{
	jw_key(w, key);
	jw_begin_array(w);
	for (size_t i = 0; i < n; i++)
		jw_str(w, v[i]);
	jw_end_array(w);
}
