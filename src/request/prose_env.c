/* prose_env.c - the software environment a request names: conda env, venv, modules. */
#include "reader.h"

#include "../util/strbuf.h"
#include "../util/xalloc.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------------------------------ */
/* software environment */

static bool module_like(const struct ctx *c, size_t k)
{
	const char *raw = c->t[k].raw;
	if (!*raw || c->t[k].used)
		return false;
	for (const char *p = raw; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("_./+-@", *p)))
			return false;
	return !rd_in_list(c->t[k].norm, english_stopwords) && !match_cluster_name(c->repo, c->t[k].norm) &&
	       !is_node_unit(c->t[k].norm) && !is_gpu_unit(c->t[k].norm) && strcmp(c->t[k].norm, "module") &&
	       strcmp(c->t[k].norm, "modules");
}

static bool module_after_load(const struct ctx *c, size_t k)
{
	static const char *const fn[] = {"and", "then", "the", "with", "on", "for", "to", "in", "a", "an", "using",
					 "use", "please", "also", "run", NULL};
	const char *raw = c->t[k].raw;
	if (!*raw || c->t[k].used || rd_in_list(c->t[k].norm, fn) || c->t[k].cluster)
		return false;
	for (const char *p = raw; *p; p++)
		if (!(isalnum((unsigned char)*p) || strchr("_./+-@", *p)))
			return false;
	return true;
}

static void add_module(struct ctx *c, size_t k)
{
	if (strvec_find(&c->req->modules, c->t[k].raw) < 0)
		strvec_push(&c->req->modules, c->t[k].raw);
	c->t[k].used = true;
}

