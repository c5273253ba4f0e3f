/* logs.c - `maple logs FILE`: progress, throughput, elapsed and remaining time, and failures of a
 * training log; `--follow` keeps reading a growing file until interrupted. */
#include "cmd.h"

#include "../logs/logread.h"
#include "../util/sniff.h"
#include "../util/output.h"
#include "../util/strvec.h"
#include "../util/xalloc.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char usage[] = "maple logs [--json] [--follow] [--data-dir DIR] FILE";
static const char about[] =
	"Reads a training log (Hugging Face Trainer, Lightning, DeepSpeed, tqdm or plain prints) and reports\n"
	"progress (step, epoch, percent), throughput (it/s, samples/s, tokens/s), time elapsed and left, and\n"
	"failures (the first traceback, CUDA/host OOM, NCCL errors and timeouts, rendezvous failures, time\n"
	"limits, NaN loss) with their line numbers and debug knowledge-base ids. FILE '-' reads stdin.\n"
	"Example: maple logs slurm-1234.out\n"
	"Exit status: 0 no error found, 1 the log shows an error, 2 the log cannot be read.";

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

static void hms(double s, char *out, size_t n)
{
	if (isnan(s) || s < 0) {
		snprintf(out, n, "?");
		return;
	}
	long t = (long)(s + 0.5);
	snprintf(out, n, "%02ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
}

static void print_num(const char *label, double v, const char *unit)
{
	if (!isnan(v))
		printf("%s%.4g%s", label, v, unit);
}

static void print_status(const struct log_report *r)
{
	printf("step ");
	if (isnan(r->step.v))
		printf("?");
	else
		printf("%.0f", r->step.v);
	if (!isnan(r->total_steps.v))
		printf("/%.0f", r->total_steps.v);
	print_num(", epoch ", r->epoch.v, "");
	if (!isnan(r->total_epochs.v))
		printf("/%.0f", r->total_epochs.v);
	print_num(", loss ", r->loss.v, "");
	print_num(", ", r->it_per_s.v, " it/s");
	print_num(", ", r->samples_per_s.v, " samples/s");
	print_num(", ", r->tokens_per_s.v, " tokens/s");
	char a[32], b[32];
	hms(log_elapsed(r), a, sizeof(a));
	hms(log_remaining(r), b, sizeof(b));
	printf(", elapsed %s, left %s\n", a, b);
}

static void print_report(json_t *j)
{
	printf("log: %s (%lld lines; shape %s)\n", json_string_value(json_object_get(j, "file")),
	       (long long)json_integer_value(json_object_get(j, "lines")), json_string_value(json_object_get(j, "shape")));
	json_t *p = json_object_get(j, "progress"), *t = json_object_get(j, "throughput"), *tm = json_object_get(j, "time");
	printf("progress:   ");
	json_t *step = json_object_get(p, "step"), *tot = json_object_get(p, "total_steps");
	if (json_is_number(step))
		printf("step %.0f", json_number_value(step));
	else
		printf("step ?");
	if (json_is_number(tot))
		printf("/%.0f", json_number_value(tot));
	if (json_is_number(json_object_get(p, "percent")))
		printf(" (%.1f%%)", json_number_value(json_object_get(p, "percent")));
	if (json_is_number(json_object_get(p, "epoch")))
		printf(", epoch %.4g", json_number_value(json_object_get(p, "epoch")));
	if (json_is_number(json_object_get(p, "total_epochs")))
		printf("/%.0f", json_number_value(json_object_get(p, "total_epochs")));
	if (json_is_number(json_object_get(p, "loss")))
		printf(", loss %.4g", json_number_value(json_object_get(p, "loss")));
	printf("\nthroughput: ");
	bool any = false;
	static const char *const keys[][2] = {{"it_per_s", "it/s"}, {"samples_per_s", "samples/s"}, {"tokens_per_s", "tokens/s"},
					      {"steps_per_s", "steps/s"}};
	for (int i = 0; i < 4; i++)
		if (json_is_number(json_object_get(t, keys[i][0]))) {
			printf("%s%.4g %s", any ? ", " : "", json_number_value(json_object_get(t, keys[i][0])), keys[i][1]);
			any = true;
		}
	printf("%s\n", any ? "" : "?");
	char a[32], b[32];
	hms(json_is_number(json_object_get(tm, "elapsed_s")) ? json_number_value(json_object_get(tm, "elapsed_s")) : NAN, a,
	    sizeof(a));
	hms(json_is_number(json_object_get(tm, "remaining_s")) ? json_number_value(json_object_get(tm, "remaining_s")) : NAN,
	    b, sizeof(b));
	printf("time:       elapsed %s, remaining %s\n", a, b);
	json_t *fails = json_object_get(j, "failures");
	if (json_array_size(fails)) {
		printf("failures:\n");
		size_t i;
		json_t *f;
		json_array_foreach(fails, i, f)
		{
			json_t *kb = json_object_get(f, "kb");
			printf("  line %lld: %s (%s) %s", (long long)json_integer_value(json_object_get(f, "line")),
			       json_string_value(json_object_get(f, "id")), json_string_value(json_object_get(f, "severity")),
			       json_string_value(json_object_get(f, "what")));
			if (json_integer_value(json_object_get(f, "count")) > 1)
				printf(" [%lld times]", (long long)json_integer_value(json_object_get(f, "count")));
			if (json_is_object(kb))
				printf(" [kb: %s]", json_string_value(json_object_get(kb, "id")));
			printf("\n      %s\n", json_string_value(json_object_get(f, "message")));
		}
	} else {
		printf("failures:   none found\n");
	}
	json_t *tb = json_object_get(j, "traceback");
	if (json_is_object(tb))
		printf("first traceback (line %lld):\n%s", (long long)json_integer_value(json_object_get(tb, "line")),
		       json_string_value(json_object_get(tb, "text")));
}

static bool has_error(const struct log_report *r)
{
	for (size_t i = 0; i < r->nfailures; i++)
		if (!strcmp(r->failures[i].severity, "error"))
			return true;
	return false;
}

/* Reads what is appended to path until SIGINT/SIGTERM; polls with a bounded interval (0.2 s, doubling
 * to 2 s while nothing changes). A file that shrinks (rotated, truncated) is read again from the start. */
static int follow(const char *path, struct log_report *r, bool json)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "maple logs: cannot follow '%s': %s (give the path of the job's output file)\n", path,
			strerror(errno));
		return -1;
	}
	struct sigaction sa;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	size_t cap = 1 << 20, have = 0;
	char *buf = xmalloc(cap);
	off_t pos = 0;
	long long last_lines = -1;
	double last_step = NAN;
	int delay_ms = 200;
	struct stat cur;
	if (fstat(fd, &cur) < 0)
		memset(&cur, 0, sizeof(cur));
	while (!stop) {
		struct stat st, now;
		/* like tail -F: when the path names another file now (the log was rotated or recreated),
		 * finish the old one and go on with the new one from its start */
		if (stat(path, &now) == 0 && (now.st_ino != cur.st_ino || now.st_dev != cur.st_dev)) {
			int nfd = open(path, O_RDONLY | O_CLOEXEC);
			if (nfd >= 0) {
				ssize_t n;
				while ((n = read(fd, buf + have, cap - have)) > 0) {
					have += (size_t)n;
					size_t used = log_feed(r, buf, have, false);
					memmove(buf, buf + used, have - used);
					have -= used;
					if (have == cap) {
						cap *= 2;
						buf = xrealloc(buf, cap);
					}
				}
				log_feed(r, buf, have, true);
				have = 0;
				close(fd);
				fd = nfd;
				pos = 0;
				if (fstat(fd, &cur) < 0)
					memset(&cur, 0, sizeof(cur));
				output_note("maple logs: '%s' was replaced (rotated): following the new file\n", path);
			}
		}
		if (fstat(fd, &st) == 0 && st.st_size < pos) {
			lseek(fd, 0, SEEK_SET);
			pos = 0;
			have = 0;
			log_report_release(r);
		}
		ssize_t n;
		bool got = false;
		while (!stop && (n = read(fd, buf + have, cap - have)) > 0) {
			pos += n;
			have += (size_t)n;
			size_t used = log_feed(r, buf, have, false);
			memmove(buf, buf + used, have - used);
			have -= used;
			if (have == cap) {
				cap *= 2;
				buf = xrealloc(buf, cap);
			}
			got = true;
		}
		/* a new line, or a bar's step moving inside one line still being written ('\r' updates) */
		bool moved = r->lines != last_lines || (!isnan(r->step.v) && r->step.v != last_step);
		if (moved && (isnan(last_step) || r->step.v != last_step || got)) {
			if (json) {
				json_t *j = log_report_json(r, path, NULL);
				json_print_short(j, true);
				json_decref(j);
			} else {
				print_status(r);
			}
			/* (the cause is kept for the one message at exit: "No space left on device", not EIO) */
			output_flush_stdout();
			if (ferror(stdout)) {
				free(buf);
				close(fd);
				return -1;
			}
			last_lines = r->lines;
			last_step = r->step.v;
		}
		delay_ms = got ? 200 : delay_ms * 2 > 2000 ? 2000 : delay_ms * 2;
		struct timespec ts = {delay_ms / 1000, (long)(delay_ms % 1000) * 1000000L};
		nanosleep(&ts, NULL); /* EINTR on a signal: the loop ends */
	}
	log_feed(r, buf, have, true);
	free(buf);
	close(fd);
	return 0;
}

