/* logread.c - the streaming reader and report of logread.h. */
#include "logread.h"

#include "needle_find.h"
#include "shapes.h"

#include "../util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* A JSON string, or "?" when s is not valid UTF-8 (json_string refuses it). */
static json_t *jstr_or(const char *s)
{
	json_t *v = json_string(s);
	return v ? v : json_string("?");
}

void log_report_init(struct log_report *r)
{
	memset(r, 0, sizeof(*r));
	struct log_value *vals[] = {&r->step,	     &r->total_steps,  &r->epoch,	 &r->total_epochs, &r->percent,
				    &r->loss,	     &r->it_per_s,     &r->samples_per_s, &r->tokens_per_s, &r->steps_per_s,
				    &r->elapsed,     &r->remaining,    &r->runtime};
	for (size_t i = 0; i < sizeof(vals) / sizeof(vals[0]); i++)
		vals[i]->v = NAN;
	r->first_ts = r->last_ts = NAN;
	r->val_loss.v = r->step_time.v = NAN;
	r->steps_per_epoch = r->tokens_per_step = NAN;
	r->keras_epoch = r->keras_total_epochs = r->header_epoch = NAN;
	r->tab_loss_col = r->tab_ups_col = -1;
	r->ptab_epoch = r->ptab_loss = r->ptab_val = -1;
	r->resume_step = NAN;
	r->rate_t0 = r->rate_t1 = NAN;
	r->rate_kind = -1;
	strbuf_init(&r->traceback);
}

void log_report_release(struct log_report *r)
{
	for (size_t i = 0; i < r->nfailures; i++)
		free(r->failures[i].message);
	strbuf_release(&r->traceback);
	log_report_init(r);
}

static void take(struct log_value *dst, double v, long long line)
{
	if (!isnan(v)) {
		dst->v = v;
		dst->line = line;
	}
}

static void add_failure(struct log_report *r, const struct failure_kind *k, const char *s, size_t n, long long line)
{
	for (size_t i = 0; i < r->nfailures; i++)
		if (r->failures[i].id == k->id) {
			r->failures[i].count++;
			return;
		}
	if (r->nfailures >= LOG_MAX_FAILURES)
		return;
	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\r'))
		n--;
	struct log_failure *f = &r->failures[r->nfailures++];
	f->id = k->id;
	f->severity = k->severity;
	f->what = k->what;
	f->message = xstrndup(s, n > 300 ? 300 : n);
	f->line = line;
	f->count = 1;
}

/* ParlAI's metrics tables (trainers_ten.c reads the header): the row of numbers after a header gives
 * the loss (the validation loss after "valid:") and the updates per second by the header's columns. */
static void table_row(struct log_report *r, const char *s, size_t n, struct line_facts *f)
{
	if (f->tab_valid_mark)
		r->tab_next_valid = true;
	if (f->tab_header) {
		r->tab_loss_col = f->tab_loss_col;
		r->tab_ups_col = f->tab_ups_col;
		r->tab_valid = r->tab_next_valid;
		r->tab_next_valid = false;
		r->tab_armed = true;
		return;
	}
	if (!r->tab_armed)
		return;
	r->tab_armed = false;
	const char *p = s, *e = s + n;
	double loss = NAN, ups = NAN;
	for (int col = 0; p < e; col++) {
		while (p < e && *p == ' ')
			p++;
		if (p >= e)
			break;
		const char *w = p;
		while (p < e && *p != ' ')
			p++;
		char buf[64];
		size_t wl = (size_t)(p - w) < sizeof(buf) - 1 ? (size_t)(p - w) : sizeof(buf) - 1;
		memcpy(buf, w, wl);
		buf[wl] = '\0';
		char *end;
		double v = strtod(buf, &end);
		if (end == buf || *end)
			return; /* not a row of numbers */
		if (col == r->tab_loss_col)
			loss = v;
		if (col == r->tab_ups_col)
			ups = v;
	}
	if (r->tab_valid) {
		f->val_loss = loss;
	} else {
		f->loss = loss;
		f->steps_per_s = ups > 0 ? ups : NAN;
	}
}

/* The cells of a '|' table line s[0, n) (at most max; their trimmed bounds in a[], b[]); 0 when not one. */
static int pipe_cells(const char *s, size_t n, const char **a, const char **b, int max)
{
	const char *p = s, *e = s + n;
	while (p < e && *p == ' ')
		p++;
	while (e > p && (e[-1] == ' ' || e[-1] == '\r'))
		e--;
	if (e - p < 3 || *p != '|' || e[-1] != '|')
		return 0;
	int k = 0;
	for (p++; p < e && k < max;) {
		const char *q = memchr(p, '|', (size_t)(e - p));
		if (!q)
			break;
		const char *x = p, *y = q;
		while (x < y && *x == ' ')
			x++;
		while (y > x && y[-1] == ' ')
			y--;
		a[k] = x;
		b[k] = y;
		k++;
		p = q + 1;
	}
	return k;
}

