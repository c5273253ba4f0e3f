/* prose_walltime.c - the walltime as prose states it: durations in every form and language ("6h",
 * "1-12:00:00", "two and a half hours", "una hora y media", "dedh ghanta"), a correction's duration over
 * the one before, a limit or a deadline only when nothing else is, the time of where the job ran before when
 * the text carries it ("same shape and time"). */
#include "reader.h"
#include "vocab.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


static bool time_cue(const struct ctx *c, size_t i)
{
	static const char *const cues[] = {"time", "walltime", "wall-time", "wall", "limit", "for", "-t", "--time",
					   "duration", "runtime", "run-time", "max", "timelimit", "time-limit", "up",
					   "within", "about", "around", "hours:", NULL};
	for (size_t k = 1; k <= 3 && k <= i; k++)
		if (rd_is_any(c, i - k, cues))
			return true;
	return false;
}

/* Whether s has the shape of a clock walltime: [D-]H:M[:S], digits only around the separators. */
static bool clock_shaped(const char *s)
{
	const char *p = s;
	int fields = 0;
	if (strchr(p, '-')) {
		while (isdigit((unsigned char)*p))
			p++;
		if (p == s || *p != '-')
			return false;
		p++;
	}
	for (;;) {
		const char *a = p;
		while (isdigit((unsigned char)*p))
			p++;
		if (p == a)
			return false;
		fields++;
		if (!*p)
			break;
		if (*p != ':')
			return false;
		p++;
	}
	return fields >= 2 && fields <= 3;
}

/* A walltime said in the clock form after a time cue that no scheduler takes ("walltime 99999999999:00:00",
 * "-t 12:75:00", "time 0:00:00"): kept as an impossible walltime, so rules_apply names it in an error,
 * never read as "no walltime given" (issue 18: out-of-range values are errors naming the value). */
static void clock_out_of_range(struct ctx *c, size_t i)
{
	c->req->walltime_min = -1;
	rd_set_from_toks(c, RF_WALLTIME, i, i);
}

/* Whether w is written as a calendar date: 2026-12-01, 12/01/2026, 1.12.2026, 12/1/26. */
static bool date_shaped(const char *w)
{
	int n[3] = {0, 0, 0}, parts = 0, digits = 0;
	char sep = 0;
	for (const char *p = w; *p && parts < 3; p++) {
		if (isdigit((unsigned char)*p)) {
			n[parts] = n[parts] * 10 + (*p - '0');
			digits++;
			if (digits > 4)
				return false;
			continue;
		}
		if ((*p != '-' && *p != '/' && *p != '.') || !digits || (sep && *p != sep))
			return false;
		sep = *p;
		parts++;
		digits = 0;
	}
	return parts == 2 && digits > 0 && (n[0] > 31 || n[2] > 31 || (n[0] <= 31 && n[1] <= 31 && n[2] <= 99));
}

/* Whether H:MM at i stands alone as a list item, not as a time of day: no "at", "by", "until" ...
 * before it, no am/pm after it, and a delimiter (comma, semicolon, the end, a job word) around it. */
static bool bare_duration(const struct ctx *c, size_t i)
{
	/* the words of a clock time around it (data/lexicon's clock_before_words, "at", "from Friday",
	 * and clock_after_words, "pm", "now", "meeting": "It's 08:00 now", "the 12:30 group meeting") */
	if (i > 0 && (vocab_in(VL_CLOCK_BEFORE, c->t[i - 1].norm) || !strcmp(c->t[i - 1].raw, "-")))
		return false;
	/* a date before it: a timestamp ("filed 2026-12-01 09:30", "12/01/2026 14:05") */
	if (i > 0 && date_shaped(c->t[i - 1].norm))
		return false;
	if (i + 1 < c->n && vocab_in(VL_CLOCK_AFTER, c->t[i + 1].norm))
		return false;
	/* another number with a colon nearby (a range "1:30-2:00", "1:30 to 2:30"): not a duration */
	for (size_t k = i > 2 ? i - 2 : 0; k < c->n && k <= i + 2; k++)
		if (k != i && strchr(c->t[k].norm, ':') && isdigit((unsigned char)c->t[k].norm[0]))
			return false;
	return true;
}

/* Minutes as an int: rounded up; beyond a year of walltime (or not a number) it is -1, which the rules
 * report as an impossible walltime instead of converting out of range. */
static int minutes_of(double m)
{
	if (!(m >= 0) || m > 525600.0)
		return -1;
	return (int)ceil(m);
}

/* Whether the token after i is a noun that a number with a unit-like letter measures ("860M params"). */
static bool noun_follows(const struct ctx *c, size_t i)
{
	static const char *const nouns[] = {"params", "parameters", "param", "tokens", "samples", "images", "examples",
					    "steps", "rows", "vectors", "conv", "convolution", "model", "dataset", "words",
					    "pixels", "records", "sequences", "iterations", "files", NULL};
	return i + 1 < c->n && rd_is_any(c, i + 1, nouns);
}

/* The part of a unit said at *f as "a half", "a quarter", "one half", "three quarters", "three-quarter";
 * *f moves past it. 0 when none. */