/* Says so and returns -1 when path is binary or compressed (random bytes are no tqdm log). */
static int not_text(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return 0; /* the reader says why */
	struct stat st;
	/* a regular file, or a device that is no terminal (/dev/urandom would be read forever); a FIFO is
	 * not peeked at (what is read here would be lost to the reader) */
	if (fstat(fd, &st) < 0 || !(S_ISREG(st.st_mode) || (S_ISCHR(st.st_mode) && !isatty(fd)))) {
		close(fd);
		return 0;
	}
	char buf[65536];
	ssize_t n = read(fd, buf, sizeof(buf));
	close(fd);
	if (n <= 0)
		return 0;
	enum sniff_kind k = sniff(buf, (size_t)n);
	if (k == SNIFF_TEXT)
		return 0;
	if (k == SNIFF_BINARY)
		fprintf(stderr, "maple logs: '%s' is not a text log (its first %zd bytes are mostly binary): give the job's "
				"output file (slurm-JOBID.out, or the file of #SBATCH --output)\n",
			path, n);
	else
		fprintf(stderr, "maple logs: '%s' is not a text log: it is %s (decompress it first: %s '%s' | maple logs -)\n",
			path, sniff_name(k), k == SNIFF_GZIP ? "zcat" : k == SNIFF_BZIP2 ? "bzcat" : k == SNIFF_XZ ? "xzcat" : "zstdcat",
			path);
	return -1;
}