static bool cell_is(const char *a, const char *b, const char *w)
{
	return (size_t)(b - a) == strlen(w) && !memcmp(a, w, (size_t)(b - a));
}

/* A table drawn with '|' (cifar10-airbench's print_columns): its header names the columns, each row after it
 * gives the epoch and the losses in them (empty cells say nothing; a row whose epoch cell is no number, "eval",
 * keeps only its losses). Accuracies are no losses. */
static void pipe_table(struct log_report *r, const char *s, size_t n, struct line_facts *f)
{
	const char *a[32], *b[32];
	int k = (n && (s[0] == '|' || s[0] == ' ')) ? pipe_cells(s, n, a, b, 32) : 0;
	if (k < 2)
		return;
	int ep = -1, lo = -1, va = -1;
	for (int i = 0; i < k; i++) {
		if (cell_is(a[i], b[i], "epoch"))
			ep = i;
		else if (cell_is(a[i], b[i], "train_loss") || cell_is(a[i], b[i], "loss"))
			lo = i;
		else if (cell_is(a[i], b[i], "val_loss") || cell_is(a[i], b[i], "valid_loss"))
			va = i;
	}
	if (ep >= 0 || lo >= 0) {
		r->ptab_epoch = ep;
		r->ptab_loss = lo;
		r->ptab_val = va;
		r->ptab_cells = k;
		r->ptab_first_seen = false;
		return;
	}
	if (!r->ptab_cells || k != r->ptab_cells)
		return;
	double v[3] = {NAN, NAN, NAN};
	int cols[3] = {r->ptab_epoch, r->ptab_loss, r->ptab_val};
	for (int j = 0; j < 3; j++) {
		if (cols[j] < 0 || a[cols[j]] == b[cols[j]])
			continue;
		char buf[48];
		size_t wl = (size_t)(b[cols[j]] - a[cols[j]]);
		if (wl >= sizeof(buf))
			continue;
		memcpy(buf, a[cols[j]], wl);
		buf[wl] = '\0';
		char *end;
		double x = strtod(buf, &end);
		if (end != buf && !*end)
			v[j] = x;
	}
	if (!isnan(v[0])) {
		if (!r->ptab_first_seen) {
			r->ptab_first_seen = true;
			r->ptab_from1 = v[0] == 1;
		}
		f->epoch = r->ptab_from1 ? v[0] - 1 : v[0];
		f->shape |= SHAPE_PLAIN;
	}
	if (!isnan(v[1]))
		f->loss = v[1];
	if (!isnan(v[2]))
		f->val_loss = v[2];
}

/* A resumed run's bars count from 0 over the steps left (nerf-pytorch's trange(start + 1, N)); a Hugging Face
 * evaluation's bars count its batches: not the run's steps (a bar whose length is the run's total still is). */
static void resumed_or_eval_bar(struct log_report *r, const char *s, size_t n, struct line_facts *f)
{
	if (!isnan(f->resume_step))
		r->resume_step = f->resume_step;
	if (f->hf_eval_banner)
		r->in_hf_eval = true;
	else if (r->in_hf_eval && memmem(s, n, "***** Running training *****", 28))
		r->in_hf_eval = false;
	bool bar = (f->shape & SHAPE_TQDM) && !isnan(f->step) && f->total_steps > 0 && isnan(f->loss);
	if (bar && r->in_hf_eval && (isnan(r->total_steps.v) || f->total_steps != r->total_steps.v)) {
		f->step = f->total_steps = f->percent = f->elapsed_s = f->remaining_s = f->it_per_s = NAN;
		f->shape &= ~(unsigned)SHAPE_TQDM;
		f->eval_pass = true;
		return;
	}
	if (bar && r->resume_step > 0 && f->step <= f->total_steps && isnan(f->epoch)) {
		f->step += r->resume_step;
		f->total_steps += r->resume_step;
		f->percent = 100 * f->step / f->total_steps;
	}
}

/* Folds the facts f of segment s[0, n) of line r->lines into the report (f is changed on the way: its
 * figures are read in the report's context, e.g. a Keras bar within the last epoch line's epoch). */
