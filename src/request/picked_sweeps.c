/* picked_sweeps.c - job arrays and sweeps that run one job per value, and the writer's words that pick one
 * value (picked_loop.c reads shell for-loops the same way):
 *     #SBATCH --array=0-3                        python train.py -m model=small,large trainer.devices=4
 *     python train.py --seed $SLURM_ARRAY_TASK_ID    "only the large one"      (Hydra multirun)
 *     "I just need task 2", "only fold 3"       parallel python train.py --seed {} ::: 1 2 3
 *     CONFIGS=(small.yaml base.yaml large.yaml)  "the seed 2 one"           (GNU parallel)
 *     ... --config ${CONFIGS[$SLURM_ARRAY_TASK_ID]}   "run the large.yaml one"
 * Slurm (--array, -a), PBS (-J) and Grid Engine (-t) arrays: their task ids ("0-3", "1,3,5", "0-7:2%4")
 * are the values, or the elements of a shell array the task id indexes. A value is named after "task",
 * "index" or the option the task id fills ("--fold $SLURM_ARRAY_TASK_ID": "fold 3"), or as picked_loop.c
 * reads loop values. With one value picked the construct is rewritten as the one job it runs: the array
 * line dropped and the task id replaced; a multirun's "-m" dropped and "key=a,b" written "key=b"; a
 * parallel line written as its command with "{}" replaced. Without one value picked nothing changes. */
#include "reader.h"
#include "picked_loop.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static size_t line_end(const char *s, size_t p, size_t len)
{
	const char *nl = memchr(s + p, '\n', len - p);
	return nl ? (size_t)(nl - s) : len;
}

static size_t line_start(const char *s, size_t p)
{
	while (p > 0 && s[p - 1] != '\n')
		p--;
	return p;
}

static void add_val(struct loop *l, const char *v, size_t n)
{
	if (l->nval < MAX_VALUES && n && n < sizeof(l->val[0])) {
		memcpy(l->val[l->nval], v, n);
		l->val[l->nval++][n] = 0;
	}
}

static void set_word(char *dst, size_t cap, const char *s, size_t n)
{
	if (n >= cap)
		n = 0;
	memcpy(dst, s, n);
	dst[n] = 0;
}

void pk_array_values(const char *s, size_t len, const char *name, struct loop *l)
{
	size_t nl = strlen(name);
	for (size_t p = 0; p + nl + 2 <= len; p++) {
		if (strncmp(s + p, name, nl) || s[p + nl] != '=' || s[p + nl + 1] != '(' ||
		    (p > 0 && !(s[p - 1] == ' ' || s[p - 1] == '\n' || s[p - 1] == ';' || s[p - 1] == '\t')))
			continue;
		size_t q = p + nl + 2;
		while (q < len && s[q] != ')' && s[q] != '\n') {
			while (q < len && (s[q] == ' ' || s[q] == '\t'))
				q++;
			size_t v = q;
			while (q < len && !isspace((unsigned char)s[q]) && s[q] != ')')
				q++;
			size_t a = v, e = q;
			if (e - a >= 2 && (s[a] == '"' || s[a] == '\'') && s[e - 1] == s[a])
				a++, e--;
			add_val(l, s + a, e - a);
		}
		return;
	}
}

/* ---- job arrays ---- */

static const char *const task_vars[] = {"SLURM_ARRAY_TASK_ID", "PBS_ARRAY_INDEX", "PBS_ARRAYID", "SGE_TASK_ID",
					"LSB_JOBINDEX", NULL};

/* The array's task ids in spec ("0-3", "1,3,5", "0-7:2%4") as numbers: their count. */
static int read_spec(const char *s, size_t p, size_t e, int *ids, int cap)
{
	int n = 0;
	while (p < e && n < cap) {
		int lo = 0, hi, st = 1;
		size_t d = p;
		while (p < e && isdigit((unsigned char)s[p]) && lo < 100000)
			lo = lo * 10 + (s[p++] - '0');
		if (p == d)
			return 0;
		hi = lo;
		if (p < e && s[p] == '-') {
			p++;
			hi = 0;
			d = p;
			while (p < e && isdigit((unsigned char)s[p]) && hi < 100000)
				hi = hi * 10 + (s[p++] - '0');
			if (p == d || hi < lo)
				return 0;
		}
		if (p < e && s[p] == ':') {
			p++;
			st = 0;
			while (p < e && isdigit((unsigned char)s[p]) && st < 100000)
				st = st * 10 + (s[p++] - '0');
			if (st <= 0)
				return 0;
		}
		if ((hi - lo) / st >= cap)
			return 0;
		for (int v = lo; v <= hi && n < cap; v += st)
			ids[n++] = v;
		if (p < e && s[p] == '%') { /* the throttle */
			p++;
			while (p < e && isdigit((unsigned char)s[p]))
				p++;
		}
		if (p < e && s[p] == ',')
			p++;
		else
			break;
	}
	return n;
}

