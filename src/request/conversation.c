/* conversation.c - replies and forwarded threads: the newest message and the older messages it quotes
 * are told apart, so that the reader can read each on its own and let the newest win. */
#include "reader.h"
#include "vocab.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static bool starts(const char *s, size_t a, size_t b, const char *prefix)
{
	size_t l = strlen(prefix);
	return b - a >= l && !strncasecmp(s + a, prefix, l);
}

/* A line that begins older messages: "On Tue, Alice wrote:", "-----Original Message-----",
 * "---------- Forwarded message ----------", "Begin forwarded message:". */
static bool thread_header(const char *s, size_t p, size_t lb)
{
	while (lb > p && isspace((unsigned char)s[lb - 1]))
		lb--;
	return starts(s, p, lb, "-----original message") || starts(s, p, lb, "----- original message") ||
	       starts(s, p, lb, "---------- forwarded") || starts(s, p, lb, "-------- forwarded") ||
	       starts(s, p, lb, "begin forwarded message") ||
	       (starts(s, p, lb, "on ") && lb - p > 8 && !strncasecmp(s + lb - 6, "wrote:", 6));
}

/* A mail header line whose words are about the message, not the job ("From: Kim <kim@uni.edu>",
 * "Sent: Tuesday, March 5, 2024 10:14 AM"); "Subject:" stays, it often names the job. */
static bool mail_header(const char *s, size_t p, size_t lb)
{
	static const char *const keys[] = {"from:", "sent:", "to:", "cc:", "date:", "reply-to:"};
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++)
		if (starts(s, p, lb, keys[i]))
			return true;
	return false;
}

static void blank(char *s, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (s[i] != '\n')
			s[i] = ' ';
}

/* The speaker word of a chat transcript's line ("User: ...", "Assistant: ...", "[staff] ...", "<me> ..."),
 * as the length of the label with its colon or brackets; 0 when the line has none. The word itself is
 * copied to who (lower case) when who is not NULL. */
static size_t speaker_label(const char *s, size_t p, size_t lb, char *who, size_t whosz)
{
	static const char *const names[] = {"user", "assistant", "me", "you", "bot", "human", "ai", "agent", "researcher",
					    "support", "helpdesk", "maple", "chatgpt", "q", "a", "staff", "consultant",
					    "consulting", "admin", "sysadmin", "operator", NULL};
	char open = p < lb && (s[p] == '[' || s[p] == '<') ? s[p] : 0;
	size_t w = p + (open != 0), e = w;
	while (e < lb && isalpha((unsigned char)s[e]))
		e++;
	if (!open && e < lb && s[e] == ' ' && e - w <= 8) { /* "PSC staff:", "ALCF support (Taylor):" */
		size_t w2 = e + 1, e2 = w2;
		while (e2 < lb && isalpha((unsigned char)s[e2]))
			e2++;
		if (e2 > w2 && e2 < lb && (s[e2] == ':' || s[e2] == ' ') && speaker_label(s, w2, lb, NULL, 0))
			w = w2, e = e2;
	}
	if (e == w || e >= lb || e - w > 12)
		return 0;
	size_t end;
	if (open) { /* "[user]", "[staff]:", "<me>" */
		if (s[e] != (open == '[' ? ']' : '>'))
			return 0;
		end = e + 1 + (e + 1 < lb && s[e + 1] == ':');
	} else {
		size_t c2 = e;
		if (c2 + 1 < lb && s[c2] == ' ' && s[c2 + 1] == '(') { /* "User (2026-09-05):", "Staff (R. Evans):" */
			const char *close = memchr(s + c2, ')', lb - c2);
			if (!close || close - (s + c2) > 40)
				return 0;
			c2 = (size_t)(close - s) + 1;
		}
		if (c2 >= lb || s[c2] != ':')
			return 0;
		end = c2 + 1;
	}
	for (const char *const *n = names; *n; n++)
		if (strlen(*n) == e - w && !strncasecmp(s + w, *n, e - w)) {
			if (who) {
				snprintf(who, whosz, "%.*s", (int)(e - w), s + w);
				for (char *q = who; *q; q++)
					*q = (char)tolower((unsigned char)*q);
			}
			return end - p;
		}
	return 0;
}

/* A person's name as a chat line's speaker ("Jun: queue?", "lucas: 4 nodes, 8h", IRC's "<noor> ...", a handle
 * "alice.chen:", "@jlee commented:", "rohan 3:40pm:"): one word of 2 to 12 letters, capitalised or lower case, or one capital letter ("A:", "B:"), then ':' and a blank. Words a form or a log opens a line with
 * ("nodes:", "queue:", "Note:", "ERROR:") are no names; whether the lines make a dialogue is decided over
 * the whole text (rd_blank_speakers). */
