/* synth.c - job script rendering: scheduler header, software environment, communication
 * settings, DeepSpeed configuration and the template's launch section, with every user word
 * quoted for the shell context it lands in. */
#include "synth.h"

#include "../repo/placeholder.h"
#include "../script/hints.h"
#include "../request/rules.h"
#include "../shell/words.h"
#include "../util/xalloc.h"
#include "../verify/lookup.h"

#ifndef MAPLE_VERSION
#define MAPLE_VERSION "0.1.0"
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct render {
	const struct cluster *c;
	const struct template *t;
	struct request *r;
	const struct synth_opts *opts;
	int tasks_per_node;
	int zero_stage;
	struct strbuf command, script, script_args, ds_args, acc_flags;
	struct strbuf container; /* the container route's words before each task's command, or empty */
	const struct container_route *route;
	bool missing_value; /* a header line used a placeholder with no value */
	bool account_placeholder;
	bool positional_in_single; /* "$@", $1 ... went inside a bash -c '...' string */
	bool fs_pending; /* a header line holds {{filesystems}}, filled once the whole script is written */
};

/* An array the old script set (LRS=(1e-4 3e-4 1e-3)) written back as an array, each element quoted, so
 * that ${LRS[$i]} still picks one: only when every element was plain text (no quotes, escapes or
 * expansions, which the reader's joined value could not split back); false otherwise (the caller writes
 * the joined value, and the port says so). */
static bool write_array(const char *name, const struct shword *v, struct strbuf *out)
{
	const char *s = v->value ? v->value : "";
	if (strpbrk(s, "'\"\\$`(){}[];&|<>*?!"))
		return false;
	strbuf_addf(out, "%s=(", name);
	bool first = true;
	for (const char *p = s; *p;) {
		while (*p == ' ')
			p++;
		size_t l = strcspn(p, " ");
		if (!l)
			break;
		char *el = xstrndup(p, l);
		if (!first)
			strbuf_addch(out, ' ');
		sh_quote_literal(el, out);
		free(el);
		first = false;
		p += l;
	}
	strbuf_adds(out, ")\n");
	return true;
}

static void add_word(struct strbuf *out, const struct shword *w, const struct synth_opts *o)
{
	if (out->len)
		strbuf_addch(out, ' ');
	shword_quote(w, out, o->allow_shell);
}

/* The words of the request's project-environment manager (uv run ...), quoted as shell words. */
static void wrapper_text(const struct request *r, const struct synth_opts *o, struct strbuf *out)
{
	for (size_t i = 0; i < r->wrapper.nr; i++)
		add_word(out, &r->wrapper.v[i], o);
}

static void warn_shell_words(struct request *r, const struct shwords *ws, bool allow_shell)
{
	for (size_t i = 0; i < ws->nr; i++) {
		const struct shword *w = &ws->v[i];
		if (!(w->flags & (SHW_META | SHW_SUBST)))
			continue;
		if (allow_shell)
			request_warn(r, "argument '%s' carries shell syntax and is passed through as written (--allow-shell)",
				     w->raw);
		else
			request_warn(r,
				     "argument '%s' carries shell syntax (; | & < > $( ) or backticks); it is kept as literal "
				     "text and never runs (use --allow-shell to let the shell interpret it)",
				     w->raw);
	}
}

/* Whether the arguments hold the option name (alone, or as NAME=VALUE). */
static bool request_has_arg(const struct request *r, const char *name)
{
	size_t n = strlen(name);
	for (size_t i = 0; i < r->args.nr; i++)
		if (!strncmp(r->args.v[i].value, name, n) && (!r->args.v[i].value[n] || r->args.v[i].value[n] == '='))
			return true;
	return false;
}

static bool hf_style(const struct request *r)
{
	const char *base = strrchr(r->script, '/');
	base = base ? base + 1 : r->script;
	if (!strncmp(base, "run_", 4))
		return true;
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *a = r->args.v[i].value;
		if (!strncmp(a, "--output_dir", 12) || !strncmp(a, "--model_name_or_path", 20) ||
		    !strncmp(a, "--per_device_train_batch_size", 29))
			return true;
	}
	return false;
}


static int batch_size_arg(const struct request *r)
{
	for (size_t i = 0; i < r->args.nr; i++) {
		const char *a = r->args.v[i].value;
		static const char *const names[] = {"--per_device_train_batch_size", "--batch_size", "--batch-size",
						    "--micro_batch_size", "--micro-batch-size", NULL};
		for (const char *const *n = names; *n; n++) {
			size_t l = strlen(*n);
			if (strncmp(a, *n, l))
				continue;
			const char *v = a[l] == '=' ? a + l + 1 : (a[l] == '\0' && i + 1 < r->args.nr ? r->args.v[i + 1].value : NULL);
			if (v && atoi(v) > 0)
				return atoi(v);
		}
	}
	return 0;
}

void deepspeed_config_json(const struct cluster *c, const struct request *req, int stage, bool hf, struct strbuf *out)
{
	int mb = batch_size_arg(req);
	const char *prec = c->hw.bf16 ? "bf16" : "fp16";
	strbuf_adds(out, "{\n");
	if (hf) {
		strbuf_adds(out, "  \"train_micro_batch_size_per_gpu\": \"auto\",\n"
				 "  \"gradient_accumulation_steps\": \"auto\",\n"
				 "  \"gradient_clipping\": \"auto\",\n");
		strbuf_addf(out, "  \"%s\": {\"enabled\": \"auto\"},\n", prec);
	} else {
		strbuf_addf(out, "  \"train_micro_batch_size_per_gpu\": %d,\n", mb ? mb : 1);
		strbuf_adds(out, "  \"gradient_accumulation_steps\": 1,\n  \"gradient_clipping\": 1.0,\n");
		strbuf_addf(out, "  \"%s\": {\"enabled\": true},\n", prec);
	}
	strbuf_addf(out, "  \"zero_optimization\": {\n    \"stage\": %d,\n    \"overlap_comm\": true,\n"
			 "    \"contiguous_gradients\": true",
		    stage);
	if (stage >= 2)
		strbuf_adds(out, ",\n    \"reduce_scatter\": true");
	if (stage == 3)
		strbuf_adds(out, ",\n    \"stage3_gather_16bit_weights_on_model_save\": true");
	strbuf_adds(out, "\n  },\n  \"steps_per_print\": 100,\n  \"wall_clock_breakdown\": false\n}\n");
}

