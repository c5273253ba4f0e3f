/* shapes.c - the one-pass line scanner and the failure rules of shapes.h. */
#include "shapes.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

static const double pow10_tab[] = {1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
				   1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* Parses a decimal number (optionally signed, with fraction and exponent) at [p, e); returns the
 * end, or p when there is none. Clinger's fast path (an integer mantissa below 2^53 scaled by an
 * exact power of ten) gives the correctly rounded value for ordinary log figures; anything longer
 * goes through strtod. */
static const char *parse_num(const char *p, const char *e, double *out)
{
	const char *q = p;
	bool neg = false;
	if (q < e && (*q == '-' || *q == '+'))
		neg = *q++ == '-';
	/* m wraps past 19 digits: a number that long is read by strtod below, which needs no m */
	uint64_t m = 0;
	const char *d = q;
	while (q < e && (unsigned)(*q - '0') < 10)
		m = m * 10 + (uint64_t)(*q++ - '0');
	int digits = (int)(q - d), frac = 0;
	if (q + 1 < e && *q == '.' && (unsigned)(q[1] - '0') < 10) {
		const char *f0 = ++q;
		while (q < e && (unsigned)(*q - '0') < 10)
			m = m * 10 + (uint64_t)(*q++ - '0');
		frac = (int)(q - f0);
		digits += frac;
	}
	if (!digits)
		return p;
	int ex = 0;
	if (q + 1 < e && (*q == 'e' || *q == 'E') &&
	    ((q[1] >= '0' && q[1] <= '9') || ((q[1] == '-' || q[1] == '+') && q + 2 < e && q[2] >= '0' && q[2] <= '9'))) {
		const char *r = q + 1;
		bool eneg = false;
		if (*r == '-' || *r == '+')
			eneg = *r++ == '-';
		while (r < e && *r >= '0' && *r <= '9') {
			if (ex < 10000)
				ex = ex * 10 + (*r - '0');
			r++;
		}
		ex = eneg ? -ex : ex;
		q = r;
	}
	int scale = ex - frac;
	double v;
	if (digits <= 15 && scale >= -22 && scale <= 22) {
		v = (double)m;
		v = scale < 0 ? v / pow10_tab[-scale] : v * pow10_tab[scale];
	} else {
		char buf[128];
		size_t n = (size_t)(q - p) < sizeof(buf) - 1 ? (size_t)(q - p) : sizeof(buf) - 1;
		memcpy(buf, p, n);
		buf[n] = '\0';
		v = strtod(buf, NULL);
		*out = v;
		return q;
	}
	*out = neg ? -v : v;
	return q;
}

/* The end of the number at p (no conversion); p when there is none. */
static inline const char *num_end(const char *p, const char *e)
{
	const char *q = p;
	if (q < e && (*q == '-' || *q == '+'))
		q++;
	const char *d = q;
	while (q < e && *q >= '0' && *q <= '9')
		q++;
	if (q + 1 < e && *q == '.' && q[1] >= '0' && q[1] <= '9') {
		q++;
		while (q < e && *q >= '0' && *q <= '9')
			q++;
	}
	if (q == d)
		return p;
	if (q + 1 < e && (*q == 'e' || *q == 'E') &&
	    ((q[1] >= '0' && q[1] <= '9') || ((q[1] == '-' || q[1] == '+') && q + 2 < e && q[2] >= '0' && q[2] <= '9'))) {
		q += 2;
		while (q < e && *q >= '0' && *q <= '9')
			q++;
	}
	return q;
}

/* The value of the number [a, b) that num_end found. */
static inline double num_value(const char *a, const char *b)
{
	/* the common case, digits with at most one '.' between or before them and at most 15 in all, as
	 * parse_num's exact path reads it: the integer of the digits over a power of ten */
	if (b - a <= 16) {
		uint64_t m = 0;
		const char *q = a, *dot = NULL;
		for (; q < b; q++) {
			unsigned d = (unsigned)(*q - '0');
			if (d < 10)
				m = m * 10 + d;
			else if (*q == '.' && !dot)
				dot = q;
			else
				break;
		}
		if (q == b && (dot ? dot + 1 < b : b - a <= 15) && b > a) {
			double v = (double)m;
			return dot ? v / pow10_tab[b - dot - 1] : v * pow10_tab[0];
		}
	}
	double v = NAN;
	parse_num(a, b, &v);
	return v;
}

static inline bool is_digit(char c)
{
	return (unsigned)(c - '0') < 10;
}

/* "HH:MM:SS", "MM:SS" or "D day(s), HH:MM:SS"-free forms -> seconds; returns the end or p. */
static const char *parse_clock(const char *p, const char *e, double *out)
{
	/* tqdm's "MM:SS" and "HH:MM:SS" (two digits a part, more bytes after it): read at once */
	if (e - p >= 8 && is_digit(p[0]) && is_digit(p[1]) && p[2] == ':' && is_digit(p[3]) && is_digit(p[4]) &&
	    !is_digit(p[5])) {
		double a = (p[0] - '0') * 10 + (p[1] - '0'), b = (p[3] - '0') * 10 + (p[4] - '0');
		if (!(p[5] == ':' && is_digit(p[6]))) {
			*out = a * 60 + b;
			return p + 5;
		}
		if (e - p >= 9 && is_digit(p[7]) && !is_digit(p[8])) {
			double c = (p[6] - '0') * 10 + (p[7] - '0');
			*out = a * 3600 + b * 60 + c;
			return p + 8;
		}
	}
	double parts[3];
	int n = 0;
	const char *q = p;
	while (n < 3) {
		const char *r = q;
		/* digits as an integer (exact, as the double sum of the digits is up to 15 of them) */
		uint64_t m = 0;
		while (r < e && (unsigned)(*r - '0') < 10)
			m = m * 10 + (uint64_t)(*r++ - '0');
		int d = (int)(r - q);
		if (!d)
			break;
		double v = (double)m;
		if (d > 15) { /* the double sum, rounded at each digit as it always was */
			v = 0;
			for (const char *t = q; t < r; t++)
				v = v * 10 + (*t - '0');
		}
		parts[n++] = v;
		q = r;
		if (q < e && *q == ':' && q + 1 < e && q[1] >= '0' && q[1] <= '9')
			q++;
		else
			break;
	}
	if (n < 2)
		return p;
	*out = n == 2 ? parts[0] * 60 + parts[1] : parts[0] * 3600 + parts[1] * 60 + parts[2];
	return q;
}