static size_t named_speaker(const char *s, size_t p, size_t lb, char *who, size_t whosz)
{
	static const char *const not_names[] = {
		"note",	    "notes",	"update",  "edit",     "ps",	  "error",   "warning", "info",	    "debug",
		"hint",	    "tip",	"example", "output",   "input",	  "log",     "step",	"epoch",    "loss",
		"status",   "result",	"results", "reason",   "question", "answer", "cmd",	"command",  "script",
		"args",	    "job",	"run",	   "task",     "todo",	  "fix",     "cause",	"summary",  "subject",
		"re",	    "fwd",	"goal",	   "plan",     "problem", "issue",   "context", "details",  "request",
		"thanks",   "env",	"path",	   "file",     "config",  "traceback", "warn",	"fatal",    "caused",
		"action",   "why",	"what",	   "when",     "where",	  "how",     "then",	"now",	    "before",
		"after",    "old",	"new",	   "current",  "target",  "source",  "options", "option",   "flags",
		"usage",    "exception", "stdout", "stderr",   "http",	  "https",   "ssh",	"srun",	    "sbatch",
		"mpiexec",  "torchrun", "python",  "bash",     "model",	  "data",    "dataset", "training",
		"edited",   "also",	"and",	   "but",      "so",	  "ok",	     "okay",	"yes",	    "no",
		NULL};
	if (p < lb && s[p] == '<') { /* IRC: "<noor> need a polaris job", "<ana.k> ..." */
		size_t e = p + 1;
		while (e < lb && e - p <= 16 && (isalnum((unsigned char)s[e]) || strchr("._-", s[e])))
			e++;
		if (e - p < 3 || e + 1 >= lb || s[e] != '>' || s[e + 1] != ' ' || !isalpha((unsigned char)s[p + 1]))
			return 0;
		if (who) {
			snprintf(who, whosz, "%.*s", (int)(e - p - 1), s + p + 1);
			for (char *q = who; *q; q++)
				*q = (char)tolower((unsigned char)*q);
		}
		return e + 1 - p;
	}
	/* a handle: "alice.chen: ...", "psc-help: ...", "@jlee commented: ...", "@maint-ops (opened Nov 3): ...",
	 * "rohan 3:40pm: ..." - letters with dots, dashes or underscores between (digits after an '@'), then
	 * what a forum or chat puts before the colon: a verb of posting, a parenthesis, a time of day */
	if (p < lb && (s[p] == '@' || isalpha((unsigned char)s[p]))) {
		bool at = s[p] == '@';
		size_t h = p + at, e = h;
		bool sep = false;
		while (e < lb && e - h <= 20 &&
		       (isalpha((unsigned char)s[e]) || (at && isdigit((unsigned char)s[e])) ||
			(strchr("._-", s[e]) && e > h && e + 1 < lb && isalnum((unsigned char)s[e + 1])))) {
			sep = sep || strchr("._-", s[e]) != NULL;
			e++;
		}
		size_t q = e;
		bool decorated = false;
		if ((at || sep) && e > h + 1 && e - h <= 20) {
			/* " commented", " replied", " wrote", " said" */
			static const char *const posted[] = {" commented", " replied", " wrote", " said", " posted", NULL};
			for (const char *const *v = posted; *v && !decorated; v++)
				if (lb - q > strlen(*v) && !strncasecmp(s + q, *v, strlen(*v)))
					q += strlen(*v), decorated = true;
			/* " (opened Nov 3)", " (staff)" */
			if (!decorated && q + 2 < lb && s[q] == ' ' && s[q + 1] == '(') {
				const char *close = memchr(s + q, ')', lb - q);
				if (close && close - (s + q) <= 30)
					q = (size_t)(close - s) + 1, decorated = true;
			}
		}
		/* "rohan 3:40pm:", "tom 10:02:" - a name and a clock */
		if (!at && !sep && e > h + 1 && e - h <= 12 && e + 1 < lb && s[e] == ' ' && isdigit((unsigned char)s[e + 1])) {
			size_t d = e + 1;
			while (d < lb && isdigit((unsigned char)s[d]))
				d++;
			if (d - e - 1 <= 2 && d + 2 < lb && s[d] == ':' && isdigit((unsigned char)s[d + 1]) && isdigit((unsigned char)s[d + 2])) {
				d += 3;
				if (d + 1 < lb && (!strncasecmp(s + d, "am", 2) || !strncasecmp(s + d, "pm", 2)))
					d += 2;
				if (d < lb && s[d] == ':')
					q = d, decorated = true;
			}
		}
		if ((at || sep || decorated) && e > h + 1 && q + 1 < lb && s[q] == ':' && (s[q + 1] == ' ' || s[q + 1] == '\t')) {
			char w[16];
			snprintf(w, sizeof(w), "%.*s", (int)(e - h < 15 ? e - h : 15), s + h);
			for (char *c = w; *c; c++)
				*c = (char)tolower((unsigned char)*c);
			if (vocab_key(w) == VK_NONE) {
				if (who)
					snprintf(who, whosz, "%s", w);
				return q + 1 - p;
			}
		}
	}
	size_t e = p;
	while (e < lb && isalpha((unsigned char)s[e]))
		e++;
	/* one capital letter ("A: let's do stampede3 ..." / "B: can we go bigger?"), not the "Q:" of a question */
	bool letter = e - p == 1 && isupper((unsigned char)s[p]) && s[p] != 'Q';
	if ((e - p < 2 && !letter) || e - p > 12 || e + 1 >= lb || s[e] != ':' || (s[e + 1] != ' ' && s[e + 1] != '\t'))
		return 0;
	for (size_t k = p + 1; k < e; k++)
		if (!islower((unsigned char)s[k]))
			return 0; /* "NCCL:", "McDonald:", "ERROR:" */
	char w[16];
	for (size_t k = 0; k < e - p; k++)
		w[k] = (char)tolower((unsigned char)s[p + k]);
	w[e - p] = '\0';
	for (const char *const *n = not_names; *n; n++)
		if (!strcmp(w, *n))
			return 0;
	if (letter) { /* a sentence follows, not a form's value ("A: AI4S" is PBS's account key) */
		int words = 0;
		for (size_t k = e + 1; k < lb; k++)
			words += s[k] != ' ' && s[k - 1] == ' ';
		if (words < 3)
			return 0;
	} else if (vocab_key(w) != VK_NONE) {
		return 0; /* a form's key */
	}
	if (who)
		snprintf(who, whosz, "%s", w);
	return e + 1 - p;
}