/* Shell text for a path whose only live syntax is $NAME, ${NAME}, the job's positional parameters ($@, $1)
 * and a leading ~ or ~/: every other byte that is not plainly safe is quoted. */
static void script_source(const char *p, struct strbuf *out)
{
	for (size_t i = 0; p[i]; i++) {
		unsigned char c = (unsigned char)p[i];
		if (c == '$' && (isdigit((unsigned char)p[i + 1]) || p[i + 1] == '@' || p[i + 1] == '*')) {
			strbuf_add(out, p + i, 2); /* a port's "$@", $1: the job's own arguments */
			i++;
		} else if (c == '$' && p[i + 1] == '{' && (p[i + 2] == '@' || p[i + 2] == '*' || isdigit((unsigned char)p[i + 2])) &&
			   p[i + 3] == '}') {
			strbuf_add(out, p + i, 4);
			i += 3;
		} else if (c == '$' && (isalpha((unsigned char)p[i + 1]) || p[i + 1] == '_')) {
			size_t j = i + 1;
			while (isalnum((unsigned char)p[j]) || p[j] == '_')
				j++;
			strbuf_add(out, p + i, j - i);
			i = j - 1;
		} else if (c == '$' && p[i + 1] == '{' && (isalpha((unsigned char)p[i + 2]) || p[i + 2] == '_')) {
			size_t j = i + 2;
			while (isalnum((unsigned char)p[j]) || p[j] == '_')
				j++;
			if (p[j] == '}') {
				strbuf_add(out, p + i, j + 1 - i);
				i = j;
			} else
				strbuf_adds(out, "'$'");
		} else if (c == '~' && i == 0 && (p[1] == '/' || !p[1]))
			strbuf_addch(out, '~');
		else if (isalnum(c) || c >= 0x80 || strchr("/._-+,:=@%", c))
			strbuf_addch(out, (char)c);
		else if (c == '\'')
			strbuf_adds(out, "\\'");
		else {
			strbuf_addch(out, '\'');
			strbuf_addch(out, (char)c);
			strbuf_addch(out, '\'');
		}
	}
}

static void build_words(struct render *rd)
{
	struct request *r = rd->r;
	struct shwords script = {0};
	shwords_init(&script);
	/* The script's path is read text, its quotes already taken away: only $NAME, ${NAME} and a leading ~/
	 * in it are the shell's; every other byte is literal ('tr"ain.py' ran train.py when it was read again
	 * as shell text, and "$WORK/my dir/x.py" lost its $WORK). --allow-shell (and a port) reads it as
	 * written when it holds no quote (a quote left in it is literal) and is one word. */
	/* a path that starts with '-' ("-x.py") is written "./-x.py": python, torchrun and the launchers would
	 * take it for an option */
	char *dotted = NULL;
	if (r->script[0] == '-' && !r->script_is_module) {
		struct strbuf d = STRBUF_INIT;
		strbuf_addf(&d, "./%s", r->script);
		dotted = strbuf_detach(&d);
	}
	const char *path = dotted ? dotted : r->script;
	struct strbuf src = STRBUF_INIT;
	if (rd->opts->allow_shell && !strpbrk(path, "'\"\\")) {
		shlex_split(path, strlen(path), &script);
		if (script.nr != 1) { /* a port's "${WORK}/my dir/x.py" (its quotes read away): one word */
			shwords_release(&script);
			shwords_init(&script);
		}
	}
	if (!script.nr) {
		script_source(path, &src);
		shlex_split(src.buf, src.len, &script);
	}
	strbuf_release(&src);
	if (script.nr != 1) { /* a path with spaces is one literal word */
		shwords_release(&script);
		shwords_push_literal(&script, path);
	}
	free(dotted);
	if (r->script_is_module) {
		strbuf_adds(&rd->command, "-m");
		strbuf_adds(&rd->script, "-m");
	}
	for (size_t i = 0; i < script.nr; i++) {
		add_word(&rd->command, &script.v[i], rd->opts);
		add_word(&rd->script, &script.v[i], rd->opts);
	}
	shwords_release(&script);
	for (size_t i = 0; i < r->args.nr; i++) {
		add_word(&rd->command, &r->args.v[i], rd->opts);
		add_word(&rd->script_args, &r->args.v[i], rd->opts);
	}
	warn_shell_words(r, &r->args, rd->opts->allow_shell);
}

struct emit {
	struct render *rd;
	const char *text;
	size_t pos;
	struct strbuf *out;
};

/* Whether shell text uses the job's positional parameters ($@, ${*}, $1, ${2} ...). */
static bool uses_positional(const char *v)
{
	for (const char *p = strchr(v, '$'); p; p = strchr(p + 1, '$')) {
		const char *n = p[1] == '{' ? p + 2 : p + 1;
		bool pos = *n == '@' || *n == '*' || (*n >= '0' && *n <= '9');
		if (pos && (p[1] != '{' || n[1] == '}'))
			return true;
	}
	return false;
}

static void put_value(struct emit *e, const struct placeholder *ph, const char *value)
{
	if (ph->ctx == QCTX_SINGLE && uses_positional(value))
		e->rd->positional_in_single = true;
	if (ph->ctx == QCTX_SINGLE)
		sh_escape_for_single_quotes(value, strlen(value), e->out);
	else
		strbuf_adds(e->out, value);
}