/* The array option on the line [p, e): where its spec starts and ends; the option's own span in *oa, *ob. */
static bool array_option(const char *s, size_t p, size_t e, size_t *sa, size_t *sb, size_t *oa, size_t *ob)
{
	static const char *const opts[] = {"--array=", "--array ", "-a ", "-J ", "-t ", NULL};
	size_t ind = p;
	while (ind < e && (s[ind] == ' ' || s[ind] == '\t'))
		ind++;
	bool directive = (e - ind > 7 && !strncmp(s + ind, "#SBATCH", 7)) || (e - ind > 4 && !strncmp(s + ind, "#PBS", 4)) ||
			 (e - ind > 2 && !strncmp(s + ind, "#$", 2));
	bool sbatch = false;
	for (size_t q = ind; q + 7 <= e && !directive; q++)
		if (!strncmp(s + q, "sbatch ", 7) && (q == ind || s[q - 1] == ' '))
			sbatch = true;
	if (!directive && !sbatch)
		return false;
	for (size_t q = ind; q < e; q++) {
		if (q > ind && s[q - 1] != ' ')
			continue;
		for (const char *const *o = opts; *o; o++) {
			size_t n = strlen(*o);
			if (q + n >= e || strncmp(s + q, *o, n))
				continue;
			/* -a, -t only in a directive of their own system; -J of PBS, not of LSF's names */
			if (!strcmp(*o, "-a ") && strncmp(s + ind, "#SBATCH", 7) && !sbatch)
				continue;
			if (!strcmp(*o, "-J ") && strncmp(s + ind, "#PBS", 4))
				continue;
			if (!strcmp(*o, "-t ") && strncmp(s + ind, "#$", 2))
				continue;
			size_t v = q + n, w = v;
			while (w < e && !isspace((unsigned char)s[w]))
				w++;
			if (w == v || !isdigit((unsigned char)s[v]))
				continue;
			*sa = v, *sb = w, *oa = q, *ob = w;
			return true;
		}
	}
	return false;
}

/* Where the task id variable is used from p on: "$VAR", "${VAR}", or inside "${ARR[$VAR]}"; its name. */
static const char *task_var_at(const char *s, size_t p, size_t len, size_t *at)
{
	for (size_t q = p; q < len; q++) {
		if (s[q] != '$')
			continue;
		size_t r = q + 1 + (q + 1 < len && s[q + 1] == '{');
		for (const char *const *v = task_vars; *v; v++) {
			size_t n = strlen(*v);
			if (r + n <= len && !strncmp(s + r, *v, n) && (r + n == len || !(isalnum((unsigned char)s[r + n]) || s[r + n] == '_'))) {
				*at = q;
				return *v;
			}
		}
	}
	return NULL;
}

/* "${ARR[$VAR]}" or "${ARR[${VAR}]}" around the use at q: the array's name and the whole span. */
static bool indexed_use(const char *s, size_t len, size_t q, char *arr, size_t cap, size_t *ua, size_t *ub)
{
	size_t b = q;
	if (b == 0 || s[b - 1] != '[')
		return false;
	size_t n = b - 1, a = n;
	while (a > 0 && (isalnum((unsigned char)s[a - 1]) || s[a - 1] == '_'))
		a--;
	if (a < 2 || s[a - 1] != '{' || s[a - 2] != '$' || a == n || n - a >= cap)
		return false;
	size_t e = q;
	while (e < len && s[e] != ']' && s[e] != '\n')
		e++;
	if (e + 1 >= len || s[e] != ']' || s[e + 1] != '}')
		return false;
	set_word(arr, cap, s + a, n - a);
	*ua = a - 2;
	*ub = e + 2;
	return true;
}

