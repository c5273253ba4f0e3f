/* host_resources.c - the host memory and CPU cores a request says each node needs: Slurm's "--mem=512G" (per
 * node), "each needs 200 GB of host RAM", "256 GB of memory per node", "128 cores per node", "(so 128 cores)"
 * after a task layout and "--cpus-per-task=16" times the tasks ("8 tasks with --cpus-per-task=16 each") as the
 * job's cores, over its nodes.
 * They decide nothing of the script; the rules (rules.c) refuse a request whose nodes cannot hold them. Said of
 * a pasted script's directives, of another system or taken back, they are not read ("--mem=0": all of it). */
#include "reader.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* A size in GB written from text[p]: "512G", "200GB", "1.5T", "2048M" (Slurm's unit letters; no letter is MB,
 * Slurm's default unit); *end after it. -1 when none. */
static long size_gb_at(const char *s, size_t p, size_t len, size_t *end)
{
	size_t q = p;
	while (q < len && isdigit((unsigned char)s[q]))
		q++;
	if (q == p || q - p > 7)
		return -1;
	long v = strtol(s + p, NULL, 10);
	char u = q < len ? (char)tolower((unsigned char)s[q]) : 0;
	size_t e = q;
	if (u == 'g' || u == 't' || u == 'm' || u == 'k') {
		e++;
		if (e < len && (s[e] == 'b' || s[e] == 'B'))
			e++;
		if (e + 1 < len && (s[e] == 'i' || s[e] == 'I') && (s[e + 1] == 'b' || s[e + 1] == 'B'))
			e += 2;
	} else {
		u = 'm';
	}
	if (e < len && isalnum((unsigned char)s[e]))
		return -1;
	*end = e;
	return u == 't' ? v * 1024 : u == 'g' ? v : u == 'm' ? v / 1024 : v / (1024 * 1024);
}

/* Whether token k may be read as the job's own words: not a pasted script's directive or launch line, not said of
 * another system, not taken back. */
static bool own_words(const struct ctx *c, size_t k)
{
	const struct tok *t = &c->t[k];
	return !t->neg && !t->source && !t->copied && !rd_directive_line_at(c, t->start) && !rd_command_line_at(c, t->start);
}

/* The token that holds text offset p, or c->n. */
static size_t tok_at(const struct ctx *c, size_t p)
{
	for (size_t k = 0; k < c->n; k++)
		if (c->t[k].start <= p && p < c->t[k].end)
			return k;
	return c->n;
}

/* "--mem=512G", "--mem 200G": Slurm's memory of each node. */
static void slurm_mem(struct ctx *c)
{
	for (const char *m = c->text; (m = strstr(m, "--mem")) != NULL; m += 5) {
		size_t p = (size_t)(m - c->text) + 5;
		if (p < c->len && (c->text[p] == '-' || isalpha((unsigned char)c->text[p])))
			continue; /* --mem-per-cpu, --mem-per-gpu: another measure */
		if (p < c->len && (c->text[p] == '=' || c->text[p] == ' '))
			p++;
		size_t e;
		long gb = size_gb_at(c->text, p, c->len, &e);
		size_t k = tok_at(c, (size_t)(m - c->text));
		if (gb <= 0 || k == c->n || !own_words(c, k)) /* (--mem=0: all the node's memory) */
			continue;
		if (!c->req->mem_per_node_gb)
			c->req->mem_per_node_gb = (int)(gb < 1000000 ? gb : 1000000);
	}
}

/* "200 GB of host RAM", "256 GB of memory per node", "512GB RAM each": a node's memory, said with a word of the
 * host ("host", "cpu", "system", "node", "per node", "each"), never of the GPUs ("80 GB of GPU memory"). */