void rd_read_env(struct ctx *c)
{
	struct request *r = c->req;
	for (size_t i = 0; i < c->n; i++) {
		const char *w = c->t[i].norm;
		/* a job script pasted from another system loads that system's modules and activates its paths
		 * ("module load anaconda3_gpu nccl" from Delta in a port to Frontier): not the target's */
		if (c->t[i].copied && rd_foreign_block_at(c, c->t[i].start))
			continue;
		/* conda */
		if (!r->conda_env && !strcmp(w, "conda")) {
			size_t k = i + 1;
			if (rd_is(c, k, "activate"))
				k++;
			else if (rd_is(c, k, "env") || rd_is(c, k, "environment") || rd_is(c, k, "envs"))
				k = rd_skip_fillers(c, k + 1);
			else
				k = (size_t)-1;
			/* "the conda env at /lustre/.../envs/torch": an environment given by its prefix */
			if (k < c->n && (rd_is(c, k, "at") || rd_is(c, k, "in")) && k + 1 < c->n &&
			    (c->t[k + 1].raw[0] == '/' || c->t[k + 1].raw[0] == '$' || c->t[k + 1].raw[0] == '~'))
				k++;
			if (k < c->n && !c->t[k].used && rd_reject_shell_value(c, k, RF_CONDA, "conda environment", true))
				continue;
			bool prefix = k < c->n && (c->t[k].raw[0] == '/' || c->t[k].raw[0] == '$' || c->t[k].raw[0] == '~') &&
				      strchr(c->t[k].raw, '/');
			if (k < c->n && (prefix || rd_identifier_like(c->t[k].raw)) && !rd_is_reserved_word(c, c->t[k].norm)) {
				request_set(&r->conda_env, c->t[k].raw);
				rd_set_from_toks(c, RF_CONDA, i, k);
				c->t[k].used = true;
				continue;
			}
			/* "my torch2 conda env" */
			if (i > 0 && (rd_is(c, i + 1, "env") || rd_is(c, i + 1, "environment")) && rd_identifier_like(c->t[i - 1].raw) &&
			    !rd_is_reserved_word(c, c->t[i - 1].norm) && !c->t[i - 1].used) {
				request_set(&r->conda_env, c->t[i - 1].raw);
				rd_set_from_toks(c, RF_CONDA, i - 1, i + 1);
			}
			continue;
		}
		/* venv */
		if (!r->venv && (!strcmp(w, "venv") || !strcmp(w, "virtualenv") || !strcmp(w, ".venv") ||
				 ((!strcmp(w, "virtual") || !strcmp(w, "python")) &&
				  (rd_is(c, i + 1, "env") || rd_is(c, i + 1, "environment"))))) {
			/* "(venv) jsmith@login03:~/proj$ accelerate launch ...": a shell prompt's marker of the active
			 * environment, not a request (its next word is the prompt) */
			size_t ps = c->t[i].start, pe = c->t[i].end;
			if ((c->text[ps] == '(' || (ps > 0 && c->text[ps - 1] == '(')) &&
			    (c->text[pe - 1] == ')' || (pe < c->len && c->text[pe] == ')')))
				continue;
			size_t k = rd_skip_fillers(c, i + 1 + (!strcmp(w, "virtual") || !strcmp(w, "python")));
			if (rd_is(c, k, "at") || rd_is(c, k, "in"))
				k++;
			/* "venv $(touch x)", "venv `id`": shell text, never a path cut at its blank ('$(touch') or out of
			 * its backquotes ('id'); $NAME and ${NAME} stay a path's ("venv $SCRATCH/envs/t") */
			if (k < c->n && !c->t[k].used && rd_reject_shell_value(c, k, RF_VENV, "virtual environment", true))
				continue;
			if (k < c->n && (strchr(c->t[k].raw, '/') || c->t[k].raw[0] == '$' || c->t[k].raw[0] == '~' ||
					 (rd_identifier_like(c->t[k].raw) && !rd_is_reserved_word(c, c->t[k].norm)))) {
				request_set(&r->venv, c->t[k].raw);
				rd_set_from_toks(c, RF_VENV, i, k);
				c->t[k].used = true;
			}
			continue;
		}
		if (!r->venv && (!strcmp(w, "source") || !strcmp(w, ".")) && i + 1 < c->n) {
			const char *p = c->t[i + 1].raw;
			const char *act = strstr(p, "/bin/activate");
			if (act && act[13] == '\0') {
				char *dir = xstrndup(p, (size_t)(act - p));
				request_set(&r->venv, dir);
				free(dir);
				rd_set_from_toks(c, RF_VENV, i, i + 1);
				c->t[i + 1].used = true;
			}
			continue;
		}
		/* modules */
		if (!strcmp(w, "module") && (rd_is(c, i + 1, "load") || rd_is(c, i + 1, "add"))) {
			size_t k = i + 2;
			if (k < c->n && !c->t[k].used && rd_reject_shell_value(c, k, RF_MODULES, "module", true))
				continue;
			/* (the line ends the list: "module load a b\n\nThanks!") */
			while (k < c->n && module_after_load(c, k) && !(k > i + 2 && rd_newline_between(c, k - 1, k))) {
				add_module(c, k);
				if (c->t[k].trail == ',' || c->t[k].trail == '.' || c->t[k].trail == ';') {
					k++;
					break;
				}
				k++;
			}
			if (k > i + 2)
				rd_set_from_toks(c, RF_MODULES, i, k - 1);
			continue;
		}
		if (!strcmp(w, "modules") || (!strcmp(w, "module") && c->t[i].trail == ':')) {
			/* "modules: a, b and c" / "modules a b" / "load modules a and b" */
			size_t k = rd_skip_fillers(c, i + 1);
			size_t first = k;
			while (k < c->n && module_like(c, k)) {
				add_module(c, k);
				k++;
				if (rd_is(c, k, "and"))
					k++;
			}
			if (k > first) {
				rd_set_from_toks(c, RF_MODULES, i, k - 1);
				continue;
			}
			/* "load the pytorch and nccl modules" */
		}
		if ((!strcmp(w, "module") || !strcmp(w, "modules")) && i > 0) {
			size_t k = i;
			size_t last = 0;
			while (k > 0 && (module_like(c, k - 1) || rd_is(c, k - 1, "and"))) {
				k--;
				if (!rd_is(c, k, "and"))
					last = k + 1;
			}
			bool loaded = k > 0 && (rd_is(c, k - 1, "the") || rd_is(c, k - 1, "load") || rd_is(c, k - 1, "with") ||
						rd_is(c, k - 1, "using") || rd_is(c, k - 1, "use"));
			if (last && loaded) {
				for (size_t q = k; q < i; q++)
					if (!rd_is(c, q, "and"))
						add_module(c, q);
				rd_set_from_toks(c, RF_MODULES, k, i);
			}
		}
	}
}