/* The option the use fills ("--fold $SLURM_ARRAY_TASK_ID", "--seed=${...}"): its name without dashes. */
static void option_before(const char *s, size_t q, char *dst, size_t cap)
{
	dst[0] = 0;
	size_t p = q;
	if (p > 0 && (s[p - 1] == '=' || s[p - 1] == ' '))
		p--;
	while (p > 0 && s[p - 1] == ' ')
		p--;
	size_t e = p;
	while (p > 0 && (isalnum((unsigned char)s[p - 1]) || s[p - 1] == '_' || s[p - 1] == '-'))
		p--;
	if (p >= 2 && s[p] == '-' && s[p + 1] == '-')
		p += 2;
	else if (s[p] == '-')
		p++;
	else
		return;
	if (e > p && e - p < cap)
		set_word(dst, cap, s + p, e - p);
}

static char *pick_array(const char *s, size_t len, size_t *out_len)
{
	for (size_t p = 0; p < len;) {
		size_t e = line_end(s, p, len), sa, sb, oa, ob;
		if (!array_option(s, p, e, &sa, &sb, &oa, &ob)) {
			p = e + 1;
			continue;
		}
		int ids[MAX_VALUES];
		int nid = read_spec(s, sa, sb, ids, MAX_VALUES);
		size_t use;
		const char *var = task_var_at(s, e, len, &use);
		if (nid < 2 || !var) {
			p = e + 1;
			continue;
		}
		struct loop l;
		memset(&l, 0, sizeof(l));
		set_word(l.var, sizeof(l.var), "task", 4);
		set_word(l.alias[1], sizeof(l.alias[1]), "index", 5);
		char arr[32];
		size_t ua = use, ub = use;
		bool indexed = indexed_use(s, len, use, arr, sizeof(arr), &ua, &ub);
		option_before(s, ua, l.alias[0], sizeof(l.alias[0]));
		struct loop elems;
		memset(&elems, 0, sizeof(elems));
		if (indexed) {
			pk_array_values(s, len, arr, &elems);
			for (int k = 0; k < nid; k++)
				if (ids[k] < elems.nval)
					add_val(&l, elems.val[ids[k]], strlen(elems.val[ids[k]]));
			if (l.nval != nid) {
				p = e + 1;
				continue;
			}
		} else {
			for (int k = 0; k < nid; k++) {
				char b[16];
				add_val(&l, b, (size_t)snprintf(b, sizeof(b), "%d", ids[k]));
			}
		}
		/* the array's lines: from the option's line (or the shell array's, when above it) to the last use */
		l.a = line_start(s, p);
		if (indexed) {
			char set[40];
			int n = snprintf(set, sizeof(set), "%s=(", arr);
			const char *at = n > 0 ? strstr(s, set) : NULL;
			if (at && (size_t)(at - s) < l.a)
				l.a = line_start(s, (size_t)(at - s));
		}
		size_t last = use, q;
		while (task_var_at(s, last + 1, len, &q))
			last = q;
		l.b = line_end(s, last, len);
		size_t pa = 0, pb = 0;
		int v = pk_pick_value(s, len, &l, &pa, &pb);
		if (v < 0)
			return NULL;
		struct strbuf out = STRBUF_INIT;
		strbuf_add(&out, s, l.a);
		size_t varlen = strlen(var);
		for (size_t r = l.a; r < l.b;) {
			size_t re = line_end(s, r, l.b);
			size_t ind = r;
			while (ind < re && (s[ind] == ' ' || s[ind] == '\t'))
				ind++;
			bool option_line = r <= oa && oa < re;
			bool own_directive = option_line && s[ind] == '#';
			bool array_set = indexed && !strncmp(s + ind, arr, strlen(arr)) && s[ind + strlen(arr)] == '=';
			if (own_directive || array_set) { /* "#SBATCH --array=0-3", "CONFIGS=(...)": dropped */
				r = re + 1;
				continue;
			}
			for (size_t k = r; k < re; k++) {
				if (option_line && k == oa) { /* "sbatch --array=0-3 job.sh": the option dropped */
					k = ob;
					while (k + 1 < re && s[k] == ' ' && s[k + 1] == ' ')
						k++;
					if (k >= re)
						break;
				}
				if (indexed && k == ua) {
					strbuf_adds(&out, l.val[v]);
					k = ub - 1;
					continue;
				}
				if (s[k] == '$') {
					size_t x = k + 1 + (s[k + 1] == '{');
					if (x + varlen <= re && !strncmp(s + x, var, varlen) &&
					    (x + varlen == re || !(isalnum((unsigned char)s[x + varlen]) || s[x + varlen] == '_'))) {
						if (s[k + 1] == '{' && x + varlen < re && s[x + varlen] == '}')
							x++;
						else if (s[k + 1] == '{') {
							strbuf_addch(&out, s[k]);
							continue;
						}
						strbuf_adds(&out, l.val[v]);
						k = x + varlen - 1;
						continue;
					}
				}
				strbuf_addch(&out, s[k]);
			}
			if (re < l.b)
				strbuf_addch(&out, '\n');
			r = re + 1;
		}
		size_t base = out.len;
		strbuf_add(&out, s + l.b, len - l.b);
		if (pb <= l.a)
			memset(out.buf + pa, ' ', pb - pa);
		else if (pa >= l.b)
			memset(out.buf + base + (pa - l.b), ' ', pb - pa);
		*out_len = out.len;
		return strbuf_detach(&out);
	}
	return NULL;
}