static double fraction_at(const struct ctx *c, size_t *f)
{
	size_t k = *f;
	if (rd_is(c, k, "three-quarter") || rd_is(c, k, "three-quarters")) {
		*f = k + 1;
		return 0.75;
	}
	if (rd_is(c, k, "three") && (rd_is(c, k + 1, "quarter") || rd_is(c, k + 1, "quarters"))) {
		*f = k + 2;
		return 0.75;
	}
	/* "two and half hours" (the article left out) */
	if (rd_is(c, k, "half") && k > 0 && rd_is(c, k - 1, "and") && !c->t[k].trail) {
		*f = k + 1;
		return 0.5;
	}
	if (rd_is(c, k, "a") || rd_is(c, k, "one")) {
		if (rd_is(c, k + 1, "half")) {
			*f = k + 2;
			return 0.5;
		}
		if (rd_is(c, k + 1, "quarter")) {
			*f = k + 2;
			return 0.25;
		}
	}
	return 0;
}

/* Minutes of an ISO 8601 duration ("pt1h30m", "p2d", "p1dt12h"; lower case), 0 when w is none. */
static int iso_duration(const char *w)
{
	if (w[0] != 'p' || !w[1])
		return 0;
	const char *p = w + 1;
	bool time = false, any = false;
	double m = 0;
	while (*p) {
		if (*p == 't' && !time) {
			time = true;
			p++;
			continue;
		}
		char *end;
		double v = strtod(p, &end);
		if (end == p || !*end)
			return 0;
		char u = *end;
		if (!time && u == 'd')
			m += v * 1440;
		else if (!time && u == 'w')
			m += v * 10080;
		else if (time && u == 'h')
			m += v * 60;
		else if (time && u == 'm')
			m += v;
		else if (time && u == 's')
			m += v / 60;
		else
			return 0;
		any = true;
		p = end + 1;
	}
	return any ? minutes_of(m) : 0;
}

/* Minutes of a duration token pair starting at i ("2 hours", "90min", "1.5h", "2h30m"); 0 when none. */
static int duration_at(const struct ctx *c, size_t i, size_t *used_to)
{
	const struct tok *t = &c->t[i];
	*used_to = i;
	/* glued forms: 2h, 90min, 1.5h, 2h30m, 2h30, 1d */
	if (!t->is_num && isdigit((unsigned char)t->norm[0])) {
		const char *p = t->norm;
		double total = 0;
		bool any = false;
		while (*p) {
			char *end;
			double v = strtod(p, &end);
			if (end == p)
				return 0;
			p = end;
			const char *u = p;
			while (*p && isalpha((unsigned char)*p))
				p++;
			char unit[16];
			snprintf(unit, sizeof(unit), "%.*s", (int)(p - u), u);
			int mul = duration_unit(unit);
			if (!*unit && any) {
				mul = 1; /* 2h30 */
			}
			if (!mul)
				return 0;
			if (((mul == 1 && !strcmp(unit, "m")) || (mul == 1440 && !strcmp(unit, "d")) ||
			     (mul == 10080 && !strcmp(unit, "w"))) &&
			    !any && !time_cue(c, i) && (isupper((unsigned char)t->raw[u - t->norm]) || noun_follows(c, i)))
				return 0; /* "860M params", "3D", "1d conv" */
			total += v * mul;
			any = true;
		}
		return any ? minutes_of(total) : 0;
	}
	if (!t->is_num || i + 1 >= c->n)
		return 0;
	size_t ui = i + 1;
	/* "a full day", "one whole week", "an entire day" */
	if ((rd_is(c, ui, "full") || rd_is(c, ui, "whole") || rd_is(c, ui, "entire")) && ui + 1 < c->n)
		ui++;
	/* "for 10 more hours", "8 extra hours", "6 additional hours" (a run continued: the time it gets now) */
	else if ((rd_is(c, ui, "more") || rd_is(c, ui, "extra") || rd_is(c, ui, "additional") || rd_is(c, ui, "further")) &&
		 ui + 1 < c->n && duration_unit(c->t[ui + 1].norm) > 1)
		ui++;
	/* "two and a half hours", "two and a quarter hours", "two and three-quarter hours" */
	double extra = 0;
	if (rd_is(c, ui, "and")) {
		size_t f = ui + 1;
		double part = fraction_at(c, &f);
		if (part > 0 && f < c->n && duration_unit(c->t[f].norm)) {
			extra = part;
			ui = f;
		}
	}
	const char *u = c->t[ui].norm;
	int mul = duration_unit(u);
	/* a one-letter unit glued to its number ("20m", "1d") is a duration unless a noun follows ("860M
	 * params") or it is upper case; spelled apart ("20 m") it needs a time cue */
	bool glued = c->t[ui].start == t->start && islower((unsigned char)c->text[c->t[ui].end - 1 - (c->t[ui].trail != 0)]) &&
		     !noun_follows(c, ui);
	if (mul && (ui != i + 1 || extra)) {
		if ((!strcmp(u, "m") || !strcmp(u, "d")) && !time_cue(c, i))
			return 0;
		*used_to = ui;
		return minutes_of((t->num + extra) * mul);
	}
	if (!mul)
		return 0;
	/* (or a whole item of a terse list: "DeltaAI 2 boxes, 0.25 d, train.py") */
	bool item = (i == 0 || c->t[i - 1].trail == ',' || c->t[i - 1].trail == ';' || rd_sentence_end_after(c, i - 1)) &&
		    !t->trail && (c->t[i + 1].trail == ',' || c->t[i + 1].trail == ';' || i + 2 >= c->n || rd_sentence_end_after(c, i + 1));
	if ((!strcmp(u, "m") || !strcmp(u, "d") || !strcmp(u, "w")) && !time_cue(c, i) && !glued && !(item && strcmp(u, "m")))
		return 0;
	if (c->t[i + 1].start == t->start && isupper((unsigned char)c->t[i + 1].raw[0]) && strlen(u) == 1 && strcmp(u, "h"))
		return 0; /* "31M parameters", "7B" */
	double v = t->num;
	*used_to = i + 1;
	/* "1 hour 30 minutes", "1 hour and 30 min", "an hour and a half" */
	size_t k = i + 2;
	if (rd_is(c, k, "and"))
		k++;
	if (rd_is(c, k, "a") || rd_is(c, k, "three")) {
		/* "an hour and a half", "an hour and a quarter" */
		size_t f = k;
		double part = fraction_at(c, &f);
		if (part > 0 && !(f < c->n && duration_unit(c->t[f].norm))) {
			*used_to = f - 1;
			return minutes_of(v * mul + mul * part);
		}
	}
	/* a half written after the unit in other languages: "dos horas y media", "duas horas e meia", "deux
	 * heures et demie", "un jour et demi", "två timmar och en halv"; "một ngày rưỡi", "שעה וחצי" (data/lexicon's
	 * number_joiners and half_words) */
	{
		size_t h = i + 2;
		if (h < c->n && vocab_in(VL_NUMBER_JOINER, c->t[h].norm))
			h++;
		if (h + 1 < c->n && (c->t[h].num == 1 && c->t[h].is_num && !isdigit((unsigned char)c->t[h].raw[0])) &&
		    vocab_in(VL_HALF_WORD, c->t[h + 1].norm))
			h++;
		if (h < c->n && vocab_in(VL_HALF_WORD, c->t[h].norm)) {
			*used_to = h;
			return minutes_of(v * mul + mul / 2.0);
		}
	}
	if (k + 1 < c->n && c->t[k].is_num && !c->t[k].num_word && !rd_sentence_end_after(c, i + 1) && !c->t[i + 1].trail &&
	    !(c->t[k].start >= c->t[i + 1].start &&
	      memchr(c->text + c->t[i + 1].start, '(', c->t[k].start + 1 - c->t[i + 1].start))) {
		/* "1 hour 30 minutes"; not "a week (168h)", which says the same twice */
		int mul2 = duration_unit(c->t[k + 1].norm);
		if (mul2 && mul2 < mul) {
			*used_to = k + 1;
			return minutes_of(v * mul + c->t[k].num * mul2);
		}
	}
	return minutes_of(v * mul);
}