/* A ticket thread's entry header: "--- 2026-03-02 09:15 user (m.ortiz) ---", "=== 2026-03-02 ALCF support
 * ===": a line between runs of three or more '-' or '=' that holds a digit. Its speaker word (one the
 * dialogue knows) goes to who ("" when none). */
static bool ticket_header(const char *s, size_t p, size_t lb, char *who, size_t whosz)
{
	while (lb > p && (s[lb - 1] == ' ' || s[lb - 1] == '\r'))
		lb--;
	if (lb < p + 8 || !strchr("-=", s[p]) || s[p + 1] != s[p] || s[p + 2] != s[p] || s[lb - 1] != s[p] ||
	    s[lb - 2] != s[p] || s[lb - 3] != s[p])
		return false;
	bool digit = false;
	for (size_t k = p; k < lb; k++)
		digit = digit || isdigit((unsigned char)s[k]);
	if (!digit)
		return false;
	who[0] = '\0';
	for (size_t k = p + 3; k < lb - 3 && !who[0]; k++)
		if (isalpha((unsigned char)s[k]) && !isalpha((unsigned char)s[k - 1])) {
			char w[16];
			size_t e = k;
			while (e < lb && isalpha((unsigned char)s[e]))
				e++;
			if (e - k < sizeof(w) - 1 && e < lb) {
				/* the word as a label of its own: "user" in "... user (m.ortiz) ---" */
				char tmp[20];
				snprintf(tmp, sizeof(tmp), "%.*s:", (int)(e - k), s + k);
				if (speaker_label(tmp, 0, strlen(tmp), w, sizeof(w)))
					snprintf(who, whosz, "%s", w);
			}
			k = e;
		}
	return true;
}

/* A chat log's time stamp opening a line ("[10:02]", "[10:02:33]", "[10:02 AM]", "[2026-02-10 14:03]"): its
 * length, 0 when none. */
