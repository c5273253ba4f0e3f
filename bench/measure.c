/* measure.c - the benchmark's timer: runs a command many times, one process each, and reports
 * the wall time of every run (fork to reap) and the peak resident set size (ru_maxrss from wait4).
 *
 *   measure [-n RUNS] [-w WARMUP] [-i LINES] -- PROG ARG...
 *
 * With -i, run k appends line (k mod count) of the file LINES as the last argument, so one file of
 * requests drives many runs. The child's stdout and stderr go to /dev/null. Prints key=value lines:
 * runs, failed (exit status not 0), median_ms, p90_ms, mean_ms, min_ms, max_ms, maxrss_kb.
 * Built on the fly by bench/run.sh (cc -O2 -o DIR/measure bench/measure.c); not part of maple. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Runs argv once; returns the wall time in ms, stores the exit status and ru_maxrss (KiB). */
static double run_once(char **argv, int *status, long *maxrss, double *cpu)
{
	double t0 = now_ms();
	pid_t pid = fork();
	if (pid < 0) {
		perror("measure: fork");
		exit(2);
	}
	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);
		if (null >= 0) {
			dup2(null, 1);
			dup2(null, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	struct rusage ru;
	if (wait4(pid, status, 0, &ru) < 0) {
		perror("measure: wait4");
		exit(2);
	}
	double t = now_ms() - t0;
	*maxrss = ru.ru_maxrss;
	*cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
	return t;
}

static char **read_lines(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		perror(path);
		exit(2);
	}
	char **v = NULL, *line = NULL;
	size_t cap = 0, nr = 0, alloc = 0;
	ssize_t len;
	while ((len = getline(&line, &cap, f)) >= 0) {
		while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
			line[--len] = '\0';
		if (!len || line[0] == '#')
			continue;
		if (nr == alloc) {
			alloc = alloc ? 2 * alloc : 64;
			v = realloc(v, alloc * sizeof(*v));
			if (!v)
				exit(2);
		}
		v[nr++] = strdup(line);
	}
	free(line);
	fclose(f);
	*n = nr;
	return v;
}

int main(int argc, char **argv)
{
	long runs = 1, warmup = 0;
	const char *input = NULL;
	int opt;
	while ((opt = getopt(argc, argv, "+n:w:i:")) != -1) {
		switch (opt) {
		case 'n': runs = atol(optarg); break;
		case 'w': warmup = atol(optarg); break;
		case 'i': input = optarg; break;
		default:
			fprintf(stderr, "usage: measure [-n RUNS] [-w WARMUP] [-i LINES] -- PROG ARG...\n");
			return 2;
		}
	}
	if (optind >= argc || runs < 1) {
		fprintf(stderr, "usage: measure [-n RUNS] [-w WARMUP] [-i LINES] -- PROG ARG...\n");
		return 2;
	}
	int nargs = argc - optind;
	char **cmd = calloc((size_t)nargs + 2, sizeof(*cmd));
	if (!cmd)
		return 2;
	memcpy(cmd, argv + optind, (size_t)nargs * sizeof(*cmd));
	size_t nlines = 0;
	char **lines = input ? read_lines(input, &nlines) : NULL;
	if (input && !nlines) {
		fprintf(stderr, "measure: %s has no lines\n", input);
		return 2;
	}

	double *t = malloc((size_t)runs * sizeof(*t)), *c = malloc((size_t)runs * sizeof(*c));
	if (!t || !c)
		return 2;
	long failed = 0, maxrss = 0;
	for (long k = -warmup; k < runs; k++) {
		size_t idx = (size_t)(k < 0 ? k + warmup : k);
		if (lines)
			cmd[nargs] = lines[idx % nlines];
		int status;
		long rss;
		double cpu;
		double ms = run_once(cmd, &status, &rss, &cpu);
		if (k < 0)
			continue;
		t[k] = ms;
		c[k] = cpu;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
			if (failed < 3)
				fprintf(stderr, "measure: run %ld failed (status %d)%s%s\n", k,
					WIFEXITED(status) ? WEXITSTATUS(status) : -1, lines ? ": " : "",
					lines ? cmd[nargs] : "");
			failed++;
		}
		if (rss > maxrss)
			maxrss = rss;
	}
	double sum = 0;
	for (long k = 0; k < runs; k++)
		sum += t[k];
	qsort(t, (size_t)runs, sizeof(*t), cmp_double);
	double median = runs % 2 ? t[runs / 2] : (t[runs / 2 - 1] + t[runs / 2]) / 2;
	qsort(c, (size_t)runs, sizeof(*c), cmp_double);
	double cpu_median = runs % 2 ? c[runs / 2] : (c[runs / 2 - 1] + c[runs / 2]) / 2;
	long p90i = (long)((runs * 9 + 9) / 10) - 1; /* nearest rank: ceil(0.9 n) - 1 */
	printf("runs=%ld\nfailed=%ld\nmedian_ms=%.3f\np90_ms=%.3f\nmean_ms=%.3f\nmin_ms=%.3f\nmax_ms=%.3f\n"
	       "maxrss_kb=%ld\ncpu_ms=%.3f\n",
	       runs, failed, median, t[p90i], sum / runs, t[0], t[runs - 1], maxrss, cpu_median);
	free(t);
	free(c);
	free(cmd);
	if (lines) {
		for (size_t i = 0; i < nlines; i++)
			free(lines[i]);
		free(lines);
	}
	return 0;
}