/* Whether parse_clock finds a clock at p: digits, ':' and a digit. */
static inline bool clock_at(const char *p, const char *e)
{
	while (p < e && *p >= '0' && *p <= '9')
		p++;
	return p + 1 < e && *p == ':' && p[1] >= '0' && p[1] <= '9';
}

static long days_from_civil(long y, unsigned m, unsigned d)
{
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	unsigned yoe = (unsigned)(y - era * 400);
	unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + (long)doe - 719468;
}

/* The two digits at p as a number, or -1000 (negative whatever it is added to) when either is no digit. */
static inline int dig2(const char *p)
{
	unsigned a = (unsigned)(p[0] - '0'), b = (unsigned)(p[1] - '0');
	return a < 10 && b < 10 ? (int)(a * 10 + b) : -1000;
}

/* Valid "YYYY-MM-DD HH:MM" prefixes a thread read and their seconds, by a hash of their day, hour and
 * minute: the lines of a log share one for a minute at a time (a few, with several loggers' clocks), and
 * the date's arithmetic is most of a timestamp's cost. */
#define TS_CACHE 8
static _Thread_local struct {
	bool valid;
	char key[16];
	double base;
} ts_cache[TS_CACHE];

/* "YYYY-MM-DD[ T]HH:MM:SS[,.]fff" (or YYYY/MM/DD) at p -> seconds; NaN when not a timestamp. */
double log_parse_ts(const char *p, const char *e)
{
	if (e - p < 19 || p[16] != ':')
		return NAN;
	int s = dig2(p + 17);
	if (s < 0)
		return NAN;
	double base;
	unsigned h8 = ((unsigned char)p[9] + (unsigned char)p[10] * 3u + (unsigned char)p[12] * 5u +
		       (unsigned char)p[14] * 7u + (unsigned char)p[15]) % TS_CACHE;
	if (ts_cache[h8].valid && !memcmp(ts_cache[h8].key, p, 16)) {
		base = ts_cache[h8].base; /* the same 16 bytes: valid, and the same minute */
	} else {
		/* '-' or '/' between the date's parts (MMEngine's datefmt "%Y/%m/%d %H:%M:%S") */
		if (!((p[4] == '-' && p[7] == '-') || (p[4] == '/' && p[7] == '/')) || (p[10] != ' ' && p[10] != 'T') ||
		    p[13] != ':')
			return NAN;
		int yh = dig2(p), yl = dig2(p + 2), mo = dig2(p + 5), d = dig2(p + 8), h = dig2(p + 11), mi = dig2(p + 14);
		if (yh < 0 || yl < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || mi < 0)
			return NAN;
		int y = yh * 100 + yl;
		/* an exact integer, as the sum below always was before its seconds were added */
		base = (double)days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + h * 3600 + mi * 60;
		memcpy(ts_cache[h8].key, p, 16);
		ts_cache[h8].base = base;
		ts_cache[h8].valid = true;
	}
	double frac = 0;
	if (e - p > 20 && (p[19] == ',' || p[19] == '.')) {
		double scale = 0.1;
		for (const char *q = p + 20; q < e && *q >= '0' && *q <= '9'; q++, scale *= 0.1)
			frac += (*q - '0') * scale;
	}
	return base + s + frac;
}

enum key {
	K_NONE,
	K_STEP,
	K_EPOCH,
	K_LOSS,
	K_RUNTIME,
	K_SAMPLES_S,
	K_SAMPLES_S_WEAK,
	K_STEPS_S,
	K_TOKENS_S,
	K_IT_S,
};

struct word_key {
	const char *w;
	enum key k;
	size_t n; /* strlen(w) */
};

#define WK(s, k) {s, k, sizeof(s) - 1}
static const struct word_key keys[] = {
	WK("step", K_STEP),
	WK("Step", K_STEP),
	WK("steps", K_STEP),
	WK("global_step", K_STEP),
	WK("iter", K_STEP),
	WK("Iter", K_STEP),
	WK("iteration", K_STEP),
	WK("Iteration", K_STEP),
	WK("epoch", K_EPOCH),
	WK("Epoch", K_EPOCH),
	WK("loss", K_LOSS),
	WK("Loss", K_LOSS),
	WK("train_loss", K_LOSS),
	WK("lm_loss", K_LOSS),
	WK("step_loss", K_LOSS), /* diffusers: the tqdm postfix step_loss=0.12 */
	WK("loss/train", K_LOSS), /* Composer's progress bar postfix loss/train/total=2.9 (words join up to 8 letters) */
	WK("train_runtime", K_RUNTIME),
	WK("train_samples_per_second", K_SAMPLES_S),
	WK("samples_per_second", K_SAMPLES_S),
	WK("RunningAvgSamplesPerSec", K_SAMPLES_S),
	WK("CurrSamplesPerSec", K_SAMPLES_S_WEAK),
	WK("samples/sec", K_SAMPLES_S),
	WK("samples_per_sec", K_SAMPLES_S),
	WK("throughput", K_SAMPLES_S_WEAK),
	WK("train_steps_per_second", K_STEPS_S),
	WK("tokens_per_sec", K_TOKENS_S),
	WK("tokens_per_second", K_TOKENS_S),
	WK("tok/s", K_TOKENS_S),
	WK("tokens/s", K_TOKENS_S),
	WK("tokens/sec", K_TOKENS_S),
	WK("tok/sec", K_TOKENS_S), /* build-nanogpt's "tok/sec: 1303850.22" */
	{NULL, K_NONE, 0},
};