struct walltime_fallback {
	int m;
	size_t a, b;
	bool set;
	bool cap; /* the user's own cap on the time ("2 hours max", "at most 3h") */
};

/* Whether the duration at [a, b] is a cap the request sets on its own time: "2 hours max", "6h tops",
 * "at most 3 hours", "no more than 90 min", "max 4h" (not a queue's or a past job's limit: "the 2h batch
 * limit", "hit the 02:00:00 limit"). */
static bool own_cap(const struct ctx *c, size_t a, size_t b)
{
	if (c->t[a].source || (b + 1 < c->n && rd_is(c, b + 1, "limit")))
		return false;
	if (b + 1 < c->n && (rd_is(c, b + 1, "max") || rd_is(c, b + 1, "maximum") || rd_is(c, b + 1, "tops")))
		return true;
	if (a >= 1 && (rd_is(c, a - 1, "max") || rd_is(c, a - 1, "maximum")))
		return true;
	if (a >= 2 && rd_is(c, a - 1, "most") && rd_is(c, a - 2, "at"))
		return true;
	return a >= 3 && rd_is(c, a - 1, "than") && rd_is(c, a - 2, "more") && rd_is(c, a - 3, "no");
}
static void read_walltime_at(struct ctx *c, int lvl, bool copied_ok, bool source_ok, struct walltime_fallback *fb);

/* The kept duration as the walltime, when one was kept and no walltime is read yet. */
static void use_fallback(struct ctx *c, const struct walltime_fallback *fb)
{
	struct request *r = c->req;
	if (!fb->set || r->walltime_min || r->from[RF_WALLTIME])
		return;
	r->walltime_min = fb->m;
	rd_set_from_toks(c, RF_WALLTIME, fb->a, fb->b);
}