int cmd_logs(int argc, char **argv)
{
	bool json = false, fol = false;
	const char *data_dir = NULL;
	const struct opt opts[] = {
		{0, "json", OPT_FLAG, NULL, "print one JSON object (progress, throughput, time, failures, traceback)", &json},
		{'f', "follow", OPT_FLAG, NULL, "keep reading as the file grows; Ctrl-C prints the final report", &fol},
		{0, "data-dir", OPT_STRING, "DIR", "extra data directory (its kb/ links failures to signatures)", &data_dir},
		{0, NULL, OPT_FLAG, NULL, NULL, NULL},
	};
	struct strvec rest = STRVEC_INIT;
	int pr = opts_parse_files(argc, argv, opts, usage, about, &rest);
	if (pr) {
		strvec_clear(&rest);
		return pr > 0 ? EXIT_OK : EXIT_ERROR;
	}
	if (rest.nr != 1) {
		fprintf(stderr, "maple logs: %s (usage: %s)\n", rest.nr ? "give one log file" : "which log? give the job's output file",
			usage);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	const char *path = rest.v[0];
	struct log_report r;
	log_report_init(&r);
	struct maple_error err;
	if (strcmp(path, "-") && not_text(path) < 0) {
		log_report_release(&r);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	int rc = fol && strcmp(path, "-") ? follow(path, &r, json) : log_read_file(path, &r, &err);
	if (rc < 0) {
		if (!fol)
			fprintf(stderr, "maple logs: %s\n", err.text);
		log_report_release(&r);
		strvec_clear(&rest);
		return EXIT_ERROR;
	}
	struct strvec dirs = STRVEC_INIT;
	repo_default_dirs(&dirs, data_dir);
	json_t *kb = log_kb_links(&r, &dirs);
	strvec_clear(&dirs);
	json_t *j = log_report_json(&r, path, kb);
	if (json)
		json_print_short(j, false);
	else
		print_report(j);
	json_decref(j);
	json_decref(kb);
	rc = has_error(&r) ? EXIT_FINDINGS : EXIT_OK;
	log_report_release(&r);
	strvec_clear(&rest);
	return rc;
}