/* Units that follow a number: "1.44it/s", "12000 tokens/s". */
static const struct word_key units[] = {
	WK("it/s", K_IT_S),	      WK("s/it", K_IT_S),		  WK("tokens/s", K_TOKENS_S), WK("tok/s", K_TOKENS_S),
	WK("tokens/sec", K_TOKENS_S), WK("tok/sec", K_TOKENS_S), WK("samples/s", K_SAMPLES_S), WK("samples/sec", K_SAMPLES_S),
	WK("img/s", K_SAMPLES_S),	      WK("images/s", K_SAMPLES_S), WK("seq/s", K_SAMPLES_S),	   WK("sample/s", K_SAMPLES_S),
	WK("batch/s", K_IT_S), WK("batches/s", K_IT_S), /* tqdm(unit="batch") */
	WK("ba/s", K_IT_S), /* Composer's progress bars (unit "ba") */
	{NULL, K_NONE, 0},
};

/* keys[] and units[] in two small open-addressing hash tables (by first and last letter and length):
 * a word is looked up several times a line of a long log, and most are no key. Before it, a quick no:
 * bit n of word_lens[table][c] is set when some word of the table begins with c and has n letters. */
#define WORD_SLOTS 128
static const struct word_key *word_slot[2][WORD_SLOTS];
static uint32_t word_lens[2][256];
static bool word_slots_ready;

static unsigned word_hash(const char *w, size_t n)
{
	return ((unsigned char)w[0] * 31u + (unsigned char)w[n - 1] * 7u + (unsigned)n) & (WORD_SLOTS - 1);
}

static void word_slots_init(void)
{
	for (int t = 0; t < 2; t++)
		for (const struct word_key *k = t ? units : keys; k->w; k++) {
			unsigned h = word_hash(k->w, k->n);
			while (word_slot[t][h])
				h = (h + 1) & (WORD_SLOTS - 1);
			word_slot[t][h] = k; /* a word listed twice: the first one is found first, as in a scan */
			if (k->n < 32)
				word_lens[t][(unsigned char)k->w[0]] |= 1u << k->n;
		}
	word_slots_ready = true;
}

static inline enum key lookup(int table, const char *w, size_t n)
{
	if (!word_slots_ready)
		word_slots_init();
	if (n > 31 || !((word_lens[table][(unsigned char)w[0]] >> n) & 1))
		return K_NONE;
	for (unsigned h = word_hash(w, n);; h = (h + 1) & (WORD_SLOTS - 1)) {
		const struct word_key *k = word_slot[table][h];
		if (!k)
			return K_NONE;
		if (k->n != n || k->w[0] != w[0] || k->w[n - 1] != w[n - 1])
			continue;
		size_t i = 1;
		while (i < n && k->w[i] == w[i])
			i++;
		if (i == n)
			return k->k;
	}
}

static bool alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

static bool has(const char *s, size_t n, const char *needle)
{
	return memmem(s, n, needle, strlen(needle)) != NULL;
}

/* Words that may begin a failure (checked precisely afterwards). */
/* Whether a loss's value on s[0, len) is NaN or infinite: "Mel Loss: nan, ...", "loss=nan", "Loss --> inf",
 * "Loss_D: nan" (a word with "oss" and maybe a suffix of its own, then ':', '=' or "-->", then nan/NaN/inf/Infinity
 * and no letter or digit after). */
static bool loss_value_nan(const char *s, size_t len)
{
	const char *e = s + len, *p = s;
	while ((p = memmem(p, (size_t)(e - p), "oss", 3))) {
		const char *q = p + 3;
		p = q;
		/* a loss's own name may go on: Loss_D, loss_total, train_loss_step */
		while (q < e && (*q == '_' || isalnum((unsigned char)*q)))
			q++;
		while (q < e && *q == ' ')
			q++;
		if (q + 3 <= e && !memcmp(q, "-->", 3))
			q += 3;
		else if (q < e && (*q == ':' || *q == '='))
			q++;
		else
			continue;
		while (q < e && *q == ' ')
			q++;
		size_t k = 0;
		if (q + 3 <= e && (!memcmp(q, "nan", 3) || !memcmp(q, "NaN", 3) || !memcmp(q, "inf", 3)))
			k = 3;
		else if (q + 3 <= e && !memcmp(q, "Inf", 3))
			k = 3;
		if (k && q + k + 5 <= e && !memcmp(q + k, "inity", 5))
			k += 5;
		if (k && (q + k == e || !isalnum((unsigned char)q[k])))
			return true;
	}
	return false;
}