void rd_read_walltime(struct ctx *c)
{
	struct request *r = c->req;
	/* a correction's duration wins ("6 hours... sorry, 8 hours"): the highest correction level first */
	int top = 0;
	for (size_t i = 0; i < c->n; i++)
		if (c->t[i].corr > top)
			top = c->t[i].corr;
	struct walltime_fallback fb = {0};
	for (int lvl = top; lvl >= 0 && !r->walltime_min && !r->from[RF_WALLTIME]; lvl--)
		read_walltime_at(c, lvl, false, false, &fb);
	/* the request's own cap ("On Frontier ... 2 hours max") outranks a pasted header's time */
	if (fb.cap && fb.m > 0)
		use_fallback(c, &fb);
	/* a header pasted from another system ("#SBATCH -t 08:00:00") only when the request states no time */
	for (int lvl = top; lvl >= 0 && !r->walltime_min && !r->from[RF_WALLTIME]; lvl--)
		read_walltime_at(c, lvl, true, false, &fb);
	/* "Delta, 2 nodes, 3h ... Delta is down, do DeltaAI instead, same shape and time": the time said of
	 * where it was first asked (or ran) before, when the text carries it */
	/* (or more or less time than the earlier run's: "last week's job was 4 nodes for 24h. Run it again with
	 * 6 more hours": the earlier run's time is what the hours are added to) */
	if (!r->walltime_min && !r->from[RF_WALLTIME] && (rd_same_time_said(c) || r->wall_add))
		for (int lvl = top; lvl >= 0 && !r->walltime_min && !r->from[RF_WALLTIME]; lvl--)
			read_walltime_at(c, lvl, true, true, &fb);
	/* "run it from Friday 6pm to Monday 9am": the span of clock times it runs */
	if (!r->walltime_min && !r->from[RF_WALLTIME])
		rd_read_clock_range(c);
	/* a deadline, a limit or an estimate: the job's time only when nothing else is */
	if (!r->walltime_min && !r->from[RF_WALLTIME])
		use_fallback(c, &fb);
}

/* Whether the duration at [a, b] is the time of a part of the training, never the job's: "each epoch is
 * about 3 minutes", "one epoch takes 20 min", "2 hours per epoch". */
static bool training_part_time(const struct ctx *c, size_t a, size_t b)
{
	/* ("2 hours per epoch", "20 min an epoch", "30 s each step") */
	if (b + 2 < c->n && rd_is_any(c, b + 1, (const char *const[]){"per", "each", "an", "a", "every", NULL}) &&
	    rd_is_any(c, b + 2, (const char *const[]){"epoch", "iteration", "step", NULL}) && !rd_sentence_end_after(c, b) &&
	    !rd_newline_between(c, b, b + 1))
		return true;
	/* "40 hours for 10 epochs", "3h for 5000 steps": what a number of epochs took or takes */
	if (b + 3 < c->n && rd_is(c, b + 1, "for") && c->t[b + 2].is_num &&
	    rd_is_any(c, b + 3, (const char *const[]){"epochs", "epoch", "steps", "iterations", "iters", NULL}))
		return true;
	/* "checkpoints every 1000 steps (about 2 hours)", "eval every 5 epochs, roughly 40 min": the time of an
	 * interval of the training, said in the same sentence */
	for (size_t q = a; q > 0 && a - q < 8; q--) {
		if (rd_sentence_end_after(c, q - 1))
			break;
		if (rd_is(c, q - 1, "every") && q + 1 < c->n &&
		    rd_is_any(c, q + 1, (const char *const[]){"steps", "epochs", "iterations", "iters", "batches", NULL}))
			return true;
	}
	/* ("step 9000/20000 | 41 min elapsed": a log's measure of time gone, not time asked) */
	if (b + 1 < c->n && rd_is_any(c, b + 1, (const char *const[]){"elapsed", "so", NULL}) &&
	    (rd_is(c, b + 1, "elapsed") || rd_is(c, b + 2, "far")))
		return true;
	for (size_t q = a; q > 0 && a - q < 5; q--) {
		if (rd_sentence_end_after(c, q - 1) || c->t[q - 1].trail == ',')
			break;
		if (rd_is_any(c, q - 1, (const char *const[]){"epoch", "iteration", "step", NULL}) && q >= 2 &&
		    rd_is_any(c, q - 2, (const char *const[]){"each", "per", "one", "an", "every", "a", NULL}))
			return true;
	}
	return false;
}

/* Whether the duration at a is a window of time already past: "(last 6h)", "over the last 2 hours", "in the
 * past 3 days", "the previous 12 h" (not "it should last 6 hours", a duration). */
static bool past_window(const struct ctx *c, size_t a)
{
	if (a == 0)
		return false;
	size_t k = a - 1;
	if (rd_is(c, k, "past") || rd_is(c, k, "previous") || rd_is(c, k, "preceding"))
		return true;
	/* "I spent two days staring at NCCL_DEBUG output", "wasted 3 hours on it": time gone by */
	if (rd_is_any(c, k, (const char *const[]){"spent", "wasted", "lost", "spending", NULL}))
		return true;
	/* "we've been trying ... for about three weeks now": a time gone by */
	size_t e = a;
	while (e + 1 < c->n && e < a + 2 && !c->t[e].trail && duration_unit(c->t[e + 1].norm))
		e++;
	if (rd_is(c, e + 1, "now") && (rd_is(c, k, "for") || (k > 0 && rd_is(c, k, "about") && rd_is(c, k - 1, "for"))))
		return true;
	if (!rd_is(c, k, "last"))
		return false;
	return c->text[c->t[k].start] == '(' || k == 0 || rd_sentence_end_after(c, k - 1) ||
	       rd_is_any(c, k - 1, (const char *const[]){"the", "over", "in", "during", "within", "for", "these", "those", NULL});
}

/* Whether the duration at a is the period of a rate: "2 jobs a week", "100 node-hours a week", "8 hours per
 * day", "3 runs every month" (not "for a week", a duration, nor "4 GPUs each, 8 hours"). */
