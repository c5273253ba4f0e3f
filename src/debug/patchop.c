/* patchop.c - the table of patch operations (names, fields) and the checks shared by the knowledge
 * base and the LLM answer reader. */
#include "patchop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define B(f) (1u << (f))

static const struct {
	const char *name;
	unsigned required, optional;
	const char *help; /* for the LLM prompt */
} ops[PK_COUNT] = {
	[PK_SET_ENV] = {"set_env", B(PF_NAME) | B(PF_VALUE), 0,
			"export NAME=value before the launch line (replaces an existing assignment)"},
	[PK_UNSET_ENV] = {"unset_env", B(PF_NAME), 0, "remove assignments/exports of NAME (or unset it before the launch)"},
	[PK_SET_LAUNCHER_OPTION] = {"set_launcher_option", B(PF_LAUNCHER) | B(PF_OPTION), B(PF_VALUE),
				    "set or replace an option of that launcher on the main launch line (value absent = a flag)"},
	[PK_REMOVE_LAUNCHER_OPTION] = {"remove_launcher_option", B(PF_LAUNCHER) | B(PF_OPTION), 0,
				       "remove the option (and its value) from that launcher"},
	[PK_ADD_MODULE] = {"add_module", B(PF_NAME), 0, "module load NAME after the last module line"},
	[PK_SWAP_MODULE] = {"swap_module", B(PF_FROM) | B(PF_TO), 0, "replace module load FROM by TO"},
	[PK_REMOVE_MODULE] = {"remove_module", B(PF_NAME), 0, "remove module load NAME"},
	[PK_SET_DIRECTIVE] = {"set_directive", B(PF_OPTION), B(PF_VALUE),
			      "set a scheduler directive (Slurm long name without dashes: time, nodes, gpus-per-node; "
			      "PBS: walltime, select, place, filesystems, queue, account)"},
	[PK_SET_PROGRAM_ARG] = {"set_program_arg", B(PF_OPTION), B(PF_VALUE),
				"set or replace an argument of the training program (--batch-size 8)"},
	[PK_REMOVE_PROGRAM_ARG] = {"remove_program_arg", B(PF_OPTION), 0, "remove an argument of the training program"},
	[PK_SET_BACKEND] = {"set_backend", B(PF_VALUE), 0, "process-group backend: nccl gloo ccl xccl mpi"},
	[PK_SET_MASTER_PORT] = {"set_master_port", B(PF_VALUE), 0,
				"MASTER_PORT / --master_port / rdzv port: a number, or job (derived from the job id)"},
	[PK_SET_MASTER_ADDR] = {"set_master_addr", B(PF_VALUE), 0, "value first-node: MASTER_ADDR = first node of the job"},
	[PK_SET_NODE_RANK] = {"set_node_rank", B(PF_VALUE), 0, "value per-node: node rank taken per task"},
	[PK_CHANGE_DIR] = {"change_dir", B(PF_PATH), 0, "cd PATH || exit 1 before the launch"},
	[PK_MAKE_DIR] = {"make_dir", B(PF_PATH), 0, "mkdir -p PATH before the launch"},
	[PK_EXPAND_DIRECTIVE_VARS] = {"expand_directive_vars", 0, 0,
				      "write into #SBATCH/#PBS lines the literal value the script gives each $VARIABLE "
				      "used there (the scheduler does not expand them)"},
};

static const char *const field_names[PF_COUNT] = {"name", "launcher", "option", "value", "from", "to", "path"};

const char *const patch_launchers[] = {"srun",	   "mpiexec",	 "mpirun", "ibrun", "torchrun",
				       "deepspeed", "accelerate", "python", NULL};
const char *const patch_backends[] = {"nccl", "gloo", "ccl", "xccl", "mpi", NULL};

const char *patch_kind_name(enum patch_kind k)
{
	return k < PK_COUNT ? ops[k].name : "?";
}

int patch_kind_from_name(const char *name)
{
	for (int i = 0; i < PK_COUNT; i++)
		if (!strcmp(ops[i].name, name))
			return i;
	return -1;
}

const char *patch_field_name(enum patch_field f)
{
	return f < PF_COUNT ? field_names[f] : "?";
}

int patch_field_from_name(const char *name)
{
	for (int i = 0; i < PF_COUNT; i++)
		if (!strcmp(field_names[i], name))
			return i;
	return -1;
}

bool patch_field_allowed(enum patch_kind k, enum patch_field f)
{
	return k < PK_COUNT && ((ops[k].required | ops[k].optional) & B(f));
}