static int emit_ph(void *data, const struct placeholder *ph)
{
	struct emit *e = data;
	struct render *rd = e->rd;
	struct request *r = rd->r;
	strbuf_add(e->out, e->text + e->pos, ph->start - e->pos);
	e->pos = ph->end;
	char name[32], num[64];
	str_copy_n(name, sizeof(name), ph->name, ph->len);
	const char *v = NULL;
	num[0] = '\0';
	if (!strcmp(name, "nodes"))
		str_int(num, sizeof(num), r->nodes);
	else if (!strcmp(name, "gpus_per_node"))
		str_int(num, sizeof(num), r->gpus_per_node);
	else if (!strcmp(name, "total_gpus"))
		str_int(num, sizeof(num), r->total_gpus);
	else if (!strcmp(name, "tasks_per_node"))
		str_int(num, sizeof(num), rd->tasks_per_node);
	else if (!strcmp(name, "total_tasks"))
		str_int(num, sizeof(num), rd->tasks_per_node * r->nodes);
	else if (!strcmp(name, "cpus_per_task")) {
		int cpus = rd->c->hw.logical_cpus_per_node ? rd->c->hw.logical_cpus_per_node : rd->c->hw.cpu_cores_per_node;
		int per = cpus / (rd->tasks_per_node ? rd->tasks_per_node : 1);
		str_int(num, sizeof(num), per > 0 ? per : 1);
	} else if (!strcmp(name, "master_port"))
		str_int(num, sizeof(num), r->master_port);
	else if (!strcmp(name, "walltime"))
		format_walltime(r->walltime_min, num, sizeof(num));
	else if (!strcmp(name, "walltime_minutes"))
		str_int(num, sizeof(num), r->walltime_min);
	else if (!strcmp(name, "zero_stage"))
		str_int(num, sizeof(num), rd->zero_stage ? rd->zero_stage : 3);
	else if (!strcmp(name, "job_name"))
		v = r->job_name;
	else if (!strcmp(name, "account")) {
		v = r->account;
		if (!v && rd->c->account_required) {
			v = "YOUR_ACCOUNT";
			rd->account_placeholder = true;
		}
	} else if (!strcmp(name, "queue") || !strcmp(name, "qos")) {
		/* a QOS entry runs in its partition: {{queue}} is the partition, {{qos}} the QOS */
		const struct queue *q = r->queue ? cluster_queue(rd->c, r->queue) : NULL;
		bool is_qos = q && q->partition;
		v = !strcmp(name, "qos") ? (is_qos ? q->name : NULL) : is_qos ? q->partition : r->queue;
	}
	else if (!strcmp(name, "mixed_precision"))
		v = rd->c->hw.bf16 ? "bf16" : "fp16";
	else if (!strcmp(name, "ds_config"))
		v = "\"$DS_CONFIG\"";
	else if (!strcmp(name, "deepspeed_args"))
		v = rd->ds_args.buf;
	else if (!strcmp(name, "accelerate_flags"))
		v = rd->acc_flags.buf;
	else if (!strcmp(name, "container"))
		v = rd->container.buf;
	else if (!strcmp(name, "image"))
		v = rd->route ? r->container_image : NULL;
	else if (!strcmp(name, "filesystems") && rd->c->fs.n) {
		v = SYNTH_FS_MARK; /* the file systems the whole script uses: synth_fill_filesystems() */
		rd->fs_pending = true;
	}
	else if (!strcmp(name, "command"))
		v = rd->command.buf;
	else if (!strcmp(name, "script"))
		v = rd->script.buf;
	else if (!strcmp(name, "script_args"))
		v = rd->script_args.buf;
	if (num[0])
		v = num;
	if (!v) {
		rd->missing_value = true;
		return 0;
	}
	if (!*v && e->out->len && e->out->buf[e->out->len - 1] == ' ')
		strbuf_setlen(e->out, e->out->len - 1); /* an empty value takes its separating space with it */
	put_value(e, ph, v);
	return 0;
}

/* The "N}" of a value that is the job's arguments from the Nth on (${@:N} or "${@:N}"), else NULL. */
static const char *args_slice(const char *raw)
{
	if (!raw)
		return NULL;
	size_t n = strlen(raw);
	bool q = n >= 2 && raw[0] == '"' && raw[n - 1] == '"';
	const char *p = raw + q;
	if (strncmp(p, "${@:", 4))
		return NULL;
	size_t d = strspn(p + 4, "0123456789");
	return d && p[4 + d] == '}' && (size_t)(p + 5 + d - raw) == n - q ? p + 4 : NULL;
}

/* The job's own arguments ("$@", $1, $* of a ported script) inside a per-task bash -c '...' string mean
 * that string's arguments: hand the job's to it ("bash -c '... "$@"' bash "$@""). */
static void forward_positional(struct strbuf *line)
{
	const char *b = strstr(line->buf, "bash -c '");
	if (!b)
		return;
	size_t i = (size_t)(b - line->buf) + 9;
	while (i < line->len) {
		if (line->buf[i] == '\'' && !(i + 3 < line->len && !strncmp(line->buf + i, "'\\''", 4)))
			break;
		i += line->buf[i] == '\'' ? 4 : 1;
	}
	if (i >= line->len)
		return;
	struct strbuf out = STRBUF_INIT;
	strbuf_add(&out, line->buf, i + 1);
	strbuf_adds(&out, " bash \"$@\"");
	strbuf_add(&out, line->buf + i + 1, line->len - i - 1);
	strbuf_reset(line);
	strbuf_add(line, out.buf, out.len);
	strbuf_release(&out);
}

/* Renders text into out; returns false when a placeholder had no value (header lines are then dropped). */
static bool render_text(struct render *rd, const char *text, struct strbuf *out)
{
	struct emit e = {rd, text, 0, out};
	rd->missing_value = false;
	placeholder_scan(text, emit_ph, &e);
	strbuf_adds(out, text + e.pos);
	return !rd->missing_value;
}

static void section(struct strbuf *out, const char *title)
{
	strbuf_adds(out, "\n# --- ");
	strbuf_adds(out, title);
	strbuf_adds(out, " ---\n");
}

static void write_venv(const char *venv, struct strbuf *out)
{
	struct shwords vw;
	shwords_init(&vw);
	shlex_split(venv, strlen(venv), &vw);
	strbuf_adds(out, "# shellcheck source=/dev/null\nsource ");
	if (vw.nr == 1)
		shword_quote(&vw.v[0], out, false);
	else
		sh_quote_literal(venv, out);
	strbuf_adds(out, "/bin/activate\n");
	shwords_release(&vw);
}

