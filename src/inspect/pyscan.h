/* pyscan.h - a small tokenizer-level scanner of Python source: what a file imports, whether it has
 * a `__main__` guard, the calls that matter to a training job (argparse/click options,
 * from_pretrained, model and dataset constructors, DDP/FSDP/DeepSpeed/Accelerate/Lightning set-up,
 * TrainingArguments, checkpoint saving) with their literal arguments, @dataclass fields with
 * defaults and module-level literal assignments. Nothing is executed or imported. */
#ifndef MAPLE_INSPECT_PYSCAN_H
#define MAPLE_INSPECT_PYSCAN_H

#include <jansson.h>
#include <stddef.h>

/* Scans src (len bytes, need not be NUL-terminated) and returns a new JSON object:
 *   imports:  [[module, line], ...]        ("from a.b import c" gives "a.b" and "a.b.c")
 *   aliases:  {local name: qualified name}  (import x as y, from a import b as c)
 *   main:     line of `if __name__ == "__main__":` (absent when none)
 *   calls:    [{name, full, line, args: [v...], kw: {k: v}}]   (only calls of interest)
 *   fields:   [{cls, name, default, line}]   (@dataclass fields with a literal default)
 *   assigns:  [{name, value, line}]           (module-level NAME = literal)
 *   sigs:     {function: [{name, value, line}]} (a module-level def's literal keyword defaults)
 * A value is the literal (string, number, true/false/null), {"ref": "dotted.name"} or
 * {"expr": "source text"}. */
json_t *pyscan(const char *src, size_t len);
/* true when a part of s (a name, a string, a config key) speaks of a numeric precision: use_amp,
 * GradScaler, --fp16, bfloat16, half, float64, mixed_precision (pyscan_words.c) */
#include <stdbool.h>
bool pyscan_precision_text(const char *s, size_t len);

#endif
