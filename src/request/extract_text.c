/* extract_text.c - text -> request: the reader's driver, running its layers in order. */
#include "lexicon.h"
#include "reader.h"
#include "vocab.h"

#include "../util/xalloc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The token array of the last message read, kept for the next one (--batch reads thousands): a ~15 KB
 * allocation per message otherwise, which costs glibc a consolidation of its small free chunks. */
static _Thread_local struct tok *spare_toks;
static _Thread_local size_t spare_alloc;

/* A unified diff of a job spec ("--- job_old.yaml" / "+++ job_new.yaml" / "-nodes: 2" / "+nodes: 6"): the
 * new version is the request, so its file headers, hunk headers and removed lines are blanked and the
 * marks of added and kept lines become spaces. Only from a "+++ " line that follows a "--- " line. */
static void blank_diff_removed(char *s, size_t len)
{
	bool in = false, minus_header = false;
	for (size_t a = 0; a < len;) {
		char *nl = memchr(s + a, '\n', len - a);
		size_t b = nl ? (size_t)(nl - s) : len;
		bool hdr_minus = b - a >= 4 && !strncmp(s + a, "--- ", 4);
		bool hdr_plus = b - a >= 4 && !strncmp(s + a, "+++ ", 4);
		if (hdr_plus && minus_header) {
			in = true;
			memset(s + a, ' ', b - a);
		} else if (hdr_minus) {
			minus_header = true;
		} else if (in && b - a >= 2 && !strncmp(s + a, "@@", 2)) {
			memset(s + a, ' ', b - a);
		} else if (in && b > a && s[a] == '-') {
			memset(s + a, ' ', b - a);
		} else if (in && b > a && s[a] == '+') {
			s[a] = ' ';
		} else if (in && b > a && s[a] != ' ') {
			in = false; /* the diff ends where a line carries no mark */
		} else {
			minus_header = false;
		}
		a = b + 1;
	}
	/* the "--- " header line before the diff */
	for (size_t a = 0; a < len;) {
		char *nl = memchr(s + a, '\n', len - a);
		size_t b = nl ? (size_t)(nl - s) : len;
		if (b - a >= 4 && !strncmp(s + a, "--- ", 4) && b + 5 < len && !strncmp(s + b + 1, "    ", 4))
			memset(s + a, ' ', b - a); /* followed by the blanked "+++ " line */
		a = b + 1;
	}
}

/* Struck-out text in Markdown ("Nodes: ~~4~~ 8", "~~2 nodes~~ 3 nodes"): a value the writer took back,
 * blanked before any layer reads it. Both marks on one line, at most 80 bytes apart. */
static void blank_struck_out(char *s, size_t len)
{
	for (size_t i = 0; i + 1 < len; i++) {
		if (s[i] != '~' || s[i + 1] != '~')
			continue;
		size_t j = i + 2;
		while (j + 1 < len && s[j] != '\n' && j - i <= 82 && !(s[j] == '~' && s[j + 1] == '~'))
			j++;
		if (j + 1 >= len || s[j] != '~' || s[j + 1] != '~' || j == i + 2) {
			i++; /* "~~" alone, or no closing mark on the line */
			continue;
		}
		memset(s + i, ' ', j + 2 - i);
		i = j + 1;
	}
}

/* A markdown checklist's items (not a to-do list's): an unticked one ("- [ ] Polaris", "[ ] DeepSpeed", "☐ 8 nodes", also
 * several on a line: "[x] 4 nodes  [ ] 8 nodes") is an option not chosen, blanked to the next box or the
 * line's end; a ticked one's mark ("- [x] Frontier", "☑ FSDP") is blanked, its words read. */
static size_t checkbox_at(const char *s, size_t p, size_t b, bool *ticked)
{
	if (p + 3 < b && s[p] == '[' && s[p + 2] == ']' && strchr(" xX", s[p + 1]) && s[p + 3] == ' ') {
		*ticked = s[p + 1] != ' ';
		return 3;
	}
	if (p + 3 < b && (!strncmp(s + p, "\xe2\x98\x90", 3) || !strncmp(s + p, "\xe2\x98\x91", 3)) && s[p + 3] == ' ') {
		*ticked = s[p + 2] == '\x91'; /* ☑, not ☐ */
		return 3;
	}
	return 0;
}

/* The box that opens the line at a, after its blanks and bullet ("- [ ] ", "[x] ", "☐ "): its length (0: none),
 * *p where it is, *b the line's end. */
static size_t line_box(const char *s, size_t len, size_t a, size_t *b, size_t *p, bool *ticked)
{
	const char *e = memchr(s + a, '\n', len - a);
	*b = e ? (size_t)(e - s) : len;
	*p = a;
	while (*p < *b && (s[*p] == ' ' || s[*p] == '\t'))
		(*p)++;
	if (*p + 1 < *b && strchr("-*+", s[*p]) && s[*p + 1] == ' ')
		*p += 2;
	return checkbox_at(s, *p, *b, ticked);
}