/* The image as a shell word: "~/x.sif" is "$HOME"/'x.sif', anything else quoted as it is. */
static void quote_image(const char *img, struct strbuf *out)
{
	if (img[0] == '~' && img[1] == '/') {
		strbuf_adds(out, "\"$HOME\"/");
		sh_quote_literal(img + 2, out);
	} else {
		sh_quote_literal(img, out);
	}
}

/* The route's exec words with {{image}} replaced by the quoted image and {{gpu}} by the runtime's GPU
 * flag for the node type's vendor (--nv on NVIDIA, --rocm on AMD, nothing on Intel, with its space). */
static void container_words(const struct container_route *rt, const char *img, const char *vendor,
			    struct strbuf *out)
{
	const char *p = rt->exec;
	for (;;) {
		const char *pi = strstr(p, "{{image}}"), *pg = strstr(p, "{{gpu}}");
		const char *ph = pi && (!pg || pi < pg) ? pi : pg;
		if (!ph)
			break;
		strbuf_add(out, p, (size_t)(ph - p));
		if (ph == pi) {
			quote_image(img, out);
			p = ph + 9;
			continue;
		}
		const char *flag = vendor && !strcmp(vendor, "nvidia") ? "--nv" : vendor && !strcmp(vendor, "amd") ? "--rocm" : "";
		strbuf_adds(out, flag);
		p = ph + 7;
		if (!*flag && *p == ' ')
			p++;
	}
	strbuf_adds(out, p);
}

/* `conda activate` a named env, or one given by its prefix (a path, where $VAR and ~ stay live as in a
 * venv's path) */
static void write_conda(const char *env, struct strbuf *out)
{
	strbuf_adds(out, "eval \"$(conda shell.bash hook)\"\nconda activate ");
	struct shwords vw;
	shwords_init(&vw);
	if (strchr(env, '/'))
		shlex_split(env, strlen(env), &vw);
	if (vw.nr == 1)
		shword_quote(&vw.v[0], out, false);
	else
		sh_quote_literal(env, out);
	shwords_release(&vw);
	strbuf_addch(out, '\n');
}

/* `module load NAME` for each name the user gave, quoted. */
static void module_loads(const char *const *names, size_t n, struct strbuf *out)
{
	for (size_t i = 0; i < n; i++) {
		strbuf_adds(out, "module load ");
		sh_quote_literal(names[i], out);
		strbuf_addch(out, '\n');
	}
}

/* The software environment: the template's or the cluster's (node type's) lines, the modules the
 * user named, then the user's environment (the request's, else ~/.config/maple/environments.yaml);
 * where the centre provides no framework and none is known, a marked placeholder. Then, where the
 * environment is the user's, a check on this node that the framework imports, before any launch. */
static void write_software(const struct cluster *c, const struct template *t, struct request *r, const struct synth_opts *opts,
			   struct strbuf *out)
{
	const struct software *sw = t->software.set ? &t->software : &c->software;
	section(out, "software environment");
	const struct container_route *rt = r->container_image && *r->container_image ? cluster_container(c, r->container_runtime) : NULL;
	if (rt) {
		/* the framework comes from the image: no module of the centre's, no check on the host */
		strbuf_addf(out, "# the framework runs from the container image %s (%s; %s)\n", r->container_image,
			    rt->runtime, rt->src.url ? rt->src.url : "maple's data");
		for (size_t i = 0; i < rt->nsetup; i++)
			strbuf_addln(out, rt->setup[i].text);
		module_loads((const char *const *)r->modules.v, r->modules.nr, out);
		if (r->conda_env || r->venv)
			request_warn(r, "the %s %s is not activated: the framework runs from the container image",
				     r->conda_env ? "conda env" : "venv", r->conda_env ? r->conda_env : r->venv);
		return;
	}
	if (t->nsw_lines) {
		for (size_t i = 0; i < t->nsw_lines; i++)
			strbuf_addln(out, t->sw_lines[i].text);
	} else {
		for (size_t i = 0; i < c->nmodules[r->framework]; i++)
			strbuf_addln(out, c->modules[r->framework][i].text);
	}
	const struct user_env *ue = c->user_env;
	bool from_config = !r->conda_env && !r->venv && ue && (ue->conda_env || ue->venv || ue->nmodules);
	if (from_config)
		strbuf_addf(out, "# your environment for %s, from %s\n", c->id, ue->file);
	if (from_config)
		module_loads(ue->modules, ue->nmodules, out);
	module_loads((const char *const *)r->modules.v, r->modules.nr, out);
	const char *conda = r->conda_env ? r->conda_env : (!r->venv && from_config) ? ue->conda_env : NULL;
	const char *venv = r->venv ? r->venv : (!r->conda_env && from_config) ? ue->venv : NULL;
	if (conda)
		write_conda(conda, out);
	if (venv)
		write_venv(venv, out);
	if (sw->provided)
		return;
	const char *mod = r->framework == FW_DEEPSPEED ? "torch, deepspeed" : r->framework == FW_ACCELERATE ? "torch, accelerate" : "torch";
	const char *fw_display = r->framework == FW_DEEPSPEED ? "DeepSpeed" : r->framework == FW_ACCELERATE ? "Accelerate" : "PyTorch";
	struct strbuf wr = STRBUF_INIT; /* the project's environment manager the launch runs under (uv run) */
	wrapper_text(r, opts, &wr);
	if (wr.len)
		strbuf_addch(&wr, ' ');
	if (!conda && !venv && r->wrapper.nr)
		strbuf_addf(out, "# the program runs in its project's environment (%s): the launch keeps it in front of the "
				 "program\n", r->wrapper.v[0].value);
	else if (!conda && !venv) {
		strbuf_addf(out, "# EDIT: %s provides no %s for this job%s%s: activate your own environment here, e.g.\n", c->name,
			    fw_display, sw->note ? " - " : "",
			    sw->note ? sw->note : "");
		strbuf_addf(out, "#   %s\n", sw->hint);
		strbuf_addf(out, "# (or say \"conda env NAME\" / \"venv PATH\", or set it once in ~/.config/maple/environments.yaml).\n");
		request_warn(r, "%s provides no %s: the script has a placeholder for your environment (say \"conda env NAME\" or "
				"\"venv PATH\", or set it in ~/.config/maple/environments.yaml); until then the job stops at its "
				"environment check",
			     c->id, fw_display);
	}
	section(out, "environment check (this node, before any rank starts)");
	strbuf_addf(out, "if ! %spython3 -c 'import %s' >/dev/null 2>&1; then\n", wr.buf, mod);
	strbuf_release(&wr);
	strbuf_addf(out, "\techo \"maple: 'import %s' fails on $(hostname): activate the environment that has it in the "
			 "software environment section of this script\" >&2\n\texit 1\nfi\n",
		    mod);
}