static bool hint_word(const char *w, size_t n)
{
	switch (w[0]) {
	case 'T':
		return (n == 9 && !memcmp(w, "Traceback", 9)) || (n == 4 && !memcmp(w, "TIME", 4)) ||
		       (n >= 7 && !memcmp(w, "Timeout", 7));
	case 'N':
		return (n == 4 && !memcmp(w, "NCCL", 4)) || (n == 3 && !memcmp(w, "NaN", 3));
	case 'n':
		return (n > 4 && !memcmp(w, "nccl", 4)) || (n == 3 && !memcmp(w, "nan", 3));
	case 'O':
		return (n >= 3 && !memcmp(w, "OOM", 3)) || (n > 11 && !memcmp(w, "OutOfMemory", 11));
	case 'o':
		return (n >= 3 && !memcmp(w, "oom", 3)) || (n == 3 && !memcmp(w, "out", 3));
	case 'C':
		return (n == 4 && !memcmp(w, "CUDA", 4)) || (n >= 11 && !memcmp(w, "ChildFailed", 11)) ||
		       (n == 9 && !memcmp(w, "CANCELLED", 9)) || (n >= 10 && !memcmp(w, "Connection", 10));
	case 'W':
		return n == 8 && !memcmp(w, "Watchdog", 8);
	case 'R':
		return n > 10 && !memcmp(w, "Rendezvous", 10);
	case 'D':
		return n > 7 && !memcmp(w, "DistNetwork", 7);
	case 'K':
		return n == 6 && !memcmp(w, "Killed", 6);
	case 'S':
		return (n >= 6 && !memcmp(w, "SIG", 3)) || (n == 12 && !memcmp(w, "Segmentation", 12));
	case 'F':
		return n == 5 && !memcmp(w, "Fatal", 5);
	case 't':
		return n == 5 && !memcmp(w, "timed", 5);
	case 'e':
		return n == 8 && !memcmp(w, "exitcode", 8);
	}
	return false;
}

enum { C_OTHER, C_ALPHA, C_DIGIT, C_SIGN, C_SPECIAL, C_SPACE };

/* Byte classes for the scanner's dispatch: letters and '_', digits, '-' (a sign), the bytes with a
 * meaning of their own ('[' before a clock, '|' before a bar) and the blank (which changes nothing). */
static const unsigned char cls[256] = {
	['a'] = C_ALPHA, ['b'] = C_ALPHA, ['c'] = C_ALPHA, ['d'] = C_ALPHA, ['e'] = C_ALPHA, ['f'] = C_ALPHA,
	['g'] = C_ALPHA, ['h'] = C_ALPHA, ['i'] = C_ALPHA, ['j'] = C_ALPHA, ['k'] = C_ALPHA, ['l'] = C_ALPHA,
	['m'] = C_ALPHA, ['n'] = C_ALPHA, ['o'] = C_ALPHA, ['p'] = C_ALPHA, ['q'] = C_ALPHA, ['r'] = C_ALPHA,
	['s'] = C_ALPHA, ['t'] = C_ALPHA, ['u'] = C_ALPHA, ['v'] = C_ALPHA, ['w'] = C_ALPHA, ['x'] = C_ALPHA,
	['y'] = C_ALPHA, ['z'] = C_ALPHA, ['A'] = C_ALPHA, ['B'] = C_ALPHA, ['C'] = C_ALPHA, ['D'] = C_ALPHA,
	['E'] = C_ALPHA, ['F'] = C_ALPHA, ['G'] = C_ALPHA, ['H'] = C_ALPHA, ['I'] = C_ALPHA, ['J'] = C_ALPHA,
	['K'] = C_ALPHA, ['L'] = C_ALPHA, ['M'] = C_ALPHA, ['N'] = C_ALPHA, ['O'] = C_ALPHA, ['P'] = C_ALPHA,
	['Q'] = C_ALPHA, ['R'] = C_ALPHA, ['S'] = C_ALPHA, ['T'] = C_ALPHA, ['U'] = C_ALPHA, ['V'] = C_ALPHA,
	['W'] = C_ALPHA, ['X'] = C_ALPHA, ['Y'] = C_ALPHA, ['Z'] = C_ALPHA, ['_'] = C_ALPHA,
	['0'] = C_DIGIT, ['1'] = C_DIGIT, ['2'] = C_DIGIT, ['3'] = C_DIGIT, ['4'] = C_DIGIT, ['5'] = C_DIGIT,
	['6'] = C_DIGIT, ['7'] = C_DIGIT, ['8'] = C_DIGIT, ['9'] = C_DIGIT, ['-'] = C_SIGN,
	['['] = C_SPECIAL, ['|'] = C_SPECIAL, [' '] = C_SPACE,
};

/* The bytes of a word: letters, digits and '_' (C_ALPHA and C_DIGIT), as one flag to test four at once. */
static unsigned char word_byte[256];
static bool word_byte_ready;

static void word_byte_init(void)
{
	for (int c = 0; c < 256; c++)
		word_byte[c] = cls[c] == C_ALPHA || cls[c] == C_DIGIT;
	word_byte_ready = true;
}

/* The end of the run of word bytes (word_byte) at p. With SSE2, sixteen bytes a step: letters are the
 * bytes whose value with bit 0x20 set is 'a'..'z' (bytes from 0x80 compare below 'a' as signed), digits
 * '0'..'9', and '_'. */