static size_t chat_stamp(const char *s, size_t p, size_t lb)
{
	/* a Zoom chat file's "09:31:10 From Dr. Osei: ...": a time with its seconds, unbracketed, before
	 * "From" */
	if (p + 14 < lb && isdigit((unsigned char)s[p])) {
		size_t d = p;
		while (d < lb && isdigit((unsigned char)s[d]))
			d++;
		if (d - p <= 2 && s[d] == ':' && isdigit((unsigned char)s[d + 1]) && isdigit((unsigned char)s[d + 2]) &&
		    s[d + 3] == ':' && isdigit((unsigned char)s[d + 4]) && isdigit((unsigned char)s[d + 5]) && s[d + 6] == ' ' &&
		    !strncmp(s + d + 7, "From ", 5))
			return d + 12 - p; /* the stamp and "From ": the speaker's name follows */
		return 0;
	}
	if (p >= lb || s[p] != '[')
		return 0;
	/* "[10:02]", "[10:02 AM]", "[Tue 16:40]", "[2026-02-10 14:03]", "[02/10 9:15]" */
	size_t e = p + 1, digits = 0, colons = 0;
	while (e < lb && e - p < 32 && (isalnum((unsigned char)s[e]) || strchr(" :-/.,", s[e]))) {
		digits += isdigit((unsigned char)s[e]) != 0;
		colons += s[e] == ':';
		e++;
	}
	if (e >= lb || s[e] != ']' || colons < 1 || colons > 2 || digits < 3)
		return 0;
	return e + 1 - p;
}

/* The line that starts at la: its end in *lb, its first word's start returned (blanks skipped). */
static size_t line_words(const char *s, size_t len, size_t la, size_t *lb)
{
	const char *nl = memchr(s + la, '\n', len - la);
	*lb = nl ? (size_t)(nl - s) : len;
	size_t p = la;
	while (p < *lb && (s[p] == ' ' || s[p] == '\t'))
		p++;
	return p;
}

/* A time of day: "4:20 PM", "16:05", "9:41am", "[4:20 PM]"; its end, 0 when none. */
static size_t clock_time(const char *s, size_t p, size_t lb)
{
	size_t q = p < lb && s[p] == '[' ? p + 1 : p, d = q;
	while (d < lb && isdigit((unsigned char)s[d]))
		d++;
	if (d == q || d - q > 2 || d + 3 > lb || s[d] != ':' || !isdigit((unsigned char)s[d + 1]) ||
	    !isdigit((unsigned char)s[d + 2]))
		return 0;
	size_t e = d + 3;
	size_t a = e < lb && s[e] == ' ' ? e + 1 : e;
	if (a + 1 < lb && strchr("aApP", s[a]) && strchr("mM", s[a + 1]))
		e = a + 2;
	if (q > p) {
		if (e >= lb || s[e] != ']')
			return 0;
		e++;
	}
	return e;
}

/* A chat export's message header, a line of its own: Slack's "Sam K  4:20 PM" (a name of one to four
 * words, then the time) and Teams' "[9:41 AM] Nguyen, Thao" (the time, then the name). The name goes to
 * who (lower case). A request line ("walltime 2:30", "Polaris 4:00") is no header: the name is not a
 * form's key, and the caller wants two headers or more. */
static bool chat_export_header(const char *s, size_t p, size_t lb, char *who, size_t whosz)
{
	while (lb > p && (s[lb - 1] == ' ' || s[lb - 1] == '\r' || s[lb - 1] == '\t'))
		lb--;
	size_t na, nb;
	size_t t = clock_time(s, p, lb);
	if (t && s[p] == '[') { /* Teams: the time first */
		na = t;
		while (na < lb && s[na] == ' ')
			na++;
		nb = lb;
	} else {
		/* Slack: the name, then the time at the line's end */
		size_t k = lb;
		while (k > p && s[k - 1] != ' ' && s[k - 1] != '\t')
			k--;
		if (k < lb && (s[k] == 'A' || s[k] == 'P' || s[k] == 'a' || s[k] == 'p') && k > p + 1) {
			k--; /* "4:20 PM": step back over the time's own blank */
			while (k > p && s[k - 1] != ' ' && s[k - 1] != '\t')
				k--;
		}
		if (k <= p || clock_time(s, k, lb) != lb)
			return false;
		na = p, nb = k;
		while (nb > na && (s[nb - 1] == ' ' || s[nb - 1] == '\t'))
			nb--;
	}
	/* (the name in markdown's emphasis: "*maria* 11:40", "**Tom**  9:02 AM") */
	while (na < nb && (s[na] == '*' || s[na] == '_') && (s[nb - 1] == '*' || s[nb - 1] == '_'))
		na++, nb--;
	if (nb <= na || nb - na > 40 || !isalpha((unsigned char)s[na]))
		return false;
	int words = 1;
	for (size_t k = na; k < nb; k++) {
		if (!isalpha((unsigned char)s[k]) && !strchr(" .,'-", s[k]))
			return false;
		words += s[k] == ' ' && s[k + 1] != ' ';
	}
	if (words > 4)
		return false;
	snprintf(who, whosz, "%.*s", (int)(nb - na), s + na);
	for (char *q = who; *q; q++)
		*q = (char)tolower((unsigned char)*q);
	return vocab_key(who) == VK_NONE;
}