/* Whether name is one of the variables the old script set (carried over as exports). */
static bool carried_variable(const struct request *r, const char *name)
{
	for (size_t i = 0; i < r->env_names.nr; i++)
		if (!strcmp(r->env_names.v[i], name))
			return true;
	return false;
}

/* The variables the program's path and arguments use that nothing sets: not the scheduler, the launcher,
 * the login environment or the old script ("python train.py --lr $LR" of a sweep submitted with
 * --export=LR=..., "$RUN_DIR/train.py"): the job checks each before anything starts and stops with a
 * message naming it. */
static void required_word_vars(const struct cluster *c, struct request *r, const struct script_hints *hints,
			       const struct shword *w, const char *where, struct strvec *seen, struct strbuf *out)
{
	for (size_t g = 0; g < w->nsegs; g++) {
		const char *name = w->segs[g].text;
		if (w->segs[g].kind != SEG_VAR || !name[0] || isdigit((unsigned char)name[0]) || !strcmp(name, "@") ||
		    !strcmp(name, "*") || env_provides(name) || script_hints_site_var(hints, name) || carried_variable(r, name) ||
		    strvec_find(seen, name) >= 0)
			continue;
		bool ok = true;
		for (const char *p = name; *p && ok; p++)
			ok = isalnum((unsigned char)*p) || *p == '_';
		if (!ok)
			continue;
		if (!seen->nr)
			section(out, "variables the job's arguments need from the environment it is submitted from");
		strvec_push(seen, name);
		strbuf_addf(out, ": \"${%s:?maple: %s is not set: submit with %s%s=VALUE}\"\n", name, name,
			    c->scheduler == SCHED_PBS ? "qsub -v " : "sbatch --export=ALL,", name);
		request_warn(r, "$%s in %s is set by nothing the job runs: the script stops at its start unless "
				"%s is set when it is submitted (%s)",
			     name, where, name, c->scheduler == SCHED_PBS ? "qsub -v" : "sbatch --export=ALL,...");
	}
}

static void required_variables(const struct cluster *c, struct request *r, const struct script_hints *hints,
			       struct strbuf *out)
{
	struct strvec seen = STRVEC_INIT;
	if (r->script && strchr(r->script, '$')) { /* the path as build_words reads it */
		struct strbuf src = STRBUF_INIT;
		struct shwords sw;
		shwords_init(&sw);
		script_source(r->script, &src);
		shlex_split(src.buf, src.len, &sw);
		for (size_t i = 0; i < sw.nr; i++)
			required_word_vars(c, r, hints, &sw.v[i], "the program's path", &seen, out);
		shwords_release(&sw);
		strbuf_release(&src);
	}
	for (size_t i = 0; i < r->args.nr; i++)
		required_word_vars(c, r, hints, &r->args.v[i], "the arguments", &seen, out);
	strvec_clear(&seen);
}

/* The render's own buffers (the caller's line buffer aside). */
static void render_release(struct render *rd)
{
	strbuf_release(&rd->command);
	strbuf_release(&rd->script);
	strbuf_release(&rd->script_args);
	strbuf_release(&rd->ds_args);
	strbuf_release(&rd->acc_flags);
	strbuf_release(&rd->container);
}

/* A port of torchtune's `tune run` (request.tune_run): tune run takes torchrun's options and runs its
 * recipe under torchrun (https://github.com/pytorch/torchtune/blob/main/torchtune/_cli/run.py), so the
 * launch of a template that starts torchrun once per node starts `tune run` in its place, the recipe and
 * its arguments as the program. A template that starts one rank per GPU has no place for it: an error with
 * the launch to write by hand. */
/* The per-node launch of template nl (one rank per node running `accelerate launch ... --machine_rank
 * $VAR ... {{accelerate_flags}} {{command}}`) with torchrun in accelerate's place: the same rank per node,
 * binding and rendezvous, the node rank from the same variable. 0, or -1 when nl has no such line. */
static int node_torchrun_line(struct render *rd, const struct template *nl, struct strbuf *line)
{
	static const char rank_opt[] = "--machine_rank ", tail[] = "{{accelerate_flags}} {{command}}";
	const char *a = strstr(nl->body, "accelerate launch "), *m = strstr(nl->body, "--machine_rank $"),
		   *e = strstr(nl->body, tail);
	if (!a || !m || !e || m < a || e < m)
		return -1;
	const char *var = m + sizeof(rank_opt) - 1;
	size_t vl = strcspn(var, " '\"");
	struct strbuf body = STRBUF_INIT;
	strbuf_add(&body, nl->body, (size_t)(a - nl->body));
	strbuf_addf(&body, "torchrun --nnodes {{nodes}} --nproc_per_node {{gpus_per_node}} --node_rank %.*s --master_addr "
			   "$MASTER_ADDR --master_port $MASTER_PORT {{command}}",
		    (int)vl, var);
	strbuf_adds(&body, e + sizeof(tail) - 1);
	strbuf_reset(line);
	int tpn = rd->tasks_per_node;
	rd->tasks_per_node = 1;
	render_text(rd, body.buf, line);
	rd->tasks_per_node = tpn;
	strbuf_release(&body);
	return 0;
}