/* ---- Hydra multiruns and GNU parallel lines ---- */

/* A token of the line [p, e) equal to lit (between blanks): its start, or e. */
static size_t token_at(const char *s, size_t p, size_t e, const char *lit)
{
	size_t n = strlen(lit);
	for (size_t q = p; q + n <= e; q++)
		if (!strncmp(s + q, lit, n) && (q == p || s[q - 1] == ' ') && (q + n == e || s[q + n] == ' '))
			return q;
	return e;
}

static void blank_pick(struct strbuf *out, size_t base, size_t a, size_t b, size_t pa, size_t pb)
{
	if (pb <= a)
		memset(out->buf + pa, ' ', pb - pa);
	else if (pa >= b)
		memset(out->buf + base + (pa - b), ' ', pb - pa);
}

/* A Hydra sweep "key=a,b[,c]" starting at q of the line s[p, e): true with its key's end *k and its values
 * s[*v, *ve) (not "-flag=", not a list "[a,b]" or a call "f(a,b)"). */
static bool sweep_at(const char *s, size_t p, size_t e, size_t q, size_t *k, size_t *v, size_t *ve)
{
	if (q > p && s[q - 1] != ' ')
		return false;
	*k = q;
	while (*k < e && (isalnum((unsigned char)s[*k]) || strchr("_.+/-", s[*k])))
		(*k)++;
	if (*k == q || *k >= e || s[*k] != '=' || s[q] == '-')
		return false;
	*v = *k + 1, *ve = *v;
	while (*ve < e && s[*ve] != ' ')
		(*ve)++;
	return memchr(s + *v, ',', *ve - *v) && !memchr(s + *v, '[', *ve - *v) && !memchr(s + *v, '(', *ve - *v);
}