/* Whether the word s[a, b) occurs as a whole word (any case) in s[0, len) outside the lines [la[k], lb[k]). */
static bool word_outside(const char *s, size_t len, size_t a, size_t b, const size_t *la, const size_t *lb, size_t nl)
{
	size_t wl = b - a;
	for (size_t i = 0; i + wl <= len; i++) {
		bool inside = false;
		for (size_t k = 0; k < nl && !inside; k++)
			inside = i >= la[k] && i < lb[k];
		if (inside || strncasecmp(s + i, s + a, wl))
			continue;
		bool left = i == 0 || !(isalnum((unsigned char)s[i - 1]) || s[i - 1] == '-' || s[i - 1] == '_');
		bool right = i + wl >= len || !(isalnum((unsigned char)s[i + wl]) || s[i + wl] == '-' || s[i + wl] == '_');
		if (left && right)
			return true;
	}
	return false;
}

/* Whether the text outside a checklist names one of its open items by a word only that item has ("- [x] pm 2
 * nodes baseline / - [ ] ls6 4 nodes lr-sweep ... do the lr-sweep one next"): the list is then a to-do list
 * (its ticked items done), and which item is asked is for the list readers to say. */
static bool open_item_named(const char *s, size_t len)
{
	size_t la[32], lb[32], nl = 0;
	bool open[32];
	for (size_t a = 0; a < len && nl < 32;) {
		size_t b, p;
		bool ticked;
		if (line_box(s, len, a, &b, &p, &ticked))
			la[nl] = a, lb[nl] = b, open[nl++] = !ticked;
		a = b + 1;
	}
	for (size_t k = 0; k < nl; k++) {
		if (!open[k])
			continue;
		for (size_t i = la[k]; i < lb[k];) {
			while (i < lb[k] && !isalnum((unsigned char)s[i]))
				i++;
			size_t w = i;
			while (i < lb[k] && (isalnum((unsigned char)s[i]) || s[i] == '-' || s[i] == '_'))
				i++;
			if (i - w < 4)
				continue;
			bool elsewhere = false; /* (in another item of the list: no word of this one's own) */
			for (size_t o = 0; o < nl && !elsewhere; o++)
				for (size_t q = la[o]; o != k && q + (i - w) <= lb[o] && !elsewhere; q++)
					elsewhere = !strncasecmp(s + q, s + w, i - w);
			if (!elsewhere && word_outside(s, len, w, i, la, lb, nl))
				return true;
		}
	}
	return false;
}

static void blank_unticked(char *s, size_t len)
{
	if (open_item_named(s, len)) {
		/* (a to-do list: its boxes go, every item's words stay for the list readers) */
		for (size_t a = 0; a < len;) {
			size_t b, p;
			bool ticked;
			size_t m = line_box(s, len, a, &b, &p, &ticked);
			if (m)
				memset(s + p, ' ', m);
			a = b + 1;
		}
		return;
	}
	/* a to-do list's open box is work still to do, not an option left out ("todo: [x] data prep  [ ] run
	 * train.py on delta"): such a list is left as it is */
	static const char *const todo[] = {"todo", "to do", "to-do", "tasks", "next steps", "checklist for", NULL};
	for (size_t k = 0; todo[k]; k++)
		for (size_t i = 0; i + strlen(todo[k]) <= len; i++)
			if (!strncasecmp(s + i, todo[k], strlen(todo[k])) && (i == 0 || !isalpha((unsigned char)s[i - 1])))
				return;
	for (size_t a = 0; a < len;) {
		const char *nl = memchr(s + a, '\n', len - a);
		size_t b = nl ? (size_t)(nl - s) : len;
		/* the line's first box, after its blanks and bullet: an item of its own, to the line's end */
		size_t first = a;
		while (first < b && (s[first] == ' ' || s[first] == '\t'))
			first++;
		if (first + 1 < b && strchr("-*+", s[first]) && s[first + 1] == ' ')
			first += 2;
		int boxes = 0;
		for (size_t p = a; p < b; p++) {
			bool t;
			boxes += (p == a || s[p - 1] == ' ' || s[p - 1] == '\t') && checkbox_at(s, p, b, &t);
		}
		for (size_t p = a; p < b; p++) {
			bool ticked;
			size_t m = (p == a || s[p - 1] == ' ' || s[p - 1] == '\t') ? checkbox_at(s, p, b, &ticked) : 0;
			if (!m)
				continue;
			size_t e = p + m;
			bool next_ticked, own_line = p == first && boxes == 1;
			/* (several boxes on a line, or one inside it: an item ends at the next box or its comma) */
			while (e < b && !((s[e - 1] == ' ' || s[e - 1] == '\t') && checkbox_at(s, e, b, &next_ticked)) &&
			       (own_line || !strchr(",;", s[e])))
				e++;
			memset(s + p, ' ', (ticked ? p + m : e) - p);
			p = e - 1;
		}
		a = b + 1;
	}
}