/* A port that keeps the old launch line's project-environment manager (request.wrapper: `uv run`,
 * `pixi run -e cuda`) puts it back in front of the program's launcher in the launch the template wrote:
 * before its first torchrun, tune run, accelerate launch, deepspeed or python word, inside a per-task
 * `bash -c '...'` escaped for its single quotes. 0, or -1 (err) when the launch has no such word. */
static int put_wrapper(struct render *rd, const struct template *t, struct strbuf *line, struct maple_error *err)
{
	const struct request *r = rd->r;
	if (!r->wrapper.nr)
		return 0;
	static const char *const starts[] = {"tune run ", "torchrun ", "accelerate launch ", "deepspeed ", "python -u ",
					     "python3 -u ", "python ", "python3 ", NULL};
	const char *at = NULL;
	for (const char *const *k = starts; *k; k++)
		for (const char *p = strstr(line->buf, *k); p; p = strstr(p + 1, *k))
			if ((p == line->buf || strchr(" '\";\t\n", p[-1])) && (!at || p < at)) {
				at = p;
				break;
			}
	struct strbuf w = STRBUF_INIT;
	wrapper_text(r, rd->opts, &w);
	if (!at) {
		int rc = errorf(err, "the old launch line runs the program under `%s`, and %s's launch for this job (template "
				     "%s) starts no launcher or python maple can put it in front of: write the launch by hand",
				w.buf, rd->c->name, t->id);
		strbuf_release(&w);
		return rc;
	}
	/* the quotes open at that point, on its line */
	const char *bol = at;
	while (bol > line->buf && bol[-1] != '\n')
		bol--;
	char q = 0;
	for (const char *p = bol; p < at; p++) {
		if (q == '\'')
			q = *p == '\'' ? 0 : q;
		else if (*p == '\\' && p + 1 < at)
			p++;
		else if (q == '"')
			q = *p == '"' ? 0 : q;
		else if (*p == '\'' || *p == '"')
			q = *p;
	}
	if (q == '"') {
		int rc = errorf(err, "the old launch line runs the program under `%s`, and %s's launch for this job (template "
				     "%s) starts it inside a double-quoted string maple does not write into: write the launch by hand",
				w.buf, rd->c->name, t->id);
		strbuf_release(&w);
		return rc;
	}
	struct strbuf out = STRBUF_INIT;
	strbuf_add(&out, line->buf, (size_t)(at - line->buf));
	if (q == '\'') {
		if (uses_positional(w.buf))
			rd->positional_in_single = true;
		sh_escape_for_single_quotes(w.buf, w.len, &out);
	} else {
		strbuf_adds(&out, w.buf);
	}
	strbuf_addch(&out, ' ');
	strbuf_adds(&out, at);
	strbuf_reset(line);
	strbuf_add(line, out.buf, out.len);
	strbuf_release(&out);
	strbuf_release(&w);
	return 0;
}

static int tune_run_launch(struct render *rd, const struct cluster *c, const struct template *t, const struct request *r,
			   struct strbuf *line, struct maple_error *err)
{
	size_t n = 0;
	/* the template starts one rank per GPU: the cluster's own once-per-node launch, where it has one */
	const struct template *nl = rd->opts ? rd->opts->node_launch : NULL;
	bool per_node = t->launcher && !strcmp(t->launcher, "torchrun") && t->tasks_per == TASKS_PER_NODE;
	if (!per_node && nl && nl->cluster && !strcmp(nl->cluster, c->id) && node_torchrun_line(rd, nl, line) == 0) {
		t = nl;
		per_node = true;
		if (c->hw.gpu_vendor && !strcasecmp(c->hw.gpu_vendor, "intel")) {
			/* torchtune's recipe configs say device: cuda and their process group nccl; maple knows
			 * no documented torchtune run on Intel GPUs */
			struct strbuf hand = STRBUF_INIT;
			for (const char *p = line->buf, *q; *p; p = q) {
				q = strstr(p, "torchrun ");
				while (q && q != line->buf && !strchr(" '\"\t\n;", q[-1]))
					q = strstr(q + 9, "torchrun "); /* a word of its own, not CCL_...=torchrun */
				if (!q) {
					strbuf_adds(&hand, p);
					break;
				}
				strbuf_add(&hand, p, (size_t)(q - p));
				strbuf_adds(&hand, "tune run ");
				q += 9;
			}
			const char *end = strrchr(hand.buf, '\'');
			if (end) { /* the recipe's arguments end at the bash -c's closing quote */
				struct strbuf x = STRBUF_INIT;
				strbuf_addf(&x, "%.*s device=xpu%s", (int)(end - hand.buf), hand.buf, end);
				strbuf_release(&hand);
				hand = x;
			}
			int rc = errorf(err,
					"'%s' runs under torchtune's `tune run`, whose recipe configs default to device: cuda "
					"and an NCCL process group; %s's GPUs are Intel's and maple knows no documented torchtune run "
					"there: if your torchtune supports XPU, write the launch by hand with device=xpu added to "
					"the recipe's arguments, in %s's own once-per-node launch (template %s):\n%s",
					r->script, c->name, c->name, nl->id, hand.buf);
			strbuf_release(&hand);
			return rc;
		}
	}
	for (const char *p = strstr(line->buf, "torchrun "); p; p = strstr(p + 9, "torchrun "))
		if (p == line->buf || strchr(" '\"\t\n;", p[-1]))
			n++;
	if (!per_node || n != 1)
		return errorf(err,
			      "'%s' runs under torchtune's `tune run`, which starts the recipe's workers itself (a "
			      "torchrun) and so must run once per node; %s's launch for this job (template %s, launcher %s) "
			      "starts one rank per GPU, and maple has no once-per-node launch there: start `tune run "
			      "--nnodes %d --nproc_per_node %d --node_rank NODE --master_addr HOST --master_port PORT %s ...` "
			      "once per node by hand (NODE: the index of each node's task)",
			      r->script, c->name, t->id, t->launcher ? t->launcher : "unknown", r->nodes, r->gpus_per_node,
			      r->script);
	if (strstr(r->script, "_single_device") && (long)r->nodes * r->gpus_per_node > 1)
		return errorf(err, "'%s' is a torchtune single-device recipe: under torchrun each of the %ld workers would "
				   "train the whole model on its own; ask for 1 node and 1 GPU, or use a *_distributed recipe",
			      r->script, (long)r->nodes * r->gpus_per_node);
	struct strbuf out = STRBUF_INIT;
	const char *p = line->buf;
	for (const char *q = strstr(p, "torchrun "); q; q = strstr(q + 9, "torchrun ")) {
		if (q != line->buf && !strchr(" '\"\t\n;", q[-1]))
			continue;
		strbuf_add(&out, p, (size_t)(q - p));
		strbuf_adds(&out, "tune run ");
		p = q + 9;
	}
	strbuf_adds(&out, p);
	strbuf_reset(line);
	strbuf_add(line, out.buf, out.len);
	strbuf_release(&out);
	return 0;
}