static inline const char *word_end(const char *p, const char *e)
{
#if defined(__SSE2__) && defined(__GNUC__)
	const __m128i lo_a = _mm_set1_epi8('a' - 1), hi_z = _mm_set1_epi8('z' + 1), lo_0 = _mm_set1_epi8('0' - 1),
		      hi_9 = _mm_set1_epi8('9' + 1), under = _mm_set1_epi8('_'), caseb = _mm_set1_epi8(0x20);
	while (e - p >= 16) {
		__m128i c = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i l = _mm_or_si128(c, caseb);
		__m128i alpha_ = _mm_and_si128(_mm_cmpgt_epi8(l, lo_a), _mm_cmplt_epi8(l, hi_z));
		__m128i digit = _mm_and_si128(_mm_cmpgt_epi8(c, lo_0), _mm_cmplt_epi8(c, hi_9));
		__m128i w = _mm_or_si128(_mm_or_si128(alpha_, digit), _mm_cmpeq_epi8(c, under));
		unsigned m = (unsigned)_mm_movemask_epi8(w);
		if (m != 0xffffu)
			return p + __builtin_ctz(~m);
		p += 16;
	}
#endif
	while (e - p >= 4 && word_byte[(unsigned char)p[0]] & word_byte[(unsigned char)p[1]] &
				     word_byte[(unsigned char)p[2]] & word_byte[(unsigned char)p[3]])
		p += 4;
	while (p < e && word_byte[(unsigned char)*p])
		p++;
	return p;
}

void scan_line_init(void)
{
	if (!word_slots_ready)
		word_slots_init();
	if (!word_byte_ready)
		word_byte_init();
}