static bool rate_period(const struct ctx *c, size_t a)
{
	if (a == 0)
		return false;
	size_t k = a - 1;
	if (c->t[k].trail || rd_newline_between(c, k, a))
		return false; /* ("16 nodes (1 GH200 each), 8 hours": the word closes what was before) */
	/* "per day", "every week": a unit with no number of its own ("per 3 ore" is Italian's "for 3 hours") */
	if ((rd_is(c, k, "per") || rd_is(c, k, "every")) && !c->t[a].is_num)
		return !(k > 0 && rd_is(c, k - 1, "for"));
	/* "a week" after a counted thing: "2 jobs a week", "100 node-hours a week" (the article may be the
	 * duration's own first token) */
	if (rd_is(c, a, "a") || rd_is(c, a, "an"))
		k = a;
	/* "replies once a week", "twice a day" */
	if ((rd_is(c, k, "a") || rd_is(c, k, "an")) && k > 0 && !c->t[k - 1].trail &&
	    rd_is_any(c, k - 1, (const char *const[]){"once", "twice", "thrice", NULL}))
		return true;
	if (!(rd_is(c, k, "a") || rd_is(c, k, "an")) || k < 2 || c->t[k - 1].trail || c->t[k - 1].is_num ||
	    !c->t[k - 2].is_num || c->t[k - 2].num_word || is_node_unit(c->t[k - 1].norm) || is_gpu_unit(c->t[k - 1].norm))
		return false;
	/* (the words side by side in the text: "2 nodes train.py, a day" has a command between) */
	for (size_t p = c->t[k - 1].end; p < c->t[k].start; p++)
		if (c->text[p] != ' ')
			return false;
	return true;
}

/* Whether the duration at [a, b] is said of the project's schedule or of a limit, not of the job: "our
 * advisor gave us 2 weeks to finish", "the deadline is in 10 days", "we have 3 weeks left", "due in 5
 * days", "(8 nodes / 2 h max)", "capped at 30 min", "I need more than 2 hours". */
static bool deadline_like(const struct ctx *c, size_t a, size_t b)
{
	static const char *const before[] = {"deadline", "due", "gave", "given", "have", "has", "left", "within",
					     "next", "remaining", "until", "submission", "conference", "than", "capped",
					     "limited", "limit", "max", "maximum", "most", "allows", "least", "wait", "waited",
					     "waiting", "pending", "backlog", "takes", "lasts", "gets", "allowed", "permits",
					     "admits", "caps", "cap", "tops", "stops", NULL}; /* "(the smallest size that gets 6 h)",
										       * "dev caps at 2 h" */
	static const char *const after[] = {"left", "remaining", "until", "before", "deadline", "away", "max", "maximum",
					    "limit", "cap", NULL};
	/* "debug is 30 min on perlmutter", "the gh-dev queue is 2h": a queue's limit, said with "is" */
	if (a >= 2 && (rd_is(c, a - 1, "is") || rd_is(c, a - 1, "was")) &&
	    ((c->cluster && cluster_queue(c->cluster, c->t[a - 2].norm)) || rd_is(c, a - 2, "queue") ||
	     rd_is(c, a - 2, "partition") || rd_is(c, a - 2, "qos")))
		return true;
	for (size_t k = a; k > 0 && a - k < 7; k--) {
		if (rd_sentence_end_after(c, k - 1) || c->t[k - 1].trail == ',')
			break;
		/* "capped at 2 nodes and 1h": the limit's other counts are passed over */
		if (c->t[k - 1].is_num && !(is_node_unit(c->t[k].norm) || is_gpu_unit(c->t[k].norm)))
			break;
		/* "keep it inside the 2-hour limit: 1h45": the colon after the limit (stated with its own number)
		 * introduces the job's value */
		if (k == a && c->t[k - 1].trail == ':') {
			bool limit_number = false;
			for (size_t q = k - 1; q > 0 && !limit_number && !rd_sentence_end_after(c, q - 1) && c->t[q - 1].trail != ',';
			     q--)
				limit_number = c->t[q - 1].is_num;
			if (limit_number)
				break;
		}
		/* "capacity is fine up to 4 nodes and 168h": a queue's limit after "up to" (not "up to 4 hours" alone at
		 * the duration, which may be the job's) */
		if (k >= 2 && k < a && rd_is(c, k - 1, "to") && rd_is(c, k - 2, "up"))
			return true;
		/* "a time limit of 30h", "walltime limit 12 h": Slurm's name for the walltime, not a limit */
		if (rd_is_any(c, k - 1, before) &&
		    !((rd_is(c, k - 1, "limit") || rd_is(c, k - 1, "max") || rd_is(c, k - 1, "maximum")) && k >= 2 &&
		      rd_is_any(c, k - 2, (const char *const[]){"time", "walltime", "wall-time", "runtime", "run-time", "job",
								NULL})))
			return true;
	}
	/* "killed it at the 2h batch limit", "the 30 min debug cap": a queue's limit */
	if (b + 2 < c->n && rd_is_any(c, b + 2, after) &&
	    ((c->cluster && cluster_queue(c->cluster, c->t[b + 1].norm)) || rd_is(c, b + 1, "queue") ||
	     rd_is(c, b + 1, "partition") || rd_is(c, b + 1, "qos") || rd_is(c, b + 1, "wall") ||
	     rd_is(c, b + 1, "walltime") || rd_is(c, b + 1, "time")))
		return true;
	if (rd_is_any(c, b + 1, after) || (rd_is(c, b + 1, "to") && (rd_is(c, b + 2, "finish") || rd_is(c, b + 2, "submit") ||
								     rd_is(c, b + 2, "go"))))
		return true;
	if (training_part_time(c, a, b) || past_window(c, a) || rate_period(c, a))
		return true;
	/* "48h is the max", "2 h is the limit there" */
	size_t k = b + 1;
	if (rd_is(c, k, "is") || rd_is(c, k, "was")) {
		k++;
		if (rd_is(c, k, "the") || rd_is(c, k, "their") || rd_is(c, k, "its"))
			k++;
		if (rd_is_any(c, k, after) || rd_is(c, k, "longest") || rd_is(c, k, "ceiling"))
			return true;
	}
	return false;
}

