/* text_input.c - the request reader's input checks: size, UTF-8, binary data, emptiness. */
#include "reader.h"
#include "vocab.h"

#include "../util/byteset.h"
#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* input checks */

bool rd_valid_utf8(const unsigned char *s, size_t len)
{
	size_t i = 0;
	while (i < len) {
		unsigned char c = s[i];
		if (c < 0x80) {
			if (c == 0)
				return false;
			i++;
			continue;
		}
		size_t n;
		unsigned cp;
		if (c >= 0xC2 && c <= 0xDF)
			n = 1, cp = c & 0x1F;
		else if (c >= 0xE0 && c <= 0xEF)
			n = 2, cp = c & 0x0F;
		else if (c >= 0xF0 && c <= 0xF4)
			n = 3, cp = c & 0x07;
		else
			return false;
		if (i + n >= len)
			return false;
		for (size_t k = 1; k <= n; k++) {
			if ((s[i + k] & 0xC0) != 0x80)
				return false;
			cp = (cp << 6) | (s[i + k] & 0x3F);
		}
		if ((n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
			return false; /* overlong, beyond Unicode, or a surrogate */
		i += n + 1;
	}
	return true;
}

bool rd_mostly_binary(const unsigned char *s, size_t len)
{
	size_t ctl = 0;
	for (size_t i = 0; i < len; i++)
		if (s[i] < 0x20 && s[i] != '\n' && s[i] != '\t' && s[i] != '\r')
			ctl++;
	return ctl > 0;
}


/* Whether text[a, b) holds something a request states: a digit or a ".py" word. */

/* Whether a count's unit starts at s[p] (blanks skipped): a Latin word ("4块GPU") or a CJK unit word
 * ("8张卡", "2台节点"); then the measure word before it sits between the count and its unit, and the
 * words before the count are not its unit ("每个节点用4块GPU"). */
static bool unit_follows(const char *s, size_t p, size_t len)
{
	static const char *const units[] = {"\xe5\x8d\xa1" /* 卡 */, "\xe6\x98\xbe\xe5\x8d\xa1" /* 显卡 */,
					    "\xe8\x8a\x82\xe7\x82\xb9" /* 节点 */, "\xe7\xaf\x80\xe9\xbb\x9e" /* 節點 */,
					    "\xe3\x83\x8e\xe3\x83\xbc\xe3\x83\x89" /* ノード */,
					    "\xeb\x85\xb8\xeb\x93\x9c" /* 노드 */, NULL};
	while (p < len && s[p] == ' ')
		p++;
	if (p < len && isalpha((unsigned char)s[p]))
		return true;
	for (size_t k = 0; units[k]; k++)
		if (p + strlen(units[k]) <= len && !memcmp(s + p, units[k], strlen(units[k])))
			return true;
	return false;
}

/* A time in seconds ("T = 10800 s", "5.4e3 s", "7200 seconds"; data/lexicon's second_units) written as its
 * minutes in the same bytes ("180 min", else "90min" or "90m"), when they are whole or tenths and fit; not
 * a rate ("every 600 seconds") or an option's value ("--save-every 600 s"). */
static void seconds_as_minutes(char *s, size_t len)
{
	for (char *p = s; (size_t)(p - s) < len; p++) {
		if (!(isdigit((unsigned char)*p) || (*p == '.' && (size_t)(p - s) + 1 < len && isdigit((unsigned char)p[1]))) ||
		    (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == '-' || p[-1] == '_')))
			continue;
		char num[32];
		size_t nl = 0;
		while ((size_t)(p - s) + nl < len && nl + 1 < sizeof(num) && (isalnum((unsigned char)p[nl]) || p[nl] == '.'))
			nl++;
		memcpy(num, p, nl);
		num[nl] = '\0';
		char *ne;
		double v = strtod(num, &ne);
		char *w = p + (ne - num);
		/* past 10^9 s (31 years; "99999999999 seconds", "1e400 s"): written as a count of minutes past a
		 * year, so that it is the impossible walltime it is, not "no walltime given" */
		bool huge = ne != num && (!isfinite(v) || v > 1e9);
		if (ne == num || (!huge && v < 60))
			continue;
		if ((size_t)(w - s) < len && *w == ' ')
			w++;
		char word[24];
		size_t wl = 0;
		while ((size_t)(w - s) + wl < len && wl + 1 < sizeof(word) &&
		       (isalpha((unsigned char)w[wl]) || (unsigned char)w[wl] >= 0x80))
			wl++;
		if (!wl || wl + 1 >= sizeof(word))
			continue;
		for (size_t q = 0; q < wl; q++)
			word[q] = (char)tolower((unsigned char)w[q]);
		word[wl] = '\0';
		if (!vocab_in(VL_SECOND_UNIT, word))
			continue;
		/* the word before: "every 600 s", "each 3600 seconds", "per 60 s" are rates */
		const char *b = p;
		while (b > s && b[-1] == ' ')
			b--;
		const char *bw = b;
		while (bw > s && isalpha((unsigned char)bw[-1]))
			bw--;
		const char *fw = b; /* and a flag's value ("--save-every 600 s") is the program's */
		while (fw > s && !isspace((unsigned char)fw[-1]))
			fw--;
		if (fw < b && *fw == '-')
			continue;
		if ((b - bw == 5 && !strncasecmp(bw, "every", 5)) || (b - bw == 4 && !strncasecmp(bw, "each", 4)) ||
		    (b - bw == 3 && !strncasecmp(bw, "per", 3)))
			continue;
		double m = v / 60;
		char mv[24], out[32];
		if (huge)
			snprintf(mv, sizeof(mv), "%s", "99999999");
		else if (fabs(m - round(m)) < 1e-9)
			snprintf(mv, sizeof(mv), "%.0f", m);
		else if (fabs(m * 10 - round(m * 10)) < 1e-9)
			snprintf(mv, sizeof(mv), "%.1f", m);
		else
			continue;
		/* "180 min" where it fits, else "90min" or "90m" */
		size_t span = (size_t)(w + wl - p), ol = 0;
		for (int f = 0; f < 3; f++) {
			snprintf(out, sizeof(out), f == 0 ? "%s min" : f == 1 ? "%smin" : "%sm", mv);
			ol = strlen(out);
			if (ol <= span)
				break;
		}
		if (huge && ol > span && span >= 7) /* "1e400 s": 999999 minutes is still past a year */
			ol = strlen(strcpy(out, "999999m"));
		if (ol > span)
			continue;
		memcpy(p, out, ol);
		memset(p + ol, ' ', span - ol);
		if (huge && ol + 1 < span && !strcmp(out + ol - 4, " min")) {
			/* the unit at the span's end, so that a message quoting the words quotes all of them */
			memset(p + ol - 3, ' ', 3);
			memcpy(p + span - 3, "min", 3);
		}
		p += span - 1;
	}
}

/* Full-width punctuation of Chinese and Japanese text ("2 个节点，debug 队列，1 小时", "128 ノード、4時間、srun")
 * read as its ASCII counterpart followed by blanks (the byte length kept, so that every offset into the
 * text still holds), and the measure words after a number blanked ("2 个节点" is "2 节点"; 块, 张, 枚, 台,
 * 개 likewise: "6 块 GPU", "GPU 8枚", "노드 4개"); with them the other rewrites of the working copy that keep
 * its length: escaped line breaks, footnote markers, changes written with arrows, times in seconds. */
void rd_blank_wide_punct(char *s, size_t len)
{
	/* a line break escaped inside a JSON string ("# Lonestar6: 4 nodes, 8h\\n\",", a notebook's source
	 * lines): a space, so that "8h" ends its word */
	for (char *p = s; (p = memchr(p, '\\', len - (size_t)(p - s))) != NULL; p++)
		if ((size_t)(p - s) + 2 < len && (p[1] == 'n' || p[1] == 't' || p[1] == 'r') && p[2] == '"' && (p == s || p[-1] != '\\'))
			p[0] = p[1] = ' ';
	/* footnote markers ("30 nodes[2]", "run[1]," and the note "[1] node count TBD" they point to): no counts */
	for (int pass = 0; pass < 2; pass++) /* the notes first: their markers are looked up glued to a word */
		for (char *p = s; (p = memchr(p, '[', len - (size_t)(p - s))) != NULL; p++) {
			size_t d = 1;
			while ((size_t)(p - s) + d < len && d <= 2 && isdigit((unsigned char)p[d]))
				d++;
			if (d < 2 || (size_t)(p - s) + d >= len || p[d] != ']')
				continue;
			bool glued = p > s && isalpha((unsigned char)p[-1]);
			bool note = false;
			if (pass == 0 && (p == s || p[-1] == '\n'))
				for (const char *q = s; !note && (q = mem_find(q, len - (size_t)(q - s), p, d + 1)) != NULL; q++)
					note = q > s && isalpha((unsigned char)q[-1]);
			if ((pass == 0 && note) || (pass == 1 && glued))
				memset(p, ' ', d + 1);
		}
	/* a change written with an arrow between two values ("nodes 4 \xe2\x86\x92 8", "time 3h -> 6h"): the old
	 * value and the arrow blanked, the new one read */
	static const char *const arrows[] = {"\xe2\x86\x92", "-->", "==>", "->", "=>", "\xe2\x9e\x9c", "\xe2\x87\x92" /* ⇒ */,
					     "\xe2\x9f\xb6" /* ⟶ */, "\xe2\x9f\xb9" /* ⟹ */, NULL};
	for (size_t k = 0; arrows[k]; k++) {
		size_t al = strlen(arrows[k]);
		for (char *p = s; (p = mem_find(p, len - (size_t)(p - s), arrows[k], al)) != NULL; p += al) {
			char *r = p + al;
			while ((size_t)(r - s) < len && *r == ' ')
				r++;
			/* a suggested edit of quoted text ("'Lonestar6, 2 nodes' → 'Lonestar6, 4 nodes' (accepted)"):
			 * the old quote and the arrow blanked */
			if ((size_t)(r - s) < len && (*r == '\'' || *r == '"')) {
				char *l = p;
				while (l > s && l[-1] == ' ')
					l--;
				if (l > s && l[-1] == *r) {
					char *o = l - 1;
					while (o > s && o[-1] != *r && o[-1] != '\n')
						o--;
					if (o > s && o[-1] == *r && (o - 1 == s || isspace((unsigned char)o[-2]) || o[-2] == ':')) {
						memset(o - 1, ' ', (size_t)(p - (o - 1)) + al);
						continue;
					}
				}
			}
			if ((size_t)(r - s) >= len || !isdigit((unsigned char)*r))
				continue;
			char *l = p;
			while (l > s && l[-1] == ' ')
				l--;
			char *w = l;
			while (w > s && isalnum((unsigned char)w[-1]))
				w--;
			if (w == l || !isdigit((unsigned char)*w) || (w > s && !isspace((unsigned char)w[-1]) && w[-1] != '(' && w[-1] != ':'))
				continue;
			/* ("nodes from 4 -> 8": the "from" of the old value goes with it) */
			char *f = w;
			while (f > s && f[-1] == ' ')
				f--;
			if (f - s >= 4 && !strncasecmp(f - 4, "from", 4) && (f - 4 == s || !isalnum((unsigned char)f[-5])))
				w = f - 4;
			memset(w, ' ', (size_t)(p - w) + al);
		}
	}
	seconds_as_minutes(s, len);
	/* full-width digits ("２ノード"): the ASCII digit (and two spaces) in the same bytes */
	for (char *p = s; (p = mem_find(p, len - (size_t)(p - s), "\xef\xbc", 2)) != NULL; p += 2)
		if ((size_t)(p - s) + 3 <= len && (unsigned char)p[2] >= 0x90 && (unsigned char)p[2] <= 0x99) {
			p[0] = (char)('0' + ((unsigned char)p[2] - 0x90));
			p[1] = p[2] = ' ';
		}
	/* a keycap digit ("2\xef\xb8\x8f\xe2\x83\xa3 nodes"): the digit, its variation selector and keycap blanked */
	for (char *p = s; (p = mem_find(p, len - (size_t)(p - s), "\xe2\x83\xa3", 3)) != NULL; p += 3) {
		memset(p, ' ', 3);
		if (p - s >= 3 && !memcmp(p - 3, "\xef\xb8\x8f", 3))
			memset(p - 3, ' ', 3);
	}
	/* colored circles and squares between items ("PM \xf0\x9f\x9f\xa2 debug \xf0\x9f\x9f\xa2 8 nodes"): a comma */
	for (char *p = s; (p = mem_find(p, len - (size_t)(p - s), "\xf0\x9f\x9f", 3)) != NULL; p += 4)
		if ((size_t)(p - s) + 4 <= len && (unsigned char)p[3] >= 0xa0 && (unsigned char)p[3] <= 0xab)
			memcpy(p, ",   ", 4);
	static const struct {
		const char *wide; /* three bytes of UTF-8 */
		char ascii;
	} marks[] = {{"\xef\xbc\x8c", ','}, {"\xe3\x80\x81", ','}, {"\xe3\x80\x82", '.'}, {"\xef\xbc\x9a", ':'},
		     {"\xef\xbc\x88", '('}, {"\xef\xbc\x89", ')'}, {"\xef\xbc\x9b", ';'}, {"\xef\xbc\x81", '!'},
		     {"\xef\xbc\x9f", '?'}, {"\xe4\xb8\xaa", ' '},
		     /* the other measure words written after a count: 块 张 枚 台 (cards, boards, machines), 개 */
		     {"\xe5\x9d\x97", ' '}, {"\xe5\xbc\xa0", ' '}, {"\xe6\x9e\x9a", ' '}, {"\xe5\x8f\xb0", ' '},
		     {"\xea\xb0\x9c", ' '}};
	/* Persian and Arabic-Indic digits (two bytes each: "۲ نود", "٤ GPU"): the ASCII digits, the run's
	 * remaining bytes blanked after it ("۱۲" is "12  ") */
	for (size_t i = 0; i + 2 <= len; i++) {
		size_t j = i, nd = 0;
		char digits[64];
		while (j + 2 <= len && nd < sizeof(digits) &&
		       (((unsigned char)s[j] == 0xdb && (unsigned char)s[j + 1] >= 0xb0 && (unsigned char)s[j + 1] <= 0xb9) ||
			((unsigned char)s[j] == 0xd9 && (unsigned char)s[j + 1] >= 0xa0 && (unsigned char)s[j + 1] <= 0xa9))) {
			unsigned char lo = (unsigned char)s[j + 1];
			digits[nd++] = (char)('0' + ((unsigned char)s[j] == 0xdb ? lo - 0xb0 : lo - 0xa0));
			j += 2;
		}
		if (!nd)
			continue;
		memcpy(s + i, digits, nd);
		memset(s + i + nd, ' ', j - i - nd);
		i = j - 1;
	}
	/* Arabic and Farsi punctuation (two bytes): "،" comma, "؛" semicolon, "؟" question mark */
	for (size_t i = 0; i + 2 <= len; i++)
		if ((unsigned char)s[i] == 0xd8 && ((unsigned char)s[i + 1] == 0x8c || (unsigned char)s[i + 1] == 0x9b ||
						    (unsigned char)s[i + 1] == 0x9f)) {
			s[i] = (unsigned char)s[i + 1] == 0x8c ? ',' : (unsigned char)s[i + 1] == 0x9b ? ';' : '?';
			s[i + 1] = ' ';
			i++;
		}
	for (size_t i = 0; i + 3 <= len; i++) {
		if ((unsigned char)s[i] < 0xe3)
			continue;
		/* "1時間半" (an hour and a half) is "1.5時間", "半日" (half a day) is "12h": the same byte length */
		static const char jikan_han[] = "\xe6\x99\x82\xe9\x96\x93\xe5\x8d\x8a"; /* 時間半 */
		if (i + 9 <= len && !memcmp(s + i, jikan_han, 9) && i > 0 && isdigit((unsigned char)s[i - 1])) {
			memmove(s + i + 2, s + i, 6); /* 時間 two bytes on */
			s[i] = '.', s[i + 1] = '5', s[i + 8] = ' ';
			i += 8;
			continue;
		}
		if (i + 6 <= len && !memcmp(s + i, "\xe5\x8d\x8a\xe6\x97\xa5", 6) && (i == 0 || !isdigit((unsigned char)s[i - 1]))) {
			memcpy(s + i, "12h   ", 6); /* 半日 */
			i += 5;
			continue;
		}
		for (size_t k = 0; k < sizeof(marks) / sizeof(*marks); k++) {
			if (memcmp(s + i, marks[k].wide, 3))
				continue;
			if (marks[k].ascii == ' ' && !(i > 0 && (s[i - 1] == ' ' || isdigit((unsigned char)s[i - 1]))))
				break; /* 个 only after a number */
			/* the unit before its count ("GPU 24枚", "노드 4개", "GCD 8개"): the count first, as the reader
			 * reads it ("24 GPU", "4 노드"), in the same bytes */
			if (marks[k].ascii == ' ' && isdigit((unsigned char)s[i - 1]) && !unit_follows(s, i + 3, len)) {
				size_t ds = i;
				while (ds > 0 && isdigit((unsigned char)s[ds - 1]))
					ds--;
				size_t we = ds, ws = ds;
				if (we > 0 && s[we - 1] == ' ')
					we--, ws = we;
				/* the word: Latin letters, or CJK characters, back to where the other script starts ("Aurora
				 * でGPU 24枚": "GPU") */
				bool latin = we > 0 && isalpha((unsigned char)s[we - 1]);
				while (ws > 0 && !isspace((unsigned char)s[ws - 1]) && !strchr(",;:()", s[ws - 1]) && we - ws < 16 &&
				       (latin ? isalnum((unsigned char)s[ws - 1]) : (unsigned char)s[ws - 1] >= 0x80))
					ws--;
				if (latin)
					while (ws < we && isdigit((unsigned char)s[ws]))
						ws++;
				if (we < ds && ws < we && we - ws < 16) {
					char num[16], word[16];
					size_t nl = i - ds, wl = we - ws;
					if (nl < sizeof(num)) {
						memcpy(num, s + ds, nl);
						memcpy(word, s + ws, wl);
						size_t p = ws;
						memcpy(s + p, num, nl), p += nl;
						s[p++] = ' ';
						memcpy(s + p, word, wl), p += wl;
						while (p < i + 3)
							s[p++] = ' ';
						i += 2;
						break;
					}
				}
			}
			/* an opening parenthesis opens the next word: "节点（prod" is "节点 (prod" */
			s[i] = marks[k].ascii == '(' ? ' ' : marks[k].ascii;
			s[i + 1] = marks[k].ascii == '(' ? '(' : ' ';
			s[i + 2] = ' ';
			i += 2;
			break;
		}
	}
}

/* Typography that word processors, chat applications and web pages put in text people paste: Windows line
 * ends (CR LF), non-breaking
 * and other Unicode spaces (U+00A0, U+2000-U+200A, U+202F, U+3000), zero-width characters (U+200B, U+FEFF,
 * the emoji variation selector U+FE0F), pictographs opening a line (U+1F300 on: a blank),
 * curly quotes (U+2018-U+201F, primes U+2032/U+2033) and the ellipsis (U+2026). The reader and the shell
 * lexer know the plain ASCII forms; a copy with those, or NULL when the text has none. */
char *rd_plain_typography(const char *text, size_t len, size_t *out_len)
{
	const unsigned char *s = (const unsigned char *)text;
	bool any = false;
	for (size_t i = 0; i + 1 < len && !any; i++)
		any = s[i] == 0xC2 ? s[i + 1] == 0xA0
				   : s[i] == 0xE2 || s[i] == 0xE3 || s[i] == 0xEF || s[i] == '\r' || s[i] == 0xF0 || s[i] == '"';
	if (!any)
		return NULL;
	char *out = xmalloc(len * 3 + 1);
	size_t n = 0;
	bool changed = false;
	for (size_t i = 0; i < len;) {
		unsigned cp = 0;
		size_t l = 1;
		if (s[i] == 0xC2 && i + 1 < len)
			cp = ((s[i] & 0x1Fu) << 6) | (s[i + 1] & 0x3Fu), l = 2;
		else if ((s[i] & 0xF0) == 0xE0 && i + 2 < len)
			cp = ((s[i] & 0x0Fu) << 12) | ((s[i + 1] & 0x3Fu) << 6) | (s[i + 2] & 0x3Fu), l = 3;
		const char *rep = NULL;
		/* a pictograph opening a line ("🚀 cluster=pm nodes=2", "🔥 {...}"): a blank (the marks that mean
		 * something - ✅ ❌ → - are below U+1F000 and stay) */
		bool line_start = true; /* (only opening a line: "café—🚀" in an argument stays as written) */
		for (size_t q = n; q > 0 && line_start && out[q - 1] != '\n'; q--)
			line_start = out[q - 1] == ' ' || out[q - 1] == '\t';
		if (s[i] == 0xF0 && i + 3 < len && s[i + 1] == 0x9F && s[i + 2] >= 0x8C && line_start) {
			out[n++] = ' ';
			i += 4;
			changed = true;
			continue;
		}
		if (s[i] == '\r' && i + 1 < len && s[i + 1] == '\n') { /* Windows line ends: "\\\r\n" continues a line too */
			i++;
			changed = true;
			continue;
		}
		if (cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F || cp == 0x205F || cp == 0x3000)
			rep = " ";
		else if (cp == 0x200B || cp == 0x200C || cp == 0x200D || cp == 0x2060 || cp == 0xFEFF || cp == 0xFE0F)
			rep = "";
		else if (cp == 0x201C || cp == 0x201D || cp == 0x201E || cp == 0x201F || cp == 0x2033)
			rep = "\"";
		else if (cp == 0x2018 || cp == 0x2019 || cp == 0x201A || cp == 0x201B || cp == 0x2032)
			rep = "'";
		else if (cp == 0x2026)
			rep = "...";
		if (rep && cp) {
			size_t rl = strlen(rep);
			memcpy(out + n, rep, rl);
			n += rl;
			i += l;
			changed = true;
			continue;
		}
		out[n++] = text[i++];
	}
	out[n] = '\0';
	/* a line quoted whole ('"Vista, 16 GPUs, ..., 4h"' under a greeting): its quotes are no shell quoting */
	for (size_t la = 0; la < n;) {
		size_t lb = la;
		while (lb < n && out[lb] != '\n')
			lb++;
		size_t p = la, e = lb;
		while (p < e && (out[p] == ' ' || out[p] == '\t'))
			p++;
		while (e > p && (out[e - 1] == ' ' || out[e - 1] == '\t' || out[e - 1] == '\r'))
			e--;
		if (e - p > 4 && out[p] == '"' && out[e - 1] == '"' && !memchr(out + p + 1, '"', e - p - 2) &&
		    memchr(out + p, ',', e - p)) {
			out[p] = out[e - 1] = ' ';
			changed = true;
		}
		la = lb + 1;
	}
	if (!changed) {
		free(out);
		return NULL;
	}
	*out_len = n;
	return out;
}

/* A request wrapped whole in quotes or a parenthesis ('"Vista, 16 GPUs, ..., 4h"', "(Delta: run ... for 2
 * hours)"): [*a, *b) of text narrowed to what it wraps; unchanged when the quote appears inside too or
 * the opening parenthesis closes before the end. */
void rd_unwrap_whole(const char *text, size_t *a, size_t *b)
{
	size_t p = *a, e = *b;
	while (p < e && isspace((unsigned char)text[p]))
		p++;
	while (e > p && isspace((unsigned char)text[e - 1]))
		e--;
	if (e - p < 3)
		return;
	if ((text[p] == '"' || text[p] == '\'') && text[e - 1] == text[p] && !memchr(text + p + 1, text[p], e - p - 2)) {
		*a = p + 1, *b = e - 1;
		return;
	}
	/* (a line quoted whole inside a longer text is blanked by rd_plain_typography) */
	if (text[p] == '(' && text[e - 1] == ')') {
		int depth = 0;
		for (size_t i = p; i < e; i++) {
			depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
			if (depth == 0 && i + 1 < e)
				return; /* "(a) 2 nodes ... (b)": not one pair */
		}
		*a = p + 1, *b = e - 1;
	}
}