static void apply_segment(struct log_report *r, const char *s, size_t n, struct line_facts *f)
{
	long long ln = r->lines;
	table_row(r, s, n, f);
	pipe_table(r, s, n, f);
	resumed_or_eval_bar(r, s, n, f);
	/* Keras: a bar counts within the epoch of the last epoch line (a bar before any is not Keras's) */
	if (f->keras_epoch_line) {
		r->keras_epoch = f->epoch;
		r->keras_total_epochs = f->total_epochs;
		r->keras_epoch_done = false;
	}
	if (f->keras_bar && !isnan(r->keras_epoch) && r->keras_epoch_done) {
		/* a bar after the epoch's bar ended, with no new epoch line: model.evaluate (its loss is the
		 * held-out loss, its batches no training steps; Keras validates inside the epoch's own bar) */
		f->step = f->total_steps = f->percent = f->remaining_s = f->it_per_s = f->loss = NAN;
		f->epoch = f->total_epochs = NAN;
		f->val_loss = f->bar_loss;
		f->keras_bar = false;
	}
	if (f->keras_bar && !isnan(r->keras_epoch)) {
		if (f->bar_len > 0 && f->bar_pos >= f->bar_len)
			r->keras_epoch_done = true;
		f->shape |= SHAPE_TIMM;
		f->steps_per_epoch = f->bar_len;
		f->epoch = r->keras_epoch;
		f->total_epochs = r->keras_total_epochs;
		f->step = r->keras_epoch * f->bar_len + f->bar_pos;
		f->total_steps = r->keras_total_epochs * f->bar_len;
		f->loss = f->bar_loss;
		f->val_loss = f->bar_val_loss;
		f->remaining_s = f->percent = NAN;
		if (!f->bar_keeps_rate)
			f->it_per_s = NAN;
	}
	if (f->epochs_from_0)
		r->yolo_epochs_from_0 = true;
	if ((f->shape & SHAPE_ULTRALYTICS) && r->yolo_epochs_from_0 && !isnan(f->epoch) && f->steps_per_epoch > 0) {
		f->epoch += 1;
		f->total_epochs += 1;
		f->step += f->steps_per_epoch;
		f->total_steps += f->steps_per_epoch;
	}
	r->shapes |= f->shape;
	if (!isnan(f->steps_per_epoch))
		r->steps_per_epoch = f->steps_per_epoch;
	/* a step within the epoch the last epoch header opened, when the line does not say its epoch */
	if (f->epoch_header)
		r->header_epoch = f->epoch;
	else if (!isnan(f->epoch_step) && isnan(f->epoch) && !isnan(r->header_epoch))
		f->epoch = r->header_epoch;
	/* a step counted within its epoch (DeepSpeed-Chat's Step: N): the epochs before it, when their length is known */
	if (!isnan(f->epoch_step) && !isnan(f->epoch) && !isnan(r->steps_per_epoch))
		f->step = f->epoch * r->steps_per_epoch + f->epoch_step;
	if (!isnan(f->tokens_per_step))
		r->tokens_per_step = f->tokens_per_step;
	/* a step count per epoch and a number of epochs give the total (timm: Scheduled epochs) */
	if (!isnan(f->step) && isnan(f->total_steps) && !isnan(r->steps_per_epoch) && !isnan(r->total_epochs.v) &&
	    ((f->shape & SHAPE_PER_EPOCH) || f->total_from_epochs))
		f->total_steps = r->steps_per_epoch * r->total_epochs.v;
	if (f->weak_epoch && r->epoch_from_banner)
		f->epoch = NAN;
	if (!isnan(f->epoch) && !isnan(f->total_epochs) && !f->weak_epoch)
		r->epoch_from_banner = true;
	take(&r->step, f->step, ln);
	/* a total of 0 or below ("max_update: 0") means none */
	take(&r->total_steps, f->total_steps > 0 ? f->total_steps : NAN, ln);
	take(&r->epoch, f->epoch, ln);
	take(&r->total_epochs, f->total_epochs, ln);
	take(&r->val_loss, f->val_loss, ln);
	/* a step more than ten times as long as the one before held an evaluation, a checkpoint or a
	 * compilation (nanoGPT's iteration after "step N: train loss ... val loss", its first iteration):
	 * not the rate the run goes at */
	double st = f->step_time_s > 0 ? f->step_time_s : NAN;
	if (!isnan(st) && !isnan(r->step_time.v) && st > 10 * r->step_time.v)
		st = NAN;
	take(&r->step_time, st, ln);
	if (f->finished) {
		r->finished = true;
		r->finished_line = ln;
	}
	if (f->eval_pass)
		r->eval_pass_line = ln;
	if (!isnan(f->ts) && f->ts_kind > TS_NONE && f->ts_kind < TS_KINDS) {
		int k = (int)f->ts_kind;
		if (!r->ts_count[k]) {
			r->ts_first[k] = f->ts;
			r->ts_first_line[k] = ln;
		}
		/* a clock going back more than a day is another clock: not this kind's last time */
		if (!r->ts_count[k] || f->ts >= r->ts_last[k] - 86400) {
			r->ts_last[k] = f->ts;
			r->ts_last_line[k] = ln;
		}
		r->ts_count[k]++;
		if (!isnan(f->step)) {
			if (r->rate_kind != k) {
				r->rate_kind = k;
				r->rate_t0 = f->ts;
				r->rate_s0 = f->step;
				r->rate_t1 = NAN;
			} else {
				r->rate_t1 = f->ts;
				r->rate_s1 = f->step;
			}
		}
	}
	take(&r->percent, f->percent, ln);
	take(&r->loss, f->loss, ln);
	take(&r->it_per_s, f->it_per_s, ln);
	take(&r->samples_per_s, f->samples_per_s, ln);
	take(&r->tokens_per_s, f->tokens_per_s, ln);
	take(&r->steps_per_s, f->steps_per_s, ln);
	take(&r->elapsed, f->elapsed_s, ln);
	take(&r->remaining, f->remaining_s, ln);
	take(&r->runtime, f->runtime_s, ln);
	if (!isnan(f->ts)) {
		if (isnan(r->first_ts)) {
			r->first_ts = f->ts;
			r->first_ts_line = ln;
		}
		r->last_ts = f->ts;
		r->last_ts_line = ln;
	}
	/* the first traceback: from its header to the exception line */
	if (r->tb_state == 1) {
		bool indented = n && (s[0] == ' ' || s[0] == '\t');
		if (r->tb_lines < LOG_TRACEBACK_LINES) {
			strbuf_add(&r->traceback, s, n);
			strbuf_addch(&r->traceback, '\n');
			r->tb_lines++;
		}
		if (!indented && (f->exception_line || !n || r->tb_lines >= LOG_TRACEBACK_LINES * 4)) {
			r->tb_state = 2;
			if (f->exception_line) {
				const struct failure_kind *k = classify_failure(s, n);
				add_failure(r, k ? k : failure_python_exception(), s, n, ln);
			}
			return;
		}
	}
	if (f->traceback_start) {
		r->tracebacks++;
		if (r->tb_state == 0) {
			r->tb_state = 1;
			r->traceback_line = ln;
			strbuf_add(&r->traceback, s, n);
			strbuf_addch(&r->traceback, '\n');
			r->tb_lines = 1;
		}
		return;
	}
	if (f->failure_hint) {
		const struct failure_kind *k = classify_failure(s, n);
		if (k)
			add_failure(r, k, s, n, ln);
	}
	if (f->nan_loss)
		add_failure(r, failure_nan_loss(), s, n, ln);
}