static char *pick_multirun(const char *s, size_t len, size_t *out_len)
{
	for (size_t p = 0; p < len; p = line_end(s, p, len) + 1) {
		size_t e = line_end(s, p, len);
		size_t m = token_at(s, p, e, "-m");
		if (m == e)
			m = token_at(s, p, e, "--multirun");
		if (m == e)
			continue;
		/* each "key=a,b[,c]" a sweep of its own */
		int swept = 0;
		for (size_t q = p; q < e; q++) {
			size_t k, v, ve;
			if (sweep_at(s, p, e, q, &k, &v, &ve))
				swept++;
		}
		for (size_t q = p; q < e; q++) {
			size_t k, v, ve;
			if (!sweep_at(s, p, e, q, &k, &v, &ve))
				continue;
			struct loop l;
			memset(&l, 0, sizeof(l));
			size_t dot = k; /* "trainer.devices" -> "devices", "+experiment" -> "experiment" */
			while (dot > q && s[dot - 1] != '.' && s[dot - 1] != '+' && s[dot - 1] != '~')
				dot--;
			set_word(l.var, sizeof(l.var), s + dot, k - dot);
			set_word(l.alias[0], sizeof(l.alias[0]), s + q, k - q);
			for (size_t x = v; x < ve;) {
				size_t y = x;
				while (y < ve && s[y] != ',')
					y++;
				add_val(&l, s + x, y - x);
				x = y + 1;
			}
			l.a = p;
			l.b = e;
			size_t pa = 0, pb = 0;
			int pick = l.nval >= 2 ? pk_pick_value(s, len, &l, &pa, &pb) : -1;
			if (pick < 0) {
				q = ve;
				continue;
			}
			struct strbuf out = STRBUF_INIT;
			strbuf_add(&out, s, p);
			size_t mend = m + (s[m + 1] == '-' ? strlen("--multirun") : 2);
			for (size_t x = p; x < e; x++) {
				if (x == m && swept == 1) { /* the last sweep picked: no multirun left */
					x = mend;
					while (x < e && s[x] == ' ')
						x++;
					x--;
					continue;
				}
				if (x == v) {
					strbuf_adds(&out, l.val[pick]);
					x = ve - 1;
					continue;
				}
				strbuf_addch(&out, s[x]);
			}
			size_t base = out.len;
			strbuf_add(&out, s + e, len - e);
			blank_pick(&out, base, p, e, pa, pb);
			*out_len = out.len;
			return strbuf_detach(&out);
		}
	}
	return NULL;
}

static char *pick_parallel(const char *s, size_t len, size_t *out_len)
{
	for (size_t p = 0; p < len; p = line_end(s, p, len) + 1) {
		size_t e = line_end(s, p, len);
		size_t par = token_at(s, p, e, "parallel"), sep = token_at(s, p, e, ":::");
		if (par == e || sep == e || sep < par)
			continue;
		size_t cmd = par + strlen("parallel");
		while (cmd < sep && s[cmd] == ' ')
			cmd++;
		/* parallel's own options: "-j 4", "-j4", "--jobs 4" */
		while (cmd < sep && s[cmd] == '-') {
			bool takes = (s[cmd + 1] == 'j' && cmd + 2 < sep && s[cmd + 2] == ' ') || !strncmp(s + cmd, "--jobs ", 7);
			while (cmd < sep && s[cmd] != ' ')
				cmd++;
			while (cmd < sep && s[cmd] == ' ')
				cmd++;
			if (takes) {
				while (cmd < sep && s[cmd] != ' ')
					cmd++;
				while (cmd < sep && s[cmd] == ' ')
					cmd++;
			}
		}
		size_t brace = cmd;
		while (brace + 1 < sep && !(s[brace] == '{' && s[brace + 1] == '}'))
			brace++;
		if (brace + 1 >= sep)
			continue;
		struct loop l;
		memset(&l, 0, sizeof(l));
		option_before(s, brace, l.var, sizeof(l.var));
		for (size_t x = sep + 3; x < e;) {
			while (x < e && s[x] == ' ')
				x++;
			size_t y = x;
			while (y < e && s[y] != ' ')
				y++;
			add_val(&l, s + x, y - x);
			x = y;
		}
		l.a = par;
		l.b = e;
		size_t pa = 0, pb = 0;
		int pick = l.nval >= 2 ? pk_pick_value(s, len, &l, &pa, &pb) : -1;
		if (pick < 0)
			continue;
		struct strbuf out = STRBUF_INIT;
		strbuf_add(&out, s, par);
		size_t ce = sep;
		while (ce > cmd && s[ce - 1] == ' ')
			ce--;
		for (size_t x = cmd; x < ce; x++) {
			if (x + 1 < ce && s[x] == '{' && s[x + 1] == '}') {
				strbuf_adds(&out, l.val[pick]);
				x++;
				continue;
			}
			strbuf_addch(&out, s[x]);
		}
		size_t base = out.len;
		strbuf_add(&out, s + e, len - e);
		blank_pick(&out, base, par, e, pa, pb);
		*out_len = out.len;
		return strbuf_detach(&out);
	}
	return NULL;
}

char *pk_pick_sweep_value(const char *s, size_t len, size_t *out_len)
{
	char *r = pick_array(s, len, out_len);
	if (!r)
		r = pick_multirun(s, len, out_len);
	if (!r)
		r = pick_parallel(s, len, out_len);
	return r;
}