int synthesize(const struct cluster *c, const struct template *t, struct request *r, const struct synth_opts *opts,
	       struct strbuf *out, struct maple_error *err)
{
	struct render rd = {0};
	rd.c = c;
	rd.t = t;
	rd.r = r;
	rd.opts = opts;
	rd.tasks_per_node = t->tasks_per == TASKS_PER_GPU ? r->gpus_per_node : 1;
	rd.zero_stage = r->strategy == ST_ZERO1 ? 1 : r->strategy == ST_ZERO2 ? 2 : r->strategy == ST_ZERO3 ? 3 : 0;
	strbuf_init(&rd.command);
	strbuf_init(&rd.script);
	strbuf_init(&rd.script_args);
	strbuf_init(&rd.ds_args);
	strbuf_init(&rd.acc_flags);
	strbuf_init(&rd.container);
	if (r->container_image && *r->container_image && (rd.route = cluster_container(c, r->container_runtime)))
		container_words(rd.route, r->container_image, c->hw.gpu_vendor, &rd.container);
	build_words(&rd);

	/* "$DS_CONFIG" in the arguments: a port pointed the old script's own config option at the one
	 * maple writes, in the form the program parses */
	const char *dsc = request_ds_config(r);
	bool own = dsc && !strcmp(dsc, "$DS_CONFIG");
	bool gen_ds = r->framework == FW_DEEPSPEED && (!dsc || own);
	bool hf = hf_style(r) || (own && !request_has_arg(r, "--deepspeed_config") && !request_has_arg(r, "--deepspeed-config"));
	if (r->framework == FW_DEEPSPEED && !gen_ds)
		request_warn(r, "the script's arguments already name a DeepSpeed config; maple does not write one");
	if (gen_ds && !own)
		strbuf_adds(&rd.ds_args, hf ? "--deepspeed \"$DS_CONFIG\"" : "--deepspeed --deepspeed_config \"$DS_CONFIG\"");
	/* the user's own config (accelerate launch --config_file FILE, kept by a port): its settings stay the
	 * user's; maple's strategy flags only where the request text chose the strategy */
	for (size_t i = 0; r->framework == FW_ACCELERATE && i < r->launcher_args.nr; i++)
		add_word(&rd.acc_flags, &r->launcher_args.v[i], opts);
	if (r->framework == FW_ACCELERATE && (!r->launcher_args.nr || r->strategy_chosen)) {
		const char *sep = rd.acc_flags.len ? " " : "";
		if (r->strategy == ST_FSDP)
			strbuf_addf(&rd.acc_flags, "%s--use_fsdp --fsdp_sharding_strategy FULL_SHARD", sep);
		else if (rd.zero_stage)
			strbuf_addf(&rd.acc_flags, "%s--use_deepspeed --zero_stage %d --deepspeed_multinode_launcher standard",
				    sep, rd.zero_stage);
		else if (r->total_gpus > 1)
			strbuf_addf(&rd.acc_flags, "%s--multi_gpu", sep);
	}

