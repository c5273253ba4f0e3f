/* program_blocks.c - a training program's own configuration pasted with a request: a Lightning trainer
 * section ("trainer:\n  devices: 8\n  num_nodes: 4"), an accelerate or DeepSpeed config, a TOML or JSON
 * training config, the arguments a program printed ("rank=0 world_size=4 lr=3e-4"), a parenthesis quoting
 * such keys in a sentence ("(num_machines: 1, num_processes: 4)"). Such a block says how the program ran
 * or is configured, not what the request asks: the form layer (form_apply.c) ranks its counts below the
 * request's words, keeps its walltime only for when the words give none, drops its timeouts (a
 * collective's timeout is not the job's time limit) and ranks its ZeRO stage below the words.
 *
 * The same holds for what a past run printed of itself (seff's "Job Wall-clock time: 03:12:44", IPython's
 * "CPU times: ... Wall time: 3h 12min"): its time was measured, not asked for.
 *
 * A block is a fenced code block, a JSON object, a parenthesis holding key-value pairs, or a run of
 * consecutive key-value lines. It is the program's when one of its keys is in data/lexicon's
 * program_config_keys and none names the request's own cluster, account, queue or walltime, or when one
 * is in run_output_keys and none names a cluster, account or queue. */
#include "extract.h"
#include "reader.h"
#include "vocab.h"

#include "../util/byteset.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static bool key_char(char ch)
{
	return isalnum((unsigned char)ch) || ch == '_' || ch == '.' || ch == '-';
}

/* The key that ends at s[e) (exclusive) and starts after a separator: [*ka, e). */
static bool key_before(const char *s, size_t lo, size_t e, size_t *ka)
{
	size_t a = e;
	while (a > lo && key_char(s[a - 1]))
		a--;
	if (a == e || !isalpha((unsigned char)s[a]))
		return false;
	if (a > lo && !strchr(" \t\n{,([\"'-", s[a - 1]))
		return false;
	*ka = a;
	return true;
}

struct tally {
	bool program, output, request, site;
};

/* Classifies the key s[a, e) into t; lo: where the block starts (a key of words is read back to its line's
 * start: "CPU times:", "Job Wall-clock time:"). */
static void classify(const char *s, size_t lo, size_t a, size_t e, struct tally *t)
{
	char key[64];
	size_t w = a;
	for (int words = 0; words < 3 && w > lo + 1 && s[w - 1] == ' ' && isalpha((unsigned char)s[w - 2]); words++) {
		size_t p = w - 1;
		while (p > lo && (isalpha((unsigned char)s[p - 1]) || s[p - 1] == '-'))
			p--;
		if (p > lo && s[p - 1] != '\n' && s[p - 1] != ' ' && s[p - 1] != '\t')
			break;
		w = p;
	}
	if (w < a && e - w < sizeof(key)) { /* the words before the key, as one key ("cpu_times") */
		size_t n = 0;
		for (size_t i = w; i < e; i++)
			key[n++] = s[i] == ' ' ? '_' : (char)tolower((unsigned char)s[i]);
		key[n] = '\0';
		if (vocab_in(VL_RUN_OUTPUT_KEY, key)) {
			t->output = true;
			return;
		}
	}
	size_t n = e - a;
	if (n >= sizeof(key))
		return;
	for (size_t i = 0; i < n; i++)
		key[i] = (char)tolower((unsigned char)s[a + i]);
	key[n] = '\0';
	if (vocab_in(VL_RUN_OUTPUT_KEY, key)) {
		t->output = true;
		return;
	}
	/* a dotted key ("trainer.devices", "zero_optimization.stage"): its last part names the field */
	const char *last = strrchr(key, '.');
	const char *k = last && last[1] ? last + 1 : key;
	if (vocab_in(VL_PROGRAM_KEY, key) || vocab_in(VL_PROGRAM_KEY, k)) {
		t->program = true;
		return;
	}
	enum vkey vk = vocab_key(k);
	if (vk == VK_CLUSTER || vk == VK_ACCOUNT || vk == VK_QUEUE || vk == VK_WALLTIME)
		t->request = true;
	if (vk == VK_CLUSTER || vk == VK_ACCOUNT || vk == VK_QUEUE)
		t->site = true;
}

/* Reads the keys of text[a, b) into t: a word followed by ':' or '=' (a quote between them allowed), not a
 * URL's "://" or a comparison's "=="; and a key of a printed table followed by a dotted leader
 * ("zero_optimization_stage ...... 2"). */