void scan_line(const char *s, size_t len, struct line_facts *f)
{
	if (!word_byte_ready)
		word_byte_init();
	f->step = f->total_steps = f->epoch = f->total_epochs = f->percent = f->loss = NAN;
	f->it_per_s = f->samples_per_s = f->tokens_per_s = f->steps_per_s = NAN;
	f->elapsed_s = f->remaining_s = f->runtime_s = f->ts = NAN;
	f->shape = 0;
	f->traceback_start = f->failure_hint = f->exception_line = f->nan_loss = false;
	/* every field is set before a blank line returns: the caller's facts are not initialised */
	f->ts_kind = TS_NONE;
	f->val_loss = f->step_time_s = f->steps_per_epoch = f->tokens_per_step = f->epoch_step = NAN;
	f->weak_epoch = f->finished = false;
	f->keras_epoch_line = f->keras_bar = f->epochs_from_0 = f->eval_pass = false;
	f->bar_keeps_rate = f->total_from_epochs = f->epoch_header = false;
	f->tab_header = f->tab_valid_mark = false;
	f->tab_loss_col = f->tab_ups_col = -1;
	f->bar_pos = f->bar_len = f->bar_loss = f->bar_val_loss = NAN;
	f->resume_step = NAN;
	f->hf_eval_banner = false;
	const char *p = s, *e = s + len;
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= e)
		return;
	/* timestamps: "[2024-01-15 10:00:00,123] [INFO] ...", "2024-01-15T10:00:00 ..." */
	/* where the scan of words and numbers starts: at the seconds of a leading "YYYY-MM-DD HH:MM:SS"
	 * timestamp, whose earlier numbers no key claims and no '%' follows (a "YYYY/MM/DD" date's pair
	 * counts for nothing at the start of a line) */
	const char *from = p;
	if (*p == '[') {
		f->ts = log_parse_ts(p + 1, e);
		f->ts_kind = TS_BRACKET;
		if (!isnan(f->ts))
			from = p + 1 + 17;
		if (isnan(f->ts)) { /* "[INFO|trainer.py:1721] 2024-01-10 12:00:00,000 >> ..." */
			const char *close = memchr(p, ']', (size_t)(e - p) < 80 ? (size_t)(e - p) : 80);
			if (close && close + 2 < e && close[1] == ' ') {
				f->ts = log_parse_ts(close + 2, e);
				f->ts_kind = TS_AFTER_TAG;
			}
		}
	} else if (*p >= '0' && *p <= '9') {
		f->ts = log_parse_ts(p, e);
		f->ts_kind = TS_ISO;
		if (!isnan(f->ts))
			from = p + 17;
		if (isnan(f->ts) && e - p >= 14 && p[2] == '/' && p[5] == ' ' && p[8] == ':' && p[11] == ':') {
			/* MMEngine "11/20 09:16:32 - mmengine - INFO -" (no year: one is assumed) */
			char buf[32];
			snprintf(buf, sizeof(buf), "2001-%.2s-%.2s %.8s", p, p + 3, p + 6);
			f->ts = log_parse_ts(buf, buf + strlen(buf));
		} else if (isnan(f->ts) && e - p >= 19 && p[2] == '/' && p[5] == '/' && p[10] == ' ' && p[13] == ':') {
			/* Hugging Face examples' datefmt "%m/%d/%Y %H:%M:%S" */
			char buf[32];
			snprintf(buf, sizeof(buf), "%.4s-%.2s-%.2s %.8s", p + 6, p, p + 3, p + 11);
			f->ts = log_parse_ts(buf, buf + strlen(buf));
		}
	} else if (strchr("IWEF", *p) && e - p > 21 && isdigit((unsigned char)p[1]) && isdigit((unsigned char)p[4]) &&
		   p[5] == ' ' && p[8] == ':' && p[11] == ':') {
		/* glog/absl: "I0301 23:58:00.000000 1234 file.py:80] ..." (no year: one is assumed) */
		int mo = (p[1] - '0') * 10 + (p[2] - '0'), d = (p[3] - '0') * 10 + (p[4] - '0');
		char buf[32];
		snprintf(buf, sizeof(buf), "2001-%02d-%02d %.8s", mo, d, p + 6);
		f->ts = log_parse_ts(buf, buf + strlen(buf));
		f->ts_kind = TS_GLOG;
	}
	if (isnan(f->ts) && *p >= 'A' && *p <= 'Z') {
		/* a level word, then the stamp: LeRobot's "INFO 2025-03-01 10:00:46 ts/train.py:232 ...", lingua's
		 * "INFO    24-10-20 12:01:30.000 - 0:01:30 - ..." (a two-digit year) */
		const char *q = p;
		while (q < e && *q >= 'A' && *q <= 'Z')
			q++;
		if (q - p >= 4 && q - p <= 8 && q < e && *q == ' ') {
			while (q < e && *q == ' ')
				q++;
			if (e - q >= 19 && q[4] == '-') {
				f->ts = log_parse_ts(q, e);
				if (!isnan(f->ts))
					from = q + 17;
			} else if (e - q >= 17 && q[2] == '-' && q[5] == '-' && q[8] == ' ' && q[11] == ':') {
				char buf[40];
				size_t k = (size_t)(e - q) < 21 ? (size_t)(e - q) : 21;
				snprintf(buf, sizeof(buf), "20%.*s", (int)k, q);
				f->ts = log_parse_ts(buf, buf + strlen(buf));
				if (!isnan(f->ts))
					from = q + 15;
			}
			if (!isnan(f->ts))
				f->ts_kind = TS_AFTER_TAG;
		}
	}
	if (isnan(f->ts))
		f->ts_kind = TS_NONE;
	if (*p == '{' && p + 1 < e && (p[1] == '\'' || p[1] == '"'))
		f->shape |= SHAPE_HF;
	enum key pending = K_NONE;
	const char *pending_at = NULL;
	const char *num_a = NULL, *num_e = NULL; /* the last number's span */
	bool bracket = false;			 /* a '[' just before the current position */
	bool bar = false, epoch_pair = false;
	p = from;
	while (p < e) {
		char c = *p;
		unsigned cl = cls[(unsigned char)c];
		if (cl == C_OTHER) { /* punctuation, bar blocks: nothing starts here, and a '[' is behind */
			bracket = false;
			do
				p++;
			while (p < e && cls[(unsigned char)*p] == C_OTHER);
			continue;
		}
		if (cl == C_SPACE) {
			do
				p++;
			while (p < e && *p == ' ');
			continue;
		}
		if (cl == C_ALPHA) {
			const char *w = p;
			for (;;) {
				p = word_end(p, e);
				if (p < e && *p == '/' && p + 1 < e && alpha(p[1]) && p - w <= 8)
					p++;
				else
					break;
			}
			size_t n = (size_t)(p - w);
			/* a unit right after a number */
			/* ... unless it is a key of its own ("loss=2.4 tokens/s=51200") */
			if (num_e && (w == num_e || (w == num_e + 1 && *num_e == ' ')) && !(p < e && (*p == '=' || *p == ':'))) {
				enum key u = lookup(1, w, n);
				if (u != K_NONE) {
					double v = num_value(num_a, num_e);
					if (u == K_IT_S) {
						if (w[0] == 's' && v > 0)
							v = 1 / v;
						f->it_per_s = v;
					} else if (u == K_TOKENS_S) {
						f->tokens_per_s = v;
					} else {
						f->samples_per_s = v;
					}
					num_e = NULL;
					continue;
				}
			}
			enum key k = lookup(0, w, n);
			/* "Median time per epoch: 0.0041s" (PyG's examples): a time, not an epoch */
			if (k == K_EPOCH && w - s >= 4 && !memcmp(w - 4, "per ", 4))
				k = K_NONE;
			if (k != K_NONE) {
				/* a metric path past the joined word: "loss/train" of loss/train/total=2.9 */
				if (memchr(w, '/', n))
					while (p + 1 < e && *p == '/' && alpha(p[1]))
						p = word_end(p + 1, e);
				pending = k;
				pending_at = p;
				if (k == K_EPOCH && w[0] == 'E' && !(f->shape & SHAPE_HF))
					f->shape |= SHAPE_LIGHTNING;
				if (n == 23 || (n == 17 && w[0] == 'C') || (n == 11 && w[0] == 'g'))
					f->shape |= SHAPE_DEEPSPEED;
			} else if (n == 8 && !memcmp(w, "log_dist", 8)) {
				f->shape |= SHAPE_DEEPSPEED;
			} else if (hint_word(w, n)) {
				f->failure_hint = true;
				if (n == 9 && w[0] == 'T' && has(s, len, "Traceback (most recent call last)"))
					f->traceback_start = true;
			} else if (n > 5 && p < e && *p == ':' &&
				   (!memcmp(p - 5, "Error", 5) || (n > 9 && !memcmp(p - 9, "Exception", 9)))) {
				f->exception_line = true;
			}
			continue;
		}
		if (cl == C_DIGIT || (c == '-' && p + 1 < e && p[1] >= '0' && p[1] <= '9' && pending != K_NONE)) {
			const char *a = p;
			double v = 0;
			/* a clock: [MM:SS<MM:SS, ...] */
			if (bracket && clock_at(p, e)) {
				double el;
				const char *q = parse_clock(p, e, &el);
				if (q != p) {
					f->elapsed_s = el;
					f->shape |= SHAPE_TQDM;
					if (q < e && *q == '<') {
						double rem;
						const char *r = parse_clock(q + 1, e, &rem);
						if (r != q + 1)
							f->remaining_s = rem, q = r;
						else if (q + 1 < e && q[1] == '?')
							q += 2;
					}
					p = q;
					bracket = false;
					continue;
				}
			}
			bracket = false;
			const char *q = num_end(p, e);
			if (q == p) {
				p++;
				continue;
			}
			p = q;
			num_a = a;
			num_e = q;
			/* nobody wants this number (no key before it, no '/' or '%' after it): no conversion */
			if (pending == K_NONE && (p >= e || (*p != '/' && *p != '%')))
				continue;
			bool claimed = pending != K_NONE && pending_at && a - pending_at <= 4;
			bool slash = p + 1 < e && *p == '/' && p[1] >= '0' && p[1] <= '9';
			bool pct = p + 1 < e && *p == '%' && p[1] == '|';
			if (!claimed && !slash && !pct)
				continue;
			v = num_value(a, q);
			if (pct) { /* a progress bar; "mfu 38%" is not progress */
				f->percent = v;
				p += 2;
				bar = true;
				continue;
			}
			if (slash) { /* N/M */
				const char *r = num_end(p + 1, e);
				double tot = num_value(p + 1, r);
				if (claimed && pending == K_EPOCH) {
					f->epoch = v;
					f->total_epochs = tot;
					epoch_pair = true;
				} else if (claimed || bar || (r + 1 < e && r[0] == ' ' && r[1] == '[')) {
					f->step = v;
					f->total_steps = tot;
					if (bar)
						f->shape |= SHAPE_TQDM;
				}
				p = r;
				pending = K_NONE;
				continue;
			}
			if (claimed) {
				switch (pending) {
				case K_STEP:
					f->step = v;
					break;
				case K_EPOCH:
					f->epoch = v;
					break;
				case K_LOSS:
					f->loss = v;
					break;
				case K_RUNTIME:
					f->runtime_s = v;
					f->shape |= SHAPE_HF;
					break;
				case K_SAMPLES_S:
					f->samples_per_s = v;
					break;
				case K_SAMPLES_S_WEAK:
					if (isnan(f->samples_per_s))
						f->samples_per_s = v;
					break;
				case K_STEPS_S:
					f->steps_per_s = v;
					break;
				case K_TOKENS_S:
					f->tokens_per_s = v;
					break;
				default:
					break;
				}
				pending = K_NONE;
			}
			continue;
		}
		/* '[', '|', or a '-' that starts no number */
		bracket = c == '[';
		if (c == '|' && p + 1 < e && (unsigned char)p[1] >= 0x80)
			bar = true;
		p++;
	}
	if (pending == K_LOSS && pending_at && e - pending_at < 8 && (has(pending_at, (size_t)(e - pending_at), "nan") ||
								      has(pending_at, (size_t)(e - pending_at), "NaN")))
		f->nan_loss = true;
	if (!f->nan_loss && (has(s, len, "nan") || has(s, len, "NaN")))
		f->nan_loss = loss_value_nan(s, len);
	if (f->failure_hint && !f->nan_loss) {
		const char *l = memmem(s, len, "loss", 4);
		if (l && (has(l, (size_t)(e - l) < 16 ? (size_t)(e - l) : 16, "nan") ||
			  has(l, (size_t)(e - l) < 16 ? (size_t)(e - l) : 16, "NaN")))
			f->nan_loss = true;
	}
	if (bar)
		f->shape |= SHAPE_TQDM;
	/* a bar over one epoch described "Epoch [2/3]" / "Epoch 2/3" (ColossalAI's examples and many
	 * scripts: epochs from 1, a 0 says from 0): the run's step and total, as Keras bars are read; its
	 * clock and percent are the epoch's */
	if (bar && epoch_pair && !isnan(f->step) && f->total_steps > 0 && f->total_epochs >= 1 && f->epoch >= 0 &&
	    f->epoch <= f->total_epochs) {
		double idx = f->epoch >= 1 ? f->epoch - 1 : 0;
		f->steps_per_epoch = f->total_steps;
		f->step = idx * f->total_steps + f->step;
		f->total_steps *= f->total_epochs;
		f->epoch = idx;
		f->percent = f->remaining_s = NAN;
	}
	/* torchtune's bar, described f"{epoch + 1}|{global_step}|Loss: {loss}" (recipes/full_finetune_distributed.py):
	 * the run's step and its epoch from 1; the bar (and its clock) counts within the epoch */
	if (bar && !isnan(f->step) && f->total_steps > 0) {
		const char *q = s;
		while (q < e && *q == ' ')
			q++;
		const char *d1 = q;
		while (q < e && isdigit((unsigned char)*q))
			q++;
		const char *d2 = q + 1;
		const char *r = d2;
		while (r < e && isdigit((unsigned char)*r))
			r++;
		if (q > d1 && q < e && *q == '|' && r > d2 && e - r > 6 && !memcmp(r, "|Loss:", 6)) {
			double ep = strtod(d1, NULL), gs = strtod(d2, NULL);
			if (ep >= 1) {
				f->steps_per_epoch = f->total_steps;
				f->epoch = ep - 1;
				f->step = gs;
				f->total_steps = f->percent = f->remaining_s = NAN;
				f->shape |= SHAPE_TORCHTUNE;
			}
		}
	}
	if (!f->shape && (!isnan(f->step) || !isnan(f->loss) || !isnan(f->tokens_per_s) || !isnan(f->samples_per_s)))
		f->shape |= SHAPE_PLAIN;
}