/* The facts of segment s[0, n): scan_line reads within it; trainer_line copies the few lines its
 * recognizers read (their strtod reads on to a terminator, which a segment inside a log does not have). */
static void segment_facts(const char *s, size_t n, struct line_facts *f)
{
	scan_line(s, n, f);
	trainer_line(s, n, f);
}

/* The length of an srun --label task label at s ("0: ", " 12: "): the line after it is that task's output. */
static size_t task_label(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && i < 3 && s[i] == ' ')
		i++;
	size_t d = i;
	while (i < n && i - d < 5 && s[i] >= '0' && s[i] <= '9')
		i++;
	if (i == d || i - d > 4 || i + 1 >= n + 1 || i >= n || s[i] != ':' || (i + 1 < n && s[i + 1] != ' '))
		return 0;
	return i + 1 < n ? i + 2 : i + 1;
}

static void feed_segment(struct log_report *r, const char *s, size_t n)
{
	size_t lab = task_label(s, n);
	s += lab;
	n -= lab;
	struct line_facts f;
	segment_facts(s, n, &f);
	apply_segment(r, s, n, &f);
}

/* Counts a line whose end has come: once, also when log_feed read its first '\r' updates earlier. */
static void count_line(struct log_report *r, size_t len)
{
	if (r->line_open)
		r->line_open = false;
	else
		r->lines++;
	r->bytes += (long long)len + 1;
}

void log_feed_line(struct log_report *r, const char *line, size_t len)
{
	bool rest = r->line_open; /* the rest of a line after its last '\r' read so far */
	count_line(r, len);
	const char *p = line, *e = line + len;
	const char *cr;
	while ((cr = memchr(p, '\r', (size_t)(e - p)))) {
		if (cr > p)
			feed_segment(r, p, (size_t)(cr - p));
		p = cr + 1;
	}
	if (p < e || (len == 0 && !rest))
		feed_segment(r, p, (size_t)(e - p));
}

/* The part of the file's last line, written without its '\n', that is whole: a job killed while writing leaves
 * its last update cut ("  5%|▍   | 62/12"), whose figures are wrong (a total of 12 steps). A tqdm update
 * closes with ']' and a printed dict with '}'; the last '\r' segment that should and does not is dropped
 * (the updates before it are whole). Other lines are kept as they are. */
static size_t whole_last_line(const char *s, size_t n)
{
	const char *q = memrchr(s, '\r', n);
	const char *seg = q ? q + 1 : s;
	size_t k = (size_t)(s + n - seg);
	while (k && (seg[k - 1] == ' ' || seg[k - 1] == '\t'))
		k--;
	const char *t = seg;
	while (t < seg + k && (*t == ' ' || *t == '\t'))
		t++;
	size_t m = (size_t)(seg + k - t);
	bool bar = m && (needle_find(t, m, "%|") || needle_find(t, m, "it/s") || needle_find(t, m, "s/it"));
	bool cut = (bar && t[m - 1] != ']') || (m && *t == '{' && t[m - 1] != '}');
	return cut ? (size_t)(seg - s) : n;
}

