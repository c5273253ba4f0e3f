/* setupcfg.h - the console scripts of a setuptools setup.cfg (setupcfg.c). */
#ifndef MAPLE_INSPECT_SETUPCFG_H
#define MAPLE_INSPECT_SETUPCFG_H

#include <jansson.h>
#include <stddef.h>

/* {"entry_points": [[name, "module:function", line], ...]}: the shape pyscan gives setup.py's */
json_t *setupcfg_scan(const char *data, size_t len);

#endif