static const struct failure_kind kinds[] = {
	{"cuda-oom", "error", "the GPU ran out of memory (CUDA out of memory)"},
	{"host-oom", "error", "the node ran out of host memory (the kernel's OOM killer stopped a process)"},
	{"nccl-timeout", "error", "a collective operation timed out (NCCL watchdog): a rank stalled or died"},
	{"nccl-error", "error", "NCCL reported an error (network, driver or a peer that died)"},
	{"nccl-warning", "warning", "NCCL printed a warning"},
	{"rendezvous-failure", "error", "the ranks could not meet (rendezvous/connection failure: MASTER_ADDR, port or "
					"firewall)"},
	{"walltime-exceeded", "error", "the scheduler stopped the job at its time limit"},
	{"child-failed", "error", "a worker process failed and the launcher stopped the others"},
	{"cuda-error", "error", "a CUDA error (illegal memory access, device-side assert ...)"},
	{"killed-signal", "error", "a process was killed by a signal"},
	{"nan-loss", "warning", "the loss became NaN"},
	{"python-exception", "error", "the training script raised an exception"},
	{"preempted", "error", "the scheduler preempted the job (its nodes went to another job): resubmit or requeue "
			       "it, and resume from its last checkpoint"},
	{"node-failure", "error", "the scheduler lost a node of the job (node failure)"},
	{"dataloader-shm-exhausted", "error", "a DataLoader worker died of a bus error: the shared memory (/dev/shm) is too "
					      "small for its batches (a container's default 64 MB)"},
};