/* Whether the line at [line, line + len) holds a '\r'. *next is the first '\r' at or after the previous
 * line looked at (NULL: none up to end): a buffer of lines is searched for '\r' once, not once a line. */
static bool line_has_cr(const char **next, const char *line, size_t len, const char *end)
{
	if (*next && *next < line)
		*next = memchr(line, '\r', (size_t)(end - line));
	return *next && *next < line + len;
}

size_t log_feed(struct log_report *r, const char *buf, size_t len, bool final)
{
	const char *p = buf, *e = buf + len;
	const char *cr = memchr(buf, '\r', len);
	for (;;) {
		const char *nl = memchr(p, '\n', (size_t)(e - p));
		if (!nl && !(final && p < e))
			break; /* the rest is a line still being written */
		size_t n = nl ? (size_t)(nl - p) : (size_t)(e - p);
		size_t w = nl ? n : whole_last_line(p, n);
		if (line_has_cr(&cr, p, n, e)) {
			log_feed_line(r, p, w);
			r->bytes += (long long)(n - w);
		} else {
			bool rest = r->line_open;
			count_line(r, n);
			if ((n || !rest) && w == n)
				feed_segment(r, p, n);
		}
		p = nl ? nl + 1 : e;
	}
	if (final) {
		if (r->line_open) /* ended right after a '\r': the line as a whole read counts it */
			r->bytes++;
		r->line_open = false;
	} else if (p < e && cr) {
		/* a line still being written whose '\r' updates are whole (a tqdm bar, which writes its '\n' only
		 * when it closes): they are read now, so --follow shows the bar moving (it showed nothing until
		 * the bar ended, and kept the whole bar in memory); the line is counted once */
		const char *q = memrchr(p, '\r', (size_t)(e - p));
		if (q) {
			if (!r->line_open)
				r->lines++;
			r->line_open = true;
			r->bytes += (long long)(q + 1 - p);
			for (const char *s = p; s < q;) {
				const char *c = memchr(s, '\r', (size_t)(q - s));
				if (!c)
					c = q;
				if (c > s)
					feed_segment(r, s, (size_t)(c - s));
				s = c + 1;
			}
			p = q + 1;
		}
	}
	return (size_t)(p - buf);
}

/* A big file is read by worker threads, a chunk of whole lines each: they find every segment's facts
 * (scan_line and trainer_line, which are most of the work and depend on the segment alone), and the
 * caller's thread folds them into the report in file order, exactly as log_feed would. */
#define PAR_MIN_BYTES ((size_t)32 << 20) /* smaller files: one thread */
#define PAR_CHUNK ((size_t)1 << 20)
#define PAR_MAX_WORKERS 4

struct seg_rec {
	const char *s;
	size_t n;
	long long line; /* 1-based within the chunk */
	struct line_facts f;
};

struct par_slot {
	long long chunk; /* the chunk it holds, -1 = free */
	bool done;
	struct seg_rec *v;
	size_t nr, alloc;
	long long lines, bytes;
};

struct par {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	const char *buf;
	size_t len;
	long long next, nchunks;
	long long applied; /* chunks folded into the report so far: chunk i may use its slot once i < applied + nslots */
	size_t nslots;
	struct par_slot *slot;
};

/* Where chunk i begins: after the first '\n' at or past i * PAR_CHUNK (the file's end when none). */
static size_t chunk_start(const struct par *p, long long i)
{
	if (i <= 0)
		return 0;
	size_t at = (size_t)i * PAR_CHUNK;
	if (at >= p->len)
		return p->len;
	const char *nl = memchr(p->buf + at, '\n', p->len - at);
	return nl ? (size_t)(nl - p->buf) + 1 : p->len;
}

static void par_segment(struct par_slot *sl, const char *s, size_t n)
{
	if (sl->nr == sl->alloc) {
		sl->alloc = sl->alloc ? sl->alloc * 2 : 4096;
		sl->v = xrealloc(sl->v, sl->alloc * sizeof(*sl->v));
	}
	struct seg_rec *g = &sl->v[sl->nr++];
	size_t lab = task_label(s, n);
	s += lab;
	n -= lab;
	g->s = s;
	g->n = n;
	g->line = sl->lines;
	segment_facts(s, n, &g->f);
}

/* The segments of one line, as log_feed_line cuts them. */
static void par_line(struct par_slot *sl, const char *line, size_t len)
{
	sl->lines++;
	sl->bytes += (long long)len + 1;
	const char *p = line, *e = line + len, *cr;
	while ((cr = memchr(p, '\r', (size_t)(e - p)))) {
		if (cr > p)
			par_segment(sl, p, (size_t)(cr - p));
		p = cr + 1;
	}
	if (p < e || len == 0)
		par_segment(sl, p, (size_t)(e - p));
}