	strbuf_grow(out, 4096); /* room for a whole script at once: no copies as it grows (--batch) */
	size_t script_start = out->len;
	strbuf_adds(out, "#!/bin/bash\n");
	struct strbuf line = STRBUF_INIT;
	for (size_t i = 0; i < c->nheader + t->nheader; i++) {
		const struct sourced_line *h = i < c->nheader ? &c->header[i] : &t->header[i - c->nheader];
		strbuf_reset(&line);
		if (render_text(&rd, h->text, &line))
			strbuf_addln(out, line.buf);
	}
	for (size_t i = 0; rd.route && i < rd.route->nheader; i++) {
		strbuf_reset(&line);
		if (render_text(&rd, rd.route->header[i].text, &line))
			strbuf_addln(out, line.buf);
	}
	size_t header_end = out->len;
	strbuf_addf(out, "\n# Generated by maple %s for %s (%s).\n", MAPLE_VERSION, c->name, c->id);
	strbuf_addf(out, "# %d node%s x %d GPU%s = %d GPU%s; %s %s; template %s (%s, %s).\n", r->nodes,
		    r->nodes == 1 ? "" : "s", r->gpus_per_node, r->gpus_per_node == 1 ? "" : "s", r->total_gpus,
		    r->total_gpus == 1 ? "" : "s", framework_name(r->framework),
		    r->strategy_from_config ? "(strategy: your config's, not read)" : strategy_name(r->strategy), t->id,
		    t->reliability, t->source);
	if (c->node_type && c->nnode_types > 1)
		strbuf_addf(out, "# Node type %s: %dx %s, %d GB each (backend %s).\n", c->node_type->id,
			    c->hw.gpus_per_node, c->hw.gpu_model, c->hw.gpu_memory_gb, c->node_type->backend);
	/* a size asked that no node type has exactly, met by larger GPUs ("80GB" on Stampede3's 96 GB H100s) */
	struct strbuf size_note = STRBUF_INIT;
	if (node_type_size_note(c, c->node_type, r->gpu_model, &size_note))
		request_warn(r, "%s", size_note.buf);
	strbuf_release(&size_note);
	if (rd.account_placeholder)
		strbuf_adds(out, "# EDIT: replace YOUR_ACCOUNT above with your project/allocation name.\n");
	if (c->nsetup) {
		section(out, "job set-up");
		for (size_t i = 0; i < c->nsetup; i++)
			strbuf_addln(out, c->setup[i].text);
	}
	write_software(c, t, r, opts, out);
	if (c->nenv) {
		section(out, "communication settings (sources: maple clusters ID)");
		for (size_t i = 0; i < c->nenv; i++) { /* appended piece by piece: a format costs ~1,000 instructions */
			strbuf_adds(out, "export ");
			strbuf_adds(out, c->env[i].name);
			strbuf_addch(out, '=');
			strbuf_adds(out, c->env[i].value);
			strbuf_addch(out, '\n');
		}
	}
	if (r->env_names.nr) {
		section(out, "application environment");
		for (size_t i = 0; i < r->env_names.nr; i++) {
			const struct shword *v = &r->env_values.v[i];
			if (v->flags & SHW_ARRAY_VALUE) {
				/* an array is never passed to a child process: one the program's arguments index
				 * ("${LRS[0]}") is empty in a per-task shell */
				char ref[160];
				snprintf(ref, sizeof(ref), "${%s[", r->env_names.v[i]);
				bool task_shell = t && t->body && strstr(t->body, "bash -c"); /* the tasks' own shell */
				for (size_t k = 0; task_shell && k < r->args.nr; k++)
					if (r->args.v[k].raw && strstr(r->args.v[k].raw, ref)) {
						request_warn(r, "the program's arguments index the array %s, which the job's tasks do "
								"not inherit (bash exports no arrays): pick the element into a plain "
								"variable before the launch (X=${%s[N]}) and pass $X",
							     r->env_names.v[i], r->env_names.v[i]);
						break;
					}
			}
			if ((v->flags & SHW_ARRAY_VALUE) && write_array(r->env_names.v[i], v, out))
				continue;
			if (v->flags & SHW_ARRAY_VALUE)
				request_warn(r, "%s is an array in the old script, and its elements hold quotes or expansions "
						"maple cannot split back: it is written as one string; write the array by hand",
					     r->env_names.v[i]);
			strbuf_addf(out, "export %s=", r->env_names.v[i]);
			if (v->nsegs == 1 && v->segs[0].kind == SEG_LIT && !v->segs[0].text[0])
				strbuf_adds(out, "''");
			else if (v->nsegs == 1 && v->segs[0].kind == SEG_VAR && !strcmp(v->segs[0].text, "@"))
				strbuf_adds(out, "\"$*\""); /* args="$@" in a string is "$*": the same words, joined */
			else if (args_slice(v->raw))
				strbuf_addf(out, "\"${*:%s\"", args_slice(v->raw)); /* PY_ARGS=${@:5}: "${*:5}", the same */
			else
				shword_quote(v, out, opts->allow_shell);
			strbuf_addch(out, '\n');
			if (!opts->allow_shell && (v->flags & (SHW_META | SHW_SUBST)))
				request_warn(r, "%s=%s: a command substitution or shell operator was written as plain text "
						"(use --allow-shell to keep it live)",
					     r->env_names.v[i], v->raw);
		}
	}
	if (gen_ds) {
		section(out, "DeepSpeed configuration");
		const char *jobid = c->scheduler == SCHED_PBS ? "${PBS_JOBID%%.*}" : "${SLURM_JOB_ID}";
		strbuf_addf(out, "DS_CONFIG=\"$PWD/ds_config_zero%d_%s.json\"\nexport DS_CONFIG\n", rd.zero_stage, jobid);
		strbuf_adds(out, "cat > \"$DS_CONFIG\" <<'MAPLE_DS_CONFIG'\n");
		deepspeed_config_json(c, r, rd.zero_stage, hf, out);
		strbuf_adds(out, "MAPLE_DS_CONFIG\n");
		if (!hf && !batch_size_arg(r))
			request_warn(r, "the DeepSpeed config uses a micro-batch of 1 per GPU; edit "
					"train_micro_batch_size_per_gpu in the script to your batch size");
	}
	if (r->pre_steps.nr) {
		section(out, "steps of the old job before the training (carried over)");
		for (size_t i = 0; i < r->pre_steps.nr; i++)
			strbuf_addln(out, r->pre_steps.v[i]);
	}
	required_variables(c, r, opts ? opts->hints : NULL, out);
	section(out, "launch");
	strbuf_reset(&line);
	render_text(&rd, t->body, &line);
	if (r->tune_run && tune_run_launch(&rd, c, t, r, &line, err) < 0) {
		strbuf_release(&line);
		render_release(&rd);
		return -1;
	}
	if (put_wrapper(&rd, t, &line, err) < 0) {
		strbuf_release(&line);
		render_release(&rd);
		return -1;
	}
	if (rd.route && !strstr(t->body, "{{container}}")) {
		strbuf_release(&line);
		render_release(&rd);
		return errorf(err, "%s:%d: template %s has no {{container}} place for the %s container: maple cannot run "
				   "this job in a container on %s",
			      t->file, t->body_line, t->id, rd.route->runtime, c->id);
	}
	if (rd.missing_value) {
		strbuf_release(&line);
		render_release(&rd);
		return errorf(err, "%s:%d: the template body uses a placeholder with no value for this request", t->file,
			      t->body_line);
	}
	if (rd.positional_in_single)
		forward_positional(&line);
	strbuf_adds(out, line.buf);
	if (!(line.len && line.buf[line.len - 1] == '\n'))
		strbuf_addch(out, '\n');
	if (r->post_steps.nr) {
		section(out, "steps of the old job after the training (carried over)");
		for (size_t i = 0; i < r->post_steps.nr; i++)
			strbuf_addln(out, r->post_steps.v[i]);
	}
	if (rd.fs_pending)
		synth_fill_filesystems(c, out, script_start, header_end);
	strbuf_release(&line);
	render_release(&rd);
	return 0;
}