const struct failure_kind *failure_python_exception(void)
{
	return &kinds[11];
}

const struct failure_kind *failure_nan_loss(void)
{
	return &kinds[10];
}

const struct failure_kind *classify_failure(const char *s, size_t n)
{
	/* PyTorch's DataLoader: "... is killed by signal: Bus error. It is possible that dataloader's workers are
	 * out of shared memory", "Unexpected bus error encountered in worker. This might be caused by insufficient
	 * shared memory (shm)" (torch/utils/data/_utils/signal_handling.py) */
	if (has(s, n, "killed by signal: Bus error") || has(s, n, "Unexpected bus error encountered in worker"))
		return &kinds[14];
	if (has(s, n, "CUDA out of memory") || has(s, n, "OutOfMemoryError") || has(s, n, "CUBLAS_STATUS_ALLOC_FAILED"))
		return &kinds[0];
	if (has(s, n, "oom_kill") || has(s, n, "oom-kill") || has(s, n, "Out Of Memory") || has(s, n, "OOM Killed"))
		return &kinds[1];
	if (has(s, n, "Watchdog caught collective operation timeout"))
		return &kinds[2];
	if (has(s, n, "NCCL WARN"))
		return &kinds[4];
	if ((has(s, n, "NCCL") || has(s, n, "ProcessGroupNCCL")) &&
	    (has(s, n, "Timeout") || has(s, n, "timed out") || has(s, n, "timeout")))
		return &kinds[2];
	if (has(s, n, "NCCL error") || has(s, n, "ncclInternalError") || has(s, n, "ncclSystemError") ||
	    has(s, n, "ncclUnhandledCudaError") || has(s, n, "ncclRemoteError") || has(s, n, "ncclInvalidUsage"))
		return &kinds[3];
	if (has(s, n, "RendezvousTimeoutError") || has(s, n, "RendezvousConnectionError") || has(s, n, "DistNetworkError") ||
	    (has(s, n, "Connection") && (has(s, n, "refused") || has(s, n, "timed out"))) ||
	    (has(s, n, "connect") && has(s, n, "timed out")))
		return &kinds[5];
	if (has(s, n, "DUE TO PREEMPTION"))
		return &kinds[12];
	if (has(s, n, "DUE TO NODE FAILURE"))
		return &kinds[13];
	if (has(s, n, "DUE TO TIME LIMIT") || has(s, n, "TIME LIMIT") || has(s, n, "walltime") ||
	    has(s, n, "job killed: walltime"))
		return &kinds[6];
	if (has(s, n, "ChildFailedError") || has(s, n, "failed (exitcode:"))
		return &kinds[7];
	if (has(s, n, "CUDA error") || has(s, n, "CUDA_ERROR"))
		return &kinds[8];
	if (has(s, n, "SIGKILL") || has(s, n, "SIGSEGV") || has(s, n, "SIGABRT") || has(s, n, "exitcode  : -9") ||
	    has(s, n, "Segmentation fault") || has(s, n, "Fatal Python error") ||
	    (has(s, n, "Killed") && n < 40))
		return &kinds[9];
	return NULL;
}

const char *shape_name(unsigned shape)
{
	if (shape & SHAPE_MEGATRON)
		return "megatron";
	if (shape & SHAPE_FAIRSEQ)
		return "fairseq";
	if (shape & SHAPE_TIMM)
		return "timm";
	if (shape & SHAPE_NANOGPT)
		return "nanogpt";
	if (shape & SHAPE_MMENGINE)
		return "mmengine";
	if (shape & SHAPE_DETECTRON2)
		return "detectron2";
	if (shape & SHAPE_COMPOSER)
		return "composer";
	if (shape & SHAPE_OPENCLIP)
		return "open_clip";
	if (shape & SHAPE_TORCHTUNE)
		return "torchtune";
	if (shape & SHAPE_ULTRALYTICS)
		return "ultralytics";
	if (shape & SHAPE_DEEPSPEED)
		return "deepspeed";
	if (shape & SHAPE_HF)
		return "hf-trainer";
	if (shape & SHAPE_LIGHTNING)
		return "lightning";
	if (shape & SHAPE_TQDM)
		return "tqdm";
	if (shape & SHAPE_PLAIN)
		return "plain";
	return "unknown";
}
