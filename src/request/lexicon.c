/* lexicon.c - word lists for the request reader. Keep lists sorted by meaning, not alphabet. */
#include "lexicon.h"

#include <stdlib.h>
#include <string.h>

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Word lists are NULL-terminated static arrays; each gets a sorted copy on first use so that a
 * look-up is a binary search (the reader asks thousands of times per request). */
bool word_in(const char *w, const char *const *list)
{
	static struct {
		const char *const *list;
		const char **sorted;
		size_t n;
	} cache[48];
	static size_t ncache;
	size_t i;
	for (i = 0; i < ncache; i++)
		if (cache[i].list == list)
			break;
	if (i == ncache) {
		size_t n = 0;
		while (list[n])
			n++;
		if (n < 8 || ncache == sizeof(cache) / sizeof(cache[0])) {
			for (; *list; list++)
				if (!strcmp(w, *list))
					return true;
			return false;
		}
		const char **sorted = malloc(n * sizeof(*sorted));
		if (!sorted)
			abort();
		memcpy(sorted, list, n * sizeof(*sorted));
		qsort(sorted, n, sizeof(*sorted), cmp_str);
		cache[ncache].list = list;
		cache[ncache].sorted = sorted;
		cache[ncache].n = n;
		ncache++;
	}
	return bsearch(&w, cache[i].sorted, cache[i].n, sizeof(char *), cmp_str) != NULL;
}

static bool in(const char *w, const char *const *list)
{
	return word_in(w, list);
}

int number_word(const char *w)
{
	static const char *const ones[] = {"zero-not-used", "one", "two", "three", "four", "five", "six", "seven",
					   "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen",
					   "sixteen", "seventeen", "eighteen", "nineteen", NULL};
	static const char *const tens[] = {"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
					   "ninety", NULL};
	for (int i = 1; ones[i]; i++)
		if (!strcmp(w, ones[i]))
			return i;
	for (int i = 0; tens[i]; i++)
		if (!strcmp(w, tens[i]))
			return 20 + 10 * i;
	if (!strcmp(w, "dozen") || !strcmp(w, "twelve"))
		return 12;
	if (!strcmp(w, "hundred"))
		return 100;
	if (!strcmp(w, "dual") || !strcmp(w, "pair") || !strcmp(w, "couple") || !strcmp(w, "both"))
		return 2;
	if (!strcmp(w, "quad"))
		return 4;
	return 0;
}

static int cmp_ch(const void *a, const void *b)
{
	return *(const char *)a - *(const char *)b;
}

/* "ndoes", "gpsu": the same letters as a unit word, swapped (a typo, not another word). */
static bool anagram_of(const char *w, const char *const *list)
{
	size_t l = strlen(w);
	if (l < 4 || l > 15)
		return false;
	if (!strchr("ndgp", w[0]) && !strchr("ndgp", w[1]))
		return false; /* a swap moves at most one of the first two letters */
	char a[16], b[16];
	memcpy(a, w, l + 1);
	qsort(a, l, 1, cmp_ch);
	for (; *list; list++) {
		if (strlen(*list) != l)
			continue;
		memcpy(b, *list, l + 1);
		qsort(b, l, 1, cmp_ch);
		if (!strcmp(a, b) && edit_distance(w, *list) <= 1) /* one swap of neighbours */
			return true;
	}
	return false;
}

bool is_node_unit(const char *w)
{
	static const char *const u[] = {"node", "nodes", "server", "servers", "machine", "machines", "host",
					"hosts", "box", "boxes", "computenode", "computenodes", "compute-node",
					"compute-nodes", NULL};
	static const char *const typo_base[] = {"node", "nodes", NULL};
	return in(w, u) || anagram_of(w, typo_base);
}

bool is_gpu_unit(const char *w)
{
	static const char *const u[] = {"gpus", "gpu's", "card", "cards", "device", "devices", "accelerator",
					"accelerators", "a100s", "h100s", "h200s", "v100s", "a40s", "gh200s",
					"mi250xs", "mi250x", "gcd", "gcds", "tile", "tiles", "xpu", "xpus", "pvcs",
					"graphics", "a100", "h100", "h200", "v100", "gh200", "a40", "superchips",
					"superchip", "gpus.", "ranks", "rank", "processes", "workers", NULL};
	static const char *const typo_base[] = {"gpus", NULL};
	/* "gpu" alone is ambiguous ("gpu node"); callers check it where it counts */
	return in(w, u) || anagram_of(w, typo_base);
}

