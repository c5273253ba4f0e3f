/* rodata.h - whether a pointer lies in the program's own read-only loaded segments (its string
 * constants): text there never changes, so a cache keyed by such an address needs no copy of it. */
#ifndef MAPLE_RODATA_H
#define MAPLE_RODATA_H

#include <stdbool.h>

/* True when p is inside a loaded, never-writable segment of the main program (a string literal); false
 * for anything else (heap, stack, data, other libraries), and whenever that cannot be found out. */
bool in_program_rodata(const void *p);

#endif