static void tally_keys(const char *s, size_t a, size_t b, struct tally *t)
{
	for (size_t i = a; i < b; i++) {
		size_t e = i, ka;
		if (s[i] == ':' || s[i] == '=') {
			if ((s[i] == ':' && i + 1 < b && s[i + 1] == '/') || (s[i] == '=' && i + 1 < b && s[i + 1] == '=') ||
			    (i > a && (s[i - 1] == '=' || s[i - 1] == '!' || s[i - 1] == '<' || s[i - 1] == '>')))
				continue;
			while (e > a && (s[e - 1] == ' ' || s[e - 1] == '\t'))
				e--;
			if (e > a && (s[e - 1] == '"' || s[e - 1] == '\''))
				e--;
		} else if (s[i] == '.' && i + 2 < b && s[i + 1] == '.' && s[i + 2] == '.' && i > a && s[i - 1] == ' ') {
			e = i - 1;
			while (i < b && s[i] == '.')
				i++;
		} else {
			continue;
		}
		if (key_before(s, a, e, &ka))
			classify(s, a, ka, e, t);
	}
}

static void printed_stage(struct ctx *c, size_t a, size_t b);

static void add_block(struct ctx *c, size_t a, size_t b)
{
	if (b <= a || c->nprogram >= sizeof(c->program_a) / sizeof(c->program_a[0]))
		return;
	struct tally t = {false, false, false, false};
	tally_keys(c->text, a, b, &t);
	/* (a past run's printed measures - seff's, %time's - are a run's, whatever time they name) */
	if (!((t.program && !t.request) || (t.output && !t.site)))
		return;
	printed_stage(c, a, b);
	c->program_a[c->nprogram] = a;
	c->program_b[c->nprogram] = b;
	c->nprogram++;
}

/* A line of keys and values: "key: value", "key = value", "  - key: v", "\"key\": v,", "[section]",
 * a brace or bracket alone, or two or more key=value pairs ("rank=0 world_size=4"). */
bool rd_config_line(const char *s, size_t a, size_t b)
{
	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r'))
		b--;
	if (a == b)
		return false;
	if (s[a] == '[' && s[b - 1] == ']')
		return true;
	if (strchr("{}[]", s[a]) && b - a <= 2)
		return true;
	size_t i = a;
	if (s[i] == '-' && i + 1 < b && s[i + 1] == ' ')
		i += 2;
	if (i < b && (s[i] == '"' || s[i] == '\''))
		i++;
	size_t w = i;
	while (i < b && key_char(s[i]))
		i++;
	/* (a key of up to six words: "CPU times:", "Job Wall-clock time:", "Instantaneous batch size per device =") */
	for (int words = 0; words < 5 && i + 1 < b && s[i] == ' ' && isalpha((unsigned char)s[i + 1]); words++) {
		size_t j = i + 1;
		while (j < b && (isalpha((unsigned char)s[j]) || s[j] == '-'))
			j++;
		if (j < b && s[j] != ' ' && s[j] != ':')
			break;
		i = j;
	}
	if (i > w && isalpha((unsigned char)s[w])) {
		size_t j = i;
		if (j < b && (s[j] == '"' || s[j] == '\''))
			j++;
		while (j < b && (s[j] == ' ' || s[j] == '\t'))
			j++;
		if (j < b && ((s[j] == ':' && !(j + 1 < b && s[j + 1] == '/')) || (s[j] == '=' && !(j + 1 < b && s[j + 1] == '='))))
			return true;
	}
	/* a printed configuration: "[INFO] [config.py:1007:print]   zero_optimization_stage ...... 2" */
	for (size_t q = a + 1; q + 3 < b; q++)
		if (s[q] == ' ' && s[q + 1] == '.' && s[q + 2] == '.' && s[q + 3] == '.' && key_char(s[q - 1]))
			return true;
	int pairs = 0;
	for (size_t q = a + 1; q + 1 < b; q++)
		if (s[q] == '=' && key_char(s[q - 1]) && s[q + 1] != '=' && s[q + 1] != ' ')
			pairs++;
	return pairs >= 2;
}

static bool has(const char *s, size_t a, size_t b, const char *what)
{
	return b > a && mem_find(s + a, b - a, what, strlen(what)) != NULL;
}

/* A line a running program printed: a progress bar ("3125/3125 [41:22<00:00, 1.26it/s]", "45%|####|"), a
 * log record's prefix ("[INFO]", "INFO:", "[rank0]:", "2024-05-01 12:00:03"), or the devices it found
 * listed ("Using 3 GPUs: [0, 1, 2]"). */