/* A clause the writer dismisses at its end: "(the laptop copy has num_processes: 1, ignore that one)",
 * "the old script says 4 nodes - please ignore", "... 30 min, disregard it.": blanked from the clause's
 * start (an opening parenthesis, a sentence or line start) through the dismissal, before any layer reads
 * it. Only "ignore"/"disregard" with nothing after it but that/this/it/those/them/one and the clause's end:
 * "ignore the warnings about NCCL" names what to ignore and is left as it is. */
static void blank_dismissed(char *s, size_t len)
{
	static const char *const verbs[] = {"ignore", "disregard"};
	static const char *const objs[] = {"that one", "that", "this one", "this", "it", "those", "them", "one"};
	for (size_t i = 0; i < len; i++) {
		if (i > 0 && isalnum((unsigned char)s[i - 1]))
			continue;
		size_t vl = 0;
		for (size_t k = 0; k < sizeof(verbs) / sizeof(*verbs); k++) {
			size_t l = strlen(verbs[k]);
			if (i + l <= len && strncasecmp(s + i, verbs[k], l) == 0 &&
			    (i + l == len || !isalnum((unsigned char)s[i + l])))
				vl = l;
		}
		if (!vl)
			continue;
		size_t j = i + vl;
		while (j < len && s[j] == ' ')
			j++;
		for (size_t k = 0; k < sizeof(objs) / sizeof(*objs); k++) {
			size_t l = strlen(objs[k]);
			if (j + l <= len && strncasecmp(s + j, objs[k], l) == 0 &&
			    (j + l == len || !isalnum((unsigned char)s[j + l]))) {
				j += l;
				break;
			}
		}
		size_t e = j;
		while (e < len && s[e] == ' ')
			e++;
		if (e < len && !strchr(").;!\n", s[e]))
			continue; /* "ignore the warnings ...": more words follow */
		size_t a = i;
		while (a > 0 && !strchr("(.;!?\n", s[a - 1]))
			a--;
		if (a > 0 && s[a - 1] == '.' && a >= 2 && isdigit((unsigned char)s[a - 2]))
			continue; /* "1.5 h, ignore that": a decimal point, not a sentence end */
		memset(s + a, ' ', j - a);
		i = j;
	}
}

/* Whether the line s[a, b) states a job value, which a signature never does: it opens with a form key
 * ("walltime: ...", "Nodes - 4") or holds a number with a node, GPU or duration unit ("ask for 30 h",
 * "2 nodes"). A phone extension or a room number has no unit. */
static bool line_states_job(const char *s, size_t a, size_t b)
{
	char w[32], prev[32] = "";
	size_t n = 0, words = 0;
	for (size_t i = a; i <= b; i++) {
		char ch = i < b ? s[i] : ' ';
		if (isalnum((unsigned char)ch) || ch == '_') {
			if (n + 1 < sizeof(w))
				w[n++] = (char)tolower((unsigned char)ch);
			continue;
		}
		if (!n)
			continue;
		w[n] = '\0';
		n = 0;
		if (words++ == 0) {
			size_t j = i;
			while (j < b && (s[j] == ' ' || s[j] == '\t'))
				j++;
			if (j < b && (s[j] == ':' || s[j] == '=') && vocab_key(w) != VK_NONE)
				return true;
		}
		if ((number_word(prev) > 0 || isdigit((unsigned char)prev[0])) &&
		    (is_node_unit(w) || is_gpu_unit(w) || duration_unit(w) > 0))
			return true;
		memcpy(prev, w, sizeof(w));
	}
	return false;
}

/* An e-mail signature: the lines after a "-- " line (the signature delimiter), up to a quoted line or 8
 * lines ("-- \nSam Ortiz\nML Platform team, ext. 4417"): names and titles, never the job's values. A
 * "--" whose lines state the job ("--\nwalltime: please ask for 30 h") is a separator, not a signature. */
static bool signature_states_job(const char *s, size_t len, size_t p)
{
	for (int lines = 0; p < len && lines < 8; lines++) {
		const char *n2 = memchr(s + p + 1, '\n', len - p - 1);
		size_t pe = n2 ? (size_t)(n2 - s) : len;
		if (line_states_job(s, p + 1, pe))
			return true;
		p = pe;
	}
	return false;
}

/* A pasted file's name on a comment line of its own ("# parsl_aurora.py", "// config.py:") names the
 * file shown, not the program to run: blanked when another Python file is named elsewhere in the text
 * ("... mpiexec python train.py --xpu"). */
