/* clock_range.c - a walltime written as the span of clock times the job should run: "run it from Friday 6pm
 * to Monday 9am while the lab is closed" (63 h), "from 10pm tonight until 6am tomorrow" (8 h), "between 9am
 * and 5pm" (8 h), "9am-5pm", "18:00 to 06:00" (the next morning). Read only when the request states no
 * duration of its own, and never of a window that is not the job's ("Perlmutter is down from 6am to 2pm",
 * "the meeting is from 9 to 5"). */
#include "reader.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The day a word names: 0-6 for Monday-Sunday (and their short forms), -2 for today/tonight, -3 for
 * tomorrow; -1 when none. */
static int day_word(const char *w)
{
	static const char *const days[7][3] = {{"monday", "mon", "mondays"},	{"tuesday", "tue", "tues"},
					       {"wednesday", "wed", "weds"},	{"thursday", "thu", "thurs"},
					       {"friday", "fri", "fridays"},	{"saturday", "sat", "saturdays"},
					       {"sunday", "sun", "sundays"}};
	for (int d = 0; d < 7; d++)
		for (int k = 0; k < 3; k++)
			if (!strcmp(w, days[d][k]))
				return d;
	if (!strcmp(w, "today") || !strcmp(w, "tonight"))
		return -2;
	if (!strcmp(w, "tomorrow"))
		return -3;
	return -1;
}

/* A clock time written as one word: "6pm", "6:30pm", "9am", "18:00", "noon", "midnight"; its minutes after
 * midnight, or with *bare set, a number of 1-12 that needs "am"/"pm" after it; -1 when none. */
static int clock_of(const char *w, bool *bare)
{
	*bare = false;
	if (!strcmp(w, "noon") || !strcmp(w, "midday"))
		return 12 * 60;
	if (!strcmp(w, "midnight"))
		return 24 * 60;
	size_t d = strspn(w, "0123456789");
	if (!d || d > 2)
		return -1;
	int h = atoi(w), m = 0;
	const char *p = w + d;
	bool colon = *p == ':';
	if (colon) {
		if (strspn(p + 1, "0123456789") != 2)
			return -1;
		m = atoi(p + 1);
		p += 3;
	}
	if (!strcmp(p, "am") || !strcmp(p, "pm")) {
		if (h < 1 || h > 12 || m > 59)
			return -1;
		return (h % 12 + (p[0] == 'p' ? 12 : 0)) * 60 + m;
	}
	if (*p)
		return -1;
	if (colon)
		return h <= 24 && m <= 59 ? h * 60 + m : -1;
	*bare = h >= 1 && h <= 12;
	return *bare ? h * 60 : -1;
}

/* A clock time at token k ("6pm", "6 pm", "18:00", "noon"): its minutes and last token; -1 when none. */
static int clock_at(const struct ctx *c, size_t k, size_t *last)
{
	if (k >= c->n)
		return -1;
	bool bare;
	int t = clock_of(c->t[k].norm, &bare);
	*last = k;
	if (t < 0 || !bare)
		return t;
	/* "6 pm": the number and its am/pm */
	if (c->t[k].trail || k + 1 >= c->n)
		return -1;
	const char *nx = c->t[k + 1].norm;
	bool pm = !strcmp(nx, "pm") || !strcmp(nx, "p.m");
	if (!pm && strcmp(nx, "am") && strcmp(nx, "a.m"))
		return -1;
	*last = k + 1;
	return (t / 60 % 12 + (pm ? 12 : 0)) * 60;
}

/* A day and a clock time, in either order ("Friday 6pm", "6pm Friday", "10pm tonight", "6am tomorrow", "6pm"):
 * the clock's minutes (-1 when none), its day (-1 when not said) and its last token. */
static int when_at(const struct ctx *c, size_t k, int *day, size_t *last)
{
	*day = -1;
	size_t e;
	if (k < c->n && day_word(c->t[k].norm) != -1) {
		int t = clock_at(c, k + 1, &e);
		if (t >= 0) {
			*day = day_word(c->t[k].norm);
			*last = e;
			return t;
		}
		return -1;
	}
	int t = clock_at(c, k, &e);
	if (t < 0)
		return -1;
	*last = e;
	if (e + 1 < c->n && !c->t[e].trail && day_word(c->t[e + 1].norm) != -1) {
		*day = day_word(c->t[e + 1].norm);
		*last = e + 1;
	}
	return t;
}

/* Whether the clause around tokens [a, b] speaks of something other than the job's own run: a machine's
 * outage or maintenance, a meeting, office hours. */