static void memory_words(struct ctx *c)
{
	static const char *const mem[] = {"ram", "memory", "mem", "dram", NULL};
	static const char *const host[] = {"host", "cpu", "system", "node", "main", NULL};
	static const char *const gpu[] = {"gpu", "gpus", "hbm", "vram", "device", "a100", "h100", NULL};
	for (size_t k = 0; k + 1 < c->n && !c->req->mem_per_node_gb; k++) {
		size_t e;
		long gb = -1;
		size_t u = k;
		if (c->t[k].is_num && k + 1 < c->n &&
		    (rd_is(c, k + 1, "gb") || rd_is(c, k + 1, "gib") || rd_is(c, k + 1, "tb") || rd_is(c, k + 1, "g"))) {
			gb = (long)c->t[k].num * (rd_is(c, k + 1, "tb") ? 1024 : 1);
			u = k + 1;
		} else if (isdigit((unsigned char)c->t[k].norm[0])) {
			gb = size_gb_at(c->t[k].norm, 0, strlen(c->t[k].norm), &e);
			if (gb > 0 && e != strlen(c->t[k].norm))
				gb = -1;
			if (strspn(c->t[k].norm, "0123456789") == strlen(c->t[k].norm))
				gb = -1; /* a bare number: no unit, no memory */
		}
		if (gb <= 0 || !own_words(c, k))
			continue;
		size_t w = u + 1;
		if (rd_is(c, w, "of"))
			w++;
		bool host_said = false, gpu_said = false;
		while (w < c->n && w <= u + 3 && !rd_is_any(c, w, mem)) {
			host_said = host_said || rd_is_any(c, w, host);
			gpu_said = gpu_said || rd_is_any(c, w, gpu);
			w++;
		}
		if (w >= c->n || !rd_is_any(c, w, mem) || gpu_said || (k > 0 && rd_is_any(c, k - 1, gpu)))
			continue;
		/* "per node", "each", "on each node" after it, or "each" / "per node" before it in its clause */
		bool per_node = host_said || rd_is(c, w + 1, "each") ||
				((rd_is(c, w + 1, "per") || rd_is(c, w + 1, "a")) && w + 2 < c->n && is_node_unit(c->t[w + 2].norm));
		for (size_t q = k; q > 0 && k - q < 4 && !per_node && !rd_sentence_end_after(c, q - 1); q--)
			per_node = rd_is(c, q - 1, "each") || rd_is(c, q - 1, "every");
		if (per_node)
			c->req->mem_per_node_gb = (int)(gb < 1000000 ? gb : 1000000);
	}
}

/* "128 cores per node", "(so 128 cores)" after a task layout, "--cpus-per-task=16" times "8 tasks" on one line. */
static void cores(struct ctx *c)
{
	static const char *const core[] = {"cores", "cpu-cores", "cpus", NULL};
	for (size_t k = 0; k + 1 < c->n && !c->req->cpus_per_node; k++) {
		if (!c->t[k].is_num || c->t[k].num_word || c->t[k].num < 1 || c->t[k].num > 100000 || !own_words(c, k))
			continue;
		size_t u = k + 1;
		if (rd_is(c, u, "cpu"))
			u++;
		if (!rd_is_any(c, u, core))
			continue;
		bool per_node = ((rd_is(c, u + 1, "per") || rd_is(c, u + 1, "on") || rd_is(c, u + 1, "a")) &&
				 (is_node_unit(rd_norm_at(c, u + 2)) || (rd_is(c, u + 2, "each") && is_node_unit(rd_norm_at(c, u + 3))))) ||
				rd_is(c, u + 1, "each");
		if (per_node)
			c->req->cpus_per_node = (int)c->t[k].num;
		else if (k > 0 && rd_is(c, k - 1, "so") && c->text[c->t[k - 1].start] == '(' && !c->req->cpus_total)
			c->req->cpus_total = (int)c->t[k].num; /* "(so 128 cores)": the job's, over its nodes */
	}
	if (c->req->cpus_per_node || c->req->cpus_total)
		return;
	/* "8 tasks with --cpus-per-task=16 each" */
	for (size_t k = 0; k + 2 < c->n; k++) {
		if (!c->t[k].is_num || c->t[k].num_word || !rd_is_any(c, k + 1, (const char *const[]){"tasks", "ranks", "processes", NULL}) ||
		    !own_words(c, k))
			continue;
		for (size_t q = k + 2; q + 1 < c->n && q <= k + 6 && !rd_newline_between(c, q - 1, q); q++)
			if (rd_is(c, q, "--cpus-per-task") && c->t[q + 1].is_num && c->t[q + 1].num >= 1 && c->t[q + 1].num <= 1024 &&
			    c->t[k].num <= 1024) {
				c->req->cpus_total = (int)(c->t[k].num * c->t[q + 1].num);
				return;
			}
	}
}

void rd_read_host_resources(struct ctx *c)
{
	slurm_mem(c);
	memory_words(c);
	cores(c);
}