static void blank_file_name_headers(char *s, size_t len)
{
	for (size_t la = 0; la < len;) {
		const char *nl = memchr(s + la, '\n', len - la);
		size_t lb = nl ? (size_t)(nl - s) : len;
		size_t p = la;
		while (p < lb && (s[p] == ' ' || s[p] == '\t'))
			p++;
		size_t m = p;
		if (m < lb && s[m] == '#')
			m++;
		else if (m + 1 < lb && s[m] == '/' && s[m + 1] == '/')
			m += 2;
		if (m > p && m < lb && s[m] == ' ') {
			while (m < lb && s[m] == ' ')
				m++;
			size_t e = m;
			while (e < lb && !isspace((unsigned char)s[e]))
				e++;
			size_t we = e;
			if (we > m && s[we - 1] == ':')
				we--;
			size_t rest = e;
			while (rest < lb && isspace((unsigned char)s[rest]))
				rest++;
			bool py = we - m > 3 && !strncmp(s + we - 3, ".py", 3);
			bool other = false;
			for (const char *q = s; py && !other && (q = memmem(q, len - (size_t)(q - s), ".py", 3)) != NULL; q += 3)
				other = (size_t)(q - s) < la || (size_t)(q - s) >= lb;
			if (py && rest == lb && other)
				for (size_t q = p; q < lb; q++)
					s[q] = ' ';
		}
		la = lb + 1;
	}
}

static void blank_signature(char *s, size_t len)
{
	for (size_t la = 0; la < len;) {
		const char *nl = memchr(s + la, '\n', len - la);
		size_t lb = nl ? (size_t)(nl - s) : len;
		size_t e = lb;
		while (e > la && (s[e - 1] == ' ' || s[e - 1] == '\r'))
			e--;
		if (e - la == 2 && s[la] == '-' && s[la + 1] == '-' && !signature_states_job(s, len, lb)) {
			size_t p = lb;
			for (int lines = 0; p < len && lines < 8; lines++) {
				size_t q = p + 1;
				while (q < len && (s[q] == ' ' || s[q] == '\t'))
					q++;
				if (q < len && s[q] == '>')
					break;
				const char *n2 = memchr(s + p + 1, '\n', len - p - 1);
				size_t pe = n2 ? (size_t)(n2 - s) : len;
				memset(s + p + 1, ' ', pe - p - 1);
				p = pe;
			}
			memset(s + la, ' ', e - la);
			la = p + 1;
			continue;
		}
		la = lb + 1;
	}
}

/* Reads one message: the layers in order. */
/* A count statement that a later one outranks: rejected with the reason, and no longer stated. */
static void drop_count(struct request *req, int *val, enum rank *rank, enum req_field f, const char *why)
{
	request_reject(req, f, req->from[f] ? req->from[f] : "", req->from[f] ? strlen(req->from[f]) : 0, why);
	*val = 0;
	*rank = RK_NONE;
	free(req->from[f]);
	req->from[f] = NULL;
}