int duration_unit(const char *w)
{
	static const char *const hours[] = {"h", "hr", "hrs", "hour", "hours", "hs", NULL};
	static const char *const mins[] = {"m", "min", "mins", "minute", "minutes", "mn", NULL};
	static const char *const days[] = {"d", "day", "days", NULL};
	if (in(w, hours))
		return 60;
	if (in(w, mins))
		return 1;
	if (in(w, days))
		return 1440;
	return 0;
}

bool model_family(const char *w)
{
	static const char *const fam[] = {
		"vit",	      "deit",	     "swin",	  "resnet",	 "resnext",	"efficientnet", "convnext",
		"unet",	      "u-net",	     "bert",	  "roberta",	 "distilbert", "albert",	"electra",
		"deberta",    "t5",	     "flan-t5",	  "bart",	 "gpt",	       "gpt2",		"gpt-2",
		"gpt-j",      "gptj",	     "gpt-neo",	  "gpt-neox",	 "nanogpt",    "llama",		"llama2",
		"llama3",     "codellama",   "mistral",	  "mixtral",	 "gemma",      "qwen",		"qwen2",
		"phi",	      "falcon",	     "bloom",	  "opt",	 "pythia",     "mamba",		"whisper",
		"clip",	      "dit",	     "megatron",  "yolo",	 "yolov8",     "mae",		"dino",
		"dinov2",     "olmo",	     "starcoder", "stablelm",	 "sdxl",       "wav2vec2",	"hubert",
		"segformer",  "detr",	     "mobilenet", "vgg",	 "alexnet",    "densenet",	"inception",
		"transformer", "xlnet",	     "longformer", "bigbird",	 "graphcast",  "fourcastnet",	"alphafold",
		"esm",	      "esm2",	     "deepseek",  "smollm",	 "tinyllama",  "cosmos",	"sam",
		NULL};
	for (const char *const *f = fam; *f; f++) {
		size_t l = strlen(*f);
		if (strncmp(w, *f, l))
			continue;
		char next = w[l];
		if (next == '\0' || next == '-' || next == '_' || next == '.' || next == '/' || (next >= '0' && next <= '9'))
			return true;
	}
	return false;
}

const char *const english_stopwords[] = {
	"a",	 "an",	  "the",   "and",     "or",	 "but",	 "on",	  "in",	   "at",    "to",     "for",   "of",
	"with",	 "using", "use",   "via",     "by",	 "from", "into",  "onto",  "over",  "across", "under", "is",
	"are",	 "be",	  "was",   "were",    "it",	 "its",	 "my",	  "our",   "your",  "their",  "this",  "that",
	"these", "those", "i",	   "we",      "you",	 "me",	 "please", "can",  "could", "would",  "should", "will",
	"want",	 "need",  "like",  "run",     "train",	 "training", "job", "jobs", "script", "file", "code",
	"model", "each",  "per",   "total",   "all",	 "some", "any",	  "default", "which", "what", "as",  "so",
	"then",	 "also",  "time",  "hours",   "minutes", "days", "queue", "partition", "account", "allocation",
	"project", "do",  "does",  "make",    "give",	 "set",	 "get",	  "have",  "has",   "up",     "out",  "if",
	"not",	 "no",	  "yes",   "ok",      "thanks",	 "thank", "there", "here", "where", "when",  "how",
	"env",	 "environment", "conda", "venv", "module", "modules", "launch", "launcher", "submit", "cluster",
	"system", "machine", "nodes", "node", "gpus", "gpu", "it's", "fine", "tune", "fine-tune", "finetune",
	"pretrain", "about", "around", "max", "min", "limit", "walltime", "hour", "minute", "day", "via",
	"called", "named", "name", "first", "new", "same", "other", "another", "both", "only", "just", "now",
	"production", "regular", NULL};
