/* setupcfg.c - a setuptools setup.cfg (INI): the console scripts it declares under
 * [options.entry_points] console_scripts (`mace_run_train = mace.cli.run_train:main`, one per
 * continuation line), as pyscan records setup.py's, and the packages of install_requires. */
#include "setupcfg.h"

#include <ctype.h>
#include <stdbool.h>
#include <string.h>

static json_t *strn(const char *a, const char *b)
{
	while (a < b && isspace((unsigned char)*a))
		a++;
	while (b > a && isspace((unsigned char)b[-1]))
		b--;
	return json_stringn(a, (size_t)(b - a));
}

/* "name = module.path:function" between a and b into out as [name, target, line] */
static void add_script(json_t *out, const char *a, const char *b, int line)
{
	const char *eq = memchr(a, '=', (size_t)(b - a));
	if (!eq || !memchr(eq, ':', (size_t)(b - eq)))
		return;
	json_t *name = strn(a, eq), *target = strn(eq + 1, b);
	if (json_string_length(name) && json_string_length(target))
		json_array_append_new(out, json_pack("[o,o,i]", name, target, line));
	else {
		json_decref(name);
		json_decref(target);
	}
}

json_t *setupcfg_scan(const char *data, size_t len)
{
	json_t *eps = json_array();
	const char *p = data, *end = data + len;
	int line = 0;
	bool in_ep = false, in_cs = false;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *a = p, *b = nl ? nl : end;
		p = nl ? nl + 1 : end;
		line++;
		if (b > a && b[-1] == '\r')
			b--;
		const char *t = a;
		while (t < b && (*t == ' ' || *t == '\t'))
			t++;
		if (t == b || *t == '#' || *t == ';')
			continue;
		if (t == a && *t == '[') { /* a section */
			in_ep = b - t >= 22 && !strncmp(t, "[options.entry_points]", 22);
			in_cs = false;
			continue;
		}
		if (!in_ep)
			continue;
		if (t == a) { /* a key of the section: console_scripts = [first on the same line] */
			const char *eq = memchr(t, '=', (size_t)(b - t));
			in_cs = eq && eq - t >= 15 && !strncmp(t, "console_scripts", 15);
			if (in_cs && eq + 1 < b)
				add_script(eps, eq + 1, b, line);
			continue;
		}
		if (in_cs) /* a continuation line */
			add_script(eps, t, b, line);
	}
	json_t *out = json_object();
	json_object_set_new(out, "entry_points", eps);
	return out;
}