/* A chat export's line that is the application's, not a message: "3 replies", ":+1: 2", ":thumbsup:". */
static bool chat_export_chrome(const char *s, size_t p, size_t lb)
{
	while (lb > p && (s[lb - 1] == ' ' || s[lb - 1] == '\r'))
		lb--;
	size_t d = p;
	while (d < lb && isdigit((unsigned char)s[d]))
		d++;
	if (d > p && (lb - d == 6 || lb - d == 8) && (!strncmp(s + d, " reply", 6) || !strncmp(s + d, " replies", 8)))
		return true;
	bool emoji = false;
	for (size_t k = p; k < lb;) { /* only :name: reactions and their counts */
		if (s[k] == ' ' || isdigit((unsigned char)s[k])) {
			k++;
			continue;
		}
		if (s[k] != ':')
			return false;
		size_t e = k + 1;
		while (e < lb && (isalnum((unsigned char)s[e]) || strchr("_+-", s[e])))
			e++;
		if (e == k + 1 || e >= lb || s[e] != ':')
			return false;
		emoji = true;
		k = e + 1;
	}
	return emoji;
}

/* A Slack or Teams export (two message headers or more): the headers and the application's lines are
 * blanked; the first to speak is the asker, whose later messages are correction points. Returns how
 * many headers there were (0: not such an export, nothing blanked). */
static size_t blank_chat_export(char *s, size_t len, size_t *corr_at, size_t max, size_t *ncorr)
{
	size_t headers = 0;
	char who[42];
	for (size_t la = 0, lb; la < len; la = lb + 1) {
		size_t p = line_words(s, len, la, &lb);
		headers += chat_export_header(s, p, lb, who, sizeof(who));
	}
	if (headers < 2)
		return 0;
	char asker[42] = "";
	bool asked = false;
	for (size_t la = 0, lb; la < len; la = lb + 1) {
		size_t p = line_words(s, len, la, &lb);
		if (chat_export_header(s, p, lb, who, sizeof(who))) {
			if (!asker[0])
				memcpy(asker, who, sizeof(asker));
			else if (!strcmp(asker, who) && asked && *ncorr < max)
				corr_at[(*ncorr)++] = p;
			asked = asked || !strcmp(asker, who);
			blank(s, p, lb);
		} else if (chat_export_chrome(s, p, lb)) {
			blank(s, p, lb);
		}
	}
	return headers;
}