static void read_message(const char *text, size_t len, const struct repo *repo, struct request *req,
			 const struct request *older)
{
	size_t xlen = 0;
	char *expanded = rd_expand_calls(text, len, &xlen); /* "trn() {...}" and "trn 2 8": what the call runs */
	if (expanded)
		text = expanded, len = xlen;
	struct ctx c = {0};
	c.t = spare_toks; /* empty (c.n == 0): push_tok fills it from the start */
	c.alloc = spare_alloc;
	spare_toks = NULL;
	spare_alloc = 0;
	c.text = text;
	c.len = len;
	c.repo = repo;
	c.req = req;
	c.older = older;
	c.nl = xstrndup(text, len);
	rd_blank_wide_punct(c.nl, len);
	blank_diff_removed(c.nl, len);
	blank_struck_out(c.nl, len);
	blank_unticked(c.nl, len);
	blank_dismissed(c.nl, len);
	blank_signature(c.nl, len);
	blank_file_name_headers(c.nl, len);
	rd_blank_tool_output(c.nl, len);
	rd_blank_failure_notes(c.nl, text, len); /* an earlier run's failure: its limits, size and reasons */
	rd_blank_used_assignments(&c);
	rd_blank_unchosen_commands(&c);
	rd_blank_unchosen_configs(&c);
	c.nchat_corr = rd_blank_speakers(c.nl, len, c.chat_corr, sizeof(c.chat_corr) / sizeof(*c.chat_corr));
	if (!c.nchat_corr)
		c.nchat_corr = rd_version_lines(c.nl, len, c.chat_corr, sizeof(c.chat_corr) / sizeof(*c.chat_corr));
	c.cmd_fw = FW_NONE;
	c.cmd_st = ST_NONE;
	c.cmd_launcher = -1;
	rd_find_foreign_blocks(&c);
	rd_find_spec_blocks(&c);
	rd_find_program_blocks(&c);
	rd_find_run_records(&c);
	rd_read_pasted_facts(&c);
	rd_read_fields(&c);
	rd_find_command(&c);
	rd_tokenize(&c);
	rd_mark_corrections(&c);
	rd_fence_old_values(&c);
	rd_read_cluster(&c);
	rd_read_machine_identified(&c); /* "that's Frontera": an unknown machine, named to say what was pasted */
	/* a reply that names no cluster ("No, keep batch please: 40 nodes, 1 h") means the one of the message
	 * it quotes: its queues and account shapes are read as that cluster's (the cluster itself is taken
	 * from the older message by rd_merge_older) */
	if (!c.cluster && !req->cluster && older && older->cluster)
		c.cluster = repo_cluster(repo, older->cluster);
	rd_fence_local_machine(&c);
	rd_fence_arrow_source(&c);
	rd_fence_shape_questions(&c);
	rd_fence_past_runs(&c);
	rd_fence_future_runs(&c);
	rd_fence_finished_jobs(&c);
	rd_unfence_repeats(&c);
	rd_read_container(&c); /* after the fences: a container of the machine the job runs on now is not asked for */
	rd_mark_foreign_tokens(&c);
	rd_demote_foreign_command(&c);
	rd_read_count_choice(&c);
	rd_fence_diff_words(&c);
	rd_read_relative_change(&c);
	rd_read_parallel_degrees(&c);
	rd_read_measure_nodes(&c);
	rd_read_source_machines(&c); /* "8x p4d.24xlarge", "world size 32": the source's size */
	rd_read_counts(&c);
	rd_read_all_gpus_each_node(&c);
	rd_read_node_deferral(&c);
	rd_read_framework(&c);
	rd_read_walltime(&c);
	rd_read_host_resources(&c);
	if (!req->walltime_min && !req->from[RF_WALLTIME] && c.copied_walltime) {
		req->walltime_min = c.copied_walltime; /* "the same time" as the other system's pasted header */
		rd_from_text(&c, RF_WALLTIME, c.copied_walltime_a, c.copied_walltime_b);
	}
	rd_read_walltime_queue_max(&c);
	rd_read_budget(&c); /* "72 SUs left at 3 SU per node-hour, 2 nodes for as long as that covers" */
	rd_read_port(&c);
	rd_read_job_name(&c);
	rd_read_account(&c);
	rd_read_queue(&c);
	/* a queue named only before the correction that states the size again ("it runs on 2 nodes in debug.
	 * What we need now: 10 nodes"): kept where it admits the new size, else replaced (rules) */
	if (req->queue && c.nodes_rank != RK_NONE && c.nodes_corr > 1) {
		int qcorr = -1;
		for (size_t i = 0; i < c.n; i++)
			if (!strcasecmp(c.t[i].raw, req->queue) && c.t[i].corr > qcorr)
				qcorr = c.t[i].corr; /* the latest level the queue is named at */
		if (qcorr >= 0 && 2 * qcorr < c.nodes_corr - 1) /* statement levels are doubled (count_statements.c) */
			req->queue_from_older = true;
	}
	rd_apply_pasted_facts(&c); /* "same account as above": what the request leaves to the pasted output */
	rd_read_gpu_model(&c);
	rd_drop_pasted_queue(&c); /* (and the GPU model) */
	rd_read_env(&c);
	rd_read_model(&c);
	rd_carry_arg_variables(&c);
	/* what a typed launch command runs outranks prose; prose fills what the command leaves open */
	if (c.cmd_fw != FW_NONE) {
		if (req->framework == FW_NONE || (c.cmd_fw != FW_PYTORCH && req->framework == FW_PYTORCH))
			req->framework = c.cmd_fw;
		else if (c.cmd_fw == FW_ACCELERATE && req->framework == FW_DEEPSPEED)
			req->framework = FW_ACCELERATE; /* accelerate launch with DeepSpeed */
	}
	if (c.cmd_st != ST_NONE && (req->strategy == ST_NONE || c.cmd_st_stated))
		req->strategy = c.cmd_st;
	rd_read_args_strategy(&c);
	if (c.zero_field && (req->strategy == ST_NONE || req->strategy >= ST_ZERO1)) {
		req->strategy = c.zero_field == 1 ? ST_ZERO1 : c.zero_field == 2 ? ST_ZERO2 : ST_ZERO3;
		if (req->framework == FW_NONE || req->framework == FW_PYTORCH)
			req->framework = FW_DEEPSPEED;
	}
	/* a pasted DeepSpeed config's stage ("zero_optimization": {"stage": 2}), where the words name none */
	bool stage_said = c.zero_words || (c.cmd_st_stated && c.cmd_st >= ST_ZERO1);
	/* (and an accelerate config's "distributed_type: DEEPSPEED ... zero_stage: 2": accelerate with that
	 * stage; never over a strategy the words chose: "plain accelerate DDP now") */
	if (c.zero_config && !c.zero_field && !stage_said &&
	    (req->strategy == ST_NONE || req->strategy >= ST_ZERO1 || (req->strategy == ST_DDP && !req->from[RF_STRATEGY])) &&
	    (req->framework == FW_NONE || req->framework == FW_PYTORCH || req->framework == FW_DEEPSPEED ||
	     req->framework == FW_ACCELERATE)) {
		req->strategy = c.zero_config == 1 ? ST_ZERO1 : c.zero_config == 2 ? ST_ZERO2 : ST_ZERO3;
		if (req->framework != FW_ACCELERATE)
			req->framework = FW_DEEPSPEED;
	}
	/* a reply moving the quoted job to another cluster ("> Vista, 8 nodes, ..." / "No, DeltaAI instead, with
	 * the same number of GPUs"): the quoted job's size is where it would have run, what "the same" keeps */
	if (older && c.cluster && older->cluster && strcmp(c.cluster->id, older->cluster) && !c.src_nodes && !c.src_gpn &&
	    !c.src_total) {
		const struct cluster *oc = repo_cluster(repo, older->cluster);
		c.src_nodes = older->nodes > 0 ? older->nodes : 0;
		c.src_gpn = older->gpus_per_node > 0 ? older->gpus_per_node : c.src_nodes && oc ? oc->hw.gpus_per_node : 0;
		c.src_total = older->total_gpus > 0 ? older->total_gpus : 0;
	}
	rd_keep_source_size(&c);
	rd_relative_to_source(&c);
	/* "It runs on my 4x A6000 workstation with torchrun --nproc_per_node=4 ... Now Polaris, 5h": no size of
	 * its own, and the own machine's GPUs are one whole node of the target (any other size is asked) */
	if (!c.nodes && !c.gpn && !c.total && c.local_gpus > 0 && c.cluster && c.local_gpus == c.cluster->hw.gpus_per_node &&
	    !req->nodes_undecided) {
		c.nodes = 1;
		c.nodes_rank = RK_COPIED;
		request_warn(req, "1 node: the %d GPUs your own machine's command starts are one node of %s (say how many nodes "
				  "to change it)",
			     c.local_gpus, c.cluster->id);
	}
	/* a total stated later than the GPUs per node, that they do not make ("all 8 V100s" ... "fair.
	 * GPU-shared, 4 GPUs then"): the later total stands, the GPUs per node follow from it */
	if (c.total_rank >= RK_PROSE && c.gpn_rank >= RK_PROSE && c.total_corr > c.gpn_corr && c.nodes > 0 && c.gpn > 0 &&
	    c.gpn * c.nodes != c.total) {
		drop_count(req, &c.gpn, &c.gpn_rank, RF_GPUS_PER_NODE, "corrected later in the request by a total it does not make");
	}
	/* and GPUs per node stated later than a total they do not make ("1 node 2 GPUs for 3h. Update: use
	 * all 4 GPUs on the node"): the later GPUs per node stand, the total follows from them */
	if (c.total_rank >= RK_PROSE && c.gpn_rank >= RK_PROSE && c.gpn_corr > c.total_corr && c.nodes > 0 && c.gpn > 0 &&
	    c.gpn * c.nodes != c.total) {
		drop_count(req, &c.total, &c.total_rank, RF_TOTAL_GPUS, "corrected later in the request by GPUs per node");
	}
	/* a node count stated later than a total it does not divide into the node's GPUs ("srun -N 32 -n 256
	 * ..." then "drop to 8 nodes"): the total was the old size, the later node count stands */
	if (c.nodes > 0 && c.total > 0 && c.nodes_corr > c.total_corr && c.total_rank >= RK_PROSE) {
		int most = c.cluster ? cluster_max_gpus_per_node(c.cluster) : 0;
		/* (or the total was whole nodes of another count: "1 node (8 GPUs)" ... "yes, 2 nodes" asks
		 * for two whole nodes, not 2 x 4) */
		bool whole_nodes = most && c.gpn_rank < RK_PROSE && c.total % most == 0 && c.total / most != c.nodes;
		if ((c.gpn > 0 && c.gpn * c.nodes != c.total) || c.total % c.nodes || (most && c.total / c.nodes > most) ||
		    whole_nodes)
			drop_count(req, &c.total, &c.total_rank, RF_TOTAL_GPUS, "the size before a later node count");
	}
	/* "Multi-GPU: torchrun --nproc_per_node=8 ... I want it on Perlmutter with 4 nodes (so 16 GPUs)": the
	 * words give the whole shape, nodes and total, and the command's GPUs per node is not it (the machine
	 * the command was written for) */
	bool gpn_flag = req->from[RF_GPUS_PER_NODE] && req->from[RF_GPUS_PER_NODE][0] == '-';
	if ((c.gpn_rank == RK_COMMAND || (c.gpn_rank == RK_PROSE && gpn_flag)) && c.nodes_rank == RK_PROSE &&
	    c.total_rank == RK_PROSE && c.nodes > 0 && c.total > 0 && c.gpn > 0 && c.total % c.nodes == 0 &&
	    c.total / c.nodes != c.gpn) {
		request_warn(req, "the command's %d processes per node yield to the %d nodes and %d GPUs the request states", c.gpn,
			     c.nodes, c.total);
		drop_count(req, &c.gpn, &c.gpn_rank, RF_GPUS_PER_NODE, "the command's; the words state nodes and GPUs");
	}
	/* a program's configuration written for a bigger machine ("devices: 8" of a DGX's trainer section) with
	 * the request's own node count: the target's nodes run what they have */
	if (c.program_gpn && c.gpn_rank == RK_PASTED && c.cluster && c.nodes_rank >= RK_PROSE &&
	    c.gpn > cluster_max_gpus_per_node(c.cluster)) {
		request_warn(req, "the program's configuration asks for %d GPUs per node; %s nodes have %d, so each node runs %d "
				  "(change the configuration to match)",
			     c.gpn, c.cluster->id, cluster_max_gpus_per_node(c.cluster), cluster_max_gpus_per_node(c.cluster));
		drop_count(req, &c.gpn, &c.gpn_rank, RF_GPUS_PER_NODE, "a program configuration's GPUs per node, more than a node has");
	}
	/* the counts of a limit or of another system's pasted script go together: once the request states a
	 * count of its own, none of them stands ("2 nodes" beside a pasted "mpiexec -n 32") */
	bool own = c.nodes_rank > RK_COPIED || c.gpn_rank > RK_COPIED || c.total_rank > RK_COPIED;
	/* a size of its own (nodes or a total); GPUs per node alone change each node, not how many ("port
	 * this to Frontier, all 8 GCDs per node": the pasted job's node count stands) */
	bool own_size = c.nodes_rank > RK_COPIED || c.total_rank > RK_COPIED;
	/* another system's pasted script gives its node count and its total; the total is that system's GPUs
	 * per node times the nodes, so only the node count carries ("Port this Polaris job to Aurora, same
	 * node count": 8 nodes, Aurora's 12 GPUs each, not mpiexec -n 32) */
	if (!own_size && c.nodes_rank == RK_COPIED && c.total_rank == RK_COPIED && c.nodes > 0)
		c.total = 0, (free(req->from[RF_TOTAL_GPUS]), req->from[RF_TOTAL_GPUS] = NULL);
	if (own_size && c.nodes_rank == RK_COPIED)
		c.nodes = 0, (free(req->from[RF_NODES]), req->from[RF_NODES] = NULL);
	if (own && c.gpn_rank == RK_COPIED)
		c.gpn = 0, (free(req->from[RF_GPUS_PER_NODE]), req->from[RF_GPUS_PER_NODE] = NULL);
	if (own && c.total_rank == RK_COPIED)
		c.total = 0, (free(req->from[RF_TOTAL_GPUS]), req->from[RF_TOTAL_GPUS] = NULL);
	/* a pasted job script's total was its nodes times its GPUs per node: once the words give the node
	 * count ("change this to 2 full nodes"), it goes; its GPUs per node stay unless the words change them */
	if (c.total_rank == RK_PASTED && c.nodes_rank >= RK_PROSE && c.nodes > 0)
		c.total = 0, (free(req->from[RF_TOTAL_GPUS]), req->from[RF_TOTAL_GPUS] = NULL);
	req->nodes = c.nodes;
	req->gpus_per_node = c.gpn;
	req->total_gpus = c.total;
	free(c.nl);
	free(expanded);
	free(c.cmd_container_runtime);
	free(c.cmd_container_image);
	if (!spare_toks) { /* a quoted message read inside this one may have put its array back first */
		spare_toks = c.t;
		spare_alloc = c.alloc;
	} else {
		free(c.t);
	}
}