static bool other_window(const struct ctx *c, size_t a, size_t b)
{
	static const char *const words[] = {"down", "outage", "maintenance", "offline", "unavailable", "meeting",
					    "office", "class", "lecture", "reservation", "reserved", "closed", "busy", NULL};
	size_t s = a, e = b;
	while (s > 0 && !rd_sentence_end_after(c, s - 1))
		s--;
	while (e + 1 < c->n && !rd_sentence_end_after(c, e))
		e++;
	for (size_t k = s; k <= e; k++) {
		if (k >= a && k <= b)
			continue;
		/* ("while the lab is closed": the reason the job runs then, after the window) */
		if (k > b && rd_is(c, k, "closed"))
			continue;
		if (rd_is_any(c, k, words))
			return true;
	}
	return false;
}

/* Minutes from a clock time on a day to a later one: days as read (-1 unsaid, -2 today or tonight, -3
 * tomorrow, 0-6 the weekdays); an end at or before its start with no days said is the next day's. 0 when it
 * cannot be said ("from tomorrow 6pm to Friday 9am": no weekday to count from). */
static int span_minutes(int d1, int t1, int d2, int t2)
{
	int m;
	if (d1 >= 0 && d2 >= 0) {
		m = ((d2 - d1 + 7) % 7) * 1440 + t2 - t1;
		if (m <= 0)
			m += 7 * 1440;
	} else if ((d1 == -1 || d1 == -2) && d2 == -3) {
		m = 1440 + t2 - t1; /* "10pm tonight until 6am tomorrow" */
	} else if ((d1 == -1 || d1 == -2) && (d2 == -1 || d2 == -2)) {
		m = t2 - t1;
		if (m <= 0 && d2 == -1)
			m += 1440; /* "from 8pm to 8am": the next morning */
	} else {
		return 0;
	}
	return m > 0 && m <= 14 * 1440 ? m : 0;
}

/* "9am-5pm", "18:00-06:00": a range written as one word. */
static bool dashed_clocks(const char *w, int *t1, int *t2)
{
	const char *dash = strchr(w, '-');
	if (!dash || dash == w || strchr(dash + 1, '-'))
		return false;
	char a[16];
	size_t l = (size_t)(dash - w);
	if (l >= sizeof(a))
		return false;
	memcpy(a, w, l);
	a[l] = '\0';
	bool b1, b2;
	*t1 = clock_of(a, &b1);
	*t2 = clock_of(dash + 1, &b2);
	/* both with am/pm or a colon ("9am-5pm", "9-5pm" is not read: a count range "2-4" looks the same) */
	return *t1 >= 0 && *t2 >= 0 && !b1 && !b2;
}

bool rd_read_clock_range(struct ctx *c)
{
	struct request *r = c->req;
	for (size_t i = 0; i < c->n; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->neg || t->source || t->copied || rd_directive_line_at(c, t->start))
			continue;
		/* (the word as written: the tokens split "9am-5pm" at its letters) */
		char word[32];
		size_t we = t->start, wl = 0;
		while (we < c->len && !isspace((unsigned char)c->text[we]) && wl + 1 < sizeof(word))
			word[wl++] = (char)tolower((unsigned char)c->text[we++]);
		while (wl && strchr(",.;:)", word[wl - 1]))
			wl--;
		word[wl] = '\0';
		int dt1, dt2;
		if ((i == 0 || t->start >= c->t[i - 1].end + 1) && dashed_clocks(word, &dt1, &dt2) && !other_window(c, i, i)) {
			int m = span_minutes(-1, dt1, -1, dt2);
			if (m) {
				size_t last = i;
				while (last + 1 < c->n && c->t[last + 1].start < we)
					last++;
				r->walltime_min = m;
				rd_set_from_toks(c, RF_WALLTIME, i, last);
				for (size_t q = i; q <= last; q++)
					c->t[q].used = true;
				return true;
			}
		}
		bool between = rd_is(c, i, "between");
		if (!rd_is(c, i, "from") && !between && !(i == 0 || rd_sentence_end_after(c, i - 1) || c->t[i - 1].trail == ','))
			continue;
		size_t k = rd_is(c, i, "from") || between ? i + 1 : i;
		int d1, d2;
		size_t e1, e2;
		int t1 = when_at(c, k, &d1, &e1);
		if (t1 < 0)
			continue;
		size_t j = e1 + 1;
		/* "9am-5pm": one word with a dash */
		if (j >= c->n || c->t[e1].trail)
			continue;
		if (between ? !rd_is(c, j, "and")
			    : !rd_is_any(c, j, (const char *const[]){"to", "until", "till", "til", "through", "-", "--", NULL}))
			continue;
		int t2 = when_at(c, j + 1, &d2, &e2);
		if (t2 < 0 || other_window(c, i, e2))
			continue;
		int m = span_minutes(d1, t1, d2, t2);
		if (!m)
			continue;
		r->walltime_min = m;
		rd_set_from_toks(c, RF_WALLTIME, i, e2);
		for (size_t q = i; q <= e2; q++)
			c->t[q].used = true;
		return true;
	}
	return false;
}