size_t rd_blank_speakers(char *s, size_t len, size_t *corr_at, size_t max)
{
	size_t ncorr = 0;
	if (blank_chat_export(s, len, corr_at, max, &ncorr))
		return ncorr;
	/* a chat log: two or more lines open with a time stamp (never a walltime: "[10:02] alice: 1h"); a
	 * dialogue: two or more lines open with a speaker, and not all with the same one */
	size_t stamps = 0, speakers = 0;
	bool two = false, first_is_asker = false, spoke = false;
	char first[16] = "";
	for (size_t la = 0, lb; la < len; la = lb + 1) {
		size_t p = line_words(s, len, la, &lb);
		stamps += chat_stamp(s, p, lb) > 0;
		char w[16];
		size_t l = speaker_label(s, p, lb, w, sizeof(w));
		if (!l && ticket_header(s, p, lb, w, sizeof(w)) && w[0])
			l = 1;
		if (l) {
			static const char *const askers[] = {"user", "me", "human", "researcher", NULL};
			bool asker_word = false;
			for (const char *const *a = askers; *a && !asker_word; a++)
				asker_word = !strcmp(w, *a);
			if (!speakers++ || (asker_word && !first_is_asker)) {
				if (speakers > 1 && strcmp(first, w))
					two = true;
				memcpy(first, w, sizeof(first)); /* the one asking: a user-like name, else the first */
				first_is_asker = asker_word;
			} else if (strcmp(first, w)) {
				two = true;
			}
		}
	}
	bool dialogue = speakers >= 2 && two;
	/* a dialogue of people's names ("Jun: s3 job for tonight?" / "Elif: yep, 4 nodes" / "Jun: queue?"):
	 * two names or more, one of them speaking at least twice, on three lines or more */
	bool named = false;
	if (stamps < 2 && !dialogue) {
		char names[8][16];
		int counts[8], nn = 0, lines = 0, most = 0;
		for (size_t la = 0, lb; la < len; la = lb + 1) {
			size_t p = line_words(s, len, la, &lb);
			char w[16];
			if (!named_speaker(s, p, lb, w, sizeof(w)))
				continue;
			lines++;
			int k = 0;
			while (k < nn && strcmp(names[k], w))
				k++;
			if (k == nn && nn < 8) {
				memcpy(names[nn], w, sizeof(w));
				counts[nn++] = 0;
			}
			if (k < nn && ++counts[k] > most)
				most = counts[k];
		}
		named = nn >= 2 && most >= 2 && lines >= 3;
		if (named) {
			dialogue = true;
			memcpy(first, names[0], sizeof(first)); /* the first name to speak: the asker */
		}
	}
	if (stamps < 2 && !dialogue)
		return 0;
	char asker[42] = ""; /* the first speaker of a chat log: the one asking */
	bool asked_before = false;
	for (size_t la = 0, lb; la < len; la = lb + 1) {
		size_t p = line_words(s, len, la, &lb);
		size_t l = stamps >= 2 ? chat_stamp(s, p, lb) : 0;
		bool stamps_here = l > 0;
		if (l) {
			blank(s, p, p + l);
			/* a later line of the one asking corrects what came before ("[11:03] priya: 3 nodes on
			 * gpuA40x4 for 10 hours ... [11:22] priya: fine, gpuA100x4 then, cut it to 8 hours"): where it
			 * starts is a correction point; what others say is advice, read as it comes */
			size_t q0 = p + l;
			while (q0 < lb && (s[q0] == ' ' || s[q0] == '\t'))
				q0++;
			size_t q1 = q0;
			while (q1 < lb && q1 - q0 <= 40 && (isalpha((unsigned char)s[q1]) || strchr(" .()'_-", s[q1])))
				q1++;
			char who[42] = "";
			if (q1 > q0 && q1 < lb && s[q1] == ':')
				snprintf(who, sizeof(who), "%.*s", (int)(q1 - q0), s + q0);
			if (who[0] && !asker[0])
				memcpy(asker, who, sizeof(asker));
			else if (who[0] && !strcasecmp(who, asker) && asked_before && ncorr < max)
				corr_at[ncorr++] = p;
			asked_before = asked_before || (who[0] && !strcasecmp(who, asker));
			/* the speaker after the stamp: "[14:02] Wei Zhang:", "[14:05] ALCF support (Taylor):" */
			size_t q = p + l;
			while (q < lb && (s[q] == ' ' || s[q] == '\t'))
				q++;
			size_t e = q;
			while (e < lb && e - q <= 40 && (isalpha((unsigned char)s[e]) || strchr(" .()'_-", s[e])))
				e++;
			if (e > q && e < lb && s[e] == ':' && e - q <= 40)
				blank(s, q, e + 1);
		}
		char who2[16];
		if (ticket_header(s, p, lb, who2, sizeof(who2))) {
			/* "--- 2026-03-02 12:05 user (m.ortiz) ---": its stamp is no walltime; the asker's later
			 * entries correct the earlier ones */
			if (dialogue && who2[0] && !strcmp(who2, first) && spoke && ncorr < max)
				corr_at[ncorr++] = p;
			spoke = spoke || who2[0];
			blank(s, p, lb);
			continue;
		}
		l = !dialogue ? 0 : named ? named_speaker(s, p, lb, who2, sizeof(who2)) : speaker_label(s, p, lb, who2, sizeof(who2));
		if (l) {
			/* as in a chat log: the asker (the first speaker) speaking again corrects what came before
			 * ("[user] 2 nodes, 6 h ... [staff] try gpu-debug ... [user] OK: gpu-debug, 1 node, 30 min") */
			if (!strcmp(who2, first) && spoke && ncorr < max && !stamps_here)
				corr_at[ncorr++] = p;
			spoke = true;
			blank(s, p, p + l);
		}
	}
	return ncorr;
}

/* A line that quotes another person's words whole after a label that says so: 'User's words: "can I get 4
 * H100 nodes ...?"', "From a user (quoted): 'I need 6 GPUs on lonestar ...'", "Forwarding: '...'", 'The PI
 * wrote: "..."' (data/lexicon's quoted_speech_labels, a word of the label). The quoted words are the older
 * message; the writer's own lines around it reply to them. *qa, *qb: the words between the quotes. */