static bool log_line(const char *s, size_t a, size_t b)
{
	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	if (has(s, a, b, "it/s]") || has(s, a, b, "s/it]") || (has(s, a, b, "%|") && memchr(s + a, '[', b - a)))
		return true;
	static const char *const prefix[] = {"[INFO", "INFO:", "INFO ", "[WARNING", "WARNING:", "[rank", "[W ", "[I ", "[E ",
					     "DEBUG:", "[DEBUG", "[default", NULL};
	for (size_t k = 0; prefix[k]; k++)
		if (b - a >= strlen(prefix[k]) && !strncmp(s + a, prefix[k], strlen(prefix[k])))
			return true;
	if (b - a >= 16 && isdigit((unsigned char)s[a]) && s[a + 4] == '-' && s[a + 7] == '-' &&
	    (s[a + 10] == ' ' || s[a + 10] == 'T') && s[a + 13] == ':')
		return true;
	if (b - a > 10 && !strncmp(s + a, "Using ", 6) && isdigit((unsigned char)s[a + 6])) {
		const char *colon = memchr(s + a, ':', b - a);
		if (colon && colon + 2 < s + b && colon[1] == ' ' && colon[2] == '[')
			return true;
	}
	return false;
}

/* A line of Python source ("import torch", "def main():", "model = nn.DataParallel(model)  # 8 GPUs on
 * ...", "dist.init_process_group(\"nccl\")"): what its comments count is the code's machine. */
static bool code_line(const char *s, size_t a, size_t b)
{
	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	static const char *const heads[] = {"import ", "def ", "class ", "return ", "with torch.", "if __name__", NULL};
	for (size_t k = 0; heads[k]; k++)
		if (b - a > strlen(heads[k]) && !strncmp(s + a, heads[k], strlen(heads[k])))
			return true;
	/* a decorator: "@torch.no_grad()", "@hydra.main(config_path=...)" alone on its line (not "@bob Delta ...",
	 * a chat's mention) */
	if (s[a] == '@' && b - a > 2 && isalpha((unsigned char)s[a + 1])) {
		size_t q = a + 1;
		while (q < b && (isalnum((unsigned char)s[q]) || s[q] == '_' || s[q] == '.'))
			q++;
		while (b > q && (s[b - 1] == ' ' || s[b - 1] == '\r'))
			b--;
		return q == b || s[q] == '(';
	}
	if (b - a > 12 && !strncmp(s + a, "from ", 5) && has(s, a, b, " import "))
		return true;
	/* NAME[.NAME] = NAME[.NAME](...), NAME[.NAME](...) */
	size_t i = a;
	while (i < b && (isalnum((unsigned char)s[i]) || s[i] == '_' || s[i] == '.' || s[i] == ',' || s[i] == ' '))
		i++;
	if (i == a || (!isalpha((unsigned char)s[a]) && s[a] != '_'))
		return false;
	if (i < b && s[i] == '(' && !memchr(s + a, ' ', i - a) && memchr(s + a, '.', i - a))
		return true; /* "dist.init_process_group(" */
	if (i < b && s[i] == '=' && i + 1 < b && s[i + 1] != '=') {
		size_t j = i + 1;
		while (j < b && s[j] == ' ')
			j++;
		size_t w = j;
		while (j < b && (isalnum((unsigned char)s[j]) || s[j] == '_' || s[j] == '.'))
			j++;
		return j > w && j < b && s[j] == '(' && isalpha((unsigned char)s[w]);
	}
	return false;
}

static size_t line_end(const char *s, size_t i, size_t n)
{
	const char *nl = memchr(s + i, '\n', n - i);
	return nl ? (size_t)(nl - s) : n;
}

static bool fence_line(const char *s, size_t a, size_t b)
{
	while (a < b && (s[a] == ' ' || s[a] == '\t'))
		a++;
	return b - a >= 3 && !strncmp(s + a, "```", 3);
}

/* The index after the '}' that closes the object opening at s[i], or 0 (quotes respected). */
static size_t object_close(const char *s, size_t i, size_t n)
{
	int depth = 0;
	char q = 0;
	for (; i < n; i++) {
		char ch = s[i];
		if (q) {
			if (ch == '\\' && i + 1 < n)
				i++;
			else if (ch == q)
				q = 0;
		} else if (ch == '"') {
			q = ch;
		} else if (ch == '{') {
			depth++;
		} else if (ch == '}' && --depth == 0) {
			return i + 1;
		}
	}
	return 0;
}