/* Whether the quoted older message, read alone, kept none of its sizes, time or account (all said of an
 * earlier run: "> last week: pm, 4 nodes, 3h, account m4431") while stating some, and the reply points
 * at them with "same". */
static bool past_run_quoted(const struct request *old, const char *older, const char *newest, size_t len)
{
	if (old->nodes || old->total_gpus || old->account || old->walltime_min) /* (a command's per-node count stays) */
		return false;
	bool digits = false;
	for (size_t i = 0; i < len && !digits; i++)
		digits = isdigit((unsigned char)older[i]);
	if (!digits)
		return false;
	for (size_t i = 0; i + 4 <= len; i++)
		if (!strncasecmp(newest + i, "same", 4) && (i == 0 || !isalpha((unsigned char)newest[i - 1])) &&
		    (i + 4 == len || !isalpha((unsigned char)newest[i + 4])))
			return true;
	return false;
}

/* A reply or forward: the newest message is read on its own; the older messages it quotes are read the
 * same way (one quoting level at a time, so the oldest is read first) and fill what the newest leaves
 * open. What the newest states always wins ("make it 4 nodes" over the quoted "2 nodes"). */
static void read_thread(const char *text, size_t len, const struct repo *repo, struct request *req, int depth)
{
	char *newest = NULL, *older = NULL;
	if (depth >= 8 || !rd_split_conversation(text, len, &newest, &older)) {
		read_message(text, len, repo, req, NULL);
		rd_apply_relative_change(req);
		return;
	}
	struct request old;
	request_init(&old);
	read_thread(older, len, repo, &old, depth + 1);
	if (past_run_quoted(&old, older, newest, len)) {
		/* "> last week: pm, 4 nodes, 3h, account m4431, ..." / "Same nodes and same account, but 6 hours":
		 * the quoted message only tells of an earlier run (read alone, its values are where the job ran
		 * before) and the reply asks for "the same": read as one message, whose fences keep the earlier
		 * run's values for the words that point at them */
		request_release(&old);
		free(newest);
		free(older);
		char *flat = xstrndup(text, len);
		for (size_t la = 0; la < len;) {
			size_t p = la;
			while (p < len && (flat[p] == ' ' || flat[p] == '\t'))
				p++;
			while (p < len && flat[p] == '>')
				flat[p++] = ' ';
			const char *nl = memchr(flat + la, '\n', len - la);
			la = nl ? (size_t)(nl - flat) + 1 : len;
		}
		read_message(flat, len, repo, req, NULL);
		rd_apply_relative_change(req);
		free(flat);
		return;
	}
	read_message(newest, len, repo, req, &old);
	rd_merge_older(req, &old);
	rd_apply_relative_change(req);
	request_release(&old);
	free(newest);
	free(older);
}