/* Whether the duration at [a, b] is said of the project's schedule: "due in 3 days", "the deadline is in
 * 10 days", "we have 2 weeks left", "3 weeks until the submission". */
static bool schedule_like(const struct ctx *c, size_t a, size_t b)
{
	static const char *const before[] = {"due", "deadline", "submission", "conference", "paper", NULL};
	static const char *const after[] = {"left", "remaining", "until", "away", "before", NULL};
	if (training_part_time(c, a, b) || past_window(c, a) || rate_period(c, a))
		return true; /* (never the job's either) */
	for (size_t k = a; k > 0 && a - k < 6; k--) {
		if (rd_sentence_end_after(c, k - 1))
			break;
		if (rd_is_any(c, k - 1, before))
			return true;
	}
	return rd_is_any(c, b + 1, after);
}

/* Whether token k is the sign s written alone ("+", "-"), which the tokens keep as no word. */
static bool sign_at(const struct ctx *c, size_t k, char s)
{
	return k < c->n && c->t[k].end == c->t[k].start + 1 && c->text[c->t[k].start] == s;
}

/* Whether the duration at [i, to] is the old value of a change: "bump the time from 12h to 20h",
 * "walltime from 2 hours to 6 hours", "8h (up from 4h)", "cut it down from 6h". */
static bool changed_from(const struct ctx *c, size_t i, size_t to)
{
	if (i == 0 || !rd_is(c, i - 1, "from"))
		return false;
	static const char *const moved[] = {"up", "down", "increased", "decreased", "raised", "reduced", "lowered", "cut",
					    "extended", "bumped", "shortened", "changed", NULL};
	if (i >= 2 && rd_is_any(c, i - 2, moved))
		return true;
	size_t k = to + 1;
	if (k >= c->n || c->t[to].trail == '.' || c->t[to].trail == ';')
		return false;
	if (!rd_is(c, k, "to")) /* (an arrow's old value is blanked before: text_input.c) */
		return false;
	size_t e;
	return k + 1 < c->n && (duration_at(c, k + 1, &e) > 0 || (isdigit((unsigned char)c->t[k + 1].norm[0]) &&
								  strchr(c->t[k + 1].norm, ':')));
}

/* A duration m at [i, to] set against a second one right after it: a sum or a difference ("4h plus 30
 * minutes of slack", "4 hours + 30 min", "2 days minus an hour", "48 hours less 30 minutes"), or the
 * first said relative to the second ("an hour less than 2 days", "30 min short of 12 hours", "half an
 * hour more than last time's 2h", "2 hours more than the 6 we asked for": a bare number there is in the
 * first's unit). Returns the minutes the two make, with *end past the second; m when nothing follows or
 * the result is not a positive time. */
static int duration_arith(const struct ctx *c, size_t i, int m, size_t to, size_t *end)
{
	*end = to;
	size_t k = to + 1;
	if (m <= 0 || k >= c->n || rd_sentence_end_after(c, to))
		return m;
	int sign = 0;
	bool than = false;
	if (rd_is(c, k, "plus") || sign_at(c, k, '+'))
		sign = 1;
	else if (rd_is(c, k, "minus") || rd_is(c, k, "less"))
		sign = -1;
	else if ((rd_is(c, k, "more") || rd_is(c, k, "longer")) && rd_is(c, k + 1, "than"))
		sign = 1;
	else if (rd_is(c, k, "shorter") && rd_is(c, k + 1, "than"))
		sign = -1;
	else if (rd_is(c, k, "short") && rd_is(c, k + 1, "of"))
		sign = -1, than = true, k++;
	if (!sign)
		return m;
	if (rd_is(c, k + 1, "than"))
		than = true, k++;
	k++;
	/* "than last time's 2h", "than the 5h it had", "than what we had (3h)" */
	for (int hop = 0; hop < 3 && k < c->n && !c->t[k].is_num && !isdigit((unsigned char)c->t[k].norm[0]); hop++) {
		if (c->t[k - 1].trail == '.' || c->t[k - 1].trail == ';')
			return m;
		k++;
	}
	if (k >= c->n)
		return m;
	if ((rd_is(c, k, "a") || rd_is(c, k, "an")) && k + 1 < c->n && isdigit((unsigned char)c->t[k + 1].norm[0]))
		k++; /* "plus a 30-minute margin" */
	size_t e2;
	int m2 = duration_at(c, k, &e2);
	const char *hy = strchr(c->t[k].norm, '-');
	if (m2 <= 0 && hy && isdigit((unsigned char)c->t[k].norm[0]) && duration_unit(hy + 1) > 0) {
		m2 = minutes_of(strtod(c->t[k].norm, NULL) * duration_unit(hy + 1)); /* "30-minute", "2-hour" */
		e2 = k;
	}
	if (m2 <= 0 && than && c->t[k].is_num && !c->t[k].num_word && c->t[i].is_num && c->t[i].num > 0 &&
	    !(k + 1 < c->n && (is_node_unit(c->t[k + 1].norm) || is_gpu_unit(c->t[k + 1].norm)))) {
		m2 = minutes_of(c->t[k].num * (m / c->t[i].num)); /* "2 hours more than the 6": hours */
		e2 = k;
	}
	if (m2 <= 0 || c->t[k].used) /* (", plus 30 minutes" already read as time added: relative_size.c) */
		return m;
	int r = than ? m2 + sign * m : m + sign * m2;
	if (r <= 0)
		return m;
	*end = e2;
	return r;
}