static bool quoted_speech_line(const char *s, size_t p, size_t lb, size_t *qa, size_t *qb)
{
	while (lb > p && isspace((unsigned char)s[lb - 1]))
		lb--;
	const char *colon = memchr(s + p, ':', lb - p);
	if (!colon || (size_t)(colon - s) - p > 48)
		return false;
	size_t q = (size_t)(colon - s) + 1;
	while (q < lb && s[q] == ' ')
		q++;
	char open = q < lb ? s[q] : 0;
	if ((open != '"' && open != '\'') || lb - q < 8 || s[lb - 1] != open)
		return false;
	/* a speaker word in the label */
	bool speaker = false;
	for (size_t a = p; a < (size_t)(colon - s) && !speaker;) {
		while (a < (size_t)(colon - s) && !isalpha((unsigned char)s[a]))
			a++;
		size_t b = a;
		while (b < (size_t)(colon - s) && (isalpha((unsigned char)s[b]) || s[b] == '\''))
			b++;
		char w[24];
		if (b > a && b - a < sizeof(w)) {
			for (size_t k = a; k < b; k++)
				w[k - a] = (char)tolower((unsigned char)s[k]);
			w[b - a] = '\0';
			speaker = vocab_in(VL_QUOTED_SPEECH, w);
		}
		a = b;
	}
	if (!speaker)
		return false;
	*qa = q + 1;
	*qb = lb - 1;
	return true;
}

bool rd_split_conversation(const char *text, size_t len, char **newest, char **older)
{
	char *nw = xstrndup(text, len), *od = xstrndup(text, len);
	bool own = false, in_older = false, any_older = false;
	int older_form = 0; /* after a header: 1 its older message is quoted ("> ..."), 2 it is not, 0 not yet seen */
	for (size_t la = 0; la < len;) {
		const char *nl = memchr(text + la, '\n', len - la);
		size_t lb = nl ? (size_t)(nl - text) : len;
		size_t p = la;
		while (p < lb && (text[p] == ' ' || text[p] == '\t' || text[p] == '\r'))
			p++;
		bool quoted = p < lb && text[p] == '>';
		size_t q = quoted ? p + 1 : p; /* the line's words, one quoting level off */
		while (q < lb && (text[q] == ' ' || text[q] == '\t'))
			q++;
		if (p < lb && in_older && !thread_header(text, p, lb) && !older_form)
			older_form = quoted ? 1 : 2;
		size_t sa, sb;
		if (p == lb) {
			/* a blank line */
		} else if (!quoted && !in_older && quoted_speech_line(text, p, lb, &sa, &sb)) {
			/* 'User's words: "can I get 4 nodes for 2 days?"': the words quoted are the older message */
			blank(nw, sa - 1, sb + 1);
			blank(od, la, sa), blank(od, sb, lb);
			any_older = true;
		} else if (thread_header(text, p, lb)) {
			if (own)
				in_older = true;
			older_form = 0;
			blank(nw, la, lb), blank(od, la, lb);
		} else if (in_older && older_form == 1 && !quoted && !mail_header(text, q, lb)) {
			/* the quoted older message has ended: the writer's own words again, under it ("Hi team,"
			 * / "Begin forwarded message:" / "> ..." / "Please run the above on 2 nodes") */
			in_older = false;
			blank(od, la, lb);
		} else if (mail_header(text, q, lb) && (quoted || in_older || la > 0)) {
			blank(nw, la, lb), blank(od, la, lb);
		} else if (quoted || in_older) {
			/* a quoted question the writer answers on the next line ("> How many nodes do you need?" /
			 * "2 on perlmutter, 8 hours"): kept with the answer, which says nothing without it */
			size_t e = lb;
			while (e > q && (text[e - 1] == ' ' || text[e - 1] == '\r'))
				e--;
			size_t nx = lb + 1;
			while (nx < len && (text[nx] == ' ' || text[nx] == '\t'))
				nx++;
			bool answered = quoted && e > q && text[e - 1] == '?' && lb < len && nx < len && text[nx] != '>' &&
					text[nx] != '\n';
			/* (a question that asks for a value, stating none: "> could you use 4 nodes?" proposes one) */
			for (size_t k = q; k < e && answered; k++)
				answered = !isdigit((unsigned char)text[k]);
			if (answered)
				nw[p] = ' ';
			else
				blank(nw, la, lb);
			if (quoted)
				od[p] = ' ';
			any_older = any_older || q < lb;
		} else {
			own = true;
			blank(od, la, lb);
		}
		la = lb + 1;
	}
	if (!any_older) {
		free(nw), free(od);
		return false;
	}
	*newest = nw, *older = od;
	return true;
}

static void take_string(struct request *req, const struct request *old, char **dst, char *const *src,
			enum req_field f)
{
	if (*dst || !*src)
		return;
	*dst = xstrdup(*src);
	if (f < RF_COUNT && old->from[f] && !req->from[f])
		req->from[f] = xstrdup(old->from[f]);
}

static void take_from(struct request *req, const struct request *old, enum req_field f)
{
	if (old->from[f] && !req->from[f])
		req->from[f] = xstrdup(old->from[f]);
}