void rd_find_program_blocks(struct ctx *c)
{
	const char *s = c->text;
	size_t n = c->len;
	c->nprogram = 0;
	/* fenced code blocks and runs of key-value lines */
	size_t i = 0, run_a = 0;
	bool in_run = false;
	while (i < n) {
		size_t e = line_end(s, i, n);
		if (fence_line(s, i, e)) {
			if (in_run)
				add_block(c, run_a, i), in_run = false;
			size_t body = e < n ? e + 1 : n, j = body;
			while (j < n) {
				size_t je = line_end(s, j, n);
				if (fence_line(s, j, je))
					break;
				j = je < n ? je + 1 : n;
			}
			add_block(c, body, j);
			i = j < n ? line_end(s, j, n) : n;
			i = i < n ? i + 1 : n;
			continue;
		}
		if (rd_config_line(s, i, e)) {
			if (!in_run)
				run_a = i, in_run = true;
		} else if (in_run) {
			add_block(c, run_a, i);
			in_run = false;
		}
		i = e < n ? e + 1 : n;
	}
	if (in_run)
		add_block(c, run_a, n);
	/* what a running program printed, and the program's own source: the line */
	for (size_t p = 0; p < n;) {
		size_t e = line_end(s, p, n);
		if ((log_line(s, p, e) || code_line(s, p, e)) && c->nprogram < sizeof(c->program_a) / sizeof(c->program_a[0])) {
			struct tally t = {false, false, false, false};
			tally_keys(s, p, e, &t);
			if (t.site)
				;
			else if (c->nprogram && c->program_b[c->nprogram - 1] + 1 == p) /* the run of them, one block */
				c->program_b[c->nprogram - 1] = e;
			else
				c->program_a[c->nprogram] = p, c->program_b[c->nprogram] = e, c->nprogram++;
		}
		p = e < n ? e + 1 : n;
	}
	/* JSON objects, outermost ones */
	for (size_t p = 0; p < n; p++) {
		if (s[p] != '{')
			continue;
		size_t end = object_close(s, p, n);
		if (!end)
			continue;
		/* with the key it is the value of on its line ("zero_optimization": {"stage": 2}) */
		size_t start = p;
		while (start > 0 && (s[start - 1] == ' ' || s[start - 1] == '\t'))
			start--;
		if (start > 0 && s[start - 1] == ':') {
			size_t k = start - 1;
			if (k > 0 && (s[k - 1] == '"' || s[k - 1] == '\''))
				k--;
			size_t ka = k;
			while (ka > 0 && key_char(s[ka - 1]))
				ka--;
			if (ka < k && ka > 0 && (s[ka - 1] == '"' || s[ka - 1] == '\''))
				ka--;
			if (ka < k)
				start = ka;
		}
		add_block(c, start, end);
		p = end - 1;
	}
	/* a parenthesis of key-value pairs on one line (matches found in one pass: rd_paren_matches) */
	size_t *match = rd_paren_matches(s, n);
	for (size_t p = 0; match && p < n; p++) {
		if (s[p] != '(' || match[p] == SIZE_MAX)
			continue;
		size_t q = match[p] + 1;
		if (memchr(s + p, ':', q - p) == NULL && memchr(s + p, '=', q - p) == NULL)
			continue;
		add_block(c, p + 1, q - 1);
	}
	free(match);
}

/* A ZeRO stage a printed configuration gives ("zero_optimization_stage ...... 2", DeepSpeed's engine
 * dump), which the form layer does not read: where the words name none. */
static void printed_stage(struct ctx *c, size_t a, size_t b)
{
	const char *s = c->text;
	for (size_t i = a; i + 3 < b && !c->zero_config; i++) {
		if (!(s[i] == ' ' && s[i + 1] == '.' && s[i + 2] == '.' && s[i + 3] == '.'))
			continue;
		size_t ka;
		if (!key_before(s, a, i, &ka))
			continue;
		char key[64];
		if (i - ka >= sizeof(key))
			continue;
		for (size_t q = ka; q < i; q++)
			key[q - ka] = (char)tolower((unsigned char)s[q]);
		key[i - ka] = '\0';
		size_t v = i + 1;
		while (v < b && (s[v] == '.' || s[v] == ' '))
			v++;
		if (vocab_key(key) == VK_ZERO_STAGE && v < b && s[v] >= '0' && s[v] <= '3' && (v + 1 == b || !isalnum((unsigned char)s[v + 1])))
			c->zero_config = s[v] == '0' ? -1 : s[v] - '0';
	}
}

bool rd_program_block_at(const struct ctx *c, size_t pos)
{
	for (size_t i = 0; i < c->nprogram; i++)
		if (pos >= c->program_a[i] && pos < c->program_b[i])
			return true;
	return false;
}