static void read_walltime_at(struct ctx *c, int lvl, bool copied_ok, bool source_ok, struct walltime_fallback *fb)
{
	struct request *r = c->req;
	for (size_t i = 0; i < c->n && !r->walltime_min; i++) {
		const struct tok *t = &c->t[i];
		if (t->used || t->called_off || (t->source && !source_ok) || t->corr != lvl || /* "ignore the 10h estimate" */
		    (!copied_ok && ((t->copied && rd_foreign_block_at(c, t->start)) ||
				    rd_directive_line_at(c, t->start) || rd_session_line_at(c, t->start))))
			continue;
		/* "hour 4," in a list of "unit number" items; "walltime 0": stated, and impossible; a question
		 * answered on the next line ("Q: hours?\nA: 3") */
		bool asked = t->trail == '?' && i + 1 < c->n && rd_newline_between(c, i, i + 1);
		if (i + 1 < c->n && c->t[i + 1].is_num && !c->t[i + 1].num_word && (!t->trail || asked) &&
		    (i == 0 || c->t[i - 1].trail == ',' || c->t[i - 1].trail == ';' || rd_sentence_end_after(c, i - 1) ||
		     /* "nodes 3 and hours 5", "but hours 6": an item joined to the one before */
		     (duration_unit(t->norm) && rd_is_any(c, i - 1, (const char *const[]){"and", "but", "plus", NULL})) ||
		     (asked && (rd_newline_between(c, i - 1, i) || (i >= 2 && rd_is(c, i - 1, "many") && rd_is(c, i - 2, "how"))))) &&
		    (c->t[i + 1].trail == ',' || c->t[i + 1].trail == ';' || i + 2 >= c->n || rd_sentence_end_after(c, i + 1) ||
		     (asked && rd_newline_between(c, i + 1, i + 2)))) {
			int unit = duration_unit(t->norm);
			bool cue = rd_is(c, i, "walltime") || rd_is(c, i, "time") || rd_is(c, i, "runtime");
			if (unit || (cue && c->t[i + 1].num == 0)) {
				r->walltime_min = unit ? minutes_of(c->t[i + 1].num * unit) : 0;
				rd_set_from_toks(c, RF_WALLTIME, i, i + 1);
				break;
			}
		}
		int colons = 0;
		for (const char *p = t->norm; *p; p++)
			colons += *p == ':';
		if (colons >= 1 && isdigit((unsigned char)t->norm[0])) {
			int m;
			if (colons == 1 && !strchr(t->norm, '-')) {
				/* H:MM with a time cue: people mean hours:minutes; without one, an item of its own in a
				 * terse list ("Polaris 2 nodes 1:30 train.py") is the walltime too, said as read, unless
				 * it is a time of day ("at 1:30", "1:30 pm") */
				bool cued = time_cue(c, i);
				if (!cued && !bare_duration(c, i))
					continue;
				int h = 0, mm = 0;
				if (sscanf(t->norm, "%6d:%2d", &h, &mm) != 2 || mm >= 60 || h < 0 || h > 100000 || strlen(t->norm) > 8) {
					if (cued && clock_shaped(t->norm))
						clock_out_of_range(c, i);
					continue;
				}
				if (!cued && h > 99)
					continue;
				m = h * 60 + mm;
				if (!cued && m > 0)
					request_warn(r, "'%s' read as a walltime of %d h %02d min (hours:minutes, not the minutes:seconds "
							"that Slurm's --time would read)",
						     t->norm, h, mm);
			} else {
				m = parse_walltime(t->norm);
				/* an H:M:S no scheduler takes, after a time cue or standing where a valid one would be
				 * read ("2 nodes, 1:99:00", "100000000:00:00"; a bare 00:00:00 is none): an error
				 * naming it, never "no walltime given" */
				if (m <= 0 && (time_cue(c, i) || (m < 0 && bare_duration(c, i))) && clock_shaped(t->norm)) {
					clock_out_of_range(c, i);
					continue;
				}
			}
			if (m > 0 && deadline_like(c, i, i)) {
				/* "hit the 02:00:00 limit. Resubmit with 6 hours": a limit, kept for when nothing else is */
				if (!fb->set)
					fb->m = m, fb->a = i, fb->b = i, fb->set = true, fb->cap = own_cap(c, i, i);
				continue;
			}
			if (m > 0) {
				r->walltime_min = m;
				rd_set_from_toks(c, RF_WALLTIME, i, i);
			}
			continue;
		}
		/* an ISO 8601 duration ("PT1H30M", "P1DT12H"), in its capitals or with its T ("pt6h"); "p4d"
		 * is a cloud instance (AWS p4d), not four days */
		int iso = t->raw[0] == 'P' || (t->norm[1] == 't' && t->norm[0] == 'p') ? iso_duration(t->norm) : 0;
		if (iso > 0) {
			r->walltime_min = iso;
			rd_set_from_toks(c, RF_WALLTIME, i, i);
			continue;
		}
		/* Slurm's -t/--time with a bare number: minutes */
		if ((!strcmp(t->raw, "-t") || !strcmp(t->norm, "--time")) && i + 1 < c->n && c->t[i + 1].is_num &&
		    !c->t[i + 1].num_word && !(i + 2 < c->n && duration_unit(c->t[i + 2].norm))) {
			/* past the reader's range (-t 2147483648) or not whole: an impossible walltime naming the
			 * words, never "no walltime given" */
			int m = rd_as_count(c->t[i + 1].num);
			r->walltime_min = m > 0 ? m : -1;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 1);
			continue;
		}
		/* "half a day" */
		if (rd_is(c, i, "half") && (rd_is(c, i + 1, "an") || rd_is(c, i + 1, "a")) && rd_is(c, i + 2, "day")) {
			r->walltime_min = 720;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 2);
			continue;
		}
		if (rd_is(c, i, "half") && (rd_is(c, i + 1, "an") || rd_is(c, i + 1, "a")) && rd_is(c, i + 2, "hour")) {
			size_t to;
			r->walltime_min = duration_arith(c, i, 30, i + 2, &to);
			rd_set_from_toks(c, RF_WALLTIME, i, to);
			continue;
		}
		/* "three quarters of an hour", "a quarter of an hour" */
		if ((rd_is(c, i, "quarters") || rd_is(c, i, "quarter")) && rd_is(c, i + 1, "of") && rd_is(c, i + 2, "an") &&
		    rd_is(c, i + 3, "hour")) {
			bool three = i > 0 && rd_is(c, i - 1, "three");
			r->walltime_min = three ? 45 : 15;
			rd_set_from_toks(c, RF_WALLTIME, three ? i - 1 : i, i + 3);
			continue;
		}
		if ((rd_is(c, i, "one") || rd_is(c, i, "an") || rd_is(c, i, "1")) && rd_is(c, i + 1, "and") && rd_is(c, i + 2, "a") &&
		    rd_is(c, i + 3, "half") && (rd_is(c, i + 4, "hours") || rd_is(c, i + 4, "hour"))) {
			r->walltime_min = 90;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 4);
			continue;
		}
		/* "one and half hour" (the article left out) */
		if ((rd_is(c, i, "one") || rd_is(c, i, "an") || rd_is(c, i, "1")) && rd_is(c, i + 1, "and") &&
		    rd_is(c, i + 2, "half") && (rd_is(c, i + 3, "hours") || rd_is(c, i + 3, "hour"))) {
			r->walltime_min = 90;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 3);
			continue;
		}
		if (rd_is(c, i, "couple") && rd_is(c, i + 1, "of") && rd_is(c, i + 2, "hours")) {
			r->walltime_min = 120;
			rd_set_from_toks(c, RF_WALLTIME, i, i + 2);
			continue;
		}
		/* Italian "per 2 ore" is "for 2 hours" */
		bool italian = rd_is_any(c, i + 1, (const char *const[]){"ore", "ora", "minuti", "giorni", "giorno", NULL});
		/* ("three gpus each four hours": that "each" is the GPUs') */
		bool count_each = i >= 2 && rd_is(c, i - 1, "each") &&
				  (is_gpu_unit(c->t[i - 2].norm) || is_node_unit(c->t[i - 2].norm) || rd_is(c, i - 2, "gpu"));
		if (i > 0 && !c->t[i - 1].trail && !count_each &&
		    (rd_is(c, i - 1, "every") || rd_is(c, i - 1, "each") || (rd_is(c, i - 1, "per") && !italian)))
			continue; /* "checkpoint every 10 min": an interval */
		if (t->is_num && t->num == 0 && i + 1 < c->n && duration_unit(c->t[i + 1].norm) && !c->t[i + 1].used) {
			r->walltime_min = 0; /* "0 hours": stated, and impossible (the rules say so) */
			rd_set_from_toks(c, RF_WALLTIME, i, i + 1);
			break;
		}
		size_t to;
		int m = duration_at(c, i, &to);
		if (m > 0 && changed_from(c, i, to)) {
			i = to; /* the old value; the new one follows */
			continue;
		}
		if ((m > 0 || m == -1) && deadline_like(c, i, to)) {
			/* said of a limit: kept for when nothing else is; said of the project's schedule ("the paper is
			 * due in 3 days", "the deadline is in 10 days"): never the job's */
			if (!fb->set && !schedule_like(c, i, to))
				fb->m = m, fb->a = i, fb->b = to, fb->set = true, fb->cap = own_cap(c, i, to);
			i = to;
			continue;
		}
		if (m > 0 || m == -1) { /* -1: stated, but beyond any walltime (the rules say so) */
			r->walltime_min = duration_arith(c, i, m, to, &to);
			rd_set_from_toks(c, RF_WALLTIME, i, to);
		}
	}
}