static void par_chunk(struct par *p, long long i, struct par_slot *sl)
{
	sl->nr = 0;
	sl->lines = sl->bytes = 0;
	const char *a = p->buf + chunk_start(p, i), *b = p->buf + chunk_start(p, i + 1), *nl;
	const char *cr = memchr(a, '\r', (size_t)(b - a));
	while (a < b) {
		nl = memchr(a, '\n', (size_t)(b - a));
		size_t n = nl ? (size_t)(nl - a) : (size_t)(b - a); /* no '\n': the file's last line */
		size_t w = nl ? n : whole_last_line(a, n);
		if (line_has_cr(&cr, a, n, b)) {
			par_line(sl, a, w);
			sl->bytes += (long long)(n - w);
		} else {
			sl->lines++;
			sl->bytes += (long long)n + 1;
			if (w == n)
				par_segment(sl, a, n);
		}
		a = nl ? nl + 1 : b;
	}
}

static void *par_worker(void *arg)
{
	struct par *p = arg;
	pthread_mutex_lock(&p->mu);
	while (p->next < p->nchunks) {
		long long i = p->next++;
		struct par_slot *sl = &p->slot[(size_t)i % p->nslots];
		while (i >= p->applied + (long long)p->nslots) /* chunk i - nslots is still being read or folded */
			pthread_cond_wait(&p->cv, &p->mu);
		sl->chunk = i;
		sl->done = false;
		pthread_mutex_unlock(&p->mu);
		par_chunk(p, i, sl);
		pthread_mutex_lock(&p->mu);
		sl->done = true;
		pthread_cond_broadcast(&p->cv);
	}
	pthread_mutex_unlock(&p->mu);
	trainer_line_thread_release();
	return NULL;
}

/* Feeds buf[0, len) (all of a file) with worker threads; false (nothing fed) when none could start. */
static bool log_feed_parallel(struct log_report *r, const char *buf, size_t len)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int workers = cpus > PAR_MAX_WORKERS ? PAR_MAX_WORKERS : (int)cpus;
	if (workers < 2 || len < PAR_MIN_BYTES)
		return false;
	scan_line_init();
	trainer_line_init();
	struct par p = {.buf = buf, .len = len, .nchunks = (long long)((len + PAR_CHUNK - 1) / PAR_CHUNK)};
	p.nslots = (size_t)workers * 2;
	p.slot = xcalloc(p.nslots, sizeof(*p.slot));
	for (size_t k = 0; k < p.nslots; k++)
		p.slot[k].chunk = -1;
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	pthread_t tid[PAR_MAX_WORKERS];
	int started = 0;
	while (started < workers && !pthread_create(&tid[started], NULL, par_worker, &p))
		started++;
	if (started) {
		for (long long i = 0; i < p.nchunks; i++) {
			struct par_slot *sl = &p.slot[(size_t)i % p.nslots];
			pthread_mutex_lock(&p.mu);
			while (sl->chunk != i || !sl->done)
				pthread_cond_wait(&p.cv, &p.mu);
			pthread_mutex_unlock(&p.mu);
			long long base = r->lines;
			for (size_t k = 0; k < sl->nr; k++) {
				r->lines = base + sl->v[k].line;
				apply_segment(r, sl->v[k].s, sl->v[k].n, &sl->v[k].f);
			}
			r->lines = base + sl->lines;
			r->bytes += sl->bytes;
			pthread_mutex_lock(&p.mu);
			sl->chunk = -1;
			p.applied = i + 1;
			pthread_cond_broadcast(&p.cv);
			pthread_mutex_unlock(&p.mu);
		}
		for (int k = 0; k < started; k++)
			pthread_join(tid[k], NULL);
	}
	pthread_cond_destroy(&p.cv);
	pthread_mutex_destroy(&p.mu);
	for (size_t k = 0; k < p.nslots; k++)
		free(p.slot[k].v);
	free(p.slot);
	return started > 0;
}

