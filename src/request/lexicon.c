/* lexicon.c - word lists for the request reader that are language, not knowledge (number words,
 * stop words, model families); the vocabulary that is knowledge lives in data/lexicon (vocab.c). */
#include "lexicon.h"
#include "vocab.h"

#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint32_t fnv1a(const char *w)
{
	uint32_t h = 2166136261u;
	for (; *w; w++)
		h = (h ^ (unsigned char)*w) * 16777619u;
	return h;
}

/* Word lists are NULL-terminated static arrays; each gets a hash set of its words on first use (a
 * power of two slots, at least twice the words), so that a look-up hashes the word once and compares it
 * with the one or two words in its slots (the reader asks thousands of times per request). */
bool word_in(const char *w, const char *const *list)
{
	/* the sets, found by the list's address (open addressing; at most 48 of 64 slots used) */
	static struct {
		const char *const *list;
		const char **slot;
		size_t mask;
	} cache[64];
	static size_t ncache;
	size_t i = (size_t)(((uintptr_t)list >> 3) * 0x9E3779B97F4A7C15ull >> 58);
	while (cache[i].list && cache[i].list != list)
		i = (i + 1) % 64;
	if (!cache[i].list) {
		size_t n = 0;
		while (list[n])
			n++;
		if (n < 8 || ncache == 48) {
			for (; *list; list++)
				if (w[0] == (*list)[0] && !strcmp(w, *list))
					return true;
			return false;
		}
		size_t ns = 16;
		while (ns < 2 * n)
			ns *= 2;
		const char **slot = calloc(ns, sizeof(*slot));
		if (!slot)
			abort();
		for (size_t k = 0; k < n; k++) {
			size_t h = fnv1a(list[k]) & (ns - 1);
			while (slot[h] && strcmp(slot[h], list[k]))
				h = (h + 1) & (ns - 1);
			slot[h] = list[k];
		}
		cache[i].list = list;
		cache[i].slot = slot;
		cache[i].mask = ns - 1;
		ncache++;
	}
	const char **slot = cache[i].slot;
	size_t mask = cache[i].mask;
	for (size_t h = fnv1a(w) & mask; slot[h]; h = (h + 1) & mask)
		if (slot[h][0] == w[0] && !strcmp(slot[h], w))
			return true;
	return false;
}

/* The English number words and their values, earliest first: a word listed twice keeps its first value. */
static const struct {
	const char *w;
	int v;
} number_words[] = {
	{"one", 1},	  {"two", 2},	     {"three", 3},     {"four", 4},	    {"five", 5},	 {"six", 6},
	{"seven", 7},	  {"eight", 8},	     {"nine", 9},      {"ten", 10},	    {"eleven", 11},	 {"twelve", 12},
	{"thirteen", 13}, {"fourteen", 14},  {"fifteen", 15},  {"sixteen", 16},	    {"seventeen", 17},	 {"eighteen", 18},
	{"nineteen", 19}, {"twenty", 20},    {"thirty", 30},   {"forty", 40},	    {"fifty", 50},	 {"sixty", 60},
	{"seventy", 70},  {"eighty", 80},    {"ninety", 90},   {"dozen", 12},	    {"hundred", 100},	 {"dual", 2},
	{"pair", 2},	  {"couple", 2},     {"both", 2},      {"quad", 4},
};

int number_word(const char *w)
{
	/* a hash table of number_words made on the first call (64 slots for 34 words; the reader asks for every
	 * token, and comparing it with each word was ~1% of a request) */
	static int8_t slot[64]; /* 1 + the index in number_words; 0 = empty */
	static bool ready;
	if (!ready) {
		for (size_t k = 0; k < sizeof(number_words) / sizeof(number_words[0]); k++) {
			size_t h = fnv1a(number_words[k].w) & 63;
			while (slot[h] && strcmp(number_words[slot[h] - 1].w, number_words[k].w))
				h = (h + 1) & 63;
			if (!slot[h])
				slot[h] = (int8_t)(k + 1);
		}
		ready = true;
	}
	for (size_t h = fnv1a(w) & 63; slot[h]; h = (h + 1) & 63) {
		const char *x = number_words[slot[h] - 1].w;
		if (x[0] == w[0] && !strcmp(x, w))
			return number_words[slot[h] - 1].v;
	}
	/* two to ten in the other languages requests arrive in (data/lexicon's number_words) */
	if ((unsigned char)w[0] >= 0x80 || isalpha((unsigned char)w[0]))
		return vocab_number_word(w);
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
		if ((*f)[0] != w[0]) /* most words differ there: no strlen, no strncmp */
			continue;
		size_t l = strlen(*f);
		if (strncmp(w, *f, l))
			continue;
		char next = w[l];
		if (next == '\0' || next == '-' || next == '_' || next == '.' || next == '/' || (next >= '0' && next <= '9'))
			return true;
	}
	return false;
}

const char *const request_imperatives[] = {"give", "make", "use", "take", "put", "submit", "move", "port",
					    "switch", "send", "bump", "book", "request", "double", "halve", "triple", "add",
					    "extend", "rerun", "resubmit", "retry",
					    "let's", "lets", "please", NULL};

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