void rd_merge_older(struct request *req, const struct request *old)
{
	/* the reply moves the quoted job to another cluster ("let's not use Perlmutter ... Run it on Polaris
	 * instead, with the same 4 nodes"): the old cluster's account, queue and GPUs per node are not the
	 * new one's */
	bool moved = req->cluster && old->cluster && strcmp(req->cluster, old->cluster);
	take_string(req, old, &req->cluster, &old->cluster, RF_CLUSTER);
	/* framework and strategy go together: "ZeRO 3 instead" replaces both */
	if (req->framework == FW_NONE && req->strategy == ST_NONE) {
		req->framework = old->framework, req->strategy = old->strategy;
		take_from(req, old, RF_FRAMEWORK), take_from(req, old, RF_STRATEGY);
	}
	/* counts: a newer node or per-node count replaces an older total, a newer total both others */
	bool new_nodes = req->nodes > 0 || req->nodes_undecided, new_gpn = req->gpus_per_node > 0,
	     new_total = req->total_gpus > 0; /* the newest leaves the count open: the older one's is not taken */
	bool new_wall = req->walltime_min != 0; /* (before the older one's time is taken below) */
	/* (a count the older one states as 0 or past range is carried too: the rules name it in an error) */
	bool old_nodes = old->nodes > 0 || (old->from[RF_NODES] && old->nodes <= 0),
	     old_gpn = old->gpus_per_node > 0 || (old->from[RF_GPUS_PER_NODE] && old->gpus_per_node <= 0),
	     old_total = old->total_gpus > 0 || (old->from[RF_TOTAL_GPUS] && old->total_gpus <= 0);
	if (!new_nodes && !new_total && old_nodes)
		req->nodes = old->nodes, take_from(req, old, RF_NODES);
	if (!new_gpn && old_gpn && !(new_total && !new_nodes) && !moved)
		req->gpus_per_node = old->gpus_per_node, take_from(req, old, RF_GPUS_PER_NODE);
	if (!new_total && !new_nodes && !new_gpn && old_total)
		req->total_gpus = old->total_gpus, take_from(req, old, RF_TOTAL_GPUS);
	if (!req->script && old->script) {
		req->script = xstrdup(old->script);
		req->script_is_module = old->script_is_module;
		take_from(req, old, RF_SCRIPT);
	}
	if (!req->args.nr && old->args.nr) {
		shwords_copy(&req->args, &old->args);
		take_from(req, old, RF_SCRIPT_ARGS);
	}
	if (!req->walltime_min && old->walltime_min)
		req->walltime_min = old->walltime_min, take_from(req, old, RF_WALLTIME);
	if (moved) {
		if (!req->account && old->account)
			request_warn(req, "the quoted %s account '%s' is not carried to %s", old->cluster, old->account, req->cluster);
		if (!req->queue && old->queue)
			request_warn(req, "the quoted %s queue '%s' is not carried to %s", old->cluster, old->queue, req->cluster);
	} else {
		take_string(req, old, &req->account, &old->account, RF_ACCOUNT);
	}
	/* a queue chosen in an older message for a job the newest resizes ("3 nodes instead of the 2 we
	 * discussed", "2 hours is fine") may not admit it: kept, and dropped by the rules if it does not */
	if (!req->queue && old->queue && (new_nodes || new_total || new_gpn || new_wall) && !moved)
		req->queue_from_older = true;
	if (!moved)
		take_string(req, old, &req->queue, &old->queue, RF_QUEUE);
	take_string(req, old, &req->model, &old->model, RF_MODEL);
	take_string(req, old, &req->job_name, &old->job_name, RF_JOB_NAME);
	take_string(req, old, &req->gpu_model, &old->gpu_model, RF_GPU_MODEL);
	if (!req->container_image && !req->container_runtime) {
		take_string(req, old, &req->container_image, &old->container_image, RF_CONTAINER);
		take_string(req, old, &req->container_runtime, &old->container_runtime, RF_CONTAINER);
	}
	if (!req->conda_env && !req->venv && !req->modules.nr) {
		take_string(req, old, &req->conda_env, &old->conda_env, RF_CONDA);
		take_string(req, old, &req->venv, &old->venv, RF_VENV);
		if (old->modules.nr) {
			strvec_copy(&req->modules, &old->modules);
			take_from(req, old, RF_MODULES);
		}
	}
	if (!req->master_port && old->master_port)
		req->master_port = old->master_port, take_from(req, old, RF_PORT);
	for (size_t i = 0; i < old->warnings.nr; i++)
		strvec_pushf(&req->warnings, "in the quoted message: %s", old->warnings.v[i]);
	for (size_t i = 0; i < old->rejected.nr; i++)
		strvec_push(&req->rejected, old->rejected.v[i]);
}