int log_read_file(const char *path, struct log_report *r, struct maple_error *err)
{
	int fd = strcmp(path, "-") ? open(path, O_RDONLY | O_CLOEXEC) : 0;
	if (fd < 0)
		return errorf(err, "cannot read the log '%s': %s (give the path of the job's output file)", path,
			      strerror(errno));
	struct stat st;
	if (fstat(fd, &st) < 0 || S_ISDIR(st.st_mode)) {
		if (fd)
			close(fd);
		return errorf(err, "cannot read the log '%s': %s (give a file, not a directory)", path,
			      S_ISDIR(st.st_mode) ? "it is a directory" : strerror(errno));
	}
	if (S_ISREG(st.st_mode) && st.st_size > 0) {
		void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (m != MAP_FAILED) {
			madvise(m, (size_t)st.st_size, MADV_SEQUENTIAL);
			if (!log_feed_parallel(r, m, (size_t)st.st_size))
				log_feed(r, m, (size_t)st.st_size, true);
			munmap(m, (size_t)st.st_size);
			if (fd)
				close(fd);
			return 0;
		}
	}
	/* a pipe, or mmap refused: buffered reads */
	size_t cap = 1 << 20, have = 0;
	char *buf = xmalloc(cap);
	for (;;) {
		if (have == cap) {
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		ssize_t n = read(fd, buf + have, cap - have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			free(buf);
			if (fd)
				close(fd);
			return errorf(err, "reading the log '%s' failed: %s", path, strerror(e));
		}
		if (n == 0)
			break;
		have += (size_t)n;
		size_t used = log_feed(r, buf, have, false);
		memmove(buf, buf + used, have - used);
		have -= used;
	}
	log_feed(r, buf, have, true);
	free(buf);
	if (fd)
		close(fd);
	return 0;
}

double log_rate_steps(const struct log_report *r)
{
	if (!isnan(r->it_per_s.v) && r->it_per_s.v > 0)
		return r->it_per_s.v;
	if (!isnan(r->steps_per_s.v) && r->steps_per_s.v > 0)
		return r->steps_per_s.v;
	if (!isnan(r->step_time.v) && r->step_time.v > 0)
		return 1 / r->step_time.v;
	if (!isnan(r->rate_t1) && r->rate_t1 > r->rate_t0 && r->rate_s1 > r->rate_s0)
		return (r->rate_s1 - r->rate_s0) / (r->rate_t1 - r->rate_t0);
	double el = log_elapsed(r);
	if (!isnan(r->step.v) && r->step.v > 0 && !isnan(el) && el > 0)
		return r->step.v / el;
	return NAN;
}

/* The timestamp kind most lines carry (0 when none). */
static int main_ts_kind(const struct log_report *r)
{
	int best = 0;
	for (int k = 1; k < TS_KINDS; k++)
		if (r->ts_count[k] > r->ts_count[best])
			best = k;
	return r->ts_count[best] ? best : 0;
}

bool log_finished(const struct log_report *r)
{
	for (size_t i = 0; i < r->nfailures; i++)
		if (!strcmp(r->failures[i].severity, "error"))
			return false;
	if (r->finished && r->finished_line >= r->step.line)
		return true;
	if (!isnan(r->runtime.v) && r->runtime.line >= r->step.line)
		return true;
	/* every step done, unless a validation pass began after it (an epoch's bar at its end, more to come) */
	return !isnan(r->step.v) && !isnan(r->total_steps.v) && r->total_steps.v > 0 && r->step.v >= r->total_steps.v &&
	       r->eval_pass_line <= r->step.line;
}

double log_elapsed(const struct log_report *r)
{
	double best = NAN;
	int k = main_ts_kind(r);
	if (k > 0 && r->ts_last[k] > r->ts_first[k])
		best = r->ts_last[k] - r->ts_first[k];
	if (!isnan(r->runtime.v) && (isnan(best) || r->runtime.v > best))
		best = r->runtime.v;
	if (!isnan(r->elapsed.v) && (isnan(best) || r->elapsed.v > best))
		best = r->elapsed.v;
	return best;
}

double log_remaining(const struct log_report *r)
{
	if (log_finished(r))
		return 0;
	if (!isnan(r->runtime.v) && r->runtime.line >= r->step.line)
		return 0; /* the Trainer printed its final summary */
	if (!isnan(r->remaining.v) && r->remaining.line >= r->step.line) {
		/* a Lightning bar counts one epoch: the epochs after it take as long at the bar's rate (NeMo's
		 * max_epochs from its config dump; epochs counted from 0) */
		double later = r->total_epochs.v - 1 - r->epoch.v;
		if ((r->shapes & SHAPE_LIGHTNING) && later >= 1 && r->epoch.line >= r->step.line &&
		    r->total_steps.line >= r->step.line && r->total_steps.v > 0 && r->it_per_s.v > 0 &&
		    r->it_per_s.line >= r->step.line)
			return r->remaining.v + later * r->total_steps.v / r->it_per_s.v;
		return r->remaining.v;
	}
	double rate = log_rate_steps(r);
	if (!isnan(r->total_steps.v) && !isnan(r->step.v) && !isnan(rate) && rate > 0)
		return (r->total_steps.v - r->step.v) / rate;
	return NAN;
}

static json_t *num(const struct log_value *v)
{
	if (isnan(v->v))
		return json_null();
	if (v->v == floor(v->v) && fabs(v->v) < 1e15)
		return json_integer((json_int_t)v->v);
	return json_real(v->v);
}

static json_t *real_or_null(double v)
{
	return isnan(v) ? json_null() : json_real(round(v * 100) / 100);
}

static void src(json_t *sources, const char *name, const struct log_value *v)
{
	if (!isnan(v->v))
		json_object_set_new(sources, name, json_integer(v->line));
}

json_t *log_report_json(const struct log_report *r, const char *path, json_t *kb)
{
	json_t *o = json_object(), *sources = json_object();
	json_object_set_new(o, "file", jstr_or(path));
	json_object_set_new(o, "shape", json_string(shape_name(r->shapes)));
	json_t *shapes = json_array();
	static const unsigned all[] = {SHAPE_HF, SHAPE_LIGHTNING, SHAPE_DEEPSPEED, SHAPE_TQDM, SHAPE_PLAIN};
	for (size_t i = 0; i < 5; i++)
		if (r->shapes & all[i])
			json_array_append_new(shapes, json_string(shape_name(all[i])));
	json_object_set_new(o, "shapes", shapes);
	json_object_set_new(o, "lines", json_integer(r->lines));
	json_t *prog = json_object();
	json_object_set_new(prog, "step", num(&r->step));
	json_object_set_new(prog, "total_steps", num(&r->total_steps));
	json_object_set_new(prog, "epoch", num(&r->epoch));
	json_object_set_new(prog, "total_epochs", num(&r->total_epochs));
	double pct = r->percent.v;
	if (!isnan(r->step.v) && !isnan(r->total_steps.v) && r->total_steps.v > 0 &&
	    (isnan(pct) || r->step.line >= r->percent.line))
		pct = 100.0 * r->step.v / r->total_steps.v;
	if (log_finished(r))
		pct = 100;
	json_object_set_new(prog, "percent", real_or_null(pct));
	json_object_set_new(prog, "loss", num(&r->loss));
	json_object_set_new(prog, "val_loss", num(&r->val_loss));
	json_object_set_new(o, "progress", prog);
	src(sources, "progress.step", &r->step);
	src(sources, "progress.total_steps", &r->total_steps);
	src(sources, "progress.epoch", &r->epoch);
	src(sources, "progress.loss", &r->loss);
	json_t *tp = json_object();
	json_object_set_new(tp, "it_per_s", num(&r->it_per_s));
	json_object_set_new(tp, "samples_per_s", num(&r->samples_per_s));
	double rate = log_rate_steps(r);
	json_object_set_new(tp, "steps_per_s",
			    !isnan(r->steps_per_s.v) ? num(&r->steps_per_s)
			    : (!isnan(r->step_time.v) || !isnan(r->rate_t1)) && !isnan(rate) ? json_real(round(rate * 1e4) / 1e4)
										: json_null());
	if (isnan(r->tokens_per_s.v) && !isnan(r->tokens_per_step) && !isnan(r->step_time.v) && r->step_time.v > 0)
		json_object_set_new(tp, "tokens_per_s", json_real(round(r->tokens_per_step / r->step_time.v * 100) / 100));
	else
		json_object_set_new(tp, "tokens_per_s", num(&r->tokens_per_s));
	json_object_set_new(o, "throughput", tp);
	json_object_set_new(o, "finished", json_boolean(log_finished(r)));
	src(sources, "throughput.it_per_s", &r->it_per_s);
	src(sources, "throughput.samples_per_s", &r->samples_per_s);
	src(sources, "throughput.tokens_per_s", &r->tokens_per_s);
	src(sources, "throughput.steps_per_s", &r->steps_per_s);
	json_t *tm = json_object();
	json_object_set_new(tm, "elapsed_s", real_or_null(log_elapsed(r)));
	json_object_set_new(tm, "remaining_s", real_or_null(log_remaining(r)));
	double total = log_elapsed(r) + log_remaining(r);
	json_object_set_new(tm, "total_s", real_or_null(total));
	json_object_set_new(o, "time", tm);
	json_t *fails = json_array();
	for (size_t i = 0; i < r->nfailures; i++) {
		const struct log_failure *f = &r->failures[i];
		json_t *fj = json_object();
		json_object_set_new(fj, "id", json_string(f->id));
		json_object_set_new(fj, "severity", json_string(f->severity));
		json_object_set_new(fj, "what", json_string(f->what));
		json_object_set_new(fj, "line", json_integer(f->line));
		json_object_set_new(fj, "count", json_integer(f->count));
		json_t *m = json_string(f->message);
		json_object_set_new(fj, "message", m ? m : json_string("(not UTF-8)"));
		json_t *link = kb ? json_object_get(kb, f->id) : NULL;
		json_object_set(fj, "kb", link ? link : json_null());
		json_array_append_new(fails, fj);
	}
	json_object_set_new(o, "failures", fails);
	if (r->traceback.len) {
		json_t *tb = json_object();
		json_object_set_new(tb, "line", json_integer(r->traceback_line));
		json_t *t = json_string(r->traceback.buf);
		json_object_set_new(tb, "text", t ? t : json_string("(not UTF-8)"));
		json_object_set_new(tb, "count", json_integer(r->tracebacks));
		json_object_set_new(o, "traceback", tb);
	} else {
		json_object_set_new(o, "traceback", json_null());
	}
	json_object_set_new(o, "lines_of", sources);
	return o;
}