bool patch_field_required(enum patch_kind k, enum patch_field f)
{
	return k < PK_COUNT && (ops[k].required & B(f));
}

static bool in_list(const char *const *l, const char *s)
{
	for (; *l; l++)
		if (!strcmp(*l, s))
			return true;
	return false;
}

static bool is_env_name(const char *s)
{
	if (!((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') || *s == '_'))
		return false;
	return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") == strlen(s);
}

static bool has_control(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 && *p != '\t')
			return true;
	return false;
}

static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

int patch_check_placeholders(const char *value, struct maple_error *err)
{
	for (const char *p = strchr(value, '{'); p; p = strchr(p + 1, '{')) {
		if (p > value && p[-1] == '$')
			continue; /* ${VAR}: the shell's */
		const char *close = strchr(p, '}');
		size_t n = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz_");
		if (!n)
			continue; /* not a placeholder ({} or {1,2}) */
		if (!close)
			return errorf(err, "placeholder '%.30s' has no closing '}'", p);
		const char *name = p + 1;
		if (n == 11 && !strncmp(name, "profile_env", 11)) {
			if (name[n] != ':')
				return errorf(err, "write {profile_env:NAME} or {profile_env:NAME|DEFAULT}");
			const char *v = name + n + 1;
			size_t vn = strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_");
			if (!vn || (v[vn] != '|' && v[vn] != '}'))
				return errorf(err, "{profile_env:...} needs a variable name, then '|DEFAULT' or '}'");
			continue;
		}
		if (name[n] != '}')
			continue; /* {word other text}: literal */
		static const char *const known[] = {"gpus_per_node", "nodes", "world_size", "cluster", NULL};
		bool ok = false;
		for (const char *const *k = known; *k && !ok; k++)
			ok = strlen(*k) == n && !strncmp(*k, name, n);
		if (!ok)
			return errorf(err,
				      "unknown placeholder '{%.*s}' (known: {gpus_per_node} {nodes} {world_size} {cluster} "
				      "{profile_env:NAME|DEFAULT})",
				      (int)n, name);
	}
	return 0;
}

static bool is_option(const char *s, bool dashes)
{
	if (dashes) {
		if (s[0] != '-')
			return false;
		s += s[1] == '-' ? 2 : 1;
	}
	if (!*s || !strchr(alnum, *s))
		return false;
	return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") == strlen(s);
}

static bool is_module_name(const char *s)
{
	return *s && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.+/:@-{}|") == strlen(s);
}

int patch_op_check(const struct patch_op *op, struct maple_error *err)
{
	if (op->kind >= PK_COUNT)
		return errorf(err, "unknown operation");
	const char *k = ops[op->kind].name;
	for (int f = 0; f < PF_COUNT; f++) {
		if (op->f[f] && !patch_field_allowed(op->kind, (enum patch_field)f))
			return errorf(err, "%s: field '%s' is not one of this operation's fields", k, field_names[f]);
		if (!op->f[f] && patch_field_required(op->kind, (enum patch_field)f))
			return errorf(err, "%s: field '%s' is missing", k, field_names[f]);
		if (op->f[f] && has_control(op->f[f]))
			return errorf(err, "%s: field '%s' contains a newline or control character", k, field_names[f]);
		if (op->f[f] && !*op->f[f] && f != PF_VALUE)
			return errorf(err, "%s: field '%s' is empty", k, field_names[f]);
		if (op->f[f]) {
			struct maple_error e2;
			if (patch_check_placeholders(op->f[f], &e2) < 0)
				return errorf(err, "%s: field '%s': %s", k, field_names[f], e2.text);
		}
	}
	const char *name = op->f[PF_NAME], *value = op->f[PF_VALUE], *opt = op->f[PF_OPTION];
	switch (op->kind) {
	case PK_SET_ENV:
	case PK_UNSET_ENV:
		if (!is_env_name(name))
			return errorf(err, "%s: field 'name': '%s' is not an environment variable name ([A-Za-z_][A-Za-z0-9_]*)",
				      k, name);
		break;
	case PK_SET_LAUNCHER_OPTION:
	case PK_REMOVE_LAUNCHER_OPTION:
		if (!in_list(patch_launchers, op->f[PF_LAUNCHER]))
			return errorf(err,
				      "%s: field 'launcher': '%s' is not a launcher (srun mpiexec mpirun ibrun torchrun "
				      "deepspeed accelerate python)",
				      k, op->f[PF_LAUNCHER]);
		/* fall through */
	case PK_SET_PROGRAM_ARG:
	case PK_REMOVE_PROGRAM_ARG:
		if (!is_option(opt, true))
			return errorf(err, "%s: field 'option': '%s' is not an option spelling ('--name' or '-n')", k, opt);
		break;
	case PK_ADD_MODULE:
	case PK_REMOVE_MODULE:
		if (!is_module_name(name))
			return errorf(err, "%s: field 'name': '%s' is not a module name", k, name);
		break;
	case PK_SWAP_MODULE:
		if (!is_module_name(op->f[PF_FROM]))
			return errorf(err, "%s: field 'from': '%s' is not a module name", k, op->f[PF_FROM]);
		if (!is_module_name(op->f[PF_TO]))
			return errorf(err, "%s: field 'to': '%s' is not a module name", k, op->f[PF_TO]);
		break;
	case PK_SET_DIRECTIVE:
		if (!is_option(opt, false))
			return errorf(err,
				      "%s: field 'option': '%s' is not a directive name (the long name without dashes: "
				      "time, nodes, walltime, select)",
				      k, opt);
		break;
	case PK_SET_BACKEND:
		if (!in_list(patch_backends, value))
			return errorf(err, "%s: field 'value': '%s' is not a backend (nccl gloo ccl xccl mpi)", k, value);
		break;
	case PK_SET_MASTER_PORT: {
		char *end;
		long port = strtol(value, &end, 10);
		if (strcmp(value, "job") && (!*value || *end || port < 1 || port > 65535))
			return errorf(err, "%s: field 'value': '%s' is not a port (1-65535) or 'job'", k, value);
		break;
	}
	case PK_SET_MASTER_ADDR:
		if (strcmp(value, "first-node"))
			return errorf(err, "%s: field 'value': '%s' is not supported (use first-node)", k, value);
		break;
	case PK_SET_NODE_RANK:
		if (strcmp(value, "per-node"))
			return errorf(err, "%s: field 'value': '%s' is not supported (use per-node)", k, value);
		break;
	default:
		break;
	}
	return 0;
}

int patch_op_from_json(const json_t *obj, struct arena *a, struct patch_op *op, struct maple_error *err)
{
	memset(op, 0, sizeof(*op));
	if (!json_is_object(obj))
		return errorf(err, "an operation must be an object with an \"op\" field");
	const json_t *jk = json_object_get(obj, "op");
	if (!json_is_string(jk))
		return errorf(err, "an operation has no \"op\" string");
	int kind = patch_kind_from_name(json_string_value(jk));
	if (kind < 0)
		return errorf(err, "unknown operation '%s'", json_string_value(jk));
	op->kind = (enum patch_kind)kind;
	const char *key;
	json_t *v;
	json_object_foreach((json_t *)obj, key, v)
	{
		if (!strcmp(key, "op"))
			continue;
		int f = patch_field_from_name(key);
		if (f < 0 || !patch_field_allowed(op->kind, (enum patch_field)f))
			return errorf(err, "%s: field '%s' is not one of this operation's fields", ops[kind].name, key);
		char buf[32];
		const char *s = NULL;
		if (json_is_string(v))
			s = json_string_value(v);
		else if (json_is_integer(v)) {
			snprintf(buf, sizeof(buf), "%lld", (long long)json_integer_value(v));
			s = buf;
		} else if (json_is_null(v))
			continue;
		else
			return errorf(err, "%s: field '%s' must be a string", ops[kind].name, key);
		op->f[f] = arena_strdup(a, s);
	}
	return patch_op_check(op, err);
}

json_t *patch_op_to_json(const struct patch_op *op)
{
	json_t *o = json_object();
	json_object_set_new(o, "op", json_string(patch_kind_name(op->kind)));
	for (int f = 0; f < PF_COUNT; f++)
		if (op->f[f])
			json_object_set_new(o, field_names[f], json_string(op->f[f]));
	return o;
}

void patch_ops_describe(struct strbuf *out)
{
	for (int k = 0; k < PK_COUNT; k++) {
		strbuf_addf(out, "- {\"op\": \"%s\"", ops[k].name);
		for (int f = 0; f < PF_COUNT; f++)
			if (ops[k].required & B(f))
				strbuf_addf(out, ", \"%s\": ...", field_names[f]);
		for (int f = 0; f < PF_COUNT; f++)
			if (ops[k].optional & B(f))
				strbuf_addf(out, ", \"%s\": ... (optional)", field_names[f]);
		strbuf_addf(out, "}: %s\n", ops[k].help);
	}
}