int extract_text(const char *text, size_t len, const struct repo *repo, struct request *req,
		 struct maple_error *err)
{
	if (len > MAX_REQUEST_BYTES)
		return errorf(err, "the request is %zu bytes; the limit is %d bytes. Describe the job in a few "
				   "sentences (nodes, GPUs, cluster, script and its arguments)",
			      len, MAX_REQUEST_BYTES);
	if (!rd_valid_utf8((const unsigned char *)text, len))
		return errorf(err, "the request is not valid UTF-8 text (binary data or a wrong encoding); pass the "
				   "request as plain text");
	if (rd_mostly_binary((const unsigned char *)text, len))
		return errorf(err, "the request contains control characters; pass the request as plain text");
	size_t i = 0;
	while (i < len && isspace((unsigned char)text[i]))
		i++;
	if (i == len)
		return errorf(err, "the request is empty; describe the job, for example: \"train.py on 2 nodes of "
				   "perlmutter with torchrun\"");
	if (vocab_load(repo_dirs(repo), err) < 0)
		return -1;
	/* answers written under questions, then replies written under quoted fields: each flattened into
	 * form lines when the text is one */
	size_t q_len = 0, flat_len = 0, csv_len = 0, lead_len = 0, plain_len = 0;
	char *plain = rd_plain_typography(text, len, &plain_len);
	if (plain) {
		text = plain;
		len = plain_len;
	}
	size_t diff_len = 0;
	char *diff = rd_read_script_diffs(text, len, &diff_len); /* a pasted script's diff: its new version */
	if (diff)
		text = diff, len = diff_len;
	char *edits = rd_read_script_edits(text, len, &diff_len); /* sed edits applied, before/after versions */
	if (edits)
		text = edits, len = diff_len;
	size_t wa = 0, wb = len;
	rd_unwrap_whole(text, &wa, &wb);
	text += wa;
	len = wb - wa;
	char *lead = rd_split_lead_in(text, len, &lead_len);
	if (lead) {
		text = lead;
		len = lead_len;
	}
	/* a Makefile's rule or a shell function and its call, before the layers that flatten lists and forms
	 * rewrite the rule's variable lines ("GPUS ?= 4") as fields (each message is expanded again when read) */
	size_t calls_len = 0;
	char *calls = rd_expand_calls(text, len, &calls_len);
	if (calls) {
		text = calls;
		len = calls_len;
	}
	size_t py_len = 0;
	char *py = rd_flatten_python_commands(text, len, &py_len);
	if (py) {
		text = py;
		len = py_len;
	}
	size_t loop_len = 0;
	char *loop = rd_pick_loop_value(text, len, &loop_len); /* one value of a loop over seeds, picked */
	if (loop)
		text = loop, len = loop_len;
	size_t pick_len = 0;
	char *picked = rd_pick_listed_item(text, len, repo, &pick_len); /* one of several listed runs, picked */
	if (picked)
		text = picked, len = pick_len;
	size_t markup_len = 0;
	char *markup = rd_flatten_markup(text, len, &markup_len);
	if (markup) {
		text = markup;
		len = markup_len;
	}
	char *csv = rd_flatten_csv(text, len, &csv_len);
	if (csv) {
		text = csv;
		len = csv_len;
	}
	size_t runs_len = 0;
	char *runs = rd_flatten_run_tables(text, len, &runs_len); /* aligned columns, rows under named columns */
	if (runs) {
		text = runs;
		len = runs_len;
	}
	char *answered = rd_flatten_question_replies(text, len, &q_len);
	if (answered) {
		text = answered;
		len = q_len;
	}
	char *flat = rd_flatten_inline_replies(text, len, &flat_len);
	if (flat) {
		read_thread(flat, flat_len, repo, req, 0);
		free(flat);
	} else {
		read_thread(text, len, repo, req, 0);
	}
	rd_cluster_from_paste(text, len, repo, req);
	free(answered);
	free(runs);
	free(csv);
	free(markup);
	free(picked);
	free(loop);
	free(py);
	free(lead);
	free(calls);
	free(edits);
	free(diff);
	free(plain);
	return 0;
}
